// Science versus Luck: the computer players that follow their manuals, in the simplest form the
// battle needs (SV.DOC.20): riflemen fire when IM.fire allows, the others advance straight on
// the nearest gun (running when IM.pace allows), stand under a Pause, fall back under a Recoil;
// a gun is served by its Artillery Manual (targets and tempo are the serve order's own) and
// withdraws under AM.move WITHDRAW_WITHIN. Formation, route and cover preference are not
// followed yet (docs/svl.md).
#include <math.h>

#include "sv.h"

static bool wants_fire(const tw_state *s, int f)
{
	const sv_srec *m = SVS(s, SV_ATTACKER);
	const sv_game *g = SVG(s);
	if (!sv_standing(s, f) || SVF(s, f)->role != SV_ROLE_RIFLEMAN || SVF(s, f)->act != SV_ACT_NONE)
		return false;
	if (g->cond == SV_COND_RECOIL || m->fire == SV_FIRE_NEVER || (m->fire == SV_FIRE_PAUSED && g->cond != SV_COND_PAUSE))
		return false;
	double d;
	int k = sv_nearest_gun(s, s->fig[f].pos, &d);
	if (k < 0 || d > (m->fire == SV_FIRE_WITHIN_6 ? SV_CLOSE : SV_FIRE_RANGE) || (m->assault > 0 && d <= m->assault))
		return false;
	return sv_sight(s, s->fig[f].pos, s->gun[k].axle);
}

static bool clear_at(const tw_state *s, const tw_order *o, int f, tw_vec2 b)
{
	for (int j = 0; j < s->nfig; j++) {
		if (j == f || !sv_standing(s, j))
			continue;
		tw_vec2 q = s->fig[j].pos;
		for (int k = 0; k < o->nfig; k++)
			if (o->fig[k] == j)
				q = o->at[k];
		if (tw_dist(q, b) < 2 * s->fig[f].radius + 0.01)
			return false;
	}
	return true;
}

static int attacker(const tw_state *s, tw_order *o)
{
	tw_order_init(o, SV_OT_FIRE, SV_ATTACKER);
	for (int f = 0; f < s->nfig && o->nfig < TW_ORDER_MAX_FIG; f++)
		if (wants_fire(s, f))
			o->fig[o->nfig++] = f;
	tw_error err;
	if (o->nfig > 0 && sv_validate_fire(s, o, &err) == TW_OK)
		return 1;
	const sv_game *g = SVG(s);
	tw_order_init(o, SV_OT_MOVE, SV_ATTACKER);
	o->has_at = true;
	for (int f = 0; f < s->nfig && o->nfig < TW_ORDER_MAX_FIG && g->cond != SV_COND_PAUSE; f++) {
		if (!sv_standing(s, f) || SVF(s, f)->act != SV_ACT_NONE)
			continue;
		double d;
		int k = sv_nearest_gun(s, s->fig[f].pos, &d);
		if (k < 0)
			break;
		tw_vec2 a = s->fig[f].pos, dir = tw_scale(tw_sub(s->gun[k].axle, a), 1.0 / d);
		double step = sv_may_run(s, f) ? SV_RUN : SV_WALK;
		if (g->cond == SV_COND_RECOIL) {
			dir = tw_scale(dir, -1); // SV.MOR.5 straight back
			step = SV_WALK;
		} else if (step > d - 1.9) {
			step = d - 1.9; // stop at the gun (SV.BAT.10)
		}
		for (double frac = 1.0; frac > 0.05 && step > 0.05; frac -= 0.25) {
			tw_vec2 b = tw_add(a, tw_scale(dir, step * frac));
			if (clear_at(s, o, f, b) && !sv_impassable_segment(s, a, b)) {
				o->fig[o->nfig] = f;
				o->at[o->nfig] = b;
				o->nfig++;
				break;
			}
		}
	}
	if (o->nfig > 0 && sv_validate_move(s, o, &err) == TW_OK)
		return 1;
	tw_order_init(o, SV_OT_END, SV_ATTACKER);
	return 1;
}

static int defender(const tw_state *s, tw_order *o)
{
	const sv_srec *m = SVS(s, SV_DEFENDER);
	tw_error err;
	for (int k = 0; k < s->ngun; k++) {
		if (!sv_gun_in_action(s, k) || SVGN(s, k)->served)
			continue;
		tw_order_init(o, SV_OT_SERVE, SV_DEFENDER);
		o->gun = k;
		if (m->gmove == SV_GMOVE_WITHDRAW) {
			int near = -1;
			double bd = 1e300;
			for (int f = 0; f < s->nfig; f++) {
				double d = tw_dist(s->fig[f].pos, s->gun[k].axle);
				if (sv_standing(s, f) && d < bd)
					bd = d, near = f;
			}
			if (near >= 0 && bd <= m->gmove_x) {
				tw_vec2 away = tw_scale(tw_sub(s->gun[k].axle, s->fig[near].pos), SV_GUN_MOVE / bd);
				o->has_target = true;
				o->target = tw_add(s->gun[k].axle, away);
				if (sv_validate_serve(s, o, &err) != TW_OK)
					o->has_target = false;
			}
		}
		return 1;
	}
	tw_order_init(o, SV_OT_END, SV_DEFENDER);
	return 1;
}

int sv_auto_orders(const tw_state *s, int side, tw_order *out, int max)
{
	if (max < 1 || s->over || side != s->mover)
		return 0;
	return side == SV_ATTACKER ? attacker(s, out) : defender(s, out);
}
