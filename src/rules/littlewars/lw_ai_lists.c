// The computer general's questions about the state it is deciding on: who is nearest, how many
// stand near a place, what a charge would cost (LW.MEL.1, 4-7), how high the ground is. The
// state's free men, hill layers and ground heights are listed once per decision, and the
// questions asked again and again are answered from the lists. On a large table the free men
// are filed by place as well (a grid of cells), and the questions about a place look at the
// cells round it only: the same answers (tests/test_fast_paths.c against the plain loops). On a
// small table (no grid) lw_ai_count_near and lw_ai_charge file a side's men by the table's 12 in
// cells when first asked about it, kept while its men are unchanged (s30-lists; the same answers:
// tests/test_hook_paths.c).
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lw_ai.h"

// ---- the lists ----

double lw_ai_ground(const tw_state *s, const lw_ai_lists *l, tw_vec2 p)
{
	double z = 0;
	// On a large table, through the general's terrain index: the pieces whose boxes hold p, in
	// order (a piece holds only points of its box); the hills among them give the same highest.
	lw_tindex *ix = lw_tindex_for(&s->table);
	if (ix) {
		int n = lw_tindex_query(ix, p, p);
		for (int k = 0; k < n; k++) {
			const tw_terrain *t = &s->table.terrain[ix->cand[k]];
			if (t->kind == TW_TER_HILL && tw_terrain_contains(t, p))
				z = fmax(z, t->z0 + t->height);
		}
		return z;
	}
	for (int k = 0; k < l->nhills; k++) {
		const tw_terrain *t = &s->table.terrain[l->hills[k]];
		if (tw_terrain_contains(t, p))
			z = fmax(z, t->z0 + t->height);
	}
	return z;
}

double lw_ai_fig_ground(const tw_state *s, lw_ai_lists *l, int i)
{
	if (isnan(l->fig_ground[i]))
		l->fig_ground[i] = lw_ai_ground(s, l, s->fig[i].pos);
	return l->fig_ground[i];
}

// ---- the grid of free men ----

static bool grow_i32(int32_t **p, int *cap, int n)
{
	if (n <= *cap)
		return true;
	int32_t *v = tw_realloc(*p, (size_t)n * sizeof *v);
	if (!v)
		return false;
	*p = v;
	*cap = n;
	return true;
}

// The cell column (or row) of coordinate v: monotonic in v, clamped to the grid's n cells.
// fmin(a, b) for a that is not NaN, without the call (a zero's sign aside: a bound for compares).
static inline double min_or(double a, double b) { return b < a ? b : a; }

static inline int cell_of(double v, double v0, double inv, int n)
{
	double c = (v - v0) * inv;
	if (!(c >= 0))
		return 0;
	return c >= (double)(n - 1) ? n - 1 : (int)c;
}

// Files the listed men by cell (no grid, gw = 0, when too few); false without memory.
static bool grid_make(lw_ai_lists *l)
{
	int n = l->free_start[l->nsides];
	l->gw = l->gh = l->ncell = 0;
	if (!grow_i32(&l->found, &l->cap_found, n > 0 ? n : 1))
		return false;
	if (n == 0 || (n < LW_AI_GRID_MIN_MEN && !l->force_grid)) {
		// h5-hook: the widest man still, for lw_ai_count_near's box (a NaN radius is passed
		// over: such a man is never near anything; an infinite one makes every box infinite):
		// l->rmax, worked out as the men are listed (s30-lists).
		return true;
	}
	double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY, rmax = 0, amax = 0;
	for (int k = 0; k < n; k++) {
		const lw_ai_man *m = &l->free_men[k];
		if (!(isfinite(m->x) && isfinite(m->y) && isfinite(m->r) && isfinite(m->allow)))
			return true; // a man off any grid: the plain loops
		// All finite here: plain compares (libm's fmin/fmax are calls; only a zero's sign could
		// differ, and these are bounds for compares and cell arithmetic, where it does not count).
		x0 = m->x < x0 ? m->x : x0;
		y0 = m->y < y0 ? m->y : y0;
		x1 = m->x > x1 ? m->x : x1;
		y1 = m->y > y1 ? m->y : y1;
		rmax = m->r > rmax ? m->r : rmax;
		amax = m->allow > amax ? m->allow : amax;
	}
	// Cells of 8 in or more, about one man a cell over the box round them, at most 4n + 64.
	double w = x1 - x0, h = y1 - y0;
	double cell = fmax(8.0, sqrt(fmax(w, 1.0) * fmax(h, 1.0) / n));
	double gw, gh;
	for (;;) {
		gw = floor(w / cell) + 1;
		gh = floor(h / cell) + 1;
		if (gw * gh <= 4.0 * n + 64)
			break;
		cell *= 1.5;
	}
	int ncell = (int)gw * (int)gh, stride = ncell + 1;
	if (!grow_i32(&l->cell_start, &l->cap_cell_start, l->nsides * stride) ||
	    !grow_i32(&l->cell_items, &l->cap_cell_items, n) || !grow_i32(&l->cell_of, &l->cap_cell_of, n))
		return false;
	l->gw = (int)gw;
	l->gh = (int)gh;
	l->ncell = ncell;
	l->x0 = x0;
	l->y0 = y0;
	l->x1 = x1;
	l->y1 = y1;
	l->cell = cell;
	l->inv_cell = 1.0 / cell;
	l->rmax = rmax;
	l->allow_max = amax;
	// A counting sort by (side, cell), men in figure order within a cell: side k's cell c is
	// cell_items[st[c] .. st[c + 1]) with st = cell_start + k * stride.
	memset(l->cell_start, 0, (size_t)(l->nsides * stride) * sizeof *l->cell_start);
	for (int side = 0; side < l->nsides; side++) {
		int32_t *st = l->cell_start + side * stride;
		for (int k = l->free_start[side]; k < l->free_start[side + 1]; k++) {
			const lw_ai_man *m = &l->free_men[k];
			int c = cell_of(m->y, y0, l->inv_cell, l->gh) * l->gw + cell_of(m->x, x0, l->inv_cell, l->gw);
			l->cell_of[k] = c;
			st[c]++;
		}
		int at = l->free_start[side];
		for (int c = 0; c < ncell; c++) { // st[c] = the end of cell c
			at += st[c];
			st[c] = at;
		}
		st[ncell] = at;
		for (int k = l->free_start[side + 1] - 1; k >= l->free_start[side]; k--)
			l->cell_items[--st[l->cell_of[k]]] = k; // st[c] = the start of cell c
	}
	return true;
}

// The grid's cells that box [lo, hi] covers (clamped); false when it covers none. A box with a
// NaN corner covers every cell.
static bool cell_box(const lw_ai_lists *l, tw_vec2 lo, tw_vec2 hi, int *cx0, int *cy0, int *cx1, int *cy1)
{
	if (isnan(lo.x) || isnan(lo.y) || isnan(hi.x) || isnan(hi.y)) {
		*cx0 = *cy0 = 0;
		*cx1 = l->gw - 1;
		*cy1 = l->gh - 1;
		return true;
	}
	if (hi.x < l->x0 || hi.y < l->y0 || lo.x > l->x1 || lo.y > l->y1 || lo.x > hi.x || lo.y > hi.y)
		return false;
	*cx0 = cell_of(lo.x, l->x0, l->inv_cell, l->gw);
	*cy0 = cell_of(lo.y, l->y0, l->inv_cell, l->gh);
	*cx1 = cell_of(hi.x, l->x0, l->inv_cell, l->gw);
	*cy1 = cell_of(hi.y, l->y0, l->inv_cell, l->gh);
	return true;
}

static int cmp_i32(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
	return (x > y) - (x < y);
}

// The index of b's lowest set bit (b != 0), by a de Bruijn sequence: portable C.
static inline int lowest_bit(uint64_t b)
{
	static const uint8_t ix[64] = {
		0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4,
		62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
		63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
		46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6,
	};
	return ix[((b & (~b + 1)) * 0x03f79d71b4cb0a89ull) >> 58];
}

int lw_ai_men_near(lw_ai_lists *l, int side, bool others, tw_vec2 lo, tw_vec2 hi)
{
	int nf = 0, sides = 0;
	bool sort = false;
	for (int sd = 0; sd < l->nsides; sd++) {
		if (others ? sd == side : sd != side)
			continue;
		int first = nf;
		if (l->gw == 0) {
			// s30-lists: the side's figure indices side by side (free_fig), copied at once.
			int a = l->free_start[sd], b = l->free_start[sd + 1];
			if (b > a)
				memcpy(l->found + nf, l->free_fig + a, (size_t)(b - a) * sizeof *l->found);
			nf += b - a;
		} else {
			int cx0, cy0, cx1, cy1;
			if (!cell_box(l, lo, hi, &cx0, &cy0, &cx1, &cy1))
				continue;
			const int32_t *st = l->cell_start + sd * (l->ncell + 1);
			for (int cy = cy0; cy <= cy1; cy++) // a row of cells: its men in cell order
				for (int k = st[cy * l->gw + cx0]; k < st[cy * l->gw + cx1 + 1]; k++)
					l->found[nf++] = l->free_men[l->cell_items[k]].fig;
			sort |= cx1 > cx0 || cy1 > cy0; // several cells: not in figure order
		}
		sides += nf > first;
	}
	if ((sort || sides > 1) && nf > 1) {
		if (nf > 32 && l->bits) { // many: a bit per figure, read back in order
			int32_t vlo = INT32_MAX, vhi = -1;
			for (int i = 0; i < nf; i++) {
				int32_t v = l->found[i];
				l->bits[v >> 6] |= (uint64_t)1 << (v & 63);
				vlo = v < vlo ? v : vlo;
				vhi = v > vhi ? v : vhi;
			}
			int n = 0;
			for (int w = vlo >> 6; w <= vhi >> 6; w++)
				for (uint64_t b = l->bits[w]; b; b &= b - 1)
					l->found[n++] = (int32_t)(w * 64 + lowest_bit(b));
			for (int w = vlo >> 6; w <= vhi >> 6; w++)
				l->bits[w] = 0;
		} else if (nf > 48) {
			qsort(l->found, (size_t)nf, sizeof l->found[0], cmp_i32);
		} else { // a few men: an insertion sort
			for (int i = 1; i < nf; i++) {
				int32_t x = l->found[i];
				int k = i;
				for (; k > 0 && l->found[k - 1] > x; k--)
					l->found[k] = l->found[k - 1];
				l->found[k] = x;
			}
		}
	}
	return nf;
}

// Calls of `each` (a statement using k, a free_men index) for side sd's men filed in the cells
// of box [lo, hi], in no order; or all of side sd's men without a grid.
#define FOR_MEN_IN_BOX(l, sd, lo, hi, each)                                                           \
	do {                                                                                           \
		if ((l)->gw == 0) {                                                                    \
			for (int k = (l)->free_start[sd]; k < (l)->free_start[(sd) + 1]; k++) {        \
				each;                                                                  \
			}                                                                              \
		} else {                                                                               \
			int cx0_, cy0_, cx1_, cy1_;                                                    \
			if (cell_box(l, lo, hi, &cx0_, &cy0_, &cx1_, &cy1_)) {                         \
				const int32_t *st_ = (l)->cell_start + (sd) * ((l)->ncell + 1);       \
				for (int cy_ = cy0_; cy_ <= cy1_; cy_++)                               \
					for (int j_ = st_[cy_ * (l)->gw + cx0_];                       \
					     j_ < st_[cy_ * (l)->gw + cx1_ + 1]; j_++) {               \
						int k = (l)->cell_items[j_];                           \
						each;                                                  \
					}                                                              \
			}                                                                              \
		}                                                                                      \
	} while (0)

// A box's margin beyond the distances asked about: every man within them is inside the box
// whatever the rounding of the distances (1e-6 of an inch is some 1e4 ulps at 100000 in).
#define BOX_PAD 1e-3

bool lw_ai_plain_counts = false;
bool lw_ai_plain_strips = false;

// ---- the table's cells (s30-lists) ----

struct lw_ai_spot {
	double x, y, r;
	int32_t k; ///< his free_men index
};

/// The table's cells' side at least, inches.
#define SB_CELL_IN 24.0

// Files side sd's listed men by the table's cells, row by row (a counting sort; the order
// within a cell is not read).
static __attribute__((noinline)) void sb_file(lw_ai_lists *l, int sd)
{
	int nc = l->sb_w * l->sb_h, a = l->free_start[sd], b = l->free_start[sd + 1];
	int32_t *st = l->sb_start + sd * (nc + 1);
	for (int k = 0; k < l->nsides; k++) // filings this one writes over
		if (k != sd && l->sb_made[k]) {
			const int32_t *sk = l->sb_start + k * (nc + 1);
			if (sk[0] < b && sk[nc] > a)
				l->sb_made[k] = false;
		}
	memset(st, 0, (size_t)(nc + 1) * sizeof *st);
	double inv = l->sb_inv, amax = 0;
	int32_t *cell = l->sb_cell;
	for (int k = a; k < b; k++) {
		const lw_ai_man *m = &l->free_men[k];
		int c = cell_of(m->y, 0.0, inv, l->sb_h) * l->sb_w + cell_of(m->x, 0.0, inv, l->sb_w);
		cell[k] = c;
		st[c + 1]++;
		amax = m->allow > amax ? m->allow : amax; // lw_move_allowance: 12 or 24 in
	}
	l->sb_amax[sd] = amax;
	st[0] = a;
	for (int c = 0; c < nc; c++) // st[c + 1] = the end of cell c
		st[c + 1] += st[c];
	for (int k = b - 1; k >= a; k--) {
		const lw_ai_man *m = &l->free_men[k];
		l->sb_men[--st[cell[k] + 1]] = (struct lw_ai_spot){m->x, m->y, m->r, k};
	}
	memmove(st, st + 1, (size_t)nc * sizeof *st); // st[c + 1] was the start of cell c
	st[nc] = b;
	l->sb_made[sd] = true;
	l->sb_gen[sd] = l->side_gen[sd];
}

// Without a grid: side sd's men filed by the table's cells (filed now if they are not); false
// (the caller loops over every man) when there are no cells or sd is not a listed side.
static inline bool sb_ready(lw_ai_lists *l, int sd)
{
	if (l->sb_w == 0 || l->gw != 0 || sd < 0 || sd >= l->nsides || lw_ai_plain_strips)
		return false;
	if (!(l->sb_made[sd] && l->sb_gen[sd] == l->side_gen[sd] && l->sb_start[sd * (l->sb_w * l->sb_h + 1)] == l->free_start[sd]))
		sb_file(l, sd); // not filed, or filed for other men or elsewhere
	return true;
}

// The table's cells box [lo, hi] covers (clamped), into *cx0 .. *cy1; false when a corner is not
// finite and under 1e9 in (where an ulp is under 1e-6 in). By cell_of's monotonicity, a man in a
// column left of *cx0 stands left of lo.x (a NaN x is in column 0), and so on.
static inline bool sb_range(const lw_ai_lists *l, tw_vec2 lo, tw_vec2 hi, int *cx0, int *cy0, int *cx1, int *cy1)
{
	if (!(fabs(lo.x) < 1e9 && fabs(lo.y) < 1e9 && fabs(hi.x) < 1e9 && fabs(hi.y) < 1e9))
		return false;
	double inv = l->sb_inv;
	*cx0 = cell_of(lo.x, 0.0, inv, l->sb_w);
	*cx1 = cell_of(hi.x, 0.0, inv, l->sb_w);
	*cy0 = cell_of(lo.y, 0.0, inv, l->sb_h);
	*cy1 = cell_of(hi.y, 0.0, inv, l->sb_h);
	return true;
}

// sb_ready and sb_range.
static inline bool sb_cells(lw_ai_lists *l, int sd, tw_vec2 lo, tw_vec2 hi, int *cx0, int *cy0, int *cx1, int *cy1)
{
	return sb_ready(l, sd) && sb_range(l, lo, hi, cx0, cy0, cx1, cy1);
}

// Calls of `each` (a statement using m, a const struct lw_ai_spot *) for side sd's men filed in
// cells cx0 .. cx1, cy0 .. cy1 of the table, in no order.
#define FOR_SPOTS(l, sd, cx0, cy0, cx1, cy1, each)                                                    \
	do {                                                                                           \
		const int32_t *st_ = (l)->sb_start + (sd) * ((l)->sb_w * (l)->sb_h + 1);              \
		for (int cy_ = (cy0); cy_ <= (cy1); cy_++) {                                           \
			const int32_t *row_ = st_ + cy_ * (l)->sb_w;                                   \
			for (int j_ = row_[cx0]; j_ < row_[(cx1) + 1]; j_++) {                         \
				const struct lw_ai_spot *m = &(l)->sb_men[j_];                        \
				each;                                                                  \
			}                                                                              \
		}                                                                                      \
	} while (0)

int lw_ai_count_near(lw_ai_lists *l, int side, tw_vec2 p, double r)
{
	if (side < 0 || side >= l->nsides)
		return 0;
	int n = 0;
	double R = r + l->rmax + BOX_PAD;
	tw_vec2 lo = tw_v2(p.x - R, p.y - R), hi = tw_v2(p.x + R, p.y + R);
	if (l->gw == 0 && !lw_ai_plain_counts) {
		// h5-hook (issue 18): without a grid, a man farther than R along x or y is passed over
		// without his distance. Exact: his distance is at least |dx| less some 1e-15 of it,
		// so less his radius it is more than r by nearly BOX_PAD (tests/test_hook_paths.c).
		// s30-lists: the men of the table's cells round p - R - BOX_PAD .. p + R + BOX_PAD
		// only, with the same tests. A man of a column left of them stands left of
		// p.x - R - BOX_PAD as rounded, so his |dx| as rounded is more than R (sb_cells: ulps
		// under 1e-6 in): the loop below would pass him over. Likewise right, below, above.
		int cx0, cy0, cx1, cy1;
		double R2 = R + BOX_PAD;
		if (R < 1e9 && sb_cells(l, side, tw_v2(p.x - R2, p.y - R2), tw_v2(p.x + R2, p.y + R2), &cx0, &cy0, &cx1, &cy1)) {
			FOR_SPOTS(l, side, cx0, cy0, cx1, cy1, {
				if (fabs(m->x - p.x) > R || fabs(m->y - p.y) > R)
					continue;
				if (tw_dist(tw_v2(m->x, m->y), p) - m->r <= r)
					n++;
			});
			return n;
		}
		for (int k = l->free_start[side]; k < l->free_start[side + 1]; k++) {
			const lw_ai_man *m = &l->free_men[k];
			if (fabs(m->x - p.x) > R || fabs(m->y - p.y) > R)
				continue;
			if (tw_dist(tw_v2(m->x, m->y), p) - m->r <= r)
				n++;
		}
		return n;
	}
	FOR_MEN_IN_BOX(l, side, lo, hi, {
		const lw_ai_man *m = &l->free_men[k];
		if (tw_dist(tw_v2(m->x, m->y), p) - m->r <= r)
			n++;
	});
	return n;
}

// ---- lw_ai_charge's memo (h5-hook) ----

struct lw_ai_cmemo {
	double x, y;     ///< the enemy man's place the answer was worked out for (bits compared)
	uint32_t gen;    ///< his side's side_gen then
	int32_t theirs, sup;
	uint8_t side;
	bool valid;
};

bool lw_ai_charge_nomemo = false;

// After the men are listed: a side whose men differ from the last list's in any byte gets a new
// side_gen (its answers lapse). Without memory the memo is simply not kept (nothing else changes).
static void cmemo_follow(lw_ai_lists *l, int nfig)
{
	if (nfig > l->cap_cmemo) {
		struct lw_ai_cmemo *v = tw_realloc(l->cmemo, (size_t)nfig * sizeof *v);
		if (!v) {
			tw_free(l->cmemo);
			l->cmemo = NULL;
			l->cap_cmemo = 0;
		} else {
			memset(v + l->cap_cmemo, 0, (size_t)(nfig - l->cap_cmemo) * sizeof *v);
			l->cmemo = v;
			l->cap_cmemo = nfig;
		}
	}
	int n = l->free_start[l->nsides], at = 0;
	int upto = l->nsides > l->prev_nsides ? l->nsides : l->prev_nsides; // past both: no men either time
	if (!l->prev_have)
		upto = LW_AI_SIDES;
	for (int sd = 0; sd < upto; sd++) {
		int a = sd < l->nsides ? l->free_start[sd] : n, b = sd < l->nsides ? l->free_start[sd + 1] : n;
		bool same = l->prev_have && l->prev_n[sd] == b - a &&
			    (b == a || memcmp(l->prev_men + at, l->free_men + a, (size_t)(b - a) * sizeof *l->free_men) == 0);
		if (!same)
			l->side_gen[sd]++;
		at += l->prev_have ? l->prev_n[sd] : 0;
	}
	l->prev_have = false;
	if (n > l->cap_prev_men) {
		lw_ai_man *v = tw_realloc(l->prev_men, (size_t)n * sizeof *v);
		if (!v)
			return; // no last list: every side changes at the next
		l->prev_men = v;
		l->cap_prev_men = n;
	}
	if (n > 0)
		memcpy(l->prev_men, l->free_men, (size_t)n * sizeof *l->free_men);
	int clear = l->prev_nsides > l->nsides ? l->prev_nsides : l->nsides;
	for (int sd = 0; sd < clear; sd++)
		l->prev_n[sd] = sd < l->nsides ? l->free_start[sd + 1] - l->free_start[sd] : 0;
	l->prev_nsides = l->nsides;
	l->prev_have = true;
}

bool lw_ai_lists_make(const tw_state *s, lw_ai_lists *l)
{
	if (s->ngun > l->cap_gun_ground) {
		double *v = tw_realloc(l->gun_ground, (size_t)s->ngun * sizeof *v);
		if (!v)
			return false;
		l->gun_ground = v;
		l->cap_gun_ground = s->ngun;
	}
	if (s->nfig > l->cap_fig_ground) {
		double *v = tw_realloc(l->fig_ground, (size_t)s->nfig * sizeof *v);
		if (!v)
			return false;
		l->fig_ground = v;
		l->cap_fig_ground = s->nfig;
	}
	if (s->table.nterrain > l->cap_hills) {
		int32_t *v = tw_realloc(l->hills, (size_t)s->table.nterrain * sizeof *v);
		if (!v)
			return false;
		l->hills = v;
		l->cap_hills = s->table.nterrain;
	}
	l->nhills = 0;
	for (int i = 0; i < s->table.nterrain; i++)
		if (s->table.terrain[i].kind == TW_TER_HILL)
			l->hills[l->nhills++] = i;
	for (int i = 0; i < s->ngun; i++)
		l->gun_ground[i] = lw_ai_ground(s, l, s->gun[i].axle);
	for (int i = 0; i < s->nfig; i++)
		l->fig_ground[i] = NAN;
	if (s->nfig > l->cap_free) {
		lw_ai_man *v = tw_realloc(l->free_men, (size_t)s->nfig * sizeof *v);
		if (!v)
			return false;
		l->free_men = v;
		l->cap_free = s->nfig;
	}
	if (!grow_i32(&l->free_fig, &l->cap_free_fig, s->nfig))
		return false;
	// Free men by side, in figure order within a side (a counting sort).
	// s31 (issue 18): two sides (every game but a few): side 0's men listed in place and side
	// 1's aside, then copied after them, in one pass over the figures; a free man of any other
	// side sends it to the counting sort below. The same lists either way.
	int nsides = 0, n = 0;
	double rmax = 0; // the widest listed man (NaN radii passed over), whatever the order
	bool two = false;
	if (s->nfig > l->cap_tmp) {
		lw_ai_man *v = tw_realloc(l->tmp_men, (size_t)s->nfig * sizeof *v);
		if (v)
			l->tmp_men = v;
		int32_t *w = tw_realloc(l->tmp_fig, (size_t)s->nfig * sizeof *w);
		if (w)
			l->tmp_fig = w;
		if (v && w)
			l->cap_tmp = s->nfig;
	}
	if (s->nfig <= l->cap_tmp) {
		int n0 = 0, n1 = 0;
		two = true;
		for (int i = 0; i < s->nfig && two; i++) {
			const tw_figure *f = &s->fig[i];
			if (!lw_is_free(f))
				continue;
			lw_ai_man m = {f->pos.x, f->pos.y, f->radius, lw_move_allowance(f), f->moved_in, i};
			if (f->side == 0) {
				l->free_men[n0] = m;
				l->free_fig[n0++] = i;
			} else if (f->side == 1) {
				l->tmp_men[n1] = m;
				l->tmp_fig[n1++] = i;
			} else {
				two = false;
			}
			rmax = f->radius > rmax ? f->radius : rmax;
		}
		if (two) {
			if (n1 > 0) {
				memcpy(l->free_men + n0, l->tmp_men, (size_t)n1 * sizeof *l->free_men);
				memcpy(l->free_fig + n0, l->tmp_fig, (size_t)n1 * sizeof *l->free_fig);
			}
			nsides = n1 > 0 ? 2 : n0 > 0 ? 1 : 0;
			n = n0 + n1;
			l->free_start[0] = 0;
			if (nsides >= 1)
				l->free_start[1] = n0;
			if (nsides == 2)
				l->free_start[2] = n;
		}
	}
	if (!two) {
		int count[LW_AI_SIDES], at[LW_AI_SIDES];
		memset(count, 0, sizeof count);
		nsides = 0;
		for (int i = 0; i < s->nfig; i++)
			if (lw_is_free(&s->fig[i])) {
				int side = s->fig[i].side;
				count[side]++;
				if (side >= nsides)
					nsides = side + 1;
			}
		n = 0;
		for (int side = 0; side < nsides; side++) {
			l->free_start[side] = at[side] = n;
			n += count[side];
		}
		l->free_start[nsides] = n;
		rmax = 0;
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *f = &s->fig[i];
			if (lw_is_free(f)) {
				int k = at[f->side]++;
				l->free_men[k] = (lw_ai_man){f->pos.x, f->pos.y, f->radius, lw_move_allowance(f), f->moved_in, i};
				l->free_fig[k] = i;
				rmax = f->radius > rmax ? f->radius : rmax;
			}
		}
	}
	l->nsides = nsides;
	l->rmax = rmax;
	cmemo_follow(l, s->nfig);
	// s30-lists: room for the table's cells, filed when first asked for (lw_ai_count_near).
	double wd = s->table.width, dp = s->table.depth;
	int sw = 0, sh = 0;
	if (isfinite(wd) && wd > 0 && isfinite(dp) && dp > 0 && n > 0 && n < LW_AI_GRID_MIN_MEN && !l->force_grid) {
		double cell = SB_CELL_IN;
		while (ceil(wd / cell) * ceil(dp / cell) > 4096)
			cell *= 2;
		sw = (int)ceil(wd / cell);
		sh = (int)ceil(dp / cell);
		if (sw != l->sb_w || sh != l->sb_h || 1.0 / cell != l->sb_inv)
			memset(l->sb_made, 0, sizeof l->sb_made);
		if (!grow_i32(&l->sb_start, &l->cap_sb_start, nsides * (sw * sh + 1)) ||
		    !grow_i32(&l->sb_cell, &l->cap_sb_cell, n))
			return false;
		if (n > l->cap_sb_men) {
			struct lw_ai_spot *v = tw_realloc(l->sb_men, (size_t)n * sizeof *v);
			if (!v)
				return false;
			l->sb_men = v;
			l->cap_sb_men = n;
		}
		l->sb_inv = 1.0 / cell;
	} else {
		memset(l->sb_made, 0, sizeof l->sb_made);
	}
	l->sb_w = sw;
	l->sb_h = sh;
	int words = (s->nfig + 63) / 64 + 1;
	if (words > l->cap_bits) {
		uint64_t *v = tw_realloc(l->bits, (size_t)words * sizeof *v);
		if (!v)
			return false;
		memset(v, 0, (size_t)words * sizeof *v);
		l->bits = v;
		l->cap_bits = words;
	}
	return grid_make(l);
}

void lw_ai_lists_free(lw_ai_lists *l)
{
	tw_free(l->cell_start);
	tw_free(l->cell_items);
	tw_free(l->cell_of);
	tw_free(l->found);
	tw_free(l->bits);
	tw_free(l->free_men);
	tw_free(l->gun_ground);
	tw_free(l->fig_ground);
	tw_free(l->hills);
	tw_free(l->prev_men);
	tw_free(l->cmemo);
	tw_free(l->sb_start);
	tw_free(l->sb_men);
	tw_free(l->sb_cell);
	tw_free(l->free_fig);
	tw_free(l->tmp_men);
	tw_free(l->tmp_fig);
	memset(l, 0, sizeof *l);
}

// ---- questions ----

lw_charge_eval lw_charge_value(int mine, int theirs, int sup)
{
	lw_charge_eval ce = {0, 0, -1e9};
	ce.mine = mine;
	ce.theirs = theirs;
	if (mine <= theirs) {
		ce.value = mine == theirs ? 0 - 0.5 : -(double)mine; // equal: all die; smaller: we lose all
		return ce;
	}
	bool iso = sup * 2 < theirs;
	lw_melee_result r = lw_melee_math(mine, theirs, iso);
	ce.value = (double)(r.dead_small + r.prisoners) - (double)r.dead_large;
	return ce;
}

lw_charge_eval lw_ai_charge(lw_ai_lists *l, const tw_state *s, int side, const tw_figure *e, int nours)
{
	int theirs = 0, sup = 0;
	// h5-hook: remembered while his side's men and his place are as they were (cmemo_follow).
	struct lw_ai_cmemo *c = NULL;
	if (!lw_ai_charge_nomemo && l->cmemo && e >= s->fig && e < s->fig + s->nfig && e - s->fig < l->cap_cmemo &&
	    e->side < l->nsides)
		c = &l->cmemo[e - s->fig];
	int cx0, cy0, cx1, cy1;
	if (c && c->valid && c->side == e->side && c->gen == l->side_gen[e->side] &&
	    memcmp(&c->x, &e->pos.x, sizeof c->x) == 0 && memcmp(&c->y, &e->pos.y, sizeof c->y) == 0) {
		theirs = c->theirs;
		sup = c->sup;
	} else if (e->side < l->nsides) {
		double R = fmax(LW_REACH + 1.0, l->allow_max) + l->rmax + BOX_PAD;
		tw_vec2 lo = tw_v2(e->pos.x - R, e->pos.y - R), hi = tw_v2(e->pos.x + R, e->pos.y + R);
		// s30-lists: without a grid, the men of the table's cells round him only. A man of a
		// column left of e.x - R' (R' = his side's largest allowance or 7 in, and the widest
		// radius, and twice BOX_PAD) is farther than R' less some 1e-15 of it, so his base's
		// distance is beyond 7 in and his allowance: neither counted. Likewise the others.
		bool done = false;
		if (sb_ready(l, e->side)) {
			double R2 = fmax(LW_REACH + 1.0, l->sb_amax[e->side]) + l->rmax + 2 * BOX_PAD;
			done = R2 < 1e9 && sb_range(l, tw_v2(e->pos.x - R2, e->pos.y - R2), tw_v2(e->pos.x + R2, e->pos.y + R2),
						    &cx0, &cy0, &cx1, &cy1);
			if (done)
				FOR_SPOTS(l, e->side, cx0, cy0, cx1, cy1, {
					double d = tw_dist(tw_v2(m->x, m->y), e->pos) - m->r;
					if (d <= LW_REACH + 1.0)
						theirs++;
					else if (d <= l->free_men[m->k].allow)
						sup++;
				});
		}
		if (!done)
			FOR_MEN_IN_BOX(l, e->side, lo, hi, {
				const lw_ai_man *f = &l->free_men[k];
				double d = tw_dist(tw_v2(f->x, f->y), e->pos) - f->r;
				if (d <= LW_REACH + 1.0)
					theirs++;
				// Their supporters: free men not taking part, within their move of the
				// contact (LW.MEL.1).
				else if (d <= f->allow)
					sup++;
			});
		if (c)
			*c = (struct lw_ai_cmemo){e->pos.x, e->pos.y, l->side_gen[e->side], theirs, sup, e->side, true};
	}
	// Our men already within 6 in of the enemy man join in too.
	int mine = nours;
	if (side >= 0 && side < l->nsides) {
		double R = LW_REACH + BOX_PAD;
		tw_vec2 lo = tw_v2(e->pos.x - R, e->pos.y - R), hi = tw_v2(e->pos.x + R, e->pos.y + R);
		// s30-lists: without a grid, the table's cells round him (a man beyond them is farther
		// than 6 in and BOX_PAD less some 1e-15 of it).
		if (l->gw == 0 && sb_cells(l, side, lo, hi, &cx0, &cy0, &cx1, &cy1)) {
			FOR_SPOTS(l, side, cx0, cy0, cx1, cy1, {
				if (l->free_men[m->k].moved_in != s->move_no && tw_dist(tw_v2(m->x, m->y), e->pos) <= LW_REACH)
					mine++;
			});
		} else {
			FOR_MEN_IN_BOX(l, side, lo, hi, {
				const lw_ai_man *f = &l->free_men[k];
				if (f->moved_in != s->move_no && tw_dist(tw_v2(f->x, f->y), e->pos) <= LW_REACH)
					mine++;
			});
		}
	}
	return lw_charge_value(mine, theirs, sup);
}

double lw_nearest_enemy(const tw_state *s, int side, tw_vec2 p, int *who)
{
	double best = INFINITY, best2 = INFINITY;
	if (who)
		*who = -1;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side == side || !lw_is_free(f))
			continue;
		// sqrt is monotonic: a strictly larger square cannot give a strictly smaller distance.
		tw_vec2 v = tw_sub(f->pos, p);
		double d2 = v.x * v.x + v.y * v.y;
		if (d2 > best2)
			continue;
		double d = sqrt(d2); // tw_dist(f->pos, p), the same operations
		if (d < best) {
			best = d;
			best2 = d2;
			if (who)
				*who = i;
		}
	}
	return best;
}

// The nearest of side sd's men filed in box [lo, hi] by (distance, figure index), into *best,
// *bfig (figure index; INT32_MAX none yet).
static void nearest_in_box(const lw_ai_lists *l, int sd, tw_vec2 p, tw_vec2 lo, tw_vec2 hi, double *best,
			   int32_t *bfig)
{
	FOR_MEN_IN_BOX(l, sd, lo, hi, {
		const lw_ai_man *m = &l->free_men[k];
		tw_vec2 v = tw_sub(tw_v2(m->x, m->y), p);
		double d = sqrt(v.x * v.x + v.y * v.y); // tw_dist, the same operations
		if (d < *best || (d == *best && m->fig < *bfig)) {
			*best = d;
			*bfig = m->fig;
		}
	});
}

// nearest_in_box for side sd's men filed in cell c.
static void nearest_in_cell(const lw_ai_lists *l, int sd, int c, tw_vec2 p, double *best, int32_t *bfig)
{
	const int32_t *st = l->cell_start + sd * (l->ncell + 1);
	for (int j = st[c]; j < st[c + 1]; j++) {
		const lw_ai_man *m = &l->free_men[l->cell_items[j]];
		tw_vec2 v = tw_sub(tw_v2(m->x, m->y), p);
		double d = sqrt(v.x * v.x + v.y * v.y); // tw_dist, the same operations
		if (d < *best || (d == *best && m->fig < *bfig)) {
			*best = d;
			*bfig = m->fig;
		}
	}
}

double lw_ai_nearest_enemy(const lw_ai_lists *l, int side, tw_vec2 p, int *who)
{
	double best = INFINITY;
	int32_t bfig = INT32_MAX;
	if (l->gw == 0 || !isfinite(p.x) || !isfinite(p.y)) {
		// Every man (the box of every cell, or no grid): NaN and infinite places too.
		tw_vec2 lo = tw_v2(NAN, NAN);
		for (int sd = 0; sd < l->nsides; sd++)
			if (sd != side)
				nearest_in_box(l, sd, p, lo, lo, &best, &bfig);
	} else {
		// Rings of cells round p's cell, nearest first, until the nearest man found is
		// nearer than any man in a cell outside the rings can be (or every cell is done).
		int pcx = cell_of(p.x, l->x0, l->inv_cell, l->gw), pcy = cell_of(p.y, l->y0, l->inv_cell, l->gh);
		for (int k = 0;; k++) {
			int cy0 = pcy - k, cy1 = pcy + k, cx0 = pcx - k, cx1 = pcx + k;
			for (int cy = cy0 < 0 ? 0 : cy0; cy <= cy1 && cy < l->gh; cy++) {
				bool edge = cy == cy0 || cy == cy1; // the ring's top or bottom row: all of it
				for (int cx = cx0 < 0 ? 0 : cx0; cx <= cx1 && cx < l->gw; cx++) {
					if (!edge && cx != cx0 && cx != cx1) {
						cx = cx1 - 1; // the ring's sides only: on to its right column
						continue;
					}
					for (int sd = 0; sd < l->nsides; sd++)
						if (sd != side)
							nearest_in_cell(l, sd, cy * l->gw + cx, p, &best, &bfig);
				}
			}
			bool left = cx0 > 0, right = cx1 < l->gw - 1, low = cy0 > 0, high = cy1 < l->gh - 1;
			if (!left && !right && !low && !high)
				break; // every cell
			// A man in a column left of cx0 stands left of its edge x0 + cx0 * cell, and so on.
			double bound = INFINITY;
			if (left)
				bound = min_or(bound, p.x - (l->x0 + cx0 * l->cell));
			if (right)
				bound = min_or(bound, l->x0 + (cx1 + 1) * l->cell - p.x);
			if (low)
				bound = min_or(bound, p.y - (l->y0 + cy0 * l->cell));
			if (high)
				bound = min_or(bound, l->y0 + (cy1 + 1) * l->cell - p.y);
			if (best < bound - BOX_PAD)
				break;
		}
	}
	if (who)
		*who = bfig == INT32_MAX ? -1 : bfig;
	return best;
}
