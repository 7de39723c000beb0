// A Rattle of Dice: computer generals through the general interface.
//
// "rd-attack" picks one enemy unit for the whole army at the start of each phase (the one nearest
// the army's centre, the weaker first when two are about as near) and brings every unit against
// it: charge when the melee pays (RD.CHARGE, RD.MELEE.3/11-13), shoot when it can (RD.SHOOT), else
// turn to face it (RD.MOVE.6) and march to just inside its weapon's range (RD.SHOOT.5); the
// nearer count less where the exchange of fire with the nearest of ours goes against us (its
// expected hits on us over ours on it, RD.SHOOT.6-11). "rd-skirmish" marches the same way on the
// enemy unit within 24 in against which one of its units has the best of that exchange (with
// none so near, on rd-attack's choice);
// its infantry takes skirmish order once an enemy is within 18 in (RD.SHOOT.8: a difficult
// target; his range and half his move); each unit shoots where it expects the most hits when the
// army's target is out of reach. Both play first when they win the initiative, ride the Generals
// behind their units at the end of the phase so that the units start the next turn in command
// (RD.DET.1/2), and urge on (RD.MOVE.14) a unit that marches on and is not yet in reach.
//
// Where the scenario has an objective (rd_victory.c), each side's infantry unit nearest it goes to
// stand on it and holds it (shooting from there). A march that meets water goes over the nearest
// crossing (a bridge, a ford or a finished pontoon section, RD.SAP.6) in column along it; pioneers
// at a river lay a pontoon section (RD.SAP.6) when no crossing is near.
//
// Both answer the decisions asked of their seat: a charge (RD.CHARGE.6/7: mounted cavalry
// counter-charge when the melee does not go against them; cavalry and skirmishers evade when
// outmatched; otherwise stand), the fire before a melee step (RD.MELEE.6/7: every unit fires),
// Steady Men! (RD.GEN.5: rolled unless it risks the Army Commander for a single hit) and the colour
// (RD.FLAG.2: always rolled: 4-6 saves a figure, a 1 costs one), and the promotion of a General
// (RD.GEN.8: the one who commands most units).
//
// A unit's conduct is a list of steps tried in order (rally, hold, charge, shoot, skirmish, column,
// face, advance, work); the first that gives an order the rules accept is played.
#include <math.h>
#include <string.h>

#include "rd.h"

enum { RD_AI_MAX_UNIT_ORDERS = 4 };
#define RD_AI_SKIRMISH 18.0 ///< rd-skirmish: infantry takes skirmish order once an enemy is this near

typedef struct rd_ai_ctx {
	int32_t turn, phase; ///< the phase being played
	int32_t next;        ///< the unit being ordered
	int32_t tries;       ///< orders given to that unit this phase
	int32_t focus;       ///< the army's target unit this phase, -1 none
	int32_t anchor;      ///< our unit holding the objective this phase, -1 none
	bool generals_done;
} rd_ai_ctx;

typedef struct rd_plan {
	const tw_state *s;
	int side;
	bool skirmish; ///< infantry takes skirmish order once an enemy is near (RD.SHOOT.8)
	int focus;    ///< the army's target, or -1: each unit its nearest enemy
	int anchor;   ///< the unit that goes to hold the scenario's objective, -1 none
	int objective; ///< the objective's terrain piece, -1 none
} rd_plan;

typedef bool (*rd_step)(const rd_plan *p, int unit, tw_order *o);

static bool accepted(const tw_state *s, const tw_order *o)
{
	return tw_ruleset_get(s->ruleset)->validate(s, o, NULL) == TW_OK;
}

static bool enemy_unit(const tw_state *s, int side, int u)
{
	return s->unit[u].side != side && !tw_allied(s, side, s->unit[u].side) && rd_unit_alive(s, u);
}

// The enemy unit nearest (base gap) to unit u.
static int nearest_enemy(const tw_state *s, int u, double *gap)
{
	int best = -1;
	double bd = INFINITY;
	for (int t = 0; t < s->nunit; t++)
		if (enemy_unit(s, s->unit[u].side, t)) {
			double d = rd_unit_gap(s, u, t);
			if (d < bd) {
				bd = d;
				best = t;
			}
		}
	if (gap)
		*gap = bd;
	return best;
}

static int unit_target(const rd_plan *p, int u)
{
	if (p->focus >= 0 && rd_unit_alive(p->s, p->focus))
		return p->focus;
	return nearest_enemy(p->s, u, NULL);
}

// ---- the steps ----

// RD.RALLY.1: a unit that must rally tries to, when the rule set has a `rally` order.
static bool step_rally(const rd_plan *p, int u, tw_order *o)
{
	if (!(RDU(p->s, u)->flags & RUF_MUST_RALLY))
		return false;
	int type = tw_order_type_find(tw_ruleset_get(p->s->ruleset), "rally");
	return type >= 0 && rd_order_unit(p->s, type, u, o) && accepted(p->s, o);
}

// RD.SHOOT.6-11: the hits unit u may expect on unit t (its dice times one die's chance).
static double expected_hits(const tw_state *s, int u, int t)
{
	bool diff, vuln, sup;
	rd_shoot_categories(s, u, t, &diff, &vuln, &sup);
	return rd_shoot_dice(s, u) * tw_rd_face_chance(tw_rd_hit_face(tw_rd_shoot_mod(diff, vuln, sup)));
}

// RD.SHOOT: at the army's target when it can, else at the enemy unit in reach where it may expect
// the most hits (RD.SHOOT.8-11), the one with the fewest figures among equals.
static bool step_shoot(const rd_plan *p, int u, tw_order *o)
{
	const tw_state *s = p->s;
	if (RDU(s, u)->action != RD_ACT_NONE)
		return false;
	if (p->focus >= 0 && rd_unit_alive(s, p->focus) && rd_order_shoot(s, u, p->focus, o) && accepted(s, o))
		return true;
	int best = -1;
	double bk = -INFINITY, reach = tw_rd_range(RDU(s, u)->weapon);
	for (int t = 0; t < s->nunit; t++) {
		if (!enemy_unit(s, p->side, t) || rd_unit_gap(s, u, t) > reach + RD_EPS)
			continue;
		double key = expected_hits(s, u, t) - 0.01 * rd_unit_figures(s, t, false);
		if (key > bk && rd_order_shoot(s, u, t, o) && accepted(s, o)) {
			bk = key;
			best = t;
		}
	}
	return best >= 0 && rd_order_shoot(s, u, best, o);
}

static double bearing_to(const tw_state *s, int u, int t)
{
	return tw_bearing_deg(tw_sub(rd_unit_centre(s, t), rd_unit_centre(s, u)));
}

static int water_between(const tw_state *s, tw_vec2 a, tw_vec2 b);

// RD.MOVE.6: turn to face the target when it is more than 40 degrees off the unit's facing, or
// when it is within reach but outside the unit's arc (RD.SHOOT.3).
static bool step_face(const rd_plan *p, int u, tw_order *o)
{
	const tw_state *s = p->s;
	int t = unit_target(p, u);
	if (t < 0 || RDU(s, u)->changes > 0)
		return false;
	double gap = rd_unit_gap(s, u, t), reach = tw_rd_range(RDU(s, u)->weapon);
	double want = bearing_to(s, u, t);
	if (gap > reach && water_between(s, rd_unit_centre(s, u), rd_unit_centre(s, t)) >= 0)
		return false; // it marches by a crossing first
	if (fabs(remainder(want - s->unit[u].facing, 360.0)) <= 40.0 && (gap > reach || rd_unit_in_arc(s, u, t)))
		return false;
	return rd_order_face(s, u, want, o) && accepted(s, o);
}

// ---- routes: over water by the nearest crossing ----

static bool is_water(const tw_state *s, int t)
{
	return s->table.terrain[t].kind == TW_TER_RIVER && rd_feature(s, t) == RD_TER_IMPASSABLE;
}

static bool is_crossing(const tw_state *s, int t)
{
	const tw_terrain *tr = &s->table.terrain[t];
	const rd_trec *r = tw_rec_c(s, TW_REC_TERRAIN, t);
	if (tr->kind != TW_TER_BRIDGE && tr->kind != TW_TER_FORD)
		return false;
	if (rd_feature(s, t) == RD_TER_IMPASSABLE || (r && r->task == RD_TASK_PONTOON && !r->done))
		return false;
	return true;
}

// The water piece the straight line a-b crosses unbridged, -1 none.
static int water_between(const tw_state *s, tw_vec2 a, tw_vec2 b)
{
	for (int t = 0; t < s->table.nterrain; t++)
		if (is_water(s, t) && tw_terrain_segment_hits(&s->table.terrain[t], a, b) && !rd_water_bridged(s, t, a, b))
			return t;
	return -1;
}

static tw_vec2 piece_centre(const tw_terrain *t) { return tw_scale(tw_add(t->lo, t->hi), 0.5); }

// The way across water piece w along a crossing: its axis (across the water's long side, towards
// `to`) and the crossing nearest the line from `from` to `to`; false with no crossing.
static bool crossing_for(const tw_state *s, int w, tw_vec2 from, tw_vec2 to, tw_vec2 *cc, tw_vec2 *axis, double *half)
{
	const tw_terrain *wt = &s->table.terrain[w];
	bool along_x = wt->hi.x - wt->lo.x >= wt->hi.y - wt->lo.y;
	tw_vec2 ax = along_x ? tw_v2(0, 1) : tw_v2(1, 0);
	int best = -1;
	double bd = INFINITY;
	for (int t = 0; t < s->table.nterrain; t++) {
		if (!is_crossing(s, t))
			continue;
		const tw_terrain *tr = &s->table.terrain[t];
		tw_vec2 c = piece_centre(tr);
		if (tw_terrain_distance(wt, c) > 1.0)
			continue; // not over this water
		double d = tw_dist(from, c) + tw_dist(c, to);
		if (d < bd) {
			bd = d;
			best = t;
		}
	}
	if (best < 0)
		return false;
	const tw_terrain *tr = &s->table.terrain[best];
	*cc = piece_centre(tr);
	if (tw_dot(tw_sub(to, *cc), ax) < 0)
		ax = tw_scale(ax, -1);
	*axis = ax;
	*half = fabs(tw_dot(tw_sub(tr->hi, tr->lo), ax)) / 2;
	return true;
}

// The unit's half depth along direction ax (from its centre to its farthest figure, with a base).
static double unit_half(const tw_state *s, int u, tw_vec2 ax)
{
	tw_vec2 c = rd_unit_centre(s, u);
	double h = 0;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == u && rd_fig_fights(s, &s->fig[i]))
			h = fmax(h, fabs(tw_dot(tw_sub(s->fig[i].pos, c), ax)) + s->fig[i].radius);
	return h;
}

// The points unit u's centre passes through on its way to `to`: straight, or over the nearest
// crossing when water is in the way (lined up before it, along its axis, out beyond it). Returns
// the count (0: no way); *axis the crossing's axis when one is used.
static int route(const tw_state *s, int u, tw_vec2 to, tw_vec2 *pts, tw_vec2 *axis)
{
	tw_vec2 c = rd_unit_centre(s, u);
	int w = water_between(s, c, to);
	if (axis)
		*axis = tw_v2(0, 0);
	if (w < 0) {
		pts[0] = to;
		return 1;
	}
	tw_vec2 cc, ax;
	double half;
	if (!crossing_for(s, w, c, to, &cc, &ax, &half))
		return 0;
	double l = half + unit_half(s, u, ax) + 0.5;
	tw_vec2 in = tw_sub(cc, tw_scale(ax, l)), out = tw_add(cc, tw_scale(ax, l));
	int n = 0;
	double along = tw_dot(tw_sub(c, cc), ax), across = fabs(tw_dot(tw_sub(c, cc), tw_v2(ax.y, -ax.x)));
	if (!(along > -l - 0.25 && across < 0.25)) // not yet lined up on the crossing
		pts[n++] = in;
	pts[n++] = out;
	pts[n++] = to;
	if (axis)
		*axis = ax;
	return n;
}

// The first `len` inches of the polyline from c through pts[0..n).
static int cut_path(tw_vec2 c, const tw_vec2 *pts, int n, double len, tw_vec2 *outp)
{
	int m = 0;
	tw_vec2 at = c;
	for (int i = 0; i < n && len > 1e-9; i++) {
		double d = tw_dist(at, pts[i]);
		if (d <= len) {
			outp[m++] = pts[i];
			len -= d;
			at = pts[i];
		} else {
			outp[m++] = tw_add(at, tw_scale(tw_sub(pts[i], at), len / d));
			len = 0;
		}
	}
	return m;
}

// Unit u marches `len` inches (at most) along the route to `to`, trying shorter steps and, on a
// straight route, swerves when the rules refuse (another unit in the way, terrain).
static bool march(const rd_plan *p, int u, tw_vec2 to, double len, tw_order *o)
{
	const tw_state *s = p->s;
	tw_vec2 pts[4], cut[4], c = rd_unit_centre(s, u);
	int n = route(s, u, to, pts, NULL);
	if (n == 0 || len < 0.25)
		return false;
	static const double part[] = {1.0, 0.75, 0.5, 0.3};
	static const double swerve[] = {0, 25, -25, 50, -50};
	for (size_t k = 0; k < TW_ARRAY_COUNT(part); k++) {
		int m = cut_path(c, pts, n, len * part[k], cut);
		if (m == 0 || !rd_order_unit(s, RD_OT_MOVE, u, o))
			continue;
		o->npath = m;
		memcpy(o->path, cut, (size_t)m * sizeof *cut);
		if (accepted(s, o))
			return true;
		if (n > 1)
			continue;
		double dir = tw_bearing_deg(tw_sub(to, c)), l = fmin(len * part[k], tw_dist(c, to));
		for (size_t j = 1; j < TW_ARRAY_COUNT(swerve); j++)
			if (rd_order_shift(s, u, tw_scale(tw_dir_deg(dir + swerve[j]), l), o) && accepted(s, o))
				return true;
	}
	return false;
}

static double left_of(const tw_state *s, int u)
{
	return rd_unit_allowance(s, u) + rd_urge_bonus(s, u) - RDU(s, u)->used;
}

// The target's figure nearest unit u's centre.
static tw_vec2 nearest_figure(const tw_state *s, int u, int t)
{
	tw_vec2 c = rd_unit_centre(s, u), aim = rd_unit_centre(s, t);
	double nd = INFINITY;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == t && rd_fig_fights(s, &s->fig[i]) && tw_dist(s->fig[i].pos, c) < nd) {
			nd = tw_dist(s->fig[i].pos, c);
			aim = s->fig[i].pos;
		}
	return aim;
}

static bool touches_objective(const rd_plan *p, int u)
{
	const tw_state *s = p->s;
	if (p->objective < 0)
		return false;
	const tw_terrain *t = &s->table.terrain[p->objective];
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == u && rd_fig_fights(s, &s->fig[i]) &&
		    tw_terrain_distance(t, s->fig[i].pos) <= s->fig[i].radius + s->params[RDP_CONTACT])
			return true;
	return false;
}

// RD.MOVE.2: march on the target to just inside the weapon's range (RD.SHOOT.5), over water by a
// crossing; the unit holding the objective stays on it.
static bool step_advance(const rd_plan *p, int u, tw_order *o)
{
	const tw_state *s = p->s;
	int t = unit_target(p, u);
	if (t < 0 || (u == p->anchor && touches_objective(p, u)))
		return false;
	const rd_urec *r = RDU(s, u);
	tw_vec2 aim = nearest_figure(s, u, t), c = rd_unit_centre(s, u);
	double gap = rd_unit_gap(s, u, t), stand = fmax(1.0, tw_rd_range(r->weapon) - 0.75);
	bool wet = water_between(s, c, aim) >= 0;
	double len = fmin(left_of(s, u), wet ? INFINITY : gap - stand);
	if (len < 0.25 || rd_unit_engaged(s, u))
		return false;
	return march(p, u, aim, len, o);
}

// The objective: the unit chosen to hold it marches onto it (into it: a village is a town,
// RD.MOVE.7) and stays there.
static bool step_hold(const rd_plan *p, int u, tw_order *o)
{
	const tw_state *s = p->s;
	if (u != p->anchor || touches_objective(p, u) || rd_unit_engaged(s, u))
		return false;
	tw_vec2 to = piece_centre(&s->table.terrain[p->objective]);
	return march(p, u, to, fmin(left_of(s, u), tw_dist(rd_unit_centre(s, u), to)), o);
}

// RD.ORG.8: infantry about to cross by a bridge or pontoon forms column along it first (a narrow
// front fits the crossing).
static bool step_column(const rd_plan *p, int u, tw_order *o)
{
	const tw_state *s = p->s;
	int t = unit_target(p, u);
	if (RDU(s, u)->changes > 0 || rd_types[RDU(s, u)->type].artillery || rd_types[RDU(s, u)->type].mounted)
		return false;
	tw_vec2 to = u == p->anchor ? piece_centre(&s->table.terrain[p->objective]) : t >= 0 ? nearest_figure(s, u, t)
												 : rd_unit_centre(s, u);
	tw_vec2 pts[4], ax;
	int n = route(s, u, to, pts, &ax);
	if (n < 2)
		return false;
	double want = tw_bearing_deg(ax);
	if (s->unit[u].formation == TW_RD_F_COLUMN && fabs(remainder(s->unit[u].facing - want, 360.0)) < 1)
		return false;
	return rd_order_form(s, u, TW_RD_F_COLUMN, want, rd_unit_centre(s, u), o) && accepted(s, o);
}

// RD.SAP.6: pioneers at a river with no crossing near lay a pontoon section; on their way they
// march to the bank nearest the enemy.
static bool step_work(const rd_plan *p, int u, tw_order *o)
{
	const tw_state *s = p->s;
	if (RDU(s, u)->type != TW_RD_PIONEERS || RDU(s, u)->action != RD_ACT_NONE)
		return false;
	for (int t = 0; t < s->table.nterrain; t++) // a crossing near enough: no pontoon wanted
		if (is_crossing(s, t) && tw_terrain_distance(&s->table.terrain[t], rd_unit_centre(s, u)) < 12.0)
			return false;
	for (int t = 0; t < s->table.nterrain; t++) { // resume a section begun
		const rd_trec *r = tw_rec_c(s, TW_REC_TERRAIN, t);
		if (r && r->task == RD_TASK_PONTOON && !r->done && rd_order_unit(s, RD_OT_WORK, u, o)) {
			o->n = RD_TASK_PONTOON - 1;
			o->nval = 1;
			o->val[0] = t;
			if (accepted(s, o))
				return true;
		}
	}
	for (int t = 0; t < s->table.nterrain; t++)
		if (is_water(s, t) && rd_order_unit(s, RD_OT_WORK, u, o)) {
			o->n = RD_TASK_PONTOON - 1;
			o->nval = 1;
			o->val[0] = t;
			if (accepted(s, o))
				return true;
		}
	return false;
}

// ---- charges: when the melee pays ----

// A unit's melee strength: its dice (RD.MELEE.3) times its class and the charge's +1 (RD.MELEE.11,
// RD.MELEE.13) as a share of the sixes, roughly; defensive fire (RD.MELEE.6) counts half again.
static double melee_power(const tw_state *s, int u, bool charging, bool defending)
{
	const rd_urec *r = RDU(s, u);
	double dice = (double)rd_unit_figures(s, u, false) / rd_types[r->type].melee_per;
	double mod = rd_classes[r->cls].melee + (charging ? 1 : 0);
	double p = fmin(5.0, fmax(1.0, 2.0 + mod)) / 6.0; // a d6 hitting on 5+ at 0, +-1 a step
	bool fires = defending && !rd_types[r->type].mounted && (r->type != TW_RD_CAVALRY) &&
		     (rd_types[r->type].shoot_per > 0) && r->weapon != TW_RD_SPEAR;
	if (r->flags & RUF_MUST_RALLY)
		p *= 0.5;
	return dice * p * (fires ? 1.5 : 1.0);
}

static bool may_charge_type(int type)
{
	return type == TW_RD_LINE || type == TW_RD_LIGHT || type == TW_RD_DISMOUNTED || type == TW_RD_PIONEERS ||
	       type == TW_RD_CAVALRY;
}

// RD.CHARGE.1-5: charge the enemy unit in reach where our melee strength most outweighs his (at
// least 1.6 times, his defensive fire counted), straight at it or straight ahead.
static bool step_charge(const rd_plan *p, int u, tw_order *o)
{
	const tw_state *s = p->s;
	const rd_urec *r = RDU(s, u);
	if (!may_charge_type(r->type) || r->changes > 0 || r->action != RD_ACT_NONE || rd_unit_engaged(s, u) ||
	    (r->flags & RUF_MUST_RALLY) || (u == p->anchor && touches_objective(p, u)))
		return false;
	double left = left_of(s, u), mine = melee_power(s, u, true, false);
	int best = -1;
	double bk = 1.3;
	for (int t = 0; t < s->nunit; t++) {
		if (!enemy_unit(s, p->side, t) || rd_unit_gap(s, u, t) > left || !rd_unit_in_arc(s, u, t))
			continue;
		double his = melee_power(s, t, false, true) + 0.05;
		if (mine / his > bk) {
			bk = mine / his;
			best = t;
		}
	}
	if (best < 0)
		return false;
	// Its fire instead, where it may shoot at the target and expects more hits than its melee dice.
	if (rd_unit_gap(s, u, best) <= tw_rd_range(r->weapon) && rd_shoot_dice(s, u) > 0 && rd_unit_in_arc(s, u, best) &&
	    rd_units_see(s, u, best) && expected_hits(s, u, best) * 1.25 >= mine)
		return false;
	double b[3] = {tw_bearing_deg(tw_sub(nearest_figure(s, u, best), rd_unit_centre(s, u))),
		       tw_bearing_deg(tw_sub(rd_unit_centre(s, best), rd_unit_centre(s, u))), s->unit[u].facing};
	for (int k = 0; k < 3; k++)
		if (rd_order_charge(s, u, best, b[k], o) && accepted(s, o))
			return true;
	return false;
}

// RD.ORG.8, RD.SHOOT.8: infantry that has not shot takes skirmish order (a difficult target) once an
// enemy is within 18 in.
static bool step_skirmish(const rd_plan *p, int u, tw_order *o)
{
	const tw_state *s = p->s;
	double near = INFINITY;
	if (!p->skirmish || s->unit[u].formation == TW_RD_F_SKIRMISH || RDU(s, u)->changes > 0 ||
	    nearest_enemy(s, u, &near) < 0 || near > RD_AI_SKIRMISH)
		return false;
	if (!rd_order_unit(s, RD_OT_FORMATION, u, o))
		return false;
	o->n = TW_RD_F_SKIRMISH;
	return accepted(s, o);
}

// RD.MOVE.14: a General of ours within reach urges on a unit about to march (its target out of
// reach by more than a few inches, not holding the objective): +1d6 in to its move this phase.
static bool step_urge(const rd_plan *p, int u, tw_order *o)
{
	const tw_state *s = p->s;
	const rd_urec *r = RDU(s, u);
	int t = unit_target(p, u);
	if (t < 0 || r->action != RD_ACT_NONE || r->urge > 0 || (r->flags & (RUF_MUST_RALLY | RUF_FAILED)) ||
	    rd_unit_engaged(s, u) || (u == p->anchor && touches_objective(p, u)))
		return false;
	if (rd_unit_gap(s, u, t) < tw_rd_range(r->weapon) + rd_unit_allowance(s, u) * 0.5)
		return false; // near enough without it
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *g = &s->fig[i];
		if (g->kind != TW_FK_GENERAL || g->side != p->side || g->status != TW_FS_ACTIVE || RDF(s, i)->bound >= 0 ||
		    rd_fig_unit_gap(s, g, u) > 11.0)
			continue;
		if (rd_order_urge(s, i, u, o) && accepted(s, o))
			return true;
	}
	return false;
}

static const rd_step unit_steps[] = {step_rally,	 step_work, step_hold, step_charge, step_shoot,
				     step_skirmish, step_column, step_face, step_urge,	 step_advance};

// RD.DET.1/2, RD.GEN.3: a General rides to 3 in behind the middle of the units he commands, so
// that they start the next turn within his 12 in and sight; at most 24 in a phase (RD.GEN.1).
static bool general_order(const tw_state *s, int side, int g, tw_order *o)
{
	const tw_figure *f = &s->fig[g];
	tw_vec2 sum = tw_v2(0, 0);
	int n = 0;
	for (int u = 0; u < s->nunit; u++)
		if (s->unit[u].side == side && rd_unit_alive(s, u) && rd_general_commands(s, f, u)) {
			sum = tw_add(sum, rd_unit_centre(s, u));
			n++;
		}
	if (n == 0)
		return false;
	tw_vec2 to = tw_add(tw_scale(sum, 1.0 / n), tw_v2(0, -3.0 * s->sides[side].forward));
	if (s->sides[side].forward == 0)
		to.y += s->sides[side].back_y > s->table.depth / 2 ? 3.0 : -3.0;
	to.x = fmin(fmax(to.x, 1), s->table.width - 1);
	to.y = fmin(fmax(to.y, 1), s->table.depth - 1);
	tw_vec2 d = tw_sub(to, f->pos);
	double len = tw_len(d), room = RD_GENERAL_MOVE - RDF(s, g)->moved;
	if (len < 0.5 || room < 0.5)
		return false;
	for (double k = 1.0; k > 0.1; k -= 0.25) {
		double step = fmin(len, room) * k;
		if (rd_order_general(s, g, tw_add(f->pos, tw_scale(d, step / len)), o) && accepted(s, o))
			return true;
	}
	return false;
}

// rd-attack: the enemy unit nearest the army's centre, a figure counting as an inch and an
// expected hit of the exchange of fire with our nearest unit (ours on it less its on us) as 24 in.
static int army_focus(const tw_state *s, int side)
{
	tw_vec2 sum = tw_v2(0, 0);
	int n = 0;
	for (int u = 0; u < s->nunit; u++)
		if (s->unit[u].side == side && rd_unit_alive(s, u)) {
			sum = tw_add(sum, rd_unit_centre(s, u));
			n++;
		}
	if (n == 0)
		return -1;
	tw_vec2 c = tw_scale(sum, 1.0 / n);
	int best = -1;
	double bk = INFINITY;
	for (int t = 0; t < s->nunit; t++)
		if (enemy_unit(s, side, t)) {
			int u = nearest_enemy(s, t, NULL); // our unit nearest to it: the exchange of fire
			double edge = u >= 0 ? expected_hits(s, u, t) - expected_hits(s, t, u) : 0;
			double key = tw_dist(rd_unit_centre(s, t), c) + rd_unit_figures(s, t, false) - 24.0 * edge;
			if (key < bk) {
				bk = key;
				best = t;
			}
		}
	return best;
}

// rd-skirmish: the enemy unit within `hold` inches of one of ours against which one of ours has
// the best of the exchange of fire (its expected hits less his, RD.SHOOT.6-11), or -1.
static int army_threat(const tw_state *s, int side, double hold)
{
	int best = -1;
	double bk = -INFINITY;
	for (int t = 0; t < s->nunit; t++) {
		if (!enemy_unit(s, side, t))
			continue;
		for (int u = 0; u < s->nunit; u++) {
			if (s->unit[u].side != side || !rd_unit_alive(s, u) || rd_unit_gap(s, u, t) > hold)
				continue;
			double key = expected_hits(s, u, t) - expected_hits(s, t, u);
			if (key > bk) {
				bk = key;
				best = t;
			}
		}
	}
	return best;
}

// ---- the decisions asked of our seat ----

// RD.CHARGE.6/7, RD.MELEE.8: counter-charge with mounted cavalry when the melee does not go
// against us; evade (cavalry, skirmishers) when outmatched; otherwise stand.
static void answer_charge(const tw_state *s, int side, tw_order *o)
{
	const rd_game *g = RDG(s);
	int t = g->target, c = g->charger;
	double mine = melee_power(s, t, false, true), his = melee_power(s, c, true, false) + 0.05;
	tw_order_init(o, RD_OT_RESPOND, side);
	o->n = 2;
	if (mine * 1.3 >= his && accepted(s, o)) // counter-charging, we also count as charging
		return;
	o->n = 1;
	if (mine < 0.8 * his && accepted(s, o))
		return;
	o->n = 0;
}

// RD.GEN.5: a joined General's Steady Men! (4-6 saves a figure, 1 strikes him down): rolled unless
// the General is the Army Commander and only one hit is at stake. RD.FLAG.2: the colour is always
// rolled (4-6 saves a figure, 1 costs one: a gain of a third of a figure a roll).
static void answer_steady(const tw_state *s, int side, tw_order *o)
{
	tw_order_init(o, RD_OT_STEADY, side);
	o->n = 1;
	int u = rd_hit_pending(s);
	if (u < 0)
		return;
	const rd_urec *r = RDU(s, u);
	if (r->hit_step == RD_HIT_GENERAL) {
		int g = rd_general_with(s, u, r->hit_seq);
		if (g >= 0 && RDF(s, g)->commander && r->hit_left < 2)
			o->n = 0;
	}
}

// RD.GEN.8: the surviving General who commands most of our units.
static void answer_promote(const tw_state *s, int side, tw_order *o)
{
	int best = -1, bn = -1;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->kind != TW_FK_GENERAL || f->side != side || f->status != TW_FS_ACTIVE)
			continue;
		int n = 0;
		for (int u = 0; u < s->nunit; u++)
			n += s->unit[u].side == side && rd_unit_alive(s, u) && RDU(s, u)->brigade == i;
		if (n > bn) {
			bn = n;
			best = i;
		}
	}
	tw_order_init(o, RD_OT_PROMOTE, side);
	if (best >= 0) {
		o->nfig = 1;
		o->fig[0] = best;
	}
}

// A decision other than the phase's own orders asked of our seat: answered into out.
static bool answer(const tw_state *s, int side, tw_order *out)
{
	tw_decision d;
	if (rd_decisions(s, &d, 1) != 1 || d.seat != side)
		return false;
	if (d.types == (UINT64_C(1) << RD_OT_STEADY))
		answer_steady(s, side, out);
	else if (d.types == (UINT64_C(1) << RD_OT_PROMOTE))
		answer_promote(s, side, out);
	else if (d.types == (UINT64_C(1) << RD_OT_RESPOND))
		answer_charge(s, side, out);
	else if (d.types == (UINT64_C(1) << RD_OT_FIRE))
		tw_order_init(out, RD_OT_FIRE, side); // RD.MELEE.6/7: every able unit fires
	else
		return false;
	return true;
}

// Our infantry unit nearest the objective (base to the piece), -1 none.
static int objective_anchor(const tw_state *s, int side, int obj)
{
	if (obj < 0 || obj >= s->table.nterrain)
		return -1;
	const tw_terrain *t = &s->table.terrain[obj];
	int best = -1;
	double bd = INFINITY;
	for (int u = 0; u < s->nunit; u++) {
		if (s->unit[u].side != side || !rd_unit_alive(s, u) || RDU(s, u)->aboard >= 0)
			continue;
		int type = RDU(s, u)->type;
		if (type != TW_RD_LINE && type != TW_RD_LIGHT && type != TW_RD_DISMOUNTED)
			continue;
		double d = INFINITY;
		for (int i = 0; i < s->nfig; i++)
			if (s->fig[i].unit == u && rd_fig_fights(s, &s->fig[i]))
				d = fmin(d, tw_terrain_distance(t, s->fig[i].pos));
		if (d < bd) {
			bd = d;
			best = u;
		}
	}
	return best;
}

static tw_status decide(tw_general *g, const tw_state *s, int side, tw_order *out, bool attacker)
{
	rd_ai_ctx *c = g->ctx;
	if (answer(s, side, out))
		return TW_OK;
	if (s->phase == RD_PH_INITIATIVE) {
		tw_order_init(out, RD_OT_INITIATIVE, side);
		return TW_OK;
	}
	if (s->phase == RD_PH_CHOOSE) { // RD.SEQ.2: play first (both doctrines)
		tw_order_init(out, RD_OT_FIRST, side);
		out->n = 0;
		return TW_OK;
	}
	if (c->turn != RDG(s)->turn || c->phase != s->phase) {
		c->turn = RDG(s)->turn;
		c->phase = s->phase;
		c->next = 0;
		c->tries = 0;
		c->generals_done = false;
		c->focus = attacker ? army_focus(s, side) : army_threat(s, side, RD_AI_SKIRMISH + 6.0);
		if (c->focus < 0) // nobody near: march on the army's nearest enemy
			c->focus = army_focus(s, side);
		c->anchor = objective_anchor(s, side, RDG(s)->objective);
	}
	rd_plan p = {.s = s, .side = side, .skirmish = !attacker, .focus = c->focus, .anchor = c->anchor,
		     .objective = c->anchor >= 0 ? RDG(s)->objective : -1};
	while (c->next < s->nunit) {
		int u = c->next;
		if (s->unit[u].side == side && rd_unit_alive(s, u) && c->tries < RD_AI_MAX_UNIT_ORDERS)
			for (size_t k = 0; k < TW_ARRAY_COUNT(unit_steps); k++)
				if (unit_steps[k](&p, u, out)) {
					c->tries++;
					return TW_OK;
				}
		c->next++;
		c->tries = 0;
	}
	if (!c->generals_done) {
		c->generals_done = true;
		for (int i = 0; i < s->nfig; i++)
			if (s->fig[i].kind == TW_FK_GENERAL && s->fig[i].side == side && s->fig[i].status == TW_FS_ACTIVE &&
			    general_order(s, side, i, out)) {
				c->generals_done = false; // another General may still ride
				return TW_OK;
			}
	}
	tw_order_init(out, RD_OT_END, side);
	return TW_OK;
}

static tw_status attack_decide(tw_general *g, const tw_state *view, int side, tw_order *out)
{
	return decide(g, view, side, out, true);
}

static tw_status skirmish_decide(tw_general *g, const tw_state *view, int side, tw_order *out)
{
	return decide(g, view, side, out, false);
}

static const tw_general_def rd_general_attack = {
	.name = "rd-attack",
	.ruleset = "rattle",
	.help = "picks one enemy unit for the whole army each phase (the nearest, shunning an exchange of fire that "
		"goes against it) and brings every unit against it: charges when the melee pays, shoots when it can, else "
		"faces it and marches (over water by a bridge, in column) to just inside its weapon's range, urged on by a "
		"General; holds the scenario's objective; answers charges, fire, Steady Men! and the colour; Generals ride "
		"behind their units; plays first when it wins the initiative",
	.decide = attack_decide,
	.ctx_size = sizeof(rd_ai_ctx),
};

static const tw_general_def rd_general_skirmish = {
	.name = "rd-skirmish",
	.ruleset = "rattle",
	.help = "marches on the enemy unit near it against which one of its units has the best of the exchange of fire "
		"(else the nearest), its infantry in skirmish order once an enemy is within 18 in (a difficult target); "
		"charges when the melee pays, shoots at that unit, else where it expects the most hits; holds the "
		"objective, crosses water by a bridge; answers charges, fire, Steady Men! and the colour; Generals ride "
		"behind their units; plays first when it wins the initiative",
	.decide = skirmish_decide,
	.ctx_size = sizeof(rd_ai_ctx),
};

const tw_general_def *const rd_generals[RD_NGENERALS] = {&rd_general_attack, &rd_general_skirmish};
