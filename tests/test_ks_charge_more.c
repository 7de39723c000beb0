// The rest of the Kriegspiel's charge on the table (lw_ks_charge_order.c, issue 18 lw-rules):
// KS.CH.4 extended order's 1 ft fall-back enforced, KS.CH.9 downhill over board layers (a layer
// a contour), KS.CH.11 retired infantry and KS.CH.12 a gun reached by the `charge` order.
// Exact values; refusals name their clause and leave the state as it was.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <string.h>

#include "rules/littlewars/lw_big.h"
#include "scene.h"

// The shared helpers (tests/support/scene.c) under this file's names.
#define field tw_test_ks_field
#define charge tw_test_charge
#define dead_of tw_test_dead_of
#define ok tw_test_ok

// KS.CH.4: LW.EX.21's charge (10 sabres, 25 infantry 3 in apart, 30 in: 5 and 10 fall); the 15
// survivors fall back 12 in straight towards their own back line at once, and that was their
// next move: they may not move in it (game move 6).
static void test_KS_CH_4_extended_order_falls_back(void **state)
{
	(void)state;
	tw_state *s = field();
	int c0 = tw_test_row(s, 0, TW_FK_CAVALRY, 10, 40, 20, 1.2);
	int i0 = tw_test_row(s, 1, TW_FK_INFANTRY, 25, 30, 50.8, 3.0);
	tw_vec2 was[25];
	for (int k = 0; k < 25; k++)
		was[k] = s->fig[i0 + k].pos;
	ok(s, charge(c0, 10, i0, 25));
	assert_int_equal(dead_of(s, i0, 25), 10);
	for (int k = 0; k < 25; k++) {
		const tw_figure *f = &s->fig[i0 + k];
		if (f->status != TW_FS_ACTIVE)
			continue;
		tw_vec2 want = tw_add(was[k], tw_v2(0, 12)); // blue's back line is at y = 200
		assert_true(fabs(f->pos.x - want.x) < 1e-9 && fabs(f->pos.y - want.y) < 1e-9);
		assert_int_equal(LWF(s, f)->ks_still_until, 6);
	}
	tw_test_free(s);
}

// KS.CH.9: 8 sabres on two board layers charge 16 cavalry on the floor 30 in off: 2 contours down, x3:
// effective 24 against 16, the melee rules (KS.CH.8) on those numbers; level, 8 against 16.
static void test_KS_CH_9_downhill_over_layers(void **state)
{
	(void)state;
	int lost[2], def[2];
	for (int hill = 0; hill < 2; hill++) {
		tw_state *s = field();
		if (hill) {
			tw_test_box(s, TW_TER_HILL, 30, 0, 130, 40, 1.0);
			tw_test_box(s, TW_TER_HILL, 30, 0, 130, 30, 1.0);
		}
		int c0 = tw_test_row(s, 0, TW_FK_CAVALRY, 8, 60, 20, 1.2);
		int b0 = tw_test_row(s, 1, TW_FK_CAVALRY, 16, 55, 51, 1.2); // 30 in
		for (int k = 0; k < 16; k++)
			s->fig[b0 + k].moved_in = 4;
		tw_events ev = {0};
		tw_error err = {0};
		assert_int_equal(tw_state_apply(s, charge(c0, 8, b0, 16), NULL, &ev, &err), TW_OK);
		lost[hill] = dead_of(s, c0, 8);
		def[hill] = dead_of(s, b0, 16);
		bool melee = false;
		for (int i = 0; i < ev.n; i++)
			melee = melee || (ev.v[i].type == TW_EV_MELEE && strcmp(ev.v[i].clause, "KS.CH.8") == 0 &&
					  ev.v[i].b == 8);
		assert_true(melee);
		tw_events_free(&ev);
		tw_test_free(s);
	}
	// Both bodies are alone on the table: isolated (LW.MEL.1); the smaller side's is asked.
	lw_melee_result lv = lw_melee_math(16, 8, true), dn = lw_melee_math(24, 16, true);
	assert_int_equal(lost[0], lv.dead_small);
	assert_int_equal(def[0], lv.dead_large);
	assert_int_equal(lost[1], (dn.dead_large + 2) / 3); // divided back by 3, rounded up
	assert_int_equal(def[1], dn.dead_small);
	assert_true(lost[1] != lost[0]);
}

// KS.CH.11: infantry in extended order that moved in its side's last move facing away from the
// sabres "retired" from them: charged from 20 in it takes double KS.CH.2 (2 a sabre x 2 = 4 a
// sabre: 8 sabres, 40 men: 32 fall) and the cavalry loses nothing; the survivors retire 12 in.
// The same men facing the cavalry did not retire: 16 fall and the cavalry loses 4.
static void test_KS_CH_11_retired_infantry(void **state)
{
	(void)state;
	for (int away = 0; away < 2; away++) {
		tw_state *s = field();
		int c0 = tw_test_row(s, 0, TW_FK_CAVALRY, 8, 60, 20, 1.2);
		int i0 = tw_test_row(s, 1, TW_FK_INFANTRY, 40, 5, 40.8, 3.0); // 20 in: middle band
		for (int k = 0; k < 40; k++) {
			s->fig[i0 + k].moved_in = 4;
			s->fig[i0 + k].facing = away ? 0 : 180; // 0 = +y, away from the sabres at y = 20
		}
		tw_vec2 was = s->fig[i0 + 39].pos;
		ok(s, charge(c0, 8, i0, 40));
		assert_int_equal(dead_of(s, c0, 8), away ? 0 : 4);
		assert_int_equal(dead_of(s, i0, 40), away ? 32 : 16);
		if (away) {
			const tw_figure *f = &s->fig[i0 + 39]; // the farthest: a survivor
			assert_int_equal(f->status, TW_FS_ACTIVE);
			assert_true(fabs(tw_dist(f->pos, was) - 12.0) < 1e-9);
		}
		tw_test_free(s);
	}
}

// KS.CH.12: 8 sabres charge a blue gun whose only men are its artillery (arm artillery) from
// 20 in (middle band): the gun is red's, 3 sabres (the nearest) fall. With a blue infantryman of
// the line within 6 in of it the gun is not alone: refused, naming KS.CH.12. Red's own gun, or a
// gun by another order than the Kriegspiel's, is refused too.
static void test_KS_CH_12_charge_a_gun(void **state)
{
	(void)state;
	tw_state *s = field();
	int c0 = tw_test_row(s, 0, TW_FK_CAVALRY, 8, 60, 20, 1.2);
	int g = tw_test_gun(s, 1, 64, 43, 180); // muzzle towards red: 2 in, at y = 41
	int r0 = tw_test_row(s, 1, TW_FK_INFANTRY, 4, 61, 48, 2.0);
	for (int k = 0; k < 4; k++)
		LWF(s, &s->fig[r0 + k])->arm = LW_ARM_RA;
	int guard = tw_test_man(s, 1, TW_FK_INFANTRY, 70, 47);
	tw_order *o = tw_test_order(LW_OT_CHARGE, 0);
	for (int i = 0; i < 8; i++)
		o->fig[o->nfig++] = c0 + i;
	o->gun = g;
	tw_test_expect_refused(s, o, "KS.CH.12");
	s->fig[guard].pos = tw_v2(150, 150);
	double gap = 99;
	for (int i = 0; i < 8; i++)
		gap = fmin(gap, tw_gun_distance(&s->gun[g], s->fig[c0 + i].pos) - 0.5);
	assert_true(gap > 12 && gap <= 24);
	tw_events ev = {0};
	tw_error err = {0};
	assert_int_equal(tw_state_apply(s, o, NULL, &ev, &err), TW_OK);
	assert_int_equal(s->gun[g].side, 0);
	assert_int_equal(dead_of(s, c0, 8), 3);
	bool said = false;
	for (int i = 0; i < ev.n; i++)
		said = said || (strcmp(ev.v[i].clause, "KS.CH.12") == 0 && ev.v[i].type == TW_EV_CAPTURE);
	assert_true(said);
	tw_events_free(&ev);
	// Now red's: a second charge at it is refused.
	tw_order *p = tw_test_order(LW_OT_CHARGE, 0);
	for (int i = 0; i < 8; i++)
		p->fig[p->nfig++] = c0 + i;
	p->gun = g;
	tw_test_expect_refused(s, p, "KS.CH.12");
	LWG(s)->ks = 0;
	tw_test_expect_refused(s, p, "KS.CH.1");
	tw_test_free(s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_KS_CH_4_extended_order_falls_back),
		cmocka_unit_test(test_KS_CH_9_downhill_over_layers),
		cmocka_unit_test(test_KS_CH_11_retired_infantry),
		cmocka_unit_test(test_KS_CH_12_charge_a_gun),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
