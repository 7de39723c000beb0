// The terrain index: the table's pieces filed by the cells of a uniform grid that their bounding
// boxes cover, so that a question about a point or a segment looks at the pieces near it rather
// than at every piece of a large Country (issue 18, Scale).
//
// Every test the index serves (lw_check_leg, lw_check_standing, tw_table_is_water, the line of
// sight) begins with a bounding-box test that skips a piece whose box is apart from the question's
// box. A cell range found with the same monotone floor() for the pieces and for the question
// covers every piece whose box meets the question's box (inclusive), so the candidates, taken in
// ascending order, give the answers of the plain loops bit for bit (the sums of wood depth in the
// line of sight add up in the same order). tests/test_fast_paths.c compares them on random
// questions over generated Countries.
//
// The index is the computer general's: it is built for one table's pieces and made active on the
// general's thread while it decides (lw_tindex_activate); the validation and sight helpers use it
// when asked about that very table (the same terrain array, the same count), and the plain loops
// otherwise. The game's own validation makes a thread's index of the same kind active while it
// validates (lw_tindex_game.c, s25-speed).
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lw.h"
#include "lw_kinds.h"
#include "lw_obstacles.h"

/// Cell size, inches: about a house or a wood, so a point question looks at a handful of pieces.
#define TINDEX_CELL 12.0
/// Cells across or deep at most (a larger table gets larger cells).
#define TINDEX_MAX_CELLS 512

static _Thread_local const lw_tindex *active;

void lw_tindex_free(lw_tindex *ix)
{
	if (active == ix)
		active = NULL;
	tw_free(ix->start);
	tw_free(ix->items);
	tw_free(ix->stamp);
	tw_free(ix->cand);
	memset(ix, 0, sizeof *ix);
}

static int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }
static double mind(double a, double b) { return a < b ? a : b; }
static double maxd(double a, double b) { return a > b ? a : b; }

// floor(v) clamped to [0, n - 1], v finite: clamped in double first ((int) of a value out of
// range is undefined), then truncated, which is floor for v >= 0 (no call to floor()).
static inline int cell_ix(double v, int n)
{
	if (!(v > 0))
		return 0;
	return v >= (double)(n - 1) ? n - 1 : (int)v;
}

// The cell range [x0,x1] x [y0,y1] of a box; false for a box with a coordinate not finite.
static bool cell_range(const lw_tindex *ix, tw_vec2 lo, tw_vec2 hi, int *x0, int *y0, int *x1, int *y1)
{
	if (!(isfinite(lo.x) && isfinite(lo.y) && isfinite(hi.x) && isfinite(hi.y)))
		return false;
	*x0 = cell_ix(lo.x / ix->cell, ix->gx);
	*y0 = cell_ix(lo.y / ix->cell, ix->gy);
	*x1 = cell_ix(hi.x / ix->cell, ix->gx);
	*y1 = cell_ix(hi.y / ix->cell, ix->gy);
	return true;
}

bool lw_tindex_build(lw_tindex *ix, const tw_table *tb)
{
	lw_tindex_free(ix);
	double span = fmax(tb->width, tb->depth);
	ix->cell = fmax(TINDEX_CELL, span / TINDEX_MAX_CELLS);
	ix->gx = clampi((int)ceil(tb->width / ix->cell), 1, TINDEX_MAX_CELLS);
	ix->gy = clampi((int)ceil(tb->depth / ix->cell), 1, TINDEX_MAX_CELLS);
	int ncell = ix->gx * ix->gy, n = tb->nterrain;
	ix->start = tw_calloc((size_t)ncell + 1, sizeof *ix->start);
	ix->stamp = tw_calloc((size_t)(n > 0 ? n : 1), sizeof *ix->stamp);
	ix->cand = tw_malloc((size_t)(n > 0 ? n : 1) * sizeof *ix->cand);
	if (!ix->start || !ix->stamp || !ix->cand)
		goto err;
	// Two passes: count per cell, then file (ascending piece order within each cell).
	size_t total = 0;
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < n; i++) {
			const tw_terrain *t = &tb->terrain[i];
			int x0, y0, x1, y1;
			// Filed by its box and a millionth of an inch more: a point on the box's edge
			// that rounding puts inside the piece finds it.
			tw_vec2 lo = tw_v2(t->lo.x - 1e-6, t->lo.y - 1e-6), hi = tw_v2(t->hi.x + 1e-6, t->hi.y + 1e-6);
			if (!cell_range(ix, lo, hi, &x0, &y0, &x1, &y1)) {
				x0 = y0 = 0; // a box not finite: filed everywhere
				x1 = ix->gx - 1;
				y1 = ix->gy - 1;
			}
			for (int y = y0; y <= y1; y++)
				for (int x = x0; x <= x1; x++) {
					int c = y * ix->gx + x;
					if (pass == 0)
						ix->start[c + 1]++;
					else
						ix->items[ix->start[c]++] = i;
				}
		}
		if (pass == 0) {
			for (int c = 0; c < ncell; c++) {
				total += (size_t)ix->start[c + 1];
				if (total > (size_t)INT32_MAX)
					goto err;
				ix->start[c + 1] = (int32_t)total;
			}
			ix->items = tw_malloc((total ? total : 1) * sizeof *ix->items);
			if (!ix->items)
				goto err;
		}
	}
	// The second pass moved each start to its cell's end: shift back.
	for (int c = ncell; c > 0; c--)
		ix->start[c] = ix->start[c - 1];
	ix->start[0] = 0;
	memset(ix->stamp, 0, (size_t)(n > 0 ? n : 1) * sizeof *ix->stamp);
	ix->tick = 0;
	ix->terrain = tb->terrain;
	ix->nterrain = n;
	ix->width = tb->width;
	ix->depth = tb->depth;
	ix->built = true;
	return true;
err:
	lw_tindex_free(ix);
	return false;
}

void lw_tindex_activate(const lw_tindex *ix) { active = ix && ix->built ? ix : NULL; }

const lw_tindex *lw_tindex_active(void) { return active; } // s25-speed

lw_tindex *lw_tindex_for(const tw_table *tb)
{
	const lw_tindex *ix = active;
	if (ix && ix->terrain == tb->terrain && ix->nterrain == tb->nterrain && ix->width == tb->width &&
	    ix->depth == tb->depth)
		return (lw_tindex *)ix; // the general's own, used on its thread only
	return NULL;
}

// Ascending order (the lists are short: a few pieces near a point or a leg).
static void sort_i32(int32_t *v, int n)
{
	for (int i = 1; i < n; i++) {
		int32_t x = v[i];
		int j = i;
		for (; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

// A new query's stamp.
static void next_tick(lw_tindex *ix)
{
	if (++ix->tick == 0) { // wrapped: clear the stamps for real
		memset(ix->stamp, 0, (size_t)(ix->nterrain > 0 ? ix->nterrain : 1) * sizeof *ix->stamp);
		ix->tick = 1;
	}
}

// Adds the pieces of cells [x0,x1] of row y not listed yet in this query.
static int add_cells(lw_tindex *ix, int y, int x0, int x1, int n)
{
	for (int x = x0; x <= x1; x++) {
		int c = y * ix->gx + x;
		for (int k = ix->start[c]; k < ix->start[c + 1]; k++) {
			int32_t i = ix->items[k];
			if (ix->stamp[i] != ix->tick) {
				ix->stamp[i] = ix->tick;
				ix->cand[n++] = i;
			}
		}
	}
	return n;
}

int lw_tindex_query(lw_tindex *ix, tw_vec2 lo, tw_vec2 hi)
{
	int x0, y0, x1, y1;
	if (!cell_range(ix, lo, hi, &x0, &y0, &x1, &y1)) {
		for (int i = 0; i < ix->nterrain; i++)
			ix->cand[i] = i;
		return ix->nterrain;
	}
	if (x0 == x1 && y0 == y1) { // one cell: its list, already ascending
		int c = y0 * ix->gx + x0, n = ix->start[c + 1] - ix->start[c];
		memcpy(ix->cand, &ix->items[ix->start[c]], (size_t)n * sizeof *ix->cand);
		return n;
	}
	next_tick(ix);
	int n = 0;
	for (int y = y0; y <= y1; y++)
		n = add_cells(ix, y, x0, x1, n);
	sort_i32(ix->cand, n);
	return n;
}

int lw_tindex_query_segment(lw_tindex *ix, tw_vec2 a, tw_vec2 b)
{
	int x0, y0, x1, y1;
	tw_vec2 lo = tw_v2(mind(a.x, b.x), mind(a.y, b.y)), hi = tw_v2(maxd(a.x, b.x), maxd(a.y, b.y));
	if (!cell_range(ix, lo, hi, &x0, &y0, &x1, &y1)) {
		for (int i = 0; i < ix->nterrain; i++)
			ix->cand[i] = i;
		return ix->nterrain;
	}
	next_tick(ix);
	int n = 0;
	double dy = b.y - a.y;
	// Row by row, the cells under the part of the segment in the row's slab (widened by a
	// thousandth of an inch: a point of the segment is in a listed cell whatever the rounding).
	const double m = 1e-3;
	for (int y = y0; y <= y1; y++) {
		double xa = lo.x, xb = hi.x;
		if (fabs(dy) > 1e-9) {
			double ylo = y * ix->cell - m, yhi = (y + 1) * ix->cell + m;
			double ta = mind(maxd((ylo - a.y) / dy, 0.0), 1.0), tb = mind(maxd((yhi - a.y) / dy, 0.0), 1.0);
			double pa = a.x + (b.x - a.x) * ta, pb = a.x + (b.x - a.x) * tb;
			xa = maxd(lo.x, mind(pa, pb) - m);
			xb = mind(hi.x, maxd(pa, pb) + m);
		}
		if (!(isfinite(xa) && isfinite(xb)))
			continue; // as cell_range refuses such a box
		n = add_cells(ix, y, cell_ix(xa / ix->cell, ix->gx), cell_ix(xb / ix->cell, ix->gx), n);
	}
	return n;
}

bool lw_table_is_water(const tw_table *tb, tw_vec2 p)
{
	lw_tindex *ix = lw_tindex_for(tb);
	if (!ix) {
		// s27-hook8 (issue 18): without a river there is no water (tw_table_is_water's first
		// loop finds none), asked by the pieces' kinds alone (s31-move: their bits, four
		// pieces a step, lw_kinds.h; lw_move_terrain_plain: the first river looked for).
		if (!lw_river_plain && (lw_move_terrain_plain ? lw_next_river(tb, 0) >= tb->nterrain
							      : !((lw_kinds_mask(tb) >> TW_TER_RIVER) & 1u)))
			return false;
		return tw_table_is_water(tb, p);
	}
	// tw_table_is_water over the candidates: a river holding p, and no ford or bridge holding
	// p (a piece whose box does not hold p does not hold p).
	int n = lw_tindex_query(ix, p, p);
	bool water = false;
	for (int k = 0; k < n && !water; k++) {
		const tw_terrain *t = &tb->terrain[ix->cand[k]];
		water = t->kind == TW_TER_RIVER && tw_terrain_contains(t, p);
	}
	if (!water)
		return false;
	for (int k = 0; k < n; k++) {
		const tw_terrain *t = &tb->terrain[ix->cand[k]];
		if ((t->kind == TW_TER_FORD || t->kind == TW_TER_BRIDGE) && tw_terrain_contains(t, p))
			return false;
	}
	return true;
}

bool lw_los(const tw_table *tb, tw_vec2 a, double za, tw_vec2 b, double zb)
{
	lw_tindex *ix = lw_tindex_for(tb);
	if (!ix)
		return tw_los(tb, a, za, b, zb);
	// The pieces in the cells the sight line crosses: every piece it meets (a point where it
	// meets a piece lies in the piece's box, so in a cell the piece is filed in), in no order.
	// Solid pieces and hills block whatever the order; the woods' depths are added in ascending
	// order as tw_los adds them (a sum of depths at least 0 only grows, so it passes 2 in after
	// some piece exactly when it passes it at the end).
	int n = lw_tindex_query_segment(ix, a, b), nw = 0;
	for (int k = 0; k < n; k++) {
		int32_t i = ix->cand[k];
		if (tb->terrain[i].kind == TW_TER_WOOD) {
			ix->cand[k] = ix->cand[nw]; // woods to the front
			ix->cand[nw++] = i;
		}
	}
	if (tw_los_blocker_among(tb, a, za, b, zb, ix->cand + nw, n - nw) >= 0)
		return false;
	sort_i32(ix->cand, nw);
	return tw_los_blocker_among(tb, a, za, b, zb, ix->cand, nw) < 0;
}
