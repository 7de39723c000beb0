// A Rattle of Dice, rallying, Generals' actions and colours, played through the one entry point
// (tw_state_apply) with entered dice: the rally order (RD.RALLY.1-5, RD.GEN.6), Urging On
// (RD.MOVE.14, RD.GEN.4, RD.EX.17), Steady Men! and the colour after a hit event, asked of the hit
// unit's seat and answered by its own orders (RD.GEN.5, RD.FLAG.1/2, RD.EX.21), the loss of
// Generals (RD.GEN.8/9), the observer (RD.GEN.7) and no Shaken state (RD.CON.7).
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/tinwar.h"
#include "tinwar/io.h"
#include "rules/rattle/rd.h"

static void reg(void)
{
	extern const tw_ruleset tw_ruleset_littlewars, tw_ruleset_grant;
	static const tw_ruleset *const list[] = {&tw_ruleset_littlewars, &tw_ruleset_grant, &tw_ruleset_rattle};
	tw_register_builtin();
	tw_register_rulesets(list, 3);
}

static tw_state *scene(void)
{
	reg();
	tw_state *s = calloc(1, sizeof *s);
	assert_int_equal(tw_state_set_ruleset(s, tw_ruleset_find("rattle")), TW_OK);
	tw_ruleset_defaults(&tw_ruleset_rattle, s);
	tw_rng_seed(&s->rng, 1);
	s->dice = TW_DICE_ENTERED;
	s->table.width = 120;
	s->table.depth = 100;
	s->nsides = 2;
	strcpy(s->sides[0].name, "red");
	s->sides[0].forward = 1;
	strcpy(s->sides[1].name, "blue");
	s->sides[1].back_y = 100;
	s->sides[1].forward = -1;
	s->winner = -1;
	return s;
}

static void done(tw_state *s)
{
	tw_error err = {0};
	if (tw_state_check(s, &err) != TW_OK)
		fail_msg("state check: %s: %s", err.clause, err.message);
	tw_state_free(s);
	free(s);
}

// A unit of n figures (bases 1 in across, touching) in `files` files, front rank centred on
// (x, y), facing 0 (+y; ranks behind at y - 1, ...) or 180 (ranks behind at y + 1, ...).
static int add_unit(tw_state *s, int side, int type, int formation, int n, int files, double x, double y, double facing)
{
	tw_unit u = {.id = s->nunit, .side = (uint8_t)side, .formation = (uint8_t)formation, .facing = facing};
	snprintf(u.name, sizeof u.name, "%s %d", s->sides[side].name, s->nunit);
	assert_non_null(tw_state_add_unit(s, &u));
	int id = u.id;
	RDU(s, id)->type = type;
	RDU(s, id)->weapon = TW_RD_RIFLE;
	double back = facing == 0 ? -1 : 1;
	for (int i = 0; i < n; i++) {
		int file = i % files, rank = i / files;
		tw_figure f = {.id = s->nfig, .kind = type == TW_RD_CAVALRY ? TW_FK_CAVALRY : TW_FK_INFANTRY, .side = (uint8_t)side,
			       .status = TW_FS_ACTIVE, .facing = facing, .radius = 0.5, .height = 1, .unit = id};
		f.pos = tw_v2(x + (file - (files - 1) / 2.0), y + back * rank);
		assert_non_null(tw_state_add_figure(s, &f));
	}
	return id;
}

static int add_general(tw_state *s, int side, double x, double y, bool commander)
{
	tw_figure f = {.id = s->nfig, .kind = TW_FK_GENERAL, .side = (uint8_t)side, .status = TW_FS_ACTIVE, .radius = 0.5,
		       .height = 1, .unit = -1, .pos = {x, y}};
	assert_non_null(tw_state_add_figure(s, &f));
	RDF(s, f.id)->commander = commander;
	return f.id;
}

static int first_fig(const tw_state *s, int unit)
{
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == unit && s->fig[i].status == TW_FS_ACTIVE)
			return i;
	return -1;
}

static tw_order *order(int type, int side)
{
	tw_order *o = calloc(1, sizeof *o);
	tw_order_init(o, type, side);
	return o;
}

static void dice(tw_order *o, int n, const int *faces)
{
	for (int i = 0; i < n; i++)
		o->dice[o->ndice++] = (uint8_t)faces[i];
}
#define DICE(o, ...) dice((o), (int)(sizeof((int[]){__VA_ARGS__}) / sizeof(int)), (int[]){__VA_ARGS__})

static tw_events EV;

static void ok(tw_state *s, tw_order *o)
{
	tw_error err = {0};
	tw_events_clear(&EV);
	tw_status st = tw_state_apply(s, o, NULL, &EV, &err);
	if (st != TW_OK)
		fail_msg("refused: %s: %s", err.clause, err.message);
	free(o);
	if (tw_state_check(s, &err) != TW_OK)
		fail_msg("state check: %s: %s", err.clause, err.message);
}

static void refused(tw_state *s, tw_order *o, const char *clause)
{
	tw_error err = {0};
	uint64_t h = tw_state_hash(s);
	tw_events_clear(&EV);
	tw_status st = tw_state_apply(s, o, NULL, &EV, &err);
	if (st == TW_OK)
		fail_msg("accepted, expected a refusal by %s", clause);
	if (strcmp(err.clause, clause) != 0)
		fail_msg("refused by %s (%s), expected %s", err.clause, err.message, clause);
	assert_true(tw_state_hash(s) == h);
	free(o);
}

static int count(const char *clause, int type)
{
	int n = 0;
	for (int i = 0; i < EV.n; i++)
		n += strcmp(EV.v[i].clause, clause) == 0 && (type < 0 || EV.v[i].type == type);
	return n;
}

static void start(tw_state *s)
{
	tw_error err = {0};
	assert_int_equal(tw_ruleset_rattle.setup(s, &err), TW_OK);
}

// Initiative: `side` wins (dice 5 v 1) and plays first.
static void first(tw_state *s, int side)
{
	tw_order *o = order(RD_OT_INITIATIVE, s->mover);
	if (side == 0)
		DICE(o, 5, 1);
	else
		DICE(o, 1, 5);
	ok(s, o);
	o = order(RD_OT_FIRST, side);
	o->n = 0;
	ok(s, o);
	assert_int_equal(s->phase, RD_PH_FIRST);
	assert_int_equal(s->mover, side);
}

static tw_order *unit_order(const tw_state *s, int type, int unit)
{
	tw_order *o = order(type, s->unit[unit].side);
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == unit && s->fig[i].status == TW_FS_ACTIVE)
			o->fig[o->nfig++] = i;
	return o;
}

static tw_order *move(const tw_state *s, int unit, double x, double y)
{
	tw_order *o = unit_order(s, RD_OT_MOVE, unit);
	o->path[0] = tw_v2(x, y);
	o->npath = 1;
	return o;
}

static tw_order *rally(const tw_state *s, int unit)
{
	return unit_order(s, RD_OT_RALLY, unit);
}

static tw_order *shoot(const tw_state *s, int unit, int target)
{
	tw_order *o = unit_order(s, RD_OT_SHOOT, unit);
	o->fig2[o->nfig2++] = first_fig(s, target);
	return o;
}

static tw_order *steady(int side, int roll)
{
	tw_order *o = order(RD_OT_STEADY, side);
	o->n = roll;
	return o;
}

// General g joins unit u where he stands (placed touching its first figure).
static void join(tw_state *s, int g, int u)
{
	const tw_figure *f = &s->fig[first_fig(s, u)];
	s->fig[g].pos = tw_add(f->pos, tw_v2(-1, 0));
	RDF(s, g)->joined = u;
}

static tw_decision decision(const tw_state *s)
{
	tw_decision d[TW_MAX_DECISIONS];
	assert_int_equal(tw_state_decisions(s, d, TW_MAX_DECISIONS), 1);
	return d[0];
}

static bool near(double a, double b) { return fabs(a - b) < 1e-6; }

// RD.RALLY.1/2/5, RD.GEN.6: a unit that must rally may do nothing else; a Regular line with its
// General joined throws 3: +1 makes 4, it rallies and turns free to face the enemy; it has used
// its action. An Elite unit with a General and a band throws 2: +1 only (not +2), 3, it rallies.
// A Militia unit throws 4: -1 makes 3, it fails and retreats a full 12 in straight on, its
// General going with it, and must rally again next phase.
static void test_RD_RALLY_1_2_5_GEN_6_the_rally_roll(void **st)
{
	(void)st;
	tw_state *s = scene();
	int a = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 20, 20, 0);
	int el = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 50, 20, 0);
	int mil = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 80, 50, 180); // faces away from blue
	add_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 60, 90, 180);
	int cmd = add_general(s, 0, 100, 10, true);
	int ga = add_general(s, 0, 0, 0, false), ge = add_general(s, 0, 0, 0, false), gm = add_general(s, 0, 0, 0, false);
	add_general(s, 1, 60, 95, true);
	RDU(s, el)->cls = TW_RD_ELITE;
	RDU(s, mil)->cls = TW_RD_MILITIA;
	RDF(s, first_fig(s, el) + 7)->role = RD_ROLE_BAND;
	for (int u = 0; u < 3; u++)
		RDU(s, u)->flags |= RUF_MUST_RALLY;
	start(s);
	join(s, ga, a);
	join(s, ge, el);
	join(s, gm, mil);
	assert_true(rd_rally_helped(s, a) && rd_rally_helped(s, el));
	first(s, 0);
	// RD.RALLY.1: it may not move (or be urged on) while it must rally.
	tw_vec2 c = rd_unit_centre(s, a);
	refused(s, move(s, a, c.x, c.y + 3), "RD.RALLY.1");
	// Regular + General: 3 + 1 = 4 rallies; the free turn to face 90.
	tw_order *o = rally(s, a);
	o->has_aim = true;
	o->bearing = 90;
	DICE(o, 3);
	ok(s, o);
	assert_int_equal(count("RD.RALLY.2", TW_EV_DICE), 1);
	assert_false(RDU(s, a)->flags & RUF_MUST_RALLY);
	assert_int_equal(RDU(s, a)->action, RD_ACT_RALLY);
	assert_true(s->unit[a].facing == 90 && s->fig[first_fig(s, a)].facing == 90);
	assert_true(near(rd_unit_centre(s, a).x, c.x) && near(rd_unit_centre(s, a).y, c.y)); // turned in place
	refused(s, move(s, a, c.x + 3, c.y), "RD.SEQ.5"); // its one action this phase
	refused(s, rally(s, a), "RD.RALLY.1");            // no need any more
	// Elite + General + band: 2 + 1 = 3 rallies (2 would have needed +2).
	o = rally(s, el);
	DICE(o, 2);
	ok(s, o);
	assert_false(RDU(s, el)->flags & RUF_MUST_RALLY);
	// Militia + General: 4 - 1 + 1 = 4 rallies; without him it fails. Take the General away.
	RDF(s, gm)->joined = -1;
	s->fig[gm].pos = tw_v2(110, 60);
	c = rd_unit_centre(s, mil);
	tw_vec2 g0 = s->fig[gm].pos;
	o = rally(s, mil);
	DICE(o, 4);
	ok(s, o);
	assert_int_equal(count("RD.RALLY.3", TW_EV_MOVE), 1);
	assert_true(RDU(s, mil)->flags & RUF_MUST_RALLY);
	assert_true(near(rd_unit_centre(s, mil).x, c.x) && near(rd_unit_centre(s, mil).y, c.y - 12)); // a full move
	assert_true(s->fig[gm].pos.x == g0.x && s->fig[gm].pos.y == g0.y); // not joined: stays
	(void)cmd;
	done(s);
}

// RD.RALLY.3/4, RD.GEN.2/9: a failed rally retreats straight on a full move, its joined General
// with it; a retreat halted by an enemy unit stops short of contact; one that reaches the
// table's edge takes the unit out of the game (its figures count as lost) and its General is
// placed, unharmed and joined, by the nearest friendly unit.
static void test_RD_RALLY_3_4_GEN_9_failed_rally_retreat_and_leaving(void **st)
{
	(void)st;
	tw_state *s = scene();
	int edge = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 30, 8, 180);    // rear rank at y 9: 8.5 in from the edge
	int halted = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 80, 50, 180); // blue stands 10 in behind it
	int friend = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 45, 12, 0);
	int far = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 100, 12, 0);
	int blue = add_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 80, 40, 180);
	add_general(s, 0, 60, 5, true);
	int g = add_general(s, 0, 0, 0, false);
	add_general(s, 1, 60, 95, true);
	RDU(s, edge)->flags |= RUF_MUST_RALLY;
	RDU(s, halted)->flags |= RUF_MUST_RALLY;
	start(s);
	join(s, g, edge);
	first(s, 0);
	// Halted by the enemy: the front rank (y 50) goes on to 1.11 in from blue's centres (y 40):
	// bases 0.11 in apart, out of contact.
	tw_order *o = rally(s, halted);
	DICE(o, 3);
	ok(s, o);
	assert_true(near(s->fig[first_fig(s, halted)].pos.y, 41.11));
	assert_false(rd_units_touch(s, halted, blue));
	assert_true(RDU(s, halted)->flags & RUF_MUST_RALLY);
	// The edge: 12 in straight on would cross y 0: the unit leaves the table (RD.RALLY.4).
	o = rally(s, edge);
	DICE(o, 1);
	ok(s, o);
	assert_int_equal(count("RD.RALLY.4", TW_EV_WITHDRAW), 8);
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == edge)
			assert_int_equal(s->fig[i].status, TW_FS_OFF);
	assert_false(rd_unit_alive(s, edge));
	double pts[TW_MAX_SIDES];
	rd_score(s, pts);
	assert_true(pts[1] == 8); // lost for scenario purposes
	// RD.GEN.9: the General is placed touching the nearest friendly unit and joined to it.
	assert_int_equal(count("RD.GEN.9", TW_EV_MOVE), 1);
	assert_int_equal(s->fig[g].status, TW_FS_ACTIVE);
	assert_int_equal(RDF(s, g)->joined, friend);
	assert_true(rd_fig_unit_gap(s, &s->fig[g], friend) < 1e-9);
	(void)far;
	done(s);
}

// RD.RALLY.1: the attempt is compulsory: a unit that has not tried when its side ends the phase
// tries then (the die is thrown by the `end` order).
static void test_RD_RALLY_1_compulsory_at_the_end_of_the_phase(void **st)
{
	(void)st;
	tw_state *s = scene();
	int a = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 30, 30, 0);
	add_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 30, 90, 180);
	add_general(s, 0, 30, 20, true);
	add_general(s, 1, 30, 95, true);
	RDU(s, a)->flags |= RUF_MUST_RALLY;
	start(s);
	first(s, 0);
	tw_order *o = order(RD_OT_END, 0);
	refused(s, o, "RD.RALLY.2"); // no die entered for the compulsory attempt
	o = order(RD_OT_END, 0);
	DICE(o, 4);
	ok(s, o);
	assert_int_equal(count("RD.RALLY.1", TW_EV_INFO), 1);
	assert_int_equal(count("RD.RALLY.2", TW_EV_DICE), 1);
	assert_false(RDU(s, a)->flags & RUF_MUST_RALLY);
	assert_int_equal(s->mover, 1);
	done(s);
}

// RD.EX.17, RD.MOVE.14, RD.GEN.4: a Brigade General rides 10 in to join a Regular line (in
// command); the d6 shows 4: 12 + 4 = 16 in. He is tied to it (moves with it; may not ride off)
// until his side's next phase. Needing 14 in, he could not urge it. One that fails its command
// check is never urged on.
static void test_RD_EX_17_MOVE_14_GEN_4_urging_on(void **st)
{
	(void)st;
	tw_state *s = scene();
	int u = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 30, 20, 0); // rear rank y 19, files x 27.5..32.5
	int v = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 70, 20, 0);
	int w = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 100, 20, 0);
	add_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 60, 95, 180);
	int bg = add_general(s, 0, 29.5, 8, false);  // 10 in from the figure at (29.5, 19)'s base
	int bv = add_general(s, 0, 69.5, 4, false);  // 14 in from v's
	int bw = add_general(s, 0, 99.5, 60, false); // w is out of command (39 in away)
	int bx = add_general(s, 0, 99.5, 30, false); // another brigade's General, 9 in from w
	RDU(s, u)->brigade = bg;
	RDU(s, v)->brigade = bv;
	RDU(s, w)->brigade = bw;
	add_general(s, 1, 60, 98, true);
	start(s);
	first(s, 0);
	assert_true(RDU(s, u)->flags & RUF_IN_COMMAND);
	assert_false(RDU(s, w)->flags & RUF_IN_COMMAND);
	// 14 in: refused (the 12 in limit).
	tw_order *o = order(RD_OT_URGE, 0);
	o->fig[o->nfig++] = bv;
	o->path[o->npath++] = tw_v2(69.5, 18);
	o->val[o->nval++] = v;
	refused(s, o, "RD.MOVE.14");
	// 10 in: he joins and the d6 shows 4.
	o = order(RD_OT_URGE, 0);
	o->fig[o->nfig++] = bg;
	o->path[o->npath++] = tw_v2(29.5, 18);
	o->val[o->nval++] = u;
	DICE(o, 4);
	ok(s, o);
	assert_int_equal(count("RD.MOVE.14", TW_EV_DICE), 1);
	assert_int_equal(RDU(s, u)->urge, 4);
	assert_int_equal(RDF(s, bg)->joined, u);
	assert_int_equal(RDF(s, bg)->bound, u);
	// The allowance is 16 in: 16.1 refused, 16 taken; the General goes with the unit.
	tw_vec2 c = rd_unit_centre(s, u);
	refused(s, move(s, u, c.x, c.y + 16.1), "RD.MOVE.2");
	ok(s, move(s, u, c.x, c.y + 16));
	assert_true(near(s->fig[bg].pos.y, 34));
	// Tied to it: he may not ride away, nor urge another unit, this phase.
	o = order(RD_OT_GENERAL, 0);
	o->fig[o->nfig++] = bg;
	o->path[o->npath++] = tw_v2(40, 34);
	refused(s, o, "RD.MOVE.14");
	// The unit out of command checks first: 2 fails (RD.DET.3); the General joins but no d6.
	o = order(RD_OT_URGE, 0);
	o->fig[o->nfig++] = bx;
	o->path[o->npath++] = tw_v2(99.5, 21);
	o->val[o->nval++] = w;
	DICE(o, 2);
	ok(s, o);
	assert_int_equal(count("RD.DET.1", TW_EV_DICE), 1);
	assert_int_equal(count("RD.MOVE.14", TW_EV_DICE), 0);
	assert_int_equal(RDU(s, w)->urge, 0);
	assert_true(RDU(s, w)->flags & RUF_FAILED);
	// Through blue's phase into red's next: the tie and the bonus are gone.
	ok(s, order(RD_OT_END, 0));
	ok(s, order(RD_OT_END, 1));
	first(s, 0);
	assert_int_equal(RDF(s, bg)->bound, -1);
	assert_int_equal(RDU(s, u)->urge, 0);
	o = order(RD_OT_GENERAL, 0);
	o->fig[o->nfig++] = bg;
	o->path[o->npath++] = tw_v2(40, 34);
	ok(s, o);
	done(s);
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
	tw_state *s = scene();
	int t = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 30, 40, 0);
	int lt = add_unit(s, 0, TW_RD_LIGHT, TW_RD_F_LINE, 8, 4, 80, 40, 0);
	int b1 = add_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 30, 50, 180);
	int b2 = add_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 40, 48, 180);
	int b3 = add_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 80, 50, 180);
	add_general(s, 0, 60, 10, true);
	int g = add_general(s, 0, 0, 0, false);
	add_general(s, 1, 60, 95, true);
	int bearer = first_fig(s, t) + 2; // front rank, centre
	RDF(s, bearer)->role = RD_ROLE_COLOUR;
	RDF(s, first_fig(s, lt) + 1)->role = RD_ROLE_COLOUR;
	start(s);
	join(s, g, t);
	assert_true(rd_flag_may_use(s, t));
	assert_false(rd_flag_may_use(s, lt)); // RD.FLAG.1
	first(s, 1);
	// Bullet 1: 3 dice [5, 6, 1] = 2 hits; 2 figures removed at once.
	tw_order *o = shoot(s, b1, t);
	DICE(o, 5, 6, 1);
	ok(s, o);
	assert_int_equal(rd_unit_figures(s, t, false), 10);
	tw_decision d = decision(s);
	assert_int_equal(d.seat, 0);
	assert_string_equal(d.clause, "RD.GEN.5");
	assert_string_equal(d.kind, "react");
	assert_true(d.types == (UINT64_C(1) << RD_OT_STEADY));
	refused(s, shoot(s, b2, t), "RD.GEN.5"); // blue waits
	assert_int_equal(tw_ruleset_rattle.to_move(s), 0);
	tw_order *ro = calloc(1, sizeof *ro);
	assert_int_equal(tw_ruleset_rattle.random_orders(s, 0, &s->rng, ro, 1), 1); // a random player answers
	assert_int_equal(ro->type, RD_OT_STEADY);
	free(ro);
	refused(s, steady(1, 1), "RD.GEN.5");    // and may not answer for red
	o = steady(0, 1);
	DICE(o, 4);
	ok(s, o);
	assert_int_equal(count("RD.GEN.5", TW_EV_DICE), 1);
	assert_int_equal(rd_unit_figures(s, t, false), 11);
	d = decision(s);
	assert_string_equal(d.clause, "RD.FLAG.2");
	assert_int_equal(d.seat, 0);
	o = steady(0, 1);
	DICE(o, 2);
	ok(s, o);
	assert_int_equal(count("RD.FLAG.2", TW_EV_DICE), 1);
	assert_int_equal(rd_unit_figures(s, t, false), 11); // 1 figure removed in all
	assert_int_equal(RDU(s, t)->hit_scored, 0);
	d = decision(s);
	assert_int_equal(d.seat, 1); // blue's phase goes on
	assert_string_equal(d.clause, "RD.SEQ.5");
	// Bullet 2: [5, 5, 1] = 2 hits; the General rolls 1, the colour 1: 3 figures removed.
	o = shoot(s, b2, t);
	DICE(o, 5, 5, 1);
	ok(s, o);
	assert_int_equal(rd_unit_figures(s, t, false), 9);
	o = steady(0, 1);
	DICE(o, 1);
	ok(s, o);
	assert_int_equal(s->fig[g].status, TW_FS_DEAD);
	assert_int_equal(count("RD.GEN.5", TW_EV_KILL), 1);
	assert_string_equal(decision(s).clause, "RD.FLAG.2");
	o = steady(0, 1);
	DICE(o, 1);
	ok(s, o);
	assert_int_equal(count("RD.FLAG.2", TW_EV_KILL), 1);
	assert_int_equal(rd_unit_figures(s, t, false), 8); // 11 - 3
	assert_int_equal(s->fig[bearer].status, TW_FS_ACTIVE); // another man took the colour: the unit keeps it
	assert_int_equal(rd_flag_bearer(s, t), bearer);
	// Bullet 4: light infantry: 2 hits, no roll is offered; blue acts on.
	o = shoot(s, b3, lt);
	DICE(o, 6, 6, 1);
	ok(s, o);
	assert_int_equal(rd_unit_figures(s, lt, false), 6);
	assert_int_equal(count("RD.GEN.5", TW_EV_DECISION) + count("RD.FLAG.2", TW_EV_DECISION), 0);
	assert_int_equal(decision(s).seat, 1);
	done(s);
}

// RD.EX.21 (third bullet), RD.FLAG.3 through the hook the melee step calls (rd_hit_beaten before
// rd_hit_event, RD.MELEE.5 step 5): a unit with a colour and a joined General is beaten and took
// 2 hits; the General's Steady Men! is optional (he rolls 3: no effect), then the colour roll is
// compulsory and thrown at once: 1 -> the winner captures the colour; no extra figure is lost.
// A beaten unit's colour roll of 5 cancels a hit (the figure stands again).
static void test_RD_EX_21_FLAG_3_beaten_unit_must_roll_for_its_colour(void **st)
{
	(void)st;
	tw_state *s = scene();
	int t = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 30, 40, 0);
	int t2 = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 60, 40, 0);
	add_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 12, 6, 30, 60, 180);
	add_general(s, 0, 100, 10, true);
	int g = add_general(s, 0, 0, 0, false), g2 = add_general(s, 0, 0, 0, false);
	add_general(s, 1, 60, 95, true);
	int bearer = first_fig(s, t) + 2, bearer2 = first_fig(s, t2) + 2;
	RDF(s, bearer)->role = RD_ROLE_COLOUR;
	RDF(s, bearer2)->role = RD_ROLE_COLOUR;
	start(s);
	join(s, g, t);
	join(s, g2, t2);
	first(s, 1);
	tw_events_clear(&EV);
	rd_hit_beaten(s, t, 1);
	assert_int_equal(rd_hit_event(s, t, 2, tw_v2(30, 60), "RD.MELEE.5", &EV), 2);
	assert_string_equal(decision(s).clause, "RD.GEN.5");
	tw_order *o = steady(0, 1);
	DICE(o, 3, 1); // the General's 3, then the compulsory colour roll's 1
	ok(s, o);
	assert_int_equal(count("RD.FLAG.3", TW_EV_DICE), 1);
	assert_int_equal(count("RD.FLAG.3", TW_EV_INFO), 1);
	assert_int_equal(RDF(s, bearer)->role, RD_ROLE_FIGHTER); // captured: no colour any more
	assert_int_equal(rd_flag_bearer(s, t), -1);
	assert_int_equal(rd_unit_figures(s, t, false), 10); // no extra figure
	assert_int_equal(RDU(s, t)->hit_beaten, 0);
	assert_int_equal(decision(s).seat, 1);
	// The General declines; the compulsory roll of 5 cancels one of the 2 hits.
	tw_events_clear(&EV);
	rd_hit_beaten(s, t2, 1);
	rd_hit_event(s, t2, 2, tw_v2(60, 60), "RD.MELEE.5", &EV);
	// The beaten unit retreats 12 in before the rolls (RD.MELEE.5 step 6 may come first): the
	// figure that stands again stands where it would have been.
	int last = RDU(s, t2)->hit_last;
	tw_vec2 was = s->fig[last].pos;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == t2 && s->fig[i].status == TW_FS_ACTIVE)
			s->fig[i].pos.y -= 12;
	o = steady(0, 0);
	DICE(o, 5);
	ok(s, o);
	assert_int_equal(rd_unit_figures(s, t2, false), 11);
	assert_int_equal(s->fig[last].status, TW_FS_ACTIVE);
	assert_true(near(s->fig[last].pos.x, was.x) && near(s->fig[last].pos.y, was.y - 12));
	assert_int_equal(rd_flag_bearer(s, t2), bearer2);
	done(s);
}

// RD.GEN.5 (declining; a unit wiped out and restored), RD.GEN.9: a two-figure unit with its
// General takes 2 hits: both removed; the General rolls 5: the last figure removed stands again.
// A one-figure unit with its General loses its man; he declines: the unit is destroyed and he is
// placed by the nearest friendly unit. A unit whose hits were all cancelled gets no colour roll.
static void test_RD_GEN_5_9_cancel_restores_and_general_placed(void **st)
{
	(void)st;
	tw_state *s = scene();
	int two = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 2, 2, 30, 40, 0);
	int one = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 1, 1, 60, 40, 0);
	int friend = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 64, 30, 0);
	int b1 = add_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 30, 50, 180);
	int b2 = add_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 60, 50, 180);
	add_general(s, 0, 100, 10, true);
	int g2 = add_general(s, 0, 0, 0, false), g1 = add_general(s, 0, 0, 0, false);
	add_general(s, 1, 60, 95, true);
	RDF(s, first_fig(s, two))->role = RD_ROLE_COLOUR;
	start(s);
	join(s, g2, two);
	join(s, g1, one);
	first(s, 1);
	tw_order *o = shoot(s, b1, two);
	DICE(o, 6, 5);
	ok(s, o);
	assert_false(rd_unit_alive(s, two));
	o = steady(0, 1);
	DICE(o, 5);
	ok(s, o);
	assert_int_equal(rd_unit_figures(s, two, false), 1);
	assert_int_equal(s->fig[first_fig(s, two)].status, TW_FS_ACTIVE);
	assert_int_equal(RDF(s, first_fig(s, two))->role, RD_ROLE_COLOUR); // the bearer, removed last, stands again
	assert_string_equal(decision(s).clause, "RD.FLAG.2");                 // one hit is still to cancel
	ok(s, steady(0, 0));                                                 // declined
	assert_int_equal(rd_unit_figures(s, two, false), 1);
	assert_int_equal(RDF(s, g2)->joined, two);
	o = shoot(s, b2, one);
	DICE(o, 6);
	ok(s, o);
	assert_string_equal(decision(s).clause, "RD.GEN.5");
	ok(s, steady(0, 0));
	assert_int_equal(count("RD.GEN.9", TW_EV_MOVE), 1);
	assert_int_equal(RDF(s, g1)->joined, friend);
	assert_int_equal(s->fig[g1].status, TW_FS_ACTIVE);
	assert_true(rd_fig_unit_gap(s, &s->fig[g1], friend) < 1e-9);
	assert_int_equal(decision(s).seat, 1);
	done(s);
}

// RD.GEN.8: a Brigade General struck down: his unit answers to the Army Commander only (out of
// command when he is far). The Army Commander struck down: at the start of his side's next phase
// its player must promote a surviving General (a decision of his seat, nothing else first), who
// then commands every unit.
static void test_RD_GEN_8_loss_of_generals_and_promotion(void **st)
{
	(void)st;
	tw_state *s = scene();
	int v = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 30, 40, 0);
	int t = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 80, 40, 0);
	int u = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 110, 20, 0);
	int b1 = add_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 30, 50, 180);
	int b2 = add_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 80, 50, 180);
	int cmd = add_general(s, 0, 0, 0, true), gv = add_general(s, 0, 0, 0, false);
	int gu = add_general(s, 0, 110, 10, false);
	add_general(s, 1, 60, 95, true);
	RDU(s, v)->brigade = gv;
	RDU(s, u)->brigade = gu;
	start(s);
	join(s, cmd, t);
	join(s, gv, v);
	first(s, 1);
	assert_true(rd_in_command(s, v));
	// The Brigade General rolls 1.
	tw_order *o = shoot(s, b1, v);
	DICE(o, 6, 1);
	ok(s, o);
	o = steady(0, 1);
	DICE(o, 1);
	ok(s, o);
	assert_int_equal(count("RD.GEN.8", TW_EV_INFO), 1);
	assert_false(rd_in_command(s, v)); // the Army Commander is 50 in away
	// The Army Commander rolls 1.
	o = shoot(s, b2, t);
	DICE(o, 6, 1);
	ok(s, o);
	o = steady(0, 1);
	DICE(o, 1);
	ok(s, o);
	assert_int_equal(RDS(s, 0)->promote, RD_PROMOTE_LOST);
	assert_false(rd_in_command(s, t));
	// Red's phase starts: the promotion is asked first.
	ok(s, order(RD_OT_END, 1));
	assert_int_equal(RDS(s, 0)->promote, RD_PROMOTE_DUE);
	tw_decision d = decision(s);
	assert_int_equal(d.seat, 0);
	assert_string_equal(d.clause, "RD.GEN.8");
	tw_vec2 c = rd_unit_centre(s, u);
	refused(s, move(s, u, c.x, c.y + 2), "RD.GEN.8");
	o = order(RD_OT_PROMOTE, 0);
	o->fig[o->nfig++] = gv; // dead: refused
	refused(s, o, "RD.GEN.8");
	o = order(RD_OT_PROMOTE, 0);
	o->fig[o->nfig++] = gu;
	ok(s, o);
	assert_true(RDF(s, gu)->commander);
	assert_int_equal(RDS(s, 0)->promote, RD_PROMOTE_NONE);
	assert_true(rd_general_commands(s, &s->fig[gu], t)); // army-wide authority
	assert_true(rd_general_commands(s, &s->fig[gu], u)); // and his own brigade
	assert_string_equal(decision(s).clause, "RD.SEQ.5");
	ok(s, move(s, u, c.x, c.y + 2));
	done(s);
}

// RD.GEN.7, RD.SEQ.3: the observer's bonus needs the signals team with the Army Commander: by a
// Brigade General it gives nothing; once he is promoted Army Commander (RD.GEN.8) it counts.
static void test_RD_GEN_7_observer_needs_the_army_commander(void **st)
{
	(void)st;
	tw_state *s = scene();
	add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 20, 0);
	add_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 4, 4, 30, 80, 180);
	int cmd = add_general(s, 0, 60, 10, true), bg = add_general(s, 0, 90, 10, false);
	add_general(s, 1, 60, 95, true);
	tw_figure obs = {.id = s->nfig, .kind = TW_FK_OTHER, .side = 0, .status = TW_FS_ACTIVE, .radius = 0.5, .height = 1,
			 .unit = -1, .pos = {10, 10}};
	tw_state_add_figure(s, &obs);
	RDF(s, obs.id)->role = RD_ROLE_OBSERVER;
	tw_figure sig = obs;
	sig.id = s->nfig;
	sig.pos = tw_v2(91.5, 10); // by the Brigade General
	tw_state_add_figure(s, &sig);
	RDF(s, sig.id)->role = RD_ROLE_SIGNALS;
	tw_terrain post = {.kind = TW_TER_HILL, .shape = TW_SHAPE_POLY, .nverts = 4, .height = 1,
			   .v = {{8, 8}, {12, 8}, {12, 12}, {8, 12}}};
	tw_terrain_finish(&post);
	tw_table_add(&s->table, &post);
	assert_int_equal(tw_state_set_ruleset(s, s->ruleset), TW_OK);
	((rd_trec *)tw_rec(s, TW_REC_TERRAIN, 0))->post = 1;
	start(s);
	assert_false(rd_observer_bonus(s, 0));
	s->fig[sig.id].pos = tw_v2(61.5, 10); // by the Army Commander
	assert_true(rd_observer_bonus(s, 0));
	s->fig[sig.id].pos = tw_v2(91.5, 10);
	s->fig[cmd].status = TW_FS_DEAD; // lost, and the Brigade General promoted
	RDS(s, 0)->promote = RD_PROMOTE_DUE;
	s->phase = RD_PH_FIRST;
	RDG(s)->first = 0;
	RDG(s)->turn = 1;
	s->mover = 0;
	tw_order *o = order(RD_OT_PROMOTE, 0);
	o->fig[o->nfig++] = bg;
	ok(s, o);
	assert_true(rd_observer_bonus(s, 0));
	done(s);
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
	tw_state *s = scene();
	int t = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 30, 40, 0);
	int b = add_unit(s, 1, TW_RD_LINE, TW_RD_F_LINE, 16, 8, 30, 50, 180);
	int t2 = add_unit(s, 0, TW_RD_LINE, TW_RD_F_LINE, 8, 4, 60, 40, 0);
	add_general(s, 0, 30, 30, true);
	add_general(s, 1, 60, 95, true);
	start(s);
	first(s, 1);
	tw_order *o = shoot(s, b, t);
	DICE(o, 6, 6, 6, 6);
	ok(s, o);
	assert_int_equal(rd_unit_figures(s, t, false), 4);
	assert_int_equal(RDU(s, t)->flags & ~(uint32_t)(RUF_IN_COMMAND | RUF_CHECKED), 0);
	ok(s, order(RD_OT_END, 1));
	tw_vec2 c = rd_unit_centre(s, t);
	ok(s, move(s, t, c.x - 5, c.y - 2));
	(void)t2;
	done(s);
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

static int teardown(void **st)
{
	(void)st;
	tw_events_free(&EV);
	return 0;
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
	return cmocka_run_group_tests(tests, NULL, teardown);
}
