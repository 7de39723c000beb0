// Little Wars: the accepted range of every rule-set integer in a loaded scenario or state
// (tw_ruleset_ranges; docs/format.md). A document outside them is refused on load with the
// value's JSON path, so that no rule ever meets, say, a melee count of INT32_MAX (LW.MEL.3
// numbers melees from it) or a defending side that does not exist. Unused slots must be 0.
#include "lw.h"

#define MOVE_NO {-1, TW_LOAD_MAX_MOVE + 1, TW_REF_NONE} // a game move number (or -1)
#define SIDE_OR_NONE {-1, -1, TW_REF_SIDES}               // a side index, or -1
#define GUN_OR_NONE {-1, -1, TW_REF_GUNS}                 // a gun id, or -1

const tw_ruleset_ranges lw_ranges = {
	.phase_max = LW_PH_COUNTRY,
	.vars =
		{
			[LWV_MEN_MOVED] = {0, 1, TW_REF_NONE},
			[LWV_FIRE_FROM] = MOVE_NO,
			[LWV_FIRE_FROM_B] = MOVE_NO,
			[LWV_READY] = {0, (1 << TW_MAX_SIDES) - 1, TW_REF_NONE}, // bit i: side i is ready
			[LWV_DEFENDER] = SIDE_OR_NONE,
			[LWV_BLOW_SIDE] = SIDE_OR_NONE,
			[LWV_BLOW_MOVE] = MOVE_NO,
			[LWV_ORIG_ATTACK] = {0, TW_LOAD_MAX_COUNT, TW_REF_NONE},
			[LWV_RESERVE_ROLL] = {0, 12, TW_REF_NONE}, // 2d6, 0 before the roll
			[LWV_RESERVE_ROLL_B] = {0, 12, TW_REF_NONE},
			[LWV_MELEES] = {0, 1000000000, TW_REF_NONE},
			[LWV_FIRING_GUN] = GUN_OR_NONE,
			[LWV_DRAW_AT] = {0, TW_LOAD_MAX_COUNT, TW_REF_NONE},
			[LWV_BUILDER] = SIDE_OR_NONE,
		},
	.fig_stats = {[LWF_CHANGED_IN] = MOVE_NO},
	.gun_stats =
		{
			[0] = {0, 0xFFFF, TW_REF_NONE}, // TW_FF_* bits (TW_FF_HIDDEN behind the curtain)
			[1] = {0, 1, TW_REF_NONE},      // LW.VAR.9: out of the battle
		},
};
