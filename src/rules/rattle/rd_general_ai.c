// A Rattle of Dice: computer generals through the general interface.
//
// "rd-attack" picks one enemy unit for the whole army at the start of each phase (the one nearest
// the army's centre, the weaker first when two are about as near) and brings every unit against
// it: shoot when it can (RD.SHOOT), else turn to face it (RD.MOVE.6) and march to just inside its
// weapon's range (RD.SHOOT.5); the nearer count less where the exchange of fire with the nearest
// of ours goes against us (its expected hits on us over ours on it, RD.SHOOT.6-11). "rd-skirmish"
// marches the same way on the enemy unit against which one of its units has the best of that
// exchange, wherever it stands; its infantry takes skirmish order once an enemy is within 18 in
// (RD.SHOOT.8: a difficult target; his range and half his move); each unit shoots where it
// expects the most hits when the army's target is out of reach. Both play first when they win
// the initiative, and ride
// the Generals behind their units at the end of the phase so that the units start the next turn
// in command (RD.DET.1/2).
//
// A unit's conduct is a list of steps tried in order (rally, shoot, skirmish, face, advance); the first
// that gives an order the rules accept is played. New orders plug in as steps: the `rally` step
// already answers RUF_MUST_RALLY with a `rally` order whenever the rule set has one (RD.RALLY.1),
// and a charge step goes before `advance` once charges exist.
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
	bool generals_done;
} rd_ai_ctx;

typedef struct rd_plan {
	const tw_state *s;
	int side;
	bool skirmish; ///< infantry takes skirmish order once an enemy is near (RD.SHOOT.8)
	int focus;    ///< the army's target, or -1: each unit its nearest enemy
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
	if (fabs(remainder(want - s->unit[u].facing, 360.0)) <= 40.0 && (gap > reach || rd_unit_in_arc(s, u, t)))
		return false;
	return rd_order_face(s, u, want, o) && accepted(s, o);
}

// RD.MOVE.2: march on the target to just inside the weapon's range (RD.SHOOT.5), trying a shorter
// step or a swerve when the rules refuse the straight one (another unit in the way, terrain).
static bool step_advance(const rd_plan *p, int u, tw_order *o)
{
	const tw_state *s = p->s;
	int t = unit_target(p, u);
	if (t < 0)
		return false;
	const rd_urec *r = RDU(s, u);
	double gap = rd_unit_gap(s, u, t), stand = fmax(1.0, tw_rd_range(r->weapon) - 0.75);
	double left = rd_unit_allowance(s, u) - r->used;
	double len = fmin(left, gap - stand);
	if (len < 0.25)
		return false;
	tw_vec2 c = rd_unit_centre(s, u), aim = c;
	double nd = INFINITY;
	for (int i = 0; i < s->nfig; i++) // towards the target's nearest figure
		if (s->fig[i].unit == t && rd_fig_fights(s, &s->fig[i]) && tw_dist(s->fig[i].pos, c) < nd) {
			nd = tw_dist(s->fig[i].pos, c);
			aim = s->fig[i].pos;
		}
	double dir = tw_bearing_deg(tw_sub(aim, c));
	static const double swerve[] = {0, 25, -25, 50, -50};
	static const double part[] = {1.0, 0.6, 0.3};
	for (size_t k = 0; k < TW_ARRAY_COUNT(part); k++)
		for (size_t j = 0; j < TW_ARRAY_COUNT(swerve); j++)
			if (rd_order_shift(s, u, tw_scale(tw_dir_deg(dir + swerve[j]), len * part[k]), o) && accepted(s, o))
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

static const rd_step unit_steps[] = {step_rally, step_shoot, step_skirmish, step_face, step_advance};

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

static tw_status decide(tw_general *g, const tw_state *s, int side, tw_order *out, bool attacker)
{
	rd_ai_ctx *c = g->ctx;
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
		c->focus = attacker ? army_focus(s, side) : army_threat(s, side, INFINITY);
	}
	rd_plan p = {.s = s, .side = side, .skirmish = !attacker, .focus = c->focus};
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
		"goes against it) and brings every unit against it: shoots when it can, else faces it and marches to just "
		"inside its weapon's range; Generals ride behind their units; plays first when it wins the initiative",
	.decide = attack_decide,
	.ctx_size = sizeof(rd_ai_ctx),
};

static const tw_general_def rd_general_skirmish = {
	.name = "rd-skirmish",
	.ruleset = "rattle",
	.help = "marches on the enemy unit against which one of its units has the best of the exchange of fire, its "
		"infantry in skirmish order once an enemy is within 18 in (a difficult target); shoots at that unit, else "
		"where it expects the most hits; Generals ride behind their units; plays first when it wins the initiative",
	.decide = skirmish_decide,
	.ctx_size = sizeof(rd_ai_ctx),
};

const tw_general_def *const rd_generals[RD_NGENERALS] = {&rd_general_attack, &rd_general_skirmish};
