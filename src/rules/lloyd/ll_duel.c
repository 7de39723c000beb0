// Nikolas Lloyd's skirmish suite: challenges and duels in play (DU). A knight leading a contingent
// challenges as his side's action (DU.2/3); the challenged seat accepts, sends a knight in his
// place (DU.7) or refuses (DU.4/6 with the traits of DU.8); an accepted duel is fought at once,
// round after round on 1d8 (DU.9/10, FP.D13); a wounded duellist's seat asks mercy or pulls out
// (DU.13/15) and the other seat grants or refuses it (DU.13/14). VPs and Morale as DU.5, DU.11-13.
#include <string.h>

#include "ll.h"

bool ll_du_knight(const tw_state *s, int f) { return ll_fp_qr(s, f) >= 3; } // DU.2 (interpretation)

static bool near_melee(const tw_state *s, int f)
{
	for (int j = 0; j < s->nfig; j++) // DU.3: not in combat, nor within 1 in of a man who is
		if (ll_fights(s, j) && ll_fp_contact_enemy(s, j) && (j == f || tw_figure_gap(&s->fig[f], &s->fig[j]) <= 1 + LL_EPS))
			return true;
	return false;
}

tw_status ll_du_validate(const tw_state *s, const tw_order *o, tw_error *err)
{
	const ll_game *g = LLG(s);
	if (o->type == LL_OT_CHALLENGE) {
		int a = o->nfig == 1 ? o->fig[0] : -1, b = o->nfig2 == 1 ? o->fig2[0] : -1;
		if (a < 0 || !ll_fights(s, a) || s->fig[a].side != o->side || !LLF(s, a)->leader || !ll_du_knight(s, a))
			return tw_error_set(err, TW_ERR_ILLEGAL, "DU.2", "only a knight (QR3+) who leads a contingent may challenge");
		if (b < 0 || !ll_fights(s, b) || s->fig[b].side == o->side)
			return tw_error_set(err, TW_ERR_ILLEGAL, "DU.3", "challenge one enemy man on the table");
		if (g->seize_kind)
			return tw_error_set(err, TW_ERR_ILLEGAL, "IN.SEIZE.6", "the declared action comes first");
		if (tw_figure_gap(&s->fig[a], &s->fig[b]) > 2 * ll_fp_allowance(s, a) + LL_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "DU.3", "figure %d is beyond two of the challenger's moves", b);
		if (near_melee(s, a) || near_melee(s, b))
			return tw_error_set(err, TW_ERR_ILLEGAL, "DU.3", "neither may be in combat or within 1 in of men who are");
		if (!ll_sight(s, a, b))
			return tw_error_set(err, TW_ERR_ILLEGAL, "DU.3", "the challenger must see him plainly");
		return TW_OK;
	}
	if (o->type == LL_OT_ACCEPT && s->phase == LL_PH_DU_ANSWER && o->nfig) {
		int k = o->fig[0]; // DU.7: any QR3 or better may accept in his place
		if (o->nfig != 1 || !ll_fights(s, k) || s->fig[k].side != o->side || !ll_du_knight(s, k) || near_melee(s, k))
			return tw_error_set(err, TW_ERR_ILLEGAL, "DU.7", "a substitute is one knight (QR3+) of the side, not in combat");
	}
	if (o->type == LL_OT_ACCEPT && s->phase == LL_PH_DU_SUB && o->nfig) // ll-gaps: DU.7
		return tw_error_set(err, TW_ERR_INPUT, "DU.7", "the challenger fights the substitute (accept) or declines (refuse): no men named");
	return TW_OK;
}

tw_status ll_du_challenge(tw_state *s, const tw_order *o, tw_events *ev)
{
	ll_game *g = LLG(s);
	int a = o->fig[0], b = o->fig2[0];
	g->du_a = a;
	g->du_b = b;
	g->du_wounded = -1;
	g->du_extra = 0;
	tw_event *e = tw_events_push(ev, TW_EV_DECISION, s->fig[b].side, "DU.2");
	if (e) {
		e->a = a;
		e->b = b;
		tw_event_text(e, "%s challenges %s", LLF(s, a)->name, LLF(s, b)->name);
	}
	if (!ll_du_knight(s, b)) // DU.4: honour requires challenging the best man of the group
		for (int j = 0; j < s->nfig; j++)
			if (ll_fights(s, j) && s->fig[j].side == s->fig[b].side && LLF(s, j)->cont == LLF(s, b)->cont &&
			    tw_figure_gap(&s->fig[j], &s->fig[b]) <= 4 + LL_EPS && ll_fp_qr(s, j) > ll_fp_qr(s, b)) {
				ll_fp_morale_tests(s, ev, LLF(s, a)->cont, 1, 3, "DU.4");
				break;
			}
	s->phase = LL_PH_DU_ANSWER;
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

// The duel is over; `win` (-1 none) is its winner, on his own until he reaches his friends (DU.16).
static void finish(tw_state *s, int win)
{
	ll_game *g = LLG(s);
	g->du_win = win >= 0 && ll_fights(s, win) ? win : -1;
	g->du_lost = win == g->du_a ? g->du_b : g->du_a;
	// ll-rest: DU.13's interpretation, DU.16: the other duellist going back on his own (after a
	// Retreat, pulling out or mercy) is still in the duel's keeping: none when nobody won.
	g->du_other1 = g->du_win >= 0 && g->du_lost >= 0 && ll_fights(s, g->du_lost) ? g->du_lost + 1 : 0;
	g->du_cheated1 = 0;
	g->du_cheat = -1;
	g->du_cheat_cont = -1;
	g->du_a = g->du_b = g->du_wounded = -1;
	g->du_extra = 0;
}

static bool among_friends(const tw_state *s, int f)
{
	for (int j = 0; j < s->nfig; j++) // DU.16 (interpretation): within 3 in of his own men
		if (j != f && ll_fights(s, j) && s->fig[j].side == s->fig[f].side && tw_figure_gap(&s->fig[j], &s->fig[f]) <= 3 + LL_EPS)
			return true;
	return false;
}

// DU.16: cheating is attacking the winner while he is still on his own, or sending others into
// the duel: ll-rest: men of either side who engage (or shoot at, the interpretation) the other
// duellist while he goes back on his own (DU.13's interpretation: the retiring knight cannot be
// attacked on the way). The cheating side loses 1 VP, once a duel.
void ll_du_attack(tw_state *s, tw_events *ev, int by, int victim)
{
	ll_game *g = LLG(s);
	bool winner = g->du_win >= 0 && victim == g->du_win;
	bool other = g->du_other1 > 0 && victim == g->du_other1 - 1; // ll-rest
	if ((!winner && !other) || s->fig[by].side == s->fig[victim].side || g->du_cheat >= 0)
		return;
	if (among_friends(s, victim))
		return;
	int side = s->fig[by].side;
	g->du_cheat = (int8_t)side; // DU.16: the cheating side loses 1 VP, once a duel
	g->du_cheat_cont = LLF(s, by)->cont;
	g->du_cheated1 = victim + 1;
	LLF(s, victim)->cheated = (int8_t)side; // ll-fin: DU.20, the campaign remembers who cheated him
	LLF(s, victim)->cheat_own1 = LLF(s, by)->owner >= 0 ? LLF(s, by)->owner + 1 : 0; // h6-camp: whose man
	g->vp[side] -= 1;
	tw_event *e = tw_events_push(ev, TW_EV_SCORE, side, "DU.16");
	if (e) {
		e->a = side;
		e->b = victim;
		e->v = -1;
		char who[80]; // h6-camp: CA.D2 by commander, with allies: the cheater's commander
		ll_ca_who(s, side, LLF(s, by)->owner, -1, -1, who, sizeof who);
		if (winner)
			tw_event_text(e, "%s attacks %s, the duel's winner, on his own: cheating, -1 VP%s", LLF(s, by)->name,
				      LLF(s, victim)->name, who);
		else
			tw_event_text(e, "%s is sent into the duel against %s, going back on his own: cheating, -1 VP%s",
				      LLF(s, by)->name, LLF(s, victim)->name, who);
	}
	// DU.17: his own contingent cheated first: the duellist of the cheating side becomes a Scoundrel
	int l = winner ? g->du_lost : g->du_win;
	if (l >= 0 && l < s->nfig && LLF(s, l)->cont == LLF(s, by)->cont && s->fig[l].side == side) {
		LLF(s, l)->traits = (LLF(s, l)->traits | TW_LL_SCOUNDREL) & ~(uint32_t)TW_LL_HONOURABLE; // LT.22
		e = tw_events_push(ev, TW_EV_INFO, side, "DU.17");
		if (e)
			tw_event_text(e, "%s's own contingent cheated first: he is a Scoundrel", LLF(s, l)->name);
	}
}

// DU.16/19: a duellist on his own reaches his friends (within 3 in): a cheated one earns his side
// +1 Morale and costs the cheats 1 (DU.19). ll-rest: the winner and the other duellist alike.
void ll_du_safety(tw_state *s, tw_events *ev)
{
	ll_game *g = LLG(s);
	int who[2] = {g->du_other1 - 1, g->du_win};
	for (int k = 0; k < 2; k++) {
		int w = who[k];
		if (w < 0 || w >= s->nfig)
			continue;
		if (ll_fights(s, w)) {
			if (!among_friends(s, w))
				continue;
			if (g->du_cheat >= 0 && (g->du_cheated1 == w + 1 || (k == 1 && g->du_cheated1 == 0))) {
				tw_event *e = tw_events_push(ev, TW_EV_INFO, s->fig[w].side, "DU.19");
				if (e)
					tw_event_text(e, "%s, cheated, reaches his friends", LLF(s, w)->name);
				ll_fp_morale_add(s, ev, LLF(s, w)->cont, 1, "DU.19");
				ll_fp_morale_add(s, ev, g->du_cheat_cont, -1, "DU.19");
			}
		}
		if (k == 0)
			g->du_other1 = 0;
		else
			g->du_win = -1;
	}
	if (g->du_win < 0 && g->du_other1 == 0)
		g->du_cheat = -1;
}

static void gain_test(tw_state *s, tw_events *ev, int c, const char *clause)
{
	int d = tw_roll(s, ev, ll_fp_side_of_cont(s, c), clause, 1, 6, NULL, NULL); // FP.D8: a test to gain, 4-6
	if (d >= 4)
		ll_fp_morale_add(s, ev, c, 1, clause);
}

// DU.5, DU.11, DU.12: the awards when `w` makes `l` Retreat (retreat) or kills him.
static void award(tw_state *s, tw_events *ev, int w, int l, bool killed)
{
	ll_game *g = LLG(s);
	int cw = LLF(s, w)->cont, cl = LLF(s, l)->cont, sw = s->fig[w].side;
	bool kw = ll_du_knight(s, w), kl = ll_du_knight(s, l);
	if (kw && kl) {
		g->vp[sw] += killed ? 3 : 1; // DU.12: 3 VP; DU.11: 1 VP
		ll_fp_morale_add(s, ev, cw, 1, killed ? "DU.12" : "DU.11");
		if (!killed)
			ll_fp_morale_add(s, ev, cl, -1, "DU.11"); // DU.12's usual penalty came with the death
		tw_event *e = tw_events_push(ev, TW_EV_SCORE, sw, killed ? "DU.12" : "DU.11");
		if (e) {
			e->a = sw;
			e->v = killed ? 3 : 1;
			char who[80]; // h6-camp: CA.D2 by commander, with allies
			ll_ca_who(s, sw, LLF(s, w)->owner, s->fig[l].side, LLF(s, l)->owner, who, sizeof who);
			tw_event_text(e, "%s %s %s: %d VP%s", LLF(s, w)->name, killed ? "kills" : "sends back", LLF(s, l)->name,
				      killed ? 3 : 1, who);
		}
	} else if (kw) {
		gain_test(s, ev, cw, "DU.5"); // DU.5: the knight's victory: one test to gain
	} else if (kl) {
		ll_fp_morale_tests(s, ev, cl, 2, 3, "DU.5"); // DU.5: the knight's failure: two more tests
	}
}

// DU.9/10: rounds at once until one is decisive (one round only after mercy refused, DU.14).
static tw_status fight(tw_state *s, tw_events *ev)
{
	ll_game *g = LLG(s);
	int f[2] = {g->du_a, g->du_b};
	bool extra = g->du_extra;
	int asked = g->du_wounded;
	for (int round = 0; round < 200; round++) {
		int tot[2], roll[2];
		for (int k = 0; k < 2; k++) {
			const ll_frec *r = LLF(s, f[k]);
			int d4 = (r->traits & TW_LL_UNKNOWABLE) ? tw_roll(s, ev, s->fig[f[k]].side, "LT.17", 1, 4, NULL, NULL) : 0;
			bool foot = !LLF(s, f[1 - k])->mounted;
			tw_ll_fp_side sd = {.qr = r->qr ? r->qr : 2, .traits = r->traits, .wounded = r->wounded,
					    .mounted_vs_foot = r->mounted && foot, .horseman_mounted = r->mounted && (r->traits & TW_LL_HORSEMAN),
					    .obstacle_or_uphill = ll_fp_holds(s, f[k], f[1 - k])}; // FP.D13, FP.D3 (ll-gaps)
			roll[k] = tw_roll(s, ev, s->fig[f[k]].side, "DU.9", 1, 8, NULL, NULL); // DU.9: 1d8, no natural-1 loss
			tot[k] = roll[k] + tw_ll_fp_factors(&sd, d4, true);                    // FP.D13
		}
		int w = tot[0] > tot[1] ? 0 : 1, margin = tot[w] - tot[1 - w];
		int res = tot[0] == tot[1] ? 0 : tw_ll_fp_margin(margin);
		tw_event *e = tw_events_push(ev, TW_EV_MELEE, s->fig[f[0]].side, "DU.10");
		if (e) {
			e->a = f[0];
			e->b = tot[0];
			e->c = tot[1];
			e->d = res ? w : -1;
			tw_event_text(e, "duel round: %s %d (d8 %d) against %s %d (d8 %d): %s", LLF(s, f[0])->name, tot[0], roll[0],
				      LLF(s, f[1])->name, tot[1], roll[1],
				      res == 0 ? "no result" : res == 1 ? "a push-back, the winner follows up" : "to the wound table");
		}
		if (res <= 1) {
			if (extra) { // DU.14: an indecisive extra round ends the duel with no duel award
				finish(s, -1);
				return ll_in_after_duel(s, ev);
			}
			continue; // DU.10: a push-back separates them, the winner follows up
		}
		int win = f[w], lose = f[1 - w];
		int out = ll_fp_wound(s, ev, lose, s->fig[win].pos, false); // FP.D6
		// DU.14: after mercy refused, the refuser who wins gets only the ordinary gains.
		bool awards = !extra || win == asked;
		if (out == 2) {
			ll_fp_push(s, lose, s->fig[win].pos, 2 * ll_fp_allowance(s, lose)); // FP.10: Retreat
			if (awards)
				award(s, ev, win, lose, false); // DU.11, DU.5
		} else if (out == 0 || !ll_fights(s, lose)) {
			if (awards && s->fig[lose].status == TW_FS_DEAD)
				award(s, ev, win, lose, true); // DU.12, DU.5
		} else if (!extra) { // DU.13: the wounded duellist may ask for mercy
			g->du_wounded = lose;
			s->phase = LL_PH_DU_MERCY;
			return ev->failed ? TW_ERR_NOMEM : TW_OK;
		}
		finish(s, win);
		return ll_in_after_duel(s, ev);
	}
	finish(s, -1);
	return ll_in_after_duel(s, ev);
}

static tw_status refuse(tw_state *s, tw_events *ev)
{
	ll_game *g = LLG(s);
	int a = g->du_a, b = g->du_b, cb = LLF(s, b)->cont;
	uint32_t ta = ll_traits_vs(s, a, b), tb = ll_traits_vs(s, b, a); // ll-fin: DU.20's grudge counts
	tw_event *e = tw_events_push(ev, TW_EV_INFO, s->fig[b].side, "DU.6");
	if (e)
		tw_event_text(e, "%s refuses %s's challenge", LLF(s, b)->name, LLF(s, a)->name);
	if (ll_du_knight(s, b)) { // DU.4: a non-knight refuses without penalty
		bool again = g->du_refused[cb] == a, roll = true;
		if (again) { // DU.6: later refusals of the same challenger: the roll only on 1d6 5-6
			int d = tw_roll(s, ev, s->fig[b].side, "DU.6", 1, 6, NULL, NULL);
			roll = d >= 5;
		}
		if (roll) {
			int n = 1, top = 3;
			const char *why = "DU.6";
			if (ta & TW_LL_HONOURABLE)
				n = 2, why = "LT.7"; // LT.7: two Morale tests
			if (ta & TW_LL_CUNNING)
				n = 3, why = "LT.2"; // LT.2 under Type III: Taunt, three rolls
			if ((tb & TW_LL_TIMID) && n < 2)
				n = 2, why = "LT.11"; // LT.11: two rolls when he turns one down
			if (ta & TW_LL_SCOUNDREL)
				top = 1; // LT.6: a refuser of a Scoundrel fails only on 1
			else if (tb & TW_LL_SCOUNDREL)
				top = 2; // LT.6: a Scoundrel's own refusal fails on 1-2
			ll_fp_morale_tests(s, ev, cb, n, top, why);
		}
		g->du_refused[cb] = a;
	}
	finish(s, -1);
	return ll_in_after_duel(s, ev);
}

static tw_status grant(tw_state *s, tw_events *ev)
{
	ll_game *g = LLG(s);
	int w = g->du_wounded, m = w == g->du_a ? g->du_b : g->du_a;
	g->vp[s->fig[m].side] += 2; // DU.13: the merciful knight gains 2 VP
	ll_frec *r = LLF(s, m);
	if (r->traits & TW_LL_SCOUNDREL)
		r->traits &= ~(uint32_t)TW_LL_SCOUNDREL; // DU.13, LT.22: he drops Scoundrel
	else
		r->traits |= TW_LL_HONOURABLE; // or becomes Honourable
	tw_event *e = tw_events_push(ev, TW_EV_SCORE, s->fig[m].side, "DU.13");
	if (e) {
		e->a = s->fig[m].side;
		e->v = 2;
		char who[80]; // h6-camp: CA.D2 by commander, with allies
		ll_ca_who(s, s->fig[m].side, r->owner, s->fig[w].side, LLF(s, w)->owner, who, sizeof who);
		tw_event_text(e, "%s grants %s mercy: 2 VP; %s goes back to his lines%s", r->name, LLF(s, w)->name, LLF(s, w)->name,
			      who);
	}
	ll_fp_morale_tests(s, ev, LLF(s, w)->cont, 2, 3, "DU.13"); // the wounded knight's side rolls twice
	ll_fp_push(s, w, s->fig[m].pos, 2 * ll_fp_allowance(s, w));
	finish(s, m);
	return ll_in_after_duel(s, ev);
}

// A place for duellist f at p: free, and at least 3 in from every friend (DU.9).
static bool clear_of_friends(const tw_state *s, int f, int other, tw_vec2 p)
{
	if (!ll_place_free(s, f, p))
		return false;
	for (int j = 0; j < s->nfig; j++)
		if (j != f && j != other && ll_fights(s, j) && s->fig[j].side == s->fig[f].side &&
		    tw_dist(p, s->fig[j].pos) - s->fig[j].radius - s->fig[f].radius < 3 - LL_EPS)
			return false;
	return true;
}

// DU.9 (interpretation): the two are placed in contact midway between them, moved as needed
// (along the perpendicular, half an inch at a time up to 12 in either way) so that each is 3 in or
// more from every friend; where no such place is found the challenger comes into contact with him.
static void place(tw_state *s, tw_events *ev)
{
	ll_game *g = LLG(s);
	tw_figure *a = &s->fig[g->du_a], *b = &s->fig[g->du_b];
	tw_vec2 d = tw_sub(b->pos, a->pos);
	double len = tw_len(d);
	tw_vec2 u = len > LL_EPS ? tw_scale(d, 1 / len) : tw_v2(0, 1), n = tw_v2(-u.y, u.x);
	tw_vec2 mid = tw_scale(tw_add(a->pos, b->pos), 0.5);
	bool placed = false;
	for (int k = 0; k <= 48 && !placed; k++) {
		double off = (k % 2 ? 1 : -1) * 0.5 * ((k + 1) / 2);
		tw_vec2 c = tw_add(mid, tw_scale(n, off));
		tw_vec2 pa = tw_sub(c, tw_scale(u, a->radius)), pb = tw_add(c, tw_scale(u, b->radius));
		tw_vec2 olda = a->pos, oldb = b->pos;
		a->pos = tw_v2(-1e6, -1e6); // out of each other's way while the places are tried
		b->pos = tw_v2(-1e6, -1e6);
		placed = clear_of_friends(s, g->du_a, g->du_b, pa) && clear_of_friends(s, g->du_b, g->du_a, pb);
		a->pos = placed ? pa : olda;
		b->pos = placed ? pb : oldb;
	}
	if (!placed && len > a->radius + b->radius + LL_EPS) { // the challenger comes to him
		tw_vec2 p = tw_sub(b->pos, tw_scale(u, a->radius + b->radius));
		if (ll_place_free(s, g->du_a, p))
			a->pos = p;
	}
	tw_event *e = tw_events_push(ev, TW_EV_INFO, b->side, "DU.9");
	if (e) {
		e->a = g->du_a;
		e->b = g->du_b;
		e->c = placed;
		tw_event_text(e, "%s accepts: the duel is fought%s", LLF(s, g->du_b)->name,
			      placed ? " midway, clear of friends" : " where the challenger reaches him");
	}
}

tw_status ll_du_apply(tw_state *s, const tw_order *o, tw_events *ev)
{
	ll_game *g = LLG(s);
	switch (s->phase) {
	case LL_PH_DU_ANSWER:
		if (o->type == LL_OT_REFUSE)
			return refuse(s, ev);
		if (o->nfig && o->fig[0] != g->du_b) { // DU.7: a knight accepts in his place; one Morale test
			ll_fp_morale_tests(s, ev, LLF(s, g->du_b)->cont, 1, 3, "DU.7");
			g->du_b = o->fig[0];
			// ll-gaps: DU.7: the challenger's seat fights him or declines him
			tw_event *e = tw_events_push(ev, TW_EV_DECISION, s->fig[g->du_a].side, "DU.7");
			if (e) {
				e->a = g->du_a;
				e->b = g->du_b;
				tw_event_text(e, "%s accepts in his place: %s fights him or declines", LLF(s, g->du_b)->name,
					      LLF(s, g->du_a)->name);
			}
			s->phase = LL_PH_DU_SUB;
			return ev->failed ? TW_ERR_NOMEM : TW_OK;
		}
		place(s, ev);
		return fight(s, ev);
	case LL_PH_DU_SUB: // ll-gaps: DU.7
		if (o->type == LL_OT_REFUSE) { // he declines the substitute: two Morale rolls for his own contingent
			tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "DU.7");
			if (e) {
				e->a = g->du_a;
				e->b = g->du_b;
				tw_event_text(e, "%s declines to fight %s: two Morale rolls for his contingent; no duel",
					      LLF(s, g->du_a)->name, LLF(s, g->du_b)->name);
			}
			ll_fp_morale_tests(s, ev, LLF(s, g->du_a)->cont, 2, 3, "DU.7");
			finish(s, -1);
			return ll_in_after_duel(s, ev);
		}
		place(s, ev);
		return fight(s, ev);
	case LL_PH_DU_MERCY:
		if (o->type == LL_OT_MERCY) {
			int m = g->du_wounded == g->du_a ? g->du_b : g->du_a;
			if (ll_traits_vs(s, m, g->du_wounded) & TW_LL_HONOURABLE) { // LT.7 (DU.20): he must show mercy
				tw_event *e = tw_events_push(ev, TW_EV_INFO, s->fig[m].side, "LT.7");
				if (e)
					tw_event_text(e, "%s is Honourable: mercy is granted", LLF(s, m)->name);
				return grant(s, ev);
			}
			s->phase = LL_PH_DU_GRANT;
			return TW_OK;
		}
		{ // DU.15: he pulls out wounded, which counts as a Retreat
			int w = g->du_wounded, m = w == g->du_a ? g->du_b : g->du_a;
			ll_fp_push(s, w, s->fig[m].pos, 2 * ll_fp_allowance(s, w));
			award(s, ev, m, w, false);
			finish(s, m);
			return ll_in_after_duel(s, ev);
		}
	case LL_PH_DU_GRANT:
		if (o->type == LL_OT_ACCEPT)
			return grant(s, ev);
		g->du_extra = 1; // DU.14: one more round
		return fight(s, ev);
	default: return TW_ERR_ILLEGAL;
	}
}
