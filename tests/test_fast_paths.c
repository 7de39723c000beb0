// The fast paths against the plain ones, on many random cases: every shortcut taken for speed
// must give bit for bit (or verdict for verdict) what the plain computation gives.
//   - tw_terrain_segment_hits (separating-axis early-out) and tw_los (containment tests shared)
//     against the plain code they replaced, kept here as the reference;
//   - the sight memo (lw_sight) against tw_los, with repeated questions and a changed table;
//   - tw_dir_deg (per-thread memo) against sin/cos;
//   - lw_validate_move_extend against the rule set's full validation of the grown order;
//   - the AI route field (row sweeps) and passability grid (box early-out) against the plain ones
//     (the general's fast paths, lw_ai.h, against the plain code in tests/support/lw_oracles.c),
//     in games and on made-up tables (random pieces and sizes, serpents of walls);
//   - the event's clause copied without snprintf, truncated as before;
//   - end-of-move validation judging on the state itself (no copy) leaves it untouched;
//   - orders applied in place (saved, put back when unresolved) against on a copy, with a shot
//     model that fails half its shots (moves and shots are applied without saving: the rules
//     say they succeed or change nothing); the game's packed order log against the orders given;
//   - the melee judge's box early-out against lw_gap; the box early-outs before tw_gun_distance
//     and (the gun target's line of fire) before tw_dist_point_segment; the general's nearest enemy (squares first) against the plain loop;
//   - the passability grid kept per thread for the same table (route_mismatches, above);
//   - the aiming helpers' per-thread memo (elevation for a range, greatest range) afresh;
//   - the general's count of free men near a place, charge arithmetic and ground (over the
//     hill layers), from lists made per decision, against the plain loops;
//   - tw_play_out's views (the state itself while rs->hides says nothing is hidden) against the
//     copied and hidden views as before, with and without the curtain; rs->hides against hide;
//   - the shot recorder's packed results against the results as the model gave them.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include "tinwar/detmath.h"
#include <stdlib.h>
#include <string.h>

#include "core/shot_fast.h"
#include "lw_oracles.h"
#include "test_scale.h"
#include "rules/littlewars/lw.h"
#include "tinwar/io.h"
#include "scene.h"

// ---- references: the plain code as it was before the fast paths ----

static bool ref_segment_hits(const tw_terrain *t, tw_vec2 a, tw_vec2 b)
{
	double x0 = a.x < b.x ? a.x : b.x, x1 = a.x < b.x ? b.x : a.x;
	double y0 = a.y < b.y ? a.y : b.y, y1 = a.y < b.y ? b.y : a.y;
	if (x1 < t->lo.x || x0 > t->hi.x || y1 < t->lo.y || y0 > t->hi.y)
		return false;
	if (t->shape == TW_SHAPE_CIRCLE)
		return tw_dist_point_segment(t->center, a, b) <= t->radius;
	if (tw_point_in_poly(a, t->v, t->nverts) || tw_point_in_poly(b, t->v, t->nverts))
		return true;
	for (int i = 0, j = t->nverts - 1; i < t->nverts; j = i++)
		if (tw_segments_intersect(a, b, t->v[j], t->v[i]))
			return true;
	return false;
}

static bool ref_seg_interval(const tw_terrain *t, tw_vec2 a, tw_vec2 b, double *t0, double *t1)
{
	if (!ref_segment_hits(t, a, b))
		return false;
	tw_vec2 d = tw_sub(b, a);
	if (t->shape == TW_SHAPE_CIRCLE) {
		tw_vec2 f = tw_sub(a, t->center);
		double A = tw_dot(d, d), B = 2 * tw_dot(f, d), C = tw_dot(f, f) - t->radius * t->radius;
		double disc = B * B - 4 * A * C;
		if (A <= 0 || disc < 0) {
			*t0 = 0;
			*t1 = 1;
			return true;
		}
		double s = sqrt(disc);
		*t0 = fmax(0, (-B - s) / (2 * A));
		*t1 = fmin(1, (-B + s) / (2 * A));
		return *t0 <= *t1;
	}
	double lo = 2, hi = -1;
	if (tw_point_in_poly(a, t->v, t->nverts))
		lo = 0, hi = fmax(hi, 0);
	if (tw_point_in_poly(b, t->v, t->nverts))
		lo = fmin(lo, 1), hi = 1;
	for (int i = 0, j = t->nverts - 1; i < t->nverts; j = i++) {
		double u = tw_segment_hit_t(a, b, t->v[j], t->v[i]);
		if (u >= 0) {
			lo = fmin(lo, u);
			hi = fmax(hi, u);
		}
	}
	if (hi < lo)
		return false;
	*t0 = lo;
	*t1 = hi;
	return true;
}

static int32_t ref_los_blocker(const tw_table *tb, tw_vec2 a, double za, tw_vec2 b, double zb)
{
	double wood = 0;
	for (int i = 0; i < tb->nterrain; i++) {
		const tw_terrain *t = &tb->terrain[i];
		bool blocks = tw_terrain_is_solid((tw_terrain_kind)t->kind) || t->kind == TW_TER_HILL ||
			      t->kind == TW_TER_WOOD;
		if (!blocks)
			continue;
		double t0, t1;
		if (!ref_seg_interval(t, a, b, &t0, &t1))
			continue;
		double top = t->z0 + t->height;
		if (t->kind == TW_TER_HILL && (tw_terrain_contains(t, a) || tw_terrain_contains(t, b)))
			continue;
		double z0 = za + (zb - za) * t0, z1 = za + (zb - za) * t1;
		if (t->kind == TW_TER_WOOD) {
			if (fmin(z0, z1) < top)
				wood += (t1 - t0) * tw_dist(a, b);
			if (wood > 2.0)
				return t->id;
			continue;
		}
		if (fmin(z0, z1) < top)
			return t->id;
	}
	return -1;
}

// ---- random cases ----

static uint64_t rng_state = 88172645463325252ull;
static double rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (double)(rng_state >> 11) / 9007199254740992.0;
}

static void load_tables(tw_state *st, int *n)
{
	tw_error err;
	*n = 0;
	memset(&st[0], 0, sizeof st[0]);
	assert_int_equal(tw_state_load(&st[0], TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
	(*n)++;
	for (uint64_t seed = 1; seed <= 4; seed++) {
		memset(&st[*n], 0, sizeof st[*n]);
		assert_int_equal(tw_scenario_generate(&st[*n], "littlewars", seed, 144, 96, &err), TW_OK);
		(*n)++;
	}
}

// A point: anywhere on (or a little off) the table, or on a vertex or edge of a piece, where
// rounding matters most.
static tw_vec2 pick_point(const tw_table *tb)
{
	double u = rnd();
	if (u < 0.5 || tb->nterrain == 0)
		return tw_v2(-10 + rnd() * (tb->width + 20), -10 + rnd() * (tb->depth + 20));
	const tw_terrain *t = &tb->terrain[(int)(rnd() * tb->nterrain) % tb->nterrain];
	if (t->shape == TW_SHAPE_CIRCLE) {
		double ang = rnd() * 6.283185307179586;
		double r = t->radius * (u < 0.75 ? 1.0 : rnd() * 1.2);
		return tw_v2(t->center.x + r * cos(ang), t->center.y + r * sin(ang));
	}
	int i = (int)(rnd() * t->nverts) % t->nverts, j = (i + 1) % t->nverts;
	if (u < 0.7)
		return t->v[i];
	if (u < 0.8) // the box's corners
		return tw_v2(rnd() < 0.5 ? t->lo.x : t->hi.x, rnd() < 0.5 ? t->lo.y : t->hi.y);
	double k = rnd();
	return tw_add(t->v[i], tw_scale(tw_sub(t->v[j], t->v[i]), k));
}

static void test_segment_hits_matches_plain(void **st)
{
	(void)st;
	tw_state s[5];
	int n;
	load_tables(s, &n);
	long cases = 0, hits = 0;
	for (int k = 0; k < n; k++) {
		const tw_table *tb = &s[k].table;
		for (int q = 0; q < 20000; q++) {
			tw_vec2 a = pick_point(tb), b = pick_point(tb);
			if (rnd() < 0.1)
				b = a; // a point, not a segment
			for (int i = 0; i < tb->nterrain; i++) {
				bool fast = tw_terrain_segment_hits(&tb->terrain[i], a, b);
				bool ref = ref_segment_hits(&tb->terrain[i], a, b);
				if (fast != ref)
					fail_msg("piece %d of table %d: (%.17g, %.17g)-(%.17g, %.17g) fast %d plain %d", i, k, a.x,
						 a.y, b.x, b.y, fast, ref);
				if (ref && tw_terrain_box_apart(&tb->terrain[i], a, b)) // the inline early-out
					fail_msg("piece %d of table %d: boxes apart, yet the segment hits", i, k);
				const tw_terrain *pc = &tb->terrain[i];
				if (pc->shape == TW_SHAPE_POLY && tw_terrain_box_excludes(pc, a) &&
				    tw_point_in_poly(a, pc->v, pc->nverts))
					fail_msg("piece %d of table %d: point outside the box, yet inside", i, k);
				cases++;
				hits += ref;
			}
		}
	}
	printf("segment tests: %ld cases, %ld hits, all as the plain test\n", cases, hits);
	assert_true(hits > 1000);
	for (int k = 0; k < n; k++)
		tw_state_free(&s[k]);
}

static void test_los_and_sight_memo_match_plain(void **st)
{
	(void)st;
	tw_state s[5];
	int n;
	load_tables(s, &n);
	lw_sight_memo *m = calloc(1, sizeof *m);
	assert_non_null(m);
	long cases = 0, blocked = 0;
	for (int k = 0; k < n; k++) {
		const tw_table *tb = &s[k].table;
		lw_sight_begin(m, tb);
		tw_vec2 pa[64], pb[64];
		double za[64], zb[64];
		for (int q = 0; q < 64; q++) {
			pa[q] = pick_point(tb);
			pb[q] = pick_point(tb);
			za[q] = tw_table_ground(tb, pa[q]) + rnd() * 2.5;
			zb[q] = tw_table_ground(tb, pb[q]) + rnd() * 2.5;
		}
		for (int q = 0; q < 20000; q++) {
			int i = (int)(rnd() * 64) % 64; // questions asked again and again, as the general does
			int32_t ref = ref_los_blocker(tb, pa[i], za[i], pb[i], zb[i]);
			int32_t fast = tw_los_blocker(tb, pa[i], za[i], pb[i], zb[i]);
			bool memo = lw_sight(m, tb, pa[i], za[i], pb[i], zb[i]);
			assert_int_equal(fast, ref);
			assert_int_equal(memo, ref < 0);
			assert_int_equal(tw_los(tb, pa[i], za[i], pb[i], zb[i]), ref < 0);
			cases++;
			blocked += ref >= 0;
			if (q % 97 == 0) { // and fresh ones
				pa[i] = pick_point(tb);
				pb[i] = pick_point(tb);
			}
		}
	}
	assert_true(m->hits > 1000 && m->misses > 100);
	assert_true(blocked > 100 && blocked < cases);
	// The table changes under the memo (the house in the way is razed): the memo forgets.
	tw_state *t = &s[0];
	lw_sight_begin(m, &t->table);
	int house = -1;
	for (int i = 0; i < t->table.nterrain && house < 0; i++)
		if (t->table.terrain[i].kind == TW_TER_HOUSE)
			house = i;
	assert_true(house >= 0);
	tw_terrain *h = &t->table.terrain[house];
	tw_vec2 c = tw_scale(tw_add(h->lo, h->hi), 0.5);
	tw_vec2 a = tw_add(c, tw_v2(-30, -0.3)), b = tw_add(c, tw_v2(30, 0.2));
	bool before = lw_sight(m, &t->table, a, 1.0, b, 1.0);
	assert_int_equal(before, tw_los(&t->table, a, 1.0, b, 1.0));
	assert_false(before); // the house is in the way
	for (int i = 0; i < t->table.nterrain; i++) { // now everything is flat, the house too
		t->table.terrain[i].height = 0.0;
		t->table.terrain[i].z0 = -5.0;
	}
	lw_sight_begin(m, &t->table);
	assert_int_equal(lw_sight(m, &t->table, a, 1.0, b, 1.0), tw_los(&t->table, a, 1.0, b, 1.0));
	assert_true(lw_sight(m, &t->table, a, 1.0, b, 1.0));
	// A different table altogether.
	lw_sight_begin(m, &s[1].table);
	for (int q = 0; q < 2000; q++) {
		tw_vec2 p = pick_point(&s[1].table), r = pick_point(&s[1].table);
		assert_int_equal(lw_sight(m, &s[1].table, p, 1.5, r, 1.5), tw_los(&s[1].table, p, 1.5, r, 1.5));
	}
	printf("sight: %ld questions, %ld blocked; memo %llu hits %llu misses, all as tw_los\n", cases, blocked,
	       (unsigned long long)m->hits, (unsigned long long)m->misses);
	lw_sight_reset(m);
	// Memos made after others were given back take their slot tables, stamps and all: answers
	// for one table must never be taken for another's (the same questions, other tables).
	for (int round = 0; round < 6; round++) {
		lw_sight_memo *ms[3];
		for (int j = 0; j < 3; j++) {
			ms[j] = calloc(1, sizeof *ms[j]);
			assert_non_null(ms[j]);
			const tw_table *tb = &s[(round + j) % n].table;
			lw_sight_begin(ms[j], tb);
			for (int q = 0; q < 300; q++) {
				tw_vec2 p = tw_v2(10 + (q % 12) * 10.5, 8 + (q / 12) * 3.5), r = tw_v2(72, 48 + (q % 5));
				assert_int_equal(lw_sight(ms[j], tb, p, 1.5, r, 1.5), tw_los(tb, p, 1.5, r, 1.5));
			}
		}
		for (int j = 0; j < 3; j++) {
			lw_sight_reset(ms[j]);
			free(ms[j]);
		}
	}
	free(m);
	for (int k = 0; k < n; k++)
		tw_state_free(&s[k]);
}

// The general's terrain index (lw_tindex.c) against the plain loops over every piece: sight,
// water, a leg's way and a man's standing (status and message), on Hook's Farm, four generated
// Countries and three large ones (rivers among them), with points on pieces' edges and corners.
static void test_terrain_index_matches_plain(void **st)
{
	(void)st;
	tw_state s[8];
	int n;
	load_tables(s, &n);
	tw_error err;
	for (uint64_t seed = 5; seed <= 7; seed++) {
		memset(&s[n], 0, sizeof s[n]);
		assert_int_equal(tw_scenario_generate(&s[n], "littlewars", seed, 576, 192, &err), TW_OK);
		n++;
	}
	lw_tindex *ix = calloc(1, sizeof *ix);
	assert_non_null(ix);
	long cases = 0, differ_pieces = 0, water = 0, refused = 0;
	for (int k = 0; k < n; k++) {
		const tw_table *tb = &s[k].table;
		assert_true(lw_tindex_build(ix, tb));
		const tw_figure *f = &s[k].fig[0];
		for (int q = 0; q < 4000; q++) {
			tw_vec2 a = pick_point(tb), b = pick_point(tb);
			if (q % 3 == 0) // a leg of a move
				b = tw_add(a, tw_v2((rnd() - 0.5) * 30, (rnd() - 0.5) * 30));
			double za = tw_table_ground(tb, a) + rnd() * 2.5, zb = tw_table_ground(tb, b) + rnd() * 2.5;
			bool los = ref_los_blocker(tb, a, za, b, zb) < 0;
			bool wet_a = tw_table_is_water(tb, a);
			tw_error e0, e1;
			tw_error_clear(&e0);
			tw_error_clear(&e1);
			tw_status leg0 = lw_check_leg(&s[k], a, b, &e0);
			tw_status stand0 = lw_check_standing(&s[k], f, b, NULL);
			tw_error_clear(&err);
			lw_check_standing(&s[k], f, b, &err);
			lw_tindex_activate(ix);
			assert_ptr_equal(lw_tindex_for(tb), ix);
			assert_int_equal(lw_los(tb, a, za, b, zb), los);
			assert_int_equal(lw_table_is_water(tb, a), wet_a);
			tw_status leg1 = lw_check_leg(&s[k], a, b, &e1);
			assert_int_equal(leg1, leg0);
			assert_string_equal(e1.message, e0.message);
			tw_error e2;
			tw_error_clear(&e2);
			assert_int_equal(lw_check_standing(&s[k], f, b, &e2), stand0);
			assert_string_equal(e2.message, err.message);
			// A box query lists every piece whose box meets the box, in ascending order.
			tw_vec2 lo = tw_v2(fmin(a.x, b.x), fmin(a.y, b.y)), hi = tw_v2(fmax(a.x, b.x), fmax(a.y, b.y));
			int nc = lw_tindex_query(ix, lo, hi), c = 0;
			for (int i = 0; i < tb->nterrain; i++) {
				const tw_terrain *t = &tb->terrain[i];
				bool meets = !(t->hi.x < lo.x || t->lo.x > hi.x || t->hi.y < lo.y || t->lo.y > hi.y);
				while (c < nc && ix->cand[c] < i)
					c++;
				if (meets)
					assert_true(c < nc && ix->cand[c] == i);
			}
			for (int j = 1; j < nc; j++)
				assert_true(ix->cand[j - 1] < ix->cand[j]);
			differ_pieces += tb->nterrain - nc;
			lw_tindex_activate(NULL);
			assert_null(lw_tindex_for(tb));
			cases++;
			water += wet_a;
			refused += leg0 != TW_OK;
		}
	}
	// The cases reach water and refusals, and the index looks at fewer pieces than the plain loop.
	assert_true(water > 0);
	assert_true(refused > 0);
	assert_true(differ_pieces > 0);
	print_message("terrain index: %ld cases, %ld on water, %ld legs refused\n", cases, water, refused);
	lw_tindex_free(ix);
	free(ix);
	for (int k = 0; k < n; k++)
		tw_state_free(&s[k]);
}

static void test_dir_deg_matches_sin_cos(void **st)
{
	(void)st;
	double ring[40];
	for (int i = 0; i < 40; i++)
		ring[i] = (rnd() - 0.5) * 1000;
	for (int q = 0; q < 200000; q++) {
		double b = rnd() < 0.7 ? ring[(int)(rnd() * 40) % 40] : (rnd() - 0.5) * 1000;
		if (q % 1000 == 0)
			b = -0.0;
		tw_vec2 d = tw_dir_deg(b);
		double r = b * (M_PI / 180.0);
		double sx = tw_sin(r), cy = tw_cos(r); // the engine's own (detmath.h, stop 36)
		assert_memory_equal(&d.x, &sx, sizeof sx);
		assert_memory_equal(&d.y, &cy, sizeof cy);
	}
}

// ---- move validation: grown orders ----

// States of play from a few computer games on Hook's Farm, taken every few orders.
static int game_states(tw_state *out, int max) { return tw_test_hook_states(out, max, 5, 8, 7); }

// States of play on a generated Country of 300 men a side (the general's lists file its free men
// by place): every 40th decision of the first 8 game moves, as many as fit in out.
static int country_states(tw_state *out, int max) { return tw_test_country_states(out, max, 300, 40); }

// The melees judged at the end of a move (lw_judge_melees: contacts by a sweep in x on a large
// table) and LW.MEL.1's supporters (a box round the body) against the plain loops, on a
// 300-a-side Country in play: the same events and state; the same count for random bodies.
static void test_melee_sweep_matches_plain(void **st)
{
	(void)st;
	enum { MAXS = 8 };
	tw_state *ss = calloc(MAXS, sizeof *ss);
	int ns = country_states(ss, MAXS);
	assert_true(ns >= 4);
	tw_rng r;
	tw_rng_seed(&r, 9);
	int melees = 0;
	for (int k = 0; k < ns; k++) {
		const tw_state *s = &ss[k];
		// Two in three of the mover's men put just in contact with (or, every ninth, just
		// short of) their nearest enemy: contacts, melees, support.
		tw_state base;
		assert_int_equal(tw_state_clone(&base, s), TW_OK);
		for (int i = 0; i < base.nfig; i++) {
			tw_figure *f = &base.fig[i];
			int who;
			double d = lw_nearest_enemy(s, f->side, f->pos, &who);
			if (who < 0 || !lw_is_free(f) || f->side != base.mover || i % 3 == 0 || d < 1e-6)
				continue;
			const tw_figure *e = &s->fig[who];
			double gap = i % 9 == 1 ? 0.2 : 0.06;
			f->pos = tw_add(e->pos, tw_scale(tw_sub(f->pos, e->pos), (f->radius + e->radius + gap) / d));
		}
		uint64_t h[2];
		int nev[2];
		for (int v = 0; v < 2; v++) {
			lw_melee_sweep_min_figs = v == 0 ? 0 : 1 << 30; // h5-hook: every table sweeps
			tw_state t;
			assert_int_equal(tw_state_clone(&t, &base), TW_OK);
			tw_order *end = malloc(sizeof *end);
			tw_order_init(end, LW_OT_END_MOVE, t.mover);
			tw_events ev = {0};
			assert_int_equal(lw_judge_melees(&t, end, false, &ev, NULL), TW_OK);
			h[v] = tw_state_hash(&t);
			nev[v] = ev.n;
			for (int e = 0; e < ev.n; e++) {
				h[v] = h[v] * 31 + (uint64_t)ev.v[e].type * 7 + (uint64_t)ev.v[e].a + (uint64_t)ev.v[e].v * 131;
				melees += v == 0 && ev.v[e].type == TW_EV_MELEE;
			}
			tw_events_free(&ev);
			free(end);
			tw_state_free(&t);
		}
		lw_melee_sweep_min_figs = 64;
		assert_int_equal(nev[0], nev[1]);
		assert_true(h[0] == h[1]);
		// h5-hook: an end choosing no casualties, validated at once and judged in full: both
		// accept it, with melees formed; one choosing a casualty is judged either way.
		{
			tw_order *end = malloc(sizeof *end);
			tw_order_init(end, LW_OT_END_MOVE, base.mover);
			const tw_ruleset *rs = tw_ruleset_get(base.ruleset);
			tw_status vs[2];
			for (int v = 0; v < 2; v++) {
				lw_end_full_check = v == 1;
				vs[v] = rs->validate(&base, end, NULL);
			}
			assert_int_equal(vs[0], TW_OK);
			assert_int_equal(vs[1], TW_OK);
			end->fig[0] = 0; // figure 0 is no casualty of any melee formed here, or no melee formed
			end->nfig = 1;
			tw_error e[2];
			for (int v = 0; v < 2; v++) {
				lw_end_full_check = v == 1;
				vs[v] = rs->validate(&base, end, &e[v]);
			}
			lw_end_full_check = false;
			assert_int_equal(vs[0], vs[1]);
			assert_int_not_equal(vs[0], TW_OK);
			assert_string_equal(e[0].message, e[1].message);
			free(end);
		}
		// Supporters of random bodies: near a man, a few of his side within 10 in.
		for (int q = 0; q < 300; q++) {
			int i = (int)(tw_rng_u64(&r) % (uint64_t)base.nfig);
			int32_t body[8];
			int n = 0;
			for (int m = 0; m < base.nfig && n < 1 + q % 8; m++)
				if (base.fig[m].side == base.fig[i].side && tw_dist(base.fig[m].pos, base.fig[i].pos) < 10)
					body[n++] = base.fig[m].id;
			int side = (int)(tw_rng_u64(&r) % 2);
			assert_int_equal(lw_supporters(&base, side, body, n, NULL), lw_oracle_supporters(&base, side, body, n));
		}
		tw_state_free(&base);
	}
	printf("%d melees judged both ways\n", melees);
	assert_true(melees > 0);
	for (int k = 0; k < ns; k++)
		tw_state_free(&ss[k]);
	free(ss);
}

// Move orders on a 300-a-side Country in play, many of them too close to other men: the gap
// checks through the box round the order's men and the early-outs (lw_validate_move, and
// lw_validate_move_extend a man at a time) give the verdicts and messages of every figure
// looked at.
static void test_move_gaps_match_plain(void **st)
{
	(void)st;
	enum { MAXS = 6 };
	tw_state *ss = calloc(MAXS, sizeof *ss);
	int ns = country_states(ss, MAXS);
	assert_true(ns >= 4);
	tw_rng r;
	tw_rng_seed(&r, 11);
	tw_order *o = malloc(sizeof *o);
	assert_non_null(o);
	int refused = 0, total = 0, gaps = 0;
	for (int k = 0; k < ns; k++) {
		const tw_state *s = &ss[k];
		for (int q = 0; q < 400; q++) {
			tw_order_init(o, LW_OT_MOVE, s->mover);
			o->has_at = true;
			int i0 = (int)(tw_rng_u64(&r) % (uint64_t)s->nfig);
			int want = 1 + (int)(tw_rng_u64(&r) % 12);
			double step = q % 3 == 0 ? 0.5 : 3.0 * tw_rng_unit(&r);
			double ang = tw_rng_unit(&r) * 360;
			for (int m = 0; m < s->nfig && o->nfig < want; m++) {
				const tw_figure *f = &s->fig[(i0 + m) % s->nfig];
				if (f->side != s->mover || !lw_is_free(f) || f->moved_in == s->move_no ||
				    (LWF(s, f)->marks & LW_MARK_CONTACT))
					continue;
				o->fig[o->nfig] = f->id;
				o->at[o->nfig++] = tw_add(f->pos, tw_scale(tw_dir_deg(ang + (q % 5 == 0 ? 40.0 * m : 0)), step));
			}
			if (o->nfig == 0)
				continue;
			tw_error e1, e2;
			memset(&e1, 0, sizeof e1);
			memset(&e2, 0, sizeof e2);
			lw_validate_plain_gaps = false;
			tw_status a = lw_validate_move(s, o, &e1), ax = lw_validate_move_extend(s, o, NULL);
			lw_validate_plain_gaps = true;
			tw_status b = lw_validate_move(s, o, &e2), bx = lw_validate_move_extend(s, o, NULL);
			lw_validate_plain_gaps = false;
			assert_int_equal(a, b);
			assert_int_equal(ax, bx);
			assert_string_equal(e1.message, e2.message);
			assert_string_equal(e1.clause, e2.clause);
			refused += a != TW_OK;
			gaps += a != TW_OK && (strcmp(e1.clause, "LW.MOB.15") == 0 || strcmp(e1.clause, "LW.MEL.2") == 0);
			total++;
		}
	}
	printf("%d move orders, %d refused, %d of them for a gap between men\n", total, refused, gaps);
	assert_true(gaps > total / 10 && refused < total);
	free(o);
	for (int k = 0; k < ns; k++)
		tw_state_free(&ss[k]);
	free(ss);
}

static void test_move_extend_matches_full_validation(void **st)
{
	(void)st;
	enum { MAXS = 40 };
	tw_state *ss = calloc(MAXS, sizeof *ss);
	int ns = game_states(ss, MAXS);
	assert_true(ns >= 10);
	tw_order *o = malloc(sizeof *o);
	long compared = 0, legal_n = 0;
	for (int k = 0; k < ns; k++) {
		const tw_state *s = &ss[k];
		const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
		int side = s->mover;
		for (int trial = 0; trial < 60; trial++) {
			tw_order_init(o, LW_OT_MOVE, side);
			o->has_at = true;
			// One shift for the block (as the general's block moves) or each man his own.
			tw_vec2 shift = tw_v2((rnd() - 0.5) * 20, (rnd() - 0.5) * 20);
			bool block = rnd() < 0.5;
			for (int add = 0; add < 40; add++) {
				int id = (int)(rnd() * s->nfig) % s->nfig;
				const tw_figure *f = &s->fig[id];
				if (rnd() < 0.8 && f->side != side)
					continue; // mostly our own men; sometimes theirs, the dead, the moved
				if (o->nfig > 0 && rnd() < 0.03)
					id = o->fig[(int)(rnd() * o->nfig) % o->nfig]; // listed twice
				tw_vec2 d = block ? shift : tw_v2((rnd() - 0.5) * 26, (rnd() - 0.5) * 26);
				if (rnd() < 0.1)
					d = tw_scale(d, 0.05); // crowding
				o->fig[o->nfig] = id;
				o->at[o->nfig] = tw_add(f->pos, d);
				o->nfig++;
				bool full = rs->validate(s, o, NULL) == TW_OK;
				bool fast = lw_validate_move_extend(s, o, NULL) == TW_OK;
				if (full != fast)
					fail_msg("state %d, order of %d: full %d, extend %d", k, o->nfig, full, fast);
				compared++;
				legal_n += full;
				if (!full)
					o->nfig--; // keep the order legal, as the general does
				if (o->nfig >= 24)
					break;
			}
		}
	}
	printf("move validation: %ld grown orders compared, %ld legal, all as full validation\n", compared, legal_n);
	assert_true(legal_n > 200 && legal_n < compared);
	free(o);
	for (int k = 0; k < ns; k++)
		tw_state_free(&ss[k]);
	free(ss);
}

// The route field for `side` built by row sweeps (lw_route_build, and with lw_route_plain) and
// cell by cell (lw_oracle_route), and its passability grid (from the per-thread memo when the table was seen
// before) against every piece tested in full: the cells that differ (0).
static int route_mismatches(const tw_state *s, int side)
{
	lw_route *x = calloc(1, sizeof *x), *y = calloc(1, sizeof *y);
	assert_non_null(x);
	assert_non_null(y);
	lw_route_build(s, x, side);
	lw_oracle_route(s, y, side);
	assert_true(x->gx > 0 && x->gx == y->gx && x->gy == y->gy);
	int bad = 0;
	for (int i = 0; i < x->gx * x->gy; i++)
		if (memcmp(&x->dist[i], &y->dist[i], sizeof x->dist[i]) != 0 && bad++ == 0)
			printf("route field, side %d, cell %d: %.9g, cell by cell %.9g\n", side, i, (double)x->dist[i],
			       (double)y->dist[i]);
	// h9-route: lw_route_plain's way too (every step of every row relaxed, four cells at a time
	// where the machine has AVX for eight).
	lw_route_plain = true;
	lw_route_build(s, x, side);
	lw_route_plain = false;
	for (int i = 0; i < x->gx * x->gy; i++)
		if (memcmp(&x->dist[i], &y->dist[i], sizeof x->dist[i]) != 0 && bad++ == 0)
			printf("route field (plain), side %d, cell %d: %.9g, cell by cell %.9g\n", side, i,
			       (double)x->dist[i], (double)y->dist[i]);
	for (int yy = 0; yy < x->gy; yy++)
		for (int xx = 0; xx < x->gx; xx++)
			if (x->pass[yy * x->gx + xx] != lw_oracle_pass(s, x, xx, yy) && bad++ == 0)
				printf("passability, cell (%d, %d): %d\n", xx, yy, x->pass[yy * x->gx + xx]);
	free(x);
	free(y);
	return bad;
}

static void test_route_field_matches_plain(void **st)
{
	(void)st;
	enum { MAXS = 24 };
	tw_state *ss = calloc(MAXS, sizeof *ss);
	int ns = game_states(ss, MAXS);
	assert_true(ns >= 10);
	for (int k = 0; k < ns; k++)
		for (int side = 0; side < 2; side++)
			assert_int_equal(route_mismatches(&ss[k], side), 0);
	// Generated Countries too (rivers, fords, hills, more pieces).
	for (uint64_t seed = 1; seed <= 4; seed++) {
		tw_state g;
		memset(&g, 0, sizeof g);
		tw_error err;
		assert_int_equal(tw_scenario_generate(&g, "littlewars", seed, 144, 96, &err), TW_OK);
		assert_int_equal(route_mismatches(&g, 0), 0);
		assert_int_equal(route_mismatches(&g, 1), 0);
		tw_state_free(&g);
	}
	for (int k = 0; k < ns; k++)
		tw_state_free(&ss[k]);
	free(ss);
}

// h9-route: a wall, house or rock as a box from (x0, y0) to (x1, y1), or a tree of radius r at
// (x0, y0) when r > 0.
static void route_piece(tw_state *s, int kind, double x0, double y0, double x1, double y1, double r)
{
	int id = r > 0 ? tw_test_circle(s, kind, x0, y0, r, 1.0) : tw_test_box(s, kind, x0, y0, x1, y1, 1.0);
	assert_true(id >= 0);
}

// The route field on tables made up for it (h9-route: the rows relaxed four cells at once and
// along the row four at a time, lw_route.c) against the cell-by-cell reference: random sizes
// from one cell across to the largest grid (row lengths of every remainder by four), random
// walls, houses, rocks and trees, the enemy's men put anywhere on and off the table, some not
// free; and walls in a serpent, across and up and down, whose one way through takes a pass of
// the sweeps for each bend (up to the 40 passes' limit), the end of the way at more than its
// length away.
static void test_route_field_made_up_tables_match_plain(void **st)
{
	(void)st;
	tw_state base;
	memset(&base, 0, sizeof base);
	tw_error err;
	assert_int_equal(tw_state_load(&base, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
	assert_true(base.nfig >= 20);
	tw_rng r;
	tw_rng_seed(&r, 18);
	int fields = 0;
	const int ntables = tw_test_count(160, 4, 40); // the first 40 under the sanitizers
	for (int k = 0; k < ntables; k++) {
		tw_state s;
		assert_int_equal(tw_state_clone(&s, &base), TW_OK);
		s.table.nterrain = 0;
		// Sizes: small tables a few cells across, then up to 2 in cells of 128 by 96 and past
		// them (bigger cells).
		if (k < 24) {
			s.table.width = 2.0 + tw_rng_below(&r, 30);
			s.table.depth = 2.0 + tw_rng_below(&r, 30);
		} else {
			s.table.width = 20.0 + tw_rng_below(&r, 300) + tw_rng_below(&r, 100) / 100.0;
			s.table.depth = 20.0 + tw_rng_below(&r, 220) + tw_rng_below(&r, 100) / 100.0;
		}
		double w = s.table.width, d = s.table.depth;
		int npieces = (int)tw_rng_below(&r, 40);
		for (int i = 0; i < npieces; i++) {
			double x = tw_rng_below(&r, 1000) * w / 1000.0, y = tw_rng_below(&r, 1000) * d / 1000.0;
			switch (tw_rng_below(&r, 4)) {
			case 0: // a wall across or along
				if (tw_rng_below(&r, 2))
					route_piece(&s, TW_TER_WALL, x, y, x + 2.0 + tw_rng_below(&r, (uint32_t)w + 1), y + 0.3, 0);
				else
					route_piece(&s, TW_TER_WALL, x, y, x + 0.3, y + 2.0 + tw_rng_below(&r, (uint32_t)d + 1), 0);
				break;
			case 1:
				route_piece(&s, TW_TER_HOUSE, x, y, x + 2.0 + tw_rng_below(&r, 12), y + 2.0 + tw_rng_below(&r, 10), 0);
				break;
			case 2:
				route_piece(&s, TW_TER_ROCK, x, y, x + 1.0 + tw_rng_below(&r, 5), y + 1.0 + tw_rng_below(&r, 5), 0);
				break;
			default:
				route_piece(&s, TW_TER_TREE, x, y, 0, 0, 0.3 + tw_rng_below(&r, 20) / 10.0);
			}
		}
		// The men: anywhere from a little off the table to a little past it, one in five
		// not free.
		for (int i = 0; i < s.nfig; i++) {
			s.fig[i].pos = tw_v2(tw_rng_below(&r, 1100) * w / 1000.0 - 0.05 * w,
					     tw_rng_below(&r, 1100) * d / 1000.0 - 0.05 * d);
			s.fig[i].status = tw_rng_below(&r, 5) == 0 ? TW_FS_DEAD : TW_FS_ACTIVE;
		}
		// Now and then only one or two enemy men (long ways round the pieces).
		if (k % 5 == 4)
			for (int i = 2; i < s.nfig; i++)
				if (s.fig[i].side == 1)
					s.fig[i].status = TW_FS_DEAD;
		assert_int_equal(route_mismatches(&s, 0), 0);
		assert_int_equal(route_mismatches(&s, 1), 0);
		fields += 2;
		tw_state_free(&s);
	}
	// Serpents: walls across the table from alternate sides (the way back and forth along the
	// rows), and walls up and down it from alternate ends (up and down the columns), 4 in apart
	// on the centres of every other row (column) of 2 in cells, the enemy at the way's one end.
	for (int kind = 0; kind < 4; kind++) {
		tw_state s;
		assert_int_equal(tw_state_clone(&s, &base), TW_OK);
		s.table.nterrain = 0;
		s.table.width = kind < 2 ? 144.0 : 256.0;
		s.table.depth = kind < 2 ? 96.0 : 192.0;
		double w = s.table.width, d = s.table.depth;
		bool across = kind % 2 == 0;
		int nwall = 0;
		if (across)
			for (double y = 3.0; y < d - 2.0; y += 4.0, nwall++)
				route_piece(&s, TW_TER_WALL, nwall % 2 ? 4.0 : -1.0, y - 0.1, nwall % 2 ? w + 1.0 : w - 4.0, y + 0.1, 0);
		else
			for (double x = 3.0; x < w - 2.0; x += 4.0, nwall++)
				route_piece(&s, TW_TER_WALL, x - 0.1, nwall % 2 ? 4.0 : -1.0, x + 0.1, nwall % 2 ? d + 1.0 : d - 4.0, 0);
		for (int i = 0; i < s.nfig; i++) {
			s.fig[i].status = s.fig[i].side == 1 && i > 0 && s.fig[i - 1].side == 1 ? TW_FS_DEAD : TW_FS_ACTIVE;
			s.fig[i].pos = tw_v2(1.0, 1.0);
		}
		assert_int_equal(route_mismatches(&s, 0), 0);
		lw_route *rt = calloc(1, sizeof *rt);
		assert_non_null(rt);
		lw_route_build(&s, rt, 0);
		// The far corner is reached, the long way round: farther than the table's length along
		// the serpent's bends less a little (not the straight way across).
		double far = lw_route_dist(rt, tw_v2(w - 1.0, d - 1.0));
		print_message("serpent %d: %d walls, far corner %.1f in\n", kind, nwall, far);
		assert_true(far > (across ? w : d) * nwall * 0.8);
		free(rt);
		fields++;
		tw_state_free(&s);
	}
	print_message("%d route fields on made-up tables, as cell by cell\n", fields);
	tw_state_free(&base);
}

// ---- event clause ----

/// tw_events_push copies the clause with memcpy (it was snprintf "%s"): at most 19 characters.
static void test_event_clause_truncated(void **st)
{
	(void)st;
	tw_events ev = {0};
	// The clause: at most 19 characters, as snprintf("%s") kept.
	tw_event *e = tw_events_push(&ev, TW_EV_INFO, -1, "LW.A.VERY.LONG.CLAUSE.NAME");
	assert_string_equal(e->clause, "LW.A.VERY.LONG.CLAU");
	tw_events_free(&ev);
}

// ---- end of move: judging for validation leaves the state untouched ----

static void test_end_move_validation_leaves_state(void **st)
{
	(void)st;
	enum { MAXS = 40 };
	tw_state *ss = calloc(MAXS, sizeof *ss);
	int ns = game_states(ss, MAXS);
	assert_true(ns >= 10);
	tw_order *o = malloc(sizeof *o);
	int melees = 0;
	for (int k = 0; k < ns; k++) {
		tw_state *s = &ss[k];
		// Crowd some of the mover's men onto enemies so that melees form.
		for (int trial = 0; trial < 20; trial++) {
			tw_state c;
			assert_int_equal(tw_state_clone(&c, s), TW_OK);
			for (int i = 0; i < c.nfig && trial > 0; i++) {
				tw_figure *f = &c.fig[i];
				if (f->side != c.mover || f->status != TW_FS_ACTIVE || rnd() < 0.7)
					continue;
				int j = (int)(rnd() * c.nfig) % c.nfig;
				if (c.fig[j].side != c.mover && c.fig[j].status == TW_FS_ACTIVE)
					f->pos = tw_add(c.fig[j].pos, tw_v2(f->radius + c.fig[j].radius + 0.05, 0));
			}
			tw_order_init(o, LW_OT_END_MOVE, c.mover);
			if (rnd() < 0.3) { // a (mostly wrong) choice of casualties
				o->nfig = 1 + (int)(rnd() * 3);
				for (int i = 0; i < o->nfig; i++)
					o->fig[i] = (int)(rnd() * c.nfig) % c.nfig;
			}
			uint64_t h = tw_state_hash(&c);
			tw_state copy;
			assert_int_equal(tw_state_clone(&copy, &c), TW_OK);
			tw_error e1, e2;
			tw_status a = lw_judge_melees(&copy, o, true, NULL, &e1);
			tw_status b = tw_ruleset_get(c.ruleset)->validate(&c, o, &e2);
			assert_int_equal(a, b);
			if (a != TW_OK)
				assert_string_equal(e1.message, e2.message);
			assert_true(tw_state_hash(&c) == h);
			assert_int_equal(memcmp(c.fig, copy.fig, (size_t)c.nfig * sizeof *c.fig), 0);
			tw_events ev = {0};
			if (a == TW_OK && lw_judge_melees(&copy, o, false, &ev, NULL) == TW_OK && ev.n > 0)
				melees++;
			tw_events_free(&ev);
			tw_state_free(&copy);
			tw_state_free(&c);
		}
	}
	assert_true(melees > 20);
	free(o);
	for (int k = 0; k < ns; k++)
		tw_state_free(&ss[k]);
	free(ss);
}

// ---- orders applied in place (saved and put back on failure) against a copy, as before ----

// The plain way: validate, resolve on a copy, keep the copy on success.
static tw_status ref_apply(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev, tw_error *err)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	if (s->over)
		return tw_error_set(err, TW_ERR_ILLEGAL, "", "the game is over");
	tw_status st = tw_order_check_shape(rs, s, o, err); // the core's shape check, then the rules
	if (st == TW_OK)
		st = rs->validate(s, o, err);
	if (st != TW_OK)
		return st;
	tw_state next;
	assert_int_equal(tw_state_clone(&next, s), TW_OK);
	int n0 = ev->n;
	st = rs->apply(&next, o, ctx, ev, err);
	if (st != TW_OK) {
		ev->n = n0;
		tw_state_free(&next);
		return st;
	}
	tw_state_free(s);
	*s = next;
	return TW_OK;
}

// A shot model that fails every other shot, after drawing from the generator (so the rules
// have changed the state when the failure comes).
static int flaky_calls, flaky_failed;
static tw_status flaky_fire(const tw_shot_model *m, const struct tw_state *s, const tw_shot_request *req, tw_rng *rng,
			    tw_shot_result *out)
{
	(void)m;
	tw_rng_d6(rng);
	if (++flaky_calls % 2 == 0) {
		flaky_failed++;
		return TW_ERR_STATE;
	}
	return tw_shot_model_fast()->fire(tw_shot_model_fast(), s, req, rng, out);
}
static const tw_shot_model flaky_model = {"flaky", flaky_fire, NULL};

static void same_events(const tw_events *a, const tw_events *b)
{
	assert_int_equal(a->n, b->n);
	for (int i = 0; i < a->n; i++) {
		assert_int_equal(a->v[i].type, b->v[i].type);
		assert_int_equal(a->v[i].a, b->v[i].a);
		assert_int_equal(a->v[i].b, b->v[i].b);
		assert_memory_equal(&a->v[i].x, &b->v[i].x, 3 * sizeof(double));
		assert_string_equal(a->v[i].text, b->v[i].text);
	}
}

static void compare_apply(const tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, long *n, long *ok)
{
	tw_state a, b;
	assert_int_equal(tw_state_clone(&a, s), TW_OK);
	assert_int_equal(tw_state_clone(&b, s), TW_OK);
	tw_events ea = {0}, eb = {0};
	tw_error e1, e2;
	tw_error_clear(&e1);
	tw_error_clear(&e2);
	int calls = flaky_calls;
	tw_status sa = tw_state_apply(&a, o, ctx, &ea, &e1);
	flaky_calls = calls;
	tw_status sb = ref_apply(&b, o, ctx, &eb, &e2);
	assert_int_equal(sa, sb);
	assert_true(tw_state_hash(&a) == tw_state_hash(&b));
	assert_int_equal(a.nfig, b.nfig);
	assert_memory_equal(a.fig, b.fig, (size_t)a.nfig * sizeof *a.fig);
	if (a.ngun)
		assert_memory_equal(a.gun, b.gun, (size_t)a.ngun * sizeof *a.gun);
	assert_true(a.rng.draws == b.rng.draws);
	if (sa != TW_OK)
		assert_true(tw_state_hash(&a) == tw_state_hash(s)); // refused or unresolved: unchanged
	same_events(&ea, &eb);
	(*n)++;
	*ok += sa == TW_OK;
	tw_events_free(&ea);
	tw_events_free(&eb);
	tw_state_free(&a);
	tw_state_free(&b);
}

static void test_apply_in_place_matches_copy(void **st)
{
	(void)st;
	const char *const paths[] = {"/scenarios/littlewars/hooks-farm.json", "/scenarios/grant/meeting.json",
				     "/scenarios/grant/village.json", NULL, NULL};
	long n = 0, ok = 0;
	// Under the sanitizers the first 100 orders of each game, the counts below scaled to them
	// (test_scale.h); 400 and the counts as written elsewhere.
	int steps = tw_test_count(400, 4, 100);
	for (int k = 0; k < 5; k++) {
		tw_state sc;
		memset(&sc, 0, sizeof sc);
		tw_error err;
		if (paths[k]) {
			char path[512];
			snprintf(path, sizeof path, "%s%s", TW_SOURCE_DIR, paths[k]);
			assert_int_equal(tw_state_load(&sc, path, &err), TW_OK);
		} else {
			assert_int_equal(tw_scenario_generate(&sc, k == 3 ? "littlewars" : "grant", 7, 144, 96, &err), TW_OK);
		}
		tw_game *g = tw_game_new(&sc, 11 + (uint64_t)k, tw_shot_model_fast(), &err);
		assert_non_null(g);
		tw_game_set_undo(g, false);
		const tw_ruleset *rs = tw_game_ruleset(g);
		tw_general *gens[2] = {tw_general_new("default", rs, 0, 3), tw_general_new("default", rs, 1, 3)};
		tw_order *o = malloc(sizeof *o), *cand = malloc(8 * sizeof *cand);
		tw_rng r;
		tw_rng_seed(&r, 99 + (uint64_t)k);
		for (int step = 0; step < steps; step++) {
			const tw_state *s = tw_game_state(g);
			int side = rs->to_move(s);
			if (side < 0)
				break;
			if (step % 3 == 0) {
				tw_apply_ctx fast = {tw_shot_model_fast()}, flaky = {&flaky_model};
				int nc = rs->random_orders ? rs->random_orders(s, side, &r, cand, 8) : 0;
				for (int c = 0; c < nc; c++) {
					compare_apply(s, &cand[c], &fast, &n, &ok);
					compare_apply(s, &cand[c], &flaky, &n, &ok);
					if (cand[c].nfig > 0) { // spoilt: someone else's man, or a wild place
						cand[c].fig[0] = (int32_t)(tw_rng_u64(&r) % (uint64_t)s->nfig);
						if (cand[c].has_at)
							cand[c].at[0] = tw_add(cand[c].at[0], tw_v2(30, -20));
						compare_apply(s, &cand[c], &fast, &n, &ok);
					}
				}
			}
			if (tw_general_decide(gens[side], s, o) == TW_OK) {
				tw_apply_ctx fast = {tw_shot_model_fast()};
				compare_apply(s, o, &fast, &n, &ok);
			}
			if (tw_general_decide(gens[side], s, o) != TW_OK || tw_game_apply(g, o, NULL, NULL, &err) != TW_OK) {
				tw_order_init(o, LW_OT_END_MOVE, side);
				if (tw_game_apply(g, o, NULL, NULL, &err) != TW_OK)
					break;
			}
		}
		free(o);
		free(cand);
		tw_general_free(gens[0]);
		tw_general_free(gens[1]);
		tw_game_free(g);
		tw_state_free(&sc);
	}
	printf("apply in place: %ld orders compared, %ld resolved, %d shots failed, all as on a copy\n", n, ok,
	       flaky_failed);
	assert_true(n * 400 > 1000L * steps && ok * 400 > 300L * steps && ok < n && flaky_failed * 400 > 20L * steps);
}

// ---- the game's packed order log gives back every order as given ----

static void test_packed_order_log(void **st)
{
	(void)st;
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	assert_int_equal(tw_state_load(&sc, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
	for (int undo = 0; undo < 2; undo++) {
		tw_game *g = tw_game_new(&sc, 21 + (uint64_t)undo, tw_shot_model_fast(), &err);
		tw_game_set_undo(g, undo != 0);
		const tw_ruleset *rs = tw_game_ruleset(g);
		tw_general *gens[2] = {tw_general_new("default", rs, 0, 5), tw_general_new("random", rs, 1, 5)};
		enum { MAXO = 3000 };
		tw_order *given = calloc(MAXO, sizeof *given);
		int ng = 0;
		for (int step = 0; step < MAXO && ng < MAXO; step++) {
			const tw_state *s = tw_game_state(g);
			int side = rs->to_move(s);
			if (side < 0)
				break;
			tw_order *o = &given[ng];
			if (tw_general_decide(gens[side], s, o) != TW_OK || tw_game_apply(g, o, NULL, NULL, &err) != TW_OK) {
				tw_order_init(o, LW_OT_END_MOVE, side);
				if (tw_game_apply(g, o, NULL, NULL, &err) != TW_OK)
					break;
			}
			ng++;
			if (undo && step % 5 == 1 && tw_game_undo(g)) // taken back, then given again
				assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
		}
		assert_int_equal(tw_game_order_count(g), ng);
		assert_true(ng > 50);
		for (int i = 0; i < ng; i++) {
			const tw_order *a = tw_game_order(g, i), *b = &given[i];
			assert_int_equal(a->type, b->type);
			assert_int_equal(a->side, b->side);
			assert_int_equal(a->has_at, b->has_at);
			assert_int_equal(a->has_aim, b->has_aim);
			assert_int_equal(a->has_target, b->has_target);
			assert_int_equal(a->gun, b->gun);
			assert_int_equal(a->n, b->n);
			assert_memory_equal(&a->bearing, &b->bearing, sizeof a->bearing);
			assert_memory_equal(&a->elevation, &b->elevation, sizeof a->elevation);
			assert_memory_equal(&a->target, &b->target, sizeof a->target);
			assert_int_equal(a->nfig, b->nfig);
			assert_int_equal(a->nfig2, b->nfig2);
			assert_int_equal(a->npath, b->npath);
			assert_memory_equal(a->fig, b->fig, (size_t)a->nfig * sizeof a->fig[0]);
			assert_memory_equal(a->at, b->at, (size_t)a->nfig * sizeof a->at[0]);
			assert_memory_equal(a->facing, b->facing, (size_t)a->nfig * sizeof a->facing[0]);
			assert_memory_equal(a->fig2, b->fig2, (size_t)a->nfig2 * sizeof a->fig2[0]);
			assert_memory_equal(a->path, b->path, (size_t)a->npath * sizeof a->path[0]);
		}
		assert_null(tw_game_order(g, ng));
		assert_null(tw_game_order(g, -1));
		free(given);
		tw_general_free(gens[0]);
		tw_general_free(gens[1]);
		tw_game_free(g);
	}
	tw_state_free(&sc);
}

// ---- melee judging: the box early-out before lw_gap ----

static void test_gap_early_out_matches_gap(void **st)
{
	(void)st;
	long skipped = 0;
	for (int i = 0; i < 2000000; i++) {
		tw_figure a = {0}, b = {0};
		a.radius = rnd() < 0.5 ? 0.3 : rnd();
		b.radius = rnd() < 0.5 ? 0.3 : rnd();
		a.pos = tw_v2(rnd() * 144, rnd() * 96);
		double lim = rnd() < 0.4 ? LW_CONTACT + 1e-9 : (rnd() < 0.5 ? LW_REACH + 1e-9 : 12 + 1e-9);
		double ang = rnd() * 6.283185307179586;
		double d = a.radius + b.radius + lim + (rnd() - 0.5) * (rnd() < 0.5 ? 1e-5 : 4);
		b.pos = tw_add(a.pos, tw_v2(d * cos(ang), d * sin(ang)));
		if (rnd() < 0.01)
			b.pos.x = NAN;
		bool may = lw_may_be_within(&a, &b, lim);
		if (!may) {
			skipped++;
			if (lw_gap(&a, &b) <= lim)
				fail_msg("gap %.17g within %.17g but skipped", lw_gap(&a, &b), lim);
		}
	}
	assert_true(skipped > 100000);
}

// ---- the general's distance early-outs and nearest enemy ----

// lw_nearest_enemy (squares compared before the root) against the plain loop at n random
// points; returns the mismatches.
static int nearest_mismatches(const tw_state *s, int side, tw_rng *r, int n)
{
	int bad = 0;
	for (int k = 0; k < n; k++) {
		tw_vec2 p = tw_v2(tw_rng_unit(r) * s->table.width, tw_rng_unit(r) * s->table.depth);
		if (k % 3 == 0 && s->nfig > 0) // on or near a man, where ties are likeliest
			p = tw_add(s->fig[k % s->nfig].pos, tw_v2((double)(k % 5) * 0.25, 0));
		int who, w2;
		double best = lw_oracle_nearest_enemy(s, side, p, &who);
		double d2 = lw_nearest_enemy(s, side, p, &w2);
		if ((w2 != who || memcmp(&d2, &best, sizeof d2) != 0) && bad++ == 0)
			printf("nearest enemy of side %d to (%.17g, %.17g): %d at %.17g, plain %d at %.17g\n", side, p.x,
			       p.y, w2, d2, who, best);
	}
	return bad;
}

// The general's lists (lw_ai_lists_make) against the plain loops over the state: the count of
// free men near a place at n random places, the charge arithmetic against every free man from
// either side, and the ground over the listed hill layers against tw_table_ground at n random
// places; returns the mismatches.
static int lists_mismatches(const tw_state *s, tw_rng *r, int n, bool grid)
{
	lw_ai_lists l;
	memset(&l, 0, sizeof l);
	l.force_grid = grid; // the free men filed by place, however few
	assert_true(lw_ai_lists_make(s, &l));
	if (grid && l.free_start[l.nsides] > 0)
		assert_true(l.gw > 0);
	int bad = 0;
	for (int k = 0; k < n; k++) {
		tw_vec2 p = tw_v2(tw_rng_unit(r) * s->table.width, tw_rng_unit(r) * s->table.depth);
		if (k % 2 == 0 && s->nfig > 0) // about a man's reach from a man: the edge cases
			p = tw_add(s->fig[k % s->nfig].pos, tw_v2(12.0 + s->fig[k % s->nfig].radius, (double)(k % 3) * 1e-12));
		double rad = k % 3 == 0 ? LW_INF_MOVE : (k % 3 == 1 ? LW_CAV_MOVE + 2 : 2.5);
		int side = (int)(tw_rng_u64(r) % 3) - (k % 7 == 0); // now and then no side, or none such
		int a = lw_ai_count_near(&l, side, p, rad), b = lw_oracle_count_near(s, side, p, rad);
		if (a != b && bad++ == 0)
			printf("side %d within %g of (%.17g, %.17g): %d, plain %d\n", side, rad, p.x, p.y, a, b);
	}
	// The nearest enemy through the grid against the plain loop, near men (ties) and anywhere
	// (off the table too: the boxes grow).
	for (int k = 0; k < n; k++) {
		tw_vec2 p = tw_v2((tw_rng_unit(r) * 1.4 - 0.2) * s->table.width, (tw_rng_unit(r) * 1.4 - 0.2) * s->table.depth);
		if (k % 3 == 0 && s->nfig > 0)
			p = tw_add(s->fig[k % s->nfig].pos, tw_v2((double)(k % 5) * 0.25, 0));
		if (k == 1)
			p.x = NAN;
		int side = (int)(tw_rng_u64(r) % 3) - (k % 7 == 0);
		int who, w2;
		double best = lw_oracle_nearest_enemy(s, side, p, &who);
		double d2 = lw_ai_nearest_enemy(&l, side, p, &w2);
		if ((w2 != who || memcmp(&d2, &best, sizeof d2) != 0) && bad++ == 0)
			printf("listed nearest enemy of side %d to (%.17g, %.17g): %d at %.17g, plain %d at %.17g\n", side,
			       p.x, p.y, w2, d2, who, best);
	}
	// The men in a box: every free man of the side(s) whose centre is in it, ascending, none twice.
	for (int k = 0; k < n / 10; k++) {
		tw_vec2 p = tw_v2(tw_rng_unit(r) * s->table.width, tw_rng_unit(r) * s->table.depth);
		double hw = tw_rng_unit(r) * (k % 4 == 0 ? 200 : 15), hd = tw_rng_unit(r) * 15;
		tw_vec2 lo = tw_v2(p.x - hw, p.y - hd), hi = tw_v2(p.x + hw, p.y + hd);
		int side = (int)(tw_rng_u64(r) % 2);
		bool others = k % 2;
		int nn = lw_ai_men_near(&l, side, others, lo, hi);
		int want = 0;
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *f = &s->fig[i];
			if (lw_is_free(f) && (others ? f->side != side : f->side == side) && f->pos.x >= lo.x &&
			    f->pos.x <= hi.x && f->pos.y >= lo.y && f->pos.y <= hi.y) {
				want++;
				bool in = false;
				for (int j = 0; j < nn && !in; j++)
					in = l.found[j] == i;
				if (!in && bad++ == 0)
					printf("man %d in the box but not found\n", i);
			}
		}
		for (int j = 1; j < nn; j++)
			if (l.found[j] <= l.found[j - 1] && bad++ == 0)
				printf("men in a box out of order: %d after %d\n", l.found[j], l.found[j - 1]);
		assert_true(nn >= want);
	}
	// The charge arithmetic against every free man, from either side.
	for (int i = 0; i < s->nfig; i++) {
		if (!lw_is_free(&s->fig[i]))
			continue;
		for (int side = 0; side < 2; side++) {
			int nours = (int)(tw_rng_u64(r) % 8);
			lw_charge_eval a = lw_ai_charge(&l, s, side, &s->fig[i], nours);
			lw_charge_eval b = lw_oracle_charge(s, side, &s->fig[i], nours);
			if ((a.mine != b.mine || a.theirs != b.theirs || memcmp(&a.value, &b.value, sizeof a.value) != 0) &&
			    bad++ == 0)
				printf("charge by side %d on man %d: %d v %d (%g), plain %d v %d (%g)\n", side, i, a.mine,
				       a.theirs, a.value, b.mine, b.theirs, b.value);
		}
	}
	// The ground over the listed hills, and through the general's terrain index when it is
	// active, against tw_table_ground.
	lw_tindex ix;
	memset(&ix, 0, sizeof ix);
	assert_true(lw_tindex_build(&ix, &s->table));
	for (int pass = 0; pass < 2; pass++) {
		lw_tindex_activate(pass ? &ix : NULL);
		for (int k = 0; k < n; k++) {
			tw_vec2 p = tw_v2(tw_rng_unit(r) * s->table.width, tw_rng_unit(r) * s->table.depth);
			if (k % 4 == 0 && s->table.nterrain > 0) // on a piece's box's edge or corner
				p = k % 8 ? s->table.terrain[k % s->table.nterrain].lo : s->table.terrain[k % s->table.nterrain].hi;
			double a = lw_ai_ground(s, &l, p), b = tw_table_ground(&s->table, p);
			if (memcmp(&a, &b, sizeof a) != 0 && bad++ == 0)
				printf("ground at (%.17g, %.17g)%s: %.17g, tw_table_ground %.17g\n", p.x, p.y,
				       pass ? " (index)" : "", a, b);
		}
	}
	lw_tindex_activate(NULL);
	lw_tindex_free(&ix);
	lw_ai_lists_free(&l);
	return bad;
}

static void test_distance_early_outs(void **st)
{
	(void)st;
	long skipped = 0, gskipped = 0, sskipped = 0;
	tw_gun g = {0};
	// Under the sanitizers 500 000 random cases, the counts below scaled to them (test_scale.h).
	int cases = tw_test_count(2000000, 4, 500000);
	for (int i = 0; i < cases; i++) {
		tw_vec2 p = tw_v2(rnd() * 144, rnd() * 96);
		double r = rnd() < 0.5 ? 12.0 : rnd() * 30;
		double ang = rnd() * 6.283185307179586;
		double d = r + (rnd() - 0.5) * (rnd() < 0.5 ? 1e-5 : 6);
		tw_vec2 q = tw_add(p, tw_v2(d * cos(ang), d * sin(ang)));
		if (rnd() < 0.01)
			q.y = NAN;
		if (!lw_gun_may_be_within(&(tw_gun){.axle = p}, q, r)) { // a gun of no size: a point
			skipped++;
			if (tw_dist(p, q) <= r)
				fail_msg("distance %.17g within %.17g but skipped", tw_dist(p, q), r);
		}
		// The box of a segment: a point outside it is farther than r from the segment.
		tw_vec2 a = tw_v2(rnd() * 144, rnd() * 96), lo, hi;
		tw_vec2 b = rnd() < 0.1 ? a : tw_add(a, tw_v2((rnd() - 0.5) * 80, (rnd() - 0.5) * 80));
		if (rnd() < 0.01)
			b.x = NAN;
		tw_vec2 c = tw_add(rnd() < 0.5 ? a : b, tw_v2((rnd() - 0.5) * 2 * (r + 1), (rnd() - 0.5) * 2 * (r + 1)));
		lw_seg_box(a, b, r, &lo, &hi);
		if (lw_outside_box(c, lo, hi)) {
			sskipped++;
			if (!(tw_dist_point_segment(c, a, b) > r))
				fail_msg("point %.17g from the segment, not beyond %.17g, but skipped", tw_dist_point_segment(c, a, b), r);
		}
		// Guns: any bearing, the usual sizes and odd ones.
		g.axle = p;
		g.bearing = rnd() < 0.3 ? (double)(int)(rnd() * 8) * 45.0 : rnd() * 360;
		g.trail = rnd() < 0.5 ? 2.5 : rnd() * 4;
		g.muzzle = rnd() < 0.5 ? 1.5 : rnd() * 3;
		g.half_axle = rnd() < 0.5 ? 0.75 : rnd() * 2;
		double lim = rnd() < 0.5 ? 6.0 + 0.3 : rnd() * 10;
		d = lim + (rnd() - 0.3) * 6;
		q = tw_add(p, tw_v2(d * cos(ang), d * sin(ang)));
		if (!lw_gun_may_be_within(&g, q, lim)) {
			gskipped++;
			if (tw_gun_distance(&g, q) <= lim)
				fail_msg("gun distance %.17g within %.17g but skipped", tw_gun_distance(&g, q), lim);
		}
	}
	assert_true(skipped > cases / 20 && gskipped > cases / 20 && sskipped > cases / 20); // 100 000 of 2 000 000
	// nearest_enemy against the plain loop, in states of play.
	enum { MAXS = 24 };
	tw_state *ss = calloc(MAXS, sizeof *ss);
	int ns = game_states(ss, MAXS);
	tw_rng r;
	tw_rng_seed(&r, 5);
	for (int k = 0; k < ns; k++)
		for (int side = 0; side < 2; side++)
			assert_int_equal(nearest_mismatches(&ss[k], side, &r, 3000), 0);
	for (int k = 0; k < ns; k++) {
		assert_int_equal(lists_mismatches(&ss[k], &r, 5000, false), 0);
		assert_int_equal(lists_mismatches(&ss[k], &r, 5000, true), 0);
	}
	for (int k = 0; k < ns; k++)
		tw_state_free(&ss[k]);
	// A large Country in play: the grid as the general has it (over LW_AI_GRID_MIN_MEN men).
	ns = country_states(ss, 8);
	assert_true(ns >= 4);
	for (int k = 0; k < ns; k++) {
		assert_int_equal(nearest_mismatches(&ss[k], k % 2, &r, 1000), 0);
		assert_int_equal(lists_mismatches(&ss[k], &r, 3000, false), 0);
	}
	for (int k = 0; k < ns; k++)
		tw_state_free(&ss[k]);
	free(ss);
}

// ---- the aiming helpers' per-thread memo against computing afresh ----

static void test_aim_memo_matches_plain(void **st)
{
	(void)st;
	double zs[8], rs[32];
	for (int i = 0; i < 8; i++)
		zs[i] = 1.0 + (rnd() < 0.5 ? 1.0 : rnd() * 3) + (i == 7 ? -0.0 : 0.0);
	for (int i = 0; i < 32; i++)
		rs[i] = rnd() < 0.1 ? -rnd() : rnd() * 250; // a few that are out of reach or not ranges
	// Every answer computed afresh (the memo forgotten before each)...
	static double elev[8][8][32];
	double range[8];
	for (int a = 0; a < 8; a++) {
		tw_shot_fast_forget();
		range[a] = tw_shot_fast_max_range(zs[a]);
		for (int b = 0; b < 8; b++)
			for (int c = 0; c < 32; c++) {
				tw_shot_fast_forget();
				elev[a][b][c] = tw_shot_fast_elevation_for_range(rs[c], zs[a], zs[b]);
			}
	}
	tw_shot_fast_forget();
	// ...then the same questions asked in any order through the memo (hits, misses, slots taken
	// over, and now and then a question it has never seen).
	long same = 0;
	for (int i = 0; i < 200000; i++) {
		int a = (int)(rnd() * 8) % 8, b = (int)(rnd() * 8) % 8, c = (int)(rnd() * 32) % 32;
		if (rnd() < 0.2)
			(void)tw_shot_fast_elevation_for_range(rnd() * 300, zs[a], zs[b]);
		double e = tw_shot_fast_elevation_for_range(rs[c], zs[a], zs[b]);
		if (memcmp(&e, &elev[a][b][c], sizeof e) != 0)
			fail_msg("elevation for %.17g from %.17g to %.17g: %.17g, afresh %.17g", rs[c], zs[a], zs[b], e,
				 elev[a][b][c]);
		if (i % 8 == 0) {
			double m = tw_shot_fast_max_range(zs[a]);
			if (memcmp(&m, &range[a], sizeof m) != 0)
				fail_msg("max range from %.17g: %.17g, afresh %.17g", zs[a], m, range[a]);
		}
		same++;
	}
	assert_true(same == 200000);
}

// ---- play-out views: the state itself while nothing is hidden, against copies as before ----

// The play-out loop as it was: each seat's view made once (tw_state_view), then refreshed by
// copying everything that changes and hiding again; rebuilt when the counts change.
static void ref_refresh(tw_state *v, const tw_state *s, int side, const tw_ruleset *rs)
{
	if (v->nfig != s->nfig || v->ngun != s->ngun || v->nunit != s->nunit || v->table.nterrain != s->table.nterrain) {
		tw_state_free(v);
		assert_int_equal(tw_state_view(v, s, side), TW_OK);
		return;
	}
	memcpy(v->fig, s->fig, (size_t)s->nfig * sizeof *s->fig);
	memcpy(v->gun, s->gun, (size_t)s->ngun * sizeof *s->gun);
	if (s->nunit)
		memcpy(v->unit, s->unit, (size_t)s->nunit * sizeof *s->unit);
	if (s->table.nterrain)
		memcpy(v->table.terrain, s->table.terrain, (size_t)s->table.nterrain * sizeof *s->table.terrain);
	if (s->table.nterrain && s->table.recdef)
		memcpy(v->table.rec, s->table.rec, (size_t)s->table.nterrain * s->table.recdef->size);
	// The rule set's records, element by element (every field is public in these rule sets).
	for (int k = 0; k < TW_REC_TERRAIN; k++) {
		int n = k == TW_REC_SIDE ? TW_MAX_SIDES : tw_rec_count(s, (tw_rec_kind)k);
		for (int i = 0; i < n; i++)
			if (tw_rec_c(s, (tw_rec_kind)k, i))
				memcpy(tw_rec(v, (tw_rec_kind)k, i), tw_rec_c(s, (tw_rec_kind)k, i), s->recdef[k]->size);
	}
	memcpy(v->params, s->params, sizeof v->params);
	memcpy(v->sides, s->sides, sizeof v->sides);
	v->phase = s->phase;
	v->move_no = s->move_no;
	v->mover = s->mover;
	v->winner = s->winner;
	v->over = s->over;
	if (rs->hide)
		rs->hide(v, side);
}

static uint64_t ref_play_out(tw_game *game, tw_general **gens)
{
	const tw_ruleset *rs = tw_game_ruleset(game);
	tw_order *o = malloc(sizeof *o);
	tw_state view[2];
	bool have[2] = {false, false};
	int illegal = 0;
	tw_error e;
	for (int n = 0; n < 1000000; n++) {
		const tw_state *s = tw_game_state(game);
		int side = rs->to_move(s);
		if (side < 0)
			break;
		if (!have[side]) {
			assert_int_equal(tw_state_view(&view[side], s, side), TW_OK);
			have[side] = true;
		} else {
			ref_refresh(&view[side], s, side, rs);
		}
		tw_status st = gens[side]->def->decide(gens[side], &view[side], side, o);
		if (st == TW_OK)
			st = tw_game_apply(game, o, NULL, NULL, &e);
		if (st != TW_OK) {
			if (++illegal > 50)
				break;
			tw_order_init(o, tw_order_type_with(rs, TW_OD_ENDS_TURN), side);
			if (tw_game_apply(game, o, NULL, NULL, &e) != TW_OK)
				continue;
		} else {
			illegal = 0;
		}
	}
	for (int i = 0; i < 2; i++)
		if (have[i])
			tw_state_free(&view[i]);
	free(o);
	return tw_state_hash(tw_game_state(game)) ^ (uint64_t)tw_game_order_count(game) * 0x9E3779B97F4A7C15ull;
}

static void test_play_out_views_match_copies(void **st)
{
	(void)st;
	const char *const names[] = {"default", "lw-gunline", "lw-rush", "random"};
	int hidden_seen = 0;
	for (int k = 0; k < 8; k++) {
		tw_state sc;
		memset(&sc, 0, sizeof sc);
		tw_error err;
		if (k < 5) {
			assert_int_equal(tw_state_load(&sc, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
		} else if (k < 7) {
			assert_int_equal(tw_scenario_generate(&sc, "littlewars", 40 + (uint64_t)k, 144, 96, &err), TW_OK);
		} else {
			assert_int_equal(tw_state_load(&sc, TW_SOURCE_DIR "/scenarios/grant/meeting.json", &err), TW_OK);
		}
		const tw_ruleset *rs = tw_ruleset_get(sc.ruleset);
		if (k % 2 == 1 && k < 7)
			sc.params[LWP_CURTAIN] = 1; // put down behind the curtain: views hide things
		uint64_t h[2];
		for (int way = 0; way < 2; way++) {
			tw_game *g = tw_game_new(&sc, 70 + (uint64_t)k, tw_shot_model_fast(), &err);
			assert_non_null(g);
			tw_game_set_undo(g, false);
			const char *a = k == 7 ? "default" : names[k % 4], *b = k == 7 ? "default" : names[(k + 1) % 4];
			tw_general *gens[2] = {tw_general_new(a, rs, 0, (uint64_t)k), tw_general_new(b, rs, 1, (uint64_t)k)};
			if (way == 0) {
				h[0] = ref_play_out(g, gens);
			} else {
				tw_play_out(g, gens, 1000000, &err);
				h[1] = tw_state_hash(tw_game_state(g)) ^
				       (uint64_t)tw_game_order_count(g) * 0x9E3779B97F4A7C15ull;
			}
			tw_general_free(gens[0]);
			tw_general_free(gens[1]);
			tw_game_free(g);
		}
		assert_true(h[0] == h[1]);
		// hides() against hide(): false only when hiding changes nothing.
		if (rs->hides) {
			tw_game *g = tw_game_new(&sc, 3, tw_shot_model_fast(), &err);
			tw_general *gens[2] = {tw_general_new("random", rs, 0, 1), tw_general_new("random", rs, 1, 1)};
			tw_order *o = malloc(sizeof *o);
			for (int n = 0; n < 300; n++) {
				const tw_state *s = tw_game_state(g);
				int side = rs->to_move(s);
				if (side < 0)
					break;
				for (int seat = 0; seat < s->nsides; seat++) {
					tw_state c;
					assert_int_equal(tw_state_clone(&c, s), TW_OK);
					rs->hide(&c, seat);
					bool same = memcmp(c.fig, s->fig, (size_t)s->nfig * sizeof *s->fig) == 0 &&
						    (s->ngun == 0 || memcmp(c.gun, s->gun, (size_t)s->ngun * sizeof *s->gun) == 0);
					assert_true(rs->hides(s, seat) == !same);
					hidden_seen += !same;
					tw_state_free(&c);
				}
				if (tw_general_decide(gens[side], s, o) != TW_OK || tw_game_apply(g, o, NULL, NULL, &err) != TW_OK) {
					tw_order_init(o, LW_OT_END_MOVE, side);
					tw_game_apply(g, o, NULL, NULL, &err);
				}
			}
			free(o);
			tw_general_free(gens[0]);
			tw_general_free(gens[1]);
			tw_game_free(g);
		}
		tw_state_free(&sc);
	}
	assert_true(hidden_seen > 10);
}

// ---- the shot recorder keeps results packed: they come back as recorded ----

static tw_shot_result plain_shots[256];
static int nplain;
static tw_status keeping_fire(const tw_shot_model *m, const struct tw_state *s, const tw_shot_request *req, tw_rng *rng,
			      tw_shot_result *out)
{
	(void)m;
	tw_status st = tw_shot_model_fast()->fire(tw_shot_model_fast(), s, req, rng, out);
	if (st == TW_OK && nplain < 256)
		plain_shots[nplain++] = *out;
	return st;
}
static const tw_shot_model keeping_model = {"keeping", keeping_fire, NULL};

static void same_shot(const tw_shot_result *a, const tw_shot_result *b)
{
	assert_int_equal(a->ncontacts, b->ncontacts);
	assert_int_equal(a->nsamples, b->nsamples);
	assert_memory_equal(a->contacts, b->contacts, (size_t)a->ncontacts * sizeof a->contacts[0]);
	assert_memory_equal(a->samples, b->samples, (size_t)a->nsamples * sizeof a->samples[0]);
	assert_memory_equal(&a->rest, &b->rest, sizeof a->rest);
	assert_int_equal(a->blocked_by, b->blocked_by);
	assert_int_equal(a->misfire, b->misfire);
	assert_memory_equal(&a->bearing, &b->bearing, sizeof a->bearing);
	assert_memory_equal(&a->elevation, &b->elevation, sizeof a->elevation);
}

static void test_shot_recorder_packed(void **st)
{
	(void)st;
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	assert_int_equal(tw_state_load(&sc, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
	nplain = 0;
	tw_shot_recorder *rec = tw_shot_recorder_new(&keeping_model);
	tw_game *g = tw_game_new(&sc, 9, tw_shot_recorder_model(rec), &err);
	tw_game_adopt_recorder(g, rec);
	tw_game_set_undo(g, false);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new("default", rs, 0, 9), tw_general_new("lw-gunline", rs, 1, 9)};
	tw_play_out(g, gens, 1000000, &err);
	const tw_shot_recorder *r = tw_game_recorder(g);
	assert_non_null(r);
	int n = tw_shot_recorder_count(r);
	assert_true(n > 20 && n == nplain);
	for (int k = n - 1; k >= 0; k--) // any order
		same_shot(tw_shot_recorder_get(r, k), &plain_shots[k]);
	assert_null(tw_shot_recorder_get(r, n));
	// Replayed: the same results in order, and the same draws.
	tw_shot_recorder *rp = tw_shot_recorder_replayer(r);
	assert_non_null(rp);
	const tw_shot_model *m = tw_shot_recorder_model(rp);
	for (int k = 0; k < n; k++) {
		tw_rng a, b;
		tw_rng_seed(&a, 1);
		tw_rng_seed(&b, 1);
		tw_shot_result out;
		tw_shot_request rq = {0};
		assert_int_equal(m->fire(m, tw_game_state(g), &rq, &a, &out), TW_OK);
		same_shot(&out, &plain_shots[k]);
		for (int64_t d = 0; d < tw_shot_recorder_draws(r, k); d++)
			tw_rng_u64(&b);
		assert_true(a.draws == b.draws);
	}
	tw_shot_result out;
	tw_shot_request rq = {0};
	tw_rng a;
	tw_rng_seed(&a, 1);
	assert_int_not_equal(m->fire(m, tw_game_state(g), &rq, &a, &out), TW_OK); // all handed back
	tw_shot_recorder_free(rp);
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	tw_state_free(&sc);
}

// ---- the fast shot model's shortcuts (s29-sfast) against its shots as they were ----

// One shot both ways (tw_shot_fast_plain): the same result, byte for byte (results are zeroed
// first, so padding compares too), and the generator left in the same place.
static bool shot_both_ways(const tw_state *s, const tw_shot_request *rq, uint64_t seed, long *contacts, long *blocked)
{
	const tw_shot_model *m = tw_shot_model_fast();
	static tw_shot_result a, b;
	tw_rng ra, rb;
	tw_rng_seed(&ra, seed);
	tw_rng_seed(&rb, seed);
	tw_shot_fast_plain = true;
	tw_status sa = m->fire(m, s, rq, &ra, &a);
	tw_shot_fast_plain = false;
	tw_status sb = m->fire(m, s, rq, &rb, &b);
	assert_int_equal(sa, sb);
	*contacts += a.ncontacts;
	*blocked += a.blocked_by >= 0;
	return memcmp(&a, &b, sizeof a) == 0 && memcmp(&ra, &rb, sizeof ra) == 0;
}

static void test_fast_shot_matches_plain(void **st)
{
	(void)st;
	enum { MAXS = 24 };
	tw_state *ss = calloc(MAXS + 5, sizeof *ss);
	int ns = game_states(ss, MAXS), nt;
	assert_true(ns >= 10);
	load_tables(ss + ns, &nt); // Hook's Farm as set out and generated Countries (hills, houses, woods)
	ns += nt;
	long shots = 0, contacts = 0, blocked = 0;
	for (int k = 0; k < ns; k++) {
		tw_state *s = &ss[k];
		// Some men laid down (the shot passes over them at half an inch).
		for (int i = 0; i < s->nfig; i++)
			if (rnd() < 0.05)
				s->fig[i].flags |= TW_FF_LYING;
		for (int trial = 0; trial < 250; trial++) {
			tw_shot_request rq = {0};
			rq.gun = -1;
			const tw_figure *f = s->nfig ? &s->fig[(int)(rnd() * s->nfig) % s->nfig] : NULL;
			double u = rnd();
			// From beside a man (the gun's line), from a piece's vertex or edge, or anywhere.
			rq.origin = f && u < 0.5 ? tw_add(f->pos, tw_v2(rnd() * 40 - 20, rnd() * 40 - 20)) : pick_point(&s->table);
			rq.z0 = rnd() < 0.2 ? 0.0 : rnd() * 5;
			const tw_figure *aim = s->nfig ? &s->fig[(int)(rnd() * s->nfig) % s->nfig] : NULL;
			rq.bearing = aim && rnd() < 0.7 ? tw_bearing_deg(tw_sub(aim->pos, rq.origin)) : rnd() * 360;
			double e = rnd();
			rq.elevation = e < 0.6 ? rnd() * 12 - 2 : e < 0.85 ? rnd() * 45 : e < 0.95 ? 80 + rnd() * 20 : -rnd() * 30;
			rq.aim_sigma = rnd() < 0.3 ? 0.0 : rnd() * 2;
			if (trial == 0)
				rq.elevation = NAN; // a shot that goes nowhere: the same nowhere
			if (trial == 1)
				rq.origin.x = INFINITY;
			uint64_t seed = 1 + (uint64_t)(rnd() * 1e9);
			if (!shot_both_ways(s, &rq, seed, &contacts, &blocked))
				fail_msg("state %d shot %d: from (%.17g, %.17g, %.17g) bearing %.17g elevation %.17g sigma %.17g "
					 "seed %llu: the shot differs",
					 k, trial, rq.origin.x, rq.origin.y, rq.z0, rq.bearing, rq.elevation, rq.aim_sigma,
					 (unsigned long long)seed);
			shots++;
		}
		tw_state_free(s);
	}
	free(ss);
	// The cases reach what the shortcuts skip past: men hit and pieces that stop the shot.
	assert_true(shots >= 250 * 15);
	assert_true(contacts > shots / 10);
	assert_true(blocked > shots / 50);
	print_message("fast shot: %ld shots, %ld contacts, %ld blocked, all the same\n", shots, contacts, blocked);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_segment_hits_matches_plain),
		cmocka_unit_test(test_los_and_sight_memo_match_plain),
		cmocka_unit_test(test_terrain_index_matches_plain),
		cmocka_unit_test(test_dir_deg_matches_sin_cos),
		cmocka_unit_test(test_move_extend_matches_full_validation),
		cmocka_unit_test(test_melee_sweep_matches_plain),
		cmocka_unit_test(test_move_gaps_match_plain),
		cmocka_unit_test(test_route_field_matches_plain),
		cmocka_unit_test(test_route_field_made_up_tables_match_plain),
		cmocka_unit_test(test_event_clause_truncated),
		cmocka_unit_test(test_end_move_validation_leaves_state),
		cmocka_unit_test(test_apply_in_place_matches_copy),
		cmocka_unit_test(test_packed_order_log),
		cmocka_unit_test(test_gap_early_out_matches_gap),
		cmocka_unit_test(test_distance_early_outs),
		cmocka_unit_test(test_aim_memo_matches_plain),
		cmocka_unit_test(test_play_out_views_match_copies),
		cmocka_unit_test(test_shot_recorder_packed),
		cmocka_unit_test(test_fast_shot_matches_plain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
