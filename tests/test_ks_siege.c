// Surrounded troops in the Kriegspiel (lw_ks_siege.c; issue 18): KS.SUP.6 a surrounded body
// fed from its own stores, KS.SUP.7 horses eaten in place of missing food (never forage), the
// trooper fighting on as an infantryman, KS.SUP.10 surrender 4 own moves after the last horse.
// Exact values; every refusal names its clause and leaves the state as it was.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <string.h>

#include "rules/littlewars/lw_big.h"
#include "scene.h"

// The shared helpers (tests/support/scene.c) under this file's names.
#define ok tw_test_ok

// A Kriegspiel keeping the supply cycle, game move 3, red to move: 10 red cavalry (ids 0-9) and
// `inf` red infantry (from id 10) in the middle of a 600 x 400 table, red's Transport & Supply
// man far off at (560, 20) (id 10 + inf), a blue man at (300, 390).
static tw_state *besieged(int cav, int inf)
{
	tw_state *s = tw_test_lw_state(600, 400, 3, 0);
	LWG(s)->draw_at = 1;
	LWG(s)->ks = 1;
	LWG(s)->ks_supply = 1;
	for (int i = 0; i < cav; i++)
		tw_test_man(s, 0, TW_FK_CAVALRY, 100 + 1.2 * i, 200);
	for (int i = 0; i < inf; i++)
		tw_test_man(s, 0, TW_FK_INFANTRY, 100 + 0.8 * (i % 20), 203 + 0.8 * (i / 20));
	int ts = tw_test_man(s, 0, TW_FK_INFANTRY, 560, 20);
	LWF(s, &s->fig[ts])->arm = LW_ARM_TS;
	tw_test_man(s, 1, TW_FK_INFANTRY, 300, 390);
	return s;
}

static tw_order *feed(int nbody, const int *eat, int neat, int food, int forage)
{
	tw_order *o = tw_test_order(LW_OT_FEED, 0);
	for (int i = 0; i < nbody; i++)
		o->fig[o->nfig++] = i;
	for (int i = 0; i < neat; i++)
		o->fig2[o->nfig2++] = eat[i];
	o->val[0] = food;
	o->val[1] = forage;
	o->nval = 2;
	return o;
}

// KS.SUP.6/7: 10 cavalry and 20 infantry (30 men: 1 food; 10 horses: 2 forage). Reached by their
// Transport & Supply they are not surrounded; surrounded, 1 forage is short (a horse never
// stands for forage), no food and no horse is short, a horse with the food all there is refused;
// no food and trooper 0's horse eaten (9 horses left: 2 forage) feeds them, and trooper 0 is an
// infantryman now (base 0.3 in, arm infantry); the body is supplied for the cycle.
static void test_KS_SUP_6_7_surrounded_body_eats_horses(void **state)
{
	(void)state;
	tw_state *s = besieged(10, 20);
	int ts = 30;
	int eat0[] = {0};
	s->fig[ts].pos = tw_v2(130, 200); // within 72 in of every man
	tw_test_expect_refused(s, feed(30, eat0, 1, 0, 2), "KS.SUP.6");
	s->fig[ts].pos = tw_v2(560, 20);
	tw_test_expect_refused(s, feed(30, NULL, 0, 1, 1), "KS.SUP.7");
	tw_test_expect_refused(s, feed(30, NULL, 0, 0, 2), "KS.SUP.6");
	tw_test_expect_refused(s, feed(30, eat0, 1, 1, 2), "KS.SUP.7");
	int bad[] = {12}; // an infantryman has no horse
	tw_test_expect_refused(s, feed(30, bad, 1, 0, 2), "KS.SUP.7");
	ok(s, feed(30, eat0, 1, 0, 2));
	assert_int_equal(s->fig[0].kind, TW_FK_INFANTRY);
	assert_true(s->fig[0].radius == 0.3);
	assert_int_equal(s->fig[1].kind, TW_FK_CAVALRY);
	for (int i = 0; i < 30; i++)
		assert_int_equal(LWF(s, &s->fig[i])->ks_fed, 1);
	assert_int_equal(LWF(s, &s->fig[0])->ks_last_horse, 0); // 9 horses left
	// Fed already in this cycle.
	tw_test_expect_refused(s, feed(30, NULL, 0, 1, 2), "KS.SUP.6");
	// An ordinary game keeps no supply cycle.
	LWG(s)->ks_supply = 0;
	tw_test_expect_refused(s, feed(1, NULL, 0, 0, 0), "KS.SUP.6");
	tw_test_free(s);
}

static bool end_move_says(tw_state *s, const char *clause)
{
	tw_events ev = {0};
	tw_error err = {0};
	assert_int_equal(tw_state_apply(s, tw_test_order(LW_OT_END_MOVE, s->mover), NULL, &ev, &err), TW_OK);
	bool seen = false;
	for (int i = 0; i < ev.n; i++)
		seen = seen || strcmp(ev.v[i].clause, clause) == 0;
	tw_events_free(&ev);
	return seen;
}

// KS.SUP.10: 1 trooper and 29 infantry eat the last horse in red's game move 3 (1 food due, no
// forage for 1 horse, the horse stands for the food): at the end of red's 4th own move after it
// (game move 11) the 30 surrender to blue, not at the end of the 3rd (game move 9).
static void test_KS_SUP_10_surrender_4_moves_after_the_last_horse(void **state)
{
	(void)state;
	tw_state *s = besieged(1, 29);
	int eat0[] = {0};
	ok(s, feed(30, eat0, 1, 0, 0));
	for (int i = 0; i < 30; i++)
		assert_int_equal(LWF(s, &s->fig[i])->ks_last_horse, 3);
	for (int k = 0; k < 7; k++) // game moves 3 to 9
		assert_false(end_move_says(s, "KS.SUP.10"));
	assert_int_equal(s->fig[5].status, TW_FS_ACTIVE);
	assert_int_equal(s->move_no, 10);
	assert_false(end_move_says(s, "KS.SUP.10")); // blue's move 10
	assert_true(end_move_says(s, "KS.SUP.10"));  // red's move 11
	for (int i = 0; i < 30; i++) {
		assert_int_equal(s->fig[i].status, LW_FS_PRISONER);
		assert_int_equal(LWF(s, &s->fig[i])->captor, 1);
	}
	assert_int_equal(s->fig[30].status, TW_FS_ACTIVE); // the Transport & Supply man far off
	tw_test_free(s);
}

// KS.SUP.10's mark is a field added after the hashes were pinned (tw_field_def.late): a game that
// never sets it hashes as before; set, the hash differs.
static void test_KS_SUP_10_mark_hashed_only_when_set(void **state)
{
	(void)state;
	tw_state *s = besieged(1, 1);
	uint64_t h = tw_state_hash(s);
	LWF(s, &s->fig[0])->ks_last_horse = 3;
	assert_true(tw_state_hash(s) != h);
	LWF(s, &s->fig[0])->ks_last_horse = 0;
	assert_true(tw_state_hash(s) == h);
	tw_test_free(s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_KS_SUP_6_7_surrounded_body_eats_horses),
		cmocka_unit_test(test_KS_SUP_10_surrender_4_moves_after_the_last_horse),
		cmocka_unit_test(test_KS_SUP_10_mark_hashed_only_when_set),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
