// Formations by name (issue 19): tw_ruleset.formation_order, the hook behind the page's unit cards
// and the terminal's `formation NAME unit N`. Grant lays line, column and open order
// (gr_formation_order); Rattle its own formations (rd_formation_order, through rd_order_form).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/rattle.h"
#include "tinwar/registry.h"
#include "tinwar/tinwar.h"

static tw_game *load(const char *path, tw_state *sc)
{
	char full[512];
	snprintf(full, sizeof full, "%s/%s", TW_SOURCE_DIR, path);
	memset(sc, 0, sizeof *sc);
	tw_error err;
	if (tw_state_load(sc, full, &err) != TW_OK)
		fail_msg("%s: %s %s", full, err.path, err.message);
	tw_game *g = tw_game_new(sc, 17, NULL, &err);
	if (!g)
		fail_msg("%s: %s", err.clause, err.message);
	return g;
}

static int unit_men(const tw_state *s, int unit)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		n += s->fig[i].unit == unit && s->fig[i].status == TW_FS_ACTIVE && s->fig[i].kind != TW_FK_GENERAL;
	return n;
}

// Clauses: GR.GEN.10 GR.MUSK.1
/// Grant: each of its formations by name gives an order the rules accept on the fresh table
/// (tests/web/grant-volley.json: a battalion of 48 and 5 officers, in line). Open order stands
/// its rank and file 1 in apart (line 0.55 in); the men keep their order across the front (none
/// crosses the unit). An unknown name is refused with the valid ones; a unit that forms none
/// (the general's: none; here unit 5 does not exist) with its clause.
static void test_GR_GEN_10_formation_order_by_name(void **st)
{
	(void)st;
	tw_state sc;
	tw_game *g = load("tests/web/grant-volley.json", &sc);
	const tw_state *s = tw_game_state(g);
	const tw_ruleset *rs = tw_game_ruleset(g);
	assert_non_null(rs->formation_order);
	tw_order *o = malloc(sizeof *o);
	tw_error err;
	const char *names[] = {"line", "column", "open"};
	for (int k = 0; k < 3; k++) {
		memset(&err, 0, sizeof err);
		assert_int_equal(rs->formation_order(s, 0, names[k], o, &err), TW_OK);
		assert_int_equal(o->n, k);
		assert_int_equal(o->nfig, unit_men(s, 0));
		assert_true(o->has_at);
		if (rs->validate(s, o, &err) != TW_OK)
			fail_msg("%s refused: %s %s", names[k], err.clause, err.message);
		if (k != 2)
			continue;
		// Open order: the least gap between two rank-and-file places is 1 in; the men's order
		// across the front (x: the battalion faces +y) is kept.
		double least = 1e9;
		for (int i = 0; i < o->nfig; i++)
			for (int j = i + 1; j < o->nfig; j++)
				if (s->fig[o->fig[i]].kind == TW_FK_INFANTRY && s->fig[o->fig[j]].kind == TW_FK_INFANTRY) {
					least = fmin(least, tw_dist(o->at[i], o->at[j]));
					const tw_figure *a = &s->fig[o->fig[i]], *b = &s->fig[o->fig[j]];
					if (a->pos.x < b->pos.x - 1e-6 && a->unit == 0 && b->unit == 0)
						assert_true(o->at[i].x <= o->at[j].x + 1e-6);
				}
		assert_true(fabs(least - 1.0) < 1e-9);
	}
	assert_int_equal(rs->formation_order(s, 0, "wedge", o, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "GR.GEN.10");
	assert_string_equal(err.message, "no formation 'wedge' (line, column or open)");
	assert_int_equal(rs->formation_order(s, 5, "line", o, &err), TW_ERR_INPUT);
	assert_string_equal(err.message, "no unit 5");
	free(o);
	tw_game_free(g);
	tw_state_free(&sc);
}

// Clauses: GR.MUSK.1
/// Grant: cavalry forms no line, column or open order (scenarios/grant/meeting.json's hussars).
static void test_GR_MUSK_1_formation_order_refuses_cavalry(void **st)
{
	(void)st;
	tw_state sc;
	tw_game *g = load("scenarios/grant/meeting.json", &sc);
	const tw_state *s = tw_game_state(g);
	tw_order *o = malloc(sizeof *o);
	tw_error err;
	assert_int_equal(tw_game_ruleset(g)->formation_order(s, 13, "column", o, &err), TW_ERR_ILLEGAL);
	assert_string_equal(err.clause, "GR.MUSK.1");
	assert_string_equal(err.message, "Blue hussars cannot form column: only line-type infantry forms line, column or open order");
	free(o);
	tw_game_free(g);
	tw_state_free(&sc);
}

// Clauses: RD.ORG.8 RD.ORG.9
/// Rattle: its formations by name through rd_order_form (scenarios/rattle/crossroads.json's Red
/// rifles, a line unit): column and skirmish place every figure of the unit, each on a place of
/// its own, facing the unit's way; an unknown name lists Rattle's formations.
static void test_RD_ORG_8_formation_order_by_name(void **st)
{
	(void)st;
	tw_state sc;
	tw_game *g = load("scenarios/rattle/crossroads.json", &sc);
	const tw_state *s = tw_game_state(g);
	const tw_ruleset *rs = tw_game_ruleset(g);
	assert_non_null(rs->formation_order);
	tw_order *o = malloc(sizeof *o);
	tw_error err;
	const char *names[] = {"column", "skirmish"};
	const int want[] = {TW_RD_F_COLUMN, TW_RD_F_SKIRMISH};
	for (int k = 0; k < 2; k++) {
		assert_int_equal(rs->formation_order(s, 0, names[k], o, &err), TW_OK);
		assert_int_equal(o->n, want[k]);
		assert_int_equal(o->nfig, unit_men(s, 0));
		assert_true(o->has_at);
		for (int i = 0; i < o->nfig; i++) {
			assert_true(fabs(o->facing[i] - s->unit[0].facing) < 1e-9);
			for (int j = i + 1; j < o->nfig; j++)
				assert_true(tw_dist(o->at[i], o->at[j]) > 0.1);
		}
	}
	assert_int_equal(rs->formation_order(s, 0, "wedge", o, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "RD.ORG.8");
	assert_string_equal(err.message, "no formation 'wedge' (line, column, skirmish, limbered or deployed)");
	free(o);
	tw_game_free(g);
	tw_state_free(&sc);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_GR_GEN_10_formation_order_by_name),
	    cmocka_unit_test(test_GR_MUSK_1_formation_order_refuses_cavalry),
	    cmocka_unit_test(test_RD_ORG_8_formation_order_by_name),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
