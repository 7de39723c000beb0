// Science versus Luck: doctrine adherence (SV.DOC.16-18), each check on an Infantry Manual written
// to break it, played through the orders (the manual order, moves, fire, end), and the verdict
// feeding the morale modifier (SV.DOC.17, SV.MOR.7).
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

// The shared helpers (tests/support/sv_scene.c) under this file's names.
#define reg svt_register
#define done svt_free

// An empty 48 x 72 table, one STA gun at (24, 3), national constraints off.
static tw_state *scene(void)
{
	tw_state *s = svt_scene("STA");
	s->params[SVP_CONSTRAINTS] = 0;
	return s;
}

static int man(tw_state *s, double x, double y, int role)
{
	int id = svt_man(s, x, y);
	SVF(s, id)->role = role;
	return id;
}

static void wood(tw_state *s, double x, double y, double r)
{
	tw_terrain w = {.kind = TW_TER_WOOD, .shape = TW_SHAPE_CIRCLE, .center = {x, y}, .radius = r, .height = 2};
	tw_table_add(&s->table, &w);
}

static tw_order *ord;
static tw_events ev;

static void ok(tw_state *s)
{
	tw_error err = {0};
	tw_events_clear(&ev);
	if (tw_state_apply(s, ord, NULL, &ev, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
}

static void setup(tw_state *s)
{
	svt_setup(s);
	if (!ord)
		ord = malloc(sizeof *ord);
}

// The Infantry Manual in force by the manual order: the defaults with one field changed.
static void manual(tw_state *s, int slot, int value, int slot2, int value2)
{
	tw_sv_manual m;
	tw_sv_manual_default(&m, TW_SV_INFANTRY, TW_SV_SYLVANIA);
	m.v[slot] = value;
	if (slot2 >= 0)
		m.v[slot2] = value2;
	m.version = SVS(s, 0)->im_version + 1;
	sv_manual_to_order(&m, 0, ord);
	ok(s);
}

static void move(tw_state *s, int f, double x, double y)
{
	tw_order_init(ord, SV_OT_MOVE, 0);
	ord->nfig = 1;
	ord->fig[0] = f;
	ord->has_at = true;
	ord->at[0] = tw_v2(x, y);
	ok(s);
}

static void end(tw_state *s)
{
	tw_order_init(ord, SV_OT_END, s->mover);
	ok(s);
}

// The SV.DOC.16 failure events of the last order for check c (figure f, or any with -1).
static int failures(int c, int f)
{
	int n = 0;
	for (int i = 0; i < ev.n; i++)
		n += strcmp(ev.v[i].clause, "SV.DOC.16") == 0 && ev.v[i].b == c && (f < 0 || ev.v[i].a == f) && ev.v[i].a >= 0;
	return n;
}

static const tw_event *verdict_event(void)
{
	for (int i = 0; i < ev.n; i++)
		if (strcmp(ev.v[i].clause, "SV.DOC.17") == 0)
			return &ev.v[i];
	fail_msg("no SV.DOC.17 verdict");
	return NULL;
}

// Pace: moves over 6" only where IM.pace allowed running. The order path refuses a run against the
// manual (SV.DOC.19), so the check is shown on a figure an umpire let run (PHYSICAL mode).
static void test_SV_DOC_16_pace_check(void **st)
{
	(void)st;
	tw_state *s = scene();
	int f = man(s, 24, 40, SV_ROLE_RIFLEMAN);
	setup(s);
	manual(s, SV_IM_PACE, SV_PACE_WITHIN, SV_IM_PACE_P, 120); // RUN_WITHIN(12): 37" away
	SVF(s, f)->act = SV_ACT_RAN;
	s->fig[f].pos = tw_v2(24, 31);
	unsigned done_, failed;
	sv_figure_checks(s, f, &done_, &failed);
	assert_true(done_ & (1u << SV_CHK_PACE));
	assert_true(failed & (1u << SV_CHK_PACE));
	SVS(s, 0)->pace = SV_PACE_ANYTIME; // the manual that allows it
	sv_figure_checks(s, f, &done_, &failed);
	assert_false(failed & (1u << SV_CHK_PACE));
	done(s);
}

// Fire: a rifleman the manual requires to fire (IM.fire WITHIN_12, in range, outside IM.assault)
// that walks instead fails; with IM.fire NEVER the same walk passes.
static void test_SV_DOC_16_fire_check(void **st)
{
	(void)st;
	for (int never = 0; never < 2; never++) {
		tw_state *s = scene();
		int f = man(s, 24, 13, SV_ROLE_RIFLEMAN); // 10" from the gun
		setup(s);
		manual(s, SV_IM_FIRE, never ? SV_FIRE_NEVER : SV_FIRE_WITHIN_12, -1, 0);
		move(s, f, 28, 13);
		end(s);
		assert_int_equal(failures(SV_CHK_FIRE, f), never ? 0 : 1);
		done(s);
	}
}

// Cover: COVER_TO_COVER: a figure in a wood that walks out into the open fails; PREFER(3): one
// that walks past a wood 2" off its route and ends in the open fails; IGNORE passes both.
static void test_SV_DOC_16_cover_check(void **st)
{
	(void)st;
	for (int ignore = 0; ignore < 2; ignore++) {
		tw_state *s = scene();
		wood(s, 10, 50, 2);
		int a = man(s, 10, 50, SV_ROLE_RIFLEMAN);
		wood(s, 34, 47, 1.5);
		int b = man(s, 37.5, 50, SV_ROLE_RIFLEMAN); // walks to (37.5, 44): the wood 2" off the route
		setup(s);
		manual(s, SV_IM_COVER, ignore ? SV_COVER_IGNORE : SV_COVER_TO_COVER, SV_IM_COVER_P, 0);
		move(s, a, 10, 44);
		end(s);
		assert_int_equal(failures(SV_CHK_COVER, a), ignore ? 0 : 1);
		done(s);

		s = scene();
		wood(s, 34, 47, 1.5);
		b = man(s, 37.5, 50, SV_ROLE_RIFLEMAN);
		setup(s);
		manual(s, SV_IM_COVER, ignore ? SV_COVER_IGNORE : SV_COVER_PREFER, SV_IM_COVER_P, ignore ? 0 : 30);
		move(s, b, 37.5, 44);
		end(s);
		assert_int_equal(failures(SV_CHK_COVER, b), ignore ? 0 : 1);
		done(s);
	}
	// PREFER(3) with the wood 5" off the route: no cover position within D: passes.
	tw_state *s = scene();
	wood(s, 31, 47, 1.0);
	int c = man(s, 37.5, 50, SV_ROLE_RIFLEMAN);
	setup(s);
	manual(s, SV_IM_COVER, SV_COVER_PREFER, SV_IM_COVER_P, 30);
	move(s, c, 37.5, 44);
	end(s);
	assert_int_equal(failures(SV_CHK_COVER, c), 0);
	done(s);
}

// Spacing: IM.spacing 1"; two riflemen who end 4" apart (gap 3.1") fail; 2" apart (gap 1.1") pass, and
// 1.5" apart (gap 0.6", under 1 - 0.25) fail.
static void test_SV_DOC_16_spacing_check(void **st)
{
	(void)st;
	tw_state *s = scene();
	int a = man(s, 20, 50, SV_ROLE_RIFLEMAN), b = man(s, 24, 50, SV_ROLE_RIFLEMAN);
	setup(s);
	manual(s, SV_IM_SPACING, 10, -1, 0);
	move(s, a, 20, 45);
	move(s, b, 24, 45);
	end(s);
	assert_int_equal(failures(SV_CHK_SPACING, -1), 2);
	done(s);
	s = scene();
	a = man(s, 20, 50, SV_ROLE_RIFLEMAN);
	b = man(s, 22, 50, SV_ROLE_RIFLEMAN);
	setup(s);
	manual(s, SV_IM_SPACING, 10, -1, 0);
	move(s, a, 20, 45);
	move(s, b, 22, 45);
	end(s);
	assert_int_equal(failures(SV_CHK_SPACING, -1), 0);
	done(s);
	s = scene();
	a = man(s, 20, 50, SV_ROLE_RIFLEMAN);
	b = man(s, 21.5, 50, SV_ROLE_RIFLEMAN);
	setup(s);
	manual(s, SV_IM_SPACING, 10, -1, 0);
	move(s, a, 20, 45);
	move(s, b, 21.5, 45);
	end(s);
	assert_int_equal(failures(SV_CHK_SPACING, -1), 2);
	done(s);
}

// Assault: IM.assault 6"; a figure starting 5" from the gun that walks away fails; one that walks
// in passes.
static void test_SV_DOC_16_assault_check(void **st)
{
	(void)st;
	tw_state *s = scene();
	int a = man(s, 24, 8, SV_ROLE_RIFLEMAN), b = man(s, 29, 3, SV_ROLE_RIFLEMAN);
	setup(s);
	manual(s, SV_IM_ASSAULT, 60, -1, 0);
	move(s, a, 24, 12);
	move(s, b, 26.5, 3);
	end(s);
	assert_int_equal(failures(SV_CHK_ASSAULT, a), 1);
	assert_int_equal(failures(SV_CHK_ASSAULT, b), 0);
	done(s);
}

// Morale conduct: under a Pause, IM.on_pause GO_TO_GROUND: a figure that fires fails, HOLD_AND_FIRE
// lets it; under Recoil, STRAIGHT_BACK: a figure that goes off 45 degrees fails, straight back passes.
static void test_SV_DOC_16_morale_conduct_check(void **st)
{
	(void)st;
	for (int hold = 0; hold < 2; hold++) {
		tw_state *s = scene();
		int f = man(s, 24, 13, SV_ROLE_RIFLEMAN);
		setup(s);
		manual(s, SV_IM_PAUSE, hold ? SV_PAUSE_HOLD : SV_PAUSE_GROUND, -1, 0);
		SVG(s)->cond = SV_COND_PAUSE;
		tw_order_init(ord, SV_OT_FIRE, 0);
		ord->nfig = 1;
		ord->fig[0] = f;
		ok(s);
		end(s);
		assert_int_equal(failures(SV_CHK_CONDUCT, f), hold ? 0 : 1);
		done(s);
	}
	tw_state *s = scene();
	int a = man(s, 10, 40, SV_ROLE_RIFLEMAN), b = man(s, 30, 40, SV_ROLE_RIFLEMAN);
	setup(s);
	manual(s, SV_IM_RECOIL, SV_RECOIL_BACK, -1, 0);
	SVG(s)->cond = SV_COND_RECOIL;
	tw_vec2 away = tw_sub(tw_v2(10, 40), tw_v2(24, 3));
	away = tw_scale(away, 6.0 / tw_len(away));
	move(s, a, 10 + away.x, 40 + away.y);         // straight back
	move(s, b, 30 + 6 * cos(M_PI / 4), 40 + 6 * sin(M_PI / 4)); // off at about 45 degrees
	end(s);
	assert_int_equal(failures(SV_CHK_CONDUCT, a), 0);
	assert_int_equal(failures(SV_CHK_CONDUCT, b), 1);
	done(s);
}

// SV.DOC.16 force checks and SV.DOC.17: a manual requiring a bugler none fielded, and a commander
// FRONT left 8" behind, each make the force non-adhering with every figure check passed; the
// verdict changes the morale modifier by one (SV.MOR.7).
static void test_SV_DOC_17_force_checks_and_the_verdict(void **st)
{
	(void)st;
	for (int variant = 0; variant < 3; variant++) {
		tw_state *s = scene();
		int a = man(s, 20, 40, SV_ROLE_RIFLEMAN);
		int b = man(s, 22, 40, SV_ROLE_RIFLEMAN);
		int c = man(s, 21, variant == 2 ? 51 : 42, SV_ROLE_COMMANDER);
		setup(s);
		manual(s, SV_IM_BUGLER, variant == 1, SV_IM_CMD, SV_CMD_FRONT);
		move(s, a, 20, 35);
		move(s, b, 22, 35);
		move(s, c, 21, variant == 2 ? 46 : 37); // variant 2: 11" behind the front rank
		int before = sv_morale_mod_now(s);
		end(s);
		const tw_event *v = verdict_event();
		assert_int_equal(v->a, v->b); // every figure check passed
		assert_int_equal(v->b, 8);    // pace, fire, cover and spacing for each rifleman
		assert_int_equal(v->c, variant == 0);
		assert_int_equal(SVG(s)->adhering, variant == 0);
		if (variant > 0) { // the adhering +1 is gone
			assert_int_equal(sv_morale_mod_now(s), before - 1);
		}
		done(s);
	}
}

// SV.DOC.18: after the defender's phase, each gun's adherence to the Artillery Manual is logged.
static void test_SV_DOC_18_artillery_adherence_logged(void **st)
{
	(void)st;
	tw_state *s = scene();
	man(s, 24, 60, SV_ROLE_RIFLEMAN);
	setup(s);
	end(s); // the attacker's phase
	tw_order_init(ord, SV_OT_SERVE, 1);
	ord->gun = 0;
	ok(s);
	end(s);
	int n = 0;
	for (int i = 0; i < ev.n; i++)
		if (strcmp(ev.v[i].clause, "SV.DOC.18") == 0) {
			n++;
			assert_int_equal(ev.v[i].a, 0);
			assert_int_equal(ev.v[i].b, 1);
		}
	assert_int_equal(n, 1);
	done(s);
}

// SV.DOC.20: computer players follow their manual: over six turns of the bundled battle under
// three manuals, no figure fails the pace, fire, assault or conduct checks; cover and spacing fail
// by geometry only (counted: figures reaching the gun, ALTERNATE halves drawing apart); the force
// adheres from its second turn under the two manuals without ALTERNATE.
static void test_SV_DOC_20_computer_players_adhere(void **st)
{
	(void)st;
	reg();
	static const int man_slots[3][6] = {
		{SV_IM_COVER, SV_COVER_PREFER, SV_IM_FMODE, SV_FMODE_ALTERNATE, SV_IM_PAUSE, SV_PAUSE_HOLD},
		{SV_IM_COVER, SV_COVER_TO_COVER, SV_IM_PAUSE, SV_PAUSE_GROUND, SV_IM_RECOIL, SV_RECOIL_HARD},
		{SV_IM_COVER, SV_COVER_IGNORE, SV_IM_FIRE, SV_FIRE_WITHIN_6, SV_IM_PAUSE, SV_PAUSE_SIDESTEP},
	};
	tw_order *o = malloc(sizeof *o);
	for (int v = 0; v < 3; v++) {
		tw_state s0 = {0};
		tw_error err = {0};
		if (tw_state_load(&s0, "scenarios/svl/battle.json", &err) != TW_OK)
			fail_msg("%s: %s", err.clause, err.message);
		s0.params[SVP_CONSTRAINTS] = 0;
		tw_game *g = tw_game_new(&s0, 11 + (uint64_t)v, NULL, &err);
		assert_non_null(g);
		const tw_state *s = tw_game_state(g);
		tw_sv_manual m;
		tw_sv_manual_default(&m, TW_SV_INFANTRY, TW_SV_SYLVANIA);
		m.v[SV_IM_PACE] = SV_PACE_WITHIN;
		m.v[SV_IM_PACE_P] = 120;
		for (int i = 0; i < 6; i += 2)
			m.v[man_slots[v][i]] = man_slots[v][i + 1];
		m.v[SV_IM_COVER_P] = m.v[SV_IM_COVER] == SV_COVER_PREFER ? 40 : 0;
		m.v[SV_IM_CMD] = SV_CMD_FRONT;
		sv_manual_to_order(&m, 0, o);
		if (tw_game_apply(g, o, NULL, NULL, &err) != TW_OK)
			fail_msg("manual: %s %s %s", err.clause, err.path, err.message);
		int fails[SV_CHK_COUNT] = {0}, orders = 0, verdicts = 0, adhering = 0;
		while (!s->over && SVG(s)->turn <= 6 && orders < 600) {
			assert_int_equal(tw_ruleset_svl.random_orders(s, s->mover, NULL, o, 1), 1);
			int first, count;
			if (tw_game_apply(g, o, &first, &count, &err) != TW_OK)
				fail_msg("order %d: %s %s", orders, err.clause, err.message);
			const tw_events *evs = tw_game_events(g);
			for (int i = first; i < first + count; i++) {
				const tw_event *e = &evs->v[i];
				if (strcmp(e->clause, "SV.DOC.16") == 0 && e->a >= 0)
					fails[e->b]++;
				verdicts += strcmp(e->clause, "SV.DOC.17") == 0;
				adhering += strcmp(e->clause, "SV.DOC.17") == 0 && e->c;
			}
			orders++;
		}
		assert_true(verdicts >= 5);
		if (v > 0) // the company in step: adhering from turn 2 (the commander starts 5.5" behind the front)
			assert_true(adhering >= verdicts - 1);
		assert_int_equal(fails[SV_CHK_PACE], 0);
		assert_int_equal(fails[SV_CHK_FIRE], 0);
		assert_int_equal(fails[SV_CHK_ASSAULT], 0);
		if (fails[SV_CHK_CONDUCT] != 0 || fails[SV_CHK_COVER] > 5)
			fail_msg("manual %d: conduct %d, cover %d, spacing %d", v, fails[SV_CHK_CONDUCT], fails[SV_CHK_COVER],
				 fails[SV_CHK_SPACING]);
		print_message("manual %d: %d verdicts, %d adhering; geometry: cover %d, spacing %d failures\n", v, verdicts, adhering,
			      fails[SV_CHK_COVER], fails[SV_CHK_SPACING]);
		tw_game_free(g);
		tw_state_free(&s0);
	}
	free(o);
}

static int teardown(void **st)
{
	(void)st;
	free(ord);
	ord = NULL;
	tw_events_free(&ev);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_SV_DOC_16_pace_check),
		cmocka_unit_test(test_SV_DOC_16_fire_check),
		cmocka_unit_test(test_SV_DOC_16_cover_check),
		cmocka_unit_test(test_SV_DOC_16_spacing_check),
		cmocka_unit_test(test_SV_DOC_16_assault_check),
		cmocka_unit_test(test_SV_DOC_16_morale_conduct_check),
		cmocka_unit_test(test_SV_DOC_17_force_checks_and_the_verdict),
		cmocka_unit_test(test_SV_DOC_18_artillery_adherence_logged),
		cmocka_unit_test(test_SV_DOC_20_computer_players_adhere),
	};
	return cmocka_run_group_tests(tests, NULL, teardown);
}
