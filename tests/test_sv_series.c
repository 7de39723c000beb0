// Science versus Luck's whole game as a series (sv_series.c): 2, 3 and 6 computer teams from the
// first lot to the last battle (SV.SETUP.1-3, SV.SETUP.8-9), the roles rotating between phases
// (SV.SETUP.4-6), the guns and their hidden truth passing with the country (SV.EXPO.8), the
// manuals written on the range carried into the battles (SV.DOC.1, SV.DOC.4), the debrief
// (SV.SETUP.10, SV.EXPO.9).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rules/svl/sv.h"
#include "tinwar/tinwar.h"
#include "tinwar/physics.h"
#include "cli_run.h"

static char dir[64], path[96];

static int setup(void **st)
{
	(void)st;
	tw_register_builtin();
	snprintf(dir, sizeof dir, "/tmp/tw_svseries_XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof path, "%s/svl.db", dir);
	return 0;
}

static int teardown(void **st)
{
	(void)st;
	char p[128];
	unlink(path);
	snprintf(p, sizeof p, "%s-journal", path);
	unlink(p);
	rmdir(dir);
	return 0;
}

static json_t *carry_of(tw_series *db, const char *name)
{
	tw_series_info in;
	tw_error err;
	assert_int_equal(tw_series_status(db, name, &in, &err), TW_OK);
	json_t *c = json_loads(in.carry, 0, NULL);
	tw_series_info_free(&in);
	assert_non_null(c);
	return c;
}

static const char *const stage_file[] = {"scenarios/svl/auction.json", "scenarios/svl/range.json", "scenarios/svl/battle.json"};

// What each prepared game looked like, for the assertions after the series.
typedef struct seen {
	int nsides, country[TW_MAX_SIDES], player[TW_MAX_SIDES];
	int ngun, gun_model[16];
	double v_mean[16];
	int pace, range_factor100;
	int nfig, buglers;
} seen;

/// Called on each game before the computer plays it (a test's own orders), when set.
static void (*before_play)(tw_game *g, int seq);

/// Runs a whole series of n computer teams (2n players) and r rounds; fills what each game saw.
static void run_series_cfg(tw_series *db, const char *name, int n, int rounds, const char *extra, seen *games)
{
	char names[12][16]; // room for any int (gcc -Wformat-truncation under the sanitizer build)
	const char *players[12];
	for (int i = 0; i < 2 * n; i++) {
		snprintf(names[i], sizeof names[i], "T%d%c", i / 2, 'a' + i % 2);
		players[i] = names[i];
	}
	char cfg[128];
	snprintf(cfg, sizeof cfg, "{\"teams\": %d, \"rounds\": %d%s}", n, rounds, extra);
	tw_error err;
	assert_int_equal(tw_series_create(db, name, "svl", players, 2 * n, cfg, &err), TW_OK);
	int total = 2 + n * rounds;
	for (int seq = 1; seq <= total; seq++) {
		tw_state sc, prep;
		int roles[TW_MAX_SIDES];
		if (tw_state_load(&sc, stage_file[seq > 2 ? 2 : seq - 1], &err) != TW_OK)
			fail_msg("load %d: %s %s %s", seq, err.path, err.clause, err.message);
		if (tw_series_next(db, name, &sc, (uint64_t)seq, &prep, roles, &err) != TW_OK)
			fail_msg("next %d: %s", seq, err.message);
		seen *g = &games[seq - 1];
		g->nsides = prep.nsides;
		g->nfig = prep.nfig;
		for (int k = 0; k < prep.nsides; k++) {
			g->country[k] = SVS(&prep, k)->country;
			g->player[k] = roles[k];
		}
		tw_game *game = tw_game_new(&prep, (uint64_t)seq, tw_shot_model_find("fast"), &err);
		assert_non_null(game);
		const tw_state *s = tw_game_state(game);
		g->ngun = s->ngun;
		for (int k = 0; k < s->ngun && k < 16; k++) {
			g->gun_model[k] = s->gun[k].model;
			g->v_mean[k] = SVGN((tw_state *)s, k)->v_mean;
		}
		if (seq > 2) {
			for (int f = 0; f < s->nfig; f++)
				g->buglers += SVF((tw_state *)s, f)->role == SV_ROLE_BUGLER;
			g->pace = SVS((tw_state *)s, SV_ATTACKER)->pace;
			g->range_factor100 = (int)(SVS((tw_state *)s, SV_DEFENDER)->range_factor * 100 + 0.5);
		}
		if (before_play)
			before_play(game, seq);
		if (tw_sv_play_computer(game, (uint64_t)seq, &err) != TW_OK)
			fail_msg("play %d: %s", seq, err.message);
		json_t *j = tw_game_log_to_json(game);
		char *log = json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(17));
		json_decref(j);
		if (tw_series_record(db, name, log, &err) != TW_OK)
			fail_msg("record %d: %s", seq, err.message);
		free(log);
		tw_game_free(game);
		tw_state_free(&prep);
		tw_state_free(&sc);
	}
	tw_series_info in;
	assert_int_equal(tw_series_status(db, name, &in, &err), TW_OK);
	assert_int_equal(in.games, total);
	assert_true(in.over); // SV.SETUP.10: the series ends after the last battle
	tw_series_info_free(&in);
}

static void run_series(tw_series *db, const char *name, int n, int rounds, seen *games)
{
	run_series_cfg(db, name, n, rounds, "", games);
}

// The country a team plays in a phase, checked against what the prepared game's sides hold.
static void check_roles(const seen *games, int n)
{
	// SV.SETUP.4: at the auction side k is team k, country k+1 in the list order, its first player.
	assert_int_equal(games[0].nsides, n);
	for (int k = 0; k < n; k++) {
		assert_int_equal(games[0].country[k], 1 + k);
		assert_int_equal(games[0].player[k], 2 * k);
	}
	// SV.SETUP.5: on the range team k is the next country, a different one when n >= 2.
	assert_int_equal(games[1].nsides, n);
	for (int k = 0; k < n; k++) {
		assert_int_equal(games[1].country[k], 1 + (k + 1) % n);
		assert_int_not_equal(games[1].country[k], games[0].country[k]);
		assert_int_equal(games[1].player[k], 2 * k);
	}
	// SV.SETUP.6, SV.SETUP.8: battle t: team t's infantry (its artillery writer, player 2t+1)
	// against the target team's gun (its infantry writer); countries C3 = C2 without the option.
	for (int t = 0; t < n; t++) {
		const seen *b = &games[2 + t];
		int d = n % 2 == 0 ? (t % 2 == 0 ? t + 1 : t - 1) : (t + 1) % n;
		assert_int_equal(b->nsides, 2);
		assert_int_equal(b->country[0], 1 + (t + 1) % n);
		assert_int_equal(b->country[1], 1 + (d + 1) % n);
		assert_int_equal(b->player[0], 2 * t + 1);
		assert_int_equal(b->player[1], 2 * d);
	}
}

// SV.SETUP.2, SV.SETUP.3, SV.SETUP.8: two teams, the auction, the range, two battles (T0's
// infantry against T1's gun and T1's against T0's); every player fights one battle a round.
static void test_SV_SETUP_2_3_8_two_teams_first_lot_to_last_battle(void **st)
{
	(void)st;
	tw_error err;
	tw_series *db = tw_series_open(path, &err);
	assert_non_null(db);
	seen games[4];
	memset(games, 0, sizeof games);
	run_series(db, "two", 2, 1, games);
	check_roles(games, 2);
	// Every player fights exactly one battle (SV.SETUP.8).
	int fought[4] = {0};
	for (int b = 2; b < 4; b++)
		for (int k = 0; k < 2; k++)
			fought[games[b].player[k]]++;
	for (int p = 0; p < 4; p++)
		assert_int_equal(fought[p], 1);
	json_t *c = carry_of(db, "two");
	assert_string_equal(json_string_value(json_object_get(c, "stage")), "over");
	assert_int_equal(json_array_size(json_object_get(c, "battles")), 2);
	// sv-svfix: SV.WIN.5 the verdict of every turn; the battle's verdict is the whole battle's.
	for (size_t i = 0; i < 2; i++) {
		json_t *b = json_array_get(json_object_get(c, "battles"), i), *v = json_object_get(b, "verdicts");
		int judged = (int)json_integer_value(json_object_get(b, "turns_judged")), kept = 0;
		assert_true(json_is_array(v));
		assert_true(judged >= 1 && judged <= json_integer_value(json_object_get(b, "turns")));
		assert_int_equal((int)json_array_size(v), judged);
		for (size_t t = 0; t < json_array_size(v); t++)
			kept += json_is_true(json_array_get(v, t));
		assert_int_equal(json_integer_value(json_object_get(b, "adhering_turns")), kept);
		assert_int_equal(json_integer_value(json_object_get(b, "adhering")), kept == judged);
		print_message("battle %zu: adhering %d of %d turns\n", i, kept, judged);
		assert_int_equal(kept, judged); // SV.DOC.20: computer companies (one with IM.bugler REQUIRED) adhere
	}
	json_decref(c);
	tw_series_close(db);
}

// SV.EXPO.8: guns belong to the country: the range fields the guns its country bought, the
// battle the defender's country's, with the same hidden truth (SV.GUN.4) the range measured; the
// manuals written on the range are in force in the battle (SV.DOC.1, SV.DOC.4).
static void test_SV_EXPO_8_SV_DOC_1_three_teams_guns_truth_and_manuals_carried(void **st)
{
	(void)st;
	tw_error err;
	tw_series *db = tw_series_open(path, &err);
	assert_non_null(db);
	seen games[5];
	memset(games, 0, sizeof games);
	run_series(db, "three", 3, 1, games);
	check_roles(games, 3);
	json_t *c = carry_of(db, "three");
	json_t *by = json_object_get(c, "country");
	if (getenv("SV_DUMP"))
		json_dumpf(c, stderr, JSON_INDENT(1));
	// The range: side k (country C2(k)) has exactly its country's guns, in the order bought.
	int gi = 0;
	for (int k = 0; k < 3; k++) {
		const char *cn = tw_sv_country_names[games[1].country[k]];
		json_t *guns = json_object_get(json_object_get(by, cn), "guns");
		assert_true(json_array_size(guns) >= 1);
		for (size_t i = 0; i < json_array_size(guns); i++, gi++) {
			const char *code = json_string_value(json_object_get(json_array_get(guns, i), "code"));
			assert_int_equal(games[1].gun_model[gi], tw_gun_model_find(code));
		}
	}
	assert_int_equal(games[1].ngun, gi);
	// SV.EXPO.3: the guns were bought at auction, a country may buy more than one: what each paid
	// is its budget less what it has left; Albionia (1000 fr) bought VUL and IMP.
	for (int k = 0; k < 3; k++) {
		json_t *rec = json_object_get(by, tw_sv_country_names[k + 1]);
		int paid = 0;
		for (size_t i = 0; i < json_array_size(json_object_get(rec, "guns")); i++)
			paid += (int)json_integer_value(json_object_get(json_array_get(json_object_get(rec, "guns"), i), "price"));
		assert_int_equal(paid + json_integer_value(json_object_get(rec, "left")), tw_sv_briefs[k + 1].budget);
	}
	json_t *alb = json_object_get(json_object_get(by, "Albionia"), "guns");
	assert_int_equal(json_array_size(alb), 2);
	assert_string_equal(json_string_value(json_object_get(json_array_get(alb, 0), "code")), "VUL");
	assert_string_equal(json_string_value(json_object_get(json_array_get(alb, 1), "code")), "IMP");
	// Each battle's guns are its defender's country's first two, with the truth from the range.
	for (int t = 0; t < 3; t++) {
		const seen *b = &games[2 + t];
		json_t *guns = json_object_get(json_object_get(by, tw_sv_country_names[b->country[1]]), "guns");
		assert_int_equal(b->ngun, json_array_size(guns) < 2 ? (int)json_array_size(guns) : 2);
		for (int k = 0; k < b->ngun; k++) {
			json_t *g = json_array_get(guns, (size_t)k);
			assert_int_equal(b->gun_model[k], tw_gun_model_find(json_string_value(json_object_get(g, "code"))));
			double v = json_number_value(json_object_get(json_object_get(g, "truth"), "v_mean"));
			assert_true(v > 0);
			if (b->v_mean[k] != v)
				fail_msg("battle %d gun %d: v_mean %.17g, carried %.17g", t, k, b->v_mean[k], v);
		}
		// The computer's Infantry Manual (RUN_WITHIN, a bugler: SV.BAT.8 fields one, the last
		// rifleman) and the artillery's measured factor.
		assert_int_equal(b->pace, SV_PACE_WITHIN);
		assert_int_equal(b->buglers, 1);
		json_t *am = json_object_get(json_object_get(by, tw_sv_country_names[b->country[1]]), "am");
		assert_int_equal(b->range_factor100, (int)(json_number_value(json_object_get(am, "range_factor")) * 100 + 0.5));
		json_t *range = json_object_get(json_object_get(by, tw_sv_country_names[b->country[1]]), "range");
		assert_int_equal(b->range_factor100, (int)(json_number_value(json_object_get(json_array_get(range, 0), "k_new")) * 100 + 0.5));
	}
	json_decref(c);
	tw_series_close(db);
}

// SV.SETUP.7, SV.CON.4: six teams bring in Vorlandia, the sixth country the catalogue supplies;
// SV.BRF.9: every country's infantry is the same company (the scenario's 50 figures, roles as
// set out), only the manuals differ. One round of six battles.
static void test_SV_SETUP_7_SV_CON_4_SV_BRF_9_six_teams_with_vorlandia(void **st)
{
	(void)st;
	tw_error err;
	tw_series *db = tw_series_open(path, &err);
	assert_non_null(db);
	seen games[8];
	memset(games, 0, sizeof games);
	run_series(db, "six", 6, 1, games);
	check_roles(games, 6);
	assert_int_equal(games[0].country[5], TW_SV_VORLANDIA);
	assert_int_equal(games[1].country[4], TW_SV_VORLANDIA); // T4 evaluates for C1(5)
	for (int b = 2; b < 8; b++)
		assert_int_equal(games[b].nfig, 50);
	json_t *c = carry_of(db, "six");
	assert_int_equal(json_array_size(json_object_get(c, "battles")), 6);
	json_decref(c);
	tw_series_close(db);
}


// SV.EXPO.9 and the briefings' weights (SV.BRF.1 the score s; SV.BRF.2 Albionia, SV.BRF.3
// Bosrovia, SV.BRF.4 Freedonia, SV.BRF.5 Ruritania, SV.BRF.6 Sylvania, SV.BRF.7 Vorlandia): the
// phase-1 score from an auction's final state (six countries, lots as SV.EXPO.4): Albionia VUL (range 0.714 x .35 + reliability .9 x .35 + prestige .8 x .15 + home
// .15 = 0.835); Bosrovia ALP and ECO for 140 fr, 310 left ((0.635 + 0.70) / 2 + 3 x 0.10 =
// 0.9675); Freedonia TEM (rate 1 x .5 + range 0.4286 x .2 + sight .5 x .2 + home .1 = 0.7857);
// Ruritania IMP (prestige 1 x .6 + home, the Royal Foundry, .2 + range 1 x .2 = 1.0); Sylvania LEN (lightness .5 x .4 + sight 1 x .4 + reliability .8 x .2 = 0.76);
// Vorlandia nothing bought, the Arsenal gun issued (SV.EXPO.7): fewer than its minimum, 0.
static void test_SV_EXPO_9_SV_BRF_1_phase1_debrief_from_the_state(void **st)
{
	(void)st;
	tw_state *s = calloc(1, sizeof *s);
	assert_int_equal(tw_state_set_ruleset(s, tw_ruleset_find("svl")), TW_OK);
	tw_ruleset_defaults(&tw_ruleset_svl, s);
	s->params[SVP_STAGE] = SV_STAGE_AUCTION;
	s->nsides = 6;
	for (int k = 0; k < 6; k++) {
		strcpy(s->sides[k].name, tw_sv_country_names[k + 1]);
		SVS(s, k)->country = k + 1;
	}
	tw_error err = {0};
	assert_int_equal(tw_ruleset_svl.setup(s, &err), TW_OK);
	sv_game *g = SVG(s);
	static const int sold[8] = {0, -1, 2, 1, 3, 1, 4, -1}, price[8] = {400, 0, 470, 90, 600, 50, 380, 0};
	for (int i = 0; i < 8; i++) {
		g->sold_to[i] = sold[i];
		g->price[i] = price[i];
	}
	static const int left[6] = {600, 310, 330, 300, 270, 600};
	for (int k = 0; k < 6; k++)
		SVS(s, k)->left = left[k];
	SVS(s, 5)->arsenal = 1;
	json_t *carry = json_object(), *cfg = json_pack("{s:i}", "teams", 6);
	assert_int_equal(tw_ruleset_svl.series_start(carry, cfg, &err), TW_OK);
	bool over = true;
	assert_int_equal(tw_ruleset_svl.series_record(carry, 1, s, &over, &err), TW_OK);
	assert_false(over);
	json_t *p1 = json_object_get(carry, "phase1");
	static const double want[6] = {0.835, 0.9675, 0.785714285714285714, 1.0, 0.76, 0.0};
	for (int k = 0; k < 6; k++) {
		double v = json_number_value(json_object_get(p1, tw_sv_country_names[k + 1]));
		if (fabs(v - want[k]) > 1e-9)
			fail_msg("%s: phase-1 score %.12f, want %.12f", tw_sv_country_names[k + 1], v, want[k]);
	}
	// SV.EXPO.8: the guns are the country's, with what was paid; the Arsenal gun free.
	json_t *bos = json_object_get(json_object_get(carry, "country"), "Bosrovia");
	assert_int_equal(json_integer_value(json_object_get(bos, "left")), 310);
	assert_int_equal(json_array_size(json_object_get(bos, "guns")), 2);
	assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(bos, "guns"), 1), "code")), "ECO");
	assert_int_equal(json_integer_value(json_object_get(json_array_get(json_object_get(bos, "guns"), 1), "price")), 50);
	assert_string_equal(json_string_value(json_object_get(carry, "stage")), "range");
	// The debrief's phase-1 lines (SV.EXPO.9 as shown at the end of phase 1 and in the report).
	char *text = json_dumps(carry, JSON_COMPACT);
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	assert_int_equal(tw_sv_debrief_phase1(text, out, &err), TW_OK);
	fclose(out);
	assert_non_null(strstr(buf, "  Bosrovia: budget 450 fr, 2-2 guns; 310 fr left; score 0.97\n"
				    "    ALP Alpine Mountain Gun: lot 4, 90 fr (guide 180), s = 0.64\n"
				    "    ECO Economy Pattern Gun: lot 6, 50 fr (guide 100), s = 0.70\n"));
	assert_non_null(strstr(buf, "  Ruritania: budget 900 fr, 1-2 guns; 300 fr left; score 1.00\n"));
	assert_non_null(strstr(buf, "  Vorlandia: budget 600 fr, 1-2 guns; 600 fr left; score 0.00\n"
				    "    ARS Arsenal Old Pattern Smoothbore: issued free (SV.EXPO.7), not scored\n"));
	free(buf);
	// A carry-over that is not this rule set's: refused, nothing written.
	buf = NULL;
	out = open_memstream(&buf, &len);
	assert_int_equal(tw_sv_debrief("{\"target\": 3}", out, &err), TW_ERR_INPUT);
	fclose(out);
	assert_int_equal(len, 0);
	assert_string_equal(err.clause, "SV.SETUP.10");
	free(buf);
	free(text);
	json_decref(cfg);
	json_decref(carry);
	tw_state_free(s);
	free(s);
}

// SV.SETUP.9 (two rounds: the series is the auction, the range and 2 x 2 battles, the second
// round at the same tables with the same pairings), SV.EXPO.1 and SV.EXPO.2 (the exhibition has
// lots only: no gun, so no true value, and no figure is in phase 1's state).
static void test_SV_SETUP_9_two_teams_two_rounds(void **st)
{
	(void)st;
	tw_error err;
	tw_series *db = tw_series_open(path, &err);
	assert_non_null(db);
	seen games[6];
	memset(games, 0, sizeof games);
	run_series(db, "twice", 2, 2, games);
	assert_int_equal(games[0].ngun, 0); // SV.EXPO.1-2: nothing on show but the lots' labels
	assert_int_equal(games[0].nfig, 0);
	for (int b = 2; b < 4; b++) { // round 2 repeats round 1's pairings
		assert_int_equal(games[b + 2].country[0], games[b].country[0]);
		assert_int_equal(games[b + 2].country[1], games[b].country[1]);
		assert_int_equal(games[b + 2].player[0], games[b].player[0]);
		assert_int_equal(games[b + 2].player[1], games[b].player[1]);
	}
	json_t *c = carry_of(db, "twice");
	json_t *b = json_object_get(c, "battles");
	assert_int_equal(json_array_size(b), 4);
	assert_int_equal(json_integer_value(json_object_get(json_array_get(b, 3), "round")), 2);
	assert_int_equal(json_integer_value(json_object_get(json_array_get(b, 3), "table")), 2);
	json_decref(c);
	// The series is over: no further game is prepared.
	tw_state sc, prep;
	int roles[TW_MAX_SIDES];
	assert_int_equal(tw_state_load(&sc, "scenarios/svl/battle.json", &err), TW_OK);
	assert_int_equal(tw_series_next(db, "twice", &sc, 9, &prep, roles, &err), TW_ERR_STATE);
	tw_state_free(&sc);
	tw_series_close(db);
}

// SV.SETUP.6 with the option: in battle a team changes nationality again, C3(i) = C1((i + 2)
// mod N): with three teams every team has a third country; T0 (Albionia, Bosrovia) fights as
// Freedonia against T1's gun, T1 now Albionia.
static void test_SV_SETUP_6_change_country_option(void **st)
{
	(void)st;
	tw_error err;
	tw_series *db = tw_series_open(path, &err);
	assert_non_null(db);
	seen games[5];
	memset(games, 0, sizeof games);
	run_series_cfg(db, "opt", 3, 1, ", \"change_country\": true", games);
	for (int t = 0; t < 3; t++) {
		const seen *bt = &games[2 + t];
		int d = (t + 1) % 3;
		assert_int_equal(bt->country[0], 1 + (t + 2) % 3);
		assert_int_equal(bt->country[1], 1 + (d + 2) % 3);
		assert_int_not_equal(bt->country[0], games[0].country[t]);
		assert_int_not_equal(bt->country[0], games[1].country[t]);
	}
	assert_int_equal(games[2].country[0], TW_SV_FREEDONIA);
	assert_int_equal(games[2].country[1], TW_SV_ALBIONIA);
	tw_series_close(db);
}

// Bad configurations are refused with their clause and nothing is made.
static void test_SV_SETUP_2_bad_config(void **st)
{
	(void)st;
	tw_error err;
	tw_series *db = tw_series_open(path, &err);
	assert_non_null(db);
	const char *pl[2] = {"a", "b"};
	static const char *const bad[][2] = {{"{\"teams\": 7}", "SV.SETUP.2"},       {"{\"teams\": 0}", "SV.SETUP.2"},
					     {"{\"teams\": 2, \"rounds\": 0}", "SV.SETUP.9"}, {"{\"teams\": 2, \"colour\": 1}", "SV.SETUP.2"},
					     {"{\"teams\": 2, \"humans\": [12]}", "SV.CON.1"}, {"{}", "SV.SETUP.2"}};  // one team is a series since sv-one (test_sv_one.c)
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		tw_error_clear(&err);
		assert_int_equal(tw_series_create(db, "bad", "svl", pl, 2, bad[i][0], &err), TW_ERR_INPUT);
		assert_string_equal(err.clause, bad[i][1]);
	}
	int count = -1;
	assert_int_equal(tw_series_list(db, NULL, 0, &count, &err), TW_OK);
	assert_int_equal(count, 0);
	// The wrong stage's scenario for a game is refused (SV.SETUP.3: the phases in order).
	assert_int_equal(tw_series_create(db, "order", "svl", pl, 2, "{\"teams\": 2}", &err), TW_OK);
	tw_state sc, prep;
	int roles[TW_MAX_SIDES];
	assert_int_equal(tw_state_load(&sc, "scenarios/svl/battle.json", &err), TW_OK);
	tw_error_clear(&err);
	assert_int_equal(tw_series_next(db, "order", &sc, 1, &prep, roles, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "SV.SETUP.3");
	tw_state_free(&sc);
	tw_series_close(db);
}

// In battle 1 (game 3) Bosrovia's infantry issues a revised Infantry Manual before it begins:
// version 2, RUN_IN_OPEN.
static void revise_in_game_3(tw_game *g, int seq)
{
	if (seq != 3)
		return;
	tw_sv_manual m;
	tw_sv_computer_manual(&m, TW_SV_INFANTRY, TW_SV_BOSROVIA);
	m.version = 2;
	m.v[SV_IM_PACE] = SV_PACE_IN_OPEN;
	m.v[SV_IM_PACE_P] = 0; // RUN_IN_OPEN takes no X
	tw_order *o = malloc(sizeof *o);
	tw_sv_manual_order(&m, SV_ATTACKER, o);
	int first, count;
	tw_error err;
	if (tw_game_apply(g, o, &first, &count, &err) != TW_OK)
		fail_msg("manual: %s %s", err.clause, err.message);
	free(o);
}

// SV.SETUP.9, SV.DOC.15: between rounds a team may issue a revised manual: Bosrovia's version 2
// given in round 1's battle is in force at its round-2 battle (game 5); Albionia's infantry
// (game 4) keeps the range's version 1 (RUN_WITHIN).
static void test_SV_SETUP_9_revised_manual_carried_to_the_next_round(void **st)
{
	(void)st;
	tw_error err;
	tw_series *db = tw_series_open(path, &err);
	assert_non_null(db);
	seen games[6];
	memset(games, 0, sizeof games);
	before_play = revise_in_game_3;
	run_series(db, "rev", 2, 2, games);
	before_play = NULL;
	assert_int_equal(games[2].country[0], TW_SV_BOSROVIA);
	assert_int_equal(games[2].pace, SV_PACE_WITHIN); // as prepared, before the revision
	assert_int_equal(games[4].country[0], TW_SV_BOSROVIA);
	assert_int_equal(games[4].pace, SV_PACE_IN_OPEN);
	assert_int_equal(games[5].country[0], TW_SV_ALBIONIA);
	assert_int_equal(games[5].pace, SV_PACE_WITHIN);
	json_t *c = carry_of(db, "rev");
	json_t *im = json_object_get(json_object_get(json_object_get(c, "country"), "Bosrovia"), "im");
	assert_int_equal(json_integer_value(json_object_get(im, "im_version")), 2);
	assert_string_equal(json_string_value(json_object_get(im, "pace")), "RUN_IN_OPEN");
	json_decref(c);
	tw_series_close(db);
}

// ---- the terminal (tinwar play, tinwar svl-series) ----

static char out[1 << 17];

// Runs a shell command in the test's directory; its exit code, stdout and stderr in out.
static int run(const char *cmd) { return tw_cli_run(out, sizeof out, dir, "%s", cmd); }
#define has(what) tw_cli_has(out, what)
#define write_file(name, text) tw_cli_write(dir, name, text)

static const char IM_FILE[] =
	"{\"format\": \"tinwar-svl-manual\", \"arm\": \"infantry\", \"country\": \"Albionia\", \"author\": \"T0b\",\n"
	" \"version\": 2,\n"
	" \"fields\": {\"pace\": \"RUN_WITHIN(18)\", \"cover\": \"PREFER(4)\", \"formation\": \"LINE\", \"spacing\": 1,\n"
	"  \"route\": \"DIRECT\", \"fire\": \"WITHIN_6\", \"fire_mode\": \"ALL\", \"assault\": 8, \"bugler\": \"REQUIRED\",\n"
	"  \"commander\": \"FRONT\", \"on_pause\": \"HOLD_AND_FIRE\", \"on_recoil\": \"STRAIGHT_BACK\"},\n"
	" \"notes\": \"Run when close.\"}\n";

// SV.DOC.14 at the terminal: `manual infantry @FILE` reads a manual document into the order; a
// bad one is refused at FILE:LINE:COL with its path and clause (a value, SV.DOC.12; a national
// constraint, SV.BRF.8; the wrong arm, SV.DOC.11) and the game goes on unchanged; then the
// battle-only game is played to its end against the computer's guns (SV.SETUP.1), the person
// ending each phase: the turn limit gives the guns the win (SV.WIN.3).
static void test_SV_DOC_14_terminal_manual_file_and_battle_to_the_end(void **st)
{
	(void)st;
	write_file("im.json", IM_FILE);
	char bad[sizeof IM_FILE + 16], *p;
	snprintf(bad, sizeof bad, "%s", IM_FILE);
	p = strstr(bad, "RUN_WITHIN(18)");
	memcpy(p, "RUN_FAST\"      ", 15); // RUN_FAST" and spaces: the same line and column
	write_file("bad.json", bad);
	snprintf(bad, sizeof bad, "%s", IM_FILE);
	p = strstr(bad, "RUN_WITHIN(18)");
	memcpy(p, "RUN_ANYTIME\"   ", 15);
	write_file("brf.json", bad);
	char script[512] = "manual infantry @bad.json\nmanual infantry @brf.json\nmanual artillery @im.json\n"
			   "manual infantry @none.json\nmanual infantry @im.json\n";
	for (int i = 0; i < 20; i++)
		strcat(script, "end\n");
	strcat(script, "quit\n");
	write_file("script.txt", script);
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "%s play %s/scenarios/svl/battle.json --side infantry=human --side cannon=svl-manual --seed 2 "
				  "--shot-model fast < script.txt",
		 TW_CLI, TW_SOURCE_DIR);
	assert_int_equal(run(cmd), 0);
	has("infantry (game move 1)>   manual: bad.json:3:13: SV.DOC.12: $.fields.pace: IM.pace: no choice called \"RUN_FAST\"\n");
	has("infantry (game move 1)>   manual: brf.json:3:13: SV.BRF.8: $.fields.pace: Albionia's doctrine briefing requires IM.pace "
	    "must not be RUN_ANYTIME (SV.DOC.14)\n");
	has("infantry (game move 1)>   manual: im.json:1:33: SV.DOC.11: $.arm: this is the infantry manual, not the artillery\n");
	has("infantry (game move 1)>   manual: none.json: ");
	has("infantry (game move 1)>   [SV.DOC.15] infantry: Albionia's Infantry Manual, version 2, in force\n");
	has("  [SV.WIN.3] cannon win: the turn limit is reached with a gun still in action (turn 15)\n");
	has("Won after 30 game moves. Score: infantry 0.0, cannon 126.0\nWinner: cannon\n");
}

// SV.SETUP.10, SV.EXPO.9, SV.SETUP.11 and SV.DOC.5 (the timetable: 45 min for the evaluation)
// at the terminal: `tinwar svl-series` starts a two-team game from the
// bundled series file, runs it to the end (the phase-1 debrief after the auction, the debrief
// at the end), shows its status and the team's range record (tinwar range --db); bad input is
// refused with exit code 2 and nothing made.
static void test_SV_SETUP_10_svl_series_command(void **st)
{
	(void)st;
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "%s svl-series new w --db w.db --teams 2 --series %s/scenarios/svl/series/whole-game.json", TW_CLI,
		 TW_SOURCE_DIR);
	assert_int_equal(run(cmd), 0);
	has("series w: 2 teams, 1 round(s) of 2 battles; the auction first (SV.SETUP.3)\n"
	    "  T0 (T0a, T0b): Albionia, then Bosrovia, then Bosrovia\n"
	    "  T1 (T1a, T1b): Bosrovia, then Albionia, then Albionia\n");
	snprintf(cmd, sizeof cmd, "%s svl-series run w --db w.db", TW_CLI);
	assert_int_equal(run(cmd), 0);
	has("game 1 of 4, the auction: Albionia (T0a), Bosrovia (T1a)\n"
	    "Phase 1, the Arms Exhibition (SV.EXPO.9: the mean score s of the guns bought, judged on their labels)\n");
	has("game 2 of 4, the range: Bosrovia (T0a), Albionia (T1a)\n");
	has("game 3 of 4, the battle: Bosrovia inf (T0b), Albionia guns (T1a)\n");
	has("Science versus Luck: debrief (SV.SETUP.10) - 2 teams, 1 round(s) of battles; stage over\n");
	has("Battles (SV.SETUP.8, SV.WIN.5, SV.DOC.17)\n  round 1 table 1: Bosrovia infantry (T0) against Albionia guns (T1)");
	snprintf(cmd, sizeof cmd, "%s svl-series status w --db w.db", TW_CLI);
	assert_int_equal(run(cmd), 0);
	has("series w: 2 teams; 4 of 4 games recorded; stage over\n"
	    "suggested timetable (SV.SETUP.11): inspection 10 min, auction 30 min, evaluation 45 min, 1 battle round(s) of 45 min: "
	    "130 min in all\n");
	snprintf(cmd, sizeof cmd, "%s svl-series next w --db w.db", TW_CLI);
	assert_int_equal(run(cmd), 2);
	has("series w is over\n");
	snprintf(cmd, sizeof cmd, "%s range --db w.db --series w --team 0", TW_CLI);
	assert_int_equal(run(cmd), 0);
	has("T0 evaluates for Bosrovia (SV.SETUP.5, SV.EXPO.8): 2 gun(s), ");
	has(": 6 of 30 test rounds fired (SV.DOC.7), serial ");
	snprintf(cmd, sizeof cmd, "%s range --db w.db --series w --team 2", TW_CLI);
	assert_int_equal(run(cmd), 2);
	has("--team is 0 to 1 (series w has 2 teams)\n");
	// Bad input: exit 2, nothing made.
	snprintf(cmd, sizeof cmd, "%s svl-series new q --db w.db --teams 2 --human nobody --series %s/scenarios/svl/series/whole-game.json",
		 TW_CLI, TW_SOURCE_DIR);
	assert_int_equal(run(cmd), 2);
	has("--human: \"nobody\" is none of the players\n");
	snprintf(cmd, sizeof cmd, "%s svl-series new q --db w.db --teams 2 --series %s/scenarios/svl/battle.json", TW_CLI, TW_SOURCE_DIR);
	assert_int_equal(run(cmd), 2);
	has("$.format: a series file says \"tinwar-svl-series\"\n");
	snprintf(cmd, sizeof cmd, "%s svl-series status q --db w.db", TW_CLI);
	assert_int_equal(run(cmd), 2);
	unlink("w.db");
	char p[128];
	snprintf(p, sizeof p, "%s/w.db", dir);
	unlink(p);
}

// SV.CON.1: any seat a person's or the computer's (SV.CON.2's units in the debrief at the end): T1b plays in person; the computer plays the
// auction, the range and battle 1, then stops: battle 2 (T1b leads Albionia's infantry) is
// prepared and written out, not played; the status says it waits; its log, played elsewhere,
// is recorded and the series ends.
static void test_SV_CON_1_a_person_at_any_seat(void **st)
{
	(void)st;
	char cmd[1024];
	// A person's seat: T1b leads Albionia's infantry in battle 2; the game is written out.
	snprintf(cmd, sizeof cmd, "%s svl-series new p --db p.db --teams 2 --human T1b --series %s/scenarios/svl/series/whole-game.json && "
				  "%s svl-series run p --db p.db",
		 TW_CLI, TW_SOURCE_DIR, TW_CLI);
	assert_int_equal(run(cmd), 0);
	has("game 3 of 4, the battle: Bosrovia inf (T0b), Albionia guns (T1a)\n");
	has("game 4 of 4, the battle: Albionia inf (T1b) in person, Bosrovia guns (T0a)\n"
	    "a person plays in it: tinwar play p-game4.json --seed 4 --log LOG");
	snprintf(cmd, sizeof cmd, "%s svl-series status p --db p.db", TW_CLI);
	assert_int_equal(run(cmd), 0);
	has("series p: 2 teams; 3 of 4 games recorded; stage battle (a game is prepared and waits for its log)\n");
	// SV.GUN.12: while the war goes on nobody is shown the guns' true values.
	snprintf(cmd, sizeof cmd, "%s svl-series debrief p --db p.db && %s svl-series status p --db p.db --json", TW_CLI, TW_CLI);
	assert_int_equal(run(cmd), 0);
	has("(SV.DOC.9, SV.DOC.11): the true values are shown when the series is over\n");
	assert_null(strstr(out, "true v "));
	assert_null(strstr(out, "v_mean"));
	has("\"k_new\":");
	snprintf(cmd, sizeof cmd, "%s play p-game4.json --seed 4 --shot-model fast --side 'Albionia inf=svl-manual' --side "
				  "'Bosrovia guns=svl-manual' --log p4.log --quiet && %s svl-series record p p4.log --db p.db && "
				  "%s svl-series status p --db p.db",
		 TW_CLI, TW_CLI, TW_CLI);
	assert_int_equal(run(cmd), 0);
	has("battle 2 (round 1, table 2): Albionia infantry against Bosrovia guns: won by the ");
	has("series p: 2 teams; 4 of 4 games recorded; stage over\n");
	snprintf(cmd, sizeof cmd, "%s svl-series debrief p --db p.db", TW_CLI);
	assert_int_equal(run(cmd), 0);
	// SV.CON.2: the debrief's units: inches, ft/s (the catalogue's 18 ft/s for VUL, SV.GUN.4), fr.
	has(": label 144 in, 6 rpm, 1 misfires in 100; true v 18.00 ft/s (sd 1.50), 4.00 rpm, 10 in 100\n");
	has("  Albionia: budget 1000 fr, 1-2 guns; ");
	snprintf(cmd, sizeof cmd, "%s/p.db", dir);
	unlink(cmd);
	snprintf(cmd, sizeof cmd, "%s/p-game4.json", dir);
	unlink(cmd);
	snprintf(cmd, sizeof cmd, "%s/p4.log", dir);
	unlink(cmd);
}

static int teardown_files(void **st)
{
	static const char *const files[] = {"im.json", "bad.json", "brf.json", "script.txt", NULL};
	for (int i = 0; files[i]; i++) {
		char p[256];
		snprintf(p, sizeof p, "%s/%s", dir, files[i]);
		unlink(p);
	}
	return teardown(st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_SV_SETUP_2_3_8_two_teams_first_lot_to_last_battle, setup, teardown),
		cmocka_unit_test_setup_teardown(test_SV_EXPO_8_SV_DOC_1_three_teams_guns_truth_and_manuals_carried, setup, teardown),
		cmocka_unit_test_setup_teardown(test_SV_SETUP_7_SV_CON_4_SV_BRF_9_six_teams_with_vorlandia, setup, teardown),
		cmocka_unit_test_setup_teardown(test_SV_EXPO_9_SV_BRF_1_phase1_debrief_from_the_state, setup, teardown),
		cmocka_unit_test_setup_teardown(test_SV_SETUP_9_two_teams_two_rounds, setup, teardown),
		cmocka_unit_test_setup_teardown(test_SV_SETUP_6_change_country_option, setup, teardown),
		cmocka_unit_test_setup_teardown(test_SV_SETUP_9_revised_manual_carried_to_the_next_round, setup, teardown),
		cmocka_unit_test_setup_teardown(test_SV_SETUP_2_bad_config, setup, teardown),
		cmocka_unit_test_setup_teardown(test_SV_DOC_14_terminal_manual_file_and_battle_to_the_end, setup, teardown_files),
		cmocka_unit_test_setup_teardown(test_SV_SETUP_10_svl_series_command, setup, teardown),
		cmocka_unit_test_setup_teardown(test_SV_CON_1_a_person_at_any_seat, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
