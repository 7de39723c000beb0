// Morale (GR.MORALE): command points, loss points, tests and retests, the 50% rule, the
// general's rally; withdrawals and exhaustion moves made by the engine (GR.MELEE.23/24).
#include <string.h>

#include "gr.h"

bool gr_morale_test(tw_state *s, tw_unit *u, tw_events *ev)
{
	if (GRU(s, u)->flags & GUF_TESTED)
		return GRU(s, u)->morale == 0; // GR.GEN.2: at most one test a move
	GRU(s, u)->flags |= GUF_TESTED;
	int troop = GRU(s, u)->troop;
	int lost = GRU(s, u)->orig - gr_rf_alive(s, u->id);
	int lp = tw_grant_loss_points(troop, lost < 0 ? 0 : lost, GRU(s, u)->orig);
	if (lp > 2)
		lp = troop == TW_GR_GRENADIER ? 1 : 2;
	int cp = gr_command_points(s, u->id);
	int need = 6 + GRU(s, u)->morale; // GR.MORALE.7: 7, 8, 9, 10 on retests
	tw_event *e = NULL;
	int die = tw_roll_d6(s, ev, u->side, GRU(s, u)->morale ? "GR.MORALE.7" : "GR.MORALE.4", &e);
	int score = cp - lp + die; // GR.MORALE.4
	bool good = score >= need;
	if (e) {
		e->c = score;
		e->d = need;
		tw_event_text(e, "%s morale: %d command - %d loss + %d = %d, needs %d: %s", u->name, cp, lp, die, score, need,
			      good ? "good" : "bad");
	}
	if (good) {
		GRU(s, u)->morale = 0;
		GRU(s, u)->flags &= ~GUF_BROKE;
		return true;
	}
	GRU(s, u)->morale++;
	if (GRU(s, u)->flags & GUF_MELEE) {
		gr_unit_set_flag(s, u, GUF_WITHDRAW, true); // GR.MORALE.5: breaks off
		// GR.MORALE.7: a unit that breaks off a melee it has fought on keeps retiring; one that
		// fails in its first melee move withdraws one move (GR.MELEE.21, .23), then stays halted
		// with its retests like any unit with bad morale.
		if (gr_unit_round(s, u) >= 2)
			gr_unit_set_flag(s, u, GUF_BROKE, true);
	}
	if (GRU(s, u)->morale >= 5) { // failed the test needing 10
		GRU(s, u)->flags |= GUF_DISPERSED;
		for (int i = 0; i < s->nfig; i++)
			if (s->fig[i].unit == u->id && s->fig[i].status == TW_FS_ACTIVE)
				s->fig[i].status = TW_FS_OFF;
		e = tw_events_push(ev, TW_EV_INFO, u->side, "GR.MORALE.7");
		if (e)
			tw_event_text(e, "%s is dispersed", u->name);
	}
	return false;
}

void gr_morale_end_move(tw_state *s, tw_events *ev)
{
	for (int i = 0; i < s->nunit; i++) {
		tw_unit *u = &s->unit[i];
		if (!gr_unit_active(s, u) || GRU(s, u)->troop == TW_GR_WAGON || GRU(s, u)->troop == TW_GR_BARGE)
			continue; // GR.ORG.4: transport takes no morale tests
		if (GRU(s, u)->rally && s->move_no >= GRU(s, u)->rally) { // GR.MORALE.10
			GRU(s, u)->rally = 0;
			GRU(s, u)->morale = 0;
			GRU(s, u)->flags &= ~GUF_BROKE;
			tw_event *e = tw_events_push(ev, TW_EV_INFO, u->side, "GR.MORALE.10");
			if (e)
				tw_event_text(e, "%s is fit for action again", u->name);
		}
		int alive = gr_rf_alive(s, u->id);
		bool first_melee = (GRU(s, u)->flags & GUF_MELEE) && gr_unit_round(s, u) == 1; // GR.MORALE.9 (1)
		if (!(GRU(s, u)->flags & GUF_RETIRE50) && GRU(s, u)->orig > 0 && 2 * alive <= GRU(s, u)->orig && !first_melee) {
			GRU(s, u)->flags |= GUF_RETIRE50; // GR.MORALE.8
			tw_event *e = tw_events_push(ev, TW_EV_INFO, u->side, "GR.MORALE.8");
			if (e)
				tw_event_text(e, "%s is down to %d of %d R&F: it goes to the rear", u->name, alive, GRU(s, u)->orig);
		}
		if (GRU(s, u)->flags & GUF_RETIRE50)
			continue;
		if (!GRU(s, u)->rally && (GRU(s, u)->lost > 0 || GRU(s, u)->morale > 0))
			gr_morale_test(s, u, ev); // GR.MORALE.6/7
		if (GRU(s, u)->troop == TW_GR_HEAVY_CAV && !GRU(s, u)->xing && // GR.TERR.7: crossing is no rest
		    !(GRU(s, u)->flags & (GUF_MOVED_NOW | GUF_CHARGED_NOW | GUF_MELEE)))
			GRU(s, u)->rest++; // GR.MOVE.5
	}
}

typedef struct retiree {
	int idx;
	double back; ///< how far to the rear it stands (along the retreat)
} retiree;

static int rearmost_first(const void *a, const void *b)
{
	const retiree *x = a, *y = b;
	if (x->back != y->back)
		return x->back > y->back ? -1 : 1;
	return x->idx - y->idx;
}

// True if figure f at p stands on an active figure that keeps its place: any figure of another
// unit, or one of its own unit's already placed in this retreat (placed[k] for index k).
static bool retire_blocked(const tw_state *s, const tw_figure *f, tw_vec2 p, const uint8_t *placed)
{
	for (int k = 0; k < s->nfig; k++) {
		const tw_figure *o = &s->fig[k];
		if (o == f || o->status != TW_FS_ACTIVE || (o->unit == f->unit && !placed[k]))
			continue;
		double r = o->radius + f->radius - 1e-6;
		if (fabs(o->pos.x - p.x) < r && fabs(o->pos.y - p.y) < r && tw_dist(o->pos, p) < r)
			return true;
	}
	return false;
}

// Moves a unit straight to the rear (GR.MORALE.7/8, GR.MELEE.23/24). Men go back in steps of
// 0.25 in until the distance is covered, the table's edge, water or impassable ground stops them
// (or, with off_table, they leave the table). A man may pass through others on the way, but never
// ends standing on another: the rearmost men are placed first, and a man whose end would overlap
// one already standing comes forward again, step by step, to the first free place on his path.
void gr_retire_unit(tw_state *s, tw_unit *u, double dist, bool off_table, const char *clause, tw_events *ev)
{
	tw_vec2 back = tw_v2(0, -s->sides[u->side].forward);
	retiree *order = tw_malloc(sizeof *order * (size_t)(s->nfig + 1));
	uint8_t *placed = tw_malloc((size_t)s->nfig + 1);
	if (!order || !placed) {
		tw_free(order);
		tw_free(placed);
		return; // the core refuses the order: a failed allocation is marked
	}
	memset(placed, 0, (size_t)s->nfig + 1);
	int n = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit == u->id && f->status == TW_FS_ACTIVE)
			order[n++] = (retiree){i, tw_dot(f->pos, back)};
	}
	qsort(order, (size_t)n, sizeof *order, rearmost_first);
	for (int j = 0; j < n; j++) {
		tw_figure *f = &s->fig[order[j].idx];
		if (GRF(s, f)->house >= 0 && (GRU(s, u)->flags & GUF_RETIRE50) && !(GRU(s, u)->flags & GUF_WITHDRAW)) {
			placed[order[j].idx] = 1;
			continue; // GR.MORALE.9 (2): a unit in houses may stay
		}
		tw_vec2 start = f->pos, p = start;
		int steps = 0;
		for (; (steps + 1) * 0.25 <= dist + 1e-9; steps++) {
			tw_vec2 q = tw_add(p, tw_scale(back, 0.25));
			if (off_table && (q.y < f->radius || q.y > s->table.depth - f->radius)) {
				// GR.MORALE.8: a man whose base reaches the table's edge has left the table (he
				// used to stop there: the edge check below refused the step before this one saw it)
				f->status = TW_FS_OFF;
				break;
			}
			if (!gr_spot_free(s, q, f->radius, f->id))
				break;
			p = q;
		}
		if (f->status == TW_FS_ACTIVE)
			while (steps > 0 && retire_blocked(s, f, p, placed)) {
				steps--;
				p = tw_add(start, tw_scale(back, 0.25 * steps));
			}
		f->pos = p;
		placed[order[j].idx] = 1;
		GRF(s, f)->house = -1;
		f->moved_in = s->move_no;
		double moved = 0.25 * steps;
		if (moved <= 0 && f->status == TW_FS_ACTIVE)
			continue;
		tw_event *e = tw_events_push(ev, f->status == TW_FS_OFF ? TW_EV_WITHDRAW : TW_EV_MOVE, f->side, clause);
		if (e) {
			e->a = f->id;
			e->x = f->pos.x;
			e->y = f->pos.y;
			e->v = moved;
		}
	}
	tw_free(order);
	tw_free(placed);
}

// True if any active figure of unit u touches an enemy figure.
static bool unit_in_contact(const tw_state *s, const tw_unit *u)
{
	for (int k = 0; k < s->nfig; k++)
		if (s->fig[k].unit == u->id && s->fig[k].status == TW_FS_ACTIVE && gr_fig_in_contact(s, &s->fig[k]))
			return true;
	return false;
}

// At the start of a move: the moves the rules make for units (withdrawals, the 50% rule,
// exhausted units falling back, bad-morale units breaking off); then every unit still in base
// contact is locked in melee (GR.MELEE.1), and one no longer in contact is free of its melee.
void gr_auto_moves(tw_state *s, tw_events *ev)
{
	for (int i = 0; i < s->nunit; i++) {
		tw_unit *u = &s->unit[i];
		GRU(s, u)->flags &= ~(GUF_FIRED_NOW | GUF_MOVED_NOW | GUF_CHARGED_NOW | GUF_TESTED | GUF_BATTLE);
		GRU(s, u)->lost = 0;
		if (!gr_unit_active(s, u))
			continue;
		int troop = GRU(s, u)->troop;
		double rate = troop == TW_GR_LIGHT_INF ? 7.5 : gr_cavalry(troop) ? tw_grant_move_rate(troop, TW_GR_MODE_NORMAL)
			    : troop == TW_GR_ARTILLERY ? 6 : 6;
		int ex = GRU(s, u)->exhaust ? s->move_no - GRU(s, u)->exhaust : 0;
		if (GRU(s, u)->flags & GUF_RETIRE50) {
			gr_retire_unit(s, u, rate, true, "GR.MORALE.8", ev);
		} else if (GRU(s, u)->flags & GUF_WITHDRAW) {
			gr_retire_unit(s, u, rate, false, "GR.MELEE.23", ev);
			GRU(s, u)->flags &= ~GUF_WITHDRAW;
		} else if ((GRU(s, u)->flags & GUF_BROKE) && GRU(s, u)->morale > 0 && !GRU(s, u)->rally) {
			gr_retire_unit(s, u, rate, false, "GR.MORALE.7", ev); // keeps retiring until rallied
		} else if ((ex == 1 || ex == 2) && !(GRU(s, u)->flags & (GUF_HOLD | GUF_MELEE))) {
			// GR.MELEE.24: falls back two moves, unless attacked meanwhile (GR.MELEE.1: locked)
			gr_retire_unit(s, u, rate, false, "GR.MELEE.24", ev);
		}
	}
	int32_t mark = gr_contact_mark(s->move_no, 0);
	for (int i = 0; i < s->nunit; i++) {
		tw_unit *u = &s->unit[i];
		if (gr_unit_active(s, u) && unit_in_contact(s, u)) {
			GRU(s, u)->flags |= GUF_MELEE;
			if (!GRU(s, u)->contact)
				GRU(s, u)->contact = mark; // brought into contact by the engine's moves
		} else {
			GRU(s, u)->flags &= ~(GUF_MELEE | GUF_ATTACKER);
			GRU(s, u)->contact = 0;
		}
	}
}
