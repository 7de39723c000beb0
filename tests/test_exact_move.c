// s31-move (issue 18, Hook's Farm at 2 ms): the exact shortcuts in the move checks and the
// move's application, each against the plain form.
//   - "%.Nf" (src/core/fmt_fast.c): the fixed-point words worked out on the double's bits in
//     64-bit integers (tw_fmt_fixed_small, tw_fmt_fixed, tw_event_text's fast path), against
//     snprintf byte for byte, on random doubles of every size (tenths and their halves, the
//     ties of every precision, the nearest doubles either side of them, subnormals, zeros of
//     either sign, values about 2^40 and beyond, infinities, NaN).
//   - a man's move event (lw_fmt_move_text, src/rules/littlewars/lw_fmt.c): written straight
//     into the event's text, against snprintf of its format, with random prefixes, side and
//     kind names of every length up to the buffer, ids of either sign and the numbers above,
//     into buffers of random size (snprintf's cut).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fmt_fast.h"
#include "rules/littlewars/lw.h"
#include "rules/littlewars/lw_fmt.h"
#include "tinwar/tinwar.h"

static uint32_t rnd32(tw_rng *r) { return (uint32_t)tw_rng_u64(r); }

// A double for the formatters: of every kind and size, often on or beside a tie.
static double some_double(tw_rng *r)
{
	double v;
	switch (tw_rng_below(r, 12)) {
	case 0: { // any bit pattern
		uint64_t b = tw_rng_u64(r);
		memcpy(&v, &b, sizeof v);
		return v;
	}
	case 1: v = (double)(int)tw_rng_below(r, 20001) / 10.0 - 1000.0; break; // tenths
	case 2: v = ((double)tw_rng_below(r, 200001) + 0.5) / pow(10, tw_rng_below(r, 4)); break; // ties
	case 3: v = tw_rng_unit(r) * 100; break;
	case 4: v = tw_rng_unit(r) * pow(2, (double)tw_rng_below(r, 80) - 20); break; // about 2^40 and beyond
	case 5: v = ldexp(tw_rng_unit(r), -(int)tw_rng_below(r, 1080)); break; // tiny, subnormal
	case 6: v = tw_rng_below(r, 2) ? 0.0 : -0.0; break;
	case 7: v = tw_rng_below(r, 3) == 0 ? NAN : tw_rng_below(r, 2) ? INFINITY : -INFINITY; break;
	case 8: v = 0x1p40 - ldexp(1, -(int)tw_rng_below(r, 12)); break;
	default: v = (double)(int)tw_rng_below(r, 2000) * 0.05 - 50; break; // x.x5: near a tie of %.1f
	}
	if (tw_rng_below(r, 3) == 0)
		v = nextafter(v, tw_rng_below(r, 2) ? INFINITY : -INFINITY);
	return tw_rng_below(r, 4) == 0 ? -v : v;
}

static void fixed_case(double v, int prec)
{
	char want[512], got[512], buf[400];
	int wn = snprintf(want, sizeof want, "%.*f", prec, v);
	int n = tw_fmt_fixed_small(got, v, prec);
	if (fabs(v) < 0x1p40) {
		assert_true(n >= 0 && n <= 18);
		got[n] = 0;
		assert_int_equal(n, wn);
		assert_string_equal(got, want);
	} else {
		assert_int_equal(n, -1);
	}
	int m = tw_fmt_fixed(buf, sizeof buf, v, prec);
	assert_int_equal(m, wn < (int)sizeof buf ? wn : (int)sizeof buf - 1);
	assert_memory_equal(buf, want, (size_t)m);
}

static void test_fixed_matches_snprintf(void **st)
{
	(void)st;
	tw_rng r;
	tw_rng_seed(&r, 31);
	for (int k = 0; k < 400000; k++)
		fixed_case(some_double(&r), (int)tw_rng_below(&r, 4));
	// Every tie of %.1f to %.3f over a range, and its neighbours.
	for (int prec = 0; prec <= 3; prec++)
		for (int i = -30000; i <= 30000; i++) {
			double v = (i + 0.5) / pow(10, prec);
			fixed_case(v, prec);
			fixed_case(nextafter(v, INFINITY), prec);
			fixed_case(nextafter(v, -INFINITY), prec);
		}
	double edge[] = {0x1p40, -0x1p40, nextafter(0x1p40, 0), 0x1p-1074, -0x1p-1074, 0x1p-1022, 0.05, 0.25, 0.35,
			 0.45, 1e-300, 5e-4, 5e-3, 0.0005, 0.9999999999999999};
	for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++)
		for (int prec = 0; prec <= 3; prec++)
			fixed_case(edge[i], prec);
}

// tw_event_text's fast path (tw_fmt_fast) with %.Nf among other conversions.
static void test_event_text_matches_snprintf(void **st)
{
	(void)st;
	tw_rng r;
	tw_rng_seed(&r, 32);
	tw_event e;
	for (int k = 0; k < 100000; k++) {
		double a = some_double(&r), b = some_double(&r);
		int id = (int)rnd32(&r);
		char want[sizeof e.text];
		snprintf(want, sizeof want, "gun %d at (%.1f, %.2f) %.3f%.0f", id, a, b, a, b);
		tw_event_text(&e, "gun %d at (%.1f, %.2f) %.3f%.0f", id, a, b, a, b);
		assert_string_equal(e.text, want);
	}
}

static void some_name(tw_rng *r, char *out, size_t max)
{
	size_t n = tw_rng_below(r, 4) == 0 ? tw_rng_below(r, (uint32_t)max) : tw_rng_below(r, 12);
	for (size_t i = 0; i < n; i++)
		out[i] = (char)('a' + tw_rng_below(r, 26));
	out[n] = 0;
}

static void test_move_text_matches_snprintf(void **st)
{
	(void)st;
	tw_rng r;
	tw_rng_seed(&r, 33);
	for (int k = 0; k < 200000; k++) {
		char side[200], kind[200];
		some_name(&r, side, 150);
		some_name(&r, kind, 150);
		const char *prefix = tw_rng_below(&r, 3) == 0 ? "prisoner " : "";
		int id = tw_rng_below(&r, 5) == 0 ? (int)rnd32(&r) : (int)tw_rng_below(&r, 3000);
		double len = some_double(&r), x = some_double(&r), y = some_double(&r);
		if (tw_rng_below(&r, 2)) { // most moves: small numbers
			len = fabs(fmod(len, 40));
			x = fmod(x, 200);
			y = fmod(y, 200);
		}
		size_t cap = tw_rng_below(&r, 4) == 0 ? tw_rng_below(&r, 200) : 160;
		char want[1200], got[400];
		memset(got, 'Z', sizeof got);
		snprintf(want, sizeof want, "%s%s %s #%d moves %.1f in to (%.1f, %.1f)", prefix, side, kind, id, len, x, y);
		size_t n = lw_fmt_move_text(got, cap, prefix, side, kind, id, len, x, y);
		if (cap == 0) {
			assert_int_equal(got[0], 'Z');
			continue;
		}
		size_t wn = strlen(want) < cap - 1 ? strlen(want) : cap - 1;
		assert_int_equal(n, wn);
		assert_memory_equal(got, want, wn);
		assert_int_equal(got[wn], 0);
	}
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_fixed_matches_snprintf),
	    cmocka_unit_test(test_event_text_matches_snprintf),
	    cmocka_unit_test(test_move_text_matches_snprintf),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
