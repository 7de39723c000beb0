// A Rattle of Dice: the rolls after a hit event: "Steady Men!" by a joined General (RD.GEN.5)
// and rallying round the colour (RD.FLAG.1/2), asked of the hit unit's player as a decision of
// his seat and answered by a `steady` order (roll or decline); the decisions of this part.
//
// Reading (docs/rattle.md, "Rallying, Generals' actions and colours"): the hits of an event are
// removed at once (rd_hit_event); a cancelled hit restores the last figure removed (so hits are
// never kept pending and shooting, melee and casualty counts stay as they were); the General
// rolls first, then the colour; at most one hit is cancelled per roll; a cancelled melee hit
// changes no melee result (the result is counted from hits as scored, RD.MELEE.15).
#include <string.h>

#include "rd.h"

bool rd_flag_may_use(const tw_state *s, int unit)
{
	const tw_unit *u = rd_unit_c(s, unit);
	return u && RDU(s, unit)->type == TW_RD_LINE; // RD.FLAG.1: not cavalry, not light infantry
}

int rd_flag_bearer(const tw_state *s, int unit)
{
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == unit && s->fig[i].status == TW_FS_ACTIVE && RDF(s, i)->role == RD_ROLE_COLOUR)
			return i;
	return -1;
}

// RD.FLAG.1/2: a colour bearer still standing, or the last man this event removed.
static bool colour_may_roll(const tw_state *s, int unit)
{
	const rd_urec *r = RDU(s, unit);
	if (!rd_flag_may_use(s, unit))
		return false;
	if (rd_flag_bearer(s, unit) >= 0)
		return true;
	return r->hit_last >= 0 && r->hit_last < s->nfig && RDF(s, r->hit_last)->role == RD_ROLE_COLOUR &&
	       s->fig[r->hit_last].status == TW_FS_DEAD;
}

int rd_hit_pending(const tw_state *s)
{
	int best = -1;
	for (int i = 0; i < s->nunit; i++) {
		const rd_urec *r = RDU(s, i);
		if (r->hit_scored > 0 && (best < 0 || r->hit_seq < RDU(s, best)->hit_seq))
			best = i;
	}
	return best;
}

static void settle(tw_state *s, int unit, tw_events *ev)
{
	rd_urec *r = RDU(s, unit);
	tw_event *e = tw_events_push(ev, TW_EV_INFO, s->unit[unit].side, "RD.CON.5");
	if (e) {
		e->a = unit;
		e->b = r->hit_scored;
		e->c = r->hit_removed;
		tw_event_text(e, "unit %d (%s): %d hit%s scored, %d cancelled, %d figure%s removed", unit, s->unit[unit].name,
			      r->hit_scored, r->hit_scored == 1 ? "" : "s", r->hit_scored - r->hit_left, r->hit_removed,
			      r->hit_removed == 1 ? "" : "s");
	}
	r->hit_scored = r->hit_left = r->hit_removed = 0;
	r->hit_step = RD_HIT_GENERAL;
	r->hit_seq = 0;
	r->hit_last = r->hit_prev = -1;
	r->hit_cx = r->hit_cy = r->hit_fx = r->hit_fy = 0;
	r->hit_beaten = 0;
	if (!rd_unit_alive(s, unit))
		rd_general_unit_gone(s, unit, ev); // RD.GEN.9
}

static void cancel_hit(tw_state *s, int unit, const char *clause, tw_events *ev);

void rd_hit_beaten(tw_state *s, int unit, int winner)
{
	if (rd_unit_c(s, unit) && winner >= 0 && winner < s->nsides)
		RDU(s, unit)->hit_beaten = winner + 1;
}

// RD.FLAG.3 (interpretation): the beaten unit's colour roll is compulsory: 4-6 cancels a hit
// (the melee result stands), 2-3 no effect, 1: the winner takes the colour (no extra figure).
static void compulsory_colour(tw_state *s, int unit, tw_events *ev)
{
	rd_urec *r = RDU(s, unit);
	int side = s->unit[unit].side, winner = r->hit_beaten - 1, bearer = rd_flag_bearer(s, unit);
	tw_event *d = NULL;
	int face = tw_roll_d6(s, ev, side, "RD.FLAG.3", &d);
	if (d)
		tw_event_text(d, "unit %d, beaten, must rally round its colour: %d (%s)", unit, face,
			      face >= 4 ? "one hit cancelled" : face >= 2 ? "no effect" : "the colour is captured");
	if (face >= 4 && r->hit_left > 0) {
		cancel_hit(s, unit, "RD.FLAG.3", ev);
	} else if (face == 1 && bearer >= 0) {
		RDF(s, bearer)->role = RD_ROLE_FIGHTER; // RD.FLAG.4: no colour for the rest of the game
		RDS(s, winner)->colours++; // RD.FLAG.4: the winner's trophy (side record `colours`)
		tw_event *e = tw_events_push(ev, TW_EV_INFO, winner, "RD.FLAG.3");
		if (e) {
			e->a = winner;
			e->b = unit;
			e->c = bearer;
			tw_event_text(e, "%s captures the colour of unit %d (%s)", s->sides[winner].name, unit,
				      s->unit[unit].name);
		}
	}
}

static void advance(tw_state *s, int unit, tw_events *ev);

void rd_hit_beaten_now(tw_state *s, int unit, int winner, tw_vec2 from, tw_events *ev)
{
	if (!rd_unit_c(s, unit) || winner < 0 || winner >= s->nsides)
		return;
	rd_urec *r = RDU(s, unit);
	r->hit_beaten = winner + 1;
	if (r->hit_scored <= 0)
		rd_hit_open(s, unit, 0, 0, -1, -1, from, ev); // no hit this step: the roll is still made
	else if (r->hit_step == RD_HIT_COLOUR)
		advance(s, unit, ev); // the optional colour roll it was offered becomes the compulsory one
	// else a joined General's Steady Men! is asked first; the colour follows his answer
}

// Moves the event to the next roll anybody may make, or settles it.
static void advance(tw_state *s, int unit, tw_events *ev)
{
	rd_urec *r = RDU(s, unit);
	if (r->hit_step == RD_HIT_GENERAL && (r->hit_left <= 0 || rd_general_with(s, unit, r->hit_seq) < 0))
		r->hit_step = RD_HIT_COLOUR;
	if (r->hit_step == RD_HIT_COLOUR && r->hit_beaten > 0) { // RD.FLAG.3: no choice, thrown at once
		if (rd_flag_may_use(s, unit) && rd_flag_bearer(s, unit) >= 0)
			compulsory_colour(s, unit, ev);
		settle(s, unit, ev);
		return;
	}
	if (r->hit_step == RD_HIT_COLOUR && (r->hit_left <= 0 || !colour_may_roll(s, unit))) {
		settle(s, unit, ev);
		return;
	}
	tw_event *e = tw_events_push(ev, TW_EV_DECISION, s->unit[unit].side,
				     r->hit_step == RD_HIT_GENERAL ? "RD.GEN.5" : "RD.FLAG.2");
	if (e) {
		e->a = s->unit[unit].side;
		e->b = unit;
		tw_event_text(e, "%s: unit %d took %d hit%s: %s", s->sides[s->unit[unit].side].name, unit, r->hit_left,
			      r->hit_left == 1 ? "" : "s",
			      r->hit_step == RD_HIT_GENERAL ? "roll Steady Men! or decline" : "roll for the colour or decline");
	}
}

void rd_hit_open(tw_state *s, int unit, int hits, int removed, int last, int prev, tw_vec2 from, tw_events *ev)
{
	rd_urec *r = RDU(s, unit);
	if (r->hit_scored > 0) { // a second call in one event (one melee step): the hits add up
		r->hit_scored += hits;
		r->hit_left += hits;
		r->hit_removed += removed;
		if (last >= 0) {
			r->hit_prev = prev >= 0 ? prev : r->hit_last;
			r->hit_last = last;
		}
		return;
	}
	tw_vec2 c = rd_unit_centre(s, unit);
	r->hit_scored = hits;
	r->hit_left = hits;
	r->hit_removed = removed;
	r->hit_step = RD_HIT_GENERAL;
	r->hit_seq = ++RDG(s)->hit_seq;
	r->hit_last = last;
	r->hit_prev = prev;
	r->hit_cx = c.x;
	r->hit_cy = c.y;
	r->hit_fx = from.x;
	r->hit_fy = from.y;
	advance(s, unit, ev);
}

// A cancelled hit (RD.GEN.5, RD.FLAG.2): the hit no longer counts; if it removed a figure, the
// last one removed stands again, moved as the unit moved since.
static void cancel_hit(tw_state *s, int unit, const char *clause, tw_events *ev)
{
	rd_urec *r = RDU(s, unit);
	r->hit_left--;
	int f = r->hit_last >= 0 ? r->hit_last : r->hit_prev;
	int restored = -1;
	if (r->hit_left < r->hit_removed && f >= 0 && f < s->nfig && s->fig[f].status == TW_FS_DEAD) {
		bool alive = rd_unit_figures(s, unit, true) > 0;
		tw_vec2 now = rd_unit_centre(s, unit), was = tw_v2(r->hit_cx, r->hit_cy);
		tw_figure *g = &s->fig[f];
		if (alive)
			g->pos = tw_add(g->pos, tw_sub(now, was));
		g->facing = s->unit[unit].facing;
		g->status = TW_FS_ACTIVE;
		r->hit_removed--;
		r->hit_last = r->hit_last >= 0 ? r->hit_prev : -1;
		r->hit_prev = -1;
		restored = f;
	}
	tw_event *e = tw_events_push(ev, TW_EV_INFO, s->unit[unit].side, clause);
	if (e) {
		e->a = unit;
		e->b = restored;
		if (restored >= 0)
			tw_event_text(e, "one hit on unit %d is cancelled: figure %d stands again", unit, restored);
		else
			tw_event_text(e, "one hit on unit %d is cancelled", unit);
	}
}

tw_status rd_validate_steady(const tw_state *s, const tw_order *o, tw_error *err)
{
	int u = rd_hit_pending(s);
	if (u < 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.GEN.5", "no hit event awaits a Steady Men! or colour roll");
	if (s->unit[u].side != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.GEN.5", "the roll for unit %d is %s's", u,
				    s->sides[s->unit[u].side].name);
	return TW_OK;
}

tw_status rd_apply_steady(tw_state *s, const tw_order *o, tw_events *ev)
{
	int u = rd_hit_pending(s);
	rd_urec *r = RDU(s, u);
	bool general = r->hit_step == RD_HIT_GENERAL;
	const char *clause = general ? "RD.GEN.5" : "RD.FLAG.2";
	int g = general ? rd_general_with(s, u, r->hit_seq) : -1;
	if (g >= 0)
		RDF(s, g)->steady = r->hit_seq;
	if (o->n == 0) {
		tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, clause);
		if (e) {
			e->a = u;
			if (general)
				tw_event_text(e, "General %d makes no Steady Men! roll for unit %d", g, u);
			else
				tw_event_text(e, "unit %d makes no colour roll", u);
		}
	} else {
		tw_event *d = NULL;
		int face = tw_roll_d6(s, ev, o->side, clause, &d);
		if (d) {
			if (general)
				tw_event_text(d, "General %d: \"Steady Men!\" for unit %d: %d (%s)", g, u, face,
					      face >= 4 ? "one hit cancelled" : face >= 2 ? "no effect" : "the General is struck down");
			else
				tw_event_text(d, "unit %d rallies round the colour: %d (%s)", u, face,
					      face >= 4 ? "one hit cancelled"
					      : face >= 2 ? "no effect"
							  : "the bearer falls: one more figure removed, another man takes the colour");
		}
		if (face >= 4) {
			cancel_hit(s, u, clause, ev);
		} else if (face == 1 && general) {
			rd_general_lost(s, g, "RD.GEN.5", ev);
		} else if (face == 1) {
			// RD.FLAG.2: one extra figure; the colour passes to another man (the bearer goes last).
			int f = rd_next_casualty(s, u, tw_v2(r->hit_fx, r->hit_fy));
			if (f >= 0) {
				rd_kill(s, &s->fig[f], "RD.FLAG.2", ev);
				r->hit_removed++;
			}
		}
	}
	if (general)
		advance(s, u, ev); // another joined General, then the colour (RD.FLAG.2: after Steady Men!)
	else
		settle(s, u, ev);
	return TW_OK;
}

// ---- this part's decisions (RD.GEN.5, RD.FLAG.2, RD.GEN.8) ----
int rd_rally_to_move(const tw_state *s)
{
	if (s->over)
		return -1;
	int u = rd_hit_pending(s);
	if (u >= 0)
		return s->unit[u].side;
	return -1;
}

int rd_rally_decisions(const tw_state *s, tw_decision *out, int max)
{
	if (max < 1 || s->over)
		return 0;
	int u = rd_hit_pending(s);
	tw_decision *d = &out[0];
	if (u >= 0) {
		const rd_urec *r = RDU(s, u);
		bool general = r->hit_step == RD_HIT_GENERAL;
		memset(d, 0, sizeof *d);
		d->seat = (int8_t)s->unit[u].side;
		snprintf(d->clause, sizeof d->clause, general ? "RD.GEN.5" : "RD.FLAG.2");
		snprintf(d->kind, sizeof d->kind, "react");
		d->types = UINT64_C(1) << RD_OT_STEADY;
		snprintf(d->prompt, sizeof d->prompt, "unit %d took %d hit%s: %s", u, r->hit_left, r->hit_left == 1 ? "" : "s",
			 general ? "Steady Men! (roll or decline)" : "rally round the colour (roll or decline)");
		return 1;
	}
	int side = rd_phasing_side(s);
	if (side >= 0 && side == s->mover && RDS(s, side)->promote == RD_PROMOTE_DUE) {
		memset(d, 0, sizeof *d);
		d->seat = (int8_t)side;
		snprintf(d->clause, sizeof d->clause, "RD.GEN.8");
		snprintf(d->kind, sizeof d->kind, "choose");
		d->types = UINT64_C(1) << RD_OT_PROMOTE;
		snprintf(d->prompt, sizeof d->prompt, "%s's Army Commander is lost: promote a Brigade General",
			 s->sides[side].name);
		return 1;
	}
	return 0;
}

int rd_rally_random(const tw_state *s, int side, tw_rng *rng, tw_order *out, int max)
{
	tw_decision d;
	if (max < 1 || rd_rally_decisions(s, &d, 1) != 1 || d.seat != side)
		return 0;
	if (d.types == (UINT64_C(1) << RD_OT_STEADY)) {
		tw_order_init(&out[0], RD_OT_STEADY, side);
		out[0].n = (int32_t)tw_rng_below(rng, 2);
		return 1;
	}
	for (int i = 0; i < s->nfig; i++) // RD.GEN.8: the first surviving General
		if (s->fig[i].kind == TW_FK_GENERAL && s->fig[i].side == side && s->fig[i].status == TW_FS_ACTIVE) {
			tw_order_init(&out[0], RD_OT_PROMOTE, side);
			out[0].fig[0] = i;
			out[0].nfig = 1;
			return 1;
		}
	return 0;
}
