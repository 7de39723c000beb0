// h6-nq: the NQ general's own doctrine (src/rules/lloyd/ll_general_nq_own.c, docs/lloyd.md "The
// NQ general's doctrine (h6-nq)"): each rule in a position built from skirmish.json with the
// general's choice asserted exactly, and every order it gives in whole games accepted by the rules.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
// (cmocka after the three above)
#include <cmocka.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/lloyd/ll.h"
#include "tinwar/general.h"
#include "tinwar/tinwar.h"

#include "ll_scene.h"

enum { AELFRIC = 0, BEORNWULF, CENRIC, DUNSTAN, EADRIC, FRITHULF, ERIC, SVEN, ULF, HROTHGAR, IVAR, KETIL };
enum { SPEARMEN = 0, MOB = 1 };

// skirmish.json set up; with `spear_turn` the mob's first turn is ended (no one moved) and it is
// the spearmen's. Every figure is then put where the test wants him.
static tw_state *skirmish(bool spear_turn)
{
	llt_register();
	tw_state *s = calloc(1, sizeof *s);
	tw_error err = {0};
	if (tw_state_load(s, "scenarios/lloyd/skirmish.json", &err) != TW_OK ||
	    tw_ruleset_lloyd.setup(s, &err) != TW_OK)
		fail_msg("%s", err.message);
	assert_int_equal(s->phase, LL_PH_MOVE);
	assert_int_equal(s->mover, MOB);
	if (spear_turn) {
		llt_ok(s, llt_order(LL_OT_END, MOB));
		llt_ok(s, llt_order(LL_OT_END, SPEARMEN)); // the react phase: nothing to do; no melee
		assert_int_equal(s->phase, LL_PH_MOVE);
		assert_int_equal(s->mover, SPEARMEN);
	}
	return s;
}

static void done(tw_state *s)
{
	tw_state_free(s);
	free(s);
}

static void put(tw_state *s, int f, double x, double y)
{
	s->fig[f].pos = tw_v2(x, y);
}

static void gone(tw_state *s, int f)
{
	s->fig[f].status = TW_FS_OFF;
}

// The spear line (Aelfric..Frithulf) along y, from x0, facing +y (the skirmish's own order).
static void line_at(tw_state *s, double x0, double y)
{
	for (int k = 0; k < 6; k++) {
		put(s, AELFRIC + k, x0 + k, y);
		s->fig[AELFRIC + k].facing = 0;
	}
}

// The order ll-nq gives for `side` now (heap).
static tw_order *ask(const tw_state *s, int side) { return llt_ask(s, "ll-nq", side); }

// Cites: NQ.RCH.2
// A spearman charging a man with a shorter weapon stops inside his reach: Cenric's line charges
// Eric (axe, 3 in off) and ends engaged with him half an inch short of contact (NQ.RCH.2: the
// spear hurts there and the axe does not; NQ.RCH.6: Eric closes only from base contact, and an
// engaged man does not move). The shared NQ play charged into contact.
static void test_NQ_RCH_2_general_charges_to_its_spear_reach(void **st)
{
	(void)st;
	tw_state *s = skirmish(true);
	line_at(s, 20, 10);
	put(s, ERIC, 22, 14); // 3 in gap to Cenric (22, 10)
	for (int f = SVEN; f <= KETIL; f++)
		put(s, f, 4 + 4 * (f - SVEN), 45); // far off: out of every reach
	tw_order *o = ask(s, SPEARMEN);
	assert_int_equal(o->type, LL_OT_MOVE);
	assert_int_equal(o->nfig, 6); // the line moves as one body (NQ.MOVE.3)
	llt_ok(s, o);
	double gap = tw_figure_gap(&s->fig[CENRIC], &s->fig[ERIC]);
	assert_true(ll_engaged(s, CENRIC, ERIC));
	assert_false(ll_contact(s, CENRIC, ERIC));
	assert_true(gap > 0.45 && gap < 0.55);
	done(s);
}

// Cites: NQ.VIC.2
// Targets: an archer before a nearer axeman, and a man in good order before a wounded one. The
// line can reach Eric (axe, 2.2 in off its left end) and Hrothgar (archer, 3 in off): it charges Hrothgar.
// With Hrothgar wounded it charges Eric (NQ.VIC.2 counts only men in good order). The shared play charged the
// nearest (Eric) in both.
static void test_NQ_VIC_2_general_charges_archers_and_unwounded_first(void **st)
{
	(void)st;
	for (int wounded = 0; wounded < 2; wounded++) {
		tw_state *s = skirmish(true);
		line_at(s, 20, 10);
		put(s, ERIC, 17, 11);     // 2.2 in gap to Aelfric (20, 10), off the line's left end
		put(s, HROTHGAR, 24, 14); // 3 in gap to Eadric (24, 10)
		LLF(s, HROTHGAR)->wounded = (uint8_t)wounded;
		for (int f = SVEN; f <= KETIL; f++)
			if (f != HROTHGAR)
				put(s, f, 4 + 4 * (f - SVEN), 45);
		tw_order *o = ask(s, SPEARMEN);
		assert_int_equal(o->type, LL_OT_MOVE);
		llt_ok(s, o);
		int target = wounded ? ERIC : HROTHGAR, other = wounded ? HROTHGAR : ERIC;
		bool hit = false, also = false;
		for (int f = AELFRIC; f <= FRITHULF; f++) {
			hit |= ll_engaged(s, f, target);
			also |= ll_engaged(s, f, other);
		}
		assert_true(hit);
		assert_false(also);
		done(s);
	}
}

// Cites: NQ.SHT.1
// An archer an enemy could charge next turn steps out of reach instead of loading: Hrothgar has
// shot (his bow empty) with the spear line 3 in off (its charge reaches 4 in): ll-nq moves him
// beyond every spearman's charge, where the shared play loaded his bow where he stood.
static void test_NQ_SHT_1_general_archer_steps_out_of_a_charge(void **st)
{
	(void)st;
	tw_state *s = skirmish(false);
	line_at(s, 20, 30);
	put(s, HROTHGAR, 23, 34); // 3 in gap to Dunstan (23, 30)
	LLF(s, HROTHGAR)->loaded = 0;
	ll_set_act(s, HROTHGAR, LLA_SHOOT);
	gone(s, IVAR);
	gone(s, KETIL);
	for (int f = ERIC; f <= ULF; f++)
		put(s, f, 4 + 4 * (f - ERIC), 45);
	tw_order *o = ask(s, MOB);
	assert_int_equal(o->type, LL_OT_MOVE);
	assert_int_equal(o->nfig, 1);
	assert_int_equal(o->fig[0], HROTHGAR);
	llt_ok(s, o);
	for (int f = AELFRIC; f <= FRITHULF;
	     f++) // beyond each spearman's move (the group's 4 in) and an inch
		assert_true(tw_figure_gap(&s->fig[f], &s->fig[HROTHGAR]) > 4 + 1);
	done(s);
}

// Cites: NQ.GRP.2
// While our bows outnumber the enemy's, hand-to-hand men do not charge a formed line of longer
// weapons (each spearman there fights at -2W a neighbour, NQ.GRP.2): Eric, 3 in from the line,
// stays where he is through the mob's whole turn; with Cenric wounded he charges him.
static void test_NQ_GRP_2_general_axeman_waits_for_the_line(void **st)
{
	(void)st;
	for (int wounded = 0; wounded < 2; wounded++) {
		tw_state *s = skirmish(false);
		line_at(s, 20, 30);
		put(s, ERIC, 22, 34); // 3 in gap to Cenric (22, 30)
		LLF(s, CENRIC)->wounded = (uint8_t)wounded;
		put(s, SVEN, 4, 45);
		put(s, ULF, 8, 45);
		put(s, HROTHGAR, 40, 46); // the archers out of range (over 30 in) and out of reach
		put(s, IVAR, 44, 46);
		put(s, KETIL, 46, 42);
		tw_vec2 was = s->fig[ERIC].pos;
		for (int n = 0; n < 40; n++) {
			tw_order *o = ask(s, MOB);
			if (o->type == LL_OT_END) {
				free(o);
				break;
			}
			llt_ok(s, o);
		}
		if (wounded)
			assert_true(ll_engaged(s, ERIC, CENRIC));
		else
			assert_true(tw_dist(s->fig[ERIC].pos, was) < 1e-9);
		done(s);
	}
}

// Cites: NQ.MOVE.6
// The line rounds the hedge: put with its left half under the hedge's east end (x 14-22, y 23-23.4)
// and Hrothgar beyond it, its straight way blocked, it moves, and its way on is clear of the hedge.
static void test_NQ_MOVE_6_general_line_rounds_the_hedge(void **st)
{
	(void)st;
	tw_state *s = skirmish(true);
	line_at(s, 19.5, 21.5);
	put(s, HROTHGAR, 20, 30);
	for (int f = ERIC; f <= KETIL; f++)
		if (f != HROTHGAR)
			put(s, f, 4 + 3 * (f - ERIC), 46);
	tw_vec2 was = s->fig[AELFRIC].pos;
	tw_order *o = ask(s, SPEARMEN);
	assert_int_equal(o->type, LL_OT_MOVE);
	llt_ok(s, o);
	assert_true(tw_dist(s->fig[AELFRIC].pos, was) > 1); // it moved
	bool clear = true; // every member's straight way on to Hrothgar clears the hedge
	tw_vec2 go = tw_sub(s->fig[HROTHGAR].pos, s->fig[AELFRIC].pos);
	for (int f = AELFRIC; f <= FRITHULF; f++)
		clear &= ll_path_clear(s, s->fig[f].pos, tw_add(s->fig[f].pos, tw_scale(go, 0.8)));
	assert_true(clear);
	done(s);
}

// Cites: NQ.SCN.2
// Whole games against random (seeds 1-24, or 1-LL_NQ_GAMES; ll-nq on side seed % 2): every order ll-nq gives
// is accepted by the rules as given (tw_play_out would turn a refused one into `end`, silently), and the
// Debug build checks the state's invariants after each.
static void test_NQ_SCN_2_general_orders_are_all_legal(void **st)
{
	(void)st;
	llt_register();
	tw_state s0;
	memset(&s0, 0, sizeof s0);
	tw_error err = {0};
	if (tw_state_load(&s0, "scenarios/lloyd/skirmish.json", &err) != TW_OK)
		fail_msg("%s", err.message);
	tw_order *o = calloc(1, sizeof *o);
	int given = 0,
	    n = getenv("LL_NQ_GAMES") ? atoi(getenv("LL_NQ_GAMES")) : 24; // (more for a longer check)
	for (uint64_t seed = 1; seed <= (uint64_t)(n > 0 ? n : 24); seed++) {
		int me = (int)(seed % 2);
		tw_game *g = tw_game_new(&s0, seed, NULL, &err);
		assert_non_null(g);
		tw_general *gens[2];
		for (int k = 0; k < 2; k++)
			gens[k] = tw_general_new(k == me ? "ll-nq" : "random", &tw_ruleset_lloyd, k,
			                         seed * 7 + (uint64_t)k);
		for (int step = 0; step < 20000 && !tw_game_state(g)->over; step++) {
			const tw_state *s = tw_game_state(g);
			tw_decision d[TW_MAX_DECISIONS];
			int nd = tw_ruleset_lloyd.decisions(s, d, TW_MAX_DECISIONS);
			assert_true(nd > 0);
			int seat = d[0].seat;
			assert_int_equal(tw_general_decide(gens[seat], s, o), TW_OK);
			tw_status st2 = tw_game_apply(g, o, NULL, NULL, &err);
			if (seat == me) {
				if (st2 != TW_OK)
					fail_msg("seed %d: ll-nq's order refused: %s: %s", (int)seed,
					         err.clause, err.message);
				given++;
			} else if (st2 != TW_OK) { // random's refused candidate: it ends instead, as
				                   // tw_play_out does
				tw_order_init(o, LL_OT_END, seat);
				assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
			}
		}
		assert_true(tw_game_state(g)->over);
		for (int k = 0; k < 2; k++)
			tw_general_free(gens[k]);
		tw_game_free(g);
	}
	assert_true(given > 1000);
	free(o);
	tw_state_free(&s0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_NQ_RCH_2_general_charges_to_its_spear_reach),
	    cmocka_unit_test(test_NQ_VIC_2_general_charges_archers_and_unwounded_first),
	    cmocka_unit_test(test_NQ_SHT_1_general_archer_steps_out_of_a_charge),
	    cmocka_unit_test(test_NQ_GRP_2_general_axeman_waits_for_the_line),
	    cmocka_unit_test(test_NQ_MOVE_6_general_line_rounds_the_hedge),
	    cmocka_unit_test(test_NQ_SCN_2_general_orders_are_all_legal),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
