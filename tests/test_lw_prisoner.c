// Little Wars: prisoners, escorts, rearming and surrender (LW.MEL.10-16).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rules/littlewars/lw.h"
#include "scene.h"

#define INF TW_FK_INFANTRY
#define CAV TW_FK_CAVALRY
#define RED 0
#define BLUE 1
#define n_status tw_state_count
#define n_events tw_test_count_events

// n Blue prisoners held by Red in a row at (x, y), 0.7 in apart; returns the first id.
static int blue_prisoners(tw_state *s, int n, double x, double y, int32_t *ids)
{
	int first = tw_test_row(s, BLUE, INF, n, x, y, 0.7);
	for (int i = 0; i < n; i++) {
		s->fig[first + i].status = LW_FS_PRISONER;
		LWF(s, &s->fig[first + i])->captor = RED;
		if (ids)
			ids[i] = first + i;
	}
	return first;
}

// ---- LW.MEL.10 ----

// Prisoners taken at the end of the enemy's move wait for the captor's next move: the end of a
// move that is not the captor's never frees them for distance (the captor could not yet move them).
static void test_LW_MEL_10_prisoners_wait_for_captors_next_move(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, BLUE);
	int32_t ids[3];
	blue_prisoners(s, 3, 10, 30, ids);
	int e = tw_test_man(s, RED, INF, 10, 20); // nearest Red man, 9.4 in away
	lw_assign_escorts(s, RED, ids, 3, NULL);
	for (int i = 0; i < 3; i++)
		assert_int_equal(LWF(s, &s->fig[ids[i]])->escort, e);
	lw_update_prisoners(s, NULL); // end of Blue's move
	assert_int_equal(n_status(s, BLUE, LW_FS_PRISONER), 3);
	// In Red's next move he brings them together (the lead's movement code moves them).
	s->move_no++;
	s->mover = RED;
	s->fig[e].pos = tw_v2(10, 27);
	lw_update_prisoners(s, NULL);
	assert_int_equal(n_status(s, BLUE, LW_FS_PRISONER), 3);
	tw_test_free(s);
}

// A real order of `type` for `side`, applied through the rules (fast shot model).
static tw_status order_apply(tw_state *s, tw_order *o, const tw_shot_model *m, tw_error *err)
{
	tw_events ev = {0};
	tw_apply_ctx ctx = {m ? m : tw_shot_model_fast()};
	tw_error_clear(err);
	tw_status st = tw_state_apply(s, o, &ctx, &ev, err);
	tw_events_free(&ev);
	return st;
}

static tw_order *move_one(int side, int id, tw_vec2 to)
{
	tw_order *o = tw_test_order(LW_OT_MOVE, side);
	o->has_at = true;
	o->fig[0] = id;
	o->at[0] = to;
	o->facing[0] = side == RED ? 0 : 180;
	o->nfig = 1;
	return o;
}

static void end_move(tw_state *s)
{
	tw_error err;
	if (order_apply(s, tw_test_order(LW_OT_END_MOVE, s->mover), NULL, &err) != TW_OK)
		fail_msg("end_move: %s %s", err.clause, err.message);
}

// Clauses: LW.MEL.10 LW.MEL.16
// Regression, through real orders: men who surrendered in the captor's own move could be moved by
// him in that same move.
static void test_LW_MEL_10_prisoners_taken_in_a_move_not_moved_in_it(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	LWG(s)->draw_at = 1;
	int b0 = tw_test_row(s, BLUE, INF, 2, 60, 60, 0.7); // an isolated body of two
	tw_test_man(s, BLUE, INF, 10, 90);
	tw_test_man(s, RED, INF, 60, 50);
	tw_order *o = tw_test_order(LW_OT_SURRENDER, BLUE); // in Red's move (LW.MEL.16: at any moment)
	o->fig[o->nfig++] = b0;
	o->fig[o->nfig++] = b0 + 1;
	tw_error err;
	assert_int_equal(order_apply(s, o, NULL, &err), TW_OK);
	assert_int_equal(s->fig[b0].status, LW_FS_PRISONER);
	assert_int_equal(LWF(s, &s->fig[b0])->captor, RED);
	tw_test_expect_refused(s, move_one(RED, b0, tw_v2(60, 57)), "LW.MEL.10");
	end_move(s);
	end_move(s);
	assert_int_equal(s->move_no, 7); // Red's next move: he may move them
	if (order_apply(s, move_one(RED, b0, tw_v2(60, 57)), NULL, &err) != TW_OK)
		fail_msg("%s %s", err.clause, err.message);
	assert_true(s->fig[b0].pos.y == 57);
	tw_test_free(s);
}

// A shot model that knocks over one figure (tests only): every shot kills figure `victim`.
static int32_t victim;
static tw_status knock_victim(const tw_shot_model *m, const tw_state *s, const tw_shot_request *rq, tw_rng *rng,
			      tw_shot_result *out)
{
	(void)m;
	(void)rng;
	memset(out, 0, sizeof *out);
	out->blocked_by = -1;
	out->bearing = rq->bearing;
	out->elevation = rq->elevation;
	out->ncontacts = 1;
	out->contacts[0].figure = victim;
	out->contacts[0].t = 0.1;
	out->contacts[0].how = TW_CONTACT_KNOCKED;
	out->contacts[0].via = TW_VIA_FLIGHT;
	out->contacts[0].at = s->fig[victim].pos;
	out->contacts[0].speed = 300;
	out->rest = s->fig[victim].pos;
	return TW_OK;
}

// Clauses: LW.MEL.12 LW.FIRE.5
// Through real orders: Blue shoots the escort of Blue prisoners in his own move; they go free at
// its end, and Blue may not move them before his next move. Regression: the refusal named no
// rule of prisoners (they were "not Blue's to move", LW.MV.12).
static void test_LW_MEL_12_freed_men_not_moved_before_their_sides_next_move(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 6, BLUE);
	LWG(s)->draw_at = 1;
	int32_t ids[2];
	blue_prisoners(s, 2, 60, 40, ids);
	int e = tw_test_man(s, RED, INF, 60, 38);
	tw_test_man(s, RED, INF, 100, 10);
	lw_assign_escorts(s, RED, ids, 2, NULL);
	assert_int_equal(LWF(s, &s->fig[ids[0]])->escort, e);
	int g = tw_test_gun(s, BLUE, 60, 70, 180);
	tw_test_row(s, BLUE, INF, 4, 58, 75, 1.0); // its crew
	victim = e;
	const tw_shot_model knock = {"knock", knock_victim, NULL};
	tw_order *f = tw_test_order(LW_OT_FIRE, BLUE);
	f->gun = g;
	f->has_aim = true;
	f->bearing = 180;
	f->elevation = 1;
	tw_error err;
	if (order_apply(s, f, &knock, &err) != TW_OK)
		fail_msg("%s %s", err.clause, err.message);
	assert_int_equal(s->fig[e].status, TW_FS_DEAD);
	tw_order *t = tw_test_order(LW_OT_TRAIL, BLUE); // LW.MOB.10: the trail pair, before men move
	t->gun = g;
	if (order_apply(s, t, NULL, &err) != TW_OK)
		fail_msg("%s %s", err.clause, err.message);
	tw_test_expect_refused(s, move_one(BLUE, ids[0], tw_v2(60, 45)), "LW.MEL.12");
	end_move(s);
	assert_int_equal(s->fig[ids[0]].status, LW_FS_FREED);
	tw_test_expect_refused(s, move_one(BLUE, ids[0], tw_v2(60, 45)), "LW.MV.12"); // Red's move
	end_move(s);
	assert_int_equal(s->move_no, 8);
	if (order_apply(s, move_one(BLUE, ids[0], tw_v2(60, 45)), NULL, &err) != TW_OK)
		fail_msg("%s %s", err.clause, err.message);
	tw_test_free(s);
}

// ---- LW.MEL.11 ----

static void test_LW_MEL_11_one_escort_per_seven(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	int32_t ids[15];
	blue_prisoners(s, 15, 10, 30, ids);
	int e0 = tw_test_row(s, RED, INF, 4, 10, 28, 3.0); // x = 10, 13, 16, 19
	int far = tw_test_man(s, RED, CAV, 60, 28);
	tw_events ev = {0};
	lw_assign_escorts(s, RED, ids, 15, &ev);
	int load[64] = {0};
	for (int i = 0; i < 15; i++) {
		const tw_figure *p = &s->fig[ids[i]];
		assert_true(LWF(s, p)->escort >= e0 && LWF(s, p)->escort < e0 + 4);
		assert_true(lw_gap(p, &s->fig[LWF(s, p)->escort]) <= 6.0);
		load[LWF(s, p)->escort]++;
	}
	int used = 0;
	for (int i = 0; i < 64; i++) {
		assert_true(load[i] <= 7);
		if (load[i])
			used++;
	}
	assert_int_equal(used, 3); // ceil(15/7)
	assert_int_equal(load[far], 0);
	assert_int_equal(n_events(&ev, TW_EV_ESCORT), 15);
	assert_string_equal(ev.v[0].clause, "LW.MEL.11");
	assert_int_equal(ev.v[0].side, RED);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_MEL_11_nearest_man_escorts(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	int32_t ids[2];
	blue_prisoners(s, 2, 10, 30, ids);
	tw_test_man(s, RED, CAV, 10, 24);            // 5.2 in away
	int near = tw_test_man(s, RED, INF, 11, 28); // 1.5 in away
	tw_test_man(s, BLUE, INF, 10, 31);           // a free Blue man: never an escort for Red
	lw_assign_escorts(s, RED, ids, 2, NULL);
	assert_int_equal(LWF(s, &s->fig[ids[0]])->escort, near);
	assert_int_equal(LWF(s, &s->fig[ids[1]])->escort, near);
	tw_test_free(s);
}

// ---- LW.MEL.12 ----

static void test_LW_MEL_12_escort_killed_frees_prisoners(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 6, BLUE);
	int32_t ids[3];
	blue_prisoners(s, 3, 10, 30, ids);
	int e = tw_test_man(s, RED, INF, 10, 28);
	tw_test_man(s, RED, INF, 12, 28); // a Red man who is not their escort does not hold them
	lw_assign_escorts(s, RED, ids, 3, NULL);
	assert_int_equal(LWF(s, &s->fig[ids[0]])->escort, e);
	s->fig[e].status = TW_FS_DEAD; // shot in Blue's move
	tw_events ev = {0};
	lw_update_prisoners(s, &ev);
	assert_int_equal(n_status(s, BLUE, LW_FS_FREED), 3);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(LWF(s, &s->fig[ids[i]])->captor, -1);
		assert_int_equal(LWF(s, &s->fig[ids[i]])->escort, -1);
	}
	assert_int_equal(n_events(&ev, TW_EV_FREED), 3);
	assert_string_equal(ev.v[0].clause, "LW.MEL.12");
	// LW.MEL.13: freed men do not support, fight or crew until rearmed.
	assert_int_equal(lw_supporters(s, BLUE, ids, 1, NULL), 0);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_MEL_12_survivors_keep_seven_each(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 6, BLUE);
	int32_t ids[9];
	blue_prisoners(s, 9, 10, 30, ids);
	int e1 = tw_test_man(s, RED, INF, 10, 28);
	int e2 = tw_test_man(s, RED, INF, 16, 28);
	lw_assign_escorts(s, RED, ids, 9, NULL);
	int l1 = 0, l2 = 0;
	for (int i = 0; i < 9; i++) {
		l1 += LWF(s, &s->fig[ids[i]])->escort == e1;
		l2 += LWF(s, &s->fig[ids[i]])->escort == e2;
	}
	assert_int_equal(l1, 7);
	assert_int_equal(l2, 2);
	s->fig[e1].status = TW_FS_DEAD;
	tw_events ev = {0};
	lw_update_prisoners(s, &ev);
	// e2 can hold 7: 5 more go to him, the 2 furthest from him are freed.
	assert_int_equal(n_status(s, BLUE, LW_FS_PRISONER), 7);
	assert_int_equal(n_status(s, BLUE, LW_FS_FREED), 2);
	assert_int_equal(s->fig[ids[0]].status, LW_FS_FREED);
	assert_int_equal(s->fig[ids[1]].status, LW_FS_FREED);
	for (int i = 2; i < 9; i++)
		assert_int_equal(LWF(s, &s->fig[ids[i]])->escort, e2);
	assert_int_equal(n_events(&ev, TW_EV_ESCORT), 5);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_MEL_12_escort_out_of_reach_at_end_of_captors_move(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 7, RED);
	int32_t ids[2];
	blue_prisoners(s, 2, 10, 30, ids);
	int e = tw_test_man(s, RED, INF, 10, 28);
	lw_assign_escorts(s, RED, ids, 2, NULL);
	lw_update_prisoners(s, NULL);
	assert_int_equal(n_status(s, BLUE, LW_FS_PRISONER), 2);
	s->fig[e].pos = tw_v2(10, 18); // Red walks his escort away in his own move
	lw_update_prisoners(s, NULL);
	assert_int_equal(n_status(s, BLUE, LW_FS_FREED), 2);
	tw_test_free(s);
}

// ---- LW.MEL.13 ----

static void test_LW_MEL_13_freed_men_rearm_at_own_back_line(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 6, BLUE);
	int b = tw_test_man(s, BLUE, INF, 10, 95); // Blue's back line is y = 96
	s->fig[b].status = LW_FS_FREED;
	int r = tw_test_man(s, RED, INF, 20, 0.0); // Red's back line is y = 0
	s->fig[r].status = LW_FS_FREED;
	tw_events ev = {0};
	lw_update_prisoners(s, &ev);
	assert_int_equal(s->fig[b].status, LW_FS_FREED);
	assert_int_equal(s->fig[r].status, TW_FS_ACTIVE);
	int32_t body[1] = {b};
	assert_int_equal(lw_supporters(s, BLUE, body, 1, NULL), 0);
	s->fig[b].pos.y = 96.5;
	lw_update_prisoners(s, &ev);
	assert_int_equal(s->fig[b].status, TW_FS_ACTIVE);
	assert_int_equal(n_events(&ev, TW_EV_REARMED), 2);
	assert_string_equal(ev.v[0].clause, "LW.MEL.13");
	tw_events_free(&ev);
	tw_test_free(s);
}

// ---- LW.MEL.14 ----

static void test_LW_MEL_14_delivered_at_captors_back_line(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 7, RED);
	int32_t ids[2];
	blue_prisoners(s, 2, 10, 1, ids);
	int e = tw_test_man(s, RED, INF, 12, 1);
	lw_assign_escorts(s, RED, ids, 2, NULL);
	s->fig[ids[0]].pos.y = 0; // brought to Red's back line
	tw_events ev = {0};
	lw_update_prisoners(s, &ev);
	assert_int_equal(s->fig[ids[0]].status, LW_FS_DELIVERED);
	assert_int_equal(LWF(s, &s->fig[ids[0]])->escort, -1);
	assert_int_equal(s->fig[ids[1]].status, LW_FS_PRISONER);
	assert_int_equal(n_events(&ev, TW_EV_DELIVERED), 1);
	assert_string_equal(ev.v[0].clause, "LW.MEL.14");
	// Delivered prisoners can no longer be freed.
	s->fig[e].status = TW_FS_DEAD;
	lw_update_prisoners(s, &ev);
	assert_int_equal(s->fig[ids[0]].status, LW_FS_DELIVERED);
	assert_int_equal(s->fig[ids[1]].status, LW_FS_FREED);
	tw_events_free(&ev);
	tw_test_free(s);
}

// ---- LW.MEL.16 ----

static void test_LW_MEL_16_isolated_body_surrenders(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 6, BLUE);
	int b0 = tw_test_row(s, BLUE, INF, 4, 10, 60, 0.7);
	tw_test_man(s, BLUE, INF, 10, 70); // 1 supporter: 4 need 2
	tw_order o;
	tw_order_init(&o, LW_OT_SURRENDER, BLUE);
	for (int i = 0; i < 4; i++)
		o.fig[o.nfig++] = b0 + i;
	tw_error err;
	tw_error_clear(&err);
	assert_int_equal(lw_validate_surrender(s, &o, &err), TW_OK);
	tw_events ev = {0};
	assert_int_equal(lw_apply_surrender(s, &o, &ev), TW_OK);
	for (int i = 0; i < 4; i++) {
		const tw_figure *f = &s->fig[b0 + i];
		assert_int_equal(f->status, LW_FS_PRISONER);
		assert_int_equal(LWF(s, f)->captor, RED);
		assert_int_equal(LWF(s, f)->escort, -1);
		assert_true(LWF(s, f)->marks & LW_MARK_SURRENDERED);
	}
	assert_int_equal(n_events(&ev, TW_EV_SURRENDER), 4);
	assert_string_equal(ev.v[0].clause, "LW.MEL.16");
	// No escort needed: they stay prisoners where they stand.
	lw_update_prisoners(s, &ev);
	s->mover = RED;
	s->move_no++;
	lw_update_prisoners(s, &ev);
	assert_int_equal(n_status(s, BLUE, LW_FS_PRISONER), 4);
	// A Red man comes within 6 in: he becomes their escort.
	int r = tw_test_man(s, RED, CAV, 11, 55);
	tw_events_clear(&ev);
	lw_update_prisoners(s, &ev);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(LWF(s, &s->fig[b0 + i])->escort, r);
		assert_false(LWF(s, &s->fig[b0 + i])->marks & LW_MARK_SURRENDERED);
	}
	assert_int_equal(n_events(&ev, TW_EV_ESCORT), 4);
	// From then on LW.MEL.12 applies: kill the escort and they are freed.
	s->fig[r].status = TW_FS_DEAD;
	lw_update_prisoners(s, &ev);
	assert_int_equal(n_status(s, BLUE, LW_FS_FREED), 4);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_MEL_16_supported_body_may_not_surrender(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 6, BLUE);
	int b0 = tw_test_row(s, BLUE, INF, 4, 10, 60, 0.7);
	tw_test_row(s, BLUE, INF, 2, 10, 70, 0.7); // 2 supporters: 4 are supported
	int red = tw_test_man(s, RED, INF, 30, 30);
	int dead = tw_test_man(s, BLUE, INF, 40, 90);
	s->fig[dead].status = TW_FS_DEAD;
	tw_order o;
	tw_order_init(&o, LW_OT_SURRENDER, BLUE);
	for (int i = 0; i < 4; i++)
		o.fig[o.nfig++] = b0 + i;
	tw_error err;
	tw_error_clear(&err);
	uint64_t h = tw_state_hash(s);
	assert_int_equal(lw_validate_surrender(s, &o, &err), TW_ERR_ILLEGAL);
	assert_string_equal(err.clause, "LW.MEL.16");
	assert_non_null(strstr(err.message, "2 supporters"));
	assert_int_not_equal(lw_apply_surrender(s, &o, NULL), TW_OK);
	assert_int_equal(tw_state_hash(s), h);
	// Another side's man, or a dead man, cannot surrender in this order.
	tw_order_init(&o, LW_OT_SURRENDER, BLUE);
	o.fig[o.nfig++] = red;
	assert_int_equal(lw_validate_surrender(s, &o, &err), TW_ERR_ILLEGAL);
	assert_string_equal(err.clause, "LW.MEL.16");
	o.fig[0] = dead;
	assert_int_equal(lw_validate_surrender(s, &o, &err), TW_ERR_ILLEGAL);
	o.nfig = 0;
	assert_int_not_equal(lw_validate_surrender(s, &o, &err), TW_OK);
	tw_test_free(s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_LW_MEL_10_prisoners_wait_for_captors_next_move),
	    cmocka_unit_test(test_LW_MEL_10_prisoners_taken_in_a_move_not_moved_in_it),
	    cmocka_unit_test(test_LW_MEL_12_freed_men_not_moved_before_their_sides_next_move),
	    cmocka_unit_test(test_LW_MEL_11_one_escort_per_seven),
	    cmocka_unit_test(test_LW_MEL_11_nearest_man_escorts),
	    cmocka_unit_test(test_LW_MEL_12_escort_killed_frees_prisoners),
	    cmocka_unit_test(test_LW_MEL_12_survivors_keep_seven_each),
	    cmocka_unit_test(test_LW_MEL_12_escort_out_of_reach_at_end_of_captors_move),
	    cmocka_unit_test(test_LW_MEL_13_freed_men_rearm_at_own_back_line),
	    cmocka_unit_test(test_LW_MEL_14_delivered_at_captors_back_line),
	    cmocka_unit_test(test_LW_MEL_16_isolated_body_surrenders),
	    cmocka_unit_test(test_LW_MEL_16_supported_body_may_not_surrender),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
