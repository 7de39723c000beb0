// h6-nq: the NQ general's own doctrine (ll_general_nq_own.c), played by ll-nq alone.
#ifndef LL_GENERAL_NQ_OWN_H
#define LL_GENERAL_NQ_OWN_H
#include "ll.h"

enum { LL_NQ_MEMO_FIGS = 1024 };
/// ll-nq's memory (its general's ctx, zeroed at creation): in side `side`'s move phase of turn
/// `turn`, the archers found out of every enemy's charge (one bit a figure) while the enemy's
/// hand-to-hand men stood as `sig` says.
typedef struct ll_nq_memo {
	bool valid;
	int turn, side;
	uint64_t sig; ///< the enemy's hand-to-hand men as they stood
	uint8_t safe[LL_NQ_MEMO_FIGS / 8];
} ll_nq_memo;

/// The options ll-nq plays the shared NQ turn with: its ranking of targets, and its hand-to-hand
/// men kept from the shared advance (ll_gen_nq_own_move moves them).
const ll_gen_opts *ll_gen_nq_own(void);
/// ll-nq's archers whom an enemy could charge next turn step out of reach instead of loading.
bool ll_gen_nq_own_archers(const tw_state *v, int side, tw_order *o, ll_nq_memo *memo);
/// ll-nq's hand-to-hand bodies: a charge, else an advance; false when none of them moves.
bool ll_gen_nq_own_move(const tw_state *v, int side, tw_order *o);
/// ll_general_nq.c's shared pieces: the body f belongs to (his group, or he alone) moved by off,
/// all facing `facing`, into *o; our bows outnumber the enemy's.
void ll_gen_nq_body_move(const tw_state *v, int side, int f, tw_vec2 off, double facing, tw_order *o);
bool ll_gen_nq_outshoots(const tw_state *v, int side);
#endif
