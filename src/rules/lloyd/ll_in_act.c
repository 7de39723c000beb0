// Nikolas Lloyd's skirmish suite: the Type III initiative system (IN) driving the fast-play game:
// who is asked (the decisions of each seat), validation and dispatch, the start, and what follows
// every action. Play is a sequence of actions by the side holding the initiative (IN.ACT): a move
// of one body, a shooting action at one enemy body, a volley, a melee round fought on purpose, a
// challenge, "To me!", or a pass. After each action the passive side is asked: it may shoot
// reactively (IN.SHT, once a spell), move reactively after being engaged (IN.RMV), and then names a
// figure and an action and rolls to seize the initiative (IN.SEIZE), or declines (the roll is then
// made only for the natural 1-3 melee check, IN.MEL.3). Moves: ll_in_move.c; shooting and fights:
// ll_in_shoot.c; the seize: ll_in_seize.c; the volley and "To me!": ll_in_volley.c.
#include <math.h>
#include <string.h>

#include "ll.h"

#define BIT(t) (UINT64_C(1) << (t))

int ll_in_decisions(const tw_state *s, tw_decision *out, int max)
{
	if (max < 1 || s->over || s->phase == LL_PH_OVER)
		return 0;
	const ll_game *g = LLG(s);
	// A saved game whose duel names no man on the table asks nobody (a malformed file, not a crash).
	bool duel = g->du_a >= 0 && g->du_a < s->nfig && g->du_b >= 0 && g->du_b < s->nfig;
	bool hurt = duel && (g->du_wounded == g->du_a || g->du_wounded == g->du_b);
	if (((s->phase == LL_PH_DU_ANSWER || s->phase == LL_PH_DU_SUB) && !duel) || ((s->phase == LL_PH_DU_MERCY || s->phase == LL_PH_DU_GRANT) && !hurt))
		return 0;
	tw_decision *d = &out[0];
	memset(d, 0, sizeof *d);
	switch (s->phase) {
	case LL_PH_START:
		d->seat = 0;
		snprintf(d->clause, sizeof d->clause, "LT.21");
		snprintf(d->kind, sizeof d->kind, "act");
		d->types = BIT(LL_OT_START);
		snprintf(d->prompt, sizeof d->prompt, "leaders roll their traits; who starts is rolled off if not given");
		return 1;
	case LL_PH_IN_ACT:
		d->seat = s->mover;
		snprintf(d->clause, sizeof d->clause, "IN.ACT.1");
		snprintf(d->kind, sizeof d->kind, "act");
		d->types = BIT(LL_OT_MOVE) | BIT(LL_OT_SHOOT) | BIT(LL_OT_FIGHT) | BIT(LL_OT_CHALLENGE) | BIT(LL_OT_VOLLEY) |
			   BIT(LL_OT_TOME) | BIT(LL_OT_END);
		snprintf(d->prompt, sizeof d->prompt, "action %d: one body moves, shoots or fights, a challenge, or pass",
			 g->actions + 1);
		return 1;
	case LL_PH_IN_SEIZE:
		d->seat = (int8_t)(1 - s->mover);
		snprintf(d->clause, sizeof d->clause, "IN.ACT.2");
		snprintf(d->kind, sizeof d->kind, "react");
		d->types = BIT(LL_OT_MOVE) | BIT(LL_OT_SHOOT) | BIT(LL_OT_SEIZE) | BIT(LL_OT_END);
		snprintf(d->prompt, sizeof d->prompt, "react (shoot, move), then seize the initiative or decline");
		return 1;
	case LL_PH_DU_ANSWER:
		d->seat = s->fig[g->du_b].side;
		snprintf(d->clause, sizeof d->clause, "DU.3");
		snprintf(d->kind, sizeof d->kind, "challenge");
		d->types = BIT(LL_OT_ACCEPT) | BIT(LL_OT_REFUSE);
		snprintf(d->prompt, sizeof d->prompt, "%.20s challenges %.20s: accept, send a knight or refuse",
			 LLF(s, g->du_a)->name, LLF(s, g->du_b)->name);
		return 1;
	case LL_PH_DU_MERCY:
		d->seat = s->fig[g->du_wounded].side;
		snprintf(d->clause, sizeof d->clause, "DU.13");
		snprintf(d->kind, sizeof d->kind, "mercy");
		d->types = BIT(LL_OT_MERCY) | BIT(LL_OT_END);
		snprintf(d->prompt, sizeof d->prompt, "%.20s is wounded: ask for mercy, or pull out", LLF(s, g->du_wounded)->name);
		return 1;
	case LL_PH_FP_FOLLOW:
		if (g->follow_side < 0 || g->follow_side > 1)
			return 0;
		d->seat = g->follow_side;
		snprintf(d->clause, sizeof d->clause, "FP.D5");
		snprintf(d->kind, sizeof d->kind, "follow");
		d->types = BIT(LL_OT_MOVE) | BIT(LL_OT_END);
		snprintf(d->prompt, sizeof d->prompt, "follow up the men you pushed back (move into contact), or end");
		return 1;
	case LL_PH_DU_GRANT: {
		int other = g->du_wounded == g->du_a ? g->du_b : g->du_a;
		d->seat = s->fig[other].side;
		snprintf(d->clause, sizeof d->clause, "DU.13");
		snprintf(d->kind, sizeof d->kind, "mercy");
		d->types = BIT(LL_OT_ACCEPT) | BIT(LL_OT_REFUSE);
		snprintf(d->prompt, sizeof d->prompt, "%.20s asks mercy: grant it or refuse (one more round)",
			 LLF(s, g->du_wounded)->name);
		return 1;
	}
	case LL_PH_DU_SUB: // ll-gaps: DU.7: the challenger fights the substitute or declines him
		d->seat = s->fig[g->du_a].side;
		snprintf(d->clause, sizeof d->clause, "DU.7");
		snprintf(d->kind, sizeof d->kind, "challenge");
		d->types = BIT(LL_OT_ACCEPT) | BIT(LL_OT_REFUSE);
		snprintf(d->prompt, sizeof d->prompt, "%.20s stands in: %.20s fights him or declines",
			 LLF(s, g->du_b)->name, LLF(s, g->du_a)->name);
		return 1;
	default: return 0;
	}
}

bool ll_in_has_bow(const tw_state *s, int f)
{
	const ll_frec *r = LLF(s, f);
	int w = r->weapon[ll_row(s, f)];
	return w == LL_W_BOW || w == LL_W_JAVELIN || w == LL_W_CROSSBOW || w == LL_W_HANDGUN || w == LL_W_SLING ||
	       r->reach[ll_row(s, f)] == TW_LL_MISSILE;
}

double ll_fp_missile_range(const tw_state *s, int f)
{
	return LLF(s, f)->weapon[ll_row(s, f)] == LL_W_JAVELIN ? 10 : 30; // FP.D7: 30 in (FP.13); a javelin 10 (ours)
}

double ll_fp_move_share(const tw_state *s, int f)
{
	int w = LLF(s, f)->weapon[ll_row(s, f)];
	if (w == LL_W_JAVELIN)
		return 1; // IN.MS.2: javelins move their full move and throw
	if (w == LL_W_CROSSBOW || w == LL_W_HANDGUN)
		return 0; // IN.MS.3: they stand still for the whole action
	return 0.5;       // IN.MS.1: a bow or sling covers up to half its move
}

double ll_in_nearest_enemy(const tw_state *s, int f, tw_vec2 at)
{
	double best = 1e18;
	for (int j = 0; j < s->nfig; j++)
		if (ll_fights(s, j) && s->fig[j].side != s->fig[f].side) {
			double d = ll_gap_at(s, s->fig[j].pos, s->fig[j].radius, at, s->fig[f].radius); // issue 16: across a barricade
			if (d < best)
				best = d;
		}
	return best;
}

bool ll_in_listed(const tw_order *o, int f)
{
	for (int i = 0; i < o->nfig; i++)
		if (o->fig[i] == f)
			return true;
	return false;
}

void ll_in_start_spell(tw_state *s, tw_events *ev, int side, const char *clause)
{
	ll_game *g = LLG(s);
	s->mover = (int8_t)side;
	g->counters[side] = 0;  // IN.TAC.2: the counters are cleared when their holder seizes
	g->reacted[1 - side] = 0; // IN.SHT.1: the other side's reactive shot comes back
	s->phase = LL_PH_IN_ACT;
	tw_event *e = tw_events_push(ev, TW_EV_MOVE_START, side, clause);
	if (e) {
		e->a = g->actions + 1;
		e->b = side;
		tw_event_text(e, "%s holds the initiative", s->sides[side].name);
	}
}

// After each action: its consequences are resolved; victory; then the passive side is asked.
tw_status ll_in_after_action(tw_state *s, tw_events *ev, int kind)
{
	ll_game *g = LLG(s);
	g->actions++;
	g->last_kind = kind;
	g->seize_kind = 0;
	g->seize_fig = -1;
	g->seize_card = 0; // IN.CARD.4: others may join in later actions
	tw_event *e = tw_events_push(ev, TW_EV_MOVE_END, s->mover, "IN.ACT.2");
	if (e) {
		e->a = g->actions;
		e->b = kind;
	}
	ll_fp_rash(s, ev, s->mover); // LT.10
	ll_du_safety(s, ev);         // DU.16/19
	if (ll_fp_victory(s, ev))
		return TW_OK;
	s->phase = LL_PH_IN_SEIZE;
	s->move_no = g->actions + 1;
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

tw_status ll_in_validate(const tw_state *s, const tw_order *o, tw_error *err)
{
	switch (o->type) {
	case LL_OT_START: return TW_OK;
	case LL_OT_END: return TW_OK; // IN.ACT.6 (ours): a pass, even after a seize (the declared action is given up)
	case LL_OT_MOVE: return s->phase == LL_PH_FP_FOLLOW ? ll_fp_validate_follow(s, o, err) : ll_in_validate_move(s, o, err);
	case LL_OT_SHOOT: return ll_in_validate_shoot(s, o, err);
	case LL_OT_FIGHT: return ll_in_validate_fight(s, o, err);
	case LL_OT_SEIZE: return ll_in_validate_seize(s, o, err);
	case LL_OT_VOLLEY: return ll_in_validate_volley(s, o, err);
	case LL_OT_TOME: return ll_in_validate_tome(s, o, err);
	case LL_OT_CHALLENGE:
	case LL_OT_ACCEPT:
	case LL_OT_REFUSE:
	case LL_OT_MERCY: return ll_du_validate(s, o, err);
	default: return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.1", "not an order of the fast-play game");
	}
}

static tw_status apply_start(tw_state *s, tw_events *ev)
{
	ll_game *g = LLG(s);
	ll_traits_roll(s, ev); // LT.21
	int first = g->first;
	for (int tries = 0; first < 0 && tries < 100; tries++) { // IN.ACT.6: otherwise roll off on 1d20
		int a = tw_roll(s, ev, 0, "IN.ACT.6", 1, 20, NULL, NULL);
		int b = tw_roll(s, ev, 1, "IN.ACT.6", 1, 20, NULL, NULL);
		if (a != b)
			first = a > b ? 0 : 1;
	}
	if (first < 0)
		return TW_ERR_DICE;
	g->first = (int8_t)first;
	ll_in_start_spell(s, ev, first, "IN.ACT.6");
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

// FP.D5: after an action whose melee pushed men back, the winner's seat may follow up first.
static tw_status follow_or_after(tw_state *s, tw_events *ev, int kind)
{
	ll_game *g = LLG(s);
	if (g->follow_side < 0)
		return ll_in_after_action(s, ev, kind);
	if (ll_fp_victory(s, ev)) {
		g->follow_side = -1;
		return TW_OK;
	}
	g->follow_kind = kind;
	s->phase = LL_PH_FP_FOLLOW;
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

tw_status ll_in_apply(tw_state *s, const tw_order *o, tw_events *ev, tw_error *err)
{
	switch (o->type) {
	case LL_OT_START: return apply_start(s, ev);
	case LL_OT_MOVE:
		if (s->phase == LL_PH_FP_FOLLOW) {
			ll_fp_apply_follow(s, o, ev);
			return ll_in_after_action(s, ev, LLG(s)->follow_kind);
		}
		LL_TRY(ll_in_apply_move(s, o, ev));
		if (s->phase == LL_PH_IN_SEIZE) { // a reactive move: the seat decides on
			ll_fp_victory(s, ev);
			return TW_OK;
		}
		if (o->nfig2) { // IN.MS.1: then they shoot at the body named, a shooting action
			LL_TRY(ll_in_apply_shoot(s, o, ev));
			return ll_in_after_action(s, ev, 2);
		}
		return follow_or_after(s, ev, 1);
	case LL_OT_SHOOT:
		LL_TRY(ll_in_apply_shoot(s, o, ev));
		if (s->phase != LL_PH_IN_SEIZE)
			return ll_in_after_action(s, ev, 2);
		ll_fp_victory(s, ev); // a reactive shot: the seat decides on
		return TW_OK;
	case LL_OT_VOLLEY:
		LL_TRY(ll_in_apply_volley(s, o, ev));
		return ll_in_after_action(s, ev, 2);
	case LL_OT_TOME:
		LL_TRY(ll_in_apply_tome(s, o, ev));
		return ll_in_after_action(s, ev, 5);
	case LL_OT_FIGHT: // IN.MEL.2: a group fights a round as an action
		ll_fp_melee(s, ev, o->fig[0], "IN.MEL.2");
		return follow_or_after(s, ev, 3);
	case LL_OT_SEIZE: return ll_in_apply_seize(s, o, ev, true);
	case LL_OT_END:
		if (s->phase == LL_PH_IN_ACT) { // IN.ACT.6 (ours): a pass is an action in which nobody acts
			tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "IN.ACT.6");
			if (e)
				tw_event_text(e, "%s passes", s->sides[o->side].name);
			return ll_in_after_action(s, ev, 0);
		}
		if (s->phase == LL_PH_IN_SEIZE)
			return ll_in_apply_seize(s, o, ev, false); // IN.SEIZE.5: declined, rolled only for IN.MEL.3
		if (s->phase == LL_PH_FP_FOLLOW) {           // FP.D5: no follow-up
			LLG(s)->follow_side = -1;
			return ll_in_after_action(s, ev, LLG(s)->follow_kind);
		}
		return ll_du_apply(s, o, ev);                 // DU.15: the wounded duellist pulls out
	case LL_OT_CHALLENGE:
		LL_TRY(ll_du_challenge(s, o, ev));
		return TW_OK;
	case LL_OT_ACCEPT:
	case LL_OT_REFUSE:
	case LL_OT_MERCY: {
		LL_TRY(ll_du_apply(s, o, ev));
		return TW_OK;
	}
	default: return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.1", "unexpected order");
	}
}

// The duel hands play back here when it is over (ll_duel.c): the challenge was the action.
tw_status ll_in_after_duel(tw_state *s, tw_events *ev) { return ll_in_after_action(s, ev, 4); }
