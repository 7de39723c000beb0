// The POST bodies of the server's HTTP API (srv_http_body, src/server/server.c): every endpoint
// that takes a body refuses an empty one (400) and one longer than its limit (413, before the
// body is read: the request carries only its Content-Length), each with what it requires, and the
// body at its limit's edge reaches the endpoint (its own error then, not the size's). One reader
// serves POST /api/games (4 MiB), /api/series (64 KiB), /api/roles (4 MiB) and
// /api/roster/check (256 KiB).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "rawnet.h"
#include "tinwar/server.h"
#include "tinwar/tinwar.h"
#include "srv_test.h"


// POST path with Content-Length `declared` and `body` (maybe shorter: then nothing more is sent
// and the server answers before reading); the status, the answer's "error" in err.
static int post(tw_server *srv, const char *path, long long declared, const char *body, char *err, size_t cap)
{
	int port = tw_server_port(srv);
	size_t n = strlen(body) + 512;
	char *req = malloc(n), out[4096];
	assert_non_null(req);
	snprintf(req, n, "POST %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\nContent-Length: %lld\r\n\r\n%s",
		 path, port, declared, body);
	int st = tw_raw_http(port, NULL, req, out, sizeof out, 10.0);
	free(req);
	json_t *j = json_loads(out, 0, NULL);
	const char *e = j ? json_string_value(json_object_get(j, "error")) : out;
	size_t k = e ? strlen(e) : 0;
	k = k < cap ? k : cap - 1; // (cut to fit)
	memcpy(err, e ? e : "", k);
	err[k] = 0;
	json_decref(j);
	return st;
}

static void test_post_bodies_empty_and_too_long(void **st)
{
	(void)st;
	tw_server *srv = tw_test_server(NULL, 0);
	static const struct {
		const char *path;
		long long max;
		const char *need;
	} ep[] = {
		{"/api/games", 4 << 20, "a JSON body of at most 4 MiB is required"},
		{"/api/series", 64 << 10, "a JSON body of at most 64 KiB is required"},
		{"/api/roles", 4 << 20, "a JSON body of at most 4 MiB is required"},
		{"/api/roster/check", 256 << 10, "a roster of at most 256 KiB is required"},
	};
	char err[1024];
	for (size_t i = 0; i < sizeof ep / sizeof ep[0]; i++) {
		assert_int_equal(post(srv, ep[i].path, 0, "", err, sizeof err), 400);
		assert_string_equal(err, ep[i].need);
		assert_int_equal(post(srv, ep[i].path, ep[i].max + 1, "", err, sizeof err), 413);
		assert_string_equal(err, ep[i].need);
		// a short body within the limit reaches the endpoint: its own answer, not the size's
		int code = post(srv, ep[i].path, 2, "{}", err, sizeof err);
		if (strcmp(err, ep[i].need) == 0 || strcmp(err, "incomplete body") == 0)
			fail_msg("%s: a body of 2 bytes refused for its size (%d: %s)", ep[i].path, code, err);
	}
	tw_server_stop(srv);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_post_bodies_empty_and_too_long),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
