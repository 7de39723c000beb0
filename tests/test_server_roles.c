// Several players a side through the server (KS.GEN.1/2, KS.GNL.1, LW.BIG.12): with Little
// Wars's `seats` at per_arm each side has a General, a player per arm and an official, each with
// a token and a join link of its own. An arm's player ordering another arm's men is refused
// with the clause; the official gives no orders and sees his own side as the umpire does; three
// players a side play at once; a box's contents reach no seat of the other side (LW.BIG.2).
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rules/littlewars/lw_big.h"
#include "rules/littlewars/lw_boxes.h"
#include "scene.h"
#include "tinwar/io.h"
#include "tinwar/server.h"
#include "ws_test.h"
#include "srv_test.h"

// Seats in the creation's answer: red, blue, umpire, spectator, then the roles in the rule set's
// order: red general, infantry, cavalry, artillery, official; blue the same.
enum { RED = 0, BLUE, UMP, SPEC, R_GEN, R_INF, R_CAV, R_ART, R_OFF, B_GEN, B_INF, B_CAV, B_ART, B_OFF, NSEATS };
static const char *const seat_names[NSEATS] = {"red", "blue", "umpire", "spectator", "red general", "red infantry",
					       "red cavalry", "red artillery", "red official", "blue general",
					       "blue infantry", "blue cavalry", "blue artillery", "blue official"};

typedef struct game_ref {
	char id[17];
	char token[NSEATS][33];
} game_ref;

static tw_server *start_db(const char *db) { return tw_test_server(db, 1 << 20); }

static tw_server *start(void) { return start_db(NULL); }

static void create(tw_server *s, const char *req, game_ref *g)
{
	json_t *j = tw_test_ws_create(s, req);
	snprintf(g->id, sizeof g->id, "%s", json_string_value(json_object_get(j, "id")));
	json_t *seats = json_object_get(j, "seats");
	assert_int_equal(json_array_size(seats), NSEATS);
	for (size_t i = 0; i < NSEATS; i++) {
		json_t *sj = json_array_get(seats, i);
		assert_string_equal(json_string_value(json_object_get(sj, "seat")), seat_names[i]);
		snprintf(g->token[i], sizeof g->token[i], "%s", json_string_value(json_object_get(sj, "token")));
		const char *link = json_string_value(json_object_get(sj, "link"));
		assert_non_null(link);
		assert_non_null(strstr(link, g->token[i])); // each seat its own join link
	}
	json_decref(j);
}

static tw_wsc *join(tw_server *s, const game_ref *g, int seat)
{
	return tw_test_ws_join(s, g->id, g->token[seat], seat_names[seat]);
}

// Red: figures 0-3 (a cavalryman and three infantry) boxed, a free cavalryman 4, infantry 5-14,
// a gun. Blue: a cavalryman 15, infantry 16-24 of which 16-18 boxed, a gun. Red to move.
static char *scenario(const char *seats)
{
	tw_state *s = tw_test_lw_state(600, 400, 3, 0);
	LWG(s)->draw_at = 1;
	tw_test_man(s, 0, TW_FK_CAVALRY, 100, 20);
	tw_test_row(s, 0, TW_FK_INFANTRY, 3, 101.5, 20, 1.0);
	tw_test_man(s, 0, TW_FK_CAVALRY, 150, 20);
	tw_test_row(s, 0, TW_FK_INFANTRY, 10, 300, 20, 1.0);
	tw_test_gun(s, 0, 200, 30, 0);
	tw_test_man(s, 1, TW_FK_CAVALRY, 100, 380);
	tw_test_row(s, 1, TW_FK_INFANTRY, 3, 500.5, 380, 1.0);
	tw_test_row(s, 1, TW_FK_INFANTRY, 6, 300, 380, 1.0);
	tw_test_gun(s, 1, 200, 370, 180);
	tw_error err = {0};
	tw_order *b = tw_test_order(LW_OT_BOX, 0);
	for (int i = 0; i < 4; i++)
		b->fig[b->nfig++] = i;
	assert_int_equal(tw_test_apply(s, b, &err), TW_OK);
	s->mover = 1; // blue boxes his men in his own move (the scenario then starts at red's)
	b->side = 1;
	b->nfig = 0;
	for (int i = 16; i < 19; i++)
		b->fig[b->nfig++] = i;
	if (tw_test_apply(s, b, &err) != TW_OK)
		fail_msg("%s %s", err.clause, err.message);
	s->mover = 0;
	json_t *j = tw_state_to_json(s);
	json_t *req = json_pack("{s:o, s:{s:b}, s:{s:s}}", "scenario", j, "clock", "enabled", 0, "params", "seats", seats);
	char *txt = json_dumps(req, JSON_COMPACT);
	json_decref(req);
	tw_test_free(s);
	return txt;
}

static void send_order(tw_wsc *c, int id, const char *order)
{
	char buf[512];
	int n = snprintf(buf, sizeof buf, "{\"type\":\"order\",\"id\":%d,\"order\":%s}", id, order);
	assert_true(tw_wsc_send(c, buf, (size_t)n));
}

// The result of an order: ok, or refused with the clause expected.
static void expect_result(tw_wsc *c, int *cur, const char *clause)
{
	json_t *m = tw_wsc_wait(c, "result", cur, 5.0);
	assert_non_null(m);
	if (!clause) {
		if (!json_is_true(json_object_get(m, "ok")))
			fail_msg("refused: %s %s", json_string_value(json_object_get(m, "clause")),
				 json_string_value(json_object_get(m, "message")));
	} else {
		assert_false(json_is_true(json_object_get(m, "ok")));
		assert_string_equal(json_string_value(json_object_get(m, "clause")), clause);
	}
	json_decref(m);
}

static const int joined[] = {SPEC, UMP, R_GEN, R_INF, R_CAV, R_OFF, B_GEN, B_INF, B_CAV, B_OFF};
#define NJOINED (int)(sizeof joined / sizeof joined[0])

static void test_KS_GEN_1_several_players_a_side(void **state)
{
	(void)state;
	tw_server *srv = start();
	char *req = scenario("per_arm");
	game_ref g;
	create(srv, req, &g);
	free(req);
	// Three players a side (the General and two arms) with the officials, the umpire and a
	// spectator, connected at once; each is told which seat it holds and the roles of the game.
	tw_wsc *c[NSEATS] = {0};
	int cur[NSEATS] = {0};
	for (int k = 0; k < NJOINED; k++) {
		int i = joined[k];
		c[i] = join(srv, &g, i);
		json_t *h = tw_wsc_wait(c[i], "hello", &cur[i], 3.0);
		assert_non_null(h);
		assert_string_equal(json_string_value(json_object_get(h, "seat")), seat_names[i]);
		json_t *roles = json_object_get(h, "roles");
		assert_int_equal(json_array_size(roles), 10);
		json_t *gen = json_array_get(roles, 0);
		assert_string_equal(json_string_value(json_object_get(gen, "kind")), "chief");
		assert_string_equal(json_string_value(json_object_get(gen, "stand_clause")), "KS.GNL.1");
		assert_true(json_number_value(json_object_get(gen, "stand_r")) == 72.0);
		if (i >= R_GEN)
			assert_non_null(json_object_get(h, "role"));
		json_decref(h);
		json_decref(tw_wsc_wait(c[i], "state", &cur[i], 3.0));
	}
	// KS.GEN.1: the cavalry's player may not move an infantryman, nor end the side's move.
	send_order(c[R_CAV], 1, "{\"type\":\"move\",\"moves\":[{\"figure\":5,\"to\":[300,26]}]}");
	expect_result(c[R_CAV], &cur[R_CAV], "KS.GEN.1");
	send_order(c[R_INF], 2, "{\"type\":\"move\",\"moves\":[{\"figure\":4,\"to\":[150,26]}]}");
	expect_result(c[R_INF], &cur[R_INF], "KS.GEN.1");
	// Suggestions: the General gets the side's next order; the official none (KS.GEN.2).
	const char *sug = "{\"type\":\"suggest\",\"id\":20}";
	assert_true(tw_wsc_send(c[R_GEN], sug, strlen(sug)));
	json_t *sg = tw_wsc_wait(c[R_GEN], "suggestion", &cur[R_GEN], 10.0);
	assert_non_null(sg);
	json_decref(sg);
	assert_true(tw_wsc_send(c[R_OFF], sug, strlen(sug)));
	json_t *se = tw_wsc_wait(c[R_OFF], "error", &cur[R_OFF], 10.0);
	assert_non_null(se);
	assert_non_null(strstr(json_string_value(json_object_get(se, "message")), "KS.GEN.2"));
	json_decref(se);
	// KS.GEN.2: the official watches; he orders nothing.
	send_order(c[R_OFF], 3, "{\"type\":\"move\",\"moves\":[{\"figure\":5,\"to\":[300,26]}]}");
	expect_result(c[R_OFF], &cur[R_OFF], "KS.GEN.2");
	// A check (no apply) is refused the same way.
	const char *chk = "{\"type\":\"check\",\"id\":4,\"order\":{\"type\":\"move\",\"moves\":[{\"figure\":6,\"to\":[301,26]}]}}";
	assert_true(tw_wsc_send(c[R_CAV], chk, strlen(chk)));
	json_t *ck = tw_wsc_wait(c[R_CAV], "checked", &cur[R_CAV], 5.0);
	assert_non_null(ck);
	assert_string_equal(json_string_value(json_object_get(ck, "clause")), "KS.GEN.1");
	json_decref(ck);
	// Each arm moves its own men; the blue infantry may not move red's.
	send_order(c[R_INF], 5, "{\"type\":\"move\",\"moves\":[{\"figure\":5,\"to\":[300,26]}]}");
	expect_result(c[R_INF], &cur[R_INF], NULL);
	send_order(c[R_CAV], 6, "{\"type\":\"move\",\"moves\":[{\"figure\":4,\"to\":[150,32]}]}");
	expect_result(c[R_CAV], &cur[R_CAV], NULL);
	// Undo: the cavalry may take back its own move, not the infantry's (taken back after it).
	const char *und = "{\"type\":\"undo\",\"id\":7}";
	assert_true(tw_wsc_send(c[R_INF], und, strlen(und)));
	json_t *u = tw_wsc_wait(c[R_INF], "result", &cur[R_INF], 5.0);
	assert_false(json_is_true(json_object_get(u, "ok")));
	assert_string_equal(json_string_value(json_object_get(u, "clause")), "undo");
	assert_non_null(strstr(json_string_value(json_object_get(u, "message")), "not yours to take back"));
	json_decref(u);
	send_order(c[R_INF], 8, "{\"type\":\"end_move\"}");
	expect_result(c[R_INF], &cur[R_INF], "KS.GEN.1");
	send_order(c[R_GEN], 9, "{\"type\":\"end_move\"}");
	expect_result(c[R_GEN], &cur[R_GEN], NULL);
	// Blue's arms at once: the infantry moves a free man, the cavalry its scout.
	usleep(100000);
	send_order(c[B_INF], 10, "{\"type\":\"move\",\"moves\":[{\"figure\":19,\"to\":[300,374]}]}");
	send_order(c[B_CAV], 11, "{\"type\":\"move\",\"moves\":[{\"figure\":15,\"to\":[100,370]}]}");
	expect_result(c[B_INF], &cur[B_INF], NULL);
	expect_result(c[B_CAV], &cur[B_CAV], NULL);
	send_order(c[B_GEN], 12, "{\"type\":\"end_move\"}");
	expect_result(c[B_GEN], &cur[B_GEN], NULL);
	usleep(300000);
	// LW.BIG.2: what a box holds reaches its own side's seats (the official's included) and the
	// umpire, never the other side's nor the spectator. Red's box holds cavalryman 0; blue's holds
	// infantrymen 16-18.
	for (int k = 0; k < NJOINED; k++) {
		int i = joined[k];
		bool red = i == R_GEN || i == R_INF || i == R_CAV || i == R_OFF || i == UMP;
		bool blue = i == B_GEN || i == B_INF || i == B_CAV || i == B_OFF || i == UMP;
		int n = tw_wsc_count(c[i]), states = 0;
		for (int m = 0; m < n; m++) {
			char *txt = tw_wsc_msg(c[i], m);
			json_t *j = json_loads(txt, 0, NULL);
			free(txt);
			json_t *st = json_object_get(j, "state");
			if (st) {
				states++;
				json_t *figs = json_object_get(st, "figures");
				json_t *f0 = json_array_get(figs, 0), *f16 = json_array_get(figs, 16);
				const char *kind0 = json_string_value(json_object_get(f0, "kind"));
				json_t *box0 = json_object_get(json_object_get(f0, "data"), "box");
				json_t *box16 = json_object_get(json_object_get(f16, "data"), "box");
				if (red != (kind0 && strcmp(kind0, "cavalry") == 0) || red != (box0 != NULL))
					fail_msg("%s: red's boxed cavalryman %s", seat_names[i], red ? "unseen" : "seen");
				if (blue != (box16 != NULL))
					fail_msg("%s: blue's box %s", seat_names[i], blue ? "unseen" : "seen");
				// The official is offered no orders: he gives none. An arm is never offered the
				// end of the move (the General's, KS.GEN.1), with the reason.
				if (i == R_OFF || i == B_OFF)
					assert_int_equal(json_array_size(json_object_get(j, "offered")), 0);
				if (i == R_INF || i == B_CAV) {
					json_t *off = json_object_get(j, "offered");
					for (size_t q = 0; q < json_array_size(off); q++)
						assert_string_not_equal(json_string_value(json_array_get(off, q)), "end_move");
					const char *why = json_string_value(json_object_get(json_object_get(j, "not_offered"), "end_move"));
					int mine = i == R_INF ? 0 : 1;
					if (json_integer_value(json_object_get(j, "to_move")) == mine && !json_is_true(json_object_get(j, "over"))) {
						assert_non_null(why);
						assert_non_null(strstr(why, "KS.GEN.1"));
					}
				}
			}
			json_decref(j);
		}
		assert_true(states >= 3);
	}
	for (int i = 0; i < NSEATS; i++)
		if (c[i])
			tw_wsc_close(c[i]);
	tw_server_stop(srv);
}

// Without the parameter a game keeps its four seats, and no roles.
static void test_LW_BIG_12_one_player_a_side_by_default(void **state)
{
	(void)state;
	tw_server *srv = start();
	char *req = scenario("one");
	tw_error err;
	tw_error_clear(&err);
	char *resp = tw_server_create_game(srv, req, strlen(req), &err);
	free(req);
	assert_non_null(resp);
	json_t *j = json_loads(resp, 0, NULL);
	free(resp);
	assert_int_equal(json_array_size(json_object_get(j, "seats")), 4);
	json_decref(j);
	tw_server_stop(srv);
}

// The roles' tokens are kept in the store (only their keyed hashes): after a restart the red
// cavalry's link is the red cavalry again, and its refusal the same.
static void test_KS_GEN_1_roles_survive_a_restart(void **state)
{
	(void)state;
	char db[64], side[80];
	snprintf(db, sizeof db, "/tmp/tw_roles_test_%d.db", (int)getpid());
	unlink(db);
	tw_server *srv = start_db(db);
	char *req = scenario("per_arm");
	game_ref g;
	create(srv, req, &g);
	free(req);
	tw_server_stop(srv);
	srv = start_db(db);
	assert_true(tw_server_wait_restored(srv, 30.0));
	tw_wsc *c = join(srv, &g, R_CAV);
	int cur = 0;
	json_t *h = tw_wsc_wait(c, "hello", &cur, 3.0);
	assert_non_null(h);
	assert_string_equal(json_string_value(json_object_get(h, "seat")), "red cavalry");
	assert_string_equal(json_string_value(json_object_get(h, "role")), "cavalry");
	json_decref(h);
	send_order(c, 1, "{\"type\":\"move\",\"moves\":[{\"figure\":5,\"to\":[300,26]}]}");
	expect_result(c, &cur, "KS.GEN.1");
	tw_wsc_close(c);
	tw_server_stop(srv);
	const char *ext[] = {"", "-wal", "-shm", ".key"};
	for (int i = 0; i < 4; i++) {
		snprintf(side, sizeof side, "%s%s", db, ext[i]);
		unlink(side);
	}
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_KS_GEN_1_several_players_a_side),
		cmocka_unit_test(test_LW_BIG_12_one_player_a_side_by_default),
		cmocka_unit_test(test_KS_GEN_1_roles_survive_a_restart),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
