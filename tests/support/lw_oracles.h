// The plain computations behind the Little Wars computer general's fast paths (lw_ai.h): each
// is the straightforward loop a fast path must agree with bit for bit. Test code only; compared
// in tests/test_fast_paths.c.
#ifndef TW_TEST_LW_ORACLES_H
#define TW_TEST_LW_ORACLES_H
#include "rules/littlewars/lw_ai.h"

/// The route field for `side` relaxed cell by cell: lw_route_sources, then up to 40 rounds of a
/// forward pass (rows top first, cells left to right: each passable cell, or source, from its
/// left, upper, upper-left and upper-right neighbours) and the mirrored backward pass, until a
/// round changes nothing. Same steps (1 cell, 1.41421356 cells diagonally) as lw_route_build.
void lw_oracle_route(const tw_state *s, lw_route *rt, int side);
/// Whether a man can stand at the centre of cell (x, y) of rt's grid: on dry land and at least
/// 0.6 in from every impassable piece, each piece measured in full (no box early-out).
bool lw_oracle_pass(const tw_state *s, const lw_route *rt, int x, int y);
/// The nearest free man not of `side` to p by tw_dist, every man measured (the first of equals);
/// INFINITY and *who = -1 when there is none.
double lw_oracle_nearest_enemy(const tw_state *s, int side, tw_vec2 p, int *who);
/// Free men of `side` whose base comes within r inches of p, counted over every figure of s.
int lw_oracle_count_near(const tw_state *s, int side, tw_vec2 p, double r);
/// The charge arithmetic of lw_ai_charge counted over every figure of s: takers, supporters
/// (LW.MEL.1) and our men who join, then lw_charge_value.
lw_charge_eval lw_oracle_charge(const tw_state *s, int side, const tw_figure *e, int nours);

/// LW.MEL.1's supporters of a body (ids) counted by the plain loops (lw_supporters without
/// exclusions): free men of `side` not in the body within their own move of a member.
int lw_oracle_supporters(const tw_state *s, int side, const int32_t *body, int n);

#endif
