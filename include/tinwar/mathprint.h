/// The C library's math fingerprint: whether two machines' sin, cos, exp ... give the same bits.
///
/// glibc picks its code for tan, asin, atan, atan2, exp, log, pow and hypot by the processor (on
/// x86-64: FMA and AVX2 code or the SSE2 baseline), whose last bits differ on about one argument in
/// a thousand. The engine uses its own functions since stop 36 (detmath.h, the same everywhere);
/// games played before with the C library's replay with them, and this fingerprint tells whether
/// this machine's give the bits of the one that played (docs/design.md, "Determinism across
/// machines").
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
