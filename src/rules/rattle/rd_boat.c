// A Rattle of Dice: boats and trains (RD.MOVE.10-13, RD.EX.18). Boats move 18 in on water, 3 in
// more with the current and 3 in less against it (RD.MOVE.10); units embark and disembark for
// half a move (RD.MOVE.11); steam engines run 0-18 in on rails within 9 in of last turn's run,
// or 6 in across country on a 3+ (RD.MOVE.12); a train that cannot stop short of an obstacle
// crashes: a die per 4 figures aboard, each 5 or 6 a casualty (RD.MOVE.13). The carrier moves by
// the `drive` order, its passengers with it.
#include <math.h>

#include "rd.h"

#define RD_BOAT_MOVE 18.0
#define RD_BOAT_FLOW 3.0
#define RD_TRAIN_MAX 18.0
#define RD_TRAIN_CHANGE 9.0
#define RD_CROSS_COUNTRY 6.0
#define RD_CROSS_COUNTRY_FACE 3

double tw_rd_boat_move(int flow) { return RD_BOAT_MOVE + (flow > 0 ? RD_BOAT_FLOW : flow < 0 ? -RD_BOAT_FLOW : 0); }

void tw_rd_train_window(double speed, double *least, double *most)
{
	*least = fmax(0, speed - RD_TRAIN_CHANGE);
	*most = fmin(RD_TRAIN_MAX, speed + RD_TRAIN_CHANGE);
}

bool tw_rd_train_crashes(double speed, double ahead) { return ahead < fmax(0, speed - RD_TRAIN_CHANGE) - RD_EPS; }

int tw_rd_crash_dice(int figures) { return figures <= 0 ? 0 : tw_rd_dice(2 * figures, 4); }

uint64_t rd_boat_order_types(void)
{
	return (UINT64_C(1) << RD_OT_DRIVE) | (UINT64_C(1) << RD_OT_EMBARK) | (UINT64_C(1) << RD_OT_DISEMBARK);
}

static bool is_carrier(const tw_state *s, int u)
{
	int t = RDU(s, u)->type;
	return t == TW_RD_BOAT || t == TW_RD_ENGINE;
}

tw_status rd_boat_refuses(const tw_state *s, int unit, bool moving, tw_error *err)
{
	const rd_urec *r = RDU(s, unit);
	if (r->aboard >= 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.11", "unit %d is aboard unit %d: passengers neither %s", unit,
				    r->aboard, moving ? "move (disembark first)" : "shoot nor fight");
	if (moving && is_carrier(s, unit))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.10", "boats and engines move by the drive order");
	return TW_OK;
}

// All of a unit's figures named, the unit its side's, this side's phase.
static tw_status whole_unit(const tw_state *s, const tw_order *o, int *unit, const char *clause, tw_error *err)
{
	if (rd_phasing_side(s) != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SEQ.5", "it is not %s's phase", s->sides[o->side].name);
	const tw_figure *f0 = tw_state_figure_c(s, o->fig[0]);
	if (!f0 || f0->side != o->side || f0->unit < 0 || f0->kind == TW_FK_GENERAL || f0->status != TW_FS_ACTIVE)
		return tw_error_set(err, TW_ERR_ILLEGAL, clause, "figure %d is not of one of %s's units", o->fig[0],
				    s->sides[o->side].name);
	int u = f0->unit;
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->unit != u || f->status != TW_FS_ACTIVE)
			return tw_error_set(err, TW_ERR_ILLEGAL, clause, "figure %d is not an active figure of unit %d", o->fig[i], u);
		for (int k = 0; k < i; k++)
			if (o->fig[k] == o->fig[i])
				return tw_error_set(err, TW_ERR_ILLEGAL, clause, "figure %d named twice", o->fig[i]);
	}
	if (o->nfig != rd_unit_figures(s, u, true))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.ORG.7", "name all %d figures of unit %d", rd_unit_figures(s, u, true), u);
	const rd_urec *r = RDU(s, u);
	if (r->flags & RUF_MUST_RALLY)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.RALLY.1", "unit %d must attempt to rally this phase", u);
	*unit = u;
	return TW_OK;
}

static double path_length(tw_vec2 from, const tw_vec2 *pts, int n)
{
	double l = 0;
	for (int k = 0; k < n; k++) {
		l += tw_dist(from, pts[k]);
		from = pts[k];
	}
	return l;
}

// The point `d` inches along the path from `from`.
static tw_vec2 along(tw_vec2 from, const tw_vec2 *pts, int n, double d)
{
	for (int k = 0; k < n; k++) {
		double l = tw_dist(from, pts[k]);
		if (d <= l && l > 0)
			return tw_add(from, tw_scale(tw_sub(pts[k], from), d / l));
		d -= l;
		from = pts[k];
	}
	return from;
}

typedef bool (*piece_test)(const tw_state *s, int k);
static bool is_water(const tw_state *s, int k) { return s->table.terrain[k].kind == TW_TER_RIVER; }
static bool is_rail(const tw_state *s, int k) { return rd_feature(s, k) == RD_TER_RAIL; }

// Every part of the path lies on pieces that pass the test.
static bool path_on(const tw_state *s, tw_vec2 a, const tw_vec2 *pts, int n, piece_test ok)
{
	for (int k = 0; k < n; k++) {
		tw_vec2 b = pts[k];
		double ts[160];
		int m = 0;
		ts[m++] = 0;
		for (int t = 0; t < s->table.nterrain && m < 150; t++)
			if (ok(s, t))
				m = rd_outline_hits(&s->table.terrain[t], a, b, ts, m, 150);
		ts[m++] = 1;
		for (int i = 1; i < m; i++) // insertion sort: a few crossings
			for (int j = i; j > 0 && ts[j - 1] > ts[j]; j--) {
				double x = ts[j];
				ts[j] = ts[j - 1];
				ts[j - 1] = x;
			}
		for (int i = 0; i + 1 < m; i++) {
			tw_vec2 p = tw_add(a, tw_scale(tw_sub(b, a), (ts[i] + ts[i + 1]) / 2));
			bool in = false;
			for (int t = 0; t < s->table.nterrain && !in; t++)
				in = ok(s, t) && tw_terrain_contains(&s->table.terrain[t], p);
			if (!in)
				return false;
		}
		a = b;
	}
	return true;
}

// RD.MOVE.13: inches along the path to the first obstacle (impassable ground or an obstacle, water
// not bridged), INFINITY if none.
static double obstacle_ahead(const tw_state *s, tw_vec2 a, const tw_vec2 *pts, int n)
{
	double done = 0;
	for (int k = 0; k < n; k++) {
		tw_vec2 b = pts[k];
		double len = tw_dist(a, b), first = INFINITY;
		for (int t = 0; t < s->table.nterrain; t++) {
			int f = rd_feature(s, t);
			const tw_terrain *p = &s->table.terrain[t];
			if ((f != RD_TER_IMPASSABLE && f != RD_TER_OBSTACLE) || !tw_terrain_segment_hits(p, a, b) ||
			    rd_water_bridged(s, t, a, b))
				continue;
			if (tw_terrain_contains(p, a)) {
				first = 0;
				break;
			}
			double ts[TW_MAX_VERTS + 2];
			int m = rd_outline_hits(p, a, b, ts, 0, TW_MAX_VERTS + 2);
			double hit = len; // no crossing inside the segment: it touches the piece at its end
			for (int i = 0; i < m; i++)
				hit = fmin(hit, ts[i] * len);
			first = fmin(first, hit);
		}
		if (first < INFINITY)
			return done + first;
		done += len;
		a = b;
	}
	return INFINITY;
}

// RD.MOVE.10: +1 with the flow (within 45 degrees of it), -1 against it, 0 across or still.
static int flow_sense(const tw_state *s, tw_vec2 from, tw_vec2 to)
{
	double flow = RDG(s)->flow;
	if (flow < 0 || tw_dist(from, to) <= 0)
		return 0;
	double off = fabs(remainder(tw_bearing_deg(tw_sub(to, from)) - flow, 360.0));
	return off <= 45 + 1e-9 ? 1 : off >= 135 - 1e-9 ? -1 : 0;
}

static double last_run(const tw_state *s, int u)
{
	const rd_urec *r = RDU(s, u);
	int turn = RDG(s)->turn;
	return r->run_turn == turn ? r->speed : r->run_turn == turn - 1 ? r->run : 0;
}

tw_status rd_validate_drive(const tw_state *s, const tw_order *o, tw_error *err)
{
	int u;
	tw_status st = whole_unit(s, o, &u, "RD.MOVE.10", err);
	if (st != TW_OK)
		return st;
	const rd_urec *r = RDU(s, u);
	if (!is_carrier(s, u))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.10", "unit %d is no boat or engine: it moves by the move order", u);
	if (r->action != RD_ACT_NONE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.11", "unit %d has acted this phase (or taken passengers): it may not move", u);
	if (r->flags & RUF_CRASHED)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.13", "unit %d has crashed: it cannot move again", u);
	if (r->flags & RUF_FAILED)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.DET.3", "unit %d failed its command check: no move this turn", u);
	tw_vec2 c = rd_unit_centre(s, u);
	double len = path_length(c, o->path, o->npath);
	if (r->type == TW_RD_BOAT) {
		if (!path_on(s, c, o->path, o->npath, is_water))
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.10", "a boat stays on the water");
		int sense = flow_sense(s, c, o->path[o->npath - 1]);
		double most = tw_rd_boat_move(sense);
		if (len > most + RD_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.10", "%.3g in: a boat moves %g in %s", len, most,
					    sense > 0 ? "with the current" : sense < 0 ? "against the current" : "across it or on still water");
		return TW_OK;
	}
	if (!path_on(s, c, o->path, o->npath, is_rail)) {
		if (!(r->attrs & RUA_CROSS_COUNTRY))
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.12", "unit %d runs on rails only", u);
		if (len > RD_CROSS_COUNTRY + RD_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.12", "%.3g in: an engine goes 6 in across country", len);
		return TW_OK;
	}
	double speed = last_run(s, u), least, most;
	tw_rd_train_window(speed, &least, &most);
	double ahead = obstacle_ahead(s, c, o->path, o->npath);
	if (tw_rd_train_crashes(speed, ahead)) {
		if (len < ahead - RD_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.13",
					    "the obstacle %.3g in ahead is inside the train's least run of %g in: the path runs on to it",
					    ahead, least);
		return TW_OK; // it crashes (rd_apply_drive)
	}
	if (len < least - RD_EPS || len > most + RD_EPS)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.12", "%.3g in: after %g in last turn the train runs %g to %g in",
				    len, speed, least, most);
	if (len > ahead + RD_EPS)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.13", "the train must stop short of the obstacle %.3g in ahead", ahead);
	return TW_OK;
}

// Displaces the carrier and everyone aboard it by d.
static void carry(tw_state *s, int u, tw_vec2 d)
{
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		if (f->status != TW_FS_ACTIVE || f->unit < 0)
			continue;
		if (f->unit == u || RDU(s, f->unit)->aboard == u)
			f->pos = tw_add(f->pos, d);
	}
}

static int figures_aboard(const tw_state *s, int u)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		n += f->status == TW_FS_ACTIVE && f->unit >= 0 && (f->unit == u || RDU(s, f->unit)->aboard == u);
	}
	return n;
}

// RD.MOVE.13: the crash's dice; the casualties fall on the passengers first (unit by unit), then
// the crew, each unit's as RD.CON.5 says.
static void crash(tw_state *s, int u, tw_vec2 at, tw_events *ev, int side)
{
	int n = figures_aboard(s, u), dice = tw_rd_crash_dice(n);
	int faces[TW_ROLL_MAX], hits = 0;
	if (dice > 0)
		tw_roll(s, ev, side, "RD.MOVE.13", dice, 6, faces, NULL);
	for (int i = 0; i < dice; i++)
		hits += faces[i] >= 5;
	RDU(s, u)->flags |= RUF_CRASHED;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, side, "RD.MOVE.13");
	if (e) {
		e->a = u;
		e->b = dice;
		e->c = hits;
		tw_event_text(e, "unit %d crashes: %d figures aboard, %d dice, %d casualt%s", u, n, dice, hits, hits == 1 ? "y" : "ies");
	}
	for (int p = 0; p < s->nunit && hits > 0; p++)
		if (RDU(s, p)->aboard == u)
			hits -= rd_remove_hits(s, p, hits, at, "RD.MOVE.13", ev);
	if (hits > 0)
		rd_remove_hits(s, u, hits, at, "RD.MOVE.13", ev);
}

tw_status rd_apply_drive(tw_state *s, const tw_order *o, tw_events *ev)
{
	int u = s->fig[o->fig[0]].unit;
	rd_urec *r = RDU(s, u);
	r->action = RD_ACT_MOVE;
	tw_vec2 c = rd_unit_centre(s, u);
	double len = path_length(c, o->path, o->npath), go = len;
	bool rails = r->type == TW_RD_ENGINE && path_on(s, c, o->path, o->npath, is_rail), crashed = false;
	if (r->type == TW_RD_BOAT && !rd_command_check(s, u, ev)) // RD.DET.4: boats check like any unit
		return TW_OK;
	if (r->type == TW_RD_ENGINE && !rails) {
		tw_event *d = NULL;
		int face = tw_roll_d6(s, ev, o->side, "RD.MOVE.12", &d);
		if (d)
			tw_event_text(d, "unit %d's engine across country throws %d, needs %d: %s", u, face, RD_CROSS_COUNTRY_FACE,
				      face >= RD_CROSS_COUNTRY_FACE ? "it moves" : "it stays");
		if (face < RD_CROSS_COUNTRY_FACE)
			return TW_OK;
	}
	double speed = rails ? last_run(s, u) : 0;
	if (rails) {
		double ahead = obstacle_ahead(s, c, o->path, o->npath);
		if (tw_rd_train_crashes(speed, ahead)) {
			// It stops with its front at the obstacle.
			tw_vec2 dir = tw_sub(o->path[0], c);
			double l0 = tw_len(dir), front = 0;
			dir = l0 > 0 ? tw_scale(dir, 1 / l0) : tw_v2(0, 1);
			for (int i = 0; i < s->nfig; i++)
				if (s->fig[i].unit == u && s->fig[i].status == TW_FS_ACTIVE)
					front = fmax(front, tw_dot(tw_sub(s->fig[i].pos, c), dir) + s->fig[i].radius);
			go = fmax(0, ahead - front);
			crashed = true;
		}
	}
	tw_vec2 end = along(c, o->path, o->npath, go);
	carry(s, u, tw_sub(end, c));
	r->used = go;
	if (go > 0)
		r->flags |= RUF_MOVED;
	if (r->type == TW_RD_ENGINE) {
		int turn = RDG(s)->turn;
		if (r->run_turn != turn)
			r->speed = last_run(s, u);
		r->run = go;
		r->run_turn = turn;
	}
	tw_event *e = tw_events_push(ev, TW_EV_MOVE, o->side, r->type == TW_RD_BOAT ? "RD.MOVE.10" : "RD.MOVE.12");
	if (e) {
		rd_move_event_unit(s, e, u);
		tw_event_text(e, "unit %d (%s) %s %.3g in", u, s->unit[u].name, r->type == TW_RD_BOAT ? "rows" : "steams", go);
	}
	if (crashed)
		crash(s, u, end, ev, o->side);
	return TW_OK;
}

static int aboard_count(const tw_state *s, int carrier)
{
	int n = 0;
	for (int p = 0; p < s->nunit; p++)
		if (RDU(s, p)->aboard == carrier)
			n += rd_unit_figures(s, p, true);
	return n;
}

tw_status rd_validate_embark(const tw_state *s, const tw_order *o, tw_error *err)
{
	int u;
	tw_status st = whole_unit(s, o, &u, "RD.MOVE.11", err);
	if (st != TW_OK)
		return st;
	const rd_urec *r = RDU(s, u);
	int c = o->val[0];
	if (is_carrier(s, u) || r->aboard >= 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.11", "unit %d cannot embark", u);
	if (c < 0 || c >= s->nunit || !is_carrier(s, c) || s->unit[c].side != o->side || !rd_unit_alive(s, c))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.11", "unit %d is no boat or train of %s's", c, s->sides[o->side].name);
	const rd_urec *rc = RDU(s, c);
	if (rc->flags & (RUF_MOVED | RUF_CRASHED))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.11", "unit %d has moved this phase (or crashed)", c);
	if (!rd_units_touch(s, u, c))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.11", "unit %d is not in contact with unit %d", u, c);
	if (r->action != RD_ACT_NONE && r->action != RD_ACT_MOVE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SEQ.5", "unit %d has already acted this phase", u);
	if (r->flags & RUF_FAILED)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.DET.3", "unit %d failed its command check", u);
	double half = rd_unit_allowance(s, u) / 2;
	if (r->used + half > rd_unit_allowance(s, u) + RD_EPS)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.11", "unit %d has %.3g in of its move left: embarking costs %g", u,
				    rd_unit_allowance(s, u) - r->used, half);
	int n = rd_unit_figures(s, u, true);
	if (aboard_count(s, c) + n > rc->capacity)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.11", "unit %d has room for %d figures, %d aboard: not %d more", c,
				    rc->capacity, aboard_count(s, c), n);
	return TW_OK;
}

static void translate_unit(tw_state *s, int u, tw_vec2 d)
{
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == u && s->fig[i].status == TW_FS_ACTIVE)
			s->fig[i].pos = tw_add(s->fig[i].pos, d);
}

tw_status rd_apply_embark(tw_state *s, const tw_order *o, tw_events *ev)
{
	int u = s->fig[o->fig[0]].unit, c = o->val[0];
	rd_urec *r = RDU(s, u);
	if (!rd_command_check(s, u, ev)) // RD.DET.4: boarding is movement
		return TW_OK;
	r->used += rd_unit_allowance(s, u) / 2;
	r->action = RD_ACT_MOVE;
	r->aboard = c;
	RDU(s, c)->action = RD_ACT_MOVE; // the carrier may not move this phase
	translate_unit(s, u, tw_sub(rd_unit_centre(s, c), rd_unit_centre(s, u)));
	tw_event *e = tw_events_push(ev, TW_EV_MOVE, o->side, "RD.MOVE.11");
	if (e) {
		rd_move_event_unit(s, e, u);
		e->c = c;
		tw_event_text(e, "unit %d embarks on unit %d for half its move (%.3g in used)", u, c, r->used);
	}
	return TW_OK;
}

tw_status rd_validate_disembark(const tw_state *s, const tw_order *o, tw_error *err)
{
	int u;
	tw_status st = whole_unit(s, o, &u, "RD.MOVE.11", err);
	if (st != TW_OK)
		return st;
	const rd_urec *r = RDU(s, u);
	if (r->aboard < 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.11", "unit %d is not aboard", u);
	if (RDU(s, r->aboard)->flags & RUF_MOVED)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.11", "unit %d has moved this phase: its passengers stay aboard",
				    r->aboard);
	if (r->action != RD_ACT_NONE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SEQ.5", "unit %d has already acted this phase", u);
	tw_vec2 c = rd_unit_centre(s, u);
	double len = path_length(c, o->path, o->npath), half = rd_unit_allowance(s, u) / 2;
	if (len > half + RD_EPS)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.11", "%.3g in: after forming up unit %d has %g in left", len, u, half);
	tw_vec2 d = tw_sub(o->path[o->npath - 1], c);
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit != u || f->status != TW_FS_ACTIVE)
			continue;
		tw_vec2 p = tw_add(f->pos, d);
		for (int t = 0; t < s->table.nterrain; t++)
			if ((rd_feature(s, t) == RD_TER_IMPASSABLE) && tw_terrain_contains(&s->table.terrain[t], p) &&
			    !rd_water_bridged(s, t, p, p))
				return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.11", "figure %d would stand in %s", i,
						    s->table.terrain[t].name);
	}
	return TW_OK;
}

tw_status rd_apply_disembark(tw_state *s, const tw_order *o, tw_events *ev)
{
	int u = s->fig[o->fig[0]].unit;
	rd_urec *r = RDU(s, u);
	int c = r->aboard;
	if (!rd_command_check(s, u, ev)) // RD.DET.4: getting off is movement
		return TW_OK;
	tw_vec2 from = rd_unit_centre(s, u);
	double len = path_length(from, o->path, o->npath);
	translate_unit(s, u, tw_sub(o->path[o->npath - 1], from));
	r->aboard = -1;
	r->action = RD_ACT_MOVE;
	r->used = rd_unit_allowance(s, u) / 2 + len;
	r->flags |= RUF_MOVED;
	RDU(s, c)->action = RD_ACT_MOVE; // the carrier may not move this phase
	tw_event *e = tw_events_push(ev, TW_EV_MOVE, o->side, "RD.MOVE.11");
	if (e) {
		rd_move_event_unit(s, e, u);
		e->c = c;
		tw_event_text(e, "unit %d disembarks from unit %d and forms up (half its move), then moves %.3g in", u, c, len);
	}
	return TW_OK;
}
