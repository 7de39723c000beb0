// Developer tool: plays N games between two generals and prints results (not part of the build).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tinwar/tinwar.h"
int main(int argc, char **argv)
{
	tw_register_builtin();
	const char *red = argc > 1 ? argv[1] : "lw-default", *blue = argc > 2 ? argv[2] : "random";
	int games = argc > 3 ? atoi(argv[3]) : 10;
	int first = argc > 4 ? atoi(argv[4]) : 1;
	int verbose = getenv("V") != NULL;
	int wins[3] = {0};
	long moves = 0;
	clock_t t0 = clock();
	for (int gi = first; gi < first + games; gi++) {
		tw_state sc; memset(&sc, 0, sizeof sc);
		tw_error err;
		tw_scenario_generate(&sc, "littlewars", (uint64_t)gi, 144, 96, &err);
		tw_game *g = tw_game_new(&sc, (uint64_t)gi, NULL, &err);
		if (!g) { printf("new: %s %s\n", err.clause, err.message); return 1; }
		tw_game_set_undo(g, false);
		const tw_ruleset *rs = tw_game_ruleset(g);
		tw_general *gens[2] = {tw_general_new(red, rs, 0, (uint64_t)gi), tw_general_new(blue, rs, 1, (uint64_t)gi)};
		tw_status st = tw_play_out(g, gens, 500000, &err);
		const tw_state *s = tw_game_state(g);
		double pts[2]; rs->score(s, pts);
		if (st != TW_OK) printf("play: %s %s\n", err.clause, err.message);
		const tw_events *ev = tw_game_events(g);
		const char *why = "";
		for (int i = ev->n - 1; i >= 0; i--) if (ev->v[i].type == TW_EV_VICTORY || ev->v[i].type == TW_EV_DRAW) { why = ev->v[i].text; break; }
		if (verbose || s->winner != 0) printf("game %d: winner %d moves %d score %.1f-%.1f free %d-%d orders %d: %s\n", gi, s->winner, s->move_no, pts[0], pts[1],
		       tw_state_count(s, 0, TW_FS_ACTIVE), tw_state_count(s, 1, TW_FS_ACTIVE), tw_game_order_count(g), why);
		wins[s->winner == 0 ? 0 : s->winner == 1 ? 1 : 2]++;
		moves += s->move_no;
		tw_general_free(gens[0]); tw_general_free(gens[1]);
		tw_game_free(g); tw_state_free(&sc);
	}
	printf("%s vs %s: red %d blue %d draw %d; avg moves %.1f; %.2f ms/game\n", red, blue, wins[0], wins[1], wins[2], (double)moves / games,
	       1000.0 * (double)(clock() - t0) / CLOCKS_PER_SEC / games);
	return 0;
}
