// The computer general's route field: path distance round houses, walls, rocks, trees and water
// to the nearest enemy free man, so that groups go round obstacles rather than into them.
#include <math.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
// h9-route: eight cells at once where the machine has AVX (chosen as the program runs).
#if defined(__SSE2__) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define ROUTE_AVX 1
#else
#define ROUTE_AVX 0
#endif

#include "lw_ai.h"

// ---- the passability grid ----

// The passability grid depends on the table alone, and every general of every game on the same
// Country builds the same one: each thread keeps the last grid with the table it was built for
// (compared bit for bit), and hands it back for the same table.
#define PASS_MEMO_TERRAIN 64
static _Thread_local struct {
	bool valid;
	double width, depth;
	int nterrain;
	tw_terrain terrain[PASS_MEMO_TERRAIN];
	int gx, gy;
	double cell;
	uint8_t pass[LW_ROUTE_CELLS];
} pass_memo;

// The grid worked out afresh: a cell is passable when its centre is on dry land and at least
// 0.6 in from every impassable piece.
static void build_pass_uncached(const tw_state *s, lw_route *rt)
{
	double w = s->table.width, d = s->table.depth;
	rt->cell = fmax(2.0, fmax(w / 128.0, d / 96.0));
	rt->gx = (int)ceil(w / rt->cell);
	rt->gy = (int)ceil(d / rt->cell);
	for (int y = 0; y < rt->gy; y++)
		for (int x = 0; x < rt->gx; x++) {
			tw_vec2 c = tw_v2((x + 0.5) * rt->cell, (y + 0.5) * rt->cell);
			bool ok = !tw_table_is_water(&s->table, c);
			for (int t = 0; ok && t < s->table.nterrain; t++) {
				const tw_terrain *tr = &s->table.terrain[t];
				// Farther than 0.6 in (and a margin) from the piece's box: farther from the
				// piece.
				const double r = 0.6 + 1e-6;
				if (c.x < tr->lo.x - r || c.x > tr->hi.x + r || c.y < tr->lo.y - r ||
				    c.y > tr->hi.y + r)
					continue;
				if (tw_terrain_impassable(tr) && tw_terrain_distance(tr, c) < 0.6)
					ok = false;
			}
			rt->pass[y * rt->gx + x] = ok;
		}
}

static void build_pass(const tw_state *s, lw_route *rt)
{
	const tw_table *tb = &s->table;
	size_t bytes = (size_t)tb->nterrain * sizeof *tb->terrain;
	if (pass_memo.valid && pass_memo.nterrain == tb->nterrain &&
	    memcmp(&pass_memo.width, &tb->width, sizeof tb->width) == 0 &&
	    memcmp(&pass_memo.depth, &tb->depth, sizeof tb->depth) == 0 &&
	    (bytes == 0 || memcmp(pass_memo.terrain, tb->terrain, bytes) == 0)) {
		rt->gx = pass_memo.gx;
		rt->gy = pass_memo.gy;
		rt->cell = pass_memo.cell;
		memcpy(rt->pass, pass_memo.pass, (size_t)(rt->gx * rt->gy));
		return;
	}
	build_pass_uncached(s, rt);
	if (tb->nterrain <= PASS_MEMO_TERRAIN && rt->gx * rt->gy <= LW_ROUTE_CELLS) {
		pass_memo.valid = true;
		pass_memo.width = tb->width;
		pass_memo.depth = tb->depth;
		pass_memo.nterrain = tb->nterrain;
		if (bytes)
			memcpy(pass_memo.terrain, tb->terrain, bytes);
		pass_memo.gx = rt->gx;
		pass_memo.gy = rt->gy;
		pass_memo.cell = rt->cell;
		memcpy(pass_memo.pass, rt->pass, (size_t)(rt->gx * rt->gy));
	}
}

static int cell_of(const lw_route *rt, tw_vec2 p)
{
	int x = (int)(p.x / rt->cell), y = (int)(p.y / rt->cell);
	x = x < 0 ? 0 : (x >= rt->gx ? rt->gx - 1 : x);
	y = y < 0 ? 0 : (y >= rt->gy ? rt->gy - 1 : y);
	return y * rt->gx + x;
}

// ---- the distance transform ----

bool lw_route_plain = false;

// Chamfer distance transform from the enemy's free men, blocked by impassable cells.
//
// Forward sweeps (top row first, left to right) relax each passable cell from its left, upper,
// upper-left and upper-right neighbours; backward sweeps mirror that. Row by row: the three
// neighbours in the row already swept are taken first for the whole row, then the neighbour
// just swept in this row, in order. A minimum is exact whatever the order of its operands, so
// this gives bit for bit the values of relaxing the four neighbours cell by cell (the reference
// in tests/support/lw_oracles.c, compared in tests/test_fast_paths.c).
//
// A row relaxed in a direction stays relaxed until it or the row it is relaxed from changes:
// relaxing it again would find every cell already at most each of its candidates, and change
// nothing. So a row neither of which has changed since its last relaxation in this direction is
// skipped, exactly as if relaxed (row_changed, row_done: ticks of rt->tick).
//
// h9-route: each row relaxed in place, in two steps, four or eight cells at a time, bit for bit
// as before. (1) From the row before: row[x] = min(row[x], min(up[x] + a, min(up[x - 1],
// up[x + 1]) + b) + pen[x]). Float addition rounds monotonically, so min(p, q) + b is
// min(p + b, q + b) exactly; pen[x] is 0 for a passable cell (adding it changes nothing) and
// INFINITY for one that is not (the candidate is never below its value: it keeps it); each cell
// depends on the row before only, so any number at once. (2) Along the row, cell after cell as
// before, but the cells that change are found four or eight at a time (along_forward). A
// minimum is exact in any lanes; no step is fused or reassociated (-ffp-contract=off, and the
// intrinsics are single adds, minimums and comparisons). Compared with the cell-by-cell
// reference on game states and on made-up tables in tests/test_fast_paths.c.
#if ROUTE_AVX
// The tests of along_forward eight cells at once (AVX: the same additions and comparisons, eight
// lanes): from x, the first cell that changes, or where fewer than eight are left.
__attribute__((target("avx"))) static int scan8_forward(const float *t, const float *pen, int x, int gx, float a)
{
	const __m256 av = _mm256_set1_ps(a);
	while (x + 8 <= gx) {
		__m256 v = _mm256_add_ps(_mm256_add_ps(_mm256_loadu_ps(t + x - 1), av), _mm256_loadu_ps(pen + x));
		int m = _mm256_movemask_ps(_mm256_cmp_ps(v, _mm256_loadu_ps(t + x), _CMP_LT_OQ));
		if (m)
			return x + __builtin_ctz((unsigned)m);
		x += 8;
	}
	return x;
}

// The same for along_backward: from x down, the first cell that changes, or where fewer than
// eight are left.
__attribute__((target("avx"))) static int scan8_backward(const float *t, const float *pen, int x, float a)
{
	const __m256 av = _mm256_set1_ps(a);
	while (x - 7 >= 0) {
		__m256 v = _mm256_add_ps(_mm256_add_ps(_mm256_loadu_ps(t + x - 6), av), _mm256_loadu_ps(pen + x - 7));
		int m = _mm256_movemask_ps(_mm256_cmp_ps(v, _mm256_loadu_ps(t + x - 7), _CMP_LT_OQ));
		if (m)
			return x - 7 + (31 - __builtin_clz((unsigned)m));
		x -= 8;
	}
	return x;
}

// relax_from's cells from 1 eight at a time while a whole eight and the cell after are left;
// the next cell, and the change mask or-ed into *ch.
__attribute__((target("avx"))) static int relax_from8(float *restrict row, const float *restrict up,
						       const float *restrict pen, int gx, float a, float b, int *ch)
{
	const __m256 av = _mm256_set1_ps(a), bv = _mm256_set1_ps(b);
	__m256 chv = _mm256_setzero_ps();
	int x = 1;
	for (; x + 8 < gx; x += 8) {
		__m256 mv = _mm256_add_ps(_mm256_loadu_ps(up + x), av);
		__m256 uv = _mm256_min_ps(_mm256_loadu_ps(up + x - 1), _mm256_loadu_ps(up + x + 1));
		mv = _mm256_min_ps(_mm256_add_ps(uv, bv), mv);
		mv = _mm256_add_ps(mv, _mm256_loadu_ps(pen + x));
		__m256 rv = _mm256_loadu_ps(row + x);
		chv = _mm256_or_ps(chv, _mm256_cmp_ps(mv, rv, _CMP_LT_OQ));
		_mm256_storeu_ps(row + x, _mm256_min_ps(mv, rv));
	}
	*ch |= _mm256_movemask_ps(chv);
	return x;
}
#endif

// Along a row, forward: t[x] = min(t[x], (t[x - 1] + a) + pen[x]) at each x in turn from x = 1
// (a cell not passable, pen[x] = INFINITY, keeps its value); whether a cell changed. Which cells
// change is found four at a time: up to the first cell that changes, every cell's t[x - 1] is
// as it was, so the test of four cells at once is the test of each in turn. From the first of
// the four that changes, cell by cell while they change; the first that does not is left as it
// was, so from the cell after it the test four at a time is again the test of each in turn.
static bool along_forward(float *t, const float *pen, int gx, float a, bool wide)
{
	(void)wide;
	bool any = false;
	int x = 1;
#if defined(__SSE2__)
	const __m128 av = _mm_set1_ps(a);
	while (x + 4 <= gx) {
#if ROUTE_AVX
		if (wide) {
			x = scan8_forward(t, pen, x, gx, a);
			if (x + 4 > gx)
				break;
		}
#endif
		__m128 v = _mm_add_ps(_mm_add_ps(_mm_loadu_ps(t + x - 1), av), _mm_loadu_ps(pen + x));
		int m = _mm_movemask_ps(_mm_cmplt_ps(v, _mm_loadu_ps(t + x)));
		if (!m) {
			x += 4;
			continue;
		}
		x += __builtin_ctz((unsigned)m);
		any = true;
		float w;
		while (x < gx && (w = (t[x - 1] + a) + pen[x]) < t[x])
			t[x++] = w;
		x++;
	}
#endif
	for (; x < gx; x++) {
		float w = (t[x - 1] + a) + pen[x];
		if (w < t[x]) {
			t[x] = w;
			any = true;
		}
	}
	return any;
}

// The same backward: t[x] = min(t[x], (t[x + 1] + a) + pen[x]) from x = gx - 2 down.
static bool along_backward(float *t, const float *pen, int gx, float a, bool wide)
{
	(void)wide;
	bool any = false;
	int x = gx - 2;
#if defined(__SSE2__)
	const __m128 av = _mm_set1_ps(a);
	while (x - 3 >= 0) {
#if ROUTE_AVX
		if (wide) {
			x = scan8_backward(t, pen, x, a);
			if (x - 3 < 0)
				break;
		}
#endif
		__m128 v = _mm_add_ps(_mm_add_ps(_mm_loadu_ps(t + x - 2), av), _mm_loadu_ps(pen + x - 3));
		int m = _mm_movemask_ps(_mm_cmplt_ps(v, _mm_loadu_ps(t + x - 3)));
		if (!m) {
			x -= 4;
			continue;
		}
		x = x - 3 + (31 - __builtin_clz((unsigned)m));
		any = true;
		float w;
		while (x >= 0 && (w = (t[x + 1] + a) + pen[x]) < t[x])
			t[x--] = w;
		x--;
	}
#endif
	for (; x >= 0; x--) {
		float w = (t[x + 1] + a) + pen[x];
		if (w < t[x]) {
			t[x] = w;
			any = true;
		}
	}
	return any;
}

// The three candidates from the row relaxed from (up), in place: row[x] = min(row[x],
// min(up[x] + a, min(up[x - 1], up[x + 1]) + b) + pen[x]); whether a cell changed.
static bool relax_from(float *restrict row, const float *restrict up, const float *restrict pen, int gx, float a,
		       float b, bool wide)
{
	(void)wide;
	if (gx == 1) {
		float m = (up[0] + a) + pen[0];
		bool ch = m < row[0];
		row[0] = ch ? m : row[0];
		return ch;
	}
	int ch = 0;
	float m = up[0] + a, v = up[1] + b, r = row[0];
	m = v < m ? v : m;
	m = m + pen[0];
	ch |= m < r;
	row[0] = m < r ? m : r;
	int x = 1;
#if ROUTE_AVX
	if (wide)
		x = relax_from8(row, up, pen, gx, a, b, &ch);
#endif
#if defined(__SSE2__)
	const __m128 av = _mm_set1_ps(a), bv = _mm_set1_ps(b);
	__m128 chv = _mm_setzero_ps();
	for (; x + 4 < gx; x += 4) {
		__m128 mv = _mm_add_ps(_mm_loadu_ps(up + x), av);
		__m128 uv = _mm_min_ps(_mm_loadu_ps(up + x - 1), _mm_loadu_ps(up + x + 1));
		mv = _mm_min_ps(_mm_add_ps(uv, bv), mv);
		mv = _mm_add_ps(mv, _mm_loadu_ps(pen + x));
		__m128 rv = _mm_loadu_ps(row + x);
		chv = _mm_or_ps(chv, _mm_cmplt_ps(mv, rv));
		_mm_storeu_ps(row + x, _mm_min_ps(mv, rv));
	}
	ch |= _mm_movemask_ps(chv);
#endif
	for (; x + 1 < gx; x++) {
		float mx = up[x] + a;
		float u = up[x - 1] < up[x + 1] ? up[x - 1] : up[x + 1];
		float vx = u + b;
		mx = vx < mx ? vx : mx;
		mx = mx + pen[x];
		float rx = row[x];
		ch |= mx < rx;
		row[x] = mx < rx ? mx : rx;
	}
	m = up[gx - 1] + a;
	v = up[gx - 2] + b;
	r = row[gx - 1];
	m = v < m ? v : m;
	m = m + pen[gx - 1];
	ch |= m < r;
	row[gx - 1] = m < r ? m : r;
	return ch != 0;
}

static bool sweep_rows(lw_route *rt, float a, float b, bool backward, bool wide)
{
	const int gx = rt->gx, gy = rt->gy;
	bool changed = false;
	const bool track = gy <= 256;
	const int dir = backward ? 1 : 0;
	for (int yy = 0; yy < gy; yy++) {
		int y = backward ? gy - 1 - yy : yy;
		int prev_y = backward ? y + 1 : y - 1;
		if (track && rt->row_changed[y] <= rt->row_done[dir][y] &&
		    (prev_y < 0 || prev_y >= gy || rt->row_changed[prev_y] <= rt->row_done[dir][y]))
			continue;
		// s25-speed: a row all INFINITY relaxed from none or from a row all INFINITY stays as it
		// is (INFINITY plus a cell is INFINITY): relaxed without looking, as unchanged.
		if (track && rt->row_inf[y] && (prev_y < 0 || prev_y >= gy || rt->row_inf[prev_y]) && !lw_route_plain) {
			rt->row_done[dir][y] = rt->tick;
			continue;
		}
		float *row = &rt->dist[y * gx];
		const float *pen = &rt->pen[y * gx];
		// h9-route: the two steps apart. The step from the row before only when that row has
		// changed since this row's last relaxation in this direction (else each cell is still at
		// most each of those candidates); the step along the row only when the row has changed
		// since then or the first step changed it (else each cell is still at most the one
		// before it plus a step, as that relaxation left it). lw_route_plain: both always.
		const bool every = !track || lw_route_plain;
		bool row_changed = false;
		if (prev_y >= 0 && prev_y < gy && (every || rt->row_changed[prev_y] > rt->row_done[dir][y]))
			row_changed = relax_from(row, &rt->dist[prev_y * gx], pen, gx, a, b, wide);
		if (every || row_changed || rt->row_changed[y] > rt->row_done[dir][y]) {
			if (!backward)
				row_changed = along_forward(row, pen, gx, a, wide) || row_changed;
			else
				row_changed = along_backward(row, pen, gx, a, wide) || row_changed;
		}
		if (track) {
			if (row_changed) {
				rt->row_changed[y] = ++rt->tick;
				rt->row_inf[y] = 0;
			}
			rt->row_done[dir][y] = rt->tick;
		}
		changed = changed || row_changed;
	}
	return changed;
}

lw_route *lw_route_new(void)
{
	lw_route *rt = tw_malloc(sizeof *rt);
	if (!rt)
		return NULL;
	rt->gx = rt->gy = 0;
	rt->cell = 0;
	rt->tick = 0;
	memset(rt->row_changed, 0, sizeof rt->row_changed);
	memset(rt->row_done, 0, sizeof rt->row_done);
	memset(rt->row_inf, 0, sizeof rt->row_inf);
	return rt;
}

void lw_route_sources(const tw_state *s, lw_route *rt, int side)
{
	if (rt->gx == 0) {
		build_pass(s, rt);
		for (int i = 0; i < rt->gx * rt->gy; i++)
			rt->pen[i] = rt->pass[i] ? 0.0f : INFINITY;
	}
	int n = rt->gx * rt->gy;
	for (int i = 0; i < n; i++)
		rt->dist[i] = INFINITY;
	memset(rt->row_inf, 1, sizeof rt->row_inf); // s25-speed: the rows with no source
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side && lw_is_free(f) && f->pos.x >= 0 && f->pos.y >= 0 &&
		    f->pos.y <= s->table.depth) {
			int c = cell_of(rt, f->pos);
			rt->dist[c] = 0;
			if (c / rt->gx < 256)
				rt->row_inf[c / rt->gx] = 0;
		}
	}
}

void lw_route_build(const tw_state *s, lw_route *rt, int side)
{
	lw_route_sources(s, rt, side);
	// Every row new: changed after any relaxation.
	rt->tick = 1;
	for (int y = 0; y < 256; y++) {
		rt->row_changed[y] = 1;
		rt->row_done[0][y] = rt->row_done[1][y] = 0;
	}

	const float a = (float)rt->cell, b = (float)(rt->cell * 1.41421356);
	// Eight cells at once where the machine has AVX, four (SSE2) where not, and under
	// lw_route_plain (so the tests compare the two).
#if ROUTE_AVX
	const bool wide = !lw_route_plain && __builtin_cpu_supports("avx");
#else
	const bool wide = false;
#endif
	for (int pass = 0; pass < 40; pass++) {
		bool changed = sweep_rows(rt, a, b, false, wide);
		changed = sweep_rows(rt, a, b, true, wide) || changed;
		if (!changed)
			break;
	}
}

// ---- reading the field ----

double lw_route_dist(const lw_route *rt, tw_vec2 p)
{
	float d = rt->dist[cell_of(rt, p)];
	return isinf(d) ? 1e6 : (double)d;
}

tw_vec2 lw_route_step(const tw_state *s, const lw_route *rt, tw_vec2 c, double len)
{
	int i = cell_of(rt, c);
	tw_vec2 best = c;
	for (int step = 0; step < 64; step++) {
		int x = i % rt->gx, y = i / rt->gx, next = i;
		for (int dy = -1; dy <= 1; dy++)
			for (int dx = -1; dx <= 1; dx++) {
				int nx = x + dx, ny = y + dy;
				if ((dx || dy) && nx >= 0 && ny >= 0 && nx < rt->gx && ny < rt->gy &&
				    rt->dist[ny * rt->gx + nx] < rt->dist[next])
					next = ny * rt->gx + nx;
			}
		if (next == i)
			break;
		i = next;
		tw_vec2 p = tw_v2((i % rt->gx + 0.5) * rt->cell, (i / rt->gx + 0.5) * rt->cell);
		if (tw_dist(c, p) > len || lw_check_leg(s, c, p, NULL) != TW_OK)
			break;
		best = p;
	}
	return best;
}
