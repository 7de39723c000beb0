// Grant's fire through real orders with fixed dice (tw_gr_dice): the mutual exchange and the
// target owner's choice (GR.MUSK.2/3), the howitzer's shell (GR.HOW.5/6), counter-battery fire
// along the ball's line (GR.ART.6, GR.HOUSE.2) and fire spreading through a house (GR.HOUSE.7).
// Each test states the dice it fixes and the order in which the rules throw them.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gr_scene.h"
#include "rules/grant/gr.h"

#define RED 0
#define BLUE 1

// ---- GR.MUSK.2/3: the mutual exchange ----

// Red's 6 men (front rank files 9-14, x 58.625 .. 61.375, y 20) and blue's 9 (front rank files
// 7-15, x 62.475 .. 58.075, y 30),
// 10 in apart: band 6-12 in, first volleys, open: 2 off each die. Red 6 throws 1 die; blue 9
// throws 2 (a leftover of 3), or 1 once 2 have fallen (7: a leftover of 1).
static tw_state *exchange_scene(int *red, int *blue)
{
	tw_state *s = tw_gr_scene();
	*red = gr_build_unit(s, RED, TW_GR_LINE, "red", tw_v2(60, 20), 0, GR_F_LINE);
	*blue = gr_build_unit(s, BLUE, TW_GR_LINE, "blue", tw_v2(60, 30), 180, GR_F_LINE);
	tw_gr_start(s);
	const int kr[6] = {9, 10, 11, 12, 13, 14}, kb[9] = {7, 8, 9, 10, 11, 12, 13, 14, 15};
	tw_gr_keep(s, *red, kr, 6, true, 10, 2);
	tw_gr_keep(s, *blue, kb, 9, true, 100, 95);
	return s;
}

static tw_order *red_volley(const tw_state *s, int red, int blue)
{
	tw_order *v = tw_gr_order(GR_OT_VOLLEY, RED);
	assert_true(gr_order_volley(s, red, tw_gr_rf(s, blue, 7), v));
	return v;
}

// Clauses: GR.MUSK.2 GR.MUSK.3 GR.MUSK.5 GR.MUSK.10 GR.MUSK.11
static void test_GR_MUSK_2_GR_MUSK_3_exchange_in_turn_and_together(void **st)
{
	(void)st;
	int red, blue;
	tw_state *s = exchange_scene(&red, &blue);
	tw_events ev = {0};
	// Red throws 5, blue 3: red first. Red's die 5, less 2: 3 hits on blue's first group (its 6
	// men from red's left: x ascending), allocation 1, 2, 2: the first two fall. Blue answers with
	// 7: one die (2: no hits).
	TW_GR_DICE(s, 5, 3, 5, 1, 2, 2, 2);
	tw_gr_ok(s, red_volley(s, red, blue), &ev);
	const tw_event *t = tw_gr_nth(&ev, "GR.MUSK.2", TW_EV_TOSS, 0);
	assert_non_null(t);
	assert_int_equal(t->a, RED);
	assert_int_equal(t->b, 5);
	assert_int_equal(t->c, 3);
	assert_int_equal(tw_gr_count(&ev, "GR.MUSK.7", TW_EV_DICE), 2);
	const tw_event *d0 = tw_gr_nth(&ev, "GR.MUSK.7", TW_EV_DICE, 0), *d1 = tw_gr_nth(&ev, "GR.MUSK.7", TW_EV_DICE, 1);
	assert_int_equal(d0->side, RED);
	assert_int_equal(d0->a, 5);
	assert_int_equal(d0->c, 3);
	assert_int_equal(d0->d, 2);
	assert_int_equal(d1->side, BLUE);
	assert_int_equal(d1->a, 2);
	assert_int_equal(s->fig[tw_gr_rf(s, blue, 15)].status, TW_FS_DEAD); // x 58.075: red's left
	assert_int_equal(s->fig[tw_gr_rf(s, blue, 14)].status, TW_FS_DEAD);
	assert_int_equal(gr_rf_alive(s, blue), 7);
	assert_int_equal(gr_rf_alive(s, red), 6);
	assert_true(GRU(s, &s->unit[blue])->flags & GUF_FIRED_NOW);
	tw_events_free(&ev);
	tw_gr_free(s);
	// Equal throws, 4 and 4: both fire with their strength before either volley: blue's 9 throw
	// 2 dice (2, 2) though red's volley has already struck 2 of them down.
	s = exchange_scene(&red, &blue);
	ev = (tw_events){0};
	TW_GR_DICE(s, 4, 4, 5, 1, 2, 2, 2, 2);
	tw_gr_ok(s, red_volley(s, red, blue), &ev);
	assert_int_equal(tw_gr_nth(&ev, "GR.MUSK.2", TW_EV_TOSS, 0)->a, -1);
	assert_int_equal(tw_gr_count(&ev, "GR.MUSK.7", TW_EV_DICE), 3);
	assert_int_equal(tw_gr_nth(&ev, "GR.MUSK.7", TW_EV_DICE, 1)->side, BLUE);
	assert_int_equal(tw_gr_nth(&ev, "GR.MUSK.7", TW_EV_DICE, 2)->side, BLUE);
	assert_int_equal(gr_rf_alive(s, blue), 7);
	tw_events_free(&ev);
	tw_gr_free(s);
	// Blue throws higher (6 against 2): blue's 9 fire first, 2 dice: 3 (1 hit on red's group from
	// blue's left, x descending: allocation 1, the man at x 61.375) and 1; red answers with 5
	// men: one die (2).
	s = exchange_scene(&red, &blue);
	ev = (tw_events){0};
	TW_GR_DICE(s, 2, 6, 3, 1, 1, 2);
	tw_gr_ok(s, red_volley(s, red, blue), &ev);
	assert_int_equal(tw_gr_nth(&ev, "GR.MUSK.2", TW_EV_TOSS, 0)->a, BLUE);
	assert_int_equal(tw_gr_count(&ev, "GR.MUSK.7", TW_EV_DICE), 3);
	assert_int_equal(tw_gr_nth(&ev, "GR.MUSK.7", TW_EV_DICE, 0)->side, BLUE);
	assert_int_equal(tw_gr_nth(&ev, "GR.MUSK.7", TW_EV_DICE, 2)->side, RED);
	assert_int_equal(s->fig[tw_gr_rf(s, red, 14)].status, TW_FS_DEAD); // x 61.375
	assert_int_equal(gr_rf_alive(s, red), 5);
	assert_int_equal(gr_rf_alive(s, blue), 9);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.MUSK.2
// Regression: a unit fired at always fired back. The target's owner decides, with the standing
// order of his end_move (n 2 hold fire, 1 fire back, 0 as it stands).
static void test_GR_MUSK_2_the_target_owner_chooses(void **st)
{
	(void)st;
	int red, blue;
	tw_state *s = exchange_scene(&red, &blue);
	tw_gr_end(s, 0, NULL);
	tw_events ev = {0};
	tw_gr_end(s, 2, &ev); // blue: hold fire when fired at
	assert_int_equal(tw_gr_count(&ev, "GR.MUSK.2", TW_EV_INFO), 1);
	tw_events_clear(&ev);
	TW_GR_DICE(s, 5, 1, 2, 2);
	tw_gr_ok(s, red_volley(s, red, blue), &ev);
	assert_int_equal(tw_gr_count(&ev, "GR.MUSK.2", TW_EV_TOSS), 0);
	assert_int_equal(tw_gr_count(&ev, "GR.MUSK.7", TW_EV_DICE), 1);
	assert_false(GRU(s, &s->unit[blue])->flags & GUF_FIRED_NOW); // it keeps its fire for its own part
	tw_gr_end(s, 0, NULL);
	tw_order *v = tw_gr_order(GR_OT_VOLLEY, BLUE);
	assert_true(gr_order_volley(s, blue, tw_gr_rf(s, red, 9), v));
	tw_gr_ok(s, v, NULL);
	tw_gr_end(s, 1, NULL); // blue: from now on, fire back
	tw_events_clear(&ev);
	tw_gr_ok(s, red_volley(s, red, blue), &ev);
	assert_int_equal(tw_gr_count(&ev, "GR.MUSK.2", TW_EV_TOSS), 1);
	// No fourth standing order: the order's own description refuses it (bad input, nothing changes).
	tw_order *bad = tw_gr_order(GR_OT_END_MOVE, RED);
	bad->n = 3;
	uint64_t h = tw_state_hash(s);
	tw_error err;
	assert_int_equal(tw_gr_apply(s, bad, NULL, &err), TW_ERR_INPUT);
	assert_non_null(strstr(err.message, "field n: a number out of its range"));
	assert_true(tw_state_hash(s) == h);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// ---- GR.HOW.5/6: a howitzer fires ----

// Red's battery (its howitzer, gun 1, at (62, 10)) and blue's battery 40 in away (gun 2 at
// (62, 50), its crew 2.2 in behind it), a blue man in the centre of the burst indicator and one in
// its right-hand sector: the howitzer aims at gun 2.
static tw_state *shell_scene(int *centre, int *right)
{
	tw_state *s = tw_gr_scene();
	gr_build_battery(s, RED, "red", tw_v2(60, 10), 0, true);
	gr_build_battery(s, BLUE, "blue", tw_v2(60, 50), 180, false);
	int l = gr_build_unit(s, BLUE, TW_GR_LINE, "line", tw_v2(60, 80), 180, GR_F_LINE);
	tw_gr_start(s);
	assert_true(GRG(s, &s->gun[1])->howitzer);
	*centre = tw_gr_rf(s, l, 0);
	*right = tw_gr_rf(s, l, 1);
	tw_gr_put(s, *centre, 62.5, 50.5); // sector 6
	tw_gr_put(s, *right, 64.6, 50);    // sector 4
	return s;
}

static tw_order *shell_at(const tw_state *s, tw_vec2 aim)
{
	tw_order *o = tw_gr_order(GR_OT_FIRE, RED);
	o->gun = 1;
	o->has_target = true;
	o->target = aim;
	(void)s;
	return o;
}

// Clauses: GR.HOW.4 GR.HOW.5 GR.HOW.6 GR.HOW.3
// The impact die 6 (on target): the man in the centre sector is thrown for (4: killed), nobody in
// another sector is, and the gun in the centre takes the damage die (5) without reduction,
// although roundshot would lose 1 at 39 in. An impact of 5 (beyond): every figure in sector 5,
// gun 2's crew, is thrown for in id order (4, 1, 1, 1, 6: the first and last die); the gun is not
// in that sector. A 1 is a misfire.
static void test_GR_HOW_5_GR_HOW_6_a_howitzer_fires(void **st)
{
	(void)st;
	int c, r;
	tw_state *s = shell_scene(&c, &r);
	tw_vec2 aim = s->gun[2].axle;
	assert_int_equal(tw_grant_sbi_sector(s->gun[1].axle, aim, s->fig[c].pos), 6);
	assert_int_equal(tw_grant_sbi_sector(s->gun[1].axle, aim, s->fig[r].pos), 4);
	tw_events ev = {0};
	TW_GR_DICE(s, 6, 4, 5);
	tw_gr_ok(s, shell_at(s, aim), &ev);
	assert_int_equal(tw_gr_nth(&ev, "GR.HOW.4", TW_EV_SHOT, 0)->b, 6);
	assert_int_equal(s->fig[c].status, TW_FS_DEAD);
	assert_int_equal(tw_gr_count(&ev, "GR.HOW.5", TW_EV_KILL), 1);
	assert_int_equal(s->fig[r].status, TW_FS_ACTIVE);
	assert_int_equal(GRG(s, &s->gun[2])->damage, 5);
	assert_int_equal(tw_gr_nth(&ev, "GR.HOW.6", TW_EV_GUN_STATUS, 0)->c, 5);
	assert_true(tw_dist(tw_gun_muzzle(&s->gun[1]), aim) > 36); // roundshot would take 1 off
	assert_int_equal(GRG(s, &s->gun[3])->damage, 0);
	tw_events_free(&ev);
	tw_gr_free(s);
	s = shell_scene(&c, &r);
	int crew[5], n = 0;
	for (int i = 0; i < s->nfig && n < 5; i++)
		if (GRF(s, &s->fig[i])->gun == 2) { // gun 2's crew
			assert_int_equal(tw_grant_sbi_sector(s->gun[1].axle, aim, s->fig[i].pos), 5);
			crew[n++] = i;
		}
	assert_int_equal(n, 5);
	ev = (tw_events){0};
	TW_GR_DICE(s, 5, 4, 1, 1, 1, 6);
	tw_gr_ok(s, shell_at(s, aim), &ev);
	assert_int_equal(tw_gr_count(&ev, "GR.HOW.5", TW_EV_KILL), 2);
	assert_int_equal(s->fig[crew[0]].status, TW_FS_DEAD);
	for (int k = 1; k < 4; k++)
		assert_int_equal(s->fig[crew[k]].status, TW_FS_ACTIVE);
	assert_int_equal(s->fig[crew[4]].status, TW_FS_DEAD);
	assert_int_equal(s->fig[c].status, TW_FS_ACTIVE);
	assert_int_equal(GRG(s, &s->gun[2])->damage, 0);
	tw_events_free(&ev);
	tw_gr_free(s);
	s = shell_scene(&c, &r);
	uint64_t draws;
	TW_GR_DICE(s, 1);
	draws = s->rng.draws;
	tw_gr_ok(s, shell_at(s, aim), NULL);
	assert_true(s->rng.draws == draws + 1); // the misfire's one die, nothing else thrown
	assert_int_equal(s->fig[c].status, TW_FS_ACTIVE);
	tw_gr_free(s);
}

// ---- GR.ART.6 and GR.HOUSE.2: counter-battery fire along the ball's line ----

// Red's gun 0 at (58, 10) fires roundshot at blue's gun 3 (58, 41), 30 in from the muzzle, with a
// house section across the line just in front of it (y 38.5 to 39.5). Deviation dice 3 and 3:
// the sleeve covers 28-32 in, the house from 28 in, the gun at 30.
static tw_state *house_in_front(void)
{
	tw_state *s = tw_gr_scene();
	gr_build_battery(s, RED, "red", tw_v2(60, 10), 0, false);
	gr_build_battery(s, BLUE, "blue", tw_v2(60, 41), 180, false);
	tw_gr_start(s);
	tw_gr_box(s, TW_TER_HOUSE, NULL, 56, 38.5, 60, 39.5, 0);
	assert_true(fabs(s->gun[3].axle.x - 58) < 1e-9 && fabs(s->gun[0].axle.x - 58) < 1e-9);
	return s;
}

static tw_order *roundshot_at(tw_vec2 aim)
{
	tw_order *o = tw_gr_order(GR_OT_FIRE, RED);
	o->gun = 0;
	o->has_target = true;
	o->target = aim;
	return o;
}

// Clauses: GR.ART.6 GR.ART.7 GR.HOUSE.1 GR.HOUSE.2 GR.HOUSE.3
// Regression: the gun behind the house took counter-battery damage even when the ball had stopped
// in the house. A 3 at 28 in penetrates, kills 1 and stops: the gun is not struck. A 5 kills 2 and
// goes on: the gun takes the next die (4) in full (under 36 in: no reduction).
static void test_GR_ART_6_GR_HOUSE_2_no_damage_behind_a_house_that_stops_the_ball(void **st)
{
	(void)st;
	tw_state *s = house_in_front();
	tw_events ev = {0};
	TW_GR_DICE(s, 3, 3, 3);
	tw_gr_ok(s, roundshot_at(s->gun[3].axle), &ev);
	assert_int_equal(gr_house_damage(s, 0), 3);
	assert_int_equal(GRG(s, &s->gun[3])->damage, 0);
	assert_int_equal(tw_gr_count(&ev, "GR.ART.6", TW_EV_GUN_STATUS), 0);
	tw_events_free(&ev);
	tw_gr_free(s);
	s = house_in_front();
	ev = (tw_events){0};
	TW_GR_DICE(s, 3, 3, 5, 4);
	tw_gr_ok(s, roundshot_at(s->gun[3].axle), &ev);
	assert_int_equal(gr_house_damage(s, 0), 5);
	assert_int_equal(GRG(s, &s->gun[3])->damage, 4);
	assert_int_equal(tw_gr_nth(&ev, "GR.ART.6", TW_EV_GUN_STATUS, 0)->c, 4);
	tw_events_free(&ev);
	tw_gr_free(s);
	// No house: at 40 in a die of 6 does 5 (GR.ART.7: 36 to 48 in takes 1 off).
	s = tw_gr_scene();
	gr_build_battery(s, RED, "red", tw_v2(60, 10), 0, false);
	gr_build_battery(s, BLUE, "blue", tw_v2(60, 51), 180, false);
	tw_gr_start(s);
	TW_GR_DICE(s, 2, 2, 6);
	tw_gr_ok(s, roundshot_at(s->gun[3].axle), NULL);
	assert_int_equal(GRG(s, &s->gun[3])->damage, 5);
	tw_gr_free(s);
}

// ---- GR.HOUSE.7: fire spreading through a house ----

// Clauses: GR.HOUSE.7 GR.HOUSE.6
// Section 0 burns from move 1; at the end of each burning move the touching section 1 catches on
// 3+: the throws are 2 (move 1), 1 (move 2), 3 (move 3): it burns from move 4, and its garrison
// goes out at least 3 in. No more throws once both burn.
static void test_GR_HOUSE_7_fire_spreads_on_three_or_more(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene();
	int rr = gr_build_unit(s, RED, TW_GR_LINE, "red", tw_v2(20, 10), 0, GR_F_LINE);
	int b = gr_build_unit(s, BLUE, TW_GR_LINE, "blue", tw_v2(100, 90), 180, GR_F_LINE);
	tw_gr_start(s);
	(void)rr;
	for (int k = 0; k < 2; k++) {
		tw_gr_box(s, TW_TER_HOUSE, NULL, 50 + 3 * k, 50, 53 + 3 * k, 53, 0);
	}
	int g = tw_gr_rf(s, b, 0);
	tw_gr_put(s, g, 54.5, 53.3);
	GRF(s, &s->fig[g])->house = gr_house_terrain(s, 1); // garrisons section 1
	gr_house_set_fire(s, 0, 1);
	const int faces[3] = {2, 1, 3};
	tw_events ev = {0};
	for (int m = 0; m < 3; m++) {
		tw_gr_end(s, 0, NULL);
		tw_events_clear(&ev);
		tw_gr_dice(s, &faces[m], 1);
		tw_gr_end(s, 0, &ev);
		assert_int_equal(tw_gr_count(&ev, "GR.HOUSE.7", TW_EV_DICE), 1);
		assert_int_equal(tw_gr_nth(&ev, "GR.HOUSE.7", TW_EV_DICE, 0)->a, faces[m]);
		assert_int_equal(gr_house_fire(s, 1), m < 2 ? 0 : 4);
	}
	assert_int_equal(GRF(s, &s->fig[g])->house, -1);
	assert_true(tw_terrain_distance(&s->table.terrain[1], s->fig[g].pos) >= 3.0);
	tw_gr_end(s, 0, NULL);
	tw_events_clear(&ev);
	tw_gr_end(s, 0, &ev);
	assert_int_equal(tw_gr_count(&ev, "GR.HOUSE.7", TW_EV_DICE), 0);
	tw_events_free(&ev);
	tw_gr_free(s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_GR_MUSK_2_GR_MUSK_3_exchange_in_turn_and_together),
		cmocka_unit_test(test_GR_MUSK_2_the_target_owner_chooses),
		cmocka_unit_test(test_GR_HOW_5_GR_HOW_6_a_howitzer_fires),
		cmocka_unit_test(test_GR_ART_6_GR_HOUSE_2_no_damage_behind_a_house_that_stops_the_ball),
		cmocka_unit_test(test_GR_HOUSE_7_fire_spreads_on_three_or_more),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
