// The core's test rule set "toy" through the front-ends: the tinwar command (tinwar-toy, with a
// person at the prompt answering a reaction and making a secret bid), and Lua doctrines playing
// all three seats (reading decisions, records by name and alliances).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tinwar/doctrine.h"
#include "tinwar/render.h"
#include "tinwar/report.h"
#include "tinwar/server.h"
#include "srv_test.h"
#include "ws_test.h"
#include "tinwar/io.h"
#include "toy.h"

extern const tw_ruleset tw_ruleset_littlewars, tw_ruleset_grant;

// Runs the toy command with `input` on stdin; returns its exit code and its output in *out.
static int run_toy(const char *args, const char *input, char **out)
{
	char in[] = "/tmp/tinwar-toy-in-XXXXXX", outp[] = "/tmp/tinwar-toy-out-XXXXXX";
	int fi = mkstemp(in), fo = mkstemp(outp);
	assert_true(fi >= 0 && fo >= 0);
	assert_int_equal(write(fi, input, strlen(input)), (ssize_t)strlen(input));
	close(fi);
	close(fo);
	char cmd[2048];
	snprintf(cmd, sizeof cmd, "%s %s < %s > %s 2>&1", TW_TOY_CLI, args, in, outp);
	int rc = system(cmd);
	size_t len = 0;
	tw_error err;
	*out = tw_read_file(outp, &len, &err);
	unlink(in);
	unlink(outp);
	return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

static void test_toy_command_line_person_answers_reaction_and_bids(void **st)
{
	(void)st;
	char *out = NULL;
	// Red is a person: a secret bid, then (green and blue are computers) whatever the rules ask.
	// With seed 5 blue moves first and attacks red's man 1, so red is asked to react.
	int rc = run_toy("play tests/rules/toy/toy-3.json --side red=human --side green=random --side blue=random --seed 5",
			 "help\nbid 9\nreact evade\nplan 42\nend\n", &out);
	assert_int_equal(rc, 0);
	// The rule set's own orders and words, from its order description.
	assert_non_null(strstr(out, "react {n}"));
	assert_non_null(strstr(out, "{n}: stand, evade"));
	// The secret bid: the seat is told it is a secret choice; the others' bids come revealed.
	assert_non_null(strstr(out, "a secret choice"));
	assert_non_null(strstr(out, "red bid 9"));
	// The reaction is offered to red, who is not moving, with its clause; red's evade counts.
	assert_non_null(strstr(out, "[TOY.REACT] red: man 1 is attacked: stand or evade (orders: react)"));
	assert_non_null(strstr(out, "needs 6")); // evading: a hit only on a 6
	free(out);
	// A bad order is refused with the clause, and the game goes on.
	rc = run_toy("play tests/rules/toy/toy-3.json --side red=human --side green=random --side blue=random --seed 5",
		     "bid 11\nbid 9\n", &out);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(out, "field n: a number out of its range")); // 11 is outside the field's 0..10
	free(out);
	// An unknown side for --side is bad input.
	rc = run_toy("play tests/rules/toy/toy-3.json --side purple=random", "", &out);
	assert_int_equal(rc, 2);
	free(out);
}

/// A campaign of three sides through the command line, on the test rule set's series (two
/// games): `campaign new --ruleset toy --sides`, each battle played by a general per side
/// (--general SIDE=D), the carry-over kept by side name, and a third battle refused once the
/// series is decided.
static void test_toy_campaign_of_three_sides(void **st)
{
	(void)st;
	char db[] = "/tmp/tinwar-toy-war-XXXXXX";
	int fd = mkstemp(db);
	close(fd);
	unlink(db);
	char args[512];
	char *out = NULL;
	snprintf(args, sizeof args, "campaign new war3 --ruleset toy --sides red,green,blue --db %s", db);
	assert_int_equal(run_toy(args, "", &out), 0);
	assert_non_null(strstr(out, "series war3 begun under toy: {\"games\":2,\"survivors\":{}}"));
	free(out);
	snprintf(args, sizeof args,
		 "campaign play war3 tests/rules/toy/toy-3.json --db %s --general red=random --general green=random "
		 "--general blue=random --seed 4",
		 db);
	for (int k = 0; k < 2; k++) {
		assert_int_equal(run_toy(args, "", &out), 0);
		assert_non_null(strstr(out, "battle recorded"));
		free(out);
	}
	assert_int_equal(run_toy(args, "", &out), 1);
	assert_non_null(strstr(out, "series \"war3\" is decided"));
	free(out);
	snprintf(args, sizeof args, "campaign status war3 --db %s --json", db);
	assert_int_equal(run_toy(args, "", &out), 0);
	assert_non_null(strstr(out, "\"games\": 2, \"over\": true, \"carry\": {\"games\":2,\"survivors\":{\"blue\":3,"
				    "\"green\":0,\"red\":0},\"wins\":{\"blue\":2}}"));
	free(out);
	unlink(db);
}

static void test_toy_computer_game_logs_and_replays(void **st)
{
	(void)st;
	char *out = NULL;
	char log[] = "/tmp/tinwar-toy-log-XXXXXX";
	int fd = mkstemp(log);
	close(fd);
	char args[512];
	snprintf(args, sizeof args,
		 "play tests/rules/toy/toy-3.json --side red=tests/rules/toy/toy.lua --side green=random "
		 "--side blue=tests/rules/toy/toy.lua --seed 11 --log %s",
		 log);
	assert_int_equal(run_toy(args, "", &out), 0);
	free(out);
	snprintf(args, sizeof args, "replay %s", log);
	assert_int_equal(run_toy(args, "", &out), 0);
	assert_non_null(strstr(out, "matches the log"));
	free(out);
	// The log holds the secret bids (three a round), each with its side, as they were given.
	size_t len;
	tw_error err;
	char *text = tw_read_file(log, &len, &err);
	int bids = 0;
	for (const char *p = text; (p = strstr(p, "\"type\": \"bid\"")) != NULL; p++)
		bids++;
	assert_true(bids >= 3 && bids % 3 == 0);
	free(text);
	unlink(log);
}

static void test_toy_lua_doctrines_play_every_seat(void **st)
{
	(void)st;
	tw_state sc;
	tw_error err;
	assert_int_equal(tw_state_load(&sc, "tests/rules/toy/toy-3.json", &err), TW_OK);
	const tw_ruleset *rs = tw_ruleset_get(sc.ruleset);
	int wins[3] = {0}, draws = 0;
	for (int game = 0; game < 20; game++) {
		tw_game *g = tw_game_new(&sc, 1000 + (uint64_t)game, NULL, &err);
		assert_non_null(g);
		tw_game_set_undo(g, false);
		tw_general *gens[TW_MAX_SIDES] = {0};
		for (int k = 0; k < 3; k++) {
			gens[k] = k == game % 3 ? tw_general_new("tests/rules/toy/toy.lua", rs, k, (uint64_t)game)
						: tw_general_new("random", rs, k, (uint64_t)game);
			assert_non_null(gens[k]);
		}
		if (tw_play_out(g, gens, 10000, &err) != TW_OK)
			fail_msg("game %d: %s %s", game, err.clause, err.message);
		const tw_state *s = tw_game_state(g);
		assert_true(s->over);
		if (s->winner >= 0)
			wins[s->winner]++;
		else
			draws++;
		// The doctrine was asked for bids and reactions: the log shows its side's bid of 9.
		bool bid9 = false;
		for (int i = 0; i < tw_game_order_count(g); i++) {
			const tw_order *o = tw_game_order(g, i);
			bid9 |= o->side == game % 3 && o->type == tw_order_type_find(rs, "bid") && o->n == 9;
		}
		assert_true(bid9);
		// The doctrine never failed (its own checks of tw.figures("enemy") and tw.enemies against
		// tw.allied raise an error if they disagree).
		tw_error lerr;
		if (tw_lua_failure(gens[game % 3], &lerr))
			fail_msg("game %d: the doctrine failed: %s", game, lerr.message);
		for (int k = 0; k < 3; k++)
			tw_general_free(gens[k]);
		tw_game_free(g);
	}
	assert_int_equal(wins[0] + wins[1] + wins[2] + draws, 20);
	tw_state_free(&sc);
}

// Pixels of the image within 12 of colour (r, g, b) (0..255).
static int pixels_near(const tw_image *img, int r, int g, int b)
{
	int n = 0;
	for (int y = 0; y < img->height; y++)
		for (int x = 0; x < img->width; x++) {
			const unsigned char *p = img->data + (size_t)y * (size_t)img->stride + (size_t)x * 4;
			int pb = p[0], pg = p[1], pr = p[2]; // little-endian 0xAARRGGBB
			n += abs(pr - r) <= 12 && abs(pg - g) <= 12 && abs(pb - b) <= 12;
		}
	return n;
}

/// Pictures and reports of a three-side game: every side's men are drawn in its own colour, and
/// the report names each side in its colour.
static void test_toy_three_sides_in_pictures_and_reports(void **st)
{
	(void)st;
	tw_state sc;
	tw_error err;
	assert_int_equal(tw_state_load(&sc, "tests/rules/toy/toy-3.json", &err), TW_OK);
	const tw_ruleset *rs = tw_ruleset_get(sc.ruleset);
	tw_game *g = tw_game_new(&sc, 7, NULL, &err);
	tw_general *gens[TW_MAX_SIDES] = {0};
	for (int k = 0; k < 3; k++)
		gens[k] = tw_general_new("random", rs, k, 7);
	assert_int_equal(tw_play_out(g, gens, 10000, &err), TW_OK);
	tw_render_scene scene = {tw_game_initial(g), NULL, NULL, 0, 0, NULL};
	tw_render_opts o;
	tw_render_opts_default(&o);
	tw_image img;
	assert_int_equal(tw_render_image(&scene, &o, &img, &err), TW_OK);
	for (int k = 0; k < 3; k++) {
		// The side's colour as the renderer draws a man (render.c's palette: red, blue, green).
		static const int rgb[3][3] = {{204, 33, 38}, {33, 84, 191}, {38, 140, 51}};
		if (pixels_near(&img, rgb[k][0], rgb[k][1], rgb[k][2]) < 20)
			fail_msg("side %d's men are not drawn in its colour", k);
	}
	tw_image_free(&img);
	tw_battle b;
	assert_int_equal(tw_battle_from_game(&b, g, &err), TW_OK);
	tw_report_opts ro;
	tw_report_opts_default(&ro);
	char path[] = "/tmp/tinwar-toy-report-XXXXXX.html";
	int fd = mkstemps(path, 5);
	close(fd);
	assert_int_equal(tw_report_write(&b, &ro, path, &err), TW_OK);
	size_t len;
	char *html = tw_read_file(path, &len, &err);
	assert_non_null(html);
	assert_non_null(strstr(html, ".side2{color:#"));
	assert_non_null(strstr(html, "<td class=\"side1\">green</td>")); // colours go by side index
	assert_non_null(strstr(html, "<td class=\"side2\">blue</td>"));
	free(html);
	unlink(path);
	tw_battle_free(&b);
	for (int k = 0; k < 3; k++)
		tw_general_free(gens[k]);
	tw_game_free(g);
	tw_state_free(&sc);
}

// ---- the toy through the server: three seats, a secret bid, a reaction by a seat not moving ----

// Sends an order from a seat and waits for its result; returns whether it was accepted (and
// the refusal's clause in clause[], if any).
static bool ws_order(tw_wsc *c, int *cursor, const char *order, char clause[32])
{
	json_t *r = tw_test_ws_result(c, cursor, order);
	bool ok = json_is_true(json_object_get(r, "ok"));
	if (clause)
		snprintf(clause, 32, "%s", ok ? "" : json_string_value(json_object_get(r, "clause")));
	json_decref(r);
	return ok;
}

// The latest state message the connection has received (parsed), waiting up to 5 s for one at or
// after *cursor; NULL if none came.
#define latest_state tw_test_ws_latest_state

// True if any message the connection received from index `from` on contains `text`.
#define any_message_has tw_test_ws_any_message_has

static void test_toy_through_the_server(void **st)
{
	(void)st;
	char db[] = "/tmp/tinwar-toy-srv-XXXXXX";
	int fd = mkstemp(db);
	close(fd);
	unlink(db);
	tw_server *srv = tw_test_server(db, 0);
	json_t *j = tw_test_ws_game(srv, "tests/rules/toy/toy-3.json", 5);
	json_t *seats = json_object_get(j, "seats");
	// A seat for each of the three sides, then the umpire and a spectator.
	assert_int_equal(json_array_size(seats), 5);
	assert_string_equal(json_string_value(json_object_get(json_array_get(seats, 1), "seat")), "green");
	const char *game = json_string_value(json_object_get(j, "id"));
	char origin[64], ebuf[128] = "";
	snprintf(origin, sizeof origin, "http://127.0.0.1:%d", tw_server_port(srv));
	tw_wsc *c[4];
	int cur[4] = {0, 0, 0, 0};
	for (int k = 0; k < 4; k++) { // red, green, blue, the spectator
		int slot = k < 3 ? k : 4;
		c[k] = tw_wsc_open(tw_server_port(srv), game,
				   json_string_value(json_object_get(json_array_get(seats, (size_t)slot), "token")), origin, ebuf,
				   sizeof ebuf);
		if (!c[k])
			fail_msg("join %d: %s", k, ebuf);
		json_t *h = tw_wsc_wait(c[k], "hello", &cur[k], 5.0);
		assert_non_null(h);
		json_decref(h);
	}
	// Every seat is asked for a secret bid (TOY.BID).
	json_t *s0 = latest_state(c[1], &cur[1]);
	assert_non_null(s0);
	json_t *d0 = json_object_get(s0, "decisions");
	assert_int_equal(json_array_size(d0), 3);
	assert_true(json_is_true(json_object_get(json_array_get(d0, 0), "secret")));
	json_decref(s0);
	// Red bids 9: the others learn only that red's choice is in, never what it is.
	int from[4];
	for (int k = 0; k < 4; k++)
		from[k] = tw_wsc_count(c[k]);
	assert_true(ws_order(c[0], &cur[0], "{\"type\": \"bid\", \"side\": \"red\", \"n\": 9}", NULL));
	json_t *sr = latest_state(c[2], &cur[2]);
	assert_non_null(sr);
	json_t *chosen = json_object_get(json_object_get(sr, "state"), "chosen");
	assert_int_equal(json_array_size(chosen), 1);
	assert_string_equal(json_string_value(json_array_get(chosen, 0)), "red");
	json_decref(sr);
	json_t *own = latest_state(c[0], &cur[0]);
	assert_non_null(json_object_get(json_object_get(own, "state"), "sealed")); // red sees its own
	json_decref(own);
	// Green bids 2: still sealed from blue and the spectator, and red's from green.
	assert_true(ws_order(c[1], &cur[1], "{\"type\": \"bid\", \"side\": \"green\", \"n\": 2}", NULL));
	json_decref(latest_state(c[2], &cur[2]));
	json_decref(latest_state(c[3], &cur[3]));
	for (int k = 1; k < 4; k++) // green, blue, the spectator: no bid of another side's in any message
		assert_false(any_message_has(c[k], from[k], "\"n\":9"));
	assert_true(any_message_has(c[0], from[0], "\"n\":9")); // (red's own messages show it so)
	// (The events say that a choice is in: type "sealed"; the state's "sealed" list of choices
	// reaches only the seat that made them.)
	assert_false(any_message_has(c[2], from[2], "\"sealed\":["));
	assert_false(any_message_has(c[3], from[3], "\"sealed\":["));
	assert_true(any_message_has(c[0], from[0], "\"sealed\":["));
	// Blue bids 5: all three are revealed together; the order of play is red, blue, green.
	assert_true(ws_order(c[2], &cur[2], "{\"type\": \"bid\", \"side\": \"blue\", \"n\": 5}", NULL));
	json_t *sp = latest_state(c[3], &cur[3]);
	assert_non_null(sp);
	json_t *sides = json_object_get(json_object_get(sp, "state"), "sides");
	assert_int_equal(json_integer_value(json_object_get(json_object_get(json_array_get(sides, 0), "data"), "bid")), 9);
	json_t *order = json_object_get(json_object_get(json_object_get(sp, "state"), "data"), "order");
	assert_string_equal(json_string_value(json_array_get(order, 0)), "red");
	assert_string_equal(json_string_value(json_array_get(order, 1)), "blue");
	json_decref(sp);
	// Red moves man 0 within 6 in of green's man 3 and attacks him: green, who is not moving, is
	// asked to react (TOY.REACT); red may not answer for him.
	assert_true(ws_order(c[0], &cur[0],
			     "{\"type\": \"move\", \"side\": \"red\", \"figures\": [0], \"path\": [[6, 7]]}", NULL));
	assert_true(ws_order(c[0], &cur[0],
			     "{\"type\": \"attack\", \"side\": \"red\", \"attacker\": [0], \"target\": [3]}", NULL));
	json_t *sg = latest_state(c[1], &cur[1]);
	assert_non_null(sg);
	json_t *dr = json_array_get(json_object_get(sg, "decisions"), 0);
	assert_int_equal(json_integer_value(json_object_get(dr, "seat")), 1);
	assert_string_equal(json_string_value(json_object_get(dr, "kind")), "react");
	assert_string_equal(json_string_value(json_object_get(dr, "clause")), "TOY.REACT");
	json_decref(sg);
	char clause[32];
	assert_false(ws_order(c[0], &cur[0], "{\"type\": \"react\", \"side\": \"red\", \"n\": \"evade\"}", clause));
	assert_true(ws_order(c[1], &cur[1], "{\"type\": \"react\", \"side\": \"green\", \"n\": \"evade\"}", NULL));
	// The attack's die is thrown and shown to all, with its clause.
	json_decref(latest_state(c[3], &cur[3]));
	assert_true(any_message_has(c[3], from[3], "\"clause\":\"TOY.ATTACK\""));
	for (int k = 0; k < 4; k++)
		tw_wsc_close(c[k]);
	json_decref(j);
	tw_server_stop(srv);
	unlink(db);
}

int main(void)
{
	static const tw_ruleset *const list[] = {&tw_ruleset_littlewars, &tw_ruleset_grant, &tw_ruleset_toy};
	tw_register_builtin();
	tw_register_rulesets(list, (int)TW_ARRAY_COUNT(list));
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_toy_command_line_person_answers_reaction_and_bids),
		cmocka_unit_test(test_toy_campaign_of_three_sides),
		cmocka_unit_test(test_toy_computer_game_logs_and_replays),
		cmocka_unit_test(test_toy_lua_doctrines_play_every_seat),
		cmocka_unit_test(test_toy_three_sides_in_pictures_and_reports),
		cmocka_unit_test(test_toy_through_the_server),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	cairo_debug_reset_static_data(); // fontconfig's caches, held by cairo (as test_render)
	return rc;
}
