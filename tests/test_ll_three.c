// The three-fight general ll-three (issue 16, h6-three; ll_general_tf.c, docs/lloyd.md "The
// three-fight general's doctrine"): positions from a real game of scenarios/lloyd/three.json,
// brought to the first side's first move by ll-three on both sides, then set by hand; the order
// ll-three gives is checked (not applied).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/lloyd/ll.h"
#include "tinwar/general.h"
#include "tinwar/tinwar.h"

// three.json after the allocation (TF.D2: both generals send every man to the same location, the
// table) and the start, at the first move of the side moving first (heap: free with done()).
static tw_state *first_move(uint64_t seed)
{
	tw_register_builtin();
	tw_state s0;
	memset(&s0, 0, sizeof s0);
	tw_error err = {0};
	if (tw_state_load(&s0, "scenarios/lloyd/three.json", &err) != TW_OK)
		fail_msg("%s", err.message);
	tw_game *g = tw_game_new(&s0, seed, NULL, &err);
	assert_non_null(g);
	tw_general *gens[2];
	for (int k = 0; k < 2; k++)
		gens[k] = tw_general_new("ll-three", &tw_ruleset_lloyd, k, seed * 7 + (uint64_t)k);
	tw_order *o = calloc(1, sizeof *o);
	for (int n = 0; n < 20 && tw_game_state(g)->phase != LL_PH_MOVE; n++) {
		const tw_state *s = tw_game_state(g);
		tw_decision ds[TW_MAX_DECISIONS];
		int nd = tw_state_decisions(s, ds, TW_MAX_DECISIONS);
		assert_true(nd > 0);
		assert_int_equal(tw_general_decide(gens[ds[0].seat], s, o), TW_OK);
		assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
	}
	free(o);
	tw_state *s = calloc(1, sizeof *s);
	assert_int_equal(tw_state_clone(s, tw_game_state(g)), TW_OK);
	assert_int_equal(s->phase, LL_PH_MOVE);
	for (int k = 0; k < 2; k++)
		tw_general_free(gens[k]);
	tw_game_free(g);
	tw_state_free(&s0);
	return s;
}

static void done(tw_state *s)
{
	tw_state_free(s);
	free(s);
}

// The first man of `side` of this troop type (1 spearman, 2 archer, 3 axeman) who is (leader 2)
// or is not (leader 0) the side's commander.
static int man(const tw_state *s, int side, int troop, int leader)
{
	for (int j = 0; j < s->nfig; j++)
		if (s->fig[j].side == side && LLF(s, j)->troop == troop && (LLF(s, j)->leader == 2) == (leader == 2))
			return j;
	fail_msg("no such man");
	return -1;
}

// Everyone off the table but the men kept (kept[j]), those at the given places.
static void only(tw_state *s, const int *keep, const tw_vec2 *at, int n)
{
	for (int j = 0; j < s->nfig; j++) {
		bool kept = false;
		for (int i = 0; i < n; i++)
			if (keep[i] == j) {
				kept = true;
				s->fig[j].pos = at[i];
				s->fig[j].status = TW_FS_ACTIVE;
			}
		if (!kept)
			s->fig[j].status = TW_FS_DEAD;
	}
}

static tw_order *ask(const tw_state *s, int side)
{
	tw_general *g = tw_general_new("ll-three", &tw_ruleset_lloyd, side, 1);
	assert_non_null(g);
	tw_order *o = calloc(1, sizeof *o);
	assert_int_equal(tw_general_decide(g, s, o), TW_OK);
	tw_general_free(g);
	return o;
}

// Cites: NQ.RCH.2
// A spearman charging an axeman stops within his spear's reach (1 in), short of contact: from
// there the axe cannot hurt him (NQ.RCH.2) and the axeman, engaged, may not move into contact
// (he fights it out). Before h6-three the charge went into base contact (gap 0.01 in).
static void test_NQ_RCH_2_three_general_charges_to_spear_reach(void **st)
{
	(void)st;
	tw_state *s = first_move(1);
	int side = s->mover, sp = man(s, side, 1, 0), ax = man(s, 1 - side, 3, 0);
	only(s, (int[]){sp, ax}, (tw_vec2[]){tw_v2(20, 20), tw_v2(20, 23.5)}, 2);
	tw_order *o = ask(s, side);
	assert_int_equal(o->type, LL_OT_MOVE);
	assert_int_equal(o->nfig, 1);
	assert_int_equal(o->fig[0], sp);
	double gap = tw_dist(o->at[0], s->fig[ax].pos) - s->fig[sp].radius - s->fig[ax].radius;
	assert_true(gap > s->params[LLP_CONTACT] + 0.1); // not in contact
	assert_true(gap <= LLF(s, sp)->r[0][0]);         // within his reach: engaged
	assert_int_equal(tw_ruleset_lloyd.validate(s, o, NULL), TW_OK);
	free(o);
	done(s);
}

// Cites: CA.D2
// The overall commander (his death 3 VP to the enemy, CA.D2) keeps out of the fight: with an
// enemy axeman 3.5 in away, whom his move of 5 in reaches, he steps back out of the axeman's
// charge (the axeman's move and an inch of margin) instead of charging him (as before h6-three).
static void test_CA_D2_three_general_keeps_its_commander_out_of_reach(void **st)
{
	(void)st;
	tw_state *s = first_move(1);
	int side = s->mover, cm = -1, ax = man(s, 1 - side, 3, 0);
	for (int j = 0; j < s->nfig && cm < 0; j++)
		if (s->fig[j].side == side && LLF(s, j)->leader == 2)
			cm = j;
	assert_true(cm >= 0);
	only(s, (int[]){cm, ax}, (tw_vec2[]){tw_v2(20, 20), tw_v2(20, 24.5)}, 2);
	double before = tw_dist(s->fig[cm].pos, s->fig[ax].pos);
	tw_order *o = ask(s, side);
	assert_int_equal(o->type, LL_OT_MOVE);
	assert_int_equal(o->fig[0], cm);
	double after = tw_dist(o->at[0], s->fig[ax].pos);
	if (getenv("LL_THREE_VERBOSE"))
		fprintf(stderr, "commander %d of side %d: %.2f,%.2f to %.2f,%.2f, axeman at %.2f,%.2f\n", cm, side, s->fig[cm].pos.x,
			s->fig[cm].pos.y, o->at[0].x, o->at[0].y, s->fig[ax].pos.x, s->fig[ax].pos.y);
	double gap = after - s->fig[cm].radius - s->fig[ax].radius;
	assert_true(after > before);
	assert_true(gap > ll_move_allowance(s, ax) + 0.5); // beyond the axeman's move (5 in) and the margin
	assert_false(ll_engaged(s, cm, ax));
	free(o);
	done(s);
}

// ---- s25-three2 ----
// Cites: NQ.ATK.5, NQ.DMG.2, TF.D7
// A man fighting two foes aims his attack roll where it takes the most expected points (the chance
// of 2+ damage hits times the foe's points in good order, TF.D7's count): our axeman, facing a
// wounded enemy axeman (his points already out of the count) with an unwounded archer at his
// side, aims at the archer. Before s25-three2 the attack went to the man in front (the shared NQ
// play aims only at a wounded foe): no aim order.
static void test_NQ_ATK_5_three_general_aims_at_most_expected_points(void **st)
{
	(void)st;
	tw_state *s = first_move(1);
	int side = s->mover, ax = man(s, side, 3, 0), ea = man(s, 1 - side, 3, 0), ar = man(s, 1 - side, 2, 0);
	only(s, (int[]){ax, ea, ar}, (tw_vec2[]){tw_v2(20, 20), tw_v2(20, 21.02), tw_v2(21.02, 20)}, 3);
	s->fig[ax].facing = tw_bearing_deg(tw_sub(s->fig[ea].pos, s->fig[ax].pos));
	s->fig[ea].facing = tw_bearing_deg(tw_sub(s->fig[ax].pos, s->fig[ea].pos));
	s->fig[ar].facing = tw_bearing_deg(tw_sub(s->fig[ax].pos, s->fig[ar].pos));
	LLF(s, ea)->wounded = 1;
	assert_true(ll_engaged(s, ax, ea));
	assert_true(ll_engaged(s, ax, ar));
	tw_order *o = ask(s, side);
	assert_int_equal(o->type, LL_OT_AIM);
	assert_int_equal(o->fig[0], ax);
	assert_int_equal(o->fig2[0], ar);
	assert_int_equal(tw_ruleset_lloyd.validate(s, o, NULL), TW_OK);
	free(o);
	done(s);
}
// ---- end s25-three2 ----

// ---- s26-three ----
// Our commander and one enemy archer alone on the table, `apart` inches along x = 14 (clear of the
// farms and the road), the archer facing him; ll-three's order for the side moving, which must be
// a legal move of the commander facing the archer; its distance from him after it in *d.
static void lure_case(double apart, double *d)
{
	tw_state *s = first_move(1);
	int side = s->mover, cm = man(s, side, LLF(s, side == 0 ? 0 : 8)->troop, 2), ar = man(s, 1 - side, 2, 0);
	double y1 = side == 0 ? 40 : 8, y0 = side == 0 ? y1 - apart : y1 + apart;
	only(s, (int[]){cm, ar}, (tw_vec2[]){tw_v2(14, y0), tw_v2(14, y1)}, 2);
	s->fig[ar].facing = tw_bearing_deg(tw_sub(s->fig[cm].pos, s->fig[ar].pos));
	LLF(s, ar)->loaded = 1; // archers start loaded
	tw_order *o = ask(s, side);
	assert_int_equal(o->type, LL_OT_MOVE);
	assert_int_equal(o->fig[0], cm);
	*d = tw_dist(o->at[0], s->fig[ar].pos);
	if (getenv("LL_THREE_VERBOSE"))
		fprintf(stderr, "commander %d: %.2f,%.2f to %.2f,%.2f (%.2f in from the archer)\n", cm, s->fig[cm].pos.x, s->fig[cm].pos.y,
			o->at[0].x, o->at[0].y, *d);
	assert_true(fabs(o->facing[0] - tw_bearing_deg(tw_sub(s->fig[ar].pos, o->at[0]))) < 1e-6); // the archer inside his shield arc
	assert_int_equal(tw_ruleset_lloyd.validate(s, o, NULL), TW_OK);
	free(o);
	done(s);
}

// Cites: NQ.SHT.4, NQ.SHT.5, CA.D2
// The commander as a lure (ll_general_tf_lure.c): the random player's archers shoot at the first
// of our men they may, and our commander is our first figure; at long range (18-30 in, +5 to the
// roll) and facing the archer (his shield counts, NQ.SHD.1) he draws that shot at the worst odds.
// With an enemy archer 32 in away (out of range) and nobody else on the table, he steps to 24-29
// in from him, out of his charge. Before s26-three he stayed (he kept 18 in beyond the archer's
// move: no order for him).
static void test_NQ_SHT_4_three_general_commander_draws_the_bows(void **st)
{
	(void)st;
	double d;
	lure_case(32, &d);
	assert_true(d >= 24 - 1e-9 && d <= 29 + 1e-9);
}

// Cites: NQ.OPP.1, NQ.OPP.2
// A snap shot is at a man who moved against the archer this turn, the first of them for the random
// player: our commander, 27 in from a loaded enemy archer (long range already), steps nearer him and
// stays at long range (24-27 in), facing him; a snap at long range into his shield cannot hit (it
// needs 21 or more) and empties the bow. Before this he stayed where he was (no order for him).
static void test_NQ_OPP_1_three_general_commander_draws_the_snap_shot(void **st)
{
	(void)st;
	double d;
	lure_case(27, &d);
	assert_true(d >= 24 - 1e-9 && d < 27 - 0.05);
}
// ---- end s26-three ----

// ---- s29 ----
// Cites: NQ.SHT.2, NQ.SHT.3
// Rule 10: an archer (two of move, load and shoot a turn) who has loaded this turn, out of every
// enemy's charge, with a shot worth 0.15 expected points or more where he stands, shoots from
// there: a step to a better place would take his second act and the shot with it. Our archer,
// loaded this turn, 14 in from an enemy axeman facing him (his shield in the arc) and 19.5 in from
// an enemy spearman whose back is to him (long range; a step would bring him to medium range):
// the general's order is the shot at the spearman from where he stands (worth 0.21). Before s29
// it was a move to a place 6 in nearer the spearman (worth 0.37 there), where he could no longer
// shoot this turn.
static void test_NQ_SHT_2_three_general_reloaded_archer_shoots_where_he_stands(void **st)
{
	(void)st;
	tw_state *s = first_move(1);
	int side = s->mover, ar = man(s, side, 2, 0), ax = man(s, 1 - side, 3, 0), sp = man(s, 1 - side, 1, 0);
	double y0 = side == 0 ? 20 : 34, y1 = side == 0 ? 34 : 20;
	only(s, (int[]){ar, ax, sp}, (tw_vec2[]){tw_v2(14, y0), tw_v2(14, y1), tw_v2(33.5, y0)}, 3);
	s->fig[ax].facing = tw_bearing_deg(tw_sub(s->fig[ar].pos, s->fig[ax].pos)); // his shield towards the archer
	s->fig[sp].facing = tw_bearing_deg(tw_sub(s->fig[sp].pos, s->fig[ar].pos)); // his back to him
	s->fig[ar].facing = tw_bearing_deg(tw_sub(s->fig[ax].pos, s->fig[ar].pos));
	LLF(s, ar)->loaded = 1;
	LLF(s, ar)->acts = LLA_LOAD;
	LLF(s, ar)->acts_turn = LLG(s)->turn;
	assert_true(ll_may_act(s, ar, LLA_SHOOT) && ll_may_act(s, ar, LLA_MOVE));
	tw_order *o = ask(s, side);
	if (getenv("LL_THREE_VERBOSE"))
		fprintf(stderr, "order type %d fig %d at %.2f,%.2f\n", o->type, o->nfig ? o->fig[0] : -1, o->at[0].x, o->at[0].y);
	assert_int_equal(o->type, LL_OT_SHOOT);
	assert_int_equal(o->fig[0], ar);
	assert_int_equal(o->fig2[0], sp); // his best shot from here: the spearman's back at long range
	assert_int_equal(tw_ruleset_lloyd.validate(s, o, NULL), TW_OK);
	free(o);
	done(s);
}
// ---- end s29 ----

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_NQ_RCH_2_three_general_charges_to_spear_reach),
		cmocka_unit_test(test_CA_D2_three_general_keeps_its_commander_out_of_reach),
		cmocka_unit_test(test_NQ_ATK_5_three_general_aims_at_most_expected_points), // s25-three2
		cmocka_unit_test(test_NQ_SHT_4_three_general_commander_draws_the_bows), // s26-three
		cmocka_unit_test(test_NQ_OPP_1_three_general_commander_draws_the_snap_shot), // s26-three
		cmocka_unit_test(test_NQ_SHT_2_three_general_reloaded_archer_shoots_where_he_stands), // s29
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
