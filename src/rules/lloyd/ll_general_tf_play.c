// Nikolas Lloyd's skirmish suite: the three-fight general's own play (s25-three2), ideas taken
// from ll-six's (ll_general_sp_play.c, h6-six) and written for TF.D7's count:
// - NQ.ATK.5, aims: a man engaged with several foes attacks the one where his attack roll takes
//   the most expected points (the chance of 2+ damage hits, NQ.DMG.2, times the foe's points in
//   good order; a wounded foe 0.3 of a point; the enemy commander's death 3 more, CA.D2), a third
//   of it where he must close first (NQ.RCH.3). The shared NQ play aims only at a wounded foe.
#include <math.h>
#include "tinwar/detmath.h"

#include "ll_general_tf.h"

// P(at least k of n dice, each p).
static double at_least(int n, double p, int k)
{
	double tot = 0;
	for (int i = k; i <= n; i++) {
		double c = 1;
		for (int j = 0; j < i; j++)
			c = c * (n - j) / (j + 1);
		tot += c * tw_pow(p, i) * tw_pow(1 - p, n - i);
	}
	return tot;
}

double ll_gen_tf_worth(const tw_state *v, int t)
{
	const ll_frec *q = LLF(v, t);
	return q->wounded ? 0.3 : q->pts;
}

// What f's attack roll on foe b is worth: the chance of a wound (2+ damage hits of his dice,
// NQ.DMG.2) times b's worth, the commander's death (4+ hits) 3 more; a third of it where f must
// close first (NQ.RCH.3: his weapon shorter and not closed, or a long weapon out of reach).
static double attack_value(const tw_state *v, int f, int b)
{
	const ll_frec *r = LLF(v, f), *q = LLF(v, b);
	int k = ll_row(v, f);
	int dice = r->d[k] - (r->wounded ? 1 : 0);
	if (dice <= 0)
		return 0;
	double pd = q->t <= 1 ? 1 : q->t > 20 ? 0 : (21 - q->t) / 20.0;
	double val = at_least(dice, pd, 2) * ll_gen_tf_worth(v, b);
	if (q->leader == 2)
		val += at_least(dice, pd, 4) * 3;
	bool can = ll_contact(v, f, b) ? ll_melee_reach(v, f) >= ll_melee_reach(v, b) || ll_closed(v, f, b)
	                               : r->reach[k] == TW_LL_LONG &&
	                                     tw_figure_gap(&v->fig[f], &v->fig[b]) <= r->r[k][0] + LL_EPS;
	return val * (can ? 1.0 : 0.3);
}

bool ll_gen_tf_aim(const tw_state *v, int side, tw_order *o)
{
	for (int f = 0; f < v->nfig; f++) {
		if (!ll_fights(v, f) || v->fig[f].side != side)
			continue;
		int now = ll_attack_target(v, f); // NQ.ATK.5: where his attack roll goes now
		if (now < 0)
			continue;
		int best = now;
		double bv = attack_value(v, f, now);
		for (int j = ll_engaged_next(v, f, 0); j >= 0; j = ll_engaged_next(v, f, j + 1)) {
			double val = ll_gen_enemy(v, side, j) ? attack_value(v, f, j) : 0;
			if (val > bv + 1e-9) {
				best = j;
				bv = val;
			}
		}
		if (best == now)
			continue;
		tw_order_init(o, LL_OT_AIM, side);
		o->nfig = o->nfig2 = 1;
		o->fig[0] = f;
		o->fig2[0] = best;
		if (tw_ruleset_lloyd.validate(v, o, NULL) == TW_OK)
			return true;
	}
	return false;
}
