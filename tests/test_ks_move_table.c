// The Kriegspiel's move table on the table (stop 33): KS.MOV.1-4 and KS.FORM.3-5 through the one
// entry point. Before, lw_ks_move and its fellows were arithmetic that no order asked: a
// Kriegspiel's cavalry went 24 in, its engineers 12, its supply 12 across country, and guns,
// engineers and supply waded fords. Exact distances throughout; every refusal leaves the state
// unchanged (tw_test_expect_refused).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rules/littlewars/lw_big.h"
#include "rules/littlewars/lw_ks_move.h"
#include "scene.h"

#define INF TW_FK_INFANTRY
#define CAV TW_FK_CAVALRY

static int man(tw_state *s, int kind, int arm, double x, double y)
{
	int id = tw_test_man(s, 0, kind, x, y);
	LWF(s, &s->fig[id])->arm = (int8_t)arm;
	return id;
}

// A road along y = 100, 4 in wide, the whole width of the table.
static void road(tw_state *s) { tw_test_box(s, TW_TER_ROAD, 0, 98, 200, 102, 0); }

// KS.MOV.1: cavalry 36 in, engineers and artillery 24, infantry 12, supply 6 across country, the
// General 36 across country.
static void test_KS_MOV_1_moves_by_arm(void **st)
{
	(void)st;
	tw_state *s = tw_test_ks_field();
	int c = man(s, CAV, -1, 20, 40), e = man(s, INF, LW_ARM_RE, 60, 40), a = man(s, INF, LW_ARM_RA, 80, 40);
	int i = man(s, INF, -1, 100, 40), t = man(s, INF, LW_ARM_TS, 120, 40), g = man(s, CAV, LW_ARM_GENERAL, 140, 40);
	tw_test_refused_with(s, tw_test_move_to(0, c, 20, 76.5), "KS.MOV.1", "cavalry may move 36 in across country");
	tw_test_refused_with(s, tw_test_move_to(0, e, 60, 64.5), "KS.MOV.1", "engineers may move 24 in");
	tw_test_refused_with(s, tw_test_move_to(0, a, 80, 64.5), "KS.MOV.1", "artillery may move 24 in");
	tw_test_refused_with(s, tw_test_move_to(0, i, 100, 52.5), "KS.MOV.1", "infantry may move 12 in");
	tw_test_refused_with(s, tw_test_move_to(0, t, 120, 46.5), "KS.MOV.1", "supply may move 6 in across country");
	tw_test_refused_with(s, tw_test_move_to(0, g, 140, 76.5), "KS.MOV.1", "general may move 36 in");
	tw_test_ok(s, tw_test_move_to(0, c, 20, 76));
	tw_test_ok(s, tw_test_move_to(0, e, 60, 64));
	tw_test_ok(s, tw_test_move_to(0, a, 80, 64));
	tw_test_ok(s, tw_test_move_to(0, i, 100, 52));
	tw_test_ok(s, tw_test_move_to(0, t, 120, 46));
	tw_test_ok(s, tw_test_move_to(0, g, 140, 76));
	assert_true(s->fig[c].pos.y == 76 && s->fig[t].pos.y == 46 && s->fig[g].pos.y == 76);
	tw_test_free(s);
}

// KS.MOV.1/2 on a road: infantry 18, cavalry 54 (in fours, formed in an earlier move: KS.FORM.1/2,
// tests/test_ks_form.c), supply 12, the General 72 by motor; engineers gain nothing.
static void test_KS_MOV_2_road_moves(void **st)
{
	(void)st;
	tw_state *s = tw_test_ks_field();
	road(s);
	int i = man(s, INF, -1, 10, 100), c = man(s, CAV, -1, 10, 99), t = man(s, INF, LW_ARM_TS, 10, 101);
	int g = man(s, CAV, LW_ARM_GENERAL, 100, 100), e = man(s, INF, LW_ARM_RE, 120, 99);
	LWF(s, &s->fig[i])->ks_form = LW_FORM_FOURS;
	LWF(s, &s->fig[c])->ks_form = LW_FORM_FOURS;
	tw_test_refused_with(s, tw_test_move_to(0, i, 28.5, 100), "KS.MOV.2", "infantry may move 18 in on the road");
	tw_test_refused_with(s, tw_test_move_to(0, c, 64.5, 99), "KS.MOV.2", "cavalry may move 54 in on the road");
	tw_test_refused_with(s, tw_test_move_to(0, t, 22.5, 101), "KS.MOV.1", "supply may move 12 in on the road");
	tw_test_refused_with(s, tw_test_move_to(0, g, 172.5, 100), "KS.MOV.1", "general may move 72 in on the road");
	tw_test_refused_with(s, tw_test_move_to(0, e, 144.5, 99), "KS.MOV.1", "engineers may move 24 in on the road");
	// Off the road at the end: across country's move.
	tw_test_refused_with(s, tw_test_move_to(0, i, 10, 113), "KS.MOV.1", "infantry may move 12 in across country");
	tw_test_ok(s, tw_test_move_to(0, i, 28, 100));
	tw_test_ok(s, tw_test_move_to(0, c, 64, 99));
	tw_test_ok(s, tw_test_move_to(0, t, 22, 101));
	tw_test_ok(s, tw_test_move_to(0, g, 172, 100));
	tw_test_free(s);
}

// KS.MOV.3: each contour up counts 12 in, each down 6 in (a hill piece is one contour, KS.TER.1).
static void test_KS_MOV_3_contours_count(void **st)
{
	(void)st;
	tw_state *s = tw_test_ks_field();
	tw_test_box(s, TW_TER_HILL, 25, 0, 200, 200, 1);
	tw_test_box(s, TW_TER_HILL, 28, 0, 200, 200, 1);
	int up = man(s, INF, -1, 24, 40), down = man(s, INF, -1, 27, 60), two = man(s, INF, -1, 30, 80);
	lw_ks_contours c;
	tw_vec2 path[2] = {tw_v2(24, 40), tw_v2(30, 40)};
	lw_ks_path_contours(s, path, 2, &c);
	assert_int_equal(c.up, 2);
	assert_int_equal(c.down, 0);
	assert_int_equal(c.n, 2);
	assert_true(fabs(c.at[0] - 1.0) <= 0.25 && fabs(c.at[1] - 4.0) <= 0.25);
	// One up: 1 in + 12 = 13 in of a 12 in move.
	tw_test_refused_with(s, tw_test_move_to(0, up, 26, 40), "KS.MOV.3", "1 contours up and 0 down count 12 in more");
	// One down: 6 in + 6 = 12 in, the whole move; 6.1 in + 6 is too far.
	tw_test_refused_with(s, tw_test_move_to(0, down, 20.9, 60), "KS.MOV.3", "0 contours up and 1 down count 6 in more");
	tw_test_ok(s, tw_test_move_to(0, down, 21, 60));
	// Two down: 12 in of contours leave nothing to walk with.
	tw_test_refused_with(s, tw_test_move_to(0, two, 24, 80), "KS.MOV.3", "0 contours up and 2 down count 12 in more");
	// On the hill's top: no contour, the full 12 in.
	tw_test_ok(s, tw_test_move_to(0, up, 24, 52));
	tw_test_ok(s, tw_test_move_to(0, two, 42, 80));
	tw_test_free(s);
}

// KS.MOV.4: a wheeled piece cannot pass 4 contours within 12 in, save by road; men can.
static void test_KS_MOV_4_wheels_off_steep_ground(void **st)
{
	(void)st;
	tw_state *s = tw_test_ks_field();
	for (int k = 0; k < 4; k++) // contours at x = 30, 31.5, 33 and 34.5
		tw_test_box(s, TW_TER_HILL, 30 + 1.5 * k, 0, 200, 200, 1);
	int w = man(s, TW_FK_WAGGON, LW_ARM_TS, 29.5, 40);
	lw_ks_contours c;
	tw_vec2 path[2] = {tw_v2(29, 40), tw_v2(34, 40)};
	lw_ks_path_contours(s, path, 2, &c);
	assert_int_equal(c.up, 3);
	assert_false(lw_ks_steep(&c));
	path[1] = tw_v2(35, 40);
	lw_ks_path_contours(s, path, 2, &c);
	assert_int_equal(c.up, 4);
	assert_true(lw_ks_steep(&c));
	tw_test_refused_with(s, tw_test_move_to(0, w, 34, 40), "KS.MOV.3", "3 contours up");
	tw_test_refused_with(s, tw_test_move_to(0, w, 35.5, 40), "KS.MOV.4", "cannot pass where 4 contours lie within 12 in");
	// By road the wheels pass (KS.MOV.4), and the contours still count (KS.MOV.3).
	tw_test_box(s, TW_TER_ROAD, 0, 38, 200, 42, 0);
	tw_test_refused_with(s, tw_test_move_to(0, w, 35.5, 40), "KS.MOV.3", "4 contours up");
	// A man is no wheeled piece: 4 contours cost him 48 in, but KS.MOV.4 does not stop him.
	int m = man(s, INF, -1, 29.5, 60);
	tw_test_refused_with(s, tw_test_move_to(0, m, 35.5, 60), "KS.MOV.3", "4 contours up");
	tw_test_free(s);
}

// KS.FORM.3-5: artillery, engineers and supply cannot cross a river at a ford; a bridge takes
// them. Infantry and cavalry ford.
static void test_KS_FORM_3_4_5_no_ford_for_guns_engineers_supply(void **st)
{
	(void)st;
	tw_state *s = tw_test_ks_field();
	tw_test_box(s, TW_TER_RIVER, 0, 100, 200, 104, 0);
	tw_test_box(s, TW_TER_FORD, 90, 99, 100, 105, 0);
	tw_test_box(s, TW_TER_BRIDGE, 120, 99, 128, 105, 0);
	int i = man(s, INF, -1, 92, 99.2), e = man(s, INF, LW_ARM_RE, 95, 97), a = man(s, INF, LW_ARM_RA, 98, 97);
	int t = man(s, INF, LW_ARM_TS, 94, 96), e2 = man(s, INF, LW_ARM_RE, 124, 97);
	tw_test_refused_with(s, tw_test_move_to(0, e, 95, 107), "KS.FORM.4", "cannot cross a river at a ford");
	tw_test_refused_with(s, tw_test_move_to(0, a, 98, 107), "KS.FORM.3", "cannot cross a river at a ford");
	tw_test_refused_with(s, tw_test_move_to(0, t, 94, 101), "KS.FORM.5", "cannot cross a river at a ford");
	tw_test_ok(s, tw_test_move_to(0, i, 92, 104.8)); // KS.FORM.1: in from the edge, out to the bank
	tw_test_ok(s, tw_test_move_to(0, e2, 124, 107));
	assert_true(s->fig[i].pos.y == 104.8 && s->fig[e2].pos.y == 107 && s->fig[e].pos.y == 97);
	tw_test_free(s);
}

// KS.FORM.1/2: crossing a fordable river takes the move. The path may step into the water and
// out of it (2 in of dry ground in all), however wide the ford; no more on dry ground besides.
static void test_KS_FORM_1_2_fording_takes_the_move(void **st)
{
	(void)st;
	tw_state *s = tw_test_ks_field();
	tw_test_box(s, TW_TER_RIVER, 0, 100, 200, 110, 0); // 10 in wide
	tw_test_box(s, TW_TER_FORD, 80, 99, 100, 111, 0);
	int i = man(s, INF, -1, 85, 99), c = man(s, CAV, -1, 90, 97), far = man(s, INF, -1, 95, 90);
	int g = man(s, CAV, LW_ARM_GENERAL, 98, 98.5);
	// 1 in dry, 10 in of water, 1 in dry: 12 in, the move.
	tw_test_ok(s, tw_test_move_to(0, i, 85, 111));
	// 3 in dry before the water and 2 after: too much for a crossing, though under 36 in.
	tw_test_refused_with(s, tw_test_move_to(0, c, 90, 112), "KS.FORM.2", "crossing a fordable river takes the whole move");
	// The ford wider than a move makes no odds: the crossing is one move (1.5 in, 10 in of water, 0.5 in).
	tw_test_ok(s, tw_test_move_to(0, g, 98, 110.5));
	// From 10 in away: to the edge first (an ordinary move), then across.
	tw_test_refused_with(s, tw_test_move_to(0, far, 95, 111), "KS.FORM.1", "not go 11.0 in on dry ground besides");
	tw_test_ok(s, tw_test_move_to(0, far, 95, 99.5));
	tw_vec2 edge, across;
	assert_true(lw_ks_ford_steps(s, tw_v2(95, 90), tw_v2(95, 120), &edge, &across));
	assert_true(fabs(edge.y - 99.5) <= 0.25 && fabs(across.y - 110.5) <= 0.25);
	assert_false(lw_ks_ford_steps(s, tw_v2(150, 90), tw_v2(150, 120), &edge, &across)); // no ford there
	tw_test_free(s);
}

// Outside a Kriegspiel nothing changes: a cavalryman's 24 in (LW.MOB.3), no contour cost.
static void test_KS_MOV_1_only_in_a_kriegspiel(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(200, 200, 5, 0);
	tw_test_box(s, TW_TER_HILL, 25, 0, 200, 200, 1);
	int c = man(s, CAV, -1, 20, 40), i = man(s, INF, LW_ARM_RE, 24, 80);
	tw_test_refused_with(s, tw_test_move_to(0, c, 20, 64.5), "LW.MOB.3", "may move 24 in");
	tw_test_ok(s, tw_test_move_to(0, i, 36, 80));
	tw_test_free(s);
}

// s35 (issue 18): the ford tests over the rivers, fords and bridges near a path against the
// tests over every piece of the table (lw_ks_fords_plain), on two generated Kriegspiels: random
// paths of one to three legs, most of them through or beside a ford, for men of every arm and for
// a gun: lw_ks_path (status, message, every field) and lw_ks_ford_steps (answer, both points),
// bit for bit. The cases must reach fords crossed, refusals and legs with no piece near.
static uint64_t fz = 0x2545F4914F6CDD1Dull;
static double frnd(void)
{
	fz ^= fz << 13;
	fz ^= fz >> 7;
	fz ^= fz << 17;
	return (double)(fz >> 11) / 9007199254740992.0;
}

static void test_KS_FORM_1_fords_near_match_plain(void **st)
{
	(void)st;
	long wet = 0, refused = 0, steps = 0, cases = 0;
	for (uint64_t seed = 4; seed <= 6; seed++) {
		tw_state s;
		memset(&s, 0, sizeof s);
		tw_error err;
		if (seed == 4) { // by hand: a bridge standing over part of a ford, one ruined over another
			tw_state *h = tw_test_ks_field();
			tw_test_box(h, TW_TER_RIVER, 0, 100, 200, 110, 0);
			tw_test_box(h, TW_TER_FORD, 80, 99, 100, 111, 0);
			tw_test_box(h, TW_TER_BRIDGE, 88, 95, 92, 115, 0);
			tw_test_box(h, TW_TER_FORD, 140, 99, 160, 111, 0);
			int b = tw_test_box(h, TW_TER_BRIDGE, 148, 95, 152, 115, 0);
			h->table.terrain[b].flags |= TW_TF_RUINED;
			for (int i = 0; i < 6; i++)
				man(h, i % 2 ? CAV : INF, i == 4 ? LW_ARM_RE : -1, 60 + 20 * i, 90);
			s = *h;
			free(h);
		} else
			assert_int_equal(tw_scenario_generate_variant(&s, "littlewars", seed, 0, 0, "kriegspiel", &err), TW_OK);
		int fords[64], nf = 0;
		for (int i = 0; i < s.table.nterrain && nf < 64; i++)
			if (s.table.terrain[i].kind == TW_TER_FORD)
				fords[nf++] = i;
		assert_true(nf > 0);
		for (int k = 0; k < 3000; k++, cases++) {
			tw_vec2 pts[4];
			int n = 2 + (int)(frnd() * 3) % 3;
			tw_vec2 c;
			if (frnd() < 0.8) { // round a ford
				const tw_terrain *t = &s.table.terrain[fords[(int)(frnd() * nf) % nf]];
				c = tw_v2(0.5 * (t->lo.x + t->hi.x), 0.5 * (t->lo.y + t->hi.y));
			} else {
				c = tw_v2(frnd() * s.table.width, frnd() * s.table.depth);
			}
			for (int j = 0; j < n; j++)
				pts[j] = tw_add(c, tw_v2((frnd() - 0.5) * 40, (frnd() - 0.5) * 40));
			const tw_figure *f = NULL;
			if (frnd() < 0.85) {
				f = &s.fig[(int)(frnd() * s.nfig) % s.nfig];
			}
			lw_ks_going ga, gb;
			tw_error ea = {0}, eb = {0};
			memset(&ga, 0x5A, sizeof ga);
			memset(&gb, 0x5A, sizeof gb);
			lw_ks_fords_plain = true;
			tw_status sa = lw_ks_path(&s, f, pts, n, &ga, &ea);
			tw_vec2 e1 = {0, 0}, a1 = {0, 0}, e2 = {0, 0}, a2 = {0, 0};
			bool fa = lw_ks_ford_steps(&s, pts[0], pts[1], &e1, &a1);
			lw_ks_fords_plain = false;
			tw_status sb = lw_ks_path(&s, f, pts, n, &gb, &eb);
			bool fb = lw_ks_ford_steps(&s, pts[0], pts[1], &e2, &a2);
			assert_int_equal(sa, sb);
			assert_string_equal(ea.message, eb.message);
			assert_memory_equal(&ga, &gb, sizeof ga);
			assert_int_equal(fa, fb);
			assert_memory_equal(&e1, &e2, sizeof e1);
			assert_memory_equal(&a1, &a2, sizeof a1);
			wet += ga.wet > 0;
			refused += sa != TW_OK;
			steps += fa;
		}
		tw_state_free(&s);
	}
	print_message("fords near (s35): %ld paths, %ld through ford water, %ld refused, %ld legs with a ford to cross: all the "
		      "same\n",
		      cases, wet, refused, steps);
	assert_true(wet > 100 && refused > 20 && steps > 100 && wet < cases);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_KS_MOV_1_moves_by_arm),
	    cmocka_unit_test(test_KS_MOV_2_road_moves),
	    cmocka_unit_test(test_KS_MOV_3_contours_count),
	    cmocka_unit_test(test_KS_MOV_4_wheels_off_steep_ground),
	    cmocka_unit_test(test_KS_FORM_3_4_5_no_ford_for_guns_engineers_supply),
	    cmocka_unit_test(test_KS_FORM_1_2_fording_takes_the_move),
	    cmocka_unit_test(test_KS_MOV_1_only_in_a_kriegspiel),
	    cmocka_unit_test(test_KS_FORM_1_fords_near_match_plain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
