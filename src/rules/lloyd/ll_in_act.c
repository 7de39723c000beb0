// Nikolas Lloyd's skirmish suite: the Type III initiative system (IN) driving the fast-play game.
// Play is a sequence of actions by the side holding the initiative (IN.ACT): a move of one body,
// a shooting action at one enemy body, a melee round fought on purpose, a challenge, or a pass.
// After each action the passive side is asked (a decision of its own seat): it may shoot
// reactively (IN.SHT, once a spell), move reactively after being engaged (IN.RMV), and then
// names a figure and an action and rolls to seize the initiative (IN.SEIZE), or declines (the
// roll is then made only for the natural 1-3 melee check, IN.MEL.3).
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
	if ((s->phase == LL_PH_DU_ANSWER && !duel) || ((s->phase == LL_PH_DU_MERCY || s->phase == LL_PH_DU_GRANT) && !hurt))
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
	default: return 0;
	}
}

bool ll_in_has_bow(const tw_state *s, int f)
{
	const ll_frec *r = LLF(s, f);
	return r->weapon[ll_row(s, f)] == LL_W_BOW || r->reach[ll_row(s, f)] == TW_LL_MISSILE;
}

static double nearest_enemy(const tw_state *s, int f, tw_vec2 at)
{
	double best = 1e18;
	for (int j = 0; j < s->nfig; j++)
		if (ll_fights(s, j) && s->fig[j].side != s->fig[f].side) {
			double d = tw_dist(at, s->fig[j].pos) - s->fig[j].radius - s->fig[f].radius;
			if (d < best)
				best = d;
		}
	return best;
}

static bool listed(const tw_order *o, int f)
{
	for (int i = 0; i < o->nfig; i++)
		if (o->fig[i] == f)
			return true;
	return false;
}

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

static tw_status validate_move(const tw_state *s, const tw_order *o, tw_error *err)
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
		if (dist > ll_fp_allowance(s, f) + LL_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "FP.D2", "figure %d moves %.2f in, more than his %.0f in", f, dist,
					    ll_fp_allowance(s, f));
		if (!ll_path_clear(s, s->fig[f].pos, o->at[i]) || !ll_place_free(s, f, o->at[i]))
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.6", "figure %d cannot get to (%.2f, %.2f)", f, o->at[i].x,
					    o->at[i].y);
		if ((LLF(s, f)->traits & TW_LL_TIMID) && nearest_enemy(s, f, o->at[i]) <= s->params[LLP_CONTACT] + LL_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "LT.11", "figure %d is Timid: he never closes with the enemy by choice", f);
		if (react) { // IN.RMV.1-3
			bool near = false, engages = false, touches = false;
			for (int j = 0; j < s->nfig; j++) {
				if (!ll_fights(s, j) || s->fig[j].side == o->side)
					continue;
				double gap = tw_dist(o->at[i], s->fig[j].pos) - s->fig[j].radius - s->fig[f].radius;
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
			bool runs = nearest_enemy(s, f, o->at[i]) > nearest_enemy(s, f, s->fig[f].pos) + LL_EPS &&
				    dist >= ll_fp_allowance(s, f) - LL_EPS;
			if (!engages && !runs)
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.RMV.1",
						    "figure %d must run away at full speed or engage an enemy who engaged (IN.RMV.2)", f);
		}
	}
	if (!react && !ll_fp_body(s, o->fig, o->nfig))
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.1",
				    "the movers are not one body: each within 4 in of, and seeing, another");
	if (o->nfig2) { // IN.MS.1, IN.ACT.4: a bow may cover half its move and still shoot
		if (react)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.RMV.1", "a reactive move shoots nobody");
		for (int i = 0; i < o->nfig; i++) {
			int f = o->fig[i];
			if (!ll_in_has_bow(s, f))
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.MS.1", "figure %d has no bow to shoot after moving", f);
			if (tw_dist(s->fig[f].pos, o->at[i]) > ll_fp_allowance(s, f) / 2 + LL_EPS)
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.MS.1", "figure %d moves more than half his move and cannot shoot",
						    f);
			if (nearest_enemy(s, f, o->at[i]) <= s->params[LLP_CONTACT] + LL_EPS)
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.4", "figure %d would end in melee", f);
			bool any = false; // in range from where he ends (sight is judged there when he shoots)
			for (int k = 0; k < o->nfig2 && !any; k++)
				any = o->fig2[k] >= 0 && o->fig2[k] < s->nfig &&
				      tw_ll_fp_shot_need(tw_dist(o->at[i], s->fig[o->fig2[k]].pos), false, false) > 0;
			if (!any)
				return tw_error_set(err, TW_ERR_ILLEGAL, "FP.D7", "figure %d ends with no target within 30 in", f);
		}
		for (int k = 0; k < o->nfig2; k++)
			if (!ll_fights(s, o->fig2[k]) || s->fig[o->fig2[k]].side == o->side)
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.4", "figure %d is no enemy on the table", o->fig2[k]);
		if (!ll_fp_body(s, o->fig2, o->nfig2))
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.4", "the targets are not one enemy body");
		if (g->seize_kind && g->seize_kind != 2)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.6", "the seize was not to fight: no shooting");
		if (g->seize_kind && !listed(o, g->seize_fig))
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.6", "the seizing figure %d must take part", g->seize_fig);
		return TW_OK;
	}
	if (!react && g->seize_kind) { // IN.SEIZE.6, IN.SEIZE.1: the declared action, by the named figure's body
		if (!listed(o, g->seize_fig))
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.6", "the seizing figure %d must take part", g->seize_fig);
		bool contact = false;
		for (int i = 0; i < o->nfig; i++) {
			int f = o->fig[i];
			double before = nearest_enemy(s, f, s->fig[f].pos), after = nearest_enemy(s, f, o->at[i]);
			bool full = tw_dist(s->fig[f].pos, o->at[i]) >= ll_fp_allowance(s, f) - LL_EPS;
			contact |= after <= s->params[LLP_CONTACT] + LL_EPS;
			if (g->seize_kind == 1 && !(after < before - LL_EPS && (full || after <= s->params[LLP_CONTACT] + LL_EPS)))
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.1",
						    "an advance at full speed towards the enemy: figure %d does not", f);
			if (g->seize_kind == 4 && !(after > before + LL_EPS && full))
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.1", "a flight at full speed: figure %d does not", f);
			if (g->seize_kind == 3 && LLF(s, f)->in_sight && LLF(s, f)->in_sight != g->actions + 1)
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.2", "figure %d has used a type-3 seize already", f);
		}
		if (g->seize_kind == 2 && !contact)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.1", "the seize was to fight: the move must reach melee");
	}
	if (react && LLG(s)->last_kind != 1)
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.RMV.1", "the last action engaged nobody: no reactive move");
	return TW_OK;
}

static tw_status apply_move(tw_state *s, const tw_order *o, tw_events *ev)
{
	ll_game *g = LLG(s);
	bool react = s->phase == LL_PH_IN_SEIZE;
	int engaged[TW_ORDER_MAX_FIG], ne = 0;
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		ll_frec *r = LLF(s, f);
		double dist = tw_dist(s->fig[f].pos, o->at[i]);
		s->fig[f].pos = o->at[i];
		s->fig[f].facing = o->facing[i];
		if (react) {
			r->in_react = g->actions; // IN.RMV.3 (ours): once to one enemy action
		} else {
			r->in_moved = g->actions + 1;
			r->in_dist = dist;
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

static tw_status validate_shoot(const tw_state *s, const tw_order *o, tw_error *err)
{
	LL_TRY(ll_in_card_action(s, o, true, err));
	const ll_game *g = LLG(s);
	bool react = s->phase == LL_PH_IN_SEIZE;
	if (o->nfig < 1 || o->nfig2 < 1)
		return tw_error_set(err, TW_ERR_INPUT, "IN.ACT.4", "a shooting action names the shooters and the enemy body");
	if (react && g->reacted[o->side]) // IN.SHT.1 (reading): once a side in a spell of enemy initiative
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SHT.1", "%s has shot reactively in this spell already",
				    s->sides[o->side].name);
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		if (!ll_fights(s, f) || s->fig[f].side != o->side || !ll_in_has_bow(s, f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.4", "figure %d is not one of %s's shooters on the table", f,
					    s->sides[o->side].name);
		for (int k = 0; k < i; k++)
			if (o->fig[k] == f)
				return tw_error_set(err, TW_ERR_INPUT, "IN.ACT.4", "figure %d is named twice", f);
		if (ll_fp_contact_enemy(s, f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.4", "figure %d is in melee", f);
	}
	for (int i = 0; i < o->nfig2; i++) {
		int t = o->fig2[i];
		if (!ll_fights(s, t) || s->fig[t].side == o->side)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.4", "figure %d is no enemy on the table", t);
	}
	if (!ll_fp_body(s, o->fig2, o->nfig2))
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.4", "the targets are not one enemy body");
	if (!react && !ll_fp_body(s, o->fig, o->nfig))
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.ACT.1", "the shooters are not one body");
	for (int i = 0; i < o->nfig; i++) {
		bool any = false;
		for (int k = 0; k < o->nfig2 && !any; k++)
			any = tw_ll_fp_shot_need(tw_dist(s->fig[o->fig[i]].pos, s->fig[o->fig2[k]].pos), false, react) > 0 &&
			      ll_sight(s, o->fig[i], o->fig2[k]);
		if (!any)
			return tw_error_set(err, TW_ERR_ILLEGAL, "FP.D7", "figure %d sees no target within 30 in", o->fig[i]);
	}
	if (!react && g->seize_kind) {
		if (g->seize_kind != 2)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.6", "the seize was not to fight: shooting is not the action declared");
		if (!listed(o, g->seize_fig))
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.6", "the seizing figure %d must take part", g->seize_fig);
	}
	if (react) { // IN.SHT.2: at the shooters who shot at us, or at enemies moving in the last action
		bool shot_at = g->last_kind == 2;
		int cap = 0;
		for (int k = 0; k < o->nfig2; k++) {
			const ll_frec *t = LLF(s, o->fig2[k]);
			if (shot_at && t->in_shot != g->actions)
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SHT.2", "shot at, the reactors shoot back at the shooters");
			if (!shot_at && t->in_moved != g->actions)
				return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SHT.2", "figure %d did not move in the last action",
						    o->fig2[k]);
			cap += tw_ll_in_reactors(t->in_dist); // IN.SHT.5: one reactor an inch moved
		}
		if (!shot_at && o->nfig > cap)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SHT.5", "%d reactors, at most %d for the inches moved", o->nfig, cap);
	}
	return TW_OK;
}

void ll_in_shot(tw_state *s, tw_events *ev, int side, int f, int t, int k, bool react)
{
	ll_du_attack(s, ev, f, t); // DU.16 (interpretation): shooting at a duellist on his own is cheating
	double range = tw_dist(s->fig[f].pos, s->fig[t].pos);
	int base = tw_ll_fp_shot_need(range, false, react); // FP.D7; IN.SHT.3, FP.12: reactive +1
	if (!base)
		return;
	int need = tw_ll_ms_need(base, k); // MS.2, MS.6: each later shooter at the target needs 1 more
	int d = tw_roll(s, ev, side, react ? "IN.SHT.3" : "FP.D7", 1, 10, NULL, NULL);
	if (!react)
		LLF(s, f)->in_shot = LLG(s)->actions + 1;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, side, k > 1 ? "MS.2" : "FP.D7");
	if (e) {
		e->a = f;
		e->b = t;
		e->c = d;
		e->d = need;
		e->v = range;
		tw_event_text(e, "%s shoots%s at %s, %.1f in: needs %d, rolls %d: %s", LLF(s, f)->name, react ? " reactively" : "",
			      LLF(s, t)->name, range, need, d, d >= need ? "a hit" : "a miss");
	}
	if (d >= need)
		ll_fp_wound(s, ev, t, s->fig[f].pos, true); // FP.D7: a hit goes to the wound table
}

void ll_in_counter(tw_state *s, tw_events *ev, int shooter_side)
{
	ll_game *g = LLG(s);
	int to = 1 - shooter_side;
	g->counters[to]++; // IN.TAC.2: one counter to the opponent a shooting action
	tw_event *e = tw_events_push(ev, TW_EV_INFO, to, "IN.TAC.2");
	if (e) {
		e->a = g->counters[to];
		tw_event_text(e, "%s holds %d shooting counter(s): +%d to seize", s->sides[to].name, g->counters[to],
			      2 * g->counters[to]);
	}
}

static tw_status apply_shoot(tw_state *s, const tw_order *o, tw_events *ev)
{
	bool react = s->phase == LL_PH_IN_SEIZE;
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i], t = -1;
		double range = 1e18;
		for (int k = 0; k < o->nfig2; k++) // IN.ACT.4: the nearest of the body he sees
			if (ll_fights(s, o->fig2[k]) && ll_sight(s, f, o->fig2[k]) &&
			    tw_dist(s->fig[f].pos, s->fig[o->fig2[k]].pos) < range) {
				range = tw_dist(s->fig[f].pos, s->fig[o->fig2[k]].pos);
				t = o->fig2[k];
			}
		if (t >= 0)
			ll_in_shot(s, ev, o->side, f, t, i + 1, react); // MS.6: the body is the target
	}
	if (react)
		LLG(s)->reacted[o->side] = 1; // IN.SHT.1
	else
		ll_in_counter(s, ev, o->side);
	return TW_OK;
}

static tw_status validate_fight(const tw_state *s, const tw_order *o, tw_error *err)
{
	LL_TRY(ll_in_card_action(s, o, false, err));
	const ll_game *g = LLG(s);
	if (o->nfig < 1)
		return tw_error_set(err, TW_ERR_INPUT, "IN.MEL.2", "name a man of the group that fights");
	for (int i = 0; i < o->nfig; i++)
		if (!ll_fights(s, o->fig[i]) || s->fig[o->fig[i]].side != o->side || !ll_fp_contact_enemy(s, o->fig[i]))
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.MEL.2", "figure %d is not one of %s's men in contact", o->fig[i],
					    s->sides[o->side].name);
	if (g->seize_kind && g->seize_kind != 2)
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.6", "the seize was not to fight");
	if (g->seize_kind && !listed(o, g->seize_fig))
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.6", "the seizing figure %d must take part", g->seize_fig);
	return TW_OK;
}

// ---- the seize (IN.SEIZE, IN.TAC, IN.RATE, IN.MEL.3) ----
static int leadership(const tw_state *s, int f)
{
	const ll_frec *r = LLF(s, f);
	int l = r->leader == 2 ? 2 : r->leader == 1 ? 1 : 0; // FP.D9: contingent leader Adequate 1, commander Good 2
	return l + ((r->traits & TW_LL_QUICK) ? 2 : 0);     // LT.1: Quick +2 on his initiative rolls
}

// IN.TAC.1: +2 if the named figure's body can reach melee within one move or shoot within medium range.
static bool sees_enemy(const tw_state *s, int f, int only)
{
	for (int j = 0; j < s->nfig; j++)
		if (ll_fights(s, j) && s->fig[j].side != s->fig[f].side && (only < 0 || j == only) && ll_sight(s, f, j))
			return true;
	return false;
}

static int tactical(const tw_state *s, int f, int side, int kind, bool card)
{
	int t = 2 * LLG(s)->counters[side]; // IN.TAC.2
	if (card)
		t += 4; // IN.TAC.5: seizing to carry out his order card
	// IN.TAC.3 (reading): an advance or a fight whose destination (the enemy; the card's enemy) he
	// cannot see: -2.
	if ((kind == 1 || kind == 2) && !sees_enemy(s, f, card ? LLF(s, f)->card_foe : -1))
		t -= 2;
	double near = nearest_enemy(s, f, s->fig[f].pos);
	bool close = near <= ll_fp_allowance(s, f) + LL_EPS;
	if (ll_in_has_bow(s, f))
		for (int j = 0; j < s->nfig && !close; j++)
			close = ll_fights(s, j) && s->fig[j].side != side && tw_dist(s->fig[f].pos, s->fig[j].pos) <= 20 + LL_EPS &&
				ll_sight(s, f, j);
	if (ll_fp_contact_enemy(s, f))
		return t - 4; // IN.TAC.4: engaged in melee (no IN.TAC.1 +2: he is engaged already, LL.EX.6)
	if (close)
		t += 2;
	return t;
}

// IN.MEL.3: a natural 1-3 on the seize die: every figure in base contact fights a melee round.
static void natural_melee(tw_state *s, tw_events *ev)
{
	int done[256], nd = 0;
	for (int f = 0; f < s->nfig && nd < 256; f++) {
		if (!ll_fights(s, f) || !ll_fp_contact_enemy(s, f))
			continue;
		bool seen = false;
		for (int k = 0; k < nd && !seen; k++)
			seen = ll_fights(s, done[k]) && (done[k] == f || ll_contact(s, done[k], f));
		if (seen)
			continue;
		done[nd++] = f;
		ll_fp_melee(s, ev, f, "IN.MEL.3");
	}
}

static tw_status validate_seize(const tw_state *s, const tw_order *o, tw_error *err)
{
	int f = o->nfig == 1 ? o->fig[0] : -1;
	if (f < 0 || !ll_fights(s, f) || s->fig[f].side != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.3", "name one of %s's men on the table", s->sides[o->side].name);
	if (o->n < 1 || o->n > 4)
		return tw_error_set(err, TW_ERR_INPUT, "IN.SEIZE.1", "the action must be 1 advance, 2 fight, 3 sight or 4 flee");
	if (o->n == 3 && LLF(s, f)->in_sight)
		return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.2", "figure %d has used a type-3 seize already", f);
	if (o->nval > 0 && o->val[0]) { // IN.CARD.2/4: a card names an enemy; the seize is to attack him
		int foe = LLF(s, f)->card_foe;
		if (!LLF(s, f)->card || !ll_fights(s, foe) || s->fig[foe].side == o->side)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.CARD.2", "figure %d holds no order card naming an enemy on the table", f);
		if (o->n != 1 && o->n != 2)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.CARD.4", "the card's order is to advance on or fight its enemy");
	}
	return TW_OK;
}

static void start_spell(tw_state *s, tw_events *ev, int side, const char *clause)
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

static tw_status apply_seize(tw_state *s, const tw_order *o, tw_events *ev, bool attempt)
{
	ll_game *g = LLG(s);
	int f = attempt ? o->fig[0] : -1;
	int d = tw_roll(s, ev, o->side, "IN.SEIZE.4", 1, 20, NULL, NULL);
	int need = 0, base = 0, lead = 0, tac = 0;
	if (attempt) {
		base = LLF(s, f)->rate ? LLF(s, f)->rate : tw_ll_fp_initiative_rate(ll_fp_qr(s, f)); // IN.RATE.1, FP.D9
		lead = leadership(s, f);                           // IN.RATE.2, FP.D9, LT.1
		tac = tactical(s, f, o->side, o->n, o->nval > 0 && o->val[0]); // IN.TAC
		need = tw_ll_in_seize_need(base, lead, tac);
	}
	bool won = attempt && d >= 4 && d >= need; // IN.SEIZE.4/5, LL.EX.6: a natural 1-3 fails
	tw_event *e = tw_events_push(ev, TW_EV_TOSS, o->side, attempt ? "IN.SEIZE.4" : "IN.SEIZE.5");
	if (e) {
		e->a = won ? o->side : s->mover;
		e->b = d;
		e->c = need;
		e->d = o->n;
		if (attempt)
			tw_event_text(e, "%s tries to seize with %s: 1d20 %d against %d (rate %d - leadership %d - tactical %d): %s",
				      s->sides[o->side].name, LLF(s, f)->name, d, need, base, lead, tac, won ? "seized" : "failed");
		else
			tw_event_text(e, "%s declines: 1d20 %d for the melee check", s->sides[o->side].name, d);
	}
	if (d <= 3)
		natural_melee(s, ev); // IN.MEL.3: before any action the seize allows
	if (ll_fp_victory(s, ev))
		return TW_OK;
	if (won) {
		g->seize_kind = o->n; // IN.SEIZE.6
		g->seize_fig = f;
		g->seize_card = o->nval > 0 && o->val[0]; // IN.CARD.4
		if (!ll_fights(s, f)) { // the named man fell in the melee check: the seize stands, free
			g->seize_kind = 0;
			g->seize_fig = -1;
			g->seize_card = 0;
		}
		start_spell(s, ev, o->side, "IN.SEIZE.6");
	} else {
		s->phase = LL_PH_IN_ACT; // IN.ACT.2: the active player acts again
	}
	return TW_OK;
}

// After each action: its consequences are resolved; victory; then the passive side is asked.
static tw_status after_action(tw_state *s, tw_events *ev, int kind)
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
	case LL_OT_MOVE: return validate_move(s, o, err);
	case LL_OT_SHOOT: return validate_shoot(s, o, err);
	case LL_OT_FIGHT: return validate_fight(s, o, err);
	case LL_OT_SEIZE: return validate_seize(s, o, err);
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
	start_spell(s, ev, first, "IN.ACT.6");
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

tw_status ll_in_apply(tw_state *s, const tw_order *o, tw_events *ev, tw_error *err)
{
	switch (o->type) {
	case LL_OT_START: return apply_start(s, ev);
	case LL_OT_MOVE:
		LL_TRY(apply_move(s, o, ev));
		if (s->phase == LL_PH_IN_SEIZE) { // a reactive move: the seat decides on
			ll_fp_victory(s, ev);
			return TW_OK;
		}
		if (o->nfig2) { // IN.MS.1: then they shoot at the body named, a shooting action
			LL_TRY(apply_shoot(s, o, ev));
			return after_action(s, ev, 2);
		}
		return after_action(s, ev, 1);
	case LL_OT_SHOOT:
		LL_TRY(apply_shoot(s, o, ev));
		if (s->phase != LL_PH_IN_SEIZE)
			return after_action(s, ev, 2);
		ll_fp_victory(s, ev); // a reactive shot: the seat decides on
		return TW_OK;
	case LL_OT_VOLLEY:
		LL_TRY(ll_in_apply_volley(s, o, ev));
		return after_action(s, ev, 2);
	case LL_OT_TOME:
		LL_TRY(ll_in_apply_tome(s, o, ev));
		return after_action(s, ev, 5);
	case LL_OT_FIGHT: // IN.MEL.2: a group fights a round as an action
		ll_fp_melee(s, ev, o->fig[0], "IN.MEL.2");
		return after_action(s, ev, 3);
	case LL_OT_SEIZE: return apply_seize(s, o, ev, true);
	case LL_OT_END:
		if (s->phase == LL_PH_IN_ACT) { // IN.ACT.6 (ours): a pass is an action in which nobody acts
			tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "IN.ACT.6");
			if (e)
				tw_event_text(e, "%s passes", s->sides[o->side].name);
			return after_action(s, ev, 0);
		}
		if (s->phase == LL_PH_IN_SEIZE)
			return apply_seize(s, o, ev, false); // IN.SEIZE.5: declined, rolled only for IN.MEL.3
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
tw_status ll_in_after_duel(tw_state *s, tw_events *ev) { return after_action(s, ev, 4); }
