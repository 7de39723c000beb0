// Nikolas Lloyd's suite: the choices the catalogue gives a commander, asked of his own seat
// (ll_owner.c): TF.D5's edge when two tie, and CA.D3's deserters after a campaign battle. Each is
// asked of the right seat only, another seat's answer is refused by the clause, a bad answer is
// refused located with the state unchanged, and the computer general and the random player answer.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "rules/lloyd/ll.h"
#include "tinwar/general.h"
#include "tinwar/io.h"
#include "tinwar/tinwar.h"

#include "ll_scene.h"

#define EV llt_ev
#define order llt_order
#define DICE LLT_DICE
#define ok llt_ok
#define refused llt_refused
#define find llt_find
#define done llt_free
#define alloc llt_alloc
#define side_turn llt_side_turn

// A hand-drawn map (TF.6): L1 at (2,2), L2 at (4,4), L3 at (6,2). L2 is fought on the table (70
// points a side); the saxons' Aelfric (30) and the danes' Ivar (15) go to L1. At the end of turn 2
// the d20 of 5 is a decisive saxon win there (LL.EX.10's thresholds: 6/13/17), and L1 lies two
// columns and two rows from L2: the edges tie (TF.D5), the saxons' owner chooses.
static tw_state *tied(void)
{
	llt_register();
	tw_state *s = calloc(1, sizeof *s);
	tw_error err = {0};
	if (tw_state_load(s, "scenarios/lloyd/three.json", &err) != TW_OK)
		fail_msg("%s: %s", err.path, err.message);
	ll_game *g = LLG(s);
	const int col[3] = {2, 4, 6}, row[3] = {2, 4, 2};
	for (int l = 0; l < 3; l++) {
		g->map_col[l] = col[l];
		g->map_row[l] = row[l];
	}
	if (tw_ruleset_lloyd.setup(s, &err) != TW_OK)
		fail_msg("setup: %s", err.message);
	assert_int_equal(s->phase, LL_PH_ALLOC);
	s->dice = TW_DICE_ENTERED;
	LLF(s, 0)->pts = 30;
	LLF(s, 8)->pts = 15;
	for (int i = 1; i < 8; i++)
		LLF(s, i)->pts = LLF(s, 8 + i)->pts = 10;
	const int to[8] = {1, 2, 2, 2, 2, 2, 2, 2};
	ok(s, alloc(0, to));
	tw_order *o = alloc(1, to);
	DICE(o, 2, 5);
	ok(s, o);
	assert_int_equal(g->table_loc, 2);
	o = order(LL_OT_START, 0);
	DICE(o, 15, 3);
	ok(s, o);
	for (int t = 0; t < 3; t++)
		side_turn(s);
	ok(s, order(LL_OT_END, s->mover));
	o = order(LL_OT_END, 1 - s->mover);
	DICE(o, 5);
	ok(s, o);
	return s;
}

// TF.D5: the tie is asked of the saxons' seat alone; the danes' answer is refused by TF.D5, as is
// any other order meanwhile and an edge that is neither row nor column; the general and the random
// player answer; the column edge brings Aelfric on at the left edge at the start of turn 4 (2 + d,
// d = 2), where the row edge would have put him on the near edge.
static void test_TF_D5_owner_chooses_the_edge_on_a_tie(void **st)
{
	(void)st;
	for (int pick = 0; pick <= 1; pick++) {
		tw_state *s = tied();
		assert_int_equal(s->phase, LL_PH_TF_EDGE);
		assert_int_equal(LLS(s, 0)->arrive[0], 4);
		assert_int_equal(LLS(s, 0)->edge_ask, 1);
		tw_decision ds[TW_MAX_DECISIONS];
		int nd = tw_state_decisions(s, ds, TW_MAX_DECISIONS);
		assert_int_equal(nd, 1);
		assert_int_equal(ds[0].seat, 0);
		assert_string_equal(ds[0].clause, "TF.D5");
		assert_string_equal(ds[0].kind, "edge");
		assert_true(ds[0].types == (UINT64_C(1) << LL_OT_EDGE));
		tw_order *o = order(LL_OT_EDGE, 1);
		o->n = 1;
		refused(s, o, "TF.D5", "the rules ask saxons: edge");
		refused(s, order(LL_OT_END, 0), "TF.D5", "which the order end does not answer");
		o = order(LL_OT_EDGE, 0);
		o->n = 2;
		refused(s, o, "", "field n: a number out of its range"); // the core checks the choices
		// The computer general (ll-three) and the random player answer the owner's decision.
		tw_general *gen = tw_general_new("ll-three", &tw_ruleset_lloyd, 0, 7);
		assert_non_null(gen);
		tw_order *a = calloc(1, sizeof *a);
		assert_int_equal(tw_general_decide(gen, s, a), TW_OK);
		assert_int_equal(a->type, LL_OT_EDGE);
		assert_true(a->n == 0 || a->n == 1);
		tw_general_free(gen);
		tw_rng r;
		tw_rng_seed(&r, 3);
		assert_int_equal(ll_random_orders(s, 0, &r, a, 1), 1);
		assert_int_equal(a->type, LL_OT_EDGE);
		assert_int_equal(ll_random_orders(s, 1, &r, a, 1), 0); // not asked of the danes
		free(a);
		o = order(LL_OT_EDGE, 0);
		o->n = pick;
		ok(s, o);
		const tw_event *e = find("TF.D5", TW_EV_INFO);
		assert_non_null(e);
		assert_int_equal(e->a, 1);
		assert_int_equal(e->b, pick);
		assert_int_equal(s->phase, LL_PH_MOVE);
		assert_int_equal(LLG(s)->turn, 5); // turn 3's first side-turn
		assert_int_equal(ll_tf_turn(s), 3);
		assert_int_equal(s->fig[0].status, TW_FS_RESERVE);
		side_turn(s);
		side_turn(s);
		assert_int_equal(ll_tf_turn(s), 4);
		assert_int_equal(s->fig[0].status, TW_FS_ACTIVE); // TF.3: he arrives
		if (pick == 1)
			assert_true(s->fig[0].pos.x < 1.0 && s->fig[0].pos.y > 10); // the left edge (column 1's side)
		else
			assert_true(s->fig[0].pos.y < 1.0); // the near edge (row 1's side)
		done(s);
	}
}

// Once chosen, an edge order is no longer asked: refused by the core's decision check (the seat is
// asked to act, NQ.TURN.2), the state unchanged.
static void test_TF_D5_edge_not_asked_out_of_phase(void **st)
{
	(void)st;
	tw_state *s = tied();
	tw_order *o = order(LL_OT_EDGE, 0);
	ok(s, o);
	o = order(LL_OT_EDGE, 0);
	refused(s, o, "NQ.TURN.2", "which the order edge does not answer");
	done(s);
}

// A campaign's battle 1 (earl against outlaw, 40 points each) ending at TF.D7's turn limit after
// turn 1; one of the earl's 2-point men was killed, so the outlaw holds the field (40 points to
// 38: 3 VP, CA.D2) on top of 2 VP already against the earl: he owes 10 points of deserters.
static tw_state *campaign_end(json_t **carry_out, int *killed)
{
	llt_register();
	json_t *carry = json_object();
	json_t *cfg = json_pack("{s:[ssssss], s:i}", "sides", "earl", "baron", "sheriff", "outlaw", "thane", "reeve", "points", 40);
	tw_error err = {0};
	assert_int_equal(ll_series_start(carry, cfg, &err), TW_OK);
	json_decref(cfg);
	tw_state *s = calloc(1, sizeof *s);
	assert_int_equal(tw_state_load(s, "scenarios/lloyd/three.json", &err), TW_OK);
	assert_int_equal(ll_series_prepare(carry, 1, s, &err), TW_OK);
	if (tw_ruleset_lloyd.setup(s, &err) != TW_OK)
		fail_msg("setup: %s", err.message);
	s->dice = TW_DICE_ENTERED;
	ll_game *g = LLG(s);
	const int col[3] = {2, 4, 6}, row[3] = {2, 4, 2};
	for (int l = 0; l < 3; l++) {
		g->map_col[l] = col[l];
		g->map_row[l] = row[l];
	}
	g->table_loc = 1;
	g->turn = 2;
	s->params[LLP_TF_TURNS] = 1;
	s->mover = 0;
	s->phase = LL_PH_REACT; // the danes react to the saxons' turn
	*killed = -1;
	for (int j = 0; j < s->nfig && *killed < 0; j++)
		if (s->fig[j].side == 0 && !LLF(s, j)->leader && LLF(s, j)->pts == 2)
			*killed = j;
	s->fig[*killed].status = TW_FS_DEAD;
	LLF(s, *killed)->scored = 1;
	LLS(s, 0)->vp_against = 2;
	LLS(s, 1)->vp = 2;
	*carry_out = carry;
	return s;
}

// CA.D3: the battle's end is decided (TF.D7, TF.D6), then the earl alone is asked for his
// deserters; the outlaw's answer is refused, as are a leader, the killed man, too few points and
// too many; five 2-point men are accepted, the game is over, and the carry-over drops exactly them.
static void test_CA_D3_commander_chooses_deserters(void **st)
{
	(void)st;
	json_t *carry;
	int killed;
	tw_state *s = campaign_end(&carry, &killed);
	ok(s, order(LL_OT_END, 1)); // the reactions end: melee, turn 1 over, TF.D7's limit
	assert_non_null(find("TF.D6", TW_EV_VICTORY)); // TF.D6: 5 VP to 0, the outlaw wins
	assert_int_equal(s->winner, 1);
	assert_false(s->over);
	assert_int_equal(s->phase, LL_PH_CA_DESERT);
	assert_int_equal(LLS(s, 0)->desert, 10);
	assert_int_equal(LLS(s, 1)->desert, 0);
	tw_decision ds[TW_MAX_DECISIONS];
	int nd = tw_state_decisions(s, ds, TW_MAX_DECISIONS);
	assert_int_equal(nd, 1);
	assert_int_equal(ds[0].seat, 0);
	assert_string_equal(ds[0].clause, "CA.D3");
	assert_string_equal(ds[0].kind, "desert");
	int lead = -1, two[6], ntwo = 0, other = -1;
	for (int j = 0; j < s->nfig; j++) {
		if (s->fig[j].side == 1 && other < 0 && !LLF(s, j)->leader)
			other = j;
		if (s->fig[j].side != 0)
			continue;
		if (LLF(s, j)->leader)
			lead = j;
		else if (j != killed && LLF(s, j)->pts == 2 && ntwo < 6)
			two[ntwo++] = j;
	}
	assert_true(lead >= 0 && ntwo == 6 && other >= 0);
	tw_order *o = order(LL_OT_DESERT, 1);
	o->fig[o->nfig++] = other;
	refused(s, o, "CA.D3", "the rules ask earl: desert");
	o = order(LL_OT_DESERT, 0);
	o->fig[o->nfig++] = two[0];
	o->fig[o->nfig++] = lead;
	refused(s, o, "CA.D3", "$.figures[1]: figure");
	refused(s, (o = order(LL_OT_DESERT, 0), o->fig[o->nfig++] = killed, o), "CA.D3", "killed");
	o = order(LL_OT_DESERT, 0);
	for (int i = 0; i < 4; i++)
		o->fig[o->nfig++] = two[i];
	refused(s, o, "CA.D3", "8 points of men chosen, 10 owed");
	o = order(LL_OT_DESERT, 0);
	for (int i = 0; i < 6; i++)
		o->fig[o->nfig++] = two[i];
	refused(s, o, "CA.D3", "12 points of men chosen for 10 owed");
	o = order(LL_OT_DESERT, 0);
	o->fig[o->nfig++] = other;
	refused(s, o, "CA.D3", "$.figures[0]: figure");
	// The general and the random player each give an answer the rules accept.
	tw_general *gen = tw_general_new("ll-three", &tw_ruleset_lloyd, 0, 7);
	tw_order *a = calloc(1, sizeof *a);
	tw_error err = {0};
	assert_int_equal(tw_general_decide(gen, s, a), TW_OK);
	assert_int_equal(a->type, LL_OT_DESERT);
	assert_int_equal(tw_ruleset_lloyd.validate(s, a, &err), TW_OK);
	tw_general_free(gen);
	tw_rng r;
	tw_rng_seed(&r, 5);
	assert_int_equal(ll_random_orders(s, 0, &r, a, 1), 1);
	assert_int_equal(a->type, LL_OT_DESERT);
	assert_int_equal(tw_ruleset_lloyd.validate(s, a, &err), TW_OK);
	assert_int_equal(ll_random_orders(s, 1, &r, a, 1), 0);
	free(a);
	o = order(LL_OT_DESERT, 0);
	for (int i = 1; i < 6; i++)
		o->fig[o->nfig++] = two[i];
	ok(s, o);
	assert_true(s->over);
	assert_int_equal(s->phase, LL_PH_OVER);
	assert_int_equal(llt_count("CA.D3", TW_EV_INFO), 6);
	char gone[5][24];
	for (int i = 1; i < 6; i++)
		snprintf(gone[i - 1], sizeof gone[0], "%s", LLF(s, two[i])->name);
	bool over = true;
	tw_error e2 = {0};
	assert_int_equal(ll_series_record(carry, 1, s, &over, &e2), TW_OK);
	const json_t *f = json_object_get(json_object_get(carry, "forces"), "earl");
	int p = 0;
	bool kept0 = false;
	size_t i;
	json_t *m;
	json_array_foreach(f, i, m) {
		const char *nm = json_string_value(json_object_get(m, "name"));
		p += (int)json_integer_value(json_object_get(m, "pts"));
		for (int k = 0; k < 5; k++)
			assert_string_not_equal(nm, gone[k]);
		kept0 |= !strcmp(nm, LLF(s, two[0])->name);
	}
	assert_true(kept0);
	assert_int_equal(p, 40 - 2 - 10); // the killed man and the five he chose
	json_decref(carry);
	done(s);
}

// CA.D3 outside a campaign: a three-fight game whose sides have no commander asks nothing and
// ends at once.
static void test_CA_D3_not_asked_outside_a_campaign(void **st)
{
	(void)st;
	json_t *carry;
	int killed;
	tw_state *s = campaign_end(&carry, &killed);
	for (int k = 0; k < s->nsides; k++)
		LLS(s, k)->owner = -1;
	ok(s, order(LL_OT_END, 1));
	assert_true(s->over);
	assert_int_equal(s->phase, LL_PH_OVER);
	tw_order *o = order(LL_OT_DESERT, 0);
	o->fig[o->nfig++] = 1;
	refused(s, o, "", "the game is over");
	json_decref(carry);
	done(s);
}

// CA.D1: battle 4 played 2v2. Round 1's VPs rank each side's commanders (earl 5, baron 3, sheriff 1;
// outlaw 4, thane 2, reeve 0): battle 5 is earl against outlaw, battle 4 baron and sheriff against
// thane and reeve. The battle has two sides, named for baron and thane, and four seats (roles),
// one a commander; each commander's men are his (owner) and only his seat may order them (a move
// of the ally's man is refused by CA.D1, the state unchanged); orders naming no man, the side's
// allocation and its deserters are either ally's. Recorded, each ally has his own VPs (CA.D2 by
// commander: the side's record's ally share) and keeps his own men; the grudge names the
// commander whose man cheated.
static void test_CA_D1_battle_4_two_against_two(void **st)
{
	(void)st;
	llt_register();
	json_t *carry = json_object();
	json_t *cfg = json_pack("{s:[ssssss], s:i}", "sides", "earl", "baron", "sheriff", "outlaw", "thane", "reeve", "points", 40);
	tw_error err = {0};
	assert_int_equal(ll_series_start(carry, cfg, &err), TW_OK);
	json_decref(cfg);
	const int vp[3][2] = {{5, 4}, {3, 2}, {1, 0}};
	for (int b = 1; b <= 3; b++) {
		tw_state s;
		memset(&s, 0, sizeof s);
		assert_int_equal(tw_state_load(&s, "scenarios/lloyd/three.json", &err), TW_OK);
		assert_int_equal(ll_series_prepare(carry, b, &s, &err), TW_OK);
		for (int k = 0; k < 2; k++) {
			LLS(&s, k)->vp = vp[b - 1][k];
			LLS(&s, k)->vp_against = vp[b - 1][1 - k];
		}
		s.over = true;
		s.winner = 0;
		bool over = true;
		assert_int_equal(ll_series_record(carry, b, &s, &over, &err), TW_OK);
		tw_state_free(&s);
	}
	json_t *p4 = json_object_get(json_object_get(carry, "pairings"), "4");
	json_t *a4 = json_object_get(json_object_get(carry, "allies"), "4");
	assert_int_equal(json_integer_value(json_array_get(p4, 0)), 1); // baron
	assert_int_equal(json_integer_value(json_array_get(p4, 1)), 4); // thane
	assert_int_equal(json_integer_value(json_array_get(a4, 0)), 2); // sheriff
	assert_int_equal(json_integer_value(json_array_get(a4, 1)), 5); // reeve
	// DU.20: the sheriff holds a grudge (Rash) against the thane, who fights him in battle 4.
	json_t *gs = json_object_get(carry, "grudges");
	assert_true(json_is_array(gs));
	json_array_append_new(gs, json_pack("{s:s, s:s, s:s, s:i, s:i, s:s}", "commander", "sheriff", "knight", "Wulf", "cheaters",
					    "thane", "battle", 2, "d6", 5, "trait", "rash"));
	tw_state *s = calloc(1, sizeof *s);
	assert_int_equal(tw_state_load(s, "scenarios/lloyd/three.json", &err), TW_OK);
	assert_int_equal(ll_series_prepare(carry, 4, s, &err), TW_OK);
	if (tw_ruleset_lloyd.setup(s, &err) != TW_OK)
		fail_msg("setup: %s", err.message);
	assert_int_equal(s->nsides, 2);
	assert_string_equal(s->sides[0].name, "baron");
	assert_string_equal(s->sides[1].name, "thane");
	tw_role_def roles[TW_MAX_ROLES];
	int nr = tw_state_roles(s, roles, TW_MAX_ROLES);
	assert_int_equal(nr, 4); // four seats, two a side
	const char *names[4] = {"baron", "sheriff", "thane", "reeve"};
	for (int i = 0; i < 4; i++) {
		assert_int_equal(roles[i].side, i / 2);
		assert_int_equal(roles[i].kind, TW_ROLE_PLAYER);
		assert_string_equal(roles[i].name, names[i]);
		assert_string_equal(roles[i].clause, "CA.D1");
	}
	// Each commander's men: his own force, in his own name.
	int mine = -1, his = -1, n[4] = {0};
	for (int j = 0; j < s->nfig; j++) {
		int o = LLF(s, j)->owner;
		assert_true(o == 1 || o == 2 || o == 4 || o == 5);
		assert_int_equal(s->fig[j].side, o <= 2 ? 0 : 1);
		n[o == 1 ? 0 : o == 2 ? 1 : o == 4 ? 2 : 3]++;
		if (o == 1 && mine < 0)
			mine = j;
		if (o == 2 && his < 0)
			his = j;
	}
	const json_t *forces = json_object_get(carry, "forces");
	for (int i = 0; i < 4; i++)
		assert_int_equal(n[i], (int)json_array_size(json_object_get(forces, names[i])));
	// DU.20 with an ally: the sheriff's leading man (not the baron's) counts as Rash against side 1.
	for (int j = 0; j < s->nfig; j++) {
		bool lead2 = LLF(s, j)->owner == 2 && LLF(s, j)->leader;
		assert_int_equal(LLF(s, j)->grudge, lead2 ? TW_LL_RASH : 0);
		if (lead2)
			assert_int_equal(LLF(s, j)->grudge_vs, 1);
	}
	tw_order *o = calloc(1, sizeof *o);
	tw_order_init(o, LL_OT_MOVE, 0);
	o->nfig = 1;
	o->fig[0] = his;
	uint64_t h = tw_state_hash(s);
	assert_int_equal(tw_role_may(s, &roles[0], o, &err), TW_ERR_ILLEGAL); // the baron orders the sheriff's man
	assert_string_equal(err.clause, "CA.D1");
	assert_non_null(strstr(err.message, "$.figures[0]: baron orders his own men"));
	assert_true(tw_state_hash(s) == h);
	assert_int_equal(tw_role_may(s, &roles[1], o, &err), TW_OK); // the sheriff orders him
	o->fig[0] = mine;
	assert_int_equal(tw_role_may(s, &roles[0], o, &err), TW_OK);
	assert_int_equal(tw_role_may(s, &roles[1], o, &err), TW_ERR_ILLEGAL);
	assert_int_equal(tw_role_may(s, &roles[2], o, &err), TW_ERR_ILLEGAL); // thane: not his side
	tw_order_init(o, LL_OT_END, 0);
	assert_int_equal(tw_role_may(s, &roles[1], o, &err), TW_OK);
	free(o);
	// Recorded: 5 VP scored and 3 against the baron's side, of which the sheriff's men scored 1 and
	// 2 count against him (CA.D2 by commander, h6-camp): baron 4 and 1, sheriff 1 and 2.
	LLS(s, 0)->vp = 5;
	LLS(s, 0)->vp_against = 3;
	LLS(s, 0)->vp_ally = 1;
	LLS(s, 0)->vpa_ally = 2;
	LLS(s, 1)->vp = 3;
	LLS(s, 1)->vp_against = 5;
	s->over = true;
	s->winner = 0;
	LLF(s, his)->cheated = 1; // DU.20: the sheriff's man, cheated by the thane's side and killed
	LLF(s, his)->cheat_own1 = 6; // h6-camp: by one of the reeve's men (the thane's ally)
	s->fig[his].status = TW_FS_DEAD;
	json_int_t tot_b = json_integer_value(json_object_get(json_object_get(carry, "totals"), "baron"));
	json_int_t tot_s = json_integer_value(json_object_get(json_object_get(carry, "totals"), "sheriff"));
	bool over = true;
	assert_int_equal(ll_series_record(carry, 4, s, &over, &err), TW_OK);
	const json_t *tot = json_object_get(carry, "totals");
	assert_int_equal(json_integer_value(json_object_get(tot, "baron")), tot_b + 4);
	assert_int_equal(json_integer_value(json_object_get(tot, "sheriff")), tot_s + 1);
	const json_t *ag = json_object_get(carry, "against");
	assert_int_equal(json_integer_value(json_object_get(ag, "baron")), 2 + 1); // battle 2: 2, battle 4: 1
	assert_int_equal(json_integer_value(json_object_get(ag, "sheriff")), 0 + 2); // battle 3: 0, battle 4: 2
	const json_t *b4 = json_array_get(json_object_get(carry, "battles"), 3);
	assert_int_equal(json_object_size(json_object_get(b4, "points")), 4);
	const json_t *g = json_array_get(json_object_get(carry, "grudges"), 1);
	assert_string_equal(json_string_value(json_object_get(g, "commander")), "sheriff"); // the ally's, not the baron's
	assert_string_equal(json_string_value(json_object_get(g, "cheaters")), "reeve"); // whose man cheated (h6-camp)
	json_decref(carry);
	done(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_TF_D5_owner_chooses_the_edge_on_a_tie),
	    cmocka_unit_test(test_TF_D5_edge_not_asked_out_of_phase),
	    cmocka_unit_test(test_CA_D3_commander_chooses_deserters),
	    cmocka_unit_test(test_CA_D3_not_asked_outside_a_campaign),
	    cmocka_unit_test(test_CA_D1_battle_4_two_against_two),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
