// Little Wars on a large Country (LW.BIG.1-12): move multipliers, boxes, waggons and carts, roads,
// the outdoor option, railways and players a side. Exact values throughout.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rules/littlewars/lw_big.h"
#include "rules/littlewars/lw_boxes.h"
#include "scene.h"

static void expect_refused(tw_status st, const tw_error *err, const char *clause)
{
	assert_int_not_equal(st, TW_OK);
	assert_string_equal(err->clause, clause);
}

// LW.BIG.1: 2x or 3x, back to 1x once opposing pieces are within 15, 12 or 10 ft; stays there.
static void test_LW_BIG_1_multiplier_drops_back(void **state)
{
	(void)state;
	lw_big_opts o = {3, 12, 1.0};
	tw_error err = {0};
	assert_int_equal(lw_big_check_opts(&o, &err), TW_OK);
	bool closed = false;
	assert_int_equal(lw_big_multiplier(&o, 144.01, &closed), 3);
	assert_false(closed);
	assert_true(lw_big_move_len(&o, 12.0, 3) == 36.0);
	assert_int_equal(lw_big_multiplier(&o, 144.0, &closed), 1); // 12 ft exactly: within
	assert_true(closed);
	assert_int_equal(lw_big_multiplier(&o, 1000.0, &closed), 1); // the armies part again: still 1x
	assert_true(lw_big_move_len(&o, 24.0, 1) == 24.0);
	lw_big_opts bad = {4, 12, 1.0};
	expect_refused(lw_big_check_opts(&bad, &err), &err, "LW.BIG.1");
	lw_big_opts bad_ft = {2, 11, 1.0};
	expect_refused(lw_big_check_opts(&bad_ft, &err), &err, "LW.BIG.1");
	lw_big_opts off = {1, 0, 1.0}; // 1x needs no threshold
	assert_int_equal(lw_big_check_opts(&off, &err), TW_OK);
	closed = false;
	assert_int_equal(lw_big_multiplier(&off, 1.0, &closed), 1);
}

// LW.BIG.2: a box moves at the multiplied rate of its slowest arm (LW.BIG.7 on a road).
static void test_LW_BIG_2_box_moves_at_slowest_arm(void **state)
{
	(void)state;
	assert_true(lw_big_box_rate(0, 10, 0, 2, false) == 48.0); // cavalry only: 24 x 2
	assert_true(lw_big_box_rate(1, 10, 0, 2, false) == 24.0); // one infantryman slows it: 12 x 2
	assert_true(lw_big_box_rate(0, 5, 1, 3, false) == 36.0);  // a gun goes at its men's 12 in
	assert_true(lw_big_box_rate(0, 0, 0, 3, false) == 0.0);
}

// LW.BIG.3 / LW.BIG.4: a scout within 10 ft opens a box; boxed again with no enemy within 20 ft.
static void test_LW_BIG_3_4_reveal_and_rebox_distances(void **state)
{
	(void)state;
	assert_true(lw_big_box_revealed(120.0));
	assert_false(lw_big_box_revealed(120.001));
	assert_false(lw_big_may_rebox(240.0));
	assert_true(lw_big_may_rebox(240.001));
}

// LW.BIG.5: one waggon per 50 men within six moves (6 ft at 1x).
static void test_LW_BIG_5_waggons(void **state)
{
	(void)state;
	assert_int_equal(lw_big_waggons_needed(0), 0);
	assert_int_equal(lw_big_waggons_needed(1), 1);
	assert_int_equal(lw_big_waggons_needed(50), 1);
	assert_int_equal(lw_big_waggons_needed(51), 2);
	assert_int_equal(lw_big_waggons_needed(150), 3);
	assert_true(lw_big_supply_reach(1) == 72.0);
	assert_true(lw_big_supply_reach(3) == 216.0);
}

// LW.BIG.6: a gun fires only with an ammunition cart within two moves (2 x 12 in x multiplier).
static void test_LW_BIG_6_ammunition_cart(void **state)
{
	(void)state;
	assert_true(lw_big_ammo_reach(1) == 24.0);
	assert_true(lw_big_gun_may_fire(24.0, 1));
	assert_false(lw_big_gun_may_fire(24.01, 1));
	assert_true(lw_big_gun_may_fire(48.0, 2));
}

// LW.BIG.7: waggons and boxed troops on a road move 1.5x; men on foot get nothing.
static void test_LW_BIG_7_road_bonus(void **state)
{
	(void)state;
	assert_true(lw_big_road_factor(true, true) == 1.5);
	assert_true(lw_big_road_factor(true, false) == 1.0);
	assert_true(lw_big_road_factor(false, true) == 1.0);
	assert_true(lw_big_box_rate(5, 0, 0, 2, true) == 36.0); // 12 x 2 x 1.5
}

// LW.BIG.8: outdoors, moves up to double.
static void test_LW_BIG_8_outdoor_option(void **state)
{
	(void)state;
	lw_big_opts o = {1, 0, 2.0};
	tw_error err = {0};
	assert_int_equal(lw_big_check_opts(&o, &err), TW_OK);
	assert_true(lw_big_move_len(&o, 12.0, 1) == 24.0);
	o.outdoor = 2.01;
	expect_refused(lw_big_check_opts(&o, &err), &err, "LW.BIG.8");
	o.outdoor = 0.5;
	expect_refused(lw_big_check_opts(&o, &err), &err, "LW.BIG.8");
}

// LW.BIG.9: a train moves 4-5x the cavalry rate (we take 10 ft at 1x); one move to load, one to
// unload. LW.BIG.10: 12 infantry, 5 cavalry or half a gun a truck; 8 trucks at full speed.
static void test_LW_BIG_9_10_trains_and_trucks(void **state)
{
	(void)state;
	tw_error err = {0};
	assert_true(lw_rail_train_move(8, false, 1, &err) == 120.0);
	assert_true(lw_rail_train_move(8, false, 2, &err) == 240.0);
	assert_true(lw_rail_train_move(9, false, 1, &err) == -1.0);
	assert_string_equal(err.clause, "LW.BIG.10");
	assert_int_equal(lw_rail_load_moves(100, false), 1);
	assert_int_equal(lw_rail_unload_moves(100, false), 1);
	assert_int_equal(lw_rail_trucks(12, 0, 0), 1);
	assert_int_equal(lw_rail_trucks(13, 0, 0), 2);
	assert_int_equal(lw_rail_trucks(0, 5, 0), 1);
	assert_int_equal(lw_rail_trucks(0, 6, 0), 2);
	assert_int_equal(lw_rail_trucks(24, 10, 1), 2 + 2 + 2);
}

// LW.EX.23: 12 stationary infantry in a line get 2 shots; 60 infantry need 5 trucks; 1 gun 2.
static void test_LW_EX_23_rifles_and_trucks(void **state)
{
	(void)state;
	assert_int_equal(lw_ks_rifle_shots(12, false), 2);
	assert_int_equal(lw_rail_trucks(60, 0, 0), 5);
	assert_int_equal(lw_rail_trucks(0, 0, 1), 2);
}

// LW.BIG.11: the same 4 men for 2 moves tear up a rail; 8 men for 3 moves relay it; a man who
// leaves, or a move in which they do something else, starts it again.
static void test_LW_BIG_11_tear_up_and_relay(void **state)
{
	(void)state;
	int men, moves;
	lw_rail_work_needs(LW_RAIL_TEAR, &men, &moves);
	assert_int_equal(men, 4);
	assert_int_equal(moves, 2);
	lw_rail_work_needs(LW_RAIL_RELAY, &men, &moves);
	assert_int_equal(men, 8);
	assert_int_equal(moves, 3);
	lw_work w = {LW_RAIL_TEAR, 4, 0, 5, false};
	assert_false(lw_work_step(&w, 4, 2, 4, false));
	assert_false(lw_work_step(&w, 4, 2, 3, false)); // one man left: begun again
	assert_int_equal(w.done, 0);
	assert_false(lw_work_step(&w, 4, 2, 4, false));
	assert_true(lw_work_step(&w, 4, 2, 4, false));
	assert_true(w.finished);
	lw_work r = {LW_RAIL_RELAY, 8, 0, 7, false};
	assert_false(lw_work_step(&r, 8, 3, 8, false));
	assert_false(lw_work_step(&r, 8, 3, 8, true)); // they moved
	assert_false(lw_work_step(&r, 8, 3, 8, false));
	assert_false(lw_work_step(&r, 8, 3, 8, false));
	assert_true(lw_work_step(&r, 8, 3, 8, false));
}

// LW.BIG.12 (advisory): about 100 men and 3 guns a player.
static void test_LW_BIG_12_players_a_side(void **state)
{
	(void)state;
	assert_int_equal(lw_big_players(100, 3), 1);
	assert_int_equal(lw_big_players(300, 9), 3);
	assert_int_equal(lw_big_players(300, 3), 3);
	assert_int_equal(lw_big_players(100, 9), 3);
	assert_int_equal(lw_big_players(10, 0), 1);
}

// A large Country in play: red's 4 infantry (ids 0-3) near his back line, 2 red engineers (4-5),
// a blue cavalry scout (6) and 6 blue infantry (7-12) far off. Game move 3, red to move.
static tw_state *country(void)
{
	tw_state *s = tw_test_lw_state(600, 400, 3, 0);
	LWG(s)->draw_at = 1;
	tw_test_row(s, 0, TW_FK_INFANTRY, 4, 100, 20, 1.0);
	tw_test_row(s, 0, TW_FK_INFANTRY, 2, 200, 20, 1.0);
	tw_test_man(s, 1, TW_FK_CAVALRY, 100, 380);
	tw_test_row(s, 1, TW_FK_INFANTRY, 6, 300, 380, 1.0);
	return s;
}

static tw_order *box_order(const int *ids, int n)
{
	tw_order *o = tw_test_order(LW_OT_BOX, 0);
	for (int i = 0; i < n; i++)
		o->fig[o->nfig++] = ids[i];
	return o;
}

// LW.BIG.2 / LW.BIG.4: red boxes four men; blue's view sees the box, not what it holds; a box
// moves at its slowest arm's rate, and more is refused with the state unchanged.
static void test_LW_BIG_2_box_hides_its_contents(void **state)
{
	(void)state;
	tw_state *s = country();
	tw_error err = {0};
	static const int ids[4] = {0, 1, 2, 3};
	assert_int_equal(tw_test_apply(s, box_order(ids, 4), &err), TW_OK);
	assert_int_equal(LWS(s, 0)->nbox, 1);
	assert_true(LWS(s, 0)->box_x[0] == 101.5 && LWS(s, 0)->box_y[0] == 20.0);
	assert_int_equal(lw_box_men(s, 0, 0, NULL, NULL), 4);
	assert_int_equal(s->fig[0].status, TW_FS_RESERVE);
	assert_int_equal(lw_free_on_field(s, 0), 6); // boxed men are still in the field
	// Blue's view: the box is there, its men are nowhere and say nothing.
	tw_state v;
	assert_int_equal(tw_state_view(&v, s, 1), TW_OK);
	assert_int_equal(LWS(&v, 0)->nbox, 1);
	assert_true(LWS(&v, 0)->box_x[0] == 101.5);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(v.fig[i].status, TW_FS_UNPLACED);
		assert_int_equal(LWF(&v, &v.fig[i])->box, -1);
		assert_true(v.fig[i].pos.x == -1 && v.fig[i].pos.y == -1);
	}
	tw_state_free(&v);
	// Red's own view keeps them.
	assert_int_equal(tw_state_view(&v, s, 0), TW_OK);
	assert_int_equal(LWF(&v, &v.fig[2])->box, 0);
	tw_state_free(&v);
	// 12 in for infantry at 1x: 12.5 is refused, 12 is allowed.
	tw_order *m = tw_test_order(LW_OT_BOX_MOVE, 0);
	m->n = 0;
	m->npath = 1;
	m->path[0] = tw_v2(101.5, 32.5);
	tw_test_expect_refused(s, m, "LW.BIG.2");
	m->path[0] = tw_v2(101.5, 32.0);
	assert_int_equal(tw_test_apply(s, m, &err), TW_OK);
	assert_true(s->fig[3].pos.y == 32.0);
	tw_test_free(s);
}

// LW.BIG.4: no boxing with an enemy within 20 ft.
static void test_LW_BIG_4_no_box_near_the_enemy(void **state)
{
	(void)state;
	tw_state *s = country();
	tw_test_man(s, 1, TW_FK_INFANTRY, 100, 20 + 240.2); // 239.9 in from man 0's base
	static const int ids[1] = {0};
	tw_test_expect_refused(s, box_order(ids, 1), "LW.BIG.4");
	tw_test_free(s);
}

// LW.BIG.3: at the end of a move, a box with an enemy scout within 10 ft is opened and its men
// set out where it stands.
static void test_LW_BIG_3_scout_opens_a_box(void **state)
{
	(void)state;
	tw_state *s = country();
	tw_error err = {0};
	static const int ids[4] = {0, 1, 2, 3};
	assert_int_equal(tw_test_apply(s, box_order(ids, 4), &err), TW_OK);
	s->fig[6].pos = tw_v2(101.5, 20 + 120.5); // the scout's base 120.0 in from the box
	assert_int_equal(tw_test_apply(s, tw_test_order(LW_OT_END_MOVE, 0), &err), TW_OK);
	assert_int_equal(LWS(s, 0)->nbox, 0);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(s->fig[i].status, TW_FS_ACTIVE);
		assert_int_equal(LWF(s, &s->fig[i])->box, -1);
		assert_true(tw_dist(s->fig[i].pos, tw_v2(101.5, 20)) < 1.0);
	}
	tw_test_free(s);
}

// KS.RE.7 / KS.RE.4: a mine is recorded with its start move and kept from the enemy; laid after
// 6 moves of the same 2 men, it goes off under the first enemy over it.
static void test_KS_RE_7_hidden_mine(void **state)
{
	(void)state;
	tw_state *s = country();
	tw_error err = {0};
	tw_order *w = tw_test_order(LW_OT_WORK, 0);
	w->n = LW_KS_MINE;
	w->fig[w->nfig++] = 4;
	w->has_target = true;
	w->target = tw_v2(200, 24);
	tw_test_expect_refused(s, w, "KS.RE.4"); // one man is too few
	w->fig[w->nfig++] = 5;
	assert_int_equal(tw_test_apply(s, w, &err), TW_OK);
	assert_int_equal(LWS(s, 0)->nwork, 1);
	assert_int_equal(LWS(s, 0)->work_start[0], 3);
	tw_state v;
	assert_int_equal(tw_state_view(&v, s, 1), TW_OK); // blue sees nothing of it
	assert_int_equal(LWS(&v, 0)->nwork, 0);
	assert_true(LWS(&v, 0)->work_x[0] == 0 && LWS(&v, 0)->work_start[0] == 0);
	assert_int_equal(LWF(&v, &v.fig[4])->work, -1);
	tw_state_free(&v);
	assert_int_equal(tw_state_view(&v, s, -1), TW_OK); // the umpire does
	assert_int_equal(LWS(&v, 0)->nwork, 1);
	tw_state_free(&v);
	// Six of red's moves at it (the move it began in does not count).
	for (int k = 0; k < 13; k++)
		assert_int_equal(tw_test_apply(s, tw_test_order(LW_OT_END_MOVE, s->mover), &err), TW_OK);
	assert_int_equal(LWS(s, 0)->work_armed[0], 1);
	// A blue man walks onto it: he and every piece within 6 in die (red's men at 200, 20 too).
	s->fig[7].pos = tw_v2(200, 24);
	assert_int_equal(tw_test_apply(s, tw_test_order(LW_OT_END_MOVE, s->mover), &err), TW_OK);
	assert_int_equal(s->fig[7].status, TW_FS_DEAD);
	assert_int_equal(s->fig[4].status, TW_FS_DEAD);
	assert_int_equal(s->fig[5].status, TW_FS_DEAD);
	assert_int_equal(LWS(s, 0)->nwork, 0);
	tw_test_free(s);
}

// LW.BIG.11: 4 men for 2 moves tear up a rail: the table changes (the road piece is ruined).
static void test_LW_BIG_11_tearing_up_changes_the_table(void **state)
{
	(void)state;
	tw_state *s = country();
	int rail = tw_test_box(s, TW_TER_ROAD, 0, 40, 600, 42, 0.1);
	int lane = tw_test_box(s, TW_TER_ROAD, 0, 42.5, 600, 44, 0.1); // a road, not the railway
	snprintf(s->table.terrain[rail].name, sizeof s->table.terrain[rail].name, "railway");
	tw_test_row(s, 0, TW_FK_INFANTRY, 4, 300, 38, 1.0);
	tw_error err = {0};
	tw_order *w = tw_test_order(LW_OT_WORK, 0);
	w->n = LW_RAIL_TEAR;
	for (int i = 0; i < 4; i++)
		w->fig[w->nfig++] = 13 + i;
	w->has_target = true;
	// Stop 33: a work is aimed at a piece of its own kind (a road is no rail length).
	w->target = tw_v2(301, 43.5);
	tw_test_refused_with(s, w, "LW.BIG.11", "tear_rail must be aimed at a rail length of the railway");
	assert_true((s->table.terrain[lane].flags & TW_TF_RUINED) == 0);
	w->target = tw_v2(301, 41);
	assert_int_equal(tw_test_apply(s, w, &err), TW_OK);
	for (int k = 0; k < 5; k++)
		assert_int_equal(tw_test_apply(s, tw_test_order(LW_OT_END_MOVE, s->mover), &err), TW_OK);
	assert_true((s->table.terrain[rail].flags & TW_TF_RUINED) != 0);
	assert_int_equal(LWS(s, 0)->nwork, 0);
	tw_test_free(s);
}

// LW.BIG.8 (stop 33): outdoors every move is the agreed factor times its indoor length, up to
// double; before, the factor was arithmetic (lw_big_move_len) that no order asked.
static void test_LW_BIG_8_outdoor_moves(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(200, 200, 5, 0);
	LWG(s)->big_outdoor = 1.5;
	int i = tw_test_man(s, 0, TW_FK_INFANTRY, 50, 50), c = tw_test_man(s, 0, TW_FK_CAVALRY, 80, 50);
	tw_test_refused_with(s, tw_test_move_to(0, i, 50, 68.5), "LW.BIG.8", "may move 18 in");
	tw_test_refused_with(s, tw_test_move_to(0, c, 80, 86.5), "LW.BIG.8", "may move 36 in");
	tw_test_ok(s, tw_test_move_to(0, i, 50, 68));
	tw_test_ok(s, tw_test_move_to(0, c, 80, 86));
	tw_test_free(s);
}

// Stop 33 (QA): a loaded state's large-Country options and its boxes and trains are checked
// across fields (lw_big_check_state, run by the setup); `tinwar check` passed all of these.
static void test_LW_BIG_1_2_8_9_state_checks(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(200, 200, 5, 0);
	int f = tw_test_man(s, 0, TW_FK_INFANTRY, 50, 50);
	int g = tw_test_gun(s, 1, 100, 150, 180);
	tw_error err = {0};
	assert_int_equal(lw_big_check_state(s, &err), TW_OK);
	LWG(s)->big_mult = 2;
	LWG(s)->big_close_ft = 13;
	assert_int_equal(lw_big_check_state(s, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "LW.BIG.1");
	LWG(s)->big_close_ft = 15;
	LWG(s)->big_outdoor = 0.5;
	assert_int_equal(lw_big_check_state(s, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "LW.BIG.8");
	LWG(s)->big_outdoor = 2.0;
	assert_int_equal(lw_big_check_state(s, &err), TW_OK);
	LWF(s, &s->fig[f])->box = 0; // red has no box
	assert_int_equal(lw_big_check_state(s, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "LW.BIG.2");
	assert_non_null(strstr(err.message, "figure 0 is in box 0, but red has 0 boxes"));
	LWS(s, 0)->nbox = 1;
	assert_int_equal(lw_big_check_state(s, &err), TW_OK);
	LWF(s, &s->fig[f])->train = 1;
	LWS(s, 0)->ntrain = 1;
	assert_int_equal(lw_big_check_state(s, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "LW.BIG.9");
	LWF(s, &s->fig[f])->train = 0;
	LWGN(s, &s->gun[g])->boxed = 1; // blue's box 0: blue has none
	assert_int_equal(lw_big_check_state(s, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "LW.BIG.2");
	assert_non_null(strstr(err.message, "gun 0 is in box 0, but blue has 0 boxes"));
	tw_test_free(s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_LW_BIG_1_multiplier_drops_back),
		cmocka_unit_test(test_LW_BIG_2_box_moves_at_slowest_arm),
		cmocka_unit_test(test_LW_BIG_3_4_reveal_and_rebox_distances),
		cmocka_unit_test(test_LW_BIG_5_waggons),
		cmocka_unit_test(test_LW_BIG_6_ammunition_cart),
		cmocka_unit_test(test_LW_BIG_7_road_bonus),
		cmocka_unit_test(test_LW_BIG_8_outdoor_moves),
		cmocka_unit_test(test_LW_BIG_1_2_8_9_state_checks),
		cmocka_unit_test(test_LW_BIG_8_outdoor_option),
		cmocka_unit_test(test_LW_BIG_9_10_trains_and_trucks),
		cmocka_unit_test(test_LW_EX_23_rifles_and_trucks),
		cmocka_unit_test(test_LW_BIG_11_tear_up_and_relay),
		cmocka_unit_test(test_LW_BIG_12_players_a_side),
		cmocka_unit_test(test_LW_BIG_2_box_hides_its_contents),
		cmocka_unit_test(test_LW_BIG_4_no_box_near_the_enemy),
		cmocka_unit_test(test_LW_BIG_3_scout_opens_a_box),
		cmocka_unit_test(test_KS_RE_7_hidden_mine),
		cmocka_unit_test(test_LW_BIG_11_tearing_up_changes_the_table),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
