// Random legal orders: the random player of the conformance suite, and default deployment.
#include <math.h>
#include <stdlib.h>

#include "lw.h"

static bool spot_free(const tw_state *s, const tw_figure *f, tw_vec2 p, const tw_vec2 *placed, int nplaced, int side)
{
	if (!lw_deploy_zone_ok(s, side, f, p) || lw_check_standing(s, f, p, NULL) != TW_OK)
		return false;
	for (int k = 0; k < nplaced; k++)
		if (tw_dist(placed[k], p) < 2 * f->radius + 0.3)
			return false;
	return true;
}

int lw_default_deploy(const tw_state *s, int side, tw_rng *r, double jitter, tw_order *o)
{
	tw_order_init(o, LW_OT_DEPLOY, side);
	o->has_at = true;
	const tw_side *sd = &s->sides[side];
	bool defensive = (int)s->params[LWP_VARIETY] == LW_VAR_DEFENSIVE;
	double w = s->table.width;
	double shift = jitter * tw_rng_unit(r) * 1.5;
	// Ranks start 1 in in front of the line (deeper for the defender, LW.VAR.11).
	double first = defensive && side == LWG(s)->defender ? 6.0 : 1.0;
	int n = 0;
	// Crews first (LW.MOB.4): five men round each gun, behind and beside its axle.
	for (int gi = 0; gi < s->ngun; gi++) {
		const tw_gun *g = &s->gun[gi];
		if (g->side != side || !lw_gun_in_battle(s, g))
			continue;
		int placed = 0;
		for (int kind = TW_FK_INFANTRY; kind <= TW_FK_CAVALRY && placed < 5; kind++)
			for (int i = 0; i < s->nfig && placed < 5 && n < TW_ORDER_MAX_FIG; i++) {
				const tw_figure *f = &s->fig[i];
				if (f->side != side || f->status != TW_FS_UNPLACED || f->kind != kind)
					continue;
				bool taken = false;
				for (int k = 0; k < n && !taken; k++)
					taken = o->fig[k] == f->id;
				if (taken)
					continue;
				for (int tries = 0; tries < 24; tries++) {
					double dx = (tries % 6 - 2.5) * 1.3, dy = -(1.5 + (tries / 6) * 1.4);
					tw_vec2 p = tw_v2(g->axle.x + dx, g->axle.y + sd->forward * dy);
					if (spot_free(s, f, p, o->at, n, side) && tw_gun_distance(g, p) > f->radius + 0.3) {
						o->fig[n] = f->id;
						o->at[n] = p;
						o->facing[n] = sd->forward > 0 ? 0 : 180;
						n++;
						placed++;
						break;
					}
				}
			}
	}
	double row = 0;
	for (int kind = TW_FK_INFANTRY; kind <= TW_FK_CAVALRY; kind++) {
		double step = kind == TW_FK_CAVALRY ? 1.4 : 0.9;
		double x = 1.0 + shift;
		for (int i = 0; i < s->nfig && n < TW_ORDER_MAX_FIG; i++) {
			const tw_figure *f = &s->fig[i];
			if (f->side != side || f->status != TW_FS_UNPLACED || f->kind != kind)
				continue;
			bool taken = false;
			for (int k = 0; k < n && !taken; k++)
				taken = o->fig[k] == f->id;
			if (taken)
				continue;
			for (int tries = 0; tries < 4000; tries++) {
				tw_vec2 p = tw_v2(x, sd->back_y + sd->forward * (first + row));
				x += step;
				if (x > w - 1.0) {
					x = 1.0 + shift;
					row += 1.4;
				}
				if (spot_free(s, f, p, o->at, n, side)) {
					o->fig[n] = f->id;
					o->at[n] = p;
					o->facing[n] = sd->forward > 0 ? 0 : 180;
					n++;
					break;
				}
			}
		}
		row += 1.6;
	}
	// Issue 18 lw-box: waggons and carts (the large Countries') go down too, or the side could
	// never finish putting down (LW.MV.2: the whole force): where the scenario stands them when
	// that is in the zone and clear, else the nearest clear spot beside it, 1 to 5 in in front of
	// the back line.
	for (int i = 0; i < s->nfig && n < TW_ORDER_MAX_FIG; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side || f->status != TW_FS_UNPLACED || f->kind != TW_FK_WAGGON)
			continue;
		bool put = false;
		for (int tries = 0; tries < 3 * 81 && !put; tries++) {
			tw_vec2 p = f->pos;
			if (tries > 0) {
				int k = (tries - 1) / 3, dir = (k % 2) ? -1 : 1;
				p = tw_v2(f->pos.x + dir * ((k + 1) / 2) * (2 * f->radius + 0.3),
					  sd->back_y + sd->forward * (1.0 + 2.0 * ((tries - 1) % 3)));
			}
			if (isfinite(p.x) && isfinite(p.y) && spot_free(s, f, p, o->at, n, side)) {
				o->fig[n] = f->id;
				o->at[n] = p;
				o->facing[n] = sd->forward > 0 ? 0 : 180;
				n++;
				put = true;
			}
		}
	}
	o->nfig = n;
	return n;
}

static double rnd(tw_rng *r, double lo, double hi) { return lo + (hi - lo) * tw_rng_unit(r); }

static int own_free(const tw_state *s, int side, tw_rng *r, bool unmoved)
{
	int cand = 0, pick = -1;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side == side && lw_is_free(f) && (!unmoved || f->moved_in != s->move_no) &&
		    !(LWF(s, f)->marks & LW_MARK_CONTACT)) {
			cand++;
			if (tw_rng_below(r, (uint32_t)cand) == 0)
				pick = i;
		}
	}
	return pick;
}

int lw_random_orders(const tw_state *s, int side, tw_rng *r, tw_order *out, int max)
{
	int n = 0;
	if (max <= 0 || s->over)
		return 0;
	switch (s->phase) {
	case LW_PH_COUNTRY:
		if (LWG(s)->builder < 0) {
			tw_order_init(&out[n++], LW_OT_TOSS, side);
		} else {
			tw_order_init(&out[n], LW_OT_CHOOSE_SIDE, side);
			out[n++].n = (int32_t)tw_rng_below(r, 2);
		}
		return n;
	case LW_PH_TOSS: tw_order_init(&out[n++], LW_OT_TOSS, side); return n;
	case LW_PH_RESERVE: {
		tw_order *o = &out[n++];
		tw_order_init(o, LW_OT_TAKE_RESERVE, side);
		int want = LWG(s)->reserve_roll[side];
		for (int i = 0; i < s->nfig && o->nfig < want; i++)
			if (s->fig[i].side == side && s->fig[i].status == TW_FS_RESERVE)
				o->fig[o->nfig++] = s->fig[i].id;
		return n;
	}
	case LW_PH_DEPLOY: {
		if (lw_default_deploy(s, side, r, 1.0, &out[n]) > 0)
			n++;
		if (n < max)
			tw_order_init(&out[n++], LW_OT_READY, side);
		return n;
	}
	default: break;
	}
	if (LWG(s)->firing_gun >= 0) {
		tw_order *o = &out[n++];
		tw_order_init(o, LW_OT_TRAIL, side);
		o->gun = LWG(s)->firing_gun;
		if (n < max && tw_rng_below(r, 2)) {
			o = &out[n++];
			tw_order_init(o, LW_OT_FIRE, side);
			o->gun = LWG(s)->firing_gun;
			o->has_aim = true;
			o->bearing = fmod(s->gun[o->gun].bearing + rnd(r, -30, 30) + 360.0, 360.0);
			o->elevation = rnd(r, 0, 12);
		}
		return n;
	}
	if (tw_rng_below(r, 12) == 0) {
		tw_order_init(&out[n++], LW_OT_END_MOVE, side);
		return n;
	}
	while (n < max) {
		int what = (int)tw_rng_below(r, 10);
		tw_order *o = &out[n];
		if (what < 2 && s->ngun > 0 && !LWG(s)->men_moved) {
			const tw_gun *g = &s->gun[tw_rng_below(r, (uint32_t)s->ngun)];
			if (g->side != side || g->acted_in == s->move_no)
				continue;
			if (what == 0) {
				tw_order_init(o, LW_OT_FIRE, side);
				o->gun = g->id;
				o->has_aim = true;
				o->bearing = fmod(s->sides[side].forward > 0 ? rnd(r, -45, 45) + 360 : rnd(r, 135, 225), 360.0);
				o->elevation = rnd(r, 0, 12);
			} else {
				lw_gun_move_party(s, g, side, 6, o);
				double a = rnd(r, 0, 360), d = rnd(r, 1, 12);
				o->path[0] = tw_add(g->axle, tw_scale(tw_dir_deg(a), d));
				o->npath = 1;
			}
		} else if (what < 9) {
			int i = own_free(s, side, r, true);
			if (i < 0) {
				tw_order_init(o, LW_OT_END_MOVE, side);
				return n + 1;
			}
			const tw_figure *f = &s->fig[i];
			tw_order_init(o, LW_OT_MOVE, side);
			o->fig[0] = f->id;
			o->nfig = 1;
			// Mostly forward, sometimes anywhere.
			double a = tw_rng_below(r, 3) ? (s->sides[side].forward > 0 ? rnd(r, -60, 60) : rnd(r, 120, 240))
						       : rnd(r, 0, 360);
			double d = rnd(r, 0.5, lw_move_allowance(f));
			o->path[0] = tw_add(f->pos, tw_scale(tw_dir_deg(a), d));
			o->npath = 1;
		} else {
			tw_order_init(o, LW_OT_END_MOVE, side);
		}
		n++;
	}
	return n;
}
