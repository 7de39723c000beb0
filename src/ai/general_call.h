// Calling a general's decide (s31). A general fills the order it gives; the places and facings of
// an order's men (tw_order.at and .facing, one per figure listed) are the part most generals
// leave alone where they mean nothing (a facing for a move, a place for a man told to lie down),
// yet the shape check reads the facings of a "places" field (they must be finite) and the game's
// log keeps both for every man. Left unset they were whatever the order's buffer held before: a
// NaN from an earlier game's bytes had the order refused and the general's move ended, anything
// else went into the log. So every caller of decide clears them first: what a general does not
// set is 0.
#ifndef TW_AI_GENERAL_CALL_H
#define TW_AI_GENERAL_CALL_H
#include <string.h>

#include "tinwar/general.h"

static inline tw_status tw_general_call(tw_general *g, const tw_state *s, int side, tw_order *out)
{
	memset(out->at, 0, sizeof out->at);
	memset(out->facing, 0, sizeof out->facing);
	return g->def->decide(g, s, side, out);
}
#endif
