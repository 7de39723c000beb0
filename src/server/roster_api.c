// The roster editor's server side (issue 16, ll-web; ll-fin: any rule set's, through its hook
// tw_ruleset.roster; `?ruleset=NAME` names it, else the text's "ruleset", else the one that keeps
// rosters; a rule set without one is refused, 400):
//   GET  /api/roster/new     a new roster (Lloyd's: the troop-type table's types, no men)
//   POST /api/roster/check   a roster's text (at most 256 KiB): {ok: true, troops, men} or
//                            {ok: false, line, col, path, clause, message} (the hook's check)
// The check runs the rule set's reader and setup, so it is handed to the work pool (srv_exec),
// never run on a civetweb worker's small stack.
#include <stdlib.h>
#include <string.h>

#include <civetweb.h>

#include "roster_api.h"
#include "srv.h"
#include "tinwar/roster.h"

#define ROSTER_MAX (256 * 1024)

typedef struct roster_job {
	const char *ruleset; ///< ll-fin: the rule set named by the query ("" none)
	tw_error err;        ///< ll-fin: why no rule set's roster editor answers (bad is set)
	bool bad;
	const char *text; ///< NULL: a new roster
	size_t len;
	char *txt; ///< the answer (malloc'd)
} roster_job;

static void run_roster(void *arg)
{
	roster_job *j = arg;
	json_t *body;
	tw_error_clear(&j->err);
	// ll-fin: which rule set's editor, here on the pool (the text may be read to find its name)
	const tw_ruleset *rs = tw_roster_ruleset(j->ruleset, j->text, j->len, &j->err);
	if (!rs) {
		j->bad = true;
		return;
	}
	const tw_roster_hooks *h = rs->roster;
	if (!j->text) {
		body = h->new_roster();
	} else {
		tw_roster_err e;
		if (h->check(j->text, j->len, &e) == TW_OK) {
			json_t *r = json_loadb(j->text, j->len, 0, NULL);
			body = json_pack("{s:b, s:I, s:I}", "ok", 1, "troops", (json_int_t)json_array_size(json_object_get(r, "troops")),
					 "men", (json_int_t)json_array_size(json_object_get(r, "men")));
			json_decref(r);
		} else
			body = json_pack("{s:b, s:i, s:i, s:s, s:s, s:s}", "ok", 0, "line", e.line, "col", e.col, "path", e.path,
					 "clause", e.clause, "message", e.message);
	}
	j->txt = body ? json_dumps(body, JSON_COMPACT) : NULL;
	json_decref(body);
}

int srv_roster_handler(struct mg_connection *conn, void *cbdata)
{
	srv_server *s = cbdata;
	const struct mg_request_info *ri = mg_get_request_info(conn);
	if (!srv_http_from_us(s, conn))
		return srv_http_error(conn, 403, "cross-origin request refused");
	const char *uri = ri->local_uri ? ri->local_uri : "";
	roster_job j = {0};
	char *buf = NULL;
	if (strcmp(uri, "/api/roster/new") == 0) {
		if (strcmp(ri->request_method, "GET") != 0)
			return srv_http_error(conn, 405, "GET /api/roster/new");
	} else if (strcmp(uri, "/api/roster/check") == 0) {
		if (strcmp(ri->request_method, "POST") != 0)
			return srv_http_error(conn, 405, "POST /api/roster/check with the roster's text");
		int bad;
		buf = srv_http_body(conn, ROSTER_MAX, "a roster of at most 256 KiB is required", &j.len, &bad);
		if (!buf)
			return bad;
		j.text = buf;
	} else
		return srv_http_error(conn, 404, "GET /api/roster/new or POST /api/roster/check");
	char name[64] = ""; // ll-fin: the rule set whose roster editor answers
	if (ri->query_string)
		mg_get_var(ri->query_string, strlen(ri->query_string), "ruleset", name, sizeof name);
	j.ruleset = name;
	const srv_conn *c = mg_get_user_connection_data(conn);
	srv_exec(s, c ? c->peer : NULL, run_roster, &j);
	free(buf);
	if (j.bad) // ll-fin: an unknown rule set, or one that keeps no rosters
		return srv_http_error(conn, 400, j.err.message);
	int st = j.txt ? 200 : 503;
	srv_http_json_text(conn, st, j.txt);
	free(j.txt);
	return st;
}
