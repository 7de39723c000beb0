// A Rattle of Dice: its tables and exact odds (RD.CON.4, RD.CON.6, RD.SHOOT.5-11, RD.DET.1,
// RD.RALLY.5), the worked examples that are pure arithmetic (RD.EX.2-4, RD.EX.11, RD.EX.14,
// RD.EX.15), the odds hook (tinwar odds rattle ...) and the rule set's tables checked.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/tinwar.h"
#include "tinwar/rattle.h"
#include "odds_test.h"

static void test_RD_CON_4_EX_2_figures_to_dice(void **st)
{
	(void)st;
	// RD.EX.2: one die per four figures (halves: 9.5 figures is 19 halves).
	const int halves[] = {2, 4, 6, 10, 12, 19, 20, 24, 26, 28, 30, 38};
	const int dice[] = {0, 1, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5};
	for (int i = 0; i < 12; i++)
		assert_int_equal(tw_rd_dice(halves[i], 4), dice[i]);
	// One die per two gunners or cavalry: 1..5 -> 1 1 2 2 3 (a half counts, RD.CON.1(e)).
	const int d2[] = {1, 1, 2, 2, 3};
	for (int n = 1; n <= 5; n++)
		assert_int_equal(tw_rd_dice(2 * n, 2), d2[n - 1]);
	assert_int_equal(tw_rd_dice(0, 4), 0);
	// RD.EX.5-8 totals converted (the melee count itself comes later): 10 -> 3, 15 -> 4, 19 -> 5, 9 -> 2;
	// the superseded count of RD.EX.7 (8, 10) would give 2 and 3.
	assert_int_equal(tw_rd_dice(20, 4), 3);
	assert_int_equal(tw_rd_dice(30, 4), 4);
	assert_int_equal(tw_rd_dice(38, 4), 5);
	assert_int_equal(tw_rd_dice(18, 4), 2);
}

static void test_RD_CON_6_SHOOT_11_hit_numbers(void **st)
{
	(void)st;
	// RD.SHOOT.11: net -1 -> 6 only; 0 -> 5-6; +1 -> 4-6; +2 -> 3-6.
	assert_int_equal(tw_rd_hit_face(-1), 6);
	assert_int_equal(tw_rd_hit_face(0), 5);
	assert_int_equal(tw_rd_hit_face(1), 4);
	assert_int_equal(tw_rd_hit_face(2), 3);
	// RD.CON.6, RD.EX.11: at -2 a modified 5 is impossible but a natural 6 still hits: 1/6.
	assert_int_equal(tw_rd_hit_face(-2), 6);
	assert_true(tw_rd_face_chance(tw_rd_hit_face(-2)) == 1.0 / 6);
	// RD.SHOOT.8-10: each category counts once; net from -1 to +2.
	assert_int_equal(tw_rd_shoot_mod(true, false, false), -1);
	assert_int_equal(tw_rd_shoot_mod(true, true, true), 1);
	assert_int_equal(tw_rd_shoot_mod(false, true, true), 2);
}

static void test_RD_EX_3_shooting_modifier_combinations(void **st)
{
	(void)st;
	// A gun with 4 crew at a column 10 in away: 2 dice, canister + column -> +2 -> 3-6 (4/6).
	assert_int_equal(tw_rd_dice(8, tw_rd_shoot_per_die(TW_RD_FOOT_ART)), 2);
	assert_int_equal(tw_rd_hit_face(tw_rd_shoot_mod(false, true, true)), 3);
	assert_true(tw_rd_face_chance(3) == 4.0 / 6);
	// At 20 in: no canister -> +1 -> 4-6; at mounted cavalry in line -> -1 -> 6 only.
	assert_int_equal(tw_rd_hit_face(tw_rd_shoot_mod(false, true, false)), 4);
	assert_int_equal(tw_rd_hit_face(tw_rd_shoot_mod(true, false, false)), 6);
	// Column and enfilade are one category: +1 -> 4-6; cover and skirmishers one: -1 -> 6.
	assert_int_equal(tw_rd_hit_face(tw_rd_shoot_mod(false, true, false)), 4);
	// Sharpshooters at enfiladed skirmishers: -1 +1 +1 = +1 -> 4-6.
	assert_int_equal(tw_rd_hit_face(tw_rd_shoot_mod(true, true, true)), 4);
}

static void test_RD_EX_4_SHOOT_5_ranges(void **st)
{
	(void)st;
	assert_true(tw_rd_range(TW_RD_MUSKET) == 6);
	assert_true(tw_rd_range(TW_RD_RIFLE) == 12);
	assert_true(tw_rd_range(TW_RD_MGUN) == 24);
	assert_true(tw_rd_range(TW_RD_ARTILLERY) == 36);
	assert_true(tw_rd_range(TW_RD_SPEAR) == 0);
	// RD.MOVE.1 allowances.
	assert_true(tw_rd_allowance(TW_RD_LINE) == 12 && tw_rd_allowance(TW_RD_CAVALRY) == 18 &&
		    tw_rd_allowance(TW_RD_HORSE_ART) == 18 && tw_rd_allowance(TW_RD_WAGON) == 6);
}

static void test_RD_EX_14_RALLY_5_thresholds(void **st)
{
	(void)st;
	assert_int_equal(tw_rd_rally_face(TW_RD_MILITIA, false), 5);
	assert_int_equal(tw_rd_rally_face(TW_RD_REGULAR, false), 4);
	assert_int_equal(tw_rd_rally_face(TW_RD_IRREGULAR, false), 4); // no Irregular modifier, as written
	assert_int_equal(tw_rd_rally_face(TW_RD_MILITIA, true), 4);
	assert_int_equal(tw_rd_rally_face(TW_RD_ELITE, false), 3);
	assert_int_equal(tw_rd_rally_face(TW_RD_REGULAR, true), 3);
	assert_int_equal(tw_rd_rally_face(TW_RD_ELITE, true), 2);
	assert_true(tw_rd_face_chance(2) == 5.0 / 6);
}

static void test_RD_EX_15_DET_1_command_thresholds(void **st)
{
	(void)st;
	assert_int_equal(tw_rd_command_face(TW_RD_ELITE), 2);
	assert_int_equal(tw_rd_command_face(TW_RD_REGULAR), 3);
	assert_int_equal(tw_rd_command_face(TW_RD_MILITIA), 4);
	assert_int_equal(tw_rd_command_face(TW_RD_IRREGULAR), 4);
}

static char *odds(const char *q, int n, const char *const *names, const char *const *values, tw_status *st)
{
	return tw_test_odds(&tw_ruleset_rattle, q, n, names, values, st, NULL);
}

static void test_RD_EX_1_odds_shoot_exact(void **st)
{
	(void)st;
	tw_status s;
	// RD.EX.1: 12 riflemen at skirmishers: 3 dice, net -1, 6 only: P(k) over 216 = 125, 75, 15, 1.
	const char *n1[] = {"figures", "difficult"}, *v1[] = {"12", ""};
	char *out = odds("shoot", 2, n1, v1, &s);
	assert_int_equal(s, TW_OK);
	assert_non_null(strstr(out, "throw 3 dice"));
	assert_non_null(strstr(out, "hits on 6-6 (1/6"));
	assert_non_null(strstr(out, "P(0 hits) = 125/216"));
	assert_non_null(strstr(out, "P(1 hits) = 25/72"));
	assert_non_null(strstr(out, "P(2 hits) = 5/72"));
	assert_non_null(strstr(out, "P(3 hits) = 1/216"));
	assert_non_null(strstr(out, "expected hits: 0.500000"));
	free(out);
	// RD.EX.3: a gun's 4 crew at a column within canister range: 2 dice at 3-6: 1/9, 4/9, 4/9.
	const char *n2[] = {"figures", "gunners", "vulnerable", "superior"}, *v2[] = {"4", "", "", ""};
	out = odds("shoot", 4, n2, v2, &s);
	assert_int_equal(s, TW_OK);
	assert_non_null(strstr(out, "P(0 hits) = 1/9"));
	assert_non_null(strstr(out, "P(1 hits) = 4/9"));
	assert_non_null(strstr(out, "P(2 hits) = 4/9"));
	free(out);
	// Half figures (RD.CON.4): 9.5 -> 2 dice.
	const char *v3[] = {"9.5"};
	out = odds("shoot", 1, n1, v3, &s);
	assert_non_null(strstr(out, "throw 2 dice"));
	free(out);
	// Refusals: no figures, a bad class, an unknown question.
	out = odds("shoot", 0, NULL, NULL, &s);
	assert_int_equal(s, TW_ERR_INPUT);
	free(out);
	const char *n4[] = {"class"}, *v4[] = {"heroic"};
	out = odds("command", 1, n4, v4, &s);
	assert_int_equal(s, TW_ERR_INPUT);
	free(out);
	out = odds("melee", 0, NULL, NULL, &s);
	assert_int_equal(s, TW_ERR_INPUT);
	free(out);
}

static void test_RD_DET_1_RALLY_5_odds_command_rally(void **st)
{
	(void)st;
	tw_status s;
	const char *n[] = {"class", "general", "band"}, *v[] = {"elite", "", ""}, *vm[] = {"militia"};
	char *out = odds("command", 1, n, v, &s);
	assert_int_equal(s, TW_OK);
	assert_non_null(strstr(out, "passes on 2-6: 5/6"));
	free(out);
	out = odds("rally", 1, n, vm, &s);
	assert_non_null(strstr(out, "rallies on 5-6: 1/3"));
	free(out);
	// General and band together still give +1 only (RD.RALLY.5): Elite 2-6, 5/6.
	out = odds("rally", 3, n, v, &s);
	assert_non_null(strstr(out, "rallies on 2-6: 5/6"));
	free(out);
}

static void test_RD_records_and_orders_are_well_formed(void **st)
{
	(void)st;
	tw_error err = {0};
	for (int k = 0; k < TW_REC_KIND_COUNT; k++)
		if (tw_ruleset_rattle.records[k])
			assert_true(tw_record_def_check(tw_ruleset_rattle.records[k], &err));
	assert_true(tw_order_defs_check(&tw_ruleset_rattle, &err));
	assert_string_equal(tw_ruleset_rattle.name, "rattle");
	assert_string_equal(tw_ruleset_rattle.short_name, "rd");
	// In the built-in registry, after Little Wars and Grant (rd-play: the page and the CLI offer it).
	tw_register_builtin();
	assert_int_equal(tw_ruleset_find("rattle"), 2);
	assert_ptr_equal(tw_ruleset_get(2), &tw_ruleset_rattle);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_RD_CON_4_EX_2_figures_to_dice),
		cmocka_unit_test(test_RD_CON_6_SHOOT_11_hit_numbers),
		cmocka_unit_test(test_RD_EX_3_shooting_modifier_combinations),
		cmocka_unit_test(test_RD_EX_4_SHOOT_5_ranges),
		cmocka_unit_test(test_RD_EX_14_RALLY_5_thresholds),
		cmocka_unit_test(test_RD_EX_15_DET_1_command_thresholds),
		cmocka_unit_test(test_RD_EX_1_odds_shoot_exact),
		cmocka_unit_test(test_RD_DET_1_RALLY_5_odds_command_rally),
		cmocka_unit_test(test_RD_records_and_orders_are_well_formed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
