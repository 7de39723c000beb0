// Line of sight: a sight line from (a, za) to (b, zb) against terrain tops.
#include <math.h>
#include <stdint.h>

#include "tinwar/los.h"
#include "geom_inline.h"

// Height of the sight line at parameter t along it.
static double line_z(double za, double zb, double t) { return za + (zb - za) * t; }

// h7-hook (issue 18): the question's own numbers, worked out once for all the pieces: the
// segment's box (tw_terrain_box_apart's x0..y1) and the normal of ab with its absolute values
// (tw_terrain_segment_may_hit's nx, ny, anx, any), the same expressions so the same bits.
typedef struct los_q {
	double x0, x1, y0, y1;
	double nx, ny, anx, any;
	double eps; // s30-los: reach's last term, (anx + any) * 1e-6, the same for every piece
} los_q;

static inline los_q los_q_make(tw_vec2 a, tw_vec2 b)
{
	los_q q;
	q.x0 = a.x < b.x ? a.x : b.x;
	q.x1 = a.x < b.x ? b.x : a.x;
	q.y0 = a.y < b.y ? a.y : b.y;
	q.y1 = a.y < b.y ? b.y : a.y;
	q.nx = a.y - b.y;
	q.ny = b.x - a.x;
	q.anx = q.nx < 0 ? -q.nx : q.nx;
	q.any = q.ny < 0 ? -q.ny : q.ny;
	q.eps = (q.anx + q.any) * 1e-6;
	return q;
}

// !tw_terrain_box_apart(t, a, b) && tw_terrain_segment_may_hit(t, a, b), from q: the same
// comparisons of the same values.
static inline bool los_q_may_hit(const los_q *q, const tw_terrain *t, tw_vec2 a)
{
	if (q->x1 < t->lo.x || q->x0 > t->hi.x || q->y1 < t->lo.y || q->y0 > t->hi.y)
		return false;
	double cx = 0.5 * (t->lo.x + t->hi.x), cy = 0.5 * (t->lo.y + t->hi.y);
	double hx = 0.5 * (t->hi.x - t->lo.x), hy = 0.5 * (t->hi.y - t->lo.y);
	double sc = q->nx * (cx - a.x) + q->ny * (cy - a.y);
	double reach = q->anx * hx + q->any * hy + q->eps; // (x + y) + z: the same sum as worked out in place
	return !(sc > reach || sc < -reach);
}

bool tw_los_plain = false;

// s29-sfast (issue 18): the edge loops below call geom_inline.h's segment tests, the expressions
// of geom.c's tw_segments_intersect and tw_segment_hit_t made inline (no calls; the same bits).

// Interval [t0,t1] of segment ab inside piece t (approximate for polygons by sampling edges),
// for a piece that passed los_q_may_hit (or the two tests it stands for). seg_interval_near_plain
// is the reference (under tw_los_plain); seg_interval_near gives the same answers, cheaper.
static bool seg_interval_near_plain(const tw_terrain *t, tw_vec2 a, tw_vec2 b, double *t0, double *t1);
static bool seg_interval_near(const tw_terrain *t, tw_vec2 a, tw_vec2 b, double *t0, double *t1);

// Interval [t0,t1] of segment ab inside piece t (approximate for polygons by sampling edges).
static bool seg_interval(const tw_terrain *t, tw_vec2 a, tw_vec2 b, double *t0, double *t1)
{
	// tw_terrain_segment_hits, written out so that the containment tests serve twice.
	if (tw_terrain_box_apart(t, a, b) || !tw_terrain_segment_may_hit(t, a, b))
		return false;
	return seg_interval_near_plain(t, a, b, t0, t1);
}

// The circle's interval (both versions below: only the polygon's differs).
static bool circle_interval(const tw_terrain *t, tw_vec2 a, tw_vec2 b, double *t0, double *t1)
{
	tw_vec2 d = tw_sub(b, a);
	if (!(tw_dist_point_segment(t->center, a, b) <= t->radius))
		return false;
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

// s30-los (issue 18): the polygon's edges once, the crossing test mostly not at all. The plain
// version first looks for an edge that tw_geom_segments_intersect says ab crosses (when neither
// end is inside), returning false if none, then takes tw_geom_segment_hit_t over every edge.
// Here the tw_geom_segment_hit_t loop comes first, noting the edges it hits. No hit: lo and hi
// stay 2 and -1 when neither end is inside, so the plain version returns false too (with or
// without a crossing). Some hit: the crossing test is an "any edge" question, whose answer does
// not depend on the order the edges are asked in, so the edges hit are asked first (they are
// nearly always crossings: one call instead of a scan), then the others. Same calls on the same
// numbers, so the same bits; tests/test_exact_shortcuts.c compares it with the plain version.
static bool seg_interval_near(const tw_terrain *t, tw_vec2 a, tw_vec2 b, double *t0, double *t1)
{
	if (t->shape == TW_SHAPE_CIRCLE)
		return circle_interval(t, a, b, t0, t1);
	bool in_a = !tw_terrain_box_excludes(t, a) && tw_point_in_poly(a, t->v, t->nverts);
	bool in_b = !tw_terrain_box_excludes(t, b) && tw_point_in_poly(b, t->v, t->nverts);
	double lo = 2, hi = -1;
	if (in_a)
		lo = 0, hi = fmax(hi, 0);
	if (in_b)
		lo = fmin(lo, 1), hi = 1;
	const int n = t->nverts;
	const tw_vec2 *v = t->v;
	uint32_t hit = 0; // bit i: edge (i-1, i) hit (n <= TW_MAX_VERTS = 16)
	for (int i = 0, j = n - 1; i < n; j = i++) {
		double u = tw_geom_segment_hit_t(a, b, v[j], v[i]);
		if (u >= 0) {
			// fmin and fmax without the calls: no NaN here (u >= 0; lo and hi are 2, -1, 0, 1
			// or an earlier u), so the smaller and larger value, as x86-64 libm's minsd and
			// maxsd pick them (only a zero's sign could differ elsewhere, which line_z and t1 -
			// t0 below cannot tell from the answer's side: equal values compare equal).
			lo = lo < u ? lo : u;
			hi = hi > u ? hi : u;
			hit |= 1u << i;
		}
	}
	if (!in_a && !in_b) {
		if (!hit)
			return false;
		bool cross = false;
		for (int i = 0; i < n && !cross; i++)
			if (hit >> i & 1u)
				cross = tw_geom_segments_intersect(a, b, v[i == 0 ? n - 1 : i - 1], v[i]);
		for (int i = 0; i < n && !cross; i++)
			if (!(hit >> i & 1u))
				cross = tw_geom_segments_intersect(a, b, v[i == 0 ? n - 1 : i - 1], v[i]);
		if (!cross)
			return false;
	}
	if (hi < lo)
		return false;
	*t0 = lo;
	*t1 = hi;
	return true;
}

static bool seg_interval_near_plain(const tw_terrain *t, tw_vec2 a, tw_vec2 b, double *t0, double *t1)
{
	if (t->shape == TW_SHAPE_CIRCLE) // the circle is the same both ways
		return circle_interval(t, a, b, t0, t1);
	bool in_a = !tw_terrain_box_excludes(t, a) && tw_point_in_poly(a, t->v, t->nverts);
	bool in_b = !tw_terrain_box_excludes(t, b) && tw_point_in_poly(b, t->v, t->nverts);
	if (!in_a && !in_b) {
		bool cross = false;
		for (int i = 0, j = t->nverts - 1; i < t->nverts && !cross; j = i++)
			cross = tw_geom_segments_intersect(a, b, t->v[j], t->v[i]);
		if (!cross)
			return false;
	}
	double lo = 2, hi = -1;
	if (in_a)
		lo = 0, hi = fmax(hi, 0);
	if (in_b)
		lo = fmin(lo, 1), hi = 1;
	for (int i = 0, j = t->nverts - 1; i < t->nverts; j = i++) {
		double u = tw_geom_segment_hit_t(a, b, t->v[j], t->v[i]);
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

// fmin(z0, z1) < top (plain), or s30-los's z0 < top || z1 < top without the call: the same for
// every z0 and z1 (fmin of a NaN and a number is the number; of two NaNs NaN, and NaN < top is
// false, as both comparisons are).
static inline bool dips_below(bool plain, double z0, double z1, double top)
{
	return plain ? fmin(z0, z1) < top : (z0 < top || z1 < top);
}

// The pieces idx[0..n) (all of them, in order, when idx is NULL), in ascending order.
// s30-los: inlined into both callers, so that tw_los_blocker's copy (idx NULL) loses the
// idx ? idx[k] : k of each piece.
static inline __attribute__((always_inline)) int32_t blocker_among(const tw_table *tb, tw_vec2 a, double za, tw_vec2 b, double zb, const int32_t *idx,
			     int n)
{
	double wood = 0;
	// h7-hook: the box and separating-axis tests first, from numbers worked out once (each piece
	// they pass over contributes nothing: its kind test, or seg_interval's first test, skips it
	// in the plain loop, kept under tw_los_plain; tests/test_exact_shortcuts.c compares the two).
	const los_q q = los_q_make(a, b);
	// s29-sfast (issue 18): the switch and the pieces' array read once, not again after each call.
	const bool plain = tw_los_plain;
	const tw_terrain *const pieces = tb->terrain;
	for (int k = 0; k < n; k++) {
		const tw_terrain *t = &pieces[idx ? idx[k] : k];
		if (!plain && !los_q_may_hit(&q, t, a))
			continue;
		bool blocks = tw_terrain_is_solid((tw_terrain_kind)t->kind) || t->kind == TW_TER_HILL ||
			      t->kind == TW_TER_WOOD;
		if (!blocks)
			continue;
		double t0, t1;
		if (plain ? !seg_interval(t, a, b, &t0, &t1) : !seg_interval_near(t, a, b, &t0, &t1))
			continue;
		double top = t->z0 + t->height;
		if (t->kind == TW_TER_HILL) {
			// A hill layer blocks only where the line dips below its top inside it,
			// ignoring an observer or target standing on the layer itself.
			if (tw_terrain_contains(t, a) || tw_terrain_contains(t, b))
				continue;
		}
		if (t->kind == TW_TER_WOOD) {
			if (dips_below(plain, line_z(za, zb, t0), line_z(za, zb, t1), top))
				wood += (t1 - t0) * tw_dist(a, b);
			if (wood > 2.0)
				return t->id;
			continue;
		}
		if (dips_below(plain, line_z(za, zb, t0), line_z(za, zb, t1), top))
			return t->id;
	}
	return -1;
}

int32_t tw_los_blocker(const tw_table *tb, tw_vec2 a, double za, tw_vec2 b, double zb)
{
	return blocker_among(tb, a, za, b, zb, NULL, tb->nterrain);
}

int32_t tw_los_blocker_among(const tw_table *tb, tw_vec2 a, double za, tw_vec2 b, double zb, const int32_t *idx,
			     int n)
{
	return blocker_among(tb, a, za, b, zb, idx, n);
}

bool tw_los(const tw_table *tb, tw_vec2 a, double za, tw_vec2 b, double zb)
{
	return tw_los_blocker(tb, a, za, b, zb) < 0;
}
