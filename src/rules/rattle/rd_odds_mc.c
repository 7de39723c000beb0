// Beside each exact answer of `tinwar odds rattle ...`: what a Monte Carlo estimate of the same
// answer would cost. The samples needed for a standard error below the printed precision (half a
// unit in the sixth decimal: var / se^2 samples), and the time they take, from the time per sample
// measured here by sampling the same throw with the seeded generator (not guessed).
#include <math.h>
#include <time.h>

#include "rd.h"

static double now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

double rd_mc_sample_ns(rd_mc_throw throw_once, const void *ctx)
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
	for (size_t k = 0; k < TW_ARRAY_COUNT(units); k++)
		if (ns >= units[k].ns || k + 1 == TW_ARRAY_COUNT(units)) {
			fprintf(out, "%.3g %s", ns / units[k].ns, units[k].unit);
			return;
		}
}

void rd_mc_note(FILE *out, double variance, double sample_ns)
{
	double n = variance > 0 ? ceil(variance / (RD_MC_SE * RD_MC_SE)) : 1;
	fprintf(out, "    Monte Carlo for the same precision: %.3g samples (standard error < %g), about ", n, RD_MC_SE);
	print_time(out, n * sample_ns);
	fprintf(out, " at %.3g ns a sample (measured)\n", sample_ns);
}
