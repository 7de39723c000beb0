// Nikolas Lloyd's six-player game (SP) through the one entry point with entered dice: six players
// in two camps (the core's alliances), negotiation and defection (SP.D1, SP.4, SP.D2, SP.9's
// fixture), commanders (SP.5), each camp acting as one player (SP.D3), the end and the governor
// (SP.D4, SP.6), and the scenario played out by six random players.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "rules/lloyd/ll.h"
#include "tinwar/io.h"
#include "tinwar/tinwar.h"

#include "ll_scene.h"

// The shared helpers (tests/support/ll_scene.c) under this file's names.
#define reg llt_register
#define EV llt_ev
#define order llt_order
#define DICE LLT_DICE
#define ok llt_ok
#define refused llt_refused
#define find llt_find
#define done llt_free

static tw_state *six(void) { return llt_load("scenarios/lloyd/six.json"); }

enum { EARL = 0, BARON, SHERIFF, OUTLAW, THANE, REEVE };

// SP.1, SP.2, SP.3: six players, the crown's 133/116/96 and the rebels' 96/92/62, in two camps;
// nothing is hidden from anyone.
static void test_SP_1_six_players_in_two_camps(void **st)
{
	(void)st;
	tw_state *s = six();
	assert_int_equal(s->nsides, 6);
	const int pts[6] = {133, 116, 96, 96, 92, 62};
	for (int k = 0; k < 6; k++) {
		assert_int_equal(LLS(s, k)->start_pts, pts[k]); // SP.2
		assert_int_equal(tw_side_alliance(s, k), k < 3 ? 0 : 1);
	}
	assert_false(tw_ruleset_lloyd.hides(s, 1)); // SP.3: everyone knows every force
	tw_decision d[TW_MAX_DECISIONS];
	assert_int_equal(tw_state_decisions(s, d, TW_MAX_DECISIONS), 6); // SP.D1: all negotiate
	assert_string_equal(d[0].clause, "SP.D1");
	done(s);
}

/// SP.9's fixture before play: the 133 joins the rebels and commands them, the 62 goes over to
/// the crown, which puts its 96 (the sheriff) in command; commanders roll off (sheriff 4, earl 12).
static tw_state *sp9(void)
{
	tw_state *s = six();
	ok(s, order(LL_OT_DEFECT, EARL));
	assert_int_equal(tw_side_alliance(s, EARL), 1);
	assert_non_null(find("SP.D2", TW_EV_ALLIANCE));
	ok(s, order(LL_OT_DEFECT, REEVE));
	tw_order *o = order(LL_OT_COMMAND, BARON);
	o->n = SHERIFF;
	ok(s, o);
	o = order(LL_OT_COMMAND, OUTLAW);
	o->n = EARL;
	ok(s, o);
	o = order(LL_OT_COMMAND, BARON);
	o->n = OUTLAW; // not of the crown
	refused(s, o, "SP.5", "not in baron's camp");
	for (int k = 0; k < 5; k++)
		ok(s, order(LL_OT_END, k));
	o = order(LL_OT_END, REEVE);
	DICE(o, 4, 12);
	ok(s, o);
	assert_int_equal(s->phase, LL_PH_MOVE);
	assert_int_equal(s->mover, EARL); // the rebels first, led by the earl
	return s;
}

// SP.D1, SP.4, SP.5, SP.9: negotiation, defection before play, commanders named.
static void test_SP_9_playtest_fixture_negotiation(void **st)
{
	(void)st;
	tw_state *s = sp9();
	assert_true(LLS(s, SHERIFF)->commander && LLS(s, EARL)->commander);
	assert_false(LLS(s, BARON)->commander);
	assert_int_equal(LLS(s, EARL)->defections, 1);
	assert_true(tw_allied(s, REEVE, BARON));
	assert_false(tw_allied(s, EARL, BARON));
	done(s);
}

// SP.D3: the camp acts as one player: every living member is asked, the commander last; each
// moves only his own men; the camp's phase ends when every member has ended.
static void test_SP_D3_camp_acts_as_one(void **st)
{
	(void)st;
	tw_state *s = sp9();
	tw_decision d[TW_MAX_DECISIONS];
	int nd = tw_state_decisions(s, d, TW_MAX_DECISIONS);
	assert_int_equal(nd, 3); // outlaw, thane, then the earl
	assert_int_equal(d[0].seat, OUTLAW);
	assert_int_equal(d[1].seat, THANE);
	assert_int_equal(d[2].seat, EARL);
	assert_string_equal(d[0].clause, "SP.D3");
	// The thane may not move the outlaw's man, nor the baron anything now.
	int outlaw_man = 12, thane_man = 16, baron_man = 4;
	tw_order *o = order(LL_OT_MOVE, THANE);
	o->fig[o->nfig++] = outlaw_man;
	o->at[0] = s->fig[outlaw_man].pos;
	o->at[0].y -= 2;
	o->facing[0] = 180;
	o->has_at = true;
	refused(s, o, "NQ.TURN.2", "not one of thane's men");
	o = order(LL_OT_MOVE, BARON);
	o->fig[o->nfig++] = baron_man;
	o->at[0] = s->fig[baron_man].pos;
	o->at[0].y += 2;
	o->has_at = true;
	refused(s, o, "SP.D3", NULL); // the core: the baron is not asked now
	o = order(LL_OT_MOVE, THANE);
	o->fig[o->nfig++] = thane_man;
	o->at[0] = s->fig[thane_man].pos;
	o->at[0].y -= 2;
	o->facing[0] = 180;
	o->has_at = true;
	ok(s, o);
	// SP.D2: having acted, the thane may not change sides this turn; the earl (leading) may not.
	refused(s, order(LL_OT_DEFECT, THANE), "SP.D2", "has acted this turn");
	refused(s, order(LL_OT_DEFECT, EARL), "SP.D2", NULL);
	ok(s, order(LL_OT_END, OUTLAW));
	ok(s, order(LL_OT_END, THANE));
	assert_int_equal(s->phase, LL_PH_MOVE);
	ok(s, order(LL_OT_END, EARL));
	assert_int_equal(s->phase, LL_PH_REACT);
	nd = tw_state_decisions(s, d, TW_MAX_DECISIONS);
	assert_int_equal(nd, 3); // the crown: baron, reeve, then the sheriff
	assert_int_equal(d[2].seat, SHERIFF);
	ok(s, order(LL_OT_END, SHERIFF)); // the commander settles it for all (SP.D3)
	assert_int_equal(s->phase, LL_PH_MOVE);
	assert_int_equal(s->mover, SHERIFF);
	done(s);
}

// SP.D2, SP.4: the outlaw changes sides at the start of the crown's turn, then back again at the
// start of the next one: he acts with his new camp at once; contacts with new allies end.
static void test_SP_D2_change_sides_in_play(void **st)
{
	(void)st;
	tw_state *s = sp9();
	ok(s, order(LL_OT_END, EARL)); // the earl settles the rebels' turn
	ok(s, order(LL_OT_END, SHERIFF));
	assert_int_equal(s->mover, SHERIFF);
	assert_false(ll_acting(s, OUTLAW));
	refused(s, order(LL_OT_DEFECT, OUTLAW), "SP.D3", NULL); // not his camp's turn: he is not asked
	ok(s, order(LL_OT_END, SHERIFF));
	ok(s, order(LL_OT_END, EARL));
	assert_int_equal(s->mover, EARL);
	LLF(s, 12)->closed[0] = 4; // (a contact with the baron's man, to see it end)
	ok(s, order(LL_OT_DEFECT, OUTLAW));
	assert_int_equal(tw_side_alliance(s, OUTLAW), 0);
	assert_int_equal(LLF(s, 12)->closed[0], -1); // SP.D2: contacts with new allies end
	assert_false(ll_acting(s, OUTLAW));
	assert_int_equal(LLS(s, OUTLAW)->defections, 1);
	done(s);
}

// SP.D4, SP.6: when every living player is on the strongest player's side the game ends and he
// is governor.
static void test_SP_6_all_with_the_strongest(void **st)
{
	(void)st;
	tw_state *s = six();
	for (int k = OUTLAW; k <= REEVE; k++)
		ok(s, order(LL_OT_DEFECT, k)); // everyone to the crown, the earl's camp
	for (int k = 0; k < 5; k++)
		ok(s, order(LL_OT_END, k));
	ok(s, order(LL_OT_END, REEVE)); // the rebels have nobody: the crown moves, no roll-off
	assert_int_equal(s->mover, EARL);
	// the crown plays its turn; the end of it ends the game
	while (!s->over) {
		tw_decision d[TW_MAX_DECISIONS];
		int nd = tw_state_decisions(s, d, TW_MAX_DECISIONS);
		assert_true(nd > 0);
		ok(s, order(LL_OT_END, d[nd - 1].seat));
	}
	assert_int_equal(s->winner, EARL);
	assert_non_null(find("SP.6", TW_EV_VICTORY));
	done(s);
}

// SP.D4: the camp with no unbroken force left loses; the winning commander gets +3, and the living
// player of the winning camp with the most VPs is governor. CA.D2: each contingent broken 2 to
// the winning commander.
static void test_SP_D4_end_and_governor(void **st)
{
	(void)st;
	tw_state *s = sp9();
	for (int f = 0; f < s->nfig; f++)
		if (tw_side_alliance(s, s->fig[f].side) == 0)
			s->fig[f].status = TW_FS_DEAD; // the crown's men all fall (set by hand)
	ok(s, order(LL_OT_END, EARL)); // nobody of the crown left to react: the turn ends
	assert_true(s->over);
	assert_int_equal(s->winner, EARL); // 3 broken contingents (6) + 3 leaders (6) + 3 commanding
	assert_int_equal(LLS(s, EARL)->vp, 2 * 3 + 2 * 3 + 3);
	assert_int_equal(LLS(s, REEVE)->vp_against, 2 + 2);
	assert_non_null(find("SP.D4", TW_EV_VICTORY));
	done(s);
}

// SP.7, SP.8, CA.9: the six-player game played on its own by six random players, seeds 1-4; the
// log replays to the same hash.
static void test_SP_8_six_player_scenario_plays(void **st)
{
	(void)st;
	reg();
	tw_state s0;
	memset(&s0, 0, sizeof s0);
	tw_error err = {0};
	if (tw_state_load(&s0, "scenarios/lloyd/six.json", &err) != TW_OK)
		fail_msg("%s", err.message);
	for (uint64_t seed = 1; seed <= 4; seed++) {
		tw_game *g = tw_game_new(&s0, seed, NULL, &err);
		assert_non_null(g);
		tw_general *gen[6];
		for (int k = 0; k < 6; k++)
			gen[k] = tw_general_new("random", &tw_ruleset_lloyd, k, seed * 7 + (uint64_t)k);
		if (tw_play_out(g, gen, 50000, &err) != TW_OK)
			fail_msg("%s: %s", err.clause, err.message);
		const tw_state *s = tw_game_state(g);
		assert_true(s->over);
		json_t *j = tw_game_log_to_json(g);
		char *txt = json_dumps(j, JSON_REAL_PRECISION(17));
		json_decref(j);
		bool hash_ok = false;
		tw_game *r = tw_game_log_replay(txt, strlen(txt), "log", &hash_ok, &err);
		assert_non_null(r);
		assert_true(hash_ok);
		tw_game_free(r);
		free(txt);
		for (int k = 0; k < 6; k++)
			tw_general_free(gen[k]);
		tw_game_free(g);
	}
	tw_state_free(&s0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_SP_1_six_players_in_two_camps),
		cmocka_unit_test(test_SP_9_playtest_fixture_negotiation),
		cmocka_unit_test(test_SP_D3_camp_acts_as_one),
		cmocka_unit_test(test_SP_D2_change_sides_in_play),
		cmocka_unit_test(test_SP_6_all_with_the_strongest),
		cmocka_unit_test(test_SP_D4_end_and_governor),
		cmocka_unit_test(test_SP_8_six_player_scenario_plays),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
