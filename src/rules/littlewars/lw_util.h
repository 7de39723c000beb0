// Small helpers the large Country's rules share (issue 18 lw-box): each was copied into two or
// three files because its original was static; here once, and called from each.
#ifndef TW_LW_UTIL_H
#define TW_LW_UTIL_H
#include "lw.h"

/// KS.GEN.1: a figure's arm or service (lw_ks_arm): his record's `arm` when set, else by his kind
/// (lw_fig_arm: infantry and officers, cavalry, gunners the artillery, waggons Transport &
/// Supply, other figures the engineers, the General's figure).
int lw_arm_of(const tw_state *s, const tw_figure *f);
/// LW.BIG.7: p is on a road or bridge piece that is not torn up or blown (TW_TF_RUINED).
bool lw_on_road(const tw_state *s, tw_vec2 p);
/// LW.BIG.7: the whole path on the road: every point and every leg's midpoint.
bool lw_path_on_road(const tw_state *s, const tw_vec2 *pts, int n);
/// The path of figure i of a move order: its place, then the order's point for it (`at`) or the
/// lead's waypoints shifted by its offset from the lead (as lw_move.c measures a move). `out`
/// holds TW_ORDER_MAX_PATH + 1 points; returns how many it filled.
int lw_order_fig_path(const tw_state *s, const tw_order *o, int i, tw_vec2 *out);
/// LW.MV.3: a man's first move is measured from his back line: the inches he stands in front
/// of it (within 6 in, not moved yet, not the defensive game's), else 0.
double lw_first_move_offset(const tw_state *s, const tw_figure *f);
/// LW.MEL.16 (and KS.SUP.10, which surrenders as it does): f becomes `captor`'s prisoner, with
/// no escort yet, standing, marked surrendered (collected by the captor's nearest free man
/// within 6 in), moved by the captor from his next move (LW.MEL.10). No event: the caller's.
void lw_surrender_man(tw_state *s, tw_figure *f, int captor);

#endif
