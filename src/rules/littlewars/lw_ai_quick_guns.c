// lw-quick's guns (issue 18, Scale). Before any man moves (LW.MV.11) each gun of ours in action
// fires its four shots (LW.MOB.6), then places its trail pair (LW.MOB.10). A shot goes at the best
// of the enemy men the gun can see, valued as lw-default values them (the enemy men round him,
// a cavalryman more, a little less far off), but only the LQ_GUN_LOOKS best-valued men are asked
// about, so a shot asks at most that many sight lines (exact answers, kept from shot to shot in
// the sight memo, lw_sight.c). A man of ours near the line of fire, or where the ball rolls on
// beyond the target, spoils the target (LW.FIRE.4 kills him too); no man is laid down (LW.MOB.8).
#include <math.h>
#include <string.h>

#include "core/shot_fast.h"
#include "lw_ai_quick.h"

#define LQ_GUN_VALUED 40 ///< the best-valued enemy men a shot looks at
#define LQ_GUN_LOOKS 12   ///< sight lines not in the memo that a shot may work out
#define LQ_GUN_MIN 4.0  ///< no target nearer the axle than this, inches
#define LQ_LINE_R 1.5   ///< no man of ours this near the line of fire (beyond his base), inches ...
#define LQ_CREW_R 3.5   ///< ... but the men at the gun, inches from its axle
#define LQ_BEYOND 12.0  ///< the line of fire runs on this far beyond the target (the roll), inches
#define LQ_MUZZLE_Z 1.5 ///< the eye at the muzzle, inches above the ground at the axle
#define LQ_TARGET_Z 1.0 ///< the point seen on a man, inches above the ground he stands on

// Our men (free or held prisoner, standing) near the line of fire from the muzzle through t and
// LQ_BEYOND on, beyond the men at the gun: the free ones go into lie->fig (up to
// TW_ORDER_MAX_FIG); false when a man held prisoner stands there (he cannot lie down).
static bool own_in_line(const tw_state *s, const lq_ai *ai, const tw_gun *g, tw_vec2 muzzle, tw_vec2 t, tw_order *lie)
{
	lie->nfig = 0;
	double L = tw_dist(muzzle, t);
	if (!(L > 1e-6))
		return false;
	tw_vec2 end = tw_add(t, tw_scale(tw_sub(t, muzzle), LQ_BEYOND / L)), lo, hi;
	lw_seg_box(muzzle, end, LQ_LINE_R + 1.0, &lo, &hi);
	tw_vec2 dl = tw_sub(end, muzzle);
	double reach = lw_off_line_reach(dl, LQ_LINE_R + 1.0);
	for (int k = 0; k < ai->nmine; k++) {
		const tw_figure *m = &s->fig[ai->mine[k]];
		if (lw_outside_box(m->pos, lo, hi) || lw_off_line(m->pos, muzzle, dl, reach) || (m->flags & TW_FF_LYING) ||
		    m->status == TW_FS_DEAD)
			continue;
		if (tw_dist(m->pos, g->axle) <= LQ_CREW_R)
			continue;
		if (tw_dist_point_segment(m->pos, muzzle, end) >= LQ_LINE_R + m->radius)
			continue;
		if (!lw_is_free(m) || lie->nfig >= TW_ORDER_MAX_FIG)
			return false;
		lie->fig[lie->nfig++] = m->id;
	}
	return true;
}

// The ground under figure i, worked out once for each place he stands at (ai->gz).
static double fig_ground(const tw_state *s, lq_ai *ai, int i)
{
	const tw_figure *f = &s->fig[i];
	if (isnan(ai->gz[i]) || memcmp(&ai->gz_at[i], &f->pos, sizeof f->pos) != 0) {
		ai->gz[i] = tw_table_ground(&s->table, f->pos);
		ai->gz_at[i] = f->pos;
	}
	return ai->gz[i];
}

// Gun g's targets this move: the LQ_GUN_VALUED enemy men in range of the best value, best first
// (the first in figure order among equals), in ai->glist. Enemy men do not move while our guns act,
// and a gun that has fired stays where it is, so the list holds for the gun's whole move; men
// who fall meanwhile are passed over.
static void gun_list(const tw_state *s, lq_ai *ai, const tw_gun *g)
{
	ai->glist_gun = g->id;
	ai->glist_move = s->move_no;
	ai->glist_z = tw_table_ground(&s->table, g->axle);
	double range = tw_shot_fast_max_range(ai->glist_z + 1.0) * 0.95;
	int32_t *ci = ai->glist; // the men in range by value, best first (the first in figure order among
	double *cv = ai->tmpd;   // equals: an insertion sort, men taken in figure order)
	int n = 0;
	for (int k = 0; k < ai->nfoe; k++) {
		int i = ai->foe[k];
		const tw_figure *f = &s->fig[i];
		if (!lw_is_free(f))
			continue;
		double d = tw_dist(g->axle, f->pos);
		if (!(d >= LQ_GUN_MIN && d <= range))
			continue;
		double v = 1.0 + ai->crowd[i] - d / 400.0 + (f->kind == TW_FK_CAVALRY ? 0.5 : 0.0);
		if (n == LQ_GUN_VALUED && !(v > cv[n - 1]))
			continue;
		int at = n < LQ_GUN_VALUED ? n++ : n - 1;
		while (at > 0 && v > cv[at - 1]) {
			ci[at] = ci[at - 1];
			cv[at] = cv[at - 1];
			at--;
		}
		ci[at] = i;
		cv[at] = v;
	}
	ai->glist_n = n;
}

// Gun g's next order: a FIRE at the best-valued man of its list still free that it sees, or first
// a LIE_DOWN of our men in the way (LW.MOB.8: the shot skims a man's height, and passes over men
// lying down); false when it has no target, or the rules refuse. A sight line the memo knows
// costs nothing; at most LQ_GUN_LOOKS new ones are worked out a shot.
static bool gun_shot(const tw_state *s, lq_ai *ai, const tw_gun *g, int side, tw_order *o)
{
	if (ai->glist_gun != g->id || ai->glist_move != s->move_no)
		gun_list(s, ai, g);
	tw_vec2 muzzle = tw_gun_muzzle(g);
	double za = ai->glist_z + LQ_MUZZLE_Z;
	int looks = 0;
	for (int c = 0; c < ai->glist_n; c++) {
		int i = ai->glist[c];
		const tw_figure *f = &s->fig[i];
		if (!lw_is_free(f)) // fallen to an earlier shot of this move
			continue;
		double zt = fig_ground(s, ai, i) + LQ_TARGET_Z;
		int seen = lw_sight_known(&ai->sight, g->axle, za, f->pos, zt);
		if (seen < 0 && looks < LQ_GUN_LOOKS) {
			looks++;
			seen = lw_sight(&ai->sight, &s->table, g->axle, za, f->pos, zt);
		}
		tw_order_init(o, LW_OT_LIE_DOWN, side);
		if (seen != 1 || !own_in_line(s, ai, g, muzzle, f->pos, o))
			continue;
		if (o->nfig > 0) {
			if (lq_legal(s, o))
				return true; // the gun fires next time
			continue;
		}
		tw_order_init(o, LW_OT_FIRE, side);
		o->gun = g->id;
		o->has_target = true;
		o->target = f->pos;
		if (!lq_legal(s, o))
			return false;
		ai->fired = true;
		return true;
	}
	return false;
}

bool lq_gun_order(const tw_state *s, lq_ai *ai, int side, tw_order *o)
{
	if (LWG(s)->men_moved || side < 0 || side > 1)
		return false;
	int firing = LWG(s)->firing_gun;
	if (firing >= 0 && firing < s->ngun) {
		const tw_gun *g = &s->gun[firing];
		if (g->side == side && g->acted_in == s->move_no && g->shots < LW_GUN_SHOTS && gun_shot(s, ai, g, side, o))
			return true;
		tw_order_init(o, LW_OT_TRAIL, side); // the nearest pair (LW.MOB.10)
		o->gun = firing;
		if (lq_legal(s, o))
			return true;
		// No pair can reach the trail: nothing else may be ordered before it, and the move's
		// end lets it go (lw_fix_trails).
		ai->stage = 3;
		tw_order_init(o, LW_OT_END_MOVE, side);
		return true;
	}
	if (s->move_no < LWG(s)->fire_from[side]) // LW.MV.10: no gun fires yet
		return false;
	for (; ai->gun_cursor < s->ngun; ai->gun_cursor++) {
		const tw_gun *g = &s->gun[ai->gun_cursor];
		if (g->side != side || g->acted_in == s->move_no || lw_gun_boxed(s, g) || lw_gun_aboard(s, g) ||
		    !lw_gun_in_action(s, g, side))
			continue;
		if (gun_shot(s, ai, g, side, o))
			return true; // the same gun again next time (it is the firing gun once it has fired)
	}
	return false;
}
