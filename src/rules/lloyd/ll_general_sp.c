// Nikolas Lloyd's skirmish suite: a computer general for the six-player game ("ll-six", SP). Each
// seat it plays is one player; it plays its own men with the NQ general's turn (ll_general_nq.c)
// and its alliances by these rules (docs/doctrines.md, "Lloyd"; docs/lloyd.md, "Computer
// generals"), each tested with a constructed position in tests/test_ll_gen.c:
// 1. Never attack a current ally: its enemies are the players not allied with it now (tw_allied),
//    recomputed at every decision, so an ally of a moment ago who changed sides is an enemy now and
//    a former enemy who came over is spared (SP.D2).
// 2. Turn on the strongest: of the enemy men it can charge, it takes those of the strongest enemy
//    player (the most points in good order on the table, SP.D4's measure; ties the lower seat),
//    then the nearest; its shots weigh his men a quarter more (rule 7; h6-six: where it shot the
//    strongest's men first, then the nearest); a spearman's stop inside his reach goes to the man
//    worth the most points, of any enemy player.
// 3. Change sides only as SP allows and only to save itself: in negotiation or at the start of its
//    camp's turn before any of its men has acted, never while it leads its camp's turn or commands
//    it (SP.D2, SP.5), at most once a game, and only when its camp is losing badly (its points in
//    good order under half the other camp's) - and never when going over would put every player
//    on the side of the strongest player (SP.6 makes him governor), unless it is the strongest.
// 4. Protect its leader: its leader (the man with `leader` set) does not move while any other man
//    of its own is in good order on the table; he still shoots and fights where he stands.
// 5. Command (SP.5): in negotiation it names the strongest player of its camp who has never changed
//    sides (a turncoat is not given the command, nor the winning commander's +3 VP, SP.D4).
// 6. The camps' different aims (ll-gen2): in the last quarter of the turns a camp ahead on points
//    in good order holds where it stands (SP.D4 counts them at the limit); the camp that started
//    the weaker (the rebels in six.json) needs every man, so rule 4 is the stronger camp's only.
//    Against random, seeds 1-40: 38 (was 37); 200 games: 178 (was 172).
// 3 (h6-six) also: when every player has gone over to the strongest player in negotiation (SP.6
//    would make him governor) and it is not he, his camp's weakest player goes to the other camp.
// 7. Play for the points in good order (h6-six, ll_general_sp_play.c; SP.D4 counts them at the
//    end): a man fighting several aims his attack roll where it takes the most expected points
//    (NQ.ATK.5); a loaded archer steps out of charge reach to where his best shot is worth twice
//    as much (NQ.SHT.4); each shot goes where it takes the most expected points (the hit chance
//    times the chance of two damage hits times the man's points, the strongest enemy player's men
//    counting a quarter more: rule 2); a spearman stops 0.3 in from an enemy without a long
//    weapon, inside his reach and out of contact, where the enemy cannot hurt him (NQ.RCH.2);
//    rules 4 and 6 hold for these moves too; the weaker camp's men do not wait at their bows;
//    every man charged tries to evade (NQ.EVD.1), after the snap shots.
#include "ll_general_sp.h"
#include "tinwar/general.h"


static int camp_points(const tw_state *v, int camp)
{
	int p = 0;
	for (int k = 0; k < v->nsides; k++)
		if (tw_side_alliance(v, k) == camp)
			p += ll_side_points(v, k, true);
	return p;
}

static int camp_start(const tw_state *v, int camp)
{
	int p = 0;
	for (int k = 0; k < v->nsides; k++)
		if (tw_side_alliance(v, k) == camp)
			p += LLS(v, k)->start_pts;
	return p;
}

int ll_gen_sp_strongest_enemy(const tw_state *v, int side)
{
	int best = -1;
	for (int k = 0; k < v->nsides; k++)
		if (!tw_allied(v, k, side) && (best < 0 || ll_side_points(v, k, true) > ll_side_points(v, best, true)))
			best = k;
	return best;
}

// Rule 2: the strongest enemy player's men first.
static int strongest_first(const tw_state *v, int side, int j, const void *ctx)
{
	(void)ctx;
	return v->fig[j].side == ll_gen_sp_strongest_enemy(v, side) ? 0 : 1;
}

static bool hold_all(const tw_state *v, int side, int f, const void *ctx)
{
	(void)v;
	(void)side;
	(void)f;
	(void)ctx;
	return true;
}

// Rule 4: the leader stays while another man of his is in good order.
static bool leader_stays(const tw_state *v, int side, int f, const void *ctx)
{
	(void)ctx;
	if (!LLF(v, f)->leader)
		return false;
	for (int j = 0; j < v->nfig; j++)
		if (j != f && v->fig[j].side == side && ll_fights(v, j) && !LLF(v, j)->wounded)
			return true;
	return false;
}

bool ll_gen_sp_should_defect(const tw_state *v, int side)
{
	const ll_side *me = LLS(v, side);
	if (me->commander || me->defections > 0 || (v->phase == LL_PH_MOVE && side == v->mover))
		return false; // rule 3: not the commander, not the player leading the turn, once a game
	int camp = tw_side_alliance(v, side);
	// SP.6: the strongest player (most points at the start) is governor if everyone is on his side.
	int strongest = 0;
	for (int k = 1; k < v->nsides; k++)
		if (LLS(v, k)->start_pts > LLS(v, strongest)->start_pts)
			strongest = k;
	if (v->phase == LL_PH_START && strongest != side && tw_allied(v, strongest, side)) {
		// rule 3 (h6-six): everyone has gone over to the strongest player in negotiation: his
		// camp's weakest player (ties: the later seat) goes to the other camp, so that SP.6 does
		// not hand him the governorship
		bool all = true;
		int weakest = side;
		for (int k = 0; k < v->nsides; k++) {
			all &= tw_allied(v, k, strongest);
			if (LLS(v, k)->start_pts < LLS(v, weakest)->start_pts ||
			    (LLS(v, k)->start_pts == LLS(v, weakest)->start_pts && k > weakest))
				weakest = k;
		}
		if (all && weakest == side)
			return true;
	}
	int ours = camp_points(v, camp), theirs = camp_points(v, 1 - camp);
	if (2 * ours >= theirs)
		return false; // not losing badly
	if (strongest != side && tw_side_alliance(v, strongest) == 1 - camp) {
		bool all = true;
		for (int k = 0; k < v->nsides; k++)
			all &= k == side || tw_side_alliance(v, k) == 1 - camp;
		if (all)
			return false;
	}
	return true;
}

int ll_gen_sp_commander(const tw_state *v, int side)
{
	int best = -1;
	for (int k = 0; k < v->nsides; k++)
		if (tw_allied(v, k, side) && LLS(v, k)->defections == 0 && ll_side_points(v, k, true) > 0 &&
		    (best < 0 || ll_side_points(v, k, true) > ll_side_points(v, best, true)))
			best = k;
	return best;
}

static tw_status decide(tw_general *g, const tw_state *v, int side, tw_order *out)
{
	(void)g;
	if (!ll_gen_asked(v, side) || LL_FP(v)) {
		tw_order_init(out, LL_OT_END, side);
		return TW_OK;
	}
	if (LLG(v)->sp && (v->phase == LL_PH_START || v->phase == LL_PH_MOVE) && ll_gen_sp_should_defect(v, side)) {
		tw_order_init(out, LL_OT_DEFECT, side);
		if (tw_ruleset_lloyd.validate(v, out, NULL) == TW_OK)
			return TW_OK;
	}
	if (LLG(v)->sp && v->phase == LL_PH_START) { // SP.D1, SP.5: rule 5, then negotiation is over for it
		int c = ll_gen_sp_commander(v, side);
		if (c >= 0 && !LLS(v, c)->commander) {
			tw_order_init(out, LL_OT_COMMAND, side);
			out->n = c;
			if (tw_ruleset_lloyd.validate(v, out, NULL) == TW_OK)
				return TW_OK;
		}
		tw_order_init(out, LL_OT_END, side);
		return TW_OK;
	}
	// Rule 6 (the camps' different aims): late in the game (the last quarter of the turns) a camp
	// ahead on points holds where it stands (SP.D4 counts the points in good order at the limit);
	// the camp that started the weaker (the rebels in six.json) needs every man, its leader too,
	// so rule 4 is the stronger camp's only.
	int camp = tw_side_alliance(v, side);
	int ours = camp_points(v, camp), theirs = camp_points(v, 1 - camp);
	int limit = LLG(v)->sp_actions > 0 ? LLG(v)->sp_actions : (int)v->params[LLP_MAX_TURNS];
	bool late = LLG(v)->turn * 4 >= 3 * limit;
	bool weaker = camp_start(v, camp) < camp_start(v, 1 - camp);
	const ll_gen_opts sp = {.rank = strongest_first,
				.keep_back = late && ours > theirs ? hold_all : weaker ? NULL : leader_stays,
				.no_wait = weaker};
	// Rule 7 (h6-six, ll_general_sp_play.c): aims, archers' steps, shots and the spearmen's reach,
	// each for the most points in good order, and every man charged evades, before the NQ play
	// (which loads and advances).
	bool own = v->phase == LL_PH_MOVE && ll_acting(v, side), react = v->phase == LL_PH_REACT && !ll_acting(v, side);
	if ((own || react) && ll_gen_sp_aim(v, side, out))
		return TW_OK;
	if (own && ll_gen_sp_archer_step(v, side, out, 2.0, &sp))
		return TW_OK;
	if ((own || react) && ll_gen_sp_shoot(v, side, out))
		return TW_OK;
	if (react && ll_gen_sp_evade(v, side, out)) // after the snap shots (NQ.TURN.2, NQ.EVD.7)
		return TW_OK;
	if (own && ll_gen_sp_spear_charge(v, side, out, 0.3, &sp))
		return TW_OK;
	ll_gen_nq_turn(v, side, out, &sp);
	return TW_OK;
}

const tw_general_def ll_general_six = {
	.name = "ll-six",
	.ruleset = "lloyd",
	.help = "the six-player game: the NQ general's play for its own men; never attacks a current ally; shoots "
		"and charges the strongest enemy player's men first; changes sides only as SP.D2 allows, once, when its "
		"camp has under half the other's points and the move would not hand the strongest player the governorship "
		"(SP.6); its leader stays back while another of its men is in good order; shots, aims and charges for the "
		"most points in good order (archers step to better shots, spearmen stop inside their reach); every man "
		"charged evades",
	.decide = decide,
};
