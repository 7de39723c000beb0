/// The math library's fingerprint: whether two machines compute the same last bits.
///
/// The engine's sums (+ - * / sqrt, no contraction) give the same bits everywhere, but sin, cos,
/// tan, asin, atan, atan2, exp, log, pow and hypot come from the C library, and glibc picks its
/// code for them by the processor (on x86-64: FMA and AVX2 code or the SSE2 baseline), whose last
/// bits differ on about one argument in a thousand. A game played where they differ may come out
/// otherwise, and a log made there may not replay here (docs/design.md, "Determinism across
/// machines"). Logs carry the fingerprint of the machine that wrote them ("math"), so that a
/// replay whose final hash differs can say whether the math library is why.
#ifndef TINWAR_MATHPRINT_H
#define TINWAR_MATHPRINT_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A hash of the bits of those functions at fixed arguments, among them arguments at which
/// glibc 2.36's FMA and SSE2 code give different results. The same on machines whose library
/// gives the same bits there; never 0.
uint64_t tw_math_fingerprint(void);

#ifdef __cplusplus
}
#endif
#endif
