// h6-nq: the NQ general's own doctrine (docs/lloyd.md, "The NQ general's doctrine (h6-nq)") on top
// of the NQ play it shares with ll-three and ll-six (ll_general_nq.c, ll_gen_nq_turn): only ll-nq
// plays these, so the other two generals play as before.
// - targets: shots and charges go to enemies in good order first (NQ.VIC.2 counts them), archers
//   before hand-to-hand men (the enemy's only way to hurt us from afar; a short dagger in melee);
// - an archer an enemy could charge next turn steps out of reach instead of loading (NQ.SHT.1);
// - hand-to-hand bodies (a formed group as one, NQ.MOVE.3, or a lone man): charge (a spearman
//   against a shorter weapon stops inside his reach, NQ.RCH.2/6); never into a formed line of
//   longer weapons while our bows outnumber the enemy's; else, unless our bows outnumber his,
//   advance on the first target, round the hedge, the bog and fallen men.
#include <math.h>
#include "tinwar/detmath.h"
#include <stdlib.h>
#include <string.h>

#include "ll.h"
#include "ll_general_nq_own.h"

enum { NQ_BLOCK_COST = 6, NQ_BOG_COST = 3 }; // inches the way-cost adds for a hedge, for the bog
#define NQ_STANDOFF 0.5                      // inches inside his reach a spearman stops short
#ifndef NQ_NB
#define NQ_NB 24
#endif
#ifndef NQ_NL
#define NQ_NL 3
#endif
#define NQ_SAFE 1.0 // inches an archer keeps beyond an enemy's charge

static bool archer(const tw_state *v, int f)
{
	return LLF(v, f)->reach[ll_row(v, f)] == TW_LL_MISSILE;
}

// The rules' check (h7-nqspeed: every move this file checks is of a body none of whose men is in
// melee, the callers having asked it: ll_validate_unengaged, as tw_ruleset_lloyd.validate was)
static bool legal_unengaged(const tw_state *v, const tw_order *o)
{
	return ll_validate_unengaged(v, o, NULL) == TW_OK;
}

// f and j move together (f's body: his formed group, or he alone)
static bool same_body(const tw_state *v, int f, int j)
{
	int g = LLF(v, f)->group;
	return j == f || (g >= 0 && LLF(v, j)->group == g && ll_fights(v, j));
}

// Lower first: unwounded archers, unwounded hand-to-hand men, wounded archers, the other wounded.
static int rank_of(const tw_state *v, int side, int j, const void *ctx)
{
	(void)side;
	(void)ctx;
	return (LLF(v, j)->wounded ? 2 : 0) + (archer(v, j) ? 0 : 1);
}

// The body's move: the least of its members' allowances (a group 1 in less, NQ.MOVE.3).
static double body_allowance(const tw_state *v, int f)
{
	if (LLF(v, f)->group < 0)
		return ll_move_allowance(v, f); // (alone: the same, without the scan)
	double m = 1e300;
	for (int j = 0; j < v->nfig; j++)
		if (same_body(v, f, j)) {
			double a = ll_move_allowance(v, j) - (LLF(v, f)->group >= 0 ? 1 : 0);
			m = a < m ? a : m;
		}
	return m < 1 ? 1 : m;
}

// How far short of contact j stops when he charges e: a man with a long weapon in hand against a
// shorter one stops inside his reach (NQ.RCH.2: engaged, and only he hurts there; NQ.RCH.6: the
// foe closes only from base contact, and a man engaged does not move); else into contact.
static double standoff(const tw_state *v, int j, int e)
{
	const ll_frec *r = LLF(v, j);
	int k = ll_row(v, j);
	if (r->reach[k] != TW_LL_LONG || ll_melee_reach(v, j) <= ll_melee_reach(v, e) ||
	    r->r[k][0] <= NQ_STANDOFF)
		return 0.02;
	return r->r[k][0] - NQ_STANDOFF;
}

// A charge by f's body: of every member and every enemy in reach, the first by (rank, gap) whose
// move is legal for the whole body. wait: our bows outnumber the enemy's, and no man charges a
// formed line of longer weapons unless its man is wounded.
static bool charge(const tw_state *v, int side, int f, double m, bool wait, const int *en, int ne,
                   tw_order *o)
{
	int lr = 0;
	double lg = -1;
	for (int tries = 0; tries < 8; tries++) {
		int bj = -1, be = -1, br = 0;
		double bg = 1e300, bs = 0;
		for (int j = 0; j < v->nfig; j++) {
			if (!same_body(v, f, j))
				continue;
			for (int ie = 0; ie < ne; ie++) {
				int e = en[ie];
				double gap = tw_figure_gap(&v->fig[j], &v->fig[e]), so = standoff(v, j, e);
				if (gap - so > m || gap < so)
					continue;
				if (wait && LLF(v, e)->group >= 0 && !LLF(v, e)->wounded &&
				    ll_melee_reach(v, e) > ll_melee_reach(v, j))
					continue;
				int r = rank_of(v, side, e, NULL);
				if (tries > 0 && (r < lr || (r == lr && gap <= lg + 1e-12)))
					continue; // the pairs already tried (a rising bound on (rank, gap))
				if (bj < 0 || r < br || (r == br && gap < bg)) {
					bj = j;
					be = e;
					br = r;
					bg = gap;
					bs = so;
				}
			}
		}
		if (bj < 0)
			return false;
		tw_vec2 d = tw_sub(v->fig[be].pos, v->fig[bj].pos);
		ll_gen_nq_body_move(v, side, bj, tw_scale(d, (bg - bs) / tw_len(d)), tw_bearing_deg(d), o);
		if (legal_unengaged(v, o)) // (h7-nqspeed: ll_gen_nq_own_move asked the body's melee)
			return true;
		lr = br;
		lg = bg;
	}
	return false;
}

// What is left of f's body's way to enemy e after moving by off: the lead's distance to contact,
// and a cost where a member's straight way on crosses a hedge (walked round, NQ.MOVE.6) or the bog
// (the whole move 2 in less, NQ.MOVE.2).
static double way_cost(const tw_state *v, const int *mem, int nm, int lead, int e, tw_vec2 off)
{
	tw_vec2 lp = tw_add(v->fig[lead].pos, off), d = tw_sub(v->fig[e].pos, lp);
	double len = tw_len(d), rem = len - v->fig[lead].radius - v->fig[e].radius;
	if (rem < 0)
		rem = 0;
	tw_vec2 go = len > LL_EPS ? tw_scale(d, rem / len) : tw_v2(0, 0);
	bool blocked = false, slow = false;
	for (int i = 0; i < nm && !blocked; i++) {
		int j = mem[i];
		tw_vec2 p = tw_add(v->fig[j].pos, off), q = tw_add(p, go);
		blocked = !ll_path_clear(v, p, q);
		slow = slow || ll_path_difficult(v, p, q);
	}
	return rem + (blocked ? NQ_BLOCK_COST : 0) + (slow ? NQ_BOG_COST : 0);
}

// Whether the rules would refuse f's body's move by off for its length or its way (NQ.MOVE.1,
// NQ.MOVE.2, NQ.MOVE.6: each man's allowance, 2 in less across the bog; no hedge crossed): those
// moves are not asked of them (ll-nq's speed; the same answers, the rules check every other).
static bool move_refused(const tw_state *v, const int *mem, int nm, tw_vec2 off)
{
	double d = tw_len(off);
	for (int i = 0; i < nm; i++) {
		int j = mem[i];
		tw_vec2 p = v->fig[j].pos, q = tw_add(p, off);
		const ll_frec *r = LLF(v, j);
		double base =
		    r->m - (r->wounded ? 2 : 0) - (r->group >= 0 ? 1 : 0); // (ll_move.c's allowance)
		if (d > (base < 1 ? 1 : base) + LL_EPS || !ll_path_clear(v, p, q))
			return true;
		if (d > (base - 2 < 1 ? 1 : base - 2) + LL_EPS && ll_path_difficult(v, p, q))
			return true;
	}
	return false;
}

// A candidate move: its cost (lower first), its place in the order tried (ties), its offset.
typedef struct nq_cand {
	double cost;
	int k;
	tw_vec2 off;
} nq_cand;

static bool cand_before(const nq_cand *a, const nq_cand *b)
{
	return a->cost < b->cost || (a->cost == b->cost && a->k < b->k);
}

// Sorts c[0..n) by (cost, k): an insertion sort (a few dozen candidates, most nearly in order).
static void cand_sort(nq_cand *c, int n)
{
	for (int i = 1; i < n; i++) {
		nq_cand x = c[i];
		int j = i;
		for (; j > 0 && cand_before(&x, &c[j - 1]); j--)
			c[j] = c[j - 1];
		c[j] = x;
	}
}

// f's body advances on its target: the enemy first by (rank, distance to the body's nearest man),
// straight when that way is clear; else the legal move of 24 bearings and three lengths (and the
// straight move shortened) that leaves the least way-cost, if it is less than standing still's.
static bool approach_body(const tw_state *v, int side, double m, int lead, int be, const int *mem, int nm,
                          tw_order *o);

static bool approach(const tw_state *v, int side, int f, double m, const int *en, int ne, tw_order *o)
{
	int be = -1, br = 0, lead = f;
	double bd = 1e300;
	for (int j = 0; j < v->nfig; j++) {
		if (!same_body(v, f, j))
			continue;
		for (int ie = 0; ie < ne; ie++) {
			int e = en[ie];
			int r = rank_of(v, side, e, NULL);
			double d = tw_dist(v->fig[j].pos, v->fig[e].pos);
			if (be < 0 || r < br || (r == br && d < bd)) {
				be = e;
				br = r;
				bd = d;
				lead = j;
			}
		}
	}
	if (be < 0)
		return false;
	int buf[64], *mem = buf, nm = 0; // the body's men (f's group, or he alone), found once
	if (v->nfig > 64 && !(mem = tw_malloc(sizeof *mem * (size_t)v->nfig)))
		return false;
	for (int j = 0; j < v->nfig; j++)
		if (same_body(v, f, j))
			mem[nm++] = j;
	bool ok = approach_body(v, side, m, lead, be, mem, nm, o);
	if (mem != buf)
		tw_free(mem);
	return ok;
}

static bool approach_body(const tw_state *v, int side, double m, int lead, int be, const int *mem, int nm,
                          tw_order *o)
{
	tw_vec2 d = tw_sub(v->fig[be].pos, v->fig[lead].pos);
	double len = tw_len(d);
	if (len < LL_EPS)
		return false;
	double gap = len - v->fig[lead].radius - v->fig[be].radius;
	double step = gap - 0.02 <= m ? (gap > 0.02 ? gap - 0.02 : 0) : m;
	if (step <= LL_EPS)
		return false;
	tw_vec2 off = tw_scale(d, step / len);
	if (way_cost(v, mem, nm, lead, be, off) <
	    len - step + 0.5) { // the way on from the straight move is clear
		ll_gen_nq_body_move(v, side, lead, off, tw_bearing_deg(d), o);
		if (legal_unengaged(v, o))
			return true;
	}
	// The legal candidate of least (way-cost, order tried) below standing still's. (ll-nq's speed:
	// the candidates go by the lead's distance left, a lower bound of their cost; each is costed,
	// and checked by the rules only if it would be the best yet, until the bound passes the best.)
	nq_cand c[6 + NQ_NB * NQ_NL];
	int n = 0, found = -1;
	double best = way_cost(v, mem, nm, lead, be, tw_v2(0, 0)) - 0.01; // standing still
	tw_vec2 unit[NQ_NB]; // (each bearing's sine and cosine once, for its three lengths)
	for (int b = 0; b < NQ_NB; b++) {
		double a = b * 2 * M_PI / NQ_NB;
		unit[b] = tw_v2(tw_sin(a), tw_cos(a));
	}
	for (int k = 0; k < 6 + NQ_NB * NQ_NL; k++) {
		if (k < 6)
			off = tw_scale(d, step * (1.0 - 0.18 * k) / len);
		else {
			double sl = m * (1.0 - (double)((k - 6) / NQ_NB) / NQ_NL);
			off = tw_v2(unit[(k - 6) % NQ_NB].x * sl, unit[(k - 6) % NQ_NB].y * sl);
		}
		double lb = tw_dist(tw_add(v->fig[lead].pos, off), v->fig[be].pos) - v->fig[lead].radius -
		            v->fig[be].radius;
		lb = lb < 0 ? 0 : lb;
		if (lb < best)
			c[n++] = (nq_cand){lb, k, off};
	}
	cand_sort(c, n);
	for (int i = 0; i < n && c[i].cost <= best; i++) {
		double cost = way_cost(v, mem, nm, lead, be, c[i].off);
		if (!(cost < best || (found >= 0 && cost == best && c[i].k < c[found].k)) ||
		    move_refused(v, mem, nm, c[i].off))
			continue;
		ll_gen_nq_body_move(
		    v, side, lead, c[i].off,
		    tw_bearing_deg(tw_sub(v->fig[be].pos, tw_add(v->fig[lead].pos, c[i].off))), o);
		// (the move's own checks, ll_validate_move: what the rules' whole check adds is the same for
		// every move of this decision, and legal() below makes it on the move kept. h7-nqspeed:
		// no man of the body is in melee, ll_gen_nq_own_move's test: not asked again)
		if (ll_validate_move_unengaged(v, o, NULL) == TW_OK) {
			best = cost;
			found = i;
		}
	}
	if (found < 0)
		return false;
	ll_gen_nq_body_move(v, side, lead, c[found].off,
	                    tw_bearing_deg(tw_sub(v->fig[be].pos, tw_add(v->fig[lead].pos, c[found].off))),
	                    o);
	return legal_unengaged(v, o);
}

// ll-nq's hand-to-hand bodies (every body whose first man has no bow), in index order: a charge,
// else (unless our bows outnumber the enemy's: he comes to them) an advance.
bool ll_gen_nq_own_move(const tw_state *v, int side, tw_order *o)
{
	int wait = -1;                    // ll_gen_nq_outshoots(v, side), found when first asked
	int ebuf[64], *en = NULL, ne = 0; // the enemies in the fight in index order, listed when first asked
	bool ok = false;
	for (int f = 0; f < v->nfig && !ok; f++) {
		if (!ll_fights(v, f) || v->fig[f].side != side || archer(v, f) || !ll_may_act(v, f, LLA_MOVE))
			continue;
		bool first = true, near = false;
		for (int j = 0; j < f && first && LLF(v, f)->group >= 0; j++)
			first = !same_body(v, f, j);
		if (!first)
			continue;
		if (wait < 0) {
			wait = ll_gen_nq_outshoots(v, side);
			en = v->nfig <= 64 ? ebuf : tw_malloc(sizeof *en * (size_t)v->nfig);
			if (!en)
				return false;
			for (int e = 0; e < v->nfig; e++)
				if (ll_gen_enemy(v, side, e))
					en[ne++] = e;
		}
		double m = body_allowance(v, f);
		for (int j = f; j < (LLF(v, f)->group < 0 ? f + 1 : v->nfig) && !near;
		     j++) // (the cheap test first: an enemy in reach)
			if (same_body(v, f, j))
				for (int ie = 0; ie < ne && !near; ie++)
					near = tw_figure_gap(&v->fig[j], &v->fig[en[ie]]) <= m + 1;
		if (wait && !near)
			continue; // no charge, and no advance
		bool engaged = false;
		for (int j = f; j < v->nfig && !engaged; j++)
			engaged = same_body(v, f, j) && ll_in_melee(v, j);
		if (engaged)
			continue;
		ok = (near && charge(v, side, f, m, wait, en, ne, o)) ||
		     (!wait && approach(v, side, f, m, en, ne, o));
	}
	if (en != ebuf)
		tw_free(en);
	return ok;
}

// The enemy hand-to-hand men: where each stands, how far he charges, whether he is engaged (and
// so may not move: -1 not yet known).
typedef struct nq_threat {
	tw_vec2 p;
	double reach; // his radius plus his move
	int e;
	signed char melee;
} nq_threat;

static int threats(const tw_state *v, int side, nq_threat *t)
{
	int n = 0;
	for (int e = 0; e < v->nfig; e++) {
		if (!ll_gen_enemy(v, side, e) || archer(v, e))
			continue;
		t[n].p = v->fig[e].pos;
		t[n].reach = v->fig[e].radius + ll_move_allowance(v, e) - (LLF(v, e)->group >= 0 ? 1 : 0);
		t[n].e = e;
		t[n].melee = -1;
		n++;
	}
	return n;
}

// The least, over the threats free to move, of how far a man of radius rad at p is beyond his
// charge (whether a threat is engaged is found only where he would be the nearest).
static double margin(const tw_state *v, nq_threat *t, int n, tw_vec2 p, double rad)
{
	double least = 1e300;
	for (int i = 0; i < n; i++) {
		double g = tw_dist(p, t[i].p) - rad - t[i].reach;
		if (g >= least)
			continue;
		if (t[i].melee < 0)
			t[i].melee = ll_in_melee(v, t[i].e);
		if (!t[i].melee)
			least = g;
	}
	return least;
}

// ll_nq_memo (the general's ctx): the archers found out of every enemy's charge in this move
// phase while the enemy's hand-to-hand men stand as they stood then (their places, status, wounds
// and groups: all a charge's reach depends on, in the signature). Exact: an archer found safe
// stays safe until one of them changes (our shots may drive one back towards another archer), and
// an archer moves once a turn; he is not looked at again meanwhile.
static uint64_t threat_sig(const tw_state *v, int side)
{
	uint64_t h = 0xcbf29ce484222325ull ^ (uint64_t)(uint32_t)LLG(v)->turn;
	for (int e = 0; e < v->nfig; e++) {
		if (v->fig[e].side == side || archer(v, e))
			continue;
		uint64_t x[4];
		memcpy(&x[0], &v->fig[e].pos.x, 8);
		memcpy(&x[1], &v->fig[e].pos.y, 8);
		x[2] = (uint64_t)v->fig[e].status | (uint64_t)LLF(v, e)->wounded << 8 |
		       (uint64_t)(uint32_t)LLF(v, e)->group << 16;
		x[3] = (uint64_t)e;
		for (int i = 0; i < 4; i++)
			h = (h ^ x[i]) * 0x100000001b3ull;
	}
	return h;
}

// Brings the memory up to this position (forgetting it when the turn, the side or the threats
// changed); false without one.
static bool memo_sync(ll_nq_memo *m, const tw_state *v, int side)
{
	if (!m)
		return false;
	uint64_t h = threat_sig(v, side);
	if (!m->valid || m->turn != LLG(v)->turn || m->side != side || m->sig != h) {
		memset(m, 0, sizeof *m);
		m->valid = true;
		m->turn = LLG(v)->turn;
		m->side = side;
		m->sig = h;
	}
	return true;
}

static bool safe_known(const ll_nq_memo *m, int f)
{
	return m && f < LL_NQ_MEMO_FIGS && (m->safe[f / 8] >> (f % 8) & 1);
}

static void safe_put(ll_nq_memo *m, int f)
{
	if (m && f < LL_NQ_MEMO_FIGS)
		m->safe[f / 8] |= (uint8_t)(1u << (f % 8));
}

// An archer of ours (not in a group) whom an enemy could charge next turn steps out of reach
// instead of loading (NQ.SHT.1: two of move, load, shoot): of 16 bearings at his full and half
// move, the legal place out of every charge from which he sees an enemy in range, else out of
// every charge, else the farthest from them; the farthest from them breaks ties.
bool ll_gen_nq_own_archers(const tw_state *v, int side, tw_order *o, ll_nq_memo *nm)
{
	if (!memo_sync(nm, v, side))
		nm = NULL;
	nq_threat *t = NULL, tbuf[64];
	signed char *memo = NULL, mbuf[64]; // (on the stack for up to 64 men)
	int n = -1;
	bool done = false;
	for (int f = 0; f < v->nfig && !done; f++) {
		if (!ll_fights(v, f) || v->fig[f].side != side || !archer(v, f) || LLF(v, f)->group >= 0 ||
		    safe_known(nm, f) || !ll_may_act(v, f, LLA_MOVE))
			continue;
		if (n < 0) {
			t = v->nfig <= 64 ? tbuf : tw_malloc(sizeof *t * (size_t)v->nfig);
			memo = v->nfig <= 64 ? mbuf : tw_malloc((size_t)v->nfig);
			if (!t || !memo)
				break;
			n = threats(v, side, t);
		}
		double raw = 1e300; // (the cheap test first: every threat counted, engaged or not)
		for (int i = 0; i < n; i++) {
			double g = tw_dist(v->fig[f].pos, t[i].p) - v->fig[f].radius - t[i].reach;
			raw = g < raw ? g : raw;
		}
		if (raw > NQ_SAFE) {
			safe_put(nm, f);
			continue;
		}
		double here = margin(v, t, n, v->fig[f].pos, v->fig[f].radius);
		if (here > NQ_SAFE || ll_in_melee(v, f))
			continue; // (h7-nqspeed: so his moves below are checked without it: legal_unengaged)
		memset(memo, -1, (size_t)v->nfig);
		// (the 32 places by margin, the larger first (above 50 in all one), ties to the first
		// tried; the rules' check and the sight only as far as needed: the same choice as scoring
		// every place)
		double m = ll_move_allowance(v, f);
		nq_cand c[32];
		for (int k = 0; k < 32; k++) {
			double a = (k % 16) * M_PI / 8, rr = k < 16 ? m * 0.98 : m * 0.5;
			c[k].off = tw_add(v->fig[f].pos, tw_v2(tw_sin(a) * rr, tw_cos(a) * rr));
			double g = margin(v, t, n, c[k].off, v->fig[f].radius);
			c[k].cost = -(g < 50 ? g : 50);
			c[k].k = k;
		}
		cand_sort(c, 32);
		int pick = -1, safe = -1; // the first safe place that sees, the first safe place
		ll_gen_moved mv;          // (s28-llview: his places read on one copy of the view)
		ll_gen_moved_none(&mv);
		for (int i = 0; i < 32 && pick < 0 && -c[i].cost > NQ_SAFE; i++) {
			bool sees = safe >= 0 && ll_gen_sees_kept(v, &mv, side, f, c[i].off, memo);
			if (safe >= 0 && !sees)
				continue;
			tw_order_init(o, LL_OT_MOVE, side);
			o->nfig = 1;
			o->fig[0] = f;
			o->at[0] = c[i].off;
			o->facing[0] = v->fig[f].facing;
			o->has_at = true;
			if (!legal_unengaged(v, o))
				continue;
			if (safe < 0) {
				safe = i;
				sees = ll_gen_sees_kept(v, &mv, side, f, c[i].off, memo);
			}
			if (sees)
				pick = i;
		}
		ll_gen_moved_free(&mv);
		if (pick < 0)
			pick = safe;
		for (int i = 0; i < 32 && pick < 0 && -c[i].cost > here;
		     i++) { // no safe place: the least unsafe
			tw_order_init(o, LL_OT_MOVE, side);
			o->nfig = 1;
			o->fig[0] = f;
			o->at[0] = c[i].off;
			o->facing[0] = v->fig[f].facing;
			o->has_at = true;
			if (legal_unengaged(v, o))
				pick = i;
		}
		if (pick >= 0) {
			tw_vec2 bp = c[pick].off;
			tw_order_init(o, LL_OT_MOVE, side);
			o->nfig = 1;
			o->fig[0] = f;
			o->at[0] = bp;
			int e = ll_gen_target(v, f, NULL, NULL);
			o->facing[0] = e >= 0 ? tw_bearing_deg(tw_sub(v->fig[e].pos, bp)) : v->fig[f].facing;
			o->has_at = true;
			done = legal_unengaged(v, o);
		}
	}
	if (t != tbuf) {
		tw_free(t);
		tw_free(memo);
	}
	return done;
}

// The shared advance leaves our hand-to-hand men to ll_gen_nq_own_move.
static bool keep_back(const tw_state *v, int side, int f, const void *ctx)
{
	(void)side;
	(void)ctx;
	return !archer(v, f);
}

const ll_gen_opts *ll_gen_nq_own(void)
{
	static const ll_gen_opts own = {.rank = rank_of, .keep_back = keep_back};
	return &own;
}
