// The large Country's computer general, lw-big (issue 18; LW.BIG.1-7): far from the enemy it
// puts its foot in lidded boxes (LW.BIG.2/4) and moves the boxes at the multiplied rate of their
// slowest arm (LW.BIG.1/2, x1.5 on a road, LW.BIG.7) towards the enemy; its cavalry stays out as
// scouts and rides at the enemy's boxes to open them (LW.BIG.3); its waggons follow the men
// within their six moves (LW.BIG.5); near the enemy it sets its men out (the unbox order) and
// fights as lw-default, which it calls (lw_general.c is lw-scale's; it is not changed here).
// Each of its orders is one the rules accept on its view: it validates before it answers.
// biggen: its guns fire first in each of its moves (lw_ai_guns.c), before any man moves
// (LW.MV.11), and each gun's crew stays by it in the hunt.
#include <math.h>
#include "tinwar/detmath.h"
#include <string.h>

#include "lw_ai_big.h"
#include "lw_big.h"
#include "lw_boxes.h"

extern const tw_general_def tw_general_lw_default_plain;

#define BIG_OPEN_R 120.0  ///< sets a box's men out with an enemy within 10 ft (as a scout would)
#define BIG_STOP_R 100.0  ///< a box moves no closer than this to the nearest enemy
#define BIG_BOX_GAP 30.0  ///< men within this of each other share a box
#define BIG_CREW 4        ///< infantrymen kept out of the boxes near each gun (its crew)
#define BIG_SCOUT_R 110.0 ///< a scout rides until he is this close to an enemy box (LW.BIG.3: 120)
#define BIG_MAX_TRIED 64
#define BIG_MARCH_R 60.0  ///< men further than this from every enemy march on it themselves
#define BIG_STALL_MOVES 4 ///< own moves without an enemy man lost before every man marches (lw-box)
#define BIG_STILL_R 6.0   ///< big2: a box within this of where it stood two of our moves before ...
#define BIG_STILL_MOVES 3 ///< ... this many moves running is stuck: its men come out

typedef struct big_ctx {
	tw_general *inner;       ///< lw-default, which fights
	tw_order *o;             ///< scratch order (a tw_order is some 17 KB)
	int32_t move_no;         ///< the move the lists below are for
	bool boxing_done, done;  ///< this move: boxes closed; nothing more of our own to do
	bool march_done;         ///< this move: the far men have marched
	int march_next;          ///< the next figure the march looks at
	uint8_t box_tried[LW_BOX_MAX];
	uint8_t stuck[LW_BOX_MAX];   ///< the box could not move on: its men come out
	int32_t tried[BIG_MAX_TRIED];
	int ntried;
	// lw-gen (KS.SUP, LW.BIG.9/10): this move's supplies handed over; the T&S men tried.
	bool supply_done;
	int ts_next, hungry_next;
	uint8_t train_use[LW_TRAIN_MAX]; ///< lw_ai_train's record of each train's use
	uint8_t *walked;                 ///< this move: men who walked up to a train (per figure)
	int nwalked_cap;
	bool train_done;                 ///< this move: no more train orders
	// lw-box: the stall breaker. Enemy men free or boxed at the start of our last move, and our
	// own moves since that number last fell.
	int last_enemy, stall;
	// big2: where each box of ours stood at the start of our last two moves, and how many moves
	// running it has come back to within BIG_STILL_R of where it stood two moves before (a box
	// that cannot find its way round a river bank goes to and fro: its men come out and walk).
	double box_ax[LW_BOX_MAX], box_ay[LW_BOX_MAX], box_bx[LW_BOX_MAX], box_by[LW_BOX_MAX];
	uint8_t box_still[LW_BOX_MAX];
	// big2: the hunt's targets this move: the enemy men (per figure) whom at least twice their
	// group's number of ours can reach in contact (LW.MEL.6: an isolated smaller side is taken).
	uint8_t *good;
	int ngood_cap;
	// biggen: the next gun to fire this move (lw_ai_guns.c); the guns are done.
	int gun_next;
	bool guns_done;
	uint8_t *keep; ///< biggen: this move's gun crews (bit 2, per figure), kept out of the hunt
	int nkeep_cap;
} big_ctx;

static bool tried(const big_ctx *c, int32_t id)
{
	for (int i = 0; i < c->ntried; i++)
		if (c->tried[i] == id)
			return true;
	return false;
}

static void mark(big_ctx *c, int32_t id)
{
	if (c->ntried < BIG_MAX_TRIED)
		c->tried[c->ntried++] = id;
}

// The nearest enemy piece to p (a free man or a box) and where it is; INFINITY when none.
static double nearest_enemy(const tw_state *s, int side, tw_vec2 p, tw_vec2 *at)
{
	double best = INFINITY;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side == side || !lw_is_free(f))
			continue;
		double d = lw_fig_dist(f, p);
		if (d < best) {
			best = d;
			if (at)
				*at = f->pos;
		}
	}
	const lw_side *e = LWS(s, lw_enemy(side));
	for (int k = 0; k < e->nbox; k++) {
		tw_vec2 b = tw_v2(e->box_x[k], e->box_y[k]);
		double d = tw_dist(p, b);
		if (d < best) {
			best = d;
			if (at)
				*at = b;
		}
	}
	return best;
}

// lw-box, the stall breaker: where f stands in contact (LW.MEL.2: within 1/8 in) with the nearest
// enemy free man (not a waggon), on the side facing f; false when none or touching already.
static bool contact_point(const tw_state *s, int side, const tw_figure *f, tw_vec2 *at, double *d)
{
	const tw_figure *e = NULL;
	double best = INFINITY;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *g = &s->fig[i];
		if (g->side == side || !lw_is_free(g) || g->kind == TW_FK_WAGGON)
			continue;
		double dd = tw_dist(g->pos, f->pos) - g->radius - f->radius;
		if (dd < best) {
			best = dd;
			e = g;
		}
	}
	if (!e || best <= LW_CONTACT)
		return false;
	double r = e->radius + f->radius + LW_CONTACT * 0.6, c = tw_dist(f->pos, e->pos);
	*at = tw_add(e->pos, tw_scale(tw_sub(f->pos, e->pos), r / c));
	*d = c - r;
	return true;
}

// Whether p is in water no ford or bridge covers.
static bool wet_at(const tw_state *s, tw_vec2 p)
{
	bool wet = false, dry = false;
	for (int i = 0; i < s->table.nterrain && !dry; i++) {
		const tw_terrain *t = &s->table.terrain[i];
		if (t->kind == TW_TER_RIVER && !wet)
			wet = tw_terrain_contains(t, p);
		else if ((t->kind == TW_TER_FORD || t->kind == TW_TER_BRIDGE) && tw_terrain_contains(t, p))
			dry = true;
	}
	return wet && !dry;
}

// big2: marks in good[] (per figure) the enemy free men (not waggons) of `side`'s enemy whom at
// least twice as many of ours as the enemy men in their melee (those within LW.MEL.4's 6 in)
// can join in contact this move: our unmoved free men who reach him, and ours within 6 in. A
// man for man melee kills both (LW.MEL.5/7) and brings both sides down towards the 15 men of
// LW.VAR.3's draw; two to one takes an isolated man prisoner (LW.MEL.6) or kills him for one.
static void hunt_targets(const tw_state *s, int side, uint8_t *good)
{
	for (int e = 0; e < s->nfig; e++) {
		const tw_figure *fe = &s->fig[e];
		good[e] = 0;
		if (fe->side == side || fe->side > 1 || !lw_is_free(fe) || fe->kind == TW_FK_WAGGON)
			continue;
		int grp = 0, cnt = 0;
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *g = &s->fig[i];
			if (!lw_is_free(g) || g->kind == TW_FK_WAGGON || g->side > 1)
				continue;
			double dd = tw_dist(g->pos, fe->pos) - g->radius - fe->radius;
			if (g->side == fe->side)
				grp += dd <= LW_REACH;
			else
				cnt += dd <= LW_REACH || (g->moved_in != s->move_no && dd <= lw_move_allowance(g) - 0.5);
		}
		good[e] = cnt >= 2 * grp;
	}
}

// big2, the hunt: where f goes. Into contact (as contact_point) with the nearest enemy man
// marked good that he reaches this move; else up to 8 in short of the nearest enemy man (out of
// his melee's 6 in: the others come up and go in together next move). False: stay.
static bool hunt_point(const tw_state *s, int side, const tw_figure *f, const uint8_t *good, tw_vec2 *at, double *d)
{
	const tw_figure *e = NULL, *near = NULL;
	double best = INFINITY, bn = INFINITY;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *g = &s->fig[i];
		if (g->side == side || !lw_is_free(g) || g->kind == TW_FK_WAGGON)
			continue;
		double dd = tw_dist(g->pos, f->pos) - g->radius - f->radius;
		if (dd < bn) {
			bn = dd;
			near = g;
		}
		if (good[i] && dd <= lw_move_allowance(f) - 0.5 && dd < best) {
			best = dd;
			e = g;
		}
	}
	if (e) {
		if (best <= LW_CONTACT)
			return false;
		double r = e->radius + f->radius + LW_CONTACT * 0.6, c = tw_dist(f->pos, e->pos);
		*at = tw_add(e->pos, tw_scale(tw_sub(f->pos, e->pos), r / c));
		*d = c - r;
		return true;
	}
	if (!near || bn <= 8.5)
		return false;
	double r = near->radius + f->radius + 8.0, c = tw_dist(f->pos, near->pos);
	*at = tw_add(near->pos, tw_scale(tw_sub(f->pos, near->pos), r / c));
	*d = c - r;
	return true;
}

// Whether the straight line a-b wades water no ford or bridge covers (looked at every 2 in).
static bool wades(const tw_state *s, tw_vec2 a, tw_vec2 b)
{
	int n = (int)ceil(tw_dist(a, b) / 2.0);
	for (int k = 1; k <= n; k++)
		if (wet_at(s, tw_add(a, tw_scale(tw_sub(b, a), (double)k / n))))
			return true;
	return false;
}

// Where a piece at `from` heads for `to`: straight there, or, when that wades a river, to the
// ford or bridge that makes the shortest way (once on it, straight on).
static tw_vec2 waypoint(const tw_state *s, tw_vec2 from, tw_vec2 to)
{
	if (!wades(s, from, to))
		return to;
	tw_vec2 best = to;
	double bd = INFINITY;
	for (int i = 0; i < s->table.nterrain; i++) {
		const tw_terrain *t = &s->table.terrain[i];
		if (t->kind != TW_TER_FORD && t->kind != TW_TER_BRIDGE)
			continue;
		tw_vec2 c = tw_scale(tw_add(t->lo, t->hi), 0.5);
		if (tw_terrain_contains(t, from))
			return to; // on the crossing: straight on
		double d = tw_dist(from, c) + tw_dist(c, to);
		if (d < bd) {
			bd = d;
			best = c;
		}
	}
	return best;
}

static bool valid(const tw_state *s, const tw_order *o)
{
	tw_error err;
	return tw_ruleset_get(s->ruleset)->validate(s, o, &err) == TW_OK;
}

// A leg from a towards `to`, up to len, turned by up to 70 degrees either way and shortened to
// find one the rules accept: a path order (box_move) or a one-man move. True with o filled.
// A man's move for the steps below: in a Kriegspiel his arm's (KS.MOV.1: supply 6 in across
// country, engineers and artillery 24, cavalry 36), else his kind's (LW.MOB.2/3).
static double own_move(const tw_state *s, const tw_figure *f)
{
	return LWG(s)->ks ? lw_allowance_now(s, f) : lw_move_allowance(f);
}

static bool step_towards(const tw_state *s, tw_order *o, tw_vec2 a, tw_vec2 to, double len, int fig)
{
	int box_n = fig < 0 ? lw_box_men(s, o->side, o->n, NULL, NULL) : 0;
	static const double turns[] = {0, 20, -20, 45, -45, 70, -70};
	static const double parts[] = {1.0, 0.6, 0.3};
	double d = tw_dist(a, to);
	if (d < 1e-6 || len < 0.5)
		return false;
	double base = tw_atan2(to.y - a.y, to.x - a.x);
	for (size_t p = 0; p < TW_ARRAY_COUNT(parts); p++)
		for (size_t t = 0; t < TW_ARRAY_COUNT(turns); t++) {
			double ang = base + turns[t] * M_PI / 180.0, l = fmin(len, d) * parts[p];
			tw_vec2 b = tw_v2(a.x + tw_cos(ang) * l, a.y + tw_sin(ang) * l);
			b.x = fmin(fmax(b.x, 0.5), s->table.width - 0.5);
			b.y = fmin(fmax(b.y, 0.5), s->table.depth - 0.5);
			if (fig < 0) {
				// big2: the rules let a box over water and houses (LW.BIG.2 moves its mark),
				// but its men set out in a river or a house could never walk out (LW.C.4,
				// LW.MOB.1): a box keeps to dry land and stops where its men fit.
				if ((!wet_at(s, a) && wades(s, a, b)) || !lw_ai_men_fit(s, b, box_n))
					continue;
				o->npath = 1;
				o->path[0] = b;
			} else {
				o->nfig = 1;
				o->fig[0] = fig;
				o->at[0] = b;
				o->facing[0] = s->fig[fig].facing;
				o->has_at = true;
			}
			if (valid(s, o))
				return true;
		}
	return false;
}

// LW.BIG.2/4: the free infantrymen of `side` that may be boxed now: not moved this move, no
// enemy within 20 ft, not among the BIG_CREW nearest to one of its guns (they work the guns).
static int boxable(const tw_state *s, int side, uint8_t *ok)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		ok[i] = f->side == side && lw_is_free(f) && f->kind == TW_FK_INFANTRY && f->moved_in != s->move_no &&
			lw_big_may_rebox(nearest_enemy(s, side, f->pos, NULL) + 24.0);
	}
	for (int g = 0; g < s->ngun; g++) {
		if (s->gun[g].side != side)
			continue;
		for (int k = 0; k < BIG_CREW; k++) { // the nearest men not yet kept out stay out
			int best = -1;
			double bd = INFINITY;
			for (int i = 0; i < s->nfig; i++)
				if (ok[i] && tw_dist(s->fig[i].pos, s->gun[g].axle) < bd) {
					bd = tw_dist(s->fig[i].pos, s->gun[g].axle);
					best = i;
				}
			if (best >= 0)
				ok[best] = 0;
		}
	}
	for (int i = 0; i < s->nfig; i++)
		n += ok[i];
	return n;
}

// LW.BIG.2 (lw-box): a gun of ours far from the enemy goes in a box with its crew, the
// BIG_CREW nearest unmoved free men within 6 in of it; true with the order in o.
static bool next_gun_box(const tw_state *s, int side, tw_order *o)
{
	for (int g = 0; g < s->ngun; g++) {
		const tw_gun *gun = &s->gun[g];
		if (gun->side != side || !lw_gun_in_battle(s, gun) || lw_gun_boxed(s, gun) || gun->acted_in == s->move_no ||
		    !lw_big_may_rebox(nearest_enemy(s, side, gun->axle, NULL) + 24.0))
			continue;
		tw_order_init(o, LW_OT_BOX, side);
		o->gun = g;
		for (int k = 0; k < BIG_CREW; k++) {
			int best = -1;
			double bd = INFINITY;
			for (int i = 0; i < s->nfig; i++) {
				const tw_figure *f = &s->fig[i];
				bool taken = false;
				for (int j = 0; j < o->nfig && !taken; j++)
					taken = o->fig[j] == i;
				if (taken || f->side != side || f->moved_in == s->move_no || !lw_free_man_near_gun(gun, f))
					continue;
				double d = tw_gun_distance(gun, f->pos);
				if (d < bd) {
					bd = d;
					best = i;
				}
			}
			if (best >= 0)
				o->fig[o->nfig++] = best;
		}
		if (o->nfig >= LW_GUN_CREW && valid(s, o))
			return true;
	}
	return false;
}

// Closes one box of men standing together; true with the order in o.
static bool next_box(const tw_state *s, int side, tw_order *o)
{
	if (LWS(s, side)->nbox >= LW_BOX_MAX)
		return false;
	if (next_gun_box(s, side, o))
		return true;
	uint8_t *ok = tw_calloc((size_t)s->nfig + 1, 1);
	if (!ok)
		return false;
	bool found = false;
	if (boxable(s, side, ok) >= 2) {
		int lead = -1;
		for (int i = 0; i < s->nfig && lead < 0; i++)
			if (ok[i])
				lead = i;
		tw_order_init(o, LW_OT_BOX, side);
		for (int i = 0; i < s->nfig && o->nfig < TW_ORDER_MAX_FIG; i++)
			if (ok[i] && tw_dist(s->fig[i].pos, s->fig[lead].pos) <= BIG_BOX_GAP)
				o->fig[o->nfig++] = i;
		found = o->nfig >= 2 && valid(s, o);
	}
	tw_free(ok);
	return found;
}

// The next order of the general's own (boxes, scouts, waggons); false when it has none left.
static bool big_order(big_ctx *c, const tw_state *s, int side, tw_order *out)
{
	const lw_side *sd = LWS(s, side);
	tw_order *o = c->o;
	// biggen: the guns fire first, before any man moves (LW.MV.11; lw_ai_guns.c).
	if (!c->guns_done) {
		if (lw_ai_big_guns(s, side, &c->gun_next, o)) {
			*out = *o;
			return true;
		}
		c->guns_done = true;
	}
	// KS.SUP.1-9 (lw-gen): first the supplies, while the Transport & Supply men have not moved
	// (KS.FORM.5); then those men walk on behind the men they serve (lw_ai_supply.c).
	if (!c->supply_done) {
		if (lw_ai_ks_supply(s, side, o)) {
			*out = *o;
			return true;
		}
		c->supply_done = true;
	}
	for (; LWG(s)->ks_supply && c->ts_next < s->nfig; c->ts_next++) {
		const tw_figure *f = &s->fig[c->ts_next];
		tw_vec2 to;
		if (f->side != side || f->moved_in == s->move_no || !lw_ai_ks_ts_target(s, side, c->ts_next, &to))
			continue;
		if (tw_dist(f->pos, to) < 1.0) // there already: a step back keeps lw-default's hands off him
			to = tw_v2(f->pos.x, f->pos.y + (s->sides[side].back_y < f->pos.y ? -1.0 : 1.0));
		tw_order_init(o, LW_OT_MOVE, side);
		if (step_towards(s, o, f->pos, to, own_move(s, f), c->ts_next)) {
			c->ts_next++;
			*out = *o;
			return true;
		}
	}
	// The men come out (LW.BIG.3 reading: the owner may set them out himself) near the enemy,
	// or when the box could not move on in its last move. Once the armies have closed a box is
	// no faster than its men (LW.BIG.1), but it still carries them to the enemy unseen.
	int mult = lw_big_mult_now(s);
	for (int k = 0; k < sd->nbox; k++) {
		tw_vec2 b = tw_v2(sd->box_x[k], sd->box_y[k]);
		if (nearest_enemy(s, side, b, NULL) <= BIG_OPEN_R || c->stuck[k]) {
			tw_order_init(o, LW_OT_UNBOX, side);
			o->n = k;
			if (valid(s, o)) {
				// The last box takes index k (lw_boxes.c): its mark moves with it.
				c->stuck[k] = c->stuck[sd->nbox - 1];
				c->stuck[sd->nbox - 1] = 0;
				c->box_ax[k] = c->box_ax[sd->nbox - 1];
				c->box_ay[k] = c->box_ay[sd->nbox - 1];
				c->box_bx[k] = c->box_bx[sd->nbox - 1];
				c->box_by[k] = c->box_by[sd->nbox - 1];
				c->box_still[k] = c->box_still[sd->nbox - 1];
				c->box_still[sd->nbox - 1] = 0;
				*out = *o;
				return true;
			}
		}
	}
	// LW.BIG.9/10 (lw-gen): trains carry the foot up the railway (lw_ai_train.c).
	if (!c->train_done) {
		if (c->nwalked_cap < s->nfig) {
			tw_free(c->walked);
			c->walked = tw_calloc((size_t)s->nfig + 1, 1);
			c->nwalked_cap = c->walked ? s->nfig : 0;
		}
		if (c->walked && lw_ai_train(s, side, c->train_use, c->walked, o)) {
			*out = *o;
			return true;
		}
		c->train_done = true;
	}
	// KS.SUP.2 (lw-gen): a man no T&S man reaches walks towards the nearest (who comes to him).
	for (; LWG(s)->ks_supply && c->hungry_next < s->nfig; c->hungry_next++) {
		const tw_figure *f = &s->fig[c->hungry_next];
		tw_vec2 to;
		if (f->moved_in == s->move_no || !lw_ai_ks_hungry(s, side, c->hungry_next, &to))
			continue;
		tw_order_init(o, LW_OT_MOVE, side);
		if (step_towards(s, o, f->pos, to, own_move(s, f), c->hungry_next)) {
			c->hungry_next++;
			*out = *o;
			return true;
		}
	}
	// LW.BIG.1/2: while moves are multiplied, the foot far from the enemy goes into boxes; in the
	// Kriegspiel (no multiplier) too, for the box hides what it holds (lw-box, issue 18).
	if (!c->boxing_done) {
		if ((lw_big_mult_now(s) > 1 || LWG(s)->ks) && next_box(s, side, o)) {
			*out = *o;
			return true;
		}
		c->boxing_done = true;
	}
	// Each box once a move, towards the nearest enemy, stopping short of him.
	for (int k = 0; k < sd->nbox; k++) {
		if (c->box_tried[k] || sd->box_moved[k] == s->move_no)
			continue;
		c->box_tried[k] = 1;
		tw_vec2 b = tw_v2(sd->box_x[k], sd->box_y[k]), at = b;
		double d = nearest_enemy(s, side, b, &at);
		if (!isfinite(d))
			continue;
		int inf, cav;
		lw_box_men(s, side, k, &inf, &cav);
		tw_vec2 wp = waypoint(s, b, at);
		double len = fmin(lw_big_box_rate(inf, cav, 0, mult, false), wp.x == at.x && wp.y == at.y ? d - BIG_STOP_R : tw_dist(b, wp));
		tw_order_init(o, LW_OT_BOX_MOVE, side);
		o->n = k;
		if (step_towards(s, o, b, wp, len, -1)) {
			*out = *o;
			return true;
		}
		c->stuck[k] = 1; // set out next move
	}
	// LW.BIG.3: a scout rides at each enemy box no scout of ours is near yet.
	const lw_side *e = LWS(s, lw_enemy(side));
	for (int k = 0; k < e->nbox; k++) {
		tw_vec2 b = tw_v2(e->box_x[k], e->box_y[k]);
		int best = -1;
		double bd = INFINITY;
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *f = &s->fig[i];
			if (f->side != side || !lw_is_free(f) || f->kind != TW_FK_CAVALRY)
				continue;
			double dd = lw_fig_dist(f, b);
			if (dd <= BIG_SCOUT_R) {
				best = -2; // one is there already
				break;
			}
			if (f->moved_in != s->move_no && !tried(c, i) && dd < bd) {
				bd = dd;
				best = i;
			}
		}
		if (best < 0)
			continue;
		mark(c, best);
		tw_order_init(o, LW_OT_MOVE, side);
		if (step_towards(s, o, s->fig[best].pos, b, fmin(own_move(s, &s->fig[best]), bd - BIG_SCOUT_R + 5), best)) {
			*out = *o;
			return true;
		}
	}
	// LW.BIG.5: waggons keep within their six moves of the men they feed (the men's middle).
	tw_vec2 mid = tw_v2(0, 0);
	int nmen = 0;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].side == side && (lw_is_free(&s->fig[i]) || lw_is_boxed(s, &s->fig[i])) &&
		    s->fig[i].kind != TW_FK_WAGGON) {
			mid = tw_add(mid, s->fig[i].pos);
			nmen++;
		}
	if (nmen > 0) {
		mid = tw_scale(mid, 1.0 / nmen);
		double reach = lw_big_supply_reach(mult);
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *f = &s->fig[i];
			if (f->side != side || !lw_is_free(f) || f->kind != TW_FK_WAGGON || f->moved_in == s->move_no ||
			    tried(c, i) || tw_dist(f->pos, mid) <= reach / 2)
				continue;
			mark(c, i);
			tw_order_init(o, LW_OT_MOVE, side);
			if (step_towards(s, o, f->pos, mid, own_move(s, f), i)) {
				*out = *o;
				return true;
			}
		}
	}
	// The march: a free man (not a gun's crew, not a waggon) with no enemy within BIG_MARCH_R
	// walks straight at the nearest one; closer in, lw-default fights. (On a Country this large
	// lw-default's advance stalls far from the enemy; the march brings the men to it.)
	// lw-box: when the armies have closed and no enemy man has been lost in BIG_STALL_MOVES of
	// our moves (lw-default holds off a stronger body, random never comes on), every free man
	// marches, into contact: on the 30 ft deep bundled tables such a stand-off drew at the
	// move limit (the generated large Country, seed 2, 106 against 103 men after 200 moves).
	// So too when we have a fifth more men than the enemy: random's scattered men are then
	// hunted down rather than waited for.
	if (!c->march_done) {
		int ours = 0;
		for (int i = 0; i < s->nfig; i++)
			ours += s->fig[i].side == side && s->fig[i].kind != TW_FK_WAGGON &&
				(lw_is_free(&s->fig[i]) || lw_is_boxed(s, &s->fig[i]));
		bool hunt = c->stall >= BIG_STALL_MOVES || 5 * ours >= 6 * c->last_enemy;
		double march_r = hunt && lw_big_mult_now(s) <= 1 ? 0.0 : BIG_MARCH_R;
		uint8_t *crew = tw_calloc((size_t)s->nfig + 1, 1);
		if (!crew)
			return false;
		for (int gi = 0; gi < s->ngun; gi++) // the men by our guns stay to work them
			for (int i = 0; gi < s->ngun && s->gun[gi].side == side && i < s->nfig; i++)
				if (s->fig[i].side == side && tw_dist(s->fig[i].pos, s->gun[gi].axle) <= 8.0)
					crew[i] = 1;
		if (c->march_next == 0 || !c->keep) { // biggen: each gun's 4 nearest stay by it even in the hunt (once a move)
			if (c->nkeep_cap < s->nfig) {
				tw_free(c->keep);
				c->keep = tw_calloc((size_t)s->nfig + 1, 1);
				c->nkeep_cap = c->keep ? s->nfig : 0;
			}
			if (c->keep) {
				memset(c->keep, 0, (size_t)c->nkeep_cap);
				lw_ai_gun_crews(s, side, c->keep);
			}
		}
		for (int i = 0; c->keep && i < s->nfig; i++)
			crew[i] |= c->keep[i];
		if (march_r == 0.0 && c->march_next == 0) { // big2: the hunt's targets, once a move
			if (c->ngood_cap < s->nfig) {
				tw_free(c->good);
				c->good = tw_calloc((size_t)s->nfig + 1, 1);
				c->ngood_cap = c->good ? s->nfig : 0;
			}
			if (c->good)
				hunt_targets(s, side, c->good);
		}
		bool found = false;
		for (int i = c->march_next; i < s->nfig && !found; i++) {
			const tw_figure *f = &s->fig[i];
			c->march_next = i + 1;
			if (f->side != side || !lw_is_free(f) || (crew[i] && march_r > 0) || (crew[i] & 2) || f->kind == TW_FK_WAGGON || f->moved_in == s->move_no)
				continue;
			tw_vec2 at = f->pos;
			double d = nearest_enemy(s, side, f->pos, &at);
			if (!isfinite(d) || d <= march_r)
				continue;
			if (march_r == 0.0 && (c->good && c->stall < 2 * BIG_STALL_MOVES ? !hunt_point(s, side, f, c->good, &at, &d) : !contact_point(s, side, f, &at, &d)))
				continue;
			tw_vec2 wp = waypoint(s, f->pos, at);
			double len = wp.x == at.x && wp.y == at.y ? d - march_r + 1 : tw_dist(f->pos, wp) + 2.0;
			tw_order_init(o, LW_OT_MOVE, side);
			found = step_towards(s, o, f->pos, wp, fmin(own_move(s, f), len), i);
		}
		tw_free(crew);
		if (found) {
			*out = *o;
			return true;
		}
		c->march_done = true;
	}
	return false;
}

// The fighting general (lw-default) and the scratch order, made at the first decision or at the
// first doctrine parameter, whichever comes first (nothing draws on g's generator before either,
// so the inner general's seed is the same).
static tw_status big_inner(tw_general *g, big_ctx *c, int side)
{
	if (c->inner && c->o && c->inner->ctx)
		return TW_OK;
	if (!c->inner)
		c->inner = tw_calloc(1, sizeof *c->inner);
	if (!c->o)
		c->o = tw_calloc(1, sizeof *c->o); // zeroed: valgrind saw an unwritten place of it read (lw-gen)
	if (!c->inner || !c->o)
		return TW_ERR_NOMEM;
	if (!c->inner->def) {
		c->inner->def = &tw_general_lw_default_plain; // not lw-default, which would hand back to lw-big
		c->inner->side = side;
		c->inner->budget = g->budget;
		tw_rng_seed(&c->inner->rng, tw_rng_u64(&g->rng));
	}
	if (!c->inner->ctx)
		c->inner->ctx = tw_calloc(1, c->inner->def->ctx_size);
	return c->inner->ctx ? TW_OK : TW_ERR_NOMEM;
}

// s35 (issue 18): lw-big's doctrine parameters are those of the lw-default it fights with (`tinwar
// sim --vary red.advance=...` on a large Country or a Kriegspiel; lw-default hands its own on
// when it plays as lw-big). Before, lw-big had none and lw-default's did not reach it: such a
// study compared the same general with itself.
static tw_status set_param_big(tw_general *g, const char *name, double v, tw_error *err)
{
	big_ctx *c = g->ctx;
	if (big_inner(g, c, g->side) != TW_OK)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	tw_error e = {0};
	tw_status st = c->inner->def->set_param(c->inner, name, v, &e);
	if (st != TW_OK)
		tw_error_set(err, st, e.clause, "%s (lw-big fights as lw-default)", e.message);
	return st;
}

static tw_status decide_big(tw_general *g, const tw_state *s, int side, tw_order *out)
{
	big_ctx *c = g->ctx;
	tw_status ist = big_inner(g, c, side);
	if (ist != TW_OK)
		return ist;
	if (s->phase == LW_PH_PLAY && s->mover == side && !s->over) {
		if (c->move_no != s->move_no) {
			c->move_no = s->move_no;
			c->boxing_done = c->done = c->march_done = false;
			c->march_next = 0;
			c->supply_done = false;
			c->ts_next = c->hungry_next = 0;
			c->train_done = false;
			c->gun_next = 0;
			c->guns_done = false;
			if (c->walked)
				memset(c->walked, 0, (size_t)c->nwalked_cap);
			memset(c->box_tried, 0, sizeof c->box_tried);
			c->ntried = 0;
			int enemy = 0; // lw-box: the stall breaker's count
			for (int i = 0; i < s->nfig; i++)
				enemy += s->fig[i].side != side && s->fig[i].kind != TW_FK_WAGGON &&
					 (lw_is_free(&s->fig[i]) || lw_is_boxed(s, &s->fig[i]));
			c->stall = enemy < c->last_enemy ? 0 : c->stall + 1;
			c->last_enemy = enemy;
			const lw_side *sd = LWS(s, side); // big2: a box that has not got on is stuck
			for (int k = 0; k < sd->nbox; k++) {
				// a (two moves ago) <- b (last move) <- now
				if (tw_dist(tw_v2(sd->box_x[k], sd->box_y[k]), tw_v2(c->box_ax[k], c->box_ay[k])) < BIG_STILL_R) {
					if (++c->box_still[k] >= BIG_STILL_MOVES)
						c->stuck[k] = 1;
				} else
					c->box_still[k] = 0;
				c->box_ax[k] = c->box_bx[k];
				c->box_ay[k] = c->box_by[k];
				c->box_bx[k] = sd->box_x[k];
				c->box_by[k] = sd->box_y[k];
			}
		}
		if (!c->done) {
			if (big_order(c, s, side, out))
				return TW_OK;
			c->done = true;
		}
	}
	return c->inner->def->decide(c->inner, s, side, out);
}

static void destroy_big(tw_general *g)
{
	big_ctx *c = g->ctx;
	if (!c)
		return;
	if (c->inner) {
		if (c->inner->ctx && c->inner->def->destroy)
			c->inner->def->destroy(c->inner);
		tw_free(c->inner->ctx);
		tw_free(c->inner);
	}
	tw_free(c->o);
	tw_free(c->walked);
	tw_free(c->good);
	tw_free(c->keep);
}

const tw_general_def tw_general_lw_big = {"lw-big", "littlewars",
					  "large Country: the foot in boxes at the multiplied rate behind cavalry "
					  "scouts, waggons after the men, set out near the enemy to fight as lw-default",
					  decide_big, sizeof(big_ctx), destroy_big, set_param_big};
