// Event words without printf (lw_fmt.h).
#include <math.h>
#include <string.h>

#include "lw_fmt.h"
#include "core/fmt_fast.h"

// Digits of a non-negative integer below 10^19, at the end of buf; the first.
static char *digits(char *end, unsigned long long n)
{
	*--end = 0;
	do {
		*--end = (char)('0' + n % 10);
		n /= 10;
	} while (n);
	return end;
}

// The core's fixed-point words (h5-hook: tw_event_text's fast path uses the same).
int lw_fmt_1(char *buf, double v) { return tw_fmt_fixed(buf, LW_FMT_1_CAP, v, 1); }

// Appends n bytes of text (lw_fmt_put's rule).
static void put_n(char *buf, size_t cap, size_t *len, const char *text, size_t n)
{
	if (cap == 0)
		return;
	if (*len + n > cap - 1)
		n = *len < cap - 1 ? cap - 1 - *len : 0;
	memcpy(buf + *len, text, n);
	*len += n;
	buf[*len] = 0;
}

void lw_fmt_put(char *buf, size_t cap, size_t *len, const char *text) { put_n(buf, cap, len, text, strlen(text)); }

void lw_fmt_put_int(char *buf, size_t cap, size_t *len, long long v)
{
	char tmp[32], *p = digits(tmp + sizeof tmp, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v);
	if (v < 0)
		*--p = '-';
	lw_fmt_put(buf, cap, len, p);
}

void lw_fmt_put_1(char *buf, size_t cap, size_t *len, double v)
{
	char tmp[LW_FMT_1_CAP];
	int n = tw_fmt_fixed_small(tmp, v, 1); // s31-move: the common case without a copy to measure
	if (n < 0)
		n = lw_fmt_1(tmp, v);
	put_n(buf, cap, len, tmp, (size_t)n);
}

// n bytes from src to p (names of a few letters: a loop, not a call); the end.
static inline char *copy_n(char *p, const char *src, size_t n)
{
	for (size_t k = 0; k < n; k++)
		p[k] = src[k];
	return p + n;
}

// s31-move (issue 18): a move's words written straight into the buffer when they surely fit
// (prefix at most 12 bytes, side and kind at most 24, each number below 2^40 so at most 18
// characters, the id at most 11: 12 + 2 * 24 + 11 + 3 * 18 + 21 bytes of words = 146 < cap):
// the same characters as the lw_fmt_put chain below, which is kept for anything else
// (snprintf's cut at cap - 1).
size_t lw_fmt_move_text(char *buf, size_t cap, const char *prefix, const char *side, const char *kind, int id,
			double len, double x, double y)
{
	size_t lp = strlen(prefix), ls = strlen(side), lk = strlen(kind);
	if (cap > 12 + 2 * 24 + 11 + 3 * 18 + 21 && lp <= 12 && ls <= 24 && lk <= 24 && fabs(len) < 0x1p40 &&
	    fabs(x) < 0x1p40 && fabs(y) < 0x1p40) {
		char *p = copy_n(buf, prefix, lp);
		p = copy_n(p, side, ls);
		*p++ = ' ';
		p = copy_n(p, kind, lk);
		*p++ = ' ';
		*p++ = '#';
		char tmp[32], *q = digits(tmp + sizeof tmp, id < 0 ? 0ull - (unsigned long long)id : (unsigned long long)id);
		if (id < 0)
			*--q = '-';
		while (*q)
			*p++ = *q++;
		memcpy(p, " moves ", 7);
		p += 7;
		p += tw_fmt_fixed_small(p, len, 1);
		memcpy(p, " in to (", 8);
		p += 8;
		p += tw_fmt_fixed_small(p, x, 1);
		*p++ = ',';
		*p++ = ' ';
		p += tw_fmt_fixed_small(p, y, 1);
		*p++ = ')';
		*p = 0;
		return (size_t)(p - buf);
	}
	size_t n = 0;
	if (cap > 0)
		buf[0] = 0;
	lw_fmt_put(buf, cap, &n, prefix);
	lw_fmt_put(buf, cap, &n, side);
	lw_fmt_put(buf, cap, &n, " ");
	lw_fmt_put(buf, cap, &n, kind);
	lw_fmt_put(buf, cap, &n, " #");
	lw_fmt_put_int(buf, cap, &n, id);
	lw_fmt_put(buf, cap, &n, " moves ");
	lw_fmt_put_1(buf, cap, &n, len);
	lw_fmt_put(buf, cap, &n, " in to (");
	lw_fmt_put_1(buf, cap, &n, x);
	lw_fmt_put(buf, cap, &n, ", ");
	lw_fmt_put_1(buf, cap, &n, y);
	lw_fmt_put(buf, cap, &n, ")");
	return n;
}
