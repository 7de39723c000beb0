// Roles within the sides in the core (ruleset.h tw_role_def, src/core/roles.c) and Little Wars's
// (lw_seats.c): KS.GEN.1 (a General, a player per arm), KS.GEN.2 (an official who gives no orders
// and sees his side as the umpire does), KS.GNL.1 (the General's standing rule carried as data).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <string.h>

#include "rules/littlewars/lw_big.h"
#include "rules/littlewars/lw_seats.h"
#include "scene.h"
#include "tinwar/io.h"
#include "tinwar/svl.h"
#include "tinwar/tinwar.h"

// KS.GEN.2 on a rule set with umpire-only fields (Science versus Luck: a gun's true values,
// SV.GUN.4): the official of the gun's side reads them, as the umpire does; the other side's
// official, a player of the gun's side and the side itself do not.
static void test_KS_GEN_2_official_sees_his_side_as_the_umpire(void **state)
{
	(void)state;
	tw_state s;
	tw_error err;
	tw_error_clear(&err);
	if (tw_state_load(&s, TW_SOURCE_DIR "/scenarios/svl/battle.json", &err) != TW_OK)
		fail_msg("%s", err.message);
	assert_true(s.ngun > 0);
	const tw_record_def *d = tw_state_record_def(&s, TW_REC_GUN);
	int f = tw_record_field(d, "v_mean");
	assert_true(f >= 0);
	assert_int_equal(d->fields[f].vis, TW_VIS_UMPIRE);
	tw_rec_set(tw_rec(&s, TW_REC_GUN, 0), &d->fields[f], 0, 42.5);
	int side = s.gun[0].side, other = 1 - side;
	tw_role_def off = {.side = (int8_t)side, .kind = TW_ROLE_OFFICIAL, .name = "official", .clause = "KS.GEN.2"};
	tw_role_def off2 = off, pl = off;
	off2.side = (int8_t)other;
	pl.kind = TW_ROLE_PLAYER;
	tw_state v;
	assert_int_equal(tw_state_view_role(&v, &s, &off), TW_OK);
	assert_true(tw_rec_get(tw_rec(&v, TW_REC_GUN, 0), &d->fields[f], 0) == 42.5);
	assert_int_equal(v.seed, 0); // still a seat's view: nothing of the generator
	tw_state_free(&v);
	assert_int_equal(tw_state_view_role(&v, &s, &off2), TW_OK);
	assert_true(tw_rec_get(tw_rec(&v, TW_REC_GUN, 0), &d->fields[f], 0) == 0);
	tw_state_free(&v);
	assert_int_equal(tw_state_view_role(&v, &s, &pl), TW_OK);
	assert_true(tw_rec_get(tw_rec(&v, TW_REC_GUN, 0), &d->fields[f], 0) == 0);
	tw_state_free(&v);
	// With no role_may hook, an official gives no orders (KS.GEN.2 is the role's clause).
	tw_order *o = tw_test_order(0, side);
	assert_int_equal(tw_role_may(&s, &off, o, &err), TW_ERR_ILLEGAL);
	assert_string_equal(err.clause, "KS.GEN.2");
	assert_int_equal(tw_role_may(&s, &pl, o, &err), TW_OK);
	o->side = (int8_t)other; // a role orders its own side only
	assert_int_equal(tw_role_may(&s, &pl, o, &err), TW_ERR_ILLEGAL);
	tw_state_free(&s);
}

// Little Wars: the seats of a side with infantry, cavalry and a gun under `seats` = per_arm.
static void test_KS_GEN_1_little_wars_roles(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(600, 400, 3, 0);
	tw_test_row(s, 0, TW_FK_INFANTRY, 3, 100, 20, 1.0);  // 0-2
	tw_test_man(s, 0, TW_FK_CAVALRY, 150, 20);          // 3
	tw_test_man(s, 0, TW_FK_GENERAL, 200, 10);          // 4
	tw_test_gun(s, 0, 200, 30, 0);                      // gun 0
	tw_test_row(s, 1, TW_FK_INFANTRY, 3, 100, 380, 1.0); // 5-7: blue has infantry only
	tw_role_def r[TW_MAX_ROLES];
	assert_int_equal(tw_state_roles(s, r, TW_MAX_ROLES), 0); // LW.BIG.12: one player a side by default
	s->params[LWP_SEATS] = 1;
	int n = tw_state_roles(s, r, TW_MAX_ROLES);
	assert_int_equal(n, 5 + 3);
	const char *names[] = {"general", "infantry", "cavalry", "artillery", "official", "general", "infantry", "official"};
	for (int i = 0; i < n; i++) {
		assert_string_equal(r[i].name, names[i]);
		assert_int_equal(r[i].side, i < 5 ? 0 : 1);
	}
	assert_int_equal(r[0].kind, TW_ROLE_CHIEF);
	assert_int_equal(r[0].stand_kind, TW_FK_GENERAL); // KS.GNL.1: within 6 ft of his figure
	assert_true(r[0].stand_r == 72.0);
	assert_string_equal(r[0].stand_clause, "KS.GNL.1");
	assert_int_equal(r[4].kind, TW_ROLE_OFFICIAL);
	tw_error err;
	tw_order *o = tw_test_order(LW_OT_MOVE, 0);
	o->fig[o->nfig++] = 0;
	assert_int_equal(tw_role_may(s, &r[1], o, &err), TW_OK);     // infantry moves his man
	assert_int_equal(tw_role_may(s, &r[2], o, &err), TW_ERR_ILLEGAL); // not the cavalry's
	assert_string_equal(err.clause, "KS.GEN.1");
	assert_int_equal(tw_role_may(s, &r[0], o, &err), TW_OK);     // the General orders all
	assert_int_equal(tw_role_may(s, &r[4], o, &err), TW_ERR_ILLEGAL);
	assert_string_equal(err.clause, "KS.GEN.2");
	o->fig[o->nfig++] = 3; // a mixed group: the infantry may not take the cavalryman along
	assert_int_equal(tw_role_may(s, &r[1], o, &err), TW_ERR_ILLEGAL);
	tw_order *g = tw_test_order(LW_OT_GUN_MOVE, 0);
	g->gun = 0;
	g->fig[g->nfig++] = 1; // the artillery moves its gun with infantrymen as crew
	assert_int_equal(tw_role_may(s, &r[3], g, &err), TW_OK);
	assert_int_equal(tw_role_may(s, &r[1], g, &err), TW_ERR_ILLEGAL);
	tw_order *e = tw_test_order(LW_OT_END_MOVE, 0);
	assert_int_equal(tw_role_may(s, &r[1], e, &err), TW_ERR_ILLEGAL); // the General's
	assert_string_equal(err.clause, "KS.GEN.1");
	assert_int_equal(tw_role_may(s, &r[0], e, &err), TW_OK);
	assert_int_equal(lw_fig_arm(&s->fig[4]), LW_ARM_GENERAL);
	tw_test_free(s);
}

int main(void)
{
	// Science versus Luck is not among the served rule sets: registered here as test_sv_battle does.
	extern const tw_ruleset tw_ruleset_littlewars, tw_ruleset_grant, tw_ruleset_rattle;
	static const tw_ruleset *const list[] = {&tw_ruleset_littlewars, &tw_ruleset_grant, &tw_ruleset_rattle,
						 &tw_ruleset_svl};
	tw_register_builtin();
	tw_register_rulesets(list, 4);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_KS_GEN_2_official_sees_his_side_as_the_umpire),
		cmocka_unit_test(test_KS_GEN_1_little_wars_roles),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
