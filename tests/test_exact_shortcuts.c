// h7-hook (issue 18, Hook's Farm at 2 ms): the exact shortcuts of this round, each against the
// plain computation.
//   - the sight line (src/core/los.c): each piece's bounding-box and separating-axis tests from
//     the question's box and normal worked out once, before the piece's kind, against the plain
//     loop (tw_los_plain: the kind, then tw_terrain_box_apart and tw_terrain_segment_may_hit in
//     full). Random questions over Hook's Farm and two generated Countries, with ends taken
//     anywhere, on the pieces' corners and vertices, along their box edges and a hair (1e-7 in,
//     within the 1e-6 in margin) outside them, and zero-length lines; heights from under the
//     ground to over every top. tw_los_blocker and tw_los_blocker_among (random ascending
//     subsets) must name the same piece.
//   - s30-los: the polygon interval (los.c's seg_interval_near: tw_geom_segment_hit_t over the
//     edges first, the crossing test only when an edge is hit, on the hit edges first) against
//     the plain order (seg_interval_near_plain), on lines along, through and beside the
//     polygons' own edges and vertices, each piece alone and the whole table, some with a NaN or
//     infinite eye height (for the top test, z0 < top || z1 < top against fmin(z0, z1) < top)
//     (test_los_polygon_edges_match_plain); and on the random questions above.
//   - tw_rec_hide_changes (src/core/record.c): figures whose hidden fields are all the owner's
//     32-bit values, by a loop of their own, against the general loop (tw_rec_hide_plain) and
//     against tw_rec_hide on a copy: Hook's Farm in play with figures of either side put in a
//     box or at work (one field, the other, both; the last figure; a value differing from the
//     default in one byte), for each seat and the umpire.
//   - lw_gun_may_be_within's reach (lw.h): the larger of the gun's three lengths by lw_fmax_nz
//     (inline) against libm's fmax, bit for bit, on values with NaN, infinities and zeros, and
//     the early-out's answers on random guns and places with either.
// The third shortcut of the round (lw_route.c: a row's end cell relaxed before the loop) is
// checked by test_fast_paths' cell-by-cell oracle (test_route_field_matches_plain).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/record_internal.h"
#include "rules/littlewars/lw.h"
#include "tinwar/los.h"
#include "tinwar/tinwar.h"

// A point for a sight line's end: anywhere on the table, or on or near a piece (a corner of its
// box, one of its vertices, a point along a box edge, or such a point moved by a hair).
static tw_vec2 some_point(const tw_table *tb, tw_rng *r)
{
	double hair = 1e-7;
	switch (tw_rng_below(r, 6)) {
	case 0:
	case 1: return tw_v2(tw_rng_unit(r) * tb->width, tw_rng_unit(r) * tb->depth);
	default: break;
	}
	const tw_terrain *t = &tb->terrain[tw_rng_below(r, (uint32_t)tb->nterrain)];
	tw_vec2 p;
	switch (tw_rng_below(r, 4)) {
	case 0: p = tw_v2(tw_rng_below(r, 2) ? t->lo.x : t->hi.x, tw_rng_below(r, 2) ? t->lo.y : t->hi.y); break;
	case 1:
		if (t->shape != TW_SHAPE_CIRCLE && t->nverts > 0) {
			p = t->v[tw_rng_below(r, (uint32_t)t->nverts)];
			break;
		}
		p = tw_v2(t->center.x + t->radius, t->center.y);
		break;
	case 2: {
		double u = tw_rng_unit(r);
		if (tw_rng_below(r, 2))
			p = tw_v2(t->lo.x + u * (t->hi.x - t->lo.x), tw_rng_below(r, 2) ? t->lo.y : t->hi.y);
		else
			p = tw_v2(tw_rng_below(r, 2) ? t->lo.x : t->hi.x, t->lo.y + u * (t->hi.y - t->lo.y));
		break;
	}
	default:
		p = tw_v2(t->lo.x + tw_rng_unit(r) * (t->hi.x - t->lo.x), t->lo.y + tw_rng_unit(r) * (t->hi.y - t->lo.y));
		break;
	}
	switch (tw_rng_below(r, 5)) {
	case 0: p.x += hair; break;
	case 1: p.x -= hair; break;
	case 2: p.y += hair; break;
	case 3: p.y -= hair; break;
	default: break;
	}
	return p;
}

static int los_mismatches(const tw_table *tb, uint64_t seed, int n, int *blocked)
{
	tw_rng r;
	tw_rng_seed(&r, seed);
	int bad = 0;
	int32_t idx[512];
	for (int q = 0; q < n; q++) {
		tw_vec2 a = some_point(tb, &r), b;
		switch (tw_rng_below(&r, 8)) {
		case 0: b = a; break; // no length
		case 1: b = tw_v2(some_point(tb, &r).x, a.y); break; // level with a box edge through a
		case 2: b = tw_v2(a.x, some_point(tb, &r).y); break;
		default: b = some_point(tb, &r); break;
		}
		double za = tw_rng_unit(&r) * 9.0 - 0.5, zb = tw_rng_unit(&r) * 9.0 - 0.5;
		if (tw_rng_below(&r, 3) == 0) { // eye heights of men and guns on the ground
			za = 1.5;
			zb = 1.0;
		}
		tw_los_plain = true;
		int32_t want = tw_los_blocker(tb, a, za, b, zb);
		tw_los_plain = false;
		int32_t got = tw_los_blocker(tb, a, za, b, zb);
		*blocked += want >= 0;
		if (want != got) {
			if (bad < 5)
				print_message("blocker (%.9g,%.9g,%g)-(%.9g,%.9g,%g): plain %d, fast %d\n", a.x, a.y, za, b.x, b.y,
					      zb, want, got);
			bad++;
		}
		// A random ascending subset of the pieces, both ways.
		int m = 0;
		for (int i = 0; i < tb->nterrain && m < 512; i++)
			if (tw_rng_below(&r, 3) != 0)
				idx[m++] = i;
		tw_los_plain = true;
		want = tw_los_blocker_among(tb, a, za, b, zb, idx, m);
		tw_los_plain = false;
		got = tw_los_blocker_among(tb, a, za, b, zb, idx, m);
		if (want != got) {
			if (bad < 5)
				print_message("among: plain %d, fast %d\n", want, got);
			bad++;
		}
	}
	tw_los_plain = false;
	return bad;
}

// The line of sight's tables: Hook's Farm (k 0), and Countries of 288 and 576 by 192 in.
static void los_table(tw_state *s, int k)
{
	tw_error err;
	memset(s, 0, sizeof *s);
	if (k == 0)
		assert_int_equal(tw_state_load(s, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
	else
		assert_int_equal(tw_scenario_generate(s, "littlewars", 40 + (uint64_t)k, k == 1 ? 288 : 576, 192, &err),
				 TW_OK);
}

static void test_los_matches_plain(void **st)
{
	(void)st;
	for (int k = 0; k < 3; k++) {
		tw_state s;
		los_table(&s, k);
		assert_true(s.table.nterrain > 0);
		int blocked = 0, n = k == 0 ? 60000 : 20000;
		assert_int_equal(los_mismatches(&s.table, 700 + (uint64_t)k, n, &blocked), 0);
		print_message("%d questions on %d pieces, %d blocked\n", n, s.table.nterrain, blocked);
		assert_true(blocked > n / 20 && blocked < n - n / 20); // both answers asked often
		tw_state_free(&s);
	}
}

// Whether hiding the records from seat changes a byte: tw_rec_hide on a copy, compared.
static bool hide_by_copy(const tw_state *s, int seat)
{
	tw_state c;
	assert_int_equal(tw_state_clone(&c, s), TW_OK);
	tw_rec_hide(&c, seat);
	bool diff = false;
	for (int k = 0; k < TW_REC_KIND_COUNT && !diff; k++) {
		const tw_record_def *d = tw_state_record_def(s, (tw_rec_kind)k);
		int n = d ? tw_rec_count(s, (tw_rec_kind)k) : 0;
		for (int i = 0; i < n && !diff; i++)
			diff = memcmp(tw_rec_c(s, (tw_rec_kind)k, i), tw_rec_c(&c, (tw_rec_kind)k, i), d->size) != 0;
	}
	tw_state_free(&c);
	return diff;
}

static void set_fig_field(tw_state *s, int i, const char *name, double v)
{
	const tw_record_def *d = tw_state_record_def(s, TW_REC_FIGURE);
	assert_non_null(d);
	int j = tw_record_field(d, name);
	assert_true(j >= 0);
	tw_rec_set(tw_rec(s, TW_REC_FIGURE, i), &d->fields[j], 0, v);
}

// s30-los: lines laid along and across the polygons' own edges, where the edge tests are at their
// edge cases (parallel edges, ends on a vertex or on an edge's line, touching at one point): the
// polygon interval that takes tw_geom_segment_hit_t first and the crossing test on the edges hit
// first, against the plain order (crossing test over the edges in turn, then every edge's hit).
// Each polygon piece alone (tw_los_blocker_among with that piece only, so its own interval
// decides) and the whole table must name the same piece both ways.
static tw_vec2 on_line(tw_vec2 p, tw_vec2 q, double s) { return tw_v2(p.x + s * (q.x - p.x), p.y + s * (q.y - p.y)); }

static double some_s(tw_rng *r)
{
	static const double fixed[] = {0.0, 1.0, 0.5, -1.0, 2.0, -1e-9, 1.0 + 1e-9};
	if (tw_rng_below(r, 2))
		return fixed[tw_rng_below(r, (uint32_t)(sizeof fixed / sizeof fixed[0]))];
	return tw_rng_unit(r) * 3.0 - 1.0;
}

static void test_los_polygon_edges_match_plain(void **st)
{
	(void)st;
	long asked = 0, blocked_alone = 0, clear_alone = 0;
	for (int k = 0; k < 3; k++) {
		tw_state s;
		los_table(&s, k);
		const tw_table *tb = &s.table;
		tw_rng r;
		tw_rng_seed(&r, 900 + (uint64_t)k);
		for (int32_t pi = 0; pi < tb->nterrain; pi++) {
			const tw_terrain *t = &tb->terrain[pi];
			if (t->shape == TW_SHAPE_CIRCLE || t->nverts < 2)
				continue;
			for (int q = 0; q < 400; q++) {
				int n = t->nverts, j = (int)tw_rng_below(&r, (uint32_t)n), i = (j + 1) % n;
				int m = (int)tw_rng_below(&r, (uint32_t)n);
				tw_vec2 a, b;
				switch (tw_rng_below(&r, 5)) {
				case 0: // both ends on the line of one edge
					a = on_line(t->v[j], t->v[i], some_s(&r));
					b = on_line(t->v[j], t->v[i], some_s(&r));
					break;
				case 1: // two vertices
					a = t->v[j];
					b = t->v[m];
					break;
				case 2: // through a vertex, from anywhere on the table
					a = tw_v2(tw_rng_unit(&r) * tb->width, tw_rng_unit(&r) * tb->depth);
					b = on_line(a, t->v[m], tw_rng_below(&r, 2) ? 1.0 : 1.0 + tw_rng_unit(&r));
					break;
				case 3: // from a point on one edge's line to a point on another's
					a = on_line(t->v[j], t->v[i], some_s(&r));
					b = on_line(t->v[m], t->v[(m + 1) % n], some_s(&r));
					break;
				default: // parallel to an edge, moved off it by a hair or more
				{
					double off = tw_rng_below(&r, 2) ? 1e-9 : tw_rng_unit(&r);
					tw_vec2 d = tw_v2(t->v[i].x - t->v[j].x, t->v[i].y - t->v[j].y);
					double len = sqrt(d.x * d.x + d.y * d.y);
					tw_vec2 nrm = len > 0 ? tw_v2(-d.y / len * off, d.x / len * off) : tw_v2(off, 0);
					if (tw_rng_below(&r, 2))
						nrm = tw_v2(-nrm.x, -nrm.y);
					a = on_line(t->v[j], t->v[i], some_s(&r));
					b = on_line(t->v[j], t->v[i], some_s(&r));
					a = tw_v2(a.x + nrm.x, a.y + nrm.y);
					b = tw_v2(b.x + nrm.x, b.y + nrm.y);
					break;
				}
				}
				double za = tw_rng_unit(&r) * 9.0 - 0.5, zb = tw_rng_unit(&r) * 9.0 - 0.5;
				if (tw_rng_below(&r, 3) == 0)
					za = zb = -0.25; // under every top: the interval alone decides
				if (tw_rng_below(&r, 16) == 0) { // heights that make the line's height NaN or infinite
					static const double odd[] = {NAN, INFINITY, -INFINITY};
					double z = odd[tw_rng_below(&r, 3)];
					if (tw_rng_below(&r, 2))
						za = z;
					else
						zb = z;
				}
				tw_los_plain = true;
				int32_t want1 = tw_los_blocker_among(tb, a, za, b, zb, &pi, 1);
				int32_t want = tw_los_blocker(tb, a, za, b, zb);
				tw_los_plain = false;
				int32_t got1 = tw_los_blocker_among(tb, a, za, b, zb, &pi, 1);
				int32_t got = tw_los_blocker(tb, a, za, b, zb);
				if (want1 != got1 || want != got)
					print_message("piece %d (%.17g,%.17g,%g)-(%.17g,%.17g,%g): alone plain %d fast %d, all plain %d fast %d\n",
						      pi, a.x, a.y, za, b.x, b.y, zb, want1, got1, want, got);
				assert_int_equal(got1, want1);
				assert_int_equal(got, want);
				asked++;
				if (want1 >= 0)
					blocked_alone++;
				else
					clear_alone++;
			}
		}
		tw_state_free(&s);
	}
	print_message("%ld edge questions, one piece alone: %ld blocked, %ld clear\n", asked, blocked_alone, clear_alone);
	assert_true(blocked_alone > asked / 10 && clear_alone > asked / 10); // both answers asked often
	tw_los_plain = false;
}

static void test_hide_changes_figures_match_plain(void **st)
{
	(void)st;
	tw_error err;
	tw_state base;
	memset(&base, 0, sizeof base);
	assert_int_equal(tw_state_load(&base, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
	tw_rng r;
	tw_rng_seed(&r, 707);
	int changed = 0, same = 0;
	for (int n = 0; n < 600; n++) {
		tw_state s;
		assert_int_equal(tw_state_clone(&s, &base), TW_OK);
		int edits = (int)tw_rng_below(&r, 3);
		for (int e = 0; e < edits; e++) {
			int i = tw_rng_below(&r, 4) == 0 ? s.nfig - 1 : (int)tw_rng_below(&r, (uint32_t)s.nfig);
			switch (tw_rng_below(&r, 4)) {
			case 0: set_fig_field(&s, i, "box", (double)tw_rng_below(&r, LW_BOX_MAX)); break;
			case 1: set_fig_field(&s, i, "work", (double)tw_rng_below(&r, LW_WORK_MAX)); break;
			case 2: // one byte off the default (-1): 0xffffff7f
				set_fig_field(&s, i, "work", -1);
				((unsigned char *)tw_rec(&s, TW_REC_FIGURE, i))
				    [tw_state_record_def(&s, TW_REC_FIGURE)->fields[tw_record_field(tw_state_record_def(&s, TW_REC_FIGURE), "work")].offset + 3] = 0x7f;
				break;
			default: // set and put back
				set_fig_field(&s, i, "box", 3);
				set_fig_field(&s, i, "box", -1);
				break;
			}
		}
		for (int seat = -1; seat < 2; seat++) {
			tw_rec_hide_plain = true;
			bool want = tw_rec_hide_changes(&s, seat);
			tw_rec_hide_plain = false;
			bool got = tw_rec_hide_changes(&s, seat);
			assert_true(got == want);
			assert_true(got == hide_by_copy(&s, seat));
			changed += got;
			same += !got;
		}
		tw_state_free(&s);
	}
	print_message("%d changed, %d not\n", changed, same);
	assert_true(changed > 200 && same > 200);
	tw_state_free(&base);
}

static bool same_bits(double x, double y) { return memcmp(&x, &y, sizeof x) == 0; }

// lw_gun_may_be_within as it was written, with libm's fmax.
static bool gun_may_be_within_ref(const tw_gun *g, tw_vec2 p, double lim)
{
	double ext = fmax(fmax(fabs(g->trail), fabs(g->muzzle)), fabs(g->half_axle)) + lim + 1e-6;
	double dx = fabs(p.x - g->axle.x), dy = fabs(p.y - g->axle.y);
	return !(dx > ext || dy > ext) || isnan(dx) || isnan(dy) || isnan(ext);
}

static void test_fmax_nz_matches_fmax(void **st)
{
	(void)st;
	const double v[] = {0.0, -0.0, 1.0, 2.5, 1e-300, 1e300, INFINITY, -INFINITY, NAN, -NAN, 3.0, 0.5};
	const int nv = (int)(sizeof v / sizeof v[0]);
	int asked = 0;
	for (int i = 0; i < nv; i++)
		for (int j = 0; j < nv; j++) {
			double x = fabs(v[i]), y = fabs(v[j]); // the only values it is asked about
			double want = fmax(x, y), got = lw_fmax_nz(x, y);
			assert_true(same_bits(want, got) || (isnan(want) && isnan(got)));
			asked++;
		}
	tw_rng r;
	tw_rng_seed(&r, 4242);
	tw_gun g;
	memset(&g, 0, sizeof g);
	int near = 0;
	for (int n = 0; n < 200000; n++) {
		double *f[3] = {&g.trail, &g.muzzle, &g.half_axle};
		for (int k = 0; k < 3; k++) {
			uint32_t w = tw_rng_below(&r, 16);
			*f[k] = w == 0 ? NAN : w == 1 ? INFINITY : w == 2 ? -0.0 : (tw_rng_unit(&r) - 0.3) * 6.0;
		}
		g.axle = tw_v2(tw_rng_unit(&r) * 100, tw_rng_unit(&r) * 100);
		tw_vec2 p = tw_v2(g.axle.x + (tw_rng_unit(&r) - 0.5) * 40, g.axle.y + (tw_rng_unit(&r) - 0.5) * 40);
		double lim = tw_rng_below(&r, 50) == 0 ? NAN : tw_rng_unit(&r) * 8.0;
		bool want = gun_may_be_within_ref(&g, p, lim);
		assert_true(lw_gun_may_be_within(&g, p, lim) == want);
		near += want;
	}
	print_message("%d pairs of values, %d of 200000 places within reach\n", asked, near);
	assert_true(near > 20000 && near < 180000);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_los_matches_plain),
	    cmocka_unit_test(test_los_polygon_edges_match_plain),
	    cmocka_unit_test(test_hide_changes_figures_match_plain),
	    cmocka_unit_test(test_fmax_nz_matches_fmax),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
