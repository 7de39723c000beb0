// Several players a side (LW.BIG.12, KS.GEN.1/2): the roles of the Kriegspiel's seats on the
// state and which pieces each may order (lw_seats.c).
#ifndef TW_LW_SEATS_H
#define TW_LW_SEATS_H
#include "lw.h"

/// KS.GEN.1: the arm or service a figure belongs to (lw_ks_arm): infantry (and officers),
/// cavalry, artillery (gunners), Transport & Supply (waggons), engineers (other), the General.
int lw_fig_arm(const tw_figure *f);
/// The roles of a game with the `seats` parameter at per_arm: for each side its General (KS.GEN.1,
/// TW_ROLE_CHIEF, standing within 6 ft of his figure, KS.GNL.1), one player per arm it fields
/// (artillery when it has guns) and its official (KS.GEN.2). 0 when the parameter is `one`.
int lw_roles(const tw_state *s, tw_role_def *out, int max);
/// KS.GEN.1/2: an arm's player orders his arm's men (and the artillery its guns with any men as
/// crew); orders that name no piece (the toss, ready, end of move ...) are the General's; an
/// official gives none. Refusals name KS.GEN.1 or KS.GEN.2.
tw_status lw_role_may(const tw_state *s, const tw_role_def *r, const tw_order *o, tw_error *err);

#endif
