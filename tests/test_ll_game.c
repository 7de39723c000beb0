// Nikolas Lloyd's skirmish suite played through the one entry point (tw_state_apply) with
// entered dice: the turn (NQ.TURN), movement (NQ.MOVE), the duel drill (NQ.SCN.1, LL.EX.1), the
// spear line against the axeman (LL.EX.3: reach, closing, neighbours), archers (LL.EX.2, NQ.SHT),
// the evade drill (NQ.SCN.3, LL.EX.4, NQ.OPP), victory (NQ.VIC), and the skirmish scenario
// (NQ.SCN.2) loaded and played out by two random players.
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
#define ok llt_ok
#define refused(s, o, clause) llt_refused((s), (o), (clause), NULL)
#define find llt_find
#define done llt_free

// An empty 48 x 48 table: side 0 "red" (back y = 0), side 1 "blue"; first mover `first` (-1: roll off).
static tw_state *scene(int first) { return llt_scene(48, first); }

static int man(tw_state *s, int side, const char *troop, const char *name, double x, double y, double facing, int group)
{
	tw_figure f = {.id = s->nfig, .kind = TW_FK_INFANTRY, .side = (uint8_t)side, .status = TW_FS_ACTIVE,
		       .facing = facing, .radius = 0.5, .height = 1, .unit = -1, .pos = {x, y}};
	assert_non_null(tw_state_add_figure(s, &f));
	ll_frec *r = LLF(s, f.id);
	r->troop = tw_ll_troop_find(troop) + 1;
	snprintf(r->name, sizeof r->name, "%s", name);
	r->group = group;
	return f.id;
}

static tw_order *move1(tw_state *s, int f, double x, double y, double facing)
{
	tw_order *o = order(LL_OT_MOVE, s->fig[f].side);
	o->nfig = 1;
	o->fig[0] = f;
	o->at[0] = tw_v2(x, y);
	o->facing[0] = facing;
	o->has_at = true;
	return o;
}

static tw_order *fig_order(int type, int side, int f, int t)
{
	tw_order *o = order(type, side);
	o->nfig = 1;
	o->fig[0] = f;
	if (t >= 0) {
		o->nfig2 = 1;
		o->fig2[0] = t;
	}
	return o;
}

// NQ.TURN.1: no first mover named: roll off 1d20, the higher first; a tie rolls again.
static void test_NQ_TURN_1_roll_off(void **st)
{
	(void)st;
	tw_state *s = scene(-1);
	man(s, 0, "axeman", "Eric", 10, 10, 0, -1);
	man(s, 1, "axeman", "Sven", 10, 23, 180, -1);
	llt_setup(s);
	assert_int_equal(s->phase, LL_PH_START);
	refused(s, order(LL_OT_START, 1), "NQ.TURN.1"); // the roll-off is asked of the first seat
	tw_order *o = order(LL_OT_START, 0);
	DICE(o, 7, 7, 5, 12);
	ok(s, o);
	assert_int_equal(LLG(s)->first, 1);
	assert_int_equal(s->mover, 1);
	assert_int_equal(s->phase, LL_PH_MOVE);
	assert_int_equal(LLG(s)->turn, 1);
	assert_non_null(find("NQ.TURN.1", TW_EV_TOSS));
	done(s);
}

// NQ.MOVE.1-7, NQ.GRP.1: allowances (wounded -2, group -1, difficult -2, at least 1), a group moves
// as one body, hedges are walked round, one move a turn.
static void test_NQ_MOVE_1_2_3_4_5_6_7_allowances(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int ax = man(s, 0, "axeman", "Eric", 5, 5, 0, -1);
	int wd = man(s, 0, "axeman", "Olaf", 40, 5, 0, -1);
	int a = man(s, 0, "spearman", "A", 20, 5, 0, 0);
	int b = man(s, 0, "spearman", "B", 21, 5, 0, 0);
	int c = man(s, 0, "spearman", "C", 22, 5, 0, 0);
	man(s, 1, "axeman", "Sven", 10, 45, 180, -1);
	tw_terrain bog = {.kind = TW_TER_SWAMP, .shape = TW_SHAPE_POLY, .nverts = 4,
			  .v = {{30, 0}, {35, 0}, {35, 20}, {30, 20}}};
	tw_terrain hedge = {.kind = TW_TER_WALL, .shape = TW_SHAPE_POLY, .nverts = 4, .height = 1,
			    .v = {{0, 8}, {12, 8}, {12, 8.4}, {0, 8.4}}};
	tw_table_add(&s->table, &bog);
	tw_table_add(&s->table, &hedge);
	for (int t = 0; t < s->table.nterrain; t++)
		tw_terrain_finish(&s->table.terrain[t]);
	int bj = man(s, 0, "axeman", "Bjorn", 28, 12, 0, -1);
	int sl = man(s, 0, "axeman", "Slow", 44, 12, 0, -1);
	LLF(s, sl)->m = 2; // the roster's own M stands (NQ.GEN.4)
	LLF(s, sl)->wounded = 1;
	LLF(s, wd)->wounded = 1;
	llt_setup(s);
	assert_true(LLF(s, sl)->m == 2 && LLF(s, sl)->t == 15); // T filled from the troop type
	refused(s, move1(s, ax, 5, 10, 0), "NQ.MOVE.6");         // through the hedge
	refused(s, move1(s, ax, 10.1, 5, 90), "NQ.MOVE.1");      // 5.1 in with M5
	ok(s, move1(s, ax, 10, 5, 90));
	assert_true(s->fig[ax].pos.x == 10 && s->fig[ax].facing == 90);
	assert_non_null(find("NQ.MOVE.1", TW_EV_MOVE));
	refused(s, move1(s, ax, 11, 5, 90), "NQ.MOVE.7"); // one move a turn
	refused(s, move1(s, wd, 40, 8.1, 0), "NQ.MOVE.1"); // NQ.MOVE.4: wounded M3
	ok(s, move1(s, wd, 40, 8, 0));
	refused(s, move1(s, bj, 32, 12, 90), "NQ.MOVE.1"); // NQ.MOVE.2: through the bog M3
	ok(s, move1(s, bj, 31, 12, 90));
	refused(s, move1(s, sl, 44, 13.1, 0), "NQ.MOVE.1"); // NQ.MOVE.5: 2 - 2 is at least 1
	ok(s, move1(s, sl, 44, 13, 0));
	refused(s, move1(s, a, 20, 9, 0), "NQ.MOVE.3"); // the group moves as one body
	tw_order *g = order(LL_OT_MOVE, 0);
	int abc[3] = {a, b, c};
	for (int i = 0; i < 3; i++) {
		g->fig[i] = abc[i];
		g->at[i] = tw_add(s->fig[abc[i]].pos, tw_v2(0, 4.1));
	}
	g->nfig = 3;
	g->has_at = true;
	tw_order *g2 = calloc(1, sizeof *g2);
	*g2 = *g;
	refused(s, g, "NQ.MOVE.1"); // NQ.MOVE.3: M5 - 1 = 4
	for (int i = 0; i < 3; i++)
		g2->at[i].y -= 0.1;
	ok(s, g2);
	assert_non_null(find("NQ.MOVE.3", TW_EV_MOVE));
	assert_true(fabs(s->fig[b].pos.y - 9) < 1e-12);
	// Bad input: the other side may not move now; a figure of the other side is refused.
	refused(s, move1(s, 5, 10, 40, 180), "NQ.TURN.2");
	done(s);
}

// NQ.SCN.1, LL.EX.1, NQ.MEL.1, NQ.MEL.2, NQ.MEL.3, NQ.MEL.4, NQ.DMG.1, NQ.DMG.2, NQ.TURN.3, NQ.VIC.1,
// NQ.VIC.2, NQ.STAT.2 (the axe's 5d20): Eric and Sven 12 in apart (base to
// base); Eric first. They close in two turns each side; every melee phase both roll.
static void test_LL_EX_1_NQ_SCN_1_eric_and_sven(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int e = man(s, 0, "axeman", "Eric", 10, 10, 0, -1);
	int v = man(s, 1, "axeman", "Sven", 10, 23, 180, -1);
	llt_setup(s);
	assert_int_equal(s->mover, 0);
	ok(s, move1(s, e, 10, 15, 0)); // 5 in: 7 left
	ok(s, order(LL_OT_END, 0));
	assert_int_equal(s->phase, LL_PH_REACT);
	refused(s, order(LL_OT_END, 0), "NQ.TURN.2"); // the reaction is blue's to give
	ok(s, order(LL_OT_END, 1));               // no one engaged: no dice
	assert_int_equal(s->mover, 1);
	ok(s, move1(s, v, 10, 18, 180)); // 5 in: 2 left
	ok(s, order(LL_OT_END, 1));
	ok(s, order(LL_OT_END, 0));
	ok(s, move1(s, e, 10, 17, 0)); // contact: a charge (NQ.EVD.1)
	assert_int_equal(LLF(s, e)->charged, v);
	ok(s, order(LL_OT_END, 0));
	// The melee: Eric 14, Sven 12: both hit, Sven's lower roll wins (NQ.MEL.3c); 5d20 against T15:
	// 15 16 1 2 3 = 2 damage hits: Eric is wounded (NQ.DMG.2).
	tw_order *o = order(LL_OT_END, 1);
	DICE(o, 14, 12, 15, 16, 1, 2, 3);
	ok(s, o);
	const tw_event *m = find("NQ.MEL.3", -1);
	assert_non_null(m);
	assert_true(m->x == 11 && m->y == 11 && m->c == 2);
	assert_true(LLF(s, e)->wounded && !LLF(s, v)->wounded);
	assert_non_null(find("NQ.DMG.2", -1));
	// NQ.VIC.1/2: checked at the end of the turn: one man in good order against none: Sven's side wins.
	assert_true(s->over);
	assert_int_equal(s->winner, 1);
	assert_non_null(find("NQ.VIC.1", TW_EV_VICTORY));
	done(s);
}

// LL.EX.1 "Eric 11, Sven 11: both hit each other": both damage rolls are made and applied together
// (NQ.DMG.3); NQ.VIC.2: no man in good order on either side is a draw.
static void test_LL_EX_1_NQ_DMG_3_VIC_2_both_win(void **st)
{
	(void)st;
	tw_state *s = scene(1);
	int e = man(s, 0, "axeman", "Eric", 10, 10, 0, -1);
	int v = man(s, 1, "axeman", "Sven", 10, 11, 180, -1);
	llt_setup(s);
	ok(s, order(LL_OT_END, 1));
	tw_order *o = order(LL_OT_END, 0);
	DICE(o, 11, 11, 15, 15, 15, 1, 1, 15, 15, 1, 1, 1);
	ok(s, o);
	assert_int_equal(find("NQ.MEL.3", -1)->c, 3);
	assert_int_equal(s->fig[v].status, TW_FS_OUT); // 3 hits: incapacitated
	assert_true(LLF(s, e)->wounded);                // 2 hits: wounded
	assert_true(s->over);
	assert_int_equal(s->winner, -2);
	assert_non_null(find("NQ.VIC.1", TW_EV_DRAW));
	done(s);
}

// A line of five spearmen (group 0, facing +y) at y = 10, x = 10..14, and axeman X of blue in front
// of C at (12, 11): C in contact, B and D reach him with their spears (NQ.RCH.2), A and E do not.
static tw_state *spear_line(int *ids)
{
	tw_state *s = scene(1);
	const char *nm[5] = {"A", "B", "C", "D", "E"};
	for (int i = 0; i < 5; i++)
		ids[i] = man(s, 0, "spearman", nm[i], 10 + i, 10, 0, 0);
	ids[5] = man(s, 1, "axeman", "X", 12, 11, 180, -1);
	for (int i = 0; i < 3; i++) // far off: no side has double the other's men in good order (NQ.VIC.1)
		man(s, 1, "axeman", "Far", 40 + 2 * i, 45, 180, -1);
	llt_setup(s);
	return s;
}

static const tw_event *contest(int a, int b)
{
	for (int i = 0; i < EV.n; i++)
		if (!strcmp(EV.v[i].clause, "NQ.MEL.3") && EV.v[i].a == a && EV.v[i].b == b)
			return &EV.v[i];
	return NULL;
}

// LL.EX.3, NQ.ATK.1, NQ.ATK.2, NQ.ATK.3, NQ.GRP.2, NQ.GRP.3, NQ.RCH.2, NQ.SHD.3, NQ.MEL.2, NQ.MEL.4: C needs 10 - 2x2 + 2 = 8, so do B and D (X's
// other opponents, his defence rolls); X needs 9 + 3 = 12. "C rolls 9 and X rolls 15: both hit, C's
// lower roll wins and X takes 4d20 against T15": 15 1 1 1 is one hit: X is driven back half his M.
static void test_LL_EX_3_NQ_ATK_1_2_3_RCH_2_spear_line_sample(void **st)
{
	(void)st;
	int id[6];
	tw_state *s = spear_line(id);
	int B = id[1], C = id[2], D = id[3], X = id[5];
	ok(s, order(LL_OT_END, 1));
	tw_order *o = order(LL_OT_END, 0);
	DICE(o, 3, 2, 9, 15, 15, 1, 1, 1, 2, 3);
	ok(s, o);
	const tw_event *bx = contest(B, X), *cx = contest(C, X), *dx = contest(D, X);
	assert_non_null(bx);
	assert_non_null(cx);
	assert_non_null(dx);
	assert_null(contest(id[0], X)); // A: out of reach
	assert_true(bx->x == 8 && bx->y == 12 && cx->x == 8 && cx->y == 12 && dx->x == 8 && dx->y == 12);
	assert_int_equal(cx->c, 1);
	assert_non_null(strstr(bx->text, "needs 12, defence")); // NQ.ATK.2: X attacks C only
	assert_true(fabs(s->fig[X].pos.y - 13.5) < 1e-9); // NQ.DMG.5: 5 / 2 = 2.5 in straight away
	assert_false(ll_closed(s, X, C));
	done(s);
}

// LL.EX.3 after X closes, NQ.RCH.3, NQ.RCH.4, NQ.RCH.5, NQ.RCH.6, NQ.WPN.2: X beats C (his attack roll: no damage, he closes)
// and B and D (defence only); the next turn C needs 10 - 1 - 1 + 2 (closed) + 2 = 12 and X 12.
static void test_LL_EX_3_NQ_RCH_3_4_5_6_WPN_2_closing(void **st)
{
	(void)st;
	int id[6];
	tw_state *s = spear_line(id);
	int B = id[1], C = id[2], X = id[5];
	ok(s, order(LL_OT_END, 1));
	tw_order *o = order(LL_OT_END, 0);
	DICE(o, 3, 16, 5, 13, 4, 17);
	ok(s, o);
	assert_true(ll_closed(s, X, C));
	assert_false(ll_closed(s, X, B));
	const tw_event *cl = find("NQ.RCH.4", -1);
	assert_non_null(cl);
	assert_true(cl->a == X && cl->b == C);
	assert_false(LLF(s, C)->wounded || s->fig[C].status != TW_FS_ACTIVE); // no damage from a closing win
	ok(s, order(LL_OT_END, 0));
	o = order(LL_OT_END, 1);
	DICE(o, 1, 1, 12, 13, 1, 1, 1, 1, 1, 1);
	ok(s, o);
	assert_true(contest(C, X)->x == 12 && contest(C, X)->y == 12);
	assert_true(contest(B, X)->x == 8); // B still out-reaches X
	assert_int_equal(find("NQ.DMG.1", TW_EV_DICE)->nfaces, 4); // C won: 4d20, all misses
	done(s);
}

// LL.EX.2, NQ.SHT.1-6, NQ.GRP.4, NQ.GRP.6, NQ.DMG.4: an archer at a line of three spearmen 20 in off:
// 12 + 5 + 3 - 2 = 18; the hit falls on a random member (d3: the third); 4d20 against T13 13 13 1 1:
// wounded. Later one damage hit drives a member of the line back only 1 in.
static void test_LL_EX_2_NQ_SHT_1_2_3_5_6_GRP_4_6_archer_at_the_line(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int ar = man(s, 0, "archer", "Hrothgar", 24, 5, 0, -1);
	int m1 = man(s, 1, "spearman", "A", 23, 25, 180, 0);
	int m2 = man(s, 1, "spearman", "B", 24, 25, 180, 0);
	int m3 = man(s, 1, "spearman", "C", 25, 25, 180, 0);
	int far = man(s, 1, "axeman", "Far", 5, 40, 180, -1);
	for (int i = 0; i < 3; i++) // far off: no side has double the other's men in good order (NQ.VIC.1)
		man(s, 0, "axeman", "Home", 40 + 2 * i, 2, 0, -1);
	llt_setup(s);
	assert_true(LLF(s, ar)->loaded); // NQ.SHT.1: archers start loaded
	refused(s, fig_order(LL_OT_SHOOT, 0, ar, far), "NQ.SHT.4");
	tw_order *o = fig_order(LL_OT_SHOOT, 0, ar, m2);
	DICE(o, 18, 3, 13, 13, 1, 1);
	ok(s, o);
	const tw_event *e = find("NQ.SHT.3", TW_EV_INFO);
	assert_true(e->c == 18 && e->d == 18);
	assert_non_null(find("NQ.GRP.6", TW_EV_DICE));
	assert_true(LLF(s, m3)->wounded && !LLF(s, m2)->wounded);
	assert_false(LLF(s, ar)->loaded); // NQ.SHT.2
	refused(s, fig_order(LL_OT_SHOOT, 0, ar, m2), "NQ.SHT.2");
	ok(s, fig_order(LL_OT_LOAD, 0, ar, -1));
	refused(s, move1(s, ar, 24, 6, 0), "NQ.MOVE.7"); // NQ.SHT.1: two different things only
	ok(s, order(LL_OT_END, 0));
	ok(s, order(LL_OT_END, 1));
	ok(s, order(LL_OT_END, 1));
	refused(s, fig_order(LL_OT_SHOOT, 0, ar, m2), "NQ.OPP.1"); // he has not moved against the archer
	ok(s, order(LL_OT_END, 0));
	// Turn 3: 20 hits; d3 picks A; 13 1 1 1 is one hit: driven back 1 in, still in the line.
	tw_vec2 was = s->fig[m1].pos;
	o = fig_order(LL_OT_SHOOT, 0, ar, m1);
	DICE(o, 20, 1, 13, 1, 1, 1);
	ok(s, o);
	assert_true(fabs(tw_dist(was, s->fig[m1].pos) - 1) < 1e-9);
	assert_int_equal(LLF(s, m1)->driven, 1);
	assert_int_equal(LLF(s, m1)->group, 0);
	assert_non_null(find("NQ.GRP.4", TW_EV_MOVE));
	// NQ.SHT.5: not through anyone: a man of blue stands between.
	man(s, 1, "axeman", "Shield", 24, 15, 180, -1);
	LLF(s, ar)->loaded = 1;
	LLF(s, ar)->acts = 0;
	refused(s, fig_order(LL_OT_SHOOT, 0, ar, m2), "NQ.SHT.5");
	done(s);
}

// NQ.SCN.3, LL.EX.4, NQ.EVD.1, NQ.EVD.2, NQ.EVD.3, NQ.EVD.4, NQ.EVD.5, NQ.EVD.7, NQ.GRP.7: three spearmen move 4 in (M5 - 1) and reach
// the archer 5 in away with their spears; he evades: archer 7 + 2 = 9 against the group's 11 - 2 = 9:
// a tie, he escapes, 6 in directly away.
static tw_state *evade_drill(int *sp, int *ar)
{
	tw_state *s = scene(0);
	for (int i = 0; i < 3; i++)
		sp[i] = man(s, 0, "spearman", "S", 23 + i, 10, 0, 0);
	*ar = man(s, 1, "archer", "Ketil", 24, 16, 180, -1);
	man(s, 1, "archer", "Leif", 30, 16, 180, -1);
	llt_setup(s);
	tw_order *g = order(LL_OT_MOVE, 0);
	for (int i = 0; i < 3; i++) {
		g->fig[i] = sp[i];
		g->at[i] = tw_v2(23 + i, 14);
	}
	g->nfig = 3;
	g->has_at = true;
	ok(s, g);
	assert_int_equal(LLF(s, sp[1])->charged, *ar);
	ok(s, order(LL_OT_END, 0));
	return s;
}

static void test_LL_EX_4_NQ_SCN_3_EVD_1_2_3_4_5_7_GRP_7_evade(void **st)
{
	(void)st;
	int sp[3], ar;
	tw_state *s = evade_drill(sp, &ar);
	refused(s, fig_order(LL_OT_EVADE, 1, sp[0], -1), "NQ.TURN.2");
	tw_order *o = fig_order(LL_OT_EVADE, 1, ar, -1);
	DICE(o, 7, 11);
	ok(s, o);
	const tw_event *t = find("NQ.EVD.4", TW_EV_TOSS);
	assert_non_null(t);
	assert_int_equal(t->a, 1);
	assert_true(t->v == 2);
	assert_non_null(find("NQ.GRP.7", TW_EV_DICE)); // the group's one roll
	assert_true(fabs(s->fig[ar].pos.y - 22) < 1e-9 && fabs(s->fig[ar].pos.x - 24) < 1e-9);
	// NQ.EVD.5: the chargers move to where he stood: the line by the charger's offset, 2 in.
	assert_true(fabs(s->fig[sp[1]].pos.y - 16) < 1e-9 && fabs(s->fig[sp[0]].pos.y - 16) < 1e-9);
	ok(s, order(LL_OT_END, 1));
	assert_null(find("NQ.MEL.3", -1)); // nobody engaged
	done(s);
}

// LL.EX.4 with a snap shot first, NQ.OPP.1, NQ.OPP.2, NQ.OPP.5, NQ.OPP.6 (after the move, not one of
// his own-turn actions), NQ.TURN.2: short range 12 + 0 + 2 + 3 - 2 = 15; his M is
// then 3 against 4 (1d20 - 1 against 1d20 + 1): 10 - 1 = 9 against 8 + 1 = 9, he escapes 3 in only.
static void test_LL_EX_4_NQ_OPP_1_2_5_6_snap_then_evade(void **st)
{
	(void)st;
	int sp[3], ar;
	tw_state *s = evade_drill(sp, &ar);
	int leif = ar + 1;
	refused(s, fig_order(LL_OT_SHOOT, 0, sp[0], ar), "NQ.TURN.2"); // not red's time
	tw_order *o = fig_order(LL_OT_SHOOT, 1, ar, sp[1]);
	DICE(o, 14);
	ok(s, o);
	const tw_event *e = find("NQ.OPP.2", TW_EV_INFO);
	assert_non_null(e);
	assert_true(e->c == 15 && e->d == 14); // a miss
	assert_true(LLF(s, ar)->snapped && !LLF(s, ar)->loaded);
	refused(s, fig_order(LL_OT_SHOOT, 1, ar, sp[1]), "NQ.SHT.2");
	o = fig_order(LL_OT_EVADE, 1, ar, -1);
	DICE(o, 10, 8);
	ok(s, o);
	e = find("NQ.EVD.4", TW_EV_TOSS);
	assert_true(e->a == 1 && e->v == -1);
	assert_true(fabs(s->fig[ar].pos.y - 19) < 1e-9); // NQ.OPP.5: half his move, 3 in
	// NQ.TURN.2: opportunity shooting (phase 2) is over once anyone has evaded (phase 3).
	refused(s, fig_order(LL_OT_SHOOT, 1, leif, sp[2]), "NQ.TURN.2");
	done(s);
}

// NQ.EVD.6, NQ.ATK.4, NQ.OPP.4, NQ.RCH.2/3: a charged archer who takes up his dagger instead loses
// no attack roll, but from 1 in off the spear out-reaches him: his roll is defence only; the spear
// needs 10 - 2x2 = 6: 6 against 20, both hit, the spear's lower roll wins: 4 hits, killed.
static void test_NQ_EVD_6_ATK_4_OPP_4_dagger(void **st)
{
	(void)st;
	int sp[3], ar;
	tw_state *s = evade_drill(sp, &ar);
	tw_order *o = fig_order(LL_OT_WEAPON, 1, ar, -1);
	o->n = 1;
	ok(s, o);
	assert_non_null(find("NQ.EVD.6", TW_EV_INFO));
	assert_int_equal(LLF(s, ar)->hand, 1);
	assert_int_not_equal(LLF(s, ar)->no_attack, LLG(s)->turn);
	o = order(LL_OT_END, 1);
	DICE(o, 6, 20, 13, 13, 13, 13);
	ok(s, o);
	const tw_event *c = contest(sp[1], ar);
	assert_true(c->x == 6 && c->y == 15 && c->c == 1);
	assert_non_null(strstr(c->text, "needs 15, defence"));
	assert_int_equal(s->fig[ar].status, TW_FS_DEAD);
	done(s);
	// NQ.OPP.4: he snap-shoots (1: a miss), fails to evade (1 against 20) and is caught with his bow:
	// he changes to his dagger in the melee and has no attack roll.
	s = evade_drill(sp, &ar);
	o = fig_order(LL_OT_SHOOT, 1, ar, sp[1]);
	DICE(o, 1);
	ok(s, o);
	o = fig_order(LL_OT_EVADE, 1, ar, -1);
	DICE(o, 1, 20);
	ok(s, o);
	assert_int_equal(find("NQ.EVD.4", TW_EV_TOSS)->a, 0);
	assert_true(fabs(s->fig[ar].pos.y - 16) < 1e-9);
	o = order(LL_OT_END, 1);
	DICE(o, 1, 1);
	ok(s, o);
	assert_non_null(find("NQ.OPP.4", TW_EV_INFO));
	assert_int_equal(LLF(s, ar)->hand, 1);
	assert_int_equal(LLF(s, ar)->no_attack, 1);
	done(s);
}

// NQ.EVD.1, NQ.EVD.5 (s29, a bug found by the three-fight general's pass): a charged man has one
// try at running. Caught (1 against the group's 20), he is in melee with the chargers and a second
// evade order is refused, the state unchanged; before the fix he rolled again and again until he
// got away (ll-three's "every man charged evades" leaned on it). A man of his side who is not
// charged is still refused as before, and the melee follows at the end of the phase.
static void test_NQ_EVD_5_caught_evader_no_second_try(void **st)
{
	(void)st;
	int sp[3], ar;
	tw_state *s = evade_drill(sp, &ar);
	tw_order *o = fig_order(LL_OT_EVADE, 1, ar, -1);
	DICE(o, 1, 20);
	ok(s, o);
	assert_int_equal(find("NQ.EVD.4", TW_EV_TOSS)->a, 0); // caught
	assert_int_equal(LLF(s, ar)->evade_turn, LLG(s)->turn);
	o = fig_order(LL_OT_EVADE, 1, ar, -1);
	DICE(o, 20, 1);
	llt_refused(s, o, "NQ.EVD.5", "has tried to evade this charge and was caught");
	assert_true(fabs(s->fig[ar].pos.y - 16) < 1e-9); // still where he was caught
	refused(s, fig_order(LL_OT_EVADE, 1, ar + 1, -1), "NQ.EVD.1"); // Leif: nobody charged him
	o = order(LL_OT_END, 1);
	DICE(o, 1, 1);
	ok(s, o);
	assert_non_null(contest(sp[1], ar)); // the melee is fought
	done(s);
}

// NQ.RCH.4/6, NQ.ATK.5, LL.EX.3: X in base contact with both B and C, his attack roll aimed at C,
// beats both (B 3 against 16, C 5 against 13): he closes with C, his attack-roll target, not with B
// (a defence roll only saves him, NQ.ATK.2).
static void test_NQ_RCH_4_ATK_5_closes_with_attack_target_only(void **st)
{
	(void)st;
	tw_state *s = scene(1);
	int id[5];
	const char *nm[5] = {"A", "B", "C", "D", "E"};
	for (int i = 0; i < 5; i++)
		id[i] = man(s, 0, "spearman", nm[i], 10 + i, 10, 0, 0);
	int X = man(s, 1, "axeman", "X", 11.5, 10 + sqrt(0.75), 180, -1);
	for (int i = 0; i < 3; i++)
		man(s, 1, "axeman", "Far", 40 + 2 * i, 45, 180, -1);
	llt_setup(s);
	assert_true(ll_contact(s, X, id[1]) && ll_contact(s, X, id[2]));
	ok(s, fig_order(LL_OT_AIM, 1, X, id[2]));
	assert_non_null(find("NQ.ATK.5", TW_EV_INFO));
	ok(s, order(LL_OT_END, 1));
	tw_order *o = order(LL_OT_END, 0);
	DICE(o, 1, 1, 3, 16, 5, 13, 1, 1);
	ok(s, o);
	assert_true(ll_closed(s, X, id[2]));
	assert_false(ll_closed(s, X, id[1]));
	done(s);
}

// NQ.GRP.5, NQ.SHT.6, NQ.OPP.3: a line of five is shot at; one man killed leaves a gap one man wide
// and the line stands (a group of four); a second killed next to him opens a gap two men wide: the
// fragments (one man, two men) are too few to be groups. Each hit falls on one man only.
static void test_NQ_GRP_5_SHT_6_line_breaks(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int a0 = man(s, 0, "archer", "Ari", 20, 5, 0, -1);
	int a1 = man(s, 0, "archer", "Bo", 22, 5, 0, -1);
	int m[5];
	for (int i = 0; i < 5; i++)
		m[i] = man(s, 1, "spearman", "L", 10 + i, 20, 180, 0);
	llt_setup(s);
	// 15 in: medium, 12 + 2 + 3 - 2 = 15; 20 hits; the d5 picks the 2nd man; 4 hits kill him.
	tw_order *o = fig_order(LL_OT_SHOOT, 0, a0, m[0]);
	DICE(o, 20, 2, 13, 13, 13, 13);
	ok(s, o);
	assert_int_equal(s->fig[m[1]].status, TW_FS_DEAD);
	assert_int_equal(ll_group_size(s, 0), 4);
	assert_null(find("NQ.GRP.5", -1));
	// The d4 over the four left picks the 2nd: m[2]; killed: m[0] | gap | m[3] m[4].
	o = fig_order(LL_OT_SHOOT, 0, a1, m[0]);
	DICE(o, 20, 2, 13, 13, 13, 13);
	ok(s, o);
	assert_int_equal(s->fig[m[2]].status, TW_FS_DEAD);
	assert_non_null(find("NQ.GRP.5", TW_EV_INFO));
	for (int i = 0; i < 5; i++)
		assert_int_equal(LLF(s, m[i])->group, -1);
	done(s);
}

// NQ.SHD.1, NQ.SHD.2, NQ.STAT.4: the shield counts only for a shooter in the front half; from
// behind the axeman's S+2 is ignored: 12 (short) against his back, 14 against his front.
static void test_NQ_SHD_1_2_STAT_4_shield_arc(void **st)
{
	(void)st;
	tw_state *s = scene(0);
	int back = man(s, 0, "archer", "Back", 10, 5, 0, -1);
	int front = man(s, 0, "archer", "Front", 10, 15, 180, -1);
	int ax = man(s, 1, "axeman", "Sven", 10, 10, 180, -1); // faces -y: towards Back
	man(s, 1, "axeman", "Far", 40, 40, 180, -1);
	llt_setup(s);
	tw_order *o = fig_order(LL_OT_SHOOT, 0, front, ax); // Front stands behind him
	DICE(o, 1);
	ok(s, o);
	assert_int_equal(find("NQ.SHT.3", TW_EV_INFO)->c, 12);
	o = fig_order(LL_OT_SHOOT, 0, back, ax);
	DICE(o, 1);
	ok(s, o);
	assert_int_equal(find("NQ.SHT.3", TW_EV_INFO)->c, 14);
	done(s);
}

// NQ.SCN.2, NQ.GEN.1 (one named man a figure), NQ.GEN.4 (a troop type's stat line): the skirmish
// scenario loads (rosters filled from the troop types), plays from its first
// order, and two random players play it to its end with the state checked after every order.
static void test_NQ_SCN_2_skirmish_scenario_plays(void **st)
{
	(void)st;
	reg();
	tw_state s0;
	memset(&s0, 0, sizeof s0);
	tw_error err = {0};
	if (tw_state_load(&s0, "scenarios/lloyd/skirmish.json", &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	{
		tw_game *g = tw_game_new(&s0, 1, NULL, &err);
		assert_non_null(g);
		const tw_state *s = tw_game_state(g);
		assert_int_equal(s->nfig, 12);
		assert_int_equal(ll_group_size(s, 0), 6);
		assert_int_equal(LLF(s, 0)->w[0], 10); // the spearman's row from the troop type (NQ.STAT)
		assert_int_equal(LLF(s, 9)->reach[0], TW_LL_MISSILE);
		assert_string_equal(LLF(s, 6)->name, "Eric");
		assert_true(LLF(s, 9)->loaded); // NQ.SCN.2: the archers start loaded
		tw_game_free(g);
	}
	for (uint64_t seed = 1; seed <= 6; seed++) {
		tw_game *g = tw_game_new(&s0, seed, NULL, &err);
		assert_non_null(g);
		assert_int_equal(tw_game_state(g)->mover, 1); // the mob moves first
		tw_general *gen[2] = {tw_general_new("random", &tw_ruleset_lloyd, 0, seed * 3),
				      tw_general_new("random", &tw_ruleset_lloyd, 1, seed * 5)};
		assert_non_null(gen[0]);
		assert_non_null(gen[1]);
		if (tw_play_out(g, gen, 20000, &err) != TW_OK)
			fail_msg("%s: %s", err.clause, err.message);
		const tw_state *s = tw_game_state(g);
		assert_true(s->over);
		assert_int_equal(tw_state_check(s, &err), TW_OK);
		// The final state round-trips through JSON, and the log replays to the same final hash.
		json_t *j = tw_state_to_json(s);
		char *txt = json_dumps(j, JSON_REAL_PRECISION(17));
		json_decref(j);
		tw_state back;
		memset(&back, 0, sizeof back);
		if (tw_state_from_text(&back, txt, strlen(txt), "roundtrip", &err) != TW_OK)
			fail_msg("%s: %s", err.path, err.message);
		assert_true(tw_state_hash(&back) == tw_state_hash(s));
		tw_state_free(&back);
		free(txt);
		j = tw_game_log_to_json(g);
		txt = json_dumps(j, JSON_REAL_PRECISION(17));
		json_decref(j);
		bool hash_ok = false;
		tw_game *r = tw_game_log_replay(txt, strlen(txt), "log", &hash_ok, &err);
		if (!r)
			fail_msg("replay: %s: %s", err.clause, err.message);
		assert_true(hash_ok);
		assert_true(tw_state_hash(tw_game_state(r)) == tw_state_hash(s));
		tw_game_free(r);
		free(txt);
		tw_general_free(gen[0]);
		tw_general_free(gen[1]);
		tw_game_free(g);
	}
	tw_state_free(&s0);
}

// Bad input, NQ.STAT.1/3/6/8: a malformed roster or stat line is a located error (the JSON path of
// the figure and field), and no game is made from it.
static const char *roster(const char *data, char *buf, size_t n)
{
	snprintf(buf, n,
		 "{\"format\": \"tinwar-scenario\", \"version\": 1, \"name\": \"bad\", \"ruleset\": \"lloyd\","
		 " \"table\": {\"width\": 48, \"depth\": 48},"
		 " \"sides\": [{\"name\": \"red\", \"back_y\": 0}, {\"name\": \"blue\", \"back_y\": 48}],"
		 " \"figures\": [{\"id\": 0, \"kind\": \"infantry\", \"side\": \"red\", \"at\": [10, 10], \"radius\": 0.5,"
		 " \"height\": 1, \"data\": %s},"
		 " {\"id\": 1, \"kind\": \"infantry\", \"side\": \"blue\", \"at\": [10, 30], \"radius\": 0.5,"
		 " \"height\": 1, \"data\": {\"troop\": \"axeman\"}}], \"data\": {\"first\": \"red\"}}",
		 data);
	return buf;
}

static void expect_bad(const char *data, const char *clause, const char *where)
{
	char buf[2048];
	roster(data, buf, sizeof buf);
	llt_expect_bad(buf, data, clause, where, false);
}

static void test_NQ_STAT_1_3_6_8_bad_rosters(void **st)
{
	(void)st;
	reg();
	expect_bad("{\"troop\": \"custom\", \"t\": 13, \"m\": 5}", "NQ.STAT.8", "$.figures[0].data");
	expect_bad("{\"troop\": \"custom\", \"nrows\": 1, \"w\": [10], \"d\": [4]}", "NQ.STAT.3", "$.figures[0].data");
	expect_bad("{\"troop\": \"custom\", \"t\": 13, \"m\": 6, \"nrows\": 1, \"w\": [12], \"d\": [4], \"reach\": [\"missile\"],"
		   " \"r\": [30, 18, 6]}",
		   "NQ.STAT.6", "$.figures[0].data.r");
	expect_bad("{\"troop\": \"archer\", \"hand\": 1, \"nrows\": 1, \"t\": 13, \"m\": 6, \"w\": [12], \"d\": [4],"
		   " \"reach\": [\"short\"]}",
		   "NQ.ATK.4", "$.figures[0].data.hand");
	expect_bad("{\"troop\": \"knight\"}", NULL, "$.figures[0].data.troop");
	expect_bad("{\"troop\": \"axeman\", \"w\": [9, 9, 9]}", NULL, "$.figures[0].data.w");
	expect_bad("{\"troop\": \"axeman\", \"t\": 99}", NULL, "$.figures[0].data.t");
	// A good custom roster line plays: the roster's numbers stand.
	char buf[2048];
	roster("{\"name\": \"Godric\", \"troop\": \"custom\", \"t\": 14, \"s\": 1, \"m\": 4, \"nrows\": 1, \"weapon\": [\"sword\"],"
	       " \"w\": [11], \"x\": [true], \"d\": [3]}",
	       buf, sizeof buf);
	tw_state s0;
	memset(&s0, 0, sizeof s0);
	tw_error err = {0};
	assert_int_equal(tw_state_from_text(&s0, buf, strlen(buf), "roster.json", &err), TW_OK);
	tw_game *g = tw_game_new(&s0, 1, NULL, &err);
	assert_non_null(g);
	assert_int_equal(LLF(tw_game_state(g), 0)->w[0], 11);
	assert_int_equal(LLF(tw_game_state(g), 1)->w[0], 9);
	tw_game_free(g);
	tw_state_free(&s0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_NQ_TURN_1_roll_off),
		cmocka_unit_test(test_NQ_MOVE_1_2_3_4_5_6_7_allowances),
		cmocka_unit_test(test_LL_EX_1_NQ_SCN_1_eric_and_sven),
		cmocka_unit_test(test_LL_EX_1_NQ_DMG_3_VIC_2_both_win),
		cmocka_unit_test(test_LL_EX_3_NQ_ATK_1_2_3_RCH_2_spear_line_sample),
		cmocka_unit_test(test_LL_EX_3_NQ_RCH_3_4_5_6_WPN_2_closing),
		cmocka_unit_test(test_NQ_RCH_4_ATK_5_closes_with_attack_target_only),
		cmocka_unit_test(test_LL_EX_2_NQ_SHT_1_2_3_5_6_GRP_4_6_archer_at_the_line),
		cmocka_unit_test(test_LL_EX_4_NQ_SCN_3_EVD_1_2_3_4_5_7_GRP_7_evade),
		cmocka_unit_test(test_LL_EX_4_NQ_OPP_1_2_5_6_snap_then_evade),
		cmocka_unit_test(test_NQ_EVD_6_ATK_4_OPP_4_dagger),
		cmocka_unit_test(test_NQ_EVD_5_caught_evader_no_second_try),
		cmocka_unit_test(test_NQ_GRP_5_SHT_6_line_breaks),
		cmocka_unit_test(test_NQ_SHD_1_2_STAT_4_shield_arc),
		cmocka_unit_test(test_NQ_SCN_2_skirmish_scenario_plays),
		cmocka_unit_test(test_NQ_STAT_1_3_6_8_bad_rosters),
	};
	int r = cmocka_run_group_tests(tests, NULL, NULL);
	tw_events_free(&EV);
	return r;
}
