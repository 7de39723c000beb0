// Little Wars: a random Country (LW.C.4, LW.C.9) and ready-made forces (LW.FOR.1, 3, 5).
//
// The generator draws from its own generator (seeded from a sub-stream of `seed`), so the
// same seed always builds the same Country and forces. Pieces are placed by rejection:
// each candidate is tested against every piece already down with a per-kind gap table,
// against the back-line margins (room to put down, LW.MV.2) and against the open centre
// (LW.C.9: the guns need some open ground). A candidate that cannot be placed after a
// bounded number of tries is left out, so generation always ends.
#include <math.h>
#include "tinwar/detmath.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw.h"

/// No terrain within this many inches of either back line, so both sides can put down.
#define LW_GEN_BACK_CLEAR 8.0
/// Nothing is placed within this many inches of the table's side edges.
#define LW_GEN_EDGE_CLEAR 1.0
/// LW.C.9: half-extent of the open centre, as fractions of the table's width and depth.
#define LW_GEN_CENTRE_FX 0.10
#define LW_GEN_CENTRE_FY 0.12
/// Candidates tried per piece before it is left out.
#define LW_GEN_TRIES 300
/// Reference table (the Hook's Farm floor, 12 x 8 ft): counts scale with area against it.
#define LW_GEN_REF_W 144.0
#define LW_GEN_REF_D 96.0
/// Smallest and largest table the generator accepts, inches.
#define LW_GEN_MIN_SIZE 36.0
#define LW_GEN_MAX_SIZE 4800.0 ///< 400 ft: the scale bench's 2400 men a side on 4608 in (issue 18)
/// LW.BIG.9: the railway's half-width (a toy line on its sleepers), inches.
#define LW_GEN_RAIL_HW 1.0

/// Where a suggested figure stands, measured from his own back line (LW.MV.2), inches.
#define LW_GEN_INF_ROW0 0.4  ///< first infantry row
#define LW_GEN_INF_DROW 0.8  ///< infantry row spacing (0.6 in base + 0.2 in gap)
#define LW_GEN_INF_ROWS 3
#define LW_GEN_INF_STEP 0.8  ///< infantry spacing along a row
#define LW_GEN_CAV_ROW 3.3   ///< cavalry row (base 2.8..3.8 in from the line)
#define LW_GEN_CAV_STEP 1.2  ///< cavalry spacing along the row
#define LW_GEN_GUN_AXLE 3.5  ///< gun axle; the trail end is 0.5 in from the line

/// LW.FOR.5: one size for every man in a game (the standard ~2 in British infantry, §16).
#define LW_INF_RADIUS 0.3
#define LW_INF_HEIGHT 2.0
#define LW_CAV_RADIUS 0.5
#define LW_CAV_HEIGHT 2.6

typedef struct lw_gen {
	tw_state *s;
	tw_rng r;        ///< the Country's own generator
	double w, d;     ///< table, inches
	double scale;    ///< table area / reference area
	tw_terrain centre; ///< the open centre (LW.C.9), a rectangle used only for tests of overlap
	bool big;        ///< LW.BIG: a large Country: always a river, a railway and supply lines
} lw_gen;

static double urand(lw_gen *g, double lo, double hi) { return lo + (hi - lo) * tw_rng_unit(&g->r); }
static int irand(lw_gen *g, int lo, int hi) { return lo + (int)tw_rng_below(&g->r, (uint32_t)(hi - lo + 1)); }

/// A count scaled with table area, at least `min`.
static int scaled(const lw_gen *g, double n, int min)
{
	int k = (int)lround(n * g->scale);
	return k < min ? min : k;
}

// ---- shapes ----

static void shape_rect(tw_terrain *t, int kind, tw_vec2 c, double hx, double hy, double angle_deg)
{
	memset(t, 0, sizeof *t);
	t->kind = (uint8_t)kind;
	t->shape = TW_SHAPE_POLY;
	t->nverts = 4;
	double a = angle_deg * M_PI / 180.0, ca = tw_cos(a), sa = tw_sin(a);
	const double sx[4] = {-1, 1, 1, -1}, sy[4] = {-1, -1, 1, 1};
	for (int i = 0; i < 4; i++) {
		double x = sx[i] * hx, y = sy[i] * hy;
		t->v[i] = tw_v2(c.x + x * ca - y * sa, c.y + x * sa + y * ca);
	}
	tw_terrain_finish(t);
}

/// A star-shaped blob about c: n vertices at increasing angles, radii jittered by +-jit.
/// Scaling its radii by k < 1 about c gives a blob inside it (hill layers stack this way).
static void shape_blob(lw_gen *g, tw_terrain *t, int kind, tw_vec2 c, double rx, double ry, int n, double jit)
{
	memset(t, 0, sizeof *t);
	t->kind = (uint8_t)kind;
	t->shape = TW_SHAPE_POLY;
	t->nverts = (int16_t)n;
	double a0 = urand(g, 0, 2 * M_PI / n);
	for (int i = 0; i < n; i++) {
		double a = a0 + 2 * M_PI * i / n;
		double k = 1.0 + urand(g, -jit, jit);
		t->v[i] = tw_v2(c.x + rx * k * tw_cos(a), c.y + ry * k * tw_sin(a));
	}
	tw_terrain_finish(t);
}

static void shape_circle(tw_terrain *t, int kind, tw_vec2 c, double r)
{
	memset(t, 0, sizeof *t);
	t->kind = (uint8_t)kind;
	t->shape = TW_SHAPE_CIRCLE;
	t->center = c;
	t->radius = r;
	tw_terrain_finish(t);
}

/// A strip of half-width hw along a centreline whose x increases (roads, rivers): the upper
/// edge left to right, then the lower edge right to left. n <= TW_MAX_VERTS / 2.
static void shape_strip(tw_terrain *t, int kind, const tw_vec2 *line, int n, double hw)
{
	memset(t, 0, sizeof *t);
	t->kind = (uint8_t)kind;
	t->shape = TW_SHAPE_POLY;
	t->nverts = (int16_t)(2 * n);
	for (int i = 0; i < n; i++) {
		t->v[i] = tw_v2(line[i].x, line[i].y + hw);
		t->v[2 * n - 1 - i] = tw_v2(line[i].x, line[i].y - hw);
	}
	tw_terrain_finish(t);
}

// ---- geometry between pieces ----

/// Gap between two footprints, inches (0 if they touch or overlap).
static double piece_gap(const tw_terrain *a, const tw_terrain *b)
{
	if (a->shape == TW_SHAPE_CIRCLE && b->shape == TW_SHAPE_CIRCLE)
		return fmax(0.0, tw_dist(a->center, b->center) - a->radius - b->radius);
	if (a->shape == TW_SHAPE_CIRCLE) {
		const tw_terrain *x = a;
		a = b;
		b = x;
	}
	if (b->shape == TW_SHAPE_CIRCLE)
		return fmax(0.0, tw_terrain_distance(a, b->center) - b->radius);
	for (int i = 0; i < a->nverts; i++)
		if (tw_terrain_contains(b, a->v[i]))
			return 0;
	for (int i = 0; i < b->nverts; i++)
		if (tw_terrain_contains(a, b->v[i]))
			return 0;
	double m = INFINITY;
	for (int i = 0, j = a->nverts - 1; i < a->nverts; j = i++)
		for (int k = 0, l = b->nverts - 1; k < b->nverts; l = k++) {
			if (tw_segments_intersect(a->v[j], a->v[i], b->v[l], b->v[k]))
				return 0;
			m = fmin(m, tw_dist_segment_segment(a->v[j], a->v[i], b->v[l], b->v[k]));
		}
	return m;
}

/// True if footprint `in` lies wholly inside polygon `out` (`out` must be a polygon).
static bool piece_within(const tw_terrain *in, const tw_terrain *out)
{
	if (in->shape == TW_SHAPE_CIRCLE)
		return tw_terrain_contains(out, in->center) &&
		       tw_dist_point_poly_edge(in->center, out->v, out->nverts) >= in->radius;
	for (int i = 0; i < in->nverts; i++)
		if (!tw_terrain_contains(out, in->v[i]))
			return false;
	for (int i = 0, j = in->nverts - 1; i < in->nverts; j = i++)
		for (int k = 0, l = out->nverts - 1; k < out->nverts; l = k++)
			if (tw_segments_intersect(in->v[j], in->v[i], out->v[l], out->v[k]))
				return false;
	return true;
}

static bool is_blocking(int kind)
{
	return tw_terrain_is_solid((tw_terrain_kind)kind) || kind == TW_TER_WOOD;
}

enum { GAP_FREE = -1, GAP_HILL = -2 };

/// Least gap between pieces of two kinds, inches; GAP_FREE = may overlap; GAP_HILL = a solid
/// piece must stand wholly on the hill layer or clear of it (LW.C.4: bricks on boards).
static double kind_gap(int a, int b)
{
	if (a > b) {
		int x = a;
		a = b;
		b = x;
	}
	bool sa = tw_terrain_is_solid((tw_terrain_kind)a), sb = tw_terrain_is_solid((tw_terrain_kind)b);
	if (a == TW_TER_TREE && b == TW_TER_TREE)
		return 2.0; // room to walk between trunks (LW.MOB.14: no wedging)
	if (sa && sb)
		return 2.5; // houses, walls, rocks: men must pass without being wedged (LW.MOB.14)
	if (a == TW_TER_HILL && (b == TW_TER_HOUSE || b == TW_TER_WALL || b == TW_TER_ROCK))
		return GAP_HILL;
	if (a == TW_TER_HILL && b == TW_TER_HILL)
		return 3.0;
	if ((a == TW_TER_HILL && (b == TW_TER_TREE || b == TW_TER_WOOD || b == TW_TER_ROAD)))
		return GAP_FREE;
	if (a == TW_TER_TREE && b == TW_TER_WOOD)
		return GAP_FREE; // trees stand in woods
	if (a == TW_TER_WOOD && b == TW_TER_WOOD)
		return 4.0;
	if (b == TW_TER_WOOD && sa)
		return 1.0;
	bool wa = a == TW_TER_RIVER || a == TW_TER_FORD || a == TW_TER_BRIDGE;
	bool wb = b == TW_TER_RIVER || b == TW_TER_FORD || b == TW_TER_BRIDGE;
	if (wa && wb)
		return GAP_FREE; // crossings are placed over the river on purpose
	if (wa || wb)
		return 1.0; // nothing else on or right at the water
	if (a == TW_TER_ROAD || b == TW_TER_ROAD) {
		if (a == TW_TER_ROAD && b == TW_TER_ROAD)
			return 4.0;
		return (sa || sb) ? 0.75 : GAP_FREE;
	}
	return 1.0;
}

/// Checks a candidate against the table, the margins, the open centre and every piece down.
static bool fits(const lw_gen *g, const tw_terrain *t)
{
	bool water_or_road = t->kind == TW_TER_RIVER || t->kind == TW_TER_ROAD;
	double ex = water_or_road ? 0.0 : LW_GEN_EDGE_CLEAR;
	if (t->lo.x < ex || t->hi.x > g->w - ex || t->lo.y < LW_GEN_BACK_CLEAR || t->hi.y > g->d - LW_GEN_BACK_CLEAR)
		return false;
	if (is_blocking(t->kind) && piece_gap(t, &g->centre) <= 0)
		return false;
	const tw_table *tb = &g->s->table;
	for (int i = 0; i < tb->nterrain; i++) {
		const tw_terrain *o = &tb->terrain[i];
		double need = kind_gap(t->kind, o->kind);
		if (need == GAP_FREE)
			continue;
		// quick reject on bounding boxes
		double m = need == GAP_HILL ? 0.5 : need;
		if (t->lo.x > o->hi.x + m || o->lo.x > t->hi.x + m || t->lo.y > o->hi.y + m || o->lo.y > t->hi.y + m)
			continue;
		if (need == GAP_HILL) {
			const tw_terrain *solid = t->kind == TW_TER_HILL ? o : t;
			const tw_terrain *hill = t->kind == TW_TER_HILL ? t : o;
			if (!piece_within(solid, hill) && piece_gap(solid, hill) < 0.5)
				return false;
			continue;
		}
		if (piece_gap(t, o) < need)
			return false;
	}
	return true;
}

/// Adds a piece (id = index). Pieces standing on a hill get z0 = the hill's top there.
static int put(lw_gen *g, tw_terrain *t, const char *name)
{
	tw_table *tb = &g->s->table;
	t->id = tb->nterrain;
	if (name)
		snprintf(t->name, sizeof t->name, "%s", name);
	if (t->kind != TW_TER_HILL && t->kind != TW_TER_RIVER && t->kind != TW_TER_FORD && t->kind != TW_TER_BRIDGE &&
	    t->kind != TW_TER_ROAD && t->kind != TW_TER_WOOD) {
		tw_vec2 c = t->shape == TW_SHAPE_CIRCLE ? t->center : tw_scale(tw_add(t->lo, t->hi), 0.5);
		t->z0 = tw_table_ground(tb, c);
	}
	return tw_table_add(tb, t);
}

/// The two draws are separate statements: as arguments of one call their order would be
/// unspecified (gcc drew y first, clang x), and a Country must be the same on every build.
/// y is drawn first, as the gcc builds always did, so earlier Countries keep their shape.
static tw_vec2 random_point(lw_gen *g, double margin)
{
	double y = urand(g, LW_GEN_BACK_CLEAR + margin, g->d - LW_GEN_BACK_CLEAR - margin);
	double x = urand(g, margin, g->w - margin);
	return tw_v2(x, y);
}

// ---- the pieces ----

/// River across the field (parallel to the back lines) with 2-3 crossings (LW.C.4 advisory,
/// LW.C.9: few fords give static cannonades, so never fewer than 2). Returns the river's y.
static tw_status gen_river(lw_gen *g, double *river_y)
{
	*river_y = -1;
	enum { N = 7 };
	double lo = LW_GEN_BACK_CLEAR + 10, hi = g->d - LW_GEN_BACK_CLEAR - 10;
	if (hi - lo < 4)
		return TW_OK;
	double y0 = urand(g, fmax(lo, 0.35 * g->d), fmin(hi, 0.65 * g->d));
	double hw = urand(g, 1.25, 2.0);
	tw_vec2 line[N];
	for (int i = 0; i < N; i++) {
		double y = y0 + urand(g, -0.05, 0.05) * g->d;
		line[i] = tw_v2(g->w * i / (N - 1), fmin(hi, fmax(lo, y)));
	}
	tw_terrain t;
	shape_strip(&t, TW_TER_RIVER, line, N, hw);
	if (put(g, &t, "river") < 0)
		return TW_ERR_NOMEM;
	*river_y = y0;
	int nx = g->w >= 120 ? irand(g, 2, 3) : 2;
	for (int k = 0; k < nx; k++) {
		double x = g->w * (k + 0.5) / nx + urand(g, -0.06, 0.06) * g->w;
		double half = urand(g, 2.5, 3.5);
		x = fmin(g->w - half - 1, fmax(half + 1, x));
		// y range of the river under the crossing (centreline is piecewise linear in x)
		double ylo = INFINITY, yhi = -INFINITY;
		for (int s = 0; s <= 8; s++) {
			double xs = x - half + 2 * half * s / 8.0;
			double f = xs / g->w * (N - 1);
			int i = (int)fmin(N - 2, fmax(0, floor(f)));
			double u = f - i;
			double yc = line[i].y + (line[i + 1].y - line[i].y) * u;
			ylo = fmin(ylo, yc - hw);
			yhi = fmax(yhi, yc + hw);
		}
		bool bridge = tw_rng_below(&g->r, 2) == 0;
		tw_terrain c;
		shape_rect(&c, bridge ? TW_TER_BRIDGE : TW_TER_FORD, tw_v2(x, (ylo + yhi) / 2), half,
			   (yhi - ylo) / 2 + 1.0, 0);
		c.height = bridge ? 0.5 : 0;
		if (put(g, &c, bridge ? "bridge" : "ford") < 0)
			return TW_ERR_NOMEM;
	}
	return TW_OK;
}

/// A road across the field from flank to flank (no effect in Little Wars; looks right).
static tw_status gen_road(lw_gen *g, const double *avoid_y, int navoid)
{
	enum { N = 7 };
	for (int tries = 0; tries < LW_GEN_TRIES / 10; tries++) {
		double y0 = urand(g, 0.25 * g->d, 0.75 * g->d);
		bool ok = true;
		for (int i = 0; i < navoid; i++)
			if (avoid_y[i] >= 0 && fabs(y0 - avoid_y[i]) < 14)
				ok = false;
		if (!ok)
			continue;
		tw_vec2 line[N];
		for (int i = 0; i < N; i++)
			line[i] = tw_v2(g->w * i / (N - 1), y0 + urand(g, -0.04, 0.04) * g->d);
		tw_terrain t;
		shape_strip(&t, TW_TER_ROAD, line, N, 1.25);
		if (!fits(g, &t))
			continue;
		return put(g, &t, "road") < 0 ? TW_ERR_NOMEM : TW_OK;
	}
	return TW_OK;
}

/// LW.BIG.9, LW.BIG.5: a large Country's railway, from back line to back line across the river
/// by a railway bridge, and each side's supply line, a road from the middle of its back line a
/// quarter of the way into the field (its waggons' road: LW.BIG.7). Laid before every other
/// piece but the river and the flank roads, so they are never crowded out. Pieces are named for what they are: the
/// railway is a road piece named "railway" (the table has no rail kind; a train keeps to it).
static tw_status gen_big_lines(lw_gen *g, double river_y)
{
	double rx = urand(g, 0.4, 0.6) * g->w;
	tw_terrain t;
	shape_rect(&t, TW_TER_ROAD, tw_v2(rx, g->d / 2), LW_GEN_RAIL_HW, g->d / 2, 0);
	if (put(g, &t, "railway") < 0)
		return TW_ERR_NOMEM;
	if (river_y >= 0) {
		// over the river's whole wiggle (gen_river: y0 +- 5% of the depth, 1.25-2 in wide)
		tw_terrain b;
		shape_rect(&b, TW_TER_BRIDGE, tw_v2(rx, river_y), LW_GEN_RAIL_HW + 0.5, 0.05 * g->d + 3.0, 0);
		b.height = 0.5;
		if (put(g, &b, "railway bridge") < 0)
			return TW_ERR_NOMEM;
	}
	for (int side = 0; side < 2; side++) {
		double x = urand(g, 0.2, 0.3) * g->w;
		if (side == 1)
			x = g->w - x;
		double len = 0.25 * g->d;
		double cy = side == 0 ? len / 2 : g->d - len / 2;
		shape_rect(&t, TW_TER_ROAD, tw_v2(x, cy), 1.25, len / 2, 0);
		if (put(g, &t, side == 0 ? "red supply line" : "blue supply line") < 0)
			return TW_ERR_NOMEM;
	}
	return TW_OK;
}

/// A gentle hill of 1-3 inch-thick boards (LW.C.4 advisory), one piece per layer.
static tw_status gen_hill(lw_gen *g)
{
	double s = fmin(1.5, sqrt(g->scale));
	for (int tries = 0; tries < LW_GEN_TRIES; tries++) {
		double rx = urand(g, 9, 15) * s, ry = urand(g, 7, 11) * s;
		tw_vec2 c = random_point(g, fmax(rx, ry));
		tw_terrain base;
		shape_blob(g, &base, TW_TER_HILL, c, rx, ry, 10, 0.15);
		base.height = 1;
		if (!fits(g, &base))
			continue;
		int layers = irand(g, 1, 3);
		tw_terrain layer = base;
		for (int k = 0; k < layers; k++) {
			double f = 1.0 - 0.3 * k; // each board smaller than the one below, same centre
			for (int i = 0; i < base.nverts; i++)
				layer.v[i] = tw_add(c, tw_scale(tw_sub(base.v[i], c), f));
			layer.z0 = k;
			layer.height = 1;
			layer.name[0] = 0;
			tw_terrain_finish(&layer);
			char name[32];
			snprintf(name, sizeof name, "hill layer %d", k + 1);
			if (put(g, &layer, name) < 0)
				return TW_ERR_NOMEM;
		}
		return TW_OK;
	}
	return TW_OK;
}

/// A church: nave with a tower at one end, one solid block (LW.C.4).
static tw_status gen_church(lw_gen *g)
{
	for (int tries = 0; tries < LW_GEN_TRIES; tries++) {
		double hl = urand(g, 5, 7), hw = urand(g, 2.5, 3.5), tw = urand(g, 1.5, 2.0);
		// the church stands on a flank, leaving the middle third to the farm and the guns
		double x = tw_rng_below(&g->r, 2) ? urand(g, 0.08, 0.33) * g->w : urand(g, 0.67, 0.92) * g->w;
		tw_vec2 c = tw_v2(x, urand(g, LW_GEN_BACK_CLEAR + 8, g->d - LW_GEN_BACK_CLEAR - 8));
		double a = tw_rng_below(&g->r, 2) ? 0 : 90; // sequenced: draws in a fixed order
		a += urand(g, -20, 20);
		double ar = a * M_PI / 180, ca = tw_cos(ar), sa = tw_sin(ar);
		// nave [-hl, hl] x [-hw, hw]; tower [-hl - 2tw, -hl] x [-tw, tw]
		const double px[8] = {-hl, hl, hl, -hl, -hl, -hl - 2 * tw, -hl - 2 * tw, -hl};
		const double py[8] = {-hw, -hw, hw, hw, tw, tw, -tw, -tw};
		tw_terrain t;
		memset(&t, 0, sizeof t);
		t.kind = TW_TER_HOUSE;
		t.shape = TW_SHAPE_POLY;
		t.nverts = 8;
		for (int i = 0; i < 8; i++)
			t.v[i] = tw_v2(c.x + px[i] * ca - py[i] * sa, c.y + px[i] * sa + py[i] * ca);
		t.height = urand(g, 6, 7);
		tw_terrain_finish(&t);
		if (!fits(g, &t))
			continue;
		return put(g, &t, "church") < 0 ? TW_ERR_NOMEM : TW_OK;
	}
	return TW_OK;
}

/// Houses and sheds: solid piles of bricks 3-7 in high, broad in proportion (LW.C.4).
static tw_status gen_houses(lw_gen *g, int n)
{
	static const char *const names[] = {"farmhouse", "cottage", "barn", "inn", "mill", "shed"};
	for (int k = 0; k < n; k++)
		for (int tries = 0; tries < LW_GEN_TRIES; tries++) {
			double hx = urand(g, 2, 4), hy = urand(g, 1.5, 3);
			tw_vec2 c = random_point(g, 5);
			double a = tw_rng_below(&g->r, 2) ? 0 : 90; // sequenced: draws in a fixed order
			a += urand(g, -15, 15);
			tw_terrain t;
			shape_rect(&t, TW_TER_HOUSE, c, hx, hy, a);
			t.height = 3 + 0.5 * irand(g, 0, 8); // 3..7 in, in half-inch bricks
			if (!fits(g, &t))
				continue;
			if (put(g, &t, names[k % TW_ARRAY_COUNT(names)]) < 0)
				return TW_ERR_NOMEM;
			break;
		}
	return TW_OK;
}

/// Brick walls: thin solid blocks a brick wide (LW.C.4).
static tw_status gen_walls(lw_gen *g, int n)
{
	for (int k = 0; k < n; k++)
		for (int tries = 0; tries < LW_GEN_TRIES; tries++) {
			double half = urand(g, 4, 8);
			tw_vec2 c = random_point(g, half + 1);
			tw_terrain t;
			shape_rect(&t, TW_TER_WALL, c, half, 0.375, urand(g, 0, 180));
			t.height = urand(g, 1.25, 2.0);
			if (!fits(g, &t))
				continue;
			if (put(g, &t, "wall") < 0)
				return TW_ERR_NOMEM;
			break;
		}
	return TW_OK;
}

/// One tree: a twig set in a bored hole (LW.C.4 advisory), a solid trunk circle.
static bool try_tree(lw_gen *g, tw_vec2 c, const char *name, int *err)
{
	tw_terrain t;
	shape_circle(&t, TW_TER_TREE, c, urand(g, 0.4, 0.6));
	t.height = urand(g, 6, 8);
	if (!fits(g, &t))
		return false;
	if (put(g, &t, name) < 0)
		*err = 1;
	return true;
}

/// Woods: an area that blocks sight, with trunks standing in it.
static tw_status gen_woods(lw_gen *g, int n)
{
	for (int k = 0; k < n; k++)
		for (int tries = 0; tries < LW_GEN_TRIES; tries++) {
			double rx = urand(g, 6, 10), ry = urand(g, 5, 8);
			tw_vec2 c = random_point(g, fmax(rx, ry) * 1.2);
			tw_terrain t;
			shape_blob(g, &t, TW_TER_WOOD, c, rx, ry, 9, 0.2);
			t.height = 6;
			if (!fits(g, &t))
				continue;
			int id = put(g, &t, "wood");
			if (id < 0)
				return TW_ERR_NOMEM;
			tw_terrain wood = g->s->table.terrain[id];
			int want = (int)lround(M_PI * rx * ry / 16.0), got = 0, oom = 0;
			for (int j = 0; j < want * 20 && got < want; j++) {
				double px = urand(g, wood.lo.x, wood.hi.x); // two statements: C leaves argument order open
				double py = urand(g, wood.lo.y, wood.hi.y);
				tw_vec2 p = tw_v2(px, py);
				if (!tw_terrain_contains(&wood, p) || tw_dist_point_poly_edge(p, wood.v, wood.nverts) < 0.8)
					continue;
				if (try_tree(g, p, "tree", &oom))
					got++;
				if (oom)
					return TW_ERR_NOMEM;
			}
			break;
		}
	return TW_OK;
}

static tw_status gen_lone_trees(lw_gen *g, int n)
{
	int oom = 0;
	for (int k = 0; k < n; k++)
		for (int tries = 0; tries < LW_GEN_TRIES; tries++) {
			if (try_tree(g, random_point(g, 1), "tree", &oom))
				break;
			if (oom)
				return TW_ERR_NOMEM;
		}
	return oom ? TW_ERR_NOMEM : TW_OK;
}

/// Garden stones for great rocks (LW.C.4 advisory).
static tw_status gen_rocks(lw_gen *g, int n)
{
	for (int k = 0; k < n; k++)
		for (int tries = 0; tries < LW_GEN_TRIES; tries++) {
			double r = urand(g, 0.8, 2.0);
			tw_terrain t;
			shape_circle(&t, TW_TER_ROCK, random_point(g, r + 1), r);
			t.height = urand(g, 0.8, 1.0) * r + 0.5;
			if (!fits(g, &t))
				continue;
			if (put(g, &t, "rock") < 0)
				return TW_ERR_NOMEM;
			break;
		}
	return TW_OK;
}

static tw_status gen_country(lw_gen *g)
{
	tw_status st = TW_OK;
	double avoid[3] = {-1, -1, -1};
	// LW.C.9: a river is optional; when there is one it has 2-3 crossings.
	// (the draw is made on a large Country too, so that an ordinary one keeps its shape)
	if (g->d >= 60 && (tw_rng_below(&g->r, 100) < 35 || g->big))
		st = gen_river(g, &avoid[0]);
	if (st == TW_OK)
		st = gen_road(g, avoid, 1);
	if (st == TW_OK && g->w >= 120 && tw_rng_below(&g->r, 2)) {
		const tw_table *tb = &g->s->table;
		for (int i = 0; i < tb->nterrain; i++)
			if (tb->terrain[i].kind == TW_TER_ROAD)
				avoid[1] = (tb->terrain[i].lo.y + tb->terrain[i].hi.y) / 2;
		st = gen_road(g, avoid, 2);
	}
	if (st == TW_OK && g->big) // after the roads, which it crosses on the level
		st = gen_big_lines(g, avoid[0]);
	int hills = scaled(g, 1.0 + 0.5 * tw_rng_below(&g->r, 2), 1);
	for (int i = 0; i < hills && st == TW_OK; i++)
		st = gen_hill(g);
	if (st == TW_OK)
		st = gen_church(g);
	// LW.C.9: err towards plenty of cover, without crowding the guns out of use.
	if (st == TW_OK)
		st = gen_houses(g, scaled(g, irand(g, 3, 5), 1));
	if (st == TW_OK)
		st = gen_walls(g, scaled(g, irand(g, 2, 4), 1));
	if (st == TW_OK)
		st = gen_woods(g, scaled(g, irand(g, 2, 3), 1));
	if (st == TW_OK)
		st = gen_lone_trees(g, scaled(g, irand(g, 3, 6), 1));
	if (st == TW_OK)
		st = gen_rocks(g, scaled(g, irand(g, 2, 4), 1));
	return st;
}

// ---- forces (LW.FOR.1, 3, 5) ----

typedef struct lw_slot {
	tw_vec2 p;
	bool used;
} lw_slot;

/// True if a man of radius r may be suggested at p: on the table, clear of every piece and
/// gun by 1/16 in (LW.MOB.14).
static bool slot_clear(const tw_state *s, tw_vec2 p, double r)
{
	if (p.x < r || p.x > s->table.width - r || p.y < r || p.y > s->table.depth - r)
		return false;
	double m = r + LW_CLEAR;
	for (int i = 0; i < s->table.nterrain; i++) {
		const tw_terrain *t = &s->table.terrain[i];
		if (p.x + m < t->lo.x || p.x - m > t->hi.x || p.y + m < t->lo.y || p.y - m > t->hi.y)
			continue; // bounding boxes apart
		if (tw_terrain_distance(t, p) < m)
			return false;
	}
	for (int i = 0; i < s->ngun; i++)
		if (tw_gun_distance(&s->gun[i], p) < r + 0.25) // wheels stand 0.25 in proud of the axle line
			return false;
	return true;
}

/// Takes the free slot nearest to x (ties: lowest index). Returns -1 if none.
static int take_slot(lw_slot *slot, int n, double x)
{
	int best = -1;
	double bd = INFINITY;
	for (int i = 0; i < n; i++)
		if (!slot[i].used && fabs(slot[i].p.x - x) < bd) {
			bd = fabs(slot[i].p.x - x);
			best = i;
		}
	if (best >= 0)
		slot[best].used = true;
	return best;
}

static tw_status add_man(tw_state *s, int side, int kind, tw_vec2 p, int unit)
{
	tw_figure f;
	memset(&f, 0, sizeof f);
	f.kind = (uint8_t)kind;
	f.side = (uint8_t)side;
	f.status = TW_FS_UNPLACED;
	f.unit = unit;
	f.pos = p;
	f.facing = side == 0 ? 0 : 180;
	f.radius = kind == TW_FK_CAVALRY ? LW_CAV_RADIUS : LW_INF_RADIUS;
	f.height = kind == TW_FK_CAVALRY ? LW_CAV_HEIGHT : LW_INF_HEIGHT;
	return tw_state_add_figure(s, &f) ? TW_OK : TW_ERR_NOMEM;
}

/// One side's ready-made force: `guns` groups, each a gun with its share of infantry and
/// cavalry (LW.FOR.3: small bodies to a gun), suggested along the side's own back line.
static tw_status gen_side_force(tw_state *s, int side, int inf, int cav, int guns)
{
	const tw_side *sd = &s->sides[side];
	double w = s->table.width;
	// guns first, so the men's slots keep clear of them
	int gun0 = s->ngun;
	for (int k = 0; k < guns; k++) {
		tw_gun g;
		memset(&g, 0, sizeof g);
		g.side = g.orig_side = (uint8_t)side;
		g.axle = tw_v2(w * (k + 0.5) / guns, sd->back_y + sd->forward * LW_GEN_GUN_AXLE);
		g.bearing = side == 0 ? 0 : 180; // at the enemy
		g.trail = 3.0;
		g.half_axle = 0.9;
		g.muzzle = 2.0;
		if (!tw_state_add_gun(s, &g))
			return TW_ERR_NOMEM;
	}
	int ninf = (int)(w / LW_GEN_INF_STEP) * LW_GEN_INF_ROWS, ncav = (int)(w / LW_GEN_CAV_STEP);
	lw_slot *islot = tw_malloc((size_t)(ninf + ncav) * sizeof *islot);
	if (!islot)
		return TW_ERR_NOMEM;
	lw_slot *cslot = islot + ninf;
	int ni = 0, nc = 0;
	tw_status st = TW_OK;
	for (int i = 0; i < ninf; i++) {
		int row = i % LW_GEN_INF_ROWS, col = i / LW_GEN_INF_ROWS;
		tw_vec2 p = tw_v2(LW_GEN_INF_STEP * (col + 0.5),
				  sd->back_y + sd->forward * (LW_GEN_INF_ROW0 + LW_GEN_INF_DROW * row));
		if (slot_clear(s, p, LW_INF_RADIUS))
			islot[ni++] = (lw_slot){p, false};
	}
	for (int i = 0; i < ncav; i++) {
		tw_vec2 p = tw_v2(LW_GEN_CAV_STEP * (i + 0.5), sd->back_y + sd->forward * LW_GEN_CAV_ROW);
		if (slot_clear(s, p, LW_CAV_RADIUS))
			cslot[nc++] = (lw_slot){p, false};
	}
	for (int k = 0; k < guns; k++) {
		tw_unit u;
		memset(&u, 0, sizeof u);
		u.side = (uint8_t)side;
		u.facing = side == 0 ? 0 : 180;
		snprintf(u.name, sizeof u.name, "%s %d", side == 0 ? "Red" : side == 1 ? "Blue" : "Side", k + 1);
		tw_unit *pu = tw_state_add_unit(s, &u);
		if (!pu) {
			st = TW_ERR_NOMEM;
			break;
		}
		int unit = pu->id;
		double x = s->gun[gun0 + k].axle.x;
		// shares: the first groups take the remainders, so totals are exact
		int gi = inf / guns + (k < inf % guns), gc = cav / guns + (k < cav % guns);
		for (int j = 0; j < gi + gc && st == TW_OK; j++) {
			bool horse = j >= gi;
			int i = horse ? take_slot(cslot, nc, x) : take_slot(islot, ni, x);
			if (i < 0)
				st = TW_ERR_INPUT;
			else
				st = add_man(s, side, horse ? TW_FK_CAVALRY : TW_FK_INFANTRY, horse ? cslot[i].p : islot[i].p,
					     unit);
		}
		if (st != TW_OK)
			break;
	}
	tw_free(islot);
	return st;
}

/// LW.FOR.3 sized to the table: the Hook's Farm strength (50 infantry, 25 cavalry, 3 guns)
/// on a 12 ft (144 in) front, i.e. a gun to every 4 ft with its small body of men.
static void force_size(double width, int *inf, int *cav, int *guns)
{
	double k = width / LW_GEN_REF_W;
	*guns = (int)lround(3.0 * k);
	if (*guns < 1)
		*guns = 1;
	if (*guns > 6)
		*guns = 6; // LW.FOR.3: an 18 ft field holds six guns a side
	*inf = (int)lround(50.0 * k);
	*cav = (int)lround(25.0 * k);
	if (*inf + *cav < 10)
		*inf = 10 - *cav; // LW.VAR.4: at least 10 men a side
}

tw_status lw_generate(tw_state *s, uint64_t seed, double width, double depth, tw_error *err)
{
	return lw_generate_country(s, seed, width, depth, false, err);
}

tw_status lw_generate_country(tw_state *s, uint64_t seed, double width, double depth, bool big, tw_error *err)
{
	if (!s)
		return tw_error_set(err, TW_ERR_INPUT, "", "no state to fill");
	if (s->fig || s->gun || s->unit || s->table.terrain)
		return tw_error_set(err, TW_ERR_INPUT, "", "lw_generate needs an empty state");
	if (!(width >= LW_GEN_MIN_SIZE && width <= LW_GEN_MAX_SIZE && depth >= LW_GEN_MIN_SIZE &&
	      depth <= LW_GEN_MAX_SIZE))
		return tw_error_set(err, TW_ERR_INPUT, "LW.C.3", "table must be %g..%g in each way (got %g x %g)",
				    LW_GEN_MIN_SIZE, LW_GEN_MAX_SIZE, width, depth);
	// LW.C.3: back lines along the two opposite edges; red attacks towards +y.
	tw_status st0 = tw_state_new_generated(s, "littlewars", seed, "country", width, depth, err);
	if (st0 != TW_OK)
		return st0;
	s->phase = LW_PH_TOSS;
	s->move_no = 0;
	s->mover = -1;
	LWG(s)->first = -1;
	s->winner = -1;

	lw_gen g;
	memset(&g, 0, sizeof g);
	g.s = s;
	g.w = width;
	g.d = depth;
	g.scale = width * depth / (LW_GEN_REF_W * LW_GEN_REF_D);
	g.big = big;
	tw_rng_seed(&g.r, tw_rng_derive(seed, 0x436f756e747279ull)); // "Country" sub-stream
	shape_rect(&g.centre, TW_TER_ROAD, tw_v2(width / 2, depth / 2), LW_GEN_CENTRE_FX * width,
		   LW_GEN_CENTRE_FY * depth, 0);

	tw_status st = gen_country(&g);
	int inf, cav, guns;
	// lw-box (issue 18): a large Country's forces by its longer side, so that one laid with the
	// armies at its short ends (30 ft deep, 20 ft front) is manned as one 30 ft wide.
	force_size(big ? fmax(width, depth) : width, &inf, &cav, &guns);
	// LW.FOR.1: equal in numbers and alike in composition.
	for (int side = 0; side < 2 && st == TW_OK; side++)
		st = gen_side_force(s, side, inf, cav, guns);
	if (st != TW_OK) {
		tw_state_free(s);
		if (st == TW_ERR_NOMEM)
			return tw_error_set(err, st, "", "out of memory building the Country");
		return tw_error_set(err, st, "LW.MV.2", "no room along the back line for the forces");
	}
	return TW_OK;
}
