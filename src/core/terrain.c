// Terrain pieces and table queries (ground height, water, solidity).
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "record_internal.h"
#include "tinwar/terrain.h"

static const char *const kind_names[TW_TER_KIND_COUNT] = {
	"hill", "house", "wall", "tree", "wood", "rock", "river", "ford", "bridge", "road", "swamp",
	"barricade", "ditch", // issue 16
};

const char *tw_terrain_kind_name(tw_terrain_kind k)
{
	return (unsigned)k < TW_TER_KIND_COUNT ? kind_names[k] : "?";
}

int tw_terrain_kind_from_name(const char *name)
{
	for (int i = 0; i < TW_TER_KIND_COUNT; i++)
		if (strcmp(kind_names[i], name) == 0)
			return i;
	return -1;
}

void tw_terrain_finish(tw_terrain *t)
{
	t->blocks = t->pass == TW_PASS_NO || (t->pass == TW_PASS_KIND && tw_terrain_is_solid((tw_terrain_kind)t->kind));
	if (t->shape == TW_SHAPE_CIRCLE) {
		t->lo = tw_v2(t->center.x - t->radius, t->center.y - t->radius);
		t->hi = tw_v2(t->center.x + t->radius, t->center.y + t->radius);
		return;
	}
	t->lo = t->hi = t->nverts > 0 ? t->v[0] : tw_v2(0, 0);
	for (int i = 1; i < t->nverts; i++) {
		t->lo.x = fmin(t->lo.x, t->v[i].x);
		t->lo.y = fmin(t->lo.y, t->v[i].y);
		t->hi.x = fmax(t->hi.x, t->v[i].x);
		t->hi.y = fmax(t->hi.y, t->v[i].y);
	}
}

bool tw_terrain_contains(const tw_terrain *t, tw_vec2 p)
{
	if (p.x < t->lo.x || p.y < t->lo.y || p.x > t->hi.x || p.y > t->hi.y)
		return false;
	if (t->shape == TW_SHAPE_CIRCLE)
		return tw_dist(p, t->center) <= t->radius;
	return tw_point_in_poly(p, t->v, t->nverts);
}

double tw_terrain_distance(const tw_terrain *t, tw_vec2 p)
{
	if (t->shape == TW_SHAPE_CIRCLE)
		return fmax(0.0, tw_dist(p, t->center) - t->radius);
	if (tw_terrain_contains(t, p))
		return 0;
	return tw_dist_point_poly_edge(p, t->v, t->nverts);
}

bool tw_terrain_segment_may_hit(const tw_terrain *t, tw_vec2 a, tw_vec2 b)
{
	// Bounding boxes first, by plain comparisons (fmin/fmax are library calls without -ffast-math).
	if (tw_terrain_box_apart(t, a, b))
		return false;
	// Separating axis: the normal of ab. The box's centre and half extents along it; rounding
	// in these few products is some 1e-13 in at table sizes, the margin 1e-6 in.
	double nx = a.y - b.y, ny = b.x - a.x;
	double anx = nx < 0 ? -nx : nx, any = ny < 0 ? -ny : ny;
	double cx = 0.5 * (t->lo.x + t->hi.x), cy = 0.5 * (t->lo.y + t->hi.y);
	double hx = 0.5 * (t->hi.x - t->lo.x), hy = 0.5 * (t->hi.y - t->lo.y);
	double sc = nx * (cx - a.x) + ny * (cy - a.y);
	double reach = anx * hx + any * hy + (anx + any) * 1e-6;
	return !(sc > reach || sc < -reach);
}

bool tw_terrain_segment_hits(const tw_terrain *t, tw_vec2 a, tw_vec2 b)
{
	if (!tw_terrain_segment_may_hit(t, a, b))
		return false;
	if (t->shape == TW_SHAPE_CIRCLE)
		return tw_dist_point_segment(t->center, a, b) <= t->radius;
	if ((!tw_terrain_box_excludes(t, a) && tw_point_in_poly(a, t->v, t->nverts)) ||
	    (!tw_terrain_box_excludes(t, b) && tw_point_in_poly(b, t->v, t->nverts)))
		return true;
	for (int i = 0, j = t->nverts - 1; i < t->nverts; j = i++)
		if (tw_segments_intersect(a, b, t->v[j], t->v[i]))
			return true;
	return false;
}

double tw_table_ground(const tw_table *tb, tw_vec2 p)
{
	double z = 0;
	for (int i = 0; i < tb->nterrain; i++) {
		const tw_terrain *t = &tb->terrain[i];
		if (t->kind == TW_TER_HILL && tw_terrain_contains(t, p))
			z = fmax(z, t->z0 + t->height);
	}
	return z;
}

bool tw_table_is_water(const tw_table *tb, tw_vec2 p)
{
	bool water = false;
	for (int i = 0; i < tb->nterrain; i++) {
		const tw_terrain *t = &tb->terrain[i];
		if (t->kind == TW_TER_RIVER && tw_terrain_contains(t, p))
			water = true;
	}
	if (!water)
		return false;
	for (int i = 0; i < tb->nterrain; i++) {
		const tw_terrain *t = &tb->terrain[i];
		if ((t->kind == TW_TER_FORD || t->kind == TW_TER_BRIDGE) && tw_terrain_contains(t, p))
			return false;
	}
	return true;
}

int tw_table_add(tw_table *tb, const tw_terrain *t)
{
	if (tb->nterrain == tb->capterrain) {
		int cap = tb->capterrain ? tb->capterrain * 2 : 16;
		if (tb->recdef && tw_rec_grow(tb->recdef, &tb->rec, tb->capterrain, cap) != TW_OK)
			return -1;
		tw_terrain *v = tw_realloc(tb->terrain, (size_t)cap * sizeof *v);
		if (!v)
			return -1;
		tb->terrain = v;
		tb->capterrain = cap;
	}
	tb->terrain[tb->nterrain] = *t;
	tb->terrain[tb->nterrain].id = tb->nterrain; // ids are dense: a piece's id is its index
	tw_terrain_finish(&tb->terrain[tb->nterrain]);
	if (tb->recdef)
		tw_rec_defaults(tb->recdef, tb->rec + (size_t)tb->nterrain * tb->recdef->size);
	return tb->nterrain++;
}

void tw_table_free(tw_table *tb)
{
	tw_free(tb->terrain);
	tw_free(tb->rec);
	tb->terrain = NULL;
	tb->rec = NULL;
	tb->nterrain = tb->capterrain = 0;
}

tw_status tw_table_copy(tw_table *dst, const tw_table *src)
{
	*dst = *src;
	dst->terrain = NULL;
	dst->rec = NULL;
	dst->capterrain = 0;
	if (src->nterrain || (src->recdef && src->rec)) {
		int cap = src->nterrain > 0 ? src->nterrain : 1;
		dst->terrain = tw_malloc((size_t)cap * sizeof *dst->terrain);
		if (!dst->terrain)
			return TW_ERR_NOMEM;
		if (src->nterrain)
			memcpy(dst->terrain, src->terrain, (size_t)src->nterrain * sizeof *dst->terrain);
		if (src->recdef && src->rec) {
			dst->rec = tw_malloc((size_t)cap * src->recdef->size);
			if (!dst->rec) {
				tw_free(dst->terrain);
				dst->terrain = NULL;
				return TW_ERR_NOMEM;
			}
			memcpy(dst->rec, src->rec, (size_t)src->nterrain * src->recdef->size);
		}
		dst->capterrain = cap;
	}
	return TW_OK;
}
