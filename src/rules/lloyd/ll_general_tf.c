// Nikolas Lloyd's skirmish suite: a computer general for the three-fight game ("ll-three", TF).
// Its doctrine (docs/doctrines.md, "Lloyd"): the secret allocation (TF.1, TF.D2) sends every man to
// one location, L1, so that L1 is the table battle (the most points from both sides; ties go to the
// lower location) and the whole side fights there against whatever part of the enemy went there; the
// enemy's other groups arrive later and piecemeal (TF.D5), or not at all when the battle is over
// first (TF.D7: a side with nobody in good order on the table). On the table it plays the NQ
// general's turn (ll_general_nq.c), and in the last quarter of the TF turns (TF.D7: the points of men
// in good order on the table decide) it holds where it stands when ahead and stops waiting for the
// enemy to come to its bows when not; it never withdraws (TF.5). Measured against random (200
// games): all to L1 wins 85%, one man in three to each location 53%, the archers to L2 and L3 52%.
// ll-three (on the rules after ll-gaps/ll-fin: TF.D1's terrain, FP.D2, FP.D3): its shots and charges
// go to wounded enemies first (a second wound takes a man out, so the enemy's points in good order
// fall fastest), and it holds where it stands when ahead from half the TF turns (was the last
// quarter); behind, its hand-to-hand men stop waiting for the bows in the last quarter as before.
// 200 games: 82.5% before, 87% after (seeds 1-40: 32 then 36).
#include "ll.h"
#include "tinwar/general.h"

static bool hold_all(const tw_state *v, int side, int f, const void *ctx)
{
	(void)v;
	(void)side;
	(void)f;
	(void)ctx;
	return true;
}

// NQ.ATK.5, TF.D7: the wounded enemy first (his second wound takes him out of the points).
static int wounded_first(const tw_state *v, int side, int e, const void *ctx)
{
	(void)side;
	(void)ctx;
	return LLF(v, e)->wounded ? 0 : 1;
}

static tw_status decide(tw_general *g, const tw_state *v, int side, tw_order *out)
{
	(void)g;
	if (!ll_gen_asked(v, side) || LL_FP(v)) {
		tw_order_init(out, LL_OT_END, side);
		return TW_OK;
	}
	if (v->phase == LL_PH_ALLOC) { // TF.D2: everyone to L1
		tw_order_init(out, LL_OT_ALLOCATE, side);
		for (int j = 0; j < v->nfig && out->nfig < TW_ORDER_MAX_FIG; j++) // ll-rest: one location for all
			if (v->fig[j].side == side && v->fig[j].status == TW_FS_ACTIVE)
				out->fig[out->nfig++] = j;
		out->val[out->nval++] = 1;
		return TW_OK;
	}
	// TF.D7: the battle is judged by the points of men in good order on the table when time runs
	// out: ahead, the men hold where they stand; behind, the hand-to-hand men do not wait for the
	// enemy to come to the bows.
	int mine = ll_side_points(v, side, true), theirs = ll_side_points(v, 1 - side, true);
	int turns2 = 2 * (int)v->params[LLP_TF_TURNS];
	bool half = LLG(v)->turn * 2 >= turns2, late = LLG(v)->turn * 4 >= 3 * turns2;
	ll_gen_opts tf = {.rank = wounded_first,
			  .keep_back = half && mine > theirs ? hold_all : NULL,
			  .no_wait = late && mine <= theirs};
	ll_gen_nq_turn(v, side, out, &tf);
	return TW_OK;
}

const tw_general_def ll_general_three = {
	.name = "ll-three",
	.ruleset = "lloyd",
	.help = "the three-fight game: sends every man to L1 (the table battle: the whole side against part of the "
		"enemy's, the rest arriving piecemeal); on the table the NQ general's play (ll-nq)",
	.decide = decide,
};
