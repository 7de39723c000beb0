// A Rattle of Dice: pioneers and sappers (RD.SAP.1-8, RD.EX.19), water crossed only where bridged
// (RD.SAP.6/7), a sapper's change surviving save, load, undo and replay, overhead fire
// (RD.SHOOT.12), the scenario's victory conditions, the second scenario and the generator.
// Entered dice, exact figures, through the one entry point (tw_state_apply) or a tw_game.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "rd_scene.h"
#include "rules/rattle/rd.h"
#include "tinwar/io.h"
#include "tinwar/tinwar.h"

// Exact enough, and false for infinities and NaN (cmocka's float assertion lets an infinity pass).
#define assert_near(a, b, eps) assert_true(fabs((double)(a) - (double)(b)) <= (eps))

enum { FORTIFY = 0, PONTOON, CHARGE };
static tw_order *work(const tw_state *s, int unit, int task, int site)
{
	tw_order *o = rdt_unit_order(s, RD_OT_WORK, unit);
	o->n = task;
	if (site >= 0)
		o->val[o->nval++] = site;
	return o;
}

static tw_order *demolish(const tw_state *s, int unit, int site)
{
	tw_order *o = rdt_unit_order(s, RD_OT_DEMOLISH, unit);
	o->val[o->nval++] = site;
	return o;
}

static rd_trec *T(tw_state *s, int t)
{
	return tw_rec(s, TW_REC_TERRAIN, t);
}

// RD.SAP.1/3/4/5, RD.EX.19: a party of 4 rolls 4 then 2 on successive turns: 6 points, the
// earthwork along its front complete at the end of turn 2; until then it is nothing; done, it is
// a linear obstacle that gives the party cover (RD.SHOOT.13). RD.SAP.2: working is its action.
static void test_RD_EX_19_SAP_1_2_3_4_5_fortify_in_two_turns(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int pio = rdt_unit(s, 0, TW_RD_PIONEERS, TW_RD_F_LINE, 4, 4, 30, 20, 0);
	int foe = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 40, 180);
	rdt_general(s, 0, 30, 15, true);
	rdt_general(s, 1, 30, 45, true);
	rdt_start(s);
	rdt_red_first(s, 4, 3);
	tw_order *o = work(s, pio, FORTIFY, -1);
	RDT_DICE(o, 4);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.SAP.1", TW_EV_DICE), 1);
	assert_int_equal(s->table.nterrain, 1);
	const tw_terrain *w = &s->table.terrain[0];
	assert_int_equal(T(s, 0)->task, RD_TASK_EARTHWORK);
	assert_int_equal(T(s, 0)->points, 4);
	assert_int_equal(T(s, 0)->done, 0);
	assert_int_equal(T(s, 0)->owner, 0);
	assert_int_equal(rd_feature(s, 0), RD_TER_OPEN);
	assert_false(w->flags & TW_TF_WORKS);
	// 4 in long along the front (x 28..32), from the front edge (y 20.5) half an inch deep.
	assert_true(tw_terrain_contains(w, tw_v2(28.1, 20.7)) && tw_terrain_contains(w, tw_v2(31.9, 20.9)));
	assert_false(tw_terrain_contains(w, tw_v2(32.1, 20.7)) || tw_terrain_contains(w, tw_v2(30, 21.1)));
	assert_false(rd_unit_in_cover(s, pio, rd_unit_centre(s, foe)));
	// RD.SAP.2: working was the party's action: it may neither move nor work again this phase.
	o = rdt_unit_order(s, RD_OT_MOVE, pio);
	o->path[0] = tw_v2(30, 18);
	o->npath = 1;
	rdt_refused(s, o, "RD.SEQ.5");
	o = work(s, pio, FORTIFY, 0);
	RDT_DICE(o, 6);
	rdt_refused(s, o, "RD.SAP.2");
	rdt_end_turn(s);
	rdt_red_first(s, 4, 3);
	o = work(s, pio, FORTIFY, 0);
	RDT_DICE(o, 2);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.SAP.5", TW_EV_TABLE), 1);
	assert_int_equal(T(s, 0)->done, 1);
	assert_int_equal(T(s, 0)->points, 0);
	assert_int_equal(rd_feature(s, 0), RD_TER_OBSTACLE);
	assert_true(s->table.terrain[0].flags & TW_TF_WORKS);
	assert_int_equal(s->table.terrain[0].cover, 1);
	assert_true(rd_unit_in_cover(s, pio, rd_unit_centre(s, foe)));
	// Finished work is not worked again.
	rdt_end_turn(s);
	rdt_red_first(s, 4, 3);
	o = work(s, pio, FORTIFY, 0);
	RDT_DICE(o, 6);
	rdt_refused(s, o, "RD.SAP.4");
	rdt_done(s);
}

// RD.SAP.4: work stays on the site and any friendly pioneers resume it; points beyond the cost are
// lost; the enemy's pioneers may not. RD.SAP.1: a unit not of pioneers does no work.
static void test_RD_SAP_4_work_resumed_by_other_pioneers(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int a = rdt_unit(s, 0, TW_RD_PIONEERS, TW_RD_F_LINE, 4, 4, 30, 20, 0);
	int b = rdt_unit(s, 0, TW_RD_PIONEERS, TW_RD_F_COLUMN, 4, 2, 33, 21, 0);
	int line = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 50, 20, 0);
	int bp = rdt_unit(s, 1, TW_RD_PIONEERS, TW_RD_F_LINE, 4, 4, 30, 60, 180);
	rdt_general(s, 0, 30, 15, true);
	rdt_general(s, 1, 30, 65, true);
	rdt_start(s);
	rdt_red_first(s, 4, 3);
	tw_order *o = work(s, line, FORTIFY, -1);
	RDT_DICE(o, 6);
	rdt_refused(s, o, "RD.SAP.1");
	o = work(s, a, FORTIFY, -1);
	RDT_DICE(o, 3);
	rdt_ok(s, o);
	assert_int_equal(T(s, 0)->points, 3);
	rdt_ok(s, rdt_order(RD_OT_END, 0));
	o = work(s, bp, FORTIFY, 0); // blue's pioneers on red's earthwork
	RDT_DICE(o, 6);
	rdt_refused(s, o, "RD.SAP.4");
	rdt_ok(s, rdt_order(RD_OT_END, 1));
	rdt_red_first(s, 4, 3);
	o = work(s, b, FORTIFY, 0); // b touches the earthwork's east end
	RDT_DICE(o, 5);
	rdt_ok(s, o);
	assert_int_equal(T(s, 0)->done, 1);
	assert_int_equal(T(s, 0)->points, 0);
	assert_true(rdt_text_has("RD.SAP.4", "6 of 6 (the rest is lost)"));
	rdt_done(s);
}

// RD.SAP.8, RD.EX.19: a unit of n figures is floor((n + 2) / 4) parties, a d6 each; 1 figure does
// no work; a 6-figure unit throws 2d6 (one task: 3 + 4 completes a 6-point earthwork).
static void test_RD_EX_19_SAP_8_parties(void **st)
{
	(void)st;
	static const int want[] = {0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3};
	for (int n = 0; n < 12; n++)
		assert_int_equal(rd_sap_parties(n), want[n]);
	tw_state *s = rdt_scene();
	int six = rdt_unit(s, 0, TW_RD_PIONEERS, TW_RD_F_COLUMN, 6, 3, 30, 20, 0);
	int one = rdt_unit(s, 0, TW_RD_PIONEERS, TW_RD_F_LINE, 1, 1, 60, 20, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 80, 180);
	rdt_general(s, 0, 45, 15, true);
	rdt_general(s, 1, 30, 85, true);
	rdt_start(s);
	rdt_red_first(s, 4, 3);
	tw_order *o = work(s, one, FORTIFY, -1);
	RDT_DICE(o, 6);
	rdt_refused(s, o, "RD.SAP.8");
	o = work(s, six, FORTIFY, -1);
	RDT_DICE(o, 3, 4);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.SAP.8", TW_EV_DICE), 1);
	assert_int_equal(rdt_ev.v[0].b, 2); // two dice in the one roll
	assert_int_equal(T(s, 0)->done, 1);
	assert_true(rdt_text_has("RD.SAP.4", "2 parties"));
	rdt_done(s);
}

// RD.SAP.7, RD.EX.19: one charge on a village, roll 5: not breached and the charge is used up;
// laid again, roll 6: breached (rubble: difficult ground, no longer a building, open to guns).
// The charge is fired in a later phase, by the party that laid it, at any distance.
static void test_RD_EX_19_SAP_7_village_demolition(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int v = rdt_box(s, TW_TER_HOUSE, 26, 21, 34, 26);
	int pio = rdt_unit(s, 0, TW_RD_PIONEERS, TW_RD_F_LINE, 4, 4, 30, 20.5, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 80, 180);
	rdt_general(s, 0, 30, 15, true);
	rdt_general(s, 1, 30, 85, true);
	rdt_start(s);
	assert_int_equal(rd_feature(s, v), RD_TER_TOWN);
	rdt_red_first(s, 4, 3);
	tw_order *o = demolish(s, pio, v);
	RDT_DICE(o, 6);
	rdt_refused(s, o, "RD.SAP.7"); // nothing laid yet
	o = work(s, pio, CHARGE, v);
	RDT_DICE(o, 6);
	rdt_ok(s, o);
	assert_int_equal(T(s, v)->charges, 1);
	assert_int_equal(T(s, v)->layer, pio);
	assert_int_equal(rdt_count("RD.SAP.7", TW_EV_TABLE), 1);
	o = demolish(s, pio, v);
	RDT_DICE(o, 6);
	rdt_refused(s, o, "RD.SAP.2"); // working was this phase's action
	rdt_end_turn(s);
	rdt_red_first(s, 4, 3);
	o = demolish(s, pio, v);
	RDT_DICE(o, 5);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.SAP.7", TW_EV_DICE), 1);
	assert_int_equal(T(s, v)->charges, 0);
	assert_false(s->table.terrain[v].flags & TW_TF_RUINED);
	assert_int_equal(rd_feature(s, v), RD_TER_TOWN);
	rdt_end_turn(s);
	rdt_red_first(s, 4, 3);
	o = work(s, pio, CHARGE, v);
	RDT_DICE(o, 6);
	rdt_ok(s, o);
	rdt_end_turn(s);
	// Any distance: the party has gone 20 in away.
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == pio)
			s->fig[i].pos.x -= 20;
	rdt_red_first(s, 4, 3);
	o = demolish(s, pio, v);
	RDT_DICE(o, 6);
	rdt_ok(s, o);
	assert_true(rdt_text_has("RD.SAP.7", "the village is breached"));
	assert_true(s->table.terrain[v].flags & TW_TF_RUINED);
	assert_int_equal(rd_feature(s, v), RD_TER_DIFFICULT);
	rdt_done(s);
}

// RD.SAP.7, RD.EX.19: a bridge needs 3 charges at least; three [6, 6, 5] = 17: not blown, used up;
// four [5, 4, 5, 4] = 18: blown, impassable. Water is crossed only where a bridge covers it.
static void test_RD_EX_19_SAP_7_bridge_demolition(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int river = rdt_box(s, TW_TER_RIVER, 0, 50, 120, 54);
	int br = rdt_box(s, TW_TER_BRIDGE, 58, 49.5, 62, 54.5);
	int pio = rdt_unit(s, 0, TW_RD_PIONEERS, TW_RD_F_COLUMN, 4, 2, 60, 49, 0);
	int line = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_COLUMN, 6, 2, 60, 44, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 80, 180);
	rdt_general(s, 0, 50, 40, true);
	rdt_general(s, 1, 30, 85, true);
	rdt_start(s);
	(void)river;
	// Over the bridge the column's path is open; 10 in west of it the river stops it.
	bool halved;
	const char *clause;
	tw_vec2 c = rd_unit_centre(s, line);
	tw_vec2 over[1] = {tw_add(c, tw_v2(0, 11))};
	assert_true(rd_path_cost(s, line, over, 1, &halved, &clause) < 12);
	tw_vec2 ford[2] = {tw_add(c, tw_v2(-10, 0)), tw_add(c, tw_v2(-10, 11))};
	assert_true(rd_path_cost(s, line, ford, 2, &halved, &clause) > 1e9);
	assert_string_equal(clause, "RD.MOVE.5");
	rd_trec *r = T(s, br);
	r->task = RD_TASK_CHARGES;
	r->charges = 2;
	r->layer = pio;
	r->owner = 0;
	rdt_red_first(s, 4, 3);
	tw_order *o = demolish(s, pio, br);
	RDT_DICE(o, 6, 6);
	rdt_refused(s, o, "RD.SAP.7"); // 2 charges: a bridge needs 3
	o = work(s, pio, CHARGE, br);
	RDT_DICE(o, 6);
	rdt_ok(s, o);
	assert_int_equal(T(s, br)->charges, 3);
	rdt_end_turn(s);
	rdt_red_first(s, 4, 3);
	o = demolish(s, pio, br);
	RDT_DICE(o, 6, 6, 5);
	rdt_ok(s, o);
	assert_true(rdt_text_has("RD.SAP.7", "17, short of 18: no effect"));
	assert_int_equal(T(s, br)->charges, 0);
	assert_true(rd_path_cost(s, line, over, 1, &halved, &clause) < 12);
	rdt_end_turn(s);
	r = T(s, br);
	r->task = RD_TASK_CHARGES;
	r->charges = 4;
	r->layer = pio;
	rdt_red_first(s, 4, 3);
	o = demolish(s, pio, br);
	RDT_DICE(o, 5, 4, 5, 4);
	rdt_ok(s, o);
	assert_true(rdt_text_has("RD.SAP.7", "18, reaching 18: the bridge comes down"));
	assert_int_equal(s->table.terrain[br].pass, TW_PASS_NO);
	assert_int_equal(rd_feature(s, br), RD_TER_IMPASSABLE);
	assert_true(rd_path_cost(s, line, over, 1, &halved, &clause) > 1e9);
	assert_string_equal(clause, "RD.MOVE.5");
	rdt_done(s);
}

// RD.SAP.6: pontoon sections laid from the bank: 4 then 3 points on successive turns; the
// unfinished section carries nobody; the finished one bridges 4 in of water (the river's width),
// open ground without the road's bonus.
static void test_RD_SAP_6_pontoon_section(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int river = rdt_box(s, TW_TER_RIVER, 0, 50, 120, 54);
	int pio = rdt_unit(s, 0, TW_RD_PIONEERS, TW_RD_F_COLUMN, 4, 2, 30, 49.5, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 80, 80, 180);
	rdt_general(s, 0, 35, 45, true);
	rdt_general(s, 1, 80, 85, true);
	rdt_start(s);
	bool halved;
	const char *clause;
	tw_vec2 c = rd_unit_centre(s, pio);
	tw_vec2 over[1] = {tw_add(c, tw_v2(0, 6))};
	assert_true(rd_path_cost(s, pio, over, 1, &halved, &clause) > 1e9);
	rdt_red_first(s, 4, 3);
	tw_order *o = work(s, pio, PONTOON, -1);
	RDT_DICE(o, 6);
	rdt_refused(s, o, "RD.SAP.6"); // name the river
	o = work(s, pio, PONTOON, river);
	RDT_DICE(o, 4);
	rdt_ok(s, o);
	int sec = s->table.nterrain - 1;
	assert_int_equal(sec, 1);
	assert_int_equal(T(s, sec)->task, RD_TASK_PONTOON);
	assert_int_equal(T(s, sec)->points, 4);
	assert_true(rd_path_cost(s, pio, over, 1, &halved, &clause) > 1e9);
	// From the front edge (y 50) 4 in over the water, 3 in wide.
	assert_true(tw_terrain_contains(&s->table.terrain[sec], tw_v2(28.6, 53.9)));
	assert_false(tw_terrain_contains(&s->table.terrain[sec], tw_v2(30, 54.1)));
	rdt_end_turn(s);
	rdt_red_first(s, 4, 3);
	o = work(s, pio, PONTOON, sec);
	RDT_DICE(o, 3);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.SAP.6", TW_EV_TABLE), 1);
	assert_int_equal(T(s, sec)->done, 1);
	assert_int_equal(rd_feature(s, sec), RD_TER_OPEN);
	assert_near(rd_path_cost(s, pio, over, 1, &halved, &clause), 6.0, 1e-9); // no penalty, no bonus
	rdt_done(s);
}

// The change a sapper makes to the table survives saving and loading, the log's replay, and an
// undo of a later order; a work order refused for want of a die leaves the table as it was.
static void test_RD_SAP_5_table_change_survives_save_load_undo_replay(void **st)
{
	(void)st;
	tw_state *s0 = rdt_scene();
	int pio = rdt_unit(s0, 0, TW_RD_PIONEERS, TW_RD_F_LINE, 4, 4, 30, 20, 0);
	rdt_unit(s0, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 80, 180);
	int gen = rdt_general(s0, 0, 30, 15, true);
	rdt_general(s0, 1, 30, 85, true);
	tw_error err = {0};
	tw_game *g = tw_game_new(s0, 5, NULL, &err);
	assert_non_null(g);
	const tw_state *s = tw_game_state(g);
	tw_order *o = rdt_order(RD_OT_INITIATIVE, 0);
	RDT_DICE(o, 4, 3);
	assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
	tw_order_init(o, RD_OT_FIRST, 0);
	o->n = 0;
	assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
	free(o);
	// No die entered: refused, the table untouched.
	uint32_t rev = s->table.rev;
	o = work(s, pio, FORTIFY, -1);
	assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_ERR_DICE);
	assert_int_equal(s->table.nterrain, 0);
	assert_int_equal(s->table.rev, rev);
	RDT_DICE(o, 6);
	assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
	free(o);
	assert_int_equal(s->table.nterrain, 1);
	assert_true(s->table.terrain[0].flags & TW_TF_WORKS);
	uint64_t h = tw_state_hash(s);
	// Undo of a later order (a General's ride, no die) keeps the earthwork.
	o = rdt_order(RD_OT_GENERAL, 0);
	o->fig[o->nfig++] = gen;
	o->path[o->npath++] = tw_v2(35, 15);
	assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
	free(o);
	assert_true(tw_game_undo(g));
	s = tw_game_state(g);
	assert_int_equal(s->table.nterrain, 1);
	assert_int_equal(((const rd_trec *)tw_rec_c(s, TW_REC_TERRAIN, 0))->done, 1);
	assert_true(tw_state_hash(s) == h);
	// Saved and loaded.
	json_t *j = tw_state_to_json(s);
	char *text = json_dumps(j, 0);
	tw_state back;
	assert_int_equal(tw_state_from_text(&back, text, strlen(text), "t", &err), TW_OK);
	assert_int_equal(back.table.nterrain, 1);
	assert_int_equal(((const rd_trec *)tw_rec_c(&back, TW_REC_TERRAIN, 0))->task, RD_TASK_EARTHWORK);
	assert_int_equal(back.table.terrain[0].cover, 1);
	assert_true(tw_state_hash(&back) == h);
	assert_int_equal(tw_state_check(&back, &err), TW_OK);
	tw_state_free(&back);
	free(text);
	json_decref(j);
	// The log replays it exactly.
	j = tw_game_log_to_json(g);
	text = json_dumps(j, 0);
	bool same = false;
	tw_game *r = tw_game_log_replay(text, strlen(text), "log", &same, &err);
	if (!r)
		fail_msg("replay: %s: %s", err.clause, err.message);
	assert_true(same);
	assert_true(tw_state_hash(tw_game_state(r)) == h);
	tw_game_free(r);
	free(text);
	json_decref(j);
	tw_game_free(g);
	rdt_done(s0);
}

// RD.SHOOT.12: a gun on a hill shoots over a friendly unit on flat ground 6 in or more from both
// ends; not when the unit stands within 6 in of the target, nor from flat ground; rockets shoot
// over from anywhere.
static void test_RD_SHOOT_12_overhead_fire(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int hill = rdt_box(s, TW_TER_HILL, 20, 5, 40, 12);
	int gun = rdt_unit(s, 0, TW_RD_FOOT_ART, TW_RD_F_DEPLOYED, 4, 2, 30, 10, 0);
	int mid = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 22, 0);
	int foe = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 34, 180);
	rdt_general(s, 0, 45, 10, true);
	rdt_general(s, 1, 30, 40, true);
	rdt_start(s);
	(void)hill;
	assert_true(rd_units_see(s, gun, foe));
	// The friends move to 3 in short of the target: they block.
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == mid)
			s->fig[i].pos.y += 8;
	assert_false(rd_units_see(s, gun, foe));
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == mid)
			s->fig[i].pos.y -= 8;
	// The gun off the hill: flat ground, it may not shoot over.
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == gun)
			s->fig[i].pos.y -= 5;
	assert_false(rd_units_see(s, gun, foe));
	RDU(s, gun)->type = TW_RD_ROCKETS; // rockets wherever they stand
	assert_true(rd_units_see(s, gun, foe));
	// The shot itself: over the friends, 4 gunners at 2 a die: 2 dice.
	RDU(s, gun)->type = TW_RD_FOOT_ART;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == gun)
			s->fig[i].pos.y += 5;
	rdt_red_first(s, 4, 3);
	tw_order *o = rdt_unit_order(s, RD_OT_SHOOT, gun);
	o->fig2[o->nfig2++] = s->nfig - 3; // a blue figure
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == foe) {
			o->fig2[0] = i;
			break;
		}
	RDT_DICE(o, 6, 1);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.SHOOT.6", TW_EV_DICE), 1);
	rdt_done(s);
}

// The scenario's victory conditions: the side holding the objective at the end scores its points
// beside a point per figure removed; contested or empty, nobody does.
static void test_RD_victory_objective_held(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int v = rdt_box(s, TW_TER_HOUSE, 26, 40, 34, 45);
	rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 20, 0);
	int b = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 45.5, 180);
	rdt_start(s);
	RDG(s)->objective = v;
	RDG(s)->objective_points = 10;
	double pts[TW_MAX_SIDES];
	s->fig[0].status = TW_FS_DEAD;
	rd_score(s, pts);
	assert_int_equal(rd_objective_holder(s, v), 1); // blue's front rank (y 45.5) touches it (y 45)
	assert_near(pts[0], 0, 1e-12);
	assert_near(pts[1], 11, 1e-12);
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == b)
			s->fig[i].pos.y += 10;
	rd_score(s, pts);
	assert_int_equal(rd_objective_holder(s, v), -1);
	assert_near(pts[1], 1, 1e-12);
	rdt_done(s);
}

static void load(tw_state *s, const char *path)
{
	tw_error err = {0};
	memset(s, 0, sizeof *s);
	if (tw_state_load(s, path, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
}

// The second scenario: an attack over a river on a village; red's pioneers can pontoon the river
// or blow the bridge. It loads, validates, names its objective and plays a pontoon's first work.
static void test_RD_scenario_river_crossing(void **st)
{
	(void)st;
	rdt_register();
	tw_state s0;
	load(&s0, "scenarios/rattle/river.json");
	tw_error err = {0};
	assert_int_equal(tw_state_check(&s0, &err), TW_OK);
	const rd_game *g0 = RDG(&s0);
	assert_true(strlen(g0->about) > 40);
	assert_true(g0->objective >= 0);
	assert_string_equal(s0.table.terrain[g0->objective].name, "Mill village");
	assert_near(g0->objective_points, 10, 1e-12);
	s0.dice = TW_DICE_ENTERED;
	tw_game *g = tw_game_new(&s0, 3, NULL, &err);
	assert_non_null(g);
	const tw_state *s = tw_game_state(g);
	tw_order *o = rdt_order(RD_OT_INITIATIVE, 0);
	RDT_DICE(o, 5, 2);
	assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
	tw_order_init(o, RD_OT_FIRST, 0);
	o->n = 0;
	assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
	free(o);
	int pio = -1, river = -1;
	for (int i = 0; i < s->nunit; i++)
		if (RDU(s, i)->type == TW_RD_PIONEERS)
			pio = i;
	for (int k = 0; k < s->table.nterrain; k++)
		if (s->table.terrain[k].kind == TW_TER_RIVER)
			river = k;
	assert_true(pio >= 0 && river >= 0);
	int n = s->table.nterrain;
	o = work(s, pio, PONTOON, river);
	RDT_DICE(o, 5);
	if (tw_game_apply(g, o, NULL, NULL, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	free(o);
	assert_int_equal(s->table.nterrain, n + 1);
	assert_int_equal(((const rd_trec *)tw_rec_c(s, TW_REC_TERRAIN, n))->points, 5);
	assert_int_equal(tw_state_check(s, &err), TW_OK);
	tw_game_free(g);
	tw_state_free(&s0);
}

// The generator: a valid scenario from each seed (set up, checked, playable), the same scenario
// from the same seed, a different one from another.
static void test_RD_generate_deterministic(void **st)
{
	(void)st;
	rdt_register();
	tw_state a, b, c;
	tw_error err = {0};
	assert_int_equal(tw_scenario_generate(&a, "rattle", 11, 96, 72, &err), TW_OK);
	assert_int_equal(tw_scenario_generate(&b, "rattle", 11, 96, 72, &err), TW_OK);
	assert_int_equal(tw_scenario_generate(&c, "rattle", 12345, 96, 72, &err), TW_OK);
	assert_true(tw_state_hash(&a) == tw_state_hash(&b));
	assert_true(tw_state_hash(&a) != tw_state_hash(&c));
	const tw_state *both[2] = {&a, &c};
	for (int k = 0; k < 2; k++) {
		const tw_state *s = both[k];
		if (tw_state_check(s, &err) != TW_OK)
			fail_msg("%s: %s", err.clause, err.message);
		int pio = 0, v = RDG(s)->objective;
		for (int i = 0; i < s->nunit; i++)
			pio += RDU(s, i)->type == TW_RD_PIONEERS;
		assert_int_equal(pio, 1);
		assert_true(v >= 0 && rd_feature(s, v) == RD_TER_TOWN);
		// Saved and read back, it is the same scenario; and a game starts from it.
		json_t *j = tw_state_to_json(s);
		char *text = json_dumps(j, 0);
		tw_state back;
		if (tw_state_from_text(&back, text, strlen(text), "gen", &err) != TW_OK)
			fail_msg("%s: %s", err.clause, err.message);
		assert_true(tw_state_hash(&back) == tw_state_hash(s));
		tw_game *g = tw_game_new(&back, 1, NULL, &err);
		assert_non_null(g);
		assert_int_equal(tw_game_state(g)->phase, RD_PH_INITIATIVE);
		tw_game_free(g);
		tw_state_free(&back);
		free(text);
		json_decref(j);
	}
	tw_state_free(&b);
	assert_int_equal(tw_scenario_generate(&b, "rattle", 1, 40, 40, &err), TW_ERR_INPUT);
	tw_state_free(&a);
	tw_state_free(&c);
}

static tw_order *drive(const tw_state *s, int unit, double x, double y)
{
	tw_order *o = rdt_unit_order(s, RD_OT_DRIVE, unit);
	o->path[o->npath++] = tw_v2(x, y);
	return o;
}

// RD.MOVE.10, RD.EX.18: a boat with the current 21 in, against it 15 in; it stays on the water.
static void test_RD_EX_18_MOVE_10_boats(void **st)
{
	(void)st;
	assert_near(tw_rd_boat_move(1), 21, 0);
	assert_near(tw_rd_boat_move(-1), 15, 0);
	assert_near(tw_rd_boat_move(0), 18, 0);
	tw_state *s = rdt_scene();
	rdt_box(s, TW_TER_RIVER, 0, 50, 120, 70);
	int a = rdt_unit(s, 0, TW_RD_BOAT, TW_RD_F_LINE, 2, 2, 60, 54, 90);
	int b = rdt_unit(s, 0, TW_RD_BOAT, TW_RD_F_LINE, 2, 2, 70, 58, 270);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 90, 180);
	rdt_general(s, 0, 65, 48.5, true);
	rdt_general(s, 1, 30, 95, true);
	rdt_start(s);
	RDG(s)->flow = 90; // flowing east (+x)
	rdt_red_first(s, 4, 3);
	tw_vec2 ca = rd_unit_centre(s, a), cb = rd_unit_centre(s, b);
	rdt_refused(s, drive(s, a, ca.x + 21.5, ca.y), "RD.MOVE.10");
	rdt_refused(s, drive(s, a, ca.x, ca.y - 10), "RD.MOVE.10"); // onto the bank
	rdt_ok(s, drive(s, a, ca.x + 21, ca.y));
	assert_near(rd_unit_centre(s, a).x, ca.x + 21, 1e-9);
	rdt_refused(s, drive(s, b, cb.x - 15.5, cb.y), "RD.MOVE.10");
	rdt_ok(s, drive(s, b, cb.x - 15, cb.y));
	rdt_refused(s, drive(s, b, cb.x - 16, cb.y), "RD.MOVE.11"); // once a phase
	// A boat does not take the move order.
	tw_order *o = rdt_unit_order(s, RD_OT_MOVE, a);
	o->path[o->npath++] = tw_add(rd_unit_centre(s, a), tw_v2(1, 0));
	rdt_refused(s, o, "RD.MOVE.10");
	rdt_done(s);
}

// RD.MOVE.11-13, RD.EX.18: a train from rest runs at most 9 in, then at most 18; after 18 at
// least 9; 8 in short of a rock after an 18-inch run it crashes: 10 figures aboard, 3 dice
// [5, 6, 2]: 2 casualties (the passengers first), and it never moves again. Its infantry get off
// from the next phase, with 6 in of move left after forming up.
static void test_RD_EX_18_MOVE_11_12_13_trains(void **st)
{
	(void)st;
	double lo, hi;
	tw_rd_train_window(0, &lo, &hi);
	assert_near(lo, 0, 0);
	assert_near(hi, 9, 0);
	tw_rd_train_window(9, &lo, &hi);
	assert_near(hi, 18, 0);
	tw_rd_train_window(18, &lo, &hi);
	assert_near(lo, 9, 0);
	assert_true(tw_rd_train_crashes(18, 8));
	assert_false(tw_rd_train_crashes(18, 9));
	assert_int_equal(tw_rd_crash_dice(10), 3);
	tw_state *s = rdt_scene();
	int rail = rdt_box(s, TW_TER_ROAD, 0, 10, 120, 12);
	rdt_box(s, TW_TER_ROCK, 45, 9, 47, 13);
	T(s, rail)->feature = RD_TER_RAIL;
	int eng = rdt_unit(s, 0, TW_RD_ENGINE, TW_RD_F_LINE, 2, 2, 10, 11, 90);
	int inf = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 10, 12, 180);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 90, 180);
	RDU(s, eng)->capacity = 8;
	rdt_general(s, 0, 10, 20, true);
	rdt_general(s, 1, 30, 95, true);
	rdt_start(s);
	rdt_red_first(s, 4, 3);
	tw_order *o = rdt_unit_order(s, RD_OT_EMBARK, inf);
	o->val[o->nval++] = eng;
	rdt_ok(s, o);
	assert_int_equal(RDU(s, inf)->aboard, eng);
	assert_near(RDU(s, inf)->used, 6, 1e-9);
	rdt_refused(s, drive(s, eng, 19, 11), "RD.MOVE.11"); // it took passengers this phase
	o = rdt_unit_order(s, RD_OT_SHOOT, inf);
	o->fig2[o->nfig2++] = s->nfig - 6;
	rdt_refused(s, o, "RD.MOVE.11"); // passengers do not shoot
	rdt_end_turn(s);
	rdt_red_first(s, 4, 3);
	rdt_refused(s, drive(s, eng, 19.5, 11), "RD.MOVE.12"); // from rest at most 9
	rdt_refused(s, drive(s, eng, 10, 30), "RD.MOVE.12");   // off the rails
	rdt_ok(s, drive(s, eng, 19, 11));
	assert_near(rd_unit_centre(s, inf).x, 19, 1e-9); // the passengers with it
	rdt_end_turn(s);
	rdt_red_first(s, 4, 3);
	rdt_refused(s, drive(s, eng, 37.5, 11), "RD.MOVE.12"); // 9 + 9 at most
	rdt_ok(s, drive(s, eng, 37, 11));
	rdt_end_turn(s);
	rdt_red_first(s, 4, 3);
	rdt_refused(s, drive(s, eng, 29, 11), "RD.MOVE.12"); // after 18, at least 9
	o = drive(s, eng, 45, 11);
	RDT_DICE(o, 5, 6, 2);
	rdt_ok(s, o);
	assert_true(rdt_text_has("RD.MOVE.13", "10 figures aboard, 3 dice, 2 casualties"));
	assert_int_equal(rd_unit_figures(s, inf, false), 6);
	assert_int_equal(rd_unit_figures(s, eng, false), 2);
	assert_near(rd_unit_centre(s, eng).x, 44, 1e-9); // its front at the rock
	assert_true(RDU(s, eng)->flags & RUF_CRASHED);
	tw_vec2 c = rd_unit_centre(s, inf);
	o = rdt_unit_order(s, RD_OT_DISEMBARK, inf);
	o->path[o->npath++] = tw_v2(c.x, c.y + 6);
	rdt_refused(s, o, "RD.MOVE.11"); // from the next phase
	rdt_end_turn(s);
	rdt_red_first(s, 4, 3);
	rdt_refused(s, drive(s, eng, 50, 11), "RD.MOVE.13");
	o = rdt_unit_order(s, RD_OT_DISEMBARK, inf);
	o->path[o->npath++] = tw_v2(c.x, c.y + 6.5);
	rdt_refused(s, o, "RD.MOVE.11");
	o = rdt_unit_order(s, RD_OT_DISEMBARK, inf);
	o->path[o->npath++] = tw_v2(c.x, c.y + 6);
	RDT_DICE(o, 6); // out of its General's 12 in: the command check (RD.DET.4)
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.DET.1", TW_EV_DICE), 1);
	assert_int_equal(RDU(s, inf)->aboard, -1);
	assert_near(RDU(s, inf)->used, 12, 1e-9);
	rdt_done(s);
}

// RD.MOVE.12: an engine built for it goes 6 in across country on a 3+ (no class modifier).
static void test_RD_MOVE_12_cross_country_engine(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int eng = rdt_unit(s, 0, TW_RD_ENGINE, TW_RD_F_LINE, 2, 2, 30, 30, 0);
	int other = rdt_unit(s, 0, TW_RD_ENGINE, TW_RD_F_LINE, 2, 2, 50, 30, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 90, 180);
	rdt_general(s, 0, 40, 25, true);
	rdt_general(s, 1, 30, 95, true);
	rdt_start(s);
	RDU(s, eng)->attrs |= RUA_CROSS_COUNTRY;
	RDU(s, eng)->cls = TW_RD_MILITIA;
	rdt_red_first(s, 4, 3);
	rdt_refused(s, drive(s, other, 50, 33), "RD.MOVE.12"); // rails only
	rdt_refused(s, drive(s, eng, 30, 36.5), "RD.MOVE.12");
	tw_order *o = drive(s, eng, 30, 36);
	RDT_DICE(o, 2);
	rdt_ok(s, o);
	assert_near(rd_unit_centre(s, eng).y, 30, 1e-9);
	rdt_end_turn(s);
	rdt_red_first(s, 4, 3);
	o = drive(s, eng, 30, 36);
	RDT_DICE(o, 3);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.MOVE.12", TW_EV_DICE), 1);
	assert_near(rd_unit_centre(s, eng).y, 36, 1e-9);
	rdt_done(s);
}

// Checks the geometry of unit u taking formation f with its figures at pts (nfig of them).
static tw_status geometry(const tw_state *s, int u, int f, const tw_vec2 *pts, tw_error *err)
{
	tw_order *o = rdt_unit_order(s, RD_OT_FORMATION, u);
	o->n = f;
	o->has_at = true;
	for (int i = 0; i < o->nfig; i++)
		o->at[i] = pts[i];
	tw_status st = rd_formation_check(s, o, u, err);
	free(o);
	return st;
}

// n places: `files` per rank, centres dx apart, ranks dy apart (behind: -y), from (x, y).
static void grid(tw_vec2 *pts, int n, int files, double x, double y, double dx, double dy)
{
	for (int i = 0; i < n; i++)
		pts[i] = tw_v2(x + (i % files) * dx, y - (i / files) * dy);
}

static void geom(const tw_state *s, int u, int f, const tw_vec2 *pts, const char *want, int line)
{
	tw_error e = {0};
	tw_status st = geometry(s, u, f, pts, &e);
	if (!want && st != TW_OK)
		fail_msg("line %d: refused: %s: %s", line, e.clause, e.message);
	if (want && (st == TW_OK || strcmp(e.clause, want) != 0))
		fail_msg("line %d: expected %s, got %s (%s)", line, want, e.clause, e.message);
}
#define GEOM(u, f, want) geom(s, (u), (f), pts, (want), __LINE__)

// RD.ORG.7-9, RD.CON.8: the files and ranks of a new formation. Skirmish: one rank, gaps ½w-1½w;
// column: 2 or 3 files, ceil(n / files) ranks and at least 3; two-deep line: two ranks, the odd
// figure behind; bases touching; mounted cavalry: a line of 1-2 ranks or a column 2-3 wide, 2+ deep.
static void test_RD_ORG_7_8_9_CON_8_formation_geometry(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int a = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 20, 30.5, 0);
	int b = rdt_unit(s, 0, TW_RD_LIGHT, TW_RD_F_LINE, 6, 3, 40, 30.5, 0);
	int odd = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_COLUMN, 13, 3, 60, 30.5, 0);
	int cav = rdt_unit(s, 0, TW_RD_CAVALRY, TW_RD_F_LINE, 8, 4, 80, 30.5, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 90, 180);
	rdt_general(s, 0, 50, 25, true);
	rdt_general(s, 1, 30, 95, true);
	rdt_start(s);
	assert_near(s->params[RDP_BASE], 1, 0); // RD.CON.8: w = 1 in by default
	tw_vec2 pts[16];
	grid(pts, 12, 12, 10, 30, 2, 0); // skirmish: gaps of 1 in (centres 2 in apart)
	GEOM(a, TW_RD_F_SKIRMISH, NULL);
	grid(pts, 12, 12, 10, 30, 2.5, 0); // gaps of 1.5 in: the widest accepted
	GEOM(a, TW_RD_F_SKIRMISH, NULL);
	grid(pts, 12, 12, 10, 30, 2.6, 0);
	GEOM(a, TW_RD_F_SKIRMISH, "RD.ORG.8");
	grid(pts, 12, 12, 10, 30, 1.4, 0); // gaps of 0.4 in
	GEOM(a, TW_RD_F_SKIRMISH, "RD.ORG.8");
	grid(pts, 12, 6, 10, 30, 2, 1);
	GEOM(a, TW_RD_F_SKIRMISH, "RD.ORG.8"); // two ranks
	grid(pts, 12, 3, 19, 30.5, 1, 1);      // column 3 x 4
	GEOM(a, TW_RD_F_COLUMN, NULL);
	grid(pts, 12, 2, 19, 30.5, 1, 1); // column 2 x 6
	GEOM(a, TW_RD_F_COLUMN, NULL);
	grid(pts, 12, 4, 19, 30.5, 1, 1); // 4 files
	GEOM(a, TW_RD_F_COLUMN, "RD.ORG.8");
	grid(pts, 12, 3, 19, 30.5, 1, 1.5); // ranks apart: bases do not touch
	GEOM(a, TW_RD_F_COLUMN, "RD.ORG.7");
	grid(pts, 12, 6, 17.5, 30.5, 1, 1); // two-deep line 6 + 6
	GEOM(a, TW_RD_F_LINE, NULL);
	grid(pts, 12, 4, 17.5, 30.5, 1, 1); // three ranks
	GEOM(a, TW_RD_F_LINE, "RD.ORG.8");
	grid(pts, 6, 2, 40, 30.5, 1, 1); // 6 figures: 2 x 3 is a column, 3 x 2 is not (3 ranks at least)
	GEOM(b, TW_RD_F_COLUMN, NULL);
	grid(pts, 6, 3, 40, 30.5, 1, 1);
	GEOM(b, TW_RD_F_COLUMN, "RD.ORG.8");
	grid(pts, 13, 6, 57, 30.5, 1, 1); // 13: 6 in front, 6 behind and the odd one: three ranks
	GEOM(odd, TW_RD_F_LINE, "RD.ORG.8");
	for (int i = 0; i < 13; i++) // 6 in front, 7 behind: the odd figure in the rear rank
		pts[i] = i < 6 ? tw_v2(57 + i, 30.5) : tw_v2(57 + (i - 6), 29.5);
	GEOM(odd, TW_RD_F_LINE, NULL);
	for (int i = 0; i < 13; i++) // 7 in front, 6 behind
		pts[i] = i < 7 ? tw_v2(57 + i, 30.5) : tw_v2(57 + (i - 7), 29.5);
	GEOM(odd, TW_RD_F_LINE, "RD.ORG.8");
	grid(pts, 8, 8, 77, 30.5, 1, 1); // cavalry: a line of one rank
	GEOM(cav, TW_RD_F_LINE, NULL);
	grid(pts, 8, 2, 80, 30.5, 1, 1); // a column 2 x 4
	GEOM(cav, TW_RD_F_COLUMN, NULL);
	grid(pts, 8, 3, 80, 30.5, 1, 1); // a line of 3 ranks
	GEOM(cav, TW_RD_F_LINE, "RD.ORG.9");
	// Through the order: the 6-figure unit forms column 2 x 3 in place of its line.
	rdt_red_first(s, 4, 3);
	tw_order *o = rdt_unit_order(s, RD_OT_FORMATION, b);
	o->n = TW_RD_F_COLUMN;
	rdt_refused(s, o, "RD.ORG.8"); // its figures where they stand are a line
	o = rdt_unit_order(s, RD_OT_FORMATION, b);
	o->n = TW_RD_F_COLUMN;
	o->has_at = true;
	for (int i = 0; i < o->nfig; i++)
		o->at[i] = tw_v2(39.5 + i % 2, 30.5 - i / 2);
	rdt_ok(s, o);
	assert_int_equal(s->unit[b].formation, TW_RD_F_COLUMN);
	rdt_done(s);
}

// RD.DET.5: three figures split off as part of their unit's move, each within its move, into a
// unit of their own (skirmish order, the parent's class, weapon and command status); the parent
// moves on with the rest of its move; the detachment, having moved, may not go on; next turn it
// moves into contact with its parent and the two merge at the end of that move.
static void test_RD_DET_5_detach_and_rejoin(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int par = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 20, 30.5, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 90, 180);
	rdt_general(s, 0, 20, 20, true);
	rdt_general(s, 1, 30, 95, true);
	rdt_start(s);
	RDU(s, par)->cls = TW_RD_ELITE;
	rdt_red_first(s, 4, 3);
	tw_order *o = rdt_order(RD_OT_DETACH, 0);
	o->n = TW_RD_F_SKIRMISH;
	o->has_at = true;
	for (int i = 0; i < 3; i++) {
		o->fig[o->nfig] = 9 + i; // the rear rank's three right-hand men (x 20.5-22.5, y 29.5)
		o->at[o->nfig++] = tw_v2(26 + 2 * i, 24);
	}
	tw_order *far = calloc(1, sizeof *far);
	*far = *o;
	far->at[2] = tw_v2(40, 20); // 19.9 in: beyond the 12 in of move
	rdt_refused(s, far, "RD.DET.5");
	rdt_ok(s, o);
	int det = s->nunit - 1;
	assert_int_equal(det, 2);
	assert_int_equal(rd_unit_figures(s, det, true), 3);
	assert_int_equal(rd_unit_figures(s, par, true), 9);
	assert_int_equal(s->unit[det].formation, TW_RD_F_SKIRMISH);
	assert_int_equal(RDU(s, det)->cls, TW_RD_ELITE);
	assert_int_equal(RDU(s, det)->parent, par);
	assert_int_equal(RDU(s, det)->flags & RUF_IN_COMMAND, RDU(s, par)->flags & RUF_IN_COMMAND);
	assert_true(RDU(s, par)->flags & RUF_IN_COMMAND);
	// The parent uses the rest of its move; the detachment has made its move.
	tw_vec2 c = rd_unit_centre(s, det);
	tw_order *m = rdt_unit_order(s, RD_OT_MOVE, det);
	m->path[m->npath++] = tw_v2(c.x, c.y + 3);
	rdt_refused(s, m, "RD.MOVE.2");
	c = rd_unit_centre(s, par);
	m = rdt_unit_order(s, RD_OT_MOVE, par);
	m->path[m->npath++] = tw_v2(c.x, c.y + 0.5);
	rdt_ok(s, m);
	rdt_end_turn(s);
	rdt_red_first(s, 4, 3);
	// Into contact with the parent's front rank's right-hand man (22.5, 31): it merges.
	c = rd_unit_centre(s, det);
	m = rdt_unit_order(s, RD_OT_MOVE, det);
	m->path[m->npath++] = tw_add(c, tw_sub(tw_v2(23.52, 31), s->fig[9].pos));
	rdt_ok(s, m);
	assert_int_equal(rdt_count("RD.DET.5", TW_EV_INFO), 1);
	assert_true(rdt_text_has("RD.DET.5", "3 figures merge"));
	assert_int_equal(rd_unit_figures(s, par, true), 12);
	assert_false(rd_unit_alive(s, det));
	assert_int_equal(RDU(s, det)->parent, -1);
	rdt_done(s);
}

// RD.ORG.4-7, RD.ORG.10 as the code applies them: every type by name (boats and engines too);
// Generals are figures of their own, not of a unit; spears and mounted cavalry never shoot,
// pioneers shoot with the musket the scenario gives them (6 in); sizes outside the guidance are
// accepted; a unit moves as one body; band figures never count for dice, the colour bearer does.
static void test_RD_ORG_4_5_6_7_10_types_weapons_sizes_bands(void **st)
{
	(void)st;
	static const char *const types[] = {"line",           "light",           "cavalry", "dismounted",
	                                    "foot_artillery", "horse_artillery", "mg",      "rockets",
	                                    "pioneers",       "wagon",           "boat",    "engine"};
	for (int t = 0; t < (int)(sizeof types / sizeof types[0]); t++) {
		assert_int_equal(tw_rd_type_from_name(types[t]), t);
		assert_string_equal(tw_rd_type_name(t), types[t]);
	}
	assert_int_equal(TW_RD_TYPE_COUNT, 12);
	assert_near(tw_rd_range(TW_RD_SPEAR), 0, 0);
	assert_near(tw_rd_range(TW_RD_MUSKET), 6, 0);
	assert_int_equal(tw_rd_shoot_per_die(TW_RD_CAVALRY), 0);
	tw_state *s = rdt_scene();
	int big =
	    rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 40, 20, 30, 20.5, 0); // RD.ORG.6: 40 figures, accepted
	int one = rdt_unit(s, 0, TW_RD_LIGHT, TW_RD_F_SKIRMISH, 1, 1, 80, 20, 0);
	int pio = rdt_unit(s, 0, TW_RD_PIONEERS, TW_RD_F_LINE, 4, 4, 60, 30, 0);
	int spear = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 100, 30, 0);
	int band = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 10, 5, 60, 10, 0);
	int foe = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 60, 35, 180);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 100, 35, 180);
	int g = rdt_general(s, 0, 50, 5, true);
	RDU(s, pio)->weapon = TW_RD_MUSKET;
	RDU(s, spear)->weapon = TW_RD_SPEAR;
	int first = -1;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == band && first < 0)
			first = i;
	RDF(s, first)->role = RD_ROLE_BAND;
	RDF(s, first + 1)->role = RD_ROLE_BAND;
	rdt_start(s); // RD.ORG.6: no size is rejected
	(void)one;
	// RD.ORG.10: 8 fighters and 2 band: 2 dice (10 would be 3); 9 and a colour bearer: 3 dice.
	assert_int_equal(rd_shoot_dice(s, band), 2);
	RDF(s, first)->role = RD_ROLE_COLOUR;
	RDF(s, first + 1)->role = RD_ROLE_FIGHTER;
	assert_int_equal(rd_shoot_dice(s, band), 3);
	assert_int_equal(rd_shoot_dice(s, big), 10);
	rdt_red_first(s, 4, 3);
	// RD.ORG.5: spears never shoot; pioneers with muskets reach 6 in (the foe is 4 in off).
	tw_order *o = rdt_unit_order(s, RD_OT_SHOOT, spear);
	o->fig2[o->nfig2++] = s->nfig - 2;
	rdt_refused(s, o, "RD.SHOOT.1");
	o = rdt_unit_order(s, RD_OT_SHOOT, pio);
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == foe) {
			o->fig2[o->nfig2++] = i;
			break;
		}
	RDT_DICE(o, 6);
	rdt_ok(s, o);
	// RD.ORG.7: a unit moves as one body: naming part of it is refused.
	o = rdt_unit_order(s, RD_OT_MOVE, big);
	o->nfig = 20;
	o->path[o->npath++] = tw_add(rd_unit_centre(s, big), tw_v2(0, 2));
	rdt_refused(s, o, "RD.ORG.7");
	rdt_done(s);
	// RD.ORG.4, RD.GEN.1: a General is a figure of his own, not a unit's.
	s = rdt_scene();
	int u = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 20, 0);
	g = rdt_general(s, 0, 30, 10, true);
	s->fig[g].unit = u;
	tw_error err = {0};
	assert_int_equal(tw_ruleset_rattle.setup(s, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "RD.GEN.1");
	rdt_done(s);
}

// RD.SAP.3: fortifying, a charge and a pontoon section cost 6 points; the umpire may set another
// cost for a task (the site's `cost`): a charge at 9 points takes 6 and then 3.
static void test_RD_SAP_3_work_costs(void **st)
{
	(void)st;
	assert_int_equal(RD_WORK_COST, 6);
	tw_state *s = rdt_scene();
	int v = rdt_box(s, TW_TER_HOUSE, 26, 21, 34, 26);
	int pio = rdt_unit(s, 0, TW_RD_PIONEERS, TW_RD_F_LINE, 4, 4, 30, 20.5, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 80, 180);
	rdt_general(s, 0, 30, 15, true);
	rdt_general(s, 1, 30, 85, true);
	rdt_start(s);
	T(s, v)->cost = 9;
	rdt_red_first(s, 4, 3);
	tw_order *o = work(s, pio, CHARGE, v);
	RDT_DICE(o, 6);
	rdt_ok(s, o);
	assert_int_equal(T(s, v)->points, 6);
	assert_int_equal(T(s, v)->charges, 0);
	assert_true(rdt_text_has("RD.SAP.4", "6 of 9"));
	rdt_end_turn(s);
	rdt_red_first(s, 4, 3);
	o = work(s, pio, CHARGE, v);
	RDT_DICE(o, 3);
	rdt_ok(s, o);
	assert_int_equal(T(s, v)->charges, 1);
	assert_int_equal(T(s, v)->points, 0);
	rdt_done(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_RD_EX_19_SAP_1_2_3_4_5_fortify_in_two_turns),
	    cmocka_unit_test(test_RD_SAP_4_work_resumed_by_other_pioneers),
	    cmocka_unit_test(test_RD_EX_19_SAP_8_parties),
	    cmocka_unit_test(test_RD_EX_19_SAP_7_village_demolition),
	    cmocka_unit_test(test_RD_EX_19_SAP_7_bridge_demolition),
	    cmocka_unit_test(test_RD_SAP_6_pontoon_section),
	    cmocka_unit_test(test_RD_SAP_5_table_change_survives_save_load_undo_replay),
	    cmocka_unit_test(test_RD_SHOOT_12_overhead_fire),
	    cmocka_unit_test(test_RD_victory_objective_held),
	    cmocka_unit_test(test_RD_scenario_river_crossing),
	    cmocka_unit_test(test_RD_generate_deterministic),
	    cmocka_unit_test(test_RD_EX_18_MOVE_10_boats),
	    cmocka_unit_test(test_RD_EX_18_MOVE_11_12_13_trains),
	    cmocka_unit_test(test_RD_MOVE_12_cross_country_engine),
	    cmocka_unit_test(test_RD_ORG_7_8_9_CON_8_formation_geometry),
	    cmocka_unit_test(test_RD_DET_5_detach_and_rejoin),
	    cmocka_unit_test(test_RD_ORG_4_5_6_7_10_types_weapons_sizes_bands),
	    cmocka_unit_test(test_RD_SAP_3_work_costs),
	};
	return cmocka_run_group_tests(tests, NULL, rdt_teardown);
}
