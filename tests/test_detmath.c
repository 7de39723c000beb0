// The engine's own math functions (detmath.h): the same bits on every machine, close to the exact
// values, C's special cases, and the C library's results when a thread asks for them.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "tinwar/detmath.h"
#include "tinwar/geom.h"

/// Pinned: a hash of the functions' bits at fixed arguments. Every build runs this (gcc Debug and
/// Release, clang, ASan+UBSan), and with glibc's FMA code switched off `tinwar --version` prints
/// the same value (tests/test_mathprint.c): so on every machine.
static void test_detmath_fingerprint_pinned(void **st)
{
	(void)st;
	assert_true(tw_detmath_fingerprint() == 0x1be50cb118ed7787ull);
}

static uint64_t g_rng = 0x9e3779b97f4a7c15ull;
static double unit(void)
{
	g_rng ^= g_rng << 13;
	g_rng ^= g_rng >> 7;
	g_rng ^= g_rng << 17;
	return (double)(g_rng >> 11) * 0x1p-53;
}

// Units in the last place of got's distance from the long double reference.
static double ulps(double got, long double ref)
{
	double r = (double)ref;
	if (isnan(got) && isnan(r))
		return 0;
	if (got == r)
		return 0;
	double u = nextafter(fabs(r), INFINITY) - fabs(r);
	if (!(u > 0) || isinf(u))
		u = DBL_TRUE_MIN;
	return (double)(fabsl((long double)got - ref) / (long double)u);
}

/// Against the long double functions (64-bit mantissas) on 200,000 random arguments each: sin,
/// cos, atan, atan2, hypot within 2.5 ulp, tan and asin within 3, exp and log within 1.5, whole
/// powers within 10 (by squaring), over the ranges the rules use and far beyond (angles to 1e5
/// radians, atan's arguments from 1e-10 to 1e10, exp from -700 to 700, log from 1e-300 to 1e300).
static void test_detmath_close_to_exact(void **st)
{
	(void)st;
	double worst[10] = {0};
	for (int i = 0; i < 200000; i++) {
		double u = unit(), v = unit();
		double x = (u * 2 - 1) * (i % 3 == 0 ? 1e5 : i % 3 == 1 ? 10 : 1e-3);
		double e[10];
		e[0] = ulps(tw_sin(x), sinl(x));
		e[1] = ulps(tw_cos(x), cosl(x));
		e[2] = fabs(x) < 1.4 ? ulps(tw_tan(x), tanl(x)) : 0;
		double a = (v * 2 - 1) * pow(10, (int)(u * 20) - 10), b = (unit() * 2 - 1) * pow(10, (int)(v * 20) - 10);
		e[3] = ulps(tw_atan(a), atanl(a));
		e[4] = ulps(tw_atan2(a, b), atan2l(a, b));
		e[5] = ulps(tw_asin(u * 2 - 1), asinl(u * 2 - 1));
		double ex = (v * 2 - 1) * 700;
		e[6] = ulps(tw_exp(ex), expl(ex));
		double lx = (v + 1e-9) * pow(10, (int)(u * 600) - 300);
		e[7] = ulps(tw_log(lx), logl(lx));
		double px = u * 10, py = (int)(v * 20) - 10;
		e[8] = ulps(tw_pow(px, py), powl(px, py));
		e[9] = ulps(tw_hypot(a, b), hypotl(a, b));
		for (int k = 0; k < 10; k++)
			if (e[k] > worst[k])
				worst[k] = e[k];
	}
	static const char *const name[10] = {"sin", "cos", "tan", "atan", "atan2", "asin", "exp", "log", "pow", "hypot"};
	static const double most[10] = {2.5, 2.5, 3, 2.5, 2.5, 3, 1.5, 1.5, 10, 2.5};
	for (int k = 0; k < 10; k++) {
		print_message("%s: worst %.2f ulp\n", name[k], worst[k]);
		if (!(worst[k] <= most[k]))
			fail_msg("%s is %.2f ulp off (at most %.1f)", name[k], worst[k], most[k]);
	}
}

static bool same(double a, double b) { return memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b)); }

/// C99 Annex F's special cases, bit for bit (signed zeros, infinities, NaN), and a few exact values.
static void test_detmath_special_cases(void **st)
{
	(void)st;
	const double inf = INFINITY, nan = NAN, pi = 0x1.921fb54442d18p+1, pio2 = 0x1.921fb54442d18p+0;
	assert_true(same(tw_sin(0.0), 0.0) && same(tw_sin(-0.0), -0.0) && same(tw_cos(-0.0), 1.0));
	assert_true(isnan(tw_sin(inf)) && isnan(tw_cos(-inf)) && isnan(tw_tan(inf)) && isnan(tw_sin(nan)));
	assert_true(same(tw_tan(-0.0), -0.0));
	assert_true(same(tw_atan(-0.0), -0.0) && same(tw_atan(inf), pio2) && same(tw_atan(-inf), -pio2));
	assert_true(same(tw_atan2(0.0, 0.0), 0.0) && same(tw_atan2(-0.0, 0.0), -0.0));
	assert_true(same(tw_atan2(0.0, -0.0), pi) && same(tw_atan2(-0.0, -0.0), -pi));
	assert_true(same(tw_atan2(0.0, -1.0), pi) && same(tw_atan2(-0.0, -1.0), -pi));
	assert_true(same(tw_atan2(1.0, 0.0), pio2) && same(tw_atan2(-1.0, -0.0), -pio2));
	assert_true(same(tw_atan2(1.0, inf), 0.0) && same(tw_atan2(-1.0, inf), -0.0));
	assert_true(same(tw_atan2(1.0, -inf), pi) && same(tw_atan2(-1.0, -inf), -pi));
	assert_true(same(tw_atan2(inf, 3.0), pio2) && same(tw_atan2(inf, inf), 0x1.921fb54442d18p-1));
	assert_true(isnan(tw_atan2(nan, 1.0)) && isnan(tw_atan2(1.0, nan)));
	assert_true(same(tw_asin(1.0), pio2) && same(tw_asin(-0.0), -0.0) && isnan(tw_asin(1.0000001)));
	assert_true(same(tw_exp(0.0), 1.0) && same(tw_exp(-inf), 0.0) && same(tw_exp(inf), inf));
	assert_true(same(tw_exp(710.0), inf) && same(tw_exp(-746.0), 0.0) && tw_exp(-740.0) > 0);
	assert_true(same(tw_log(1.0), 0.0) && same(tw_log(0.0), -inf) && same(tw_log(-0.0), -inf));
	assert_true(isnan(tw_log(-1.0)) && same(tw_log(inf), inf) && isnan(tw_log(nan)));
	assert_true(fabs(tw_log(DBL_TRUE_MIN) - (-744.4400719213812)) < 1e-12);
	assert_true(same(tw_pow(6, 5), 7776.0) && same(tw_pow(10, 3), 1000.0) && same(tw_pow(2, -3), 0.125));
	assert_true(same(tw_pow(nan, 0), 1.0) && same(tw_pow(1, nan), 1.0) && isnan(tw_pow(-2, 0.5)));
	assert_true(same(tw_pow(-0.0, 3), -0.0) && same(tw_pow(-0.0, -3), -inf) && same(tw_pow(0.0, -2), inf));
	assert_true(same(tw_pow(-1, inf), 1.0) && same(tw_pow(0.5, -inf), inf) && same(tw_pow(2, -inf), 0.0));
	assert_true(same(tw_pow(-inf, 3), -inf) && same(tw_pow(-inf, -3), -0.0) && same(tw_pow(-8, 1.0 / 3), nan));
	assert_true(same(tw_hypot(3, 4), 5.0) && same(tw_hypot(inf, nan), inf) && same(tw_hypot(-0.0, 0.0), 0.0));
	// Far arguments: reduced modulo the double nearest 2 pi, the same everywhere (not exact there).
	assert_true(fabs(tw_sin(1e22)) <= 1.0 && fabs(tw_cos(-1e300)) <= 1.0);
	// tw_sin and tw_cos are tw_sincos's two values, bit for bit, in every quadrant and far out.
	double s, c;
	for (int i = 0; i < 100000; i++) {
		double x = (unit() * 2 - 1) * (i % 3 == 0 ? 1e6 : i % 3 == 1 ? 20 : 1e-8);
		tw_sincos(x, &s, &c);
		assert_true(same(s, tw_sin(x)) && same(c, tw_cos(x)));
	}
	const double odd[] = {0.0, -0.0, inf, -inf, nan};
	for (int i = 0; i < 5; i++) {
		tw_sincos(odd[i], &s, &c);
		assert_true(same(s, tw_sin(odd[i])) && same(c, tw_cos(odd[i])));
	}
}

/// With the C library's functions asked for (a log from before stop 36 replays so), each gives the
/// library's bits, and the engine's memos of them (tw_dir_deg's) answer for the setting in force.
static void test_detmath_libm_setting(void **st)
{
	(void)st;
	bool was = tw_math_use_libm(true);
	assert_false(was);
	double x = 0.1 + 141e-3; // an argument where glibc's FMA and SSE2 code differ (mathprint.c)
	assert_true(same(tw_sin(x), sin(x)) && same(tw_cos(x), cos(x)) && same(tw_atan2(x, 0.3), atan2(x, 0.3)));
	assert_true(same(tw_log(x), log(x)) && same(tw_exp(x), exp(x)) && same(tw_pow(x, 0.37), pow(x, 0.37)));
	tw_vec2 d = tw_dir_deg(37.25);
	double r = 37.25 * (M_PI / 180.0);
	assert_true(same(d.x, sin(r)) && same(d.y, cos(r)));
	assert_true(tw_math_use_libm(false));
	d = tw_dir_deg(37.25); // remembered under the other setting: worked out again
	assert_true(same(d.x, tw_sin(r)) && same(d.y, tw_cos(r)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_detmath_fingerprint_pinned),
	    cmocka_unit_test(test_detmath_close_to_exact),
	    cmocka_unit_test(test_detmath_special_cases),
	    cmocka_unit_test(test_detmath_libm_setting),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
