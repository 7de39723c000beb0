// Nikolas Lloyd's skirmish suite: a random player (the baseline every general must beat; the
// random general takes the first of these that validates, so `end` comes last unless drawn).
#include <math.h>

#include "ll.h"

static int nearest_enemy(const tw_state *s, int f)
{
	int best = -1;
	double bd = 1e300;
	for (int j = 0; j < s->nfig; j++)
		if (ll_fights(s, j) && !tw_allied(s, s->fig[j].side, s->fig[f].side) && tw_dist(s->fig[f].pos, s->fig[j].pos) < bd)
			bd = tw_dist(s->fig[f].pos, s->fig[j].pos), best = j;
	return best;
}

static bool move_order(const tw_state *s, int f, tw_rng *r, tw_order *o)
{
	int e = nearest_enemy(s, f);
	if (e < 0)
		return false;
	tw_vec2 d = tw_sub(s->fig[e].pos, s->fig[f].pos);
	double len = tw_len(d), gap = len - s->fig[f].radius - s->fig[e].radius;
	if (len < LL_EPS)
		return false;
	double m = ll_move_allowance(s, f) - (LLF(s, f)->group >= 0 ? 1 : 0);
	double u = 0.5 + 0.5 * (double)tw_rng_below(r, 1001) / 1000.0;
	double go = m * u;
	if (go > gap)
		go = gap > 0 ? gap : 0; // up to contact: a charge
	tw_vec2 off = tw_scale(d, go / len);
	int type = LL_OT_MOVE;
	tw_order_init(o, type, s->fig[f].side);
	int g = LLF(s, f)->group;
	for (int j = 0; j < s->nfig && o->nfig < TW_ORDER_MAX_FIG; j++) {
		if (j != f && (g < 0 || LLF(s, j)->group != g || !ll_fights(s, j)))
			continue;
		o->fig[o->nfig] = j;
		o->at[o->nfig] = tw_add(s->fig[j].pos, off);
		o->facing[o->nfig] = tw_bearing_deg(d);
		o->nfig++;
	}
	o->has_at = true;
	return o->nfig > 0;
}

static bool shoot_order(const tw_state *s, int f, bool snap, tw_order *o)
{
	for (int j = 0; j < s->nfig; j++) {
		if (!ll_fights(s, j) || tw_allied(s, s->fig[j].side, s->fig[f].side))
			continue;
		int side = s->fig[f].side;
		if (!ll_shot_ok(s, side, f, j, -1)) // ll-gen2: ll_validate_shoot(s, o, NULL) == TW_OK, without the order
			continue;
		tw_order_init(o, LL_OT_SHOOT, side);
		o->nfig = o->nfig2 = 1;
		o->fig[0] = f;
		o->fig2[0] = j;
		return true;
	}
	(void)snap;
	return false;
}

int ll_random_orders(const tw_state *s, int side, tw_rng *r, tw_order *out, int max)
{
	if (max >= 1 && ll_owner_answer(s, side, r, &out[0])) // ll-rest: TF.D5, CA.D3
		return 1;
	if (LL_FP(s)) // ll-2: the fast-play game under Type III
		return ll_in_random_orders(s, side, r, out, max);
	tw_decision ds[TW_MAX_DECISIONS]; // ll-3: any seat asked (SP: several at once)
	int nd = tw_ruleset_lloyd.decisions(s, ds, TW_MAX_DECISIONS);
	bool asked = false;
	for (int i = 0; i < nd; i++)
		asked |= ds[i].seat == side;
	if (max < 1 || !asked)
		return 0;
	if (s->phase == LL_PH_ALLOC) { // ll-3: TF.D2, every man to a location at random
		tw_order *o = &out[0];
		tw_order_init(o, LL_OT_ALLOCATE, side);
		int men = 0;
		for (int j = 0; j < s->nfig; j++)
			men += s->fig[j].side == side && s->fig[j].status == TW_FS_ACTIVE;
		for (int j = 0; j < s->nfig && o->nfig < TW_ORDER_MAX_FIG; j++)
			if (s->fig[j].side == side && s->fig[j].status == TW_FS_ACTIVE) {
				o->fig[o->nfig++] = j;
				if (men <= TW_ORDER_MAX_VALS)
					o->val[o->nval++] = 1 + (int)tw_rng_below(r, 3);
			}
		if (men > TW_ORDER_MAX_VALS) // ll-rest: more men than a list holds (CA.D1's 2v2): all to one place
			o->val[o->nval++] = 1 + (int)tw_rng_below(r, 3);
		return 1;
	}
	if (LLG(s)->sp && s->phase == LL_PH_START) { // ll-3: SP.D1, now and then a change of sides
		int n = 0;
		if (max > 1 && tw_rng_below(r, 6) == 0)
			tw_order_init(&out[n++], LL_OT_DEFECT, side);
		tw_order_init(&out[n++], LL_OT_END, side);
		return n;
	}
	if (s->phase == LL_PH_START) {
		tw_order_init(&out[0], LL_OT_START, side);
		return 1;
	}
	int n = 0;
	if (tw_rng_below(r, 6) != 0) {
		for (int tries = 0; tries < 4 * max && n < max - 1; tries++) {
			int f = (int)tw_rng_below(r, (uint32_t)s->nfig);
			if (!ll_fights(s, f) || s->fig[f].side != side)
				continue;
			tw_order *o = &out[n];
			if (s->phase == LL_PH_REACT) {
				if (tw_rng_below(r, 2) == 0 && shoot_order(s, f, true, o))
					n++;
				else {
					tw_order_init(o, LL_OT_EVADE, side);
					o->nfig = 1;
					o->fig[0] = f;
					if (tw_rng_below(r, 3) == 0 && ll_validate_evade(s, o, NULL) == TW_OK)
						n++;
				}
				continue;
			}
			int what = (int)tw_rng_below(r, 3);
			if (what == 0 && shoot_order(s, f, false, o))
				n++;
			else if (what == 1) {
				tw_order_init(o, LL_OT_LOAD, side);
				o->nfig = 1;
				o->fig[0] = f;
				if (ll_validate_load(s, o, NULL) == TW_OK)
					n++;
			} else if (ll_may_act(s, f, LLA_MOVE) && !ll_in_melee(s, f) && move_order(s, f, r, o))
				n++;
		}
	}
	tw_order_init(&out[n++], LL_OT_END, side);
	return n;
}
