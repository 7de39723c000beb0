// A Rattle of Dice: movement (RD.MOVE): the allowance as a budget of inches (RD.MOVE.1/2), the
// road bonus (RD.MOVE.3), backwards and sideways (RD.MOVE.4), difficult terrain and obstacles
// (RD.MOVE.5), formation and facing changes (RD.MOVE.6), woods and towns closed to cavalry and
// artillery (RD.MOVE.7), limbering and deploying (RD.MOVE.8), machine guns (RD.MOVE.9), moving
// through units (RD.MOVE.15), the board edge (RD.MOVE.17); the command check (RD.DET.1-3) and
// Generals' moves (RD.GEN.1/2).
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rd.h"

#define MAX_BREAKS 256

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

static bool is_artillery(const tw_state *s, int unit) { return rd_types[RDU(s, unit)->type].artillery; }

// RD.MOVE.5: skirmishers and Irregulars ignore the terrain and obstacle penalty.
static bool ignores_terrain(const tw_state *s, int unit)
{
	return s->unit[unit].formation == TW_RD_F_SKIRMISH || rd_classes[RDU(s, unit)->cls].no_terrain;
}

// RD.MOVE.3, RD.ORG.9: in column, or a type that counts as one (limbered artillery, wagons).
static bool in_column(const tw_state *s, int unit)
{
	int f = s->unit[unit].formation;
	if (f == TW_RD_F_DEPLOYED)
		return false;
	return f == TW_RD_F_COLUMN || rd_types[RDU(s, unit)->type].always_column;
}

double rd_unit_allowance(const tw_state *s, int unit) { return rd_types[RDU(s, unit)->type].allowance; }

// Whether figure f's displaced path (start + offsets) crosses pieces of the given feature.
static bool fig_path_hits(const tw_state *s, tw_vec2 start, tw_vec2 c0, const tw_vec2 *pts, int n, int feat1, int feat2)
{
	tw_vec2 a = start;
	for (int k = 0; k < n; k++) {
		tw_vec2 b = tw_add(start, tw_sub(pts[k], c0));
		for (int t = 0; t < s->table.nterrain; t++) {
			int ft = rd_feature(s, t);
			if ((ft == feat1 || ft == feat2) && tw_terrain_segment_hits(&s->table.terrain[t], a, b) &&
			    !rd_water_bridged(s, t, a, b)) // ---- sappers (rd_sap.c): bridges, pontoons ----
				return true;
		}
		a = b;
	}
	return false;
}

static int point_feature_mask(const tw_state *s, tw_vec2 p)
{
	int m = 0;
	for (int t = 0; t < s->table.nterrain; t++)
		if (tw_terrain_contains(&s->table.terrain[t], p))
			m |= 1 << rd_feature(s, t);
	return m;
}

double rd_path_cost(const tw_state *s, int unit, const tw_vec2 *pts, int n, bool *halved, const char **clause)
{
	*halved = false;
	*clause = "RD.MOVE.2";
	tw_vec2 c0 = rd_unit_centre(s, unit);
	bool closed = rd_types[RDU(s, unit)->type].closed, ignore = ignores_terrain(s, unit);
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit != unit || f->status != TW_FS_ACTIVE || f->kind == TW_FK_GENERAL)
			continue;
		if (fig_path_hits(s, f->pos, c0, pts, n, RD_TER_IMPASSABLE, RD_TER_IMPASSABLE)) {
			*clause = "RD.MOVE.5";
			return INFINITY;
		}
		if (closed && fig_path_hits(s, f->pos, c0, pts, n, RD_TER_WOOD, RD_TER_TOWN)) {
			*clause = "RD.MOVE.7";
			return INFINITY;
		}
		if (!ignore && fig_path_hits(s, f->pos, c0, pts, n, RD_TER_OBSTACLE, RD_TER_OBSTACLE))
			*halved = true;
	}
	double facing = s->unit[unit].facing, cost = 0;
	double ts[MAX_BREAKS];
	tw_vec2 a = c0;
	for (int k = 0; k < n; k++) {
		tw_vec2 b = pts[k];
		double len = tw_dist(a, b);
		if (len <= 0) {
			a = b;
			continue;
		}
		// RD.MOVE.4: more than 45 degrees off the unit's facing costs double.
		double off = fabs(remainder(tw_bearing_deg(tw_sub(b, a)) - facing, 360.0));
		bool back = off > 45.0 + 1e-9;
		int nt = 0;
		ts[nt++] = 0;
		for (int t = 0; t < s->table.nterrain; t++) {
			int ft = rd_feature(s, t);
			const tw_terrain *tp = &s->table.terrain[t];
			if (ft != RD_TER_ROAD && ft != RD_TER_DIFFICULT && ft != RD_TER_WOOD && ft != RD_TER_TOWN)
				continue;
			if (tw_terrain_box_apart(tp, a, b))
				continue;
			if (tp->shape == TW_SHAPE_CIRCLE) {
				tw_vec2 d = tw_sub(b, a), f = tw_sub(a, tp->center);
				double A = tw_dot(d, d), B = 2 * tw_dot(f, d), C = tw_dot(f, f) - tp->radius * tp->radius;
				double disc = B * B - 4 * A * C;
				if (disc > 0 && nt + 2 < MAX_BREAKS) {
					double q = sqrt(disc), t1 = (-B - q) / (2 * A), t2 = (-B + q) / (2 * A);
					if (t1 > 0 && t1 < 1)
						ts[nt++] = t1;
					if (t2 > 0 && t2 < 1)
						ts[nt++] = t2;
				}
				continue;
			}
			for (int v = 0; v < tp->nverts && nt + 1 < MAX_BREAKS; v++) {
				double h = tw_segment_hit_t(a, b, tp->v[v], tp->v[(v + 1) % tp->nverts]);
				if (h > 0 && h < 1)
					ts[nt++] = h;
			}
		}
		ts[nt++] = 1;
		qsort(ts, (size_t)nt, sizeof ts[0], cmp_double);
		for (int j = 0; j + 1 < nt; j++) {
			double piece = (ts[j + 1] - ts[j]) * len;
			if (piece <= 0)
				continue;
			int m = point_feature_mask(s, tw_add(a, tw_scale(tw_sub(b, a), (ts[j] + ts[j + 1]) / 2)));
			bool road = (m & (1 << RD_TER_ROAD)) != 0;
			bool difficult = (m & ((1 << RD_TER_DIFFICULT) | (1 << RD_TER_WOOD) | (1 << RD_TER_TOWN))) != 0;
			double rate;
			if (road && in_column(s, unit) && !back) {
				rate = 0.5; // RD.MOVE.3: the road ignores the terrain it runs through
				*clause = "RD.MOVE.3";
			} else {
				bool penalty = back || (difficult && !ignore); // RD.MOVE.2: penalties never multiply
				rate = penalty && !*halved ? 2.0 : 1.0;       // RD.MOVE.5: half rate never twice
			}
			cost += rate * piece;
		}
		a = b;
	}
	if (*halved)
		*clause = "RD.MOVE.5";
	return cost;
}

// ---- the order's unit ----
static tw_status order_unit(const tw_state *s, const tw_order *o, int *unit, tw_error *err)
{
	const tw_figure *f0 = tw_state_figure_c(s, o->fig[0]);
	if (!f0 || f0->side != o->side || f0->unit < 0 || f0->kind == TW_FK_GENERAL)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.ORG.7", "figure %d is not of one of %s's units", o->fig[0],
				    s->sides[o->side].name);
	int u = f0->unit;
	int listed = 0;
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->unit != u || f->status != TW_FS_ACTIVE)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.ORG.7", "figure %d is not an active figure of unit %d",
					    o->fig[i], u);
		for (int k = 0; k < i; k++)
			if (o->fig[k] == o->fig[i])
				return tw_error_set(err, TW_ERR_ILLEGAL, "RD.ORG.7", "figure %d named twice", o->fig[i]);
		listed++;
	}
	if (listed != rd_unit_figures(s, u, true))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.ORG.7",
				    "a unit moves as one body: name all %d of its figures (detaching comes later, RD.DET.5)",
				    rd_unit_figures(s, u, true));
	*unit = u;
	return TW_OK;
}

static tw_status may_act(const tw_state *s, const tw_order *o, int u, int action, tw_error *err)
{
	if (rd_phasing_side(s) != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SEQ.5", "it is not %s's phase", s->sides[o->side].name);
	const rd_urec *r = RDU(s, u);
	if (r->action != RD_ACT_NONE && r->action != action)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SEQ.5", "unit %d has already %s this phase: one action each", u,
				    r->action == RD_ACT_MOVE ? "moved" : r->action == RD_ACT_SHOOT ? "shot" : "acted");
	if (r->flags & RUF_MUST_RALLY)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.RALLY.1", "unit %d must attempt to rally this phase", u);
	return TW_OK;
}

// RD.MOVE.15, RD.MOVE.17: figure f displaced along the path stays on the table and goes through
// no other unit (ending in contact with the enemy is a charge, rd_validate_charge).
static tw_status check_figure_path(const tw_state *s, const tw_figure *f, tw_vec2 c0, const tw_vec2 *pts, int n,
				   tw_error *err)
{
	tw_vec2 a = f->pos;
	for (int k = 0; k < n; k++) {
		tw_vec2 b = tw_add(f->pos, tw_sub(pts[k], c0));
		if (b.x - f->radius < -RD_EPS || b.y - f->radius < -RD_EPS || b.x + f->radius > s->table.width + RD_EPS ||
		    b.y + f->radius > s->table.depth + RD_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.17", "figure %d would leave the table", f->id);
		for (int j = 0; j < s->nfig; j++) {
			const tw_figure *g = &s->fig[j];
			if (g->status != TW_FS_ACTIVE || g->unit < 0 || g->unit == f->unit || g->kind == TW_FK_GENERAL)
				continue;
			double d = tw_dist_point_segment(g->pos, a, b);
			if (d < f->radius + g->radius - RD_EPS)
				return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.15",
						    "figure %d would pass through unit %d", f->id, g->unit);
		}
		a = b;
	}
	return TW_OK;
}

tw_status rd_validate_move(const tw_state *s, const tw_order *o, tw_error *err)
{
	int u = -1;
	tw_status st = order_unit(s, o, &u, err);
	if (st != TW_OK || (st = may_act(s, o, u, RD_ACT_MOVE, err)) != TW_OK)
		return st;
	const rd_urec *r = RDU(s, u);
	if ((st = rd_boat_refuses(s, u, true, err)) != TW_OK) // ---- boats and trains (rd_boat.c) ----
		return st;
	if (r->flags & RUF_FAILED)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.DET.3", "unit %d failed its command check: no move this turn", u);
	int type = r->type;
	double allowance = rd_unit_allowance(s, u);
	allowance += rd_urge_bonus(s, u); // rd-rally: Urging On (RD.MOVE.14), before costs
	if (is_artillery(s, u) && s->unit[u].formation == TW_RD_F_DEPLOYED) {
		if (type != TW_RD_MG)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.8", "deployed artillery must limber to move");
		if (r->flags & RUF_DEPLOYED)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.8", "a gun that deployed may not move again");
		allowance = 6.0; // RD.MOVE.9: a machine gun moves up to 6 in without limbering
	}
	bool halved;
	const char *clause;
	double cost = rd_path_cost(s, u, o->path, o->npath, &halved, &clause);
	if (!isfinite(cost))
		return tw_error_set(err, TW_ERR_ILLEGAL, clause,
				    strcmp(clause, "RD.MOVE.7") == 0 ? "cavalry and artillery may not go into woods or towns"
						     : "the path crosses impassable ground");
	if (halved)
		allowance /= 2; // RD.MOVE.5: crossing an obstacle halves the whole move
	if (r->used + cost > allowance + 1e-9)
		return tw_error_set(err, TW_ERR_ILLEGAL, clause,
				    "the move costs %.3g in of allowance; unit %d has %.3g in left of %.3g", cost, u,
				    fmax(0, allowance - r->used), allowance);
	tw_vec2 c0 = rd_unit_centre(s, u);
	for (int i = 0; i < o->nfig; i++)
		if ((st = check_figure_path(s, &s->fig[o->fig[i]], c0, o->path, o->npath, err)) != TW_OK)
			return st;
	return rd_validate_charge(s, o, u, tw_sub(o->path[o->npath - 1], c0), err); // RD.CHARGE (rd_charge.c)
}

// RD.DET.1-3: a unit out of command (fixed at the start of the turn) throws a d6 + class
// modifier, needing 3, the first time it is to move this turn.
bool rd_command_check(tw_state *s, int u, tw_events *ev)
{
	rd_urec *r = RDU(s, u);
	if (r->flags & RUF_IN_COMMAND)
		return true;
	if (r->flags & RUF_CHECKED)
		return !(r->flags & RUF_FAILED);
	tw_event *d = NULL;
	int face = tw_roll_d6(s, ev, s->unit[u].side, "RD.DET.1", &d);
	int need = tw_rd_command_face(r->cls);
	r->flags |= RUF_CHECKED;
	if (face < need)
		r->flags |= RUF_FAILED;
	if (d)
		tw_event_text(d, "unit %d (%s, %s) is out of command: throws %d, needs %d: %s", u, s->unit[u].name,
			      rd_class_names[r->cls], face, need,
			      face >= need ? "it may move" : "no voluntary movement this turn (RD.DET.3)");
	return face >= need;
}

static void move_general_with(tw_state *s, int u, tw_vec2 d)
{
	for (int i = 0; i < s->nfig; i++) // RD.GEN.2: a joined General moves with the unit
		if (s->fig[i].kind == TW_FK_GENERAL && s->fig[i].status == TW_FS_ACTIVE && RDF(s, i)->joined == u)
			s->fig[i].pos = tw_add(s->fig[i].pos, d);
}

tw_status rd_apply_move(tw_state *s, const tw_order *o, tw_events *ev)
{
	int u = s->fig[o->fig[0]].unit;
	if (!rd_command_check(s, u, ev))
		return TW_OK; // RD.DET.3: the check failed; the unit stays where it is
	rd_urec *r = RDU(s, u);
	bool halved;
	const char *clause;
	double cost = rd_path_cost(s, u, o->path, o->npath, &halved, &clause);
	tw_vec2 c0 = rd_unit_centre(s, u), d = tw_sub(o->path[o->npath - 1], c0);
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		if (f->unit != u || f->status != TW_FS_ACTIVE || f->kind == TW_FK_GENERAL)
			continue;
		f->pos = tw_add(f->pos, d);
		f->moved_in = s->move_no;
		f->move_used = r->used + cost;
	}
	move_general_with(s, u, d);
	r->used += cost;
	r->action = RD_ACT_MOVE;
	r->flags |= RUF_MOVED;
	rd_charge_moved(s, u, d, ev); // RD.CHARGE, RD.MOVE.16 (rd_charge.c)
	tw_event *e = tw_events_push(ev, TW_EV_MOVE, o->side, clause);
	if (e) {
		e->a = o->fig[0];
		e->b = u;
		e->x = o->path[o->npath - 1].x;
		e->y = o->path[o->npath - 1].y;
		e->v = cost;
		tw_event_text(e, "unit %d moves %.3g in for %.3g in of allowance%s (%.3g used)", u,
			      tw_path_length(o->path, o->npath) + tw_dist(c0, o->path[0]), cost,
			      halved ? ", halved for an obstacle" : "", r->used);
	}
	rd_detach_rejoin(s, u, ev); // ---- detaching (rd_detach.c): RD.DET.5 ----
	return TW_OK;
}

// ---- formation and facing (RD.MOVE.6, RD.MOVE.8, RD.ORG.8/9) ----
static bool formation_allowed(int type, int f)
{
	if (rd_types[type].artillery)
		return f == TW_RD_F_LIMBERED || f == TW_RD_F_DEPLOYED;
	if (type == TW_RD_CAVALRY)
		return f == TW_RD_F_LINE || f == TW_RD_F_COLUMN; // RD.ORG.9: no skirmish order
	if (type == TW_RD_WAGON)
		return f == TW_RD_F_COLUMN;
	return f == TW_RD_F_LINE || f == TW_RD_F_COLUMN || f == TW_RD_F_SKIRMISH; // RD.ORG.8
}

tw_status rd_validate_formation(const tw_state *s, const tw_order *o, tw_error *err)
{
	int u = -1;
	tw_status st = order_unit(s, o, &u, err);
	if (st != TW_OK || (st = may_act(s, o, u, RD_ACT_MOVE, err)) != TW_OK)
		return st;
	const rd_urec *r = RDU(s, u);
	const tw_unit *un = &s->unit[u];
	if (r->flags & RUF_FAILED)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.DET.3", "unit %d failed its command check: no change this turn", u);
	if (!formation_allowed(r->type, o->n))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.ORG.8", "a %s unit cannot take %s formation",
				    rd_type_names[r->type], rd_formation_names[o->n]);
	bool turn = o->has_aim && fabs(remainder(o->bearing - un->facing, 360.0)) > 1e-9;
	if (o->n == un->formation && !turn && !o->has_at)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.6", "unit %d is in %s formation already", u,
				    rd_formation_names[o->n]);
	if (o->n == TW_RD_F_DEPLOYED && (r->flags & RUF_LIMBERED))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.8", "limbering, moving and deploying in one phase is not allowed");
	if (o->n == TW_RD_F_LIMBERED && (r->flags & RUF_DEPLOYED))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.8", "a gun that deployed this phase may not limber");
	if (o->n == TW_RD_F_LIMBERED && un->formation == TW_RD_F_DEPLOYED && (r->flags & RUF_MOVED))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.8", "a machine gun that moved deployed may not limber");
	double half = rd_unit_allowance(s, u) / 2;
	if (r->changes >= 2 || r->used + half > rd_unit_allowance(s, u) + 1e-9)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.6",
				    "a change costs half the move (%.3g in); unit %d has %.3g in left", half, u,
				    rd_unit_allowance(s, u) - r->used);
	if (o->has_at)
		for (int i = 0; i < o->nfig; i++) {
			const tw_figure *f = &s->fig[o->fig[i]];
			if (tw_dist(f->pos, o->at[i]) > half + 1e-9)
				return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.6",
						    "figure %d would move %.3g in in the change: at most half the move (%.3g in)",
						    f->id, tw_dist(f->pos, o->at[i]), half);
			tw_vec2 p = o->at[i];
			if (p.x < 0 || p.y < 0 || p.x > s->table.width || p.y > s->table.depth)
				return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.17", "figure %d would leave the table", f->id);
		}
	return rd_formation_check(s, o, u, err); // ---- formation geometry (rd_formation.c): RD.ORG.7-9 ----
}

tw_status rd_apply_formation(tw_state *s, const tw_order *o, tw_events *ev)
{
	int u = s->fig[o->fig[0]].unit;
	if (!rd_command_check(s, u, ev))
		return TW_OK;
	rd_urec *r = RDU(s, u);
	tw_unit *un = &s->unit[u];
	int was = un->formation;
	if (o->n == TW_RD_F_LIMBERED && was == TW_RD_F_DEPLOYED)
		r->flags |= RUF_LIMBERED;
	if (o->n == TW_RD_F_DEPLOYED && was == TW_RD_F_LIMBERED)
		r->flags |= RUF_DEPLOYED;
	un->formation = (uint8_t)o->n;
	if (o->has_aim)
		un->facing = fmod(fmod(o->bearing, 360.0) + 360.0, 360.0);
	for (int i = 0; i < o->nfig; i++) {
		tw_figure *f = &s->fig[o->fig[i]];
		if (o->has_at) {
			f->pos = o->at[i];
			f->facing = o->facing[i];
		} else if (o->has_aim) {
			f->facing = un->facing;
		}
		f->moved_in = s->move_no;
	}
	r->used += rd_unit_allowance(s, u) / 2;
	r->changes++;
	r->action = RD_ACT_MOVE;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, o->n >= TW_RD_F_LIMBERED ? "RD.MOVE.8" : "RD.MOVE.6");
	if (e) {
		e->a = u;
		e->b = o->n;
		tw_event_text(e, "unit %d: %s -> %s, facing %.0f, for half its move (%.3g in used)", u,
			      rd_formation_names[was], rd_formation_names[o->n], un->facing, r->used);
	}
	return TW_OK;
}

// ---- Generals (RD.GEN.1/2) ----
tw_status rd_validate_general(const tw_state *s, const tw_order *o, tw_error *err)
{
	const tw_figure *g = tw_state_figure_c(s, o->fig[0]);
	if (rd_phasing_side(s) != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SEQ.5", "it is not %s's phase", s->sides[o->side].name);
	if (!g || g->kind != TW_FK_GENERAL || g->side != o->side || g->status != TW_FS_ACTIVE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.GEN.1", "figure %d is not one of %s's Generals", o->fig[0],
				    s->sides[o->side].name);
	if (RDF(s, g->id)->bound >= 0) // rd-rally: RD.MOVE.14
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.14", "General %d urged unit %d on: he is tied to it until his side's next phase",
				    g->id, RDF(s, g->id)->bound);
	tw_vec2 a = g->pos;
	double len = 0;
	for (int k = 0; k < o->npath; k++) {
		tw_vec2 p = o->path[k];
		if (p.x < 0 || p.y < 0 || p.x > s->table.width || p.y > s->table.depth)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.17", "a General may not leave the table");
		len += tw_dist(a, p);
		a = p;
	}
	if (RDF(s, g->id)->moved + len > RD_GENERAL_MOVE + 1e-9)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.1", "a General moves at most 24 in a phase (%.3g in asked, %.3g used)",
				    len, RDF(s, g->id)->moved);
	if (o->nval > 0) {
		const tw_unit *u = rd_unit_c(s, o->val[0]);
		if (!u || u->side != o->side || !rd_unit_alive(s, u->id))
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.GEN.2", "unit %d is not one of %s's units", o->val[0],
					    s->sides[o->side].name);
		tw_figure at = *g;
		at.pos = a;
		if (rd_fig_unit_gap(s, &at, u->id) > s->params[RDP_CONTACT] + RD_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.GEN.2", "a General joins a unit by ending in contact with it");
	}
	return TW_OK;
}

tw_status rd_apply_general(tw_state *s, const tw_order *o, tw_events *ev)
{
	tw_figure *g = &s->fig[o->fig[0]];
	double len = tw_dist(g->pos, o->path[0]) + tw_path_length(o->path, o->npath);
	g->pos = o->path[o->npath - 1];
	g->moved_in = s->move_no;
	RDF(s, g->id)->moved += len;
	RDF(s, g->id)->joined = o->nval > 0 ? o->val[0] : -1;
	tw_event *e = tw_events_push(ev, TW_EV_MOVE, o->side, o->nval > 0 ? "RD.GEN.2" : "RD.GEN.1");
	if (e) {
		e->a = g->id;
		e->x = g->pos.x;
		e->y = g->pos.y;
		e->v = len;
		if (o->nval > 0)
			tw_event_text(e, "General %d rides %.3g in and joins unit %d", g->id, len, o->val[0]);
		else
			tw_event_text(e, "General %d rides %.3g in", g->id, len);
	}
	return TW_OK;
}
