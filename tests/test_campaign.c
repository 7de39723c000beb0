// Campaigns in SQLite: LW.CAMP.1 (target), LW.CAMP.2 (credit), LW.CAMP.3 (what scoring rewards),
// persistence, refusal after the war is won, errors as values.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tinwar/campaign.h"
#include "tinwar/tinwar.h"

typedef struct fixture {
	char dir[64];
	char path[96];
} fixture;

static int setup(void **st)
{
	fixture *f = calloc(1, sizeof *f);
	snprintf(f->dir, sizeof f->dir, "/tmp/tw_campaign_XXXXXX");
	if (!mkdtemp(f->dir))
		return -1;
	snprintf(f->path, sizeof f->path, "%s/war.db", f->dir);
	*st = f;
	return 0;
}

static int teardown(void **st)
{
	fixture *f = *st;
	char p[128];
	unlink(f->path);
	snprintf(p, sizeof p, "%s-journal", f->path);
	unlink(p);
	rmdir(f->dir);
	free(f);
	return 0;
}

static tw_campaign *open_ok(const fixture *f)
{
	tw_error err;
	tw_campaign *c = tw_campaign_open(f->path, &err);
	if (!c)
		fail_msg("open %s: %s", f->path, err.message);
	return c;
}

/// LW.EX.19: the winner's tally, 140 points.
static const tw_lw_tally ex19_winner = {
	.victory = true, .infantry = 10, .cavalry = 4, .guns = 2, .held_by_enemy = 3, .prisoners = 5};
/// A loser consistent with it: holds 3 of the winner's men, 5 of his own are held.
static const tw_lw_tally ex19_loser = {.infantry = 3, .cavalry = 0, .guns = 0, .held_by_enemy = 5, .prisoners = 3};

static void test_LW_CAMP_1_target_points(void **st)
{
	fixture *f = *st;
	tw_campaign *c = open_ok(f);
	tw_error err;
	assert_int_equal(tw_campaign_create(c, "war", "littlewars", 99, "red", "blue", &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "LW.CAMP.1");
	assert_int_equal(tw_campaign_create(c, "war", "littlewars", NAN, "red", "blue", &err), TW_ERR_INPUT);
	assert_int_equal(tw_campaign_create(c, "war", "no-such-rules", 200, "red", "blue", &err), TW_ERR_INPUT);
	assert_int_equal(tw_campaign_create(c, "war", "littlewars", 200, "red", "red", &err), TW_ERR_INPUT);
	assert_int_equal(tw_campaign_create(c, "", "littlewars", 200, "red", "blue", &err), TW_ERR_INPUT);
	for (int t = 200; t <= 400; t += 100) {
		char name[16];
		snprintf(name, sizeof name, "war%d", t);
		assert_int_equal(tw_campaign_create(c, name, "littlewars", t, "red", "blue", &err), TW_OK);
		tw_campaign_info info;
		assert_int_equal(tw_campaign_status(c, name, &info, &err), TW_OK);
		assert_true(info.target == t);
		assert_int_equal(info.battles, 0);
		assert_int_equal(info.leader, -1);
		assert_int_equal(info.winner, -1);
		assert_false(info.over);
		assert_string_equal(info.ruleset, "littlewars");
		assert_string_equal(info.sides[0], "red");
		assert_string_equal(info.sides[1], "blue");
	}
	// a name in use is refused
	assert_int_equal(tw_campaign_create(c, "war300", "littlewars", 500, "red", "blue", &err), TW_ERR_STATE);
	tw_campaign_close(c);
}

static void test_LW_CAMP_2_credit_is_difference(void **st)
{
	fixture *f = *st;
	// LW.EX.19: 100 + 10 + 6 + 20 + 1.5 + 2.5 = 140; in a draw 50 instead of 100.
	assert_true(tw_lw_battle_points(&ex19_winner) == 140.0);
	tw_lw_tally drawn = ex19_winner;
	drawn.victory = false;
	drawn.draw = true;
	assert_true(tw_lw_battle_points(&drawn) == 90.0);
	double loser = tw_lw_battle_points(&ex19_loser);
	assert_true(loser == 3 + 2.5 + 1.5);

	double pts[2] = {140, loser}, credit[2];
	tw_campaign_credit(pts, credit);
	assert_true(credit[0] == 133.0 && credit[1] == -133.0);

	tw_campaign *c = open_ok(f);
	tw_error err;
	assert_int_equal(tw_campaign_create(c, "war", "littlewars", 300, "red", "blue", &err), TW_OK);
	assert_int_equal(tw_campaign_record_battle(c, "war", "hooks-farm", 42, 0, pts, NULL, &err), TW_OK);
	tw_campaign_info info;
	assert_int_equal(tw_campaign_status(c, "war", &info, &err), TW_OK);
	assert_true(info.total[0] == 133.0 && info.total[1] == -133.0);
	assert_int_equal(info.battles, 1);
	assert_int_equal(info.leader, 0);
	assert_false(info.over);
	// the second battle goes the other way: signed running totals
	double pts2[2] = {20.5, 150};
	assert_int_equal(tw_campaign_record_battle(c, "war", "tutorial", 7, 1, pts2, NULL, &err), TW_OK);
	assert_int_equal(tw_campaign_status(c, "war", &info, &err), TW_OK);
	assert_true(info.total[0] == 133.0 - 129.5 && info.total[1] == -133.0 + 129.5);
	assert_int_equal(info.leader, 0);
	assert_int_equal(info.battles, 2);
	tw_campaign_battle b;
	assert_int_equal(tw_campaign_get_battle(c, "war", 2, &b, NULL, &err), TW_OK);
	assert_int_equal(b.seq, 2);
	assert_string_equal(b.scenario, "tutorial");
	assert_int_equal(b.winner, 1);
	assert_true(b.points[0] == 20.5 && b.points[1] == 150);
	assert_true(b.credit[0] == -129.5 && b.credit[1] == 129.5);
	assert_false(b.has_log);
	tw_campaign_close(c);
}

/// LW.CAMP.3 (advisory): scoring exists to reward saving guns by retreat, surrendering doomed
/// men and a skilful rearguard. Under the LW.CAMP.2 scale a gun saved over the back line is
/// worth 10 points of credit against one simply lost, and 20 against one left for the enemy
/// to take; a man surrendered costs his side, net, exactly what a man killed costs.
static void test_LW_CAMP_3_saving_guns_is_rewarded(void **st)
{
	(void)st;
	tw_lw_tally winner = ex19_winner, loser = ex19_loser;
	double pts[2], lost[2], saved[2], abandoned[2];
	pts[0] = tw_lw_battle_points(&winner);
	pts[1] = tw_lw_battle_points(&loser);
	tw_campaign_credit(pts, lost);
	// the loser drags a gun back over his own back line (LW.VAR.2: own guns withdrawn count)
	loser.guns = 1;
	pts[1] = tw_lw_battle_points(&loser);
	tw_campaign_credit(pts, saved);
	assert_true(saved[1] - lost[1] == 10.0);
	assert_true(saved[0] - lost[0] == -10.0);
	// had he left it on the field unmanned, the winner scores it as "in a position to take"
	loser.guns = 0;
	winner.guns = 3;
	pts[0] = tw_lw_battle_points(&winner);
	pts[1] = tw_lw_battle_points(&loser);
	tw_campaign_credit(pts, abandoned);
	assert_true(saved[1] - abandoned[1] == 20.0);
	// a doomed infantryman surrendered rather than killed: -1 +0.5 for his side, +0.5 for the
	// enemy: the same net credit as a man killed (the LW.CAMP.2 interpretation's note)
	tw_lw_tally a = ex19_loser, killed = ex19_loser, taken = ex19_loser, w2 = ex19_winner;
	killed.infantry -= 1;
	taken.infantry -= 1;
	taken.held_by_enemy += 1;
	double base[2] = {tw_lw_battle_points(&w2), tw_lw_battle_points(&a)}, c_base[2];
	double k[2] = {tw_lw_battle_points(&w2), tw_lw_battle_points(&killed)}, c_k[2];
	w2.prisoners += 1;
	double t[2] = {tw_lw_battle_points(&w2), tw_lw_battle_points(&taken)}, c_t[2];
	tw_campaign_credit(base, c_base);
	tw_campaign_credit(k, c_k);
	tw_campaign_credit(t, c_t);
	assert_true(c_k[1] == c_base[1] - 1.0);
	assert_true(c_t[1] == c_k[1]);
}

static void test_campaign_persists_across_close_open(void **st)
{
	fixture *f = *st;
	tw_error err;
	tw_campaign *c = open_ok(f);
	assert_int_equal(tw_campaign_create(c, "long war", "littlewars", 400, "red", "blue", &err), TW_OK);
	double pts[2] = {140, 7};
	const char *log = "{\"format\": \"tinwar-log\", \"version\": 1, \"orders\": []}";
	uint64_t big_seed = 0xF00DFACECAFEBEEFull; // above 2^63: stored by bit pattern
	assert_int_equal(tw_campaign_record_battle(c, "long war", "hooks-farm", big_seed, 0, pts, log, &err), TW_OK);
	tw_campaign_close(c);

	c = open_ok(f);
	tw_campaign_info info;
	assert_int_equal(tw_campaign_status(c, "long war", &info, &err), TW_OK);
	assert_int_equal(info.battles, 1);
	assert_true(info.total[0] == 133 && info.total[1] == -133);
	tw_campaign_battle b;
	char *text = NULL;
	assert_int_equal(tw_campaign_get_battle(c, "long war", 1, &b, &text, &err), TW_OK);
	assert_true(b.seed == big_seed);
	assert_true(b.has_log);
	assert_non_null(text);
	assert_string_equal(text, log);
	free(text);
	assert_int_equal(tw_campaign_get_battle(c, "long war", 2, &b, NULL, &err), TW_ERR_INPUT);
	tw_campaign_close(c);

	// the file carries its schema version
	sqlite3 *db;
	assert_int_equal(sqlite3_open(f->path, &db), SQLITE_OK);
	sqlite3_stmt *q;
	assert_int_equal(sqlite3_prepare_v2(db, "SELECT version FROM schema_version", -1, &q, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(q), SQLITE_ROW);
	assert_int_equal(sqlite3_column_int(q, 0), TW_CAMPAIGN_SCHEMA);
	sqlite3_finalize(q);
	// a file written by a newer tinwar is refused, not misread
	assert_int_equal(sqlite3_exec(db, "UPDATE schema_version SET version = 99", NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	assert_null(tw_campaign_open(f->path, &err));
	assert_int_equal(err.code, TW_ERR_STATE);
}

static void test_LW_CAMP_1_refuses_battles_after_war_won(void **st)
{
	fixture *f = *st;
	tw_error err;
	tw_campaign *c = open_ok(f);
	assert_int_equal(tw_campaign_create(c, "short war", "littlewars", 200, "red", "blue", &err), TW_OK);
	double pts[2] = {7, 140}; // blue wins by 133
	assert_int_equal(tw_campaign_record_battle(c, "short war", "s", 1, 1, pts, NULL, &err), TW_OK);
	tw_campaign_info info;
	assert_int_equal(tw_campaign_status(c, "short war", &info, &err), TW_OK);
	assert_false(info.over);
	assert_int_equal(info.leader, 1);
	assert_int_equal(tw_campaign_record_battle(c, "short war", "s", 2, 1, pts, NULL, &err), TW_OK);
	assert_int_equal(tw_campaign_status(c, "short war", &info, &err), TW_OK);
	assert_true(info.over);
	assert_int_equal(info.winner, 1);
	assert_true(info.total[1] == 266);
	assert_int_equal(tw_campaign_record_battle(c, "short war", "s", 3, 0, pts, NULL, &err), TW_ERR_STATE);
	assert_string_equal(err.clause, "LW.CAMP.1");
	assert_int_equal(tw_campaign_status(c, "short war", &info, &err), TW_OK);
	assert_int_equal(info.battles, 2); // nothing was written
	tw_campaign_close(c);
}

static void test_campaign_bad_inputs(void **st)
{
	fixture *f = *st;
	tw_error err;
	tw_campaign *c = open_ok(f);
	assert_int_equal(tw_campaign_create(c, "w", "littlewars", 200, "red", "blue", &err), TW_OK);
	double pts[2] = {1, 2}, nan_pts[2] = {NAN, 0};
	assert_int_equal(tw_campaign_record_battle(c, "w", "s", 1, 2, pts, NULL, &err), TW_ERR_INPUT);
	assert_int_equal(tw_campaign_record_battle(c, "w", "s", 1, 0, nan_pts, NULL, &err), TW_ERR_INPUT);
	assert_int_equal(tw_campaign_record_battle(c, "nope", "s", 1, 0, pts, NULL, &err), TW_ERR_INPUT);
	assert_int_equal(tw_campaign_record_battle(c, "w", NULL, 1, 0, pts, NULL, &err), TW_ERR_INPUT);
	tw_campaign_info info;
	assert_int_equal(tw_campaign_status(c, "nope", &info, &err), TW_ERR_INPUT);
	assert_int_equal(tw_campaign_status(c, "w", &info, &err), TW_OK);
	assert_int_equal(info.battles, 0);
	tw_campaign_close(c);
	tw_campaign_close(NULL);
}

static void test_campaign_bad_path(void **st)
{
	(void)st;
	tw_error err;
	assert_null(tw_campaign_open("/nonexistent-dir/tinwar/war.db", &err));
	assert_int_equal(err.code, TW_ERR_IO);
	assert_true(strlen(err.message) > 0);
	assert_null(tw_campaign_open("/", &err)); // a directory
	assert_int_equal(err.code, TW_ERR_IO);
	assert_null(tw_campaign_open(NULL, &err));
	assert_int_equal(err.code, TW_ERR_INPUT);
}

static void test_campaign_list(void **st)
{
	fixture *f = *st;
	tw_error err;
	tw_campaign *c = open_ok(f);
	int n = -1;
	assert_int_equal(tw_campaign_list(c, NULL, 0, &n, &err), TW_OK);
	assert_int_equal(n, 0);
	const char *names[] = {"gamma", "alpha", "beta"};
	for (int i = 0; i < 3; i++)
		assert_int_equal(tw_campaign_create(c, names[i], "littlewars", 200 + 100 * i, "red", "blue", &err), TW_OK);
	tw_campaign_info out[2];
	assert_int_equal(tw_campaign_list(c, out, 2, &n, &err), TW_OK);
	assert_int_equal(n, 3);
	assert_string_equal(out[0].name, "alpha");
	assert_string_equal(out[1].name, "beta");
	assert_true(out[0].target == 300);
	tw_campaign_close(c);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_LW_CAMP_1_target_points, setup, teardown),
		cmocka_unit_test_setup_teardown(test_LW_CAMP_2_credit_is_difference, setup, teardown),
		cmocka_unit_test(test_LW_CAMP_3_saving_guns_is_rewarded),
		cmocka_unit_test_setup_teardown(test_campaign_persists_across_close_open, setup, teardown),
		cmocka_unit_test_setup_teardown(test_LW_CAMP_1_refuses_battles_after_war_won, setup, teardown),
		cmocka_unit_test_setup_teardown(test_campaign_bad_inputs, setup, teardown),
		cmocka_unit_test(test_campaign_bad_path),
		cmocka_unit_test_setup_teardown(test_campaign_list, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
