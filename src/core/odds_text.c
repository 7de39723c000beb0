// Helpers for the rule sets' odds hooks (tw_ruleset.odds): options by name, probabilities
// written as exact fractions of equally likely throws, and beside each exact answer what a Monte
// Carlo estimate of the same precision would cost: the samples needed for a standard error below
// the printed precision (var / se^2), and the time they take, from the time per sample measured
// by sampling the same throw with a seeded generator (not guessed). Moved here from Rattle's odds
// (its output unchanged) so that every rule set's odds use the one helper.
#include <math.h>
#include <string.h>
#include <time.h>

#include "tinwar/ruleset.h"

const char *tw_odds_opt(int nopts, const char *const *names, const char *const *values, const char *name)
{
	for (int i = 0; i < nopts; i++)
		if (strcmp(names[i], name) == 0)
			return values[i];
	return NULL;
}

void tw_odds_print_fraction(FILE *out, double p, double den)
{
	double num = p * den;
	if (den <= 9007199254740992.0 && fabs(num - round(num)) < 1e-6) {
		long long n = llround(num), d = llround(den), a = n, b = d;
		while (b) {
			long long t = a % b;
			a = b;
			b = t;
		}
		if (a > 1) {
			n /= a;
			d /= a;
		}
		fprintf(out, "%lld/%lld (%.6f)", n, d, p);
	} else {
		fprintf(out, "%.12g", p);
	}
}

static double now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

double tw_odds_mc_sample_ns(tw_odds_mc_throw throw_once, const void *ctx)
{
	tw_rng r;
	tw_rng_seed(&r, 0x52415454u); // fixed: the odds never depend on the clock, only the timing does
	volatile int sink = 0;
	long n = 0;
	double t0 = now_ns(), t = t0;
	for (long batch = 1024; t - t0 < 20e6 && n < 50000000; batch *= 2) { // at least 20 ms of sampling
		for (long i = 0; i < batch; i++)
			sink += throw_once(&r, ctx);
		n += batch;
		t = now_ns();
	}
	(void)sink;
	return (t - t0) / (double)n;
}

static void print_time(FILE *out, double ns)
{
	static const struct {
		double ns;
		const char *unit;
	} units[] = {{365.25 * 86400e9, "years"}, {86400e9, "days"}, {3600e9, "h"}, {60e9, "min"}, {1e9, "s"},
		     {1e6, "ms"},		   {1e3, "us"},	     {1, "ns"}};
	size_t nu = sizeof units / sizeof units[0];
	for (size_t k = 0; k < nu; k++)
		if (ns >= units[k].ns || k + 1 == nu) {
			fprintf(out, "%.3g %s", ns / units[k].ns, units[k].unit);
			return;
		}
}

void tw_odds_mc_note(FILE *out, double variance, double sample_ns)
{
	double n = variance > 0 ? ceil(variance / (TW_ODDS_MC_SE * TW_ODDS_MC_SE)) : 1;
	fprintf(out, "    Monte Carlo for the same precision: %.3g samples (standard error < %g), about ", n, TW_ODDS_MC_SE);
	print_time(out, n * sample_ns);
	fprintf(out, " at %.3g ns a sample (measured)\n", sample_ns);
}
