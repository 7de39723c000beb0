// Science versus Luck, sv-svfix: physics guns that hit (SV.FIRE.4 on the physics shot model,
// SV.BAT.1's plastic figures), and computer companies that keep to their manual through a whole
// battle (SV.DOC.20, SV.DOC.16-17) with the battle's record of every turn's verdict (SV.WIN.5).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/tinwar.h"
#include "tinwar/physics.h"
#include "rules/svl/sv.h"
#include "sv_scene.h"

#define reg svt_register // the shared registration (tests/support/sv_scene.c)

static tw_order *ord;
static tw_events ev;

static void apply(tw_state *s, const tw_apply_ctx *ctx)
{
	tw_error err = {0};
	tw_events_clear(&ev);
	if (tw_state_apply(s, ord, ctx, &ev, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
}

// A close, dense target: an STA gun at (24, 3) with the default Artillery Manual (range factor
// 1.00, NEAREST, STEADY) and a company block of 7 files x 3 ranks, bases 1" apart, its front rank
// 24" from the gun (well inside the label's 108"); three turns in which the company stands and the
// gun is served on the physics shot model. Returns the figures knocked over.
static int close_block_knocked(uint64_t seed)
{
	tw_state *s = svt_scene("STA");
	s->params[SVP_CONSTRAINTS] = 0;
	tw_rng_seed(&s->rng, seed);
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 7; c++) {
			tw_figure f = {.id = s->nfig, .kind = TW_FK_INFANTRY, .side = 0, .status = TW_FS_ACTIVE, .radius = 0.45,
				       .height = 1, .unit = -1, .pos = {24 + 1.9 * (c - 3), 27 + 1.9 * r}, .facing = 180};
			assert_non_null(tw_state_add_figure(s, &f));
			SVF(s, f.id)->role = s->nfig == 1 ? SV_ROLE_COMMANDER : SV_ROLE_RIFLEMAN;
		}
	tw_error err = {0};
	if (tw_ruleset_svl.setup(s, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	tw_apply_ctx ctx = {tw_shot_model_physics()};
	int knocked = 0, shots = 0;
	for (int turn = 0; turn < 3 && !s->over; turn++) {
		tw_order_init(ord, SV_OT_END, SV_ATTACKER); // the company stands
		apply(s, &ctx);
		tw_order_init(ord, SV_OT_SERVE, SV_DEFENDER);
		ord->gun = 0;
		apply(s, &ctx);
		for (int i = 0; i < ev.n; i++) {
			knocked += ev.v[i].type == TW_EV_KILL && strcmp(ev.v[i].clause, "SV.FIRE.4") == 0;
			shots += ev.v[i].type == TW_EV_SHOT && strcmp(ev.v[i].clause, "SV.FIRE.4") == 0;
		}
		if (!s->over && s->mover == SV_DEFENDER) {
			tw_order_init(ord, SV_OT_END, SV_DEFENDER);
			apply(s, &ctx);
		}
	}
	assert_true(shots >= 9); // STA trained STEADY: 3.5 a minute
	print_message("seed %llu: %d physics shots, %d figures knocked over\n", (unsigned long long)seed, shots, knocked);
	tw_state_free(s);
	free(s);
	return knocked;
}

// SV.FIRE.4 (physics), SV.BAT.1: a gun laid on a close, dense block knocks figures over. On the
// old code (the physics model's 14 g lead figures for SvL's plastic ones) no match ever felled one.
static void test_SV_FIRE_4_physics_gun_knocks_figures_over(void **st)
{
	(void)st;
	reg();
	int total = 0, seeds_hit = 0;
	for (uint64_t seed = 1; seed <= 3; seed++) {
		int k = close_block_knocked(seed);
		total += k;
		seeds_hit += k > 0;
	}
	assert_true(seeds_hit >= 2);
	assert_true(total >= 3);
}

// One whole battle of the bundled scenario by the computer on both sides (the fast model), the
// Infantry Manual being the scenario's with `v` changed (slot, value pairs; -1 ends). Returns the
// turns judged; *adh the turns adhering; fails[] the SV.DOC.16 figure failures by check.
static int whole_battle(uint64_t seed, const int *v, int *adh, int fails[SV_CHK_COUNT], int *force, int64_t *bits)
{
	tw_state s0 = {0};
	tw_error err = {0};
	if (tw_state_load(&s0, "scenarios/svl/battle.json", &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	s0.params[SVP_CONSTRAINTS] = 0;
	tw_game *g = tw_game_new(&s0, seed, NULL, &err);
	assert_non_null(g);
	const tw_state *s = tw_game_state(g);
	if (v) {
		tw_sv_manual m;
		tw_sv_manual_default(&m, TW_SV_INFANTRY, TW_SV_SYLVANIA);
		m.v[SV_IM_PACE] = SV_PACE_WITHIN;
		m.v[SV_IM_PACE_P] = 120;
		m.v[SV_IM_CMD] = SV_CMD_FRONT;
		for (int i = 0; v[i] >= 0; i += 2)
			m.v[v[i]] = v[i + 1];
		sv_manual_to_order(&m, 0, ord);
		if (tw_game_apply(g, ord, NULL, NULL, &err) != TW_OK)
			fail_msg("manual: %s %s %s", err.clause, err.path, err.message);
	}
	int judged = 0, orders = 0;
	*adh = *force = 0;
	memset(fails, 0, SV_CHK_COUNT * sizeof fails[0]);
	while (!s->over && orders < 3000) {
		assert_int_equal(tw_ruleset_svl.random_orders(s, s->mover, NULL, ord, 1), 1);
		int first, count;
		if (tw_game_apply(g, ord, &first, &count, &err) != TW_OK)
			fail_msg("order %d: %s %s", orders, err.clause, err.message);
		const tw_events *evs = tw_game_events(g);
		for (int i = first; i < first + count; i++) {
			const tw_event *e = &evs->v[i];
			if (strcmp(e->clause, "SV.DOC.16") == 0)
				e->a >= 0 ? fails[e->b]++ : (*force)++;
			if (strcmp(e->clause, "SV.DOC.17") == 0 && !e->c)
				print_message("  turn %d: %s\n", SVG(s)->turn, e->text);
			judged += strcmp(e->clause, "SV.DOC.17") == 0;
			*adh += strcmp(e->clause, "SV.DOC.17") == 0 && e->c;
		}
		orders++;
	}
	assert_true(s->over);
	assert_int_equal(SVG(s)->verdict_turns, judged);
	assert_int_equal(__builtin_popcountll((unsigned long long)SVG(s)->verdicts), *adh);
	*bits = SVG(s)->verdicts;
	tw_game_free(g);
	tw_state_free(&s0);
	return judged;
}

// SV.DOC.20: a computer company fights a whole battle by its manual and ends adhering, every turn,
// at several seeds: the scenario's manual (walk, running within 12", fire within 12", PREFER(3")
// cover, spacing 1", commander FRONT) and two more. The third (COVER_TO_COVER, spacing 2") cannot
// be kept in turn 1 at every seed: the scenario deploys the company with gaps of 0.9-1.1", and in
// one walk the middle of the block cannot open out to 1.75-3" (a failure by geometry, SV.DOC.20);
// from turn 2 it adheres, but for one late turn at seed 3 where the last nine figures, held in
// cover by COVER_TO_COVER, cannot all keep 2". On the old code the company never closed the
// gaps the guns opened (spacing failures grew past 10% of the checks), packed at a wall's cover
// with no gap, and left its commander behind it in turn 1: 66 of 150 turns adhering at seeds
// 1-10, and no battle's last verdict adhering.
static void test_SV_DOC_20_whole_battle_adhering(void **st)
{
	(void)st;
	reg();
	static const int open_order[] = {SV_IM_COVER, SV_COVER_IGNORE, SV_IM_COVER_P, 0, SV_IM_FORM, 2, SV_IM_FORM_P, 0, -1};
	static const int to_cover[] = {SV_IM_COVER, SV_COVER_TO_COVER, SV_IM_COVER_P, 0, SV_IM_SPACING, 20, -1};
	const int *manuals[3] = {NULL, open_order, to_cover};
	for (int v = 0; v < 3; v++)
		for (uint64_t seed = 1; seed <= 3; seed++) {
			int adh, fails[SV_CHK_COUNT], force;
			int64_t bits;
			int judged = whole_battle(seed, manuals[v], &adh, fails, &force, &bits);
			print_message("manual %d seed %llu: %d of %d turns adhering; failures: pace %d fire %d cover %d spacing %d "
				      "assault %d conduct %d, force %d\n",
				      v, (unsigned long long)seed, adh, judged, fails[0], fails[1], fails[2], fails[3], fails[4], fails[5],
				      force);
			assert_true(judged >= 5);
			if (v < 2)
				assert_int_equal(adh, judged);
			else // see above: turn 1 fails, and at seed 3 turn 15 (9 figures left, 3 of 27 spacing checks)
				assert_true(adh >= judged - 2 && !(bits & 1));
			assert_int_equal(fails[SV_CHK_PACE] + fails[SV_CHK_FIRE] + fails[SV_CHK_ASSAULT] + fails[SV_CHK_CONDUCT], 0);
		}
}

// SV.DOC.16 spacing, the reading chosen: a rifleman the manual holds in place to fire (IM.fire
// WITHIN_12, fire_mode ALL, in range and sight, outside IM.assault) is not judged on its spacing;
// a figure that moved is. Two riflemen 11-12" from the gun, 3.1" apart (IM.spacing 1": the band
// is 0.75-2"), both fire: no spacing failure (the old check failed both). Then a third walks to
// 3.1" from its neighbour (who stands and is not judged): that one fails.
static void test_SV_DOC_16_spacing_not_judged_on_figures_held_to_fire(void **st)
{
	(void)st;
	tw_state *s = svt_scene("STA");
	s->params[SVP_CONSTRAINTS] = 0;
	static const double at[4][2] = {{24, 14}, {28, 14}, {40, 44}, {44, 40}};
	for (int i = 0; i < 4; i++) {
		tw_figure f = {.id = s->nfig, .kind = TW_FK_INFANTRY, .side = 0, .status = TW_FS_ACTIVE, .radius = 0.45,
			       .height = 1, .unit = -1, .pos = {at[i][0], at[i][1]}, .facing = 180};
		assert_non_null(tw_state_add_figure(s, &f));
		SVF(s, f.id)->role = SV_ROLE_RIFLEMAN;
	}
	tw_error err = {0};
	if (tw_ruleset_svl.setup(s, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	const sv_srec *m = SVS(s, SV_ATTACKER);
	assert_int_equal(m->fire, SV_FIRE_WITHIN_12);
	assert_int_equal(m->fire_mode, SV_FMODE_ALL);
	tw_order_init(ord, SV_OT_FIRE, SV_ATTACKER);
	ord->nfig = 2;
	ord->fig[0] = 0;
	ord->fig[1] = 1;
	apply(s, NULL);
	tw_order_init(ord, SV_OT_MOVE, SV_ATTACKER); // the third walks 4" to 3.1" from the fourth
	ord->nfig = 1;
	ord->fig[0] = 2;
	ord->has_at = true;
	ord->at[0] = tw_v2(40, 40);
	ord->facing[0] = 180;
	apply(s, NULL);
	tw_order_init(ord, SV_OT_END, SV_ATTACKER);
	apply(s, NULL);
	int spacing_fails[4] = {0};
	const tw_event *verdict = NULL;
	for (int i = 0; i < ev.n; i++) {
		if (strcmp(ev.v[i].clause, "SV.DOC.16") == 0 && ev.v[i].a >= 0 && ev.v[i].b == SV_CHK_SPACING)
			spacing_fails[ev.v[i].a]++;
		if (strcmp(ev.v[i].clause, "SV.DOC.17") == 0)
			verdict = &ev.v[i];
	}
	assert_non_null(verdict);
	assert_int_equal(spacing_fails[0], 0);
	assert_int_equal(spacing_fails[1], 0);
	assert_int_equal(spacing_fails[2], 1);
	assert_int_equal(spacing_fails[3], 0);
	assert_int_equal(verdict->b, 2 + 2 + 4); // those that fired: pace, fire; the walker: pace, fire, cover, spacing
	tw_state_free(s);
	free(s);
}

static int teardown(void **st)
{
	(void)st;
	free(ord);
	ord = NULL;
	tw_events_free(&ev);
	return 0;
}

static int setup_all(void **st)
{
	(void)st;
	ord = malloc(sizeof *ord);
	return ord ? 0 : -1;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_SV_FIRE_4_physics_gun_knocks_figures_over),
		cmocka_unit_test(test_SV_DOC_20_whole_battle_adhering),
		cmocka_unit_test(test_SV_DOC_16_spacing_not_judged_on_figures_held_to_fire),
	};
	return cmocka_run_group_tests(tests, setup_all, teardown);
}
