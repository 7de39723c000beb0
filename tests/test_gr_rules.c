// Grant rules through the engine: orders validated and applied, events citing their clauses.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rules/grant/gr.h"
#include "tinwar/tinwar.h"
#include "gr_scene.h"

// Clauses: GR.ORG.1 GR.ORG.2 GR.ORG.3 GR.MORALE.1
static void test_GR_ORG_1_GR_ORG_2_GR_ORG_3_GR_MORALE_1_establishments(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(1);
	for (int t = 0; t < TW_GR_ARTILLERY; t++)
		gr_build_unit(s, 0, t, "u", tw_v2(20 + 0 * t, 10 + 8 * t), 0, GR_F_LINE);
	int bat = gr_build_battery(s, 0, "bat", tw_v2(80, 20), 0, true);
	tw_gr_start(s);
	for (int t = 0; t <= TW_GR_ARTILLERY; t++) {
		int u = t == TW_GR_ARTILLERY ? bat : t;
		int off = 0, rf = 0;
		for (int i = 0; i < s->nfig; i++)
			if (s->fig[i].unit == u)
				gr_is_officer(&s->fig[i]) ? off++ : rf++;
		assert_int_equal(off, gr_org_table[t][0]);
		assert_int_equal(rf, gr_org_table[t][1]);
		assert_int_equal(GRU(s, &s->unit[u])->orig, rf);
		assert_int_equal(gr_command_points(s, u), 6); // every table adds up to 6
	}
	assert_int_equal(s->ngun, 2);
	for (int g = 0; g < 2; g++) {
		int crew = 0;
		for (int i = 0; i < s->nfig; i++)
			crew += GRF(s, &s->fig[i])->gun == g;
		assert_int_equal(crew, 5);
	}
	// GR.GEN.9: the line colonel is mounted, the artillery commander is not.
	assert_int_equal(GRF(s, &s->fig[tw_gr_first(s, 0, TW_FK_OFFICER)])->mounted, 1);
	assert_int_equal(GRF(s, &s->fig[tw_gr_first(s, bat, TW_FK_OFFICER)])->mounted, 0);
	assert_int_equal(tw_grant_troop_from_name("grenadier"), TW_GR_GRENADIER);
	tw_gr_free(s);
}

// Clauses: GR.MUSK.1 GR.MUSK.4 GR.MUSK.9 GR.MUSK.12 GR.GEN.3
static void test_GR_MUSK_1_GR_MUSK_4_GR_MUSK_9_GR_MUSK_12_GR_GEN_3_volley(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(7);
	int red = gr_build_unit(s, 0, TW_GR_LINE, "red", tw_v2(60, 20), 0, GR_F_LINE);
	int blue = gr_build_unit(s, 1, TW_GR_LINE, "blue", tw_v2(60, 28), 180, GR_F_LINE);
	s->params[GRP_EXCHANGE] = 0;
	tw_gr_start(s);
	tw_order o;
	tw_events ev = {0};
	assert_true(gr_order_volley(s, red, tw_gr_first(s, blue, TW_FK_INFANTRY), &o));
	assert_int_equal(tw_gr_apply(s, &o, &ev, NULL), TW_OK);
	assert_int_equal(tw_gr_count(&ev, "GR.MUSK.7", TW_EV_DICE), 8); // 48 R&F: 8 dice
	assert_int_equal(tw_gr_count(&ev, "GR.MUSK.9", TW_EV_INFO), 1); // first volley
	int kills = tw_gr_count(&ev, "GR.MUSK.11", TW_EV_KILL);
	for (int i = 0; i < ev.n; i++)
		if (ev.v[i].type == TW_EV_KILL)
			assert_true(gr_is_rf(&s->fig[ev.v[i].a])); // GR.MUSK.12: never officers
	assert_int_equal(48 - gr_rf_alive(s, blue), kills);
	// Once a move (GR.MUSK.1), and the second volley uses the normal columns.
	tw_gr_refused(s, &o, "GR.MUSK.1");
	tw_gr_end(s, 0, &ev);
	tw_gr_end(s, 0, &ev);
	tw_events_clear(&ev);
	assert_true(gr_order_volley(s, red, tw_gr_first(s, blue, TW_FK_INFANTRY), &o));
	assert_int_equal(tw_gr_apply(s, &o, &ev, NULL), TW_OK);
	assert_int_equal(tw_gr_count(&ev, "GR.MUSK.6", TW_EV_INFO), 1);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.GREN.1 GR.GREN.2
static void test_GR_GREN_1_GR_GREN_2_grenadier_groups(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(5);
	int red = gr_build_unit(s, 0, TW_GR_GRENADIER, "gren", tw_v2(60, 20), 0, GR_F_LINE);
	int blue = gr_build_unit(s, 1, TW_GR_LINE, "blue", tw_v2(60, 24), 180, GR_F_LINE);
	s->params[GRP_EXCHANGE] = 0;
	tw_gr_start(s);
	tw_order o;
	tw_events ev = {0};
	gr_order_volley(s, red, tw_gr_first(s, blue, TW_FK_INFANTRY), &o);
	assert_int_equal(tw_gr_apply(s, &o, &ev, NULL), TW_OK);
	assert_int_equal(tw_gr_count(&ev, "GR.MUSK.7", TW_EV_DICE), 12);
	assert_true(tw_grant_move_rate(TW_GR_GRENADIER, TW_GR_MODE_LINE) == 6);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.MUSK.8 GR.MUSK.1 GR.RANGE.1 GR.MOVE.2
static void test_GR_MUSK_8_GR_MUSK_1_GR_RANGE_1_GR_MOVE_2_refusals(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(9);
	int red = gr_build_unit(s, 0, TW_GR_LINE, "red", tw_v2(30, 20), 0, GR_F_COLUMN);
	int far = gr_build_unit(s, 1, TW_GR_LINE, "far", tw_v2(30, 40), 180, GR_F_LINE);
	int cav = gr_build_unit(s, 0, TW_GR_HEAVY_CAV, "cav", tw_v2(90, 20), 0, GR_F_LINE);
	int line = gr_build_unit(s, 0, TW_GR_LINE, "line", tw_v2(60, 20), 0, GR_F_LINE);
	int wood = gr_build_unit(s, 1, TW_GR_LINE, "wood", tw_v2(60, 33), 180, GR_F_LINE);
	tw_gr_box(s, TW_TER_WOOD, NULL, 50, 32, 70, 40, 0);
	s->params[GRP_EXCHANGE] = 0;
	tw_gr_start(s);
	tw_order o;
	gr_order_volley(s, red, tw_gr_first(s, far, TW_FK_INFANTRY), &o);
	tw_gr_refused(s, &o, "GR.MUSK.1"); // a column fires no volley
	gr_order_volley(s, cav, tw_gr_first(s, far, TW_FK_INFANTRY), &o);
	tw_gr_refused(s, &o, "GR.MUSK.1");
	assert_true(gr_unit_in_cover(s, wood, tw_v2(60, 20))); // GR.MUSK.8: woods
	assert_false(gr_unit_in_cover(s, far, tw_v2(30, 20)));
	// GR.MOVE.2: 5 in, then no volley.
	gr_order_shift(s, line, tw_v2(0, 5), 0, &o);
	assert_int_equal(tw_gr_apply(s, &o, NULL, NULL), TW_OK);
	gr_order_volley(s, line, tw_gr_first(s, wood, TW_FK_INFANTRY), &o);
	tw_gr_refused(s, &o, "GR.MUSK.1");
	// GR.RANGE.1: beyond 18 in.
	tw_state *s2 = tw_gr_scene_seed(9);
	int a = gr_build_unit(s2, 0, TW_GR_LINE, "a", tw_v2(30, 20), 0, GR_F_LINE);
	int b = gr_build_unit(s2, 1, TW_GR_LINE, "b", tw_v2(30, 38.2), 180, GR_F_LINE);
	tw_gr_start(s2);
	gr_order_volley(s2, a, tw_gr_first(s2, b, TW_FK_INFANTRY), &o);
	tw_gr_refused(s2, &o, "GR.RANGE.1");
	// GR.MOVE.2: after firing, a 5 in move is refused and 4 in allowed.
	tw_state *s3 = tw_gr_scene_seed(9);
	a = gr_build_unit(s3, 0, TW_GR_LINE, "a", tw_v2(30, 20), 0, GR_F_LINE);
	b = gr_build_unit(s3, 1, TW_GR_LINE, "b", tw_v2(30, 35), 180, GR_F_LINE);
	s3->params[GRP_EXCHANGE] = 0;
	tw_gr_start(s3);
	gr_order_volley(s3, a, tw_gr_first(s3, b, TW_FK_INFANTRY), &o);
	assert_int_equal(tw_gr_apply(s3, &o, NULL, NULL), TW_OK);
	gr_order_shift(s3, a, tw_v2(0, -5), 0, &o);
	tw_gr_refused(s3, &o, "GR.MOVE.1");
	gr_order_shift(s3, a, tw_v2(0, -4), 0, &o);
	assert_int_equal(tw_gr_apply(s3, &o, NULL, NULL), TW_OK);
	tw_gr_free(s);
	tw_gr_free(s2);
	tw_gr_free(s3);
}

// Clauses: GR.LIGHT.1 GR.LIGHT.2 GR.LIGHT.3 GR.LIGHT.4 GR.LIGHT.5
static void test_GR_LIGHT_1_GR_LIGHT_2_GR_LIGHT_3_GR_LIGHT_4_GR_LIGHT_5_light_fire(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(11);
	int li = gr_build_unit(s, 0, TW_GR_LIGHT_INF, "li", tw_v2(60, 20), 0, GR_F_OPEN);
	int tgt = gr_build_unit(s, 1, TW_GR_LINE, "t", tw_v2(60, 27), 180, GR_F_LINE);
	tw_gr_start(s);
	tw_order o;
	tw_events ev = {0};
	gr_order_volley(s, li, tw_gr_first(s, tgt, TW_FK_INFANTRY), &o);
	assert_int_equal(tw_gr_apply(s, &o, &ev, NULL), TW_OK);
	assert_int_equal(tw_gr_count(&ev, "GR.LIGHT.1", TW_EV_INFO), 1);
	for (int i = 0; i < ev.n; i++)
		if (ev.v[i].type == TW_EV_KILL)
			assert_true(gr_is_rf(&s->fig[ev.v[i].a])); // into the brown: R&F only
	// Picking off: a dismounted officer beyond 9 in cannot be chosen.
	tw_state *s2 = tw_gr_scene_seed(11);
	li = gr_build_unit(s2, 0, TW_GR_LIGHT_INF, "li", tw_v2(60, 20), 0, GR_F_OPEN);
	int bat = gr_build_battery(s2, 1, "bat", tw_v2(60, 36), 180, false);
	tw_gr_start(s2);
	gr_order_volley(s2, li, tw_gr_first(s2, bat, TW_FK_OFFICER), &o);
	o.n = 1;
	tw_gr_refused(s2, &o, "GR.LIGHT.4");
	tw_events_free(&ev);
	tw_gr_free(s);
	tw_gr_free(s2);
}

// Clauses: GR.ART.1 GR.ART.2 GR.ART.3 GR.ART.4 GR.ART.5 GR.RANGE.2 GR.RANGE.3 GR.RANGE.4
static void test_GR_ART_1_GR_ART_2_GR_ART_3_GR_ART_4_GR_ART_5_GR_RANGE_2_GR_RANGE_3_GR_RANGE_4_roundshot(void **st)
{
	(void)st;
	int kills = 0, shots = 0;
	for (uint64_t seed = 1; seed <= 20; seed++) {
		tw_state *s = tw_gr_scene_seed(seed);
		gr_build_battery(s, 0, "bat", tw_v2(60, 10), 0, false);
		int col = gr_build_unit(s, 1, TW_GR_LINE, "col", tw_v2(60, 42), 180, GR_F_COLUMN);
		tw_gr_start(s);
		tw_order o;
		tw_gr_fire_order(&o, 0, 0, s->fig[tw_gr_first(s, col, TW_FK_INFANTRY)].pos);
		tw_events ev = {0};
		assert_int_equal(tw_gr_apply(s, &o, &ev, NULL), TW_OK);
		shots += tw_gr_count(&ev, "GR.ART.3", TW_EV_SHOT);
		kills += tw_gr_count(&ev, "GR.ART.5", TW_EV_KILL);
		tw_gr_refused(s, &o, "GR.ART.1"); // once a move
		tw_events_free(&ev);
		tw_gr_free(s);
	}
	assert_int_equal(shots, 20);
	assert_true(kills > 0);
	tw_state *s = tw_gr_scene_seed(1);
	gr_build_battery(s, 0, "bat", tw_v2(60, 10), 0, true);
	tw_gr_start(s);
	tw_order o;
	tw_gr_fire_order(&o, 0, 0, tw_v2(60, 72));
	tw_gr_refused(s, &o, "GR.RANGE.2");
	o.gun = 1; // the howitzer
	o.target = tw_add(tw_gun_muzzle(&s->gun[1]), tw_v2(0, 19));
	tw_gr_refused(s, &o, "GR.RANGE.3");
	o.target = tw_add(tw_gun_muzzle(&s->gun[1]), tw_v2(0, 50));
	assert_int_equal(tw_ruleset_get(s->ruleset)->validate(s, &o, NULL), TW_OK);
	o.n = 1;
	tw_gr_refused(s, &o, "GR.CANI.3");
	o.gun = 0;
	o.target = tw_add(tw_gun_muzzle(&s->gun[0]), tw_v2(0, 25));
	tw_gr_refused(s, &o, "GR.RANGE.4");
	// GR.ART.8: limited to alternate moves; destroyed.
	GRG(s, &s->gun[0])->damage = 10;
	GRG(s, &s->gun[0])->fired_in = s->move_no - 1;
	o.n = 0;
	o.target = tw_add(tw_gun_muzzle(&s->gun[0]), tw_v2(0, 20));
	tw_gr_refused(s, &o, "GR.ART.8");
	GRG(s, &s->gun[0])->destroyed = 1;
	tw_gr_refused(s, &o, "GR.ART.8");
	tw_gr_free(s);
}

// Clauses: GR.CANI.1 GR.CANI.2 GR.CANI.3
static void test_GR_CANI_1_GR_CANI_2_GR_CANI_3_canister(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(2);
	gr_build_battery(s, 0, "a", tw_v2(60, 10), 0, false);
	int t = gr_build_unit(s, 1, TW_GR_LINE, "t", tw_v2(60, 16), 180, GR_F_LINE);
	tw_gr_start(s);
	tw_order o;
	tw_gr_fire_order(&o, 0, 0, s->fig[tw_gr_first(s, t, TW_FK_INFANTRY)].pos);
	o.n = 1;
	tw_events ev = {0};
	assert_int_equal(tw_gr_apply(s, &o, &ev, NULL), TW_OK);
	assert_int_equal(tw_gr_count(&ev, "GR.CANI.1", TW_EV_SHOT), 1);
	assert_int_equal(tw_gr_count(&ev, "GR.CANI.2", TW_EV_KILL), tw_state_count(s, -1, TW_FS_DEAD));
	assert_true(tw_state_count(s, -1, TW_FS_DEAD) > 0);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.HOW.1 GR.HOW.2 GR.HOW.4 GR.HOW.5 GR.HOW.7
static void test_GR_HOW_1_GR_HOW_2_GR_HOW_4_GR_HOW_5_GR_HOW_7_shell(void **st)
{
	(void)st;
	int sectors[7] = {0};
	for (uint64_t seed = 1; seed <= 40; seed++) {
		tw_state *s = tw_gr_scene_seed(seed);
		gr_build_battery(s, 0, "a", tw_v2(60, 10), 0, true);
		int t = gr_build_unit(s, 1, TW_GR_LINE, "t", tw_v2(60, 40), 180, GR_F_COLUMN);
		tw_gr_start(s);
		tw_order o;
		tw_gr_fire_order(&o, 0, 1, s->fig[tw_gr_first(s, t, TW_FK_INFANTRY)].pos);
		tw_events ev = {0};
		assert_int_equal(tw_gr_apply(s, &o, &ev, NULL), TW_OK);
		for (int i = 0; i < ev.n; i++)
			if (strcmp(ev.v[i].clause, "GR.HOW.4") == 0 && ev.v[i].type == TW_EV_SHOT)
				sectors[ev.v[i].b]++;
		tw_gr_refused(s, &o, "GR.ART.1"); // one shell a move
		tw_events_free(&ev);
		tw_gr_free(s);
	}
	int n = 0;
	for (int k = 1; k <= 6; k++)
		n += sectors[k];
	assert_int_equal(n, 40);
}

static int add_house(tw_state *s, double x0, double y0, double x1, double y1)
{
	tw_terrain t;
	memset(&t, 0, sizeof t);
	t.id = s->table.nterrain;
	t.kind = TW_TER_HOUSE;
	t.nverts = 4;
	t.v[0] = tw_v2(x0, y0);
	t.v[1] = tw_v2(x1, y0);
	t.v[2] = tw_v2(x1, y1);
	t.v[3] = tw_v2(x0, y1);
	t.height = 2;
	tw_terrain_finish(&t);
	return tw_table_add(&s->table, &t);
}

// Clauses: GR.HOUSE.3 GR.HOUSE.4 GR.HOUSE.6 GR.EX.23
static void test_GR_HOUSE_3_GR_HOUSE_4_GR_HOUSE_6_GR_EX_23_damage_fire_ruin(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(4);
	add_house(s, 50, 50, 53, 53);
	add_house(s, 53, 50, 56, 53);
	int g = gr_build_unit(s, 1, TW_GR_LIGHT_INF, "g", tw_v2(51.5, 55), 180, GR_F_OPEN);
	tw_gr_start(s);
	for (int i = 0, n = 0; i < s->nfig && n < 7; i++)
		if (s->fig[i].unit == g && gr_is_rf(&s->fig[i])) {
			GRF(s, &s->fig[i])->house = gr_house_terrain(s, 0);
			n++;
		}
	tw_events ev = {0};
	gr_house_set_damage(s, 0, 7);
	gr_house_add_damage(s, 0, 3, true, &ev); // EX.23: effect 3, total 10: fire
	assert_int_equal(gr_house_damage(s, 0), 10);
	assert_true(gr_house_fire(s, 0) > 0);
	assert_int_equal(tw_gr_count(&ev, "GR.HOUSE.6", TW_EV_INFO), 1);
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == g && s->fig[i].status == TW_FS_ACTIVE) {
			assert_int_equal(GRF(s, &s->fig[i])->house, -1);
		}
	int moved = tw_gr_count(&ev, "GR.HOUSE.6", TW_EV_MOVE);
	assert_int_equal(moved, 7);
	for (int i = 0; i < ev.n; i++)
		if (ev.v[i].type == TW_EV_MOVE && strcmp(ev.v[i].clause, "GR.HOUSE.6") == 0)
			assert_true(tw_terrain_distance(&s->table.terrain[0], tw_v2(ev.v[i].x, ev.v[i].y)) >= 3.0);
	// GR.EX.23: 15 roundshot damage plus a howitzer 6 ruins, no fire.
	gr_house_set_damage(s, 1, 15);
	gr_house_add_damage(s, 1, 6, true, &ev);
	assert_int_equal(gr_house_damage(s, 1), 21);
	assert_int_equal(gr_house_ruin(s, 1), 1);
	assert_int_equal(gr_house_fire(s, 1), 0);
	gr_house_add_damage(s, 1, 6, false, &ev); // GR.HOUSE.4: a ruin takes no more damage
	assert_int_equal(gr_house_damage(s, 1), 21);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.HOUSE.1 GR.HOUSE.2 GR.EX.22
static void test_GR_HOUSE_1_GR_HOUSE_2_GR_EX_22_roundshot_strikes(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(4);
	add_house(s, 50, 50, 53, 53);
	int g = gr_build_unit(s, 1, TW_GR_LIGHT_INF, "g", tw_v2(51.5, 55), 180, GR_F_OPEN);
	tw_gr_start(s);
	for (int i = 0, n = 0; i < s->nfig && n < 7; i++)
		if (s->fig[i].unit == g && gr_is_rf(&s->fig[i])) {
			GRF(s, &s->fig[i])->house = gr_house_terrain(s, 0);
			n++;
		}
	tw_events ev = {0};
	gr_house_strike_shot(s, 0, 30, 5, &ev); // kills 2, adds 5
	assert_int_equal(tw_gr_count(&ev, "GR.HOUSE.2", TW_EV_KILL), 2);
	const int more[3] = {6, 4, 5};
	for (int i = 0; i < 3; i++)
		gr_house_strike_shot(s, 0, 30, more[i], &ev);
	assert_int_equal(gr_house_damage(s, 0), 20);
	assert_int_equal(gr_house_ruin(s, 0), 1);
	assert_int_equal(gr_house_fire(s, 0), 0); // roundshot never sets fire
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.HOUSE.8
// A section that has burnt its 15 moves is a ruin (the spread, GR.HOUSE.7: tests/test_gr_fire.c).
static void test_GR_HOUSE_8_burns_out_after_15_moves(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(8);
	add_house(s, 50, 50, 53, 53);
	tw_gr_start(s);
	gr_house_set_fire(s, 0, s->move_no);
	tw_events ev = {0};
	for (int m = 0; m < 15; m++) {
		assert_int_equal(gr_house_ruin(s, 0), 0);
		gr_house_end_move(s, &ev);
		s->move_no++;
	}
	assert_int_equal(gr_house_ruin(s, 0), 1); // burnt out at the end of its 15th move
	assert_int_equal(gr_house_fire(s, 0), 0);
	assert_int_equal(tw_gr_count(&ev, "GR.HOUSE.8", TW_EV_INFO), 1);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.TERR.1 GR.TERR.3 GR.TERR.4 GR.TERR.5 GR.TERR.6 GR.TERR.7
static void test_GR_TERR_1_GR_TERR_3_GR_TERR_4_GR_TERR_5_GR_TERR_6_GR_TERR_7_costs(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(1);
	tw_terrain t;
	memset(&t, 0, sizeof t);
	t.kind = TW_TER_HILL;
	t.nverts = 4;
	t.v[0] = tw_v2(10, 10.0001);
	t.v[1] = tw_v2(30, 10.0001);
	t.v[2] = tw_v2(30, 30);
	t.v[3] = tw_v2(10, 30);
	t.height = 1;
	tw_terrain_finish(&t);
	tw_table_add(&s->table, &t);
	t.kind = TW_TER_WOOD;
	t.v[0] = tw_v2(40, 10);
	t.v[1] = tw_v2(60, 10);
	t.v[2] = tw_v2(60, 30);
	t.v[3] = tw_v2(40, 30);
	tw_terrain_finish(&t);
	tw_table_add(&s->table, &t);
	t.kind = TW_TER_SWAMP;
	t.v[0] = tw_v2(70, 10);
	t.v[1] = tw_v2(90, 10);
	t.v[2] = tw_v2(90, 30);
	t.v[3] = tw_v2(70, 30);
	tw_terrain_finish(&t);
	tw_table_add(&s->table, &t);
	const char *cl = NULL;
	// Uphill: stepping onto the hill costs double for the climbing step only.
	double c = gr_move_cost(s, TW_GR_LINE, GR_F_LINE, tw_v2(20, 9.5), tw_v2(20, 12.5), &cl);
	assert_null(cl);
	assert_true(c > 3.0 && c <= 3.25 + 1e-9);
	c = gr_move_cost(s, TW_GR_LINE, GR_F_LINE, tw_v2(50, 12), tw_v2(50, 15), &cl);
	assert_true(fabs(c - 6) < 1e-9); // woods halve line infantry
	c = gr_move_cost(s, TW_GR_LIGHT_INF, GR_F_OPEN, tw_v2(50, 12), tw_v2(50, 19.5), &cl);
	assert_true(fabs(c - 7.5) < 1e-9); // light infantry in woods: normal
	gr_move_cost(s, TW_GR_HEAVY_CAV, GR_F_LINE, tw_v2(50, 12), tw_v2(50, 13), &cl);
	assert_string_equal(cl, "GR.TERR.4");
	gr_move_cost(s, TW_GR_LINE, GR_F_LINE, tw_v2(80, 12), tw_v2(80, 13), &cl);
	assert_string_equal(cl, "GR.TERR.5");
	c = gr_move_cost(s, TW_GR_LINE, GR_F_OPEN, tw_v2(80, 12), tw_v2(80, 15), &cl);
	assert_null(cl);
	assert_true(fabs(c - 6) < 1e-9);
	c = gr_move_cost(s, TW_GR_LIGHT_INF, GR_F_OPEN, tw_v2(80, 12), tw_v2(80, 15.75), &cl);
	assert_true(fabs(c - 7.5) < 1e-9); // 3.75 in for 7.5
	t.kind = TW_TER_RIVER;
	t.v[0] = tw_v2(0, 50);
	t.v[1] = tw_v2(120, 50);
	t.v[2] = tw_v2(120, 52);
	t.v[3] = tw_v2(0, 52);
	tw_terrain_finish(&t);
	tw_table_add(&s->table, &t);
	gr_move_cost(s, TW_GR_LINE, GR_F_LINE, tw_v2(20, 48), tw_v2(20, 53), &cl);
	assert_string_equal(cl, "GR.TERR.7");
	tw_gr_free(s);
}

// Clauses: GR.MOVE.1 GR.MOVE.3 GR.CHARGE.1 GR.CHARGE.7 GR.CHARGE.8
static void test_GR_MOVE_1_GR_MOVE_3_GR_CHARGE_1_GR_CHARGE_7_GR_CHARGE_8_move_refusals(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(1);
	int line = gr_build_unit(s, 0, TW_GR_LINE, "line", tw_v2(20, 20), 0, GR_F_LINE);
	int li = gr_build_unit(s, 0, TW_GR_LIGHT_INF, "li", tw_v2(50, 20), 0, GR_F_OPEN);
	int hc = gr_build_unit(s, 0, TW_GR_HEAVY_CAV, "hc", tw_v2(80, 20.4), 0, GR_F_LINE);
	gr_build_unit(s, 1, TW_GR_LINE, "foe", tw_v2(80, 30), 180, GR_F_LINE);
	tw_gr_start(s);
	tw_order o;
	gr_order_shift(s, line, tw_v2(0, 6.5), 0, &o);
	tw_gr_refused(s, &o, "GR.MOVE.1");
	gr_order_shift(s, line, tw_v2(0, 5), 1, &o);
	tw_gr_refused(s, &o, "GR.CHARGE.1");
	gr_order_shift(s, li, tw_v2(0, 5), 1, &o);
	tw_gr_refused(s, &o, "GR.MOVE.3");
	gr_order_shift(s, li, tw_v2(0, 7.5), 0, &o);
	assert_int_equal(tw_gr_apply(s, &o, NULL, NULL), TW_OK);
	gr_order_shift(s, hc, tw_v2(0, 9), 0, &o); // ends in contact by a normal move
	tw_gr_refused(s, &o, "GR.CHARGE.7");
	gr_order_shift(s, hc, tw_v2(3, 5), 1, &o);
	tw_gr_refused(s, &o, "GR.CHARGE.8"); // short of 18 in, no contact
	gr_order_shift(s, hc, tw_v2(0, 9.2), 2, &o);
	tw_gr_refused(s, &o, "GR.MOVE.5"); // no rest credit
	tw_gr_free(s);
}

// Clauses: GR.MOVE.5 GR.EX.26
static void test_GR_MOVE_5_GR_EX_26_heavy_cavalry_battle_moves(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(1);
	int hc = gr_build_unit(s, 0, TW_GR_HEAVY_CAV, "hc", tw_v2(60, 10), 0, GR_F_LINE);
	gr_build_unit(s, 1, TW_GR_LINE, "foe", tw_v2(20, 90), 180, GR_F_LINE);
	tw_gr_start(s);
	tw_events ev = {0};
	for (int m = 0; m < 4; m++)
		tw_gr_end(s, 0, &ev); // two complete moves of rest
	assert_int_equal(GRU(s, &s->unit[hc])->rest, 2);
	tw_order o;
	for (int k = 0; k < 2; k++) {
		gr_order_shift(s, hc, tw_v2(0, 12), 2, &o);
		assert_int_equal(tw_gr_apply(s, &o, &ev, NULL), TW_OK);
		tw_gr_end(s, 0, &ev);
		tw_gr_end(s, 0, &ev);
	}
	gr_order_shift(s, hc, tw_v2(0, 12), 2, &o);
	tw_gr_refused(s, &o, "GR.MOVE.5");
	gr_order_shift(s, hc, tw_v2(0, 9), 0, &o);
	assert_int_equal(tw_gr_apply(s, &o, &ev, NULL), TW_OK);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.MORALE.4 GR.MORALE.6 GR.MORALE.7
static void test_GR_MORALE_4_GR_MORALE_6_GR_MORALE_7_test_and_dispersal(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(1);
	int u = gr_build_unit(s, 0, TW_GR_LINE, "u", tw_v2(60, 20), 0, GR_F_LINE);
	tw_gr_start(s);
	tw_events ev = {0};
	for (int i = 0; i < s->nfig; i++) // all officers and 20 R&F gone
		if (s->fig[i].unit == u && (gr_is_officer(&s->fig[i]) || i < 20))
			gr_kill(s, &s->fig[i], "GR.MORALE.6", 1, &ev);
	assert_int_equal(gr_command_points(s, u), 0);
	GRU(s, &s->unit[u])->morale = 4; // the next test needs 10: 0 - 2 + d6 cannot reach it
	GRU(s, &s->unit[u])->flags &= ~GUF_TESTED;
	assert_false(gr_morale_test(s, &s->unit[u], &ev));
	assert_true(GRU(s, &s->unit[u])->flags & GUF_DISPERSED);
	assert_int_equal(tw_gr_count(&ev, "GR.MORALE.7", TW_EV_INFO), 1);
	tw_events_free(&ev);
	// A full battalion always passes (GR.EX.14).
	tw_state *s2 = tw_gr_scene_seed(2);
	u = gr_build_unit(s2, 0, TW_GR_LINE, "u", tw_v2(60, 20), 0, GR_F_LINE);
	tw_gr_start(s2);
	tw_events ev2 = {0};
	assert_true(gr_morale_test(s2, &s2->unit[u], &ev2));
	assert_int_equal(tw_gr_count(&ev2, "GR.MORALE.4", TW_EV_DICE), 1);
	tw_events_free(&ev2);
	tw_gr_free(s);
	tw_gr_free(s2);
}

// Clauses: GR.MORALE.8
// (Its two exceptions, GR.MORALE.9: tests/test_gr_melee.c.)
static void test_GR_MORALE_8_fifty_percent_rule(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(1);
	int u = gr_build_unit(s, 0, TW_GR_LINE, "u", tw_v2(60, 20), 0, GR_F_LINE);
	gr_build_unit(s, 1, TW_GR_LINE, "foe", tw_v2(20, 90), 180, GR_F_LINE);
	gr_build_unit(s, 0, TW_GR_LINE, "friend", tw_v2(20, 20), 0, GR_F_LINE);
	tw_gr_start(s);
	tw_events ev = {0};
	for (int i = 0, n = 0; i < s->nfig && n < 24; i++)
		if (s->fig[i].unit == u && gr_is_rf(&s->fig[i])) {
			gr_kill(s, &s->fig[i], "GR.MUSK.11", 1, &ev);
			n++;
		}
	tw_gr_end(s, 0, &ev);
	tw_gr_end(s, 0, &ev);
	assert_true(GRU(s, &s->unit[u])->flags & GUF_RETIRE50);
	assert_true(tw_gr_count(&ev, "GR.MORALE.8", TW_EV_MOVE) > 0); // goes to the rear
	tw_order o;
	gr_order_shift(s, u, tw_v2(0, 1), 0, &o);
	tw_gr_refused(s, &o, "GR.MORALE.8");
	tw_events_free(&ev);
	tw_gr_free(s);
}

static int overlapping_pairs(const tw_state *s)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		for (int j = i + 1; j < s->nfig; j++)
			if (s->fig[i].status == TW_FS_ACTIVE && s->fig[j].status == TW_FS_ACTIVE &&
			    tw_dist(s->fig[i].pos, s->fig[j].pos) < s->fig[i].radius + s->fig[j].radius - 1e-6)
				n++;
	return n;
}

// Clauses: GR.MORALE.8
// A unit going to the rear leaves the table when its men reach the edge. (Before the fix they
// stopped a base's radius short of it and stood there for the rest of the game, ranks on ranks.)
static void test_GR_MORALE_8_leaves_the_table_at_its_edge(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(1);
	int u = gr_build_unit(s, 0, TW_GR_LINE, "u", tw_v2(60, 4), 0, GR_F_LINE);
	gr_build_unit(s, 1, TW_GR_LINE, "foe", tw_v2(20, 90), 180, GR_F_LINE);
	tw_gr_start(s);
	tw_events ev = {0};
	GRU(s, &s->unit[u])->flags |= GUF_RETIRE50;
	gr_retire_unit(s, &s->unit[u], 12, true, "GR.MORALE.8", &ev);
	int active = 0, off = 0;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == u)
			active += s->fig[i].status == TW_FS_ACTIVE, off += s->fig[i].status == TW_FS_OFF;
	assert_int_equal(active, 0);
	assert_true(off > 0);
	assert_int_equal(tw_gr_count(&ev, "GR.MORALE.8", TW_EV_WITHDRAW), off);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.MORALE.7 GR.GEN.10
// A unit retiring against its own table edge (it may not leave: GR.MORALE.7) stops there with its
// ranks behind one another, never a man on another; one retiring onto a friendly unit passes
// through it (GR.GEN.10: interpenetration is the engine's choice) but does not end on it.
static void test_GR_MORALE_7_retiring_men_never_end_on_each_other(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(1);
	int u = gr_build_unit(s, 0, TW_GR_LINE, "u", tw_v2(60, 3), 0, GR_F_LINE);
	int v = gr_build_unit(s, 0, TW_GR_LINE, "v", tw_v2(30, 14), 0, GR_F_LINE);
	gr_build_unit(s, 0, TW_GR_LINE, "behind", tw_v2(30, 8), 0, GR_F_LINE);
	gr_build_unit(s, 1, TW_GR_LINE, "foe", tw_v2(20, 90), 180, GR_F_LINE);
	tw_gr_start(s);
	assert_int_equal(overlapping_pairs(s), 0);
	tw_events ev = {0};
	gr_retire_unit(s, &s->unit[u], 12, false, "GR.MORALE.7", &ev);
	gr_retire_unit(s, &s->unit[v], 12, false, "GR.MORALE.7", &ev);
	assert_int_equal(overlapping_pairs(s), 0);
	double low = 1e9;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		assert_int_equal(f->status, TW_FS_ACTIVE);
		assert_true(f->pos.y >= f->radius - 1e-9); // still on the table
		if (f->unit == u)
			low = fmin(low, f->pos.y);
	}
	assert_true(low < 0.5); // the rear rank reached the edge
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.GEN.10
// Interpretation chosen (docs/grant.md): men may pass through friends, but a move or a formation
// change that would leave a man standing on another of his side is refused. (Before, the AI's
// moves and formation changes stacked whole ranks on their neighbours.)
static void test_GR_GEN_10_no_man_ends_standing_on_a_friend(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(1);
	int u = gr_build_unit(s, 0, TW_GR_LINE, "u", tw_v2(60, 20), 0, GR_F_LINE);
	int v = gr_build_unit(s, 0, TW_GR_LINE, "v", tw_v2(60, 23), 0, GR_F_LINE);
	gr_build_unit(s, 1, TW_GR_LINE, "foe", tw_v2(20, 90), 180, GR_F_LINE);
	tw_gr_start(s);
	tw_order *o = calloc(1, sizeof *o);
	assert_true(gr_order_shift(s, u, tw_v2(0, 3), 0, o)); // onto v's ranks
	tw_gr_refused(s, o, "GR.GEN.10");
	assert_true(gr_order_shift(s, u, tw_v2(0, 6), 0, o)); // through v to the free ground beyond
	tw_error err;
	tw_error_clear(&err);
	if (tw_gr_apply(s, o, NULL, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	assert_int_equal(overlapping_pairs(s), 0);
	(void)v;
	free(o);
	tw_gr_free(s);
}

// Clauses: GR.MORALE.10 GR.EX.27
static void test_GR_MORALE_10_GR_EX_27_general_rally(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(5);
	int u = gr_build_unit(s, 0, TW_GR_LINE, "u", tw_v2(60, 20), 0, GR_F_LINE);
	gr_build_unit(s, 1, TW_GR_LINE, "foe", tw_v2(20, 90), 180, GR_F_LINE);
	tw_figure g;
	memset(&g, 0, sizeof g);
	g.id = s->nfig;
	g.kind = TW_FK_GENERAL;
	g.status = TW_FS_ACTIVE;
	g.unit = -1;
	g.pos = tw_v2(60, 8);
	g.radius = 0.35;
	g.height = 1.6; // as a mounted general (gr_generate.c)
	tw_state_add_figure(s, &g);
	tw_gr_start(s);
	GRU(s, &s->unit[u])->morale = 1; // retiring after bad morale
	tw_order o;
	tw_order_init(&o, GR_OT_MOVE, 0);
	o.has_at = true;
	o.nfig = 1;
	o.fig[0] = g.id;
	o.at[0] = tw_v2(60, 17.5);
	tw_events ev = {0};
	assert_int_equal(tw_gr_apply(s, &o, &ev, NULL), TW_OK);
	assert_int_equal(tw_gr_count(&ev, "GR.MORALE.10", TW_EV_DICE), 1);
	int die = ev.v[ev.n - 1].a;
	assert_int_equal(GRU(s, &s->unit[u])->rally, s->move_no + die);
	assert_int_equal(GRF(s, &s->fig[g.id])->attached, u);
	o.at[0] = tw_v2(60, 16);
	tw_gr_refused(s, &o, "GR.MORALE.10"); // bound to the unit for the rest of the battle
	int due = GRU(s, &s->unit[u])->rally;
	while (s->move_no < due) {
		tw_gr_end(s, 0, &ev);
		tw_gr_end(s, 0, &ev);
		if (s->move_no < due)
			assert_true(GRU(s, &s->unit[u])->morale > 0);
	}
	tw_gr_end(s, 0, &ev);
	tw_gr_end(s, 0, &ev); // fit at the end of the d6-th move
	assert_int_equal(GRU(s, &s->unit[u])->morale, 0);
	assert_int_equal(GRU(s, &s->unit[u])->rally, 0);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.MORALE.11 GR.MELEE.8
static void test_GR_MORALE_11_GR_MELEE_8_officer_save(void **st)
{
	(void)st;
	int saved = 0, killed = 0;
	for (uint64_t seed = 1; seed <= 300; seed++) {
		tw_state *s = tw_gr_scene_seed(seed);
		int u = gr_build_unit(s, 0, TW_GR_LINE, "u", tw_v2(60, 20), 0, GR_F_LINE);
		tw_gr_start(s);
		tw_events ev = {0};
		tw_figure *f = &s->fig[tw_gr_first(s, u, TW_FK_OFFICER)];
		if (gr_hit_figure(s, f, "GR.ART.5", &ev))
			killed++;
		else
			saved++;
		assert_int_equal(tw_gr_count(&ev, "GR.MORALE.11", TW_EV_DICE), 1); // one save throw, shown
		tw_events_free(&ev);
		tw_gr_free(s);
	}
	assert_true(saved > 60 && saved < 140); // 1/3 of 300 = 100
	assert_true(killed > 160);
}

// Clauses: GR.MELEE.1 GR.MELEE.16
// No base contact, no melee (the melee itself, with fixed dice: tests/test_gr_melee.c).
static void test_GR_MELEE_1_no_contact_no_melee(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(1);
	gr_build_unit(s, 0, TW_GR_LINE, "a", tw_v2(60, 20), 0, GR_F_LINE);
	gr_build_unit(s, 1, TW_GR_LINE, "b", tw_v2(60, 21.5), 180, GR_F_LINE);
	tw_gr_start(s);
	tw_events ev = {0};
	tw_gr_end(s, 0, &ev);
	tw_gr_end(s, 0, &ev);
	assert_int_equal(tw_gr_count(&ev, "GR.MELEE.2", TW_EV_MELEE), 0);
	assert_false(GRU(s, &s->unit[0])->flags & GUF_MELEE);
	tw_events_free(&ev);
	tw_gr_free(s);
}

// Clauses: GR.MELEE.16
// Each combat is followed by its figures (melee_member), the attacker's first, every one in
// base contact with a figure of the other side of that combat.
static void test_GR_MELEE_16_combat_members_announced(void **st)
{
	(void)st;
	tw_state *s = tw_gr_scene_seed(1);
	int col = gr_build_unit(s, 0, TW_GR_LINE, "col", tw_v2(60, 20), 0, GR_F_COLUMN);
	gr_build_unit(s, 1, TW_GR_LINE, "line", tw_v2(60, 26), 180, GR_F_LINE);
	tw_gr_start(s);
	tw_order o;
	gr_order_shift(s, col, tw_v2(0, 26 - 20 - 0.5 - 0.05), 1, &o);
	tw_events ev = {0};
	assert_int_equal(tw_gr_apply(s, &o, &ev, NULL), TW_OK);
	int from = ev.n;
	tw_gr_end(s, 0, &ev);
	tw_gr_end(s, 0, &ev);
	int combats = 0, members = 0;
	for (int i = from; i < ev.n; i++) {
		const tw_event *m = &ev.v[i];
		if (m->type != TW_EV_MELEE)
			continue;
		combats++;
		int n = m->b + m->c;
		assert_true(i + n < ev.n);
		for (int k = 1; k <= n; k++) {
			const tw_event *e = &ev.v[i + k];
			assert_int_equal(e->type, TW_EV_MELEE_MEMBER);
			assert_string_equal(e->clause, "GR.MELEE.16");
			assert_int_equal(e->b, m->a);
			assert_int_equal(e->c, 1);
			assert_int_equal(e->side, k <= m->b ? m->side : 1 - m->side);
			const tw_figure *f = &s->fig[e->a];
			assert_int_equal(f->side, e->side);
			bool touches = false; // base contact with a figure of the other side of the combat
			for (int q = 1; q <= n; q++) {
				const tw_event *o2 = &ev.v[i + q];
				if (o2->side != e->side) {
					double gap = tw_dist(tw_v2(e->x, e->y), tw_v2(o2->x, o2->y)) - f->radius -
						     s->fig[o2->a].radius;
					touches = touches || gap <= s->params[GRP_CONTACT] + 1e-9;
				}
			}
			assert_true(touches);
		}
		i += n;
	}
	assert_true(combats >= 1);
	int sum = 0; // and no other member events
	for (int i = from; i < ev.n; i++) {
		if (ev.v[i].type == TW_EV_MELEE)
			sum += ev.v[i].b + ev.v[i].c;
		members += ev.v[i].type == TW_EV_MELEE_MEMBER;
	}
	assert_int_equal(members, sum);
	tw_events_free(&ev);
	tw_gr_free(s);
}

static void test_GR_GEN_2_generated_battle_ends_with_both_doctrines(void **st)
{
	(void)st;
	for (int d = 0; d < 2; d++) {
		tw_state sc;
		memset(&sc, 0, sizeof sc);
		tw_error err;
		assert_int_equal(tw_scenario_generate(&sc, "grant", 3 + (uint64_t)d, 96, 72, &err), TW_OK);
		tw_game *g = tw_game_new(&sc, 3, NULL, &err);
		assert_non_null(g);
		tw_game_set_undo(g, false);
		const tw_ruleset *rs = tw_game_ruleset(g);
		tw_general *gens[2] = {tw_general_new(d ? "gr-defend" : "gr-attack", rs, 0, 3),
				       tw_general_new("gr-attack", rs, 1, 3)};
		assert_non_null(gens[0]);
		assert_int_equal(tw_play_out(g, gens, 20000, &err), TW_OK);
		const tw_state *end = tw_game_state(g);
		assert_true(end->over);
		int dead = tw_state_count(end, -1, TW_FS_DEAD);
		assert_true(dead > 0);
		tw_general_free(gens[0]);
		tw_general_free(gens[1]);
		tw_game_free(g);
		tw_state_free(&sc);
	}
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_GR_ORG_1_GR_ORG_2_GR_ORG_3_GR_MORALE_1_establishments),
		cmocka_unit_test(test_GR_MUSK_1_GR_MUSK_4_GR_MUSK_9_GR_MUSK_12_GR_GEN_3_volley),
		cmocka_unit_test(test_GR_GREN_1_GR_GREN_2_grenadier_groups),
		cmocka_unit_test(test_GR_MUSK_8_GR_MUSK_1_GR_RANGE_1_GR_MOVE_2_refusals),
		cmocka_unit_test(test_GR_LIGHT_1_GR_LIGHT_2_GR_LIGHT_3_GR_LIGHT_4_GR_LIGHT_5_light_fire),
		cmocka_unit_test(test_GR_ART_1_GR_ART_2_GR_ART_3_GR_ART_4_GR_ART_5_GR_RANGE_2_GR_RANGE_3_GR_RANGE_4_roundshot),
		cmocka_unit_test(test_GR_CANI_1_GR_CANI_2_GR_CANI_3_canister),
		cmocka_unit_test(test_GR_HOW_1_GR_HOW_2_GR_HOW_4_GR_HOW_5_GR_HOW_7_shell),
		cmocka_unit_test(test_GR_HOUSE_3_GR_HOUSE_4_GR_HOUSE_6_GR_EX_23_damage_fire_ruin),
		cmocka_unit_test(test_GR_HOUSE_1_GR_HOUSE_2_GR_EX_22_roundshot_strikes),
		cmocka_unit_test(test_GR_HOUSE_8_burns_out_after_15_moves),
		cmocka_unit_test(test_GR_TERR_1_GR_TERR_3_GR_TERR_4_GR_TERR_5_GR_TERR_6_GR_TERR_7_costs),
		cmocka_unit_test(test_GR_MOVE_1_GR_MOVE_3_GR_CHARGE_1_GR_CHARGE_7_GR_CHARGE_8_move_refusals),
		cmocka_unit_test(test_GR_MOVE_5_GR_EX_26_heavy_cavalry_battle_moves),
		cmocka_unit_test(test_GR_MORALE_4_GR_MORALE_6_GR_MORALE_7_test_and_dispersal),
		cmocka_unit_test(test_GR_MORALE_8_fifty_percent_rule),
		cmocka_unit_test(test_GR_MORALE_8_leaves_the_table_at_its_edge),
		cmocka_unit_test(test_GR_MORALE_7_retiring_men_never_end_on_each_other),
		cmocka_unit_test(test_GR_GEN_10_no_man_ends_standing_on_a_friend),
		cmocka_unit_test(test_GR_MORALE_10_GR_EX_27_general_rally),
		cmocka_unit_test(test_GR_MORALE_11_GR_MELEE_8_officer_save),
		cmocka_unit_test(test_GR_MELEE_1_no_contact_no_melee),
		cmocka_unit_test(test_GR_MELEE_16_combat_members_announced),
		cmocka_unit_test(test_GR_GEN_2_generated_battle_ends_with_both_doctrines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
