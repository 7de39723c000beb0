// Guns in boxes (LW.BIG.2/3/4, issue 18 lw-box; lw_box_guns.c): a gun is boxed with its crew,
// moves with the box at its men's pace, is hidden from the enemy as boxed men are, cannot act or
// be taken while boxed, scores for its side, and is set out when the box is opened. Exact values;
// refusals name their clause and leave the state as it was.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <string.h>

#include "rules/littlewars/lw_big.h"
#include "rules/littlewars/lw_boxes.h"
#include "scene.h"

// The shared helpers (tests/support/scene.c) under this file's names.
#define ok tw_test_ok

// Red's gun 0 at (100, 30) with four cavalrymen round it (ids 0-3, 2 in behind the axle) and a
// fifth man far off (4); blue far away (5). Game move 3, red to move, no multiplier.
static tw_state *battery(void)
{
	tw_state *s = tw_test_lw_state(600, 400, 3, 0);
	LWG(s)->draw_at = 1;
	tw_test_gun(s, 0, 100, 30, 0);
	tw_test_row(s, 0, TW_FK_CAVALRY, 4, 98, 27, 1.2);
	tw_test_man(s, 0, TW_FK_INFANTRY, 400, 20);
	tw_test_man(s, 1, TW_FK_INFANTRY, 300, 390);
	return s;
}

static tw_order *box_gun(int n, int gun)
{
	tw_order *o = tw_test_order(LW_OT_BOX, 0);
	for (int i = 0; i < n; i++)
		o->fig[o->nfig++] = i;
	o->gun = gun;
	return o;
}

static tw_order *box_move(double x, double y)
{
	tw_order *o = tw_test_order(LW_OT_BOX_MOVE, 0);
	o->n = 0;
	o->npath = 1;
	o->path[0] = tw_v2(x, y);
	return o;
}

// LW.BIG.2: boxed with its crew the gun stands at the box (the men's middle), hidden from blue
// (his view has it at (-1, -1) and no `boxed` mark), seen by red; it may not act (refused naming
// LW.BIG.2); the box goes at the men's pace, 12 in, though its men are cavalry (24 in alone).
static void test_LW_BIG_2_gun_boxed_with_its_crew(void **state)
{
	(void)state;
	tw_state *s = battery();
	ok(s, box_gun(4, 0));
	tw_vec2 c = tw_v2(LWS(s, 0)->box_x[0], LWS(s, 0)->box_y[0]);
	assert_true(fabs(c.x - 99.8) < 1e-9 && c.y == 27.0);
	assert_true(s->gun[0].axle.x == c.x && s->gun[0].axle.y == c.y);
	assert_int_equal(LWGN(s, &s->gun[0])->boxed, 1);
	assert_int_equal(lw_held_guns(s, 0, LW_IN_BOX, 0), 1);
	tw_state v;
	assert_int_equal(tw_state_view(&v, s, 1), TW_OK);
	assert_true(v.gun[0].axle.x == -1 && v.gun[0].axle.y == -1);
	assert_int_equal(LWGN(&v, &v.gun[0])->boxed, 0);
	tw_state_free(&v);
	assert_int_equal(tw_state_view(&v, s, 0), TW_OK);
	assert_true(v.gun[0].axle.x == c.x);
	assert_int_equal(LWGN(&v, &v.gun[0])->boxed, 1);
	tw_state_free(&v);
	// It scores for red (LW.VAR.2: a gun held), though no man stands by it on the table.
	double pts[TW_MAX_SIDES];
	lw_score(s, pts);
	assert_true(pts[0] == 10.0 + 1.0);
	// No action while boxed.
	tw_order *m = tw_test_order(LW_OT_GUN_MOVE, 0);
	m->gun = 0;
	m->npath = 1;
	m->path[0] = tw_v2(100, 35);
	tw_test_expect_refused(s, m, "LW.BIG.2");
	// A boxed gun is off the table: a man may stand where its axle is (no LW.MOB.14, which would
	// tell the enemy a gun is in the box).
	tw_error e2 = {0};
	assert_int_equal(lw_check_standing(s, &s->fig[5], c, &e2), TW_OK);
	// The box: 12 in (the gun's men's pace), not the cavalry's 24.
	tw_test_expect_refused(s, box_move(c.x, c.y + 12.5), "LW.BIG.2");
	ok(s, box_move(c.x, c.y + 12));
	assert_true(s->gun[0].axle.y == c.y + 12);
	tw_test_free(s);
}

// LW.BIG.3: opened by its owner, the gun stands 3 in to the right of the men's square (2 x 2,
// 1.25 in apart), seen again, and that was its move.
static void test_LW_BIG_3_unbox_sets_the_gun_out(void **state)
{
	(void)state;
	tw_state *s = battery();
	ok(s, box_gun(4, 0));
	tw_vec2 c = tw_v2(LWS(s, 0)->box_x[0], LWS(s, 0)->box_y[0]);
	tw_order *u = tw_test_order(LW_OT_UNBOX, 0);
	u->n = 0;
	ok(s, u);
	assert_true(fabs(s->gun[0].axle.x - (c.x + 1.25 + 3.0)) < 1e-9 && s->gun[0].axle.y == c.y);
	assert_int_equal(LWGN(s, &s->gun[0])->boxed, 0);
	assert_false(s->gun[0].flags & TW_FF_HIDDEN);
	assert_int_equal(s->gun[0].acted_in, 3);
	assert_int_equal(LWS(s, 0)->nbox, 0);
	tw_test_free(s);
}

// LW.MOB.4 / LW.BIG.4: a gun goes in only with its crew (4 of the named men within 6 in), and
// only with no enemy within 20 ft; an enemy gun is refused.
static void test_LW_BIG_4_gun_box_refusals(void **state)
{
	(void)state;
	tw_state *s = battery();
	tw_test_expect_refused(s, box_gun(3, 0), "LW.MOB.4");
	tw_order *o = box_gun(4, 0);
	o->fig[3] = 4; // the far man instead of the fourth cavalryman
	tw_test_expect_refused(s, o, "LW.MOB.4");
	s->fig[5].pos = tw_v2(100, 250); // blue 223 in from the gun
	tw_test_expect_refused(s, box_gun(4, 0), "LW.BIG.4");
	tw_test_free(s);
	s = battery();
	tw_test_gun(s, 1, 300, 380, 180);
	tw_test_expect_refused(s, box_gun(4, 1), "LW.BIG.2");
	tw_test_free(s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_LW_BIG_2_gun_boxed_with_its_crew),
		cmocka_unit_test(test_LW_BIG_3_unbox_sets_the_gun_out),
		cmocka_unit_test(test_LW_BIG_4_gun_box_refusals),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
