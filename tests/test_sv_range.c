// Science versus Luck, phase 2's test range as orders (SV.DOC.2-9): test rounds within the budget,
// the timed serial, what is recorded and who sees it, the summary's range factor from a gun whose
// truth is fixed (no spread), refusals that change nothing.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/tinwar.h"
#include "tinwar/physics.h"
#include "tinwar/io.h"
#include "rules/svl/sv.h"
#include "sv_scene.h"

#define reg svt_register // the shared registration (tests/support/sv_scene.c)

// Two teams on the range: team 0 owns a STA whose truth has no spread (v 17.5 ft/s exactly, no
// bearing error, no misfire), team 1 a VUL with the model's truth.
static tw_state *range_scene(bool figure)
{
	reg();
	tw_state *s = calloc(1, sizeof *s);
	assert_int_equal(tw_state_set_ruleset(s, tw_ruleset_find("svl")), TW_OK);
	tw_ruleset_defaults(&tw_ruleset_svl, s);
	s->params[SVP_STAGE] = SV_STAGE_RANGE;
	tw_rng_seed(&s->rng, 3);
	s->table.width = 36;
	s->table.depth = 96;
	s->nsides = 2;
	strcpy(s->sides[0].name, "Bosrovia");
	strcpy(s->sides[1].name, "Freedonia");
	tw_gun g = {.id = 0, .side = 0, .orig_side = 0, .model = tw_gun_model_find("STA"), .axle = {18, 0}};
	assert_non_null(tw_state_add_gun(s, &g));
	g = (tw_gun){.id = 1, .side = 1, .orig_side = 1, .model = tw_gun_model_find("VUL"), .axle = {18, 0}};
	assert_non_null(tw_state_add_gun(s, &g));
	sv_grec *r = SVGN(s, 0);
	r->v_mean = 17.5, r->v_sigma = 0, r->az_sigma = 0, r->misfire = 0, r->rate = 3.5, r->carry = 0.45, r->skid = 4;
	if (figure) {
		tw_figure f = {.id = 0, .kind = TW_FK_INFANTRY, .side = 0, .status = TW_FS_ACTIVE, .radius = 0.45,
			       .height = 1, .unit = -1, .pos = {18, 36}};
		assert_non_null(tw_state_add_figure(s, &f));
	}
	return s;
}

static tw_order *ord;

static tw_status apply(tw_state *s, tw_events *ev, tw_error *err)
{
	tw_error_clear(err);
	tw_events_clear(ev);
	return tw_state_apply(s, ord, NULL, ev, err);
}

static void test_order(int type, int side, int gun, int range, int tempo)
{
	tw_order_init(ord, type, side);
	ord->gun = gun;
	ord->nval = 1;
	ord->val[0] = range;
	ord->n = tempo;
}

static void test_SV_DOC_7_8_9_test_range_orders(void **st)
{
	(void)st;
	ord = malloc(sizeof *ord);
	tw_state *s = range_scene(false);
	tw_error err = {0};
	if (tw_ruleset_svl.setup(s, &err) != TW_OK)
		fail_msg("%s %s", err.clause, err.message);
	assert_int_equal(s->phase, SV_PH_RANGE);
	tw_events ev = {0};
	// One test round at 36": exact (no spread): e from the label's velocity, D1 from the truth.
	test_order(SV_OT_TEST, 0, 0, 36, TW_SV_STEADY);
	assert_int_equal(apply(s, &ev, &err), TW_OK);
	const sv_grec *r = SVGN(s, 0);
	double e = tw_sv_elevation(36, tw_sv_v_adv(108)), d1 = tw_sv_first_graze(17.5, e);
	assert_int_equal(r->tests, 1);
	assert_int_equal(r->nrec, 1);
	assert_true(r->rec_r[0] == 36 && r->rec_k[0] == 1.0);
	assert_true(fabs(r->rec_e[0] - e) < 1e-12 && fabs(r->rec_d1[0] - d1) < 1e-12 && r->rec_lat[0] == 0);
	assert_true(fabs(d1 / 36 - 1.058) < 0.001); // SV.GUN.5: STA's k_true
	assert_true(fabs(r->rec_z1[0] - (d1 + 4)) < 1e-12);
	assert_int_equal(r->rec_flags[0] & 1, 0);
	assert_int_equal(ev.n, 1);
	assert_string_equal(ev.v[0].clause, "SV.DOC.8");
	// The screen at 36" lies in the zone [D1 - 1/tan e, D1 + 4] (38.1 - 2.2 ...): struck? exactly as the rule.
	tw_sv_round rd = {.r = 36, .k = 1, .e = e, .d1 = d1, .z0 = r->rec_z0[0], .z1 = r->rec_z1[0]};
	assert_int_equal((r->rec_flags[0] >> 4) & 4, tw_sv_screen_struck(&rd, 36) ? 4 : 0);
	// 29 more: the budget; the 31st is refused and changes nothing (SV.DOC.7).
	for (int i = 1; i < SV_TEST_BUDGET; i++)
		assert_int_equal(apply(s, &ev, &err), TW_OK);
	uint64_t h = tw_state_hash(s);
	assert_int_equal(apply(s, &ev, &err), TW_ERR_ILLEGAL);
	assert_string_equal(err.clause, "SV.DOC.7");
	assert_true(tw_state_hash(s) == h);
	// The timed serial: STA, Trained, STEADY: 3.5 a minute -> 3 shots, not against the 30.
	test_order(SV_OT_SERIAL, 0, 0, 36, TW_SV_STEADY);
	assert_int_equal(apply(s, &ev, &err), TW_OK);
	assert_int_equal(r->nrec, 33);
	assert_int_equal(r->tests, 30);
	assert_int_equal(r->rec_flags[32] & 2, 2);
	assert_string_equal(ev.v[ev.n - 1].clause, "SV.DOC.7");
	assert_int_equal(ev.n, 4); // three rounds and the serial
	// SV.DOC.8 as per-seat events: each round's measurements are Bosrovia's only; Freedonia and a
	// spectator read "a report for Bosrovia only" and no figure; the umpire reads them whole.
	for (int i = 0; i < 3; i++) {
		assert_non_null(strstr(ev.v[i].text, "D1"));
		assert_true(ev.v[i].seen == 1u);
		assert_true(ev.v[i].x > 30 && ev.v[i].v > 0); // D1 and e
		assert_true(tw_event_seen_by(&ev.v[i], 0) && tw_event_seen_by(&ev.v[i], TW_SEAT_UMPIRE));
		assert_false(tw_event_seen_by(&ev.v[i], 1) || tw_event_seen_by(&ev.v[i], -2));
		for (int seat = -2; seat <= 1; seat++) {
			json_t *j = tw_events_to_json_seat(&ev, i, 1, s, seat);
			char *t = json_dumps(j, JSON_COMPACT);
			bool whole = seat == 0 || seat == -1;
			assert_true((strstr(t, "D1") != NULL) == whole);
			assert_true((strstr(t, "\"x\":") != NULL) == whole);
			assert_true((strstr(t, "a report for Bosrovia only") != NULL) == !whole);
			assert_non_null(strstr(t, "\"seen\":[0]"));
			free(t);
			json_decref(j);
		}
	}
	assert_null(strstr(ev.v[3].text, "D1"));
	assert_true(ev.v[3].seen == 0);
	assert_int_equal(apply(s, &ev, &err), TW_ERR_ILLEGAL); // once a gun
	assert_string_equal(err.clause, "SV.DOC.7");
	// SV.DOC.9: the summary: every round grazes at d1: D1/R = 1.058 -> suggested factor 1.06.
	tw_sv_range_summary sum;
	int sshots, smis;
	sv_range_summary(s, 0, &sum, &sshots, &smis);
	assert_int_equal(sum.rounds, 33);
	assert_int_equal(sum.misfires, 0);
	assert_int_equal(sshots, 3);
	assert_true(fabs(sum.mean_ratio - d1 / 36) < 1e-12 && sum.sd_ratio < 1e-9);
	assert_true(sum.k_new == 1.06);
	// Another team's gun, a range off the lane: refused (SV.DOC.2, SV.DOC.7).
	test_order(SV_OT_TEST, 1, 0, 36, TW_SV_STEADY);
	assert_int_equal(apply(s, &ev, &err), TW_ERR_ILLEGAL);
	assert_string_equal(err.clause, "SV.DOC.2");
	test_order(SV_OT_TEST, 1, 1, 97, TW_SV_STEADY);
	assert_int_equal(apply(s, &ev, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "SV.DOC.7");
	// Battle orders are not given on the range.
	tw_order_init(ord, SV_OT_CONCEDE, 0);
	assert_int_not_equal(apply(s, &ev, &err), TW_OK);
	// SV.GUN.1, SV.DOC.8: the record is its owner's: team 1 sees neither team 0's rounds nor any
	// truth; team 0 sees its rounds, not the truth; the umpire sees both.
	tw_state v;
	assert_int_equal(tw_state_view(&v, s, 1), TW_OK);
	assert_int_equal(SVGN(&v, 0)->nrec, 0);
	assert_true(SVGN(&v, 0)->rec_d1[0] == 0 && SVGN(&v, 0)->v_mean == 0);
	tw_state_free(&v);
	assert_int_equal(tw_state_view(&v, s, 0), TW_OK);
	assert_int_equal(SVGN(&v, 0)->nrec, 33);
	assert_true(fabs(SVGN(&v, 0)->rec_d1[0] - d1) < 1e-12);
	assert_true(SVGN(&v, 0)->v_mean == 0 && SVGN(&v, 1)->v_mean == 0);
	tw_state_free(&v);
	assert_int_equal(tw_state_view(&v, s, TW_SEAT_UMPIRE), TW_OK);
	assert_true(SVGN(&v, 0)->v_mean == 17.5);
	tw_state_free(&v);
	// SV.DOC.4: the phase is over when every side has finished.
	tw_order_init(ord, SV_OT_END, 0);
	assert_int_equal(apply(s, &ev, &err), TW_OK);
	assert_false(s->over);
	assert_int_equal(apply(s, &ev, &err), TW_ERR_ILLEGAL);
	tw_order_init(ord, SV_OT_END, 1);
	assert_int_equal(apply(s, &ev, &err), TW_OK);
	assert_true(s->over);
	tw_events_free(&ev);
	tw_state_free(s);
	free(s);
	free(ord);
}

// SV.DOC.3 and SV.DOC.2's "not in battle": no figures on the range, no test rounds in battle.
static void test_SV_DOC_3_no_firing_at_the_soldiers(void **st)
{
	(void)st;
	tw_state *s = range_scene(true);
	tw_error err = {0};
	assert_int_equal(tw_ruleset_svl.setup(s, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "SV.DOC.3");
	tw_state_free(s);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_SV_DOC_7_8_9_test_range_orders),
		cmocka_unit_test(test_SV_DOC_3_no_firing_at_the_soldiers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
