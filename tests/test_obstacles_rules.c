// What the barricade and the ditch (issue 16) mean in each rule set besides Lloyd's
// (tests/test_ll_obstacles.c): Little Wars and the Kriegspiel (a barricade a wall: impassable,
// KS.SH.5's cover; a ditch rough going, each inch counting two, and an entrenchment from a shell),
// Grant (a barricade a wall men fight across: GR.MELEE.15, GR.MUSK.8; a ditch broken ground for
// every arm, GR.TERR.3, cover and GR.MELEE.15 to the man in it), Rattle (both linear obstacles, RD.MOVE.5),
// Science versus Luck (a barricade low hard cover that is not crossed; a ditch open ground).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gr_scene.h"
#include "rules/grant/gr.h"
#include "rules/littlewars/lw_big.h"
#include "rules/rattle/rd.h"
#include "rules/svl/sv.h"
#include "rd_scene.h"
#include "scene.h"
#include "tinwar/registry.h"

#define lw_move_to tw_test_move_to

// LW.MOB.2: an infantryman's 12 in; a 4 in ditch on his way counts 8: 10 in straight through it
// costs 14 and is refused, 8 in (4 of them in the ditch) costs 12 and is allowed. A barricade
// stops him as a wall does (LW.MOB.1). (Old code: the 10 in move was allowed.)
// Cites: LW.MOB.2 LW.MOB.1
static void test_LW_MOB_2_a_ditch_counts_twice(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(48, 48, 3, 0);
	int a = tw_test_man(s, 0, TW_FK_INFANTRY, 10, 10);
	int b = tw_test_man(s, 0, TW_FK_INFANTRY, 30, 10);
	tw_test_man(s, 1, TW_FK_INFANTRY, 40, 44);
	tw_test_box(s, TW_TER_DITCH, 0, 14, 24, 18, 0);
	tw_test_box(s, TW_TER_BARRICADE, 26, 14, 48, 15, 1);
	for (int i = 0; i < s->table.nterrain; i++)
		tw_terrain_finish(&s->table.terrain[i]);
	tw_error err = {0};
	assert_int_equal(tw_test_apply(s, lw_move_to(0, a, 10, 20), &err), TW_ERR_ILLEGAL);
	assert_string_equal(err.clause, "LW.MOB.2");
	assert_non_null(strstr(err.message, "in a ditch, which count twice: 14.00"));
	tw_test_expect_refused(s, lw_move_to(0, b, 30, 17), "LW.MOB.1");
	assert_int_equal(tw_test_apply(s, lw_move_to(0, a, 10, 18), &err), TW_OK);
	tw_test_free(s);
}

// KS.SH.5: a shell bursting at (60, 60): of five blue men within 3 in, one stands behind a
// barricade and one in a ditch the burst is outside of; both are left out of the count, so the
// three in the open are in the zone and two die (KS.SH.2). (Old code: the man in the ditch was
// counted: four in the zone, two killed, the ditch man among the candidates.)
// Cites: KS.SH.5 KS.SH.2
static void test_KS_SH_5_barricade_and_ditch_cover(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 120, 5, 0);
	tw_test_man(s, 1, TW_FK_INFANTRY, 60, 60.5);
	tw_test_man(s, 1, TW_FK_INFANTRY, 61, 60);
	tw_test_man(s, 1, TW_FK_INFANTRY, 59, 60);
	int behind = tw_test_man(s, 1, TW_FK_INFANTRY, 60, 57.5);
	int dug = tw_test_man(s, 1, TW_FK_INFANTRY, 60, 62);
	tw_test_box(s, TW_TER_BARRICADE, 55, 58.2, 65, 58.8, 1);
	tw_test_box(s, TW_TER_DITCH, 55, 61.5, 65, 63, 0);
	for (int i = 0; i < s->table.nterrain; i++)
		tw_terrain_finish(&s->table.terrain[i]);
	tw_events ev = {0};
	lw_ks_shell_result r;
	lw_ks_shell(s, tw_v2(60, 60), &r, &ev);
	assert_int_equal(r.covered[1], 2);
	assert_int_equal(r.in_zone[1], 3);
	assert_int_equal(r.killed[1], 2);
	assert_int_equal(s->fig[behind].status, TW_FS_ACTIVE);
	assert_int_equal(s->fig[dug].status, TW_FS_ACTIVE);
	tw_events_free(&ev);
	tw_test_free(s);
}

// Grant: a line infantryman each side of a 1 in barricade, each against it, touch across it
// (GR.MELEE.1's contact); the defender behind it has GR.MELEE.15's +1 (the same men across a road
// have none); a defender standing in a ditch has it too. A target behind the barricade or in the
// ditch is in cover (GR.MUSK.8). A ditch is broken ground: 4 in across a 2 in ditch costs 6
// (GR.TERR.3), for cavalry too.
// Cites: GR.MELEE.15 GR.MUSK.8 GR.TERR.3 GR.MELEE.1
static void test_GR_MELEE_15_barricade_and_ditch(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene();
	int b = tw_test_box(s, TW_TER_BARRICADE, 40, 49.5, 70, 50.5, 1);
	int d = tw_test_box(s, TW_TER_DITCH, 80, 49, 110, 51, 0);
	tw_terrain_finish(&s->table.terrain[b]);
	tw_terrain_finish(&s->table.terrain[d]);
	int ua = gr_build_unit(s, 0, TW_GR_LINE, "a", tw_v2(53, 15), 0, GR_F_LINE);
	int ub = gr_build_unit(s, 1, TW_GR_LINE, "b", tw_v2(53, 85), 180, GR_F_LINE);
	tw_gr_start(s);
	int a0 = tw_gr_rf(s, ua, 0), b0 = tw_gr_rf(s, ub, 0);
	double r = s->fig[a0].radius;
	tw_gr_put(s, a0, 50, 49.5 - r);
	tw_gr_put(s, b0, 50, 50.5 + r);
	assert_true(gr_fig_in_contact(s, &s->fig[a0]));
	const tw_unit *A = &s->unit[ua], *B = &s->unit[ub];
	int with = gr_melee_bonus(s, B, A, &s->fig[b0], &s->fig[a0], false, 1);
	assert_true(gr_in_cover(s, &s->fig[b0], s->fig[a0].pos));
	s->table.terrain[b].kind = TW_TER_ROAD;
	int without = gr_melee_bonus(s, B, A, &s->fig[b0], &s->fig[a0], false, 1);
	assert_int_equal(with, without + 1);
	assert_int_equal(without, 0);
	assert_false(gr_fig_in_contact(s, &s->fig[a0])); // 1 in apart across a road
	s->table.terrain[b].kind = TW_TER_BARRICADE;
	// the ditch: b0 stands in it, a0 just outside
	tw_gr_put(s, a0, 95, 49 - r - 0.05);
	tw_gr_put(s, b0, 95, 49 + r);
	assert_int_equal(gr_melee_bonus(s, B, A, &s->fig[b0], &s->fig[a0], false, 1), 1);
	assert_int_equal(gr_melee_bonus(s, A, B, &s->fig[a0], &s->fig[b0], false, 1), 0);
	assert_true(gr_in_cover(s, &s->fig[b0], tw_v2(95, 20)));
	const char *cl = NULL;
	assert_true(fabs(gr_move_cost(s, TW_GR_LINE, GR_F_LINE, tw_v2(100, 48), tw_v2(100, 52), &cl) - 6) < 1e-9);
	assert_null(cl);
	assert_true(fabs(gr_move_cost(s, TW_GR_HEAVY_CAV, GR_F_LINE, tw_v2(100, 48), tw_v2(100, 52), &cl) - 6) < 1e-9);
	assert_null(cl);
	tw_gr_free(s);
}

// GR.MELEE.1: a 1 in barricade running up the table (x = 49.5 to 50.5); a red man against its
// west face and a blue man against its east face, their bases 1 in apart in x, touch across it
// and fight at the end of the move: 3 against 3 + 1, blue defending it (old code, and the sweep
// that compared only men within the contact gap in x: no melee).
// Cites: GR.MELEE.1 GR.MELEE.15
static void test_GR_MELEE_1_contact_across_a_barricade_in_x(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene();
	int b = tw_test_box(s, TW_TER_BARRICADE, 49.5, 40, 50.5, 60, 1);
	tw_terrain_finish(&s->table.terrain[b]);
	int ua = gr_build_unit(s, 0, TW_GR_LINE, "a", tw_v2(53, 15), 0, GR_F_LINE);
	int ub = gr_build_unit(s, 1, TW_GR_LINE, "b", tw_v2(53, 85), 180, GR_F_LINE);
	tw_gr_start(s);
	const int k1[1] = {0};
	tw_gr_keep(s, ua, k1, 1, false, 0, 0);
	tw_gr_keep(s, ub, k1, 1, false, 0, 0);
	int a0 = tw_gr_rf(s, ua, 0), b0 = tw_gr_rf(s, ub, 0);
	double r = s->fig[a0].radius;
	tw_gr_put(s, a0, 49.5 - r, 50);
	tw_gr_put(s, b0, 50.5 + r, 50);
	tw_gr_end(s, 0, NULL);
	TW_GR_DICE(s, 3, 3, 3, 3, 3, 3);
	tw_events ev = {0};
	tw_gr_end(s, 0, &ev);
	const tw_event *c = tw_gr_nth(&ev, "GR.MELEE.2", TW_EV_MELEE, 0);
	if (!c)
		fail_msg("no melee across the barricade (%d events)", ev.n);
	assert_true(c->x == 3.0 && c->y == 4.0); // 3 against 3 + 1: blue, who did not attack, defends it (GR.MELEE.15)
	tw_events_free(&ev);
	tw_gr_free(s);
}

static tw_state *ruleset_state(const char *name)
{
	tw_register_builtin();
	tw_state *s = calloc(1, sizeof *s);
	int k = tw_ruleset_find(name);
	assert_true(k >= 0);
	assert_int_equal(tw_state_set_ruleset(s, k), TW_OK);
	tw_ruleset_defaults(tw_ruleset_get(k), s);
	s->table.width = 48;
	s->table.depth = 48;
	return s;
}

static int add_box(tw_state *s, int kind, double x0, double y0, double x1, double y1)
{
	tw_terrain t = {.kind = (uint8_t)kind, .shape = TW_SHAPE_POLY, .nverts = 4, .height = 1,
			.v = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}};
	int i = tw_table_add(&s->table, &t);
	assert_true(i >= 0);
	return i;
}

// Rattle: both are linear obstacles (RD.MOVE.5's reading names the ditch among them; a barricade
// is a wall): crossing either halves a line's 12 in move to 6 (the same arithmetic as
// test_rd_game.c's wall), and a unit just behind one is in cover (RD.SHOOT.13). (Old code: the
// barricade was open ground to Rattle, 12 in, no cover.)
// Cites: RD.MOVE.5 RD.SHOOT.13
static void test_RD_MOVE_5_barricade_and_ditch_are_obstacles(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int ua = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 20, 62.5, 0);
	int ub = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 90, 62.5, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 110, 95, 180);
	rdt_general(s, 0, 40, 5, true);
	rdt_general(s, 1, 110, 98, true);
	rdt_brigades(s, 0);
	int b = rdt_box(s, TW_TER_BARRICADE, 0, 63, 40, 64);
	int d = rdt_box(s, TW_TER_DITCH, 70, 63, 110, 65);
	assert_int_equal(tw_state_set_ruleset(s, s->ruleset), TW_OK);
	rdt_start(s);
	rdt_red_first(s, 4, 3);
	assert_int_equal(rd_feature(s, b), RD_TER_OBSTACLE);
	assert_int_equal(rd_feature(s, d), RD_TER_OBSTACLE);
	bool halved;
	const char *cl;
	for (int k = 0; k < 2; k++) {
		int u = k ? ub : ua;
		tw_vec2 c = rd_unit_centre(s, u), p = tw_v2(c.x, c.y + 6);
		assert_true(rd_path_cost(s, u, &p, 1, &halved, &cl) == 6 && halved);
		rdt_refused(s, rdt_move(s, u, c.x, c.y + 6.1), "RD.MOVE.5");
	}
	assert_true(rd_unit_in_cover(s, ua, tw_v2(20, 95)));
	rdt_done(s);
}

// Science versus Luck: a barricade is low hard cover (SV.BAT.7: a figure within 1 in behind it is
// covered), no one stands on it and, unlike a wall, no move crosses it (SV.MOVE.5); it does not
// block sight. A ditch is open ground.
// Cites: SV.MOVE.5 SV.BAT.7
static void test_SV_MOVE_5_barricade_and_ditch(void **st)
{
	(void)st;
	tw_state *s = ruleset_state("svl");
	int b = add_box(s, TW_TER_BARRICADE, 10, 10, 20, 11);
	int d = add_box(s, TW_TER_DITCH, 10, 20, 20, 22);
	assert_int_equal(sv_ter_cover(s, b), SV_TER_LOW_HARD);
	assert_int_equal(sv_ter_cover(s, d), SV_TER_OPEN);
	assert_true(sv_behind_hard(s, tw_v2(15, 0), tw_v2(15, 11.5)));
	assert_true(sv_impassable_segment(s, tw_v2(15, 9), tw_v2(15, 12)));
	assert_true(sv_solid_at(s, tw_v2(15, 10.5)));
	assert_false(sv_impassable_segment(s, tw_v2(15, 19), tw_v2(15, 23)));
	assert_false(sv_solid_at(s, tw_v2(15, 21)));
	assert_true(sv_sight(s, tw_v2(15, 5), tw_v2(15, 30)));
	tw_state_free(s);
	free(s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_LW_MOB_2_a_ditch_counts_twice),
		cmocka_unit_test(test_KS_SH_5_barricade_and_ditch_cover),
		cmocka_unit_test(test_GR_MELEE_15_barricade_and_ditch),
		cmocka_unit_test(test_GR_MELEE_1_contact_across_a_barricade_in_x),
		cmocka_unit_test(test_RD_MOVE_5_barricade_and_ditch_are_obstacles),
		cmocka_unit_test(test_SV_MOVE_5_barricade_and_ditch),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
