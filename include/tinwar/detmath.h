/// Math functions with the same bits on every machine.
///
/// The C library's sin, cos, atan2, exp, log, pow ... are not: glibc picks FMA or SSE2 code by the
/// processor, and their last bits differ on about one argument in a thousand (mathprint.h). These
/// are built from + - * / sqrt floor fmod ldexp and frexp alone, which IEEE 754 and C round exactly,
/// so a game that uses them comes out the same everywhere. Within 2 units in the last place of the
/// exact value (tests/test_detmath.c); C's special cases (NaN, infinities, signed zeros) as C99
/// Annex F gives them. Arguments of sin, cos and tan beyond 1e5 radians are first reduced modulo
/// the double nearest 2 pi: the same everywhere, but not accurate there.
#ifndef TINWAR_DETMATH_H
#define TINWAR_DETMATH_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

double tw_sin(double x);
double tw_cos(double x);
void tw_sincos(double x, double *s, double *c);
double tw_tan(double x);
double tw_asin(double x);
double tw_acos(double x);
double tw_atan(double x);
double tw_atan2(double y, double x);
double tw_exp(double x);
double tw_log(double x);
/// Whole powers up to 1024 by squaring; others as exp(y log x) (less exact for a large y log x).
double tw_pow(double x, double y);
double tw_hypot(double x, double y);

/// A hash of these functions' bits at fixed arguments: the same on every machine and build
/// (pinned by tests/test_detmath.c). Logs since stop 36 record it ("math", docs/format.md).
uint64_t tw_detmath_fingerprint(void);

/// For this thread, whether the functions above give the C library's results instead (sin, cos
/// ...): the replay of a log played before stop 36, with the functions it was played with, sets
/// it and puts it back. Returns the setting before. Off by default.
bool tw_math_use_libm(bool on);

#ifdef __cplusplus
}
#endif
#endif
