// A dry leg without sampling it (s25-speed, issue 18). lw_check_leg asks tw_table_is_water at
// every half inch of a leg that a river's box meets; on a Country the river's box spans the
// table, so nearly every leg was sampled (a point-in-polygon test of the river per sample).
//
// lw_leg_dry says yes only when no sample can be water: each river, ford or bridge that could
// hold a sample (its box within 1e-6 in of the leg's box) either keeps the leg more than 1e-6 in
// from its outline, or (a circle) holds all of it or none of it by more than 1e-6 in. A piece
// then holds every sample or none: the ray-crossing parity of tw_point_in_poly changes only across
// an edge, and a point farther than 1e-6 in from every edge is on the same side of each edge in
// the computed test as in exact arithmetic (with coordinates within 1e6 in the rounding of the
// samples and of the crossing test is below 1e-9 in). So every sample has the answer of a, the
// first sample, which is asked as the plain loop asks it; water at a, or any piece too near,
// and the caller samples as before. tests/test_game_paths.c compares the two on legs across
// rivers, fords and bridges.
#include <math.h>

#include "lw.h"

bool lw_leg_water_plain = false;

#define LEG_M 1e-6
#define LEG_FAR 1e6

static bool coords_ok(tw_vec2 p) { return fabs(p.x) <= LEG_FAR && fabs(p.y) <= LEG_FAR; } // NaN: false

// Piece t holds every point of segment ab or none, by more than LEG_M (see above). lo..hi is the
// leg's box widened by LEG_M. tw_terrain_contains asks the piece's box first: a leg inside the
// shape must be inside the box too (it is when the box is the shape's, as tw_terrain_finish makes
// it; else the caller samples).
static bool piece_uniform(const tw_terrain *t, tw_vec2 a, tw_vec2 b, tw_vec2 lo, tw_vec2 hi)
{
	bool inbox = lo.x >= t->lo.x && hi.x <= t->hi.x && lo.y >= t->lo.y && hi.y <= t->hi.y;
	if (t->shape == TW_SHAPE_CIRCLE) {
		if (!coords_ok(t->center) || !(t->radius >= 0 && t->radius <= LEG_FAR))
			return false;
		double dmin = tw_dist_point_segment(t->center, a, b);
		double dmax = fmax(tw_dist(a, t->center), tw_dist(b, t->center));
		return dmin > t->radius + LEG_M || (dmax < t->radius - LEG_M && inbox);
	}
	for (int i = 0, j = t->nverts - 1; i < t->nverts; j = i++) {
		tw_vec2 p = t->v[j], q = t->v[i];
		if (!coords_ok(p) || !coords_ok(q))
			return false;
		// An edge whose box is more than LEG_M from the leg's box is more than LEG_M from the leg.
		if (fmax(p.x, q.x) < lo.x - 2 * LEG_M || fmin(p.x, q.x) > hi.x + 2 * LEG_M ||
		    fmax(p.y, q.y) < lo.y - 2 * LEG_M || fmin(p.y, q.y) > hi.y + 2 * LEG_M)
			continue;
		if (!(tw_dist_segment_segment(a, b, p, q) > LEG_M))
			return false;
	}
	return inbox || !tw_point_in_poly(a, t->v, t->nverts);
}

bool lw_leg_dry(const tw_state *s, tw_vec2 a, tw_vec2 b)
{
	if (lw_leg_water_plain || !coords_ok(a) || !coords_ok(b))
		return false;
	const tw_table *tb = &s->table;
	tw_vec2 lo = tw_v2(fmin(a.x, b.x) - LEG_M, fmin(a.y, b.y) - LEG_M);
	tw_vec2 hi = tw_v2(fmax(a.x, b.x) + LEG_M, fmax(a.y, b.y) + LEG_M);
	lw_tindex *ix = lw_tindex_for(tb);
	int nc = ix ? lw_tindex_query(ix, lo, hi) : tb->nterrain;
	for (int k = 0; k < nc; k++) {
		const tw_terrain *t = &tb->terrain[ix ? ix->cand[k] : k];
		if (t->kind != TW_TER_RIVER && t->kind != TW_TER_FORD && t->kind != TW_TER_BRIDGE)
			continue;
		if (t->hi.x < lo.x || t->lo.x > hi.x || t->hi.y < lo.y || t->lo.y > hi.y)
			continue; // its box holds no sample (each within 1e-9 in of the leg's box)
		if (!piece_uniform(t, a, b, lo, hi))
			return false;
	}
	return !lw_table_is_water(tb, a);
}
