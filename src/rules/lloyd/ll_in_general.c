// Nikolas Lloyd's skirmish suite: a computer general for the fast-play game under Type III
// ("ll-type3"). Its doctrine, in the order it tries things, each candidate checked by the rules:
// - holding the initiative: carry out the action it seized for; fight a melee it is not losing on
//   quality; challenge with a leading knight when the catalogue's leaders would (ll-fin,
//   ll_in_challenge.c: not Timid, the duel's odds in his favour, even with Taunt, Honourable or
//   Scoundrel); shoot every bow that sees an enemy within 30 in (the all-missiles action); charge
//   an enemy it can reach who is no better than the charger; else advance its nearest body on the
//   enemy (archers stop at 20 in); else pass;
// - passive: shoot back reactively at what moved or shot (IN.SHT), then seize with the man who needs
//   the lowest roll for a fight (or an advance) when any roll can do it, else decline;
// - duels: accept when its man is the better duellist (a non-knight refuses: it costs nothing),
//   pull out when wounded, grant mercy (2 VP); follow up every Push-back it can (FP.D5).
// In the NQ game it plays the random player's candidates.
#include <math.h>
#include "tinwar/detmath.h"
#include <string.h>

#include "ll.h"
#include "tinwar/general.h"

static bool legal(const tw_state *v, const tw_order *o) { return tw_ruleset_lloyd.validate(v, o, NULL) == TW_OK; }

static bool enemy(const tw_state *v, int side, int j) { return ll_fights(v, j) && v->fig[j].side != side; }

// The nearest enemy figure f sees (any if `seen` is false), or -1.
static int nearest(const tw_state *v, int f, bool seen)
{
	int best = -1;
	double bd = 1e18;
	for (int j = 0; j < v->nfig; j++)
		if (enemy(v, v->fig[f].side, j) && (!seen || ll_sight(v, f, j)) && tw_dist(v->fig[f].pos, v->fig[j].pos) < bd) {
			bd = tw_dist(v->fig[f].pos, v->fig[j].pos);
			best = j;
		}
	return best;
}

static void init1(tw_order *o, int type, int side, int f, int t)
{
	tw_order_init(o, type, side);
	if (f >= 0) {
		o->nfig = 1;
		o->fig[0] = f;
	}
	if (t >= 0) {
		o->nfig2 = 1;
		o->fig2[0] = t;
	}
}

// Where f goes towards enemy e: into contact if he can reach him, else `go` inches (0: his full move).
static tw_vec2 step_to(const tw_state *v, int f, int e, double go, double *facing)
{
	tw_vec2 d = tw_sub(v->fig[e].pos, v->fig[f].pos);
	double len = tw_len(d), gap = len - v->fig[f].radius - v->fig[e].radius, m = ll_fp_allowance(v, f);
	double step = gap <= m ? gap : (go > 0 && go < m ? go : m);
	if (step < 0)
		step = 0;
	*facing = tw_atan2(d.x, d.y) * 180 / M_PI;
	return len > LL_EPS ? tw_add(v->fig[f].pos, tw_scale(d, step / len)) : v->fig[f].pos;
}

static void towards(const tw_state *v, tw_order *o, int side, int f, int e, double go)
{
	init1(o, LL_OT_MOVE, side, f, -1);
	o->at[0] = step_to(v, f, e, go, &o->facing[0]);
	o->has_at = true;
}

// The quality a side brings to the melee figure f is in: its men in contact, by QR.
static int weight(const tw_state *v, int f, int side)
{
	int w = 0;
	for (int j = 0; j < v->nfig; j++)
		if (ll_fights(v, j) && v->fig[j].side == side && (j == f || ll_contact(v, j, f) || ll_fp_contact_enemy(v, j))) {
			bool near = false;
			for (int k = 0; k < v->nfig && !near; k++)
				near = ll_fights(v, k) && v->fig[k].side != side && ll_contact(v, j, k) && tw_dist(v->fig[k].pos, v->fig[f].pos) < 3;
			w += near || j == f ? ll_fp_qr(v, j) : 0;
		}
	return w;
}

static bool volley(const tw_state *v, int side, tw_order *o)
{
	tw_order_init(o, LL_OT_VOLLEY, side);
	for (int f = 0; f < v->nfig; f++) {
		if (!ll_fights(v, f) || v->fig[f].side != side || !ll_in_has_bow(v, f) || ll_fp_contact_enemy(v, f))
			continue;
		int e = nearest(v, f, true);
		if (e >= 0 && tw_dist(v->fig[f].pos, v->fig[e].pos) <= 30 - LL_EPS) {
			o->fig[o->nfig++] = f;
			o->fig2[o->nfig2++] = e;
		}
	}
	return o->nfig > 0 && legal(v, o);
}

static bool seized_action(const tw_state *v, int side, tw_order *o)
{
	const ll_game *g = LLG(v);
	int f = g->seize_fig, e = f >= 0 ? nearest(v, f, false) : -1;
	if (!g->seize_kind || f < 0 || e < 0)
		return false;
	if (g->seize_card && ll_fights(v, LLF(v, f)->card_foe))
		e = LLF(v, f)->card_foe;
	if (g->seize_kind == 2) {
		init1(o, LL_OT_FIGHT, side, f, -1);
		if (legal(v, o))
			return true;
		init1(o, LL_OT_SHOOT, side, f, nearest(v, f, true));
		if (o->fig2[0] >= 0 && legal(v, o))
			return true;
	}
	towards(v, o, side, f, e, 0);
	return legal(v, o);
}

static bool act(const tw_state *v, int side, tw_order *o)
{
	if (seized_action(v, side, o))
		return true;
	for (int f = 0; f < v->nfig; f++) // fight a melee it is not losing on quality
		if (ll_fights(v, f) && v->fig[f].side == side && ll_fp_contact_enemy(v, f)) {
			int e = nearest(v, f, false);
			if (e >= 0 && weight(v, f, side) >= weight(v, e, 1 - side)) {
				init1(o, LL_OT_FIGHT, side, f, -1);
				if (legal(v, o))
					return true;
			}
		}
	if (ll_in_general_challenge(v, side, o)) // ll-fin: a knight challenges as the catalogue's would (DU.8)
		return true;
	if (volley(v, side, o))
		return true;
	for (int f = 0; f < v->nfig; f++) { // charge an enemy he can reach who is no better than he is
		if (!ll_fights(v, f) || v->fig[f].side != side || ll_in_has_bow(v, f) || ll_fp_contact_enemy(v, f))
			continue;
		int e = nearest(v, f, false);
		if (e < 0 || ll_fp_qr(v, e) > ll_fp_qr(v, f) ||
		    tw_figure_gap(&v->fig[f], &v->fig[e]) > ll_fp_allowance(v, f) + LL_EPS)
			continue;
		towards(v, o, side, f, e, 0);
		if (legal(v, o))
			return true;
	}
	// advance the man nearest the enemy, with every man of his body that can keep the same offset
	int lead = -1;
	double bd = 1e18;
	for (int f = 0; f < v->nfig; f++) {
		if (!ll_fights(v, f) || v->fig[f].side != side || ll_fp_contact_enemy(v, f))
			continue;
		int e = nearest(v, f, false);
		if (e < 0)
			continue;
		double d = tw_dist(v->fig[f].pos, v->fig[e].pos);
		if (ll_in_has_bow(v, f) && d <= 20)
			continue; // archers stop within 20 in and shoot
		if (d < bd) {
			bd = d;
			lead = f;
		}
	}
	if (lead >= 0) {
		int e = nearest(v, lead, false);
		double go = ll_in_has_bow(v, lead) ? bd - 19.5 : 0;
		towards(v, o, side, lead, e, go);
		tw_vec2 off = tw_sub(o->at[0], v->fig[lead].pos);
		for (int f = 0; f < v->nfig && o->nfig < TW_ORDER_MAX_FIG; f++) {
			if (f == lead || !ll_fights(v, f) || v->fig[f].side != side || ll_fp_contact_enemy(v, f) ||
			    ll_in_has_bow(v, f) != ll_in_has_bow(v, lead) || tw_len(off) > ll_fp_allowance(v, f) + LL_EPS ||
			    tw_figure_gap(&v->fig[f], &v->fig[lead]) > 4)
				continue;
			int k = o->nfig;
			o->fig[k] = f;
			o->at[k] = tw_add(v->fig[f].pos, off);
			o->facing[k] = o->facing[0];
			o->nfig++;
			if (!legal(v, o))
				o->nfig--;
		}
		if (legal(v, o))
			return true;
	}
	tw_order_init(o, LL_OT_END, side); // pass
	return true;
}

static bool react_shot(const tw_state *v, int side, tw_order *o)
{
	const ll_game *g = LLG(v);
	if (g->reacted[side])
		return false;
	for (int t = 0; t < v->nfig; t++) {
		if (!enemy(v, side, t))
			continue;
		bool shot_us = g->last_kind == 2 && LLF(v, t)->in_shot == g->actions;
		if (!shot_us && LLF(v, t)->in_moved != g->actions)
			continue;
		int cap = shot_us ? TW_ORDER_MAX_FIG : tw_ll_in_reactors(LLF(v, t)->in_dist);
		init1(o, LL_OT_SHOOT, side, -1, t);
		for (int f = 0; f < v->nfig && o->nfig < cap; f++)
			if (ll_fights(v, f) && v->fig[f].side == side && ll_in_has_bow(v, f) && !ll_fp_contact_enemy(v, f) &&
			    ll_sight(v, f, t) && tw_ll_fp_shot_need(tw_dist(v->fig[f].pos, v->fig[t].pos), false, true) > 0)
				o->fig[o->nfig++] = f;
		if (o->nfig && legal(v, o))
			return true;
	}
	return false;
}

static bool seize(const tw_state *v, int side, tw_order *o)
{
	int best = -1, kind = 0, need = 99;
	for (int f = 0; f < v->nfig; f++) {
		if (!ll_fights(v, f) || v->fig[f].side != side)
			continue;
		int e = nearest(v, f, false);
		bool can_fight = e >= 0 && (ll_fp_contact_enemy(v, f) ||
					    tw_figure_gap(&v->fig[f], &v->fig[e]) <= ll_fp_allowance(v, f) + LL_EPS ||
					    (ll_in_has_bow(v, f) && nearest(v, f, true) >= 0 &&
					     tw_dist(v->fig[f].pos, v->fig[nearest(v, f, true)].pos) <= 30));
		for (int k = 2; k >= 1; k--) {
			if (k == 2 && !can_fight)
				continue;
			int n = ll_in_seize_need(v, f, k, false);
			if (n < need) {
				need = n;
				best = f;
				kind = k;
			}
		}
	}
	if (best < 0 || need > 20)
		return false;
	init1(o, LL_OT_SEIZE, side, best, -1);
	o->n = kind;
	return legal(v, o);
}

static tw_status decide(tw_general *g, const tw_state *v, int side, tw_order *out)
{
	tw_decision d;
	if (!tw_ruleset_lloyd.decisions(v, &d, 1) || d.seat != side) {
		tw_order_init(out, LL_OT_END, side);
		return TW_OK;
	}
	if (!LL_FP(v)) { // the NQ game: the random player's first legal candidate
		int n = ll_random_orders(v, side, &g->rng, out, 1);
		if (n < 1 || !legal(v, out))
			tw_order_init(out, LL_OT_END, side);
		return TW_OK;
	}
	const ll_game *gm = LLG(v);
	switch (v->phase) {
	case LL_PH_START: tw_order_init(out, LL_OT_START, side); return TW_OK;
	case LL_PH_IN_ACT: act(v, side, out); return TW_OK;
	case LL_PH_IN_SEIZE:
		if (!react_shot(v, side, out) && !seize(v, side, out))
			tw_order_init(out, LL_OT_END, side);
		return TW_OK;
	case LL_PH_DU_ANSWER: {
		int a = gm->du_a, b = gm->du_b;
		bool better = ll_fp_qr(v, b) >= ll_fp_qr(v, a);
		tw_order_init(out, better || ll_du_knight(v, b) ? LL_OT_ACCEPT : LL_OT_REFUSE, side);
		return TW_OK;
	}
	case LL_PH_FP_FOLLOW: // FP.D5: follow up with every man who can
		tw_order_init(out, LL_OT_MOVE, side);
		for (int f = 0; f < v->nfig; f++) {
			if (!ll_fights(v, f) || v->fig[f].side != side || LLF(v, f)->in_follow != gm->actions + 1)
				continue;
			for (int j = 0; j < v->nfig; j++)
				if (ll_fights(v, j) && LLF(v, j)->in_pushed == gm->actions + 1) {
					int k = out->nfig;
					out->fig[k] = f;
					out->at[k] = step_to(v, f, j, 0, &out->facing[k]);
					out->nfig++;
					out->has_at = true;
					if (!legal(v, out))
						out->nfig--;
					else
						break;
				}
		}
		if (!out->nfig)
			tw_order_init(out, LL_OT_END, side);
		return TW_OK;
	case LL_PH_DU_MERCY: tw_order_init(out, LL_OT_END, side); return TW_OK; // pull out (DU.15)
	case LL_PH_DU_GRANT: tw_order_init(out, LL_OT_ACCEPT, side); return TW_OK; // grant: 2 VP (DU.13)
	case LL_PH_DU_SUB: tw_order_init(out, LL_OT_ACCEPT, side); return TW_OK; // ll-gaps: DU.7: fight the substitute
	default: tw_order_init(out, LL_OT_END, side); return TW_OK;
	}
}

const tw_general_def ll_general_type3 = {
	.name = "ll-type3",
	.ruleset = "lloyd",
	.help = "fast-play under Type III: carries out the action it seized for; fights melees it is not losing, "
		"challenges with a leading knight whose duel odds are in his favour, shoots every bow in range at once, "
		"charges men no better than the charger, "
		"else advances its nearest body (archers to 20 in); passive, shoots back and seizes with the man needing "
		"the lowest roll; accepts duels it should win, pulls out wounded, grants mercy. NQ: random candidates",
	.decide = decide,
};
