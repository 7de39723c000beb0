// A Rattle of Dice: the turn (RD.SEQ.1): initiative with the observer bonus and ties
// (RD.SEQ.2-4), the winner's choice, the two players' phases (RD.SEQ.5) each followed by a melee
// step (RD.SEQ.7), and the command status fixed at the start of the turn (RD.DET.1/2, RD.GEN.3).
#include <math.h>
#include <string.h>

#include "rd.h"

const char *const rd_phase_names[RD_PH_COUNT + 1] = {"initiative", "choose", "first", "melee1", "second", "melee2",
						      "over", NULL};

int rd_phasing_side(const tw_state *s)
{
	if (s->phase == RD_PH_FIRST)
		return RDG(s)->first;
	if (s->phase == RD_PH_SECOND)
		return RDG(s)->first < 0 ? -1 : 1 - RDG(s)->first;
	return -1;
}

// RD.ORG.2: a unit's Brigade General, or the Army Commander, commands it.
bool rd_general_commands(const tw_state *s, const tw_figure *g, int unit)
{
	if (g->kind != TW_FK_GENERAL || g->status != TW_FS_ACTIVE || g->side != s->unit[unit].side)
		return false;
	return RDF(s, g->id)->commander || RDU(s, unit)->brigade == g->id;
}

// RD.DET.1, RD.GEN.3: within 12 in of an entitled General (to the unit's nearest figure) and in
// his sight (a clear line to at least one of its figures, RD.SHOOT.2).
bool rd_in_command(const tw_state *s, int unit)
{
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *g = &s->fig[i];
		if (!rd_general_commands(s, g, unit) || rd_fig_unit_gap(s, g, unit) > RD_COMMAND_RADIUS + RD_EPS)
			continue;
		for (int j = 0; j < s->nfig; j++) {
			const tw_figure *f = &s->fig[j];
			if (f->unit == unit && f->status == TW_FS_ACTIVE && f->kind != TW_FK_GENERAL &&
			    rd_line_clear(s, g->pos, f->pos, unit, unit))
				return true;
		}
	}
	return false;
}

// RD.SEQ.3: an observer at an observation point on the table, and a signals team within 2 in of
// the Army Commander; the bonus is +1 at most.
bool rd_observer_bonus(const tw_state *s, int side)
{
	bool observer = false, signals = false;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side != side || f->status != TW_FS_ACTIVE)
			continue;
		if (RDF(s, f->id)->role == RD_ROLE_OBSERVER)
			for (int k = 0; k < s->table.nterrain && !observer; k++) {
				const rd_trec *t = tw_rec_c(s, TW_REC_TERRAIN, k);
				observer = t && t->post && tw_terrain_distance(&s->table.terrain[k], f->pos) <= f->radius + RD_EPS;
			}
		if (RDF(s, f->id)->role == RD_ROLE_SIGNALS)
			for (int j = 0; j < s->nfig && !signals; j++) {
				const tw_figure *g = &s->fig[j];
				signals = g->side == side && g->kind == TW_FK_GENERAL && g->status == TW_FS_ACTIVE &&
					  RDF(s, g->id)->commander && tw_figure_gap(f, g) <= RD_SIGNALS_REACH + RD_EPS;
			}
	}
	return observer && signals;
}

static void start_phase(tw_state *s, int side, tw_events *ev)
{
	for (int i = 0; i < s->nunit; i++)
		if (s->unit[i].side == side) {
			rd_urec *r = RDU(s, i);
			r->action = RD_ACT_NONE;
			r->used = 0;
			r->changes = 0;
			r->flags &= ~(uint32_t)(RUF_LIMBERED | RUF_DEPLOYED | RUF_MOVED);
		}
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].side == side)
			RDF(s, i)->moved = 0;
	s->mover = (int8_t)side;
	rd_general_phase_start(s, side, ev); // rd-rally: Urging On ends (RD.MOVE.14), promotion (RD.GEN.8)
	tw_event *e = tw_events_push(ev, TW_EV_MOVE_START, side, "RD.SEQ.5");
	if (e) {
		e->a = RDG(s)->turn;
		e->b = side;
		tw_event_text(e, "turn %d: %s's phase (%s)", RDG(s)->turn, s->sides[side].name,
			      s->phase == RD_PH_FIRST ? "first" : "second");
	}
}

tw_status rd_validate_sequence(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (o->type == RD_OT_INITIATIVE && s->phase != RD_PH_INITIATIVE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SEQ.2", "initiative is thrown at the start of a turn");
	if (o->type == RD_OT_FIRST) {
		if (s->phase != RD_PH_CHOOSE || RDG(s)->winner != o->side)
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SEQ.2", "only the side that won the initiative chooses");
	}
	if (o->type == RD_OT_END && rd_phasing_side(s) != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.SEQ.1", "it is not %s's phase", s->sides[o->side].name);
	return TW_OK;
}

// RD.DET.2 (interpretation): every unit's command status is fixed at the start of the turn,
// before initiative.
static void fix_command(tw_state *s, tw_events *ev)
{
	for (int i = 0; i < s->nunit; i++) {
		rd_urec *r = RDU(s, i);
		r->flags &= ~(uint32_t)(RUF_IN_COMMAND | RUF_CHECKED | RUF_FAILED);
		if (!rd_unit_alive(s, i))
			continue;
		if (rd_in_command(s, i)) {
			r->flags |= RUF_IN_COMMAND;
		} else {
			tw_event *e = tw_events_push(ev, TW_EV_INFO, s->unit[i].side, "RD.DET.1");
			if (e) {
				e->a = i;
				tw_event_text(e, "unit %d (%s) is out of command this turn: it must check before it moves", i,
					      s->unit[i].name);
			}
		}
	}
}

static int throw_initiative(tw_state *s, const char *clause, tw_events *ev)
{
	for (int k = 0; k < 2; k++) {
		tw_event *d = NULL;
		int face = tw_roll_d6(s, ev, k, clause, &d);
		int bonus = rd_observer_bonus(s, k) ? 1 : 0; // RD.SEQ.3
		RDS(s, k)->roll = face;
		RDS(s, k)->total = face + bonus;
		if (d)
			tw_event_text(d, "%s throws %d for the initiative%s", s->sides[k].name, face,
				      bonus ? ", +1 for an observer signalling to the Army Commander (RD.SEQ.3)" : "");
	}
	return RDS(s, 0)->total - RDS(s, 1)->total;
}

tw_status rd_apply_initiative(tw_state *s, tw_events *ev)
{
	rd_game *g = RDG(s);
	g->turn++;
	s->move_no = g->turn;
	fix_command(s, ev);
	int diff = throw_initiative(s, "RD.SEQ.2", ev);
	// RD.SEQ.4: a tie keeps the order of the last turn; on turn 1 it is thrown again.
	for (int guard = 0; diff == 0 && g->turn == 1 && guard < 1000; guard++) {
		if (ev->chance && ev->chance->missing)
			break; // entered dice ran out: the order is refused anyway
		diff = throw_initiative(s, "RD.SEQ.4", ev);
	}
	tw_event *e;
	if (diff == 0) {
		e = tw_events_push(ev, TW_EV_TOSS, g->first, "RD.SEQ.4");
		if (e) {
			e->a = g->first;
			e->b = RDS(s, 0)->total;
			tw_event_text(e, "a tie at %d: %s plays first again", RDS(s, 0)->total,
				      g->first >= 0 ? s->sides[g->first].name : "?");
		}
		g->winner = -1;
		s->phase = RD_PH_FIRST;
		start_phase(s, g->first, ev);
		return TW_OK;
	}
	g->winner = (int8_t)(diff > 0 ? 0 : 1);
	s->phase = RD_PH_CHOOSE;
	s->mover = g->winner;
	e = tw_events_push(ev, TW_EV_TOSS, g->winner, "RD.SEQ.2");
	if (e) {
		e->a = g->winner;
		e->b = RDS(s, g->winner)->total;
		tw_event_text(e, "%s wins the initiative %d to %d and chooses to play first or second",
			      s->sides[g->winner].name, RDS(s, g->winner)->total, RDS(s, 1 - g->winner)->total);
	}
	e = tw_events_push(ev, TW_EV_DECISION, g->winner, "RD.SEQ.2");
	if (e) {
		e->a = g->winner;
		tw_event_text(e, "%s: play first or second?", s->sides[g->winner].name);
	}
	return TW_OK;
}

tw_status rd_apply_first(tw_state *s, const tw_order *o, tw_events *ev)
{
	rd_game *g = RDG(s);
	g->first = (int8_t)(o->n == 0 ? o->side : 1 - o->side);
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "RD.SEQ.2");
	if (e) {
		e->a = g->first;
		tw_event_text(e, "%s chooses to play %s", s->sides[o->side].name, o->n == 0 ? "first" : "second");
	}
	g->winner = -1;
	s->phase = RD_PH_FIRST;
	start_phase(s, g->first, ev);
	return TW_OK;
}

static bool side_has_units(const tw_state *s, int side)
{
	for (int i = 0; i < s->nunit; i++)
		if (s->unit[i].side == side && rd_unit_alive(s, i))
			return true;
	return false;
}

void rd_score(const tw_state *s, double *points)
{
	for (int k = 0; k < s->nsides; k++)
		points[k] = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side < 2 && s->nsides == 2 && (f->status == TW_FS_DEAD || f->status == TW_FS_OFF) && f->unit >= 0)
			points[1 - f->side] += 1;
	}
	rd_victory_points(s, points); // ---- victory (rd_victory.c) ----
}

// RD.SEQ.7: the melee step after a phase (rd_melee.c).
static void melee_step(tw_state *s, int ph, tw_events *ev) { rd_melee_step(s, ph, ev); }

tw_status rd_apply_end(tw_state *s, tw_events *ev)
{
	rd_game *g = RDG(s);
	int side = rd_phasing_side(s);
	rd_rally_phase_end(s, side, ev); // rd-rally: RD.RALLY.1, the attempt is compulsory
	if (rd_melee_ask_fire(s, ev)) // ---- melee (rd_melee.c): RD.MELEE.6/7 asked first ----
		return TW_OK;
	tw_event *e = tw_events_push(ev, TW_EV_MOVE_END, side, "RD.SEQ.1");
	if (e) {
		e->a = g->turn;
		e->b = side;
	}
	if (s->phase == RD_PH_FIRST) {
		melee_step(s, RD_PH_MELEE1, ev);
		s->phase = RD_PH_SECOND;
		start_phase(s, 1 - g->first, ev);
		return TW_OK;
	}
	melee_step(s, RD_PH_MELEE2, ev);
	bool a = side_has_units(s, 0), b = side_has_units(s, 1);
	if (!a || !b || g->turn >= (int)s->params[RDP_MAX_TURNS]) {
		double pts[TW_MAX_SIDES];
		rd_score(s, pts);
		s->over = true;
		s->phase = RD_PH_OVER;
		s->mover = -1;
		s->winner = (int8_t)(!a && b ? 1 : a && !b ? 0 : pts[0] > pts[1] ? 0 : pts[1] > pts[0] ? 1 : -2);
		e = tw_events_push(ev, s->winner >= 0 ? TW_EV_VICTORY : TW_EV_DRAW, s->winner, "RD.SEQ.1");
		if (e) {
			e->a = s->winner;
			tw_event_text(e, "the battle ends after turn %d: %g to %g", g->turn, pts[0], pts[1]);
		}
		return TW_OK;
	}
	s->phase = RD_PH_INITIATIVE; // the same player throws for the next turn's initiative
	return TW_OK;
}

int rd_decisions(const tw_state *s, tw_decision *out, int max)
{
	if (max < 1 || s->over || s->phase == RD_PH_OVER || s->mover < 0 || s->mover >= s->nsides)
		return 0;
	int mine = rd_rally_decisions(s, out, max); // rd-rally: Steady Men!, colour, promotion first
	if (mine != 0)
		return mine;
	int nr = rd_charge_decisions(s, out, max); // ---- melee (rd_charge.c): a response to a charge ----
	if (nr > 0 || (nr = rd_melee_decisions(s, out, max)) > 0) // ---- melee (rd_melee.c): fire ----
		return nr;
	tw_decision *d = &out[0];
	memset(d, 0, sizeof *d);
	d->seat = s->mover;
	switch (s->phase) {
	case RD_PH_INITIATIVE:
		snprintf(d->clause, sizeof d->clause, "RD.SEQ.2");
		snprintf(d->kind, sizeof d->kind, "act");
		d->types = UINT64_C(1) << RD_OT_INITIATIVE;
		snprintf(d->prompt, sizeof d->prompt, "throw for the initiative of turn %d", RDG(s)->turn + 1);
		return 1;
	case RD_PH_CHOOSE:
		snprintf(d->clause, sizeof d->clause, "RD.SEQ.2");
		snprintf(d->kind, sizeof d->kind, "choose");
		d->types = UINT64_C(1) << RD_OT_FIRST;
		snprintf(d->prompt, sizeof d->prompt, "%s won the initiative: play first or second",
			 s->sides[s->mover].name);
		return 1;
	case RD_PH_FIRST:
	case RD_PH_SECOND:
		snprintf(d->clause, sizeof d->clause, "RD.SEQ.5");
		snprintf(d->kind, sizeof d->kind, "act");
		d->types = (UINT64_C(1) << RD_OT_MOVE) | (UINT64_C(1) << RD_OT_FORMATION) | (UINT64_C(1) << RD_OT_SHOOT) |
			   (UINT64_C(1) << RD_OT_GENERAL) | (UINT64_C(1) << RD_OT_END);
		d->types |= (UINT64_C(1) << RD_OT_RALLY) | (UINT64_C(1) << RD_OT_URGE); // rd-rally: RD.RALLY, RD.MOVE.14
		d->types |= rd_sap_order_types(); // ---- sappers (rd_sap.c) ----
		d->types |= rd_boat_order_types(); // ---- boats and trains (rd_boat.c) ----
		d->types |= UINT64_C(1) << RD_OT_DETACH; // ---- detaching (rd_detach.c) ----
		snprintf(d->prompt, sizeof d->prompt, "%s's phase of turn %d: each unit moves, shoots or rallies",
			 s->sides[s->mover].name, RDG(s)->turn);
		return 1;
	default: return 0;
	}
}
