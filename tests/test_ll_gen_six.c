// ll-six's rule 7 (h6-six, src/rules/lloyd/ll_general_sp_play.c): its men play for the most
// points in good order taken from the enemy (SP.D4 counts those at the end). Each piece in a
// constructed position on six.json with the general's choice asserted exactly.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rules/lloyd/ll.h"
#include "rules/lloyd/ll_general_sp.h"
#include "tinwar/general.h"
#include "tinwar/tinwar.h"

#include "ll_scene.h"

enum { EARL = 0, BARON, SHERIFF, OUTLAW, THANE, REEVE };
enum {
	ALDO = 0,
	BRAND,
	CENRIC,
	DAG,
	EDDA,
	FINN,
	GYRTH,
	HAKON,
	IDA,
	JARL,
	KOL,
	LULLA,
	MORD,
	NIAL,
	OFFA,
	PENDA,
	QUEN,
	ROLF
};

// six.json after negotiation: the crown moves first (roll-off 12 to 4), led by the earl.
static tw_state *six_in_play(void)
{
	tw_state *s = llt_six_in_play(NULL);
	assert_int_equal(s->mover, EARL);
	return s;
}

static void done(tw_state *s)
{
	tw_state_free(s);
	free(s);
}

// f alone at (x, y), out of his group (set by hand)
static void put(tw_state *s, int f, double x, double y)
{
	s->fig[f].pos = tw_v2(x, y);
	LLF(s, f)->group = -1;
}

static tw_order *ask(const tw_state *s, int side) { return llt_ask(s, "ll-six", side); }

// Cites: NQ.RCH.2
// The earl's spearman Brand, 3 in from the outlaw's axeman Offa, moves to 0.3 in from him: inside
// his spear's 1 in reach and out of contact, where the axe cannot hurt him (NQ.RCH.2, NQ.RCH.6).
// Against the outlaw's spearman Nial (the same reach) he charges into contact as the NQ play does.
static void test_NQ_RCH_2_six_spearman_stops_inside_his_reach(void **st)
{
	(void)st;
	for (int spear = 0; spear < 2; spear++) {
		tw_state *s = six_in_play();
		s->fig[DAG].status = TW_FS_DEAD; // (no archer of the earl's to shoot first)
		put(s, BRAND, 20, 20);
		int foe = spear ? NIAL : OFFA;
		put(s, foe, 20, 24);
		tw_order *o = ask(s, EARL);
		assert_int_equal(o->type, LL_OT_MOVE);
		assert_int_equal(o->nfig, 1);
		assert_int_equal(o->fig[0], BRAND);
		llt_ok(s, o);
		double gap = tw_figure_gap(&s->fig[BRAND], &s->fig[foe]);
		assert_true(ll_engaged(s, BRAND, foe));
		if (spear)
			assert_true(ll_contact(s, BRAND, foe));
		else {
			assert_true(fabs(gap - 0.3) < 1e-6);
			assert_false(ll_contact(s, BRAND, foe));
		}
		done(s);
	}
}

// Cites: NQ.ATK.5
// The earl's axeman Cenric is in contact with the outlaw's spearman Nial in front of him and the
// outlaw's axeman Offa at his side (24 points each). His attack roll would go to Nial, whom he must
// close with before he can hurt him (NQ.RCH.3); ll-six aims it at Offa (24 points times the axe's
// chance to wound against T15, 0.47, against a third of 24 times 0.66 for Nial).
static void test_NQ_ATK_5_six_aims_where_the_points_are(void **st)
{
	(void)st;
	tw_state *s = six_in_play();
	put(s, CENRIC, 20, 20);
	tw_vec2 ahead = tw_dir_deg(s->fig[CENRIC].facing), side = tw_v2(ahead.y, -ahead.x);
	put(s, NIAL, 20 + ahead.x, 20 + ahead.y);
	put(s, OFFA, 20 + side.x, 20 + side.y);
	s->fig[NIAL].facing = s->fig[CENRIC].facing + 180;
	assert_true(ll_contact(s, CENRIC, NIAL) && ll_contact(s, CENRIC, OFFA));
	tw_order *o = ask(s, EARL);
	assert_int_equal(o->type, LL_OT_AIM);
	assert_int_equal(o->fig[0], CENRIC);
	assert_int_equal(o->fig2[0], OFFA);
	llt_ok(s, o);
	o = ask(s, EARL);
	assert_int_not_equal(o->type, LL_OT_AIM); // aimed once: the next order is something else
	free(o);
	done(s);
}

// Cites: NQ.SHT.4
// The earl's archer Dag (out of his group) has the outlaw's spearman Nial 20 in off, at long
// range behind his shield: a hit needs 20 (5%). He steps 5 in nearer, out of Nial's charge (his
// move and an inch), into medium range (17, 20%), and shoots from there.
static void test_NQ_SHT_4_six_archer_steps_into_a_better_band(void **st)
{
	(void)st;
	tw_state *s = six_in_play();
	for (int f = MORD; f < s->nfig; f++)
		if (f != NIAL)
			s->fig[f].status = TW_FS_DEAD; // (the rest of the rebels set aside)
	put(s, DAG, 30, 10);
	put(s, NIAL, 30, 30);
	double before = ll_gen_sp_shot_value(s, DAG, NIAL);
	tw_order *o = ask(s, EARL);
	assert_int_equal(o->type, LL_OT_MOVE);
	assert_int_equal(o->fig[0], DAG);
	llt_ok(s, o);
	double d = tw_dist(s->fig[DAG].pos, s->fig[NIAL].pos);
	assert_true(d <= 18 && d > 5 + 1 + 1);
	assert_true(ll_gen_sp_shot_value(s, DAG, NIAL) > 2 * before);
	o = ask(s, EARL);
	assert_int_equal(o->type, LL_OT_SHOOT);
	assert_int_equal(o->fig[0], DAG);
	assert_int_equal(o->fig2[0], NIAL);
	free(o);
	done(s);
}

// Cites: NQ.EVD.1
// The outlaw's axeman Offa charges the earl's spearman Brand (set by hand: moved into contact this
// turn, the rebels' turn). In the crown's reactions ll-six has Brand try to evade (the earl has no
// loaded archer to snap-shoot first).
static void test_NQ_EVD_1_six_man_charged_evades(void **st)
{
	(void)st;
	tw_state *s = six_in_play();
	s->fig[DAG].status = TW_FS_DEAD;
	for (int k = 0; k < 3; k++) // the crown's turn ends (the earl settles it)...
		llt_ok(s, llt_order(LL_OT_END, k == 0 ? BARON : k == 1 ? SHERIFF : EARL));
	while (s->phase != LL_PH_MOVE ||
	       tw_side_alliance(s, s->mover) != 1) { // ...the rebels react, then move
		tw_decision d[TW_MAX_DECISIONS];
		assert_true(tw_state_decisions(s, d, TW_MAX_DECISIONS) > 0);
		llt_ok(s, llt_order(LL_OT_END, d[0].seat));
	}
	put(s, BRAND, 20, 20);
	put(s, OFFA, 20, 23);
	tw_order *m = llt_order(LL_OT_MOVE, OUTLAW);
	m->nfig = 1;
	m->fig[0] = OFFA;
	m->at[0] = tw_v2(20, 21.02);
	m->facing[0] = 180;
	m->has_at = true;
	llt_ok(s, m);
	assert_true(ll_contact(s, BRAND, OFFA));
	while (s->phase == LL_PH_MOVE) { // the rebels end their turn
		tw_decision d[TW_MAX_DECISIONS];
		assert_true(tw_state_decisions(s, d, TW_MAX_DECISIONS) > 0);
		llt_ok(s, llt_order(LL_OT_END, d[0].seat));
	}
	assert_int_equal(s->phase, LL_PH_REACT);
	tw_order *o = ask(s, EARL);
	assert_int_equal(o->type, LL_OT_EVADE);
	assert_int_equal(o->nfig, 1);
	assert_int_equal(o->fig[0], BRAND);
	free(o);
	done(s);
}

// Cites: NQ.DMG.2
// The hurt chance the general weighs: two damage hits or more of D d20 against T.
static void test_NQ_DMG_2_six_hurt_odds(void **st)
{
	(void)st;
	// the bow's D4 against T13: each die 0.4; P(2+) = 1 - 0.6^4 - 4 * 0.4 * 0.6^3 = 0.5248
	assert_true(fabs(ll_gen_sp_hurt_odds(4, 13) - 0.5248) < 1e-9);
	assert_true(fabs(ll_gen_sp_hurt_odds(1, 13)) < 1e-12);
	assert_true(fabs(ll_gen_sp_hurt_odds(0, 13)) < 1e-12);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_NQ_RCH_2_six_spearman_stops_inside_his_reach),
	    cmocka_unit_test(test_NQ_ATK_5_six_aims_where_the_points_are),
	    cmocka_unit_test(test_NQ_SHT_4_six_archer_steps_into_a_better_band),
	    cmocka_unit_test(test_NQ_EVD_1_six_man_charged_evades),
	    cmocka_unit_test(test_NQ_DMG_2_six_hurt_odds),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
