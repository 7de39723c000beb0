// The guns of the computer general lw-big (issue 18 biggen): they fire first in each of its moves.
// lw-big gives its own orders (boxes, the march, the hunt) before it hands over to lw-default,
// and once one man has moved no gun may act in that move (LW.MV.11): lw-default's guns, which it
// fires only before any man moves, never fired (the generated large Country, seed 14: no shot
// in 200 moves, six guns in action from move 28). So each gun of ours in action fires first, up
// to its four shots (LW.MOB.6), at the enemy man with most enemy men round him, and then places
// its trail pair (LW.MOB.10); the rules aim it at the point (lw_aim_at, the aim's scatter
// LWP_AIM_SIGMA). A shot kills whoever it knocks over, ours too (LW.FIRE.1-4): no target is
// taken with one of our men (free or held prisoner) near the line of fire, a little beyond the
// target (where the ball rolls on) or round the target.
#include <math.h>
#include <stdlib.h>

#include "core/shot_fast.h"
#include "lw_ai_big.h"
#include "tinwar/tinwar.h"

#define GUNS_NEAR_R 2.5    ///< enemy men this near a target man count for it (as lw-default's)
#define GUNS_LINE_R 2.0    ///< no man of ours this near the line of fire ...
#define GUNS_CREW_R 3.5    ///< ... but the crew at the gun (the ball passes over them)
#define GUNS_BEYOND 30.0   ///< the line of fire runs on this far beyond the target (the roll)
#define GUNS_AROUND_R 6.0  ///< no man of ours this near the target itself
#define GUNS_MIN_ENEMY 1.0 ///< a target scores at least this (a lone man is shot at too)
#define GUNS_MAX_R 216.0   ///< no farther (LW.BIG.4's 20 ft less 2): a far gun goes in a box and comes up

typedef struct cand {
	int i;
	double v;
} cand;

static int by_value(const void *a, const void *b)
{
	const cand *x = a, *y = b;
	if (x->v != y->v)
		return x->v < y->v ? 1 : -1;
	return x->i - y->i; // deterministic order among equals
}

// Whether a man of `side` (free, or held prisoner by the enemy) stands near the line from the
// muzzle through t and on beyond it, or round t.
static bool own_in_the_way(const tw_state *s, int side, const tw_gun *g, tw_vec2 muzzle, tw_vec2 t)
{
	double L = tw_dist(muzzle, t);
	if (L < 1e-6)
		return true;
	tw_vec2 end = tw_add(t, tw_scale(tw_sub(t, muzzle), GUNS_BEYOND / L));
	for (int k = 0; k < s->nfig; k++) {
		const tw_figure *m = &s->fig[k];
		if (m->side != side || !(lw_is_free(m) || m->status == LW_FS_PRISONER || m->status == LW_FS_FREED))
			continue;
		if (tw_dist(m->pos, t) <= GUNS_AROUND_R)
			return true;
		if (tw_dist(m->pos, g->axle) <= GUNS_CREW_R)
			continue;
		if (tw_dist_point_segment(m->pos, muzzle, end) < GUNS_LINE_R + m->radius)
			return true;
	}
	return false;
}

// Whether a solid piece (a house, a wall, a wood) stands on the line from a to b (every 2 in).
static bool blocked(const tw_state *s, tw_vec2 a, tw_vec2 b)
{
	int n = (int)ceil(tw_dist(a, b) / 2.0);
	for (int k = 1; k < n; k++) {
		tw_vec2 p = tw_add(a, tw_scale(tw_sub(b, a), (double)k / n));
		for (int t = 0; t < s->table.nterrain; t++) {
			const tw_terrain *tr = &s->table.terrain[t];
			if (tw_terrain_impassable(tr) && tw_terrain_contains(tr, p))
				return true;
		}
	}
	return false;
}

// LW.MOB.10: whether two free men of `side` who have not moved could stand at the trail of gun
// g once laid at `bearing` (as the rules place them: lw_gun.c's trail_spots). A gun fired whose
// trail no two men can reach holds every other order of the move until its end (the rules ask
// for the trail first): so none fires unless they can (the generated large Country, seed 26,
// men crowded round the guns: every move was lost so from move 40 on).
static bool trail_ok(const tw_state *s, int side, const tw_gun *g, double bearing)
{
	tw_gun laid = *g;
	laid.bearing = fmod(fmod(bearing, 360.0) + 360.0, 360.0);
	tw_vec2 d = tw_dir_deg(laid.bearing), across = tw_v2(d.y, -d.x), end = tw_gun_trail_end(&laid);
	tw_vec2 spot[2] = {tw_add(end, tw_scale(across, laid.half_axle)), tw_add(end, tw_scale(across, -laid.half_axle))};
	int first = -1;
	for (int k = 0; k < 2; k++) {
		int best = -1;
		double bd = INFINITY;
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *f = &s->fig[i];
			if (i == first || f->side != side || !lw_is_free(f) || f->moved_in == s->move_no || f->kind == TW_FK_WAGGON)
				continue;
			double dd = tw_dist(f->pos, spot[k]);
			if (dd > lw_allowance_now(s, f) - 1e-6 || dd >= bd)
				continue;
			if (lw_check_leg(s, f->pos, spot[k], NULL) != TW_OK || lw_check_standing(s, f, spot[k], NULL) != TW_OK)
				continue;
			bd = dd;
			best = i;
		}
		if (best < 0)
			return false;
		first = best;
	}
	return true;
}

// The best target of gun g: where the rules aim it. False: none worth a shot.
static bool pick_target(const tw_state *s, int side, const tw_gun *g, tw_vec2 *at)
{
	cand *c = tw_malloc(((size_t)s->nfig + 1) * sizeof *c);
	if (!c)
		return false;
	double range = fmin(GUNS_MAX_R, tw_shot_fast_max_range(tw_table_ground(&s->table, g->axle) + 1.0) * 0.9);
	int n = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side == side || f->side > 1 || !lw_is_free(f) || f->kind == TW_FK_WAGGON)
			continue;
		double d = tw_dist(g->axle, f->pos);
		if (!(d <= range) || d < 6.0) // (and a man whose place this view does not know)
			continue;
		double v = 0;
		for (int k = 0; k < s->nfig; k++) {
			const tw_figure *e = &s->fig[k];
			if (e->side == f->side && lw_is_free(e) && e->kind != TW_FK_WAGGON && fabs(e->pos.x - f->pos.x) <= GUNS_NEAR_R &&
			    tw_dist(e->pos, f->pos) <= GUNS_NEAR_R)
				v += 1.0;
		}
		if (v < GUNS_MIN_ENEMY)
			continue;
		c[n++] = (cand){i, v - d / 400.0};
	}
	qsort(c, (size_t)n, sizeof *c, by_value);
	tw_vec2 muzzle = tw_gun_muzzle(g);
	bool found = false;
	for (int k = 0; k < n && k < 24 && !found; k++) {
		tw_vec2 t = s->fig[c[k].i].pos;
		if (own_in_the_way(s, side, g, muzzle, t) || blocked(s, muzzle, t))
			continue;
		double bearing, elev;
		lw_aim_at(s, g, t, &bearing, &elev);
		if (!trail_ok(s, side, g, bearing))
			continue;
		*at = t;
		found = true;
	}
	tw_free(c);
	return found;
}

bool lw_ai_big_guns(const tw_state *s, int side, int *cursor, tw_order *o)
{
	if (LWG(s)->men_moved)
		return false; // LW.MV.11: the guns are done once a man has moved
	int firing = LWG(s)->firing_gun;
	if (firing >= 0) { // LW.MOB.6: the gun firing fires on, then its trail (LW.MOB.10)
		const tw_gun *g = &s->gun[firing];
		if (g->side != side)
			return false;
		tw_vec2 t;
		if (g->shots < LW_GUN_SHOTS && pick_target(s, side, g, &t)) {
			tw_order_init(o, LW_OT_FIRE, side);
			o->gun = g->id;
			o->has_target = true;
			o->target = t;
			if (lw_ai_valid(s, o))
				return true;
		}
		tw_order_init(o, LW_OT_TRAIL, side);
		o->gun = firing;
		return lw_ai_valid(s, o); // else the move's end puts it right (lw_fix_trails)
	}
	for (; *cursor < s->ngun; ++*cursor) {
		const tw_gun *g = &s->gun[*cursor];
		if (g->side != side || g->acted_in == s->move_no || !lw_gun_in_battle(s, g) || !lw_gun_in_action(s, g, side))
			continue;
		tw_vec2 t;
		if (!pick_target(s, side, g, &t))
			continue;
		tw_order_init(o, LW_OT_FIRE, side);
		o->gun = g->id;
		o->has_target = true;
		o->target = t;
		if (lw_ai_valid(s, o)) {
			++*cursor;
			return true;
		}
	}
	return false;
}

void lw_ai_gun_crews(const tw_state *s, int side, uint8_t *mask)
{
	for (int gi = 0; gi < s->ngun; gi++) {
		const tw_gun *g = &s->gun[gi];
		if (g->side != side || !lw_gun_in_battle(s, g) || lw_gun_boxed(s, g) || lw_gun_aboard(s, g))
			continue;
		for (int k = 0; k < LW_GUN_CREW; k++) { // the nearest not yet kept, within 6 in (LW.MOB.4)
			int best = -1;
			double bd = INFINITY;
			for (int i = 0; i < s->nfig; i++) {
				const tw_figure *f = &s->fig[i];
				if (f->side != side || !lw_is_free(f) || f->kind == TW_FK_WAGGON || (mask[i] & 2) ||
				    !lw_free_man_near_gun(g, f))
					continue;
				double d = tw_gun_distance(g, f->pos);
				if (d < bd) {
					bd = d;
					best = i;
				}
			}
			if (best < 0)
				break;
			mask[best] |= 2;
		}
	}
}
