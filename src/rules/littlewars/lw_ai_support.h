// LW.MEL.1's supporters counted from the general's lists (issue 18, Scale): the free men of a
// side filed by cell (lw_ai_lists.c) instead of a pass over every figure. The same count as
// lw_supporters (lw_melee.c) with no men excluded; tests/test_lw_perf_paths.c checks it.
#ifndef LW_AI_SUPPORT_H
#define LW_AI_SUPPORT_H
#include "lw_ai.h"

/// lw_supporters(s, side, body, n, NULL), with l made from s (lw_ai_lists_make).
int lw_ai_supporters(const tw_state *s, lw_ai_lists *l, int side, const int32_t *body, int n);
/// The same count, but stopping once it reaches `enough` (s31; enough >= 0): min(count, enough). For
/// isolation (LW.MEL.1: 2 * supporters < n), enough = (n + 1) / 2 gives the same answer.
int lw_ai_supporters_upto(const tw_state *s, lw_ai_lists *l, int side, const int32_t *body, int n, int enough);

#endif
