// Trains for the computer general lw-big (LW.BIG.9/10, KS.RAIL.1): the foot near its train
// walks up to it for up to 4 moves and boards it as it comes (boarding is a man's move), the
// nearest gun within three moves is brought to it with its crew and boards too (lw-box), then
// the train runs up the railway towards the enemy and the men get down 150 in short of him.
// Each train is used once a game. The railway is whatever the pieces named "railway" and
// "railway bridge" let through (lw_rail_order.c); the train keeps to its own line (x or y) and
// shortens its run where the line ends or is broken.
#include <math.h>
#include "tinwar/detmath.h"

#include "lw_ai_big.h"
#include "lw_big.h"
#include "lw_boxes.h"
#include "tinwar/tinwar.h"

#define TRAIN_STOP 150.0  ///< the men get down with an enemy this near the engine
#define TRAIN_GATHER 24   ///< men at most that walk up to a train to board it
#define TRAIN_KS_LOAD 20  ///< in the Kriegspiel: 2 moves a 20 men to load (KS.RAIL.1)
#define TRAIN_GATHER_MOVES 4 ///< moves in which men walk up to a train
enum { TRAIN_FRESH = 0, TRAIN_DONE = 1, TRAIN_GATHERING = 2, TRAIN_RUN = 20 };

// The crews: each gun's 4 nearest free men of its side within 6 in (LW.MOB.4) stay with it. The
// mask goes down the calls (it was a file-wide pointer, and two generals on two threads of `sim
// --jobs 2` set it to NULL under each other: a crash, stop 33).

static void mark_crews(const tw_state *s, int side, uint8_t *mask)
{
	for (int g = 0; g < s->ngun; g++) {
		if (s->gun[g].side != side)
			continue;
		for (int k = 0; k < 4; k++) {
			int best = -1;
			double bd = INFINITY;
			for (int i = 0; i < s->nfig; i++) {
				const tw_figure *f = &s->fig[i];
				if (f->side != side || !lw_is_free(f) || mask[i] || (f->kind != TW_FK_INFANTRY && f->kind != TW_FK_CAVALRY))
					continue;
				double d = lw_fig_dist(f, s->gun[g].axle);
				if (d <= LW_REACH && d < bd) {
					bd = d;
					best = i;
				}
			}
			if (best >= 0)
				mask[best] = 1;
		}
	}
}

// A man who may go by train: a free infantryman or cavalryman of `side`, not moved this move,
// of the line (not a gunner, engineer, T&S man or the General), not one of a gun's crew.
static bool rider(const tw_state *s, int side, const tw_figure *f, const uint8_t *crew)
{
	if (f->side != side || !lw_is_free(f) || f->moved_in == s->move_no ||
	    (f->kind != TW_FK_INFANTRY && f->kind != TW_FK_CAVALRY))
		return false;
	int a = lw_ai_arm(s, f);
	if (a != LW_ARM_INFANTRY && a != LW_ARM_CAVALRY)
		return false;
	return !crew[f - s->fig];
}

// The nearest enemy free man or box to p.
static double enemy_near(const tw_state *s, int side, tw_vec2 p)
{
	double best = INFINITY;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].side != side && lw_is_free(&s->fig[i]))
			best = fmin(best, lw_fig_dist(&s->fig[i], p));
	const lw_side *e = LWS(s, lw_enemy(side));
	for (int k = 0; k < e->nbox; k++)
		best = fmin(best, tw_dist(p, tw_v2(e->box_x[k], e->box_y[k])));
	return best;
}

// LW.BIG.9/10 (lw-box): a gun of ours standing beside train k (its nearest point within 6 in of
// the engine) boards with its crew, the 4 nearest unmoved free men within 6 in of both, when the
// trucks have room (2 a gun); true with the order in o.
static bool load_gun(const tw_state *s, int side, int k, tw_order *o)
{
	const lw_side *sd = LWS(s, side);
	tw_vec2 at = tw_v2(sd->train_x[k], sd->train_y[k]);
	for (int g = 0; g < s->ngun; g++) {
		const tw_gun *gun = &s->gun[g];
		if (gun->side != side || !lw_gun_in_battle(s, gun) || lw_gun_boxed(s, gun) || lw_gun_aboard(s, gun) ||
		    gun->acted_in == s->move_no || tw_gun_distance(gun, at) > LW_REACH)
			continue;
		tw_order_init(o, LW_OT_TRAIN_LOAD, side);
		o->n = k;
		o->gun = g;
		for (int i = 0; i < s->nfig && o->nfig < LW_GUN_CREW; i++) {
			const tw_figure *f = &s->fig[i];
			if (f->side == side && f->moved_in != s->move_no && f->kind != TW_FK_WAGGON &&
			    lw_free_man_near_gun(gun, f) && lw_fig_dist(f, at) <= LW_REACH - 0.05)
				o->fig[o->nfig++] = i;
		}
		if (o->nfig >= LW_GUN_CREW && lw_ai_valid(s, o))
			return true;
	}
	return false;
}

// LW.BIG.9/10 (lw-box): the general brings a gun to train k. The nearest gun of ours (in the
// battle, not boxed or aboard, not acted this move) within three gun moves of the engine but not
// yet beside it goes towards it with its crew (its 4 nearest unmoved free men within 6 in), to
// stand with its axle 3 in short of the engine and the crew 2.2 in either side of it, or as far
// along as its move goes (12 in, 24 with 4 horsemen, times the multiplier; LW.MOB.11/13); once
// beside the train, load_gun boards it. One gun a train (2 of its 8 trucks); true with the order.
static bool bring_gun(const tw_state *s, int side, int k, tw_order *o)
{
	const lw_side *sd = LWS(s, side);
	tw_vec2 at = tw_v2(sd->train_x[k], sd->train_y[k]);
	if (lw_held_guns(s, side, LW_ON_TRAIN, k) > 0)
		return false;
	int mult = lw_big_mult_now(s);
	int best = -1;
	double bd = INFINITY;
	for (int g = 0; g < s->ngun; g++) {
		const tw_gun *gun = &s->gun[g];
		if (gun->side != side || !lw_gun_in_battle(s, gun) || lw_gun_boxed(s, gun) || lw_gun_aboard(s, gun) ||
		    LWGN(s, gun)->ks_destroyed)
			continue;
		double d = tw_gun_distance(gun, at);
		if (d > LW_REACH && d <= 3 * LW_INF_MOVE * mult + LW_REACH && d < bd) {
			bd = d;
			best = g;
		}
	}
	if (best < 0 || s->gun[best].acted_in == s->move_no) // the nearest only: brought, or busy, this move
		return false;
	const tw_gun *gun = &s->gun[best];
	tw_order_init(o, LW_OT_GUN_MOVE, side);
	o->gun = best;
	while (o->nfig < LW_GUN_CREW) { // the crew: the nearest unmoved free men within 6 in
		int c = -1;
		double cd = INFINITY;
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *f = &s->fig[i];
			bool taken = false;
			for (int j = 0; j < o->nfig && !taken; j++)
				taken = o->fig[j] == i;
			if (taken || f->side != side || f->moved_in == s->move_no || f->kind == TW_FK_WAGGON ||
			    !lw_free_man_near_gun(gun, f))
				continue;
			double d = tw_gun_distance(gun, f->pos);
			if (d < cd) {
				cd = d;
				c = i;
			}
		}
		if (c < 0)
			return false;
		o->fig[o->nfig++] = c;
	}
	int cav = 0;
	for (int j = 0; j < o->nfig; j++)
		cav += s->fig[o->fig[j]].kind == TW_FK_CAVALRY;
	double allow = (cav >= LW_GUN_CREW ? LW_CAV_MOVE : LW_INF_MOVE) * mult - 0.05;
	double d = tw_dist(gun->axle, at);
	if (d < 1e-6)
		return false;
	tw_vec2 u = tw_scale(tw_sub(at, gun->axle), 1.0 / d), n = tw_v2(-u.y, u.x);
	static const double parts[] = {1.0, 0.75, 0.5};
	for (size_t p = 0; p < TW_ARRAY_COUNT(parts); p++) {
		double len = fmin(d - 3.0, allow) * parts[p];
		if (len < 1.0)
			return false;
		tw_vec2 to = tw_add(gun->axle, tw_scale(u, len));
		o->npath = 1;
		o->path[0] = to;
		// the crew beside the gun, clear of its wheels and trail, as far as their own move goes
		static const double side_off[] = {2.2, -2.2, 2.2, -2.2}, back_off[] = {0.0, 0.0, 1.5, 1.5};
		o->has_at = true;
		for (int j = 0; j < o->nfig; j++) {
			tw_vec2 want = tw_add(to, tw_add(tw_scale(n, side_off[j]), tw_scale(u, -back_off[j])));
			const tw_figure *f = &s->fig[o->fig[j]];
			double fd = tw_dist(f->pos, want), fa = lw_allowance_now(s, f) - 0.01;
			o->at[j] = fd > fa ? tw_add(f->pos, tw_scale(tw_sub(want, f->pos), fa / fd)) : want;
			o->facing[j] = f->facing;
		}
		if (lw_ai_valid(s, o))
			return true;
		o->has_at = false; // or each man displaced with the gun
		if (lw_ai_valid(s, o))
			return true;
	}
	return false;
}

// Men within 6 in of train k board it, as many as its trucks carry (20 in all in the Kriegspiel,
// where loading takes 2 moves a 20 men); `aboard` are on it already.
static bool load(const tw_state *s, int side, int k, int aboard, tw_order *o, const uint8_t *crew)
{
	if (load_gun(s, side, k, o)) // lw-box: a gun beside the train goes with its crew first
		return true;
	const lw_side *sd = LWS(s, side);
	tw_vec2 at = tw_v2(sd->train_x[k], sd->train_y[k]);
	int inf = 0, cav = 0, cap = LWG(s)->ks ? TRAIN_KS_LOAD - aboard : TW_ORDER_MAX_FIG;
	lw_train_riders(s, side, k, &inf, &cav);
	tw_order_init(o, LW_OT_TRAIN_LOAD, side);
	o->n = k;
	for (int i = 0; i < s->nfig && o->nfig < cap; i++) {
		const tw_figure *f = &s->fig[i];
		if (!rider(s, side, f, crew) || lw_fig_dist(f, at) > LW_REACH - 0.05)
			continue;
		bool c = f->kind == TW_FK_CAVALRY;
		if (lw_rail_trucks(inf + !c, cav + c, lw_held_guns(s, side, LW_ON_TRAIN, k)) > LW_RAIL_FULL_TRUCKS) // lw-box: 2 a gun aboard
			continue;
		inf += !c;
		cav += c;
		o->fig[o->nfig++] = i;
	}
	return o->nfig >= 1 && lw_ai_valid(s, o);
}

// The nearest riders within three moves of train k walk up to it (to some 3-4 in from the
// engine, fanned out round it), TRAIN_GATHER of them in all, one order each; false when nobody can.
static bool gather(const tw_state *s, int side, int k, uint8_t *walked, tw_order *o, const uint8_t *crew)
{
	const lw_side *sd = LWS(s, side);
	tw_vec2 at = tw_v2(sd->train_x[k], sd->train_y[k]);
	int nwalked = 0, beside = 0;
	for (int i = 0; i < s->nfig; i++) {
		nwalked += walked[i];
		beside += s->fig[i].side == side && lw_is_free(&s->fig[i]) && rider(s, side, &s->fig[i], crew) &&
			  lw_fig_dist(&s->fig[i], at) <= LW_REACH - 0.05;
	}
	while (nwalked + beside < TRAIN_GATHER) {
		int best = -1;
		double bd = INFINITY;
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *f = &s->fig[i];
			if (walked[i] || !rider(s, side, f, crew) || lw_is_boxed(s, f) || lw_fig_dist(f, at) <= LW_REACH - 0.05)
				continue;
			double d = tw_dist(f->pos, at);
			if (d < bd && d <= 3 * lw_allowance_now(s, f) + 4.0) {
				bd = d;
				best = i;
			}
		}
		if (best < 0)
			return false;
		walked[best] = 1;
		nwalked++;
		const tw_figure *f = &s->fig[best];
		double ang = tw_atan2(f->pos.y - at.y, f->pos.x - at.x), allow = lw_allowance_now(s, f);
		for (int t = 0; t < 12; t++) {
			double a = ang + (t % 2 ? 1 : -1) * (t / 2) * 0.35, r = 3.0 + 0.3 * (nwalked % 4);
			tw_vec2 p = tw_v2(at.x + tw_cos(a) * r, at.y + tw_sin(a) * r);
			double d = tw_dist(f->pos, p);
			if (d > allow - 0.01) // not there this move: as far as his move goes
				p = tw_add(f->pos, tw_scale(tw_sub(p, f->pos), (allow - 0.01) / d));
			tw_order_init(o, LW_OT_MOVE, side);
			o->nfig = 1;
			o->fig[0] = best;
			o->at[0] = p;
			o->facing[0] = f->facing;
			o->has_at = true;
			if (lw_ai_valid(s, o))
				return true;
		}
	}
	return false;
}

// Train k runs up its line towards the enemy's back line, stopping TRAIN_STOP short of him.
// big2: whether the men of train k, set out at `at` (lw_apply_train_unload: a square of them
// 1.25 in apart, 3 in to the right of the line), would all stand where they can walk on
// (lw_ai_men_fit; the generated large Country, seed 22: 43 men set down in a river never moved).
static bool dry_unload(const tw_state *s, int side, int k, tw_vec2 at)
{
	int n = lw_train_riders(s, side, k, NULL, NULL), row = (int)ceil(sqrt((double)n));
	return lw_ai_men_fit(s, tw_v2(at.x + 3.0 + (row - 1) * 1.25 / 2.0, at.y), n);
}

static bool run(const tw_state *s, int side, int k, tw_order *o)
{
	const lw_side *sd = LWS(s, side);
	tw_vec2 at = tw_v2(sd->train_x[k], sd->train_y[k]);
	int inf, cav;
	lw_train_riders(s, side, k, &inf, &cav);
	tw_error err;
	double reach = lw_rail_train_move(lw_rail_trucks(inf, cav, 0), LWG(s)->ks != 0, lw_big_mult_now(s), &err);
	double d = enemy_near(s, side, at), len = fmin(reach, d - TRAIN_STOP);
	if (!(len >= 6.0))
		return false;
	double dir = s->sides[lw_enemy(side)].back_y > at.y ? 1.0 : -1.0;
	static const double parts[] = {1.0, 0.9, 0.75, 0.6, 0.5, 0.4, 0.25};
	for (size_t p = 0; p < TW_ARRAY_COUNT(parts); p++) {
		tw_order_init(o, LW_OT_TRAIN_MOVE, side);
		o->n = k;
		o->npath = 1;
		o->path[0] = tw_v2(at.x, fmin(fmax(at.y + dir * len * parts[p], 0.0), s->table.depth));
		// big2: it stops only where its men can get down on dry ground
		if (tw_dist(at, o->path[0]) >= 6.0 && dry_unload(s, side, k, o->path[0]) && lw_ai_valid(s, o))
			return true;
	}
	return false;
}

// big2: the train stands where its men would get down in the river: it runs on or back along
// the line, the shortest way (at least 6 in, at most its run), to where they would not.
static bool run_to_dry(const tw_state *s, int side, int k, tw_order *o)
{
	const lw_side *sd = LWS(s, side);
	tw_vec2 at = tw_v2(sd->train_x[k], sd->train_y[k]);
	int inf, cav;
	lw_train_riders(s, side, k, &inf, &cav);
	tw_error err;
	double reach = lw_rail_train_move(lw_rail_trucks(inf, cav, 0), LWG(s)->ks != 0, lw_big_mult_now(s), &err);
	for (double d = 6.0; d <= reach; d += 3.0)
		for (int sgn = -1; sgn <= 1; sgn += 2) {
			tw_order_init(o, LW_OT_TRAIN_MOVE, side);
			o->n = k;
			o->npath = 1;
			o->path[0] = tw_v2(at.x, at.y + sgn * d);
			if (o->path[0].y < 0.0 || o->path[0].y > s->table.depth)
				continue;
			if (dry_unload(s, side, k, o->path[0]) && lw_ai_valid(s, o))
				return true;
		}
	return false;
}

static bool train_order(const tw_state *s, int side, uint8_t *done, uint8_t *walked, tw_order *o, const uint8_t *crew);

bool lw_ai_train(const tw_state *s, int side, uint8_t *done, uint8_t *walked, tw_order *o)
{
	const lw_side *sd = LWS(s, side);
	bool any = false;
	for (int k = 0; k < sd->ntrain && k < LW_TRAIN_MAX; k++)
		any |= done[k] != 1;
	if (!any)
		return false;
	uint8_t *mask = tw_calloc((size_t)s->nfig + 1, 1);
	if (!mask)
		return false;
	mark_crews(s, side, mask);
	bool found = train_order(s, side, done, walked, o, mask);
	tw_free(mask);
	return found;
}

static bool train_order(const tw_state *s, int side, uint8_t *done, uint8_t *walked, tw_order *o, const uint8_t *crew)
{
	// done[k]: TRAIN_FRESH, TRAIN_DONE (used, or nobody came), TRAIN_RUN (loaded, running), or
	// gathering: TRAIN_GATHERING + the moves in which men walked up to it so far.
	const lw_side *sd = LWS(s, side);
	for (int k = 0; k < sd->ntrain && k < LW_TRAIN_MAX; k++) {
		if (done[k] == TRAIN_DONE || sd->train_moved[k] == s->move_no)
			continue;
		int riders = lw_train_riders(s, side, k, NULL, NULL) + lw_held_guns(s, side, LW_ON_TRAIN, k); // lw-box: guns ride too
		if (done[k] != TRAIN_RUN) {
			// The men beside it board as they come (each boarding is their move).
			if (load(s, side, k, riders, o, crew))
				return true;
			if (done[k] < TRAIN_GATHERING + TRAIN_GATHER_MOVES && bring_gun(s, side, k, o)) { // lw-box
				for (int j = 0; j < o->nfig; j++) // the crew walked up to it: the train waits for them
					walked[o->fig[j]] = 1;
				return true;
			}
			if (done[k] < TRAIN_GATHERING + TRAIN_GATHER_MOVES && gather(s, side, k, walked, o, crew))
				return true;
			bool any = false; // did anyone walk up to it this move?
			for (int i = 0; i < s->nfig && !any; i++)
				any = walked[i];
			if (done[k] == TRAIN_FRESH)
				done[k] = TRAIN_GATHERING;
			else if (any)
				done[k]++;
			if (!any || done[k] >= TRAIN_GATHERING + TRAIN_GATHER_MOVES)
				done[k] = riders > 0 ? TRAIN_RUN : TRAIN_DONE;
			continue;
		}
		if (riders == 0) {
			done[k] = TRAIN_DONE;
			continue;
		}
		if (s->move_no < sd->train_ready[k])
			continue;
		if (run(s, side, k, o))
			return true;
		if (!dry_unload(s, side, k, tw_v2(sd->train_x[k], sd->train_y[k])) && run_to_dry(s, side, k, o))
			return true;
		tw_order_init(o, LW_OT_TRAIN_UNLOAD, side); // near the enemy, or the line ends: get down
		o->n = k;
		if (lw_ai_valid(s, o)) {
			done[k] = TRAIN_DONE;
			return true;
		}
	}
	return false;
}
