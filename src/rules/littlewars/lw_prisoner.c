// Little Wars: prisoners, escorts, rearming and surrender (LW.MEL.10-16).
//
// Readings used here (for the lead to document):
//  - LW.MEL.11: n prisoners need ceil(n/7) escorts; escorts are the captor's free men, nearest
//    first, each taking up to 7 prisoners within 6 in of him (or, if none is within 6 in, the
//    nearest). An escort stays a free man in every other way.
//  - LW.MEL.12: at the end of every move a prisoner is freed when his escort is no longer a free
//    man of the captor. The escort's 6 in string is checked at the end of the captor's own moves
//    only: between them the enemy can kill the escort but can move neither him nor the
//    prisoners, and prisoners taken at the end of the enemy's move are collected in the
//    captor's next move (LW.MEL.10). Orphaned prisoners go to surviving escorts within 6 in
//    with room (7 each), nearest first; the rest are freed (the default choice for the freeing
//    side: the men furthest from the surviving escorts go free).
//  - LW.MEL.16: surrendered men hold no escort and are never freed until a free man of the
//    captor comes within 6 in; he then becomes their escort and LW.MEL.12 applies from then on.
#include <stdlib.h>
#include <string.h>

#include "lw.h"
#include "lw_util.h"


// Same test as lw_beyond_own_line (kept local so this file stands alone): p is on or behind
// side's own back line.
static bool lw_behind_own_line(const tw_state *s, int side, tw_vec2 p)
{
	if (side < 0 || side >= s->nsides)
		return false;
	return s->sides[side].forward * (p.y - s->sides[side].back_y) <= 0;
}

static tw_event *lw_push(const tw_state *s, tw_events *ev, tw_event_type t, int side, const char *clause,
                         const tw_figure *f)
{
	tw_event *e = ev ? tw_events_push(ev, t, side, clause) : NULL;
	if (e) {
		e->move_no = s->move_no;
		e->a = f->id;
		e->x = f->pos.x;
		e->y = f->pos.y;
	}
	return e;
}

// Prisoners held by each escort (indexed by escort id).
static int *lw_escort_loads(const tw_state *s)
{
	int *load = tw_calloc((size_t)(s->nfig > 0 ? s->nfig : 1), sizeof *load);
	if (!load)
		return NULL;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *p = &s->fig[i];
		if (p->status == LW_FS_PRISONER && LWF(s, p)->escort >= 0 && LWF(s, p)->escort < s->nfig)
			load[LWF(s, p)->escort]++;
	}
	return load;
}

static void lw_set_escort(tw_state *s, tw_figure *p, tw_figure *e, int *load, const char *clause,
                          tw_events *ev)
{
	LWF(s, p)->escort = e->id;
	LWF(s, p)->marks &= ~(uint32_t)LW_MARK_SURRENDERED;
	load[e->id]++;
	tw_event *x = lw_push(s, ev, TW_EV_ESCORT, e->side, clause, e);
	if (x) {
		x->b = p->id;
		tw_event_text(x, "figure %d escorts prisoner %d", e->id, p->id);
	}
}

void lw_assign_escorts(tw_state *s, int captor, const int32_t *prisoners, int n, tw_events *ev)
{
	if (n <= 0)
		return;
	int *load = lw_escort_loads(s);
	int32_t *todo = tw_malloc((size_t)n * sizeof *todo);
	if (!load || !todo) {
		tw_free(load);
		tw_free(todo);
		return;
	}
	int nt = 0;
	for (int k = 0; k < n; k++) {
		const tw_figure *p = tw_state_figure_c(s, prisoners[k]);
		if (p && p->status == LW_FS_PRISONER && LWF(s, p)->captor == captor)
			todo[nt++] = p->id;
	}
	while (nt > 0) {
		// LW.MEL.11: the captor's free man nearest the prisoners, with room for more.
		int best = -1;
		double bd = 0;
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *e = &s->fig[i];
			if (e->side != captor || !lw_is_free_man(e) || load[i] >= LW_ESCORT_PER)
				continue;
			double d = 1e18;
			for (int k = 0; k < nt; k++)
				d = fmin(d, lw_gap(e, &s->fig[todo[k]]));
			if (best < 0 || d < bd - LW_EPS) {
				best = i;
				bd = d;
			}
		}
		if (best < 0)
			break; // nobody to escort the rest: LW.MEL.12 will free them
		tw_figure *e = &s->fig[best];
		// He takes the prisoners nearest him within 6 in, or the nearest one if none is.
		bool took = false;
		while (nt > 0 && load[best] < LW_ESCORT_PER) {
			int kb = -1;
			double kd = 0;
			for (int k = 0; k < nt; k++) {
				double d = lw_gap(e, &s->fig[todo[k]]);
				if (kb < 0 || d < kd - LW_EPS) {
					kb = k;
					kd = d;
				}
			}
			if (kd > LW_REACH + LW_EPS && took)
				break;
			lw_set_escort(s, &s->fig[todo[kb]], e, load, "LW.MEL.11", ev);
			todo[kb] = todo[--nt];
			took = true;
		}
	}
	tw_free(todo);
	tw_free(load);
}

// LW.MEL.12: does prisoner p still have an escort?
static bool lw_escort_holds(const tw_state *s, const tw_figure *p)
{
	const tw_figure *e = tw_state_figure_c(s, LWF(s, p)->escort);
	if (!e || !lw_is_free(e) || e->side != LWF(s, p)->captor)
		return false;
	if (s->mover == LWF(s, p)->captor && lw_gap(e, p) > LW_REACH + LW_EPS)
		return false;
	return true;
}

bool lw_prisoners_plain = false;

void lw_update_prisoners(tw_state *s, tw_events *ev)
{
	int nf = s->nfig;
	// h10-melee (issue 18): every loop below acts only on men who are prisoners or freed men
	// now (LW.MEL.13 on freed men, LW.MEL.14, 16 and 12 on prisoners; the escorts' loads count
	// prisoners): no man becomes either here but those (statuses go from freed to active and from
	// prisoner to delivered or freed). So the loops take those men, listed in figure order, and
	// visit them in the order the loops over every figure would; with none, nothing is done.
	// lw_prisoners_plain (or no memory for the list): the loops over every figure.
	int np = 0;
	for (int i = 0; i < nf; i++)
		np += s->fig[i].status == LW_FS_PRISONER || s->fig[i].status == LW_FS_FREED;
	if (np == 0 && !lw_prisoners_plain)
		return;
	int32_t *idx = lw_prisoners_plain ? NULL : tw_malloc((size_t)np * sizeof *idx);
	if (idx) {
		np = 0;
		for (int i = 0; i < nf; i++)
			if (s->fig[i].status == LW_FS_PRISONER || s->fig[i].status == LW_FS_FREED)
				idx[np++] = i;
	} else {
		np = nf;
	}
#define LW_PRIS_AT(q) (idx ? idx[q] : (q))
	// LW.MEL.13: freed men at or behind their own back line are rearmed.
	for (int q = 0; q < np; q++) {
		tw_figure *f = &s->fig[LW_PRIS_AT(q)];
		if (f->status == LW_FS_FREED && lw_behind_own_line(s, f->side, f->pos)) {
			f->status = TW_FS_ACTIVE;
			LWF(s, f)->captor = -1;
			LWF(s, f)->escort = -1;
			tw_event *e = lw_push(s, ev, TW_EV_REARMED, f->side, "LW.MEL.13", f);
			tw_event_text(e, "figure %d rearmed at his back line", f->id);
		}
	}
	// LW.MEL.14: prisoners brought to the captor's back line are delivered; the escort is released.
	for (int q = 0; q < np; q++) {
		tw_figure *f = &s->fig[LW_PRIS_AT(q)];
		if (f->status == LW_FS_PRISONER && lw_behind_own_line(s, LWF(s, f)->captor, f->pos)) {
			f->status = LW_FS_DELIVERED;
			LWF(s, f)->escort = -1;
			LWF(s, f)->marks &= ~(uint32_t)LW_MARK_SURRENDERED;
			tw_event *e = lw_push(s, ev, TW_EV_DELIVERED, f->side, "LW.MEL.14", f);
			if (e) {
				e->b = LWF(s, f)->captor;
				tw_event_text(e, "prisoner %d delivered over the captor's back line", f->id);
			}
		}
	}
	int *load = lw_escort_loads(s);
	uint8_t *was_escort = tw_calloc((size_t)(nf > 0 ? nf : 1), 1);
	uint8_t *orphan = tw_calloc((size_t)(nf > 0 ? nf : 1), 1);
	if (!load || !was_escort || !orphan)
		goto out;
	for (int i = 0; i < nf; i++)
		if (load[i] > 0)
			was_escort[i] = 1;
	// LW.MEL.16: a surrendered man is collected by the nearest free captor man within 6 in.
	for (int q = 0; q < np; q++) {
		int i = LW_PRIS_AT(q);
		tw_figure *p = &s->fig[i];
		if (p->status != LW_FS_PRISONER || !(LWF(s, p)->marks & LW_MARK_SURRENDERED) || LWF(s, p)->escort >= 0)
			continue;
		int best = -1;
		double bd = 0;
		for (int k = 0; k < nf; k++) {
			const tw_figure *e = &s->fig[k];
			if (e->side != LWF(s, p)->captor || !lw_is_free_man(e) || load[k] >= LW_ESCORT_PER)
				continue;
			double d = lw_gap(e, p);
			if (d <= LW_REACH + LW_EPS && (best < 0 || d < bd - LW_EPS)) {
				best = k;
				bd = d;
			}
		}
		if (best >= 0)
			lw_set_escort(s, p, &s->fig[best], load, "LW.MEL.16", ev);
	}
	// LW.MEL.12: prisoners whose escort is gone (or, in the captor's move, out of reach).
	int norphan = 0;
	for (int q = 0; q < np; q++) {
		int i = LW_PRIS_AT(q);
		tw_figure *p = &s->fig[i];
		if (p->status != LW_FS_PRISONER)
			continue;
		if ((LWF(s, p)->marks & LW_MARK_SURRENDERED) && LWF(s, p)->escort < 0)
			continue; // LW.MEL.16: stays a prisoner until collected
		if (!lw_escort_holds(s, p)) {
			if (LWF(s, p)->escort >= 0 && LWF(s, p)->escort < nf)
				load[LWF(s, p)->escort]--;
			LWF(s, p)->escort = -1;
			orphan[i] = 1;
			norphan++;
		}
	}
	// Surviving escorts (men escorting before this update, still free, within 6 in, room left)
	// take orphans nearest first; LW.MEL.12: only the men beyond 7 per surviving escort go free.
	while (norphan > 0) {
		int bp = -1, be = -1;
		double bd = 0;
		for (int q = 0; q < np; q++) {
			int i = LW_PRIS_AT(q);
			if (!orphan[i])
				continue;
			const tw_figure *p = &s->fig[i];
			for (int k = 0; k < nf; k++) {
				const tw_figure *e = &s->fig[k];
				if (!was_escort[k] || !lw_is_free(e) || e->side != LWF(s, p)->captor ||
				    load[k] >= LW_ESCORT_PER)
					continue;
				double d = lw_gap(e, p);
				if (d <= LW_REACH + LW_EPS && (bp < 0 || d < bd - LW_EPS)) {
					bp = i;
					be = k;
					bd = d;
				}
			}
		}
		if (bp < 0)
			break;
		lw_set_escort(s, &s->fig[bp], &s->fig[be], load, "LW.MEL.12", ev);
		orphan[bp] = 0;
		norphan--;
	}
	for (int q = 0; q < np; q++) {
		int i = LW_PRIS_AT(q);
		if (!orphan[i])
			continue;
		tw_figure *p = &s->fig[i];
		int captor = LWF(s, p)->captor;
		p->status = LW_FS_FREED;
		LWF(s, p)->captor = -1;
		LWF(s, p)->escort = -1;
		LWF(s, p)->marks &= ~(uint32_t)(LW_MARK_SURRENDERED | LW_MARK_CONTACT);
		tw_event *e = lw_push(s, ev, TW_EV_FREED, p->side, "LW.MEL.12", p);
		if (e) {
			e->b = captor;
			tw_event_text(e,
			              "prisoner %d freed (no escort within 6 in), disarmed until he reaches "
			              "his back line",
			              p->id);
		}
	}
#undef LW_PRIS_AT
out:
	tw_free(idx);
	tw_free(load);
	tw_free(was_escort);
	tw_free(orphan);
}

// ---- LW.MEL.16: surrender ----

tw_status lw_validate_surrender(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (o->nfig <= 0)
		return tw_error_set(err, TW_ERR_INPUT, "LW.MEL.16", "a surrender names at least one man");
	if (o->nfig > TW_ORDER_MAX_FIG)
		return tw_error_set(err, TW_ERR_INPUT, "LW.MEL.16", "too many figures (%d)", o->nfig);
	for (int k = 0; k < o->nfig; k++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[k]);
		if (!f)
			return tw_error_set(err, TW_ERR_INPUT, "LW.MEL.16", "figure %d does not exist",
			                    o->fig[k]);
		if (f->side != o->side)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MEL.16", "figure %d is not %s's man",
			                    f->id, s->sides[o->side].name);
		if (!lw_is_man(f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MEL.16",
			                    "figure %d is a waggon, not a man", f->id);
		if (!lw_is_free(f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MEL.16",
			                    "figure %d is not a free man (%s)", f->id,
			                    tw_figure_status_name((tw_figure_status)f->status));
		for (int m = 0; m < k; m++)
			if (o->fig[m] == f->id)
				return tw_error_set(err, TW_ERR_INPUT, "LW.MEL.16",
				                    "figure %d is listed twice", f->id);
	}
	int sup = lw_supporters(s, o->side, o->fig, o->nfig, NULL);
	if (sup * 2 >= o->nfig)
		return tw_error_set(
		    err, TW_ERR_ILLEGAL, "LW.MEL.16",
		    "only an isolated body may surrender: %s %d m%s %s %d supporter%s within a "
		    "move (isolated means fewer than %d)",
		    o->nfig == 1 ? "this" : "these", o->nfig, o->nfig == 1 ? "an" : "en", o->nfig == 1 ? "has" : "have",
		    sup, sup == 1 ? "" : "s", (o->nfig + 1) / 2);
	return TW_OK;
}

tw_status lw_apply_surrender(tw_state *s, const tw_order *o, tw_events *ev)
{
	tw_status st = lw_validate_surrender(s, o, NULL);
	if (st != TW_OK)
		return st;
	int captor = lw_enemy(o->side);
	for (int k = 0; k < o->nfig; k++) {
		tw_figure *f = tw_state_figure(s, o->fig[k]);
		lw_surrender_man(s, f, captor);
		tw_event *e = lw_push(s, ev, TW_EV_SURRENDER, f->side, "LW.MEL.16", f);
		if (e) {
			e->b = captor;
			tw_event_text(e, "figure %d surrendered to %s", f->id, s->sides[captor].name);
		}
	}
	return TW_OK;
}
