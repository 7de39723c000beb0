// Math functions with the same bits on every machine (detmath.h).
//
// Only + - * / sqrt floor fmod ldexp frexp and comparisons, each exactly rounded by IEEE 754 and
// the C standard, in a fixed order (the build's -ffp-contract=off keeps the compiler from fusing
// a multiply and an add). Taylor series on small reduced arguments; the constants (digits of pi/2,
// ln 2, arctangents of i/8, 1/k!) were worked out to 60 digits and rounded to the nearest double
// (hex literals, so that no compiler rounds them). Accuracy: within 2 units in the last place of
// the correctly rounded value over the tested ranges (tests/test_detmath.c checks 2 ulp against
// long double references), which is all a game needs; what matters is that it is the same
// everywhere.
#include "tinwar/detmath.h"

#include "shot_fast.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "fnv_double.h"

// Logs played before stop 36 used the C library's functions: their replays switch to them.
static _Thread_local bool g_libm = false;

void tw_geom_dir_forget(void); // geom.c

bool tw_math_use_libm(bool on)
{
	bool was = g_libm;
	g_libm = on;
	if (was != on) { // the thread's memos of these functions' results are of the other kind
		tw_geom_dir_forget();
		tw_shot_fast_forget();
	}
	return was;
}

// pi/2 in three parts of 33, 33 and 53 bits: k * PIO2_1 and k * PIO2_2 are exact for |k| < 2^20.
static const double PIO2_1 = 0x1.921fb54400000p+0, PIO2_2 = 0x1.0b4611a600000p-34, PIO2_3 = 0x1.3198a2e037073p-69;
static const double INVPIO2 = 0x1.45f306dc9c883p-1;
static const double PIO2_HI = 0x1.921fb54442d18p+0, PIO2_LO = 0x1.1a62633145c07p-54;
static const double PI_HI = 0x1.921fb54442d18p+1, PI_LO = 0x1.1a62633145c07p-53;
static const double PIO4_HI = 0x1.921fb54442d18p-1;
static const double TWO_PI = 0x1.921fb54442d18p+2;
// ln 2 with 32 bits in its high part: k * LN2_HI is exact for |k| < 2^21.
static const double LN2_HI = 0x1.62e42ff000000p-1, LN2_LO = -0x1.718432a1b0e26p-35, INVLN2 = 0x1.71547652b82fep+0;

#define REDUCE_MAX 1.0e5 // beyond: reduced modulo the double nearest 2 pi first (the same everywhere, less exact)

// sin r for |r| <= pi/4 + a little: r - r^3/3! + ... - r^19/19!.
static double k_sin(double r)
{
	double z = r * r;
	double p = -0x1.2f49b46814157p-57;
	p = 0x1.952c77030ad4ap-49 + z * p;
	p = -0x1.ae7f3e733b81fp-41 + z * p;
	p = 0x1.6124613a86d09p-33 + z * p;
	p = -0x1.ae64567f544e4p-26 + z * p;
	p = 0x1.71de3a556c734p-19 + z * p;
	p = -0x1.a01a01a01a01ap-13 + z * p;
	p = 0x1.1111111111111p-7 + z * p;
	p = -0x1.5555555555555p-3 + z * p;
	return r + r * (z * p);
}

// cos r for |r| <= pi/4 + a little: 1 - r^2/2 + r^4/4! - ... + r^18/18!, the 1 - r^2/2 with its
// rounding error put back.
static double k_cos(double r)
{
	double z = r * r;
	double q = -0x1.6827863b97d97p-53;
	q = 0x1.ae7f3e733b81fp-45 + z * q;
	q = -0x1.93974a8c07c9dp-37 + z * q;
	q = 0x1.1eed8eff8d898p-29 + z * q;
	q = -0x1.27e4fb7789f5cp-22 + z * q;
	q = 0x1.a01a01a01a01ap-16 + z * q;
	q = -0x1.6c16c16c16c17p-10 + z * q;
	q = 0x1.5555555555555p-5 + z * q;
	double hz = 0.5 * z, w = 1.0 - hz;
	return w + (((1.0 - w) - hz) + (z * z) * q);
}

// x = k pi/2 + r with |r| <= pi/4 (a little more at the rounding of k); k mod 4 returned.
static int reduce(double x, double *r)
{
	if (!(fabs(x) <= REDUCE_MAX))
		x = fmod(x, TWO_PI);
	double fk = floor(x * INVPIO2 + 0.5);
	*r = ((x - fk * PIO2_1) - fk * PIO2_2) - fk * PIO2_3;
	return (int)(fk - 4.0 * floor(fk * 0.25));
}

void tw_sincos(double x, double *s, double *c)
{
	if (g_libm) {
		*s = sin(x);
		*c = cos(x);
		return;
	}
	if (isnan(x) || isinf(x)) {
		*s = *c = x - x; // NaN
		return;
	}
	if (x == 0) {
		*s = x; // keeps -0
		*c = 1.0;
		return;
	}
	double r;
	int q = reduce(x, &r);
	double ks = k_sin(r), kc = k_cos(r);
	switch (q) {
	case 0: *s = ks, *c = kc; break;
	case 1: *s = kc, *c = -ks; break;
	case 2: *s = -ks, *c = -kc; break;
	default: *s = -kc, *c = ks; break;
	}
}

// tw_sin and tw_cos give tw_sincos's values, each working out only the series it needs.
double tw_sin(double x)
{
	if (g_libm)
		return sin(x);
	if (isnan(x) || isinf(x))
		return x - x;
	if (x == 0)
		return x;
	double r;
	int q = reduce(x, &r);
	double v = (q & 1) ? k_cos(r) : k_sin(r);
	return q >= 2 ? -v : v;
}

double tw_cos(double x)
{
	if (g_libm)
		return cos(x);
	if (isnan(x) || isinf(x))
		return x - x;
	if (x == 0)
		return 1.0;
	double r;
	int q = reduce(x, &r);
	double v = (q & 1) ? k_sin(r) : k_cos(r);
	return (q == 1 || q == 2) ? -v : v;
}

double tw_tan(double x)
{
	if (g_libm)
		return tan(x);
	if (isnan(x) || isinf(x))
		return x - x;
	if (x == 0)
		return x;
	double r;
	int q = reduce(x, &r);
	double ks = k_sin(r), kc = k_cos(r);
	return (q & 1) ? -kc / ks : ks / kc;
}

// atan(i/8), i = 0..8, in two parts.
static const double ATAN_HI[9] = {0.0,
				  0x1.fd5ba9aac2f6ep-4,
				  0x1.f5b75f92c80ddp-3,
				  0x1.6f61941e4def1p-2,
				  0x1.dac670561bb4fp-2,
				  0x1.1e00babdefeb4p-1,
				  0x1.4978fa3269ee1p-1,
				  0x1.700a7c5784634p-1,
				  0x1.921fb54442d18p-1};
static const double ATAN_LO[9] = {0.0,
				  -0x1.cd37686760c17p-59,
				  0x1.8ab6e3cf7afbdp-57,
				  -0x1.c63aae6f6e918p-56,
				  0x1.a2b7f222f65e2p-56,
				  -0x1.928df287a668fp-58,
				  0x1.2419a87f2a458p-56,
				  -0x1.8c34d25aadef6p-56,
				  0x1.1a62633145c07p-55};

// atan of 0 <= a <= 1: atan(c) + atan((a - c) / (1 + a c)) with c the nearest i/8, so that the
// series runs on |t| <= 1/16.
static double atan_01(double a)
{
	int i = (int)floor(a * 8.0 + 0.5);
	double c = i * 0.125;
	double t = i == 0 ? a : (a - c) / (1.0 + a * c);
	double z = t * t;
	double p = -0x1.1111111111111p-4;
	p = 0x1.3b13b13b13b14p-4 + z * p;
	p = -0x1.745d1745d1746p-4 + z * p;
	p = 0x1.c71c71c71c71cp-4 + z * p;
	p = -0x1.2492492492492p-3 + z * p;
	p = 0x1.999999999999ap-3 + z * p;
	p = -0x1.5555555555555p-2 + z * p;
	return ATAN_HI[i] + (ATAN_LO[i] + (t + t * (z * p)));
}

double tw_atan(double x)
{
	if (g_libm)
		return atan(x);
	if (isnan(x))
		return x;
	double a = fabs(x), r;
	if (a <= 1.0)
		r = atan_01(a);
	else // pi/2 - atan(1/a)
		r = PIO2_HI - (atan_01(1.0 / a) - PIO2_LO);
	return x < 0 ? -r : (x == 0 ? x : r);
}

double tw_atan2(double y, double x)
{
	if (g_libm)
		return atan2(y, x);
	if (isnan(x) || isnan(y))
		return x + y;
	if (y == 0) {
		if (!signbit(x))
			return y; // +-0
		return copysign(PI_HI, y);
	}
	if (x == 0)
		return copysign(PIO2_HI, y);
	if (isinf(x)) {
		if (isinf(y))
			return copysign(signbit(x) ? 3.0 * PIO4_HI : PIO4_HI, y);
		return signbit(x) ? copysign(PI_HI, y) : copysign(0.0, y);
	}
	if (isinf(y))
		return copysign(PIO2_HI, y);
	double ax = fabs(x), ay = fabs(y), r;
	if (ay <= ax)
		r = atan_01(ay / ax);
	else
		r = PIO2_HI - (atan_01(ax / ay) - PIO2_LO);
	if (signbit(x))
		r = PI_HI - (r - PI_LO);
	return copysign(r, y);
}

double tw_asin(double x)
{
	if (g_libm)
		return asin(x);
	if (isnan(x))
		return x;
	if (!(fabs(x) <= 1.0))
		return (x - x) / (x - x); // NaN
	return tw_atan2(x, sqrt((1.0 - x) * (1.0 + x)));
}

double tw_acos(double x)
{
	if (g_libm)
		return acos(x);
	if (isnan(x))
		return x;
	if (!(fabs(x) <= 1.0))
		return (x - x) / (x - x); // NaN
	return tw_atan2(sqrt((1.0 - x) * (1.0 + x)), x);
}

double tw_log(double x)
{
	if (g_libm)
		return log(x);
	if (isnan(x) || x < 0)
		return isnan(x) ? x : (x - x) / (x - x);
	if (x == 0)
		return -HUGE_VAL;
	if (isinf(x))
		return x;
	int e;
	double m = frexp(x, &e); // x = m 2^e, 0.5 <= m < 1 (exact, subnormals too)
	if (m < 0x1.6a09e667f3bcdp-1) { // below sqrt(1/2): into [sqrt(1/2), sqrt(2))
		m *= 2.0;
		e -= 1;
	}
	double f = m - 1.0; // exact
	double s = f / (2.0 + f), z = s * s;
	// log(1 + f) = 2 atanh(s) = 2s + s R, R = 2z/3 + 2z^2/5 + ...; and 2s = f - s f.
	double R = 0x1.642c8590b2164p-5;
	R = 0x1.8618618618618p-5 + z * R;
	R = 0x1.af286bca1af28p-5 + z * R;
	R = 0x1.e1e1e1e1e1e1ep-5 + z * R;
	R = 0x1.1111111111111p-4 + z * R;
	R = 0x1.3b13b13b13b14p-4 + z * R;
	R = 0x1.745d1745d1746p-4 + z * R;
	R = 0x1.c71c71c71c71cp-4 + z * R;
	R = 0x1.2492492492492p-3 + z * R;
	R = 0x1.999999999999ap-3 + z * R;
	R = 0x1.5555555555555p-2 + z * R;
	R = 2.0 * (z * R);
	double logm = f - s * (f - R);
	double de = (double)e;
	return de * LN2_HI + (de * LN2_LO + logm);
}

double tw_exp(double x)
{
	if (g_libm)
		return exp(x);
	if (isnan(x))
		return x;
	if (x > 0x1.62e42fefa39efp+9) // above log(DBL_MAX)
		return HUGE_VAL;
	if (x < -0x1.74910d52d3052p+9) // below log of half the least subnormal
		return 0.0;
	double fk = floor(x * INVLN2 + 0.5);
	double r = (x - fk * LN2_HI) - fk * LN2_LO;
	double p = 0x1.6124613a86d09p-33;
	p = 0x1.1eed8eff8d898p-29 + r * p;
	p = 0x1.ae64567f544e4p-26 + r * p;
	p = 0x1.27e4fb7789f5cp-22 + r * p;
	p = 0x1.71de3a556c734p-19 + r * p;
	p = 0x1.a01a01a01a01ap-16 + r * p;
	p = 0x1.a01a01a01a01ap-13 + r * p;
	p = 0x1.6c16c16c16c17p-10 + r * p;
	p = 0x1.1111111111111p-7 + r * p;
	p = 0x1.5555555555555p-5 + r * p;
	p = 0x1.5555555555555p-3 + r * p;
	p = 0.5 + r * p;
	double e = 1.0 + (r + (r * r) * p);
	return ldexp(e, (int)fk);
}

static bool is_int(double y) { return isfinite(y) && floor(y) == y; }
static bool is_odd_int(double y) { return is_int(y) && fabs(y) < 0x1p53 && fmod(y, 2.0) != 0; }

double tw_pow(double x, double y)
{
	if (g_libm)
		return pow(x, y);
	if (y == 0 || x == 1)
		return 1.0;
	if (isnan(x) || isnan(y))
		return x + y;
	if (isinf(y)) {
		double a = fabs(x);
		if (a == 1)
			return 1.0;
		return (a < 1) == (y < 0) ? HUGE_VAL : 0.0;
	}
	if (x == 0) {
		bool odd = is_odd_int(y);
		if (y < 0)
			return odd ? copysign(HUGE_VAL, x) : HUGE_VAL;
		return odd ? x : 0.0;
	}
	if (isinf(x)) {
		bool odd = is_odd_int(y);
		double v = y < 0 ? 0.0 : HUGE_VAL;
		return (x < 0 && odd) ? -v : v;
	}
	if (is_int(y) && fabs(y) <= 1024) { // by squaring: the rules' odds ask whole powers
		double b = x, r = 1.0;
		unsigned long n = (unsigned long)fabs(y);
		while (n) {
			if (n & 1)
				r *= b;
			n >>= 1;
			if (n)
				b *= b;
		}
		return y < 0 ? 1.0 / r : r;
	}
	if (x < 0) {
		if (!is_int(y))
			return (x - x) / (x - x); // NaN
		double v = tw_exp(y * tw_log(-x));
		return is_odd_int(y) ? -v : v;
	}
	return tw_exp(y * tw_log(x));
}

double tw_hypot(double x, double y)
{
	if (g_libm)
		return hypot(x, y);
	if (isinf(x) || isinf(y))
		return HUGE_VAL;
	if (isnan(x) || isnan(y))
		return x + y;
	double a = fabs(x), b = fabs(y);
	if (a < b) {
		double t = a;
		a = b;
		b = t;
	}
	if (a == 0)
		return 0.0;
	double r = b / a;
	return a * sqrt(1.0 + r * r);
}

uint64_t tw_detmath_fingerprint(void)
{
	bool was = tw_math_use_libm(false);
	uint64_t h = 0xcbf29ce484222325ull;
	for (int i = -40; i <= 40; i++) {
		double x = i * 0.37 + 0.001;
		double s, c;
		tw_sincos(x, &s, &c);
		h = tw_fnv_double(tw_fnv_double(h, s), c);
		h = tw_fnv_double(h, tw_tan(x * 0.5));
		h = tw_fnv_double(h, tw_atan(x));
		h = tw_fnv_double(h, tw_atan2(x, 1.5 - x));
		h = tw_fnv_double(h, tw_asin(x / 41.0));
		h = tw_fnv_double(h, tw_exp(x));
		h = tw_fnv_double(h, tw_log(fabs(x) + 0.25));
		h = tw_fnv_double(h, tw_pow(fabs(x) + 0.5, i % 7));
		h = tw_fnv_double(h, tw_pow(fabs(x) + 0.5, 0.37));
		h = tw_fnv_double(h, tw_hypot(x, 2.0 - x));
	}
	tw_math_use_libm(was);
	return h ? h : 1;
}
