// Nikolas Lloyd's skirmish suite: the six-player general's own play for its men (h6-six), on top of
// the NQ general's turn (ll_general_nq.c): its shots go where they take the most points in good
// order from the enemy (SP.D4 counts those at the end).
#include <math.h>
#include "tinwar/detmath.h"
#include <stdlib.h>

#include "ll_general_nq_own.h"
#include "ll_general_sp.h"

// Rule 2: a man of the strongest enemy player counts a quarter more.
#define LL_GEN_SP_STRONGEST 1.25

// A body of `side` (f's formed group, or f alone) of which no man is kept back (op->keep_back).
static bool body_free(const tw_state *v, int side, int f, const ll_gen_opts *op)
{
	if (!op || !op->keep_back)
		return true;
	int g = LLF(v, f)->group;
	for (int j = 0; j < v->nfig; j++)
		if ((j == f || (g >= 0 && LLF(v, j)->group == g && ll_fights(v, j))) &&
		    op->keep_back(v, side, j, op->ctx))
			return false;
	return true;
}

double ll_gen_sp_hurt_odds(int dice, int t)
{
	if (dice <= 0)
		return 0;
	double p = (21.0 - t) / 20.0; // NQ.DMG.1: a die >= T is a damage hit
	p = p < 0 ? 0 : p > 1 ? 1 : p;
	double none = tw_pow(1 - p, dice), one = dice * p * tw_pow(1 - p, dice - 1);
	return 1 - none - one; // NQ.DMG.2: two hits or more wound (or worse)
}

static double odds_at_least(int need) // 1d20 >= need
{
	return need <= 1 ? 1.0 : need > 20 ? 0.0 : (21.0 - need) / 20.0;
}

double ll_gen_sp_shot_value(const tw_state *v, int f, int t)
{
	const ll_frec *r = LLF(v, f), *rt = LLF(v, t);
	int k = ll_row(v, f);
	int band = tw_ll_range_band(r->r[k], tw_dist(v->fig[f].pos, v->fig[t].pos));
	if (band < 0)
		return 0;
	bool snap = v->phase == LL_PH_REACT && !ll_acting(v, v->fig[f].side);
	int shield = ll_in_arc(v, t, v->fig[f].pos) ? rt->s : 0;
	int need = tw_ll_shot_need(r->w[k], band, snap, shield, ll_group_size(v, rt->group),
	                           (int)v->params[LLP_BIG_GROUP], r->wounded);
	double hurt = ll_gen_sp_hurt_odds(r->d[k] - (r->wounded ? 1 : 0), rt->t);
	double worth = rt->wounded ? 0.1 * rt->pts : rt->pts; // a wounded man is out of SP.D4's count already
	return odds_at_least(need) * hurt * worth;
}

bool ll_gen_sp_shoot(const tw_state *v, int side, tw_order *o)
{
	int bf = -1, bt = -1, strongest = ll_gen_sp_strongest_enemy(v, side);
	double bv = 0, bd = 0;
	for (int f = 0; f < v->nfig; f++) {
		if (!ll_fights(v, f) || v->fig[f].side != side ||
		    LLF(v, f)->reach[ll_row(v, f)] != TW_LL_MISSILE || !LLF(v, f)->loaded)
			continue;
		int free_f = ll_shooter_free(v, f);
		if (!free_f)
			continue;
		for (int t = 0; t < v->nfig; t++) {
			if (!ll_gen_enemy(v, side, t))
				continue;
			double val = ll_gen_sp_shot_value(v, f, t) *
			             (v->fig[t].side == strongest ? LL_GEN_SP_STRONGEST : 1.0);
			if (val <= 0)
				continue;
			double d = tw_dist(v->fig[f].pos, v->fig[t].pos);
			// the most points expected; equal: the strongest enemy player's man, then the nearest
			bool better =
			    bf < 0 || val > bv + 1e-9 ||
			    (val > bv - 1e-9 &&
			     ((v->fig[t].side == strongest) > (v->fig[bt].side == strongest) ||
			      ((v->fig[t].side == strongest) == (v->fig[bt].side == strongest) && d < bd)));
			if (!better || !ll_shot_ok(v, side, f, t, free_f))
				continue;
			bf = f;
			bt = t;
			bv = val;
			bd = d;
		}
	}
	if (bf < 0)
		return false;
	tw_order_init(o, LL_OT_SHOOT, side);
	o->nfig = o->nfig2 = 1;
	o->fig[0] = bf;
	o->fig2[0] = bt;
	return tw_ruleset_lloyd.validate(v, o, NULL) == TW_OK;
}

// The long weapon in hand (NQ.RCH.1/2): its reach in inches, 0 none.
static double long_reach(const tw_state *v, int f)
{
	const ll_frec *r = LLF(v, f);
	int k = ll_row(v, f);
	return r->reach[k] == TW_LL_LONG ? r->r[k][0] : 0;
}

bool ll_gen_sp_spear_charge(const tw_state *v, int side, tw_order *o, double stop, const ll_gen_opts *op)
{
	int bf = -1, be = -1;
	double bv = 0, bg = 0;
	for (int f = 0; f < v->nfig; f++) {
		if (!ll_fights(v, f) || v->fig[f].side != side || LLF(v, f)->wounded)
			continue;
		double reach = long_reach(v, f);
		if (reach <= 0 || !ll_may_act(v, f, LLA_MOVE) || ll_in_melee(v, f) ||
		    !body_free(v, side, f, op))
			continue;
		int g = LLF(v, f)->group;
		double m = ll_move_allowance(v, f) - (g >= 0 ? 1 : 0);
		for (int e = 0; e < v->nfig; e++) {
			if (!ll_gen_enemy(v, side, e) || long_reach(v, e) >= reach)
				continue;
			double gap = tw_figure_gap(&v->fig[f], &v->fig[e]);
			if (gap <= stop || gap - stop > m)
				continue;
			double val = LLF(v, e)->wounded ? 0.1 * LLF(v, e)->pts : LLF(v, e)->pts;
			if (bf >= 0 && (val < bv - 1e-9 || (val < bv + 1e-9 && gap >= bg)))
				continue;
			// the body moves by the one offset that leaves f `stop` in from e
			tw_vec2 d = tw_sub(v->fig[e].pos, v->fig[f].pos);
			double len = tw_len(d);
			if (len < LL_EPS)
				continue;
			ll_gen_nq_body_move(v, side, f, tw_scale(d, (gap - stop) / len), tw_bearing_deg(d), o);
			if (tw_ruleset_lloyd.validate(v, o, NULL) != TW_OK)
				continue;
			bf = f;
			be = e;
			bv = val;
			bg = gap;
		}
	}
	if (bf < 0)
		return false;
	tw_vec2 d = tw_sub(v->fig[be].pos, v->fig[bf].pos); // the chosen order again
	ll_gen_nq_body_move(v, side, bf, tw_scale(d, (bg - stop) / tw_len(d)), tw_bearing_deg(d), o);
	return true;
}

// The best shot value archer f would have from p (read on m's copy of the view with him there,
// kept for his places as ll_gen_sees_kept does; s28-llview: the view itself is never written).
static double value_from(const tw_state *v0, ll_gen_moved *m, int side, int f, tw_vec2 p)
{
	const tw_state *v = ll_gen_moved_keep(m, v0, f, p);
	if (!v)
		return 0;
	double best = 0;
	for (int t = 0; t < v->nfig; t++) {
		if (!ll_gen_enemy(v, side, t))
			continue;
		double val = ll_gen_sp_shot_value(v, f, t);
		if (val > best && !ll_in_melee(v, t) && ll_sight(v, f, t))
			best = val;
	}
	return best;
}

// p is out of every enemy hand-to-hand man's charge (his move and an inch).
static bool safe_at(const tw_state *v, int side, int f, tw_vec2 p)
{
	for (int e = 0; e < v->nfig; e++)
		if (ll_gen_enemy(v, side, e) && LLF(v, e)->reach[ll_row(v, e)] != TW_LL_MISSILE &&
		    tw_dist(p, v->fig[e].pos) - v->fig[e].radius - v->fig[f].radius <=
		        ll_move_allowance(v, e) + 1)
			return false;
	return true;
}

bool ll_gen_sp_archer_step(const tw_state *v, int side, tw_order *o, double gain, const ll_gen_opts *op)
{
	for (int f = 0; f < v->nfig; f++) {
		const ll_frec *r = LLF(v, f);
		if (!ll_fights(v, f) || v->fig[f].side != side || r->reach[ll_row(v, f)] != TW_LL_MISSILE ||
		    !r->loaded || !ll_may_act(v, f, LLA_MOVE) || !ll_may_act(v, f, LLA_SHOOT) ||
		    ll_in_melee(v, f) || !body_free(v, side, f, op))
			continue;
		ll_gen_moved mv; // (s28-llview: his places read on one copy of the view)
		ll_gen_moved_none(&mv);
		double now = value_from(v, &mv, side, f, v->fig[f].pos),
		       m = ll_move_allowance(v, f) - (r->group >= 0 ? 1 : 0);
		double best = now * gain + 0.05;
		tw_vec2 bp = v->fig[f].pos;
		bool found = false;
		for (int k = 0; k < 32; k++) {
			double a = (k % 16) * M_PI / 8, rr = k < 16 ? m * 0.98 : m * 0.5;
			tw_vec2 p = tw_add(v->fig[f].pos, tw_v2(tw_sin(a) * rr, tw_cos(a) * rr));
			if (!safe_at(v, side, f, p))
				continue;
			double val = value_from(v, &mv, side, f, p);
			if (val <= best)
				continue;
			tw_order_init(o, LL_OT_MOVE, side);
			o->nfig = 1;
			o->fig[0] = f;
			o->at[0] = p;
			o->facing[0] = v->fig[f].facing;
			o->has_at = true;
			if (tw_ruleset_lloyd.validate(v, o, NULL) != TW_OK)
				continue;
			best = val;
			bp = p;
			found = true;
		}
		ll_gen_moved_free(&mv);
		if (!found)
			continue;
		tw_order_init(o, LL_OT_MOVE, side);
		o->nfig = 1;
		o->fig[0] = f;
		o->at[0] = bp;
		o->facing[0] = v->fig[f].facing;
		o->has_at = true;
		return true;
	}
	return false;
}

// NQ.ATK.5: the foe f's attack roll goes to now (his aim, else the one most to his front), as
// the melee finds it (ll_melee.c).
static int attack_now(const tw_state *v, int f)
{
	int aim = LLF(v, f)->aim;
	if (aim >= 0 && aim < v->nfig && ll_engaged(v, f, aim))
		return aim;
	int best = -1;
	double bd = -2;
	tw_vec2 dir = tw_dir_deg(v->fig[f].facing);
	for (int j = ll_engaged_next(v, f, 0); j >= 0; j = ll_engaged_next(v, f, j + 1)) {
		tw_vec2 d = tw_sub(v->fig[j].pos, v->fig[f].pos);
		double len = tw_len(d), c = len > LL_EPS ? tw_dot(dir, d) / len : 1;
		if (c > bd + 1e-12)
			bd = c, best = j;
	}
	return best;
}

// What f's attack roll on foe b is worth: b's points in good order (a tenth if wounded) times the
// hurt chance of f's weapon on b, a third of it where f must close first (NQ.RCH.3).
static double attack_value(const tw_state *v, int f, int b)
{
	const ll_frec *r = LLF(v, f), *q = LLF(v, b);
	int k = ll_row(v, f);
	double worth = q->wounded ? 0.1 * q->pts : q->pts;
	double hurt = ll_gen_sp_hurt_odds(r->d[k] - (r->wounded ? 1 : 0), q->t);
	bool can = ll_contact(v, f, b) ? ll_melee_reach(v, f) >= ll_melee_reach(v, b) || ll_closed(v, f, b)
	                               : r->reach[k] == TW_LL_LONG &&
	                                     tw_figure_gap(&v->fig[f], &v->fig[b]) <= r->r[k][0] + LL_EPS;
	return worth * hurt * (can ? 1.0 : 0.3);
}

bool ll_gen_sp_aim(const tw_state *v, int side, tw_order *o)
{
	for (int f = 0; f < v->nfig; f++) {
		if (!ll_fights(v, f) || v->fig[f].side != side)
			continue;
		int now = attack_now(v, f);
		if (now < 0)
			continue;
		int best = now;
		double bv = attack_value(v, f, now);
		for (int j = ll_engaged_next(v, f, 0); j >= 0; j = ll_engaged_next(v, f, j + 1))
			if (ll_gen_enemy(v, side, j) && attack_value(v, f, j) > bv + 1e-9) {
				best = j;
				bv = attack_value(v, f, j);
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

bool ll_gen_sp_evade(const tw_state *v, int side, tw_order *o)
{
	for (int f = 0; f < v->nfig; f++) {
		if (!ll_fights(v, f) || v->fig[f].side != side)
			continue;
		tw_order_init(o, LL_OT_EVADE, side);
		o->nfig = 1;
		o->fig[0] = f;
		if (ll_validate_evade(v, o, NULL) == TW_OK)
			return true;
	}
	return false;
}
