// Nikolas Lloyd's skirmish suite: the random player of the fast-play game under Type III: random
// candidate actions (a man moves towards an enemy or anywhere, shoots at the nearest, fights, a
// knight challenges), random seizes and declines, random answers to challenges and mercy. The
// caller takes the first candidate the rules accept (src/ai/random_general.c).
#include <math.h>
#include "tinwar/detmath.h"

#include "ll.h"

static int nearest(const tw_state *s, int f)
{
	int best = -1;
	double bd = 1e18;
	for (int j = 0; j < s->nfig; j++)
		if (ll_fights(s, j) && s->fig[j].side != s->fig[f].side && tw_dist(s->fig[f].pos, s->fig[j].pos) < bd) {
			bd = tw_dist(s->fig[f].pos, s->fig[j].pos);
			best = j;
		}
	return best;
}

static void one(tw_order *o, int type, int side, int f, int t)
{
	tw_order_init(o, type, side);
	o->nfig = 1;
	o->fig[0] = f;
	if (t >= 0) {
		o->nfig2 = 1;
		o->fig2[0] = t;
	}
}

// IN.SHT.6: every bow of the side at the enemy nearest him.
static bool volley(const tw_state *s, int side, tw_order *o)
{
	tw_order_init(o, LL_OT_VOLLEY, side);
	for (int j = 0; j < s->nfig && o->nfig < TW_ORDER_MAX_FIG; j++)
		if (ll_fights(s, j) && s->fig[j].side == side && ll_in_has_bow(s, j) && nearest(s, j) >= 0) {
			o->fig[o->nfig++] = j;
			o->fig2[o->nfig2++] = nearest(s, j);
		}
	return o->nfig > 0;
}

// IN.TOME: a leader calls the men of his contingent, each a full move towards him.
static bool tome(const tw_state *s, int side, int l, tw_order *o)
{
	if (!LLF(s, l)->leader)
		return false;
	tw_order_init(o, LL_OT_TOME, side);
	o->nfig2 = 1;
	o->fig2[0] = l;
	for (int j = 0; j < s->nfig && o->nfig < TW_ORDER_MAX_FIG; j++) {
		if (j == l || !ll_fights(s, j) || s->fig[j].side != side || LLF(s, j)->cont != LLF(s, l)->cont)
			continue;
		tw_vec2 d = tw_sub(s->fig[l].pos, s->fig[j].pos);
		double len = tw_len(d), go = len - s->fig[j].radius - s->fig[l].radius - 1;
		if (go <= 0.1)
			continue;
		go = go > ll_fp_allowance(s, j) ? ll_fp_allowance(s, j) : go;
		o->fig[o->nfig] = j;
		o->at[o->nfig] = tw_add(s->fig[j].pos, tw_scale(d, go / len));
		o->facing[o->nfig++] = s->fig[j].facing;
	}
	o->has_at = o->nfig > 0;
	return o->nfig > 0;
}

static bool action(const tw_state *s, int side, int f, tw_rng *r, tw_order *o)
{
	int e = nearest(s, f);
	if (e < 0)
		return false;
	int what = (int)tw_rng_below(r, 10);
	if (what == 8)
		return volley(s, side, o);
	if (what == 9)
		return tome(s, side, f, o);
	if (what == 0 && LLF(s, f)->leader) {
		one(o, LL_OT_CHALLENGE, side, f, e);
		return true;
	}
	if (what <= 2) {
		one(o, ll_fp_contact_enemy(s, f) ? LL_OT_FIGHT : LL_OT_SHOOT, side, f, ll_fp_contact_enemy(s, f) ? -1 : e);
		return true;
	}
	one(o, LL_OT_MOVE, side, f, -1);
	tw_vec2 p = s->fig[f].pos, d = tw_sub(s->fig[e].pos, p);
	double len = tw_len(d), m = ll_fp_allowance(s, f);
	if (what <= 5 && len > LL_EPS) { // towards the nearest enemy, into contact if he can
		double go = len - s->fig[f].radius - s->fig[e].radius;
		go = go > m ? m : go < 0 ? 0 : go;
		o->at[0] = tw_add(p, tw_scale(d, go / len));
		o->facing[0] = tw_atan2(d.x, d.y) * 180 / M_PI;
	} else {
		double a = tw_rng_unit(r) * 2 * M_PI, g = m * tw_rng_unit(r);
		o->at[0] = tw_add(p, tw_v2(g * tw_sin(a), g * tw_cos(a)));
		o->facing[0] = s->fig[f].facing;
	}
	o->has_at = true;
	return true;
}

int ll_in_random_orders(const tw_state *s, int side, tw_rng *r, tw_order *out, int max)
{
	tw_decision d;
	if (max < 1 || !tw_ruleset_lloyd.decisions(s, &d, 1) || d.seat != side)
		return 0;
	const ll_game *g = LLG(s);
	int n = 0;
	switch (s->phase) {
	case LL_PH_START: tw_order_init(&out[n++], LL_OT_START, side); return n;
	case LL_PH_DU_ANSWER:
	case LL_PH_DU_GRANT:
	case LL_PH_DU_SUB: // ll-gaps: DU.7
		tw_order_init(&out[n++], tw_rng_below(r, 2) ? LL_OT_ACCEPT : LL_OT_REFUSE, side);
		return n;
	case LL_PH_DU_MERCY: tw_order_init(&out[n++], tw_rng_below(r, 2) ? LL_OT_MERCY : LL_OT_END, side); return n;
	default: break;
	}
	for (int tries = 0; tries < 4 * max && n < max - 1; tries++) {
		int f = g->seize_kind && s->phase == LL_PH_IN_ACT ? g->seize_fig : (int)tw_rng_below(r, (uint32_t)s->nfig);
		if (f < 0 || !ll_fights(s, f) || s->fig[f].side != side)
			continue;
		if (s->phase == LL_PH_IN_SEIZE) {
			int pick = (int)tw_rng_below(r, 6);
			if (pick == 0)
				break; // decline
			int e = nearest(s, f);
			if (pick == 1 && e >= 0) { // IN.SHT: a reactive shot at an enemy who moved
				for (int j = 0; j < s->nfig; j++)
					if (ll_fights(s, j) && s->fig[j].side != side && LLF(s, j)->in_moved == g->actions) {
						one(&out[n++], LL_OT_SHOOT, side, f, j);
						break;
					}
				continue;
			}
			if (pick == 2 && e >= 0 && g->last_kind == 1) { // IN.RMV: engage the nearest
				tw_vec2 to = tw_sub(s->fig[e].pos, s->fig[f].pos);
				double len = tw_len(to), go = len - s->fig[f].radius - s->fig[e].radius;
				if (len > LL_EPS && go > 0) {
					one(&out[n], LL_OT_MOVE, side, f, -1);
					out[n].at[0] = tw_add(s->fig[f].pos, tw_scale(to, go / len));
					out[n].facing[0] = s->fig[f].facing;
					out[n++].has_at = true;
				}
				continue;
			}
			one(&out[n], LL_OT_SEIZE, side, f, -1);
			out[n].n = 1 + (int)tw_rng_below(r, 4); // IN.SEIZE.1: any of the four
			if (LLF(s, f)->card && tw_rng_below(r, 2)) {
				out[n].nval = 1; // IN.CARD.4
				out[n].val[0] = 1;
			}
			n++;
			continue;
		}
		if (action(s, side, f, r, &out[n]))
			n++;
	}
	if (n < max)
		tw_order_init(&out[n++], LL_OT_END, side);
	return n;
}
