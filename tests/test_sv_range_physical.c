// Science versus Luck's test range in PHYSICAL mode (sv-svweb): the team's entries checked before
// anything is recorded, each refusal located at its entry and naming the measurement (SV.DOC.8);
// the entered faces readable whole by the team alone; the timed serial on the umpire's minute on
// the host's clock, its shots those entered, not the gun's rate (SV.DOC.7).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "rules/svl/sv.h"
#include "tinwar/tinwar.h"

static tw_order *ord;
static tw_events ev;
static tw_error err;

static tw_state *range(bool physical)
{
	tw_register_builtin();
	tw_state *s = calloc(1, sizeof *s);
	if (tw_state_load(s, "scenarios/svl/range.json", &err) != TW_OK)
		fail_msg("%s", err.message);
	if (physical)
		s->dice = TW_DICE_ENTERED;
	if (tw_ruleset_svl.setup(s, &err) != TW_OK)
		fail_msg("setup: %s %s", err.clause, err.message);
	return s;
}

static void done(tw_state *s)
{
	tw_state_free(s);
	free(s);
	tw_events_free(&ev);
}

static tw_status give(tw_state *s, int type, int side, int gun, int64_t t, const uint8_t *dice, int n)
{
	tw_order_init(ord, type, side);
	ord->gun = gun;
	ord->time_ms = t;
	if (type == SV_OT_TEST || type == SV_OT_SERIAL) {
		ord->nval = 1;
		ord->val[0] = 36;
		ord->n = TW_SV_STEADY;
	}
	ord->ndice = n;
	if (n)
		memcpy(ord->dice, dice, (size_t)n);
	tw_error_clear(&err);
	tw_events_clear(&ev);
	return tw_state_apply(s, ord, NULL, &ev, &err);
}

static void refused(tw_state *s, int type, int side, int gun, int64_t t, const uint8_t *dice, int n, const char *clause,
		    const char *path, const char *words)
{
	uint64_t h = tw_state_hash(s);
	if (give(s, type, side, gun, t, dice, n) == TW_OK)
		fail_msg("order %d accepted", type);
	assert_string_equal(err.clause, clause);
	if (path)
		assert_string_equal(err.path, path);
	if (words && !strstr(err.message, words))
		fail_msg("'%s' lacks '%s'", err.message, words);
	assert_true(tw_state_hash(s) == h); // nothing recorded
}

static void ok(tw_state *s, int type, int side, int gun, int64_t t, const uint8_t *dice, int n)
{
	if (give(s, type, side, gun, t, dice, n) != TW_OK)
		fail_msg("order %d refused: %s %s %s", type, err.clause, err.path, err.message);
}

// SV.DOC.8: a round's entries are refused where they stand, with the measurement named, and
// nothing is recorded: a face that is neither flew nor misfired, a flown round short of its
// three measurements, a lateral offset past 24 in, a screens mask past 64, a second round in a
// test. The entries accepted are the owner's: every seat but the team reads the dice veiled.
static void test_SV_DOC_8_physical_entries_located_and_the_teams_own(void **st)
{
	(void)st;
	ord = malloc(sizeof *ord);
	tw_state *s = range(true);
	static const uint8_t face3[] = {3}, short2[] = {1, 50}, lat[] = {1, 50, 50, 9}, mask[] = {1, 50, 25, 65},
			     two[] = {1, 50, 25, 9, 2}, good[] = {1, 50, 28, 9};
	refused(s, SV_OT_TEST, 0, 0, 0, face3, 1, "SV.DOC.8", "$.dice[0]", "1 if the match flew, 2 if it misfired");
	refused(s, SV_OT_TEST, 0, 0, 0, short2, 2, "SV.DOC.8", "$.dice[2]", "first graze D1, lateral offset and screens");
	refused(s, SV_OT_TEST, 0, 0, 0, lat, 4, "SV.DOC.8", "$.dice[2]", "lateral offset is -24 to 24 in, not 25 in");
	refused(s, SV_OT_TEST, 0, 0, 0, mask, 4, "SV.DOC.8", "$.dice[3]", "screens holed");
	refused(s, SV_OT_TEST, 0, 0, 0, two, 5, "SV.DOC.8", "$.dice[4]", "one round");
	assert_int_equal(SVGN(s, 0)->tests, 0);
	assert_int_equal(SVGN(s, 0)->nrec, 0);
	ok(s, SV_OT_TEST, 0, 0, 0, good, 4);
	assert_int_equal(SVGN(s, 0)->nrec, 1);
	assert_true(SVGN(s, 0)->rec_d1[0] == 50 && SVGN(s, 0)->rec_lat[0] == 3);
	int dice = 0;
	for (int i = 0; i < ev.n; i++) {
		if (ev.v[i].type != TW_EV_DICE)
			continue;
		dice++;
		assert_true(tw_event_seen_by(&ev.v[i], 0));
		assert_false(tw_event_seen_by(&ev.v[i], 1)); // Freedonia reads it veiled
		tw_event e = ev.v[i];
		tw_event_for_seat(&e, 1, s);
		assert_int_equal(e.nfaces, 0);
	}
	assert_int_equal(dice, 4);
	done(s);
	free(ord);
}

// SV.DOC.7 in PHYSICAL mode: the timed serial is the umpire's minute on the host's clock. ready
// {gun} starts it (the host's due time 60 s on), one minute at a time on the range; the serial's
// entries are refused before and while it runs; the host's hammer ends it; the serial then records
// the three shots entered (a misfire among them), not the rate's count; the gun has no second
// serial; in COMPUTER mode the minute is refused (the computer fires the serial).
static void test_SV_DOC_7_physical_serial_on_the_umpires_minute(void **st)
{
	(void)st;
	ord = malloc(sizeof *ord);
	tw_state *s = range(true);
	static const uint8_t three[] = {1, 40, 25, 5, 2, 1, 38, 27, 1};
	refused(s, SV_OT_SERIAL, 0, 0, 1000, three, 9, "SV.DOC.7", NULL, "has not started");
	refused(s, SV_OT_READY, 0, 0, 0, NULL, 0, "SV.DOC.7", NULL, "host's time");
	refused(s, SV_OT_READY, 0, 1, 1000, NULL, 0, "SV.DOC.2", NULL, "Bosrovia's guns");
	assert_int_equal(tw_ruleset_svl.host_due(s), 0);
	ok(s, SV_OT_READY, 0, 0, 5000, NULL, 0);
	assert_int_equal(tw_ruleset_svl.host_due(s), 65000);
	refused(s, SV_OT_READY, 1, 1, 6000, NULL, 0, "SV.DOC.7", NULL, "one minute at a time");
	refused(s, SV_OT_SERIAL, 0, 0, 30000, three, 9, "SV.DOC.7", NULL, "still running");
	refused(s, SV_OT_HAMMER, TW_SEAT_HOST, -1, 64999, NULL, 0, "SV.DOC.7", NULL, "ends in 1 ms");
	ok(s, SV_OT_HAMMER, TW_SEAT_HOST, -1, 65000, NULL, 0);
	assert_int_equal(SVG(s)->min_state, SV_MIN_OVER);
	static const uint8_t bad[] = {1, 40, 25, 5, 2, 1, 38};
	refused(s, SV_OT_SERIAL, 0, 0, 66000, bad, 7, "SV.DOC.8", "$.dice[7]", "round 3 flew");
	refused(s, SV_OT_SERIAL, 0, 0, 66000, NULL, 0, "SV.DOC.7", NULL, "enter each shot");
	ok(s, SV_OT_SERIAL, 0, 0, 66000, three, 9);
	const sv_grec *g = SVGN(s, 0);
	assert_int_equal(g->nrec, 3);
	assert_int_equal(g->serial, 1);
	assert_int_equal(g->tests, 0);
	tw_sv_range_summary sm;
	int shots, mis;
	sv_range_summary(s, 0, &sm, &shots, &mis);
	assert_int_equal(shots, 3);
	assert_int_equal(mis, 1);
	assert_true(g->rec_d1[2] == 38 && g->rec_lat[2] == 2);
	assert_int_equal(SVG(s)->min_state, SV_MIN_NONE);
	assert_int_equal(tw_ruleset_svl.host_due(s), 0);
	refused(s, SV_OT_READY, 0, 0, 70000, NULL, 0, "SV.DOC.7", NULL, "one timed serial");
	ok(s, SV_OT_READY, 1, 1, 71000, NULL, 0); // the other team's minute now
	assert_int_equal(tw_ruleset_svl.host_due(s), 131000);
	done(s);
	s = range(false);
	refused(s, SV_OT_READY, 0, 0, 1000, NULL, 0, "SV.DOC.7", NULL, "computer fires the timed serial");
	done(s);
	free(ord);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_SV_DOC_8_physical_entries_located_and_the_teams_own),
		cmocka_unit_test(test_SV_DOC_7_physical_serial_on_the_umpires_minute),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
