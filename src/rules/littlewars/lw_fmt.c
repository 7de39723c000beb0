// Event words without printf (lw_fmt.h).
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

void lw_fmt_put(char *buf, size_t cap, size_t *len, const char *text)
{
	if (cap == 0)
		return;
	size_t n = strlen(text);
	if (*len + n > cap - 1)
		n = *len < cap - 1 ? cap - 1 - *len : 0;
	memcpy(buf + *len, text, n);
	*len += n;
	buf[*len] = 0;
}

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
	lw_fmt_1(tmp, v);
	lw_fmt_put(buf, cap, len, tmp);
}
