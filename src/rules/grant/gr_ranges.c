// The War Game: the accepted range of every rule-set integer in a loaded scenario or state
// (tw_ruleset_ranges; docs/format.md). A document outside them is refused on load with the
// value's JSON path: a troop type indexes the tables, a house number the house vars, a gun or
// unit reference the state's arrays. Unused slots must be 0.
#include "gr.h"

#define MOVE_NO {-1, TW_LOAD_MAX_MOVE + 1, TW_REF_NONE} // a game move number (0 or -1: none)
#define FIXED {-102400000, 102400000, TW_REF_NONE}      // a position in 1/1024 in (GR_FIXED)
#define COUNT {0, TW_LOAD_MAX_COUNT, TW_REF_NONE}
#define FLAG {0, 1, TW_REF_NONE}
#define SMALL {0, 1000, TW_REF_NONE}
#define TALLY {0, TW_LOAD_MAX_MOVE, TW_REF_NONE} // grows at most once a move (or a shot)
/// The same range for each of the GR_MAX_HOUSES (16) houses' vars from `base`.
#define HOUSES(base, r)                                                                            \
	[base + 0] = r, [base + 1] = r, [base + 2] = r, [base + 3] = r, [base + 4] = r, [base + 5] = r, \
	[base + 6] = r, [base + 7] = r, [base + 8] = r, [base + 9] = r, [base + 10] = r, [base + 11] = r, \
	[base + 12] = r, [base + 13] = r, [base + 14] = r, [base + 15] = r

_Static_assert(GR_MAX_HOUSES == 16, "HOUSES lists 16 houses");

const tw_ruleset_ranges gr_ranges = {
	.phase_max = 0,
	.vars =
		{
			[GV_SETUP] = FLAG,
			HOUSES(GV_HOUSE_DMG, SMALL),    // GR.HOUSE.3: damage points
			HOUSES(GV_HOUSE_FIRE, MOVE_NO), // GR.HOUSE.6-8: the move it caught fire
			HOUSES(GV_HOUSE_RUIN, FLAG),
		},
	.unit_stats =
		{
			[GU_TYPE] = {0, GR_TROOP_COUNT - 1, TW_REF_NONE},
			[GU_ORIG] = COUNT,
			[GU_FLAGS] = {0, 0x0FFFFFFF, TW_REF_NONE}, // GUF_* bits, melee round, defensive-fire losses
			[GU_MORALE] = TALLY, // tests failed in a row
			[GU_EXHAUST] = MOVE_NO,
			[GU_REST] = {0, TW_LOAD_MAX_MOVE, TW_REF_NONE},
			[GU_RALLY] = MOVE_NO,
			[GU_LOST] = COUNT,
			[GU_XING] = MOVE_NO,
		},
	.fig_stats =
		{
			[GF_CP] = SMALL,
			[GF_MOUNTED] = FLAG,
			[GF_HOUSE] = {0, GR_MAX_HOUSES, TW_REF_NONE}, // house index + 1
			[GF_INSIDE] = FLAG,
			[GF_GUN] = {0, 0, TW_REF_GUNS},                   // gun id + 1
			[GF_ATTACHED] = {0, 0, TW_REF_UNITS},             // unit id + 1
			[GF_CASUALTY] = {0, TW_ORDER_MAX_FIG, TW_REF_NONE}, // rank in the casualty order
			[GF_ABOARD] = {0, 0, TW_REF_UNITS},               // barge unit id + 1
			[GF_XEND] = MOVE_NO,
			[GF_XX] = FIXED,
			[GF_XY] = FIXED,
		},
	.gun_stats =
		{
			[GG_DAMAGE] = TALLY,
			[GG_FIRED_IN] = MOVE_NO,
			[GG_HOWITZER] = FLAG,
			[GG_UNIT] = {-1, -1, TW_REF_UNITS},
			[GG_DESTROYED] = FLAG,
			[GG_TEAM_MOVED] = MOVE_NO,
			[GG_XEND] = MOVE_NO,
			[GG_XX] = FIXED,
			[GG_XY] = FIXED,
		},
};
