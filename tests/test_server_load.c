// Load tests of the browser table's bounds on loopback (issue 13, items 4 and 5), each bounded
// in count and in time, each printing what it measured ("load:" lines, quoted in
// docs/server.md). Other loopback addresses (127.0.0.2...) stand for other clients.
//   - a client that stops reading is dropped, and other games' computers and clocks go on;
//   - idle WebSockets: per address and in all; "the room is full" closes the connection;
//   - a frame's size is checked from its header (a frame that declares 2 GB);
//   - half-sent requests (slowloris) do not delay normal requests;
//   - games and figures per creator;
//   - computer games: each goes on in turn, and a player's replies stay quick;
//   - a restart listens first and restores its games in the background.
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rawnet.h"
#include "wsclient.h"
#include "tinwar/server.h"
#include "tinwar/tinwar.h"
#include "srv_test.h"

typedef struct game_ref {
	char id[17];
	char token[4][33]; // red, blue, umpire, spectator
} game_ref;

static void opts_for_test(tw_server_opts *o, const char *db)
{
	tw_server_opts_default(o);
	o->port = 0;
	o->db = db;
	o->quiet = getenv("TW_VERBOSE") == NULL;
}

static tw_server *start_with(const tw_server_opts *o) { return tw_test_server_start(o); }

static void parse_game(const char *resp, game_ref *g)
{
	json_t *j = json_loads(resp, 0, NULL);
	assert_non_null(j);
	snprintf(g->id, sizeof g->id, "%s", json_string_value(json_object_get(j, "id")));
	json_t *seats = json_object_get(j, "seats");
	for (size_t i = 0; i < 4 && i < json_array_size(seats); i++)
		snprintf(g->token[i], sizeof g->token[i], "%s",
			 json_string_value(json_object_get(json_array_get(seats, i), "token")));
	json_decref(j);
}

static void create(tw_server *s, const char *req, game_ref *g)
{
	tw_error err;
	tw_error_clear(&err);
	char *resp = tw_server_create_game(s, req, strlen(req), &err);
	if (!resp)
		fail_msg("create: %s", err.message);
	parse_game(resp, g);
	free(resp);
}

/// A Little Wars game in play of n infantry (half a side) in rows on an open table, with the
/// given extra request members (e.g. "\"computer\":{...},").
static char *big_request(int n, const char *extra)
{
	size_t cap = (size_t)n * 110 + 2048;
	char *b = malloc(cap);
	size_t k = (size_t)snprintf(b, cap,
				    "{%s\"clock\":{\"enabled\":false},\"scenario\":{\"format\":\"tinwar-state\",\"version\":1,"
				    "\"name\":\"big\",\"ruleset\":\"littlewars\",\"params\":{\"variety\":\"fight_to_finish\","
				    "\"curtain\":0,\"max_moves\":100000},\"table\":{\"width\":200,\"depth\":120},"
				    "\"sides\":[{\"name\":\"red\",\"back_y\":0},{\"name\":\"blue\",\"back_y\":120}],"
				    "\"terrain\":[],\"figures\":[",
				    extra);
	for (int i = 0; i < n; i++) {
		int side = i % 2, j = i / 2;
		double x = 20 + (j % 100) * 1.5, y = side ? 116 - (j / 100) * 1.5 : 4 + (j / 100) * 1.5;
		k += (size_t)snprintf(b + k, cap - k,
				      "%s{\"id\":%d,\"kind\":\"infantry\",\"side\":\"%s\",\"at\":[%g,%g],\"facing\":%d,"
				      "\"status\":\"active\"}",
				      i ? "," : "", i, side ? "blue" : "red", x, y, side ? 180 : 0);
	}
	snprintf(b + k, cap - k,
		 "],\"guns\":[],\"phase\":3,\"move_no\":3,\"mover\":0,"
		 "\"data\":{\"first\":\"red\",\"ready\":3,\"draw_at\":10}}}");
	return b;
}

static char *read_text(const char *path)
{
	tw_error err;
	size_t len = 0;
	char *t = tw_read_file(path, &len, &err);
	assert_non_null(t);
	return t;
}

/// A raw WebSocket from address `from` to a seat of a game: open (and its first message read)
/// or not. With `hello`, the first message must be the hello.
static tw_raw *raw_join(int port, const char *from, const game_ref *g, int seat, bool *joined)
{
	char host[32], origin[48], m[65536];
	snprintf(host, sizeof host, "127.0.0.1:%d", port);
	snprintf(origin, sizeof origin, "http://%s", host);
	tw_raw *c = tw_raw_connect(port, from, 0);
	*joined = false;
	if (!c)
		return NULL;
	if (tw_raw_ws_open(c, host, origin, g->id, g->token[seat]) && tw_raw_ws_read(c, m, sizeof m, 5.0) == 1 &&
	    strstr(m, "\"hello\""))
		*joined = true;
	return c;
}

static int http_get(int port, const char *from, const char *path, double timeout)
{
	char req[256], body[64];
	snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n", path, port);
	return tw_raw_http(port, from, req, body, sizeof body, timeout);
}

// ---- item 4: a client that stops reading ----

static void test_slow_reader_dropped_others_go_on(void **state)
{
	(void)state;
	tw_server_opts o;
	opts_for_test(&o, NULL);
	o.send_queue = 256 << 10;
	o.request_timeout_ms = 2000;
	tw_server *s = start_with(&o);
	int port = tw_server_port(s);
	// A: a big computer game, watched by a spectator that asks for everything and never reads.
	game_ref a, b, c;
	char *req = big_request(1000, "\"computer\":{\"red\":\"random\",\"blue\":\"random\"},");
	create(s, req, &a);
	free(req);
	// B: a small computer game; C: a clocked game whose mover does nothing.
	create(s, "{\"ruleset\":\"littlewars\",\"seed\":7,\"computer\":{\"red\":\"random\",\"blue\":\"random\"},"
		  "\"clock\":{\"enabled\":false}}", &b);
	char *duel = read_text(TW_SOURCE_DIR "/tests/web/range-duel.json");
	req = malloc(strlen(duel) + 128);
	sprintf(req, "{\"clock\":{\"enabled\":true,\"scale\":0.005},\"scenario\":%s}", duel);
	free(duel);
	create(s, req, &c);
	free(req);
	char host[32], origin[48], eb[128];
	snprintf(host, sizeof host, "127.0.0.1:%d", port);
	snprintf(origin, sizeof origin, "http://%s", host);
	tw_wsc *wb = tw_wsc_open(port, b.id, b.token[2], origin, eb, sizeof eb);
	tw_wsc *wc = tw_wsc_open(port, c.id, c.token[0], origin, eb, sizeof eb);
	assert_non_null(wb);
	assert_non_null(wc);
	usleep(200000);
	int open_before = tw_server_connections(s);
	double t0 = tw_wsc_now(), t_drop = -1;
	tw_raw *stuck = tw_raw_connect(port, "127.0.0.2", 2048);
	assert_non_null(stuck);
	assert_true(tw_raw_ws_open(stuck, host, origin, a.id, a.token[3]));
	for (int i = 0; i < 70; i++)
		tw_raw_ws_text(stuck, "{\"type\":\"sync\"}");
	int cb = 0, cc = 0;
	json_t *st = tw_wsc_wait(wb, "state", &cb, 5.0);
	assert_non_null(st);
	json_int_t first = json_integer_value(json_object_get(st, "orders"));
	json_decref(st);
	// "Time" is called on C's idle mover (LW.MV.7), and B's computers go on, while A's
	// spectator reads nothing. Red ends his move: blue's clock runs, and blue does nothing.
	json_decref(tw_wsc_wait(wc, "clock", &cc, 5.0));
	const char *end = "{\"type\":\"order\",\"id\":1,\"order\":{\"type\":\"end_move\"}}";
	tw_wsc_send(wc, end, strlen(end));
	// Meanwhile the reader is dropped: its connection closed on the server, unread.
	bool time_called = false;
	double t_time = -1;
	while (tw_wsc_now() - t0 < 20.0 && (!time_called || t_drop < 0)) {
		json_t *m = tw_wsc_wait(wc, "clock", &cc, 0.02);
		if (m && json_is_true(json_object_get(m, "time")) && !time_called) {
			time_called = true;
			t_time = tw_wsc_now() - t0;
		}
		json_decref(m);
		if (t_drop < 0 && tw_server_connections(s) <= open_before)
			t_drop = tw_wsc_now() - t0;
	}
	usleep(1000000);
	json_int_t last = first;
	while ((st = tw_wsc_wait(wb, "state", &cb, 0.5)) != NULL) {
		last = json_integer_value(json_object_get(st, "orders"));
		json_decref(st);
		// What is asserted below, seen: B's order count only grows, so waiting on to the end
		// of its game (the whole game under ASan) could not change the answer.
		if (last - first >= 10)
			break;
	}
	double t_b = tw_wsc_now() - t0;
	bool dropped = t_drop >= 0 && tw_raw_wait_closed(stuck, 20.0);
	print_message("load: slow reader: game B made %lld orders in %.1f s; C's Time called after %.2f s; "
		      "the reader dropped after %.1f s\n",
		      (long long)(last - first), t_b, t_time, t_drop);
	assert_true(time_called);
	assert_true(last - first >= 10);
	assert_true(dropped);
	tw_raw_close(stuck);
	tw_wsc_close(wb);
	tw_wsc_close(wc);
	tw_server_stop(s);
}

// ---- item 5: connections ----

static void test_idle_websockets_bounded(void **state)
{
	(void)state;
	tw_server_opts o;
	opts_for_test(&o, NULL);
	tw_server *s = start_with(&o);
	int port = tw_server_port(s);
	game_ref g;
	create(s, "{\"ruleset\":\"littlewars\",\"seed\":7,\"clock\":{\"enabled\":false}}", &g);
	// 130 idle WebSockets from one address: 32 (the default per address) are served, the
	// others are refused at once, and nobody else notices.
	enum { N = 130 };
	tw_raw *c[N];
	int joined = 0;
	double t0 = tw_wsc_now();
	for (int i = 0; i < N; i++) {
		bool ok;
		c[i] = raw_join(port, "127.0.0.2", &g, 3, &ok);
		joined += ok;
	}
	double t_open = tw_wsc_now() - t0;
	t0 = tw_wsc_now();
	int st = http_get(port, "127.0.0.1", "/api/rulesets", 5.0);
	double t_get = tw_wsc_now() - t0;
	bool ok2;
	tw_raw *other = raw_join(port, "127.0.0.3", &g, 0, &ok2);
	print_message("load: %d idle websockets from one address: %d served, %d refused in %.2f s; a request from "
		      "another address answered in %.3f s\n",
		      N, joined, N - joined, t_open, t_get);
	assert_int_equal(joined, 32);
	assert_int_equal(st, 200);
	assert_true(ok2);
	tw_raw_close(other);
	for (int i = 0; i < N; i++)
		tw_raw_close(c[i]);
	tw_server_stop(s);
	// In all: 40 connections, 16 an address.
	opts_for_test(&o, NULL);
	o.max_conns = 40;
	o.max_conns_per_addr = 16;
	s = start_with(&o);
	port = tw_server_port(s);
	create(s, "{\"ruleset\":\"littlewars\",\"seed\":7,\"clock\":{\"enabled\":false}}", &g);
	static const char *const from[3] = {"127.0.0.2", "127.0.0.3", "127.0.0.4"};
	joined = 0;
	for (int i = 0; i < 48; i++) {
		bool ok;
		c[i] = raw_join(port, from[i / 16], &g, 3, &ok);
		joined += ok;
	}
	print_message("load: 48 websockets from 3 addresses, at most 40 in all: %d served\n", joined);
	assert_int_equal(joined, 40);
	for (int i = 0; i < 48; i++)
		tw_raw_close(c[i]);
	tw_server_stop(s);
}

static void test_room_full_closes(void **state)
{
	(void)state;
	tw_server_opts o;
	opts_for_test(&o, NULL);
	o.max_conns_per_addr = 100;
	tw_server *s = start_with(&o);
	int port = tw_server_port(s);
	game_ref g;
	create(s, "{\"ruleset\":\"littlewars\",\"seed\":7,\"clock\":{\"enabled\":false}}", &g);
	enum { N = 70 };
	tw_raw *c[N];
	int joined = 0, full_closed = 0;
	double t0 = tw_wsc_now();
	for (int i = 0; i < N; i++) {
		bool ok;
		c[i] = raw_join(port, "127.0.0.2", &g, 3, &ok);
		joined += ok;
		if (!ok && c[i] && tw_raw_wait_for(c[i], "the room is full", 2.0) && tw_raw_wait_closed(c[i], 3.0))
			full_closed++;
	}
	print_message("load: %d websockets on one game: %d joined, %d told \"the room is full\" and closed in %.2f s\n",
		      N, joined, full_closed, tw_wsc_now() - t0);
	assert_int_equal(joined, 64);
	assert_int_equal(full_closed, N - 64);
	for (int i = 0; i < N; i++)
		tw_raw_close(c[i]);
	tw_server_stop(s);
}

static void test_frame_size_from_header(void **state)
{
	(void)state;
	tw_server_opts o;
	opts_for_test(&o, NULL);
	tw_server *s = start_with(&o);
	int port = tw_server_port(s);
	game_ref g;
	create(s, "{\"ruleset\":\"littlewars\",\"seed\":7,\"clock\":{\"enabled\":false}}", &g);
	bool ok;
	tw_raw *c = raw_join(port, NULL, &g, 0, &ok);
	assert_true(ok);
	char m[65536];
	for (int i = 0; i < 3; i++)
		assert_int_equal(tw_raw_ws_read(c, m, sizeof m, 5.0), 1);
	// A text frame that declares 2 GB (0x7fff0000 bytes, the most civetweb itself would take)
	// and brings 16 KiB of it: refused from its header, at once.
	static char payload[16384];
	memset(payload, 'x', sizeof payload);
	double t0 = tw_wsc_now();
	tw_raw_ws_send(c, 0x81, true, payload, sizeof payload, 0x7fff0000LL);
	int op;
	while ((op = tw_raw_ws_read(c, m, sizeof m, 3.0)) == 1) {
	}
	double t = tw_wsc_now() - t0;
	bool closed = tw_raw_wait_closed(c, 3.0);
	print_message("load: a frame declaring %lld bytes: close %d after %.3f s\n", 0x7fff0000LL,
		      op == 8 ? ((unsigned char)m[0] << 8 | (unsigned char)m[1]) : -1, t);
	assert_int_equal(op, 8);
	assert_int_equal(((unsigned char)m[0] << 8) | (unsigned char)m[1], 1009);
	assert_true(closed);
	tw_raw_close(c);
	tw_server_stop(s);
}

static void test_slowloris(void **state)
{
	(void)state;
	tw_server_opts o;
	opts_for_test(&o, NULL);
	o.request_timeout_ms = 3000;
	tw_server *s = start_with(&o);
	int port = tw_server_port(s);
	enum { N = 200 };
	tw_raw *c[N];
	char half[64];
	snprintf(half, sizeof half, "GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n", port);
	for (int i = 0; i < N; i++) {
		c[i] = tw_raw_connect(port, "127.0.0.2", 0);
		assert_non_null(c[i]);
		tw_raw_send(c[i], half, strlen(half)); // and never the blank line
	}
	double worst = 0;
	int served = 0;
	for (int k = 0; k < 10; k++) {
		double t0 = tw_wsc_now();
		served += http_get(port, "127.0.0.1", "/api/rulesets", 5.0) == 200;
		double t = tw_wsc_now() - t0;
		worst = t > worst ? t : worst;
	}
	int refused = 0, timed_out = 0;
	double t0 = tw_wsc_now();
	for (int i = 0; i < N; i++)
		refused += tw_raw_wait_closed(c[i], 0.01); // refused when they came: closed already
	for (int i = 0; i < N; i++)
		timed_out += tw_raw_wait_closed(c[i], 6.0);
	print_message("load: %d half-sent requests from one address: %d normal requests answered, the slowest in %.3f s; "
		      "%d half-sent closed at once, all %d closed within %.1f s\n",
		      N, served, worst, refused, timed_out, tw_wsc_now() - t0);
	assert_int_equal(served, 10);
	assert_true(worst < 2.0);
	assert_int_equal(timed_out, N);
	for (int i = 0; i < N; i++)
		tw_raw_close(c[i]);
	tw_server_stop(s);
}

// ---- item 5: games ----

static int post_game(int port, const char *from, const char *body, char *out, size_t cap)
{
	size_t n = strlen(body) + 256;
	char *req = malloc(n);
	snprintf(req, n, "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
			 "Content-Length: %zu\r\n\r\n%s",
		 port, strlen(body), body);
	int st = tw_raw_http(port, from, req, out, cap, 20.0);
	free(req);
	return st;
}

static void test_games_and_figures_per_creator(void **state)
{
	(void)state;
	tw_server_opts o;
	opts_for_test(&o, NULL);
	o.max_games_per_addr = 3;
	o.max_figures = 1000;
	o.max_figures_per_addr = 2100;
	tw_server *s = start_with(&o);
	int port = tw_server_port(s);
	char out[512];
	char *g800 = big_request(800, "");
	int codes[5];
	for (int i = 0; i < 3; i++)
		codes[i] = post_game(port, "127.0.0.2", g800, out, sizeof out); // 800, 1600, 2400 > 2100
	assert_int_equal(codes[0], 200);
	assert_int_equal(codes[1], 200);
	assert_int_equal(codes[2], 429);
	assert_non_null(strstr(out, "figures"));
	char *g1200 = big_request(1200, "");
	assert_int_equal(post_game(port, "127.0.0.3", g1200, out, sizeof out), 429); // more than 1000 in one game
	assert_non_null(strstr(out, "at most 1000 figures"));
	const char *small = "{\"ruleset\":\"littlewars\",\"seed\":7,\"clock\":{\"enabled\":false}}";
	for (int i = 0; i < 4; i++)
		codes[i] = post_game(port, "127.0.0.4", small, out, sizeof out);
	assert_int_equal(codes[2], 200);
	assert_int_equal(codes[3], 429); // a fourth game of one address
	assert_non_null(strstr(out, "as many as one address may"));
	codes[4] = post_game(port, "127.0.0.5", small, out, sizeof out);
	assert_int_equal(codes[4], 200); // another address is not held back
	print_message("load: per address: games 3 (4th refused), figures 2100 (a 3rd game of 800 refused), a game of "
		      "1200 figures refused over 1000\n");
	free(g800);
	free(g1200);
	tw_server_stop(s);
}

/// Big computer games and a small one against a player: the small game's computer answers
/// each of the player's moves after at most one decision of each big game (the computer's time
/// is shared fairly between games, not its turns: turn by turn, each of the small computer's
/// orders waited for every big game's), and every big game goes on.
static void test_computer_games_fair(void **state)
{
	(void)state;
	tw_server_opts o;
	opts_for_test(&o, NULL);
	tw_server *s = start_with(&o);
	int port = tw_server_port(s);
	enum { NG = 3, K = 4 };
	game_ref g[NG], h;
	char *req = big_request(2000, "\"computer\":{\"red\":\"lw-default\",\"blue\":\"lw-default\"},");
	for (int i = 0; i < NG; i++)
		create(s, req, &g[i]);
	free(req);
	char *duel = read_text(TW_SOURCE_DIR "/tests/web/range-duel.json");
	req = malloc(strlen(duel) + 160);
	sprintf(req, "{\"clock\":{\"enabled\":false},\"params\":{\"max_moves\":100},\"computer\":{\"blue\":\"lw-default\"},"
		     "\"scenario\":%s}",
		duel);
	free(duel);
	create(s, req, &h);
	free(req);
	char origin[48], eb[128];
	snprintf(origin, sizeof origin, "http://127.0.0.1:%d", port);
	tw_wsc *w[NG];
	for (int i = 0; i < NG; i++) {
		w[i] = tw_wsc_open(port, g[i].id, g[i].token[2], origin, eb, sizeof eb);
		assert_non_null(w[i]);
	}
	tw_wsc *p = tw_wsc_open(port, h.id, h.token[0], origin, eb, sizeof eb);
	int pc = 0;
	json_decref(tw_wsc_wait(p, "clock", &pc, 5.0));
	for (int i = 0; i < NG; i++) { // the big games are under way: each has made an order
		int cur = 0;
		json_decref(tw_wsc_wait(w[i], "state", &cur, 5.0));
		json_t *st = tw_wsc_wait(w[i], "state", &cur, 60.0);
		assert_non_null(st);
		json_decref(st);
	}
	double t0 = tw_wsc_now(), t_send[K], t_reply[K], worst = 0;
	int done = 0;
	for (int k = 0; k < K; k++) {
		const char *end = "{\"type\":\"order\",\"order\":{\"type\":\"end_move\"}}";
		t_send[k] = tw_wsc_now();
		tw_wsc_send(p, end, strlen(end));
		json_int_t before = -1;
		bool back = false;
		while (!back) { // the computer's whole move: red is to move again
			json_t *st = tw_wsc_wait(p, "state", &pc, 30.0);
			if (!st)
				break;
			json_int_t n = json_integer_value(json_object_get(st, "orders"));
			int mover = (int)json_integer_value(json_object_get(st, "to_move"));
			bool over = json_is_true(json_object_get(st, "over"));
			json_decref(st);
			if (before < 0)
				before = n;
			back = (mover == 0 && n > before) || over;
		}
		if (!back)
			break;
		t_reply[k] = tw_wsc_now();
		worst = t_reply[k] - t_send[k] > worst ? t_reply[k] - t_send[k] : worst;
		done++;
	}
	// Every big game goes on: one more order each.
	bool all_on = true;
	for (int i = 0; i < NG; i++) {
		int cur = 0, idx, last = -1;
		while ((idx = tw_wsc_wait_index(w[i], "state", &cur, 0.0)) >= 0)
			last = idx;
		cur = last + 1;
		all_on = all_on && tw_wsc_wait_index(w[i], "state", &cur, 60.0) >= 0;
	}
	// The big games' orders (one state message each) while the small computer was due.
	int most = 0;
	long total[NG] = {0};
	for (int i = 0; i < NG; i++) {
		int cur = 0, idx;
		while ((idx = tw_wsc_wait_index(w[i], "state", &cur, 0.0)) >= 0) {
			double t = tw_wsc_stamp(w[i], idx);
			total[i] += t >= t0;
		}
	}
	for (int k = 0; k < done; k++) {
		int between = 0;
		for (int i = 0; i < NG; i++) {
			int cur = 0, idx;
			while ((idx = tw_wsc_wait_index(w[i], "state", &cur, 0.0)) >= 0) {
				double t = tw_wsc_stamp(w[i], idx);
				between += t > t_send[k] && t < t_reply[k];
			}
		}
		most = between > most ? between : most;
	}
	double span = tw_wsc_now() - t0;
	print_message("load: 3 computer games of 2000 men and a small one against a player: %d answers, the slowest in "
		      "%.2f s, at most %d big decisions before one; the big games made %ld, %ld, %ld orders in %.1f s\n",
		      done, worst, most, total[0], total[1], total[2], span);
	assert_int_equal(done, K);
	assert_true(most <= NG);
	assert_true(all_on);
	for (int i = 0; i < NG; i++)
		tw_wsc_close(w[i]);
	tw_wsc_close(p);
	tw_server_stop(s);
}

static void test_restart_listens_first(void **state)
{
	(void)state;
	char path[64], key[80], f[96];
	snprintf(path, sizeof path, "/tmp/tw_server_load_%d.db", (int)getpid());
	snprintf(key, sizeof key, "%s.key", path);
	tw_server_opts o;
	opts_for_test(&o, path);
	o.max_games_per_addr = 1000;
	o.max_figures_per_addr = 1000000;
	tw_server *s = start_with(&o);
	enum { N = 30 };
	char *req = big_request(2000, "");
	game_ref g;
	for (int i = 0; i < N; i++)
		create(s, req, &g);
	free(req);
	tw_server_stop(s);
	double t0 = tw_wsc_now();
	s = start_with(&o);
	double t_listen = tw_wsc_now() - t0;
	int at_start = tw_server_game_count(s);
	int port = tw_server_port(s);
	double t1 = tw_wsc_now();
	int st = http_get(port, NULL, "/api/rulesets", 10.0);
	double t_get = tw_wsc_now() - t1;
	int during = tw_server_game_count(s);
	assert_true(tw_server_wait_restored(s, 120.0));
	double t_all = tw_wsc_now() - t0;
	print_message("load: restart with %d games of 2000 men: listening after %.3f s (%d restored then), a request "
		      "answered in %.3f s (%d restored then), all restored after %.2f s\n",
		      N, t_listen, at_start, t_get, during, t_all);
	assert_int_equal(st, 200);
	assert_true(at_start < N);
	assert_true(during < N);
	assert_int_equal(tw_server_game_count(s), N);
	tw_server_stop(s);
	unlink(path);
	unlink(key);
	snprintf(f, sizeof f, "%s-wal", path);
	unlink(f);
	snprintf(f, sizeof f, "%s-shm", path);
	unlink(f);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_slow_reader_dropped_others_go_on),
		cmocka_unit_test(test_idle_websockets_bounded),
		cmocka_unit_test(test_room_full_closes),
		cmocka_unit_test(test_frame_size_from_header),
		cmocka_unit_test(test_slowloris),
		cmocka_unit_test(test_games_and_figures_per_creator),
		cmocka_unit_test(test_computer_games_fair),
		cmocka_unit_test(test_restart_listens_first),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
