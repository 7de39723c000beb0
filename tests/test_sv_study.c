// Science versus Luck studies (sv-cite, issue 17 part 3): manuals x guns played by tw_sim_run,
// each side's win rate with its Wilson 95% interval; which doctrine wins with a gun, and whether
// that is separated at 95%. Fixed seeds: the counts are exact and the same on any number of jobs.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/tinwar.h"
#include "tinwar/io.h"
#include "tinwar/physics.h"
#include "tinwar/svl_study.h"
#include "test_scale.h"

static tw_state *load(void)
{
	tw_register_builtin();
	tw_state *s = calloc(1, sizeof *s);
	tw_error err = {0};
	if (tw_state_load(s, "scenarios/svl/battle.json", &err) != TW_OK)
		fail_msg("%s", err.message);
	return s;
}

// A: the defaults (walk, fire within 12": the advance halts there). B: run any time, never fire,
// assault from 12".
static void manuals(tw_sv_manual m[2])
{
	tw_sv_manual_default(&m[0], TW_SV_INFANTRY, TW_SV_VORLANDIA);
	tw_sv_manual_default(&m[1], TW_SV_INFANTRY, TW_SV_VORLANDIA);
	m[1].v[0] = 3;   // IM.pace RUN_ANYTIME
	m[1].v[8] = 2;   // IM.fire NEVER
	m[1].v[10] = 120; // IM.assault 12"
}

static void test_SV_DOC_12_study_manuals_by_guns(void **st)
{
	(void)st;
	tw_state *s = load();
	tw_sv_manual m[2];
	manuals(m);
	int guns[2] = {tw_gun_model_find("STA"), tw_gun_model_find("TEM")};
	tw_sim_config cfg;
	tw_sim_config_default(&cfg);
	cfg.games = 8;
	cfg.seed = 5;
	cfg.general[0] = cfg.general[1] = "svl-manual";
	tw_sv_study_cell c[4], d[4];
	tw_error err = {0};
	// On one job and on two: the same cells. Under the sanitizers the two-job study only (its
	// threads are what they check; the figures asserted below are the same).
	bool one = !tw_test_sanitized();
	if (one && tw_sv_study(s, m, 2, guns, 2, &cfg, c, &err) != TW_OK)
		fail_msg("%s %s", err.clause, err.message);
	cfg.jobs = 2;
	assert_int_equal(tw_sv_study(s, m, 2, guns, 2, &cfg, d, &err), TW_OK);
	if (!one)
		memcpy(c, d, sizeof c);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(c[i].manual, i / 2);
		assert_int_equal(c[i].gun, i % 2);
		assert_int_equal(c[i].sum.games, 8);
		// STA's guns win all 8; TEM's lose all 8 to A, 7 to B (sv-svfix: B's company closes ranks
		// to IM.spacing after casualties, SV.DOC.20, and its rush is slower for it).
		assert_int_equal(c[i].sum.side[0].wins, i == 3 ? 7 : i % 2 ? 8 : 0);
		assert_int_equal(c[i].sum.side[0].wins, d[i].sum.side[0].wins); // the same on two jobs
		assert_int_equal(c[i].sum.side[0].wins + c[i].sum.side[1].wins + c[i].sum.draws, 8);
		double lo, hi;
		tw_wilson(c[i].sum.side[0].wins, 8, 1.959963984540054, &lo, &hi);
		assert_true(c[i].sum.side[0].win_lo == lo && c[i].sum.side[0].win_hi == hi);
	}
	for (int g = 0; g < 2; g++) {
		bool sep;
		int b = tw_sv_study_best(c, 2, 2, g, 0, &sep);
		int o = 1 - b;
		assert_true(c[b * 2 + g].sum.side[0].wins >= c[o * 2 + g].sum.side[0].wins);
		assert_true(sep == (c[o * 2 + g].sum.side[0].win_hi < c[b * 2 + g].sum.side[0].win_lo));
		assert_int_equal(b, 0); // a tie or 8 to 7: the first manual, and not separated
		assert_false(sep);
	}
	tw_state_free(s);
	free(s);
}

static void test_SV_DOC_14_study_refuses_bad_input(void **st)
{
	(void)st;
	tw_state *s = load();
	tw_sv_manual m[2];
	manuals(m);
	m[1].v[0] = 9; // no such IM.pace
	int guns[1] = {tw_gun_model_find("STA")};
	tw_sim_config cfg;
	tw_sim_config_default(&cfg);
	cfg.games = 2;
	tw_sv_study_cell c[2];
	tw_error err = {0};
	assert_int_equal(tw_sv_study(s, m, 2, guns, 1, &cfg, c, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "SV.DOC.12");
	manuals(m);
	int bad[1] = {-1};
	assert_int_equal(tw_sv_study(s, m, 2, bad, 1, &cfg, c, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "SV.GUN.2");
	tw_state_free(s);
	free(s);
}

static void test_SV_DOC_12_study_best_separated(void **st)
{
	(void)st;
	// One gun, three manuals: 9 of 10, 2 of 10, 1 of 10 infantry wins. Wilson 95%: 9/10 is
	// [0.596, 0.982], 2/10 [0.057, 0.510]: separated. With 6 of 10 ([0.313, 0.832]) it is not.
	tw_sv_study_cell c[3];
	memset(c, 0, sizeof c);
	const int wins[3] = {2, 9, 1};
	for (int i = 0; i < 3; i++) {
		c[i].sum.games = 10;
		c[i].sum.side[0].wins = wins[i];
		tw_wilson(wins[i], 10, 1.959963984540054, &c[i].sum.side[0].win_lo, &c[i].sum.side[0].win_hi);
	}
	bool sep;
	assert_int_equal(tw_sv_study_best(c, 3, 1, 0, 0, &sep), 1);
	assert_true(sep);
	c[0].sum.side[0].wins = 6;
	tw_wilson(6, 10, 1.959963984540054, &c[0].sum.side[0].win_lo, &c[0].sum.side[0].win_hi);
	assert_int_equal(tw_sv_study_best(c, 3, 1, 0, 0, &sep), 1);
	assert_false(sep);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_SV_DOC_12_study_manuals_by_guns),
		cmocka_unit_test(test_SV_DOC_14_study_refuses_bad_input),
		cmocka_unit_test(test_SV_DOC_12_study_best_separated),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
