// Event words without printf (lw_fmt.h).
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lw_fmt.h"

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

int lw_fmt_1(char *buf, double v)
{
	double a = fabs(v);
	if (!(a < 0x1p48)) // large, infinite or NaN: printf itself
		return snprintf(buf, LW_FMT_1_CAP, "%.1f", v);
	// N = 10a rounded to the nearest integer, ties to even, on the exact value of 10a: fma gives
	// the sign of 10a - k and 20a - (2k+1) exactly (2k+1 < 2^53 is exact).
	double k = floor(10.0 * a);
	if (fma(10.0, a, -k) < 0)
		k -= 1;
	else if (fma(10.0, a, -(k + 1)) >= 0)
		k += 1;
	double t = fma(20.0, a, -(2 * k + 1));
	unsigned long long n = (unsigned long long)k;
	if (t > 0 || (t == 0 && (n & 1)))
		n++;
	char tmp[32], *p = digits(tmp + sizeof tmp, n / 10);
	size_t len = 0;
	if (signbit(v))
		buf[len++] = '-';
	size_t d = strlen(p);
	memcpy(buf + len, p, d);
	len += d;
	buf[len++] = '.';
	buf[len++] = (char)('0' + n % 10);
	buf[len] = 0;
	return (int)len;
}

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
