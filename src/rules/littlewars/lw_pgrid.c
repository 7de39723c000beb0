// Points filed by square cell (lw_pgrid.h): a counting sort by cell, so that each cell's points
// stay in the order given.
#include <math.h>
#include <string.h>

#include "lw_pgrid.h"
#include "tinwar/base.h"

#define PGRID_FAR 1e7

void lw_pgrid_free(lw_pgrid *g)
{
	tw_free(g->start);
	tw_free(g->idx);
	tw_free(g->spill);
	memset(g, 0, sizeof *g);
}

static bool filed(const tw_vec2 *p, const uint8_t *mark, int k)
{
	return !(mark && mark[k]) && fabs(p[k].x) <= PGRID_FAR && fabs(p[k].y) <= PGRID_FAR; // NaN: false
}

static int cell_of(const lw_pgrid *g, tw_vec2 q)
{
	int cx = (int)floor((q.x - g->x0) / g->cs), cy = (int)floor((q.y - g->y0) / g->cs);
	cx = cx < 0 ? 0 : cx >= g->nx ? g->nx - 1 : cx;
	cy = cy < 0 ? 0 : cy >= g->ny ? g->ny - 1 : cy;
	return cy * g->nx + cx;
}

bool lw_pgrid_build(lw_pgrid *g, const tw_vec2 *p, int n, double cs, const uint8_t *mark)
{
	memset(g, 0, sizeof *g);
	double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
	// s25-speed: comparisons, not fmin/fmax calls (the points filed are finite; a -0.0 kept in
	// place of a 0.0 or back gives the same cells: x - x0 differs at most in the sign of a zero).
	for (int k = 0; k < n; k++)
		if (filed(p, mark, k)) {
			x0 = p[k].x < x0 ? p[k].x : x0, y0 = p[k].y < y0 ? p[k].y : y0;
			x1 = p[k].x > x1 ? p[k].x : x1, y1 = p[k].y > y1 ? p[k].y : y1;
		}
	if (!(x0 <= x1)) // nothing filed: one empty cell
		x0 = y0 = x1 = y1 = 0;
	if (!(cs > 0) || !isfinite(cs))
		cs = 1;
	double cap = 4.0 * n + 64;
	while ((floor((x1 - x0) / cs) + 1) * (floor((y1 - y0) / cs) + 1) > cap)
		cs *= 2;
	g->x0 = x0, g->y0 = y0, g->cs = cs;
	g->nx = (int)floor((x1 - x0) / cs) + 1;
	g->ny = (int)floor((y1 - y0) / cs) + 1;
	int nc = g->nx * g->ny;
	g->start = tw_calloc((size_t)nc + 1, sizeof *g->start);
	g->idx = tw_malloc(((size_t)n + 1) * sizeof *g->idx);
	g->spill = tw_malloc(((size_t)n + 1) * sizeof *g->spill);
	if (!g->start || !g->idx || !g->spill) {
		lw_pgrid_free(g);
		return false;
	}
	// Each point's cell once (s25-speed), kept in spill until the fill (-1: spilled).
	int *cell = g->spill;
	for (int k = 0; k < n; k++) {
		cell[k] = filed(p, mark, k) ? cell_of(g, p[k]) : -1;
		if (cell[k] >= 0)
			g->start[cell[k] + 1]++;
	}
	for (int c = 0; c < nc; c++)
		g->start[c + 1] += g->start[c];
	// Fill with a running cursor per cell (start[c] moved along, then put back). The spill list
	// written at point k has at most k entries before it, so it never overwrites the cell of a
	// point after k.
	for (int k = 0; k < n; k++) {
		int c = cell[k];
		if (c < 0) {
			g->spill[g->nspill++] = k;
			continue;
		}
		g->idx[g->start[c]++] = k;
	}
	for (int c = nc; c > 0; c--)
		g->start[c] = g->start[c - 1];
	g->start[0] = 0;
	return true;
}

bool lw_pgrid_box(const lw_pgrid *g, tw_vec2 lo, tw_vec2 hi, int *cx0, int *cx1, int *cy0, int *cy1)
{
	// In doubles first: a point far off (or not finite) must not overflow the cast.
	double fx0 = floor((lo.x - g->x0) / g->cs), fx1 = floor((hi.x - g->x0) / g->cs);
	double fy0 = floor((lo.y - g->y0) / g->cs), fy1 = floor((hi.y - g->y0) / g->cs);
	if (!(fx1 >= 0 && fy1 >= 0 && fx0 <= g->nx - 1 && fy0 <= g->ny - 1))
		return false; // NaN too
	*cx0 = fx0 < 0 ? 0 : (int)fx0;
	*cy0 = fy0 < 0 ? 0 : (int)fy0;
	*cx1 = fx1 > g->nx - 1 ? g->nx - 1 : (int)fx1;
	*cy1 = fy1 > g->ny - 1 ? g->ny - 1 : (int)fy1;
	return true;
}

bool lw_pgrid_cells(const lw_pgrid *g, tw_vec2 c, double r, int *cx0, int *cx1, int *cy0, int *cy1)
{
	return lw_pgrid_box(g, tw_v2(c.x - r, c.y - r), tw_v2(c.x + r, c.y + r), cx0, cx1, cy0, cy1);
}
