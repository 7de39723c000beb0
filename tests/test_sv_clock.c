// Science versus Luck, the firing minute on the host's clock (sv-clock): a person's gun on the clock
// through orders with given times (SV.ROF.5, SV.EX.18: shots at 0, 17.14, 34.29, 51.43 s; after a
// move 34.29 and 51.43 s), refusals that change nothing (too early, after 60.0 s, beyond the
// allocation), the minute's end by the host (host_due) or the player; PHYSICAL mode's umpire's
// minute (SV.ROF.6): entries only after it has run, unfired matches handed back, one minute for
// both guns (SV.ROF.7).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/tinwar.h"
#include "tinwar/physics.h"
#include "rules/svl/sv.h"
#include "sv_scene.h"

#define reg svt_register // the shared registration (tests/support/sv_scene.c)

static tw_order *ord;
static tw_events ev;
static tw_error err;

// A 48 x 72 table, ten riflemen at y 40 (and one at (24, 14) if near), `nguns` STA guns at y 3;
// the attacker's phase ended: the defender's minute is next.
static tw_state *scene(int nguns, bool clock, bool phys, bool near)
{
	reg();
	if (!ord)
		ord = malloc(sizeof *ord);
	tw_state *s = calloc(1, sizeof *s);
	assert_int_equal(tw_state_set_ruleset(s, tw_ruleset_find("svl")), TW_OK);
	tw_ruleset_defaults(&tw_ruleset_svl, s);
	s->params[SVP_CLOCK] = clock;
	tw_rng_seed(&s->rng, 1);
	s->table.width = 48;
	s->table.depth = 72;
	s->nsides = 2;
	strcpy(s->sides[0].name, "infantry");
	strcpy(s->sides[1].name, "cannon");
	for (int k = 0; k < nguns; k++) {
		tw_gun g = {.id = k, .side = 1, .orig_side = 1, .model = tw_gun_model_find("STA"), .axle = {24 + 6 * k, 3}};
		assert_non_null(tw_state_add_gun(s, &g));
	}
	for (int i = 0; i < 10 + near; i++) {
		tw_figure f = {.id = s->nfig, .kind = TW_FK_INFANTRY, .side = 0, .status = TW_FS_ACTIVE, .radius = 0.45,
			       .height = 1, .unit = -1, .pos = {i < 10 ? 4 + 4 * i : 24, i < 10 ? 40 : 14}};
		assert_non_null(tw_state_add_figure(s, &f));
	}
	if (tw_ruleset_svl.setup(s, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	if (phys)
		s->dice = TW_DICE_ENTERED;
	tw_order_init(ord, SV_OT_END, 0);
	assert_int_equal(tw_state_apply(s, ord, NULL, &ev, &err), TW_OK);
	assert_int_equal(s->phase, SV_PH_DEFEND);
	return s;
}

static void done(tw_state *s)
{
	tw_state_free(s);
	free(s);
	tw_events_free(&ev);
}

static tw_status give(tw_state *s, int type, int side, int gun, int64_t t)
{
	tw_order_init(ord, type, side);
	ord->gun = gun;
	ord->time_ms = t;
	tw_error_clear(&err);
	tw_events_clear(&ev);
	return tw_state_apply(s, ord, NULL, &ev, &err);
}

static void ok(tw_state *s, int type, int gun, int64_t t)
{
	if (give(s, type, type == SV_OT_HAMMER ? TW_SEAT_HOST : 1, gun, t) != TW_OK)
		fail_msg("order %d at %lld refused: %s %s", type, (long long)t, err.clause, err.message);
}

static void refused(tw_state *s, int type, int gun, int64_t t, const char *clause, const char *words)
{
	uint64_t h = tw_state_hash(s);
	if (give(s, type, type == SV_OT_HAMMER ? TW_SEAT_HOST : 1, gun, t) == TW_OK)
		fail_msg("order %d at %lld accepted", type, (long long)t);
	assert_string_equal(err.clause, clause);
	if (words && !strstr(err.message, words))
		fail_msg("'%s' lacks '%s'", err.message, words);
	assert_true(tw_state_hash(s) == h); // nothing changed
}

static bool said(const char *clause, const char *words)
{
	for (int i = 0; i < ev.n; i++)
		if (strcmp(ev.v[i].clause, clause) == 0 && strstr(ev.v[i].text, words))
			return true;
	return false;
}

static void test_SV_EX_18_ROF_5_four_shots_on_the_clock(void **st)
{
	(void)st;
	tw_state *s = scene(1, true, false, false);
	sv_grec *r = SVGN(s, 0);
	assert_int_equal(tw_sv_rof((int)(r->rate * 100 + 0.5), (tw_sv_crew)r->crew, (tw_sv_tempo)r->tempo), 350); // STA Trained STEADY
	const int64_t t0 = 1000;
	assert_int_equal(tw_ruleset_svl.host_due(s), 0); // no minute yet
	ok(s, SV_OT_READY, -1, t0);
	assert_true(said("SV.ROF.5", "the firing minute starts"));
	assert_int_equal(SVG(s)->min_t0, t0);
	assert_int_equal(tw_ruleset_svl.host_due(s), t0 + 60001); // the server closes it just after 60.0 s
	ok(s, SV_OT_SHOT, 0, t0); // the gun begins loaded: 0 s
	assert_int_equal(r->clk_shots, 1);
	assert_int_equal(r->fired, 1);
	refused(s, SV_OT_SHOT, 0, t0 + 17141, "SV.ROF.5", "too early"); // t_r = 17.142857 s
	assert_string_equal(err.message, "too early: gun 0 is loaded 17.143 s after its last shot, 0.002 s from now (t_r 17.14 s)");
	ok(s, SV_OT_SHOT, 0, t0 + 17142);
	ok(s, SV_OT_SHOT, 0, t0 + 34284);
	ok(s, SV_OT_SHOT, 0, t0 + 51426);
	assert_int_equal(r->clk_shots, 4);
	refused(s, SV_OT_SHOT, 0, t0 + 60000, "SV.ROF.5", "too early"); // 8.574 s after the fourth
	refused(s, SV_OT_SHOT, 0, t0 + 68568, "SV.ROF.5", "too late");  // loaded, but after 60.0 s
	assert_int_equal(r->clk_shots, 4);                              // SV.EX.18: at most 4
	assert_int_equal(r->fired, 4);
	refused(s, SV_OT_HAMMER, -1, t0 + 60000, "SV.ROF.5", "ends in 1 ms");
	ok(s, SV_OT_HAMMER, -1, t0 + 60001); // the host's clock ends the minute
	assert_true(r->served);
	assert_int_equal(SVG(s)->min_state, SV_MIN_OVER);
	assert_true(said("SV.ROF.5", "gun 0's minute is over: 4 shots"));
	assert_int_equal(tw_ruleset_svl.host_due(s), 0);
	refused(s, SV_OT_SHOT, 0, t0 + 60001, "SV.ROF.5", "minute is over");
	ok(s, SV_OT_END, -1, t0 + 61000); // the phase ends as before
	assert_int_equal(s->phase, SV_PH_ATTACK);
	done(s);
}

static void test_SV_EX_18_ROF_5_after_a_move_two_shots(void **st)
{
	(void)st;
	tw_state *s = scene(1, true, false, true);
	SVS(s, 1)->gmove = SV_GMOVE_WITHDRAW; // a figure within 12": the gun may withdraw (SV.DOC.19)
	const int64_t t0 = 5000;
	tw_order_init(ord, SV_OT_READY, 1);
	ord->gun = 0;
	ord->has_target = true;
	ord->target = tw_v2(24, 1);
	ord->time_ms = t0;
	if (tw_state_apply(s, ord, NULL, &ev, &err) != TW_OK)
		fail_msg("%s %s", err.clause, err.message);
	sv_grec *r = SVGN(s, 0);
	assert_true(r->moved);
	assert_true(s->gun[0].axle.y == 1);
	refused(s, SV_OT_SHOT, 0, t0, "SV.ROF.5", "after its move"); // not loaded at 0 s
	refused(s, SV_OT_SHOT, 0, t0 + 34284, "SV.ROF.5", "too early");
	ok(s, SV_OT_SHOT, 0, t0 + 34285); // 2 t_r = 34.29 s
	refused(s, SV_OT_SHOT, 0, t0 + 51426, "SV.ROF.5", "too early");
	ok(s, SV_OT_SHOT, 0, t0 + 51427); // 51.43 s
	refused(s, SV_OT_SHOT, 0, t0 + 68569, "SV.ROF.5", "too late");
	assert_int_equal(r->clk_shots, 2); // SV.EX.18: at most 2 after moving
	refused(s, SV_OT_READY, -1, t0 + 100, "SV.ROF.5", "started already");
	ok(s, SV_OT_SERVE, 0, t0 + 52000); // the player ends the gun's minute
	assert_true(r->served);
	refused(s, SV_OT_SHOT, 0, t0 + 59000, "SV.ROF.5", "minute is over");
	done(s);
}

static void test_SV_ROF_5_allocation_and_the_first_shot_starts_the_minute(void **st)
{
	(void)st;
	tw_state *s = scene(2, true, false, false);
	SVGN(s, 0)->matches = 2; // SV.ROF.3: the allocation
	refused(s, SV_OT_SHOT, 0, 0, "SV.ROF.5", "host's time"); // no time: refused
	ok(s, SV_OT_SHOT, 0, 2000); // no ready: the first shot starts the minute
	assert_int_equal(SVG(s)->min_state, SV_MIN_RUNNING);
	assert_int_equal(SVG(s)->min_t0, 2000);
	ok(s, SV_OT_SHOT, 1, 2500); // SV.ROF.7: each gun its own reload timer in the same minute
	ok(s, SV_OT_SHOT, 0, 2000 + 17142);
	refused(s, SV_OT_SHOT, 0, 2000 + 34284, "SV.ROF.5", "allocation of 2");
	ok(s, SV_OT_SHOT, 1, 2500 + 17142);
	refused(s, SV_OT_SHOT, 1, 2500 + 30000, "SV.ROF.5", "too early");
	assert_int_equal(SVGN(s, 0)->clk_shots, 2);
	assert_int_equal(SVGN(s, 1)->clk_shots, 2);
	assert_int_equal(SVGN(s, 0)->matches, 2); // firing costs no match
	done(s);
}

static void test_SV_ROF_2_without_the_clock_serve_is_the_accumulator(void **st)
{
	(void)st;
	tw_state *s = scene(1, false, false, false);
	refused(s, SV_OT_SHOT, 0, 1000, "SV.ROF.2", "accumulator");
	refused(s, SV_OT_READY, -1, 1000, "SV.ROF.2", "accumulator");
	int limit = SVGN(s, 0)->limit;
	ok(s, SV_OT_SERVE, 0, 1000);
	assert_int_equal(SVGN(s, 0)->fired, limit);
	done(s);
	// On the clock, a gun served before any minute starts is the computer's: the accumulator.
	s = scene(1, true, false, false);
	limit = SVGN(s, 0)->limit;
	ok(s, SV_OT_SERVE, 0, 1000);
	assert_int_equal(SVGN(s, 0)->fired, limit);
	assert_int_equal(SVG(s)->min_state, SV_MIN_NONE);
	done(s);
}

static void enter(int gun, int n, int64_t t)
{
	tw_order_init(ord, SV_OT_SERVE, 1);
	ord->gun = gun;
	ord->time_ms = t;
	ord->ndice = n;
	for (int i = 0; i < n; i++)
		ord->dice[i] = 1;
}

static void test_SV_ROF_6_7_physical_the_umpires_minute(void **st)
{
	(void)st;
	tw_state *s = scene(2, false, true, false);
	uint64_t h = tw_state_hash(s);
	enter(0, 3, 1000);
	assert_int_equal(tw_state_apply(s, ord, NULL, &ev, &err), TW_ERR_ILLEGAL);
	assert_string_equal(err.clause, "SV.ROF.6"); // the minute has not run
	assert_true(strstr(err.message, "not started") != NULL);
	assert_true(tw_state_hash(s) == h);
	refused(s, SV_OT_SHOT, 0, 1000, "SV.ROF.6", "umpire");
	ok(s, SV_OT_READY, -1, 4000);
	assert_true(said("SV.ROF.6", "umpire's minute starts"));
	assert_int_equal(tw_ruleset_svl.host_due(s), 64000);
	refused(s, SV_OT_READY, -1, 4500, "SV.ROF.7", "one minute for both guns");
	enter(0, 3, 30000);
	assert_int_equal(tw_state_apply(s, ord, NULL, &ev, &err), TW_ERR_ILLEGAL);
	assert_string_equal(err.clause, "SV.ROF.6");
	assert_true(strstr(err.message, "still running") != NULL);
	refused(s, SV_OT_HAMMER, -1, 63999, "SV.ROF.5", "ends in 1 ms");
	ok(s, SV_OT_HAMMER, -1, 64000);
	assert_true(said("SV.ROF.6", "minute is over"));
	enter(0, 11, 65000); // more than the allocation
	assert_int_equal(tw_state_apply(s, ord, NULL, &ev, &err), TW_ERR_ILLEGAL);
	assert_string_equal(err.clause, "SV.ROF.6");
	enter(0, 3, 65000);
	tw_events_clear(&ev);
	if (tw_state_apply(s, ord, NULL, &ev, &err) != TW_OK)
		fail_msg("%s %s", err.clause, err.message);
	assert_true(said("SV.ROF.6", "gun 0 fired 3 of its 10 matches in the minute: 7 handed back"));
	SVGN(s, 1)->matches = 6;
	enter(1, 6, 66000); // the same minute for the second gun (SV.ROF.7)
	tw_events_clear(&ev);
	if (tw_state_apply(s, ord, NULL, &ev, &err) != TW_OK)
		fail_msg("%s %s", err.clause, err.message);
	assert_true(said("SV.ROF.6", "gun 1 fired 6 of its 6 matches in the minute: 0 handed back"));
	assert_int_equal(SVGN(s, 0)->fired, 3);
	assert_int_equal(SVGN(s, 1)->fired, 6);
	ok(s, SV_OT_END, -1, 67000);
	assert_int_equal(s->phase, SV_PH_ATTACK);
	assert_int_equal(tw_ruleset_svl.host_due(s), 0);
	done(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_SV_EX_18_ROF_5_four_shots_on_the_clock),
		cmocka_unit_test(test_SV_EX_18_ROF_5_after_a_move_two_shots),
		cmocka_unit_test(test_SV_ROF_5_allocation_and_the_first_shot_starts_the_minute),
		cmocka_unit_test(test_SV_ROF_2_without_the_clock_serve_is_the_accumulator),
		cmocka_unit_test(test_SV_ROF_6_7_physical_the_umpires_minute),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
