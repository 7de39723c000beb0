// The Kriegspiel's supplies for the computer general (KS.SUP.1-9, KS.FORM.5, KS.GEN.2): every
// move, before his Transport & Supply men move, lw-big hands a packet order to every man not yet
// fed in the cycle whom a T&S man reaches, and then walks the T&S men behind the men they serve
// (towards those out of reach first). Without it a computer Kriegspiel starved: KS.SUP.9 put its
// men out of action from the 12th own move (tests/test_lw_ai_ks.c).
#include <math.h>

#include "lw_ai_big.h"
#include "lw_big.h"
#include "lw_util.h"
#include "tinwar/tinwar.h"

#define TS_BEHIND 0.0 ///< a T&S man keeps this far behind the middle of the men he serves (KS.MOV.1: at 6 in
                       ///< across country to their 12 he cannot afford to stand back: it was 30)

int lw_ai_arm(const tw_state *s, const tw_figure *f) { return lw_arm_of(s, f); }

bool lw_ai_is_ts(const tw_state *s, const tw_figure *f)
{
	// lw-box: the T&S men, not the waggons (arm 4 too): a waggon goes 6 in across country
	// (KS.MOV.1) and follows the men by lw-big's own rule (lw_ai_big.c).
	return lw_is_free(f) && f->kind != TW_FK_WAGGON && lw_ai_arm(s, f) == LW_ARM_TS;
}

// KS.SUP: a man who must be fed by packets (not the General, not T&S themselves).
static bool fed_by_packets(const tw_state *s, const tw_figure *f)
{
	int a = lw_ai_arm(s, f);
	return lw_is_free(f) && (f->kind == TW_FK_INFANTRY || f->kind == TW_FK_CAVALRY) && a != LW_ARM_GENERAL &&
	       a != LW_ARM_TS;
}

// KS.SUP.2/5: whether T&S man t reaches man f (range, and no enemy free man on the line).
static bool reaches(const tw_state *s, const tw_figure *t, const tw_figure *f)
{
	bool cav = f->kind == TW_FK_CAVALRY;
	if (tw_dist(t->pos, f->pos) > (cav ? LW_KS_SUP_CAV_R : LW_KS_SUP_INF_R))
		return false;
	for (int e = 0; e < s->nfig; e++) {
		const tw_figure *en = &s->fig[e];
		if (en->side != t->side && lw_is_free(en) && !lw_ks_supply_reaches(t->pos, f->pos, cav, &en->pos, 1, en->radius))
			return false;
	}
	return true;
}

bool lw_ai_valid(const tw_state *s, const tw_order *o)
{
	tw_error err;
	return tw_ruleset_get(s->ruleset)->validate(s, o, &err) == TW_OK;
}

// Fills o with the packets for the men in o->fig (generous on ammunition: KS.SUP.1's due for a
// body that fired in each of the 6 moves) and says whether the rules accept it.
static bool packets(const tw_state *s, tw_order *o)
{
	lw_ks_body b = {0};
	for (int i = 0; i < o->nfig; i++) {
		if (s->fig[o->fig[i]].kind == TW_FK_CAVALRY) {
			b.cavalry++;
			b.horses++;
		} else {
			b.infantry++;
		}
	}
	b.fired_moves = LW_KS_SUP_MOVES;
	int food, forage, ammo;
	lw_ks_packets_due(&b, &food, &forage, &ammo);
	o->nval = 3;
	o->val[0] = food;
	o->val[1] = forage;
	o->val[2] = ammo;
	return lw_ai_valid(s, o);
}

bool lw_ai_ks_supply(const tw_state *s, int side, tw_order *o)
{
	if (!LWG(s)->ks || !LWG(s)->ks_supply)
		return false;
	tw_order_init(o, LW_OT_SUPPLY, side);
	for (int t = 0; t < s->nfig && o->nfig2 < TW_ORDER_MAX_FIG; t++) {
		const tw_figure *f = &s->fig[t];
		if (f->side == side && lw_ai_is_ts(s, f) && f->moved_in != s->move_no)
			o->fig2[o->nfig2++] = t;
	}
	if (o->nfig2 == 0)
		return false;
	for (int i = 0; i < s->nfig && o->nfig < TW_ORDER_MAX_FIG; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side || !fed_by_packets(s, f) || LWF(s, f)->ks_fed)
			continue;
		for (int k = 0; k < o->nfig2; k++)
			if (reaches(s, &s->fig[o->fig2[k]], f)) {
				o->fig[o->nfig++] = i;
				break;
			}
	}
	if (o->nfig == 0)
		return false;
	if (packets(s, o))
		return true;
	// Refused as one body (the rules' reasons change with the lw-rules helper's work): each T&S
	// man hands over to the men he alone reaches.
	int32_t ts[TW_ORDER_MAX_FIG];
	int nts = o->nfig2;
	for (int k = 0; k < nts; k++)
		ts[k] = o->fig2[k];
	for (int k = 0; k < nts; k++) {
		tw_order_init(o, LW_OT_SUPPLY, side);
		o->fig2[o->nfig2++] = ts[k];
		for (int i = 0; i < s->nfig && o->nfig < TW_ORDER_MAX_FIG; i++) {
			const tw_figure *f = &s->fig[i];
			if (f->side == side && fed_by_packets(s, f) && !LWF(s, f)->ks_fed && reaches(s, &s->fig[ts[k]], f))
				o->fig[o->nfig++] = i;
		}
		if (o->nfig > 0 && packets(s, o))
			return true;
	}
	return false;
}

bool lw_ai_ks_ts_target(const tw_state *s, int side, int ts, tw_vec2 *to)
{
	const tw_figure *me = &s->fig[ts];
	if (me->side != side || !lw_ai_is_ts(s, me))
		return false;
	tw_vec2 all = tw_v2(0, 0);
	int nall = 0, near = -1;
	double nd = INFINITY;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side || !fed_by_packets(s, f))
			continue;
		int best = -1; // the T&S man nearest him serves him
		double bd = INFINITY;
		for (int t = 0; t < s->nfig; t++)
			if (s->fig[t].side == side && lw_ai_is_ts(s, &s->fig[t]) && tw_dist(s->fig[t].pos, f->pos) < bd) {
				bd = tw_dist(s->fig[t].pos, f->pos);
				best = t;
			}
		if (best != ts)
			continue;
		all = tw_add(all, f->pos);
		nall++;
		// The nearest of his men not fed yet and out of his reach; the unsupplied (who cannot
		// move to him, KS.SUP.9) before the others.
		double d = tw_dist(me->pos, f->pos) - (LWF(s, f)->ks_unsupplied > 0 ? 1e4 : 0);
		if (!LWF(s, f)->ks_fed && d < nd && !reaches(s, me, f)) {
			nd = d;
			near = i;
		}
	}
	if (nall == 0)
		return false;
	if (near >= 0) { // to him, until he is well within reach
		tw_vec2 p = s->fig[near].pos;
		double d = tw_dist(me->pos, p), keep = s->fig[near].kind == TW_FK_CAVALRY ? LW_KS_SUP_CAV_R - 12 : LW_KS_SUP_INF_R - 12;
		*to = d > keep ? tw_add(me->pos, tw_scale(tw_sub(p, me->pos), (d - keep) / d)) : me->pos;
		return true;
	}
	tw_vec2 mid = tw_scale(all, 1.0 / nall);
	double back = s->sides[side].back_y <= s->table.depth / 2 ? -TS_BEHIND : TS_BEHIND;
	mid.y = fmin(fmax(mid.y + back, 1.0), s->table.depth - 1.0);
	*to = mid;
	return true;
}

bool lw_ai_ks_hungry(const tw_state *s, int side, int i, tw_vec2 *to)
{
	const tw_figure *f = &s->fig[i];
	if (!LWG(s)->ks || !LWG(s)->ks_supply || f->side != side || !fed_by_packets(s, f) || LWF(s, f)->ks_fed ||
	    LWF(s, f)->ks_unsupplied > 0)
		return false;
	int best = -1;
	double bd = INFINITY;
	for (int t = 0; t < s->nfig; t++) {
		const tw_figure *ts = &s->fig[t];
		if (ts->side != side || !lw_ai_is_ts(s, ts))
			continue;
		if (reaches(s, ts, f))
			return false;
		if (tw_dist(ts->pos, f->pos) < bd) {
			bd = tw_dist(ts->pos, f->pos);
			best = t;
		}
	}
	if (best < 0)
		return false;
	double keep = f->kind == TW_FK_CAVALRY ? LW_KS_SUP_CAV_R - 12 : LW_KS_SUP_INF_R - 12;
	tw_vec2 p = s->fig[best].pos;
	*to = tw_add(f->pos, tw_scale(tw_sub(p, f->pos), (bd - keep) / bd));
	return true;
}
