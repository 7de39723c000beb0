// Issue 16: the lobby's choice of a computer for one player role of a side. POST /api/roles
// takes {"scenario": {...}, "params": {...}} (the same two keys as POST /api/games; a scenario is
// needed) and answers {"roles": [{"side", "role", "kind", "key"}]}: the roles the game's first
// state would have (tw_state_roles), each with the "SIDE/ROLE" key that POST /api/games'
// "computer" takes for it (role_computer_create.c). Reading the scenario runs the rule set, so it
// is handed to the work pool (srv_exec), never run on a civetweb worker's small stack.
#include <stdlib.h>
#include <string.h>

#include <civetweb.h>

#include "roles_api.h"
#include "srv.h"

#define ROLES_MAX (4 << 20)

typedef struct roles_job {
	int max_figures; ///< the server's bound on a game's figures: a bigger scenario is not read
	const char *text;
	size_t len;
	tw_error err;
	char *txt; ///< the answer (malloc'd), NULL: err
} roles_job;

static const char *const KIND[] = {"chief", "player", "official"};

static void run_roles(void *arg);

char *srv_roles_answer(int max_figures, const char *text, size_t len, tw_error *err)
{
	roles_job j = {max_figures, text, len, {0}, NULL};
	run_roles(&j);
	*err = j.err;
	return j.txt;
}

static void run_roles(void *arg)
{
	roles_job *j = arg;
	tw_error_clear(&j->err);
	json_error_t je;
	json_t *req = srv_json_parse(j->text, j->len, &je);
	json_t *scen = json_object_get(req, "scenario");
	if (!req || !json_is_object(scen)) {
		tw_error_set(&j->err, TW_ERR_INPUT, "",
		             "POST /api/roles wants {\"scenario\": {...}, \"params\"?: {...}}");
		json_decref(req);
		return;
	}
	int nfig = (int)json_array_size(json_object_get(scen, "figures"));
	if (nfig > j->max_figures) {
		tw_error_set(&j->err, TW_ERR_INPUT, "",
		             "a game may have at most %d figures (this one has %d)", j->max_figures, nfig);
		json_decref(req);
		return;
	}
	tw_state st;
	if (tw_state_from_json(&st, scen, &j->err) != TW_OK) {
		json_decref(req);
		return;
	}
	if (srv_params_apply(&st, json_object_get(req, "params"), &j->err) == TW_OK) {
		tw_role_def r[TW_MAX_ROLES];
		int n = tw_state_roles(&st, r, TW_MAX_ROLES);
		json_t *a = json_array();
		for (int k = 0; k < n; k++) {
			const char *side = st.sides[r[k].side].name;
			char key[160];
			snprintf(key, sizeof key, "%s/%s", side, r[k].name);
			int kind = (int)r[k].kind;
			kind = kind >= 0 && kind < 3 ? kind : 1;
			json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:s}", "side", side, "role",
			                                   r[k].name, "kind", KIND[kind], "key", key));
		}
		json_t *body = json_pack("{s:o}", "roles", a);
		j->txt = body ? json_dumps(body, JSON_COMPACT) : NULL;
		json_decref(body);
		if (!j->txt)
			tw_error_set(&j->err, TW_ERR_NOMEM, "", "out of memory");
	}
	tw_state_free(&st);
	json_decref(req);
}

int srv_roles_handler(struct mg_connection *conn, void *cbdata)
{
	srv_server *s = cbdata;
	const struct mg_request_info *ri = mg_get_request_info(conn);
	if (!srv_http_from_us(s, conn))
		return srv_http_error(conn, 403, "cross-origin request refused");
	if (strcmp(ri->request_method, "POST") != 0)
		return srv_http_error(conn, 405,
		                      "POST /api/roles with {\"scenario\": {...}, \"params\"?: {...}}");
	size_t cl;
	int bad;
	char *buf = srv_http_body(conn, ROLES_MAX, "a JSON body of at most 4 MiB is required", &cl, &bad);
	if (!buf)
		return bad;
	roles_job j = {s->opts.max_figures, buf, cl, {0}, NULL};
	const srv_conn *c = mg_get_user_connection_data(conn);
	srv_exec(s, c ? c->peer : NULL, run_roles, &j);
	free(buf);
	if (!j.txt)
		return srv_http_error(conn, j.err.code == TW_ERR_NOMEM ? 503 : 400, j.err.message);
	srv_http_json_text(conn, 200, j.txt);
	free(j.txt);
	return 200;
}
