// Waggons, ammunition carts and depots on the table (LW.BIG.5-7, KS.MOV.1, KS.RE.2/3, KS.SH.4).
// Why figures and not records or terrain: a waggon has a side, a place, a base, a status and a
// move, which is what a figure is; every move check (table, terrain, spacing, the 1/16 in), the
// views, the pictures and the saved files take it as they are. A new record field would have
// moved every pinned hash of ordinary Little Wars; a figure kind already existed (waggon). A depot
// does not move: a terrain piece named "<side> depot" (a store shed), whose burning marks it.
// The two options are parameters (`waggons`, `ammunition`: off unless the players agree them,
// LW.BIG.5/6 say "option"), so no other game changes.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_util.h"
#include "lw_waggons.h"

bool lw_is_cart(const tw_state *s, const tw_figure *f)
{
	return f->kind == TW_FK_WAGGON && LWF(s, f)->arm == LW_ARM_RA;
}

bool lw_is_supply_waggon(const tw_state *s, const tw_figure *f) { return f->kind == TW_FK_WAGGON && !lw_is_cart(s, f); }

double lw_waggon_pace(const tw_state *s, const tw_figure *f, const tw_vec2 *pts, int n)
{
	if (f->kind != TW_FK_WAGGON)
		return 1.0;
	bool road = lw_path_on_road(s, pts, n);
	if (LWG(s)->ks) // KS.MOV.1: Transport & Supply 12 in on roads, 6 in across country
		return road ? 1.0 : 0.5;
	return lw_big_road_factor(true, road); // LW.BIG.7
}

// LW.BIG.5: the men a waggon feeds: free infantry and cavalry (and their officers), not waggons.
static bool fed(const tw_figure *f)
{
	return lw_is_free(f) && (f->kind == TW_FK_INFANTRY || f->kind == TW_FK_CAVALRY || f->kind == TW_FK_OFFICER);
}

// Where figure f stands after order o (its end when the order moves it).
static tw_vec2 after(const tw_state *s, const tw_order *o, const tw_figure *f, tw_vec2 *path)
{
	for (int i = 0; o && i < o->nfig; i++)
		if (o->fig[i] == f->id) {
			int n = lw_order_fig_path(s, o, i, path);
			return path[n - 1];
		}
	return f->pos;
}

// LW.BIG.5: the gap from man m (standing at mp) to the nearest free supply waggon of his side,
// each standing where order o leaves it.
static double waggon_gap(const tw_state *s, const tw_order *o, const tw_figure *m, tw_vec2 mp, tw_vec2 *path)
{
	double best = INFINITY;
	for (int j = 0; j < s->nfig; j++) {
		const tw_figure *w = &s->fig[j];
		if (w->side != m->side || !lw_is_free(w) || !lw_is_supply_waggon(s, w))
			continue;
		tw_vec2 wp = after(s, o, w, path);
		best = fmin(best, fmax(0.0, tw_dist(mp, wp) - m->radius - w->radius));
	}
	return best;
}

int lw_waggons_within_reach(const tw_state *s, const tw_figure *f, int side)
{
	double reach = lw_big_supply_reach(lw_big_mult_now(s)) * lw_big_outdoor(s); // LW.BIG.5, LW.BIG.8
	int n = 0;
	for (int j = 0; j < s->nfig; j++) {
		const tw_figure *w = &s->fig[j];
		if (w->side == side && lw_is_free(w) && lw_is_supply_waggon(s, w) && lw_gap(f, w) <= reach + LW_EPS)
			n++;
	}
	return n;
}

static tw_status check_move(const tw_state *s, const tw_order *o, tw_error *err)
{
	tw_vec2 path[TW_ORDER_MAX_PATH + 1], tmp[TW_ORDER_MAX_PATH + 1];
	bool waggon_moves = false;
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->side != o->side || f->kind != TW_FK_WAGGON || f->moved_in == s->move_no || !lw_is_free(f))
			continue; // lw_validate_move says what is wrong
		if (!o->has_at && o->npath < 1)
			continue;
		waggon_moves = true;
		int n = lw_order_fig_path(s, o, i, path);
		double len = tw_path_length(path, n) + lw_first_move_offset(s, f);
		double pace = lw_waggon_pace(s, f, path, n), allow = lw_allowance_now(s, f) * pace;
		if (len > allow + 1e-9) {
			bool ks = LWG(s)->ks != 0;
			return tw_error_set(err, TW_ERR_ILLEGAL, ks ? "KS.MOV.1" : pace > 1 ? "LW.BIG.7" : "LW.MOB.2",
					    "%s %d would move %.*f in; it may move %.0f in%s", lw_is_cart(s, f) ? "cart" : "waggon",
					    f->id, lw_excess_digits(len, allow), len, allow,
					    ks ? pace < 1 ? " across country (12 in on a road)" : " on a road"
					       : pace > 1 ? " along the road (1.5 x its move)" : " (the infantry's pace; 1.5 x along a road)");
		}
	}
	if (s->params[LWP_WAGGONS] == 0)
		return TW_OK;
	// LW.BIG.5 enforced: no man may march beyond six moves of his side's waggons (a man already
	// beyond may move only nearer to them), and no waggon may leave men without one in reach.
	double reach = lw_big_supply_reach(lw_big_mult_now(s)) * lw_big_outdoor(s); // LW.BIG.5, LW.BIG.8
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->side != o->side || !fed(f))
			continue;
		tw_vec2 end = after(s, o, f, path);
		double now = waggon_gap(s, NULL, f, f->pos, tmp), then = waggon_gap(s, o, f, end, tmp);
		if (then > reach + LW_EPS && then > now - LW_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.5",
					    "man %d would end %.1f in from his side's nearest waggon; troops must keep within six "
					    "moves (%.0f in) of their waggons",
					    f->id, then, reach);
	}
	if (!waggon_moves)
		return TW_OK;
	for (int j = 0; j < s->nfig; j++) {
		const tw_figure *m = &s->fig[j];
		if (m->side != o->side || !fed(m))
			continue;
		tw_vec2 end = after(s, o, m, path);
		if (waggon_gap(s, NULL, m, m->pos, tmp) <= reach + LW_EPS && waggon_gap(s, o, m, end, tmp) > reach + LW_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.5",
					    "the waggons would leave man %d beyond six moves (%.0f in) of them", m->id, reach);
	}
	return TW_OK;
}

// LW.BIG.6: a gun fires only with one of its side's free ammunition carts within two moves.
static tw_status check_fire(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (s->params[LWP_AMMUNITION] == 0 || LWG(s)->ks) // KS.SUP.8: the Kriegspiel's guns carry unlimited ammunition
		return TW_OK;
	const tw_gun *g = tw_state_gun_c(s, o->gun);
	if (!g)
		return TW_OK; // lw_validate_fire says so
	double reach = lw_big_ammo_reach(lw_big_mult_now(s)) * lw_big_outdoor(s), best = INFINITY; // LW.BIG.6, .8
	for (int j = 0; j < s->nfig; j++) {
		const tw_figure *c = &s->fig[j];
		if (c->side == o->side && lw_is_free(c) && lw_is_cart(s, c))
			best = fmin(best, fmax(0.0, tw_gun_distance(g, c->pos) - c->radius));
	}
	if (best <= reach + LW_EPS) // lw_big_gun_may_fire, outdoors too (LW.BIG.8)
		return TW_OK;
	if (isinf(best))
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.6", "gun %d has no ammunition cart: %s has none on the table",
				    g->id, s->sides[o->side].name);
	return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.6",
			    "gun %d's nearest ammunition cart is %.1f in away; a gun fires only with a cart within two moves "
			    "(%.0f in)",
			    g->id, best, reach);
}

tw_status lw_waggons_validate(const tw_state *s, const tw_order *o, tw_error *err)
{
	switch (o->type) {
	case LW_OT_MOVE: return check_move(s, o, err);
	case LW_OT_FIRE: return check_fire(s, o, err);
	default: return TW_OK;
	}
}

int lw_take_waggons(tw_state *s, tw_events *ev)
{
	int taken = 0;
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *w = &s->fig[i];
		if (!lw_is_vehicle(w) || !lw_is_free(w))
			continue;
		int by = -1;
		bool guarded = false;
		for (int j = 0; j < s->nfig && !guarded; j++) {
			const tw_figure *m = &s->fig[j];
			if (j == i || !lw_is_free_man(m))
				continue;
			if (m->side == w->side)
				guarded = lw_may_be_within(w, m, LW_REACH + LW_EPS) && lw_gap(w, m) <= LW_REACH + LW_EPS;
			else if (by < 0 && lw_may_be_within(w, m, LW_CONTACT + LW_EPS) && lw_gap(w, m) <= LW_CONTACT + LW_EPS)
				by = m->id;
		}
		if (by < 0 || guarded)
			continue;
		w->status = TW_FS_DEAD;
		taken++;
		int captor = s->fig[by].side;
		tw_event *e = tw_events_push(ev, TW_EV_KILL, w->side, "LW.CAP.1");
		if (e) {
			e->a = w->id;
			e->b = by;
			e->x = w->pos.x;
			e->y = w->pos.y;
			tw_event_text(e, "%s's %s %d, unguarded, is taken by %s's man %d and destroyed", s->sides[w->side].name,
				      lw_is_cart(s, w) ? "cart" : "waggon", w->id, s->sides[captor].name, by);
		}
	}
	return taken;
}

void lw_waggons_end_move(tw_state *s, int side, tw_events *ev)
{
	if (s->params[LWP_WAGGONS] == 0 || side < 0 || side >= s->nsides)
		return;
	int men = 0, waggons = 0, beyond = 0;
	tw_vec2 tmp[TW_ORDER_MAX_PATH + 1];
	double reach = lw_big_supply_reach(lw_big_mult_now(s)) * lw_big_outdoor(s); // LW.BIG.5, LW.BIG.8
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side)
			continue;
		if (lw_is_free(f) && lw_is_supply_waggon(s, f))
			waggons++;
		else if (fed(f)) {
			men++;
			beyond += waggon_gap(s, NULL, f, f->pos, tmp) > reach + LW_EPS;
		}
	}
	int need = lw_big_waggons_needed(men);
	if (waggons >= need && beyond == 0)
		return;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, side, "LW.BIG.5");
	if (e) {
		e->a = waggons;
		e->b = need;
		e->v = beyond;
		tw_event_text(e, "%s has %d waggon%s for %d men (%d needed, one per 50); %d men are beyond six moves (%.0f in) "
				 "of them",
			      s->sides[side].name, waggons, waggons == 1 ? "" : "s", men, need, beyond, reach);
	}
}

// A waggon or cart destroyed: dead, out of the fight, its event.
static void destroy(tw_state *s, tw_figure *w, const char *clause, const char *why, tw_events *ev)
{
	w->status = TW_FS_DEAD;
	LWF(s, w)->marks &= ~(uint32_t)LW_MARK_CONTACT;
	tw_event *e = tw_events_push(ev, TW_EV_KILL, w->side, clause);
	if (e) {
		e->a = w->id;
		e->x = w->pos.x;
		e->y = w->pos.y;
		tw_event_text(e, "%s's %s %d is destroyed: %s", s->sides[w->side].name, lw_is_cart(s, w) ? "ammunition cart" : "waggon",
			      w->id, why);
	}
}

void lw_ks_shell_waggons(tw_state *s, tw_vec2 p, tw_events *ev)
{
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *w = &s->fig[i];
		if (lw_is_vehicle(w) && lw_is_free(w) && lw_ks_shell_destroys_vehicle(lw_fig_dist(w, p)))
			destroy(s, w, "KS.SH.4", "wholly or partly inside a shell's 3 in zone", ev);
	}
}

typedef struct near_w {
	double d;
	int id;
} near_w;

static int by_d(const void *a, const void *b)
{
	const near_w *x = a, *y = b;
	return x->d < y->d ? -1 : x->d > y->d ? 1 : x->id - y->id;
}

void lw_waggons_work_done(tw_state *s, int side, int kind, tw_vec2 p, tw_events *ev)
{
	if (kind == LW_KS_WRECK_WAGGONS) {
		// KS.RE.3: the contents of up to 6 enemy waggons within the working men's 6 in, nearest first.
		near_w *in = tw_events_calloc(ev, (size_t)(s->nfig > 0 ? s->nfig : 1), sizeof *in);
		if (!in)
			return;
		int n = 0;
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *w = &s->fig[i];
			if (w->side != side && lw_is_vehicle(w) && lw_is_free(w) && lw_fig_dist(w, p) <= LW_WAGGON_WORK_R + LW_EPS)
				in[n++] = (near_w){lw_fig_dist(w, p), w->id};
		}
		qsort(in, (size_t)n, sizeof *in, by_d);
		for (int k = 0; k < n && k < LW_KS_WRECK_MAX; k++)
			destroy(s, &s->fig[in[k].id], "KS.RE.3", "its contents destroyed by the enemy", ev);
		tw_free(in);
		return;
	}
	if (kind != LW_KS_BURN_DEPOT)
		return;
	// KS.RE.2: an enemy depot of any size within the man's 6 in burns.
	tw_table *tb = NULL;
	char mine[32];
	snprintf(mine, sizeof mine, "%s depot", side == 0 ? "red" : "blue");
	for (int i = 0; i < s->table.nterrain; i++) {
		const tw_terrain *t = &s->table.terrain[i];
		const char *suffix = strstr(t->name, " depot");
		if (!suffix || suffix[6] != '\0' || strcmp(t->name, mine) == 0 || (t->flags & TW_TF_BURNING))
			continue;
		if (!tw_terrain_contains(t, p)) {
			tw_vec2 c = tw_scale(tw_add(t->lo, t->hi), 0.5);
			double hx = (t->hi.x - t->lo.x) / 2 + LW_WAGGON_WORK_R, hy = (t->hi.y - t->lo.y) / 2 + LW_WAGGON_WORK_R;
			if (fabs(p.x - c.x) > hx + LW_EPS || fabs(p.y - c.y) > hy + LW_EPS)
				continue;
		}
		if (!tb)
			tb = tw_state_table_edit(s);
		if (!tb)
			return;
		tb->terrain[i].flags |= TW_TF_BURNING | TW_TF_RUINED;
		tw_event *e = tw_events_push(ev, TW_EV_TABLE, side, "KS.RE.2");
		if (e) {
			e->a = i;
			e->x = p.x;
			e->y = p.y;
			tw_event_text(e, "%s burns the %s", s->sides[side].name, tb->terrain[i].name);
		}
	}
}

// ---- the generated Countries ----

static const tw_terrain *named(const tw_state *s, const char *name)
{
	for (int i = 0; i < s->table.nterrain; i++)
		if (strcmp(s->table.terrain[i].name, name) == 0)
			return &s->table.terrain[i];
	return NULL;
}

static tw_figure *add_vehicle(tw_state *s, int side, bool cart, tw_vec2 at)
{
	tw_figure f;
	memset(&f, 0, sizeof f);
	f.kind = TW_FK_WAGGON;
	f.side = (uint8_t)side;
	f.status = TW_FS_UNPLACED;
	f.unit = -1;
	f.facing = side == 0 ? 0 : 180;
	f.radius = cart ? LW_CART_RADIUS : LW_WAGGON_RADIUS;
	f.height = cart ? LW_CART_HEIGHT : LW_WAGGON_HEIGHT;
	f.pos = at;
	tw_figure *w = tw_state_add_figure(s, &f);
	if (w)
		LWF(s, w)->arm = (int8_t)(cart ? LW_ARM_RA : LW_ARM_TS);
	return w;
}

tw_status lw_gen_waggons(tw_state *s, int side)
{
	const tw_terrain *line = named(s, side == 0 ? "red supply line" : "blue supply line");
	if (!line)
		return TW_OK;
	int men = 0, guns = 0;
	for (int i = 0; i < s->nfig; i++)
		men += s->fig[i].side == side && (s->fig[i].kind == TW_FK_INFANTRY || s->fig[i].kind == TW_FK_CAVALRY);
	for (int i = 0; i < s->ngun; i++)
		guns += s->gun[i].side == side;
	const tw_side *sd = &s->sides[side];
	double x = (line->lo.x + line->hi.x) / 2;
	int nw = lw_big_waggons_needed(men), nc = (guns + 2) / 3;
	// Along the supply line from 3 in in front of the back line, 2.5 in apart (LW.BIG.5/7: the
	// waggons' road); the carts (LW.BIG.6) follow them.
	for (int k = 0; k < nw + nc; k++)
		if (!add_vehicle(s, side, k >= nw, tw_v2(x, sd->back_y + sd->forward * (3.0 + 2.5 * k))))
			return TW_ERR_NOMEM;
	// KS.RE.2: the depot, a 6 x 4 in store shed beside the line's start, on the side away from
	// the middle of the table, or on the other side when a piece stands there.
	double dir = x < s->table.width / 2 ? -1 : 1;
	double y0 = sd->back_y + sd->forward * 2.0, y1 = sd->back_y + sd->forward * 6.0;
	tw_terrain t;
	for (int tries = 0; tries < 2; tries++, dir = -dir) {
		double edge = dir < 0 ? line->lo.x : line->hi.x, x0 = edge + dir * 1.0, x1 = edge + dir * 7.0;
		memset(&t, 0, sizeof t);
		t.kind = TW_TER_HOUSE;
		t.shape = TW_SHAPE_POLY;
		t.nverts = 4;
		t.v[0] = tw_v2(fmin(x0, x1), fmin(y0, y1));
		t.v[1] = tw_v2(fmax(x0, x1), fmin(y0, y1));
		t.v[2] = tw_v2(fmax(x0, x1), fmax(y0, y1));
		t.v[3] = tw_v2(fmin(x0, x1), fmax(y0, y1));
		bool clear = t.v[0].x >= 0 && t.v[2].x <= s->table.width;
		for (int i = 0; i < s->table.nterrain && clear; i++) {
			const tw_terrain *o = &s->table.terrain[i];
			if (o->kind == TW_TER_HILL || o->kind == TW_TER_ROAD)
				continue;
			clear = o->hi.x < t.v[0].x || o->lo.x > t.v[2].x || o->hi.y < t.v[0].y || o->lo.y > t.v[2].y;
		}
		if (clear)
			break;
	}
	t.height = 2.0;
	snprintf(t.name, sizeof t.name, "%s depot", side == 0 ? "red" : "blue");
	t.z0 = tw_table_ground(&s->table, tw_scale(tw_add(t.v[0], t.v[2]), 0.5)); // on the hill it stands on
	t.id = s->table.nterrain;
	return tw_table_add(&s->table, &t) >= 0 ? TW_OK : TW_ERR_NOMEM;
}
