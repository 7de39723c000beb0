// The study database (SQLite): studies of any number of sides, their sides and their games.
// Layout 2 (TW_SIM_DB_SCHEMA; docs/studies.md "The study database"):
//   study_schema(version)            the layout's version, one row
//   study(id, ..., nsides, generals, draws, errors)   generals: the pairing, a JSON array of
//                                    the generals by side index (indexed with the scenario)
//   study_side(study, side_index, side_name, general, wins, losses, forfeits, lua_failures)
//   game(study, idx, seed, ending, winner, result, moves, orders, ms)
//   game_side(study, idx, side, score, casualties, lua_failed, forfeited)
// A file of layout 1 (two sides: study.red/blue, game.score_red/...; no study_schema table) is
// migrated in one transaction when it is first opened; a newer layout is refused.
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/sim.h"

static const char *const SCHEMA_V2 =
	"CREATE TABLE study_schema(version INTEGER NOT NULL);"
	"CREATE TABLE study("
	" id INTEGER PRIMARY KEY, created TEXT NOT NULL, scenario TEXT NOT NULL, scenario_hash TEXT NOT NULL,"
	" ruleset TEXT NOT NULL, nsides INTEGER NOT NULL, generals TEXT NOT NULL, seed INTEGER NOT NULL,"
	" games INTEGER NOT NULL, shot_model TEXT NOT NULL, label TEXT NOT NULL, params TEXT NOT NULL,"
	" draws INTEGER NOT NULL, errors INTEGER NOT NULL);"
	"CREATE TABLE study_side("
	" study INTEGER NOT NULL REFERENCES study(id), side_index INTEGER NOT NULL, side_name TEXT NOT NULL,"
	" general TEXT NOT NULL, wins INTEGER NOT NULL, losses INTEGER NOT NULL, forfeits INTEGER NOT NULL,"
	" lua_failures INTEGER NOT NULL, PRIMARY KEY(study, side_index)) WITHOUT ROWID;"
	"CREATE TABLE game("
	" study INTEGER NOT NULL REFERENCES study(id), idx INTEGER NOT NULL, seed INTEGER NOT NULL,"
	" ending TEXT NOT NULL, winner INTEGER NOT NULL, result TEXT NOT NULL, moves INTEGER NOT NULL,"
	" orders INTEGER NOT NULL, ms REAL NOT NULL, PRIMARY KEY(study, idx)) WITHOUT ROWID;"
	"CREATE TABLE game_side("
	" study INTEGER NOT NULL, idx INTEGER NOT NULL, side INTEGER NOT NULL, score REAL NOT NULL,"
	" casualties INTEGER NOT NULL, lua_failed INTEGER NOT NULL, forfeited INTEGER NOT NULL,"
	" PRIMARY KEY(study, idx, side), FOREIGN KEY(study, idx) REFERENCES game(study, idx)) WITHOUT ROWID;"
	"CREATE INDEX study_by_pairing ON study(scenario, generals);";

// Layout 1 to 2. Layout 1 named its two sides red and blue whatever the scenario called them,
// so the migrated sides are named so; its forfeits are read from the results
// ("blue_by_forfeit": red forfeited).
static const char *const MIGRATE_V1 =
	"ALTER TABLE study RENAME TO study_v1;"
	"ALTER TABLE game RENAME TO game_v1;"
	"DROP INDEX IF EXISTS study_by_pair;";
static const char *const COPY_V1 =
	"INSERT INTO study(id, created, scenario, scenario_hash, ruleset, nsides, generals, seed, games, shot_model,"
	" label, params, draws, errors)"
	" SELECT id, created, scenario, scenario_hash, ruleset, 2, tw_pairing(red, blue), seed, games, shot_model,"
	" label, params, draws, errors FROM study_v1;"
	"INSERT INTO study_side SELECT s.id, 0, 'red', s.red, s.wins, s.losses,"
	" (SELECT count(*) FROM game_v1 g WHERE g.study = s.id AND g.result = 'blue_by_forfeit'),"
	" (SELECT coalesce(sum(g.lua_failed_red), 0) FROM game_v1 g WHERE g.study = s.id) FROM study_v1 s;"
	"INSERT INTO study_side SELECT s.id, 1, 'blue', s.blue, s.losses, s.wins,"
	" (SELECT count(*) FROM game_v1 g WHERE g.study = s.id AND g.result = 'red_by_forfeit'),"
	" (SELECT coalesce(sum(g.lua_failed_blue), 0) FROM game_v1 g WHERE g.study = s.id) FROM study_v1 s;"
	"INSERT INTO game SELECT study, idx, seed,"
	" CASE WHEN result = 'error' THEN 'error' WHEN result LIKE '%_by_forfeit' THEN 'forfeit' ELSE 'over' END,"
	" winner, CASE result WHEN 'red_by_forfeit' THEN 'red' WHEN 'blue_by_forfeit' THEN 'blue' ELSE result END,"
	" coalesce(moves, 0), coalesce(orders, 0), coalesce(ms, 0) FROM game_v1;"
	"INSERT INTO game_side SELECT study, idx, 0, coalesce(score_red, 0), coalesce(casualties_red, 0),"
	" coalesce(lua_failed_red, 0), result = 'blue_by_forfeit' FROM game_v1;"
	"INSERT INTO game_side SELECT study, idx, 1, coalesce(score_blue, 0), coalesce(casualties_blue, 0),"
	" coalesce(lua_failed_blue, 0), result = 'red_by_forfeit' FROM game_v1;"
	"DROP TABLE game_v1;"
	"DROP TABLE study_v1;"
	"INSERT INTO study_schema VALUES(2);";

static tw_status db_err(sqlite3 *db, tw_error *err, const char *path, const char *what)
{
	return tw_error_set(err, TW_ERR_IO, "", "%s: sqlite: %s: %s", path, what, db ? sqlite3_errmsg(db) : "?");
}

// Runs sql (several statements); on failure fills err with `what` and sqlite's message.
static tw_status exec(sqlite3 *db, const char *sql, tw_error *err, const char *path, const char *what)
{
	char *msg = NULL;
	if (sqlite3_exec(db, sql, NULL, NULL, &msg) == SQLITE_OK)
		return TW_OK;
	tw_status st = tw_error_set(err, TW_ERR_IO, "", "%s: sqlite: %s: %s", path, what, msg ? msg : "?");
	sqlite3_free(msg);
	return st;
}

// Appends text as a JSON string: quoted, with '"', '\\' and control characters escaped.
static void append_json_string(sqlite3_str *s, const char *text)
{
	sqlite3_str_appendchar(s, 1, '"');
	for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
		if (*c == '"' || *c == '\\')
			sqlite3_str_appendf(s, "\\%c", *c);
		else if (*c < 0x20)
			sqlite3_str_appendf(s, "\\u%04x", *c);
		else
			sqlite3_str_appendchar(s, 1, (char)*c);
	}
	sqlite3_str_appendchar(s, 1, '"');
}

// The pairing: the generals by side index as a JSON array (["lw-default","random"]).
// NULL if out of memory; sqlite3_free() it.
static char *pairing(int n, const char *const *names)
{
	sqlite3_str *s = sqlite3_str_new(NULL);
	sqlite3_str_appendchar(s, 1, '[');
	for (int k = 0; k < n; k++) {
		if (k)
			sqlite3_str_appendchar(s, 1, ',');
		append_json_string(s, names[k] ? names[k] : "default");
	}
	sqlite3_str_appendchar(s, 1, ']');
	return sqlite3_str_finish(s);
}

// tw_pairing(a, b, ...) in SQL, for the migration.
static void sql_pairing(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	const char *names[TW_MAX_SIDES];
	if (argc > TW_MAX_SIDES) {
		sqlite3_result_error(ctx, "tw_pairing: too many sides", -1);
		return;
	}
	for (int k = 0; k < argc; k++)
		names[k] = (const char *)sqlite3_value_text(argv[k]);
	char *p = pairing(argc, names);
	if (p)
		sqlite3_result_text(ctx, p, -1, sqlite3_free);
	else
		sqlite3_result_error_nomem(ctx);
}

// One integer from a query (the first column of its first row); def if no row or an error.
static int query_int(sqlite3 *db, const char *sql, int def)
{
	sqlite3_stmt *q = NULL;
	int v = def;
	if (sqlite3_prepare_v2(db, sql, -1, &q, NULL) == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW &&
	    sqlite3_column_type(q, 0) != SQLITE_NULL)
		v = sqlite3_column_int(q, 0);
	sqlite3_finalize(q);
	return v;
}

// True if sql prepares (its tables and columns exist).
static bool prepares(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *q = NULL;
	bool ok = sqlite3_prepare_v2(db, sql, -1, &q, NULL) == SQLITE_OK;
	sqlite3_finalize(q);
	return ok;
}

// The file's layout: 0 no study tables yet, 1 the two-side layout, else study_schema's
// version; -1 a table named study that is not a study table of either layout.
static int layout(sqlite3 *db)
{
	if (query_int(db, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'study_schema'", 0))
		return query_int(db, "SELECT max(version) FROM study_schema", -1);
	if (!query_int(db, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('study', 'game')", 0))
		return 0;
	if (prepares(db, "SELECT id, created, scenario, scenario_hash, ruleset, red, blue, seed, games, shot_model, label,"
			 " params, wins, draws, losses, errors FROM study") &&
	    prepares(db, "SELECT study, idx, seed, result, winner, score_red, score_blue, casualties_red, casualties_blue,"
			 " moves, orders, lua_failed_red, lua_failed_blue, ms FROM game"))
		return 1;
	return -1;
}

// Layout 1 to 2 inside the caller's transaction. Results it cannot read stop it.
static tw_status migrate_v1(sqlite3 *db, const char *path, tw_error *err)
{
	sqlite3_stmt *q = NULL;
	tw_status st = TW_OK;
	if (sqlite3_prepare_v2(db,
			       "SELECT study, idx, result FROM game WHERE result NOT IN"
			       " ('red', 'blue', 'draw', 'error', 'red_by_forfeit', 'blue_by_forfeit') LIMIT 1",
			       -1, &q, NULL) != SQLITE_OK)
		return db_err(db, err, path, "reading the two-side layout");
	if (sqlite3_step(q) == SQLITE_ROW)
		st = tw_error_set(err, TW_ERR_INPUT, "",
				  "%s: cannot migrate the two-side study database: game %d of study %lld has the result '%.40s';"
				  " the file is left as it was",
				  path, sqlite3_column_int(q, 1), (long long)sqlite3_column_int64(q, 0),
				  (const char *)sqlite3_column_text(q, 2));
	sqlite3_finalize(q);
	if (st == TW_OK)
		st = exec(db, MIGRATE_V1, err, path, "migrating the two-side layout");
	if (st == TW_OK)
		st = exec(db, SCHEMA_V2, err, path, "migrating the two-side layout");
	if (st == TW_OK)
		st = exec(db, COPY_V1, err, path, "migrating the two-side layout");
	return st;
}

// Makes the file's layout the current one: creates it in a new file, migrates layout 1.
static tw_status ensure_layout(sqlite3 *db, const char *path, tw_error *err)
{
	if (layout(db) == TW_SIM_DB_SCHEMA)
		return TW_OK;
	// Another process may be doing the same: decide again under the write lock.
	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		return db_err(db, err, path, "begin");
	int v = layout(db);
	tw_status st = TW_OK;
	if (v == 0) {
		st = exec(db, SCHEMA_V2, err, path, "creating the study tables");
		if (st == TW_OK)
			st = exec(db, "INSERT INTO study_schema VALUES(2)", err, path, "creating the study tables");
	} else if (v == 1) {
		st = migrate_v1(db, path, err);
	} else if (v > TW_SIM_DB_SCHEMA) {
		st = tw_error_set(err, TW_ERR_INPUT, "",
				  "%s: a study database of layout %d, newer than this tinwar reads (%d): use a newer"
				  " tinwar, or another --db file",
				  path, v, TW_SIM_DB_SCHEMA);
	} else if (v != TW_SIM_DB_SCHEMA) {
		st = tw_error_set(err, TW_ERR_INPUT, "",
				  "%s: its tables 'study' and 'game' are not a tinwar study database: use another --db file",
				  path);
	}
	if (st == TW_OK && sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		st = db_err(db, err, path, "commit");
	if (st != TW_OK)
		sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return st;
}

// Opens the study database at path (create: a new file if none), in the current layout.
static tw_status db_open(const char *path, bool create, sqlite3 **out, tw_error *err)
{
	sqlite3 *db = NULL;
	int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
	if (sqlite3_open_v2(path, &db, flags, NULL) != SQLITE_OK) {
		tw_status st = db_err(db, err, path, "open");
		sqlite3_close(db);
		return st;
	}
	sqlite3_busy_timeout(db, 5000);
	tw_status st = TW_OK;
	if (sqlite3_create_function(db, "tw_pairing", -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL, sql_pairing, NULL,
				    NULL) != SQLITE_OK)
		st = db_err(db, err, path, "tw_pairing");
	if (st == TW_OK)
		st = ensure_layout(db, path, err);
	if (st != TW_OK) {
		sqlite3_close(db);
		return st;
	}
	*out = db;
	return TW_OK;
}

// "red", "blue", "draw", "error": the winner by name.
static const char *result_name(const tw_state *s, const tw_sim_game *g)
{
	if (g->end == TW_SIM_ERROR)
		return "error";
	if (g->winner >= 0 && g->winner < s->nsides)
		return s->sides[g->winner].name;
	return "draw";
}

static const char *ending_name(int end) { return end == TW_SIM_ERROR ? "error" : end == TW_SIM_FORFEIT ? "forfeit" : "over"; }

static int ending_from(const char *s)
{
	return s && strcmp(s, "error") == 0 ? TW_SIM_ERROR : s && strcmp(s, "forfeit") == 0 ? TW_SIM_FORFEIT : TW_SIM_OVER;
}

static const char *general_of(const tw_sim_config *cfg, int k) { return cfg->general[k] ? cfg->general[k] : "default"; }

// The scenario's parameters and the doctrine parameters as JSON: {"aim_sigma":0.048,...,
// "red.advance":0.5}; a parameter on every side is "all.X". NULL if out of memory.
static char *params_json(const tw_sim_config *cfg, const tw_ruleset *rs)
{
	sqlite3_str *s = sqlite3_str_new(NULL);
	sqlite3_str_appendchar(s, 1, '{');
	int n = 0;
	char v[40];
	for (int i = 0; rs && i < rs->nparams; i++) {
		snprintf(v, sizeof v, "%.17g", cfg->scenario->params[i]);
		sqlite3_str_appendf(s, "%s", n++ ? "," : "");
		append_json_string(s, rs->params[i].name);
		sqlite3_str_appendf(s, ":%s", v);
	}
	for (int i = 0; i < cfg->ngparams; i++) {
		const tw_sim_gparam *p = &cfg->gparams[i];
		const char *who = p->side >= 0 && p->side < cfg->scenario->nsides ? cfg->scenario->sides[p->side].name : "all";
		char key[64];
		snprintf(key, sizeof key, "%s.%s", who, p->name);
		snprintf(v, sizeof v, "%.17g", p->value);
		sqlite3_str_appendf(s, "%s", n++ ? "," : "");
		append_json_string(s, key);
		sqlite3_str_appendf(s, ":%s", v);
	}
	sqlite3_str_appendchar(s, 1, '}');
	return sqlite3_str_finish(s);
}

tw_status tw_sim_store(const char *path, const tw_sim_config *cfg, const char *scenario_name, const char *label,
		       const tw_sim_game *g, int n, int64_t *study_id, tw_error *err)
{
	const tw_state *sc = cfg->scenario;
	if (!sc || sc->nsides < 1 || sc->nsides > TW_MAX_SIDES || n < 0)
		return tw_error_set(err, TW_ERR_INPUT, "", "a study to store needs its scenario's sides and its games");
	int nsides = sc->nsides;
	for (int i = 0; i < n; i++)
		if (g[i].nsides != nsides)
			return tw_error_set(err, TW_ERR_INPUT, "", "game %d of the study has %d sides; the scenario has %d", i,
					    g[i].nsides, nsides);
	sqlite3 *db;
	tw_status st = db_open(path, true, &db, err);
	if (st != TW_OK)
		return st;
	tw_sim_summary sum;
	tw_sim_summarize(g, n, &sum);
	char hash[17];
	snprintf(hash, sizeof hash, "%016llx", (unsigned long long)tw_state_hash(sc));
	const tw_ruleset *rs = tw_ruleset_get(sc->ruleset);
	const tw_shot_model *shots = cfg->shots ? cfg->shots : tw_shot_model_fast();
	const char *gens[TW_MAX_SIDES];
	for (int k = 0; k < nsides; k++)
		gens[k] = general_of(cfg, k);
	char *pair = pairing(nsides, gens), *params = params_json(cfg, rs);
	sqlite3_stmt *q = NULL, *qs = NULL;
	if (!pair || !params) {
		st = tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		goto out;
	}
	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
		st = db_err(db, err, path, "begin");
		goto out;
	}
	if (sqlite3_prepare_v2(db,
			       "INSERT INTO study(created, scenario, scenario_hash, ruleset, nsides, generals, seed, games,"
			       " shot_model, label, params, draws, errors)"
			       " VALUES(datetime('now'),?,?,?,?,?,?,?,?,?,?,?,?)",
			       -1, &q, NULL) != SQLITE_OK) {
		st = db_err(db, err, path, "prepare");
		goto rollback;
	}
	sqlite3_bind_text(q, 1, scenario_name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 2, hash, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 3, rs ? rs->name : "?", -1, SQLITE_STATIC);
	sqlite3_bind_int(q, 4, nsides);
	sqlite3_bind_text(q, 5, pair, -1, SQLITE_STATIC);
	sqlite3_bind_int64(q, 6, (sqlite3_int64)cfg->seed);
	sqlite3_bind_int(q, 7, n);
	sqlite3_bind_text(q, 8, shots->name, -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 9, label ? label : "", -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 10, params, -1, SQLITE_STATIC);
	sqlite3_bind_int(q, 11, sum.draws);
	sqlite3_bind_int(q, 12, sum.errors);
	if (sqlite3_step(q) != SQLITE_DONE) {
		st = db_err(db, err, path, "insert study");
		goto rollback;
	}
	sqlite3_finalize(q);
	q = NULL;
	int64_t id = sqlite3_last_insert_rowid(db);
	if (sqlite3_prepare_v2(db, "INSERT INTO study_side VALUES(?,?,?,?,?,?,?,?)", -1, &q, NULL) != SQLITE_OK) {
		st = db_err(db, err, path, "prepare");
		goto rollback;
	}
	for (int k = 0; k < nsides; k++) {
		sqlite3_reset(q);
		sqlite3_bind_int64(q, 1, id);
		sqlite3_bind_int(q, 2, k);
		sqlite3_bind_text(q, 3, sc->sides[k].name, -1, SQLITE_STATIC);
		sqlite3_bind_text(q, 4, gens[k], -1, SQLITE_STATIC);
		sqlite3_bind_int(q, 5, sum.side[k].wins);
		sqlite3_bind_int(q, 6, sum.side[k].losses);
		sqlite3_bind_int(q, 7, sum.side[k].forfeits);
		sqlite3_bind_int(q, 8, sum.side[k].lua_failures);
		if (sqlite3_step(q) != SQLITE_DONE) {
			st = db_err(db, err, path, "insert study side");
			goto rollback;
		}
	}
	sqlite3_finalize(q);
	q = NULL;
	// Thousands of games: two prepared statements, one transaction; a game's sides go in one
	// statement (?1 study, ?2 game, then score, casualties, lua_failed, forfeited of each side).
	sqlite3_str *ss = sqlite3_str_new(db);
	sqlite3_str_appendall(ss, "INSERT INTO game_side VALUES");
	for (int k = 0; k < nsides; k++)
		sqlite3_str_appendf(ss, "%s(?1,?2,%d,?%d,?%d,?%d,?%d)", k ? "," : "", k, 3 + 4 * k, 4 + 4 * k, 5 + 4 * k,
				    6 + 4 * k);
	char *sides_sql = sqlite3_str_finish(ss);
	if (!sides_sql) {
		st = tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		goto rollback;
	}
	int prc = sqlite3_prepare_v2(db, "INSERT INTO game VALUES(?,?,?,?,?,?,?,?,?)", -1, &q, NULL);
	if (prc == SQLITE_OK)
		prc = sqlite3_prepare_v2(db, sides_sql, -1, &qs, NULL);
	sqlite3_free(sides_sql);
	if (prc != SQLITE_OK) {
		st = db_err(db, err, path, "prepare");
		goto rollback;
	}
	sqlite3_bind_int64(q, 1, id);
	sqlite3_bind_int64(qs, 1, id);
	for (int i = 0; i < n; i++) {
		sqlite3_reset(q);
		sqlite3_bind_int(q, 2, i);
		sqlite3_bind_int64(q, 3, (sqlite3_int64)g[i].seed);
		sqlite3_bind_text(q, 4, ending_name(g[i].end), -1, SQLITE_STATIC);
		sqlite3_bind_int(q, 5, g[i].winner);
		sqlite3_bind_text(q, 6, result_name(sc, &g[i]), -1, SQLITE_STATIC);
		sqlite3_bind_int(q, 7, g[i].moves);
		sqlite3_bind_int(q, 8, g[i].orders);
		sqlite3_bind_double(q, 9, g[i].ms);
		if (sqlite3_step(q) != SQLITE_DONE) {
			st = db_err(db, err, path, "insert game");
			goto rollback;
		}
		sqlite3_reset(qs); // before binding: a statement that has run takes no bindings
		sqlite3_bind_int(qs, 2, i);
		for (int k = 0; k < nsides; k++) {
			sqlite3_bind_double(qs, 3 + 4 * k, g[i].score[k]);
			sqlite3_bind_int(qs, 4 + 4 * k, g[i].casualties[k]);
			sqlite3_bind_int(qs, 5 + 4 * k, g[i].lua_failed[k]);
			sqlite3_bind_int(qs, 6 + 4 * k, g[i].forfeited[k]);
		}
		if (sqlite3_step(qs) != SQLITE_DONE) {
			st = db_err(db, err, path, "insert game sides");
			goto rollback;
		}
	}
	sqlite3_finalize(q);
	sqlite3_finalize(qs);
	q = qs = NULL;
	if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		st = db_err(db, err, path, "commit");
		goto rollback;
	}
	if (study_id)
		*study_id = id;
	goto out;
rollback:
	sqlite3_finalize(q);
	sqlite3_finalize(qs);
	q = qs = NULL;
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
out:
	sqlite3_free(pair);
	sqlite3_free(params);
	sqlite3_close(db);
	return st;
}

tw_status tw_sim_db_totals(const char *path, const char *scenario_name, int nsides, const char *const *generals,
			   tw_sim_totals *t, tw_error *err)
{
	memset(t, 0, sizeof *t);
	if (nsides < 1 || nsides > TW_MAX_SIDES)
		return tw_error_set(err, TW_ERR_INPUT, "", "a pairing of 1 to %d sides, not %d", TW_MAX_SIDES, nsides);
	sqlite3 *db;
	tw_status st = db_open(path, false, &db, err);
	if (st != TW_OK)
		return st;
	char *pair = pairing(nsides, generals);
	sqlite3_stmt *q = NULL;
	if (!pair) {
		st = tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		goto out;
	}
	if (sqlite3_prepare_v2(db,
			       "SELECT count(*), coalesce(sum(games - errors), 0), coalesce(sum(draws), 0) FROM study"
			       " WHERE scenario = ?1 AND generals = ?2",
			       -1, &q, NULL) != SQLITE_OK) {
		st = db_err(db, err, path, "prepare");
		goto out;
	}
	sqlite3_bind_text(q, 1, scenario_name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 2, pair, -1, SQLITE_STATIC);
	if (sqlite3_step(q) != SQLITE_ROW) {
		st = db_err(db, err, path, "select");
		goto out;
	}
	t->studies = sqlite3_column_int(q, 0);
	t->games = sqlite3_column_int(q, 1);
	t->draws = sqlite3_column_int(q, 2);
	sqlite3_finalize(q);
	q = NULL;
	if (sqlite3_prepare_v2(db,
			       "SELECT x.side_index, sum(x.wins) FROM study s JOIN study_side x ON x.study = s.id"
			       " WHERE s.scenario = ?1 AND s.generals = ?2 GROUP BY x.side_index",
			       -1, &q, NULL) != SQLITE_OK) {
		st = db_err(db, err, path, "prepare");
		goto out;
	}
	sqlite3_bind_text(q, 1, scenario_name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 2, pair, -1, SQLITE_STATIC);
	int rc;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		int k = sqlite3_column_int(q, 0);
		if (k >= 0 && k < nsides)
			t->wins[k] = sqlite3_column_int(q, 1);
	}
	if (rc != SQLITE_DONE)
		st = db_err(db, err, path, "select");
out:
	sqlite3_finalize(q);
	sqlite3_free(pair);
	sqlite3_close(db);
	return st;
}

static void copy_text(char *dst, size_t cap, const unsigned char *src)
{
	snprintf(dst, cap, "%s", src ? (const char *)src : "");
}

tw_status tw_sim_db_load(const char *path, int64_t study_id, tw_sim_study_info *info, tw_sim_game **games,
			 tw_error *err)
{
	memset(info, 0, sizeof *info);
	if (games)
		*games = NULL;
	sqlite3 *db;
	tw_status st = db_open(path, false, &db, err);
	if (st != TW_OK)
		return st;
	sqlite3_stmt *q = NULL;
	tw_sim_game *g = NULL;
	if (sqlite3_prepare_v2(db,
			       "SELECT scenario, ruleset, label, seed, games, errors, draws, nsides FROM study WHERE id = ?",
			       -1, &q, NULL) != SQLITE_OK) {
		st = db_err(db, err, path, "prepare");
		goto out;
	}
	sqlite3_bind_int64(q, 1, study_id);
	int rc = sqlite3_step(q);
	if (rc != SQLITE_ROW) {
		st = rc == SQLITE_DONE ? tw_error_set(err, TW_ERR_INPUT, "", "%s: no study %lld", path, (long long)study_id)
				       : db_err(db, err, path, "select");
		goto out;
	}
	info->id = study_id;
	copy_text(info->scenario, sizeof info->scenario, sqlite3_column_text(q, 0));
	copy_text(info->ruleset, sizeof info->ruleset, sqlite3_column_text(q, 1));
	copy_text(info->label, sizeof info->label, sqlite3_column_text(q, 2));
	info->seed = (uint64_t)sqlite3_column_int64(q, 3);
	info->games = sqlite3_column_int(q, 4);
	info->errors = sqlite3_column_int(q, 5);
	info->draws = sqlite3_column_int(q, 6);
	info->nsides = sqlite3_column_int(q, 7);
	sqlite3_finalize(q);
	q = NULL;
	if (info->nsides < 1 || info->nsides > TW_MAX_SIDES || info->games < 0) {
		st = tw_error_set(err, TW_ERR_INPUT, "", "%s: study %lld has %d sides and %d games", path, (long long)study_id,
				  info->nsides, info->games);
		goto out;
	}
	if (sqlite3_prepare_v2(db, "SELECT side_index, side_name, general, wins FROM study_side WHERE study = ?", -1, &q,
			       NULL) != SQLITE_OK) {
		st = db_err(db, err, path, "prepare");
		goto out;
	}
	sqlite3_bind_int64(q, 1, study_id);
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		int k = sqlite3_column_int(q, 0);
		if (k < 0 || k >= info->nsides)
			continue;
		copy_text(info->side[k], sizeof info->side[k], sqlite3_column_text(q, 1));
		copy_text(info->general[k], sizeof info->general[k], sqlite3_column_text(q, 2));
		info->wins[k] = sqlite3_column_int(q, 3);
	}
	sqlite3_finalize(q);
	q = NULL;
	if (rc != SQLITE_DONE) {
		st = db_err(db, err, path, "select");
		goto out;
	}
	if (!games)
		goto out;
	g = calloc((size_t)(info->games > 0 ? info->games : 1), sizeof *g);
	if (!g) {
		st = tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		goto out;
	}
	for (int i = 0; i < info->games; i++) {
		g[i].nsides = info->nsides;
		g[i].winner = -1;
		g[i].winner_alliance = -1; // ll-reg: not kept in the file
		g[i].end = TW_SIM_ERROR;
	}
	if (sqlite3_prepare_v2(db, "SELECT idx, seed, ending, winner, moves, orders, ms FROM game WHERE study = ?", -1, &q,
			       NULL) != SQLITE_OK) {
		st = db_err(db, err, path, "prepare");
		goto out;
	}
	sqlite3_bind_int64(q, 1, study_id);
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		int i = sqlite3_column_int(q, 0);
		if (i < 0 || i >= info->games)
			continue;
		g[i].seed = (uint64_t)sqlite3_column_int64(q, 1);
		g[i].end = ending_from((const char *)sqlite3_column_text(q, 2));
		g[i].winner = sqlite3_column_int(q, 3);
		g[i].moves = sqlite3_column_int(q, 4);
		g[i].orders = sqlite3_column_int(q, 5);
		g[i].ms = sqlite3_column_double(q, 6);
	}
	sqlite3_finalize(q);
	q = NULL;
	if (rc != SQLITE_DONE) {
		st = db_err(db, err, path, "select");
		goto out;
	}
	if (sqlite3_prepare_v2(db,
			       "SELECT idx, side, score, casualties, lua_failed, forfeited FROM game_side WHERE study = ?",
			       -1, &q, NULL) != SQLITE_OK) {
		st = db_err(db, err, path, "prepare");
		goto out;
	}
	sqlite3_bind_int64(q, 1, study_id);
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		int i = sqlite3_column_int(q, 0), k = sqlite3_column_int(q, 1);
		if (i < 0 || i >= info->games || k < 0 || k >= info->nsides)
			continue;
		g[i].score[k] = sqlite3_column_double(q, 2);
		g[i].casualties[k] = sqlite3_column_int(q, 3);
		g[i].lua_failed[k] = sqlite3_column_int(q, 4);
		g[i].forfeited[k] = sqlite3_column_int(q, 5);
	}
	if (rc != SQLITE_DONE)
		st = db_err(db, err, path, "select");
out:
	sqlite3_finalize(q);
	sqlite3_close(db);
	if (games && st == TW_OK)
		*games = g;
	else
		free(g);
	return st;
}
