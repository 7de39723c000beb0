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

static int n_status(const tw_state *s, int side, int status)
{
	return tw_state_count(s, side, status);
}

static int n_events(const tw_events *ev, int type)
{
	int n = 0;
	for (int i = 0; i < ev->n; i++)
		if (ev->v[i].type == type)
			n++;
	return n;
}

// n Blue prisoners held by Red in a row at (x, y), 0.7 in apart; returns the first id.
static int blue_prisoners(tw_state *s, int n, double x, double y, int32_t *ids)
{
	int first = tw_test_row(s, BLUE, INF, n, x, y, 0.7);
	for (int i = 0; i < n; i++) {
		s->fig[first + i].status = TW_FS_PRISONER;
		s->fig[first + i].captor = RED;
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
		assert_int_equal(s->fig[ids[i]].escort, e);
	lw_update_prisoners(s, NULL); // end of Blue's move
	assert_int_equal(n_status(s, BLUE, TW_FS_PRISONER), 3);
	// In Red's next move he brings them together (the lead's movement code moves them).
	s->move_no++;
	s->mover = RED;
	s->fig[e].pos = tw_v2(10, 27);
	lw_update_prisoners(s, NULL);
	assert_int_equal(n_status(s, BLUE, TW_FS_PRISONER), 3);
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
		assert_true(p->escort >= e0 && p->escort < e0 + 4);
		assert_true(lw_gap(p, &s->fig[p->escort]) <= 6.0);
		load[p->escort]++;
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
	assert_int_equal(s->fig[ids[0]].escort, near);
	assert_int_equal(s->fig[ids[1]].escort, near);
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
	assert_int_equal(s->fig[ids[0]].escort, e);
	s->fig[e].status = TW_FS_DEAD; // shot in Blue's move
	tw_events ev = {0};
	lw_update_prisoners(s, &ev);
	assert_int_equal(n_status(s, BLUE, TW_FS_FREED), 3);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(s->fig[ids[i]].captor, -1);
		assert_int_equal(s->fig[ids[i]].escort, -1);
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
		l1 += s->fig[ids[i]].escort == e1;
		l2 += s->fig[ids[i]].escort == e2;
	}
	assert_int_equal(l1, 7);
	assert_int_equal(l2, 2);
	s->fig[e1].status = TW_FS_DEAD;
	tw_events ev = {0};
	lw_update_prisoners(s, &ev);
	// e2 can hold 7: 5 more go to him, the 2 furthest from him are freed.
	assert_int_equal(n_status(s, BLUE, TW_FS_PRISONER), 7);
	assert_int_equal(n_status(s, BLUE, TW_FS_FREED), 2);
	assert_int_equal(s->fig[ids[0]].status, TW_FS_FREED);
	assert_int_equal(s->fig[ids[1]].status, TW_FS_FREED);
	for (int i = 2; i < 9; i++)
		assert_int_equal(s->fig[ids[i]].escort, e2);
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
	assert_int_equal(n_status(s, BLUE, TW_FS_PRISONER), 2);
	s->fig[e].pos = tw_v2(10, 18); // Red walks his escort away in his own move
	lw_update_prisoners(s, NULL);
	assert_int_equal(n_status(s, BLUE, TW_FS_FREED), 2);
	tw_test_free(s);
}

// ---- LW.MEL.13 ----

static void test_LW_MEL_13_freed_men_rearm_at_own_back_line(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 6, BLUE);
	int b = tw_test_man(s, BLUE, INF, 10, 95); // Blue's back line is y = 96
	s->fig[b].status = TW_FS_FREED;
	int r = tw_test_man(s, RED, INF, 20, 0.0); // Red's back line is y = 0
	s->fig[r].status = TW_FS_FREED;
	tw_events ev = {0};
	lw_update_prisoners(s, &ev);
	assert_int_equal(s->fig[b].status, TW_FS_FREED);
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
	assert_int_equal(s->fig[ids[0]].status, TW_FS_DELIVERED);
	assert_int_equal(s->fig[ids[0]].escort, -1);
	assert_int_equal(s->fig[ids[1]].status, TW_FS_PRISONER);
	assert_int_equal(n_events(&ev, TW_EV_DELIVERED), 1);
	assert_string_equal(ev.v[0].clause, "LW.MEL.14");
	// Delivered prisoners can no longer be freed.
	s->fig[e].status = TW_FS_DEAD;
	lw_update_prisoners(s, &ev);
	assert_int_equal(s->fig[ids[0]].status, TW_FS_DELIVERED);
	assert_int_equal(s->fig[ids[1]].status, TW_FS_FREED);
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
		assert_int_equal(f->status, TW_FS_PRISONER);
		assert_int_equal(f->captor, RED);
		assert_int_equal(f->escort, -1);
		assert_true(f->flags & TW_FF_SURRENDERED);
	}
	assert_int_equal(n_events(&ev, TW_EV_SURRENDER), 4);
	assert_string_equal(ev.v[0].clause, "LW.MEL.16");
	// No escort needed: they stay prisoners where they stand.
	lw_update_prisoners(s, &ev);
	s->mover = RED;
	s->move_no++;
	lw_update_prisoners(s, &ev);
	assert_int_equal(n_status(s, BLUE, TW_FS_PRISONER), 4);
	// A Red man comes within 6 in: he becomes their escort.
	int r = tw_test_man(s, RED, CAV, 11, 55);
	tw_events_clear(&ev);
	lw_update_prisoners(s, &ev);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(s->fig[b0 + i].escort, r);
		assert_false(s->fig[b0 + i].flags & TW_FF_SURRENDERED);
	}
	assert_int_equal(n_events(&ev, TW_EV_ESCORT), 4);
	// From then on LW.MEL.12 applies: kill the escort and they are freed.
	s->fig[r].status = TW_FS_DEAD;
	lw_update_prisoners(s, &ev);
	assert_int_equal(n_status(s, BLUE, TW_FS_FREED), 4);
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
