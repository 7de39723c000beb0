// A rule set's odds hook (`tinwar odds`) asked from a test: its answer as text. Shared by the odds
// tests of Rattle, Science versus Luck and others (tests/test_rd_rules.c, test_rd_melee.c,
// test_sv_rules.c, test_sv_shot_odds.c).
#ifndef TW_TEST_ODDS_TEST_H
#define TW_TEST_ODDS_TEST_H
#include "tinwar/tinwar.h"

/// rs->odds(q, names[0..n) = values[0..n)): what it wrote (heap, the caller frees it; "" if
/// nothing), its status in *st, and its error in *err if err is not NULL.
char *tw_test_odds(const tw_ruleset *rs, const char *q, int n, const char *const *names, const char *const *values,
		   tw_status *st, tw_error *err);
#endif
