// Science versus Luck: a generated battle table (SV.BAT.6; SV.BAT.2 "simple, fairly open"):
// 1-2 hills, 2-3 soft-cover patches no more than 8" across, 1-2 walls 6-10" long and at most one
// building; nothing inside 6" of either short edge; cover (soft, walls, the building: hills are
// rolling ground, not cover) no more than 10% of the table. Every number from the generator given.
#include <math.h>

#include "sv.h"

#define EDGE 6.0 // SV.BAT.6: nothing inside 6" of either short edge
#define GAP 1.0  // pieces stand at least this far apart

static double unit_in(tw_rng *r, double lo, double hi)
{
	return lo + (hi - lo) * tw_rng_unit(r);
}

// Bounding boxes apart by GAP from every piece already placed, inside the band.
static bool fits(const tw_table *tb, const tw_terrain *t)
{
	tw_vec2 lo = t->lo, hi = t->hi;
	if (lo.x < 0 || hi.x > tb->width || lo.y < EDGE || hi.y > tb->depth - EDGE)
		return false;
	for (int i = 0; i < tb->nterrain; i++) {
		const tw_terrain *u = &tb->terrain[i];
		if (lo.x < u->hi.x + GAP && u->lo.x < hi.x + GAP && lo.y < u->hi.y + GAP && u->lo.y < hi.y + GAP)
			return false;
	}
	return true;
}

static void bounds(tw_terrain *t)
{
	if (t->shape == TW_SHAPE_CIRCLE) {
		t->lo = tw_v2(t->center.x - t->radius, t->center.y - t->radius);
		t->hi = tw_v2(t->center.x + t->radius, t->center.y + t->radius);
		return;
	}
	t->lo = t->hi = t->v[0];
	for (int i = 1; i < t->nverts; i++) {
		t->lo = tw_v2(fmin(t->lo.x, t->v[i].x), fmin(t->lo.y, t->v[i].y));
		t->hi = tw_v2(fmax(t->hi.x, t->v[i].x), fmax(t->hi.y, t->v[i].y));
	}
}

static void rect(tw_terrain *t, double x, double y, double w, double d)
{
	t->shape = TW_SHAPE_POLY;
	t->nverts = 4;
	t->v[0] = tw_v2(x, y), t->v[1] = tw_v2(x + w, y), t->v[2] = tw_v2(x + w, y + d), t->v[3] = tw_v2(x, y + d);
}

// sv-svweb: a wall or building is solid (SV.MOVE.5): none is laid on a figure or a gun already
// placed (within GAP of its bounding box); hills and soft patches may lie under them.
static bool on_a_piece_of_the_battle(const tw_state *s, const tw_terrain *t)
{
	if (t->kind == TW_TER_HILL || t->kind == TW_TER_WOOD)
		return false;
	for (int f = 0; f < s->nfig; f++) {
		tw_vec2 p = s->fig[f].pos;
		if (p.x > t->lo.x - GAP && p.x < t->hi.x + GAP && p.y > t->lo.y - GAP && p.y < t->hi.y + GAP)
			return true;
	}
	for (int k = 0; k < s->ngun; k++) {
		tw_vec2 p = s->gun[k].axle;
		if (p.x > t->lo.x - 2 * GAP && p.x < t->hi.x + 2 * GAP && p.y > t->lo.y - 2 * GAP && p.y < t->hi.y + 2 * GAP)
			return true;
	}
	return false;
}

// One piece of `kind`, placed at random where it fits (60 tries); its cover area, or -1.
static double place(const tw_state *s, tw_table *tb, tw_rng *r, int kind)
{
	for (int tries = 0; tries < 60; tries++) {
		tw_terrain t = {.kind = (uint8_t)kind, .height = 1};
		double area = 0;
		double x = unit_in(r, 0, tb->width), y = unit_in(r, EDGE, tb->depth - EDGE);
		switch (kind) {
		case TW_TER_HILL:
			t.shape = TW_SHAPE_CIRCLE, t.center = tw_v2(x, y), t.radius = unit_in(r, 4, 7);
			break;
		case TW_TER_WOOD:
			t.shape = TW_SHAPE_CIRCLE, t.center = tw_v2(x, y), t.radius = unit_in(r, 2, 4); // 8" across at most
			area = 3.14159265358979323846 * t.radius * t.radius;
			break;
		case TW_TER_WALL: {
			double len = unit_in(r, 6, 10);
			bool across = tw_rng_below(r, 2) == 0;
			rect(&t, x, y, across ? len : 0.5, across ? 0.5 : len);
			t.height = 0.5;
			area = 0.5 * len;
			break;
		}
		default: { // TW_TER_HOUSE
			double w = unit_in(r, 3, 5), d = unit_in(r, 3, 5);
			rect(&t, x, y, w, d);
			t.height = 3;
			area = w * d;
			break;
		}
		}
		bounds(&t);
		if (!fits(tb, &t) || on_a_piece_of_the_battle(s, &t))
			continue;
		if (tw_table_add(tb, &t) < 0)
			return -1;
		return area;
	}
	return -1;
}

tw_status sv_generate_table(tw_state *s, tw_rng *r, tw_error *err)
{
	tw_table *tb = &s->table;
	if (tb->nterrain > 0)
		return tw_error_set(err, TW_ERR_INPUT, "SV.BAT.6", "the table already has terrain");
	if (tb->width < 24 || tb->depth < 36)
		return tw_error_set(err, TW_ERR_INPUT, "SV.BAT.6", "the table is too small to generate (%.0f x %.0f)", tb->width,
				    tb->depth);
	const double budget = 0.10 * tb->width * tb->depth;
	int hills = 1 + (int)tw_rng_below(r, 2), soft = 2 + (int)tw_rng_below(r, 2), walls = 1 + (int)tw_rng_below(r, 2),
	    house = (int)tw_rng_below(r, 2);
	const int kinds[] = {TW_TER_HILL, TW_TER_WOOD, TW_TER_WALL, TW_TER_HOUSE};
	const int counts[] = {hills, soft, walls, house}, least[] = {1, 2, 1, 0};
	double cover = 0;
	for (int k = 0; k < 4; k++)
		for (int i = 0; i < counts[k]; i++) {
			int before = tb->nterrain;
			double a = place(s, tb, r, kinds[k]);
			if (a >= 0 && cover + a > budget) { // over the 10%: take it off again
				tb->nterrain = before;
				a = -1;
			}
			if (a < 0) {
				if (i < least[k]) {
					tb->nterrain = 0;
					return tw_error_set(err, TW_ERR_INPUT, "SV.BAT.6", "no room for the table's terrain");
				}
				break;
			}
			cover += a;
		}
	return TW_OK;
}
