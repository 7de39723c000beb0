// Little Wars on a large Country (LW.BIG.1-8, 12): move multipliers that drop back as the armies
// close, the pace of boxes, waggons and ammunition carts, roads, the outdoor option, players a
// side. Lidded boxes are lw_boxes.c, railways lw_rail.c.
#include <math.h>

#include "lw_big.h"

tw_status lw_big_check_opts(const lw_big_opts *o, tw_error *err)
{
	if (o->mult < 1 || o->mult > 3)
		return tw_error_set(err, TW_ERR_INPUT, "LW.BIG.1", "the move multiplier is %d: it must be 1, 2 or 3",
				    o->mult);
	if (o->mult > 1 && o->close_ft != 15 && o->close_ft != 12 && o->close_ft != 10)
		return tw_error_set(err, TW_ERR_INPUT, "LW.BIG.1",
				    "moves drop back to normal at 15, 12 or 10 ft, not %d ft", o->close_ft);
	if (!(o->outdoor >= 1.0 && o->outdoor <= LW_BIG_OUTDOOR_MAX))
		return tw_error_set(err, TW_ERR_INPUT, "LW.BIG.8",
				    "outdoor moves may be increased up to double the indoor lengths, not %g times", o->outdoor);
	return TW_OK;
}

// LW.BIG.1 interpretation: all troops go back to 1x at the end of the first move in which any
// opposing pieces (men or boxes) are within the threshold, and stay there.
int lw_big_multiplier(const lw_big_opts *o, double nearest_in, bool *closed)
{
	if (o->mult <= 1)
		return 1;
	if (!*closed && nearest_in <= o->close_ft * 12.0 + LW_EPS)
		*closed = true;
	return *closed ? 1 : o->mult;
}

double lw_big_move_len(const lw_big_opts *o, double base_in, int mult_now)
{
	return base_in * mult_now * o->outdoor; // LW.BIG.1, LW.BIG.8
}

double lw_big_box_rate(int inf, int cav, int guns, int mult_now, bool road)
{
	if (inf <= 0 && cav <= 0 && guns <= 0)
		return 0.0;
	// LW.BIG.2: the slowest arm; a gun goes at its men's pace, the infantry's 12 in (LW.MOB.11).
	double rate = (inf > 0 || guns > 0) ? LW_INF_MOVE : LW_CAV_MOVE;
	return rate * mult_now * lw_big_road_factor(true, road);
}

int lw_big_waggons_needed(int men) { return men <= 0 ? 0 : (men + LW_BIG_MEN_PER_WAGGON - 1) / LW_BIG_MEN_PER_WAGGON; }

double lw_big_supply_reach(int mult_now) { return LW_BIG_SUPPLY_MOVES * LW_INF_MOVE * mult_now; }

double lw_big_ammo_reach(int mult_now) { return LW_BIG_AMMO_MOVES * LW_INF_MOVE * mult_now; }

double lw_big_road_factor(bool waggon_or_box, bool on_road) { return waggon_or_box && on_road ? LW_BIG_ROAD : 1.0; }

int lw_big_players(int men, int guns)
{
	int by_men = men <= 0 ? 0 : (men + LW_BIG_MEN_PER_PLAYER / 2) / LW_BIG_MEN_PER_PLAYER;
	int by_guns = guns <= 0 ? 0 : (guns + LW_BIG_GUNS_PER_PLAYER / 2) / LW_BIG_GUNS_PER_PLAYER;
	int n = by_men > by_guns ? by_men : by_guns;
	return n < 1 ? 1 : n;
}
