// Hidden information of the large Country and the Kriegspiel through the server (LW.BIG.2,
// KS.RE.7): what a box holds, and an engineer's hidden work or mine, never reach a WebSocket of
// a seat that may not see them (the enemy, a spectator); the owner and the umpire receive them.
// As test_server.c's curtain test, on the messages themselves.
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
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

typedef struct game_ref {
	char id[17];
	char token[4][33]; // red, blue, umpire, spectator
} game_ref;

static tw_server *start(void) { return tw_test_server(NULL, 1 << 20); }

static void create(tw_server *s, const char *req, game_ref *g)
{
	json_t *j = tw_test_ws_create(s, req);
	tw_test_ws_tokens(j, g->id, g->token, 4);
	json_decref(j);
}

static tw_wsc *join(tw_server *s, const game_ref *g, int seat)
{
	return tw_test_ws_join(s, g->id, g->token[seat], NULL);
}

// Red boxes a cavalryman and three infantry (ids 0-3) with his gun 0 (lw-box: they are its crew)
// and sets engineers 4-5 to a mine at (217.25, 23.75) (a place nothing else is); blue is far off.
static char *scenario(void)
{
	tw_state *s = tw_test_lw_state(600, 400, 3, 0);
	LWG(s)->draw_at = 1;
	tw_test_man(s, 0, TW_FK_CAVALRY, 100, 20);
	tw_test_row(s, 0, TW_FK_INFANTRY, 3, 101.5, 20, 1.0);
	tw_test_row(s, 0, TW_FK_INFANTRY, 2, 217, 20, 1.0);
	tw_test_row(s, 0, TW_FK_INFANTRY, 4, 400, 20, 1.0); // 10 men a side (LW.VAR.4), 4 of them boxed
	tw_test_man(s, 1, TW_FK_CAVALRY, 100, 380);
	tw_test_row(s, 1, TW_FK_INFANTRY, 9, 300, 380, 1.0);
	int gun = tw_test_gun(s, 0, 102, 24, 0);
	tw_error err = {0};
	tw_order *b = tw_test_order(LW_OT_BOX, 0);
	for (int i = 0; i < 4; i++)
		b->fig[b->nfig++] = i;
	b->gun = gun;
	assert_int_equal(tw_test_apply(s, b, &err), TW_OK);
	tw_order *w = tw_test_order(LW_OT_WORK, 0);
	w->n = LW_KS_MINE;
	w->fig[w->nfig++] = 4;
	w->fig[w->nfig++] = 5;
	w->has_target = true;
	w->target = tw_v2(217.25, 23.75);
	assert_int_equal(tw_test_apply(s, w, &err), TW_OK);
	json_t *j = tw_state_to_json(s);
	json_t *req = json_pack("{s:o, s:{s:b}}", "scenario", j, "clock", "enabled", 0);
	char *txt = json_dumps(req, JSON_COMPACT);
	json_decref(req);
	tw_test_free(s);
	return txt;
}

static bool has(const char *m, const char *needle) { return strstr(m, needle) != NULL; }

static void test_LW_BIG_2_KS_RE_7_nothing_hidden_reaches_the_enemy(void **state)
{
	(void)state;
	tw_server *srv = start();
	char *req = scenario();
	game_ref g;
	create(srv, req, &g);
	free(req);
	tw_wsc *c[4];
	int cur[4] = {0, 0, 0, 0};
	for (int i = 0; i < 4; i++) {
		c[i] = join(srv, &g, i);
		json_decref(tw_wsc_wait(c[i], "state", &cur[i], 3.0));
	}
	// Red ends his move (works go on, events flow), blue ends his. Each is applied: the length
	// was once given as 57 for these 51 bytes, and the server refused the frame as malformed.
	for (int i = 0; i < 2; i++) {
		json_t *res = tw_test_ws_result(c[i], &cur[i], "{\"type\":\"end_move\"}");
		if (!json_is_true(json_object_get(res, "ok")))
			fail_msg("%s's end of move refused: %s", i ? "blue" : "red", json_string_value(json_object_get(res, "message")));
		json_decref(res);
	}
	usleep(300000);
	for (int i = 0; i < 4; i++) {
		bool sees = i == 0 || i == 2; // red and the umpire
		int n = tw_wsc_count(c[i]);
		assert_true(n > 2);
		bool saw_mine = false, saw_box = false, saw_cav0 = false, saw_gun = false;
		for (int k = 0; k < n; k++) {
			char *m = tw_wsc_msg(c[i], k);
			if (strncmp(m, "{\"type\":\"hello\"", 15) == 0) { // the rule set's schema: field names only
				assert_false(has(m, "217.25"));
				free(m);
				continue;
			}
			saw_mine |= has(m, "217.25") || has(m, "\"nwork\"") || has(m, "\"work_kind\"") || has(m, "\"work\":0");
			saw_box |= has(m, "\"box\":0");
			saw_gun |= has(m, "\"boxed\":1"); // lw-box: the boxed gun's mark is the owner's
			// Figure 0 is red's boxed cavalryman: his arm must not show in the enemy's view.
			json_t *j = json_loads(m, 0, NULL);
			assert_non_null(j);
			json_t *st = json_object_get(j, "state");
			if (st) {
				json_t *f0 = json_array_get(json_object_get(st, "figures"), 0);
				const char *kind = json_string_value(json_object_get(f0, "kind"));
				saw_cav0 |= kind && strcmp(kind, "cavalry") == 0;
				// Every seat sees where red's box stands (LW.BIG.2: the box is seen).
				json_t *red = json_array_get(json_object_get(st, "sides"), 0);
				json_t *bx = json_object_get(json_object_get(red, "data"), "box_x");
				assert_non_null(bx);
				assert_true(json_number_value(json_array_get(bx, 0)) > 100.0);
				// lw-box: the boxed gun stands at the box for red and the umpire, nowhere for the rest.
				json_t *at = json_object_get(json_array_get(json_object_get(st, "guns"), 0), "at");
				double gx = json_number_value(json_array_get(at, 0));
				saw_gun |= gx > 100.0;
				if (!sees)
					assert_true(gx == -1.0);
			}
			json_decref(j);
			free(m);
		}
		if (sees) {
			assert_true(saw_mine);
			assert_true(saw_box);
			assert_true(saw_cav0);
			assert_true(saw_gun);
		} else {
			if (saw_mine || saw_box || saw_cav0 || saw_gun)
				fail_msg("seat %d received red's hidden box or work (mine %d box %d cavalry %d gun %d)", i, saw_mine,
					 saw_box, saw_cav0, saw_gun);
		}
	}
	for (int i = 0; i < 4; i++)
		tw_wsc_close(c[i]);
	tw_server_stop(srv);
}

// Red boxes a cavalryman and three infantry (ids 0-3) with his gun 0; blue loads four infantry
// (11-14) on his train 0, on a railway up x = 300 (LW.BIG.9/10: open trucks, seen by all).
static char *pieces_scenario(void)
{
	tw_state *s = tw_test_lw_state(600, 400, 3, 0);
	LWG(s)->draw_at = 1;
	int rail = tw_test_box(s, TW_TER_ROAD, 299, 0, 301, 400, 0.1);
	snprintf(s->table.terrain[rail].name, sizeof s->table.terrain[rail].name, "railway");
	tw_test_man(s, 0, TW_FK_CAVALRY, 100, 20);
	tw_test_row(s, 0, TW_FK_INFANTRY, 3, 101.5, 20, 1.0);
	tw_test_row(s, 0, TW_FK_INFANTRY, 6, 400, 20, 1.0);
	tw_test_man(s, 1, TW_FK_CAVALRY, 100, 380);
	tw_test_row(s, 1, TW_FK_INFANTRY, 4, 302.5, 380, 1.0);
	tw_test_row(s, 1, TW_FK_INFANTRY, 5, 450, 380, 1.0);
	int gun = tw_test_gun(s, 0, 102, 24, 0);
	LWS(s, 1)->ntrain = 1;
	LWS(s, 1)->train_x[0] = 300;
	LWS(s, 1)->train_y[0] = 380;
	tw_error err = {0};
	tw_order *b = tw_test_order(LW_OT_BOX, 0);
	for (int i = 0; i < 4; i++)
		b->fig[b->nfig++] = i;
	b->gun = gun;
	assert_int_equal(tw_test_apply(s, b, &err), TW_OK);
	s->mover = 1; // blue loads his train in his own move (the scenario then starts at red's)
	tw_order *t = tw_test_order(LW_OT_TRAIN_LOAD, 1);
	t->n = 0;
	for (int i = 11; i < 15; i++)
		t->fig[t->nfig++] = i;
	if (tw_test_apply(s, t, &err) != TW_OK)
		fail_msg("%s %s", err.clause, err.message);
	s->mover = 0;
	json_t *j = tw_state_to_json(s);
	json_t *req = json_pack("{s:o, s:{s:b}}", "scenario", j, "clock", "enabled", 0);
	char *txt = json_dumps(req, JSON_COMPACT);
	json_decref(req);
	tw_test_free(s);
	return txt;
}

// The piece of `side`'s `kind` in a state message's pieces, or NULL.
static json_t *piece_of(json_t *pieces, const char *kind, const char *side)
{
	size_t i;
	json_t *p;
	json_array_foreach(pieces, i, p) {
		const char *k = json_string_value(json_object_get(p, "kind")), *sd = json_string_value(json_object_get(p, "side"));
		if (k && sd && strcmp(k, kind) == 0 && strcmp(sd, side) == 0)
			return p;
	}
	return NULL;
}

static json_int_t men_of(json_t *p, const char *kind) { return json_integer_value(json_object_get(json_object_get(p, "men"), kind)); }

// LW.BIG.2, LW.BIG.9/10 (s34-web): every state message's "pieces" (tw_state_pieces for the
// seat): red's box, where it stands, to every seat, what it holds (a cavalryman, three infantry,
// the gun) to red and the umpire only; the enemy's and the spectator's box has no "men" and no
// "guns" at all. Blue's train and the four infantry aboard to every seat.
static void test_LW_BIG_2_9_pieces_each_seat_may_know(void **state)
{
	(void)state;
	tw_server *srv = start();
	char *req = pieces_scenario();
	game_ref g;
	create(srv, req, &g);
	free(req);
	tw_wsc *c[4];
	int cur[4] = {0, 0, 0, 0};
	for (int i = 0; i < 4; i++) {
		c[i] = join(srv, &g, i);
		json_decref(tw_wsc_wait(c[i], "state", &cur[i], 3.0));
	}
	// Red ends his move: a second state message, the broadcast's, besides the join's.
	json_t *res = tw_test_ws_result(c[0], &cur[0], "{\"type\":\"end_move\"}");
	if (!json_is_true(json_object_get(res, "ok")))
		fail_msg("red's end of move refused: %s", json_string_value(json_object_get(res, "message")));
	json_decref(res);
	usleep(300000);
	static const char *const who[] = {"red", "blue", "the umpire", "the spectator"};
	for (int i = 0; i < 4; i++) {
		bool sees = i == 0 || i == 2; // red and the umpire
		int n = tw_wsc_count(c[i]), states = 0;
		for (int k = 0; k < n; k++) {
			char *m = tw_wsc_msg(c[i], k);
			json_t *j = json_loads(m, 0, NULL);
			assert_non_null(j);
			const char *type = json_string_value(json_object_get(j, "type"));
			if (!type || strcmp(type, "state") != 0) {
				json_decref(j);
				free(m);
				continue;
			}
			states++;
			json_t *pieces = json_object_get(j, "pieces");
			assert_int_equal(json_array_size(pieces), 2);
			json_t *box = piece_of(pieces, "box", "red"), *train = piece_of(pieces, "train", "blue");
			if (!box || !train)
				fail_msg("%s: red's box or blue's train missing: %.400s", who[i], m);
			// Where the box stands, to everyone: its men's mean place.
			assert_int_equal(json_integer_value(json_object_get(box, "index")), 0);
			assert_true(fabs(json_number_value(json_object_get(box, "x")) - 101.875) < 1e-9);
			assert_true(fabs(json_number_value(json_object_get(box, "y")) - 20) < 1e-9);
			assert_string_equal(json_string_value(json_object_get(box, "clause")), "LW.BIG.2");
			if (sees) {
				if (json_is_true(json_object_get(box, "hidden")) || men_of(box, "cavalry") != 1 ||
				    men_of(box, "infantry") != 3 || json_object_size(json_object_get(box, "men")) != 2 ||
				    json_integer_value(json_object_get(box, "guns")) != 1)
					fail_msg("%s does not read what red's box holds: %.400s", who[i], m);
			} else if (!json_is_true(json_object_get(box, "hidden")) || json_object_get(box, "men") ||
				   json_object_get(box, "guns") || json_object_size(box) != 9) {
				fail_msg("%s learns more of red's box than its place: %.400s", who[i], m);
			}
			// The train's open trucks: to every seat.
			if (json_is_true(json_object_get(train, "hidden")) || men_of(train, "infantry") != 4 ||
			    json_object_size(json_object_get(train, "men")) != 1 ||
			    json_integer_value(json_object_get(train, "guns")) != 0 ||
			    json_integer_value(json_object_get(train, "trucks")) != 1 ||
			    fabs(json_number_value(json_object_get(train, "x")) - 300) > 1e-9)
				fail_msg("%s does not read blue's train as it is: %.400s", who[i], m);
			json_decref(j);
			free(m);
		}
		if (states < 2)
			fail_msg("%s received %d state messages", who[i], states);
	}
	for (int i = 0; i < 4; i++)
		tw_wsc_close(c[i]);
	tw_server_stop(srv);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_LW_BIG_2_KS_RE_7_nothing_hidden_reaches_the_enemy),
		cmocka_unit_test(test_LW_BIG_2_9_pieces_each_seat_may_know),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
