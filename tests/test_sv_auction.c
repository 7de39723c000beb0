// Science versus Luck, phase 1: the auction as orders (SV.EXPO.4-7): bids with the host's time,
// the 15 s hammer as the host's order, budgets, the maximum of guns, bids refused with their
// clause (and nothing changed), unsold lots offered again, the Arsenal gun, and computer bidders
// bidding openly by their briefing (SV.EXPO.6) against a human.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/tinwar.h"
#include "rules/svl/sv.h"
#include "sv_scene.h"

#define reg svt_register // the shared registration (tests/support/sv_scene.c)

static const char *const names[] = {"Albionia", "Bosrovia", "Freedonia", "Ruritania", "Sylvania", "Vorlandia"};

static tw_state *auction(int n)
{
	reg();
	tw_state *s = calloc(1, sizeof *s);
	assert_int_equal(tw_state_set_ruleset(s, tw_ruleset_find("svl")), TW_OK);
	tw_ruleset_defaults(&tw_ruleset_svl, s);
	s->params[SVP_STAGE] = SV_STAGE_AUCTION;
	tw_rng_seed(&s->rng, 1);
	s->table.width = 48;
	s->table.depth = 72;
	s->nsides = n;
	for (int k = 0; k < n; k++)
		strcpy(s->sides[k].name, names[k]);
	tw_error err = {0};
	if (tw_ruleset_svl.setup(s, &err) != TW_OK)
		fail_msg("%s %s", err.clause, err.message);
	return s;
}

static tw_order *ord;
static tw_events ev;
static tw_error err;

static tw_status bid(tw_state *s, int side, int fr, int64_t t)
{
	tw_order_init(ord, SV_OT_BID, side);
	ord->n = fr;
	ord->time_ms = t;
	tw_error_clear(&err);
	tw_events_clear(&ev);
	return tw_state_apply(s, ord, NULL, &ev, &err);
}

static tw_status hammer(tw_state *s, int64_t t)
{
	tw_order_init(ord, SV_OT_HAMMER, TW_SEAT_HOST);
	ord->time_ms = t;
	tw_error_clear(&err);
	tw_events_clear(&ev);
	return tw_state_apply(s, ord, NULL, &ev, &err);
}

static void refused(tw_state *s, int side, int fr, int64_t t, const char *clause)
{
	uint64_t h = tw_state_hash(s);
	if (bid(s, side, fr, t) == TW_OK)
		fail_msg("%s's bid of %d at %lld accepted", names[side], fr, (long long)t);
	assert_string_equal(err.clause, clause);
	assert_true(tw_state_hash(s) == h);
}

static void test_SV_EXPO_5_bids_hammer_and_budgets(void **st)
{
	(void)st;
	ord = malloc(sizeof *ord);
	tw_state *s = auction(3); // Albionia 1000 fr, Bosrovia 450 (exactly 2 guns), Freedonia 800
	sv_game *g = SVG(s);
	assert_int_equal(g->nlots, 8);
	assert_int_equal(SVS(s, 1)->left, 450);
	assert_int_equal(hammer(s, 1000), TW_OK); // lot 1 (VUL, reserve 200) opens on the host's clock
	refused(s, 1, 190, 2000, "SV.EXPO.5");  // under the reserve
	refused(s, 1, 205, 2000, "SV.EXPO.5");  // not a multiple of 10
	assert_int_equal(bid(s, 0, 200, 3000), TW_OK);
	assert_string_equal(ev.v[0].clause, "SV.EXPO.5");
	assert_non_null(strstr(ev.v[0].text, "Albionia bids 200 fr for lot 1 (VUL)"));
	refused(s, 1, 200, 4000, "SV.EXPO.5");  // must beat it by 10
	refused(s, 0, 210, 4000, "SV.EXPO.5");  // already the highest
	assert_int_equal(bid(s, 1, 210, 5000), TW_OK);
	refused(s, 0, 220, 20000, "SV.EXPO.5"); // 15 s after 5000: after the hammer
	uint64_t h = tw_state_hash(s);
	assert_int_not_equal(hammer(s, 19999), TW_OK); // too early
	assert_string_equal(err.clause, "SV.EXPO.5");
	assert_true(tw_state_hash(s) == h);
	tw_order_init(ord, SV_OT_HAMMER, 0); // only the host's clock strikes
	ord->time_ms = 20000;
	assert_int_not_equal(tw_state_apply(s, ord, NULL, &ev, &err), TW_OK);
	assert_int_equal(hammer(s, 20000), TW_OK);
	assert_non_null(strstr(ev.v[0].text, "lot 1 (VUL) knocked down to Bosrovia for 210 fr"));
	assert_int_equal(SVS(s, 1)->left, 240);
	assert_int_equal(SVS(s, 1)->nbought, 1);
	assert_int_equal(SVS(s, 1)->bought[0], TW_SV_VUL);
	assert_int_equal(g->sold_to[0], 1);
	assert_int_equal(g->lot, 1); // lot 2 (STA, reserve 170) opened at 20000
	refused(s, 1, 250, 21000, "SV.EXPO.5"); // over Bosrovia's 240 fr
	assert_int_equal(bid(s, 1, 240, 21000), TW_OK);
	assert_int_equal(hammer(s, 36000), TW_OK);
	assert_int_equal(SVS(s, 1)->left, 0);
	// Lot 3 (TEM): Bosrovia has its two guns (its maximum, SV.BRF.3) and no money.
	refused(s, 1, 220, 37000, "SV.EXPO.5");
	// Lot 3 unsold, then lots 4-8 unsold too: offered again (SV.EXPO.7).
	int64_t t = 36000;
	for (int lot = 3; lot <= 8; lot++)
		assert_int_equal(hammer(s, t += 15000), TW_OK);
	assert_int_equal(g->pass, 2);
	assert_int_equal(g->lot, 2); // the first unsold: lot 3 again
	assert_int_equal(bid(s, 2, 220, t + 1000), TW_OK); // Freedonia buys the Tempete at the reserve
	assert_int_equal(hammer(s, t += 16000), TW_OK);
	for (int lot = 4; lot <= 8; lot++)
		assert_int_equal(hammer(s, t += 15000), TW_OK);
	assert_true(s->over);
	// SV.EXPO.7: Albionia bought nothing: the Arsenal gun.
	assert_true(SVS(s, 0)->arsenal);
	assert_false(SVS(s, 1)->arsenal || SVS(s, 2)->arsenal);
	assert_int_equal(SVS(s, 2)->left, 580);
	bool arsenal_event = false;
	for (int i = 0; i < ev.n; i++)
		arsenal_event = arsenal_event || strcmp(ev.v[i].clause, "SV.EXPO.7") == 0;
	assert_true(arsenal_event);
	uint64_t h2 = tw_state_hash(s);
	assert_int_not_equal(bid(s, 2, 300, t + 1000), TW_OK); // the auction is over
	assert_true(tw_state_hash(s) == h2);
	tw_state_free(s);
	free(s);
	free(ord);
	tw_events_free(&ev);
}

// SV.EXPO.6: computer bidders bid openly in 10 fr steps up to W against a human; the lot goes to
// the highest W at no more than the second W + 10, a lot nobody wants to at the reserve.
static void test_SV_EXPO_6_computer_bidders_by_their_briefing(void **st)
{
	(void)st;
	ord = malloc(sizeof *ord);
	tw_state *s = auction(5);
	int64_t t = 1000;
	assert_int_equal(hammer(s, t), TW_OK);
	// Lot 1 (VUL): Albionia (W 530) is the human and bids 300; the four computers bid by turns.
	assert_int_equal(bid(s, 0, 300, t += 1000), TW_OK);
	tw_order *o = malloc(sizeof *o);
	for (bool any = true; any;) {
		any = false;
		for (int k = 1; k < 5; k++)
			if (tw_ruleset_svl.random_orders(s, k, NULL, o, 1) == 1) {
				o->time_ms = t += 1000;
				assert_int_equal(tw_state_apply(s, o, NULL, &ev, &err), TW_OK);
				any = true;
			}
		// The human outbids while the price is under his ceiling.
		if (SVG(s)->bidder != 0 && SVG(s)->bid + 10 <= 530 && bid(s, 0, SVG(s)->bid + 10, t += 1000) == TW_OK)
			any = true;
	}
	// Ruritania's W is 440: the last computer bid was at most 440; Albionia holds it at most 450.
	assert_int_equal(SVG(s)->bidder, 0);
	assert_true(SVG(s)->bid >= 440 && SVG(s)->bid <= 450);
	assert_int_equal(hammer(s, t + 15000), TW_OK);
	assert_int_equal(SVS(s, 0)->left, 1000 - SVG(s)->price[0]);
	// Lot 2 (STA): no computer has s >= 0.40 on the first pass: no bid (SV.EXPO.6).
	for (int k = 1; k < 5; k++)
		assert_int_equal(tw_ruleset_svl.random_orders(s, k, NULL, o, 1), 0);
	free(o);
	tw_state_free(s);
	free(s);
	free(ord);
	tw_events_free(&ev);
}

// sv-web: a bid names the lot its bidder saw on offer; one that arrives after that lot's hammer
// (the server's clock knocked it down first) is refused with SV.EXPO.5 and changes nothing; a
// bid naming the lot on offer, or none, is taken.
static void test_SV_EXPO_5_a_bid_for_a_lot_knocked_down(void **st)
{
	(void)st;
	ord = malloc(sizeof *ord);
	tw_state *s = auction(3);
	assert_int_equal(hammer(s, 1000), TW_OK); // lot 1 opens
	tw_order_init(ord, SV_OT_BID, 0);
	ord->n = 200;
	ord->nval = 1;
	ord->val[0] = 1;
	ord->time_ms = 2000;
	tw_error_clear(&err);
	tw_events_clear(&ev);
	assert_int_equal(tw_state_apply(s, ord, NULL, &ev, &err), TW_OK); // for lot 1, lot 1 on offer
	assert_int_equal(hammer(s, 17000), TW_OK); // knocked down to Albionia; lot 2 opens
	assert_int_equal(SVG(s)->lot, 1);
	uint64_t h = tw_state_hash(s);
	tw_order_init(ord, SV_OT_BID, 1);
	ord->n = 210;
	ord->nval = 1;
	ord->val[0] = 1; // Bosrovia still saw lot 1
	ord->time_ms = 17010;
	tw_error_clear(&err);
	assert_int_not_equal(tw_state_apply(s, ord, NULL, &ev, &err), TW_OK);
	assert_string_equal(err.clause, "SV.EXPO.5");
	assert_non_null(strstr(err.message, "the hammer has fallen on lot 1; lot 2 is on offer"));
	assert_true(tw_state_hash(s) == h);
	ord->val[0] = 2;
	ord->n = 170; // lot 2 (STA): the reserve
	tw_events_clear(&ev);
	assert_int_equal(tw_state_apply(s, ord, NULL, &ev, &err), TW_OK);
	assert_int_equal(SVG(s)->bidder, 1);
	tw_state_free(s);
	free(s);
	free(ord);
	tw_events_free(&ev);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_SV_EXPO_5_bids_hammer_and_budgets),
		cmocka_unit_test(test_SV_EXPO_6_computer_bidders_by_their_briefing),
		cmocka_unit_test(test_SV_EXPO_5_a_bid_for_a_lot_knocked_down),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
