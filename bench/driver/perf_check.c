// Fixed-workload driver and result checker for the Hook's Farm performance work (not part of the
// library or of tinwar_bench; built by bench/driver/build.sh against a build's libtinwar.a).
//   perf_check work   : 10 games lw-default v lw-default, seeds 100..109, fast shot model
//   perf_check check  : ~40 Hook's Farm games of assorted pairings (some with undo on and
//                       undo/redo exercised) + generated Countries; prints a hash of every final
//                       state, order log and event log, and their combination.
//   perf_check scale MEN [GAMES] : GAMES (default 1) games lw-default v lw-default on the scale
//                       bench's table for MEN a side (MEN/75*144 x 192 in, tinwar_bench scale),
//                       seeds 300.., printing each game's moves and hash (orders, events,
//                       state): for profiles at scale and
//                       for checking that a fast path leaves big games as they were.
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/tinwar.h"
#include "../../tests/support/fnv.h"

static uint64_t hash_order(uint64_t h, const tw_order *o)
{
	h = fnv(h, &o->type, 1);
	h = fnv(h, &o->side, 1);
	h = fnv(h, &o->has_at, 1);
	h = fnv(h, &o->has_aim, 1);
	h = fnv(h, &o->has_target, 1);
	h = fnv(h, &o->gun, 4);
	h = fnv(h, &o->n, 4);
	h = fnv(h, &o->bearing, 8);
	h = fnv(h, &o->elevation, 8);
	h = fnv(h, &o->target, sizeof o->target);
	h = fnv(h, &o->nfig, 4);
	h = fnv(h, o->fig, (size_t)o->nfig * 4);
	if (o->has_at)
		h = fnv(h, o->at, (size_t)o->nfig * sizeof o->at[0]);
	h = fnv(h, o->facing, (size_t)o->nfig * 8);
	h = fnv(h, &o->nfig2, 4);
	h = fnv(h, o->fig2, (size_t)o->nfig2 * 4);
	h = fnv(h, &o->npath, 4);
	h = fnv(h, o->path, (size_t)o->npath * sizeof o->path[0]);
	return h;
}

static uint64_t hash_game(const tw_game *g)
{
	uint64_t h = tw_state_hash(tw_game_state(g));
	int no = tw_game_order_count(g);
	h = fnv(h, &no, sizeof no);
	for (int i = 0; i < no; i++)
		h = hash_order(h, tw_game_order(g, i));
	const tw_events *ev = tw_game_events(g);
	h = fnv(h, &ev->n, sizeof ev->n);
	for (int i = 0; i < ev->n; i++) {
		const tw_event *e = &ev->v[i];
		h = fnv(h, &e->seq, 4);
		h = fnv(h, &e->move_no, 4);
		h = fnv(h, &e->type, 2);
		h = fnv(h, &e->side, 1);
		h = fnv(h, e->clause, strlen(e->clause));
		h = fnv(h, &e->a, 16);
		h = fnv(h, &e->x, 24);
		h = fnv(h, e->text, strlen(e->text));
	}
	return h;
}

// Plays a game out; with undo_mode, after every 7th accepted order undoes it (if allowed) and
// applies it again, exercising the undo snapshots.
static uint64_t play(const tw_state *sc, const char *red, const char *blue, uint64_t seed, int undo_mode, int *moves)
{
	tw_error err;
	tw_game *g = tw_game_new(sc, seed, tw_shot_model_fast(), &err);
	if (!g) {
		fprintf(stderr, "game: %s\n", err.message);
		exit(1);
	}
	tw_game_set_undo(g, undo_mode > 0);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new(red, rs, 0, seed), tw_general_new(blue, rs, 1, seed)};
	if (!gens[0] || !gens[1]) {
		fprintf(stderr, "no general %s/%s\n", red, blue);
		exit(1);
	}
	if (undo_mode <= 0) {
		tw_play_out(g, gens, 1000000, &err);
	} else {
		// Step by step through the public calls, undoing and redoing now and then.
		tw_order *o = malloc(sizeof *o), *keep = malloc(sizeof *keep);
		int illegal = 0;
		for (int n = 0; n < 200000; n++) {
			const tw_state *s = tw_game_state(g);
			int side = rs->to_move(s);
			if (side < 0)
				break;
			if (tw_general_decide(gens[side], s, o) != TW_OK)
				break;
			uint64_t hb = tw_state_hash(s);
			if (tw_game_apply(g, o, NULL, NULL, &err) != TW_OK) {
				if (tw_state_hash(tw_game_state(g)) != hb) {
					fprintf(stderr, "refused order changed the state\n");
					exit(1);
				}
				if (++illegal > 50)
					break;
				tw_order_init(o, tw_order_type_with(tw_game_ruleset(g), TW_OD_ENDS_TURN), side);
				if (tw_game_apply(g, o, NULL, NULL, &err) != TW_OK)
					continue;
			} else {
				illegal = 0;
				if (n % 7 == 3) {
					uint64_t ha = tw_state_hash(tw_game_state(g));
					*keep = *o;
					if (tw_game_undo(g)) {
						if (tw_state_hash(tw_game_state(g)) != hb) {
							fprintf(stderr, "undo did not restore the state\n");
							exit(1);
						}
						if (tw_game_apply(g, keep, NULL, NULL, &err) != TW_OK ||
						    tw_state_hash(tw_game_state(g)) != ha) {
							fprintf(stderr, "redo differs\n");
							exit(1);
						}
					}
				}
			}
		}
		free(o);
		free(keep);
	}
	*moves = tw_game_state(g)->move_no;
	// The fixed workload hashes the final state only (unpacking every logged order would add
	// to what is measured); the checker hashes states, orders and events.
	uint64_t h = undo_mode < 0 ? tw_state_hash(tw_game_state(g)) : hash_game(g);
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	return h;
}

int main(int argc, char **argv)
{
	tw_register_builtin();
	const char *mode = argc > 1 ? argv[1] : "work";
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	if (tw_state_load(&sc, "scenarios/littlewars/hooks-farm.json", &err) != TW_OK) {
		fprintf(stderr, "load: %s\n", err.message);
		return 1;
	}
	uint64_t total = 0xCBF29CE484222325ull;
	int moves;
	if (strcmp(mode, "scale") == 0) {
		int men = argc > 2 ? atoi(argv[2]) : 1200, games = argc > 3 ? atoi(argv[3]) : 1;
		tw_state c;
		memset(&c, 0, sizeof c);
		if (men < 10 || tw_scenario_generate(&c, "littlewars", 18, men / 75.0 * 144.0, 192, &err) != TW_OK) {
			fprintf(stderr, "gen: %s\n", men < 10 ? "MEN must be 10 or more" : err.message);
			return 1;
		}
		for (int k = 0; k < games; k++) {
			uint64_t h = play(&c, "default", "default", 300 + (uint64_t)k, 0, &moves);
			printf("scale %d seed %d moves %3d %016" PRIx64 "\n", men, 300 + k, moves, h);
			total = fnv(total, &h, 8);
		}
		printf("scale %016" PRIx64 "\n", total);
		tw_state_free(&c);
	} else if (strcmp(mode, "work") == 0) {
		int reps = argc > 2 ? atoi(argv[2]) : 1;
		for (int r = 0; r < reps; r++)
			for (uint64_t seed = 100; seed < 110; seed++) {
				uint64_t h = play(&sc, "default", "default", seed, -1, &moves);
				total = fnv(total, &h, 8);
			}
		printf("work %016" PRIx64 "\n", total);
	} else {
		static const char *const names[] = {"default", "lw-gunline", "lw-rush", "lw-concentrate", "random"};
		int k = 0;
		for (int a = 0; a < 5; a++)
			for (int b = 0; b < 5; b++) {
				if (a == 4 && b == 4)
					continue;
				for (int rep = 0; rep < (a == b ? 2 : 1) + (a + b) % 2; rep++) {
					uint64_t seed = 1000 + (uint64_t)k * 17;
					int undo = (k % 5 == 2);
					uint64_t h = play(&sc, names[a], names[b], seed, undo, &moves);
					printf("hf %-15s %-15s seed %4" PRIu64 " undo %d moves %3d %016" PRIx64 "\n", names[a], names[b],
					       seed, undo, moves, h);
					total = fnv(total, &h, 8);
					k++;
				}
			}
		for (uint64_t seed = 1; seed <= 5; seed++) {
			tw_state c;
			memset(&c, 0, sizeof c);
			if (tw_scenario_generate(&c, "littlewars", seed * 31, 144, 96, &err) != TW_OK) {
				fprintf(stderr, "gen: %s\n", err.message);
				return 1;
			}
			const char *r = seed % 2 ? "default" : "lw-rush", *b = seed % 3 ? "default" : "lw-gunline";
			uint64_t h = play(&c, r, b, seed, seed == 3, &moves);
			printf("country %2" PRIu64 " %s %s moves %3d %016" PRIx64 "\n", seed * 31, r, b, moves, h);
			total = fnv(total, &h, 8);
			tw_state_free(&c);
		}
		printf("games %d  check %016" PRIx64 "\n", k + 5, total);
	}
	tw_state_free(&sc);
	return 0;
}
