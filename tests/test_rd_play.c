// A Rattle of Dice in every front-end: the built-in registry, its computer generals against the
// random player (crossroads.json), the terminal (`tinwar play`, `sim`, `render`, `odds`, `replay`).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/tinwar.h"
#include "tinwar/io.h"
#include "rules/rattle/rd.h"

#define SCEN TW_SOURCE_DIR "/scenarios/rattle/crossroads.json"

static tw_game *load(tw_state *sc, uint64_t seed)
{
	tw_error err;
	memset(sc, 0, sizeof *sc);
	if (tw_state_load(sc, SCEN, &err) != TW_OK)
		fail_msg("crossroads.json: %s %s", err.path, err.message);
	tw_game *g = tw_game_new(sc, seed, NULL, &err);
	assert_non_null(g);
	return g;
}

// The built-in registry holds Rattle with its two generals and its odds.
static void test_rd_registered(void **st)
{
	(void)st;
	int k = tw_ruleset_find("rattle");
	assert_true(k >= 0);
	const tw_ruleset *rs = tw_ruleset_get(k);
	assert_ptr_equal(rs, &tw_ruleset_rattle);
	assert_int_equal(rs->ngenerals, 2);
	assert_string_equal(rs->generals[0]->name, "rd-attack");
	assert_string_equal(rs->generals[1]->name, "rd-skirmish");
	tw_error err;
	assert_true(tw_order_defs_check(rs, &err));
}

// The random player gives moves, turns and shots in a phase, not only the end of it: over one
// game its orders applied include each kind.
static void test_rd_random_player_acts(void **st)
{
	(void)st;
	tw_state sc;
	tw_game *g = load(&sc, 5);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new("random", rs, 0, 5), tw_general_new("random", rs, 1, 6)};
	tw_error err;
	assert_int_equal(tw_play_out(g, gens, 20000, &err), TW_OK);
	assert_true(tw_game_state(g)->over);
	int kinds[RD_OT_COUNT] = {0};
	for (int i = 0; i < tw_game_order_count(g); i++) {
		const tw_order *o = tw_game_order(g, i);
		if (o && o->type < RD_OT_COUNT)
			kinds[o->type]++;
	}
	assert_true(kinds[RD_OT_MOVE] > 0);
	assert_true(kinds[RD_OT_FORMATION] > 0);
	assert_true(kinds[RD_OT_GENERAL] > 0);
	assert_int_equal(kinds[RD_OT_INITIATIVE], 8); // max_turns 8 in crossroads.json
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	tw_state_free(&sc);
}

// A doctrine against the random player: 20 seeds on each side of crossroads.json, 40 games.
static int doctrine_wins(const char *doctrine)
{
	int wins = 0;
	for (int side = 0; side < 2; side++)
		for (uint64_t seed = 1; seed <= 20; seed++) {
			tw_state sc;
			tw_game *g = load(&sc, seed);
			tw_game_set_undo(g, false);
			const tw_ruleset *rs = tw_game_ruleset(g);
			tw_general *gens[2];
			gens[side] = tw_general_new(doctrine, rs, side, seed);
			gens[1 - side] = tw_general_new("random", rs, 1 - side, seed * 7919);
			assert_non_null(gens[0]);
			assert_non_null(gens[1]);
			tw_error err;
			assert_int_equal(tw_play_out(g, gens, 30000, &err), TW_OK);
			assert_true(tw_game_state(g)->over);
			wins += tw_game_state(g)->winner == side;
			if (getenv("RD_PLAY_TRACE") && atoi(getenv("RD_PLAY_TRACE")) == (int)seed) { // a game's story
				const tw_events *ev = tw_game_events(g);
				for (int i = 0; i < ev->n; i++)
					if (ev->v[i].text[0])
						print_message("    [%s] %s\n", ev->v[i].clause, ev->v[i].text);
			}
			if (tw_game_state(g)->winner != side) {
				double pts[2];
				rs->score(tw_game_state(g), pts);
				print_message("  %s lost or drew: side %d, seed %d, %g to %g\n", doctrine, side, (int)seed, pts[0],
					      pts[1]);
			}
			tw_general_free(gens[0]);
			tw_general_free(gens[1]);
			tw_game_free(g);
			tw_state_free(&sc);
		}
	print_message("%s beat random in %d of 40 games\n", doctrine, wins);
	return wins;
}

// Clauses: RD.SHOOT.1, RD.MOVE.2, RD.DET.1
static void test_RD_SHOOT_1_rd_attack_beats_random_38_of_40(void **st)
{
	(void)st;
	assert_true(doctrine_wins("rd-attack") >= 38);
}

// Clauses: RD.SHOOT.1, RD.MOVE.6, RD.DET.1
static void test_RD_SHOOT_1_rd_skirmish_beats_random_38_of_40(void **st)
{
	(void)st;
	assert_true(doctrine_wins("rd-skirmish") >= 38);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rd_registered),
		cmocka_unit_test(test_rd_random_player_acts),
		cmocka_unit_test(test_RD_SHOOT_1_rd_attack_beats_random_38_of_40),
		cmocka_unit_test(test_RD_SHOOT_1_rd_skirmish_beats_random_38_of_40),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
