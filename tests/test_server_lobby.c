// The lobby's endpoints (issue 19, src/server/scenarios.c): the bundled scenarios by rule set,
// their JSON and pictures; bad names, path traversal and unknown rule sets refused; a seat's
// game in brief by its token (POST /api/status); the game's title in hello, kept across a
// restart; and the scenario loader's optional "title" and "description".
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h> // after what it needs
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rawnet.h"
#include "tinwar/server.h"
#include "tinwar/tinwar.h"
#include "ws_test.h"
#include "srv_test.h"

#define BIG (256 * 1024)

static tw_server *start(const char *db) { return tw_test_server(db, 0); }

/// One HTTP exchange: the status; the body into body (BIG bytes).
static int http(tw_server *s, const char *method, const char *path, const char *json, char *body)
{
	int port = tw_server_port(s);
	const char *fmt = "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\nContent-Length: "
			  "%zu\r\n\r\n%s";
	size_t jl = json ? strlen(json) : 0;
	int n = snprintf(NULL, 0, fmt, method, path, port, jl, json ? json : ""); // a long scenario is never cut
	char *req = malloc((size_t)n + 1);
	assert_non_null(req);
	snprintf(req, (size_t)n + 1, fmt, method, path, port, jl, json ? json : "");
	int st = tw_raw_http(port, NULL, req, body, BIG, 20.0);
	free(req);
	return st;
}

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	char *buf = malloc(BIG);
	size_t n = fread(buf, 1, BIG - 1, f);
	fclose(f);
	buf[n] = 0;
	return buf;
}

static json_t *find_file(json_t *list, const char *file)
{
	for (size_t i = 0; i < json_array_size(list); i++)
		if (strcmp(json_string_value(json_object_get(json_array_get(list, i), "file")), file) == 0)
			return json_array_get(list, i);
	return NULL;
}

/// The list: every bundled scenario of a served rule set, with its title, description, size and
/// the addresses of its JSON and picture; one rule set's list has only its own.
static void test_scenarios_listed(void **state)
{
	(void)state;
	tw_server *s = start(NULL);
	char *body = malloc(BIG);
	assert_int_equal(http(s, "GET", "/api/scenarios", NULL, body), 200);
	json_t *j = json_loads(body, 0, NULL);
	json_t *list = json_object_get(j, "scenarios");
	json_t *hf = find_file(list, "hooks-farm");
	assert_non_null(hf);
	assert_string_equal(json_string_value(json_object_get(hf, "title")), "Hook's Farm");
	assert_string_equal(json_string_value(json_object_get(hf, "ruleset")), "littlewars");
	assert_string_equal(json_string_value(json_object_get(hf, "name")), "hooks-farm");
	assert_true(strlen(json_string_value(json_object_get(hf, "description"))) > 40);
	assert_int_equal((int)json_number_value(json_object_get(hf, "width")), 144);
	assert_int_equal(json_integer_value(json_object_get(hf, "figures")), 150);
	assert_string_equal(json_string_value(json_object_get(hf, "picture")),
	                    "/api/scenarios/littlewars/hooks-farm.svg");
	assert_string_equal(json_string_value(json_object_get(hf, "json")),
	                    "/api/scenarios/littlewars/hooks-farm.json");
	assert_non_null(find_file(list, "meeting"));
	// Every bundled scenario has its words (the loader would refuse a title that is no string).
	for (size_t i = 0; i < json_array_size(list); i++) {
		json_t *e = json_array_get(list, i);
		assert_string_not_equal(json_string_value(json_object_get(e, "title")),
		                        json_string_value(json_object_get(e, "name")));
		assert_true(strlen(json_string_value(json_object_get(e, "description"))) > 20);
	}
	json_decref(j);
	assert_int_equal(http(s, "GET", "/api/scenarios/grant", NULL, body), 200);
	j = json_loads(body, 0, NULL);
	list = json_object_get(j, "scenarios");
	assert_int_equal(json_array_size(list), 2);
	assert_non_null(find_file(list, "village"));
	assert_null(find_file(list, "hooks-farm"));
	json_decref(j);
	free(body);
	tw_server_stop(s);
}

/// The scenario's JSON is the bundled file itself; its picture is an SVG of the table, drawn
/// once and then the same bytes.
static void test_scenario_json_and_picture(void **state)
{
	(void)state;
	tw_server *s = start(NULL);
	char *body = malloc(BIG), *again = malloc(BIG);
	assert_int_equal(http(s, "GET", "/api/scenarios/littlewars/tutorial.json", NULL, body), 200);
	char *file = read_text(TW_SOURCE_DIR "/scenarios/littlewars/tutorial.json");
	assert_string_equal(body, file);
	free(file);
	assert_int_equal(http(s, "GET", "/api/scenarios/grant/village.svg", NULL, body), 200);
	assert_non_null(strstr(body, "<svg"));
	assert_true(strlen(body) > 2000);
	assert_int_equal(http(s, "GET", "/api/scenarios/grant/village.svg", NULL, again), 200);
	assert_string_equal(body, again);
	assert_int_equal(http(s, "POST", "/api/scenarios/grant/village.svg", "{}", body), 405);
	free(body);
	free(again);
	tw_server_stop(s);
}

/// Refusals: a name that is not [a-z0-9_-] (400), path traversal (never a file of the disk),
/// an unknown rule set (404 with the valid ones), an unknown scenario (404 with that rule set's).
/// (civetweb decodes the path before a handler sees it, so "x.json%00.svg" reads as "x.json":
/// that scenario itself, nothing else.)
static void test_scenarios_refused(void **state)
{
	(void)state;
	tw_server *s = start(NULL);
	char *body = malloc(BIG);
	static const char *const bad[] = {
	    "/api/scenarios/LittleWars",
	    "/api/scenarios/littlewars/hooks-farm.txt",
	    "/api/scenarios/littlewars/hooks-farm",
	    "/api/scenarios/littlewars/a.b.json",
	    "/api/scenarios/littlewars/.json",
	    "/api/scenarios/littlewars/x/y.json",
	    "/api/scenarios/littlewars/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.json",
	    "/api/scenarios/little%20wars",
	    "/api/scenariosX",
	};
	for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
		int st = http(s, "GET", bad[k], NULL, body);
		if (st != 400 && st != 404)
			fail_msg("%s: %d %s", bad[k], st, body);
		assert_null(strstr(body, "tinwar-scenario"));
	}
	static const char *const traversal[] = {
	    "/api/scenarios/../../etc/passwd",
	    "/api/scenarios/littlewars/../../../etc/passwd",
	    "/api/scenarios/littlewars/..%2f..%2f..%2fetc%2fpasswd.json",
	    "/api/scenarios/%2e%2e/%2e%2e/etc/passwd",
	    "/api/scenarios/littlewars/%2e%2e%2f%2e%2e%2fCMakeLists.json",
	    "/api/scenarios/..%2f..%2fetc/passwd.json",
	};
	for (size_t k = 0; k < sizeof traversal / sizeof *traversal; k++) {
		int st = http(s, "GET", traversal[k], NULL, body);
		if (st == 200 || strstr(body, "root:") || strstr(body, "cmake_minimum_required"))
			fail_msg("%s: %d %s", traversal[k], st, body);
	}
	assert_int_equal(http(s, "GET", "/api/scenarios/chess", NULL, body), 404);
	json_t *j = json_loads(body, 0, NULL);
	assert_non_null(j);
	assert_string_equal(json_string_value(json_object_get(j, "ruleset")), "chess");
	json_t *valid = json_object_get(j, "rulesets");
	assert_true(json_array_size(valid) >= 2);
	assert_string_equal(json_string_value(json_array_get(valid, 0)), "littlewars");
	json_decref(j);
	assert_int_equal(http(s, "GET", "/api/scenarios/chess/hooks-farm.svg", NULL, body), 404);
	assert_non_null(strstr(body, "\"littlewars\""));
	assert_int_equal(http(s, "GET", "/api/scenarios/littlewars/meeting.svg", NULL, body), 404);
	j = json_loads(body, 0, NULL);
	assert_non_null(j);
	valid = json_object_get(j, "scenarios");
	assert_int_equal(json_array_size(valid), 5); // hooks-farm, kriegspiel, large-country, points-buy, tutorial
	assert_string_equal(json_string_value(json_array_get(valid, 0)), "hooks-farm");
	json_decref(j);
	free(body);
	tw_server_stop(s);
}

typedef struct game_ref {
	char id[17];
	char token[4][33];
} game_ref;

static void create(tw_server *s, const char *req, game_ref *g)
{
	json_t *j = tw_test_ws_create(s, req);
	tw_test_ws_tokens(j, g->id, g->token, 4);
	json_decref(j);
}

/// The game's title as the hello message gives it to a seat.
static char *hello_title(tw_server *s, const game_ref *g, int seat)
{
	char origin[64], ebuf[128] = "";
	snprintf(origin, sizeof origin, "http://127.0.0.1:%d", tw_server_port(s));
	tw_wsc *c = tw_wsc_open(tw_server_port(s), g->id, g->token[seat], origin, ebuf, sizeof ebuf);
	if (!c)
		fail_msg("join: %s", ebuf);
	int cur = 0;
	json_t *h = tw_wsc_wait(c, "hello", &cur, 5.0);
	assert_non_null(h);
	char *t = strdup(json_string_value(json_object_get(h, "title")) ?: "(none)");
	json_decref(h);
	tw_wsc_close(c);
	return t;
}

/// POST /api/status {game, token}: that seat's game in brief; a wrong token and an unknown game
/// get the same 404; the token is never taken from the URL.
static void test_status_needs_the_token(void **state)
{
	(void)state;
	tw_server *s = start(NULL);
	game_ref g;
	create(s, "{\"ruleset\":\"littlewars\",\"seed\":4,\"clock\":{\"enabled\":false}}", &g);
	char *body = malloc(BIG), req[256];
	snprintf(req, sizeof req, "{\"game\":\"%s\",\"token\":\"%s\"}", g.id, g.token[1]);
	assert_int_equal(http(s, "POST", "/api/status", req, body), 200);
	json_t *j = json_loads(body, 0, NULL);
	assert_non_null(j);
	assert_string_equal(json_string_value(json_object_get(j, "game")), g.id);
	assert_string_equal(json_string_value(json_object_get(j, "seat")), "blue");
	assert_string_equal(json_string_value(json_object_get(j, "ruleset")), "littlewars");
	assert_string_equal(json_string_value(json_object_get(j, "title")), "A generated Country");
	assert_false(json_is_true(json_object_get(j, "over")));
	assert_true(json_is_array(json_object_get(j, "to_move")));
	assert_true(json_array_size(json_object_get(j, "to_move")) >= 1);
	assert_null(json_object_get(j, "token"));
	json_decref(j);
	char wrong[33];
	snprintf(wrong, sizeof wrong, "%s", g.token[0]);
	wrong[0] = wrong[0] == 'a' ? 'b' : 'a';
	char unknown_body[BIG / 64];
	snprintf(req, sizeof req, "{\"game\":\"%s\",\"token\":\"%s\"}", g.id, wrong);
	assert_int_equal(http(s, "POST", "/api/status", req, body), 404);
	snprintf(req, sizeof req, "{\"game\":\"0000000000000000\",\"token\":\"%s\"}", g.token[0]);
	char *other = malloc(BIG);
	assert_int_equal(http(s, "POST", "/api/status", req, other), 404);
	assert_string_equal(body, other); // the same answer: nothing says which was wrong
	snprintf(unknown_body, sizeof unknown_body, "/api/status?game=%s&token=%s", g.id, g.token[0]);
	assert_int_equal(http(s, "GET", unknown_body, NULL, body), 405);
	assert_int_equal(http(s, "POST", unknown_body, "{}", body), 400);
	snprintf(req, sizeof req, "{\"game\":\"%s\",\"token\":\"%s\",\"x\":1}", g.id, g.token[0]);
	assert_int_equal(http(s, "POST", "/api/status", req, body), 400);
	assert_int_equal(http(s, "POST", "/api/status", "[", body), 400);
	free(body);
	free(other);
	tw_server_stop(s);
}

/// The title: a bundled scenario's own, a generated Country's, a pasted scenario's "title";
/// kept by the store across a restart.
static void test_title_in_hello_and_kept(void **state)
{
	(void)state;
	char db[64];
	snprintf(db, sizeof db, "/tmp/tw_lobby_test_%d.db", (int)getpid());
	unlink(db);
	tw_server *s = start(db);
	char *scen = read_text(TW_SOURCE_DIR "/scenarios/grant/village.json");
	size_t n = strlen(scen);
	char *req = malloc(n + 128);
	snprintf(req, n + 128, "{\"scenario\":%s,\"seed\":2,\"clock\":{\"enabled\":false}}", scen);
	game_ref a, b, c;
	create(s, req, &a);
	create(s, "{\"ruleset\":\"grant\",\"seed\":2,\"clock\":{\"enabled\":false}}", &b);
	// A scenario of one's own with its own title (and the bundled one's name).
	json_t *sj = json_loads(scen, 0, NULL);
	json_object_set_new(sj, "title", json_string("Hougoumont, more or less"));
	char *mine = json_dumps(sj, JSON_COMPACT);
	json_decref(sj);
	char *req2 = malloc(strlen(mine) + 128);
	snprintf(req2, strlen(mine) + 128, "{\"scenario\":%s,\"clock\":{\"enabled\":false}}", mine);
	create(s, req2, &c);
	char *t;
	// Without a title, a scenario named as a bundled one takes the bundled one's.
	game_ref d;
	sj = json_loads(scen, 0, NULL);
	json_object_del(sj, "title");
	char *untitled = json_dumps(sj, JSON_COMPACT);
	json_decref(sj);
	snprintf(req2, strlen(mine) + 128, "{\"scenario\":%s,\"clock\":{\"enabled\":false}}", untitled);
	free(untitled);
	create(s, req2, &d);
	assert_string_equal(t = hello_title(s, &d, 0), "The village");
	free(t);
	assert_string_equal(t = hello_title(s, &a, 0), "The village");
	free(t);
	assert_string_equal(t = hello_title(s, &b, 1), "A generated Country");
	free(t);
	assert_string_equal(t = hello_title(s, &c, 3), "Hougoumont, more or less");
	free(t);
	tw_server_stop(s);
	s = start(db);
	assert_true(tw_server_wait_restored(s, 30.0));
	assert_string_equal(t = hello_title(s, &a, 0), "The village");
	free(t);
	assert_string_equal(t = hello_title(s, &b, 0), "A generated Country");
	free(t);
	assert_string_equal(t = hello_title(s, &c, 2), "Hougoumont, more or less");
	free(t);
	tw_server_stop(s);
	free(req);
	free(req2);
	free(mine);
	free(scen);
	char f[96];
	unlink(db);
	snprintf(f, sizeof f, "%s-wal", db);
	unlink(f);
	snprintf(f, sizeof f, "%s-shm", db);
	unlink(f);
	snprintf(f, sizeof f, "%s.key", db);
	unlink(f);
}

/// The loader takes "title" and "description" as optional strings of bounded length, and
/// refuses anything else there with the path.
static void test_scenario_words_checked(void **state)
{
	(void)state;
	static const struct {
		const char *extra;
		const char *path; // NULL: loads
	} cases[] = {
	    {"", NULL},
	    {",\"title\":\"A title\",\"description\":\"Some words.\"", NULL},
	    {",\"title\":7", "$.title"},
	    {",\"description\":[\"x\"]", "$.description"},
	    {",\"title\":"
	     "\"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
	     "AAAAAAA\"",
	     "$.title"},
	};
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
		char txt[512];
		snprintf(
		    txt, sizeof txt,
		    "{\"format\":\"tinwar-scenario\",\"version\":1,\"name\":\"t\",\"ruleset\":\"littlewars\","
		    "\"table\":{\"width\":48,\"depth\":48}%s}",
		    cases[k].extra);
		json_t *j = json_loads(txt, 0, NULL);
		assert_non_null(j);
		tw_state st;
		tw_error err;
		tw_error_clear(&err);
		tw_status r = tw_state_from_json(&st, j, &err);
		json_decref(j);
		if (!cases[k].path) {
			if (r != TW_OK)
				fail_msg("case %zu: %s", k, err.message);
			tw_state_free(&st);
		} else {
			assert_int_not_equal(r, TW_OK);
			if (strcmp(err.path, cases[k].path) != 0)
				fail_msg("case %zu: path %s (%s)", k, err.path, err.message);
		}
	}
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_scenarios_listed),        cmocka_unit_test(test_scenario_json_and_picture),
	    cmocka_unit_test(test_scenarios_refused),       cmocka_unit_test(test_status_needs_the_token),
	    cmocka_unit_test(test_title_in_hello_and_kept), cmocka_unit_test(test_scenario_words_checked),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
