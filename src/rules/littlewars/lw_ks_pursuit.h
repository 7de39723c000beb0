// After the Kriegspiel's charge (issue 18 lw-box, lw_ks_pursuit.c): why a man may not move
// (KS.CH.4 close order or falling back, KS.RAIL.1 getting down from a train), and KS.CH.10/11's
// "keep retiring as long as pursued" as an obligation of the body's next moves.
#ifndef TW_LW_KS_PURSUIT_H
#define TW_LW_KS_PURSUIT_H
#include "lw.h"

/// The refusal for a man held still by ks_still_until, naming the clause that holds him
/// (ks_still_why): KS.CH.4 charged in close order, KS.CH.4 fell back, KS.RAIL.1 unloading.
tw_status lw_ks_still_refusal(const tw_state *s, const tw_figure *f, tw_error *err);
/// KS.CH.10/11: f is pursued when a free enemy cavalryman (not the General's figure) stands
/// within charging distance (KS.CH.1's 36 in, base to base); *by gets his id (may be NULL).
bool lw_ks_pursued(const tw_state *s, const tw_figure *f, int32_t *by);
/// KS.CH.10 (cavalry) / KS.CH.11 (infantry): a man of a retiring body (ks_retiring) who is
/// pursued must retire: his move from `from` to `to` must end nearer his own back line. Refused
/// naming the clause and the pursuer; TW_OK otherwise (not retiring, or no longer pursued).
tw_status lw_ks_retire_check(const tw_state *s, const tw_figure *f, tw_vec2 from, tw_vec2 to, tw_error *err);
/// Marks f's body as retiring from this game move (KS.CH.7's loser, KS.CH.11's infantry).
void lw_ks_mark_retiring(tw_state *s, tw_figure *f);
/// At the end of a side's move: its men no longer pursued (or no longer free) are released from
/// the obligation; the pursuit has stopped (KS.CH.10: fresh cavalry or fire stops the pursuers).
void lw_ks_pursuit_end_move(tw_state *s, int side, tw_events *ev);

#endif
