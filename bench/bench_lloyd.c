// make bench: Lloyd's computer generals (issue 16, ll-gen). Two lines, each against random v random
// in the same run: an NQ skirmish of 20 a side (built from scenarios/lloyd/skirmish.json: two formed
// lines of 7 spearmen and 6 archers against 10 axemen and 10 archers), ll-nq on both sides (goal
// <= 2 ms a battle); and the six-player game (scenarios/lloyd/six.json), ll-six on all six seats
// (goal <= 10 ms a game). Medians of G games; the CPU time of this thread (one core), the wall clock beside it.
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tinwar/io.h"
#include "tinwar/lloyd.h"
#include "tinwar/tinwar.h"
#include "ll_skirmish20.h"

void tw_bench_lloyd(void);

static double ll_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

// ll-gen2: this thread's CPU time, the measure that a machine shared with other jobs leaves alone.
static double ll_cpu(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int ll_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

// One game with `gen` on every seat; its milliseconds, *turns the game's turns, *won its winner.
static double ll_game_ms(const tw_state *sc, const char *gen, uint64_t seed, int *turns, int *won, double *cpu_ms)
{
	double c0 = ll_cpu();
	tw_error err;
	const tw_ruleset *rs = &tw_ruleset_lloyd;
	double t0 = ll_now();
	tw_game *g = tw_game_new(sc, seed, NULL, &err);
	if (!g)
		return -1;
	tw_game_set_undo(g, false);
	tw_general *gens[TW_MAX_SIDES] = {0};
	for (int k = 0; k < sc->nsides; k++)
		gens[k] = tw_general_new(gen, rs, k, seed * 7 + (uint64_t)k);
	tw_play_out(g, gens, 1000000, &err);
	double t = ll_now() - t0;
	*cpu_ms = (ll_cpu() - c0) * 1e3;
	*turns = tw_game_state(g)->move_no;
	*won = tw_game_state(g)->winner;
	for (int k = 0; k < sc->nsides; k++)
		tw_general_free(gens[k]);
	tw_game_free(g);
	return t * 1e3;
}

// The 20-a-side NQ skirmish: skirmish.json's table, sides and terrain with 40 men
// (tests/support/ll_skirmish20.h, h7-nqspeed: one copy for the bench and its checks).
static int ll_skirmish20_bench(tw_state *s)
{
	tw_error err;
	int rc = ll_skirmish20(s, &err) == TW_OK ? 0 : -1;
	if (rc)
		printf("Lloyd bench: the 20-a-side skirmish: %s\n", err.message);
	return rc;
}

static void ll_line(const char *what, const tw_state *sc, const char *gen, double goal, int G)
{
	double *ta = malloc(sizeof *ta * (size_t)G), *tr = malloc(sizeof *tr * (size_t)G);
	double *ca = malloc(sizeof *ca * (size_t)G), *cr = malloc(sizeof *cr * (size_t)G);
	int turns_a = 0, turns_r = 0, t, w;
	// ll-nq2: TW_BENCH_LLOYD_GEN=1 plays the computer's games alone (for a profile of them; the
	// random line then repeats the computer's figures)
	bool gen_only = getenv("TW_BENCH_LLOYD_GEN") && atoi(getenv("TW_BENCH_LLOYD_GEN")) == 1;
	for (int i = 0; i < G; i++) {
		ta[i] = ll_game_ms(sc, gen, 100 + (uint64_t)i, &t, &w, &ca[i]);
		turns_a += t;
		if (gen_only) {
			tr[i] = ta[i], cr[i] = ca[i], turns_r += t;
			continue;
		}
		tr[i] = ll_game_ms(sc, "random", 100 + (uint64_t)i, &t, &w, &cr[i]);
		turns_r += t;
	}
	qsort(ta, (size_t)G, sizeof *ta, ll_cmp);
	qsort(tr, (size_t)G, sizeof *tr, ll_cmp);
	qsort(ca, (size_t)G, sizeof *ca, ll_cmp);
	qsort(cr, (size_t)G, sizeof *cr, ll_cmp);
	// s29: the goal is judged on this thread's CPU time, as the Hook's Farm and scale lines are (one
	// core's work; on a machine shared with other jobs the wall clock measures them too)
	double ma = ca[G / 2], mr = cr[G / 2];
	printf("Lloyd %s (%d games each, CPU time of this thread): computer v computer (%s) %.2f ms/game (avg %.0f turns); "
	       "random v random %.2f ms/game (avg %.0f); ratio %.2fx; goal %g ms/game: %s\n",
	       what, G, gen, ma, (double)turns_a / G, mr, (double)turns_r / G, ma / mr, goal, ma <= goal ? "met" : "NOT met");
	printf("  (wall clock: computer v computer %.2f ms/game, random v random %.2f ms/game)\n", ta[G / 2], tr[G / 2]);
	free(ta);
	free(tr);
	free(ca);
	free(cr);
}

void tw_bench_lloyd(void)
{
	if (tw_ruleset_find("lloyd") < 0) {
		printf("Lloyd bench: the rule set is not registered\n");
		return;
	}
	int G = getenv("TW_BENCH_GAMES") ? atoi(getenv("TW_BENCH_GAMES")) : 15;
	if (G < 1)
		G = 1;
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	const char *only = getenv("TW_BENCH_LLOYD"); // ll-gen2: "nq" or "six", one line alone (for a profile)
	if ((!only || strcmp(only, "nq") == 0) && ll_skirmish20_bench(&sc) == 0)
		ll_line("NQ skirmish, 20 a side", &sc, "ll-nq", 2.0, G);
	tw_state_free(&sc);
	memset(&sc, 0, sizeof sc);
	tw_error err;
	if (only && strcmp(only, "six") != 0)
		;
	else if (tw_state_load(&sc, "scenarios/lloyd/six.json", &err) == TW_OK)
		ll_line("six-player game (six.json)", &sc, "ll-six", 10.0, G);
	else
		printf("Lloyd bench: %s\n", err.message);
	tw_state_free(&sc);
}
