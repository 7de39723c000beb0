// tinwar sim: Monte Carlo studies, computer against computer (docs/doctrines.md).
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "tinwar/sim.h"

int cli_sim(int argc, char **argv);

const char *const cli_sim_usage =
	"tinwar sim SCENARIO --games N [--jobs J] [--red D] [--blue D] [--seed S]\n"
	"           [--shot-model fast|physics] [--vary PARAM=a,b,c] [--db FILE] [--json|--csv]\n"
	"           [--on-failure fallback|forfeit] [--fallback D] [--lua-memory MB] [--lua-steps N]\n"
	"           [--lua-seconds S] [--max-orders N] [--quiet]\n"
	"  SCENARIO: a scenario file, or gen:RULESET[:SEED] for a generated 144 x 96 in battle.\n"
	"  D: a built-in general (tinwar rulesets lists them) or a Lua doctrine FILE.lua.\n"
	"  PARAM: a rule parameter (aim_sigma, variety=fight_to_finish,blow_at_rear, ...) or a doctrine\n"
	"         parameter of one side: red.advance=0.2,0.5,0.8 (blue.X, both.X).";

static const char *const VAL_OPTS[] = {"--games",      "--jobs",      "--red",        "--blue",       "--seed",
				       "--shot-model", "--vary",      "--db",         "--on-failure", "--fallback",
				       "--lua-memory", "--lua-steps", "--lua-seconds", "--max-orders", NULL};

#ifdef TINWAR_MPI
tw_status tw_sim_run_mpi(const tw_sim_config *cfg, tw_sim_game *out, int *rank, tw_error *err);
#endif

// ---- progress bar on stderr (terminal only) ----

typedef struct progress {
	bool on;
	double t0, last;
	int study, nstudies;
} progress;

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void on_progress(int done, int total, void *ctx)
{
	progress *p = ctx;
	double t = now_s();
	if (done < total && t - p->last < 0.1)
		return;
	p->last = t;
	double el = t - p->t0;
	double eta = done > 0 ? el * (total - done) / done : 0;
	int width = 30, fill = total > 0 ? (int)((double)width * done / total) : width;
	char bar[64];
	for (int i = 0; i < width; i++)
		bar[i] = i < fill ? '#' : '.';
	bar[width] = 0;
	char pre[32] = "";
	if (p->nstudies > 1)
		snprintf(pre, sizeof pre, "%d/%d ", p->study + 1, p->nstudies);
	fprintf(stderr, "\r%s[%s] %d/%d games  %3.0f%%  ETA %4.0fs ", pre, bar, done, total,
		total ? 100.0 * done / total : 100.0, eta);
	if (done == total)
		fprintf(stderr, "\r%*s\r", 80, "");
	fflush(stderr);
}

// ---- --vary PARAM=a,b,c ----

#define MAX_VALUES 64

typedef struct sweep {
	bool on;
	char name[64];   ///< as written
	int rule_param;  ///< index in the rule set, or -1 for a doctrine parameter
	int side;        ///< doctrine parameter: 0, 1 or -1 (both)
	char dparam[32];
	int n;
	double v[MAX_VALUES];
	char label[MAX_VALUES][48];
} sweep;

static bool parse_sweep(const char *spec, const tw_ruleset *rs, sweep *sw)
{
	const char *eq = strchr(spec, '=');
	if (!eq || eq == spec || (size_t)(eq - spec) >= sizeof sw->name) {
		fprintf(stderr, "tinwar sim: --vary needs PARAM=a,b,c\n");
		return false;
	}
	memset(sw, 0, sizeof *sw);
	sw->on = true;
	memcpy(sw->name, spec, (size_t)(eq - spec));
	const tw_param_def *pd = NULL;
	sw->rule_param = tw_ruleset_param(rs, sw->name);
	if (sw->rule_param >= 0) {
		pd = &rs->params[sw->rule_param];
	} else {
		const char *dot = strchr(sw->name, '.');
		if (!dot || strlen(dot + 1) == 0 || strlen(dot + 1) >= sizeof sw->dparam) {
			fprintf(stderr, "tinwar sim: '%s' is neither a parameter of %s nor red.X, blue.X or both.X\n",
				sw->name, rs->name);
			return false;
		}
		size_t sl = (size_t)(dot - sw->name);
		if (sl == 3 && strncmp(sw->name, "red", 3) == 0)
			sw->side = 0;
		else if (sl == 4 && strncmp(sw->name, "blue", 4) == 0)
			sw->side = 1;
		else if (sl == 4 && strncmp(sw->name, "both", 4) == 0)
			sw->side = -1;
		else {
			fprintf(stderr, "tinwar sim: doctrine parameters are red.X, blue.X or both.X, not '%s'\n", sw->name);
			return false;
		}
		snprintf(sw->dparam, sizeof sw->dparam, "%s", dot + 1);
	}
	const char *p = eq + 1;
	while (*p) {
		if (sw->n >= MAX_VALUES) {
			fprintf(stderr, "tinwar sim: at most %d values in --vary\n", MAX_VALUES);
			return false;
		}
		size_t len = strcspn(p, ",");
		char tok[48];
		if (len == 0 || len >= sizeof tok) {
			fprintf(stderr, "tinwar sim: bad value list in --vary %s\n", spec);
			return false;
		}
		memcpy(tok, p, len);
		tok[len] = 0;
		char *end;
		double v = strtod(tok, &end);
		if (*end && pd && pd->choices) {
			v = -1;
			for (int c = 0; pd->choices[c]; c++)
				if (strcmp(pd->choices[c], tok) == 0)
					v = c;
			if (v < 0) {
				fprintf(stderr, "tinwar sim: %s has no value '%s'\n", sw->name, tok);
				return false;
			}
		} else if (*end || !isfinite(v)) {
			fprintf(stderr, "tinwar sim: '%s' is not a number (--vary %s)\n", tok, sw->name);
			return false;
		}
		if (pd && (v < pd->min || v > pd->max)) {
			fprintf(stderr, "tinwar sim: %s=%s lies outside [%g, %g]\n", sw->name, tok, pd->min, pd->max);
			return false;
		}
		sw->v[sw->n] = v;
		snprintf(sw->label[sw->n], sizeof sw->label[sw->n], "%s", tok);
		sw->n++;
		p += len;
		if (*p == ',')
			p++;
	}
	return sw->n > 0;
}

// ---- output ----

static void print_dist(FILE *out, const char *what, const tw_sim_dist *d)
{
	fprintf(out, "  %-18s mean %7.2f  sd %6.2f  min %6.1f  q10 %6.1f  q25 %6.1f  median %6.1f  q75 %6.1f  q90 %6.1f  max %6.1f\n",
		what, d->mean, d->sd, d->min, d->q10, d->q25, d->median, d->q75, d->q90, d->max);
}

static void print_text(FILE *out, const tw_state *s, const tw_sim_summary *m)
{
	const char *red = s->sides[0].name, *blue = s->sides[1].name;
	int n = m->games;
	double r = n ? 100.0 / n : 0;
	fprintf(out, "  %s wins %6d  %5.1f%%  95%% CI [%5.1f%%, %5.1f%%]\n", red, m->wins, m->wins * r, 100 * m->win_lo,
		100 * m->win_hi);
	fprintf(out, "  draws    %6d  %5.1f%%  95%% CI [%5.1f%%, %5.1f%%]\n", m->draws, m->draws * r, 100 * m->draw_lo,
		100 * m->draw_hi);
	fprintf(out, "  %s wins %5d  %5.1f%%  95%% CI [%5.1f%%, %5.1f%%]\n", blue, m->losses, m->losses * r,
		100 * m->loss_lo, 100 * m->loss_hi);
	char what[48];
	snprintf(what, sizeof what, "score %s", red);
	print_dist(out, what, &m->score[0]);
	snprintf(what, sizeof what, "score %s", blue);
	print_dist(out, what, &m->score[1]);
	snprintf(what, sizeof what, "casualties %s", red);
	print_dist(out, what, &m->casualties[0]);
	snprintf(what, sizeof what, "casualties %s", blue);
	print_dist(out, what, &m->casualties[1]);
	print_dist(out, "game moves", &m->moves);
	if (m->errors || m->forfeits[0] || m->forfeits[1] || m->lua_failures[0] || m->lua_failures[1])
		fprintf(out, "  failed games %d (not counted); forfeits %s %d, %s %d; Lua failures %s %d, %s %d\n", m->errors,
			red, m->forfeits[0], blue, m->forfeits[1], red, m->lua_failures[0], blue, m->lua_failures[1]);
}

static json_t *jdist(const tw_sim_dist *d)
{
	return json_pack("{s:f,s:f,s:f,s:f,s:f,s:f,s:f,s:f,s:f}", "mean", d->mean, "sd", d->sd, "min", d->min, "q10",
			 d->q10, "q25", d->q25, "median", d->median, "q75", d->q75, "q90", d->q90, "max", d->max);
}

static json_t *jrate(int k, int n, double lo, double hi)
{
	return json_pack("{s:i,s:f,s:f,s:f}", "n", k, "rate", n ? (double)k / n : 0.0, "lo", lo, "hi", hi);
}

static json_t *json_study(const tw_state *s, const sweep *sw, int k, const tw_sim_summary *m, int64_t id)
{
	const char *red = s->sides[0].name, *blue = s->sides[1].name;
	json_t *o = json_object();
	if (sw->on) {
		json_object_set_new(o, "vary", json_string(sw->name));
		json_object_set_new(o, "value", json_string(sw->label[k]));
	}
	json_object_set_new(o, "games", json_integer(m->games));
	json_object_set_new(o, "errors", json_integer(m->errors));
	char key[48];
	snprintf(key, sizeof key, "%s_wins", red);
	json_object_set_new(o, key, jrate(m->wins, m->games, m->win_lo, m->win_hi));
	json_object_set_new(o, "draws", jrate(m->draws, m->games, m->draw_lo, m->draw_hi));
	snprintf(key, sizeof key, "%s_wins", blue);
	json_object_set_new(o, key, jrate(m->losses, m->games, m->loss_lo, m->loss_hi));
	json_object_set_new(o, "score", json_pack("{s:o,s:o}", red, jdist(&m->score[0]), blue, jdist(&m->score[1])));
	json_object_set_new(o, "casualties",
			    json_pack("{s:o,s:o}", red, jdist(&m->casualties[0]), blue, jdist(&m->casualties[1])));
	json_object_set_new(o, "moves", jdist(&m->moves));
	json_object_set_new(o, "forfeits", json_pack("{s:i,s:i}", red, m->forfeits[0], blue, m->forfeits[1]));
	json_object_set_new(o, "lua_failures", json_pack("{s:i,s:i}", red, m->lua_failures[0], blue, m->lua_failures[1]));
	if (id > 0)
		json_object_set_new(o, "study_id", json_integer(id));
	return o;
}

static void csv_header(FILE *out)
{
	fprintf(out, "vary,value,games,errors,red_wins,draws,blue_wins,red_win_rate,red_win_lo,red_win_hi,draw_rate,"
		     "draw_lo,draw_hi,blue_win_rate,blue_win_lo,blue_win_hi,score_red_mean,score_red_sd,"
		     "score_blue_mean,score_blue_sd,casualties_red_mean,casualties_red_sd,casualties_blue_mean,"
		     "casualties_blue_sd,moves_mean,moves_median\n");
}

static void csv_row(FILE *out, const sweep *sw, int k, const tw_sim_summary *m)
{
	double n = m->games ? m->games : 1;
	fprintf(out, "%s,%s,%d,%d,%d,%d,%d,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f\n",
		sw->on ? sw->name : "", sw->on ? sw->label[k] : "", m->games, m->errors, m->wins, m->draws, m->losses,
		m->wins / n, m->win_lo, m->win_hi, m->draws / n, m->draw_lo, m->draw_hi, m->losses / n, m->loss_lo,
		m->loss_hi, m->score[0].mean, m->score[0].sd, m->score[1].mean, m->score[1].sd, m->casualties[0].mean,
		m->casualties[0].sd, m->casualties[1].mean, m->casualties[1].sd, m->moves.mean, m->moves.median);
}

// ---- the command ----

static int load_scenario(const char *spec, tw_state *s)
{
	if (strncmp(spec, "gen:", 4) == 0) {
		char rs[32] = "";
		uint64_t seed = 1;
		const char *colon = strchr(spec + 4, ':');
		size_t len = colon ? (size_t)(colon - spec - 4) : strlen(spec + 4);
		if (len == 0 || len >= sizeof rs || (colon && !cli_parse_u64(colon + 1, &seed))) {
			fprintf(stderr, "tinwar sim: write a generated scenario as gen:RULESET[:SEED]\n");
			return CLI_BAD;
		}
		memcpy(rs, spec + 4, len);
		memset(s, 0, sizeof *s);
		tw_error err;
		if (tw_scenario_generate(s, rs, seed, 144, 96, &err) != TW_OK) {
			cli_print_error(spec, &err);
			return CLI_BAD;
		}
		return CLI_OK;
	}
	return cli_load_state(spec, s);
}

static bool parse_int_opt(int argc, char **argv, const char *name, int lo, int hi, int *out)
{
	const char *v = cli_opt(argc, argv, name);
	if (!v)
		return true;
	uint64_t x;
	if (!cli_parse_u64(v, &x) || x < (uint64_t)lo || x > (uint64_t)hi) {
		fprintf(stderr, "tinwar sim: %s needs a whole number from %d to %d\n", name, lo, hi);
		return false;
	}
	*out = (int)x;
	return true;
}

static bool parse_num_opt(int argc, char **argv, const char *name, double lo, double hi, double *out)
{
	const char *v = cli_opt(argc, argv, name);
	if (!v)
		return true;
	char *end;
	double x = strtod(v, &end);
	if (!*v || *end || !(x >= lo && x <= hi)) {
		fprintf(stderr, "tinwar sim: %s needs a number from %g to %g\n", name, lo, hi);
		return false;
	}
	*out = x;
	return true;
}

int cli_sim(int argc, char **argv)
{
	const char *spec = cli_pos(argc, argv, 0, VAL_OPTS);
	if (!spec || !cli_opt(argc, argv, "--games")) {
		fprintf(stderr, "usage: %s\n", cli_sim_usage);
		return CLI_BAD;
	}
	tw_sim_config cfg;
	tw_sim_config_default(&cfg);
	cfg.lua.quiet = true;
	if (!parse_int_opt(argc, argv, "--games", 1, 100000000, &cfg.games) ||
	    !parse_int_opt(argc, argv, "--jobs", 1, 256, &cfg.jobs) ||
	    !parse_int_opt(argc, argv, "--max-orders", 1, 100000000, &cfg.max_orders))
		return CLI_BAD;
	const char *v;
	if ((v = cli_opt(argc, argv, "--seed")) && !cli_parse_u64(v, &cfg.seed)) {
		fprintf(stderr, "tinwar sim: --seed needs a whole number\n");
		return CLI_BAD;
	}
	cfg.general[0] = cli_opt(argc, argv, "--red") ? cli_opt(argc, argv, "--red") : "default";
	cfg.general[1] = cli_opt(argc, argv, "--blue") ? cli_opt(argc, argv, "--blue") : "default";
	if ((v = cli_opt(argc, argv, "--shot-model"))) {
		cfg.shots = tw_shot_model_find(v);
		if (!cfg.shots) {
			fprintf(stderr, "tinwar sim: no shot model '%s' in this build\n", v);
			return CLI_BAD;
		}
	}
	if ((v = cli_opt(argc, argv, "--on-failure"))) {
		if (strcmp(v, "fallback") == 0)
			cfg.lua.on_failure = TW_LUA_FALLBACK;
		else if (strcmp(v, "forfeit") == 0)
			cfg.lua.on_failure = TW_LUA_FORFEIT;
		else {
			fprintf(stderr, "tinwar sim: --on-failure is fallback or forfeit\n");
			return CLI_BAD;
		}
	}
	if ((v = cli_opt(argc, argv, "--fallback")))
		cfg.lua.fallback = v;
	double mb = (double)cfg.lua.memory / (1 << 20), steps = (double)cfg.lua.instructions;
	if (!parse_num_opt(argc, argv, "--lua-memory", 1, 4096, &mb) ||
	    !parse_num_opt(argc, argv, "--lua-steps", 1000, 1e15, &steps) ||
	    !parse_num_opt(argc, argv, "--lua-seconds", 0.001, 3600, &cfg.lua.seconds))
		return CLI_BAD;
	cfg.lua.memory = (size_t)(mb * (1 << 20));
	cfg.lua.instructions = (uint64_t)steps;
	bool json = cli_flag(argc, argv, "--json"), csv = cli_flag(argc, argv, "--csv");
	bool quiet = cli_flag(argc, argv, "--quiet");
	const char *db = cli_opt(argc, argv, "--db");

	tw_state scen;
	int rc = load_scenario(spec, &scen);
	if (rc != CLI_OK)
		return rc;
	const tw_ruleset *rs = tw_ruleset_get(scen.ruleset);
	sweep sw = {0};
	if ((v = cli_opt(argc, argv, "--vary")) && !parse_sweep(v, rs, &sw)) {
		tw_state_free(&scen);
		return CLI_BAD;
	}
	int rank = 0;
	progress pg = {.on = !quiet && isatty(2), .nstudies = sw.on ? sw.n : 1};
	if (pg.on) {
		cfg.progress = on_progress;
		cfg.progress_ctx = &pg;
	}
	tw_sim_game *games = calloc((size_t)cfg.games, sizeof *games);
	if (!games) {
		tw_state_free(&scen);
		fprintf(stderr, "tinwar sim: out of memory\n");
		return CLI_FAIL;
	}
	json_t *jall = json ? json_array() : NULL;
	if (csv)
		csv_header(stdout);
	double base_param = sw.on && sw.rule_param >= 0 ? scen.params[sw.rule_param] : 0;
	rc = CLI_OK;
	for (int k = 0; k < (sw.on ? sw.n : 1) && rc == CLI_OK; k++) {
		cfg.scenario = &scen;
		cfg.ngparams = 0;
		if (sw.on && sw.rule_param >= 0) {
			scen.params[sw.rule_param] = sw.v[k];
		} else if (sw.on) {
			cfg.ngparams = 1;
			cfg.gparams[0].side = sw.side;
			snprintf(cfg.gparams[0].name, sizeof cfg.gparams[0].name, "%s", sw.dparam);
			cfg.gparams[0].value = sw.v[k];
		}
		pg.study = k;
		pg.t0 = now_s();
		pg.last = 0;
		tw_error err;
		tw_error_clear(&err);
		tw_status st;
#ifdef TINWAR_MPI
		st = tw_sim_run_mpi(&cfg, games, &rank, &err);
		if (rank != 0)
			pg.on = false, cfg.progress = NULL;
#else
		st = tw_sim_run(&cfg, games, &err);
#endif
		double secs = now_s() - pg.t0;
		if (st != TW_OK) {
			if (rank == 0)
				fprintf(stderr, "tinwar sim: %s\n", err.message);
			rc = cli_exit_code(st);
			break;
		}
		if (rank != 0)
			continue;
		tw_sim_summary m;
		tw_sim_summarize(games, cfg.games, &m);
		int64_t id = 0;
		if (db) {
			char label[128] = "";
			if (sw.on)
				snprintf(label, sizeof label, "%s=%s", sw.name, sw.label[k]);
			if (tw_sim_store(db, &cfg, spec, label, games, cfg.games, &id, &err) != TW_OK) {
				fprintf(stderr, "tinwar sim: %s\n", err.message);
				rc = CLI_FAIL;
			}
		}
		if (json) {
			json_array_append_new(jall, json_study(&scen, &sw, k, &m, id));
		} else if (csv) {
			csv_row(stdout, &sw, k, &m);
		} else {
			printf("%s: %d games, %s %s against %s %s, seed %llu, %s shots", spec, cfg.games, scen.sides[0].name,
			       cfg.general[0], scen.sides[1].name, cfg.general[1], (unsigned long long)cfg.seed,
			       cfg.shots ? cfg.shots->name : "fast");
			if (sw.on)
				printf(", %s=%s", sw.name, sw.label[k]);
			printf("\n");
			print_text(stdout, &scen, &m);
			printf("  %.2f s, %d jobs: %.2f ms a game a job\n", secs, cfg.jobs,
			       secs * 1e3 * cfg.jobs / (cfg.games ? cfg.games : 1));
			if (id > 0) {
				int studies = 0, ng = 0, w = 0, d = 0;
				if (tw_sim_db_totals(db, spec, cfg.general[0], cfg.general[1], &studies, &ng, &w, &d, &err) ==
				    TW_OK)
					printf("  stored as study %lld in %s (%d studies, %d games of this pairing there)\n",
					       (long long)id, db, studies, ng);
			}
		}
	}
	if (sw.on && sw.rule_param >= 0)
		scen.params[sw.rule_param] = base_param;
	if (json && rank == 0 && rc == CLI_OK) {
		json_t *top = json_pack("{s:s,s:i,s:s,s:s,s:I,s:s,s:o}", "scenario", spec, "games", cfg.games, "red",
					cfg.general[0], "blue", cfg.general[1], "seed", (json_int_t)cfg.seed, "shot_model",
					cfg.shots ? cfg.shots->name : "fast", "studies", jall);
		jall = NULL;
		char *txt = json_dumps(top, JSON_INDENT(2) | JSON_REAL_PRECISION(10));
		printf("%s\n", txt);
		free(txt);
		json_decref(top);
	}
	json_decref(jall);
	free(games);
	tw_state_free(&scen);
	return rc;
}
