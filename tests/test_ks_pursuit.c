// After the Kriegspiel's charge (issue 18 lw-box, lw_ks_pursuit.c): KS.CH.10/11 "keep retiring
// as long as pursued" enforced on the retiring body's next moves; the refusal for a man held
// still names what holds him (KS.CH.4 close order, KS.CH.4 fell back, KS.RAIL.1 unloading); the
// Kriegspiel's seats come from the men's arm records (KS.GEN.1). Exact values; refusals name
// their clause and leave the state as it was.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <string.h>

#include "rules/littlewars/lw_big.h"
#include "rules/littlewars/lw_ks_pursuit.h"
#include "rules/littlewars/lw_seats.h"
#include "scene.h"

// The shared helpers (tests/support/scene.c) under this file's names.
#define ok tw_test_ok
#define refused_with tw_test_refused_with
#define charge tw_test_charge
#define move_to tw_test_move_to

// A Kriegspiel field at game move 6, blue (back line y = 200) to move: a blue infantryman at
// (100, 100) and a blue cavalryman at (120, 100), both retiring since move 5; a red cavalryman
// at (100, 80) (19.2 in from the infantryman, base to base: within KS.CH.1's 36 in).
static tw_state *pursuit(void)
{
	tw_state *s = tw_test_lw_state(200, 200, 6, 1);
	LWG(s)->ks = 1;
	LWG(s)->draw_at = 1;
	tw_test_man(s, 1, TW_FK_INFANTRY, 100, 100);
	tw_test_man(s, 1, TW_FK_CAVALRY, 120, 100);
	tw_test_man(s, 0, TW_FK_CAVALRY, 100, 80);
	LWF(s, &s->fig[0])->ks_retiring = 5;
	LWF(s, &s->fig[1])->ks_retiring = 5;
	return s;
}

// KS.CH.11 / KS.CH.10: pursued, a retiring man's move must end nearer his own back line:
// forward, or across, is refused naming KS.CH.11 (infantry) or KS.CH.10 (cavalry); back goes.
static void test_KS_CH_10_11_keep_retiring_while_pursued(void **state)
{
	(void)state;
	tw_state *s = pursuit();
	refused_with(s, move_to(1, 0, 100, 95), "KS.CH.11", "must keep retiring");
	refused_with(s, move_to(1, 0, 110, 100), "KS.CH.11", "enemy cavalryman 2");
	refused_with(s, move_to(1, 1, 120, 90), "KS.CH.10", "must keep retiring");
	ok(s, move_to(1, 0, 100, 110));
	ok(s, move_to(1, 1, 120, 120));
	tw_test_free(s);
}

// KS.CH.10: the pursuit stopped (the red cavalryman is gone): the man may move as he likes, and
// at the end of blue's move the obligation is cleared; while still pursued it stays.
static void test_KS_CH_10_pursuit_stops(void **state)
{
	(void)state;
	tw_state *s = pursuit();
	tw_events ev = {0};
	lw_ks_pursuit_end_move(s, 1, &ev); // still pursued: kept
	assert_int_equal(LWF(s, &s->fig[0])->ks_retiring, 5);
	s->fig[2].status = TW_FS_DEAD;
	ok(s, move_to(1, 0, 100, 95));
	lw_ks_pursuit_end_move(s, 1, &ev);
	assert_int_equal(LWF(s, &s->fig[0])->ks_retiring, 0);
	assert_int_equal(LWF(s, &s->fig[1])->ks_retiring, 0);
	tw_events_free(&ev);
	// A pursuer farther than 36 in (36.5 in base to base) pursues nobody.
	tw_state *t = pursuit();
	t->fig[2].pos = tw_v2(100, 100 - 0.3 - 0.5 - 36.5);
	ok(t, move_to(1, 0, 100, 95));
	tw_test_free(t);
	tw_test_free(s);
}

// KS.CH.11 marks the body: infantry that retired from the sabres and is charged (test_ks_charge_more's
// case) retires 12 in, and every survivor is marked retiring from game move 5.
static void test_KS_CH_11_charge_marks_the_retiring_body(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(200, 200, 5, 0);
	LWG(s)->ks = 1;
	int c0 = tw_test_row(s, 0, TW_FK_CAVALRY, 8, 60, 20, 1.2);
	int i0 = tw_test_row(s, 1, TW_FK_INFANTRY, 40, 5, 40.8, 3.0);
	for (int k = 0; k < 40; k++) {
		s->fig[i0 + k].moved_in = 4;
		s->fig[i0 + k].facing = 0;
	}
	ok(s, charge(c0, 8, i0, 40));
	int marked = 0;
	for (int k = 0; k < 40; k++)
		if (s->fig[i0 + k].status == TW_FS_ACTIVE) {
			assert_int_equal(LWF(s, &s->fig[i0 + k])->ks_retiring, 5);
			marked++;
		}
	assert_int_equal(marked, 8);
	tw_test_free(s);
}

// KS.CH.4: extended order that fell back 1 ft may not move in its next move, and the refusal says
// so (before: "charged in close order"); close order's refusal is unchanged; KS.RAIL.1's men
// getting down from a train are refused naming KS.RAIL.1.
static void test_KS_CH_4_fell_back_refusal_names_its_clause(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(200, 200, 5, 0);
	LWG(s)->ks = 1;
	int c0 = tw_test_row(s, 0, TW_FK_CAVALRY, 10, 40, 20, 1.2);
	int i0 = tw_test_row(s, 1, TW_FK_INFANTRY, 25, 30, 50.8, 3.0);
	ok(s, charge(c0, 10, i0, 25));
	int man = i0 + 24; // the farthest: a survivor
	assert_int_equal(s->fig[man].status, TW_FS_ACTIVE);
	assert_int_equal(LWF(s, &s->fig[man])->ks_still_why, LW_STILL_FELL_BACK);
	s->move_no = 6;
	s->mover = 1;
	tw_vec2 p = s->fig[man].pos;
	refused_with(s, move_to(1, man, p.x, p.y + 2), "KS.CH.4", "fell back 1 ft");
	// Close order: the old words.
	LWF(s, &s->fig[man])->ks_still_why = LW_STILL_CLOSE;
	refused_with(s, move_to(1, man, p.x, p.y + 2), "KS.CH.4", "charged in close order");
	// Getting down from a train (KS.RAIL.1).
	LWF(s, &s->fig[man])->ks_still_why = LW_STILL_UNLOADED;
	LWF(s, &s->fig[man])->ks_still_until = 8;
	refused_with(s, move_to(1, man, p.x, p.y + 2), "KS.RAIL.1", "getting down from the train");
	tw_test_free(s);
}

// KS.GEN.1: the seats come from the arm records: an infantry figure of arm engineers gives his
// side an engineers' player, who orders him; the infantry player may not (KS.GEN.1).
static void test_KS_GEN_1_seats_from_the_arm(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(200, 200, 3, 0);
	LWG(s)->ks = 1;
	s->params[LWP_SEATS] = 1;
	tw_test_man(s, 0, TW_FK_INFANTRY, 50, 20);
	int re = tw_test_man(s, 0, TW_FK_INFANTRY, 60, 20);
	LWF(s, &s->fig[re])->arm = LW_ARM_RE;
	tw_test_man(s, 1, TW_FK_INFANTRY, 50, 180);
	tw_role_def r[TW_MAX_ROLES];
	int n = tw_state_roles(s, r, TW_MAX_ROLES), eng = -1, inf = -1;
	for (int k = 0; k < n; k++) {
		if (r[k].side == 0 && strcmp(r[k].name, "engineers") == 0)
			eng = k;
		if (r[k].side == 0 && strcmp(r[k].name, "infantry") == 0)
			inf = k;
	}
	assert_true(eng >= 0);
	assert_true(inf >= 0);
	tw_error err = {0};
	tw_order *o = move_to(0, re, 60, 25);
	assert_int_equal(tw_role_may(s, &r[eng], o, &err), TW_OK);
	assert_int_equal(tw_role_may(s, &r[inf], o, &err), TW_ERR_ILLEGAL);
	assert_string_equal(err.clause, "KS.GEN.1");
	assert_non_null(strstr(err.message, "man 1 is of the engineers"));
	tw_test_free(s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_KS_CH_10_11_keep_retiring_while_pursued),
		cmocka_unit_test(test_KS_CH_10_pursuit_stops),
		cmocka_unit_test(test_KS_CH_11_charge_marks_the_retiring_body),
		cmocka_unit_test(test_KS_CH_4_fell_back_refusal_names_its_clause),
		cmocka_unit_test(test_KS_GEN_1_seats_from_the_arm),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
