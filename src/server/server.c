// The browser table's HTTP and WebSocket server (civetweb). The page is served from embedded
// assets by handlers (no document root, no CGI). Games live in rooms, kept in SQLite.
//   GET  /, /app.js, /style.css      the page
//   GET  /api/rulesets               rule sets: parameters, generals, order and event types
//   POST /api/games                  create a game -> id, seats with tokens and join links
//   WS   /ws?game=ID&token=T         a seat's connection (Origin checked at the handshake)
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <civetweb.h>

#include "srv.h"

// ---- util ----

double srv_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

bool srv_random_hex(char *out, int n)
{
	unsigned char buf[64];
	if (n <= 0 || n > (int)sizeof buf)
		return false;
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	ssize_t got = 0;
	while (got < n) {
		ssize_t k = read(fd, buf + got, (size_t)(n - got));
		if (k <= 0 && errno != EINTR)
			break;
		if (k > 0)
			got += k;
	}
	close(fd);
	if (got != n)
		return false;
	static const char hex[] = "0123456789abcdef";
	for (int i = 0; i < n; i++) {
		out[2 * i] = hex[buf[i] >> 4];
		out[2 * i + 1] = hex[buf[i] & 15];
	}
	out[2 * n] = 0;
	return true;
}

bool srv_token_eq(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la != lb || la == 0)
		return false;
	unsigned char d = 0;
	for (size_t i = 0; i < la; i++)
		d |= (unsigned char)(a[i] ^ b[i]);
	return d == 0;
}

void srv_log(const srv_server *s, const char *fmt, ...)
{
	if (s && s->opts.quiet)
		return;
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "tinwar serve: ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

void tw_server_opts_default(tw_server_opts *o)
{
	memset(o, 0, sizeof *o);
	o->bind = "127.0.0.1";
	o->port = 8080;
	o->num_threads = 128;
	o->max_message = 65536;
	o->rate = 40;
	o->burst = 80;
}

// ---- HTTP ----

static void send_json(struct mg_connection *conn, int status, json_t *body)
{
	char *txt = json_dumps(body, JSON_COMPACT);
	json_decref(body);
	size_t len = txt ? strlen(txt) : 0;
	mg_printf(conn,
		  "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n"
		  "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
		  status, status == 200 ? "OK" : status == 400 ? "Bad Request" : status == 404 ? "Not Found" : "Error", len);
	if (txt)
		mg_write(conn, txt, len);
	free(txt);
}

static int asset_handler(struct mg_connection *conn, void *cbdata)
{
	(void)cbdata;
	const struct mg_request_info *ri = mg_get_request_info(conn);
	if (strcmp(ri->request_method, "GET") != 0 && strcmp(ri->request_method, "HEAD") != 0) {
		mg_send_http_error(conn, 405, "%s", "method not allowed");
		return 405;
	}
	const char *path = ri->local_uri ? ri->local_uri : "/";
	const srv_asset *a = srv_asset_find(strcmp(path, "/") == 0 ? "/index.html" : path);
	if (!a) {
		mg_send_http_error(conn, 404, "%s", "not found");
		return 404;
	}
	mg_printf(conn,
		  "HTTP/1.1 200 OK\r\nContent-Type: %s\r\nContent-Length: %zu\r\nCache-Control: no-cache\r\n"
		  "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"
		  "Content-Security-Policy: default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
		  "style-src 'self' 'unsafe-inline'\r\nConnection: close\r\n\r\n",
		  a->mime, a->len);
	if (strcmp(ri->request_method, "GET") == 0)
		mg_write(conn, a->data, a->len);
	return 200;
}

static int rulesets_handler(struct mg_connection *conn, void *cbdata)
{
	(void)cbdata;
	json_t *arr = json_array();
	for (int i = 0; i < tw_ruleset_count(); i++)
		json_array_append_new(arr, srv_ruleset_json(tw_ruleset_get(i)));
	send_json(conn, 200, json_pack("{s:o}", "rulesets", arr));
	return 200;
}

static json_t *game_response(srv_room *r)
{
	const tw_state *s = tw_game_state(r->game);
	json_t *seats = json_array();
	for (int k = 0; k < SRV_SLOTS; k++) {
		if (k >= s->nsides && k < SRV_SLOT_UMPIRE)
			continue;
		int seat = k == SRV_SLOT_UMPIRE ? SRV_UMPIRE : k == SRV_SLOT_SPECTATOR ? SRV_SPECTATOR : k;
		char link[128];
		snprintf(link, sizeof link, "/?game=%s&token=%s", r->id, r->tokens[k]);
		json_t *sj = json_pack("{s:s, s:s, s:s}", "seat", srv_seat_name(r, seat), "token", r->tokens[k], "link", link);
		if (k < TW_MAX_SIDES && r->computer[k][0])
			json_object_set_new(sj, "computer", json_string(r->computer[k]));
		json_array_append_new(seats, sj);
	}
	return json_pack("{s:s, s:s, s:o}", "id", r->id, "ruleset", tw_game_ruleset(r->game)->name, "seats", seats);
}

char *tw_server_create_game(tw_server *ts, const char *request_json, size_t len, tw_error *err)
{
	srv_server *s = (srv_server *)ts;
	json_error_t je;
	json_t *req = json_loadb(request_json, len, JSON_REJECT_DUPLICATES, &je);
	if (!req) {
		tw_error_set(err, TW_ERR_INPUT, "", "%d:%d: %s", je.line, je.column, je.text);
		return NULL;
	}
	srv_room *r = srv_room_create(s, req, err);
	json_decref(req);
	if (!r)
		return NULL;
	srv_log(s, "game %s created (%s)", r->id, tw_game_ruleset(r->game)->name);
	json_t *resp = game_response(r);
	char *txt = json_dumps(resp, JSON_COMPACT);
	json_decref(resp);
	return txt;
}

static bool same_origin(const srv_server *s, const char *origin, const char *host);

static int games_handler(struct mg_connection *conn, void *cbdata)
{
	srv_server *s = cbdata;
	const struct mg_request_info *ri = mg_get_request_info(conn);
	if (strcmp(ri->request_method, "POST") != 0) {
		send_json(conn, 405, json_pack("{s:s}", "error", "POST a game request"));
		return 405;
	}
	// A page from another site may not create games here (the browser sends its Origin).
	const char *origin = mg_get_header(conn, "Origin"), *host = mg_get_header(conn, "Host");
	if (origin && host) {
		if (!same_origin(s, origin, host)) {
			send_json(conn, 403, json_pack("{s:s}", "error", "cross-origin request refused"));
			return 403;
		}
	}
	long long cl = ri->content_length;
	const long long max = 4 << 20;
	if (cl <= 0 || cl > max) {
		send_json(conn, 400, json_pack("{s:s}", "error", "a JSON body of at most 4 MiB is required"));
		return 400;
	}
	char *body = malloc((size_t)cl + 1);
	long long got = 0;
	while (body && got < cl) {
		int k = mg_read(conn, body + got, (size_t)(cl - got));
		if (k <= 0)
			break;
		got += k;
	}
	if (!body || got != cl) {
		free(body);
		send_json(conn, 400, json_pack("{s:s}", "error", "incomplete body"));
		return 400;
	}
	tw_error err;
	tw_error_clear(&err);
	char *resp = tw_server_create_game((tw_server *)s, body, (size_t)cl, &err);
	free(body);
	if (!resp) {
		send_json(conn, 400, json_pack("{s:s, s:s, s:s}", "error", err.message, "clause", err.clause, "path", err.path));
		return 400;
	}
	json_t *j = json_loads(resp, 0, NULL);
	free(resp);
	send_json(conn, 200, j);
	return 200;
}

// ---- WebSocket ----

/// Origin must be this server as the client addressed it (Host, with our port if Host has
/// none), or the one extra origin allowed by --origin.
static bool same_origin(const srv_server *s, const char *origin, const char *host)
{
	char want[300];
	snprintf(want, sizeof want, "http://%s", host);
	if (strcmp(origin, want) == 0)
		return true;
	if (!strchr(host, ':')) {
		snprintf(want, sizeof want, "http://%s:%d", host, s->port);
		if (strcmp(origin, want) == 0)
			return true;
	}
	return s->opts.origin && strcmp(origin, s->opts.origin) == 0;
}

static bool origin_ok(const srv_server *s, const struct mg_connection *conn)
{
	const char *origin = mg_get_header(conn, "Origin"), *host = mg_get_header(conn, "Host");
	if (!origin || !host)
		return false;
	return same_origin(s, origin, host);
}

static int ws_connect(const struct mg_connection *conn, void *cbdata)
{
	srv_server *s = cbdata;
	const struct mg_request_info *ri = mg_get_request_info(conn);
	if (!origin_ok(s, conn)) {
		srv_log(s, "websocket refused: Origin %s", mg_get_header(conn, "Origin") ?: "(none)");
		return 1;
	}
	char game[40] = "", token[80] = "";
	const char *q = ri->query_string ? ri->query_string : "";
	mg_get_var(q, strlen(q), "game", game, sizeof game);
	mg_get_var(q, strlen(q), "token", token, sizeof token);
	int seat = 0;
	srv_room *r = srv_room_by_token(s, game, token, &seat);
	if (!r) {
		srv_log(s, "websocket refused: bad game or token");
		return 1;
	}
	srv_conn *c = calloc(1, sizeof *c);
	if (!c)
		return 1;
	c->conn = (struct mg_connection *)conn;
	c->room = r;
	c->seat = seat;
	c->bucket = s->opts.burst;
	c->last = srv_now();
	mg_set_user_connection_data(conn, c);
	return 0;
}

static void ws_ready(struct mg_connection *conn, void *cbdata)
{
	(void)cbdata;
	srv_conn *c = mg_get_user_connection_data(conn);
	if (!c)
		return;
	srv_room *r = c->room;
	pthread_mutex_lock(&r->mu);
	if (r->nconn < SRV_MAX_CONN) {
		r->conns[r->nconn++] = c;
		c->joined = true;
		srv_room_send_all(r, c);
	}
	pthread_mutex_unlock(&r->mu);
	if (!c->joined) {
		srv_send(c, json_pack("{s:s, s:s}", "type", "error", "message", "the room is full"));
	}
}

static int ws_data(struct mg_connection *conn, int bits, char *data, size_t len, void *cbdata)
{
	srv_server *s = cbdata;
	srv_conn *c = mg_get_user_connection_data(conn);
	int op = bits & 0x0f;
	if (!c || !c->joined)
		return 0;
	if (op == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE)
		return 0;
	if (op == MG_WEBSOCKET_OPCODE_PING || op == MG_WEBSOCKET_OPCODE_PONG)
		return 1;
	if (len > (size_t)s->opts.max_message) {
		srv_send(c, json_pack("{s:s, s:s}", "type", "error", "message", "message too large"));
		return 0; // close
	}
	if (op != MG_WEBSOCKET_OPCODE_TEXT || !(bits & 0x80)) {
		srv_send(c, json_pack("{s:s, s:s}", "type", "error", "message", "only whole text messages are accepted"));
		return 1;
	}
	srv_ws_message(c, data, len);
	return 1;
}

static void ws_close(const struct mg_connection *conn, void *cbdata)
{
	(void)cbdata;
	srv_conn *c = mg_get_user_connection_data(conn);
	if (!c)
		return;
	srv_room *r = c->room;
	pthread_mutex_lock(&r->mu);
	for (int i = 0; i < r->nconn; i++)
		if (r->conns[i] == c) {
			r->conns[i] = r->conns[--r->nconn];
			break;
		}
	pthread_mutex_unlock(&r->mu);
	mg_set_user_connection_data(conn, NULL);
	free(c);
}

// ---- ticker: clocks and computer seats ----

static void *ticker_main(void *arg)
{
	srv_server *s = arg;
	double last = srv_now();
	while (!s->stopping) {
		struct timespec ts = {0, 20 * 1000 * 1000};
		nanosleep(&ts, NULL);
		double now = srv_now(), dt = now - last;
		last = now;
		pthread_mutex_lock(&s->mu);
		int n = s->nrooms;
		srv_room **rooms = malloc((size_t)(n ? n : 1) * sizeof *rooms);
		if (rooms && n)
			memcpy(rooms, s->rooms, (size_t)n * sizeof *rooms);
		pthread_mutex_unlock(&s->mu);
		for (int i = 0; rooms && i < n && !s->stopping; i++) {
			srv_room *r = rooms[i];
			pthread_mutex_lock(&r->mu);
			srv_clock_tick(r, dt);
			srv_room_computer_step(r);
			pthread_mutex_unlock(&r->mu);
		}
		free(rooms);
	}
	return NULL;
}

// ---- start and stop ----

static int log_message(const struct mg_connection *conn, const char *message)
{
	srv_server *s = conn ? mg_get_user_data(mg_get_context(conn)) : NULL;
	srv_log(s, "civetweb: %s", message);
	return 1;
}

tw_server *tw_server_start(const tw_server_opts *o, tw_error *err)
{
	srv_server *s = calloc(1, sizeof *s);
	if (!s) {
		tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		return NULL;
	}
	tw_server_opts_default(&s->opts);
	if (o)
		s->opts = *o;
	if (!s->opts.bind)
		s->opts.bind = "127.0.0.1";
	if (s->opts.num_threads <= 0)
		s->opts.num_threads = 128;
	if (s->opts.max_message <= 0)
		s->opts.max_message = 65536;
	if (s->opts.rate <= 0)
		s->opts.rate = 40;
	if (s->opts.burst < 1)
		s->opts.burst = 80;
	pthread_mutex_init(&s->mu, NULL);
	pthread_mutex_init(&s->dbmu, NULL);
	if (srv_store_open(s, err) != TW_OK)
		goto fail;
	srv_store_load_all(s, err);
	mg_init_library(0);
	s->lib_init = true;
	char ports[96], threads[16];
	snprintf(ports, sizeof ports, "%s:%d", s->opts.bind, s->opts.port);
	snprintf(threads, sizeof threads, "%d", s->opts.num_threads);
	const char *options[] = {"listening_ports", ports, "num_threads", threads, "max_request_size", "16384",
				 "request_timeout_ms", "30000", "websocket_timeout_ms", "3600000",
				 "enable_websocket_ping_pong", "yes", "enable_directory_listing", "no",
				 "enable_keep_alive", "no", "tcp_nodelay", "1", NULL};
	struct mg_callbacks cb;
	memset(&cb, 0, sizeof cb);
	cb.log_message = log_message;
	s->ctx = mg_start(&cb, s, options);
	if (!s->ctx) {
		tw_error_set(err, TW_ERR_IO, "", "cannot listen on %s (port in use?)", ports);
		goto fail;
	}
	struct mg_server_port sp[4];
	memset(sp, 0, sizeof sp);
	int np = mg_get_server_ports(s->ctx, 4, sp);
	s->port = np > 0 ? sp[0].port : s->opts.port;
	mg_set_request_handler(s->ctx, "/api/rulesets", rulesets_handler, s);
	mg_set_request_handler(s->ctx, "/api/games", games_handler, s);
	mg_set_websocket_handler(s->ctx, "/ws", ws_connect, ws_ready, ws_data, ws_close, s);
	mg_set_request_handler(s->ctx, "/", asset_handler, s);
	if (pthread_create(&s->ticker, NULL, ticker_main, s) != 0) {
		tw_error_set(err, TW_ERR_IO, "", "cannot start the clock thread");
		goto fail;
	}
	s->ticker_started = true;
	srv_log(s, "listening on http://%s:%d/ (%d games restored)", s->opts.bind, s->port, s->nrooms);
	return (tw_server *)s;
fail:
	tw_server_stop((tw_server *)s);
	return NULL;
}

int tw_server_port(const tw_server *ts) { return ((const srv_server *)ts)->port; }

int tw_server_game_count(const tw_server *ts)
{
	srv_server *s = (srv_server *)ts;
	pthread_mutex_lock(&s->mu);
	int n = s->nrooms;
	pthread_mutex_unlock(&s->mu);
	return n;
}

void tw_server_stop(tw_server *ts)
{
	srv_server *s = (srv_server *)ts;
	if (!s)
		return;
	s->stopping = 1;
	if (s->ticker_started)
		pthread_join(s->ticker, NULL);
	if (s->ctx)
		mg_stop(s->ctx);
	if (s->lib_init)
		mg_exit_library();
	for (int i = 0; i < s->nrooms; i++) {
		srv_clock_save(s->rooms[i]); // the running clocks survive the stop
		srv_room_free(s->rooms[i]);
	}
	free(s->rooms);
	srv_store_close(s);
	pthread_mutex_destroy(&s->mu);
	pthread_mutex_destroy(&s->dbmu);
	free(s);
}
