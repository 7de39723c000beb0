// The Kriegspiel's orders on the table (issue 18): shells (KS.SH.1-6) through the one entry
// point, validated with the clause and why, the state unchanged on refusal, events citing their
// clauses, the shot through the seeded generator. Exact values throughout.
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

// The shared helpers (tests/support/scene.c) under this file's names.
#define field tw_test_ks_field
#define charge tw_test_charge
#define dead_of tw_test_dead_of
#define refused_with tw_test_refused_with

#define INF TW_FK_INFANTRY

// A Kriegspiel at game move 5, red to move: red's gun 0 at (60, 20) facing +y with its 4 men
// behind it (ids 0-3), the gunner's aim error off (the shot is the fast model's, exact).
static tw_state *range(void)
{
	tw_state *s = tw_test_lw_state(120, 120, 5, 0);
	LWG(s)->ks = 1;
	s->params[LWP_AIM_SIGMA] = 0;
	tw_test_gun(s, 0, 60, 20, 0);
	tw_test_row(s, 0, INF, 4, 57, 15, 2.0);
	return s;
}

static tw_order *shell_at(double x, double y)
{
	tw_order *o = tw_test_order(LW_OT_SHELL, 0);
	o->gun = 0;
	o->has_target = true;
	o->target = tw_v2(x, y);
	return o;
}

static tw_status apply_ev(tw_state *s, const tw_order *o, tw_events *ev, tw_error *err)
{
	tw_apply_ctx ctx = {tw_shot_model_fast()};
	return tw_state_apply(s, o, &ctx, ev, err);
}

static const tw_event *find_ev(const tw_events *ev, const char *clause, int k)
{
	for (int i = 0; i < ev->n; i++)
		if (strcmp(ev->v[i].clause, clause) == 0 && k-- == 0)
			return &ev->v[i];
	return NULL;
}

// KS.SH.1-5 (LW.EX.20 on the table): red's gun fires a shell at (60, 60) with no aim error;
// the fast model's flat shot comes down first at (60, 61.74754) (its sample there). Blue's five men whose nearest points are
// 0.7, 1.2, 1.7, 2.2 and 2.6 in from it are in the zone: the three nearest die (KS.SH.2); one at
// 3.2 in is outside; one behind a wall is left out (KS.SH.5); red's own man 2.06 in away is one
// of one: he dies. Blue's gun with only its trail end inside is disabled for 2 moves (KS.SH.3).
static void test_KS_SH_1_shell_order(void **state)
{
	(void)state;
	tw_state *s = range();
	static const double bx[6] = {61, 58.5, 62, 57.5, 62.9, 56.5};
	int first = -1;
	for (int k = 0; k < 6; k++) {
		int id = tw_test_man(s, 1, INF, bx[k], 61.75);
		first = first < 0 ? id : first;
	}
	int walled = tw_test_man(s, 1, INF, 60, 65); // 2.95 in away, behind the wall
	tw_test_box(s, TW_TER_WALL, 59, 63.5, 61, 63.7, 2.0);
	int red = tw_test_man(s, 0, INF, 58.0, 63.0);
	int bg = tw_test_gun(s, 1, 64.5, 64, 90); // trail end (61.5, 64): 2.71 in; muzzle 5.3 in
	tw_events ev = {0};
	tw_error err = {0};
	assert_int_equal(apply_ev(s, shell_at(60, 60), &ev, &err), TW_OK);
	const tw_event *e = find_ev(&ev, "KS.SH.1", 0);
	assert_non_null(e);
	assert_true(e->x == 60.0 && fabs(e->y - 61.74754) < 1e-5);
	for (int k = 0; k < 6; k++)
		assert_int_equal(s->fig[first + k].status, k < 3 ? TW_FS_DEAD : TW_FS_ACTIVE);
	assert_int_equal(s->fig[walled].status, TW_FS_ACTIVE);
	assert_int_equal(s->fig[red].status, TW_FS_DEAD);
	int kills = 0;
	for (int i = 0; i < ev.n; i++)
		if (ev.v[i].type == TW_EV_KILL) {
			assert_string_equal(ev.v[i].clause, "KS.SH.2");
			kills++;
		}
	assert_int_equal(kills, 4);
	assert_int_equal(LWGN(s, &s->gun[bg])->ks_disabled_until, 9);
	assert_int_equal(LWGN(s, &s->gun[bg])->ks_destroyed, 0);
	assert_non_null(find_ev(&ev, "KS.SH.3", 0));
	assert_int_equal(s->gun[0].shots, 1); // LW.MOB.6: a shot of its four, as any other
	tw_events_free(&ev);
	tw_test_free(s);
}

// KS.SH.1: refused outside the Kriegspiel, and under every gun rule (all unchanged): the clause
// and why, the state as it was.
static void test_KS_SH_1_shell_refusals(void **state)
{
	(void)state;
	tw_state *s = range();
	LWG(s)->ks = 0;
	tw_test_expect_refused(s, shell_at(60, 60), "KS.SH.1");
	LWG(s)->ks = 1;
	s->move_no = 2; // LW.MV.10: before the First Player's second move
	tw_test_expect_refused(s, shell_at(60, 60), "LW.MV.10");
	s->move_no = 5;
	s->fig[3].status = TW_FS_DEAD; // three men at the gun
	tw_test_expect_refused(s, shell_at(60, 60), "LW.MOB.4");
	s->fig[3].status = TW_FS_ACTIVE;
	LWG(s)->men_moved = 1; // LW.MV.11: guns first
	tw_test_expect_refused(s, shell_at(60, 60), "LW.MV.11");
	tw_test_free(s);
}

// KS.SH.3: a gun destroyed by a shell, or disabled for its side's next 2 moves, may not fire
// (bolt or shell): refused naming KS.SH.3 (before, only lw_gun_in_action knew it, and a fire
// order went through).
static void test_KS_SH_3_disabled_gun_may_not_fire(void **state)
{
	(void)state;
	tw_state *s = range();
	LWGN(s, &s->gun[0])->ks_disabled_until = 5;
	tw_test_expect_refused(s, shell_at(60, 60), "KS.SH.3");
	tw_order *f = tw_test_order(LW_OT_FIRE, 0);
	f->gun = 0;
	f->has_target = true;
	f->target = tw_v2(60, 60);
	tw_test_expect_refused(s, f, "KS.SH.3");
	s->move_no = 6; // over
	tw_error err = {0};
	assert_int_equal(tw_test_apply(s, f, &err), TW_OK);
	s->move_no = 7;
	s->gun[0].acted_in = 0;
	LWG(s)->firing_gun = -1;
	LWGN(s, &s->gun[0])->trail_due = 0;
	LWGN(s, &s->gun[0])->ks_destroyed = 1;
	tw_test_expect_refused(s, f, "KS.SH.3");
	tw_test_free(s);
}

// ---- charges (KS.CH.1-12) ----

// LW.EX.21 on the table (KS.CH.2, far band): 10 formed sabres (1.2 in apart) 30 in from 25
// infantry in extended order (3 in apart): the cavalry loses floor(25/5) = 5, the infantry
// 1 a sabre = 10, the men nearest the other body first; the sabres have made their move.
static void test_KS_CH_2_LW_EX_21_extended_order(void **state)
{
	(void)state;
	tw_state *s = field();
	int c0 = tw_test_row(s, 0, TW_FK_CAVALRY, 10, 40, 20, 1.2);
	int i0 = tw_test_row(s, 1, INF, 25, 30, 50.8, 3.0); // base edges 30 in apart
	tw_events ev = {0};
	tw_error err = {0};
	assert_int_equal(apply_ev(s, charge(c0, 10, i0, 25), &ev, &err), TW_OK);
	assert_int_equal(dead_of(s, c0, 10), 5);
	assert_int_equal(dead_of(s, i0, 25), 10);
	for (int k = 0; k < 25; k++) // the ten nearest: x = 33 .. 60
		assert_int_equal(s->fig[i0 + k].status, k >= 1 && k <= 10 ? TW_FS_DEAD : TW_FS_ACTIVE);
	static const int first_to_fall[4] = {4, 9, 2, 7}; // 0.2 and 0.4 in off a man's line
	for (int k = 0; k < 4; k++)
		assert_int_equal(s->fig[c0 + first_to_fall[k]].status, TW_FS_DEAD);
	const tw_event *e = find_ev(&ev, "KS.CH.2", 0);
	assert_non_null(e);
	assert_int_equal(e->type, TW_EV_MELEE);
	assert_non_null(strstr(e->text, "falls back 1 ft"));
	for (int k = 0; k < 10; k++)
		if (s->fig[c0 + k].status == TW_FS_ACTIVE)
			assert_int_equal(s->fig[c0 + k].moved_in, 5);
	assert_int_equal(LWG(s)->men_moved, 1);
	tw_events_free(&ev);
	tw_test_free(s);
}

// LW.EX.22 on the table (KS.CH.5): 8 sabres charge 60 mounted cavalry that did not move in its
// last move: 40 killed, the other 20 driven straight back 3 ft.
static void test_KS_CH_5_LW_EX_22_still_cavalry(void **state)
{
	(void)state;
	tw_state *s = field();
	int c0 = tw_test_row(s, 0, TW_FK_CAVALRY, 8, 95, 40, 1.2);
	int b0 = -1;
	for (int r = 0; r < 5; r++) { // 5 ranks of 12, from 10 in away
		int id = tw_test_row(s, 1, TW_FK_CAVALRY, 12, 92, 51 + 1.2 * r, 1.2);
		b0 = b0 < 0 ? id : b0;
	}
	tw_vec2 was[60];
	for (int k = 0; k < 60; k++)
		was[k] = s->fig[b0 + k].pos;
	tw_events ev = {0};
	tw_error err = {0};
	assert_int_equal(apply_ev(s, charge(c0, 8, b0, 60), &ev, &err), TW_OK);
	assert_int_equal(dead_of(s, c0, 8), 0);
	assert_int_equal(dead_of(s, b0, 60), 40);
	int driven = 0;
	for (int k = 0; k < 60; k++) {
		const tw_figure *f = &s->fig[b0 + k];
		if (f->status != TW_FS_ACTIVE)
			continue;
		assert_true(fabs(tw_dist(f->pos, was[k]) - 36.0) < 1e-9);
		driven++;
	}
	assert_int_equal(driven, 20);
	assert_non_null(find_ev(&ev, "KS.CH.5", 0));
	tw_events_free(&ev);
	tw_test_free(s);
}

// LW.EX.15 on the table (KS.CH.3, far band): 15 sabres against 10 infantry in close order lose
// 3 a man, all 15; the infantry loses floor(15/15) = 1. KS.CH.4: the survivors may not move in
// their next move (refused, state unchanged), and may in the one after.
static void test_KS_CH_3_4_LW_EX_15_close_order(void **state)
{
	(void)state;
	tw_state *s = field();
	int c0 = tw_test_row(s, 0, TW_FK_CAVALRY, 15, 60, 20, 1.2);
	int i0 = tw_test_row(s, 1, INF, 10, 62, 50.8, 0.8); // touching: gaps 0.2 in
	tw_error err = {0};
	assert_int_equal(tw_test_apply(s, charge(c0, 15, i0, 10), &err), TW_OK);
	assert_int_equal(dead_of(s, c0, 15), 15);
	assert_int_equal(dead_of(s, i0, 10), 1);
	int alive = s->fig[i0].status == TW_FS_ACTIVE ? i0 : i0 + 1;
	assert_int_equal(LWF(s, &s->fig[alive])->ks_still_until, 6);
	s->move_no = 6;
	s->mover = 1;
	LWG(s)->men_moved = 0;
	tw_order *m = tw_test_order(LW_OT_MOVE, 1);
	m->fig[m->nfig++] = alive;
	m->npath = 1;
	m->path[0] = tw_v2(s->fig[alive].pos.x, s->fig[alive].pos.y + 5);
	tw_test_expect_refused(s, m, "KS.CH.4");
	s->move_no = 8;
	assert_int_equal(tw_test_apply(s, m, &err), TW_OK);
	tw_test_free(s);
}

// KS.CH.7: 8 sabres against 8 cavalry that moved: a coin (tw_roll, entered here): the winner
// loses a quarter, the loser three quarters and must retire: its 2 survivors go a cavalry move
// (36 in) straight away from the winner's middle at once (lw-rules reading: the retreat enforced).
static void test_KS_CH_7_coin_for_equal_cavalry(void **state)
{
	(void)state;
	for (int face = 1; face <= 2; face++) {
		tw_state *s = field();
		s->dice = TW_DICE_ENTERED;
		int c0 = tw_test_row(s, 0, TW_FK_CAVALRY, 8, 60, 60, 1.2);
		int b0 = tw_test_row(s, 1, TW_FK_CAVALRY, 8, 60, 81, 1.2); // 20 in: middle band
		for (int k = 0; k < 8; k++)
			s->fig[b0 + k].moved_in = 4; // moved in their own last move
		tw_order *o = charge(c0, 8, b0, 8);
		o->dice[o->ndice++] = (uint8_t)face;
		tw_events ev = {0};
		tw_error err = {0};
		assert_int_equal(apply_ev(s, o, &ev, &err), TW_OK);
		const tw_event *d = find_ev(&ev, "KS.CH.7", 0);
		assert_non_null(d);
		assert_int_equal(d->type, TW_EV_DICE);
		assert_int_equal(dead_of(s, c0, 8), face == 1 ? 2 : 6);
		assert_int_equal(dead_of(s, b0, 8), face == 1 ? 6 : 2);
		// The loser's survivors (the last two of its row) retired 36 in, away from the winner.
		int l0 = face == 1 ? b0 : c0;
		for (int k = 6; k < 8; k++) {
			const tw_figure *f = &s->fig[l0 + k];
			assert_int_equal(f->status, TW_FS_ACTIVE);
			assert_true(face == 1 ? f->pos.y > 81 + 30 : f->pos.y < 60 - 30);
		}
		assert_non_null(find_ev(&ev, "KS.CH.7", 1));
		tw_events_free(&ev);
		tw_test_free(s);
	}
}

// KS.CH.10: the charger who loses the toss 20 in from his own back line is driven off the field by
// his retreat: his 2 survivors are destroyed.
static void test_KS_CH_10_retreat_off_the_field(void **state)
{
	(void)state;
	tw_state *s = field();
	s->dice = TW_DICE_ENTERED;
	int c0 = tw_test_row(s, 0, TW_FK_CAVALRY, 8, 60, 20, 1.2);
	int b0 = tw_test_row(s, 1, TW_FK_CAVALRY, 8, 60, 41, 1.2);
	for (int k = 0; k < 8; k++)
		s->fig[b0 + k].moved_in = 4;
	tw_order *o = charge(c0, 8, b0, 8);
	o->dice[o->ndice++] = 2; // the defender wins
	tw_events ev = {0};
	tw_error err = {0};
	assert_int_equal(apply_ev(s, o, &ev, &err), TW_OK);
	assert_int_equal(dead_of(s, c0, 8), 8); // 6 in the fight, 2 driven off the field
	assert_non_null(find_ev(&ev, "KS.CH.10", 0));
	assert_non_null(find_ev(&ev, "KS.CH.10", 1));
	tw_events_free(&ev);
	tw_test_free(s);
}

// KS.CH.8: unequal cavalry on the level: the melee rules (LW.MEL.5-7) on the numbers; the
// smaller side's men are taken prisoner and escorted (LW.MEL.11).
static void test_KS_CH_8_unequal_cavalry_melee(void **state)
{
	(void)state;
	tw_state *s = field();
	int c0 = tw_test_row(s, 0, TW_FK_CAVALRY, 12, 60, 20, 1.2);
	int b0 = tw_test_row(s, 1, TW_FK_CAVALRY, 4, 60, 31, 1.2);
	for (int k = 0; k < 4; k++)
		s->fig[b0 + k].moved_in = 4;
	lw_melee_result m = lw_melee_math(12, 4, lw_is_isolated(s, 1, (int32_t[]){b0, b0 + 1, b0 + 2, b0 + 3}, 4, NULL));
	tw_events ev = {0};
	tw_error err = {0};
	assert_int_equal(apply_ev(s, charge(c0, 12, b0, 4), &ev, &err), TW_OK);
	assert_int_equal(dead_of(s, c0, 12), m.dead_large);
	assert_int_equal(dead_of(s, b0, 4), m.dead_small);
	int taken = 0;
	for (int k = 0; k < 4; k++)
		taken += s->fig[b0 + k].status == LW_FS_PRISONER && LWF(s, &s->fig[b0 + k])->captor == 0;
	assert_int_equal(taken, m.prisoners);
	assert_true(m.dead_small + m.prisoners > 0);
	tw_events_free(&ev);
	tw_test_free(s);
}

// KS.CH.1: refused with the clause and why, the state unchanged: outside the Kriegspiel, fewer
// than 8, out of formation, beyond 36 in, a body of two arms, infantry as sabres, a sabre who
// moved, the General's figure.
static void test_KS_CH_1_charge_refusals(void **state)
{
	(void)state;
	tw_state *s = field();
	int c0 = tw_test_row(s, 0, TW_FK_CAVALRY, 9, 60, 20, 1.2);
	int i0 = tw_test_row(s, 1, INF, 10, 60, 50.8, 0.8);
	int far0 = tw_test_row(s, 1, INF, 3, 60, 56.81, 0.8); // 36.01 in from the sabres' bases
	int mixed = tw_test_man(s, 1, TW_FK_CAVALRY, 70, 51);
	LWG(s)->ks = 0;
	refused_with(s, charge(c0, 8, i0, 10), "KS.CH.1", "the Kriegspiel's");
	LWG(s)->ks = 1;
	refused_with(s, charge(c0, 7, i0, 10), "KS.CH.1", "fewer than 8");
	refused_with(s, charge(c0, 8, far0, 3), "KS.CH.1", "36.01 in away");
	s->fig[c0 + 8].pos.x = 90; // out of formation
	refused_with(s, charge(c0, 9, i0, 10), "KS.CH.1", "proper formation");
	tw_order *mx = charge(c0, 8, i0, 10);
	mx->fig2[mx->nfig2++] = mixed;
	refused_with(s, mx, "KS.CH.1", "one arm");
	tw_order *inf = charge(c0, 8, i0, 10);
	inf->fig[0] = i0; // an enemy infantryman is no sabre of red's
	refused_with(s, inf, "KS.CH.1", "not a free man of red");
	s->fig[c0].moved_in = 5;
	refused_with(s, charge(c0, 8, i0, 10), "LW.MV.12", "already moved");
	s->fig[c0].moved_in = 0;
	LWF(s, &s->fig[c0])->arm = LW_ARM_GENERAL;
	refused_with(s, charge(c0, 8, i0, 10), "KS.GNL.1", "General's figure");
	LWF(s, &s->fig[c0])->arm = LW_ARM_CAVALRY;
	tw_error err = {0};
	assert_int_equal(tw_test_apply(s, charge(c0, 8, i0, 10), &err), TW_OK); // all put right
	tw_test_free(s);
}

// ---- supply (KS.SUP.1-9, KS.GEN.2, KS.FORM.5) ----

// A Kriegspiel keeping supply, game move 5, red to move: red's 46 infantry (ids 0-45) in two
// ranks at y = 50, two red Transport & Supply men (46, 47) at y = 110, a blue man far off (48).
static tw_state *depot(void)
{
	tw_state *s = tw_test_lw_state(300, 300, 5, 0);
	LWG(s)->ks = 1;
	LWG(s)->ks_supply = 1;
	LWG(s)->draw_at = 1;
	tw_test_row(s, 0, INF, 23, 40, 50, 1.0);
	tw_test_row(s, 0, INF, 23, 40, 51, 1.0);
	int ts = tw_test_row(s, 0, INF, 2, 50, 110, 2.0);
	LWF(s, &s->fig[ts])->arm = LW_ARM_TS;
	LWF(s, &s->fig[ts + 1])->arm = LW_ARM_TS;
	tw_test_man(s, 1, INF, 250, 280);
	return s;
}

static tw_order *supply(int first, int n, int from, int food, int forage, int ammo)
{
	tw_order *o = tw_test_order(LW_OT_SUPPLY, 0);
	for (int i = 0; i < n; i++)
		o->fig[o->nfig++] = first + i;
	if (from >= 0)
		o->fig2[o->nfig2++] = from;
	o->val[o->nval++] = food;
	o->val[o->nval++] = forage;
	o->val[o->nval++] = ammo;
	return o;
}

// LW.EX.14 / KS.SUP.1 / KS.SUP.4 / KS.GEN.2: 46 infantry are due 2 food packets: the official
// refuses 1, naming what is due; 2 are accepted and the body is supplied for the cycle; 44
// would be due 1.
static void test_KS_SUP_1_LW_EX_14_official_checks_packets(void **state)
{
	(void)state;
	tw_state *s = depot();
	refused_with(s, supply(0, 46, 46, 1, 0, 0), "KS.SUP.1", "due 2, 0 and 0");
	tw_events ev = {0};
	tw_error err = {0};
	assert_int_equal(apply_ev(s, supply(0, 46, 46, 2, 0, 0), &ev, &err), TW_OK);
	for (int i = 0; i < 46; i++)
		assert_int_equal(LWF(s, &s->fig[i])->ks_fed, 1);
	const tw_event *e = find_ev(&ev, "KS.SUP.1", 0);
	assert_non_null(e);
	assert_int_equal(e->b, 46);
	tw_events_free(&ev);
	refused_with(s, supply(0, 46, 46, 2, 0, 0), "KS.SUP.1", "supplied in this cycle already");
	tw_test_free(s);
	s = depot();
	assert_int_equal(tw_test_apply(s, supply(0, 44, 46, 1, 0, 0), &err), TW_OK);
	tw_test_free(s);
}

// KS.SUP.2 / KS.SUP.5 / KS.FORM.5: out of reach, an enemy on the line, a handing man who moved,
// a man of another arm, a game without the cycle: each refused, the state unchanged.
static void test_KS_SUP_2_5_reach_and_handing(void **state)
{
	(void)state;
	tw_state *s = depot();
	s->fig[46].pos = tw_v2(40, 123.01); // 73.01 in from man 0 at (40, 50)
	refused_with(s, supply(0, 46, 46, 2, 0, 0), "KS.SUP.2", "more than 6 ft");
	s->fig[46].pos = tw_v2(50, 110);
	s->fig[48].pos = tw_v2(50, 80); // on the line from (50, 110) to the men
	refused_with(s, supply(0, 46, 46, 2, 0, 0), "KS.SUP.5", "an enemy stands between");
	s->fig[48].pos = tw_v2(250, 280);
	s->fig[46].moved_in = 5;
	refused_with(s, supply(0, 46, 46, 2, 0, 0), "KS.FORM.5", "did not move");
	s->fig[46].moved_in = 0;
	refused_with(s, supply(0, 45, 45, 2, 0, 0), "KS.SUP.1", "Transport & Supply");
	LWG(s)->ks_supply = 0;
	refused_with(s, supply(0, 46, 46, 2, 0, 0), "KS.SUP.1", "no supply cycle");
	tw_test_free(s);
}

// KS.SUP.3: an isolated body (over 12 ft from any other) of fewer than 30 infantry needs none.
static void test_KS_SUP_3_isolated_small_body(void **state)
{
	(void)state;
	tw_state *s = depot();
	int lone = tw_test_row(s, 0, INF, 10, 200, 250, 1.0); // 200 in and more from the rest
	tw_order *o = supply(lone, 10, -1, 0, 0, 0);
	tw_events ev = {0};
	tw_error err = {0};
	assert_int_equal(apply_ev(s, o, &ev, &err), TW_OK);
	assert_non_null(find_ev(&ev, "KS.SUP.3", 0));
	assert_int_equal(LWF(s, &s->fig[lone])->ks_fed, 1);
	tw_events_free(&ev);
	tw_test_free(s);
}

// KS.SUP.9: at the end of a side's 6th own move, its men not supplied in the cycle cannot move
// (refused); supplies arriving free them; 6 more own moves without, and they are out of action.
static void test_KS_SUP_9_unsupplied_cannot_move(void **state)
{
	(void)state;
	tw_state *s = depot();
	tw_error err = {0};
	assert_int_equal(tw_test_apply(s, supply(0, 23, 46, 1, 0, 0), &err), TW_OK); // the front rank only
	for (int k = 0; k < 11; k++) // red's 6th own move ends with the 11th END_MOVE
		assert_int_equal(tw_test_apply(s, tw_test_order(LW_OT_END_MOVE, s->mover), &err), TW_OK);
	assert_int_equal(s->mover, 1);
	assert_int_equal(LWS(s, 0)->sup_moves, 0);
	assert_int_equal(LWF(s, &s->fig[0])->ks_unsupplied, 0);
	assert_int_equal(LWF(s, &s->fig[23])->ks_unsupplied, 1);
	assert_int_equal(LWF(s, &s->fig[0])->ks_fed, 0); // a new cycle
	assert_int_equal(LWF(s, &s->fig[46])->ks_unsupplied, 0); // Transport & Supply feed themselves
	assert_int_equal(tw_test_apply(s, tw_test_order(LW_OT_END_MOVE, 1), &err), TW_OK);
	tw_order *m = tw_test_order(LW_OT_MOVE, 0);
	m->fig[m->nfig++] = 23;
	m->npath = 1;
	m->path[0] = tw_v2(40, 45);
	tw_test_expect_refused(s, m, "KS.SUP.9");
	// The rear rank's first man is supplied and may move; the others starve on.
	assert_int_equal(tw_test_apply(s, supply(23, 1, 46, 1, 0, 0), &err), TW_OK);
	assert_int_equal(tw_test_apply(s, m, &err), TW_OK);
	for (int k = 0; k < 11; k++)
		assert_int_equal(tw_test_apply(s, tw_test_order(LW_OT_END_MOVE, s->mover), &err), TW_OK);
	assert_int_equal(s->fig[24].status, TW_FS_OUT); // 6 more own moves: out of action
	assert_int_equal(s->fig[23].status, TW_FS_ACTIVE);
	tw_test_free(s);
}

// KS.SUP.1 / KS.SUP.3 / KS.SUP.9: the supply texts in the singular and the plural: "for 1 man",
// "1 man is isolated ...: he needs no supply", "1 of red's men was not supplied ...: he cannot
// move". Regression: "for 1 men", "1 men are isolated", "1 of blue's men were not supplied".
static void test_KS_SUP_1_3_9_texts_singular(void **state)
{
	(void)state;
	tw_state *s = depot();
	tw_events ev = {0};
	tw_error err = {0};
	assert_int_equal(apply_ev(s, supply(45, 1, 46, 0, 0, 0), &ev, &err), TW_OK);
	assert_string_equal(find_ev(&ev, "KS.SUP.1", 0)->text,
			    "red's official checks 0 food, 0 forage and 0 ammunition packets for 1 man");
	assert_int_equal(apply_ev(s, supply(0, 45, 47, 2, 0, 0), &ev, &err), TW_OK);
	assert_string_equal(find_ev(&ev, "KS.SUP.1", 1)->text,
			    "red's official checks 2 food, 0 forage and 0 ammunition packets for 45 men");
	int lone = tw_test_row(s, 0, INF, 1, 200, 250, 1.0), pair = tw_test_row(s, 0, INF, 2, 10, 290, 1.0);
	assert_int_equal(apply_ev(s, supply(lone, 1, -1, 0, 0, 0), &ev, &err), TW_OK);
	assert_string_equal(find_ev(&ev, "KS.SUP.3", 0)->text,
			    "red's 1 man is isolated and fewer than 30 infantry: he needs no supply");
	assert_int_equal(apply_ev(s, supply(pair, 2, -1, 0, 0, 0), &ev, &err), TW_OK);
	assert_string_equal(find_ev(&ev, "KS.SUP.3", 1)->text,
			    "red's 2 men are isolated and fewer than 30 infantry: they need no supply");
	tw_events_free(&ev);
	tw_test_free(s);
	// KS.SUP.9: all but man 45 supplied; at the end of red's 6th own move he alone starves.
	s = depot();
	memset(&ev, 0, sizeof ev);
	assert_int_equal(apply_ev(s, supply(0, 45, 46, 2, 0, 0), &ev, &err), TW_OK);
	for (int k = 0; k < 11; k++)
		assert_int_equal(apply_ev(s, tw_test_order(LW_OT_END_MOVE, s->mover), &ev, &err), TW_OK);
	assert_int_equal(LWF(s, &s->fig[45])->ks_unsupplied, 1);
	assert_string_equal(find_ev(&ev, "KS.SUP.9", 0)->text, "1 of red's men was not supplied in the 6 moves: he cannot move");
	assert_null(find_ev(&ev, "KS.SUP.9", 1));
	tw_events_free(&ev);
	tw_test_free(s);
	// Two starving: the plural.
	s = depot();
	memset(&ev, 0, sizeof ev);
	assert_int_equal(apply_ev(s, supply(0, 44, 46, 1, 0, 0), &ev, &err), TW_OK);
	for (int k = 0; k < 11; k++)
		assert_int_equal(apply_ev(s, tw_test_order(LW_OT_END_MOVE, s->mover), &ev, &err), TW_OK);
	assert_string_equal(find_ev(&ev, "KS.SUP.9", 0)->text, "2 of red's men were not supplied in the 6 moves: they cannot move");
	tw_events_free(&ev);
	tw_test_free(s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_KS_SH_1_shell_order),
		cmocka_unit_test(test_KS_SH_1_shell_refusals),
		cmocka_unit_test(test_KS_SH_3_disabled_gun_may_not_fire),
		cmocka_unit_test(test_KS_CH_2_LW_EX_21_extended_order),
		cmocka_unit_test(test_KS_CH_5_LW_EX_22_still_cavalry),
		cmocka_unit_test(test_KS_CH_3_4_LW_EX_15_close_order),
		cmocka_unit_test(test_KS_CH_7_coin_for_equal_cavalry),
		cmocka_unit_test(test_KS_CH_10_retreat_off_the_field),
		cmocka_unit_test(test_KS_CH_8_unequal_cavalry_melee),
		cmocka_unit_test(test_KS_CH_1_charge_refusals),
		cmocka_unit_test(test_KS_SUP_1_LW_EX_14_official_checks_packets),
		cmocka_unit_test(test_KS_SUP_2_5_reach_and_handing),
		cmocka_unit_test(test_KS_SUP_3_isolated_small_body),
		cmocka_unit_test(test_KS_SUP_9_unsupplied_cannot_move),
		cmocka_unit_test(test_KS_SUP_1_3_9_texts_singular),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
