// Nikolas Lloyd's skirmish suite: a body's move that splits round an obstacle (IN.ACT.3, ll-fin).
// Our moves are straight lines, so a body "goes round" an obstacle when the piece lies ahead of
// it (between where the body starts and where it ends, along its mean direction) and some movers'
// paths pass it on the left and others on the right. The shared end point is the centre of the
// movers' destinations. By the catalogue's reading the move is one action only if every mover can
// see that point from where he starts (terrain that blocks sight: solid pieces and woods; a stump
// or a rock is small enough to see past, a house is not); otherwise each branch is an action of
// its own and the order is refused, naming the obstacle and the man who cannot see.
#include "ll.h"

static bool obstacle(const tw_terrain *t)
{
	return tw_terrain_impassable(t) || tw_terrain_is_solid((tw_terrain_kind)t->kind) ||
	       t->kind == TW_TER_WOOD;
}

static bool sees_point(const tw_state *s, tw_vec2 a, tw_vec2 b)
{
	for (int t = 0; t < s->table.nterrain; t++) {
		const tw_terrain *tr = &s->table.terrain[t];
		if (ll_ter_blocks_sight(tr) && tw_terrain_segment_hits(tr, a, b)) // issue 16: not a barricade
			return false;
	}
	return true;
}

int ll_in_split_round(const tw_state *s, const tw_order *o, tw_vec2 *meet)
{
	if (o->nfig < 2 || !o->has_at)
		return -1;
	tw_vec2 a = {0, 0}, b = {0, 0};
	for (int i = 0; i < o->nfig; i++) {
		a = tw_add(a, s->fig[o->fig[i]].pos);
		b = tw_add(b, o->at[i]);
	}
	a = tw_scale(a, 1.0 / o->nfig);
	b = tw_scale(b, 1.0 / o->nfig);
	tw_vec2 d = tw_sub(b, a);
	double dd = d.x * d.x + d.y * d.y;
	if (dd < LL_EPS)
		return -1;
	*meet = b;
	for (int t = 0; t < s->table.nterrain; t++) {
		const tw_terrain *tr = &s->table.terrain[t];
		if (!obstacle(tr))
			continue;
		tw_vec2 c = tw_scale(tw_add(tr->lo, tr->hi), 0.5);
		double u = ((c.x - a.x) * d.x + (c.y - a.y) * d.y) / dd;
		if (u <= 0 || u >= 1)
			continue; // not between the body and where it goes
		bool left = false, right = false;
		for (int i = 0; i < o->nfig; i++) {
			tw_vec2 p = s->fig[o->fig[i]].pos, q = tw_sub(o->at[i], p), r = tw_sub(c, p);
			double cross = q.x * r.y - q.y * r.x;
			left |= cross > LL_EPS;
			right |= cross < -LL_EPS;
		}
		if (left && right)
			return t;
	}
	return -1;
}

tw_status ll_in_validate_split(const tw_state *s, const tw_order *o, tw_error *err)
{
	tw_vec2 meet;
	int t = ll_in_split_round(s, o, &meet);
	if (t < 0)
		return TW_OK;
	for (int i = 0; i < o->nfig; i++)
		if (!sees_point(s, s->fig[o->fig[i]].pos, meet))
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.3",
			                    "the body splits round terrain piece %d and figure %d cannot see "
			                    "where it meets (%.2f, %.2f): "
			                    "each branch is an action of its own",
			                    t, o->fig[i], meet.x, meet.y);
	return TW_OK;
}
