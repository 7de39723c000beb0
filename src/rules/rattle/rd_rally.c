// A Rattle of Dice: rallying (RD.RALLY): who must rally (RD.RALLY.1), the roll and a free turn to
// face the enemy on success (RD.RALLY.2), another full retreat on failure (RD.RALLY.3), leaving
// the board (RD.RALLY.4), the modifiers (RD.RALLY.5) with the General's bonus (RD.GEN.6).
#include <math.h>

#include "rd.h"

bool rd_rally_helped(const tw_state *s, int unit)
{
	if (rd_general_with(s, unit, 0) >= 0)
		return true;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == unit && s->fig[i].status == TW_FS_ACTIVE && RDF(s, i)->role == RD_ROLE_BAND)
			return true;
	return false;
}

tw_status rd_validate_rally(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (rd_phasing_side(s) != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.RALLY.2", "a unit rallies in its own side's phase");
	const tw_figure *f0 = tw_state_figure_c(s, o->fig[0]);
	if (!f0 || f0->side != o->side || f0->unit < 0 || f0->kind == TW_FK_GENERAL || f0->status != TW_FS_ACTIVE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.RALLY.1", "figure %d is not of one of %s's units", o->fig[0],
				    s->sides[o->side].name);
	int u = f0->unit;
	for (int i = 1; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->unit != u)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.RALLY.1", "the figures named are of one unit");
	}
	const rd_urec *r = RDU(s, u);
	if (!(r->flags & RUF_MUST_RALLY))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.RALLY.1", "unit %d has no need to rally", u);
	if (r->action != RD_ACT_NONE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SEQ.5", "unit %d has acted this phase", u);
	return TW_OK;
}

static void move_unit(tw_state *s, int u, tw_vec2 d, double facing)
{
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		bool mine = f->unit == u && f->status == TW_FS_ACTIVE && f->kind != TW_FK_GENERAL;
		bool general = f->kind == TW_FK_GENERAL && f->status == TW_FS_ACTIVE && RDF(s, i)->joined == u; // RD.GEN.2
		if (!mine && !general)
			continue;
		f->pos = tw_add(f->pos, d);
		f->moved_in = s->move_no;
		if (mine)
			f->facing = facing;
	}
	s->unit[u].facing = facing;
}

// The distance t >= 0 along dir at which figure f (displaced) first comes within `reach` of g's
// centre, INFINITY if never; a figure already that close and not closing is ignored.
static double meet(tw_vec2 p, tw_vec2 dir, tw_vec2 q, double reach)
{
	tw_vec2 w = tw_sub(p, q);
	double b = 2 * tw_dot(dir, w), c = tw_dot(w, w) - reach * reach;
	if (c <= 0)
		return b < 0 ? 0 : INFINITY;
	double disc = b * b - 4 * c;
	if (disc < 0)
		return INFINITY;
	double t = (-b - sqrt(disc)) / 2;
	return t >= 0 ? t : INFINITY;
}

// The distance along dir at which figure f's base reaches the table's edge.
static double edge(const tw_state *s, const tw_figure *f, tw_vec2 dir)
{
	double t = INFINITY;
	if (dir.x > RD_EPS)
		t = fmin(t, (s->table.width - f->radius - f->pos.x) / dir.x);
	if (dir.x < -RD_EPS)
		t = fmin(t, (f->pos.x - f->radius) / -dir.x);
	if (dir.y > RD_EPS)
		t = fmin(t, (s->table.depth - f->radius - f->pos.y) / dir.y);
	if (dir.y < -RD_EPS)
		t = fmin(t, (f->pos.y - f->radius) / -dir.y);
	return fmax(t, 0);
}

// RD.RALLY.3 (as RD.MELEE.16): a full move straight on along the unit's facing (it turned about
// when it retreated or evaded, so it faces away from the enemy), with terrain costs and no
// backwards penalty, through friends, stopping short of an enemy unit or impassable ground;
// RD.RALLY.4: reaching the table's edge takes it out of the game.
static void retreat(tw_state *s, int u, tw_events *ev)
{
	double facing = s->unit[u].facing, allowance = rd_unit_allowance(s, u);
	tw_vec2 dir = tw_dir_deg(facing), c0 = rd_unit_centre(s, u);
	// The farthest its allowance takes it along dir (costs rise with the distance).
	double lo = 0, hi = 2 * allowance;
	for (int it = 0; it < 60; it++) {
		double mid = (lo + hi) / 2;
		tw_vec2 p = tw_add(c0, tw_scale(dir, mid));
		bool halved;
		const char *clause;
		double cost = rd_path_cost(s, u, &p, 1, &halved, &clause);
		if (isfinite(cost) && cost <= (halved ? allowance / 2 : allowance) + 1e-9)
			lo = mid;
		else
			hi = mid;
	}
	double reach = lo, out = INFINITY;
	const char *why = "a full move";
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit != u || f->status != TW_FS_ACTIVE || f->kind == TW_FK_GENERAL)
			continue;
		out = fmin(out, edge(s, f, dir));
		for (int j = 0; j < s->nfig; j++) {
			const tw_figure *g = &s->fig[j];
			if (g->status != TW_FS_ACTIVE || g->unit < 0 || g->kind == TW_FK_GENERAL || g->side == f->side ||
			    tw_allied(s, f->side, g->side))
				continue;
			// stop just out of contact with the enemy
			double t = meet(f->pos, dir, g->pos, f->radius + g->radius + 2 * s->params[RDP_CONTACT] + 0.01);
			if (t < reach) {
				reach = t;
				why = "halted by the enemy";
			}
		}
	}
	if (out <= reach + RD_EPS) { // RD.RALLY.4
		int n = 0;
		for (int i = 0; i < s->nfig; i++) {
			tw_figure *f = &s->fig[i];
			if (f->unit != u || f->status != TW_FS_ACTIVE || f->kind == TW_FK_GENERAL)
				continue;
			f->status = TW_FS_OFF;
			n++;
			tw_event *e = tw_events_push(ev, TW_EV_WITHDRAW, f->side, "RD.RALLY.4");
			if (e) {
				e->a = f->id;
				e->x = f->pos.x;
				e->y = f->pos.y;
			}
		}
		RDU(s, u)->flags &= ~(uint32_t)RUF_MUST_RALLY;
		tw_event *e = tw_events_push(ev, TW_EV_INFO, s->unit[u].side, "RD.RALLY.4");
		if (e) {
			e->a = u;
			e->b = n;
			tw_event_text(e, "unit %d (%s) retreats off the table and is out of the game (%d figures lost)", u,
				      s->unit[u].name, n);
		}
		rd_general_unit_gone(s, u, ev); // RD.GEN.9
		return;
	}
	move_unit(s, u, tw_scale(dir, reach), facing);
	tw_event *e = tw_events_push(ev, TW_EV_MOVE, s->unit[u].side, "RD.RALLY.3");
	if (e) {
		rd_move_event_unit(s, e, u);
		e->v = reach;
		tw_event_text(e, "unit %d retreats %.3g in (%s) and must try to rally again next phase", u, reach, why);
	}
}

static void rally(tw_state *s, int u, bool has_facing, double facing, tw_events *ev)
{
	rd_urec *r = RDU(s, u);
	int side = s->unit[u].side;
	bool helped = rd_rally_helped(s, u); // RD.RALLY.5, RD.GEN.6: +1 even with both
	int need = tw_rd_rally_face(r->cls, helped);
	tw_event *d = NULL;
	int face = tw_roll_d6(s, ev, side, "RD.RALLY.2", &d);
	r->action = RD_ACT_RALLY; // RD.RALLY.1: its one action this phase
	bool ok = face >= need;
	if (d)
		tw_event_text(d, "unit %d (%s, %s%s) tries to rally: %d, needs %d (a modified 4): %s", u, s->unit[u].name,
			      rd_class_names[r->cls], helped ? ", General or band +1" : "", face, need,
			      ok ? "it rallies" : "it fails and retreats");
	if (!ok) {
		retreat(s, u, ev);
		return;
	}
	r->flags &= ~(uint32_t)RUF_MUST_RALLY;
	if (has_facing) { // a free turn to face the enemy
		double f = fmod(fmod(facing, 360.0) + 360.0, 360.0);
		move_unit(s, u, tw_v2(0, 0), f);
	}
	tw_event *e = tw_events_push(ev, TW_EV_INFO, side, "RD.RALLY.2");
	if (e) {
		e->a = u;
		tw_event_text(e, "unit %d rallies%s and acts normally from its next turn", u,
			      has_facing ? ", turning free to face the enemy" : "");
	}
}

tw_status rd_apply_rally(tw_state *s, const tw_order *o, tw_events *ev)
{
	rally(s, s->fig[o->fig[0]].unit, o->has_aim, o->bearing, ev);
	return TW_OK;
}

void rd_rally_phase_end(tw_state *s, int side, tw_events *ev)
{
	for (int u = 0; u < s->nunit; u++) {
		const rd_urec *r = RDU(s, u);
		if (s->unit[u].side != side || !(r->flags & RUF_MUST_RALLY) || r->action != RD_ACT_NONE ||
		    !rd_unit_alive(s, u))
			continue;
		tw_event *e = tw_events_push(ev, TW_EV_INFO, side, "RD.RALLY.1");
		if (e) {
			e->a = u;
			tw_event_text(e, "unit %d must attempt to rally this phase: it tries now", u);
		}
		rally(s, u, false, 0, ev);
	}
}
