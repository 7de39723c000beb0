// libFuzzer: the browser table's two parsers without a network. The first byte chooses:
//   0xff:    deep nesting: the rest, wrapped in 256 + 8 * (second byte) arrays or objects (up to
//            some 2300 levels, past jansson's own 2048), goes to both parsers below;
//   0 mod 8: the rest is the body of POST /api/games (srv_room_create);
//   4 mod 8: the rest is the body of POST /api/roles (srv_roles_answer: the lobby's roles);
//   else:    the rest is WebSocket messages, one per line, from seat (byte mod 4: red, blue, umpire,
//            spectator) of a fresh small Little Wars room with Wells's clock (srv_ws_message).
// All parse with srv_json_parse, which refuses JSON nested deeper than SRV_JSON_MAX_DEPTH.
// Replies are built and dropped (a connection without a socket). Checks: no crash, no leak, no
// undefined behaviour, and a malformed message never changes the game.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_small_scenario.h"
#include "server/roles_api.h"
#include "server/srv.h"
#include "tinwar/registry.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	tw_register_builtin();
	return 0;
}

// A room of the fuzzers' small Little Wars scenario, with Wells's clock running fast.
static const char *request(void)
{
	static char buf[4096];
	if (!buf[0]) {
		char scen[3072];
		fuzz_small_scenario(scen, sizeof scen);
		snprintf(buf, sizeof buf,
			 "{\"ruleset\": \"littlewars\", \"seed\": 5, \"clock\": {\"enabled\": true, \"scale\": 0.01},"
			 " \"scenario\": %s}",
			 scen);
	}
	return buf;
}

static srv_server *server(void)
{
	static srv_server s;
	static bool ready;
	if (!ready) {
		tw_server_opts_default(&s.opts);
		s.opts.db = ":memory:";
		s.opts.quiet = true;
		srv_server_init(&s);
		tw_error err;
		if (srv_store_open(&s, &err) != TW_OK)
			abort();
		ready = true;
	}
	return &s;
}

// Forgets the rooms made by one input (the store is emptied now and then).
static void forget_rooms(srv_server *s)
{
	static unsigned runs;
	for (int i = 0; i < s->nrooms; i++)
		srv_room_free(s->rooms[i]);
	s->nrooms = 0;
	if (++runs % 256 == 0)
		sqlite3_exec(s->db, "DELETE FROM web_orders; DELETE FROM web_games;", NULL, NULL, NULL);
}

static void create_from(srv_server *s, const char *text, size_t len)
{
	tw_error err;
	json_error_t je;
	char tokens[SRV_ALL_SLOTS][SRV_TOKEN_LEN + 1];
	json_t *req = srv_json_parse(text, len, &je);
	if (req)
		srv_room_create(s, req, "fuzz", tokens, &err);
	json_decref(req);
	forget_rooms(s);
}

/// The rest of the input inside `depth` arrays (or objects, from the input's parity), as a
/// request body and as a WebSocket message of each seat.
static void deep(srv_server *s, srv_room *r, const uint8_t *data, size_t size)
{
	size_t depth = 256 + 8 * (size_t)data[0];
	bool objects = size > 1 && data[1] & 1;
	const char *open = objects ? "{\"a\":" : "[", *close = objects ? "}" : "]";
	static const char head[] = "{\"type\":\"order\",\"order\":";
	const size_t hl = sizeof head - 1;
	size_t ol = strlen(open), n = size - 1, len = hl + depth * (ol + 1) + n + 2;
	char *t = malloc(len);
	if (!t)
		return;
	size_t k = 0;
	memcpy(t + k, head, hl);
	k += hl;
	for (size_t i = 0; i < depth; i++, k += ol)
		memcpy(t + k, open, ol);
	memcpy(t + k, data + 1, n);
	k += n;
	for (size_t i = 0; i < depth; i++)
		t[k++] = close[0];
	t[k++] = '}';
	if (srv_json_depth(t, k, SRV_JSON_MAX_DEPTH) <= SRV_JSON_MAX_DEPTH) {
		fprintf(stderr, "nesting of %zu not seen\n", depth);
		abort();
	}
	create_from(s, t + hl, k - hl - 1);
	static const int seats[4] = {0, 1, SRV_UMPIRE, SRV_SPECTATOR};
	for (int i = 0; i < 4; i++) {
		srv_conn c = {.srv = s, .fd = -1, .wake = -1, .room = r, .seat = seats[i], .role = -1};
		c.bucket = s->opts.burst;
		c.last = srv_now();
		srv_ws_message(&c, t, k);
	}
	free(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	srv_server *s = server();
	tw_error err;
	if (data[0] % 8 == 0) {
		create_from(s, (const char *)data + 1, size - 1);
		return 0;
	}
	if (data[0] % 8 == 4) {
		tw_error e;
		free(srv_roles_answer(s->opts.max_figures, (const char *)data + 1, size - 1, &e));
		return 0;
	}
	// The room is made once and made again only after an input changed its game (orders are
	// rare among fuzzed messages, and making a room costs milliseconds under the sanitizers).
	static srv_room *r;
	static uint64_t fresh_hash;
	static int fresh_events;
	json_error_t je;
	if (r && (tw_state_hash(tw_game_state(r->game)) != fresh_hash || tw_game_events(r->game)->n != fresh_events ||
		  r->computer[0][0] || r->computer[1][0] || r->clock.paused)) {
		s->nrooms = 0;
		srv_room_free(r);
		r = NULL;
	}
	if (!r) {
		char tokens[SRV_ALL_SLOTS][SRV_TOKEN_LEN + 1];
		json_t *req = json_loads(request(), 0, &je);
		r = req ? srv_room_create(s, req, "fuzz", tokens, &err) : NULL;
		json_decref(req);
		if (!r) {
			fprintf(stderr, "the fixed room cannot be made: %s\n", err.message);
			abort();
		}
		s->nrooms = 0; // kept here, not among the server's rooms
		fresh_hash = tw_state_hash(tw_game_state(r->game));
		fresh_events = tw_game_events(r->game)->n;
	}
	if (data[0] == 0xff && size > 1) {
		deep(s, r, data + 1, size - 1);
		return 0;
	}
	static const int seats[4] = {0, 1, SRV_UMPIRE, SRV_SPECTATOR};
	srv_conn c = {.srv = s, .conn = NULL, .fd = -1, .wake = -1, .room = r, .seat = seats[data[0] % 4], .role = -1};
	const char *p = (const char *)data + 1, *end = (const char *)data + size;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		uint64_t before = tw_state_hash(tw_game_state(r->game));
		int nev = tw_game_events(r->game)->n;
		// Rate limiting is tested elsewhere: give every message its allowance.
		c.bucket = s->opts.burst;
		c.last = srv_now();
		srv_ws_message(&c, p, len);
		// Only a well-formed order may change the game (or an undo take one back).
		json_t *m = srv_json_parse(p, len, &je);
		const char *type = json_is_object(m) ? json_string_value(json_object_get(m, "type")) : NULL;
		bool may_change = type && (strcmp(type, "order") == 0 || strcmp(type, "computer") == 0 || strcmp(type, "undo") == 0);
		json_decref(m);
		if (!may_change && (tw_state_hash(tw_game_state(r->game)) != before || tw_game_events(r->game)->n != nev)) {
			fprintf(stderr, "a message that is not an order changed the game\n");
			abort();
		}
		p += len + 1;
	}
	return 0;
}
