// Computer generals on the bundled large Country and Kriegspiel (issue 18, lw-gen): lw-big hands
// its men their supplies in the Kriegspiel (KS.SUP.1-9: a computer Kriegspiel no longer starves),
// and beats random on scenarios/littlewars/large-country.json, kriegspiel.json and the generated
// ones. make test plays a few short games of each (TW_AI_KS_GAMES, TW_AI_KS_MOVES change that);
// `make lw-big-40` plays the full 40 of each.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/littlewars/lw.h"
#include "rules/littlewars/lw_big.h"
#include "rules/littlewars/lw_boxes.h"
#include "scene.h"
#include "test_scale.h"

typedef struct ks_tally {
	int side; ///< the side whose train events are counted (-1: both)
	int supplies, starved_events, out_events, late_starved, out, free_end[2], loads, runs, unloads;
	int boxed[2], box_moves[2], scouted[2], set_out[2]; ///< lw-box: LW.BIG.2-4 events by side
} ks_tally;

static int env_int(const char *name, int dflt)
{
	const char *v = getenv(name);
	return v && *v ? atoi(v) : dflt;
}

// A scenario: a bundled file (`file` under scenarios/littlewars) or a generated variant.
static void scenario(tw_state *sc, const char *file, uint64_t seed)
{
	tw_error err = {0};
	memset(sc, 0, sizeof *sc);
	if (strcmp(file, "gen-large") == 0 || strcmp(file, "gen-kriegspiel") == 0) {
		assert_int_equal(tw_scenario_generate_variant(sc, "littlewars", seed, 0, 0, file + 4, &err), TW_OK);
		return;
	}
	char path[512];
	snprintf(path, sizeof path, TW_SOURCE_DIR "/scenarios/littlewars/%s", file);
	assert_int_equal(tw_state_load(sc, path, &err), TW_OK);
}

// One game of `reds` against `blues` on the scenario, to at most `moves` game moves; the winner.
static int play(const char *file, uint64_t seed, const char *red, const char *blue, int moves, ks_tally *t)
{
	tw_state sc;
	scenario(&sc, file, seed);
	if (moves > 0)
		sc.params[LWP_MAX_MOVES] = moves;
	tw_error err = {0};
	tw_game *g = tw_game_new(&sc, seed, NULL, &err);
	assert_non_null(g);
	tw_game_set_undo(g, false);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new(red, rs, 0, seed), tw_general_new(blue, rs, 1, seed + 1000)};
	assert_non_null(gens[0]);
	assert_non_null(gens[1]);
	assert_int_equal(tw_play_out(g, gens, 4000000, &err), TW_OK);
	const tw_state *f = tw_game_state(g);
	const tw_events *ev = tw_game_events(g);
	for (int i = 0; i < ev->n; i++) {
		const tw_event *e = &ev->v[i];
		t->supplies += e->type == TW_EV_INFO && (strcmp(e->clause, "KS.SUP.1") == 0 || strcmp(e->clause, "KS.SUP.3") == 0);
		if (strcmp(e->clause, "KS.SUP.9") == 0) {
			t->starved_events++;
			t->out_events += strstr(e->text, "out of action") != NULL;
			t->late_starved += strstr(e->text, "cannot move") != NULL && e->move_no > 12;
		}
		if (e->side >= 0 && e->side < 2) { // lw-box: boxes and scouts (LW.BIG.2-4)
			t->boxed[e->side] += strcmp(e->clause, "LW.BIG.4") == 0 && strstr(e->text, " closes box ") != NULL;
			t->box_moves[e->side] += strcmp(e->clause, "LW.BIG.2") == 0 && strstr(e->text, "'s box ") != NULL;
			t->scouted[e->side] += strcmp(e->clause, "LW.BIG.3") == 0 && strstr(e->text, "an enemy scout") != NULL;
			t->set_out[e->side] += strcmp(e->clause, "LW.BIG.3") == 0 && strstr(e->text, " opens box ") != NULL;
		}
		if (getenv("TW_VERBOSE") && strncmp(e->clause, "KS.SUP", 6) == 0)
			printf("    [%d] side %d %s: %s\n", i, e->side, e->clause, e->text);
		if ((strcmp(e->clause, "LW.BIG.9") == 0 || strcmp(e->clause, "KS.RAIL.1") == 0) && (t->side < 0 || e->side == t->side)) {
			t->loads += strstr(e->text, " load train") != NULL;
			// A train's run is an info event with its own words (s33-draw; before, a TW_EV_MOVE).
			t->runs += strstr(e->text, "'s train ") != NULL && strstr(e->text, " runs ") != NULL;
			t->unloads += strstr(e->text, " unload from") != NULL;
		}
	}
	for (int i = 0; i < f->nfig; i++) {
		t->out += f->fig[i].status == TW_FS_OUT;
		if (lw_is_free(&f->fig[i]) && f->fig[i].side < 2)
			t->free_end[f->fig[i].side]++;
	}
	int w = f->winner;
	if (getenv("TW_VERBOSE") && w < 0)
		for (int i = 0; i < f->nfig; i++)
			if (f->fig[i].status != TW_FS_DEAD && f->fig[i].status != TW_FS_OUT &&
			    (lw_is_free(&f->fig[i]) ? f->fig[i].side : 1 - f->fig[i].side) == (t->free_end[0] < t->free_end[1] ? 0 : 1))
				printf("    left: %d side %d kind %d status %d at %.0f,%.0f\n", i, f->fig[i].side, f->fig[i].kind,
				       f->fig[i].status, f->fig[i].pos.x, f->fig[i].pos.y);
	if (getenv("TW_VERBOSE") && atoi(getenv("TW_VERBOSE")) >= 2) { // losses by side, how, and the mover's side
		int lost[2][6][2] = {{{0}}}, pris[2][2] = {{0}};
		int mover = -1;
		for (int i = 0; i < ev->n; i++) {
			const tw_event *e = &ev->v[i];
			if (e->type == TW_EV_MOVE_START)
				mover = e->b;
			if ((e->type != TW_EV_KILL && e->type != TW_EV_PRISONER) || e->a < 0 || e->a >= f->nfig || f->fig[e->a].side > 1)
				continue;
			int fs = f->fig[e->a].side, mv = mover == fs ? 0 : 1; // 0: in the loser's own move
			if (e->type == TW_EV_KILL)
				lost[fs][e->b >= 0 && e->b < 6 ? e->b : 0][mv]++;
			else
				pris[fs][mv]++;
		}
		int shots[2] = {0}, gmoves[2] = {0};
		mover = -1;
		for (int i = 0; i < ev->n; i++) {
			const tw_event *e = &ev->v[i];
			if (e->type == TW_EV_MOVE_START)
				mover = e->b;
			if (mover >= 0 && mover < 2) {
				shots[mover] += e->type == TW_EV_SHOT;
				gmoves[mover] += e->type == TW_EV_GUN_MOVE;
			}
		}
		printf("    shots %d/%d gun moves %d/%d guns:", shots[0], shots[1], gmoves[0], gmoves[1]);
		for (int gi = 0; gi < f->ngun; gi++)
			printf(" [%d side %d at %.0f,%.0f crew %d]", gi, f->gun[gi].side, f->gun[gi].axle.x, f->gun[gi].axle.y,
			       lw_gun_crew_count(f, &f->gun[gi], f->gun[gi].side));
		printf("\n");
		for (int sd = 0; sd < 2; sd++)
			printf("    side %d lost: knocked %d/%d touched %d/%d felled %d/%d melee %d/%d prisoner %d/%d (own move/enemy's)\n", sd,
			       lost[sd][1][0], lost[sd][1][1], lost[sd][2][0], lost[sd][2][1], lost[sd][3][0], lost[sd][3][1],
			       lost[sd][4][0], lost[sd][4][1], pris[sd][0], pris[sd][1]);
	}
	if (getenv("TW_VERBOSE") && atoi(getenv("TW_VERBOSE")) >= 3) // every free figure and gun at the end
		for (int i = 0; i < f->nfig; i++)
			if (lw_is_free(&f->fig[i]) || lw_is_boxed(f, &f->fig[i]))
				printf("    free: %d side %d kind %d%s at %.0f,%.0f moved in %d\n", i, f->fig[i].side, f->fig[i].kind,
				       lw_is_boxed(f, &f->fig[i]) ? " boxed" : "", f->fig[i].pos.x, f->fig[i].pos.y, f->fig[i].moved_in);
	if (getenv("TW_VERBOSE"))
		printf("  %s seed %d %s v %s: move %d winner %d free %d/%d supplies %d starved %d out %d trains %d/%d/%d\n", file,
		       (int)seed, red, blue, f->move_no, w, t->free_end[0], t->free_end[1], t->supplies, t->starved_events, t->out,
		       t->loads, t->runs, t->unloads);
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	tw_state_free(&sc);
	return w;
}

// KS.SUP.9: lw-big against lw-big on kriegspiel.json for 40 game moves (20 own moves a side: three
// supply cycles and more than the 12 own moves in which an unsupplied man goes out of action).
// No man goes out of action; the generals hand over supplies every cycle; after the first cycle
// nobody is reported unsupplied. (The first cycle may leave a few: each side's right-hand gun
// and its men stand some 225 in from the nearest Transport & Supply man, who walks 12 in a move
// as they do: 5 moves of both walking close at most 120 in of the 153 in beyond the 72 in
// reach. They are fed at the start of the second cycle, long before KS.SUP.9's 6 more moves.)
// Before lw-gen: no hand-over at all, and 297 men out of action by game move 24 (seed 1).
// Stop 33 (QA): the rule set's default general (`tinwar play --red ai`, `sim`'s default) on a
// Kriegspiel plays as lw-big and hands over supplies; it was lw-default alone, which handed over
// none: every such game starved (KS.SUP.9: 111 of red's men out of action by game move 24).
static void test_KS_SUP_9_default_general_supplies_in_a_kriegspiel(void **st)
{
	(void)st;
	int moves = env_int("TW_AI_KS_MOVES", 30);
	ks_tally t = {.side = -1};
	play("kriegspiel.json", 1, "default", "default", moves, &t);
	printf("kriegspiel.json seed 1, default v default, %d moves: %d supply hand-overs, %d KS.SUP.9 events (%d out of "
	       "action), %d men out\n",
	       moves, t.supplies, t.starved_events, t.out_events, t.out);
	assert_true(t.supplies >= 2 * (moves / 12));
	assert_int_equal(t.out_events, 0);
	assert_int_equal(t.out, 0);
}

static void test_KS_SUP_9_computer_kriegspiel_keeps_its_men_supplied(void **st)
{
	(void)st;
	int moves = env_int("TW_AI_KS_MOVES", 40);
	// Under the sanitizers seed 1 only (test_scale.h).
	for (uint64_t seed = 1; seed <= (uint64_t)tw_test_count(2, 2, 1); seed++) {
		ks_tally t = {.side = -1};
		play("kriegspiel.json", seed, "lw-big", "lw-big", moves, &t);
		printf("kriegspiel.json seed %d, %d moves: %d supply hand-overs, %d KS.SUP.9 events (%d out of action, %d "
		       "after the first cycle), %d men out\n",
		       (int)seed, moves, t.supplies, t.starved_events, t.out_events, t.late_starved, t.out);
		assert_true(t.supplies >= 2 * (moves / 12)); // each side, every cycle at least once
		assert_int_equal(t.out_events, 0);
		assert_int_equal(t.late_starved, 0);
		assert_int_equal(t.out, 0);
	}
}

// LW.BIG.9/10: lw-big takes the train on large-country.json: men walk up to the engine and board
// it, it runs up the railway towards the enemy, and they get down before him (events of its side
// only). Before lw-gen the general never used a train (0 of each).
static void test_LW_BIG_9_big_general_takes_the_train(void **st)
{
	(void)st;
	for (int side = 0; side < 2; side++) {
		ks_tally t = {.side = side};
		play("large-country.json", 2, side == 0 ? "lw-big" : "random", side == 1 ? "lw-big" : "random", 30, &t);
		printf("large-country.json seed 2, lw-big as side %d: %d loads, %d runs, %d unloads\n", side, t.loads, t.runs,
		       t.unloads);
		assert_true(t.loads >= 1);
		assert_true(t.runs >= 1);
		assert_int_equal(t.unloads, 1);
	}
}

// LW.BIG.2/3/4 (issue 18 lw-box): on both bundled tables, whose armies start 30 ft apart, lw-big
// against lw-big puts men in boxes at the start (LW.BIG.4), moves the boxes (LW.BIG.2), and its
// cavalry scouts open the enemy's boxes (LW.BIG.3, "an enemy scout within 10 ft"), each side.
// Before lw-box the tables were 20 ft deep: no man could be boxed (0 of each).
static void test_LW_BIG_2_3_4_big_general_boxes_and_scouts_on_the_bundled_tables(void **st)
{
	(void)st;
	const char *files[] = {"large-country.json", "kriegspiel.json"};
	for (int k = 0; k < 2; k++) {
		ks_tally t = {.side = -1};
		play(files[k], 3, "lw-big", "lw-big", 24, &t);
		printf("%s seed 3, 24 moves: boxes closed %d/%d, box moves %d/%d, opened by a scout %d/%d, set out by "
		       "the owner %d/%d (red/blue)\n",
		       files[k], t.boxed[0], t.boxed[1], t.box_moves[0], t.box_moves[1], t.scouted[0], t.scouted[1],
		       t.set_out[0], t.set_out[1]);
		for (int side = 0; side < 2; side++) {
			assert_true(t.boxed[side] >= 4);
			assert_true(t.box_moves[side] >= 4);
			assert_true(t.scouted[side] >= 1); // side's boxes opened by the enemy's scouts
		}
	}
}

// big2 (LW.BIG.3, LW.BIG.9 with LW.C.4, LW.MOB.1): lw-big sets no man of its own down where he
// can never walk from: in a river no ford or bridge covers, or inside a house. Before big2, on the
// generated large Country, seed 22, 43 men got down from a train into a river at move 14, and
// seed 8 set 17 men out of a box inside a church at move 26; they stood there to the end.
static void test_LW_BIG_9_big_general_sets_no_man_down_in_water_or_a_house(void **st)
{
	(void)st;
	static const uint64_t seeds[] = {8, 22};
	for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
		tw_state sc;
		scenario(&sc, "gen-large", seeds[k]);
		sc.params[LWP_MAX_MOVES] = 30;
		tw_error err = {0};
		tw_game *g = tw_game_new(&sc, seeds[k], NULL, &err);
		assert_non_null(g);
		tw_game_set_undo(g, false);
		const tw_ruleset *rs = tw_game_ruleset(g);
		tw_general *gens[2] = {tw_general_new("lw-big", rs, 0, seeds[k]), tw_general_new("random", rs, 1, seeds[k] + 1000)};
		assert_int_equal(tw_play_out(g, gens, 4000000, &err), TW_OK);
		const tw_state *f = tw_game_state(g);
		int stuck = 0;
		for (int i = 0; i < f->nfig; i++) {
			const tw_figure *m = &f->fig[i];
			if (m->side != 0 || !lw_is_free(m))
				continue;
			bool bad = tw_table_is_water(&f->table, m->pos);
			for (int t = 0; t < f->table.nterrain && !bad; t++)
				bad = tw_terrain_impassable(&f->table.terrain[t]) && tw_terrain_contains(&f->table.terrain[t], m->pos);
			stuck += bad;
		}
		printf("generated large Country seed %d, 30 moves: %d of lw-big's men in water or a house\n", (int)seeds[k], stuck);
		assert_int_equal(stuck, 0);
		tw_general_free(gens[0]);
		tw_general_free(gens[1]);
		tw_game_free(g);
		tw_state_free(&sc);
	}
}

// biggen (LW.MV.11, LW.MOB.6/10): lw-big's guns fire. It gives its own orders (boxes, the march,
// the hunt) before lw-default's, and once a man has moved no gun may act in the move (LW.MV.11):
// lw-default's guns never fired. Now they fire first (lw_ai_guns.c). Against random on the
// generated large Country (seeds 14 and 26, 80 game moves): its guns fire at least 15 shots and
// kill at least 8 of the enemy's men; in every move of its in which they fired its men moved
// on after them (a gun whose trail no two men could reach held every other order of the move);
// and they kill at most 3 of our own. Before biggen: 0 shots in 200 moves on seed 14 (and with
// the guns firing but no trail check, 23 moves of seed 26 held by a trail).
static void test_LW_MV_11_big_general_fires_its_guns_first(void **st)
{
	(void)st;
	static const uint64_t seeds[] = {14, 26};
	for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
		tw_state sc;
		scenario(&sc, "gen-large", seeds[k]);
		sc.params[LWP_MAX_MOVES] = 80;
		tw_error err = {0};
		tw_game *g = tw_game_new(&sc, seeds[k], NULL, &err);
		assert_non_null(g);
		tw_game_set_undo(g, false);
		const tw_ruleset *rs = tw_game_ruleset(g);
		tw_general *gens[2] = {tw_general_new("lw-big", rs, 0, seeds[k]), tw_general_new("random", rs, 1, seeds[k] + 1000)};
		assert_int_equal(tw_play_out(g, gens, 4000000, &err), TW_OK);
		const tw_state *f = tw_game_state(g);
		const tw_events *ev = tw_game_events(g);
		int mover = -1, shots = 0, killed = 0, own = 0, idle = 0;
		bool fired = false, walked = false;
		for (int i = 0; i <= ev->n; i++) {
			const tw_event *e = i < ev->n ? &ev->v[i] : NULL;
			if (!e || e->type == TW_EV_MOVE_START) {
				idle += mover == 0 && fired && !walked;
				mover = e ? e->b : -1;
				fired = walked = false;
				continue;
			}
			if (mover != 0)
				continue;
			fired |= e->type == TW_EV_SHOT;
			shots += e->type == TW_EV_SHOT;
			walked |= fired && e->type == TW_EV_MOVE && e->side == 0;
			if (e->type == TW_EV_KILL && e->b >= 1 && e->b <= 3 && e->a >= 0 && e->a < f->nfig) {
				killed += f->fig[e->a].side == 1;
				own += f->fig[e->a].side == 0;
			}
		}
		printf("generated large Country seed %d, 80 moves: lw-big's guns fired %d shots, killed %d of the enemy and "
		       "%d of its own; %d moves with no man moving after the guns\n",
		       (int)seeds[k], shots, killed, own, idle);
		assert_true(shots >= 15);
		assert_true(killed >= 8);
		assert_true(own <= 3);
		assert_int_equal(idle, 0);
		tw_general_free(gens[0]);
		tw_general_free(gens[1]);
		tw_game_free(g);
		tw_state_free(&sc);
	}
}

// lw-big against random: at least 38 wins in 40 (scaled to the games played) on `file`.
static void beats_random(const char *file, int dflt_games)
{
	// Under the sanitizers the first of the games (seed 1, lw-big blue; test_scale.h).
	int n = env_int("TW_AI_KS_GAMES", tw_test_count(dflt_games, 2, 1)), wins = 0;
	int first = env_int("TW_AI_KS_FIRST", 1); // the first seed played (to look again at one game)
	for (uint64_t seed = (uint64_t)first; seed < (uint64_t)(first + n); seed++) {
		int side = (int)(seed % 2);
		ks_tally t = {.side = side};
		int w = play(file, seed, side == 0 ? "lw-big" : "random", side == 1 ? "lw-big" : "random", 0, &t);
		wins += w == side;
	}
	printf("lw-big beat random in %d of %d games on %s\n", wins, n, file);
	assert_true(wins * 40 >= 38 * n);
}

static void test_LW_BIG_beats_random_on_large_country_json(void **st)
{
	(void)st;
	beats_random("large-country.json", 2);
}

static void test_KS_beats_random_on_kriegspiel_json(void **st)
{
	(void)st;
	beats_random("kriegspiel.json", 2);
}

static void test_LW_BIG_beats_random_on_generated_large(void **st)
{
	(void)st;
	beats_random("gen-large", 2);
}

static void test_KS_beats_random_on_generated_kriegspiel(void **st)
{
	(void)st;
	beats_random("gen-kriegspiel", 2);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_KS_SUP_9_computer_kriegspiel_keeps_its_men_supplied),
		cmocka_unit_test(test_KS_SUP_9_default_general_supplies_in_a_kriegspiel),
		cmocka_unit_test(test_LW_BIG_9_big_general_takes_the_train),
		cmocka_unit_test(test_LW_BIG_2_3_4_big_general_boxes_and_scouts_on_the_bundled_tables),
		cmocka_unit_test(test_LW_BIG_9_big_general_sets_no_man_down_in_water_or_a_house),
		cmocka_unit_test(test_LW_MV_11_big_general_fires_its_guns_first),
		cmocka_unit_test(test_LW_BIG_beats_random_on_large_country_json),
		cmocka_unit_test(test_KS_beats_random_on_kriegspiel_json),
		cmocka_unit_test(test_LW_BIG_beats_random_on_generated_large),
		cmocka_unit_test(test_KS_beats_random_on_generated_kriegspiel),
	};
	const char *only = getenv("TW_AI_KS_ONLY");
	if (only)
		cmocka_set_test_filter(only);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
