// The computer general's gun targets within a move (issue 18, s30): the enemy men a gun has in
// range and in sight, kept from one gun_target call to the next for the same gun in the same
// move. Between such calls the enemy men do not move (the guns act first in a move, LW.MV.11),
// only fall; a man in range and sight stays so while he, the gun and the table are as they were.
// Each reuse checks that: every enemy free man now was free then, where he stands now (bit for
// bit), so the men listed are exactly those the plain loop would find in range and sight, in
// figure order, less those no longer free. Anything else lists afresh.
#ifndef TW_LW_AI_GUNSIGHT_H
#define TW_LW_AI_GUNSIGHT_H
#include <stdbool.h>
#include <stdint.h>

#include "lw.h"

typedef struct lw_gunsight {
	bool valid;
	int32_t gun, side, move_no, nfig;
	tw_vec2 axle;     ///< the gun's axle when listed (bits compared)
	double z0;        ///< the muzzle's ground + 1 in when listed (bits compared)
	int cap;          ///< the arrays' length (figures)
	uint8_t *was_free;///< per figure: an enemy free man when listed
	tw_vec2 *pos;     ///< per figure: where he stood
	int n;            ///< men listed
	int32_t *idx;     ///< the men in range and sight, in figure order
	double *dist;     ///< each one's distance from the axle
} lw_gunsight;

/// True when gs's list holds for gun g of `side` in s (the same gun, move, axle, z0 and figure
/// count, and every enemy free man of s free and standing where he stood then).
bool lw_gunsight_holds(const lw_gunsight *gs, const tw_state *s, const tw_gun *g, int side, double z0);
/// Starts a new list for gun g of `side` in s (the key and every figure's state noted). False
/// without memory: then nothing is kept (valid stays false) and lw_gunsight_add does nothing.
bool lw_gunsight_begin(lw_gunsight *gs, const tw_state *s, const tw_gun *g, int side, double z0);
/// Adds man i at distance d (call in figure order, only after lw_gunsight_begin returned true).
void lw_gunsight_add(lw_gunsight *gs, int i, double d);
/// Forgets the list (the table changed).
void lw_gunsight_clear(lw_gunsight *gs);
void lw_gunsight_free(lw_gunsight *gs);

#endif
