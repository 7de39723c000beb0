// Guns: crews, moving, aiming and firing (LW.MOB.4-13, LW.MV.10-12, LW.C.6).
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/shot_fast.h"
#include "lw.h"
#include "lw_ks_gun_retire.h" // KS.CH.13 (lw-box)
#include "lw_ks_move.h"       // KS.MOV.1-4, KS.FORM.3
#include "tinwar/littlewars.h"

#define LW_MUZZLE_HEIGHT 1.0 // inches above the ground
#define LW_ELEV_MIN -15.0
#define LW_ELEV_MAX 45.0

bool lw_gun_crew_plain = false;

// LW.MOB.4: free men of `side` within 6 in of the gun (lw_free_man_near_gun), counted up to
// `cap` (the count is exact below it).
// h10-melee (issue 18): lw_free_man_near_gun's tests with what depends on the gun alone worked
// out once: the largest of its three lengths (lw_gun_may_be_within's, the same expression, so
// the same bits) and its frame (tw_gun_frame_distance is tw_gun_distance bit for bit), made
// at the first man within the box. And the count stops at `cap`: the callers that ask only
// whether there are 4 men (or one) stop there. lw_gun_crew_plain: the plain loop, in full.
int lw_gun_crew_upto(const tw_state *s, const tw_gun *g, int side, int cap)
{
	int n = 0;
	if (lw_gun_crew_plain) {
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *f = &s->fig[i];
			if (f->side == side && lw_free_man_near_gun(g, f))
				n++;
		}
		return n < cap ? n : cap;
	}
	double len = lw_fmax_nz(lw_fmax_nz(fabs(g->trail), fabs(g->muzzle)), fabs(g->half_axle));
	tw_gun_frame fr;
	bool framed = false;
	for (int i = 0; i < s->nfig && n < cap; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side || !lw_is_free_man(f))
			continue;
		// lw_base_near_gun(g, f->pos, f->radius): lw_gun_may_be_within(g, p, lim), then the
		// distance.
		double lim = LW_REACH + LW_EPS + f->radius;
		double ext = len + lim + 1e-6;
		double dx = fabs(f->pos.x - g->axle.x), dy = fabs(f->pos.y - g->axle.y);
		if (!(!(dx > ext || dy > ext) || isnan(dx) || isnan(dy) || isnan(ext)))
			continue;
		if (!framed) {
			fr = tw_gun_frame_of(g);
			framed = true;
		}
		if (tw_gun_frame_distance(&fr, f->pos) - f->radius <= LW_REACH + LW_EPS)
			n++;
	}
	return n;
}

int lw_gun_crew_count(const tw_state *s, const tw_gun *g, int side) { return lw_gun_crew_upto(s, g, side, INT_MAX); }

int tw_lw_gun_crew(const tw_state *s, int gun, int side)
{
	const tw_gun *g = tw_state_gun_c(s, gun);
	return g ? lw_gun_crew_count(s, g, side) : 0;
}

// LW.MOB.4 (checked at the moment the gun acts) and LW.CAP.3 (a disputed gun serves only its
// owner, and only with 4 men).
bool lw_gun_in_action(const tw_state *s, const tw_gun *g, int side)
{
	if (!lw_gun_in_battle(s, g) || g->side != side)
		return false;
	const lw_gun *r = LWGN(s, g);
	if (r->ks_destroyed || r->ks_disabled_until >= s->move_no) // KS.SH.3
		return false;
	return lw_gun_crew_upto(s, g, side, LW_GUN_CREW) >= LW_GUN_CREW;
}

static int fire_from(const tw_state *s, int side) { return LWG(s)->fire_from[side]; }

// Common checks for a gun action by the mover (LW.MOB.4-5, LW.MV.11-12).
static tw_status gun_action_ok(const tw_state *s, const tw_order *o, const tw_gun **out, tw_error *err)
{
	const tw_gun *g = tw_state_gun_c(s, o->gun);
	if (!g || !lw_gun_in_battle(s, g))
		return tw_error_set(err, TW_ERR_INPUT, "LW.MOB.4", "no gun %d", o->gun);
	if (g->side != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, g->orig_side == o->side ? "LW.CAP.4" : "LW.MOB.4",
				    "gun %d is not %s's gun", g->id, s->sides[o->side].name);
	if (LWG(s)->men_moved)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.11",
				    "guns first: men have already moved in this move, so gun %d may not act", g->id);
	const lw_gun *rg = LWGN(s, g);
	if (rg->boxed > 0) // lw-box: its crew are in the box with it
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.2", "gun %d is in box %d: open the box first", g->id,
				    rg->boxed - 1);
	if (rg->trained > 0) // lw-box: on its trucks
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.9", "gun %d is aboard train %d: unload it first", g->id,
				    rg->trained - 1);
	if (rg->ks_destroyed)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SH.3", "gun %d was destroyed by a shell", g->id);
	if (rg->ks_disabled_until >= s->move_no)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SH.3", "gun %d is disabled by a shell up to game move %d",
				    g->id, rg->ks_disabled_until);
	int crew = lw_gun_crew_upto(s, g, o->side, LW_GUN_CREW); // exact below 4, all the message tells
	if (crew < LW_GUN_CREW)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.4",
				    "gun %d is out of action: %d free men within 6 in, it needs 4", g->id, crew);
	*out = g;
	return TW_OK;
}

bool lw_swing_plain = false;

// The straight trail and muzzle at a bearing must not run into solid terrain (LW.MOB.7, LW.C.6).
// h10-melee (issue 18): a piece whose bounding box is apart from the segment's is missed
// (tw_terrain_box_apart, tw_terrain_segment_hits' own first test, inline): asked here first,
// without the call. lw_swing_plain: every solid piece asked in full.
static int swing_blocked(const tw_state *s, const tw_gun *g, double bearing)
{
	tw_gun t = *g;
	t.bearing = bearing;
	tw_vec2 a = tw_gun_trail_end(&t), b = tw_gun_muzzle(&t);
	for (int i = 0; i < s->table.nterrain; i++) {
		const tw_terrain *tr = &s->table.terrain[i];
		if (!tw_terrain_impassable(tr) || (!lw_swing_plain && tw_terrain_box_apart(tr, a, b)))
			continue;
		if (tw_terrain_segment_hits(tr, a, b))
			return tr->id;
	}
	return -1;
}

tw_status lw_validate_gun_move(const tw_state *s, const tw_order *o, tw_error *err)
{
	const tw_gun *g = NULL;
	tw_status st = gun_action_ok(s, o, &g, err);
	if (st != TW_OK)
		return st;
	if (LWG(s)->firing_gun >= 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.10", "place the trail men of gun %d first",
				    LWG(s)->firing_gun);
	if (g->acted_in == s->move_no)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.5", "gun %d has already %s in this move", g->id,
				    g->action == TW_GA_FIRED ? "fired: it may not also move" : "moved");
	if (LWGN(s, g)->disputed_until >= s->move_no && g->orig_side != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.CAP.3", "gun %d is in dispute", g->id);
	if (o->npath < 1)
		return tw_error_set(err, TW_ERR_INPUT, "LW.MOB.11", "a gun move needs a path");
	// LW.MOB.11: at least 4 of the men with it go with it.
	int with = 0, cav = 0;
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->side != o->side || !lw_is_free(f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.11", "figure %d cannot go with gun %d", o->fig[i],
					    g->id);
		if (f->moved_in == s->move_no)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.12", "figure %d has already moved", f->id);
		if (!lw_base_near_gun(g, f->pos, f->radius))
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.11", "figure %d is not with gun %d (more than 6 in away)",
					    f->id, g->id);
		for (int k = 0; k < i; k++)
			if (o->fig[k] == o->fig[i])
				return tw_error_set(err, TW_ERR_INPUT, "LW.MOB.11", "figure %d listed twice", f->id);
		with++;
		if (f->kind == TW_FK_CAVALRY)
			cav++;
	}
	if (with < LW_GUN_CREW)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.11", "a moving gun takes at least 4 of its men (%d given)",
				    with);
	tw_vec2 pts[TW_ORDER_MAX_PATH + 1];
	pts[0] = g->axle;
	for (int k = 0; k < o->npath; k++)
		pts[k + 1] = o->path[k];
	double len = tw_path_length(pts, o->npath + 1);
	// LW.MOB.13: 24 in with at least 4 cavalry going with it, else 12 in.
	// LW.BIG.1: times the multiplier in force on a large Country.
	double allow = (cav >= 4 ? LW_CAV_MOVE : LW_INF_MOVE) * lw_big_mult_now(s) * lw_big_outdoor(s); // LW.BIG.8
	if (LWG(s)->ks) {
		// KS.MOV.1: in a Kriegspiel the Royal Artillery moves 24 in (and with the multiplier);
		// contours count on top (KS.MOV.3); no steep ground off a road (KS.MOV.4), no ford (KS.FORM.3).
		lw_ks_going kg;
		st = lw_ks_path(s, NULL, pts, o->npath + 1, &kg, err);
		if (st != TW_OK)
			return st;
		// KS.FORM.3: a gun in action limbers up first, half its move.
		bool limber = !LWGN(s, g)->ks_limbered;
		if (limber)
			kg.allow *= 0.5;
		if (len + kg.contour > kg.allow + 1e-9)
			return tw_error_set(err, TW_ERR_ILLEGAL, limber && len + kg.contour <= 2 * kg.allow + 1e-9 ? "KS.FORM.3"
								 : len > kg.allow + 1e-9		    ? "KS.MOV.1"
													    : "KS.MOV.3",
					    "gun %d would move %.2f in, and %d contours up and %d down count %.0f in more: the "
					    "artillery may move %.0f in%s",
					    g->id, len, kg.up, kg.down, kg.contour, kg.allow,
					    limber ? " (limbering up takes half its move)" : "");
		allow = kg.allow;
	}
	if (len > allow + 1e-9)
		return tw_error_set(err, TW_ERR_ILLEGAL, lw_big_mult_now(s) > 1 ? "LW.BIG.1" : "LW.MOB.13",
				    "gun %d would move %.*f in; with %d cavalry going with it it may move %.0f in", g->id,
				    lw_excess_digits(len, allow), len, cav, allow);
	for (int k = 1; k <= o->npath; k++) {
		st = lw_check_leg(s, pts[k - 1], pts[k], err);
		if (st != TW_OK)
			return st;
	}
	tw_gun moved = *g;
	moved.axle = pts[o->npath];
	if (o->npath >= 1 && tw_len2(tw_sub(pts[o->npath], pts[o->npath - 1])) > 0)
		moved.bearing = tw_bearing_deg(tw_sub(pts[o->npath - 1], pts[o->npath]));
	if (moved.axle.x < 0 || moved.axle.x > s->table.width || moved.axle.y < -36 || moved.axle.y > s->table.depth + 36)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.C.3", "gun %d would leave the table", g->id);
	st = lw_ks_gun_retire_check_move(s, g, moved.axle, err); // KS.CH.13 (lw-box, lw_ks_gun_retire.c)
	if (st != TW_OK)
		return st;
	int blk = swing_blocked(s, &moved, moved.bearing);
	if (blk >= 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.14", "gun %d would be set down into %s %d%s%s", g->id,
				    tw_terrain_kind_name((tw_terrain_kind)s->table.terrain[blk].kind), blk,
				    s->table.terrain[blk].name[0] ? " " : "", s->table.terrain[blk].name);
	// Crew: each goes with it (its own path displaced, or to crew_to) and ends within 6 in.
	int within = 0;
	tw_vec2 off = tw_sub(moved.axle, g->axle);
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = &s->fig[o->fig[i]];
		tw_vec2 end = o->has_at ? o->at[i] : tw_add(f->pos, off);
		double flen = o->has_at ? tw_dist(f->pos, end) : len;
		if (flen > lw_allowance_now(s, f) + 1e-9) // LW.BIG.1: times the multiplier in force
			return tw_error_set(err, TW_ERR_ILLEGAL,
					    lw_big_mult_now(s) > 1 ? "LW.BIG.1" : f->kind == TW_FK_CAVALRY ? "LW.MOB.3" : "LW.MOB.2",
					    "figure %d cannot go %.*f in with the gun", f->id,
					    lw_excess_digits(flen, lw_allowance_now(s, f)), flen);
		if (o->has_at) {
			st = lw_check_leg(s, f->pos, end, err);
		} else {
			for (int k = 1; k <= o->npath && st == TW_OK; k++)
				st = lw_check_leg(s, tw_add(pts[k - 1], tw_sub(f->pos, g->axle)),
						  tw_add(pts[k], tw_sub(f->pos, g->axle)), err);
		}
		if (st != TW_OK)
			return st;
		st = lw_check_standing(s, f, end, err);
		if (st != TW_OK)
			return st;
		if (tw_gun_distance(&moved, end) < f->radius + LW_CLEAR && s->params[LWP_SPACING] != 0)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.14", "figure %d would stand against gun %d", f->id,
					    g->id);
		if (lw_base_near_gun(&moved, end, f->radius))
			within++;
	}
	if (within < LW_GUN_CREW)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.11", "only %d of the men end within 6 in of gun %d; 4 must",
				    within, g->id);
	return TW_OK;
}

tw_status lw_apply_gun_move(tw_state *s, const tw_order *o, tw_events *ev)
{
	tw_gun *g = &s->gun[o->gun];
	lw_ks_gun_note_move(s, g, o->path[o->npath - 1], ev); // KS.CH.13 (lw-box): retiring from cavalry
	if (LWG(s)->ks && !LWGN(s, g)->ks_limbered) { // KS.FORM.3: it limbers up to move
		LWGN(s, g)->ks_limbered = 1;
		tw_event *e = tw_events_push(ev, TW_EV_INFO, g->side, "KS.FORM.3");
		if (e) {
			e->a = g->id;
			tw_event_text(e, "gun %d limbers up: half its move", g->id);
		}
	}
	tw_vec2 pts[TW_ORDER_MAX_PATH + 1];
	pts[0] = g->axle;
	for (int k = 0; k < o->npath; k++)
		pts[k + 1] = o->path[k];
	double len = tw_path_length(pts, o->npath + 1);
	tw_vec2 off = tw_sub(pts[o->npath], g->axle);
	for (int i = 0; i < o->nfig; i++) {
		tw_figure *f = &s->fig[o->fig[i]];
		tw_vec2 end = o->has_at ? o->at[i] : tw_add(f->pos, off);
		lw_note_axle_crossings(s, f, f->pos, end);
		f->move_used = o->has_at ? tw_dist(f->pos, end) : len;
		f->pos = end;
		f->moved_in = s->move_no;
		tw_event *e = tw_events_push(ev, TW_EV_MOVE, f->side, "LW.MOB.11");
		if (e) {
			e->a = f->id;
			e->x = end.x;
			e->y = end.y;
			e->v = f->move_used;
			tw_event_text(e, "#%d goes with gun %d to (%.1f, %.1f)", f->id, g->id, end.x, end.y);
		}
	}
	g->axle = pts[o->npath];
	// LW.MOB.12: set down trail first, muzzle pointing back the way it came.
	if (tw_len2(tw_sub(pts[o->npath], pts[o->npath - 1])) > 0)
		g->bearing = tw_bearing_deg(tw_sub(pts[o->npath - 1], pts[o->npath]));
	g->action = TW_GA_MOVED;
	g->acted_in = s->move_no;
	g->shots = 0;
	lw_forget_crossers(s, g); // LW.CAP.1(b): a moved gun has another axle line; nobody has passed it yet
	tw_event *e = tw_events_push(ev, TW_EV_GUN_MOVE, o->side, "LW.MOB.12");
	if (e) {
		e->a = g->id;
		e->x = g->axle.x;
		e->y = g->axle.y;
		e->v = len;
		tw_event_text(e, "%s gun %d moves %.1f in to (%.1f, %.1f), set down trail first (muzzle at %.0f deg)",
			      s->sides[o->side].name, g->id, len, g->axle.x, g->axle.y, g->bearing);
	}
	return TW_OK;
}

int lw_gun_move_party(const tw_state *s, const tw_gun *g, int side, int max, tw_order *o)
{
	tw_order_init(o, LW_OT_GUN_MOVE, side);
	o->gun = g->id;
	for (int i = 0; i < s->nfig && o->nfig < max; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side == side && f->moved_in != s->move_no && lw_free_man_near_gun(g, f))
			o->fig[o->nfig++] = f->id;
	}
	return o->nfig;
}

static void aim(const tw_state *s, const tw_gun *g, tw_vec2 target, double over, double *bearing, double *elevation)
{
	*bearing = tw_bearing_deg(tw_sub(target, g->axle));
	tw_gun t = *g;
	t.bearing = *bearing;
	tw_vec2 m = tw_gun_muzzle(&t);
	double z0 = tw_table_ground(&s->table, g->axle) + LW_MUZZLE_HEIGHT;
	double zt = tw_table_ground(&s->table, target) + over;
	double e = tw_shot_fast_elevation_for_range(tw_dist(m, target), z0, zt);
	*elevation = isnan(e) ? 30.0 : e;
}

void lw_aim_at(const tw_state *s, const tw_gun *g, tw_vec2 target, double *bearing, double *elevation)
{
	aim(s, g, target, 1.0, bearing, elevation); // aim at a man's middle
}

// KS.SH.1: a shell is aimed to come down on the point: the screw's underside at the floor there.
static void aim_order(const tw_state *s, const tw_gun *g, const tw_order *o, double *bearing, double *elevation)
{
	if (o->type == LW_OT_SHELL)
		aim(s, g, o->target, TW_SHOT_FAST_RADIUS, bearing, elevation);
	else
		lw_aim_at(s, g, o->target, bearing, elevation);
}

tw_status lw_validate_fire(const tw_state *s, const tw_order *o, tw_error *err)
{
	const tw_gun *g = NULL;
	tw_status st = gun_action_ok(s, o, &g, err);
	if (st != TW_OK)
		return st;
	// LW.MV.10 / LW.VAR.12: no gun fires before the First Player's second move.
	if (s->move_no < fire_from(s, o->side))
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.10",
				    "no gun may fire before the First Player's second move (game move %d; firing from move %d)",
				    s->move_no, fire_from(s, o->side));
	if (LWGN(s, g)->disputed_until >= s->move_no && g->orig_side != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.CAP.3", "gun %d is in dispute: it may not fire this move", g->id);
	st = lw_ks_gun_retire_check_fire(s, g, err); // KS.CH.13 (lw-box, lw_ks_gun_retire.c)
	if (st != TW_OK)
		return st;
	if (g->acted_in == s->move_no && g->action == TW_GA_MOVED)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.5", "gun %d has moved in this move: it may not also fire",
				    g->id);
	if (g->acted_in == s->move_no && g->action == TW_GA_FIRED && LWGN(s, g)->trail_due == 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.12", "gun %d has finished firing in this move", g->id);
	if (g->acted_in == s->move_no && g->shots >= LW_GUN_SHOTS)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.6", "gun %d has fired its 4 shots in this move", g->id);
	if (LWG(s)->firing_gun >= 0 && LWG(s)->firing_gun != g->id)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.10", "place the trail men of gun %d before firing another",
				    LWG(s)->firing_gun);
	double bearing = o->bearing, elev = o->elevation;
	if (o->has_target)
		aim_order(s, g, o, &bearing, &elev);
	else if (!o->has_aim)
		return tw_error_set(err, TW_ERR_INPUT, "LW.MOB.7", "fire needs a bearing and elevation, or a target");
	if (!isfinite(bearing) || !isfinite(elev) || elev < LW_ELEV_MIN || elev > LW_ELEV_MAX)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.7", "elevation %.1f deg is beyond the screw (%.0f..%.0f)",
				    elev, LW_ELEV_MIN, LW_ELEV_MAX);
	int blk = swing_blocked(s, g, bearing);
	if (blk >= 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.7",
				    "gun %d cannot swing to %.0f deg: terrain %d is in the way, and may not be moved (LW.C.6)",
				    g->id, bearing, blk);
	return TW_OK;
}

tw_status lw_apply_fire(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev)
{
	tw_gun *g = &s->gun[o->gun];
	// What this changes before the shot flies, put back if the shot model fails (the order is
	// then refused and the state as it was: lw_apply_atomic).
	const tw_gun g_before = *g;
	const lw_gun rec_before = *LWGN(s, g);
	const int32_t firing_before = LWG(s)->firing_gun;
	const tw_rng rng_before = s->rng;
	double bearing = o->bearing, elev = o->elevation;
	if (o->has_target)
		aim_order(s, g, o, &bearing, &elev);
	// LW.MOB.7 swing about the axle midpoint; LW.MOB.9 it stays laid along its last shot.
	double laid = fmod(fmod(bearing, 360.0) + 360.0, 360.0);
	if (laid != g->bearing)
		lw_forget_crossers(s, g); // LW.CAP.1(b): a gun that swings has another axle line
	g->bearing = laid;
	g->elevation = elev;
	if (g->acted_in != s->move_no)
		g->shots = 0;
	g->action = TW_GA_FIRED;
	g->acted_in = s->move_no;
	g->shots++;
	if (LWGN(s, g)->ks_limbered) { // KS.FORM.3: unlimbered to fire (it does not move in the move: KS.MOV.5)
		LWGN(s, g)->ks_limbered = 0;
		tw_event *e = tw_events_push(ev, TW_EV_INFO, g->side, "KS.FORM.3");
		if (e) {
			e->a = g->id;
			tw_event_text(e, "gun %d unlimbers to fire", g->id);
		}
	}
	LWGN(s, g)->trail_due = s->move_no;
	LWG(s)->firing_gun = g->id;
	tw_shot_request rq = {0};
	rq.gun = g->id;
	rq.side = o->side;
	rq.model = g->model;
	rq.origin = tw_gun_muzzle(g);
	rq.z0 = tw_table_ground(&s->table, g->axle) + LW_MUZZLE_HEIGHT;
	rq.bearing = g->bearing;
	rq.elevation = g->elevation;
	rq.aim_sigma = s->params[LWP_AIM_SIGMA];
	tw_shot_result *r = tw_malloc(sizeof *r); // some 5 KB: not on the stack
	const tw_shot_model *m = ctx && ctx->shots ? ctx->shots : tw_shot_model_fast();
	tw_status fst = r ? m->fire(m, s, &rq, &s->rng, r) : TW_ERR_NOMEM;
	if (fst != TW_OK) { // out of memory, or a replay without this shot: refused, as it was
		*g = g_before;
		*LWGN(s, g) = rec_before;
		LWG(s)->firing_gun = firing_before;
		s->rng = rng_before;
		tw_free(r);
		return fst == TW_ERR_NOMEM ? TW_ERR_NOMEM : TW_ERR_STATE;
	}
	tw_event *e = tw_events_push(ev, TW_EV_SHOT, o->side, "LW.MOB.6");
	const tw_shot_recorder *rec = tw_shot_recorder_of(m);
	if (e) {
		e->a = g->id;
		e->b = g->shots;
		e->c = rec ? tw_shot_recorder_position(rec) : -1; // the trace in the game's recorded shots
		e->x = r->rest.x;
		e->y = r->rest.y;
		e->v = r->bearing;
		tw_event_text(e, "%s gun %d fires shot %d of 4 at %.1f deg, elevation %.1f deg; it comes to rest at (%.1f, %.1f)%s",
			      s->sides[o->side].name, g->id, g->shots, r->bearing, r->elevation, r->rest.x, r->rest.y,
			      r->blocked_by >= 0 ? " against terrain" : "");
	}
	if (o->type == LW_OT_SHELL) // KS.SH.1: the screw flies off and bursts where it lands
		lw_ks_shell_lands(s, r, g->id, ev);
	else
		lw_apply_shot_kills(s, r, g->id, ev);
	tw_free(r);
	return TW_OK;
}

// LW.MOB.10: the two places at the end of the trail, on the lines straight back from the wheels.
static void trail_spots(const tw_gun *g, const tw_figure *a, const tw_figure *b, tw_vec2 *pa, tw_vec2 *pb)
{
	tw_vec2 d = tw_dir_deg(g->bearing), side = tw_v2(d.y, -d.x);
	tw_vec2 end = tw_gun_trail_end(g);
	(void)a;
	(void)b;
	*pa = tw_add(end, tw_scale(side, g->half_axle));
	*pb = tw_add(end, tw_scale(side, -g->half_axle));
}

static tw_status trail_man_ok(const tw_state *s, const tw_order *o, const tw_figure *f, tw_vec2 spot, tw_error *err)
{
	if (!f || f->side != o->side || !lw_is_free(f))
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.10", "the trail men must be free men of %s",
				    s->sides[o->side].name);
	if (f->moved_in == s->move_no)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.10", "figure %d has already moved in this move", f->id);
	if (tw_dist(f->pos, spot) > lw_allowance_now(s, f) + 1e-9)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.10", "figure %d cannot reach the trail (%.1f in away)",
				    f->id, tw_dist(f->pos, spot));
	tw_status st = lw_check_leg(s, f->pos, spot, err);
	if (st != TW_OK)
		return st;
	return lw_check_standing(s, f, spot, err);
}

// Picks the two nearest men who can reach the trail (default for LW.MOB.10).
bool lw_trail_plain = false;

// pick_trail_pair's choice, nearest first (below); false when a distance is not a number (the
// plain loop decides then).
// h10-melee (issue 18): the men either pass may take, and their distances to both places, in
// one loop over the figures (the second pass takes the same men but the one the first chose:
// its list is the first's without him, in the same order, with the same distances). It gives
// up (false) exactly where the two loops did: more than CAP men, or a distance to the first
// place, or to the second of a man the second pass takes, that is not a number. *a is -1 on
// entry (pick_trail_pair's), so the first pass leaves nobody out.
static bool pick_nearest_first(const tw_state *s, const tw_order *o, int side, tw_vec2 pa, tw_vec2 pb, int32_t *a,
			       int32_t *b)
{
	enum { CAP = 128 }; // 4 KB of stack; more men: the plain loop
	int32_t all[CAP], cand[CAP];
	double dist_a[CAP], dist_b[CAP], dist[CAP];
	int nall = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side || !lw_is_free(f) || f->moved_in == s->move_no)
			continue;
		double d = tw_dist(f->pos, pa);
		if (isnan(d) || nall == CAP)
			return false;
		all[nall] = i;
		dist_a[nall] = d;
		dist_b[nall] = tw_dist(f->pos, pb);
		nall++;
	}
	for (int pass = 0; pass < 2; pass++) {
		tw_vec2 spot = pass == 0 ? pa : pb;
		int n = 0;
		for (int q = 0; q < nall; q++) {
			const tw_figure *f = &s->fig[all[q]];
			if (pass == 1 && f->id == *a)
				continue;
			if (pass == 1 && isnan(dist_b[q]))
				return false;
			cand[n] = all[q];
			dist[n] = pass == 0 ? dist_a[q] : dist_b[q];
			n++;
		}
		int32_t *pick = pass == 0 ? a : b;
		*pick = -1;
		while (n > 0) {
			int k = 0; // the nearest left, the first of equals
			for (int m = 1; m < n; m++)
				if (dist[m] < dist[k])
					k = m;
			if (!(dist[k] < INFINITY))
				break; // the loop takes only a distance below its start
			const tw_figure *f = &s->fig[cand[k]];
			if (trail_man_ok(s, o, f, spot, NULL) == TW_OK) {
				*pick = f->id;
				break;
			}
			for (int m = k + 1; m < n; m++) { // asked and refused: out, the order kept
				cand[m - 1] = cand[m];
				dist[m - 1] = dist[m];
			}
			n--;
		}
	}
	return true;
}

static bool pick_trail_pair(const tw_state *s, const tw_gun *g, int side, int32_t *a, int32_t *b)
{
	tw_vec2 pa, pb;
	trail_spots(g, NULL, NULL, &pa, &pb);
	*a = *b = -1;
	tw_order *o = tw_malloc(sizeof *o); // some 17 KB: never on the stack
	if (!o)
		return false;
	tw_order_init(o, LW_OT_TRAIL, side);
	// s30 (issue 18): the loop below takes, of the men it may, the nearest whose place at the
	// trail is allowed (the first in figure order of equals). The same man is found by asking
	// the nearest first, then the next nearest, ... (by distance, then figure order) until one is
	// allowed: trail_man_ok is pure, so asking fewer changes nothing. Any distance that is not a
	// number leaves it to the loop (its comparisons then order nothing).
	if (!lw_trail_plain && pick_nearest_first(s, o, side, pa, pb, a, b)) {
		tw_free(o);
		return *a >= 0 && *b >= 0;
	}
	*a = *b = -1;
	double da = INFINITY, db = INFINITY;
	for (int pass = 0; pass < 2; pass++) {
		tw_vec2 spot = pass == 0 ? pa : pb;
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *f = &s->fig[i];
			if (f->side != side || !lw_is_free(f) || f->moved_in == s->move_no || f->id == *a)
				continue;
			double d = tw_dist(f->pos, spot);
			if (d >= (pass == 0 ? da : db) || trail_man_ok(s, o, f, spot, NULL) != TW_OK)
				continue;
			if (pass == 0) {
				da = d;
				*a = f->id;
			} else {
				db = d;
				*b = f->id;
			}
		}
	}
	tw_free(o);
	return *a >= 0 && *b >= 0;
}

tw_status lw_validate_trail(const tw_state *s, const tw_order *o, tw_error *err)
{
	const tw_gun *g = tw_state_gun_c(s, o->gun);
	if (!g || g->side != o->side)
		return tw_error_set(err, TW_ERR_INPUT, "LW.MOB.10", "no gun %d of %s's", o->gun, s->sides[o->side].name);
	if (LWGN(s, g)->trail_due != s->move_no || g->acted_in != s->move_no)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.10", "gun %d owes no trail men (it has not fired in this move)",
				    g->id);
	if (o->nfig == 0) {
		int32_t a, b;
		if (!pick_trail_pair(s, g, o->side, &a, &b))
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.10", "no two men of %s can reach the trail of gun %d",
					    s->sides[o->side].name, g->id);
		return TW_OK;
	}
	if (o->nfig != 2 || o->fig[0] == o->fig[1])
		return tw_error_set(err, TW_ERR_INPUT, "LW.MOB.10", "two different men go to the trail");
	const tw_figure *a = tw_state_figure_c(s, o->fig[0]), *b = tw_state_figure_c(s, o->fig[1]);
	tw_vec2 pa, pb;
	trail_spots(g, a, b, &pa, &pb);
	tw_status st = trail_man_ok(s, o, a, pa, err);
	if (st != TW_OK)
		return st;
	return trail_man_ok(s, o, b, pb, err);
}

static void place_trail(tw_state *s, tw_gun *g, int32_t ia, int32_t ib, const char *clause, tw_events *ev)
{
	tw_figure *a = &s->fig[ia], *b = &s->fig[ib];
	tw_vec2 pa, pb;
	trail_spots(g, a, b, &pa, &pb);
	tw_figure *m[2] = {a, b};
	tw_vec2 p[2] = {pa, pb};
	for (int k = 0; k < 2; k++) {
		m[k]->move_used = tw_dist(m[k]->pos, p[k]);
		m[k]->pos = p[k];
		m[k]->moved_in = s->move_no; // LW.MOB.10: they may not be moved again this move
		LWF(s, m[k])->marks |= LW_MARK_TRAIL;
		tw_event *e = tw_events_push(ev, TW_EV_TRAIL, g->side, clause);
		if (e) {
			e->a = m[k]->id;
			e->b = g->id;
			e->x = p[k].x;
			e->y = p[k].y;
			tw_event_text(e, "#%d stands at the trail of gun %d", m[k]->id, g->id);
		}
	}
	LWGN(s, g)->trail_due = 0;
	if (LWG(s)->firing_gun == g->id)
		LWG(s)->firing_gun = -1;
	// LW.MOB.8 Interpretation: men laid down for this gun stand again in the same places.
	for (int i = 0; i < s->nfig; i++)
		if ((s->fig[i].flags & TW_FF_LYING) && s->fig[i].side == g->side) {
			s->fig[i].flags &= ~(uint32_t)TW_FF_LYING;
			tw_event *e = tw_events_push(ev, TW_EV_LIE, g->side, "LW.MOB.8");
			if (e) {
				e->a = i;
				e->b = 0;
				tw_event_text(e, "#%d stands up again", i);
			}
		}
}

tw_status lw_apply_trail(tw_state *s, const tw_order *o, tw_events *ev)
{
	tw_gun *g = &s->gun[o->gun];
	int32_t a = o->nfig ? o->fig[0] : -1, b = o->nfig ? o->fig[1] : -1;
	// Validated: a pair can reach, so only memory can fail the pick (nothing changed yet:
	// the order is atomic, lw_apply_atomic).
	if (o->nfig == 0 && !pick_trail_pair(s, g, o->side, &a, &b))
		return TW_ERR_NOMEM;
	place_trail(s, g, a, b, "LW.MOB.10", ev);
	return TW_OK;
}

// LW.MOB.10 Interpretation: a missing trail pair is put right at the end of the move with men
// who could have reached the trail.
void lw_fix_trails(tw_state *s, tw_events *ev)
{
	for (int i = 0; i < s->ngun; i++) {
		tw_gun *g = &s->gun[i];
		if (LWGN(s, g)->trail_due != s->move_no || g->side != s->mover)
			continue;
		int32_t a, b;
		if (pick_trail_pair(s, g, g->side, &a, &b)) {
			place_trail(s, g, a, b, "LW.MOB.10", ev);
		} else {
			LWGN(s, g)->trail_due = 0;
			tw_event *e = tw_events_push(ev, TW_EV_INFO, g->side, "LW.MOB.10");
			if (e) {
				e->a = g->id;
				tw_event_text(e, "no two men could reach the trail of gun %d", g->id);
			}
		}
	}
	LWG(s)->firing_gun = -1;
}

tw_status lw_validate_lie(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (LWG(s)->men_moved)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.11", "men are laid down only while the guns act");
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->side != o->side || !lw_is_free(f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.8", "figure %d is not a free man of %s's", o->fig[i],
					    s->sides[o->side].name);
		// LW.MOB.8: the crew of a gun, or own men in front of a gun.
		bool near = false;
		for (int k = 0; k < s->ngun && !near; k++) {
			const tw_gun *g = &s->gun[k];
			if (g->side != o->side || !lw_gun_in_battle(s, g))
				continue;
			if (lw_base_near_gun(g, f->pos, f->radius))
				near = true;
			else if (tw_dot(tw_sub(f->pos, g->axle), tw_dir_deg(g->bearing)) > 0)
				near = true;
		}
		if (!near)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.8", "figure %d is neither crew nor in front of a gun",
					    f->id);
	}
	return TW_OK;
}

tw_status lw_apply_lie(tw_state *s, const tw_order *o, tw_events *ev)
{
	for (int i = 0; i < o->nfig; i++) {
		tw_figure *f = &s->fig[o->fig[i]];
		f->flags |= TW_FF_LYING;
		tw_event *e = tw_events_push(ev, TW_EV_LIE, o->side, "LW.MOB.8");
		if (e) {
			e->a = f->id;
			e->b = 1;
			tw_event_text(e, "#%d lies down for the guns", f->id);
		}
	}
	return TW_OK;
}
