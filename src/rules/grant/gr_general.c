// Computer generals for Grant, through the general interface: "gr-attack" advances in column,
// forms line to volley (at the enemy unit that shoots back and is nearest the 50% rule) and
// charges only an enemy it should beat; "gr-defend" holds its line, volleys and counter-charges
// with cavalry, and charges by the same rule once it goes over to the attack.
// Both judge the balance once at the start of each of their moves: the attacker holds and
// volleys while clearly the weaker; the defender goes over to the attack once clearly the
// stronger, or when the enemy has not come on by move 8, and then keeps attacking. Men in a
// house never leave it.
#include <math.h>
#include <stdlib.h>

#include "gr.h"

typedef struct gr_gen_ctx {
	int32_t move_no, mover, next;
	bool attack;    ///< this move's posture
	bool committed; ///< the defender has gone over to the attack (for good)
} gr_gen_ctx;

// Rank and file still standing in a side's active units.
static int side_strength(const tw_state *s, int side)
{
	int n = 0;
	for (int u = 0; u < s->nunit; u++)
		if (s->unit[u].side == side && gr_unit_active(s, &s->unit[u]))
			n += gr_rf_alive(s, u);
	return n;
}

// True if any active man of the enemy stands within r inches of one of ours.
static bool enemy_within(const tw_state *s, int side, double r)
{
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side || f->status != TW_FS_ACTIVE)
			continue;
		double d;
		if (gr_nearest_enemy_fig(s, side, f->pos, &d) >= 0 && d <= r)
			return true;
	}
	return false;
}

static bool in_house(const tw_state *s, int unit)
{
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == unit && s->fig[i].status == TW_FS_ACTIVE && GRF(s, &s->fig[i])->house >= 0)
			return true;
	return false;
}

static bool posture(const tw_state *s, int side, bool attacker)
{
	int mine = side_strength(s, side), theirs = side_strength(s, 1 - side);
	if (attacker)
		return 5 * mine >= 4 * theirs; // hold while under four-fifths of the enemy's strength
	return 10 * mine >= 13 * theirs || (s->move_no >= 8 && !enemy_within(s, side, 18));
}

static bool try_order(const tw_state *s, tw_order *o) { return tw_ruleset_get(s->ruleset)->validate(s, o, NULL) == TW_OK; }

// Both doctrines: whether `unit` should go in against the unit of enemy figure `enemy`. A charge
// into formed infantry risks its close-range volley (GR.CHARGE.5, an even chance) and then a
// melee fought about evenly, so infantry charges only a unit that is halted by bad morale or
// retiring (GR.MORALE.5/7/8), which fires no volley and breaks easily; cavalry also charges a
// unit it outnumbers by half again. Otherwise the attacker wins by musketry.
static bool worth_charging(const tw_state *s, int unit, int enemy)
{
	const tw_unit *t = gr_unit_c(s, s->fig[enemy].unit);
	if (!t)
		return true;
	if (gr_unit_halted(s, t) || (GRU(s, t)->flags & GUF_RETIRE50))
		return true;
	const tw_unit *u = gr_unit_c(s, unit);
	return gr_cavalry(GRU(s, u)->troop) && 2 * gr_rf_alive(s, unit) >= 3 * gr_rf_alive(s, t->id);
}

// gr-attack: a volley from `unit` at the enemy unit best worth shooting: one that shoots back
// (line-type or light infantry) before one that does not, then the one fewest R&F short of the
// 50% rule (GR.MORALE.8: it then retires and scores 10), then the nearest. Units already under
// the 50% rule or dispersed are left alone. Tries them in that order until one is in range.
static bool best_volley(const tw_state *s, int unit, tw_order *o)
{
	const tw_unit *u = gr_unit_c(s, unit);
	tw_vec2 c = gr_unit_centre(s, unit);
	bool *tried = tw_calloc((size_t)s->nunit + 1, sizeof *tried);
	bool ok = false;
	while (tried && !ok) {
		int bt = -1, bfig = -1;
		double bkey = INFINITY;
		for (int t = 0; t < s->nunit; t++) {
			const tw_unit *e = &s->unit[t];
			if (tried[t] || e->side == u->side || !gr_unit_active(s, e) ||
			    (GRU(s, e)->flags & (GUF_RETIRE50 | GUF_DISPERSED)))
				continue;
			int nf = -1;
			double nd = INFINITY;
			for (int i = 0; i < s->nfig; i++)
				if (s->fig[i].unit == t && s->fig[i].status == TW_FS_ACTIVE && tw_dist(s->fig[i].pos, c) < nd) {
					nd = tw_dist(s->fig[i].pos, c);
					nf = i;
				}
			if (nf < 0 || nd > 20)
				continue;
			bool shoots = gr_line_type(GRU(s, e)->troop) || GRU(s, e)->troop == TW_GR_LIGHT_INF;
			double key = (shoots ? 0 : 1000) + 10.0 * (gr_rf_alive(s, t) - GRU(s, e)->orig / 2) + nd;
			if (key < bkey) {
				bkey = key;
				bt = t;
				bfig = nf;
			}
		}
		if (bt < 0)
			break;
		tried[bt] = true;
		ok = gr_order_volley(s, unit, s->fig[bfig].id, o) && try_order(s, o);
	}
	tw_free(tried);
	return ok;
}

static bool unit_order(const tw_state *s, int unit, bool attack, bool attacker, tw_order *o)
{
	const tw_unit *u = gr_unit_c(s, unit);
	int troop = GRU(s, u)->troop;
	tw_vec2 c = gr_unit_centre(s, unit);
	double dist = 0;
	int enemy = gr_nearest_enemy_fig(s, u->side, c, &dist);
	if (enemy < 0)
		return false;
	tw_vec2 ep = s->fig[enemy].pos;
	if (troop == TW_GR_ARTILLERY) {
		for (int k = 0; k < s->ngun; k++) {
			const tw_gun *g = &s->gun[k];
			if (GRG(s, g)->unit != unit)
				continue;
			double r = tw_dist(tw_gun_muzzle(g), ep);
			tw_order_init(o, GR_OT_FIRE, u->side);
			o->gun = g->id;
			o->has_target = true;
			o->target = ep;
			o->n = !GRG(s, g)->howitzer && r <= 16 ? 1 : 0;
			if (GRG(s, g)->howitzer && r > 50)
				o->target = tw_add(tw_gun_muzzle(g), tw_scale(tw_sub(ep, tw_gun_muzzle(g)), 49.0 / r));
			if (try_order(s, o))
				return true;
		}
		return false;
	}
	if (troop == TW_GR_GARRISON || in_house(s, unit)) // a garrison holds its house and fires (GR.TERR.8)
		return dist <= 18 && gr_order_volley(s, unit, s->fig[enemy].id, o) && try_order(s, o);
	if (gr_line_type(troop) || troop == TW_GR_LIGHT_INF) {
		bool column = u->formation == GR_F_COLUMN, go = worth_charging(s, unit, enemy);
		if (attack && go && gr_line_type(troop) && column && dist <= 9.4) { // close with the bayonet
			gr_order_shift(s, unit, tw_scale(tw_dir_deg(u->facing), fmin(9, dist - 0.55)), 1, o);
			if (try_order(s, o))
				return true;
		}
		if (attacker && best_volley(s, unit, o))
			return true;
		if (dist <= 18 && gr_order_volley(s, unit, s->fig[enemy].id, o) && try_order(s, o))
			return true;
		if (!attack)
			return false;
		bool fired = (GRU(s, u)->flags & GUF_FIRED_EVER) != 0;
		// Column to march, or to charge a unit worth charging; line to volley.
		if (gr_line_type(troop) && !column && (dist > 24 || (go && fired && dist <= 14)) &&
		    gr_order_formation(s, unit, GR_F_COLUMN, o) && try_order(s, o))
			return true;
		if (gr_line_type(troop) && column && dist <= 20 && (dist > 14 || !go) && gr_order_formation(s, unit, GR_F_LINE, o) &&
		    try_order(s, o))
			return true;
		double rate = gr_move_rate_for(s, u, TW_GR_MODE_NORMAL);
		double stand = column ? 8.5 : 12;
		for (double f = 1.0; f > 0.1; f -= 0.3) {
			double step = fmin(rate * f, dist - stand);
			if (step < 0.5)
				return false;
			tw_vec2 dir = tw_sub(ep, c);
			dir = tw_scale(dir, 1.0 / tw_len(dir));
			if (tw_dot(dir, tw_dir_deg(u->facing)) < 0.7)
				dir = tw_dir_deg(u->facing);
			gr_order_shift(s, unit, tw_scale(dir, step), 0, o);
			if (try_order(s, o))
				return true;
		}
		return false;
	}
	if (gr_cavalry(troop)) {
		double reach = attack ? 18 : 12;
		tw_vec2 d = tw_sub(ep, c);
		double turn = fabs(remainder(tw_bearing_deg(d) - u->facing, 360.0));
		bool heavy = troop == TW_GR_HEAVY_CAV;
		if (worth_charging(s, unit, enemy) && dist <= reach && turn <= (heavy ? 5.0 : 45.0)) {
			tw_vec2 dir = heavy ? tw_dir_deg(u->facing) : tw_scale(d, 1.0 / tw_len(d));
			for (double len = fmin(18, dist - 0.3); len <= 18.0 + 1e-9; len += 0.5) {
				gr_order_shift(s, unit, tw_scale(dir, len), 1, o);
				if (try_order(s, o))
					return true;
			}
		}
		if (!attack && dist > reach)
			return false;
		double rate = gr_move_rate_for(s, u, TW_GR_MODE_NORMAL);
		double step = fmin(rate, dist - 16);
		if (step < 0.5) // within reach but not facing the enemy: wheel towards him
			step = 0.5;
		gr_order_shift(s, unit, tw_scale(d, step / tw_len(d)), 0, o);
		return try_order(s, o);
	}
	return false;
}

static tw_status decide(tw_general *g, const tw_state *view, int side, tw_order *out, bool attacker)
{
	gr_gen_ctx *c = g->ctx;
	if (c->move_no != view->move_no || c->mover != view->mover) {
		c->move_no = view->move_no;
		c->mover = view->mover;
		c->next = 0;
		c->attack = posture(view, side, attacker) || (!attacker && c->committed);
		c->committed = c->committed || (!attacker && c->attack);
	}
	bool attack = c->attack;
	while (c->next < view->nunit) {
		int u = c->next;
		if (view->unit[u].side != side || !gr_unit_active(view, &view->unit[u])) {
			c->next++;
			continue;
		}
		if (unit_order(view, u, attack, attacker, out)) {
			if (GRU(view, &view->unit[u])->troop != TW_GR_ARTILLERY || out->type != GR_OT_FIRE)
				c->next++;
			return TW_OK;
		}
		c->next++;
	}
	tw_order_init(out, GR_OT_END_MOVE, side);
	return TW_OK;
}

static tw_status attack_decide(tw_general *g, const tw_state *view, int side, tw_order *out)
{
	return decide(g, view, side, out, true);
}

static tw_status defend_decide(tw_general *g, const tw_state *view, int side, tw_order *out)
{
	return decide(g, view, side, out, false);
}

const tw_general_def tw_general_gr_attack = {
	.name = "gr-attack",
	.ruleset = "grant",
	.help = "advances in column, forms line to volley (at the enemy unit that shoots back and is nearest the 50% "
		"rule), charges only units halted or retiring, cavalry also units it outnumbers 3 to 2 (within 18 in); "
		"holds while under 4/5 of the enemy's strength",
	.decide = attack_decide,
	.ctx_size = sizeof(gr_gen_ctx),
};

const tw_general_def tw_general_gr_defend = {
	.name = "gr-defend",
	.ruleset = "grant",
	.help = "holds its ground, volleys and fires its guns; cavalry counter-charges within 12 in; attacks once "
		"1.3 times the enemy's strength, or from move 8 while the enemy stays out of musket range (18 in); "
		"charges only units halted or retiring, cavalry also units it outnumbers 3 to 2",
	.decide = defend_decide,
	.ctx_size = sizeof(gr_gen_ctx),
};
