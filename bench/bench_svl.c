// make bench, Science versus Luck (issue 17, sv-cite): the battle-only game computer v computer
// (the svl-manual general on both sides) with the fast shot model and with physics, each against
// random v random in the same run; and the auction of six computer teams by orders (bids and the
// host's hammer on its own clock) against the sealed-formula auction (tw_sv_auction_auto).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rules/svl/sv.h"
#include "tinwar/physics.h"
#include "tinwar/tinwar.h"

void tw_bench_svl(void);

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
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

static double battle_ms(const tw_state *sc, const char *gen, const tw_shot_model *sm, uint64_t seed, int *turns,
			int *winner)
{
	tw_error err;
	double t0 = now();
	tw_game *g = tw_game_new(sc, seed, sm, &err);
	if (!g)
		return -1;
	tw_game_set_undo(g, false);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new(gen, rs, 0, seed), tw_general_new(gen, rs, 1, seed)};
	tw_play_out(g, gens, 1000000, &err);
	double t = now() - t0;
	*turns = SVG(tw_game_state(g))->turn;
	*winner = tw_game_state(g)->winner;
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	return t * 1e3;
}

static void battles(const tw_state *sc, const char *model, const tw_shot_model *sm, int games, double target)
{
	double ta[32], tr[32];
	int ta_turns = 0, tr_turns = 0, gun_wins = 0, t, w;
	for (int i = 0; i < games; i++) {
		ta[i] = battle_ms(sc, "svl-manual", sm, 100 + (uint64_t)i, &t, &w);
		ta_turns += t;
		gun_wins += w == 1;
		tr[i] = battle_ms(sc, "random", sm, 100 + (uint64_t)i, &t, &w);
		tr_turns += t;
	}
	double ma = median(ta, games), mr = median(tr, games);
	printf("SvL battle (scenarios/svl/battle.json), %s shot model (%d games each):\n", model, games);
	printf("  computer v computer (svl-manual) %.2f ms/battle (avg %.1f turns, the guns won %d)\n", ma,
	       (double)ta_turns / games, gun_wins);
	printf("  reference: random v random %.2f ms/battle (avg %.1f turns); ratio %.2fx", mr, (double)tr_turns / games,
	       ma / mr);
	if (target > 0)
		printf("; target %.0f ms/battle: %s", target, ma <= target ? "met" : "NOT met");
	printf("\n");
}

// The auction by orders, as the series plays it for computer teams: a bid a second, the hammer
// 15 s after the last bid (SV.EXPO.5-7). Returns the lots sold.
static int auction_by_orders(const tw_state *sc, tw_order *o)
{
	tw_error err;
	tw_game *g = tw_game_new(sc, 1, NULL, &err);
	if (!g)
		return -1;
	tw_game_set_undo(g, false);
	int first, count, sold = 0;
	int64_t t = 1000;
	tw_order_init(o, SV_OT_HAMMER, TW_SEAT_HOST);
	o->time_ms = t;
	tw_status st = tw_game_apply(g, o, &first, &count, &err);
	for (int guard = 0; st == TW_OK && !tw_game_state(g)->over && guard < 100000; guard++) {
		bool any = false;
		for (int k = 0; st == TW_OK && k < tw_game_state(g)->nsides; k++) {
			if (sv_auction_auto(tw_game_state(g), k, o) != 1)
				continue;
			o->time_ms = t += 1000;
			st = tw_game_apply(g, o, &first, &count, &err);
			any = true;
		}
		if (!any && st == TW_OK) {
			tw_order_init(o, SV_OT_HAMMER, TW_SEAT_HOST);
			o->time_ms = t = SVG(tw_game_state(g))->t_last + SV_HAMMER_MS;
			st = tw_game_apply(g, o, &first, &count, &err);
		}
	}
	const tw_state *s = tw_game_state(g);
	for (int i = 0; i < SVG(s)->nlots; i++)
		sold += SVG(s)->sold_to[i] >= 0;
	tw_game_free(g);
	return st == TW_OK ? sold : -1;
}

static void auction(void)
{
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	if (tw_state_load(&sc, "scenarios/svl/auction.json", &err) != TW_OK) {
		printf("SvL auction: cannot load scenarios/svl/auction.json: %s\n", err.message);
		return;
	}
	if (sc.nsides == 5) { // the sixth team: Vorlandia
		sc.nsides = 6;
		snprintf(sc.sides[5].name, sizeof sc.sides[5].name, "Vorlandia");
		SVS(&sc, 5)->country = TW_SV_VORLANDIA;
	}
	tw_order *o = malloc(sizeof *o);
	tw_sv_auction *a = malloc(sizeof *a);
	enum { G = 15 };
	double tb[G], ts[G];
	int sold = 0, sealed = 0;
	for (int i = 0; i < G; i++) {
		double t0 = now();
		sold = auction_by_orders(&sc, o);
		tb[i] = (now() - t0) * 1e3;
		t0 = now();
		tw_sv_auction_auto(6, tw_sv_default_lots, 8, a, &err);
		ts[i] = (now() - t0) * 1e3;
		sealed = 0;
		for (int k = 0; k < a->nsales; k++)
			sealed += a->sale[k].winner != TW_SV_NO_COUNTRY;
	}
	double mb = median(tb, G), ms = median(ts, G);
	printf("SvL auction of 6 computer teams, 8 lots (%d runs each): by orders %.3f ms (%d lots sold); "
	       "reference: sealed formula (tw_sv_auction_auto) %.4f ms (%d sales); ratio %.0fx\n",
	       G, mb, sold, ms, sealed, mb / ms);
	free(a);
	free(o);
	tw_state_free(&sc);
}

void tw_bench_svl(void)
{
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	if (tw_state_load(&sc, "scenarios/svl/battle.json", &err) != TW_OK) {
		printf("SvL: cannot load scenarios/svl/battle.json: %s\n", err.message);
		return;
	}
	battles(&sc, "fast", tw_shot_model_fast(), 9, 20.0);
	battles(&sc, "physics", tw_shot_model_physics(), 3, 0);
	tw_state_free(&sc);
	auction();
}
