// Nikolas Lloyd's three-fight system (TF) through the one entry point with entered dice: the map
// (TF.D1, TF.6), the secret simultaneous allocation through the core's sealed choices (TF.1,
// TF.D2: another seat's view never holds it before the reveal), the table battle and its clock
// (TF.2, TF.D3), the off-table rolls of LL.EX.10 (TF.D4), reinforcements (TF.3, TF.D5), pulling
// out (TF.5), the end of the battle and who holds the field (TF.D7), the result (TF.D6), bad
// allocations, and the scenario played out by random players.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "rules/lloyd/ll.h"
#include "tinwar/io.h"
#include "tinwar/tinwar.h"
#include "tinwar/server.h"
#include "srv_test.h"
#include "ws_test.h"
#include <unistd.h>
#include <stdio.h>

#include "ll_scene.h"

// The shared helpers (tests/support/ll_scene.c) under this file's names.
#define reg llt_register
#define EV llt_ev
#define order llt_order
#define DICE LLT_DICE
#define ok llt_ok
#define refused llt_refused
#define find llt_find
#define done llt_free
#define alloc llt_alloc
#define side_turn llt_side_turn

/// The three-fight scenario, loaded, with entered dice.
static tw_state *three(void) { return llt_load("scenarios/lloyd/three.json"); }

// TF.D1's dice for the map of LL.EX.10: 1d6 + 6 = 7 features (the second rerolled off a taken
// square), then L1 (3,1: row 1, again) at (2,3), L2 (3,4: touches L1, again) at (5,4), L3 (5,6: row
// 6, again) at (2,5).
static void roll_map(tw_state *s)
{
	tw_order *o = order(LL_OT_START, 0);
	DICE(o, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 1, 1, 3, 1, 2, 3, 3, 4, 5, 4, 5, 6, 2, 5);
	ok(s, o);
}

static void test_TF_D1_map_rolled(void **st)
{
	(void)st;
	tw_state *s = three();
	assert_int_equal(s->phase, LL_PH_START); // TF.6: no map given, so it is rolled
	roll_map(s);
	ll_game *g = LLG(s);
	assert_int_equal(g->nfeat, 7);
	int fc[7] = {1, 2, 3, 4, 5, 6, 6}, fr[7] = {1, 2, 3, 4, 5, 6, 1}, ft[7] = {1, 2, 3, 4, 5, 6, 1};
	for (int i = 0; i < 7; i++) {
		assert_int_equal(g->feat_col[i], fc[i]);
		assert_int_equal(g->feat_row[i], fr[i]);
		assert_int_equal(g->feat_type[i], ft[i]);
	}
	assert_int_equal(g->map_col[0], 2);
	assert_int_equal(g->map_row[0], 3);
	assert_int_equal(g->map_col[1], 5);
	assert_int_equal(g->map_row[1], 4);
	assert_int_equal(g->map_col[2], 2);
	assert_int_equal(g->map_row[2], 5);
	assert_int_equal(s->phase, LL_PH_ALLOC);
	assert_non_null(find("TF.D1", TW_EV_DICE));
	done(s);
}

// TF.1, TF.D2: each side's allocation is sealed when given and revealed with the other's; before the
// reveal the other seat's view has neither the order nor its effect; the busiest location is fought
// on the table and the side with fewer points there defends.
static void test_TF_D2_secret_allocation_revealed_together(void **st)
{
	(void)st;
	tw_state *s = three();
	roll_map(s);
	tw_decision d[TW_MAX_DECISIONS];
	int nd = tw_state_decisions(s, d, TW_MAX_DECISIONS);
	assert_int_equal(nd, 2); // both seats, in secret
	assert_true(d[0].secret && d[1].secret);
	assert_string_equal(d[0].clause, "TF.D2");
	const int red[8] = {2, 2, 2, 2, 2, 1, 3, 3}; // spearmen 8 points and an archer to L2 ...
	ok(s, alloc(0, red));
	assert_true(s->sealed_mask & 1u);
	bool sealed_ev = false;
	for (int i = 0; i < EV.n; i++)
		sealed_ev |= EV.v[i].type == TW_EV_SEALED;
	assert_true(sealed_ev);
	assert_int_equal(LLF(s, 0)->loc, 0); // sealed: not applied
	// Danes' view: red's choice is not in it, only that it is in.
	tw_state v;
	memset(&v, 0, sizeof v);
	assert_int_equal(tw_state_view(&v, s, 1), TW_OK);
	assert_null(v.sealed[0]);
	json_t *j = tw_state_to_json(&v);
	char *txt = json_dumps(j, JSON_COMPACT);
	json_decref(j);
	assert_null(strstr(txt, "\"locations\""));
	free(txt);
	tw_state_free(&v);
	// The saxons are not asked again; the danes are.
	nd = tw_state_decisions(s, d, TW_MAX_DECISIONS);
	assert_int_equal(nd, 1);
	assert_int_equal(d[0].seat, 1);
	const int blue[8] = {2, 2, 1, 1, 2, 3, 2, 1};
	ok(s, alloc(1, blue));
	assert_int_equal(s->sealed_mask, 0u);
	// Revealed together: saxons L1 1, L2 9, L3 4; danes L1 3, L2 8, L3 2. L2 (17) is fought.
	assert_int_equal(LLS(s, 0)->pts[0], 1);
	assert_int_equal(LLS(s, 0)->pts[1], 9);
	assert_int_equal(LLS(s, 0)->pts[2], 4);
	assert_int_equal(LLS(s, 1)->pts[0], 3);
	assert_int_equal(LLS(s, 1)->pts[1], 8);
	assert_int_equal(LLS(s, 1)->pts[2], 2);
	assert_int_equal(LLG(s)->table_loc, 2);
	assert_int_equal(LLG(s)->defender, 1); // TF.D2, TF.4: fewer points there
	const tw_event *e = find("TF.D2", TW_EV_INFO);
	assert_non_null(e);
	for (int f = 0; f < 16; f++)
		assert_int_equal(s->fig[f].status, LLF(s, f)->loc == 2 ? TW_FS_ACTIVE : TW_FS_RESERVE); // TF.1, TF.2
	assert_int_equal(s->phase, LL_PH_START); // NQ.TURN.1 next
	done(s);
}

// TF.D2: equal points at the table location: a 1d6 roll-off, the lower defends (ours).
static void test_TF_D2_tie_rolled_off(void **st)
{
	(void)st;
	tw_state *s = three();
	roll_map(s);
	const int all2[8] = {2, 2, 2, 2, 2, 2, 2, 2}, most2[8] = {2, 2, 2, 2, 2, 1, 2, 2}; // 13 points each at L2
	ok(s, alloc(0, most2));
	tw_order *o = alloc(1, all2);
	DICE(o, 3, 3, 5, 2); // a tie, then 5 against 2
	ok(s, o);
	assert_int_equal(LLG(s)->table_loc, 2);
	assert_int_equal(LLG(s)->defender, 1);
	done(s);
}

// Bad input: a malformed allocation is a located error and changes nothing.
static void test_TF_1_bad_allocation_refused(void **st)
{
	(void)st;
	tw_state *s = three();
	roll_map(s);
	const int bad[8] = {1, 2, 4, 1, 1, 1, 1, 1};
	refused(s, alloc(0, bad), "TF.1", "$.locations[2]");
	tw_order *o = alloc(0, bad);
	o->nfig = 7;
	o->nval = 7;
	o->val[2] = 1;
	refused(s, o, "TF.1", "7 of saxons's 8 men");
	o = alloc(0, bad);
	o->val[2] = 1;
	o->fig[3] = 9; // a dane
	refused(s, o, "TF.1", "$.figures[3]");
	o = alloc(0, bad);
	o->val[2] = 1;
	o->nval = 6;
	refused(s, o, "TF.D2", "6 locations for 8 figures");
	o = alloc(0, bad);
	o->val[2] = 1;
	o->side = 1;
	refused(s, o, "TF.1", "$.figures[0]");
	done(s);
}

/// The map of LL.EX.10; the saxons send Aelfric (30 points) to L1 and the rest to L2, the danes
/// Ivar (15) to L1 and the rest to L2 (70 points a side there); the roll-off for the table defender
/// (2 against 5: the saxons defend) and NQ.TURN.1's (15 against 3: the saxons first).
static tw_state *ex10(int tf_turns)
{
	tw_state *s = three();
	s->params[LLP_TF_TURNS] = tf_turns;
	LLF(s, 0)->pts = 30;
	LLF(s, 8)->pts = 15;
	for (int i = 1; i < 8; i++)
		LLF(s, i)->pts = LLF(s, 8 + i)->pts = 10;
	roll_map(s);
	const int to[8] = {1, 2, 2, 2, 2, 2, 2, 2};
	ok(s, alloc(0, to));
	tw_order *o = alloc(1, to);
	DICE(o, 2, 5);
	ok(s, o);
	assert_int_equal(LLG(s)->table_loc, 2);
	assert_int_equal(LLG(s)->defender, 0);
	o = order(LL_OT_START, 0);
	DICE(o, 15, 3);
	ok(s, o);
	assert_int_equal(s->mover, 0);
	return s;
}

// TF.D3: a turn is both sides' turns; TF.D4, LL.EX.10: at the end of turn 2, L1 has a = 30 and
// b = 15: TA = 13, hA = 6, hB = 3; a d20 of 5 is a decisive saxon win, 4 VP; TF.D5: from (2,3) to
// the table at (5,4) is d = 3, so Aelfric arrives at the start of turn 5, at the edge facing L1
// (x = 0: the column axis is the larger); TF.3: a reinforcement.
static void test_TF_D4_LL_EX_10_off_table_roll_and_arrival(void **st)
{
	(void)st;
	tw_state *s = ex10(12);
	side_turn(s);
	assert_int_equal(ll_tf_turn(s), 1); // TF.D3: one side-turn played, still turn 1
	side_turn(s);
	assert_int_equal(ll_tf_turn(s), 2);
	side_turn(s);
	assert_false(LLG(s)->off_done);
	ok(s, order(LL_OT_END, s->mover));
	tw_order *o = order(LL_OT_END, 1 - s->mover);
	DICE(o, 5);
	ok(s, o);
	assert_true(LLG(s)->off_done);
	const tw_event *e = find("TF.D4", TW_EV_SCORE);
	assert_non_null(e);
	assert_int_equal(e->a, 0);
	assert_true(e->v == 4);
	assert_non_null(strstr(e->text, "30 points to 15, d20 5 against 6/13/17: wins decisively"));
	assert_int_equal(LLS(s, 0)->vp, 4);
	assert_int_equal(LLS(s, 1)->vp_against, 4);
	assert_int_equal(LLS(s, 0)->off[0], 1);
	assert_int_equal(LLS(s, 1)->off[0], 3); // the loser's group is out of this game (TF.D5)
	assert_int_equal(LLS(s, 0)->arrive[0], 5);
	e = find("TF.D5", TW_EV_INFO);
	assert_non_null(e);
	assert_int_equal(e->b, 5);
	// Turns 3 and 4: still off the table; turn 5's first side-turn brings him on.
	for (int t = 0; t < 4; t++) {
		assert_int_equal(s->fig[0].status, TW_FS_RESERVE);
		side_turn(s);
	}
	assert_int_equal(ll_tf_turn(s), 5);
	assert_int_equal(s->fig[0].status, TW_FS_ACTIVE); // TF.3
	assert_true(s->fig[0].pos.x < 1.0);
	assert_int_equal(s->fig[8].status, TW_FS_RESERVE); // Ivar never comes
	assert_non_null(find("TF.D5", TW_EV_DEPLOY));
	done(s);
}

// TF.D4: each of the four results of LL.EX.10's thresholds, by the face: 1-6, 7-13, 14-17, 18-20.
static void test_TF_D4_four_results(void **st)
{
	(void)st;
	int ta, ha, hb, n[4] = {0};
	tw_ll_tf_thresholds(30, 15, &ta, &ha, &hb);
	for (int r = 1; r <= 20; r++)
		n[tw_ll_tf_result(ta, ha, hb, r)]++;
	assert_int_equal(n[0], 6);
	assert_int_equal(n[1], 7);
	assert_int_equal(n[2], 4);
	assert_int_equal(n[3], 3);
	tw_ll_tf_thresholds(10, 10, &ta, &ha, &hb); // equal points: 25% each
	memset(n, 0, sizeof n);
	for (int r = 1; r <= 20; r++)
		n[tw_ll_tf_result(ta, ha, hb, r)]++;
	for (int k = 0; k < 4; k++)
		assert_int_equal(n[k], 5);
}

// TF.D7 (the reading chosen): after turn `tf_turns` the side with more points of unbroken men on
// the table holds the field (+3 VP, CA.D2); TF.5: a man who leaves by his own edge is not a
// casualty; TF.D6: more VPs in all wins.
static void test_TF_D7_turn_limit_and_TF_5_withdraw(void **st)
{
	(void)st;
	tw_state *s = ex10(2);
	side_turn(s); // saxons
	// The danes' turn: Orm (figure 14, 6 in from his own edge, M 5) cannot leave; put him at 44.5.
	s->fig[14].pos.y = 42;
	tw_order *o = order(LL_OT_WITHDRAW, 1);
	o->fig[o->nfig++] = 14;
	refused(s, o, "TF.5", "beyond his move");
	s->fig[14].pos.y = 44.5;
	o = order(LL_OT_WITHDRAW, 1);
	o->fig[o->nfig++] = 14;
	ok(s, o);
	assert_int_equal(s->fig[14].status, TW_FS_OFF);
	assert_true(LLF(s, 14)->left);
	assert_non_null(find("TF.5", TW_EV_WITHDRAW));
	ok(s, order(LL_OT_END, 1));
	ok(s, order(LL_OT_END, 0));
	side_turn(s);
	ok(s, order(LL_OT_END, 1));
	o = order(LL_OT_END, 0);
	DICE(o, 19); // L1: a dane decisive win, 4 VP
	ok(s, o);
	assert_true(s->over);
	assert_int_equal(LLG(s)->held, 0); // 70 points to 60
	const tw_event *e = find("CA.D2", TW_EV_SCORE);
	assert_non_null(e);
	assert_true(e->v == 3);
	assert_int_equal(LLS(s, 0)->vp, 3);
	assert_int_equal(LLS(s, 1)->vp, 4);
	assert_int_equal(s->winner, 1); // TF.D6: 4 to 3
	assert_non_null(find("TF.D6", TW_EV_VICTORY));
	done(s);
}

// TF.D7: the battle ends at once when one side has nobody in good order on the table; the other
// holds the field. CA.D2: the broken contingent scores 2 and the overall commander killed 3.
static void test_TF_D7_side_broken_ends_at_once(void **st)
{
	(void)st;
	tw_state *s = ex10(12);
	for (int f = 9; f < 16; f++)
		s->fig[f].status = TW_FS_DEAD; // the danes at the table all fall (set by hand)
	LLF(s, 9)->leader = 2;
	side_turn(s);
	assert_true(s->over);
	assert_int_equal(LLG(s)->held, 0);
	assert_int_equal(LLS(s, 0)->vp, 3 + 2 + 3);
	assert_int_equal(LLS(s, 1)->vp_against, 8);
	assert_int_equal(s->winner, 0);
	done(s);
}

// TF.2, TF.4, TF.6: the scenario played out by two random players, seeds 1-6: the map rolled, the
// allocations sealed and revealed, the table battle to its end; the log replays to the same hash.
static void test_TF_2_three_fight_scenario_plays(void **st)
{
	(void)st;
	reg();
	tw_state s0;
	memset(&s0, 0, sizeof s0);
	tw_error err = {0};
	if (tw_state_load(&s0, "scenarios/lloyd/three.json", &err) != TW_OK)
		fail_msg("%s", err.message);
	int tables = 0;
	for (uint64_t seed = 1; seed <= 6; seed++) {
		tw_game *g = tw_game_new(&s0, seed, NULL, &err);
		assert_non_null(g);
		tw_general *gen[2] = {tw_general_new("random", &tw_ruleset_lloyd, 0, seed * 3),
				      tw_general_new("random", &tw_ruleset_lloyd, 1, seed * 5)};
		if (tw_play_out(g, gen, 20000, &err) != TW_OK)
			fail_msg("%s: %s", err.clause, err.message);
		const tw_state *s = tw_game_state(g);
		assert_true(s->over);
		tables += LLG(s)->table_loc > 0;
		json_t *j = tw_game_log_to_json(g);
		char *txt = json_dumps(j, JSON_REAL_PRECISION(17));
		json_decref(j);
		bool hash_ok = false;
		tw_game *r = tw_game_log_replay(txt, strlen(txt), "log", &hash_ok, &err);
		assert_non_null(r);
		assert_true(hash_ok);
		tw_game_free(r);
		free(txt);
		tw_general_free(gen[0]);
		tw_general_free(gen[1]);
		tw_game_free(g);
	}
	assert_int_equal(tables, 6);
	tw_state_free(&s0);
}

// ---- TF.D2 through the server: a seat never sees the other's allocation before the reveal ----

static bool ws_order(tw_wsc *c, int *cursor, const char *order)
{
	json_t *r = tw_test_ws_result(c, cursor, order);
	bool okr = json_is_true(json_object_get(r, "ok"));
	if (!okr)
		fprintf(stderr, "refused: %s\n", json_string_value(json_object_get(r, "message")));
	json_decref(r);
	return okr;
}

#define latest_state tw_test_ws_latest_state
#define any_message_has tw_test_ws_any_message_has

static void test_TF_D2_secret_allocation_on_the_server(void **st)
{
	(void)st;
	reg();
	char db[] = "/tmp/tinwar-ll-tf-srv-XXXXXX";
	int fd = mkstemp(db);
	close(fd);
	unlink(db);
	tw_server *srv = tw_test_server(db, 0);
	json_t *j = tw_test_ws_game(srv, "scenarios/lloyd/three.json", 5);
	json_t *seats = json_object_get(j, "seats");
	assert_int_equal(json_array_size(seats), 4); // saxons, danes, the umpire, a spectator
	const char *game = json_string_value(json_object_get(j, "id"));
	char origin[64], ebuf[128] = "";
	snprintf(origin, sizeof origin, "http://127.0.0.1:%d", tw_server_port(srv));
	tw_wsc *c[3];
	int cur[3] = {0, 0, 0};
	for (int k = 0; k < 3; k++) { // saxons, danes, the spectator
		int slot = k < 2 ? k : 3;
		c[k] = tw_wsc_open(tw_server_port(srv), game,
				   json_string_value(json_object_get(json_array_get(seats, (size_t)slot), "token")), origin, ebuf,
				   sizeof ebuf);
		if (!c[k])
			fail_msg("join %d: %s", k, ebuf);
		json_t *h = tw_wsc_wait(c[k], "hello", &cur[k], 5.0);
		assert_non_null(h);
		json_decref(h);
	}
	// TF.D1: the saxons' seat rolls the map; then both seats are asked for a secret allocation.
	assert_true(ws_order(c[0], &cur[0], "{\"type\": \"start\", \"side\": \"saxons\"}"));
	json_t *s0 = latest_state(c[1], &cur[1]);
	assert_non_null(s0);
	json_t *d0 = json_object_get(s0, "decisions");
	assert_int_equal(json_array_size(d0), 2);
	assert_true(json_is_true(json_object_get(json_array_get(d0, 0), "secret")));
	assert_string_equal(json_string_value(json_object_get(json_array_get(d0, 1), "clause")), "TF.D2");
	json_decref(s0);
	int from[3];
	for (int k = 0; k < 3; k++)
		from[k] = tw_wsc_count(c[k]);
	assert_true(ws_order(c[0], &cur[0],
			     "{\"type\": \"allocate\", \"side\": \"saxons\", \"figures\": [0, 1, 2, 3, 4, 5, 6, 7],"
			     " \"locations\": [2, 2, 2, 2, 2, 1, 3, 3]}"));
	json_t *sd = latest_state(c[1], &cur[1]);
	assert_non_null(sd);
	json_t *chosen = json_object_get(json_object_get(sd, "state"), "chosen");
	assert_int_equal(json_array_size(chosen), 1);
	assert_string_equal(json_string_value(json_array_get(chosen, 0)), "saxons");
	json_decref(sd);
	json_decref(latest_state(c[2], &cur[2]));
	json_decref(latest_state(c[0], &cur[0]));
	// The danes and the spectator: no allocation in any message, nor its effect on a man's record.
	for (int k = 1; k < 3; k++) {
		assert_false(any_message_has(c[k], from[k], "\"locations\""));
		assert_false(any_message_has(c[k], from[k], "\"sealed\":["));
		assert_false(any_message_has(c[k], from[k], "\"loc\":"));
		assert_false(any_message_has(c[k], from[k], "\"allocated\":true"));
	}
	assert_true(any_message_has(c[0], from[0], "\"locations\"")); // the saxons see their own
	// The danes allocate: both revealed together; L2 (9 + 8 points) is fought on the table.
	assert_true(ws_order(c[1], &cur[1],
			     "{\"type\": \"allocate\", \"side\": \"danes\", \"figures\": [8, 9, 10, 11, 12, 13, 14, 15],"
			     " \"locations\": [2, 2, 1, 1, 2, 3, 2, 1]}"));
	json_t *sp = latest_state(c[2], &cur[2]);
	assert_non_null(sp);
	json_t *data = json_object_get(json_object_get(sp, "state"), "data");
	assert_int_equal(json_integer_value(json_object_get(data, "table_loc")), 2);
	json_t *sides = json_object_get(json_object_get(sp, "state"), "sides");
	json_t *pts = json_object_get(json_object_get(json_array_get(sides, 0), "data"), "pts");
	assert_int_equal(json_integer_value(json_array_get(pts, 1)), 9);
	json_decref(sp);
	assert_true(any_message_has(c[2], from[2], "\"clause\":\"TF.D2\""));
	assert_true(any_message_has(c[2], from[2], "\"loc\":")); // (after the reveal the records show it)
	for (int k = 0; k < 3; k++)
		tw_wsc_close(c[k]);
	json_decref(j);
	tw_server_stop(srv);
	unlink(db);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_TF_D1_map_rolled),
		cmocka_unit_test(test_TF_D2_secret_allocation_revealed_together),
		cmocka_unit_test(test_TF_D2_tie_rolled_off),
		cmocka_unit_test(test_TF_1_bad_allocation_refused),
		cmocka_unit_test(test_TF_D4_LL_EX_10_off_table_roll_and_arrival),
		cmocka_unit_test(test_TF_D4_four_results),
		cmocka_unit_test(test_TF_D7_turn_limit_and_TF_5_withdraw),
		cmocka_unit_test(test_TF_D7_side_broken_ends_at_once),
		cmocka_unit_test(test_TF_2_three_fight_scenario_plays),
		cmocka_unit_test(test_TF_D2_secret_allocation_on_the_server),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
