// Event words without printf (fmt_fast.h). tests/test_fmt_fast.c checks against vsnprintf.
#include "fmt_fast.h"

#include <math.h>
#include <stdint.h>
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
	// s31-move: the next '%' found by strchr (the same one a byte loop finds), then past its
	// conversion.
	for (const char *p = strchr(fmt, '%'); p; p = strchr(p, '%')) {
		size_t n = conv_len(p + 1);
		if (n == 0)
			return false;
		p += n + 1;
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

// "%.Nf" of v, |v| < 2^40: n = v * 10^N rounded to the nearest integer on its exact value, ties
// to even (as glibc's printf rounds in the default rounding mode). s31-move (issue 18): worked out
// on the double's own bits, v = M * 2^e exactly (M < 2^53): M * 10^N < 2^63 is exact in 64 bits,
// so n is its quotient by 2^-e rounded on the remainder (half: the tie), all in integers; it was
// floor() and three fma() calls. tests/test_exact_move.c checks it against snprintf.
static unsigned long long fixed_units(double a, int prec)
{
	static const unsigned long long pow10[4] = {1, 10, 100, 1000};
	uint64_t bits;
	memcpy(&bits, &a, sizeof bits);
	int ex = (int)((bits >> 52) & 0x7ff);
	uint64_t man = bits & ((1ull << 52) - 1);
	if (ex)
		man |= 1ull << 52;
	else
		ex = 1; // subnormal
	int e = ex - 1075; // a = man * 2^e
	uint64_t big = man * pow10[prec];
	if (e >= 0)
		return big << e; // an integer below 2^40: a * 10^N < 2^50
	int sh = -e;
	if (sh >= 64)
		return 0; // big / 2^sh < 2^63 / 2^64 = 1/2
	uint64_t q = big >> sh, r = big & ((1ull << sh) - 1), half = 1ull << (sh - 1);
	return q + (r > half || (r == half && (q & 1)));
}

// The characters of "%.Nf" of v (|v| < 2^40, prec 0-3) written at p (at most 18); their count.
// Written in place, from the last (the count of the whole part's digits first): no copy.
static size_t fixed_small(char *p, double v, int prec)
{
	static const unsigned long long pow10[4] = {1, 10, 100, 1000};
	unsigned long long n = fixed_units(fabs(v), prec);
	unsigned long long ip = n / pow10[prec];
	size_t nd = 1;
	for (unsigned long long t = ip; t >= 10; t /= 10)
		nd++;
	size_t len = (size_t)(signbit(v) != 0) + nd + (prec > 0 ? (size_t)prec + 1 : 0);
	char *q = p + len;
	switch (prec) { // constant divisors
	case 1:
		*--q = (char)('0' + n % 10);
		*--q = '.';
		break;
	case 2:
		*--q = (char)('0' + n % 10);
		*--q = (char)('0' + n / 10 % 10);
		*--q = '.';
		break;
	case 3:
		*--q = (char)('0' + n % 10);
		*--q = (char)('0' + n / 10 % 10);
		*--q = (char)('0' + n / 100 % 10);
		*--q = '.';
		break;
	default:
		break;
	}
	do {
		*--q = (char)('0' + ip % 10);
		ip /= 10;
	} while (ip);
	if (signbit(v))
		*--q = '-';
	return len;
}

int tw_fmt_fixed_small(char *p, double v, int prec)
{
	if (!(fabs(v) < 0x1p40) || prec < 0 || prec > 3)
		return -1;
	return (int)fixed_small(p, v, prec);
}

static void put_fixed(out *o, double v, int prec)
{
	double a = fabs(v);
	if (!(a < 0x1p40)) {
		char big[400];
		int n = snprintf(big, sizeof big, "%.*f", prec, v);
		put(o, big, n < 0 ? 0 : (size_t)n < sizeof big ? (size_t)n : sizeof big - 1);
		return;
	}
	char tmp[32];
	put(o, tmp, fixed_small(tmp, v, prec));
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
		const char *q = strchr(p, '%'); // s31-move: the next '%' or the end, as a byte loop finds
		if (!q)
			q = p + strlen(p);
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
