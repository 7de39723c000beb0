// The core on its own (linked with tinwar_core and the toy rule set only: no Little Wars, no
// Grant, no ODE, no Lua), through every mechanism of issue 12: rule-set records, three sides, a
// decision by a seat that is not moving, secret simultaneous choices, a changing alliance,
// entered dice, a change of the table, host orders, a two-game series, and allocation failures.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tinwar/io.h"
#include "tinwar/series.h"
#include "toy.h"

static void register_toy(void)
{
	static const tw_ruleset *const list[] = {&tw_ruleset_toy};
	tw_register_rulesets(list, 1);
}

static tw_game *new_game(uint64_t seed, bool entered)
{
	tw_state s;
	tw_error err;
	assert_int_equal(tw_state_load(&s, "tests/rules/toy/toy-3.json", &err), TW_OK);
	if (entered)
		s.dice = TW_DICE_ENTERED;
	tw_game *g = tw_game_new(&s, seed, NULL, &err);
	tw_state_free(&s);
	if (!g)
		fail_msg("%s", err.message);
	return g;
}

static int type_of(const tw_game *g, const char *name)
{
	int t = tw_order_type_find(tw_game_ruleset(g), name);
	assert_true(t >= 0);
	return t;
}

static tw_order *order(const tw_game *g, const char *type, int side)
{
	static tw_order o;
	tw_order_init(&o, type_of(g, type), side);
	return &o;
}

static tw_status give(tw_game *g, tw_order *o, tw_error *err)
{
	tw_error e;
	return tw_game_apply(g, o, NULL, NULL, err ? err : &e);
}

static const void *grec(const tw_game *g) { return tw_rec_c(tw_game_state(g), TW_REC_GAME, 0); }
static int gfield(const tw_game *g, const char *name)
{
	const tw_state *s = tw_game_state(g);
	const tw_record_def *d = tw_state_record_def(s, TW_REC_GAME);
	int f = tw_record_field(d, name);
	assert_true(f >= 0);
	return (int)tw_rec_get(grec(g), &d->fields[f], 0);
}
static int order_of_play(const tw_game *g, int k)
{
	const tw_state *s = tw_game_state(g);
	const tw_record_def *d = tw_state_record_def(s, TW_REC_GAME);
	return (int)tw_rec_get(grec(g), &d->fields[tw_record_field(d, "order")], k);
}

// All three bid (secret, revealed together): returns the side that moves first.
static int bid_round(tw_game *g, int b0, int b1, int b2)
{
	int bids[3] = {b0, b1, b2};
	for (int k = 0; k < 3; k++) {
		tw_order *o = order(g, "bid", k);
		o->n = bids[k];
		tw_error err;
		if (give(g, o, &err) != TW_OK)
			fail_msg("bid %d: %s %s", k, err.clause, err.message);
	}
	return order_of_play(g, 0);
}

static void test_records_by_name_saved_hashed_and_hidden(void **st)
{
	(void)st;
	tw_game *g = new_game(1, false);
	const tw_state *s = tw_game_state(g);
	// Defaults from the field table.
	assert_int_equal(gfield(g, "round"), 1);
	assert_int_equal(gfield(g, "attacker"), -1);
	assert_int_equal(order_of_play(g, 0), -1);
	// A private plan: the side sees it, the others and the JSON of their views do not.
	tw_order *o = order(g, "bid", 0);
	o->n = 3;
	assert_int_equal(give(g, o, NULL), TW_OK);
	o = order(g, "bid", 1);
	o->n = 5;
	assert_int_equal(give(g, o, NULL), TW_OK);
	o = order(g, "bid", 2);
	o->n = 1;
	assert_int_equal(give(g, o, NULL), TW_OK);
	int first = order_of_play(g, 0);
	assert_int_equal(first, 1); // green bid highest
	uint64_t h0 = tw_state_hash(s);
	o = order(g, "plan", 1);
	o->n = 417;
	assert_int_equal(give(g, o, NULL), TW_OK);
	assert_true(tw_state_hash(s) != h0); // records are hashed
	const tw_record_def *sd = tw_state_record_def(s, TW_REC_SIDE);
	const tw_field_def *plan = &sd->fields[tw_record_field(sd, "plan")];
	assert_int_equal((int)tw_rec_get(tw_rec_c(s, TW_REC_SIDE, 1), plan, 0), 417);
	tw_state own, other, ump;
	assert_int_equal(tw_state_view(&own, s, 1), TW_OK);
	assert_int_equal(tw_state_view(&other, s, 0), TW_OK);
	assert_int_equal(tw_state_view(&ump, s, TW_SEAT_UMPIRE), TW_OK);
	assert_int_equal((int)tw_rec_get(tw_rec_c(&own, TW_REC_SIDE, 1), plan, 0), 417);
	assert_int_equal((int)tw_rec_get(tw_rec_c(&other, TW_REC_SIDE, 1), plan, 0), 0);
	assert_int_equal((int)tw_rec_get(tw_rec_c(&ump, TW_REC_SIDE, 1), plan, 0), 417);
	json_t *vj = tw_state_to_json(&other);
	char *text = json_dumps(vj, 0);
	assert_null(strstr(text, "417"));
	free(text);
	json_decref(vj);
	// Saved and loaded by name: the same state, the same hash.
	json_t *j = tw_state_to_json(s);
	text = json_dumps(j, 0);
	assert_non_null(strstr(text, "\"plan\": 417"));
	tw_state back;
	tw_error err;
	assert_int_equal(tw_state_from_text(&back, text, strlen(text), "t", &err), TW_OK);
	assert_int_equal(tw_state_hash(&back), tw_state_hash(s));
	free(text);
	json_decref(j);
	// Bad data: an unknown field, a value out of range, an id that names nothing, with the path.
	const char *bad[][2] = {
		{"\"figures\": [{\"kind\": \"infantry\", \"side\": \"red\", \"data\": {\"hp\": 3}}]", "$.figures[0].data.hp"},
		{"\"figures\": [{\"kind\": \"infantry\", \"side\": \"red\", \"data\": {\"hits\": 101}}]", "$.figures[0].data.hits"},
		{"\"figures\": [{\"kind\": \"infantry\", \"side\": \"red\"}], \"data\": {\"target\": 5}", "$.data.target"},
		{"\"data\": {\"phase\": \"lunch\"}", "$.data.phase"},
	};
	for (size_t i = 0; i < TW_ARRAY_COUNT(bad); i++) {
		char doc[512];
		snprintf(doc, sizeof doc,
			 "{\"format\": \"tinwar-scenario\", \"version\": 1, \"ruleset\": \"toy\", \"table\": {\"width\": 10, "
			 "\"depth\": 10}, %s}",
			 bad[i][0]);
		tw_state t;
		assert_int_equal(tw_state_from_text(&t, doc, strlen(doc), "bad", &err), TW_ERR_INPUT);
		if (!strstr(err.path, bad[i][1]))
			fail_msg("%s: path %s, wanted %s (%s)", bad[i][0], err.path, bad[i][1], err.message);
	}
	tw_state_free(&back);
	tw_state_free(&own);
	tw_state_free(&other);
	tw_state_free(&ump);
	tw_game_free(g);
}

static void test_secret_choices_sealed_until_all_are_in(void **st)
{
	(void)st;
	tw_game *g = new_game(2, false);
	const tw_state *s = tw_game_state(g);
	tw_order *o = order(g, "bid", 2);
	o->n = 7;
	assert_int_equal(give(g, o, NULL), TW_OK);
	// Blue's bid is in and sealed: nothing is decided, the others are still asked.
	assert_true(s->sealed_mask & 4u);
	assert_int_equal(order_of_play(g, 0), -1);
	tw_decision d[TW_MAX_DECISIONS];
	int n = tw_state_decisions(s, d, TW_MAX_DECISIONS);
	assert_int_equal(n, 2);
	assert_true(d[0].secret && d[0].seat == 0 && d[1].seat == 1);
	// Blue may not bid twice; red's view knows blue has chosen, not what.
	o = order(g, "bid", 2);
	o->n = 1;
	tw_error err;
	assert_int_equal(give(g, o, &err), TW_ERR_ILLEGAL);
	tw_state v;
	assert_int_equal(tw_state_view(&v, s, 0), TW_OK);
	assert_true(v.sealed_mask & 4u);
	assert_null(v.sealed[2]);
	json_t *vj = tw_state_to_json(&v);
	assert_null(json_object_get(vj, "sealed"));
	assert_non_null(json_object_get(vj, "chosen"));
	json_decref(vj);
	tw_state_free(&v);
	// Blue's own view holds its choice.
	assert_int_equal(tw_state_view(&v, s, 2), TW_OK);
	assert_non_null(v.sealed[2]);
	assert_int_equal(v.sealed[2]->n, 7);
	tw_state_free(&v);
	// The events say who has chosen, never what.
	const tw_events *ev = tw_game_events(g);
	assert_int_equal(ev->v[ev->n - 1].type, TW_EV_SEALED);
	assert_null(strstr(ev->v[ev->n - 1].text, "7"));
	// Saved and loaded with the sealed choice (the game goes on from the file).
	json_t *sj = tw_state_to_json(s);
	char *text = json_dumps(sj, 0);
	tw_state back;
	assert_int_equal(tw_state_from_text(&back, text, strlen(text), "t", &err), TW_OK);
	assert_int_equal(tw_state_hash(&back), tw_state_hash(s));
	tw_state_free(&back);
	free(text);
	json_decref(sj);
	// The other two: all revealed together, in side order; highest first, ties to the lower side.
	o = order(g, "bid", 0);
	o->n = 7;
	assert_int_equal(give(g, o, NULL), TW_OK);
	assert_int_equal(order_of_play(g, 0), -1);
	o = order(g, "bid", 1);
	o->n = 2;
	int e0 = tw_game_events(g)->n;
	assert_int_equal(give(g, o, NULL), TW_OK);
	assert_int_equal(s->sealed_mask, 0u);
	assert_int_equal(order_of_play(g, 0), 0); // red 7 = blue 7: red, the lower side
	assert_int_equal(order_of_play(g, 1), 2);
	assert_int_equal(order_of_play(g, 2), 1);
	int unsealed = 0;
	ev = tw_game_events(g);
	for (int i = e0; i < ev->n; i++)
		unsealed += ev->v[i].type == TW_EV_UNSEALED;
	assert_int_equal(unsealed, 3);
	tw_game_free(g);
}

static void test_reaction_by_the_player_not_moving(void **st)
{
	(void)st;
	tw_game *g = new_game(3, false);
	assert_int_equal(bid_round(g, 9, 1, 0), 0); // red moves first
	// Red's man 1 (10,4) attacks green's man 4 (10,12)? 8 in: too far. Man 0 (6,4) moves up first.
	tw_order *o = order(g, "move", 0);
	o->fig[o->nfig++] = 1;
	o->path[o->npath++] = tw_v2(10, 8);
	assert_int_equal(give(g, o, NULL), TW_OK);
	o = order(g, "attack", 0);
	o->fig[o->nfig++] = 1;
	o->fig2[o->nfig2++] = 4;
	assert_int_equal(give(g, o, NULL), TW_OK);
	// Now green, who is not moving, is asked; red may do nothing until green answers.
	tw_decision d[TW_MAX_DECISIONS];
	assert_int_equal(tw_state_decisions(tw_game_state(g), d, TW_MAX_DECISIONS), 1);
	assert_int_equal(d[0].seat, 1);
	assert_string_equal(d[0].kind, "react");
	tw_error err;
	assert_int_equal(give(g, order(g, "end", 0), &err), TW_ERR_ILLEGAL);
	assert_string_equal(err.clause, "TOY.REACT");
	assert_int_equal(give(g, order(g, "end", 1), &err), TW_ERR_ILLEGAL); // green may only react
	o = order(g, "react", 1);
	o->n = 1; // evade
	assert_int_equal(give(g, o, &err), TW_OK);
	// The die was thrown and shown: needs 6 against an evading man.
	const tw_events *ev = tw_game_events(g);
	int dice = -1;
	for (int i = 0; i < ev->n; i++)
		if (ev->v[i].type == TW_EV_DICE)
			dice = i;
	assert_true(dice >= 0);
	assert_int_equal(ev->v[dice].nfaces, 1);
	assert_int_equal(ev->v[dice].dice_sides, 6);
	assert_int_equal(ev->v[dice].faces[0], ev->v[dice].a);
	assert_string_equal(ev->v[dice].clause, "TOY.ATTACK");
	bool dead = tw_game_state(g)->fig[4].status == TW_FS_DEAD;
	assert_int_equal(dead, ev->v[dice].a >= 6);
	// Back to red.
	assert_int_equal(tw_state_decisions(tw_game_state(g), d, TW_MAX_DECISIONS), 1);
	assert_int_equal(d[0].seat, 0);
	tw_game_free(g);
}

static void test_entered_dice_exact_results(void **st)
{
	(void)st;
	// The physical dice mode: the attack's die comes from the order; without it the order is
	// refused, the rules say which die is wanted, and the state is unchanged.
	for (int face = 1; face <= 6; face++) {
		tw_game *g = new_game(4, true);
		bid_round(g, 9, 1, 0);
		tw_order *o = order(g, "move", 0);
		o->fig[o->nfig++] = 1;
		o->path[o->npath++] = tw_v2(10, 8);
		assert_int_equal(give(g, o, NULL), TW_OK);
		o = order(g, "attack", 0);
		o->fig[o->nfig++] = 1;
		o->fig2[o->nfig2++] = 4;
		assert_int_equal(give(g, o, NULL), TW_OK);
		o = order(g, "react", 1); // stand: a hit on 4+
		uint64_t h = tw_state_hash(tw_game_state(g));
		int nev = tw_game_events(g)->n;
		tw_error err;
		assert_int_equal(give(g, o, &err), TW_ERR_DICE);
		assert_string_equal(err.clause, "TOY.ATTACK");
		assert_int_equal(err.dice_n, 1);
		assert_int_equal(err.dice_sides, 6);
		assert_int_equal(tw_state_hash(tw_game_state(g)), h);
		assert_int_equal(tw_game_events(g)->n, nev);
		// Too many dice, or a face no die shows: refused as well.
		o = order(g, "react", 1);
		o->dice[o->ndice++] = (uint8_t)face;
		o->dice[o->ndice++] = 3;
		assert_int_equal(give(g, o, &err), TW_ERR_INPUT);
		o = order(g, "react", 1);
		o->dice[o->ndice++] = 7;
		assert_int_equal(give(g, o, &err), TW_ERR_DICE);
		assert_int_equal(tw_state_hash(tw_game_state(g)), h);
		o = order(g, "react", 1);
		o->dice[o->ndice++] = (uint8_t)face;
		assert_int_equal(give(g, o, &err), TW_OK);
		assert_int_equal(tw_game_state(g)->fig[4].status, face >= 4 ? TW_FS_DEAD : TW_FS_ACTIVE);
		const tw_events *ev = tw_game_events(g);
		int i = nev;
		while (i < ev->n && ev->v[i].type != TW_EV_DICE)
			i++;
		assert_true(i < ev->n);
		assert_int_equal(ev->v[i].faces[0], face);
		assert_int_equal(ev->v[i].entered, 1);
		// The generator was not touched: entered dice replace it.
		assert_int_equal(tw_game_state(g)->rng.draws, tw_game_initial(g)->rng.draws);
		// Dice are entered only in the physical mode.
		tw_game_free(g);
	}
	tw_game *g = new_game(4, false);
	tw_order *o = order(g, "bid", 0);
	o->n = 2;
	o->dice[o->ndice++] = 4;
	tw_error err;
	assert_int_equal(give(g, o, &err), TW_ERR_INPUT);
	tw_game_free(g);
}

static void test_alliance_changes_in_play(void **st)
{
	(void)st;
	tw_game *g = new_game(5, false);
	assert_int_equal(bid_round(g, 0, 9, 1), 1); // green first
	const tw_state *s = tw_game_state(g);
	assert_false(tw_allied(s, 1, 0));
	tw_order *o = order(g, "defect", 1);
	o->n = 0; // green joins red
	assert_int_equal(give(g, o, NULL), TW_OK);
	assert_true(tw_allied(s, 1, 0));
	assert_false(tw_allied(s, 1, 2));
	assert_int_equal(tw_side_alliance(s, 1), 0);
	// An ally is no target (green's man 3 at 6,12 and red's man 0 at 6,4 are 8 in apart: move).
	o = order(g, "move", 1);
	o->fig[o->nfig++] = 3;
	o->path[o->npath++] = tw_v2(6, 8);
	assert_int_equal(give(g, o, NULL), TW_OK);
	o = order(g, "attack", 1);
	o->fig[o->nfig++] = 3;
	o->fig2[o->nfig2++] = 0;
	tw_error err;
	assert_int_equal(give(g, o, &err), TW_ERR_ILLEGAL);
	assert_string_equal(err.clause, "TOY.ATTACK");
	// Once a game.
	o = order(g, "defect", 1);
	o->n = 2;
	assert_int_equal(give(g, o, &err), TW_ERR_ILLEGAL);
	// The alliance is saved and read back.
	json_t *j = tw_state_to_json(s);
	assert_int_equal(json_integer_value(json_object_get(json_array_get(json_object_get(j, "sides"), 1), "alliance")), 0);
	char *text = json_dumps(j, 0);
	tw_state back;
	assert_int_equal(tw_state_from_text(&back, text, strlen(text), "t", &err), TW_OK);
	assert_true(tw_allied(&back, 0, 1));
	assert_int_equal(tw_state_hash(&back), tw_state_hash(s));
	tw_state_free(&back);
	free(text);
	json_decref(j);
	tw_game_free(g);
}

static void test_table_change_undo_and_rollback(void **st)
{
	(void)st;
	tw_game *g = new_game(6, true);
	bid_round(g, 9, 0, 1); // red first; man 0 stands in the spinney
	const tw_state *s = tw_game_state(g);
	assert_int_equal(s->table.terrain[0].cover, 0);
	// Dig with no die entered: refused, and the table is as it was.
	tw_order *o = order(g, "dig", 0);
	o->fig[o->nfig++] = 0;
	tw_error err;
	assert_int_equal(give(g, o, &err), TW_ERR_DICE);
	assert_string_equal(err.clause, "TOY.DIG");
	assert_int_equal(s->table.terrain[0].cover, 0);
	assert_int_equal(s->table.terrain[0].flags, 0);
	// Dig with a 1: the works stand, the cover does not; with a 5 the cover improves.
	o->dice[o->ndice++] = 5;
	uint64_t h = tw_state_hash(s);
	assert_int_equal(give(g, o, &err), TW_OK);
	assert_int_equal(s->table.terrain[0].cover, 1);
	assert_true(s->table.terrain[0].flags & TW_TF_WORKS);
	assert_true(tw_state_hash(s) != h);
	// The change survives saving and loading.
	json_t *j = tw_state_to_json(s);
	char *text = json_dumps(j, 0);
	tw_state back;
	assert_int_equal(tw_state_from_text(&back, text, strlen(text), "t", &err), TW_OK);
	assert_int_equal(back.table.terrain[0].cover, 1);
	assert_int_equal(tw_state_hash(&back), tw_state_hash(s));
	tw_state_free(&back);
	free(text);
	json_decref(j);
	// And the log replays it exactly.
	j = tw_game_log_to_json(g);
	text = json_dumps(j, 0);
	bool ok = false;
	tw_game *r = tw_game_log_replay(text, strlen(text), "log", &ok, &err);
	assert_non_null(r);
	assert_true(ok);
	assert_int_equal(tw_game_state(r)->table.terrain[0].cover, 1);
	tw_game_free(r);
	free(text);
	json_decref(j);
	tw_game_free(g);
	// Undo (no die yet in the generator mode? a dig throws one): undo goes back over a plan, not
	// over the dig's die; the table's change needs no undo of its own beyond the snapshot.
	g = new_game(7, false);
	bid_round(g, 9, 0, 1);
	s = tw_game_state(g);
	o = order(g, "plan", 0);
	o->n = 5;
	assert_int_equal(give(g, o, NULL), TW_OK);
	assert_true(tw_game_undo(g));
	o = order(g, "dig", 0);
	o->fig[o->nfig++] = 0;
	assert_int_equal(give(g, o, NULL), TW_OK);
	assert_false(tw_game_undo(g)); // a die was thrown
	tw_game_free(g);
}

static void test_host_orders(void **st)
{
	(void)st;
	tw_game *g = new_game(8, false);
	tw_error err;
	assert_int_equal(give(g, order(g, "timeout", TW_SEAT_HOST), &err), TW_ERR_ILLEGAL); // bids are not timed
	assert_string_equal(err.clause, "TOY.TIME");
	bid_round(g, 9, 0, 1);
	// A seat cannot give the host's order, nor the host a seat's.
	assert_int_equal(give(g, order(g, "timeout", 0), &err), TW_ERR_ILLEGAL);
	assert_int_equal(give(g, order(g, "end", TW_SEAT_HOST), &err), TW_ERR_ILLEGAL);
	tw_order *o = order(g, "timeout", TW_SEAT_HOST);
	o->time_ms = 15000;
	assert_int_equal(give(g, o, &err), TW_OK);
	assert_int_equal(order_of_play(g, gfield(g, "turn")), 2); // red's turn ended: blue's
	// The host's time is kept in the log.
	const tw_order *lo = tw_game_order(g, tw_game_order_count(g) - 1);
	assert_int_equal(lo->time_ms, 15000);
	assert_int_equal(lo->side, TW_SEAT_HOST);
	tw_game_free(g);
}

// Plays a game to its end with the rule set's random orders (the core has no generals).
static void play_random(tw_game *g, uint64_t seed)
{
	tw_rng r;
	tw_rng_seed(&r, seed);
	tw_order *cand = calloc(8, sizeof *cand);
	const tw_ruleset *rs = tw_game_ruleset(g);
	for (int step = 0; step < 5000 && !tw_game_state(g)->over; step++) {
		tw_decision d[TW_MAX_DECISIONS];
		int nd = tw_state_decisions(tw_game_state(g), d, TW_MAX_DECISIONS);
		assert_true(nd > 0);
		int n = rs->random_orders(tw_game_state(g), d[0].seat, &r, cand, 8);
		bool done = false;
		for (int i = 0; i < n && !done; i++)
			done = tw_game_apply(g, &cand[i], NULL, NULL, NULL) == TW_OK;
		if (!done) {
			tw_order e;
			tw_order_init(&e, tw_order_type_with(rs, TW_OD_ENDS_TURN), d[0].seat);
			assert_int_equal(tw_game_apply(g, &e, NULL, NULL, NULL), TW_OK);
		}
	}
	assert_true(tw_game_state(g)->over);
	free(cand);
}

static void test_two_game_series(void **st)
{
	(void)st;
	char path[] = "/tmp/tinwar-series-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	unlink(path);
	tw_error err;
	tw_series *db = tw_series_open(path, &err);
	assert_non_null(db);
	const char *players[] = {"ann", "bob", "cat"};
	assert_int_equal(tw_series_create(db, "war", "toy", players, 3, "{\"games\": 2}", &err), TW_OK);
	assert_int_equal(tw_series_create(db, "war", "toy", players, 3, NULL, &err), TW_ERR_STATE);
	assert_int_equal(tw_series_create(db, "x", "toy", players, 3, "{\"games\": 99}", &err), TW_ERR_INPUT);
	tw_state sc;
	assert_int_equal(tw_state_load(&sc, "tests/rules/toy/toy-3.json", &err), TW_OK);
	int survivors[3] = {0};
	for (int game = 1; game <= 2; game++) {
		tw_state prep;
		int roles[TW_MAX_SIDES];
		assert_int_equal(tw_series_next(db, "war", &sc, 100 + (uint64_t)game, &prep, roles, &err), TW_OK);
		// Roles rotate: game 1 red=ann, game 2 red=bob.
		assert_int_equal(roles[0], game - 1);
		assert_int_equal(roles[2], (game + 1) % 3);
		assert_int_equal(tw_series_next(db, "war", &sc, 1, &prep, roles, &err) == TW_ERR_STATE, 1);
		if (game == 2) // only the survivors of game 1 take the field
			for (int k = 0; k < 3; k++) {
				int alive = 0;
				for (int i = 0; i < prep.nfig; i++)
					alive += prep.fig[i].side == k && prep.fig[i].status != TW_FS_DEAD;
				assert_int_equal(alive, survivors[k]);
			}
		tw_game *g = tw_game_new(&prep, 100 + (uint64_t)game, NULL, &err);
		assert_non_null(g);
		play_random(g, (uint64_t)game);
		for (int k = 0; k < 3; k++) {
			survivors[k] = 0;
			for (int i = 0; i < tw_game_state(g)->nfig; i++)
				survivors[k] += tw_game_state(g)->fig[i].side == k && tw_game_state(g)->fig[i].status == TW_FS_ACTIVE;
		}
		json_t *j = tw_game_log_to_json(g);
		char *log = json_dumps(j, 0);
		// A log of another game (another seed) is refused; this one is taken.
		tw_game *other = tw_game_new(&prep, 999, NULL, &err);
		play_random(other, 77);
		json_t *oj = tw_game_log_to_json(other);
		char *olog = json_dumps(oj, 0);
		assert_int_equal(tw_series_record(db, "war", olog, &err), TW_ERR_INPUT);
		assert_int_equal(tw_series_record(db, "war", log, &err), TW_OK);
		free(olog);
		json_decref(oj);
		tw_game_free(other);
		free(log);
		json_decref(j);
		tw_game_free(g);
		tw_state_free(&prep);
	}
	tw_series_info info;
	assert_int_equal(tw_series_status(db, "war", &info, &err), TW_OK);
	assert_int_equal(info.games, 2);
	assert_true(info.over);
	assert_int_equal(info.pending, 0);
	char want[64];
	snprintf(want, sizeof want, "\"red\":%d", survivors[0]);
	assert_non_null(strstr(info.carry, want));
	tw_series_info_free(&info);
	tw_state prep;
	int roles[TW_MAX_SIDES];
	assert_int_equal(tw_series_next(db, "war", &sc, 1, &prep, roles, &err), TW_ERR_STATE); // decided
	tw_series_game sg;
	assert_int_equal(tw_series_get_game(db, "war", 1, &sg, &err), TW_OK);
	assert_true(sg.recorded && sg.log);
	tw_series_game_free(&sg);
	tw_state_free(&sc);
	tw_series_close(db);
	unlink(path);
}

// ---- the state's invariants (tw_state_check; the checking build runs it after every order) ----

static void expect_broken(tw_state *s, const char *what)
{
	tw_error err;
	assert_int_equal(tw_state_check(s, &err), TW_ERR_STATE);
	if (!strstr(err.message, what))
		fail_msg("wanted '%s', got '%s'", what, err.message);
}

static void test_state_invariants(void **st)
{
	(void)st;
	tw_game *g = new_game(4, false);
	tw_error err;
	assert_int_equal(tw_state_check(tw_game_state(g), &err), TW_OK);
	tw_state s;
	// A figure of a side that does not exist.
	assert_int_equal(tw_state_clone(&s, tw_game_state(g)), TW_OK);
	s.fig[2].side = 3;
	expect_broken(&s, "figure 2: side 3");
	tw_state_free(&s);
	// A record naming a figure that does not exist (the toy's waiting attacker).
	assert_int_equal(tw_state_clone(&s, tw_game_state(g)), TW_OK);
	tw_rec_set(tw_rec(&s, TW_REC_GAME, 0), &s.recdef[TW_REC_GAME]->fields[tw_record_field(s.recdef[TW_REC_GAME], "attacker")], 0, 9);
	expect_broken(&s, "figure 9 does not exist");
	tw_state_free(&s);
	// A record value outside its table's range (a bid of 11: 0..10).
	assert_int_equal(tw_state_clone(&s, tw_game_state(g)), TW_OK);
	tw_rec_set(tw_rec(&s, TW_REC_SIDE, 1), &s.recdef[TW_REC_SIDE]->fields[tw_record_field(s.recdef[TW_REC_SIDE], "bid")], 0, 11);
	expect_broken(&s, "bid[0] is 11, outside 0..10");
	tw_state_free(&s);
	// A secret choice marked in for a side that does not exist; a status no rule set has.
	assert_int_equal(tw_state_clone(&s, tw_game_state(g)), TW_OK);
	s.sealed_mask |= 1u << 5;
	expect_broken(&s, "side 5, which does not exist");
	s.sealed_mask &= ~(1u << 5);
	s.fig[0].status = TW_FS_RULESET + 7;
	expect_broken(&s, "figure 0:");
	tw_state_free(&s);
	tw_game_free(g);
}

// ---- failing the N-th allocation: every one of an order's allocations, the state unchanged ----
typedef struct fail_at {
	long n, count;
} fail_at;

static void *failing_alloc(void *ud, void *ptr, size_t size)
{
	fail_at *f = ud;
	if (size == 0) {
		free(ptr);
		return NULL;
	}
	if (f->count++ == f->n)
		return NULL;
	return realloc(ptr, size);
}

/// A rule set's record tables as front-ends get them (tw_ruleset_records_json, sent in
/// /api/rulesets): every kind it keeps, each field with its type, count, visibility and help.
static void test_record_tables_json(void **st)
{
	(void)st;
	json_t *j = tw_ruleset_records_json(&tw_ruleset_toy);
	assert_non_null(j);
	json_t *side = json_object_get(j, "side");
	assert_true(json_is_array(side));
	json_t *plan = NULL;
	for (size_t i = 0; i < json_array_size(side); i++)
		if (strcmp(json_string_value(json_object_get(json_array_get(side, i), "name")), "plan") == 0)
			plan = json_array_get(side, i);
	assert_non_null(plan);
	assert_string_equal(json_string_value(json_object_get(plan, "type")), "i32");
	assert_string_equal(json_string_value(json_object_get(plan, "visible")), "owner");
	assert_string_equal(json_string_value(json_object_get(plan, "help")), "private plan");
	assert_int_equal(json_integer_value(json_object_get(plan, "count")), 1);
	// Every kind the toy keeps is there, and no other.
	for (int k = 0; k < TW_REC_KIND_COUNT; k++)
		assert_int_equal(json_object_get(j, tw_rec_kind_name((tw_rec_kind)k)) != NULL, tw_ruleset_toy.records[k] != NULL);
	json_decref(j);
}

/// The registry copies the list it is given: a temporary array may be reused or go out of scope
/// (it used to keep the caller's pointer, so a test that registered from a stack array read
/// freed memory later).
static void test_registry_copies_the_list(void **st)
{
	(void)st;
	const tw_ruleset *list[2] = {&tw_ruleset_toy, NULL};
	tw_register_rulesets(list, 1);
	list[0] = NULL; // the caller's array changes
	assert_ptr_equal(tw_ruleset_get(0), &tw_ruleset_toy);
	assert_int_equal(tw_ruleset_find("toy"), 0);
	assert_int_equal(tw_ruleset_count(), 1);
}

static void test_allocation_failure_rolls_back(void **st)
{
	(void)st;
	// The reveal of three sealed bids (which applies three orders) and an attack with its
	// reaction, dice and a kill, under every failing allocation.
	for (int which = 0; which < 2; which++) {
		long n;
		for (n = 0;; n++) {
			tw_game *g = new_game(9, false);
			tw_game_set_undo(g, which == 1); // both the saved-backup path and the undo snapshot
			if (which == 0) {
				tw_order *o = order(g, "bid", 0);
				o->n = 1;
				give(g, o, NULL);
				o = order(g, "bid", 1);
				o->n = 2;
				give(g, o, NULL);
			} else {
				bid_round(g, 9, 0, 1);
				tw_order *o = order(g, "move", 0);
				o->fig[o->nfig++] = 1;
				o->path[o->npath++] = tw_v2(10, 8);
				give(g, o, NULL);
				o = order(g, "attack", 0);
				o->fig[o->nfig++] = 1;
				o->fig2[o->nfig2++] = 4;
				give(g, o, NULL);
			}
			tw_order *o = order(g, which == 0 ? "bid" : "react", which == 0 ? 2 : 1);
			o->n = which == 0 ? 3 : 0;
			uint64_t h = tw_state_hash(tw_game_state(g));
			int nev = tw_game_events(g)->n, nord = tw_game_order_count(g);
			fail_at f = {n, 0};
			tw_set_allocator(failing_alloc, &f);
			tw_error err;
			tw_status s = give(g, o, &err);
			tw_set_allocator(NULL, NULL);
			if (s == TW_OK) {
				assert_true(f.count <= n); // no allocation failed: done
				tw_game_free(g);
				break;
			}
			assert_int_equal(s, TW_ERR_NOMEM);
			assert_int_equal(tw_state_hash(tw_game_state(g)), h);
			assert_int_equal(tw_game_events(g)->n, nev);
			assert_int_equal(tw_game_order_count(g), nord);
			// The same order succeeds once memory is back.
			assert_int_equal(give(g, o, &err), TW_OK);
			tw_game_free(g);
		}
		// Every allocation the order makes was failed once: the sealed copy (a reveal pushes
		// into room the log already has); the undo snapshot's arrays and records.
		if (n < (which == 0 ? 1 : 4))
			fail_msg("only %ld allocations walked", n);
	}
}

int main(void)
{
	register_toy();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_records_by_name_saved_hashed_and_hidden),
		cmocka_unit_test(test_secret_choices_sealed_until_all_are_in),
		cmocka_unit_test(test_reaction_by_the_player_not_moving),
		cmocka_unit_test(test_entered_dice_exact_results),
		cmocka_unit_test(test_alliance_changes_in_play),
		cmocka_unit_test(test_table_change_undo_and_rollback),
		cmocka_unit_test(test_host_orders),
		cmocka_unit_test(test_two_game_series),
		cmocka_unit_test(test_allocation_failure_rolls_back),
		cmocka_unit_test(test_state_invariants),
		cmocka_unit_test(test_record_tables_json),
		cmocka_unit_test(test_registry_copies_the_list),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
