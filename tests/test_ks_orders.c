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

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_KS_SH_1_shell_order),
		cmocka_unit_test(test_KS_SH_1_shell_refusals),
		cmocka_unit_test(test_KS_SH_3_disabled_gun_may_not_fire),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
