// tinwar svl-series: Science versus Luck's whole game (SV.SETUP) as a series in SQLite
// (series.h; the rule set's series hooks, tw_ruleset.series_*). `new` starts it from a series
// file (scenarios/svl/series/whole-game.json: teams, rounds, the three stages' scenarios), `next`
// prepares the next game and, when every seat of it is a computer's, plays and records it (a game
// with a human seat is written out to be played with `tinwar play` and its log recorded with
// `record`), `run` goes on until a human's game or the end, `status` and `debrief` show it
// (SV.SETUP.10; the phase-1 debrief after the auction, SV.EXPO.8/9).
#include <jansson.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tinwar/svl.h"

static const char *const VAL_OPTS[] = {"--db", "--series", "--teams", "--rounds", "--players", "--human", "--seed", "--out", NULL};
static const char *const STAGES[] = {"auction", "range", "battle"};

static json_t *carry_of(tw_series *db, const char *name, tw_series_info *info, tw_error *err)
{
	if (tw_series_status(db, name, info, err) != TW_OK)
		return NULL;
	json_t *c = json_loads(info->carry, 0, NULL);
	if (!c || !json_is_object(json_object_get(c, "country"))) {
		json_decref(c);
		tw_series_info_free(info);
		tw_error_set(err, TW_ERR_INPUT, "SV.SETUP.10", "series %s is not a Science versus Luck series", name);
		return NULL;
	}
	return c;
}

// --players a,b,... (2N names) or T0a, T0b, T1a, ...
static int players_of(const char *list, int n, char names[12][32])
{
	int k = 0;
	if (!list) {
		for (; k < 2 * n; k++)
			snprintf(names[k], sizeof names[k], "T%d%c", k / 2, 'a' + k % 2);
		return k;
	}
	const char *p = list;
	while (*p && k < 12) {
		size_t len = strcspn(p, ",");
		if (len == 0 || len > 31)
			return -1;
		memcpy(names[k], p, len);
		names[k++][len] = 0;
		p += len + (p[len] == ',');
	}
	return *p ? -1 : k;
}

static int cmd_new(tw_series *db, const char *name, int argc, char **argv)
{
	const char *sp = cli_opt(argc, argv, "--series");
	if (!sp)
		sp = "scenarios/svl/series/whole-game.json";
	json_error_t je;
	json_t *sf = json_load_file(sp, JSON_REJECT_DUPLICATES, &je);
	if (!sf) {
		if (je.line > 0)
			fprintf(stderr, "%s:%d:%d: %s\n", sp, je.line, je.column, je.text);
		else
			fprintf(stderr, "%s: %s (--series FILE)\n", sp, je.text);
		return CLI_BAD;
	}
	if (strcmp(json_string_value(json_object_get(sf, "format")) ? json_string_value(json_object_get(sf, "format")) : "",
		   "tinwar-svl-series")) {
		fprintf(stderr, "%s: $.format: a series file says \"tinwar-svl-series\"\n", sp);
		json_decref(sf);
		return CLI_BAD;
	}
	int teams = (int)json_integer_value(json_object_get(sf, "teams"));
	int rounds = json_object_get(sf, "rounds") ? (int)json_integer_value(json_object_get(sf, "rounds")) : 1;
	if (cli_opt(argc, argv, "--teams"))
		teams = atoi(cli_opt(argc, argv, "--teams"));
	if (cli_opt(argc, argv, "--rounds"))
		rounds = atoi(cli_opt(argc, argv, "--rounds"));
	bool change = json_is_true(json_object_get(sf, "change_country")) || cli_flag(argc, argv, "--change-country");
	char dirbuf[PATH_MAX], real[PATH_MAX];
	snprintf(dirbuf, sizeof dirbuf, "%s", sp);
	const char *dir = dirname(dirbuf);
	json_t *files = json_object();
	for (int i = 0; i < 3; i++) {
		const char *f = json_string_value(json_object_get(sf, STAGES[i]));
		char full[PATH_MAX * 2];
		if (!f) {
			fprintf(stderr, "%s: $.%s: the %s's scenario file is missing\n", sp, STAGES[i], STAGES[i]);
			json_decref(sf), json_decref(files);
			return CLI_BAD;
		}
		snprintf(full, sizeof full, "%s/%s", f[0] == '/' ? "" : dir, f);
		if (!realpath(full, real)) {
			fprintf(stderr, "%s: $.%s: no file %s\n", sp, STAGES[i], full);
			json_decref(sf), json_decref(files);
			return CLI_BAD;
		}
		json_object_set_new(files, STAGES[i], json_string(real));
	}
	json_decref(sf);
	char names[12][32];
	int np = teams >= 1 && teams <= 6 ? players_of(cli_opt(argc, argv, "--players"), teams, names) : 2 * teams;
	if (np != 2 * teams) {
		fprintf(stderr, "tinwar svl-series: %d teams of two need %d player names (--players a,b,...; SV.SETUP.2)\n", teams,
			2 * teams);
		json_decref(files);
		return CLI_BAD;
	}
	json_t *humans = json_array();
	const char *hl = cli_opt(argc, argv, "--human");
	while (hl && *hl) {
		size_t len = strcspn(hl, ",");
		int found = -1;
		for (int k = 0; k < np; k++)
			if (strlen(names[k]) == len && !strncmp(names[k], hl, len))
				found = k;
		if (found < 0) {
			fprintf(stderr, "tinwar svl-series: --human: \"%.*s\" is none of the players\n", (int)len, hl);
			json_decref(files), json_decref(humans);
			return CLI_BAD;
		}
		json_array_append_new(humans, json_integer(found));
		hl += len + (hl[len] == ',');
	}
	json_t *cfg = json_pack("{s:i, s:i, s:b, s:o, s:o}", "teams", teams, "rounds", rounds, "change_country", change, "humans",
				humans, "files", files);
	char *text = cfg ? json_dumps(cfg, JSON_COMPACT) : NULL;
	json_decref(cfg);
	const char *pl[12];
	for (int k = 0; k < np; k++)
		pl[k] = names[k];
	tw_error err;
	tw_error_clear(&err);
	tw_status st = text ? tw_series_create(db, name, "svl", pl, np, text, &err) : TW_ERR_NOMEM;
	free(text);
	if (st != TW_OK) {
		cli_print_error("svl-series", &err);
		return cli_exit_code(st);
	}
	printf("series %s: %d team%s, %d round(s) of %d battle%s; the auction first (SV.SETUP.3)\n", name, teams, teams == 1 ? "" : "s",
	       rounds, teams, teams == 1 ? "" : "s");
	for (int k = 0; k < teams; k++)
		printf("  T%d (%s, %s): %s, then %s, then %s\n", k, names[2 * k], names[2 * k + 1],
		       tw_sv_country_names[tw_sv_team_country(teams, k, 1, change)], tw_sv_country_names[tw_sv_team_country(teams, k, 2, change)],
		       tw_sv_country_names[tw_sv_team_country(teams, k, 3, change)]);
	return CLI_OK;
}

static bool is_human(const json_t *carry, int player)
{
	size_t i;
	json_t *v;
	json_array_foreach(json_object_get(carry, "humans"), i, v) if (json_integer_value(v) == player) return true;
	return false;
}

/// After a game is recorded: what the series learnt (the phase-1 debrief after the auction).
static void after(tw_series *db, const char *name, int seq)
{
	tw_series_info info;
	tw_error err;
	json_t *c = carry_of(db, name, &info, &err);
	if (!c)
		return;
	if (seq == 1) {
		(void)tw_sv_debrief_phase1(info.carry, stdout, &err);
	} else if (seq == 2) {
		printf("the evaluation is over: every manual is written (SV.DOC.4); the battles may begin\n");
	} else {
		json_t *b = json_array_get(json_object_get(c, "battles"), json_array_size(json_object_get(c, "battles")) - 1);
		printf("battle %d (round %d, table %d): %s infantry against %s guns: won by the %s (%d fallen, %d matches left)\n",
		       seq - 2, (int)json_integer_value(json_object_get(b, "round")), (int)json_integer_value(json_object_get(b, "table")),
		       json_string_value(json_object_get(b, "infantry")), json_string_value(json_object_get(b, "guns")),
		       json_string_value(json_object_get(b, "winner")), (int)json_integer_value(json_object_get(b, "fallen")),
		       (int)json_integer_value(json_object_get(b, "matches_left")));
	}
	if (info.over)
		(void)tw_sv_debrief(info.carry, stdout, &err);
	json_decref(c);
	tw_series_info_free(&info);
}

/// Prepares the next game; plays and records it if every seat is a computer's. *human is set
/// when the game waits for a person (written to --out). Returns a CLI code.
static int cmd_next(tw_series *db, const char *dbpath, const char *name, int argc, char **argv, bool *human)
{
	*human = false;
	tw_series_info info;
	tw_error err;
	tw_error_clear(&err);
	json_t *c = carry_of(db, name, &info, &err);
	if (!c) {
		cli_print_error(dbpath, &err);
		return cli_exit_code(err.code);
	}
	int rc = CLI_OK, seq = info.games + 1;
	if (info.over) {
		printf("series %s is over\n", name);
		rc = CLI_BAD;
	} else if (info.pending) {
		fprintf(stderr, "tinwar svl-series: game %d is prepared: record its log (tinwar svl-series record %s LOG --db %s) "
				"or drop it (tinwar campaign abandon %s --db %s)\n", info.pending, name, dbpath, name, dbpath);
		rc = CLI_BAD;
	}
	const char *stage = STAGES[seq > 2 ? 2 : seq - 1];
	const char *file = json_string_value(json_object_get(json_object_get(c, "files"), stage));
	uint64_t seed = (uint64_t)seq;
	if (cli_opt(argc, argv, "--seed") && !cli_parse_u64(cli_opt(argc, argv, "--seed"), &seed)) {
		fprintf(stderr, "tinwar svl-series: --seed: a whole number\n");
		rc = CLI_BAD;
	}
	tw_state sc, prep;
	memset(&sc, 0, sizeof sc);
	memset(&prep, 0, sizeof prep);
	int roles[TW_MAX_SIDES];
	bool loaded = false, prepared = false;
	if (rc == CLI_OK && !file) {
		fprintf(stderr, "tinwar svl-series: the series names no %s scenario\n", stage);
		rc = CLI_BAD;
	}
	if (rc == CLI_OK) {
		loaded = tw_state_load(&sc, file, &err) == TW_OK;
		prepared = loaded && tw_series_next(db, name, &sc, seed, &prep, roles, &err) == TW_OK;
		if (!prepared) {
			cli_print_error(file, &err);
			rc = cli_exit_code(err.code);
		}
	}
	for (int k = 0; prepared && k < prep.nsides; k++)
		*human = *human || is_human(c, roles[k]);
	if (prepared) {
		printf("game %d of %d, the %s:", seq, 2 + (int)(json_integer_value(json_object_get(c, "teams")) *
							      json_integer_value(json_object_get(c, "rounds"))), stage);
		for (int k = 0; k < prep.nsides; k++)
			printf("%s %s (%s)%s", k ? "," : "", prep.sides[k].name, roles[k] >= 0 ? info.players[roles[k]] : "nobody",
			       is_human(c, roles[k]) ? " in person" : "");
		printf("\n");
	}
	if (prepared && *human) {
		char out[256];
		const char *o = cli_opt(argc, argv, "--out");
		snprintf(out, sizeof out, "%s", o ? o : "");
		if (!o)
			snprintf(out, sizeof out, "%s-game%d.json", name, seq);
		if (tw_state_save(&prep, out, &err) != TW_OK) {
			cli_print_error(out, &err);
			rc = cli_exit_code(err.code);
		} else {
			printf("a person plays in it: tinwar play %s --seed %llu --log LOG (the computer's sides: --side NAME=svl-manual), "
			       "then tinwar svl-series record %s LOG --db %s\n", out, (unsigned long long)seed, name, dbpath);
		}
	} else if (prepared) {
		tw_game *g = tw_game_new(&prep, seed, tw_shot_model_find("fast"), &err);
		tw_status st = g ? tw_sv_play_computer(g, seed, &err) : err.code;
		json_t *j = st == TW_OK ? tw_game_log_to_json(g) : NULL;
		char *log = j ? json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(17)) : NULL;
		json_decref(j);
		if (st == TW_OK)
			st = log ? tw_series_record(db, name, log, &err) : TW_ERR_NOMEM;
		free(log);
		tw_game_free(g);
		if (st != TW_OK) {
			cli_print_error(stage, &err);
			tw_error e2;
			(void)tw_series_abandon(db, name, &e2);
			rc = cli_exit_code(st);
		} else {
			after(db, name, seq);
		}
	}
	if (prepared)
		tw_state_free(&prep);
	if (loaded)
		tw_state_free(&sc);
	json_decref(c);
	tw_series_info_free(&info);
	return rc;
}

static int cmd_record(tw_series *db, const char *dbpath, const char *name, const char *lp)
{
	tw_error err;
	tw_error_clear(&err);
	size_t len;
	char *text = tw_read_file(lp, &len, &err);
	tw_series_info info;
	memset(&info, 0, sizeof info);
	tw_status st = text ? tw_series_status(db, name, &info, &err) : err.code;
	int seq = info.pending;
	if (st == TW_OK)
		st = tw_series_record(db, name, text, &err);
	free(text);
	tw_series_info_free(&info);
	if (st != TW_OK) {
		cli_print_error(lp, &err);
		fprintf(stderr, "tinwar svl-series: the game is not recorded (%s)\n", dbpath);
		return cli_exit_code(st);
	}
	after(db, name, seq);
	return CLI_OK;
}

static int cmd_status(tw_series *db, const char *dbpath, const char *name, bool json, bool debrief)
{
	tw_series_info info;
	tw_error err;
	tw_error_clear(&err);
	json_t *c = carry_of(db, name, &info, &err);
	if (!c) {
		cli_print_error(dbpath, &err);
		return cli_exit_code(err.code);
	}
	if (json) {
		// SV.GUN.12: the guns' truth stays hidden until the series is over (then the debrief's).
		size_t i;
		json_t *g, *rec;
		const char *cn;
		json_object_foreach(info.over ? NULL : json_object_get(c, "country"), cn, rec)
			json_array_foreach(json_object_get(rec, "guns"), i, g) json_object_del(g, "truth");
		char *t = json_dumps(c, JSON_COMPACT | JSON_SORT_KEYS);
		printf("%s\n", t ? t : "{}");
		free(t);
	} else if (debrief) {
		(void)tw_sv_debrief(info.carry, stdout, &err);
	} else {
		int total = 2 + (int)(json_integer_value(json_object_get(c, "teams")) * json_integer_value(json_object_get(c, "rounds")));
		int nteams = (int)json_integer_value(json_object_get(c, "teams"));
		printf("series %s: %d team%s; %d of %d games recorded; stage %s%s\n", name, nteams, nteams == 1 ? "" : "s",
		       info.games, total, json_string_value(json_object_get(c, "stage")),
		       info.pending ? " (a game is prepared and waits for its log)" : "");
		json_t *tt = json_object_get(c, "timetable"); // SV.SETUP.11, SV.DOC.5
		int r = (int)json_integer_value(json_object_get(c, "rounds")), in = (int)json_integer_value(json_object_get(tt, "inspection")),
		    au = (int)json_integer_value(json_object_get(tt, "auction")), ev = (int)json_integer_value(json_object_get(tt, "evaluation")),
		    br = (int)json_integer_value(json_object_get(tt, "battle_round"));
		printf("suggested timetable (SV.SETUP.11): inspection %d min, auction %d min, evaluation %d min, %d battle round(s) of %d min: "
		       "%d min in all\n", in, au, ev, r, br, in + au + ev + r * br);
	}
	json_decref(c);
	tw_series_info_free(&info);
	return CLI_OK;
}

int cli_svl_series(int argc, char **argv)
{
	const char *verb = cli_pos(argc, argv, 0, VAL_OPTS);
	const char *dbpath = cli_opt(argc, argv, "--db");
	const char *name = cli_pos(argc, argv, 1, VAL_OPTS);
	if (!verb || !dbpath || !*dbpath || !name) {
		fprintf(stderr, "usage: tinwar svl-series new|next|run|record|status|debrief NAME ... --db FILE (see --help)\n");
		return CLI_BAD;
	}
	tw_error err;
	tw_error_clear(&err);
	int rc0;
	tw_series *db = cli_series_open(dbpath, &rc0);
	if (!db)
		return rc0;
	const char *arg = cli_pos(argc, argv, 2, VAL_OPTS);
	int rc;
	bool human = false;
	if (!strcmp(verb, "new")) {
		rc = cmd_new(db, name, argc, argv);
	} else if (!strcmp(verb, "next")) {
		rc = cmd_next(db, dbpath, name, argc, argv, &human);
	} else if (!strcmp(verb, "run")) { // on to a person's game or the end
		tw_series_info info;
		do {
			rc = cmd_next(db, dbpath, name, argc, argv, &human);
			memset(&info, 0, sizeof info);
			bool over = tw_series_status(db, name, &info, &err) == TW_OK && info.over;
			tw_series_info_free(&info);
			if (over)
				break;
		} while (rc == CLI_OK && !human);
	} else if (!strcmp(verb, "record") && arg) {
		rc = cmd_record(db, dbpath, name, arg);
	} else if (!strcmp(verb, "status") || !strcmp(verb, "debrief")) {
		rc = cmd_status(db, dbpath, name, cli_flag(argc, argv, "--json"), !strcmp(verb, "debrief"));
	} else {
		fprintf(stderr, "tinwar svl-series: unknown or incomplete command (see 'tinwar svl-series --help')\n");
		rc = CLI_BAD;
	}
	tw_series_close(db);
	return rc;
}

/// `tinwar range --db FILE --series NAME --team K`: team K's record for the evaluation (SV.DOC.2,
/// SV.EXPO.8): the country it evaluates for, that country's guns and money left, and per gun
/// the test budget used (SV.DOC.7) and the summary (SV.DOC.8-9), once the range is recorded.
int cli_svl_range_record(int argc, char **argv)
{
	const char *dbpath = cli_opt(argc, argv, "--db"), *name = cli_opt(argc, argv, "--series"), *ts = cli_opt(argc, argv, "--team");
	if (!dbpath || !name || !ts) {
		fprintf(stderr, "usage: tinwar range --db FILE --series NAME --team K   (a Science versus Luck team's record)\n");
		return CLI_BAD;
	}
	tw_error err;
	tw_error_clear(&err);
	int rc0;
	tw_series *db = cli_series_open(dbpath, &rc0);
	if (!db)
		return rc0;
	tw_series_info info;
	json_t *c = carry_of(db, name, &info, &err);
	tw_series_close(db);
	if (!c) {
		cli_print_error(dbpath, &err);
		return cli_exit_code(err.code);
	}
	int n = (int)json_integer_value(json_object_get(c, "teams"));
	char *end = NULL;
	long team = strtol(ts, &end, 10);
	if (end == ts || *end || team < 0 || team >= n) {
		fprintf(stderr, "tinwar range: --team is 0 to %d (series %s has %d teams)\n", n - 1, name, n);
		json_decref(c);
		tw_series_info_free(&info);
		return CLI_BAD;
	}
	const char *cn = tw_sv_country_names[tw_sv_team_country(n, (int)team, 2, false)];
	json_t *rec = json_object_get(json_object_get(c, "country"), cn), *guns = json_object_get(rec, "guns");
	json_t *range = json_object_get(rec, "range");
	printf("T%ld evaluates for %s (SV.SETUP.5, SV.EXPO.8): %d gun(s), %d fr left\n", team, cn, (int)json_array_size(guns),
	       (int)json_integer_value(json_object_get(rec, "left")));
	if (!json_array_size(guns))
		printf("  no guns yet: the auction is not recorded (SV.SETUP.3)\n");
	size_t i;
	json_t *g;
	json_array_foreach(guns, i, g) {
		const char *code = json_string_value(json_object_get(g, "code"));
		json_t *r = json_array_get(range, i);
		printf("  %s (%s, %d fr): ", code ? code : "?", json_is_true(json_object_get(g, "arsenal")) ? "issued" : "bought",
		       (int)json_integer_value(json_object_get(g, "price")));
		if (!r) {
			printf("%d test rounds and the timed serial to fire (SV.DOC.7)\n", 30);
			continue;
		}
		int shots = (int)json_integer_value(json_object_get(r, "serial_shots"));
		int tests = (int)json_integer_value(json_object_get(r, "rounds")) - shots;
		printf("%d of 30 test rounds fired (SV.DOC.7), serial %d shots; %d misfires; mean D1/R %.3f; lateral sd %.2f in per 12 in; "
		       "suggested range factor %.2f (SV.DOC.9)\n",
		       tests, shots, (int)json_integer_value(json_object_get(r, "misfires")), json_number_value(json_object_get(r, "mean_ratio")),
		       json_number_value(json_object_get(r, "sd_lat12")), json_number_value(json_object_get(r, "k_new")));
	}
	json_decref(c);
	tw_series_info_free(&info);
	return CLI_OK;
}
