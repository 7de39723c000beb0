// h6-nq: the long-run rate of a Lloyd general against `random`, with tests/test_ll_gen.c's own
// pairing (game k: seed k, the general on side k % 2 (camp, with alliances), every general seeded
// seed * 7 + side), for seed ranges beyond the test's cap of 400. Not built by CMake (a measuring
// tool); build it against a Release tree:
//   gcc -std=c17 -O2 -D_DEFAULT_SOURCE -Iinclude -Isrc tools/ll_nq_rate.c -o build/release/ll_nq_rate
//     -Lbuild/release -ltinwar -ltinwar_rules -ltinwar_ai -ltinwar_render -ltinwar_physics -ltinwar_core
//     $(pkg-config --libs jansson sqlite3 libsodium ode lua5.4 cairo) -lpthread -lm   (one line)
//   build/release/ll_nq_rate [FIRST LAST [GENERAL [SCENARIO]]]   (defaults 1 400 ll-nq skirmish.json)
// LL_NQ_TRACE=1 prints every event's words; LL_NQ_HASH=1 prints test_ll_gen's pinned final hashes. It prints
// every game not won (seed, side, winner, turns, men in good order) and the totals.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/lloyd/ll.h"
#include "tinwar/general.h"
#include "tinwar/tinwar.h"

static int fine(const tw_state *s, int side)
{
	int n = 0;
	for (int j = 0; j < s->nfig; j++)
		n += ll_fights(s, j) && s->fig[j].side == side && !LLF(s, j)->wounded;
	return n;
}

int main(int argc, char **argv)
{
	int first = argc > 2 ? atoi(argv[1]) : 1, last = argc > 2 ? atoi(argv[2]) : 400;
	const char *gen = argc > 3 ? argv[3] : "ll-nq";
	const char *path = argc > 4 ? argv[4] : "scenarios/lloyd/skirmish.json";
	tw_register_builtin();
	tw_state s0;
	memset(&s0, 0, sizeof s0);
	tw_error err = {0};
	if (tw_state_load(&s0, path, &err) != TW_OK) {
		fprintf(stderr, "%s: %s\n", path, err.message);
		return 2;
	}
	if (getenv("LL_NQ_HASH")) { // test_ll_gen.c's play_hash: GENERAL on every side, seeds FIRST..LAST
		for (int seed = first; seed <= last; seed++) {
			tw_game *g = tw_game_new(&s0, (uint64_t)seed, NULL, &err);
			tw_general *gens[TW_MAX_SIDES] = {0};
			for (int k = 0; k < s0.nsides; k++)
				gens[k] = tw_general_new(gen, &tw_ruleset_lloyd, k,
				                         (uint64_t)seed * 7 + (uint64_t)k);
			if (!g || tw_play_out(g, gens, 200000, &err) != TW_OK)
				return 2;
			printf("\t\t{\"%s\", \"%s\", %d, 0x%016llxull},\n", path, gen, seed,
			       (unsigned long long)tw_state_hash(tw_game_state(g)));
			for (int k = 0; k < s0.nsides; k++)
				tw_general_free(gens[k]);
			tw_game_free(g);
		}
		tw_state_free(&s0);
		return 0;
	}
	int wins = 0, draws = 0, n = 0, wins_side[2] = {0, 0}, n_side[2] = {0, 0};
	for (int seed = first; seed <= last; seed++) {
		int me = seed % 2;
		tw_game *g = tw_game_new(&s0, (uint64_t)seed, NULL, &err);
		if (!g)
			return 2;
		tw_game_set_undo(g, false);
		const tw_state *s = tw_game_state(g);
		tw_general *gens[TW_MAX_SIDES] = {0};
		bool ours[TW_MAX_SIDES] = {0};
		for (int k = 0; k < s->nsides; k++) {
			ours[k] = (s->nsides == 2 ? k : tw_side_alliance(s, k)) == me;
			gens[k] = tw_general_new(ours[k] ? gen : "random", &tw_ruleset_lloyd, k,
			                         (uint64_t)seed * 7 + (uint64_t)k);
		}
		if (tw_play_out(g, gens, 200000, &err) != TW_OK) {
			fprintf(stderr, "seed %d: %s: %s\n", seed, err.clause, err.message);
			return 2;
		}
		s = tw_game_state(g);
		bool won = s->winner >= 0 && ours[s->winner];
		wins += won;
		draws += s->winner < 0;
		n++;
		n_side[me]++;
		wins_side[me] += won;
		if (getenv("LL_NQ_TRACE")) { // every event's words (one seed: FIRST = LAST)
			const tw_events *ev = tw_game_events(g);
			for (int i = 0; i < ev->n; i++)
				if (ev->v[i].text[0])
					printf("  [%d] %s {%s %d}\n", ev->v[i].move_no, ev->v[i].text,
					       ev->v[i].clause, ev->v[i].a);
		}
		if (getenv("LL_NQ_TRACE"))
			for (int j = 0; j < s->nfig; j++)
				printf("    %d side %d st %d at %.2f,%.2f facing %.0f wounded %d group %d "
				       "loaded %d melee %d\n",
				       j, s->fig[j].side, s->fig[j].status, s->fig[j].pos.x, s->fig[j].pos.y,
				       s->fig[j].facing, LLF(s, j)->wounded, LLF(s, j)->group,
				       LLF(s, j)->loaded, ll_fights(s, j) && ll_in_melee(s, j));
		if (!won)
			printf("seed %d: general on %d, winner %d, turn %d, fine %d-%d\n", seed, me,
			       s->winner, s->move_no, fine(s, 0), fine(s, 1));
		for (int k = 0; k < s->nsides; k++)
			tw_general_free(gens[k]);
		tw_game_free(g);
	}
	printf("%s against random on %s, seeds %d-%d: %d wins, %d draws of %d (%.2f%%); on side 0 %d/%d, on "
	       "side 1 %d/%d\n",
	       gen, path, first, last, wins, draws, n, n ? 100.0 * wins / n : 0.0, wins_side[0], n_side[0],
	       wins_side[1], n_side[1]);
	tw_state_free(&s0);
	return 0;
}
