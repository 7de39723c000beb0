// Study benchmark: Hook's Farm battles per second per core, computer against computer, fast
// shot model; and the scaling from 1 job to 2 jobs. Timings vary about 15% run to run on a
// shared machine: compare ratios measured in the same run.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tinwar/io.h"
#include "tinwar/sim.h"

void tw_bench_sim(void);
void tw_bench_sim_store(void);

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static double cpu_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

// Wall-clock seconds for the study with `jobs` threads; *cpu receives the process CPU seconds.
static double timed(tw_sim_config *c, tw_sim_game *g, int jobs, double *cpu)
{
	c->jobs = jobs;
	tw_error err;
	double t0 = now_s(), c0 = cpu_s();
	if (tw_sim_run(c, g, &err) != TW_OK) {
		fprintf(stderr, "bench_sim: %s\n", err.message);
		return -1;
	}
	*cpu = cpu_s() - c0;
	return now_s() - t0;
}

void tw_bench_sim(void)
{
	tw_state s;
	memset(&s, 0, sizeof s);
	tw_error err;
	const char *src = "scenarios/littlewars/hooks-farm.json";
	if (tw_state_load(&s, src, &err) != TW_OK) {
		src = "generated 144 x 96";
		memset(&s, 0, sizeof s);
		if (tw_scenario_generate(&s, "littlewars", 1, 144, 96, &err) != TW_OK) {
			fprintf(stderr, "bench_sim: %s\n", err.message);
			return;
		}
	}
	int n = getenv("TW_BENCH_GAMES") ? atoi(getenv("TW_BENCH_GAMES")) : 20;
	if (n < 2)
		n = 2;
	static const char *const pairs[][2] = {
		{"lw-default", "lw-default"}, {"lw-concentrate", "lw-gunline"}, {"lw-default", "random"}};
	tw_sim_game *g = calloc((size_t)n, sizeof *g);
	printf("sim: %s, %d games a row, fast shot model\n", src, n);
	printf("  %-28s %10s %10s %11s %10s %10s %9s %6s\n", "red - blue", "wall ms 1j", "cpu ms 1j", "battles/s/c",
	       "wall ms 2j", "cpu ms 2j", "speed-up", "moves");
	for (size_t p = 0; p < TW_ARRAY_COUNT(pairs); p++) {
		tw_sim_config c;
		tw_sim_config_default(&c);
		c.scenario = &s;
		c.games = n;
		c.seed = 2024;
		c.general[0] = pairs[p][0];
		c.general[1] = pairs[p][1];
		double c1, c2;
		double t1 = timed(&c, g, 1, &c1);
		tw_sim_summary m;
		tw_sim_summarize(g, n, &m);
		double t2 = timed(&c, g, 2, &c2);
		if (t1 < 0 || t2 < 0)
			break;
		char name[64];
		snprintf(name, sizeof name, "%s - %s", pairs[p][0], pairs[p][1]);
		printf("  %-28s %10.1f %10.1f %11.1f %10.1f %10.1f %8.2fx %6.0f\n", name, t1 * 1e3 / n, c1 * 1e3 / n, n / c1,
		       t2 * 1e3 / n, c2 * 1e3 / n, t1 / t2, m.moves.mean);
	}
	printf("  (ms are per battle; battles/s/c = per core from CPU time; speed-up = wall 1 job / wall 2 jobs,\n"
	       "   ideally 2.00x on 2 idle cores; cpu 2j close to cpu 1j means no contention between jobs;\n"
	       "   target: 2 ms a battle or less)\n");
	free(g);
	tw_state_free(&s);
}


// ---- storing studies ----

static double median5(double *v)
{
	for (int i = 1; i < 5; i++)
		for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
			double t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return v[2];
}

// Storing a study of n games of `nsides` sides in a fresh SQLite file (one transaction), then
// counting a pairing's totals once 20 studies are there: the medians of 5 runs, in ms (the
// store's wall-clock time, which includes the commit's sync to disk, and its CPU time).
static void store_ms(tw_state *s, int nsides, int n, double *store, double *store_cpu, double *totals)
{
	static const char *const gens[TW_MAX_SIDES] = {"lw-default", "random", "lw-rush", "lw-gunline",
						       "lw-default", "random", "lw-rush", "lw-gunline"};
	int saved = s->nsides;
	tw_side saved_sides[TW_MAX_SIDES];
	memcpy(saved_sides, s->sides, sizeof saved_sides);
	// Only the sides' names are stored: a storage benchmark may name more sides than it plays.
	s->nsides = nsides;
	for (int k = 2; k < nsides; k++)
		snprintf(s->sides[k].name, sizeof s->sides[k].name, "side%d", k);
	tw_sim_game *g = calloc((size_t)n, sizeof *g);
	tw_sim_config c;
	tw_sim_config_default(&c);
	c.scenario = s;
	c.games = n;
	for (int k = 0; k < nsides; k++)
		c.general[k] = gens[k];
	for (int i = 0; g && i < n; i++) {
		g[i].seed = tw_rng_derive(1, (uint64_t)i);
		g[i].nsides = nsides;
		g[i].winner = i % (nsides + 1) == nsides ? -2 : i % (nsides + 1);
		for (int k = 0; k < nsides; k++) {
			g[i].score[k] = 10.0 * k + i % 7;
			g[i].casualties[k] = (i + k) % 40;
		}
		g[i].moves = 10 + i % 30;
		g[i].orders = 100 + i % 200;
		g[i].ms = 12.5;
	}
	double ts[5] = {0}, tc[5] = {0}, tt[5] = {0};
	tw_error err;
	for (int r = 0; g && r < 5; r++) {
		char path[] = "/tmp/tw_bench_simXXXXXX";
		int fd = mkstemp(path);
		if (fd < 0)
			break;
		close(fd);
		unlink(path);
		double t0 = now_s(), c0 = cpu_s();
		int64_t id;
		if (tw_sim_store(path, &c, "bench", "", g, n, &id, &err) != TW_OK) {
			fprintf(stderr, "bench_sim_store: %s\n", err.message);
			unlink(path);
			break;
		}
		ts[r] = now_s() - t0;
		tc[r] = cpu_s() - c0;
		for (int k = 1; k < 20; k++)
			tw_sim_store(path, &c, "bench", "", g, 50, &id, &err);
		tw_sim_totals tot;
		t0 = now_s();
		tw_sim_db_totals(path, "bench", nsides, c.general, &tot, &err);
		tt[r] = now_s() - t0;
		unlink(path);
	}
	*store = median5(ts) * 1e3;
	*store_cpu = median5(tc) * 1e3;
	*totals = median5(tt) * 1e3;
	free(g);
	s->nsides = saved;
	memcpy(s->sides, saved_sides, sizeof saved_sides);
}

void tw_bench_sim_store(void)
{
	tw_state *s = calloc(1, sizeof *s);
	tw_error err;
	if (!s || tw_scenario_generate(s, "littlewars", 1, 144, 96, &err) != TW_OK) {
		fprintf(stderr, "bench_sim_store: cannot make a scenario\n");
		free(s);
		return;
	}
	enum { N = 5000 };
	static const int sides[] = {2, 3, 8};
	for (size_t i = 0; i < TW_ARRAY_COUNT(sides); i++) {
		double st, sc, tot;
		store_ms(s, sides[i], N, &st, &sc, &tot);
		printf("sim store: %d games of %d sides in one transaction: wall %.1f ms, cpu %.1f ms (%.2f us a game);"
		       " totals of 20 studies %.2f ms\n",
		       N, sides[i], st, sc, sc * 1e3 / N, tot);
	}
	tw_state_free(s);
	free(s);
}
