// Grant on the water: fords that take whole moves (GR.TERR.7), barges (GR.MOVE.7, GR.ORG.4), and
// the owner's choice of casualties (GR.LIGHT.3, GR.MELEE.7, GR.HOUSE.2).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rules/grant/gr.h"
#include "tinwar/io.h"
#include "tinwar/tinwar.h"
#include "gr_scene.h"

static void rect(tw_state *s, int kind, const char *name, double x0, double y0, double x1, double y1)
{
	tw_gr_box(s, kind, name, x0, y0, x1, y1, 0);
}

// A river across the table at y 50..52, fordable for x 40..80.
static tw_state *ford_scene(void)
{
	tw_state *s = tw_gr_scene_seed(3);
	rect(s, TW_TER_RIVER, "river", 0, 50, 120, 52);
	rect(s, TW_TER_FORD, "ford", 40, 49.5, 80, 52.5);
	return s;
}

// Clauses: GR.TERR.7 GR.EX.25
static void test_GR_TERR_7_GR_EX_25_infantry_fords_in_two_moves(void **st)
{
	(void)st;
	tw_state *s = ford_scene();
	int li = gr_build_unit(s, 0, TW_GR_LIGHT_INF, "li", tw_v2(60, 48.6), 0, GR_F_OPEN);
	int far = gr_build_unit(s, 0, TW_GR_LIGHT_INF, "far", tw_v2(20, 40), 0, GR_F_OPEN);
	int foe = gr_build_unit(s, 1, TW_GR_LINE, "foe", tw_v2(60, 80), 180, GR_F_LINE);
	tw_gr_start(s);
	assert_int_equal(tw_grant_ford_moves(TW_GR_LIGHT_CAV), 2);
	assert_int_equal(tw_grant_ford_moves(TW_GR_ARTILLERY), 4);
	assert_int_equal(tw_grant_ford_moves(TW_GR_WAGON), 4);
	tw_order o;
	gr_order_shift(s, li, tw_v2(0, 7), 0, &o); // wading across as a normal move
	tw_gr_refused(s, &o, "GR.TERR.7");
	gr_order_shift(s, far, tw_v2(0, 7), 4, &o); // no river there to ford
	tw_gr_refused(s, &o, "GR.TERR.7");
	int fig = tw_gr_first(s, li, TW_FK_INFANTRY);
	tw_vec2 p0 = s->fig[fig].pos, want = tw_add(p0, tw_v2(0, 7));
	gr_order_shift(s, li, tw_v2(0, 7), 4, &o);
	tw_events ev = {0};
	tw_gr_ok(s, &o, &ev);
	assert_int_equal(GRU(s, &s->unit[li])->xing, 2); // moves 1 and 2
	assert_true(tw_dist(s->fig[fig].pos, p0) < 1e-12); // still at the bank
	tw_gr_end(s, 0, &ev);
	tw_gr_end(s, 0, &ev);
	assert_true(tw_dist(s->fig[fig].pos, p0) < 1e-12); // not over after one move
	// Move 2: the crossing unit does nothing else.
	gr_order_shift(s, li, tw_v2(0, 1), 0, &o);
	tw_gr_refused(s, &o, "GR.TERR.7");
	gr_order_volley(s, li, tw_gr_first(s, foe, TW_FK_INFANTRY), &o);
	tw_gr_refused(s, &o, "GR.TERR.7");
	// Save and load mid-crossing: the crossing is part of the state.
	json_t *j = tw_state_to_json(s);
	assert_non_null(j);
	tw_state back;
	memset(&back, 0, sizeof back);
	assert_int_equal(tw_state_from_json(&back, j, NULL), TW_OK);
	json_decref(j);
	assert_int_equal(tw_state_hash(&back), tw_state_hash(s));
	assert_int_equal(GRU(s, &back.unit[li])->xing, 2);
	tw_gr_end(s, 0, &ev);
	tw_gr_end(s, 0, &ev);
	assert_true(tw_dist(s->fig[fig].pos, want) < 1.0 / 1024);
	assert_int_equal(GRU(s, &s->unit[li])->xing, 0);
	assert_true(tw_gr_count(&ev, "GR.TERR.7", TW_EV_MOVE) >= 27);
	// The loaded copy lands the same way.
	tw_events ev2 = {0};
	tw_gr_end(&back, 0, &ev2);
	tw_gr_end(&back, 0, &ev2);
	assert_int_equal(tw_state_hash(&back), tw_state_hash(s));
	tw_events_free(&ev2);
	tw_state_free(&back);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.TERR.7
static void test_GR_TERR_7_crossing_starts_at_the_bank_and_only_at_a_ford(void **st)
{
	(void)st;
	tw_state *s = ford_scene();
	int near = gr_build_unit(s, 0, TW_GR_LIGHT_INF, "near", tw_v2(60, 48.6), 0, GR_F_OPEN);
	int back = gr_build_unit(s, 0, TW_GR_LIGHT_INF, "back", tw_v2(100, 46), 0, GR_F_OPEN);
	gr_build_unit(s, 1, TW_GR_LINE, "foe", tw_v2(60, 90), 180, GR_F_LINE);
	tw_gr_start(s);
	tw_order o;
	gr_order_shift(s, near, tw_v2(0, 2.5), 4, &o); // would land in the water
	tw_gr_refused(s, &o, "GR.TERR.7");
	gr_order_shift(s, back, tw_v2(0, 9), 4, &o); // x 94..106: the river is not fordable there
	tw_gr_refused(s, &o, "GR.TERR.7");
	gr_order_shift(s, near, tw_v2(0, 12), 4, &o); // more than one normal move of dry going
	tw_gr_refused(s, &o, "GR.MOVE.1");
	tw_gr_free(s);

	// A unit 3 in back from the water does not start at the bank.
	s = ford_scene();
	int away = gr_build_unit(s, 0, TW_GR_LIGHT_INF, "away", tw_v2(60, 46), 0, GR_F_OPEN);
	gr_build_unit(s, 1, TW_GR_LINE, "foe", tw_v2(60, 90), 180, GR_F_LINE);
	tw_gr_start(s);
	gr_order_shift(s, away, tw_v2(0, 7.4), 4, &o);
	tw_gr_refused(s, &o, "GR.TERR.7");
	tw_gr_free(s);
}

// Clauses: GR.TERR.7 GR.MOVE.6 GR.EX.25
static void test_GR_TERR_7_GR_EX_25_artillery_fords_in_four_moves(void **st)
{
	(void)st;
	tw_state *s = ford_scene();
	int bat = gr_build_battery(s, 0, "bty", tw_v2(60, 48.8), 0, false);
	gr_build_unit(s, 1, TW_GR_LINE, "foe", tw_v2(60, 90), 180, GR_F_LINE);
	tw_gr_start(s);
	(void)bat;
	tw_gun *g = &s->gun[0];
	tw_vec2 a0 = g->axle, to = tw_add(a0, tw_v2(0, 6.2));
	tw_order o;
	tw_order_init(&o, GR_OT_GUN_MOVE, 0);
	o.gun = 0;
	o.npath = 1;
	o.path[0] = to;
	o.n = 1; // manhandled: no ford for the crew alone
	tw_gr_refused(s, &o, "GR.TERR.7");
	o.n = 0;
	tw_events ev = {0};
	tw_gr_ok(s, &o, &ev);
	g = &s->gun[0]; // the state's arrays may move when an order is applied
	assert_int_equal(GRG(s, g)->xend, 4);
	for (int m = 1; m <= 4; m++) {
		assert_true(tw_dist(s->gun[0].axle, a0) < 1e-12);
		if (m > 1) {
			tw_order f;
			tw_gr_fire_order(&f, 0, 0, tw_v2(60, 90));
			tw_gr_refused(s, &f, "GR.TERR.7");
			tw_gr_refused(s, &o, "GR.TERR.7");
		}
		tw_gr_end(s, 0, &ev);
		tw_gr_end(s, 0, &ev);
	}
	assert_true(tw_dist(s->gun[0].axle, to) < 1.0 / 1024);
	assert_int_equal(GRG(s, &s->gun[0])->xend, 0);
	assert_int_equal(tw_gr_count(&ev, "GR.TERR.7", TW_EV_GUN_MOVE), 1);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// A river at y 48..54 flowing towards +x (flow 90), a canal on the far side of the table.
static tw_state *barge_scene(int *barge, int *li, int *foe)
{
	tw_state *s = tw_gr_scene_seed(5);
	s->params[GRP_FLOW] = 90;
	rect(s, TW_TER_RIVER, "river", 0, 48, 120, 54);
	rect(s, TW_TER_RIVER, "canal", 0, 20, 120, 24);
	*barge = gr_build_unit(s, 0, TW_GR_BARGE, "barge", tw_v2(40, 49), 90, GR_F_LINE);
	*li = gr_build_unit(s, 0, TW_GR_LIGHT_INF, "li", tw_v2(40, 46), 0, GR_F_COLUMN);
	*foe = gr_build_unit(s, 1, TW_GR_LINE, "foe", tw_v2(60, 90), 180, GR_F_LINE);
	tw_gr_start(s);
	return s;
}

// Clauses: GR.MOVE.7 GR.ORG.4
static void test_GR_MOVE_7_GR_ORG_4_barges_move_on_waterways(void **st)
{
	(void)st;
	int barge, li, foe;
	tw_state *s = barge_scene(&barge, &li, &foe);
	assert_int_equal(gr_rf_alive(s, barge), 3); // GR.ORG: a barge has 3 crew
	assert_true(tw_grant_move_rate(TW_GR_BARGE, TW_GR_MODE_UPSTREAM) == 6);
	assert_true(tw_grant_move_rate(TW_GR_BARGE, TW_GR_MODE_DOWNSTREAM) == 9);
	assert_true(tw_grant_move_rate(TW_GR_BARGE, TW_GR_MODE_CANAL) == 7.5);
	tw_order o;
	gr_order_shift(s, barge, tw_v2(9.5, 0), 0, &o);
	tw_gr_refused(s, &o, "GR.MOVE.7"); // downstream 9
	gr_order_shift(s, barge, tw_v2(-6.5, 0), 0, &o);
	tw_gr_refused(s, &o, "GR.MOVE.7"); // upstream 6
	gr_order_shift(s, barge, tw_v2(0, -4), 0, &o);
	tw_gr_refused(s, &o, "GR.MOVE.7"); // onto the bank
	gr_order_volley(s, barge, tw_gr_first(s, foe, TW_FK_INFANTRY), &o);
	tw_gr_refused(s, &o, "GR.ORG.4");
	gr_order_shift(s, barge, tw_v2(9, 0), 0, &o);
	tw_gr_ok(s, &o, NULL);
	tw_gr_end(s, 0, NULL);
	tw_gr_end(s, 0, NULL);
	gr_order_shift(s, barge, tw_v2(-6, 0), 0, &o);
	tw_gr_ok(s, &o, NULL);
	tw_gr_free(s);
	// On a canal it is 7 1/2 either way.
	tw_state *c = tw_gr_scene_seed(5);
	rect(c, TW_TER_RIVER, "canal", 0, 20, 120, 24);
	int cb = gr_build_unit(c, 0, TW_GR_BARGE, "barge", tw_v2(40, 22), 90, GR_F_LINE);
	gr_build_unit(c, 1, TW_GR_LINE, "foe", tw_v2(60, 90), 180, GR_F_LINE);
	tw_gr_start(c);
	gr_order_shift(c, cb, tw_v2(-7.6, 0), 0, &o);
	tw_gr_refused(c, &o, "GR.MOVE.7");
	gr_order_shift(c, cb, tw_v2(-7.5, 0), 0, &o);
	tw_gr_ok(c, &o, NULL);
	tw_gr_free(c);
}

static void board_order(const tw_state *s, int unit, int mode, tw_vec2 at, tw_order *o)
{
	gr_order_shift(s, unit, tw_v2(0, 0), mode, o);
	for (int i = 0; i < o->nfig; i++)
		o->at[i] = at;
}

// Clauses: GR.MOVE.7
static void test_GR_MOVE_7_embark_carry_disembark(void **st)
{
	(void)st;
	int barge, li, foe;
	tw_state *s = barge_scene(&barge, &li, &foe);
	int crew = tw_gr_first(s, barge, TW_FK_OTHER);
	tw_order o;
	board_order(s, li, 6, tw_v2(40, 46), &o);
	tw_gr_refused(s, &o, "GR.MOVE.7"); // not aboard
	board_order(s, li, 5, tw_v2(80, 49), &o);
	tw_gr_refused(s, &o, "GR.MOVE.7"); // no barge there
	board_order(s, li, 5, s->fig[crew].pos, &o);
	tw_events ev = {0};
	tw_gr_ok(s, &o, &ev);
	int man = tw_gr_first(s, li, TW_FK_INFANTRY);
	assert_int_equal(GRF(s, &s->fig[man])->aboard, barge);
	gr_order_volley(s, li, tw_gr_first(s, foe, TW_FK_INFANTRY), &o);
	tw_gr_refused(s, &o, "GR.MOVE.7");
	tw_gr_end(s, 0, &ev);
	tw_gr_end(s, 0, &ev);
	gr_order_shift(s, li, tw_v2(0, 1), 0, &o);
	tw_gr_refused(s, &o, "GR.MOVE.7"); // aboard: it goes with the barge
	tw_vec2 before = s->fig[man].pos;
	gr_order_shift(s, barge, tw_v2(9, 0), 0, &o);
	tw_gr_ok(s, &o, &ev);
	assert_true(tw_dist(s->fig[man].pos, tw_add(before, tw_v2(9, 0))) < 1e-9); // carried downstream
	board_order(s, li, 6, tw_v2(49, 56), &o); // too much water between the barge and the far bank
	tw_gr_refused(s, &o, "GR.MOVE.7");
	board_order(s, li, 6, tw_v2(49, 46.5), &o); // ashore downstream, on the near bank
	tw_gr_ok(s, &o, &ev);
	assert_int_equal(GRF(s, &s->fig[man])->aboard, -1);
	assert_true(tw_dist(s->fig[man].pos, tw_v2(49, 46.5)) < 1e-9);
	assert_true(tw_gr_count(&ev, "GR.MOVE.7", TW_EV_MOVE) > 0);
	tw_events_free(&ev);
	tw_gr_free(s);
}

static void casualty_order(tw_state *s, const int *figs, int n, tw_events *ev)
{
	tw_order o;
	tw_order_init(&o, GR_OT_END_MOVE, s->mover);
	for (int i = 0; i < n; i++)
		o.fig[o.nfig++] = figs[i];
	tw_gr_ok(s, &o, ev);
}

// Clauses: GR.LIGHT.3
static void test_GR_LIGHT_3_owner_chooses_the_figure_removed(void **st)
{
	(void)st;
	int chosen_hits = 0, default_hits = 0;
	for (uint64_t seed = 1; seed <= 12; seed++) {
		for (int choose = 0; choose < 2; choose++) {
			tw_state *s = tw_gr_scene_seed(seed);
			int li = gr_build_unit(s, 0, TW_GR_LIGHT_INF, "li", tw_v2(60, 40), 0, GR_F_OPEN);
			int foe = gr_build_unit(s, 1, TW_GR_LINE, "foe", tw_v2(60, 46), 180, GR_F_LINE);
			tw_gr_start(s);
			// Blue's man furthest from the firers is named first.
			int far = -1;
			for (int i = 0; i < s->nfig; i++)
				if (s->fig[i].unit == foe && gr_is_rf(&s->fig[i]) &&
				    (far < 0 || s->fig[i].pos.x > s->fig[far].pos.x + 1e-9))
					far = i;
			tw_events ev = {0};
			tw_gr_end(s, 0, &ev);
			if (choose)
				casualty_order(s, &far, 1, &ev);
			else
				tw_gr_end(s, 0, &ev);
			tw_order o;
			gr_order_volley(s, li, s->fig[tw_gr_first(s, foe, TW_FK_INFANTRY)].id, &o);
			tw_gr_ok(s, &o, &ev);
			int kills = 0;
			for (int i = 0; i < ev.n; i++)
				if (ev.v[i].type == TW_EV_INFO && strcmp(ev.v[i].clause, "GR.LIGHT.1") == 0)
					kills = ev.v[i].d;
			if (kills > 0) {
				if (choose) {
					assert_int_equal(s->fig[far].status, TW_FS_DEAD);
					assert_int_equal(tw_gr_count(&ev, "GR.LIGHT.3", TW_EV_INFO), 1);
					chosen_hits++;
				} else {
					assert_int_equal(s->fig[far].status, TW_FS_ACTIVE); // default: nearest the firer
					assert_int_equal(tw_gr_count(&ev, "GR.LIGHT.3", TW_EV_INFO), 0);
					default_hits++;
				}
			}
			tw_events_free(&ev);
			tw_gr_free(s);
		}
	}
	assert_true(chosen_hits > 0 && default_hits > 0);
}

// Clauses: GR.MELEE.7 GR.MELEE.8
// Two red infantry against one blue: when red loses, its owner's pick is the one lost; without
// a pick the engine's default (the first of the pair) goes.
static int two_against_one(uint64_t seed, bool choose, int *a1, int *a2)
{
	tw_state *s = tw_gr_scene_seed(seed);
	int red = gr_build_unit(s, 0, TW_GR_LINE, "red", tw_v2(60, 30), 0, GR_F_LINE);
	int blue = gr_build_unit(s, 1, TW_GR_LINE, "blue", tw_v2(60, 70), 180, GR_F_LINE);
	tw_gr_start(s);
	*a1 = tw_gr_first(s, red, TW_FK_INFANTRY);
	*a2 = *a1 + 1;
	int b1 = tw_gr_first(s, blue, TW_FK_INFANTRY);
	for (int i = 0; i < s->nfig; i++)
		if (i != *a1 && i != *a2 && i != b1)
			s->fig[i].status = TW_FS_DEAD; // everyone else is out of it
	s->fig[b1].pos = tw_v2(60, 50);
	s->fig[*a1].pos = tw_v2(59.75, 49.5);
	s->fig[*a2].pos = tw_v2(60.25, 49.5);
	tw_events ev = {0};
	if (choose)
		casualty_order(s, a2, 1, &ev);
	else
		tw_gr_end(s, 0, &ev);
	tw_gr_end(s, 0, &ev); // melee at the end of the move
	int lost = s->fig[*a1].status == TW_FS_DEAD ? 1 : s->fig[*a2].status == TW_FS_DEAD ? 2 : 0;
	int picks = 0;
	for (int i = 0; i < ev.n; i++)
		picks += ev.v[i].type == TW_EV_INFO && strcmp(ev.v[i].clause, "GR.MELEE.7") == 0 && strstr(ev.v[i].text, "owner's choice");
	assert_int_equal(picks, choose && lost ? 1 : 0);
	assert_int_equal(tw_gr_count(&ev, "GR.MELEE.2", TW_EV_MELEE), 1); // one combat, 2 against 1
	tw_events_free(&ev);
	tw_gr_free(s);
	return lost;
}

static void test_GR_MELEE_7_owner_picks_which_of_two_is_lost(void **st)
{
	(void)st;
	int losses = 0;
	for (uint64_t seed = 1; seed <= 40; seed++) {
		int a1, a2;
		int chosen = two_against_one(seed, true, &a1, &a2);
		int dflt = two_against_one(seed, false, &a1, &a2);
		assert_int_equal(chosen != 0, dflt != 0); // the same dice decide the combat
		if (chosen) {
			assert_int_equal(chosen, 2); // the one red named
			assert_int_equal(dflt, 1);   // the engine's default
			losses++;
		}
	}
	assert_true(losses > 0);
}

// Clauses: GR.MELEE.7 GR.LIGHT.3 GR.HOUSE.2
static void test_GR_MELEE_7_illegal_choices_refused(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(1);
	int red = gr_build_unit(s, 0, TW_GR_LINE, "red", tw_v2(60, 40), 0, GR_F_LINE);
	int blue = gr_build_unit(s, 1, TW_GR_LINE, "blue", tw_v2(60, 80), 180, GR_F_LINE);
	tw_gr_start(s);
	tw_order o;
	tw_order_init(&o, GR_OT_END_MOVE, 0);
	o.fig[o.nfig++] = tw_gr_first(s, blue, TW_FK_INFANTRY); // an enemy
	tw_gr_refused(s, &o, "GR.MELEE.7");
	o.nfig = 0;
	o.fig[o.nfig++] = tw_gr_first(s, red, TW_FK_INFANTRY);
	o.fig[o.nfig++] = tw_gr_first(s, red, TW_FK_INFANTRY); // twice
	tw_gr_refused(s, &o, "GR.MELEE.7");
	o.nfig = 1;
	s->fig[o.fig[0]].status = TW_FS_DEAD; // no longer on the table
	tw_gr_refused(s, &o, "GR.MELEE.7");
	tw_gr_free(s);
}

// Clauses: GR.HOUSE.2
static void test_GR_HOUSE_2_owner_picks_the_garrison_lost(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(1);
	rect(s, TW_TER_HOUSE, "house", 50, 60, 56, 63);
	int g = gr_build_unit(s, 1, TW_GR_GARRISON, "g", tw_v2(53, 59.5), 180, GR_F_LINE);
	gr_build_unit(s, 0, TW_GR_LINE, "red", tw_v2(60, 20), 0, GR_F_LINE);
	tw_gr_start(s);
	int in[7], n = 0;
	for (int i = 0; i < s->nfig && n < 7; i++)
		if (s->fig[i].unit == g && gr_is_rf(&s->fig[i])) {
			GRF(s, &s->fig[i])->house = gr_house_terrain(s, 0);
			in[n++] = i;
		}
	GRF(s, &s->fig[in[5]])->casualty = 1; // blue named these two, in this order
	GRF(s, &s->fig[in[3]])->casualty = 2;
	tw_events ev = {0};
	gr_house_add_damage(s, 0, 6, true, &ev); // howitzer effect die 6: 3 of the garrison killed
	assert_int_equal(s->fig[in[5]].status, TW_FS_DEAD);
	assert_int_equal(s->fig[in[3]].status, TW_FS_DEAD);
	int dead = 0; // the third by the engine's default: one of the other five, at random
	for (int k = 0; k < n; k++)
		dead += s->fig[in[k]].status == TW_FS_DEAD;
	assert_int_equal(dead, 3);
	assert_int_equal(tw_gr_count(&ev, "GR.HOUSE.2", TW_EV_INFO), 2);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.HOUSE.2
static void test_GR_HOUSE_2_default_picks_the_garrison_lost_at_random(void **st)
{
	(void)st;
	// Without the owner's order, one kill (howitzer effect die 4) falls on a garrison man chosen
	// by the game's generator: over 70 seeds every one of the 7 is sometimes the one, and the
	// same seed always picks the same man.
	int hits[7] = {0}, first = -1;
	for (uint64_t seed = 1; seed <= 71; seed++) {
		tw_state *s = tw_gr_scene_seed(seed == 71 ? 1 : seed);
		rect(s, TW_TER_HOUSE, "house", 50, 60, 56, 63);
		int g = gr_build_unit(s, 1, TW_GR_GARRISON, "g", tw_v2(53, 59.5), 180, GR_F_LINE);
		gr_build_unit(s, 0, TW_GR_LINE, "red", tw_v2(60, 20), 0, GR_F_LINE);
		tw_gr_start(s);
		int in[7], n = 0;
		for (int i = 0; i < s->nfig && n < 7; i++)
			if (s->fig[i].unit == g && gr_is_rf(&s->fig[i])) {
				GRF(s, &s->fig[i])->house = gr_house_terrain(s, 0);
				in[n++] = i;
			}
		assert_int_equal(n, 7);
		tw_events ev = {0};
		gr_house_add_damage(s, 0, 4, true, &ev);
		int who = -1, dead = 0;
		for (int k = 0; k < n; k++)
			if (s->fig[in[k]].status == TW_FS_DEAD) {
				who = k;
				dead++;
			}
		assert_int_equal(dead, 1);
		assert_int_equal(tw_gr_count(&ev, "GR.HOUSE.2", TW_EV_INFO), 0); // nobody named
		if (seed == 1)
			first = who;
		if (seed == 71)
			assert_int_equal(who, first); // seed 1 again: the same man
		else
			hits[who]++;
		tw_events_free(&ev);
		tw_gr_free(s);
	}
	for (int k = 0; k < 7; k++)
		assert_true(hits[k] > 0);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_GR_TERR_7_GR_EX_25_infantry_fords_in_two_moves),
		cmocka_unit_test(test_GR_TERR_7_crossing_starts_at_the_bank_and_only_at_a_ford),
		cmocka_unit_test(test_GR_TERR_7_GR_EX_25_artillery_fords_in_four_moves),
		cmocka_unit_test(test_GR_MOVE_7_GR_ORG_4_barges_move_on_waterways),
		cmocka_unit_test(test_GR_MOVE_7_embark_carry_disembark),
		cmocka_unit_test(test_GR_LIGHT_3_owner_chooses_the_figure_removed),
		cmocka_unit_test(test_GR_MELEE_7_owner_picks_which_of_two_is_lost),
		cmocka_unit_test(test_GR_MELEE_7_illegal_choices_refused),
		cmocka_unit_test(test_GR_HOUSE_2_owner_picks_the_garrison_lost),
		cmocka_unit_test(test_GR_HOUSE_2_default_picks_the_garrison_lost_at_random),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
