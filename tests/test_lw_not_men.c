// Waggons and carts are not men (issue 18 lw-box): they take no part in melee (LW.MEL.2/4), make
// no prisoners and are none (LW.MEL.11/16), crew no gun (LW.MOB.4), capture no gun (LW.CAP.1),
// and count in no draw, victory or score count (LW.VAR.1-4, LW.VAR.2). Exact values.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <string.h>

#include "rules/littlewars/lw_waggons.h"
#include "scene.h"

static int waggon(tw_state *s, int side, double x, double y)
{
	int id = tw_test_man(s, side, TW_FK_WAGGON, x, y);
	s->fig[id].radius = LW_WAGGON_RADIUS;
	s->fig[id].height = LW_WAGGON_HEIGHT;
	LWF(s, &s->fig[id])->arm = LW_ARM_TS;
	return id;
}

static int melees(const tw_events *ev)
{
	int n = 0;
	for (int i = 0; i < ev->n; i++)
		if (ev->v[i].type == TW_EV_MELEE)
			n++;
	return n;
}

// LW.MEL.2: a red infantryman touching a blue waggon is in no melee: the waggon is not a man.
// The same man touching a blue infantryman is (the control).
static void test_LW_MEL_2_a_waggon_is_no_melee(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(200, 200, 3, 0);
	LWG(s)->draw_at = 1;
	tw_test_man(s, 0, TW_FK_INFANTRY, 100, 100);
	int w = waggon(s, 1, 100, 100 + 0.3 + LW_WAGGON_RADIUS + 0.05);
	tw_test_man(s, 1, TW_FK_INFANTRY, 10, 190);
	tw_events ev = {0};
	tw_error err = {0};
	assert_int_equal(lw_judge_melees(s, NULL, false, &ev, &err), TW_OK);
	assert_int_equal(melees(&ev), 0);
	assert_int_equal(s->fig[w].status, TW_FS_ACTIVE);
	assert_int_equal(s->fig[0].status, TW_FS_ACTIVE);
	tw_events_free(&ev);
	// Control: a man where the waggon was is in melee.
	tw_state *t = tw_test_lw_state(200, 200, 3, 0);
	LWG(t)->draw_at = 1;
	tw_test_man(t, 0, TW_FK_INFANTRY, 100, 100);
	tw_test_man(t, 1, TW_FK_INFANTRY, 100, 100.65);
	tw_events ev2 = {0};
	assert_int_equal(lw_judge_melees(t, NULL, false, &ev2, &err), TW_OK);
	assert_int_equal(melees(&ev2), 1);
	tw_events_free(&ev2);
	tw_test_free(t);
	tw_test_free(s);
}

// LW.MEL.4 / LW.MEL.1: a waggon within 6 in of a man in contact is no participant and no
// supporter: one red man against one blue man with a red waggon 2 in behind is still one against
// one (both die, LW.MEL.6), and the waggon stands.
static void test_LW_MEL_4_a_waggon_does_not_join(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(200, 200, 3, 0);
	LWG(s)->draw_at = 1;
	tw_test_man(s, 0, TW_FK_INFANTRY, 100, 100);
	tw_test_man(s, 1, TW_FK_INFANTRY, 100, 100.65);
	int w = waggon(s, 0, 100, 97);
	tw_test_man(s, 1, TW_FK_INFANTRY, 10, 190);
	tw_events ev = {0};
	tw_error err = {0};
	assert_int_equal(lw_judge_melees(s, NULL, false, &ev, &err), TW_OK);
	assert_int_equal(melees(&ev), 1);
	assert_int_equal(s->fig[0].status, TW_FS_DEAD);
	assert_int_equal(s->fig[1].status, TW_FS_DEAD);
	assert_int_equal(s->fig[w].status, TW_FS_ACTIVE);
	assert_int_equal(tw_state_count(s, 0, LW_FS_PRISONER) + tw_state_count(s, 1, LW_FS_PRISONER), 0);
	tw_events_free(&ev);
	tw_test_free(s);
}

// LW.MEL.16: a waggon cannot surrender (it is not a man): refused, the state unchanged.
static void test_LW_MEL_16_a_waggon_does_not_surrender(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(200, 200, 3, 0);
	LWG(s)->draw_at = 1;
	int w = waggon(s, 0, 100, 100);
	tw_test_man(s, 1, TW_FK_INFANTRY, 100, 102);
	tw_order *o = tw_test_order(LW_OT_SURRENDER, 0);
	o->fig[o->nfig++] = w;
	tw_test_expect_refused(s, o, "LW.MEL.16");
	tw_test_free(s);
}

// LW.MOB.4: a waggon within 6 in of a gun is no crew: three men and a waggon are three.
static void test_LW_MOB_4_a_waggon_is_no_crew(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(200, 200, 3, 0);
	int g = tw_test_gun(s, 0, 100, 50, 0);
	tw_test_row(s, 0, TW_FK_INFANTRY, 3, 96, 48, 2);
	waggon(s, 0, 104, 48);
	assert_int_equal(lw_gun_crew_count(s, tw_state_gun_c(s, g), 0), 3);
	tw_test_free(s);
}

// LW.VAR.1/3, LW.VAR.2: a side with only waggons left has no free man on the field (it has lost),
// and its waggons score nothing.
static void test_LW_VAR_1_waggons_are_not_the_field(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(200, 200, 3, 0);
	LWG(s)->draw_at = 1;
	tw_test_man(s, 0, TW_FK_INFANTRY, 100, 20);
	waggon(s, 1, 100, 180);
	waggon(s, 1, 110, 180);
	assert_int_equal(lw_free_on_field(s, 0), 1);
	assert_int_equal(lw_free_on_field(s, 1), 0);
	double pts[TW_MAX_SIDES];
	lw_score(s, pts);
	assert_true(pts[0] == 1.0);
	assert_true(pts[1] == 0.0);
	tw_events ev = {0};
	lw_check_end(s, &ev);
	assert_true(s->over);
	assert_int_equal(s->winner, 0);
	tw_events_free(&ev);
	tw_test_free(s);
}

// LW.VAR.3: the draw count is of men: 14 men and 5 waggons a side are fewer than 15.
static void test_LW_VAR_3_draw_count_of_men(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(400, 200, 3, 0);
	tw_test_row(s, 0, TW_FK_INFANTRY, 14, 10, 20, 2);
	tw_test_row(s, 1, TW_FK_INFANTRY, 14, 10, 180, 2);
	for (int k = 0; k < 5; k++) {
		waggon(s, 0, 100 + 5 * k, 20);
		waggon(s, 1, 100 + 5 * k, 180);
	}
	assert_int_equal(lw_free_on_field(s, 0), 14);
	tw_events ev = {0};
	lw_check_end(s, &ev);
	assert_true(s->over);
	assert_int_equal(s->winner, -2);
	tw_events_free(&ev);
	tw_test_free(s);
}

// LW.CAP.1 by analogy (lw-box reading): a waggon touched by an enemy man with no man of its own
// side within 6 in is taken and destroyed at the end of the move; guarded (a blue man 4 in off)
// it stands.
static void test_LW_CAP_1_unguarded_waggon_is_taken(void **state)
{
	(void)state;
	for (int guard = 0; guard < 2; guard++) {
		tw_state *s = tw_test_lw_state(200, 200, 3, 0);
		LWG(s)->draw_at = 1;
		tw_test_man(s, 0, TW_FK_INFANTRY, 100, 100);
		int w = waggon(s, 1, 100, 100 + 0.3 + LW_WAGGON_RADIUS + 0.05);
		tw_test_man(s, 1, TW_FK_INFANTRY, guard ? 104 : 10, guard ? 101.15 : 190);
		tw_events ev = {0};
		assert_int_equal(lw_take_waggons(s, &ev), guard ? 0 : 1);
		assert_int_equal(s->fig[w].status, guard ? TW_FS_ACTIVE : TW_FS_DEAD);
		tw_events_free(&ev);
		tw_test_free(s);
	}
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_LW_MEL_2_a_waggon_is_no_melee),
		cmocka_unit_test(test_LW_MEL_4_a_waggon_does_not_join),
		cmocka_unit_test(test_LW_MEL_16_a_waggon_does_not_surrender),
		cmocka_unit_test(test_LW_MOB_4_a_waggon_is_no_crew),
		cmocka_unit_test(test_LW_VAR_1_waggons_are_not_the_field),
		cmocka_unit_test(test_LW_VAR_3_draw_count_of_men),
		cmocka_unit_test(test_LW_CAP_1_unguarded_waggon_is_taken),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
