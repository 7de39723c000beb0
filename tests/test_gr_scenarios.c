// Grant's scenarios (scenarios/grant/): they load, set up as written, and play out to the end
// with the Grant doctrines (GR.GEN.2, GR.ORG.1, GR.TERR.8, GR.MELEE.22 orders to hold).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <string.h>

#include "rules/grant/gr.h"
#include "test_scale.h"
#include "tinwar/tinwar.h"

// Re-pinned when figures lost the Little Wars fields (captor, escort, stats) from the core's
// hash; the 36 games of both scenarios play identically: was 0xef8cf5250a0ae4b0. Re-pinned when
// GR.MORALE.8 units began to leave at the table's edge and GR.GEN.10 refused a man ending on a
// friend (the games change): was 0xb3d9656237801408. Re-pinned (issue 19) when the state's phase
// became the part of the move (GR.GEN.2: first part, second part, over; alone, the games play
// identically: meeting.json seeds 3 and 4 gave logs that differ only in their final hash), and
// a formation change's places (gr_order_formation) went to the men in their order across the
// front, centred between its ends on the rank and file (the games change: the generals' line and
// column changes put men elsewhere): was 0xc0491339c5997d50.
#define GR_SIGNATURE 0x883ef467c1df00d7ULL

static tw_game *load(const char *name, tw_state *sc)
{
	char path[512];
	snprintf(path, sizeof path, "%s/scenarios/grant/%s", TW_SOURCE_DIR, name);
	memset(sc, 0, sizeof *sc);
	tw_error err;
	if (tw_state_load(sc, path, &err) != TW_OK)
		fail_msg("%s: %s %s", path, err.path, err.message);
	tw_game *g = tw_game_new(sc, 17, NULL, &err);
	if (!g)
		fail_msg("%s: %s", err.clause, err.message);
	return g;
}

static void play(tw_game *g, const char *a, const char *b)
{
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_game_set_undo(g, false);
	tw_general *gens[2] = {tw_general_new(a, rs, 0, 17), tw_general_new(b, rs, 1, 17)};
	assert_non_null(gens[0]);
	assert_non_null(gens[1]);
	tw_error err;
	assert_int_equal(tw_play_out(g, gens, 30000, &err), TW_OK);
	assert_true(tw_game_state(g)->over);
	assert_true(tw_state_count(tw_game_state(g), -1, TW_FS_DEAD) > 0);
	print_message("%s v %s: over after move %d, winner %d, %d dead, %d withdrawn, %d orders\n", a, b,
		      tw_game_state(g)->move_no, tw_game_state(g)->winner, tw_state_count(tw_game_state(g), -1, TW_FS_DEAD),
		      tw_state_count(tw_game_state(g), -1, TW_FS_OFF), tw_game_order_count(g));
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
}

// Clauses: GR.ORG.1 GR.GEN.2
static void test_GR_ORG_1_GR_GEN_2_meeting_engagement(void **st)
{
	(void)st;
	tw_state sc;
	tw_game *g = load("meeting.json", &sc);
	const tw_state *s = tw_game_state(g);
	assert_int_equal(s->nunit, 14);
	assert_int_equal(s->ngun, 4);
	for (int u = 0; u < s->nunit; u++) {
		assert_int_equal(gr_command_points(s, u), 6);
		assert_int_equal(GRU(s, &s->unit[u])->orig, gr_rf_alive(s, u));
	}
	assert_int_equal(tw_state_count(s, -1, TW_FS_UNPLACED), 0);
	play(g, "gr-attack", "gr-defend");
	tw_game_free(g);
	tw_state_free(&sc);
}

// Clauses: GR.TERR.8 GR.MELEE.22
static void test_GR_TERR_8_GR_MELEE_22_village_fight(void **st)
{
	(void)st;
	tw_state sc;
	tw_game *g = load("village.json", &sc);
	const tw_state *s = tw_game_state(g);
	int garrison[16] = {0};
	for (int i = 0; i < s->nfig; i++)
		if (GRF(s, &s->fig[i])->house >= 0)
			garrison[gr_house_index(s, GRF(s, &s->fig[i])->house)]++;
	for (int h = 0; h < gr_nhouses(s); h++)
		assert_true(garrison[h] > 0 && garrison[h] <= 7);
	assert_true(GRU(s, &s->unit[0])->flags & GUF_HOLD);
	play(g, "gr-attack", "gr-defend");
	tw_game_free(g);
	tw_state_free(&sc);
}

// Each Grant doctrine against a player issuing random legal orders: 10 games on each scenario on
// each side, 40 in all; the doctrine must win at least 95% of them (38). Under the sanitizers
// seeds 1-2 of each scenario and side, 8 games, of which 95% (all 8) (test_scale.h).
static int doctrine_wins(const char *doctrine, int *games)
{
	static const char *const scen[] = {"meeting.json", "village.json"};
	int wins = 0, per = tw_test_count(10, 5, 2);
	*games = 4 * per;
	for (int k = 0; k < 2; k++)
		for (int side = 0; side < 2; side++)
			for (uint64_t seed = 1; seed <= (uint64_t)per; seed++) {
				tw_state sc;
				tw_game *g = load(scen[k], &sc);
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
				if (tw_game_state(g)->winner != side)
					print_message("  %s lost or drew: %s, side %d, seed %d\n", doctrine, scen[k], side, (int)seed);
				tw_general_free(gens[0]);
				tw_general_free(gens[1]);
				tw_game_free(g);
				tw_state_free(&sc);
			}
	print_message("%s beat random in %d of %d games\n", doctrine, wins, *games);
	return wins;
}

// Clauses: GR.GEN.2
static void test_GR_GEN_2_gr_attack_beats_random_in_95_percent(void **st)
{
	(void)st;
	int n, wins = doctrine_wins("gr-attack", &n);
	assert_true(wins * 40 >= 38 * n); // 38 of 40
}

// Clauses: GR.GEN.2
static void test_GR_GEN_2_gr_defend_beats_random_in_95_percent(void **st)
{
	(void)st;
	int n, wins = doctrine_wins("gr-defend", &n);
	assert_true(wins * 40 >= 38 * n); // 38 of 40
}

// Determinism: the same scenario, seed and doctrines give one final hash on every build.
static void test_GR_GEN_2_determinism_signature(void **st)
{
	(void)st;
	tw_state sc;
	tw_game *g = load("meeting.json", &sc);
	play(g, "gr-attack", "gr-attack");
	uint64_t h = tw_state_hash(tw_game_state(g));
	print_message("grant signature %016llx\n", (unsigned long long)h);
	assert_int_equal(h, GR_SIGNATURE);
	tw_game_free(g);
	tw_state_free(&sc);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_GR_ORG_1_GR_GEN_2_meeting_engagement),
		cmocka_unit_test(test_GR_TERR_8_GR_MELEE_22_village_fight),
		cmocka_unit_test(test_GR_GEN_2_gr_attack_beats_random_in_95_percent),
		cmocka_unit_test(test_GR_GEN_2_gr_defend_beats_random_in_95_percent),
		cmocka_unit_test(test_GR_GEN_2_determinism_signature),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
