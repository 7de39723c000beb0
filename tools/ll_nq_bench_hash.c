// h7-nqspeed: the games `make bench`'s Lloyd NQ line plays (bench/bench_lloyd.c: the 20-a-side
// skirmish built from scenarios/lloyd/skirmish.json, seeds 100.., every general seeded seed * 7 +
// side, undo off), each game's final state hash, move count and winner: the check that a speed-up
// leaves every decision as it was (run it before and after; the lines must be identical). Also the
// driver for a profile of those games (valgrind --tool=callgrind). Not built by CMake; build it
// against a Release tree as tools/ll_nq_rate.c says, with this file instead:
//   gcc -std=c17 -O2 -g -D_DEFAULT_SOURCE -Iinclude -Isrc -Itests/support tools/ll_nq_bench_hash.c -o build/release/ll_nq_bench_hash
//     -Lbuild/release -ltinwar -ltinwar_rules -ltinwar_ai -ltinwar_render -ltinwar_physics -ltinwar_core
//     $(pkg-config --libs jansson sqlite3 libsodium ode lua5.4 cairo) -lpthread -lm   (one line)
//   build/release/ll_nq_bench_hash [GAMES [GENERAL...]]   (defaults 15 ll-nq random)
// LL_BENCH_SIX=1 plays the bench's six-player line's scenario instead (scenarios/lloyd/six.json;
// give ll-six and random).
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/io.h"
#include "tinwar/lloyd.h"
#include "tinwar/tinwar.h"
#include "ll_skirmish20.h" // (tests/support)

int main(int argc, char **argv)
{
	int G = argc > 1 ? atoi(argv[1]) : 15;
	const char *defs[] = {"ll-nq", "random"};
	const char **gens = argc > 2 ? (const char **)argv + 2 : defs;
	int ngen = argc > 2 ? argc - 2 : 2;
	tw_register_builtin();
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error lerr;
	const char *six = getenv("LL_BENCH_SIX"); // the bench's other line: scenarios/lloyd/six.json
	if (six && *six && tw_state_load(&sc, "scenarios/lloyd/six.json", &lerr) != TW_OK) {
		fprintf(stderr, "six.json: %s\n", lerr.message);
		return 2;
	}
	if (!(six && *six) && ll_skirmish20(&sc, &lerr) != TW_OK) {
		fprintf(stderr, "the 20-a-side skirmish did not load: %s\n", lerr.message);
		return 2;
	}
	for (int gi = 0; gi < ngen; gi++)
		for (int i = 0; i < G; i++) {
			uint64_t seed = 100 + (uint64_t)i;
			tw_error err;
			tw_game *g = tw_game_new(&sc, seed, NULL, &err);
			if (!g)
				return 2;
			tw_game_set_undo(g, false);
			tw_general *gg[TW_MAX_SIDES] = {0};
			for (int k = 0; k < sc.nsides; k++)
				gg[k] = tw_general_new(gens[gi], &tw_ruleset_lloyd, k, seed * 7 + (uint64_t)k);
			if (tw_play_out(g, gg, 1000000, &err) != TW_OK) {
				fprintf(stderr, "%s seed %llu: %s\n", gens[gi], (unsigned long long)seed, err.message);
				return 2;
			}
			const tw_state *s = tw_game_state(g);
			printf("%s seed %llu: hash %016llx moves %d winner %d\n", gens[gi], (unsigned long long)seed,
			       (unsigned long long)tw_state_hash(s), s->move_no, s->winner);
			for (int k = 0; k < sc.nsides; k++)
				tw_general_free(gg[k]);
			tw_game_free(g);
		}
	tw_state_free(&sc);
	return 0;
}
