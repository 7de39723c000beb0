// Obstacles men fight across (issue 16): how much of a line lies inside a piece, and contact
// across a barricade. A barricade is impassable, so no base may stand on it; it is built thick
// enough that men on either side touch across it: their gap is measured with the barricade's
// width along the line between their centres taken out (tw_table_gap_across).
#include <math.h>
#include <stdlib.h>

#include "tinwar/terrain.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double circle_inside(const tw_terrain *t, tw_vec2 a, tw_vec2 b)
{
	tw_vec2 d = tw_sub(b, a), m = tw_sub(a, t->center);
	double A = d.x * d.x + d.y * d.y, B = 2 * (m.x * d.x + m.y * d.y), C = m.x * m.x + m.y * m.y - t->radius * t->radius;
	if (A <= 0)
		return 0;
	double disc = B * B - 4 * A * C;
	if (disc <= 0)
		return 0;
	double r = sqrt(disc), u0 = (-B - r) / (2 * A), u1 = (-B + r) / (2 * A);
	u0 = fmax(u0, 0);
	u1 = fmin(u1, 1);
	return u1 > u0 ? (u1 - u0) * sqrt(A) : 0;
}

double tw_terrain_segment_inside(const tw_terrain *t, tw_vec2 a, tw_vec2 b)
{
	if (tw_terrain_box_apart(t, a, b))
		return 0;
	if (t->shape == TW_SHAPE_CIRCLE)
		return circle_inside(t, a, b);
	if (t->nverts < 3)
		return 0;
	// The parameters along ab where it crosses an edge, with its ends; each stretch between two
	// is wholly inside or outside: its midpoint says which.
	double u[TW_MAX_VERTS + 2];
	int n = 0;
	u[n++] = 0;
	u[n++] = 1;
	tw_vec2 d = tw_sub(b, a);
	for (int i = 0; i < t->nverts; i++) {
		tw_vec2 p = t->v[i], q = t->v[(i + 1) % t->nverts], e = tw_sub(q, p), w = tw_sub(p, a);
		double den = d.x * e.y - d.y * e.x;
		if (fabs(den) < 1e-12)
			continue; // parallel: its ends are crossings of the neighbouring edges
		double s = (w.x * e.y - w.y * e.x) / den, v = (w.x * d.y - w.y * d.x) / den;
		if (s > 0 && s < 1 && v >= 0 && v <= 1)
			u[n++] = s;
	}
	qsort(u, (size_t)n, sizeof u[0], cmp_double);
	double len = tw_dist(a, b), in = 0;
	for (int k = 1; k < n; k++) {
		if (u[k] - u[k - 1] <= 0)
			continue;
		tw_vec2 mid = tw_add(a, tw_scale(d, 0.5 * (u[k - 1] + u[k])));
		if (tw_point_in_poly(mid, t->v, t->nverts))
			in += (u[k] - u[k - 1]) * len;
	}
	return in;
}

double tw_table_barricade_across(const tw_table *tb, tw_vec2 a, tw_vec2 b)
{
	double in = 0;
	for (int i = 0; i < tb->nterrain; i++) {
		const tw_terrain *t = &tb->terrain[i];
		if (t->kind == TW_TER_BARRICADE && !tw_terrain_box_apart(t, a, b))
			in += tw_terrain_segment_inside(t, a, b);
	}
	return in;
}

double tw_table_gap_across(const tw_table *tb, tw_vec2 a, double ra, tw_vec2 b, double rb)
{
	double gap = tw_dist(a, b) - ra - rb;
	return gap - tw_table_barricade_across(tb, a, b);
}
