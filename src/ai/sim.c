// Monte Carlo studies: games in parallel (pthreads) for any number of sides, and their
// statistics (the database is sim_db.c). Game i uses seed tw_rng_derive(master, i) for the game
// and its generals, and its result lands in out[i]: the study's results do not depend on the
// number of threads.
#include <math.h>
#include <pthread.h>
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
	for (int k = 0; k < TW_MAX_SIDES; k++)
		c->general[k] = "default";
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
			tw_error_set(err, TW_ERR_INPUT, "", "%s: no general '%s' for rule set %s", scenario->sides[side].name,
				     name, rs->name);
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

// A figure lost to its side: dead, or held (a prisoner).
static bool lost(const tw_state *s, const tw_figure *f)
{
	return tw_status_base(s, f->status) == TW_FS_DEAD || tw_figure_held(s, f);
}

// Casualties of every side (tw_sim_game.casualties). in0[i]: figure i was not lost when the
// game began (n0 figures then). A rule set that counts its men at the start of play (Little
// Wars's start_men) is taken at its word, as studies always did; for the others, the figures
// not lost at the start that are lost at the end.
static void count_casualties(const unsigned char *in0, int n0, const tw_state *s, int *out)
{
	for (int side = 0; side < s->nsides; side++) {
		int start = s->sides[side].start_men;
		if (start > 0) {
			out[side] = start - men_left(s, side);
			continue;
		}
		int n = 0;
		for (int i = 0; i < s->nfig && i < n0; i++)
			if (s->fig[i].side == side && in0[i] && lost(s, &s->fig[i]))
				n++;
		out[side] = n;
	}
}

static int scenario_sides(const tw_sim_config *cfg)
{
	int n = cfg->scenario ? cfg->scenario->nsides : 0;
	return n < 0 ? 0 : n > TW_MAX_SIDES ? TW_MAX_SIDES : n;
}

// One game of the study. Returns non-OK only for configuration errors (then out is unset).
static tw_status play_one(const tw_sim_config *cfg, int index, tw_sim_game *out, tw_error *err)
{
	double t0 = now_ms();
	memset(out, 0, sizeof *out);
	out->seed = tw_rng_derive(cfg->seed, (uint64_t)index);
	out->winner = -1;
	out->winner_alliance = -1;
	int nsides = scenario_sides(cfg);
	out->nsides = nsides;
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
	for (int side = 0; side < nsides && st == TW_OK; side++) {
		gens[side] = make_general(cfg, cfg->scenario, rs, side, out->seed, true, err);
		if (!gens[side])
			st = err ? err->code : TW_ERR_INPUT;
	}
	// Which figures are in the game as it begins (casualties of rule sets without start_men).
	const tw_state *s0 = tw_game_state(game);
	int n0 = s0->nfig;
	unsigned char *in0 = st == TW_OK ? malloc((size_t)(n0 > 0 ? n0 : 1)) : NULL;
	if (st == TW_OK && !in0)
		st = tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	for (int i = 0; in0 && i < n0; i++)
		in0[i] = !lost(s0, &s0->fig[i]);
	if (st != TW_OK) {
		for (int side = 0; side < nsides; side++)
			tw_general_free(gens[side]);
		tw_game_free(game);
		return st;
	}
	st = tw_play_out(game, gens, cfg->max_orders > 0 ? cfg->max_orders : 100000, &e);
	const tw_state *s = tw_game_state(game);
	double pts[TW_MAX_SIDES] = {0};
	rs->score(s, pts);
	count_casualties(in0, n0, s, out->casualties);
	free(in0);
	int forfeits = 0, standing = -1;
	for (int side = 0; side < nsides; side++) {
		out->score[side] = pts[side];
		out->lua_failed[side] = tw_lua_failure(gens[side], NULL) ? 1 : 0;
		out->forfeited[side] = gens[side]->forfeit ? 1 : 0;
		if (gens[side]->forfeit)
			forfeits++;
		else
			standing = standing == -1 ? side : -3; // -3: more than one side stands
	}
	out->moves = s->move_no;
	out->orders = tw_game_order_count(game);
	if (st == TW_OK && s->over) {
		out->end = TW_SIM_OVER;
		out->winner = s->winner >= 0 ? s->winner : -2;
	} else if (forfeits > 0) {
		// The side left standing wins; with more than one left (or none), nobody does.
		out->end = TW_SIM_FORFEIT;
		out->winner = standing >= 0 ? standing : -2;
	} else {
		out->end = TW_SIM_ERROR;
	}
	if (out->end != TW_SIM_ERROR && out->winner >= 0 && out->winner < s->nsides)
		out->winner_alliance = tw_side_alliance(s, out->winner); // ll-reg: as it stands at the end
	for (int side = 0; side < nsides; side++)
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
		bool stop = p->failed || (p->cfg->stop && *p->cfg->stop);
		int i = stop ? p->count : p->next++;
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
	return tw_sim_run_until(cfg, first, count, out, NULL, err);
}

tw_status tw_sim_run_until(const tw_sim_config *cfg, int first, int count, tw_sim_game *out, int *played,
			   tw_error *err)
{
	if (played)
		*played = 0;
	if (!cfg->scenario || count < 0 || first < 0)
		return tw_error_set(err, TW_ERR_INPUT, "", "a study needs a scenario and a number of games");
	int nsides = cfg->scenario->nsides;
	if (nsides < 1 || nsides > TW_MAX_SIDES)
		return tw_error_set(err, TW_ERR_INPUT, "", "a study needs a scenario of 1 to %d sides, not %d", TW_MAX_SIDES,
				    nsides);
	for (int i = 0; i < cfg->ngparams; i++)
		if (cfg->gparams[i].side < -1 || cfg->gparams[i].side >= nsides)
			return tw_error_set(err, TW_ERR_INPUT, "", "doctrine parameter %s is set on side %d; the scenario has %d",
					    cfg->gparams[i].name, cfg->gparams[i].side, nsides);
	// A general that is not there (an unknown name, a doctrine that cannot be loaded: unreadable,
	// not Lua, no decide(), its top level fails with the first game's seed) stops the study
	// before it starts.
	const tw_ruleset *rs = tw_ruleset_get(cfg->scenario->ruleset);
	for (int side = 0; side < nsides && rs && count > 0; side++) {
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
	if (played) // games start in index order and every one started finishes: the first p.next
		*played = p.next < count ? p.next : count;
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
	for (int i = 0; i < n; i++)
		if (g[i].nsides > s->nsides)
			s->nsides = g[i].nsides > TW_MAX_SIDES ? TW_MAX_SIDES : g[i].nsides;
	double *v = malloc((size_t)(n > 0 ? n : 1) * sizeof *v);
	if (!v)
		return;
	for (int i = 0; i < n; i++) {
		if (g[i].end == TW_SIM_ERROR) {
			s->errors++;
			continue;
		}
		s->games++;
		int w = g[i].winner < s->nsides ? g[i].winner : -2;
		if (w >= 0)
			s->side[w].wins++;
		else
			s->draws++;
		int a = g[i].winner_alliance; // ll-reg: per alliance
		if (w >= 0 && a >= 0 && a < TW_MAX_SIDES) {
			s->alliance_wins[a]++;
			if (a + 1 > s->nalliances)
				s->nalliances = a + 1;
		}
		for (int k = 0; k < s->nsides; k++) {
			if (w >= 0 && w != k)
				s->side[k].losses++;
			s->side[k].lua_failures += g[i].lua_failed[k];
			s->side[k].forfeits += g[i].forfeited[k];
		}
	}
	const double z = 1.959963984540054;
	tw_wilson(s->draws, s->games, z, &s->draw_lo, &s->draw_hi);
	for (int a = 0; a < TW_MAX_SIDES; a++)
		tw_wilson(s->alliance_wins[a], s->games, z, &s->alliance_lo[a], &s->alliance_hi[a]);
	for (int k = 0; k < s->nsides; k++) {
		tw_sim_side_summary *p = &s->side[k];
		tw_wilson(p->wins, s->games, z, &p->win_lo, &p->win_hi);
		tw_wilson(p->losses, s->games, z, &p->loss_lo, &p->loss_hi);
	}
	// Distributions: every side's score and casualties, then the game moves.
	for (int what = 0; what <= 2 * s->nsides; what++) {
		int side = what / 2, k = 0;
		for (int i = 0; i < n; i++) {
			if (g[i].end == TW_SIM_ERROR)
				continue;
			v[k++] = what == 2 * s->nsides ? g[i].moves
				 : what % 2 == 0      ? g[i].score[side]
						      : g[i].casualties[side];
		}
		tw_sim_dist *d = what == 2 * s->nsides ? &s->moves
				 : what % 2 == 0      ? &s->side[side].score
						      : &s->side[side].casualties;
		tw_sim_distribution(v, k, d);
	}
	free(v);
}
