// Artillery: roundshot and the sleeve (GR.ART), counter-battery fire, canister (GR.CANI) and the
// howitzer's shell-burst indicator (GR.HOW).
#include <math.h>
#include <stdlib.h>

#include "gr.h"

static int crew_alive(const tw_state *s, const tw_gun *g)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		n += s->fig[i].status == TW_FS_ACTIVE && GRF(s, &s->fig[i])->gun == g->id;
	return n;
}

bool gr_gun_may_fire(const tw_state *s, const tw_gun *g, const char **clause, const char **why)
{
	const tw_unit *u = gr_unit_c(s, GRG(s, g)->unit);
	const char *c = NULL, *w = NULL;
	if (GRG(s, g)->destroyed)
		c = "GR.ART.8", w = "the gun is destroyed";
	else if (crew_alive(s, g) == 0)
		c = "GR.ORG.3", w = "no crew left to fire the gun";
	else if (g->acted_in == s->move_no && g->action == TW_GA_FIRED)
		c = "GR.ART.1", w = "each gun fires once a move";
	else if (GRG(s, g)->team_moved == s->move_no)
		c = "GR.MOVE.6", w = "a gun moved by its team cannot fire in that move";
	else if (GRG(s, g)->xend >= s->move_no)
		c = "GR.TERR.7", w = "the gun is crossing a ford";
	else if (tw_grant_gun_state(GRG(s, g)->damage) == 1 && GRG(s, g)->fired_in == s->move_no - 1)
		c = "GR.ART.8", w = "a damaged gun fires only in alternate moves";
	else if (u && (GRU(s, u)->flags & GUF_MELEE))
		c = "GR.MELEE.1", w = "the battery is locked in melee";
	else if (u && (gr_unit_halted(s, u) || (GRU(s, u)->flags & GUF_RETIRE50)))
		c = "GR.MORALE.5", w = "the battery may not fire";
	if (clause)
		*clause = c;
	if (why)
		*why = w;
	return c == NULL;
}

// n: 0 roundshot (or shell for a howitzer), 1 canister.
tw_status gr_validate_fire(const tw_state *s, const tw_order *o, tw_error *err)
{
	const tw_gun *g = tw_state_gun_c(s, o->gun);
	if (!g || g->side != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.ART.1", "no gun of this side");
	if (GRG(s, g)->destroyed)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.ART.8", "the gun is destroyed");
	if (!o->has_target || o->n < 0 || o->n > 1)
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.ART.2", "a gun fires at a target point");
	const char *clause, *why;
	if (!gr_gun_may_fire(s, g, &clause, &why))
		return tw_error_set(err, TW_ERR_ILLEGAL, clause, "%s", why);
	double r = tw_dist(tw_gun_muzzle(g), o->target);
	if (GRG(s, g)->howitzer) {
		if (o->n == 1)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.CANI.3", "howitzers fire no canister");
		if (r < 20 || r > 50)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.RANGE.3", "a howitzer aims 20 to 50 in away (%.2f)", r);
	} else if (o->n == 1) {
		if (r > 24 || r <= 0)
			return tw_error_set(err, TW_ERR_ILLEGAL, "GR.RANGE.4", "canister reaches 24 in");
	} else if (r > 60 || r <= 0) {
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.RANGE.2", "a roundshot aim point is at most 60 in away");
	}
	return TW_OK;
}

static void gun_damage(tw_state *s, tw_gun *g, int add, int die, const char *clause, tw_events *ev)
{
	(void)s;
	GRG(s, g)->damage += add;
	int st = tw_grant_gun_state(GRG(s, g)->damage);
	tw_event *e = tw_events_push(ev, TW_EV_GUN_STATUS, g->side, clause);
	if (e) {
		e->a = g->id;
		e->b = st == 2 ? 0 : 1;
		e->c = die;
		e->d = GRG(s, g)->damage;
		tw_event_text(e, "gun %d takes %d damage (die %d): total %d%s", g->id, add, die, GRG(s, g)->damage,
			      st == 2 ? ", destroyed" : st == 1 ? ", fires only in alternate moves" : "");
	}
	if (st == 2)
		GRG(s, g)->destroyed = 1; // GR.ART.8: the crew stay as figures
}

static bool garrison_fig(const tw_state *s, const tw_figure *f) { return GRF(s, f)->house >= 0; }

static void throw_for(tw_state *s, tw_figure *f, int need, const char *clause, int by, tw_events *ev)
{
	tw_event *e = NULL;
	int die = tw_roll_d6(s, ev, -1, clause, &e);
	tw_event_text(e, "figure %d: %d, needs %d", f->id, die, need);
	if (die >= need)
		gr_hit_figure_by(s, f, clause, by, ev);
}

typedef struct hit_item {
	double along;
	int kind; // 0 figure, 1 house, 2 gun
	int id;
} hit_item;

static int cmp_item(const void *a, const void *b)
{
	const hit_item *x = a, *y = b;
	if (x->along != y->along)
		return x->along < y->along ? -1 : 1;
	if (x->kind != y->kind)
		return x->kind - y->kind;
	return x->id - y->id;
}

static void roundshot(tw_state *s, tw_gun *g, tw_vec2 aim, tw_events *ev)
{
	tw_vec2 m = tw_gun_muzzle(g);
	int plus = tw_roll_d6(s, ev, g->side, "GR.ART.3", NULL);  // the plus die
	int minus = tw_roll_d6(s, ev, g->side, "GR.ART.3", NULL); // the minus die
	int delta = plus - minus; // GR.ART.3
	tw_vec2 d = tw_sub(aim, m);
	double a = tw_len(d);
	d = tw_scale(d, 1.0 / a);
	double c = a + delta, lo = c - 2 > 0 ? c - 2 : 0, hi = c + 2;
	tw_event *e = tw_events_push(ev, TW_EV_SHOT, g->side, "GR.ART.3");
	if (e) {
		e->a = g->id;
		e->b = delta;
		e->x = m.x + d.x * c;
		e->y = m.y + d.y * c;
		tw_event_text(e, "gun %d roundshot: plus %d, minus %d, sleeve %+d in, covers %.2f-%.2f in", g->id, plus, minus,
			      delta, lo, hi);
	}
	int by = GRG(s, g)->unit;
	hit_item *items = tw_malloc(sizeof *items * (size_t)(s->nfig + s->table.nterrain + s->ngun + 1));
	if (!items)
		return;
	int n = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->status == TW_FS_ACTIVE && !garrison_fig(s, f) && tw_grant_sleeve_covers(m, aim, delta, f->pos))
			items[n++] = (hit_item){tw_dot(tw_sub(f->pos, m), d), 0, f->id};
	}
	tw_vec2 p0 = tw_add(m, tw_scale(d, lo)), p1 = tw_add(m, tw_scale(d, hi));
	for (int h = 0; h < gr_nhouses(s); h++) {
		const tw_terrain *tr = &s->table.terrain[gr_house_terrain(s, h)];
		if (gr_house_ruin(s, h) || !tw_terrain_segment_hits(tr, p0, p1))
			continue; // GR.HOUSE.4: a ruin takes no more damage
		double entry = hi; // first point of the stretch inside the outline
		for (double x = lo; x <= hi; x += 0.05)
			if (tw_terrain_contains(tr, tw_add(m, tw_scale(d, x)))) {
				entry = x;
				break;
			}
		items[n++] = (hit_item){entry, 1, h};
	}
	// GR.ART.6: an enemy gun under the sleeve takes counter-battery damage, in its place along
	// the line: a ball that stopped in a house before it never reaches it (GR.HOUSE.2).
	for (int k = 0; k < s->ngun; k++) {
		const tw_gun *t = &s->gun[k];
		if (t->side != g->side && !GRG(s, t)->destroyed && tw_grant_sleeve_covers(m, aim, delta, t->axle))
			items[n++] = (hit_item){tw_dot(tw_sub(t->axle, m), d), 2, k};
	}
	qsort(items, (size_t)n, sizeof *items, cmp_item);
	for (int i = 0; i < n; i++) {
		if (items[i].kind == 0) {
			tw_figure *f = tw_state_figure(s, items[i].id);
			throw_for(s, f, tw_grant_art_kill(items[i].along), "GR.ART.5", by, ev);
		} else if (items[i].kind == 2) {
			tw_gun *t = &s->gun[items[i].id];
			double r = tw_dist(m, t->axle); // GR.ART.7
			int die = tw_roll_d6(s, ev, g->side, "GR.ART.6", NULL);
			int red = tw_grant_cb_reduce(r);
			gun_damage(s, t, die > red ? die - red : 0, die, "GR.ART.6", ev);
		} else {
			int die = tw_roll_d6(s, ev, g->side, "GR.HOUSE.1", NULL);
			int kills = 0;
			bool on = false;
			tw_grant_house_shot(items[i].along, die, &kills, &on);
			gr_house_strike_shot(s, items[i].id, items[i].along, die, ev);
			if (!on && kills > 0)
				break; // GR.HOUSE.2: the ball stops in the house
			if (kills == 0)
				break; // no penetration: nothing beyond is struck
		}
	}
	tw_free(items);
}

int gr_canister(tw_state *s, const tw_gun *g, tw_vec2 toward, tw_events *ev)
{
	tw_vec2 m = tw_gun_muzzle(g);
	int kills = 0;
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		if (f->status != TW_FS_ACTIVE || garrison_fig(s, f))
			continue;
		int zone = tw_grant_canister_zone(m, toward, f->pos); // GR.CANI.1
		if (zone < 0)
			continue;
		tw_event *de = NULL;
		int die = tw_roll_d6(s, ev, g->side, "GR.CANI.2", &de);
		tw_event_text(de, "canister at figure %d (zone %d): %d, needs %d", f->id, zone, die, tw_grant_canister_kill(zone));
		if (die >= tw_grant_canister_kill(zone) && gr_hit_figure_by(s, f, "GR.CANI.2", GRG(s, g)->unit, ev))
			kills++;
	}
	tw_event *e = tw_events_push(ev, TW_EV_SHOT, g->side, "GR.CANI.1");
	if (e) {
		e->a = g->id;
		e->d = kills;
		tw_event_text(e, "gun %d fires canister: %d killed", g->id, kills);
	}
	return kills;
}

static void shell(tw_state *s, tw_gun *g, tw_vec2 aim, tw_events *ev)
{
	int impact = tw_roll_d6(s, ev, g->side, "GR.HOW.4", NULL); // GR.HOW.4
	tw_event *e = tw_events_push(ev, TW_EV_SHOT, g->side, "GR.HOW.4");
	if (e) {
		e->a = g->id;
		e->b = impact;
		e->x = aim.x;
		e->y = aim.y;
		tw_event_text(e, "howitzer %d: impact die %d, %s", g->id, impact, impact == 1 ? "misfire" : "sector hit");
	}
	if (impact == 1)
		return;
	tw_vec2 gp = g->axle;
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		if (f->status == TW_FS_ACTIVE && !garrison_fig(s, f) && tw_grant_sbi_sector(gp, aim, f->pos) == impact)
			throw_for(s, f, 4, "GR.HOW.5", GRG(s, g)->unit, ev);
	}
	for (int h = 0; h < gr_nhouses(s); h++) { // GR.HOUSE.5: the sector hit overlaps the outline
		const tw_terrain *tr = &s->table.terrain[gr_house_terrain(s, h)];
		if (gr_house_ruin(s, h) || gr_house_fire(s, h))
			continue;
		bool hit = false;
		for (double y = -3; y <= 3 && !hit; y += 0.25)
			for (double x = -3; x <= 3 && !hit; x += 0.25) {
				tw_vec2 p = tw_add(aim, tw_v2(x, y));
				hit = tw_grant_sbi_sector(gp, aim, p) == impact && tw_terrain_contains(tr, p);
			}
		if (!hit)
			continue;
		int die = tw_roll_d6(s, ev, g->side, "GR.HOUSE.5", NULL);
		gr_house_add_damage(s, h, die, true, ev);
	}
	for (int k = 0; k < s->ngun; k++) { // GR.HOW.6: no range reduction
		tw_gun *t = &s->gun[k];
		if (t->side != g->side && !GRG(s, t)->destroyed && tw_grant_sbi_sector(gp, aim, t->axle) == impact) {
			int die = tw_roll_d6(s, ev, g->side, "GR.HOW.6", NULL);
			gun_damage(s, t, die, die, "GR.HOW.6", ev);
		}
	}
}

int gr_fire_canister(tw_state *s, tw_gun *g, tw_vec2 toward, tw_events *ev)
{
	g->acted_in = s->move_no;
	g->action = TW_GA_FIRED;
	GRG(s, g)->fired_in = s->move_no;
	return gr_canister(s, g, toward, ev);
}

tw_status gr_apply_fire(tw_state *s, const tw_order *o, tw_events *ev)
{
	tw_gun *g = tw_state_gun(s, o->gun);
	g->acted_in = s->move_no;
	g->action = TW_GA_FIRED;
	GRG(s, g)->fired_in = s->move_no;
	if (GRG(s, g)->howitzer)
		shell(s, g, o->target, ev);
	else if (o->n == 1)
		gr_canister(s, g, o->target, ev);
	else
		roundshot(s, g, o->target, ev);
	return TW_OK;
}
