// Nikolas Lloyd's skirmish suite: the melee phase (NQ.TURN.3): every engaged pair rolls an
// opposed d20 contest (NQ.MEL), one attack roll a man and defence rolls against the others
// (NQ.ATK), reach and closing (NQ.RCH), neighbours in a group (NQ.GRP.2), shields facing the
// attack-roll target (NQ.SHD.3), X-factor (NQ.WPN.1), damage applied together (NQ.DMG.3).
#include <math.h>
#include <string.h>

#include "ll.h"

typedef struct pend {
	int victim, by, hits; ///< damage: victim, winner, hits; or a close: victim -1, by closes with hits
	tw_vec2 from;
} pend;

// NQ.ATK.5: his chosen foe, or the one most directly to his front (ties: the lowest id).
// s25-three2: not static (ll.h), the three-fight general asks it too.
int ll_attack_target(const tw_state *s, int f)
{
	int aim = LLF(s, f)->aim;
	if (aim >= 0 && aim < s->nfig && ll_engaged(s, f, aim))
		return aim;
	int best = -1;
	double bd = -2;
	tw_vec2 dir = tw_dir_deg(s->fig[f].facing);
	for (int j = ll_engaged_next(s, f, 0); j >= 0; j = ll_engaged_next(s, f, j + 1)) { // (ll-nq2)
		tw_vec2 v = tw_sub(s->fig[j].pos, s->fig[f].pos);
		double len = tw_len(v), c = len > LL_EPS ? tw_dot(dir, v) / len : 1;
		if (c > bd + 1e-12)
			bd = c, best = j;
	}
	return best;
}

static bool may_damage(const tw_state *s, int a, int b, const int *target)
{
	const ll_frec *r = LLF(s, a);
	int ra = ll_melee_reach(s, a), rb = ll_melee_reach(s, b);
	if (target[a] != b || r->no_attack == LLG(s)->turn)
		return false; // NQ.ATK.2: a defence roll; NQ.ATK.4: no attack roll this turn
	if (!ll_contact(s, a, b)) // NQ.RCH.2: from reach distance only the long weapon hurts
		return ra == TW_LL_LONG && tw_figure_gap(&s->fig[a], &s->fig[b]) <= r->r[ll_row(s, a)][0] + LL_EPS;
	return ra >= rb || ll_closed(s, a, b); // NQ.RCH.3
}

static int need_against(const tw_state *s, int a, int b)
{
	const ll_frec *r = LLF(s, a), *q = LLF(s, b);
	int ka = ll_row(s, a), kb = ll_row(s, b);
	tw_ll_melee_in in = {
		.w = r->w[ka], .x = r->x[ka], .foe_x = q->x[kb], .foe_s = q->s,
		.in_arc = ll_in_arc(s, b, s->fig[a].pos), .neighbours = ll_neighbours(s, a), .notes = r->notes[ka],
		.outreach = ll_melee_reach(s, a) > ll_melee_reach(s, b), .foe_closed = ll_closed(s, b, a),
		.wounded = r->wounded != 0,
	};
	return tw_ll_melee_need(&in);
}

static int damage_roll(tw_state *s, tw_events *ev, int a, int b)
{
	const ll_frec *r = LLF(s, a);
	int dice = r->d[ll_row(s, a)] - (r->wounded ? 1 : 0), faces[32], hits = 0; // NQ.DMG.2: -1D
	if (dice > 32)
		dice = 32;
	if (dice <= 0)
		return 0;
	tw_roll(s, ev, s->fig[a].side, "NQ.DMG.1", dice, 20, faces, NULL);
	for (int i = 0; i < dice; i++)
		hits += faces[i] >= LLF(s, b)->t; // NQ.DMG.1
	return hits;
}

void ll_melee(tw_state *s, tw_events *ev) { ll_melee_scan(s, ev, false); }

// ll-nq2: plain: every man's engagement found again after the changes of weapon (as before the
// shortcut below; tests/test_ll_fast.c compares the two)
void ll_melee_scan(tw_state *s, tw_events *ev, bool plain)
{
	int n = s->nfig, turn = LLG(s)->turn;
	// NQ.RCH.6: the closed state ends as soon as the two are no longer in contact.
	for (int a = 0; a < n; a++)
		for (int k = 0; k < LL_MAX_CLOSED; k++) {
			int b = LLF(s, a)->closed[k];
			if (b >= 0 && (!ll_fights(s, a) || !ll_fights(s, b) || !ll_contact(s, a, b)))
				LLF(s, a)->closed[k] = -1;
		}
	int *target = tw_events_alloc(ev, sizeof(int) * (size_t)(n ? n : 1));
	pend *p = NULL;
	int np = 0, cap = 0;
	if (!target)
		return;
	bool any = false;
	// ll-nq2: target[a] -2 marks a man in melee, kept for the second loop below unless a change of
	// weapon takes up a long one (the only change here that can change who is engaged: a bow
	// gives no long reach, so neither does any other row that is not long)
	bool long_taken = plain;
	// h7-nqspeed: who is in melee found once by pairs (ll_melee_pairs.c), each near pair asked both
	// ways; valid until a change of weapon takes up a long one (then ll_in_melee, as above). The
	// pairs serve the contests below too. Without room for them: every man's own scan.
	ll_pair pbuf[256];
	int npairs = plain ? -1 : ll_melee_pairs(s, pbuf, (int)(sizeof pbuf / sizeof pbuf[0]));
	for (int a = 0; a < n; a++)
		target[a] = -1;
	for (int i = 0; i < npairs; i++) { // (target[a] -3: in melee, by the pairs)
		int a = pbuf[i].a, b = pbuf[i].b;
		if (target[a] != -3 && ll_engaged(s, a, b))
			target[a] = -3;
		if (target[b] != -3 && ll_engaged(s, b, a))
			target[b] = -3;
	}
	for (int a = 0; a < n; a++) {
		bool by_pairs = npairs >= 0 && !long_taken && target[a] == -3;
		target[a] = -1;
		if (!(npairs >= 0 && !long_taken ? by_pairs : ll_in_melee(s, a)))
			continue;
		any = true;
		target[a] = -2;
		ll_frec *r = LLF(s, a);
		if (r->reach[ll_row(s, a)] == TW_LL_MISSILE && r->nrows > 1) { // NQ.OPP.4, NQ.ATK.4: to the dagger
			r->hand = 1 - ll_row(s, a);
			long_taken |= r->reach[ll_row(s, a)] == TW_LL_LONG;
			r->no_attack = turn;
			tw_event *e = tw_events_push(ev, TW_EV_INFO, s->fig[a].side, r->snapped ? "NQ.OPP.4" : "NQ.ATK.4");
			if (e) {
				e->a = a;
				tw_event_text(e, "figure %d changes to his %s in the melee: defence rolls only", a,
					      ll_weapon_names[r->weapon[r->hand]]);
			}
		} else if (r->reach[ll_row(s, a)] == TW_LL_MISSILE) {
			r->no_attack = turn; // a bow is no melee weapon: defence only
		}
	}
	if (!any) {
		tw_free(target);
		return;
	}
	for (int a = 0; a < n; a++) {
		bool in_melee = long_taken ? ll_in_melee(s, a) : target[a] == -2;
		target[a] = -1;
		if (in_melee) {
			target[a] = ll_attack_target(s, a);
			if (target[a] >= 0) // NQ.SHD.3: he faces his attack-roll target
				s->fig[a].facing = tw_bearing_deg(tw_sub(s->fig[target[a]].pos, s->fig[a].pos));
		}
	}
	// h7-nqspeed: the near pairs in the same order (a, then b) while no long weapon was taken up
	// (every pair not among them is not engaged: the men stand where they stood); else every pair
	bool by_pairs = npairs >= 0 && !long_taken;
	for (int a = 0, b = 0, i = 0;;) {
		if (by_pairs) {
			if (i == npairs)
				break;
			a = pbuf[i].a, b = pbuf[i].b, i++;
		} else if (++b >= n && (b = ++a + 1) >= n)
			break;
		{
			if (!ll_engaged(s, a, b))
				continue;
			int na = need_against(s, a, b), nb = need_against(s, b, a);
			int ra = tw_roll(s, ev, s->fig[a].side, "NQ.MEL.1", 1, 20, NULL, NULL);
			int rb = tw_roll(s, ev, s->fig[b].side, "NQ.MEL.1", 1, 20, NULL, NULL);
			int out = tw_ll_contest(ra, na, rb, nb);
			bool da = may_damage(s, a, b, target), db = may_damage(s, b, a, target);
			tw_event *e = tw_events_push(ev, TW_EV_INFO, s->fig[a].side, "NQ.MEL.3");
			if (e) {
				static const char *const outs[] = {"neither hits", "%d wins", "%d wins", "both win"};
				e->a = a;
				e->b = b;
				e->c = out;
				e->d = ra * 100 + rb;
				e->x = na;
				e->y = nb;
				int w = out == 1 ? a : b;
				char res[32];
				snprintf(res, sizeof res, outs[out], w);
				tw_event_text(e, "%d (needs %d%s) rolls %d, %d (needs %d%s) rolls %d: %s", a, na, da ? "" : ", defence",
					      ra, b, nb, db ? "" : ", defence", rb, res);
			}
			for (int side = 0; side < 2; side++) {
				int w = side ? b : a, l = side ? a : b;
				bool won = out == 3 || out == (side ? 2 : 1), dmg = side ? db : da;
				if (!won)
					continue;
				if (np + 1 > cap) {
					int nc = cap ? cap * 2 : 16;
					pend *q = tw_events_alloc(ev, sizeof(pend) * (size_t)nc);
					if (!q)
						goto done;
					if (np)
						memcpy(q, p, sizeof(pend) * (size_t)np);
					tw_free(p);
					p = q;
					cap = nc;
				}
				if (dmg) { // NQ.MEL.4: the winner of an attack roll damages
					p[np++] = (pend){l, w, damage_roll(s, ev, w, l), s->fig[w].pos};
				} else if (target[w] == l && LLF(s, w)->no_attack != turn && ll_melee_reach(s, w) < ll_melee_reach(s, l) &&
					   !ll_closed(s, w, l) && ll_contact(s, w, l)) {
					p[np++] = (pend){-1, w, l, s->fig[w].pos}; // NQ.RCH.4: he closes with his attack-roll target
				}
			}
		}
	}
	// NQ.DMG.3: every damage roll made, then all applied together.
	tw_vec2 *was = tw_events_alloc(ev, sizeof(tw_vec2) * (size_t)(n ? n : 1));
	if (!was)
		goto done;
	for (int a = 0; a < n; a++)
		was[a] = s->fig[a].pos;
	for (int i = 0; i < np; i++)
		if (p[i].victim >= 0) {
			ll_apply_damage(s, ev, p[i].victim, p[i].hits, p[i].from, "NQ.DMG.2");
			ll_ca_note_kill(s, p[i].victim, p[i].by); // h6-camp: CA.D2, the killer's commander
		}
	for (int i = 0; i < np; i++) { // NQ.RCH.6: closes unless driven back, put out or killed
		int a = p[i].by, b = p[i].hits;
		if (p[i].victim >= 0 || !ll_fights(s, a) || !ll_fights(s, b) || tw_dist(was[a], s->fig[a].pos) > LL_EPS ||
		    !ll_contact(s, a, b) || ll_closed(s, a, b))
			continue;
		ll_frec *r = LLF(s, a);
		for (int k = 0; k < LL_MAX_CLOSED; k++)
			if (r->closed[k] < 0) {
				r->closed[k] = b;
				tw_event *e = tw_events_push(ev, TW_EV_INFO, s->fig[a].side, "NQ.RCH.4");
				if (e) {
					e->a = a;
					e->b = b;
					tw_event_text(e, "figure %d closes with figure %d", a, b);
				}
				break;
			}
	}
	tw_free(was);
	ll_regroup(s, ev);
done:
	tw_free(p);
	tw_free(target);
}
