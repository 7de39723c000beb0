// Rifle fire by fives in the Kriegspiel (lw_ks_rifle.c; issue 18 lw-rules): KS.RF.1 one wooden-bolt
// shot for every 5 still infantrymen in a line, fired by the shot model as from a 4.7 gun past
// each five's middle man and killing by LW.FIRE; KS.MOV.5 fire or move; KS.SUP.8 no ammunition
// when unsupplied; KS.SUP.1 the ammunition packet then due after 6 own moves of fire. Exact
// values; every refusal names its clause and leaves the state as it was.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <string.h>

#include "rules/littlewars/lw_big.h"
#include "scene.h"

// A Kriegspiel at game move 5, red to move: 11 red infantry (ids 0-10) in a row at y = 20, 1 in
// apart from x = 90; 12 blue infantry (11-22) in a row at y = 60 from x = 89.5, 1 in apart.
static tw_state *line_of_eleven(void)
{
	tw_state *s = tw_test_lw_state(200, 200, 5, 0);
	LWG(s)->ks = 1;
	LWG(s)->draw_at = 1;
	s->params[LWP_AIM_SIGMA] = 0;
	tw_test_row(s, 0, TW_FK_INFANTRY, 11, 90, 20, 1.0);
	tw_test_row(s, 1, TW_FK_INFANTRY, 12, 89.5, 60, 1.0);
	return s;
}

static tw_order *rifle(int first, int n, double x, double y)
{
	tw_order *o = tw_test_order(LW_OT_RIFLE, 0);
	for (int i = 0; i < n; i++)
		o->fig[o->nfig++] = first + i;
	o->has_target = true;
	o->target = tw_v2(x, y);
	return o;
}

// KS.RF.1: 11 men fire 2 shots (the fives about men 2 and 7; man 10 is the leftover), each a bolt
// from the shot model aimed at blue man 16 at (94.5, 60): the events say so, the men have made their move
// (KS.MOV.5: `move` refuses them) and their fire is counted for KS.SUP.1.
static void test_KS_RF_1_rifle_fire_by_fives(void **state)
{
	(void)state;
	tw_state *s = line_of_eleven();
	tw_events ev = {0};
	tw_error err = {0};
	tw_apply_ctx ctx = {0};
	ctx.shots = tw_shot_model_fast();
	assert_int_equal(tw_state_apply(s, rifle(0, 11, 94.5, 60), &ctx, &ev, &err), TW_OK);
	int shots = 0, dead = 0;
	for (int i = 0; i < ev.n; i++)
		if (strcmp(ev.v[i].clause, "KS.RF.1") == 0 && ev.v[i].type == TW_EV_SHOT) {
			assert_int_equal(ev.v[i].a, shots == 0 ? 2 : 7);
			shots++;
		}
	for (int i = 11; i < 23; i++)
		dead += s->fig[i].status == TW_FS_DEAD;
	assert_int_equal(shots, 2);
	// The first bolt knocks man 16 over (LW.FIRE.1); the second passes where he stood.
	assert_int_equal(dead, 1);
	assert_int_equal(s->fig[16].status, TW_FS_DEAD);
	for (int i = 0; i < 11; i++) {
		assert_int_equal(s->fig[i].status, TW_FS_ACTIVE); // over their heads
		assert_int_equal(s->fig[i].moved_in, 5);
		assert_int_equal(LWF(s, &s->fig[i])->ks_fired_in, 5);
		assert_int_equal(LWF(s, &s->fig[i])->ks_fire_run, 1);
	}
	tw_events_free(&ev);
	tw_order *m = tw_test_order(LW_OT_MOVE, 0);
	m->fig[m->nfig++] = 0;
	m->npath = 1;
	m->path[0] = tw_v2(90, 22);
	tw_test_expect_refused(s, m, "LW.MV.12");
	tw_test_expect_refused(s, rifle(0, 5, 95, 60), "KS.RF.1"); // once a move
	tw_test_free(s);
	// Men who fired in their side's last move (game move 3) go on with their run; one whose last
	// fire was before it starts again.
	s = line_of_eleven();
	for (int i = 0; i < 5; i++) {
		LWF(s, &s->fig[i])->ks_fired_in = 3;
		LWF(s, &s->fig[i])->ks_fire_run = i == 0 ? 4 : 1;
	}
	LWF(s, &s->fig[1])->ks_fired_in = 1; // not in red's last move: he starts again
	assert_int_equal(tw_test_apply(s, rifle(0, 5, 95, 60), &err), TW_OK);
	assert_int_equal(LWF(s, &s->fig[0])->ks_fire_run, 5);
	assert_int_equal(LWF(s, &s->fig[1])->ks_fire_run, 1);
	assert_int_equal(LWF(s, &s->fig[2])->ks_fire_run, 2);
	tw_test_free(s);
}

// KS.RF.1, KS.MOV.5, KS.SUP.8: 4 men fire no shot; a man 1.5 in off the line; a man who moved;
// an unsupplied man; a move in which a man has moved already; Little Wars: each refused.
static void test_KS_RF_1_refusals(void **state)
{
	(void)state;
	tw_state *s = line_of_eleven();
	tw_test_expect_refused(s, rifle(0, 4, 95, 60), "KS.RF.1");
	s->fig[3].pos.y = 21.5;
	tw_test_expect_refused(s, rifle(0, 5, 95, 60), "KS.RF.1");
	s->fig[3].pos.y = 20;
	s->fig[4].moved_in = 5;
	tw_test_expect_refused(s, rifle(0, 5, 95, 60), "KS.MOV.5");
	s->fig[4].moved_in = 0;
	LWF(s, &s->fig[4])->ks_unsupplied = 1;
	tw_test_expect_refused(s, rifle(0, 5, 95, 60), "KS.SUP.8");
	LWF(s, &s->fig[4])->ks_unsupplied = 0;
	LWG(s)->men_moved = 1;
	tw_test_expect_refused(s, rifle(0, 5, 95, 60), "KS.RF.1");
	LWG(s)->ks = 0;
	tw_test_expect_refused(s, rifle(0, 5, 95, 60), "KS.RF.1");
	tw_test_free(s);
}

// KS.SUP.1: 30 infantry who fired in each of their last 6 own moves are due 1 ammunition packet
// besides their food: the official refuses the food alone, naming what is due; with the packet
// their run starts again. After 5 moves of fire none is due.
static void test_KS_SUP_1_ammunition_after_six_moves_of_fire(void **state)
{
	(void)state;
	for (int run = 5; run <= 6; run++) {
		tw_state *s = tw_test_lw_state(300, 300, 5, 0);
		LWG(s)->ks = 1;
		LWG(s)->ks_supply = 1;
		LWG(s)->draw_at = 1;
		tw_test_row(s, 0, TW_FK_INFANTRY, 15, 40, 50, 1.0);
		tw_test_row(s, 0, TW_FK_INFANTRY, 15, 40, 51, 1.0);
		int ts = tw_test_man(s, 0, TW_FK_INFANTRY, 50, 110);
		LWF(s, &s->fig[ts])->arm = LW_ARM_TS;
		tw_test_man(s, 1, TW_FK_INFANTRY, 250, 280);
		for (int i = 0; i < 30; i++) {
			LWF(s, &s->fig[i])->ks_fired_in = 3;
			LWF(s, &s->fig[i])->ks_fire_run = run;
		}
		tw_order *o = tw_test_order(LW_OT_SUPPLY, 0);
		for (int i = 0; i < 30; i++)
			o->fig[o->nfig++] = i;
		o->fig2[o->nfig2++] = ts;
		o->val[0] = 1;
		o->val[1] = 0;
		o->val[2] = 0;
		o->nval = 3;
		tw_error err = {0};
		if (run == 6) {
			uint64_t h = tw_state_hash(s);
			assert_int_not_equal(tw_test_apply(s, o, &err), TW_OK);
			assert_string_equal(err.clause, "KS.SUP.1");
			assert_non_null(strstr(err.message, "due 1, 0 and 1"));
			assert_true(tw_state_hash(s) == h);
			o->val[2] = 1;
		}
		assert_int_equal(tw_test_apply(s, o, &err), TW_OK);
		assert_int_equal(LWF(s, &s->fig[0])->ks_fire_run, run == 6 ? 0 : 5);
		tw_test_free(s);
	}
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_KS_RF_1_rifle_fire_by_fives),
		cmocka_unit_test(test_KS_RF_1_refusals),
		cmocka_unit_test(test_KS_SUP_1_ammunition_after_six_moves_of_fire),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
