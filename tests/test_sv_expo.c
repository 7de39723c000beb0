// Science versus Luck, phase 1, roles and the test range, as pure functions: the briefing score
// (SV.EX.14), the default auction with five computer bidders (SV.EX.15), roles and pairings with
// five teams (SV.EX.16), the test range's range factor (SV.EX.13) and what it records (SV.DOC.8).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "tinwar/tinwar.h"
#include "tinwar/svl.h"

static void test_SV_EX_14_BRF_1_briefing_score(void **st)
{
	(void)st;
	double s = tw_sv_score(TW_SV_ALBIONIA, TW_SV_VUL);
	// 0.35 x 0.9 + 0.35 x 0.714 + 0.15 x 0.8 + 0.15 x 1 = 0.835 (0.8350 unrounded: 0.35 x 60/84)
	assert_true(fabs(s - (0.315 + 0.35 * 60.0 / 84.0 + 0.120 + 0.150)) < 1e-12);
	assert_true(fabs(s - 0.835) < 0.0005);
	assert_true(tw_sv_score(TW_SV_FREEDONIA, TW_SV_IMP) == 0); // SV.BRF.4 veto: a Ruritanian maker
	assert_true(tw_sv_score(TW_SV_NO_COUNTRY, TW_SV_VUL) == 0);
	assert_int_equal(tw_sv_reserve(TW_SV_VUL), 200); // SV.EXPO.5
	assert_int_equal(tw_sv_reserve(TW_SV_ALP), 90);
	assert_int_equal(tw_sv_reserve(TW_SV_ECO), 50);
}

static void test_SV_EX_15_EXPO_6_7_default_auction(void **st)
{
	(void)st;
	tw_sv_auction *a = test_malloc(sizeof *a);
	tw_error err = {0};
	assert_int_equal(tw_sv_auction_auto(5, tw_sv_default_lots, 8, a, &err), TW_OK);
	enum { A = TW_SV_ALBIONIA, B = TW_SV_BOSROVIA, F = TW_SV_FREEDONIA, R = TW_SV_RURITANIA, S = TW_SV_SYLVANIA };
	static const struct {
		int lot, pass, winner, price, nbid;
		int bidders[5], ceilings[5]; // in the order the example lists them (ceiling, then rotation)
	} want[] = {
		{1, 1, A, 450, 5, {A, R, S, B, F}, {530, 440, 430, 390, 390}},
		{2, 1, 0, 0, 0, {0}, {0}},
		{3, 1, F, 480, 5, {F, R, S, A, B}, {570, 470, 470, 470, 400}},
		{4, 1, B, 190, 2, {B, S}, {200, 180}},
		{5, 1, R, 660, 3, {R, S, A}, {900, 650, 550}},
		{6, 1, B, 110, 3, {B, A, S}, {120, 100, 100}},
		{7, 1, S, 410, 4, {S, A, F, R}, {470, 400, 320, 240}},
		{8, 1, S, 100, 2, {S, A}, {100, 100}},
		{2, 2, A, 250, 3, {A, R, F}, {290, 240, 210}},
	};
	assert_int_equal(a->nsales, 9);
	for (int i = 0; i < 9; i++) {
		const tw_sv_sale *sl = &a->sale[i];
		assert_int_equal(sl->lot, want[i].lot);
		assert_int_equal(sl->pass, want[i].pass);
		if (sl->winner != want[i].winner || sl->price != want[i].price || sl->nbid != want[i].nbid)
			fail_msg("lot %d: winner %d price %d bidders %d", sl->lot, sl->winner, sl->price, sl->nbid);
		for (int k = 0; k < want[i].nbid; k++) { // each listed bidder's ceiling W
			int found = -1;
			for (int j = 0; j < sl->nbid; j++)
				if (sl->bidder[j] == want[i].bidders[k])
					found = sl->ceiling[j];
			if (found != want[i].ceilings[k])
				fail_msg("lot %d: %s W %d, expected %d", sl->lot, tw_sv_country_names[want[i].bidders[k]], found,
					 want[i].ceilings[k]);
		}
	}
	// Lot 8: the tie at 100 goes to Sylvania, met before Albionia in the rotation from Freedonia.
	assert_int_equal(a->sale[7].bidder[0], S);
	// Final holdings.
	static const int left[] = {0, 300, 150, 320, 240, 140};
	static const int guns[6][2] = {{0}, {TW_SV_VUL, TW_SV_STA}, {TW_SV_ALP, TW_SV_ECO}, {TW_SV_TEM, -1}, {TW_SV_IMP, -1},
				       {TW_SV_LEN, TW_SV_ECO}};
	for (int c = 1; c <= 5; c++) {
		assert_int_equal(a->left[c], left[c]);
		assert_int_equal(a->nguns[c], guns[c][1] < 0 ? 1 : 2);
		for (int k = 0; k < a->nguns[c]; k++)
			assert_int_equal(a->guns[c][k], guns[c][k]);
		assert_false(a->arsenal[c]); // no Arsenal gun is issued
	}
	// SV.EXPO.9: phase-1 scores; Bosrovia's 150 fr left adds 0.10 once.
	double bos = (tw_sv_score(B, TW_SV_ALP) + tw_sv_score(B, TW_SV_ECO)) / 2 + 0.10;
	assert_true(fabs(tw_sv_phase1_score(a, B) - bos) < 1e-12);
	assert_true(fabs(tw_sv_phase1_score(a, F) - tw_sv_score(F, TW_SV_TEM)) < 1e-12);
	// SV.EXPO.7: a country left without a gun gets the Arsenal gun free; one lot, three bidders.
	const int one[] = {TW_SV_IMP};
	assert_int_equal(tw_sv_auction_auto(3, one, 1, a, &err), TW_OK);
	int issued = 0;
	for (int c = 1; c <= 3; c++)
		issued += a->arsenal[c] && a->guns[c][0] == TW_SV_ARS;
	assert_int_equal(issued, 2);
	assert_true(tw_sv_phase1_score(a, TW_SV_BOSROVIA) == 0); // fewer than its minimum
	// Bad input: located and refused.
	const int ars[] = {TW_SV_VUL, TW_SV_ARS};
	assert_int_equal(tw_sv_auction_auto(5, ars, 2, a, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "SV.EXPO.4");
	assert_int_equal(tw_sv_auction_auto(7, one, 1, a, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "SV.SETUP.2");
	test_free(a);
}

static void test_SV_EX_16_SETUP_4_8_roles_and_pairings(void **st)
{
	(void)st;
	enum { A = TW_SV_ALBIONIA, B = TW_SV_BOSROVIA, F = TW_SV_FREEDONIA, R = TW_SV_RURITANIA, S = TW_SV_SYLVANIA };
	static const int p1[] = {A, B, F, R, S}, p2[] = {B, F, R, S, A}, p3opt[] = {F, R, S, A, B};
	for (int t = 0; t < 5; t++) {
		assert_int_equal(tw_sv_team_country(5, t, 1, false), p1[t]);
		assert_int_equal(tw_sv_team_country(5, t, 2, false), p2[t]);
		assert_int_equal(tw_sv_team_country(5, t, 3, false), p2[t]);
		assert_int_equal(tw_sv_team_country(5, t, 3, true), p3opt[t]);
		assert_int_equal(tw_sv_target_team(5, t), (t + 1) % 5); // N odd
	}
	// Battle 1: Bosrovian infantry (T0) against T1's gun: Freedonia's, the Tempete T2 bought in phase 1.
	assert_int_equal(tw_sv_team_country(5, tw_sv_target_team(5, 0), 3, false), F);
	assert_int_equal(tw_sv_team_country(5, 2, 1, false), F);
	// N even: pairs; N = 1: the team-mates fight each other; N = 6 uses Vorlandia.
	assert_int_equal(tw_sv_target_team(4, 2), 3);
	assert_int_equal(tw_sv_target_team(4, 3), 2);
	assert_int_equal(tw_sv_target_team(1, 0), 0);
	assert_int_equal(tw_sv_team_country(6, 5, 1, false), TW_SV_VORLANDIA);
	assert_int_equal(tw_sv_team_country(6, 5, 2, false), A);
	assert_int_equal(tw_sv_team_country(5, 5, 1, false), TW_SV_NO_COUNTRY);
}

static void test_SV_EX_13_DOC_9_range_factor(void **st)
{
	(void)st;
	tw_sv_round rd[6];
	static const double d1[] = {30.1, 31.5, 29.0, 33.2, 30.7};
	memset(rd, 0, sizeof rd);
	for (int i = 0; i < 5; i++)
		rd[i] = (tw_sv_round){.r = 36, .k = 1.0, .e = 20, .d1 = d1[i], .lat = 0, .z0 = d1[i] - 2, .z1 = d1[i] + 4};
	rd[5] = (tw_sv_round){.r = 36, .k = 1.0, .misfire = true};
	tw_sv_range_summary sum;
	tw_sv_range_summarise(rd, 6, &sum);
	assert_int_equal(sum.rounds, 6);
	assert_int_equal(sum.misfires, 1);
	assert_int_equal(sum.counted, 5);
	assert_true(fabs(sum.mean_ratio * 36 - 30.90) < 1e-9); // mean 30.90"
	assert_true(fabs(sum.mean_ratio - 0.858) < 0.0005);    // D1/R = 0.858
	assert_true(sum.k_new == 0.86);                         // suggested AM.range_factor
	// SV.DOC.8: screens struck: the 36" screen lies in 1 of the 5 zones Z0-Z1 = D1-2 to D1+4 (33.2: 31.2-37.2).
	assert_true(fabs(sum.screen_share[2] - 1.0 / 5) < 1e-12);
	assert_true(sum.screen_share[0] == 0 && sum.screen_share[5] == 0);
	// A round 3" left at its 30" graze holds 3.6" at 36" (struck) and a round 6" left at 30" holds
	// 7.2" there (not struck).
	tw_sv_round w = {.r = 36, .k = 1, .e = 20, .d1 = 30, .lat = -3, .z0 = 28, .z1 = 40};
	assert_true(tw_sv_screen_struck(&w, 36));
	w.lat = -6;
	assert_false(tw_sv_screen_struck(&w, 36));
	assert_true(tw_sv_screen_struck(&w, 30));
	// Rounds at 45 degrees and over are left out of the ratio (SV.DOC.9).
	rd[0].e = 45;
	tw_sv_range_summarise(rd, 5, &sum);
	assert_int_equal(sum.counted, 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_SV_EX_14_BRF_1_briefing_score),
		cmocka_unit_test(test_SV_EX_15_EXPO_6_7_default_auction),
		cmocka_unit_test(test_SV_EX_16_SETUP_4_8_roles_and_pairings),
		cmocka_unit_test(test_SV_EX_13_DOC_9_range_factor),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
