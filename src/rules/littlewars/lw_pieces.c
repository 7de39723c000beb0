// The boxes, trains and boats as front-ends see them (tw_ruleset.pieces): each side's lidded boxes
// (LW.BIG.2: the box is seen, not what it holds), its trains (LW.BIG.9/10: an engine and the
// trucks its load needs, in open trucks seen by all) and its boats (KS.FORM.1: the men aboard
// seen by all), read from the side records.
#include <math.h>
#include <string.h>

#include "lw_big.h"
#include "lw_boxes.h"

// The way a train at p points: along the longest edge of the railway piece it stands on, turned
// towards the enemy (the side's forward; +x when the line runs across the table). Without a
// railway under it: straight forward.
static double rail_bearing(const tw_state *s, int side, tw_vec2 p)
{
	double fwd = s->sides[side].forward < 0 ? -1 : 1;
	tw_vec2 dir = tw_v2(0, fwd);
	double best = 0;
	for (int i = 0; i < s->table.nterrain; i++) {
		const tw_terrain *t = &s->table.terrain[i];
		if ((strcmp(t->name, "railway") != 0 && strcmp(t->name, "railway bridge") != 0) ||
		    t->shape != TW_SHAPE_POLY || t->nverts < 2 || !tw_terrain_contains(t, p))
			continue;
		for (int k = 0; k < t->nverts; k++) {
			tw_vec2 e = tw_sub(t->v[(k + 1) % t->nverts], t->v[k]);
			if (tw_len(e) > best) {
				best = tw_len(e);
				dir = e;
			}
		}
	}
	double along = dir.y * fwd;
	if (along < -1e-9 || (fabs(along) <= 1e-9 && dir.x < 0))
		dir = tw_scale(dir, -1);
	return tw_bearing_deg(dir);
}

// The way a boat at p lies: along the nearest edge of the river piece it floats on, its bow
// towards +x (towards +y where that edge runs straight across). Without a river under it: forward.
static double river_bearing(const tw_state *s, int side, tw_vec2 p)
{
	tw_vec2 dir = tw_v2(0, s->sides[side].forward < 0 ? -1 : 1);
	double best = INFINITY;
	for (int i = 0; i < s->table.nterrain; i++) {
		const tw_terrain *t = &s->table.terrain[i];
		if (t->kind != TW_TER_RIVER || t->shape != TW_SHAPE_POLY || t->nverts < 2 || !tw_terrain_contains(t, p))
			continue;
		for (int k = 0; k < t->nverts; k++) {
			tw_vec2 a = t->v[k], b = t->v[(k + 1) % t->nverts];
			double d = tw_dist_point_segment(p, a, b);
			if (d < best && tw_len(tw_sub(b, a)) > 0) {
				best = d;
				dir = tw_sub(b, a);
			}
		}
	}
	if (dir.x < -1e-9 || (fabs(dir.x) <= 1e-9 && dir.y < 0))
		dir = tw_scale(dir, -1);
	return tw_bearing_deg(dir);
}

// Men of `side` off the table (status reserve) whose box (box = true) or train is k, by kind.
static void count_men(const tw_state *s, int side, bool box, int k, int32_t *men)
{
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side || f->status != TW_FS_RESERVE || f->kind >= TW_FK_COUNT)
			continue;
		if ((box ? LWF(s, f)->box : LWF(s, f)->train) == k)
			men[f->kind]++;
	}
}

int lw_pieces(const tw_state *s, int seat, tw_piece *out, int max)
{
	int n = 0;
	for (int side = 0; side < s->nsides && side < TW_MAX_SIDES; side++) {
		const lw_side *sd = LWS(s, side);
		// LW.BIG.2: an enemy sees the box and its place, never what it holds.
		bool hidden = seat != TW_SEAT_UMPIRE && seat != side;
		for (int k = 0; k < sd->nbox && k < LW_BOX_MAX && n < max; k++) {
			tw_piece *p = &out[n++];
			memset(p, 0, sizeof *p);
			p->kind = TW_PIECE_BOX;
			p->clause = "LW.BIG.2"; // the box is seen, not what it holds
			p->side = (int8_t)side;
			p->hidden = hidden;
			p->index = k;
			p->pos = tw_v2(sd->box_x[k], sd->box_y[k]);
			p->bearing = s->sides[side].forward < 0 ? 180 : 0;
			if (!hidden) {
				count_men(s, side, true, k, p->men);
				p->guns = lw_held_guns(s, side, LW_IN_BOX, k);
			}
		}
		// LW.BIG.9/10: the men aboard ride in open trucks, seen by all.
		for (int k = 0; k < sd->ntrain && k < LW_TRAIN_MAX && n < max; k++) {
			tw_piece *p = &out[n++];
			memset(p, 0, sizeof *p);
			p->kind = TW_PIECE_TRAIN;
			p->clause = LWG(s)->ks ? "KS.RAIL.1" : "LW.BIG.9"; // an engine and its open trucks
			p->side = (int8_t)side;
			p->index = k;
			p->pos = tw_v2(sd->train_x[k], sd->train_y[k]);
			p->bearing = rail_bearing(s, side, p->pos);
			count_men(s, side, false, k, p->men);
			p->guns = lw_held_guns(s, side, LW_ON_TRAIN, k);
			int cav = p->men[TW_FK_CAVALRY], inf = 0;
			for (int j = 0; j < TW_FK_COUNT; j++)
				inf += j == TW_FK_CAVALRY ? 0 : p->men[j];
			p->trucks = lw_rail_trucks(inf, cav, p->guns);
		}
		// KS.FORM.1: a boat on the river; the men aboard are seen by all.
		for (int k = 0; k < sd->nboat && k < LW_BOAT_MAX && n < max; k++) {
			tw_piece *p = &out[n++];
			memset(p, 0, sizeof *p);
			p->kind = TW_PIECE_BOAT;
			p->clause = "KS.FORM.1";
			p->side = (int8_t)side;
			p->index = k;
			p->pos = tw_v2(sd->boat_x[k], sd->boat_y[k]);
			p->bearing = river_bearing(s, side, p->pos);
			for (int i = 0; i < s->nfig; i++) {
				const tw_figure *f = &s->fig[i];
				if (f->side == side && f->status == TW_FS_RESERVE && f->kind < TW_FK_COUNT && LWF(s, f)->boat == k + 1)
					p->men[f->kind]++;
			}
		}
	}
	return n;
}
