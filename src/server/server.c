// The browser table's HTTP and WebSocket server (civetweb). The page is served from embedded
// assets by handlers (no document root, no CGI). Games live in rooms, kept in SQLite.
//   GET  /, /app.js, /lobby.js, /style.css   the page
//   GET  /api/rulesets               rule sets: parameters, generals, order and event types
//   GET  /api/rules?id=ID            a clause's title and text (tw_rule_text)
//   POST /api/games                  create a game -> id, seats with tokens and join links
//   GET  /api/scenarios..., POST /api/status   the lobby's (scenarios.c)
//   POST /api/roles                  a scenario's roles within its sides (roles_api.c, issue 16)
//   WS   /ws?game=ID&token=T         a seat's connection (Host and Origin checked at the handshake)
// Every connection is counted per address when civetweb hands it to a worker, before its
// request is read; civetweb's workers (100 KiB stacks in Debian's build) run no rules, no
// generals and no deep JSON: that is the work pool's (threads.c).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <civetweb.h>
#include <sodium.h>

#include "roles_api.h"
#include "roster_api.h"
#include "scenarios.h"
#include "srv.h"
#include "tinwar/rules_text.h"

void tw_server_opts_default(tw_server_opts *o)
{
	memset(o, 0, sizeof *o);
	o->bind = "127.0.0.1";
	o->port = 8080;
	o->max_message = 65536;
	o->rate = 40;
	o->burst = 80;
	o->max_conns = 200;
	o->max_conns_per_addr = 32;
	o->max_games = 1000;
	o->max_games_per_addr = 20;
	o->max_figures = 5000;
	o->max_figures_per_addr = 20000;
	o->send_queue = 8 << 20;
	o->request_timeout_ms = 10000;
	o->idle_timeout_ms = 60000;
	o->workers = 4;
	o->stack_kib = 1024;
	o->store_busy_ms = 5000;
}

/// Fills the fields left at 0 with their defaults.
static void fill_defaults(tw_server_opts *o)
{
	tw_server_opts d;
	tw_server_opts_default(&d);
	if (!o->bind)
		o->bind = d.bind;
#define DEF(f)                                                                                             \
	if (o->f <= 0)                                                                                     \
	o->f = d.f
	DEF(max_message);
	DEF(rate);
	DEF(max_conns);
	DEF(max_conns_per_addr);
	DEF(max_games);
	DEF(max_games_per_addr);
	DEF(max_figures);
	DEF(max_figures_per_addr);
	DEF(send_queue);
	DEF(request_timeout_ms);
	DEF(idle_timeout_ms);
	DEF(workers);
	DEF(stack_kib);
	DEF(store_busy_ms);
#undef DEF
	if (o->burst < 1)
		o->burst = d.burst;
	if (o->stack_kib < 256)
		o->stack_kib = 256;
	if (o->num_threads <= 0)
		o->num_threads = o->max_conns + 8; // room to refuse one more connection at once
}

void srv_server_init(srv_server *s)
{
	pthread_mutex_init(&s->mu, NULL);
	pthread_mutex_init(&s->dbmu, NULL);
	pthread_mutex_init(&s->pool_mu, NULL);
	pthread_cond_init(&s->pool_cv, NULL);
	pthread_mutex_init(&s->comp_mu, NULL);
	pthread_cond_init(&s->comp_cv, NULL);
	pthread_mutex_init(&s->peers_mu, NULL);
	atomic_init(&s->stopping, 0);
	atomic_init(&s->restoring, 0);
}

// ---- HTTP ----

static const char *status_text(int status)
{
	switch (status) {
	case 200: return "OK";
	case 400: return "Bad Request";
	case 403: return "Forbidden";
	case 404: return "Not Found";
	case 405: return "Method Not Allowed";
	case 413: return "Payload Too Large";
	case 429: return "Too Many Requests";
	case 503: return "Service Unavailable";
	default: return "Error";
	}
}

static void send_json_text(struct mg_connection *conn, int status, const char *txt)
{
	size_t len = txt ? strlen(txt) : 0;
	mg_printf(conn,
		  "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n"
		  "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
		  status, status_text(status), len);
	if (txt)
		mg_write(conn, txt, len);
}

static void send_json(struct mg_connection *conn, int status, json_t *body)
{
	char *txt = body ? json_dumps(body, JSON_COMPACT) : NULL;
	json_decref(body);
	send_json_text(conn, status, txt);
	free(txt);
}

static int send_error(struct mg_connection *conn, int status, const char *message)
{
	send_json(conn, status, json_pack("{s:s}", "error", message));
	return status;
}

/// Host must name this server (DNS rebinding: a page of another site resolved to us carries
/// its own name), and an Origin, when the browser sends one, must be this server too.
static bool request_from_us(srv_server *s, const struct mg_connection *conn, bool origin_required)
{
	srv_conn_check_layout(s, conn);
	const srv_conn *c = mg_get_user_connection_data(conn);
	if (!c || (!c->peer && !c->unlimited))
		return false; // refused when it came (its socket is shut; nothing more is read)
	const char *host = mg_get_header(conn, "Host"), *origin = mg_get_header(conn, "Origin");
	if (!srv_host_ok(s, host))
		return false;
	if (!origin)
		return !origin_required;
	return srv_origin_ok(s, origin);
}

void srv_http_json_text(struct mg_connection *conn, int status, const char *txt) { send_json_text(conn, status, txt); }
int srv_http_error(struct mg_connection *conn, int status, const char *message)
{
	return send_error(conn, status, message);
}
bool srv_http_from_us(srv_server *s, const struct mg_connection *conn) { return request_from_us(s, conn, false); }

bool srv_http_read_all(struct mg_connection *conn, char *buf, size_t len)
{
	size_t got = 0;
	while (got < len) {
		int k = mg_read(conn, buf + got, len - got);
		if (k <= 0)
			return false;
		got += (size_t)k;
	}
	return true;
}

char *srv_http_body(struct mg_connection *conn, long long max, const char *need, size_t *len, int *status)
{
	long long cl = mg_get_request_info(conn)->content_length;
	if (cl <= 0 || cl > max) {
		*status = send_error(conn, cl > max ? 413 : 400, need);
		return NULL;
	}
	char *buf = malloc((size_t)cl + 1);
	if (!buf) {
		*status = send_error(conn, 503, "out of memory");
		return NULL;
	}
	if (!srv_http_read_all(conn, buf, (size_t)cl)) {
		free(buf);
		*status = send_error(conn, 400, "incomplete body");
		return NULL;
	}
	buf[cl] = 0;
	*len = (size_t)cl;
	return buf;
}

static int asset_handler(struct mg_connection *conn, void *cbdata)
{
	srv_server *s = cbdata;
	const struct mg_request_info *ri = mg_get_request_info(conn);
	if (!request_from_us(s, conn, false))
		return send_error(conn, 403, "this server does not answer to that Host or Origin");
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

typedef struct rulesets_job {
	char *txt;
} rulesets_job;

static void run_rulesets(void *arg)
{
	rulesets_job *j = arg;
	json_t *arr = json_array();
	for (int i = 0; i < tw_ruleset_count(); i++)
		json_array_append_new(arr, srv_ruleset_json(tw_ruleset_get(i)));
	json_t *body = json_pack("{s:o}", "rulesets", arr);
	j->txt = body ? json_dumps(body, JSON_COMPACT) : NULL;
	json_decref(body);
}

static int rulesets_handler(struct mg_connection *conn, void *cbdata)
{
	srv_server *s = cbdata;
	if (!request_from_us(s, conn, false))
		return send_error(conn, 403, "this server does not answer to that Host or Origin");
	const srv_conn *c = mg_get_user_connection_data(conn);
	rulesets_job j = {NULL};
	srv_exec(s, c ? c->peer : NULL, run_rulesets, &j);
	send_json_text(conn, 200, j.txt);
	free(j.txt);
	return 200;
}

typedef struct rule_job {
	const char *id;
	int status;
	char *txt;
} rule_job;

static void run_rule(void *arg)
{
	rule_job *j = arg;
	const char *title, *text = tw_rule_text(j->id, &title);
	json_t *body;
	if (text) {
		j->status = 200;
		body = json_pack("{s:s, s:s, s:s}", "id", j->id, "title", title, "text", text);
	} else {
		const char *near[5];
		int n = tw_rule_text_nearest(j->id, near, 5);
		json_t *arr = json_array();
		for (int i = 0; i < n; i++)
			json_array_append_new(arr, json_string(near[i]));
		j->status = 404;
		body = json_pack("{s:s, s:s, s:o}", "error", "no clause has that id", "id", j->id, "nearest", arr);
	}
	j->txt = body ? json_dumps(body, JSON_COMPACT) : NULL;
	json_decref(body);
}

/// GET /api/rules?id=ID: {id, title, text} of a clause (the page shows it on a clause id in the
/// log); 404 {error, id, nearest} for an unknown id; 400 for an id that is not 1 to 32
/// characters of [A-Z0-9.].
static int rule_handler(struct mg_connection *conn, void *cbdata)
{
	srv_server *s = cbdata;
	const struct mg_request_info *ri = mg_get_request_info(conn);
	if (!request_from_us(s, conn, false))
		return send_error(conn, 403, "this server does not answer to that Host or Origin");
	if (strcmp(ri->request_method, "GET") != 0)
		return send_error(conn, 405, "GET /api/rules?id=ID");
	const char *q = ri->query_string;
	char id[TW_RULE_ID_MAX + 2];
	int n = q ? mg_get_var(q, strlen(q), "id", id, sizeof id) : -1;
	bool ok = n >= 1 && n <= TW_RULE_ID_MAX;
	for (int i = 0; ok && i < n; i++)
		ok = (id[i] >= 'A' && id[i] <= 'Z') || (id[i] >= '0' && id[i] <= '9') || id[i] == '.';
	if (!ok)
		return send_error(conn, 400, "id: 1 to 32 characters of A-Z, 0-9 and '.' (a clause id: prefix, family and number)");
	const srv_conn *c = mg_get_user_connection_data(conn);
	rule_job j = {id, 0, NULL};
	srv_exec(s, c ? c->peer : NULL, run_rule, &j);
	if (!j.txt)
		return send_error(conn, 503, "out of memory");
	send_json_text(conn, j.status, j.txt);
	free(j.txt);
	return j.status;
}

static json_t *game_response(srv_room *r, char tokens[SRV_ALL_SLOTS][SRV_TOKEN_LEN + 1])
{
	const tw_state *s = tw_game_state(r->game);
	json_t *seats = json_array();
	for (int k = 0; k < SRV_SLOTS; k++) {
		if (k >= s->nsides && k < SRV_SLOT_UMPIRE)
			continue;
		int seat = k == SRV_SLOT_UMPIRE ? SRV_UMPIRE : k == SRV_SLOT_SPECTATOR ? SRV_SPECTATOR : k;
		char link[128];
		snprintf(link, sizeof link, "/?game=%.16s&token=%.32s", r->id, tokens[k]);
		json_t *sj = json_pack("{s:s, s:s, s:s}", "seat", srv_seat_name(r, seat), "token", tokens[k], "link", link);
		if (k < TW_MAX_SIDES && r->computer[k][0])
			json_object_set_new(sj, "computer", json_string(r->computer[k]));
		json_array_append_new(seats, sj);
	}
	// Several players a side (the rule set's roles): a seat each, after the sides' own.
	for (int k = 0; k < r->nroles; k++) {
		const tw_role_def *d = &r->roles[k];
		char link[128], who[64];
		snprintf(link, sizeof link, "/?game=%.16s&token=%.32s", r->id, tokens[SRV_SLOTS + k]);
		json_t *sj = json_pack("{s:s, s:s, s:s, s:s, s:s}", "seat", srv_role_name(r, d->side, k, who, sizeof who), "token",
				       tokens[SRV_SLOTS + k], "link", link, "side", srv_seat_name(r, d->side), "role", d->name);
		if (k < TW_MAX_ROLES && r->role_computer[k][0]) // issue 16: named at creation
			json_object_set_new(sj, "computer", json_string(r->role_computer[k]));
		json_array_append_new(seats, sj);
	}
	return json_pack("{s:s, s:s, s:o}", "id", r->id, "ruleset", tw_game_ruleset(r->game)->name, "seats", seats);
}

/// Creates a game for `creator` from request text; the response text, or NULL and err.
static char *create_game(srv_server *s, const char *creator, const char *text, size_t len, tw_error *err)
{
	json_error_t je;
	json_t *req = srv_json_parse(text, len, &je);
	if (!req) {
		tw_error_set(err, TW_ERR_INPUT, "", "%d:%d: %s", je.line, je.column, je.text);
		return NULL;
	}
	char tokens[SRV_ALL_SLOTS][SRV_TOKEN_LEN + 1];
	memset(tokens, 0, sizeof tokens);
	srv_room *r = srv_room_create(s, req, creator, tokens, err);
	json_decref(req);
	if (!r)
		return NULL;
	srv_log(s, "game %s created by %s (%s, %d figures)", r->id, creator, tw_game_ruleset(r->game)->name, r->nfig);
	json_t *resp = game_response(r, tokens);
	char *txt = resp ? json_dumps(resp, JSON_COMPACT) : NULL;
	json_decref(resp);
	return txt;
}

char *tw_server_create_game(tw_server *ts, const char *request_json, size_t len, tw_error *err)
{
	return create_game((srv_server *)ts, "local", request_json, len, err);
}

typedef struct create_job {
	srv_server *s;
	const char *creator, *body;
	size_t len;
	char *resp;
	tw_error err;
} create_job;

static void run_create(void *arg)
{
	create_job *j = arg;
	j->resp = create_game(j->s, j->creator, j->body, j->len, &j->err);
}

static int games_handler(struct mg_connection *conn, void *cbdata)
{
	srv_server *s = cbdata;
	const struct mg_request_info *ri = mg_get_request_info(conn);
	if (strcmp(ri->request_method, "POST") != 0)
		return send_error(conn, 405, "POST a game request");
	// A page of another site may not create games here (the browser sends its Origin), nor may
	// one whose name was made to point here (its Host is its own name).
	if (!request_from_us(s, conn, false))
		return send_error(conn, 403, "cross-origin request refused");
	size_t cl;
	int bad;
	char *body = srv_http_body(conn, 4 << 20, "a JSON body of at most 4 MiB is required", &cl, &bad);
	if (!body)
		return bad;
	const srv_conn *c = mg_get_user_connection_data(conn);
	create_job j = {s, ri->remote_addr, body, cl, NULL, {0}};
	tw_error_clear(&j.err);
	srv_exec(s, c ? c->peer : NULL, run_create, &j);
	free(body);
	if (!j.resp) {
		int status = j.err.code == TW_ERR_STATE ? 429 : j.err.code == TW_ERR_IO || j.err.code == TW_ERR_NOMEM ? 503 : 400;
		send_json(conn, status,
			  json_pack("{s:s, s:s, s:s}", "error", j.err.message, "clause", j.err.clause, "path", j.err.path));
		return status;
	}
	send_json_text(conn, 200, j.resp);
	free(j.resp);
	return 200;
}

// ---- connections and WebSockets ----

static int init_connection(const struct mg_connection *conn, void **conn_data)
{
	srv_server *s = mg_get_user_data(mg_get_context(conn));
	srv_conn *c = srv_conn_new(s);
	*conn_data = c;
	if (!c)
		return 0; // refused at its first request (no connection data)
	c->conn = (struct mg_connection *)conn;
	if (!srv_conn_addresses(c, conn)) {
		// The address cannot be read before the request: the connection is not limited.
		snprintf(c->addr, sizeof c->addr, "?");
		c->peer = NULL;
		c->unlimited = true;
		return 0;
	}
	if (!srv_peer_acquire(s, c))
		srv_refuse_socket(c, "too many connections: try again later");
	return 0;
}

static void connection_close(const struct mg_connection *conn)
{
	srv_server *s = mg_get_user_data(mg_get_context(conn));
	srv_conn *c = mg_get_user_connection_data(conn);
	if (!c)
		return;
	srv_peer_release(s, c);
	srv_conn_free(c);
}

static int ws_connect(const struct mg_connection *conn, void *cbdata)
{
	srv_server *s = cbdata;
	srv_conn *c = mg_get_user_connection_data(conn);
	const struct mg_request_info *ri = mg_get_request_info(conn);
	srv_conn_check_layout(s, conn);
	if (!c || (!c->peer && !c->unlimited))
		return 1;
	if (c->unlimited) { // addresses from the request, now that it has been read
		snprintf(c->addr, sizeof c->addr, "%s", ri->remote_addr);
		c->rport = ri->remote_port;
		c->lport = ri->server_port;
	}
	if (!request_from_us(s, conn, true)) {
		srv_log(s, "websocket refused: Host %s, Origin %s", mg_get_header(conn, "Host") ?: "(none)",
			mg_get_header(conn, "Origin") ?: "(none)");
		return 1;
	}
	char game[40] = "", token[80] = "";
	const char *q = ri->query_string ? ri->query_string : "";
	mg_get_var(q, strlen(q), "game", game, sizeof game);
	mg_get_var(q, strlen(q), "token", token, sizeof token);
	int seat = 0, role = -1;
	srv_room *r = srv_room_by_token(s, game, token, &seat, &role);
	if (!r) {
		srv_log(s, "websocket refused: bad game or token%s", s->restoring ? " (games are being restored)" : "");
		return 1;
	}
	c->room = r;
	c->seat = seat;
	c->role = role;
	c->bucket = s->opts.burst;
	c->last = srv_now();
	return 0;
}

static void ws_ready(struct mg_connection *conn, void *cbdata)
{
	(void)cbdata;
	srv_conn *c = mg_get_user_connection_data(conn);
	if (c && c->room)
		srv_ws_serve(c); // returns when the connection is over, its socket shut
}

static int ws_data(struct mg_connection *conn, int bits, char *data, size_t len, void *cbdata)
{
	(void)conn;
	(void)bits;
	(void)data;
	(void)len;
	(void)cbdata;
	return 0; // frames are read by srv_ws_serve; nothing reaches civetweb's reader
}

static void ws_close(const struct mg_connection *conn, void *cbdata)
{
	(void)conn;
	(void)cbdata;
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
	fill_defaults(&s->opts);
	srv_server_init(s);
	if (srv_store_open(s, err) != TW_OK)
		goto fail;
	if (srv_series_open(s, err) != TW_OK) // sv-join: the series of games (series_rooms.c)
		goto fail;
	int kept = srv_store_game_count(s); // before anything can make a new one
	if (srv_threads_start(s, err) != TW_OK)
		goto fail;
	mg_init_library(0);
	s->lib_init = true;
	char ports[96], threads[16], timeout[16];
	snprintf(ports, sizeof ports, "%s:%d", s->opts.bind, s->opts.port);
	snprintf(threads, sizeof threads, "%d", s->opts.num_threads);
	snprintf(timeout, sizeof timeout, "%d", s->opts.request_timeout_ms);
	const char *options[] = {"listening_ports", ports, "num_threads", threads, "max_request_size", "16384",
				 "request_timeout_ms", timeout, "websocket_timeout_ms", timeout,
				 "enable_websocket_ping_pong", "no", "enable_directory_listing", "no",
				 "enable_keep_alive", "no", "tcp_nodelay", "1", NULL};
	struct mg_callbacks cb;
	memset(&cb, 0, sizeof cb);
	cb.log_message = log_message;
	cb.init_connection = init_connection;
	cb.connection_close = connection_close;
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
	mg_set_request_handler(s->ctx, "/api/rules", rule_handler, s);
	mg_set_request_handler(s->ctx, "/api/games", games_handler, s);
	mg_set_request_handler(s->ctx, "/api/scenarios", srv_scenarios_handler, s); // the lobby (scenarios.c)
	mg_set_request_handler(s->ctx, "/api/status", srv_status_handler, s);
	mg_set_request_handler(s->ctx, "/api/series", srv_series_handler, s); // sv-join (series_rooms.c)
	mg_set_request_handler(s->ctx, "/api/roster", srv_roster_handler, s); // ll-web: the roster editor (roster_api.c)
	mg_set_request_handler(s->ctx, "/api/roles", srv_roles_handler, s);   // issue 16: the lobby's role seats (roles_api.c)
	mg_set_websocket_handler(s->ctx, "/ws", ws_connect, ws_ready, ws_data, ws_close, s);
	mg_set_request_handler(s->ctx, "/", asset_handler, s);
	// Listening first; the kept games come back in the background.
	if (srv_restorer_start(s, err) != TW_OK)
		goto fail;
	srv_log(s, "listening on http://%s:%d/ (restoring %d games)", s->opts.bind, s->port, kept);
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

int tw_server_connections(const tw_server *ts)
{
	srv_server *s = (srv_server *)ts;
	pthread_mutex_lock(&s->peers_mu);
	int n = s->nconns;
	pthread_mutex_unlock(&s->peers_mu);
	return n;
}

bool tw_server_wait_restored(tw_server *ts, double timeout)
{
	srv_server *s = (srv_server *)ts;
	double until = srv_now() + timeout;
	while (s->restoring && srv_now() < until) {
		struct timespec t = {0, 5 * 1000 * 1000};
		nanosleep(&t, NULL);
	}
	return !s->restoring;
}

void tw_server_stop(tw_server *ts)
{
	srv_server *s = (srv_server *)ts;
	if (!s)
		return;
	srv_threads_stop_early(s); // stopping set: the connections close themselves
	if (s->ctx)
		srv_stop_listening(s); // mg_stop, promptly (stop_wake.c)
	srv_threads_stop_pool(s);
	if (s->lib_init)
		mg_exit_library();
	for (int i = 0; i < s->nrooms; i++) {
		srv_clock_save(s->rooms[i]); // the running clocks survive the stop
		srv_room_free(s->rooms[i]);
	}
	free(s->rooms);
	for (int i = 0; i < s->npeers; i++)
		free(s->peers[i]);
	free(s->peers);
	srv_series_close(s); // sv-join
	srv_store_close(s);
	pthread_mutex_destroy(&s->mu);
	pthread_mutex_destroy(&s->dbmu);
	pthread_mutex_destroy(&s->pool_mu);
	pthread_cond_destroy(&s->pool_cv);
	pthread_mutex_destroy(&s->comp_mu);
	pthread_cond_destroy(&s->comp_cv);
	pthread_mutex_destroy(&s->peers_mu);
	sodium_memzero(s->key, sizeof s->key);
	free(s);
}
