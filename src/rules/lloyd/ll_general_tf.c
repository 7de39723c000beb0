// Nikolas Lloyd's skirmish suite: a computer general for the three-fight game ("ll-three", TF).
// Its doctrine (docs/lloyd.md, "The three-fight general's doctrine (h5-three)"; docs/doctrines.md):
// - allocation (TF.1, TF.D2): every man to one location, the one farthest from the other two on
//   the map, so that it is the table battle (it holds the most points) and the whole side fights
//   the part of the enemy's that went there, his other groups coming on late (TF.D5: turn 2 + d)
//   and piecemeal;
// - archers (NQ.SHT): each shot at the enemy it is likeliest to take out of TF.D7's count (hit
//   chance with range band, shield arc and snap modifier, times the chance of 2+ damage hits,
//   times his points; a wounded man a little, the enemy commander's death 3 VP, CA.D2); an archer
//   who may still move first steps to the place within his move with the best such shot, out of
//   every enemy's charge where he can be;
// - hand-to-hand men: charge where our men already fight (the enemy with the fewest of ours on him
//   first, so that fights become two or three against one: NQ.ATK.2's defence rolls hurt nobody),
//   else any enemy a free man reaches, a wounded one first (to finish him); otherwise the NQ general's advance
//   (ll_general_nq.c), waiting for the enemy to come to our bows only in the first quarter of the
//   TF turns or while ahead, and not while his groups are still to come (TF.D5) and he has 5 or
//   fewer points on the table (h5-three2);
// - the TF.D7 clock: "ahead" counts the enemy's groups still to arrive; ahead from half the turns,
//   no new fights and men step out of the enemy's charge (h5-three2: from one point ahead, was
//   two); every man charged evades (NQ.EVD.1) when he may.
// Measured against random (seeds 1-4000, sides alternating, tools as in docs/lloyd.md): 94.3%
// (was 87%); seeds 1-40: 38 wins, 2 draws; 200 games: 194. On the merge with ll-rest (random
// picks TF.D5's tied edge): 37 of 40; with h5-three2's two changes 39 wins, 1 draw, and seeds
// 1-8000 94.0% as before them.
// h6-three (docs/lloyd.md, "The three-fight general, h6-three"): spearmen charge to their reach
// against shorter weapons (NQ.RCH.2: the foe, engaged, cannot hurt them nor close from there); the
// overall commander never charges or advances and steps out of every enemy's charge and 18 in
// beyond each enemy archer's move (CA.D2: his death is 3 VP); the hand-to-hand men wait at the bows
// only when two or more ahead. Seeds 1-8000 94.95% (was 93.97%), seeds 1-40 38 wins, 2 draws.
// s25-three2 (docs/lloyd.md, "ll-three, s25-three2"): a man fighting several foes aims his attack
// roll where it takes the most expected points (NQ.ATK.5; ll_general_tf_play.c). Seeds 1-8000
// 95.31%, 1-16000 95.02% (was 94.59%).
// s26-three (docs/lloyd.md, "ll-three, s26-three"): the commander's place is a lure for the enemy's
// bows (ll_general_tf_lure.c): long range of the enemy archers, nearer a loaded one, facing them,
// out of every charge. Seeds 1-8000 96.26%, 8001-16000 95.38% (were 95.31%, 94.72%).
// s29 (docs/lloyd.md, "ll-three, s29: one evade, and the reloaded archer"): an archer who loaded this
// turn, out of every charge, with a shot worth LL_TF_STAY_SHOT here, shoots from where he stands
// (rule 10). With NQ.EVD.5's one evade a charge: seeds 1-40000 95.80% (95.47% without rule 10).
#include <math.h>
#include "tinwar/detmath.h"
#include <stdlib.h>

#include "ll.h"
#include "ll_general_tf.h"
#include "tinwar/general.h"

static bool hold_all(const tw_state *v, int side, int f, const void *ctx)
{
	(void)v;
	(void)side;
	(void)f;
	(void)ctx;
	return true;
}

// TF.D7: the unwounded enemy first (a wound takes his points out of the count; a wounded man's
// do not count already).
static int unwounded_first(const tw_state *v, int side, int e, const void *ctx)
{
	(void)side;
	(void)ctx;
	return LLF(v, e)->wounded ? 1 : 0;
}

static bool archer_f(const tw_state *v, int f) { return LLF(v, f)->reach[ll_row(v, f)] == TW_LL_MISSILE; }

// A move of the lone man f to p, facing `facing`, into *o; true if the rules take it.
bool ll_gen_tf_move_one(const tw_state *v, int side, int f, tw_vec2 p, double facing, tw_order *o)
{
	tw_order_init(o, LL_OT_MOVE, side);
	o->nfig = 1;
	o->fig[0] = f;
	o->at[0] = p;
	o->facing[0] = facing;
	o->has_at = true;
	return tw_ruleset_lloyd.validate(v, o, NULL) == TW_OK;
}

// The facing of f at p: towards the nearest enemy.
double ll_gen_tf_facing_at(const tw_state *v, int f, tw_vec2 p)
{
	int e = ll_gen_target(v, f, NULL, NULL);
	return e >= 0 ? tw_bearing_deg(tw_sub(v->fig[e].pos, p)) : v->fig[f].facing;
}

// How far p stands outside the charge of every enemy of side (his move, his weapon's reach and a
// margin), the least of them; 1e9 with no enemy.
double ll_gen_tf_clearance_arch(const tw_state *v, int side, int f, tw_vec2 p, double arch)
{
	double c = 1e9;
	for (int e = 0; e < v->nfig; e++) {
		if (!ll_gen_enemy(v, side, e))
			continue;
		double reach = archer_f(v, e) ? arch : LLF(v, e)->r[ll_row(v, e)][0];
		double g = tw_dist(p, v->fig[e].pos) - v->fig[e].radius - v->fig[f].radius - ll_move_allowance(v, e) - reach;
		if (g < c)
			c = g;
	}
	return c;
}

static double clearance(const tw_state *v, int side, int f, tw_vec2 p) { return ll_gen_tf_clearance_arch(v, side, f, p, 0); }

// The lone man f steps out of the enemy's reach: of 16 bearings at a full, two thirds and a third
// of his move, the legal place with the most clearance (up to `safe`), then the shortest step.
static bool kite_arch(const tw_state *v, int side, int f, double safe, double arch, tw_order *o)
{
	double now = ll_gen_tf_clearance_arch(v, side, f, v->fig[f].pos, arch);
	if (now >= safe)
		return false;
	double m = ll_move_allowance(v, f) - (LLF(v, f)->group >= 0 ? 1 : 0);
	double best = now, bestlen = 0;
	tw_vec2 bp = v->fig[f].pos;
	double W = v->table.width, D = v->table.depth, rad = v->fig[f].radius + 0.2;
	for (int k = 0; k < 48; k++) {
		double a = (k % 16) * M_PI / 8, rr = m * (k < 16 ? 0.98 : k < 32 ? 0.66 : 0.33);
		tw_vec2 p = tw_add(v->fig[f].pos, tw_v2(tw_sin(a) * rr, tw_cos(a) * rr));
		if (p.x < rad || p.y < rad || p.x > W - rad || p.y > D - rad)
			continue;
		double c = ll_gen_tf_clearance_arch(v, side, f, p, arch);
		if (c > safe)
			c = safe;
		if (c < best - 1e-9 || (c < best + 1e-9 && rr >= bestlen))
			continue;
		if (!ll_gen_tf_move_one(v, side, f, p, v->fig[f].facing, o))
			continue;
		best = c;
		bestlen = rr;
		bp = p;
	}
	if (bestlen <= 0)
		return false;
	return ll_gen_tf_move_one(v, side, f, bp, ll_gen_tf_facing_at(v, f, bp), o);
}

static bool kite(const tw_state *v, int side, int f, double safe, tw_order *o) { return kite_arch(v, side, f, safe, 0, o); }

// h6-three: our overall commander (CA.D2: his death is 3 VP against us).
static bool is_cmdr(const tw_state *v, int f) { return LLF(v, f)->leader == 2; }
static bool hold_cmdr(const tw_state *v, int side, int f, const void *ctx)
{
	(void)side;
	(void)ctx;
	return is_cmdr(v, f);
}

// NQ.EVD.1: the first of our men being charged whom the rules let evade.
static bool evade(const tw_state *v, int side, tw_order *o)
{
	for (int f = 0; f < v->nfig; f++) {
		if (!ll_fights(v, f) || v->fig[f].side != side)
			continue;
		tw_order_init(o, LL_OT_EVADE, side);
		o->nfig = 1;
		o->fig[0] = f;
		if (tw_ruleset_lloyd.validate(v, o, NULL) == TW_OK)
			return true;
	}
	return false;
}

// f moves into contact with e: the contact point nearest f on e's circle (16 around), the move
// legal; false if none within his move.
static bool charge_at(const tw_state *v, int side, int f, int e, tw_order *o)
{
	double m = ll_move_allowance(v, f), rr = v->fig[f].radius + v->fig[e].radius + 0.01;
	const ll_frec *r = LLF(v, f);
	int kf = ll_row(v, f);
	if (r->reach[kf] == TW_LL_LONG && ll_melee_reach(v, e) < TW_LL_LONG) // h6-three: NQ.RCH.2, from the spear's reach
		rr = v->fig[f].radius + v->fig[e].radius + r->r[kf][0] * 0.3;
	tw_vec2 d = tw_sub(v->fig[f].pos, v->fig[e].pos);
	double a0 = tw_atan2(d.x, d.y);
	for (int k = 0; k < 17; k++) {
		double a = a0 + (k == 0 ? 0 : ((k + 1) / 2) * (k % 2 ? 1 : -1) * M_PI / 8);
		tw_vec2 p = tw_add(v->fig[e].pos, tw_v2(tw_sin(a) * rr, tw_cos(a) * rr));
		if (tw_dist(p, v->fig[f].pos) > m - 0.01)
			continue;
		if (ll_gen_tf_move_one(v, side, f, p, tw_bearing_deg(tw_sub(v->fig[e].pos, p)), o))
			return true;
	}
	return false;
}

// A hand-to-hand man of side, alone, who may still move and is not fighting.
static bool free_fighter(const tw_state *v, int side, int f)
{
	return ll_fights(v, f) && v->fig[f].side == side && !archer_f(v, f) && LLF(v, f)->group < 0 && !is_cmdr(v, f) &&
	       ll_may_act(v, f, LLA_MOVE) && !ll_in_melee(v, f);
}

// How many of our free men (free_fighter) reach the enemy e this turn.
static int reachers(const tw_state *v, int side, int e)
{
	int n = 0;
	for (int f = 0; f < v->nfig; f++)
		if (free_fighter(v, side, f) && tw_figure_gap(&v->fig[f], &v->fig[e]) < ll_move_allowance(v, f) - 0.05)
			n++;
	return n;
}

// How many of our men fight the enemy e now.
static int engaged_with_mine(const tw_state *v, int side, int e)
{
	int n = 0;
	for (int j = 0; j < v->nfig; j++)
		n += ll_fights(v, j) && v->fig[j].side == side && ll_engaged(v, j, e);
	return n;
}

// Gang charges: join a melee where an enemy fights our men (the fewest of ours first), or charge
// an enemy whom at least `need` of our free men can reach this turn.
static bool gang(const tw_state *v, int side, int need, tw_order *o)
{
	int be = -1, bf = -1, bk = 1 << 30;
	for (int e = 0; e < v->nfig; e++) {
		if (!ll_gen_enemy(v, side, e))
			continue;
		int eng = engaged_with_mine(v, side, e);
		int key;
		if (eng > 0) // a wounded foe first: the lowest key wins (docs/lloyd.md rule 4, s26-three3)
			key = eng * 10 + (LLF(v, e)->wounded ? 0 : 1);
		else if (reachers(v, side, e) >= need)
			key = 100 + (LLF(v, e)->wounded ? 0 : 1);
		else
			continue;
		if (key >= bk)
			continue;
		// the nearest free man who reaches him
		int f0 = -1;
		double bd = 1e300;
		for (int f = 0; f < v->nfig; f++) {
			if (!free_fighter(v, side, f))
				continue;
			double gp = tw_figure_gap(&v->fig[f], &v->fig[e]);
			if (gp < ll_move_allowance(v, f) - 0.05 && gp < bd && charge_at(v, side, f, e, o)) {
				bd = gp;
				f0 = f;
			}
		}
		if (f0 < 0)
			continue;
		be = e;
		bf = f0;
		bk = key;
	}
	if (be < 0)
		return false;
	return charge_at(v, side, bf, be, o);
}

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

// What a shot of f at t is worth: the chance that it takes t's points out of the count (TF.D7),
// a wounded man's second wound a little.
static double shot_value(const tw_state *v, int f, int t, bool snap)
{
	const ll_frec *r = LLF(v, f), *tr = LLF(v, t);
	int k = ll_row(v, f);
	int band = tw_ll_range_band(r->r[k], tw_dist(v->fig[f].pos, v->fig[t].pos));
	if (band < 0)
		return 0;
	int shield = ll_in_arc(v, t, v->fig[f].pos) ? tr->s : 0;
	int need = tw_ll_shot_need(r->w[k], band, snap, shield, ll_group_size(v, tr->group), (int)v->params[LLP_BIG_GROUP],
				   r->wounded);
	double ph = need <= 1 ? 1 : need > 20 ? 0 : (21 - need) / 20.0;
	int dice = r->d[k] - (r->wounded ? 1 : 0);
	double pd = tr->t <= 1 ? 1 : tr->t > 20 ? 0 : (21 - tr->t) / 20.0;
	double out = at_least(dice, pd, 2);
	double val = tr->wounded ? out * 0.3 : out * tr->pts;
	if (tr->leader == 2)
		val += at_least(dice, pd, 4) * 3;
	return ph * val;
}

static bool tf_shoot(const tw_state *v, int side, tw_order *o)
{
	bool snap = v->phase == LL_PH_REACT;
	double bv = 0;
	int bf = -1, bt = -1;
	for (int f = 0; f < v->nfig; f++) {
		if (!ll_fights(v, f) || v->fig[f].side != side || !archer_f(v, f) || !LLF(v, f)->loaded ||
		    (!snap && !ll_may_act(v, f, LLA_SHOOT)))
			continue;
		int fr = -1;
		for (int t = 0; t < v->nfig; t++) {
			if (!ll_gen_enemy(v, side, t))
				continue;
			if (fr < 0)
				fr = ll_shooter_free(v, f);
			if (!ll_shot_ok(v, side, f, t, fr))
				continue;
			double val = shot_value(v, f, t, snap);
			if (val > bv) {
				bv = val;
				bf = f;
				bt = t;
			}
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

// The best shot f would have from p (read on m's copy of the view with him there, kept for his
// places: ll_gen_moved_keep; s28-llview: the view itself is never written).
static double best_shot_from(const tw_state *v0, ll_gen_moved *m, int side, int f, tw_vec2 p)
{
	const tw_state *v = ll_gen_moved_keep(m, v0, f, p);
	if (!v)
		return 0;
	double bv = 0;
	int fr = -1;
	for (int t = 0; t < v->nfig; t++) {
		if (!ll_gen_enemy(v, side, t))
			continue;
		if (fr < 0)
			fr = ll_shooter_free(v, f);
		if (!ll_shot_ok(v, side, f, t, fr))
			continue;
		double val = shot_value(v, f, t, false);
		if (val > bv)
			bv = val;
	}
	return bv;
}

// s29: the least worth (expected points, shot_value) of the shot that keeps a reloaded archer where
// he stands (rule 10; 0.12 and 0.18 measured beside it).
#define LL_TF_STAY_SHOT 0.15

// An archer not in melee who has not moved: the place within his move (or where he stands) with
// the best shot, out of every enemy's charge where he can be.
static bool archer_move(const tw_state *v, int side, tw_order *o)
{
	double W = v->table.width, D = v->table.depth;
	for (int f = 0; f < v->nfig; f++) {
		if (!ll_fights(v, f) || v->fig[f].side != side || !archer_f(v, f) || LLF(v, f)->group >= 0 ||
		    !ll_may_act(v, f, LLA_MOVE) || ll_in_melee(v, f))
			continue;
		bool can_shoot = LLF(v, f)->loaded && ll_may_act(v, f, LLA_SHOOT);
		double m = ll_move_allowance(v, f), rad = v->fig[f].radius + 0.2;
		double pen = 1; // standing in an enemy's charge costs as much as a sure shot at a 1-point man
		double c0 = clearance(v, side, f, v->fig[f].pos);
		ll_gen_moved mv; // (s28-llview: his places read on one copy of the view)
		ll_gen_moved_none(&mv);
		double v0 = (can_shoot ? best_shot_from(v, &mv, side, f, v->fig[f].pos) : 0) - (c0 < 0 ? pen : 0);
		// s29 (rule 10): an archer who loaded this turn, out of every enemy's charge, with a shot
		// here worth LL_TF_STAY_SHOT or more, stays and shoots from where he stands (his move to a
		// better place would cost him the shot's turn; docs/lloyd.md "ll-three, s29")
		if (can_shoot && (ll_acts(v, f) & LLA_LOAD) && c0 >= 0 && v0 >= LL_TF_STAY_SHOT) {
			ll_gen_moved_free(&mv);
			continue;
		}
		double bv = v0 + 0.02;
		tw_vec2 bp = v->fig[f].pos;
		bool found = false;
		for (int k = 0; k < 32; k++) {
			double a = (k % 16) * M_PI / 8, rr = m * (k < 16 ? 0.98 : 0.5);
			tw_vec2 p = tw_add(v->fig[f].pos, tw_v2(tw_sin(a) * rr, tw_cos(a) * rr));
			if (p.x < rad || p.y < rad || p.x > W - rad || p.y > D - rad)
				continue;
			double c = clearance(v, side, f, p);
			double val = (can_shoot ? best_shot_from(v, &mv, side, f, p) : 0) - (c < 0 ? pen : 0);
			if (val <= bv)
				continue;
			if (!ll_gen_tf_move_one(v, side, f, p, v->fig[f].facing, o))
				continue;
			bv = val;
			bp = p;
			found = true;
		}
		ll_gen_moved_free(&mv);
		if (!found)
			continue;
		if (ll_gen_tf_move_one(v, side, f, bp, ll_gen_tf_facing_at(v, f, bp), o))
			return true;
	}
	return false;
}

// Points of the enemy's groups still to arrive (TF.D5).
static int coming(const tw_state *v, int side)
{
	int p = 0;
	for (int j = 0; j < v->nfig; j++)
		if (v->fig[j].side == side && v->fig[j].status == TW_FS_RESERVE && LLF(v, j)->loc >= 1 &&
		    LLS(v, side)->arrive[LLF(v, j)->loc - 1] > 0)
			p += LLF(v, j)->pts;
	return p;
}

// TF.D2, TF.D5: the location farthest from the other two (the most Chebyshev squares to the
// nearer, then to both; ties to the lower): the enemy's groups there win uncontested and come on
// at turn 2 + d, so the farther, the longer the whole side fights part of the enemy's.
static int far_location(const ll_game *g)
{
	int loc = 1, best = -1000;
	for (int l = 0; l < 3; l++) {
		int dmin = 99, dsum = 0;
		for (int k = 0; k < 3; k++) {
			if (k == l)
				continue;
			int dc = abs(g->map_col[k] - g->map_col[l]), dr = abs(g->map_row[k] - g->map_row[l]);
			int d = dc > dr ? dc : dr;
			dmin = d < dmin ? d : dmin;
			dsum += d;
		}
		if (dmin * 100 + dsum > best) {
			best = dmin * 100 + dsum;
			loc = l + 1;
		}
	}
	return loc;
}

static tw_status decide_side(tw_general *g, const tw_state *v, int side, tw_order *out)
{
	(void)g;
	if (!ll_gen_asked(v, side) || LL_FP(v)) {
		tw_order_init(out, LL_OT_END, side);
		return TW_OK;
	}
	if (v->phase == LL_PH_ALLOC) { // TF.D2: every man to one location
		int loc = far_location(LLG(v));
		tw_order_init(out, LL_OT_ALLOCATE, side);
		for (int j = 0; j < v->nfig && out->nfig < TW_ORDER_MAX_FIG; j++) // ll-rest: one location for all
			if (v->fig[j].side == side && v->fig[j].status == TW_FS_ACTIVE)
				out->fig[out->nfig++] = j;
		out->val[out->nval++] = loc;
		return TW_OK;
	}
	// TF.D7: the points of men in good order on the table when time runs out, the enemy's groups
	// still to arrive (TF.D5) counted with his.
	int mine = ll_side_points(v, side, true), theirs = ll_side_points(v, 1 - side, true) + coming(v, 1 - side);
	int turn = LLG(v)->turn, turns2 = 2 * (int)v->params[LLP_TF_TURNS];
	bool half = turn * 2 >= turns2;
	bool away = half && mine > theirs; // ahead from the half: out of reach (h5-three2: one point ahead, was two)
	bool hold = away; // ahead from the half: no new fights
	// h5-three2: TF.D5's groups still to come (from either edge) and few of the enemy's points on the
	// table (5 or fewer, and no more than ours): no waiting for him at our bows, we go for the men
	// he has before the others arrive.
	int on_table = ll_side_points(v, 1 - side, true);
	bool strike = !half && coming(v, 1 - side) > 0 && on_table <= 5 && mine >= on_table;
	bool own = v->phase == LL_PH_MOVE && ll_acting(v, side), react = v->phase == LL_PH_REACT && !ll_acting(v, side);
	// h6-three: our commander keeps out of every enemy's charge; s26-three: at long range of the enemy
	// archers, where their shots go at him (ll_general_tf_lure.c), no longer 18 in beyond their move
	if (own)
		for (int f = 0; f < v->nfig; f++)
			if (ll_fights(v, f) && v->fig[f].side == side && is_cmdr(v, f) && ll_may_act(v, f, LLA_MOVE) && !ll_in_melee(v, f) &&
			    LLF(v, f)->group < 0 && ll_gen_tf_lure(v, side, f, out)) // s26-three: he draws the enemy's bows
				return TW_OK;
	if (own && archer_move(v, side, out))
		return TW_OK;
	if ((own || react) && tf_shoot(v, side, out))
		return TW_OK;
	if ((own || react) && ll_gen_tf_aim(v, side, out)) // s25-three2: NQ.ATK.5, the most expected points
		return TW_OK;
	ll_gen_opts tf = {.rank = unwounded_first,
			  .keep_back = hold ? hold_all : hold_cmdr,
			  .no_wait = (turn * 4 >= turns2 && mine <= theirs + 1) || strike}; // not two ahead from the first quarter: go (h6-three: was ahead)
	if (own) {
		ll_gen_opts pre = tf;
		pre.keep_back = hold_all;
		ll_gen_nq_turn(v, side, out, &pre); // loads (and the NQ turn's other shots) first
		if (out->type != LL_OT_END)
			return TW_OK;
		if (!hold && gang(v, side, 1, out))
			return TW_OK;
	}
	ll_gen_nq_turn(v, side, out, &tf);
	if (out->type != LL_OT_END)
		return TW_OK;
	if (react && evade(v, side, out)) // NQ.EVD.1: every man charged runs, when he may
		return TW_OK;
	if (away && own) {
		for (int f = 0; f < v->nfig; f++)
			if (ll_fights(v, f) && v->fig[f].side == side && ll_may_act(v, f, LLA_MOVE) && !ll_in_melee(v, f) &&
			    LLF(v, f)->group < 0 && kite(v, side, f, 1.0, out))
				return TW_OK;
	}
	tw_order_init(out, LL_OT_END, side);
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

const tw_general_def ll_general_three = {
	.name = "ll-three",
	.ruleset = "lloyd",
	.help = "the three-fight game: sends every man to the location farthest from the others (the table battle: "
		"the whole side against part of the enemy's, the rest arriving late); on the table the best shots, "
		"charges two and three against one, evading when charged, and holding or stepping out of reach "
		"when ahead late (TF.D7); the commander keeps out of charges at long range of the enemy archers, "
		"drawing their shots",
	.decide = decide,
};
