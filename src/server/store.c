// The store (SQLite, mode 0600): each game's scenario, seed, creator, seats (keyed hashes of
// their tokens, never the tokens), clock settings and its orders in sequence. Replaying the
// orders restores a game after a restart.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "srv.h"

static const char *const schema =
	"PRAGMA journal_mode=WAL;"
	"PRAGMA synchronous=NORMAL;"
	"PRAGMA secure_delete=ON;" // what is overwritten (plain tokens of an old store) is zeroed
	"CREATE TABLE IF NOT EXISTS web_games(id TEXT PRIMARY KEY, ruleset TEXT NOT NULL, seed INTEGER NOT NULL,"
	" shot_model TEXT NOT NULL, scenario TEXT NOT NULL, seats TEXT NOT NULL, clock TEXT NOT NULL,"
	" created INTEGER NOT NULL);"
	"CREATE TABLE IF NOT EXISTS web_orders(game TEXT NOT NULL, seq INTEGER NOT NULL, json TEXT NOT NULL,"
	" PRIMARY KEY(game, seq));"
	"CREATE TABLE IF NOT EXISTS web_clocks(game TEXT PRIMARY KEY, json TEXT NOT NULL);";

/// Creates the store's file (and its WAL and shared-memory files, if there) private to this
/// user: mode 0600. SQLite gives the files it makes beside a database the database's mode.
static tw_status private_file(const char *path, tw_error *err)
{
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (fd < 0)
		return tw_error_set(err, TW_ERR_IO, "", "%s: %s", path, strerror(errno));
	struct stat st;
	bool ok = fstat(fd, &st) == 0 && ((st.st_mode & 077) == 0 || fchmod(fd, 0600) == 0);
	close(fd);
	if (!ok)
		return tw_error_set(err, TW_ERR_IO, "", "%s: readable by others and cannot be made private", path);
	static const char *const ext[] = {"-wal", "-shm", "-journal"};
	for (size_t i = 0; i < TW_ARRAY_COUNT(ext); i++) {
		char f[4200];
		snprintf(f, sizeof f, "%s%s", path, ext[i]);
		if (stat(f, &st) == 0 && (st.st_mode & 077))
			chmod(f, 0600);
	}
	return TW_OK;
}

static bool has_column(sqlite3 *db, const char *table, const char *column)
{
	sqlite3_stmt *st = NULL;
	char sql[128];
	snprintf(sql, sizeof sql, "PRAGMA table_info(%s)", table);
	bool found = false;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK)
		while (!found && sqlite3_step(st) == SQLITE_ROW) {
			const char *name = (const char *)sqlite3_column_text(st, 1);
			found = name && strcmp(name, column) == 0;
		}
	sqlite3_finalize(st);
	return found;
}

tw_status srv_store_open(srv_server *s, tw_error *err)
{
	const char *path = s->opts.db && *s->opts.db ? s->opts.db : ":memory:";
	bool file = strcmp(path, ":memory:") != 0;
	if (file && private_file(path, err) != TW_OK)
		return TW_ERR_IO;
	if (srv_secret_open(s, err) != TW_OK)
		return TW_ERR_IO;
	if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, NULL) !=
	    SQLITE_OK) {
		tw_error_set(err, TW_ERR_IO, "", "%s: %s", path, s->db ? sqlite3_errmsg(s->db) : "cannot open");
		sqlite3_close(s->db);
		s->db = NULL;
		return TW_ERR_IO;
	}
	sqlite3_busy_timeout(s->db, s->opts.store_busy_ms > 0 ? s->opts.store_busy_ms : 5000);
	char *msg = NULL;
	if (sqlite3_exec(s->db, schema, NULL, NULL, &msg) != SQLITE_OK ||
	    (!has_column(s->db, "web_games", "creator") &&
	     sqlite3_exec(s->db, "ALTER TABLE web_games ADD COLUMN creator TEXT NOT NULL DEFAULT ''", NULL, NULL, &msg) !=
		     SQLITE_OK)) {
		tw_error_set(err, TW_ERR_IO, "", "%s: %s", path, msg ? msg : "schema");
		sqlite3_free(msg);
		sqlite3_close(s->db);
		s->db = NULL;
		return TW_ERR_IO;
	}
	return TW_OK;
}

void srv_store_close(srv_server *s)
{
	if (s->db)
		sqlite3_close(s->db);
	s->db = NULL;
}

tw_status srv_store_add_game(srv_server *s, const srv_room *r, const char *seats, const char *clock)
{
	sqlite3_stmt *st = NULL;
	tw_status res = TW_ERR_IO;
	pthread_mutex_lock(&s->dbmu);
	if (sqlite3_prepare_v2(s->db,
			       "INSERT INTO web_games(id, ruleset, seed, shot_model, scenario, seats, clock, created, creator)"
			       " VALUES(?, ?, ?, 'fast', ?, ?, ?, strftime('%s','now'), ?)",
			       -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_text(st, 1, r->id, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 2, tw_game_ruleset(r->game)->name, -1, SQLITE_STATIC);
		sqlite3_bind_int64(st, 3, (sqlite3_int64)tw_game_seed(r->game));
		sqlite3_bind_text(st, 4, r->scenario_json, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 5, seats, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 6, clock, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 7, r->creator, -1, SQLITE_STATIC);
		if (sqlite3_step(st) == SQLITE_DONE)
			res = TW_OK;
	}
	sqlite3_finalize(st);
	pthread_mutex_unlock(&s->dbmu);
	return res;
}

tw_status srv_store_add_order(srv_server *s, const char *game, int seq, const char *order_json)
{
	sqlite3_stmt *st = NULL;
	tw_status res = TW_ERR_IO;
	pthread_mutex_lock(&s->dbmu);
	if (sqlite3_prepare_v2(s->db, "INSERT INTO web_orders(game, seq, json) VALUES(?, ?, ?)", -1, &st, NULL) ==
	    SQLITE_OK) {
		sqlite3_bind_text(st, 1, game, -1, SQLITE_STATIC);
		sqlite3_bind_int(st, 2, seq);
		sqlite3_bind_text(st, 3, order_json, -1, SQLITE_STATIC);
		if (sqlite3_step(st) == SQLITE_DONE)
			res = TW_OK;
	}
	sqlite3_finalize(st);
	pthread_mutex_unlock(&s->dbmu);
	if (res != TW_OK)
		srv_log(s, "store: cannot record order %d of game %s: %s", seq, game, sqlite3_errmsg(s->db));
	return res;
}

tw_status srv_store_delete_order(srv_server *s, const char *game, int seq)
{
	sqlite3_stmt *st = NULL;
	tw_status res = TW_ERR_IO;
	pthread_mutex_lock(&s->dbmu);
	if (sqlite3_prepare_v2(s->db, "DELETE FROM web_orders WHERE game = ? AND seq = ?", -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_text(st, 1, game, -1, SQLITE_STATIC);
		sqlite3_bind_int(st, 2, seq);
		if (sqlite3_step(st) == SQLITE_DONE && sqlite3_changes(s->db) == 1)
			res = TW_OK;
	}
	sqlite3_finalize(st);
	pthread_mutex_unlock(&s->dbmu);
	if (res != TW_OK)
		srv_log(s, "store: cannot drop order %d of game %s: %s", seq, game, sqlite3_errmsg(s->db));
	return res;
}

tw_status srv_store_orders(sqlite3 *db, const char *game, tw_status (*fn)(void *ctx, const char *json), void *ctx,
			   tw_error *err)
{
	sqlite3_stmt *st = NULL;
	tw_status res = TW_OK;
	if (sqlite3_prepare_v2(db, "SELECT seq, json FROM web_orders WHERE game = ? ORDER BY seq", -1, &st, NULL) !=
	    SQLITE_OK)
		return tw_error_set(err, TW_ERR_IO, "", "store: %s", sqlite3_errmsg(db));
	sqlite3_bind_text(st, 1, game, -1, SQLITE_STATIC);
	int expect = 0, rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (sqlite3_column_int(st, 0) != expect) {
			res = tw_error_set(err, TW_ERR_INPUT, "", "game %s: order %d is missing", game, expect);
			break;
		}
		const char *txt = (const char *)sqlite3_column_text(st, 1);
		res = fn(ctx, txt ? txt : "");
		if (res != TW_OK)
			break;
		expect++;
	}
	if (res == TW_OK && rc != SQLITE_DONE)
		res = tw_error_set(err, TW_ERR_IO, "", "store: %s", sqlite3_errmsg(db));
	sqlite3_finalize(st);
	return res;
}

tw_status srv_store_load_all(srv_server *s, tw_error *err)
{
	// A connection of its own, only reading: the server's connection goes on writing orders,
	// each committed at once, while this one reads (WAL).
	const char *path = s->opts.db && *s->opts.db ? s->opts.db : ":memory:";
	if (strcmp(path, ":memory:") == 0)
		return TW_OK; // a store in memory starts empty
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		tw_error_set(err, TW_ERR_IO, "", "store: %s", db ? sqlite3_errmsg(db) : "cannot open");
		sqlite3_close(db);
		return TW_ERR_IO;
	}
	sqlite3_busy_timeout(db, s->opts.store_busy_ms > 0 ? s->opts.store_busy_ms : 5000);
	// Only the games kept before this start (those made since are in memory already).
	if (sqlite3_prepare_v2(db,
			       "SELECT id, seed, scenario, seats, clock, creator FROM web_games WHERE rowid <= ?"
			       " ORDER BY created, id",
			       -1, &st, NULL) != SQLITE_OK) {
		tw_error_set(err, TW_ERR_IO, "", "store: %s", sqlite3_errmsg(db));
		sqlite3_close(db);
		return TW_ERR_IO;
	}
	sqlite3_bind_int64(st, 1, s->kept_rowid);
	while (!s->stopping && sqlite3_step(st) == SQLITE_ROW) {
		const char *id = (const char *)sqlite3_column_text(st, 0);
		uint64_t seed = (uint64_t)sqlite3_column_int64(st, 1);
		const char *scen = (const char *)sqlite3_column_text(st, 2);
		const char *seats = (const char *)sqlite3_column_text(st, 3);
		const char *clock = (const char *)sqlite3_column_text(st, 4);
		const char *creator = (const char *)sqlite3_column_text(st, 5);
		tw_error e;
		tw_error_clear(&e);
		if (!id || !scen || !seats || !clock || !srv_room_restore(s, db, id, scen, seed, seats, clock, creator, &e))
			srv_log(s, "store: game %s not restored: %s", id ? id : "?", e.message);
	}
	sqlite3_finalize(st);
	sqlite3_close(db);
	return TW_OK;
}

int srv_store_game_count(srv_server *s)
{
	sqlite3_stmt *st = NULL;
	int n = 0;
	pthread_mutex_lock(&s->dbmu);
	if (sqlite3_prepare_v2(s->db, "SELECT count(*), coalesce(max(rowid), 0) FROM web_games", -1, &st, NULL) ==
		    SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW) {
		n = sqlite3_column_int(st, 0);
		s->kept_rowid = sqlite3_column_int64(st, 1);
	}
	sqlite3_finalize(st);
	pthread_mutex_unlock(&s->dbmu);
	return n;
}

void srv_store_delete_game(srv_server *s, const char *game)
{
	sqlite3_stmt *st = NULL;
	pthread_mutex_lock(&s->dbmu);
	if (sqlite3_prepare_v2(s->db, "DELETE FROM web_games WHERE id = ?", -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_text(st, 1, game, -1, SQLITE_STATIC);
		sqlite3_step(st);
	}
	sqlite3_finalize(st);
	pthread_mutex_unlock(&s->dbmu);
}

tw_status srv_store_set_seats(srv_server *s, const char *game, const char *seats)
{
	sqlite3_stmt *st = NULL;
	tw_status res = TW_ERR_IO;
	pthread_mutex_lock(&s->dbmu);
	if (sqlite3_prepare_v2(s->db, "UPDATE web_games SET seats = ? WHERE id = ?", -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_text(st, 1, seats, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 2, game, -1, SQLITE_STATIC);
		if (sqlite3_step(st) == SQLITE_DONE)
			res = TW_OK;
	}
	sqlite3_finalize(st);
	pthread_mutex_unlock(&s->dbmu);
	return res;
}

tw_status srv_store_set_clock(srv_server *s, const char *game, const char *json)
{
	sqlite3_stmt *st = NULL;
	tw_status res = TW_ERR_IO;
	pthread_mutex_lock(&s->dbmu);
	if (sqlite3_prepare_v2(s->db, "INSERT OR REPLACE INTO web_clocks(game, json) VALUES(?, ?)", -1, &st, NULL) ==
	    SQLITE_OK) {
		sqlite3_bind_text(st, 1, game, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 2, json, -1, SQLITE_STATIC);
		if (sqlite3_step(st) == SQLITE_DONE)
			res = TW_OK;
	}
	sqlite3_finalize(st);
	pthread_mutex_unlock(&s->dbmu);
	if (res != TW_OK)
		srv_log(s, "store: cannot record the clock of game %s: %s", game, sqlite3_errmsg(s->db));
	return res;
}

char *srv_store_get_clock(srv_server *s, const char *game)
{
	sqlite3_stmt *st = NULL;
	char *out = NULL;
	pthread_mutex_lock(&s->dbmu);
	if (sqlite3_prepare_v2(s->db, "SELECT json FROM web_clocks WHERE game = ?", -1, &st, NULL) == SQLITE_OK) {
		sqlite3_bind_text(st, 1, game, -1, SQLITE_STATIC);
		if (sqlite3_step(st) == SQLITE_ROW) {
			const char *t = (const char *)sqlite3_column_text(st, 0);
			out = t ? strdup(t) : NULL;
		}
	}
	sqlite3_finalize(st);
	pthread_mutex_unlock(&s->dbmu);
	return out;
}
