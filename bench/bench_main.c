// make bench: figures, each with the ratio against a naive or reference baseline measured in
// the same run. Medians of repeated runs; wall-clock via CLOCK_MONOTONIC.
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rules/littlewars/lw.h"
#include "tinwar/tinwar.h"

void tw_bench_physics(void);
void tw_bench_sim(void);
void tw_bench_sim_store(void);
void tw_bench_server(void);
void tw_bench_scale(int max_side);
void tw_bench_lloyd(void); // ll-gen (bench_lloyd.c)
void tw_bench_svl(void); // sv-cite: bench_svl.c

// Two draws in a fixed order (C leaves the order of function arguments unspecified).
static tw_vec2 rand_pt(tw_rng *r, double w, double d)
{
	double x = tw_rng_unit(r) * w;
	double y = tw_rng_unit(r) * d;
	return tw_v2(x, y);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

// CPU time of this thread: the battles are one core's work (on a machine shared with other
// jobs, wall time measures them too).
static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_d);
	return v[n / 2];
}

static volatile uint64_t sink;

// ---- support and isolation counts: 1000 figures, "how many within r" for each ----
static void bench_support(void)
{
	enum { N = 1000, REPS = 15 };
	tw_vec2 *p = malloc(N * sizeof *p);
	double *r = malloc(N * sizeof *r);
	tw_rng rng;
	tw_rng_seed(&rng, 1);
	for (int i = 0; i < N; i++) {
		p[i] = rand_pt(&rng, 216, 144);
		r[i] = tw_rng_below(&rng, 3) ? LW_INF_MOVE : LW_CAV_MOVE; // LW.MEL.1: within a move
	}
	double tn[REPS], tg[REPS];
	uint64_t cn = 0, cg = 0;
	tw_grid g = {0};
	for (int rep = 0; rep < REPS; rep++) {
		double t0 = now();
		uint64_t c = 0;
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++)
				c += tw_len2(tw_sub(p[i], p[j])) <= r[i] * r[i];
		tn[rep] = now() - t0;
		cn = c;
		t0 = now();
		c = 0;
		tw_grid_build(&g, p, N, LW_CAV_MOVE, 0, 0, 216, 144); // rebuild included
		for (int i = 0; i < N; i++)
			c += (uint64_t)tw_grid_count(&g, p[i], r[i], NULL);
		tg[rep] = now() - t0;
		cg = c;
	}
	tw_grid_free(&g);
	double mn = median(tn, REPS), mg = median(tg, REPS);
	printf("support counts, 1000 figures within 12/24 in (LW.MEL.1), per full sweep:\n");
	printf("  naive all-pairs %.3f ms   grid %.3f ms (rebuild included)   ratio naive/grid %.1fx   %s\n",
	       mn * 1e3, mg * 1e3, mn / mg, cn == cg ? "same counts" : "COUNTS DIFFER");
	// The 6 in melee reach (LW.MEL.4) with a 6 in grid.
	for (int rep = 0; rep < REPS; rep++) {
		double t0 = now();
		uint64_t c = 0;
		for (int i = 0; i < N; i++)
			for (int j = 0; j < N; j++)
				c += tw_len2(tw_sub(p[i], p[j])) <= 36.0;
		tn[rep] = now() - t0;
		cn = c;
		t0 = now();
		tw_grid_build(&g, p, N, 6.0, 0, 0, 216, 144);
		c = 0;
		for (int i = 0; i < N; i++)
			c += (uint64_t)tw_grid_count(&g, p[i], 6.0, NULL);
		tg[rep] = now() - t0;
		cg = c;
	}
	tw_grid_free(&g);
	mn = median(tn, REPS);
	mg = median(tg, REPS);
	printf("  within 6 in (LW.MEL.4): naive %.3f ms   grid %.3f ms   ratio %.1fx   %s\n", mn * 1e3, mg * 1e3, mn / mg,
	       cn == cg ? "same counts" : "COUNTS DIFFER");
	free(p);
	free(r);
}

// ---- line of sight on a generated Country: against a naive test of every piece ----
static bool naive_los(const tw_table *tb, tw_vec2 a, double za, tw_vec2 b, double zb)
{
	// Baseline: sample the sight line every 0.25 in and test every piece at every sample.
	double L = tw_dist(a, b);
	int n = (int)(L / 0.25) + 1;
	for (int k = 0; k <= n; k++) {
		double t = (double)k / n;
		tw_vec2 p = tw_add(a, tw_scale(tw_sub(b, a), t));
		double z = za + (zb - za) * t;
		for (int i = 0; i < tb->nterrain; i++) {
			const tw_terrain *tr = &tb->terrain[i];
			if (!tw_terrain_is_solid((tw_terrain_kind)tr->kind))
				continue;
			if (z < tr->z0 + tr->height && tw_terrain_contains(tr, p))
				return false;
		}
	}
	return true;
}

static void bench_los(void)
{
	tw_state s;
	memset(&s, 0, sizeof s);
	tw_error err;
	tw_scenario_generate(&s, "littlewars", 3, 144, 96, &err);
	enum { Q = 20000, REPS = 7 };
	tw_rng rng;
	double tf[REPS], tn[REPS];
	int blocked = 0;
	for (int rep = 0; rep < REPS; rep++) {
		tw_rng_seed(&rng, 9);
		double t0 = now();
		int b = 0;
		for (int q = 0; q < Q; q++) {
			tw_vec2 a = rand_pt(&rng, 144, 96);
			tw_vec2 c = rand_pt(&rng, 144, 96);
			b += !tw_los(&s.table, a, 1.5, c, 1.5);
		}
		tf[rep] = now() - t0;
		blocked = b;
		tw_rng_seed(&rng, 9);
		t0 = now();
		b = 0;
		for (int q = 0; q < Q / 20; q++) {
			tw_vec2 a = rand_pt(&rng, 144, 96);
			tw_vec2 c = rand_pt(&rng, 144, 96);
			b += !naive_los(&s.table, a, 1.5, c, 1.5);
		}
		tn[rep] = (now() - t0) * 20;
	}
	double mf = median(tf, REPS) / Q, mn = median(tn, REPS) / Q;
	printf("line of sight, %d terrain pieces (Little Wars Country, 144 x 96 in):\n", s.table.nterrain);
	printf("  tw_los %.0f ns/query (%.0f%% blocked)   sampled naive %.0f ns/query   ratio %.1fx\n", mf * 1e9,
	       100.0 * blocked / Q, mn * 1e9, mn / mf);
	// The sight memo (lw_sight.c) as the general uses it: a pool of questions asked over and
	// over (each gun looks at the same men before each shot), against asking tw_los each time.
	enum { POOL = 512 };
	tw_vec2 pa[POOL], pb[POOL];
	tw_rng_seed(&rng, 11);
	for (int i = 0; i < POOL; i++) {
		pa[i] = rand_pt(&rng, 144, 96);
		pb[i] = rand_pt(&rng, 144, 96);
	}
	lw_sight_memo *memo = calloc(1, sizeof *memo);
	double tm[REPS], td[REPS];
	int agree = 1;
	for (int rep = 0; rep < REPS && memo; rep++) {
		lw_sight_reset(memo);
		lw_sight_begin(memo, &s.table);
		double t0 = now();
		int bm = 0;
		for (int q = 0; q < Q; q++) {
			int i = (int)((uint64_t)q * 2654435761u % POOL);
			bm += !lw_sight(memo, &s.table, pa[i], 1.5, pb[i], 1.5);
		}
		tm[rep] = now() - t0;
		t0 = now();
		int bd = 0;
		for (int q = 0; q < Q; q++) {
			int i = (int)((uint64_t)q * 2654435761u % POOL);
			bd += !tw_los(&s.table, pa[i], 1.5, pb[i], 1.5);
		}
		td[rep] = now() - t0;
		agree &= bm == bd;
	}
	if (memo) {
		double mm = median(tm, REPS) / Q, md = median(td, REPS) / Q;
		printf("  sight memo, %d questions asked %d times each: %.0f ns/query   direct tw_los %.0f ns/query   "
		       "ratio %.1fx   %s\n",
		       POOL, Q / POOL, mm * 1e9, md * 1e9, md / mm, agree ? "same answers" : "ANSWERS DIFFER");
		lw_sight_reset(memo);
		free(memo);
	}
	tw_state_free(&s);
}

// ---- dice: the game's generator against rand() % 6 ----
static void bench_dice(void)
{
	enum { N = 20000000, REPS = 5 };
	double tx[REPS], tr[REPS];
	for (int rep = 0; rep < REPS; rep++) {
		tw_rng r;
		tw_rng_seed(&r, 5);
		double t0 = now();
		uint64_t s = 0;
		for (int i = 0; i < N; i++)
			s += (uint64_t)tw_rng_d6(&r);
		tx[rep] = now() - t0;
		sink = s;
		srand(5);
		t0 = now();
		s = 0;
		for (int i = 0; i < N; i++)
			s += (uint64_t)(rand() % 6 + 1); // biased, global: the baseline only
		tr[rep] = now() - t0;
		sink = s;
	}
	double mx = median(tx, REPS) / N, mr = median(tr, REPS) / N;
	printf("dice: unbiased d6 (xoshiro256** + Lemire) %.2f ns   rand()%%6 %.2f ns   ratio rand/ours %.1fx\n", mx * 1e9,
	       mr * 1e9, mr / mx);
}

// ---- Hook's Farm battles, computer against computer, fast shot model ----
static double battle_ms(const tw_state *sc, const char *red, const char *blue, uint64_t seed, int *moves)
{
	tw_error err;
	double t0 = cpu_now();
	tw_game *g = tw_game_new(sc, seed, tw_shot_model_fast(), &err);
	tw_game_set_undo(g, false);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new(red, rs, 0, seed), tw_general_new(blue, rs, 1, seed)};
	tw_play_out(g, gens, 1000000, &err);
	double t = cpu_now() - t0;
	*moves = tw_game_state(g)->move_no;
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	return t * 1e3;
}

static void bench_battles(void)
{
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	const char *path = "scenarios/littlewars/hooks-farm.json";
	if (tw_state_load(&sc, path, &err) != TW_OK) {
		printf("battles: cannot load %s: %s\n", path, err.message);
		return;
	}
	enum { G = 9 };
	double ta[G], tr[G], tq[G];
	int moves_a = 0, moves_r = 0, moves_q = 0, m;
	for (int i = 0; i < G; i++) {
		ta[i] = battle_ms(&sc, "default", "default", 100 + (uint64_t)i, &m);
		moves_a += m;
		tr[i] = battle_ms(&sc, "random", "random", 100 + (uint64_t)i, &m);
		moves_r += m;
		tq[i] = battle_ms(&sc, "lw-quick", "lw-quick", 100 + (uint64_t)i, &m); // issue 18: the cheap general
		moves_q += m;
	}
	double ma = median(ta, G), mr = median(tr, G), mq = median(tq, G);
	printf("Hook's Farm battles, fast shot model, CPU time on one core (%d games each):\n", G);
	printf("  computer v computer (lw-default) %.1f ms/battle = %.1f battles/s (avg %.0f game moves)\n", ma, 1e3 / ma,
	       (double)moves_a / G);
	printf("  reference: random v random %.1f ms/battle (avg %.0f game moves); ratio %.2fx; per game move %.3f v %.3f ms\n",
	       mr, (double)moves_r / G, ma / mr, ma / ((double)moves_a / G), mr / ((double)moves_r / G));
	printf("  target 2 ms/battle: %s\n", ma <= 2.0 ? "met" : "NOT met");
	printf("  computer v computer (lw-quick) %.2f ms/battle = %.0f battles/s (avg %.1f game moves); ratio to random v "
	       "random %.2fx; per game move %.3f ms\n",
	       mq, 1e3 / mq, (double)moves_q / G, mq / mr, mq / ((double)moves_q / G));
	printf("  target 2 ms/battle (lw-quick): %s\n", mq <= 2.0 ? "met" : "NOT met");
	tw_state_free(&sc);
	// Grant's meeting engagement: the same measure, its own computer general against random.
	memset(&sc, 0, sizeof sc);
	path = "scenarios/grant/meeting.json";
	if (tw_state_load(&sc, path, &err) != TW_OK) {
		printf("battles: cannot load %s: %s\n", path, err.message);
		return;
	}
	moves_a = moves_r = 0;
	for (int i = 0; i < G; i++) {
		ta[i] = battle_ms(&sc, "default", "default", 100 + (uint64_t)i, &m);
		moves_a += m;
		tr[i] = battle_ms(&sc, "random", "random", 100 + (uint64_t)i, &m);
		moves_r += m;
	}
	ma = median(ta, G);
	mr = median(tr, G);
	printf("Grant's meeting engagement (%d games each):\n", G);
	printf("  computer v computer (default) %.1f ms/battle (avg %.0f game moves); random v random %.1f ms/battle "
	       "(avg %.0f); per game move %.3f v %.3f ms\n",
	       ma, (double)moves_a / G, mr, (double)moves_r / G, ma / ((double)moves_a / G), mr / ((double)moves_r / G));
	tw_state_free(&sc);
}

// ---- Rattle (rd-play): a line per scenario under scenarios/rattle/, computer v computer (its
// default general, rd-attack, on both sides) against random v random in the same run. ----
static int rd_name_cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void bench_rattle(void)
{
	DIR *d = opendir("scenarios/rattle");
	if (!d) {
		printf("battles: no scenarios/rattle\n");
		return;
	}
	char *names[64];
	int nn = 0;
	for (struct dirent *e; (e = readdir(d)) != NULL && nn < 64;) {
		size_t len = strlen(e->d_name);
		if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0)
			names[nn++] = strdup(e->d_name);
	}
	closedir(d);
	qsort(names, (size_t)nn, sizeof names[0], rd_name_cmp);
	enum { G = 15 };
	for (int k = 0; k < nn; k++) {
		char path[512];
		snprintf(path, sizeof path, "scenarios/rattle/%s", names[k]);
		tw_state sc;
		memset(&sc, 0, sizeof sc);
		tw_error err;
		if (tw_state_load(&sc, path, &err) != TW_OK) {
			printf("battles: cannot load %s: %s\n", path, err.message);
			free(names[k]);
			continue;
		}
		double ta[G], tr[G];
		int moves_a = 0, moves_r = 0, m;
		for (int i = 0; i < G; i++) {
			ta[i] = battle_ms(&sc, "default", "default", 100 + (uint64_t)i, &m);
			moves_a += m;
			tr[i] = battle_ms(&sc, "random", "random", 100 + (uint64_t)i, &m);
			moves_r += m;
		}
		double ma = median(ta, G), mr = median(tr, G);
		printf("Rattle %s (%d games each): computer v computer (rd-attack) %.2f ms/battle (avg %.0f turns); "
		       "random v random %.2f ms/battle (avg %.0f); ratio %.2fx; target 5 ms/battle: %s\n",
		       names[k], G, ma, (double)moves_a / G, mr, (double)moves_r / G, ma / mr, ma <= 5.0 ? "met" : "NOT met");
		tw_state_free(&sc);
		free(names[k]);
	}
}

int main(int argc, char **argv)
{
	tw_tune_process_allocator(); // many games one after another: keep the freed heap
	tw_register_builtin();
	const char *only = argc > 1 ? argv[1] : NULL;
	printf("tinwar %s bench (medians; ratios measured in the same run)\n\n", TW_VERSION_STRING);
	if (!only || strcmp(only, "core") == 0) {
		bench_support();
		bench_los();
		bench_dice();
		bench_battles();
		bench_rattle();
	}
	// `tinwar_bench battles`: only the Hook's Farm and Grant battle lines.
	if (only && strcmp(only, "battles") == 0)
		bench_battles();
	// ll-gen: Lloyd's computer generals; `tinwar_bench lloyd` for these lines alone.
	if (!only || strcmp(only, "core") == 0 || strcmp(only, "lloyd") == 0)
		tw_bench_lloyd();
	// `tinwar_bench scale [MEN]`: only the scale lines, up to MEN a side (default 2400).
	if (!only || strcmp(only, "core") == 0 || strcmp(only, "scale") == 0) {
		printf("\n");
		tw_bench_scale(only && argc > 2 ? atoi(argv[2]) : 2400);
	}
	if (!only || strcmp(only, "core") == 0 || strcmp(only, "svl") == 0) { // sv-cite: Science versus Luck
		printf("\n");
		tw_bench_svl();
	}
	if (!only || strcmp(only, "physics") == 0) {
		printf("\n");
		tw_bench_physics();
	}
	if (!only || strcmp(only, "sim") == 0) {
		printf("\n");
		tw_bench_sim();
	}
	if (!only || strcmp(only, "sim") == 0 || strcmp(only, "sim-store") == 0)
		tw_bench_sim_store();
	if (!only || strcmp(only, "server") == 0) {
		printf("\n");
		tw_bench_server();
	}
	return 0;
}
