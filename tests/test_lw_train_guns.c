// Guns on trains (LW.BIG.9/10, KS.SH.6, issue 18 lw-box; lw_train_guns.c): a gun boards with its
// crew and takes 2 trucks, rides with the engine, may not act aboard, is set out beside the men
// when the train unloads (its move), and a shell on the train destroys it. Exact values;
// refusals name their clause and leave the state as it was.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/littlewars/lw_big.h"
#include "rules/littlewars/lw_boxes.h"
#include "scene.h"

// The shared helpers (tests/support/scene.c) under this file's names.
#define ok tw_test_ok

// A railway up x = 100 (y 0-400), red's train 0 at (100, 20); red's gun 0 at (104, 22) with its
// crew, four infantry (ids 0-3) in a square 1 in apart at (101.5-102.5, 24.5-25.5); a red man far
// off (4); blue far off (5). Game move 3.
static tw_state *railhead(void)
{
	tw_state *s = tw_test_lw_state(600, 400, 3, 0);
	LWG(s)->draw_at = 1;
	int a = tw_test_box(s, TW_TER_ROAD, 99, 0, 101, 400, 0.1);
	snprintf(s->table.terrain[a].name, sizeof s->table.terrain[a].name, "railway");
	tw_test_gun(s, 0, 104, 22, 0);
	tw_test_row(s, 0, TW_FK_INFANTRY, 4, 101.5, 24.5, 1.0);
	s->fig[2].pos = tw_v2(101.5, 25.5);
	s->fig[3].pos = tw_v2(102.5, 25.5);
	tw_test_man(s, 0, TW_FK_INFANTRY, 400, 20);
	tw_test_man(s, 1, TW_FK_INFANTRY, 500, 380);
	LWS(s, 0)->ntrain = 1;
	LWS(s, 0)->train_x[0] = 100;
	LWS(s, 0)->train_y[0] = 20;
	return s;
}

static tw_order *load(int nmen, int gun)
{
	tw_order *o = tw_test_order(LW_OT_TRAIN_LOAD, 0);
	o->n = 0;
	for (int i = 0; i < nmen; i++)
		o->fig[o->nfig++] = i;
	o->gun = gun;
	return o;
}

static void end_moves(tw_state *s, int k)
{
	for (int i = 0; i < k; i++)
		ok(s, tw_test_order(LW_OT_END_MOVE, s->mover));
}

// LW.BIG.9: the gun boards with its crew (game move 3), stands at the engine, may not act aboard
// (LW.BIG.9), rides 120 in with the train in red's next move, and is set out when it unloads:
// 3 in to the right of the men's 2 x 2 square (centred 3.625 in right of the engine), having
// made its move.
static void test_LW_BIG_9_gun_by_train(void **state)
{
	(void)state;
	tw_state *s = railhead();
	ok(s, load(4, 0));
	assert_int_equal(LWGN(s, &s->gun[0])->trained, 1);
	assert_int_equal(lw_held_guns(s, 0, LW_ON_TRAIN, 0), 1);
	assert_true(s->gun[0].axle.x == 100 && s->gun[0].axle.y == 20);
	double pts[TW_MAX_SIDES];
	lw_score(s, pts); // LW.VAR.2: aboard with its crew, still red's gun: 10, and the man not aboard 1
	assert_true(pts[0] == 11.0);
	end_moves(s, 2);
	tw_order *m = tw_test_order(LW_OT_GUN_MOVE, 0);
	m->gun = 0;
	m->npath = 1;
	m->path[0] = tw_v2(100, 25);
	tw_test_expect_refused(s, m, "LW.BIG.9");
	tw_order *r = tw_test_order(LW_OT_TRAIN_MOVE, 0);
	r->n = 0;
	r->npath = 1;
	r->path[0] = tw_v2(100, 140);
	ok(s, r);
	assert_true(s->gun[0].axle.y == 140);
	end_moves(s, 2);
	tw_order *u = tw_test_order(LW_OT_TRAIN_UNLOAD, 0);
	u->n = 0;
	ok(s, u);
	assert_int_equal(LWGN(s, &s->gun[0])->trained, 0);
	assert_true(fabs(s->gun[0].axle.x - 107.875) < 1e-9 && s->gun[0].axle.y == 140);
	assert_int_equal(s->gun[0].acted_in, 7);
	tw_test_free(s);
}

// LW.BIG.10: a gun is 2 trucks: with 72 infantry aboard (6 trucks), the gun and its 4 men make
// 9 and are refused; the 4 men alone (7 trucks) board. LW.MOB.4: without 4 of its crew named it
// is refused; LW.BIG.9: a gun 20 in from the engine is refused.
static void test_LW_BIG_10_gun_takes_two_trucks(void **state)
{
	(void)state;
	tw_state *s = railhead();
	int first = tw_test_row(s, 0, TW_FK_INFANTRY, 72, 200, 100, 1.0);
	for (int i = first; i < first + 72; i++) {
		s->fig[i].status = TW_FS_RESERVE;
		s->fig[i].pos = tw_v2(100, 20);
		LWF(s, &s->fig[i])->train = 0;
	}
	tw_test_expect_refused(s, load(4, 0), "LW.BIG.10");
	ok(s, load(4, -1));
	tw_test_free(s);
	s = railhead();
	tw_test_expect_refused(s, load(3, 0), "LW.MOB.4");
	s->gun[0].axle = tw_v2(100, 40);
	tw_test_expect_refused(s, load(4, 0), "LW.BIG.9");
	tw_test_free(s);
}

// KS.SH.6: a shell on the train destroys the gun aboard with the men.
static void test_KS_SH_6_shell_destroys_the_gun_aboard(void **state)
{
	(void)state;
	tw_state *s = railhead();
	ok(s, load(4, 0));
	tw_events ev = {0};
	lw_ks_shell_trains(s, tw_v2(101, 21), &ev);
	assert_int_equal(LWGN(s, &s->gun[0])->ks_destroyed, 1);
	assert_int_equal(LWGN(s, &s->gun[0])->trained, 0);
	assert_int_equal(s->fig[0].status, TW_FS_DEAD);
	tw_events_free(&ev);
	tw_test_free(s);
}

// LW.BIG.9 (lw-box): lw-big puts a gun standing beside its train aboard with its crew (the
// railhead above, red to move): among its first orders a train_load of gun 0 with 4 men.
static void test_LW_BIG_9_big_general_entrains_a_gun(void **state)
{
	(void)state;
	tw_state *s = railhead();
	tw_error err = {0};
	tw_general *g = tw_general_new("lw-big", tw_ruleset_get(s->ruleset), 0, 7);
	assert_non_null(g);
	tw_order *o = malloc(sizeof *o);
	bool entrained = false;
	for (int k = 0; k < 12 && !entrained; k++) {
		assert_int_equal(tw_general_decide(g, s, o), TW_OK);
		if (o->type == LW_OT_END_MOVE)
			break;
		if (o->type == LW_OT_TRAIN_LOAD && o->gun == 0) {
			assert_int_equal(o->nfig, 4);
			entrained = true;
		}
		assert_int_equal(tw_test_apply(s, o, &err), TW_OK);
	}
	assert_true(entrained);
	assert_int_equal(LWGN(s, &s->gun[0])->trained, 1);
	free(o);
	tw_general_free(g);
	tw_test_free(s);
}

// LW.BIG.9/10 (lw-box): lw-big brings a gun to its train. The railhead above with the gun 12 in
// off, at (116, 22), its crew 3.5 in behind it: in red's first move lw-big moves the gun with its
// crew towards the engine (a gun_move, the crew with it), in its next move boards it (a
// train_load of gun 0 and its 4 men), then runs the train up the line and gets down: the gun is
// set out again (not aboard, in the battle) beside the engine's new place. Blue only ends his
// moves. Before lw-box the general boarded only a gun already beside the train: this one stayed
// where it was.
static void test_LW_BIG_9_big_general_brings_a_gun_to_the_train(void **state)
{
	(void)state;
	tw_state *s = railhead();
	s->gun[0].axle = tw_v2(116, 22);
	for (int i = 0; i < 4; i++)
		s->fig[i].pos = tw_add(s->fig[i].pos, tw_v2(12, 0));
	tw_error err = {0};
	tw_general *g = tw_general_new("lw-big", tw_ruleset_get(s->ruleset), 0, 7);
	assert_non_null(g);
	tw_order *o = malloc(sizeof *o);
	int brought = -1, boarded = -1, ran = -1, unloaded = -1;
	double was = tw_gun_distance(&s->gun[0], tw_v2(100, 20));
	for (int k = 0; k < 400 && s->move_no < 20 && unloaded < 0; k++) {
		if (s->mover == 1) {
			end_moves(s, 1);
			continue;
		}
		assert_int_equal(tw_general_decide(g, s, o), TW_OK);
		if (o->type == LW_OT_GUN_MOVE && o->gun == 0 && brought < 0) {
			assert_int_equal(o->nfig, 4);
			brought = s->move_no;
		}
		if (o->type == LW_OT_TRAIN_LOAD && o->gun == 0) {
			assert_int_equal(o->nfig, 4);
			boarded = s->move_no;
		}
		if (o->type == LW_OT_TRAIN_MOVE && ran < 0)
			ran = s->move_no;
		bool unload = o->type == LW_OT_TRAIN_UNLOAD;
		if (tw_test_apply(s, o, &err) != TW_OK)
			fail_msg("lw-big's order refused: %s %s", err.clause, err.message);
		if (unload && LWGN(s, &s->gun[0])->trained == 0 && boarded > 0)
			unloaded = s->move_no;
		if (brought == s->move_no && boarded < 0 && o->type == LW_OT_GUN_MOVE) {
			double now = tw_gun_distance(&s->gun[0], tw_v2(100, 20));
			printf("gun 0 brought from %.1f to %.1f in of the engine in game move %d\n", was, now, brought);
			assert_true(now <= LW_REACH);
		}
	}
	printf("gun 0: brought in move %d, boarded in %d, the train ran in %d, set out in %d\n", brought, boarded, ran,
	       unloaded);
	assert_int_equal(brought, 3);
	assert_int_equal(boarded, 5);
	assert_true(ran > boarded);
	assert_true(unloaded > ran);
	assert_int_equal(LWGN(s, &s->gun[0])->trained, 0);
	assert_true(lw_gun_in_battle(s, &s->gun[0]));
	assert_true(s->gun[0].axle.y > 100.0); // carried up the line
	free(o);
	tw_general_free(g);
	tw_test_free(s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_LW_BIG_9_gun_by_train),
		cmocka_unit_test(test_LW_BIG_10_gun_takes_two_trucks),
		cmocka_unit_test(test_KS_SH_6_shell_destroys_the_gun_aboard),
		cmocka_unit_test(test_LW_BIG_9_big_general_entrains_a_gun),
		cmocka_unit_test(test_LW_BIG_9_big_general_brings_a_gun_to_the_train),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
