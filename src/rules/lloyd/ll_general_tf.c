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

static tw_status decide(tw_general *g, const tw_state *v, int side, tw_order *out)
{
	(void)g;
	if (!ll_gen_asked(v, side) || LL_FP(v)) {
		tw_order_init(out, LL_OT_END, side);
		return TW_OK;
	}
	if (v->phase == LL_PH_ALLOC) { // TF.D2: everyone to L1
		tw_order_init(out, LL_OT_ALLOCATE, side);
		for (int j = 0; j < v->nfig && out->nfig < TW_ORDER_MAX_VALS; j++)
			if (v->fig[j].side == side && v->fig[j].status == TW_FS_ACTIVE) {
				out->fig[out->nfig++] = j;
				out->val[out->nval++] = 1;
			}
		return TW_OK;
	}
	// TF.D7: the battle is judged by the points of men in good order on the table when time runs
	// out: ahead, the men hold where they stand; behind, the hand-to-hand men do not wait for the
	// enemy to come to the bows.
	int mine = ll_side_points(v, side, true), theirs = ll_side_points(v, 1 - side, true);
	bool late = LLG(v)->turn * 4 >= 3 * 2 * (int)v->params[LLP_TF_TURNS];
	ll_gen_opts tf = {.keep_back = late && mine > theirs ? hold_all : NULL,
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
