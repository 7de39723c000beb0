// Points filed by square cell (issue 18, Scale): the men that take up room near a move order,
// so that each of the order's men is checked against the men in the cells round him only.
#ifndef LW_PGRID_H
#define LW_PGRID_H
#include <stdint.h>

#include "tinwar/geom.h"

typedef struct lw_pgrid {
	double x0, y0, cs; ///< the lowest corner and the side of a cell
	int nx, ny;
	int *start; ///< nx*ny+1: cell c holds idx[start[c] .. start[c+1]-1], in ascending order
	int *idx;
	int *spill; ///< points filed in no cell (not finite, too far out, or marked): always candidates
	int nspill;
} lw_pgrid;

/// Files points p[0..n-1] in cells of side at least cs (larger when the points are spread so far
/// that there would be more than about 4n+64 cells). Points with mark[k] != 0 (mark may be NULL),
/// not finite, or beyond 1e7 in go to the spill list. False when out of memory (g is then empty).
bool lw_pgrid_build(lw_pgrid *g, const tw_vec2 *p, int n, double cs, const uint8_t *mark);
void lw_pgrid_free(lw_pgrid *g);
/// The cells that hold every filed point q with |q.x - c.x| <= r and |q.y - c.y| <= r (r at most
/// the cell side): columns *cx0..*cx1, rows *cy0..*cy1; false when there is none.
bool lw_pgrid_cells(const lw_pgrid *g, tw_vec2 c, double r, int *cx0, int *cx1, int *cy0, int *cy1);
/// The cells that meet the box lo..hi (every filed point inside it is in one): as lw_pgrid_cells.
bool lw_pgrid_box(const lw_pgrid *g, tw_vec2 lo, tw_vec2 hi, int *cx0, int *cx1, int *cy0, int *cy1);

/// lw_validate_move uses the grid from this many pairs of (order's man, man near the order) on.
#define LW_GAPGRID_MIN 1024

#endif
