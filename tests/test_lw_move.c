// Little Wars: moving men and guns, the move's order and the clock
// (LW.MOB.1-15, LW.MV.3, LW.MV.6-12, LW.C.3-8, LW.EX.5, LW.EX.11, LW.EX.12).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rules/littlewars/lw.h"
#include "scene.h"

#define ord tw_test_order
#define apply tw_test_apply
#define expect_refused tw_test_expect_refused

static void move1(tw_order *o, int id, double x, double y)
{
	o->fig[0] = id;
	o->nfig = 1;
	o->path[0] = tw_v2(x, y);
	o->npath = 1;
}

static void test_LW_MOB_2_infantry_moves_12_inches(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(72, 48, 3, 0);
	int a = tw_test_man(s, 0, TW_FK_INFANTRY, 10, 10);
	tw_order *o = ord(LW_OT_MOVE, 0);
	move1(o, a, 10, 22.01);
	expect_refused(s, o, "LW.MOB.2");
	move1(o, a, 10, 22);
	tw_error err;
	assert_int_equal(apply(s, o, &err), TW_OK);
	assert_true(fabs(s->fig[a].pos.y - 22) < 1e-12);
	tw_test_free(s);
}

static void test_LW_MOB_3_cavalry_moves_24_inches(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(72, 48, 3, 0);
	int a = tw_test_man(s, 0, TW_FK_CAVALRY, 10, 10);
	tw_order *o = ord(LW_OT_MOVE, 0);
	move1(o, a, 10, 34.5);
	expect_refused(s, o, "LW.MOB.3");
	move1(o, a, 10, 34);
	tw_error err;
	assert_int_equal(apply(s, o, &err), TW_OK);
	tw_test_free(s);
}

static void test_LW_MOB_1_length_is_measured_along_the_path_round_obstacles(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(72, 48, 3, 0);
	tw_test_box(s, TW_TER_HOUSE, 8, 14, 12, 18, 5);
	int a = tw_test_man(s, 0, TW_FK_INFANTRY, 10, 12);
	tw_order *o = ord(LW_OT_MOVE, 0);
	move1(o, a, 10, 20); // straight through the house
	expect_refused(s, o, "LW.MOB.1");
	// Round it: 12 -> (13,12) -> (13,20) -> (10,20): 3 + 8 + 3 = 14 > 12.
	o->path[0] = tw_v2(13, 12);
	o->path[1] = tw_v2(13, 20);
	o->path[2] = tw_v2(10, 20);
	o->npath = 3;
	expect_refused(s, o, "LW.MOB.2");
	o->path[2] = tw_v2(13, 21);
	o->npath = 3;
	o->path[1] = tw_v2(13, 19);
	o->npath = 2; // 3 + 7 = 10 in along the bend
	tw_error err;
	assert_int_equal(apply(s, o, &err), TW_OK);
	tw_test_free(s);
}

static void test_LW_C_4_no_man_inside_a_house(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(72, 48, 3, 0);
	tw_test_box(s, TW_TER_HOUSE, 8, 14, 12, 18, 5);
	int a = tw_test_man(s, 0, TW_FK_INFANTRY, 10, 8);
	tw_order *o = ord(LW_OT_MOVE, 0);
	move1(o, a, 10, 16);
	expect_refused(s, o, "LW.MOB.1"); // the path enters it first
	o->has_at = true;
	o->at[0] = tw_v2(10, 16);
	expect_refused(s, o, "LW.MOB.1");
	tw_test_free(s);
}

// Clauses: LW.MOB.14 LW.MOB.15
static void test_LW_MOB_14_clear_of_objects_and_LW_MOB_15_men_not_touching(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(72, 48, 3, 0);
	tw_test_box(s, TW_TER_WALL, 20, 20, 30, 20.5, 1);
	int a = tw_test_man(s, 0, TW_FK_INFANTRY, 25, 15);
	int b = tw_test_man(s, 0, TW_FK_INFANTRY, 36, 15);
	tw_order *o = ord(LW_OT_MOVE, 0);
	move1(o, a, 25, 19.67); // 0.03 in from the wall: closer than 1/16 in
	expect_refused(s, o, "LW.MOB.14");
	move1(o, a, 35.35, 15); // 0.05 in from b: touching
	expect_refused(s, o, "LW.MOB.15");
	move1(o, a, 35.3, 15); // 0.1 in gap: fine
	tw_error err;
	assert_int_equal(apply(s, o, &err), TW_OK);
	(void)b;
	tw_test_free(s);
}

static void test_LW_MEL_2_contact_within_an_eighth_and_stays(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(72, 48, 3, 0);
	int a = tw_test_man(s, 0, TW_FK_INFANTRY, 10, 10);
	int e = tw_test_man(s, 1, TW_FK_INFANTRY, 10, 20);
	tw_order *o = ord(LW_OT_MOVE, 0);
	move1(o, a, 10, 19.35); // gap 0.05: contact, may not overlap
	tw_error err;
	assert_int_equal(apply(s, o, &err), TW_OK);
	assert_true(LWF(s, &s->fig[a])->marks & LW_MARK_CONTACT);
	move1(o, a, 10, 12);
	expect_refused(s, o, "LW.MEL.2");
	(void)e;
	tw_test_free(s);
}

static void test_LW_MV_12_each_man_moves_once(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(72, 48, 3, 0);
	int a = tw_test_man(s, 0, TW_FK_INFANTRY, 10, 10);
	tw_order *o = ord(LW_OT_MOVE, 0);
	move1(o, a, 10, 14);
	tw_error err;
	assert_int_equal(apply(s, o, &err), TW_OK);
	move1(o, a, 10, 16);
	expect_refused(s, o, "LW.MV.12");
	// Not the other side's man, and not in the other side's move.
	int b = tw_test_man(s, 1, TW_FK_INFANTRY, 30, 30);
	move1(o, b, 30, 28);
	expect_refused(s, o, "LW.MV.12");
	tw_order *o2 = ord(LW_OT_MOVE, 1);
	move1(o2, b, 30, 28);
	expect_refused(s, o2, "LW.MV.12");
	tw_test_free(s);
}

static void test_LW_MV_3_first_move_measured_from_the_back_line(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(72, 48, 1, 0);
	int a = tw_test_man(s, 0, TW_FK_INFANTRY, 10, 4); // put down 4 in in front of the line
	tw_order *o = ord(LW_OT_MOVE, 0);
	move1(o, a, 10, 13); // 9 in, plus 4 from the line = 13 > 12
	expect_refused(s, o, "LW.MOB.2");
	move1(o, a, 10, 12); // 8 + 4 = 12
	tw_error err;
	assert_int_equal(apply(s, o, &err), TW_OK);
	tw_test_free(s);
}

// Clauses: LW.C.3 LW.VAR.1
static void test_LW_C_3_back_lines_and_LW_VAR_1_withdrawal(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(72, 48, 5, 0);
	assert_true(lw_beyond_own_line(s, 0, tw_v2(5, -0.1)));
	assert_false(lw_beyond_own_line(s, 0, tw_v2(5, 0.1)));
	assert_true(lw_beyond_own_line(s, 1, tw_v2(5, 48.2)));
	assert_true(lw_on_enemy_line(s, 0, tw_v2(5, 48)));
	assert_false(lw_on_enemy_line(s, 0, tw_v2(5, 47.9)));
	int a = tw_test_man(s, 0, TW_FK_INFANTRY, 10, 5);
	s->fig[a].moved_in = 1;
	tw_order *o = ord(LW_OT_MOVE, 0);
	move1(o, a, 10, -1);
	tw_error err;
	assert_int_equal(apply(s, o, &err), TW_OK);
	assert_int_equal(s->fig[a].status, LW_FS_WITHDRAWN);
	tw_test_free(s);
}

// A gun with `crew` men round it for side 0 at (30, 20), pointing at blue.
static tw_state *gun_scene(int crew, int kind, int move_no)
{
	tw_state *s = tw_test_lw_state(72, 72, move_no, 0);
	tw_test_gun(s, 0, 30, 20, 0);
	tw_test_row(s, 0, kind, crew, 27, 16, 1.3);
	return s;
}

static void test_LW_MOB_4_gun_needs_four_men_within_6(void **st)
{
	(void)st;
	tw_state *s = gun_scene(3, TW_FK_INFANTRY, 3);
	tw_order *o = ord(LW_OT_FIRE, 0);
	o->gun = 0;
	o->has_aim = true;
	o->bearing = 0;
	o->elevation = 5;
	expect_refused(s, o, "LW.MOB.4");
	assert_int_equal(lw_gun_crew_count(s, &s->gun[0], 0), 3);
	// A prisoner does not count (LW.MOB.4 Interpretation).
	int p = tw_test_man(s, 0, TW_FK_INFANTRY, 33, 17);
	s->fig[p].status = LW_FS_PRISONER;
	LWF(s, &s->fig[p])->captor = 1;
	expect_refused(s, o, "LW.MOB.4");
	s->fig[p].status = TW_FS_ACTIVE;
	LWF(s, &s->fig[p])->captor = -1;
	assert_true(lw_gun_in_action(s, &s->gun[0], 0));
	tw_error err;
	assert_int_equal(apply(s, o, &err), TW_OK);
	tw_test_free(s);
}

static void test_LW_MV_10_no_fire_before_the_first_players_second_move(void **st)
{
	(void)st;
	for (int m = 1; m <= 3; m++) {
		tw_state *s = gun_scene(5, TW_FK_INFANTRY, m);
		s->mover = (int8_t)((m - 1) % 2 == 0 ? 0 : 1);
		if (s->mover == 1) {
			s->gun[0].side = s->gun[0].orig_side = 1;
			for (int i = 0; i < s->nfig; i++)
				s->fig[i].side = 1;
		}
		tw_order *o = ord(LW_OT_FIRE, s->mover);
		o->gun = 0;
		o->has_aim = true;
		o->bearing = 0;
		o->elevation = 5;
		if (m < 3) {
			expect_refused(s, o, "LW.MV.10");
		} else {
			tw_error err;
			assert_int_equal(apply(s, o, &err), TW_OK);
		}
		tw_test_free(s);
	}
}

// Clauses: LW.MOB.5 LW.MOB.6
static void test_LW_MOB_5_move_or_fire_not_both_and_LW_MOB_6_four_shots(void **st)
{
	(void)st;
	tw_state *s = gun_scene(6, TW_FK_INFANTRY, 3);
	tw_order *o = ord(LW_OT_FIRE, 0);
	o->gun = 0;
	o->has_aim = true;
	o->bearing = 90;
	o->elevation = 3;
	tw_error err;
	for (int k = 0; k < 4; k++)
		assert_int_equal(apply(s, o, &err), TW_OK);
	assert_int_equal(s->gun[0].shots, 4);
	expect_refused(s, o, "LW.MOB.6");
	tw_order *m = ord(LW_OT_GUN_MOVE, 0);
	m->gun = 0;
	m->path[0] = tw_v2(30, 25);
	m->npath = 1;
	for (int i = 0; i < 4; i++)
		m->fig[m->nfig++] = i;
	expect_refused(s, m, "LW.MOB.10"); // the trail is owed first
	tw_order *t = ord(LW_OT_TRAIL, 0);
	t->gun = 0;
	assert_int_equal(apply(s, t, &err), TW_OK);
	expect_refused(s, m, "LW.MOB.5");
	tw_test_free(s);
}

static void test_LW_MOB_7_swing_about_the_axle_as_terrain_allows(void **st)
{
	(void)st;
	tw_state *s = gun_scene(5, TW_FK_INFANTRY, 3);
	tw_test_box(s, TW_TER_HOUSE, 31.2, 18, 36, 22, 5); // right beside the gun
	tw_order *o = ord(LW_OT_FIRE, 0);
	o->gun = 0;
	o->has_aim = true;
	o->bearing = 90; // the muzzle would swing into the house
	o->elevation = 5;
	expect_refused(s, o, "LW.MOB.7");
	o->bearing = 0;
	o->elevation = 60; // beyond the screw
	expect_refused(s, o, "LW.MOB.7");
	o->elevation = 5;
	tw_error err;
	assert_int_equal(apply(s, o, &err), TW_OK);
	tw_test_free(s);
}

static void test_LW_MOB_9_gun_stays_laid_along_its_last_shot(void **st)
{
	(void)st;
	tw_state *s = gun_scene(5, TW_FK_INFANTRY, 3);
	tw_order *o = ord(LW_OT_FIRE, 0);
	o->gun = 0;
	o->has_aim = true;
	o->bearing = 20;
	o->elevation = 7.5;
	tw_error err;
	assert_int_equal(apply(s, o, &err), TW_OK);
	assert_true(fabs(s->gun[0].elevation - 7.5) < 1e-12);
	assert_true(fabs(s->gun[0].bearing - 20) < 1e-12);
	tw_test_free(s);
}

static void test_LW_MOB_8_lie_down_for_the_gun_then_stand(void **st)
{
	(void)st;
	tw_state *s = gun_scene(5, TW_FK_INFANTRY, 3);
	int front = tw_test_man(s, 0, TW_FK_INFANTRY, 30, 40); // in front of the gun
	int far = tw_test_man(s, 0, TW_FK_INFANTRY, 60, 5);    // neither crew nor in front
	tw_order *o = ord(LW_OT_LIE_DOWN, 0);
	o->fig[0] = far;
	o->nfig = 1;
	expect_refused(s, o, "LW.MOB.8");
	o->fig[0] = front;
	o->fig[1] = 0;
	o->nfig = 2;
	tw_error err;
	assert_int_equal(apply(s, o, &err), TW_OK);
	assert_true(s->fig[front].flags & TW_FF_LYING);
	tw_order *f = ord(LW_OT_FIRE, 0);
	f->gun = 0;
	f->has_aim = true;
	f->bearing = 0;
	f->elevation = 12;
	assert_int_equal(apply(s, f, &err), TW_OK);
	tw_order *t = ord(LW_OT_TRAIL, 0);
	t->gun = 0;
	assert_int_equal(apply(s, t, &err), TW_OK);
	assert_false(s->fig[front].flags & TW_FF_LYING);
	tw_test_free(s);
}

// Clauses: LW.MOB.10 LW.EX.5
static void test_LW_MOB_10_trail_pair_and_LW_EX_5_cavalry_at_the_trail(void **st)
{
	(void)st;
	// LW.EX.5: no infantry can reach the trail, so two cavalry must stand there.
	tw_state *s = tw_test_lw_state(72, 72, 3, 0);
	tw_test_gun(s, 0, 30, 20, 0);
	tw_test_row(s, 0, TW_FK_CAVALRY, 4, 26, 22, 1.6); // crew within 6 in
	int inf = tw_test_man(s, 0, TW_FK_INFANTRY, 60, 60); // far away
	tw_order *f = ord(LW_OT_FIRE, 0);
	f->gun = 0;
	f->has_aim = true;
	f->bearing = 0;
	f->elevation = 10;
	tw_error err;
	assert_int_equal(apply(s, f, &err), TW_OK);
	tw_order *t = ord(LW_OT_TRAIL, 0);
	t->gun = 0;
	t->fig[0] = inf;
	t->fig[1] = 0;
	t->nfig = 2;
	expect_refused(s, t, "LW.MOB.10"); // the infantryman cannot reach
	// Men may not move until the trail pair is placed.
	tw_order *m = ord(LW_OT_MOVE, 0);
	move1(m, 3, 40, 30);
	expect_refused(s, m, "LW.MOB.10");
	t->fig[0] = 0;
	t->fig[1] = 1;
	assert_int_equal(apply(s, t, &err), TW_OK);
	tw_vec2 end = tw_gun_trail_end(&s->gun[0]);
	assert_true(fabs(tw_dist(s->fig[0].pos, end) - 0.9) < 1e-9);
	assert_true(fabs(tw_dist(s->fig[1].pos, end) - 0.9) < 1e-9);
	// On the lines straight back from the wheels: same y as the trail end (gun points +y).
	assert_true(fabs(s->fig[0].pos.y - end.y) < 1e-9 && fabs(s->fig[1].pos.y - end.y) < 1e-9);
	// They may not be moved again in this move, and still count as support.
	move1(m, 0, 30, 30);
	expect_refused(s, m, "LW.MV.12");
	int body[1] = {3};
	assert_int_equal(lw_supporters(s, 0, body, 1, NULL) >= 2, 1);
	tw_test_free(s);
}

// Clauses: LW.MOB.11 LW.MOB.13
static void test_LW_MOB_11_gun_moves_with_4_men_and_LW_MOB_13_24_in_with_cavalry(void **st)
{
	(void)st;
	tw_state *s = gun_scene(4, TW_FK_INFANTRY, 3);
	tw_order *m = ord(LW_OT_GUN_MOVE, 0);
	m->gun = 0;
	m->path[0] = tw_v2(30, 40);
	m->npath = 1;
	for (int i = 0; i < 3; i++)
		m->fig[m->nfig++] = i;
	expect_refused(s, m, "LW.MOB.11");
	m->fig[m->nfig++] = 3;
	expect_refused(s, m, "LW.MOB.13"); // 20 in with infantry
	m->path[0] = tw_v2(30, 32);
	tw_error err;
	assert_int_equal(apply(s, m, &err), TW_OK);
	// LW.MOB.12: set down trail first, the muzzle pointing back the way it came.
	assert_true(fabs(s->gun[0].bearing - 180) < 1e-9);
	for (int i = 0; i < 4; i++)
		assert_true(tw_gun_distance(&s->gun[0], s->fig[i].pos) <= 6.0);
	tw_test_free(s);
	s = gun_scene(4, TW_FK_CAVALRY, 3);
	m->path[0] = tw_v2(30, 43);
	assert_int_equal(apply(s, m, &err), TW_OK);
	tw_test_free(s);
}

static void test_LW_MV_11_guns_first(void **st)
{
	(void)st;
	tw_state *s = gun_scene(5, TW_FK_INFANTRY, 3);
	int a = tw_test_man(s, 0, TW_FK_INFANTRY, 50, 10);
	tw_order *m = ord(LW_OT_MOVE, 0);
	move1(m, a, 50, 15);
	tw_error err;
	assert_int_equal(apply(s, m, &err), TW_OK);
	tw_order *f = ord(LW_OT_FIRE, 0);
	f->gun = 0;
	f->has_aim = true;
	f->bearing = 0;
	f->elevation = 5;
	expect_refused(s, f, "LW.MV.11");
	tw_test_free(s);
}

// Clauses: LW.MV.6 LW.EX.12
static void test_LW_MV_6_allowance_and_LW_EX_12_seven_minutes(void **st)
{
	(void)st;
	assert_int_equal(lw_allowance_formula(110, 3), 7);
	assert_int_equal(lw_allowance_formula(30, 0), 1);
	assert_int_equal(lw_allowance_formula(31, 1), 3);
	tw_state *s = tw_test_lw_state(72, 48, 3, 0);
	tw_test_row(s, 0, TW_FK_INFANTRY, 40, 2, 5, 0.9);
	tw_test_gun(s, 0, 30, 10, 0);
	assert_true(fabs(lw_move_allowance_minutes(s, 0) - 3.0) < 1e-12);
	s->params[LWP_TIME_SCALE] = 0.5; // an agreed cut
	assert_true(fabs(lw_move_allowance_minutes(s, 0) - 1.5) < 1e-12);
	tw_test_free(s);
}

static int count_events(const tw_events *ev, int type, const char *clause)
{
	int n = 0;
	for (int i = 0; i < ev->n; i++)
		if (ev->v[i].type == type && (!clause || strcmp(ev->v[i].clause, clause) == 0))
			n++;
	return n;
}

// Clauses: LW.MV.7 LW.MV.8 LW.MV.9
static void test_LW_MV_7_time_stops_the_move_LW_MV_8_interval_LW_MV_9_melee_time(void **st)
{
	(void)st;
	tw_state *s = gun_scene(5, TW_FK_INFANTRY, 3);
	s->params[LWP_INTERVAL] = 4;
	tw_test_row(s, 1, TW_FK_INFANTRY, 5, 27, 60, 1.3);
	LWG(s)->draw_at = 1; // not a draw by numbers in this small scene
	tw_vec2 before = s->fig[4].pos;
	tw_events ev = {0};
	tw_apply_ctx ctx = {tw_shot_model_fast()};
	tw_error err;
	// "Time": the move ends; what was not handled stays where it is, shots not fired are lost.
	assert_int_equal(tw_state_apply(s, ord(LW_OT_END_MOVE, 0), &ctx, &ev, &err), TW_OK);
	assert_true(s->fig[4].pos.x == before.x && s->fig[4].pos.y == before.y);
	assert_int_equal(s->mover, 1);
	assert_int_equal(s->move_no, 4);
	assert_int_equal(count_events(&ev, TW_EV_MOVE_END, "LW.MV.8"), 1);
	for (int i = 0; i < ev.n; i++)
		if (ev.v[i].type == TW_EV_MOVE_END) {
			assert_true(ev.v[i].v == 4.0);
			assert_non_null(strstr(ev.v[i].text, "LW.MV.9"));
		}
	assert_int_equal(count_events(&ev, TW_EV_MOVE_START, "LW.MV.6"), 1);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_EX_11_timing_of_fire(void **st)
{
	(void)st;
	// Move 1 (Red) and 2 (Blue): no firing; 3 (Red) may fire; 4 (Blue) may fire.
	tw_state *s = tw_test_lw_state(72, 72, 1, 0);
	LWG(s)->first = 0;
	tw_test_gun(s, 0, 30, 20, 0);
	tw_test_row(s, 0, TW_FK_INFANTRY, 5, 27, 16, 1.3);
	tw_test_gun(s, 1, 30, 52, 180);
	tw_test_row(s, 1, TW_FK_INFANTRY, 5, 27, 56, 1.3);
	LWG(s)->draw_at = 1; // not a draw by numbers in this small scene
	tw_error err;
	for (int m = 1; m <= 4; m++) {
		int side = (m - 1) % 2;
		assert_int_equal(s->move_no, m);
		tw_order *f = ord(LW_OT_FIRE, side);
		f->gun = side;
		f->has_aim = true;
		f->bearing = side == 0 ? 90 : 270;
		f->elevation = 2;
		if (m < 3)
			expect_refused(s, f, "LW.MV.10");
		else
			assert_int_equal(apply(s, f, &err), TW_OK);
		assert_int_equal(apply(s, ord(LW_OT_END_MOVE, side), &err), TW_OK);
	}
	tw_test_free(s);
}

// Clauses: LW.C.5 LW.C.6 LW.C.7 LW.C.8
static void test_LW_C_5_to_8_the_country_is_never_disturbed(void **st)
{
	(void)st;
	// LW.C.5-8: the program keeps the Country exactly; no order moves terrain (LW.C.6), nothing
	// can lie on it (LW.C.7) and nothing needs putting back (LW.C.8). Random play leaves it intact.
	tw_state *sc = tw_test_lw_scenario(96, 72, 30, 10, 2);
	tw_error err;
	tw_game *g = tw_game_new(sc, 77, NULL, &err);
	assert_non_null(g);
	tw_game_set_undo(g, false);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new("random", rs, 0, 77), tw_general_new("random", rs, 1, 77)};
	tw_play_out(g, gens, 20000, &err);
	const tw_state *s = tw_game_state(g);
	assert_int_equal(s->table.nterrain, sc->table.nterrain);
	assert_memory_equal(s->table.terrain, sc->table.terrain, (size_t)sc->table.nterrain * sizeof(tw_terrain));
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	tw_test_free(sc);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_LW_MOB_2_infantry_moves_12_inches),
		cmocka_unit_test(test_LW_MOB_3_cavalry_moves_24_inches),
		cmocka_unit_test(test_LW_MOB_1_length_is_measured_along_the_path_round_obstacles),
		cmocka_unit_test(test_LW_C_4_no_man_inside_a_house),
		cmocka_unit_test(test_LW_MOB_14_clear_of_objects_and_LW_MOB_15_men_not_touching),
		cmocka_unit_test(test_LW_MEL_2_contact_within_an_eighth_and_stays),
		cmocka_unit_test(test_LW_MV_12_each_man_moves_once),
		cmocka_unit_test(test_LW_MV_3_first_move_measured_from_the_back_line),
		cmocka_unit_test(test_LW_C_3_back_lines_and_LW_VAR_1_withdrawal),
		cmocka_unit_test(test_LW_MOB_4_gun_needs_four_men_within_6),
		cmocka_unit_test(test_LW_MV_10_no_fire_before_the_first_players_second_move),
		cmocka_unit_test(test_LW_MOB_5_move_or_fire_not_both_and_LW_MOB_6_four_shots),
		cmocka_unit_test(test_LW_MOB_7_swing_about_the_axle_as_terrain_allows),
		cmocka_unit_test(test_LW_MOB_9_gun_stays_laid_along_its_last_shot),
		cmocka_unit_test(test_LW_MOB_8_lie_down_for_the_gun_then_stand),
		cmocka_unit_test(test_LW_MOB_10_trail_pair_and_LW_EX_5_cavalry_at_the_trail),
		cmocka_unit_test(test_LW_MOB_11_gun_moves_with_4_men_and_LW_MOB_13_24_in_with_cavalry),
		cmocka_unit_test(test_LW_MV_11_guns_first),
		cmocka_unit_test(test_LW_MV_6_allowance_and_LW_EX_12_seven_minutes),
		cmocka_unit_test(test_LW_MV_7_time_stops_the_move_LW_MV_8_interval_LW_MV_9_melee_time),
		cmocka_unit_test(test_LW_EX_11_timing_of_fire),
		cmocka_unit_test(test_LW_C_5_to_8_the_country_is_never_disturbed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
