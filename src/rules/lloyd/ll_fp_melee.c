// Nikolas Lloyd's skirmish suite: the fast-play melee round of a cluster in contact (FP.D3-FP.D5,
// FP.8/9) with the traits that act in it (LT.8/9/10/14/15/17/18), and the wound table (FP.D6,
// LT.3/12/13/16).
#include <string.h>

#include "ll.h"

// LT.8, LT.9: a Retreat on a Stalwart man becomes a Push-back; on a man whose Inspirational
// contingent leader is within 4 in, on 1d6 5-6.
static bool retreat_holds(tw_state *s, tw_events *ev, int f)
{
	const ll_frec *r = LLF(s, f);
	if (r->traits & TW_LL_STALWART) {
		tw_event *e = tw_events_push(ev, TW_EV_INFO, s->fig[f].side, "LT.8");
		if (e)
			tw_event_text(e, "%s is Stalwart: his Retreat is a Push-back", r->name);
		return false;
	}
	for (int j = 0; j < s->nfig; j++)
		if (j != f && ll_fights(s, j) && LLF(s, j)->leader && LLF(s, j)->cont == r->cont &&
		    (LLF(s, j)->traits & TW_LL_INSPIRATIONAL) && tw_dist(s->fig[j].pos, s->fig[f].pos) <= 4 + LL_EPS) {
			int d = tw_roll(s, ev, s->fig[f].side, "LT.9", 1, 6, NULL, NULL);
			tw_event *e = tw_events_push(ev, TW_EV_INFO, s->fig[f].side, "LT.9");
			if (e)
				tw_event_text(e, "%s is Inspirational: %d, %s", LLF(s, j)->name, d,
					      d >= 5 ? "the Retreat is a Push-back" : "the Retreat stands");
			return d < 5;
		}
	return true;
}

static void result(tw_state *s, tw_events *ev, int f, tw_vec2 from, bool retreat, const char *clause)
{
	if (retreat && !retreat_holds(s, ev, f))
		retreat = false;
	double dist = retreat ? 2 * ll_fp_allowance(s, f) : 2 * s->fig[f].radius; // FP.10: two full moves / a base depth
	ll_fp_push(s, f, from, dist);
	tw_event *e = tw_events_push(ev, TW_EV_MOVE, s->fig[f].side, clause);
	if (e) {
		e->a = f;
		e->x = s->fig[f].pos.x;
		e->y = s->fig[f].pos.y;
		tw_event_text(e, "%s %s", LLF(s, f)->name, retreat ? "retreats two moves" : "is pushed back a base depth");
	}
}

int ll_fp_wound(tw_state *s, tw_events *ev, int f, tw_vec2 from, bool apply_retreat)
{
	ll_frec *r = LLF(s, f);
	int qr = tw_ll_fp_wound_qr(ll_fp_qr(s, f), r->traits); // FP.D6, LT.13/18
	int d = tw_roll(s, ev, s->fig[f].side, "FP.D6", 1, 10, NULL, NULL);
	int res = tw_ll_fp_wound(d + qr);
	if ((r->traits & TW_LL_LUCKY) && r->lucky < 3 && (res == 0 || (res == 1 && r->wounded))) {
		// LT.3 (ours: used at once on a roll that would kill him): a reroll, never twice for one roll
		r->lucky++;
		tw_event *l = tw_events_push(ev, TW_EV_INFO, s->fig[f].side, "LT.3");
		if (l) {
			l->a = f;
			l->b = r->lucky;
			tw_event_text(l, "%s is Lucky: he rerolls his %d (reroll %d of 3)", r->name, d, r->lucky);
		}
		d = tw_roll(s, ev, s->fig[f].side, "LT.3", 1, 10, NULL, NULL);
		res = tw_ll_fp_wound(d + qr);
	}
	tw_event *e = tw_events_push(ev, TW_EV_INFO, s->fig[f].side, "FP.D6");
	if (e) {
		e->a = f;
		e->b = d;
		e->c = res;
		tw_event_text(e, "%s on the wound table: %d + QR%d = %d, %s", r->name, d, qr, d + qr,
			      res == 0 ? "killed" : res == 1 ? "wounded" : "retreat");
	}
	if (res == 1 && r->wounded)
		res = 0; // FP.D6: a wound on a wounded man kills him
	if (res == 0) {
		ll_fp_killed(s, ev, f, "FP.D6", true);
		return s->fig[f].status == TW_FS_DEAD ? 0 : 1; // LT.12: his horse only: he fights on
	}
	if (res == 1) {
		r->wounded = 1;
		if (r->traits & TW_LL_HALF_HEARTED) { // LT.16: once wounded he routs off the table
			s->fig[f].status = TW_FS_OFF;
			e = tw_events_push(ev, TW_EV_WITHDRAW, s->fig[f].side, "LT.16");
			if (e) {
				e->a = f;
				tw_event_text(e, "%s is Half-hearted: wounded, he routs off the table", r->name);
			}
		}
		if (r->leader || ll_fp_qr(s, f) >= 3) // FP.D8: a leader or knight wounded: one test
			ll_fp_morale_tests(s, ev, r->cont, 1, 3, "FP.D8");
		return 1;
	}
	if (apply_retreat && ll_fights(s, f))
		result(s, ev, f, from, true, "FP.D6");
	return 2;
}

// The cluster in contact with `seed` (FP.D3): linked through contacts between enemies (at most
// LL_MAX_CLUSTER men: an engine limit far above any table).
#define LL_MAX_CLUSTER 256
static int cluster(const tw_state *s, int seed, int *out)
{
	int n = 0;
	out[n++] = seed;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < s->nfig && n < LL_MAX_CLUSTER; j++) {
			if (!ll_fights(s, j) || s->fig[j].side == s->fig[out[i]].side || !ll_contact(s, out[i], j))
				continue;
			bool have = false;
			for (int k = 0; k < n && !have; k++)
				have = out[k] == j;
			if (!have)
				out[n++] = j;
		}
	return n;
}

static int pick(tw_state *s, tw_events *ev, int side, const int *c, int n, int want, const char *clause)
{
	int list[LL_MAX_CLUSTER], m = 0;
	for (int i = 0; i < n; i++)
		if (s->fig[c[i]].side == want && ll_fights(s, c[i]))
			list[m++] = c[i];
	if (m == 0)
		return -1;
	if (m == 1)
		return list[0];
	return list[tw_roll(s, ev, side, clause, 1, m, NULL, NULL) - 1]; // FP.9: which man is random
}

void ll_fp_melee(tw_state *s, tw_events *ev, int seed, const char *clause)
{
	if (!ll_fights(s, seed))
		return;
	int c[LL_MAX_CLUSTER];
	int n = cluster(s, seed, c);
	if (n < 2)
		return;
	int side[2] = {s->fig[seed].side, s->fig[c[1]].side}, fac[2] = {0, 0}, best[2] = {-1, -1};
	for (int k = 0; k < 2; k++) {
		int support = 0;
		for (int i = 0; i < n; i++) { // FP.D3: +1 an extra friend touching the same enemy, at most +2
			if (s->fig[c[i]].side == side[k])
				continue;
			int t = 0;
			for (int j = 0; j < n; j++)
				t += s->fig[c[j]].side == side[k] && ll_contact(s, c[i], c[j]);
			if (t - 1 > support)
				support = t - 1;
		}
		for (int i = 0; i < n; i++) {
			int f = c[i];
			if (s->fig[f].side != side[k])
				continue;
			const ll_frec *r = LLF(s, f);
			bool foot_foe = false, flank = false, holds = false;
			for (int j = 0; j < n; j++)
				if (s->fig[c[j]].side != side[k] && ll_contact(s, f, c[j])) {
					foot_foe |= !LLF(s, c[j])->mounted;
					flank |= !ll_in_arc(s, c[j], s->fig[f].pos); // FP.D3: a flank or rear
					holds |= ll_fp_holds(s, f, c[j]);           // FP.D3: an obstacle or uphill (ll-gaps)
				}
			int d4 = 0;
			if (r->traits & TW_LL_UNKNOWABLE) // LT.17: his melee QR is 1d4 each round
				d4 = tw_roll(s, ev, side[k], "LT.17", 1, 4, NULL, NULL);
			tw_ll_fp_side sd = {.qr = r->qr ? r->qr : 2, .traits = r->traits, .wounded = r->wounded, .support = support,
					    .mounted_vs_foot = r->mounted && foot_foe,
					    .horseman_mounted = r->mounted && (r->traits & TW_LL_HORSEMAN), .flank_or_rear = flank,
					    .obstacle_or_uphill = holds};
			int v = tw_ll_fp_factors(&sd, d4, false); // FP.D3, LT.12/14/17/18
			if (best[k] < 0 || v > fac[k]) {
				fac[k] = v;
				best[k] = f;
			}
		}
	}
	int roll[2];
	for (int k = 0; k < 2; k++)
		roll[k] = tw_roll(s, ev, side[k], "FP.D3", 1, 10, NULL, NULL);
	int tot[2] = {roll[0] + fac[0], roll[1] + fac[1]};
	tw_event *e = tw_events_push(ev, TW_EV_MELEE, side[0], clause);
	if (e) {
		e->a = seed;
		e->b = tot[0];
		e->c = tot[1];
		e->d = tot[0] > tot[1] ? 0 : tot[1] > tot[0] ? 1 : -1;
		tw_event_text(e, "melee round: %s %d + %d = %d against %s %d + %d = %d", s->sides[side[0]].name, roll[0], fac[0],
			      tot[0], s->sides[side[1]].name, roll[1], fac[1], tot[1]);
	}
	for (int k = 0; k < 2; k++)
		if (tw_ll_fp_natural_loss(roll[k], false)) { // FP.8, FP.D4: a natural 1 loses a figure, even winning
			int f = pick(s, ev, side[k], c, n, side[k], "FP.D4");
			if (f >= 0)
				ll_fp_killed(s, ev, f, "FP.D4", true);
		}
	if (tot[0] == tot[1])
		return; // FP.D3: equal totals, no result
	int w = tot[0] > tot[1] ? 0 : 1, margin = tot[w] - tot[1 - w], res = tw_ll_fp_margin(margin);
	tw_vec2 from = s->fig[best[w]].pos;
	bool terrible = (LLF(s, best[w])->traits & TW_LL_TERRIBLE) && ll_fights(s, best[w]);
	e = tw_events_push(ev, TW_EV_INFO, side[w], "FP.D5");
	if (e) {
		e->a = margin;
		e->b = res;
		tw_event_text(e, "%s win by %d: %s", s->sides[side[w]].name, margin,
			      res == 1 ? "the losers are pushed back" : res == 2 ? "one to the wound table, the rest pushed back"
										 : "one to the wound table, the rest retreat");
	}
	// LT.10: a Rash winner always follows up the Push-backs he inflicts on the men he fights.
	bool rash = (ll_traits_vs(s, best[w], best[1 - w]) & TW_LL_RASH) && ll_fights(s, best[w]); // ll-fin: DU.20's grudge too
	int followed = -1;
	tw_vec2 was = {0, 0};
	// FP.D5: a melee of an action (a charge, IN.MEL.1, or a fight, IN.MEL.2) offers the winner his
	// follow-up; reactive and IN.MEL.3 rounds do not (ours: they come between decisions).
	bool offer = !strcmp(clause, "IN.MEL.1") || !strcmp(clause, "IN.MEL.2");
	int hit = res >= 2 ? pick(s, ev, side[1 - w], c, n, side[1 - w], "FP.D5") : -1;
	if (hit >= 0)
		ll_fp_wound(s, ev, hit, from, true);
	for (int i = 0; i < n; i++) {
		int f = c[i];
		if (f == hit || s->fig[f].side != side[1 - w] || !ll_fights(s, f))
			continue;
		bool retreat = res == 3;
		if (!retreat && terrible && ll_contact(s, f, best[w])) { // LT.15: his Push-back is a Retreat
			retreat = true;
			e = tw_events_push(ev, TW_EV_INFO, side[w], "LT.15");
			if (e)
				tw_event_text(e, "%s is Terrible: %s retreats", LLF(s, best[w])->name, LLF(s, f)->name);
		}
		bool touching = rash && followed < 0 && ll_contact(s, f, best[w]);
		if (touching)
			was = s->fig[f].pos;
		if (offer && res == 1 && !retreat) { // FP.D5: the winners touching him may follow up
			for (int k = 0; k < n; k++)
				if (s->fig[c[k]].side == side[w] && ll_fights(s, c[k]) && ll_contact(s, c[k], f)) {
					LLF(s, c[k])->in_follow = LLG(s)->actions + 1;
					if (LLG(s)->follow_side < 0)
						LLG(s)->follow_side = (int8_t)side[w];
				}
			LLF(s, f)->in_pushed = LLG(s)->actions + 1;
		}
		result(s, ev, f, from, retreat, retreat ? "FP.D5" : "FP.10");
		if (touching && !retreat && ll_fights(s, f))
			followed = f;
	}
	if (followed >= 0) {
		tw_vec2 to = tw_add(s->fig[best[w]].pos, tw_sub(s->fig[followed].pos, was));
		if (ll_place_free(s, best[w], to) && ll_path_clear(s, s->fig[best[w]].pos, to)) {
			s->fig[best[w]].pos = to;
			e = tw_events_push(ev, TW_EV_MOVE, side[w], "LT.10");
			if (e) {
				e->a = best[w];
				e->x = to.x;
				e->y = to.y;
				tw_event_text(e, "%s is Rash: he follows up", LLF(s, best[w])->name);
			}
		}
	}
}

