// Science versus Luck: the pure rules and the worked examples that are arithmetic: morale tests
// and results (SV.EX.1-4), infantry fire (SV.EX.5), the gun's minute (SV.EX.6, SV.EX.7, SV.EX.9,
// SV.EX.18), one shot (SV.EX.10-12), the adherence verdict (SV.EX.19) and the odds hook.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/tinwar.h"
#include "tinwar/svl.h"
#include "odds_test.h"

static void test_SV_EX_1_MOR_2_tests_due(void **st)
{
	(void)st;
	const int start[] = {50, 50, 50, 50, 50, 45, 45, 45, 48, 48}, hits[] = {4, 5, 9, 10, 15, 4, 5, 9, 4, 5},
		  tests[] = {0, 1, 1, 2, 3, 0, 1, 2, 0, 1};
	for (int i = 0; i < 10; i++)
		assert_int_equal(tw_sv_morale_tests(start[i], hits[i]), tests[i]);
}

// SV.EX.2 (SV.MOR.3, SV.MOR.7), asserted exactly (the name joins the ids: the clause-coverage check reads it as one).
static void test_SV_EX_2_MOR_3_MOR_7_results(void **st)
{
	(void)st;
	assert_int_equal(tw_sv_morale_result(4 + tw_sv_morale_mod(true, false, true, false, false)), TW_SV_CARRY_ON);
	assert_int_equal(tw_sv_morale_result(3 + tw_sv_morale_mod(false, false, false, false, false)), TW_SV_PAUSE);
	assert_int_equal(tw_sv_morale_result(2 + tw_sv_morale_mod(true, true, true, false, false)), TW_SV_CARRY_ON);
	assert_int_equal(tw_sv_morale_result(6 + tw_sv_morale_mod(false, false, false, true, true)), TW_SV_PAUSE);
	assert_int_equal(tw_sv_morale_result(4 + tw_sv_morale_mod(false, false, false, true, true)), TW_SV_RECOIL);
	assert_int_equal(tw_sv_morale_result(1 + tw_sv_morale_mod(true, false, true, false, false)), TW_SV_PAUSE);
	// SV.MOR.3 interpretation: 7+ as 5-6, 0 or less as 1-2; SV.MOR.7 the net lies in -2..+3.
	assert_int_equal(tw_sv_morale_result(9), TW_SV_CARRY_ON);
	assert_int_equal(tw_sv_morale_result(-1), TW_SV_RECOIL);
	assert_int_equal(tw_sv_morale_mod(true, true, true, false, false), 3);
	assert_int_equal(tw_sv_morale_mod(false, false, false, true, true), -2);
}

// SV.EX.4 (SV.MOR.8), asserted exactly (the name joins the ids: the clause-coverage check reads it as one).
static void test_SV_EX_4_MOR_8_below_half(void **st)
{
	(void)st;
	assert_false(tw_sv_below_half(50, 25));
	assert_true(tw_sv_below_half(50, 24));
	assert_true(tw_sv_below_half(50, 50 - 20 - 6));
}

static void test_SV_EX_5_FIRE_1_FIRE_2_faces(void **st)
{
	(void)st;
	assert_int_equal(tw_sv_fire_face(9), 6);
	assert_int_equal(tw_sv_fire_face(12.0), 6);
	assert_int_equal(tw_sv_fire_face(12.5), 0);
	assert_int_equal(tw_sv_fire_face(6.0), 5);
	assert_int_equal(tw_sv_fire_face(5), 5);
	// SV.EX.5: [6, 3, 6, 1, 2, 5] at 9 in -> 2 hits; [5, 2, 6, 4] at 5 in -> 2 hits.
	const int far[] = {6, 3, 6, 1, 2, 5}, close[] = {5, 2, 6, 4};
	int hits = 0;
	for (int i = 0; i < 6; i++)
		hits += far[i] >= tw_sv_fire_face(9);
	for (int i = 0; i < 4; i++)
		hits += close[i] >= tw_sv_fire_face(5);
	assert_int_equal(hits, 4);
}

static void test_SV_EX_6_ROF_4_MOVE_4_moving_the_gun(void **st)
{
	(void)st;
	assert_int_equal(tw_sv_rof_shots(6, 3, false), 3);
	assert_int_equal(tw_sv_rof_shots(6, 3, true), 1);
	assert_int_equal(tw_sv_rof_shots(1, 3, true), 0);
	assert_int_equal(tw_sv_rof_shots(5, 7, false), 5); // SV.EX.9: the allocation caps a TEM phase
}

static void test_SV_EX_7_GUN_7_misfire_by_tempo(void **st)
{
	(void)st;
	assert_true(fabs(tw_sv_misfire(0.03, TW_SV_STEADY) - 0.03) < 1e-12);
	assert_true(fabs(tw_sv_misfire(0.03, TW_SV_RAPID) - 0.06) < 1e-12);
	assert_true(fabs(tw_sv_misfire(0.03, TW_SV_DELIBERATE) - 0.015) < 1e-12);
	assert_true(fabs(tw_sv_misfire(0.20, TW_SV_RAPID) - 0.40) < 1e-12);
	assert_true(fabs(tw_sv_misfire(0.18, TW_SV_RAPID) - 0.36) < 1e-12);
	assert_true(tw_sv_misfire(0.3, TW_SV_RAPID) == 0.5); // never above 0.50
}

static void test_SV_EX_9_ROF_1_ROF_2_shots_per_phase(void **st)
{
	(void)st;
	struct {
		int rate100, crew, tempo, rof, ph[6];
	} rows[] = {
		{350, TW_SV_TRAINED, TW_SV_STEADY, 350, {3, 4, 3, 4, 3, 4}},
		{650, TW_SV_TRAINED, TW_SV_STEADY, 650, {6, 7, 6, 7, 6, 7}},
		{400, TW_SV_TRAINED, TW_SV_STEADY, 400, {4, 4, 4, 4, 4, 4}},
		{250, TW_SV_TRAINED, TW_SV_DELIBERATE, 188, {1, 2, 2, 2, 2, 2}},
		{450, TW_SV_VETERAN, TW_SV_RAPID, 675, {6, 7, 7, 7, 6, 7}},
		{300, TW_SV_RAW, TW_SV_DELIBERATE, 180, {1, 2, 2, 2, 2, 1}},
		{450, TW_SV_TRAINED, TW_SV_RAPID, 563, {5, 6, 5, 6, 6, 5}},
	};
	for (int i = 0; i < 7; i++) {
		int rof = tw_sv_rof(rows[i].rate100, (tw_sv_crew)rows[i].crew, (tw_sv_tempo)rows[i].tempo);
		assert_int_equal(rof, rows[i].rof);
		int acc = 0;
		for (int p = 0; p < 6; p++)
			assert_int_equal(tw_sv_rof_step(&acc, rof), rows[i].ph[p]);
	}
}

static void test_SV_EX_18_ROF_5_human_clock(void **st)
{
	(void)st;
	assert_int_equal(tw_sv_clock_shots(350, false), 4);
	assert_int_equal(tw_sv_clock_shots(350, true), 2);
	assert_int_equal(tw_sv_clock_shots(400, false), 5); // a shot at exactly 60.0 s is allowed
	assert_int_equal(tw_sv_clock_shots(188, true), 0);
}

static void test_SV_EX_10_GUN_8_GUN_5_one_shot_numbers(void **st)
{
	(void)st;
	double vadv = tw_sv_v_adv(108); // STA label 9 ft
	assert_true(fabs(vadv - 17.017) < 0.0005);
	double k = (17.5 / vadv) * (17.5 / vadv);
	assert_true(fabs(k - 1.058) < 0.0005); // SV.GUN.5's k_true
	double vb = vadv * sqrt(k);
	double e = tw_sv_elevation(40, vb);
	assert_true(fabs(e - 10.25) < 0.005);
	double d1 = tw_sv_first_graze(17.5, e);
	assert_true(fabs(d1 - 40.0) < 1e-9);
	assert_true(fabs(d1 - 1 / tan(e * M_PI / 180) - 34.47) < 0.005);
}

// SV.EX.11 (SV.GUN.12), asserted exactly (the name joins the ids: the clause-coverage check reads it as one).
static void test_SV_EX_11_GUN_12_label_trusted(void **st)
{
	(void)st;
	double vb = tw_sv_v_adv(144);
	assert_true(fabs(vb - 19.649) < 0.0005);
	double e = tw_sv_elevation(40, vb);
	assert_true(fabs(e - 8.06) < 0.005);
	double d1 = tw_sv_first_graze(18.0, e);
	assert_true(fabs(d1 - 33.57) < 0.005);
	assert_true(fabs(d1 - 1 / tan(e * M_PI / 180) - 26.51) < 0.005);
	assert_true(fabs(tw_sv_first_graze(18.0, tw_sv_elevation(40, 18.0)) - 40.0) < 1e-9); // with 0.839: ~40"
}

// SV.EX.12 (SV.GUN.8), asserted exactly (the name joins the ids: the clause-coverage check reads it as one).
static void test_SV_EX_12_GUN_8_out_of_reach(void **st)
{
	(void)st;
	assert_true(tw_sv_elevation(70, 13.5) == 45.0);
	double d1 = tw_sv_first_graze(13.5, 45.0);
	assert_true(fabs(d1 - 67.97) < 0.005);
	assert_true(fabs(tw_sv_elevation(1, 18) - 1.0) < 1e-12); // e = max(1 deg, ...)
}

static void test_SV_EX_19_DOC_17_verdict(void **st)
{
	(void)st;
	assert_true(tw_sv_adhering(40, 44, true));
	assert_false(tw_sv_adhering(39, 44, true));
	assert_false(tw_sv_adhering(44, 44, false)); // the commander left 8" behind under FRONT
	assert_true(tw_sv_adhering(0, 0, true));
}

static char *odds(const char *q, int n, const char *const *names, const char *const *values, tw_status *st)
{
	return tw_test_odds(&tw_ruleset_svl, q, n, names, values, st, NULL);
}

static void test_SV_EX_3_odds_morale_exact(void **st)
{
	(void)st;
	tw_status s;
	const char *mods[] = {"-2", "-1", "0", "1", "2", "3"};
	const char *want[][3] = {{"0", "1/3", "2/3"}, {"1/6", "1/3", "1/2"}, {"1/3", "1/3", "1/3"},
				 {"1/2", "1/3", "1/6"}, {"2/3", "1/3", "0"},   {"5/6", "1/6", "0"}};
	for (int i = 0; i < 6; i++) {
		const char *n[] = {"mod"}, *v[] = {mods[i]};
		char *out = odds("morale", 1, n, v, &s);
		assert_int_equal(s, TW_OK);
		char line[64];
		for (int k = 0; k < 3; k++) {
			const char *lab[] = {"carry on: ", "pause:    ", "recoil:   "};
			snprintf(line, sizeof line, "%s%s", lab[k], want[i][k]);
			if (!strstr(out, line))
				fail_msg("mod %s: no '%s' in\n%s", mods[i], line, out);
		}
		free(out);
	}
	// SV.MOR.9: two tests at 0: carry on only if both do, 4/36 = 1/9; recoil 1 - (2/3)^2 = 5/9.
	const char *n2[] = {"mod", "tests"}, *v2[] = {"0", "2"};
	char *out = odds("morale", 2, n2, v2, &s);
	assert_non_null(strstr(out, "carry on: 1/9"));
	assert_non_null(strstr(out, "recoil:   5/9"));
	free(out);
	const char *n3[] = {"mod"}, *v3[] = {"4"};
	free(odds("morale", 1, n3, v3, &s));
	assert_int_equal(s, TW_ERR_INPUT);
}

static void test_SV_MEL_2_odds_melee_exact(void **st)
{
	(void)st;
	tw_status s;
	// SV.EX.8's second phase: 1 match left, 2 at the gun: destroyed for certain.
	const char *n[] = {"matches", "at-gun"}, *v[] = {"1", "2"};
	char *out = odds("melee", 2, n, v, &s);
	assert_int_equal(s, TW_OK);
	assert_non_null(strstr(out, "destroyed (SV.WIN.2): 1"));
	free(out);
	// 2 matches, one close firer (5-6) and one far (6): destroyed 2/36 = 1/18; 1 left: 1/3+1/6-2/18=..
	const char *n2[] = {"matches", "far", "close"}, *v2[] = {"2", "1", "1"};
	out = odds("melee", 3, n2, v2, &s);
	assert_non_null(strstr(out, "destroyed (SV.WIN.2): 1/18"));
	assert_non_null(strstr(out, "1 left: 7/18"));
	assert_non_null(strstr(out, "2 left: 5/9"));
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_SV_EX_1_MOR_2_tests_due),
		cmocka_unit_test(test_SV_EX_2_MOR_3_MOR_7_results),
		cmocka_unit_test(test_SV_EX_4_MOR_8_below_half),
		cmocka_unit_test(test_SV_EX_5_FIRE_1_FIRE_2_faces),
		cmocka_unit_test(test_SV_EX_6_ROF_4_MOVE_4_moving_the_gun),
		cmocka_unit_test(test_SV_EX_7_GUN_7_misfire_by_tempo),
		cmocka_unit_test(test_SV_EX_9_ROF_1_ROF_2_shots_per_phase),
		cmocka_unit_test(test_SV_EX_18_ROF_5_human_clock),
		cmocka_unit_test(test_SV_EX_10_GUN_8_GUN_5_one_shot_numbers),
		cmocka_unit_test(test_SV_EX_11_GUN_12_label_trusted),
		cmocka_unit_test(test_SV_EX_12_GUN_8_out_of_reach),
		cmocka_unit_test(test_SV_EX_19_DOC_17_verdict),
		cmocka_unit_test(test_SV_EX_3_odds_morale_exact),
		cmocka_unit_test(test_SV_MEL_2_odds_melee_exact),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
