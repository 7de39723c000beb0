// WebSocket helpers for tests (ws_test.h).
#include "ws_test.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/io.h"

json_t *tw_test_ws_create(tw_server *srv, const char *req)
{
	tw_error err;
	tw_error_clear(&err);
	char *resp = tw_server_create_game(srv, req, strlen(req), &err);
	if (!resp)
		fail_msg("create: %d %s %s", err.code, err.clause, err.message);
	json_t *j = json_loads(resp, 0, NULL);
	free(resp);
	assert_non_null(j);
	return j;
}

void tw_test_ws_tokens(const json_t *j, char id[17], char (*tok)[33], int n)
{
	snprintf(id, 17, "%s", json_string_value(json_object_get(j, "id")));
	json_t *seats = json_object_get(j, "seats");
	for (int i = 0; i < n; i++)
		snprintf(tok[i], 33, "%s", json_string_value(json_object_get(json_array_get(seats, (size_t)i), "token")));
}

tw_wsc *tw_test_ws_join(tw_server *srv, const char *game, const char *token, const char *who)
{
	char origin[64], ebuf[128] = "";
	snprintf(origin, sizeof origin, "http://127.0.0.1:%d", tw_server_port(srv));
	tw_wsc *c = tw_wsc_open(tw_server_port(srv), game, token, origin, ebuf, sizeof ebuf);
	if (!c) {
		if (who)
			fail_msg("join %s: %s", who, ebuf);
		fail_msg("join: %s", ebuf);
	}
	return c;
}

json_t *tw_test_ws_game(tw_server *srv, const char *path, int seed)
{
	tw_error err;
	tw_error_clear(&err);
	size_t len;
	char *scen = tw_read_file(path, &len, &err);
	assert_non_null(scen);
	size_t rlen = len + 64;
	char *req = malloc(rlen);
	assert_non_null(req);
	snprintf(req, rlen, "{\"scenario\": %s, \"seed\": %d}", scen, seed);
	free(scen);
	json_t *j = tw_test_ws_create(srv, req);
	free(req);
	return j;
}

json_t *tw_test_ws_result(tw_wsc *c, int *cursor, const char *order)
{
	static int next_id = 100;
	char msg[1024];
	int id = next_id++;
	snprintf(msg, sizeof msg, "{\"type\": \"order\", \"id\": %d, \"order\": %s}", id, order);
	assert_true(tw_wsc_send(c, msg, strlen(msg)));
	for (;;) {
		json_t *r = tw_wsc_wait(c, "result", cursor, 10.0);
		if (!r)
			fail_msg("no result for %s", order);
		if (json_integer_value(json_object_get(r, "id")) == id)
			return r;
		json_decref(r);
	}
}

json_t *tw_test_ws_latest_state(tw_wsc *c, int *cursor)
{
	json_t *last = NULL, *m;
	while ((m = tw_wsc_wait(c, "state", cursor, last ? 0.3 : 5.0)) != NULL) {
		json_decref(last);
		last = m;
	}
	return last;
}

bool tw_test_ws_any_message_has(tw_wsc *c, int from, const char *text)
{
	int n = tw_wsc_count(c);
	bool found = false;
	for (int i = from; i < n && !found; i++) {
		char *m = tw_wsc_msg(c, i);
		found = m && strstr(m, text);
		free(m);
	}
	return found;
}
