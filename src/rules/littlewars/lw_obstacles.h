// Little Wars and the Kriegspiel: what the barricade and the ditch are here (issue 16,
// lw_obstacles.c). A barricade is a wall: impassable (LW.MOB.1, LW.MOB.14, as every piece figures
// cannot enter) and, for the Kriegspiel, an entrenchment that covers the men behind it from a
// shell (KS.SH.5). A ditch is rough going: each inch of a move inside one counts two against the
// man's allowance (LW.MOB.2/3, LW.BIG.1, KS.MOV.1); in the Kriegspiel it is an entrenchment: a
// man standing in it is covered from a shell that bursts outside it (KS.SH.5).
#ifndef TW_LW_OBSTACLES_H
#define TW_LW_OBSTACLES_H
#include "tinwar/tinwar.h"

typedef struct lw_ter_kind {
	double extra;      ///< each inch of a move inside it costs 1 + extra inches (a ditch: 1)
	bool entrenchment; ///< KS.SH.5: a man standing in it is covered from a shell bursting outside it
} lw_ter_kind;
extern const lw_ter_kind lw_ter_kinds[TW_TER_KIND_COUNT];

/// The kinds with extra > 0 in lw_ter_kinds, a bit each (s27-hook8: lw_rough_extra's first pass).
#define LW_ROUGH_KINDS (1u << TW_TER_DITCH)
/// Tests only: true makes lw_rough_extra look at every piece's kind entry (the plain loop).
extern bool lw_rough_plain;
/// The inches a path pts[0..n) adds to its length for the rough going it crosses (0 on clear ground).
double lw_rough_extra(const tw_state *s, const tw_vec2 *pts, int n);
/// Tests only: true makes the move checks (lw_move.c's check_own) ask lw_check_leg,
/// lw_check_standing and lw_rough_extra in full (s31-move: not the table's pieces looked at once),
/// and lw_check_standing read each gun's records before its box test (s31-move: after).
extern bool lw_move_terrain_plain;
/// KS.SH.5: a man at `man` stands in an entrenchment (a ditch) that the shell's point p is outside.
bool lw_ks_dug_in(const tw_state *s, tw_vec2 p, tw_vec2 man);
#endif
