// A Rattle of Dice: charges (RD.CHARGE.1-9) and the charged side's reactions (RD.SEQ.6): a
// `move` that ends in contact with an enemy unit is a charge (RD.CHARGE.1, no separate order);
// the charged unit's side then answers with `respond {stand|evade|counter}` when it has a
// choice: counter-charge by mounted cavalry (RD.CHARGE.6), evading by mounted cavalry and light
// infantry in skirmish order charged frontally (RD.MELEE.8). Leaving a melee (RD.MOVE.16).
#include <math.h>
#include <string.h>

#include "rd.h"

static bool enemies(const tw_state *s, int a, int b)
{
	return s->unit[a].side != s->unit[b].side && !tw_allied(s, s->unit[a].side, s->unit[b].side);
}

// Unit u displaced by off touches unit k (base gaps within the contact parameter).
static bool touch_at(const tw_state *s, int u, int k, tw_vec2 off)
{
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit != u || f->status != TW_FS_ACTIVE || f->kind == TW_FK_GENERAL)
			continue;
		tw_figure g = *f;
		g.pos = tw_add(f->pos, off);
		if (rd_fig_unit_gap(s, &g, k) <= s->params[RDP_CONTACT] + RD_EPS)
			return true;
	}
	return false;
}

// Unit k is in contact with an enemy other than unit u (already in a melee: it neither evades
// nor counter-charges).
static bool engaged_but(const tw_state *s, int k, int u)
{
	for (int j = 0; j < s->nunit; j++)
		if (j != u && enemies(s, k, j) && rd_unit_alive(s, j) && rd_units_touch(s, k, j))
			return true;
	return false;
}

// RD.CHARGE.5: infantry of any kind, dismounted cavalry, pioneers and mounted cavalry.
static bool may_charge(int type)
{
	return type == TW_RD_LINE || type == TW_RD_LIGHT || type == TW_RD_DISMOUNTED || type == TW_RD_PIONEERS ||
	       type == TW_RD_CAVALRY;
}

tw_status rd_validate_charge(const tw_state *s, const tw_order *o, int u, tw_vec2 d, tw_error *err)
{
	(void)o;
	for (int k = 0; k < s->nunit; k++) {
		if (k == u || !enemies(s, u, k) || !rd_unit_alive(s, k) || !touch_at(s, u, k, d) ||
		    touch_at(s, u, k, tw_v2(0, 0)))
			continue; // only a new contact is a charge (RD.CHARGE.1)
		const rd_urec *r = RDU(s, u);
		if (!may_charge(r->type))
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.CHARGE.5", "%s units may not charge (unit %d would touch unit %d)",
					    rd_type_names[r->type], u, k);
		if (r->changes > 0)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.CHARGE.3",
					    "unit %d changed formation or facing this phase: it may not charge", u);
		if (!rd_unit_in_arc(s, u, k))
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.CHARGE.3",
					    "unit %d is not facing unit %d: a charger must have its target in its front arc", u, k);
		if (!rd_units_see(s, u, k))
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.CHARGE.4", "unit %d cannot see unit %d: no charge", u, k);
	}
	return TW_OK;
}

// RD.CHARGE.9: some figure's straight displacement crosses a linear obstacle (skirmishers and
// Irregulars included: they ignore its cost, not the -1).
static bool crosses_obstacle(const tw_state *s, int u, tw_vec2 d)
{
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit != u || f->status != TW_FS_ACTIVE || f->kind == TW_FK_GENERAL)
			continue;
		tw_vec2 a = tw_sub(f->pos, d);
		for (int t = 0; t < s->table.nterrain; t++)
			if (rd_feature(s, t) == RD_TER_OBSTACLE && tw_terrain_segment_hits(&s->table.terrain[t], a, f->pos))
				return true;
	}
	return false;
}

static bool can_evade(const tw_state *s, int t)
{
	const rd_urec *r = RDU(s, t);
	return (r->flags & RUF_CHARGED_FRONT) &&
	       (rd_types[r->type].mounted || (r->type == TW_RD_LIGHT && s->unit[t].formation == TW_RD_F_SKIRMISH));
}

// RD.CHARGE.6: mounted cavalry that see the charger and had it in their front arc (at the start
// of its move).
static bool can_counter(const tw_state *s, int t, int c, tw_vec2 c0)
{
	return rd_types[RDU(s, t)->type].mounted && rd_in_front_arc(s, t, c0, 0) &&
	       rd_line_clear(s, rd_unit_centre(s, t), c0, t, c);
}

void rd_charge_moved(tw_state *s, int u, tw_vec2 d, tw_events *ev)
{
	tw_vec2 c0 = tw_sub(rd_unit_centre(s, u), d);
	bool left = false;
	int ask = -1;
	for (int k = 0; k < s->nunit; k++) {
		if (k == u || !enemies(s, u, k) || !rd_unit_alive(s, k))
			continue;
		bool before = touch_at(s, u, k, tw_scale(d, -1)), now = rd_units_touch(s, u, k);
		if (before && !now)
			left = true;
		if (!now || before)
			continue;
		rd_urec *r = RDU(s, u), *rt = RDU(s, k);
		r->flags |= RUF_CHARGING;
		bool obstacle = crosses_obstacle(s, u, d);
		if (obstacle)
			r->flags |= RUF_OVER_OBSTACLE;
		bool front = rd_in_front_arc(s, k, c0, 0); // RD.CHARGE.8: the charger's centre at its start
		if (front)
			rt->flags |= RUF_CHARGED_FRONT;
		tw_event *e = tw_events_push(ev, TW_EV_CONTACT, s->unit[u].side, "RD.CHARGE.1");
		if (e) {
			e->a = u;
			e->b = k;
			tw_event_text(e, "unit %d (%s) charges unit %d (%s) %s%s", u, s->unit[u].name, k, s->unit[k].name,
				      front ? "from the front (RD.CHARGE.8)" : "in flank or rear (RD.CHARGE.8)",
				      obstacle ? ", over an obstacle (RD.CHARGE.9: -1)" : "");
		}
		if (ask < 0 && !engaged_but(s, k, u) && (can_evade(s, k) || can_counter(s, k, u, c0)))
			ask = k;
	}
	if (left && !rd_unit_engaged(s, u)) {
		tw_event *e = tw_events_push(ev, TW_EV_INFO, s->unit[u].side, "RD.MOVE.16");
		if (e) {
			e->a = u;
			tw_event_text(e, "unit %d moves out of contact: its melee ends", u);
		}
	}
	if (ask < 0)
		return;
	rd_game *g = RDG(s);
	g->charger = u;
	g->target = ask;
	g->cx = c0.x;
	g->cy = c0.y;
	tw_event *e = tw_events_push(ev, TW_EV_DECISION, s->unit[ask].side, "RD.SEQ.6");
	if (e) {
		e->a = s->unit[ask].side;
		e->b = ask;
		tw_event_text(e, "unit %d is charged: %s may stand%s%s", ask, s->sides[s->unit[ask].side].name,
			      can_evade(s, ask) ? ", evade (RD.MELEE.8)" : "",
			      can_counter(s, ask, u, c0) ? ", counter-charge (RD.CHARGE.6)" : "");
	}
}

bool rd_charge_pending(const tw_state *s)
{
	const rd_game *g = RDG(s);
	return g && g->target >= 0 && g->target < s->nunit && g->charger >= 0 && g->charger < s->nunit;
}

int rd_charge_decisions(const tw_state *s, tw_decision *out, int max)
{
	if (max < 1 || !rd_charge_pending(s))
		return 0;
	const rd_game *g = RDG(s);
	tw_decision *d = &out[0];
	memset(d, 0, sizeof *d);
	d->seat = (int8_t)s->unit[g->target].side;
	snprintf(d->clause, sizeof d->clause, "RD.CHARGE.7");
	snprintf(d->kind, sizeof d->kind, "react");
	d->types = UINT64_C(1) << RD_OT_RESPOND;
	snprintf(d->prompt, sizeof d->prompt, "unit %d is charged by unit %d: stand, evade or counter-charge", g->target,
		 g->charger);
	return 1;
}

tw_status rd_validate_respond(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (!rd_charge_pending(s))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SEQ.6", "no charge is waiting for a response");
	const rd_game *g = RDG(s);
	int t = g->target, side = s->unit[t].side;
	if (o->type != RD_OT_RESPOND || o->side != side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.CHARGE.7", "unit %d is charged: %s must respond first", t,
				    s->sides[side].name);
	if (o->n == 1 && !can_evade(s, t))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MELEE.8",
				    "only mounted cavalry and light infantry in skirmish order charged from the front evade");
	if (o->n == 2 && !can_counter(s, t, g->charger, tw_v2(g->cx, g->cy)))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.CHARGE.6",
				    "only mounted cavalry that see the charger in their front arc counter-charge");
	return TW_OK;
}

static void shift_unit(tw_state *s, int u, tw_vec2 d)
{
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		if (f->status != TW_FS_ACTIVE)
			continue;
		if ((f->unit == u && f->kind != TW_FK_GENERAL) || (f->kind == TW_FK_GENERAL && RDF(s, i)->joined == u)) {
			f->pos = tw_add(f->pos, d);
			f->moved_in = s->move_no;
		}
	}
}

tw_status rd_apply_respond(tw_state *s, const tw_order *o, tw_events *ev)
{
	rd_game *g = RDG(s);
	int t = g->target, c = g->charger;
	tw_vec2 c0 = tw_v2(g->cx, g->cy);
	g->target = g->charger = -1;
	tw_event *e;
	if (o->n == 1) { // RD.MELEE.8: turn about, a full move away; the charger stays where contact was made
		double moved = rd_fall_back(s, t, rd_unit_centre(s, c), "RD.MELEE.8", ev);
		RDU(s, t)->flags |= RUF_MUST_RALLY;
		RDU(s, t)->flags &= ~(uint32_t)RUF_CHARGED_FRONT;
		e = tw_events_push(ev, TW_EV_MOVE, o->side, "RD.MELEE.8");
		if (e) {
			rd_move_event_unit(s, e, t);
			e->v = moved;
			tw_event_text(e, "unit %d evades unit %d's charge: it falls back %.3g in and must rally (RD.RALLY.1)", t,
				      c, moved);
		}
		return TW_OK;
	}
	if (o->n == 2) { // RD.CHARGE.6: out to meet the charger for up to half the gap between them
		tw_vec2 now = rd_unit_centre(s, c), d = tw_sub(now, c0);
		double len = tw_len(d);
		tw_vec2 dir = len > 0 ? tw_scale(d, 1 / len) : tw_dir_deg(s->unit[c].facing);
		double gap = rd_unit_gap(s, c, t); // zero now: measure at the charger's start
		shift_unit(s, c, tw_scale(d, -1));
		gap = rd_unit_gap(s, c, t);
		shift_unit(s, c, d);
		double m = fmin(gap / 2, rd_unit_allowance(s, t));
		if (m > len)
			m = len;
		shift_unit(s, t, tw_scale(dir, -m));
		shift_unit(s, c, tw_scale(dir, -m));
		RDU(s, c)->used = fmax(0, RDU(s, c)->used - m);
		RDU(s, t)->flags |= RUF_CHARGING;
		e = tw_events_push(ev, TW_EV_MOVE, o->side, "RD.CHARGE.6");
		if (e) {
			rd_move_event_unit(s, e, t);
			e->v = m;
			tw_event_text(e, "unit %d counter-charges unit %d, meeting it %.3g in out (half the gap of %.3g in): "
					 "both count as charging (RD.MELEE.11)",
				      t, c, m, gap);
		}
		return TW_OK;
	}
	e = tw_events_push(ev, TW_EV_INFO, o->side, "RD.CHARGE.7");
	if (e) {
		e->a = t;
		tw_event_text(e, "unit %d stands to receive unit %d's charge", t, c);
	}
	return TW_OK;
}
