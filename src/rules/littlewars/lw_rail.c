// Railways (LW.BIG.9-11, KS.RAIL.1): trucks for a load, a train's move, loading and unloading,
// and the same men's work over whole moves (tearing up and relaying a rail, KS.RE's works).
#include "lw_big.h"

int lw_rail_trucks(int inf, int cav, int guns)
{
	int t = 0;
	if (inf > 0)
		t += (inf + LW_RAIL_TRUCK_INF - 1) / LW_RAIL_TRUCK_INF; // LW.BIG.10: 12 infantry a truck
	if (cav > 0)
		t += (cav + LW_RAIL_TRUCK_CAV - 1) / LW_RAIL_TRUCK_CAV; // 5 cavalry a truck
	if (guns > 0)
		t += guns * LW_RAIL_TRUCKS_PER_GUN; // half a gun a truck
	return t;
}

double lw_rail_train_move(int trucks, bool ks, int mult_now, tw_error *err)
{
	if (trucks < 0)
		return tw_error_set(err, TW_ERR_INPUT, "LW.BIG.10", "a train cannot have %d trucks", trucks), -1.0;
	if (trucks > LW_RAIL_FULL_TRUCKS)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.10",
				    "an engine pulls 7 or 8 trucks at full speed; %d trucks would need a reduced speed "
				    "the rules do not give: split the train",
				    trucks),
		       -1.0;
	return (ks ? LW_RAIL_MOVE_KS : LW_RAIL_MOVE_BIG * mult_now); // LW.BIG.9, KS.RAIL.1
}

int lw_rail_load_moves(int men, bool ks)
{
	if (men <= 0)
		return 0;
	return ks ? 2 * ((men + 19) / 20) : 1; // KS.RAIL.1 (KS.FORM.1 embarking) / LW.BIG.9
}

int lw_rail_unload_moves(int men, bool ks)
{
	if (men <= 0)
		return 0;
	return ks ? (men + 19) / 20 : 1; // KS.RAIL.1 (KS.FORM.1 disembarking) / LW.BIG.9
}

void lw_rail_work_needs(int kind, int *men, int *moves)
{
	// LW.BIG.11: 4 men for 2 moves tear up a rail; 8 men for 3 moves relay it.
	*men = kind == LW_RAIL_RELAY ? 8 : 4;
	*moves = kind == LW_RAIL_RELAY ? 3 : 2;
}

bool lw_work_step(lw_work *w, int men_needed, int moves_needed, int men_staying, bool moved)
{
	if (w->finished)
		return false;
	// LW.BIG.11 interpretation: the same men, doing nothing else; a break starts the work again.
	if (moved || men_staying < men_needed) {
		w->done = 0;
		return false;
	}
	if (++w->done >= moves_needed) {
		w->finished = true;
		return true;
	}
	return false;
}
