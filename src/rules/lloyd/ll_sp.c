// Nikolas Lloyd's skirmish suite: the six-player game (SP). Six sides (players) in two camps, the
// core's alliances 0 (the crown) and 1 (the rebels) (SP.1, SP.D2: every player always on exactly
// one of them). The sequence (SP.D1): negotiate and defect, then each camp's commander named
// (SP.5), deployment as the scenario gives it (SP.3: everything is open), play with the NQ turn in
// which each camp acts as one player (SP.D3): every member moves and shoots his own men only, and
// the camp's phase ends when each member has ended (the commander's end settles it for all). A
// player may change sides at the start of his camp's turn (SP.4, SP.D2). The end and the governor
// (SP.D4, SP.6).
#include <string.h>

#include "ll.h"

static bool sp(const tw_state *s) { return LLG(s)->sp != 0; }

bool ll_acting(const tw_state *s, int side)
{
	if (side < 0 || side >= s->nsides)
		return false;
	return sp(s) ? tw_allied(s, side, s->mover) : side == s->mover; // SP.D3: the camp acts as one
}

static bool alive(const tw_state *s, int side) { return ll_fine(s, side) > 0; }

static int camp_of(const tw_state *s, int side) { return tw_side_alliance(s, side); }

/// The camp's commander: the member flagged so while he has men in good order, else the strongest
/// member alive (SP.5, ours; h6-six: a commander with nobody left in good order no longer leads,
/// see start_camp).
static int commander(const tw_state *s, int camp)
{
	int best = -1;
	for (int k = 0; k < s->nsides; k++)
		if (camp_of(s, k) == camp && LLS(s, k)->commander && alive(s, k))
			return k;
	for (int k = 0; k < s->nsides; k++)
		if (camp_of(s, k) == camp && alive(s, k) &&
		    (best < 0 || ll_side_points(s, k, true) > ll_side_points(s, best, true)))
			best = k;
	return best;
}

bool ll_sp_setup(tw_state *s)
{
	if (!sp(s))
		return false;
	for (int k = 0; k < s->nsides; k++)
		LLS(s, k)->start_pts = ll_side_points(s, k, false);
	s->phase = LL_PH_START; // SP.D1.1: negotiate and defect; SP.D1.2: name the commanders
	s->mover = 0;
	return true;
}

static void decision(tw_decision *d, int seat, const char *clause, const char *kind, uint64_t types, const char *prompt)
{
	memset(d, 0, sizeof *d);
	d->seat = (int8_t)seat;
	ll_copy_text(d->clause, sizeof d->clause, clause); // (ll-gen2: snprintf's bytes, faster)
	ll_copy_text(d->kind, sizeof d->kind, kind);
	d->types = types;
	ll_copy_text(d->prompt, sizeof d->prompt, prompt);
}

#define T(x) (UINT64_C(1) << (x))

int ll_sp_decisions(const tw_state *s, tw_decision *out, int max)
{
	int n = 0;
	if (s->phase == LL_PH_START) { // SP.D1: every player negotiates, defects, names, then ends
		for (int k = 0; k < s->nsides && n < max; k++)
			if (!LLS(s, k)->done)
				decision(&out[n++], k, "SP.D1", "act", T(LL_OT_DEFECT) | T(LL_OT_COMMAND) | T(LL_OT_END),
					 "negotiate: change sides, name your camp's commander, then end");
		return n;
	}
	if (s->phase != LL_PH_MOVE && s->phase != LL_PH_REACT)
		return 0;
	bool moving = s->phase == LL_PH_MOVE;
	int cmd = -1;
	for (int pass = 0; pass < 2; pass++) // the members first, the commander last (he settles)
		for (int k = 0; k < s->nsides && n < max; k++) {
			// h6-six (SP.D3): the player leading the camp's turn is asked until he ends it, his men
			// in good order or not, so that the turn always has someone to end it.
			if (ll_acting(s, k) != moving || LLS(s, k)->done || (!alive(s, k) && !(moving && k == s->mover)))
				continue;
			bool is_cmd = LLS(s, k)->commander != 0;
			if (is_cmd != (pass == 1))
				continue;
			cmd = k;
			uint64_t t = moving ? T(LL_OT_MOVE) | T(LL_OT_SHOOT) | T(LL_OT_LOAD) | T(LL_OT_WEAPON) | T(LL_OT_AIM) |
						      T(LL_OT_WITHDRAW) | T(LL_OT_DEFECT) | T(LL_OT_END)
					    : T(LL_OT_SHOOT) | T(LL_OT_WEAPON) | T(LL_OT_AIM) | T(LL_OT_EVADE) | T(LL_OT_END);
			decision(&out[n++], k, "SP.D3", moving ? "act" : "react", t,
				 moving ? "your camp's turn: move and shoot your own men, then end"
					: "the other camp moves: opportunity shots and evades, then end");
		}
	(void)cmd;
	return n;
}

tw_status ll_sp_validate(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (o->type == LL_OT_DEFECT) {
		if (s->phase == LL_PH_MOVE && (!ll_acting(s, o->side) || o->side == s->mover))
			return tw_error_set(err, TW_ERR_ILLEGAL, "SP.D2",
					    "a player changes sides at the start of his camp's turn (the camp's first player "
					    "changes sides in negotiation only)");
		if (s->phase == LL_PH_MOVE)
			for (int j = 0; j < s->nfig; j++)
				if (s->fig[j].side == o->side && ll_fights(s, j) && ll_acts(s, j))
					return tw_error_set(err, TW_ERR_ILLEGAL, "SP.D2",
							    "%s has acted this turn: a change of sides comes at its start",
							    s->sides[o->side].name);
		return TW_OK;
	}
	if (o->type == LL_OT_COMMAND) {
		if (s->phase != LL_PH_START)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SP.D1", "commanders are named before play");
		if (o->n < 0 || o->n >= s->nsides || !tw_allied(s, o->n, o->side))
			return tw_error_set(err, TW_ERR_ILLEGAL, "SP.5", "$.n: %s is not in %s's camp",
					    o->n >= 0 && o->n < s->nsides ? s->sides[o->n].name : "?", s->sides[o->side].name);
		return TW_OK;
	}
	return TW_OK;
}

static void set_commander(tw_state *s, int camp, int side)
{
	for (int k = 0; k < s->nsides; k++)
		if (camp_of(s, k) == camp)
			LLS(s, k)->commander = k == side;
}

tw_status ll_sp_apply(tw_state *s, const tw_order *o, tw_events *ev)
{
	if (o->type == LL_OT_COMMAND) {
		set_commander(s, camp_of(s, o->side), o->n); // SP.5: the camp agrees on its commander
		tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "SP.5");
		if (e) {
			e->a = o->n;
			tw_event_text(e, "%s commands the %s", s->sides[o->n].name, camp_of(s, o->n) == 0 ? "crown" : "rebels");
		}
		return ev->failed ? TW_ERR_NOMEM : TW_OK;
	}
	// SP.4, SP.D2: he goes over to the other camp at once; his contacts with new allies end.
	int k = o->side, from = camp_of(s, k), to = 1 - from;
	bool was_cmd = LLS(s, k)->commander;
	tw_side_set_alliance(s, k, to);
	LLS(s, k)->commander = 0;
	LLS(s, k)->defections++;
	tw_event *e = tw_events_push(ev, TW_EV_ALLIANCE, k, "SP.D2");
	if (e) {
		e->a = k;
		e->b = to;
		e->c = from;
		tw_event_text(e, "%s goes over to the %s", s->sides[k].name, to == 0 ? "crown" : "rebels");
	}
	for (int j = 0; j < s->nfig; j++) {
		ll_frec *r = LLF(s, j);
		for (int c = 0; c < LL_MAX_CLOSED; c++)
			if (r->closed[c] >= 0 && tw_allied(s, s->fig[j].side, s->fig[r->closed[c]].side))
				r->closed[c] = -1;
		if (r->charged >= 0 && tw_allied(s, s->fig[j].side, s->fig[r->charged].side))
			r->charged = -1;
		if (r->aim >= 0 && tw_allied(s, s->fig[j].side, s->fig[r->aim].side))
			r->aim = -1;
	}
	if (was_cmd) {
		int c = commander(s, from);
		if (c >= 0)
			set_commander(s, from, c);
	}
	if (s->phase == LL_PH_MOVE && k == s->mover) {
		int c = commander(s, from);
		if (c >= 0)
			s->mover = (int8_t)c;
	}
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

static int camp_points(const tw_state *s, int camp)
{
	int p = 0;
	for (int k = 0; k < s->nsides; k++)
		if (camp_of(s, k) == camp)
			p += ll_side_points(s, k, true);
	return p;
}

static void start_camp(tw_state *s, tw_events *ev, int camp)
{
	int c = commander(s, camp);
	if (c < 0)
		return;
	if (!LLS(s, c)->commander) { // h6-six (SP.5, ours): the command passes to the strongest alive
		int was = -1;
		for (int k = 0; k < s->nsides; k++)
			if (camp_of(s, k) == camp && LLS(s, k)->commander)
				was = k;
		set_commander(s, camp, c);
		if (was >= 0) {
			tw_event *h = tw_events_push(ev, TW_EV_INFO, c, "SP.5");
			if (h) {
				h->a = c;
				h->b = was;
				tw_event_text(h, "%s commands the %s: %s has nobody left in good order", s->sides[c].name,
					      camp == 0 ? "crown" : "rebels", s->sides[was].name);
			}
		}
	}
	s->mover = (int8_t)c;
	for (int k = 0; k < s->nsides; k++)
		LLS(s, k)->done = 0;
	tw_event *e = tw_events_push(ev, TW_EV_MOVE_START, c, "SP.D3");
	if (e) {
		e->a = LLG(s)->turn;
		e->b = c;
		tw_event_text(e, "turn %d: the %s move, led by %s", LLG(s)->turn, camp == 0 ? "crown" : "rebels", s->sides[c].name);
	}
}

bool ll_sp_end_phase(tw_state *s, int side, tw_events *ev)
{
	LLS(s, side)->done = 1;
	if (s->phase == LL_PH_START) {
		for (int k = 0; k < s->nsides; k++)
			if (!LLS(s, k)->done)
				return false;
		// SP.D1.2: a camp that named nobody is led by its strongest player (ours).
		for (int camp = 0; camp < 2; camp++) {
			int c = commander(s, camp);
			if (c >= 0)
				set_commander(s, camp, c);
		}
		return true;
	}
	if (LLS(s, side)->commander)
		return true; // SP.D3: the commander settles it
	tw_decision d[TW_MAX_DECISIONS];
	(void)ev;
	return ll_sp_decisions(s, d, TW_MAX_DECISIONS) == 0;
}

int ll_sp_next_mover(const tw_state *s)
{
	int c = commander(s, 1 - camp_of(s, s->mover));
	return c >= 0 ? c : s->mover;
}

/// Called by the turn (ll_ruleset.c) in place of start_turn for a six-player game.
void ll_sp_start_turn(tw_state *s, tw_events *ev, int camp);
void ll_sp_start_turn(tw_state *s, tw_events *ev, int camp)
{
	LLG(s)->turn++;
	LLG(s)->evaded = 0;
	s->phase = LL_PH_MOVE;
	s->move_no = LLG(s)->turn;
	for (int j = 0; j < s->nfig; j++)
		LLF(s, j)->snapped = 0;
	start_camp(s, ev, camp);
}

// SP.D4: the end, the winning camp, the governor.
bool ll_sp_turn_end(tw_state *s, tw_events *ev)
{
	ll_ca_score(s, ev);
	int pts[2] = {camp_points(s, 0), camp_points(s, 1)};
	int members[2] = {0, 0};
	for (int k = 0; k < s->nsides; k++)
		if (alive(s, k))
			members[camp_of(s, k)]++;
	int limit = LLG(s)->sp_actions > 0 ? LLG(s)->sp_actions : (int)s->params[LLP_MAX_TURNS];
	bool end = pts[0] == 0 || pts[1] == 0 || members[0] == 0 || members[1] == 0 || LLG(s)->turn >= limit;
	if (!end)
		return false;
	int camp = pts[0] > pts[1] ? 0 : pts[1] > pts[0] ? 1 : -1;
	int strongest = 0;
	for (int k = 1; k < s->nsides; k++)
		if (LLS(s, k)->start_pts > LLS(s, strongest)->start_pts)
			strongest = k;
	int gov = -1;
	const char *clause = "SP.D4";
	bool all_with = true;
	for (int k = 0; k < s->nsides; k++)
		all_with &= tw_allied(s, k, strongest); // ours: every player, fallen or not, is on his side
	if (all_with && alive(s, strongest)) {
		gov = strongest; // SP.6: everyone sides with the strongest: he wins
		clause = "SP.6";
		camp = camp_of(s, strongest);
	} else if (camp >= 0) {
		int c = commander(s, camp);
		if (c >= 0 && alive(s, c)) {
			LLS(s, c)->vp += 3; // SP.D4: the winning commander gets +3
			tw_event *e = tw_events_push(ev, TW_EV_SCORE, c, "SP.D4");
			if (e) {
				e->a = c;
				e->b = -1;
				e->v = 3;
				tw_event_text(e, "%s commanded the winning camp: +3 VP", s->sides[c].name);
			}
		}
		for (int k = 0; k < s->nsides; k++)
			if (camp_of(s, k) == camp && alive(s, k) && (gov < 0 || LLS(s, k)->vp > LLS(s, gov)->vp))
				gov = k;
	}
	s->over = true;
	s->phase = LL_PH_OVER;
	s->winner = (int8_t)(gov >= 0 ? gov : -2);
	tw_event *e = tw_events_push(ev, gov >= 0 ? TW_EV_VICTORY : TW_EV_DRAW, gov >= 0 ? gov : -1, clause);
	if (e) {
		e->a = gov;
		e->b = pts[0];
		e->c = pts[1];
		tw_event_text(e, "unbroken points: crown %d, rebels %d; %s%s", pts[0], pts[1], gov >= 0 ? s->sides[gov].name : "nobody",
			      gov >= 0 ? " is governor" : " wins");
	}
	return true;
}
