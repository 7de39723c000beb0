// Nikolas Lloyd's skirmish suite, Type III: moves. The active side's move of one body (IN.ACT.1)
// with the seized action's constraints (IN.SEIZE.1/2/6) and the order card's (IN.CARD.4), a bow's
// move-and-shoot (IN.MS.1), and the passive side's reactive moves (IN.RMV); men who come into
// contact fight a round at once (IN.MEL.1); engaging a duel's winner on his own is cheating (DU.16).
#include <math.h>

#include "ll.h"

// IN.RMV.2: an enemy may be engaged reactively if it moved to engage in the last action, or is
// contiguous (within a base width, through a chain) with one that did.
static bool rmv_target(const tw_state *s, int e)
{
	const ll_game *g = LLG(s);
	int chain[256], n = 0;
	for (int j = 0; j < s->nfig && n < 256; j++)
		if (ll_fights(s, j) && s->fig[j].side == s->mover && LLF(s, j)->in_moved == g->actions && LLF(s, j)->in_engaged)
			chain[n++] = j;
	for (int i = 0; i < n; i++) {
		if (chain[i] == e)
			return true;
		for (int j = 0; j < s->nfig && n < 256; j++) {
			bool have = false;
			for (int k = 0; k < n && !have; k++)
				have = chain[k] == j;
			if (!have && ll_fights(s, j) && s->fig[j].side == s->mover &&
			    tw_figure_gap(&s->fig[j], &s->fig[chain[i]]) <= 2 * s->fig[j].radius + LL_EPS)
				chain[n++] = j;
		}
	}
	return false;
}

// IN.CARD.4: after a seize with an order card only the card's men act, and only as ordered: a move
// that ends nearer the card's enemy, or shooting that names him.
tw_status ll_in_card_action(const tw_state *s, const tw_order *o, bool shoot, tw_error *err)
{
	const ll_game *g = LLG(s);
	if (!g->seize_card || s->phase != LL_PH_IN_ACT || g->seize_fig < 0 || g->seize_fig >= s->nfig)
		return TW_OK;
	int card = LLF(s, g->seize_fig)->card, foe = LLF(s, g->seize_fig)->card_foe;
	bool named = false;
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		if (LLF(s, f)->card != card && ll_in_card_identical(s, f, g->seize_fig)) // ll-fin
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.CARD.3",
					    "figure %d holds an identical card of his own: each benefits only acting alone under it", f);
		if (LLF(s, f)->card != card)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.CARD.4", "figure %d is not on the card: only its men act", f);
		if (!shoot && o->has_at && foe >= 0 &&
		    tw_dist(o->at[i], s->fig[foe].pos) >= tw_dist(s->fig[f].pos, s->fig[foe].pos) - LL_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.CARD.4", "figure %d does not go for the card's enemy", f);
	}
	for (int k = 0; k < o->nfig2; k++)
		named |= o->fig2[k] == foe;
	if (shoot && !named)
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.CARD.4", "the card's men shoot at its enemy, figure %d", foe);
	return TW_OK;
}

tw_status ll_in_validate_move(const tw_state *s, const tw_order *o, tw_error *err)
{
	LL_TRY(ll_in_card_action(s, o, o->nfig2 > 0, err));
	const ll_game *g = LLG(s);
	bool react = s->phase == LL_PH_IN_SEIZE;
	if (o->nfig < 1 || !o->has_at)
		return tw_error_set(err, TW_ERR_INPUT, "IN.ACT.1", "a move names the men and where they go");
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		if (!ll_fights(s, f) || s->fig[f].side != o->side)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.1", "figure %d is not one of %s's men on the table", f,
					    s->sides[o->side].name);
		for (int k = 0; k < i; k++)
			if (o->fig[k] == f)
				return tw_error_set(err, TW_ERR_INPUT, "IN.ACT.1", "figure %d is named twice", f);
		if (react && LLF(s, f)->in_react == g->actions)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.RMV.3", "figure %d has reacted to this action", f);
		if (ll_fp_contact_enemy(s, f))
			return tw_error_set(err, TW_ERR_ILLEGAL, react ? "IN.RMV.1" : "IN.MEL.2",
					    "figure %d is in melee: he fights (an action), not moves", f);
		double dist = tw_dist(s->fig[f].pos, o->at[i]);
		if (dist > ll_fp_allowance_to(s, f, o->at[i]) + LL_EPS) // FP.D2: difficult ground -2 (ll-gaps)
			return tw_error_set(err, TW_ERR_ILLEGAL, "FP.D2", "figure %d moves %.2f in, more than his %.0f in%s", f, dist,
					    ll_fp_allowance_to(s, f, o->at[i]),
					    ll_path_difficult(s, s->fig[f].pos, o->at[i]) ? " (difficult ground -2)" : "");
		if (!ll_path_clear(s, s->fig[f].pos, o->at[i]) || !ll_place_free(s, f, o->at[i]))
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.6", "figure %d cannot get to (%.2f, %.2f)", f, o->at[i].x,
					    o->at[i].y);
		if ((LLF(s, f)->traits & TW_LL_TIMID) && ll_in_nearest_enemy(s, f, o->at[i]) <= s->params[LLP_CONTACT] + LL_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LT.11", "figure %d is Timid: he never closes with the enemy by choice", f);
		if (react) { // IN.RMV.1-3
			bool near = false, engages = false, touches = false;
			for (int j = 0; j < s->nfig; j++) {
				if (!ll_fights(s, j) || s->fig[j].side == o->side)
					continue;
				double gap = ll_gap_at(s, s->fig[j].pos, s->fig[j].radius, o->at[i], s->fig[f].radius); // issue 16
				bool c = gap <= s->params[LLP_CONTACT] + LL_EPS;
				touches |= c;
				if (!rmv_target(s, j))
					continue;
				near |= tw_figure_gap(&s->fig[f], &s->fig[j]) <= 4 + LL_EPS;
				engages |= c;
			}
			if (touches && !engages)
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.RMV.2",
						    "figure %d may engage only enemies who engaged in the last move, or men contiguous with them", f);
			if (!near)
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.RMV.1",
						    "figure %d is not within 4 in of enemies who engaged his side in the last action", f);
			bool runs = ll_in_nearest_enemy(s, f, o->at[i]) > ll_in_nearest_enemy(s, f, s->fig[f].pos) + LL_EPS &&
				    dist >= ll_fp_allowance_to(s, f, o->at[i]) - LL_EPS;
			if (!engages && !runs)
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.RMV.1",
						    "figure %d must run away at full speed or engage an enemy who engaged (IN.RMV.2)", f);
		}
	}
	if (!react && !ll_fp_body(s, o->fig, o->nfig))
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.1",
				    "the movers are not one body: each within 4 in of, and seeing, another");
	if (!react) // ll-fin: IN.ACT.3, round an obstacle on both sides
		LL_TRY(ll_in_validate_split(s, o, err));
	if (o->nfig2) { // IN.MS.1, IN.ACT.4: a bow may cover half its move and still shoot
		if (react)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.RMV.1", "a reactive move shoots nobody");
		for (int i = 0; i < o->nfig; i++) {
			int f = o->fig[i];
			if (!ll_in_has_bow(s, f))
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.MS.1", "figure %d has no bow to shoot after moving", f);
			double share = ll_fp_move_share(s, f), moved = tw_dist(s->fig[f].pos, o->at[i]);
			if (share <= 0 && moved > LL_EPS)
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.MS.3", "figure %d must stand still the whole action to shoot", f);
			if (moved > ll_fp_allowance_to(s, f, o->at[i]) * share + LL_EPS)
				return tw_error_set(err, TW_ERR_ILLEGAL, share < 1 ? "IN.MS.1" : "IN.MS.2",
						    "figure %d moves more than %s his move and cannot shoot", f, share < 1 ? "half" : "all");
			if (ll_in_nearest_enemy(s, f, o->at[i]) <= s->params[LLP_CONTACT] + LL_EPS)
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.4", "figure %d would end in melee", f);
			bool any = false; // in range from where he ends (sight is judged there when he shoots)
			for (int k = 0; k < o->nfig2 && !any; k++)
				any = o->fig2[k] >= 0 && o->fig2[k] < s->nfig &&
				      tw_dist(o->at[i], s->fig[o->fig2[k]].pos) <= ll_fp_missile_range(s, f) + LL_EPS;
			if (!any)
				return tw_error_set(err, TW_ERR_ILLEGAL, "FP.D7", "figure %d ends with no target within his range", f);
		}
		for (int k = 0; k < o->nfig2; k++)
			if (!ll_fights(s, o->fig2[k]) || s->fig[o->fig2[k]].side == o->side)
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.4", "figure %d is no enemy on the table", o->fig2[k]);
		if (!ll_fp_body(s, o->fig2, o->nfig2))
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.4", "the targets are not one enemy body");
		if (g->seize_kind && g->seize_kind != 2)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.6", "the seize was not to fight: no shooting");
		if (g->seize_kind && !ll_in_listed(o, g->seize_fig))
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.6", "the seizing figure %d must take part", g->seize_fig);
		return TW_OK;
	}
	if (!react && g->seize_kind) { // IN.SEIZE.6, IN.SEIZE.1: the declared action, by the named figure's body
		if (!ll_in_listed(o, g->seize_fig))
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.6", "the seizing figure %d must take part", g->seize_fig);
		bool contact = false;
		for (int i = 0; i < o->nfig; i++) {
			int f = o->fig[i];
			double before = ll_in_nearest_enemy(s, f, s->fig[f].pos), after = ll_in_nearest_enemy(s, f, o->at[i]);
			bool full = tw_dist(s->fig[f].pos, o->at[i]) >= ll_fp_allowance_to(s, f, o->at[i]) - LL_EPS;
			contact |= after <= s->params[LLP_CONTACT] + LL_EPS;
			if (g->seize_kind == 1 && !(after < before - LL_EPS && (full || after <= s->params[LLP_CONTACT] + LL_EPS)))
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.1",
						    "an advance at full speed towards the enemy: figure %d does not", f);
			if (g->seize_kind == 4 && !(after > before + LL_EPS && full))
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.1", "a flight at full speed: figure %d does not", f);
			if (g->seize_kind == 3 && LLF(s, f)->in_sight && LLF(s, f)->in_sight != g->actions + 1)
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.2", "figure %d has used a type-3 seize already", f);
		}
		if (g->seize_kind == 3) // IN.SEIZE.2 (ll-gaps): the sight move serves the scenario
			LL_TRY(ll_in_validate_sight(s, o, err));
		if (g->seize_kind == 2 && !contact)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.1", "the seize was to fight: the move must reach melee");
	}
	if (react && LLG(s)->last_kind != 1)
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.RMV.1", "the last action engaged nobody: no reactive move");
	return TW_OK;
}

tw_status ll_in_apply_move(tw_state *s, const tw_order *o, tw_events *ev)
{
	ll_game *g = LLG(s);
	bool react = s->phase == LL_PH_IN_SEIZE;
	int engaged[TW_ORDER_MAX_FIG], ne = 0;
	tw_vec2 meet;
	int round = react ? -1 : ll_in_split_round(s, o, &meet);
	if (round >= 0) { // ll-fin: IN.ACT.3, one action round the obstacle (every mover sees the end point)
		tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "IN.ACT.3");
		if (e) {
			e->a = round;
			tw_event_text(e, "%d men go round terrain piece %d on both sides to meet at (%.2f, %.2f): one action",
				      o->nfig, round, meet.x, meet.y);
		}
	}
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		ll_frec *r = LLF(s, f);
		double dist = tw_dist(s->fig[f].pos, o->at[i]);
		tw_vec2 start = s->fig[f].pos;
		s->fig[f].pos = o->at[i];
		s->fig[f].facing = o->facing[i];
		if (react) {
			r->in_react = g->actions; // IN.RMV.3 (ours): once to one enemy action
		} else {
			r->in_moved = g->actions + 1;
			r->in_dist = dist;
			r->in_fx = start.x; // IN.SHT.5: where his path began
			r->in_fy = start.y;
			if (g->seize_kind == 3)
				r->in_sight = g->actions + 1;
		}
		r->in_engaged = !react && ll_fp_contact_enemy(s, f);
		if (ll_fp_contact_enemy(s, f))
			engaged[ne++] = f;
		tw_event *e = tw_events_push(ev, TW_EV_MOVE, o->side, react ? "IN.RMV.1" : "IN.ACT.1");
		if (e) {
			e->a = f;
			e->x = o->at[i].x;
			e->y = o->at[i].y;
			e->v = dist;
			tw_event_text(e, "%s %s %.2f in", r->name, react ? "reacts, moving" : "moves", dist);
		}
	}
	for (int i = 0; i < ne; i++) // DU.16: engaging the duel's winner on his own is cheating
		for (int j = 0; j < s->nfig; j++)
			if (j != engaged[i] && ll_fights(s, j) && s->fig[j].side != o->side && ll_contact(s, engaged[i], j))
				ll_du_attack(s, ev, engaged[i], j);
	for (int i = 0; i < ne; i++) // IN.MEL.1, IN.RMV.1: men who come into contact fight a round at once
		if (ll_fights(s, engaged[i]) && ll_fp_contact_enemy(s, engaged[i])) {
			bool fought = false;
			for (int k = 0; k < i && !fought; k++)
				fought = ll_fights(s, engaged[k]) && ll_contact(s, engaged[k], engaged[i]);
			if (!fought)
				ll_fp_melee(s, ev, engaged[i], react ? "IN.RMV.1" : "IN.MEL.1");
		}
	return TW_OK;
}

