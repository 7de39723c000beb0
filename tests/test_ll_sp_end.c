// Nikolas Lloyd's six-player game (SP): the game always ends (h6-six, issue 16). A camp's turn
// always has a player to end it, however its players change sides or leave the table; a commander
// with nobody left in good order hands the command on (SP.5, ours); played out, the game reaches
// SP.D4's end. Before the fix, ll-six's own game on six.json seed 3 stalled in turn 19: the earl,
// the crown's commander, had no men left, the baron and the sheriff went over to the rebels at the
// start of the crown's turn, and nobody was asked for anything (tw_play_out: "the game did not end").
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "rules/lloyd/ll.h"
#include "tinwar/general.h"
#include "tinwar/tinwar.h"

#include "ll_scene.h"

enum { EARL = 0, BARON, SHERIFF, OUTLAW, THANE, REEVE };

// six.json after negotiation: nobody changes sides, the crown wins the roll-off (12 to 4) and its
// strongest player, the earl, commands it and leads its turn 1.
static tw_state *six_in_play(void)
{
	tw_state *s = llt_six_in_play(NULL);
	assert_int_equal(s->mover, EARL);
	assert_true(LLS(s, EARL)->commander);
	return s;
}

static void done(tw_state *s)
{
	tw_state_free(s);
	free(s);
}

// Ends, for whoever the rules ask first, until the game is over: at every step someone is asked
// (SP.D3) unless the game is over. Returns the orders given.
static int end_all(tw_state *s, int max)
{
	int n = 0;
	while (!s->over) {
		tw_decision d[TW_MAX_DECISIONS];
		int nd = tw_state_decisions(s, d, TW_MAX_DECISIONS);
		assert_true(nd > 0); // the game stalls if nobody is asked and it is not over
		llt_ok(s, llt_order(LL_OT_END, d[0].seat));
		assert_true(++n <= max);
	}
	return n;
}

// Cites: SP.D3
// The player leading his camp's turn is asked until he ends it: the earl withdraws all four of his
// men by his own edge (TF.5; placed 3.5 in from it), then the baron and the sheriff go over to
// the rebels before acting (SP.D2). The crown is the earl alone, with no man on the table; he is
// still asked (before the fix nobody was, and the game stalled), his end settles the crown's turn,
// the rebels react, and at the end of the turn the game ends (SP.D4: every surviving player is a
// rebel) with a rebel governor.
static void test_SP_D3_the_turns_leader_is_asked_to_its_end(void **st)
{
	(void)st;
	tw_state *s = six_in_play();
	tw_order *o = llt_order(LL_OT_WITHDRAW, EARL);
	for (int f = 0; f < 4; f++) {
		s->fig[f].pos.y = 4; // (set by hand: 3.5 in from his edge, within a move of 5)
		o->fig[o->nfig++] = f;
	}
	llt_ok(s, o);
	assert_int_equal(ll_fine(s, EARL), 0);
	llt_ok(s, llt_order(LL_OT_DEFECT, BARON));
	llt_ok(s, llt_order(LL_OT_DEFECT, SHERIFF));
	tw_decision d[TW_MAX_DECISIONS];
	assert_int_equal(tw_state_decisions(s, d, TW_MAX_DECISIONS), 1);
	assert_int_equal(d[0].seat, EARL);
	assert_string_equal(d[0].clause, "SP.D3");
	llt_ok(s, llt_order(LL_OT_END, EARL));
	assert_int_equal(s->phase, LL_PH_REACT); // the rebels, five now, react
	end_all(s, 10);
	assert_int_equal(LLG(s)->turn, 1);
	assert_true(s->winner >= 0);
	assert_int_equal(tw_side_alliance(s, s->winner), 1);
	done(s);
}

// Cites: SP.5
// A commander with nobody left in good order hands the command on (ours): the earl's men all fall
// in the crown's turn 1. At the start of the crown's turn 3 the baron (116, the strongest player
// alive in the crown) commands it and leads its turn (an SP.5 event says so); he may not change
// sides while leading it (SP.D2). The sheriff goes over; the baron is asked; the game plays on to
// its end with someone asked at every step. Before the fix the fallen earl kept the command and
// led the turn, both the baron and the sheriff could go over, and nobody was asked.
static void test_SP_5_command_passes_from_a_fallen_commander(void **st)
{
	(void)st;
	tw_state *s = six_in_play();
	for (int f = 0; f < 4; f++)
		s->fig[f].status = TW_FS_DEAD; // (set by hand)
	// Turn 1 (the crown), its reactions, turn 2 (the rebels), its reactions: everyone ends.
	while (LLG(s)->turn < 3) {
		tw_decision d[TW_MAX_DECISIONS];
		assert_true(tw_state_decisions(s, d, TW_MAX_DECISIONS) > 0);
		llt_ok(s, llt_order(LL_OT_END, d[0].seat));
	}
	assert_false(s->over);
	assert_int_equal(s->phase, LL_PH_MOVE);
	assert_int_equal(s->mover, BARON);
	assert_true(LLS(s, BARON)->commander);
	assert_false(LLS(s, EARL)->commander);
	assert_true(llt_count("SP.5", TW_EV_INFO) == 1);
	llt_refused(s, llt_order(LL_OT_DEFECT, BARON), "SP.D2", NULL);
	llt_ok(s, llt_order(LL_OT_DEFECT, SHERIFF));
	tw_decision d[TW_MAX_DECISIONS];
	assert_int_equal(tw_state_decisions(s, d, TW_MAX_DECISIONS), 1);
	assert_int_equal(d[0].seat, BARON);
	end_all(s, 1000);
	done(s);
}

// Cites: SP.D4
// The game that stalled: six.json seed 3, ll-six in all six seats, is played out to SP.D4's end
// (before the fix tw_play_out stopped in turn 19 with nobody asked: "the game did not end").
static void test_SP_D4_six_seed_3_ends(void **st)
{
	(void)st;
	llt_register();
	tw_state s0;
	memset(&s0, 0, sizeof s0);
	tw_error err = {0};
	if (tw_state_load(&s0, "scenarios/lloyd/six.json", &err) != TW_OK)
		fail_msg("%s", err.message);
	tw_game *g = tw_game_new(&s0, 3, NULL, &err);
	assert_non_null(g);
	tw_general *gens[TW_MAX_SIDES] = {0};
	for (int k = 0; k < s0.nsides; k++)
		gens[k] = tw_general_new("ll-six", &tw_ruleset_lloyd, k, 3 * 7 + (uint64_t)k);
	if (tw_play_out(g, gens, 200000, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	assert_true(tw_game_state(g)->over);
	for (int k = 0; k < s0.nsides; k++)
		tw_general_free(gens[k]);
	tw_game_free(g);
	tw_state_free(&s0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_SP_D3_the_turns_leader_is_asked_to_its_end),
	    cmocka_unit_test(test_SP_5_command_passes_from_a_fallen_commander),
	    cmocka_unit_test(test_SP_D4_six_seed_3_ends),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
