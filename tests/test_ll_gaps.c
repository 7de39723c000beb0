// Nikolas Lloyd's skirmish suite: the rules the clause texts found not applied (issue 16, ll-gaps),
// each played through tw_state_apply with entered dice: difficult ground in fast-play moves
// (FP.D2), defending an obstacle or uphill in the melee round and the duel, agreeing with
// `tinwar odds` (FP.D3), the challenger declining a substitute (DU.7), the sight seize's check and
// its optional variant (IN.SEIZE.2), Heroic and Inspired leadership given to figures (IN.RATE.2,
// LL.EX.6).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/tinwar.h"
#include "tinwar/io.h"
#include <jansson.h>
#include "rules/lloyd/ll.h"
#include "ll_scene.h"
#include "tinwar/ll_roster.h"

// The shared helpers (tests/support/ll_scene.c) under this file's names.
#define reg llt_register
#define EV llt_ev
#define order llt_order
#define DICE LLT_DICE
#define ok llt_ok
#define refused llt_refused
#define find llt_find
#define count llt_count
#define done llt_free
#define figs llt_figs
#define move1 llt_move1
#define seize llt_seize
#define seat llt_seat
#define piece llt_piece

// A 48 x 48 table for the fast-play game under Type III: side 0 "red" (towards +y), side 1 "blue".
static tw_state *scene(int first) { return llt_fp_table(48, first); }

static int man(tw_state *s, int side, const char *name, double x, double y, int qr, int leader, uint32_t traits)
{
	return llt_fp_man(s, side, name, x, y, qr, leader, traits, 0);
}

// FP.D2: a man on foot moves 6 in, but 4 in when his path crosses difficult ground (a wood, a
// marsh: NQ.MOVE.2); on clear ground the full 6.
// Cites: FP.D2
static void test_FP_D2_difficult_ground(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int a = man(s, 0, "Aelle", 10, 10, 2, 0, 0);
	int b = man(s, 0, "Cissa", 30, 10, 2, 0, 0);
	man(s, 1, "Odd", 24, 44, 2, 0, 0);
	piece(s, TW_TER_WOOD, 8, 13, 12, 15, 3);
	piece(s, TW_TER_SWAMP, 20, 13, 24, 15, 0);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	ok(s, move1(0, b, 30, 16)); // clear ground: his whole 6 in
	tw_order *o = order(LL_OT_END, 1); // blue declines: the roll for IN.MEL.3 only
	DICE(o, 10);
	ok(s, o);
	assert_int_equal(s->mover, 0);
	refused(s, move1(0, a, 10, 16), "FP.D2", "difficult ground -2"); // 6 in through the wood
	refused(s, move1(0, a, 10, 14.5), "FP.D2", "more than his 4 in");
	ok(s, move1(0, a, 10, 14)); // 4 in, into the wood
	done(s);
}

// FP.D3: the +1 for defending uphill is given in the round in play, and play and `tinwar odds`
// agree: Osric (QR2) charges Ulf (QR2) standing on a hill: red 5 + 2 = 7, blue 5 + 2 + 1 = 8;
// Ulf wins by 1 and pushes Osric back (old code: 7 against 7, no result). The factor is the one
// tw_ll_fp_factors, which `odds` uses, gives with obstacle_or_uphill.
// Cites: FP.D3
static void test_FP_D3_uphill_in_the_melee_round(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int a = man(s, 0, "Osric", 10, 10, 2, 0, 0);
	int b = man(s, 1, "Ulf", 10, 15, 2, 0, 0);
	piece(s, TW_TER_HILL, 0, 14, 48, 20, 1);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	tw_order *o = move1(0, a, 10, 14 - 0.02);
	DICE(o, 5, 5);
	ok(s, o);
	const tw_event *e = find("IN.MEL.1", TW_EV_MELEE);
	assert_non_null(e);
	assert_int_equal(e->b, 7);
	assert_int_equal(e->c, 8);
	assert_int_equal(e->d, 1);
	tw_ll_fp_side up = {.qr = 2, .obstacle_or_uphill = true};
	assert_int_equal(e->c - 5, tw_ll_fp_factors(&up, 0, false));
	assert_true(LLF(s, a)->in_pushed > 0);
	assert_int_equal(LLF(s, b)->in_pushed, 0);
	done(s);
}

// FP.D3: defending an obstacle: with the contact gap at 0.5 in (param `contact`), Osric and Ulf
// touch across a 0.2 in hedge; Ulf, who did not move to it, defends it: +1 (red 5 + 2 = 7, blue
// 5 + 2 + 1 = 8); Osric, who came to it, does not.
// Cites: FP.D3
static void test_FP_D3_defending_an_obstacle(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int a = man(s, 0, "Osric", 10, 10, 2, 0, 0);
	man(s, 1, "Ulf", 10, 15, 2, 0, 0);
	piece(s, TW_TER_WALL, 0, 14.1, 48, 14.3, 1);
	s->params[LLP_CONTACT] = 0.5;
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	tw_order *o = move1(0, a, 10, 13.55);
	DICE(o, 5, 5);
	ok(s, o);
	const tw_event *e = find("IN.MEL.1", TW_EV_MELEE);
	assert_non_null(e);
	assert_int_equal(e->b, 7);
	assert_int_equal(e->c, 8);
	done(s);
}

// FP.D3, FP.D13: a duel with the challenged man uphill of the challenger: the round in play and
// `tinwar odds lloyd duel --qr 3 --foe-qr 3 --foe-uphill` give B the same +4.
// Cites: FP.D3 FP.D13
static void test_FP_D3_duel_play_and_odds_agree(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int k = man(s, 0, "Byrhtnoth", 10, 10, 3, 2, TW_LL_ICON);
	int l = man(s, 1, "Ivar", 10, 18, 3, 1, TW_LL_ICON);
	piece(s, TW_TER_HILL, 0, 14, 48, 30, 1);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	ok(s, figs(LL_OT_CHALLENGE, 0, 1, &k, 1, &l));
	tw_order *o = order(LL_OT_ACCEPT, 1);
	DICE(o, 1, 8, 1, 6); // 4 against 12: margin 8, Byrhtnoth to the wound table 1 + 3: killed; a test 6
	ok(s, o);
	const tw_event *e = find("DU.10", TW_EV_MELEE);
	assert_non_null(e);
	assert_int_equal(e->b, 1 + 3);
	assert_int_equal(e->c, 8 + 4); // QR3 and uphill (old code: 11)
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	tw_error err = {0};
	const char *n[] = {"qr", "foe-qr", "foe-uphill"}, *v[] = {"3", "3", ""};
	assert_int_equal(tw_ruleset_lloyd.odds("duel", 3, n, v, f, &err), TW_OK);
	fclose(f);
	char want[64];
	snprintf(want, sizeof want, "A 1d8 %+d against B 1d8 %+d", e->b - 1, e->c - 8);
	assert_non_null(strstr(buf, want));
	free(buf);
	done(s);
}

// DU.7: Ragnar (QR3) accepts in Ivar's place (Ivar's side tests: 5, held); the challenger's seat
// is asked, and he declines: his contingent rolls twice (1 lost, 6 held), no duel is fought and
// play goes on to the seize.
// Cites: DU.7
static void test_DU_7_challenger_declines_the_substitute(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int k = man(s, 0, "Byrhtnoth", 10, 10, 3, 2, TW_LL_ICON);
	int l = man(s, 1, "Ivar", 10, 18, 3, 1, TW_LL_ICON);
	int sub = man(s, 1, "Ragnar", 14, 18, 3, 0, 0);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	ok(s, figs(LL_OT_CHALLENGE, 0, 1, &k, 1, &l));
	tw_order *o = figs(LL_OT_ACCEPT, 1, 1, &sub, 0, NULL);
	DICE(o, 5);
	ok(s, o);
	assert_int_equal(s->phase, LL_PH_DU_SUB);
	assert_int_equal(seat(s), 0);
	refused(s, order(LL_OT_REFUSE, 1), "DU.7", "no decision"); // not the challenged seat's choice
	refused(s, figs(LL_OT_ACCEPT, 0, 1, &k, 0, NULL), "DU.7", NULL);
	o = order(LL_OT_REFUSE, 0);
	DICE(o, 1, 6);
	ok(s, o);
	assert_int_equal(count("DU.7", TW_EV_DICE), 2);
	assert_non_null(find("DU.7", TW_EV_INFO));
	assert_null(find("DU.10", TW_EV_MELEE));
	assert_int_equal(LLG(s)->morale[0], 5);
	assert_int_equal(LLG(s)->morale[1], 6);
	assert_int_equal(s->phase, LL_PH_IN_SEIZE);
	assert_int_equal(LLG(s)->du_a, -1);
	done(s);
}

// IN.SEIZE.2: a sight seize's move must serve the scenario: a man who neither enters nor leaves
// the enemy's sight is refused; stepping behind the house (out of sight) is allowed; with the
// optional variant (param sight_into = 1) only moving into sight counts.
// Cites: IN.SEIZE.2
static void test_IN_SEIZE_2_sight_serves_the_scenario(void **st)
{
	(void)st;
	for (int into = 0; into < 2; into++) {
		tw_state *s = scene(0);
		man(s, 0, "Wiglaf", 10, 10, 2, 0, 0);
		int c = man(s, 1, "Njal", 10, 25, 2, 0, 0);
		piece(s, TW_TER_HOUSE, 3, 20, 7, 22, 3);
		s->params[LLP_SIGHT_INTO] = into;
		llt_setup(s);
		ok(s, order(LL_OT_START, 0));
		ok(s, order(LL_OT_END, 0));
		tw_order *o = seize(1, c, 3);
		DICE(o, 20);
		ok(s, o);
		refused(s, move1(1, c, 14, 25), "IN.SEIZE.2", "neither enters nor leaves");
		if (into)
			refused(s, move1(1, c, 4, 25), "IN.SEIZE.2", "only moving into sight");
		else
			ok(s, move1(1, c, 4, 25));
		done(s);
	}
}

// IN.RATE.2, LL.EX.6 from a played position: a Good (18) man given Heroic leadership (3), seizing
// with his order card (+4) towards an enemy behind a hedge (-2): 13; an Excellent (17) Inspired
// (4) man in melee (-4): 17. The leadership is a figure's `lead` field, loaded from a scenario.
// Cites: IN.RATE.2 LL.EX.6
static void test_IN_RATE_2_LL_EX_6_heroic_and_inspired(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int x = man(s, 0, "Aelle", 10, 10, 2, 0, 0);
	int b = man(s, 1, "Ragnar", 10, 30, 3, 1, TW_LL_ICON);
	int i = man(s, 1, "Sigurd", 40, 40, 4, 0, 0);
	man(s, 0, "Osric", 40, 39, 2, 0, 0);
	LLF(s, b)->lead = 4; // heroic
	LLF(s, i)->lead = 5; // inspired
	LLF(s, b)->card = 1;
	LLF(s, b)->card_foe = x;
	piece(s, TW_TER_WALL, 0, 25, 12, 25.4, 1);
	llt_setup(s);
	ok(s, order(LL_OT_START, 0));
	ok(s, order(LL_OT_END, 0));
	tw_order *o = seize(1, b, 1);
	o->nval = 1;
	o->val[0] = 1;
	DICE(o, 12);
	ok(s, o);
	assert_int_equal(find("IN.SEIZE.4", TW_EV_TOSS)->c, 13); // old code (Adequate 1): 15
	ok(s, order(LL_OT_END, 0));
	o = seize(1, i, 2);
	DICE(o, 16);
	ok(s, o);
	assert_int_equal(find("IN.SEIZE.4", TW_EV_TOSS)->c, 17);
	done(s);

	// the field from a scenario file, by name
	reg();
	json_error_t je;
	json_t *root = json_load_file("scenarios/lloyd/type3.json", 0, &je);
	assert_non_null(root);
	json_t *data = json_object_get(json_array_get(json_object_get(root, "figures"), 0), "data");
	json_object_set_new(data, "lead", json_string("inspired"));
	tw_state *t = calloc(1, sizeof *t);
	tw_error err = {0};
	if (tw_state_from_json(t, root, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	assert_int_equal(LLF(t, 0)->lead, 5);
	assert_int_equal(ll_in_leadership(t, 0), 4);
	json_object_set_new(data, "lead", json_string("legendary"));
	tw_state *u = calloc(1, sizeof *u);
	assert_int_not_equal(tw_state_from_json(u, root, &err), TW_OK);
	json_decref(root);
	done(t);
	done(u);

	// and in a roster: a man's own record fields (docs/lloyd.md, rosters as data)
	tw_ll_roster_err re;
	const char *good = "{\"format\": \"tinwar-roster\", \"ruleset\": \"lloyd\", \"troops\": [{\"name\": \"axeman\", "
			   "\"t\": 15, \"s\": 2, \"m\": 5, \"nrows\": 1, \"weapon\": [\"axe\"], \"w\": [9], \"d\": [5], "
			   "\"reach\": [\"normal\"]}], \"men\": [{\"name\": \"Ulf\", \"troop\": \"axeman\", \"lead\": \"heroic\"}]}";
	if (tw_ll_roster_check(good, strlen(good), &re) != TW_OK)
		fail_msg("roster: %s: %s", re.path, re.message);
	char bad[1024];
	snprintf(bad, sizeof bad, "%s", good);
	memcpy(strstr(bad, "heroic"), "heroix", 6);
	assert_int_not_equal(tw_ll_roster_check(bad, strlen(bad), &re), TW_OK);
	assert_non_null(strstr(re.path, "lead"));
}

// TF.D1.5: the table location's square and its eight neighbours supply the table's terrain. The
// map of LL.EX.10 (tests/test_ll_tf.c's roll): L2 at column 5, row 4; of the seven features the
// marsh (4, 4) and the stream (5, 5) are next to it: the marsh goes into the left middle cell, the
// stream (with its ford) into the middle cell on the danes' side; the others stay off the table.
// Cites: TF.D1
static void test_TF_D1_map_sets_the_table(void **st)
{
	(void)st;
	reg();
	tw_state *s = calloc(1, sizeof *s);
	tw_error err = {0};
	if (tw_state_load(s, "scenarios/lloyd/three.json", &err) != TW_OK)
		fail_msg("%s: %s", err.path, err.message);
	if (tw_ruleset_lloyd.setup(s, &err) != TW_OK)
		fail_msg("setup: %s", err.message);
	s->dice = TW_DICE_ENTERED;
	int before = s->table.nterrain;
	tw_order *o = order(LL_OT_START, 0);
	DICE(o, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 1, 1, 3, 1, 2, 3, 3, 4, 5, 4, 5, 6, 2, 5);
	ok(s, o);
	assert_int_equal(s->table.nterrain, before); // nothing laid before the table battle is chosen
	const int red[8] = {2, 2, 2, 2, 2, 1, 3, 3}, blue[8] = {2, 2, 1, 1, 2, 3, 2, 1};
	for (int k = 0; k < 2; k++) {
		o = order(LL_OT_ALLOCATE, k);
		for (int i = 0; i < 8; i++) {
			o->fig[o->nfig++] = 8 * k + i;
			o->val[o->nval++] = k ? blue[i] : red[i];
		}
		ok(s, o);
	}
	assert_int_equal(LLG(s)->table_loc, 2);
	assert_int_equal(s->table.nterrain, before + 3);
	const tw_terrain *m = &s->table.terrain[before], *r = &s->table.terrain[before + 1], *f = &s->table.terrain[before + 2];
	assert_int_equal(m->kind, TW_TER_SWAMP);
	assert_true(tw_terrain_contains(m, tw_v2(8, 24))); // the cell x 0-16, y 16-32
	assert_false(tw_terrain_contains(m, tw_v2(24, 24)));
	assert_int_equal(r->kind, TW_TER_RIVER);
	assert_true(tw_terrain_contains(r, tw_v2(20, 40))); // the cell x 16-32, y 32-48
	assert_false(tw_terrain_contains(r, tw_v2(8, 40)));
	assert_int_equal(f->kind, TW_TER_FORD);
	assert_true(tw_table_is_water(&s->table, tw_v2(20, 40)));
	assert_false(tw_table_is_water(&s->table, tw_v2(24, 40)));
	assert_int_equal(count("TF.D1", TW_EV_INFO), 2);
	done(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_FP_D2_difficult_ground),
		cmocka_unit_test(test_FP_D3_uphill_in_the_melee_round),
		cmocka_unit_test(test_FP_D3_defending_an_obstacle),
		cmocka_unit_test(test_FP_D3_duel_play_and_odds_agree),
		cmocka_unit_test(test_DU_7_challenger_declines_the_substitute),
		cmocka_unit_test(test_IN_SEIZE_2_sight_serves_the_scenario),
		cmocka_unit_test(test_IN_RATE_2_LL_EX_6_heroic_and_inspired),
		cmocka_unit_test(test_TF_D1_map_sets_the_table),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
