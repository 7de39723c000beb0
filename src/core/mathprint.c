// The math library's fingerprint (mathprint.h). The arguments are x = i / 1000 + 0.1 for the
// first indices i at which glibc 2.36 (Debian 12) on x86-64 gave other bits with its FMA/AVX2 code
// than with its SSE2 code (GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-FMA), found over the first two
// million i: about one argument in a thousand differs for sin, cos, atan2, exp and pow, one in
// 100,000 for log; and a few plain arguments for the other functions the engine calls.
#include "tinwar/mathprint.h"

#include <math.h>
#include <string.h>

#include "fnv_double.h"

static double arg(int i)
{
	volatile double tenth = 0.1; // as the search computed it: (double)i * 1e-3 + 0.1, not folded
	return (double)i * 1e-3 + tenth;
}

uint64_t tw_math_fingerprint(void)
{
	static const int sin_at[] = {141, 159, 1522}, cos_at[] = {1187, 1210, 1614}, atan2_at[] = {3376, 20696, 22438},
			 log_at[] = {6348, 338380, 345336}, exp_at[] = {27328, 27829, 28839}, pow_at[] = {2760, 4490, 6271};
	uint64_t h = 0xcbf29ce484222325ull;
	for (int k = 0; k < 3; k++) {
		h = tw_fnv_double(h, sin(arg(sin_at[k])));
		h = tw_fnv_double(h, cos(arg(cos_at[k])));
		double a = arg(atan2_at[k]);
		h = tw_fnv_double(h, atan2(a, a * 0.7 + 1.0));
		h = tw_fnv_double(h, log(arg(log_at[k]) + 1));
		h = tw_fnv_double(h, exp(-arg(exp_at[k]) * 1e-4));
		h = tw_fnv_double(h, pow(arg(pow_at[k]) + 1, 0.37));
	}
	static const double plain[] = {0.3, 1.7, 12.25, 123.456};
	for (unsigned k = 0; k < sizeof plain / sizeof plain[0]; k++) {
		double x = plain[k];
		h = tw_fnv_double(h, tan(x));
		h = tw_fnv_double(h, asin(x / 200));
		h = tw_fnv_double(h, atan(x));
		h = tw_fnv_double(h, hypot(x, x * 0.61));
		h = tw_fnv_double(h, sin(x * 0.01745329251994329577));
	}
	return h ? h : 1;
}
