// KS.FORM.1/2 on the table (stop 33): changes of formation, mounting and dismounting as `form`
// orders that spend the move, fours for the road's bonus (KS.MOV.2), a cavalryman on foot at the
// infantry's pace and charged as extended order (KS.CH.6). Before, lw_ks_form_halves answered
// what a change cost and no order spent it (QA review). Exact throughout.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <string.h>

#include "rules/littlewars/lw_big.h"
#include "scene.h"

#define INF TW_FK_INFANTRY
#define CAV TW_FK_CAVALRY

enum { RANKS = 0, FOURS, EXTENDED, MOUNT, DISMOUNT };

static tw_order *form(int n, int first, int count)
{
	tw_order *o = tw_test_order(LW_OT_FORM, 0);
	o->n = n;
	for (int i = 0; i < count; i++)
		o->fig[o->nfig++] = first + i;
	return o;
}

// Red's next own move (game moves go red, blue, red ...).
static void next_own_move(tw_state *s)
{
	s->move_no += 2;
	s->mover = 0;
	LWG(s)->men_moved = 0;
}

static void test_KS_FORM_1_changes_spend_the_move(void **st)
{
	(void)st;
	tw_state *s = tw_test_ks_field();
	int i = tw_test_row(s, 0, INF, 4, 20, 40, 1.0);
	tw_test_ok(s, form(FOURS, i, 4)); // 1/2 move
	assert_int_equal(LWF(s, &s->fig[i])->ks_form, LW_FORM_FOURS);
	assert_int_equal(LWF(s, &s->fig[i])->ks_form_halves, 1);
	// Half the move is left: 6 in.
	tw_test_refused_with(s, tw_test_move_to(0, i, 20, 46.5), "KS.MOV.1", "infantry may move 6 in across country");
	// Fours to extended order is two steps: more than the half left.
	tw_test_refused_with(s, form(EXTENDED, i + 1, 1), "KS.FORM.1", "it takes a whole move, and half of his move is gone");
	tw_test_refused_with(s, form(FOURS, i + 1, 1), "KS.FORM.1", "is in fours already");
	tw_test_ok(s, form(RANKS, i + 1, 1)); // the other half: now no move is left
	tw_test_refused_with(s, tw_test_move_to(0, i + 1, 21, 40.5), "KS.MOV.1", "infantry may move 0 in");
	tw_test_ok(s, tw_test_move_to(0, i, 20, 46));
	// A change comes before the move.
	tw_test_refused_with(s, form(RANKS, i, 1), "KS.FORM.1", "a change of formation comes before the move");
	// Next move the whole move is there again.
	next_own_move(s);
	tw_test_ok(s, tw_test_move_to(0, i + 2, 22, 52));
	// Only infantry and cavalry change formation; outside a Kriegspiel there are none.
	int e = tw_test_man(s, 0, INF, 60, 40);
	LWF(s, &s->fig[e])->arm = LW_ARM_RE;
	tw_test_refused_with(s, form(FOURS, e, 1), "KS.FORM.1", "the formations are the infantry's and the cavalry's");
	LWG(s)->ks = 0;
	tw_test_refused_with(s, form(FOURS, i + 3, 1), "KS.FORM.1", "the Kriegspiel's");
	tw_test_free(s);
}

// KS.MOV.2: half as much again on a road for men in fours, not in two ranks.
static void test_KS_MOV_2_road_bonus_in_fours(void **st)
{
	(void)st;
	tw_state *s = tw_test_ks_field();
	tw_test_box(s, TW_TER_ROAD, 0, 98, 200, 102, 0);
	int a = tw_test_man(s, 0, INF, 10, 99), b = tw_test_man(s, 0, INF, 10, 101);
	tw_test_ok(s, form(FOURS, a, 1));
	next_own_move(s);
	tw_test_refused_with(s, tw_test_move_to(0, b, 22.5, 101), "KS.MOV.1", "infantry may move 12 in on the road");
	tw_test_refused_with(s, tw_test_move_to(0, a, 28.5, 99), "KS.MOV.2", "infantry may move 18 in on the road");
	tw_test_ok(s, tw_test_move_to(0, a, 28, 99));
	tw_test_ok(s, tw_test_move_to(0, b, 22, 101));
	tw_test_free(s);
}

// KS.FORM.2: dismounting takes a move; on foot a cavalryman goes at 12 in, may not charge, and
// mounting again takes another move.
static void test_KS_FORM_2_mount_and_dismount(void **st)
{
	(void)st;
	tw_state *s = tw_test_ks_field();
	int c = tw_test_row(s, 0, CAV, 8, 40, 20, 1.2);
	int i = tw_test_man(s, 0, INF, 90, 20);
	tw_test_refused_with(s, form(MOUNT, c, 1), "KS.FORM.2", "is mounted already");
	tw_test_refused_with(s, form(DISMOUNT, i, 1), "KS.FORM.2", "has no horse");
	tw_test_ok(s, form(DISMOUNT, c, 8));
	tw_test_refused_with(s, tw_test_move_to(0, c, 40, 21), "KS.MOV.1", "cavalry may move 0 in");
	next_own_move(s);
	tw_test_refused_with(s, tw_test_move_to(0, c, 40, 32.5), "KS.MOV.1", "cavalry may move 12 in across country");
	tw_test_ok(s, tw_test_move_to(0, c, 40, 32));
	int b = tw_test_row(s, 1, INF, 8, 40, 50, 3.0);
	tw_test_refused_with(s, tw_test_charge(c + 1, 7, b, 8), "KS.FORM.2", "he must mount to charge");
	next_own_move(s);
	tw_test_ok(s, form(MOUNT, c, 8));
	assert_int_equal(LWF(s, &s->fig[c])->ks_dismounted, 0);
	tw_test_free(s);
}

// KS.CH.2/3 with formations: infantry standing close but opened to extended order is charged
// as extended order (KS.CH.2: the sabres lose 1 for each 5 of them, the infantry 1 a sabre).
static void test_KS_CH_2_extended_order_by_formation(void **st)
{
	(void)st;
	tw_state *s = tw_test_ks_field();
	int c0 = tw_test_row(s, 0, CAV, 10, 40, 20, 1.2);
	int i0 = tw_test_row(s, 1, INF, 25, 30, 50.8, 0.8); // touching: close order by where they stand
	for (int k = 0; k < 25; k++)
		LWF(s, &s->fig[i0 + k])->ks_form = LW_FORM_EXTENDED;
	tw_error err = {0};
	assert_int_equal(tw_test_apply(s, tw_test_charge(c0, 10, i0, 25), &err), TW_OK);
	assert_int_equal(tw_test_dead_of(s, c0, 10), 5);
	assert_int_equal(tw_test_dead_of(s, i0, 25), 10);
	tw_test_free(s);
}

// Gun g moves straight to (100, y) with its 4 men from `crew` (tw_test_order's pool).
static tw_order *gun_move(int g, int crew, double y)
{
	tw_order *o = tw_test_order(LW_OT_GUN_MOVE, 0);
	o->gun = g;
	for (int k = 0; k < 4; k++)
		o->fig[o->nfig++] = crew + k;
	o->npath = 1;
	o->path[0] = tw_v2(100, y);
	return o;
}

// KS.FORM.3: a gun in action limbers up to move (half its move: 12 of the artillery's 24 in);
// limbered it goes the whole 24; it unlimbers to fire, and must limber again to move.
static void test_KS_FORM_3_limbering(void **st)
{
	(void)st;
	tw_state *s = tw_test_ks_field();
	int g = tw_test_gun(s, 0, 100, 40, 0);
	int crew = tw_test_row(s, 0, INF, 4, 98, 37, 1.0);
	for (int k = 0; k < 4; k++)
		LWF(s, &s->fig[crew + k])->arm = LW_ARM_RA;
	tw_test_row(s, 1, INF, 12, 40, 190, 1.0);
	tw_order *o = gun_move(g, crew, 52.5);
	tw_test_refused_with(s, o, "KS.FORM.3", "the artillery may move 12 in (limbering up takes half its move)");
	o->path[0] = tw_v2(100, 52);
	tw_test_ok(s, o);
	assert_int_equal(LWGN(s, &s->gun[g])->ks_limbered, 1);
	next_own_move(s);
	o = gun_move(g, crew, 76.5);
	tw_test_refused_with(s, o, "KS.MOV.1", "the artillery may move 24 in");
	o->path[0] = tw_v2(100, 76);
	tw_test_ok(s, o);
	next_own_move(s);
	tw_order *f = tw_test_order(LW_OT_FIRE, 0);
	f->gun = g;
	f->has_target = true;
	f->target = tw_v2(100, 150);
	tw_test_ok(s, f);
	assert_int_equal(LWGN(s, &s->gun[g])->ks_limbered, 0);
	tw_test_free(s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_KS_FORM_1_changes_spend_the_move),
	    cmocka_unit_test(test_KS_MOV_2_road_bonus_in_fours),
	    cmocka_unit_test(test_KS_FORM_2_mount_and_dismount),
	    cmocka_unit_test(test_KS_CH_2_extended_order_by_formation),
	    cmocka_unit_test(test_KS_FORM_3_limbering),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
