// The orders of Charles Grant's The War Game, as a front-end offers them (docs/grant.md).
// This table belongs to the Grant rule set: it is kept here, outside src/rules/grant/, only until
// gr_ruleset.c's descriptor sets .orders itself (tw_ruleset_orders then prefers that).
#include "tinwar/ruleset.h"

static const char *const gr_move_modes[] = {"normal", "charge", "battle move", "into a house", NULL};
static const char *const gr_formations[] = {"line", "column", "open order", NULL};
static const char *const gr_volley_modes[] = {"volley", "pick off", NULL};
static const char *const gr_gun_modes[] = {"drawn by the team", "manhandled", NULL};
static const char *const gr_fire_modes[] = {"roundshot", "canister", NULL};

const tw_order_def tw_grant_orders[] = {
	{TW_OT_MOVE, "GR.MOVE: a unit moves (each figure to its place)", gr_move_modes, true},
	{TW_OT_FORMATION, "GR.GEN.10: line-type infantry changes formation (uses its move)", gr_formations, true},
	{TW_OT_VOLLEY, "GR.MUSK/GR.LIGHT: a unit's R&F fire at the unit of the target", gr_volley_modes, false},
	{TW_OT_GUN_MOVE, "GR.MOVE.6: a gun moves", gr_gun_modes, false},
	{TW_OT_FIRE, "GR.ART/GR.CANI/GR.HOW: a gun fires at a point", gr_fire_modes, false},
	{TW_OT_END_MOVE, "GR.GEN.2: end this side's part of the move", NULL, false},
};
const int tw_grant_norders = (int)TW_ARRAY_COUNT(tw_grant_orders);
