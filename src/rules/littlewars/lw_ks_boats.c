// The Kriegspiel's boats (KS.FORM.1, KS.MOV.1): a side's boats are rows of its record (where
// each floats, when it last moved, from which game move it may move), as its trains are; the men
// aboard are off the table (status reserve, their record's `boat` 1 + the boat), seen by all.
// Orders:
// - `boat_embark N FIGURES`: infantry within 6 in of the boat (the embarkation point) who have
//   not moved this move, as many as LW_KS_BOAT_MEN; embarking takes 2 moves per 20 men (KS.FORM.1),
//   so the boat may move from the side's own move after those 2;
// - `boat_move N PATH`: along a river, every point of the path on a river piece (under a bridge
//   and over a ford as well), 12 in (KS.MOV.1) times the outdoor factor (LW.BIG.8);
// - `boat_land N TARGET`: in a move the boat did not move, the men aboard get out onto the bank in
//   a square 1.25 in apart centred on TARGET, within 6 in of the boat, every place dry ground a man
//   may stand on; disembarking takes 1 move per 20 men (KS.FORM.1): it is their move.
// Readings (docs/rules/littlewars.md "The Kriegspiel"): boats carry infantry, the only arm whose
// heading gives them times; a boat holds 20 men, the rule's group; each boat is its own
// embarkation point.
#include <math.h>
#include <string.h>

#include "lw_big.h"
#include "lw_ks_pursuit.h"
#include "lw_util.h"

int lw_boat_riders(const tw_state *s, int side, int k)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		n += f->side == side && f->status == TW_FS_RESERVE && LWF(s, f)->boat == k + 1;
	}
	return n;
}

bool lw_on_river(const tw_state *s, tw_vec2 p)
{
	for (int i = 0; i < s->table.nterrain; i++) {
		const tw_terrain *t = &s->table.terrain[i];
		if (t->kind == TW_TER_RIVER && tw_terrain_contains(t, p))
			return true;
	}
	return false;
}

// The boat named, in a Kriegspiel, that has not moved in this move.
static tw_status boat_ok(const tw_state *s, const tw_order *o, const char *what, tw_error *err)
{
	if (!LWG(s)->ks)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.1", "boats are the Kriegspiel's: this game has none");
	const lw_side *sd = LWS(s, o->side);
	if (o->n < 0 || o->n >= sd->nboat)
		return tw_error_set(err, TW_ERR_INPUT, "KS.FORM.1", "%s has no boat %d", s->sides[o->side].name, o->n);
	if (sd->boat_moved[o->n] == s->move_no)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.1", "boat %d has moved in this move: %s takes a move of its own",
				    o->n, what);
	return TW_OK;
}

tw_status lw_validate_boat_embark(const tw_state *s, const tw_order *o, tw_error *err)
{
	tw_status st = boat_ok(s, o, "embarking", err);
	if (st != TW_OK)
		return st;
	const lw_side *sd = LWS(s, o->side);
	tw_vec2 at = tw_v2(sd->boat_x[o->n], sd->boat_y[o->n]);
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->side != o->side || !lw_is_free(f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.1", "man %d is no free man of %s to embark",
					    o->fig[i], s->sides[o->side].name);
		for (int j = 0; j < i; j++)
			if (o->fig[j] == o->fig[i])
				return tw_error_set(err, TW_ERR_INPUT, "KS.FORM.1", "man %d is named twice", f->id);
		if (lw_ks_form_halves(LW_FA_EMBARK, lw_arm_of(s, f), 1, err) < 0) // the infantry's (KS.FORM.1)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.1",
					    "man %d is of the %s: boats are the infantry's (KS.FORM.1)", f->id,
					    lw_ks_arm_names[lw_arm_of(s, f)]);
		if (f->moved_in == s->move_no)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.1",
					    "man %d has moved in this move: embarking takes moves of his own", f->id);
		if (LWF(s, f)->marks & LW_MARK_CONTACT)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MEL.2",
					    "man %d is in contact and must stay there until the move ends", f->id);
		if (LWF(s, f)->ks_unsupplied > 0)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.SUP.9",
					    "man %d is unsupplied: he cannot move until supplies reach him", f->id);
		if (LWF(s, f)->ks_still_until >= s->move_no)
			return lw_ks_still_refusal(s, f, err);
		double d = lw_fig_dist(f, at);
		if (d > LW_REACH + LW_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.1",
					    "man %d is %.1f in from boat %d: men embark at the boat (within 6 in)", f->id, d,
					    o->n);
	}
	int aboard = lw_boat_riders(s, o->side, o->n);
	if (aboard + o->nfig > LW_KS_BOAT_MEN)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.1", "boat %d holds %d men: %d aboard and %d more is %d", o->n,
				    LW_KS_BOAT_MEN, aboard, o->nfig, aboard + o->nfig);
	return TW_OK;
}

tw_status lw_apply_boat_embark(tw_state *s, const tw_order *o, tw_events *ev)
{
	lw_side *sd = LWS(s, o->side);
	tw_vec2 at = tw_v2(sd->boat_x[o->n], sd->boat_y[o->n]);
	for (int i = 0; i < o->nfig; i++) {
		tw_figure *f = &s->fig[o->fig[i]];
		f->status = TW_FS_RESERVE; // aboard: off the table's ground, seen by all
		f->pos = at;
		f->moved_in = s->move_no;
		LWF(s, f)->boat = o->n + 1;
		LWF(s, f)->marks = 0;
	}
	// KS.FORM.1: 2 moves per 20 men embarked, this move the first; the side's own moves are every
	// other game move, so the boat may move in game move now + 2 x those moves.
	int halves = lw_ks_form_halves(LW_FA_EMBARK, LW_ARM_INFANTRY, o->nfig, NULL);
	int32_t ready = s->move_no + 2 * ((halves + 1) / 2);
	if (sd->boat_ready[o->n] < ready)
		sd->boat_ready[o->n] = ready;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "KS.FORM.1");
	if (e) {
		e->a = o->n;
		e->b = o->nfig;
		e->x = at.x;
		e->y = at.y;
		tw_event_text(e, "%d %s of %s %s in boat %d (%d moves); it may put off in game move %d", o->nfig,
			      o->nfig == 1 ? "man" : "men", s->sides[o->side].name, o->nfig == 1 ? "embarks" : "embark", o->n,
			      (halves + 1) / 2, sd->boat_ready[o->n]);
	}
	return TW_OK;
}

tw_status lw_validate_boat_move(const tw_state *s, const tw_order *o, tw_error *err)
{
	tw_status st = boat_ok(s, o, "a move", err);
	if (st != TW_OK)
		return st;
	const lw_side *sd = LWS(s, o->side);
	if (s->move_no < sd->boat_ready[o->n])
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.1",
				    "boat %d is taking men aboard: it may put off in game move %d", o->n,
				    sd->boat_ready[o->n]);
	if (o->npath < 1)
		return tw_error_set(err, TW_ERR_INPUT, "KS.MOV.1", "a boat's move needs a path");
	tw_vec2 a = tw_v2(sd->boat_x[o->n], sd->boat_y[o->n]);
	double len = 0;
	for (int k = 0; k < o->npath; k++) {
		tw_vec2 b = o->path[k];
		double d = tw_dist(a, b);
		int steps = (int)ceil(d * 4) + 1; // every 1/4 in of the way
		if (!isfinite(d) || steps > 100000)
			return tw_error_set(err, TW_ERR_INPUT, "KS.MOV.1", "the boat's path is not on the table");
		for (int j = 0; j <= steps; j++) {
			tw_vec2 p = tw_add(a, tw_scale(tw_sub(b, a), (double)j / steps));
			if (!lw_on_river(s, p))
				return tw_error_set(err, TW_ERR_ILLEGAL, "KS.MOV.1",
						    "a boat keeps to the river: (%.1f, %.1f) is not on it", p.x, p.y);
		}
		len += d;
		a = b;
	}
	double reach = lw_ks_move(LW_ARM_BOATS, false, false) * lw_big_outdoor(s); // KS.MOV.1, LW.BIG.8
	if (len > reach + LW_EPS)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.MOV.1", "boat %d may go %.0f in, not %.*f in", o->n, reach,
				    lw_excess_digits(len, reach), len);
	return TW_OK;
}

tw_status lw_apply_boat_move(tw_state *s, const tw_order *o, tw_events *ev)
{
	lw_side *sd = LWS(s, o->side);
	tw_vec2 to = o->path[o->npath - 1], a = tw_v2(sd->boat_x[o->n], sd->boat_y[o->n]);
	double len = 0;
	for (int k = 0; k < o->npath; k++) {
		len += tw_dist(a, o->path[k]);
		a = o->path[k];
	}
	sd->boat_x[o->n] = to.x;
	sd->boat_y[o->n] = to.y;
	sd->boat_moved[o->n] = s->move_no;
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		if (f->side == o->side && f->status == TW_FS_RESERVE && LWF(s, f)->boat == o->n + 1)
			f->pos = to;
	}
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "KS.MOV.1");
	if (e) {
		e->a = o->n;
		e->x = to.x;
		e->y = to.y;
		e->v = len;
		tw_event_text(e, "%s's boat %d goes %.1f in to (%.1f, %.1f)", s->sides[o->side].name, o->n, len, to.x, to.y);
	}
	return TW_OK;
}

// The place of the j-th of n men landing in a square 1.25 in apart centred on c.
static tw_vec2 landing_place(tw_vec2 c, int n, int j) { return lw_square_place(c, (int)ceil(sqrt((double)n)), j); }

tw_status lw_validate_boat_land(const tw_state *s, const tw_order *o, tw_error *err)
{
	tw_status st = boat_ok(s, o, "landing", err);
	if (st != TW_OK)
		return st;
	const lw_side *sd = LWS(s, o->side);
	int n = lw_boat_riders(s, o->side, o->n);
	if (n == 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.1", "nobody is aboard boat %d", o->n);
	tw_vec2 at = tw_v2(sd->boat_x[o->n], sd->boat_y[o->n]), c = o->target;
	if (!isfinite(c.x) || !isfinite(c.y))
		return tw_error_set(err, TW_ERR_INPUT, "KS.FORM.1", "the landing place is not on the table");
	if (tw_dist(c, at) > LW_REACH + LW_EPS)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.1",
				    "(%.1f, %.1f) is %.1f in from boat %d: the men land beside it (within 6 in)", c.x, c.y,
				    tw_dist(c, at), o->n);
	int j = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != o->side || f->status != TW_FS_RESERVE || LWF(s, f)->boat != o->n + 1)
			continue;
		tw_vec2 p = landing_place(c, n, j++);
		tw_error why;
		tw_error_clear(&why);
		// On the table, on dry ground, clear of pieces and guns.
		if (lw_check_standing(s, f, p, &why) != TW_OK)
			return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.1", "man %d cannot land at (%.2f, %.2f): %s (%s)",
					    f->id, p.x, p.y, why.message, why.clause);
		for (int k = 0; k < s->nfig; k++) {
			const tw_figure *g = &s->fig[k];
			if (g->status == TW_FS_ACTIVE && tw_dist(g->pos, p) < g->radius + f->radius - 1e-9)
				return tw_error_set(err, TW_ERR_ILLEGAL, "KS.FORM.1",
						    "man %d cannot land at (%.2f, %.2f): figure %d stands there", f->id, p.x,
						    p.y, g->id);
		}
	}
	return TW_OK;
}

tw_status lw_apply_boat_land(tw_state *s, const tw_order *o, tw_events *ev)
{
	lw_side *sd = LWS(s, o->side);
	int n = lw_boat_riders(s, o->side, o->n), j = 0;
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		if (f->side != o->side || f->status != TW_FS_RESERVE || LWF(s, f)->boat != o->n + 1)
			continue;
		f->status = TW_FS_ACTIVE;
		f->pos = landing_place(o->target, n, j++);
		f->moved_in = s->move_no; // KS.FORM.1: 1 move per 20 men: landing is their move
		LWF(s, f)->boat = 0;
	}
	sd->boat_ready[o->n] = s->move_no + 1; // the boat waits out the landing move
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "KS.FORM.1");
	if (e) {
		e->a = o->n;
		e->b = n;
		e->x = o->target.x;
		e->y = o->target.y;
		tw_event_text(e, "%d %s of %s %s from boat %d at (%.1f, %.1f)", n, n == 1 ? "man" : "men",
			      s->sides[o->side].name, n == 1 ? "lands" : "land", o->n, o->target.x, o->target.y);
	}
	return TW_OK;
}
