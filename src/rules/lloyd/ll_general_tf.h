// Nikolas Lloyd's skirmish suite: the three-fight general's own play (ll_general_tf_play.c),
// called from ll_general_tf.c's decide (s25-three2; docs/lloyd.md, "ll-three, s25-three2").
#ifndef TW_LL_GENERAL_TF_H
#define TW_LL_GENERAL_TF_H
#include <stdbool.h>

#include "ll.h"

/// What a wound on t is worth to TF.D7's count (his points; a wounded man 0.3 of a point; the
/// enemy commander's death, CA.D2's 3 VP, is in ll_gen_tf_hurt_value).
double ll_gen_tf_worth(const tw_state *v, int t);
/// NQ.ATK.5 (s25-three2): a man of side engaged with several foes aims his attack roll at the one
/// where it takes the most expected points (TF.D7's count: hurt chance times worth); one order.
bool ll_gen_tf_aim(const tw_state *v, int side, tw_order *o);
#endif
