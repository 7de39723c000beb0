// A Rattle of Dice: Generals' actions: Urging On (RD.MOVE.14, RD.GEN.4), the loss of a General
// and the promotion of a Brigade General (RD.GEN.8), a General whose unit is destroyed or gone
// (RD.GEN.9). Steady Men! (RD.GEN.5) is rolled in rd_flag.c; the rally bonus (RD.GEN.6) in
// rd_rally.c; the observer (RD.GEN.7) is RD.SEQ.3 in rd_sequence.c.
#include <math.h>

#include "rd.h"

#define RD_URGE_RIDE 12.0 ///< RD.MOVE.14: a General urging a unit on travels no more than 12 in

double rd_urge_bonus(const tw_state *s, int unit)
{
	return rd_unit_c(s, unit) ? RDU(s, unit)->urge : 0;
}

int rd_general_with(const tw_state *s, int unit, int32_t seq)
{
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *g = &s->fig[i];
		if (g->kind == TW_FK_GENERAL && g->status == TW_FS_ACTIVE && RDF(s, i)->joined == unit &&
		    (seq == 0 || RDF(s, i)->steady != seq))
			return i;
	}
	return -1;
}

static bool side_has_general(const tw_state *s, int side)
{
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].kind == TW_FK_GENERAL && s->fig[i].side == side && s->fig[i].status == TW_FS_ACTIVE)
			return true;
	return false;
}

void rd_general_lost(tw_state *s, int g, const char *clause, tw_events *ev)
{
	tw_figure *f = &s->fig[g];
	rd_frec *r = RDF(s, g);
	f->status = TW_FS_DEAD;
	r->joined = -1;
	r->bound = -1;
	tw_event *e = tw_events_push(ev, TW_EV_KILL, f->side, clause);
	if (e) {
		e->a = g;
		e->x = f->pos.x;
		e->y = f->pos.y;
		tw_event_text(e, "General %d is struck down and taken out of play", g);
	}
	e = tw_events_push(ev, TW_EV_INFO, f->side, "RD.GEN.8");
	if (r->commander && f->side < 2) {
		RDS(s, f->side)->promote = RD_PROMOTE_LOST;
		if (e) {
			e->a = g;
			tw_event_text(e, "%s's Army Commander is lost: at the start of its next phase a Brigade General is promoted",
				      s->sides[f->side].name);
		}
	} else if (e) {
		e->a = g;
		tw_event_text(e, "Brigade General %d is lost: his units answer to the Army Commander only", g);
	}
}

// RD.GEN.9: placed in contact with the nearest friendly unit (base to base), on the side of it
// nearest to where he was, and joined to it (RD.GEN.2: a General in contact is joined); with no
// friendly unit left he stays where he is.
void rd_general_unit_gone(tw_state *s, int unit, tw_events *ev)
{
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *g = &s->fig[i];
		if (g->kind != TW_FK_GENERAL || g->status != TW_FS_ACTIVE || RDF(s, i)->joined != unit)
			continue;
		RDF(s, i)->joined = -1;
		RDF(s, i)->bound = -1;
		int best = -1;
		double best_d = INFINITY;
		for (int j = 0; j < s->nfig; j++) {
			const tw_figure *f = &s->fig[j];
			if (f->status != TW_FS_ACTIVE || f->unit < 0 || f->unit == unit || f->kind == TW_FK_GENERAL ||
			    f->side != g->side)
				continue;
			double d = tw_figure_gap(g, f);
			if (d < best_d - RD_EPS) {
				best_d = d;
				best = j;
			}
		}
		tw_event *e = tw_events_push(ev, TW_EV_MOVE, g->side, "RD.GEN.9");
		if (best < 0) {
			if (e) {
				e->a = i;
				e->x = g->pos.x;
				e->y = g->pos.y;
				tw_event_text(e, "General %d's unit %d is gone and no friendly unit is left: he stays", i, unit);
			}
			continue;
		}
		const tw_figure *f = &s->fig[best];
		tw_vec2 d = tw_sub(g->pos, f->pos);
		double len = tw_len(d);
		tw_vec2 dir = len > RD_EPS ? tw_scale(d, 1 / len) : tw_dir_deg(s->unit[f->unit].facing + 180);
		g->pos = tw_add(f->pos, tw_scale(dir, f->radius + g->radius));
		RDF(s, i)->joined = f->unit;
		if (e) {
			e->a = i;
			e->b = f->unit;
			e->x = g->pos.x;
			e->y = g->pos.y;
			tw_event_text(e, "General %d's unit %d is gone: he is placed, unharmed, with unit %d", i, unit, f->unit);
		}
	}
}

void rd_general_phase_start(tw_state *s, int side, tw_events *ev)
{
	for (int i = 0; i < s->nfig; i++) // RD.MOVE.14: tied until his side's next movement phase
		if (s->fig[i].side == side)
			RDF(s, i)->bound = -1;
	for (int i = 0; i < s->nunit; i++)
		if (s->unit[i].side == side)
			RDU(s, i)->urge = 0;
	if (side < 0 || side >= 2 || RDS(s, side)->promote != RD_PROMOTE_LOST)
		return;
	tw_event *e = tw_events_push(ev, side_has_general(s, side) ? TW_EV_DECISION : TW_EV_INFO, side, "RD.GEN.8");
	if (side_has_general(s, side)) {
		RDS(s, side)->promote = RD_PROMOTE_DUE;
		if (e) {
			e->a = side;
			tw_event_text(e, "%s promotes a surviving Brigade General to Army Commander", s->sides[side].name);
		}
	} else {
		RDS(s, side)->promote = RD_PROMOTE_NONE;
		if (e) {
			e->a = side;
			tw_event_text(e, "%s has no General left: every unit is out of command (RD.DET.1)", s->sides[side].name);
		}
	}
}

tw_status rd_validate_promote(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (o->side < 0 || o->side >= 2 || RDS(s, o->side)->promote != RD_PROMOTE_DUE || rd_phasing_side(s) != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.GEN.8", "%s has no General to promote now", s->sides[o->side].name);
	const tw_figure *g = tw_state_figure_c(s, o->fig[0]);
	if (!g || g->kind != TW_FK_GENERAL || g->side != o->side || g->status != TW_FS_ACTIVE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.GEN.8", "figure %d is not one of %s's surviving Generals",
				    o->fig[0], s->sides[o->side].name);
	return TW_OK;
}

tw_status rd_apply_promote(tw_state *s, const tw_order *o, tw_events *ev)
{
	int g = o->fig[0];
	RDF(s, g)->commander = 1;
	RDS(s, o->side)->promote = RD_PROMOTE_NONE;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "RD.GEN.8");
	if (e) {
		e->a = g;
		tw_event_text(e, "General %d is promoted Army Commander: he keeps his brigade and commands every unit", g);
	}
	return TW_OK;
}

// ---- Urging On (RD.MOVE.14, RD.GEN.4) ----
tw_status rd_validate_urge(const tw_state *s, const tw_order *o, tw_error *err)
{
	const tw_figure *g = tw_state_figure_c(s, o->fig[0]);
	if (rd_phasing_side(s) != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SEQ.5", "it is not %s's phase", s->sides[o->side].name);
	if (!g || g->kind != TW_FK_GENERAL || g->side != o->side || g->status != TW_FS_ACTIVE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.GEN.1", "figure %d is not one of %s's Generals", o->fig[0],
				    s->sides[o->side].name);
	const rd_frec *gr = RDF(s, g->id);
	if (gr->bound >= 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.14", "General %d urges unit %d on already: one unit a phase",
				    g->id, gr->bound);
	tw_vec2 a = g->pos;
	double len = 0;
	for (int k = 0; k < o->npath; k++) {
		tw_vec2 p = o->path[k];
		if (p.x < 0 || p.y < 0 || p.x > s->table.width || p.y > s->table.depth)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.17", "a General may not leave the table");
		len += tw_dist(a, p);
		a = p;
	}
	if (gr->moved + len > RD_URGE_RIDE + 1e-9)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.14",
				    "a General urging a unit on travels no more than 12 in (%.3g in, %.3g before)", len,
				    gr->moved);
	const tw_unit *u = rd_unit_c(s, o->nval > 0 ? o->val[0] : -1);
	if (!u || u->side != o->side || !rd_unit_alive(s, u->id))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.GEN.2", "unit %d is not one of %s's units",
				    o->nval > 0 ? o->val[0] : -1, s->sides[o->side].name);
	tw_figure at = *g;
	at.pos = a;
	if (rd_fig_unit_gap(s, &at, u->id) > s->params[RDP_CONTACT] + RD_EPS)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.14", "the General must end in contact with the unit he urges on");
	const rd_urec *r = RDU(s, u->id);
	if (r->flags & RUF_MUST_RALLY)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.RALLY.1", "unit %d must rally this phase", u->id);
	if (r->flags & RUF_FAILED)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.DET.3", "unit %d failed its command check: it cannot be urged on",
				    u->id);
	if (r->action != RD_ACT_NONE || r->urge > 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.14",
				    "unit %d has %s this phase: the d6 is thrown as it starts its move", u->id,
				    r->urge > 0 ? "been urged on already" : "acted");
	return TW_OK;
}

tw_status rd_apply_urge(tw_state *s, const tw_order *o, tw_events *ev)
{
	tw_figure *g = &s->fig[o->fig[0]];
	int u = o->val[0];
	double len = tw_dist(g->pos, o->path[0]) + tw_path_length(o->path, o->npath);
	g->pos = o->path[o->npath - 1];
	g->moved_in = s->move_no;
	RDF(s, g->id)->moved += len;
	RDF(s, g->id)->joined = u;
	tw_event *e = tw_events_push(ev, TW_EV_MOVE, o->side, "RD.GEN.2");
	if (e) {
		e->a = g->id;
		e->b = u;
		e->x = g->pos.x;
		e->y = g->pos.y;
		e->v = len;
		tw_event_text(e, "General %d rides %.3g in and joins unit %d to urge it on", g->id, len, u);
	}
	// RD.DET.3: a unit out of command checks first; Urging On is never used on one that fails.
	if (!rd_command_check(s, u, ev)) {
		e = tw_events_push(ev, TW_EV_INFO, o->side, "RD.DET.3");
		if (e) {
			e->a = u;
			tw_event_text(e, "unit %d failed its command check: it is not urged on", u);
		}
		return TW_OK;
	}
	tw_event *d = NULL;
	int face = tw_roll_d6(s, ev, o->side, "RD.MOVE.14", &d);
	RDU(s, u)->urge = face;
	RDF(s, g->id)->bound = u;
	if (d)
		tw_event_text(d, "General %d urges unit %d on: +%d in, %.3g in this phase; he is tied to it until %s's next phase",
			      g->id, u, face, rd_unit_allowance(s, u) + face, s->sides[o->side].name);
	return TW_OK;
}
