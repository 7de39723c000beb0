// Errors as values and the assertion hook.
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/base.h"

void tw_error_clear(tw_error *err)
{
	if (err)
		memset(err, 0, sizeof *err);
}

tw_status tw_error_set(tw_error *err, tw_status code, const char *clause, const char *fmt, ...)
{
	if (!err)
		return code;
	err->code = code;
	snprintf(err->clause, sizeof err->clause, "%s", clause ? clause : "");
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof err->message, fmt, ap);
	va_end(ap);
	return code;
}

static void default_assert(const char *expr, const char *file, int line)
{
	fprintf(stderr, "tinwar: assertion failed: %s (%s:%d)\n", expr, file, line);
	abort();
}

static tw_assert_fn *g_assert = default_assert;

void tw_set_assert_hook(tw_assert_fn *fn) { g_assert = fn ? fn : default_assert; }

void tw_assert_fail(const char *expr, const char *file, int line) { g_assert(expr, file, line); }
