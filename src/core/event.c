// Event arrays.
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/event.h"

static const char *const ev_names[TW_EV_COUNT] = {
	"info",      "toss",      "dice",     "deploy",     "move",       "gun_move",  "shot",
	"kill",      "touch",     "melee",    "prisoner",   "escort",     "freed",     "rearmed",
	"delivered", "surrender", "capture",  "dispute",    "gun_status", "withdraw",  "trail",
	"lie",       "move_start","move_end", "phase",      "victory",    "draw",      "score",
	"reveal",    "melee_member",
};

const char *tw_event_type_name(tw_event_type t) { return (unsigned)t < TW_EV_COUNT ? ev_names[t] : "?"; }

tw_event *tw_events_push(tw_events *ev, tw_event_type type, int side, const char *clause)
{
	if (ev->n == ev->cap) {
		int cap = ev->cap ? ev->cap * 2 : 32;
		tw_event *v = realloc(ev->v, (size_t)cap * sizeof *v);
		if (!v)
			return NULL;
		ev->v = v;
		ev->cap = cap;
	}
	tw_event *e = &ev->v[ev->n++];
	memset(e, 0, sizeof *e);
	e->type = (uint16_t)type;
	e->side = (int8_t)side;
	e->a = e->b = e->c = e->d = -1;
	if (clause) // as snprintf "%s" would: at most sizeof - 1 characters (the rest is zero)
		memcpy(e->clause, clause, strnlen(clause, sizeof e->clause - 1));
	return e;
}

// %.Nf (N <= 3) of x exactly as glibc's printf writes it, by integer arithmetic on the binary
// value: x * 10^N rounded to nearest, exact ties to even. Returns the length, or -1 when the
// value is outside the easy range (not finite, or |x| >= 2^40); the caller then uses vsnprintf.
int tw_format_fixed(char *out, double x, int prec)
{
	static const uint64_t pow10[4] = {1, 10, 100, 1000};
	if (prec < 0 || prec > 3)
		return -1;
	uint64_t u;
	memcpy(&u, &x, sizeof u);
	bool neg = (u >> 63) != 0;
	int bexp = (int)((u >> 52) & 0x7ff);
	uint64_t frac = u & ((1ull << 52) - 1);
	if (bexp == 0x7ff || bexp >= 1023 + 40)
		return -1;
	uint64_t q; // x * 10^prec, rounded
	if (bexp == 0) {
		q = 0; // zero or subnormal: rounds to zero
	} else {
		uint64_t m = frac | (1ull << 52);
		int e = bexp - 1075; // x = m * 2^e, and m * 10^prec < 2^63
		uint64_t M = m * pow10[prec];
		if (e >= 0) {
			q = M << e; // |x| < 2^40: no overflow
		} else if (-e >= 64) {
			q = 0; // below 1/2 unit
		} else {
			int sh = -e;
			q = M >> sh;
			uint64_t rem = M & ((1ull << sh) - 1), half = 1ull << (sh - 1);
			if (rem > half || (rem == half && (q & 1)))
				q++;
		}
	}
	char tmp[32];
	int n = 0;
	uint64_t ip = q / pow10[prec], fp = q % pow10[prec];
	for (int k = 0; k < prec; k++) {
		tmp[n++] = (char)('0' + fp % 10);
		fp /= 10;
	}
	if (prec > 0)
		tmp[n++] = '.';
	do {
		tmp[n++] = (char)('0' + ip % 10);
		ip /= 10;
	} while (ip);
	int len = 0;
	if (neg)
		out[len++] = '-';
	while (n > 0)
		out[len++] = tmp[--n];
	out[len] = 0;
	return len;
}

// The event texts' own formats (%s, %d, %.Nf with N <= 3, %%) written directly; anything else
// (or an unusual value) returns false and the caller uses vsnprintf, so the text is always
// exactly vsnprintf's (tests/test_fast_paths.c compares them).
static bool format_fast(char *dst, size_t size, const char *fmt, va_list ap)
{
	char buf[512];
	size_t n = 0;
	for (const char *p = fmt; *p; p++) {
		if (n > 400)
			return false;
		if (*p != '%') {
			buf[n++] = *p;
			continue;
		}
		p++;
		if (*p == '%') {
			buf[n++] = '%';
		} else if (*p == 'd') {
			int v = va_arg(ap, int);
			unsigned int a = v < 0 ? 0u - (unsigned int)v : (unsigned int)v;
			char tmp[12];
			int k = 0;
			do {
				tmp[k++] = (char)('0' + a % 10);
				a /= 10;
			} while (a);
			if (v < 0)
				buf[n++] = '-';
			while (k > 0)
				buf[n++] = tmp[--k];
		} else if (*p == 's') {
			const char *str = va_arg(ap, const char *);
			if (!str)
				return false;
			size_t l = strlen(str);
			if (l > 200)
				return false;
			memcpy(buf + n, str, l);
			n += l;
		} else if (p[0] == '.' && p[1] >= '0' && p[1] <= '3' && p[2] == 'f') {
			int l = tw_format_fixed(buf + n, va_arg(ap, double), p[1] - '0');
			if (l < 0)
				return false;
			n += (size_t)l;
			p += 2;
		} else {
			return false;
		}
	}
	if (n >= size)
		n = size - 1;
	memcpy(dst, buf, n);
	dst[n] = 0;
	return true;
}

void tw_event_text(tw_event *e, const char *fmt, ...)
{
	if (!e)
		return;
	va_list ap, ap2;
	va_start(ap, fmt);
	va_copy(ap2, ap);
	if (!format_fast(e->text, sizeof e->text, fmt, ap2))
		vsnprintf(e->text, sizeof e->text, fmt, ap);
	va_end(ap2);
	va_end(ap);
}

void tw_events_clear(tw_events *ev) { ev->n = 0; }

void tw_events_free(tw_events *ev)
{
	free(ev->v);
	ev->v = NULL;
	ev->n = ev->cap = 0;
}

tw_status tw_events_append(tw_events *dst, const tw_events *src)
{
	if (dst->n + src->n > dst->cap) {
		int cap = dst->cap ? dst->cap : 32;
		while (cap < dst->n + src->n)
			cap *= 2;
		tw_event *v = realloc(dst->v, (size_t)cap * sizeof *v);
		if (!v)
			return TW_ERR_NOMEM;
		dst->v = v;
		dst->cap = cap;
	}
	if (src->n)
		memcpy(dst->v + dst->n, src->v, (size_t)src->n * sizeof *src->v);
	dst->n += src->n;
	return TW_OK;
}
