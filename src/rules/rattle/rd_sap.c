// A Rattle of Dice: pioneers and sappers (RD.SAP): the work rate of a party of 4 (RD.SAP.1), working
// as the unit's action at the site (RD.SAP.2), the 6-point tasks (RD.SAP.3), work building up on
// the site across turns (RD.SAP.4: kept in the site's terrain record, so any friendly pioneers
// resume it), the earthwork along the party's front (RD.SAP.5), pontoon sections (RD.SAP.6),
// demolition charges and firing them (RD.SAP.7), units of other sizes (RD.SAP.8); and where water
// may be crossed (bridges, fords, finished pontoons). Every change of the table goes through
// tw_state_table_edit, so a refused order puts it back and undo, saving and replay keep it.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rd.h"

const char *const rd_work_names[] = {"fortify", "pontoon", "charge", NULL};
enum { WORK_FORTIFY = 0, WORK_PONTOON, WORK_CHARGE };

int rd_sap_parties(int figures) { return figures < 2 ? 0 : tw_rd_dice(2 * figures, 4); }

uint64_t rd_sap_order_types(void) { return (UINT64_C(1) << RD_OT_WORK) | (UINT64_C(1) << RD_OT_DEMOLISH); }

static const rd_trec *trec(const tw_state *s, int t) { return tw_rec_c(s, TW_REC_TERRAIN, t); }
static rd_trec *trec_w(tw_state *s, int t) { return tw_rec(s, TW_REC_TERRAIN, t); }

// ---- crossing water ----
static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

// Parameters along ab where it crosses piece t's outline.
int rd_outline_hits(const tw_terrain *t, tw_vec2 a, tw_vec2 b, double *ts, int n, int max)
{
	if (t->shape == TW_SHAPE_CIRCLE) {
		tw_vec2 d = tw_sub(b, a), f = tw_sub(a, t->center);
		double A = tw_dot(d, d), B = 2 * tw_dot(f, d), C = tw_dot(f, f) - t->radius * t->radius;
		double disc = B * B - 4 * A * C;
		if (A > 0 && disc > 0 && n + 2 <= max) {
			double q = sqrt(disc), t1 = (-B - q) / (2 * A), t2 = (-B + q) / (2 * A);
			if (t1 > 0 && t1 < 1)
				ts[n++] = t1;
			if (t2 > 0 && t2 < 1)
				ts[n++] = t2;
		}
		return n;
	}
	for (int v = 0; v < t->nverts && n < max; v++) {
		double h = tw_segment_hit_t(a, b, t->v[v], t->v[(v + 1) % t->nverts]);
		if (h > 0 && h < 1)
			ts[n++] = h;
	}
	return n;
}

// A piece that carries troops over water: a bridge or ford not blown, or a finished pontoon.
static bool is_crossing(const tw_state *s, int k)
{
	const tw_terrain *t = &s->table.terrain[k];
	const rd_trec *r = trec(s, k);
	if (t->kind != TW_TER_BRIDGE && t->kind != TW_TER_FORD)
		return false;
	if (t->pass == TW_PASS_NO || (t->flags & TW_TF_RUINED))
		return false; // RD.SAP.7: a blown bridge
	return !(r && r->task == RD_TASK_PONTOON && !r->done); // RD.SAP.6: only a finished section
}

bool rd_water_bridged(const tw_state *s, int t, tw_vec2 a, tw_vec2 b)
{
	const tw_terrain *w = &s->table.terrain[t];
	const rd_trec *r = trec(s, t);
	if (w->kind != TW_TER_RIVER || w->pass == TW_PASS_NO || (r && r->feature != RD_TER_BY_KIND))
		return false;
	if (tw_dist(a, b) <= 0)
		return false;
	double ts[160];
	int n = 0;
	ts[n++] = 0;
	n = rd_outline_hits(w, a, b, ts, n, 150);
	for (int k = 0; k < s->table.nterrain && n < 150; k++)
		if (is_crossing(s, k) && !tw_terrain_box_apart(&s->table.terrain[k], a, b))
			n = rd_outline_hits(&s->table.terrain[k], a, b, ts, n, 150);
	ts[n++] = 1;
	qsort(ts, (size_t)n, sizeof ts[0], cmp_double);
	for (int j = 0; j + 1 < n; j++) {
		if (ts[j + 1] - ts[j] <= 1e-12)
			continue;
		tw_vec2 m = tw_add(a, tw_scale(tw_sub(b, a), (ts[j] + ts[j + 1]) / 2));
		if (!tw_terrain_contains(w, m))
			continue;
		bool covered = false;
		for (int k = 0; k < s->table.nterrain && !covered; k++)
			covered = is_crossing(s, k) && tw_terrain_contains(&s->table.terrain[k], m);
		if (!covered)
			return false;
	}
	return true;
}

// ---- the party ----
static tw_status party_of(const tw_state *s, const tw_order *o, int *unit, const char *clause, tw_error *err)
{
	const tw_figure *f0 = tw_state_figure_c(s, o->fig[0]);
	if (rd_phasing_side(s) != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SAP.2", "it is not %s's phase", s->sides[o->side].name);
	if (!f0 || f0->side != o->side || f0->unit < 0 || f0->status != TW_FS_ACTIVE || f0->kind == TW_FK_GENERAL)
		return tw_error_set(err, TW_ERR_ILLEGAL, clause, "figure %d is not of one of %s's units", o->fig[0],
				    s->sides[o->side].name);
	int u = f0->unit;
	for (int i = 1; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->unit != u || f->status != TW_FS_ACTIVE)
			return tw_error_set(err, TW_ERR_ILLEGAL, clause, "figure %d is not an active figure of unit %d",
					    o->fig[i], u);
	}
	const rd_urec *r = RDU(s, u);
	if (r->type != TW_RD_PIONEERS)
		return tw_error_set(err, TW_ERR_ILLEGAL, clause, "unit %d is %s, not pioneers", u, rd_type_names[r->type]);
	if (r->flags & RUF_MUST_RALLY)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.RALLY.1", "unit %d must attempt to rally this phase", u);
	if (r->action != RD_ACT_NONE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SAP.2",
				    "unit %d has already acted this phase: working is its one action", u);
	if (rd_unit_engaged(s, u))
		return tw_error_set(err, TW_ERR_ILLEGAL, clause, "unit %d is in melee: pioneers in melee do no work", u);
	*unit = u;
	return TW_OK;
}

// RD.SAP.2: some figure of the unit touches piece t (its base within the contact gap).
static bool party_touches(const tw_state *s, int u, int t)
{
	double gap = s->params[RDP_CONTACT];
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit == u && f->status == TW_FS_ACTIVE &&
		    tw_terrain_distance(&s->table.terrain[t], f->pos) <= f->radius + gap + RD_EPS)
			return true;
	}
	return false;
}

// The middle of the unit's front edge, its facing and its right.
static tw_vec2 front_centre(const tw_state *s, int u, tw_vec2 *fwd, tw_vec2 *right)
{
	tw_vec2 c = rd_unit_centre(s, u);
	*fwd = tw_dir_deg(s->unit[u].facing);
	*right = tw_dir_deg(s->unit[u].facing + 90);
	double front = -INFINITY;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit == u && f->status == TW_FS_ACTIVE) {
			double d = tw_dot(tw_sub(f->pos, c), *fwd) + f->radius;
			if (d > front)
				front = d;
		}
	}
	return tw_add(c, tw_scale(*fwd, front));
}

static bool is_village(const tw_state *s, int t) { return rd_feature(s, t) == RD_TER_TOWN; }
static bool is_bridge(const tw_state *s, int t) { return s->table.terrain[t].kind == TW_TER_BRIDGE; }
static int task_cost(const rd_trec *r) { return r->cost > 0 ? r->cost : RD_WORK_COST; }

tw_status rd_validate_work(const tw_state *s, const tw_order *o, tw_error *err)
{
	int u = -1; // set by party_of (gcc -O2 cannot see it: -Werror=maybe-uninitialized in Release)
	tw_status st = party_of(s, o, &u, "RD.SAP.1", err);
	if (st != TW_OK)
		return st;
	int parties = rd_sap_parties(rd_unit_figures(s, u, false));
	if (parties < 1)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SAP.8", "unit %d is too few to make a working party", u);
	int t = o->nval > 0 ? o->val[0] : -1;
	if (o->nval > 0 && (t < 0 || t >= s->table.nterrain))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SAP.2", "no terrain piece %d", t);
	const rd_trec *r = t >= 0 ? trec(s, t) : NULL;
	if (r && r->owner >= 0 && r->owner != o->side && !tw_allied(s, r->owner, o->side))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SAP.4", "%s is %s's work", s->table.terrain[t].name,
				    s->sides[r->owner].name);
	switch (o->n) {
	case WORK_FORTIFY:
		if (t < 0)
			return TW_OK; // a new earthwork along the party's front (RD.SAP.5)
		if (r->task != RD_TASK_EARTHWORK || r->done)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SAP.4", "%s is no unfinished earthwork",
					    s->table.terrain[t].name);
		break;
	case WORK_PONTOON:
		if (t < 0)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SAP.6", "a pontoon section is laid on a river: name it");
		if (r->task == RD_TASK_PONTOON ? r->done : s->table.terrain[t].kind != TW_TER_RIVER)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SAP.6", "%s is neither water nor an unfinished pontoon section",
					    s->table.terrain[t].name);
		break;
	case WORK_CHARGE:
		if (t < 0 || !(is_village(s, t) || is_bridge(s, t)) || (s->table.terrain[t].flags & TW_TF_RUINED))
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SAP.7", "charges are laid on a village or a bridge standing");
		if (r->layer >= 0 && r->layer != u && r->charges > 0)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SAP.7",
					    "unit %d's charges are on %s: the party that lays them fires them", r->layer,
					    s->table.terrain[t].name);
		break;
	default: return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SAP.3", "no such task %d", o->n);
	}
	if (!party_touches(s, u, t))
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SAP.2", "unit %d is not at the work site (%s)", u,
				    s->table.terrain[t].name);
	return TW_OK;
}

// A new work site: a rectangle from the party's front edge, `deep` forward and `wide` across.
static int new_site(tw_state *s, tw_table *tb, int u, int kind, double deep, double wide, const char *what)
{
	tw_vec2 fwd, right, f = front_centre(s, u, &fwd, &right);
	tw_terrain t;
	memset(&t, 0, sizeof t);
	t.kind = (uint8_t)kind;
	t.shape = TW_SHAPE_POLY;
	t.pass = TW_PASS_YES;
	t.nverts = 4;
	tw_vec2 h = tw_scale(right, wide / 2), d = tw_scale(fwd, deep);
	t.v[0] = tw_sub(f, h);
	t.v[1] = tw_add(f, h);
	t.v[2] = tw_add(tw_add(f, h), d);
	t.v[3] = tw_add(tw_sub(f, h), d);
	t.height = kind == TW_TER_WALL ? 0.5 : 0.1;
	snprintf(t.name, sizeof t.name, "%s %d", what, tb->nterrain);
	return tw_table_add(tb, &t);
}

tw_status rd_apply_work(tw_state *s, const tw_order *o, tw_events *ev, tw_error *err)
{
	int u = s->fig[o->fig[0]].unit, figures = rd_unit_figures(s, u, false);
	int parties = rd_sap_parties(figures);
	tw_table *tb = tw_state_table_edit(s);
	if (!tb)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	int t = o->nval > 0 ? o->val[0] : -1;
	int task = o->n == WORK_FORTIFY ? RD_TASK_EARTHWORK : o->n == WORK_PONTOON ? RD_TASK_PONTOON : RD_TASK_CHARGES;
	bool fresh = false;
	if (o->n == WORK_FORTIFY && t < 0) {
		t = new_site(s, tb, u, TW_TER_WALL, RD_EARTHWORK_DEEP, RD_EARTHWORK_LEN, "earthwork");
		fresh = true;
	} else if (o->n == WORK_PONTOON && tb->terrain[t].kind == TW_TER_RIVER) {
		t = new_site(s, tb, u, TW_TER_BRIDGE, s->params[RDP_PONTOON], RD_PONTOON_WIDE, "pontoon");
		fresh = true;
	}
	if (t < 0)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	rd_trec *r = trec_w(s, t);
	if (fresh) {
		r->feature = RD_TER_OPEN; // RD.SAP.4: unfinished work changes nothing yet
		r->task = task;
	}
	if (r->task != task) { // a village or bridge: a charge begun
		r->task = task;
		r->points = 0;
	}
	r->owner = (int8_t)o->side;
	RDU(s, u)->action = RD_ACT_WORK;
	int faces[TW_ROLL_MAX];
	int got = tw_roll(s, ev, o->side, parties == 1 ? "RD.SAP.1" : "RD.SAP.8", parties, 6, faces, NULL);
	int cost = task_cost(r), before = r->points;
	r->points += got;
	bool complete = r->points >= cost;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "RD.SAP.4");
	if (e) {
		e->a = u;
		e->b = t;
		e->c = got;
		e->d = complete ? cost : r->points;
		tw_event_text(e, "unit %d (%d figures, %d part%s, RD.SAP.8) works %d points on %s: %d of %d%s", u, figures,
			      parties, parties == 1 ? "y" : "ies", got, tb->terrain[t].name, complete ? cost : r->points, cost,
			      complete && r->points > cost ? " (the rest is lost)" : "");
	}
	(void)before;
	if (!complete)
		return TW_OK;
	r->points = 0; // RD.SAP.4: points beyond the cost are lost
	tw_terrain *p = &tb->terrain[t];
	const char *clause = "RD.SAP.5";
	if (task == RD_TASK_EARTHWORK) {
		r->done = 1;
		r->feature = RD_TER_OBSTACLE; // a linear obstacle (RD.MOVE.5) giving cover within 1 in (RD.SHOOT.13)
		p->flags |= TW_TF_WORKS;
		p->cover = 1;
	} else if (task == RD_TASK_PONTOON) {
		clause = "RD.SAP.6";
		r->done = 1;
		r->feature = RD_TER_BY_KIND; // a bridge: open ground over the water, no road
		p->flags |= TW_TF_WORKS;
	} else {
		clause = "RD.SAP.7";
		r->charges++;
		r->layer = u;
	}
	tw_terrain_finish(p);
	e = tw_events_push(ev, TW_EV_TABLE, o->side, clause);
	if (e) {
		e->a = t;
		e->b = fresh ? 1 : 2;
		if (task == RD_TASK_CHARGES)
			tw_event_text(e, "a demolition charge is laid on %s: %d laid", p->name, r->charges);
		else
			tw_event_text(e, "%s is complete", p->name);
	}
	return TW_OK;
}

tw_status rd_validate_demolish(const tw_state *s, const tw_order *o, tw_error *err)
{
	int u = -1; // set by party_of
	tw_status st = party_of(s, o, &u, "RD.SAP.7", err);
	if (st != TW_OK)
		return st;
	int t = o->val[0];
	if (t < 0 || t >= s->table.nterrain)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SAP.7", "no terrain piece %d", t);
	const rd_trec *r = trec(s, t);
	if (r->charges < 1 || r->layer != u)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SAP.7", "unit %d has laid no charges on %s", u,
				    s->table.terrain[t].name);
	int min = is_bridge(s, t) ? 3 : 1;
	if (r->charges < min)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SAP.7", "%d charge%s on %s: a %s needs at least %d", r->charges,
				    r->charges == 1 ? "" : "s", s->table.terrain[t].name, is_bridge(s, t) ? "bridge" : "village",
				    min);
	return TW_OK;
}

tw_status rd_apply_demolish(tw_state *s, const tw_order *o, tw_events *ev, tw_error *err)
{
	int u = s->fig[o->fig[0]].unit, t = o->val[0];
	tw_table *tb = tw_state_table_edit(s);
	if (!tb)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	rd_trec *r = trec_w(s, t);
	bool bridge = is_bridge(s, t);
	int n = r->charges, need = bridge ? 18 : 6;
	RDU(s, u)->action = RD_ACT_WORK;
	int total = tw_roll(s, ev, o->side, "RD.SAP.7", n, 6, NULL, NULL);
	// RD.SAP.7: every charge on the target goes off together and is used up.
	r->charges = 0;
	r->layer = -1;
	r->task = RD_TASK_NONE;
	r->points = 0;
	r->owner = -1;
	tw_terrain *p = &tb->terrain[t];
	bool effect = total >= need;
	tw_event *e = tw_events_push(ev, effect ? TW_EV_TABLE : TW_EV_INFO, o->side, "RD.SAP.7");
	if (e) {
		e->a = t;
		e->b = 2;
		e->c = total;
		tw_event_text(e, "unit %d fires %d charge%s on %s: %d, %s %d: %s", u, n, n == 1 ? "" : "s", p->name, total,
			      effect ? "reaching" : "short of", need,
			      effect ? (bridge ? "the bridge comes down" : "the village is breached") : "no effect");
	}
	if (!effect)
		return TW_OK;
	p->flags |= TW_TF_RUINED;
	if (bridge) {
		p->pass = TW_PASS_NO; // impassable, and no longer a crossing
		r->feature = RD_TER_IMPASSABLE;
	} else {
		r->feature = RD_TER_DIFFICULT; // the breach: rubble, open to every arm, no longer a building
		p->pass = TW_PASS_YES;
	}
	tw_terrain_finish(p);
	return TW_OK;
}
