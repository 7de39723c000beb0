// Nikolas Lloyd's skirmish suite, second part: the fast-play game (FP) under the Type III
// initiative (IN), challenges and duels in play (DU) and leader traits acting (LT), all through
// tw_state_apply with entered dice and with each order given by the seat the rules ask: the
// passive side's reactive shots and moves and its seize rolls are its own orders; the challenged
// side answers, the wounded duellist asks mercy, the other grants or refuses it. The Type III
// scenario (scenarios/lloyd/type3.json) is played out by two random players.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/tinwar.h"
#include "tinwar/io.h"
#include <jansson.h>
#include "rules/lloyd/ll.h"
#include "ll_scene.h"

// The shared helpers (tests/support/ll_scene.c) under this file's names.
#define reg llt_register
#define EV llt_ev
#define order llt_order
#define DICE LLT_DICE
#define ok(s, o) LLT_OK((s), (o)) // a refusal names the test's line
#define refused(s, o, clause) llt_refused((s), (o), (clause), NULL)
#define find llt_find
#define count llt_count
#define done llt_free
#define figs llt_figs
#define move1 llt_move1
#define seize llt_seize
#define seat llt_seat

// A 48 x 48 table for the fast-play game: side 0 "red" (facing 0, towards +y), side 1 "blue".
static tw_state *scene(int first) { return llt_fp_table(48, first); }

// A man: quality, contingent (red 0, blue 1 unless given), leader 0/1/2, traits, an archer or not.
static int man(tw_state *s, int side, const char *name, double x, double y, int qr, int leader, uint32_t traits, bool bow)
{
	return llt_fp_man(s, side, name, x, y, qr, leader, traits, bow ? LL_W_BOW : 0);
}

// LT.21, LT.19, IN.ACT.6: the start: a leader given no traits rolls 1d20 (19: two more, here 1
// Quick and 14 Swordsman); a leader given traits keeps them; who starts is rolled off on 1d20.
// Cites: LT.21 LT.19 IN.ACT.6
static void test_LT_21_19_IN_ACT_6_start(void **st)
{
	(void)st;
	tw_state *s = scene(-1);
	int k = man(s, 0, "Byrhtnoth", 24, 10, 3, 2, 0, false);
	man(s, 1, "Ulf", 24, 30, 2, 0, 0, false);
	int l = man(s, 1, "Ivar", 28, 30, 3, 1, TW_LL_TERRIBLE, false);
	llt_setup(s);
	assert_int_equal(LLG(s)->morale[0], 6); // FP.11, FP.D8
	assert_int_equal(LLG(s)->morale[2], -1);
	tw_order *o = order(LL_OT_START, 0);
	DICE(o, 19, 1, 14, 5, 12);
	ok(s, o);
	assert_int_equal(LLF(s, k)->traits, TW_LL_QUICK | TW_LL_SWORDSMAN);
	assert_int_equal(LLF(s, l)->traits, TW_LL_TERRIBLE);
	assert_non_null(find("LT.21", TW_EV_INFO));
	assert_int_equal(s->mover, 1); // 12 beats 5
	assert_int_equal(s->phase, LL_PH_IN_ACT);
	assert_int_equal(seat(s), 1);
	done(s);
}

// IN.ACT.1/2, IN.SEIZE.1/3/4/6, LL.EX.6 (Average, +2 able to charge: 17): an action is one body's;
// after it the passive seat (and only it) reacts or seizes; a failed seize leaves the initiative
// with the active side, a successful one makes the declared action, by the named man, the first.
// Cites: IN.ACT.1 IN.ACT.2 IN.SEIZE.1 IN.SEIZE.3 IN.SEIZE.4 IN.SEIZE.6 LL.EX.6 IN.ACT.5
static void test_IN_ACT_1_2_SEIZE_1_3_4_6_LL_EX_6_seize(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int a = man(s, 0, "Aelle", 10, 10, 2, 0, 0, false);
	int b = man(s, 0, "Penda", 30, 10, 2, 0, 0, false);
	int c = man(s, 1, "Egil", 10, 16, 2, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	assert_int_equal(s->phase, LL_PH_IN_ACT);
	tw_order *o = order(LL_OT_MOVE, 0);
	o->nfig = 2;
	o->fig[0] = a;
	o->fig[1] = b;
	o->at[0] = tw_v2(10, 11);
	o->at[1] = tw_v2(30, 11);
	o->has_at = true;
	refused(s, o, "IN.ACT.1"); // 20 in apart: two bodies, two actions
	ok(s, move1(0, a, 10, 11));
	assert_int_equal(s->phase, LL_PH_IN_SEIZE);
	assert_int_equal(seat(s), 1); // the passive seat is asked
	tw_error err = {0};
	o = order(LL_OT_END, 0);
	assert_int_not_equal(tw_state_apply(s, o, NULL, &EV, &err), TW_OK); // not red's decision
	free(o);
	o = seize(1, c, 1);
	DICE(o, 16);
	ok(s, o);
	const tw_event *e = find("IN.SEIZE.4", TW_EV_TOSS);
	assert_non_null(e);
	assert_int_equal(e->c, 17); // LL.EX.6: 19 - 0 - 2
	assert_int_equal(s->mover, 0); // failed: red acts again (IN.ACT.2)
	assert_int_equal(s->phase, LL_PH_IN_ACT);
	o = order(LL_OT_END, 0);
	ok(s, o); // a pass (IN.ACT.6)
	o = seize(1, c, 1);
	DICE(o, 17);
	ok(s, o);
	assert_int_equal(s->mover, 1);
	assert_int_equal(LLG(s)->seize_kind, 1);
	assert_int_equal(LLG(s)->seize_fig, c);
	refused(s, figs(LL_OT_FIGHT, 1, 1, &c, 0, NULL), "IN.MEL.2"); // not in contact
	refused(s, move1(1, c, 10, 20), "IN.SEIZE.1"); // not towards the enemy
	refused(s, move1(1, c, 10, 14), "IN.SEIZE.1"); // towards, but not at full speed nor into contact
	o = move1(1, c, 10, 12); // into contact: a round at once (IN.MEL.1)
	DICE(o, 5, 5);
	ok(s, o);
	assert_non_null(find("IN.MEL.1", TW_EV_MELEE));
	assert_int_equal(LLG(s)->seize_kind, 0);
	done(s);
}

// LL.EX.6, IN.TAC.2/4, IN.RATE.2, LT.1: three shooting actions give the target's side three
// counters (+6): an Average man able to charge needs 11; the counters are cleared when it seizes.
// An Excellent (QR4) commander (2) who is Quick (+2: Inspired 4) in melee (-4) needs 17.
// Cites: LL.EX.6 IN.TAC.2 IN.TAC.4
static void test_LL_EX_6_IN_TAC_2_4_counters_and_melee(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int arch = man(s, 0, "Wiglaf", 10, 10, 1, 0, 0, true);
	man(s, 0, "Tostig", 20, 25, 2, 0, 0, false);
	int c = man(s, 1, "Njal", 14.5, 25, 2, 0, 0, false);
	int x = man(s, 1, "Sigurd", 40, 40, 4, 2, TW_LL_QUICK, false);
	int y = man(s, 0, "Osric", 40, 39, 2, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	for (int k = 0; k < 3; k++) {
		tw_order *o = figs(LL_OT_SHOOT, 0, 1, &arch, 1, &c);
		DICE(o, 1); // FP.D7: 15.7 in needs 7: a miss
		ok(s, o);
		assert_non_null(find("IN.TAC.2", TW_EV_INFO));
		assert_int_equal(LLG(s)->counters[1], k + 1);
		if (k == 2)
			break;
		o = order(LL_OT_END, 1);
		DICE(o, 10); // declined: rolled only for the natural 1-3 check
		ok(s, o);
	}
	tw_order *o = seize(1, c, 2);
	DICE(o, 11);
	ok(s, o);
	assert_int_equal(find("IN.SEIZE.4", TW_EV_TOSS)->c, 11); // LL.EX.6: 19 - 6 - 2
	assert_int_equal(s->mover, 1);
	assert_int_equal(LLG(s)->counters[1], 0); // cleared when they seize (IN.TAC.2)
	o = move1(1, c, 19, 25); // the declared fight: into contact with Tostig, a round at once
	DICE(o, 5, 5);
	ok(s, o);
	o = seize(0, y, 2);
	DICE(o, 20); // Osric is in melee (-4) and gets no +2: 19 + 4 = 23: he cannot seize
	ok(s, o);
	assert_int_equal(find("IN.SEIZE.4", TW_EV_TOSS)->c, 23);
	assert_int_equal(s->mover, 1);
	(void)x;
	done(s);
}

// LL.EX.6 third line, IN.RATE.1/2, LT.1, IN.TAC.4: an Excellent (QR4, 17) overall commander (2)
// who is Quick (+2: Inspired, 4) named while in melee (-4, and no +2 for reaching melee) needs 17.
// Cites: LL.EX.6 IN.RATE.1 IN.RATE.2
static void test_LL_EX_6_IN_RATE_1_2_excellent_inspired_in_melee(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int x = man(s, 1, "Sigurd", 40, 40, 4, 2, TW_LL_QUICK, false);
	man(s, 0, "Osric", 40, 39, 2, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	ok(s, order(LL_OT_END, 0)); // red passes
	tw_order *o = seize(1, x, 2);
	DICE(o, 17);
	ok(s, o);
	assert_int_equal(find("IN.SEIZE.4", TW_EV_TOSS)->c, 17);
	assert_int_equal(s->mover, 1);
	done(s);
}

// IN.MEL.3: a natural 1-3 on the seize die (a decline here) sets off a melee round for every
// man in base contact, whatever the seize.
// Cites: IN.MEL.3 IN.SEIZE.5
static void test_IN_MEL_3_SEIZE_5_natural_melee(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	man(s, 0, "Aelle", 10, 10, 2, 0, 0, false);
	man(s, 1, "Egil", 10, 11, 2, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	ok(s, order(LL_OT_END, 0));
	tw_order *o = order(LL_OT_END, 1);
	DICE(o, 2, 5, 5); // the d20 shows 2: a melee round, 5 + 2 against 5 + 2: no result
	ok(s, o);
	const tw_event *e = find("IN.MEL.3", TW_EV_MELEE);
	assert_non_null(e);
	assert_int_equal(e->b, 7);
	assert_int_equal(e->c, 7);
	assert_int_equal(s->mover, 0);
	done(s);
}

// IN.SHT.1/2/3/5, IN.TAC.2 (reading), MS.2, FP.D7, LL.EX.7: a man who moved 2.5 in draws at most
// 3 reactors; they shoot at +1 (reactive) with the mass-shooting increments; no counter is earned;
// a side shoots reactively once a spell; only at enemies who moved (or shot at it). IN.SHT.4: the
// reactors are all named in the one order, and none can be added after its dice.
// Cites: IN.SHT.1 IN.SHT.2 IN.SHT.3 IN.SHT.4 IN.SHT.5
static void test_IN_SHT_1_2_3_5_reactive_shooting(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int r = man(s, 0, "Raedwald", 10, 10, 2, 0, 0, false);
	int still = man(s, 0, "Ine", 14, 10, 2, 0, 0, false);
	int a[4];
	for (int k = 0; k < 4; k++)
		a[k] = man(s, 1, "archer", 8 + 2 * k, 30, 1, 0, 0, true);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	ok(s, move1(0, r, 10, 12.5));
	refused(s, figs(LL_OT_SHOOT, 1, 4, a, 1, &r), "IN.SHT.5");   // 4 reactors for 2.5 in
	refused(s, figs(LL_OT_SHOOT, 1, 1, a, 1, &still), "IN.SHT.2"); // Ine did not move
	tw_order *o = figs(LL_OT_SHOOT, 1, 3, a, 1, &r);
	DICE(o, 8, 5, 8, 10, 5, 6); // needs 8, 9, 10: a hit (wound table 5 + 2: wounded), a miss, a hit (wounded
				     // again: killed; his contingent's Morale test 6: held)
	ok(s, o);
	int needs[3], n = 0, hits = 0;
	for (int i = 0; i < EV.n; i++)
		if ((!strcmp(EV.v[i].clause, "FP.D7") || !strcmp(EV.v[i].clause, "MS.2")) && EV.v[i].type == TW_EV_INFO && n < 3) {
			needs[n++] = EV.v[i].d;
			hits += EV.v[i].c >= EV.v[i].d;
		}
	assert_int_equal(n, 3);
	assert_int_equal(needs[0], 8); // 17.5 in: 7+, reactive +1 (IN.SHT.3)
	assert_int_equal(needs[1], 9); // MS.2
	assert_int_equal(needs[2], 10);
	assert_int_equal(hits, 2);
	assert_int_equal(count("FP.D6", TW_EV_INFO), 2);
	assert_int_equal(s->fig[r].status, TW_FS_DEAD);
	assert_int_equal(LLG(s)->counters[0], 0); // IN.TAC.2: reactive shots earn no counters
	assert_true(LLG(s)->reacted[1]);
	assert_int_equal(s->phase, LL_PH_IN_SEIZE); // still blue's decision
	refused(s, figs(LL_OT_SHOOT, 1, 1, &a[3], 1, &r), "IN.SHT.1");
	o = order(LL_OT_END, 1);
	DICE(o, 10);
	ok(s, o);
	ok(s, order(LL_OT_END, 0)); // red passes: no one moved
	refused(s, figs(LL_OT_SHOOT, 1, 1, &a[3], 1, &r), "IN.SHT.1"); // once in this spell of red's initiative
	done(s);
}

// IN.RMV.1/2/3, IN.MEL.1, FP.D3: a charge fights a round at once; a man within 4 in of the charger
// engages him reactively and fights a round with support; a man far off cannot react; nobody
// reacts twice to one action.
// Cites: IN.RMV.1 IN.RMV.2 IN.RMV.3 IN.MEL.1
static void test_IN_RMV_1_2_3_MEL_1_reactive_move(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int x = man(s, 0, "Hereward", 10, 10, 2, 0, 0, false);
	int a = man(s, 1, "Asbjorn", 10, 15, 2, 0, 0, false);
	int b = man(s, 1, "Bjorn", 13, 15, 2, 0, 0, false);
	int c = man(s, 1, "Dag", 30, 15, 2, 0, 0, false);
	man(s, 0, "Leofric", 15, 15, 2, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	tw_order *o = move1(0, x, 10, 14);
	DICE(o, 5, 5); // IN.MEL.1: 5 + 2 against 5 + 2
	ok(s, o);
	assert_non_null(find("IN.MEL.1", TW_EV_MELEE));
	assert_true(LLF(s, x)->in_engaged);
	refused(s, move1(1, c, 26, 15), "IN.RMV.1"); // 16 in off
	refused(s, move1(1, b, 14, 15), "IN.RMV.2"); // Leofric stood still: he may not be engaged
	o = move1(1, b, 11, 14);
	DICE(o, 5, 5); // IN.RMV.1: the round: red 5 + 2 = 7, blue 5 + 2 + 1 (Asbjorn and Bjorn touch him) = 8
	ok(s, o);
	const tw_event *e = find("IN.RMV.1", TW_EV_MELEE);
	assert_non_null(e);
	assert_int_equal(e->b, 8); // the reactor's side first
	assert_int_equal(e->c, 7);
	assert_non_null(find("FP.10", TW_EV_MOVE)); // pushed back a base depth
	assert_true(fabs(tw_dist(s->fig[x].pos, tw_v2(10, 14)) - 1.0) < 1e-9);
	refused(s, move1(1, b, 11, 13.9), "IN.RMV.3");
	assert_int_equal(LLF(s, a)->in_react, 0);
	done(s);
}

// FP.D3/D4/D5/D6, FP.D8, IN.MEL.2, LT.14: a fight as an action: the Swordsman counts QR4, +1 for a
// second man on the same foe; margin 10: the foe to the wound table (1 + 2: killed); his
// contingent tests Morale (2: a point lost).
// Cites: FP.D3 FP.D5 FP.D6 FP.D8 IN.MEL.2 LT.14
static void test_FP_D3_D5_D6_D8_IN_MEL_2_LT_14_fight(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int r1 = man(s, 0, "Godric", 10, 10, 3, 0, TW_LL_SWORDSMAN, false);
	man(s, 0, "Leofric", 11, 11, 2, 0, 0, false);
	int b1 = man(s, 1, "Halfdan", 10, 11, 2, 0, 0, false);
	man(s, 1, "Ketil", 40, 40, 2, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	tw_order *o = figs(LL_OT_FIGHT, 0, 1, &r1, 0, NULL);
	DICE(o, 9, 2, 1, 2);
	ok(s, o);
	const tw_event *e = find("IN.MEL.2", TW_EV_MELEE);
	assert_non_null(e);
	assert_int_equal(e->b, 14); // 9 + 4 (LT.14) + 1 support
	assert_int_equal(e->c, 4);
	assert_int_equal(find("FP.D5", TW_EV_INFO)->a, 10);
	assert_int_equal(s->fig[b1].status, TW_FS_DEAD);
	assert_int_equal(LLG(s)->morale[1], 5);
	assert_int_equal(s->phase, LL_PH_IN_SEIZE);
	done(s);
}

// FP.8, FP.D4: a natural 1 loses a figure even for the winner.
// Cites: FP.8 FP.D4
static void test_FP_8_D4_natural_one(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int r1 = man(s, 0, "Godric", 10, 10, 3, 0, 0, false);
	int b1 = man(s, 1, "Halfdan", 10, 11, 1, 0, 0, false);
	man(s, 1, "Ketil", 40, 40, 2, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	tw_order *o = figs(LL_OT_FIGHT, 0, 1, &r1, 0, NULL);
	DICE(o, 1, 1, 6, 6); // 1 + 3 against 1 + 1: both natural 1s; each loses its only man (Morale tests 6, 6)
	ok(s, o);
	assert_int_equal(count("FP.D4", TW_EV_KILL), 2);
	assert_int_equal(s->fig[r1].status, TW_FS_DEAD);
	assert_int_equal(s->fig[b1].status, TW_FS_DEAD);
	assert_true(s->over); // red has nobody left (FP.D8)
	assert_int_equal(s->winner, 1);
	done(s);
}

// LT.15, LT.8: a Terrible man's Push-back on the man he fights is a Retreat; a Stalwart man turns
// his own Retreat back into a Push-back.
// Cites: LT.15 LT.8
static void test_LT_15_8_terrible_and_stalwart(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int r1 = man(s, 0, "Godric", 10, 10, 3, 0, TW_LL_TERRIBLE, false);
	int b1 = man(s, 1, "Halfdan", 10, 11, 3, 0, TW_LL_STALWART, false);
	int b2 = man(s, 1, "Gorm", 11, 10, 1, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	tw_order *o = figs(LL_OT_FIGHT, 0, 1, &r1, 0, NULL);
	DICE(o, 4, 3); // 4 + 3 against 3 + 3 + 1 (two touch Godric): 7 to 7: no result
	ok(s, o);
	o = order(LL_OT_END, 1);
	DICE(o, 10);
	ok(s, o);
	o = figs(LL_OT_FIGHT, 0, 1, &r1, 0, NULL);
	DICE(o, 5, 3); // 8 against 7: margin 1, Push-backs; Terrible makes them Retreats; Halfdan is Stalwart
	ok(s, o);
	assert_non_null(find("LT.15", TW_EV_INFO));
	assert_non_null(find("LT.8", TW_EV_INFO));
	assert_true(fabs(tw_dist(s->fig[b1].pos, tw_v2(10, 11)) - 1.0) < 1e-9);  // a base depth
	assert_true(fabs(tw_dist(s->fig[b2].pos, tw_v2(11, 10)) - 12.0) < 1e-9); // two full moves
	done(s);
}

// DU.2/3/9/10/11, FP.D13: a challenge is the challenger's action; the challenged seat answers; the
// two are placed midway, clear of friends by 3 in; the duel is fought at once on 1d8: 8 + 3 against 1 + 3, margin 7: Ivar to the wound table,
// 7 + 3: Retreat: 1 VP, red's Morale 7, blue's 5.
// Cites: DU.2 DU.3 DU.9 DU.10 DU.11
static void test_DU_2_3_9_10_11_duel_retreat(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int k = man(s, 0, "Byrhtnoth", 10, 10, 3, 2, TW_LL_ICON, false);
	int l = man(s, 1, "Ivar", 10, 18, 3, 1, TW_LL_TERRIBLE, false);
	int p = man(s, 0, "Dudda", 30, 10, 2, 0, 0, false);
	man(s, 1, "Gorm", 11.2, 16.5, 2, 0, 0, false); // 1.3 in from the midpoint's place for Ivar
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	refused(s, figs(LL_OT_CHALLENGE, 0, 1, &p, 1, &l), "DU.2"); // no knight, no leader
	ok(s, figs(LL_OT_CHALLENGE, 0, 1, &k, 1, &l));
	assert_int_equal(s->phase, LL_PH_DU_ANSWER);
	assert_int_equal(seat(s), 1);
	tw_error err = {0};
	tw_order *o = order(LL_OT_ACCEPT, 0);
	assert_int_not_equal(tw_state_apply(s, o, NULL, &EV, &err), TW_OK);
	free(o);
	o = order(LL_OT_ACCEPT, 1);
	DICE(o, 8, 1, 7);
	ok(s, o);
	assert_non_null(find("DU.10", TW_EV_MELEE));
	// DU.9: placed midway, moved 2.5 in aside so that Ivar is 3 in or more from Gorm
	assert_true(fabs(s->fig[k].pos.x - 7.5) < 1e-9 && fabs(s->fig[k].pos.y - 13.5) < 1e-9);
	assert_non_null(find("DU.11", TW_EV_SCORE));
	assert_int_equal(LLG(s)->vp[0], 1);
	assert_int_equal(LLG(s)->morale[0], 7);
	assert_int_equal(LLG(s)->morale[1], 5);
	assert_int_equal(s->phase, LL_PH_IN_SEIZE);
	done(s);
}

// Byrhtnoth (QR3, leader 2, an Icon) challenges Ivar (QR3, leader 1, an Icon) 8 in away and
// wounds him in the duel's first round: 11 against 6, margin 5, wound table 4 + 3 = 7; the
// leader's test: 6. *k Byrhtnoth, *l Ivar (where not NULL).
static tw_state *ivar_wounded(int *k, int *l)
{
	tw_state *s = scene(0);
	int b = man(s, 0, "Byrhtnoth", 10, 10, 3, 2, TW_LL_ICON, false);
	int i = man(s, 1, "Ivar", 10, 18, 3, 1, TW_LL_ICON, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	ok(s, figs(LL_OT_CHALLENGE, 0, 1, &b, 1, &i));
	tw_order *o = order(LL_OT_ACCEPT, 1);
	DICE(o, 8, 3, 4, 6);
	ok(s, o);
	if (k)
		*k = b;
	if (l)
		*l = i;
	return s;
}

// DU.13, LT.7, FP.D8: wounded in the duel (4 + 3 = 7), Ivar's seat asks mercy, red's grants it:
// 2 VP, Byrhtnoth becomes Honourable, blue rolls twice for Morale loss (1: lost, 6: held).
// Cites: DU.13 LT.7
static void test_DU_13_LT_7_mercy_granted(void **st)
{
	(void)st;
	int k, l;
	tw_state *s = ivar_wounded(&k, &l);
	assert_true(LLF(s, l)->wounded);
	assert_int_equal(s->phase, LL_PH_DU_MERCY);
	assert_int_equal(seat(s), 1);
	ok(s, order(LL_OT_MERCY, 1));
	assert_int_equal(s->phase, LL_PH_DU_GRANT);
	assert_int_equal(seat(s), 0);
	tw_order *o = order(LL_OT_ACCEPT, 0);
	DICE(o, 1, 6);
	ok(s, o);
	assert_int_equal(LLG(s)->vp[0], 2);
	assert_true(LLF(s, k)->traits & TW_LL_HONOURABLE);
	assert_int_equal(LLG(s)->morale[1], 5);
	assert_int_equal(count("FP.D8", TW_EV_INFO) >= 2, 1);
	assert_int_equal(s->phase, LL_PH_IN_SEIZE);
	done(s);
}

// DU.14: mercy refused: one more round; the wounded man wins it (1 + 3 against 8 + 2, margin 6:
// Byrhtnoth to the wound table, 10 + 3: Retreat), and gets the full duel award (DU.11).
// Cites: DU.14
static void test_DU_14_mercy_refused(void **st)
{
	(void)st;
	tw_state *s = ivar_wounded(NULL, NULL);
	ok(s, order(LL_OT_MERCY, 1));
	tw_order *o = order(LL_OT_REFUSE, 0);
	DICE(o, 1, 8, 10);
	ok(s, o);
	assert_int_equal(LLG(s)->vp[1], 1);
	assert_int_equal(LLG(s)->vp[0], 0);
	assert_non_null(find("DU.11", TW_EV_SCORE));
	assert_int_equal(s->phase, LL_PH_IN_SEIZE);
	done(s);
}

// DU.6, DU.8, LT.2 (Taunt under Type III), DU.4: a knight who refuses a Taunting challenger rolls
// three times for Morale loss; a second refusal of the same challenger rolls only on 1d6 5-6; a
// non-knight refuses without penalty.
// Cites: DU.4 DU.6 DU.8 LT.2
static void test_DU_4_6_8_LT_2_refusals(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int k = man(s, 0, "Byrhtnoth", 10, 10, 3, 2, TW_LL_CUNNING, false);
	int l = man(s, 1, "Ivar", 10, 18, 3, 1, TW_LL_ICON, false);
	int m = man(s, 1, "Odd", 14, 18, 2, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	ok(s, figs(LL_OT_CHALLENGE, 0, 1, &k, 1, &l));
	tw_order *o = order(LL_OT_REFUSE, 1);
	DICE(o, 1, 2, 4);
	ok(s, o);
	assert_int_equal(count("FP.D8", TW_EV_INFO), 5); // three tests, two lost (each a Morale event)
	assert_int_equal(LLG(s)->morale[1], 4);
	o = order(LL_OT_END, 1);
	DICE(o, 10);
	ok(s, o);
	ok(s, figs(LL_OT_CHALLENGE, 0, 1, &k, 1, &l));
	o = order(LL_OT_REFUSE, 1);
	DICE(o, 4); // DU.6: the same challenger again: no roll on 4
	ok(s, o);
	assert_int_equal(LLG(s)->morale[1], 4);
	o = order(LL_OT_END, 1);
	DICE(o, 10);
	ok(s, o);
	o = figs(LL_OT_CHALLENGE, 0, 1, &k, 1, &m); // Odd (QR2) is not the best man near him:
	DICE(o, 2);                                 // DU.4: the challenger's side tests (2: lost)
	ok(s, o);
	assert_non_null(find("DU.4", TW_EV_DICE));
	assert_int_equal(LLG(s)->morale[0], 5);
	ok(s, order(LL_OT_REFUSE, 1)); // a non-knight refuses without penalty
	assert_int_equal(LLG(s)->morale[1], 4);
	done(s);
}

// IN.SEIZE.1, DU.3, FP.11: bad orders and a bad roster are refused, the state unchanged.
// Cites: IN.SEIZE.1 DU.3 FP.11
static void test_IN_SEIZE_1_DU_3_FP_11_bad_input(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int k = man(s, 0, "Byrhtnoth", 10, 10, 3, 2, TW_LL_ICON, false);
	int l = man(s, 1, "Ivar", 10, 40, 3, 1, TW_LL_ICON, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	refused(s, figs(LL_OT_CHALLENGE, 0, 1, &k, 1, &l), "DU.3"); // 30 in: beyond two moves
	ok(s, order(LL_OT_END, 0));
	refused(s, seize(1, l, 5), ""); // IN.SEIZE.1: the order's own range (1-4) refuses it first
	refused(s, seize(1, k, 2), "IN.SEIZE.3");
	done(s);
	s = scene(0);
	man(s, 0, "Byrhtnoth", 10, 10, 3, 2, TW_LL_ICON, false);
	int b = man(s, 1, "Ivar", 10, 40, 3, 1, TW_LL_ICON, false);
	LLF(s, b)->cont = 0; // red's contingent on the blue side
	tw_error err = {0};
	assert_int_equal(tw_ruleset_lloyd.setup(s, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "FP.11");
	assert_non_null(strstr(err.message, "$.figures[1].data.cont"));
	done(s);
}

// IN.SHT.6, MS.6, IN.TAC.2: the all-missiles action: nobody moves, each archer his own target; the
// count of MS.2 runs per target within the action (two at Finn: 7 then 8; one at Gorm: 7); the
// whole action earns one counter. A volley with a shooter named twice is refused.
// Cites: IN.SHT.6 MS.6
static void test_IN_SHT_6_MS_6_all_missiles_action(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int a[3];
	for (int k = 0; k < 3; k++)
		a[k] = man(s, 0, "archer", 10 + 2 * k, 10, 1, 0, 0, true);
	int f1 = man(s, 1, "Finn", 10, 25, 2, 0, 0, false);
	int f2 = man(s, 1, "Gorm", 20, 25, 2, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	int twice[2] = {a[0], a[0]}, tt[2] = {f1, f1};
	refused(s, figs(LL_OT_VOLLEY, 0, 2, twice, 2, tt), "IN.SHT.6");
	int t[3] = {f1, f2, f1};
	tw_order *o = figs(LL_OT_VOLLEY, 0, 3, a, 3, t);
	DICE(o, 1, 1, 1); // all miss
	ok(s, o);
	int needs[3], n = 0;
	for (int i = 0; i < EV.n && n < 3; i++)
		if ((!strcmp(EV.v[i].clause, "FP.D7") || !strcmp(EV.v[i].clause, "MS.2")) && EV.v[i].type == TW_EV_INFO)
			needs[n++] = EV.v[i].d;
	assert_int_equal(n, 3);
	assert_int_equal(needs[0], 7); // 15 in: 7+
	assert_int_equal(needs[1], 7); // 16.6 in, the first at Gorm
	assert_int_equal(needs[2], 8); // 15.1 in, the second at Finn (MS.2)
	assert_int_equal(LLG(s)->counters[1], 1);
	assert_int_equal(s->phase, LL_PH_IN_SEIZE);
	done(s);
}

// IN.TOME.1/2, LT.11, FP.D10, LT.5: "To me!": a leader standing still calls his men; a man within
// 4 in of an enemy may not come, nor one whose path passes within 4 in of one; it is no seizing
// action. A Timid man never closes. The command radius (6 in) joins a man 5 in off to the leader's
// action; a man of another contingent joins only a Popular leader's.
// Cites: IN.TOME.1 IN.TOME.2 LT.11 FP.D10 LT.5
static void test_IN_TOME_1_2_LT_11_FP_D10_LT_5_command(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int l = man(s, 0, "Byrhtnoth", 10, 10, 3, 2, TW_LL_ICON, false);
	int m = man(s, 0, "Dudda", 10, 20, 2, 0, 0, false);
	int near = man(s, 0, "Ine", 30, 30, 2, 0, 0, false);
	int path = man(s, 0, "Penda", 30, 10, 2, 0, 0, false);
	int timid = man(s, 0, "Tostig", 40, 10, 2, 1, TW_LL_TIMID, false);
	LLF(s, timid)->cont = 2;
	man(s, 1, "Asbjorn", 30, 33, 2, 0, 0, false);
	man(s, 1, "Bjorn", 26, 14, 2, 0, 0, false);
	int c = man(s, 1, "Dag", 40, 17, 2, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	tw_order *o = order(LL_OT_TOME, 0);
	o->nfig2 = 1;
	o->fig2[0] = l;
	o->nfig = 1;
	o->fig[0] = near;
	o->at[0] = tw_v2(27, 26);
	o->has_at = true;
	refused(s, o, "IN.TOME.1"); // Ine is 2 in from Asbjorn
	o = order(LL_OT_TOME, 0);
	o->nfig2 = 1;
	o->fig2[0] = l;
	o->nfig = 1;
	o->fig[0] = path;
	o->at[0] = tw_v2(24, 10);
	o->has_at = true;
	refused(s, o, "IN.TOME.1"); // the path passes 3.5 in from Bjorn
	refused(s, move1(0, timid, 40, 16), "LT.11");
	tw_order *mv = order(LL_OT_MOVE, 0);
	mv->nfig = 2;
	mv->fig[0] = l;
	mv->fig[1] = m;
	mv->at[0] = tw_v2(10, 11);
	mv->at[1] = tw_v2(10, 21);
	mv->has_at = true;
	mv->facing[0] = mv->facing[1] = 0;
	refused(s, mv, "IN.ACT.1"); // Dudda is 10 in off: beyond the command radius
	o = order(LL_OT_TOME, 0);
	o->nfig2 = 1;
	o->fig2[0] = l;
	o->nfig = 1;
	o->fig[0] = m;
	o->at[0] = tw_v2(10, 15);
	o->has_at = true;
	ok(s, o);
	assert_non_null(find("IN.TOME.1", TW_EV_INFO));
	assert_int_equal(LLG(s)->last_kind, 5);
	o = order(LL_OT_END, 1);
	DICE(o, 10);
	ok(s, o);
	mv = order(LL_OT_MOVE, 0); // Dudda 5 in from his leader: within the command radius (FP.D10)
	mv->nfig = 2;
	mv->fig[0] = l;
	mv->fig[1] = m;
	mv->at[0] = tw_v2(10, 11);
	mv->at[1] = tw_v2(10, 16);
	mv->has_at = true;
	mv->facing[0] = mv->facing[1] = 0;
	ok(s, mv);
	(void)c;
	done(s);
}

// LT.4: when a contingent's Morale reaches 0, its men within 4 in of an Icon leading a friendly
// contingent join him on 1d6 5-6; the others leave the table (FP.D8).
// Cites: LT.4 FP.D8
static void test_LT_4_FP_D8_icon(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int r1 = man(s, 0, "Godric", 10, 10, 3, 0, 0, false);
	int icon = man(s, 1, "Ivar", 30, 30, 3, 1, TW_LL_ICON, false);
	LLF(s, icon)->cont = 3;
	int b1 = man(s, 1, "Halfdan", 10, 11, 1, 0, 0, false);
	int b2 = man(s, 1, "Gorm", 30, 33, 1, 0, 0, false);
	int b3 = man(s, 1, "Ketil", 40, 40, 1, 0, 0, false);
	llt_setup(s);
	LLG(s)->morale[1] = 1;
	ok(s, order(LL_OT_START, 0));
	tw_order *o = figs(LL_OT_FIGHT, 0, 1, &r1, 0, NULL);
	DICE(o, 9, 2, 1, 2, 6); // margin 10: Halfdan killed (1 + 1), test 2: Morale 0; Gorm rallies (6)
	ok(s, o);
	assert_int_equal(s->fig[b1].status, TW_FS_DEAD);
	assert_int_equal(LLG(s)->morale[1], 0);
	assert_non_null(find("LT.4", TW_EV_INFO));
	assert_int_equal(s->fig[b2].status, TW_FS_ACTIVE);
	assert_int_equal(LLF(s, b2)->cont, 3);
	assert_int_equal(s->fig[b3].status, TW_FS_OFF);
	done(s);
}

// DU.7, DU.12, FP.D8: a knight accepts in the challenged man's place (one Morale test for the
// challenged side: 5, held); the challenger kills him (8 + 3 against 1 + 3, wound table 1 + 3):
// 3 VP and +1 Morale; the usual penalty for the dead man's side (a test: 1, lost).
// Cites: DU.7 DU.12
static void test_DU_7_12_substitute_killed(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int k = man(s, 0, "Byrhtnoth", 10, 10, 3, 2, TW_LL_ICON, false);
	int l = man(s, 1, "Ivar", 10, 18, 2, 1, TW_LL_ICON, false);
	int sub = man(s, 1, "Ragnar", 14, 18, 3, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	tw_order *o = figs(LL_OT_CHALLENGE, 0, 1, &k, 1, &l);
	DICE(o, 6); // DU.4: Ragnar (QR3) stands by Ivar (QR2): the challenger's side tests: 6, held
	ok(s, o);
	o = figs(LL_OT_ACCEPT, 1, 1, &sub, 0, NULL);
	DICE(o, 5);
	ok(s, o);
	assert_non_null(find("DU.7", TW_EV_DICE));
	assert_int_equal(s->phase, LL_PH_DU_SUB); // DU.7: the challenger may decline him (ll-gaps)
	assert_int_equal(seat(s), 0);
	o = order(LL_OT_ACCEPT, 0);
	DICE(o, 8, 1, 1, 1);
	ok(s, o);
	assert_int_equal(s->fig[sub].status, TW_FS_DEAD);
	assert_non_null(find("DU.12", TW_EV_SCORE));
	assert_int_equal(LLG(s)->vp[0], 3);
	assert_int_equal(LLG(s)->morale[0], 7);
	assert_int_equal(LLG(s)->morale[1], 5);
	done(s);
}

// DU.15, DU.5: a knight against a non-knight: the non-knight wounds him (wound 3 + 3 = 6); the
// knight pulls out, which counts as a Retreat: his side takes two more Morale tests (DU.5).
// Cites: DU.15 DU.5
static void test_DU_15_5_knight_pulls_out(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int k = man(s, 0, "Byrhtnoth", 10, 10, 3, 2, TW_LL_ICON, false);
	int l = man(s, 1, "Odd", 10, 18, 2, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	ok(s, figs(LL_OT_CHALLENGE, 0, 1, &k, 1, &l));
	tw_order *o = order(LL_OT_ACCEPT, 1);
	DICE(o, 1, 8, 3, 6); // 4 against 10: margin 6, wound table 3 + 3: wounded; the leader's test 6: held
	ok(s, o);
	assert_true(LLF(s, k)->wounded);
	assert_int_equal(s->phase, LL_PH_DU_MERCY);
	assert_int_equal(seat(s), 0);
	o = order(LL_OT_END, 0);
	DICE(o, 1, 2);
	ok(s, o);
	assert_int_equal(count("DU.5", TW_EV_DICE), 2);
	assert_int_equal(LLG(s)->morale[0], 4);
	assert_int_equal(LLG(s)->vp[1], 0); // no VPs for a non-knight (DU.11 is knight against knight)
	done(s);
}

// IN.SEIZE.2, IN.ACT.4, FP.D12: a man seizes to enter sight once (the second time is refused);
// a shooting action's targets must be one enemy body; traits change no points.
// Cites: IN.SEIZE.2 IN.ACT.4 FP.D12
static void test_IN_SEIZE_2_IN_ACT_4_FP_D12(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int arch = man(s, 0, "Wiglaf", 10, 10, 1, 0, 0, true);
	int c = man(s, 1, "Njal", 10, 25, 2, 0, 0, false);
	int d = man(s, 1, "Gorm", 30, 25, 4, 1, TW_LL_MIGHTY, false);
	// a house hides (4, 25) from Wiglaf: the sight move leaves his sight (IN.SEIZE.2, ll-gaps)
	tw_terrain house = {.kind = TW_TER_HOUSE, .shape = TW_SHAPE_POLY, .nverts = 4, .height = 3,
			    .v = {{3, 20}, {7, 20}, {7, 22}, {3, 22}}};
	tw_table_add(&s->table, &house);
	llt_setup(s);
	assert_int_equal(tw_ll_fp_points(LLF(s, d)->qr, LLF(s, d)->mounted), 4); // FP.D12
	ok(s, order(LL_OT_START, 0));
	int two[2] = {c, d};
	refused(s, figs(LL_OT_SHOOT, 0, 1, &arch, 2, two), "IN.ACT.4"); // 20 in apart: two bodies
	ok(s, order(LL_OT_END, 0));
	tw_order *o = seize(1, c, 3);
	DICE(o, 20);
	ok(s, o);
	ok(s, move1(1, c, 4, 25));
	assert_int_equal(LLF(s, c)->in_sight, 2);
	o = seize(0, arch, 1);
	DICE(o, 20); // Poor (20); Njal is behind the house now, Gorm 25 in away: no +2 (IN.TAC.1)
	ok(s, o);
	assert_int_equal(s->mover, 0);
	ok(s, order(LL_OT_END, 0)); // a pass gives the declared action up (IN.ACT.6, ours)
	refused(s, seize(1, c, 3), "IN.SEIZE.2");
	done(s);
}

// The Type III scenario (FP.5, LL.EX.8: two 40-point contingents) played out by random players,
// checked after every order in Debug, saved, reloaded and replayed to the same hash.
// Cites: LT.12 LT.9
// LT.12: a Horseman moves 12 in mounted and fights at +1 more; "killed" while mounted, 1d6 5:
// only his horse dies and he fights on foot (6 in). LT.9: a Retreat on a man whose Inspirational
// leader stands within 4 in becomes a Push-back on 1d6 5-6.
static void test_LT_12_9_horseman_and_inspirational(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int g = man(s, 0, "Godric", 10, 10, 3, 1, TW_LL_HORSEMAN, false);
	LLF(s, g)->mounted = 1;
	s->fig[g].radius = 0.75;
	man(s, 1, "Halfdan", 10, 11.25, 2, 0, 0, false);
	int sub = man(s, 0, "Ine", 30, 10, 1, 0, 0, false);
	man(s, 0, "Aelle", 27, 10, 2, 1, TW_LL_INSPIRATIONAL, false);
	LLF(s, g)->cont = 2;
	int b = man(s, 1, "Ragnar", 30, 11, 3, 0, 0, false);
	llt_setup(s);
	assert_true(fabs(LLF(s, g)->m - 12) < 1e-9); // FP.D2 mounted 10, LT.12 +2
	ok(s, order(LL_OT_START, 0));
	tw_order *o = figs(LL_OT_FIGHT, 0, 1, &g, 0, NULL);
	DICE(o, 2, 10, 1, 5); // 2 + 3 + 1 + 1 = 7 against 10 + 2 = 12: margin 5, wound table 1 + 3: killed; horse only (5)
	ok(s, o);
	assert_int_equal(find("IN.MEL.2", TW_EV_MELEE)->b, 7);
	assert_non_null(find("LT.12", TW_EV_INFO));
	assert_int_equal(s->fig[g].status, TW_FS_ACTIVE);
	assert_false(LLF(s, g)->mounted);
	assert_true(fabs(LLF(s, g)->m - 6) < 1e-9);
	o = order(LL_OT_END, 1);
	DICE(o, 10);
	ok(s, o);
	o = figs(LL_OT_FIGHT, 0, 1, &sub, 0, NULL);
	DICE(o, 2, 9, 10, 5); // 2 + 1 against 9 + 3: margin 9, wound table 10 + 1: Retreat; Aelle: 5, a Push-back
	ok(s, o);
	assert_non_null(find("LT.9", TW_EV_INFO));
	assert_true(fabs(tw_dist(s->fig[sub].pos, tw_v2(30, 10)) - 1.0) < 1e-9);
	(void)b;
	done(s);
}

// Cites: IN.MS.1 IN.ACT.4
// IN.MS.1: an archer may cover up to half his move (3 in) and still shoot in the same action: 4 in
// is refused; 3 in then a shot at the body (from 17 in: 7+), one counter (a shooting action).
static void test_IN_MS_1_move_and_shoot(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int a = man(s, 0, "Wiglaf", 10, 5, 1, 0, 0, true);
	int sp = man(s, 0, "Tostig", 20, 5, 2, 0, 0, false);
	int c = man(s, 1, "Njal", 10, 25, 2, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	tw_order *o = move1(0, a, 10, 9);
	o->nfig2 = 1;
	o->fig2[0] = c;
	refused(s, o, "IN.MS.1");
	o = move1(0, sp, 20, 8);
	o->nfig2 = 1;
	o->fig2[0] = c;
	refused(s, o, "IN.MS.1"); // no bow
	o = move1(0, a, 10, 8);
	o->nfig2 = 1;
	o->fig2[0] = c;
	DICE(o, 7, 10); // 17 in: needs 7: a hit; wound table 10 + 2: Retreat
	ok(s, o);
	const tw_event *e = find("FP.D7", TW_EV_INFO);
	assert_non_null(e);
	assert_int_equal(e->d, 7);
	assert_true(fabs(e->v - 17) < 1e-9);
	assert_int_equal(LLG(s)->counters[1], 1);
	assert_int_equal(LLG(s)->last_kind, 2);
	done(s);
}

// Cites: DU.16 DU.17 DU.18 DU.19
// DU.16-19: after Byrhtnoth wins the duel (Ivar retreats) he stands on his own; Ivar's own
// contingent shoots at him: cheating: blue loses 1 VP and Ivar becomes a Scoundrel (DU.17). If
// the shot kills him, red loses no Morale for him (DU.18); if he gets back among his friends, red
// gains a point and the cheats' contingent loses one (DU.19).
static tw_state *cheated(int *k, int *a)
{
	tw_state *s = scene(0);
	*k = man(s, 0, "Byrhtnoth", 10, 10, 3, 2, TW_LL_ICON, false);
	man(s, 0, "Dudda", 10, 8, 2, 0, 0, false);
	int l = man(s, 1, "Ivar", 10, 18, 3, 1, TW_LL_ICON, false);
	*a = man(s, 1, "Vali", 12, 30, 1, 0, 0, true);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	ok(s, figs(LL_OT_CHALLENGE, 0, 1, k, 1, &l));
	tw_order *o = order(LL_OT_ACCEPT, 1);
	DICE(o, 8, 1, 7); // 11 against 4: Ivar to the wound table, 7 + 3: Retreat (DU.11)
	ok(s, o);
	const tw_event *e = find("DU.9", TW_EV_INFO);
	assert_true(e && e->c == 1); // DU.9: midway, (10, 13.5) and (10, 14.5): Dudda is 4.5 in off
	assert_true(fabs(s->fig[*k].pos.y - 13.5) < 1e-9);
	assert_int_equal(LLG(s)->du_win, *k);
	assert_int_equal(LLG(s)->morale[0], 7);
	o = seize(1, *a, 2);
	DICE(o, 20);
	ok(s, o);
	return s;
}

static void test_DU_16_17_18_cheating_kills(void **st)
{
	(void)st;
	int k, a;
	tw_state *s = cheated(&k, &a);
	tw_order *o = figs(LL_OT_SHOOT, 1, 1, &a, 1, &k);
	DICE(o, 7, 1); // 16.6 in: 7, a hit; wound table 1 + 3: killed
	ok(s, o);
	assert_non_null(find("DU.16", TW_EV_SCORE));
	assert_int_equal(LLG(s)->vp[1], -1);
	assert_true(LLF(s, 2)->traits & TW_LL_SCOUNDREL); // Ivar
	assert_int_equal(s->fig[k].status, TW_FS_DEAD);
	assert_non_null(find("DU.18", TW_EV_INFO));
	assert_int_equal(LLG(s)->morale[0], 7); // no test for him
	done(s);
}

static void test_DU_16_19_cheated_reaches_safety(void **st)
{
	(void)st;
	int k, a;
	tw_state *s = cheated(&k, &a);
	tw_order *o = figs(LL_OT_SHOOT, 1, 1, &a, 1, &k);
	DICE(o, 1); // a miss
	ok(s, o);
	assert_int_equal(LLG(s)->vp[1], -1);
	o = seize(0, k, 4);
	DICE(o, 20);
	ok(s, o);
	double a30 = M_PI / 6;
	ok(s, move1(0, k, 10 + 6 * sin(a30), 13.5 - 6 * cos(a30))); // flees at full speed, to within 3 in of Dudda
	assert_non_null(find("DU.19", TW_EV_INFO));
	assert_int_equal(LLG(s)->morale[0], 8);
	assert_int_equal(LLG(s)->morale[1], 4);
	assert_int_equal(LLG(s)->du_win, -1);
	done(s);
}

// Cites: IN.CARD.1 IN.CARD.2 IN.CARD.4 IN.CARD.5 IN.TAC.3 IN.TAC.5 LL.EX.6
// LL.EX.6 second line: a Good (18) man with Heroic leadership (contingent leader 1, Quick 2: 3),
// seizing with his order card (+4) towards an enemy he cannot see behind a hedge (-2): needs 13.
// After the seize only the card's men act, and only against the card's enemy; without the card
// (IN.CARD.5) the same man needs 18 - 3 + 2 = 17.
static void test_LL_EX_6_IN_CARD_TAC_3_5_order_card(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int x = man(s, 0, "Aelle", 10, 10, 2, 0, 0, false);
	int b = man(s, 1, "Ragnar", 10, 30, 3, 1, TW_LL_QUICK, false);
	int c = man(s, 1, "Odd", 30, 40, 2, 0, 0, false);
	LLF(s, b)->card = 1;
	LLF(s, b)->card_foe = x;
	tw_terrain hedge = {.kind = TW_TER_WALL, .shape = TW_SHAPE_POLY, .nverts = 4, .height = 1,
			    .v = {{0, 25}, {12, 25}, {12, 25.4}, {0, 25.4}}};
	tw_table_add(&s->table, &hedge);
	for (int k = 0; k < s->table.nterrain; k++)
		tw_terrain_finish(&s->table.terrain[k]);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	ok(s, order(LL_OT_END, 0));
	tw_order *o = seize(1, c, 1);
	o->nval = 1;
	o->val[0] = 1;
	refused(s, o, "IN.CARD.2"); // Odd holds no card
	o = seize(1, b, 1);
	o->nval = 1;
	o->val[0] = 1;
	DICE(o, 12);
	ok(s, o);
	assert_int_equal(find("IN.SEIZE.4", TW_EV_TOSS)->c, 13);
	ok(s, order(LL_OT_END, 0));
	o = seize(1, b, 1); // IN.CARD.5: he may seize without it
	DICE(o, 12);
	ok(s, o);
	assert_int_equal(find("IN.SEIZE.4", TW_EV_TOSS)->c, 17);
	ok(s, order(LL_OT_END, 0));
	o = seize(1, b, 1);
	o->nval = 1;
	o->val[0] = 1;
	DICE(o, 13);
	ok(s, o);
	assert_int_equal(s->mover, 1);
	assert_true(LLG(s)->seize_card);
	refused(s, move1(1, c, 30, 36), "IN.CARD.4"); // Odd is not on the card
	double a = M_PI / 4;
	ok(s, move1(1, b, 10 + 6 * sin(a), 30 - 6 * cos(a))); // round the hedge, at full speed towards Aelle
	assert_false(LLG(s)->seize_card);
	done(s);
}

// Cites: LT.10
// LT.10: a Rash man who pushes a foe back follows him up at once; a Rash man within 4 in of a
// melee he stays out of rolls for Morale loss after each of his side's actions (2: a point lost).
static void test_LT_10_rash(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int r = man(s, 0, "Godric", 10, 10, 2, 1, TW_LL_RASH, false);
	int b = man(s, 1, "Halfdan", 10, 11, 2, 0, 0, false);
	int l = man(s, 0, "Leofric", 30, 10, 2, 1, TW_LL_RASH, false);
	LLF(s, l)->cont = 2;
	int x = man(s, 0, "Osric", 33, 10, 2, 0, 0, false);
	man(s, 1, "Ketil", 33, 11, 2, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	tw_order *o = figs(LL_OT_FIGHT, 0, 1, &r, 0, NULL);
	DICE(o, 6, 5); // 6 + 2 against 5 + 2: a Push-back; Godric follows up at once
	ok(s, o);
	assert_true(fabs(s->fig[b].pos.y - 12) < 1e-9);
	assert_true(fabs(s->fig[r].pos.y - 11) < 1e-9);
	assert_non_null(find("LT.10", TW_EV_MOVE));
	assert_int_equal(s->phase, LL_PH_FP_FOLLOW); // FP.D5: red may still follow up (it is done)
	o = order(LL_OT_END, 0);
	DICE(o, 2); // the action ends: Leofric (2 in from Osric's melee) tests: 2
	ok(s, o);
	assert_int_equal(LLG(s)->morale[2], 5);
	(void)x;
	done(s);
}

// Cites: FP.6 FP.9
// FP.6: the die plus the factors decides: red 4 + 3 + 1 (Leofric also touches Halfdan) = 8 against
// blue 2 + 2 + 1 (both touch Godric) = 5: margin 3, one loser to the wound table and the other
// pushed back (FP.D5); FP.9: which of the two is random: the die (2) picks the second.
static void test_FP_6_9_random_loser(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int r = man(s, 0, "Godric", 10, 10, 3, 0, 0, false);
	man(s, 0, "Leofric", 9, 11, 2, 0, 0, false);
	int b1 = man(s, 1, "Halfdan", 10, 11, 2, 0, 0, false);
	int b2 = man(s, 1, "Gorm", 11, 10, 2, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	tw_order *o = figs(LL_OT_FIGHT, 0, 1, &r, 0, NULL);
	DICE(o, 4, 2, 2, 5); // margin 3; the d2 picks Gorm; wound table 5 + 2: wounded
	ok(s, o);
	const tw_event *e = find("IN.MEL.2", TW_EV_MELEE);
	assert_int_equal(e->b, 8);
	assert_int_equal(e->c, 5);
	e = find("FP.D6", TW_EV_INFO);
	assert_non_null(e);
	assert_int_equal(e->a, b2);
	assert_true(LLF(s, b2)->wounded);
	assert_true(fabs(tw_dist(s->fig[b1].pos, tw_v2(10, 11)) - 1.0) < 1e-9); // the other pushed back
	done(s);
}

// Cites: DU.13
// A saved game in the duel's phases whose duel names nobody (a hand-edited file) asks no seat:
// every order is refused, nothing is read out of bounds (ASan), the state is unchanged.
static void test_DU_13_malformed_saved_duel(void **st)
{
	(void)st;
	reg();
	json_error_t je;
	json_t *j = json_load_file("scenarios/lloyd/type3.json", 0, &je);
	assert_non_null(j);
	json_object_set_new(j, "phase", json_integer(LL_PH_DU_GRANT));
	json_object_set_new(j, "mover", json_integer(0));
	json_object_set_new(json_object_get(j, "data"), "actions", json_integer(3));
	char *txt = json_dumps(j, 0);
	json_decref(j);
	tw_state *s = calloc(1, sizeof *s);
	tw_error err = {0};
	if (tw_state_from_text(s, txt, strlen(txt), "saved.json", &err) != TW_OK)
		fail_msg("%s: %s", err.path, err.message);
	free(txt);
	llt_setup(s);
	tw_decision d;
	assert_int_equal(tw_ruleset_lloyd.decisions(s, &d, 1), 0);
	s->dice = TW_DICE_ENTERED;
	for (int type = 0; type < LL_OT_COUNT; type++)
		for (int side = 0; side < 2; side++) {
			tw_order *o = order(type, side);
			uint64_t h = tw_state_hash(s);
			assert_int_not_equal(tw_state_apply(s, o, NULL, &EV, &err), TW_OK);
			assert_true(tw_state_hash(s) == h);
			free(o);
		}
	done(s);
}

// Cites: LL.EX.6 IN.SEIZE.7 IN.RATE.1 IN.MEL.3 IN.SEIZE.5
// LL.EX.6's fourth and sixth lines in play, with base rates given (IN.RATE.1): Rubbish (21) with no
// factors needs 21: a natural 20 fails (IN.SEIZE.5, IN.SEIZE.7 literal); after two enemy shooting
// actions (+4) he needs 17. A Demigod (16) commander who is Quick (Inspired, 4), able to charge
// (+2) with his order card (+4) needs 6; a natural 3 still fails and sets off the melee round.
static void test_LL_EX_6_IN_SEIZE_7_rates(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int arch = man(s, 0, "Wiglaf", 10, 10, 1, 0, 0, true);
	int x = man(s, 0, "Aelle", 30, 30, 2, 0, 0, false);
	man(s, 0, "Osric", 44, 44, 2, 0, 0, false);
	int rub = man(s, 1, "Thrall", 10, 40, 1, 0, 0, false);
	LLF(s, rub)->rate = 21;
	int god = man(s, 1, "Odin", 30, 35, 4, 2, TW_LL_QUICK, false);
	LLF(s, god)->rate = 16;
	LLF(s, god)->card = 1;
	LLF(s, god)->card_foe = x;
	man(s, 1, "Ketil", 44, 45, 2, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	ok(s, order(LL_OT_END, 0));
	tw_order *o = seize(1, rub, 1);
	DICE(o, 20);
	ok(s, o);
	assert_int_equal(find("IN.SEIZE.4", TW_EV_TOSS)->c, 21);
	assert_int_equal(s->mover, 0); // impossible
	for (int k = 0; k < 2; k++) {
		o = figs(LL_OT_SHOOT, 0, 1, &arch, 1, &rub);
		DICE(o, 1); // 30 in: a miss
		ok(s, o);
		if (k == 0) {
			o = order(LL_OT_END, 1);
			DICE(o, 10);
			ok(s, o);
		}
	}
	o = seize(1, rub, 1);
	DICE(o, 17);
	ok(s, o);
	assert_int_equal(find("IN.SEIZE.4", TW_EV_TOSS)->c, 17);
	assert_int_equal(s->mover, 1);
	ok(s, order(LL_OT_END, 1)); // blue passes
	o = order(LL_OT_END, 0);    // red declines
	DICE(o, 10);
	ok(s, o);
	ok(s, order(LL_OT_END, 1));
	// red seizes back, then blue's Demigod tries with his card
	o = seize(0, x, 2);
	DICE(o, 20);
	ok(s, o);
	ok(s, order(LL_OT_END, 0));
	o = seize(1, god, 1);
	o->nval = 1;
	o->val[0] = 1;
	DICE(o, 3, 5, 5); // needs 6; a natural 3 fails; the melee check: Osric and Ketil fight (5 + 2 each)
	ok(s, o);
	assert_int_equal(find("IN.SEIZE.4", TW_EV_TOSS)->c, 6);
	assert_non_null(find("IN.MEL.3", TW_EV_MELEE));
	assert_int_equal(s->mover, 0);
	done(s);
}

// Cites: LT.3
// LT.3 (reading): a Lucky man rerolls, at once, a wound-table roll that would kill him, three times
// a game; the reroll stands; with his three used he dies.
static void test_LT_3_lucky(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int r = man(s, 0, "Godric", 10, 10, 2, 1, TW_LL_LUCKY, false);
	man(s, 1, "Halfdan", 10, 11, 3, 0, 0, false);
	int w = man(s, 0, "Wulf", 30, 10, 2, 1, TW_LL_LUCKY, false);
	LLF(s, w)->cont = 2;
	man(s, 1, "Gorm", 30, 11, 3, 0, 0, false);
	llt_setup(s);
	LLF(s, r)->lucky = 2;
	LLF(s, w)->lucky = 3;
	ok(s, order(LL_OT_START, 0));
	tw_order *o = figs(LL_OT_FIGHT, 0, 1, &r, 0, NULL);
	DICE(o, 2, 9, 1, 9); // 2 + 2 against 9 + 3: margin 8, wound table 1 + 2: killed; Lucky: 9 + 2: Retreat
	ok(s, o);
	assert_non_null(find("LT.3", TW_EV_INFO));
	assert_int_equal(LLF(s, r)->lucky, 3);
	assert_int_equal(s->fig[r].status, TW_FS_ACTIVE);
	o = order(LL_OT_END, 1);
	DICE(o, 10);
	ok(s, o);
	o = figs(LL_OT_FIGHT, 0, 1, &w, 0, NULL);
	DICE(o, 2, 9, 1, 6); // the same, but no reroll left: killed; his contingent's test: 6
	ok(s, o);
	assert_null(find("LT.3", TW_EV_INFO));
	assert_int_equal(s->fig[w].status, TW_FS_DEAD);
	done(s);
}

// The Type III general against the random player on the Type III scenario: 40 games, 20 on each
// side, seeds 1-40.
static void test_FP_D9_general_beats_random(void **st)
{
	(void)st;
	reg();
	tw_state s0;
	memset(&s0, 0, sizeof s0);
	tw_error err = {0};
	if (tw_state_load(&s0, "scenarios/lloyd/type3.json", &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	int wins = 0, draws = 0;
	for (uint64_t seed = 1; seed <= 40; seed++) {
		int me = (int)(seed % 2);
		tw_game *g = tw_game_new(&s0, seed, NULL, &err);
		assert_non_null(g);
		tw_general *gen[2];
		gen[me] = tw_general_new("ll-type3", &tw_ruleset_lloyd, me, seed * 7);
		gen[1 - me] = tw_general_new("random", &tw_ruleset_lloyd, 1 - me, seed * 11);
		assert_non_null(gen[0]);
		assert_non_null(gen[1]);
		if (tw_play_out(g, gen, 50000, &err) != TW_OK)
			fail_msg("%s: %s", err.clause, err.message);
		const tw_state *s = tw_game_state(g);
		assert_true(s->over);
		wins += s->winner == me;
		draws += s->winner < 0;
		tw_general_free(gen[0]);
		tw_general_free(gen[1]);
		tw_game_free(g);
	}
	fprintf(stderr, "ll-type3 against random: %d wins, %d draws of 40\n", wins, draws);
	assert_true(wins >= 38);
	tw_state_free(&s0);
}

// Cites: FP.D7
// FP.D7 (reading): a man lining a hedge is seen and in cover: 15.9 in needs 7, +1: 8; a man well
// behind the hedge is not seen at all.
static void test_FP_D7_cover(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int a = man(s, 0, "Wiglaf", 10, 10, 1, 0, 0, true);
	int t = man(s, 1, "Finn", 10, 25.9, 2, 0, 0, false);
	int t2 = man(s, 1, "Gorm", 14, 30, 2, 0, 0, false);
	tw_terrain hedge = {.kind = TW_TER_WALL, .shape = TW_SHAPE_POLY, .nverts = 4, .height = 1,
			    .v = {{0, 25}, {20, 25}, {20, 25.4}, {0, 25.4}}};
	tw_table_add(&s->table, &hedge);
	for (int k = 0; k < s->table.nterrain; k++)
		tw_terrain_finish(&s->table.terrain[k]);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	refused(s, figs(LL_OT_SHOOT, 0, 1, &a, 1, &t2), "FP.D7");
	tw_order *o = figs(LL_OT_SHOOT, 0, 1, &a, 1, &t);
	DICE(o, 7);
	ok(s, o);
	const tw_event *e = find("FP.D7", TW_EV_INFO);
	assert_non_null(e);
	assert_int_equal(e->d, 8);
	assert_non_null(strstr(e->text, "in cover"));
	done(s);
}

// Cites: IN.MS.2 IN.MS.3
// IN.MS.2: a javelin man moves his full move (6 in) and throws (ours: 10 in at most, FP.D7's 5+);
// IN.MS.3: a crossbowman who moves at all cannot shoot in that action; standing still he shoots.
static void test_IN_MS_2_3_javelin_and_crossbow(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int j = man(s, 0, "Cuthred", 10, 10, 2, 0, 0, false);
	LLF(s, j)->weapon[0] = LL_W_JAVELIN;
	int x = man(s, 0, "Sigeberht", 30, 10, 2, 0, 0, false);
	LLF(s, x)->weapon[0] = LL_W_CROSSBOW;
	int t = man(s, 1, "Finn", 10, 24, 2, 0, 0, false);
	int u = man(s, 1, "Gorm", 30, 30, 2, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	refused(s, figs(LL_OT_SHOOT, 0, 1, &j, 1, &t), "FP.D7"); // 14 in: beyond a javelin's 10
	tw_order *o = move1(0, x, 30, 11);
	o->nfig2 = 1;
	o->fig2[0] = u;
	refused(s, o, "IN.MS.3");
	o = move1(0, j, 10, 16);
	o->nfig2 = 1;
	o->fig2[0] = t;
	DICE(o, 5, 9); // 8 in: 5+: a hit; wound table 9 + 2: Retreat
	ok(s, o);
	assert_int_equal(find("FP.D7", TW_EV_INFO)->d, 5);
	o = order(LL_OT_END, 1);
	DICE(o, 10);
	ok(s, o);
	o = figs(LL_OT_SHOOT, 0, 1, &x, 1, &u); // standing, 20 in: 7+
	DICE(o, 7, 9);
	ok(s, o);
	assert_int_equal(find("FP.D7", TW_EV_INFO)->d, 7);
	done(s);
}

// Cites: IN.SHT.5
// IN.SHT.5 (interpretation): a reactor shoots from any point of the mover's path where he saw him,
// at the range there: Raedwald runs from 18 in to 24 in away; the reactive shot is at 18 in (7+,
// +1 reactive: 8), not at 24 in (10).
static void test_IN_SHT_5_range_along_the_path(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int r = man(s, 0, "Raedwald", 10, 12, 2, 0, 0, false);
	int a = man(s, 1, "Vali", 10, 30, 1, 0, 0, true);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	ok(s, move1(0, r, 10, 6));
	tw_order *o = figs(LL_OT_SHOOT, 1, 1, &a, 1, &r);
	DICE(o, 7);
	ok(s, o);
	const tw_event *e = find("FP.D7", TW_EV_INFO);
	assert_non_null(e);
	assert_int_equal(e->d, 8);
	assert_true(fabs(e->v - 18) < 1e-9);
	done(s);
}

// Cites: IN.RATE.1 FP.11 LT.21
// Bad rosters for the fast-play game are located errors and make no game: a base rate outside
// 16-22, a contingent on both sides, an unknown trait, a QR above 4.
static void expect_bad(const char *data0, const char *clause, const char *where)
{
	char buf[2048];
	snprintf(buf, sizeof buf,
		 "{\"format\": \"tinwar-scenario\", \"version\": 1, \"name\": \"bad\", \"ruleset\": \"lloyd\","
		 " \"table\": {\"width\": 48, \"depth\": 48},"
		 " \"sides\": [{\"name\": \"red\", \"back_y\": 0}, {\"name\": \"blue\", \"back_y\": 48}],"
		 " \"figures\": [{\"id\": 0, \"kind\": \"infantry\", \"side\": \"red\", \"at\": [10, 10], \"radius\": 0.5,"
		 " \"height\": 1, \"data\": %s},"
		 " {\"id\": 1, \"kind\": \"infantry\", \"side\": \"blue\", \"at\": [10, 30], \"radius\": 0.5,"
		 " \"height\": 1, \"data\": {\"qr\": 2, \"cont\": 1}}], \"data\": {\"system\": \"fp\"}}",
		 data0);
	llt_expect_bad(buf, data0, clause, where, true);
}

static void test_IN_RATE_1_FP_11_LT_21_bad_rosters(void **st)
{
	(void)st;
	expect_bad("{\"qr\": 2, \"rate\": 15}", "IN.RATE.1", "$.figures[0].data.rate");
	expect_bad("{\"qr\": 2, \"cont\": 1}", "FP.11", "$.figures[1].data.cont");
	expect_bad("{\"qr\": 2, \"traits\": [\"brave\"]}", NULL, "traits");
	expect_bad("{\"qr\": 5}", NULL, "qr");
}

// Cites: FP.D5 FP.10
// FP.D5: after a Push-back on a margin of 1-2 in an action's melee the winner's seat may follow
// up: only a man who touched the man pushed back, into contact with him again, a base depth at most.
static void test_FP_D5_follow_up(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int a = man(s, 0, "Godric", 10, 10, 2, 0, 0, false);
	int c = man(s, 0, "Leofric", 14, 10, 2, 0, 0, false);
	int b = man(s, 1, "Halfdan", 10, 11, 2, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	tw_order *o = figs(LL_OT_FIGHT, 0, 1, &a, 0, NULL);
	DICE(o, 6, 5); // 8 against 7: Halfdan pushed back to (10, 12)
	ok(s, o);
	assert_int_equal(s->phase, LL_PH_FP_FOLLOW);
	assert_int_equal(seat(s), 0);
	refused(s, move1(0, c, 13, 11), "FP.D5");  // Leofric pushed nobody back
	refused(s, move1(0, a, 10, 10.5), "FP.D5"); // not into contact
	ok(s, move1(0, a, 10, 11));
	assert_non_null(find("FP.D5", TW_EV_MOVE));
	assert_int_equal(s->phase, LL_PH_IN_SEIZE);
	assert_int_equal(seat(s), 1);
	(void)b;
	done(s);
}

// Cites: FP.5 LL.EX.8
static void test_FP_5_LL_EX_8_type3_scenario_plays(void **st)
{
	(void)st;
	reg();
	tw_state s0;
	memset(&s0, 0, sizeof s0);
	tw_error err = {0};
	if (tw_state_load(&s0, "scenarios/lloyd/type3.json", &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	int points[2] = {0, 0};
	for (int j = 0; j < s0.nfig; j++)
		points[s0.fig[j].side] += tw_ll_fp_points(LLF(&s0, j)->qr, LLF(&s0, j)->mounted);
	assert_int_equal(points[0], 40); // LL.EX.8
	assert_int_equal(points[1], 40);
	int finished = 0;
	for (uint64_t seed = 1; seed <= 6; seed++) {
		tw_game *g = tw_game_new(&s0, seed, NULL, &err);
		assert_non_null(g);
		tw_general *gen[2] = {tw_general_new("random", &tw_ruleset_lloyd, 0, seed * 3),
				      tw_general_new("random", &tw_ruleset_lloyd, 1, seed * 5)};
		if (tw_play_out(g, gen, 20000, &err) != TW_OK)
			fail_msg("%s: %s", err.clause, err.message);
		const tw_state *s = tw_game_state(g);
		finished += s->over;
		assert_int_equal(tw_state_check(s, &err), TW_OK);
		bool traits = false;
		for (int j = 0; j < s->nfig; j++)
			traits |= LLF(s, j)->leader && LLF(s, j)->traits;
		assert_true(traits); // LT.21: the commanders rolled theirs
		json_t *j = tw_game_log_to_json(g);
		char *txt = json_dumps(j, JSON_REAL_PRECISION(17));
		json_decref(j);
		bool hash_ok = false;
		tw_game *r = tw_game_log_replay(txt, strlen(txt), "log", &hash_ok, &err);
		if (!r)
			fail_msg("replay: %s: %s", err.clause, err.message);
		assert_true(hash_ok);
		tw_game_free(r);
		free(txt);
		tw_general_free(gen[0]);
		tw_general_free(gen[1]);
		tw_game_free(g);
	}
	assert_int_equal(finished, 6);
	tw_state_free(&s0);
}

// ---- ll-reg ----
// DU.1: the duelling rules rest on contingents with Morale and on victory graded in VPs: after the
// duel of test_DU_2_3_9_10_11 (Byrhtnoth drives Ivar off, 1 VP) each contingent has its Morale
// (red 7, blue 5: Ivar's retreat cost one) and the score is the men on the table plus the duel
// VPs: red 2 men + 1 VP = 3, blue 2 men + 0 = 2 (FP.D8's result, "men on the table ... duel VPs").
// Cites: DU.1
static void test_DU_1_duel_vp_graded_in_the_score(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int k = man(s, 0, "Byrhtnoth", 10, 10, 3, 2, TW_LL_ICON, false);
	int l = man(s, 1, "Ivar", 10, 18, 3, 1, TW_LL_TERRIBLE, false);
	man(s, 0, "Dudda", 30, 10, 2, 0, 0, false);
	man(s, 1, "Gorm", 11.2, 16.5, 2, 0, 0, false);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	double pts[TW_MAX_SIDES] = {0};
	tw_ruleset_lloyd.score(s, pts);
	assert_true(pts[0] == 2 && pts[1] == 2);
	ok(s, figs(LL_OT_CHALLENGE, 0, 1, &k, 1, &l));
	tw_order *o = order(LL_OT_ACCEPT, 1);
	DICE(o, 8, 1, 7);
	ok(s, o);
	assert_int_equal(LLG(s)->vp[0], 1);
	assert_int_equal(LLG(s)->morale[0], 7);
	assert_int_equal(LLG(s)->morale[1], 5);
	tw_ruleset_lloyd.score(s, pts);
	if (!(pts[0] == 3 && pts[1] == 2))
		fail_msg("score %g to %g, not 3 to 2", pts[0], pts[1]);
	done(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_LT_21_19_IN_ACT_6_start),
		cmocka_unit_test(test_IN_ACT_1_2_SEIZE_1_3_4_6_LL_EX_6_seize),
		cmocka_unit_test(test_LL_EX_6_IN_TAC_2_4_counters_and_melee),
		cmocka_unit_test(test_LL_EX_6_IN_RATE_1_2_excellent_inspired_in_melee),
		cmocka_unit_test(test_IN_MEL_3_SEIZE_5_natural_melee),
		cmocka_unit_test(test_IN_SHT_1_2_3_5_reactive_shooting),
		cmocka_unit_test(test_IN_RMV_1_2_3_MEL_1_reactive_move),
		cmocka_unit_test(test_FP_D3_D5_D6_D8_IN_MEL_2_LT_14_fight),
		cmocka_unit_test(test_FP_8_D4_natural_one),
		cmocka_unit_test(test_LT_15_8_terrible_and_stalwart),
		cmocka_unit_test(test_DU_2_3_9_10_11_duel_retreat),
		cmocka_unit_test(test_DU_1_duel_vp_graded_in_the_score),
		cmocka_unit_test(test_DU_13_LT_7_mercy_granted),
		cmocka_unit_test(test_DU_14_mercy_refused),
		cmocka_unit_test(test_DU_4_6_8_LT_2_refusals),
		cmocka_unit_test(test_IN_SEIZE_1_DU_3_FP_11_bad_input),
		cmocka_unit_test(test_IN_SHT_6_MS_6_all_missiles_action),
		cmocka_unit_test(test_IN_TOME_1_2_LT_11_FP_D10_LT_5_command),
		cmocka_unit_test(test_LT_4_FP_D8_icon),
		cmocka_unit_test(test_DU_7_12_substitute_killed),
		cmocka_unit_test(test_DU_15_5_knight_pulls_out),
		cmocka_unit_test(test_IN_SEIZE_2_IN_ACT_4_FP_D12),
		cmocka_unit_test(test_LT_12_9_horseman_and_inspirational),
		cmocka_unit_test(test_IN_MS_1_move_and_shoot),
		cmocka_unit_test(test_DU_16_17_18_cheating_kills),
		cmocka_unit_test(test_DU_16_19_cheated_reaches_safety),
		cmocka_unit_test(test_LL_EX_6_IN_CARD_TAC_3_5_order_card),
		cmocka_unit_test(test_LT_10_rash),
		cmocka_unit_test(test_FP_6_9_random_loser),
		cmocka_unit_test(test_DU_13_malformed_saved_duel),
		cmocka_unit_test(test_LL_EX_6_IN_SEIZE_7_rates),
		cmocka_unit_test(test_LT_3_lucky),
		cmocka_unit_test(test_FP_D7_cover),
		cmocka_unit_test(test_IN_MS_2_3_javelin_and_crossbow),
		cmocka_unit_test(test_IN_SHT_5_range_along_the_path),
		cmocka_unit_test(test_IN_RATE_1_FP_11_LT_21_bad_rosters),
		cmocka_unit_test(test_FP_D5_follow_up),
		cmocka_unit_test(test_FP_5_LL_EX_8_type3_scenario_plays),
		cmocka_unit_test(test_FP_D9_general_beats_random),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
