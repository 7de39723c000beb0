// Errors as values and the assertion hook.
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

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

static void *libc_alloc(void *ud, void *ptr, size_t size)
{
	(void)ud;
	if (size == 0) {
		free(ptr);
		return NULL;
	}
	return ptr ? realloc(ptr, size) : malloc(size); // (malloc: realloc(NULL) costs more)
}

static tw_alloc_fn *g_alloc = libc_alloc;
static void *g_alloc_ud;

void tw_set_allocator(tw_alloc_fn *fn, void *ud)
{
	g_alloc = fn ? fn : libc_alloc;
	g_alloc_ud = fn ? ud : NULL;
}

// The flag of the adjudication under way on this thread (tw_alloc_watch): any allocation that
// fails while it is set marks it, whatever the caller then does without the memory.
static _Thread_local bool *g_watch;

bool *tw_alloc_watch(bool *flag)
{
	bool *old = g_watch;
	g_watch = flag;
	return old;
}

static void *checked(void *p)
{
	if (!p && g_watch)
		*g_watch = true;
	return p;
}

void *tw_malloc(size_t size) { return checked(g_alloc(g_alloc_ud, NULL, size ? size : 1)); }

void *tw_calloc(size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		return checked(NULL);
	size_t total = n * size;
	void *p = checked(g_alloc(g_alloc_ud, NULL, total ? total : 1));
	if (p)
		memset(p, 0, total);
	return p;
}

void *tw_realloc(void *ptr, size_t size) { return checked(g_alloc(g_alloc_ud, ptr, size ? size : 1)); }

void tw_free(void *ptr)
{
	if (ptr)
		g_alloc(g_alloc_ud, ptr, 0);
}

char *tw_strdup(const char *s)
{
	if (!s)
		return NULL;
	size_t n = strlen(s) + 1;
	char *d = tw_malloc(n);
	if (d)
		memcpy(d, s, n);
	return d;
}

bool tw_tune_process_allocator(void)
{
#if defined(__GLIBC__) && defined(M_TRIM_THRESHOLD) && defined(M_MMAP_THRESHOLD)
	// Fixed thresholds also stop glibc's own moving of them (a fixed value turns that off).
	int big = 64 * 1024 * 1024;
	return mallopt(M_TRIM_THRESHOLD, big) == 1 && mallopt(M_MMAP_THRESHOLD, big) == 1;
#else
	return false;
#endif
}
