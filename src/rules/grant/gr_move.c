// Movement (GR.MOVE), terrain (GR.TERR), formation changes, guns moving, charges starting
// (GR.CHARGE.1/7/8) and generals riding to rally (GR.MORALE.10).
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gr.h"

#define GR_GENERAL_RATE 12.0 // GR.GEN.10

// GR.TERR.1-6: the allowance used to go from a to b in a straight line (multiplied penalties).
double gr_move_cost(const tw_state *s, int troop, int formation, tw_vec2 a, tw_vec2 b, const char **clause)
{
	return gr_move_cost_wet(s, troop, formation, a, b, NULL, clause);
}

double gr_move_cost_wet(const tw_state *s, int troop, int formation, tw_vec2 a, tw_vec2 b, double *wet, const char **clause)
{
	if (wet)
		*wet = 0;
	double len = tw_dist(a, b);
	int steps = (int)ceil(len / 0.25);
	if (steps < 1)
		steps = 1;
	double cost = 0;
	bool inf = troop <= TW_GR_ENGINEER, light = troop == TW_GR_LIGHT_INF;
	double prev_z = tw_table_ground(&s->table, a);
	*clause = NULL;
	for (int k = 1; k <= steps; k++) {
		tw_vec2 p = tw_add(a, tw_scale(tw_sub(b, a), (double)k / steps));
		double f = 1;
		double z = tw_table_ground(&s->table, p);
		if (z > prev_z + 1e-9)
			f *= 2; // GR.TERR.1 uphill; GR.TERR.2 downhill gives nothing
		prev_z = z;
		for (int t = 0; t < s->table.nterrain; t++) {
			const tw_terrain *tr = &s->table.terrain[t];
			if (!tw_terrain_contains(tr, p))
				continue;
			int go = gr_ter(tr)->going; // issue 16: the table in gr_obstacles.c
			if (go == GR_GO_WOOD) {
				if (!inf) { // GR.TERR.4
					*clause = "GR.TERR.4";
					return INFINITY;
				}
				if (!light)
					f *= 2;
			} else if (go == GR_GO_SWAMP) {
				if (!inf || (!light && formation != GR_F_OPEN)) { // GR.TERR.5
					*clause = "GR.TERR.5";
					return INFINITY;
				}
				f *= 2;
			} else if (go == GR_GO_ROUGH) {
				f *= 2; // GR.TERR.3 (issue 16): a ditch is broken ground, half rate for every arm (GR.TERR.6 multiplies)
			}
		}
		if (tw_table_is_water(&s->table, p) || gr_ford_water(s, p)) {
			if (wet) { // GR.MOVE.7: stepping aboard or ashore
				*wet += len / steps;
				cost += len / steps;
				continue;
			}
			// GR.TERR.7: deep water is never waded; a ford takes whole moves (move mode 4)
			*clause = "GR.TERR.7";
			return INFINITY;
		}
		cost += f * len / steps; // GR.TERR.6: penalties multiply
	}
	return cost;
}

// The terrain piece that closed the going from a to b under `clause` (GR.TERR.4 a wood, GR.TERR.5
// a swamp, GR.TERR.7 water), for the refusal: its kind, id and name ("wood 3 Hanger Wood"), or
// "the water" where no piece of that kind is found (a canal's water, say).
static const char *blocked_by(const tw_state *s, const char *clause, tw_vec2 a, tw_vec2 b, char *buf, size_t n)
{
	int want = strcmp(clause, "GR.TERR.4") == 0 ? TW_TER_WOOD : strcmp(clause, "GR.TERR.5") == 0 ? TW_TER_SWAMP : TW_TER_RIVER;
	int steps = (int)ceil(tw_dist(a, b) / 0.25);
	for (int k = 1; k <= (steps < 1 ? 1 : steps); k++) {
		tw_vec2 p = tw_add(a, tw_scale(tw_sub(b, a), (double)k / (steps < 1 ? 1 : steps)));
		for (int t = 0; t < s->table.nterrain; t++) {
			const tw_terrain *tr = &s->table.terrain[t];
			bool kind = tr->kind == want || (want == TW_TER_RIVER && tr->kind == TW_TER_FORD);
			if (kind && tw_terrain_contains(tr, p)) {
				snprintf(buf, n, "%s %d%s%s", tw_terrain_kind_name((tw_terrain_kind)tr->kind), tr->id,
					 tr->name[0] ? " " : "", tr->name);
				return buf;
			}
		}
	}
	snprintf(buf, n, "%s", want == TW_TER_RIVER ? "the water" : "the terrain");
	return buf;
}

double gr_move_rate_for(const tw_state *s, const tw_unit *u, int mode)
{
	int troop = GRU(s, u)->troop;
	if (gr_line_type(troop)) {
		if (mode == TW_GR_MODE_CHARGE)
			return u->formation == GR_F_COLUMN ? tw_grant_move_rate(troop, TW_GR_MODE_CHARGE) : -1;
		if (u->formation == GR_F_COLUMN)
			return tw_grant_move_rate(troop, TW_GR_MODE_COLUMN);
		if (u->formation == GR_F_OPEN)
			return tw_grant_move_rate(troop, TW_GR_MODE_OPEN);
		bool fired = (GRU(s, u)->flags & GUF_FIRED_NOW) != 0;
		return tw_grant_move_rate(troop, fired ? TW_GR_MODE_LINE_FIRED : TW_GR_MODE_LINE); // GR.MOVE.2
	}
	if (troop == TW_GR_ARTILLERY)
		return mode == TW_GR_MODE_CHARGE ? -1 : tw_grant_move_rate(troop, TW_GR_MODE_TEAM);
	(void)s;
	return tw_grant_move_rate(troop, mode);
}

bool gr_fig_in_contact(const tw_state *s, const tw_figure *f)
{
	double gap = s->params[GRP_CONTACT];
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *o = &s->fig[i];
		if (o->side != f->side && o->status == TW_FS_ACTIVE && gr_gap(s, f, o) <= gap) // issue 16: across a barricade
			return true;
	}
	return false;
}

static bool contact_at(const tw_state *s, const tw_figure *f, tw_vec2 p)
{
	tw_figure g = *f;
	g.pos = p;
	return gr_fig_in_contact(s, &g);
}

static double nearest_enemy(const tw_state *s, int side, tw_vec2 p)
{
	double best = 1e18;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].side != side && s->fig[i].status == TW_FS_ACTIVE) {
			double d = tw_dist(s->fig[i].pos, p);
			if (d < best)
				best = d;
		}
	return best;
}

static bool near_burning(const tw_state *s, tw_vec2 p)
{
	for (int h = 0; h < gr_nhouses(s); h++)
		if (gr_house_fire(s, h) > 0 &&
		    tw_terrain_distance(&s->table.terrain[gr_house_terrain(s, h)], p) < 3.0) // GR.HOUSE.6
			return true;
	return false;
}

static int house_near(const tw_state *s, tw_vec2 p)
{
	for (int h = 0; h < gr_nhouses(s); h++)
		if (tw_terrain_distance(&s->table.terrain[gr_house_terrain(s, h)], p) <= 1.5)
			return h;
	return -1;
}

static int garrison_count(const tw_state *s, int h)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		n += s->fig[i].status == TW_FS_ACTIVE && GRF(s, &s->fig[i])->house == gr_house_terrain(s, h);
	return n;
}

static int unit_size(const tw_state *s, int unit)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		n += s->fig[i].unit == unit && s->fig[i].status == TW_FS_ACTIVE;
	return n;
}

static int aboard_count(const tw_state *s, int barge)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		n += s->fig[i].status == TW_FS_ACTIVE && GRF(s, &s->fig[i])->aboard == barge;
	return n;
}

// GR.MOVE.7 (design choice): the barge of this side with a crewman within GR_BANK - 0.5 in of p.
static int barge_at(const tw_state *s, int side, tw_vec2 p)
{
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		const tw_unit *u = gr_unit_c(s, f->unit);
		if (u && u->side == side && f->status == TW_FS_ACTIVE && GRU(s, u)->troop == TW_GR_BARGE &&
		    tw_dist(f->pos, p) <= GR_BANK - 0.5 + 1e-9)
			return u->id;
	}
	return -1;
}

// GR.MOVE.7: a barge moves as one along the water, up to its rate for the way it goes.
static tw_status validate_barge(const tw_state *s, const tw_order *o, const tw_unit *u, tw_error *err)
{
	const tw_figure *f0 = tw_state_figure_c(s, o->fig[0]);
	tw_vec2 disp = tw_sub(o->at[0], f0->pos);
	if (o->n != 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "a barge only moves along the water (mode 0)");
	if (o->nfig != unit_size(s, u->id))
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "a barge moves as one: name all its crew");
	const char *cl = NULL;
	double rate = gr_barge_rate(s, f0->pos, o->at[0], &cl);
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->unit != u->id || f->status != TW_FS_ACTIVE)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "figure %d is not crew of %s", o->fig[i], u->name);
		if (tw_dist(tw_sub(o->at[i], f->pos), disp) > 1e-6)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "a barge moves as one: every crewman alike");
		const char *c2 = NULL;
		if (gr_barge_rate(s, f->pos, o->at[i], &c2) < 0 || rate < 0)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "barges move only on waterways");
		if (gr_fig_in_contact(s, &(tw_figure){.pos = o->at[i], .radius = f->radius, .side = f->side}))
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.ORG.4", "a barge is transport: it does not close with the enemy");
	}
	if (tw_len(disp) > rate + 1e-9)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "the barge would go %.*f in of a %.*f in move",
					    gr_excess_digits(tw_len(disp), rate), tw_len(disp), gr_excess_digits(tw_len(disp), rate), rate);
	return TW_OK;
}

// GR.MOVE.7 (design choice): a unit steps aboard a barge at the bank (n 5) or ashore (n 6) as its
// move: every figure, its normal move, at most GR_BANK in of it through water.
static tw_status validate_board(const tw_state *s, const tw_order *o, const tw_unit *u, double rate, tw_error *err)
{
	int troop = GRU(s, u)->troop;
	if (o->n == 5 && troop > TW_GR_LIGHT_CAV)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "only infantry and cavalry go aboard a barge");
	if (o->nfig != unit_size(s, u->id))
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "a unit goes aboard or ashore whole: name every figure");
	int barge = -1;
	if (o->n == 5) {
		barge = barge_at(s, u->side, o->at[0]);
		const tw_unit *b = gr_unit_c(s, barge);
		if (!b || !gr_unit_active(s, b))
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "no barge of this side there");
		if (aboard_count(s, barge) > 0)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "%s already carries a unit", b->name);
	}
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->unit != u->id || f->status != TW_FS_ACTIVE)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "figure %d is not of %s", o->fig[i], u->name);
		for (int k = 0; k < i; k++)
			if (o->fig[k] == o->fig[i])
				return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "figure %d named twice", o->fig[i]);
		if (o->n == 5 && barge_at(s, u->side, o->at[i]) != barge)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "figure %d would not be aboard", f->id);
		if (o->n == 6 && !gr_spot_free(s, o->at[i], f->radius, f->id))
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "figure %d cannot land at (%.2f, %.2f)", f->id, o->at[i].x, o->at[i].y);
		const char *cl = NULL;
		double wet = 0, cost = gr_move_cost_wet(s, troop, u->formation, f->pos, o->at[i], &wet, &cl);
		char piece[64];
		if (cl)
			return tw_error_set(err, TW_ERR_ILLEGAL, cl, "figure %d cannot go there: %s is in the way", f->id,
					    blocked_by(s, cl, f->pos, o->at[i], piece, sizeof piece));
		if (wet > GR_BANK + 1e-9)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "the barge must lie at the bank (%.2f in of water)", wet);
		if (cost > rate + 1e-9)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.1", "figure %d would use %.*f in of a %.*f in move", f->id,
						    gr_excess_digits(cost, rate), cost, gr_excess_digits(cost, rate), rate);
		if (contact_at(s, f, o->at[i]) && gr_cavalry(troop))
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.CHARGE.7", "cavalry makes contact only by charging");
	}
	return TW_OK;
}

// GR.CHARGE.9: a light cavalry charge along a path. The first figure follows the path; the
// formation keeps its shape and turns with the path about the first figure (a wheel).
typedef struct wheel {
	double cost[TW_ORDER_MAX_FIG]; ///< allowance each figure uses along its own route, inches
	double len[TW_ORDER_MAX_FIG];  ///< length of each figure's route, inches
	double turn;                   ///< total turning, degrees (sum of the turns' sizes)
	double last_at;                ///< how far along the path the last turn is made, inches
	double length;                 ///< the first figure's path length, inches
	double heading;                ///< the bearing of the last leg: the unit faces it
} wheel;

// Modes of a move order's n: 0 normal, 1 charge, 2 heavy cavalry battle move, 3 into a house,
// 4 across a ford (GR.TERR.7), 5 aboard a barge, 6 ashore from a barge (GR.MOVE.7).
// With w, the order is a light cavalry wheel (GR.CHARGE.9): each figure's allowance is w->cost.
// GR.GEN.10 (interpenetration, the engine's choice): men may pass through friends on the way, but
// no man ends a move or a formation change standing on another of his side (bases may touch).
// Generals are left out, as movers and as obstacles: a general stands among his troops.
static bool named_in(const tw_order *o, int id)
{
	for (int j = 0; j < o->nfig; j++)
		if (o->fig[j] == id)
			return true;
	return false;
}

static tw_status ends_on_friend(const tw_state *s, const tw_order *o, tw_error *err)
{
	const double slack = 1e-4;
	if (o->nfig < 1)
		return TW_OK;
	// One pass over the table: only friends inside the box around the order's destinations (grown
	// by the widest pair of bases) can be stood on; of those, the movers' own unit's men named in
	// the order are leaving their places.
	tw_vec2 lo = o->at[0], hi = o->at[0];
	double rmax = 0;
	int side = -1, unit = -2;
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->kind == TW_FK_GENERAL)
			continue;
		lo = tw_v2(fmin(lo.x, o->at[i].x), fmin(lo.y, o->at[i].y));
		hi = tw_v2(fmax(hi.x, o->at[i].x), fmax(hi.y, o->at[i].y));
		rmax = fmax(rmax, f->radius);
		side = f->side;
		unit = unit == -2 || unit == f->unit ? f->unit : -3;
	}
	if (side < 0)
		return TW_OK;
	for (int k = 0; k < s->nfig; k++) {
		const tw_figure *g = &s->fig[k];
		if (g->status != TW_FS_ACTIVE || g->side != side || g->kind == TW_FK_GENERAL)
			continue;
		double reach = g->radius + rmax;
		if (g->pos.x < lo.x - reach || g->pos.x > hi.x + reach || g->pos.y < lo.y - reach || g->pos.y > hi.y + reach)
			continue;
		if ((unit == -3 || g->unit == unit) && named_in(o, g->id))
			continue;
		for (int i = 0; i < o->nfig; i++) {
			const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
			if (!f || f->kind == TW_FK_GENERAL)
				continue;
			double r = f->radius + g->radius - slack;
			tw_vec2 p = o->at[i];
			if (fabs(g->pos.x - p.x) < r && fabs(g->pos.y - p.y) < r && tw_dist(g->pos, p) < r)
				return tw_error_set(err, TW_ERR_ILLEGAL, "GR.GEN.10", "figure %d would end standing on figure %d", f->id, g->id);
		}
	}
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->kind == TW_FK_GENERAL)
			continue;
		for (int j = 0; j < i; j++) {
			const tw_figure *g = tw_state_figure_c(s, o->fig[j]);
			if (g && g->kind != TW_FK_GENERAL && tw_dist(o->at[j], o->at[i]) < f->radius + g->radius - slack)
				return tw_error_set(err, TW_ERR_ILLEGAL, "GR.GEN.10", "figures %d and %d would end standing on each other", g->id, f->id);
		}
	}
	return TW_OK;
}

static tw_status validate_move(const tw_state *s, const tw_order *o, const wheel *w, tw_error *err)
{
	if (!o->has_at || o->nfig < 1)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.1", "a move names each figure's destination");
	if (o->n < 0 || o->n > 6)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.1", "unknown move mode %d", o->n);
	const tw_figure *f0 = tw_state_figure_c(s, o->fig[0]);
	if (!f0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.1", "no figure %d", o->fig[0]);
	int unit = f0->unit;
	const tw_unit *u = gr_unit_c(s, unit);
	bool general = f0->kind == TW_FK_GENERAL && !u;
	double rate = GR_GENERAL_RATE;
	int troop = TW_GR_LIGHT_CAV, formation = GR_F_LINE;
	if (!general) {
		if (!u)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.ORG.1", "figure %d belongs to no unit", f0->id);
		troop = GRU(s, u)->troop;
		formation = u->formation;
		if (GRU(s, u)->flags & GUF_MELEE)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MELEE.1", "%s is locked in melee: it may not move away", u->name);
		if (GRU(s, u)->flags & GUF_MOVED_NOW)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.1", "%s has already moved this move", u->name);
		if (GRU(s, u)->flags & GUF_RETIRE50)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MORALE.8", "%s is under the 50%% rule", u->name);
		if (gr_unit_crossing(s, u))
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.TERR.7", "%s is crossing a ford until the end of move %d", u->name,
					    GRU(s, u)->xing);
		if (gr_unit_halted(s, u))
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MORALE.5", "%s is halted (bad morale, rally or withdrawal)", u->name);
		bool aboard = GRF(s, f0)->aboard >= 0;
		if (aboard && o->n != 6)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "%s is aboard a barge: it moves with it, or ashore (mode 6)", u->name);
		if (!aboard && o->n == 6)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "%s is not aboard a barge", u->name);
		if (troop == TW_GR_BARGE)
			return validate_barge(s, o, u, err);
		if (o->n == 4 && tw_grant_ford_moves(troop) == 0)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.TERR.7", "%s cannot ford", u->name);
		if (o->n == 4 && (GRU(s, u)->flags & GUF_FIRED_NOW))
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.TERR.7", "a unit crossing a ford does nothing else: %s has fired", u->name);
		int ex = GRU(s, u)->exhaust ? s->move_no - GRU(s, u)->exhaust : 0;
		bool exhausted = ex >= 1 && ex <= 4;
		if (exhausted && o->n == 1)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MELEE.24", "%s is exhausted and may not charge", u->name);
		if (o->n == 1 && troop == TW_GR_LIGHT_INF)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.3", "light infantry has no charge");
		if (o->n == 1 && gr_line_type(troop) && u->formation != GR_F_COLUMN)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.CHARGE.1", "infantry charges only in column");
		if (o->n == 1 && troop == TW_GR_ARTILLERY)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.CHARGE.1", "artillery does not charge");
		if (o->n == 2 && (troop != TW_GR_HEAVY_CAV || GRU(s, u)->rest < 1))
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.5", "a battle move needs heavy cavalry with a rest credit");
		if (o->n == 3 && troop > TW_GR_ENGINEER)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.TERR.8", "only infantry garrisons a building");
		int mode = o->n == 1 ? TW_GR_MODE_CHARGE : o->n == 2 ? TW_GR_MODE_BATTLE : TW_GR_MODE_NORMAL;
		rate = gr_move_rate_for(s, u, mode);
		if (rate < 0)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.1", "%s has no such move", u->name);
		if (o->n == 5 || o->n == 6)
			return validate_board(s, o, u, rate, err);
		if (exhausted) {
			double before = 0, after = 0;
			for (int i = 0; i < o->nfig; i++) {
				const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
				if (f) {
					before += nearest_enemy(s, f->side, f->pos);
					after += nearest_enemy(s, f->side, o->at[i]);
				}
			}
			if (after < before - 1e-9)
				return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MELEE.24", "%s is exhausted: no move towards the enemy", u->name);
		}
	} else if ((o->n != 0 && o->n != 4) || GRF(s, f0)->attached >= 0) {
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MORALE.10", "a general bound to a unit may not leave it");
	}
	int garrison = o->n == 3 ? -1 : 0;
	bool any_contact = false;
	double lead = INFINITY; // GR.TERR.7: the crossing unit's nearest approach to the water
	tw_vec2 disp0 = tw_sub(o->at[0], f0->pos);
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->status != TW_FS_ACTIVE || f->side != o->side || f->unit != unit)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.1", "figure %d is not an active man of this unit", o->fig[i]);
		for (int k = 0; k < i; k++)
			if (o->fig[k] == o->fig[i])
				return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.1", "figure %d named twice", o->fig[i]);
		if (f->kind == TW_FK_GUNNER && GRF(s, f)->gun >= 0 && o->n != 0)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.6", "crews move with their guns");
		if (GRF(s, f)->xend >= s->move_no)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.TERR.7", "figure %d is crossing a ford", f->id);
		const char *cl = NULL;
		double cost;
		if (o->n == 4) { // GR.TERR.7: dry going on both banks within one normal move
			double before = 0, after = 0;
			if (!gr_ford_legs(s, troop, formation, f->pos, o->at[i], &before, &after, &cl))
				return tw_error_set(err, TW_ERR_ILLEGAL, cl, "figure %d: no crossing at a ford from there to there", f->id);
			cost = before + after;
			lead = fmin(lead, before);
		} else if (w) {
			cost = w->cost[i]; // GR.CHARGE.9: measured along the path
		} else {
			cost = gr_move_cost(s, troop, formation, f->pos, o->at[i], &cl);
			char piece[64];
			if (cl)
				return tw_error_set(err, TW_ERR_ILLEGAL, cl, "figure %d cannot go there: %s is in the way", f->id,
						    blocked_by(s, cl, f->pos, o->at[i], piece, sizeof piece));
		}
		if (cost > rate + 1e-9)
			return tw_error_set(err, TW_ERR_ILLEGAL, w ? "GR.CHARGE.9" : "GR.MOVE.1",
					    w ? "figure %d would use %.*f in along its path of the %.*f in charge"
					      : "figure %d would use %.*f in of a %.*f in move",
					    f->id, gr_excess_digits(cost, rate), cost, gr_excess_digits(cost, rate), rate);
		if (!gr_spot_free(s, o->at[i], f->radius, f->id))
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.TERR.7", "figure %d cannot stand at (%.2f, %.2f)", f->id, o->at[i].x, o->at[i].y);
		if (near_burning(s, o->at[i]))
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.HOUSE.6", "no troops within 3 in of a burning house");
		bool contact = contact_at(s, f, o->at[i]);
		any_contact |= contact;
		if (contact && o->n == 4)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.TERR.7", "a crossing lands clear of the enemy");
		if (contact && gr_cavalry(troop) && o->n != 1)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.CHARGE.7", "cavalry makes contact only by charging");
		if (o->n == 1 && !w && tw_dist(tw_sub(o->at[i], f->pos), disp0) > 1e-6)
			return tw_error_set(err, TW_ERR_ILLEGAL, troop == TW_GR_HEAVY_CAV ? "GR.CHARGE.8" : "GR.CHARGE.1",
					    "a charge goes straight ahead, every figure alike");
		if (o->n == 3) {
			int h = house_near(s, o->at[i]);
			if (h < 0 || gr_house_ruin(s, h) || gr_house_fire(s, h))
				return tw_error_set(err, TW_ERR_ILLEGAL, "GR.TERR.8", "figure %d is not at a standing house", f->id);
			if (garrison == -1)
				garrison = h;
			else if (garrison != h)
				return tw_error_set(err, TW_ERR_ILLEGAL, "GR.TERR.8", "a garrison goes into one house section");
		}
	}
	if (o->n == 4 && lead > GR_BANK + 1e-9)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.TERR.7", "a crossing starts at the bank: the nearest figure is %.2f in from the ford", lead);
	if (o->n == 3 && garrison_count(s, garrison) + o->nfig > 7)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.TERR.8", "a house section holds at most 7 figures");
	if (o->n == 1 && !general && !w) {
		double len = tw_len(disp0);
		double turn = len > 1e-9 ? fabs(remainder(tw_bearing_deg(disp0) - u->facing, 360.0)) : 0;
		if (troop == TW_GR_HEAVY_CAV && turn > 5.0)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.CHARGE.8", "heavy cavalry charges straight ahead, without wheeling");
		if (troop == TW_GR_LIGHT_CAV && turn > 45.0 + 1e-9)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.CHARGE.9", "light cavalry wheels at most 45 degrees");
		if (gr_line_type(troop) && len > 1e-9 && fabs(remainder(tw_bearing_deg(disp0) - u->facing, 360.0)) > 5.0)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.CHARGE.1", "an infantry charge goes directly forward");
		if (troop == TW_GR_HEAVY_CAV && !any_contact) {
			const char *cl = NULL;
			double cost = gr_move_cost(s, troop, formation, f0->pos, o->at[0], &cl);
			tw_vec2 more = len > 1e-9 ? tw_add(o->at[0], tw_scale(disp0, 0.5 / len)) : o->at[0];
			if (cost < rate - 0.01 && gr_spot_free(s, more, f0->radius, -1))
				return tw_error_set(err, TW_ERR_ILLEGAL, "GR.CHARGE.8", "heavy cavalry charges the full 18 in");
		}
	}
	return o->n == 3 ? TW_OK : ends_on_friend(s, o, err); // a garrison is inside its house
}

tw_status gr_validate_move(const tw_state *s, const tw_order *o, tw_error *err) { return validate_move(s, o, NULL, err); }

// GR.CHARGE.9: where the figure with offset `off` from the first figure (at the start, the unit
// heading h0) stands when the first figure is at p and the unit heads h.
static tw_vec2 wheel_place(tw_vec2 off, double h0, double h, tw_vec2 p)
{
	double fwd = tw_dot(off, tw_dir_deg(h0)), right = tw_dot(off, tw_dir_deg(h0 + 90));
	return tw_add(p, tw_add(tw_scale(tw_dir_deg(h), fwd), tw_scale(tw_dir_deg(h + 90), right)));
}

// GR.CHARGE.9: plans a group-path charge (o->path is the first figure's path) as a wheel: x gets
// each figure's end point (x->at, x->has_at) and w the routes' costs and the turning. Refusals
// cite GR.CHARGE.9, or the terrain clause that stops a route.
static tw_status plan_wheel(const tw_state *s, const tw_order *o, tw_order *x, wheel *w, tw_error *err)
{
	const tw_figure *f0 = tw_state_figure_c(s, o->fig[0]);
	const tw_unit *u = gr_unit_c(s, f0->unit);
	*x = *o;
	x->has_at = true;
	x->npath = 0;
	memset(w, 0, sizeof *w);
	double h = u->facing, at = 0;
	tw_vec2 p = f0->pos;
	for (int k = 0; k < o->npath; k++) { // the turning, along the first figure's path
		double leg = tw_dist(p, o->path[k]);
		if (leg < 1e-6)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.CHARGE.9", "path point %d repeats the one before", k + 1);
		double b = tw_bearing_deg(tw_sub(o->path[k], p)), t = remainder(b - h, 360.0);
		if (fabs(t) > 1e-6) {
			if (at > 6.0 + 1e-9)
				return tw_error_set(err, TW_ERR_ILLEGAL, "GR.CHARGE.9",
						    "light cavalry wheels only in the first 6 in of its charge: a turn at %.*f in",
						    gr_excess_digits(at, 6), at);
			w->turn += fabs(t);
			w->last_at = at;
		}
		h = b;
		at += leg;
		p = o->path[k];
	}
	if (w->turn > 45.0 + 1e-9)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.CHARGE.9", "light cavalry wheels at most 45 degrees in all, not %.1f",
				    w->turn);
	w->length = at;
	w->heading = h;
	for (int i = 0; i < o->nfig; i++) { // each figure's route: legs, and arcs about the first figure at turns
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f) {
			x->at[i] = o->path[o->npath - 1];
			continue; // refused by validate_move
		}
		tw_vec2 off = tw_sub(f->pos, f0->pos), pos = f->pos;
		p = f0->pos;
		h = u->facing;
		for (int k = 0; k < o->npath; k++) {
			double b = tw_bearing_deg(tw_sub(o->path[k], p)), t = remainder(b - h, 360.0);
			int steps = (int)ceil(fabs(t) / 5.0); // the arc in chords of at most 5 degrees
			for (int j = 1; j <= steps + 1; j++) {
				tw_vec2 q = j <= steps ? wheel_place(off, u->facing, h + t * j / steps, p)
						       : wheel_place(off, u->facing, b, o->path[k]);
				const char *cl = NULL;
				w->cost[i] += gr_move_cost(s, GRU(s, u)->troop, u->formation, pos, q, &cl);
				if (cl)
					return tw_error_set(err, TW_ERR_ILLEGAL, cl, "figure %d cannot wheel through there", f->id);
				w->len[i] += tw_dist(pos, q);
				pos = q;
			}
			h = b;
			p = o->path[k];
		}
		x->at[i] = pos;
		x->facing[i] = w->heading;
	}
	return TW_OK;
}

bool gr_wheel_order(const tw_state *s, const tw_order *o)
{
	if (o->type != GR_OT_MOVE || o->has_at || o->n != 1 || o->npath < 1 || o->nfig < 1)
		return false;
	const tw_figure *f0 = tw_state_figure_c(s, o->fig[0]);
	const tw_unit *u = f0 ? gr_unit_c(s, f0->unit) : NULL;
	return u && GRU(s, u)->troop == TW_GR_LIGHT_CAV;
}

tw_status gr_validate_path_move(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (gr_wheel_order(s, o)) {
		tw_order *x = tw_malloc(sizeof *x);
		wheel *w = tw_malloc(sizeof *w);
		tw_status st = x && w ? plan_wheel(s, o, x, w, err) : tw_error_set(err, TW_ERR_STATE, "GR.CHARGE.9", "out of memory");
		if (st == TW_OK)
			st = validate_move(s, x, w, err);
		tw_free(x);
		tw_free(w);
		return st;
	}
	const tw_figure *f0 = o->nfig > 0 ? tw_state_figure_c(s, o->fig[0]) : NULL;
	const tw_unit *u = f0 ? gr_unit_c(s, f0->unit) : NULL;
	if (o->n == 1 && u && GRU(s, u)->troop == TW_GR_HEAVY_CAV)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.CHARGE.8",
				    "heavy cavalry charges in a straight line, without wheeling: give one point");
	if (o->n == 1 && u && gr_line_type(GRU(s, u)->troop))
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.CHARGE.1", "an infantry charge goes directly forward: give one point");
	return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.1", "Grant's moves go straight: give one point");
}

static void attach_general(tw_state *s, tw_figure *g, tw_events *ev)
{
	for (int i = 0; i < s->nunit; i++) {
		tw_unit *u = &s->unit[i];
		if (u->side != g->side || !gr_unit_active(s, u) || GRU(s, u)->rally)
			continue;
		bool retiring = GRU(s, u)->morale > 0 || (GRU(s, u)->flags & GUF_WITHDRAW);
		if (!retiring || (GRU(s, u)->flags & GUF_RETIRE50))
			continue; // GR.MORALE.10: not a unit at 50%
		double d;
		int fa = -1;
		tw_figure tmp = *g;
		(void)tmp;
		for (int j = 0; j < s->nfig; j++)
			if (s->fig[j].unit == u->id && s->fig[j].status == TW_FS_ACTIVE && tw_dist(s->fig[j].pos, g->pos) <= 2.0)
				fa = j;
		(void)d;
		if (fa < 0)
			continue;
		tw_event *e = NULL;
		int die = tw_roll_d6(s, ev, g->side, "GR.MORALE.10", &e);
		GRU(s, u)->rally = s->move_no + die;
		gr_unit_set_flag(s, u, GUF_WITHDRAW, false);
		GRU(s, u)->flags &= ~GUF_BROKE; // halts from the moment he attaches
		GRF(s, g)->attached = u->id;
		if (e) {
			e->c = u->id;
			tw_event_text(e, "general %d joins %s: fit for action at the end of move %d", g->id, u->name,
				      GRU(s, u)->rally);
		}
		return;
	}
}

// GR.TERR.7: the figures stay at the bank and are placed on the far bank at the end of the
// last move of the crossing (gr_ford_update).
static void start_crossing(tw_state *s, const tw_order *o, tw_figure *f0, tw_unit *u, tw_events *ev)
{
	int end = s->move_no + (u ? tw_grant_ford_moves(GRU(s, u)->troop) : 2) - 1; // a general as cavalry
	for (int i = 0; i < o->nfig; i++)
		gr_ford_set(s, tw_state_figure(s, o->fig[i]), end, o->at[i]);
	if (u) {
		GRU(s, u)->xing = end;
		gr_unit_set_flag(s, u, GUF_MOVED_NOW, true);
	}
	tw_event *e = tw_events_push(ev, TW_EV_INFO, f0->side, "GR.TERR.7");
	if (e) {
		e->a = u ? u->id : -1;
		e->b = end;
		tw_event_text(e, "%s %d starts crossing the ford: on the far bank at the end of move %d", u ? u->name : "general",
			      u ? u->id : f0->id, end);
	}
}

static tw_status apply_move(tw_state *s, const tw_order *o, const wheel *w, tw_events *ev)
{
	tw_figure *f0 = tw_state_figure(s, o->fig[0]);
	tw_unit *u = gr_unit(s, f0->unit);
	tw_vec2 disp = tw_sub(o->at[0], f0->pos);
	if (o->n == 4) {
		start_crossing(s, o, f0, u, ev);
		return TW_OK;
	}
	int barge = o->n == 5 ? barge_at(s, f0->side, o->at[0]) : -1;
	if (u && GRU(s, u)->troop == TW_GR_BARGE) // GR.MOVE.7: the unit aboard goes with its barge
		for (int i = 0; i < s->nfig; i++) {
			tw_figure *f = &s->fig[i];
			if (f->status == TW_FS_ACTIVE && GRF(s, f)->aboard == u->id) {
				f->pos = tw_add(f->pos, disp);
				f->moved_in = s->move_no;
			}
		}
	for (int i = 0; i < o->nfig; i++) {
		tw_figure *f = tw_state_figure(s, o->fig[i]);
		double d = tw_dist(f->pos, o->at[i]);
		f->pos = o->at[i];
		f->moved_in = s->move_no;
		f->move_used = w ? w->len[i] : d;
		if (w)
			f->facing = w->heading; // GR.CHARGE.9: the wheeled line faces its last leg
		if (o->n == 5 || o->n == 6)
			GRF(s, f)->aboard = o->n == 5 ? barge : -1;
		if (o->n == 3) {
			int h = house_near(s, f->pos);
			GRF(s, f)->house = gr_house_terrain(s, h);
		} else if (d > 0) {
			GRF(s, f)->house = -1;
			GRF(s, f)->inside = 0;
		}
		tw_event *e = tw_events_push(ev, TW_EV_MOVE, f->side,
					     w ? "GR.CHARGE.9" : o->n == 1 ? "GR.CHARGE.1" : o->n == 3 ? "GR.TERR.8" : o->n >= 5 || (u && GRU(s, u)->troop == TW_GR_BARGE) ? "GR.MOVE.7" : "GR.MOVE.1");
		if (e) {
			e->a = f->id;
			e->x = f->pos.x;
			e->y = f->pos.y;
			e->v = w ? w->len[i] : d;
		}
	}
	if (!u) {
		attach_general(s, f0, ev);
		return TW_OK;
	}
	gr_unit_set_flag(s, u, GUF_MOVED_NOW, true);
	// Cavalry wheels as it moves (light cavalry also in its charge, GR.CHARGE.9): it faces the
	// way it went.
	if (w)
		u->facing = w->heading;
	else if (gr_cavalry(GRU(s, u)->troop) && tw_len(disp) > 1e-9 && (o->n != 1 || GRU(s, u)->troop == TW_GR_LIGHT_CAV))
		u->facing = tw_bearing_deg(disp);
	if (o->n == 2) {
		GRU(s, u)->rest--; // GR.MOVE.5
		gr_unit_set_flag(s, u, GUF_BATTLE, true);
	}
	if (o->n == 1) {
		gr_unit_set_flag(s, u, GUF_CHARGED_NOW, true);
		gr_charge_contact(s, u->id, ev); // GR.CHARGE.5/6: the dice-off and close-range fire first
	}
	gr_note_contact(s, u->id, gr_part(s), ev); // GR.MELEE.1: contact locks both units at once
	return TW_OK;
}

tw_status gr_apply_move(tw_state *s, const tw_order *o, tw_events *ev) { return apply_move(s, o, NULL, ev); }

// GR.CHARGE.9: a light cavalry charge along a path (validated by gr_validate_path_move).
tw_status gr_apply_path_move(tw_state *s, const tw_order *o, tw_events *ev)
{
	tw_order *x = tw_malloc(sizeof *x);
	wheel *w = tw_malloc(sizeof *w);
	tw_status st = TW_ERR_STATE;
	if (x && w && plan_wheel(s, o, x, w, NULL) == TW_OK) {
		tw_unit *u = gr_unit(s, tw_state_figure(s, o->fig[0])->unit);
		tw_event *e = tw_events_push(ev, TW_EV_INFO, u->side, "GR.CHARGE.9");
		if (e) {
			e->a = u->id;
			e->x = w->turn;
			e->y = w->last_at;
			e->v = w->length;
			tw_event_text(e, "%s wheels %.1f degrees in the first %.2f in, %.2f in along its path", u->name, w->turn,
				      w->last_at, w->length);
		}
		st = apply_move(s, x, w, ev);
	}
	tw_free(x);
	tw_free(w);
	return st;
}

tw_status gr_validate_formation(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (!o->has_at || o->nfig < 1 || o->n < 0 || o->n >= GR_F_COUNT)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.GEN.10", "a formation change names a formation and each figure's place");
	const tw_figure *f0 = tw_state_figure_c(s, o->fig[0]);
	const tw_unit *u = f0 ? gr_unit_c(s, f0->unit) : NULL;
	if (!u || u->side != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.ORG.1", "no unit of this side");
	if (!gr_line_type(GRU(s, u)->troop))
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MUSK.1", "only line-type infantry forms line, column or open order");
	if (GRU(s, u)->flags & (GUF_MELEE | GUF_MOVED_NOW | GUF_CHARGED_NOW))
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.CHARGE.10", "%s may not change formation now", u->name);
	if (gr_unit_crossing(s, u))
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.TERR.7", "%s is crossing a ford", u->name);
	if (GRF(s, f0)->aboard >= 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.7", "%s is aboard a barge", u->name);
	if (gr_unit_halted(s, u) || (GRU(s, u)->flags & GUF_RETIRE50))
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MORALE.5", "%s is halted", u->name);
	double rate = gr_move_rate_for(s, u, TW_GR_MODE_NORMAL);
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		n += s->fig[i].unit == u->id && s->fig[i].status == TW_FS_ACTIVE;
	if (o->nfig != n)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.GEN.10", "a formation change places every figure of the unit");
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->unit != u->id || f->status != TW_FS_ACTIVE)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.GEN.10", "figure %d is not of %s", o->fig[i], u->name);
		for (int k = 0; k < i; k++)
			if (o->fig[k] == o->fig[i])
				return tw_error_set(err, TW_ERR_ILLEGAL, "GR.GEN.10", "figure %d named twice", o->fig[i]);
		const char *cl = NULL;
		double cost = gr_move_cost(s, GRU(s, u)->troop, GR_F_OPEN, f->pos, o->at[i], &cl);
		if (!cl && cost > rate + 1e-9) // exact: enough digits to see the excess (issue 19)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.1",
					    "figure %d would use %.*f in of a %.*f in move to reach his place in %s", f->id,
					    gr_excess_digits(cost, rate), cost, gr_excess_digits(cost, rate), rate, gr_formation_names[o->n]);
		if (cl || !gr_spot_free(s, o->at[i], f->radius, f->id) || contact_at(s, f, o->at[i]))
			return tw_error_set(err, TW_ERR_ILLEGAL, cl ? cl : "GR.MOVE.1", "figure %d cannot reach its place", f->id);
	}
	return ends_on_friend(s, o, err);
}

tw_status gr_apply_formation(tw_state *s, const tw_order *o, tw_events *ev)
{
	tw_unit *u = gr_unit(s, tw_state_figure(s, o->fig[0])->unit);
	for (int i = 0; i < o->nfig; i++) {
		tw_figure *f = tw_state_figure(s, o->fig[i]);
		f->move_used = tw_dist(f->pos, o->at[i]);
		f->moved_in = s->move_no;
		f->pos = o->at[i];
		f->facing = o->facing[i];
		GRF(s, f)->house = -1;
	}
	u->formation = (uint8_t)o->n;
	u->facing = o->facing[0];
	gr_unit_set_flag(s, u, GUF_MOVED_NOW, true);
	tw_event *e = tw_events_push(ev, TW_EV_INFO, u->side, "GR.GEN.10");
	if (e) {
		e->a = u->id;
		e->b = o->n;
		tw_event_text(e, "%s forms %s", u->name, gr_formation_names[o->n]);
	}
	return TW_OK;
}

// Modes: n 0 drawn by the team (6 in), 1 manhandled by the crew (1 in) (GR.MOVE.6).
tw_status gr_validate_gun_move(const tw_state *s, const tw_order *o, tw_error *err)
{
	const tw_gun *g = tw_state_gun_c(s, o->gun);
	if (!g || g->side != o->side || GRG(s, g)->destroyed)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.ART.8", "no gun of this side in action");
	if (o->npath < 1 || o->n < 0 || o->n > 1)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.6", "a gun move needs a destination and a mode");
	const tw_unit *u = gr_unit_c(s, GRG(s, g)->unit);
	if (u && (GRU(s, u)->flags & GUF_MELEE))
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MELEE.1", "the battery is locked in melee");
	if (u && (gr_unit_halted(s, u) || (GRU(s, u)->flags & GUF_RETIRE50)))
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MORALE.5", "the battery is halted");
	if (GRG(s, g)->xend >= s->move_no)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.TERR.7", "the gun is crossing a ford until the end of move %d", GRG(s, g)->xend);
	if (g->acted_in == s->move_no && g->action != TW_GA_NONE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.6", "the gun has already moved or fired this move");
	int crew = 0;
	for (int i = 0; i < s->nfig; i++)
		crew += s->fig[i].status == TW_FS_ACTIVE && GRF(s, &s->fig[i])->gun == g->id;
	if (o->n == 1 && crew == 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.ORG.3", "no crew left to manhandle the gun");
	double rate = tw_grant_move_rate(TW_GR_ARTILLERY, o->n ? TW_GR_MODE_MANHANDLE : TW_GR_MODE_TEAM);
	tw_vec2 to = o->path[o->npath - 1];
	const char *cl = NULL;
	double before = 0, after = 0;
	// GR.TERR.7: a gun drawn by its team through a ford spends 4 moves crossing.
	bool ford = o->n == 0 && gr_ford_legs(s, TW_GR_ARTILLERY, 0, g->axle, to, &before, &after, &cl);
	double cost = ford ? before + after : gr_move_cost(s, TW_GR_ARTILLERY, 0, g->axle, to, &cl);
	if (cl)
		return tw_error_set(err, TW_ERR_ILLEGAL, cl, "the gun cannot go there");
	if (ford && before > GR_BANK + 1e-9)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.TERR.7", "a crossing starts at the bank: the gun is %.2f in from the ford", before);
	if (cost > rate + 1e-9)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MOVE.6", "the gun would use %.*f in of %.*f in",
				    gr_excess_digits(cost, rate), cost, gr_excess_digits(cost, rate), rate);
	tw_vec2 d = tw_sub(to, g->axle);
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->status == TW_FS_ACTIVE && GRF(s, f)->gun == g->id && !gr_spot_free(s, tw_add(f->pos, d), f->radius, f->id))
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.TERR.7", "the crew cannot follow the gun there");
	}
	if (!gr_spot_free(s, to, 0.5, -1))
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.TERR.7", "the gun cannot stand there");
	return TW_OK;
}

tw_status gr_apply_gun_move(tw_state *s, const tw_order *o, tw_events *ev)
{
	tw_gun *g = tw_state_gun(s, o->gun);
	tw_vec2 to = o->path[o->npath - 1], d = tw_sub(to, g->axle);
	double before = 0, after = 0;
	const char *cl = NULL;
	if (o->n == 0 && gr_ford_legs(s, TW_GR_ARTILLERY, 0, g->axle, to, &before, &after, &cl)) {
		int end = s->move_no + tw_grant_ford_moves(TW_GR_ARTILLERY) - 1; // GR.TERR.7: 4 moves
		GRG(s, g)->xend = end;
		GRG(s, g)->xx = (int32_t)lround(to.x * GR_FIXED);
		GRG(s, g)->xy = (int32_t)lround(to.y * GR_FIXED);
		for (int i = 0; i < s->nfig; i++) {
			tw_figure *f = &s->fig[i];
			if (f->status == TW_FS_ACTIVE && GRF(s, f)->gun == g->id)
				gr_ford_set(s, f, end, tw_add(f->pos, d));
		}
		g->acted_in = s->move_no;
		g->action = TW_GA_MOVED;
		GRG(s, g)->team_moved = s->move_no;
		tw_event *e = tw_events_push(ev, TW_EV_INFO, g->side, "GR.TERR.7");
		if (e) {
			e->a = g->id;
			e->b = end;
			tw_event_text(e, "gun %d starts crossing the ford: on the far bank at the end of move %d", g->id, end);
		}
		return TW_OK;
	}
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		if (f->status == TW_FS_ACTIVE && GRF(s, f)->gun == g->id) {
			f->pos = tw_add(f->pos, d);
			f->moved_in = s->move_no;
		}
	}
	g->axle = to;
	if (tw_len(d) > 1e-9)
		g->bearing = tw_bearing_deg(d);
	g->acted_in = s->move_no;
	g->action = TW_GA_MOVED;
	if (o->n == 0)
		GRG(s, g)->team_moved = s->move_no;
	gr_note_contact(s, GRG(s, g)->unit, gr_part(s), ev); // GR.MELEE.1: a crew that walks into contact
	tw_event *e = tw_events_push(ev, TW_EV_GUN_MOVE, g->side, "GR.MOVE.6");
	if (e) {
		e->a = g->id;
		e->x = to.x;
		e->y = to.y;
		e->v = tw_len(d);
	}
	return TW_OK;
}
