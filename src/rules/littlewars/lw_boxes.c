// Lidded boxes (LW.BIG.2-4) and the engineers' hidden works and mines (KS.RE.1-7, LW.BIG.11) on
// the state: a side record whose box places everyone sees and whose box contents and works only
// that side (and the umpire) see; the orders that box men, move a box and start a work; and what
// happens at the end of each move (a scout opens a box, work goes on, a mine goes off).
#include <math.h>
#include <string.h>

#include "lw_big.h"
#include "lw_boxes.h"
#include "lw_ks_gun_retire.h"
#include "lw_ks_pursuit.h"
#include "lw_util.h"
#include "lw_waggons.h"


#define MOVE_MAX 1000001.0
static const tw_field_def side_fields[] = {
	TW_FIELD(lw_side, nbox, TW_FT_I32, TW_VIS_ALL, 0, 0, LW_BOX_MAX, NULL, "boxes on the table (LW.BIG.2)"),
	TW_FIELD_N(lw_side, box_x, TW_FT_F64, TW_VIS_ALL, LW_BOX_MAX, 0, -1e6, 1e6, NULL,
		   "where each box stands, x (inches; LW.BIG.2: the box is seen, not what it holds)"),
	TW_FIELD_N(lw_side, box_y, TW_FT_F64, TW_VIS_ALL, LW_BOX_MAX, 0, -1e6, 1e6, NULL, "where each box stands, y"),
	TW_FIELD_N(lw_side, box_moved, TW_FT_I32, TW_VIS_ALL, LW_BOX_MAX, 0, 0, MOVE_MAX, NULL,
		   "game move in which each box last moved (LW.BIG.2)"),
	TW_FIELD(lw_side, nwork, TW_FT_I32, TW_VIS_OWNER, 0, 0, LW_WORK_MAX, NULL,
		 "works under way or mines laid (KS.RE.7: reported to the umpire only)"),
	TW_FIELD_N(lw_side, work_kind, TW_FT_I32, TW_VIS_OWNER, LW_WORK_MAX, 0, 0, LW_KS_WORK_COUNT - 1, NULL,
		   "what each work is (LW.BIG.11, KS.RE.1-6)"),
	TW_FIELD_N(lw_side, work_x, TW_FT_F64, TW_VIS_OWNER, LW_WORK_MAX, 0, -1e6, 1e6, NULL, "where, x (inches)"),
	TW_FIELD_N(lw_side, work_y, TW_FT_F64, TW_VIS_OWNER, LW_WORK_MAX, 0, -1e6, 1e6, NULL, "where, y (inches)"),
	TW_FIELD_N(lw_side, work_men, TW_FT_I32, TW_VIS_OWNER, LW_WORK_MAX, 0, 0, TW_LOAD_MAX_COUNT, NULL,
		   "men set to it"),
	TW_FIELD_N(lw_side, work_done, TW_FT_I32, TW_VIS_OWNER, LW_WORK_MAX, 0, 0, 100, NULL,
		   "whole moves done; for a mine, 1 once laid and armed"),
	TW_FIELD_N(lw_side, work_start, TW_FT_I32, TW_VIS_OWNER, LW_WORK_MAX, 0, 0, MOVE_MAX, NULL,
		   "game move it began: the timestamp of the folded note (KS.RE.7)"),
	TW_FIELD_N(lw_side, work_armed, TW_FT_BOOL, TW_VIS_OWNER, LW_WORK_MAX, 0, 0, 1, NULL,
		   "a mine laid and waiting (KS.RE.4)"),
	TW_FIELD(lw_side, ks_arms, TW_FT_FLAGS, TW_VIS_ALL, 0, 0, 0, lw_ks_arm_names,
		 "the arms and services with a player of their own (KS.GEN.1: seats are the General, these, an "
		 "official)"),
	TW_FIELD(lw_side, sup_moves, TW_FT_I32, TW_VIS_ALL, 0, 0, LW_KS_SUP_MOVES - 1, NULL,
		 "own moves into the current 6-move supply cycle (KS.SUP.1)"),
	TW_FIELD(lw_side, ntrain, TW_FT_I32, TW_VIS_ALL, 0, 0, LW_TRAIN_MAX, NULL, "trains on the railway (LW.BIG.9)"),
	TW_FIELD_N(lw_side, train_x, TW_FT_F64, TW_VIS_ALL, LW_TRAIN_MAX, 0, -1e6, 1e6, NULL,
		   "where each train stands, x (inches)"),
	TW_FIELD_N(lw_side, train_y, TW_FT_F64, TW_VIS_ALL, LW_TRAIN_MAX, 0, -1e6, 1e6, NULL, "where each train stands, y"),
	TW_FIELD_N(lw_side, train_moved, TW_FT_I32, TW_VIS_ALL, LW_TRAIN_MAX, 0, 0, MOVE_MAX, NULL,
		   "game move in which each train last ran"),
	TW_FIELD_N(lw_side, train_ready, TW_FT_I32, TW_VIS_ALL, LW_TRAIN_MAX, 0, 0, MOVE_MAX, NULL,
		   "first game move in which each train may run: loading takes a move (LW.BIG.9, KS.RAIL.1)"),
	TW_FIELD_LATE(lw_side, nboat, TW_FT_I32, TW_VIS_ALL, 0, 0, LW_BOAT_MAX,
		      NULL, "boats on the rivers (KS.FORM.1, KS.MOV.1; the Kriegspiel's)"),
	TW_FIELD_N_LATE(lw_side, boat_x, TW_FT_F64, TW_VIS_ALL, LW_BOAT_MAX, 0, -1e6, 1e6, NULL,
			"where each boat floats, x (inches)"),
	TW_FIELD_N_LATE(lw_side, boat_y, TW_FT_F64, TW_VIS_ALL, LW_BOAT_MAX, 0, -1e6, 1e6, NULL,
			"where each boat floats, y"),
	TW_FIELD_N_LATE(lw_side, boat_moved, TW_FT_I32, TW_VIS_ALL, LW_BOAT_MAX, 0, 0, MOVE_MAX, NULL,
			"game move in which each boat last moved"),
	TW_FIELD_N_LATE(lw_side, boat_ready, TW_FT_I32, TW_VIS_ALL, LW_BOAT_MAX, 0, 0, MOVE_MAX, NULL,
			"first game move in which each boat may move: embarking takes 2 moves per 20 men (KS.FORM.1)"),
};
const tw_record_def lw_side_rec = {sizeof(lw_side), (int)TW_ARRAY_COUNT(side_fields), side_fields};

int lw_box_men(const tw_state *s, int side, int box, int *inf, int *cav)
{
	int n = 0, ni = 0, nc = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side == side && LWF(s, f)->box == box && f->status == TW_FS_RESERVE) {
			n++;
			if (f->kind == TW_FK_CAVALRY)
				nc++;
			else
				ni++;
		}
	}
	if (inf)
		*inf = ni;
	if (cav)
		*cav = nc;
	return n;
}

bool lw_is_boxed(const tw_state *s, const tw_figure *f) { return f->status == TW_FS_RESERVE && LWF(s, f)->box >= 0; }

// Nearest enemy piece (a man on the table or a box) to p.
static double nearest_enemy(const tw_state *s, int side, tw_vec2 p, bool scouts_only)
{
	double best = INFINITY;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side == side || !lw_is_free(f))
			continue;
		if (scouts_only && f->kind != TW_FK_CAVALRY) // LW.BIG.2/3: the scouts are cavalry
			continue;
		double d = lw_fig_dist(f, p);
		best = d < best ? d : best;
	}
	if (!scouts_only && s->nsides > side) {
		const lw_side *e = LWS(s, lw_enemy(side));
		for (int k = 0; k < e->nbox; k++) {
			double d = tw_dist(p, tw_v2(e->box_x[k], e->box_y[k]));
			best = d < best ? d : best;
		}
	}
	return best;
}

double lw_box_nearest_enemy(const tw_state *s, int side, tw_vec2 p) { return nearest_enemy(s, side, p, false); }

// ---- orders ----

tw_status lw_validate_box(const tw_state *s, const tw_order *o, tw_error *err)
{
	const lw_side *sd = LWS(s, o->side);
	if (sd->nbox >= LW_BOX_MAX)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.2", "%s already has %d boxes, the most a side may have",
				    s->sides[o->side].name, LW_BOX_MAX);
	if (o->nfig < 1)
		return tw_error_set(err, TW_ERR_INPUT, "LW.BIG.2", "a box needs men to hold");
	for (int k = 0; k < o->nfig; k++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[k]);
		if (!f || f->side != o->side || !lw_is_free(f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.2", "man %d is not a free man of %s", o->fig[k],
					    s->sides[o->side].name);
		if (f->moved_in == s->move_no)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.4", "man %d has moved this move: box him in another",
					    f->id);
		double d = nearest_enemy(s, o->side, f->pos, false);
		if (!lw_big_may_rebox(d)) // LW.BIG.4
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.4",
					    "man %d has an enemy %.1f in away: troops are boxed only with no enemy within 20 ft",
					    f->id, d);
	}
	return o->gun >= 0 ? lw_validate_box_gun(s, o, err) : TW_OK;
}

tw_status lw_apply_box(tw_state *s, const tw_order *o, tw_events *ev)
{
	lw_side *sd = LWS(s, o->side);
	int k = sd->nbox++;
	tw_vec2 c = tw_v2(0, 0);
	for (int i = 0; i < o->nfig; i++)
		c = tw_add(c, s->fig[o->fig[i]].pos);
	c = tw_scale(c, 1.0 / o->nfig);
	sd->box_x[k] = c.x;
	sd->box_y[k] = c.y;
	sd->box_moved[k] = 0; // its men have not moved: the box may move this move
	if (o->gun >= 0) // LW.BIG.2 (lw-box): the gun goes in with its crew, where the box stands
		lw_box_gun_in(s, &s->gun[o->gun], k, c);
	for (int i = 0; i < o->nfig; i++) {
		tw_figure *f = &s->fig[o->fig[i]];
		f->status = TW_FS_RESERVE; // off the table, in the box
		f->flags |= TW_FF_HIDDEN;  // views of the enemy lose him (lw_hide)
		f->pos = c;
		LWF(s, f)->box = k;
		LWF(s, f)->marks = 0;
	}
	// The event says where the box is, never what it holds (LW.BIG.2).
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "LW.BIG.4");
	if (e) {
		e->a = k;
		e->x = c.x;
		e->y = c.y;
		tw_event_text(e, "%s closes box %d at (%.1f, %.1f)", s->sides[o->side].name, k, c.x, c.y);
	}
	return TW_OK;
}

tw_status lw_validate_box_move(const tw_state *s, const tw_order *o, tw_error *err)
{
	const lw_side *sd = LWS(s, o->side);
	if (o->n < 0 || o->n >= sd->nbox)
		return tw_error_set(err, TW_ERR_INPUT, "LW.BIG.2", "%s has no box %d", s->sides[o->side].name, o->n);
	if (sd->box_moved[o->n] == s->move_no)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.2", "box %d has moved this move already", o->n);
	if (o->npath < 1)
		return tw_error_set(err, TW_ERR_INPUT, "LW.BIG.2", "a box move needs a path");
	int inf, cav;
	lw_box_men(s, o->side, o->n, &inf, &cav);
	int guns = lw_held_guns(s, o->side, LW_IN_BOX, o->n); // lw-box: a gun goes at its men's pace
	tw_vec2 a = tw_v2(sd->box_x[o->n], sd->box_y[o->n]);
	// LW.BIG.7: the road bonus when the whole path keeps to a road.
	bool road = lw_on_road(s, a);
	double len = 0;
	for (int k = 0; k < o->npath; k++) {
		tw_vec2 b = o->path[k];
		if (!(b.x >= 0 && b.x <= s->table.width && b.y >= 0 && b.y <= s->table.depth))
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.2", "the box would leave the table at (%.1f, %.1f)", b.x,
					    b.y);
		tw_status st = lw_check_leg(s, a, b, err);
		if (st != TW_OK)
			return st;
		road = road && lw_on_road(s, b) && lw_on_road(s, tw_scale(tw_add(a, b), 0.5));
		len += tw_dist(a, b);
		a = b;
	}
	int mult = lw_big_mult_now(s);
	double rate = lw_big_box_rate(inf, cav, guns, mult, road) * lw_big_outdoor(s); // LW.BIG.8
	if (len > rate + LW_EPS)
		return tw_error_set(err, TW_ERR_ILLEGAL, road ? "LW.BIG.7" : "LW.BIG.2",
				    "box %d may move %.1f in (its slowest arm%s), not %.*f in", o->n, rate,
				    road ? ", on a road" : "", lw_excess_digits(len, rate), len);
	return TW_OK;
}

tw_status lw_apply_box_move(tw_state *s, const tw_order *o, tw_events *ev)
{
	lw_side *sd = LWS(s, o->side);
	tw_vec2 to = o->path[o->npath - 1];
	double len = 0; // the path's length, inches
	tw_vec2 a = tw_v2(sd->box_x[o->n], sd->box_y[o->n]);
	for (int k = 0; k < o->npath; k++) {
		len += tw_dist(a, o->path[k]);
		a = o->path[k];
	}
	sd->box_x[o->n] = to.x;
	sd->box_y[o->n] = to.y;
	sd->box_moved[o->n] = s->move_no;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].side == o->side && lw_is_boxed(s, &s->fig[i]) && LWF(s, &s->fig[i])->box == o->n)
			s->fig[i].pos = to;
	lw_held_guns_move(s, o->side, LW_IN_BOX, o->n, to); // lw-box
	// An info event, not TW_EV_MOVE: that one is a figure's move (its `a` a figure id), and the
	// front-ends would read the box's number as a man's (the terminal's "Red 1: 7 men moved").
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "LW.BIG.2");
	if (e) {
		e->a = o->n;
		e->x = to.x;
		e->y = to.y;
		e->v = len;
		tw_event_text(e, "%s's box %d moves %.1f in to (%.1f, %.1f)", s->sides[o->side].name, o->n, len, to.x,
			      to.y);
	}
	return TW_OK;
}

static void open_box(tw_state *s, int side, int k, bool own, tw_events *ev);

tw_status lw_validate_unbox(const tw_state *s, const tw_order *o, tw_error *err)
{
	const lw_side *sd = LWS(s, o->side);
	if (o->n < 0 || o->n >= sd->nbox)
		return tw_error_set(err, TW_ERR_INPUT, "LW.BIG.3", "%s has no box %d", s->sides[o->side].name, o->n);
	return TW_OK;
}

tw_status lw_apply_unbox(tw_state *s, const tw_order *o, tw_events *ev)
{
	open_box(s, o->side, o->n, true, ev);
	return TW_OK;
}

// KS.RE.1, LW.BIG.11: the piece a work on the line is aimed at: a rail length (a road piece
// named "railway"), a railway bridge (a bridge piece so named), a road bridge (any other bridge
// piece) or a culvert (read: the drain under a road or the railway, so a point of a road piece).
// -1 for works that break or mend nothing.
static int work_target(int kind)
{
	switch (kind) {
	case LW_RAIL_TEAR: case LW_RAIL_RELAY: return 0;
	case LW_KS_DEMOLISH_RAIL_BRIDGE: case LW_KS_REPAIR_RAIL_BRIDGE: return 1;
	case LW_KS_DEMOLISH_ROAD_BRIDGE: case LW_KS_REPAIR_ROAD_BRIDGE: return 2;
	case LW_KS_DEMOLISH_CULVERT: case LW_KS_REPAIR_CULVERT: return 3;
	default: return -1;
	}
}

static bool work_fits(const tw_terrain *t, int kind)
{
	bool rail = strcmp(t->name, "railway") == 0, rail_bridge = strcmp(t->name, "railway bridge") == 0;
	switch (work_target(kind)) {
	case 0: return t->kind == TW_TER_ROAD && rail;
	case 1: return t->kind == TW_TER_BRIDGE && rail_bridge;
	case 2: return t->kind == TW_TER_BRIDGE && !rail_bridge;
	case 3: return t->kind == TW_TER_ROAD;
	default: return false;
	}
}

static bool work_mends(int kind)
{
	return kind == LW_RAIL_RELAY || kind == LW_KS_REPAIR_RAIL_BRIDGE || kind == LW_KS_REPAIR_CULVERT ||
	       kind == LW_KS_REPAIR_ROAD_BRIDGE;
}

// KS.RE.1, LW.BIG.11: a piece of the work's kind under p, standing (a demolition) or ruined (a
// repair); refused naming the clause otherwise.
static tw_status check_work_target(const tw_state *s, int kind, tw_vec2 p, tw_error *err)
{
	static const char *const what[4] = {"a rail length of the railway", "a railway bridge", "a road bridge",
					    "a road or the railway (a culvert)"};
	int w = work_target(kind);
	if (w < 0)
		return TW_OK;
	bool mend = work_mends(kind), any = false;
	for (int i = 0; i < s->table.nterrain; i++) {
		const tw_terrain *t = &s->table.terrain[i];
		if (!work_fits(t, kind) || !tw_terrain_contains(t, p))
			continue;
		any = true;
		if (((t->flags & TW_TF_RUINED) != 0) == mend)
			return TW_OK;
	}
	const char *cl = lw_ks_works[kind].clause;
	if (!any)
		return tw_error_set(err, TW_ERR_ILLEGAL, cl, "%s must be aimed at %s: there is none at (%.1f, %.1f)",
				    lw_ks_work_names[kind], what[w], p.x, p.y);
	return tw_error_set(err, TW_ERR_ILLEGAL, cl, "%s at (%.1f, %.1f): %s there is %s", lw_ks_work_names[kind], p.x, p.y,
			    what[w], mend ? "not broken" : "broken already");
}

tw_status lw_validate_work(const tw_state *s, const tw_order *o, tw_error *err)
{
	const lw_side *sd = LWS(s, o->side);
	if (o->n < 0 || o->n >= LW_KS_WORK_COUNT)
		return tw_error_set(err, TW_ERR_INPUT, "KS.RE.1", "no such work %d", o->n);
	if (sd->nwork >= LW_WORK_MAX)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.RE.7", "%s has %d works under way already, the most",
				    s->sides[o->side].name, LW_WORK_MAX);
	if (!o->has_target)
		return tw_error_set(err, TW_ERR_INPUT, lw_ks_works[o->n].clause, "a work needs a place");
	bool moved = false;
	for (int k = 0; k < o->nfig; k++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[k]);
		if (!f || f->side != o->side || !lw_is_free(f))
			return tw_error_set(err, TW_ERR_ILLEGAL, lw_ks_works[o->n].clause, "man %d is not a free man of %s",
					    o->fig[k], s->sides[o->side].name);
		if (LWF(s, f)->work >= 0)
			return tw_error_set(err, TW_ERR_ILLEGAL, lw_ks_works[o->n].clause, "man %d is at another work already",
					    f->id);
		if (lw_fig_dist(f, o->target) > LW_REACH + LW_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, lw_ks_works[o->n].clause,
					    "man %d is more than 6 in from the work", f->id);
		// KS.RE.1: bridges and culverts are the Royal Engineers' work (in a Kriegspiel, where the
		// arms are kept; on a large Country any men may tear up or relay a rail, LW.BIG.11).
		if (LWG(s)->ks && lw_ks_works[o->n].re_only && lw_arm_of(s, f) != LW_ARM_RE)
			return tw_error_set(err, TW_ERR_ILLEGAL, lw_ks_works[o->n].clause,
					    "man %d is of the %s: %s is the Royal Engineers' work", f->id,
					    lw_ks_arm_names[lw_arm_of(s, f)], lw_ks_work_names[o->n]);
		moved = moved || f->moved_in == s->move_no;
	}
	tw_status ts = check_work_target(s, o->n, o->target, err);
	if (ts != TW_OK)
		return ts;
	lw_work w;
	tw_status st = lw_ks_work_start(&w, o->n, o->nfig, moved, s->move_no, err);
	if (st == TW_OK && moved)
		return tw_error_set(err, TW_ERR_ILLEGAL, o->n <= LW_RAIL_RELAY ? "LW.BIG.11" : lw_ks_works[o->n].clause,
				    "the men at a work do nothing else: these have moved this move");
	return st;
}

tw_status lw_apply_work(tw_state *s, const tw_order *o, tw_events *ev)
{
	(void)ev; // KS.RE.7: no event: the start of a work is reported to the umpire only
	lw_side *sd = LWS(s, o->side);
	int k = sd->nwork++;
	sd->work_kind[k] = o->n;
	sd->work_x[k] = o->target.x;
	sd->work_y[k] = o->target.y;
	sd->work_men[k] = o->nfig;
	sd->work_done[k] = 0;
	sd->work_start[k] = s->move_no;
	sd->work_armed[k] = 0;
	for (int i = 0; i < o->nfig; i++)
		LWF(s, &s->fig[o->fig[i]])->work = k;
	return TW_OK;
}

// ---- the end of a move ----

// LW.BIG.3: the owner sets the men out where the box stands, in ranks 1 in apart.
static void open_box(tw_state *s, int side, int k, bool own, tw_events *ev)
{
	lw_side *sd = LWS(s, side);
	tw_vec2 c = tw_v2(sd->box_x[k], sd->box_y[k]);
	int n = lw_box_men(s, side, k, NULL, NULL), row = (int)ceil(sqrt((double)n)), j = 0;
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		if (f->side != side || !lw_is_boxed(s, f) || LWF(s, f)->box != k)
			continue;
		f->status = TW_FS_ACTIVE;
		f->flags &= ~(uint32_t)TW_FF_HIDDEN;
		f->pos = lw_square_place(c, row, j);
		if (f->pos.x < 0)
			f->pos.x = 0;
		if (f->pos.y < 0)
			f->pos.y = 0;
		if (f->pos.x > s->table.width)
			f->pos.x = s->table.width;
		if (f->pos.y > s->table.depth)
			f->pos.y = s->table.depth;
		LWF(s, f)->box = -1;
		if (own) // set out by his own side: that is his move (LW.BIG.2/3 reading)
			f->moved_in = s->move_no;
		j++;
	}
	int guns = lw_held_guns_out(s, side, LW_IN_BOX, k, c, row, own); // lw-box: its guns stand beside the men
	tw_event *e = tw_events_push(ev, TW_EV_REVEAL, side, "LW.BIG.3");
	if (e) {
		e->a = k;
		e->b = n;
		e->c = guns;
		e->x = c.x;
		e->y = c.y;
		if (own)
			tw_event_text(e, "%s opens box %d: %d men%s set out where it stood", s->sides[side].name, k, n,
				      guns == 1 ? " and a gun" : guns > 1 ? " and guns" : "");
		else
			tw_event_text(e, "an enemy scout within 10 ft: %s's box %d is opened, %d men%s set out", s->sides[side].name,
				      k, n, guns == 1 ? " and a gun" : guns > 1 ? " and guns" : "");
	}
	// Close the gap in the box list: the last box takes index k.
	int last = --sd->nbox;
	if (last != k) {
		sd->box_x[k] = sd->box_x[last];
		sd->box_y[k] = sd->box_y[last];
		sd->box_moved[k] = sd->box_moved[last];
		for (int i = 0; i < s->nfig; i++)
			if (s->fig[i].side == side && LWF(s, &s->fig[i])->box == last)
				LWF(s, &s->fig[i])->box = k;
		lw_held_guns_renumber(s, side, LW_IN_BOX, last, k); // lw-box
	}
	sd->box_x[last] = sd->box_y[last] = 0;
	sd->box_moved[last] = 0;
}

static void drop_work(tw_state *s, int side, int k)
{
	lw_side *sd = LWS(s, side);
	int last = --sd->nwork;
	for (int i = 0; i < s->nfig; i++) {
		lw_fig *r = LWF(s, &s->fig[i]);
		if (s->fig[i].side != side)
			continue;
		if (r->work == k)
			r->work = -1;
		else if (r->work == last)
			r->work = k;
	}
	if (last != k) {
		sd->work_kind[k] = sd->work_kind[last];
		sd->work_x[k] = sd->work_x[last];
		sd->work_y[k] = sd->work_y[last];
		sd->work_men[k] = sd->work_men[last];
		sd->work_done[k] = sd->work_done[last];
		sd->work_start[k] = sd->work_start[last];
		sd->work_armed[k] = sd->work_armed[last];
	}
	sd->work_kind[last] = sd->work_men[last] = sd->work_done[last] = sd->work_start[last] = 0;
	sd->work_x[last] = sd->work_y[last] = 0;
	sd->work_armed[last] = 0;
}

// KS.RE.1, LW.BIG.11, KS.RE.5/6: a finished work changes the table.
static void finish_work(tw_state *s, int side, int k, tw_events *ev)
{
	lw_side *sd = LWS(s, side);
	int kind = sd->work_kind[k];
	tw_vec2 p = tw_v2(sd->work_x[k], sd->work_y[k]);
	const char *clause = lw_ks_works[kind].clause;
	tw_event *e = tw_events_push(ev, TW_EV_TABLE, side, clause);
	if (e) {
		e->a = kind;
		e->b = sd->work_start[k];
		e->x = p.x;
		e->y = p.y;
		// KS.RE.7: the folded note is opened when the work is finished.
		tw_event_text(e, "%s finishes %s at (%.1f, %.1f), begun in game move %d", s->sides[side].name,
			      lw_ks_work_names[kind], p.x, p.y, sd->work_start[k]);
	}
	bool breaks = kind == LW_RAIL_TEAR || kind == LW_KS_DEMOLISH_RAIL_BRIDGE || kind == LW_KS_DEMOLISH_CULVERT ||
		      kind == LW_KS_DEMOLISH_ROAD_BRIDGE;
	bool mends = kind == LW_RAIL_RELAY || kind == LW_KS_REPAIR_RAIL_BRIDGE || kind == LW_KS_REPAIR_CULVERT ||
		     kind == LW_KS_REPAIR_ROAD_BRIDGE;
	if (breaks || mends) {
		tw_table *tb = tw_state_table_edit(s);
		for (int i = 0; tb && i < tb->nterrain; i++) {
			tw_terrain *t = &tb->terrain[i];
			if (work_fits(t, kind) && tw_terrain_contains(t, p)) { // KS.RE.1: the work's own piece
				if (breaks) {
					t->flags |= TW_TF_RUINED;
					if (t->kind == TW_TER_BRIDGE)
						t->pass = TW_PASS_NO; // a blown bridge crosses nothing
				} else {
					t->flags &= (uint8_t)~TW_TF_RUINED;
					t->pass = TW_PASS_KIND;
				}
			}
		}
	} else if (kind == LW_KS_BURN_DEPOT || kind == LW_KS_WRECK_WAGGONS) {
		lw_waggons_work_done(s, side, kind, p, ev); // KS.RE.2/3 (lw_waggons.c)
	} else if (kind == LW_KS_ENTRENCH || kind == LW_KS_EPAULEMENT) {
		tw_table *tb = tw_state_table_edit(s);
		if (tb) {
			// KS.RE.5: 2 in high strips, 1 in of trench per 2 men; KS.RE.6: a 3 in epaulement.
			double half = kind == LW_KS_ENTRENCH ? lw_ks_trench_inches(sd->work_men[k]) / 2.0 : 1.5;
			tw_terrain t;
			memset(&t, 0, sizeof t);
			t.id = tb->nterrain;
			t.kind = TW_TER_WALL;
			t.shape = TW_SHAPE_POLY;
			t.nverts = 4;
			t.v[0] = tw_v2(p.x - half, p.y - 0.25);
			t.v[1] = tw_v2(p.x + half, p.y - 0.25);
			t.v[2] = tw_v2(p.x + half, p.y + 0.25);
			t.v[3] = tw_v2(p.x - half, p.y + 0.25);
			t.height = 2.0;
			t.flags = TW_TF_WORKS;
			snprintf(t.name, sizeof t.name, "%s", lw_ks_work_names[kind]);
			tw_table_add(tb, &t);
		}
	}
}

// KS.RE.4: a mine goes off under the first enemy piece over it: everything within 6 in dies.
static void check_mines(tw_state *s, int side, tw_events *ev)
{
	lw_side *sd = LWS(s, side);
	for (int k = 0; k < sd->nwork; k++) {
		if (sd->work_kind[k] != LW_KS_MINE || !sd->work_armed[k])
			continue;
		tw_vec2 p = tw_v2(sd->work_x[k], sd->work_y[k]);
		bool over = false;
		for (int i = 0; i < s->nfig && !over; i++)
			over = s->fig[i].side != side && lw_is_free(&s->fig[i]) && lw_fig_dist(&s->fig[i], p) <= LW_EPS;
		if (!over)
			continue;
		int killed = 0;
		for (int i = 0; i < s->nfig; i++) {
			tw_figure *f = &s->fig[i];
			if (lw_is_free(f) && lw_ks_mine_destroys(lw_fig_dist(f, p)) && lw_ks_is_general(s, f)) {
				lw_ks_general_wound(s, f, ev); // KS.GNL.2: an explosion, as a shell's zone
				continue;
			}
			if (lw_is_free(f) && lw_ks_mine_destroys(lw_fig_dist(f, p))) {
				f->status = TW_FS_DEAD;
				killed++;
				tw_event *e = tw_events_push(ev, TW_EV_KILL, f->side, "KS.RE.4");
				if (e) {
					e->a = f->id;
					e->b = 6; // mine
					e->x = f->pos.x;
					e->y = f->pos.y;
					tw_event_text(e, "man %d killed by a mine", f->id);
				}
			}
		}
		for (int g = 0; g < s->ngun; g++)
			if (tw_gun_distance(&s->gun[g], p) <= LW_KS_MINE_R + LW_EPS)
				LWGN(s, &s->gun[g])->ks_destroyed = 1;
		tw_event *e = tw_events_push(ev, TW_EV_INFO, side, "KS.RE.4");
		if (e) {
			e->x = p.x;
			e->y = p.y;
			e->b = killed;
			tw_event_text(e, "%s's mine laid in game move %d goes off at (%.1f, %.1f): %d killed (KS.RE.7: the note "
					 "is opened)",
				      s->sides[side].name, sd->work_start[k], p.x, p.y, killed);
		}
		drop_work(s, side, k);
		k--;
	}
}

// LW.BIG.1: once any opposing pieces (men or boxes) are within the threshold, 1x for good.
static void check_close(tw_state *s, tw_events *ev)
{
	lw_game *g = LWG(s);
	if (g->big_mult <= 1 || g->big_closed)
		return;
	lw_big_opts o = {g->big_mult, g->big_close_ft, 1.0};
	double best = INFINITY;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].side == 0 && lw_is_free(&s->fig[i])) {
			double d = nearest_enemy(s, 0, s->fig[i].pos, false) - s->fig[i].radius;
			best = d < best ? d : best;
		}
	const lw_side *r = LWS(s, 0);
	for (int k = 0; k < r->nbox; k++) {
		double d = nearest_enemy(s, 0, tw_v2(r->box_x[k], r->box_y[k]), false);
		best = d < best ? d : best;
	}
	bool closed = false;
	lw_big_multiplier(&o, best, &closed);
	if (!closed)
		return;
	g->big_closed = 1;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, -1, "LW.BIG.1");
	if (e) {
		e->v = best;
		tw_event_text(e, "the armies are within %d ft (%.1f in): moves drop back to normal", g->big_close_ft, best);
	}
}

int lw_big_mult_now(const tw_state *s)
{
	const lw_game *g = LWG(s);
	return g->big_mult > 1 && !g->big_closed ? g->big_mult : 1;
}

void lw_big_end_move(tw_state *s, tw_events *ev)
{
	int side = s->mover;
	if (side < 0 || side > 1)
		return;
	lw_ks_pursuit_end_move(s, side, ev); // KS.CH.10/11: the pursuit stopped (lw_ks_pursuit.c)
	lw_ks_gun_pursuit_end_move(s, side, ev); // KS.CH.13 (lw-box): guns likewise (lw_ks_gun_retire.c)
	lw_take_waggons(s, ev);              // lw-box: unguarded waggons touched by the enemy (lw_waggons.c)
	// KS.RE.1-6, LW.BIG.11: the mover's works go on if their men stayed and did nothing else.
	lw_side *sd = LWS(s, side);
	for (int k = 0; k < sd->nwork; k++) {
		if (sd->work_armed[k])
			continue;
		int staying = 0;
		bool moved = false;
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *f = &s->fig[i];
			if (f->side != side || LWF(s, f)->work != k)
				continue;
			if (lw_is_free(f) && f->moved_in != s->move_no)
				staying++;
			else
				moved = true;
		}
		lw_work w = {sd->work_kind[k], sd->work_men[k], sd->work_done[k], sd->work_start[k], false};
		if (moved && staying == 0) { // every man left: the work is abandoned
			drop_work(s, side, k--);
			continue;
		}
		bool done = sd->work_start[k] == s->move_no ? false : lw_ks_work_step(&w, staying, moved);
		sd->work_done[k] = w.done;
		if (!done)
			continue;
		if (sd->work_kind[k] == LW_KS_MINE) {
			sd->work_armed[k] = 1; // KS.RE.4: laid; the men are free again
			for (int i = 0; i < s->nfig; i++)
				if (s->fig[i].side == side && LWF(s, &s->fig[i])->work == k)
					LWF(s, &s->fig[i])->work = -1;
			continue;
		}
		finish_work(s, side, k, ev);
		drop_work(s, side, k--);
	}
	// LW.BIG.3: boxes of either side with an enemy scout within 10 ft are opened.
	for (int bs = 0; bs < 2; bs++) {
		lw_side *b = LWS(s, bs);
		for (int k = 0; k < b->nbox; k++)
			if (lw_big_box_revealed(nearest_enemy(s, bs, tw_v2(b->box_x[k], b->box_y[k]), true))) {
				open_box(s, bs, k, false, ev);
				k--;
			}
	}
	for (int bs = 0; bs < 2; bs++)
		check_mines(s, bs, ev);
	lw_ks_supply_end_move(s, side, ev); // KS.SUP.1/9 (lw_ks_supply_order.c)
	lw_waggons_end_move(s, side, ev);   // LW.BIG.5 (lw_waggons.c)
	check_close(s, ev);
}
