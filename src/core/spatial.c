// Uniform grid over points: O(1) expected neighbour queries at a fixed radius.
#include <math.h>
#include <stdlib.h>

#include "tinwar/spatial.h"

tw_status tw_grid_build(tw_grid *g, const tw_vec2 *pts, int n, double cell, double x0, double y0, double x1,
			double y1)
{
	g->cell = cell;
	g->x0 = x0;
	g->y0 = y0;
	int nx = (int)ceil((x1 - x0) / cell) + 1, ny = (int)ceil((y1 - y0) / cell) + 1;
	if (nx < 1)
		nx = 1;
	if (ny < 1)
		ny = 1;
	if (nx > 4096)
		nx = 4096;
	if (ny > 4096)
		ny = 4096;
	if (!g->head || g->nx * g->ny < nx * ny) {
		tw_free(g->head);
		g->head = tw_malloc((size_t)nx * (size_t)ny * sizeof *g->head);
		if (!g->head)
			return TW_ERR_NOMEM;
	}
	g->nx = nx;
	g->ny = ny;
	if (g->cap < n) {
		tw_free(g->next);
		g->next = tw_malloc((size_t)(n ? n : 1) * sizeof *g->next);
		if (!g->next)
			return TW_ERR_NOMEM;
		g->cap = n;
	}
	for (int i = 0; i < nx * ny; i++)
		g->head[i] = -1;
	g->pts = pts;
	g->npts = n;
	for (int i = n - 1; i >= 0; i--) {
		int cx = (int)floor((pts[i].x - x0) / cell), cy = (int)floor((pts[i].y - y0) / cell);
		cx = cx < 0 ? 0 : (cx >= nx ? nx - 1 : cx);
		cy = cy < 0 ? 0 : (cy >= ny ? ny - 1 : cy);
		g->next[i] = g->head[cy * nx + cx];
		g->head[cy * nx + cx] = i;
	}
	return TW_OK;
}

void tw_grid_free(tw_grid *g)
{
	tw_free(g->head);
	tw_free(g->next);
	g->head = g->next = NULL;
	g->cap = g->npts = 0;
}

int tw_grid_query(const tw_grid *g, tw_vec2 p, double r, void (*fn)(int idx, void *ctx), void *ctx)
{
	int cx0 = (int)floor((p.x - r - g->x0) / g->cell), cx1 = (int)floor((p.x + r - g->x0) / g->cell);
	int cy0 = (int)floor((p.y - r - g->y0) / g->cell), cy1 = (int)floor((p.y + r - g->y0) / g->cell);
	cx0 = cx0 < 0 ? 0 : cx0;
	cy0 = cy0 < 0 ? 0 : cy0;
	cx1 = cx1 >= g->nx ? g->nx - 1 : cx1;
	cy1 = cy1 >= g->ny ? g->ny - 1 : cy1;
	// Points outside the grid were clamped into edge cells, so edge cells must always be visited.
	if (p.x - r < g->x0)
		cx0 = 0;
	if (p.y - r < g->y0)
		cy0 = 0;
	int count = 0;
	double r2 = r * r;
	for (int cy = cy0; cy <= cy1; cy++)
		for (int cx = cx0; cx <= cx1; cx++)
			for (int i = g->head[cy * g->nx + cx]; i >= 0; i = g->next[i]) {
				if (tw_len2(tw_sub(g->pts[i], p)) <= r2) {
					count++;
					if (fn)
						fn(i, ctx);
				}
			}
	return count;
}

int tw_grid_count(const tw_grid *g, tw_vec2 p, double r, const uint8_t *mask)
{
	int cx0 = (int)floor((p.x - r - g->x0) / g->cell), cx1 = (int)floor((p.x + r - g->x0) / g->cell);
	int cy0 = (int)floor((p.y - r - g->y0) / g->cell), cy1 = (int)floor((p.y + r - g->y0) / g->cell);
	cx0 = cx0 < 0 ? 0 : cx0;
	cy0 = cy0 < 0 ? 0 : cy0;
	cx1 = cx1 >= g->nx ? g->nx - 1 : cx1;
	cy1 = cy1 >= g->ny ? g->ny - 1 : cy1;
	int count = 0;
	double r2 = r * r;
	for (int cy = cy0; cy <= cy1; cy++)
		for (int cx = cx0; cx <= cx1; cx++)
			for (int i = g->head[cy * g->nx + cx]; i >= 0; i = g->next[i])
				if ((!mask || mask[i]) && tw_len2(tw_sub(g->pts[i], p)) <= r2)
					count++;
	return count;
}
