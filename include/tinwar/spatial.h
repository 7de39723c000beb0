/// Uniform grid spatial index over figure positions, for "how many within r inches".
#ifndef TINWAR_SPATIAL_H
#define TINWAR_SPATIAL_H
#include "tinwar/geom.h"

typedef struct tw_grid {
	double cell;      ///< cell size, inches
	double x0, y0;    ///< origin of cell (0,0)
	int nx, ny;
	int32_t *head;    ///< first item per cell, -1 if empty
	int32_t *next;    ///< next item in the same cell
	const tw_vec2 *pts;
	int npts, cap;
} tw_grid;

/// Builds the grid over pts[0..n) (pointer kept, not copied).
tw_status tw_grid_build(tw_grid *g, const tw_vec2 *pts, int n, double cell, double x0, double y0, double x1, double y1);
void tw_grid_free(tw_grid *g);
/// Calls fn(index, ctx) for every point within r of p (centre distance <= r). Returns count visited.
int tw_grid_query(const tw_grid *g, tw_vec2 p, double r, void (*fn)(int idx, void *ctx), void *ctx);
/// Counts points within r of p whose mask[idx] is nonzero (mask may be NULL).
int tw_grid_count(const tw_grid *g, tw_vec2 p, double r, const uint8_t *mask);

#endif
