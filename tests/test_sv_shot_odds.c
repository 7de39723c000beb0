// Science versus Luck, `tinwar odds svl shot` (sv-shot, issue 17): a Monte Carlo estimate of one
// gun's shot at a line (SV.GUN.8-11) by the battle's own sv_shot, with 95% intervals (normal for
// the mean, Wilson for the chance): figures pinned by the seed, a sure hit's exact Wilson bound,
// and bad options refused by name with nothing printed.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/tinwar.h"
#include "rules/svl/sv.h"
#include "odds_test.h"

static void reg(void)
{
	static const tw_ruleset *const list[] = {&tw_ruleset_svl};
	tw_register_builtin();
	tw_register_rulesets(list, 1);
}

// The answer to `odds svl shot` with these options, and its status; *msg the error's words.
static char *odds(int n, const char *const *names, const char *const *values, tw_status *st, char *msg)
{
	tw_error err = {0};
	char *text = tw_test_odds(&tw_ruleset_svl, "shot", n, names, values, st, &err);
	if (msg)
		strcpy(msg, err.message);
	return text;
}

// SV.GUN.8-11: STA's true values at 36 in, steady, 10 men 2 in apart in the open, seed 1: the
// printed figures are the seed's (20000 shots, every draw from the seeded generator).
static void test_SV_GUN_8_odds_shot_pinned_by_seed(void **st)
{
	(void)st;
	reg();
	const char *n[] = {"range", "gun", "seed"}, *v[] = {"36", "STA", "1"};
	tw_status s;
	char *out = odds(3, n, v, &s, NULL);
	assert_int_equal(s, TW_OK);
	assert_non_null(strstr(out, "shot: STA (true values), set range 36 in, steady tempo, 10 figures in line 2 in apart, in the open"));
	assert_non_null(strstr(out, "  Monte Carlo: 20000 shots, seed 1 (577 misfired)\n"));
	assert_non_null(
		strstr(out, "  figures knocked over a shot: 0.454300, 95% interval [0.447399, 0.461201] (normal approximation)\n"));
	assert_non_null(strstr(out, "  at least one: 0.454300 (9086/20000), 95% interval [0.447409, 0.461209] (Wilson)\n"));
	assert_non_null(strstr(out, "    Monte Carlo for the same precision: 9.92e+11 samples (standard error < 5e-07)"));
	assert_non_null(strstr(out, "  time: "));
	const char *mc = strstr(out, "    Monte Carlo for");
	assert_non_null(mc);
	size_t head = (size_t)(mc - out);
	char *again = odds(3, n, v, &s, NULL); // the same seed, the same figures (the time aside)
	assert_memory_equal(out, again, head);
	free(again);
	free(out);
	// The label's claims, each man in soft cover (SV.GUN.10), 5000 shots, seed 7.
	const char *n2[] = {"range", "gun", "label", "figures", "cover", "samples", "seed"},
		   *v2[] = {"36", "VUL", "", "11", "soft", "5000", "7"};
	out = odds(7, n2, v2, &s, NULL);
	assert_int_equal(s, TW_OK);
	assert_non_null(strstr(out, "VUL (the label's values)"));
	assert_non_null(strstr(out, "each in soft cover"));
	assert_non_null(strstr(out, "  at least one: 0.162800 (814/5000), 95% interval [0.152826, 0.173291] (Wilson)\n"));
	free(out);
}

// SV.GUN.10: a gun whose spreads are 0 (and no misfires), laid by its own true velocity at a man
// standing at the set range: every shot knocks him over; the chance is 1 with Wilson's exact
// lower bound n / (n + z^2) and upper bound 1; the mean 1 with no spread.
static void test_SV_GUN_10_odds_shot_sure_hit_wilson_bound(void **st)
{
	(void)st;
	reg();
	sv_shot_odds q = {0};
	tw_error err = {0};
	assert_int_equal(sv_shot_odds_gun(&q, "STA", true, &err), TW_OK); // v_mean = the label's velocity
	q.v_sigma = 0, q.az_sigma = 0, q.misfire = 0;
	q.range = 36, q.tempo = TW_SV_STEADY, q.figures = 5, q.spacing = 2, q.samples = 20000, q.seed = 3;
	sv_shot_odds_result r;
	assert_int_equal(sv_shot_odds_run(&q, &r, &err), TW_OK);
	assert_int_equal(r.samples, 20000);
	assert_int_equal(r.hit, 20000);
	assert_int_equal(r.misfires, 0);
	assert_true(r.p == 1.0 && r.p_hi == 1.0);
	double z = 1.959963984540054;
	assert_true(fabs(r.p_lo - 20000.0 / (20000.0 + z * z)) < 1e-15);
	char b[32];
	snprintf(b, sizeof b, "%.6f", r.p_lo);
	assert_string_equal(b, "0.999808");
	assert_true(r.mean == 1.0 && r.var == 0.0 && r.mean_lo == 1.0 && r.mean_hi == 1.0);
	// And never: k = 0 gives [0, z^2 / (n + z^2)].
	double lo, hi;
	sv_wilson95(0, 100, &lo, &hi);
	assert_true(lo == 0 && fabs(hi - z * z / (100 + z * z)) < 1e-15);
}

// Bad options: refused with the option named, TW_ERR_INPUT, nothing printed.
static void test_SV_GUN_8_odds_shot_bad_options_refused(void **st)
{
	(void)st;
	reg();
	static const struct {
		const char *name, *value, *named;
	} bad[] = {
		{"range", "0", "--range"},    {"range", "abc", "--range"},	 {"range", "36x", "--range"},
		{"gun", "XXX", "--gun"},      {"gun", "", "--gun"},		 {"tempo", "fast", "--tempo"},
		{"figures", "0", "--figures"}, {"figures", "41", "--figures"}, {"spacing", "0.5", "--spacing"},
		{"cover", "hard", "--cover"}, {"samples", "0", "--samples"},	 {"seed", "-1", "--seed"},
		{"label", "STA", "--label"},  {"bogus", "3", "--bogus"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char *n[] = {"range", bad[i].name}, *v[] = {"36", bad[i].value};
		int k = strcmp(bad[i].name, "range") == 0 ? 1 : 0; // a bad --range replaces the good one
		tw_status s;
		char msg[512];
		char *out = odds(2 - k, n + k, v + k, &s, msg);
		if (s != TW_ERR_INPUT || !strstr(msg, bad[i].named) || strlen(out) != 0)
			fail_msg("--%s %s: status %d, '%s', printed '%s'", bad[i].name, bad[i].value, s, msg, out);
		free(out);
	}
	tw_status s;
	char msg[512];
	char *out = odds(0, NULL, NULL, &s, msg); // --range is needed
	assert_int_equal(s, TW_ERR_INPUT);
	assert_non_null(strstr(msg, "--range"));
	assert_int_equal(strlen(out), 0);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_SV_GUN_8_odds_shot_pinned_by_seed),
		cmocka_unit_test(test_SV_GUN_10_odds_shot_sure_hit_wilson_bound),
		cmocka_unit_test(test_SV_GUN_8_odds_shot_bad_options_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
