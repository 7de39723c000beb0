// The Kriegspiel's General on the table (KS.GNL.2, stop 33). Wells would make him invulnerable
// (the default); under Sykes's option a shell's (or a mine's) zone wounds him, his player out of
// the room for 3 own moves, and a hit or capture removes him; meanwhile his next subordinate, the
// side's first arm player, gives the General's orders. Before, lw_ks_general_hit was arithmetic no
// shot, shell or melee asked, and the General died like any trooper (QA review). Exact throughout.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "tinwar/io.h"
#include "rules/littlewars/lw_big.h"
#include "rules/littlewars/lw_seats.h"
#include "scene.h"

#define INF TW_FK_INFANTRY
#define CAV TW_FK_CAVALRY
#define BLUE 1

// A Kriegspiel (game move 5, red to move) with blue's General at (100, 100) and two blue
// infantrymen beside him; `sykes` sets Sykes's option.
static tw_state *scene(bool sykes, int *gnl, int *m1, int *m2)
{
	tw_state *s = tw_test_ks_field();
	LWG(s)->sykes = sykes;
	*gnl = tw_test_man(s, BLUE, CAV, 100, 100);
	LWF(s, &s->fig[*gnl])->arm = LW_ARM_GENERAL;
	*m1 = tw_test_man(s, BLUE, INF, 101.5, 100);
	*m2 = tw_test_man(s, BLUE, INF, 98.5, 100);
	return s;
}

// A shot that knocks the men listed over, in that order.
static tw_shot_result *knock(const int *ids, int n)
{
	tw_shot_result *r = calloc(1, sizeof *r);
	assert_non_null(r);
	for (int i = 0; i < n; i++)
		r->contacts[r->ncontacts++] = (tw_shot_contact){ids[i], 0.1 * (i + 1), TW_CONTACT_KNOCKED, 0, tw_v2(0, 0), 100};
	return r;
}

static const tw_event *find(const tw_events *ev, const char *clause)
{
	for (int i = 0; i < ev->n; i++)
		if (strcmp(ev->v[i].clause, clause) == 0)
			return &ev->v[i];
	return NULL;
}

static void test_KS_GNL_2_invulnerable_to_shot_by_default(void **st)
{
	(void)st;
	int g, a, b;
	tw_state *s = scene(false, &g, &a, &b);
	int ids[2] = {g, a};
	tw_shot_result *r = knock(ids, 2);
	tw_events ev = {0};
	assert_int_equal(lw_apply_shot_kills(s, r, -1, &ev), 1);
	assert_int_equal(s->fig[g].status, TW_FS_ACTIVE);
	assert_int_equal(s->fig[a].status, TW_FS_DEAD);
	const tw_event *e = find(&ev, "KS.GNL.2");
	assert_non_null(e);
	assert_non_null(strstr(e->text, "unharmed (the General is invulnerable)"));
	tw_events_free(&ev);
	free(r);
	tw_test_free(s);
}

static void test_KS_GNL_2_sykes_shot_falls_and_subordinate_takes_over(void **st)
{
	(void)st;
	int g, a, b;
	tw_state *s = scene(true, &g, &a, &b);
	s->params[LWP_SEATS] = 1;
	int ids[1] = {g};
	tw_shot_result *r = knock(ids, 1);
	tw_events ev = {0};
	assert_int_equal(lw_apply_shot_kills(s, r, -1, &ev), 1);
	assert_int_equal(s->fig[g].status, TW_FS_DEAD);
	int32_t until = 0;
	assert_int_equal(lw_ks_general_state(s, BLUE, &until), LW_GNL_FALLEN);
	assert_int_equal(lw_ks_general_state(s, 0, &until), LW_GNL_UNHURT);
	// Blue's seats: the General, infantry (its first arm), the official.
	tw_role_def roles[16];
	int n = lw_roles(s, roles, 16);
	const tw_role_def *chief = NULL, *inf = NULL;
	for (int k = 0; k < n; k++) {
		if (roles[k].side == BLUE && roles[k].kind == TW_ROLE_CHIEF)
			chief = &roles[k];
		if (roles[k].side == BLUE && strcmp(roles[k].name, "infantry") == 0)
			inf = &roles[k];
	}
	assert_non_null(chief);
	assert_non_null(inf);
	tw_order o;
	tw_order_init(&o, LW_OT_END_MOVE, BLUE);
	tw_error err;
	tw_error_clear(&err);
	assert_int_equal(lw_role_may(s, chief, &o, &err), TW_ERR_ILLEGAL);
	assert_string_equal(err.clause, "KS.GNL.2");
	assert_non_null(strstr(err.message, "has fallen: his player has left the game, and the infantry player gives"));
	assert_int_equal(lw_role_may(s, inf, &o, &err), TW_OK);
	// Without Sykes's option the same state is no concern of KS.GNL.2: the chief orders.
	LWG(s)->sykes = 0;
	assert_int_equal(lw_role_may(s, chief, &o, &err), TW_OK);
	tw_events_free(&ev);
	free(r);
	tw_test_free(s);
}

static void test_KS_GNL_2_shell_zone(void **st)
{
	(void)st;
	for (int sykes = 0; sykes <= 1; sykes++) {
		int g, a, b;
		tw_state *s = scene(sykes, &g, &a, &b);
		lw_ks_shell_result r;
		tw_events ev = {0};
		lw_ks_shell(s, tw_v2(100, 101), &r, &ev);
		// KS.SH.2: two men in the zone (not the General): one dies.
		assert_int_equal(r.in_zone[BLUE], 2);
		assert_int_equal(r.killed[BLUE], 1);
		assert_int_equal(s->fig[g].status, TW_FS_ACTIVE);
		int32_t until = 0;
		if (!sykes) {
			assert_null(find(&ev, "KS.GNL.2"));
			assert_int_equal(lw_ks_general_state(s, BLUE, &until), LW_GNL_UNHURT);
		} else {
			// Wounded in red's game move 5: blue's own moves 6, 8 and 10 he is away.
			const tw_event *e = find(&ev, "KS.GNL.2");
			assert_non_null(e);
			assert_non_null(strstr(e->text, "blue's General is wounded: his player leaves the room for 3 moves (back "
							 "after game move 10)"));
			assert_int_equal(lw_ks_general_state(s, BLUE, &until), LW_GNL_WOUNDED);
			assert_int_equal(until, 10);
			// A game saved with the General wounded loads again, the same (the record's range
			// once stopped at 2, and such a save was refused).
			json_t *j = tw_state_to_json(s);
			assert_non_null(j);
			tw_state back;
			tw_error err = {0};
			if (tw_state_from_json(&back, j, &err) != TW_OK)
				fail_msg("a wounded General's state did not load: %s", err.message);
			assert_int_equal(tw_state_hash(&back), tw_state_hash(s));
			assert_int_equal(lw_ks_general_state(&back, BLUE, &until), LW_GNL_WOUNDED);
			tw_state_free(&back);
			json_decref(j);
			s->move_no = 10;
			s->mover = BLUE;
			tw_test_refused_with(s, tw_test_move_to(BLUE, g, 100, 95), "KS.GNL.2", "is the wounded General");
			s->move_no = 12;
			assert_int_equal(lw_ks_general_state(s, BLUE, &until), LW_GNL_UNHURT);
			tw_test_ok(s, tw_test_move_to(BLUE, g, 100, 95));
		}
		tw_events_free(&ev);
		tw_test_free(s);
	}
}

// Invulnerable, the General takes no part in a melee nor supports one (LW.MEL.1); under Sykes's
// option he is a figure on the table like any other.
static void test_KS_GNL_2_no_melee_support_by_default(void **st)
{
	(void)st;
	for (int sykes = 0; sykes <= 1; sykes++) {
		int g, a, b;
		tw_state *s = scene(sykes, &g, &a, &b);
		int32_t body[2] = {a, b};
		assert_int_equal(lw_supporters(s, BLUE, body, 2, NULL), sykes ? 1 : 0);
		tw_test_free(s);
	}
}

static void test_KS_GNL_2_general_not_charged(void **st)
{
	(void)st;
	int g, a, b;
	tw_state *s = scene(false, &g, &a, &b);
	int first = tw_test_row(s, 0, CAV, 8, 90, 80, 1.2);
	tw_test_refused_with(s, tw_test_charge(first, 8, g, 1), "KS.GNL.2", "he is invulnerable");
	tw_test_free(s);
}

// The General's figure counts in no tally of men (LW.VAR.1): an invulnerable General would keep
// a beaten side in the field for ever (lw-big then drew with random at the move limit).
static void test_KS_GNL_2_general_not_counted_as_a_man(void **st)
{
	(void)st;
	int g, a, b;
	tw_state *s = scene(false, &g, &a, &b);
	assert_int_equal(lw_free_on_field(s, BLUE), 2);
	LWG(s)->ks = 0; // outside a Kriegspiel a figure of that arm is a man like any other
	assert_int_equal(lw_free_on_field(s, BLUE), 3);
	tw_test_free(s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_KS_GNL_2_invulnerable_to_shot_by_default),
	    cmocka_unit_test(test_KS_GNL_2_sykes_shot_falls_and_subordinate_takes_over),
	    cmocka_unit_test(test_KS_GNL_2_shell_zone),
	    cmocka_unit_test(test_KS_GNL_2_no_melee_support_by_default),
	    cmocka_unit_test(test_KS_GNL_2_general_not_charged),
	    cmocka_unit_test(test_KS_GNL_2_general_not_counted_as_a_man),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
