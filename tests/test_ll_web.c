// Issue 16 (ll-web): Lloyd through the server with the rule set registered in the built-in table.
// TF.D2's secret allocation is never readable by another seat: not in any frame a second
// connection of the other side gets when it joins and syncs before the reveal, nor in a
// suggestion or options asked by that side, nor in the undo heard by all; the core's view of
// the other seat and the events it is sent carry neither the order nor the men's locations.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tinwar/io.h"
#include "tinwar/ll_roster.h"
#include "tinwar/server.h"
#include "tinwar/tinwar.h"
#include "rawnet.h"
#include "srv_test.h"
#include "ws_test.h"

static bool ws_order(tw_wsc *c, int *cursor, const char *order)
{
	json_t *r = tw_test_ws_result(c, cursor, order);
	bool okr = json_is_true(json_object_get(r, "ok"));
	json_decref(r);
	return okr;
}

// Waits until no message has come for 0.4 s (everything sent so far has arrived).
static void settle(tw_wsc *c)
{
	int n = -1;
	while (n != tw_wsc_count(c)) {
		n = tw_wsc_count(c);
		usleep(400000);
	}
}

// The first message from index `from` that holds `text`, or NULL (owned by the caller).
static char *message_with(tw_wsc *c, int from, const char *text)
{
	int n = tw_wsc_count(c);
	for (int i = from; i < n; i++) {
		char *m = tw_wsc_msg(c, i);
		if (m && strstr(m, text))
			return m;
		free(m);
	}
	return NULL;
}

// No message of c from `from` on (the hello, which names the order's fields, aside) carries
// any of the allocation's marks.
static void assert_sealed(tw_wsc *c, int from, const char *who)
{
	static const char *const marks[] = {"\"locations\"", "\"sealed\":[", "\"loc\":", "\"allocated\":true",
					    "[2,2,2,2,2,1,3,3]", "[2, 2, 2, 2, 2, 1, 3, 3]"};
	int n = tw_wsc_count(c);
	for (int i = from; i < n; i++) {
		char *m = tw_wsc_msg(c, i);
		if (!m)
			continue;
		// The hello names the order's fields; the danes' own options and suggestion hold their
		// own allocations (checked apart): the saxons' list is still looked for in them.
		bool own = strstr(m, "\"type\":\"hello\"") || strstr(m, "\"type\":\"options\"") ||
			   strstr(m, "\"type\":\"suggestion\"");
		for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++)
			if (strstr(m, marks[k]) && !(own && k == 0)) {
				print_error("%s's message %d carries %s: %.300s\n", who, i, marks[k], m);
				free(m);
				fail();
			}
		free(m);
	}
}

typedef struct {
	tw_server *srv;
	char db[64];
	json_t *game;
	char origin[64];
} srv_fix;

static void fix_start(srv_fix *f)
{
	snprintf(f->db, sizeof f->db, "/tmp/tinwar-ll-web-XXXXXX");
	int fd = mkstemp(f->db);
	close(fd);
	unlink(f->db);
	f->srv = tw_test_server(f->db, 0);
	f->game = tw_test_ws_game(f->srv, "scenarios/lloyd/three.json", 5);
	snprintf(f->origin, sizeof f->origin, "http://127.0.0.1:%d", tw_server_port(f->srv));
}

static tw_wsc *join(srv_fix *f, int slot, int *cursor)
{
	char ebuf[128] = "";
	json_t *seats = json_object_get(f->game, "seats");
	tw_wsc *c = tw_wsc_open(tw_server_port(f->srv), json_string_value(json_object_get(f->game, "id")),
				json_string_value(json_object_get(json_array_get(seats, (size_t)slot), "token")), f->origin,
				ebuf, sizeof ebuf);
	if (!c)
		fail_msg("join %d: %s", slot, ebuf);
	*cursor = 0;
	json_t *h = tw_wsc_wait(c, "hello", cursor, 5.0);
	assert_non_null(h);
	json_decref(h);
	return c;
}

static void fix_stop(srv_fix *f)
{
	json_decref(f->game);
	tw_server_stop(f->srv);
	unlink(f->db);
	char side[80];
	snprintf(side, sizeof side, "%s.key", f->db);
	unlink(side);
}

static const char SAX_ALLOC[] = "{\"type\": \"allocate\", \"side\": \"saxons\", \"figures\": [0, 1, 2, 3, 4, 5, 6, 7],"
				 " \"locations\": [2, 2, 2, 2, 2, 1, 3, 3]}";

// The lloyd rule set is served by the built-in registry (no test registration): the saxons seal
// their allocation; a second connection of the danes and one of the spectator join and sync
// after it, the danes ask a suggestion and the allocate order's options, and the saxons take
// their allocation back and seal it again: none of the danes' or spectator's frames carries it.
static void test_TF_D2_sealed_from_every_other_connection(void **st)
{
	(void)st;
	srv_fix f;
	fix_start(&f);
	int cs = 0, cd = 0;
	tw_wsc *sax = join(&f, 0, &cs), *dan = join(&f, 1, &cd);
	assert_true(ws_order(sax, &cs, "{\"type\": \"start\", \"side\": \"saxons\"}"));
	assert_true(ws_order(sax, &cs, SAX_ALLOC));
	settle(sax);
	settle(dan);
	// Joined after the seal: everything again, and a sync.
	int cd2 = 0, cp = 0;
	tw_wsc *dan2 = join(&f, 1, &cd2), *spec = join(&f, 3, &cp);
	assert_true(tw_wsc_send(dan2, "{\"type\": \"sync\"}", 16));
	assert_true(tw_wsc_send(spec, "{\"type\": \"sync\"}", 16));
	// What the danes may ask: their general's suggestion and the allocate order's options.
	const char sug[] = "{\"type\": \"suggest\"}";
	assert_true(tw_wsc_send(dan2, sug, strlen(sug)));
	json_t *m = tw_wsc_wait(dan2, "suggestion", &cd2, 10.0);
	assert_non_null(m);
	json_t *o = json_object_get(m, "order");
	if (o && json_object_get(o, "figures")) { // the danes' own men only
		size_t i;
		json_t *v;
		json_array_foreach(json_object_get(o, "figures"), i, v) assert_true(json_integer_value(v) >= 8);
	}
	json_decref(m);
	const char opt[] = "{\"type\": \"options\", \"order_type\": \"allocate\"}";
	assert_true(tw_wsc_send(dan2, opt, strlen(opt)));
	m = tw_wsc_wait(dan2, "options", &cd2, 10.0);
	assert_non_null(m);
	size_t oi;
	json_t *ov;
	json_array_foreach(json_object_get(m, "orders"), oi, ov)
	{
		size_t i;
		json_t *v;
		json_array_foreach(json_object_get(ov, "figures"), i, v) assert_true(json_integer_value(v) >= 8);
	}
	json_decref(m);
	settle(dan2);
	settle(spec);
	// The saxons may take back their sealed allocation (nothing was thrown): the danes hear only
	// that an order was undone; then the saxons seal it again.
	int from_d = tw_wsc_count(dan);
	const char undo[] = "{\"type\": \"undo\", \"id\": 7}";
	assert_true(tw_wsc_send(sax, undo, strlen(undo)));
	json_t *r = tw_wsc_wait(sax, "result", &cs, 10.0);
	assert_non_null(r);
	bool undone = json_is_true(json_object_get(r, "ok"));
	fprintf(stderr, "undo of the sealed allocation: %s %s\n", undone ? "applied" : "refused",
		undone ? "" : json_string_value(json_object_get(r, "message")));
	json_decref(r);
	if (undone) {
		int cu = from_d;
		json_t *u = tw_wsc_wait(dan, "undone", &cu, 5.0);
		assert_non_null(u);
		json_decref(u);
		assert_true(ws_order(sax, &cs, SAX_ALLOC));
	}
	settle(dan);
	settle(dan2);
	settle(spec);
	assert_sealed(dan, 0, "danes");
	assert_sealed(dan2, 0, "danes (second connection)");
	assert_sealed(spec, 0, "spectator");
	// The saxons' own connection carries it (the test's marks can see it).
	char *own = message_with(sax, 0, "\"locations\":[2,2,2,2,2,1,3,3]");
	if (!own)
		own = message_with(sax, 0, "\"locations\": [2, 2, 2, 2, 2, 1, 3, 3]");
	if (!own) { // the page's own order is not echoed: the sealed state in its view is
		own = message_with(sax, 0, "\"sealed\":[");
	}
	assert_non_null(own);
	free(own);
	// The danes allocate: revealed together; now the spectator reads the men's locations.
	int from_p = tw_wsc_count(spec);
	assert_true(ws_order(dan, &cd,
			     "{\"type\": \"allocate\", \"side\": \"danes\", \"figures\": [8, 9, 10, 11, 12, 13, 14, 15],"
			     " \"locations\": [2, 2, 1, 1, 2, 3, 2, 1]}"));
	settle(spec);
	char *after = message_with(spec, from_p, "\"loc\":");
	assert_non_null(after); // the check would see it
	free(after);
	tw_wsc_close(sax);
	tw_wsc_close(dan);
	tw_wsc_close(dan2);
	tw_wsc_close(spec);
	fix_stop(&f);
}

// The core's side of it: the danes' view (tw_state_view) of the state with the saxons' choice
// sealed holds no sealed order and no location, written to JSON; the events of the sealing
// order name the side that chose and nothing of the choice.
static void test_TF_D2_view_and_log_carry_nothing(void **st)
{
	(void)st;
	tw_error err;
	tw_error_clear(&err);
	tw_state *s = calloc(1, sizeof *s);
	assert_int_equal(tw_state_load(s, "scenarios/lloyd/three.json", &err), TW_OK);
	tw_game *g = tw_game_new(s, 5, NULL, &err);
	if (!g)
		fail_msg("game: %s", err.message);
	tw_state_free(s);
	free(s);
	const char *orders[] = {"{\"type\": \"start\", \"side\": \"saxons\"}", SAX_ALLOC};
	int first = 0, count = 0;
	for (int k = 0; k < 2; k++) {
		tw_order *o = calloc(1, sizeof *o);
		json_t *j = json_loads(orders[k], 0, NULL);
		assert_int_equal(tw_order_from_json(o, tw_game_state(g), j, "$", &err), TW_OK);
		json_decref(j);
		if (tw_game_apply(g, o, &first, &count, &err) != TW_OK)
			fail_msg("%s: %s", err.clause, err.message);
		free(o);
	}
	assert_int_equal(tw_game_state(g)->sealed_mask, 1u); // sealed, not revealed
	// The sealing order's events, as every seat hears them: the side chose, nothing of what.
	const tw_events *log = tw_game_events(g);
	assert_true(count >= 1);
	for (int i = first; i < first + count; i++) {
		json_t *ej = json_pack("{s:s}", "text", log->v[i].text);
		char *t = json_dumps(ej, 0);
		assert_null(strstr(t, "L1"));
		assert_null(strstr(t, "L2"));
		assert_null(strstr(t, "L3"));
		free(t);
		json_decref(ej);
	}
	for (int k = 0; k < 2; k++) { // the danes' view; the spectator's (the server's: a seat owning nothing)
		tw_state *v = calloc(1, sizeof *v);
		assert_int_equal(tw_state_view(v, tw_game_state(g), k == 0 ? 1 : 100), TW_OK);
		assert_null(v->sealed[0]);
		json_t *vj = tw_state_to_json(v);
		char *js = json_dumps(vj, JSON_COMPACT);
		assert_null(strstr(js, "\"loc\":"));
		assert_null(strstr(js, "\"locations\""));
		assert_null(strstr(js, "\"sealed\":["));
		free(js);
		json_decref(vj);
		tw_state_free(v);
		free(v);
	}
	// The saxons' own view holds their sealed order (the check above could see it).
	tw_state *own = calloc(1, sizeof *own);
	assert_int_equal(tw_state_view(own, tw_game_state(g), 0), TW_OK);
	assert_non_null(own->sealed[0]);
	tw_state_free(own);
	free(own);
	tw_game_free(g);
}

// One HTTP exchange with the server: the status, the body in `body`.
static int http(int port, const char *method, const char *path, const char *origin, const char *json, char *body,
		size_t cap)
{
	size_t jl = json ? strlen(json) : 0;
	char orig[96] = "";
	if (origin)
		snprintf(orig, sizeof orig, "Origin: %s\r\n", origin);
	size_t n = jl + 512;
	char *req = malloc(n);
	snprintf(req, n, "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n%sContent-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
		 method, path, port, orig, jl, json ? json : "");
	int st = tw_raw_http(port, NULL, req, body, cap, 20.0);
	free(req);
	return st;
}

// The roster editor's endpoints: a new roster is the table's types; a good roster is counted; a
// stat line, a weapon row and malformed JSON are refused with their path, line and column; the
// wrong method, an empty or too big body, another site's Origin are refused.
static void test_NQ_STAT_roster_endpoints(void **st)
{
	(void)st;
	srv_fix f;
	fix_start(&f);
	int port = tw_server_port(f.srv);
	char *body = malloc(1 << 20);
	assert_int_equal(http(port, "GET", "/api/roster/new", NULL, NULL, body, 1 << 20), 200);
	json_t *r = json_loads(body, 0, NULL);
	assert_non_null(r);
	assert_int_equal(json_array_size(json_object_get(r, "troops")), 3);
	assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(r, "troops"), 0), "name")),
			    "spearman");
	json_array_append_new(json_object_get(r, "men"), json_pack("{s:s, s:s, s:i}", "name", "Brand", "troop", "axeman", "m", 4));
	char *good = json_dumps(r, JSON_INDENT(1));
	assert_int_equal(http(port, "POST", "/api/roster/check", NULL, good, body, 1 << 20), 200);
	assert_non_null(strstr(body, "\"ok\":true"));
	assert_non_null(strstr(body, "\"men\":1"));
	free(good);
	// A stat line out of range (the man's own M).
	json_object_set_new(json_array_get(json_object_get(r, "men"), 0), "m", json_integer(400));
	char *bad = json_dumps(r, JSON_INDENT(1));
	assert_int_equal(http(port, "POST", "/api/roster/check", NULL, bad, body, 1 << 20), 200);
	assert_non_null(strstr(body, "\"ok\":false"));
	assert_non_null(strstr(body, "\"path\":\"$.men[0].m\""));
	int line = 0, col = 0;
	assert_true(tw_ll_json_locate(bad, strlen(bad), "$.men[0].m", &line, &col));
	char want[64];
	snprintf(want, sizeof want, "\"line\":%d,\"col\":%d", line, col);
	assert_non_null(strstr(body, want));
	free(bad);
	// A weapon row: the archer's ranges falling (NQ.STAT.6).
	json_array_clear(json_object_get(r, "men"));
	json_object_set_new(json_array_get(json_object_get(r, "troops"), 1), "r", json_pack("[i,i,i]", 30, 18, 6));
	bad = json_dumps(r, 0);
	assert_int_equal(http(port, "POST", "/api/roster/check", NULL, bad, body, 1 << 20), 200);
	assert_non_null(strstr(body, "\"path\":\"$.troops[1].r\""));
	assert_non_null(strstr(body, "\"clause\":\"NQ.STAT.6\""));
	free(bad);
	json_decref(r);
	assert_int_equal(http(port, "POST", "/api/roster/check", NULL, "{\"format\": \n [", body, 1 << 20), 200);
	assert_non_null(strstr(body, "\"line\":2"));
	// ll-fin: the editor is the rule set's hook (tw_ruleset.roster): named by the query or by the
	// text's "ruleset"; a rule set that keeps none is refused.
	assert_int_equal(http(port, "GET", "/api/roster/new?ruleset=lloyd", NULL, NULL, body, 1 << 20), 200);
	assert_non_null(strstr(body, "\"spearman\""));
	assert_int_equal(http(port, "GET", "/api/roster/new?ruleset=grant", NULL, NULL, body, 1 << 20), 400);
	assert_non_null(strstr(body, "rule set grant keeps no rosters"));
	assert_int_equal(http(port, "POST", "/api/roster/check", NULL, "{\"format\": \"tinwar-roster\", \"ruleset\": \"grant\"}",
			      body, 1 << 20),
			 400);
	assert_non_null(strstr(body, "keeps no rosters"));
	assert_int_equal(http(port, "GET", "/api/roster/check", NULL, NULL, body, 1 << 20), 405);
	assert_int_equal(http(port, "POST", "/api/roster/new", NULL, "{}", body, 1 << 20), 405);
	assert_int_equal(http(port, "POST", "/api/roster/check", NULL, NULL, body, 1 << 20), 400);
	assert_int_equal(http(port, "GET", "/api/roster/nope", NULL, NULL, body, 1 << 20), 404);
	assert_int_equal(http(port, "POST", "/api/roster/check", "http://evil.example", "{}", body, 1 << 20), 403);
	char big[512];
	snprintf(big, sizeof big,
		 "POST /api/roster/check HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Length: 300000\r\n\r\n{", port);
	assert_int_equal(tw_raw_http(port, NULL, big, body, 1 << 20, 20.0), 413);
	free(body);
	fix_stop(&f);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_TF_D2_sealed_from_every_other_connection),
		cmocka_unit_test(test_TF_D2_view_and_log_carry_nothing),
		cmocka_unit_test(test_NQ_STAT_roster_endpoints),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
