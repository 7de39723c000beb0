// A Rattle of Dice: charges, reactions and melee played through the one entry point with entered
// dice (RD.CHARGE.1-9, RD.SEQ.6/7, RD.MELEE.1-20, RD.MOVE.16, RD.FLAG.3-5, RD.CON.9) and the
// worked examples RD.EX.5-10, RD.EX.12, RD.EX.13, asserted exactly; `odds rattle melee`.
// Dice order in a melee step (RD.MELEE.5): supporting fire, defensive fire, then every other
// unit's melee dice, each by unit id; then compulsory colour rolls (RD.FLAG.3).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rd_scene.h"
#include "rules/rattle/rd.h"
#include "tinwar/io.h"
#include "tinwar/tinwar.h"
#include "odds_test.h"

// The phasing side ends its phase; the other side is asked for its defensive and supporting fire
// (RD.MELEE.5, a decision of its seat) and gives the fire order that carries the step's dice.
static tw_order *end_then_fire(tw_state *s, int side)
{
	rdt_ok(s, rdt_order(RD_OT_END, side));
	tw_decision d[TW_MAX_DECISIONS];
	assert_int_equal(tw_state_decisions(s, d, TW_MAX_DECISIONS), 1);
	assert_int_equal(d[0].seat, 1 - side);
	assert_string_equal(d[0].clause, "RD.MELEE.5");
	assert_int_equal(rdt_count("RD.MELEE.5", TW_EV_DECISION), 1);
	return rdt_order(RD_OT_FIRE, 1 - side);
}

static int alive(const tw_state *s, int u)
{
	return rd_unit_figures(s, u, false);
}

static int dice_of(int u)
{
	return tw_rd_dice(u, 4);
}

// RD.MELEE.2, RD.CON.9, RD.EX.5-8: the current counting (2nd rank in full, 3rd and 4th ranks of
// contact files at half); the superseded count of RD.EX.7 (8 and 10 figures) is never produced.
static void test_RD_MELEE_2_EX_5_6_7_8_CON_9_counting(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int a = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_COLUMN, 12, 4, 15, 20, 0); // RD.EX.5: 4 x 3
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 15, 21, 180);         // a wider enemy
	int b = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_COLUMN, 18, 6, 40, 20, 0); // RD.EX.6: 6 x 3
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 40, 21, 180);          // 4 files, centred
	int c = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_COLUMN, 24, 8, 70, 20, 0); // RD.EX.8: 8 x 3
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 70, 21, 180);
	int d = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_COLUMN, 12, 3, 100, 20, 0); // RD.EX.8: 3 wide, 4 deep
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 10, 5, 100, 21, 180);
	int e = rdt_unit(s, 0, TW_RD_CAVALRY, TW_RD_F_LINE, 8, 4, 15, 60, 0); // RD.EX.9: 4 x 2 cavalry
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 15, 61, 180);
	rdt_start(s);
	assert_int_equal(rd_melee_halves(s, a, NULL, 0), 20); // 8 + 4 x 1/2 = 10
	assert_int_equal(dice_of(20), 3);
	assert_int_equal(rd_melee_halves(s, b, NULL, 0), 30); // 12 + 6 x 1/2 = 15
	assert_int_equal(dice_of(30), 4);
	assert_int_equal(rd_melee_halves(s, c, NULL, 0), 38); // 16 + 3 = 19
	assert_int_equal(dice_of(38), 5);
	assert_int_equal(rd_melee_halves(s, d, NULL, 0), 18); // 6 + 6 x 1/2 = 9
	assert_int_equal(dice_of(18), 2);
	// RD.EX.7: the superseded wording would give 8 (2 dice) and 10 (3 dice).
	assert_int_not_equal(rd_melee_halves(s, a, NULL, 0), 16);
	assert_int_not_equal(rd_melee_halves(s, b, NULL, 0), 20);
	// RD.EX.9, RD.MELEE.3: 8 mounted cavalry count 8, a die per 2: 4 dice.
	assert_int_equal(rd_melee_halves(s, e, NULL, 0), 16);
	assert_int_equal(tw_rd_dice(16, rd_types[TW_RD_CAVALRY].melee_per), 4);
	rdt_done(s);
}

// The RD.EX.12 / RD.EX.13 table: red R (12 line infantry, 6 x 2) charges blue L (4 line
// infantry, 2 x 2) and blue C (4 cavalry, 2 x 2) standing side by side 9 in ahead; with
// `support`, blue S (4 riflemen) stands 5 in beside R's place of contact.
typedef struct table {
	tw_state *s;
	int r, l, c, sup;
} table;

static table charge_table(bool support, bool colour)
{
	table t = {.s = rdt_scene(), .sup = -1};
	tw_state *s = t.s;
	t.r = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 30, 20, 0);
	t.l = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 2, 28, 30, 180);
	t.c = rdt_unit(s, 1, TW_RD_CAVALRY, TW_RD_F_LINE, 4, 2, 32, 30, 180);
	if (support) {
		t.sup = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 38.5, 28.5, 0);
		s->unit[t.sup].facing = 270; // facing R's flank
	}
	if (colour)
		RDF(s, 0)->role = RD_ROLE_COLOUR;
	rdt_brigades(s, 0);
	rdt_brigades(s, 1);
	rdt_start(s);
	rdt_red_first(s, 4, 3);
	return t;
}

// R moves 9 in into contact (RD.CHARGE.1: a move into contact is a charge; RD.CHARGE.2: no extra
// distance); blue's cavalry is asked (RD.SEQ.6, RD.CHARGE.7) and stands.
static void charge_and_stand(table *t)
{
	tw_state *s = t->s;
	rdt_ok(s, rdt_move(s, t->r, 30, 28.5));
	assert_true(RDU(s, t->r)->flags & RUF_CHARGING);
	assert_true(RDU(s, t->l)->flags & RUF_CHARGED_FRONT); // RD.CHARGE.8
	assert_true(RDU(s, t->c)->flags & RUF_CHARGED_FRONT);
	assert_int_equal(rdt_count("RD.CHARGE.1", TW_EV_CONTACT), 2);
	tw_decision d[TW_MAX_DECISIONS];
	assert_int_equal(tw_state_decisions(s, d, TW_MAX_DECISIONS), 1);
	assert_int_equal(d[0].seat, 1);
	assert_string_equal(d[0].clause, "RD.CHARGE.7");
	assert_int_equal(RDG(s)->target, t->c);
	tw_error err = {0};
	tw_order *o = rdt_order(RD_OT_END, 0);
	assert_int_not_equal(tw_state_apply(s, o, NULL, &rdt_ev, &err), TW_OK); // the phasing side waits
	free(o);
	o = rdt_order(RD_OT_RESPOND, 1);
	o->n = 0;
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.CHARGE.7", TW_EV_INFO), 1);
	assert_false(rd_charge_pending(s));
}

// RD.EX.12, RD.MELEE.4, RD.MELEE.5, RD.MELEE.6, RD.MELEE.9, RD.MELEE.11, RD.MELEE.14, RD.MELEE.15,
// RD.MELEE.17, RD.SEQ.7: the attacker takes 1 from defensive fire
// and 1 in the melee and inflicts 2: neither side is defeated; the melee goes on next turn with
// no charge bonus, fought once in turn 2's first melee step; then blue loses it, retreats
// (RD.MELEE.16) and a unit awaiting rally must rally still (RD.MELEE.20); R stays (RD.MELEE.18).
static void test_RD_EX_12_MELEE_15_17_draw_continues(void **st)
{
	(void)st;
	table t = charge_table(false, false);
	tw_state *s = t.s;
	charge_and_stand(&t);
	tw_order *o = end_then_fire(s, 0);
	RDT_DICE(o, 5,    // L's defensive fire: 1 die (4 figures), 5+ (RD.MELEE.6)
	         4, 4, 1, // R: 11 figures, 3 dice, +1 charge: 4+ -> 2 hits, one each on L and C (RD.MELEE.14)
	         5, 1);   // C: 4 cavalry, 2 dice, 5+ -> 1 hit
	rdt_ok(s, o);
	const tw_event *df = rdt_find("RD.MELEE.6", TW_EV_INFO, t.l);
	assert_non_null(df);
	assert_int_equal(df->c, 1);
	assert_int_equal(df->d, 0);
	const tw_event *rm = rdt_find("RD.MELEE.3", TW_EV_INFO, t.r);
	assert_non_null(rm);
	assert_int_equal(rm->c, 3);
	assert_int_equal(rm->d, 1);
	assert_null(rdt_find("RD.MELEE.3", TW_EV_INFO, t.l)); // defensive fire replaced its melee roll
	assert_int_equal(alive(s, t.r), 10);
	assert_int_equal(alive(s, t.l), 3);
	assert_int_equal(alive(s, t.c), 3);
	const tw_event *res = rdt_find("RD.MELEE.15", TW_EV_INFO, -1);
	assert_non_null(res);
	assert_int_equal(res->b, -1); // a draw: 2 v 2
	assert_int_equal(res->c, 2);
	assert_int_equal(res->d, 2);
	assert_false(RDU(s, t.r)->flags & RUF_MUST_RALLY);
	assert_true(rd_units_touch(s, t.r, t.l));
	// Blue's phase: the melee is not fought again this turn (RD.SEQ.7).
	rdt_ok(s, rdt_order(RD_OT_END, 1));
	assert_int_equal(rdt_count("RD.MELEE.5", TW_EV_MELEE), 0);
	// Turn 2: fought in the first melee step, nobody charging (RD.MELEE.17): R needs 5s.
	rdt_red_first(s, 5, 2);
	RDU(s, t.l)->flags |= RUF_MUST_RALLY; // awaiting rally (RD.MELEE.20)
	tw_vec2 rc = rd_unit_centre(s, t.r), lc = rd_unit_centre(s, t.l);
	o = rdt_order(RD_OT_END, 0);
	RDT_DICE(o, 4, 4, 5, // R: 10 figures, 3 dice, net 0: 5+ -> 1 hit (on L, fewest id on a tie)
	         1,          // L: 3 figures, 1 die
	         1, 1);      // C: 3 cavalry, 2 dice
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.MELEE.5", TW_EV_MELEE), 1);
	assert_null(rdt_find("RD.MELEE.6", TW_EV_INFO, -1));
	rm = rdt_find("RD.MELEE.3", TW_EV_INFO, t.r);
	assert_int_equal(rm->c, 3);
	assert_int_equal(rm->d, 0);
	assert_int_equal(alive(s, t.l), 2);
	assert_true(RDU(s, t.l)->flags & RUF_MUST_RALLY);
	assert_true(RDU(s, t.c)->flags & RUF_MUST_RALLY);
	assert_non_null(rdt_find_move("RD.MELEE.20", t.l));
	assert_non_null(rdt_find_move("RD.MELEE.16", t.c));
	assert_non_null(rdt_find("RD.MELEE.18", TW_EV_INFO, -1));
	// RD.MELEE.16: a full move directly away from R's centre, faced about; R stays (RD.MELEE.18).
	assert_float_equal(rdt_find_move("RD.MELEE.20", t.l)->v, 12.0, 1e-9);
	assert_true(rd_unit_centre(s, t.l).y > lc.y + 8); // away from R's centre, 45 degrees off
	assert_float_equal(rdt_find_move("RD.MELEE.16", t.c)->v, 18.0, 1e-9);
	assert_float_equal(tw_dist(rd_unit_centre(s, t.r), rc), 0.0, 1e-12);
	assert_false(rd_unit_engaged(s, t.r));
	rdt_done(s);
}

// RD.EX.12 variation, RD.MELEE.15, RD.MELEE.16, RD.FLAG.3, RD.FLAG.4 (the captured colour is gone): R
// inflicts only 1: it took 2 > 1 and is defeated; its colour roll is compulsory: a 1 loses the colour to blue
// (no extra man); a 4 cancels one hit (a figure restored) without changing the result.
static void test_RD_EX_12_FLAG_3_4_attacker_defeated(void **st)
{
	(void)st;
	for (int v = 0; v < 2; v++) {
		table t = charge_table(false, true);
		tw_state *s = t.s;
		charge_and_stand(&t);
		tw_vec2 rc = rd_unit_centre(s, t.r);
		tw_order *o = end_then_fire(s, 0);
		RDT_DICE(o, 5, 4, 1, 1, 5, 1, v == 0 ? 1 : 4);
		rdt_ok(s, o);
		const tw_event *res = rdt_find("RD.MELEE.15", TW_EV_INFO, -1);
		assert_int_equal(res->b, 0);
		assert_int_equal(res->c, 2);
		assert_int_equal(res->d, 1);
		assert_true(RDU(s, t.r)->flags & RUF_MUST_RALLY);
		assert_float_equal(rdt_find_move("RD.MELEE.16", t.r)->v, 12.0, 1e-9);
		assert_true(rd_unit_centre(s, t.r).y < rc.y - 11);
		assert_int_equal(rdt_count("RD.FLAG.3", TW_EV_DICE), 1);
		if (v == 0) {
			assert_int_equal(RDS(s, 1)->colours, 1);
			assert_int_equal(alive(s, t.r), 10); // no extra man lost
			for (int i = 0; i < s->nfig; i++)
				assert_false(s->fig[i].unit == t.r && RDF(s, i)->role == RD_ROLE_COLOUR);
		} else {
			assert_int_equal(RDS(s, 1)->colours, 0);
			assert_int_equal(alive(s, t.r), 11); // one hit cancelled
		}
		rdt_done(s);
	}
}

// RD.EX.13, RD.MELEE.7: a supporting unit 5 in away hits the charger at once (1), defensive fire
// 1, the melee 1: 3 taken, 2 inflicted: the charger's side is defeated; the supporting unit is
// untouched and unmoved.
static void test_RD_EX_13_MELEE_7_supporting_fire(void **st)
{
	(void)st;
	table t = charge_table(true, false);
	tw_state *s = t.s;
	charge_and_stand(&t);
	tw_vec2 sc = rd_unit_centre(s, t.sup);
	tw_order *o = end_then_fire(s, 0);
	RDT_DICE(o, 6,    // S: 4 riflemen, 1 die (RD.MELEE.7 by the shooting rules)
	         5,       // L's defensive fire
	         4, 4, 1, // R: 10 figures, 3 dice at 4+: 2 hits
	         5, 1);   // C: 1 hit
	rdt_ok(s, o);
	const tw_event *sf = rdt_find("RD.MELEE.7", TW_EV_INFO, t.sup);
	assert_non_null(sf);
	assert_int_equal(sf->b, t.r);
	assert_int_equal(sf->c, 1);
	const tw_event *res = rdt_find("RD.MELEE.15", TW_EV_INFO, -1);
	assert_int_equal(res->b, 0);
	assert_int_equal(res->c, 3);
	assert_int_equal(res->d, 2);
	assert_true(RDU(s, t.r)->flags & RUF_MUST_RALLY);
	assert_int_equal(alive(s, t.sup), 4);
	assert_false(RDU(s, t.sup)->flags & RUF_MUST_RALLY);
	assert_float_equal(tw_dist(rd_unit_centre(s, t.sup), sc), 0.0, 1e-12);
	rdt_done(s);
}

// RD.MELEE.6, RD.MELEE.7, RD.MELEE.5: defensive and supporting fire are optional: blue holds
// both (S and L named in `fire hold`); red's orders wait for the answer; L then rolls its
// ordinary melee dice instead (1 die at 5+), R counts all 12 (3 dice), C 2 dice.
static void test_RD_MELEE_6_7_fire_held(void **st)
{
	(void)st;
	table t = charge_table(true, false);
	tw_state *s = t.s;
	charge_and_stand(&t);
	tw_order *o = end_then_fire(s, 0);
	free(o);
	rdt_refused(s, rdt_order(RD_OT_END, 0), "RD.MELEE.5");
	o = rdt_order(RD_OT_FIRE, 1);
	o->val[o->nval++] = t.r; // not blue's
	rdt_refused(s, o, "RD.MELEE.5");
	o = rdt_order(RD_OT_FIRE, 1);
	o->val[o->nval++] = t.sup;
	o->val[o->nval++] = t.l;
	RDT_DICE(o, 4, 4, 1, // R: 12 figures, 3 dice at 4+: 2 hits
	         5,          // L: 4 figures, 1 die at 5+
	         5, 1);      // C
	rdt_ok(s, o);
	assert_null(rdt_find("RD.MELEE.7", TW_EV_INFO, -1));
	assert_null(rdt_find("RD.MELEE.6", TW_EV_INFO, -1));
	assert_int_equal(rdt_find("RD.MELEE.3", TW_EV_INFO, t.r)->c, 3);
	assert_int_equal(rdt_find("RD.MELEE.3", TW_EV_INFO, t.l)->c, 1);
	const tw_event *res = rdt_find("RD.MELEE.15", TW_EV_INFO, -1);
	assert_int_equal(res->c, 2);
	assert_int_equal(res->d, 2);
	assert_false(RDU(s, t.l)->flags & RUF_HOLD_FIRE); // spent with the step
	assert_int_equal(s->phase, RD_PH_SECOND);
	rdt_done(s);
}

// RD.CHARGE.6, RD.MELEE.11, RD.MOVE.16: blue cavalry 10 in away counter-charge red's charge:
// they meet halfway (5 in each), both count as charging (+1: 4s hit); a draw; in turn 2 red
// backs away out of contact and the melee ends (no melee fought).
static void test_RD_CHARGE_6_MOVE_16_counter_charge(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int r = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 20, 0);
	int c = rdt_unit(s, 1, TW_RD_CAVALRY, TW_RD_F_LINE, 4, 4, 30, 31, 180);
	rdt_brigades(s, 0);
	rdt_brigades(s, 1);
	rdt_start(s);
	rdt_red_first(s, 4, 3);
	rdt_ok(s, rdt_move(s, r, 30, 30));
	assert_int_equal(RDG(s)->target, c);
	tw_order *o = rdt_order(RD_OT_RESPOND, 0); // not red's to answer
	o->n = 0;
	tw_error err = {0};
	assert_int_not_equal(tw_state_apply(s, o, NULL, &rdt_ev, &err), TW_OK);
	free(o);
	o = rdt_order(RD_OT_RESPOND, 1);
	o->n = 2;
	rdt_ok(s, o);
	assert_float_equal(rd_unit_centre(s, r).y, 25.0, 1e-9);
	assert_float_equal(rd_unit_centre(s, c).y, 26.0, 1e-9);
	assert_true(RDU(s, c)->flags & RUF_CHARGING);
	assert_float_equal(rdt_find_move("RD.CHARGE.6", c)->v, 5.0, 1e-9);
	assert_int_equal(s->fig[rdt_find_move("RD.CHARGE.6", c)->a].unit, c); // a names a figure (event.h)
	o = rdt_order(RD_OT_END, 0);
	RDT_DICE(o, 4,  // red: 4 figures, 1 die, +1 charge
	         4, 3); // blue: 4 cavalry, 2 dice, +1 counter-charge
	rdt_ok(s, o);
	assert_int_equal(rdt_find("RD.MELEE.3", TW_EV_INFO, c)->d, 1);
	assert_int_equal(rdt_find("RD.MELEE.15", TW_EV_INFO, -1)->b, -1);
	rdt_ok(s, rdt_order(RD_OT_END, 1));
	rdt_red_first(s, 4, 3);
	rdt_ok(s, rdt_move(s, r, 30, 22)); // 3 in backwards: 6 in of allowance (RD.MOVE.4)
	assert_int_equal(rdt_count("RD.MOVE.16", TW_EV_INFO), 1);
	rdt_ok(s, rdt_order(RD_OT_END, 0));
	assert_int_equal(rdt_count("RD.MELEE.5", TW_EV_MELEE), 0);
	rdt_done(s);
}

// RD.MELEE.8, RD.SEQ.6: light infantry in skirmish order charged from the front evade: a full
// move away, must rally; the charger stays at the point of contact; no melee. Line infantry
// are not asked at all; a response with nothing pending is refused.
static void test_RD_MELEE_8_SEQ_6_evade(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int r = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 20, 0);
	int k = rdt_unit(s, 1, TW_RD_LIGHT, TW_RD_F_SKIRMISH, 4, 4, 30, 31, 180);
	rdt_brigades(s, 0);
	rdt_brigades(s, 1);
	rdt_start(s);
	rdt_red_first(s, 4, 3);
	tw_vec2 kc = rd_unit_centre(s, k);
	rdt_ok(s, rdt_move(s, r, 30.5, 30));
	assert_int_equal(RDG(s)->target, k);
	tw_vec2 rc = rd_unit_centre(s, r);
	tw_order *o = rdt_order(RD_OT_RESPOND, 1);
	o->n = 1;
	rdt_ok(s, o);
	assert_true(RDU(s, k)->flags & RUF_MUST_RALLY);
	assert_float_equal(tw_dist(rd_unit_centre(s, k), kc), 12.0 - 0.0, 12.0); // moved away
	assert_true(rd_unit_centre(s, k).y > kc.y + 10.0);
	assert_float_equal(tw_dist(rd_unit_centre(s, r), rc), 0.0, 1e-12);
	o = rdt_order(RD_OT_RESPOND, 1);
	o->n = 0;
	rdt_refused(s, o, "RD.SEQ.5"); // blue has no decision: the core's seat check refuses it
	rdt_ok(s, rdt_order(RD_OT_END, 0));
	assert_int_equal(rdt_count("RD.MELEE.5", TW_EV_MELEE), 0);
	rdt_done(s);
}

// RD.CHARGE.3/4/5: a charger must face its target, see it, and be of a kind that charges.
static void test_RD_CHARGE_3_4_5_who_may_charge(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int r = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 20, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 16, 0); // behind red
	int g = rdt_unit(s, 0, TW_RD_FOOT_ART, TW_RD_F_LIMBERED, 2, 2, 70, 20, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 70, 25, 180);
	int h = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 100, 20, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 100, 29, 180);
	tw_terrain hill = {.kind = TW_TER_HILL,
	                   .shape = TW_SHAPE_POLY,
	                   .nverts = 4,
	                   .height = 1,
	                   .v = {{90, 23}, {110, 23}, {110, 26}, {90, 26}}};
	tw_terrain_finish(&hill);
	tw_table_add(&s->table, &hill);
	assert_int_equal(tw_state_set_ruleset(s, s->ruleset), TW_OK);
	rdt_brigades(s, 0);
	rdt_brigades(s, 1);
	rdt_start(s);
	rdt_red_first(s, 4, 3);
	rdt_refused(s, rdt_move(s, r, 30, 17), "RD.CHARGE.3");
	rdt_refused(s, rdt_move(s, g, 70, 24), "RD.CHARGE.5");
	rdt_refused(s, rdt_move(s, h, 100, 28), "RD.CHARGE.4");
	rdt_done(s);
}

// RD.CHARGE.9, RD.MELEE.10: a charge over a wall fights at -1 (+1 charge -1 = 0: a 4 misses).
static void test_RD_CHARGE_9_MELEE_10_over_an_obstacle(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int r = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 20, 0);
	int b = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 26, 180);
	tw_terrain wall = {.kind = TW_TER_WALL,
	                   .shape = TW_SHAPE_POLY,
	                   .nverts = 4,
	                   .height = 1,
	                   .v = {{20, 23}, {40, 23}, {40, 23.2}, {20, 23.2}}};
	tw_terrain_finish(&wall);
	tw_table_add(&s->table, &wall);
	assert_int_equal(tw_state_set_ruleset(s, s->ruleset), TW_OK);
	((rd_trec *)tw_rec(s, TW_REC_TERRAIN, 0))->feature = RD_TER_OBSTACLE;
	rdt_brigades(s, 0);
	rdt_brigades(s, 1);
	rdt_start(s);
	rdt_red_first(s, 4, 3);
	rdt_ok(s, rdt_move(s, r, 30, 25));
	assert_true(RDU(s, r)->flags & RUF_OVER_OBSTACLE);
	tw_order *o = end_then_fire(s, 0);
	RDT_DICE(o, 1, 4); // b's defensive fire misses; r's 4 misses at net 0
	rdt_ok(s, o);
	assert_int_equal(rdt_find("RD.MELEE.3", TW_EV_INFO, r)->d, 0);
	assert_int_equal(alive(s, b), 4);
	rdt_done(s);
}

// RD.EX.10, RD.MELEE.1, RD.MELEE.3, RD.MELEE.6, RD.MELEE.12: a deployed gun (4 crew) charged from the front
// by infantry: defensive fire 2 dice at +1 (canister); by cavalry +1 -1 = 0; a limbered gun: no defensive
// fire, 1 die at net 0.
static void test_RD_EX_10_MELEE_6_12_artillery(void **st)
{
	(void)st;
	for (int v = 0; v < 3; v++) {
		tw_state *s = rdt_scene();
		int ctype = v == 1 ? TW_RD_CAVALRY : TW_RD_LINE;
		int r = rdt_unit(s, 0, ctype, TW_RD_F_LINE, 4, 4, 30, 20, 0);
		int gun = rdt_unit(s, 1, TW_RD_FOOT_ART, v == 2 ? TW_RD_F_LIMBERED : TW_RD_F_DEPLOYED, 4, 4,
		                   30, 29, 180);
		rdt_brigades(s, 0);
		rdt_brigades(s, 1);
		rdt_start(s);
		rdt_red_first(s, 4, 3);
		rdt_ok(s, rdt_move(s, r, 30, 28));
		tw_order *o = v < 2 ? end_then_fire(s, 0) : rdt_order(RD_OT_END, 0);
		if (v == 0)
			RDT_DICE(o, 1, 1, 1); // gun 2 dice; r 1 die
		else if (v == 1)
			RDT_DICE(o, 1, 1, 1, 1); // gun 2 dice; cavalry 4 figures at 1 per 2: 2 dice
		else
			RDT_DICE(o, 1, 1); // r 1 die; gun 1 die
		rdt_ok(s, o);
		const tw_event *df = rdt_find("RD.MELEE.6", TW_EV_INFO, gun);
		if (v < 2) {
			assert_non_null(df);
			assert_int_equal(df->c, 2);
			assert_int_equal(df->d, v == 0 ? 1 : 0);
		} else {
			assert_null(df);
			const tw_event *m = rdt_find("RD.MELEE.3", TW_EV_INFO, gun);
			assert_int_equal(m->c, 1);
			assert_int_equal(m->d, 0);
		}
		rdt_done(s);
	}
}

// RD.FLAG.5, RD.MELEE.19: a colour-bearing unit wiped out in melee loses its colour to the
// enemy; the other side has won.
static void test_RD_FLAG_5_MELEE_19_destroyed(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int r = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 30, 20, 0);
	int b = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 2, 2, 30, 30, 180);
	RDF(s, s->unit[b].id == b ? 8 : 8)->role = RD_ROLE_COLOUR;
	rdt_brigades(s, 0);
	rdt_brigades(s, 1);
	rdt_start(s);
	rdt_red_first(s, 4, 3);
	rdt_ok(s, rdt_move(s, r, 30, 28.5));
	tw_order *o = end_then_fire(s, 0);
	RDT_DICE(o, 1,  // b's defensive fire: 2 figures, 1 die
	         6, 6); // r: 8 figures, 2 dice
	rdt_ok(s, o);
	assert_false(rd_unit_alive(s, b));
	assert_int_equal(RDS(s, 0)->colours, 1);
	assert_non_null(rdt_find("RD.FLAG.5", TW_EV_INFO, b));
	assert_int_equal(rdt_find("RD.MELEE.19", TW_EV_INFO, -1)->b, 1);
	rdt_done(s);
}

static char *odds(const char *q, int n, const char *const *names, const char *const *values, tw_status *st)
{
	return tw_test_odds(&tw_ruleset_rattle, q, n, names, values, st, NULL);
}

// RD.EX.9, RD.MELEE.3, RD.MELEE.11, RD.MELEE.13 (Elite +1), odds rattle melee: 8 cavalry charging: 4 dice at
// 4+ (P(k) = C(4,k)/16); Elite cavalry charging over a hedge: +1 +1 -1 = +1, 4+; 10 counted infantry, 3 dice
// at 5+: P(0) = 8/27.
static void test_RD_EX_9_MELEE_13_odds_melee(void **st)
{
	(void)st;
	tw_status s;
	const char *n1[] = {"figures", "cavalry", "charged"}, *v1[] = {"8", "", ""};
	char *out = odds("melee", 3, n1, v1, &s);
	assert_int_equal(s, TW_OK);
	assert_non_null(strstr(out, "throw 4 dice"));
	assert_non_null(strstr(out, "net +1: each hits on 4-6 (1/2"));
	assert_non_null(strstr(out, "P(0 hits) = 1/16"));
	assert_non_null(strstr(out, "P(2 hits) = 3/8"));
	free(out);
	const char *n2[] = {"figures", "cavalry", "charged", "difficult", "class"},
	           *v2[] = {"8", "", "", "", "elite"};
	out = odds("melee", 5, n2, v2, &s);
	assert_non_null(strstr(out, "net +1: each hits on 4-6"));
	free(out);
	const char *n3[] = {"figures"}, *v3[] = {"10"};
	out = odds("melee", 1, n3, v3, &s);
	assert_non_null(strstr(out, "throw 3 dice"));
	assert_non_null(strstr(out, "P(0 hits) = 8/27"));
	assert_non_null(strstr(out, "P(3 hits) = 1/27"));
	free(out);
	const char *n4[] = {"figures"}, *v4[] = {"x"};
	out = odds("melee", 1, n4, v4, &s);
	assert_int_equal(s, TW_ERR_INPUT);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_RD_MELEE_2_EX_5_6_7_8_CON_9_counting),
	    cmocka_unit_test(test_RD_EX_12_MELEE_15_17_draw_continues),
	    cmocka_unit_test(test_RD_EX_12_FLAG_3_4_attacker_defeated),
	    cmocka_unit_test(test_RD_EX_13_MELEE_7_supporting_fire),
	    cmocka_unit_test(test_RD_MELEE_6_7_fire_held),
	    cmocka_unit_test(test_RD_CHARGE_6_MOVE_16_counter_charge),
	    cmocka_unit_test(test_RD_MELEE_8_SEQ_6_evade),
	    cmocka_unit_test(test_RD_CHARGE_3_4_5_who_may_charge),
	    cmocka_unit_test(test_RD_CHARGE_9_MELEE_10_over_an_obstacle),
	    cmocka_unit_test(test_RD_EX_10_MELEE_6_12_artillery),
	    cmocka_unit_test(test_RD_FLAG_5_MELEE_19_destroyed),
	    cmocka_unit_test(test_RD_EX_9_MELEE_13_odds_melee),
	};
	return cmocka_run_group_tests(tests, NULL, rdt_teardown);
}
