/// Plane geometry on the table. All lengths in inches; the table's origin is the
/// corner of side 0's (Red's) back line, x along the back line, y towards the enemy.
#ifndef TINWAR_GEOM_H
#define TINWAR_GEOM_H
#include <math.h>

#include "tinwar/base.h"

typedef struct tw_vec2 {
	double x, y;
} tw_vec2;

static inline tw_vec2 tw_v2(double x, double y) { tw_vec2 v = {x, y}; return v; }
static inline tw_vec2 tw_add(tw_vec2 a, tw_vec2 b) { return tw_v2(a.x + b.x, a.y + b.y); }
static inline tw_vec2 tw_sub(tw_vec2 a, tw_vec2 b) { return tw_v2(a.x - b.x, a.y - b.y); }
static inline tw_vec2 tw_scale(tw_vec2 a, double s) { return tw_v2(a.x * s, a.y * s); }
static inline double tw_dot(tw_vec2 a, tw_vec2 b) { return a.x * b.x + a.y * b.y; }
static inline double tw_cross(tw_vec2 a, tw_vec2 b) { return a.x * b.y - a.y * b.x; }
static inline double tw_len2(tw_vec2 a) { return a.x * a.x + a.y * a.y; }

static inline double tw_len(tw_vec2 a) { return sqrt(a.x * a.x + a.y * a.y); }
static inline double tw_dist(tw_vec2 a, tw_vec2 b) { return tw_len(tw_sub(a, b)); }
/// Unit vector at a bearing in degrees (0 = +y, towards Blue; 90 = +x).
tw_vec2 tw_dir_deg(double bearing_deg);
/// Bearing in degrees [0,360) of vector v (0 = +y, 90 = +x).
double tw_bearing_deg(tw_vec2 v);
/// Length of a polyline through n points.
double tw_path_length(const tw_vec2 *pts, int n);
/// Closest distance from p to segment ab.
double tw_dist_point_segment(tw_vec2 p, tw_vec2 a, tw_vec2 b);
/// Closest distance between segments ab and cd.
double tw_dist_segment_segment(tw_vec2 a, tw_vec2 b, tw_vec2 c, tw_vec2 d);
/// True if segments ab and cd properly intersect or touch.
bool tw_segments_intersect(tw_vec2 a, tw_vec2 b, tw_vec2 c, tw_vec2 d);
/// Parameter t in [0,1] along ab of the first intersection with cd, or -1.
double tw_segment_hit_t(tw_vec2 a, tw_vec2 b, tw_vec2 c, tw_vec2 d);
/// Point-in-polygon (even-odd), polygon of n vertices.
bool tw_point_in_poly(tw_vec2 p, const tw_vec2 *poly, int n);
/// Distance from p to a polygon's boundary (0 if inside is not considered).
double tw_dist_point_poly_edge(tw_vec2 p, const tw_vec2 *poly, int n);
/// Signed side of p relative to the infinite line through a with direction d: >0 left.
double tw_side_of_line(tw_vec2 p, tw_vec2 a, tw_vec2 d);

#endif
