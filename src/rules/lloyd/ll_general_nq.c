// Nikolas Lloyd's skirmish suite: a computer general for the NQ game ("ll-nq"), whose turn play
// the three-fight ("ll-three", ll_general_tf.c) and six-player ("ll-six", ll_general_sp.c) generals
// share. Its doctrine (docs/doctrines.md, "Lloyd"), in the order it tries things, each candidate
// checked by the rules before it is given:
// - its own turn: every loaded archer shoots the enemy he sees with the best chance of a hit (the
//   nearest; NQ.SHT.3/4), every empty bow is loaded (NQ.SHT.2), then each body (a formed group as
//   one, NQ.MOVE.3, or a lone man) not in melee moves: men with hand weapons straight at the
//   nearest enemy, charging him when the move reaches (NQ.EVD.1), archers only until an enemy is in
//   their long band; then `end`;
// - the other side's turn: every loaded archer snap-shoots at a charger (NQ.OPP.1), then `end`;
// - melee: each man engaged with several foes aims his attack roll at a wounded one (NQ.ATK.5).
// Enemies are the sides not allied with its own (tw_allied), so the same play serves the
// six-player game; ll_gen_target lets the six-player general rank its enemies (ll_gen_rank).
// h6-nq: ll-nq itself plays its own doctrine on top of this (ll_general_nq_own.c: its ranking,
// its archers stepping out of a charge, its hand-to-hand bodies' charges and advance); ll-three
// and ll-six play the shared turn as above (ll_gen_nq_turn).
#include <math.h>
#include "tinwar/detmath.h"
#include <stdlib.h>
#include <string.h>

#include "core/vmemo.h"
#include "ll.h"
#include "tinwar/general.h"
#include "ll_general_nq_own.h"

// (ll_gen_enemy: inline in ll.h, ll-nq2)

static bool legal(const tw_state *v, const tw_order *o) { return tw_ruleset_lloyd.validate(v, o, NULL) == TW_OK; }

static bool mine(const tw_state *v, int side, int f) { return ll_fights(v, f) && v->fig[f].side == side; }

static bool archer(const tw_state *v, int f) { return LLF(v, f)->reach[ll_row(v, f)] == TW_LL_MISSILE; }

// The enemy f would go for: the lowest rank (ll_gen_rank: 0 for every enemy unless the six-player
// general ranks them), then the nearest; -1 none.
int ll_gen_target(const tw_state *v, int f, const ll_gen_rank_fn rank, const void *ctx)
{
	int best = -1, br = 0;
	double bd = 1e300;
	for (int j = 0; j < v->nfig; j++) {
		if (!ll_gen_enemy(v, v->fig[f].side, j))
			continue;
		int r = rank ? rank(v, v->fig[f].side, j, ctx) : 0;
		double d = tw_dist(v->fig[f].pos, v->fig[j].pos);
		if (best < 0 || r < br || (r == br && d < bd)) {
			best = j;
			br = r;
			bd = d;
		}
	}
	return best;
}

// ll-gen2: ll_validate's tests that do not depend on which man shoots at whom (a side in range, the
// game not over, the seat asked for a shoot order; the NQ general never plays the fast-play game),
// made once a call instead of once a candidate; then each candidate goes to ll_shot_ok
// (ll_validate_shoot's status, ll_shoot.c).
static bool may_shoot(const tw_state *v, int side)
{
	if (side < 0 || side >= v->nsides || v->over || LL_FP(v))
		return false;
	tw_decision d[TW_MAX_DECISIONS];
	int nd = tw_ruleset_lloyd.decisions(v, d, TW_MAX_DECISIONS);
	for (int i = 0; i < nd; i++)
		if (d[i].seat == side && (d[i].types & (UINT64_C(1) << LL_OT_SHOOT)))
			return true;
	return false;
}

bool ll_gen_shoot_plain(const tw_state *v, int side, tw_order *o, const ll_gen_rank_fn rank, const void *ctx)
{
	if (!may_shoot(v, side))
		return false;
	for (int f = 0; f < v->nfig; f++) {
		if (!mine(v, side, f) || !archer(v, f) || !LLF(v, f)->loaded ||
		    (v->phase == LL_PH_MOVE && !ll_may_act(v, f, LLA_SHOOT)))
			continue;
		int best = -1, br = 0;
		double bd = 1e300, range = LLF(v, f)->r[ll_row(v, f)][2];
		int free_f = -1; // ll-gen2: ll_shooter_free(v, f), found at the first target in range
		for (int t = 0; t < v->nfig; t++) {
			if (!ll_gen_enemy(v, side, t) || tw_dist(v->fig[f].pos, v->fig[t].pos) > range + LL_EPS)
				continue; // (out of range: the rules would refuse it, NQ.SHT.4)
			if (free_f < 0)
				free_f = ll_shooter_free(v, f);
			if (!ll_shot_ok(v, side, f, t, free_f)) // (legal(v, o): see may_shoot)
				continue;
			int r = rank ? rank(v, side, t, ctx) : 0;
			double d = tw_dist(v->fig[f].pos, v->fig[t].pos);
			if (best < 0 || r < br || (r == br && d < bd)) {
				best = t;
				br = r;
				bd = d;
			}
		}
		if (best >= 0) {
			tw_order_init(o, LL_OT_SHOOT, side);
			o->nfig = o->nfig2 = 1;
			o->fig[0] = f;
			o->fig2[0] = best;
			return true;
		}
	}
	return false;
}

// ll-nq2: the same choice, the targets tried nearest first. Every enemy in range is ranked (the
// ranking is a function of the view) and sorted by (rank, distance, index); the first that the
// rules let him shoot is the one the plain loop keeps (the lowest rank, then the nearest, then the
// first in index order), so the shot tests stop there. tests/test_ll_fast.c compares the two at
// every side of many positions, with and without a ranking.
typedef struct ll_shot_cand {
	int r, t;
	double d;
} ll_shot_cand;

static int cand_cmp(const void *pa, const void *pb)
{
	const ll_shot_cand *a = pa, *b = pb;
	if (a->r != b->r)
		return a->r < b->r ? -1 : 1;
	if (a->d != b->d)
		return a->d < b->d ? -1 : 1;
	return (a->t > b->t) - (a->t < b->t);
}

// h7-nqspeed: may: may_shoot(v, side) when the caller knows it (ll-nq's decide_side asks the
// rules' decisions once for both), else -1
static bool gen_shoot(const tw_state *v, int side, tw_order *o, const ll_gen_rank_fn rank, const void *ctx, int may);

bool ll_gen_shoot(const tw_state *v, int side, tw_order *o, const ll_gen_rank_fn rank, const void *ctx)
{
	return gen_shoot(v, side, o, rank, ctx, -1);
}

static bool gen_shoot(const tw_state *v, int side, tw_order *o, const ll_gen_rank_fn rank, const void *ctx, int may)
{
	if (!(may < 0 ? may_shoot(v, side) : may > 0))
		return false;
	ll_shot_cand *c = NULL, cbuf[64];
	signed char *melee = NULL, mbuf[64]; // each target's engagement, as found (ll_shot_ok_memo)
	// h7-nqspeed: the enemies in the fight in index order, listed once for every bow, each one's
	// rank asked once when first wanted (up to 64 men; more: every man for every bow, as before)
	int en[64], ne = -1, rk[64];
	bool rk_known[64];
	for (int f = 0; f < v->nfig; f++) {
		if (!mine(v, side, f) || !archer(v, f) || !LLF(v, f)->loaded ||
		    (v->phase == LL_PH_MOVE && !ll_may_act(v, f, LLA_SHOOT)))
			continue;
		if (!c) {
			bool small = v->nfig <= 64; // (h6-nq: on the stack for up to 64 men)
			c = small ? cbuf : tw_malloc(sizeof *c * (size_t)v->nfig);
			melee = small ? mbuf : tw_malloc((size_t)v->nfig);
			if (!c || !melee) {
				tw_free(c);
				tw_free(melee);
				return ll_gen_shoot_plain(v, side, o, rank, ctx);
			}
			memset(melee, -1, (size_t)v->nfig);
		}
		int n = 0;
		double range = LLF(v, f)->r[ll_row(v, f)][2];
		if (ne < 0 && v->nfig <= 64) {
			ne = 0;
			for (int t = 0; t < v->nfig; t++)
				if (ll_gen_enemy(v, side, t))
					rk_known[ne] = false, en[ne++] = t;
		}
		for (int i = 0, t; ne >= 0 && i < ne; i++) { // (the loop below, over the list)
			t = en[i];
			double d = tw_dist(v->fig[f].pos, v->fig[t].pos);
			if (d > range + LL_EPS)
				continue;
			if (!rk_known[i])
				rk[i] = rank ? rank(v, side, t, ctx) : 0, rk_known[i] = true;
			c[n].r = rk[i];
			c[n].t = t;
			c[n].d = d;
			n++;
		}
		for (int t = 0; ne < 0 && t < v->nfig; t++) {
			if (!ll_gen_enemy(v, side, t))
				continue;
			double d = tw_dist(v->fig[f].pos, v->fig[t].pos); // (h6-nq: found once)
			if (d > range + LL_EPS)
				continue;
			c[n].r = rank ? rank(v, side, t, ctx) : 0;
			c[n].t = t;
			c[n].d = d;
			n++;
		}
		if (n == 0 || !ll_shooter_free(v, f))
			continue;
		for (int i = 1; i < n; i++) { // (h6-nq: an insertion sort by cand_cmp's order: a few, cheaper than qsort)
			ll_shot_cand x = c[i];
			int j = i;
			for (; j > 0 && cand_cmp(&x, &c[j - 1]) < 0; j--)
				c[j] = c[j - 1];
			c[j] = x;
		}
		for (int i = 0; i < n; i++)
			if (ll_shot_ok_memo(v, side, f, c[i].t, 1, melee)) {
				tw_order_init(o, LL_OT_SHOOT, side);
				o->nfig = o->nfig2 = 1;
				o->fig[0] = f;
				o->fig2[0] = c[i].t;
				// h7-nqspeed: may_shoot and ll_shot_ok are ll_validate's verdict on this shot
				// (ll_validate_shoot asks ll_shot_ok itself; tests/test_ll_fast.c and
				// tests/test_ll_nqspeed.c): noted for the game as if validated (core/vmemo.h;
				// the checking build validates it again when applied, and asserts)
				if (v->phase == LL_PH_MOVE || v->phase == LL_PH_REACT)
					tw_vmemo_note(v, o);
				if (c != cbuf) {
					tw_free(c);
					tw_free(melee);
				}
				return true;
			}
	}
	if (c != cbuf) {
		tw_free(c);
		tw_free(melee);
	}
	return false;
}

static bool load(const tw_state *v, int side, tw_order *o)
{
	for (int f = 0; f < v->nfig; f++) {
		if (!mine(v, side, f) || !archer(v, f) || LLF(v, f)->loaded || !ll_may_act(v, f, LLA_LOAD))
			continue; // (h6-nq: the rules refuse a man who has used his two actions: not asked)
		tw_order_init(o, LL_OT_LOAD, side);
		o->nfig = 1;
		o->fig[0] = f;
		if (legal(v, o))
			return true;
	}
	return false;
}

// The body f belongs to moves by `off`, all facing `facing`.
static void body_move(const tw_state *v, int side, int f, tw_vec2 off, double facing, tw_order *o)
{
	tw_order_init(o, LL_OT_MOVE, side);
	int g = LLF(v, f)->group;
	for (int j = 0; j < v->nfig && o->nfig < TW_ORDER_MAX_FIG; j++) {
		if (j != f && (g < 0 || LLF(v, j)->group != g || !ll_fights(v, j)))
			continue;
		o->fig[o->nfig] = j;
		o->at[o->nfig] = tw_add(v->fig[j].pos, off);
		o->facing[o->nfig] = facing;
		o->nfig++;
	}
	o->has_at = true;
}

// Our bows outnumber the enemy's: our hand-to-hand men wait for him (measured against random
// over 200 games: waiting the whole game or only its first third to four fifths all win 93%).
static bool outshoots(const tw_state *v, int side)
{
	int n = 0;
	for (int j = 0; j < v->nfig; j++)
		if (ll_fights(v, j) && archer(v, j))
			n += ll_gen_enemy(v, side, j) ? -1 : v->fig[j].side == side ? 1 : 0;
	return n > 0;
}

// h6-nq: the two above for ll-nq's own doctrine (ll_general_nq_own.c)
void ll_gen_nq_body_move(const tw_state *v, int side, int f, tw_vec2 off, double facing, tw_order *o)
{
	body_move(v, side, f, off, facing, o);
}

bool ll_gen_nq_outshoots(const tw_state *v, int side) { return outshoots(v, side); }

// ll-nq2: ll_in_melee(t) with f where he now stands, memo (or NULL) keeping whether t is engaged
// with anyone but f (which does not depend on where f stands): then only the pair (t, f) is new.
static bool melee_but(const tw_state *v, int f, int t, signed char *memo)
{
	if (!memo)
		return ll_in_melee(v, t);
	if (memo[t] < 0) {
		int j = ll_engaged_next(v, t, 0);
		if (j == f)
			j = ll_engaged_next(v, t, f + 1);
		memo[t] = j >= 0;
	}
	return memo[t] > 0 || ll_engaged(v, t, f);
}

// An enemy archer f would see in range from p (read on a copy of the view with him there,
// s28-llview: the view itself is never written).
bool ll_gen_sees_kept(const tw_state *v0, ll_gen_moved *m, int side, int f, tw_vec2 p, signed char *memo)
{
	ll_gen_moved own;
	const tw_state *v = m ? ll_gen_moved_keep(m, v0, f, p) : ll_gen_moved_at(&own, v0, f, p);
	if (!v)
		return false;
	bool ok = false;
	const ll_frec *r = LLF(v, f);
	for (int t = 0; t < v->nfig && !ok; t++)
		ok = ll_gen_enemy(v, side, t) && ll_in_range_band(r->r[ll_row(v, f)], tw_dist(p, v->fig[t].pos)) &&
		     !melee_but(v, f, t, memo) && ll_sight(v, f, t); // (ll-gen2: the range before the melee scan)
	if (!m)
		ll_gen_moved_free(&own);
	return ok;
}

bool ll_gen_sees(const tw_state *v, int side, int f, tw_vec2 p, signed char *memo) { return ll_gen_sees_kept(v, NULL, side, f, p, memo); }

bool ll_archer_place_plain = false; // h7-nqspeed (ll.h)
bool ll_general_nq_plain = false;

// A place an archer may step to: -(its distance to his nearest enemy), its turn in the loop
typedef struct ll_place {
	double nd;
	int k;
	tw_vec2 p;
} ll_place;

// A lone archer with nobody to shoot: the nearest place within his move (16 bearings, full and half
// move) from which he sees an enemy in range and stays out of every enemy's charge (move + 1 in).
static bool archer_place(const tw_state *v, int side, int f, double m, tw_order *o, signed char *memo)
{
	if (LLF(v, f)->group >= 0)
		return false;
	double best = 1e300;
	tw_vec2 bp = v->fig[f].pos;
	int e = ll_gen_target(v, f, NULL, NULL); // (h6-nq: his nearest enemy, the same for every place: found once)
	// h7-nqspeed: the places tried farthest first (ties in the order above): the first one kept is
	// the one the loop over every place keeps (the farthest, the first of equals), and the rest
	// are not looked at (ll_archer_place_plain: every place in turn, as before)
	ll_place pl[32];
	for (int k = 0; k < 32; k++) {
		double a = (k % 16) * M_PI / 8, rr = k < 16 ? m * 0.98 : m * 0.5;
		pl[k].p = tw_add(v->fig[f].pos, tw_v2(tw_sin(a) * rr, tw_cos(a) * rr));
		pl[k].nd = -(e >= 0 ? tw_dist(pl[k].p, v->fig[e].pos) : 0);
		pl[k].k = k;
	}
	for (int i = 1; !ll_archer_place_plain && i < 32; i++) { // (insertion sort by (nd, k))
		ll_place x = pl[i];
		int j = i;
		for (; j > 0 && (x.nd < pl[j - 1].nd || (x.nd == pl[j - 1].nd && x.k < pl[j - 1].k)); j--)
			pl[j] = pl[j - 1];
		pl[j] = x;
	}
	ll_gen_moved mv; // (s28-llview: his places read on one copy of the view)
	ll_gen_moved_none(&mv);
	for (int i = 0; i < 32 && (ll_archer_place_plain || best > 1e299); i++) {
		tw_vec2 p = pl[i].p;
		double d = -pl[i].nd;
		if (!(-d < best))
			continue; // (h6-nq: it could not be kept; its tests are skipped: the same choice)
		bool safe = true;
		for (int j = 0; j < v->nfig && safe; j++)
			safe = !ll_gen_enemy(v, side, j) || archer(v, j) ||
			       tw_dist(p, v->fig[j].pos) - v->fig[j].radius - v->fig[f].radius > ll_move_allowance(v, j) + 1;
		if (!safe || !ll_gen_sees_kept(v, &mv, side, f, p, memo))
			continue;
		tw_order_init(o, LL_OT_MOVE, side);
		o->nfig = 1;
		o->fig[0] = f;
		o->at[0] = p;
		o->facing[0] = v->fig[f].facing;
		o->has_at = true;
		if (legal(v, o)) { // of the safe places, the farthest from the nearest enemy
			best = -d;
			bp = p;
		}
	}
	ll_gen_moved_free(&mv);
	if (best > 1e299)
		return false;
	tw_order_init(o, LL_OT_MOVE, side);
	o->nfig = 1;
	o->fig[0] = f;
	o->at[0] = bp;
	o->facing[0] = e >= 0 ? tw_bearing_deg(tw_sub(v->fig[e].pos, bp)) : v->fig[f].facing;
	o->has_at = true;
	return legal(v, o);
}

// A charge by the body f is in: of every member and every enemy his move reaches, the pair the
// ranking puts first, then the shortest gap, whose move is legal for the whole body.
static bool charge(const tw_state *v, int side, int f, tw_order *o, const ll_gen_opts *op)
{
	int g = LLF(v, f)->group, lr = 0;
	double lg = -1;
	for (int tries = 0; tries < 8; tries++) {
		int bj = -1, be = -1, br = 0;
		double bg = 1e300;
		for (int j = 0; j < v->nfig; j++) {
			if (j != f && (g < 0 || LLF(v, j)->group != g || !ll_fights(v, j)))
				continue;
			double m = ll_move_allowance(v, j) - (g >= 0 ? 1 : 0);
			for (int e = 0; e < v->nfig; e++) {
				if (!ll_gen_enemy(v, side, e))
					continue;
				double gap = tw_figure_gap(&v->fig[j], &v->fig[e]);
				int r = op && op->rank ? op->rank(v, side, e, op->ctx) : 0;
				if (gap - 0.02 > m || gap < 0.02)
					continue;
				// skip the pairs already tried (a rising bound on (rank, gap))
				if (tries > 0 && (r < lr || (r == lr && gap <= lg + 1e-12)))
					continue;
				if (bj < 0 || r < br || (r == br && gap < bg)) {
					bj = j;
					be = e;
					br = r;
					bg = gap;
				}
			}
		}
		if (bj < 0)
			return false;
		tw_vec2 d = tw_sub(v->fig[be].pos, v->fig[bj].pos);
		double len = tw_len(d);
		body_move(v, side, bj, tw_scale(d, (bg - 0.02) / len), tw_bearing_deg(d), o);
		if (legal(v, o))
			return true;
		lr = br; // the bound for the next try
		lg = bg;
	}
	return false;
}

static bool advance_in(const tw_state *v, int side, tw_order *o, const ll_gen_opts *op, signed char *memo, bool own)
{
	for (int f = 0; f < v->nfig; f++) {
		if (!mine(v, side, f) || !ll_may_act(v, f, LLA_MOVE) || (own && op->keep_back(v, side, f, op->ctx)) ||
		    ll_in_melee(v, f))
			continue; // (h6-nq: ll-nq's men kept back are known before the melee scan)
		if (op && op->keep_back && op->keep_back(v, side, f, op->ctx))
			continue;
		int g = LLF(v, f)->group, lead = f;
		if (g >= 0) { // the group's member nearest an enemy leads it; the body moves once
			bool first = true;
			for (int j = 0; j < f && first; j++)
				first = !(LLF(v, j)->group == g && ll_fights(v, j));
			if (!first)
				continue;
			double bd = 1e300;
			for (int j = 0; j < v->nfig; j++) {
				if (LLF(v, j)->group != g || !ll_fights(v, j))
					continue;
				int e = ll_gen_target(v, j, NULL, NULL);
				if (e >= 0 && tw_dist(v->fig[j].pos, v->fig[e].pos) < bd) {
					bd = tw_dist(v->fig[j].pos, v->fig[e].pos);
					lead = j;
				}
			}
		}
		if (!archer(v, f) && charge(v, side, f, o, op))
			return true;
		if (!archer(v, lead) && !(op && op->no_wait) && outshoots(v, side))
			continue; // the enemy comes to our bows; we charge him when he is in reach
		int e = ll_gen_target(v, lead, NULL, NULL); // the nearest: a ranking orders shots and charges only
		if (e < 0)
			continue;
		tw_vec2 d = tw_sub(v->fig[e].pos, v->fig[lead].pos);
		double len = tw_len(d);
		if (len < LL_EPS)
			continue;
		double gap = len - v->fig[lead].radius - v->fig[e].radius;
		double m = ll_move_allowance(v, lead) - (g >= 0 ? 1 : 0);
		double step = m;
		if (archer(v, lead)) {
			if (memo) // ll-nq2: what the enemy's engagements are without the archer, found afresh for him
				memset(memo, -1, (size_t)v->nfig);
			if (ll_gen_sees(v, side, lead, v->fig[lead].pos, memo))
				continue; // he can shoot from where he stands
			if (archer_place(v, side, lead, m, o, memo))
				return true;
			double want = len - LLF(v, lead)->r[ll_row(v, lead)][2] + 0.5; // into his long band, no nearer
			step = want < m ? want : m;
		} else if (gap - 0.02 <= m)
			step = gap > 0.02 ? gap - 0.02 : 0; // a charge: into contact
		if (step <= LL_EPS)
			continue;
		double facing = tw_bearing_deg(d);
		for (int k = 0; k < 6; k++) { // shorter moves where the full one is blocked
			double s = step * (1.0 - 0.18 * k);
			body_move(v, side, lead, tw_scale(d, s / len), facing, o);
			if (legal(v, o))
				return true;
		}
		// round an obstacle or a fallen man: bearings turned from the line, full move and half
		static const double turn[] = {25, -25, 50, -50, 75, -75, 100, -100};
		for (int k = 0; k < 16; k++) {
			double a = turn[k % 8] * M_PI / 180, c = tw_cos(a), sn = tw_sin(a), s = (k < 8 ? 0.95 : 0.5) * step;
			tw_vec2 dd = tw_v2((d.x * c - d.y * sn) / len, (d.x * sn + d.y * c) / len);
			body_move(v, side, lead, tw_scale(dd, s), tw_bearing_deg(dd), o);
			if (legal(v, o))
				return true;
		}
	}
	return false;
}

static bool advance(const tw_state *v, int side, tw_order *o, const ll_gen_opts *op, bool own)
{
	signed char *memo = tw_malloc((size_t)(v->nfig ? v->nfig : 1)); // NULL: the plain scans
	bool ok = advance_in(v, side, o, op, memo, own);
	tw_free(memo);
	return ok;
}

// NQ.ATK.5: a man engaged with several foes aims his attack roll at a wounded one (once a turn).
static bool aim(const tw_state *v, int side, tw_order *o)
{
	// ll-nq2: with no wounded enemy in the fight nobody aims (w stays -1). h7-nqspeed: the wounded
	// enemies listed once (up to 64; more: every man looked at as before)
	int wl[64], nw = 0;
	bool listed = true;
	for (int j = 0; j < v->nfig; j++)
		if (ll_gen_enemy(v, side, j) && LLF(v, j)->wounded) {
			if (nw == 64) {
				listed = false;
				break;
			}
			wl[nw++] = j;
		}
	if (nw == 0)
		return false;
	for (int f = 0; f < v->nfig; f++) {
		if (!mine(v, side, f) || LLF(v, f)->aim >= 0)
			continue;
		bool near_wounded = false; // (h6-nq: the cheap test first: some wounded enemy engaged with him)
		for (int i = 0; listed && i < nw && !near_wounded; i++)
			near_wounded = ll_engaged(v, f, wl[i]);
		for (int j = 0; !listed && j < v->nfig && !near_wounded; j++)
			near_wounded = LLF(v, j)->wounded && ll_gen_enemy(v, side, j) && ll_engaged(v, f, j);
		if (!near_wounded)
			continue;
		int w = -1, n = 0;
		for (int j = ll_engaged_next(v, f, 0); j >= 0; j = ll_engaged_next(v, f, j + 1)) // ll-nq2
			if (ll_gen_enemy(v, side, j)) {
				n++;
				if (LLF(v, j)->wounded && w < 0)
					w = j;
			}
		if (n < 2 || w < 0)
			continue;
		tw_order_init(o, LL_OT_AIM, side);
		o->nfig = o->nfig2 = 1;
		o->fig[0] = f;
		o->fig2[0] = w;
		if (legal(v, o))
			return true;
	}
	return false;
}

bool ll_gen_asked(const tw_state *v, int side)
{
	tw_decision d[TW_MAX_DECISIONS];
	int nd = tw_ruleset_lloyd.decisions(v, d, TW_MAX_DECISIONS);
	for (int i = 0; i < nd; i++)
		if (d[i].seat == side)
			return true;
	return false;
}

// own: ll-nq's own doctrine (h6-nq, ll_general_nq_own.c): its hand-to-hand men move by
// ll_gen_nq_own_move, after the shots and loads and before the archers' moves.
static void nq_turn(const tw_state *v, int side, tw_order *o, const ll_gen_opts *op, bool own, ll_nq_memo *nm, int may)
{
	if (ll_owner_answer(v, side, NULL, o)) // ll-rest: TF.D5's edge, CA.D3's deserters
		return;
	if (v->phase == LL_PH_START) {
		tw_order_init(o, LL_OT_START, side);
		return;
	}
	if (v->phase == LL_PH_MOVE && ll_acting(v, side)) {
		if (gen_shoot(v, side, o, op ? op->rank : NULL, op ? op->ctx : NULL, may) || (own && ll_gen_nq_own_archers(v, side, o, nm)) ||
		    load(v, side, o) || (own && ll_gen_nq_own_move(v, side, o)) || advance(v, side, o, op, own) || aim(v, side, o))
			return;
	} else if (v->phase == LL_PH_REACT && !ll_acting(v, side)) {
		if (gen_shoot(v, side, o, op ? op->rank : NULL, op ? op->ctx : NULL, may) || aim(v, side, o))
			return;
	}
	tw_order_init(o, LL_OT_END, side);
}

void ll_gen_nq_turn(const tw_state *v, int side, tw_order *o, const ll_gen_opts *op) { nq_turn(v, side, o, op, false, NULL, -1); }

// h6-nq: ll-nq's own doctrine (ll_general_nq_own.c)
static tw_status decide_side(tw_general *g, const tw_state *v, int side, tw_order *out)
{
	// h7-nqspeed: the rules' decisions asked once: ll_gen_asked's answer and may_shoot's
	tw_decision d[TW_MAX_DECISIONS];
	int nd = tw_ruleset_lloyd.decisions(v, d, TW_MAX_DECISIONS);
	bool asked = false, shoot = false;
	for (int i = 0; i < nd; i++)
		if (d[i].seat == side) {
			asked = true;
			shoot = shoot || (d[i].types & (UINT64_C(1) << LL_OT_SHOOT));
		}
	if (!asked || LL_FP(v)) {
		tw_order_init(out, LL_OT_END, side);
		return TW_OK;
	}
	int may = ll_general_nq_plain ? -1 : side >= 0 && side < v->nsides && !v->over && shoot; // (may_shoot; not LL_FP)
	nq_turn(v, side, out, ll_gen_nq_own(), true, g->ctx, may);
	return TW_OK;
}

// ---- h6-camp: bound to a seat (tw_general_bind_role, ll_general_role.c): only its commander's men ----
static tw_status decide(tw_general *g, const tw_state *v, int side, tw_order *out)
{
	tw_state *own;
	const tw_state *w = ll_gen_role_begin(g, v, &own);
	tw_status st = decide_side(g, w, side, out);
	ll_gen_role_end(g, v, own, side, out);
	return st;
}
// ---- end h6-camp ----

const tw_general_def ll_general_nq = {
	.name = "ll-nq",
	.ruleset = "lloyd",
	.help = "the NQ game (h6-nq): shots and charges at men in good order first, archers first; loaded archers shoot, "
		"an archer an enemy could charge steps out of reach instead of loading, empty bows load; each body (a "
		"group as one) charges in reach (a spearman stops inside his spear's reach), else advances round the "
		"hedge and the bog on its target; while our bows outnumber the enemy's the hand-to-hand men wait and "
		"never charge a formed line of longer weapons; snap shots at chargers; a man engaged with several aims "
		"at a wounded one",
	.decide = decide,
	.ctx_size = sizeof(ll_nq_memo), // h6-nq
};
