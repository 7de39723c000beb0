// LW.FIRE.1-5: what a shot kills. Contact lists are built by hand for exact answers; the last
// test goes end to end through the fast shot model.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "core/shot_fast.h"
#include "rules/littlewars/lw.h"
#include "scene.h"

static void add(tw_shot_result *r, int32_t fig, double t, int how, int via)
{
	tw_shot_contact *c = &r->contacts[r->ncontacts++];
	memset(c, 0, sizeof *c);
	c->figure = fig;
	c->t = t;
	c->how = (uint8_t)how;
	c->via = (uint8_t)via;
	c->speed = via == TW_VIA_FALL ? 0 : 300;
}

static void empty(tw_shot_result *r)
{
	memset(r, 0, sizeof *r);
	r->blocked_by = -1;
}

static const tw_event *event_for(const tw_events *ev, int type, int32_t fig)
{
	for (int i = 0; i < ev->n; i++)
		if (ev->v[i].type == type && ev->v[i].a == fig)
			return &ev->v[i];
	return NULL;
}

// A red gun at (36, 4) and a blue line at y = 30; returns the state, fills ids.
static tw_state *scene(int32_t *men, int n, int *gun)
{
	tw_state *s = tw_test_lw_state(72, 48, 4, 0);
	*gun = tw_test_gun(s, 0, 36, 4, 0);
	for (int i = 0; i < n; i++)
		men[i] = tw_test_man(s, 1, TW_FK_INFANTRY, 30 + 1.5 * i, 30);
	return s;
}

static void test_LW_FIRE_1_knocked_and_felled_die(void **st)
{
	(void)st;
	int32_t m[5];
	int gun;
	tw_state *s = scene(m, 5, &gun);
	tw_shot_result r;
	empty(&r);
	add(&r, m[0], 0.10, TW_CONTACT_KNOCKED, TW_VIA_FLIGHT);
	add(&r, m[1], 0.20, TW_CONTACT_LEANING, TW_VIA_FLIGHT);
	add(&r, m[2], 0.25, TW_CONTACT_FELLED, TW_VIA_FALL);
	add(&r, m[3], 0.30, TW_CONTACT_FELLED, TW_VIA_FALL); // no limit to how many (LW.FIRE.1)
	tw_events ev = {0};
	assert_int_equal(lw_apply_shot_kills(s, &r, gun, &ev), 4);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(s->fig[m[i]].status, TW_FS_DEAD);
		const tw_event *e = event_for(&ev, TW_EV_KILL, m[i]);
		assert_non_null(e);
		assert_string_equal(e->clause, "LW.FIRE.1");
		assert_int_equal(e->side, 1);
		assert_true(e->x == s->fig[m[i]].pos.x && e->y == s->fig[m[i]].pos.y);
	}
	assert_int_equal(s->fig[m[4]].status, TW_FS_ACTIVE);
	assert_int_equal(event_for(&ev, TW_EV_KILL, m[0])->b, 1);
	assert_int_equal(event_for(&ev, TW_EV_KILL, m[2])->b, 3);
	char want[80];
	snprintf(want, sizeof want, "Blue infantryman #%d knocked over by the shot: dead", m[0]);
	assert_string_equal(event_for(&ev, TW_EV_KILL, m[0])->text, want);
	snprintf(want, sizeof want, "Blue infantryman #%d felled by a falling man: dead", m[2]);
	assert_string_equal(event_for(&ev, TW_EV_KILL, m[2])->text, want);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_FIRE_2_first_touch_dies_only_if_none_knocked_before(void **st)
{
	(void)st;
	int32_t m[4];
	int gun;
	tw_state *s = scene(m, 4, &gun);
	tw_shot_result r;
	empty(&r);
	add(&r, m[0], 0.10, TW_CONTACT_TOUCHED, TW_VIA_FLIGHT); // first touch, nobody down yet
	add(&r, m[1], 0.20, TW_CONTACT_KNOCKED, TW_VIA_FLIGHT);
	add(&r, m[2], 0.30, TW_CONTACT_TOUCHED, TW_VIA_FLIGHT); // a second touch never kills
	tw_events ev = {0};
	assert_int_equal(lw_apply_shot_kills(s, &r, gun, &ev), 2);
	assert_int_equal(s->fig[m[0]].status, TW_FS_DEAD);
	assert_int_equal(s->fig[m[1]].status, TW_FS_DEAD);
	assert_int_equal(s->fig[m[2]].status, TW_FS_ACTIVE);
	const tw_event *e = event_for(&ev, TW_EV_KILL, m[0]);
	assert_non_null(e);
	assert_int_equal(e->b, 2);
	assert_string_equal(e->clause, "LW.FIRE.2");
	e = event_for(&ev, TW_EV_TOUCH, m[2]);
	assert_non_null(e);
	assert_string_equal(e->clause, "LW.FIRE.2");
	assert_null(event_for(&ev, TW_EV_KILL, m[2]));
	tw_events_clear(&ev);

	// At most one man dies of a touch, and it is the first one touched.
	tw_test_free(s);
	s = scene(m, 4, &gun);
	empty(&r);
	add(&r, m[0], 0.10, TW_CONTACT_TOUCHED, TW_VIA_FLIGHT);
	add(&r, m[1], 0.15, TW_CONTACT_TOUCHED, TW_VIA_REBOUND);
	add(&r, m[2], 0.20, TW_CONTACT_TOUCHED, TW_VIA_ROLL);
	assert_int_equal(lw_apply_shot_kills(s, &r, gun, &ev), 1);
	assert_int_equal(s->fig[m[0]].status, TW_FS_DEAD);
	assert_int_equal(s->fig[m[1]].status, TW_FS_ACTIVE);
	assert_int_equal(s->fig[m[2]].status, TW_FS_ACTIVE);
	assert_non_null(event_for(&ev, TW_EV_TOUCH, m[1]));
	assert_non_null(event_for(&ev, TW_EV_TOUCH, m[2]));
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_FIRE_2_touch_after_knock_survives(void **st)
{
	(void)st;
	int32_t m[3];
	int gun;
	tw_state *s = scene(m, 3, &gun);
	tw_shot_result r;
	empty(&r);
	add(&r, m[0], 0.10, TW_CONTACT_KNOCKED, TW_VIA_FLIGHT);
	add(&r, m[1], 0.12, TW_CONTACT_TOUCHED, TW_VIA_FLIGHT); // the first touch, but after a knock
	tw_events ev = {0};
	assert_int_equal(lw_apply_shot_kills(s, &r, gun, &ev), 1);
	assert_int_equal(s->fig[m[0]].status, TW_FS_DEAD);
	assert_int_equal(s->fig[m[1]].status, TW_FS_ACTIVE);
	const tw_event *e = event_for(&ev, TW_EV_TOUCH, m[1]);
	assert_non_null(e);
	assert_int_equal(e->side, 1);
	assert_non_null(strstr(e->text, "unharmed"));
	tw_events_clear(&ev);

	// A man felled by a falling man counts as knocked down too (LW.FIRE.1), even when the
	// contact list was not sorted by the caller.
	tw_test_free(s);
	s = scene(m, 3, &gun);
	empty(&r);
	add(&r, m[1], 0.30, TW_CONTACT_TOUCHED, TW_VIA_ROLL);
	add(&r, m[0], 0.20, TW_CONTACT_FELLED, TW_VIA_FALL);
	assert_int_equal(lw_apply_shot_kills(s, &r, gun, &ev), 1);
	assert_int_equal(s->fig[m[1]].status, TW_FS_ACTIVE);
	assert_int_equal(s->fig[m[0]].status, TW_FS_DEAD);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_FIRE_3_rebound_and_roll_kill(void **st)
{
	(void)st;
	int32_t m[3];
	int gun;
	tw_state *s = scene(m, 3, &gun);
	tw_shot_result r;
	empty(&r);
	add(&r, m[0], 0.50, TW_CONTACT_TOUCHED, TW_VIA_ROLL); // rolls up to his feet: first touch
	add(&r, m[1], 0.60, TW_CONTACT_KNOCKED, TW_VIA_REBOUND);
	tw_events ev = {0};
	assert_int_equal(lw_apply_shot_kills(s, &r, gun, &ev), 2);
	assert_int_equal(s->fig[m[0]].status, TW_FS_DEAD);
	assert_int_equal(s->fig[m[1]].status, TW_FS_DEAD);
	const tw_event *e0 = event_for(&ev, TW_EV_KILL, m[0]), *e1 = event_for(&ev, TW_EV_KILL, m[1]);
	assert_string_equal(e0->clause, "LW.FIRE.3");
	assert_string_equal(e1->clause, "LW.FIRE.3");
	assert_int_equal(e0->b, 2);
	assert_int_equal(e0->c, TW_VIA_ROLL);
	assert_non_null(strstr(e0->text, "rolling shot"));
	assert_non_null(strstr(e1->text, "rebounding shot"));
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_FIRE_4_own_men_die(void **st)
{
	(void)st;
	int32_t m[1];
	int gun;
	tw_state *s = scene(m, 1, &gun);
	int own = tw_test_man(s, 0, TW_FK_CAVALRY, 36, 12);
	tw_shot_result r;
	empty(&r);
	add(&r, own, 0.02, TW_CONTACT_KNOCKED, TW_VIA_FLIGHT);
	add(&r, m[0], 0.10, TW_CONTACT_TOUCHED, TW_VIA_FLIGHT);
	tw_events ev = {0};
	assert_int_equal(lw_apply_shot_kills(s, &r, gun, &ev), 1);
	assert_int_equal(s->fig[own].status, TW_FS_DEAD);
	assert_int_equal(s->fig[m[0]].status, TW_FS_ACTIVE); // touched after the knock
	const tw_event *e = event_for(&ev, TW_EV_KILL, own);
	assert_non_null(e);
	assert_string_equal(e->clause, "LW.FIRE.4");
	assert_int_equal(e->side, 0);
	assert_int_equal(e->d, gun);
	assert_non_null(strstr(e->text, "Red cavalryman"));
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_FIRE_5_prisoners_hit_guns_undamaged(void **st)
{
	(void)st;
	int32_t m[3];
	int gun;
	tw_state *s = scene(m, 3, &gun);
	int other_gun = tw_test_gun(s, 1, 36, 40, 180);
	tw_test_box(s, TW_TER_HOUSE, 10, 20, 16, 26, 5);
	// m[0] is a red prisoner of blue, escorted by blue m[1]; m[2] is a second prisoner with him.
	s->fig[m[0]].side = 0;
	s->fig[m[0]].status = LW_FS_PRISONER;
	LWF(s, &s->fig[m[0]])->captor = 1;
	LWF(s, &s->fig[m[0]])->escort = m[1];
	int p2 = tw_test_man(s, 0, TW_FK_INFANTRY, 40, 30);
	s->fig[p2].status = LW_FS_PRISONER;
	LWF(s, &s->fig[p2])->captor = 1;
	LWF(s, &s->fig[p2])->escort = m[1];
	tw_gun g0 = s->gun[gun], g1 = s->gun[other_gun];
	tw_terrain house = s->table.terrain[0];
	tw_shot_result r;
	empty(&r);
	add(&r, m[0], 0.10, TW_CONTACT_KNOCKED, TW_VIA_FLIGHT);
	add(&r, m[1], 0.20, TW_CONTACT_FELLED, TW_VIA_FALL);
	tw_events ev = {0};
	assert_int_equal(lw_apply_shot_kills(s, &r, gun, &ev), 2);
	assert_int_equal(s->fig[m[0]].status, TW_FS_DEAD);
	assert_int_equal(LWF(s, &s->fig[m[0]])->captor, -1);
	assert_int_equal(LWF(s, &s->fig[m[0]])->escort, -1);
	assert_int_equal(s->fig[m[1]].status, TW_FS_DEAD);
	// His other prisoner has lost his escort (LW.MEL.12-14 deal with him at the end of the move).
	assert_int_equal(s->fig[p2].status, LW_FS_PRISONER);
	assert_int_equal(LWF(s, &s->fig[p2])->escort, -1);
	const tw_event *e = event_for(&ev, TW_EV_KILL, m[0]);
	assert_string_equal(e->clause, "LW.FIRE.5");
	assert_int_equal(e->side, 0);
	assert_non_null(strstr(e->text, "prisoner"));
	// Guns and terrain are not damaged.
	assert_memory_equal(&s->gun[gun], &g0, sizeof g0);
	assert_memory_equal(&s->gun[other_gun], &g1, sizeof g1);
	assert_memory_equal(&s->table.terrain[0], &house, sizeof house);
	// The dead stay dead: a second shot listing them again changes nothing.
	tw_events_clear(&ev);
	assert_int_equal(lw_apply_shot_kills(s, &r, gun, &ev), 0);
	assert_int_equal(ev.n, 0);
	tw_events_free(&ev);
	tw_test_free(s);
}

// End to end: a red gun fires the fast model at a blue column; the knocked man and those his
// fall brings down are dead, everyone else stands.
// Clauses: 
static void test_LW_FIRE_end_to_end_fast_model(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(72, 60, 4, 0);
	int gun = tw_test_gun(s, 0, 36, 2, 0);
	int a = tw_test_man(s, 1, TW_FK_INFANTRY, 36, 30);
	int b = tw_test_man(s, 1, TW_FK_INFANTRY, 36, 31.5);
	int off = tw_test_man(s, 1, TW_FK_INFANTRY, 50, 30);
	tw_shot_request q;
	memset(&q, 0, sizeof q);
	q.gun = gun;
	q.origin = tw_gun_muzzle(&s->gun[gun]);
	q.z0 = 1.0;
	q.bearing = tw_bearing_deg(tw_sub(s->fig[a].pos, q.origin));
	q.elevation = tw_shot_fast_elevation_for_range(tw_dist(q.origin, s->fig[a].pos), 1.0, 1.2);
	q.aim_sigma = 0;
	tw_shot_result r;
	const tw_shot_model *m = tw_shot_model_fast();
	assert_int_equal(m->fire(m, s, &q, &s->rng, &r), TW_OK);
	tw_events ev = {0};
	int killed = lw_apply_shot_kills(s, &r, gun, &ev);
	assert_int_equal(killed, 2);
	assert_int_equal(s->fig[a].status, TW_FS_DEAD);
	assert_int_equal(s->fig[b].status, TW_FS_DEAD);
	assert_int_equal(s->fig[off].status, TW_FS_ACTIVE);
	assert_int_equal(event_for(&ev, TW_EV_KILL, a)->b, 1);
	assert_int_equal(event_for(&ev, TW_EV_KILL, b)->b, 3);
	// Every knocked or felled contact is a death.
	for (int i = 0; i < r.ncontacts; i++)
		if (r.contacts[i].how != TW_CONTACT_TOUCHED)
			assert_int_equal(s->fig[r.contacts[i].figure].status, TW_FS_DEAD);
	tw_events_free(&ev);
	tw_test_free(s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_LW_FIRE_1_knocked_and_felled_die),
		cmocka_unit_test(test_LW_FIRE_2_first_touch_dies_only_if_none_knocked_before),
		cmocka_unit_test(test_LW_FIRE_2_touch_after_knock_survives),
		cmocka_unit_test(test_LW_FIRE_3_rebound_and_roll_kill),
		cmocka_unit_test(test_LW_FIRE_4_own_men_die),
		cmocka_unit_test(test_LW_FIRE_5_prisoners_hit_guns_undamaged),
		cmocka_unit_test(test_LW_FIRE_end_to_end_fast_model),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
