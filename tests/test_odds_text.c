// The core's helpers for the rule sets' odds hooks (src/core/odds_text.c): options by name, exact
// fractions, and the Monte Carlo cost beside an exact answer (moved here from Rattle's odds so
// that Rattle and Lloyd share it; Rattle's output is pinned by test_rd_play).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/tinwar.h"

static char *capture(void (*fn)(FILE *, const void *), const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	fn(f, arg);
	fclose(f);
	return buf;
}

static void note(FILE *f, const void *arg)
{
	const double *v = arg;
	tw_odds_mc_note(f, v[0], v[1]);
}

// var / se^2 samples for a standard error under 5e-7, and their time at the measured rate.
static void test_mc_note_samples_and_time(void **st)
{
	(void)st;
	double a[2] = {0.25, 10}; // p = 1/2: 1e12 samples at 10 ns: 1e4 s = 2.78 h
	char *out = capture(note, a);
	assert_string_equal(out, "    Monte Carlo for the same precision: 1e+12 samples (standard error < 5e-07), about 2.78 h "
				 "at 10 ns a sample (measured)\n");
	free(out);
	double b[2] = {0, 3}; // a certainty: one sample
	out = capture(note, b);
	assert_non_null(strstr(out, ": 1 samples (standard error < 5e-07), about 3 ns at 3 ns"));
	free(out);
}

static int coin(tw_rng *r, const void *ctx)
{
	(void)ctx;
	return (int)tw_rng_below(r, 2);
}

static void test_mc_sample_ns_measures(void **st)
{
	(void)st;
	double ns = tw_odds_mc_sample_ns(coin, NULL);
	assert_true(ns > 0 && ns < 1e6);
}

static void fraction(FILE *f, const void *arg)
{
	const double *v = arg;
	tw_odds_print_fraction(f, v[0], v[1]);
}

static void test_print_fraction_and_opt(void **st)
{
	(void)st;
	double a[2] = {43.0 / 80, 400};
	char *out = capture(fraction, a);
	assert_string_equal(out, "43/80 (0.537500)");
	free(out);
	const char *names[] = {"need", "closed"}, *values[] = {"8", ""};
	assert_string_equal(tw_odds_opt(2, names, values, "need"), "8");
	assert_string_equal(tw_odds_opt(2, names, values, "closed"), "");
	assert_null(tw_odds_opt(2, names, values, "foe"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mc_note_samples_and_time),
		cmocka_unit_test(test_mc_sample_ns_measures),
		cmocka_unit_test(test_print_fraction_and_opt),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
