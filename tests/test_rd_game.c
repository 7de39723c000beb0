// A Rattle of Dice played through the one entry point (tw_state_apply) with entered dice: the
// turn (RD.SEQ.1-5, RD.SEQ.7), initiative with the observer bonus and ties (RD.EX.20), the
// winner's choice asked of his seat, the command check (RD.DET.1-3, RD.EX.15), movement costs
// (RD.MOVE.2-8, RD.EX.16), shooting (RD.SHOOT, RD.EX.1) and a scenario file that loads and plays.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "rd_scene.h"
#include "rules/rattle/rd.h"
#include "tinwar/io.h"
#include "tinwar/tinwar.h"

// RD.SEQ.1-4, RD.EX.20: the observer's +1 makes 4 tie 5; on turn 1 the tie is thrown again; the
// winner is asked to choose (a decision of his seat only); on turn 2 a tie keeps the order.
static void test_RD_EX_20_SEQ_2_3_4_initiative(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 20, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 80, 180);
	int cmd = rdt_general(s, 0, 60, 10, true);
	rdt_observer_post(s, tw_v2(61.5, 10)); // 0.5 in from the Army Commander's base
	rdt_start(s);
	assert_true(rd_observer_bonus(s, 0));
	assert_false(rd_observer_bonus(s, 1));
	// Turn 1: 4 + 1 = 5 v 5, a tie, thrown again (RD.SEQ.4): 6 + 1 v 2.
	tw_order *o = rdt_order(RD_OT_INITIATIVE, 0);
	RDT_DICE(o, 4, 5, 6, 2);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.SEQ.2", TW_EV_DICE), 2);
	assert_int_equal(rdt_count("RD.SEQ.4", TW_EV_DICE), 2);
	assert_int_equal(RDS(s, 0)->total, 7);
	assert_int_equal(RDS(s, 1)->total, 2);
	assert_int_equal(s->phase, RD_PH_CHOOSE);
	// The choice is red's: blue's order is refused by the seat check, red's taken.
	tw_decision d[TW_MAX_DECISIONS];
	assert_int_equal(tw_state_decisions(s, d, TW_MAX_DECISIONS), 1);
	assert_int_equal(d[0].seat, 0);
	assert_string_equal(d[0].clause, "RD.SEQ.2");
	assert_string_equal(d[0].kind, "choose");
	o = rdt_order(RD_OT_FIRST, 1);
	o->n = 0;
	rdt_refused(s, o, "RD.SEQ.2");
	o = rdt_order(RD_OT_FIRST, 0);
	o->n = 1; // red plays second
	rdt_ok(s, o);
	assert_int_equal(RDG(s)->first, 1);
	assert_int_equal(s->mover, 1);
	// RD.SEQ.1/7: blue's phase, its melee step, red's phase, its melee step, then initiative.
	rdt_ok(s, rdt_order(RD_OT_END, 1));
	assert_int_equal(rdt_count("RD.SEQ.7", TW_EV_PHASE), 1);
	assert_int_equal(s->phase, RD_PH_SECOND);
	assert_int_equal(s->mover, 0);
	rdt_refused(s, rdt_order(RD_OT_END, 1),
	            "RD.SEQ.5"); // the core's seat check names the decision's clause
	rdt_ok(s, rdt_order(RD_OT_END, 0));
	assert_int_equal(s->phase, RD_PH_INITIATIVE);
	// Turn 2: a tie (red 4 + 1, blue 5): blue plays first again, nobody chooses.
	o = rdt_order(RD_OT_INITIATIVE, 0);
	RDT_DICE(o, 4, 5);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.SEQ.4", TW_EV_TOSS), 1);
	assert_int_equal(rdt_count("RD.SEQ.4", TW_EV_DICE), 0);
	assert_int_equal(RDG(s)->turn, 2);
	assert_int_equal(s->phase, RD_PH_FIRST);
	assert_int_equal(s->mover, 1);
	// Entered dice run out: refused, naming the clause, the state as it was.
	rdt_ok(s, rdt_order(RD_OT_END, 1));
	rdt_ok(s, rdt_order(RD_OT_END, 0));
	o = rdt_order(RD_OT_INITIATIVE, 0);
	RDT_DICE(o, 3);
	rdt_refused(s, o, "RD.SEQ.2");
	(void)cmd;
	rdt_done(s);
}

// RD.DET.1-3, RD.EX.15: a Regular unit 13 in from its Brigade General at the start of the turn
// throws 2: it may not move this turn, but it may still shoot. One 11 in away needs no throw.
static void test_RD_EX_15_DET_1_3_command_check(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int a = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 30, 20, 0);
	int b = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 80, 20, 0);
	int t = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 30, 31, 180);
	int ga = rdt_general(s, 0, 30, 5.5, false); // 13 in from a's rear rank (y 19, base edge 18.5)
	int gb = rdt_general(s, 0, 80, 7.5, false); // 11 in from b's
	RDU(s, a)->brigade = ga;
	RDU(s, b)->brigade = gb;
	rdt_general(s, 1, 30, 44, true);
	rdt_start(s);
	rdt_red_first(s, 4, 3);
	assert_false(RDU(s, a)->flags & RUF_IN_COMMAND);
	assert_true(RDU(s, b)->flags & RUF_IN_COMMAND);
	assert_true(RDU(s, t)->flags & RUF_IN_COMMAND); // the Army Commander commands every unit (RD.ORG.2)
	// a throws 2 (needs 3): the order stands but nothing moves.
	tw_vec2 was = s->fig[0].pos;
	tw_order *o = rdt_move(s, a, 30, 15);
	RDT_DICE(o, 2);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.DET.1", TW_EV_DICE), 1);
	assert_true(RDU(s, a)->flags & RUF_FAILED);
	assert_true(s->fig[0].pos.y == was.y);
	rdt_refused(s, rdt_move(s, a, 30, 15), "RD.DET.3");
	// It may still shoot (RD.EX.15): 12 figures, 3 dice at 5-6 against a line 10 in away.
	o = rdt_unit_order(s, RD_OT_SHOOT, a);
	o->fig2[o->nfig2++] = s->nfig - 1 - 2 - 12; // a figure of unit t
	assert_int_equal(s->fig[o->fig2[0]].unit, t);
	RDT_DICE(o, 5, 1, 2);
	rdt_ok(s, o);
	assert_int_equal(rd_unit_figures(s, t, false), 11);
	// b is in command: no die is thrown (none entered, and none missing).
	rdt_ok(s, rdt_move(s, b, 80, 14));
	assert_int_equal(rdt_count("RD.DET.1", TW_EV_DICE), 0);
	rdt_done(s);
}

// RD.MOVE.2/3/5, RD.EX.16: the road doubles a column's move; a wood costs 2 an inch; Irregulars
// and skirmishers ignore it; a wall halves the move; backing away costs 2 an inch, not 4 over a wall.
static void test_RD_EX_16_MOVE_2_3_4_5_movement_arithmetic(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int col = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_COLUMN, 12, 3, 60, 12, 0);
	int line = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 20, 10.5, 0);
	int irr = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 90, 10.5, 0);
	int bk = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 20, 60.5, 0);
	RDU(s, irr)->cls = TW_RD_IRREGULAR;
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 110, 95, 180);
	rdt_general(s, 0, 40, 5, true);
	rdt_general(s, 1, 110, 98, true);
	rdt_brigades(s, 0);
	tw_terrain road = {.kind = TW_TER_ROAD, .nverts = 4, .v = {{57, 0}, {63, 0}, {63, 100}, {57, 100}}};
	tw_terrain wood = {
	    .kind = TW_TER_WOOD, .nverts = 4, .height = 4, .v = {{0, 14}, {40, 14}, {40, 40}, {0, 40}}};
	tw_terrain wood2 = wood;
	for (int k = 0; k < 4; k++)
		wood2.v[k].x += 70;
	tw_terrain wall = {
	    .kind = TW_TER_WALL, .nverts = 4, .height = 1, .v = {{0, 64}, {40, 64}, {40, 64.2}, {0, 64.2}}};
	tw_terrain wall2 = {
	    .kind = TW_TER_WALL, .nverts = 4, .height = 1, .v = {{0, 57}, {40, 57}, {40, 57.2}, {0, 57.2}}};
	tw_terrain *ps[] = {&road, &wood, &wood2, &wall, &wall2};
	for (int k = 0; k < 5; k++) {
		tw_terrain_finish(ps[k]);
		tw_table_add(&s->table, ps[k]);
	}
	assert_int_equal(tw_state_set_ruleset(s, s->ruleset), TW_OK);
	rdt_start(s);
	rdt_red_first(s, 4, 3);
	// The column on the road, facing along it: 24 in for its 12 (RD.MOVE.3); 24.5 is too far.
	rdt_refused(s, rdt_move(s, col, 60, 11 + 24.5), "RD.MOVE.3");
	tw_vec2 c = rd_unit_centre(s, col);
	rdt_ok(s, rdt_move(s, col, c.x, c.y + 24));
	assert_true(RDU(s, col)->used == 12);
	// The line: 4 in of open ground then 4 in the wood (its centre enters at y 14) = 12.
	c = rd_unit_centre(s, line);
	rdt_refused(s, rdt_move(s, line, c.x, 14 + 4.1), "RD.MOVE.2");
	rdt_ok(s, rdt_move(s, line, c.x, 14 + 4));
	// Irregulars pay no penalty: 12 in.
	c = rd_unit_centre(s, irr);
	rdt_ok(s, rdt_move(s, irr, c.x, c.y + 12));
	// bk: crossing the wall at 64 halves the move: 6 in; backing away over the wall at 57 costs
	// 1 an inch (half rate never twice): 6 in too.
	c = rd_unit_centre(s, bk);
	bool halved;
	const char *cl;
	tw_vec2 p = tw_v2(c.x, c.y + 6);
	assert_true(rd_path_cost(s, bk, &p, 1, &halved, &cl) == 6 && halved);
	rdt_refused(s, rdt_move(s, bk, c.x, c.y + 6.1), "RD.MOVE.5");
	p = tw_v2(c.x, c.y - 6);
	assert_true(rd_path_cost(s, bk, &p, 1, &halved, &cl) == 6 && halved);
	rdt_ok(s, rdt_move(s, bk, c.x, c.y - 6));
	// RD.SEQ.5: a unit that moved may not shoot, and one action each: the column moves no more.
	rdt_refused(s, rdt_move(s, col, 60, 40), "RD.MOVE.3");
	rdt_done(s);
}

// RD.MOVE.4/6/7/8: backing away costs double; a formation change costs half the move; two use
// it all; limber and move, but not limber, move and deploy; cavalry may not enter a wood.
static void test_RD_MOVE_4_6_7_8_changes_and_closed_ground(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int inf = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 20, 30.5, 0);
	int gun = rdt_unit(s, 0, TW_RD_FOOT_ART, TW_RD_F_DEPLOYED, 4, 4, 60, 30, 0);
	int cav = rdt_unit(s, 0, TW_RD_CAVALRY, TW_RD_F_LINE, 8, 4, 100, 10, 0);
	int inf2 = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 20, 60.5, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 110, 95, 180);
	rdt_general(s, 0, 40, 20, true);
	rdt_general(s, 1, 110, 98, true);
	rdt_brigades(s, 0);
	tw_terrain wood = {
	    .kind = TW_TER_WOOD, .nverts = 4, .height = 4, .v = {{90, 14}, {110, 14}, {110, 30}, {90, 30}}};
	tw_terrain_finish(&wood);
	tw_table_add(&s->table, &wood);
	assert_int_equal(tw_state_set_ruleset(s, s->ruleset), TW_OK);
	rdt_start(s);
	rdt_red_first(s, 5, 1);
	// RD.MOVE.4: backing away 6 in costs the whole 12; 6.1 is too far.
	tw_vec2 c = rd_unit_centre(s, inf2);
	rdt_refused(s, rdt_move(s, inf2, c.x, c.y - 6.1), "RD.MOVE.2");
	rdt_ok(s, rdt_move(s, inf2, c.x, c.y - 6));
	// RD.MOVE.6: a change into column for half the move, then 6 in; a further change is too much.
	tw_order *o = rdt_unit_order(s, RD_OT_FORMATION, inf);
	o->n = TW_RD_F_COLUMN;
	rdt_refused(s, o, "RD.ORG.8"); // standing in line they are no column (RD.ORG.8 geometry, rd-sap)
	o = rdt_unit_order(s, RD_OT_FORMATION, inf);
	o->n = TW_RD_F_COLUMN;
	o->has_at = true; // 3 files, 4 ranks, the front rank where the line's was
	for (int i = 0; i < o->nfig; i++)
		o->at[i] = tw_v2(19 + i % 3, 30.5 - i / 3);
	rdt_ok(s, o);
	assert_true(RDU(s, inf)->used == 6);
	c = rd_unit_centre(s, inf);
	rdt_refused(s, rdt_move(s, inf, c.x, c.y + 6.1), "RD.MOVE.2");
	rdt_ok(s, rdt_move(s, inf, c.x, c.y + 6));
	o = rdt_unit_order(s, RD_OT_FORMATION, inf);
	o->n = TW_RD_F_LINE;
	rdt_refused(s, o, "RD.MOVE.6");
	// RD.MOVE.8: a deployed gun must limber to move; limber (6) and move 6; deploying again refused.
	c = rd_unit_centre(s, gun);
	rdt_refused(s, rdt_move(s, gun, c.x, c.y + 3), "RD.MOVE.8");
	o = rdt_unit_order(s, RD_OT_FORMATION, gun);
	o->n = TW_RD_F_LIMBERED;
	rdt_ok(s, o);
	rdt_refused(s, rdt_move(s, gun, c.x, c.y + 6.1), "RD.MOVE.2");
	rdt_ok(s, rdt_move(s, gun, c.x, c.y + 6));
	o = rdt_unit_order(s, RD_OT_FORMATION, gun);
	o->n = TW_RD_F_DEPLOYED;
	rdt_refused(s, o, "RD.MOVE.8");
	// RD.MOVE.7: cavalry may not go into a wood.
	c = rd_unit_centre(s, cav);
	rdt_refused(s, rdt_move(s, cav, c.x, c.y + 8), "RD.MOVE.7");
	// RD.ORG.8: cavalry take no skirmish order.
	o = rdt_unit_order(s, RD_OT_FORMATION, cav);
	o->n = TW_RD_F_SKIRMISH;
	rdt_refused(s, o, "RD.ORG.8");
	rdt_done(s);
}

// RD.EX.1, RD.SHOOT.1-8: 12 Regular riflemen in a two-deep line shoot at skirmishers 10 in away:
// 3 dice, -1, only a 6 hits: [6, 5, 2] is one hit. At 13 in they may not shoot. A unit in the
// way blocks the line; a target behind the shooter is outside its arc.
static void test_RD_EX_1_SHOOT_riflemen_at_skirmishers(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int r = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 60, 20, 0);
	int sk = rdt_unit(s, 1, TW_RD_LIGHT, TW_RD_F_SKIRMISH, 6, 6, 60, 31, 180);
	int far = rdt_unit(s, 1, TW_RD_LIGHT, TW_RD_F_SKIRMISH, 6, 6, 20, 34, 180);
	int behind = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 60, 10, 180);
	int r2 = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 20, 20, 0);
	rdt_general(s, 0, 40, 15, true);
	rdt_general(s, 1, 40, 60, true);
	rdt_start(s);
	rdt_red_first(s, 6, 1);
	int sk0 = -1, far0 = -1, behind0 = -1;
	for (int i = s->nfig - 1; i >= 0; i--) {
		if (s->fig[i].unit == sk)
			sk0 = i;
		if (s->fig[i].unit == far)
			far0 = i;
		if (s->fig[i].unit == behind)
			behind0 = i;
	}
	bool d, v, sup;
	rd_shoot_categories(s, r, sk, &d, &v, &sup);
	assert_true(d && !v && !sup);
	assert_int_equal(rd_shoot_dice(s, r), 3);
	// 13 in: out of rifle range (RD.SHOOT.5).
	tw_order *o = rdt_unit_order(s, RD_OT_SHOOT, r2);
	o->fig2[o->nfig2++] = far0;
	rdt_refused(s, o, "RD.SHOOT.5");
	// Behind the shooter: outside its arc (RD.SHOOT.3).
	o = rdt_unit_order(s, RD_OT_SHOOT, r);
	o->fig2[o->nfig2++] = behind0;
	rdt_refused(s, o, "RD.SHOOT.3");
	o = rdt_unit_order(s, RD_OT_SHOOT, r);
	o->fig2[o->nfig2++] = sk0;
	RDT_DICE(o, 6, 5, 2);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.SHOOT.6", TW_EV_DICE), 1);
	assert_int_equal(rdt_count("RD.CON.5", TW_EV_KILL), 1);
	assert_int_equal(rd_unit_figures(s, sk, false), 5);
	// One action a phase (RD.SEQ.5): it may not shoot again, nor move.
	o = rdt_unit_order(s, RD_OT_SHOOT, r);
	o->fig2[o->nfig2++] = sk0 + 1;
	rdt_refused(s, o, "RD.SHOOT.1");
	rdt_refused(s, rdt_move(s, r, 60, 17), "RD.SEQ.5");
	rdt_done(s);
}

// RD.SHOOT.2/9/10/14: a unit in the way blocks the line; a gun's canister within 12 in and an
// enfiladed target add +1 each.
static void test_RD_SHOOT_2_9_10_14_sight_canister_enfilade(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int gun = rdt_unit(s, 0, TW_RD_FOOT_ART, TW_RD_F_DEPLOYED, 4, 4, 60, 20, 0);
	int colm = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_COLUMN, 12, 3, 60, 31, 180);
	int flank =
	    rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 80, 40, 90); // faces +x: the gun is on its flank
	int shooter = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 20, 20, 0);
	int screen = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 8, 20, 25, 0);
	int hidden = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 20, 30, 180);
	rdt_general(s, 0, 40, 15, true);
	rdt_general(s, 1, 40, 60, true);
	rdt_start(s);
	rdt_red_first(s, 6, 1);
	bool d, v, sup;
	rd_shoot_categories(s, gun, colm, &d, &v, &sup);
	assert_true(!d && v && sup); // column +1, canister +1: net +2 -> 3-6 (RD.EX.3)
	assert_int_equal(rd_shoot_dice(s, gun), 2);
	rd_shoot_categories(s, gun, flank, &d, &v, &sup);
	assert_true(!d && v && !sup); // enfilade +1, beyond canister range
	int h0 = -1;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == hidden) {
			h0 = i;
			break;
		}
	tw_order *o = rdt_unit_order(s, RD_OT_SHOOT, shooter);
	o->fig2[o->nfig2++] = h0;
	rdt_refused(s, o, "RD.SHOOT.2");
	(void)screen;
	rdt_done(s);
}

// A scenario file loads, validates and plays a turn's opening orders through a game.
static void test_RD_scenario_loads_and_plays(void **st)
{
	(void)st;
	rdt_register();
	tw_state s0;
	memset(&s0, 0, sizeof s0);
	tw_error err = {0};
	if (tw_state_load(&s0, "scenarios/rattle/crossroads.json", &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	tw_game *g = tw_game_new(&s0, 7, NULL, &err);
	assert_non_null(g);
	const tw_state *s = tw_game_state(g);
	assert_int_equal(s->phase, RD_PH_INITIATIVE);
	tw_order *o = rdt_order(RD_OT_INITIATIVE, 0);
	assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
	if (s->phase == RD_PH_CHOOSE) {
		tw_order_init(o, RD_OT_FIRST, RDG(s)->winner);
		assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
	}
	assert_true(s->phase == RD_PH_FIRST);
	int side = s->mover;
	// The mover's first unit advances 3 in (in command: its Army Commander stands by it).
	int u = -1;
	for (int i = 0; i < s->nunit && u < 0; i++)
		if (s->unit[i].side == side)
			u = i;
	tw_order *m = rdt_unit_order(s, RD_OT_MOVE, u);
	tw_vec2 c = rd_unit_centre(s, u);
	m->path[0] = tw_add(c, tw_scale(tw_dir_deg(s->unit[u].facing), 3));
	m->npath = 1;
	if (tw_game_apply(g, m, NULL, NULL, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	tw_order_init(o, RD_OT_END, side);
	assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
	assert_int_equal(s->phase, RD_PH_SECOND);
	assert_int_equal(tw_state_check(s, &err), TW_OK);
	free(o);
	free(m);
	tw_game_free(g);
	tw_state_free(&s0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_RD_EX_20_SEQ_2_3_4_initiative),
	    cmocka_unit_test(test_RD_EX_15_DET_1_3_command_check),
	    cmocka_unit_test(test_RD_EX_16_MOVE_2_3_4_5_movement_arithmetic),
	    cmocka_unit_test(test_RD_MOVE_4_6_7_8_changes_and_closed_ground),
	    cmocka_unit_test(test_RD_EX_1_SHOOT_riflemen_at_skirmishers),
	    cmocka_unit_test(test_RD_SHOOT_2_9_10_14_sight_canister_enfilade),
	    cmocka_unit_test(test_RD_scenario_loads_and_plays),
	};
	return cmocka_run_group_tests(tests, NULL, rdt_teardown);
}
