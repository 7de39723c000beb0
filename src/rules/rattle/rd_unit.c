// A Rattle of Dice: units as bodies of figures (RD.ORG.7), measuring (RD.CON.3), the front arc
// (RD.CON.3), lines of sight (RD.SHOOT.2), cover and enfilade (RD.SHOOT.13/14), and removing
// casualties (RD.CON.5).
#include <math.h>
#include <stdlib.h>

#include "rd.h"

const tw_unit *rd_unit_c(const tw_state *s, int32_t id) { return id >= 0 && id < s->nunit ? &s->unit[id] : NULL; }

bool rd_fig_fights(const tw_state *s, const tw_figure *f)
{
	return f->status == TW_FS_ACTIVE && f->unit >= 0 && f->kind != TW_FK_GENERAL &&
	       RDF(s, f->id)->role != RD_ROLE_BAND && RDF(s, f->id)->role != RD_ROLE_OBSERVER &&
	       RDF(s, f->id)->role != RD_ROLE_SIGNALS;
}

static bool in_unit(const tw_state *s, const tw_figure *f, int unit)
{
	(void)s;
	return f->unit == unit && f->status == TW_FS_ACTIVE && f->kind != TW_FK_GENERAL;
}

int rd_unit_figures(const tw_state *s, int unit, bool band_too)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == unit && (band_too ? in_unit(s, &s->fig[i], unit) : rd_fig_fights(s, &s->fig[i])))
			n++;
	return n;
}

bool rd_unit_alive(const tw_state *s, int unit) { return rd_unit_figures(s, unit, false) > 0; }

tw_vec2 rd_unit_centre(const tw_state *s, int unit)
{
	double x = 0, y = 0;
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		if (in_unit(s, &s->fig[i], unit)) {
			x += s->fig[i].pos.x;
			y += s->fig[i].pos.y;
			n++;
		}
	return n ? tw_v2(x / n, y / n) : tw_v2(0, 0);
}

double rd_fig_unit_gap(const tw_state *s, const tw_figure *f, int unit)
{
	double best = INFINITY;
	for (int i = 0; i < s->nfig; i++)
		if (in_unit(s, &s->fig[i], unit)) {
			double d = tw_figure_gap(f, &s->fig[i]);
			if (d < best)
				best = d;
		}
	return best;
}

// RD.CON.3 (interpretation): measured between the nearest points of the two units' bases.
double rd_unit_gap(const tw_state *s, int a, int b)
{
	double best = INFINITY;
	for (int i = 0; i < s->nfig; i++)
		if (in_unit(s, &s->fig[i], a)) {
			double d = rd_fig_unit_gap(s, &s->fig[i], b);
			if (d < best)
				best = d;
		}
	return best;
}

bool rd_units_touch(const tw_state *s, int a, int b) { return rd_unit_gap(s, a, b) <= s->params[RDP_CONTACT] + RD_EPS; }

bool rd_unit_engaged(const tw_state *s, int unit)
{
	const tw_unit *u = rd_unit_c(s, unit);
	for (int k = 0; u && k < s->nunit; k++)
		if (s->unit[k].side != u->side && !tw_allied(s, u->side, s->unit[k].side) && rd_unit_alive(s, k) &&
		    rd_units_touch(s, unit, k))
			return true;
	return false;
}

int rd_feature(const tw_state *s, int terrain)
{
	const rd_trec *r = tw_rec_c(s, TW_REC_TERRAIN, terrain);
	const tw_terrain *t = &s->table.terrain[terrain];
	if (r && r->feature != RD_TER_BY_KIND)
		return r->feature;
	if (t->pass == TW_PASS_NO)
		return RD_TER_IMPASSABLE;
	return t->kind < TW_TER_KIND_COUNT ? rd_ter_by_kind[t->kind] : RD_TER_OPEN;
}

// ---- the front arc (RD.CON.3) ----
typedef struct frame {
	tw_vec2 o, fwd, right;
	double front, xmin, xmax;
	bool any;
} frame;

static frame unit_frame(const tw_state *s, int unit)
{
	frame fr = {.o = rd_unit_centre(s, unit), .front = -INFINITY, .xmin = INFINITY, .xmax = -INFINITY};
	const tw_unit *u = rd_unit_c(s, unit);
	fr.fwd = tw_dir_deg(u ? u->facing : 0);
	fr.right = tw_dir_deg((u ? u->facing : 0) + 90);
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (!in_unit(s, f, unit))
			continue;
		tw_vec2 d = tw_sub(f->pos, fr.o);
		double x = tw_dot(d, fr.right), y = tw_dot(d, fr.fwd);
		fr.front = fmax(fr.front, y + f->radius);
		fr.xmin = fmin(fr.xmin, x - f->radius);
		fr.xmax = fmax(fr.xmax, x + f->radius);
		fr.any = true;
	}
	return fr;
}

static bool frame_arc(const frame *fr, tw_vec2 c, double r)
{
	if (!fr->any)
		return false;
	tw_vec2 d = tw_sub(c, fr->o);
	double x = tw_dot(d, fr->right), y = tw_dot(d, fr->fwd);
	double cx = x < fr->xmin ? fr->xmin : x > fr->xmax ? fr->xmax : x;
	if (y >= fr->front && fabs(x - cx) <= y - fr->front)
		return true;
	if (r <= 0)
		return false;
	// The disc reaches into the arc: its distance to the arc's edges (the front edge and the two
	// 45-degree rays from the front corners) is within its radius.
	tw_vec2 p = tw_v2(x, y), l = tw_v2(fr->xmin, fr->front), rr = tw_v2(fr->xmax, fr->front);
	double far = 1e6;
	double dmin = tw_dist_point_segment(p, l, rr);
	dmin = fmin(dmin, tw_dist_point_segment(p, l, tw_v2(fr->xmin - far, fr->front + far)));
	dmin = fmin(dmin, tw_dist_point_segment(p, rr, tw_v2(fr->xmax + far, fr->front + far)));
	return dmin <= r;
}

bool rd_in_front_arc(const tw_state *s, int unit, tw_vec2 c, double r)
{
	frame fr = unit_frame(s, unit);
	return frame_arc(&fr, c, r);
}

bool rd_unit_in_arc(const tw_state *s, int u, int t)
{
	frame fr = unit_frame(s, u);
	for (int i = 0; i < s->nfig; i++)
		if (in_unit(s, &s->fig[i], t) && frame_arc(&fr, s->fig[i].pos, s->fig[i].radius))
			return true;
	return false;
}

// ---- lines of sight (RD.SHOOT.2) ----
// Parameters t in (0, 1) where segment ab crosses the piece's outline, appended to ts.
static int crossings(const tw_terrain *t, tw_vec2 a, tw_vec2 b, double *ts, int n, int max)
{
	if (t->shape == TW_SHAPE_CIRCLE) {
		tw_vec2 d = tw_sub(b, a), f = tw_sub(a, t->center);
		double A = tw_dot(d, d), B = 2 * tw_dot(f, d), C = tw_dot(f, f) - t->radius * t->radius;
		double disc = B * B - 4 * A * C;
		if (A <= 0 || disc <= 0)
			return n;
		double q = sqrt(disc);
		double t1 = (-B - q) / (2 * A), t2 = (-B + q) / (2 * A);
		if (t1 > 0 && t1 < 1 && n < max)
			ts[n++] = t1;
		if (t2 > 0 && t2 < 1 && n < max)
			ts[n++] = t2;
		return n;
	}
	for (int k = 0; k < t->nverts && n < max; k++) {
		double h = tw_segment_hit_t(a, b, t->v[k], t->v[(k + 1) % t->nverts]);
		if (h > 0 && h < 1)
			ts[n++] = h;
	}
	return n;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

// The length of ab inside the piece, and of the stretches inside that touch neither end.
static double inside_length(const tw_terrain *t, tw_vec2 a, tw_vec2 b, double *interior)
{
	double ts[2 * TW_MAX_VERTS + 4];
	int n = 0;
	ts[n++] = 0;
	n = crossings(t, a, b, ts, n, (int)TW_ARRAY_COUNT(ts) - 1);
	ts[n++] = 1;
	qsort(ts, (size_t)n, sizeof ts[0], cmp_double);
	double len = tw_dist(a, b), in = 0;
	*interior = 0;
	for (int k = 0; k + 1 < n; k++) {
		double m = (ts[k] + ts[k + 1]) / 2;
		if (ts[k + 1] - ts[k] <= 0 || !tw_terrain_contains(t, tw_add(a, tw_scale(tw_sub(b, a), m))))
			continue;
		double l = (ts[k + 1] - ts[k]) * len;
		in += l;
		if (ts[k] > 0 && ts[k + 1] < 1)
			*interior += l;
	}
	return in;
}

bool rd_line_clear(const tw_state *s, tw_vec2 a, tw_vec2 b, int ua, int ub)
{
	// Another unit's base (friend or foe); Generals and markers do not block (RD.GEN.1).
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->status != TW_FS_ACTIVE || f->unit < 0 || f->unit == ua || f->unit == ub || f->kind == TW_FK_GENERAL)
			continue;
		if (tw_dist_point_segment(f->pos, a, b) < f->radius - RD_EPS &&
		    !rd_overhead_clears(s, a, b, ua, f->unit)) // ---- overhead fire (rd_overhead.c): RD.SHOOT.12 ----
			return false;
	}
	double woods = 0;
	for (int k = 0; k < s->table.nterrain; k++) {
		const tw_terrain *t = &s->table.terrain[k];
		if (!tw_terrain_segment_may_hit(t, a, b))
			continue;
		int feat = rd_feature(s, k);
		double interior = 0, in;
		switch (feat) {
		case RD_TER_WOOD: woods += inside_length(t, a, b, &interior); break;
		case RD_TER_TOWN: // a building blocks; a unit at the edge of a town sees out (up to 2 in)
			in = inside_length(t, a, b, &interior);
			if (interior > RD_EPS || in > RD_WOOD_SIGHT + RD_EPS)
				return false;
			break;
		case RD_TER_HILL: // a crest that neither end stands on
			if (!tw_terrain_contains(t, a) && !tw_terrain_contains(t, b) && tw_terrain_segment_hits(t, a, b))
				return false;
			break;
		case RD_TER_IMPASSABLE:
			if (t->kind == TW_TER_HOUSE || t->kind == TW_TER_ROCK || t->kind == TW_TER_TREE) {
				if (tw_terrain_segment_hits(t, a, b))
					return false;
			}
			break;
		default: break;
		}
	}
	return woods <= RD_WOOD_SIGHT + RD_EPS; // more than 2 in of woods blocks
}

bool rd_units_see(const tw_state *s, int a, int b)
{
	for (int i = 0; i < s->nfig; i++) {
		if (!in_unit(s, &s->fig[i], a))
			continue;
		for (int j = 0; j < s->nfig; j++)
			if (in_unit(s, &s->fig[j], b) && rd_line_clear(s, s->fig[i].pos, s->fig[j].pos, a, b))
				return true;
	}
	return false;
}

// RD.SHOOT.13: more than half its figures inside woods or towns, or within 1 in behind an
// obstacle lying between them and `from`.
bool rd_unit_in_cover(const tw_state *s, int unit, tw_vec2 from)
{
	int n = 0, covered = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (!in_unit(s, f, unit))
			continue;
		n++;
		for (int k = 0; k < s->table.nterrain; k++) {
			const tw_terrain *t = &s->table.terrain[k];
			int feat = rd_feature(s, k);
			if ((feat == RD_TER_WOOD || feat == RD_TER_TOWN) && tw_terrain_contains(t, f->pos)) {
				covered++;
				break;
			}
			bool works = feat == RD_TER_OBSTACLE || (t->flags & TW_TF_WORKS);
			if (works && tw_terrain_distance(t, f->pos) <= 1.0 + f->radius + RD_EPS &&
			    tw_terrain_segment_hits(t, f->pos, from)) {
				covered++;
				break;
			}
		}
	}
	return n > 0 && 2 * covered > n;
}

void rd_kill(tw_state *s, tw_figure *f, const char *clause, tw_events *ev)
{
	(void)s;
	f->status = TW_FS_DEAD;
	tw_event *e = tw_events_push(ev, TW_EV_KILL, f->side, clause);
	if (e) {
		e->a = f->id;
		e->x = f->pos.x;
		e->y = f->pos.y;
		tw_event_text(e, "figure %d of unit %d is removed", f->id, f->unit);
	}
}

// RD.CON.5 (interpretation): the program's default removes the figures furthest from the enemy
// first (the rearmost rank), band figures after the fighters, and the colour bearer only when
// no other man is left.
int rd_next_casualty(const tw_state *s, int unit, tw_vec2 from)
{
	int best = -1, best_rank = 9;
	double best_d = -1;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (!in_unit(s, f, unit))
			continue;
		int role = RDF(s, f->id)->role;
		int rank = role == RD_ROLE_COLOUR ? 2 : role == RD_ROLE_BAND ? 1 : 0;
		double d = tw_dist(f->pos, from);
		if (rank < best_rank || (rank == best_rank && d > best_d + RD_EPS)) {
			best = i;
			best_rank = rank;
			best_d = d;
		}
	}
	return best;
}

int rd_remove_hits(tw_state *s, int unit, int hits, tw_vec2 from, const char *clause, tw_events *ev)
{
	int removed = 0;
	while (removed < hits) {
		int best = rd_next_casualty(s, unit, from);
		if (best < 0)
			break;
		rd_kill(s, &s->fig[best], clause, ev);
		removed++;
	}
	return removed;
}

// ---- the hit event (rd-rally: Steady Men! and the colour, rd_flag.c) ----
// RD.SHOOT.15, RD.MELEE.5 step 5: the hits are removed at once; the unit's player may then roll
// Steady Men! (RD.GEN.5) and for the colour (RD.FLAG.2), each cancelled hit restoring a removed
// figure. The last two figures removed are remembered for that.
int rd_hit_event(tw_state *s, int unit, int hits, tw_vec2 from, const char *clause, tw_events *ev)
{
	if (!rd_unit_c(s, unit) || (hits <= 0 && RDU(s, unit)->hit_beaten == 0))
		return 0; // a beaten unit that took no hit still makes its colour roll (RD.FLAG.3)
	hits = hits < 0 ? 0 : hits;
	int removed = 0, last = -1, prev = -1;
	while (removed < hits) {
		int f = rd_next_casualty(s, unit, from);
		if (f < 0)
			break;
		rd_kill(s, &s->fig[f], clause, ev);
		prev = last;
		last = f;
		removed++;
	}
	rd_hit_open(s, unit, hits, removed, last, prev, from, ev);
	return removed;
}

// ---- finish: move events ----
void rd_move_event_unit(const tw_state *s, tw_event *e, int unit)
{
	e->b = unit;
	for (int i = 0; i < s->nfig; i++)
		if (in_unit(s, &s->fig[i], unit)) {
			e->a = i;
			e->x = s->fig[i].pos.x;
			e->y = s->fig[i].pos.y;
			return;
		}
	e->a = -1;
}
