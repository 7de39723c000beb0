// The general's visibility grid per gun (lw_gunvis.h). Why a cell's list is enough: every place p
// in a cell of side h lies within h/sqrt(2) of the cell's centre c, so every point of the sight
// line a-p lies within h/sqrt(2) of the line a-c. A piece whose bounding box, grown by
// r = h/sqrt(2) + 0.01 in, the line a-c does not meet (a separating axis: x, y or the normal of
// a-c, with a margin for rounding) stays more than 0.01 in from every line a-p; tw_los's
// seg_interval then refuses it (its box test or its separating-axis test along the normal of
// a-p, whose margin is 1e-6 in), so it can neither block nor add a wood's depth. tw_los over the
// remaining pieces in ascending order adds the same depths in the same order: the same answer.
#include <math.h>
#include <string.h>

#include "lw_gunvis.h"

#define GROW (LW_GUNVIS_CELL * 0.70711 + 0.01)
#define POOL_MAX (1 << 22)

static bool blocks_sight(const tw_terrain *t)
{
	return tw_terrain_is_solid((tw_terrain_kind)t->kind) || t->kind == TW_TER_HILL || t->kind == TW_TER_WOOD;
}

// False only when segment ac is clearly apart from the box [lo, hi] grown by r on every side.
static bool may_meet_grown(tw_vec2 lo, tw_vec2 hi, tw_vec2 a, tw_vec2 c, double r)
{
	double x0 = a.x < c.x ? a.x : c.x, x1 = a.x < c.x ? c.x : a.x;
	double y0 = a.y < c.y ? a.y : c.y, y1 = a.y < c.y ? c.y : a.y;
	if (x1 < lo.x - r || x0 > hi.x + r || y1 < lo.y - r || y0 > hi.y + r)
		return false;
	double nx = a.y - c.y, ny = c.x - a.x;
	double anx = nx < 0 ? -nx : nx, any = ny < 0 ? -ny : ny;
	double cx = 0.5 * (lo.x + hi.x), cy = 0.5 * (lo.y + hi.y);
	double hx = 0.5 * (hi.x - lo.x) + r, hy = 0.5 * (hi.y - lo.y) + r;
	double sc = nx * (cx - a.x) + ny * (cy - a.y);
	double reach = anx * hx + any * hy + (anx + any) * 1e-6;
	return !(sc > reach || sc < -reach);
}

// True only when every point of the square [lo, hi] lies inside hill piece t by more than 0.01 in,
// so that tw_terrain_contains finds each of them inside whatever the rounding (a circle: its
// corners within radius - 0.01 of the centre; a polygon: the square grown by 0.01 in has its
// corners inside and meets no edge).
static bool square_inside(const tw_terrain *t, tw_vec2 lo, tw_vec2 hi)
{
	const double e = 0.01;
	tw_vec2 k[4] = {{lo.x - e, lo.y - e}, {hi.x + e, lo.y - e}, {hi.x + e, hi.y + e}, {lo.x - e, hi.y + e}};
	for (int i = 0; i < 4; i++)
		if (k[i].x < t->lo.x || k[i].y < t->lo.y || k[i].x > t->hi.x || k[i].y > t->hi.y)
			return false;
	if (t->shape == TW_SHAPE_CIRCLE) {
		for (int i = 0; i < 4; i++)
			if (!(tw_dist(k[i], t->center) <= t->radius - 2 * e))
				return false;
		return true;
	}
	for (int i = 0; i < 4; i++)
		if (!tw_point_in_poly(k[i], t->v, t->nverts))
			return false;
	tw_vec2 glo = tw_v2(lo.x - e, lo.y - e), ghi = tw_v2(hi.x + e, hi.y + e);
	for (int i = 0, j = t->nverts - 1; i < t->nverts; j = i++)
		if (may_meet_grown(glo, ghi, t->v[j], t->v[i], 1e-6))
			return false;
	return true;
}

void lw_gunvis_clear(lw_gunvis *v)
{
	for (int i = 0; i < v->ngun; i++)
		v->gun[i].set = false;
	v->npool = 0;
}

void lw_gunvis_free(lw_gunvis *v)
{
	for (int i = 0; i < v->ngun; i++) {
		tw_free(v->gun[i].cell);
		tw_free(v->gun[i].pre);
	}
	tw_free(v->gun);
	tw_free(v->pool);
	memset(v, 0, sizeof *v);
}

// Gun gi's grid for a gun standing at a on tb; NULL without memory.
static lw_gunvis_gun *gun_for(lw_gunvis *v, const tw_table *tb, int gi, tw_vec2 a)
{
	if (gi >= v->ngun) {
		int n = gi + 1 > 2 * v->ngun ? gi + 1 : 2 * v->ngun;
		lw_gunvis_gun *g = tw_realloc(v->gun, (size_t)n * sizeof *g);
		if (!g)
			return NULL;
		memset(g + v->ngun, 0, (size_t)(n - v->ngun) * sizeof *g);
		v->gun = g;
		v->ngun = n;
	}
	lw_gunvis_gun *g = &v->gun[gi];
	if (g->set && memcmp(&g->axle, &a, sizeof a) == 0)
		return g;
	g->set = false;
	if (!isfinite(a.x) || !isfinite(a.y) || !(tb->width > 0) || !(tb->depth > 0) || tb->width > 1e6 || tb->depth > 1e6)
		return NULL;
	const double h = LW_GUNVIS_CELL;
	int mx = (int)floor(tb->width / h), my = (int)floor(tb->depth / h);
	int x0 = (int)floor((a.x - LW_GUNVIS_REACH) / h), x1 = (int)floor((a.x + LW_GUNVIS_REACH) / h);
	int y0 = (int)floor((a.y - LW_GUNVIS_REACH) / h), y1 = (int)floor((a.y + LW_GUNVIS_REACH) / h);
	x0 = x0 < 0 ? 0 : x0;
	y0 = y0 < 0 ? 0 : y0;
	x1 = x1 > mx ? mx : x1;
	y1 = y1 > my ? my : y1;
	if (x1 < x0 || y1 < y0)
		return NULL;
	int nx = x1 - x0 + 1, ny = y1 - y0 + 1;
	if (nx * ny > g->cap) {
		int32_t *c = tw_realloc(g->cell, (size_t)nx * (size_t)ny * sizeof *c);
		if (!c)
			return NULL;
		g->cell = c;
		g->cap = nx * ny;
	}
	if (tb->nterrain > g->cappre) {
		int32_t *p = tw_realloc(g->pre, (size_t)tb->nterrain * sizeof *p);
		if (!p)
			return NULL;
		g->pre = p;
		g->cappre = tb->nterrain;
	}
	// The pieces whose box meets the square of half side REACH + 2h + 1 round the gun: every
	// grown box a line from the gun to a centre in its window can meet.
	const double L = LW_GUNVIS_REACH + 2 * h + 1;
	g->npre = 0;
	for (int k = 0; k < tb->nterrain; k++) {
		const tw_terrain *t = &tb->terrain[k];
		if (!blocks_sight(t) || t->hi.x < a.x - L || t->lo.x > a.x + L || t->hi.y < a.y - L || t->lo.y > a.y + L)
			continue;
		if (t->kind == TW_TER_HILL && tw_terrain_contains(t, a))
			continue; // tw_los passes over a hill layer the gun stands on, whatever the target
		g->pre[g->npre++] = k;
	}
	memset(g->cell, 0xff, (size_t)nx * (size_t)ny * sizeof *g->cell);
	g->x0 = x0;
	g->y0 = y0;
	g->nx = nx;
	g->ny = ny;
	g->axle = a;
	g->set = true;
	return g;
}

// The start in the pool of the list for cell (ix, iy) of g, listed now if need be; -1 without memory.
static int32_t cell_list(lw_gunvis *v, const tw_table *tb, lw_gunvis_gun *g, int ix, int iy)
{
	int32_t *slot = &g->cell[(iy - g->y0) * g->nx + (ix - g->x0)];
	if (*slot >= 0)
		return *slot;
	if (v->npool + g->npre + 1 > v->cappool) {
		if (v->npool + g->npre + 1 > POOL_MAX) {
			lw_gunvis_clear(v); // every gun's cells forgotten: g is listed afresh by the caller
			return -2;
		}
		int n = v->cappool ? 2 * v->cappool : 4096;
		while (n < v->npool + g->npre + 1)
			n *= 2;
		int32_t *p = tw_realloc(v->pool, (size_t)n * sizeof *p);
		if (!p)
			return -1;
		v->pool = p;
		v->cappool = n;
	}
	const double h = LW_GUNVIS_CELL;
	tw_vec2 c = tw_v2((ix + 0.5) * h, (iy + 0.5) * h);
	tw_vec2 lo = tw_v2(ix * h, iy * h), hi = tw_v2((ix + 1) * h, (iy + 1) * h);
	int32_t start = v->npool, n = 0;
	for (int k = 0; k < g->npre; k++) {
		const tw_terrain *t = &tb->terrain[g->pre[k]];
		if (!may_meet_grown(t->lo, t->hi, g->axle, c, GROW))
			continue;
		if (t->kind == TW_TER_HILL && square_inside(t, lo, hi))
			continue; // and over a layer the target stands on, anywhere in the cell
		v->pool[start + 1 + n++] = g->pre[k];
	}
	v->pool[start] = n;
	v->npool += n + 1;
	v->cells++;
	if (n == 0)
		v->empty++;
	*slot = start;
	return start;
}

// The list for b's cell seen from gun gi at a: its start in the pool, or -1 (not served).
static int32_t find_list(lw_gunvis *v, const tw_table *tb, int gi, tw_vec2 a, tw_vec2 b)
{
	if (gi < 0 || !isfinite(b.x) || !isfinite(b.y) || b.x < 0 || b.y < 0 || b.x > tb->width || b.y > tb->depth)
		return -1;
	for (int tries = 0; tries < 2; tries++) {
		lw_gunvis_gun *g = gun_for(v, tb, gi, a);
		if (!g)
			return -1;
		int ix = (int)floor(b.x / LW_GUNVIS_CELL), iy = (int)floor(b.y / LW_GUNVIS_CELL);
		if (ix < g->x0 || ix >= g->x0 + g->nx || iy < g->y0 || iy >= g->y0 + g->ny)
			return -1;
		int32_t at = cell_list(v, tb, g, ix, iy);
		if (at != -2)
			return at;
	}
	return -1;
}

bool lw_gunvis_sight(lw_gunvis *v, lw_sight_memo *m, const tw_table *tb, int gi, tw_vec2 a, double za, tw_vec2 b,
		     double zb)
{
	v->asked++;
	int known = lw_sight_known(m, a, za, b, zb);
	if (known >= 0)
		return known;
	int32_t at = find_list(v, tb, gi, a, b);
	if (at < 0)
		return lw_sight(m, tb, a, za, b, zb);
	int n = v->pool[at];
	if (n == 0)
		return true; // no piece near any line from the gun into this cell
	return lw_sight_among(m, tb, a, za, b, zb, v->pool + at + 1, n);
}

int lw_gunvis_cell_list(lw_gunvis *v, const tw_table *tb, int gi, tw_vec2 a, tw_vec2 b, const int32_t **list)
{
	int32_t at = find_list(v, tb, gi, a, b);
	if (at < 0)
		return -1;
	*list = v->pool + at + 1;
	return v->pool[at];
}
