// A Rattle of Dice, rallying, Generals' actions and colours, played through the one entry point
// (tw_state_apply) with entered dice: the rally order (RD.RALLY.1-5, RD.GEN.6), Urging On
// (RD.MOVE.14, RD.GEN.4, RD.EX.17), Steady Men! and the colour after a hit event, asked of the hit
// unit's seat and answered by its own orders (RD.GEN.5, RD.FLAG.1/2, RD.EX.21), the loss of
// Generals (RD.GEN.8/9), the observer (RD.GEN.7) and no Shaken state (RD.CON.7).
#define _GNU_SOURCE
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rd_scene.h"
#include "rules/rattle/rd.h"
#include "tinwar/io.h"
#include "tinwar/tinwar.h"

static tw_order *rally(const tw_state *s, int unit)
{
	return rdt_unit_order(s, RD_OT_RALLY, unit);
}

// General g joins unit u where he stands (placed touching its first figure).
static void join(tw_state *s, int g, int u)
{
	const tw_figure *f = &s->fig[rdt_first_fig(s, u)];
	s->fig[g].pos = tw_add(f->pos, tw_v2(-1, 0));
	RDF(s, g)->joined = u;
}

static bool near(double a, double b)
{
	return fabs(a - b) < 1e-6;
}

// RD.RALLY.1/2/5, RD.GEN.6: a unit that must rally may do nothing else; a Regular line with its
// General joined throws 3: +1 makes 4, it rallies and turns free to face the enemy; it has used
// its action. An Elite unit with a General and a band throws 2: +1 only (not +2), 3, it rallies.
// A Militia unit throws 4: -1 makes 3, it fails and retreats a full 12 in straight on, its
// General going with it, and must rally again next phase.
static void test_RD_RALLY_1_2_5_GEN_6_the_rally_roll(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int a = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 20, 20, 0);
	int el = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 50, 20, 0);
	int mil = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 80, 50, 180); // faces away from blue
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 60, 90, 180);
	int cmd = rdt_general(s, 0, 100, 10, true);
	int ga = rdt_general(s, 0, 0, 0, false), ge = rdt_general(s, 0, 0, 0, false),
	    gm = rdt_general(s, 0, 0, 0, false);
	rdt_general(s, 1, 60, 95, true);
	RDU(s, el)->cls = TW_RD_ELITE;
	RDU(s, mil)->cls = TW_RD_MILITIA;
	RDF(s, rdt_first_fig(s, el) + 7)->role = RD_ROLE_BAND;
	for (int u = 0; u < 3; u++)
		RDU(s, u)->flags |= RUF_MUST_RALLY;
	rdt_start(s);
	join(s, ga, a);
	join(s, ge, el);
	join(s, gm, mil);
	assert_true(rd_rally_helped(s, a) && rd_rally_helped(s, el));
	rdt_first(s, 0);
	// RD.RALLY.1: it may not move (or be urged on) while it must rally.
	tw_vec2 c = rd_unit_centre(s, a);
	rdt_refused(s, rdt_move(s, a, c.x, c.y + 3), "RD.RALLY.1");
	// Regular + General: 3 + 1 = 4 rallies; the free turn to face 90.
	tw_order *o = rally(s, a);
	o->has_aim = true;
	o->bearing = 90;
	RDT_DICE(o, 3);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.RALLY.2", TW_EV_DICE), 1);
	assert_false(RDU(s, a)->flags & RUF_MUST_RALLY);
	assert_int_equal(RDU(s, a)->action, RD_ACT_RALLY);
	assert_true(s->unit[a].facing == 90 && s->fig[rdt_first_fig(s, a)].facing == 90);
	assert_true(near(rd_unit_centre(s, a).x, c.x) &&
	            near(rd_unit_centre(s, a).y, c.y));           // turned in place
	rdt_refused(s, rdt_move(s, a, c.x + 3, c.y), "RD.SEQ.5"); // its one action this phase
	rdt_refused(s, rally(s, a), "RD.RALLY.1");                // no need any more
	// Elite + General + band: 2 + 1 = 3 rallies (2 would have needed +2).
	o = rally(s, el);
	RDT_DICE(o, 2);
	rdt_ok(s, o);
	assert_false(RDU(s, el)->flags & RUF_MUST_RALLY);
	// Militia + General: 4 - 1 + 1 = 4 rallies; without him it fails. Take the General away.
	RDF(s, gm)->joined = -1;
	s->fig[gm].pos = tw_v2(110, 60);
	c = rd_unit_centre(s, mil);
	tw_vec2 g0 = s->fig[gm].pos;
	o = rally(s, mil);
	RDT_DICE(o, 4);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.RALLY.3", TW_EV_MOVE), 1);
	assert_true(RDU(s, mil)->flags & RUF_MUST_RALLY);
	assert_true(near(rd_unit_centre(s, mil).x, c.x) &&
	            near(rd_unit_centre(s, mil).y, c.y - 12));             // a full move
	assert_true(s->fig[gm].pos.x == g0.x && s->fig[gm].pos.y == g0.y); // not joined: stays
	(void)cmd;
	rdt_done(s);
}

// RD.RALLY.3/4, RD.GEN.2/9: a failed rally retreats straight on a full move, its joined General
// with it; a retreat halted by an enemy unit stops short of contact; one that reaches the
// table's edge takes the unit out of the game (its figures count as lost) and its General is
// placed, unharmed and joined, by the nearest friendly unit.
static void test_RD_RALLY_3_4_GEN_9_failed_rally_retreat_and_leaving(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int edge = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 30, 8,
	                    180); // rear rank at y 9: 8.5 in from the edge
	int halted =
	    rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 80, 50, 180); // blue stands 10 in behind it
	int friend = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 45, 12, 0);
	int far = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 100, 12, 0);
	int blue = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 80, 40, 180);
	rdt_general(s, 0, 60, 5, true);
	int g = rdt_general(s, 0, 0, 0, false);
	rdt_general(s, 1, 60, 95, true);
	RDU(s, edge)->flags |= RUF_MUST_RALLY;
	RDU(s, halted)->flags |= RUF_MUST_RALLY;
	rdt_start(s);
	join(s, g, edge);
	rdt_first(s, 0);
	// Halted by the enemy: the front rank (y 50) goes on to 1.11 in from blue's centres (y 40):
	// bases 0.11 in apart, out of contact.
	tw_order *o = rally(s, halted);
	RDT_DICE(o, 3);
	rdt_ok(s, o);
	assert_true(near(s->fig[rdt_first_fig(s, halted)].pos.y, 41.11));
	assert_false(rd_units_touch(s, halted, blue));
	assert_true(RDU(s, halted)->flags & RUF_MUST_RALLY);
	// The edge: 12 in straight on would cross y 0: the unit leaves the table (RD.RALLY.4).
	o = rally(s, edge);
	RDT_DICE(o, 1);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.RALLY.4", TW_EV_WITHDRAW), 8);
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == edge)
			assert_int_equal(s->fig[i].status, TW_FS_OFF);
	assert_false(rd_unit_alive(s, edge));
	double pts[TW_MAX_SIDES];
	rd_score(s, pts);
	assert_true(pts[1] == 8); // lost for scenario purposes
	// RD.GEN.9: the General is placed touching the nearest friendly unit and joined to it.
	assert_int_equal(rdt_count("RD.GEN.9", TW_EV_MOVE), 1);
	assert_int_equal(s->fig[g].status, TW_FS_ACTIVE);
	assert_int_equal(RDF(s, g)->joined, friend);
	assert_true(rd_fig_unit_gap(s, &s->fig[g], friend) < 1e-9);
	(void)far;
	rdt_done(s);
}

// RD.RALLY.1: the attempt is compulsory: a unit that has not tried when its side ends the phase
// tries then (the die is thrown by the `end` order).
static void test_RD_RALLY_1_compulsory_at_the_end_of_the_phase(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int a = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 30, 30, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 30, 90, 180);
	rdt_general(s, 0, 30, 20, true);
	rdt_general(s, 1, 30, 95, true);
	RDU(s, a)->flags |= RUF_MUST_RALLY;
	rdt_start(s);
	rdt_first(s, 0);
	tw_order *o = rdt_order(RD_OT_END, 0);
	rdt_refused(s, o, "RD.RALLY.2"); // no die entered for the compulsory attempt
	o = rdt_order(RD_OT_END, 0);
	RDT_DICE(o, 4);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.RALLY.1", TW_EV_INFO), 1);
	assert_int_equal(rdt_count("RD.RALLY.2", TW_EV_DICE), 1);
	assert_false(RDU(s, a)->flags & RUF_MUST_RALLY);
	assert_int_equal(s->mover, 1);
	rdt_done(s);
}

// RD.EX.17, RD.MOVE.14, RD.GEN.4: a Brigade General rides 10 in to join a Regular line (in
// command); the d6 shows 4: 12 + 4 = 16 in. He is tied to it (moves with it; may not ride off)
// until his side's next phase. Needing 14 in, he could not urge it. One that fails its command
// check is never urged on.
static void test_RD_EX_17_MOVE_14_GEN_4_urging_on(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int u =
	    rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 30, 20, 0); // rear rank y 19, files x 27.5..32.5
	int v = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 70, 20, 0);
	int w = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 100, 20, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 60, 95, 180);
	int bg = rdt_general(s, 0, 29.5, 8, false);  // 10 in from the figure at (29.5, 19)'s base
	int bv = rdt_general(s, 0, 69.5, 4, false);  // 14 in from v's
	int bw = rdt_general(s, 0, 99.5, 60, false); // w is out of command (39 in away)
	int bx = rdt_general(s, 0, 99.5, 30, false); // another brigade's General, 9 in from w
	RDU(s, u)->brigade = bg;
	RDU(s, v)->brigade = bv;
	RDU(s, w)->brigade = bw;
	rdt_general(s, 1, 60, 98, true);
	rdt_start(s);
	rdt_first(s, 0);
	assert_true(RDU(s, u)->flags & RUF_IN_COMMAND);
	assert_false(RDU(s, w)->flags & RUF_IN_COMMAND);
	// 14 in: refused (the 12 in limit).
	tw_order *o = rdt_order(RD_OT_URGE, 0);
	o->fig[o->nfig++] = bv;
	o->path[o->npath++] = tw_v2(69.5, 18);
	o->val[o->nval++] = v;
	rdt_refused(s, o, "RD.MOVE.14");
	// 10 in: he joins and the d6 shows 4.
	o = rdt_order(RD_OT_URGE, 0);
	o->fig[o->nfig++] = bg;
	o->path[o->npath++] = tw_v2(29.5, 18);
	o->val[o->nval++] = u;
	RDT_DICE(o, 4);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.MOVE.14", TW_EV_DICE), 1);
	assert_int_equal(RDU(s, u)->urge, 4);
	assert_int_equal(RDF(s, bg)->joined, u);
	assert_int_equal(RDF(s, bg)->bound, u);
	// The allowance is 16 in: 16.1 refused, 16 taken; the General goes with the unit.
	tw_vec2 c = rd_unit_centre(s, u);
	rdt_refused(s, rdt_move(s, u, c.x, c.y + 16.1), "RD.MOVE.2");
	rdt_ok(s, rdt_move(s, u, c.x, c.y + 16));
	assert_true(near(s->fig[bg].pos.y, 34));
	// Tied to it: he may not ride away, nor urge another unit, this phase.
	o = rdt_order(RD_OT_GENERAL, 0);
	o->fig[o->nfig++] = bg;
	o->path[o->npath++] = tw_v2(40, 34);
	rdt_refused(s, o, "RD.MOVE.14");
	// The unit out of command checks first: 2 fails (RD.DET.3); the General joins but no d6.
	o = rdt_order(RD_OT_URGE, 0);
	o->fig[o->nfig++] = bx;
	o->path[o->npath++] = tw_v2(99.5, 21);
	o->val[o->nval++] = w;
	RDT_DICE(o, 2);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.DET.1", TW_EV_DICE), 1);
	assert_int_equal(rdt_count("RD.MOVE.14", TW_EV_DICE), 0);
	assert_int_equal(RDU(s, w)->urge, 0);
	assert_true(RDU(s, w)->flags & RUF_FAILED);
	// Through blue's phase into red's next: the tie and the bonus are gone.
	rdt_ok(s, rdt_order(RD_OT_END, 0));
	rdt_ok(s, rdt_order(RD_OT_END, 1));
	rdt_first(s, 0);
	assert_int_equal(RDF(s, bg)->bound, -1);
	assert_int_equal(RDU(s, u)->urge, 0);
	o = rdt_order(RD_OT_GENERAL, 0);
	o->fig[o->nfig++] = bg;
	o->path[o->npath++] = tw_v2(40, 34);
	rdt_ok(s, o);
	rdt_done(s);
}

// RD.EX.21, RD.GEN.5, RD.FLAG.1/2, RD.SHOOT.15: blue shoots; the hit red unit's player is asked
// (a decision of his seat; blue may do nothing meanwhile) and answers with his own orders.
//  - A line unit with a joined General and a colour takes 2 hits: the General rolls 4 -> one
//    hit cancelled (the figure stands again); the colour roll 2 -> no effect: 1 figure removed.
//  - The same, General rolls 1 -> he is removed; colour roll 1 -> the bearer falls: 2 + 1 = 3
//    figures removed; the unit keeps its colour.
//  - Light infantry with a colour figure: no colour roll at all.
static void test_RD_EX_21_GEN_5_FLAG_1_2_steady_men_and_the_colour(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int t = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 30, 40, 0);
	int lt = rdt_unit(s, 0, TW_RD_LIGHT, TW_RD_F_LINE, 8, 4, 80, 40, 0);
	int b1 = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 30, 50, 180);
	int b2 = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 40, 48, 180);
	int b3 = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 80, 50, 180);
	rdt_general(s, 0, 60, 10, true);
	int g = rdt_general(s, 0, 0, 0, false);
	rdt_general(s, 1, 60, 95, true);
	int bearer = rdt_first_fig(s, t) + 2; // front rank, centre
	RDF(s, bearer)->role = RD_ROLE_COLOUR;
	RDF(s, rdt_first_fig(s, lt) + 1)->role = RD_ROLE_COLOUR;
	rdt_start(s);
	join(s, g, t);
	assert_true(rd_flag_may_use(s, t));
	assert_false(rd_flag_may_use(s, lt)); // RD.FLAG.1
	rdt_first(s, 1);
	// Bullet 1: 3 dice [5, 6, 1] = 2 hits; 2 figures removed at once.
	tw_order *o = rdt_shoot(s, b1, t);
	RDT_DICE(o, 5, 6, 1);
	rdt_ok(s, o);
	assert_int_equal(rd_unit_figures(s, t, false), 10);
	tw_decision d = rdt_decision(s);
	assert_int_equal(d.seat, 0);
	assert_string_equal(d.clause, "RD.GEN.5");
	assert_string_equal(d.kind, "react");
	assert_true(d.types == (UINT64_C(1) << RD_OT_STEADY));
	rdt_refused(s, rdt_shoot(s, b2, t), "RD.GEN.5"); // blue waits
	assert_int_equal(tw_ruleset_rattle.to_move(s), 0);
	tw_order *ro = calloc(1, sizeof *ro);
	assert_int_equal(tw_ruleset_rattle.random_orders(s, 0, &s->rng, ro, 1), 1); // a random player answers
	assert_int_equal(ro->type, RD_OT_STEADY);
	free(ro);
	rdt_refused(s, rdt_steady(1, 1), "RD.GEN.5"); // and may not answer for red
	o = rdt_steady(0, 1);
	RDT_DICE(o, 4);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.GEN.5", TW_EV_DICE), 1);
	assert_int_equal(rd_unit_figures(s, t, false), 11);
	d = rdt_decision(s);
	assert_string_equal(d.clause, "RD.FLAG.2");
	assert_int_equal(d.seat, 0);
	o = rdt_steady(0, 1);
	RDT_DICE(o, 2);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.FLAG.2", TW_EV_DICE), 1);
	assert_int_equal(rd_unit_figures(s, t, false), 11); // 1 figure removed in all
	assert_int_equal(RDU(s, t)->hit_scored, 0);
	d = rdt_decision(s);
	assert_int_equal(d.seat, 1); // blue's phase goes on
	assert_string_equal(d.clause, "RD.SEQ.5");
	// Bullet 2: [5, 5, 1] = 2 hits; the General rolls 1, the colour 1: 3 figures removed.
	o = rdt_shoot(s, b2, t);
	RDT_DICE(o, 5, 5, 1);
	rdt_ok(s, o);
	assert_int_equal(rd_unit_figures(s, t, false), 9);
	o = rdt_steady(0, 1);
	RDT_DICE(o, 1);
	rdt_ok(s, o);
	assert_int_equal(s->fig[g].status, TW_FS_DEAD);
	assert_int_equal(rdt_count("RD.GEN.5", TW_EV_KILL), 1);
	assert_string_equal(rdt_decision(s).clause, "RD.FLAG.2");
	o = rdt_steady(0, 1);
	RDT_DICE(o, 1);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.FLAG.2", TW_EV_KILL), 1);
	assert_int_equal(rd_unit_figures(s, t, false), 8); // 11 - 3
	assert_int_equal(s->fig[bearer].status,
	                 TW_FS_ACTIVE); // another man took the colour: the unit keeps it
	assert_int_equal(rd_flag_bearer(s, t), bearer);
	// Bullet 4: light infantry: 2 hits, no roll is offered; blue acts on.
	o = rdt_shoot(s, b3, lt);
	RDT_DICE(o, 6, 6, 1);
	rdt_ok(s, o);
	assert_int_equal(rd_unit_figures(s, lt, false), 6);
	assert_int_equal(rdt_count("RD.GEN.5", TW_EV_DECISION) + rdt_count("RD.FLAG.2", TW_EV_DECISION), 0);
	assert_int_equal(rdt_decision(s).seat, 1);
	rdt_done(s);
}

// RD.EX.21 (third bullet), RD.FLAG.3 through the hook the melee step calls (rd_hit_beaten before
// rd_hit_event, RD.MELEE.5 step 5): a unit with a colour and a joined General is beaten and took
// 2 hits; the General's Steady Men! is optional (he rolls 3: no effect), then the colour roll is
// compulsory and thrown at once: 1 -> the winner captures the colour; no extra figure is lost.
// A beaten unit's colour roll of 5 cancels a hit (the figure stands again).
static void test_RD_EX_21_FLAG_3_beaten_unit_must_roll_for_its_colour(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int t = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 30, 40, 0);
	int t2 = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 60, 40, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 30, 60, 180);
	rdt_general(s, 0, 100, 10, true);
	int g = rdt_general(s, 0, 0, 0, false), g2 = rdt_general(s, 0, 0, 0, false);
	rdt_general(s, 1, 60, 95, true);
	int bearer = rdt_first_fig(s, t) + 2, bearer2 = rdt_first_fig(s, t2) + 2;
	RDF(s, bearer)->role = RD_ROLE_COLOUR;
	RDF(s, bearer2)->role = RD_ROLE_COLOUR;
	rdt_start(s);
	join(s, g, t);
	join(s, g2, t2);
	rdt_first(s, 1);
	tw_events_clear(&rdt_ev);
	rd_hit_beaten(s, t, 1);
	assert_int_equal(rd_hit_event(s, t, 2, tw_v2(30, 60), "RD.MELEE.5", &rdt_ev), 2);
	assert_string_equal(rdt_decision(s).clause, "RD.GEN.5");
	tw_order *o = rdt_steady(0, 1);
	RDT_DICE(o, 3, 1); // the General's 3, then the compulsory colour roll's 1
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.FLAG.3", TW_EV_DICE), 1);
	assert_int_equal(rdt_count("RD.FLAG.3", TW_EV_INFO), 1);
	assert_int_equal(RDF(s, bearer)->role, RD_ROLE_FIGHTER); // captured: no colour any more
	assert_int_equal(rd_flag_bearer(s, t), -1);
	assert_int_equal(rd_unit_figures(s, t, false), 10); // no extra figure
	assert_int_equal(RDU(s, t)->hit_beaten, 0);
	assert_int_equal(rdt_decision(s).seat, 1);
	// The General declines; the compulsory roll of 5 cancels one of the 2 hits.
	tw_events_clear(&rdt_ev);
	rd_hit_beaten(s, t2, 1);
	rd_hit_event(s, t2, 2, tw_v2(60, 60), "RD.MELEE.5", &rdt_ev);
	// The beaten unit retreats 12 in before the rolls (RD.MELEE.5 step 6 may come first): the
	// figure that stands again stands where it would have been.
	int last = RDU(s, t2)->hit_last;
	tw_vec2 was = s->fig[last].pos;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == t2 && s->fig[i].status == TW_FS_ACTIVE)
			s->fig[i].pos.y -= 12;
	o = rdt_steady(0, 0);
	RDT_DICE(o, 5);
	rdt_ok(s, o);
	assert_int_equal(rd_unit_figures(s, t2, false), 11);
	assert_int_equal(s->fig[last].status, TW_FS_ACTIVE);
	assert_true(near(s->fig[last].pos.x, was.x) && near(s->fig[last].pos.y, was.y - 12));
	assert_int_equal(rd_flag_bearer(s, t2), bearer2);
	rdt_done(s);
}

// RD.GEN.5 (declining; a unit wiped out and restored), RD.GEN.9: a two-figure unit with its
// General takes 2 hits: both removed; the General rolls 5: the last figure removed stands again.
// A one-figure unit with its General loses its man; he declines: the unit is destroyed and he is
// placed by the nearest friendly unit. A unit whose hits were all cancelled gets no colour roll.
static void test_RD_GEN_5_9_cancel_restores_and_general_placed(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int two = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 2, 2, 30, 40, 0);
	int one = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 1, 1, 60, 40, 0);
	int friend = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 64, 30, 0);
	int b1 = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 30, 50, 180);
	int b2 = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 60, 50, 180);
	rdt_general(s, 0, 100, 10, true);
	int g2 = rdt_general(s, 0, 0, 0, false), g1 = rdt_general(s, 0, 0, 0, false);
	rdt_general(s, 1, 60, 95, true);
	RDF(s, rdt_first_fig(s, two))->role = RD_ROLE_COLOUR;
	rdt_start(s);
	join(s, g2, two);
	join(s, g1, one);
	rdt_first(s, 1);
	tw_order *o = rdt_shoot(s, b1, two);
	RDT_DICE(o, 6, 5);
	rdt_ok(s, o);
	assert_false(rd_unit_alive(s, two));
	o = rdt_steady(0, 1);
	RDT_DICE(o, 5);
	rdt_ok(s, o);
	assert_int_equal(rd_unit_figures(s, two, false), 1);
	assert_int_equal(s->fig[rdt_first_fig(s, two)].status, TW_FS_ACTIVE);
	assert_int_equal(RDF(s, rdt_first_fig(s, two))->role,
	                 RD_ROLE_COLOUR);                         // the bearer, removed last, stands again
	assert_string_equal(rdt_decision(s).clause, "RD.FLAG.2"); // one hit is still to cancel
	rdt_ok(s, rdt_steady(0, 0));                              // declined
	assert_int_equal(rd_unit_figures(s, two, false), 1);
	assert_int_equal(RDF(s, g2)->joined, two);
	o = rdt_shoot(s, b2, one);
	RDT_DICE(o, 6);
	rdt_ok(s, o);
	assert_string_equal(rdt_decision(s).clause, "RD.GEN.5");
	rdt_ok(s, rdt_steady(0, 0));
	assert_int_equal(rdt_count("RD.GEN.9", TW_EV_MOVE), 1);
	assert_int_equal(RDF(s, g1)->joined, friend);
	assert_int_equal(s->fig[g1].status, TW_FS_ACTIVE);
	assert_true(rd_fig_unit_gap(s, &s->fig[g1], friend) < 1e-9);
	assert_int_equal(rdt_decision(s).seat, 1);
	rdt_done(s);
}

// RD.GEN.8: a Brigade General struck down: his unit answers to the Army Commander only (out of
// command when he is far). The Army Commander struck down: at the start of his side's next phase
// its player must promote a surviving General (a decision of his seat, nothing else first), who
// then commands every unit.
static void test_RD_GEN_8_loss_of_generals_and_promotion(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	int v = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 30, 40, 0);
	int t = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 80, 40, 0);
	int u = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 110, 20, 0);
	int b1 = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 30, 50, 180);
	int b2 = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 80, 50, 180);
	int cmd = rdt_general(s, 0, 0, 0, true), gv = rdt_general(s, 0, 0, 0, false);
	int gu = rdt_general(s, 0, 110, 10, false);
	rdt_general(s, 1, 60, 95, true);
	RDU(s, v)->brigade = gv;
	RDU(s, u)->brigade = gu;
	rdt_start(s);
	join(s, cmd, t);
	join(s, gv, v);
	rdt_first(s, 1);
	assert_true(rd_in_command(s, v));
	// The Brigade General rolls 1.
	tw_order *o = rdt_shoot(s, b1, v);
	RDT_DICE(o, 6, 1);
	rdt_ok(s, o);
	o = rdt_steady(0, 1);
	RDT_DICE(o, 1);
	rdt_ok(s, o);
	assert_int_equal(rdt_count("RD.GEN.8", TW_EV_INFO), 1);
	assert_false(rd_in_command(s, v)); // the Army Commander is 50 in away
	// The Army Commander rolls 1.
	o = rdt_shoot(s, b2, t);
	RDT_DICE(o, 6, 1);
	rdt_ok(s, o);
	o = rdt_steady(0, 1);
	RDT_DICE(o, 1);
	rdt_ok(s, o);
	assert_int_equal(RDS(s, 0)->promote, RD_PROMOTE_LOST);
	assert_false(rd_in_command(s, t));
	// Red's phase starts: the promotion is asked first.
	rdt_ok(s, rdt_order(RD_OT_END, 1));
	assert_int_equal(RDS(s, 0)->promote, RD_PROMOTE_DUE);
	tw_decision d = rdt_decision(s);
	assert_int_equal(d.seat, 0);
	assert_string_equal(d.clause, "RD.GEN.8");
	tw_vec2 c = rd_unit_centre(s, u);
	rdt_refused(s, rdt_move(s, u, c.x, c.y + 2), "RD.GEN.8");
	o = rdt_order(RD_OT_PROMOTE, 0);
	o->fig[o->nfig++] = gv; // dead: refused
	rdt_refused(s, o, "RD.GEN.8");
	o = rdt_order(RD_OT_PROMOTE, 0);
	o->fig[o->nfig++] = gu;
	rdt_ok(s, o);
	assert_true(RDF(s, gu)->commander);
	assert_int_equal(RDS(s, 0)->promote, RD_PROMOTE_NONE);
	assert_true(rd_general_commands(s, &s->fig[gu], t)); // army-wide authority
	assert_true(rd_general_commands(s, &s->fig[gu], u)); // and his own brigade
	assert_string_equal(rdt_decision(s).clause, "RD.SEQ.5");
	rdt_ok(s, rdt_move(s, u, c.x, c.y + 2));
	rdt_done(s);
}

// RD.GEN.7, RD.SEQ.3: the observer's bonus needs the signals team with the Army Commander: by a
// Brigade General it gives nothing; once he is promoted Army Commander (RD.GEN.8) it counts.
static void test_RD_GEN_7_observer_needs_the_army_commander(void **st)
{
	(void)st;
	tw_state *s = rdt_scene();
	rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 20, 0);
	rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 80, 180);
	int cmd = rdt_general(s, 0, 60, 10, true), bg = rdt_general(s, 0, 90, 10, false);
	rdt_general(s, 1, 60, 95, true);
	int sig = rdt_observer_post(s, tw_v2(91.5, 10)); // by the Brigade General
	rdt_start(s);
	assert_false(rd_observer_bonus(s, 0));
	s->fig[sig].pos = tw_v2(61.5, 10); // by the Army Commander
	assert_true(rd_observer_bonus(s, 0));
	s->fig[sig].pos = tw_v2(91.5, 10);
	s->fig[cmd].status = TW_FS_DEAD; // lost, and the Brigade General promoted
	RDS(s, 0)->promote = RD_PROMOTE_DUE;
	s->phase = RD_PH_FIRST;
	RDG(s)->first = 0;
	RDG(s)->turn = 1;
	s->mover = 0;
	tw_order *o = rdt_order(RD_OT_PROMOTE, 0);
	o->fig[o->nfig++] = bg;
	rdt_ok(s, o);
	assert_true(rd_observer_bonus(s, 0));
	rdt_done(s);
}

// RD.CON.7: no Shaken state: a unit's only special states are must rally and in melee; a unit
// that lost half its men by shooting may still move and shoot (no morale test, RD.SHOOT.15).
static void test_RD_CON_7_no_shaken_state(void **st)
{
	(void)st;
	const tw_field_def *flags = NULL;
	for (int k = 0; k < rd_unit_rec.nfields; k++)
		if (strcmp(rd_unit_rec.fields[k].name, "flags") == 0)
			flags = &rd_unit_rec.fields[k];
	assert_non_null(flags);
	for (int k = 0; flags->choices[k]; k++)
		assert_null(strstr(flags->choices[k], "shaken"));
	tw_state *s = rdt_scene();
	int t = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 30, 40, 0);
	int b = rdt_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 16, 8, 30, 50, 180);
	int t2 = rdt_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 60, 40, 0);
	rdt_general(s, 0, 30, 30, true);
	rdt_general(s, 1, 60, 95, true);
	rdt_start(s);
	rdt_first(s, 1);
	tw_order *o = rdt_shoot(s, b, t);
	RDT_DICE(o, 6, 6, 6, 6);
	rdt_ok(s, o);
	assert_int_equal(rd_unit_figures(s, t, false), 4);
	assert_int_equal(RDU(s, t)->flags & ~(uint32_t)(RUF_IN_COMMAND | RUF_CHECKED), 0);
	rdt_ok(s, rdt_order(RD_OT_END, 1));
	tw_vec2 c = rd_unit_centre(s, t);
	rdt_ok(s, rdt_move(s, t, c.x - 5, c.y - 2));
	(void)t2;
	rdt_done(s);
}

// RD.RALLY.5, RD.GEN.6: `tinwar odds rattle rally`: a Regular unit with a General rallies on
// 3-6 (2/3), without on 4-6 (1/2).
static void test_RD_RALLY_5_GEN_6_odds_general_bonus(void **st)
{
	(void)st;
	const char *n[] = {"class", "general"}, *v[] = {"regular", ""};
	for (int with = 0; with < 2; with++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		tw_error err = {0};
		assert_int_equal(tw_ruleset_rattle.odds("rally", 1 + with, n, v, f, &err), TW_OK);
		fclose(f);
		assert_non_null(strstr(buf, with ? "rallies on 3-6: 2/3" : "rallies on 4-6: 1/2"));
		free(buf);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_RD_RALLY_1_2_5_GEN_6_the_rally_roll),
	    cmocka_unit_test(test_RD_RALLY_3_4_GEN_9_failed_rally_retreat_and_leaving),
	    cmocka_unit_test(test_RD_RALLY_1_compulsory_at_the_end_of_the_phase),
	    cmocka_unit_test(test_RD_EX_17_MOVE_14_GEN_4_urging_on),
	    cmocka_unit_test(test_RD_EX_21_GEN_5_FLAG_1_2_steady_men_and_the_colour),
	    cmocka_unit_test(test_RD_EX_21_FLAG_3_beaten_unit_must_roll_for_its_colour),
	    cmocka_unit_test(test_RD_GEN_5_9_cancel_restores_and_general_placed),
	    cmocka_unit_test(test_RD_GEN_8_loss_of_generals_and_promotion),
	    cmocka_unit_test(test_RD_GEN_7_observer_needs_the_army_commander),
	    cmocka_unit_test(test_RD_CON_7_no_shaken_state),
	    cmocka_unit_test(test_RD_RALLY_5_GEN_6_odds_general_bonus),
	};
	return cmocka_run_group_tests(tests, NULL, rdt_teardown);
}
