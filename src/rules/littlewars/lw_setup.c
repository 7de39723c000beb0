// Before play: checking the forces, the toss, chance men, putting down
// (LW.C.1-3, LW.MV.1-5, LW.FOR.1-5, LW.VAR.4, LW.VAR.9-12).
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lw.h"
#include "lw_big.h"

#define LW_SET_ASIDE 12 // LW.FOR.2

double lw_force_points(int infantry, int cavalry, int guns) { return infantry + 1.5 * cavalry + 10.0 * guns; }

static void count_force(const tw_state *s, int side, int *inf, int *cav, int *guns)
{
	*inf = *cav = *guns = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side || f->status == TW_FS_DEAD ||
		    (f->status == TW_FS_RESERVE && LWF(s, f)->box < 0 && LWF(s, f)->train < 0 && LWF(s, f)->boat == 0))
			continue; // LW.BIG.2/9, KS.FORM.1: men in a box or aboard a train or a boat are part of the force
		if (f->kind == TW_FK_CAVALRY)
			(*cav)++;
		else
			(*inf)++;
	}
	for (int i = 0; i < s->ngun; i++)
		if (s->gun[i].orig_side == side && lw_gun_in_battle(s, &s->gun[i]))
			(*guns)++;
}

static void start_play(tw_state *s, tw_events *ev)
{
	for (int i = 0; i < s->nfig; i++)
		s->fig[i].flags &= ~(uint32_t)TW_FF_HIDDEN;
	for (int i = 0; i < s->ngun; i++)
		s->gun[i].flags &= ~TW_FF_HIDDEN;
	if (s->params[LWP_CURTAIN] != 0) {
		tw_event *e = tw_events_push(ev, TW_EV_REVEAL, -1, "LW.MV.4");
		tw_event_text(e, "Both sides are ready: the curtain is drawn back");
	}
	for (int side = 0; side < 2; side++) {
		int inf, cav, guns;
		count_force(s, side, &inf, &cav, &guns);
		s->sides[side].start_men = inf + cav;
		s->sides[side].start_guns = guns;
	}
	int def = LWG(s)->defender;
	if (def >= 0)
		LWG(s)->orig_attack = s->sides[lw_enemy(def)].start_men;
	s->phase = LW_PH_PLAY;
	s->move_no = 1;
	lw_begin_move(s, LWG(s)->first, ev);
}

tw_status lw_setup(tw_state *s, tw_error *err)
{
	if (s->nsides != 2)
		return tw_error_set(err, TW_ERR_INPUT, "LW.C.2", "Little Wars is fought by two sides (got %d)", s->nsides);
	if (s->sides[0].forward == s->sides[1].forward || s->sides[0].forward == 0)
		return tw_error_set(err, TW_ERR_INPUT, "LW.C.3", "the two back lines must face each other");
	for (int i = 0; i < s->ngun; i++)
		if (s->gun[i].side > 1 || s->gun[i].orig_side > 1)
			return tw_error_set(err, TW_ERR_INPUT, "LW.FOR.1", "gun %d has no valid side", i);
	int inf[2], cav[2], guns[2];
	for (int side = 0; side < 2; side++) {
		count_force(s, side, &inf[side], &cav[side], &guns[side]);
		double pts = s->params[side == 0 ? LWP_POINTS_RED : LWP_POINTS_BLUE];
		double have = lw_force_points(inf[side], cav[side], guns[side]);
		if (pts > 0 && have != pts)
			return tw_error_set(err, TW_ERR_INPUT, "LW.FOR.4",
					    "%s's force is worth %.1f points, not the %.0f agreed "
					    "(infantry 1, cavalry 1.5, guns 10)",
					    s->sides[side].name, have, pts);
		// LW.VAR.4 Interpretation: refuse a game with fewer than 10 men a side.
		if (inf[side] + cav[side] < 10)
			return tw_error_set(err, TW_ERR_INPUT, "LW.VAR.4", "%s has %d men; a game needs at least 10 a side",
					    s->sides[side].name, inf[side] + cav[side]);
	}
	// LW.FOR.5: every soldier in a game is of one size.
	double h_inf = -1;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->kind != TW_FK_INFANTRY)
			continue;
		if (h_inf < 0)
			h_inf = f->height;
		else if (f->height != h_inf)
			return tw_error_set(err, TW_ERR_INPUT, "LW.FOR.5",
					    "figure %d is %.2f in tall but others are %.2f in: one size only", i, f->height,
					    h_inf);
	}
	// Stop 33 (QA): the large Country's options and its boxes and trains, across fields.
	tw_status bst = lw_big_check_state(s, err);
	if (bst != TW_OK)
		return bst;
	// A state the setup has already seen (a game saved at any point, before play or in it) goes on
	// exactly as it was: `tinwar step` and `tinwar play` both run the setup on every state they
	// are given. LWV_FIRE_FROM is never 0 once set up (LW.MV.10: 3, or 1 for the defender).
	if (LWG(s)->fire_from[0] != 0)
		return TW_OK;
	// LW.VAR.3/4: the draw threshold is 10 when each side starts with fewer than 50 men.
	LWG(s)->draw_at = (inf[0] + cav[0] < 50 && inf[1] + cav[1] < 50) ? 10 : 15;
	LWG(s)->firing_gun = -1;
	LWG(s)->defender = -1;
	LWG(s)->blow_side = -1;
	LWG(s)->fire_from[0] = LWG(s)->fire_from[1] = 3; // LW.MV.10
	LWG(s)->builder = -1;
	if (s->phase == LW_PH_PLAY && s->move_no > 0)
		return TW_OK; // a position in play written without its rule-set values
	s->phase = s->params[LWP_BUILDER] != 0 ? LW_PH_COUNTRY : LW_PH_TOSS;
	s->move_no = 0;
	s->mover = 0;
	LWG(s)->first = -1;
	s->winner = -1;
	s->over = false;
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		if (f->status != TW_FS_RESERVE)
			f->status = TW_FS_UNPLACED;
		LWF(s, f)->captor = -1;
		LWF(s, f)->escort = -1;
		f->flags = 0;
		f->moved_in = 0;
	}
	for (int i = 0; i < s->ngun; i++) {
		s->gun[i].side = s->gun[i].orig_side;
		s->gun[i].acted_in = 0;
		lw_forget_crossers(s, &s->gun[i]);
	}
	if (s->params[LWP_CHANCE_MEN] != 0) {
		// LW.FOR.2: set aside 12 men of each side, the same make-up both sides (the last 12
		// infantry of each side by id).
		for (int side = 0; side < 2; side++) {
			int left = LW_SET_ASIDE;
			for (int i = s->nfig - 1; i >= 0 && left > 0; i--)
				if (s->fig[i].side == side && s->fig[i].kind == TW_FK_INFANTRY) {
					s->fig[i].status = TW_FS_RESERVE;
					left--;
				}
			if (left > 0)
				return tw_error_set(err, TW_ERR_INPUT, "LW.FOR.2", "%s has fewer than 12 infantry to set aside",
						    s->sides[side].name);
		}
	}
	return TW_OK;
}

// LW.MV.2/3, LW.VAR.11: where a figure may be put down.
bool lw_deploy_zone_ok(const tw_state *s, int side, const tw_figure *f, tw_vec2 p)
{
	const tw_side *sd = &s->sides[side];
	double ahead = sd->forward * (p.y - sd->back_y); // inches in front of the back line
	if (p.x < 0 || p.x > s->table.width)
		return false;
	if ((int)s->params[LWP_VARIETY] == LW_VAR_DEFENSIVE) {
		double mid = s->table.depth / 2;
		double move = f ? lw_move_allowance(f) : LW_INF_MOVE;
		if (side == LWG(s)->defender) {
			// LW.VAR.11: anywhere on his own half, except within one move of the middle line.
			double to_mid = sd->forward * (mid - p.y);
			return ahead >= 0 && to_mid >= move;
		}
		// LW.VAR.11: the attacker, between his back line and one move in front of it.
		return ahead >= 0 && ahead <= move;
	}
	// LW.MV.2/3: along the back line; a man put down in front of or behind it measures his first
	// move from the line (lw_move.c). We allow up to 6 in either way.
	return ahead >= -6.0 && ahead <= 6.0;
}

static int deploying_side(const tw_state *s)
{
	return s->mover;
}

static tw_status validate_deploy(const tw_state *s, const tw_order *o, tw_error *err)
{
	bool curtain = s->params[LWP_CURTAIN] != 0;
	if (!curtain && o->side != deploying_side(s))
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.2", "%s puts down first; wait for your turn",
				    s->sides[deploying_side(s)].name);
	if (LWG(s)->ready & (1 << o->side))
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.2", "%s has already finished putting down",
				    s->sides[o->side].name);
	if (!o->has_at && o->nfig > 0)
		return tw_error_set(err, TW_ERR_INPUT, "LW.MV.2", "deploy needs a position for every figure");
	for (int i = 0; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->side != o->side)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.2", "figure %d is not one of %s's", o->fig[i],
					    s->sides[o->side].name);
		if (f->status != TW_FS_UNPLACED && f->status != TW_FS_ACTIVE)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.FOR.2", "figure %d is not part of the force", f->id);
		for (int k = 0; k < i; k++)
			if (o->fig[k] == o->fig[i])
				return tw_error_set(err, TW_ERR_INPUT, "LW.MV.2", "figure %d is listed twice", f->id);
		if (!lw_deploy_zone_ok(s, o->side, f, o->at[i]))
			return tw_error_set(err, TW_ERR_ILLEGAL,
					    (int)s->params[LWP_VARIETY] == LW_VAR_DEFENSIVE ? "LW.VAR.11" : "LW.MV.2",
					    "figure %d cannot be put down at (%.2f, %.2f): outside %s's putting-down zone",
					    f->id, o->at[i].x, o->at[i].y, s->sides[o->side].name);
		tw_status st = lw_check_standing(s, f, o->at[i], err);
		if (st != TW_OK)
			return st;
		for (int k = 0; k < i; k++)
			if (tw_dist(o->at[k], o->at[i]) < f->radius * 2 + LW_CLEAR - 1e-9 && s->params[LWP_SPACING] != 0)
				return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.15",
						    "figures %d and %d would touch: leave 1/16 in between men",
						    o->fig[k], o->fig[i]);
	}
	if (o->gun >= 0) {
		const tw_gun *g = tw_state_gun_c(s, o->gun);
		if (!g || g->side != o->side)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.2", "gun %d is not one of %s's", o->gun,
					    s->sides[o->side].name);
		if (o->npath < 1)
			return tw_error_set(err, TW_ERR_INPUT, "LW.MV.2", "a gun's position is missing");
		if (!lw_deploy_zone_ok(s, o->side, NULL, o->path[0]))
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.2", "gun %d cannot be put down there", o->gun);
		for (int t = 0; t < s->table.nterrain; t++) {
			const tw_terrain *tr = &s->table.terrain[t];
			if (tw_terrain_impassable(tr) && tw_terrain_distance(tr, o->path[0]) < 1.0)
				return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MOB.14", "gun %d would stand in %s %d",
						    o->gun, tw_terrain_kind_name((tw_terrain_kind)tr->kind), tr->id);
		}
	}
	return TW_OK;
}

tw_status lw_validate_setup_order(const tw_state *s, const tw_order *o, tw_error *err)
{
	switch (s->phase) {
	case LW_PH_COUNTRY:
		if (LWG(s)->builder < 0)
			return o->type == LW_OT_TOSS
				       ? TW_OK
				       : tw_error_set(err, TW_ERR_ILLEGAL, "LW.C.1", "first toss for who builds the Country");
		if (o->type != LW_OT_CHOOSE_SIDE || o->side == LWG(s)->builder)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.C.2", "%s, who did not build, now picks the side of the field",
					    s->sides[lw_enemy(LWG(s)->builder)].name);
		if (o->n != 0 && o->n != 1)
			return tw_error_set(err, TW_ERR_INPUT, "LW.C.2", "choose_side takes n = 0 (keep) or 1 (swap)");
		return TW_OK;
	case LW_PH_TOSS:
		if (o->type != LW_OT_TOSS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.1",
					    "first toss for the first move (the Country is built and sides chosen)");
		return TW_OK;
	case LW_PH_RESERVE: {
		if (o->type != LW_OT_TAKE_RESERVE)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.FOR.2", "each player first takes his chance men");
		if (o->side != s->mover)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.FOR.2", "it is %s's turn to take chance men",
					    s->sides[s->mover].name);
		int roll = LWG(s)->reserve_roll[o->side];
		if (o->nfig != roll)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LW.FOR.2", "the dice said %d men; %d chosen", roll,
					    o->nfig);
		for (int i = 0; i < o->nfig; i++) {
			const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
			if (!f || f->side != o->side || f->status != TW_FS_RESERVE)
				return tw_error_set(err, TW_ERR_ILLEGAL, "LW.FOR.2", "figure %d is not one of %s's set-aside men",
						    o->fig[i], s->sides[o->side].name);
			for (int k = 0; k < i; k++)
				if (o->fig[k] == o->fig[i])
					return tw_error_set(err, TW_ERR_INPUT, "LW.FOR.2", "figure %d listed twice", o->fig[i]);
		}
		return TW_OK;
	}
	case LW_PH_DEPLOY:
		if (o->type == LW_OT_DEPLOY)
			return validate_deploy(s, o, err);
		if (o->type == LW_OT_READY) {
			if (s->params[LWP_CURTAIN] == 0 && o->side != deploying_side(s))
				return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.2", "it is %s's turn to put down",
						    s->sides[deploying_side(s)].name);
			for (int i = 0; i < s->nfig; i++)
				if (s->fig[i].side == o->side && s->fig[i].status == TW_FS_UNPLACED)
					return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.2",
							    "%s must put down his whole force (figure %d is not down)",
							    s->sides[o->side].name, i);
			return TW_OK;
		}
		return tw_error_set(err, TW_ERR_ILLEGAL, "LW.MV.5", "putting down is not finished");
	default:
		return tw_error_set(err, TW_ERR_ILLEGAL, "", "the game is over");
	}
}

// LW.VAR.9 Interpretation: the defender keeps two thirds of each arm, rounded to nearest.
static void reduce_defender(tw_state *s, int def, tw_events *ev)
{
	int inf, cav, guns;
	count_force(s, def, &inf, &cav, &guns);
	int keep_inf = (inf * 2 + 1) / 3, keep_cav = (cav * 2 + 1) / 3, keep_guns = (guns * 2 + 1) / 3;
	int ninf = 0, ncav = 0, ngun = 0;
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		if (f->side != def || f->status == TW_FS_RESERVE)
			continue;
		int *n = f->kind == TW_FK_CAVALRY ? &ncav : &ninf;
		int keep = f->kind == TW_FK_CAVALRY ? keep_cav : keep_inf;
		if (++*n > keep)
			f->status = TW_FS_RESERVE;
	}
	// Guns beyond two thirds are withdrawn from the game: they go to the defender's back
	// line's far corner and never count (orig_side is kept; side becomes the attacker's? no:
	// they are simply removed by marking them as not part of the battle).
	for (int i = 0; i < s->ngun; i++)
		if (s->gun[i].orig_side == def && ++ngun > keep_guns)
			LWGN(s, &s->gun[i])->out_of_battle = 1; // LWG_OUT_OF_BATTLE
	tw_event *e = tw_events_push(ev, TW_EV_INFO, def, "LW.VAR.9");
	tw_event_text(e, "%s defends with two thirds: %d infantry, %d cavalry, %d guns", s->sides[def].name, keep_inf,
		      keep_cav, keep_guns);
}

static void begin_deploy(tw_state *s, tw_events *ev)
{
	s->phase = LW_PH_DEPLOY;
	LWG(s)->ready = 0;
	int def = LWG(s)->defender;
	// LW.MV.2: the First Player puts down first; LW.VAR.11: the defender sets out first.
	s->mover = (int8_t)(def >= 0 ? def : LWG(s)->first);
	tw_event *e = tw_events_push(ev, TW_EV_PHASE, -1, s->params[LWP_CURTAIN] != 0 ? "LW.MV.4" : "LW.MV.2");
	if (e) {
		e->a = LW_PH_DEPLOY;
		tw_event_text(e, s->params[LWP_CURTAIN] != 0 ? "Both players put down behind the curtain"
							     : "%s puts down first along his back line",
			      s->sides[s->mover].name);
	}
}

// LW.C.2: the armies change ends: back lines swap and everything is mirrored across the middle.
static void swap_ends(tw_state *s)
{
	double d = s->table.depth;
	for (int i = 0; i < 2; i++) {
		s->sides[i].back_y = d - s->sides[i].back_y;
		s->sides[i].forward = -s->sides[i].forward;
	}
	for (int i = 0; i < s->nfig; i++) {
		s->fig[i].pos.y = d - s->fig[i].pos.y;
		s->fig[i].facing = fmod(540.0 - s->fig[i].facing, 360.0);
	}
	for (int i = 0; i < s->ngun; i++) {
		s->gun[i].axle.y = d - s->gun[i].axle.y;
		s->gun[i].bearing = fmod(540.0 - s->gun[i].bearing, 360.0);
	}
}

// A toss of a coin between the two sides (a two-sided die: face 1 red, 2 blue), thrown through
// tw_roll so that it is logged and can be entered by hand. Returns the winning side.
static int toss(tw_state *s, tw_events *ev, const char *clause)
{
	tw_event *e;
	int w = tw_roll(s, ev, -1, clause, 1, 2, NULL, &e) - 1;
	if (e)
		tw_event_text(e, "the coin falls for %s", s->sides[w].name);
	return w;
}

tw_status lw_apply_setup_order(tw_state *s, const tw_order *o, tw_events *ev)
{
	tw_event *e;
	if (s->phase == LW_PH_COUNTRY) {
		if (o->type == LW_OT_TOSS) {
			int b = toss(s, ev, "LW.C.1");
			LWG(s)->builder = b;
			s->mover = (int8_t)lw_enemy(b);
			e = tw_events_push(ev, TW_EV_TOSS, b, "LW.C.1");
			if (e) {
				e->a = b;
				tw_event_text(e, "%s wins the toss and builds the Country; %s picks his side of the field",
					      s->sides[b].name, s->sides[lw_enemy(b)].name);
			}
			return TW_OK;
		}
		if (o->n == 1)
			swap_ends(s);
		e = tw_events_push(ev, TW_EV_INFO, o->side, "LW.C.2");
		tw_event_text(e, "%s %s; the builder takes the opposite side", s->sides[o->side].name,
			      o->n == 1 ? "takes the other side of the field" : "keeps his side of the field");
		s->phase = LW_PH_TOSS; // LW.MV.1: now toss for the first move
		s->mover = 0;
		return TW_OK;
	}
	switch (o->type) {
	case LW_OT_TOSS: {
		bool defensive = (int)s->params[LWP_VARIETY] == LW_VAR_DEFENSIVE;
		int w = toss(s, ev, defensive ? "LW.VAR.10" : "LW.MV.1");
		if (defensive) {
			// LW.VAR.10: the winner of the toss is the defender; the other is First Player.
			LWG(s)->defender = w;
			LWG(s)->first = (int8_t)lw_enemy(w);
			if (w == 0)
				LWG(s)->fire_from[0] = 1; // LW.VAR.12: the defender may fire at once
			else
				LWG(s)->fire_from[1] = 1;
			e = tw_events_push(ev, TW_EV_TOSS, w, "LW.VAR.10");
			if (e) {
				e->a = w;
				tw_event_text(e, "%s wins the toss and defends; %s is First Player", s->sides[w].name,
					      s->sides[lw_enemy(w)].name);
			}
			reduce_defender(s, w, ev);
		} else {
			LWG(s)->first = (int8_t)w;
			e = tw_events_push(ev, TW_EV_TOSS, w, "LW.MV.1");
			if (e) {
				e->a = w;
				tw_event_text(e, "%s wins the toss and is First Player", s->sides[w].name);
			}
		}
		if (s->params[LWP_CHANCE_MEN] != 0) {
			for (int side = 0; side < 2; side++) {
				int f[2];
				int r = tw_roll(s, ev, side, "LW.FOR.2", 2, 6, f, &e);
				LWG(s)->reserve_roll[side] = r;
				if (e)
					tw_event_text(e, "%s throws two dice, %d and %d: %d of the 12 set-aside men",
						      s->sides[side].name, f[0], f[1], r);
			}
			s->phase = LW_PH_RESERVE;
			s->mover = LWG(s)->first;
		} else {
			begin_deploy(s, ev);
		}
		return TW_OK;
	}
	case LW_OT_TAKE_RESERVE:
		for (int i = 0; i < o->nfig; i++)
			s->fig[o->fig[i]].status = TW_FS_UNPLACED;
		e = tw_events_push(ev, TW_EV_INFO, o->side, "LW.FOR.2");
		tw_event_text(e, "%s takes %d chance men", s->sides[o->side].name, o->nfig);
		if (s->mover == LWG(s)->first) {
			s->mover = (int8_t)lw_enemy(LWG(s)->first);
		} else {
			begin_deploy(s, ev);
		}
		return TW_OK;
	case LW_OT_DEPLOY: {
		bool hidden = s->params[LWP_CURTAIN] != 0;
		for (int i = 0; i < o->nfig; i++) {
			tw_figure *f = &s->fig[o->fig[i]];
			f->status = TW_FS_ACTIVE;
			f->pos = o->at[i];
			f->facing = o->facing[i];
			if (hidden)
				f->flags |= TW_FF_HIDDEN;
			e = tw_events_push(ev, TW_EV_DEPLOY, o->side, hidden ? "LW.MV.4" : "LW.MV.2");
			if (e) {
				e->a = f->id;
				e->b = hidden;
				e->x = f->pos.x;
				e->y = f->pos.y;
				tw_event_text(e, "%s %s #%d put down at (%.1f, %.1f)", s->sides[o->side].name,
					      tw_figure_kind_name((tw_figure_kind)f->kind), f->id, f->pos.x, f->pos.y);
			}
		}
		if (o->gun >= 0) {
			tw_gun *g = &s->gun[o->gun];
			g->axle = o->path[0];
			g->bearing = o->has_aim ? o->bearing : (s->sides[o->side].forward > 0 ? 0 : 180);
			if (hidden)
				g->flags |= TW_FF_HIDDEN;
			e = tw_events_push(ev, TW_EV_DEPLOY, o->side, hidden ? "LW.MV.4" : "LW.MV.2");
			if (e) {
				e->a = -1;
				e->c = g->id;
				e->x = g->axle.x;
				e->y = g->axle.y;
				tw_event_text(e, "%s gun %d put down at (%.1f, %.1f)", s->sides[o->side].name, g->id,
					      g->axle.x, g->axle.y);
			}
		}
		return TW_OK;
	}
	case LW_OT_READY: {
		LWG(s)->ready |= 1 << o->side;
		e = tw_events_push(ev, TW_EV_INFO, o->side, "LW.MV.5");
		tw_event_text(e, "%s has finished putting down", s->sides[o->side].name);
		if (LWG(s)->ready == 3) {
			start_play(s, ev);
		} else if (s->params[LWP_CURTAIN] == 0) {
			s->mover = (int8_t)lw_enemy(o->side);
		} else {
			s->mover = (int8_t)lw_enemy(o->side); // behind the curtain: the other is still busy
		}
		return TW_OK;
	}
	default: return TW_OK;
	}
}
