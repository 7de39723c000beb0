// Little Wars: isolation and melee (LW.MEL.1-9, 15) and the worked examples LW.EX.1-3, 6-10, 18.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rules/littlewars/lw.h"
#include "scene.h"

#define INF TW_FK_INFANTRY
#define CAV TW_FK_CAVALRY
#define RED 0
#define BLUE 1
#define n_status tw_state_count
#define n_events tw_test_count_events

// ---- helpers ----

static const tw_event *nth_event(const tw_events *ev, int type, int nth)
{
	for (int i = 0; i < ev->n; i++)
		if (ev->v[i].type == type && nth-- == 0)
			return &ev->v[i];
	return NULL;
}

// Free men of `side` within 6 in of gun g (LW.MOB.4), computed independently of the engine.
static int crew(const tw_state *s, int g, int side)
{
	const tw_gun *gun = tw_state_gun_c(s, g);
	int c = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side == side && f->status == TW_FS_ACTIVE &&
		    tw_gun_distance(gun, f->pos) - f->radius <= 6.0)
			c++;
	}
	return c;
}

static tw_status judge(tw_state *s, tw_events *ev)
{
	tw_error err;
	tw_error_clear(&err);
	tw_status st = lw_judge_melees(s, NULL, false, ev, &err);
	assert_int_equal(st, TW_OK);
	return st;
}

static double radius_of(int kind)
{
	return kind == CAV ? 0.5 : 0.3;
}

// Two rows in contact: `na` men of side a at y (kind ka), `nb` men of side b just beyond them
// (gap 0.05 in), both starting at x, spaced so neighbours keep 1/16 in. Returns first id of a's row;
// *first_b gets b's.
static int rows_in_contact(tw_state *s, int a, int ka, int na, int b, int kb, int nb, double x, double y,
                           int *first_b)
{
	double dx = 2 * fmax(radius_of(ka), radius_of(kb)) + 0.1;
	double off = radius_of(ka) + radius_of(kb) + 0.05;
	double dir = s->sides[a].forward;
	int fa = tw_test_row(s, a, ka, na, x, y, dx);
	int fb = tw_test_row(s, b, kb, nb, x, y + dir * off, dx);
	if (first_b)
		*first_b = fb;
	return fa;
}

// A body of n Blue infantry with k Blue infantry supporters 9.4 in (gap) behind them.
static bool isolated_scene(int n, int k, int *supporters)
{
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	int32_t body[64];
	int first = tw_test_row(s, BLUE, INF, n, 10, 30, 0.7);
	for (int i = 0; i < n; i++)
		body[i] = first + i;
	tw_test_row(s, BLUE, INF, k, 10, 40, 0.7);
	*supporters = lw_supporters(s, BLUE, body, n, NULL);
	bool iso = lw_is_isolated(s, BLUE, body, n, NULL);
	tw_test_free(s);
	return iso;
}

// ---- LW.MEL.1 and LW.EX.10: support ----

static void test_LW_MEL_1_support_thresholds(void **st)
{
	(void)st;
	int sup;
	// 18 needs 9, 13 needs 7 (6.5 rounded up), 6 needs 3.
	assert_true(isolated_scene(18, 8, &sup));
	assert_int_equal(sup, 8);
	assert_false(isolated_scene(18, 9, &sup));
	assert_true(isolated_scene(13, 6, &sup));
	assert_false(isolated_scene(13, 7, &sup));
	assert_true(isolated_scene(6, 2, &sup));
	assert_false(isolated_scene(6, 3, &sup));
	assert_false(isolated_scene(1, 1, &sup));
	assert_true(isolated_scene(1, 0, &sup));
}

static void test_LW_MEL_1_supporter_within_his_own_move(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	int b = tw_test_man(s, BLUE, INF, 50, 40);
	int32_t body[1] = {b};
	// Infantry support within 12 in (gap), cavalry within 24 in.
	tw_test_man(s, BLUE, INF, 50, 40 + 0.6 + 11.9); // gap 11.9: supports
	tw_test_man(s, BLUE, INF, 50 - 0.6 - 12.1, 40); // gap 12.1 for a 12 in mover: no
	tw_test_man(s, BLUE, CAV, 50 + 0.8 + 23.9, 40); // cavalry, gap 23.9: supports
	tw_test_man(s, BLUE, CAV, 50, 40 - 0.8 - 24.2); // cavalry, gap 24.2: no
	tw_test_man(s, RED, INF, 52, 40);               // enemy: never
	int p = tw_test_man(s, BLUE, INF, 48, 40);      // a prisoner: not free (LW.MEL.13/15)
	s->fig[p].status = LW_FS_PRISONER;
	LWF(s, &s->fig[p])->captor = RED;
	int fr = tw_test_man(s, BLUE, INF, 48, 42); // a freed, unrearmed man: not free
	s->fig[fr].status = LW_FS_FREED;
	assert_int_equal(lw_supporters(s, BLUE, body, 1, NULL), 2);
	// Excluded men (participants of a melee) do not support.
	uint8_t *ex = calloc((size_t)s->nfig, 1);
	ex[1] = 1;
	assert_int_equal(lw_supporters(s, BLUE, body, 1, ex), 1);
	free(ex);
	// Body members themselves never count.
	int32_t body2[2] = {b, 1};
	assert_int_equal(lw_supporters(s, BLUE, body2, 2, NULL), 1);
	tw_test_free(s);
}

static void test_LW_EX_10_isolation_thresholds(void **st)
{
	(void)st;
	int sup;
	assert_true(isolated_scene(18, 2, &sup)); // the Hook's Farm cavalry: 2 of the 9 needed
	assert_int_equal(sup, 2);
	assert_true(isolated_scene(6, 2, &sup)); // 6 needs at least 3
	assert_false(isolated_scene(6, 3, &sup));
	assert_true(isolated_scene(13, 5, &sup));  // 13 with 5 is isolated
	assert_false(isolated_scene(13, 7, &sup)); // 13 with 7 is supported
}

// ---- LW.MEL.5-7: arithmetic ----

static void check_math(int L, int S, bool iso, int dl, int ds, int p, int clause)
{
	lw_melee_result r = lw_melee_math(L, S, iso);
	assert_int_equal(r.dead_large, dl);
	assert_int_equal(r.dead_small, ds);
	assert_int_equal(r.prisoners, p);
	assert_int_equal(r.clause, clause);
}

static void test_LW_MEL_5_equal_numbers_all_die(void **st)
{
	(void)st;
	check_math(20, 20, false, 20, 20, 0, 5);
	check_math(3, 3, true, 3, 3, 0, 5);
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	rows_in_contact(s, RED, INF, 3, BLUE, INF, 3, 10, 20, NULL);
	tw_events ev = {0};
	judge(s, &ev);
	assert_int_equal(n_status(s, RED, TW_FS_DEAD), 3);
	assert_int_equal(n_status(s, BLUE, TW_FS_DEAD), 3);
	const tw_event *m = nth_event(&ev, TW_EV_MELEE, 0);
	assert_non_null(m);
	assert_string_equal(m->clause, "LW.MEL.5");
	assert_int_equal(m->d, 5);
	assert_int_equal(n_events(&ev, TW_EV_KILL), 6);
	tw_events_free(&ev);
	tw_test_free(s);
}

// LW.MEL.2/4: every participant is announced right after his melee, before its dead and
// prisoners: the men in contact (LW.MEL.2) apart from the men drawn in within 6 in of one of
// them (LW.MEL.4, one step only). Red 0-2 touch blue 5-7; red 3, 4 and 9 and blue 8 are drawn
// in; red 10 is far off, and blue 11 is 6.15 in from the nearest blue man in contact (and within
// 6 in only of blue 8, who is himself drawn in), so neither takes part.
static void test_LW_MEL_4_members_announced(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	assert_int_equal(tw_test_row(s, RED, INF, 5, 10, 20, 0.7), 0);
	assert_int_equal(tw_test_row(s, BLUE, INF, 3, 10, 20.65, 0.7), 5);
	assert_int_equal(tw_test_man(s, BLUE, INF, 10.7, 26), 8);
	assert_int_equal(tw_test_man(s, RED, INF, 11.4, 13.5), 9);
	assert_int_equal(tw_test_man(s, RED, INF, 40, 13.5), 10);
	assert_int_equal(tw_test_man(s, BLUE, INF, 11.4, 27.4), 11);
	tw_vec2 at[12];
	for (int i = 0; i < 12; i++)
		at[i] = s->fig[i].pos;
	tw_events ev = {0};
	judge(s, &ev);
	assert_int_equal(n_events(&ev, TW_EV_MELEE), 1);
	const tw_event *m = nth_event(&ev, TW_EV_MELEE, 0);
	assert_int_equal(m->b, 6); // red 0-4 and 9
	assert_int_equal(m->c, 4); // blue 5-8
	// expected role per figure: 1 in contact, 0 drawn in, -1 no part
	static const int want[12] = {1, 1, 1, 0, 0, 1, 1, 1, 0, 0, -1, -1};
	int seen[12] = {0}, n = 0, mi = (int)(m - ev.v), first_loss = ev.n;
	for (int i = 0; i < ev.n; i++)
		if ((ev.v[i].type == TW_EV_KILL || ev.v[i].type == TW_EV_PRISONER) && i < first_loss)
			first_loss = i;
	int prev = -1;
	for (int i = 0; i < ev.n; i++) {
		const tw_event *e = &ev.v[i];
		if (e->type != TW_EV_MELEE_MEMBER)
			continue;
		n++;
		assert_true(i > mi && i < first_loss); // after the melee, before its losses
		assert_in_range(e->a, 0, 11);
		assert_true(e->a > prev); // by figure id, each once
		prev = e->a;
		seen[e->a] = 1;
		assert_int_equal(e->b, m->a);
		assert_int_equal(e->c, want[e->a]);
		assert_string_equal(e->clause, want[e->a] ? "LW.MEL.2" : "LW.MEL.4");
		assert_int_equal(e->side, s->fig[e->a].side);
		assert_true(e->x == at[e->a].x && e->y == at[e->a].y);
		assert_string_equal(tw_event_type_name((tw_event_type)e->type), "melee_member");
	}
	assert_int_equal(n, 10);
	for (int i = 0; i < 12; i++)
		assert_int_equal(seen[i], want[i] >= 0);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_MEL_6_isolated_arithmetic(void **st)
{
	(void)st;
	check_math(11, 9, true, 7, 7, 2, 6);    // LW.EX.1
	check_math(19, 13, true, 7, 7, 6, 6);   // LW.EX.2
	check_math(14, 12, true, 10, 10, 2, 6); // LW.EX.3
	check_math(21, 18, true, 15, 15, 3, 6); // LW.EX.6
	check_math(9, 6, true, 3, 3, 3, 6);     // LW.EX.9
	check_math(8, 2, true, 0, 0, 2, 6);     // LW.EX.18: already double, all captured
	check_math(8, 5, true, 2, 2, 3, 6);
	check_math(8, 4, true, 0, 0, 4, 6);  // exactly double
	check_math(9, 11, true, 7, 7, 2, 6); // arguments the wrong way round
}

static void test_LW_MEL_6_whole_smaller_side_captured_when_double(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	rows_in_contact(s, RED, INF, 10, BLUE, INF, 4, 10, 20, NULL);
	tw_events ev = {0};
	judge(s, &ev);
	assert_int_equal(n_status(s, BLUE, LW_FS_PRISONER), 4);
	assert_int_equal(n_status(s, BLUE, TW_FS_DEAD), 0);
	assert_int_equal(n_status(s, RED, TW_FS_DEAD), 0);
	assert_int_equal(n_status(s, RED, TW_FS_ACTIVE), 10);
	assert_int_equal(n_events(&ev, TW_EV_PRISONER), 4);
	assert_int_equal(n_events(&ev, TW_EV_ESCORT), 4);
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].status == LW_FS_PRISONER) {
			assert_int_equal(LWF(s, &s->fig[i])->captor, RED);
			assert_true(LWF(s, &s->fig[i])->escort >= 0);
		}
	tw_events_free(&ev);
	tw_test_free(s);
}

// LW.MEL.6: support is counted from the points of contact. Blue has 3 men in contact and a
// fourth participant 5.35 in behind them; two Blue men stand within 12 in of that fourth man but
// not of the men in contact, so they do not support.
static void mel6_scene(double support_y, int *pris, int *dead_blue, int *dead_red, int *clause)
{
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	tw_test_row(s, RED, INF, 5, 10, 20, 0.7);
	tw_test_row(s, BLUE, INF, 3, 10, 20.65, 0.7);
	tw_test_man(s, BLUE, INF, 10.7, 26);
	tw_test_row(s, BLUE, INF, 2, 10.4, support_y, 0.7);
	tw_events ev = {0};
	judge(s, &ev);
	const tw_event *m = nth_event(&ev, TW_EV_MELEE, 0);
	assert_non_null(m);
	assert_int_equal(m->b, 5);
	assert_int_equal(m->c, 4);
	*clause = m->d;
	*pris = n_status(s, BLUE, LW_FS_PRISONER);
	*dead_blue = n_status(s, BLUE, TW_FS_DEAD);
	*dead_red = n_status(s, RED, TW_FS_DEAD);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_MEL_6_support_counted_from_points_of_contact(void **st)
{
	(void)st;
	int p, db, dr, c;
	mel6_scene(37, &p, &db, &dr, &c); // 11 in from the rear participant, 16 in from the contact
	assert_int_equal(c, 6);
	assert_int_equal(p, 1);
	assert_int_equal(db, 3);
	assert_int_equal(dr, 3);
	mel6_scene(31, &p, &db, &dr, &c); // within 12 in of the men in contact
	assert_int_equal(c, 7);
	assert_int_equal(p, 0);
	assert_int_equal(db, 4);
	assert_int_equal(dr, 4);
}

static void test_LW_MEL_7_supported_arithmetic(void **st)
{
	(void)st;
	check_math(20, 13, false, 13, 13, 0, 7); // LW.EX.7
	check_math(8, 5, false, 5, 5, 0, 7);     // LW.EX.18
	check_math(100, 1, false, 1, 1, 0, 7);
}

// ---- LW.MEL.2-4: contact and participants ----

static void test_LW_MEL_2_contact_is_within_an_eighth(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	tw_test_man(s, RED, INF, 10, 20);
	tw_test_man(s, BLUE, INF, 10, 20 + 0.6 + 0.125); // exactly 1/8 in: contact
	tw_test_man(s, RED, INF, 40, 20);
	tw_test_man(s, BLUE, INF, 40, 20 + 0.6 + 0.13); // 0.13 in: not contact
	tw_events ev = {0};
	judge(s, &ev);
	assert_int_equal(n_events(&ev, TW_EV_MELEE), 1);
	assert_int_equal(s->fig[0].status, TW_FS_DEAD);
	assert_int_equal(s->fig[1].status, TW_FS_DEAD);
	assert_int_equal(s->fig[2].status, TW_FS_ACTIVE);
	assert_int_equal(s->fig[3].status, TW_FS_ACTIVE);
	tw_events_free(&ev);
	tw_test_free(s);
}

// LW.MEL.2: a man in contact stays until the move ends; the judging at the end of the move
// (this function) is where contact takes effect, and it clears the contact flag of the men
// it judged. Keeping men in contact during the move is the movement code's job.
static void test_LW_MEL_2_contact_resolved_at_end_of_move(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	rows_in_contact(s, RED, INF, 4, BLUE, INF, 1, 10, 20, NULL);
	for (int i = 0; i < s->nfig; i++)
		LWF(s, &s->fig[i])->marks |= LW_MARK_CONTACT;
	judge(s, NULL); // ev may be NULL
	for (int i = 0; i < s->nfig; i++)
		assert_false(LWF(s, &s->fig[i])->marks & LW_MARK_CONTACT);
	assert_int_equal(n_status(s, BLUE, LW_FS_PRISONER), 1);
	tw_test_free(s);
}

static void test_LW_MEL_3_melee_forms_when_movers_men_in_contact(void **st)
{
	(void)st;
	// Blue is the mover: the melee is Blue's, and b counts Blue's participants.
	tw_state *s = tw_test_lw_state(120, 96, 6, BLUE);
	rows_in_contact(s, BLUE, INF, 5, RED, INF, 3, 10, 50, NULL);
	tw_events ev = {0};
	judge(s, &ev);
	const tw_event *m = nth_event(&ev, TW_EV_MELEE, 0);
	assert_non_null(m);
	assert_int_equal(m->side, BLUE);
	assert_int_equal(m->a, 1);
	assert_int_equal(m->b, 5);
	assert_int_equal(m->c, 3);
	assert_int_equal(LWG(s)->melees, 1);
	tw_events_free(&ev);
	// No contact, no melee.
	tw_state *q = tw_test_lw_state(120, 96, 6, BLUE);
	tw_test_man(q, BLUE, INF, 10, 50);
	tw_test_man(q, RED, INF, 10, 48);
	judge(q, &ev);
	assert_int_equal(ev.n, 0);
	assert_int_equal(LWG(q)->melees, 0);
	tw_events_free(&ev);
	tw_test_free(q);
	tw_test_free(s);
}

static void test_LW_MEL_4_participants_one_step_no_chain(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	int r = tw_test_man(s, RED, INF, 10, 20);
	int b = tw_test_man(s, BLUE, INF, 10, 20.65);
	int r2 = tw_test_man(s, RED, INF, 10, 14.5);     // 4.9 in from r: participant
	int r3 = tw_test_man(s, RED, INF, 10, 9.5);      // 4.4 in from r2 only: no chaining
	int b2 = tw_test_man(s, BLUE, INF, 16.5, 20.65); // 5.9 in from b: participant
	tw_events ev = {0};
	judge(s, &ev);
	const tw_event *m = nth_event(&ev, TW_EV_MELEE, 0);
	assert_int_equal(m->b, 2);
	assert_int_equal(m->c, 2);
	assert_int_equal(s->fig[r].status, TW_FS_DEAD);
	assert_int_equal(s->fig[b].status, TW_FS_DEAD);
	assert_int_equal(s->fig[r2].status, TW_FS_DEAD);
	assert_int_equal(s->fig[b2].status, TW_FS_DEAD);
	assert_int_equal(s->fig[r3].status, TW_FS_ACTIVE);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_MEL_4_reach_measured_from_figure_edges(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	tw_test_man(s, RED, INF, 10, 20);
	tw_test_man(s, RED, INF, 20, 20); // far from everything
	tw_test_man(s, BLUE, INF, 10, 20.65);
	tw_test_man(s, BLUE, CAV, 10, 20.65 + 6.7); // centres 6.7 apart, bases 5.9: participant
	tw_test_man(s, BLUE, CAV, 10 - 6.9, 20.65); // bases 6.1 apart: not
	tw_events ev = {0};
	judge(s, &ev);
	const tw_event *m = nth_event(&ev, TW_EV_MELEE, 0);
	assert_int_equal(m->b, 1);
	assert_int_equal(m->c, 2);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_MEL_4_overlapping_contacts_merge(void **st)
{
	(void)st;
	// Two contacts 10 in apart: separate melees, judged independently.
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	tw_test_man(s, RED, INF, 10, 20);
	tw_test_man(s, BLUE, INF, 10, 20.65);
	tw_test_man(s, RED, INF, 20, 20);
	tw_test_man(s, BLUE, INF, 20, 20.65);
	tw_events ev = {0};
	judge(s, &ev);
	assert_int_equal(n_events(&ev, TW_EV_MELEE), 2);
	assert_int_equal(nth_event(&ev, TW_EV_MELEE, 0)->a, 1);
	assert_int_equal(nth_event(&ev, TW_EV_MELEE, 1)->a, 2);
	assert_int_equal(n_status(s, RED, TW_FS_DEAD) + n_status(s, BLUE, TW_FS_DEAD), 4);
	tw_events_free(&ev);
	tw_test_free(s);
	// A Red man within 6 in of both contacts joins both participant sets: one melee, 3 v 2.
	s = tw_test_lw_state(120, 96, 5, RED);
	tw_test_man(s, RED, INF, 10, 20);
	tw_test_man(s, BLUE, INF, 10, 20.65);
	tw_test_man(s, RED, INF, 20, 20);
	tw_test_man(s, BLUE, INF, 20, 20.65);
	tw_test_man(s, RED, INF, 15, 19);
	judge(s, &ev);
	assert_int_equal(n_events(&ev, TW_EV_MELEE), 1);
	const tw_event *m = nth_event(&ev, TW_EV_MELEE, 0);
	assert_int_equal(m->b, 3);
	assert_int_equal(m->c, 2);
	assert_int_equal(m->d, 6); // Blue's 2 isolated: 1 prisoner, 1 dead each side
	assert_int_equal(n_status(s, BLUE, LW_FS_PRISONER), 1);
	assert_int_equal(n_status(s, BLUE, TW_FS_DEAD), 1);
	assert_int_equal(n_status(s, RED, TW_FS_DEAD), 1);
	tw_events_free(&ev);
	tw_test_free(s);
}

// ---- LW.MEL.8: the mover's choice ----

static tw_state *ex1_scene(int *first_red, int *first_blue)
{
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	*first_red = rows_in_contact(s, RED, INF, 11, BLUE, INF, 9, 10, 20, first_blue);
	return s;
}

static void test_LW_MEL_8_explicit_choice_applied(void **st)
{
	(void)st;
	int r0, b0;
	tw_state *s = ex1_scene(&r0, &b0);
	tw_order o;
	tw_order_init(&o, LW_OT_END_MOVE, RED);
	// Red chooses: his last 7 die, Blue's first 7 die, Blue's 8th and 9th are taken.
	for (int i = 0; i < 7; i++)
		o.fig[o.nfig++] = r0 + 10 - i;
	for (int i = 0; i < 7; i++)
		o.fig[o.nfig++] = b0 + i;
	o.fig2[o.nfig2++] = b0 + 7;
	o.fig2[o.nfig2++] = b0 + 8;
	tw_error err;
	tw_error_clear(&err);
	tw_events ev = {0};
	assert_int_equal(lw_judge_melees(s, &o, false, &ev, &err), TW_OK);
	for (int i = 0; i < 11; i++)
		assert_int_equal(s->fig[r0 + i].status, i >= 4 ? TW_FS_DEAD : TW_FS_ACTIVE);
	for (int i = 0; i < 9; i++)
		assert_int_equal(s->fig[b0 + i].status, i < 7 ? TW_FS_DEAD : LW_FS_PRISONER);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void expect_refusal(tw_order *o, const char *needle)
{
	int r0, b0;
	tw_state *s = ex1_scene(&r0, &b0);
	tw_test_man(s, RED, INF, 60, 60); // not in any melee
	uint64_t h = tw_state_hash(s);
	for (int vo = 0; vo < 2; vo++) {
		tw_error err;
		tw_error_clear(&err);
		tw_events ev = {0};
		assert_int_equal(lw_judge_melees(s, o, vo == 1, &ev, &err), TW_ERR_ILLEGAL);
		assert_string_equal(err.clause, "LW.MEL.8");
		if (!strstr(err.message, needle))
			fail_msg("message '%s' lacks '%s'", err.message, needle);
		assert_int_equal(ev.n, 0);
		assert_int_equal(tw_state_hash(s), h);
		tw_events_free(&ev);
	}
	tw_test_free(s);
}

static void test_LW_MEL_8_choices_must_match_the_arithmetic(void **st)
{
	(void)st;
	int r0, b0;
	tw_state *s = ex1_scene(&r0, &b0);
	tw_test_free(s);
	tw_order o;
	// Too few Red dead.
	tw_order_init(&o, LW_OT_END_MOVE, RED);
	for (int i = 0; i < 6; i++)
		o.fig[o.nfig++] = r0 + i;
	for (int i = 0; i < 7; i++)
		o.fig[o.nfig++] = b0 + i;
	o.fig2[o.nfig2++] = b0 + 7;
	o.fig2[o.nfig2++] = b0 + 8;
	expect_refusal(&o, "7 Red must die");
	// A man who is in no melee (id 20 is the far Red man).
	o.fig[o.nfig++] = 20;
	expect_refusal(&o, "not a participant");
	// A prisoner from the larger side.
	tw_order_init(&o, LW_OT_END_MOVE, RED);
	for (int i = 0; i < 7; i++)
		o.fig[o.nfig++] = r0 + i;
	for (int i = 0; i < 7; i++)
		o.fig[o.nfig++] = b0 + i;
	o.fig2[o.nfig2++] = b0 + 7;
	o.fig2[o.nfig2++] = r0 + 8;
	expect_refusal(&o, "0 Red must be taken prisoner");
	// A man chosen twice.
	o.fig2[1] = b0 + 0;
	expect_refusal(&o, "chosen twice");
	// Choices when no melee has formed.
	tw_state *q = tw_test_lw_state(120, 96, 5, RED);
	tw_test_man(q, RED, INF, 10, 10);
	tw_order_init(&o, LW_OT_END_MOVE, RED);
	o.fig[o.nfig++] = 0;
	tw_error err;
	assert_int_equal(lw_judge_melees(q, &o, true, NULL, &err), TW_ERR_ILLEGAL);
	assert_string_equal(err.clause, "LW.MEL.8");
	tw_test_free(q);
}

static void test_LW_MEL_8_validate_only_changes_nothing(void **st)
{
	(void)st;
	int r0, b0;
	tw_state *s = ex1_scene(&r0, &b0);
	uint64_t h = tw_state_hash(s);
	tw_error err;
	tw_error_clear(&err);
	assert_int_equal(lw_judge_melees(s, NULL, true, NULL, &err), TW_OK);
	tw_events ev = {0};
	assert_int_equal(lw_judge_melees(s, NULL, true, &ev, &err), TW_OK);
	assert_int_equal(ev.n, 0);
	assert_int_equal(tw_state_hash(s), h);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_MEL_8_default_own_infantry_before_cavalry(void **st)
{
	(void)st;
	// Red (mover) 3 infantry + 3 cavalry against 4 supported Blue: Red loses 4, infantry first.
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	for (int i = 0; i < 6; i++)
		tw_test_man(s, RED, i < 3 ? CAV : INF, 10 + 1.2 * i, 20);
	tw_test_row(s, BLUE, INF, 4, 10 + 1.2 * 2, 20.85, 1.2);
	tw_test_row(s, BLUE, INF, 2, 12, 30, 0.7);
	tw_events ev = {0};
	judge(s, &ev);
	assert_int_equal(nth_event(&ev, TW_EV_MELEE, 0)->d, 7);
	int dead_inf = 0, dead_cav = 0;
	for (int i = 0; i < 6; i++)
		if (s->fig[i].status == TW_FS_DEAD)
			s->fig[i].kind == INF ? dead_inf++ : dead_cav++;
	assert_int_equal(dead_inf, 3);
	assert_int_equal(dead_cav, 1);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_MEL_8_default_keeps_own_gun_crew(void **st)
{
	(void)st;
	// Red (mover) 8 against 4 supported Blue: Red loses 4. Red's men 0-3 are the only 4 within
	// 6 in of his gun; the default keeps them.
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	int g = tw_test_gun(s, RED, 7.5, 14, 0);
	tw_test_row(s, RED, INF, 8, 10, 20, 0.7);
	tw_test_row(s, BLUE, INF, 4, 10, 20.65, 0.7);
	tw_test_row(s, BLUE, INF, 2, 12, 30, 0.7);
	assert_int_equal(crew(s, g, RED), 4);
	judge(s, NULL);
	assert_int_equal(n_status(s, RED, TW_FS_DEAD), 4);
	assert_int_equal(crew(s, g, RED), 4);
	for (int i = 0; i < 4; i++)
		assert_int_equal(s->fig[i].status, TW_FS_ACTIVE);
	tw_test_free(s);
}

// ---- LW.MEL.9: judged after the move, once ----

static void test_LW_MEL_9_judged_once_after_the_move(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	rows_in_contact(s, RED, INF, 6, BLUE, INF, 2, 10, 20, NULL);
	tw_events ev = {0};
	judge(s, &ev);
	assert_int_equal(n_events(&ev, TW_EV_MELEE), 1);
	assert_int_equal(LWG(s)->melees, 1);
	// Judging again (e.g. at the end of the next move) finds no melee: it was settled.
	tw_events_clear(&ev);
	s->mover = BLUE;
	s->move_no++;
	judge(s, &ev);
	assert_int_equal(n_events(&ev, TW_EV_MELEE), 0);
	assert_int_equal(LWG(s)->melees, 1);
	tw_events_free(&ev);
	tw_test_free(s);
}

// ---- LW.MEL.15: prisoners and unrearmed men take no part ----

static void test_LW_MEL_15_prisoners_and_freed_not_counted(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	int r = tw_test_man(s, RED, INF, 10, 20);
	int b = tw_test_man(s, BLUE, INF, 10, 20.65);
	int p = tw_test_man(s, BLUE, INF, 11, 22); // a Blue prisoner held by Red
	s->fig[p].status = LW_FS_PRISONER;
	LWF(s, &s->fig[p])->captor = RED;
	int f = tw_test_man(s, RED, INF, 9, 19); // a freed Red man not yet rearmed
	s->fig[f].status = LW_FS_FREED;
	int f2 = tw_test_man(s, BLUE, INF, 9, 22); // and a freed Blue man
	s->fig[f2].status = LW_FS_FREED;
	tw_events ev = {0};
	judge(s, &ev);
	const tw_event *m = nth_event(&ev, TW_EV_MELEE, 0);
	assert_int_equal(m->b, 1);
	assert_int_equal(m->c, 1);
	assert_int_equal(s->fig[r].status, TW_FS_DEAD);
	assert_int_equal(s->fig[b].status, TW_FS_DEAD);
	assert_int_equal(s->fig[p].status, LW_FS_PRISONER);
	assert_int_equal(s->fig[f].status, LW_FS_FREED);
	assert_int_equal(s->fig[f2].status, LW_FS_FREED);
	tw_events_free(&ev);
	tw_test_free(s);
}

// ---- worked examples ----

// LW.MEL.6's event in the singular: one supporter, one prisoner (the text once read "1 supporters
// ... 1 prisoners", in make demo's story).
static void test_LW_MEL_6_event_text_singular(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	int b0;
	rows_in_contact(s, RED, INF, 10, BLUE, INF, 9, 10, 20, &b0);
	double dir = s->sides[RED].forward;
	tw_test_man(s, BLUE, INF, 14, s->fig[b0].pos.y + dir * 10); // 10 in behind Blue's row
	tw_events ev = {0};
	judge(s, &ev);
	const tw_event *m = nth_event(&ev, TW_EV_MELEE, 0);
	assert_int_equal(m->b, 10);
	assert_int_equal(m->c, 9);
	assert_int_equal(m->d, 6);
	assert_non_null(strstr(m->text, "Blue isolated (1 supporter, needs 5): 1 prisoner, 8 dead each side"));
	assert_int_equal(n_status(s, BLUE, LW_FS_PRISONER), 1);
	assert_int_equal(n_status(s, BLUE, TW_FS_DEAD), 8);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_EX_1_isolated_9_vs_11(void **st)
{
	(void)st;
	int r0, b0;
	tw_state *s = ex1_scene(&r0, &b0);
	tw_events ev = {0};
	judge(s, &ev);
	const tw_event *m = nth_event(&ev, TW_EV_MELEE, 0);
	assert_int_equal(m->b, 11);
	assert_int_equal(m->c, 9);
	assert_int_equal(m->d, 6);
	assert_string_equal(m->clause, "LW.MEL.6");
	assert_non_null(
	    strstr(m->text, "Blue isolated (0 supporters, needs 5): 2 prisoners, 7 dead each side"));
	assert_int_equal(n_status(s, BLUE, LW_FS_PRISONER), 2);
	assert_int_equal(n_status(s, BLUE, TW_FS_DEAD), 7);
	assert_int_equal(n_status(s, BLUE, TW_FS_ACTIVE), 0);
	assert_int_equal(n_status(s, RED, TW_FS_DEAD), 7);
	assert_int_equal(n_status(s, RED, TW_FS_ACTIVE), 4);
	for (int i = 0; i < 9; i++) {
		const tw_figure *f = &s->fig[b0 + i];
		if (f->status == LW_FS_PRISONER) {
			assert_int_equal(LWF(s, f)->captor, RED);
			assert_int_equal(s->fig[LWF(s, f)->escort].status, TW_FS_ACTIVE);
			assert_int_equal(s->fig[LWF(s, f)->escort].side, RED);
		}
	}
	assert_int_equal(n_events(&ev, TW_EV_KILL), 14);
	for (int i = 0; i < ev.n; i++)
		if (ev.v[i].type == TW_EV_KILL) {
			assert_int_equal(ev.v[i].b, 4);
			assert_string_equal(ev.v[i].clause, "LW.MEL.6");
		}
	assert_int_equal(n_events(&ev, TW_EV_PRISONER), 2);
	tw_events_free(&ev);
	tw_test_free(s);
}

// LW.EX.2 scene: A = Red (19), B = Blue (13 in contact, 5 supporters 9 in behind, 9 more far back).
typedef struct ex2_ids {
	int a0, b0, sup0, res0;
} ex2_ids;

static tw_state *ex2_scene(ex2_ids *id)
{
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	id->a0 = rows_in_contact(s, RED, INF, 19, BLUE, INF, 13, 10, 20, &id->b0);
	id->sup0 = tw_test_row(s, BLUE, INF, 5, 12, 30, 1.0);
	id->res0 = tw_test_row(s, BLUE, INF, 9, 10, 45, 1.0);
	return s;
}

static void test_LW_EX_2_nineteen_against_thirteen(void **st)
{
	(void)st;
	ex2_ids id;
	tw_state *s = ex2_scene(&id);
	tw_events ev = {0};
	judge(s, &ev);
	const tw_event *m = nth_event(&ev, TW_EV_MELEE, 0);
	assert_int_equal(m->b, 19);
	assert_int_equal(m->c, 13);
	assert_int_equal(m->d, 6);
	assert_non_null(strstr(m->text,
	                       "Melee 1: 19 Red against 13 Blue; Blue isolated (5 supporters, needs 7): "
	                       "6 prisoners, 7 dead each side"));
	assert_int_equal(n_status(s, BLUE, LW_FS_PRISONER), 6);
	assert_int_equal(n_status(s, BLUE, TW_FS_DEAD), 7);
	assert_int_equal(n_status(s, RED, TW_FS_DEAD), 7);
	assert_int_equal(n_status(s, RED, TW_FS_ACTIVE), 12);
	// One escort (ceil(6/7)) within 6 in of all six.
	int escort = -1;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->status != LW_FS_PRISONER)
			continue;
		if (escort < 0)
			escort = LWF(s, f)->escort;
		assert_int_equal(LWF(s, f)->escort, escort);
		assert_true(lw_gap(f, &s->fig[escort]) <= 6.0);
	}
	assert_int_equal(s->fig[escort].side, RED);
	assert_int_equal(n_events(&ev, TW_EV_ESCORT), 6);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_EX_3_second_melee_frees_the_prisoners(void **st)
{
	(void)st;
	ex2_ids id;
	tw_state *s = ex2_scene(&id);
	judge(s, NULL); // LW.EX.2, in A's move
	// B's move: his 5 former supporters come into contact with A's survivors, 9 more within 6 in.
	s->move_no = 6;
	s->mover = BLUE;
	for (int i = 0; i < 5; i++)
		s->fig[id.sup0 + i].pos = tw_v2(10 + 0.7 * (13 + i), 19.35);
	for (int i = 0; i < 9; i++)
		s->fig[id.res0 + i].pos = tw_v2(15 + i, 16);
	tw_events ev = {0};
	judge(s, &ev);
	const tw_event *m = nth_event(&ev, TW_EV_MELEE, 0);
	assert_int_equal(m->a, 2);
	assert_int_equal(m->b, 14); // B's 6 prisoners are not counted (LW.MEL.15)
	assert_int_equal(m->c, 12);
	assert_int_equal(m->d, 6);
	assert_non_null(
	    strstr(m->text, "Red isolated (0 supporters, needs 6): 2 prisoners, 10 dead each side"));
	lw_update_prisoners(s, &ev); // end of B's move: A's escort is gone
	assert_int_equal(n_events(&ev, TW_EV_FREED), 6);
	// B: 6 freed men heading back, 1 escort with 2 prisoners, 3 free fighters; 17 dead.
	assert_int_equal(n_status(s, BLUE, LW_FS_FREED), 6);
	assert_int_equal(n_status(s, BLUE, TW_FS_ACTIVE), 4);
	assert_int_equal(n_status(s, BLUE, TW_FS_DEAD), 17);
	int escorts = 0, esc = -1;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->status == LW_FS_PRISONER) {
			assert_int_equal(f->side, RED);
			assert_int_equal(LWF(s, f)->captor, BLUE);
			if (esc < 0) {
				esc = LWF(s, f)->escort;
				escorts++;
			}
			assert_int_equal(LWF(s, f)->escort, esc);
		}
		if (f->status == LW_FS_FREED) {
			assert_int_equal(LWF(s, f)->captor, -1);
			assert_int_equal(LWF(s, f)->escort, -1);
		}
	}
	assert_int_equal(escorts, 1);
	assert_int_equal(s->fig[esc].status, TW_FS_ACTIVE);
	// A has lost all 19: 17 dead, 2 prisoners.
	assert_int_equal(n_status(s, RED, TW_FS_DEAD), 17);
	assert_int_equal(n_status(s, RED, LW_FS_PRISONER), 2);
	assert_int_equal(n_status(s, RED, TW_FS_ACTIVE), 0);
	tw_events_free(&ev);
	tw_test_free(s);
}

// LW.EX.6: 18 Red cavalry (mover) against 21 Blue cavalry; two Blue guns behind the Blue line.
static void test_LW_EX_6_hooks_farm_cavalry_melee(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	int rg = tw_test_gun(s, RED, 11, 4, 0);
	int ga = tw_test_gun(s, BLUE, 5, 36, 180);
	int gb = tw_test_gun(s, BLUE, 22, 36, 180);
	int r0, b0;
	r0 = rows_in_contact(s, RED, CAV, 18, BLUE, CAV, 21, 2, 28.95, &b0);
	tw_test_man(s, RED, CAV, 10, 8); // the two trail men: Red's only support
	tw_test_man(s, RED, CAV, 12, 8);
	(void)rg;
	(void)r0;
	assert_true(crew(s, ga, BLUE) >= 4);
	assert_true(crew(s, gb, BLUE) >= 4);
	tw_events ev = {0};
	judge(s, &ev);
	const tw_event *m = nth_event(&ev, TW_EV_MELEE, 0);
	assert_int_equal(m->b, 18);
	assert_int_equal(m->c, 21);
	assert_int_equal(m->d, 6);
	assert_non_null(
	    strstr(m->text, "Red isolated (2 supporters, needs 9): 3 prisoners, 15 dead each side"));
	assert_int_equal(n_status(s, RED, TW_FS_DEAD), 15);
	assert_int_equal(n_status(s, RED, LW_FS_PRISONER), 3);
	assert_int_equal(n_status(s, BLUE, TW_FS_DEAD), 15);
	assert_int_equal(n_status(s, BLUE, TW_FS_ACTIVE), 6);
	assert_int_equal(n_status(s, RED, TW_FS_ACTIVE), 2); // 20 - 15 - 3: the trail men
	// Red's choice leaves fewer than 4 Blue men within 6 in of either Blue gun.
	assert_true(crew(s, ga, BLUE) < 4);
	assert_true(crew(s, gb, BLUE) < 4);
	// The 3 Red prisoners are Blue's, with one escort; the end of Red's move does not free them
	// (Blue collects them in his next move, LW.MEL.10).
	lw_update_prisoners(s, &ev);
	assert_int_equal(n_status(s, RED, LW_FS_PRISONER), 3);
	int esc = -1;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].status == LW_FS_PRISONER) {
			assert_int_equal(LWF(s, &s->fig[i])->captor, BLUE);
			if (esc < 0)
				esc = LWF(s, &s->fig[i])->escort;
			assert_int_equal(LWF(s, &s->fig[i])->escort, esc);
		}
	assert_int_equal(s->fig[esc].side, BLUE);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void ex7_scene(int supporters, int *clause, int *dead_red, int *dead_blue, int *pris)
{
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	rows_in_contact(s, RED, INF, 13, BLUE, INF, 20, 10, 20, NULL);
	tw_test_row(s, RED, INF, supporters, 10, 10, 0.7);
	tw_events ev = {0};
	judge(s, &ev);
	*clause = nth_event(&ev, TW_EV_MELEE, 0)->d;
	*dead_red = n_status(s, RED, TW_FS_DEAD);
	*dead_blue = n_status(s, BLUE, TW_FS_DEAD);
	*pris = n_status(s, RED, LW_FS_PRISONER);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_EX_7_thirteen_with_seven_in_support(void **st)
{
	(void)st;
	int c, dr, db, p;
	ex7_scene(7, &c, &dr, &db, &p);
	assert_int_equal(c, 7);
	assert_int_equal(dr, 13);
	assert_int_equal(db, 13);
	assert_int_equal(p, 0);
	ex7_scene(6, &c, &dr, &db, &p); // one short: isolated
	assert_int_equal(c, 6);
	assert_int_equal(p, 7);
	assert_int_equal(dr, 6);
	assert_int_equal(db, 6);
}

static void test_LW_EX_8_twenty_against_twenty(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	rows_in_contact(s, RED, INF, 20, BLUE, INF, 20, 10, 20, NULL);
	tw_events ev = {0};
	judge(s, &ev);
	assert_int_equal(n_status(s, RED, TW_FS_DEAD) + n_status(s, BLUE, TW_FS_DEAD), 40);
	assert_non_null(strstr(nth_event(&ev, TW_EV_MELEE, 0)->text, "all 40 die"));
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_EX_9_nine_blue_into_six_red(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(120, 96, 6, BLUE);
	tw_test_row(s, RED, INF, 6, 10, 20, 0.7);
	tw_test_row(s, BLUE, INF, 4, 10, 20.65, 0.7);
	tw_test_row(s, BLUE, CAV, 5, 10, 22, 1.2);
	tw_test_row(s, RED, INF, 2, 10, 10, 0.7); // 2 of the 3 needed
	tw_events ev = {0};
	judge(s, &ev);
	const tw_event *m = nth_event(&ev, TW_EV_MELEE, 0);
	assert_int_equal(m->b, 9);
	assert_int_equal(m->c, 6);
	assert_int_equal(m->d, 6);
	assert_int_equal(n_status(s, RED, TW_FS_DEAD), 3);
	assert_int_equal(n_status(s, RED, LW_FS_PRISONER), 3);
	assert_int_equal(n_status(s, BLUE, TW_FS_DEAD), 3);
	assert_int_equal(n_status(s, BLUE, TW_FS_ACTIVE), 6);
	for (int i = 0; i < s->nfig; i++) // Blue's default loses infantry first
		if (s->fig[i].side == BLUE && s->fig[i].status == TW_FS_DEAD)
			assert_int_equal(s->fig[i].kind, INF);
	tw_events_free(&ev);
	tw_test_free(s);
}

// LW.EX.18: n Red cavalry charge the 8 crew of a Blue gun.
static void ex18_scene(int n, int supporters, int *pris, int *dead_red, int *dead_blue, int *crew_left)
{
	tw_state *s = tw_test_lw_state(120, 96, 5, RED);
	int g = tw_test_gun(s, BLUE, 30, 30, 180);
	tw_test_row(s, BLUE, INF, 8, 27.55, 27, 0.7);
	tw_test_row(s, RED, CAV, n, 27.55, 26.15, 1.4);
	tw_test_row(s, RED, CAV, supporters, 20, 10, 1.2);
	assert_int_equal(crew(s, g, BLUE), 8);
	tw_events ev = {0};
	judge(s, &ev);
	assert_int_equal(nth_event(&ev, TW_EV_MELEE, 0)->b, n);
	assert_int_equal(nth_event(&ev, TW_EV_MELEE, 0)->c, 8);
	*pris = n_status(s, RED, LW_FS_PRISONER);
	*dead_red = n_status(s, RED, TW_FS_DEAD);
	*dead_blue = n_status(s, BLUE, TW_FS_DEAD);
	*crew_left = crew(s, g, BLUE);
	tw_events_free(&ev);
	tw_test_free(s);
}

static void test_LW_EX_18_horsemen_charge_gun_crew(void **st)
{
	(void)st;
	int p, dr, db, c;
	ex18_scene(2, 0, &p, &dr, &db, &c); // 8 >= 2*2: both taken, nobody dies
	assert_int_equal(p, 2);
	assert_int_equal(dr, 0);
	assert_int_equal(db, 0);
	assert_int_equal(c, 8);
	ex18_scene(5, 0, &p, &dr, &db, &c); // isolated 5: 3 taken, 2 die each side, gun in action
	assert_int_equal(p, 3);
	assert_int_equal(dr, 2);
	assert_int_equal(db, 2);
	assert_int_equal(c, 6);
	assert_true(c >= 4);
	ex18_scene(5, 3, &p, &dr, &db, &c); // supported 5: 5 die each side, 3 crew left: out of action
	assert_int_equal(p, 0);
	assert_int_equal(dr, 5);
	assert_int_equal(db, 5);
	assert_int_equal(c, 3);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_LW_MEL_1_support_thresholds),
	    cmocka_unit_test(test_LW_MEL_1_supporter_within_his_own_move),
	    cmocka_unit_test(test_LW_EX_10_isolation_thresholds),
	    cmocka_unit_test(test_LW_MEL_5_equal_numbers_all_die),
	    cmocka_unit_test(test_LW_MEL_4_members_announced),
	    cmocka_unit_test(test_LW_MEL_6_isolated_arithmetic),
	    cmocka_unit_test(test_LW_MEL_6_whole_smaller_side_captured_when_double),
	    cmocka_unit_test(test_LW_MEL_6_support_counted_from_points_of_contact),
	    cmocka_unit_test(test_LW_MEL_7_supported_arithmetic),
	    cmocka_unit_test(test_LW_MEL_2_contact_is_within_an_eighth),
	    cmocka_unit_test(test_LW_MEL_2_contact_resolved_at_end_of_move),
	    cmocka_unit_test(test_LW_MEL_3_melee_forms_when_movers_men_in_contact),
	    cmocka_unit_test(test_LW_MEL_4_participants_one_step_no_chain),
	    cmocka_unit_test(test_LW_MEL_4_reach_measured_from_figure_edges),
	    cmocka_unit_test(test_LW_MEL_4_overlapping_contacts_merge),
	    cmocka_unit_test(test_LW_MEL_8_explicit_choice_applied),
	    cmocka_unit_test(test_LW_MEL_8_choices_must_match_the_arithmetic),
	    cmocka_unit_test(test_LW_MEL_8_validate_only_changes_nothing),
	    cmocka_unit_test(test_LW_MEL_8_default_own_infantry_before_cavalry),
	    cmocka_unit_test(test_LW_MEL_8_default_keeps_own_gun_crew),
	    cmocka_unit_test(test_LW_MEL_9_judged_once_after_the_move),
	    cmocka_unit_test(test_LW_MEL_15_prisoners_and_freed_not_counted),
	    cmocka_unit_test(test_LW_EX_1_isolated_9_vs_11),
	    cmocka_unit_test(test_LW_MEL_6_event_text_singular),
	    cmocka_unit_test(test_LW_EX_2_nineteen_against_thirteen),
	    cmocka_unit_test(test_LW_EX_3_second_melee_frees_the_prisoners),
	    cmocka_unit_test(test_LW_EX_6_hooks_farm_cavalry_melee),
	    cmocka_unit_test(test_LW_EX_7_thirteen_with_seven_in_support),
	    cmocka_unit_test(test_LW_EX_8_twenty_against_twenty),
	    cmocka_unit_test(test_LW_EX_9_nine_blue_into_six_red),
	    cmocka_unit_test(test_LW_EX_18_horsemen_charge_gun_crew),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
