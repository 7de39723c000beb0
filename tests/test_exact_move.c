// s31-move (issue 18, Hook's Farm at 2 ms): the exact shortcuts in the move checks and the
// move's application, each against the plain form.
//   - "%.Nf" (src/core/fmt_fast.c): the fixed-point words worked out on the double's bits in
//     64-bit integers (tw_fmt_fixed_small, tw_fmt_fixed, tw_event_text's fast path), against
//     snprintf byte for byte, on random doubles of every size (tenths and their halves, the
//     ties of every precision, the nearest doubles either side of them, subnormals, zeros of
//     either sign, values about 2^40 and beyond, infinities, NaN).
//   - a man's move event (lw_fmt_move_text, src/rules/littlewars/lw_fmt.c): written straight
//     into the event's text, against snprintf of its format, with random prefixes, side and
//     kind names of every length up to the buffer, ids of either sign and the numbers above,
//     into buffers of random size (snprintf's cut).
//   - the move checks (src/rules/littlewars/lw_move.c): check_own's terrain tests with the
//     pieces' kinds looked at once (no river: no river scan; no ditch: +0 without lw_rough_extra),
//     lw_validate_move_extend's loop over every figure (gap_apart inline, the radii's sum kept
//     while the radius repeats) and lw_validate_move's room loop (the widened box kept while the
//     radius repeats), against the plain paths (lw_move_terrain_plain, lw_extend_plain_order,
//     lw_validate_plain_gaps): random move orders (own men, others, a man twice, destinations
//     near and far, off the table, on and beside the pieces and the guns, paths of one to three
//     legs; the gun loop's box test before the guns' records, s31-move, against after) on
//     Hook's Farm in play as it is, and with a river, a ford, a ditch and walls across pieces
//     added; the same status,
//     clause and message from lw_validate_move and from lw_validate_move_extend, and from
//     lw_check_leg and lw_check_standing asked directly (the general's questions).
//   - the axle lines' directions kept for an order's men (lw_note_axle_crossings_dirs,
//     lw_capture.c) against lw_note_axle_crossings: random legs of random men across and along
//     the guns' axle lines, on copies of Hook's Farm in play with the guns turned at random; the
//     same crossers recorded and forgotten, gun by gun.
//   - lw_apply_move's contact loop with the foes' places and reaches side by side (the reach
//     worked out again when the mover's radius changes), against the plain loop
//     (lw_contact_plain): random orders of one side's men (infantry, cavalry, both) sent next
//     to, against and a hair beyond the reach of enemy men, applied to copies of Hook's Farm in
//     play; the same events (type, figures, clause, text) and the same state after.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fmt_fast.h"
#include "rules/littlewars/lw.h"
#include "rules/littlewars/lw_capture.h"
#include "rules/littlewars/lw_fmt.h"
#include "rules/littlewars/lw_obstacles.h"
#include "scene.h"
#include "tinwar/tinwar.h"

static uint32_t rnd32(tw_rng *r) { return (uint32_t)tw_rng_u64(r); }

// A double for the formatters: of every kind and size, often on or beside a tie.
static double some_double(tw_rng *r)
{
	double v;
	switch (tw_rng_below(r, 12)) {
	case 0: { // any bit pattern
		uint64_t b = tw_rng_u64(r);
		memcpy(&v, &b, sizeof v);
		return v;
	}
	case 1: v = (double)(int)tw_rng_below(r, 20001) / 10.0 - 1000.0; break; // tenths
	case 2: v = ((double)tw_rng_below(r, 200001) + 0.5) / pow(10, tw_rng_below(r, 4)); break; // ties
	case 3: v = tw_rng_unit(r) * 100; break;
	case 4: v = tw_rng_unit(r) * pow(2, (double)tw_rng_below(r, 80) - 20); break; // about 2^40 and beyond
	case 5: v = ldexp(tw_rng_unit(r), -(int)tw_rng_below(r, 1080)); break; // tiny, subnormal
	case 6: v = tw_rng_below(r, 2) ? 0.0 : -0.0; break;
	case 7: v = tw_rng_below(r, 3) == 0 ? NAN : tw_rng_below(r, 2) ? INFINITY : -INFINITY; break;
	case 8: v = 0x1p40 - ldexp(1, -(int)tw_rng_below(r, 12)); break;
	default: v = (double)(int)tw_rng_below(r, 2000) * 0.05 - 50; break; // x.x5: near a tie of %.1f
	}
	if (tw_rng_below(r, 3) == 0)
		v = nextafter(v, tw_rng_below(r, 2) ? INFINITY : -INFINITY);
	return tw_rng_below(r, 4) == 0 ? -v : v;
}

static void fixed_case(double v, int prec)
{
	char want[512], got[512], buf[400];
	int wn = snprintf(want, sizeof want, "%.*f", prec, v);
	int n = tw_fmt_fixed_small(got, v, prec);
	if (fabs(v) < 0x1p40) {
		assert_true(n >= 0 && n <= 18);
		got[n] = 0;
		assert_int_equal(n, wn);
		assert_string_equal(got, want);
	} else {
		assert_int_equal(n, -1);
	}
	int m = tw_fmt_fixed(buf, sizeof buf, v, prec);
	assert_int_equal(m, wn < (int)sizeof buf ? wn : (int)sizeof buf - 1);
	assert_memory_equal(buf, want, (size_t)m);
}

static void test_fixed_matches_snprintf(void **st)
{
	(void)st;
	tw_rng r;
	tw_rng_seed(&r, 31);
	for (int k = 0; k < 400000; k++)
		fixed_case(some_double(&r), (int)tw_rng_below(&r, 4));
	// Every tie of %.1f to %.3f over a range, and its neighbours.
	for (int prec = 0; prec <= 3; prec++)
		for (int i = -30000; i <= 30000; i++) {
			double v = (i + 0.5) / pow(10, prec);
			fixed_case(v, prec);
			fixed_case(nextafter(v, INFINITY), prec);
			fixed_case(nextafter(v, -INFINITY), prec);
		}
	double edge[] = {0x1p40, -0x1p40, nextafter(0x1p40, 0), 0x1p-1074, -0x1p-1074, 0x1p-1022, 0.05, 0.25, 0.35,
			 0.45, 1e-300, 5e-4, 5e-3, 0.0005, 0.9999999999999999};
	for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++)
		for (int prec = 0; prec <= 3; prec++)
			fixed_case(edge[i], prec);
}

// tw_event_text's fast path (tw_fmt_fast) with %.Nf among other conversions.
static void test_event_text_matches_snprintf(void **st)
{
	(void)st;
	tw_rng r;
	tw_rng_seed(&r, 32);
	tw_event e;
	for (int k = 0; k < 100000; k++) {
		double a = some_double(&r), b = some_double(&r);
		int id = (int)rnd32(&r);
		char want[sizeof e.text];
		snprintf(want, sizeof want, "gun %d at (%.1f, %.2f) %.3f%.0f", id, a, b, a, b);
		tw_event_text(&e, "gun %d at (%.1f, %.2f) %.3f%.0f", id, a, b, a, b);
		assert_string_equal(e.text, want);
	}
}

static void some_name(tw_rng *r, char *out, size_t max)
{
	size_t n = tw_rng_below(r, 4) == 0 ? tw_rng_below(r, (uint32_t)max) : tw_rng_below(r, 12);
	for (size_t i = 0; i < n; i++)
		out[i] = (char)('a' + tw_rng_below(r, 26));
	out[n] = 0;
}

static void test_move_text_matches_snprintf(void **st)
{
	(void)st;
	tw_rng r;
	tw_rng_seed(&r, 33);
	for (int k = 0; k < 200000; k++) {
		char side[200], kind[200];
		some_name(&r, side, 150);
		some_name(&r, kind, 150);
		const char *prefix = tw_rng_below(&r, 3) == 0 ? "prisoner " : "";
		int id = tw_rng_below(&r, 5) == 0 ? (int)rnd32(&r) : (int)tw_rng_below(&r, 3000);
		double len = some_double(&r), x = some_double(&r), y = some_double(&r);
		if (tw_rng_below(&r, 2)) { // most moves: small numbers
			len = fabs(fmod(len, 40));
			x = fmod(x, 200);
			y = fmod(y, 200);
		}
		size_t cap = tw_rng_below(&r, 4) == 0 ? tw_rng_below(&r, 200) : 160;
		char want[1200], got[400];
		memset(got, 'Z', sizeof got);
		snprintf(want, sizeof want, "%s%s %s #%d moves %.1f in to (%.1f, %.1f)", prefix, side, kind, id, len, x, y);
		size_t n = lw_fmt_move_text(got, cap, prefix, side, kind, id, len, x, y);
		if (cap == 0) {
			assert_int_equal(got[0], 'Z');
			continue;
		}
		size_t wn = strlen(want) < cap - 1 ? strlen(want) : cap - 1;
		assert_int_equal(n, wn);
		assert_memory_equal(got, want, wn);
		assert_int_equal(got[wn], 0);
	}
}

// States of Hook's Farm in play: every 7th decision of a game of two default generals.
static int hooks_farm_states(tw_state *keep, int max, uint64_t seed)
{
	return tw_test_hook_states(keep, max, seed, seed + 1, 7);
}

static tw_terrain band(tw_terrain_kind kind, double x0, double y0, double x1, double y1)
{
	tw_terrain t = tw_test_rect(kind, x0, y0, x1, y1);
	snprintf(t.name, sizeof t.name, "%s", tw_terrain_kind_name(kind));
	return t;
}

// A point near p, or on or beside one of the table's pieces, or anywhere (some off the table).
static tw_vec2 some_place(const tw_state *s, tw_vec2 p, tw_rng *r)
{
	const tw_table *tb = &s->table;
	switch (tw_rng_below(r, 8)) {
	case 0: return tw_v2(tw_rng_unit(r) * (tb->width + 20) - 10, tw_rng_unit(r) * (tb->depth + 90) - 45);
	case 1: {
		const tw_terrain *t = &tb->terrain[tw_rng_below(r, (uint32_t)tb->nterrain)];
		double u = tw_rng_unit(r), m = tw_rng_unit(r) * 1.2 - 0.6;
		return tw_rng_below(r, 2) ? tw_v2(t->lo.x + u * (t->hi.x - t->lo.x), (tw_rng_below(r, 2) ? t->lo.y : t->hi.y) + m)
					  : tw_v2((tw_rng_below(r, 2) ? t->lo.x : t->hi.x) + m, t->lo.y + u * (t->hi.y - t->lo.y));
	}
	case 2: return tw_add(p, tw_v2(tw_rng_unit(r) * 2 - 1, tw_rng_unit(r) * 2 - 1));
	case 3:
		if (s->ngun > 0) { // on or beside a gun
			const tw_gun *g = &s->gun[tw_rng_below(r, (uint32_t)s->ngun)];
			return tw_add(g->axle, tw_v2(tw_rng_unit(r) * 4 - 2, tw_rng_unit(r) * 4 - 2));
		}
		return p;
	default: {
		double a = tw_rng_unit(r) * 6.283185307179586, d = tw_rng_unit(r) * 16;
		return tw_add(p, tw_v2(d * cos(a), d * sin(a)));
	}
	}
}

// A random move order for the side to move: mostly its own men, near one another.
static void some_order(const tw_state *s, tw_order *o, tw_rng *r)
{
	int side = s->mover >= 0 ? s->mover : 0;
	tw_order_init(o, LW_OT_MOVE, side);
	int want = 1 + (int)tw_rng_below(r, tw_rng_below(r, 3) == 0 ? 12 : 5);
	int first = -1;
	for (int tries = 0; tries < 400 && o->nfig < want && o->nfig < TW_ORDER_MAX_FIG; tries++) {
		int j = (int)tw_rng_below(r, (uint32_t)s->nfig);
		const tw_figure *f = &s->fig[j];
		bool odd = tw_rng_below(r, 12) == 0; // another side's, dead or moved men, or a man twice
		if (!odd && (f->side != side || f->status != TW_FS_ACTIVE))
			continue;
		if (!odd && first >= 0 && tw_dist(f->pos, s->fig[first].pos) > 8)
			continue;
		if (odd && o->nfig > 0 && tw_rng_below(r, 2))
			j = o->fig[tw_rng_below(r, (uint32_t)o->nfig)];
		if (first < 0)
			first = j;
		o->fig[o->nfig++] = s->fig[j].id;
	}
	if (o->nfig == 0)
		o->fig[o->nfig++] = s->fig[tw_rng_below(r, (uint32_t)s->nfig)].id;
	o->has_at = tw_rng_below(r, 3) != 0;
	if (o->has_at) {
		tw_vec2 shift = tw_v2(tw_rng_unit(r) * 16 - 8, tw_rng_unit(r) * 16 - 8);
		for (int i = 0; i < o->nfig; i++) {
			tw_vec2 at = s->fig[o->fig[i]].pos;
			o->at[i] = tw_rng_below(r, 3) ? tw_add(at, shift) : some_place(s, at, r);
		}
	} else {
		o->npath = 1 + (int)tw_rng_below(r, 3);
		tw_vec2 at = s->fig[o->fig[0]].pos;
		for (int k = 0; k < o->npath; k++)
			at = o->path[k] = some_place(s, at, r);
	}
}

typedef struct verdict {
	tw_status st;
	char clause[24];
	char message[256];
} verdict;

static verdict judge(const tw_state *s, const tw_order *o, bool extend, bool plain)
{
	lw_move_terrain_plain = plain;
	lw_extend_plain_order = plain;
	lw_validate_plain_gaps = plain;
	tw_error err;
	memset(&err, 0, sizeof err);
	verdict v;
	memset(&v, 0, sizeof v);
	v.st = extend ? lw_validate_move_extend(s, o, &err) : lw_validate_move(s, o, &err);
	if (v.st != TW_OK) {
		memcpy(v.clause, err.clause, sizeof v.clause);
		memcpy(v.message, err.message, sizeof v.message);
	}
	lw_move_terrain_plain = lw_extend_plain_order = lw_validate_plain_gaps = false;
	return v;
}

// lw_check_leg and lw_check_standing asked directly (as the general asks them), plain and fast.
static void legs_match_plain(tw_state *states, int n, tw_rng *r, int per_state, long *refused)
{
	for (int k = 0; k < n; k++) {
		const tw_state *s = &states[k];
		for (int q = 0; q < per_state; q++) {
			const tw_figure *f = &s->fig[tw_rng_below(r, (uint32_t)s->nfig)];
			tw_vec2 a = some_place(s, f->pos, r), b = some_place(s, a, r);
			for (int plain = 1; plain >= 0; plain--) {
				static verdict v[2][2];
				tw_error err;
				lw_move_terrain_plain = plain;
				memset(&err, 0, sizeof err);
				memset(v[plain], 0, sizeof v[plain]);
				v[plain][0].st = lw_check_leg(s, a, b, &err);
				memcpy(v[plain][0].message, err.message, sizeof err.message);
				memcpy(v[plain][0].clause, err.clause, sizeof err.clause);
				memset(&err, 0, sizeof err);
				v[plain][1].st = lw_check_standing(s, f, b, &err);
				memcpy(v[plain][1].message, err.message, sizeof err.message);
				memcpy(v[plain][1].clause, err.clause, sizeof err.clause);
				lw_move_terrain_plain = false;
				if (plain)
					continue;
				for (int w = 0; w < 2; w++) {
					assert_int_equal(v[1][w].st, v[0][w].st);
					assert_string_equal(v[1][w].clause, v[0][w].clause);
					assert_string_equal(v[1][w].message, v[0][w].message);
					*refused += v[1][w].st != TW_OK;
				}
			}
		}
	}
}

// Random orders on each state, judged the plain way and the fast way; counts of verdicts.
static void orders_match_plain(tw_state *states, int n, tw_rng *r, int per_state, long *ok, long *refused,
			       long *clauses)
{
	tw_order *o = calloc(1, sizeof *o);
	assert_non_null(o);
	for (int k = 0; k < n; k++) {
		tw_state *s = &states[k];
		for (int q = 0; q < per_state; q++) {
			some_order(s, o, r);
			for (int extend = 0; extend < 2; extend++) {
				verdict want = judge(s, o, extend, true), got = judge(s, o, extend, false);
				if (want.st != got.st || strcmp(want.clause, got.clause) || strcmp(want.message, got.message))
					print_message("state %d order %d (%s): %d %s %s | %d %s %s\n", k, q,
						      extend ? "extend" : "full", want.st, want.clause, want.message, got.st,
						      got.clause, got.message);
				assert_int_equal(want.st, got.st);
				assert_string_equal(want.clause, got.clause);
				assert_string_equal(want.message, got.message);
				*ok += want.st == TW_OK;
				*refused += want.st != TW_OK;
				clauses[8] += want.st != TW_OK && strstr(want.message, "against gun") != NULL;
				for (int c = 0; c < 8; c++) {
					static const char *const cl[8] = {"LW.MOB.1", "LW.MOB.14", "LW.C.4", "LW.MOB.15",
									  "LW.MEL.2", "LW.C.3", "LW.MOB.2", "LW.MOB.3"};
					if (want.st != TW_OK && strcmp(want.clause, cl[c]) == 0)
						clauses[c]++;
				}
			}
		}
	}
	free(o);
}

static void test_move_checks_match_plain(void **st)
{
	(void)st;
	enum { KEEP = 24 };
	tw_state *keep = calloc(KEEP, sizeof *keep);
	assert_non_null(keep);
	int n = hooks_farm_states(keep, KEEP, 101);
	assert_true(n >= 8);
	tw_rng r;
	tw_rng_seed(&r, 34);
	long ok = 0, refused = 0, clauses[9] = {0}; // the last: refused for standing against a gun
	orders_match_plain(keep, n, &r, 300, &ok, &refused, clauses);
	// The same states with a river across the middle (a ford on it), a ditch and walls.
	for (int k = 0; k < n; k++) {
		tw_table *tb = &keep[k].table;
		double w = tb->width, d = tb->depth;
		tw_terrain river = band(TW_TER_RIVER, -5, d / 2 - 2, w + 5, d / 2 + 2);
		tw_terrain ford = band(TW_TER_FORD, w / 2 - 4, d / 2 - 3, w / 2 + 4, d / 2 + 3);
		tw_terrain ditch = band(TW_TER_DITCH, w / 4, d / 3, w / 4 + 20, d / 3 + 3);
		if (k % 3 == 0)
			assert_true(tw_table_add(tb, &river) >= 0);
		if (k % 3 == 0)
			assert_true(tw_table_add(tb, &ford) >= 0);
		if (k % 3 != 1)
			assert_true(tw_table_add(tb, &ditch) >= 0);
		// Walls across impassable pieces: places in the way of two pieces at once (the first
		// in order is named).
		int nt = tb->nterrain;
		for (int i = 0; i < nt; i++) {
			const tw_terrain *t = &tb->terrain[i];
			if (!tw_terrain_impassable(t) || tw_rng_below(&r, 2))
				continue;
			double cx = (t->lo.x + t->hi.x) / 2, cy = (t->lo.y + t->hi.y) / 2;
			tw_terrain wall = tw_rng_below(&r, 2) ? band(TW_TER_WALL, cx - 0.2, cy - 6, cx + 0.2, cy + 6)
							      : band(TW_TER_WALL, cx - 6, cy - 0.2, cx + 6, cy + 0.2);
			assert_true(tw_table_add(tb, &wall) >= 0);
		}
		if (k % 3 == 1) // the river last of all (its kind found at the end of the pieces)
			assert_true(tw_table_add(tb, &river) >= 0);
	}
	orders_match_plain(keep, n, &r, 300, &ok, &refused, clauses);
	long leg_refused = 0;
	legs_match_plain(keep, n, &r, 400, &leg_refused);
	print_message("lw_check_leg and lw_check_standing: %ld refusals of %d questions\n", leg_refused, n * 400 * 2);
	assert_true(leg_refused > 100);
	print_message("%d states: %ld accepted, %ld refused (LW.MOB.1 %ld, LW.MOB.14 %ld, LW.C.4 %ld, LW.MOB.15 %ld, "
		      "LW.MEL.2 %ld, LW.C.3 %ld, LW.MOB.2 %ld, LW.MOB.3 %ld; against a gun %ld)\n",
		      n, ok, refused, clauses[0], clauses[1], clauses[2], clauses[3], clauses[4], clauses[5], clauses[6],
		      clauses[7], clauses[8]);
	assert_true(ok > 100);
	for (int c = 0; c < 9; c++)
		assert_true(clauses[c] > 0);
	for (int k = 0; k < n; k++)
		tw_state_free(&keep[k]);
	free(keep);
}

static void test_axle_dirs_match_plain(void **st)
{
	(void)st;
	enum { KEEP = 12 };
	tw_state *keep = calloc(KEEP, sizeof *keep);
	assert_non_null(keep);
	int n = hooks_farm_states(keep, KEEP, 102);
	assert_true(n >= 4);
	tw_rng r;
	tw_rng_seed(&r, 35);
	long noted = 0;
	for (int k = 0; k < n; k++) {
		tw_state *s = &keep[k];
		for (int gi = 0; gi < s->ngun; gi++) // some guns turned, some side-on to the attack
			if (tw_rng_below(&r, 2))
				s->gun[gi].bearing = tw_rng_below(&r, 4) == 0 ? 90.0 * tw_rng_below(&r, 4) : tw_rng_unit(&r) * 360;
		for (int order = 0; order < 40; order++) {
			tw_state a, b;
			memset(&a, 0, sizeof a);
			memset(&b, 0, sizeof b);
			assert_int_equal(tw_state_clone(&a, s), TW_OK);
			assert_int_equal(tw_state_clone(&b, s), TW_OK);
			lw_axle_dirs dirs;
			lw_axle_dirs_init(&dirs, &b);
			for (int leg = 0; leg < 30; leg++) {
				int j = (int)tw_rng_below(&r, (uint32_t)s->nfig);
				const tw_gun *g = &s->gun[tw_rng_below(&r, (uint32_t)s->ngun)];
				tw_vec2 p = tw_add(g->axle, tw_v2(tw_rng_unit(&r) * 12 - 6, tw_rng_unit(&r) * 12 - 6));
				tw_vec2 q = tw_rng_below(&r, 4) == 0 ? g->axle
								     : tw_add(g->axle, tw_v2(tw_rng_unit(&r) * 12 - 6, tw_rng_unit(&r) * 12 - 6));
				if (tw_rng_below(&r, 2)) {
					tw_vec2 t = p;
					p = q;
					q = t;
				}
				lw_note_axle_crossings(&a, &a.fig[j], p, q);
				lw_note_axle_crossings_dirs(&b, &b.fig[j], p, q, &dirs);
			}
			for (int gi = 0; gi < s->ngun; gi++) {
				const lw_gun *ra = LWGN(&a, &a.gun[gi]), *rb = LWGN(&b, &b.gun[gi]);
				assert_int_equal(ra->ncross, rb->ncross);
				assert_memory_equal(ra->crossers, rb->crossers, sizeof ra->crossers);
				noted += ra->ncross;
			}
			tw_state_free(&a);
			tw_state_free(&b);
		}
	}
	print_message("%d states: %ld crossers kept at the orders' ends\n", n, noted);
	assert_true(noted > 100);
	for (int k = 0; k < n; k++)
		tw_state_free(&keep[k]);
	free(keep);
}

// An order of the side to move's free men sent next to enemy men (at a gap of -0.05 to 0.3 in).
static void contact_order(const tw_state *s, tw_order *o, tw_rng *r)
{
	int side = s->mover >= 0 ? s->mover : 0;
	tw_order_init(o, LW_OT_MOVE, side);
	o->has_at = true;
	int want = 1 + (int)tw_rng_below(r, 8);
	for (int tries = 0; tries < 2000 && o->nfig < want; tries++) {
		const tw_figure *f = &s->fig[tw_rng_below(r, (uint32_t)s->nfig)];
		const tw_figure *g = &s->fig[tw_rng_below(r, (uint32_t)s->nfig)];
		if (f->side != side || f->status != TW_FS_ACTIVE || g->side == side || g->status != TW_FS_ACTIVE)
			continue;
		bool twice = false;
		for (int i = 0; i < o->nfig; i++)
			twice |= o->fig[i] == f->id;
		if (twice)
			continue;
		double a = tw_rng_unit(r) * 6.283185307179586;
		double d = f->radius + g->radius + (tw_rng_below(r, 3) == 0 ? LW_CONTACT + 1e-9 * tw_rng_below(r, 3)
									  : tw_rng_unit(r) * 0.35 - 0.05);
		o->at[o->nfig] = tw_add(g->pos, tw_v2(d * cos(a), d * sin(a)));
		o->fig[o->nfig++] = f->id;
	}
}

static void test_contact_loop_matches_plain(void **st)
{
	(void)st;
	enum { KEEP = 16 };
	tw_state *keep = calloc(KEEP, sizeof *keep);
	assert_non_null(keep);
	int n = hooks_farm_states(keep, KEEP, 103);
	assert_true(n >= 4);
	tw_rng r;
	tw_rng_seed(&r, 36);
	tw_order *o = calloc(1, sizeof *o);
	assert_non_null(o);
	long contacts = 0, moved = 0;
	for (int k = 0; k < n; k++) {
		for (int q = 0; q < 60; q++) {
			contact_order(&keep[k], o, &r);
			if (o->nfig == 0)
				continue;
			tw_state a, b;
			memset(&a, 0, sizeof a);
			memset(&b, 0, sizeof b);
			assert_int_equal(tw_state_clone(&a, &keep[k]), TW_OK);
			assert_int_equal(tw_state_clone(&b, &keep[k]), TW_OK);
			tw_events ea, eb;
			memset(&ea, 0, sizeof ea);
			memset(&eb, 0, sizeof eb);
			lw_contact_plain = true;
			assert_int_equal(lw_apply_move(&a, o, &ea), TW_OK);
			lw_contact_plain = false;
			assert_int_equal(lw_apply_move(&b, o, &eb), TW_OK);
			assert_int_equal(ea.n, eb.n);
			for (int i = 0; i < ea.n; i++) {
				assert_int_equal(ea.v[i].type, eb.v[i].type);
				assert_int_equal(ea.v[i].a, eb.v[i].a);
				assert_int_equal(ea.v[i].b, eb.v[i].b);
				assert_string_equal(ea.v[i].clause, eb.v[i].clause);
				assert_string_equal(ea.v[i].text, eb.v[i].text);
				contacts += ea.v[i].type == TW_EV_CONTACT;
				moved += ea.v[i].type == TW_EV_MOVE;
			}
			assert_true(tw_state_hash(&a) == tw_state_hash(&b));
			tw_events_free(&ea);
			tw_events_free(&eb);
			tw_state_free(&a);
			tw_state_free(&b);
		}
	}
	print_message("%d states: %ld men moved, %ld contacts\n", n, moved, contacts);
	assert_true(contacts > 100 && moved > contacts);
	free(o);
	for (int k = 0; k < n; k++)
		tw_state_free(&keep[k]);
	free(keep);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_fixed_matches_snprintf),
	    cmocka_unit_test(test_event_text_matches_snprintf),
	    cmocka_unit_test(test_move_text_matches_snprintf),
	    cmocka_unit_test(test_move_checks_match_plain),
	    cmocka_unit_test(test_axle_dirs_match_plain),
	    cmocka_unit_test(test_contact_loop_matches_plain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
