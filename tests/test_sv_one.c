// Science versus Luck with one team (sv-one; SV.SETUP.2: 1 <= N <= 6, SV.SETUP.8: "If N = 1 the
// two team-mates fight each other"): the rule set declares that a game may have one side
// (tw_ruleset.min_sides), so the auction and the test range of one team are games of one side;
// the core's paths that could assume two sides are checked on such a game (loading, the rule set
// that still asks for two, turn rotation, views and per-seat events, sim, render and report); the
// series runs one team through all three phases, by the API and at the terminal.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rules/svl/sv.h"
#include "tinwar/tinwar.h"

static char dir[64], path[96];
static char out[1 << 16];

static int setup(void **st)
{
	(void)st;
	tw_register_builtin();
	snprintf(dir, sizeof dir, "/tmp/tw_svone_XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof path, "%s/svl.db", dir);
	return 0;
}

static int teardown(void **st)
{
	(void)st;
	char cmd[160];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

// Runs a shell command in the test's directory; its output (both streams) into out.
static int run(const char *cmd)
{
	char full[2048];
	snprintf(full, sizeof full, "cd '%s' && (%s) > out.txt 2>&1", dir, cmd);
	int rc = system(full);
	char p[128];
	snprintf(p, sizeof p, "%s/out.txt", dir);
	FILE *f = fopen(p, "r");
	size_t n = f ? fread(out, 1, sizeof out - 1, f) : 0;
	out[n] = 0;
	if (f)
		fclose(f);
	return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

static void has(const char *want)
{
	if (!strstr(out, want))
		fail_msg("expected \"%s\" in:\n%s", want, out);
}

static const char RANGE_ONE[] =
	"{\"format\": \"tinwar-scenario\", \"version\": 1, \"name\": \"svl-range-one\", \"ruleset\": \"svl\",\n"
	" \"params\": {\"stage\": \"range\"}, \"table\": {\"width\": 36, \"depth\": 96},\n"
	" \"sides\": [{\"name\": \"Bosrovia\", \"back_y\": 0, \"data\": {\"country\": \"Bosrovia\"}}],\n"
	" \"guns\": [{\"id\": 0, \"side\": \"Bosrovia\", \"at\": [18, 0], \"bearing\": 0, \"model\": 1}]}\n";

static tw_status load_text(tw_state *s, const char *text, tw_error *err)
{
	json_error_t je;
	json_t *j = json_loads(text, 0, &je);
	assert_non_null(j);
	tw_status st = tw_state_from_json(s, j, err);
	json_decref(j);
	return st;
}

static tw_status give(tw_game *g, tw_order *o, tw_error *err)
{
	int first = 0, count = 0;
	return tw_game_apply(g, o, &first, &count, err);
}

// SV.SETUP.2 in the core: a game of one side loads for a rule set that declares it (svl's
// min_sides 1) and is refused, at $.sides, for one that does not (Little Wars: two at least);
// svl's battle still asks for two sides (SV.BAT.4). On the one-side range: the side is to move,
// its test round's measurements are its own and its view holds no truth (SV.DOC.8, SV.GUN.4),
// and its `end` ends the evaluation (the turn rotation finds no other side still testing).
static void test_SV_SETUP_2_one_side_in_the_core(void **st)
{
	(void)st;
	tw_error err;
	tw_state s;
	memset(&s, 0, sizeof s);
	// Little Wars keeps the core's two.
	static const char LW_ONE[] = "{\"format\": \"tinwar-scenario\", \"version\": 1, \"ruleset\": \"littlewars\", "
				     "\"table\": {\"width\": 48, \"depth\": 48}, \"sides\": [{\"name\": \"red\"}]}";
	assert_int_equal(load_text(&s, LW_ONE, &err), TW_ERR_INPUT);
	assert_string_equal(err.path, "$.sides");
	if (!strstr(err.message, "expected an array of 2 to 8 sides"))
		fail_msg("%s: %s", err.path, err.message);
	// svl: one side is a game; none is not.
	static const char SVL_NONE[] = "{\"format\": \"tinwar-scenario\", \"version\": 1, \"ruleset\": \"svl\", "
				       "\"params\": {\"stage\": \"auction\"}, \"table\": {\"width\": 36, \"depth\": 96}, \"sides\": []}";
	tw_error_clear(&err);
	assert_int_equal(load_text(&s, SVL_NONE, &err), TW_ERR_INPUT);
	assert_non_null(strstr(err.message, "expected an array of 1 to 8 sides"));
	// A battle of one side: loaded, refused at setup (SV.BAT.4).
	static const char BATTLE_ONE[] = "{\"format\": \"tinwar-scenario\", \"version\": 1, \"ruleset\": \"svl\", "
					 "\"table\": {\"width\": 36, \"depth\": 96}, \"sides\": [{\"name\": \"infantry\", \"back_y\": 0}]}";
	assert_int_equal(load_text(&s, BATTLE_ONE, &err), TW_OK);
	assert_int_equal(s.nsides, 1);
	tw_error_clear(&err);
	assert_null(tw_game_new(&s, 1, tw_shot_model_find("fast"), &err));
	assert_string_equal(err.clause, "SV.BAT.4");
	tw_state_free(&s);
	// The one-side range.
	assert_int_equal(load_text(&s, RANGE_ONE, &err), TW_OK);
	tw_game *g = tw_game_new(&s, 7, tw_shot_model_find("fast"), &err);
	assert_non_null(g);
	const tw_state *now = tw_game_state(g);
	assert_int_equal(now->nsides, 1);
	assert_int_equal(now->mover, 0);
	assert_int_equal(tw_ruleset_get(now->ruleset)->to_move(now), 0);
	tw_order *o = malloc(sizeof *o);
	assert_non_null(o);
	tw_order_init(o, SV_OT_TEST, 0);
	o->gun = 0;
	o->nval = 1;
	o->val[0] = 36;
	assert_int_equal(give(g, o, &err), TW_OK);
	now = tw_game_state(g);
	assert_int_equal(SVGN((tw_state *)now, 0)->tests, 1);
	assert_int_equal(SVGN((tw_state *)now, 0)->nrec, 1);
	// The side's view: its record, not the truth; the umpire's: both.
	tw_state v;
	memset(&v, 0, sizeof v);
	assert_int_equal(tw_state_view(&v, now, 0), TW_OK);
	assert_int_equal(SVGN(&v, 0)->nrec, 1);
	assert_true(SVGN(&v, 0)->rec_d1[0] == SVGN((tw_state *)now, 0)->rec_d1[0]);
	assert_true(SVGN(&v, 0)->v_mean == 0 && SVGN(&v, 0)->rate == 0);
	tw_state_free(&v);
	memset(&v, 0, sizeof v);
	assert_int_equal(tw_state_view(&v, now, TW_SEAT_UMPIRE), TW_OK);
	assert_true(SVGN(&v, 0)->v_mean > 0);
	tw_state_free(&v);
	// SV.DOC.4: the one team finishes; the evaluation is over.
	tw_order_init(o, SV_OT_END, 0);
	assert_int_equal(give(g, o, &err), TW_OK);
	now = tw_game_state(g);
	assert_true(now->over);
	assert_int_equal(tw_ruleset_get(now->ruleset)->to_move(now), -1);
	// Nothing more is taken.
	tw_order_init(o, SV_OT_TEST, 0);
	o->gun = 0;
	o->nval = 1;
	o->val[0] = 36;
	assert_int_not_equal(give(g, o, &err), TW_OK);
	free(o);
	tw_game_free(g);
	tw_state_free(&s);
}

// SV.SETUP.2, SV.SETUP.8 by the API: one computer team (T0a, T0b) through the three phases and
// two rounds of battles (SV.SETUP.9): the auction and the range are games of one side (Albionia,
// C1 = C2 = C3 with one team), played by T0a; each battle is the team-mates against each other:
// Albionia's infantry led by T0b (who wrote the artillery doctrine) against Albionia's guns
// commanded by T0a (SV.SETUP.6). The carry-over holds the one country's guns, range summaries
// and manuals, and both battles with team 0 on both sides.
static void test_SV_SETUP_2_SV_SETUP_8_one_team_all_three_phases(void **st)
{
	(void)st;
	tw_error err;
	tw_series *db = tw_series_open(path, &err);
	assert_non_null(db);
	const char *players[2] = {"T0a", "T0b"};
	assert_int_equal(tw_series_create(db, "one", "svl", players, 2, "{\"teams\": 1, \"rounds\": 2}", &err), TW_OK);
	static const char *const files[] = {"scenarios/svl/auction.json", "scenarios/svl/range.json", "scenarios/svl/battle.json"};
	for (int seq = 1; seq <= 4; seq++) {
		tw_state sc, prep;
		int roles[TW_MAX_SIDES];
		if (tw_state_load(&sc, files[seq > 2 ? 2 : seq - 1], &err) != TW_OK)
			fail_msg("load %d: %s", seq, err.message);
		if (tw_series_next(db, "one", &sc, (uint64_t)seq, &prep, roles, &err) != TW_OK)
			fail_msg("next %d: %s %s", seq, err.clause, err.message);
		if (seq <= 2) {
			assert_int_equal(prep.nsides, 1);
			assert_int_equal(SVS(&prep, 0)->country, TW_SV_ALBIONIA);
			assert_int_equal(roles[0], 0); // T0a bids and holds the range's seat (SV.SETUP.4-5)
			assert_int_equal(prep.params[SVP_STAGE], seq == 1 ? SV_STAGE_AUCTION : SV_STAGE_RANGE);
		} else {
			assert_int_equal(prep.nsides, 2);
			assert_string_equal(prep.sides[0].name, "Albionia inf");
			assert_string_equal(prep.sides[1].name, "Albionia guns");
			assert_int_equal(SVS(&prep, 0)->country, TW_SV_ALBIONIA);
			assert_int_equal(SVS(&prep, 1)->country, TW_SV_ALBIONIA);
			assert_int_equal(roles[0], 1); // SV.SETUP.6: T0b leads the infantry
			assert_int_equal(roles[1], 0); // T0a commands the guns
			assert_true(prep.ngun >= 1);
		}
		tw_game *game = tw_game_new(&prep, (uint64_t)seq, tw_shot_model_find("fast"), &err);
		assert_non_null(game);
		if (seq == 2) // the range holds the guns Albionia bought
			assert_true(tw_game_state(game)->ngun >= 1);
		if (tw_sv_play_computer(game, (uint64_t)seq, &err) != TW_OK)
			fail_msg("play %d: %s", seq, err.message);
		json_t *j = tw_game_log_to_json(game);
		char *log = json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(17));
		json_decref(j);
		if (tw_series_record(db, "one", log, &err) != TW_OK)
			fail_msg("record %d: %s %s", seq, err.clause, err.message);
		free(log);
		tw_game_free(game);
		tw_state_free(&prep);
		tw_state_free(&sc);
	}
	tw_series_info in;
	assert_int_equal(tw_series_status(db, "one", &in, &err), TW_OK);
	assert_int_equal(in.games, 4);
	assert_true(in.over);
	json_t *c = json_loads(in.carry, 0, NULL);
	tw_series_info_free(&in);
	assert_non_null(c);
	assert_string_equal(json_string_value(json_object_get(c, "stage")), "over");
	json_t *alb = json_object_get(json_object_get(c, "country"), "Albionia");
	assert_true(json_array_size(json_object_get(alb, "guns")) >= 1);
	assert_int_equal(json_array_size(json_object_get(alb, "range")), json_array_size(json_object_get(alb, "guns")));
	assert_int_equal(json_integer_value(json_object_get(json_object_get(alb, "im"), "im_version")), 1);
	assert_int_equal(json_integer_value(json_object_get(json_object_get(alb, "am"), "am_version")), 1);
	json_t *battles = json_object_get(c, "battles");
	assert_int_equal(json_array_size(battles), 2);
	for (size_t i = 0; i < 2; i++) {
		json_t *b = json_array_get(battles, i);
		assert_int_equal(json_integer_value(json_object_get(b, "round")), (json_int_t)i + 1);
		assert_int_equal(json_integer_value(json_object_get(b, "table")), 1);
		assert_int_equal(json_integer_value(json_object_get(b, "infantry_team")), 0);
		assert_int_equal(json_integer_value(json_object_get(b, "guns_team")), 0);
		assert_string_equal(json_string_value(json_object_get(b, "infantry")), "Albionia");
		assert_string_equal(json_string_value(json_object_get(b, "guns")), "Albionia");
		const char *w = json_string_value(json_object_get(b, "winner"));
		assert_true(!strcmp(w, "infantry") || !strcmp(w, "guns") || !strcmp(w, "none"));
	}
	json_decref(c);
	tw_series_close(db);
}

// SV.SETUP.8 at the terminal: `tinwar svl-series new --teams 1` and `run` to the debrief; the
// one-side range game is played at the terminal, replayed and verified, drawn, reported and
// simulated (the core's paths on a game of one side).
static void test_SV_SETUP_8_one_team_at_the_terminal(void **st)
{
	(void)st;
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "%s svl-series new one --db one.db --teams 1 --series %s/scenarios/svl/series/whole-game.json", TW_CLI,
		 TW_SOURCE_DIR);
	assert_int_equal(run(cmd), 0);
	has("series one: 1 team, 1 round(s) of 1 battle; the auction first (SV.SETUP.3)\n"
	    "  T0 (T0a, T0b): Albionia, then Albionia, then Albionia\n");
	snprintf(cmd, sizeof cmd, "%s svl-series run one --db one.db", TW_CLI);
	assert_int_equal(run(cmd), 0);
	has("game 1 of 3, the auction: Albionia (T0a)\n");
	has("game 2 of 3, the range: Albionia (T0a)\n");
	has("game 3 of 3, the battle: Albionia inf (T0b), Albionia guns (T0a)\n");
	has("Science versus Luck: debrief (SV.SETUP.10) - 1 team, 1 round(s) of battles; stage over\n");
	has("Battles (SV.SETUP.8, SV.WIN.5, SV.DOC.17)\n  round 1 table 1: Albionia infantry (T0) against Albionia guns (T0): winner ");
	snprintf(cmd, sizeof cmd, "%s svl-series status one --db one.db", TW_CLI);
	assert_int_equal(run(cmd), 0);
	has("series one: 1 team; 3 of 3 games recorded; stage over\n");
	// The one-side range at the terminal, and the tools on its log.
	char p[160];
	snprintf(p, sizeof p, "%s/range1.json", dir);
	FILE *f = fopen(p, "w");
	assert_non_null(f);
	fputs(RANGE_ONE, f);
	fclose(f);
	snprintf(cmd, sizeof cmd,
		 "printf 'test 0 36\\ntest 0 48 tempo RAPID\\nserial 0 36\\nend\\n' | %s play range1.json --seed 3 --shot-model fast --log r1.log",
		 TW_CLI);
	assert_int_equal(run(cmd), 0);
	has("[SV.DOC.8] gun 0: round 2 at 48 in, RAPID, k 1.00: ");
	has("[SV.DOC.4] Bosrovia has finished on the test range: the evaluation is over\n");
	snprintf(cmd, sizeof cmd, "%s replay r1.log --verify && %s replay r1.log --events --seat Bosrovia", TW_CLI, TW_CLI);
	assert_int_equal(run(cmd), 0);
	has("final state hash ");
	has("round 1 at 36 in");
	snprintf(cmd, sizeof cmd, "%s render r1.log -o r1.png && %s report r1.log -o r1.html && %s report r1.log -o r1.pdf", TW_CLI,
		 TW_CLI, TW_CLI);
	assert_int_equal(run(cmd), 0);
	has("battle report written to r1.pdf");
	snprintf(cmd, sizeof cmd, "%s sim range1.json --games 4 --seed 2", TW_CLI);
	assert_int_equal(run(cmd), 0);
	has("range1.json: 4 games, Bosrovia default, seed 2");
	assert_null(strstr(out, "failed games"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_SV_SETUP_2_one_side_in_the_core, setup, teardown),
		cmocka_unit_test_setup_teardown(test_SV_SETUP_2_SV_SETUP_8_one_team_all_three_phases, setup, teardown),
		cmocka_unit_test_setup_teardown(test_SV_SETUP_8_one_team_at_the_terminal, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
