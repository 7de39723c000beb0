// Nikolas Lloyd's skirmish suite: the three-fight general's own play (ll_general_tf_play.c),
// called from ll_general_tf.c's decide (s25-three2; docs/lloyd.md, "ll-three, s25-three2").
#ifndef TW_LL_GENERAL_TF_H
#define TW_LL_GENERAL_TF_H
#include <stdbool.h>

#include "ll.h"

/// What a wound on t is worth to TF.D7's count (his points; a wounded man 0.3 of a point; the
/// enemy commander's death, CA.D2's 3 VP, is in ll_gen_tf_hurt_value).
double ll_gen_tf_worth(const tw_state *v, int t);
/// A move of the lone man f to p, facing `facing`, into *o; true if the rules take it.
bool ll_gen_tf_move_one(const tw_state *v, int side, int f, tw_vec2 p, double facing, tw_order *o);
/// The facing of f at p: towards the nearest enemy (his own facing with none).
double ll_gen_tf_facing_at(const tw_state *v, int f, tw_vec2 p);
/// How far p stands outside the charge of every enemy of side (his move, his weapon's reach; an
/// archer's `arch`), the least of them; 1e9 with no enemy.
double ll_gen_tf_clearance_arch(const tw_state *v, int side, int f, tw_vec2 p, double arch);
/// NQ.ATK.5 (s25-three2): a man of side engaged with several foes aims his attack roll at the one
/// where it takes the most expected points (TF.D7's count: hurt chance times worth); one order.
bool ll_gen_tf_aim(const tw_state *v, int side, tw_order *o);
/// s26-three (ll_general_tf_lure.c): what place p is worth to our commander f as a lure for the
/// enemy's bows (NQ.SHT.5: the random player's archers shoot at the first man in figure order they
/// may): +1 for each enemy archer who sees him at 24-29 in (long range, NQ.SHT.4), +0.3 at 18-24 in,
/// +2 more for a loaded one whom he would have moved against (his snap shot's man, NQ.OPP.1), -1
/// for each who has him at medium or short range; -5 and more inside an enemy's charge. Read on a
/// copy of the view with him at p (s28-llview): m's, kept for his places (ll_gen_moved_keep), or
/// with m NULL a copy of its own.
double ll_gen_tf_lure_score(const tw_state *v, ll_gen_moved *m, int side, int f, tw_vec2 p);
/// s26-three: our commander f steps to the place within his move with the best lure score (or
/// stays), facing the enemy archers; one order.
bool ll_gen_tf_lure(const tw_state *v, int side, int f, tw_order *o);
#endif
