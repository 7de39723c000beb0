// Nikolas Lloyd's skirmish suite: the fast-play game played (FP, our minimal design FP.D1-FP.D13):
// setup (QR, points, moves, contingents and their Morale), the body an action is taken by
// (IN.ACT.1, FP.D10, LT.5), Morale (FP.D8, LT.4, LT.10, LT.18), a man killed (LT.12, DU.18) and
// victory (FP.D8, IN.ACT.6). The melee round and the wound table are in ll_fp_melee.c.
#include <math.h>
#include <string.h>

#include "ll.h"

int ll_fp_qr(const tw_state *s, int f)
{
	const ll_frec *r = LLF(s, f);
	if (r->traits & TW_LL_MIGHTY)
		return 4; // LT.18
	if (r->traits & TW_LL_UNKNOWABLE)
		return 3; // LT.17: QR3 for everything but his melee roll
	return r->qr ? r->qr : 2;
}

double ll_fp_allowance(const tw_state *s, int f)
{
	const ll_frec *r = LLF(s, f);
	return tw_ll_fp_move(r->mounted, r->traits & TW_LL_HORSEMAN); // FP.D2, LT.12
}

int ll_fp_side_of_cont(const tw_state *s, int c)
{
	for (int j = 0; j < s->nfig; j++)
		if (LLF(s, j)->cont == c)
			return s->fig[j].side;
	return -1;
}

tw_status ll_fp_setup(tw_state *s, tw_error *err)
{
	ll_game *g = LLG(s);
	for (int i = 0; i < s->nfig; i++) {
		ll_frec *r = LLF(s, i);
		if (r->troop == tw_ll_troop_find("archer") + 1 && !r->nrows) {
			r->nrows = 1; // FP.D7: an archer's bow (30 in)
			r->weapon[0] = LL_W_BOW;
			r->reach[0] = TW_LL_MISSILE;
		}
		if (!r->nrows)
			r->nrows = 1;
		if (!r->qr)
			r->qr = 2; // FP.3: typical soldiers
		if (r->rate && (r->rate < 16 || r->rate > 22))
			return tw_error_set(err, TW_ERR_INPUT, "IN.RATE.1", "$.figures[%d].data.rate: a base rate is 16 to 22", i);
		int other = ll_fp_side_of_cont(s, r->cont);
		if (other >= 0 && other != s->fig[i].side)
			return tw_error_set(err, TW_ERR_INPUT, "FP.11", "$.figures[%d].data.cont: contingent %d is %s's", i, r->cont,
					    s->sides[other].name);
		r->m = ll_fp_allowance(s, i); // FP.D2
		if (g->actions == 0 && s->phase == LL_PH_START)
			g->morale[r->cont] = TW_LL_FP_MORALE; // FP.11, FP.D8
	}
	if (g->actions == 0 && s->phase == LL_PH_START)
		for (int c = 0; c < LL_MAX_CONT; c++)
			if (ll_fp_side_of_cont(s, c) < 0)
				g->morale[c] = -1;
	return TW_OK;
}

bool ll_fp_contact_enemy(const tw_state *s, int f)
{
	for (int j = 0; j < s->nfig; j++)
		if (j != f && ll_fights(s, j) && s->fig[j].side != s->fig[f].side && ll_contact(s, f, j))
			return true;
	return false;
}

// FP.D10, LT.5: a man of the leader's contingent (of an allied contingent too if he is Popular)
// within 6 in of him may join any action he takes part in.
static bool commanded(const tw_state *s, int leader, int f)
{
	const ll_frec *l = LLF(s, leader), *r = LLF(s, f);
	if (!l->leader || s->fig[leader].side != s->fig[f].side)
		return false;
	if (r->cont != l->cont && !(l->traits & TW_LL_POPULAR))
		return false;
	return tw_dist(s->fig[leader].pos, s->fig[f].pos) <= TW_LL_FP_COMMAND + LL_EPS;
}

// IN.ACT.1 (interpretation): one connected cluster, a link being within 4 in with sight, or the
// command radius of a leader taking part (FP.D10, LT.5).
bool ll_fp_body(const tw_state *s, const int *figs, int n)
{
	if (n <= 1)
		return true;
	if (n > TW_ORDER_MAX_FIG)
		return false;
	uint8_t in[TW_ORDER_MAX_FIG] = {1}; // members reached from the first
	int reached = 1;
	for (bool grew = true; grew;) {
		grew = false;
		for (int a = 0; a < n; a++)
			for (int b = 0; b < n && in[a]; b++)
				if (!in[b] &&
				    ((tw_figure_gap(&s->fig[figs[a]], &s->fig[figs[b]]) <= 4 + LL_EPS && ll_sight(s, figs[a], figs[b])) ||
				     commanded(s, figs[a], figs[b]) || commanded(s, figs[b], figs[a]))) {
					in[b] = 1;
					reached++;
					grew = true;
				}
	}
	return reached == n;
}

void ll_fp_push(tw_state *s, int f, tw_vec2 from, double dist) { ll_move_back(s, f, from, dist); }

void ll_fp_morale_add(tw_state *s, tw_events *ev, int c, int d, const char *clause)
{
	ll_game *g = LLG(s);
	if (c < 0 || c >= LL_MAX_CONT || g->morale[c] <= 0)
		return;
	g->morale[c] += d;
	if (g->morale[c] < 0)
		g->morale[c] = 0;
	int side = ll_fp_side_of_cont(s, c);
	tw_event *e = tw_events_push(ev, TW_EV_INFO, side, clause);
	if (e) {
		e->a = c;
		e->b = d;
		e->c = g->morale[c];
		tw_event_text(e, "contingent %d: Morale %+d, now %d", c, d, g->morale[c]);
	}
	if (g->morale[c] == 0) { // FP.11, FP.D8: at 0 the contingent leaves the table
		for (int j = 0; j < s->nfig; j++) {
			if (LLF(s, j)->cont != c || !ll_fights(s, j))
				continue;
			int icon = -1; // LT.4: an Icon of a friendly contingent within 4 in: 1d6 5-6 joins him
			for (int k = 0; k < s->nfig && icon < 0; k++)
				if (ll_fights(s, k) && LLF(s, k)->cont != c && s->fig[k].side == side && LLF(s, k)->leader &&
				    (LLF(s, k)->traits & TW_LL_ICON) && tw_dist(s->fig[k].pos, s->fig[j].pos) <= 4 + LL_EPS)
					icon = k;
			if (icon >= 0) {
				int d6 = tw_roll(s, ev, side, "LT.4", 1, 6, NULL, NULL);
				e = tw_events_push(ev, TW_EV_INFO, side, "LT.4");
				if (e) {
					e->a = j;
					e->b = d6;
					tw_event_text(e, "%s rallies to the Icon %s? %d: %s", LLF(s, j)->name, LLF(s, icon)->name, d6,
						      d6 >= 5 ? "he joins him" : "he withdraws");
				}
				if (d6 >= 5) {
					LLF(s, j)->cont = LLF(s, icon)->cont;
					continue;
				}
			}
			s->fig[j].status = TW_FS_OFF;
		}
		e = tw_events_push(ev, TW_EV_WITHDRAW, side, "FP.D8");
		if (e) {
			e->a = c;
			tw_event_text(e, "contingent %d's Morale is 0: it leaves the table", c);
		}
	}
}

void ll_fp_morale_tests(tw_state *s, tw_events *ev, int c, int n, int top, const char *clause)
{
	for (int k = 0; k < n && c >= 0 && c < LL_MAX_CONT && LLG(s)->morale[c] > 0; k++) {
		int d = tw_roll(s, ev, ll_fp_side_of_cont(s, c), clause, 1, 6, NULL, NULL); // FP.D8: 1d6
		bool lost = d >= 1 && d <= top;
		tw_event *e = tw_events_push(ev, TW_EV_INFO, ll_fp_side_of_cont(s, c), "FP.D8");
		if (e) {
			e->a = c;
			e->b = d;
			e->c = lost;
			tw_event_text(e, "contingent %d's Morale test (%s): %d, %s", c, clause, d, lost ? "a point lost" : "held");
		}
		if (lost)
			ll_fp_morale_add(s, ev, c, -1, "FP.D8");
	}
}

void ll_fp_killed(tw_state *s, tw_events *ev, int f, const char *clause, bool morale)
{
	ll_frec *r = LLF(s, f);
	if (r->mounted && (r->traits & TW_LL_HORSEMAN)) { // LT.12: "killed" mounted: only his horse on 1d6 5-6
		int h = tw_roll(s, ev, s->fig[f].side, "LT.12", 1, 6, NULL, NULL);
		if (h >= 5) {
			r->mounted = 0;
			r->m = ll_fp_allowance(s, f);
			tw_event *e = tw_events_push(ev, TW_EV_INFO, s->fig[f].side, "LT.12");
			if (e) {
				e->a = f;
				e->b = h;
				tw_event_text(e, "%s's horse is killed (%d): he fights on foot", r->name, h);
			}
			return;
		}
	}
	s->fig[f].status = TW_FS_DEAD;
	if (f == LLG(s)->du_win && LLG(s)->du_cheat >= 0) { // DU.18: fallen by cheating: no Morale lost for him
		morale = false;
		tw_event *d = tw_events_push(ev, TW_EV_INFO, s->fig[f].side, "DU.18");
		if (d)
			tw_event_text(d, "%s falls to cheats: his side loses no Morale for him", r->name);
	}
	tw_event *e = tw_events_push(ev, TW_EV_KILL, s->fig[f].side, clause);
	if (e) {
		e->a = f;
		e->b = 4;
		e->x = s->fig[f].pos.x; // ll-reg: where, for pictures
		e->y = s->fig[f].pos.y;
		tw_event_text(e, "%s is killed", LLF(s, f)->name);
	}
	if (morale) // FP.D8: one test a man killed (a leader the same); LT.18: a Mighty man two
		ll_fp_morale_tests(s, ev, LLF(s, f)->cont, (LLF(s, f)->traits & TW_LL_MIGHTY) ? 2 : 1, 3,
				   (LLF(s, f)->traits & TW_LL_MIGHTY) ? "LT.18" : "FP.D8");
}

// LT.10 (interpretation): after each of his side's actions, a Rash man within 4 in of a melee he
// is not fighting in rolls for Morale loss. ll-rest: DU.20's Rash grudge triggers the same roll
// when the melee holds a man of the cheaters' side (he counts as Rash against them only); a
// duellist is not eligible (DU.9: the duel is his fight).
static bool rash_near(const tw_state *s, int f, int j)
{
	const ll_frec *r = LLF(s, f);
	if (r->traits & TW_LL_RASH)
		return true;
	if (!(r->grudge & TW_LL_RASH) || r->grudge_vs < 0)
		return false;
	if (s->fig[j].side == r->grudge_vs)
		return true;
	for (int k = 0; k < s->nfig; k++)
		if (s->fig[k].side == r->grudge_vs && ll_fights(s, k) && ll_contact(s, j, k))
			return true;
	return false;
}

void ll_fp_rash(tw_state *s, tw_events *ev, int side)
{
	const ll_game *g = LLG(s);
	for (int f = 0; f < s->nfig; f++) {
		const ll_frec *r = LLF(s, f);
		bool rash = (r->traits & TW_LL_RASH) || (r->grudge & TW_LL_RASH); // ll-rest: DU.20's grudge
		if (!rash || !ll_fights(s, f) || s->fig[f].side != side || ll_fp_contact_enemy(s, f) || f == g->du_a ||
		    f == g->du_b)
			continue;
		bool near = false;
		for (int j = 0; j < s->nfig && !near; j++)
			near = ll_fights(s, j) && ll_fp_contact_enemy(s, j) && tw_figure_gap(&s->fig[f], &s->fig[j]) <= 4 + LL_EPS &&
			       rash_near(s, f, j);
		if (!near)
			continue;
		bool grudge = !(r->traits & TW_LL_RASH);
		tw_event *e = tw_events_push(ev, TW_EV_INFO, side, grudge ? "DU.20" : "LT.10");
		if (e) {
			e->a = f;
			tw_event_text(e, grudge ? "%s counts as Rash against the cheaters and stays out of their melee beside him (LT.10)"
					       : "%s is Rash and stays out of the melee beside him",
				      LLF(s, f)->name);
		}
		ll_fp_morale_tests(s, ev, LLF(s, f)->cont, 1, 3, "LT.10");
	}
}

bool ll_fp_victory(tw_state *s, tw_events *ev)
{
	int on[2] = {0, 0};
	for (int j = 0; j < s->nfig; j++)
		if (ll_fights(s, j) && s->fig[j].side < 2)
			on[s->fig[j].side]++;
	ll_game *g = LLG(s);
	int w = -1;
	const char *why = "FP.D8";
	if (!on[0] && !on[1])
		w = -2;
	else if (!on[0])
		w = 1;
	else if (!on[1])
		w = 0;
	else if (g->actions >= g->max_actions) { // IN.ACT.6 (ours): men on the table plus duel VPs
		why = "IN.ACT.6";
		int a = on[0] + g->vp[0], b = on[1] + g->vp[1];
		w = a > b ? 0 : b > a ? 1 : -2;
	}
	if (w == -1)
		return false;
	s->over = true;
	s->winner = (int8_t)w;
	s->phase = LL_PH_OVER;
	tw_event *e = tw_events_push(ev, w >= 0 ? TW_EV_VICTORY : TW_EV_DRAW, w >= 0 ? w : -1, why);
	if (e) {
		e->a = w;
		e->b = on[0] + g->vp[0];
		e->c = on[1] + g->vp[1];
		tw_event_text(e, "%s: men on the table %d and %d, duel VPs %d and %d", w == -2 ? "a draw" : s->sides[w].name,
			      on[0], on[1], g->vp[0], g->vp[1]);
	}
	return true;
}
