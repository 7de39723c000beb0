// Strength driver for changes to the Little Wars general (s32, issue 18): lw-default against
// random and the other doctrines, on Hook's Farm and on generated 144 x 96 Countries, each
// pairing with lw-default on both sides in turn. Prints wins, losses and draws of lw-default
// and the average game moves, so a build before a change and after it can be compared.
// An opponent "DOCTRINE:NAME=V" is that doctrine with a parameter set (tw_general_set_param),
// e.g. "default:gun_look=0", the same general looking at every target: a change made through a
// doctrine parameter is measured against the old way in one build.
// Build like hf.c (from the source root), against a build's libraries:
//   gcc -O2 -std=c17 -Iinclude bench/driver/strength.c -o build/release/strength
//     -Wl,--start-group build/release/lib*.a -Wl,--end-group
//     $(pkg-config --libs jansson sqlite3 lua5.4 ode cairo libsodium) -lm -lpthread
// (one line)
// Run: build/release/strength [GAMES per pairing, default 40] [OPPONENT...]
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/tinwar.h"

static void pairing(const char *where, const char *other, int n)
{
	int win = 0, loss = 0, draw = 0;
	long moves = 0;
	tw_state hook;
	memset(&hook, 0, sizeof hook);
	tw_error err;
	bool hf = strcmp(where, "hook") == 0;
	if (hf && tw_state_load(&hook, "scenarios/littlewars/hooks-farm.json", &err) != TW_OK) {
		printf("%s\n", err.message);
		exit(1);
	}
	for (int i = 0; i < n; i++) {
		uint64_t seed = 500 + (uint64_t)i;
		int me = i % 2;
		tw_state gen;
		memset(&gen, 0, sizeof gen);
		if (!hf && tw_scenario_generate(&gen, "littlewars", seed, 144, 96, &err) != TW_OK) {
			printf("%s\n", err.message);
			exit(1);
		}
		tw_game *g = tw_game_new(hf ? &hook : &gen, seed, tw_shot_model_fast(), &err);
		if (!g) {
			printf("%s\n", err.message);
			exit(1);
		}
		tw_game_set_undo(g, false);
		const tw_ruleset *rs = tw_game_ruleset(g);
		tw_general *gens[2];
		gens[me] = tw_general_new("default", rs, me, seed);
		char name[64];
		snprintf(name, sizeof name, "%s", other);
		char *colon = strchr(name, ':');
		if (colon)
			*colon = 0;
		gens[1 - me] = tw_general_new(name, rs, 1 - me, seed + 1);
		for (char *q = colon; q; q = strchr(q + 1, ':')) { // :NAME=V, one or more
			char pn[32];
			double v;
			if (sscanf(q + 1, "%31[^=]=%lf", pn, &v) != 2 || tw_general_set_param(gens[1 - me], pn, v, &err) != TW_OK) {
				printf("%s: %s\n", other, err.message);
				exit(1);
			}
		}
		tw_play_out(g, gens, 1000000, &err);
		const tw_state *s = tw_game_state(g);
		moves += s->move_no;
		if (s->winner == me)
			win++;
		else if (s->winner == 1 - me)
			loss++;
		else
			draw++;
		tw_general_free(gens[0]);
		tw_general_free(gens[1]);
		tw_game_free(g);
		tw_state_free(&gen);
	}
	tw_state_free(&hook);
	printf("%-5s lw-default v %-15s won %3d lost %3d drew %3d of %3d, %.1f moves a game\n", where, other, win,
	       loss, draw, n, (double)moves / n);
}

int main(int argc, char **argv)
{
	tw_tune_process_allocator();
	tw_register_builtin();
	int n = argc > 1 ? atoi(argv[1]) : 40;
	static const char *others[] = {"random", "lw-gunline", "lw-rush", "lw-concentrate"};
	for (int w = 0; w < 2; w++) {
		if (argc > 2) // the opponents named
			for (int k = 2; k < argc; k++)
				pairing(w == 0 ? "hook" : "gen", argv[k], n);
		else
			for (unsigned k = 0; k < sizeof others / sizeof others[0]; k++)
				pairing(w == 0 ? "hook" : "gen", others[k], n);
	}
	return 0;
}
