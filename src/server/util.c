// Small things the server's files share: time, secret random text, the log, and the parser for
// untrusted JSON (nesting checked before jansson recurses).
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

#include "srv.h"

double srv_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

bool srv_random_hex(char *out, int n)
{
	unsigned char buf[64];
	if (n <= 0 || n > (int)sizeof buf || sodium_init() < 0)
		return false;
	randombytes_buf(buf, (size_t)n);
	sodium_bin2hex(out, (size_t)(2 * n + 1), buf, (size_t)n);
	sodium_memzero(buf, sizeof buf);
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

int srv_json_depth(const char *text, size_t len, int limit)
{
	int depth = 0, deepest = 0;
	bool in_string = false, escaped = false;
	for (size_t i = 0; i < len; i++) {
		char ch = text[i];
		if (in_string) {
			if (escaped)
				escaped = false;
			else if (ch == '\\')
				escaped = true;
			else if (ch == '"')
				in_string = false;
			continue;
		}
		if (ch == '"') {
			in_string = true;
		} else if (ch == '[' || ch == '{') {
			if (++depth > deepest)
				deepest = depth;
			if (deepest > limit)
				return limit + 1;
		} else if ((ch == ']' || ch == '}') && depth > 0) {
			depth--;
		}
	}
	return deepest;
}

tw_status srv_err_at(tw_error *err, const char *path, const char *key)
{
	if (key)
		snprintf(err->path, sizeof err->path, "%s[\"%.96s\"]", path, key);
	else
		snprintf(err->path, sizeof err->path, "%s", path);
	return err->code;
}

json_t *srv_json_parse(const char *text, size_t len, json_error_t *je)
{
	if (srv_json_depth(text, len, SRV_JSON_MAX_DEPTH) > SRV_JSON_MAX_DEPTH) {
		memset(je, 0, sizeof *je);
		je->line = je->column = -1;
		snprintf(je->text, sizeof je->text, "JSON nested deeper than %d levels", SRV_JSON_MAX_DEPTH);
		return NULL;
	}
	return json_loadb(text, len, JSON_REJECT_DUPLICATES, je);
}
