// Wells's Kriegspiel (KS.*): seats, the General, shells, rifle fire, moves by arm, contours,
// formations, supply, engineers' works and the cavalry charge tables, with the worked examples
// LW.EX.14, 15, 20, 21 and 22. Fixed inputs, exact values.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "rules/littlewars/lw_big.h"
#include "scene.h"

#define INF TW_FK_INFANTRY
#define CAV TW_FK_CAVALRY

static void expect_refused(tw_status st, const tw_error *err, const char *clause)
{
	assert_int_not_equal(st, TW_OK);
	assert_string_equal(err->clause, clause);
}

static int dead(const tw_state *s, int side)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		n += s->fig[i].side == side && s->fig[i].status == TW_FS_DEAD;
	return n;
}

// KS.GEN.1: a General and a player per arm or service; KS.GEN.2: an official a side, who sees
// what the umpire sees of his own side only.
static void test_KS_GEN_1_2_seats_of_a_side(void **state)
{
	(void)state;
	lw_ks_seat seats[10];
	unsigned arms = 1u << LW_ARM_INFANTRY | 1u << LW_ARM_CAVALRY | 1u << LW_ARM_RA | 1u << LW_ARM_GENERAL;
	int n = lw_ks_side_seats(1, arms, seats, 10);
	assert_int_equal(n, 5);
	assert_int_equal(seats[0].role, LW_ROLE_GENERAL);
	assert_int_equal(seats[1].arm, LW_ARM_INFANTRY);
	assert_int_equal(seats[2].arm, LW_ARM_CAVALRY);
	assert_int_equal(seats[3].arm, LW_ARM_RA);
	assert_int_equal(seats[4].role, LW_ROLE_OFFICIAL);
	for (int i = 0; i < n; i++)
		assert_int_equal(seats[i].side, 1);
	assert_true(lw_ks_official_sees(&seats[4], 1));
	assert_false(lw_ks_official_sees(&seats[4], 0));
	assert_false(lw_ks_official_sees(&seats[0], 1));
	assert_int_equal(lw_ks_side_seats(0, arms, seats, 2), 2); // bounded
}

// KS.TER.1: 3 x 3 ft blocks; KS.TER.2: figures about 1 in tall.
static void test_KS_TER_1_2_blocks_and_figures(void **state)
{
	(void)state;
	assert_int_equal(lw_ks_blocks(360, 240), 10 * 7); // 30 x 20 ft: 10 by 6.67, rounded up
	assert_int_equal(lw_ks_blocks(36, 36), 1);
	assert_int_equal(lw_ks_blocks(0, 36), 0);
	assert_true(LW_KS_BLOCK_H == 6.0 && LW_KS_CORNER_CHORD == 36.0);
	assert_true(LW_KS_FIGURE_H == 1.0);
}

// KS.GNL.1: the player stands at or behind his General's figure, within 6 ft.
static void test_KS_GNL_1_six_foot_rule(void **state)
{
	(void)state;
	tw_vec2 g = tw_v2(100, 100), fwd = tw_v2(0, 1);
	assert_true(lw_ks_stand_ok(g, fwd, tw_v2(100, 28)));   // 72 in behind
	assert_false(lw_ks_stand_ok(g, fwd, tw_v2(100, 27.9))); // beyond 6 ft
	assert_false(lw_ks_stand_ok(g, fwd, tw_v2(100, 101)));  // in front
	assert_true(lw_ks_stand_ok(g, fwd, tw_v2(172, 100)));   // level with it, 6 ft aside
}

// KS.GNL.2: invulnerable by default; under Sykes's option a shell wounds (3 own moves away), a
// rifle or gun hit or capture removes him.
static void test_KS_GNL_2_sykes_option(void **state)
{
	(void)state;
	assert_int_equal(lw_ks_general_hit(false, true, true), LW_GNL_UNHURT);
	assert_int_equal(lw_ks_general_hit(true, true, false), LW_GNL_WOUNDED);
	assert_int_equal(lw_ks_general_hit(true, false, true), LW_GNL_FALLEN);
	assert_int_equal(lw_ks_general_hit(true, true, true), LW_GNL_FALLEN);
	assert_int_equal(lw_ks_general_hit(true, false, false), LW_GNL_UNHURT);
	assert_int_equal(LW_KS_WOUNDED_MOVES, 3);
}

// KS.SH.1 / KS.SH.2 / LW.EX.20: the screw lands at a point; of the men within 3 in half die,
// rounded up: 5 -> 3, 4 -> 2, 1 -> 1; KS.SH.5: a man behind a wall is not counted.
static void test_LW_EX_20_shell_results(void **state)
{
	(void)state;
	assert_int_equal(lw_ks_shell_kills(5), 3);
	assert_int_equal(lw_ks_shell_kills(4), 2);
	assert_int_equal(lw_ks_shell_kills(1), 1);
	assert_int_equal(lw_ks_shell_kills(0), 0);
	tw_state *s = tw_test_lw_state(120, 120, 5, 0);
	// Five blue men around (60, 60): centres 0, 1, 2, 3.2 and 3.3 in away (radius 0.3: nearest
	// points 0, 0.7, 1.7, 2.9, 3.0 in); one more at 3.31 in (3.01 in: outside).
	double dx[6] = {0, 1, 2, 3.2, 3.3, 3.31};
	for (int k = 0; k < 6; k++)
		tw_test_man(s, 1, INF, 60 + dx[k], 60 + (k == 0 ? 0 : 0.0) + (k % 2 ? 0.0 : 0.0));
	// Blue man behind a wall: at (60, 57.5), the wall between y = 58.4 and 58.6.
	tw_test_man(s, 1, INF, 60, 57.5);
	tw_test_box(s, TW_TER_WALL, 55, 58.4, 65, 58.6, 2.0);
	// A red man 2 in away on the other side: one alone, one dies (each side separately).
	tw_test_man(s, 0, INF, 58, 61);
	tw_events ev = {0};
	lw_ks_shell_result r;
	lw_ks_shell(s, tw_v2(60, 60), &r, &ev);
	assert_int_equal(r.in_zone[1], 5);
	assert_int_equal(r.covered[1], 1);
	assert_int_equal(r.killed[1], 3);
	assert_int_equal(dead(s, 1), 3);
	assert_int_equal(s->fig[0].status, TW_FS_DEAD); // nearest first
	assert_int_equal(s->fig[1].status, TW_FS_DEAD);
	assert_int_equal(s->fig[2].status, TW_FS_DEAD);
	assert_int_equal(s->fig[3].status, TW_FS_ACTIVE);
	assert_int_equal(s->fig[6].status, TW_FS_ACTIVE); // behind the wall
	assert_int_equal(r.in_zone[0], 1);
	assert_int_equal(r.killed[0], 1);
	int kills = 0;
	for (int i = 0; i < ev.n; i++)
		if (ev.v[i].type == TW_EV_KILL) {
			assert_string_equal(ev.v[i].clause, "KS.SH.2");
			kills++;
		}
	assert_int_equal(kills, 4);
	tw_events_free(&ev);
	tw_test_free(s);
}

// KS.SH.3: a gun wholly inside the 3 in circle is destroyed, partly inside disabled 2 moves.
static void test_KS_SH_3_guns_in_the_zone(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(120, 120, 5, 0);
	int g0 = tw_test_gun(s, 0, 30, 30, 0);  // trail 3, muzzle 2, wheels 0.9
	int g1 = tw_test_gun(s, 0, 80, 30, 0);
	for (int k = 0; k < 4; k++) { // crews, out of the zones
		tw_test_man(s, 0, INF, 26 + k, 24);
		tw_test_man(s, 0, INF, 76 + k, 24);
	}
	assert_int_equal(lw_ks_shell_gun(&s->gun[g0], tw_v2(30, 30)), 2);          // trail end 3 in: inside
	assert_int_equal(lw_ks_shell_gun(&s->gun[g0], tw_v2(30, 30.01)), 1);       // trail end 3.01 in
	assert_int_equal(lw_ks_shell_gun(&s->gun[g0], tw_v2(30, 35.01)), 0);       // muzzle 3.01 in
	assert_true(lw_gun_in_action(s, &s->gun[g0], 0));
	tw_events ev = {0};
	lw_ks_shell_result r;
	lw_ks_shell(s, tw_v2(30, 30), &r, &ev);
	lw_ks_shell(s, tw_v2(80, 34), &r, &ev); // muzzle 2 in ahead: partly
	assert_int_equal(r.guns_disabled, 1);
	assert_true(LWGN(s, &s->gun[g0])->ks_destroyed);
	assert_false(lw_gun_in_action(s, &s->gun[g0], 0));
	assert_int_equal(LWGN(s, &s->gun[g1])->ks_disabled_until, 9);
	assert_false(lw_gun_in_action(s, &s->gun[g1], 0));
	s->move_no = 10; // its side's next 2 moves are over
	assert_true(lw_gun_in_action(s, &s->gun[g1], 0));
	assert_false(lw_gun_in_action(s, &s->gun[g0], 0));
	tw_events_free(&ev);
	tw_test_free(s);
}

// KS.SH.4 / KS.SH.6: a waggon, engine or truck wholly or partly inside is destroyed.
static void test_KS_SH_4_6_waggons_and_trucks(void **state)
{
	(void)state;
	assert_true(lw_ks_shell_destroys_vehicle(3.0));
	assert_true(lw_ks_shell_destroys_vehicle(0.0));
	assert_false(lw_ks_shell_destroys_vehicle(3.01));
}

// KS.SH.5: cover (wall, house, entrenchment) between the shell and a man: not counted.
static void test_KS_SH_5_cover(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(120, 120, 5, 0);
	tw_test_man(s, 1, INF, 60, 62); // behind a house
	tw_test_man(s, 1, INF, 62, 60); // in the open
	tw_test_box(s, TW_TER_HOUSE, 59, 60.8, 61, 61.3, 4.0);
	tw_events ev = {0};
	lw_ks_shell_result r;
	lw_ks_shell(s, tw_v2(60, 60), &r, &ev);
	assert_int_equal(r.covered[1], 1);
	assert_int_equal(r.in_zone[1], 1);
	assert_int_equal(s->fig[0].status, TW_FS_ACTIVE);
	assert_int_equal(s->fig[1].status, TW_FS_DEAD);
	tw_events_free(&ev);
	tw_test_free(s);
}

// KS.RF.1: a shot for every 5 still infantrymen roughly in a line.
static void test_KS_RF_1_rifle_fire_by_fives(void **state)
{
	(void)state;
	assert_int_equal(lw_ks_rifle_shots(4, false), 0);
	assert_int_equal(lw_ks_rifle_shots(5, false), 1);
	assert_int_equal(lw_ks_rifle_shots(14, false), 2);
	assert_int_equal(lw_ks_rifle_shots(15, true), 0); // they moved (KS.MOV.5)
	tw_vec2 line[5] = {{0, 0}, {1, 0.5}, {2, -0.9}, {3, 0.2}, {4, 0}};
	assert_true(lw_ks_in_line(line, 5));
	line[2].y = -1.1;
	assert_false(lw_ks_in_line(line, 5));
}

// KS.MOV.1: the move table by arm; KS.MOV.2: twos or fours on a road, half as much again.
static void test_KS_MOV_1_2_move_table(void **state)
{
	(void)state;
	assert_true(lw_ks_move(LW_ARM_INFANTRY, false, false) == 12.0);
	assert_true(lw_ks_move(LW_ARM_CAVALRY, false, false) == 36.0);
	assert_true(lw_ks_move(LW_ARM_RE, false, false) == 24.0);
	assert_true(lw_ks_move(LW_ARM_RA, true, false) == 24.0);
	assert_true(lw_ks_move(LW_ARM_TS, false, false) == 6.0);
	assert_true(lw_ks_move(LW_ARM_TS, true, false) == 12.0);
	assert_true(lw_ks_move(LW_ARM_GENERAL, true, false) == 72.0);
	assert_true(lw_ks_move(LW_ARM_GENERAL, false, false) == 36.0);
	assert_true(lw_ks_move(LW_ARM_BOATS, false, false) == 12.0);
	assert_true(lw_ks_move(LW_ARM_INFANTRY, true, true) == 18.0);
	assert_true(lw_ks_move(LW_ARM_CAVALRY, true, true) == 54.0);
	assert_true(lw_ks_move(LW_ARM_INFANTRY, true, false) == 12.0); // on a road, not in fours
}

// KS.MOV.3: a contour up costs 1 ft, two down cost 1 ft.
static void test_KS_MOV_3_contour_costs(void **state)
{
	(void)state;
	assert_true(lw_ks_contour_cost(1, 0) == 12.0);
	assert_true(lw_ks_contour_cost(0, 2) == 12.0);
	assert_true(lw_ks_contour_cost(2, 1) == 30.0);
	assert_true(lw_ks_contour_cost(0, 0) == 0.0);
}

// KS.MOV.4: wheels cannot pass four contours to the foot except by road.
static void test_KS_MOV_4_wheels_and_steep_ground(void **state)
{
	(void)state;
	assert_false(lw_ks_wheels_pass(LW_ARM_RA, 4, false));
	assert_true(lw_ks_wheels_pass(LW_ARM_RA, 4, true));
	assert_true(lw_ks_wheels_pass(LW_ARM_RA, 3, false));
	assert_false(lw_ks_wheels_pass(LW_ARM_TS, 5, false));
	assert_true(lw_ks_wheels_pass(LW_ARM_INFANTRY, 6, false));
}

// KS.MOV.5: infantry, cavalry and artillery may not both fire and move.
static void test_KS_MOV_5_fire_or_move(void **state)
{
	(void)state;
	tw_error err = {0};
	expect_refused(lw_ks_check_fire_move(LW_ARM_INFANTRY, true, true, &err), &err, "KS.MOV.5");
	expect_refused(lw_ks_check_fire_move(LW_ARM_RA, true, true, &err), &err, "KS.MOV.5");
	assert_int_equal(lw_ks_check_fire_move(LW_ARM_CAVALRY, true, false, &err), TW_OK);
	assert_int_equal(lw_ks_check_fire_move(LW_ARM_RE, true, true, &err), TW_OK);
}

// KS.FORM.1-3: formation changes in half moves; boats per 20 men rounded up.
static void test_KS_FORM_1_2_3_formations(void **state)
{
	(void)state;
	tw_error err = {0};
	assert_int_equal(lw_ks_form_halves(LW_FA_FORD, LW_ARM_INFANTRY, 10, &err), 2);
	assert_int_equal(lw_ks_form_halves(LW_FA_FOURS_RANKS, LW_ARM_INFANTRY, 10, &err), 1);
	assert_int_equal(lw_ks_form_halves(LW_FA_RANKS_EXT, LW_ARM_INFANTRY, 10, &err), 1);
	assert_int_equal(lw_ks_form_halves(LW_FA_EMBARK, LW_ARM_INFANTRY, 20, &err), 4);
	assert_int_equal(lw_ks_form_halves(LW_FA_EMBARK, LW_ARM_INFANTRY, 21, &err), 8);
	assert_int_equal(lw_ks_form_halves(LW_FA_DISEMBARK, LW_ARM_INFANTRY, 41, &err), 6);
	assert_int_equal(lw_ks_form_halves(LW_FA_FORD, LW_ARM_CAVALRY, 10, &err), 2);
	assert_int_equal(lw_ks_form_halves(LW_FA_CAV_FORM, LW_ARM_CAVALRY, 10, &err), 1);
	assert_int_equal(lw_ks_form_halves(LW_FA_MOUNT, LW_ARM_CAVALRY, 10, &err), 2);
	assert_int_equal(lw_ks_form_halves(LW_FA_DISMOUNT, LW_ARM_CAVALRY, 10, &err), 2);
	assert_int_equal(lw_ks_form_halves(LW_FA_UNLIMBER, LW_ARM_RA, 1, &err), 1);
	assert_int_equal(lw_ks_form_halves(LW_FA_LIMBER, LW_ARM_RA, 1, &err), 1);
	assert_int_equal(lw_ks_form_halves(LW_FA_FORD, LW_ARM_RA, 1, &err), -1);
	assert_string_equal(err.clause, "KS.FORM.3");
	assert_int_equal(lw_ks_form_halves(LW_FA_MOUNT, LW_ARM_INFANTRY, 1, &err), -1);
	assert_string_equal(err.clause, "KS.FORM.2");
}

// KS.FORM.4: engineers neither ford nor begin a demolition in a move they moved.
static void test_KS_FORM_4_engineers(void **state)
{
	(void)state;
	tw_error err = {0};
	assert_int_equal(lw_ks_form_halves(LW_FA_FORD, LW_ARM_RE, 4, &err), -1);
	assert_string_equal(err.clause, "KS.FORM.4");
	expect_refused(lw_ks_check_re_start(true, &err), &err, "KS.FORM.4");
	lw_work w;
	expect_refused(lw_ks_work_start(&w, LW_KS_DEMOLISH_ROAD_BRIDGE, 4, true, 3, &err), &err, "KS.FORM.4");
	assert_int_equal(lw_ks_work_start(&w, LW_KS_DEMOLISH_ROAD_BRIDGE, 4, false, 3, &err), TW_OK);
}

// KS.FORM.5: supply neither fords nor hands over in a move it moved.
static void test_KS_FORM_5_supply_train(void **state)
{
	(void)state;
	tw_error err = {0};
	assert_int_equal(lw_ks_form_halves(LW_FA_FORD, LW_ARM_TS, 4, &err), -1);
	assert_string_equal(err.clause, "KS.FORM.5");
	expect_refused(lw_ks_check_handover(true, &err), &err, "KS.FORM.5");
	assert_int_equal(lw_ks_check_handover(false, &err), TW_OK);
}

// KS.SUP.1: food per 30 men, forage per 6 horses, ammunition for bodies that fired 6 moves.
static void test_KS_SUP_1_packets_due(void **state)
{
	(void)state;
	lw_ks_body b = {.infantry = 60, .cavalry = 12, .horses = 12, .fired_moves = 6, .has_ammo = true, .last_horse = -1};
	int food, forage, ammo;
	lw_ks_packets_due(&b, &food, &forage, &ammo);
	assert_int_equal(food, 2);   // 72 men: (72 + 15) / 30
	assert_int_equal(forage, 2); // 12 horses
	assert_int_equal(ammo, 2);   // 60 infantry fired in all 6 moves
	b.fired_moves = 5;
	lw_ks_packets_due(&b, &food, &forage, &ammo);
	assert_int_equal(ammo, 0);
	assert_int_equal(lw_ks_forage_packets(8), 1);
	assert_int_equal(lw_ks_forage_packets(9), 2);
}

// KS.SUP.2: supplies within 6 ft of infantry, 18 ft of cavalry; KS.SUP.5: no enemy between.
static void test_KS_SUP_2_5_reach_and_enemy_between(void **state)
{
	(void)state;
	tw_vec2 sup = tw_v2(0, 0);
	assert_true(lw_ks_supply_reaches(sup, tw_v2(72, 0), false, NULL, 0, 0.3));
	assert_false(lw_ks_supply_reaches(sup, tw_v2(72.1, 0), false, NULL, 0, 0.3));
	assert_true(lw_ks_supply_reaches(sup, tw_v2(216, 0), true, NULL, 0, 0.3));
	tw_vec2 foe[1] = {{36, 0.2}};
	assert_false(lw_ks_supply_reaches(sup, tw_v2(72, 0), false, foe, 1, 0.3));
	foe[0].y = 0.4;
	assert_true(lw_ks_supply_reaches(sup, tw_v2(72, 0), false, foe, 1, 0.3));
}

// KS.SUP.3: an isolated body under 30 infantry needs no supply.
static void test_KS_SUP_3_isolated_small_body(void **state)
{
	(void)state;
	lw_ks_body b = {.infantry = 29, .isolated = true, .last_horse = -1};
	assert_false(lw_ks_needs_supply(&b));
	b.infantry = 30;
	assert_true(lw_ks_needs_supply(&b));
	b.infantry = 29;
	b.isolated = false;
	assert_true(lw_ks_needs_supply(&b));
	assert_int_equal(lw_ks_supply_cycle(&(lw_ks_body){.infantry = 20, .isolated = true, .last_horse = -1}, 0, 0, 0, false) == NULL, 1);
}

// KS.SUP.4 / LW.EX.14: 46 infantry need 2 packets and 44 need 1.
static void test_LW_EX_14_supply_rounding(void **state)
{
	(void)state;
	assert_int_equal(lw_ks_food_packets(46), 2);
	assert_int_equal(lw_ks_food_packets(44), 1);
	assert_int_equal(lw_ks_food_packets(45), 2);
	assert_int_equal(lw_ks_food_packets(14), 0);
	assert_int_equal(lw_ks_food_packets(15), 1);
}

// KS.SUP.6 / KS.SUP.7 / KS.SUP.10: a surrounded force is fed per 30 men and 6 horses; it eats a
// horse for a food packet (never for forage: its trooper fights on foot), and surrenders 4 moves
// after the last horse.
static void test_KS_SUP_6_7_10_siege(void **state)
{
	(void)state;
	lw_ks_body b = {.infantry = 50, .cavalry = 10, .horses = 2, .surrounded = true, .has_ammo = true, .last_horse = -1};
	// 60 men want 2 food; 2 horses want 1 forage. Nothing comes in: 2 horses eaten for food.
	assert_null(lw_ks_supply_cycle(&b, 0, 1, 0, true));
	assert_int_equal(b.horses, 0);
	assert_int_equal(b.cavalry, 8);
	assert_int_equal(b.infantry, 52);
	assert_int_equal(b.unsupplied, 0); // fed by horses
	assert_int_equal(b.last_horse, 0);
	assert_null(lw_ks_supply_tick(&b));
	assert_null(lw_ks_supply_tick(&b));
	assert_null(lw_ks_supply_tick(&b));
	assert_string_equal(lw_ks_supply_tick(&b), "KS.SUP.10");
	assert_true(b.surrendered);
	assert_false(lw_ks_may_move(&b));
	// Forage cannot be met with horses (KS.SUP.7): 6 horses, food in, no forage: unsupplied.
	lw_ks_body c = {.cavalry = 6, .horses = 6, .surrounded = true, .has_ammo = true, .last_horse = -1};
	assert_null(lw_ks_supply_cycle(&c, 1, 0, 0, true));
	assert_int_equal(c.horses, 6);
	assert_int_equal(c.unsupplied, 1);
}

// KS.SUP.8: infantry without ammunition cannot fire; guns always can.
static void test_KS_SUP_8_ammunition(void **state)
{
	(void)state;
	lw_ks_body b = {.infantry = 60, .fired_moves = 6, .has_ammo = true, .last_horse = -1};
	assert_null(lw_ks_supply_cycle(&b, 2, 0, 1, false)); // 2 ammunition packets due, 1 handed in
	assert_false(b.has_ammo);
	assert_false(lw_ks_may_fire(&b, false));
	assert_true(lw_ks_may_fire(&b, true));
	b.fired_moves = 6;
	assert_null(lw_ks_supply_cycle(&b, 2, 0, 2, false));
	assert_true(b.has_ammo);
}

// KS.SUP.9: unsupplied troops cannot move; 6 consecutive moves without supply, out of action.
static void test_KS_SUP_9_starvation(void **state)
{
	(void)state;
	lw_ks_body b = {.infantry = 60, .has_ammo = true, .last_horse = -1};
	assert_null(lw_ks_supply_cycle(&b, 1, 0, 0, false)); // 2 due
	assert_false(lw_ks_may_move(&b));
	for (int k = 0; k < 5; k++)
		assert_null(lw_ks_supply_tick(&b));
	assert_string_equal(lw_ks_supply_tick(&b), "KS.SUP.9");
	assert_true(b.out_of_action);
	lw_ks_body c = {.infantry = 60, .has_ammo = true, .last_horse = -1};
	assert_null(lw_ks_supply_cycle(&c, 1, 0, 0, false));
	for (int k = 0; k < 3; k++)
		assert_null(lw_ks_supply_tick(&c));
	assert_null(lw_ks_supply_cycle(&c, 2, 0, 0, false)); // arrives in time
	assert_true(lw_ks_may_move(&c));
}

// KS.RE.1: demolition and repair times; KS.RE.2-6: the other works' men and moves.
static void test_KS_RE_1_to_6_work_table(void **state)
{
	(void)state;
	assert_int_equal(lw_ks_works[LW_KS_DEMOLISH_RAIL_BRIDGE].moves, 2);
	assert_int_equal(lw_ks_works[LW_KS_REPAIR_RAIL_BRIDGE].moves, 10);
	assert_int_equal(lw_ks_works[LW_KS_DEMOLISH_CULVERT].moves, 1);
	assert_int_equal(lw_ks_works[LW_KS_REPAIR_CULVERT].moves, 5);
	assert_int_equal(lw_ks_works[LW_KS_DEMOLISH_ROAD_BRIDGE].moves, 1);
	assert_int_equal(lw_ks_works[LW_KS_REPAIR_ROAD_BRIDGE].moves, 5);
	// KS.RE.2: one man burns a depot in 2 moves.
	tw_error err = {0};
	lw_work w;
	assert_int_equal(lw_ks_work_start(&w, LW_KS_BURN_DEPOT, 1, false, 11, &err), TW_OK);
	assert_false(lw_ks_work_step(&w, 1, false));
	assert_true(lw_ks_work_step(&w, 1, false));
	// KS.RE.3: four men wreck 6 waggons' contents in 1 move; three are too few.
	expect_refused(lw_ks_work_start(&w, LW_KS_WRECK_WAGGONS, 3, false, 11, &err), &err, "KS.RE.3");
	assert_int_equal(lw_ks_work_start(&w, LW_KS_WRECK_WAGGONS, 4, false, 11, &err), TW_OK);
	assert_true(lw_ks_work_step(&w, 4, false));
	// KS.RE.4: 2 men, 6 moves, a mine; it destroys everything within 6 in.
	assert_int_equal(lw_ks_work_start(&w, LW_KS_MINE, 2, false, 11, &err), TW_OK);
	for (int k = 0; k < 5; k++)
		assert_false(lw_ks_work_step(&w, 2, false));
	assert_true(lw_ks_work_step(&w, 2, false));
	assert_true(lw_ks_mine_destroys(6.0));
	assert_false(lw_ks_mine_destroys(6.01));
	// KS.RE.5: 2k men make k in of trench in 4 moves.
	assert_int_equal(lw_ks_trench_inches(10), 5);
	assert_int_equal(lw_ks_trench_inches(11), 5);
	assert_int_equal(lw_ks_work_start(&w, LW_KS_ENTRENCH, 10, false, 11, &err), TW_OK);
	for (int k = 0; k < 3; k++)
		assert_false(lw_ks_work_step(&w, 10, false));
	assert_false(lw_ks_work_step(&w, 9, false)); // a pair short: begun again
	assert_int_equal(w.done, 0);
	// KS.RE.6: six men, one epaulement, 4 moves.
	expect_refused(lw_ks_work_start(&w, LW_KS_EPAULEMENT, 5, false, 11, &err), &err, "KS.RE.6");
	assert_int_equal(lw_ks_works[LW_KS_EPAULEMENT].moves, 4);
}

// KS.RE.7: a work's start is recorded with its game move (kept from the enemy: lw_boxes).
static void test_KS_RE_7_timestamped_record(void **state)
{
	(void)state;
	tw_error err = {0};
	lw_work w;
	assert_int_equal(lw_ks_work_start(&w, LW_KS_MINE, 2, false, 17, &err), TW_OK);
	assert_int_equal(w.start, 17);
	assert_int_equal(w.kind, LW_KS_MINE);
}

// KS.CH.1: at least 8, in formation, within 36 in; bands far > 24, middle > 12, near.
static void test_KS_CH_1_who_may_charge(void **state)
{
	(void)state;
	tw_error err = {0};
	lw_ks_charge_out o;
	lw_ks_charge_in in = {.sabres = 7, .target = LW_CT_EXTENDED, .defenders = 10, .gap_in = 10, .formed = true};
	expect_refused(lw_ks_charge(&in, &o, &err), &err, "KS.CH.1");
	in.sabres = 8;
	in.formed = false;
	expect_refused(lw_ks_charge(&in, &o, &err), &err, "KS.CH.1");
	in.formed = true;
	in.gap_in = 36.01;
	expect_refused(lw_ks_charge(&in, &o, &err), &err, "KS.CH.1");
	in.gap_in = 36.0;
	assert_int_equal(lw_ks_charge(&in, &o, &err), TW_OK);
	assert_int_equal(lw_ks_band(24.01), LW_BAND_FAR);
	assert_int_equal(lw_ks_band(24.0), LW_BAND_MID);
	assert_int_equal(lw_ks_band(12.01), LW_BAND_MID);
	assert_int_equal(lw_ks_band(12.0), LW_BAND_NEAR);
}

static lw_ks_charge_out charge(int sabres, int target, int defenders, double gap)
{
	lw_ks_charge_in in = {.sabres = sabres, .target = target, .defenders = defenders, .gap_in = gap, .formed = true};
	lw_ks_charge_out o;
	tw_error err = {0};
	assert_int_equal(lw_ks_charge(&in, &o, &err), TW_OK);
	return o;
}

// KS.CH.2 / LW.EX.21: 10 cavalry charge 25 infantry in extended order.
static void test_LW_EX_21_extended_order(void **state)
{
	(void)state;
	lw_ks_charge_out o = charge(10, LW_CT_EXTENDED, 25, 30);
	assert_int_equal(o.cav_lost, 5);
	assert_int_equal(o.def_lost, 10);
	o = charge(10, LW_CT_EXTENDED, 25, 18);
	assert_int_equal(o.cav_lost, 2);
	assert_int_equal(o.def_lost, 20);
	o = charge(10, LW_CT_EXTENDED, 25, 6);
	assert_int_equal(o.cav_lost, 1);
	assert_int_equal(o.def_lost, 25); // capped from 30
	assert_string_equal(o.clause, "KS.CH.2");
	// KS.CH.4: extended order falls back 1 ft next move.
	assert_true(o.def_back == 12.0);
	assert_false(o.def_still);
}

// KS.CH.3 / LW.EX.15: close order, as the book states it: > 2 ft, 1 infantryman kills 3 cavalry
// and 15 cavalry kill 1; 1-2 ft, 1 kills 2 and 10 kill 1; under 1 ft, 1 kills 1 and 5 kill 1.
static void test_LW_EX_15_close_order_ratios(void **state)
{
	(void)state;
	const int cav_per_man[3] = {3, 2, 1}, sabres_per_man[3] = {15, 10, 5};
	for (int b = 0; b < LW_BAND_COUNT; b++) {
		assert_int_equal(lw_ks_charge_close[b].cav_k, cav_per_man[b]);
		assert_int_equal(lw_ks_charge_close[b].cav_per, 1);
		assert_int_equal(lw_ks_charge_close[b].inf_k, 1);
		assert_int_equal(lw_ks_charge_close[b].inf_per, sabres_per_man[b]);
	}
	lw_ks_charge_out o = charge(30, LW_CT_CLOSE, 5, 30); // far: 15 lost, 2 infantry
	assert_int_equal(o.cav_lost, 15);
	assert_int_equal(o.def_lost, 2);
	o = charge(30, LW_CT_CLOSE, 5, 18);
	assert_int_equal(o.cav_lost, 10);
	assert_int_equal(o.def_lost, 3);
	o = charge(30, LW_CT_CLOSE, 5, 6);
	assert_int_equal(o.cav_lost, 5);
	assert_int_equal(o.def_lost, 5); // 6 capped to the 5 present
	o = charge(8, LW_CT_CLOSE, 20, 30);
	assert_int_equal(o.cav_lost, 8); // capped
	assert_int_equal(o.def_lost, 0);
	assert_string_equal(o.clause, "KS.CH.3");
	assert_true(o.def_still); // KS.CH.4: close order charged may not move next move
}

// KS.CH.4: the after-effects, for each order.
static void test_KS_CH_4_after_the_charge(void **state)
{
	(void)state;
	lw_ks_charge_out c = charge(10, LW_CT_CLOSE, 10, 20), e = charge(10, LW_CT_EXTENDED, 10, 20);
	assert_true(c.def_still && c.def_back == 0.0);
	assert_true(!e.def_still && e.def_back == 12.0);
}

// KS.CH.5 / LW.EX.22: 8 cavalry charge 60 stationary mounted cavalry: 40 killed, 20 driven
// back 3 ft (the limit would be 120).
static void test_LW_EX_22_stationary_cavalry(void **state)
{
	(void)state;
	lw_ks_charge_out o = charge(8, LW_CT_STILL_CAV, 60, 20);
	assert_int_equal(o.def_lost, 40);
	assert_int_equal(o.def_driven, 20);
	assert_int_equal(o.cav_lost, 0);
	assert_string_equal(o.clause, "KS.CH.5");
	o = charge(8, LW_CT_STILL_CAV, 200, 20);
	assert_int_equal(o.def_lost, 40);
	assert_int_equal(o.def_driven, 120);
}

// KS.CH.6: dismounted cavalry charged counts as infantry in extended order.
static void test_KS_CH_6_dismounted(void **state)
{
	(void)state;
	lw_ks_charge_out o = charge(10, LW_CT_EXTENDED, 25, 30); // same table as LW.EX.21
	assert_int_equal(o.cav_lost, 5);
	assert_int_equal(o.def_lost, 10);
}

// KS.CH.7: equal numbers on the level: a coin; the loser loses 3/4 and retires, the winner 1/4.
static void test_KS_CH_7_coin_toss(void **state)
{
	(void)state;
	tw_error err = {0};
	lw_ks_charge_out o;
	lw_ks_charge_in in = {.sabres = 10, .target = LW_CT_CAVALRY, .defenders = 10, .gap_in = 20, .formed = true, .coin = 0};
	assert_int_equal(lw_ks_charge(&in, &o, &err), TW_OK);
	assert_int_equal(o.cav_lost, 3); // 2.5 rounds up
	assert_int_equal(o.def_lost, 8); // 7.5 rounds up
	assert_true(o.def_retires);
	in.coin = 1;
	assert_int_equal(lw_ks_charge(&in, &o, &err), TW_OK);
	assert_int_equal(o.cav_lost, 8);
	assert_int_equal(o.def_lost, 3);
	assert_false(o.def_retires);
	assert_string_equal(o.clause, "KS.CH.7");
}

// KS.CH.8: unequal numbers: the melee rules (LW.MEL.5-7).
static void test_KS_CH_8_unequal_numbers_melee(void **state)
{
	(void)state;
	tw_error err = {0};
	lw_ks_charge_out o;
	lw_ks_charge_in in = {.sabres = 18, .target = LW_CT_CAVALRY, .defenders = 21, .gap_in = 20, .formed = true,
			      .isolated = {true, false}};
	assert_int_equal(lw_ks_charge(&in, &o, &err), TW_OK); // LW.EX.6's numbers: 15 each, 3 taken
	assert_int_equal(o.cav_lost, 15);
	assert_int_equal(o.def_lost, 15);
	assert_int_equal(o.prisoners, 3);
	assert_string_equal(o.clause, "KS.CH.8");
	in.isolated[0] = false;
	assert_int_equal(lw_ks_charge(&in, &o, &err), TW_OK);
	assert_int_equal(o.cav_lost, 18);
	assert_int_equal(o.def_lost, 18);
}

// KS.CH.9: downhill, numbers x2, x3, x4 for 1, 2, 3 contours; the charger's losses divided back.
static void test_KS_CH_9_downhill(void **state)
{
	(void)state;
	tw_error err = {0};
	lw_ks_charge_out o;
	// 10 down 1 contour count 20 against 20: equal, a coin; the charger wins: his quarter of 20
	// is 5, divided by 2: 3 (rounded up); the defender loses 15.
	lw_ks_charge_in in = {.sabres = 10, .target = LW_CT_CAVALRY, .defenders = 20, .gap_in = 20, .formed = true, .contours = 1};
	assert_int_equal(lw_ks_charge(&in, &o, &err), TW_OK);
	assert_string_equal(o.clause, "KS.CH.7");
	assert_int_equal(o.cav_lost, 3);
	assert_int_equal(o.def_lost, 15);
	// 8 down 3 contours count 32 against 20 supported: 20 die each side; 20 / 4 = 5 chargers.
	lw_ks_charge_in in3 = {.sabres = 8, .target = LW_CT_CAVALRY, .defenders = 20, .gap_in = 20, .formed = true, .contours = 3};
	assert_int_equal(lw_ks_charge(&in3, &o, &err), TW_OK);
	assert_int_equal(o.cav_lost, 5);
	assert_int_equal(o.def_lost, 20);
}

// KS.CH.10: retiring cavalry keeps retiring while pursued; off the field or into an unfordable
// river, destroyed. KS.CH.13: artillery likewise.
static void test_KS_CH_10_13_retiring(void **state)
{
	(void)state;
	assert_true(lw_ks_must_retire(true, false));
	assert_false(lw_ks_must_retire(true, true));
	assert_false(lw_ks_must_retire(false, false));
	assert_true(lw_ks_retreat_destroyed(true, false));
	assert_true(lw_ks_retreat_destroyed(false, true));
	assert_false(lw_ks_retreat_destroyed(false, false));
}

// KS.CH.11: infantry that retired and is charged: double in extended order; 2 or 3 a sabre in
// ranks or fours; the cavalry loses nothing.
static void test_KS_CH_11_retired_infantry(void **state)
{
	(void)state;
	tw_error err = {0};
	lw_ks_charge_out o;
	lw_ks_charge_in in = {.sabres = 10, .target = LW_CT_EXTENDED, .defenders = 60, .gap_in = 18, .formed = true, .retired = true};
	assert_int_equal(lw_ks_charge(&in, &o, &err), TW_OK);
	assert_int_equal(o.def_lost, 40); // 2 x 20
	assert_int_equal(o.cav_lost, 0);
	assert_true(o.def_retires);
	in.target = LW_CT_CLOSE;
	in.gap_in = 30;
	assert_int_equal(lw_ks_charge(&in, &o, &err), TW_OK);
	assert_int_equal(o.def_lost, 20);
	in.gap_in = 24;
	assert_int_equal(lw_ks_charge(&in, &o, &err), TW_OK);
	assert_int_equal(o.def_lost, 30);
	assert_string_equal(o.clause, "KS.CH.11");
}

// KS.CH.12: cavalry charging undefended guns takes one, losing 4, 3 or 1 a gun by band.
static void test_KS_CH_12_charging_guns(void **state)
{
	(void)state;
	lw_ks_charge_out o = charge(10, LW_CT_GUNS, 2, 30);
	assert_int_equal(o.guns_taken, 1);
	assert_int_equal(o.cav_lost, 4);
	assert_int_equal(charge(10, LW_CT_GUNS, 1, 20).cav_lost, 3);
	assert_int_equal(charge(10, LW_CT_GUNS, 1, 10).cav_lost, 1);
}

// KS.RAIL.1: trains 8 ft a move; loading 2 moves per 20 men, unloading 1 per 20.
static void test_KS_RAIL_1_trains(void **state)
{
	(void)state;
	tw_error err = {0};
	assert_true(lw_rail_train_move(8, true, 1, &err) == 96.0);
	assert_int_equal(lw_rail_load_moves(20, true), 2);
	assert_int_equal(lw_rail_load_moves(21, true), 4);
	assert_int_equal(lw_rail_unload_moves(41, true), 3);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_KS_GEN_1_2_seats_of_a_side),
		cmocka_unit_test(test_KS_TER_1_2_blocks_and_figures),
		cmocka_unit_test(test_KS_GNL_1_six_foot_rule),
		cmocka_unit_test(test_KS_GNL_2_sykes_option),
		cmocka_unit_test(test_LW_EX_20_shell_results),
		cmocka_unit_test(test_KS_SH_3_guns_in_the_zone),
		cmocka_unit_test(test_KS_SH_4_6_waggons_and_trucks),
		cmocka_unit_test(test_KS_SH_5_cover),
		cmocka_unit_test(test_KS_RF_1_rifle_fire_by_fives),
		cmocka_unit_test(test_KS_MOV_1_2_move_table),
		cmocka_unit_test(test_KS_MOV_3_contour_costs),
		cmocka_unit_test(test_KS_MOV_4_wheels_and_steep_ground),
		cmocka_unit_test(test_KS_MOV_5_fire_or_move),
		cmocka_unit_test(test_KS_FORM_1_2_3_formations),
		cmocka_unit_test(test_KS_FORM_4_engineers),
		cmocka_unit_test(test_KS_FORM_5_supply_train),
		cmocka_unit_test(test_KS_SUP_1_packets_due),
		cmocka_unit_test(test_KS_SUP_2_5_reach_and_enemy_between),
		cmocka_unit_test(test_KS_SUP_3_isolated_small_body),
		cmocka_unit_test(test_LW_EX_14_supply_rounding),
		cmocka_unit_test(test_KS_SUP_6_7_10_siege),
		cmocka_unit_test(test_KS_SUP_8_ammunition),
		cmocka_unit_test(test_KS_SUP_9_starvation),
		cmocka_unit_test(test_KS_RE_1_to_6_work_table),
		cmocka_unit_test(test_KS_RE_7_timestamped_record),
		cmocka_unit_test(test_KS_CH_1_who_may_charge),
		cmocka_unit_test(test_LW_EX_21_extended_order),
		cmocka_unit_test(test_LW_EX_15_close_order_ratios),
		cmocka_unit_test(test_KS_CH_4_after_the_charge),
		cmocka_unit_test(test_LW_EX_22_stationary_cavalry),
		cmocka_unit_test(test_KS_CH_6_dismounted),
		cmocka_unit_test(test_KS_CH_7_coin_toss),
		cmocka_unit_test(test_KS_CH_8_unequal_numbers_melee),
		cmocka_unit_test(test_KS_CH_9_downhill),
		cmocka_unit_test(test_KS_CH_10_13_retiring),
		cmocka_unit_test(test_KS_CH_11_retired_infantry),
		cmocka_unit_test(test_KS_CH_12_charging_guns),
		cmocka_unit_test(test_KS_RAIL_1_trains),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
