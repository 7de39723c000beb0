// Grant's worked examples GR.EX.1-28, asserted exactly against the tables and pure functions
// (tinwar/grant.h). Probabilities are compared with hand-computed fractions.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "tinwar/grant.h"
#include "tinwar/tinwar.h"

#define FRAC(p, n, d) assert_true(fabs((p) - (double)(n) / (double)(d)) < 1e-12)

static double expect_hits(int ded)
{
	double e = 0;
	for (int d = 1; d <= 6; d++)
		e += tw_grant_hits(d, ded) / 6.0;
	return e;
}

static void test_GR_EX_1_first_volley_at_8(void **st)
{
	(void)st;
	assert_int_equal(tw_grant_musk_dice(48, 6), 8);
	int ded = tw_grant_musk_deduction(8, false, true);
	assert_int_equal(ded, 2);
	const int dice[8] = {6, 5, 4, 3, 2, 1, 6, 2}, want[8] = {4, 3, 2, 1, 0, 0, 4, 0};
	int total = 0;
	for (int i = 0; i < 8; i++) {
		assert_int_equal(tw_grant_hits(dice[i], ded), want[i]);
		total += tw_grant_hits(dice[i], ded);
	}
	assert_int_equal(total, 14);
	FRAC(8 * expect_hits(ded), 40, 3);
	// Expected per deduction (GR.MUSK table note).
	FRAC(expect_hits(1), 5, 2);
	FRAC(expect_hits(2), 5, 3);
	FRAC(expect_hits(3), 1, 1);
	FRAC(expect_hits(4), 1, 2);
	FRAC(expect_hits(5), 1, 6);
}

static void test_GR_EX_2_normal_volley_open_and_cover(void **st)
{
	(void)st;
	assert_int_equal(tw_grant_musk_deduction(8, false, false), 3);
	FRAC(8 * expect_hits(3), 8, 1);
	assert_int_equal(tw_grant_musk_deduction(8, true, false), 4);
	FRAC(8 * expect_hits(4), 4, 1);
	double dist[64];
	assert_int_equal(tw_grant_volley_odds(48, 6, 8, false, false, dist, 63), 8);
	double mean = 0, sum = 0;
	for (int k = 0; k <= 63; k++) {
		mean += k * dist[k];
		sum += dist[k];
	}
	FRAC(sum, 1, 1);
	assert_true(fabs(mean - 8) < 1e-9);
	FRAC(dist[0], 1, 1 << 8); // every die 1-3: (1/2)^8
}

// Clauses: GR.EX.3 GR.GEN.5
static void test_GR_EX_3_GR_GEN_5_band_edges(void **st)
{
	(void)st;
	assert_int_equal(tw_grant_musk_deduction(5.9, false, false), 2);
	assert_int_equal(tw_grant_musk_deduction(6.0, false, false), 3);
	assert_int_equal(tw_grant_musk_deduction(12.0, false, false), 4);
	assert_int_equal(tw_grant_musk_deduction(18.0, false, false), 4);
	assert_int_equal(tw_grant_musk_deduction(18.1, false, false), -1);
}

// Clauses: GR.EX.4 GR.MUSK.11
static void test_GR_EX_4_GR_MUSK_11_allocation(void **st)
{
	(void)st;
	int removed[7];
	const int d1[4] = {2, 5, 2, 6};
	assert_int_equal(tw_grant_allocate(d1, 4, 6, removed), 3);
	assert_int_equal(removed[0], 2);
	assert_int_equal(removed[1], 5);
	assert_int_equal(removed[2], 6);
	const int d2[2] = {5, 1};
	assert_int_equal(tw_grant_allocate(d2, 2, 4, removed), 1);
	assert_int_equal(removed[0], 1);
	FRAC(tw_grant_alloc_expect(6, 4), 671, 216);
}

// Clauses: GR.EX.5 GR.MUSK.5
static void test_GR_EX_5_GR_MUSK_5_incomplete_groups(void **st)
{
	(void)st;
	const int line[][2] = {{48, 8}, {45, 8}, {44, 7}, {41, 7}, {5, 1}, {3, 1}, {2, 0}};
	for (size_t i = 0; i < TW_ARRAY_COUNT(line); i++)
		assert_int_equal(tw_grant_musk_dice(line[i][0], 6), line[i][1]);
	const int gren[][2] = {{48, 12}, {46, 12}, {45, 11}, {2, 1}, {1, 0}};
	for (size_t i = 0; i < TW_ARRAY_COUNT(gren); i++)
		assert_int_equal(tw_grant_musk_dice(gren[i][0], 4), gren[i][1]);
}

// Clauses: GR.EX.6 GR.MUSK.2
static void test_GR_EX_6_GR_MUSK_2_mutual_exchange(void **st)
{
	(void)st;
	// A (5) beats B (3): A fires first; B answers with 48 - 7 = 41 men, 7 dice.
	assert_int_equal(tw_grant_musk_dice(48 - 7, 6), 7);
	assert_int_equal(tw_grant_musk_dice(48, 6), 8); // equal throws: both at full strength
}

// Clauses: GR.EX.7 GR.LIGHT
static void test_GR_EX_7_GR_LIGHT_light_infantry(void **st)
{
	(void)st;
	assert_int_equal(tw_grant_light_kill(false, false, false, false, 7), 5);
	FRAC(24 * (7 - 5) / 6.0, 8, 1);
	assert_int_equal(tw_grant_light_kill(false, false, false, false, 12), 6);
	FRAC(24 * 1 / 6.0, 4, 1);
	assert_int_equal(tw_grant_light_kill(false, false, true, true, 12), 6); // mounted colonel
	FRAC(1 / 6.0 * (4 / 6.0), 1, 9);					   // dies on a save of 1-4
	assert_int_equal(tw_grant_light_kill(false, false, true, false, 12), 7); // dismounted
	assert_int_equal(tw_grant_light_kill(false, true, false, false, 12), 7); // cover beyond 9
	assert_int_equal(tw_grant_light_kill(false, true, true, true, 5), 7);	   // no picking off in cover
	assert_int_equal(tw_grant_light_kill(true, false, false, false, 5), 5);
	assert_int_equal(tw_grant_light_kill(true, true, false, false, 5), 6);
	assert_int_equal(tw_grant_light_kill(true, true, false, false, 10), 7);
	assert_int_equal(tw_grant_light_kill(false, true, false, false, 5), 6);
	assert_int_equal(tw_grant_light_kill(false, false, false, false, 18.5), 7);
}

// Clauses: GR.EX.8 GR.CHARGE.5
static void test_GR_EX_8_GR_CHARGE_5_dice_off(void **st)
{
	(void)st;
	int def = 0, tot = 0; // ties thrown again: P(defender higher | not tie)
	for (int a = 1; a <= 6; a++)
		for (int d = 1; d <= 6; d++)
			if (a != d) {
				tot++;
				def += d > a;
			}
	FRAC((double)def / tot, 1, 2);
	assert_int_equal(tw_grant_musk_deduction(0, false, true), 1); // close range, first volley, open
	FRAC(8 * expect_hits(1), 20, 1);
}

// Clauses: GR.EX.9 GR.MELEE
static void test_GR_EX_9_GR_MELEE_scores(void **st)
{
	(void)st;
	double ma, mb;
	assert_true(tw_grant_pairing(false, 2, false, 1, &ma, &mb));
	assert_true(tw_grant_melee_score(4, ma, 1) == 7.0); // 1.5 x 4 + 1 charging
	assert_true(tw_grant_melee_score(6, mb, 1) == 7.0); // 6 + 1 wall: a tie
	assert_true(tw_grant_pairing(true, 1, true, 1, &ma, &mb));
	assert_true(tw_grant_melee_score(3, ma, 2) == 5.0); // charging + heavy v light
	assert_true(tw_grant_melee_score(4, mb, 0) == 4.0); // the light cavalryman is removed
}

// Clauses: GR.EX.10 GR.MELEE.4
static void test_GR_EX_10_GR_MELEE_4_cavalry_against_infantry(void **st)
{
	(void)st;
	double ma, mb, w, t, l;
	assert_true(tw_grant_pairing(true, 1, false, 1, &ma, &mb));
	assert_true(tw_grant_melee_score(3, ma, 0) == tw_grant_melee_score(6, mb, 0));
	assert_true(tw_grant_melee_odds(true, 1, false, 1, 0, 0, &w, &t, &l));
	FRAC(w, 3, 4);
	FRAC(t, 1, 12);
	FRAC(l, 1, 6);
	assert_true(tw_grant_melee_odds(true, 1, false, 2, 0, 0, &w, &t, &l));
	FRAC(w, 5, 12);
	FRAC(t, 1, 6);
	FRAC(l, 5, 12);
	assert_true(tw_grant_melee_odds(true, 1, false, 3, 0, 0, &w, &t, &l));
	FRAC(l, 2, 3);
	FRAC(w, 5, 18);
	FRAC(t, 1, 18);
	// The rest of the GR.MELEE table.
	assert_true(tw_grant_melee_odds(false, 1, false, 1, 0, 0, &w, &t, &l));
	FRAC(w, 5, 12);
	FRAC(t, 1, 6);
	assert_true(tw_grant_melee_odds(false, 2, false, 1, 0, 0, &w, &t, &l));
	FRAC(w, 2, 3);
	FRAC(t, 1, 18);
	FRAC(l, 5, 18);
	assert_true(tw_grant_melee_odds(true, 2, true, 1, 0, 0, &w, &t, &l));
	FRAC(w, 2, 3);
	// GR.MELEE.6: forbidden pairings.
	assert_false(tw_grant_pairing(false, 3, false, 1, &ma, &mb));
	assert_false(tw_grant_pairing(true, 3, true, 1, &ma, &mb));
	assert_false(tw_grant_pairing(true, 2, false, 1, &ma, &mb));
	assert_false(tw_grant_pairing(true, 1, false, 4, &ma, &mb));
}

// Clauses: GR.EX.11 GR.MELEE.20
static void test_GR_EX_11_GR_MELEE_20_twice_rule(void **st)
{
	(void)st;
	assert_true(tw_grant_twice_rule(2 + 4, 3));
	assert_false(tw_grant_twice_rule(3, 6));
	assert_false(tw_grant_twice_rule(5, 3));
	assert_false(tw_grant_twice_rule(3, 5));
	assert_false(tw_grant_twice_rule(0, 0)); // must have lost something
}

// Clauses: GR.EX.12 GR.MELEE.25
static void test_GR_EX_12_GR_MELEE_25_exhaustion(void **st)
{
	(void)st;
	assert_int_equal(tw_grant_exhaust_bonus(1, false) + 1, 3); // +2 and the charge +1
	assert_int_equal(tw_grant_exhaust_bonus(1, true), 3);	   // fight goes on, charge lost
	assert_int_equal(tw_grant_exhaust_bonus(3, false) + 1, 2);
	assert_int_equal(tw_grant_exhaust_bonus(3, true), 2);
	assert_int_equal(tw_grant_exhaust_bonus(5, false), 0);
}

// Clauses: GR.EX.13 GR.MORALE.7
static void test_GR_EX_13_GR_MORALE_7_retests(void **st)
{
	(void)st;
	int cp = 6 - tw_grant_officer_points(TW_GR_LINE, 0);
	assert_int_equal(cp, 4);
	int lp = tw_grant_loss_points(TW_GR_LINE, 13, 48);
	assert_int_equal(lp, 2);
	double p6 = tw_grant_morale_odds(cp, lp, 6);
	FRAC(p6, 1, 2);
	FRAC(tw_grant_morale_odds(cp, lp, 7), 1, 3);
	FRAC(tw_grant_morale_odds(cp, lp, 8), 1, 6);
	FRAC(tw_grant_morale_odds(cp, lp, 9), 0, 1);
	FRAC(tw_grant_morale_odds(cp, lp, 10), 0, 1);
	double rally = tw_grant_morale_odds(cp, lp, 7) + (1 - tw_grant_morale_odds(cp, lp, 7)) * tw_grant_morale_odds(cp, lp, 8);
	FRAC(rally, 4, 9);
}

// Clauses: GR.EX.14 GR.MORALE.3 GR.GREN.4
static void test_GR_EX_14_GR_MORALE_3_GR_GREN_4_cases(void **st)
{
	(void)st;
	FRAC(tw_grant_morale_odds(6, tw_grant_loss_points(TW_GR_LINE, 0, 48), 6), 1, 1);
	assert_int_equal(tw_grant_loss_points(TW_GR_LINE, 8, 48), 1);
	FRAC(tw_grant_morale_odds(6, 1, 6), 1, 1);
	assert_int_equal(tw_grant_loss_points(TW_GR_LINE, 12, 48), 2);
	FRAC(tw_grant_morale_odds(6, 2, 6), 5, 6);
	int lcp = 6 - tw_grant_officer_points(TW_GR_LIGHT_INF, 0);
	assert_int_equal(lcp, 3);
	assert_int_equal(tw_grant_loss_points(TW_GR_LIGHT_INF, 4, 24), 1);
	FRAC(tw_grant_morale_odds(lcp, 1, 6), 1, 2);
	assert_int_equal(tw_grant_loss_points(TW_GR_GRENADIER, 11, 48), 0);
	assert_int_equal(tw_grant_loss_points(TW_GR_GRENADIER, 12, 48), 1);
	assert_int_equal(tw_grant_loss_points(TW_GR_GRENADIER, 23, 48), 1);
	// GR.MORALE.3 table columns.
	assert_int_equal(tw_grant_loss_points(TW_GR_LINE, 7, 48), 0);
	assert_int_equal(tw_grant_loss_points(TW_GR_LINE, 11, 48), 1);
	assert_int_equal(tw_grant_loss_points(TW_GR_LINE, 23, 48), 2);
	assert_int_equal(tw_grant_loss_points(TW_GR_LIGHT_INF, 3, 24), 0);
	assert_int_equal(tw_grant_loss_points(TW_GR_LIGHT_INF, 5, 24), 1);
	assert_int_equal(tw_grant_loss_points(TW_GR_LIGHT_INF, 6, 24), 2);
	assert_int_equal(tw_grant_loss_points(TW_GR_ARTILLERY, 1, 10), 0);
	assert_int_equal(tw_grant_loss_points(TW_GR_ARTILLERY, 2, 10), 1);
	assert_int_equal(tw_grant_loss_points(TW_GR_ARTILLERY, 4, 10), 2);
}

// Clauses: GR.EX.15 GR.MORALE.8
static void test_GR_EX_15_GR_MORALE_8_fifty_percent(void **st)
{
	(void)st;
	assert_int_equal(tw_grant_loss_points(TW_GR_LINE, 48 - 24, 48), 3);
	assert_int_equal(tw_grant_loss_points(TW_GR_LINE, 48 - 25, 48), 2);
	assert_int_equal(tw_grant_loss_points(TW_GR_HEAVY_CAV, 12, 24), 3);
	assert_int_equal(tw_grant_loss_points(TW_GR_ARTILLERY, 5, 10), 3);
	assert_int_equal(tw_grant_loss_points(TW_GR_GRENADIER, 24, 48), 3);
}

// Clauses: GR.EX.16 GR.MORALE.11
static void test_GR_EX_16_GR_MORALE_11_officer_save(void **st)
{
	(void)st;
	FRAC(tw_grant_morale_odds(0, 0, 5), 1, 3); // a d6 of 5+
	int cp = 0;
	for (int k = 1; k < 5; k++)
		cp += tw_grant_officer_points(TW_GR_LINE, k);
	assert_int_equal(cp, 4);
}

// Clauses: GR.EX.17 GR.ART.5
static void test_GR_EX_17_GR_ART_5_roundshot_kill(void **st)
{
	(void)st;
	assert_int_equal(tw_grant_art_kill(30), 4);
	assert_int_equal(tw_grant_art_kill(10), 3);
	assert_int_equal(tw_grant_art_kill(40), 5);
	assert_int_equal(tw_grant_art_kill(55), 6);
	assert_int_equal(tw_grant_art_kill(62), 6);
	assert_int_equal(tw_grant_art_kill(24), 4);
	assert_int_equal(tw_grant_art_kill(36), 5);
	assert_int_equal(tw_grant_art_kill(48), 6);
}

// Clauses: GR.EX.18 GR.ART.3 GR.ART.4
static void test_GR_EX_18_GR_ART_3_GR_ART_4_sleeve(void **st)
{
	(void)st;
	tw_vec2 g = tw_v2(0, 0), aim = tw_v2(0, 30);
	int delta = 5 - 2;
	assert_true(tw_grant_sleeve_covers(g, aim, delta, tw_v2(0, 31)));
	assert_true(tw_grant_sleeve_covers(g, aim, delta, tw_v2(0.2, 33)));
	assert_false(tw_grant_sleeve_covers(g, aim, delta, tw_v2(0.3, 34)));
	assert_false(tw_grant_sleeve_covers(g, aim, delta, tw_v2(0, 30)));
	assert_false(tw_grant_sleeve_covers(g, aim, delta, tw_v2(0, 36)));
	FRAC(2 * (7 - tw_grant_art_kill(33)) / 6.0, 1, 1);
	int stay = 0, none = 0;
	for (int p = 1; p <= 6; p++)
		for (int m = 1; m <= 6; m++) {
			stay += tw_grant_sleeve_covers(g, aim, p - m, aim);
			none += p == m;
		}
	FRAC(stay / 36.0, 2, 3);
	FRAC(stay / 36.0 * (7 - tw_grant_art_kill(30)) / 6.0, 1, 3);
	FRAC(none / 36.0, 1, 6);
	// Short of the muzzle: the sleeve never reaches behind the gun.
	assert_false(tw_grant_sleeve_covers(g, tw_v2(0, 2), -5, tw_v2(0, -1)));
}

// Clauses: GR.EX.19 GR.ART.6 GR.ART.8
static void test_GR_EX_19_GR_ART_6_GR_ART_8_counter_battery(void **st)
{
	(void)st;
	int dmg = 0;
	const int d30[] = {4, 6};
	for (int i = 0; i < 2; i++)
		dmg += tw_grant_hits(d30[i], tw_grant_cb_reduce(30));
	assert_int_equal(dmg, 10);
	assert_int_equal(tw_grant_gun_state(dmg), 1);
	const int more[] = {5, 3, 2};
	for (int i = 0; i < 3; i++)
		dmg += tw_grant_hits(more[i], tw_grant_cb_reduce(30));
	assert_int_equal(dmg, 20);
	assert_int_equal(tw_grant_gun_state(dmg), 2);
	int d40 = 0;
	const int dd[] = {4, 6, 5};
	for (int i = 0; i < 3; i++)
		d40 += tw_grant_hits(dd[i], tw_grant_cb_reduce(40));
	assert_int_equal(d40, 12);
	assert_int_equal(tw_grant_gun_state(d40), 1);
	assert_int_equal(tw_grant_cb_reduce(36), 1);
	assert_int_equal(tw_grant_cb_reduce(48), 2);
	assert_int_equal(tw_grant_hits(1, 2) + tw_grant_hits(2, 2), 0);
	assert_int_equal(tw_grant_hits(6, 2), 4);
	FRAC(expect_hits(tw_grant_cb_reduce(20)) + 0, 7, 2);
	double e0 = 0;
	for (int d = 1; d <= 6; d++)
		e0 += d / 6.0;
	FRAC(e0, 7, 2);
	FRAC(expect_hits(1), 5, 2);
	FRAC(expect_hits(2), 5, 3);
}

// Clauses: GR.EX.20 GR.CANI.1
static void test_GR_EX_20_GR_CANI_1_canister(void **st)
{
	(void)st;
	tw_vec2 m = tw_v2(0, 0), dir = tw_v2(0, 10);
	assert_int_equal(tw_grant_canister_zone(m, dir, tw_v2(0, 7.9)), 0);
	assert_int_equal(tw_grant_canister_kill(0), 4);
	assert_int_equal(tw_grant_canister_zone(m, dir, tw_v2(0, 10)), 1);
	assert_int_equal(tw_grant_canister_kill(1), 5);
	assert_int_equal(tw_grant_canister_zone(m, dir, tw_v2(3, 20)), 2);
	assert_int_equal(tw_grant_canister_kill(2), 6);
	assert_int_equal(tw_grant_canister_zone(m, dir, tw_v2(3.5, 20)), -1);
	assert_int_equal(tw_grant_canister_zone(m, dir, tw_v2(0, 24.1)), -1);
	assert_int_equal(tw_grant_canister_zone(m, dir, tw_v2(0, 8)), 1);
	assert_int_equal(tw_grant_canister_zone(m, dir, tw_v2(0, -1)), -1);
}

// Clauses: GR.EX.21 GR.HOW.3
static void test_GR_EX_21_GR_HOW_3_shell_burst_indicator(void **st)
{
	(void)st;
	tw_vec2 g = tw_v2(0, 0), aim = tw_v2(0, 30);
	assert_int_equal(tw_grant_sbi_sector(g, aim, tw_v2(0.5, 30.5)), 6);
	assert_int_equal(tw_grant_sbi_sector(g, aim, tw_v2(0, 32)), 5);
	assert_int_equal(tw_grant_sbi_sector(g, aim, tw_v2(2, 30)), 4);
	assert_int_equal(tw_grant_sbi_sector(g, aim, tw_v2(0, 28)), 3);
	assert_int_equal(tw_grant_sbi_sector(g, aim, tw_v2(-2, 30)), 2);
	assert_int_equal(tw_grant_sbi_sector(g, aim, tw_v2(0, 33.5)), 0);
	FRAC(1 / 6.0 * 1 / 2.0, 1, 12);
}

// Clauses: GR.EX.22 GR.HOUSE.1
static void test_GR_EX_22_GR_HOUSE_1_roundshot_on_house(void **st)
{
	(void)st;
	int k;
	bool on;
	assert_true(tw_grant_house_shot(30, 5, &k, &on));
	assert_int_equal(k, 2);
	assert_true(on);
	int dmg = 5 + 6 + 4 + 5;
	assert_int_equal(dmg, 20);
	assert_false(tw_grant_house_shot(40, 3, &k, &on));
	assert_true(tw_grant_house_shot(50, 6, &k, &on));
	assert_int_equal(k, 1);
	assert_false(on);
	const double range[3] = {10, 40, 55};
	const int pn[3][2] = {{2, 3}, {1, 2}, {1, 3}}, kn[3][2] = {{7, 6}, {5, 6}, {1, 3}};
	for (int b = 0; b < 3; b++) {
		int pen = 0, kills = 0;
		for (int d = 1; d <= 6; d++) {
			pen += tw_grant_house_shot(range[b], d, &k, &on);
			kills += k;
		}
		FRAC(pen / 6.0, pn[b][0], pn[b][1]);
		FRAC(kills / 6.0, kn[b][0], kn[b][1]);
	}
}

// Clauses: GR.EX.23 GR.HOUSE.5
static void test_GR_EX_23_GR_HOUSE_5_howitzer_on_house(void **st)
{
	(void)st;
	assert_int_equal(tw_grant_how_house_kills(3), 0);
	assert_int_equal(7 + 3, 10);
	double never = pow(1.0 / 3.0, 15);
	assert_true(fabs(never - 1.0 / 14348907.0) < 1e-20);
	double e = 0;
	for (int d = 1; d <= 6; d++)
		e += tw_grant_how_house_kills(d) / 6.0;
	FRAC(e, 1, 1);
}

// Clauses: GR.EX.24 GR.MELEE.26
static void test_GR_EX_24_GR_MELEE_26_breakthrough(void **st)
{
	(void)st;
	FRAC((7 - tw_grant_breakthrough(3)) / 6.0, 1, 3);
	FRAC((7 - tw_grant_breakthrough(2)) / 6.0, 1, 2);
	assert_int_equal(tw_grant_breakthrough(4), 7);
	assert_int_equal(tw_grant_breakthrough(1), 4);
	FRAC(3 / 6.0, 1, 2); // break-in on 4+ (GR.MELEE.9)
}

// Clauses: GR.EX.25 GR.TERR
static void test_GR_EX_25_GR_TERR_movement_rates(void **st)
{
	(void)st;
	assert_true(tw_grant_move_rate(TW_GR_LINE, TW_GR_MODE_LINE) / 2 == 3.0);
	assert_true(tw_grant_move_rate(TW_GR_LINE, TW_GR_MODE_LINE) / 4 == 1.5);
	assert_true(tw_grant_move_rate(TW_GR_LIGHT_INF, TW_GR_MODE_NORMAL) == 7.5);
	assert_true(tw_grant_move_rate(TW_GR_LIGHT_INF, TW_GR_MODE_NORMAL) / 2 == 3.75);
	assert_true(tw_grant_move_rate(TW_GR_HEAVY_CAV, TW_GR_MODE_CHARGE) / 2 == 9.0);
	assert_true(tw_grant_move_rate(TW_GR_ARTILLERY, TW_GR_MODE_TEAM) / 2 == 3.0);
}

// Clauses: GR.EX.26 GR.MOVE.5
static void test_GR_EX_26_GR_MOVE_5_battle_moves(void **st)
{
	(void)st;
	assert_true(tw_grant_move_rate(TW_GR_HEAVY_CAV, TW_GR_MODE_BATTLE) == 12.0);
	assert_true(tw_grant_move_rate(TW_GR_HEAVY_CAV, TW_GR_MODE_NORMAL) == 9.0);
}

// Clauses: GR.EX.28 GR.GREN
static void test_GR_EX_28_GR_GREN_grenadiers(void **st)
{
	(void)st;
	assert_int_equal(tw_grant_musk_dice(48, 4), 12);
	assert_int_equal(tw_grant_musk_deduction(4, false, true), 1);
	FRAC(12 * expect_hits(1), 30, 1);
	double ma, mb;
	assert_true(tw_grant_pairing(false, 1, false, 1, &ma, &mb));
	assert_true(tw_grant_melee_score(3, ma, 1) == tw_grant_melee_score(4, mb, 0));
	assert_true(tw_grant_pairing(false, 2, false, 1, &ma, &mb));
	assert_true(tw_grant_melee_score(4, ma, 1) == 7.0);
}

static void test_GR_MUSK_7_volley_distribution_odds(void **st)
{
	(void)st;
	double dist[16];
	assert_int_equal(tw_grant_volley_odds(12, 6, 8, false, true, dist, 15), 2);
	FRAC(dist[0], 1, 9);  // both dice 1-2
	FRAC(dist[1], 1, 9);  // one 3, one 1-2, either order
	FRAC(dist[2], 5, 36); // a 4 and a 1-2, or two 3s
	FRAC(dist[8], 1, 36); // two 6s
	double sum = 0;
	for (int k = 0; k <= 15; k++)
		sum += dist[k];
	FRAC(sum, 1, 1);
	assert_int_equal(tw_grant_volley_odds(12, 6, 18.5, false, true, dist, 15), 0); // out of range
	FRAC(dist[0], 1, 1);
}

static void test_GR_MOVE_table_rates(void **st)
{
	(void)st;
	assert_true(tw_grant_move_rate(TW_GR_LINE, TW_GR_MODE_LINE) == 6);
	assert_true(tw_grant_move_rate(TW_GR_LINE, TW_GR_MODE_LINE_FIRED) == 4);
	assert_true(tw_grant_move_rate(TW_GR_LINE, TW_GR_MODE_COLUMN) == 7.5);
	assert_true(tw_grant_move_rate(TW_GR_LINE, TW_GR_MODE_CHARGE) == 9);
	assert_true(tw_grant_move_rate(TW_GR_GRENADIER, TW_GR_MODE_CHARGE) == 9);
	assert_true(tw_grant_move_rate(TW_GR_ENGINEER, TW_GR_MODE_COLUMN) == 7.5);
	assert_true(tw_grant_move_rate(TW_GR_LIGHT_INF, TW_GR_MODE_CHARGE) < 0);
	assert_true(tw_grant_move_rate(TW_GR_LIGHT_CAV, TW_GR_MODE_NORMAL) == 12);
	assert_true(tw_grant_move_rate(TW_GR_LIGHT_CAV, TW_GR_MODE_CHARGE) == 18);
	assert_true(tw_grant_move_rate(TW_GR_ARTILLERY, TW_GR_MODE_MANHANDLE) == 1);
	assert_true(tw_grant_move_rate(TW_GR_LIGHT_CAV, TW_GR_MODE_BATTLE) < 0);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_GR_EX_1_first_volley_at_8),
		cmocka_unit_test(test_GR_EX_2_normal_volley_open_and_cover),
		cmocka_unit_test(test_GR_EX_3_GR_GEN_5_band_edges),
		cmocka_unit_test(test_GR_EX_4_GR_MUSK_11_allocation),
		cmocka_unit_test(test_GR_EX_5_GR_MUSK_5_incomplete_groups),
		cmocka_unit_test(test_GR_EX_6_GR_MUSK_2_mutual_exchange),
		cmocka_unit_test(test_GR_EX_7_GR_LIGHT_light_infantry),
		cmocka_unit_test(test_GR_EX_8_GR_CHARGE_5_dice_off),
		cmocka_unit_test(test_GR_EX_9_GR_MELEE_scores),
		cmocka_unit_test(test_GR_EX_10_GR_MELEE_4_cavalry_against_infantry),
		cmocka_unit_test(test_GR_EX_11_GR_MELEE_20_twice_rule),
		cmocka_unit_test(test_GR_EX_12_GR_MELEE_25_exhaustion),
		cmocka_unit_test(test_GR_EX_13_GR_MORALE_7_retests),
		cmocka_unit_test(test_GR_EX_14_GR_MORALE_3_GR_GREN_4_cases),
		cmocka_unit_test(test_GR_EX_15_GR_MORALE_8_fifty_percent),
		cmocka_unit_test(test_GR_EX_16_GR_MORALE_11_officer_save),
		cmocka_unit_test(test_GR_EX_17_GR_ART_5_roundshot_kill),
		cmocka_unit_test(test_GR_EX_18_GR_ART_3_GR_ART_4_sleeve),
		cmocka_unit_test(test_GR_EX_19_GR_ART_6_GR_ART_8_counter_battery),
		cmocka_unit_test(test_GR_EX_20_GR_CANI_1_canister),
		cmocka_unit_test(test_GR_EX_21_GR_HOW_3_shell_burst_indicator),
		cmocka_unit_test(test_GR_EX_22_GR_HOUSE_1_roundshot_on_house),
		cmocka_unit_test(test_GR_EX_23_GR_HOUSE_5_howitzer_on_house),
		cmocka_unit_test(test_GR_EX_24_GR_MELEE_26_breakthrough),
		cmocka_unit_test(test_GR_EX_25_GR_TERR_movement_rates),
		cmocka_unit_test(test_GR_EX_26_GR_MOVE_5_battle_moves),
		cmocka_unit_test(test_GR_EX_28_GR_GREN_grenadiers),
		cmocka_unit_test(test_GR_MUSK_7_volley_distribution_odds),
		cmocka_unit_test(test_GR_MOVE_table_rates),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
