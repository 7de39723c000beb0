// Little Wars: capturing guns (LW.CAP.1-4) and the worked examples LW.EX.16-17.
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

// The Blue gun of every scene: axle midpoint (30, 30), muzzle towards Red (bearing 180), so its
// axle line is y = 30 and Red, attacking towards +y, crosses it going from y < 30 to y > 30.
#define GX 30.0
#define GY 30.0

static int n_events(const tw_events *ev, int type)
{
	int n = 0;
	for (int i = 0; i < ev->n; i++)
		if (ev->v[i].type == type)
			n++;
	return n;
}

static int crew(const tw_state *s, int g, int side)
{
	const tw_gun *gun = tw_state_gun_c(s, g);
	int c = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side == side && f->status == TW_FS_ACTIVE &&
		    tw_gun_distance(gun, f->pos) - f->radius <= 6.0)
			c++;
	}
	return c;
}

// Moves figure id in a straight leg to `to`, as the movement code would, noting crossings.
static void walk(tw_state *s, int id, tw_vec2 to)
{
	tw_figure *f = &s->fig[id];
	tw_vec2 from = f->pos;
	f->pos = to;
	lw_note_axle_crossings(s, f, from, to);
}

static bool crossed(const tw_state *s, int g, int id)
{
	const tw_gun *gun = &s->gun[g];
	for (int k = 0; k < gun->ncross; k++)
		if (gun->crossers[k] == id)
			return true;
	return false;
}

// n Red men walk from in front of the gun to just behind the axle (within 6 in); returns first id.
static int red_cross(tw_state *s, int n)
{
	int first = tw_test_row(s, RED, INF, n, 27.5, 20, 1.0);
	for (int i = 0; i < n; i++)
		walk(s, first + i, tw_v2(27.5 + i, 32));
	return first;
}

static void test_LW_CAP_1_axle_crossing_recorded(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	int g = tw_test_gun(s, BLUE, GX, GY, 180);
	int r = tw_test_man(s, RED, INF, 29, 25);
	int r2 = tw_test_man(s, RED, INF, 35, 25);
	int b = tw_test_man(s, BLUE, INF, 31, 35);
	int p = tw_test_man(s, RED, INF, 33, 25);
	s->fig[p].status = TW_FS_PRISONER;
	s->fig[p].captor = BLUE;
	walk(s, r, tw_v2(29, 32));    // crosses
	walk(s, r2, tw_v2(35, 29.5)); // comes up, does not cross
	walk(s, b, tw_v2(31, 25));    // the owner's own man: never a crosser
	walk(s, p, tw_v2(33, 32));    // a prisoner is not a free man
	assert_true(crossed(s, g, r));
	assert_false(crossed(s, g, r2));
	assert_false(crossed(s, g, b));
	assert_false(crossed(s, g, p));
	assert_int_equal(s->gun[g].ncross, 1);
	walk(s, r, tw_v2(29, 28)); // back and forth: recorded once
	walk(s, r, tw_v2(29, 33));
	assert_int_equal(s->gun[g].ncross, 1);
	// A gun turned to face along x has its axle line along y.
	int g2 = tw_test_gun(s, BLUE, 80, 30, 270);
	int r3 = tw_test_man(s, RED, CAV, 85, 30);
	walk(s, r3, tw_v2(78, 31));
	assert_true(crossed(s, g2, r3));
	tw_test_free(s);
}

static void test_LW_CAP_1_captured_when_no_owner_and_four_crossed(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	int g = tw_test_gun(s, BLUE, GX, GY, 180);
	tw_test_man(s, BLUE, INF, GX, 40); // 6.7 in beyond the trail end: out of reach
	red_cross(s, 4);
	tw_events ev = {0};
	lw_check_captures(s, &ev);
	assert_int_equal(s->gun[g].side, RED);
	assert_int_equal(s->gun[g].orig_side, BLUE);
	assert_int_equal(s->gun[g].ncross, 0);
	assert_int_equal(n_events(&ev, TW_EV_CAPTURE), 1);
	assert_string_equal(ev.v[0].clause, "LW.CAP.1");
	assert_int_equal(ev.v[0].a, g);
	assert_int_equal(ev.v[0].b, RED);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_CAP_1_crossers_must_be_four_and_within_6(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	int g = tw_test_gun(s, BLUE, GX, GY, 180);
	int r0 = red_cross(s, 3);
	tw_test_row(s, RED, INF, 6, 27, 27, 1.0); // 6 more within 6 in who did not cross
	tw_events ev = {0};
	lw_check_captures(s, &ev);
	assert_int_equal(s->gun[g].side, BLUE);
	int r3 = tw_test_man(s, RED, INF, 40, 20);
	walk(s, r3, tw_v2(40, 34)); // a fourth crosser, but more than 6 in away
	lw_check_captures(s, &ev);
	assert_int_equal(s->gun[g].side, BLUE);
	walk(s, r3, tw_v2(33, 34));     // now within 6 in
	s->fig[r0].status = TW_FS_DEAD; // but one of the first three is shot
	lw_check_captures(s, &ev);
	assert_int_equal(s->gun[g].side, BLUE);
	assert_int_equal(n_events(&ev, TW_EV_CAPTURE), 0);
	tw_events_free(&ev);
	tw_test_free(s);
}

// LW.CAP.2 and the first half of LW.EX.16: enemy men near the gun, however many, do not capture it.
static void test_LW_CAP_2_enemy_nearby_never_captures(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	int g = tw_test_gun(s, BLUE, GX, GY, 180);
	int first = tw_test_row(s, RED, INF, 10, 25, 20, 1.0);
	for (int i = 0; i < 10; i++)
		walk(s, first + i, tw_v2(25.5 + i, 26)); // up to the muzzle side, not past the axle
	tw_events ev = {0};
	lw_check_captures(s, &ev);
	assert_int_equal(s->gun[g].side, BLUE);
	assert_int_equal(ev.n, 0);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_CAP_3_dispute_while_an_owner_man_is_near(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 7, RED);
	int g = tw_test_gun(s, BLUE, GX, GY, 180);
	tw_test_man(s, BLUE, INF, GX + 1, 38); // near the trail end (30, 33)
	red_cross(s, 5);
	tw_events ev = {0};
	lw_check_captures(s, &ev);
	assert_int_equal(s->gun[g].side, BLUE);
	assert_int_equal(s->gun[g].disputed_until, 9); // Red may not use it in his next move (9)
	assert_int_equal(n_events(&ev, TW_EV_DISPUTE), 1);
	assert_string_equal(ev.v[0].clause, "LW.CAP.3");
	assert_int_equal(n_events(&ev, TW_EV_CAPTURE), 0);
	// In Blue's move the last man goes (or is shot): at its end the gun is Red's, and Red still
	// may not fire or move it in his next move (move 9).
	s->move_no = 8;
	s->mover = BLUE;
	s->fig[0].status = TW_FS_DEAD;
	lw_check_captures(s, &ev);
	assert_int_equal(s->gun[g].side, RED);
	assert_int_equal(s->gun[g].disputed_until, 9);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_CAP_4_captured_gun_is_the_captors(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	int g = tw_test_gun(s, BLUE, GX, GY, 180);
	int r0 = red_cross(s, 4);
	lw_check_captures(s, NULL);
	assert_int_equal(s->gun[g].side, RED);
	assert_int_equal(crew(s, g, RED), 4); // Red's crew now (LW.MOB.4 for Red)
	// Red's own men no longer count as crossers; Blue's men do, and can take it back.
	int r5 = tw_test_man(s, RED, INF, 45, 25);
	walk(s, r5, tw_v2(45, 35));
	assert_false(crossed(s, g, r5));
	for (int i = 0; i < 4; i++) // Red's men leave
		s->fig[r0 + i].pos = tw_v2(60 + i, 10);
	int b0 = tw_test_row(s, BLUE, INF, 4, 27.5, 40, 1.0);
	for (int i = 0; i < 4; i++)
		walk(s, b0 + i, tw_v2(27.5 + i, 27));
	for (int i = 0; i < 4; i++)
		assert_true(crossed(s, g, b0 + i));
	tw_events ev = {0};
	lw_check_captures(s, &ev);
	assert_int_equal(s->gun[g].side, BLUE);
	assert_int_equal(n_events(&ev, TW_EV_CAPTURE), 1);
	assert_int_equal(ev.v[0].b, BLUE);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_EX_16_gun_dispute_case(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 7, RED);
	int g = tw_test_gun(s, BLUE, GX, GY, 180);
	tw_test_row(s, BLUE, INF, 3, 29, 35, 1.0); // 3 own men: out of action
	assert_int_equal(crew(s, g, BLUE), 3);
	int first = tw_test_row(s, RED, INF, 9, 26, 20, 1.0);
	for (int i = 0; i < 9; i++) // 9 enemy on the far side, none past the axle
		walk(s, first + i, tw_v2(26 + i, 26.5));
	tw_events ev = {0};
	lw_check_captures(s, &ev);
	assert_int_equal(s->gun[g].side, BLUE);
	// Next move the owner brings 6 more men within 6 in: back in action, still Blue's.
	s->move_no = 8;
	s->mover = BLUE;
	tw_test_row(s, BLUE, INF, 6, 27, 37, 1.0);
	assert_int_equal(crew(s, g, BLUE), 9);
	assert_true(crew(s, g, BLUE) >= LW_GUN_CREW);
	lw_check_captures(s, &ev);
	assert_int_equal(s->gun[g].side, BLUE);
	assert_int_equal(ev.n, 0);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_EX_17_dispute_at_the_trail(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 7, RED);
	int g = tw_test_gun(s, BLUE, GX, GY, 180);
	tw_test_man(s, BLUE, INF, GX, 38.5); // 1 man 5.2 in beyond the trail end
	red_cross(s, 5);                     // 5 past the axle
	int first = tw_test_row(s, RED, INF, 7, 26, 20, 1.0);
	for (int i = 0; i < 7; i++) // and 7 more round the muzzle: a dozen in all
		walk(s, first + i, tw_v2(26.5 + i, 26.5));
	tw_events ev = {0};
	lw_check_captures(s, &ev);
	assert_int_equal(s->gun[g].side, BLUE);        // not captured
	assert_int_equal(s->gun[g].disputed_until, 9); // in dispute
	assert_int_equal(n_events(&ev, TW_EV_DISPUTE), 1);
	assert_int_equal(crew(s, g, BLUE), 1); // out of action for Blue (1 < 4)
	tw_events_free(&ev);
	tw_test_free(s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_LW_CAP_1_axle_crossing_recorded),
	    cmocka_unit_test(test_LW_CAP_1_captured_when_no_owner_and_four_crossed),
	    cmocka_unit_test(test_LW_CAP_1_crossers_must_be_four_and_within_6),
	    cmocka_unit_test(test_LW_CAP_2_enemy_nearby_never_captures),
	    cmocka_unit_test(test_LW_CAP_3_dispute_while_an_owner_man_is_near),
	    cmocka_unit_test(test_LW_CAP_4_captured_gun_is_the_captors),
	    cmocka_unit_test(test_LW_EX_16_gun_dispute_case),
	    cmocka_unit_test(test_LW_EX_17_dispute_at_the_trail),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
