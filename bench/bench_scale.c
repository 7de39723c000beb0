// make bench, battles at scale (issue 18): a computer-against-computer game move on generated
// Little Wars Countries of 150, 300, 600, 1200 and 2400 men a side, with the time per game move
// at each size, its growth against the size before (the baseline, measured in the same run) and
// random v random on the same Country.
//
// The tables grow with the forces at a constant density: the generator sizes each force from
// the table's width (LW.FOR.3: 75 men a side to 144 in, guns capped at six), so a table of
// 144k x 192 in holds 75k men a side, and terrain grows with the table's area, i.e. with the
// men. The depth stays 192 in, so the armies meet after the same march at every size and a
// game move means the same mix of marching and fighting. A second table follows the issue's
// first measurements (150, 300 and 600 men in all on 144 x 96, 288 x 192, 576 x 384 in).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tinwar/tinwar.h"

void tw_bench_scale(int max_side);

// CPU time of this thread (the goal is "on one core"; on a shared machine wall time measures the
// other jobs as well).
static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

typedef struct scale_run {
	double ms_per_move; ///< median over the games
	double moves;       ///< game moves per game, mean
	int men;            ///< men a side at the start
} scale_run;

/// One game: ms per game move, and the game moves played.
static double one_game(const tw_state *sc, const char *gen, uint64_t seed, int *moves)
{
	tw_error err;
	double t0 = now_s();
	tw_game *g = tw_game_new(sc, seed, tw_shot_model_fast(), &err);
	if (!g)
		return -1;
	tw_game_set_undo(g, false);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new(gen, rs, 0, seed), tw_general_new(gen, rs, 1, seed)};
	tw_play_out(g, gens, 2000000, &err);
	double t = now_s() - t0;
	*moves = tw_game_state(g)->move_no;
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	return *moves > 0 ? t * 1e3 / *moves : -1;
}

static scale_run run_size(double w, double d, const char *gen, int games)
{
	scale_run r = {-1, 0, 0};
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	if (tw_scenario_generate(&sc, "littlewars", 18, w, d, &err) != TW_OK) {
		printf("  %g x %g in: cannot generate: %s\n", w, d, err.message);
		return r;
	}
	for (int i = 0; i < sc.nfig; i++)
		r.men += sc.fig[i].side == 0;
	double t[16];
	int n = games < 16 ? games : 16, total = 0;
	for (int i = 0; i < n; i++) {
		int m = 0;
		t[i] = one_game(&sc, gen, 300 + (uint64_t)i, &m);
		total += m;
	}
	qsort(t, (size_t)n, sizeof t[0], cmp_dbl);
	r.ms_per_move = t[n / 2];
	r.moves = (double)total / n;
	tw_state_free(&sc);
	return r;
}

static void print_table(const char *title, const double (*dims)[2], int nsizes, int max_side)
{
	printf("%s\n", title);
	printf("  %6s %13s %9s %12s %8s %12s\n", "men/side", "table in", "moves", "ms/game move", "growth", "random ms/mv");
	double prev = 0;
	int prev_men = 0;
	for (int k = 0; k < nsizes; k++) {
		double w = dims[k][0], d = dims[k][1];
		if (w / 144.0 * 75.0 > max_side + 1)
			break;
		int games = w <= 600 ? 5 : (w <= 1200 ? 3 : 1);
		scale_run a = run_size(w, d, "default", games);
		scale_run rr = run_size(w, d, "random", games);
		char growth[32] = "-";
		if (prev > 0 && a.ms_per_move > 0)
			snprintf(growth, sizeof growth, "%.2fx/%.1fx", a.ms_per_move / prev, (double)a.men / prev_men);
		printf("  %8d %6.0f x %-5.0f %9.0f %12.3f %8s %12.3f\n", a.men, w, d, a.moves, a.ms_per_move, growth,
		       rr.ms_per_move);
		fflush(stdout);
		prev = a.ms_per_move;
		prev_men = a.men;
	}
}

void tw_bench_scale(int max_side)
{
	static const double even[][2] = {{288, 192}, {576, 192}, {1152, 192}, {2304, 192}, {4608, 192}};
	static const double issue[][2] = {{144, 96}, {288, 192}, {576, 384}};
	print_table("Little Wars at scale, lw-default v lw-default, fast shot model, CPU time on one core (growth: time / men "
		    "against the size before; goals: at most 2.2x per 2x from 300 up, 1200 a side within 10 ms):",
		    even, 5, max_side);
	print_table("  the issue's first tables (both ways doubled):", issue, 3, max_side);
}
