// Monte Carlo studies: games in parallel (pthreads), statistics and SQLite storage.
// Game i uses seed tw_rng_derive(master, i) for the game and its generals, and its result
// lands in out[i]: the study's results do not depend on the number of threads.
#include <math.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lua_doctrine.h"
#include "tinwar/sim.h"

void tw_sim_config_default(tw_sim_config *c)
{
	memset(c, 0, sizeof *c);
	c->games = 100;
	c->jobs = 1;
	c->seed = 1;
	c->general[0] = c->general[1] = "default";
	c->max_orders = 100000;
	tw_lua_limits_default(&c->lua);
}

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static bool is_lua(const char *name)
{
	size_t len = strlen(name);
	return len > 4 && strcmp(name + len - 4, ".lua") == 0;
}

// The general of one side. in_game: a doctrine whose top level fails at run time (an error, a
// limit) is a failure of the doctrine in this game, as if it had failed in play; before the
// study (the check of tw_sim_run_range) it is an error that stops the study.
static tw_general *make_general(const tw_sim_config *cfg, const tw_state *scenario, const tw_ruleset *rs, int side,
				uint64_t seed, bool in_game, tw_error *err)
{
	const char *name = cfg->general[side] ? cfg->general[side] : "default";
	tw_general *g;
	if (is_lua(name)) {
		g = tw_general_new_lua(name, rs, side, seed, &cfg->lua, err);
		if (!g && in_game && err && err->code == TW_ERR_STATE)
			g = tw_lua_general_failed(name, rs, side, scenario->sides[side].name, seed, &cfg->lua, err);
	} else {
		g = tw_general_new(name, rs, side, seed);
		if (!g)
			tw_error_set(err, TW_ERR_INPUT, "", "no general '%s' for rule set %s", name, rs->name);
	}
	if (!g)
		return NULL;
	// Parameters no longer apply to a doctrine that has failed.
	for (int i = 0; i < cfg->ngparams && !tw_lua_failure(g, NULL); i++) {
		const tw_sim_gparam *p = &cfg->gparams[i];
		if ((p->side == -1 || p->side == side) && tw_general_set_param(g, p->name, p->value, err) != TW_OK) {
			tw_general_free(g);
			return NULL;
		}
	}
	if (!in_game && tw_lua_failure(g, err)) {
		tw_general_free(g);
		return NULL;
	}
	return g;
}

static int men_left(const tw_state *s, int side)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side == side && tw_figure_kept(s, f))
			n++;
	}
	return n;
}

// One game of the study. Returns non-OK only for configuration errors (then out is unset).
static tw_status play_one(const tw_sim_config *cfg, int index, tw_sim_game *out, tw_error *err)
{
	double t0 = now_ms();
	memset(out, 0, sizeof *out);
	out->seed = tw_rng_derive(cfg->seed, (uint64_t)index);
	out->winner = -1;
	const tw_shot_model *shots = cfg->shots ? cfg->shots : tw_shot_model_fast();
	tw_error e;
	tw_error_clear(&e);
	tw_game *game = tw_game_new(cfg->scenario, out->seed, shots, &e);
	if (!game) {
		out->end = TW_SIM_ERROR;
		out->ms = now_ms() - t0;
		return TW_OK;
	}
	tw_game_set_undo(game, false);
	const tw_ruleset *rs = tw_game_ruleset(game);
	tw_general *gens[TW_MAX_SIDES] = {0};
	tw_status st = TW_OK;
	for (int side = 0; side < 2 && st == TW_OK; side++) {
		gens[side] = make_general(cfg, cfg->scenario, rs, side, out->seed, true, err);
		if (!gens[side])
			st = err ? err->code : TW_ERR_INPUT;
	}
	if (st != TW_OK) {
		for (int side = 0; side < 2; side++)
			tw_general_free(gens[side]);
		tw_game_free(game);
		return st;
	}
	st = tw_play_out(game, gens, cfg->max_orders > 0 ? cfg->max_orders : 100000, &e);
	const tw_state *s = tw_game_state(game);
	double pts[TW_MAX_SIDES] = {0};
	rs->score(s, pts);
	for (int side = 0; side < 2; side++) {
		out->score[side] = pts[side];
		int start = s->sides[side].start_men;
		out->casualties[side] = start > 0 ? start - men_left(s, side) : 0;
		out->lua_failed[side] = tw_lua_failure(gens[side], NULL) ? 1 : 0;
	}
	out->moves = s->move_no;
	out->orders = tw_game_order_count(game);
	if (st == TW_OK && s->over) {
		out->end = TW_SIM_OVER;
		out->winner = s->winner >= 0 ? s->winner : -2;
	} else if (gens[0]->forfeit || gens[1]->forfeit) {
		out->end = TW_SIM_FORFEIT;
		out->winner = gens[0]->forfeit ? (gens[1]->forfeit ? -2 : 1) : 0;
	} else {
		out->end = TW_SIM_ERROR;
	}
	for (int side = 0; side < 2; side++)
		tw_general_free(gens[side]);
	tw_game_free(game);
	out->ms = now_ms() - t0;
	return TW_OK;
}

typedef struct sim_pool {
	const tw_sim_config *cfg;
	tw_sim_game *out;
	int first, count;
	pthread_mutex_t mu;
	int next, done;
	bool failed;
	tw_error err;
} sim_pool;

static void *worker(void *arg)
{
	sim_pool *p = arg;
	for (;;) {
		pthread_mutex_lock(&p->mu);
		int i = p->failed ? p->count : p->next++;
		pthread_mutex_unlock(&p->mu);
		if (i >= p->count)
			return NULL;
		tw_error e;
		tw_error_clear(&e);
		tw_status st = play_one(p->cfg, p->first + i, &p->out[i], &e);
		pthread_mutex_lock(&p->mu);
		if (st != TW_OK && !p->failed) {
			p->failed = true;
			p->err = e;
		}
		p->done++;
		if (st == TW_OK && p->cfg->progress)
			p->cfg->progress(p->done, p->count, p->cfg->progress_ctx);
		pthread_mutex_unlock(&p->mu);
	}
}

tw_status tw_sim_run_range(const tw_sim_config *cfg, int first, int count, tw_sim_game *out, tw_error *err)
{
	if (!cfg->scenario || count < 0 || first < 0)
		return tw_error_set(err, TW_ERR_INPUT, "", "a study needs a scenario and a number of games");
	// A doctrine that cannot be loaded (unreadable, not Lua, no decide(), its top level fails
	// with the first game's seed) stops the study before it starts.
	const tw_ruleset *rs = tw_ruleset_get(cfg->scenario->ruleset);
	for (int side = 0; side < 2 && rs && count > 0; side++) {
		if (!is_lua(cfg->general[side] ? cfg->general[side] : "default"))
			continue;
		tw_general *g = make_general(cfg, cfg->scenario, rs, side, tw_rng_derive(cfg->seed, (uint64_t)first),
					     false, err);
		if (!g)
			return err && err->code ? err->code : TW_ERR_INPUT;
		tw_general_free(g);
	}
	int jobs = cfg->jobs < 1 ? 1 : (cfg->jobs > 256 ? 256 : cfg->jobs);
	if (jobs > count)
		jobs = count > 0 ? count : 1;
	sim_pool p = {.cfg = cfg, .out = out, .first = first, .count = count};
	pthread_mutex_init(&p.mu, NULL);
	pthread_t th[256];
	int started = 0;
	for (int j = 1; j < jobs; j++) {
		if (pthread_create(&th[started], NULL, worker, &p) != 0)
			break;
		started++;
	}
	worker(&p); // the calling thread works too
	for (int j = 0; j < started; j++)
		pthread_join(th[j], NULL);
	pthread_mutex_destroy(&p.mu);
	if (p.failed) {
		if (err)
			*err = p.err;
		return p.err.code ? p.err.code : TW_ERR_INPUT;
	}
	return TW_OK;
}

tw_status tw_sim_run(const tw_sim_config *cfg, tw_sim_game *out, tw_error *err)
{
	return tw_sim_run_range(cfg, 0, cfg->games, out, err);
}

// ---- statistics ----

void tw_wilson(int k, int n, double z, double *lo, double *hi)
{
	if (n <= 0) {
		*lo = 0;
		*hi = 1;
		return;
	}
	double p = (double)k / n, z2 = z * z;
	double denom = 1 + z2 / n;
	double centre = (p + z2 / (2.0 * n)) / denom;
	double half = z * sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / denom;
	*lo = k == 0 ? 0.0 : fmax(0.0, centre - half);
	*hi = k == n ? 1.0 : fmin(1.0, centre + half);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

// Quantile by linear interpolation between order statistics (type 7).
static double quantile(const double *v, int n, double q)
{
	double h = (n - 1) * q;
	int lo = (int)floor(h);
	int hi = lo + 1 < n ? lo + 1 : lo;
	return v[lo] + (h - lo) * (v[hi] - v[lo]);
}

void tw_sim_distribution(double *v, int n, tw_sim_dist *d)
{
	memset(d, 0, sizeof *d);
	if (n <= 0)
		return;
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	// Sum in sorted order: the same bits whatever order the games finished in.
	double sum = 0;
	for (int i = 0; i < n; i++)
		sum += v[i];
	d->mean = sum / n;
	double ss = 0;
	for (int i = 0; i < n; i++)
		ss += (v[i] - d->mean) * (v[i] - d->mean);
	d->sd = n > 1 ? sqrt(ss / (n - 1)) : 0;
	d->min = v[0];
	d->max = v[n - 1];
	d->q10 = quantile(v, n, 0.10);
	d->q25 = quantile(v, n, 0.25);
	d->median = quantile(v, n, 0.5);
	d->q75 = quantile(v, n, 0.75);
	d->q90 = quantile(v, n, 0.90);
}

void tw_sim_summarize(const tw_sim_game *g, int n, tw_sim_summary *s)
{
	memset(s, 0, sizeof *s);
	double *v = malloc((size_t)(n > 0 ? n : 1) * sizeof *v);
	if (!v)
		return;
	for (int i = 0; i < n; i++) {
		if (g[i].end == TW_SIM_ERROR) {
			s->errors++;
			continue;
		}
		s->games++;
		if (g[i].winner == 0)
			s->wins++;
		else if (g[i].winner == 1)
			s->losses++;
		else
			s->draws++;
		for (int side = 0; side < 2; side++)
			s->lua_failures[side] += g[i].lua_failed[side];
		if (g[i].end == TW_SIM_FORFEIT && g[i].winner >= 0)
			s->forfeits[1 - g[i].winner]++;
	}
	const double z = 1.959963984540054;
	tw_wilson(s->wins, s->games, z, &s->win_lo, &s->win_hi);
	tw_wilson(s->draws, s->games, z, &s->draw_lo, &s->draw_hi);
	tw_wilson(s->losses, s->games, z, &s->loss_lo, &s->loss_hi);
	for (int what = 0; what < 5; what++) {
		int k = 0;
		for (int i = 0; i < n; i++) {
			if (g[i].end == TW_SIM_ERROR)
				continue;
			v[k++] = what < 2 ? g[i].score[what] : what < 4 ? g[i].casualties[what - 2] : g[i].moves;
		}
		tw_sim_dist *d = what < 2 ? &s->score[what] : what < 4 ? &s->casualties[what - 2] : &s->moves;
		tw_sim_distribution(v, k, d);
	}
	free(v);
}

// ---- SQLite storage ----

static const char *const SCHEMA =
	"CREATE TABLE IF NOT EXISTS study("
	" id INTEGER PRIMARY KEY, created TEXT NOT NULL, scenario TEXT NOT NULL, scenario_hash TEXT NOT NULL,"
	" ruleset TEXT NOT NULL, red TEXT NOT NULL, blue TEXT NOT NULL, seed INTEGER NOT NULL,"
	" games INTEGER NOT NULL, shot_model TEXT NOT NULL, label TEXT NOT NULL, params TEXT NOT NULL,"
	" wins INTEGER NOT NULL, draws INTEGER NOT NULL, losses INTEGER NOT NULL, errors INTEGER NOT NULL);"
	"CREATE TABLE IF NOT EXISTS game("
	" study INTEGER NOT NULL REFERENCES study(id), idx INTEGER NOT NULL, seed INTEGER NOT NULL,"
	" result TEXT NOT NULL, winner INTEGER NOT NULL, score_red REAL, score_blue REAL,"
	" casualties_red INTEGER, casualties_blue INTEGER, moves INTEGER, orders INTEGER,"
	" lua_failed_red INTEGER, lua_failed_blue INTEGER, ms REAL, PRIMARY KEY(study, idx));"
	"CREATE INDEX IF NOT EXISTS study_by_pair ON study(scenario, red, blue);";

static tw_status db_err(sqlite3 *db, tw_error *err, const char *what)
{
	tw_status st = tw_error_set(err, TW_ERR_IO, "", "sqlite: %s: %s", what, db ? sqlite3_errmsg(db) : "?");
	return st;
}

static tw_status db_open(const char *path, sqlite3 **db, tw_error *err)
{
	if (sqlite3_open_v2(path, db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK) {
		tw_status st = db_err(*db, err, path);
		sqlite3_close(*db);
		*db = NULL;
		return st;
	}
	sqlite3_busy_timeout(*db, 5000);
	char *msg = NULL;
	if (sqlite3_exec(*db, SCHEMA, NULL, NULL, &msg) != SQLITE_OK) {
		tw_status st = tw_error_set(err, TW_ERR_IO, "", "sqlite: %s: %s", path, msg ? msg : "?");
		sqlite3_free(msg);
		sqlite3_close(*db);
		*db = NULL;
		return st;
	}
	return TW_OK;
}

static const char *end_name(const tw_sim_game *g)
{
	if (g->end == TW_SIM_ERROR)
		return "error";
	if (g->winner == -2)
		return "draw";
	const char *w = g->winner == 0 ? "red" : "blue";
	return g->end == TW_SIM_FORFEIT ? (g->winner == 0 ? "red_by_forfeit" : "blue_by_forfeit") : w;
}

tw_status tw_sim_store(const char *path, const tw_sim_config *cfg, const char *scenario_name, const char *label,
		       const tw_sim_game *g, int n, int64_t *study_id, tw_error *err)
{
	sqlite3 *db;
	tw_status st = db_open(path, &db, err);
	if (st != TW_OK)
		return st;
	tw_sim_summary sum;
	tw_sim_summarize(g, n, &sum);
	char hash[17];
	snprintf(hash, sizeof hash, "%016llx", (unsigned long long)tw_state_hash(cfg->scenario));
	char params[1024];
	size_t pl = 0;
	params[0] = 0;
	const tw_ruleset *rs = tw_ruleset_get(cfg->scenario->ruleset);
	pl += (size_t)snprintf(params + pl, sizeof params - pl, "{");
	for (int i = 0; rs && i < rs->nparams && pl < sizeof params - 64; i++)
		pl += (size_t)snprintf(params + pl, sizeof params - pl, "%s\"%s\":%.17g", i ? "," : "", rs->params[i].name,
				       cfg->scenario->params[i]);
	for (int i = 0; i < cfg->ngparams && pl < sizeof params - 80; i++)
		pl += (size_t)snprintf(params + pl, sizeof params - pl, ",\"%s.%s\":%.17g",
				       cfg->gparams[i].side < 0 ? "both" : (cfg->gparams[i].side == 0 ? "red" : "blue"),
				       cfg->gparams[i].name, cfg->gparams[i].value);
	if (pl < sizeof params - 2)
		snprintf(params + pl, sizeof params - pl, "}");
	const tw_shot_model *shots = cfg->shots ? cfg->shots : tw_shot_model_fast();
	sqlite3_stmt *q = NULL;
	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
		st = db_err(db, err, "begin");
		goto out;
	}
	if (sqlite3_prepare_v2(db,
			       "INSERT INTO study(created, scenario, scenario_hash, ruleset, red, blue, seed, games,"
			       " shot_model, label, params, wins, draws, losses, errors)"
			       " VALUES(datetime('now'),?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
			       -1, &q, NULL) != SQLITE_OK) {
		st = db_err(db, err, "prepare");
		goto rollback;
	}
	sqlite3_bind_text(q, 1, scenario_name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 2, hash, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 3, rs ? rs->name : "?", -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 4, cfg->general[0] ? cfg->general[0] : "default", -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 5, cfg->general[1] ? cfg->general[1] : "default", -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(q, 6, (sqlite3_int64)cfg->seed);
	sqlite3_bind_int(q, 7, n);
	sqlite3_bind_text(q, 8, shots->name, -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 9, label ? label : "", -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(q, 10, params, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(q, 11, sum.wins);
	sqlite3_bind_int(q, 12, sum.draws);
	sqlite3_bind_int(q, 13, sum.losses);
	sqlite3_bind_int(q, 14, sum.errors);
	if (sqlite3_step(q) != SQLITE_DONE) {
		st = db_err(db, err, "insert study");
		goto rollback;
	}
	sqlite3_finalize(q);
	q = NULL;
	int64_t id = sqlite3_last_insert_rowid(db);
	if (sqlite3_prepare_v2(db, "INSERT INTO game VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?)", -1, &q, NULL) != SQLITE_OK) {
		st = db_err(db, err, "prepare");
		goto rollback;
	}
	for (int i = 0; i < n; i++) {
		sqlite3_reset(q);
		sqlite3_bind_int64(q, 1, id);
		sqlite3_bind_int(q, 2, i);
		sqlite3_bind_int64(q, 3, (sqlite3_int64)g[i].seed);
		sqlite3_bind_text(q, 4, end_name(&g[i]), -1, SQLITE_STATIC);
		sqlite3_bind_int(q, 5, g[i].winner);
		sqlite3_bind_double(q, 6, g[i].score[0]);
		sqlite3_bind_double(q, 7, g[i].score[1]);
		sqlite3_bind_int(q, 8, g[i].casualties[0]);
		sqlite3_bind_int(q, 9, g[i].casualties[1]);
		sqlite3_bind_int(q, 10, g[i].moves);
		sqlite3_bind_int(q, 11, g[i].orders);
		sqlite3_bind_int(q, 12, g[i].lua_failed[0]);
		sqlite3_bind_int(q, 13, g[i].lua_failed[1]);
		sqlite3_bind_double(q, 14, g[i].ms);
		if (sqlite3_step(q) != SQLITE_DONE) {
			st = db_err(db, err, "insert game");
			goto rollback;
		}
	}
	sqlite3_finalize(q);
	q = NULL;
	if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		st = db_err(db, err, "commit");
		goto rollback;
	}
	if (study_id)
		*study_id = id;
	goto out;
rollback:
	sqlite3_finalize(q);
	q = NULL;
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
out:
	sqlite3_finalize(q);
	sqlite3_close(db);
	return st;
}

tw_status tw_sim_db_totals(const char *path, const char *scenario_name, const char *red, const char *blue,
			   int *studies, int *games, int *red_wins, int *draws, tw_error *err)
{
	sqlite3 *db;
	tw_status st = db_open(path, &db, err);
	if (st != TW_OK)
		return st;
	sqlite3_stmt *q = NULL;
	if (sqlite3_prepare_v2(db,
			       "SELECT count(*), coalesce(sum(games - errors), 0), coalesce(sum(wins), 0),"
			       " coalesce(sum(draws), 0) FROM study WHERE scenario = ? AND red = ? AND blue = ?",
			       -1, &q, NULL) != SQLITE_OK) {
		st = db_err(db, err, "prepare");
	} else {
		sqlite3_bind_text(q, 1, scenario_name, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(q, 2, red, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(q, 3, blue, -1, SQLITE_TRANSIENT);
		if (sqlite3_step(q) == SQLITE_ROW) {
			*studies = sqlite3_column_int(q, 0);
			*games = sqlite3_column_int(q, 1);
			*red_wins = sqlite3_column_int(q, 2);
			*draws = sqlite3_column_int(q, 3);
		} else {
			st = db_err(db, err, "select");
		}
	}
	sqlite3_finalize(q);
	sqlite3_close(db);
	return st;
}
