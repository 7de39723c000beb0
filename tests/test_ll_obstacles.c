// Nikolas Lloyd's skirmish suite with the barricade and the ditch (issue 16), played through
// tw_state_apply with entered dice: men touch across a barricade and its defender gets FP.D3's
// +1; the man standing in a ditch who did not move this action defends it, the man who jumps in
// does not; a ditch is difficult ground (FP.D2); a man engaged only across a barricade can break
// off, so IN.TAC.4's -4 is not his (he keeps IN.TAC.1's +2), while a man base to base takes it.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ll_scene.h"
#include "rules/lloyd/ll.h"
#include "tinwar/tinwar.h"

#define EV llt_ev
#define DICE LLT_DICE
#define ok llt_ok
#define refused llt_refused
#define piece llt_piece
#define find llt_find
#define move1 llt_move1

// FP.D3: a 1 in barricade from y = 14 to 15; Ulf (QR2) stands against it at y = 15.5. Osric (QR2)
// comes up to it at y = 13.49: their bases are 1.01 in apart, 0.01 in once the barricade's 1 in is
// taken out, so they touch across it and fight (IN.MEL.1). Ulf, behind it and not moving,
// defends it: red 5 + 2 = 7, blue 5 + 2 + 1 = 8; Ulf wins by 1. (Old code: no contact across it,
// no melee at all.)
// Cites: FP.D3
static void test_FP_D3_defending_a_barricade(void **st)
{
	(void)st;
	tw_state *s = llt_fp_scene(48);
	int a = llt_fp_man(s, 0, "Osric", 10, 10, 2, 0, 0, 0);
	int b = llt_fp_man(s, 1, "Ulf", 10, 15.5, 2, 0, 0, 0);
	piece(s, TW_TER_BARRICADE, 0, 14, 48, 15, 1);
	llt_setup(s);
	assert_false(ll_contact(s, a, b));
	ok(s, llt_order(LL_OT_START, 0));
	refused(s, move1(0, a, 12, 15.3), "NQ.MOVE.6", NULL); // no way over it
	tw_order *o = move1(0, a, 10, 13.49);
	DICE(o, 5, 5);
	ok(s, o);
	const tw_event *e = find("IN.MEL.1", TW_EV_MELEE);
	assert_non_null(e);
	assert_int_equal(e->b, 7);
	assert_int_equal(e->c, 8);
	assert_int_equal(e->d, 1);
	assert_true(LLF(s, a)->in_pushed > 0);
	llt_free(s);
}

// FP.D3: a ditch from y = 14.5 to 16.5. Ulf stands in it (y = 15) and Osric comes up to its lip
// (y = 13.99): Ulf, in the ditch and not moving, defends it: red 5 + 2 = 7, blue 5 + 2 + 1 = 8
// (old code: 7 against 7, no result). Then Eadric jumps down into the ditch against Odd, who
// stands beyond it: the man who came to it does not defend it: 6 + 2 against 6 + 2, no result.
// Cites: FP.D3
static void test_FP_D3_defending_a_ditch(void **st)
{
	(void)st;
	tw_state *s = llt_fp_scene(48);
	int a = llt_fp_man(s, 0, "Osric", 10, 10, 2, 0, 0, 0);
	llt_fp_man(s, 1, "Ulf", 10, 15, 2, 0, 0, 0);
	int c = llt_fp_man(s, 0, "Eadric", 40, 12.7, 2, 0, 0, 0);
	llt_fp_man(s, 1, "Odd", 40, 17.5, 2, 0, 0, 0);
	piece(s, TW_TER_DITCH, 0, 14.5, 48, 16.5, 0);
	llt_setup(s);
	ok(s, llt_order(LL_OT_START, 0));
	tw_order *o = move1(0, a, 10, 13.99);
	DICE(o, 5, 5);
	ok(s, o);
	const tw_event *e = find("IN.MEL.1", TW_EV_MELEE);
	assert_non_null(e);
	assert_int_equal(e->b, 7);
	assert_int_equal(e->c, 8);
	assert_int_equal(e->d, 1);
	assert_true(ll_stands_in_held(s, 1));
	tw_state *t = llt_fp_scene(48);
	int a2 = llt_fp_man(t, 0, "Eadric", 40, 12.7, 2, 0, 0, 0);
	int b2 = llt_fp_man(t, 1, "Odd", 40, 17.5, 2, 0, 0, 0);
	piece(t, TW_TER_DITCH, 0, 14.5, 48, 16.5, 0);
	llt_setup(t);
	ok(t, llt_order(LL_OT_START, 0));
	o = move1(0, a2, 40, 16.49); // 3.79 in, into the ditch: within his 4 in across difficult ground
	DICE(o, 6, 6);
	ok(t, o);
	e = find("IN.MEL.1", TW_EV_MELEE);
	assert_non_null(e);
	assert_int_equal(e->b, 8);
	assert_int_equal(e->c, 8);
	assert_true(ll_stands_in_held(t, a2));
	(void)b2;
	(void)c;
	llt_free(t);
	llt_free(s);
}

// FP.D2: a ditch is difficult ground: 4 in, not 6, for a move that crosses it.
// Cites: FP.D2
static void test_FP_D2_a_ditch_is_difficult(void **st)
{
	(void)st;
	tw_state *s = llt_fp_scene(48);
	int a = llt_fp_man(s, 0, "Aelle", 10, 10, 2, 0, 0, 0);
	llt_fp_man(s, 1, "Odd", 30, 44, 2, 0, 0, 0);
	piece(s, TW_TER_DITCH, 0, 13, 48, 15, 0);
	llt_setup(s);
	ok(s, llt_order(LL_OT_START, 0));
	refused(s, move1(0, a, 10, 16), "FP.D2", "difficult ground -2");
	ok(s, move1(0, a, 10, 14));
	llt_free(s);
}

// The seize's need for Ulf (blue, QR2: base 19, no leadership) to seize a fight (type 2) after red
// passes, with Osric against him.
static int seize_need(tw_state *s, int ulf, int die)
{
	ok(s, llt_order(LL_OT_START, 0));
	ok(s, llt_order(LL_OT_END, 0));
	tw_order *o = llt_order(LL_OT_SEIZE, 1);
	o->fig[o->nfig++] = ulf;
	o->n = 2;
	DICE(o, die);
	if (die <= 3)
		DICE(o, 6, 4); // IN.MEL.3's melee round
	ok(s, o);
	const tw_event *e = find("IN.SEIZE.4", TW_EV_TOSS);
	assert_non_null(e);
	return e->c;
}

// IN.TAC.4: "-4 if the named figure is engaged in melee, unless it can break off automatically,
// for example from behind a barricade". Ulf touches Osric across a 1 in barricade: he can step
// back from it and no one can follow, so no -4; he keeps IN.TAC.1's +2 (Osric within a move):
// need 19 - 2 = 17. Base to base (no barricade), the -4 and no +2: 19 + 4 = 23. A natural 2 on
// the seize sets off a melee round for the men in contact (IN.MEL.3), across the barricade too;
// neither came to it in this action, so each defends it: red (the first man in the scan) 6 + 2 + 1
// = 9 against blue 4 + 2 + 1 = 7. (Old code: no contact across the barricade, no IN.MEL.3 round.)
// Cites: IN.TAC.4 IN.MEL.3
static void test_IN_TAC_4_breaking_off_from_behind_a_barricade(void **st)
{
	(void)st;
	tw_state *s = llt_fp_scene(48);
	int a = llt_fp_man(s, 0, "Osric", 10, 13.5, 2, 0, 0, 0);
	int b = llt_fp_man(s, 1, "Ulf", 10, 15.5, 2, 0, 0, 0);
	piece(s, TW_TER_BARRICADE, 0, 14, 48, 15, 1);
	llt_setup(s);
	assert_true(ll_contact(s, a, b));
	assert_true(ll_breaks_off(s, b));
	assert_int_equal(seize_need(s, b, 12), 17);
	llt_free(s);

	s = llt_fp_scene(48);
	a = llt_fp_man(s, 0, "Osric", 10, 14.5, 2, 0, 0, 0);
	b = llt_fp_man(s, 1, "Ulf", 10, 15.5, 2, 0, 0, 0);
	llt_setup(s);
	assert_true(ll_contact(s, a, b));
	assert_false(ll_breaks_off(s, b));
	assert_int_equal(seize_need(s, b, 12), 23);
	llt_free(s);

	s = llt_fp_scene(48);
	a = llt_fp_man(s, 0, "Osric", 10, 13.5, 2, 0, 0, 0);
	b = llt_fp_man(s, 1, "Ulf", 10, 15.5, 2, 0, 0, 0);
	piece(s, TW_TER_BARRICADE, 0, 14, 48, 15, 1);
	llt_setup(s);
	seize_need(s, b, 2);
	const tw_event *e = find("IN.MEL.3", TW_EV_MELEE);
	assert_non_null(e);
	assert_int_equal(e->b, 9);
	assert_int_equal(e->c, 7);
	llt_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_FP_D3_defending_a_barricade),
		cmocka_unit_test(test_FP_D3_defending_a_ditch),
		cmocka_unit_test(test_FP_D2_a_ditch_is_difficult),
		cmocka_unit_test(test_IN_TAC_4_breaking_off_from_behind_a_barricade),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
