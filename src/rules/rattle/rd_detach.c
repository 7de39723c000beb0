// A Rattle of Dice: detaching figures (RD.DET.5). Detaching is part of the parent unit's move: the
// detached figures go to their places, each within the move the parent has left, and the parent
// may use the rest of its move. The detachment is a unit of its own with the parent's type, class,
// weapon, brigade and command status for this turn, in the formation the order names (normally
// skirmish order), activated separately (it has made its move this phase). It rejoins by moving
// into contact with its parent in its own move: the two merge at the end of that move.
#include <stdio.h>
#include <string.h>

#include "rd.h"

static bool may_detach(int type)
{
	return type == TW_RD_LINE || type == TW_RD_LIGHT || type == TW_RD_DISMOUNTED || type == TW_RD_PIONEERS ||
	       type == TW_RD_CAVALRY;
}

tw_status rd_validate_detach(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (rd_phasing_side(s) != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SEQ.5", "it is not %s's phase", s->sides[o->side].name);
	const tw_figure *f0 = tw_state_figure_c(s, o->fig[0]);
	if (!f0 || f0->side != o->side || f0->unit < 0 || f0->kind == TW_FK_GENERAL || f0->status != TW_FS_ACTIVE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.DET.5", "figure %d is not of one of %s's units", o->fig[0],
				    s->sides[o->side].name);
	int u = f0->unit;
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->unit != u || f->status != TW_FS_ACTIVE)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.DET.5", "figure %d is not an active figure of unit %d", o->fig[i], u);
		for (int k = 0; k < i; k++)
			if (o->fig[k] == o->fig[i])
				return tw_error_set(err, TW_ERR_ILLEGAL, "RD.DET.5", "figure %d named twice", o->fig[i]);
	}
	const rd_urec *r = RDU(s, u);
	if (!may_detach(r->type))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.DET.5", "%s units detach no figures", rd_type_names[r->type]);
	if (o->nfig >= rd_unit_figures(s, u, true))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.DET.5", "some of unit %d must stay: that is a move, not a detachment", u);
	if (r->flags & RUF_MUST_RALLY)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.RALLY.1", "unit %d must attempt to rally this phase", u);
	if (r->aboard >= 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.11", "unit %d is aboard", u);
	if (r->action != RD_ACT_NONE && r->action != RD_ACT_MOVE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SEQ.5", "unit %d has already acted this phase", u);
	if (r->flags & RUF_FAILED)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.DET.3", "unit %d failed its command check: no move this turn", u);
	if (o->n == TW_RD_F_LIMBERED || o->n == TW_RD_F_DEPLOYED || (r->type == TW_RD_CAVALRY && o->n == TW_RD_F_SKIRMISH))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.ORG.8", "a %s detachment cannot take %s formation",
				    rd_type_names[r->type], rd_formation_names[o->n]);
	double left = rd_unit_allowance(s, u) - r->used;
	for (int i = 0; i < o->nfig; i++) {
		double d = tw_dist(s->fig[o->fig[i]].pos, o->at[i]);
		if (d > left + RD_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.DET.5", "figure %d would go %.3g in: unit %d has %.3g in of move left",
					    o->fig[i], d, u, left);
		if (o->at[i].x < 0 || o->at[i].y < 0 || o->at[i].x > s->table.width || o->at[i].y > s->table.depth)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MOVE.17", "figure %d would leave the table", o->fig[i]);
	}
	return TW_OK;
}

tw_status rd_apply_detach(tw_state *s, const tw_order *o, tw_events *ev, tw_error *err)
{
	int u = s->fig[o->fig[0]].unit;
	if (!rd_command_check(s, u, ev)) // part of the parent's move: a unit out of command checks first
		return TW_OK;
	tw_unit nu;
	memset(&nu, 0, sizeof nu);
	nu.side = s->unit[u].side;
	nu.formation = (uint8_t)o->n;
	nu.facing = s->unit[u].facing;
	snprintf(nu.name, sizeof nu.name, "%.20s det %d", s->unit[u].name, s->nunit);
	tw_unit *d = tw_state_add_unit(s, &nu);
	if (!d)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	int id = d->id;
	rd_urec *p = RDU(s, u), *r = RDU(s, id);
	r->type = p->type;
	r->cls = p->cls;
	r->weapon = p->weapon;
	r->attrs = p->attrs;
	r->brigade = p->brigade;
	r->flags = p->flags & (RUF_IN_COMMAND | RUF_CHECKED | RUF_FAILED); // its command status this turn
	r->parent = u;
	r->action = RD_ACT_MOVE; // it has made its move in the parent's
	double far = 0;
	for (int i = 0; i < o->nfig; i++) {
		tw_figure *f = &s->fig[o->fig[i]];
		double dist = tw_dist(f->pos, o->at[i]);
		if (dist > far)
			far = dist;
		f->pos = o->at[i];
		f->facing = o->facing[i];
		f->unit = id;
		f->moved_in = s->move_no;
	}
	r->used = p->used + far;
	r->flags |= RUF_MOVED;
	p->action = RD_ACT_MOVE; // the parent may use the rest of its move
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "RD.DET.5");
	if (e) {
		e->a = u;
		e->b = id;
		e->c = o->nfig;
		tw_event_text(e, "unit %d detaches %d figure%s: unit %d (%s), in %s order", u, o->nfig, o->nfig == 1 ? "" : "s",
			      id, s->unit[id].name, rd_formation_names[o->n]);
	}
	return TW_OK;
}

void rd_detach_rejoin(tw_state *s, int u, tw_events *ev)
{
	rd_urec *r = RDU(s, u);
	int p = r->parent;
	if (p < 0 || !rd_unit_alive(s, p) || !rd_units_touch(s, u, p))
		return;
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == u) {
			s->fig[i].unit = p;
			s->fig[i].facing = s->unit[p].facing;
			n++;
		}
	r->parent = -1;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, s->unit[u].side, "RD.DET.5");
	if (e) {
		e->a = u;
		e->b = p;
		e->c = n;
		tw_event_text(e, "detachment %d rejoins unit %d: %d figure%s merge into it", u, p, n, n == 1 ? "" : "s");
	}
}
