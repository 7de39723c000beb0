// Nikolas Lloyd's skirmish suite (ll-nq2): the orders the engine may apply in place without first
// saving the state (tw_ruleset.apply_atomic). In the NQ game (and the three-fight and six-player
// games, which play the NQ turn), move, shoot, load, weapon and aim either succeed or change
// nothing:
// - they validate fully beforehand and their apply never refuses (ll_apply_move, ll_apply_shoot,
//   ll_apply_load, ll_apply_weapon, LL_OT_AIM in ll_apply);
// - their one allocation, NQ.GRP.5's work arrays after a hit (ll_apply_shoot), is made before the
//   state changes;
// - their events fit in the room the engine makes first (2 per figure + 2 per order figure + 64):
//   a move pushes two per mover; a shot a roll, its text, a group's roll, at most two events of
//   damage dice (32 faces each, at most 32 dice), the damage and a driven-back move, and at most
//   one NQ.GRP.5 event per figure; a load one per archer; a weapon or an aim one.
// Start, end (the melee), evade and every fast-play (Type III) order are saved first as before.
// tests/test_ll_fast.c applies every order of random and computer games both ways (in place and
// on a copy), with allocations failing, and compares.
#include "ll.h"

bool ll_apply_atomic(const tw_state *s, const tw_order *o)
{
	if (LL_FP(s))
		return false;
	switch (o->type) {
	case LL_OT_MOVE:
	case LL_OT_SHOOT:
	case LL_OT_LOAD:
	case LL_OT_WEAPON:
	case LL_OT_AIM: return true;
	default: return false;
	}
}
