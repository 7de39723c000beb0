// Science versus Luck, phase 1: the Arms Exhibition's auction as orders (SV.EXPO.4-7). A game with
// `stage` = auction: each side a country (its record's country, else the list order, SV.SETUP.4);
// lots offered one at a time (SV.EXPO.4); `bid` orders carry the host's time; the host's
// `hammer` knocks the lot down 15 s after the last bid (SV.EXPO.5); unsold lots are offered again
// and countries left without a gun get the Arsenal gun (SV.EXPO.7). Bids are public (every seat
// sees them); the guns' true values are never in this stage's state (SV.EXPO.1).
#include <stdlib.h>
#include <string.h>

#include "sv.h"

tw_status sv_auction_setup(tw_state *s, tw_error *err)
{
	if (s->nsides < 1 || s->nsides > 6)
		return tw_error_set(err, TW_ERR_INPUT, "SV.SETUP.2", "1 to 6 teams, not %d", s->nsides);
	if (s->nfig > 0 || s->ngun > 0)
		return tw_error_set(err, TW_ERR_INPUT, "SV.EXPO.2", "the exhibition has lots, not figures or guns on a table");
	sv_game *g = SVG(s);
	if (g->nlots == 0) { // SV.EXPO.4: the default lots
		g->nlots = (int)TW_ARRAY_COUNT(tw_sv_default_lots);
		memcpy(g->lots, tw_sv_default_lots, sizeof tw_sv_default_lots);
	}
	for (int k = 0; k < s->nsides; k++) {
		sv_srec *r = SVS(s, k);
		if (r->country == TW_SV_NO_COUNTRY)
			r->country = 1 + k; // SV.SETUP.4
		for (int j = 0; j < k; j++)
			if (SVS(s, j)->country == r->country)
				return tw_error_set(err, TW_ERR_INPUT, "SV.SETUP.7", "%s and %s are the same country", s->sides[j].name,
						    s->sides[k].name);
		if (!g->setup)
			r->left = tw_sv_briefs[r->country].budget; // SV.BRF
	}
	if (!g->setup) {
		for (int i = 0; i < TW_SV_MAX_LOTS; i++)
			g->sold_to[i] = -1;
		g->lot = 0;
		g->pass = 1;
		g->bidder = -1;
		g->setup = 1;
	}
	s->phase = SV_PH_AUCTION;
	s->mover = 0;
	s->winner = -1;
	return TW_OK;
}

static int gun_of(const tw_state *s)
{
	return SVG(s)->lots[SVG(s)->lot];
}

// The least a bid may be now: the reserve, or 10 fr over the highest (SV.EXPO.5).
static int least_bid(const tw_state *s)
{
	const sv_game *g = SVG(s);
	return g->bidder < 0 ? tw_sv_reserve(gun_of(s)) : g->bid + 10;
}

tw_status sv_validate_auction(const tw_state *s, const tw_order *o, tw_error *err)
{
	const sv_game *g = SVG(s);
	if (s->phase != SV_PH_AUCTION)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.EXPO.3", "bids and the hammer belong to the auction");
	if (o->type == SV_OT_HAMMER) {
		if (g->t_last > 0 && o->time_ms < g->t_last + SV_HAMMER_MS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "SV.EXPO.5",
					    "the hammer falls 15 s after the last bid: %lld ms to go",
					    (long long)(g->t_last + SV_HAMMER_MS - o->time_ms));
		return o->time_ms > 0 ? TW_OK : tw_error_set(err, TW_ERR_INPUT, "SV.EXPO.5", "the hammer needs the host's time");
	}
	const sv_srec *r = SVS(s, o->side);
	int want = least_bid(s);
	if (o->nval == 1 && o->val[0] != g->lot + 1) // sv-web: a bid for a lot no longer on offer
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.EXPO.5", "too late: the hammer has fallen on lot %d; lot %d is on offer",
				    o->val[0], g->lot + 1);
	if (o->time_ms > 0 && g->t_last > 0 && o->time_ms >= g->t_last + SV_HAMMER_MS)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.EXPO.5", "too late: 15 s passed without a higher bid; lot %d is knocked down",
				    g->lot + 1);
	if (o->time_ms > 0 && o->time_ms < g->t_last)
		return tw_error_set(err, TW_ERR_INPUT, "SV.EXPO.5", "the host's time runs forward");
	if (g->bidder == o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.EXPO.5", "%s holds the highest bid already", s->sides[o->side].name);
	if (o->n % 10 != 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.EXPO.5", "bids are multiples of 10 fr, not %d", o->n);
	if (o->n < want)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.EXPO.5", "%d fr at least: %s", want,
				    g->bidder < 0 ? "the reserve, half the price guide" : "10 fr over the highest bid");
	if (o->n > r->left)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.EXPO.5", "%s has %d fr left: a bid of %d is over its budget",
				    s->sides[o->side].name, r->left, o->n);
	if (r->nbought >= tw_sv_briefs[r->country].max_guns)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.EXPO.5", "%s may buy %d guns at most (its briefing)",
				    tw_sv_country_names[r->country], tw_sv_briefs[r->country].max_guns);
	return TW_OK;
}

// The next lot (SV.EXPO.4), then SV.EXPO.7's second pass over the unsold; false after the last.
static bool next_lot(sv_game *g)
{
	for (int i = g->lot + 1;; i++) {
		if (i >= g->nlots) {
			if (g->pass == 2)
				return false;
			g->pass = 2;
			i = 0;
		}
		if (g->pass == 1 || g->sold_to[i] < 0) {
			g->lot = i;
			return true;
		}
	}
}

tw_status sv_apply_auction(tw_state *s, const tw_order *o, tw_events *ev)
{
	sv_game *g = SVG(s);
	int gun = gun_of(s);
	if (o->type == SV_OT_BID) {
		g->bid = o->n;
		g->bidder = o->side;
		if (o->time_ms > 0)
			g->t_last = o->time_ms;
		tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "SV.EXPO.5");
		if (e) {
			e->a = g->lot + 1;
			e->b = o->n;
			tw_event_text(e, "%s bids %d fr for lot %d (%s)", s->sides[o->side].name, o->n, g->lot + 1, tw_sv_labels[gun].code);
		}
		return TW_OK;
	}
	if (g->t_last == 0) { // the host's first tick starts the lot's clock
		g->t_last = o->time_ms;
		tw_event *e = tw_events_push(ev, TW_EV_INFO, TW_SEAT_HOST, "SV.EXPO.5");
		if (e)
			tw_event_text(e, "lot %d (%s) is open: reserve %d fr", g->lot + 1, tw_sv_labels[gun].code, tw_sv_reserve(gun));
		return TW_OK;
	}
	tw_event *e = tw_events_push(ev, TW_EV_INFO, g->bidder >= 0 ? g->bidder : TW_SEAT_HOST, "SV.EXPO.5");
	if (g->bidder >= 0) { // knocked down: the price comes off the country's budget
		sv_srec *r = SVS(s, g->bidder);
		r->left -= g->bid;
		if (r->nbought < SV_MAX_BUY)
			r->bought[r->nbought++] = gun;
		g->sold_to[g->lot] = g->bidder;
		g->price[g->lot] = g->bid;
		if (e)
			tw_event_text(e, "lot %d (%s) knocked down to %s for %d fr", g->lot + 1, tw_sv_labels[gun].code,
				      s->sides[g->bidder].name, g->bid);
	} else if (e) {
		tw_event_text(e, "lot %d (%s): no bid at the reserve, unsold", g->lot + 1, tw_sv_labels[gun].code);
	}
	g->bid = 0;
	g->bidder = -1;
	g->t_last = o->time_ms; // the next lot opens as the hammer falls
	if (next_lot(g)) {
		tw_event *x = tw_events_push(ev, TW_EV_INFO, TW_SEAT_HOST, g->pass == 2 ? "SV.EXPO.7" : "SV.EXPO.4");
		if (x)
			tw_event_text(x, "lot %d (%s)%s: reserve %d fr", g->lot + 1, tw_sv_labels[gun_of(s)].code,
				      g->pass == 2 ? " offered again" : "", tw_sv_reserve(gun_of(s)));
		return TW_OK;
	}
	for (int k = 0; k < s->nsides; k++) { // SV.EXPO.7: the Arsenal gun for a country without one
		sv_srec *r = SVS(s, k);
		if (r->nbought > 0)
			continue;
		r->arsenal = 1;
		tw_event *x = tw_events_push(ev, TW_EV_INFO, k, "SV.EXPO.7");
		if (x)
			tw_event_text(x, "%s has no gun: issued an Arsenal Old Pattern gun, free", tw_sv_country_names[r->country]);
	}
	s->over = true;
	s->phase = SV_PH_OVER;
	s->mover = -1;
	g->lot = 0;
	return TW_OK;
}

int sv_auction_auto(const tw_state *s, int side, tw_order *o)
{
	const sv_game *g = SVG(s);
	const sv_srec *r = SVS(s, side);
	if (s->over || s->phase != SV_PH_AUCTION || g->bidder == side)
		return 0;
	const tw_sv_brief *b = &tw_sv_briefs[r->country];
	int gun = gun_of(s);
	double sc = tw_sv_score(r->country, gun);
	if ((g->pass == 1 && sc < 0.40) || sc <= 0 || r->nbought >= b->max_guns)
		return 0; // SV.EXPO.6
	int keep = 50 * (b->min_guns - r->nbought - 1 > 0 ? b->min_guns - r->nbought - 1 : 0);
	int w = (int)((tw_sv_labels[gun].price * (0.5 + sc) + 1e-9) / 10) * 10;
	if (w > r->left - keep)
		w = r->left - keep;
	int want = least_bid(s);
	if (want > w)
		return 0;
	tw_order_init(o, SV_OT_BID, side);
	o->n = want; // openly, in 10 fr steps up to W
	return 1;
}

// sv-web: the host's hammer on its own clock (tw_ruleset.host_due; SV.EXPO.5).
int64_t sv_host_due(const tw_state *s)
{
	const sv_game *g = SVG(s);
	if (s->over || s->phase != SV_PH_AUCTION)
		return 0;
	return g->t_last > 0 ? g->t_last + SV_HAMMER_MS : 1;
}

// sv-term: the auction's score is each country's phase-1 score (SV.EXPO.9, debrief only: it does
// not affect the battle), so that `tinwar sim` on an auction and the terminal's `score` show it.
void sv_auction_score(const tw_state *s, double *points)
{
	tw_sv_auction *a = calloc(1, sizeof *a);
	for (int k = 0; k < s->nsides; k++) {
		const sv_srec *r = SVS(s, k);
		points[k] = 0;
		if (!a || r->country <= 0 || r->country >= TW_SV_COUNTRY_COUNT)
			continue;
		int c = r->country;
		memset(a, 0, sizeof *a);
		a->left[c] = r->left;
		a->nguns[c] = r->nbought < TW_SV_MAX_LOTS ? r->nbought : TW_SV_MAX_LOTS;
		for (int i = 0; i < a->nguns[c]; i++)
			a->guns[c][i] = r->bought[i];
		points[k] = tw_sv_phase1_score(a, c);
	}
	free(a);
}
