// Science versus Luck, the battle's clauses one by one (issue 17, sv-cite): set-up (SV.BAT),
// sequence (SV.SEQ), movement (SV.MOVE), fire (SV.FIRE), the minute's shots (SV.ROF), morale's
// factors and conduct (SV.MOR.8-11), winning (SV.WIN) and the guns (SV.GUN.2-12). Every test
// uses constructed positions with entered dice, injected draws, or a gun whose true spreads are
// set to 0, so that its numbers are exact.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/tinwar.h"
#include "tinwar/io.h"
#include "tinwar/physics.h"
#include "rules/svl/sv.h"
#include "sv_scene.h"

// The shared helpers (tests/support/sv_scene.c) under this file's names.
#define reg svt_register
#define scene svt_scene
#define man svt_man
#define done svt_free
#define order svt_order
#define last svt_last // the events of the last order applied
#define apply svt_apply
#define ok svt_ok
#define refused svt_refused
#define find_ev svt_find_ev
#define count_ev svt_count_ev

static void add_gun(tw_state *s, const char *model, double x, double y)
{
	tw_gun g = {.id = s->ngun, .side = 1, .orig_side = 1, .model = tw_gun_model_find(model), .axle = {x, y}};
	assert_non_null(tw_state_add_gun(s, &g));
}

static void rank(tw_state *s, int n, double y) // n figures 2" apart across the table at y
{
	for (int i = 0; i < n; i++)
		man(s, 2 + 2 * (i % 23), y + 2 * (i / 23));
}

static tw_order *move1(int f, double x, double y)
{
	tw_order *o = order(SV_OT_MOVE, 0);
	o->nfig = 1;
	o->fig[0] = f;
	o->has_at = true;
	o->at[0] = tw_v2(x, y);
	return o;
}

static tw_order *fire1(int f, int face)
{
	tw_order *o = order(SV_OT_FIRE, 0);
	o->nfig = 1;
	o->fig[0] = f;
	if (face) {
		o->ndice = 1;
		o->dice[0] = face;
	}
	return o;
}

static void end_phase(tw_state *s, int side)
{
	ok(s, order(SV_OT_END, side));
}

// A gun whose truth has no spread: every shot flies exactly where it is laid.
static void exact_gun(tw_state *s, int k)
{
	sv_grec *r = SVGN(s, k);
	r->v_sigma = 0;
	r->az_sigma = 0;
	r->misfire = 0;
}

static tw_terrain poly(int kind, double x0, double y0, double x1, double y1)
{
	tw_terrain t = {.kind = (uint8_t)kind, .shape = TW_SHAPE_POLY, .nverts = 4,
			.v = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}, .height = 1};
	return t;
}

// ---------------------------------------------------------------- SV.BAT

static void test_SV_BAT_1_equipment_of_the_bundled_battle(void **st)
{
	(void)st;
	reg();
	tw_state s = {0};
	tw_error err = {0};
	if (tw_state_load(&s, "scenarios/svl/battle.json", &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	svt_setup(&s);
	// At least one cannon with ten matches; 50 figures; the dice are d6 (SV.FIRE.1's 6).
	assert_true(s.ngun >= 1);
	for (int k = 0; k < s.ngun; k++)
		assert_int_equal(SVGN(&s, k)->matches, 10);
	assert_int_equal(s.nfig, 50);
	assert_int_equal(SVG(&s)->start, 50);
	tw_state_free(&s);
}

static double cover_area(const tw_state *s)
{
	double a = 0;
	for (double x = 0.25; x < s->table.width; x += 0.5)
		for (double y = 0.25; y < s->table.depth; y += 0.5) {
			int c = SV_TER_OPEN;
			for (int i = 0; i < s->table.nterrain; i++)
				if (tw_terrain_contains(&s->table.terrain[i], tw_v2(x, y)) && sv_ter_cover(s, i) != SV_TER_HILL)
					c = sv_ter_cover(s, i);
			a += c != SV_TER_OPEN ? 0.25 : 0;
		}
	return a;
}

static void test_SV_BAT_2_sparse_open_terrain(void **st)
{
	(void)st;
	reg();
	tw_state s = {0};
	tw_error err = {0};
	assert_int_equal(tw_state_load(&s, "scenarios/svl/battle.json", &err), TW_OK);
	// Rolling ground, trees, cover sparse: one hill, one wood, one wall; cover 49 + 4 = 53 sq in
	// of 3456 (1.5%).
	int hills = 0, soft = 0, hard = 0;
	for (int i = 0; i < s.table.nterrain; i++) {
		int c = sv_ter_cover(&s, i);
		hills += c == SV_TER_HILL, soft += c == SV_TER_SOFT, hard += c == SV_TER_LOW_HARD || c == SV_TER_TALL_HARD;
	}
	assert_int_equal(hills, 1);
	assert_int_equal(soft, 1);
	assert_int_equal(hard, 1);
	assert_true(fabs(cover_area(&s) - 53.0) < 1e-9);
	assert_true(cover_area(&s) <= 0.10 * s.table.width * s.table.depth);
	tw_state_free(&s);
}

static void test_SV_BAT_3_layout_gun_one_end_figures_the_other(void **st)
{
	(void)st;
	reg();
	tw_state s = {0};
	tw_error err = {0};
	assert_int_equal(tw_state_load(&s, "scenarios/svl/battle.json", &err), TW_OK);
	for (int k = 0; k < s.ngun; k++)
		assert_true(s.gun[k].axle.y <= 6.0);
	for (int f = 0; f < s.nfig; f++)
		assert_true(s.fig[f].pos.y >= s.table.depth - 6.0);
	tw_state_free(&s);
	// A figure of the cannon's side is refused: every figure is the attacker's.
	tw_state *t = scene("STA");
	man(t, 24, 60);
	t->fig[0].side = 1;
	err = (tw_error){0};
	assert_int_equal(tw_ruleset_svl.setup(t, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "SV.BAT.3");
	done(t);
}

static void test_SV_BAT_4_attacker_commands_the_infantry(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	man(s, 24, 60);
	s->gun[0].side = 0; // a gun of the infantry's side
	tw_error err = {0};
	assert_int_equal(tw_ruleset_svl.setup(s, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "SV.BAT.4");
	s->gun[0].side = 1;
	s->nsides = 3;
	strcpy(s->sides[2].name, "third");
	assert_int_equal(tw_ruleset_svl.setup(s, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "SV.BAT.4");
	s->nsides = 2;
	svt_setup(s);
	assert_int_equal(s->mover, SV_ATTACKER); // the attacker (side 0, the infantry) moves first
	tw_order *o = move1(0, 24, 57);
	o->side = 1;
	refused(s, o, "SV.SEQ.1");
	done(s);
}

static void test_SV_BAT_6_piece_types(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int a = man(s, 10, 60);
	tw_terrain t[] = {poly(TW_TER_HILL, 2, 50, 6, 54), poly(TW_TER_WOOD, 8, 50, 12, 54), poly(TW_TER_SWAMP, 14, 50, 18, 54),
			  poly(TW_TER_WALL, 20, 52, 26, 52.5), poly(TW_TER_HOUSE, 30, 50, 34, 54), poly(TW_TER_ROCK, 38, 50, 42, 54)};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		tw_table_add(&s->table, &t[i]);
	svt_setup(s);
	const int want[] = {SV_TER_HILL, SV_TER_SOFT, SV_TER_SOFT, SV_TER_LOW_HARD, SV_TER_TALL_HARD, SV_TER_TALL_HARD};
	for (int i = 0; i < 6; i++)
		assert_int_equal(sv_ter_cover(s, i), want[i]);
	// Hills, soft cover and walls are passable; buildings and rocks are not.
	assert_false(sv_impassable_segment(s, tw_v2(4, 56), tw_v2(4, 48)));
	assert_false(sv_impassable_segment(s, tw_v2(10, 56), tw_v2(10, 48)));
	assert_false(sv_impassable_segment(s, tw_v2(23, 56), tw_v2(23, 48)));
	assert_true(sv_impassable_segment(s, tw_v2(32, 56), tw_v2(32, 48)));
	assert_true(sv_impassable_segment(s, tw_v2(40, 56), tw_v2(40, 48)));
	ok(s, move1(a, 10, 54.5 - 0.0)); // into the wood's edge: walked 5.5
	done(s);
}

static void test_SV_BAT_6_generated_tables(void **st)
{
	(void)st;
	uint64_t h1 = 0;
	tw_vec2 lo1 = {0, 0};
	int n1 = 0;
	for (uint64_t seed = 1; seed <= 60; seed++) {
		tw_state *s = scene("STA");
		man(s, 24, 70);
		svt_setup(s);
		tw_rng r;
		tw_rng_seed(&r, seed);
		tw_error err = {0};
		if (sv_generate_table(s, &r, &err) != TW_OK)
			fail_msg("seed %llu: %s", (unsigned long long)seed, err.message);
		int n[SV_TER_COUNT] = {0};
		for (int i = 0; i < s->table.nterrain; i++) {
			const tw_terrain *t = &s->table.terrain[i];
			int c = sv_ter_cover(s, i);
			n[c]++;
			assert_true(t->lo.y >= 6.0 && t->hi.y <= s->table.depth - 6.0); // clear of both short edges
			assert_true(t->lo.x >= 0 && t->hi.x <= s->table.width);
			double w = t->hi.x - t->lo.x, d = t->hi.y - t->lo.y;
			if (c == SV_TER_SOFT)
				assert_true(w <= 8.0 && d <= 8.0);
			if (c == SV_TER_LOW_HARD)
				assert_true(fmax(w, d) >= 6.0 && fmax(w, d) <= 10.0);
		}
		assert_true(n[SV_TER_HILL] >= 1 && n[SV_TER_HILL] <= 2);
		assert_true(n[SV_TER_SOFT] >= 2 && n[SV_TER_SOFT] <= 3);
		assert_true(n[SV_TER_LOW_HARD] >= 1 && n[SV_TER_LOW_HARD] <= 2);
		assert_true(n[SV_TER_TALL_HARD] <= 1);
		assert_true(cover_area(s) <= 0.10 * 48 * 72 + 1.0); // sampled on a 0.5" grid
		if (seed == 1)
			h1 = tw_state_hash(s), lo1 = s->table.terrain[s->table.nterrain - 1].lo, n1 = s->table.nterrain;
		// The same seed gives the same table; a table with terrain is refused.
		uint64_t h = tw_state_hash(s);
		assert_int_equal(sv_generate_table(s, &r, &err), TW_ERR_INPUT);
		assert_string_equal(err.clause, "SV.BAT.6");
		assert_true(tw_state_hash(s) == h);
		done(s);
	}
	tw_state *s = scene("STA");
	man(s, 24, 70);
	svt_setup(s);
	tw_rng r;
	tw_rng_seed(&r, 1);
	tw_error err = {0};
	assert_int_equal(sv_generate_table(s, &r, &err), TW_OK);
	assert_true(tw_state_hash(s) == h1);
	assert_int_equal(s->table.nterrain, n1);
	assert_true(s->table.terrain[n1 - 1].lo.x == lo1.x && s->table.terrain[n1 - 1].lo.y == lo1.y);
	done(s);
}

static void test_SV_BAT_7_sight_and_cover(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	man(s, 24, 60);
	tw_terrain house = poly(TW_TER_HOUSE, 4, 20, 8, 24), hill = poly(TW_TER_HILL, 14, 20, 18, 24),
		   wood = poly(TW_TER_WOOD, 30, 20, 33, 24), wall = poly(TW_TER_WALL, 38, 20, 44, 20.5);
	tw_table_add(&s->table, &house);
	tw_table_add(&s->table, &hill);
	tw_table_add(&s->table, &wood);
	tw_table_add(&s->table, &wall);
	svt_setup(s);
	// A building blocks; a hill blocks unless a point stands on it.
	assert_false(sv_sight(s, tw_v2(6, 10), tw_v2(6, 30)));
	assert_false(sv_sight(s, tw_v2(16, 10), tw_v2(16, 30)));
	assert_true(sv_sight(s, tw_v2(16, 10), tw_v2(16, 22)));
	// Soft cover: 3" through it does not block, 4" does (the wood is 3" wide and 4" deep).
	assert_true(sv_sight(s, tw_v2(28, 22), tw_v2(35, 22)));
	assert_false(sv_sight(s, tw_v2(31.5, 10), tw_v2(31.5, 30)));
	// In cover: inside soft cover; behind a wall the gun's line crosses, within 1" of it.
	tw_vec2 gun = tw_v2(41, 3);
	assert_true(sv_in_cover(s, gun, tw_v2(31.5, 22)));
	assert_true(sv_in_cover(s, gun, tw_v2(41, 21.4)));
	assert_false(sv_in_cover(s, gun, tw_v2(41, 21.6)));  // 1.1" beyond
	assert_false(sv_in_cover(s, gun, tw_v2(41, 19.8)));  // on the gun's side of it
	assert_true(sv_behind_hard(s, gun, tw_v2(41, 21.4)));
	done(s);
}

static void test_SV_BAT_9_one_or_two_guns_each_with_ten_matches(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	add_gun(s, "TEM", 30, 3);
	add_gun(s, "ALP", 36, 3);
	man(s, 24, 60);
	tw_error err = {0};
	assert_int_equal(tw_ruleset_svl.setup(s, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "SV.BAT.9");
	s->ngun = 2;
	svt_setup(s);
	assert_int_equal(SVGN(s, 0)->matches, 10);
	assert_int_equal(SVGN(s, 1)->matches, 10);
	// Each its own matches: gun 1 losing two leaves gun 0 untouched.
	SVGN(s, 1)->pending = 2;
	end_phase(s, 0);
	assert_int_equal(SVGN(s, 0)->matches, 10);
	assert_int_equal(SVGN(s, 1)->matches, 8);
	done(s);
}

static void test_SV_BAT_10_footprint_and_reach(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int a = man(s, 24, 8), b = man(s, 26, 4.5), c = man(s, 21.5, 5.0);
	svt_setup(s);
	s->dice = TW_DICE_ENTERED;
	refused(s, move1(a, 24, 4.4), "SV.MOVE.5"); // 1.4" from the reference point: inside the footprint
	refused(s, move1(a, 24.0, 3.0 + 1.49), "SV.MOVE.5");
	ok(s, move1(a, 24, 3 + 1.95)); // 1.95": it reaches the gun
	(void)b;
	// b at 2.5" (sqrt(4 + 2.25)) does not reach; c at sqrt(6.25 + 4) = 3.2 neither; a does.
	end_phase(s, 0);
	assert_int_equal(SVGN(s, 0)->matches, 9);
	assert_int_equal(count_ev(TW_EV_MELEE, "SV.MEL.2"), 1);
	(void)c;
	done(s);
}

// ---------------------------------------------------------------- SV.SEQ

static void test_SV_SEQ_1_two_phases_a_turn(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	rank(s, 10, 66);
	svt_setup(s);
	assert_int_equal(SVG(s)->turn, 1);
	assert_int_equal(s->phase, SV_PH_ATTACK);
	refused(s, order(SV_OT_END, 1), "SV.SEQ.1");
	end_phase(s, 0);
	assert_int_equal(s->phase, SV_PH_DEFEND);
	assert_int_equal(s->mover, 1);
	assert_int_equal(SVG(s)->turn, 1);
	refused(s, order(SV_OT_END, 0), "SV.SEQ.1");
	end_phase(s, 1);
	assert_int_equal(s->phase, SV_PH_ATTACK);
	assert_int_equal(SVG(s)->turn, 2);
	done(s);
}

static void test_SV_SEQ_2_moves_and_fire_in_the_attackers_phase(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int a = man(s, 24, 13);
	svt_setup(s);
	SVS(s, 0)->assault = 0;
	end_phase(s, 0);
	tw_order *o = move1(a, 24, 10);
	o->side = 1;
	refused(s, o, "SV.SEQ.2");
	o = fire1(a, 0);
	o->side = 1;
	refused(s, o, "SV.SEQ.2");
	done(s);
}

static void test_SV_SEQ_3_the_defenders_minute(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	rank(s, 20, 60);
	svt_setup(s);
	tw_order *o = order(SV_OT_SERVE, 0);
	o->gun = 0;
	refused(s, o, "SV.SEQ.3"); // not in the attacker's phase
	end_phase(s, 0);
	o = order(SV_OT_SERVE, 1);
	o->gun = 0;
	ok(s, o);
	assert_int_equal(SVGN(s, 0)->fired, 3); // STA 3.50: the first minute's limit is 3
	o = order(SV_OT_SERVE, 1);
	o->gun = 0;
	refused(s, o, "SV.SEQ.3"); // one minute a phase
	done(s);
}

static void test_SV_SEQ_4_order_inside_the_turn(void **st)
{
	(void)st;
	// Attacker's phase: melee (4) and fire hits (5) come off at its end, together; the gun is
	// destroyed (6) before the adherence verdict's event (7) and the infantry win at once.
	tw_state *s = scene("STA");
	int f = man(s, 24, 9), g = man(s, 24, 4.9);
	rank(s, 5, 60);
	svt_setup(s);
	s->dice = TW_DICE_ENTERED;
	SVS(s, 0)->assault = 0;
	SVGN(s, 0)->matches = 2;
	ok(s, fire1(f, 6)); // a hit from 6" ... 6 within 6 hits on 5+
	assert_int_equal(SVGN(s, 0)->pending, 1);
	assert_int_equal(SVGN(s, 0)->matches, 2); // not yet
	(void)g;
	end_phase(s, 0);
	assert_int_equal(SVGN(s, 0)->matches, 0);
	int imel = -1, ifire = -1, iwin = -1, iver = -1;
	for (int i = 0; i < last.n; i++) {
		const tw_event *e = &last.v[i];
		if (e->type == TW_EV_MELEE && imel < 0)
			imel = i;
		if (strcmp(e->clause, "SV.FIRE.3") == 0 && ifire < 0)
			ifire = i;
		if (strcmp(e->clause, "SV.DOC.17") == 0 && iver < 0)
			iver = i;
		if (e->type == TW_EV_VICTORY)
			iwin = i;
	}
	assert_true(imel >= 0 && ifire > imel && iver > ifire && iwin > iver);
	assert_true(s->over);
	assert_int_equal(s->winner, 0);
	done(s);
	// Defender's phase: tempo and limit fixed at its start (1), shots (3), casualties (4), then
	// the morale tests (5) when it ends.
	s = scene("STA");
	rank(s, 10, 40);
	svt_setup(s);
	exact_gun(s, 0);
	end_phase(s, 0);
	assert_int_equal(SVGN(s, 0)->limit, 3);
	assert_non_null(find_ev(TW_EV_INFO, "SV.ROF.2"));
	tw_order *o = order(SV_OT_SERVE, 1);
	o->gun = 0;
	ok(s, o);
	int fallen = count_ev(TW_EV_KILL, NULL);
	assert_int_equal(SVG(s)->hits, fallen);
	assert_int_equal(count_ev(TW_EV_INFO, "SV.MOR.2"), 0); // no test before the phase ends
	done(s);
}

static void test_SV_SEQ_6_fifteen_turns(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	rank(s, 10, 66);
	svt_setup(s);
	assert_int_equal((int)s->params[SVP_MAX_TURNS], 15);
	for (int t = 1; t <= 14; t++) {
		end_phase(s, 0);
		end_phase(s, 1);
		assert_false(s->over);
	}
	assert_int_equal(SVG(s)->turn, 15);
	end_phase(s, 0);
	end_phase(s, 1);
	assert_true(s->over);
	assert_int_equal(s->winner, 1);
	assert_int_equal(SVG(s)->turn, 15);
	assert_non_null(find_ev(TW_EV_VICTORY, "SV.WIN.3"));
	done(s);
}

// ---------------------------------------------------------------- SV.MOVE

static void test_SV_MOVE_3_pace_by_the_manual(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int a = man(s, 10, 30), b = man(s, 24, 14), c = man(s, 40, 30);
	tw_terrain w = poly(TW_TER_WOOD, 38, 28, 42, 32);
	tw_table_add(&s->table, &w);
	svt_setup(s);
	sv_srec *m = SVS(s, 0);
	m->pace = SV_PACE_WITHIN;
	m->pace_x = 12;
	refused(s, move1(a, 10, 22), "SV.DOC.19"); // 28.6" from the gun: no running
	ok(s, move1(b, 24, 22));                   // 11" away: it may run (8")
	assert_int_equal(SVF(s, b)->act, SV_ACT_RAN);
	m->pace = SV_PACE_IN_OPEN;
	refused(s, move1(c, 40, 22), "SV.DOC.19"); // in the wood: no running
	ok(s, move1(a, 10, 22));                   // in the open, in sight: it runs
	done(s);
}

static void test_SV_MOVE_4_gun_moves_six_inches_for_two_shots(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	rank(s, 20, 20);
	svt_setup(s);
	SVS(s, 1)->gmove = SV_GMOVE_WITHDRAW;
	SVS(s, 1)->gmove_x = 24;
	end_phase(s, 0);
	tw_order *o = order(SV_OT_SERVE, 1);
	o->gun = 0;
	o->has_target = true;
	o->target = tw_v2(24 + 6.01, 3);
	refused(s, o, "SV.MOVE.4");
	o->target = tw_v2(-1, 3);
	refused(s, o, "SV.MOVE.4");
	o->target = tw_v2(30, 3);
	ok(s, o);
	assert_true(s->gun[0].axle.x == 30 && s->gun[0].axle.y == 3);
	assert_non_null(find_ev(TW_EV_GUN_MOVE, "SV.MOVE.4"));
	assert_int_equal(SVGN(s, 0)->fired, 1); // limit 3, less 2
	assert_int_equal(SVGN(s, 0)->matches, 10); // the matches stay
	done(s);
}

static void test_SV_MOVE_6_measured_along_the_path_no_overlap(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int a = man(s, 20, 60), b = man(s, 20, 57), c = man(s, 30, 60);
	svt_setup(s);
	refused(s, move1(a, 20, 57.2), "SV.MOVE.6"); // 0.2" from b's centre: the bases overlap
	refused(s, move1(a, 20.85, 57), "SV.MOVE.6"); // 0.85" apart
	ok(s, move1(a, 20, 54));                   // passes through b's place to 6" on: a walk
	assert_true(fabs(s->fig[a].move_used - 6.0) < 1e-12);
	// A fallen figure does not block: c may end on b's place once b lies there.
	s->fig[b].status = TW_FS_OUT;
	s->fig[b].flags |= TW_FF_LYING;
	ok(s, move1(c, 25, 57));
	done(s);
	s = scene("STA");
	a = man(s, 20, 60);
	b = man(s, 20, 56);
	c = man(s, 21, 60);
	svt_setup(s);
	s->fig[b].status = TW_FS_OUT;
	ok(s, move1(a, 20, 56)); // onto the casualty's place
	ok(s, move1(c, 20.9, 56)); // 0.9" from a: bases touch, do not overlap
	done(s);
}

static void test_SV_MOVE_7_off_the_table_out_of_the_battle(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int a = man(s, 24, 70);
	rank(s, 3, 60);
	svt_setup(s);
	ok(s, move1(a, 24, 74));
	assert_int_equal(s->fig[a].status, TW_FS_OFF); // not a casualty (TW_FS_OUT)
	assert_non_null(find_ev(TW_EV_WITHDRAW, "SV.MOVE.7"));
	assert_false(sv_standing(s, a));
	// It counts against strength (SV.MOR.8): 2 of 4 standing is not below half, 1 of 4 is.
	SVG(s)->adhering = 0;
	s->fig[1].status = TW_FS_OFF;
	int mod = sv_morale_mod_now(s);
	s->fig[2].status = TW_FS_OFF;
	assert_int_equal(sv_morale_mod_now(s), mod - 1);
	done(s);
}

static void test_SV_MOVE_8_turning_free_no_entering_bases(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	rank(s, 20, 40);
	int n = man(s, 27, 4.8);
	svt_setup(s);
	SVS(s, 1)->gmove = SV_GMOVE_WITHDRAW;
	SVS(s, 1)->gmove_x = 24;
	end_phase(s, 0);
	tw_order *o = order(SV_OT_SERVE, 1);
	o->gun = 0;
	o->has_target = true;
	o->target = tw_v2(28, 3); // passes within 1.5 + 0.45 of figure n
	refused(s, o, "SV.MOVE.8");
	o->has_target = false;
	ok(s, o);
	const tw_event *shot = NULL; // turned to each target in turn, free: the last one's bearing
	for (int i = 0; i < last.n; i++)
		if (last.v[i].type == TW_EV_SHOT)
			shot = &last.v[i];
	assert_non_null(shot);
	assert_true(fabs(s->gun[0].bearing - tw_bearing_deg(tw_sub(s->fig[shot->c].pos, s->gun[0].axle))) < 1e-9);
	assert_true(s->gun[0].axle.x == 24 && s->gun[0].axle.y == 3);
	assert_false(SVGN(s, 0)->moved);
	assert_int_equal(SVGN(s, 0)->fired, 3); // turning cost nothing: the whole limit
	(void)n;
	done(s);
}

static void test_SV_MOVE_9_morale_limits_but_not_the_commander(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int cmd = man(s, 24, 50), a = man(s, 20, 50);
	rank(s, 8, 60);
	SVF(s, cmd)->role = SV_ROLE_COMMANDER;
	svt_setup(s);
	SVG(s)->cond = SV_COND_PAUSE;
	refused(s, move1(a, 20, 47), "SV.MOR.4");
	ok(s, move1(cmd, 24, 45)); // SV.MOR.11: he advances
	done(s);
	s = scene("STA");
	cmd = man(s, 24, 50);
	a = man(s, 20, 50);
	SVF(s, cmd)->role = SV_ROLE_COMMANDER;
	svt_setup(s);
	SVG(s)->cond = SV_COND_RECOIL;
	refused(s, move1(a, 21, 50), "SV.MOR.5"); // sideways is not away
	ok(s, move1(a, 20, 53));
	ok(s, move1(cmd, 24, 45));
	done(s);
}

// ---------------------------------------------------------------- SV.FIRE

static void test_SV_FIRE_1_a_six_within_twelve(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int a = man(s, 24, 15), b = man(s, 24, 15.01), c = man(s, 30, 11), cmd = man(s, 18, 11);
	tw_terrain h = poly(TW_TER_HOUSE, 28, 7, 32, 9);
	tw_table_add(&s->table, &h);
	SVF(s, cmd)->role = SV_ROLE_COMMANDER;
	svt_setup(s);
	s->dice = TW_DICE_ENTERED;
	refused(s, fire1(b, 6), "SV.FIRE.1"); // 12.01"
	refused(s, fire1(c, 6), "SV.FIRE.1"); // the house hides the gun
	refused(s, fire1(cmd, 6), "SV.BAT.8"); // the commander never fires
	ok(s, fire1(a, 5));                   // 12.0" is within range; 5 misses there
	assert_int_equal(SVGN(s, 0)->pending, 0);
	const tw_event *e = find_ev(TW_EV_INFO, "SV.FIRE.1");
	assert_non_null(e);
	assert_int_equal(e->c, 5);
	assert_int_equal(e->d, 0);
	done(s);
	s = scene("STA");
	a = man(s, 24, 10);
	svt_setup(s);
	s->dice = TW_DICE_ENTERED;
	ok(s, fire1(a, 6));
	assert_int_equal(SVGN(s, 0)->pending, 1);
	assert_int_equal(find_ev(TW_EV_INFO, "SV.FIRE.1")->d, 1);
	done(s);
}

static void test_SV_FIRE_2_five_or_six_within_six(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int a = man(s, 24, 9), b = man(s, 24, 9.05);
	svt_setup(s);
	s->dice = TW_DICE_ENTERED;
	SVS(s, 0)->assault = 0;
	ok(s, fire1(a, 5)); // 6.0": a 5 hits
	assert_int_equal(SVGN(s, 0)->pending, 1);
	const tw_event *e = find_ev(TW_EV_INFO, "SV.FIRE.2");
	assert_non_null(e);
	assert_int_equal(e->d, 1);
	ok(s, fire1(b, 5)); // 6.05": a 5 misses
	assert_int_equal(SVGN(s, 0)->pending, 1);
	assert_int_equal(find_ev(TW_EV_INFO, "SV.FIRE.1")->d, 0);
	done(s);
}

static void test_SV_FIRE_3_hits_come_off_for_good(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int a = man(s, 24, 14), b = man(s, 22, 14);
	rank(s, 10, 60);
	svt_setup(s);
	s->dice = TW_DICE_ENTERED;
	tw_order *o = order(SV_OT_FIRE, 0);
	o->nfig = 2, o->fig[0] = a, o->fig[1] = b, o->ndice = 2, o->dice[0] = 6, o->dice[1] = 6;
	ok(s, o);
	assert_int_equal(SVGN(s, 0)->matches, 10); // with effect from the gun's next phase
	end_phase(s, 0);
	assert_int_equal(SVGN(s, 0)->matches, 8);
	assert_int_equal(SVGN(s, 0)->limit, 3);
	o = order(SV_OT_SERVE, 1); // firing uses no matches
	o->gun = 0;
	o->ndice = 3, o->dice[0] = 1, o->dice[1] = 1, o->dice[2] = 1;
	ok(s, o);
	assert_int_equal(SVGN(s, 0)->matches, 8);
	end_phase(s, 1);
	assert_int_equal(SVGN(s, 0)->matches, 8); // still 8 in turn 2: permanent
	done(s);
}

static void test_SV_FIRE_4_cannon_fire_at_the_manuals_target(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int near = man(s, 24, 23), cmd = man(s, 30, 33);
	rank(s, 5, 66);
	SVF(s, cmd)->role = SV_ROLE_COMMANDER;
	svt_setup(s);
	exact_gun(s, 0);
	SVGN(s, 0)->carry = 0;
	SVS(s, 1)->targets[0] = SV_TGT_COMMANDER;
	end_phase(s, 0);
	SVGN(s, 0)->limit = 1;
	tw_order *o = order(SV_OT_SERVE, 1);
	o->gun = 0;
	ok(s, o);
	const tw_event *e = find_ev(TW_EV_SHOT, "SV.GUN.8");
	assert_non_null(e);
	assert_int_equal(e->c, cmd); // AM.targets COMMANDER first
	assert_int_equal(s->fig[cmd].status, TW_FS_OUT);
	assert_int_equal(s->fig[near].status, TW_FS_ACTIVE);
	assert_non_null(find_ev(TW_EV_KILL, "SV.GUN.10"));
	done(s);
}

static void test_SV_FIRE_5_physical_only_the_entered_fall(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int a = man(s, 24, 30), b = man(s, 24.5, 30.2), c = man(s, 25, 30.4);
	svt_setup(s);
	s->dice = TW_DICE_ENTERED;
	end_phase(s, 0);
	tw_order *o = order(SV_OT_SERVE, 1);
	o->gun = 0;
	o->ndice = 1, o->dice[0] = 1;
	o->nfig = 1, o->fig[0] = b; // the match knocked b over; a and c were upset by a sleeve
	ok(s, o);
	assert_int_equal(s->fig[a].status, TW_FS_ACTIVE);
	assert_int_equal(s->fig[b].status, TW_FS_OUT);
	assert_int_equal(s->fig[c].status, TW_FS_ACTIVE);
	assert_int_equal(count_ev(TW_EV_KILL, "SV.FIRE.5"), 1);
	done(s);
}

static void test_SV_FIRE_6_casualties_lie_where_they_fell(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int a = man(s, 24, 30), b = man(s, 24, 33);
	man(s, 10, 60);
	svt_setup(s);
	s->dice = TW_DICE_ENTERED;
	end_phase(s, 0);
	tw_order *o = order(SV_OT_SERVE, 1);
	o->gun = 0;
	o->ndice = 1, o->dice[0] = 1;
	o->nfig = 1, o->fig[0] = a;
	ok(s, o);
	assert_int_equal(s->fig[a].status, TW_FS_OUT);
	assert_true(s->fig[a].flags & TW_FF_LYING);
	assert_true(s->fig[a].pos.x == 24 && s->fig[a].pos.y == 30); // not taken off
	assert_int_equal(s->nfig, 3);
	o = order(SV_OT_END, 1);
	o->ndice = 3; // 1 of 3 fell: three tests
	o->dice[0] = o->dice[1] = o->dice[2] = 6;
	ok(s, o);
	end_phase(s, 0);
	o = order(SV_OT_SERVE, 1); // it cannot be hit again
	o->gun = 0;
	o->ndice = 1, o->dice[0] = 1;
	o->nfig = 1, o->fig[0] = a;
	refused(s, o, "SV.FIRE.6");
	done(s);
	// It blocks no match: the fast shot passes it and strikes the figure behind.
	s = scene("STA");
	a = man(s, 24, 3 + 36);
	b = man(s, 24, 3 + 37);
	svt_setup(s);
	s->fig[a].status = TW_FS_OUT;
	sv_shot_out out;
	const double dr[] = {0.5, 0, 0, 0.99};
	tw_sv_draws d = {dr, 4, 0, false};
	sv_shot(s, 0, 0.0, 36, 17.5, TW_SV_STEADY, &d, NULL, &out);
	assert_int_equal(out.nfell, 1);
	assert_int_equal(out.fell[0], b);
	// ... nor sight: a figure lying between does not hide the gun (sight ignores figures).
	assert_true(sv_sight(s, tw_v2(24, 42), s->gun[0].axle));
	done(s);
}

// ---------------------------------------------------------------- SV.ROF

static void test_SV_ROF_1_effective_rate_and_close_tempo(void **st)
{
	(void)st;
	assert_int_equal(tw_sv_rof(350, TW_SV_TRAINED, TW_SV_RAPID), 438);     // 4.375 half-up: 4.38
	assert_int_equal(tw_sv_rof(250, TW_SV_VETERAN, TW_SV_DELIBERATE), 225); // 2.5 x 1.2 x 0.75
	assert_int_equal(tw_sv_rof(450, TW_SV_RAW, TW_SV_RAPID), 450);         // 4.5 x 0.8 x 1.25
	assert_int_equal(tw_sv_rof(650, TW_SV_RAW, TW_SV_DELIBERATE), 390);
	// In play: a standing figure within 12.0" at the phase's start sets AM.tempo_close (RAPID).
	tw_state *s = scene("STA");
	man(s, 24, 15);
	man(s, 10, 60);
	svt_setup(s);
	SVS(s, 1)->tempo_close = 1 + TW_SV_RAPID;
	end_phase(s, 0);
	assert_int_equal(SVGN(s, 0)->tempo, TW_SV_RAPID);
	assert_int_equal(SVGN(s, 0)->limit, 4);
	assert_int_equal(SVGN(s, 0)->acc, 38);
	done(s);
	s = scene("STA");
	man(s, 24, 15.01);
	svt_setup(s);
	SVS(s, 1)->tempo_close = 1 + TW_SV_RAPID;
	end_phase(s, 0);
	assert_int_equal(SVGN(s, 0)->tempo, TW_SV_STEADY);
	assert_int_equal(SVGN(s, 0)->limit, 3);
	assert_int_equal(SVGN(s, 0)->acc, 50);
	done(s);
}

static void test_SV_ROF_2_accumulator_and_allocation(void **st)
{
	(void)st;
	tw_state *s = scene("STA"); // 3.50 a minute: 3, 4, 3, 4 ...
	rank(s, 40, 50);
	svt_setup(s);
	const int want[] = {3, 4, 3, 4};
	for (int t = 0; t < 4; t++) {
		end_phase(s, 0);
		assert_int_equal(SVGN(s, 0)->limit, want[t]);
		assert_int_equal(SVGN(s, 0)->acc, t % 2 ? 0 : 50);
		end_phase(s, 1);
	}
	// n = min(allocation, R): 2 matches left, limit 3: 2 shots; the third is lost (acc 50).
	SVGN(s, 0)->matches = 2;
	end_phase(s, 0);
	assert_int_equal(SVGN(s, 0)->limit, 3);
	tw_order *o = order(SV_OT_SERVE, 1);
	o->gun = 0;
	int fired = SVGN(s, 0)->fired;
	ok(s, o);
	assert_int_equal(SVGN(s, 0)->fired - fired, 2);
	assert_int_equal(SVGN(s, 0)->acc, 50);
	done(s);
}

static void test_SV_ROF_3_allocation_after_the_attackers_phase(void **st)
{
	(void)st;
	tw_state *s = scene("TEM"); // 6.50 a minute: limit 6
	int a = man(s, 24, 14), b = man(s, 22, 14), c = man(s, 26, 14);
	rank(s, 30, 50);
	svt_setup(s);
	s->dice = TW_DICE_ENTERED;
	SVGN(s, 0)->matches = 5;
	tw_order *o = order(SV_OT_FIRE, 0);
	o->nfig = 3, o->fig[0] = a, o->fig[1] = b, o->fig[2] = c;
	o->ndice = 3, o->dice[0] = 6, o->dice[1] = 6, o->dice[2] = 1;
	ok(s, o);
	end_phase(s, 0);
	assert_int_equal(SVGN(s, 0)->matches, 3);
	assert_int_equal(SVGN(s, 0)->limit, 6);
	s->dice = TW_DICE_GENERATOR;
	o = order(SV_OT_SERVE, 1);
	o->gun = 0;
	ok(s, o);
	assert_int_equal(SVGN(s, 0)->fired, 3); // the allocation, 3, not the limit, 6
	const tw_event *e = find_ev(TW_EV_INFO, "SV.ROF.3");
	assert_non_null(e);
	assert_int_equal(e->b, 3);
	assert_int_equal(e->c, 6);
	assert_int_equal(e->d, 3);
	done(s);
	// A destroyed gun does not fire.
	s = scene("STA");
	add_gun(s, "TEM", 40, 3);
	rank(s, 10, 50);
	svt_setup(s);
	SVGN(s, 1)->matches = 0;
	end_phase(s, 0);
	assert_int_equal(SVGN(s, 1)->limit, 0);
	o = order(SV_OT_SERVE, 1);
	o->gun = 1;
	refused(s, o, "SV.ROF.3");
	done(s);
}

static void test_SV_ROF_4_a_moved_gun_loses_two(void **st)
{
	(void)st;
	tw_state *s = scene("TEM"); // limit 6; moved: 4
	rank(s, 40, 20);
	svt_setup(s);
	SVS(s, 1)->gmove = SV_GMOVE_WITHDRAW;
	SVS(s, 1)->gmove_x = 24;
	end_phase(s, 0);
	tw_order *o = order(SV_OT_SERVE, 1);
	o->gun = 0;
	o->has_target = true;
	o->target = tw_v2(20, 3);
	ok(s, o);
	assert_int_equal(SVGN(s, 0)->fired, 4);
	assert_int_equal(SVGN(s, 0)->acc, 50); // the accumulator as SV.ROF.2
	const tw_event *e = find_ev(TW_EV_INFO, "SV.ROF.4");
	assert_non_null(e);
	assert_int_equal(e->b, 4);
	assert_int_equal(e->c, 6);
	assert_int_equal(tw_sv_rof_shots(1, 3, true), 0);
	assert_int_equal(tw_sv_rof_shots(10, 2, true), 0);
	assert_int_equal(tw_sv_rof_shots(10, 3, true), 1);
	done(s);
}

static void test_SV_ROF_5_human_on_the_clock(void **st)
{
	(void)st;
	// t_r = 60 / RoF_eff; shots at 0, t_r, 2 t_r ... up to 60.0 s; after a move from 2 t_r.
	assert_int_equal(tw_sv_clock_shots(650, false), 7); // 0, 9.2, ... 55.4
	assert_int_equal(tw_sv_clock_shots(650, true), 5);  // 18.5 ... 55.4
	assert_int_equal(tw_sv_clock_shots(300, false), 4); // 0, 20, 40, 60.0
	assert_int_equal(tw_sv_clock_shots(300, true), 2);  // 40, 60.0
	assert_int_equal(tw_sv_clock_shots(299, false), 3); // 60.2 is too late
	assert_int_equal(tw_sv_clock_shots(150, true), 0);  // 2 t_r = 80 s
	assert_int_equal(tw_sv_clock_shots(0, false), 0);
}

static void test_SV_ROF_7_two_guns_two_accumulators(void **st)
{
	(void)st;
	tw_state *s = scene("STA"); // 3.50
	add_gun(s, "IMP", 40, 3);   // 2.50
	rank(s, 40, 50);
	svt_setup(s);
	const int l0[] = {3, 4, 3}, l1[] = {2, 3, 2}, a1[] = {50, 0, 50};
	for (int t = 0; t < 3; t++) {
		end_phase(s, 0);
		assert_int_equal(SVGN(s, 0)->limit, l0[t]);
		assert_int_equal(SVGN(s, 1)->limit, l1[t]);
		assert_int_equal(SVGN(s, 1)->acc, a1[t]);
		if (t == 0) { // gun 1 serves, gun 0 not: each keeps its own account
			tw_order *o = order(SV_OT_SERVE, 1);
			o->gun = 1;
			ok(s, o);
			assert_int_equal(SVGN(s, 1)->fired, 2);
			assert_int_equal(SVGN(s, 0)->fired, 0);
		}
		end_phase(s, 1);
	}
	done(s);
}

// ---------------------------------------------------------------- SV.MOR

static void test_SV_MOR_8_judging_the_factors(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int cmd = man(s, 24, 33), bug = man(s, 30, 40);
	for (int i = 0; i < 8; i++)
		man(s, 4 + 5 * i, 30);
	SVF(s, cmd)->role = SV_ROLE_COMMANDER;
	SVF(s, bug)->role = SV_ROLE_BUGLER;
	svt_setup(s);
	SVG(s)->adhering = 0;
	// Nearest rifleman 27" from the gun (at 24, 30); the commander at 30": 3" farther: leading.
	assert_int_equal(sv_morale_mod_now(s), 1);
	s->fig[cmd].pos = tw_v2(24, 33.01);
	assert_int_equal(sv_morale_mod_now(s), 0);
	s->fig[cmd].pos = tw_v2(24, 33);
	SVS(s, 0)->bugler = 1; // the bugler plays only when the manual calls for one
	assert_int_equal(sv_morale_mod_now(s), 2);
	s->fig[bug].status = TW_FS_OUT;
	assert_int_equal(sv_morale_mod_now(s), 1);
	SVG(s)->adhering = 1;
	assert_int_equal(sv_morale_mod_now(s), 2);
	// Below half: 10 started; with the bugler fallen 9 stand; 5 more fall: 4 < 5.
	for (int f = 2; f < 7; f++)
		s->fig[f].status = TW_FS_OUT;
	assert_int_equal(sv_morale_mod_now(s), 1);
	s->fig[6].status = TW_FS_ACTIVE; // 5 of 10: not below half
	assert_int_equal(sv_morale_mod_now(s), 2);
	done(s);
	// Out of sight: more than half of those standing see no gun in action.
	s = scene("STA");
	for (int i = 0; i < 4; i++)
		man(s, i < 2 ? 20 + 2 * i : 22 + 2 * i, 40);
	tw_terrain h = poly(TW_TER_HOUSE, 19, 20, 23, 24);
	tw_table_add(&s->table, &h);
	svt_setup(s);
	SVG(s)->adhering = 0;
	// The house hides the figures at x 20 and 22 from the gun at (24, 3), not those at 26 and 28.
	int hidden = 0;
	for (int f = 0; f < 4; f++)
		hidden += !sv_sight(s, s->fig[f].pos, s->gun[0].axle);
	assert_int_equal(hidden, 2);
	assert_int_equal(sv_morale_mod_now(s), 0); // 2 of 4: not more than half
	s->fig[3].status = TW_FS_OUT;               // 2 of 3
	assert_int_equal(sv_morale_mod_now(s), -1);
	done(s);
}

static void test_SV_MOR_10_one_test_binds_the_company(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int cmd = man(s, 24, 50);
	SVF(s, cmd)->role = SV_ROLE_COMMANDER;
	for (int i = 0; i < 19; i++)
		man(s, 2 + 2 * i, 50);
	svt_setup(s);
	s->dice = TW_DICE_ENTERED;
	end_phase(s, 0);
	SVG(s)->hits = 2; // 2 of 20: one test for the whole company, one die
	tw_order *o = order(SV_OT_END, 1);
	o->ndice = 1;
	o->dice[0] = 2; // + 2 (commander leading, adhering) = 4: Pause
	ok(s, o);
	assert_int_equal(SVG(s)->morale_rolls, 1);
	assert_int_equal(count_ev(TW_EV_INFO, "SV.MOR.2"), 1);
	const tw_event *f8 = find_ev(TW_EV_INFO, "SV.MOR.8"); // the factors judged: commander, adhering
	assert_non_null(f8);
	assert_int_equal(f8->a, 1 | 4);
	assert_int_equal(f8->b, 2);
	assert_int_equal(SVG(s)->cond, SV_COND_PAUSE);
	for (int f = 1; f < 20; f++) // every rifleman is bound
		refused(s, move1(f, s->fig[f].pos.x, 49), "SV.MOR.4");
	ok(s, move1(cmd, 24, 47)); // not the commander
	done(s);
}

static void test_SV_MOR_11_the_commander_ignores_morale(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int cmd = man(s, 24, 40), a = man(s, 20, 40);
	SVF(s, cmd)->role = SV_ROLE_COMMANDER;
	svt_setup(s);
	SVG(s)->cond = SV_COND_RECOIL;
	refused(s, move1(a, 20, 36), "SV.MOR.5");
	ok(s, move1(cmd, 24, 34)); // he walks forward while the company recoils
	done(s);
}

// ---------------------------------------------------------------- SV.WIN

static void test_SV_WIN_1_victory_either_way(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int a = man(s, 24, 12);
	rank(s, 5, 60);
	svt_setup(s);
	s->dice = TW_DICE_ENTERED;
	SVGN(s, 0)->matches = 1;
	ok(s, fire1(a, 6));
	assert_false(s->over); // the gun is destroyed at the phase's end
	end_phase(s, 0);
	assert_true(s->over);
	assert_int_equal(s->winner, 0); // the infantry
	assert_non_null(find_ev(TW_EV_VICTORY, "SV.WIN.2"));
	done(s);
	s = scene("STA");
	a = man(s, 24, 70);
	svt_setup(s);
	ok(s, move1(a, 24, 74)); // the only figure leaves: repelled
	end_phase(s, 0);
	assert_false(s->over);
	end_phase(s, 1);
	assert_true(s->over);
	assert_int_equal(s->winner, 1); // the gun
	done(s);
}

static void test_SV_WIN_3_driven_off_or_conceding(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	rank(s, 4, 60);
	svt_setup(s);
	tw_order *o = order(SV_OT_CONCEDE, 1);
	refused(s, o, "SV.WIN.3"); // only the infantry concede
	ok(s, order(SV_OT_CONCEDE, 0));
	assert_true(s->over);
	assert_int_equal(s->winner, 1);
	assert_non_null(find_ev(TW_EV_VICTORY, "SV.WIN.3"));
	done(s);
	// (a) no standing figure at the turn's end, though every one fell to the gun.
	s = scene("STA");
	int a = man(s, 24, 40);
	svt_setup(s);
	s->dice = TW_DICE_ENTERED;
	end_phase(s, 0);
	o = order(SV_OT_SERVE, 1);
	o->gun = 0;
	o->ndice = 1, o->dice[0] = 1, o->nfig = 1, o->fig[0] = a;
	ok(s, o);
	assert_false(s->over);
	o = order(SV_OT_END, 1);
	o->ndice = 10; // 1 of 1: ten tests due
	for (int i = 0; i < 10; i++)
		o->dice[i] = 6;
	ok(s, o);
	assert_true(s->over);
	assert_int_equal(s->winner, 1);
	done(s);
}

static void test_SV_WIN_4_nothing_else_ends_the_battle(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	rank(s, 10, 60);
	svt_setup(s);
	s->dice = TW_DICE_ENTERED;
	for (int f = 0; f < 8; f++) // 2 of 10 standing
		s->fig[f].status = TW_FS_OUT;
	SVG(s)->recoil = 1, SVG(s)->recoil_turn = 0; // recoiling since before
	for (int t = 0; t < 3; t++) {
		end_phase(s, 0);
		tw_order *o = order(SV_OT_END, 1);
		o->ndice = 1, o->dice[0] = 1; // the next turn's recovery roll: 1 - 1 (below half) recoils again
		ok(s, o);
		assert_false(s->over);
		assert_int_equal(SVG(s)->cond, SV_COND_RECOIL);
	}
	assert_true(SVG(s)->recoil);
	done(s);
}

static void test_SV_WIN_5_the_result_record(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int a = man(s, 24, 14), b = man(s, 24, 70);
	rank(s, 8, 60);
	svt_setup(s);
	s->dice = TW_DICE_ENTERED;
	SVS(s, 0)->spacing = 0;
	ok(s, fire1(a, 6));
	ok(s, move1(b, 24, 74));
	end_phase(s, 0); // turn 1 adheres
	tw_order *o = order(SV_OT_SERVE, 1);
	o->gun = 0;
	o->ndice = 2, o->dice[0] = 1, o->dice[1] = 2, o->nfig = 1, o->fig[0] = 2;
	ok(s, o);
	o = order(SV_OT_END, 1);
	o->ndice = 1, o->dice[0] = 6; // 1 of 10: one test
	ok(s, o);
	// Turn 2: figure 3 (a rifleman within 12"? no: at 60) ... the commander check fails nobody;
	// break the verdict by running against IM.pace (NEVER) through an umpire's hand.
	SVS(s, 0)->pace = SV_PACE_ANYTIME;
	ok(s, move1(3, 4, 52));
	SVS(s, 0)->pace = SV_PACE_NEVER;
	end_phase(s, 0);
	assert_false(SVG(s)->adhering);
	ok(s, order(SV_OT_CONCEDE, 0));
	const sv_game *g = SVG(s);
	assert_true(s->over);
	assert_int_equal(s->winner, 1);
	assert_int_equal(g->turn, 2);
	assert_int_equal(SVGN(s, 0)->matches, 9);
	assert_int_equal(SVGN(s, 0)->fired, 2);
	assert_int_equal(SVGN(s, 0)->misfired, 1);
	assert_int_equal(g->morale_rolls, 1);
	int out = 0, off = 0;
	for (int f = 0; f < s->nfig; f++)
		out += s->fig[f].status == TW_FS_OUT, off += s->fig[f].status == TW_FS_OFF;
	assert_int_equal(out, 1);
	assert_int_equal(off, 1);
	// The verdict of every turn: turn 1 kept, turn 2 broken.
	assert_int_equal(g->verdict_turns, 2);
	assert_true(g->verdicts == 1);
	const tw_event *e = find_ev(TW_EV_INFO, "SV.WIN.5"); // the record in the concession's events
	assert_non_null(e);
	assert_int_equal(e->a, 2);
	assert_int_equal(e->b, 1);
	assert_int_equal(e->c, 1);
	assert_int_equal(e->d, 1);
	assert_true(e->v == 1.0);
	done(s);
}

// ---------------------------------------------------------------- SV.GUN

static void test_SV_GUN_2_label_cards(void **st)
{
	(void)st;
	static const struct {
		const char *code;
		int range, rpm, mis, sight, weight, stars, price;
	} want[] = {{"VUL", 144, 6, 1, 1, 1, 4, 400}, {"STA", 108, 3, 5, 0, 2, 2, 350}, {"TEM", 120, 10, 2, 1, 1, 4, 450},
		    {"ALP", 96, 5, 3, 0, 0, 2, 180},   {"IMP", 168, 5, 0, 2, 2, 5, 600}, {"ECO", 120, 6, 5, 0, 0, 1, 100},
		    {"LEN", 132, 4, 2, 2, 1, 3, 380},  {"ARS", 84, 3, 10, 0, 2, 1, 0}};
	for (int i = 0; i < TW_SV_GUN_COUNT; i++) {
		const tw_sv_label *l = &tw_sv_labels[i];
		assert_string_equal(l->code, want[i].code);
		assert_int_equal(l->range, want[i].range);
		assert_int_equal(l->rpm, want[i].rpm);
		assert_int_equal(l->misfires, want[i].mis);
		assert_int_equal(l->sight, want[i].sight);
		assert_int_equal(l->weight, want[i].weight);
		assert_int_equal(l->stars, want[i].stars);
		assert_int_equal(l->price, want[i].price);
		// The physics catalogue advertises the same greatest range.
		assert_true(tw_gun_model_get(tw_gun_model_find(l->code))->adv_range == l->range);
	}
	assert_int_equal(tw_sv_labels[TW_SV_STA].maker_country, TW_SV_BOSROVIA);
	assert_int_equal(tw_sv_labels[TW_SV_ALP].maker_country, TW_SV_NO_COUNTRY);
}

static void test_SV_GUN_3_makers_descriptions(void **st)
{
	(void)st;
	for (int i = 0; i < TW_SV_GUN_COUNT; i++) {
		assert_non_null(tw_sv_descriptions[i].text);
		assert_non_null(tw_sv_descriptions[i].look);
		assert_true(strlen(tw_sv_descriptions[i].text) > 60);
	}
	assert_non_null(strstr(tw_sv_descriptions[TW_SV_VUL].text, "hurls its shot a clear twelve feet"));
	assert_non_null(strstr(tw_sv_descriptions[TW_SV_TEM].text, "TEN rounds in a minute"));
	assert_non_null(strstr(tw_sv_descriptions[TW_SV_ARS].text, "Expect one failure in ten."));
	assert_string_equal(tw_sv_descriptions[TW_SV_ECO].look, "a brightly painted tinplate barrel on wheels that wobble slightly.");
}

static void test_SV_GUN_6_crew_quality(void **st)
{
	(void)st;
	const tw_sv_crew crews[] = {TW_SV_RAW, TW_SV_TRAINED, TW_SV_VETERAN};
	const int limit[] = {2, 3, 4}, acc[] = {80, 50, 20}; // 2.80, 3.50, 4.20
	for (int c = 0; c < 3; c++) {
		tw_state *s = scene("STA");
		rank(s, 10, 60);
		SVS(s, 1)->crew = crews[c]; // the country's crews (a scenario may set them)
		svt_setup(s);
		assert_int_equal(SVGN(s, 0)->crew, crews[c]);
		end_phase(s, 0);
		assert_int_equal(SVGN(s, 0)->limit, limit[c]);
		assert_int_equal(SVGN(s, 0)->acc, acc[c]);
		done(s);
	}
}

static void test_SV_GUN_7_tempo_factors(void **st)
{
	(void)st;
	assert_true(tw_sv_misfire(0.20, TW_SV_RAPID) == 0.40);
	assert_true(tw_sv_misfire(0.30, TW_SV_RAPID) == 0.50); // never above 0.50
	assert_true(tw_sv_misfire(0.10, TW_SV_DELIBERATE) == 0.05);
	assert_int_equal(tw_sv_rof(400, TW_SV_TRAINED, TW_SV_RAPID), 500);
	assert_int_equal(tw_sv_rof(400, TW_SV_TRAINED, TW_SV_DELIBERATE), 300);
	// Bearing dispersion: a bearing draw of z = 1 turns STA's shot by 1.5 x 1.5 deg under RAPID.
	tw_state *s = scene("STA");
	man(s, 10, 60);
	svt_setup(s);
	sv_shot_out out;
	const double dr[] = {0.9, 0, 1.0};
	tw_sv_draws d = {dr, 3, 0, false};
	sv_shot(s, 0, 10.0, 36, 17.5, TW_SV_RAPID, &d, NULL, &out);
	assert_true(fabs(out.phi - 12.25) < 1e-12);
	tw_sv_draws d2 = {dr, 3, 0, false};
	sv_shot(s, 0, 10.0, 36, 17.5, TW_SV_DELIBERATE, &d2, NULL, &out);
	assert_true(fabs(out.phi - 11.125) < 1e-12);
	// The misfire factor: a draw of 0.05 misfires STA (0.03) under RAPID (0.06), not STEADY.
	const double m[] = {0.05, 0, 0};
	tw_sv_draws d3 = {m, 3, 0, false};
	sv_shot(s, 0, 0, 36, 17.5, TW_SV_RAPID, &d3, NULL, &out);
	assert_true(out.misfire);
	tw_sv_draws d4 = {m, 3, 0, false};
	sv_shot(s, 0, 0, 36, 17.5, TW_SV_STEADY, &d4, NULL, &out);
	assert_false(out.misfire);
	done(s);
}

static void test_SV_GUN_9_above_the_figures_before_the_zone(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	// Set 36" with the true velocity: e = 0.5 asin(36 g / 210^2) = 9.19 deg, D1 = 36,
	// Z0 = 36 - 1/tan e = 29.82, Z1 = 40.
	int a = man(s, 24, 3 + 29.7), b = man(s, 24, 3 + 29.9);
	svt_setup(s);
	sv_shot_out out;
	const double dr[] = {0.5, 0, 0, 0.99};
	tw_sv_draws d = {dr, 4, 0, false};
	sv_shot(s, 0, 0.0, 36, 17.5, TW_SV_STEADY, &d, NULL, &out);
	assert_true(fabs(out.z0 - (36 - 1 / tan(out.e * 3.14159265358979323846 / 180))) < 1e-9);
	assert_true(out.z0 > 29.7 && out.z0 < 29.9);
	assert_int_equal(out.nfell, 1);
	assert_int_equal(out.fell[0], b); // a, short of Z0, is flown over
	(void)a;
	done(s);
}

static void test_SV_GUN_11_cover_and_the_match(void **st)
{
	(void)st;
	const double dr[] = {0.5, 0, 0, 0.99};
	sv_shot_out out;
	// Tall hard cover stops the match in flight: a building at 20" hides nothing in sight, but
	// it stops the match before Z0.
	tw_state *s = scene("STA");
	man(s, 24, 3 + 36);
	tw_terrain h = poly(TW_TER_HOUSE, 20, 3 + 20, 28, 3 + 22);
	tw_table_add(&s->table, &h);
	svt_setup(s);
	tw_sv_draws d = {dr, 4, 0, false};
	sv_shot(s, 0, 0.0, 36, 17.5, TW_SV_STEADY, &d, NULL, &out);
	assert_int_equal(out.nfell, 0);
	assert_true(fabs(out.stop - 20.0) < 1e-5);
	done(s);
	// A wall before Z0 is flown over: the figure 2" beyond it (not behind it) falls.
	s = scene("STA");
	int a = man(s, 24, 3 + 36);
	tw_terrain w = poly(TW_TER_WALL, 20, 3 + 20, 28, 3 + 20.5);
	tw_table_add(&s->table, &w);
	svt_setup(s);
	tw_sv_draws d2 = {dr, 4, 0, false};
	sv_shot(s, 0, 0.0, 36, 17.5, TW_SV_STEADY, &d2, NULL, &out);
	assert_int_equal(out.nfell, 1);
	assert_int_equal(out.fell[0], a);
	done(s);
	// A wall inside the zone stops it: the figure beyond the wall at 34" stays up.
	s = scene("STA");
	a = man(s, 24, 3 + 35);
	w = poly(TW_TER_WALL, 20, 3 + 31, 28, 3 + 31.5);
	tw_table_add(&s->table, &w);
	svt_setup(s);
	tw_sv_draws d3 = {dr, 4, 0, false};
	sv_shot(s, 0, 0.0, 36, 17.5, TW_SV_STEADY, &d3, NULL, &out);
	assert_int_equal(out.nfell, 0);
	assert_true(fabs(out.stop - 31.0) < 1e-5);
	done(s);
	// A hill the gun cannot see over: the figure behind it cannot be struck.
	s = scene("STA");
	a = man(s, 24, 3 + 36);
	tw_terrain hl = poly(TW_TER_HILL, 18, 3 + 30, 30, 3 + 34);
	tw_table_add(&s->table, &hl);
	svt_setup(s);
	tw_sv_draws d4 = {dr, 4, 0, false};
	sv_shot(s, 0, 0.0, 36, 17.5, TW_SV_STEADY, &d4, NULL, &out);
	assert_int_equal(out.nfell, 0);
	(void)a;
	done(s);
}

static void test_SV_GUN_12_how_the_gunner_aims(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	int a = man(s, 24 + 12, 3 + 35);
	svt_setup(s);
	exact_gun(s, 0);
	sv_srec *m = SVS(s, 1);
	m->range_factor = 0.81;
	m->aim_beyond = 2;
	end_phase(s, 0);
	SVGN(s, 0)->limit = 1;
	tw_order *o = order(SV_OT_SERVE, 1);
	o->gun = 0;
	ok(s, o);
	const tw_event *e = find_ev(TW_EV_SHOT, "SV.GUN.8");
	assert_non_null(e);
	assert_int_equal(e->c, a);
	double dist = sqrt(12.0 * 12 + 35.0 * 35), vb = tw_sv_v_adv(108) * 0.9;
	double want = tw_sv_first_graze(17.5, tw_sv_elevation(dist + 2, vb));
	assert_true(fabs(e->v - want) < 1e-9);
	assert_true(fabs(s->gun[0].bearing - tw_bearing_deg(tw_v2(12, 35))) < 1e-9); // theta at its centre
	done(s);
}

// ---------------------------------------------------------------- the computer player (part 2)

static int seen_from(const tw_state *s, tw_vec2 p)
{
	int n = 0;
	for (int f = 0; f < s->nfig; f++)
		n += sv_standing(s, f) && sv_sight(s, p, s->fig[f].pos);
	return n;
}

static void test_SV_DOC_13_AM_move_to_regain_sight(void **st)
{
	(void)st;
	tw_state *s = scene("STA");
	man(s, 20, 40), man(s, 24, 40), man(s, 28, 40);
	tw_terrain h = poly(TW_TER_HOUSE, 20, 8, 28, 12);
	tw_table_add(&s->table, &h);
	svt_setup(s);
	SVS(s, 1)->gmove = SV_GMOVE_REGAIN;
	end_phase(s, 0);
	assert_int_equal(seen_from(s, s->gun[0].axle), 0); // the house hides all three
	tw_order *o = malloc(sizeof *o);
	assert_int_equal(sv_auto_orders(s, 1, o, 1), 1);
	assert_int_equal(o->type, SV_OT_SERVE);
	assert_true(o->has_target);
	double d = tw_dist(o->target, s->gun[0].axle);
	assert_true(d <= 6.0 + 1e-9);
	assert_int_equal(seen_from(s, o->target), 2);
	// No spot of the grid within 6" sees all three, none nearer sees two.
	for (double dx = -6; dx <= 6; dx += 0.5)
		for (double dy = -6; dy <= 6; dy += 0.5) {
			tw_vec2 p = tw_v2(24 + dx, 3 + dy);
			if (tw_dist(p, s->gun[0].axle) > 6 || p.y < 0 || sv_impassable_segment(s, s->gun[0].axle, p))
				continue;
			assert_true(seen_from(s, p) < 3);
			if (seen_from(s, p) == 2)
				assert_true(tw_dist(p, s->gun[0].axle) >= d - 1e-9);
		}
	ok(s, o);
	assert_int_equal(SVGN(s, 0)->fired, 1); // moved: 3 less 2
	done(s);
	// A figure in sight: the gun stays.
	s = scene("STA");
	man(s, 20, 40), man(s, 46, 20);
	tw_table_add(&s->table, &h);
	svt_setup(s);
	SVS(s, 1)->gmove = SV_GMOVE_REGAIN;
	end_phase(s, 0);
	assert_int_equal(seen_from(s, s->gun[0].axle), 1);
	assert_int_equal(sv_auto_orders(s, 1, o, 1), 1);
	assert_false(o->has_target);
	free(o);
	done(s);
}

// A company of ten in one rank at y 60 (x 15 ... 33), walking, ignoring cover, never firing.
static tw_state *company(void)
{
	tw_state *s = scene("STA");
	for (int i = 0; i < 10; i++)
		man(s, 15 + 2 * i, 60);
	svt_setup(s);
	sv_srec *m = SVS(s, 0);
	m->cover = SV_COVER_IGNORE;
	m->fire = SV_FIRE_NEVER;
	return s;
}

// The computer's attacker phase (its orders until it ends), then the defender's phase unserved.
static void auto_turn(tw_state *s)
{
	tw_order *o = malloc(sizeof *o);
	for (int i = 0; i < 10 && s->phase == SV_PH_ATTACK; i++) {
		assert_int_equal(sv_auto_orders(s, 0, o, 1), 1);
		ok(s, o);
	}
	free(o);
	if (!s->over)
		end_phase(s, 1);
}

static void test_SV_DOC_12_IM_route(void **st)
{
	(void)st;
	// The centre (24, 60) is 57" from the gun: DIRECT walks 6" straight at it; LEFT heads for the
	// point 12" to the attacker's left of the gun, (36, 3); RIGHT for (12, 3).
	const double gx[] = {24, 36, 12};
	for (int route = 0; route < 3; route++) {
		tw_state *s = company();
		SVS(s, 0)->route = route;
		tw_vec2 p0[10];
		for (int f = 0; f < 10; f++)
			p0[f] = s->fig[f].pos;
		auto_turn(s);
		tw_vec2 want = tw_sub(tw_v2(gx[route], 3), tw_v2(24, 60));
		want = tw_scale(want, 6.0 / tw_len(want));
		for (int f = 0; f < 10; f++) {
			tw_vec2 step = tw_sub(s->fig[f].pos, p0[f]);
			assert_true(fabs(step.x - want.x) < 1e-9 && fabs(step.y - want.y) < 1e-9);
		}
		done(s);
	}
	// Within 18" of the gun the company turns straight at it.
	tw_state *s = company();
	SVS(s, 0)->route = 1;
	for (int f = 0; f < 10; f++)
		s->fig[f].pos.y = 20;
	auto_turn(s);
	assert_true(fabs(s->fig[0].pos.x - 15) < 1e-9 && fabs(s->fig[0].pos.y - 14) < 1e-9);
	done(s);
}

static void test_SV_DOC_12_IM_formation(void **st)
{
	(void)st;
	// COLUMN(2): after five turns the ten stand in two files 1.9" apart (0.9" bases, 1" spacing).
	tw_state *s = company();
	SVS(s, 0)->formation = 1;
	SVS(s, 0)->formation_n = 2;
	for (int t = 0; t < 5; t++)
		auto_turn(s);
	const tw_figure *F = s->fig;
	// Two files of neighbours, 0-4 and 5-9, each front to back in id order (they stood level).
	assert_true(fabs(tw_dist(F[0].pos, F[5].pos) - 1.9) < 1e-6);
	for (int f = 1; f < 10; f++) {
		if (f == 5)
			continue;
		assert_true(fabs(tw_dist(F[f].pos, F[f - 1].pos) - 1.9) < 1e-6);
		assert_true(fabs(tw_dot(tw_sub(F[f].pos, F[f - 1].pos), tw_sub(F[5].pos, F[0].pos))) < 1e-6);
	}
	assert_true(F[4].pos.y > F[0].pos.y + 4 * 1.9 - 0.01); // the column runs back from the gun
	done(s);
	// GROUPS(2): two blocks of five abreast, 6" between them: figure 4's and 5's bases 6" apart.
	s = company();
	SVS(s, 0)->formation = 3;
	SVS(s, 0)->formation_n = 2;
	for (int t = 0; t < 5; t++)
		auto_turn(s);
	F = s->fig;
	tw_vec2 across = tw_sub(F[9].pos, F[0].pos);
	across = tw_scale(across, 1.0 / tw_len(across));
	for (int f = 1; f < 10; f++) { // one rank; 1.9" files within a group, 6" between the groups' bases
		assert_true(fabs(tw_cross(across, tw_sub(F[f].pos, F[0].pos))) < 1e-6);
		assert_true(fabs(tw_dist(F[f].pos, F[f - 1].pos) - (f == 5 ? 6.0 + 0.9 : 1.9)) < 1e-6);
	}
	done(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_SV_BAT_1_equipment_of_the_bundled_battle),
		cmocka_unit_test(test_SV_BAT_2_sparse_open_terrain),
		cmocka_unit_test(test_SV_BAT_3_layout_gun_one_end_figures_the_other),
		cmocka_unit_test(test_SV_BAT_4_attacker_commands_the_infantry),
		cmocka_unit_test(test_SV_BAT_6_piece_types),
		cmocka_unit_test(test_SV_BAT_6_generated_tables),
		cmocka_unit_test(test_SV_BAT_7_sight_and_cover),
		cmocka_unit_test(test_SV_BAT_9_one_or_two_guns_each_with_ten_matches),
		cmocka_unit_test(test_SV_BAT_10_footprint_and_reach),
		cmocka_unit_test(test_SV_SEQ_1_two_phases_a_turn),
		cmocka_unit_test(test_SV_SEQ_2_moves_and_fire_in_the_attackers_phase),
		cmocka_unit_test(test_SV_SEQ_3_the_defenders_minute),
		cmocka_unit_test(test_SV_SEQ_4_order_inside_the_turn),
		cmocka_unit_test(test_SV_SEQ_6_fifteen_turns),
		cmocka_unit_test(test_SV_MOVE_3_pace_by_the_manual),
		cmocka_unit_test(test_SV_MOVE_4_gun_moves_six_inches_for_two_shots),
		cmocka_unit_test(test_SV_MOVE_6_measured_along_the_path_no_overlap),
		cmocka_unit_test(test_SV_MOVE_7_off_the_table_out_of_the_battle),
		cmocka_unit_test(test_SV_MOVE_8_turning_free_no_entering_bases),
		cmocka_unit_test(test_SV_MOVE_9_morale_limits_but_not_the_commander),
		cmocka_unit_test(test_SV_FIRE_1_a_six_within_twelve),
		cmocka_unit_test(test_SV_FIRE_2_five_or_six_within_six),
		cmocka_unit_test(test_SV_FIRE_3_hits_come_off_for_good),
		cmocka_unit_test(test_SV_FIRE_4_cannon_fire_at_the_manuals_target),
		cmocka_unit_test(test_SV_FIRE_5_physical_only_the_entered_fall),
		cmocka_unit_test(test_SV_FIRE_6_casualties_lie_where_they_fell),
		cmocka_unit_test(test_SV_ROF_1_effective_rate_and_close_tempo),
		cmocka_unit_test(test_SV_ROF_2_accumulator_and_allocation),
		cmocka_unit_test(test_SV_ROF_3_allocation_after_the_attackers_phase),
		cmocka_unit_test(test_SV_ROF_4_a_moved_gun_loses_two),
		cmocka_unit_test(test_SV_ROF_5_human_on_the_clock),
		cmocka_unit_test(test_SV_ROF_7_two_guns_two_accumulators),
		cmocka_unit_test(test_SV_MOR_8_judging_the_factors),
		cmocka_unit_test(test_SV_MOR_10_one_test_binds_the_company),
		cmocka_unit_test(test_SV_MOR_11_the_commander_ignores_morale),
		cmocka_unit_test(test_SV_WIN_1_victory_either_way),
		cmocka_unit_test(test_SV_WIN_3_driven_off_or_conceding),
		cmocka_unit_test(test_SV_WIN_4_nothing_else_ends_the_battle),
		cmocka_unit_test(test_SV_WIN_5_the_result_record),
		cmocka_unit_test(test_SV_GUN_2_label_cards),
		cmocka_unit_test(test_SV_GUN_3_makers_descriptions),
		cmocka_unit_test(test_SV_GUN_6_crew_quality),
		cmocka_unit_test(test_SV_GUN_7_tempo_factors),
		cmocka_unit_test(test_SV_GUN_9_above_the_figures_before_the_zone),
		cmocka_unit_test(test_SV_GUN_11_cover_and_the_match),
		cmocka_unit_test(test_SV_GUN_12_how_the_gunner_aims),
		cmocka_unit_test(test_SV_DOC_13_AM_move_to_regain_sight),
		cmocka_unit_test(test_SV_DOC_12_IM_route),
		cmocka_unit_test(test_SV_DOC_12_IM_formation),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	tw_events_free(&last);
	return rc;
}
