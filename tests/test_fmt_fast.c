// h5-hook (issue 18): tw_event_text formats its common conversions without vsnprintf
// (src/core/fmt_fast.c). Checked here against vsnprintf byte for byte, the whole buffer:
//   - %.0f %.1f %.2f %.3f on millions of values (ties to even at exact halves, values just
//     beside them, negatives rounding to -0, tiny, huge, infinite and NaN ones);
//   - %d %i %u %ld %lu %lld %llu at their limits, %s (and a NULL string), %c, %%;
//   - truncation at every buffer size, and the events' own formats;
//   - which formats are refused (flags, widths, other conversions) and go to vsnprintf.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fmt_fast.h"
#include "tinwar/tinwar.h"

// Both ways into buffers of cap bytes filled with the same junk first: every byte must agree.
static void check_cap(size_t cap, const char *fmt, ...)
{
	char want[512], got[512];
	memset(want, 'x', sizeof want);
	memset(got, 'x', sizeof got);
	va_list a, b;
	va_start(a, fmt);
	va_copy(b, a);
	vsnprintf(want, cap, fmt, a);
	assert_true(tw_fmt_fast_ok(fmt));
	tw_fmt_fast(got, cap, fmt, b);
	va_end(b);
	va_end(a);
	if (memcmp(want, got, sizeof want) != 0)
		print_error("format \"%s\" cap %zu: vsnprintf \"%s\", fast \"%s\"\n", fmt, cap, want, got);
	assert_memory_equal(want, got, sizeof want);
}

#define CHECK(...) check_cap(160, __VA_ARGS__)

static void test_fmt_fast_fixed_matches_vsnprintf(void **st)
{
	(void)st;
	static const double fixed[] = {0.0, -0.0, 0.5, 1.5, 2.5, -0.5, -2.5, 0.05, -0.05, 0.15, 0.25, 0.35, 0.45,
				       0.75, 1.25, -0.25, -0.04, -0.06, 0.95, 9.95, 99.95, 0.005, 0.015, 0.0005,
				       0.0015, 1e-300, -1e-300, 4.9e-324, 0x1p40, -0x1p40, 0x1p40 - 0.25,
				       0x1p39 + 0.125, 1e15, 1e300, -1e300, INFINITY, -INFINITY, NAN, -NAN, 123.45,
				       1234.5678, 0.1, 0.2, 0.3, 576.0, 191.95, 143.85, 999.9995, 9.9995};
	for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++) {
		CHECK("%.0f", fixed[k]);
		CHECK("%.1f", fixed[k]);
		CHECK("%.2f", fixed[k]);
		CHECK("%.3f", fixed[k]);
	}
	tw_rng r;
	tw_rng_seed(&r, 2411);
	for (int k = 0; k < 600000; k++) {
		double v;
		switch (k % 7) {
		case 0: v = tw_rng_unit(&r) * 1000; break;                                          // places
		case 1: v = (double)((int64_t)tw_rng_below(&r, 4000000) - 2000000) / 16; break;       // exact ties
		case 2: v = (double)((int64_t)tw_rng_below(&r, 4000000) - 2000000) / 2000; break;     // near ties
		case 3: v = ldexp(tw_rng_unit(&r) - 0.5, (int)tw_rng_below(&r, 100) - 50); break;
		case 4: v = nextafter((double)(int64_t)tw_rng_below(&r, 100000) / 2000 + 0.0005,
				      tw_rng_below(&r, 2) ? 1e9 : -1e9);
			break;
		case 5: v = (double)((int64_t)tw_rng_below(&r, 4000000) - 2000000) / 8; break;
		default: v = (tw_rng_unit(&r) - 0.5) * ldexp(1.0, (int)tw_rng_below(&r, 50)); break;
		}
		static const char *const fmts[] = {"%.0f", "%.1f", "%.2f", "%.3f"};
		CHECK(fmts[k % 4], v);
		CHECK("(%.1f, %.1f)", v, -v / 3);
	}
}

static void test_fmt_fast_ints_strings_truncation(void **st)
{
	(void)st;
	CHECK("%d %d %d %i", 0, INT_MIN, INT_MAX, -7);
	CHECK("%u %u", 0u, UINT_MAX);
	CHECK("%ld %ld %lu", LONG_MIN, LONG_MAX, ULONG_MAX);
	CHECK("%lld %lld %llu %lli", LLONG_MIN, LLONG_MAX, ULLONG_MAX, -5ll);
	CHECK("%s|%s|%c|%%|100%%", "red infantry", "", 'Q');
	CHECK("a%cb", 0); // a zero byte written, the rest after it
	CHECK("%s", (const char *)NULL);
	CHECK("");
	CHECK("no conversions at all");
	CHECK("%s gun %d fires shot %d of 4 at %.1f deg, elevation %.1f deg; it comes to rest at (%.1f, %.1f)%s",
	      "blue", 3, 2, 271.44999, 12.25, 143.85, -0.04, " and kills #12");
	char longs[300];
	memset(longs, 'w', sizeof longs - 1);
	longs[sizeof longs - 1] = 0;
	CHECK("%s then %d", longs, 42);
	for (size_t cap = 1; cap < 80; cap++) {
		check_cap(cap, "%s #%d moves %.1f in to (%.2f, %.0f)%%%c", "red infantry", -12, 3.25, 191.955, 2.5, 'z');
		check_cap(cap, "%lld:%u:%.3f", -1234567890123ll, 4000000000u, -0.0005);
	}
	// Refused: flags, widths, precisions other than .0-.3 of f, other conversions.
	static const char *const refused[] = {"%5d", "%-d", "%+d", "%05.1f", "%f", "%.4f", "%g", "%e", "%x",
					      "%p", "%.*f", "%zu", "%hd", "%.1s", "%", "abc %", "%.1", "%.1g",
					      "%ls", "%llx", "%'d"};
	for (size_t k = 0; k < sizeof refused / sizeof refused[0]; k++)
		assert_false(tw_fmt_fast_ok(refused[k]));
	assert_true(tw_fmt_fast_ok("%d%s%c%%%.0f%.3f%ld%llu%i"));
}

// Through the event: tw_event_text's words are vsnprintf's.
static void test_event_text_same_words(void **st)
{
	(void)st;
	tw_events ev = {0};
	tw_event *e = tw_events_push(&ev, TW_EV_MOVE, 0, "LW.MOB.1");
	assert_non_null(e);
	tw_event_text(e, "%s %s #%d put down at (%.1f, %.1f)", "Red", "infantry", 7, 12.25, 30.35);
	char want[160];
	snprintf(want, sizeof want, "%s %s #%d put down at (%.1f, %.1f)", "Red", "infantry", 7, 12.25, 30.35);
	assert_string_equal(e->text, want);
	tw_event_text(e, "%5.2f|%x", 1.0 / 3, 255u); // refused by the fast path: vsnprintf
	assert_string_equal(e->text, " 0.33|ff");
	tw_events_free(&ev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fmt_fast_fixed_matches_vsnprintf),
		cmocka_unit_test(test_fmt_fast_ints_strings_truncation),
		cmocka_unit_test(test_event_text_same_words),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
