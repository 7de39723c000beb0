// The large Country's and the Kriegspiel's computer general (lw_ai_big.c) and its helpers in
// lw_ai_supply.c (KS.SUP: supplies) and lw_ai_train.c (LW.BIG.9/10: trains). Internal to the
// rule set's generals.
#ifndef TW_LW_AI_BIG_H
#define TW_LW_AI_BIG_H
#include <stdbool.h>
#include <stdint.h>

#include "lw.h"

/// KS.SUP.1/2/5: a `supply` order of `side` handing packets to every man of it who must be fed
/// in this cycle, is not fed yet and stands within reach of a Transport & Supply man who has not
/// moved this move (no enemy on the line between), with enough packets (KS.GEN.2: food for the
/// men, forage for the horses, and ammunition as if the body had fired in all 6 moves). False
/// when the game keeps no supply cycle or nobody can be fed now. The order is one the rules accept.
bool lw_ai_ks_supply(const tw_state *s, int side, tw_order *o);
/// Where Transport & Supply man `ts` of `side` should go: behind the men of his side he serves
/// (each man is served by the nearest such man), and first towards those who are not fed yet and
/// out of reach; 30 in behind their middle, towards his own back line. False: not a T&S man.
bool lw_ai_ks_ts_target(const tw_state *s, int side, int ts, tw_vec2 *to);
/// KS.SUP.2: man i of `side` must be fed in this cycle, is not yet, and no T&S man of his side
/// reaches him: *to is where he stands within reach of the nearest (12 in inside it).
bool lw_ai_ks_hungry(const tw_state *s, int side, int i, tw_vec2 *to);
/// LW.BIG.9/10, KS.RAIL.1: the next train order of `side`: men beside a train board it (those
/// within a move walk up to it first), a loaded train runs up its line towards the enemy, and
/// the men get down 150 in short of him. done[k] (LW_TRAIN_MAX entries, zeroed at the start of
/// the game) keeps each train's use across moves; walked (one per figure, zeroed each move)
/// the men who walked up this move. False: no train order now.
bool lw_ai_train(const tw_state *s, int side, uint8_t *done, uint8_t *walked, tw_order *o);
/// A man's arm (KS.GEN.1): his record's, or by his kind.
int lw_ai_arm(const tw_state *s, const tw_figure *f);
/// Whether the rules accept o in s (the rule set's validate).
bool lw_ai_valid(const tw_state *s, const tw_order *o);
/// Whether figure f is a free Transport & Supply man (KS.GEN.1: arm LW_ARM_TS).
bool lw_ai_is_ts(const tw_state *s, const tw_figure *f);
/// big2 (lw_ai_ground.c): whether n men set out in a square 1.25 in apart centred on c (an
/// opened box, a train's men getting down) would all stand clear of water no ford or bridge
/// covers and of solid pieces (houses, walls, trees, rocks), so that they can walk on.
bool lw_ai_men_fit(const tw_state *s, tw_vec2 c, int n);
/// biggen (lw_ai_guns.c): the next gun order of `side` before any man moves (LW.MV.11): each
/// gun in action from *cursor on (zeroed each move) fires its shots (LW.MOB.6) at the enemy man
/// with most enemy men round him and none of ours near the line of fire or the target, then
/// its trail pair (LW.MOB.10). False: no gun order now.
bool lw_ai_big_guns(const tw_state *s, int side, int *cursor, tw_order *o);
/// biggen (lw_ai_guns.c): sets bit 2 in mask[] (one per figure) of each gun's crew: the
/// LW_GUN_CREW nearest free men of `side` within 6 in of each of its guns on the table
/// (LW.MOB.4). They stay by it in the hunt, so that it fires on to the end.
void lw_ai_gun_crews(const tw_state *s, int side, uint8_t *mask);

#endif
