// KS.CH.13 (issue 18 lw-box, lw_ks_gun_retire.c): artillery that retires from cavalry within
// charging distance must keep retiring as long as the cavalry pursues.
#ifndef TW_LW_KS_GUN_RETIRE_H
#define TW_LW_KS_GUN_RETIRE_H
#include "lw.h"

/// KS.CH.13: gun g is pursued when a free enemy cavalryman (not the General's figure) stands with
/// his base within charging distance (KS.CH.1's 36 in) of the gun's nearest point; *by gets his
/// id (may be NULL).
bool lw_ks_gun_pursued(const tw_state *s, const tw_gun *g, int32_t *by);
/// KS.CH.13, on a gun move of gun g to `to` (its new axle): a retiring gun (ks_retiring) that is
/// pursued must end nearer its own back line. Refused naming KS.CH.13 and the pursuer.
tw_status lw_ks_gun_retire_check_move(const tw_state *s, const tw_gun *g, tw_vec2 to, tw_error *err);
/// KS.CH.13, on fire (shells too): a retiring gun that is pursued is limbered up and going: it
/// may not fire. Refused naming KS.CH.13 and the pursuer.
tw_status lw_ks_gun_retire_check_fire(const tw_state *s, const tw_gun *g, tw_error *err);
/// KS.CH.13, as a gun move is applied (before the gun moves): a gun pursued at the start of its
/// move that moves nearer its own back line has retired from the cavalry: it is marked retiring
/// from this game move (event KS.CH.13). In the Kriegspiel only.
void lw_ks_gun_note_move(tw_state *s, const tw_gun *g, tw_vec2 to, tw_events *ev);
/// KS.CH.13, at the end of side's move: its retiring guns no longer pursued (or taken, boxed,
/// aboard or destroyed) are released (one event KS.CH.13).
void lw_ks_gun_pursuit_end_move(tw_state *s, int side, tw_events *ev);

#endif
