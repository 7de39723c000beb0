// Lloyd order helpers for tests (ll_scene.h).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ll_scene.h"
#include "tinwar/lloyd.h"
#include "rules/lloyd/ll.h"

tw_events llt_ev;

void llt_register(void)
{
	tw_register_builtin(); // Lloyd is built in (ll-reg)
}

tw_order *llt_order(int type, int side)
{
	tw_order *o = calloc(1, sizeof *o);
	tw_order_init(o, type, side);
	return o;
}
void llt_dice(tw_order *o, int n, const int *faces)
{
	for (int i = 0; i < n; i++)
		o->dice[o->ndice++] = (uint8_t)faces[i];
}

void llt_ok(tw_state *s, tw_order *o) { llt_ok_at(s, o, 0); }

void llt_ok_at(tw_state *s, tw_order *o, int line)
{
	tw_error err = {0};
	tw_events_clear(&llt_ev);
	if (tw_state_apply(s, o, NULL, &llt_ev, &err) != TW_OK) {
		if (line > 0)
			fail_msg("line %d: refused: %s: %s", line, err.clause, err.message);
		fail_msg("refused: %s: %s", err.clause, err.message);
	}
	free(o);
}

void llt_refused(tw_state *s, tw_order *o, const char *clause, const char *text)
{
	tw_error err = {0};
	uint64_t h = tw_state_hash(s);
	tw_events_clear(&llt_ev);
	if (tw_state_apply(s, o, NULL, &llt_ev, &err) == TW_OK)
		fail_msg("accepted, expected a refusal by %s", clause);
	if (strcmp(err.clause, clause) != 0)
		fail_msg("refused by %s (%s), expected %s", err.clause, err.message, clause);
	if (text && !strstr(err.message, text))
		fail_msg("message \"%s\" lacks \"%s\"", err.message, text);
	assert_true(tw_state_hash(s) == h); // the state is unchanged
	free(o);
}

const tw_event *llt_find(const char *clause, int type)
{
	for (int i = 0; i < llt_ev.n; i++)
		if (!strcmp(llt_ev.v[i].clause, clause) && (type < 0 || llt_ev.v[i].type == type))
			return &llt_ev.v[i];
	return NULL;
}

tw_state *llt_scene(double width, int first)
{
	llt_register();
	tw_state *s = calloc(1, sizeof *s);
	assert_non_null(s);
	assert_int_equal(tw_state_set_ruleset(s, tw_ruleset_find("lloyd")), TW_OK);
	tw_ruleset_defaults(&tw_ruleset_lloyd, s);
	tw_rng_seed(&s->rng, 1);
	s->dice = TW_DICE_ENTERED;
	s->table.width = width;
	s->table.depth = 48;
	s->nsides = 2;
	strcpy(s->sides[0].name, "red");
	s->sides[0].forward = 1;
	strcpy(s->sides[1].name, "blue");
	s->sides[1].back_y = 48;
	s->sides[1].forward = -1;
	s->winner = -1;
	LLG(s)->first = (int8_t)first;
	return s;
}

tw_state *llt_load(const char *path)
{
	llt_register();
	tw_state *s = calloc(1, sizeof *s);
	assert_non_null(s);
	tw_error err = {0};
	if (tw_state_load(s, path, &err) != TW_OK)
		fail_msg("%s: %s", err.path, err.message);
	if (tw_ruleset_lloyd.setup(s, &err) != TW_OK)
		fail_msg("setup: %s", err.message);
	s->dice = TW_DICE_ENTERED;
	return s;
}

tw_game *llt_game_with(const char *path, const char *gen, uint64_t seed, tw_general *gens[TW_MAX_SIDES])
{
	llt_register();
	tw_state s0;
	memset(&s0, 0, sizeof s0);
	tw_error err = {0};
	if (tw_state_load(&s0, path, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	tw_game *g = tw_game_new(&s0, seed, NULL, &err); // (a copy of the scenario)
	tw_state_free(&s0);
	assert_non_null(g);
	int nsides = tw_game_state(g)->nsides;
	for (int k = 0; k < TW_MAX_SIDES; k++) {
		gens[k] = k < nsides ? tw_general_new(gen, &tw_ruleset_lloyd, k, seed * 7 + (uint64_t)k) : NULL;
		if (k < nsides)
			assert_non_null(gens[k]);
	}
	return g;
}

void llt_game_free(tw_game *g, tw_general *gens[TW_MAX_SIDES])
{
	for (int k = 0; k < TW_MAX_SIDES; k++)
		tw_general_free(gens[k]);
	tw_game_free(g);
}

void llt_piece(tw_state *s, int kind, double x0, double y0, double x1, double y1, double h)
{
	tw_terrain t = {.kind = (uint8_t)kind, .shape = TW_SHAPE_POLY, .nverts = 4, .height = h,
			.v = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}};
	assert_true(tw_table_add(&s->table, &t) >= 0);
}

// ---- ll-fin ----
tw_state *llt_fp_scene(double width) { return llt_fp_table(width, 0); }

tw_state *llt_fp_table(double width, int first)
{
	tw_state *s = llt_scene(width, first);
	LLG(s)->system = 1;
	LLG(s)->max_actions = 200;
	return s;
}

int llt_fp_man(tw_state *s, int side, const char *name, double x, double y, int qr, int leader, uint32_t traits,
	       int weapon)
{
	tw_figure f = {.id = s->nfig, .kind = TW_FK_INFANTRY, .side = (uint8_t)side, .status = TW_FS_ACTIVE,
		       .facing = side ? 180 : 0, .radius = 0.5, .height = 1, .unit = -1, .pos = {x, y}};
	assert_non_null(tw_state_add_figure(s, &f));
	ll_frec *r = LLF(s, f.id);
	snprintf(r->name, sizeof r->name, "%s", name);
	r->troop = weapon == LL_W_BOW ? tw_ll_troop_find("archer") + 1 : 0;
	if (weapon > 0 && weapon != LL_W_BOW) {
		r->nrows = 1;
		r->weapon[0] = weapon;
	}
	r->qr = qr;
	r->leader = leader;
	r->traits = traits;
	r->cont = side;
	r->group = -1;
	return f.id;
}

void llt_setup(tw_state *s)
{
	tw_error err = {0};
	if (tw_ruleset_lloyd.setup(s, &err) != TW_OK)
		fail_msg("setup: %s: %s", err.clause, err.message);
}

void llt_free(tw_state *s)
{
	tw_state_free(s);
	free(s);
}

int llt_count(const char *clause, int type)
{
	int n = 0;
	for (int i = 0; i < llt_ev.n; i++)
		n += !strcmp(llt_ev.v[i].clause, clause) && (type < 0 || llt_ev.v[i].type == type);
	return n;
}

tw_order *llt_figs(int type, int side, int n, const int *f, int nt, const int *t)
{
	tw_order *o = llt_order(type, side);
	for (int i = 0; i < n; i++)
		o->fig[o->nfig++] = f[i];
	for (int i = 0; i < nt; i++)
		o->fig2[o->nfig2++] = t[i];
	return o;
}

tw_order *llt_move1(int side, int f, double x, double y)
{
	tw_order *o = llt_order(LL_OT_MOVE, side);
	o->nfig = 1;
	o->fig[0] = f;
	o->at[0] = tw_v2(x, y);
	o->facing[0] = side ? 180 : 0;
	o->has_at = true;
	return o;
}

tw_order *llt_seize(int side, int f, int kind)
{
	tw_order *o = llt_figs(LL_OT_SEIZE, side, 1, &f, 0, NULL);
	o->n = kind;
	return o;
}

int llt_seat(const tw_state *s)
{
	tw_decision d;
	return tw_ruleset_lloyd.decisions(s, &d, 1) ? d.seat : -1;
}

tw_order *llt_alloc(int side, const int loc[8])
{
	tw_order *o = llt_order(LL_OT_ALLOCATE, side);
	for (int i = 0; i < 8; i++) {
		o->fig[o->nfig++] = 8 * side + i;
		o->val[o->nval++] = loc[i];
	}
	return o;
}

void llt_side_turn(tw_state *s)
{
	llt_ok(s, llt_order(LL_OT_END, s->mover));
	llt_ok(s, llt_order(LL_OT_END, 1 - s->mover));
}

tw_state *llt_six_in_play(const int *defectors)
{
	llt_register();
	tw_state *s = calloc(1, sizeof *s);
	tw_error err = {0};
	if (tw_state_load(s, "scenarios/lloyd/six.json", &err) != TW_OK || tw_ruleset_lloyd.setup(s, &err) != TW_OK)
		fail_msg("%s", err.message);
	s->dice = TW_DICE_ENTERED;
	for (int i = 0; defectors && defectors[i] >= 0; i++)
		llt_ok(s, llt_order(LL_OT_DEFECT, defectors[i]));
	for (int k = 0; k < 5; k++)
		llt_ok(s, llt_order(LL_OT_END, k));
	tw_order *o = llt_order(LL_OT_END, 5); // the reeve, the last to end
	LLT_DICE(o, 12, 4);
	llt_ok(s, o);
	assert_int_equal(s->phase, LL_PH_MOVE);
	assert_int_equal(tw_side_alliance(s, s->mover), 0);
	return s;
}

tw_order *llt_ask(const tw_state *s, const char *general, int side)
{
	tw_general *g = tw_general_new(general, &tw_ruleset_lloyd, side, 1);
	assert_non_null(g);
	tw_order *o = calloc(1, sizeof *o);
	assert_int_equal(tw_general_decide(g, s, o), TW_OK);
	tw_general_free(g);
	return o;
}

void llt_expect_bad(const char *text, const char *data, const char *clause, const char *where, bool or_path)
{
	llt_register();
	tw_state s0;
	memset(&s0, 0, sizeof s0);
	tw_error err = {0};
	tw_status st = tw_state_from_text(&s0, text, strlen(text), "roster.json", &err);
	if (st == TW_OK) {
		tw_game *g = tw_game_new(&s0, 1, NULL, &err);
		if (g)
			fail_msg("a bad roster %s was accepted", data);
		tw_state_free(&s0);
	}
	if (clause && strcmp(err.clause, clause) != 0)
		fail_msg("%s: refused by '%s' (%s), expected %s", data, err.clause, err.message, clause);
	if (or_path) {
		if (!strstr(err.message, where) && !strstr(err.path, where))
			fail_msg("%s: '%s' (%s) does not say where (%s)", data, err.message, err.path, where);
	} else if (!strstr(err.message, where)) {
		fail_msg("%s: '%s' does not say where (%s)", data, err.message, where);
	}
}
