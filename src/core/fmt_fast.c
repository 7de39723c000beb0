// Event words without printf (fmt_fast.h). tests/test_fmt_fast.c checks against vsnprintf.
#include "fmt_fast.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

// The conversion at fmt[i] == '%': its length (after the '%'), or 0 when not handled.
static size_t conv_len(const char *p)
{
	if (p[0] == '%' || p[0] == 'd' || p[0] == 'i' || p[0] == 'u' || p[0] == 's' || p[0] == 'c')
		return 1;
	if (p[0] == 'l') {
		size_t n = p[1] == 'l' ? 2 : 1;
		return (p[n] == 'd' || p[n] == 'i' || p[n] == 'u') ? n + 1 : 0;
	}
	if (p[0] == '.' && p[1] >= '0' && p[1] <= '3' && p[2] == 'f')
		return 3;
	return 0;
}

bool tw_fmt_fast_ok(const char *fmt)
{
	for (const char *p = fmt; *p; p++) {
		if (*p != '%')
			continue;
		size_t n = conv_len(p + 1);
		if (n == 0)
			return false;
		p += n;
	}
	return true;
}

typedef struct {
	char *buf;
	size_t cap, len; // len < cap always; buf[len] is kept 0
} out;

static void put(out *o, const char *s, size_t n)
{
	if (o->len + n > o->cap - 1)
		n = o->cap - 1 - o->len;
	memcpy(o->buf + o->len, s, n);
	o->len += n;
	o->buf[o->len] = 0;
}

// Digits of n, at the end of a buffer ending at end (not terminated); the first.
static char *digits(char *end, unsigned long long n)
{
	do {
		*--end = (char)('0' + n % 10);
		n /= 10;
	} while (n);
	return end;
}

static void put_signed(out *o, long long v)
{
	char tmp[24], *end = tmp + sizeof tmp;
	char *p = digits(end, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v);
	if (v < 0)
		*--p = '-';
	put(o, p, (size_t)(end - p));
}

static void put_unsigned(out *o, unsigned long long v)
{
	char tmp[24], *end = tmp + sizeof tmp;
	char *p = digits(end, v);
	put(o, p, (size_t)(end - p));
}

// "%.Nf" of v: n = v * 10^N rounded to the nearest integer on its exact value, ties to even (as
// glibc's printf rounds in the default rounding mode). fma gives the sign of m*a - k and of
// 2m*a - (2k+1) exactly; below 2^40, m*a < 2^50 and every integer used is exact.
static void put_fixed(out *o, double v, int prec)
{
	double a = fabs(v);
	if (!(a < 0x1p40)) {
		char big[400];
		int n = snprintf(big, sizeof big, "%.*f", prec, v);
		put(o, big, n < 0 ? 0 : (size_t)n < sizeof big ? (size_t)n : sizeof big - 1);
		return;
	}
	static const double pow10[4] = {1, 10, 100, 1000};
	double m = pow10[prec];
	double k = floor(m * a);
	if (fma(m, a, -k) < 0)
		k -= 1;
	else if (fma(m, a, -(k + 1)) >= 0)
		k += 1;
	double t = fma(2 * m, a, -(2 * k + 1));
	unsigned long long n = (unsigned long long)k;
	if (t > 0 || (t == 0 && (n & 1)))
		n++;
	unsigned long long ip = n / (unsigned long long)m, fp = n % (unsigned long long)m;
	char tmp[32], *end = tmp + sizeof tmp, *p = end;
	for (int d = 0; d < prec; d++) {
		*--p = (char)('0' + fp % 10);
		fp /= 10;
	}
	if (prec > 0)
		*--p = '.';
	p = digits(p, ip);
	if (signbit(v))
		*--p = '-';
	put(o, p, (size_t)(end - p));
}

int tw_fmt_fixed(char *buf, size_t cap, double v, int prec)
{
	out o = {buf, cap, 0};
	buf[0] = 0;
	put_fixed(&o, v, prec);
	return (int)o.len;
}

void tw_fmt_fast(char *buf, size_t cap, const char *fmt, va_list ap)
{
	out o = {buf, cap, 0};
	buf[0] = 0;
	const char *p = fmt;
	while (*p) {
		const char *q = p;
		while (*q && *q != '%')
			q++;
		if (q > p)
			put(&o, p, (size_t)(q - p));
		if (!*q)
			break;
		const char *c = q + 1;
		size_t n = conv_len(c);
		if (c[0] == '%')
			put(&o, "%", 1);
		else if (c[0] == 's') {
			const char *s = va_arg(ap, const char *);
			if (!s)
				s = "(null)"; // as glibc prints it
			put(&o, s, strlen(s));
		} else if (c[0] == 'c') {
			char ch = (char)va_arg(ap, int);
			put(&o, &ch, 1);
		} else if (c[0] == '.')
			put_fixed(&o, va_arg(ap, double), c[1] - '0');
		else {
			char conv = c[n - 1];
			int longs = (int)n - 1;
			if (conv == 'u')
				put_unsigned(&o, longs == 2 ? va_arg(ap, unsigned long long)
						 : longs == 1 ? va_arg(ap, unsigned long) : va_arg(ap, unsigned));
			else
				put_signed(&o, longs == 2 ? va_arg(ap, long long)
					       : longs == 1 ? va_arg(ap, long) : va_arg(ap, int));
		}
		p = c + n;
	}
}
