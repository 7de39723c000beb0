// Series of games kept in SQLite (series.h).
//
// Schema (version 1):
//   series(id, name UNIQUE, ruleset, players JSON, config JSON, carry JSON, games, over, created)
//   series_game(id, series_id -> series, seq, scenario JSON, seed, roles JSON, recorded,
//               winner, log JSON, result JSON)  UNIQUE(series_id, seq)
// A game row is written when the game is prepared (next) and completed when it is recorded; the
// carry-over and the count change in the same transaction as the game row.
#include <fcntl.h>
#include <jansson.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tinwar/game.h"
#include "tinwar/io.h"
#include "tinwar/ruleset.h"
#include "tinwar/series.h"

#define SERIES_BUSY_MS 5000

struct tw_series {
	sqlite3 *db;
};

static const char schema_sql[] =
	"CREATE TABLE IF NOT EXISTS series ("
	" id INTEGER PRIMARY KEY,"
	" name TEXT NOT NULL UNIQUE,"
	" ruleset TEXT NOT NULL,"
	" players TEXT NOT NULL,"
	" config TEXT NOT NULL,"
	" carry TEXT NOT NULL,"
	" games INTEGER NOT NULL DEFAULT 0,"
	" over INTEGER NOT NULL DEFAULT 0,"
	" created TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);"
	"CREATE TABLE IF NOT EXISTS series_game ("
	" id INTEGER PRIMARY KEY,"
	" series_id INTEGER NOT NULL REFERENCES series(id) ON DELETE CASCADE,"
	" seq INTEGER NOT NULL,"
	" scenario TEXT NOT NULL,"
	" seed INTEGER NOT NULL,"
	" roles TEXT NOT NULL,"
	" recorded INTEGER NOT NULL DEFAULT 0,"
	" winner INTEGER NOT NULL DEFAULT -1,"
	" log TEXT,"
	" result TEXT,"
	" UNIQUE (series_id, seq));";

static tw_status db_fail(tw_series *s, tw_error *err, const char *what)
{
	int rc = sqlite3_errcode(s->db);
	return tw_error_set(err, rc == SQLITE_NOMEM ? TW_ERR_NOMEM : TW_ERR_IO, "", "series database: %s: %s", what,
			    sqlite3_errmsg(s->db));
}

// A file that holds tables of its own and no series is something else (a campaign file of
// tinwar before campaigns were series, a study, a server's games): refused, never written into.
// TW_OK for an empty file or a series file; TW_ERR_IO with err untouched if it cannot be read.
static tw_status check_tables(tw_series *s, const char *path, tw_error *err)
{
	sqlite3_stmt *q = NULL;
	if (sqlite3_prepare_v2(s->db,
			       "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite@_%' ESCAPE '@' "
			       "ORDER BY name",
			       -1, &q, NULL) != SQLITE_OK)
		return TW_ERR_IO;
	char names[256] = "";
	size_t at = 0;
	int rc, ntables = 0;
	bool series = false, campaign = false, battle = false;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		const char *n = (const char *)sqlite3_column_text(q, 0);
		if (!n)
			continue;
		ntables++;
		series |= strcmp(n, "series") == 0;
		campaign |= strcmp(n, "campaign") == 0;
		battle |= strcmp(n, "battle") == 0;
		if (at < sizeof names) {
			int w = snprintf(names + at, sizeof names - at, "%s%s", at ? ", " : "", n);
			at += w > 0 ? (size_t)w : 0;
		}
	}
	sqlite3_finalize(q);
	if (rc != SQLITE_DONE)
		return TW_ERR_IO;
	if (ntables == 0 || series)
		return TW_OK;
	return tw_error_set(err, TW_ERR_INPUT, "", "%s: not a series file (tables %s)%s", path, names,
			    campaign && battle ? ": a two-sided campaign file of an earlier tinwar, which this one "
						 "does not read (docs/campaign.md)"
					       : "");
}

tw_series *tw_series_open(const char *path, tw_error *err)
{
	tw_error_clear(err);
	// Created 0600: the file holds whole games.
	int fd = open(path, O_RDWR | O_CREAT, 0600);
	if (fd < 0) {
		tw_error_set(err, TW_ERR_IO, "", "%s: cannot open", path);
		return NULL;
	}
	close(fd);
	tw_series *s = tw_calloc(1, sizeof *s);
	if (!s) {
		tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		return NULL;
	}
	bool opened = sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
		      sqlite3_busy_timeout(s->db, SERIES_BUSY_MS) == SQLITE_OK &&
		      sqlite3_exec(s->db, "PRAGMA foreign_keys = ON;", NULL, NULL, NULL) == SQLITE_OK;
	tw_status st = opened ? check_tables(s, path, err) : TW_ERR_IO;
	if (st == TW_OK && sqlite3_exec(s->db, schema_sql, NULL, NULL, NULL) != SQLITE_OK)
		st = TW_ERR_IO;
	if (st != TW_OK) {
		if (!err || err->code == TW_OK)
			tw_error_set(err, TW_ERR_IO, "", "%s: %s", path, s->db ? sqlite3_errmsg(s->db) : "cannot open");
		sqlite3_close(s->db);
		tw_free(s);
		return NULL;
	}
	return s;
}

void tw_series_close(tw_series *s)
{
	if (!s)
		return;
	sqlite3_close(s->db);
	tw_free(s);
}

static bool exec(tw_series *s, const char *sql) { return sqlite3_exec(s->db, sql, NULL, NULL, NULL) == SQLITE_OK; }

static char *dup_text(const unsigned char *t) { return tw_strdup(t ? (const char *)t : ""); }

// The series row: id, ruleset, players, carry, games, over. *found false if none.
typedef struct row {
	sqlite3_int64 id;
	char ruleset[32];
	json_t *players, *carry;
	int games;
	bool over;
} row;

static void row_free(row *r)
{
	json_decref(r->players);
	json_decref(r->carry);
	memset(r, 0, sizeof *r);
}

static tw_status load_row(tw_series *s, const char *name, row *r, tw_error *err)
{
	memset(r, 0, sizeof *r);
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(s->db, "SELECT id, ruleset, players, carry, games, over FROM series WHERE name = ?1", -1, &st,
			       NULL) != SQLITE_OK)
		return db_fail(s, err, "read");
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	int rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		sqlite3_finalize(st);
		if (rc == SQLITE_DONE)
			return tw_error_set(err, TW_ERR_INPUT, "", "no series \"%s\"", name);
		return db_fail(s, err, "read");
	}
	r->id = sqlite3_column_int64(st, 0);
	snprintf(r->ruleset, sizeof r->ruleset, "%s", (const char *)sqlite3_column_text(st, 1));
	r->players = json_loads((const char *)sqlite3_column_text(st, 2), 0, NULL);
	r->carry = json_loads((const char *)sqlite3_column_text(st, 3), 0, NULL);
	r->games = sqlite3_column_int(st, 4);
	r->over = sqlite3_column_int(st, 5) != 0;
	sqlite3_finalize(st);
	if (!json_is_array(r->players) || !json_is_object(r->carry)) {
		row_free(r);
		return tw_error_set(err, TW_ERR_IO, "", "series \"%s\": its stored players or carry-over are damaged", name);
	}
	return TW_OK;
}

tw_status tw_series_create(tw_series *s, const char *name, const char *ruleset, const char *const *players,
			   int nplayers, const char *config_json, tw_error *err)
{
	tw_error_clear(err);
	const tw_ruleset *rs = tw_ruleset_get(tw_ruleset_find(ruleset));
	if (!rs)
		return tw_error_set(err, TW_ERR_INPUT, "", "unknown rule set \"%s\"", ruleset ? ruleset : "");
	if (!name || !name[0] || strlen(name) >= TW_SERIES_NAME)
		return tw_error_set(err, TW_ERR_INPUT, "", "a series needs a name of 1 to %d characters", TW_SERIES_NAME - 1);
	if (nplayers < 1 || nplayers > TW_SERIES_MAX_PLAYERS)
		return tw_error_set(err, TW_ERR_INPUT, "", "a series has 1 to %d players", TW_SERIES_MAX_PLAYERS);
	json_error_t je;
	json_t *config = config_json ? json_loads(config_json, JSON_REJECT_DUPLICATES, &je) : json_object();
	if (!json_is_object(config)) {
		json_decref(config);
		return tw_error_set(err, TW_ERR_INPUT, "", "series config: %s (line %d, column %d)",
				    config_json ? je.text : "not an object", config_json ? je.line : 0,
				    config_json ? je.column : 0);
	}
	json_t *pl = json_array(), *carry = json_object();
	for (int i = 0; i < nplayers; i++) {
		if (!players[i] || !players[i][0] || strlen(players[i]) >= 32) {
			json_decref(pl);
			json_decref(carry);
			json_decref(config);
			return tw_error_set(err, TW_ERR_INPUT, "", "player %d needs a name of 1 to 31 characters", i + 1);
		}
		json_array_append_new(pl, json_string(players[i]));
	}
	tw_status st = rs->series_start ? rs->series_start(carry, config, err) : TW_OK;
	char *pt = st == TW_OK ? json_dumps(pl, JSON_COMPACT) : NULL;
	char *ct = st == TW_OK ? json_dumps(carry, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
	char *cf = st == TW_OK ? json_dumps(config, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
	json_decref(pl);
	json_decref(carry);
	json_decref(config);
	if (st == TW_OK && (!pt || !ct || !cf))
		st = tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	if (st == TW_OK) {
		sqlite3_stmt *q = NULL;
		if (sqlite3_prepare_v2(s->db,
				       "INSERT INTO series (name, ruleset, players, config, carry) VALUES (?1, ?2, ?3, ?4, ?5)",
				       -1, &q, NULL) != SQLITE_OK) {
			st = db_fail(s, err, "create");
		} else {
			sqlite3_bind_text(q, 1, name, -1, SQLITE_STATIC);
			sqlite3_bind_text(q, 2, rs->name, -1, SQLITE_STATIC);
			sqlite3_bind_text(q, 3, pt, -1, SQLITE_STATIC);
			sqlite3_bind_text(q, 4, cf, -1, SQLITE_STATIC);
			sqlite3_bind_text(q, 5, ct, -1, SQLITE_STATIC);
			int rc = sqlite3_step(q);
			if (rc == SQLITE_CONSTRAINT)
				st = tw_error_set(err, TW_ERR_STATE, "", "a series named \"%s\" exists already", name);
			else if (rc != SQLITE_DONE)
				st = db_fail(s, err, "create");
			sqlite3_finalize(q);
		}
	}
	free(pt);
	free(ct);
	free(cf);
	return st;
}

// Seq of the pending game of series id (0 if none).
static int pending_seq(tw_series *s, sqlite3_int64 id)
{
	sqlite3_stmt *q = NULL;
	int seq = 0;
	if (sqlite3_prepare_v2(s->db, "SELECT seq FROM series_game WHERE series_id = ?1 AND recorded = 0", -1, &q, NULL) ==
	    SQLITE_OK) {
		sqlite3_bind_int64(q, 1, id);
		if (sqlite3_step(q) == SQLITE_ROW)
			seq = sqlite3_column_int(q, 0);
		sqlite3_finalize(q);
	}
	return seq;
}

tw_status tw_series_status(tw_series *s, const char *name, tw_series_info *out, tw_error *err)
{
	tw_error_clear(err);
	memset(out, 0, sizeof *out);
	row r;
	tw_status st = load_row(s, name, &r, err);
	if (st != TW_OK)
		return st;
	snprintf(out->name, sizeof out->name, "%s", name);
	snprintf(out->ruleset, sizeof out->ruleset, "%s", r.ruleset);
	out->nplayers = (int)json_array_size(r.players);
	if (out->nplayers > TW_SERIES_MAX_PLAYERS)
		out->nplayers = TW_SERIES_MAX_PLAYERS;
	for (int i = 0; i < out->nplayers; i++)
		snprintf(out->players[i], sizeof out->players[i], "%s", json_string_value(json_array_get(r.players, (size_t)i)));
	out->games = r.games;
	out->over = r.over;
	out->pending = pending_seq(s, r.id);
	char *c = json_dumps(r.carry, JSON_COMPACT | JSON_SORT_KEYS);
	out->carry = tw_strdup(c);
	free(c);
	row_free(&r);
	return out->carry ? TW_OK : tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
}

void tw_series_info_free(tw_series_info *info)
{
	tw_free(info->carry);
	info->carry = NULL;
}

// Default roles: the players in turn, one side further on each game (seq 1: side k -> player k).
static void default_roles(int seq, int nplayers, int nsides, int *player_of_side)
{
	for (int k = 0; k < TW_MAX_SIDES; k++)
		player_of_side[k] = k < nsides ? (k + seq - 1) % nplayers : -1;
}

tw_status tw_series_next(tw_series *s, const char *name, const tw_state *scenario, uint64_t seed, tw_state *out,
			 int player_of_side[TW_MAX_SIDES], tw_error *err)
{
	tw_error_clear(err);
	row r;
	tw_status st = load_row(s, name, &r, err);
	if (st != TW_OK)
		return st;
	const tw_ruleset *rs = tw_ruleset_get(scenario->ruleset);
	int pend = pending_seq(s, r.id);
	if (!rs || strcmp(rs->name, r.ruleset) != 0)
		st = tw_error_set(err, TW_ERR_INPUT, "", "series \"%s\" is played under %s, not %s", name, r.ruleset,
				  rs ? rs->name : "?");
	else if (r.over)
		st = tw_error_set(err, TW_ERR_STATE, "", "series \"%s\" is decided", name);
	else if (pend)
		st = tw_error_set(err, TW_ERR_STATE, "", "game %d of series \"%s\" is prepared and not yet recorded", pend,
				  name);
	int seq = r.games + 1;
	tw_state prepared;
	memset(&prepared, 0, sizeof prepared);
	if (st == TW_OK && tw_state_clone(&prepared, scenario) != TW_OK)
		st = tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	bool have = st == TW_OK;
	if (st == TW_OK && rs->series_prepare)
		st = rs->series_prepare(r.carry, seq, &prepared, err);
	int roles[TW_MAX_SIDES];
	int np = (int)json_array_size(r.players);
	default_roles(seq, np, prepared.nsides, roles);
	if (st == TW_OK && rs->series_roles)
		rs->series_roles(r.carry, seq, np, prepared.nsides, roles);
	json_t *rj = json_array();
	for (int k = 0; rj && k < prepared.nsides; k++)
		json_array_append_new(rj, json_integer(roles[k] >= 0 && roles[k] < np ? roles[k] : -1));
	json_t *sj = st == TW_OK ? tw_state_to_json(&prepared) : NULL;
	char *stext = sj ? json_dumps(sj, JSON_COMPACT | JSON_REAL_PRECISION(17)) : NULL;
	char *rtext = rj ? json_dumps(rj, JSON_COMPACT) : NULL;
	json_decref(sj);
	json_decref(rj);
	if (st == TW_OK && (!stext || !rtext))
		st = tw_error_set(err, TW_ERR_NOMEM, "", "out of memory (or a state that cannot be written)");
	if (st == TW_OK) {
		sqlite3_stmt *q = NULL;
		if (sqlite3_prepare_v2(s->db,
				       "INSERT INTO series_game (series_id, seq, scenario, seed, roles) VALUES (?1, ?2, ?3, ?4, ?5)",
				       -1, &q, NULL) != SQLITE_OK) {
			st = db_fail(s, err, "next");
		} else {
			sqlite3_bind_int64(q, 1, r.id);
			sqlite3_bind_int(q, 2, seq);
			sqlite3_bind_text(q, 3, stext, -1, SQLITE_STATIC);
			sqlite3_bind_int64(q, 4, (sqlite3_int64)seed);
			sqlite3_bind_text(q, 5, rtext, -1, SQLITE_STATIC);
			if (sqlite3_step(q) != SQLITE_DONE)
				st = db_fail(s, err, "next");
			sqlite3_finalize(q);
		}
	}
	free(stext);
	free(rtext);
	row_free(&r);
	if (st == TW_OK) {
		*out = prepared;
		memcpy(player_of_side, roles, sizeof roles);
	} else if (have) {
		tw_state_free(&prepared);
	}
	return st;
}

tw_status tw_series_record(tw_series *s, const char *name, const char *log_json, tw_error *err)
{
	tw_error_clear(err);
	row r;
	tw_status st = load_row(s, name, &r, err);
	if (st != TW_OK)
		return st;
	int seq = pending_seq(s, r.id);
	tw_series_game pg;
	memset(&pg, 0, sizeof pg);
	if (!seq)
		st = tw_error_set(err, TW_ERR_STATE, "", "series \"%s\" has no game prepared (series next)", name);
	if (st == TW_OK)
		st = tw_series_get_game(s, name, seq, &pg, err);
	// The log's game must be the prepared one: replayed (its final hash checked), and its first
	// state the prepared scenario after the rule set's setup with the same seed.
	bool hash_ok = false;
	tw_game *g = NULL, *ref = NULL;
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	if (st == TW_OK && !(g = tw_game_log_replay(log_json, strlen(log_json), "log", &hash_ok, err)))
		st = err && err->code ? err->code : TW_ERR_INPUT;
	if (st == TW_OK && !hash_ok)
		st = tw_error_set(err, TW_ERR_INPUT, "", "the log's final hash does not match its orders");
	if (st == TW_OK && tw_state_from_text(&sc, pg.scenario, strlen(pg.scenario), "series", err) != TW_OK)
		st = tw_error_set(err, TW_ERR_IO, "", "series \"%s\": the prepared game %d cannot be read", name, seq);
	if (st == TW_OK && !(ref = tw_game_new(&sc, pg.seed, NULL, err)))
		st = err->code;
	if (st == TW_OK && tw_state_hash(tw_game_initial(ref)) != tw_state_hash(tw_game_initial(g)))
		st = tw_error_set(err, TW_ERR_INPUT, "", "the log is not of game %d of series \"%s\" (another scenario or seed)",
				  seq, name);
	const tw_state *fin = g ? tw_game_state(g) : NULL;
	if (st == TW_OK && !fin->over)
		st = tw_error_set(err, TW_ERR_STATE, "", "the game is not over");
	const tw_ruleset *rs = fin ? tw_ruleset_get(fin->ruleset) : NULL;
	bool over = false;
	if (st == TW_OK && rs->series_record)
		st = rs->series_record(r.carry, seq, fin, &over, err);
	char *ct = st == TW_OK ? json_dumps(r.carry, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
	if (st == TW_OK && !ct)
		st = tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	if (st == TW_OK) {
		double pts[TW_MAX_SIDES] = {0};
		rs->score(fin, pts);
		json_t *res = json_pack("{s:i}", "winner", fin->winner);
		json_t *pa = json_array();
		for (int k = 0; k < fin->nsides; k++)
			json_array_append_new(pa, json_real(pts[k]));
		json_object_set_new(res, "points", pa);
		char *rt = json_dumps(res, JSON_COMPACT | JSON_REAL_PRECISION(17));
		json_decref(res);
		sqlite3_stmt *q = NULL, *u = NULL;
		bool ok = rt && exec(s, "BEGIN IMMEDIATE") &&
			  sqlite3_prepare_v2(s->db,
					     "UPDATE series_game SET recorded = 1, winner = ?3, log = ?4, result = ?5 "
					     "WHERE series_id = ?1 AND seq = ?2 AND recorded = 0",
					     -1, &q, NULL) == SQLITE_OK &&
			  sqlite3_prepare_v2(s->db, "UPDATE series SET carry = ?2, games = games + 1, over = ?3 WHERE id = ?1",
					     -1, &u, NULL) == SQLITE_OK;
		if (ok) {
			sqlite3_bind_int64(q, 1, r.id);
			sqlite3_bind_int(q, 2, seq);
			sqlite3_bind_int(q, 3, fin->winner);
			sqlite3_bind_text(q, 4, log_json, -1, SQLITE_STATIC);
			sqlite3_bind_text(q, 5, rt, -1, SQLITE_STATIC);
			sqlite3_bind_int64(u, 1, r.id);
			sqlite3_bind_text(u, 2, ct, -1, SQLITE_STATIC);
			sqlite3_bind_int(u, 3, over);
			ok = sqlite3_step(q) == SQLITE_DONE && sqlite3_changes(s->db) == 1 && sqlite3_step(u) == SQLITE_DONE &&
			     exec(s, "COMMIT");
		}
		if (!ok) {
			st = db_fail(s, err, "record");
			exec(s, "ROLLBACK");
		}
		sqlite3_finalize(q);
		sqlite3_finalize(u);
		free(rt);
	}
	free(ct);
	tw_game_free(g);
	tw_game_free(ref);
	tw_state_free(&sc);
	tw_series_game_free(&pg);
	row_free(&r);
	return st;
}

tw_status tw_series_abandon(tw_series *s, const char *name, tw_error *err)
{
	tw_error_clear(err);
	row r;
	tw_status st = load_row(s, name, &r, err);
	if (st != TW_OK)
		return st;
	sqlite3_stmt *q = NULL;
	if (sqlite3_prepare_v2(s->db, "DELETE FROM series_game WHERE series_id = ?1 AND recorded = 0", -1, &q, NULL) !=
	    SQLITE_OK) {
		st = db_fail(s, err, "abandon");
	} else {
		sqlite3_bind_int64(q, 1, r.id);
		if (sqlite3_step(q) != SQLITE_DONE)
			st = db_fail(s, err, "abandon");
		else if (sqlite3_changes(s->db) == 0)
			st = tw_error_set(err, TW_ERR_STATE, "", "series \"%s\" has no game prepared", name);
		sqlite3_finalize(q);
	}
	row_free(&r);
	return st;
}

tw_status tw_series_list(tw_series *s, char (*names)[TW_SERIES_NAME], int max, int *count, tw_error *err)
{
	tw_error_clear(err);
	*count = 0;
	sqlite3_stmt *q = NULL;
	if (sqlite3_prepare_v2(s->db, "SELECT name FROM series ORDER BY name", -1, &q, NULL) != SQLITE_OK)
		return db_fail(s, err, "list");
	int rc, n = 0;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		if (n < max)
			snprintf(names[n], TW_SERIES_NAME, "%s", (const char *)sqlite3_column_text(q, 0));
		n++;
	}
	sqlite3_finalize(q);
	if (rc != SQLITE_DONE)
		return db_fail(s, err, "list");
	*count = n;
	return TW_OK;
}

tw_status tw_series_get_game(tw_series *s, const char *name, int seq, tw_series_game *out, tw_error *err)
{
	memset(out, 0, sizeof *out);
	sqlite3_stmt *q = NULL;
	if (sqlite3_prepare_v2(s->db,
			       "SELECT g.scenario, g.seed, g.roles, g.recorded, g.winner, g.log FROM series_game g "
			       "JOIN series s ON g.series_id = s.id WHERE s.name = ?1 AND g.seq = ?2",
			       -1, &q, NULL) != SQLITE_OK)
		return db_fail(s, err, "read game");
	sqlite3_bind_text(q, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_int(q, 2, seq);
	int rc = sqlite3_step(q);
	if (rc != SQLITE_ROW) {
		sqlite3_finalize(q);
		return rc == SQLITE_DONE ? tw_error_set(err, TW_ERR_INPUT, "", "series \"%s\" has no game %d", name, seq)
					 : db_fail(s, err, "read game");
	}
	out->seq = seq;
	out->scenario = dup_text(sqlite3_column_text(q, 0));
	out->seed = (uint64_t)sqlite3_column_int64(q, 1);
	json_t *roles = json_loads((const char *)sqlite3_column_text(q, 2), 0, NULL);
	for (int k = 0; k < TW_MAX_SIDES; k++)
		out->player_of_side[k] = k < (int)json_array_size(roles) ? (int)json_integer_value(json_array_get(roles, (size_t)k)) : -1;
	json_decref(roles);
	out->recorded = sqlite3_column_int(q, 3) != 0;
	out->winner = sqlite3_column_int(q, 4);
	out->log = sqlite3_column_type(q, 5) == SQLITE_NULL ? NULL : dup_text(sqlite3_column_text(q, 5));
	sqlite3_finalize(q);
	if (!out->scenario) {
		tw_series_game_free(out);
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	}
	return TW_OK;
}

void tw_series_game_free(tw_series_game *g)
{
	tw_free(g->scenario);
	tw_free(g->log);
	g->scenario = g->log = NULL;
}
