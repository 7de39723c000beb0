// Grant's melee through real orders with fixed dice (tw_gr_dice): contact locks the units
// (GR.MELEE.1), the attacker recorded at contact (GR.MELEE.13), break-in (GR.MELEE.9), the
// charge's close-range fire (GR.CHARGE.5/6) counted in the first move (GR.MELEE.20/21),
// exhaustion (GR.MELEE.25), breakthrough (GR.MELEE.26/27), combats across units (GR.MELEE.6) and
// the 50% rule's exceptions (GR.MORALE.9). Each test states the dice it fixes and the order in
// which the rules throw them.
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

static void at(const tw_state *s, int id, double x, double y)
{
	const tw_figure *f = &s->fig[id];
	if (fabs(f->pos.x - x) > 1e-9 || fabs(f->pos.y - y) > 1e-9)
		fail_msg("figure %d at %.6f,%.6f, expected %.6f,%.6f", id, f->pos.x, f->pos.y, x, y);
}

// The GR.MELEE.27 move event of figure id says it went to (x, y).
static void moved_to(const tw_events *ev, int id, double x, double y)
{
	for (int i = 0; i < ev->n; i++)
		if (ev->v[i].type == TW_EV_MOVE && ev->v[i].a == id && strcmp(ev->v[i].clause, "GR.MELEE.27") == 0) {
			if (fabs(ev->v[i].x - x) > 1e-9 || fabs(ev->v[i].y - y) > 1e-9)
				fail_msg("figure %d went to %.6f,%.6f, expected %.6f,%.6f", id, ev->v[i].x, ev->v[i].y, x, y);
			return;
		}
	fail_msg("figure %d did not move (GR.MELEE.27)", id);
}

static tw_order *shift(const tw_state *s, int unit, double dx, double dy, int mode)
{
	tw_order *o = tw_gr_order(GR_OT_MOVE, s->unit[unit].side);
	assert_true(gr_order_shift(s, unit, tw_v2(dx, dy), mode, o));
	return o;
}

static void charge_front(tw_state *s, int unit, double dy) { tw_gr_ok(s, shift(s, unit, 0, dy, 1), NULL); }

// ---- GR.MELEE.1: contact locks both units at once ----

// Clauses: GR.MELEE.1 GR.CHARGE.10
// Regression: the "in melee" mark was set only at the start of the next move, so a line just
// charged could walk away or volley at the chargers touching it.
static void test_GR_MELEE_1_contact_locks_both_units_at_once(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene();
	int col = gr_build_unit(s, RED, TW_GR_LINE, "col", tw_v2(60, 20), 0, GR_F_COLUMN);
	int line = gr_build_unit(s, BLUE, TW_GR_LINE, "line", tw_v2(60, 26), 180, GR_F_LINE);
	int other = gr_build_unit(s, BLUE, TW_GR_LINE, "other", tw_v2(20, 60), 180, GR_F_LINE);
	tw_gr_start(s);
	TW_GR_DICE(s, 6, 1); // GR.CHARGE.5: the chargers win the dice-off, no fire
	charge_front(s, col, 26 - 20 - 0.55);
	assert_true(GRU(s, &s->unit[line])->flags & GUF_MELEE);
	assert_true(GRU(s, &s->unit[col])->flags & GUF_MELEE);
	tw_gr_end(s, 0, NULL);
	tw_gr_refused(s, shift(s, line, 0, 3, 0), "GR.MELEE.1"); // may not walk away
	tw_order *v = tw_gr_order(GR_OT_VOLLEY, BLUE);
	assert_true(gr_order_volley(s, line, tw_gr_rf(s, col, 0), v));
	tw_gr_refused(s, v, "GR.MELEE.1"); // nor volley at the men touching it
	tw_order *f = tw_gr_order(GR_OT_FORMATION, BLUE);
	assert_true(gr_order_formation(s, line, GR_F_COLUMN, f));
	tw_gr_refused(s, f, "GR.CHARGE.10");
	tw_gr_ok(s, shift(s, other, 0, -3, 0), NULL); // a unit not in contact moves as it likes
	tw_gr_free(s);
}

// Clauses: GR.MELEE.1 GR.GEN.2 GR.MELEE.12
// The same when blue acts first in every move (parameter `first`): blue's charge in its part
// locks red's line for red's part, and the melee at the end of the move is blue's attack.
static void test_GR_MELEE_1_GR_GEN_2_whichever_side_acts_first(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene();
	int p = tw_ruleset_param(tw_ruleset_get(s->ruleset), "first");
	assert_true(p >= 0);
	s->params[p] = 1;
	int line = gr_build_unit(s, RED, TW_GR_LINE, "line", tw_v2(60, 34), 0, GR_F_LINE);
	int col = gr_build_unit(s, BLUE, TW_GR_LINE, "col", tw_v2(60, 40), 180, GR_F_COLUMN);
	tw_gr_start(s);
	assert_int_equal(s->mover, BLUE);
	TW_GR_DICE(s, 6, 1);
	charge_front(s, col, -(40 - 34 - 0.55));
	tw_events ev = {0};
	tw_gr_end(s, 0, &ev);
	assert_int_equal(s->mover, RED);
	assert_int_equal(s->move_no, 1);
	tw_gr_refused(s, shift(s, line, 0, -3, 0), "GR.MELEE.1");
	tw_gr_end(s, 0, &ev); // the end of move 1: the melee
	int combats = 0;
	for (int i = 0; i < ev.n; i++)
		if (ev.v[i].type == TW_EV_MELEE) {
			assert_int_equal(ev.v[i].a, col); // the attacking unit, whoever acts first
			assert_int_equal(ev.v[i].side, BLUE);
			combats++;
		}
	assert_true(combats >= 12);
	const tw_event *e = tw_gr_nth(&ev, "GR.GEN.2", TW_EV_MOVE_START, 0);
	assert_non_null(e);
	assert_int_equal(e->a, 2);
	assert_int_equal(e->b, BLUE); // blue begins move 2 too
	assert_int_equal(s->mover, BLUE);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// ---- GR.MELEE.13: the attacker recorded at contact ----

// Clauses: GR.MELEE.13 GR.TERR.2
// Regression: the attacker was guessed from who moved in the move. Red moves first (its man steps
// 1 in forward), then blue comes down the hill into contact: blue is the attacker, and gets the
// downhill +1 in the first melee move and in the second (where red used to be taken as attacker).
static void test_GR_MELEE_13_the_engines_own_attacker_downhill_in_every_move(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene();
	int ru = gr_build_unit(s, RED, TW_GR_LINE, "red", tw_v2(60, 20), 0, GR_F_LINE);
	int bu = gr_build_unit(s, BLUE, TW_GR_LINE, "blue", tw_v2(60, 40), 180, GR_F_LINE);
	tw_gr_start(s);
	tw_gr_box(s, TW_TER_HILL, NULL, 0, 26.3, 120, 60, 1);
	const int k0 = 0;
	tw_gr_keep(s, ru, &k0, 1, false, 0, 0);
	tw_gr_keep(s, bu, &k0, 1, false, 0, 0);
	int r = tw_gr_rf(s, ru, 0), b = tw_gr_rf(s, bu, 0);
	tw_gr_put(s, r, 60, 25);
	tw_gr_put(s, b, 60, 31);
	tw_vec2 to = tw_v2(60, 26);
	tw_gr_ok(s, tw_gr_move(s, &r, &to, 1, 0), NULL); // red moves first in the move
	tw_gr_end(s, 0, NULL);
	to = tw_v2(60, 26.55);
	tw_gr_ok(s, tw_gr_move(s, &b, &to, 1, 0), NULL); // blue comes down into contact: the attacker
	tw_events ev = {0};
	// Melee move 1: the attacker's die (2) +1 downhill = 3 against red's 3: a tie.
	TW_GR_DICE(s, 2, 3);
	tw_gr_end(s, 0, &ev);
	const tw_event *e = tw_gr_nth(&ev, "GR.MELEE.2", TW_EV_MELEE, 0);
	assert_non_null(e);
	assert_int_equal(e->a, bu);
	assert_true(e->x == 3.0 && e->y == 3.0 && e->d == 0);
	assert_int_equal(s->fig[r].status, TW_FS_ACTIVE);
	// Melee move 2: the flow's dice-off (1, 2), then blue's 2 +1 downhill again against 3.
	tw_gr_end(s, 0, NULL);
	tw_events_clear(&ev);
	TW_GR_DICE(s, 1, 2, 2, 3);
	tw_gr_end(s, 0, &ev);
	e = tw_gr_nth(&ev, "GR.MELEE.2", TW_EV_MELEE, 0);
	assert_non_null(e);
	assert_int_equal(e->a, bu);
	assert_true(e->x == 3.0 && e->y == 3.0);
	assert_int_equal(tw_gr_count(&ev, "GR.MELEE.18", TW_EV_MELEE_MEMBER), 2);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// ---- GR.MELEE.9: breaking into a house ----

// Clauses: GR.MELEE.9 GR.MELEE.15 GR.MELEE.19
static void test_GR_MELEE_9_break_in_and_throw_again(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene();
	tw_gr_box(s, TW_TER_HOUSE, NULL, 50, 30, 56, 33, 0);
	int g = gr_build_unit(s, BLUE, TW_GR_GARRISON, "garrison", tw_v2(53, 40), 180, GR_F_LINE);
	int a = gr_build_unit(s, RED, TW_GR_LINE, "a", tw_v2(53, 15), 0, GR_F_LINE);
	tw_gr_start(s);
	const int k2[2] = {0, 1};
	tw_gr_keep(s, g, k2, 2, true, 100, 95);
	tw_gr_keep(s, a, k2, 2, true, 10, 2);
	int g0 = tw_gr_rf(s, g, 0), g1 = tw_gr_rf(s, g, 1), a0 = tw_gr_rf(s, a, 0), a1 = tw_gr_rf(s, a, 1);
	tw_gr_put(s, g0, 52, 29.7);
	tw_gr_put(s, g1, 54, 29.7);
	GRF(s, &s->fig[g0])->house = GRF(s, &s->fig[g1])->house = gr_house_terrain(s, 0);
	tw_gr_put(s, a0, 52, 25);
	tw_gr_put(s, a1, 54, 25);
	const int ids[2] = {a0, a1};
	const tw_vec2 to[2] = {tw_v2(52, 29.19), tw_v2(54, 29.19)};
	tw_gr_ok(s, tw_gr_move(s, ids, to, 2, 0), NULL);
	tw_gr_end(s, 0, NULL);
	// The break-in throws, a0 then a1: 5 gets in, 2 stays outside. Then a0 v g0: 3 against 3,
	// equal terms; a1 v g1: 5 against 3 + 2 (the house against an attacker outside): ties.
	TW_GR_DICE(s, 5, 2, 3, 3, 5, 3);
	tw_events ev = {0};
	tw_gr_end(s, 0, &ev);
	assert_int_equal(tw_gr_count(&ev, "GR.MELEE.9", TW_EV_DICE), 2);
	assert_int_equal(GRF(s, &s->fig[a0])->inside, 1);
	assert_int_equal(GRF(s, &s->fig[a1])->inside, 0);
	const tw_event *c0 = tw_gr_nth(&ev, "GR.MELEE.2", TW_EV_MELEE, 0), *c1 = tw_gr_nth(&ev, "GR.MELEE.2", TW_EV_MELEE, 1);
	assert_true(c0->x == 3.0 && c0->y == 3.0);
	assert_true(c1->x == 5.0 && c1->y == 5.0);
	assert_int_equal(c0->a, a);
	// Melee move 2: the flow's dice-off (1, 2); a1, still outside, throws again (4: in); both
	// combats on equal terms, 2 against 2.
	tw_gr_end(s, 0, NULL);
	tw_events_clear(&ev);
	TW_GR_DICE(s, 1, 2, 4, 2, 2, 2, 2);
	tw_gr_end(s, 0, &ev);
	assert_int_equal(tw_gr_count(&ev, "GR.MELEE.9", TW_EV_DICE), 1);
	assert_int_equal(tw_gr_nth(&ev, "GR.MELEE.9", TW_EV_DICE, 0)->c, a1);
	assert_int_equal(GRF(s, &s->fig[a1])->inside, 1);
	c0 = tw_gr_nth(&ev, "GR.MELEE.2", TW_EV_MELEE, 0);
	c1 = tw_gr_nth(&ev, "GR.MELEE.2", TW_EV_MELEE, 1);
	assert_true(c0->y == 2.0 && c1->y == 2.0);
	assert_int_equal(tw_gr_count(&ev, "GR.MELEE.24", TW_EV_INFO), 0); // GR.MELEE.19: a third move among houses
	tw_events_free(&ev);
	tw_gr_free(s);
}

// ---- GR.CHARGE.5/6, GR.MELEE.20/21: the first move ----

// A red column with four front-rank men (files 4-7, x 59.175 .. 60.825) charging a blue line
// with the four men facing them (x 59.175 .. 60.825): unit ids 0 (red) and 1 (blue); both keep
// their officers out of the fight (blue's dead if `blue_officers` is false).
static tw_state *first_move_scene(bool blue_officers)
{
	tw_state *s = tw_gr_scene();
	int col = gr_build_unit(s, RED, TW_GR_LINE, "col", tw_v2(60, 20), 0, GR_F_COLUMN);
	int line = gr_build_unit(s, BLUE, TW_GR_LINE, "line", tw_v2(60, 26), 180, GR_F_LINE);
	tw_gr_start(s);
	const int kc[4] = {4, 5, 6, 7}, kl[4] = {10, 11, 12, 13};
	tw_gr_keep(s, col, kc, 4, true, 10, 2);
	tw_gr_keep(s, line, kl, 4, blue_officers, 100, 95);
	return s;
}

// Clauses: GR.CHARGE.5 GR.CHARGE.6 GR.MELEE.20 GR.MELEE.21 GR.MELEE.23 GR.MUSK.9 GR.EX.11
// The defender wins the dice-off and fires at close range (first volley, 0-6 in band: 1 off the
// die); the 2 it kills count with the attacker's combat losses: 1 + 2 = 3 against 1, at least
// twice: the attacker withdraws next move.
static void test_GR_CHARGE_5_GR_CHARGE_6_GR_MELEE_20_defenders_fire_counts(void **st)
{
	(void)st;
	tw_state *s = first_move_scene(true);
	tw_events e1 = {0};
	// Dice-off 1 (red) against 6 (blue); blue's 4 firers throw one die: 3, less 1: 2 hits;
	// allocation 1, 2: the first two red men from blue's left (x 60.825 and 60.275).
	TW_GR_DICE(s, 1, 6, 3, 1, 2);
	tw_gr_ok(s, shift(s, 0, 0, 26 - 20 - 0.55, 1), &e1);
	const tw_event *toss = tw_gr_nth(&e1, "GR.CHARGE.5", TW_EV_TOSS, 0);
	assert_non_null(toss);
	assert_int_equal(toss->b, 1);
	assert_int_equal(toss->c, 6);
	assert_int_equal(toss->a, BLUE);
	const tw_event *v = tw_gr_nth(&e1, "GR.MUSK.9", TW_EV_INFO, 0); // the first volley's columns
	assert_non_null(v);
	assert_int_equal(v->c, 2); // hits
	assert_int_equal(v->d, 2); // removed
	const tw_event *die = tw_gr_nth(&e1, "GR.MUSK.7", TW_EV_DICE, 0);
	assert_int_equal(die->a, 3);
	assert_int_equal(die->c, 2);
	assert_int_equal(tw_gr_count(&e1, "GR.MUSK.7", TW_EV_DICE), 1);
	assert_int_equal(s->fig[tw_gr_rf(s, 0, 7)].status, TW_FS_DEAD); // x 60.825
	assert_int_equal(s->fig[tw_gr_rf(s, 0, 6)].status, TW_FS_DEAD); // x 60.275
	const tw_event *c6 = tw_gr_nth(&e1, "GR.CHARGE.6", TW_EV_INFO, 0);
	assert_non_null(c6);
	assert_int_equal(c6->c, 2);
	tw_gr_end(s, 0, NULL);
	// The melee: red file 5 v blue (x 59.725): 1 +1 charging = 2 against 5, red's man falls;
	// red file 4 v blue (x 59.175): 6 + 1 = 7 against 1, blue's man falls. Morale: 6, 6.
	tw_events e2 = {0};
	TW_GR_DICE(s, 1, 5, 6, 1, 6, 6);
	tw_gr_end(s, 0, &e2);
	assert_int_equal(tw_gr_count(&e2, "GR.MELEE.2", TW_EV_MELEE), 2);
	const tw_event *m = tw_gr_nth(&e2, "GR.MELEE.2", TW_EV_MELEE, 0);
	assert_true(m->x == 2.0 && m->y == 5.0);
	m = tw_gr_nth(&e2, "GR.MELEE.2", TW_EV_MELEE, 1);
	assert_true(m->x == 7.0 && m->y == 1.0);
	const tw_event *o = tw_gr_nth(&e2, "GR.MELEE.20", TW_EV_INFO, 0);
	assert_non_null(o);
	assert_int_equal(o->a, 0);
	assert_int_equal(o->b, 1);
	assert_int_equal(o->c, 3); // 1 in combat + 2 to the contacted defender's fire
	assert_int_equal(o->d, 1);
	assert_int_equal(tw_gr_count(&e2, "GR.MORALE.4", TW_EV_DICE), 2); // GR.MELEE.21: both lost men
	assert_int_equal(tw_gr_count(&e2, "GR.MELEE.23", TW_EV_INFO), 1);
	assert_int_equal(tw_gr_nth(&e2, "GR.MELEE.23", TW_EV_INFO, 0)->side, RED);
	// Next move red withdraws a full move (6 in) directly away (GR.MELEE.23).
	assert_int_equal(s->move_no, 2);
	at(s, tw_gr_rf(s, 0, 4), 59.175, 25.45 - 6);
	tw_events_free(&e1);
	tw_events_free(&e2);
	tw_gr_free(s);
}

// Clauses: GR.MELEE.21 GR.MELEE.23 GR.MORALE.7
// No fire (the chargers win the dice-off); one man lost each side, so the twice rule does not
// apply, but blue (no officers: it cannot pass) fails its test and withdraws one move, then stays
// halted with its retests: it does not keep retiring.
static void test_GR_MELEE_21_bad_morale_in_the_first_move_withdraws(void **st)
{
	(void)st;
	tw_state *s = first_move_scene(false);
	TW_GR_DICE(s, 6, 1);
	charge_front(s, 0, 26 - 20 - 0.55);
	tw_gr_end(s, 0, NULL);
	tw_events ev = {0};
	// Blue's men by id face red files 7, 6, 5, 4: red 1 + 1 v 5 (red falls), 6 + 1 v 1 (blue
	// falls), 2 + 1 v 3 and 2 + 1 v 3 (ties); morale red 6, blue 1.
	TW_GR_DICE(s, 1, 5, 6, 1, 2, 3, 2, 3, 6, 1);
	tw_gr_end(s, 0, &ev);
	const tw_event *o = tw_gr_nth(&ev, "GR.MELEE.20", TW_EV_INFO, 0);
	assert_int_equal(o->c, 1);
	assert_int_equal(o->d, 1);
	assert_int_equal(tw_gr_count(&ev, "GR.MORALE.4", TW_EV_DICE), 2);
	assert_int_equal(tw_gr_count(&ev, "GR.MELEE.23", TW_EV_INFO), 1);
	assert_int_equal(tw_gr_nth(&ev, "GR.MELEE.23", TW_EV_INFO, 0)->side, BLUE);
	assert_false(GRU(s, &s->unit[1])->flags & GUF_BROKE);
	int b = tw_gr_rf(s, 1, 12); // a blue man still standing (x 59.725)
	at(s, b, 59.725, 26 + 6); // withdrew a full move at the start of move 2
	tw_gr_end(s, 0, NULL);
	tw_gr_end(s, 0, NULL); // the end of move 2: a retest (needs 7), failed
	at(s, b, 59.725, 32);  // move 3: halted, not retiring
	assert_true(GRU(s, &s->unit[1])->morale >= 2);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.MELEE.21 GR.MORALE.7
// Regression: a unit in contact with two enemy units failed its first-move test in the second
// pair judged, after the first had marked it "in melee": it was taken as broken off and kept
// retiring. Red's line (no officers: every test fails) is charged by two blue columns.
static void test_GR_MORALE_7_first_move_failure_is_no_break_off(void **st)
{
	(void)st;
	int failed = 0;
	for (uint64_t seed = 1; seed <= 40; seed++) {
		tw_state *s = tw_gr_scene();
		tw_rng_seed(&s->rng, seed);
		int line = gr_build_unit(s, RED, TW_GR_LINE, "line", tw_v2(60, 30), 0, GR_F_LINE);
		int b1 = gr_build_unit(s, BLUE, TW_GR_LINE, "b1", tw_v2(59.45, 36), 180, GR_F_COLUMN);
		int b2 = gr_build_unit(s, BLUE, TW_GR_LINE, "b2", tw_v2(60.55, 36), 180, GR_F_COLUMN);
		tw_gr_start(s);
		const int kl[4] = {10, 11, 12, 13}, kc[2] = {5, 6};
		tw_gr_keep(s, line, kl, 4, false, 0, 0);
		tw_gr_keep(s, b1, kc, 2, true, 100, 95);
		tw_gr_keep(s, b2, kc, 2, true, 100, 97);
		tw_gr_end(s, 0, NULL);
		tw_error err;
		tw_status st1 = tw_gr_apply(s, shift(s, b1, 0, -(36 - 30 - 0.55), 1), NULL, &err);
		tw_status st2 = tw_gr_apply(s, shift(s, b2, 0, -(36 - 30 - 0.55), 1), NULL, &err);
		assert_int_equal(st1, TW_OK);
		assert_int_equal(st2, TW_OK);
		tw_events ev = {0};
		tw_gr_end(s, 0, &ev);
		bool bad = false;
		for (int i = 0; i < ev.n; i++)
			if (strcmp(ev.v[i].clause, "GR.MORALE.4") == 0 && ev.v[i].type == TW_EV_DICE && ev.v[i].side == RED)
				bad = bad || ev.v[i].c < ev.v[i].d;
		tw_events_free(&ev);
		if (bad && gr_unit_active(s, &s->unit[line])) {
			failed++;
			assert_false(GRU(s, &s->unit[line])->flags & GUF_BROKE);
			tw_vec2 p = tw_v2(0, 0);
			int alive = -1;
			for (int k = 0; k < 4; k++)
				if (s->fig[tw_gr_rf(s, line, 10 + k)].status == TW_FS_ACTIVE)
					alive = tw_gr_rf(s, line, 10 + k);
			if (alive >= 0)
				p = s->fig[alive].pos; // after its one withdrawal (start of move 2)
			tw_gr_end(s, 0, NULL);
			tw_gr_end(s, 0, NULL);
			if (alive >= 0 && s->fig[alive].status == TW_FS_ACTIVE)
				at(s, alive, p.x, p.y); // move 3: halted, not retiring again
		}
		tw_gr_free(s);
	}
	assert_true(failed > 0);
}

// ---- GR.CHARGE.5: the defender's fire obeys the rules of any fire ----

// Clauses: GR.CHARGE.5 GR.MUSK.1 GR.MUSK.2
// Regression: the close-range volley came on top of the volley the defender had fired in the
// same move (here its reply in a mutual exchange): no dice-off, no second volley.
static void test_GR_CHARGE_5_no_second_volley_in_a_move(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene();
	int a = gr_build_unit(s, RED, TW_GR_LINE, "a", tw_v2(45, 22), 0, GR_F_LINE);
	int col = gr_build_unit(s, RED, TW_GR_LINE, "col", tw_v2(60, 24), 0, GR_F_COLUMN);
	int b = gr_build_unit(s, BLUE, TW_GR_LINE, "b", tw_v2(60, 30), 180, GR_F_LINE);
	tw_gr_start(s);
	tw_order *v = tw_gr_order(GR_OT_VOLLEY, RED);
	assert_true(gr_order_volley(s, a, tw_gr_rf(s, b, 0), v));
	tw_events ev = {0};
	tw_gr_ok(s, v, &ev);
	assert_int_equal(tw_gr_count(&ev, "GR.MUSK.2", TW_EV_TOSS), 1); // blue fired back
	assert_true(GRU(s, &s->unit[b])->flags & GUF_FIRED_NOW);
	tw_events_clear(&ev);
	tw_gr_ok(s, shift(s, col, 0, 30 - 24 - 0.55, 1), &ev);
	assert_int_equal(tw_gr_count(&ev, "GR.CHARGE.5", TW_EV_TOSS), 0);
	assert_int_equal(tw_gr_count(&ev, "GR.MUSK.7", TW_EV_DICE), 0);
	assert_int_equal(tw_gr_count(&ev, "GR.CHARGE.5", TW_EV_INFO), 1); // it cannot fire, and says why
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.CHARGE.5 GR.ORG.3 GR.ART.8 GR.MORALE.8
// Regression: a charged battery fired canister from a gun with no crew and from a damaged gun
// that had fired in the move before; a line under the 50% rule fired its volley.
static void test_GR_CHARGE_5_crew_damaged_gun_and_the_50_percent_rule(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene();
	int hc = gr_build_unit(s, RED, TW_GR_LIGHT_CAV, "hc", tw_v2(60, 30), 0, GR_F_LINE);
	int bat = gr_build_battery(s, BLUE, "bat", tw_v2(60, 42), 180, false);
	int lc = gr_build_unit(s, RED, TW_GR_LIGHT_CAV, "lc", tw_v2(20, 30), 0, GR_F_LINE);
	int line = gr_build_unit(s, BLUE, TW_GR_LINE, "line", tw_v2(20, 42), 180, GR_F_LINE);
	tw_gr_start(s);
	s->move_no = 5;
	for (int i = 0; i < s->nfig; i++) // gun 0's crew are all dead
		if (GRF(s, &s->fig[i])->gun == 0)
			s->fig[i].status = TW_FS_DEAD;
	GRG(s, &s->gun[1])->damage = 12; // gun 1 fires only in alternate moves, and fired in move 4
	GRG(s, &s->gun[1])->fired_in = 4;
	GRU(s, &s->unit[line])->flags |= GUF_RETIRE50;
	tw_events ev = {0};
	// The horsemen ride at the battery's crew (2.2 in behind the guns) and at the line.
	tw_gr_ok(s, shift(s, hc, 0, 44.2 - 30 - 0.35 - 0.25 - 0.05, 1), &ev);
	tw_gr_ok(s, shift(s, lc, 0, 42 - 30 - 0.35 - 0.25 - 0.05, 1), &ev);
	assert_int_equal(tw_gr_count(&ev, "GR.CANI.1", TW_EV_SHOT), 0);
	assert_int_equal(tw_gr_count(&ev, "GR.MUSK.7", TW_EV_DICE), 0);
	assert_int_equal(tw_gr_count(&ev, "GR.CHARGE.5", TW_EV_TOSS), 0);
	assert_int_equal(tw_gr_count(&ev, "GR.CHARGE.5", TW_EV_INFO), 2);
	assert_true(GRU(s, &s->unit[bat])->flags & GUF_MELEE);
	assert_true(GRU(s, &s->unit[line])->flags & GUF_MELEE);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// ---- GR.MELEE.25: exhaustion counted from the move of contact (GR.EX.12) ----

static void exhausted_fight(int since, int first, int on)
{
	tw_state *s = first_move_scene(true);
	const int k5 = 5, k12 = 12; // red x 59.725 facing blue x 59.725
	tw_gr_keep(s, 0, &k5, 1, true, 10, 2);
	tw_gr_keep(s, 1, &k12, 1, true, 100, 95);
	s->move_no = 5;
	GRU(s, &s->unit[1])->exhaust = 5 - since; // its fight was `since` moves ago
	TW_GR_DICE(s, 6, 1);
	charge_front(s, 0, 26 - 20 - 0.55);
	tw_gr_end(s, 0, NULL);
	tw_events ev = {0};
	TW_GR_DICE(s, 1, 1 + first); // red 1 + 1 charging + exhaustion bonus: a tie
	tw_gr_end(s, 0, &ev);
	const tw_event *m = tw_gr_nth(&ev, "GR.MELEE.2", TW_EV_MELEE, 0);
	assert_non_null(m);
	if (m->x != 1.0 + first || m->y != 1.0 + first)
		fail_msg("melee move 1: %.1f v %.1f, expected %d each", m->x, m->y, 1 + first);
	tw_gr_end(s, 0, NULL);
	tw_events_clear(&ev);
	TW_GR_DICE(s, 2, 5, 1, 1 + on); // the flow's dice-off, then the fight goes on
	tw_gr_end(s, 0, &ev);
	m = tw_gr_nth(&ev, "GR.MELEE.2", TW_EV_MELEE, 0);
	assert_non_null(m);
	if (m->x != 1.0 + on || m->y != 1.0 + on)
		fail_msg("melee move 2: %.1f v %.1f, expected %d each", m->x, m->y, 1 + on);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.MELEE.25 GR.EX.12 GR.MELEE.24
// Regression: the row of additions was read from the current exhaustion move, so a fight begun in
// exhaustion move 1 went on at +2 instead of +3. Contact in exhaustion move 1: +2 and +1
// charging, then +3; in exhaustion move 3: +1 (+1 charging), then +2; in move 5: nothing.
static void test_GR_MELEE_25_GR_EX_12_counted_from_the_move_of_contact(void **st)
{
	(void)st;
	exhausted_fight(1, 3, 3);
	exhausted_fight(3, 2, 2);
	exhausted_fight(5, 1, 0);
	// The bonus itself (the same code the engine uses): move 6, exhausted in move 4, melee move 2.
	tw_state *s = first_move_scene(true);
	s->move_no = 6;
	GRU(s, &s->unit[1])->exhaust = 4;
	const tw_figure *r = &s->fig[tw_gr_rf(s, 0, 5)], *b = &s->fig[tw_gr_rf(s, 1, 12)];
	assert_int_equal(gr_melee_bonus(s, &s->unit[0], &s->unit[1], r, b, true, 2), 3);
	assert_int_equal(gr_melee_bonus(s, &s->unit[0], &s->unit[1], r, b, false, 2), 0); // attackers only
	tw_gr_free(s);
}

// ---- GR.MELEE.26/27: heavy cavalry breakthrough ----

// A heavy cavalryman (x 60.4) 6 in from a blue line whose file in front of him (x 60.4) has
// `depth` ranks (0.55 in apart from y 26), and a blue reserve man where the horseman, veering
// 10 degrees, meets him after 8 in of his 12 in left. Unit ids: 0 cavalry, 1 line, 2 reserve.
static tw_state *breakthrough_scene(int depth, int *horse, int *file, int *reserve)
{
	tw_state *s = tw_gr_scene();
	int hc = gr_build_unit(s, RED, TW_GR_HEAVY_CAV, "hc", tw_v2(60, 10), 0, GR_F_LINE);
	int line = gr_build_unit(s, BLUE, TW_GR_LINE, "line", tw_v2(60.125, 26), 180, GR_F_LINE);
	int res = gr_build_unit(s, BLUE, TW_GR_LINE, "reserve", tw_v2(20, 80), 180, GR_F_LINE);
	tw_gr_start(s);
	const int k12 = 12, kl[4] = {12, 36, 11, 35}, k0 = 0;
	tw_gr_keep(s, hc, &k12, 1, false, 0, 0);
	tw_gr_keep(s, line, kl, depth, true, 100, 95);
	tw_gr_keep(s, res, &k0, 1, true, 100, 97);
	*horse = tw_gr_rf(s, hc, 12);
	tw_gr_put(s, *horse, 60.4, 19.35);
	for (int k = 0; k < depth; k++) {
		file[k] = tw_gr_rf(s, line, kl[k]);
		tw_gr_put(s, file[k], 60.4, 26 + 0.55 * k);
	}
	*reserve = tw_gr_rf(s, res, 0);
	tw_vec2 c = tw_add(tw_v2(60.4, 25.35), tw_scale(tw_dir_deg(10), 8 + 0.61));
	tw_gr_put(s, *reserve, c.x, c.y);
	return s;
}

// Clauses: GR.MELEE.26 GR.MELEE.27 GR.MELEE.12 GR.MELEE.4
// Two ranks: 4 breaks through. The front man is removed, the man behind moves back and to the
// horseman's left, 1.5 in each way (3 in in all), and the horseman rides on, veering 10 degrees
// (the least that meets anyone) to the reserve, and fights him as a charger: 3 x 2 + 1 = 7 v 3.
static void test_GR_MELEE_26_GR_MELEE_27_two_ranks_break_and_ride_on(void **st)
{
	(void)st;
	int h, file[4], res;
	tw_state *s = breakthrough_scene(2, &h, file, &res);
	TW_GR_DICE(s, 6, 1); // the dice-off: the charger wins, no fire
	tw_gr_ok(s, shift(s, 0, 0, 6, 1), NULL);
	tw_gr_end(s, 0, NULL);
	tw_events ev = {0};
	TW_GR_DICE(s, 4, 3, 3);
	tw_gr_end(s, 0, &ev);
	const tw_event *d = tw_gr_nth(&ev, "GR.MELEE.26", TW_EV_DICE, 0);
	assert_non_null(d);
	assert_int_equal(d->a, 4);
	assert_int_equal(d->c, 2); // ranks
	assert_int_equal(d->d, 4); // needed
	assert_int_equal(s->fig[file[0]].status, TW_FS_DEAD);
	assert_int_equal(tw_gr_count(&ev, "GR.MELEE.27", TW_EV_KILL), 1);
	moved_to(&ev, file[1], 60.4 - 1.5, 26.55 + 1.5);
	tw_vec2 end = tw_add(tw_v2(60.4, 25.35), tw_scale(tw_dir_deg(10), 8));
	moved_to(&ev, h, end.x, end.y);
	const tw_event *m = tw_gr_nth(&ev, "GR.MELEE.2", TW_EV_MELEE, 0);
	assert_non_null(m);
	assert_int_equal(tw_gr_count(&ev, "GR.MELEE.2", TW_EV_MELEE), 1); // he fights the reserve only
	assert_true(m->x == 7.0 && m->y == 3.0);
	assert_int_equal(s->fig[res].status, TW_FS_DEAD);
	bool locked = false; // the reserve he reached is in the melee (GR.MELEE.1)
	for (int i = 0; i < ev.n; i++)
		locked = locked || (ev.v[i].type == TW_EV_INFO && strcmp(ev.v[i].clause, "GR.MELEE.1") == 0 && ev.v[i].b == 2);
	assert_true(locked);
	const tw_event *o = tw_gr_nth(&ev, "GR.MELEE.20", TW_EV_INFO, 0);
	assert_int_equal(o->c, 0);
	assert_int_equal(o->d, 2); // the removed front man counts in the infantry's first move
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.MELEE.26 GR.MELEE.27
// Regression: the depth was taken from the formation (a line was always 2 ranks), and the
// horseman who broke through simply left the melee. A file 3 ranks deep needs 5: a 4 fights the
// ordinary melee; a 5 breaks through, and its second and third ranks move aside, left and right.
static void test_GR_MELEE_26_GR_MELEE_27_three_ranks_need_five(void **st)
{
	(void)st;
	int h, file[4], res;
	tw_state *s = breakthrough_scene(3, &h, file, &res);
	TW_GR_DICE(s, 6, 1);
	tw_gr_ok(s, shift(s, 0, 0, 6, 1), NULL);
	tw_gr_end(s, 0, NULL);
	tw_events ev = {0};
	TW_GR_DICE(s, 4, 2, 2); // 4: no breakthrough; then the horseman v the front man: 2 x 2 + 1 v 2
	tw_gr_end(s, 0, &ev);
	assert_non_null(tw_gr_nth(&ev, "GR.MELEE.26", TW_EV_DICE, 0));
	assert_int_equal(tw_gr_nth(&ev, "GR.MELEE.26", TW_EV_DICE, 0)->d, 5);
	assert_int_equal(tw_gr_count(&ev, "GR.MELEE.27", TW_EV_KILL), 0);
	const tw_event *m = tw_gr_nth(&ev, "GR.MELEE.2", TW_EV_MELEE, 0);
	assert_true(m->x == 5.0 && m->y == 2.0);
	assert_int_equal(s->fig[file[0]].status, TW_FS_DEAD); // lost the combat
	at(s, h, 60.4, 25.35);
	tw_events_free(&ev);
	tw_gr_free(s);
	s = breakthrough_scene(3, &h, file, &res);
	TW_GR_DICE(s, 6, 1);
	tw_gr_ok(s, shift(s, 0, 0, 6, 1), NULL);
	tw_gr_end(s, 0, NULL);
	TW_GR_DICE(s, 5, 0, 0);
	tw_events_clear(&ev);
	tw_gr_end(s, 0, &ev);
	assert_int_equal(s->fig[file[0]].status, TW_FS_DEAD);
	moved_to(&ev, file[1], 60.4 - 1.5, 26.55 + 1.5);
	moved_to(&ev, file[2], 60.4 + 1.5, 27.1 + 1.5);
	tw_events_free(&ev);
	tw_gr_free(s);
	// Four ranks: no throw at all.
	s = breakthrough_scene(4, &h, file, &res);
	TW_GR_DICE(s, 6, 1);
	tw_gr_ok(s, shift(s, 0, 0, 6, 1), NULL);
	tw_gr_end(s, 0, NULL);
	tw_events ev2 = {0};
	tw_gr_end(s, 0, &ev2);
	assert_int_equal(tw_gr_count(&ev2, "GR.MELEE.26", TW_EV_DICE), 0);
	assert_int_equal(tw_gr_count(&ev2, "GR.MELEE.26", TW_EV_INFO), 1);
	tw_events_free(&ev2);
	tw_gr_free(s);
}

// ---- GR.MELEE.6: combats across units ----

// Clauses: GR.MELEE.2 GR.MELEE.5 GR.MELEE.6
// Regression: men of two red units on one blue man fought him in two 1 against 1 combats. It is
// one 2 against 1: one die x 1.5.
static void test_GR_MELEE_6_two_units_on_one_man_fight_two_against_one(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene();
	int a = gr_build_unit(s, RED, TW_GR_LINE, "a", tw_v2(40, 20), 0, GR_F_LINE);
	int c = gr_build_unit(s, RED, TW_GR_LINE, "c", tw_v2(80, 20), 0, GR_F_LINE);
	int b = gr_build_unit(s, BLUE, TW_GR_LINE, "b", tw_v2(60, 40), 180, GR_F_LINE);
	tw_gr_start(s);
	const int k0 = 0;
	tw_gr_keep(s, a, &k0, 1, false, 0, 0);
	tw_gr_keep(s, c, &k0, 1, false, 0, 0);
	tw_gr_keep(s, b, &k0, 1, false, 0, 0);
	int fa = tw_gr_rf(s, a, 0), fc = tw_gr_rf(s, c, 0), fb = tw_gr_rf(s, b, 0);
	tw_gr_put(s, fa, 59.6, 25);
	tw_gr_put(s, fc, 60.4, 25);
	tw_gr_put(s, fb, 60, 30);
	tw_vec2 ta = tw_add(tw_v2(60, 30), tw_scale(tw_dir_deg(225), 0.51)), tc = tw_add(tw_v2(60, 30), tw_scale(tw_dir_deg(135), 0.51));
	tw_gr_ok(s, tw_gr_move(s, &fa, &ta, 1, 0), NULL);
	tw_gr_ok(s, tw_gr_move(s, &fc, &tc, 1, 0), NULL);
	tw_gr_end(s, 0, NULL);
	tw_events ev = {0};
	TW_GR_DICE(s, 4, 6); // red 4 x 1.5 = 6 against 6: a tie
	tw_gr_end(s, 0, &ev);
	assert_int_equal(tw_gr_count(&ev, "GR.MELEE.2", TW_EV_MELEE), 1);
	const tw_event *m = tw_gr_nth(&ev, "GR.MELEE.2", TW_EV_MELEE, 0);
	assert_int_equal(m->b, 2);
	assert_int_equal(m->c, 1);
	assert_true(m->x == 6.0 && m->y == 6.0);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// ---- GR.MORALE.9: the two exceptions to the 50% rule ----

// Clauses: GR.MORALE.9 GR.MORALE.8 GR.MELEE.18
// (1) Red (25 of 48 left) falls to 24 in its first melee move: it is not sent to the rear, and it
// fights the second melee move; at the end of that move the 50% rule takes it.
static void test_GR_MORALE_9_first_melee_move_fights_the_second(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene();
	int r = gr_build_unit(s, RED, TW_GR_LINE, "red", tw_v2(60, 20), 0, GR_F_LINE);
	int b = gr_build_unit(s, BLUE, TW_GR_LINE, "blue", tw_v2(60, 25.5), 180, GR_F_LINE);
	tw_gr_start(s);
	int kr[25];
	for (int k = 0; k < 25; k++)
		kr[k] = k < 3 ? 11 + k : 20 + k; // files 11-13 of the front rank, and 22 others
	tw_gr_keep(s, r, kr, 25, true, 5, 2);
	GRU(s, &s->unit[r])->orig = 48;
	for (int k = 3; k < 25; k++) // the 22 others stand well back
		tw_gr_put(s, tw_gr_rf(s, r, kr[k]), 10 + 0.6 * k, 4);
	const int kb[3] = {10, 11, 12};
	tw_gr_keep(s, b, kb, 3, true, 100, 95);
	int ids[3];
	tw_vec2 to[3];
	for (int k = 0; k < 3; k++) {
		ids[k] = tw_gr_rf(s, r, 11 + k);
		to[k] = tw_add(s->fig[ids[k]].pos, tw_v2(0, 4.95));
	}
	tw_gr_ok(s, tw_gr_move(s, ids, to, 3, 0), NULL);
	tw_gr_end(s, 0, NULL);
	// Blue's men by id face red files 13, 12, 11: red 1 v 6 (red falls), 6 v 1 (blue falls),
	// 3 v 3; morale 6 and 6.
	TW_GR_DICE(s, 1, 6, 6, 1, 3, 3, 6, 6);
	tw_events ev = {0};
	tw_gr_end(s, 0, &ev);
	assert_int_equal(gr_rf_alive(s, r), 24);
	assert_false(GRU(s, &s->unit[r])->flags & (GUF_RETIRE50 | GUF_WITHDRAW));
	assert_int_equal(tw_gr_count(&ev, "GR.MORALE.8", TW_EV_INFO), 0);
	tw_vec2 p = s->fig[ids[0]].pos;
	at(s, ids[0], p.x, p.y); // move 2 begins: red stays to fight
	tw_gr_end(s, 0, NULL);
	tw_events_clear(&ev);
	tw_gr_end(s, 0, &ev);
	bool red_fought = false;
	for (int i = 0; i < ev.n; i++)
		if (ev.v[i].type == TW_EV_MELEE_MEMBER && ev.v[i].side == RED)
			red_fought = true;
	assert_true(red_fought);
	assert_true(tw_gr_count(&ev, "GR.MELEE.18", TW_EV_MELEE_MEMBER) > 0);
	assert_true(GRU(s, &s->unit[r])->flags & GUF_RETIRE50);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.MORALE.9 GR.MORALE.8 GR.HOUSE.6
// (2) A garrison down to 7 of 24 stays in its house and fires: 7 firers, one die, 6 less 3 at 13.3
// in (first volley, open): 3 hits, allocation 1-3: 3 removed. Once fire drives it out, the 50%
// rule takes it to the rear.
static void test_GR_MORALE_9_a_garrison_stays_in_its_house(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene();
	s->params[GRP_EXCHANGE] = 0;
	tw_gr_box(s, TW_TER_HOUSE, NULL, 40, 50, 46, 53, 0);
	int g = gr_build_unit(s, BLUE, TW_GR_GARRISON, "g", tw_v2(43, 60), 180, GR_F_LINE);
	int r = gr_build_unit(s, RED, TW_GR_LINE, "r", tw_v2(43, 40), 0, GR_F_LINE);
	gr_build_unit(s, BLUE, TW_GR_LINE, "far", tw_v2(100, 90), 180, GR_F_LINE); // blue fights on
	tw_gr_start(s);
	int kg[7];
	for (int k = 0; k < 7; k++)
		kg[k] = k;
	tw_gr_keep(s, g, kg, 7, true, 100, 95);
	GRU(s, &s->unit[g])->orig = 24;
	for (int k = 0; k < 7; k++) {
		int id = tw_gr_rf(s, g, k);
		tw_gr_put(s, id, 40.6 + 0.8 * k, 53.3);
		GRF(s, &s->fig[id])->house = gr_house_terrain(s, 0);
	}
	tw_events ev = {0};
	tw_gr_end(s, 0, NULL);
	tw_gr_end(s, 0, &ev);
	assert_true(GRU(s, &s->unit[g])->flags & GUF_RETIRE50);
	for (int k = 0; k < 7; k++) // move 2: the garrison is still in its house
		at(s, tw_gr_rf(s, g, k), 40.6 + 0.8 * k, 53.3);
	tw_gr_end(s, 0, NULL);
	tw_order *v = tw_gr_order(GR_OT_VOLLEY, BLUE);
	assert_true(gr_order_volley(s, g, tw_gr_rf(s, r, 0), v));
	tw_events_clear(&ev);
	TW_GR_DICE(s, 6, 1, 2, 3);
	tw_gr_ok(s, v, &ev);
	const tw_event *d = tw_gr_nth(&ev, "GR.MUSK.7", TW_EV_DICE, 0);
	assert_int_equal(tw_gr_count(&ev, "GR.MUSK.7", TW_EV_DICE), 1);
	assert_int_equal(d->a, 6);
	assert_int_equal(d->c, 3);
	assert_int_equal(d->d, 3);
	assert_int_equal(48 - gr_rf_alive(s, r), 3);
	// Fire drives it out (GR.HOUSE.6): from then on it goes to the rear.
	gr_house_set_damage(s, 0, 7);
	gr_house_add_damage(s, 0, 3, true, &ev); // a shell's 3 (no one killed) brings it to 10: fire
	assert_true(gr_house_fire(s, 0) > 0);
	double y = s->fig[tw_gr_rf(s, g, 0)].pos.y;
	tw_gr_end(s, 0, NULL);
	assert_true(s->fig[tw_gr_rf(s, g, 0)].pos.y > y + 1); // blue's rear is +y
	tw_events_free(&ev);
	tw_gr_free(s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_GR_MELEE_1_contact_locks_both_units_at_once),
		cmocka_unit_test(test_GR_MELEE_1_GR_GEN_2_whichever_side_acts_first),
		cmocka_unit_test(test_GR_MELEE_13_the_engines_own_attacker_downhill_in_every_move),
		cmocka_unit_test(test_GR_MELEE_9_break_in_and_throw_again),
		cmocka_unit_test(test_GR_CHARGE_5_GR_CHARGE_6_GR_MELEE_20_defenders_fire_counts),
		cmocka_unit_test(test_GR_MELEE_21_bad_morale_in_the_first_move_withdraws),
		cmocka_unit_test(test_GR_MORALE_7_first_move_failure_is_no_break_off),
		cmocka_unit_test(test_GR_CHARGE_5_no_second_volley_in_a_move),
		cmocka_unit_test(test_GR_CHARGE_5_crew_damaged_gun_and_the_50_percent_rule),
		cmocka_unit_test(test_GR_MELEE_25_GR_EX_12_counted_from_the_move_of_contact),
		cmocka_unit_test(test_GR_MELEE_26_GR_MELEE_27_two_ranks_break_and_ride_on),
		cmocka_unit_test(test_GR_MELEE_26_GR_MELEE_27_three_ranks_need_five),
		cmocka_unit_test(test_GR_MELEE_6_two_units_on_one_man_fight_two_against_one),
		cmocka_unit_test(test_GR_MORALE_9_first_melee_move_fights_the_second),
		cmocka_unit_test(test_GR_MORALE_9_a_garrison_stays_in_its_house),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
