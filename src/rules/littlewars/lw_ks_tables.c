// The Kriegspiel's tables as data (KS.MOV.1-5, KS.FORM.1-5, KS.TER.1, KS.RE.1-6, KS.CH.2/3/12)
// and the arithmetic of moving by arm.
#include <math.h>

#include "lw_big.h"

const char *const lw_ks_arm_names[LW_ARM_COUNT + 1] = {"infantry", "cavalry", "engineers", "artillery",
						       "supply", "general", "boats", NULL};

// KS.MOV.1 (across country, on a road), KS.MOV.2 (infantry and cavalry in twos or fours on a road:
// half as much again), KS.MOV.4 (wheeled), KS.FORM.1-5 (who fords a river).
const lw_ks_arm_row lw_ks_arms[LW_ARM_COUNT] = {
	[LW_ARM_INFANTRY] = {12.0, 18.0, false, true},
	[LW_ARM_CAVALRY] = {36.0, 54.0, false, true},
	[LW_ARM_RE] = {24.0, 24.0, false, false},
	[LW_ARM_RA] = {24.0, 24.0, true, false},
	[LW_ARM_TS] = {6.0, 12.0, true, false},
	[LW_ARM_GENERAL] = {36.0, 72.0, false, true},
	[LW_ARM_BOATS] = {12.0, 12.0, false, false},
};

// KS.FORM.1-3, in half moves.
const lw_ks_form_row lw_ks_forms[LW_FA_COUNT] = {
	[LW_FA_FORD] = {-1, 2, false, "KS.FORM.1"},
	[LW_FA_FOURS_RANKS] = {LW_ARM_INFANTRY, 1, false, "KS.FORM.1"},
	[LW_FA_RANKS_EXT] = {LW_ARM_INFANTRY, 1, false, "KS.FORM.1"},
	[LW_FA_CAV_FORM] = {LW_ARM_CAVALRY, 1, false, "KS.FORM.2"},
	[LW_FA_MOUNT] = {LW_ARM_CAVALRY, 2, false, "KS.FORM.2"},
	[LW_FA_DISMOUNT] = {LW_ARM_CAVALRY, 2, false, "KS.FORM.2"},
	[LW_FA_UNLIMBER] = {LW_ARM_RA, 1, false, "KS.FORM.3"},
	[LW_FA_LIMBER] = {LW_ARM_RA, 1, false, "KS.FORM.3"},
	[LW_FA_EMBARK] = {LW_ARM_INFANTRY, 4, true, "KS.FORM.1"},
	[LW_FA_DISEMBARK] = {LW_ARM_INFANTRY, 2, true, "KS.FORM.1"},
};

// KS.RE.1-6: men (0 = any party of engineers) and moves.
const lw_ks_work_row lw_ks_works[LW_KS_WORK_COUNT] = {
	[LW_RAIL_TEAR] = {4, 2, false, "LW.BIG.11"},
	[LW_RAIL_RELAY] = {8, 3, false, "LW.BIG.11"},
	[LW_KS_DEMOLISH_RAIL_BRIDGE] = {0, 2, true, "KS.RE.1"},
	[LW_KS_REPAIR_RAIL_BRIDGE] = {0, 10, true, "KS.RE.1"},
	[LW_KS_DEMOLISH_CULVERT] = {0, 1, true, "KS.RE.1"},
	[LW_KS_REPAIR_CULVERT] = {0, 5, true, "KS.RE.1"},
	[LW_KS_DEMOLISH_ROAD_BRIDGE] = {0, 1, true, "KS.RE.1"},
	[LW_KS_REPAIR_ROAD_BRIDGE] = {0, 5, true, "KS.RE.1"},
	[LW_KS_BURN_DEPOT] = {1, 2, false, "KS.RE.2"},
	[LW_KS_WRECK_WAGGONS] = {4, 1, false, "KS.RE.3"},
	[LW_KS_MINE] = {2, 6, false, "KS.RE.4"},
	[LW_KS_ENTRENCH] = {2, 4, false, "KS.RE.5"},
	[LW_KS_EPAULEMENT] = {6, 4, false, "KS.RE.6"},
};

const char *const lw_ks_work_names[LW_KS_WORK_COUNT + 1] = {
	"tear_rail", "relay_rail", "demolish_rail_bridge", "repair_rail_bridge", "demolish_culvert", "repair_culvert",
	"demolish_road_bridge", "repair_road_bridge", "burn_depot", "wreck_waggons", "mine", "entrench", "epaulement", NULL};

// KS.CH.2 (extended order), KS.CH.3 (close order, the reverse), by band far, middle, near.
const lw_ks_charge_row lw_ks_charge_ext[LW_BAND_COUNT] = {
	[LW_BAND_FAR] = {1, 5, 1, 1}, [LW_BAND_MID] = {1, 10, 2, 1}, [LW_BAND_NEAR] = {1, 15, 3, 1}};
const lw_ks_charge_row lw_ks_charge_close[LW_BAND_COUNT] = {
	[LW_BAND_FAR] = {3, 1, 1, 15}, [LW_BAND_MID] = {2, 1, 1, 10}, [LW_BAND_NEAR] = {1, 1, 1, 5}};
// KS.CH.12: men lost per gun charged from 3, 2 and 1 ft.
const int lw_ks_charge_gun_loss[LW_BAND_COUNT] = {4, 3, 1};

int lw_ks_blocks(double w, double d)
{
	if (!(w > 0 && d > 0))
		return 0;
	return (int)ceil(w / LW_KS_BLOCK_IN - 1e-9) * (int)ceil(d / LW_KS_BLOCK_IN - 1e-9); // KS.TER.1
}

double lw_ks_move(int arm, bool road, bool twos_or_fours)
{
	if (arm < 0 || arm >= LW_ARM_COUNT)
		return 0.0;
	const lw_ks_arm_row *r = &lw_ks_arms[arm];
	if (!road)
		return r->move;
	// KS.MOV.2: the road bonus of infantry and cavalry needs twos or fours.
	if ((arm == LW_ARM_INFANTRY || arm == LW_ARM_CAVALRY) && !twos_or_fours)
		return r->move;
	return r->road; // KS.MOV.1: supply 12 in on roads, the General 72 in by motor
}

double lw_ks_contour_cost(int up, int down)
{
	// KS.MOV.3: each contour up counts 1 ft; every 2 down count 1 ft (6 in each).
	return 12.0 * (up > 0 ? up : 0) + 6.0 * (down > 0 ? down : 0);
}

bool lw_ks_wheels_pass(int arm, int contours_per_ft, bool road)
{
	if (arm < 0 || arm >= LW_ARM_COUNT || !lw_ks_arms[arm].wheeled)
		return true;
	return road || contours_per_ft < 4; // KS.MOV.4
}

tw_status lw_ks_check_fire_move(int arm, bool fired, bool moved, tw_error *err)
{
	bool bound = arm == LW_ARM_INFANTRY || arm == LW_ARM_CAVALRY || arm == LW_ARM_RA;
	if (bound && fired && moved)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.MOV.5", "%s may not both fire and move in the same move",
				    lw_ks_arm_names[arm]);
	return TW_OK;
}

int lw_ks_form_halves(int act, int arm, int men, tw_error *err)
{
	if (act < 0 || act >= LW_FA_COUNT || arm < 0 || arm >= LW_ARM_COUNT)
		return tw_error_set(err, TW_ERR_INPUT, "KS.FORM.1", "no such formation change"), -1;
	const lw_ks_form_row *r = &lw_ks_forms[act];
	if (act == LW_FA_FORD) {
		if (!lw_ks_arms[arm].fords) {
			const char *c = arm == LW_ARM_RA ? "KS.FORM.3" : arm == LW_ARM_RE ? "KS.FORM.4" : "KS.FORM.5";
			return tw_error_set(err, TW_ERR_ILLEGAL, c, "%s cannot cross rivers (a bridge will take them)",
					    lw_ks_arm_names[arm]),
			       -1;
		}
	} else if (r->arm != arm) {
		return tw_error_set(err, TW_ERR_ILLEGAL, r->clause, "that is a change for %s, not %s",
				    lw_ks_arm_names[r->arm], lw_ks_arm_names[arm]),
		       -1;
	}
	if (r->per20)
		return r->halves * (((men > 0 ? men : 0) + 19) / 20); // KS.FORM.1: groups of 20 rounded up
	return r->halves;
}

tw_status lw_ks_check_re_start(bool moved, tw_error *err)
{
	if (moved)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.4",
				    "engineers cannot begin a repair or a demolition in a move in which they changed position");
	return TW_OK;
}

tw_status lw_ks_check_handover(bool moved, tw_error *err)
{
	if (moved)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.5",
				    "Transport & Supply cannot hand over supplies in a move in which they moved");
	return TW_OK;
}
