// Campaigns kept in SQLite (LW.CAMP.1-3): generic storage of wars, battles and running totals.
//
// Schema (version TW_CAMPAIGN_SCHEMA):
//   schema_version(version)
//   campaign(id, name UNIQUE, ruleset, target, side_a, side_b, total_a, total_b, battles,
//            winner, created)
//   battle(id, campaign_id -> campaign, seq, scenario, seed, winner, points_a, points_b,
//          credit_a, credit_b, log_json, recorded)  UNIQUE(campaign_id, seq)
// The running totals are kept in the campaign row and updated in the same transaction as the
// battle row, so a reader never sees one without the other.
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/campaign.h"
#include "tinwar/ruleset.h"

/// How long a call waits for another process's lock before failing, milliseconds.
#define TW_CAMPAIGN_BUSY_MS 5000

enum {
	ST_FIND = 0,
	ST_LIST,
	ST_COUNT_ALL,
	ST_ADD_CAMPAIGN,
	ST_ADD_BATTLE,
	ST_UPDATE,
	ST_GET_BATTLE,
	ST_BEGIN,
	ST_COMMIT,
	ST_ROLLBACK,
	ST_N
};

#define CAMPAIGN_COLS "id, name, ruleset, side_a, side_b, target, total_a, total_b, battles, winner"

static const char *const stmt_sql[ST_N] = {
	[ST_FIND] = "SELECT " CAMPAIGN_COLS " FROM campaign WHERE name = ?1",
	[ST_LIST] = "SELECT " CAMPAIGN_COLS " FROM campaign ORDER BY name",
	[ST_COUNT_ALL] = "SELECT count(*) FROM campaign",
	[ST_ADD_CAMPAIGN] = "INSERT INTO campaign (name, ruleset, target, side_a, side_b) VALUES (?1, ?2, ?3, ?4, ?5)",
	[ST_ADD_BATTLE] = "INSERT INTO battle (campaign_id, seq, scenario, seed, winner, points_a, points_b, "
			  "credit_a, credit_b, log_json) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
	[ST_UPDATE] = "UPDATE campaign SET total_a = ?2, total_b = ?3, battles = ?4, winner = ?5 WHERE id = ?1",
	[ST_GET_BATTLE] = "SELECT b.seq, b.scenario, b.seed, b.winner, b.points_a, b.points_b, b.credit_a, "
			  "b.credit_b, b.log_json FROM battle b JOIN campaign c ON b.campaign_id = c.id "
			  "WHERE c.name = ?1 AND b.seq = ?2",
	[ST_BEGIN] = "BEGIN IMMEDIATE",
	[ST_COMMIT] = "COMMIT",
	[ST_ROLLBACK] = "ROLLBACK",
};

static const char schema_sql[] =
	"CREATE TABLE campaign ("
	" id INTEGER PRIMARY KEY,"
	" name TEXT NOT NULL UNIQUE,"
	" ruleset TEXT NOT NULL,"
	" target REAL NOT NULL CHECK (target >= 100),"
	" side_a TEXT NOT NULL,"
	" side_b TEXT NOT NULL,"
	" total_a REAL NOT NULL DEFAULT 0,"
	" total_b REAL NOT NULL DEFAULT 0,"
	" battles INTEGER NOT NULL DEFAULT 0,"
	" winner INTEGER NOT NULL DEFAULT -1 CHECK (winner BETWEEN -1 AND 1),"
	" created TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);"
	"CREATE TABLE battle ("
	" id INTEGER PRIMARY KEY,"
	" campaign_id INTEGER NOT NULL REFERENCES campaign(id) ON DELETE CASCADE,"
	" seq INTEGER NOT NULL,"
	" scenario TEXT NOT NULL,"
	" seed INTEGER NOT NULL,"
	" winner INTEGER NOT NULL CHECK (winner BETWEEN -1 AND 1),"
	" points_a REAL NOT NULL,"
	" points_b REAL NOT NULL,"
	" credit_a REAL NOT NULL,"
	" credit_b REAL NOT NULL,"
	" log_json TEXT,"
	" recorded TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,"
	" UNIQUE (campaign_id, seq));"
	"INSERT INTO schema_version (version) VALUES (1);";

struct tw_campaign {
	sqlite3 *db;
	sqlite3_stmt *st[ST_N];
};

static tw_status db_fail(tw_campaign *c, tw_error *err, const char *what)
{
	int rc = sqlite3_errcode(c->db);
	tw_status code = (rc == SQLITE_NOMEM) ? TW_ERR_NOMEM : TW_ERR_IO;
	return tw_error_set(err, code, "", "campaign database: %s: %s", what, sqlite3_errmsg(c->db));
}

static void stmt_done(sqlite3_stmt *st)
{
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
}

static bool run(tw_campaign *c, int which)
{
	sqlite3_stmt *st = c->st[which];
	int rc = sqlite3_step(st);
	stmt_done(st);
	return rc == SQLITE_DONE;
}

static void rollback(tw_campaign *c) { (void)run(c, ST_ROLLBACK); }

static void copy_text(char *dst, size_t n, const unsigned char *src)
{
	snprintf(dst, n, "%s", src ? (const char *)src : "");
}

/// Fills info from a row of CAMPAIGN_COLS; returns the row id.
static sqlite3_int64 row_info(sqlite3_stmt *st, tw_campaign_info *info)
{
	memset(info, 0, sizeof *info);
	copy_text(info->name, sizeof info->name, sqlite3_column_text(st, 1));
	copy_text(info->ruleset, sizeof info->ruleset, sqlite3_column_text(st, 2));
	copy_text(info->sides[0], sizeof info->sides[0], sqlite3_column_text(st, 3));
	copy_text(info->sides[1], sizeof info->sides[1], sqlite3_column_text(st, 4));
	info->target = sqlite3_column_double(st, 5);
	info->total[0] = sqlite3_column_double(st, 6);
	info->total[1] = sqlite3_column_double(st, 7);
	info->battles = sqlite3_column_int(st, 8);
	info->winner = sqlite3_column_int(st, 9);
	info->over = info->winner >= 0;
	info->leader = info->total[0] > info->total[1] ? 0 : info->total[1] > info->total[0] ? 1 : -1;
	return sqlite3_column_int64(st, 0);
}

/// Looks up campaign `name`: TW_OK with *id and *info, TW_ERR_INPUT if absent.
static tw_status find(tw_campaign *c, const char *name, sqlite3_int64 *id, tw_campaign_info *info, tw_error *err)
{
	sqlite3_stmt *st = c->st[ST_FIND];
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*id = row_info(st, info);
		stmt_done(st);
		return TW_OK;
	}
	stmt_done(st);
	if (rc == SQLITE_DONE)
		return tw_error_set(err, TW_ERR_INPUT, "", "no campaign named \"%s\"", name);
	return db_fail(c, err, "looking up a campaign");
}

/// Creates the tables in a new file, or checks the version of an existing one.
static tw_status ensure_schema(tw_campaign *c, tw_error *err)
{
	char *msg = NULL;
	if (sqlite3_exec(c->db, "BEGIN IMMEDIATE; CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);",
			 NULL, NULL, &msg) != SQLITE_OK) {
		tw_status st = tw_error_set(err, TW_ERR_IO, "", "campaign database: %s", msg ? msg : "cannot open");
		sqlite3_free(msg);
		sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
		return st;
	}
	sqlite3_stmt *q = NULL;
	int version = -1;
	if (sqlite3_prepare_v2(c->db, "SELECT max(version) FROM schema_version", -1, &q, NULL) == SQLITE_OK &&
	    sqlite3_step(q) == SQLITE_ROW)
		version = sqlite3_column_type(q, 0) == SQLITE_NULL ? 0 : sqlite3_column_int(q, 0);
	sqlite3_finalize(q);
	tw_status st = TW_OK;
	if (version < 0)
		st = db_fail(c, err, "reading the schema version");
	else if (version == 0) {
		if (sqlite3_exec(c->db, schema_sql, NULL, NULL, &msg) != SQLITE_OK) {
			st = tw_error_set(err, TW_ERR_IO, "", "campaign database: creating tables: %s", msg ? msg : "?");
			sqlite3_free(msg);
		}
	} else if (version > TW_CAMPAIGN_SCHEMA)
		st = tw_error_set(err, TW_ERR_STATE, "", "campaign database has schema %d; this build reads up to %d",
				  version, TW_CAMPAIGN_SCHEMA);
	if (st != TW_OK) {
		sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
		return st;
	}
	if (sqlite3_exec(c->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		return db_fail(c, err, "committing the schema");
	return TW_OK;
}

tw_campaign *tw_campaign_open(const char *db_path, tw_error *err)
{
	tw_error_clear(err);
	if (!db_path || !*db_path) {
		tw_error_set(err, TW_ERR_INPUT, "", "no campaign database path");
		return NULL;
	}
	tw_campaign *c = calloc(1, sizeof *c);
	if (!c) {
		tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		return NULL;
	}
	int rc = sqlite3_open_v2(db_path, &c->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
	if (rc != SQLITE_OK) {
		tw_error_set(err, rc == SQLITE_NOMEM ? TW_ERR_NOMEM : TW_ERR_IO, "", "cannot open campaign database %s: %s",
			     db_path, c->db ? sqlite3_errmsg(c->db) : sqlite3_errstr(rc));
		goto fail;
	}
	sqlite3_busy_timeout(c->db, TW_CAMPAIGN_BUSY_MS);
	sqlite3_exec(c->db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
	if (ensure_schema(c, err) != TW_OK)
		goto fail;
	for (int i = 0; i < ST_N; i++)
		if (sqlite3_prepare_v3(c->db, stmt_sql[i], -1, SQLITE_PREPARE_PERSISTENT, &c->st[i], NULL) != SQLITE_OK) {
			db_fail(c, err, "preparing statements");
			goto fail;
		}
	return c;
fail:
	tw_campaign_close(c);
	return NULL;
}

void tw_campaign_close(tw_campaign *c)
{
	if (!c)
		return;
	for (int i = 0; i < ST_N; i++)
		sqlite3_finalize(c->st[i]);
	sqlite3_close(c->db);
	free(c);
}

static bool name_ok(const char *s, size_t max) { return s && *s && strlen(s) < max; }

tw_status tw_campaign_create(tw_campaign *c, const char *name, const char *ruleset, double target_points,
			     const char *side_a, const char *side_b, tw_error *err)
{
	tw_error_clear(err);
	if (!c)
		return tw_error_set(err, TW_ERR_INPUT, "", "no campaign database");
	if (!name_ok(name, TW_CAMPAIGN_NAME))
		return tw_error_set(err, TW_ERR_INPUT, "", "a campaign needs a name of 1..%d characters",
				    TW_CAMPAIGN_NAME - 1);
	if (!ruleset || tw_ruleset_find(ruleset) < 0)
		return tw_error_set(err, TW_ERR_INPUT, "", "unknown rule set \"%s\"", ruleset ? ruleset : "");
	if (!(isfinite(target_points) && target_points >= TW_CAMPAIGN_MIN_TARGET))
		return tw_error_set(err, TW_ERR_INPUT, "LW.CAMP.1",
				    "a campaign runs to 200, 300, 400 or more points (at least %g), not %g",
				    TW_CAMPAIGN_MIN_TARGET, target_points);
	if (!name_ok(side_a, 16) || !name_ok(side_b, 16) || strcmp(side_a, side_b) == 0)
		return tw_error_set(err, TW_ERR_INPUT, "", "a campaign needs two different side names of 1..15 characters");
	if (!run(c, ST_BEGIN))
		return db_fail(c, err, "starting a transaction");
	sqlite3_int64 id;
	tw_campaign_info info;
	tw_status st = find(c, name, &id, &info, NULL);
	if (st == TW_OK) {
		rollback(c);
		return tw_error_set(err, TW_ERR_STATE, "", "a campaign named \"%s\" already exists", name);
	}
	if (st != TW_ERR_INPUT) {
		rollback(c);
		return db_fail(c, err, "looking up a campaign");
	}
	sqlite3_stmt *ins = c->st[ST_ADD_CAMPAIGN];
	sqlite3_bind_text(ins, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_text(ins, 2, ruleset, -1, SQLITE_STATIC);
	sqlite3_bind_double(ins, 3, target_points);
	sqlite3_bind_text(ins, 4, side_a, -1, SQLITE_STATIC);
	sqlite3_bind_text(ins, 5, side_b, -1, SQLITE_STATIC);
	if (!run(c, ST_ADD_CAMPAIGN)) {
		st = db_fail(c, err, "adding a campaign");
		rollback(c);
		return st;
	}
	if (!run(c, ST_COMMIT)) {
		st = db_fail(c, err, "committing");
		rollback(c);
		return st;
	}
	return TW_OK;
}

void tw_campaign_credit(const double points[2], double credit[2])
{
	credit[0] = points[0] - points[1];
	credit[1] = points[1] - points[0];
}

tw_status tw_campaign_record_battle(tw_campaign *c, const char *name, const char *scenario, uint64_t seed,
				    int winner, const double points[2], const char *log_json, tw_error *err)
{
	tw_error_clear(err);
	if (!c || !name)
		return tw_error_set(err, TW_ERR_INPUT, "", "no campaign database or name");
	if (!scenario || strlen(scenario) >= sizeof ((tw_campaign_battle *)0)->scenario)
		return tw_error_set(err, TW_ERR_INPUT, "", "a battle needs a scenario name of at most 63 characters");
	if (winner < -1 || winner > 1)
		return tw_error_set(err, TW_ERR_INPUT, "", "winner must be -1 (draw), 0 or 1, not %d", winner);
	if (!points || !isfinite(points[0]) || !isfinite(points[1]))
		return tw_error_set(err, TW_ERR_INPUT, "LW.CAMP.2", "battle points must be finite numbers");
	if (!run(c, ST_BEGIN))
		return db_fail(c, err, "starting a transaction");
	sqlite3_int64 id;
	tw_campaign_info info;
	tw_status st = find(c, name, &id, &info, err);
	if (st != TW_OK) {
		rollback(c);
		return st;
	}
	if (info.over) {
		rollback(c);
		return tw_error_set(err, TW_ERR_STATE, "LW.CAMP.1", "the war \"%s\" is over: %s reached %g points", name,
				    info.sides[info.winner], info.target);
	}
	double credit[2];
	tw_campaign_credit(points, credit);
	double total[2] = {info.total[0] + credit[0], info.total[1] + credit[1]};
	// LW.CAMP.1/2: the first side to reach the target wins the war.
	int war_winner = total[0] >= info.target ? 0 : total[1] >= info.target ? 1 : -1;
	sqlite3_stmt *b = c->st[ST_ADD_BATTLE];
	sqlite3_bind_int64(b, 1, id);
	sqlite3_bind_int(b, 2, info.battles + 1);
	sqlite3_bind_text(b, 3, scenario, -1, SQLITE_STATIC);
	sqlite3_bind_int64(b, 4, (sqlite3_int64)seed); // bit pattern kept; read back as uint64_t
	sqlite3_bind_int(b, 5, winner);
	sqlite3_bind_double(b, 6, points[0]);
	sqlite3_bind_double(b, 7, points[1]);
	sqlite3_bind_double(b, 8, credit[0]);
	sqlite3_bind_double(b, 9, credit[1]);
	if (log_json)
		sqlite3_bind_text(b, 10, log_json, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(b, 10);
	if (!run(c, ST_ADD_BATTLE)) {
		st = db_fail(c, err, "adding a battle");
		rollback(c);
		return st;
	}
	sqlite3_stmt *u = c->st[ST_UPDATE];
	sqlite3_bind_int64(u, 1, id);
	sqlite3_bind_double(u, 2, total[0]);
	sqlite3_bind_double(u, 3, total[1]);
	sqlite3_bind_int(u, 4, info.battles + 1);
	sqlite3_bind_int(u, 5, war_winner);
	if (!run(c, ST_UPDATE) || !run(c, ST_COMMIT)) {
		st = db_fail(c, err, "updating the running totals");
		rollback(c);
		return st;
	}
	return TW_OK;
}

tw_status tw_campaign_status(tw_campaign *c, const char *name, tw_campaign_info *out, tw_error *err)
{
	tw_error_clear(err);
	if (!c || !name || !out)
		return tw_error_set(err, TW_ERR_INPUT, "", "no campaign database, name or output");
	sqlite3_int64 id;
	return find(c, name, &id, out, err);
}

tw_status tw_campaign_list(tw_campaign *c, tw_campaign_info *out, int max, int *count, tw_error *err)
{
	tw_error_clear(err);
	if (!c || !count || (max > 0 && !out))
		return tw_error_set(err, TW_ERR_INPUT, "", "bad arguments to tw_campaign_list");
	*count = 0;
	sqlite3_stmt *n = c->st[ST_COUNT_ALL];
	if (sqlite3_step(n) != SQLITE_ROW) {
		stmt_done(n);
		return db_fail(c, err, "counting campaigns");
	}
	int total = sqlite3_column_int(n, 0);
	stmt_done(n);
	sqlite3_stmt *st = c->st[ST_LIST];
	int i = 0, rc;
	while (i < max && (rc = sqlite3_step(st)) == SQLITE_ROW)
		(void)row_info(st, &out[i++]);
	stmt_done(st);
	if (i < max && i < total)
		return db_fail(c, err, "listing campaigns");
	*count = total;
	return TW_OK;
}

tw_status tw_campaign_get_battle(tw_campaign *c, const char *name, int seq, tw_campaign_battle *out, char **log_out,
				 tw_error *err)
{
	tw_error_clear(err);
	if (log_out)
		*log_out = NULL;
	if (!c || !name || !out)
		return tw_error_set(err, TW_ERR_INPUT, "", "no campaign database, name or output");
	sqlite3_stmt *st = c->st[ST_GET_BATTLE];
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 2, seq);
	int rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		stmt_done(st);
		if (rc == SQLITE_DONE)
			return tw_error_set(err, TW_ERR_INPUT, "", "campaign \"%s\" has no battle %d", name, seq);
		return db_fail(c, err, "reading a battle");
	}
	memset(out, 0, sizeof *out);
	out->seq = sqlite3_column_int(st, 0);
	copy_text(out->scenario, sizeof out->scenario, sqlite3_column_text(st, 1));
	out->seed = (uint64_t)sqlite3_column_int64(st, 2);
	out->winner = sqlite3_column_int(st, 3);
	out->points[0] = sqlite3_column_double(st, 4);
	out->points[1] = sqlite3_column_double(st, 5);
	out->credit[0] = sqlite3_column_double(st, 6);
	out->credit[1] = sqlite3_column_double(st, 7);
	out->has_log = sqlite3_column_type(st, 8) != SQLITE_NULL;
	tw_status ret = TW_OK;
	if (log_out && out->has_log) {
		const unsigned char *txt = sqlite3_column_text(st, 8);
		size_t len = (size_t)sqlite3_column_bytes(st, 8);
		*log_out = malloc(len + 1);
		if (!*log_out)
			ret = tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		else {
			memcpy(*log_out, txt, len);
			(*log_out)[len] = 0;
		}
	}
	stmt_done(st);
	return ret;
}
