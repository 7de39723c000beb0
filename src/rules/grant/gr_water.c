// Water: fords that take whole moves to cross (GR.TERR.7) and barges on waterways (GR.MOVE.7).
#include <math.h>
#include <string.h>

#include "gr.h"

#define GR_STEP 0.25 // sampling step along a straight move, inches (as gr_move_cost)

static bool piece_at(const tw_state *s, int kind, tw_vec2 p)
{
	for (int t = 0; t < s->table.nterrain; t++)
		if (s->table.terrain[t].kind == kind && tw_terrain_contains(&s->table.terrain[t], p))
			return true;
	return false;
}

// GR.TERR.7: river water that a ford piece covers (a bridge carries troops over dry-shod).
bool gr_ford_water(const tw_state *s, tw_vec2 p)
{
	return piece_at(s, TW_TER_RIVER, p) && piece_at(s, TW_TER_FORD, p) && !piece_at(s, TW_TER_BRIDGE, p);
}

// GR.MOVE.7: a waterway is any river piece; a river piece whose name contains "canal" is a canal.
bool gr_waterway(const tw_state *s, tw_vec2 p) { return piece_at(s, TW_TER_RIVER, p); }

static bool canal_at(const tw_state *s, tw_vec2 p)
{
	for (int t = 0; t < s->table.nterrain; t++) {
		const tw_terrain *tr = &s->table.terrain[t];
		if (tr->kind == TW_TER_RIVER && strstr(tr->name, "canal") && tw_terrain_contains(tr, p))
			return true;
	}
	return false;
}

static bool wet(const tw_state *s, tw_vec2 p) { return tw_table_is_water(&s->table, p) || gr_ford_water(s, p); }

// GR.TERR.7: the straight move a -> b as a crossing at a ford. The water it passes must all be
// fordable; *before and *after get the cost of the dry going on either bank. Returns false
// (with *clause set) if a -> b is no ford crossing.
bool gr_ford_legs(const tw_state *s, int troop, int formation, tw_vec2 a, tw_vec2 b, double *before, double *after,
		  const char **clause)
{
	*clause = "GR.TERR.7";
	double len = tw_dist(a, b);
	int steps = (int)ceil(len / GR_STEP);
	if (steps < 2 || wet(s, a) || wet(s, b))
		return false;
	int i0 = -1, i1 = -1;
	for (int k = 1; k < steps; k++) {
		tw_vec2 p = tw_add(a, tw_scale(tw_sub(b, a), (double)k / steps));
		if (!wet(s, p))
			continue;
		if (!gr_ford_water(s, p))
			return false; // GR.TERR.7: not fordable here
		if (i1 >= 0 && i1 != k - 1)
			return false; // one stretch of water in one crossing
		if (i0 < 0)
			i0 = k;
		i1 = k;
	}
	if (i0 < 0)
		return false;
	tw_vec2 in = tw_add(a, tw_scale(tw_sub(b, a), (double)(i0 - 1) / steps));
	tw_vec2 out = tw_add(a, tw_scale(tw_sub(b, a), (double)(i1 + 1) / steps));
	const char *c1 = NULL, *c2 = NULL;
	*before = gr_move_cost(s, troop, formation, a, in, &c1);
	*after = gr_move_cost(s, troop, formation, out, b, &c2);
	if (c1 || c2) {
		*clause = c1 ? c1 : c2;
		return false;
	}
	*clause = NULL;
	return true;
}

// GR.MOVE.7: the rate of a barge going a -> b, or -1 (with *clause) if it would leave the water.
double gr_barge_rate(const tw_state *s, tw_vec2 a, tw_vec2 b, const char **clause)
{
	double len = tw_dist(a, b);
	int steps = (int)ceil(len / GR_STEP);
	bool canal = true;
	*clause = "GR.MOVE.7";
	for (int k = 0; k <= (steps < 1 ? 1 : steps); k++) {
		tw_vec2 p = steps < 1 ? a : tw_add(a, tw_scale(tw_sub(b, a), (double)k / steps));
		if (!gr_waterway(s, p))
			return -1; // barges move only on waterways
		canal &= canal_at(s, p);
	}
	*clause = NULL;
	int mode = canal ? TW_GR_MODE_CANAL
			 : tw_dot(tw_sub(b, a), tw_dir_deg(s->params[GRP_FLOW])) > 1e-9 ? TW_GR_MODE_DOWNSTREAM
											  : TW_GR_MODE_UPSTREAM;
	return tw_grant_move_rate(TW_GR_BARGE, mode);
}

bool gr_unit_crossing(const tw_state *s, const tw_unit *u) { return GRU(s, u)->xing >= s->move_no && GRU(s, u)->xing > 0; }

void gr_ford_set(tw_state *s, tw_figure *f, int end, tw_vec2 to)
{
	GRF(s, f)->xend = end;
	GRF(s, f)->xx = (int32_t)lround(to.x * GR_FIXED);
	GRF(s, f)->xy = (int32_t)lround(to.y * GR_FIXED);
}

static void clear_fig(tw_state *s, tw_figure *f) { GRF(s, f)->xend = GRF(s, f)->xx = GRF(s, f)->xy = 0; }

static bool retiring(const tw_state *s, const tw_unit *u)
{
	return GRU(s, u)->morale > 0 || (GRU(s, u)->flags & (GUF_WITHDRAW | GUF_RETIRE50 | GUF_BROKE | GUF_DISPERSED));
}

// GR.TERR.7: crossings that can no longer go on (the unit is fighting or retiring) are abandoned
// where the unit stands; with `land`, crossings due at the end of this move put the figures and
// guns on the far bank.
void gr_ford_update(tw_state *s, bool land, tw_events *ev)
{
	for (int i = 0; i < s->nunit; i++) {
		tw_unit *u = &s->unit[i];
		if (!GRU(s, u)->xing)
			continue;
		bool contact = false;
		for (int j = 0; j < s->nfig && !contact; j++)
			contact = s->fig[j].unit == u->id && s->fig[j].status == TW_FS_ACTIVE && gr_fig_in_contact(s, &s->fig[j]);
		if (contact || retiring(s, u)) {
			GRU(s, u)->xing = 0;
			for (int j = 0; j < s->nfig; j++)
				if (s->fig[j].unit == u->id)
					clear_fig(s, &s->fig[j]);
			for (int g = 0; g < s->ngun; g++)
				if (GRG(s, &s->gun[g])->unit == u->id && GRG(s, &s->gun[g])->xend)
					GRG(s, &s->gun[g])->xend = GRG(s, &s->gun[g])->xx = GRG(s, &s->gun[g])->xy = 0;
			tw_event *e = tw_events_push(ev, TW_EV_INFO, u->side, "GR.TERR.7");
			if (e) {
				e->a = u->id;
				tw_event_text(e, "%s abandons its crossing of the ford", u->name);
			}
		}
	}
	if (!land)
		return;
	for (int j = 0; j < s->nfig; j++) {
		tw_figure *f = &s->fig[j];
		if (!GRF(s, f)->xend || GRF(s, f)->xend > s->move_no)
			continue;
		if (f->status == TW_FS_ACTIVE) {
			f->pos = tw_v2(GRF(s, f)->xx / GR_FIXED, GRF(s, f)->xy / GR_FIXED);
			f->moved_in = s->move_no;
			tw_event *e = tw_events_push(ev, TW_EV_MOVE, f->side, "GR.TERR.7");
			if (e) {
				e->a = f->id;
				e->x = f->pos.x;
				e->y = f->pos.y;
				tw_event_text(e, "figure %d reaches the far bank", f->id);
			}
		}
		clear_fig(s, f);
	}
	for (int g = 0; g < s->ngun; g++) {
		tw_gun *gn = &s->gun[g];
		if (!GRG(s, gn)->xend || GRG(s, gn)->xend > s->move_no)
			continue;
		tw_vec2 to = tw_v2(GRG(s, gn)->xx / GR_FIXED, GRG(s, gn)->xy / GR_FIXED);
		gn->axle = to;
		GRG(s, gn)->xend = GRG(s, gn)->xx = GRG(s, gn)->xy = 0;
		tw_event *e = tw_events_push(ev, TW_EV_GUN_MOVE, gn->side, "GR.TERR.7");
		if (e) {
			e->a = gn->id;
			e->x = to.x;
			e->y = to.y;
			tw_event_text(e, "gun %d reaches the far bank", gn->id);
		}
	}
	for (int i = 0; i < s->nunit; i++)
		if (GRU(s, &s->unit[i])->xing && GRU(s, &s->unit[i])->xing <= s->move_no) {
			GRU(s, &s->unit[i])->xing = 0;
			tw_event *e = tw_events_push(ev, TW_EV_INFO, s->unit[i].side, "GR.TERR.7");
			if (e) {
				e->a = s->unit[i].id;
				tw_event_text(e, "%s has crossed the ford", s->unit[i].name);
			}
		}
}
