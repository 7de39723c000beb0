// Trains on the table (LW.BIG.9-11, KS.RAIL.1, KS.SH.6): a side's trains are rows of its record
// (where each stands, when it last moved, from which game move it may leave); the men aboard are
// off the table (status reserve, their record's `train` the train), in open trucks (seen by
// all). Orders: `train_load` men gathered within 6 in of the train who have not moved (LW.BIG.9),
// as many as 8 trucks carry (LW.BIG.10); `train_move` along the railway, a piece named "railway"
// or "railway bridge", not torn up (LW.BIG.11), as far as lw_rail_train_move allows; and
// `train_unload` beside the train in a move it did not move (LW.BIG.9). Loading takes the move
// (the train leaves from the side's next move), in the Kriegspiel 2 moves per 20 men; unloaded
// men have made their move, in the Kriegspiel they wait 1 move per 20 men (KS.RAIL.1).
#include <math.h>
#include <string.h>

#include "lw_big.h"
#include "lw_boxes.h"

static bool ks_game(const tw_state *s) { return LWG(s)->ks != 0; }
static const char *rail_clause(const tw_state *s) { return ks_game(s) ? "KS.RAIL.1" : "LW.BIG.9"; }

int lw_train_riders(const tw_state *s, int side, int k, int *inf, int *cav)
{
	int n = 0, ni = 0, nc = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side || f->status != TW_FS_RESERVE || LWF(s, f)->train != k)
			continue;
		n++;
		if (f->kind == TW_FK_CAVALRY)
			nc++;
		else
			ni++;
	}
	if (inf)
		*inf = ni;
	if (cav)
		*cav = nc;
	return n;
}

static tw_status train_ok(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (o->n < 0 || o->n >= LWS(s, o->side)->ntrain)
		return tw_error_set(err, TW_ERR_INPUT, "LW.BIG.9", "%s has no train %d", s->sides[o->side].name, o->n);
	if (LWS(s, o->side)->train_moved[o->n] == s->move_no)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.9", "train %d has moved in this move", o->n);
	return TW_OK;
}

// 0 off the railway, 1 on it, 2 on a torn-up rail or a blown railway bridge.
static int on_rails(const tw_state *s, tw_vec2 p)
{
	int best = 0;
	for (int i = 0; i < s->table.nterrain; i++) {
		const tw_terrain *t = &s->table.terrain[i];
		if ((strcmp(t->name, "railway") != 0 && strcmp(t->name, "railway bridge") != 0) ||
		    !tw_terrain_contains(t, p))
			continue;
		if (t->flags & TW_TF_RUINED)
			return 2;
		best = 1;
	}
	return best;
}

tw_status lw_validate_train_load(const tw_state *s, const tw_order *o, tw_error *err)
{
	tw_status st = train_ok(s, o, err);
	if (st != TW_OK)
		return st;
	const lw_side *sd = LWS(s, o->side);
	tw_vec2 at = tw_v2(sd->train_x[o->n], sd->train_y[o->n]);
	int inf, cav;
	lw_train_riders(s, o->side, o->n, &inf, &cav);
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->side != o->side || !lw_is_free(f) || (f->kind != TW_FK_INFANTRY && f->kind != TW_FK_CAVALRY))
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.10", "man %d is no free man of %s to go by train",
					    o->fig[i], s->sides[o->side].name);
		for (int j = 0; j < i; j++)
			if (o->fig[j] == o->fig[i])
				return tw_error_set(err, TW_ERR_INPUT, "LW.BIG.9", "man %d is named twice", f->id);
		if (f->moved_in == s->move_no)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.9",
					    "man %d has moved in this move: loading takes a move of his own", f->id);
		if (lw_fig_dist(f, at) > LW_REACH + LW_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.9",
					    "man %d is %.1f in from train %d: the troops are gathered beside it (within 6 in)",
					    f->id, lw_fig_dist(f, at), o->n);
		if (f->kind == TW_FK_CAVALRY)
			cav++;
		else
			inf++;
	}
	int guns = lw_held_guns(s, o->side, LW_ON_TRAIN, o->n) + (o->gun >= 0);
	if (o->gun >= 0) { // lw-box: a gun boards with its crew
		st = lw_validate_train_gun(s, o, at, err);
		if (st != TW_OK)
			return st;
	}
	int trucks = lw_rail_trucks(inf, cav, guns);
	if (trucks > LW_RAIL_FULL_TRUCKS)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.10",
				    "%d infantry, %d cavalry and %d guns need %d trucks (12 or 5 a truck, 2 a gun); an engine pulls 8",
				    inf, cav, guns, trucks);
	return TW_OK;
}

tw_status lw_apply_train_load(tw_state *s, const tw_order *o, tw_events *ev)
{
	lw_side *sd = LWS(s, o->side);
	tw_vec2 at = tw_v2(sd->train_x[o->n], sd->train_y[o->n]);
	for (int i = 0; i < o->nfig; i++) {
		tw_figure *f = &s->fig[o->fig[i]];
		f->status = TW_FS_RESERVE; // aboard: off the table, in an open truck
		f->pos = at;
		f->moved_in = s->move_no;
		LWF(s, f)->train = o->n;
		LWF(s, f)->marks = 0;
	}
	if (o->gun >= 0) // lw-box: on its two trucks
		lw_train_gun_in(s, &s->gun[o->gun], o->n, at);
	// LW.BIG.9: loading takes this move; KS.RAIL.1: 2 moves per 20 men (the side's own moves).
	int32_t ready = s->move_no + 2 * lw_rail_load_moves(o->nfig, ks_game(s));
	if (sd->train_ready[o->n] < ready)
		sd->train_ready[o->n] = ready;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, rail_clause(s));
	if (e) {
		e->a = o->n;
		e->b = o->nfig;
		e->x = at.x;
		e->y = at.y;
		tw_event_text(e, "%d men of %s load train %d; it may leave in game move %d", o->nfig, s->sides[o->side].name,
			      o->n, sd->train_ready[o->n]);
	}
	return TW_OK;
}

tw_status lw_validate_train_move(const tw_state *s, const tw_order *o, tw_error *err)
{
	tw_status st = train_ok(s, o, err);
	if (st != TW_OK)
		return st;
	const lw_side *sd = LWS(s, o->side);
	if (s->move_no < sd->train_ready[o->n])
		return tw_error_set(err, TW_ERR_ILLEGAL, rail_clause(s),
				    "train %d is loading: it may leave in game move %d", o->n, sd->train_ready[o->n]);
	if (o->npath < 1)
		return tw_error_set(err, TW_ERR_INPUT, "LW.BIG.9", "a train move needs a path");
	tw_vec2 a = tw_v2(sd->train_x[o->n], sd->train_y[o->n]);
	double len = 0;
	for (int k = 0; k < o->npath; k++) {
		tw_vec2 b = o->path[k];
		double d = tw_dist(a, b);
		int steps = (int)ceil(d) + 1; // every inch of the way
		if (!isfinite(d) || steps > 100000)
			return tw_error_set(err, TW_ERR_INPUT, "LW.BIG.9", "the train's path is not on the table");
		for (int j = 0; j <= steps; j++) {
			tw_vec2 p = tw_add(a, tw_scale(tw_sub(b, a), (double)j / steps));
			int r = on_rails(s, p);
			if (r == 0)
				return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.9",
						    "a train keeps to the railway: (%.1f, %.1f) is off it", p.x, p.y);
			if (r == 2)
				return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.11",
						    "the line is broken at (%.1f, %.1f): the rail must be relaid first", p.x, p.y);
		}
		len += d;
		a = b;
	}
	int inf, cav;
	lw_train_riders(s, o->side, o->n, &inf, &cav);
	double reach = lw_rail_train_move(lw_rail_trucks(inf, cav, lw_held_guns(s, o->side, LW_ON_TRAIN, o->n)), ks_game(s),
					  lw_big_mult_now(s), err);
	if (reach < 0)
		return TW_ERR_ILLEGAL;
	reach *= lw_big_outdoor(s); // LW.BIG.8
	if (len > reach + LW_EPS)
		return tw_error_set(err, TW_ERR_ILLEGAL, rail_clause(s), "train %d may go %.0f in, not %.*f in", o->n, reach,
				    lw_excess_digits(len, reach), len);
	return TW_OK;
}

tw_status lw_apply_train_move(tw_state *s, const tw_order *o, tw_events *ev)
{
	lw_side *sd = LWS(s, o->side);
	tw_vec2 to = o->path[o->npath - 1];
	double len = 0; // along the line, inches
	tw_vec2 a = tw_v2(sd->train_x[o->n], sd->train_y[o->n]);
	for (int k = 0; k < o->npath; k++) {
		len += tw_dist(a, o->path[k]);
		a = o->path[k];
	}
	sd->train_x[o->n] = to.x;
	sd->train_y[o->n] = to.y;
	sd->train_moved[o->n] = s->move_no;
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		if (f->side == o->side && f->status == TW_FS_RESERVE && LWF(s, f)->train == o->n)
			f->pos = to;
	}
	lw_held_guns_move(s, o->side, LW_ON_TRAIN, o->n, to); // lw-box
	// An info event, not TW_EV_MOVE (a figure's move, `a` a figure id): front-ends would take
	// the train's number for a man's.
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, rail_clause(s));
	if (e) {
		e->a = o->n;
		e->x = to.x;
		e->y = to.y;
		e->v = len;
		tw_event_text(e, "%s's train %d runs %.1f in to (%.1f, %.1f)", s->sides[o->side].name, o->n, len, to.x,
			      to.y);
	}
	return TW_OK;
}

tw_status lw_validate_train_unload(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (o->n < 0 || o->n >= LWS(s, o->side)->ntrain)
		return tw_error_set(err, TW_ERR_INPUT, "LW.BIG.9", "%s has no train %d", s->sides[o->side].name, o->n);
	if (LWS(s, o->side)->train_moved[o->n] == s->move_no)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.9",
				    "train %d has moved in this move: unloading takes a move of its own", o->n);
	if (lw_train_riders(s, o->side, o->n, NULL, NULL) == 0 && lw_held_guns(s, o->side, LW_ON_TRAIN, o->n) == 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.BIG.9", "nobody is aboard train %d", o->n);
	return TW_OK;
}

tw_status lw_apply_train_unload(tw_state *s, const tw_order *o, tw_events *ev)
{
	lw_side *sd = LWS(s, o->side);
	tw_vec2 at = tw_v2(sd->train_x[o->n], sd->train_y[o->n]);
	int n = lw_train_riders(s, o->side, o->n, NULL, NULL), row = (int)ceil(sqrt((double)n)), j = 0;
	// Set out beside the line, 3 in to its right, in a square 1.25 in apart (as a box, LW.BIG.3).
	tw_vec2 c = tw_v2(at.x + 3.0 + (row - 1) * 1.25 / 2.0, at.y);
	int32_t wait = s->move_no + 2 * (lw_rail_unload_moves(n, ks_game(s)) - 1); // KS.RAIL.1
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		if (f->side != o->side || f->status != TW_FS_RESERVE || LWF(s, f)->train != o->n)
			continue;
		f->status = TW_FS_ACTIVE;
		tw_vec2 p = lw_square_place(c, row, j);
		f->pos = tw_v2(fmin(fmax(p.x, 0), s->table.width), fmin(fmax(p.y, 0), s->table.depth));
		f->moved_in = s->move_no; // LW.BIG.9: unloading is their move
		LWF(s, f)->train = -1;
		if (wait > LWF(s, f)->ks_still_until) {
			LWF(s, f)->ks_still_until = wait;
			LWF(s, f)->ks_still_why = LW_STILL_UNLOADED; // lw-box: the refusal names KS.RAIL.1
		}
		j++;
	}
	int guns = lw_held_guns_out(s, o->side, LW_ON_TRAIN, o->n, c, row, true); // lw-box: beside the men's square
	sd->train_ready[o->n] = s->move_no + 1; // the train waits out the unloading move
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, rail_clause(s));
	if (e) {
		e->a = o->n;
		e->b = n;
		e->x = at.x;
		e->y = at.y;
		e->c = guns;
		tw_event_text(e, "%d men%s of %s unload from train %d at (%.1f, %.1f)", n,
			      guns == 1 ? " and a gun" : guns > 1 ? " and guns" : "", s->sides[o->side].name, o->n, at.x, at.y);
	}
	return TW_OK;
}

void lw_ks_shell_trains(tw_state *s, tw_vec2 p, tw_events *ev)
{
	for (int side = 0; side < 2 && side < s->nsides; side++) {
		lw_side *sd = LWS(s, side);
		for (int k = 0; k < sd->ntrain; k++) {
			tw_vec2 at = tw_v2(sd->train_x[k], sd->train_y[k]);
			if (!lw_ks_shell_destroys_vehicle(tw_dist(at, p)))
				continue;
			int killed = 0; // KS.SH.6: the engine and its trucks are destroyed, and the men aboard
			for (int i = 0; i < s->nfig; i++) {
				tw_figure *f = &s->fig[i];
				if (f->side == side && f->status == TW_FS_RESERVE && LWF(s, f)->train == k) {
					f->status = TW_FS_DEAD;
					LWF(s, f)->train = -1;
					killed++;
				}
			}
			lw_train_guns_destroyed(s, side, k); // lw-box: KS.SH.6, the guns aboard with them
			tw_event *e = tw_events_push(ev, TW_EV_INFO, side, "KS.SH.6");
			if (e) {
				e->a = k;
				e->b = killed;
				e->x = at.x;
				e->y = at.y;
				tw_event_text(e, "%s's train %d is destroyed by a shell with the %d men aboard", s->sides[side].name,
					      k, killed);
			}
			int last = --sd->ntrain; // the last train takes index k
			if (last != k) {
				sd->train_x[k] = sd->train_x[last];
				sd->train_y[k] = sd->train_y[last];
				sd->train_moved[k] = sd->train_moved[last];
				sd->train_ready[k] = sd->train_ready[last];
				for (int i = 0; i < s->nfig; i++)
					if (s->fig[i].side == side && LWF(s, &s->fig[i])->train == last)
						LWF(s, &s->fig[i])->train = k;
				lw_held_guns_renumber(s, side, LW_ON_TRAIN, last, k); // lw-box
			}
			sd->train_x[last] = sd->train_y[last] = 0;
			sd->train_moved[last] = sd->train_ready[last] = 0;
			k--;
		}
	}
}
