// Line of sight: a sight line from (a, za) to (b, zb) against terrain tops.
#include <math.h>

#include "tinwar/los.h"

// Height of the sight line at parameter t along it.
static double line_z(double za, double zb, double t) { return za + (zb - za) * t; }

// Interval [t0,t1] of segment ab inside piece t (approximate for polygons by sampling edges).
static bool seg_interval(const tw_terrain *t, tw_vec2 a, tw_vec2 b, double *t0, double *t1)
{
	// tw_terrain_segment_hits, written out so that the containment tests serve twice.
	if (tw_terrain_box_apart(t, a, b) || !tw_terrain_segment_may_hit(t, a, b))
		return false;
	tw_vec2 d = tw_sub(b, a);
	if (t->shape == TW_SHAPE_CIRCLE) {
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
	bool in_a = !tw_terrain_box_excludes(t, a) && tw_point_in_poly(a, t->v, t->nverts);
	bool in_b = !tw_terrain_box_excludes(t, b) && tw_point_in_poly(b, t->v, t->nverts);
	if (!in_a && !in_b) {
		bool cross = false;
		for (int i = 0, j = t->nverts - 1; i < t->nverts && !cross; j = i++)
			cross = tw_segments_intersect(a, b, t->v[j], t->v[i]);
		if (!cross)
			return false;
	}
	double lo = 2, hi = -1;
	if (in_a)
		lo = 0, hi = fmax(hi, 0);
	if (in_b)
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

// The pieces idx[0..n) (all of them, in order, when idx is NULL), in ascending order.
static int32_t blocker_among(const tw_table *tb, tw_vec2 a, double za, tw_vec2 b, double zb, const int32_t *idx,
			     int n)
{
	double wood = 0;
	for (int k = 0; k < n; k++) {
		const tw_terrain *t = &tb->terrain[idx ? idx[k] : k];
		bool blocks = tw_terrain_is_solid((tw_terrain_kind)t->kind) || t->kind == TW_TER_HILL ||
			      t->kind == TW_TER_WOOD;
		if (!blocks)
			continue;
		double t0, t1;
		if (!seg_interval(t, a, b, &t0, &t1))
			continue;
		double top = t->z0 + t->height;
		if (t->kind == TW_TER_HILL) {
			// A hill layer blocks only where the line dips below its top inside it,
			// ignoring an observer or target standing on the layer itself.
			if (tw_terrain_contains(t, a) || tw_terrain_contains(t, b))
				continue;
		}
		if (t->kind == TW_TER_WOOD) {
			if (fmin(line_z(za, zb, t0), line_z(za, zb, t1)) < top)
				wood += (t1 - t0) * tw_dist(a, b);
			if (wood > 2.0)
				return t->id;
			continue;
		}
		if (fmin(line_z(za, zb, t0), line_z(za, zb, t1)) < top)
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
