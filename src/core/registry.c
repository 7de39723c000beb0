// The registries of rule sets and shot models. The core lists none itself: they are registered
// from above (src/rules/registry.c for the built-in ones, a test's own table in tests/), once,
// before any game is made and before threads start.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_internal.h"
#include "tinwar/record.h"
#include "tinwar/registry.h"
#include "tinwar/ruleset.h"
#include "tinwar/shot.h"

#define MAX_RULESETS 32
static const tw_ruleset *g_rulesets[MAX_RULESETS]; // a copy of the list given: the caller's may go
static int g_nrulesets;

#define MAX_SHOT_MODELS 8
static const tw_shot_model *g_models[MAX_SHOT_MODELS];
static int g_nmodels;

// A rule set's record tables and phase names are code: a table that does not match its structs
// (a field read wider or narrower than its member, misplaced, overlapping) would corrupt every
// state silently, and a phase without a name would be shown as nothing, so either stops the
// program at registration, naming what is wrong.
static void check_records(const tw_ruleset *rs)
{
	for (int i = 0; rs->phase_names && i <= rs->phase_max; i++)
		if (!rs->phase_names[i]) { // the page and the terminal name every phase by this list
			fprintf(stderr, "tinwar: rule set %s names no phase %d (phase_max %d)\n", rs->name, i, rs->phase_max);
			abort();
		}
	for (int k = 0; k < TW_REC_KIND_COUNT; k++) {
		tw_error err;
		tw_error_clear(&err);
		if (!tw_record_def_check(rs->records[k], &err)) {
			fprintf(stderr, "tinwar: rule set %s, record %d: %s\n", rs->name, k, err.message);
			abort();
		}
	}
}

void tw_register_rulesets(const tw_ruleset *const *list, int n)
{
	g_nrulesets = 0;
	for (int i = 0; list && i < n && i < MAX_RULESETS; i++) {
		if (list[i])
			check_records(list[i]);
		tw_rec_hide_plans_note(g_nrulesets, list[i] ? list[i]->records : NULL);
		g_rulesets[g_nrulesets++] = list[i];
	}
}

bool tw_register_shot_model(const tw_shot_model *m)
{
	if (!m)
		return false;
	for (int i = 0; i < g_nmodels; i++)
		if (g_models[i] == m || strcmp(g_models[i]->name, m->name) == 0)
			return true;
	if (g_nmodels == MAX_SHOT_MODELS)
		return false;
	g_models[g_nmodels++] = m;
	return true;
}

const tw_shot_model *tw_shot_model_find(const char *name)
{
	if (!name)
		return NULL;
	const tw_shot_model *fast = tw_shot_model_fast();
	if (strcmp(fast->name, name) == 0)
		return fast;
	for (int i = 0; i < g_nmodels; i++)
		if (strcmp(g_models[i]->name, name) == 0)
			return g_models[i];
	return NULL;
}

int tw_ruleset_count(void) { return g_nrulesets; }

const tw_ruleset *tw_ruleset_get(int index) { return (index >= 0 && index < g_nrulesets) ? g_rulesets[index] : NULL; }

int tw_ruleset_find(const char *name)
{
	if (!name)
		return -1;
	for (int i = 0; i < g_nrulesets; i++)
		if (strcmp(g_rulesets[i]->name, name) == 0)
			return i;
	return -1;
}

int tw_ruleset_param(const tw_ruleset *rs, const char *name)
{
	for (int i = 0; i < rs->nparams; i++)
		if (strcmp(rs->params[i].name, name) == 0)
			return i;
	return -1;
}

const tw_order_def *tw_ruleset_orders(const tw_ruleset *rs, int *n)
{
	*n = 0;
	if (!rs)
		return NULL;
	if (rs->norders > 0 && rs->orders) {
		*n = rs->norders;
		return rs->orders;
	}
	return NULL;
}

void tw_ruleset_defaults(const tw_ruleset *rs, tw_state *s)
{
	for (int i = 0; i < TW_MAX_PARAMS; i++)
		s->params[i] = i < rs->nparams ? rs->params[i].def : 0;
}

tw_status tw_scenario_generate(tw_state *s, const char *ruleset, uint64_t seed, double width, double depth,
			       tw_error *err)
{
	int idx = tw_ruleset_find(ruleset);
	if (idx < 0)
		return tw_error_set(err, TW_ERR_INPUT, "", "unknown rule set '%s'", ruleset);
	const tw_ruleset *rs = tw_ruleset_get(idx);
	if (!rs->generate)
		return tw_error_set(err, TW_ERR_STATE, "", "rule set %s cannot generate scenarios", ruleset);
	return rs->generate(s, seed, width, depth, err);
}

tw_status tw_scenario_generate_variant(tw_state *s, const char *ruleset, uint64_t seed, double width, double depth,
				       const char *variant, tw_error *err)
{
	int idx = tw_ruleset_find(ruleset);
	if (idx < 0)
		return tw_error_set(err, TW_ERR_INPUT, "", "unknown rule set '%s'", ruleset);
	const tw_ruleset *rs = tw_ruleset_get(idx);
	if (!rs->generate_variant || !rs->variants)
		return tw_error_set(err, TW_ERR_STATE, "", "rule set %s generates no named kinds of scenario", ruleset);
	char names[256] = "";
	for (int i = 0; rs->variants[i]; i++) {
		if (variant && strcmp(rs->variants[i], variant) == 0)
			return rs->generate_variant(s, seed, width, depth, variant, err);
		size_t l = strlen(names);
		snprintf(names + l, sizeof names - l, "%s%s", i ? ", " : "", rs->variants[i]);
	}
	return tw_error_set(err, TW_ERR_INPUT, "", "rule set %s generates no '%s' scenario (it has: %s)", ruleset,
			    variant ? variant : "", names);
}

// ---- seats and decisions ----

int tw_state_decisions(const tw_state *s, tw_decision *out, int max)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	if (!rs || s->over || max <= 0)
		return 0;
	if (!rs->decisions) {
		int side = rs->to_move ? rs->to_move(s) : -1;
		if (side < 0)
			return 0;
		memset(&out[0], 0, sizeof out[0]);
		out[0].seat = (int8_t)side;
		memcpy(out[0].kind, "act", 4);
		// "%s to act", as snprintf writes it (cut to the buffer, always ended), without its
		// format machinery (s31: asked before every decision of a game played out)
		const char *name = side < s->nsides ? s->sides[side].name : "?";
		size_t room = sizeof out[0].prompt - 1, n = strnlen(name, room);
		memcpy(out[0].prompt, name, n);
		size_t m = sizeof " to act" - 1 < room - n ? sizeof " to act" - 1 : room - n;
		memcpy(out[0].prompt + n, " to act", m);
		out[0].prompt[n + m] = 0;
		return 1;
	}
	tw_decision all[TW_MAX_DECISIONS];
	int n = rs->decisions(s, all, TW_MAX_DECISIONS), k = 0;
	for (int i = 0; i < n && i < TW_MAX_DECISIONS && k < max; i++) {
		// A seat whose secret choice is in is not asked again until the choices are revealed.
		if (all[i].seat >= 0 && all[i].seat < TW_MAX_SIDES && (s->sealed_mask & (1u << all[i].seat)))
			continue;
		out[k++] = all[i];
	}
	return k;
}

uint32_t tw_state_actors(const tw_state *s)
{
	tw_decision d[TW_MAX_DECISIONS];
	int n = tw_state_decisions(s, d, TW_MAX_DECISIONS);
	uint32_t m = 0;
	for (int i = 0; i < n; i++) {
		if (d[i].seat >= 0 && d[i].seat < TW_MAX_SIDES)
			m |= 1u << d[i].seat;
		else if (d[i].seat == TW_SEAT_UMPIRE)
			m |= 1u << 31;
	}
	return m;
}

bool tw_allied(const tw_state *s, int a, int b)
{
	if (a < 0 || b < 0 || a >= s->nsides || b >= s->nsides)
		return false;
	return tw_side_alliance(s, a) == tw_side_alliance(s, b);
}

// ---- figure statuses: the generic ones and the rule set's (figure.h) ----

static const tw_status_def *status_def(const tw_state *s, int status)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	int i = status - TW_FS_RULESET;
	return rs && i >= 0 && i < rs->nstatuses ? &rs->statuses[i] : NULL;
}

const char *tw_status_name(const tw_state *s, int status)
{
	if (status >= 0 && status < TW_FS_GENERIC_COUNT)
		return tw_figure_status_name((tw_figure_status)status);
	const tw_status_def *d = status_def(s, status);
	return d ? d->name : "?";
}

int tw_status_find(const tw_state *s, const char *name)
{
	int g = tw_figure_status_from_name(name);
	if (g >= 0)
		return g;
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	for (int i = 0; rs && i < rs->nstatuses; i++)
		if (strcmp(rs->statuses[i].name, name) == 0)
			return TW_FS_RULESET + i;
	return -1;
}

int tw_status_base(const tw_state *s, int status)
{
	if (status >= 0 && status < TW_FS_GENERIC_COUNT)
		return status;
	const tw_status_def *d = status_def(s, status);
	return d ? d->base : TW_FS_DEAD;
}

int tw_status_look(const tw_state *s, int status)
{
	const tw_status_def *d = status_def(s, status);
	return d ? d->look : TW_LOOK_PLAIN;
}

bool tw_figure_on_table(const tw_state *s, const tw_figure *f)
{
	int b = tw_status_base(s, f->status);
	return b == TW_FS_ACTIVE || b == TW_FS_OUT;
}

void tw_figure_look(const tw_state *s, const tw_figure *f, tw_look *out)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	if (rs && rs->look) {
		rs->look(s, f, out);
		return;
	}
	out->look = (uint8_t)tw_status_look(s, f->status);
	out->link = -1;
	out->colour = -1;
}

int tw_state_pieces(const tw_state *s, int seat, tw_piece *out, int max)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	if (!rs || !rs->pieces || !out || max <= 0)
		return 0;
	int n = rs->pieces(s, seat, out, max);
	return n < 0 ? 0 : n > max ? max : n;
}

bool tw_figure_held(const tw_state *s, const tw_figure *f) { return tw_status_look(s, f->status) == TW_LOOK_HELD; }

bool tw_figure_kept(const tw_state *s, const tw_figure *f)
{
	int b = tw_status_base(s, f->status);
	return (b == TW_FS_ACTIVE || b == TW_FS_OUT || b == TW_FS_OFF) && !tw_figure_held(s, f);
}

const char *tw_phase_name(const tw_state *s)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	if (rs && rs->phase_names && s->phase >= 0 && s->phase <= rs->phase_max)
		return rs->phase_names[s->phase];
	return s->phase == 0 ? "setup" : "play";
}
