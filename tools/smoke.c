#include <stdio.h>
#include <time.h>
#include "scene.h"
int main(int argc, char **argv)
{
	const char *red = argc > 1 ? argv[1] : "lw-default", *blue = argc > 2 ? argv[2] : "random";
	int games = argc > 3 ? atoi(argv[3]) : 10;
	int wins[3] = {0};
	long moves = 0;
	clock_t t0 = clock();
	for (int gi = 0; gi < games; gi++) {
		tw_state *sc = tw_test_lw_scenario(144, 96, 50, 25, 3);
		tw_error err;
		tw_game *g = tw_game_new(sc, 1000 + gi, NULL, &err);
		if (!g) { printf("new: %s %s\n", err.clause, err.message); return 1; }
		tw_game_set_undo(g, false);
		const tw_ruleset *rs = tw_game_ruleset(g);
		tw_general *gens[2] = {tw_general_new(red, rs, 0, 1000 + gi), tw_general_new(blue, rs, 1, 1000 + gi)};
		tw_status st = tw_play_out(g, gens, 200000, &err);
		const tw_state *s = tw_game_state(g);
		double pts[2]; rs->score(s, pts);
		if (st != TW_OK) printf("play: %s %s\n", err.clause, err.message);
		if (games <= 20) printf("game %d: winner %d moves %d score %.1f-%.1f free %d-%d orders %d\n", gi, s->winner, s->move_no, pts[0], pts[1],
		       tw_state_count(s, 0, TW_FS_ACTIVE), tw_state_count(s, 1, TW_FS_ACTIVE), tw_game_order_count(g));
		wins[s->winner == 0 ? 0 : s->winner == 1 ? 1 : 2]++;
		moves += s->move_no;
		tw_general_free(gens[0]); tw_general_free(gens[1]);
		tw_game_free(g); tw_test_free(sc);
	}
	printf("%s vs %s: red %d blue %d draw %d; avg moves %.1f; %.2f ms/game\n", red, blue, wins[0], wins[1], wins[2], (double)moves / games,
	       1000.0 * (double)(clock() - t0) / CLOCKS_PER_SEC / games);
	return 0;
}
