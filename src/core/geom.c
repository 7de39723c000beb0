// Plane geometry: distances, path lengths, segment tests. Inches.
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "tinwar/detmath.h"
#include "tinwar/geom.h"
#include "geom_inline.h"

// A few bearings recur very often (each gun's, asked for in every clearance and reach test), so
// the last answers are kept per thread, keyed by the bearing's exact bits: the same values as
// computing them again.
#define DIR_MEMO 64
static _Thread_local struct {
	uint64_t key[DIR_MEMO];
	tw_vec2 dir[DIR_MEMO];
	bool used[DIR_MEMO];
} dir_memo;

// detmath.c: the memo forgets when the thread's math functions change (tw_math_use_libm).
void tw_geom_dir_forget(void);
void tw_geom_dir_forget(void) { memset(&dir_memo, 0, sizeof dir_memo); }

tw_vec2 tw_dir_deg(double bearing_deg)
{
	uint64_t k;
	memcpy(&k, &bearing_deg, sizeof k);
	unsigned h = (unsigned)((k * 0x9E3779B97F4A7C15ull) >> 58);
	if (dir_memo.used[h] && dir_memo.key[h] == k)
		return dir_memo.dir[h];
	double r = bearing_deg * (M_PI / 180.0);
	tw_vec2 d = tw_v2(tw_sin(r), tw_cos(r));
	dir_memo.key[h] = k;
	dir_memo.dir[h] = d;
	dir_memo.used[h] = true;
	return d;
}

double tw_bearing_deg(tw_vec2 v)
{
	double d = tw_atan2(v.x, v.y) * (180.0 / M_PI);
	if (d < 0)
		d += 360.0;
	if (d >= 360.0)
		d -= 360.0;
	return d;
}

double tw_path_length(const tw_vec2 *pts, int n)
{
	double s = 0;
	for (int i = 1; i < n; i++)
		s += tw_dist(pts[i - 1], pts[i]);
	return s;
}

double tw_dist_point_segment(tw_vec2 p, tw_vec2 a, tw_vec2 b)
{
	tw_vec2 ab = tw_sub(b, a);
	double l2 = tw_len2(ab);
	if (l2 <= 0)
		return tw_dist(p, a);
	double t = tw_dot(tw_sub(p, a), ab) / l2;
	if (t < 0)
		t = 0;
	else if (t > 1)
		t = 1;
	return tw_dist(p, tw_add(a, tw_scale(ab, t)));
}

// (s29: the expressions are geom_inline.h's, shared with los.c's edge loops.)
bool tw_segments_intersect(tw_vec2 a, tw_vec2 b, tw_vec2 c, tw_vec2 d) { return tw_geom_segments_intersect(a, b, c, d); }

double tw_segment_hit_t(tw_vec2 a, tw_vec2 b, tw_vec2 c, tw_vec2 d) { return tw_geom_segment_hit_t(a, b, c, d); }

double tw_dist_segment_segment(tw_vec2 a, tw_vec2 b, tw_vec2 c, tw_vec2 d)
{
	if (tw_segments_intersect(a, b, c, d))
		return 0;
	double m = tw_dist_point_segment(a, c, d);
	m = fmin(m, tw_dist_point_segment(b, c, d));
	m = fmin(m, tw_dist_point_segment(c, a, b));
	m = fmin(m, tw_dist_point_segment(d, a, b));
	return m;
}

bool tw_point_in_poly(tw_vec2 p, const tw_vec2 *v, int n)
{
	bool in = false;
	for (int i = 0, j = n - 1; i < n; j = i++) {
		if (((v[i].y > p.y) != (v[j].y > p.y)) &&
		    (p.x < (v[j].x - v[i].x) * (p.y - v[i].y) / (v[j].y - v[i].y) + v[i].x))
			in = !in;
	}
	return in;
}

double tw_dist_point_poly_edge(tw_vec2 p, const tw_vec2 *v, int n)
{
	double m = INFINITY;
	for (int i = 0, j = n - 1; i < n; j = i++)
		m = fmin(m, tw_dist_point_segment(p, v[j], v[i]));
	return m;
}

double tw_side_of_line(tw_vec2 p, tw_vec2 a, tw_vec2 d) { return tw_cross(d, tw_sub(p, a)); }
