// How many of a test's random cases or games to play: all of them in gcc Debug, gcc Release and
// clang Release; a fraction under the sanitizers (the ASan+UBSan build, CMake's
// TINWAR_SANITIZE), where the same code runs ~5-10 times slower and what is checked is memory
// and undefined behaviour, not the statistics. Every case kind stays in (the count is never
// below `floor`); the sampled cases are the first ones of the full run (same seeds, same order).
// TW_FULL_COUNTS=1 in the environment plays the full count in the sanitizer build too.
#ifndef TW_TEST_SCALE_H
#define TW_TEST_SCALE_H

#include <stdbool.h>

/// True in the sanitizer build (tests/support compiled with TW_SANITIZE_BUILD).
bool tw_test_sanitized(void);
/// `full` outside the sanitizer build (or with TW_FULL_COUNTS=1); there, full / div, at least
/// `floor` (and never more than full).
int tw_test_count(int full, int div, int floor);

#endif
