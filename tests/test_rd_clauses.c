// A Rattle of Dice: the clauses no other test names, each played through the one entry point
// (tw_state_apply) with entered dice and exact results: dice judged one by one (RD.CON.2,
// RD.SHOOT.7), measuring and the front arc (RD.CON.3), the three shooting categories (RD.SHOOT.9,
// RD.SHOOT.10, RD.SHOOT.14), contact (RD.SHOOT.4), ranges (RD.EX.4), the command status fixed at
// the start of the turn (RD.DET.2) and the command radius (RD.GEN.3), moving through units
// (RD.MOVE.15), the board's edge (RD.MOVE.17), machine guns (RD.MOVE.9), the Army Commander
// (RD.ORG.1) and the troop classes (RD.ORG.3).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rd_scene.h"
#include "rules/rattle/rd.h"
#include "tinwar/io.h"
#include "tinwar/tinwar.h"

#define assert_near(a, b) assert_true(fabs((double)(a) - (double)(b)) <= 1e-9)

// Unit u's shot at unit t with the dice given; returns the hits (the RD.SHOOT.7 event) and the
// net modifier (the RD.SHOOT.11 event).
static int shot(tw_state *s, int u, int t, int *mod, int n, const int *faces)
{
	tw_order *o = rdt_shoot(s, u, t);
	rdt_dice(o, n, faces);
	rdt_ok(s, o);
	const tw_event *m = rdt_find("RD.SHOOT.11", TW_EV_INFO, u),
	               *h = rdt_find("RD.SHOOT.7", TW_EV_INFO, u);
	assert_non_null(m);
	assert_non_null(h);
	if (mod)
		*mod = m->d;
	return h->c;
}
#define SHOT(s, u, t, mod, ...)                                                                              \
	shot((s), (u), (t), (mod), (int)(sizeof((int[]){__VA_ARGS__}) / sizeof(int)), (int[]){__VA_ARGS__})

// RD.CON.2, RD.SHOOT.7: every die is a d6 judged on its own; a modified 5 or more hits. 12
// riflemen at a column 10 in away: 3 dice, +1 (column): naturals 4, 3, 6 are modified 5, 4, 7:
// two hits, and the column loses 2 figures of 12. With no modifier (a line) 4, 3, 6 is one hit.
static void test_RD_CON_2_SHOOT_7_each_die_on_its_own(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int red = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 40, 20, 0);
	int red2 = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 80, 20, 0);
	int col = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_COLUMN, 12, 3, 40, 31, 180);
	int line = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 80, 31, 180);
	rdt_general(s, 0, 60, 15, true);
	rdt_general(s, 1, 60, 60, true);
	rdt_start(s);
	rdt_red_first(s, 6, 1);
	int mod = 99;
	assert_int_equal(SHOT(s, red, col, &mod, 4, 3, 6), 2);
	assert_int_equal(mod, 1);
	assert_int_equal(rdt_count("RD.SHOOT.6", TW_EV_DICE), 1);
	assert_int_equal(rd_unit_figures(s, col, false), 10);
	assert_int_equal(SHOT(s, red2, line, &mod, 4, 3, 6), 1);
	assert_int_equal(mod, 0);
	assert_int_equal(rd_unit_figures(s, line, false), 11);
	rdt_done(s);
}

// RD.CON.3: distances between the nearest points of the two units' bases (two lines, front ranks
// 11 in apart centre to centre: 10 in); the front arc runs at 45 degrees from the front corners:
// 10 in beside the corner and 10.1 in ahead is in it, 10.2 in beside and 10 in ahead is not.
static void test_RD_CON_3_measuring_and_the_front_arc(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int red =
	    rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 6, 6, 60, 20, 0); // bases x 57..63, front edge y 20.5
	int blue = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 60, 31, 180);
	rdt_start(s);
	assert_near(rd_unit_gap(s, red, blue), 10.0);
	assert_near(rd_unit_gap(s, blue, red), 10.0);
	assert_true(rd_in_front_arc(s, red, tw_v2(60, 40), 0));
	assert_true(rd_in_front_arc(s, red, tw_v2(73, 30.6), 0));
	assert_false(rd_in_front_arc(s, red, tw_v2(73.2, 30.5), 0));
	assert_false(rd_in_front_arc(s, red, tw_v2(60, 10), 0)); // behind: rear
	assert_false(rd_in_front_arc(s, red, tw_v2(70, 20), 0)); // beside: flank
	// Contact is touching: a gap within the contact parameter (0.05 in).
	assert_false(rd_units_touch(s, red, blue));
	rdt_done(s);
}

// RD.SHOOT.9/14: +1 at a column, +1 when the shooter's centre is outside the target's front arc
// (enfilade), a single +1 for both; limbered guns are no column. Riflemen 10 in from a line's
// front: 0, hits on 5-6; from its flank: +1, hits on 4-6 (4, 4, 3: two hits).
static void test_RD_SHOOT_9_14_column_and_enfilade(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int red = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 60, 20, 0);
	int red2 = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 20, 20, 0);
	int flank = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 70, 30, 90); // a row facing +x
	int front = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 20, 31, 180);
	int colflank = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_COLUMN, 4, 4, 100, 30, 90);
	int limbered = rdt_unit(s, 1, TW_RD_FOOT_ART, TW_RD_F_LIMBERED, 4, 4, 60, 45, 180);
	rdt_general(s, 0, 40, 15, true);
	rdt_general(s, 1, 40, 60, true);
	rdt_start(s);
	rdt_red_first(s, 6, 1);
	bool d, v, sup;
	rd_shoot_categories(s, red, flank, &d, &v, &sup);
	assert_true(!d && v && !sup);
	rd_shoot_categories(s, red2, front, &d, &v, &sup);
	assert_true(!d && !v && !sup);
	rd_shoot_categories(s, red, colflank, &d, &v, &sup); // column and enfilade: one category
	assert_true(!d && v && !sup);
	assert_int_equal(tw_rd_shoot_mod(d, v, sup), 1);
	rd_shoot_categories(s, red, limbered, &d, &v, &sup); // artillery: difficult; limbered: no column
	assert_true(d && !v && !sup);
	int mod = 99;
	assert_int_equal(SHOT(s, red, flank, &mod, 4, 4, 3), 2);
	assert_int_equal(mod, 1);
	assert_int_equal(rd_unit_figures(s, flank, false), 2);
	assert_int_equal(SHOT(s, red2, front, &mod, 4, 4, 3), 0);
	assert_int_equal(mod, 0);
	rdt_done(s);
}

// RD.SHOOT.10: sharpshooters, superior weapons or a gun's canister within 12 in: a single +1 for
// any number of them; canister is for guns only (not an MG at 10 in), and stops beyond 12 in.
static void test_RD_SHOOT_10_superior_firepower(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int sharp = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 20, 20, 0);
	int gun = rdt_unit(s, 0, TW_RD_FOOT_ART, TW_RD_F_DEPLOYED, 4, 4, 60, 20, 0);
	int gun2 = rdt_unit(s, 0, TW_RD_FOOT_ART, TW_RD_F_DEPLOYED, 4, 4, 80, 20, 0);
	int mg = rdt_unit(s, 0, TW_RD_MG, TW_RD_F_DEPLOYED, 2, 2, 100, 20, 0);
	RDU(s, mg)->weapon = TW_RD_MGUN;
	RDU(s, sharp)->attrs = RUA_SHARPSHOOTERS | RUA_SUPERIOR;
	int t1 = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 20, 31, 180);
	int t2 = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 60, 32, 180);   // 11 in from the gun
	int t3 = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 80, 33.5, 180); // 12.5 in
	int t4 = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 100, 31, 180);  // 10 in from the MG
	rdt_general(s, 0, 40, 15, true);
	rdt_general(s, 1, 40, 60, true);
	rdt_start(s);
	rdt_red_first(s, 6, 1);
	bool d, v, sup;
	rd_shoot_categories(s, gun2, t3, &d, &v, &sup);
	assert_true(!d && !v && !sup);
	rd_shoot_categories(s, mg, t4, &d, &v, &sup);
	assert_true(!d && !v && !sup);
	int mod = 99;
	assert_int_equal(SHOT(s, sharp, t1, &mod, 4, 4, 3), 2); // +1 once: hits on 4-6
	assert_int_equal(mod, 1);
	assert_int_equal(SHOT(s, gun, t2, &mod, 4, 3), 1); // 4 gunners, 2 dice; canister +1
	assert_int_equal(mod, 1);
	assert_int_equal(SHOT(s, gun2, t3, &mod, 4, 5), 1); // no canister: only the 5 hits
	assert_int_equal(mod, 0);
	assert_int_equal(SHOT(s, mg, t4, &mod, 4), 0); // 2 gunners, 1 die; no canister for an MG
	assert_int_equal(mod, 0);
	assert_int_equal(rd_unit_figures(s, t1, false), 10);
	assert_int_equal(rd_unit_figures(s, t2, false), 11);
	assert_int_equal(rd_unit_figures(s, t3, false), 11);
	assert_int_equal(rd_unit_figures(s, t4, false), 12);
	rdt_done(s);
}

// RD.SHOOT.4: a unit in contact with an enemy may not shoot, and may not be shot at.
static void test_RD_SHOOT_4_no_shooting_into_or_out_of_contact(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int a = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 6, 6, 60, 20, 0); // front edge y 20.5
	int b =
	    rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 6, 6, 60, 21, 180); // its front edge y 20.5: touching
	int c = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 50, 10, 0);
	int d = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 6, 6, 68, 29, 180);
	rdt_general(s, 0, 40, 5, true);
	rdt_general(s, 1, 40, 60, true);
	rdt_start(s);
	rdt_red_first(s, 6, 1);
	assert_true(rd_units_touch(s, a, b));
	assert_true(rd_unit_gap(s, c, b) <= 12);
	rdt_refused(s, rdt_shoot(s, c, b), "RD.SHOOT.4"); // into contact
	rdt_refused(s, rdt_shoot(s, a, d), "RD.SHOOT.4"); // out of contact
	rdt_refused(s, rdt_shoot(s, a, b), "RD.SHOOT.4");
	rdt_done(s);
}

// RD.EX.4: a musket unit 7 in from its target is out of range (6 in); an MG at 24 in may shoot
// and at 24.5 may not; a gun at 36 in may shoot; canister only up to 12 in (RD.SHOOT.10 above).
static void test_RD_EX_4_ranges_played(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int musket = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 10, 20, 0);
	RDU(s, musket)->weapon = TW_RD_MUSKET;
	int mg = rdt_unit(s, 0, TW_RD_MG, TW_RD_F_DEPLOYED, 2, 2, 40, 20, 0);
	int mg2 = rdt_unit(s, 0, TW_RD_MG, TW_RD_F_DEPLOYED, 2, 2, 60, 20, 0);
	RDU(s, mg)->weapon = RDU(s, mg2)->weapon = TW_RD_MGUN;
	int gun = rdt_unit(s, 0, TW_RD_FOOT_ART, TW_RD_F_DEPLOYED, 4, 4, 90, 20, 0);
	int t0 = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 10, 28, 180);   // 7 in
	int t1 = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 40, 45, 180);   // 24 in
	int t2 = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 60, 45.5, 180); // 24.5 in
	int t3 = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 90, 57, 180);   // 36 in
	rdt_general(s, 0, 25, 5, true);
	rdt_general(s, 1, 25, 95, true);
	rdt_start(s);
	rdt_red_first(s, 6, 1);
	assert_near(rd_unit_gap(s, musket, t0), 7);
	assert_near(rd_unit_gap(s, mg, t1), 24);
	assert_near(rd_unit_gap(s, mg2, t2), 24.5);
	assert_near(rd_unit_gap(s, gun, t3), 36);
	rdt_refused(s, rdt_shoot(s, musket, t0), "RD.SHOOT.5");
	rdt_refused(s, rdt_shoot(s, mg2, t2), "RD.SHOOT.5");
	assert_int_equal(SHOT(s, mg, t1, NULL, 6), 1);
	assert_int_equal(SHOT(s, gun, t3, NULL, 6, 6), 2);
	assert_int_equal(rd_unit_figures(s, t1, false), 3);
	assert_int_equal(rd_unit_figures(s, t3, false), 2);
	rdt_done(s);
}

// RD.DET.2: command status is fixed at the start of the turn: a General who rides up to an
// out-of-command unit during the phase does not spare it the check, thrown when it is activated
// to move (one die); shooting needs none. At the next turn's start the unit is in command.
static void test_RD_DET_2_status_fixed_at_the_start_of_the_turn(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int a = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 30, 20, 0);
	int b = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 60, 20, 0);
	int t = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 60, 31, 180);
	int g = rdt_general(s, 0, 30, 40, true); // 19 in from a, 28 from b
	rdt_general(s, 1, 60, 44, true);
	rdt_start(s);
	rdt_red_first(s, 6, 1);
	assert_false(RDU(s, a)->flags & RUF_IN_COMMAND);
	assert_false(RDU(s, b)->flags & RUF_IN_COMMAND);
	// The Army Commander rides 23.5 in to stand 3 in behind a's flank: a is now within his
	// radius and sight, but its status stays as it was fixed.
	tw_order *o = rdt_order(RD_OT_GENERAL, 0);
	o->fig[o->nfig++] = g;
	o->path[o->npath++] = tw_v2(25, 17);
	rdt_ok(s, o);
	assert_true(rd_in_command(s, a));
	assert_false(RDU(s, a)->flags & RUF_IN_COMMAND);
	// b shoots with no command die: its 3 dice only.
	assert_int_equal(SHOT(s, b, t, NULL, 5, 1, 1), 1);
	assert_int_equal(rdt_count("RD.DET.1", TW_EV_DICE), 0);
	// a moves: it throws when activated (4 >= 3) and moves; a die is required.
	rdt_refused(s, rdt_move(s, a, 30, 25), "RD.DET.1");
	o = rdt_move(s, a, 30, 25);
	RDT_DICE(o, 4);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.DET.1", TW_EV_DICE), 1);
	assert_near(rd_unit_centre(s, a).y, 25);
	// At the next turn's start a is in command (he is 7.9 in from it), b is not.
	rdt_end_turn(s);
	o = rdt_order(RD_OT_INITIATIVE, s->mover);
	RDT_DICE(o, 6, 1);
	rdt_ok(s, o);
	assert_true(RDU(s, a)->flags & RUF_IN_COMMAND);
	assert_false(RDU(s, b)->flags & RUF_IN_COMMAND);
	rdt_done(s);
}

// RD.GEN.3: a unit within 12 in and in sight of its General needs no command check: 11.5 in
// behind, in command; 12.5 in, not; 6 in behind a house, not (no sight).
static void test_RD_GEN_3_command_radius(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int a = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 6, 6, 20, 30, 0);
	int b = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 6, 6, 50, 30, 0);
	int c = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 6, 6, 80, 30, 0);
	RDU(s, a)->brigade = rdt_general(s, 0, 20, 18, false); // base gap 12 - 0.5 = 11.5 in
	RDU(s, b)->brigade = rdt_general(s, 0, 50, 17, false); // 12.5 in
	RDU(s, c)->brigade = rdt_general(s, 0, 80, 23, false); // 6 in, a house between
	rdt_general(s, 0, 115, 95, true);                      // the Army Commander, far away
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 60, 90, 180);
	rdt_general(s, 1, 60, 97, true);
	rdt_box(s, TW_TER_HOUSE, 76, 25, 84, 27);
	rdt_start(s);
	assert_true(rd_in_command(s, a));
	assert_false(rd_in_command(s, b));
	assert_false(rd_in_command(s, c));
	rdt_red_first(s, 6, 1);
	assert_true(RDU(s, a)->flags & RUF_IN_COMMAND);
	assert_false(RDU(s, b)->flags & RUF_IN_COMMAND);
	assert_false(RDU(s, c)->flags & RUF_IN_COMMAND);
	rdt_ok(s, rdt_move(s, a, 20, 33)); // no die
	assert_int_equal(rdt_count("RD.DET.1", TW_EV_DICE), 0);
	tw_order *o = rdt_move(s, b, 50, 33);
	RDT_DICE(o, 2); // a Regular needs 3: no move (RD.DET.3)
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.DET.1", TW_EV_DICE), 1);
	assert_near(rd_unit_centre(s, b).y, 30);
	rdt_done(s);
}

// RD.MOVE.15: no moving through another unit, friend or foe; Generals are passed freely.
static void test_RD_MOVE_15_not_through_other_units(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int a = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 20, 0);
	rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 6, 6, 30, 26, 0); // a friend across a's path
	int c = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 70, 20, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 60, 90, 180);
	rdt_general(s, 0, 50, 15, true);
	rdt_brigades(s, 0);
	rdt_general(s, 0, 70, 26, false); // a General in c's path
	rdt_general(s, 1, 60, 97, true);
	rdt_start(s);
	rdt_red_first(s, 6, 1);
	assert_true(RDU(s, a)->flags & RUF_IN_COMMAND);
	rdt_refused(s, rdt_move(s, a, 30, 31), "RD.MOVE.15");
	rdt_refused(s, rdt_move(s, a, 30, 26), "RD.MOVE.15"); // nor end on it
	rdt_ok(s, rdt_move(s, c, 70, 30));
	assert_near(rd_unit_centre(s, c).y, 30);
	rdt_done(s);
}

// RD.MOVE.17: a voluntary move may not leave the board (its rear rank 4 in back, or its flank
// over the right edge); a General may not ride off it either.
static void test_RD_MOVE_17_board_edges(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int a = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 30, 5, 0);   // ranks at y 5 and 4
	int b = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 115, 20, 0); // x 113.5..116.5
	int g = rdt_general(s, 0, 60, 10, true);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 60, 90, 180);
	rdt_general(s, 1, 60, 97, true);
	rdt_brigades(s, 0);
	rdt_start(s);
	rdt_red_first(s, 6, 1);
	tw_vec2 c = rd_unit_centre(s, a);
	rdt_refused(s, rdt_move(s, a, c.x, c.y - 4), "RD.MOVE.17");
	rdt_ok(s, rdt_move(s, a, c.x, c.y - 3.5)); // the rear edge on the table's edge
	c = rd_unit_centre(s, b);
	rdt_refused(s, rdt_move(s, b, c.x + 3.1, c.y), "RD.MOVE.17");
	rdt_ok(s, rdt_move(s, b, c.x + 3, c.y));
	tw_order *o = rdt_order(RD_OT_GENERAL, 0);
	o->fig[o->nfig++] = g;
	o->path[o->npath++] = tw_v2(60, -1);
	rdt_refused(s, o, "RD.MOVE.17");
	rdt_done(s);
}

// RD.MOVE.9: a deployed machine gun moves up to 6 in without limbering and stays deployed; that
// is its whole action (it may not then shoot); 6.1 in is too far.
static void test_RD_MOVE_9_machine_gun_moves_deployed(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int mg = rdt_unit(s, 0, TW_RD_MG, TW_RD_F_DEPLOYED, 2, 2, 60, 20, 0);
	RDU(s, mg)->weapon = TW_RD_MGUN;
	int gun = rdt_unit(s, 0, TW_RD_FOOT_ART, TW_RD_F_DEPLOYED, 4, 4, 20, 20, 0);
	int t = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 60, 50, 180);
	rdt_general(s, 0, 40, 15, true);
	rdt_general(s, 1, 60, 57, true);
	rdt_brigades(s, 0);
	rdt_start(s);
	rdt_red_first(s, 6, 1);
	rdt_refused(s, rdt_move(s, mg, 60, 26.1), "RD.MOVE.2");
	rdt_refused(s, rdt_move(s, gun, 20, 23), "RD.MOVE.8"); // a gun must limber
	rdt_ok(s, rdt_move(s, mg, 60, 26));
	assert_near(rd_unit_centre(s, mg).y, 26);
	assert_int_equal(s->unit[mg].formation, TW_RD_F_DEPLOYED);
	rdt_refused(s, rdt_shoot(s, mg, t), "RD.SHOOT.1");
	rdt_done(s);
}

// RD.ORG.1: exactly one Army Commander a side: two are refused, as is a commander who is no General.
static void test_RD_ORG_1_one_army_commander(void **st)
{
	(void)st;
	tw_error err = {0};
	tw_state *s = rdt_scene();
	rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 60, 20, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 60, 80, 180);
	rdt_general(s, 0, 50, 10, true);
	int second = rdt_general(s, 0, 70, 10, true);
	rdt_general(s, 1, 60, 90, true);
	assert_int_equal(tw_ruleset_rattle.setup(s, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "RD.ORG.1");
	assert_non_null(strstr(err.message, "2 Army Commanders"));
	RDF(s, second)->commander = 0;
	RDF(s, 0)->commander = 1; // a rank-and-file figure
	assert_int_equal(tw_ruleset_rattle.setup(s, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "RD.ORG.1");
	RDF(s, 0)->commander = 0;
	rdt_start(s);
	rdt_done(s);
}

// RD.ORG.3: each unit has one of four classes, and the class table's effects: command check
// (RD.DET.1) needs 2/3/4/4; terrain (RD.MOVE.5) ignored by Irregulars only; melee (RD.MELEE.13)
// +1/0/-1/-1; rally (RD.RALLY.5) +1/0/0/-1, a modified 4. No fifth class has a name.
static void test_RD_ORG_3_troop_classes(void **st)
{
	(void)st;
	static const int command[] = {2, 3, 4, 4}, melee[] = {1, 0, -1, -1}, rally[] = {1, 0, 0, -1};
	static const char *const names[] = {"elite", "regular", "irregular", "militia"};
	for (int c = 0; c < TW_RD_CLASS_COUNT; c++) {
		assert_int_equal(tw_rd_command_face(c), command[c]);
		assert_int_equal(rd_classes[c].melee, melee[c]);
		assert_int_equal(rd_classes[c].rally, rally[c]);
		assert_int_equal(tw_rd_rally_face(c, false), 4 - rally[c]);
		assert_int_equal(rd_classes[c].no_terrain, c == TW_RD_IRREGULAR);
		assert_int_equal(tw_rd_class_from_name(names[c]), c);
		assert_string_equal(tw_rd_class_name(c), names[c]);
	}
	assert_int_equal(tw_rd_class_from_name("veteran"), -1);
	assert_int_equal(TW_RD_CLASS_COUNT, 4);
	// Played: an Elite unit out of command moves on a 2 (a Regular would not).
	tw_state *s = rdt_scene();
	int e = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 20, 0);
	RDU(s, e)->cls = TW_RD_ELITE;
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 60, 90, 180);
	rdt_general(s, 0, 110, 5, true);
	rdt_general(s, 1, 60, 97, true);
	rdt_start(s);
	rdt_red_first(s, 6, 1);
	tw_order *o = rdt_move(s, e, 30, 25);
	RDT_DICE(o, 2);
	rdt_ok(s, o);
	assert_near(rd_unit_centre(s, e).y, 25);
	rdt_done(s);
}

// Bad input: a Rattle scenario that breaks a rule is refused with where (a JSON path or
// line:col), the clause and why, and nothing loaded; the good one loads.
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *b = calloc(1, (size_t)n + 1);
	assert_non_null(b);
	assert_int_equal(fread(b, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return b;
}

static void refuse_text(const char *text, size_t len, const char *clause, const char *words)
{
	tw_state s;
	tw_error err = {0};
	// The loader checks the records; the rule set's setup (run by `tinwar check` and every game
	// start) checks the rules.
	if (tw_state_from_text(&s, text, len, "bad.json", &err) == TW_OK) {
		tw_status st = tw_ruleset_rattle.setup(&s, &err);
		tw_state_free(&s);
		if (st == TW_OK)
			fail_msg("accepted, expected %s: %s", clause, words);
	}
	assert_int_equal(err.code, TW_ERR_INPUT);
	if (clause)
		assert_string_equal(err.clause, clause);
	if (!strstr(err.message, words))
		fail_msg("'%s' not in '%s'", words, err.message);
}

// Replaces the first `from` in text with `to` (a copy).
static char *edit(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);
	assert_non_null(at);
	size_t n = strlen(text) - strlen(from) + strlen(to);
	char *b = calloc(1, n + 1);
	assert_non_null(b);
	memcpy(b, text, (size_t)(at - text));
	strcat(b, to);
	strcat(b, at + strlen(from));
	return b;
}

static void test_RD_ORG_1_3_8_bad_scenarios_located(void **st)
{
	(void)st;
	rdt_register();
	size_t len;
	char *good = slurp(TW_SOURCE_DIR "/tests/rules/rattle/reactions.json", &len);
	tw_state s;
	tw_error err = {0};
	assert_int_equal(tw_state_from_text(&s, good, len, "reactions.json", &err), TW_OK);
	tw_state_free(&s);
	char *b = edit(good, "\"cls\": \"regular\"", "\"cls\": \"veteran\"");
	refuse_text(b, strlen(b), NULL, "$.units[0].data.cls: unknown cls \"veteran\"");
	free(b);
	b = edit(good, "\"formation\": 0", "\"formation\": 9");
	refuse_text(b, strlen(b), "RD.ORG.8", "$.units[0].formation: unit 0 has no Rattle formation 9");
	free(b);
	b = edit(good, "\"data\": {}", "\"data\": {\"commander\": true}"); // red's Brigade General, figure 15
	refuse_text(b, strlen(b), "RD.ORG.1",
	            "$.figures[15].data.commander: red has 2 Army Commanders: exactly one");
	free(b);
	refuse_text(good, 500, NULL, "bad.json:");
	free(good);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_RD_CON_2_SHOOT_7_each_die_on_its_own),
	    cmocka_unit_test(test_RD_CON_3_measuring_and_the_front_arc),
	    cmocka_unit_test(test_RD_SHOOT_9_14_column_and_enfilade),
	    cmocka_unit_test(test_RD_SHOOT_10_superior_firepower),
	    cmocka_unit_test(test_RD_SHOOT_4_no_shooting_into_or_out_of_contact),
	    cmocka_unit_test(test_RD_EX_4_ranges_played),
	    cmocka_unit_test(test_RD_DET_2_status_fixed_at_the_start_of_the_turn),
	    cmocka_unit_test(test_RD_GEN_3_command_radius),
	    cmocka_unit_test(test_RD_MOVE_15_not_through_other_units),
	    cmocka_unit_test(test_RD_MOVE_17_board_edges),
	    cmocka_unit_test(test_RD_MOVE_9_machine_gun_moves_deployed),
	    cmocka_unit_test(test_RD_ORG_1_one_army_commander),
	    cmocka_unit_test(test_RD_ORG_3_troop_classes),
	    cmocka_unit_test(test_RD_ORG_1_3_8_bad_scenarios_located),
	};
	return cmocka_run_group_tests(tests, NULL, rdt_teardown);
}
