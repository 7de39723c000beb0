// The conformance suite every registered rule set must pass (OpenSpiel-style):
// random legal games never crash; at every step a clone equals the original, illegal orders
// leave the state unchanged, and the invariants hold (no man inside a solid piece, the dead
// stay dead once the casualties are settled, figure counts are conserved); states round-trip
// through JSON; games end within their limit; and a replay of the game log gives the same final
// hash.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"
#include "test_scale.h"

enum { GAMES = 12, MAX_ORDERS = 60000 };

// The casualties are settled while no `react` decision is open: Rattle's Steady Men! and colour
// rolls (RD.GEN.5, RD.FLAG.2) are asked after a hit event's figures are removed, and a cancelled
// hit stands the last of them up again (docs/rattle.md, "Hits are removed at once; a cancelled hit
// restores a figure"). A figure dead in a settled state stays dead.
static bool casualties_settled(const tw_state *s)
{
	tw_decision dec[TW_MAX_DECISIONS];
	int n = tw_state_decisions(s, dec, TW_MAX_DECISIONS);
	for (int k = 0; k < n; k++)
		if (strcmp(dec[k].kind, "react") == 0)
			return false;
	return true;
}

static void check_invariants(const tw_state *s, const tw_state *start, uint8_t *was_dead)
{
	bool settled = casualties_settled(s);
	assert_int_equal(s->nfig, start->nfig); // counts conserved: nobody appears or vanishes
	assert_int_equal(s->ngun, start->ngun);
	int by_status[TW_FS_MAX] = {0};
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		assert_true(f->status < TW_FS_GENERIC_COUNT ||
			    (f->status >= TW_FS_RULESET && f->status < TW_FS_RULESET + tw_ruleset_get(s->ruleset)->nstatuses));
		by_status[f->status]++;
		if (was_dead[i] && f->status != TW_FS_DEAD) // the dead stay dead
			fail_msg("figure %d (side %d) was dead and is now of status %d at move %d", f->id, f->side, f->status,
				 s->move_no);
		if (f->status == TW_FS_DEAD && settled)
			was_dead[i] = 1;
		if (tw_figure_on_table(s, f)) {
			for (int t = 0; t < s->table.nterrain; t++) {
				const tw_terrain *tr = &s->table.terrain[t];
				// A piece troops may enter by its own override (a Rattle town: a house with
				// pass yes, RD.MOVE.7) is not a solid piece.
				if ((tr->kind == TW_TER_HOUSE || tr->kind == TW_TER_ROCK || tr->kind == TW_TER_WALL) &&
				    tw_terrain_impassable(tr))
					if (tw_terrain_contains(tr, f->pos))
						fail_msg("figure %d stands inside %s %d", f->id,
							 tw_terrain_kind_name((tw_terrain_kind)tr->kind), tr->id);
			}
		}
	}
	int total = 0;
	for (int k = 0; k < TW_FS_MAX; k++)
		total += by_status[k];
	assert_int_equal(total, s->nfig);
}

static void roundtrip(const tw_state *s)
{
	json_t *j = tw_state_to_json(s);
	assert_non_null(j);
	char *txt = json_dumps(j, JSON_REAL_PRECISION(17));
	json_decref(j);
	tw_state back;
	memset(&back, 0, sizeof back);
	tw_error err;
	if (tw_state_from_text(&back, txt, strlen(txt), "roundtrip", &err) != TW_OK)
		fail_msg("state does not load back: %s %s", err.path, err.message);
	assert_int_equal(tw_state_hash(&back), tw_state_hash(s));
	tw_state_free(&back);
	free(txt);
}

// The game's start: a generated scenario, or for a rule set that generates none (Rattle until its
// generator comes) its first scenario file under scenarios/<name>/, played with the seed.
static void start_scenario(const tw_ruleset *rs, uint64_t seed, tw_state *sc)
{
	tw_error err;
	if (rs->generate) {
		assert_int_equal(tw_scenario_generate(sc, rs->name, seed, 96, 72, &err), TW_OK);
		return;
	}
	// Lloyd (ll-reg): each of its kinds in turn, by the seed (NQ, Type III, three-fight, six players).
	static const char *const files[][2] = {{"rattle", "scenarios/rattle/crossroads.json"},
					       {"svl", "scenarios/svl/battle.json"},
					       {"lloyd", "scenarios/lloyd/skirmish.json"},
					       {"lloyd", "scenarios/lloyd/type3.json"},
					       {"lloyd", "scenarios/lloyd/three.json"},
					       {"lloyd", "scenarios/lloyd/six.json"}};
	size_t nfiles = sizeof files / sizeof files[0], mine = 0;
	for (size_t k = 0; k < nfiles; k++)
		mine += strcmp(files[k][0], rs->name) == 0;
	size_t pick = mine ? (size_t)((seed - 1) % mine) : 0;
	for (size_t k = 0; k < nfiles; k++)
		if (strcmp(files[k][0], rs->name) == 0 && pick-- == 0) {
			if (tw_state_load(sc, files[k][1], &err) != TW_OK)
				fail_msg("%s: %s %s", files[k][1], err.path, err.message);
			return;
		}
	fail_msg("rule set %s neither generates scenarios nor names one here", rs->name);
}

static void play_random_game(const tw_ruleset *rs, uint64_t seed)
{
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	start_scenario(rs, seed, &sc);
	tw_game *g = tw_game_new(&sc, seed, NULL, &err);
	assert_non_null(g);
	tw_general *gens[TW_MAX_SIDES] = {0};
	for (int i = 0; i < sc.nsides; i++)
		gens[i] = tw_general_new("random", rs, i, seed + (uint64_t)i);
	uint8_t *was_dead = calloc((size_t)sc.nfig + 1, 1);
	tw_rng probe;
	tw_rng_seed(&probe, seed ^ 0xABCDEF);
	tw_order *o = malloc(sizeof *o), *bad = malloc(sizeof *bad);
	int n = 0;
	for (; n < MAX_ORDERS; n++) {
		const tw_state *s = tw_game_state(g);
		// The seat asked first, as tw_play_out finds it: a seat whose secret choice is sealed is
		// not asked again (Lloyd's TF.D2 allocation asks both seats; ll-reg).
		tw_decision dec[TW_MAX_DECISIONS];
		if (tw_state_decisions(s, dec, TW_MAX_DECISIONS) == 0)
			break;
		int side = dec[0].seat;
		if (side < 0 || side >= s->nsides)
			break;
		// A clone equals the original.
		tw_state c;
		assert_int_equal(tw_state_clone(&c, s), TW_OK);
		assert_int_equal(tw_state_hash(&c), tw_state_hash(s));
		tw_state_free(&c);
		// An order the rules refuse leaves the state and the log unchanged.
		if (rs->random_orders(s, (side + 1) % s->nsides, &probe, bad, 1) == 1) { // another side's (six: ll-reg)
			uint64_t h = tw_state_hash(s);
			int nev = tw_game_events(g)->n, nord = tw_game_order_count(g);
			if (rs->validate(s, bad, NULL) != TW_OK) {
				assert_int_not_equal(tw_game_apply(g, bad, NULL, NULL, &err), TW_OK);
				assert_int_equal(tw_state_hash(tw_game_state(g)), h);
				assert_int_equal(tw_game_events(g)->n, nev);
				assert_int_equal(tw_game_order_count(g), nord);
			}
		}
		assert_int_equal(tw_general_decide(gens[side], s, o), TW_OK);
		if (tw_game_apply(g, o, NULL, NULL, &err) != TW_OK) {
			tw_order_init(o, tw_order_type_with(tw_game_ruleset(g), TW_OD_ENDS_TURN), side);
			if (tw_game_apply(g, o, NULL, NULL, &err) != TW_OK)
				fail_msg("end of move refused: %s %s", err.clause, err.message);
		}
		check_invariants(tw_game_state(g), &sc, was_dead);
		if (n % 97 == 0)
			roundtrip(tw_game_state(g));
	}
	const tw_state *end = tw_game_state(g);
	assert_true(end->over); // games end within their limit
	roundtrip(end);
	// Replay of the log gives the same hash.
	json_t *log = tw_game_log_to_json(g);
	char *txt = json_dumps(log, JSON_REAL_PRECISION(17));
	json_decref(log);
	bool ok = false;
	tw_game *r = tw_game_log_replay(txt, strlen(txt), "conformance", &ok, &err);
	if (!r)
		fail_msg("replay failed: %s %s %s", err.path, err.clause, err.message);
	assert_true(ok);
	assert_int_equal(tw_state_hash(tw_game_state(r)), tw_state_hash(end));
	tw_game_free(r);
	free(txt);
	free(o);
	free(bad);
	free(was_dead);
	for (int i = 0; i < TW_MAX_SIDES; i++)
		tw_general_free(gens[i]);
	tw_game_free(g);
	tw_state_free(&sc);
}

// A soak by hand (not in make test): TW_CONF_GAMES=N plays N games of each rule set from seed
// TW_CONF_FIRST (default 1), TW_CONF_RULESET=name only that rule set's (docs/design.md, "The
// test command's time").
static long env_long(const char *name, long dflt)
{
	const char *e = getenv(name);
	char *end = NULL;
	long v = e ? strtol(e, &end, 10) : 0;
	return e && end != e && *end == 0 && v > 0 ? v : dflt;
}

static void test_conformance_every_ruleset(void **st)
{
	(void)st;
	// Under the sanitizers the first 4 seeds of each rule set (test_scale.h).
	long n = env_long("TW_CONF_GAMES", tw_test_count(GAMES, 3, 4)), first = env_long("TW_CONF_FIRST", 1);
	const char *only = getenv("TW_CONF_RULESET");
	for (int r = 0; r < tw_ruleset_count(); r++) {
		const tw_ruleset *rs = tw_ruleset_get(r);
		if (only && strcmp(only, rs->name) != 0)
			continue;
		for (uint64_t seed = (uint64_t)first; seed < (uint64_t)(first + n); seed++) {
			if (getenv("TW_CONF_GAMES")) // the soak names each game, so that a failure can be played again
				fprintf(stderr, "conformance: %s seed %llu\n", rs->name, (unsigned long long)seed);
			play_random_game(rs, seed);
		}
	}
}

static void test_undo_restores_state_and_log(void **st)
{
	(void)st;
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	assert_int_equal(tw_scenario_generate(&sc, "littlewars", 4, 96, 72, &err), TW_OK);
	tw_game *g = tw_game_new(&sc, 4, NULL, &err);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new("default", rs, 0, 4), tw_general_new("default", rs, 1, 4)};
	tw_order o;
	int undone = 0;
	for (int n = 0; n < 400 && !tw_game_state(g)->over; n++) {
		int side = rs->to_move(tw_game_state(g));
		assert_int_equal(tw_general_decide(gens[side], tw_game_state(g), &o), TW_OK);
		uint64_t before = tw_state_hash(tw_game_state(g));
		int nev = tw_game_events(g)->n;
		uint64_t draws = tw_game_state(g)->rng.draws;
		int move = tw_game_state(g)->move_no;
		if (tw_game_apply(g, &o, NULL, NULL, &err) != TW_OK)
			continue;
		bool chance = tw_game_state(g)->rng.draws != draws || tw_game_state(g)->move_no != move;
		if (!chance && n % 3 == 0) {
			assert_true(tw_game_undo(g));
			assert_int_equal(tw_state_hash(tw_game_state(g)), before);
			assert_int_equal(tw_game_events(g)->n, nev);
			undone++;
			assert_int_equal(tw_game_apply(g, &o, NULL, NULL, &err), TW_OK);
		}
		if (chance)
			assert_false(tw_game_undo(g)); // not back past a die or a shot
	}
	assert_true(undone > 5);
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	tw_state_free(&sc);
}

// ---- lw-gen (issue 18): the two bundled large tables ----
// scenarios/littlewars/large-country.json and kriegspiel.json, lw-big (red: supplies, trains)
// against random (blue) for 10 game moves, with the suite's checks at every order: a clone
// equals the original, a refused order changes nothing, the invariants hold, the state
// round-trips through JSON, and the log replays to the same final hash.
static void play_bundled_game(const char *file, uint64_t seed)
{
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	if (tw_state_load(&sc, file, &err) != TW_OK)
		fail_msg("%s: %s %s", file, err.path, err.message);
	sc.params[tw_ruleset_param(tw_ruleset_get(sc.ruleset), "max_moves")] = 10;
	tw_game *g = tw_game_new(&sc, seed, NULL, &err);
	assert_non_null(g);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new("lw-big", rs, 0, seed), tw_general_new("random", rs, 1, seed + 1)};
	uint8_t *was_dead = calloc((size_t)sc.nfig + 1, 1);
	tw_rng probe;
	tw_rng_seed(&probe, seed ^ 0xABCDEF);
	tw_order *o = malloc(sizeof *o), *bad = malloc(sizeof *bad);
	int n = 0, types = 0;
	for (; n < MAX_ORDERS; n++) {
		const tw_state *s = tw_game_state(g);
		int side = rs->to_move(s);
		if (side < 0)
			break;
		tw_state c;
		assert_int_equal(tw_state_clone(&c, s), TW_OK);
		assert_int_equal(tw_state_hash(&c), tw_state_hash(s));
		tw_state_free(&c);
		if (rs->random_orders(s, 1 - side, &probe, bad, 1) == 1) {
			uint64_t h = tw_state_hash(s);
			int nev = tw_game_events(g)->n, nord = tw_game_order_count(g);
			if (rs->validate(s, bad, NULL) != TW_OK) {
				assert_int_not_equal(tw_game_apply(g, bad, NULL, NULL, &err), TW_OK);
				assert_int_equal(tw_state_hash(tw_game_state(g)), h);
				assert_int_equal(tw_game_events(g)->n, nev);
				assert_int_equal(tw_game_order_count(g), nord);
			}
		}
		assert_int_equal(tw_general_decide(gens[side], s, o), TW_OK);
		int type = o->type;
		if (tw_game_apply(g, o, NULL, NULL, &err) != TW_OK) {
			tw_order_init(o, tw_order_type_with(tw_game_ruleset(g), TW_OD_ENDS_TURN), side);
			if (tw_game_apply(g, o, NULL, NULL, &err) != TW_OK)
				fail_msg("end of move refused: %s %s", err.clause, err.message);
		} else if (type < 32) {
			types |= 1 << type;
		}
		check_invariants(tw_game_state(g), &sc, was_dead);
		if (n % 197 == 0)
			roundtrip(tw_game_state(g));
	}
	const tw_state *end = tw_game_state(g);
	assert_true(end->over);
	roundtrip(end);
	json_t *log = tw_game_log_to_json(g);
	char *txt = json_dumps(log, JSON_REAL_PRECISION(17));
	json_decref(log);
	bool ok = false;
	tw_game *r = tw_game_log_replay(txt, strlen(txt), "conformance", &ok, &err);
	if (!r)
		fail_msg("replay failed: %s %s %s", err.path, err.clause, err.message);
	assert_true(ok);
	assert_int_equal(tw_state_hash(tw_game_state(r)), tw_state_hash(end));
	printf("%s: %d orders, order types used 0x%x\n", file, n, types);
	tw_game_free(r);
	free(txt);
	free(o);
	free(bad);
	free(was_dead);
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	tw_state_free(&sc);
}

static void test_conformance_large_tables(void **st)
{
	(void)st;
	play_bundled_game("scenarios/littlewars/large-country.json", 21);
	play_bundled_game("scenarios/littlewars/kriegspiel.json", 22);
}
// ---- end lw-gen ----

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_conformance_every_ruleset),
		cmocka_unit_test(test_undo_restores_state_and_log),
		cmocka_unit_test(test_conformance_large_tables), // lw-gen
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
