// Random legal orders (the conformance suite's random player) and order builders.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gr.h"

tw_vec2 gr_unit_centre(const tw_state *s, int unit)
{
	tw_vec2 c = tw_v2(0, 0);
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == unit && s->fig[i].status == TW_FS_ACTIVE) {
			c = tw_add(c, s->fig[i].pos);
			n++;
		}
	return n ? tw_scale(c, 1.0 / n) : c;
}

int gr_nearest_enemy_fig(const tw_state *s, int side, tw_vec2 p, double *dist)
{
	int best = -1;
	double bd = 1e18;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side && f->status == TW_FS_ACTIVE && f->unit >= 0) {
			double d = tw_dist(f->pos, p);
			if (d < bd) {
				bd = d;
				best = i;
			}
		}
	}
	if (dist)
		*dist = bd;
	return best;
}

bool gr_order_shift(const tw_state *s, int unit, tw_vec2 disp, int mode, tw_order *o)
{
	const tw_unit *u = gr_unit_c(s, unit);
	tw_order_init(o, GR_OT_MOVE, u->side);
	o->has_at = true;
	o->n = mode;
	for (int i = 0; i < s->nfig && o->nfig < TW_ORDER_MAX_FIG; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit != unit || f->status != TW_FS_ACTIVE || GRF(s, f)->gun >= 0)
			continue;
		o->fig[o->nfig] = f->id;
		o->at[o->nfig] = tw_add(f->pos, disp);
		o->facing[o->nfig] = f->facing;
		o->nfig++;
	}
	return o->nfig > 0;
}

// A place or a man in the unit's frame: across (to the right) and forward.
typedef struct gr_slot {
	double x, y;
	int i;
} gr_slot;

static int gr_by_lateral(const void *a, const void *b)
{
	const gr_slot *p = a, *q = b;
	if (fabs(p->x - q->x) > 1e-6)
		return p->x < q->x ? -1 : 1;
	if (fabs(p->y - q->y) > 1e-6)
		return p->y > q->y ? -1 : 1;
	return p->i - q->i;
}

bool gr_order_formation(const tw_state *s, int unit, int formation, tw_order *o)
{
	const tw_unit *u = gr_unit_c(s, unit);
	tw_order_init(o, GR_OT_FORMATION, u->side);
	o->has_at = true;
	o->n = formation;
	// Centred where the rank and file stand (the officers behind would draw it back each time).
	tw_vec2 c = tw_v2(0, 0);
	int nc = 0;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == unit && s->fig[i].status == TW_FS_ACTIVE && gr_is_rf(&s->fig[i])) {
			c = tw_add(c, s->fig[i].pos);
			nc++;
		}
	c = nc ? tw_scale(c, 1.0 / nc) : gr_unit_centre(s, unit);
	int nrf = gr_rf_alive(s, unit);
	int ranks = formation == GR_F_COLUMN ? 4 : 2;
	int files = (nrf + ranks - 1) / ranks;
	double sp = formation == GR_F_OPEN ? 1.0 : 0.55;
	tw_vec2 fwd = tw_dir_deg(u->facing), right = tw_dir_deg(u->facing + 90);
	// Across the front, the middle between its two ends (its dead would pull the mean aside and
	// send the men of one end further).
	double lo = INFINITY, hi = -INFINITY;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == unit && s->fig[i].status == TW_FS_ACTIVE && gr_is_rf(&s->fig[i])) {
			double x = tw_dot(tw_sub(s->fig[i].pos, c), right);
			lo = x < lo ? x : lo;
			hi = x > hi ? x : hi;
		}
	if (nc)
		c = tw_add(c, tw_scale(right, (lo + hi) / 2));
	// The rank and file take the places from left to right, front first within a file, in the
	// order they stand now across the unit's front: each goes to the place on his side of the
	// new formation, and none crosses the unit (by the men's order in the state, a man at one end
	// of a thinned line could be sent to the other end).
	gr_slot *men = malloc((size_t)(nrf > 0 ? nrf : 1) * sizeof *men), *pl = malloc((size_t)(nrf > 0 ? nrf : 1) * sizeof *pl);
	if (!men || !pl) {
		free(men);
		free(pl);
		return false;
	}
	int r = 0, k = 0;
	for (int i = 0; i < s->nfig && o->nfig < TW_ORDER_MAX_FIG; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit != unit || f->status != TW_FS_ACTIVE)
			continue;
		tw_vec2 p;
		if (gr_is_rf(f) && r < nrf) {
			int rank = r / files, file = r % files;
			tw_vec2 d = tw_sub(f->pos, c);
			men[r] = (gr_slot){tw_dot(d, right), tw_dot(d, fwd), o->nfig};
			pl[r] = (gr_slot){(file - (files - 1) / 2.0) * sp, -rank * sp, r};
			p = c;
			r++;
		} else {
			p = tw_add(c, tw_add(tw_scale(right, (k - 2) * 1.2), tw_scale(fwd, -(ranks * sp + 0.8))));
			k++;
		}
		o->fig[o->nfig] = f->id;
		o->at[o->nfig] = p;
		o->facing[o->nfig] = u->facing;
		o->nfig++;
	}
	qsort(men, (size_t)r, sizeof *men, gr_by_lateral);
	qsort(pl, (size_t)r, sizeof *pl, gr_by_lateral);
	for (int m = 0; m < r; m++)
		o->at[men[m].i] = tw_add(c, tw_add(tw_scale(right, pl[m].x), tw_scale(fwd, pl[m].y)));
	free(men);
	free(pl);
	return o->nfig > 0;
}

tw_status gr_formation_order(const tw_state *s, int unit, const char *name, tw_order *o, tw_error *err)
{
	int f = 0;
	while (f < GR_F_COUNT && strcmp(gr_formation_names[f], name ? name : "") != 0)
		f++;
	if (f == GR_F_COUNT)
		return tw_error_set(err, TW_ERR_INPUT, "GR.GEN.10", "no formation '%s' (line, column or open)", name ? name : "");
	const tw_unit *u = unit >= 0 && unit < s->nunit ? gr_unit_c(s, unit) : NULL;
	if (!u)
		return tw_error_set(err, TW_ERR_INPUT, "GR.ORG.1", "no unit %d", unit);
	if (!gr_line_type(GRU(s, u)->troop))
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.MUSK.1", "%s cannot form %s: only line-type infantry forms line, column or open order",
				    u->name, gr_formation_names[f]);
	if (!gr_order_formation(s, unit, f, o))
		return tw_error_set(err, TW_ERR_ILLEGAL, "GR.GEN.10", "%s has no active men", u->name);
	return TW_OK;
}

bool gr_order_volley(const tw_state *s, int unit, int32_t target, tw_order *o)
{
	const tw_unit *u = gr_unit_c(s, unit);
	tw_order_init(o, GR_OT_VOLLEY, u->side);
	for (int i = 0; i < s->nfig && o->nfig < TW_ORDER_MAX_FIG; i++)
		if (s->fig[i].unit == unit && s->fig[i].status == TW_FS_ACTIVE && gr_is_rf(&s->fig[i]))
			o->fig[o->nfig++] = s->fig[i].id;
	o->fig2[0] = target;
	o->nfig2 = 1;
	return o->nfig > 0;
}

static void one_order(const tw_state *s, int side, tw_rng *r, tw_order *o)
{
	tw_order_init(o, GR_OT_END_MOVE, side);
	int units[256], nu = 0;
	for (int i = 0; i < s->nunit && nu < 256; i++)
		if (s->unit[i].side == side && gr_unit_active(s, &s->unit[i]))
			units[nu++] = i;
	int what = (int)tw_rng_below(r, 8);
	if (nu == 0 || what == 7)
		return;
	int unit = units[tw_rng_below(r, (uint32_t)nu)];
	const tw_unit *u = gr_unit_c(s, unit);
	tw_vec2 c = gr_unit_centre(s, unit);
	double dist = 0;
	int enemy = gr_nearest_enemy_fig(s, side, c, &dist);
	double fwd = s->sides[side].forward;
	switch (what) {
	case 0:
	case 1: { // move
		double rate = gr_move_rate_for(s, u, TW_GR_MODE_NORMAL);
		if (rate <= 0)
			return;
		double ang = (tw_rng_unit(r) - 0.5) * 120.0 + (fwd > 0 ? 0 : 180);
		double len = tw_rng_unit(r) * rate * 0.9;
		gr_order_shift(s, unit, tw_scale(tw_dir_deg(ang), len), 0, o);
		return;
	}
	case 2: { // charge
		double rate = gr_move_rate_for(s, u, TW_GR_MODE_CHARGE);
		if (rate <= 0 || enemy < 0)
			return;
		tw_vec2 dir = gr_cavalry(GRU(s, u)->troop) ? tw_sub(s->fig[enemy].pos, c) : tw_dir_deg(u->facing);
		double l = tw_len(dir);
		if (l <= 0)
			return;
		gr_order_shift(s, unit, tw_scale(dir, rate / l), 1, o);
		return;
	}
	case 3:
	case 4: // fire
		if (GRU(s, u)->troop == TW_GR_ARTILLERY) {
			for (int k = 0; k < s->ngun; k++) {
				const tw_gun *g = &s->gun[k];
				if (GRG(s, g)->unit != unit || enemy < 0)
					continue;
				tw_order_init(o, GR_OT_FIRE, side);
				o->gun = g->id;
				o->has_target = true;
				o->target = s->fig[enemy].pos;
				o->n = !GRG(s, g)->howitzer && tw_dist(tw_gun_muzzle(g), o->target) <= 24 ? 1 : 0;
				if (tw_rng_below(r, 2))
					break;
			}
			return;
		}
		if (enemy >= 0)
			gr_order_volley(s, unit, s->fig[enemy].id, o);
		return;
	case 5: // formation
		if (gr_line_type(GRU(s, u)->troop))
			gr_order_formation(s, unit, u->formation == GR_F_LINE ? GR_F_COLUMN : GR_F_LINE, o);
		return;
	default: { // guns move
		for (int k = 0; k < s->ngun; k++) {
			const tw_gun *g = &s->gun[k];
			if (g->side != side)
				continue;
			tw_order_init(o, GR_OT_GUN_MOVE, side);
			o->gun = g->id;
			o->n = (int)tw_rng_below(r, 2);
			double dx = (tw_rng_unit(r) - 0.5) * 2; // one draw per statement (evaluation order)
			double dy = fwd * tw_rng_unit(r) * (o->n ? 0.9 : 5.5);
			o->path[0] = tw_add(g->axle, tw_v2(dx, dy));
			o->npath = 1;
			return;
		}
		return;
	}
	}
}

int gr_random_orders(const tw_state *s, int side, tw_rng *r, tw_order *out, int max)
{
	for (int i = 0; i < max; i++)
		one_order(s, side, r, &out[i]);
	return max;
}
