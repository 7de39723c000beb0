// Moving men (LW.MOB.1-3, LW.MOB.14-15, LW.MV.3, LW.MV.11-12, LW.MEL.2, LW.MEL.10, LW.VAR.1).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/vmemo.h"
#include "lw.h"
#include "lw_waggons.h"
#include "lw_ks_pursuit.h" // lw-box
#include "lw_fgrid.h"
#include "lw_fmt.h"
#include "lw_scratch.h"
#include "lw_pgrid.h"
#include "lw_obstacles.h" // issue 16: a ditch is rough going
#include "lw_capture.h"
#include "lw_kinds.h"
#include "lw_util.h" // lw_first_move_offset (LW.MV.3)
#include "lw_ks_move.h" // KS.MOV.1-4, KS.FORM.3-5

// s31-move (issue 18): what check_own's terrain tests look for on a table without a terrain index
// (Hook's Farm and every table of a few dozen pieces), found in one pass over the pieces' kinds
// instead of three (the leg's river, the ditches, the place's water): whether any piece is a river
// (without one, lw_check_leg finds no river near the leg and lw_table_is_water no water, by the
// pieces' kinds alone) and whether any piece is of a rough kind (without one, lw_rough_extra
// is +0). A kind's bit is taken modulo 64: a kind of 64 or more may only make the test say yes,
// and then the plain function is asked. tests/test_exact_move.c compares the verdicts and words
// with the plain loops'.
typedef struct own_terrain {
	bool ok;    ///< the fields below hold; otherwise the plain functions are asked
	bool river; ///< maybe a river piece on the table (false: surely none)
	bool rough; ///< maybe a piece of a rough kind on the table (false: surely none)
} own_terrain;

bool lw_move_terrain_plain = false;

static void own_terrain_find(const tw_state *s, own_terrain *ot)
{
	const tw_table *tb = &s->table;
	ot->ok = false;
	if (lw_move_terrain_plain || lw_river_plain || lw_rough_plain || lw_tindex_for(tb))
		return;
	uint64_t kinds = lw_kinds_mask(tb);
	ot->river = (kinds >> TW_TER_RIVER) & 1u;
	ot->rough = (kinds & LW_ROUGH_KINDS) != 0;
	ot->ok = true;
}

// s31-move (issue 18): the pieces in the way of a man standing at p (his radius and the spacing
// within r) looked for in check_leg's loop over the pieces for his last leg (with the table's
// summary: every piece, in order, both tests after the one tw_terrain_impassable): `hit` the
// first such piece, -1 none, STAND_UNKNOWN not looked for. check_standing names it after its
// tests that come first (off the table), as its own loop would have.
#define STAND_UNKNOWN (-2)
typedef struct stand_probe {
	tw_vec2 p;
	double r; ///< lw_check_standing's r
	int hit;
} stand_probe;

static tw_status check_standing(const tw_state *s, const tw_figure *f, tw_vec2 p, const own_terrain *ot, int hit,
				tw_error *err);

// LW.MOB.14: a man stands clear of buildings, trees, rocks and guns; never in open water.
tw_status lw_check_standing(const tw_state *s, const tw_figure *f, tw_vec2 p, tw_error *err)
{
	return check_standing(s, f, p, NULL, STAND_UNKNOWN, err);
}

static tw_status stand_blocked(const tw_figure *f, tw_vec2 p, const tw_terrain *t, tw_error *err)
{
	return tw_error_set(err, TW_ERR_ILLEGAL, t->kind == TW_TER_HOUSE ? "LW.C.4" : "LW.MOB.14",
			    "figure %d at (%.2f, %.2f) would stand in or against %s %d%s%s", f->id, p.x, p.y,
			    tw_terrain_kind_name((tw_terrain_kind)t->kind), t->id, t->name[0] ? " " : "", t->name);
}

// Whether piece t (impassable) is in the way of a man standing at p with r as below.
static inline bool stand_meets(const tw_terrain *t, tw_vec2 p, double r)
{
	if (p.x < t->lo.x - r || p.x > t->hi.x + r || p.y < t->lo.y - r || p.y > t->hi.y + r)
		return false; // farther than r from the piece's bounding box, so farther from the piece
	return tw_terrain_distance(t, p) < r;
}

// lw_check_standing, with the table's summary (ot->ok) or without (ot NULL or not ok), and the
// first piece in the way found already (hit >= 0, -1 none) or not (STAND_UNKNOWN).
static tw_status check_standing(const tw_state *s, const tw_figure *f, tw_vec2 p, const own_terrain *ot, int hit,
				tw_error *err)
{
	const bool sum = ot && ot->ok;
	double clear = s->params[LWP_SPACING] != 0 ? LW_CLEAR : 0.0;
	if (p.x < f->radius || p.x > s->table.width - f->radius)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.C.3", "(%.2f, %.2f) is off the side of the table", p.x, p.y);
	if (p.y < -36 || p.y > s->table.depth + 36)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.C.3", "(%.2f, %.2f) is too far off the table", p.x, p.y);
	// The pieces near p (all of them without the general's terrain index), in order.
	if (hit >= 0)
		return stand_blocked(f, p, &s->table.terrain[hit], err);
	if (hit == STAND_UNKNOWN) {
		double rr = f->radius + clear;
		lw_tindex *ix = sum ? NULL : lw_tindex_for(&s->table);
		int nc = ix ? lw_tindex_query(ix, tw_v2(p.x - rr, p.y - rr), tw_v2(p.x + rr, p.y + rr)) : s->table.nterrain;
		// s29-sfast (issue 18): r and the pieces' array read once, not again after each call.
		const double r = f->radius + clear - 1e-9;
		const tw_terrain *const pieces = s->table.terrain;
		for (int k = 0; k < nc; k++) {
			const tw_terrain *t = &pieces[ix ? ix->cand[k] : k];
			if (tw_terrain_impassable(t) && stand_meets(t, p, r))
				return stand_blocked(f, p, t, err);
		}
	}
	if ((!sum || ot->river) && lw_table_is_water(&s->table, p))
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.C.4", "figure %d would stand in the river at (%.2f, %.2f)",
				    f->id, p.x, p.y);
	// s31-move (issue 18): the box test first (most guns are far), then the gun's records: the
	// same tests, all of them pure, so the same first gun in the way.
	// (lw_move_terrain_plain: the records first, as before.)
	const double reach = f->radius + clear;
	const bool box_first = !lw_move_terrain_plain;
	for (int i = 0; i < s->ngun; i++) {
		const tw_gun *g = &s->gun[i];
		if (box_first && !lw_gun_may_be_within(g, p, reach))
			continue;
		if (!lw_gun_in_battle(s, g) || lw_gun_boxed(s, g) || lw_gun_aboard(s, g)) // lw-box: not on the table
			continue;
		if ((box_first || lw_gun_may_be_within(g, p, reach)) && tw_gun_distance(g, p) < reach - 1e-9)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.14", "figure %d would stand against gun %d", f->id,
					    g->id);
	}
	return TW_OK;
}

bool lw_river_plain = false;

static tw_status check_leg(const tw_state *s, tw_vec2 a, tw_vec2 b, const own_terrain *ot, stand_probe *probe,
			   tw_error *err);

// LW.MOB.1: the string bends round obstacles; it may not pass through them.
tw_status lw_check_leg(const tw_state *s, tw_vec2 a, tw_vec2 b, tw_error *err)
{
	return check_leg(s, a, b, NULL, NULL, err);
}

static tw_status leg_blocked(tw_vec2 a, tw_vec2 b, const tw_terrain *t, tw_error *err)
{
	return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.1",
			    "the path from (%.1f, %.1f) to (%.1f, %.1f) passes through %s %d%s%s: go round it", a.x, a.y,
			    b.x, b.y, tw_terrain_kind_name((tw_terrain_kind)t->kind), t->id, t->name[0] ? " " : "",
			    t->name);
}

// lw_check_leg, with the table's summary (ot->ok) or without (ot NULL or not ok); with the
// summary and a probe, the pieces in the way of standing at probe->p looked for in the same loop.
static tw_status check_leg(const tw_state *s, tw_vec2 a, tw_vec2 b, const own_terrain *ot, stand_probe *probe,
			   tw_error *err)
{
	// The pieces whose boxes may meet the leg's (all of them without the general's terrain
	// index), in order: the first piece in the way is named as the plain loop names it.
	const bool sum = ot && ot->ok; // s31-move: the table's summary (no index, then)
	lw_tindex *ix = sum ? NULL : lw_tindex_for(&s->table);
	int nc = ix ? lw_tindex_query(ix, tw_v2(fmin(a.x, b.x), fmin(a.y, b.y)), tw_v2(fmax(a.x, b.x), fmax(a.y, b.y)))
		    : s->table.nterrain;
	// s29-sfast (issue 18): the leg's box (tw_terrain_box_apart's) and the pieces' array worked
	// out once, not again for each piece after each call; the same comparisons.
	const double x0 = a.x < b.x ? a.x : b.x, x1 = a.x < b.x ? b.x : a.x;
	const double y0 = a.y < b.y ? a.y : b.y, y1 = a.y < b.y ? b.y : a.y;
	const tw_terrain *const pieces = s->table.terrain;
	if (sum && probe) { // every piece (no index): the leg's test, then the place's
		const tw_vec2 p = probe->p;
		const double r = probe->r;
		int hit = -1;
		for (int k = 0; k < nc; k++) {
			const tw_terrain *t = &pieces[k];
			if (!tw_terrain_impassable(t))
				continue;
			if (!(x1 < t->lo.x || x0 > t->hi.x || y1 < t->lo.y || y0 > t->hi.y) && tw_terrain_segment_hits(t, a, b))
				return leg_blocked(a, b, t, err);
			if (hit < 0 && stand_meets(t, p, r))
				hit = k;
		}
		probe->hit = hit;
	} else {
		for (int k = 0; k < nc; k++) {
			const tw_terrain *t = &pieces[ix ? ix->cand[k] : k];
			if (tw_terrain_impassable(t) && !(x1 < t->lo.x || x0 > t->hi.x || y1 < t->lo.y || y0 > t->hi.y) &&
			    tw_terrain_segment_hits(t, a, b))
				return leg_blocked(a, b, t, err);
		}
	}
	// Open water: sample the leg every half inch, if a river lies near it at all.
	bool river = false;
	if (sum && !ot->river)
		return TW_OK; // no river on the table: none near the leg
	// s31-move (issue 18): without an index and without a river on the table (lw_kinds_mask's
	// bit clear), no river near the leg (the loop below finds none).
	if (!sum && !ix && !lw_river_plain && !lw_move_terrain_plain &&
	    !((lw_kinds_mask(&s->table) >> TW_TER_RIVER) & 1u))
		return TW_OK;
	if (!ix && !lw_river_plain) {
		// s27-hook8 (issue 18): without an index, the pieces up to the next river are passed
		// over by their kind alone (the plain loop's first test), then that river's box as below.
		for (int k = lw_next_river(&s->table, 0); k < nc; k = lw_next_river(&s->table, k + 1)) {
			const tw_terrain *t = &s->table.terrain[k];
			if (fmax(a.x, b.x) >= t->lo.x && fmin(a.x, b.x) <= t->hi.x && fmax(a.y, b.y) >= t->lo.y &&
			    fmin(a.y, b.y) <= t->hi.y) {
				river = true;
				break;
			}
		}
	}
	for (int k = 0; k < nc && !river && (ix || lw_river_plain); k++) {
		const tw_terrain *t = &s->table.terrain[ix ? ix->cand[k] : k];
		river = t->kind == TW_TER_RIVER && fmax(a.x, b.x) >= t->lo.x && fmin(a.x, b.x) <= t->hi.x &&
			fmax(a.y, b.y) >= t->lo.y && fmin(a.y, b.y) <= t->hi.y;
	}
	if (!river || lw_leg_dry(s, a, b)) // s25-speed: a leg clear of every river's outline, dry at a
		return TW_OK;
	double len = tw_dist(a, b);
	int n = (int)(len / 0.5) + 1;
	for (int k = 0; k <= n; k++) {
		tw_vec2 p = tw_add(a, tw_scale(tw_sub(b, a), (double)k / n));
		if (lw_table_is_water(&s->table, p)) {
			const tw_terrain *w = NULL; // the river piece, to name it
			for (int i = 0; i < s->table.nterrain && !w; i++)
				if (s->table.terrain[i].kind == TW_TER_RIVER && tw_terrain_contains(&s->table.terrain[i], p))
					w = &s->table.terrain[i];
			char piece[64] = "the river";
			if (w)
				snprintf(piece, sizeof piece, "river %d%s%s", w->id, w->name[0] ? " " : "", w->name);
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.C.4",
					    "the path crosses %s at (%.1f, %.1f): use a ford or bridge", piece, p.x, p.y);
		}
	}
	return TW_OK;
}

// The path of figure i of a move order: start plus waypoints (group path displaced).
static int figure_path(const tw_state *s, const tw_order *o, int i, tw_vec2 *out)
{
	const tw_figure *f = &s->fig[o->fig[i]];
	out[0] = f->pos;
	if (o->has_at) {
		out[1] = o->at[i];
		return 2;
	}
	tw_vec2 anchor = s->fig[o->fig[0]].pos;
	tw_vec2 off = tw_sub(f->pos, anchor);
	for (int k = 0; k < o->npath; k++)
		out[k + 1] = tw_add(o->path[k], off);
	return o->npath + 1;
}

static bool may_move_prisoner(const tw_state *s, const tw_figure *f, int side)
{
	// LW.MEL.10: the captor moves his prisoners from his next move onwards.
	return f->status == LW_FS_PRISONER && LWF(s, f)->captor == side && s->move_no > LWF(s, f)->changed_in;
}

// LW.MEL.12: prisoner p (not a surrendered man still waiting to be collected, LW.MEL.16) still
// has an escort who is a free man of the captor.
static bool escort_holds(const tw_state *s, const tw_figure *p)
{
	if (LWF(s, p)->marks & LW_MARK_SURRENDERED)
		return true;
	const tw_figure *e = tw_state_figure_c(s, LWF(s, p)->escort);
	return e && lw_is_free(e) && e->side == LWF(s, p)->captor;
}

static tw_status check_figures(const tw_state *s, const tw_order *o, const int *slot, const tw_vec2 *ends,
			       int *room, tw_vec2 *room_at, lw_fgrid *fg, tw_error *err);

tw_status lw_validate_move(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (o->nfig < 1)
		return tw_error_set(err, TW_ERR_INPUT, "LW.MOB.1", "a move needs at least one figure");
	if (!o->has_at && o->npath < 1)
		return tw_error_set(err, TW_ERR_INPUT, "LW.MOB.1", "a move needs a path or destinations");
	if (LWG(s)->firing_gun >= 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.10",
				    "gun %d has fired: place its two trail men (a trail order) before moving men",
				    LWG(s)->firing_gun);
	tw_vec2 path[TW_ORDER_MAX_PATH + 1];
	for (int i = 0; i < o->nfig; i++)
		if (!tw_state_figure_c(s, o->fig[i]))
			return tw_error_set(err, TW_ERR_INPUT, "LW.MOB.1", "no figure %d", o->fig[i]);
	// New positions of everything that moves in this order, by figure id (others: -1). While
	// the general decides, its figure grid's slots (all -1 between uses, put back after).
	lw_fgrid *fg = lw_validate_plain_gaps ? NULL : lw_fgrid_for(s);
	lw_scratch sc; // s30: on the stack while they fit (lw_scratch.h)
	lw_scratch_init(&sc);
	int *slot = lw_scratch_get(&sc, (size_t)s->nfig * (fg ? 1 : 2) * sizeof *slot);
	tw_vec2 *ends = lw_scratch_get(&sc, (size_t)o->nfig * sizeof *ends);
	tw_vec2 *room_at = lw_scratch_get(&sc, (size_t)s->nfig * sizeof *room_at);
	if (!slot || !ends || !room_at) {
		lw_scratch_put(&sc, slot);
		lw_scratch_put(&sc, ends);
		lw_scratch_put(&sc, room_at);
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	}
	int *room = fg ? slot : slot + s->nfig, *by_id = fg ? fg->slot : slot;
	if (!fg) // every slot -1 (s31-move: all bits set, as a memset)
		memset(by_id, 0xff, (size_t)s->nfig * sizeof *by_id);
	for (int i = 0; i < o->nfig; i++) {
		int n = figure_path(s, o, i, path);
		ends[i] = path[n - 1];
		by_id[o->fig[i]] = i;
	}
	tw_status st = check_figures(s, o, by_id, ends, room, room_at, fg, err);
	for (int i = 0; fg && i < o->nfig; i++)
		by_id[o->fig[i]] = -1;
	lw_scratch_put(&sc, slot);
	lw_scratch_put(&sc, ends);
	lw_scratch_put(&sc, room_at);
	return st;
}

// Everything about figure i of the order except the gaps to other men: listed once, his to
// move, free to move, within his allowance, a path clear of obstacles, a place to stand.
static tw_status check_legs_and_end(const tw_state *s, const tw_figure *f, const tw_vec2 *path, int n,
				    own_terrain *ot, tw_vec2 *end_out, tw_error *err);

// check_own's allowance in a Kriegspiel: the arm's move across country or on a road (KS.MOV.1/2),
// contours (KS.MOV.3) and ditches (issue 16) counted on top; steep ground and fords (lw_ks_path).
static tw_status ks_own(const tw_state *s, const tw_figure *f, const tw_vec2 *path, int n, double len, double rough,
			tw_vec2 *end_out, own_terrain *ot, tw_error *err)
{
	lw_ks_going g;
	tw_status st = lw_ks_path(s, f, path, n, &g, err);
	if (st != TW_OK)
		return st;
	// KS.MOV.2 for the road bonus of infantry and cavalry in fours; the General's 72 in by motor
	// and the supply's 12 on a road are KS.MOV.1's table.
	const char *cl = g.column ? "KS.MOV.2" : "KS.MOV.1";
	if (g.wet > 0) // KS.FORM.1/2: a crossing is a whole move, however wide the ford (lw_ks_path)
		return check_legs_and_end(s, f, path, n, ot, end_out, err);
	if (len > g.allow + 1e-9)
		return tw_error_set(err, TW_ERR_ILLEGAL, cl, "figure %d would move %.*f in; %s may move %.0f in %s%s", f->id,
				    lw_excess_digits(len, g.allow), len, lw_ks_arm_names[g.arm], g.allow,
				    g.road ? "on the road" : "across country",
				    lw_first_move_offset(s, f) != 0 ? " (first move measured from the back line, LW.MV.3)" : "");
	if (len + g.contour + rough > g.allow + 1e-9)
		return tw_error_set(err, TW_ERR_ILLEGAL, g.contour > 0 ? "KS.MOV.3" : cl,
				    "figure %d would move %.2f in, and %d contours up and %d down count %.0f in more%s: %.2f of "
				    "his %.0f in",
				    f->id, len, g.up, g.down, g.contour, rough > 0 ? " (and a ditch counts twice)" : "",
				    len + g.contour + rough, g.allow);
	return check_legs_and_end(s, f, path, n, ot, end_out, err);
}

static tw_status check_own(const tw_state *s, const tw_order *o, int i, tw_vec2 *end_out, tw_error *err)
{
	tw_vec2 path[TW_ORDER_MAX_PATH + 1];
	const tw_figure *f = &s->fig[o->fig[i]];
	for (int k = 0; k < i; k++)
		if (o->fig[k] == o->fig[i])
			return tw_error_set(err, TW_ERR_INPUT, "LW.MV.12", "figure %d is listed twice", f->id);
	bool own = f->side == o->side && (f->status == TW_FS_ACTIVE || f->status == LW_FS_FREED);
	if (f->side == o->side && f->status == LW_FS_FREED && s->move_no <= LWF(s, f)->changed_in)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MEL.12",
				    "freed man %d may not move until his side's move after the escort died", f->id);
	if (!own && !may_move_prisoner(s, f, o->side)) {
		if (f->status == LW_FS_PRISONER && LWF(s, f)->captor == o->side)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MEL.10",
					    "prisoner %d was taken this move; move him from your next move", f->id);
		if (f->status == LW_FS_PRISONER && f->side == o->side && !escort_holds(s, f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MEL.12",
					    "prisoner %d has lost his escort: he is freed at the end of this move, and his side "
					    "may move him from its next move",
					    f->id);
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.12", "figure %d (%s, %s) is not %s's to move", f->id,
				    s->sides[f->side].name, tw_figure_status_name((tw_figure_status)f->status),
				    s->sides[o->side].name);
	}
	if (LWF(s, f)->marks & LW_MARK_CONTACT)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MEL.2",
				    "figure %d is in contact and must stay there until the move ends", f->id);
	if (f->moved_in == s->move_no)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.12", "figure %d has already moved in this move",
				    f->id);
	if (LWF(s, f)->ks_unsupplied > 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SUP.9",
				    "figure %d is unsupplied: he cannot move until supplies reach him", f->id);
	if (LWF(s, f)->ks_still_until >= s->move_no)
		return lw_ks_still_refusal(s, f, err); // KS.CH.4, KS.RAIL.1: the clause that holds him (lw-box)
	int n = figure_path(s, o, i, path);
	if (LWF(s, f)->ks_retiring > 0) { // KS.CH.10/11: pursued, he keeps retiring (lw_ks_pursuit.c)
		tw_status rs = lw_ks_retire_check(s, f, path[0], path[n - 1], err);
		if (rs != TW_OK)
			return rs;
	}
	double len = tw_path_length(path, n) + lw_first_move_offset(s, f);
	int mult = lw_big_mult_now(s); // LW.BIG.1: 2x or 3x until the armies close
	double allow = lw_allowance_now(s, f) * lw_waggon_pace(s, f, path, n); // LW.BIG.7, KS.MOV.1 (lw_waggons.c)
	own_terrain ot; // s31-move: the table's pieces looked at once for the tests below
	own_terrain_find(s, &ot);
	// issue 16: each inch in a ditch counts two (s31-move: +0 without one, as lw_rough_extra adds)
	double rough = ot.ok && !ot.rough ? 0.0 : lw_rough_extra(s, path, n);
	if (LWG(s)->ks) // KS.MOV.1-4, KS.FORM.3-5: the Kriegspiel's move table (lw_ks_move.c)
		return ks_own(s, f, path, n, len, rough, end_out, &ot, err);
	if (rough > 0 && len <= allow + 1e-9 && len + rough > allow + 1e-9)
		return tw_error_set(err, TW_ERR_ILLEGAL, mult > 1 ? "LW.BIG.1" : lw_big_outdoor(s) > 1 ? "LW.BIG.8" : f->kind == TW_FK_CAVALRY ? "LW.MOB.3" : "LW.MOB.2",
				    "figure %d would move %.2f in, %.2f of them in a ditch, which count twice: %.2f of his %.0f in",
				    f->id, len, rough, len + rough, allow);
	if (len > allow + 1e-9)
		return tw_error_set(err, TW_ERR_ILLEGAL,
				    mult > 1 ? "LW.BIG.1" : lw_big_outdoor(s) > 1 ? "LW.BIG.8" : f->kind == TW_FK_CAVALRY ? "LW.MOB.3" : "LW.MOB.2",
				    "figure %d would move %.*f in; a%s may move %.0f in%s%s", f->id,
				    lw_excess_digits(len, allow), len,
				    f->kind == TW_FK_CAVALRY ? " cavalryman" : "n infantryman", allow,
				    mult > 1 ? mult == 2 ? " (twice his move until the armies close)"
							 : " (three times his move until the armies close)"
					     : "",
				    lw_first_move_offset(s, f) != 0 ? " (first move measured from the back line, LW.MV.3)"
								 : "");
	return check_legs_and_end(s, f, path, n, &ot, end_out, err);
}

// check_own's legs (LW.MOB.1, LW.C.4) and the place he ends at.
static tw_status check_legs_and_end(const tw_state *s, const tw_figure *f, const tw_vec2 *path, int n,
				    own_terrain *ot, tw_vec2 *end_out, tw_error *err)
{
	tw_status st;
	tw_vec2 end = path[n - 1];
	// s31-move: the pieces in the way of standing at the end looked for with the last leg's.
	stand_probe probe = {end, f->radius + (s->params[LWP_SPACING] != 0 ? LW_CLEAR : 0.0) - 1e-9, STAND_UNKNOWN};
	for (int k = 1; k < n; k++) {
		st = check_leg(s, path[k - 1], path[k], ot, k == n - 1 ? &probe : NULL, err);
		if (st != TW_OK)
			return st;
	}
	*end_out = end;
	return check_standing(s, f, end, ot, probe.hit, err);
}

// True for figures that take up room on the table (the others are skipped in the gap checks).
static bool on_table(const tw_figure *g) { return lw_fig_on_table(g); }

// Exact early-out for check_gap: men farther apart along x or y than both radii and the largest
// gap asked for (by a millionth of an inch, far beyond rounding) cannot be too close. NaN: false.
bool lw_validate_plain_gaps = false;

// f at end and g at gp stand farther apart along x or y than both radii, LW_CLEAR and 1e-6 in.
static inline bool gap_apart(const tw_figure *f, tw_vec2 end, const tw_figure *g, tw_vec2 gp)
{
	double far = f->radius + g->radius + LW_CLEAR + 1e-6;
	return fabs(end.x - gp.x) > far || fabs(end.y - gp.y) > far;
}

static inline bool gap_far(const tw_figure *f, tw_vec2 end, const tw_figure *g, tw_vec2 gp)
{
	return !lw_validate_plain_gaps && gap_apart(f, end, g, gp);
}

// Whether figure f standing at `end` is too close to figure g standing at gp: check_gap's test.
static inline bool gap_fails(const tw_state *s, const tw_figure *f, tw_vec2 end, const tw_figure *g, tw_vec2 gp)
{
	double gap = tw_dist(end, gp) - f->radius - g->radius;
	double need = (g->side == f->side && s->params[LWP_SPACING] != 0) ? LW_CLEAR : 0.0;
	return gap < need - 1e-9;
}

// The gap from figure f standing at `end` to figure g standing at gp (LW.MOB.15, LW.MEL.2).
static tw_status check_gap(const tw_state *s, const tw_figure *f, tw_vec2 end, const tw_figure *g, tw_vec2 gp,
			   tw_error *err)
{
	if (gap_fails(s, f, end, g, gp))
		return tw_error_set(err, TW_ERR_ILLEGAL, g->side == f->side ? "LW.MOB.15" : "LW.MEL.2",
				    "figure %d at (%.2f, %.2f) would %s figure %d", f->id, end.x, end.y,
				    g->side == f->side ? "touch (leave 1/16 in)" : "overlap", g->id);
	return TW_OK;
}

// check_figures' gap loop with the room's men filed by cell (issue 18): for each of the order's
// men, in order, check_own and then the men of the room in the cells within his reach (and those
// filed in none); the first of them in room order that he is too close to is the one named, as
// in the plain loop. Exact: a cell's side is at least the widest reach of gap_far, and any man
// gap_far does not rule out lies in the cells looked at.
static tw_status check_figures_grid(const tw_state *s, const tw_order *o, const int *room, const tw_vec2 *room_at,
				    int nroom, double rmax, tw_error *err)
{
	uint8_t *mark = tw_malloc((size_t)nroom + 1);
	if (!mark)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	double rg = 0; // the largest radius among the room's men filed by cell
	for (int k = 0; k < nroom; k++) {
		double r = s->fig[room[k]].radius;
		mark[k] = !(r >= 0 && r < 1e6); // NaN: in the spill list, checked against everyone
		if (!mark[k] && r > rg)
			rg = r;
	}
	double reach = rmax + rg + LW_CLEAR + 1e-3; // gap_far's widest reach, with room to spare
	lw_pgrid g;
	bool ok = lw_pgrid_build(&g, room_at, nroom, reach, mark);
	tw_free(mark);
	if (!ok)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	tw_status st = TW_OK;
	for (int i = 0; i < o->nfig && st == TW_OK; i++) {
		const tw_figure *f = &s->fig[o->fig[i]];
		tw_vec2 end;
		st = check_own(s, o, i, &end, err);
		if (st != TW_OK)
			break;
		int first = nroom; // the first man in room order he is too close to
		int cx0, cx1, cy0, cy1;
		if (lw_pgrid_cells(&g, end, reach, &cx0, &cx1, &cy0, &cy1))
			for (int cy = cy0; cy <= cy1; cy++)
				for (int c = cy * g.nx + cx0; c <= cy * g.nx + cx1; c++)
					for (int q = g.start[c]; q < g.start[c + 1]; q++) {
						int k = g.idx[q];
						const tw_figure *h = &s->fig[room[k]];
						if (k < first && h->id != f->id && !gap_far(f, end, h, room_at[k]) &&
						    gap_fails(s, f, end, h, room_at[k]))
							first = k;
					}
		for (int q = 0; q < g.nspill; q++) {
			int k = g.spill[q];
			const tw_figure *h = &s->fig[room[k]];
			if (k < first && h->id != f->id && !gap_far(f, end, h, room_at[k]) && gap_fails(s, f, end, h, room_at[k]))
				first = k;
		}
		if (first < nroom)
			st = check_gap(s, f, end, &s->fig[room[first]], room_at[first], err);
	}
	lw_pgrid_free(&g);
	return st;
}

// s31-move (issue 18): check_figures for an order of one man (the general asks for each man it
// starts an order with), boxed and without the general's figure grid: the room loop below and
// its gap loop in one pass over the figures, in figure order, with gap_far's test first (inline,
// the sum of the radii, LW_CLEAR and 1e-6 kept while the radius repeats). A man is tested when
// the room loop lists him (on the table, his place in the box widened by his radius) and the gap
// loop does not pass over him (not the mover, not gap_far): all pure tests, so the first man too
// close is the one the plain loops name (and the one the cell-filed loop, an exact copy of them,
// names). lw_move_terrain_plain: the plain loops. tests/test_exact_move.c compares them.
static tw_status check_one(const tw_state *s, const tw_order *o, const int *slot, const tw_vec2 *ends, double x0,
			   double y0, double x1, double y1, tw_error *err)
{
	const tw_figure *f = &s->fig[o->fig[0]];
	tw_vec2 end;
	tw_status st = check_own(s, o, 0, &end, err);
	if (st != TW_OK)
		return st;
	const tw_figure *const figs = s->fig;
	const int nfig = s->nfig;
	const double fr = f->radius;
	double lastr = NAN, far = NAN;
	for (int j = 0; j < nfig; j++) {
		const tw_figure *g = &figs[j];
		const double r = g->radius;
		if (!(r == lastr)) { // NaN: worked out each time, apart never
			lastr = r;
			far = fr + r + LW_CLEAR + 1e-6; // gap_apart's
		}
		int sl = slot[g->id];
		tw_vec2 at = sl >= 0 ? ends[sl] : g->pos;
		if (fabs(end.x - at.x) > far || fabs(end.y - at.y) > far)
			continue; // gap_far
		if (g->id == f->id || !on_table(g))
			continue;
		if (at.x < x0 - r || at.x > x1 + r || at.y < y0 - r || at.y > y1 + r)
			continue; // not in the room
		st = check_gap(s, f, end, g, at, err);
		if (st != TW_OK)
			return st;
	}
	return TW_OK;
}

static tw_status check_figures(const tw_state *s, const tw_order *o, const int *slot, const tw_vec2 *ends,
			       int *room, tw_vec2 *room_at, lw_fgrid *fg, tw_error *err)
{
	// The figures that take up room, in figure order, each where he will stand after the order:
	// those that may come near where the order's men will stand (within the box of their ends,
	// widened by his radius, the largest of the order's, the spacing and a hundred-thousandth
	// of an inch; every one when an end or a radius is not finite). The others cannot be too
	// close to any of the order's men.
	double rmax = 0, x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
	bool boxed = !lw_validate_plain_gaps;
	for (int i = 0; i < o->nfig && boxed; i++) {
		tw_vec2 e = ends[i];
		double r = s->fig[o->fig[i]].radius;
		boxed = isfinite(e.x) && isfinite(e.y) && r >= 0 && r < 1e6;
		rmax = r > rmax ? r : rmax;
		x0 = e.x < x0 ? e.x : x0;
		y0 = e.y < y0 ? e.y : y0;
		x1 = e.x > x1 ? e.x : x1;
		y1 = e.y > y1 ? e.y : y1;
	}
	double w0 = rmax + LW_CLEAR + 1e-5;
	x0 -= w0, y0 -= w0, x1 += w0, y1 += w0;
	if (boxed && !fg && o->nfig == 1 && !lw_move_terrain_plain)
		return check_one(s, o, slot, ends, x0, y0, x1, y1, err);
	int nroom = 0;
	// With the general's figure grid (lw_fgrid.c): the candidates are the men filed in the cells
	// that meet the box widened by the largest radius filed (those filed in none too), and the
	// order's own men (who will stand at their ends); the same test, then figure order.
	int ncand = -1;
	if (fg && boxed) {
		double w = fg->rmax + 1e-3;
		ncand = lw_fgrid_query(fg, tw_v2(x0 - w, y0 - w), tw_v2(x1 + w, y1 + w));
		for (int k = 0; k < ncand; k++)
			fg->flag[fg->found[k]] = 1;
		for (int i = 0; i < o->nfig && ncand >= 0; i++) {
			int j = o->fig[i]; // a figure listed twice: once
			if (!fg->flag[j]) {
				fg->flag[j] = 1;
				room[nroom++] = j;
			}
		}
		for (int k = 0; k < ncand; k++)
			room[nroom++] = fg->found[k];
		for (int k = 0; k < nroom; k++)
			fg->flag[room[k]] = 0;
		if (ncand >= 0)
			lw_sort_ints(room, nroom); // s25-speed: was qsort with cmp_int (the same order)
		int n = nroom;
		nroom = 0;
		for (int k = 0; k < n && ncand >= 0; k++) {
			const tw_figure *g = &s->fig[room[k]];
			if (!on_table(g))
				continue;
			tw_vec2 at = slot[g->id] >= 0 ? ends[slot[g->id]] : g->pos;
			double r = g->radius;
			if (at.x < x0 - r || at.x > x1 + r || at.y < y0 - r || at.y > y1 + r)
				continue;
			room[nroom] = room[k];
			room_at[nroom++] = at;
		}
		if (ncand < 0)
			nroom = 0; // no memory for the query: the plain loop
	}
	if (ncand < 0) {
		// s31-move (issue 18): the figures and their count read once (room[] might alias them for
		// the compiler), and the box widened by a radius kept while the radius repeats (the same
		// four sums of the same two numbers).
		const tw_figure *const figs = s->fig;
		const int nfig = s->nfig;
		double lastr = NAN, bx0 = NAN, bx1 = NAN, by0 = NAN, by1 = NAN;
		for (int j = 0; j < nfig; j++) {
			const tw_figure *g = &figs[j];
			if (!on_table(g))
				continue;
			int sl = slot[g->id];
			tw_vec2 at = sl >= 0 ? ends[sl] : g->pos;
			double r = g->radius; // NaN: no test fails, he is listed
			if (boxed) {
				if (!(r == lastr)) {
					lastr = r;
					bx0 = x0 - r, bx1 = x1 + r, by0 = y0 - r, by1 = y1 + r;
				}
				if (at.x < bx0 || at.x > bx1 || at.y < by0 || at.y > by1)
					continue;
			}
			room[nroom] = j;
			room_at[nroom++] = at;
		}
	}
	// Many men against many (a block of a large army): the room's men filed by cell (lw_pgrid.c).
	if (boxed && (int64_t)nroom * o->nfig >= LW_GAPGRID_MIN)
		return check_figures_grid(s, o, room, room_at, nroom, rmax, err);
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = &s->fig[o->fig[i]];
		tw_vec2 end;
		tw_status st = check_own(s, o, i, &end, err);
		if (st != TW_OK)
			return st;
		// LW.MOB.15 between own men; LW.MEL.2 an enemy may be approached to contact, not overlapped.
		for (int k = 0; k < nroom; k++) {
			const tw_figure *g = &s->fig[room[k]];
			if (g->id == f->id || gap_far(f, end, g, room_at[k]))
				continue;
			st = check_gap(s, f, end, g, room_at[k], err);
			if (st != TW_OK)
				return st;
		}
	}
	return TW_OK;
}

bool lw_extend_plain_order = false;

tw_status lw_validate_move_extend(const tw_state *s, const tw_order *o, tw_error *err)
{
	int last = o->nfig - 1;
	if (last < 1 || s->phase != LW_PH_PLAY || o->type != LW_OT_MOVE)
		return tw_ruleset_get(s->ruleset)->validate(s, o, err);
	if (!tw_state_figure_c(s, o->fig[last]))
		return tw_error_set(err, TW_ERR_INPUT, "LW.MOB.1", "no figure %d", o->fig[last]);
	const tw_figure *f = &s->fig[o->fig[last]];
	tw_vec2 end;
	tw_status st = check_own(s, o, last, &end, err);
	if (st != TW_OK)
		return st;
	// The men already in the order against the newcomer where he will stand (their other gaps
	// are as they were), then the newcomer against everyone, those of the order where they go.
	tw_vec2 path[TW_ORDER_MAX_PATH + 1];
	lw_scratch sc; // up to 8 KB: on the stack only while it fits (lw_scratch.h)
	lw_scratch_init(&sc);
	tw_vec2 *ends = lw_scratch_get(&sc, (size_t)o->nfig * sizeof *ends);
	if (!ends)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	for (int i = 0; i < last; i++) {
		const tw_figure *g = &s->fig[o->fig[i]];
		int n = figure_path(s, o, i, path);
		ends[i] = path[n - 1];
		if (g->id == f->id || !on_table(f))
			continue;
		st = check_gap(s, g, ends[i], f, end, err);
		if (st != TW_OK) {
			lw_scratch_put(&sc, ends);
			return st;
		}
	}
	// While the general decides: its figure grid's flags (all 0 between uses) and the men in
	// the cells within the newcomer's reach (and those filed in none) instead of every figure;
	// the first he is too close to in figure order is named, as by the plain loop.
	lw_fgrid *fg = lw_validate_plain_gaps ? NULL : lw_fgrid_for(s);
	uint8_t mark_buf[2048];
	uint8_t *in_order = fg ? fg->flag : s->nfig <= (int)sizeof mark_buf ? mark_buf : tw_malloc((size_t)s->nfig);
	if (!in_order) {
		lw_scratch_put(&sc, ends);
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	}
	if (!fg)
		memset(in_order, 0, (size_t)s->nfig);
	for (int i = 0; i < last; i++)
		if (o->fig[i] >= 0 && o->fig[i] < s->nfig)
			in_order[o->fig[i]] = 1;
	double w = fg ? f->radius + fg->rmax + LW_CLEAR + 1e-3 : NAN;
	int ncand = fg && isfinite(end.x) && isfinite(end.y) && isfinite(w)
			    ? lw_fgrid_query(fg, tw_v2(end.x - w, end.y - w), tw_v2(end.x + w, end.y + w))
			    : -1;
	if (ncand >= 0) {
		int first = s->nfig;
		for (int k = 0; k < ncand; k++) {
			int j = fg->found[k];
			const tw_figure *g = &s->fig[j];
			if (j < first && !in_order[g->id] && g->id != f->id && on_table(g) && !gap_far(f, end, g, g->pos) &&
			    gap_fails(s, f, end, g, g->pos))
				first = j;
		}
		if (first < s->nfig)
			st = check_gap(s, f, end, &s->fig[first], s->fig[first].pos, err);
	}
	// s27-hook8 (issue 18): gap_far first (most men are far; the tests are pure, so their order
	// does not change which men are checked), the switch read once.
	bool far_first = !lw_validate_plain_gaps && !lw_extend_plain_order;
	if (far_first && ncand < 0 && st == TW_OK) {
		// s31-move (issue 18): the loop below with gap_apart's test first, inline, the newcomer's
		// radius and place held in registers and the sum of the radii, LW_CLEAR and 1e-6 kept
		// while the radius repeats (the same sums of the same numbers; a radius -0 instead of +0
		// gives the same sum once LW_CLEAR is added; NaN: worked out each time, apart never).
		const tw_figure *const figs = s->fig;
		const int nfig = s->nfig;
		const double fr = f->radius, ex = end.x, ey = end.y;
		double lastr = NAN, far = NAN;
		for (int j = 0; j < nfig; j++) {
			const tw_figure *g = &figs[j];
			const double gr = g->radius;
			if (!(gr == lastr)) {
				lastr = gr;
				far = fr + gr + LW_CLEAR + 1e-6;
			}
			if (fabs(ex - g->pos.x) > far || fabs(ey - g->pos.y) > far)
				continue;
			if (in_order[g->id] || g->id == f->id || !on_table(g) || gap_far(f, end, g, g->pos))
				continue;
			st = check_gap(s, f, end, g, g->pos, err);
			if (st != TW_OK)
				break;
		}
		ncand = 0; // done: not the loop below
	}
	for (int j = 0; j < s->nfig && st == TW_OK && ncand < 0; j++) {
		const tw_figure *g = &s->fig[j];
		if (far_first && gap_apart(f, end, g, g->pos))
			continue;
		if (in_order[g->id] || g->id == f->id || !on_table(g) || gap_far(f, end, g, g->pos))
			continue;
		st = check_gap(s, f, end, g, g->pos, err);
	}
	if (fg) {
		for (int i = 0; i < last; i++)
			if (o->fig[i] >= 0 && o->fig[i] < s->nfig)
				in_order[o->fig[i]] = 0;
	} else if (in_order != mark_buf) {
		tw_free(in_order);
	}
	for (int i = 0; i < last && st == TW_OK; i++) {
		const tw_figure *g = &s->fig[o->fig[i]];
		if (g->id == f->id || !on_table(g))
			continue;
		st = check_gap(s, f, end, g, ends[i], err);
	}
	lw_scratch_put(&sc, ends);
	// s30 (issue 18): accepted, as full validation would have if the order without its newcomer
	// was legal; the memo notes it only if that order is the one the rules last accepted on
	// this view (core/vmemo.h), so the game need not check it again.
	if (st == TW_OK)
		tw_vmemo_note_grown(s, o);
	return st;
}

bool lw_contact_plain = false;

// LW.MEL.2: mover f has come into contact with enemy g: marked, and the event.
static void note_contact(tw_state *s, tw_events *ev, tw_figure *f, const tw_figure *g)
{
	LWF(s, f)->marks |= LW_MARK_CONTACT;
	tw_event *e = tw_events_push(ev, TW_EV_CONTACT, f->side, "LW.MEL.2");
	if (e) {
		e->a = f->id;
		e->b = g->id;
		tw_event_text(e, "#%d is in contact with enemy #%d", f->id, g->id);
	}
}

tw_status lw_apply_move(tw_state *s, const tw_order *o, tw_events *ev)
{
	tw_vec2 path[TW_ORDER_MAX_PATH + 1];
	// Up to 12 KB: on the stack only while it fits (lw_scratch.h), else on the heap.
	lw_scratch sc;
	lw_scratch_init(&sc);
	tw_vec2 *ends = lw_scratch_get(&sc, ((size_t)o->nfig + 1) * sizeof *ends);
	double *lens = lw_scratch_get(&sc, ((size_t)o->nfig + 1) * sizeof *lens);
	if (!ends || !lens) {
		lw_scratch_put(&sc, ends);
		lw_scratch_put(&sc, lens);
		return TW_ERR_NOMEM;
	}
	lw_axle_dirs dirs; // s31-move: the guns' axle lines worked out once an order (lw_capture.h)
	lw_axle_dirs_init(&dirs, s);
	for (int i = 0; i < o->nfig; i++) {
		int n = figure_path(s, o, i, path);
		const tw_figure *f = &s->fig[o->fig[i]];
		ends[i] = path[n - 1];
		lens[i] = tw_path_length(path, n) + lw_first_move_offset(s, f);
		for (int k = 1; k < n; k++)
			lw_note_axle_crossings_dirs(s, f, path[k - 1], path[k], &dirs);
	}
	LWG(s)->men_moved = 1; // LW.MV.11: guns are finished once a man moves
	// The enemy's free men for the contact test (below); without memory, the plain loop.
	int32_t *foes = lw_scratch_get(&sc, (size_t)s->nfig * sizeof *foes + 1);
	// s31-move (issue 18): with the list, each foe's place and the reach of lw_contact_far from
	// the mover (his radius, the foe's, LW_CONTACT and 1e-6, summed as it sums them) side by
	// side, the reach worked out again when the mover's radius differs.
	// Only for an order whose men are all of one side (so no foe of theirs moves).
	bool one_side = true;
	for (int i = 1; i < o->nfig; i++)
		one_side &= s->fig[o->fig[i]].side == s->fig[o->fig[0]].side;
	double *foe_at = one_side ? lw_scratch_get(&sc, (size_t)s->nfig * 3 * sizeof *foe_at + 1) : NULL;
	double far_radius = NAN; // the mover's radius foe_at's reaches are for (NaN: none)
	// With foe_at: the box of the order's ends and their largest radius. A foe for whom
	// lw_contact_far's test holds against the box's nearest side, with the largest radius (his
	// reach from any mover is at most that: sums of larger numbers are not smaller), holds it
	// against every mover (a mover's end is no nearer him along that axis), so is never in
	// contact with one: he is left off the list. Not finite or a radius out of range: every foe.
	double bx0 = INFINITY, by0 = INFINITY, bx1 = -INFINITY, by1 = -INFINITY, rmax = 0;
	bool boxed = foe_at != NULL;
	for (int i = 0; i < o->nfig && boxed; i++) {
		double r = s->fig[o->fig[i]].radius;
		boxed = isfinite(ends[i].x) && isfinite(ends[i].y) && r >= 0 && r < 1e6;
		rmax = r > rmax ? r : rmax;
		bx0 = ends[i].x < bx0 ? ends[i].x : bx0;
		by0 = ends[i].y < by0 ? ends[i].y : by0;
		bx1 = ends[i].x > bx1 ? ends[i].x : bx1;
		by1 = ends[i].y > by1 ? ends[i].y : by1;
	}
	int nfoes = 0, foes_side = -1;
	for (int i = 0; i < o->nfig; i++) {
		tw_figure *f = &s->fig[o->fig[i]];
		tw_vec2 from = f->pos;
		f->pos = ends[i];
		if (tw_len2(tw_sub(ends[i], from)) > 0)
			f->facing = tw_bearing_deg(tw_sub(ends[i], from));
		f->moved_in = s->move_no;
		f->move_used = lens[i];
		f->flags &= ~(uint32_t)TW_FF_LYING;
		tw_event *e = tw_events_push(ev, TW_EV_MOVE, f->side, f->kind == TW_FK_CAVALRY ? "LW.MOB.3" : "LW.MOB.2");
		if (e) {
			e->a = f->id;
			e->x = f->pos.x;
			e->y = f->pos.y;
			e->v = lens[i];
			// "%s%s %s #%d moves %.1f in to (%.1f, %.1f)", without snprintf (lw_fmt.c)
			lw_fmt_move_text(e->text, sizeof e->text, f->status == LW_FS_PRISONER ? "prisoner " : "",
					 s->sides[f->side].name, tw_figure_kind_name((tw_figure_kind)f->kind), f->id,
					 lens[i], f->pos.x, f->pos.y);
		}
		if (f->status == TW_FS_ACTIVE) {
			// LW.VAR.1 Interpretation: a man who withdraws over his own back line is safe.
			if (lw_beyond_own_line(s, f->side, f->pos)) {
				f->status = LW_FS_WITHDRAWN;
				e = tw_events_push(ev, TW_EV_WITHDRAW, f->side, "LW.VAR.1");
				if (e) {
					e->a = f->id;
					tw_event_text(e, "%s #%d withdraws over his back line", s->sides[f->side].name, f->id);
				}
				continue;
			}
			// LW.MEL.2: within 1/8 in of an enemy man is contact; he stays until the move ends.
			// s29-sfast (issue 18): the figures, their count and the switch read once, not again
			// after each tw_figure_gap (nothing is written until the loop ends).
			// s30 (issue 18): the enemy's free men listed once an order (in figure order) for
			// the movers of one side; no enemy man moves, falls or rises while the order's men
			// move (only the movers change), so the list is the plain loop's every time.
			const tw_figure *const figs = s->fig;
			const int nfig = s->nfig;
			const bool plain = lw_contact_plain;
			if (!plain && foes && foes_side != f->side) {
				nfoes = 0;
				for (int j = 0; j < nfig; j++)
					if (figs[j].side != f->side && lw_is_free(&figs[j])) {
						if (boxed) {
							const double w = rmax + figs[j].radius + LW_CONTACT + 1e-6;
							const double gx = figs[j].pos.x, gy = figs[j].pos.y;
							if (bx0 - gx > w || gx - bx1 > w || by0 - gy > w || gy - by1 > w)
								continue; // far from every mover (see above)
						}
						foes[nfoes++] = j;
					}
				foes_side = f->side;
				far_radius = NAN;
				for (int k = 0; foe_at && k < nfoes; k++) {
					foe_at[3 * k] = figs[foes[k]].pos.x;
					foe_at[3 * k + 1] = figs[foes[k]].pos.y;
				}
			}
			bool listed = !plain && foes;
			if (listed && foe_at) {
				const double fr = f->radius, fx = f->pos.x, fy = f->pos.y;
				if (!(fr == far_radius)) { // NaN: every time (no reach, never far, as lw_contact_far)
					for (int k = 0; k < nfoes; k++)
						foe_at[3 * k + 2] = fr + figs[foes[k]].radius + LW_CONTACT + 1e-6;
					far_radius = fr;
				}
				for (int k = 0; k < nfoes; k++) {
					const double *a = &foe_at[3 * k];
					if (fabs(fx - a[0]) > a[2] || fabs(fy - a[1]) > a[2])
						continue; // lw_contact_far
					const tw_figure *g = &figs[foes[k]];
					if (tw_figure_gap(f, g) <= LW_CONTACT + 1e-9) {
						note_contact(s, ev, f, g);
						break;
					}
				}
				continue;
			}
			int nscan = listed ? nfoes : nfig;
			for (int k = 0; k < nscan; k++) {
				const tw_figure *g = &figs[listed ? foes[k] : k];
				if ((listed || (g->side != f->side && lw_is_free(g))) && (plain || !lw_contact_far(f, g)) &&
				    tw_figure_gap(f, g) <= LW_CONTACT + 1e-9) {
					note_contact(s, ev, f, g);
					break;
				}
			}
		}
	}
	lw_scratch_put(&sc, foe_at);
	lw_scratch_put(&sc, foes);
	lw_scratch_put(&sc, ends);
	lw_scratch_put(&sc, lens);
	return TW_OK;
}
