// Science versus Luck scene builders and order helpers for tests (sv_scene.h).
#include "sv_scene.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "rules/svl/sv.h"
#include "tinwar/physics.h"

void svt_register(void)
{
	extern const tw_ruleset tw_ruleset_littlewars, tw_ruleset_grant, tw_ruleset_rattle;
	static const tw_ruleset *const list[] = {&tw_ruleset_littlewars, &tw_ruleset_grant, &tw_ruleset_rattle,
						 &tw_ruleset_svl};
	tw_register_builtin();
	tw_register_rulesets(list, 4);
}

tw_state *svt_scene(const char *model)
{
	svt_register();
	tw_state *s = calloc(1, sizeof *s);
	assert_non_null(s);
	assert_int_equal(tw_state_set_ruleset(s, tw_ruleset_find("svl")), TW_OK);
	tw_ruleset_defaults(&tw_ruleset_svl, s);
	tw_rng_seed(&s->rng, 1);
	s->table.width = 48;
	s->table.depth = 72;
	s->nsides = 2;
	strcpy(s->sides[0].name, "infantry");
	strcpy(s->sides[1].name, "cannon");
	tw_gun g = {.id = 0, .side = 1, .orig_side = 1, .model = tw_gun_model_find(model), .axle = {24, 3}};
	assert_non_null(tw_state_add_gun(s, &g));
	return s;
}

int svt_man(tw_state *s, double x, double y)
{
	tw_figure f = {.id = s->nfig, .kind = TW_FK_INFANTRY, .side = 0, .status = TW_FS_ACTIVE, .radius = 0.45,
		       .height = 1, .unit = -1, .pos = {x, y}};
	assert_non_null(tw_state_add_figure(s, &f));
	return f.id;
}

void svt_setup(tw_state *s)
{
	tw_error err = {0};
	if (tw_ruleset_svl.setup(s, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
}

void svt_free(tw_state *s)
{
	tw_state_free(s);
	free(s);
}

tw_order *svt_order(int type, int side)
{
	static tw_order *o;
	if (!o)
		o = malloc(sizeof *o);
	tw_order_init(o, type, side);
	return o;
}

tw_events svt_last;

tw_status svt_apply(tw_state *s, const tw_order *o, tw_error *err)
{
	tw_events_free(&svt_last);
	memset(&svt_last, 0, sizeof svt_last);
	return tw_state_apply(s, o, NULL, &svt_last, err);
}

void svt_ok(tw_state *s, const tw_order *o)
{
	tw_error err = {0};
	if (svt_apply(s, o, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
}

void svt_refused(tw_state *s, const tw_order *o, const char *clause)
{
	tw_error err = {0};
	uint64_t h = tw_state_hash(s);
	tw_status st = svt_apply(s, o, &err);
	if (st == TW_OK)
		fail_msg("accepted; %s expected", clause);
	assert_string_equal(err.clause, clause);
	assert_true(tw_state_hash(s) == h);
}

const tw_event *svt_find_ev(int type, const char *clause)
{
	for (int i = 0; i < svt_last.n; i++)
		if (svt_last.v[i].type == type && (!clause || strcmp(svt_last.v[i].clause, clause) == 0))
			return &svt_last.v[i];
	return NULL;
}

int svt_count_ev(int type, const char *clause)
{
	int n = 0;
	for (int i = 0; i < svt_last.n; i++)
		n += svt_last.v[i].type == type && (!clause || strcmp(svt_last.v[i].clause, clause) == 0);
	return n;
}
