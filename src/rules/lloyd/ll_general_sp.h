// Nikolas Lloyd's skirmish suite: the six-player general's own play for its men (h6-six,
// ll_general_sp_play.c), used by ll-six (ll_general_sp.c).
#ifndef TW_LL_GENERAL_SP_H
#define TW_LL_GENERAL_SP_H
#include "ll.h"

/// NQ.DMG.1/2: the chance that `dice` d20 against toughness t make two damage hits or more (the
/// man is wounded or worse, out of SP.D4's count of men in good order).
double ll_gen_sp_hurt_odds(int dice, int t);
/// The points in good order archer f's shot at t is expected to take (the hit chance, NQ.SHT.3/4,
/// NQ.OPP.2, times the hurt chance, times t's points; a tenth of them if t is wounded already).
double ll_gen_sp_shot_value(const tw_state *v, int f, int t);
/// The shot of `side`'s men that takes the most expected points (ties: the strongest enemy
/// player's man, then the nearest), legal now; false if none.
bool ll_gen_sp_shoot(const tw_state *v, int side, tw_order *o);
/// NQ.RCH.2: a spearman of `side` moves to `stop` in from an enemy without a long weapon (inside
/// his spear's reach, out of contact: the enemy cannot hurt him there); the most points first.
bool ll_gen_sp_spear_charge(const tw_state *v, int side, tw_order *o, double stop, const ll_gen_opts *op);
/// A loaded archer of `side` who may still move and shoot steps (within his move, out of every
/// enemy hand-to-hand man's charge) to where his best shot is worth more than `gain` times his
/// best from where he stands; false if none.
bool ll_gen_sp_archer_step(const tw_state *v, int side, tw_order *o, double gain, const ll_gen_opts *op);
/// NQ.ATK.5: a man of `side` engaged with several foes aims his attack roll where it takes the
/// most expected points (worth times the hurt chance; a third where he must close first).
bool ll_gen_sp_aim(const tw_state *v, int side, tw_order *o);
/// NQ.EVD.1: a man of `side` being charged (the first, in figure order) tries to evade; false if
/// none may.
bool ll_gen_sp_evade(const tw_state *v, int side, tw_order *o);
#endif
