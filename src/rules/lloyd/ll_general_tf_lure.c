// Nikolas Lloyd's skirmish suite: the three-fight general's commander as a lure (s26-three;
// docs/lloyd.md, "ll-three, s26-three: the commander draws the bows").
// An archer shoots at one man of those he may (NQ.SHT.5: seen, in range, not in melee); the random
// player's archers take the first of them in figure order, and a side's overall commander is its
// first figure in three.json. Where our commander stands at long range of an enemy archer (NQ.SHT.4:
// 18-30 in, +5 to the roll) and inside his shield arc, that archer's shot goes at him at the worst
// odds the rules give, instead of at medium range at a man of ours who is fighting. So he does not
// only keep out of the fight (h6-three: his death is CA.D2's 3 VP against us): of 16 bearings at a
// full, two thirds and a third of his move, or where he stands, he takes the place that is at long
// range of the most enemy archers who see him, out of every enemy's charge. A snap shot (NQ.OPP.1)
// is at a man who moved against the archer this turn, the first of them for the random player: so
// a place nearer a loaded enemy archer, still at long range, counts twice more (a snap at long
// range into his shield needs 21 or 22 on the d20: it cannot hit, and it empties the bow). He
// faces the enemy archers.
#include <math.h>
#include "tinwar/detmath.h"

#include "ll_general_tf.h"

enum { LURE_NEAR = 24, LURE_FAR = 29 }; // inches: long range now and after the archer steps nearer

double ll_gen_tf_lure_score(const tw_state *v0, ll_gen_moved *m, int side, int f, tw_vec2 p)
{
	// read on a copy of the view with him at p (s28-llview: the view itself is never written)
	ll_gen_moved own;
	const tw_state *v = m ? ll_gen_moved_keep(m, v0, f, p) : ll_gen_moved_at(&own, v0, f, p);
	if (!v)
		return -1e300; // no room for the copy: no place scores
	tw_vec2 was = v0->fig[f].pos;
	double sc = 0;
	for (int e = 0; e < v->nfig; e++) {
		if (!ll_gen_enemy(v, side, e) || LLF(v, e)->reach[ll_row(v, e)] != TW_LL_MISSILE)
			continue;
		const double *band = LLF(v, e)->r[ll_row(v, e)];
		double d = tw_dist(p, v->fig[e].pos);
		if (d < band[1]) { // medium or short range: a likely hit
			sc -= 1;
			continue;
		}
		if (d > band[2] || !ll_sight(v, e, f))
			continue;
		if (d <= LURE_FAR)
			sc += d >= LURE_NEAR ? 1 : 0.3; // nearer than 24 in, one step of his brings him to medium
		if (LLF(v, e)->loaded && d < tw_dist(was, v->fig[e].pos) - 0.05)
			sc += 2; // NQ.OPP.1: he moved against him: that archer's snap shot is at him, at long range
	}
	double c = ll_gen_tf_clearance_arch(v, side, f, p, 0); // an archer's bow no reach
	if (c < 1)
		sc -= 5 + (1 - c);
	if (!m)
		ll_gen_moved_free(&own);
	return sc;
}

// The lone man f to p, into *o; true if the rules take it. He faces the enemy archers within their
// long range and a move (the mean of their bearings: his shield counts against their shots,
// NQ.SHD.1), else the nearest enemy.
static bool move_to(const tw_state *v, int side, int f, tw_vec2 p, tw_order *o)
{
	double facing = ll_gen_tf_facing_at(v, f, p);
	tw_vec2 sum = tw_v2(0, 0);
	for (int a = 0; a < v->nfig; a++) {
		if (!ll_gen_enemy(v, side, a) || LLF(v, a)->reach[ll_row(v, a)] != TW_LL_MISSILE)
			continue;
		tw_vec2 d = tw_sub(v->fig[a].pos, p);
		double len = tw_len(d);
		if (len > 1e-6 && len <= LLF(v, a)->r[ll_row(v, a)][2] + ll_move_allowance(v, a))
			sum = tw_add(sum, tw_scale(d, 1 / len));
	}
	if (tw_len(sum) > 1e-6)
		facing = tw_bearing_deg(sum);
	return ll_gen_tf_move_one(v, side, f, p, facing, o);
}

bool ll_gen_tf_lure(const tw_state *v, int side, int f, tw_order *o)
{
	double m = ll_move_allowance(v, f) - (LLF(v, f)->group >= 0 ? 1 : 0);
	double W = v->table.width, D = v->table.depth, rad = v->fig[f].radius + 0.2;
	ll_gen_moved mv; // (s28-llview: his places read on one copy of the view)
	ll_gen_moved_none(&mv);
	double best = ll_gen_tf_lure_score(v, &mv, side, f, v->fig[f].pos) + 0.01, bestlen = 0;
	tw_vec2 bp = v->fig[f].pos;
	for (int k = 0; k < 48; k++) {
		double a = (k % 16) * M_PI / 8, rr = m * (k < 16 ? 0.98 : k < 32 ? 0.66 : 0.33);
		tw_vec2 p = tw_add(v->fig[f].pos, tw_v2(tw_sin(a) * rr, tw_cos(a) * rr));
		if (p.x < rad || p.y < rad || p.x > W - rad || p.y > D - rad)
			continue;
		double sc = ll_gen_tf_lure_score(v, &mv, side, f, p);
		if (sc < best - 1e-9 || (sc < best + 1e-9 && rr >= bestlen))
			continue;
		if (!move_to(v, side, f, p, o))
			continue;
		best = sc;
		bestlen = rr;
		bp = p;
	}
	ll_gen_moved_free(&mv);
	return bestlen > 0 && move_to(v, side, f, bp, o);
}
