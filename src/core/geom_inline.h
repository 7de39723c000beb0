// Segment tests that the hot loops (los.c's edge loops) inline and geom.c exports: one copy of
// the expressions (the build has -ffp-contract=off, so every caller gets the same bits).
#ifndef TW_GEOM_INLINE_H
#define TW_GEOM_INLINE_H
#include <math.h>
#include <stdbool.h>

#include "tinwar/geom.h"

static inline double tw_geom_orient(tw_vec2 a, tw_vec2 b, tw_vec2 c) { return tw_cross(tw_sub(b, a), tw_sub(c, a)); }

static inline bool tw_geom_on_seg(tw_vec2 a, tw_vec2 b, tw_vec2 p)
{
	return fmin(a.x, b.x) <= p.x && p.x <= fmax(a.x, b.x) && fmin(a.y, b.y) <= p.y && p.y <= fmax(a.y, b.y);
}

/// tw_segments_intersect, inline.
static inline bool tw_geom_segments_intersect(tw_vec2 a, tw_vec2 b, tw_vec2 c, tw_vec2 d)
{
	double o1 = tw_geom_orient(a, b, c), o2 = tw_geom_orient(a, b, d), o3 = tw_geom_orient(c, d, a),
	       o4 = tw_geom_orient(c, d, b);
	if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)))
		return true;
	if (o1 == 0 && tw_geom_on_seg(a, b, c))
		return true;
	if (o2 == 0 && tw_geom_on_seg(a, b, d))
		return true;
	if (o3 == 0 && tw_geom_on_seg(c, d, a))
		return true;
	if (o4 == 0 && tw_geom_on_seg(c, d, b))
		return true;
	return false;
}

/// tw_segment_hit_t, inline.
static inline double tw_geom_segment_hit_t(tw_vec2 a, tw_vec2 b, tw_vec2 c, tw_vec2 d)
{
	tw_vec2 r = tw_sub(b, a), s = tw_sub(d, c);
	double den = tw_cross(r, s);
	if (den == 0)
		return tw_geom_segments_intersect(a, b, c, d) ? 0.0 : -1.0;
	tw_vec2 ca = tw_sub(c, a);
	// s30-los: u (the place along cd) first, t only when u is in [0, 1]: the same two quotients
	// and the same four comparisons (pure; either failing gives -1), u being the one that fails
	// most often (the sight line's line meets most of a polygon's edge lines off the edge).
	double u = tw_cross(ca, r) / den;
	if (u < 0 || u > 1)
		return -1.0;
	double t = tw_cross(ca, s) / den;
	if (t < 0 || t > 1)
		return -1.0;
	return t;
}
#endif
