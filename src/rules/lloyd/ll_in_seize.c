// Nikolas Lloyd's skirmish suite, Type III: seizing the initiative. The passive side names a figure
// and an action (IN.SEIZE.1/3); 1d20 + leadership (IN.RATE.2, FP.D9, LT.1) + tactical factors
// (IN.TAC) >= his base rate (IN.RATE.1) takes it (IN.SEIZE.4), a natural 1-3 never does and sets
// off a melee round for every man in contact (IN.MEL.3); a decline rolls for that check alone.
#include "ll.h"

// ---- the seize (IN.SEIZE, IN.TAC, IN.RATE, IN.MEL.3) ----
static int leadership(const tw_state *s, int f) { return ll_in_leadership(s, f); } // IN.RATE.2, FP.D9, LT.1 (ll_gaps.c)

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
	double near = ll_in_nearest_enemy(s, f, s->fig[f].pos);
	bool close = near <= ll_fp_allowance(s, f) + LL_EPS;
	if (ll_in_has_bow(s, f))
		for (int j = 0; j < s->nfig && !close; j++)
			close = ll_fights(s, j) && s->fig[j].side != side && tw_dist(s->fig[f].pos, s->fig[j].pos) <= 20 + LL_EPS &&
				ll_fp_sight(s, f, j, NULL);
	if (ll_fp_contact_enemy(s, f) && !ll_breaks_off(s, f)) // issue 16: not across a barricade
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

int ll_in_seize_need(const tw_state *s, int f, int kind, bool card)
{
	int base = LLF(s, f)->rate ? LLF(s, f)->rate : tw_ll_fp_initiative_rate(ll_fp_qr(s, f)); // IN.RATE.1, FP.D9
	return tw_ll_in_seize_need(base, leadership(s, f), tactical(s, f, s->fig[f].side, kind, card)); // IN.SEIZE.4
}

tw_status ll_in_validate_seize(const tw_state *s, const tw_order *o, tw_error *err)
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
		LL_TRY(ll_in_card_condition(s, f, err)); // ll-fin: IN.CARD.3, "when X happens, do Y"
	}
	return TW_OK;
}

tw_status ll_in_apply_seize(tw_state *s, const tw_order *o, tw_events *ev, bool attempt)
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
		ll_in_start_spell(s, ev, o->side, "IN.SEIZE.6");
	} else {
		s->phase = LL_PH_IN_ACT; // IN.ACT.2: the active player acts again
		// ll-reg: each action is a game move (s->move_no): it opens as one, so that pictures and
		// reports of a log have every action, not only the spells of initiative.
		tw_event *ms = tw_events_push(ev, TW_EV_MOVE_START, s->mover, "IN.ACT.2");
		if (ms) {
			ms->a = g->actions + 1;
			ms->b = s->mover;
			tw_event_text(ms, "action %d: %s acts again", g->actions + 1, s->sides[s->mover].name);
		}
	}
	return TW_OK;
}

