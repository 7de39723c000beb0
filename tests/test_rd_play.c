// A Rattle of Dice in every front-end: the built-in registry, its computer generals against the
// random player (crossroads.json), the terminal (`tinwar play`, `sim`, `render`, `odds`, `replay`).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tinwar/tinwar.h"
#include "tinwar/doctrine.h"
#include "tinwar/io.h"
#include "rules/rattle/rd.h"

#define SCEN TW_SOURCE_DIR "/scenarios/rattle/crossroads.json"
#define RIVER TW_SOURCE_DIR "/scenarios/rattle/river.json"

static char dir[64];
static char out[1 << 18];

// Runs a shell command in the test's directory; its exit code, and stdout+stderr into out.
static int run(const char *fmt, ...)
{
	char cmd[2048], full[2300];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	snprintf(full, sizeof full, "cd %s && %s 2>&1", dir, cmd);
	FILE *p = popen(full, "r");
	assert_non_null(p);
	size_t n = fread(out, 1, sizeof out - 1, p);
	out[n] = 0;
	int st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int count(const char *hay, const char *needle)
{
	int n = 0;
	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

static tw_game *load_from(const char *path, tw_state *sc, uint64_t seed)
{
	tw_error err;
	memset(sc, 0, sizeof *sc);
	if (tw_state_load(sc, path, &err) != TW_OK)
		fail_msg("%s: %s %s", path, err.path, err.message);
	tw_game *g = tw_game_new(sc, seed, NULL, &err);
	assert_non_null(g);
	return g;
}

static tw_game *load(tw_state *sc, uint64_t seed) { return load_from(SCEN, sc, seed); }

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

// The random player uses every kind of order the rules allow it: over a game on each bundled
// scenario its orders applied include moves, formation changes with the figures' places
// (RD.ORG.7-9), shots, Generals' rides, Urging On, charges, rallies, work (river.json's pioneers),
// and answers to the other side's charges and melees.
static void test_rd_random_player_acts(void **st)
{
	(void)st;
	int kinds[RD_OT_COUNT] = {0}, placed = 0, charges = 0;
	for (int k = 0; k < 6; k++) { // random against random, then (k >= 4) against rd-attack, which comes near
		tw_state sc;
		uint64_t seed = 5 + (uint64_t)k / 2;
		tw_game *g = load_from(k % 2 ? RIVER : SCEN, &sc, seed);
		tw_game_set_undo(g, false);
		const tw_ruleset *rs = tw_game_ruleset(g);
		tw_general *gens[2] = {tw_general_new("random", rs, 0, seed),
				       tw_general_new(k >= 4 ? "rd-attack" : "random", rs, 1, seed + 1)};
		tw_error err;
		assert_int_equal(tw_play_out(g, gens, 30000, &err), TW_OK);
		assert_true(tw_game_state(g)->over);
		for (int i = 0; i < tw_game_order_count(g); i++) {
			const tw_order *o = tw_game_order(g, i);
			if (o && o->type < RD_OT_COUNT && (k < 4 || o->side == 0))
				kinds[o->type]++;
			placed += o && o->type == RD_OT_FORMATION && o->has_at;
		}
		const tw_events *evs = tw_game_events(g);
		for (int i = 0; i < evs->n; i++)
			charges += strcmp(evs->v[i].clause, "RD.CHARGE.1") == 0 && (k < 4 || evs->v[i].side == 0) &&
				   strstr(evs->v[i].text, " charges unit ") != NULL;
		if (k == 0)
			assert_int_equal(kinds[RD_OT_INITIATIVE], 8); // max_turns 8 in crossroads.json
		tw_general_free(gens[0]);
		tw_general_free(gens[1]);
		tw_game_free(g);
		tw_state_free(&sc);
	}
	print_message("random: move %d formation %d (placed %d) shoot %d general %d urge %d charges %d rally %d work %d "
		      "respond %d fire %d steady %d\n",
		      kinds[RD_OT_MOVE], kinds[RD_OT_FORMATION], placed, kinds[RD_OT_SHOOT], kinds[RD_OT_GENERAL],
		      kinds[RD_OT_URGE], charges, kinds[RD_OT_RALLY], kinds[RD_OT_WORK], kinds[RD_OT_RESPOND],
		      kinds[RD_OT_FIRE], kinds[RD_OT_STEADY]);
	assert_true(kinds[RD_OT_MOVE] > 0);
	assert_true(placed > 0); // RD.ORG.8: a formation change with places the geometry accepts
	assert_true(kinds[RD_OT_SHOOT] > 0);
	assert_true(kinds[RD_OT_GENERAL] > 0);
	assert_true(kinds[RD_OT_URGE] > 0);
	assert_true(kinds[RD_OT_WORK] > 0);
}

// The random player charges (RD.CHARGE.1): with the Blue line placed 7 in before the Red rifles'
// front, among its candidates in red's phase is a move the rules accept that ends in contact; and
// it answers the defensive fire asked of blue when that phase ends (RD.MELEE.6).
// Clauses: RD.CHARGE.1 RD.MELEE.6
static void test_RD_CHARGE_1_random_player_charges(void **st)
{
	(void)st;
	tw_state sc;
	tw_error err;
	memset(&sc, 0, sizeof sc);
	assert_int_equal(tw_state_load(&sc, SCEN, &err), TW_OK);
	double red_front = -INFINITY, blue_front = INFINITY;
	for (int i = 0; i < sc.nfig; i++) {
		if (sc.fig[i].unit == 0)
			red_front = fmax(red_front, sc.fig[i].pos.y);
		if (sc.fig[i].unit == 2)
			blue_front = fmin(blue_front, sc.fig[i].pos.y);
	}
	tw_vec2 shift = tw_sub(tw_v2(rd_unit_centre(&sc, 0).x, red_front + 7), tw_v2(rd_unit_centre(&sc, 2).x, blue_front));
	for (int i = 0; i < sc.nfig; i++)
		if (sc.fig[i].unit == 2)
			sc.fig[i].pos = tw_add(sc.fig[i].pos, shift);
	tw_game *g = tw_game_new(&sc, 3, NULL, &err);
	assert_non_null(g);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_order *o = calloc(8, sizeof *o);
	tw_order_init(o, RD_OT_INITIATIVE, 0);
	assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
	if (tw_game_state(g)->phase == RD_PH_CHOOSE) { // red plays first
		tw_order_init(o, RD_OT_FIRST, tw_game_state(g)->mover);
		o->n = tw_game_state(g)->mover == 0 ? 0 : 1;
		assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
	}
	const tw_state *s = tw_game_state(g);
	assert_int_equal(rd_phasing_side(s), 0);
	tw_rng r;
	tw_rng_seed(&r, 11);
	int charge = -1;
	for (int k = 0; k < 200 && charge < 0; k++) {
		int n = rs->random_orders(s, 0, &r, o, 8);
		for (int i = 0; i < n && charge < 0; i++) {
			if (o[i].type != RD_OT_MOVE || o[i].fig[0] >= 18 || rs->validate(s, &o[i], NULL) != TW_OK)
				continue;
			tw_state c;
			assert_int_equal(tw_state_clone(&c, s), TW_OK);
			tw_events ev = {0};
			assert_int_equal(rs->apply(&c, &o[i], NULL, &ev, &err), TW_OK);
			if (rd_units_touch(&c, 0, 2))
				charge = i;
			tw_events_free(&ev);
			tw_state_free(&c);
		}
	}
	assert_true(charge >= 0);
	// The charge made and red's phase ended, blue is asked for its defensive fire (RD.MELEE.6):
	// the random player answers with a `fire` the rules accept.
	o[7] = o[charge];
	assert_int_equal(tw_game_apply(g, &o[7], NULL, NULL, &err), TW_OK);
	tw_order_init(&o[7], RD_OT_END, 0);
	assert_int_equal(tw_game_apply(g, &o[7], NULL, NULL, &err), TW_OK);
	s = tw_game_state(g);
	assert_int_equal(RDG(s)->fire, 1);
	assert_int_equal(rs->random_orders(s, 1, &r, o, 8), 1);
	assert_int_equal(o[0].type, RD_OT_FIRE);
	assert_int_equal(rs->validate(s, &o[0], &err), TW_OK);
	free(o);
	tw_game_free(g);
	tw_state_free(&sc);
}

// A doctrine against the random player: 20 seeds on each side of a scenario, 40 games.
static int used[RD_OT_COUNT]; // order types the doctrine gave in doctrine_wins' games
static int charges;            // its charges (RD.CHARGE.1 events of its units)

static int doctrine_wins(const char *doctrine, const char *scen)
{
	int wins = 0;
	memset(used, 0, sizeof used);
	charges = 0;
	for (int side = 0; side < 2; side++)
		for (uint64_t seed = 1; seed <= 20; seed++) {
			if (getenv("RD_PLAY_ONLY") && atoi(getenv("RD_PLAY_ONLY")) != (int)seed) // one game, to study it
				continue;
			tw_state sc;
			tw_game *g = load_from(scen, &sc, seed);
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
			for (int i = 0; i < tw_game_order_count(g); i++) {
				const tw_order *o = tw_game_order(g, i);
				if (o && o->side == side && o->type < RD_OT_COUNT)
					used[o->type]++;
			}
			const tw_events *evs = tw_game_events(g);
			for (int i = 0; i < evs->n; i++)
				charges += strcmp(evs->v[i].clause, "RD.CHARGE.1") == 0 && evs->v[i].side == side &&
					   strstr(evs->v[i].text, " charges unit ") != NULL;
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
	print_message("%s beat random in %d of 40 games on %s (charges %d, urge %d, rally %d, respond %d, fire %d, steady "
		      "%d, formation %d, work %d)\n",
		      doctrine, wins, strrchr(scen, '/') + 1, charges, used[RD_OT_URGE], used[RD_OT_RALLY],
		      used[RD_OT_RESPOND], used[RD_OT_FIRE], used[RD_OT_STEADY], used[RD_OT_FORMATION], used[RD_OT_WORK]);
	return wins;
}

// Clauses: RD.SHOOT.1, RD.MOVE.2, RD.DET.1
static void test_RD_SHOOT_1_rd_attack_beats_random_38_of_40(void **st)
{
	(void)st;
	assert_true(doctrine_wins("rd-attack", SCEN) >= 38);
	assert_true(charges > 0 && used[RD_OT_URGE] > 0 && used[RD_OT_FORMATION] > 0); // RD.CHARGE.1, RD.MOVE.14, RD.MOVE.6
}

// On river.json red must cross the Mill river (the bridge, or a pontoon its pioneers lay) and
// take the village; blue holds it (10 points at the end).
// Clauses: RD.SAP.6, RD.CHARGE.1, RD.MELEE.6, RD.GEN.5
static void test_RD_SAP_6_rd_attack_beats_random_38_of_40_on_river(void **st)
{
	(void)st;
	assert_true(doctrine_wins("rd-attack", RIVER) >= 38);
	assert_true(used[RD_OT_WORK] > 0 && used[RD_OT_URGE] > 0); // pioneers lay a pontoon (RD.SAP.6)
}

// Clauses: RD.SAP.6, RD.SHOOT.8, RD.CHARGE.7
static void test_RD_SAP_6_rd_skirmish_beats_random_38_of_40_on_river(void **st)
{
	(void)st;
	assert_true(doctrine_wins("rd-skirmish", RIVER) >= 38);
	assert_true(used[RD_OT_WORK] > 0 && used[RD_OT_URGE] > 0);
}

// Clauses: RD.SHOOT.1, RD.MOVE.6, RD.DET.1
static void test_RD_SHOOT_1_rd_skirmish_beats_random_38_of_40(void **st)
{
	(void)st;
	assert_true(doctrine_wins("rd-skirmish", SCEN) >= 38);
	assert_true(charges > 0 && used[RD_OT_URGE] > 0 && used[RD_OT_FORMATION] > 0);
}

// `tinwar play` against the computer: help lists Rattle's orders from its table; the winner's
// choice (RD.SEQ.2) is offered to the human when it is his, also when the computer threw the
// initiative (turn 2: blue ended turn 1 and throws; red wins 5 to 1 with seed 1 and chooses).
// Clauses: RD.SEQ.2
static void test_RD_SEQ_2_terminal_offers_the_choice_to_the_human(void **st)
{
	(void)st;
	char path[128];
	snprintf(path, sizeof path, "%s/in.txt", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("help\ninitiative\nfirst first\nend\nfirst second\nquit\n", f);
	fclose(f);
	assert_int_equal(run("%s play %s --red human --blue rd-attack --seed 1 < in.txt", TW_CLI, SCEN), 0);
	assert_non_null(strstr(out, "shoot {figures} at {targets}"));
	assert_non_null(strstr(out, "formation {n} {figures} [{facing}] | formation {n} to {moves} [{facing}]"));
	assert_non_null(strstr(out, "{n}: first, second"));
	assert_non_null(strstr(out, "{n}: line, column, skirmish, limbered, deployed"));
	// Turn 1: red threw and won; turn 2: blue (the computer) ended turn 1 and threw, red won.
	assert_int_equal(count(out, "[RD.SEQ.2] red: red won the initiative: play first or second (orders: first)"), 2);
	const char *t2 = strstr(out, "blue throws 1 for the initiative");
	assert_non_null(t2);
	assert_non_null(strstr(t2, "red wins the initiative 5 to 1"));
	assert_non_null(strstr(t2, "red chooses to play second"));
	assert_non_null(strstr(t2, "turn 2: blue's phase (first)"));
	assert_non_null(strstr(out, "Stopped after 2 game moves."));
}

// `tinwar sim` plays Rattle computer against computer and sums up; `play --log` and `replay`
// agree on the final hash; `render` draws the end with each unit's formation named.
static void test_rd_sim_replay_render(void **st)
{
	(void)st;
	assert_int_equal(run("%s sim %s --games 4 --red rd-attack --blue random --seed 2", TW_CLI, SCEN), 0);
	assert_non_null(strstr(out, "red wins"));
	assert_non_null(strstr(out, "game moves         mean    8.00"));
	assert_int_equal(run("%s play %s --red rd-skirmish --blue rd-attack --seed 3 --log g.log --save end.json --quiet",
			     TW_CLI, SCEN),
			 0);
	assert_int_equal(run("%s replay g.log", TW_CLI), 0);
	assert_non_null(strstr(out, "matches the log"));
	assert_int_equal(run("%s render end.json -o plain.png", TW_CLI), 0);
	assert_int_equal(run("%s render end.json -o named.png --field formation", TW_CLI), 0);
	assert_int_equal(run("cmp -s plain.png named.png"), 1); // the names are drawn
	assert_int_equal(run("%s render end.json -o x.png --field nonesuch", TW_CLI), 2);
	assert_int_equal(run("%s report g.log -o r.html", TW_CLI), 0);
	assert_int_equal(run("grep -c 'RD.SHOOT' r.html"), 0);
}

// The Monte Carlo cost beside every exact answer (RD.SHOOT.6-11, RD.DET.1, RD.RALLY.5): one line
// after each probability and after the expected hits, with the samples a standard error under
// 5e-7 needs (var / se^2: RD.EX.1's P(0 hits) = 125/216 needs 9.75e+11, the mean 0.5 of 3 dice at
// 1/6 (variance 5/12) 1.67e+12, a militia check's 1/2 1e+12) and a measured time: the shape is
// tested, never the timing.
// Clauses: RD.SHOOT.6 RD.DET.1 RD.RALLY.5 RD.MELEE.3
static void test_RD_SHOOT_6_odds_monte_carlo_beside_each_answer(void **st)
{
	(void)st;
	assert_int_equal(run("%s odds rattle shoot --figures 12 --difficult", TW_CLI), 0);
	assert_int_equal(count(out, "  P("), 4);
	assert_int_equal(count(out, "    Monte Carlo for the same precision: "), 5);
	const char *p0 = strstr(out, "P(0 hits) = 125/216 (0.578704)\n    Monte Carlo for the same precision: 9.75e+11 "
				     "samples (standard error < 5e-07), about ");
	assert_non_null(p0);
	assert_non_null(strstr(out, "expected hits: 0.500000\n    Monte Carlo for the same precision: 1.67e+12 samples"));
	// Each note: "about T UNIT at X ns a sample (measured)".
	for (const char *p = strstr(out, "), about "); p; p = strstr(p + 1, "), about ")) {
		double t = 0, ns = 0;
		char unit[16];
		assert_int_equal(sscanf(p, "), about %lf %15s at %lf ns a sample (measured)", &t, unit, &ns), 3);
		assert_true(t > 0 && ns > 0);
	}
	assert_int_equal(run("%s odds rattle command --class militia", TW_CLI), 0);
	assert_non_null(strstr(out, "1/2 (0.500000)\n    Monte Carlo for the same precision: 1e+12 samples"));
	assert_int_equal(run("%s odds rattle rally --class regular --general", TW_CLI), 0);
	assert_int_equal(count(out, "Monte Carlo for the same precision"), 1);
	// Melee too (RD.MELEE.3/11): 8 figures charging throw 2 dice hitting on 4-6: P(0) = 1/4 needs
	// 0.25 * 0.75 / (5e-7)^2 = 7.5e+11 samples; a line after each of 3 answers and the mean.
	assert_int_equal(run("%s odds rattle melee --figures 8 --charged", TW_CLI), 0);
	assert_int_equal(count(out, "    Monte Carlo for the same precision: "), 4);
	assert_non_null(strstr(out, "P(0 hits) = 1/4 (0.250000)\n    Monte Carlo for the same precision: 7.5e+11 samples"));
}

// doctrines/rattle_line.lua plays whole games of Rattle (crossroads.json and river.json) against
// random without a failure of the doctrine, answering the decisions asked of its seat (a charge,
// the fire before a melee, Steady Men!/colour: the random player charges and shoots) (its initiative and choice come from tw.suggest(): a `first first` order, n = 0, must
// reach Lua with its n), and the same seed gives the same game.
static void test_rd_lua_doctrine_plays_whole_games(void **st)
{
	(void)st;
	int answers[RD_OT_COUNT] = {0};
	for (uint64_t seed = 1; seed <= 8; seed++) {
		uint64_t hash[2];
		int lua = seed <= 6 ? 0 : 1; // the last two: blue against rd-attack, which charges
		for (int rep = 0; rep < 2; rep++) {
			tw_state sc;
			tw_game *g = load_from(seed <= 3 || seed > 6 ? SCEN : RIVER, &sc, seed);
			tw_game_set_undo(g, false);
			const tw_ruleset *rs = tw_game_ruleset(g);
			tw_general *gens[2];
			gens[lua] = tw_general_new(TW_SOURCE_DIR "/doctrines/rattle_line.lua", rs, lua, seed);
			gens[1 - lua] = tw_general_new(lua ? "rd-attack" : "random", rs, 1 - lua, seed);
			assert_non_null(gens[lua]);
			tw_error err;
			assert_int_equal(tw_play_out(g, gens, 30000, &err), TW_OK);
			assert_true(tw_game_state(g)->over);
			tw_error why;
			if (tw_lua_failure(gens[lua], &why))
				fail_msg("rattle_line.lua failed: %s", why.message);
			hash[rep] = tw_state_hash(tw_game_state(g));
			for (int i = 0; rep == 0 && i < tw_game_order_count(g); i++) {
				const tw_order *o = tw_game_order(g, i);
				if (o && o->side == lua && o->type < RD_OT_COUNT)
					answers[o->type]++;
			}
			tw_general_free(gens[0]);
			tw_general_free(gens[1]);
			tw_game_free(g);
			tw_state_free(&sc);
		}
		assert_int_equal(hash[0], hash[1]);
	}
	print_message("rattle_line.lua answered: respond %d, fire %d, steady %d, promote %d\n", answers[RD_OT_RESPOND],
		      answers[RD_OT_FIRE], answers[RD_OT_STEADY], answers[RD_OT_PROMOTE]);
	assert_true(answers[RD_OT_RESPOND] + answers[RD_OT_FIRE] + answers[RD_OT_STEADY] > 0); // decisions answered
}

// The generator (rd_generate): over 50 seeds and two table sizes, no figure starts inside ground
// it may not stand in (a piece the core or Rattle holds impassable, unbridged water, a house
// unless the piece is open to troops as Rattle's town is: RD.MOVE.7) nor on another figure
// (bases overlap), and the village (a town, RD.MOVE.7) is open to infantry.
// Clauses: RD.MOVE.7 RD.CON.8
static void test_RD_MOVE_7_generated_tables_place_every_figure_on_open_ground(void **st)
{
	(void)st;
	static const double sizes[][2] = {{96, 72}, {120, 100}};
	for (size_t k = 0; k < TW_ARRAY_COUNT(sizes); k++)
		for (uint64_t seed = 1; seed <= 50; seed++) {
			tw_state sc;
			tw_error err;
			memset(&sc, 0, sizeof sc);
			assert_int_equal(tw_scenario_generate(&sc, "rattle", seed, sizes[k][0], sizes[k][1], &err), TW_OK);
			int village = RDG(&sc)->objective;
			assert_true(village >= 0);
			assert_false(tw_terrain_impassable(&sc.table.terrain[village])); // a town, not a solid block
			assert_int_equal(rd_feature(&sc, village), RD_TER_TOWN);
			for (int i = 0; i < sc.nfig; i++) {
				const tw_figure *f = &sc.fig[i];
				if (tw_table_is_water(&sc.table, f->pos))
					fail_msg("seed %d: figure %d stands in the river", (int)seed, f->id);
				for (int t = 0; t < sc.table.nterrain; t++) {
					const tw_terrain *tr = &sc.table.terrain[t];
					bool closed = f->unit >= 0 && rd_types[RDU(&sc, f->unit)->type].closed &&
						      (rd_feature(&sc, t) == RD_TER_WOOD || rd_feature(&sc, t) == RD_TER_TOWN);
					if ((tw_terrain_impassable(tr) || rd_feature(&sc, t) == RD_TER_IMPASSABLE || closed) &&
					    tw_terrain_contains(tr, f->pos))
						fail_msg("seed %d: figure %d stands inside %s %d", (int)seed, f->id,
							 tw_terrain_kind_name((tw_terrain_kind)tr->kind), t);
				}
				for (int j = 0; j < i; j++)
					if (tw_dist(f->pos, sc.fig[j].pos) < f->radius + sc.fig[j].radius - 1e-9)
						fail_msg("seed %d: figures %d and %d overlap", (int)seed, sc.fig[j].id, f->id);
			}
			tw_state_free(&sc);
		}
}

// A turn to a facing off the axes with the figures' places laid exactly (rd_order_form) is a legal
// formation: the check groups ranks within a tenth of a base, so depths a rounding error apart do
// not scramble a rank's order (it refused "neighbours in a rank 3 in apart" before). Every
// formation each infantry unit of crossroads.json may take, at 0, 30, 45, 200 degrees.
// Clauses: RD.ORG.8 RD.ORG.7 RD.MOVE.6
static void test_RD_ORG_8_formation_places_at_any_facing(void **st)
{
	(void)st;
	tw_state sc;
	tw_game *g = load(&sc, 1);
	const tw_state *s = tw_game_state(g);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_error err;
	assert_int_equal(tw_game_apply(g, &(tw_order){.type = RD_OT_INITIATIVE, .side = 0, .gun = -1}, NULL, NULL, &err), TW_OK);
	tw_order *o = malloc(sizeof *o);
	static const double facings[] = {0, 30, 45, 200};
	int side = rd_phasing_side(s), tried = 0;
	if (side < 0) { // the winner chooses: play first
		tw_order_init(o, RD_OT_FIRST, s->mover);
		o->n = 0;
		assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
		side = rd_phasing_side(s);
	}
	for (int u = 0; u < s->nunit; u++) {
		if (s->unit[u].side != side)
			continue;
		for (int f = TW_RD_F_LINE; f <= TW_RD_F_SKIRMISH; f++)
			for (size_t k = 0; k < TW_ARRAY_COUNT(facings); k++) {
				if (!rd_order_form(s, u, f, facings[k], rd_unit_centre(s, u), o))
					continue;
				tw_status v = rs->validate(s, o, &err);
				if (v != TW_OK && strncmp(err.clause, "RD.ORG.", 7) == 0) // the shape: never refused
					fail_msg("unit %d, %s at %g: %s %s", u, rd_formation_names[f], facings[k], err.clause,
						 err.message);
				tried += v == TW_OK; // (a change too far for half the move is refused, RD.MOVE.6)
			}
	}
	assert_true(tried >= 12);
	free(o);
	tw_game_free(g);
	tw_state_free(&sc);
}

static int setup_dir(void **st)
{
	(void)st;
	snprintf(dir, sizeof dir, "/tmp/tw_rd_play_%d", (int)getpid());
	char cmd[256];
	snprintf(cmd, sizeof cmd, "rm -rf %s && mkdir -p %s", dir, dir);
	return system(cmd) == 0 ? 0 : -1;
}

static int teardown_dir(void **st)
{
	(void)st;
	char cmd[256];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rd_registered),
		cmocka_unit_test(test_rd_random_player_acts),
		cmocka_unit_test(test_RD_CHARGE_1_random_player_charges),
		cmocka_unit_test(test_RD_SHOOT_1_rd_attack_beats_random_38_of_40),
		cmocka_unit_test(test_RD_SHOOT_1_rd_skirmish_beats_random_38_of_40),
		cmocka_unit_test(test_RD_SAP_6_rd_attack_beats_random_38_of_40_on_river),
		cmocka_unit_test(test_RD_SAP_6_rd_skirmish_beats_random_38_of_40_on_river),
		cmocka_unit_test(test_RD_SEQ_2_terminal_offers_the_choice_to_the_human),
		cmocka_unit_test(test_rd_sim_replay_render),
		cmocka_unit_test(test_RD_SHOOT_6_odds_monte_carlo_beside_each_answer),
		cmocka_unit_test(test_rd_lua_doctrine_plays_whole_games),
		cmocka_unit_test(test_RD_MOVE_7_generated_tables_place_every_figure_on_open_ground),
		cmocka_unit_test(test_RD_ORG_8_formation_places_at_any_facing),
	};
	return cmocka_run_group_tests(tests, setup_dir, teardown_dir);
}
