// Nikolas Lloyd's suite, the last rules (ll-rest): LT.10's Morale roll for a Rash man who stays
// out of a melee near him, with DU.20's Rash grudge triggering it against the cheaters; DU.16's
// cheating beyond attacking the lone winner: sending others into the duel (engaging the other
// duellist while he goes back on his own, DU.13's interpretation) and shooting at a duellist.
// Fixed dice through the one entry point.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "rules/lloyd/ll.h"
#include "tinwar/tinwar.h"

#include "ll_scene.h"

#define EV llt_ev
#define order llt_order
#define DICE LLT_DICE
#define ok llt_ok
#define refused llt_refused
#define count llt_count
#define man llt_fp_man
#define setup llt_setup
#define done llt_free

static const tw_event *find(const char *clause, int type)
{
	for (int i = 0; i < EV.n; i++)
		if (!strcmp(EV.v[i].clause, clause) && (type < 0 || EV.v[i].type == type))
			return &EV.v[i];
	return NULL;
}

static tw_order *figs(int type, int side, int n, const int *f, int nt, const int *t)
{
	tw_order *o = order(type, side);
	for (int i = 0; i < n; i++)
		o->fig[o->nfig++] = f[i];
	for (int i = 0; i < nt; i++)
		o->fig2[o->nfig2++] = t[i];
	return o;
}

// LT.10 with DU.20: Leofric (red, not Rash himself, contingent 2) stands 2 in from the melee of
// Osric and Ketil (blue). With a Rash grudge against blue (DU.20: he counts as Rash against the
// cheaters), red's action (a pass) ends with his Morale roll: 2 fails, his contingent loses a
// point. Without the grudge no roll is made (no die asked). A grudge against blue does not count
// for a Rash man's roll when he stands in contact (he has joined).
// Cites: LT.10 DU.20
static void test_LT_10_DU_20_rash_grudge_rolls_for_morale(void **st)
{
	(void)st;
	for (int grudge = 0; grudge < 2; grudge++) {
		tw_state *s = llt_fp_scene(48);
		int l = man(s, 0, "Leofric", 30, 10, 2, 1, TW_LL_QUICK, 0);
		LLF(s, l)->cont = 2;
		if (grudge) {
			LLF(s, l)->grudge = TW_LL_RASH;
			LLF(s, l)->grudge_vs = 1;
		}
		man(s, 0, "Osric", 33, 10, 2, 0, 0, 0);
		man(s, 1, "Ketil", 33, 11, 2, 0, 0, 0);
		man(s, 1, "Harald", 10, 40, 2, 1, TW_LL_QUICK, 0);
		setup(s);
		ok(s, order(LL_OT_START, 0));
		int before = LLG(s)->morale[2];
		tw_order *o = order(LL_OT_END, 0);
		if (grudge)
			DICE(o, 2); // LT.10: one roll for Morale loss, 2: a point lost
		ok(s, o);
		if (grudge) {
			const tw_event *e = find("DU.20", TW_EV_INFO);
			assert_non_null(e);
			assert_int_equal(e->a, l);
			assert_non_null(strstr(e->text, "counts as Rash against the cheaters"));
			assert_int_equal(LLG(s)->morale[2], before - 1);
		} else {
			assert_int_equal(count("LT.10", -1), 0);
			assert_int_equal(count("DU.20", -1), 0);
			assert_int_equal(LLG(s)->morale[2], before);
		}
		done(s);
	}
}

// The duel of test_ll_in's cheated(): Byrhtnoth (red) makes Ivar (blue) Retreat (DU.11); Ivar goes
// back on his own, far from any blue man. Blue then passes its seize.
static tw_state *duel_won(int *k, int *ivar, int extra_x, int extra_y, int *extra, int extra_weapon)
{
	tw_state *s = llt_fp_scene(48);
	*k = man(s, 0, "Byrhtnoth", 10, 10, 3, 2, TW_LL_ICON, 0);
	man(s, 0, "Dudda", 10, 8, 2, 0, 0, 0);
	*ivar = man(s, 1, "Ivar", 10, 18, 3, 1, TW_LL_ICON, 0);
	man(s, 1, "Vali", 44, 44, 1, 0, 0, LL_W_BOW);
	*extra = man(s, 0, "Wulf", extra_x, extra_y, 1, 0, 0, extra_weapon);
	setup(s);
	ok(s, order(LL_OT_START, 0));
	ok(s, figs(LL_OT_CHALLENGE, 0, 1, k, 1, ivar));
	tw_order *o = order(LL_OT_ACCEPT, 1);
	DICE(o, 8, 1, 7); // 11 against 4: Ivar to the wound table, 7 + 3: Retreat (DU.11)
	ok(s, o);
	assert_int_equal(LLG(s)->du_win, *k);
	assert_int_equal(LLG(s)->du_other1, *ivar + 1); // ll-rest: Ivar goes back on his own
	if (getenv("LLT_VERBOSE"))
		fprintf(stderr, "ivar at %.2f,%.2f\n", s->fig[*ivar].pos.x, s->fig[*ivar].pos.y);
	return s;
}

// DU.16 (interpretation): shooting at a duellist is cheating: Wulf (red's archer) shoots at Ivar as
// he goes back on his own: red loses 1 VP, Ivar is marked cheated by red (DU.20), and Byrhtnoth,
// of the cheating contingent, becomes a Scoundrel (DU.17). The old code saw only the winner.
// Cites: DU.16 DU.17
static void test_DU_16_shooting_at_the_other_duellist(void **st)
{
	(void)st;
	int k, ivar, w;
	tw_state *s = duel_won(&k, &ivar, 16, 24, &w, LL_W_BOW);
	tw_order *d = order(LL_OT_END, 1); // blue does not seize (its d20 of 10: IN.MEL.3 needs 1-3)
	DICE(d, 10);
	ok(s, d);
	assert_int_equal(s->mover, 0);
	int vp = LLG(s)->vp[0]; // 1: DU.11's for the Retreat
	assert_int_equal(vp, 1);
	tw_order *o = figs(LL_OT_SHOOT, 0, 1, &w, 1, &ivar);
	DICE(o, 1); // a miss: the shot is the cheat, hit or not
	ok(s, o);
	const tw_event *e = find("DU.16", TW_EV_SCORE);
	assert_non_null(e);
	assert_int_equal(e->a, 0);
	assert_int_equal(e->b, ivar);
	assert_non_null(strstr(e->text, "Wulf is sent into the duel against Ivar"));
	assert_int_equal(LLG(s)->vp[0], vp - 1);
	assert_int_equal(LLF(s, ivar)->cheated, 0);
	assert_true(LLF(s, k)->traits & TW_LL_SCOUNDREL); // DU.17
	assert_non_null(find("DU.17", TW_EV_INFO));
	done(s);
}

// DU.16: sending others into the duel: Wulf (red) charges Ivar, who goes back on his own after the
// duel: cheating, once (a second attack costs nothing more).
// Cites: DU.16
static void test_DU_16_sending_others_into_the_duel(void **st)
{
	(void)st;
	int k, ivar, w;
	tw_state *s = duel_won(&k, &ivar, 14, 24, &w, 0);
	tw_order *d = order(LL_OT_END, 1);
	DICE(d, 10);
	ok(s, d);
	tw_vec2 at = s->fig[ivar].pos;
	tw_order *o = order(LL_OT_MOVE, 0);
	o->nfig = 1;
	o->fig[0] = w;
	o->at[0] = tw_v2(at.x + 1.0, at.y);
	o->facing[0] = 270;
	o->has_at = true;
	DICE(o, 5, 3); // the round fought at once on contact (IN.MEL.1): 5 and 3
	ok(s, o);
	const tw_event *e = find("DU.16", TW_EV_SCORE);
	assert_non_null(e);
	assert_int_equal(e->b, ivar);
	assert_int_equal(LLG(s)->vp[0], 0); // DU.11's 1, less DU.16's 1
	assert_int_equal(count("DU.16", TW_EV_SCORE), 1);
	done(s);
}

// Not cheating: once the other duellist is among his friends (within 3 in), the duel no longer
// keeps him; the same shot is an ordinary one.
// Cites: DU.16
static void test_DU_16_among_friends_is_fair_game(void **st)
{
	(void)st;
	int k, ivar, w;
	tw_state *s = duel_won(&k, &ivar, 16, 24, &w, LL_W_BOW);
	tw_vec2 at = s->fig[ivar].pos;
	s->fig[3].pos = tw_v2(at.x + 2.0, at.y + 1.0); // Vali beside him
	tw_order *d = order(LL_OT_END, 1);
	DICE(d, 10);
	ok(s, d);
	tw_order *o = figs(LL_OT_SHOOT, 0, 1, &w, 1, &ivar);
	DICE(o, 1);
	ok(s, o);
	assert_int_equal(count("DU.16", -1), 0);
	assert_int_equal(LLG(s)->vp[0], 1); // DU.11's only
	assert_int_equal(LLG(s)->du_other1, 0); // the action's end: safe among his friends, the duel keeps him no more
	done(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_LT_10_DU_20_rash_grudge_rolls_for_morale),
	    cmocka_unit_test(test_DU_16_shooting_at_the_other_duellist),
	    cmocka_unit_test(test_DU_16_sending_others_into_the_duel),
	    cmocka_unit_test(test_DU_16_among_friends_is_fair_game),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
