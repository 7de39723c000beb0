// Developer tool (not part of the build): ll-three (or another general) against random on
// scenarios/lloyd/three.json, seeds A..B, paired as tests/test_ll_gen.c's versus_random (seed k:
// the general on side k % 2, the generals' seeds k * 7 + side). Prints one line a game that is not
// won (or every game with V=1) and the totals. Build against a Release library:
//   cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release && cmake --build build/release --target tinwar
//   gcc -std=c17 -O2 -D_DEFAULT_SOURCE -Iinclude -Isrc tools/ll_three_rate.c -o build/release/ll_three_rate
//     -Lbuild/release -ltinwar -ltinwar_rules -ltinwar_ai -ltinwar_render -ltinwar_physics -ltinwar_core
//     $(pkg-config --libs jansson sqlite3 libsodium ode lua5.4 cairo) -lm -lpthread
//   (one line), then build/release/ll_three_rate 1 2000 [general] [scenario]. Totals on stdout's last
//   line; where each side's points went out (shots, melee, by troop) on stderr.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/lloyd/ll.h"
#include "tinwar/general.h"
#include "tinwar/tinwar.h"

int main(int argc, char **argv)
{
	int a = argc > 1 ? atoi(argv[1]) : 1, b = argc > 2 ? atoi(argv[2]) : 40;
	const char *gen = argc > 3 ? argv[3] : "ll-three", *path = argc > 4 ? argv[4] : "scenarios/lloyd/three.json";
	bool all = getenv("V") != NULL;
	tw_register_builtin();
	tw_state s0;
	memset(&s0, 0, sizeof s0);
	tw_error err = {0};
	if (tw_state_load(&s0, path, &err) != TW_OK) {
		fprintf(stderr, "%s: %s\n", err.clause, err.message);
		return 1;
	}
	long lost[2][2][2] = {{{0}}}, bytroop[2][2][4] = {{{0}}}, cmdr[2][2] = {{0}}; // [won][ours][shot]
	int wins = 0, draws = 0, n = 0, side_w[2] = {0}, side_n[2] = {0};
	for (int seed = a; seed <= b; seed++) {
		int me = seed % 2;
		tw_game *g = tw_game_new(&s0, (uint64_t)seed, NULL, &err);
		if (!g) {
			fprintf(stderr, "seed %d: %s\n", seed, err.message);
			return 1;
		}
		const tw_state *s = tw_game_state(g);
		tw_general *gens[2];
		for (int k = 0; k < 2; k++)
			gens[k] = tw_general_new(k == me ? gen : "random", &tw_ruleset_lloyd, k, (uint64_t)seed * 7 + (uint64_t)k);
		if (tw_play_out(g, gens, 200000, &err) != TW_OK) {
			fprintf(stderr, "seed %d: %s: %s\n", seed, err.clause, err.message);
			return 1;
		}
		s = tw_game_state(g);
		if (getenv("EV") && atoi(getenv("EV")) == seed) { // EV=seed: that game's events
			const tw_events *ev = tw_game_events(g);
			for (int i = 0; i < ev->n; i++)
				if (ev->v[i].type != TW_EV_DICE)
					printf("  [%d] %s %s: %s\n", ev->v[i].move_no, tw_event_type_name(ev->v[i].type), ev->v[i].clause,
					       ev->v[i].text);
		}
		bool won = s->winner == me;
		{ // points put out of the count, by shots (NQ.DMG.4) and in melee, to each side
			const tw_events *ev = tw_game_events(g);
			bool hit[64] = {0};
			for (int i = 0; i < ev->n; i++) {
				const tw_event *e = &ev->v[i];
				if ((e->type != TW_EV_INFO && e->type != TW_EV_KILL) || e->b < 2 || e->a < 0 || e->a >= s->nfig || e->a >= 64 ||
				    (strcmp(e->clause, "NQ.DMG.4") && strcmp(e->clause, "NQ.DMG.2")))
					continue;
				if (hit[e->a])
					continue;
				hit[e->a] = true;
				int ours = s->fig[e->a].side == me, shot = !strcmp(e->clause, "NQ.DMG.4");
				lost[won][ours][shot] += LLF(s, e->a)->pts;
				if (!shot)
					bytroop[won][ours][LLF(s, e->a)->troop & 3] += LLF(s, e->a)->pts;
				if (ours && LLF(s, e->a)->leader == 2)
					cmdr[won][shot]++;
			}
		}
		wins += won;
		draws += s->winner < 0;
		n++;
		side_n[me]++;
		side_w[me] += won;
		if (!won || all) {
			int on[2] = {0}, fine[2] = {0}, dead[2] = {0}, wnd[2] = {0}, gone[2] = {0}, res[2] = {0};
			for (int j = 0; j < s->nfig; j++) {
				int k = s->fig[j].side;
				if (s->fig[j].status == TW_FS_DEAD)
					dead[k] += LLF(s, j)->pts;
				else if (s->fig[j].status == TW_FS_OFF)
					gone[k] += LLF(s, j)->pts;
				else if (s->fig[j].status == TW_FS_RESERVE)
					res[k] += LLF(s, j)->pts;
				else if (ll_fights(s, j)) {
					on[k] += LLF(s, j)->pts;
					if (LLF(s, j)->wounded)
						wnd[k] += LLF(s, j)->pts;
					else
						fine[k] += LLF(s, j)->pts;
				}
			}
			const ll_game *lg = LLG(s);
			printf("seed %d me %d %s tfturn %d vp %d-%d held %d fine %d-%d wnd %d-%d dead %d-%d left %d-%d reserve %d-%d alloc[r] %d/%d/%d table L%d arrive %d/%d/%d off %d/%d/%d\n",
			       seed, me, won ? "WIN" : s->winner < 0 ? "DRAW" : "LOSS", ll_tf_turn(s), LLS(s, me)->vp, LLS(s, 1 - me)->vp,
			       lg->held == me ? 1 : lg->held < 0 ? 0 : -1, fine[me], fine[1 - me], wnd[me], wnd[1 - me], dead[me],
			       dead[1 - me], gone[me], gone[1 - me], res[me], res[1 - me], LLS(s, 1 - me)->pts[0], LLS(s, 1 - me)->pts[1], LLS(s, 1 - me)->pts[2], lg->table_loc,
			       LLS(s, 1 - me)->arrive[0], LLS(s, 1 - me)->arrive[1], LLS(s, 1 - me)->arrive[2], LLS(s, 1 - me)->off[0],
			       LLS(s, 1 - me)->off[1], LLS(s, 1 - me)->off[2]);
		}
		for (int k = 0; k < 2; k++)
			tw_general_free(gens[k]);
		tw_game_free(g);
	}
	printf("%s seeds %d-%d: %d wins, %d draws, %d losses of %d (%.2f%%); side 0 %d/%d, side 1 %d/%d\n", gen, a, b, wins, draws,
	       n - wins - draws, n, 100.0 * wins / (n ? n : 1), side_w[0], side_n[0], side_w[1], side_n[1]);
	for (int w = 0; w < 2; w++)
		fprintf(stderr, "%s: points out (per game): ours by shots %.2f, in melee %.2f; theirs by shots %.2f, in melee %.2f\n",
		       w ? "won" : "not won", lost[w][1][1] / (double)(w ? wins : n - wins), lost[w][1][0] / (double)(w ? wins : n - wins),
		       lost[w][0][1] / (double)(w ? wins : n - wins), lost[w][0][0] / (double)(w ? wins : n - wins));
	for (int w = 0; w < 2; w++)
		fprintf(stderr, "%s: melee points out by troop (spear/archer/axe): ours %ld/%ld/%ld theirs %ld/%ld/%ld; our commander hit by melee %ld shots %ld\n",
			w ? "won" : "not won", bytroop[w][1][1], bytroop[w][1][2], bytroop[w][1][3], bytroop[w][0][1], bytroop[w][0][2],
			bytroop[w][0][3], cmdr[w][0], cmdr[w][1]);
	tw_state_free(&s0);
	return 0;
}
