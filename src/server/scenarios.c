// The lobby's bundled scenarios and a seat's game in brief (issue 19):
//   GET  /api/scenarios                   every registered rule set's bundled scenarios:
//                                         {scenarios: [{ruleset, file, name, title, description,
//                                         width, depth, sides, figures, picture, json}]}
//   GET  /api/scenarios/RULESET           one rule set's (404 with the valid rule sets if unknown)
//   GET  /api/scenarios/RULESET/FILE.json the scenario itself (the page posts it to /api/games)
//   GET  /api/scenarios/RULESET/FILE.svg  its picture: the table from the render library (cached)
//   POST /api/status {game, token}        that seat's game: title, whose move, over, winner
// The scenarios are scenarios/<ruleset>/<file>.json embedded at build time: no request reads a
// file, and a name is checked against [a-z0-9_-] before it is looked up. The token goes in a
// POST body, never in a URL.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <civetweb.h>

#include "scenarios.h"
#include "srv.h"
#include "tinwar/render.h"

#define NAME_MAX_LEN 48
#define PICTURE_WIDTH 320.0 ///< the picture's width, pixels (points of the SVG)

typedef struct entry {
	const srv_scenario_file *f;
	json_t *info; ///< {ruleset, file, name, title, description, ...}; NULL if it does not load
	char *svg;    ///< the picture, once drawn
	size_t svg_len;
} entry;

static pthread_mutex_t idx_mu = PTHREAD_MUTEX_INITIALIZER;
static entry *idx;
static int nidx = -1; ///< -1: not built yet

static json_t *info_json(const srv_scenario_file *f, const json_t *root, const tw_state *st)
{
	const char *title = json_string_value(json_object_get(root, "title"));
	const char *desc = json_string_value(json_object_get(root, "description"));
	char url[160];
	json_t *j = json_pack("{s:s, s:s, s:s, s:s, s:s, s:f, s:f, s:i, s:i}", "ruleset", f->ruleset, "file",
	                      f->file, "name", st->scenario, "title", title ? title : st->scenario,
	                      "description", desc ? desc : "", "width", st->table.width, "depth",
	                      st->table.depth, "sides", st->nsides, "figures", st->nfig);
	snprintf(url, sizeof url, "/api/scenarios/%s/%s.svg", f->ruleset, f->file);
	json_object_set_new(j, "picture", json_string(url));
	snprintf(url, sizeof url, "/api/scenarios/%s/%s.json", f->ruleset, f->file);
	json_object_set_new(j, "json", json_string(url));
	return j;
}

/// Loads every bundled scenario of a registered rule set once (a scenario that does not load is
/// left out, and said so in the log). Call with idx_mu held, on the work pool.
static void build_index(const srv_server *s)
{
	if (nidx >= 0)
		return;
	int n = 0;
	while (srv_scenario_files[n].ruleset)
		n++;
	idx = calloc((size_t)n + 1, sizeof *idx);
	if (!idx)
		return;
	for (int i = 0; i < n; i++) {
		const srv_scenario_file *f = &srv_scenario_files[i];
		idx[i].f = f;
		if (tw_ruleset_find(f->ruleset) < 0)
			continue; // a rule set this build does not serve
		json_error_t je;
		json_t *root = json_loadb((const char *)f->data, f->len, JSON_REJECT_DUPLICATES, &je);
		tw_state st;
		tw_error err;
		tw_error_clear(&err);
		if (root && tw_state_from_json(&st, root, &err) == TW_OK) {
			idx[i].info = info_json(f, root, &st);
			tw_state_free(&st);
		} else {
			srv_log(s, "scenario %s/%s: %s", f->ruleset, f->file, root ? err.message : je.text);
		}
		json_decref(root);
	}
	nidx = n;
}

/// A name of a rule set or a scenario file: 1 to 48 of a-z, 0-9, '-' and '_'.
static bool good_name(const char *p, size_t n)
{
	if (n < 1 || n > NAME_MAX_LEN)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((p[i] >= 'a' && p[i] <= 'z') || (p[i] >= '0' && p[i] <= '9') || p[i] == '-' ||
		      p[i] == '_'))
			return false;
	return true;
}

typedef struct scen_job {
	const srv_server *s;
	char ruleset[NAME_MAX_LEN + 1], file[NAME_MAX_LEN + 1];
	int what; ///< 0 list, 1 json, 2 svg
	int status;
	char *txt;        ///< a JSON body (malloc'd), or NULL
	const char *data; ///< or the scenario's bytes / its picture (kept by the index)
	size_t len;
} scen_job;

static char *dump(json_t *j)
{
	char *t = j ? json_dumps(j, JSON_COMPACT) : NULL;
	json_decref(j);
	return t;
}

static void draw_picture(const srv_server *s, entry *e)
{
	json_t *root = json_loadb((const char *)e->f->data, e->f->len, 0, NULL);
	tw_state st;
	tw_error err;
	tw_error_clear(&err);
	if (!root || tw_state_from_json(&st, root, &err) != TW_OK) {
		json_decref(root);
		return;
	}
	json_decref(root);
	tw_render_opts o;
	tw_render_opts_default(&o);
	o.seat = -1;
	o.px_per_inch = PICTURE_WIDTH / (st.table.width > 1 ? st.table.width : 1);
	o.legend = false;
	o.text = false;
	o.labels = false;
	tw_render_scene sc = {&st, NULL, NULL, 0, 0, NULL};
	if (tw_render_svg(&sc, &o, &e->svg, &e->svg_len, &err) != TW_OK)
		srv_log(s, "scenario %s/%s: no picture: %s", e->f->ruleset, e->f->file, err.message);
	tw_state_free(&st);
}

static void run_scenarios(void *arg)
{
	scen_job *j = arg;
	pthread_mutex_lock(&idx_mu);
	build_index(j->s);
	if (!idx) {
		j->status = 503;
		j->txt = dump(json_pack("{s:s}", "error", "out of memory"));
		goto out;
	}
	if (j->ruleset[0] && tw_ruleset_find(j->ruleset) < 0) {
		json_t *names = json_array();
		for (int i = 0; i < tw_ruleset_count(); i++)
			json_array_append_new(names, json_string(tw_ruleset_get(i)->name));
		j->status = 404;
		j->txt = dump(json_pack("{s:s, s:s, s:o}", "error", "no such rule set", "ruleset", j->ruleset,
		                        "rulesets", names));
		goto out;
	}
	json_t *list = json_array();
	entry *found = NULL;
	for (int i = 0; i < nidx; i++) {
		if (!idx[i].info || (j->ruleset[0] && strcmp(idx[i].f->ruleset, j->ruleset) != 0))
			continue;
		if (j->what && strcmp(idx[i].f->file, j->file) == 0)
			found = &idx[i];
		json_array_append(list, j->what ? json_object_get(idx[i].info, "file") : idx[i].info);
	}
	if (!j->what) {
		j->status = 200;
		j->txt = dump(json_pack("{s:o}", "scenarios", list));
	} else if (!found) {
		j->status = 404;
		j->txt = dump(json_pack("{s:s, s:s, s:o}", "error", "no such scenario", "scenario", j->file,
		                        "scenarios", list));
	} else {
		json_decref(list);
		if (j->what == 2 && !found->svg)
			draw_picture(j->s, found);
		j->status = j->what == 2 && !found->svg ? 503 : 200;
		j->data = j->what == 1 ? (const char *)found->f->data : found->svg;
		j->len = j->what == 1 ? found->f->len : found->svg_len;
		if (j->status != 200)
			j->txt = dump(json_pack("{s:s}", "error", "the picture could not be drawn"));
	}
out:
	pthread_mutex_unlock(&idx_mu);
}

int srv_scenarios_handler(struct mg_connection *conn, void *cbdata)
{
	srv_server *s = cbdata;
	const struct mg_request_info *ri = mg_get_request_info(conn);
	if (!srv_http_from_us(s, conn))
		return srv_http_error(conn, 403, "this server does not answer to that Host or Origin");
	if (strcmp(ri->request_method, "GET") != 0)
		return srv_http_error(conn, 405, "GET /api/scenarios[/RULESET[/NAME.json|NAME.svg]]");
	const char *uri = ri->local_uri ? ri->local_uri : "";
	const char *prefix = "/api/scenarios";
	scen_job j;
	memset(&j, 0, sizeof j);
	j.s = s;
	const char *rest = uri + strlen(prefix);
	bool ok = strncmp(uri, prefix, strlen(prefix)) == 0 && (*rest == 0 || *rest == '/');
	if (ok && *rest == '/' && rest[1]) {
		const char *rs = rest + 1, *slash = strchr(rs, '/');
		size_t rn = slash ? (size_t)(slash - rs) : strlen(rs);
		ok = good_name(rs, rn);
		if (ok)
			snprintf(j.ruleset, sizeof j.ruleset, "%.*s", (int)rn, rs);
		if (ok && slash) {
			const char *file = slash + 1, *dot = strrchr(file, '.');
			ok = dot && (strcmp(dot, ".json") == 0 || strcmp(dot, ".svg") == 0) &&
			     good_name(file, (size_t)(dot - file));
			if (ok) {
				snprintf(j.file, sizeof j.file, "%.*s", (int)(dot - file), file);
				j.what = strcmp(dot, ".json") == 0 ? 1 : 2;
			}
		}
	}
	if (!ok)
		return srv_http_error(
		    conn, 400,
		    "GET /api/scenarios/RULESET/NAME.json or NAME.svg: names are 1 to 48 characters of "
		    "a-z, 0-9, '-' and '_'");
	const srv_conn *c = mg_get_user_connection_data(conn);
	srv_exec(s, c ? c->peer : NULL, run_scenarios, &j);
	if (j.txt || !j.data) {
		srv_http_json_text(conn, j.txt ? j.status : 503, j.txt);
		int st = j.txt ? j.status : 503;
		free(j.txt);
		return st;
	}
	// The scenarios do not change while the server runs: the browser may keep them an hour.
	mg_printf(
	    conn,
	    "HTTP/1.1 200 OK\r\nContent-Type: %s\r\nContent-Length: %zu\r\nCache-Control: max-age=3600\r\n"
	    "X-Content-Type-Options: nosniff\r\nContent-Security-Policy: default-src 'none'; style-src "
	    "'unsafe-inline'\r\nConnection: close\r\n\r\n",
	    j.what == 1 ? "application/json" : "image/svg+xml", j.len);
	mg_write(conn, j.data, j.len);
	return 200;
}

const char *srv_scenario_title(const char *ruleset, const char *name)
{
	const char *t = NULL;
	pthread_mutex_lock(&idx_mu);
	for (int i = 0; i < nidx && !t; i++)
		if (idx[i].info && strcmp(idx[i].f->ruleset, ruleset) == 0 &&
		    strcmp(json_string_value(json_object_get(idx[i].info, "name")), name) == 0)
			t = json_string_value(json_object_get(idx[i].info, "title"));
	pthread_mutex_unlock(&idx_mu);
	return t;
}

void srv_room_set_title(srv_room *r, const json_t *scenario)
{
	const tw_state *s = tw_game_state(r->game);
	const char *t = json_string_value(json_object_get(scenario, "title"));
	if (!t) {
		pthread_mutex_lock(&idx_mu);
		build_index(r->srv);
		pthread_mutex_unlock(&idx_mu);
		t = srv_scenario_title(tw_game_ruleset(r->game)->name, s->scenario);
	}
	snprintf(r->title, sizeof r->title, "%s", t ? t : s->scenario[0] ? s->scenario : "a battle");
}

// ---- POST /api/status ----

typedef struct status_job {
	srv_room *r;
	int seat, role;
	char *txt;
} status_job;

static void run_status(void *arg)
{
	status_job *j = arg;
	srv_room *r = j->r;
	pthread_mutex_lock(&r->mu);
	const tw_state *s = tw_game_state(r->game);
	tw_decision *d = malloc(TW_MAX_DECISIONS * sizeof *d);
	int n = d ? tw_state_decisions(s, d, TW_MAX_DECISIONS) : 0;
	json_t *to_move = json_array();
	bool yours = false;
	for (int i = 0; i < n && !s->over; i++) {
		if (d[i].seat < 0 || d[i].seat >= s->nsides)
			continue;
		yours = yours || d[i].seat == j->seat;
		json_array_append_new(to_move, json_string(s->sides[d[i].seat].name));
	}
	free(d);
	char who[64];
	json_t *body =
	    json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:i, s:o, s:b, s:b}", "game", r->id, "seat",
	              srv_role_name(r, j->seat, j->role, who, sizeof who), "ruleset", tw_game_ruleset(r->game)->name, "ruleset_title",
	              tw_game_ruleset(r->game)->title, "title", r->title, "phase", tw_phase_name(s),
	              "move_no", s->move_no, "to_move", to_move, "yours", yours, "over", s->over);
	if (body && s->over)
		json_object_set_new(body, "winner",
		                    s->winner >= 0 && s->winner < s->nsides
		                        ? json_string(s->sides[s->winner].name)
		                    : s->winner == -2 ? json_string("draw")
		                                      : json_null());
	pthread_mutex_unlock(&r->mu);
	j->txt = dump(body);
}

int srv_status_handler(struct mg_connection *conn, void *cbdata)
{
	srv_server *s = cbdata;
	const struct mg_request_info *ri = mg_get_request_info(conn);
	if (strcmp(ri->request_method, "POST") != 0)
		return srv_http_error(conn, 405, "POST /api/status with {\"game\": ID, \"token\": TOKEN}");
	if (!srv_http_from_us(s, conn))
		return srv_http_error(conn, 403, "cross-origin request refused");
	long long cl = ri->content_length;
	char body[1024];
	if (cl <= 0 || cl >= (long long)sizeof body)
		return srv_http_error(conn, cl > 0 ? 413 : 400, "a JSON body of at most 1 KiB is required");
	if (!srv_http_read_all(conn, body, (size_t)cl))
		return srv_http_error(conn, 400, "incomplete body");
	json_error_t je;
	json_t *req = srv_json_parse(body, (size_t)cl, &je);
	const char *game = json_string_value(json_object_get(req, "game"));
	const char *token = json_string_value(json_object_get(req, "token"));
	if (!json_is_object(req) || !game || !token || json_object_size(req) != 2) {
		json_decref(req);
		return srv_http_error(conn, 400, "the body is {\"game\": ID, \"token\": TOKEN}");
	}
	status_job j = {NULL, 0, -1, NULL};
	j.r = srv_room_by_token(s, game, token, &j.seat, &j.role);
	json_decref(req);
	// One answer for an unknown game and a wrong token: the endpoint tells nothing of which.
	if (!j.r)
		return srv_http_error(conn, 404, "no game with that id and token");
	const srv_conn *c = mg_get_user_connection_data(conn);
	srv_exec(s, c ? c->peer : NULL, run_status, &j);
	int st = j.txt ? 200 : 503;
	srv_http_json_text(conn, st, j.txt);
	free(j.txt);
	return st;
}
