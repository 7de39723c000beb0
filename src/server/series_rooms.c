// A series of games in the server (sv-join; issue 17): a game above one game (series.h: Science
// versus Luck's three phases, a Little Wars or Lloyd campaign, any rule set with series hooks)
// played in the browser. `POST /api/series` starts one: the rule set's config, the players (each
// a person or a computer general), the bundled scenarios its games are made from (game `seq` from
// scenarios[min(seq, n) - 1]). Each player has one token for the whole series: the server gives
// the seat of every side of every game to the player the rule set names for it (series_roles,
// tw_series_next's player_of_side) by setting that side's token hash to the player's, so the
// player's one link `/?game=SERIES&token=T` follows his role as it rotates (SV.SETUP.4-6); the
// series' id stands for its current game wherever a game id is taken (the WebSocket, /api/status).
// A player with no side in the current game watches it as the spectator. When a game is over the
// ticker records its log into the series (tw_series_record: replayed and checked, the carry-over
// updated, as `tinwar svl-series record` does) and prepares the next (tw_series_next, as `next`
// does) in a new room; the seats of the old room are told (`series` message with the new game).
// The series (tw_series, SQLite) lives in a file beside the store (`DB-series`; a store in memory
// gets a temporary file); the server's store keeps each series' players (their token hashes),
// computers and current game (`web_series`), so a restart resumes it.
#define _GNU_SOURCE
#include <civetweb.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scenarios.h"
#include "srv.h"
#include "tinwar/io.h"
#include "tinwar/series.h"

#define MAX_SCEN 8

typedef struct srv_series {
	char id[17];
	char ruleset[32];
	char creator[48];
	uint64_t seed;
	int nplayers;
	char names[TW_SERIES_MAX_PLAYERS][32];
	unsigned char hash[TW_SERIES_MAX_PLAYERS][SRV_HASH_LEN];
	char computer[TW_SERIES_MAX_PLAYERS][48]; ///< "" a person
	unsigned char umpire_hash[SRV_HASH_LEN];
	char scen[MAX_SCEN][49];
	int nscen;
	char *clock;                     ///< the games' clock config (JSON text) or NULL
	char room[17];                   ///< the current game's room
	char (*past)[17];                ///< the rooms of its earlier games (a page late in one is told)
	int npast;
	int seq;                         ///< its number in the series (1-based)
	int player_of_side[TW_MAX_SIDES];
	int nsides;
	bool over;
	bool stuck;                      ///< recording or preparing failed: said in `error`, not retried
	char error[320];
	char *debrief;                   ///< the rule set's debrief so far (SvL: phase 1, then the whole)
} srv_series;

typedef struct srv_series_set {
	pthread_mutex_t mu;  ///< the list and each series' fields; never held while a room is locked
	pthread_mutex_t dbmu; ///< the series file
	tw_series *db;
	char path[512];
	bool temp;           ///< a temporary file (store in memory): removed at stop
	srv_series **v;
	int n, cap;
} srv_series_set;

static srv_series_set *set_of(srv_server *s) { return s->series; }

// ---- the store's record of a series ----

static json_t *series_json_row(const srv_series *x)
{
	json_t *pl = json_array();
	for (int i = 0; i < x->nplayers; i++) {
		char hex[2 * SRV_HASH_LEN + 1];
		sodium_bin2hex(hex, sizeof hex, x->hash[i], SRV_HASH_LEN);
		json_array_append_new(pl, json_pack("{s:s, s:s, s:s}", "name", x->names[i], "hash", hex, "computer",
						    x->computer[i]));
	}
	json_t *sc = json_array(), *pos = json_array();
	for (int i = 0; i < x->nscen; i++)
		json_array_append_new(sc, json_string(x->scen[i]));
	for (int k = 0; k < x->nsides; k++)
		json_array_append_new(pos, json_integer(x->player_of_side[k]));
	json_t *past = json_array();
	for (int k = 0; k < x->npast; k++)
		json_array_append_new(past, json_string(x->past[k]));
	char uh[2 * SRV_HASH_LEN + 1];
	sodium_bin2hex(uh, sizeof uh, x->umpire_hash, SRV_HASH_LEN);
	json_t *j = json_pack("{s:s, s:s, s:I, s:o, s:s, s:o, s:s, s:i, s:o, s:b, s:b, s:s}", "ruleset", x->ruleset, "creator",
			      x->creator, "seed", (json_int_t)x->seed, "players", pl, "umpire", uh, "scenarios", sc,
			      "room", x->room, "seq", x->seq, "player_of_side", pos, "over", x->over, "stuck", x->stuck,
			      "error", x->error);
	if (j)
		json_object_set_new(j, "past", past);
	else
		json_decref(past);
	if (j && x->clock)
		json_object_set_new(j, "clock", json_loads(x->clock, 0, NULL));
	return j;
}

static void save_row(srv_server *s, const srv_series *x)
{
	json_t *j = series_json_row(x);
	char *txt = j ? json_dumps(j, JSON_COMPACT) : NULL;
	json_decref(j);
	if (!txt)
		return;
	pthread_mutex_lock(&s->dbmu);
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(s->db, "INSERT OR REPLACE INTO web_series(id, data) VALUES(?, ?)", -1, &st, NULL) ==
	    SQLITE_OK) {
		sqlite3_bind_text(st, 1, x->id, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 2, txt, -1, SQLITE_STATIC);
		if (sqlite3_step(st) != SQLITE_DONE)
			srv_log(s, "series %s: cannot store it: %s", x->id, sqlite3_errmsg(s->db));
	}
	sqlite3_finalize(st);
	pthread_mutex_unlock(&s->dbmu);
	free(txt);
}

static bool hex_hash(const char *hex, unsigned char out[SRV_HASH_LEN])
{
	return hex && sodium_hex2bin(out, SRV_HASH_LEN, hex, strlen(hex), NULL, NULL, NULL) == 0;
}

static srv_series *series_from_row(const char *id, const char *data)
{
	json_t *j = json_loads(data, 0, NULL);
	srv_series *x = j ? calloc(1, sizeof *x) : NULL;
	if (!x) {
		json_decref(j);
		return NULL;
	}
	snprintf(x->id, sizeof x->id, "%s", id);
	snprintf(x->ruleset, sizeof x->ruleset, "%s", json_string_value(json_object_get(j, "ruleset")) ?: "");
	snprintf(x->creator, sizeof x->creator, "%s", json_string_value(json_object_get(j, "creator")) ?: "local");
	x->seed = (uint64_t)json_integer_value(json_object_get(j, "seed"));
	bool ok = hex_hash(json_string_value(json_object_get(j, "umpire")), x->umpire_hash);
	size_t i;
	json_t *v;
	json_array_foreach(json_object_get(j, "players"), i, v) {
		if (i >= TW_SERIES_MAX_PLAYERS)
			break;
		snprintf(x->names[i], sizeof x->names[i], "%s", json_string_value(json_object_get(v, "name")) ?: "");
		snprintf(x->computer[i], sizeof x->computer[i], "%s", json_string_value(json_object_get(v, "computer")) ?: "");
		ok = ok && hex_hash(json_string_value(json_object_get(v, "hash")), x->hash[i]);
		x->nplayers = (int)i + 1;
	}
	json_array_foreach(json_object_get(j, "scenarios"), i, v) if (i < MAX_SCEN)
	{
		snprintf(x->scen[i], sizeof x->scen[i], "%s", json_string_value(v) ?: "");
		x->nscen = (int)i + 1;
	}
	json_array_foreach(json_object_get(j, "player_of_side"), i, v) if (i < TW_MAX_SIDES)
	{
		x->player_of_side[i] = (int)json_integer_value(v);
		x->nsides = (int)i + 1;
	}
	snprintf(x->room, sizeof x->room, "%s", json_string_value(json_object_get(j, "room")) ?: "");
	json_t *pj = json_object_get(j, "past");
	if (json_array_size(pj) > 0 && (x->past = calloc(json_array_size(pj), sizeof *x->past)) != NULL)
		json_array_foreach(pj, i, v) snprintf(x->past[x->npast++], 17, "%s", json_string_value(v) ?: "");
	x->seq = (int)json_integer_value(json_object_get(j, "seq"));
	x->over = json_is_true(json_object_get(j, "over"));
	x->stuck = json_is_true(json_object_get(j, "stuck"));
	snprintf(x->error, sizeof x->error, "%s", json_string_value(json_object_get(j, "error")) ?: "");
	json_t *clk = json_object_get(j, "clock");
	x->clock = clk ? json_dumps(clk, JSON_COMPACT) : NULL;
	json_decref(j);
	if (!ok) {
		free(x->clock);
		free(x->past);
		free(x);
		return NULL;
	}
	return x;
}

static void series_free(srv_series *x)
{
	if (!x)
		return;
	free(x->clock);
	free(x->debrief);
	free(x->past);
	free(x);
}

static bool add_series(srv_series_set *set, srv_series *x)
{
	if (set->n == set->cap) {
		int cap = set->cap ? 2 * set->cap : 8;
		srv_series **nv = realloc(set->v, (size_t)cap * sizeof *nv);
		if (!nv)
			return false;
		set->v = nv, set->cap = cap;
	}
	set->v[set->n++] = x;
	return true;
}

/// The rule set's debrief of the carry-over so far (tw_ruleset.series_debrief: Science versus
/// Luck's phase-1 debrief once the auction is recorded, its whole debrief once the series is
/// over), or NULL for a rule set that has none.
static char *debrief_text(const char *ruleset, const tw_series_info *info)
{
	int ri = tw_ruleset_find(ruleset);
	const tw_ruleset *rs = ri >= 0 ? tw_ruleset_get(ri) : NULL;
	if (!rs || !rs->series_debrief || info->games < 1)
		return NULL;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	tw_error err;
	tw_error_clear(&err);
	tw_status st = rs->series_debrief(info->carry, info->games, info->over, f, &err);
	fclose(f);
	if (st != TW_OK) {
		free(buf);
		return NULL;
	}
	return buf;
}

// ---- finding ----

static srv_series *find_locked(srv_series_set *set, const char *id)
{
	for (int i = 0; set && id && i < set->n; i++)
		if (strcmp(set->v[i]->id, id) == 0)
			return set->v[i];
	return NULL;
}

static srv_room *room_by_id(srv_server *s, const char *id)
{
	srv_room *found = NULL;
	pthread_mutex_lock(&s->mu);
	for (int i = 0; i < s->nrooms && !found; i++)
		if (strcmp(s->rooms[i]->id, id) == 0)
			found = s->rooms[i];
	pthread_mutex_unlock(&s->mu);
	return found;
}

srv_room *srv_series_by_token(srv_server *s, const char *id, const char *token, int *seat, int *role, bool *is_series)
{
	srv_series_set *set = set_of(s);
	*is_series = false;
	if (!set || !id || !token || strlen(token) != SRV_TOKEN_LEN)
		return NULL;
	unsigned char h[SRV_HASH_LEN];
	srv_token_hash(s, token, h);
	char room[17] = "";
	int who = -3; // -3 nobody of the series, -1 the umpire, else a player
	int side = SRV_SPECTATOR;
	pthread_mutex_lock(&set->mu);
	srv_series *x = find_locked(set, id);
	if (x) {
		*is_series = true;
		snprintf(room, sizeof room, "%s", x->room);
		if (sodium_memcmp(h, x->umpire_hash, SRV_HASH_LEN) == 0)
			who = -1, side = SRV_UMPIRE;
		for (int p = 0; p < x->nplayers; p++)
			if (sodium_memcmp(h, x->hash[p], SRV_HASH_LEN) == 0) {
				who = p;
				for (int k = 0; k < x->nsides; k++)
					if (x->player_of_side[k] == p) {
						side = k;
						break;
					}
			}
	}
	pthread_mutex_unlock(&set->mu);
	if (who == -3)
		return NULL;
	srv_room *r = room_by_id(s, room);
	if (r) {
		*seat = side;
		if (role)
			*role = -1;
	}
	return r;
}

json_t *srv_series_message(srv_server *s, const char *room_id)
{
	srv_series_set *set = set_of(s);
	if (!set)
		return NULL;
	json_t *m = NULL;
	pthread_mutex_lock(&set->mu);
	for (int i = 0; i < set->n && !m; i++) {
		srv_series *x = set->v[i];
		bool ours = strcmp(x->room, room_id) == 0;
		// A page that joined a game of the series just as it ended (its link resolved to the
		// game, the ticker moved on before the page was in the room to be told) is told the
		// current game, and follows it.
		for (int k = 0; k < x->npast && !ours; k++)
			ours = strcmp(x->past[k], room_id) == 0;
		if (!ours)
			continue;
		json_t *pl = json_array();
		for (int p = 0; p < x->nplayers; p++) {
			int side = -1;
			for (int k = 0; k < x->nsides; k++)
				if (x->player_of_side[k] == p)
					side = k;
			json_array_append_new(pl, json_pack("{s:s, s:b, s:i}", "player", x->names[p], "computer",
							    x->computer[p][0] != 0, "side", side));
		}
		m = json_pack("{s:s, s:s, s:s, s:s, s:i, s:b, s:o}", "type", "series", "series", x->id, "ruleset", x->ruleset,
			      "game", x->room, "seq", x->seq, "over", x->over, "players", pl);
		if (m && x->debrief)
			json_object_set_new(m, "debrief", json_string(x->debrief));
		if (m && x->error[0])
			json_object_set_new(m, "error", json_string(x->error));
	}
	pthread_mutex_unlock(&set->mu);
	return m;
}

// ---- preparing a game ----

static char *bundled(const char *ruleset, const char *file, size_t *len)
{
	for (int i = 0; srv_scenario_files[i].ruleset; i++)
		if (!strcmp(srv_scenario_files[i].ruleset, ruleset) && !strcmp(srv_scenario_files[i].file, file)) {
			char *t = malloc(srv_scenario_files[i].len + 1);
			if (t) {
				memcpy(t, srv_scenario_files[i].data, srv_scenario_files[i].len);
				t[srv_scenario_files[i].len] = 0;
				*len = srv_scenario_files[i].len;
			}
			return t;
		}
	return NULL;
}

/// Prepares game seq of series x (not locked: only one thread prepares a series at a time) in a
/// new room whose sides' seats are the players' (their token hashes). Fills *room_out, pos.
static tw_status prepare(srv_server *s, srv_series *x, int seq, char room_out[17], int pos[TW_MAX_SIDES], int *nsides,
			 tw_error *err)
{
	srv_series_set *set = set_of(s);
	const char *file = x->scen[(seq < x->nscen ? seq : x->nscen) - 1];
	size_t len = 0;
	char *text = bundled(x->ruleset, file, &len);
	if (!text)
		return tw_error_set(err, TW_ERR_INPUT, "", "no bundled scenario %s/%s", x->ruleset, file);
	tw_state sc, prep;
	memset(&sc, 0, sizeof sc);
	memset(&prep, 0, sizeof prep);
	json_error_t je;
	json_t *sj = json_loadb(text, len, 0, &je);
	free(text);
	tw_status st = sj ? tw_state_from_json(&sc, sj, err) : tw_error_set(err, TW_ERR_INPUT, "", "%s: %s", file, je.text);
	json_decref(sj);
	if (st != TW_OK)
		return st;
	uint64_t seed = x->seed + (uint64_t)seq;
	pthread_mutex_lock(&set->dbmu);
	tw_series_info info;
	if (tw_series_status(set->db, x->id, &info, err) == TW_OK) {
		if (info.pending) { // a game prepared before a restart and never played: prepared again
			tw_error e2;
			(void)tw_series_abandon(set->db, x->id, &e2);
		}
		tw_series_info_free(&info);
	}
	st = tw_series_next(set->db, x->id, &sc, seed, &prep, pos, err);
	pthread_mutex_unlock(&set->dbmu);
	tw_state_free(&sc);
	if (st != TW_OK)
		return st;
	*nsides = prep.nsides;
	json_t *comp = json_object();
	for (int k = 0; k < prep.nsides; k++) {
		int p = pos[k];
		if (p < 0 || x->computer[p][0]) // a side nobody plays is the computer's
			json_object_set_new(comp, prep.sides[k].name, p < 0 ? json_true() : json_string(x->computer[p]));
	}
	// The game's seed is the one the series prepared it with.
	json_t *req = json_pack("{s:s, s:o, s:I, s:o}", "ruleset", x->ruleset, "scenario", tw_state_to_json(&prep), "seed",
				(json_int_t)seed, "computer", comp);
	tw_state_free(&prep);
	if (req && x->clock)
		json_object_set_new(req, "clock", json_loads(x->clock, 0, NULL));
	char tokens[SRV_ALL_SLOTS][SRV_TOKEN_LEN + 1];
	srv_room *r = req ? srv_room_create(s, req, x->creator, tokens, err) : NULL;
	json_decref(req);
	sodium_memzero(tokens, sizeof tokens);
	if (!r) {
		pthread_mutex_lock(&set->dbmu);
		tw_error e2;
		(void)tw_series_abandon(set->db, x->id, &e2);
		pthread_mutex_unlock(&set->dbmu);
		return err->code != TW_OK ? err->code : TW_ERR_STATE;
	}
	pthread_mutex_lock(&r->mu);
	for (int k = 0; k < *nsides; k++)
		if (pos[k] >= 0)
			memcpy(r->token_hash[k], x->hash[pos[k]], SRV_HASH_LEN);
	memcpy(r->token_hash[SRV_SLOT_UMPIRE], x->umpire_hash, SRV_HASH_LEN);
	st = srv_room_store_seats(r);
	pthread_mutex_unlock(&r->mu);
	snprintf(room_out, 17, "%s", r->id);
	srv_log(s, "series %s: game %d is %s", x->id, seq, r->id);
	return st;
}

/// Tells every connection of a room the series' news (the next game, the debrief).
static void tell_room(srv_server *s, const char *room_id, const char *series_room)
{
	srv_room *r = room_by_id(s, room_id);
	json_t *m = srv_series_message(s, series_room);
	if (!r || !m) {
		json_decref(m);
		return;
	}
	pthread_mutex_lock(&r->mu);
	for (int i = 0; i < r->nconn; i++)
		srv_send(r->conns[i], json_incref(m));
	pthread_mutex_unlock(&r->mu);
	json_decref(m);
}

static void set_stuck(srv_server *s, srv_series *x, const tw_error *err)
{
	srv_series_set *set = set_of(s);
	pthread_mutex_lock(&set->mu);
	x->stuck = true;
	snprintf(x->error, sizeof x->error, "%.40s%s%.256s", err->clause, err->clause[0] ? ": " : "", err->message);
	pthread_mutex_unlock(&set->mu);
	srv_log(s, "series %s: stopped: %s", x->id, x->error);
	save_row(s, x);
}

/// The current game of x is over: its log into the series, then the next game.
static void advance(srv_server *s, srv_series *x)
{
	srv_series_set *set = set_of(s);
	char old[17];
	pthread_mutex_lock(&set->mu);
	snprintf(old, sizeof old, "%s", x->room);
	int seq = x->seq;
	pthread_mutex_unlock(&set->mu);
	srv_room *r = room_by_id(s, old);
	if (!r || !atomic_load(&r->over))
		return;
	pthread_mutex_lock(&r->mu);
	json_t *lj = tw_game_log_to_json(r->game);
	pthread_mutex_unlock(&r->mu);
	char *log = lj ? json_dumps(lj, JSON_COMPACT | JSON_REAL_PRECISION(17)) : NULL;
	json_decref(lj);
	tw_error err;
	tw_error_clear(&err);
	tw_series_info info;
	memset(&info, 0, sizeof info);
	pthread_mutex_lock(&set->dbmu);
	tw_status st = log ? tw_series_status(set->db, x->id, &info, &err) : tw_error_set(&err, TW_ERR_NOMEM, "", "out of memory");
	if (st == TW_OK && info.pending == seq) {
		tw_series_info_free(&info);
		st = tw_series_record(set->db, x->id, log, &err);
		if (st == TW_OK)
			st = tw_series_status(set->db, x->id, &info, &err);
	}
	pthread_mutex_unlock(&set->dbmu);
	free(log);
	if (st != TW_OK) {
		set_stuck(s, x, &err);
		tell_room(s, old, old);
		return;
	}
	char *deb = debrief_text(x->ruleset, &info);
	bool over = info.over;
	int next = info.games + 1;
	tw_series_info_free(&info);
	pthread_mutex_lock(&set->mu);
	if (deb) {
		free(x->debrief);
		x->debrief = deb;
	}
	x->over = over;
	pthread_mutex_unlock(&set->mu);
	if (over) {
		srv_log(s, "series %s: over after game %d", x->id, seq);
		save_row(s, x);
		tell_room(s, old, old);
		return;
	}
	char room[17];
	int pos[TW_MAX_SIDES], nsides = 0;
	if (prepare(s, x, next, room, pos, &nsides, &err) != TW_OK) {
		set_stuck(s, x, &err);
		tell_room(s, old, old);
		return;
	}
	pthread_mutex_lock(&set->mu);
	char(*past)[17] = realloc(x->past, (size_t)(x->npast + 1) * sizeof *x->past);
	if (past) {
		x->past = past;
		snprintf(x->past[x->npast++], 17, "%s", x->room);
	}
	snprintf(x->room, sizeof x->room, "%s", room);
	x->seq = next;
	x->nsides = nsides;
	memcpy(x->player_of_side, pos, sizeof pos);
	pthread_mutex_unlock(&set->mu);
	save_row(s, x);
	tell_room(s, old, room); // the old game's seats hear of the next game
}

void srv_series_tick(srv_server *s)
{
	srv_series_set *set = set_of(s);
	if (!set)
		return;
	pthread_mutex_lock(&set->mu);
	int n = set->n;
	srv_series **v = malloc((size_t)(n ? n : 1) * sizeof *v);
	int k = 0;
	for (int i = 0; v && i < n; i++)
		if (!set->v[i]->over && !set->v[i]->stuck)
			v[k++] = set->v[i];
	pthread_mutex_unlock(&set->mu);
	for (int i = 0; v && i < k && !s->stopping; i++)
		advance(s, v[i]); // series are never freed while the server runs
	free(v);
}

// ---- starting and stopping ----

tw_status srv_series_open(srv_server *s, tw_error *err)
{
	srv_series_set *set = calloc(1, sizeof *set);
	if (!set)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	pthread_mutex_init(&set->mu, NULL);
	pthread_mutex_init(&set->dbmu, NULL);
	s->series = set;
	const char *db = s->opts.db && *s->opts.db ? s->opts.db : ":memory:";
	if (strcmp(db, ":memory:") == 0) {
		snprintf(set->path, sizeof set->path, "/tmp/tinwar-series-XXXXXX");
		int fd = mkstemp(set->path);
		if (fd < 0)
			return tw_error_set(err, TW_ERR_IO, "", "cannot make a temporary series file");
		close(fd);
		unlink(set->path); // tw_series_open creates it again (0600), empty
		set->temp = true;
	} else {
		snprintf(set->path, sizeof set->path, "%s-series", db);
	}
	set->db = tw_series_open(set->path, err);
	if (!set->db)
		return err->code;
	pthread_mutex_lock(&s->dbmu);
	char *msg = NULL;
	int rc = sqlite3_exec(s->db, "CREATE TABLE IF NOT EXISTS web_series(id TEXT PRIMARY KEY, data TEXT NOT NULL)", NULL,
			      NULL, &msg);
	sqlite3_stmt *st = NULL;
	if (rc == SQLITE_OK)
		rc = sqlite3_prepare_v2(s->db, "SELECT id, data FROM web_series ORDER BY rowid", -1, &st, NULL);
	while (rc == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
		srv_series *x = series_from_row((const char *)sqlite3_column_text(st, 0), (const char *)sqlite3_column_text(st, 1));
		if (!x)
			continue;
		tw_series_info info;
		tw_error e2;
		if (tw_series_status(set->db, x->id, &info, &e2) == TW_OK) {
			x->debrief = debrief_text(x->ruleset, &info);
			tw_series_info_free(&info);
		}
		if (!add_series(set, x))
			series_free(x);
	}
	sqlite3_finalize(st);
	pthread_mutex_unlock(&s->dbmu);
	if (rc != SQLITE_OK) {
		tw_error_set(err, TW_ERR_IO, "", "store: %s", msg ? msg : "cannot read the series");
		sqlite3_free(msg);
		return TW_ERR_IO;
	}
	return TW_OK;
}

void srv_series_close(srv_server *s)
{
	srv_series_set *set = set_of(s);
	if (!set)
		return;
	for (int i = 0; i < set->n; i++)
		series_free(set->v[i]);
	free(set->v);
	if (set->db)
		tw_series_close(set->db);
	if (set->temp)
		unlink(set->path);
	pthread_mutex_destroy(&set->mu);
	pthread_mutex_destroy(&set->dbmu);
	free(set);
	s->series = NULL;
}

// ---- POST /api/series ----

/// Starts a series from a request (docs/server.md "A series of games"); the answer as JSON text.
static char *create_series(srv_server *s, const char *creator, const char *text, size_t len, tw_error *err)
{
	srv_series_set *set = set_of(s);
	json_error_t je;
	json_t *req = srv_json_parse(text, len, &je);
	if (!req) {
		tw_error_set(err, TW_ERR_INPUT, "", "%d:%d: %s", je.line, je.column, je.text);
		return NULL;
	}
	char *out = NULL, *cfg = NULL;
	srv_series *x = calloc(1, sizeof *x);
	char tokens[TW_SERIES_MAX_PLAYERS + 1][SRV_TOKEN_LEN + 1];
	const char *key;
	json_t *v;
	if (!x) {
		tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		goto done;
	}
	json_object_foreach(req, key, v) if (strcmp(key, "ruleset") && strcmp(key, "config") && strcmp(key, "players") &&
					     strcmp(key, "scenarios") && strcmp(key, "seed") && strcmp(key, "clock"))
	{
		tw_error_set(err, TW_ERR_INPUT, "", "unknown key '%s' (ruleset, config, players, scenarios, seed, clock)", key);
		goto done;
	}
	const char *rs = json_string_value(json_object_get(req, "ruleset"));
	int rsi = rs ? tw_ruleset_find(rs) : -1;
	const tw_ruleset *rdef = rsi >= 0 ? tw_ruleset_get(rsi) : NULL;
	if (!rdef || !rdef->series_prepare) {
		tw_error_set(err, TW_ERR_INPUT, "", "ruleset: %s", rdef ? "this rule set keeps no series" : "no such rule set");
		goto done;
	}
	snprintf(x->ruleset, sizeof x->ruleset, "%s", rs);
	snprintf(x->creator, sizeof x->creator, "%s", creator);
	json_t *pl = json_object_get(req, "players"), *sc = json_object_get(req, "scenarios");
	if (!json_is_array(pl) || json_array_size(pl) < 1 || json_array_size(pl) > TW_SERIES_MAX_PLAYERS) {
		tw_error_set(err, TW_ERR_INPUT, "", "players: 1 to %d players, each {name, computer?}", TW_SERIES_MAX_PLAYERS);
		goto done;
	}
	size_t i;
	json_array_foreach(pl, i, v) {
		const char *name = json_string_value(json_object_get(v, "name"));
		json_t *cj = json_object_get(v, "computer");
		if (!name || !*name || strlen(name) >= sizeof x->names[0]) {
			tw_error_set(err, TW_ERR_INPUT, "", "players[%zu].name: a name of 1 to 31 bytes", i);
			goto done;
		}
		snprintf(x->names[i], sizeof x->names[i], "%s", name);
		const char *gen = json_is_string(cj) ? json_string_value(cj) : json_is_true(cj) ? "" : NULL;
		if (gen && !*gen)
			gen = rdef->ngenerals > 0 ? rdef->generals[0]->name : "random";
		if (gen) {
			tw_general *g = strlen(gen) < sizeof x->computer[0] && !strstr(gen, ".lua") ? tw_general_new(gen, rdef, 0, 1) : NULL;
			if (!g) {
				tw_error_set(err, TW_ERR_INPUT, "", "players[%zu].computer: unknown general '%s'", i, gen);
				goto done;
			}
			tw_general_free(g);
			snprintf(x->computer[i], sizeof x->computer[i], "%s", gen);
		}
		x->nplayers = (int)i + 1;
	}
	if (!json_is_array(sc) || json_array_size(sc) < 1 || json_array_size(sc) > MAX_SCEN) {
		tw_error_set(err, TW_ERR_INPUT, "", "scenarios: 1 to %d bundled scenarios of the rule set, game n from the nth "
						    "(the last for every later game)", MAX_SCEN);
		goto done;
	}
	json_array_foreach(sc, i, v) {
		size_t l = 0;
		const char *f = json_string_value(v);
		char *t = f && strlen(f) < sizeof x->scen[0] ? bundled(rs, f, &l) : NULL;
		if (!t) {
			tw_error_set(err, TW_ERR_INPUT, "", "scenarios[%zu]: no bundled scenario %s/%s", i, rs, f ? f : "?");
			goto done;
		}
		free(t);
		snprintf(x->scen[i], sizeof x->scen[i], "%s", f);
		x->nscen = (int)i + 1;
	}
	json_t *seedj = json_object_get(req, "seed");
	if (seedj && !(json_is_integer(seedj) && json_integer_value(seedj) >= 0)) {
		tw_error_set(err, TW_ERR_INPUT, "", "seed must be a non-negative integer");
		goto done;
	}
	char hex[17];
	if (!srv_random_hex(x->id, 8) || !srv_random_hex(hex, 8)) {
		tw_error_set(err, TW_ERR_IO, "", "cannot draw a random id");
		goto done;
	}
	x->seed = seedj ? (uint64_t)json_integer_value(seedj) : strtoull(hex, NULL, 16) >> 8;
	json_t *clk = json_object_get(req, "clock");
	x->clock = clk ? json_dumps(clk, JSON_COMPACT) : NULL;
	for (int p = 0; p <= x->nplayers; p++) {
		if (!srv_random_hex(tokens[p], SRV_TOKEN_LEN / 2)) {
			tw_error_set(err, TW_ERR_IO, "", "cannot draw a random token");
			goto done;
		}
		srv_token_hash(s, tokens[p], p < x->nplayers ? x->hash[p] : x->umpire_hash);
	}
	json_t *cj = json_object_get(req, "config");
	cfg = cj ? json_dumps(cj, JSON_COMPACT) : NULL;
	const char *names[TW_SERIES_MAX_PLAYERS];
	for (int p = 0; p < x->nplayers; p++)
		names[p] = x->names[p];
	pthread_mutex_lock(&set->dbmu);
	tw_status st = tw_series_create(set->db, x->id, rs, names, x->nplayers, cfg, err);
	pthread_mutex_unlock(&set->dbmu);
	if (st != TW_OK)
		goto done;
	x->seq = 1;
	if (prepare(s, x, 1, x->room, x->player_of_side, &x->nsides, err) != TW_OK)
		goto done;
	save_row(s, x);
	json_t *resp = json_pack("{s:s, s:s, s:[]}", "series", x->id, "game", x->room, "players");
	char link[128];
	for (int p = 0; p < x->nplayers; p++) {
		snprintf(link, sizeof link, "/?game=%s&token=%s", x->id, tokens[p]);
		json_t *e = json_pack("{s:s, s:s, s:s}", "player", x->names[p], "token", tokens[p], "link", link);
		if (x->computer[p][0])
			json_object_set_new(e, "computer", json_string(x->computer[p]));
		json_array_append_new(json_object_get(resp, "players"), e);
	}
	snprintf(link, sizeof link, "/?game=%s&token=%s", x->id, tokens[x->nplayers]);
	json_object_set_new(resp, "umpire", json_pack("{s:s, s:s}", "token", tokens[x->nplayers], "link", link));
	out = json_dumps(resp, JSON_COMPACT);
	json_decref(resp);
	srv_log(s, "series %s of %s created by %s (%d players; game 1 is %s)", x->id, rs, creator, x->nplayers, x->room);
	pthread_mutex_lock(&set->mu);
	bool added = add_series(set, x);
	pthread_mutex_unlock(&set->mu);
	if (added)
		x = NULL;
done:
	sodium_memzero(tokens, sizeof tokens);
	free(cfg);
	series_free(x);
	json_decref(req);
	return out;
}

char *tw_server_create_series(tw_server *ts, const char *request_json, size_t len, tw_error *err)
{
	return create_series((srv_server *)ts, "local", request_json, len, err);
}

typedef struct series_job {
	srv_server *s;
	const char *creator, *body;
	size_t len;
	char *resp;
	tw_error err;
} series_job;

static void run_series(void *arg)
{
	series_job *j = arg;
	j->resp = create_series(j->s, j->creator, j->body, j->len, &j->err);
}

int srv_series_handler(struct mg_connection *conn, void *cbdata)
{
	srv_server *s = cbdata;
	const struct mg_request_info *ri = mg_get_request_info(conn);
	if (strcmp(ri->request_method, "POST") != 0)
		return srv_http_error(conn, 405, "POST a series request");
	if (!srv_http_from_us(s, conn))
		return srv_http_error(conn, 403, "cross-origin request refused");
	size_t cl;
	int bad;
	char *body = srv_http_body(conn, 64 << 10, "a JSON body of at most 64 KiB is required", &cl, &bad);
	if (!body)
		return bad;
	const srv_conn *c = mg_get_user_connection_data(conn);
	series_job j = {s, ri->remote_addr, body, cl, NULL, {0}};
	tw_error_clear(&j.err);
	srv_exec(s, c ? c->peer : NULL, run_series, &j);
	free(body);
	if (!j.resp) {
		int status = j.err.code == TW_ERR_STATE ? 429 : j.err.code == TW_ERR_IO || j.err.code == TW_ERR_NOMEM ? 503 : 400;
		json_t *e = json_pack("{s:s, s:s}", "error", j.err.message, "clause", j.err.clause);
		char *t = e ? json_dumps(e, JSON_COMPACT) : NULL;
		json_decref(e);
		srv_http_json_text(conn, status, t);
		free(t);
		return status;
	}
	srv_http_json_text(conn, 200, j.resp);
	free(j.resp);
	return 200;
}
