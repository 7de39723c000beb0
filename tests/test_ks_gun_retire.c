// KS.CH.13 (issue 18 lw-box, lw_ks_gun_retire.c): artillery that retires from cavalry within
// charging distance must keep retiring as long as the cavalry pursues. A gun moved nearer its
// own back line while an enemy cavalryman is within 36 in is marked retiring (event KS.CH.13);
// while pursued its later moves must go nearer its back line and it may not fire (bolt or
// shell), refused naming KS.CH.13 with the state unchanged; no longer pursued at the end of its
// side's move, it is released. No dice are thrown: every outcome is fixed by the places.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <string.h>

#include "rules/littlewars/lw_big.h"
#include "rules/littlewars/lw_ks_gun_retire.h"
#include "scene.h"

// A Kriegspiel field at game move 6, blue (back line y = 200) to move: blue's gun 0 at (100, 100)
// facing red with its 4 gunners (figures 0-3) beside it, and red cavalryman 4 at (100, 75): 25 in
// from the axle, within KS.CH.1's 36 in.
static tw_state *field(int ks)
{
	tw_state *s = tw_test_lw_state(200, 200, 6, 1);
	LWG(s)->ks = (uint8_t)ks;
	LWG(s)->draw_at = 1;
	tw_test_gun(s, 1, 100, 100, 180);
	tw_test_man(s, 1, TW_FK_INFANTRY, 95, 100);
	tw_test_man(s, 1, TW_FK_INFANTRY, 95, 102);
	tw_test_man(s, 1, TW_FK_INFANTRY, 105, 100);
	tw_test_man(s, 1, TW_FK_INFANTRY, 105, 102);
	tw_test_man(s, 0, TW_FK_CAVALRY, 100, 75);
	return s;
}

static tw_order *gun_move(double x, double y)
{
	tw_order *o = tw_test_order(LW_OT_GUN_MOVE, 1);
	o->gun = 0;
	for (int i = 0; i < 4; i++)
		o->fig[o->nfig++] = i;
	o->npath = 1;
	o->path[0] = tw_v2(x, y);
	return o;
}

static tw_order *fire(int type)
{
	tw_order *o = tw_test_order(type, 1);
	o->gun = 0;
	o->bearing = 180;
	o->elevation = 5;
	o->has_aim = true;
	return o;
}

static void ok(tw_state *s, const tw_order *o, tw_events *ev)
{
	tw_error err = {0};
	tw_apply_ctx ctx = {tw_shot_model_fast()};
	tw_status st = tw_state_apply(s, o, &ctx, ev, &err);
	if (st != TW_OK)
		fail_msg("refused %s: %s", err.clause, err.message);
}

static int count_clause(const tw_events *ev, const char *clause, const char *words)
{
	int n = 0;
	for (int i = 0; i < ev->n; i++)
		n += strcmp(ev->v[i].clause, clause) == 0 && (!words || strstr(ev->v[i].text, words));
	return n;
}

// The gun retires 10 in from the cavalryman (to (100, 110)): marked retiring in game move 6, one
// event. In blue's next move (8), still pursued (the cavalryman 35 in from the axle): forward to
// (100, 105) and across to (110, 110) are refused, and so are the bolt and a shell; back to
// (100, 120) goes.
static void test_KS_CH_13_retiring_gun_must_keep_retiring(void **state)
{
	(void)state;
	tw_state *s = field(1);
	tw_events ev = {0};
	assert_true(lw_ks_gun_pursued(s, &s->gun[0], NULL));
	ok(s, gun_move(100, 110), &ev);
	assert_int_equal(LWGN(s, &s->gun[0])->ks_retiring, 6);
	assert_int_equal(count_clause(&ev, "KS.CH.13", "retires from cavalry within charging distance (cavalryman 4)"), 1);
	s->move_no = 8; // blue's next move
	tw_test_expect_refused(s, gun_move(100, 105), "KS.CH.13");
	tw_test_expect_refused(s, gun_move(110, 110), "KS.CH.13");
	tw_test_expect_refused(s, fire(LW_OT_FIRE), "KS.CH.13");
	tw_test_expect_refused(s, fire(LW_OT_SHELL), "KS.CH.13");
	tw_error err = {0};
	assert_int_not_equal(tw_test_apply(s, fire(LW_OT_FIRE), &err), TW_OK);
	assert_non_null(strstr(err.message, "may not fire"));
	assert_non_null(strstr(err.message, "enemy cavalryman 4"));
	ok(s, gun_move(100, 120), &ev);
	assert_true(s->gun[0].axle.y == 120.0);
	assert_int_equal(LWGN(s, &s->gun[0])->ks_retiring, 8); // retired again while pursued
	tw_events_free(&ev);
	tw_test_free(s);
}

// As long as the cavalry pursues: at the end of blue's move a gun still pursued stays marked; one
// whose pursuer is gone (dead) is released (event KS.CH.13) and may move forward and fire again
// (the refusal, if any, is no longer KS.CH.13's).
static void test_KS_CH_13_released_when_no_longer_pursued(void **state)
{
	(void)state;
	tw_state *s = field(1);
	tw_events ev = {0};
	ok(s, gun_move(100, 110), &ev);
	s->move_no = 8;
	lw_ks_gun_pursuit_end_move(s, 1, &ev);
	assert_int_equal(LWGN(s, &s->gun[0])->ks_retiring, 6); // pursued: kept
	s->fig[4].status = TW_FS_DEAD;
	assert_false(lw_ks_gun_pursued(s, &s->gun[0], NULL));
	ok(s, gun_move(100, 105), &ev); // forward: the pursuit is over
	lw_ks_gun_pursuit_end_move(s, 1, &ev);
	assert_int_equal(LWGN(s, &s->gun[0])->ks_retiring, 0);
	assert_int_equal(count_clause(&ev, "KS.CH.13", "no longer pursued"), 1);
	tw_events_free(&ev);
	tw_test_free(s);
}

// Not retiring: a gun moved back with no cavalryman within 36 in (red's at (100, 63.5): 36.5 in
// from the gun's nearest point, base edge measured) is redeploying; a gun moved forward under the
// sabres is not retiring; and in Little Wars (no Kriegspiel) KS.CH.13 does not apply.
static void test_KS_CH_13_what_is_not_retiring(void **state)
{
	(void)state;
	tw_events ev = {0};
	tw_state *s = field(1);
	double nearest = tw_gun_distance(&s->gun[0], tw_v2(100, 75));
	s->fig[4].pos = tw_v2(100, 75 - (36.5 - (nearest - 0.5)));
	assert_false(lw_ks_gun_pursued(s, &s->gun[0], NULL));
	ok(s, gun_move(100, 110), &ev);
	assert_int_equal(LWGN(s, &s->gun[0])->ks_retiring, 0);
	tw_test_free(s);
	s = field(1);
	ok(s, gun_move(100, 95), &ev); // towards the cavalry
	assert_int_equal(LWGN(s, &s->gun[0])->ks_retiring, 0);
	tw_test_free(s);
	s = field(0);
	ok(s, gun_move(100, 110), &ev);
	assert_int_equal(LWGN(s, &s->gun[0])->ks_retiring, 0);
	s->move_no = 8;
	ok(s, gun_move(100, 105), &ev);
	tw_test_free(s);
	assert_int_equal(count_clause(&ev, "KS.CH.13", NULL), 0);
	tw_events_free(&ev);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_KS_CH_13_retiring_gun_must_keep_retiring),
		cmocka_unit_test(test_KS_CH_13_released_when_no_longer_pursued),
		cmocka_unit_test(test_KS_CH_13_what_is_not_retiring),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
