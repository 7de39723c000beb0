// Tests that play a game with the C library's math functions (tw_math_use_libm) and assert the
// hash pinned before stop 36: those hashes came from one C library's bits (glibc 2.36's FMA code on
// x86-64, math fingerprint 17cab4245376c65e). Where this machine's library gives other bits the old
// games cannot be expected, and such a test says so and checks the engine's own math alone.
#ifndef TW_TEST_LIBM_ERA_H
#define TW_TEST_LIBM_ERA_H
#include <stdbool.h>
#include <stdio.h>

#include "tinwar/mathprint.h"

#define TW_TEST_LIBM_ERA_MATH 0x17cab4245376c65eull

static inline bool tw_test_libm_era(void)
{
	if (tw_math_fingerprint() == TW_TEST_LIBM_ERA_MATH)
		return true;
	printf("this machine's C library gives other math bits than the one the old hashes came from: "
	       "the games with the C library's functions are not checked\n");
	return false;
}
#endif
