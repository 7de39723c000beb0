// tinwar sim: Monte Carlo studies, computer against computer (docs/doctrines.md).
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "tinwar/sim.h"

int cli_sim(int argc, char **argv);

const char *const cli_sim_usage =
	"tinwar sim SCENARIO --games N [--jobs J] [--general SIDE=D ...] [--red D] [--blue D] [--seed S]\n"
	"           [--shot-model fast|physics] [--vary PARAM=a,b,c] [--db FILE] [--json|--csv]\n"
	"           [--on-failure fallback|forfeit] [--fallback D] [--lua-memory MB] [--lua-steps N]\n"
	"           [--lua-seconds S] [--max-orders N] [--quiet]\n"
	"       tinwar sim SCENARIO --games N --manual FILE [--manual FILE ...] [--gun MODEL,...] [--seed S]\n"
	"           [--jobs J] [--shot-model M]   (Science versus Luck: manuals x guns, win rates with 95% CIs)\n"
	"  SCENARIO: a scenario file, or gen:RULESET[:SEED] for a generated 144 x 96 in battle.\n"
	"  --general SIDE=D: the general of the side so named, once a side, for any number of sides\n"
	"         (--general red=lw-rush --general blue=my.lua); --red D and --blue D stand for the\n"
	"         first and second sides. A side without one gets the rule set's default.\n"
	"  D: a built-in general (tinwar rulesets lists them) or a Lua doctrine FILE.lua.\n"
	"  PARAM: a rule parameter (aim_sigma, variety=fight_to_finish,blow_at_rear, ...) or a doctrine\n"
	"         parameter of one side by its name, red.advance=0.2,0.5,0.8, or of all sides: all.X\n"
	"         (both.X is the same).\n"
	"  Ctrl-C (SIGINT) or SIGTERM: no new game starts, the games in flight finish, the games played\n"
	"  are stored (--db) and summed up as a partial result, and the exit code is 128 + the signal.";

static const char *const VAL_OPTS[] = {"--games",      "--jobs",       "--red",        "--blue",     "--general",
				       "--seed",       "--shot-model", "--vary",       "--db",       "--on-failure",
				       "--fallback",   "--lua-memory", "--lua-steps",  "--lua-seconds", "--max-orders",
				       NULL};

// ---- stopping cleanly (SIGINT, SIGTERM) ----

static volatile sig_atomic_t g_stop; // the signal that asked the study to stop, 0 none

static void on_stop_signal(int sig) { g_stop = sig; }

// Catches SIGINT and SIGTERM once (SA_RESETHAND: a second one ends the program at once, for a
// game that will not finish), keeping the previous dispositions in old[2].
static void catch_stop(struct sigaction old[2])
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop_signal;
	sa.sa_flags = SA_RESETHAND;
	sigemptyset(&sa.sa_mask);
	g_stop = 0;
	sigaction(SIGINT, &sa, &old[0]);
	sigaction(SIGTERM, &sa, &old[1]);
}

static void release_stop(const struct sigaction old[2])
{
	sigaction(SIGINT, &old[0], NULL);
	sigaction(SIGTERM, &old[1], NULL);
}

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
	int side;        ///< doctrine parameter: a side index, or -1 (all)
	char dparam[32];
	int n;
	double v[MAX_VALUES];
	char label[MAX_VALUES][48];
} sweep;

static bool parse_sweep(const char *spec, const tw_state *sc, const tw_ruleset *rs, sweep *sw)
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
		// SIDE.X: the first dot ends the side's name (side names have no dots in our scenarios;
		// a side named with one is matched whole first).
		const char *dot = NULL;
		sw->side = -2;
		for (int k = 0; k < sc->nsides && sw->side == -2; k++) {
			size_t nl = strlen(sc->sides[k].name);
			if (strncmp(sw->name, sc->sides[k].name, nl) == 0 && sw->name[nl] == '.') {
				sw->side = k;
				dot = sw->name + nl;
			}
		}
		if (sw->side == -2 && (strncmp(sw->name, "all.", 4) == 0 || strncmp(sw->name, "both.", 5) == 0)) {
			sw->side = -1;
			dot = strchr(sw->name, '.');
		}
		if (sw->side == -2) {
			fprintf(stderr, "tinwar sim: '%s' is neither a parameter of %s nor SIDE.X with a side of the scenario (",
				sw->name, rs->name);
			for (int k = 0; k < sc->nsides; k++)
				fprintf(stderr, "%s.X, ", sc->sides[k].name);
			fprintf(stderr, "or all.X; ");
			cli_list_params(stderr, rs);
			fprintf(stderr, ")\n");
			return false;
		}
		if (strlen(dot + 1) == 0 || strlen(dot + 1) >= sizeof sw->dparam) {
			fprintf(stderr, "tinwar sim: '%s' needs a doctrine parameter's name after the side\n", sw->name);
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

static void print_rate(FILE *out, const char *label, int width, int k, int n, double lo, double hi)
{
	double r = n ? 100.0 / n : 0;
	fprintf(out, "  %-*s%6d  %5.1f%%  95%% CI [%5.1f%%, %5.1f%%]\n", width, label, k, k * r, 100 * lo, 100 * hi);
}

// ll-reg: alliances. A scenario whose sides start in shared alliances (Lloyd's six-player camps,
// SP.D2) gets its wins counted per alliance too: the winner's alliance at the end of each game.
// An alliance is named by its sides at the start ("earl+baron+sheriff"); a side that changed
// alliance in play counts for the one it ended in.
static json_t *jrate(int k, int n, double lo, double hi);

static bool has_alliances(const tw_state *s)
{
	for (int a = 0; a < s->nsides; a++)
		for (int b = a + 1; b < s->nsides; b++)
			if (tw_side_alliance(s, a) == tw_side_alliance(s, b))
				return true;
	return false;
}

static void alliance_label(const tw_state *s, int a, char *buf, size_t size)
{
	size_t n = (size_t)snprintf(buf, size, "alliance %d", a);
	const char *sep = " (";
	for (int k = 0; k < s->nsides && n < size; k++)
		if (tw_side_alliance(s, k) == a) {
			n += (size_t)snprintf(buf + n, size - n, "%s%s", sep, s->sides[k].name);
			sep = "+";
		}
	if (n < size && strcmp(sep, "+") == 0)
		snprintf(buf + n, size - n, ")");
}

static void print_alliances(FILE *out, const tw_state *s, const tw_sim_summary *m, int width)
{
	char what[160];
	for (int a = 0; a < TW_MAX_SIDES; a++) {
		bool member = false;
		for (int k = 0; k < s->nsides; k++)
			member |= tw_side_alliance(s, k) == a;
		if (!member && m->alliance_wins[a] == 0)
			continue;
		alliance_label(s, a, what, sizeof what);
		snprintf(what + strlen(what), sizeof what - strlen(what), " wins");
		print_rate(out, what, width, m->alliance_wins[a], m->games, m->alliance_lo[a], m->alliance_hi[a]);
	}
}

static json_t *json_alliances(const tw_state *s, const tw_sim_summary *m)
{
	json_t *arr = json_array();
	for (int a = 0; a < TW_MAX_SIDES; a++) {
		json_t *sides = json_array();
		for (int k = 0; k < s->nsides; k++)
			if (tw_side_alliance(s, k) == a)
				json_array_append_new(sides, json_string(s->sides[k].name));
		int w = m->alliance_wins[a];
		if (json_array_size(sides) == 0 && w == 0) {
			json_decref(sides);
			continue;
		}
		json_array_append_new(arr, json_pack("{s:i,s:o,s:o}", "alliance", a, "sides", sides, "wins",
						     jrate(w, m->games, m->alliance_lo[a], m->alliance_hi[a])));
	}
	return arr;
}

// Each side's wins, the draws, each side's score and casualties, the game moves.
static void print_text(FILE *out, const tw_state *s, const tw_sim_summary *m)
{
	int ns = s->nsides, width = 9;
	char what[48];
	for (int k = 0; k < ns; k++) {
		int len = snprintf(what, sizeof what, "%s wins", s->sides[k].name);
		if (len > width)
			width = len;
	}
	for (int k = 0; k < ns; k++) {
		snprintf(what, sizeof what, "%s wins", s->sides[k].name);
		print_rate(out, what, width, m->side[k].wins, m->games, m->side[k].win_lo, m->side[k].win_hi);
	}
	print_rate(out, "draws", width, m->draws, m->games, m->draw_lo, m->draw_hi);
	if (has_alliances(s))
		print_alliances(out, s, m, width);
	for (int k = 0; k < ns; k++) {
		snprintf(what, sizeof what, "score %s", s->sides[k].name);
		print_dist(out, what, &m->side[k].score);
	}
	for (int k = 0; k < ns; k++) {
		snprintf(what, sizeof what, "casualties %s", s->sides[k].name);
		print_dist(out, what, &m->side[k].casualties);
	}
	print_dist(out, "game moves", &m->moves);
	bool trouble = m->errors > 0;
	for (int k = 0; k < ns; k++)
		trouble |= m->side[k].forfeits > 0 || m->side[k].lua_failures > 0;
	if (!trouble)
		return;
	fprintf(out, "  failed games %d (not counted); forfeits", m->errors);
	for (int k = 0; k < ns; k++)
		fprintf(out, "%s %s %d", k ? "," : "", s->sides[k].name, m->side[k].forfeits);
	fprintf(out, "; Lua failures");
	for (int k = 0; k < ns; k++)
		fprintf(out, "%s %s %d", k ? "," : "", s->sides[k].name, m->side[k].lua_failures);
	fprintf(out, "\n");
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

// One study: "SIDE_wins" for each side, "draws", then objects keyed by side name.
static json_t *json_study(const tw_state *s, const sweep *sw, int k, const tw_sim_summary *m, int64_t id)
{
	json_t *o = json_object();
	if (sw->on) {
		json_object_set_new(o, "vary", json_string(sw->name));
		json_object_set_new(o, "value", json_string(sw->label[k]));
	}
	json_object_set_new(o, "games", json_integer(m->games));
	json_object_set_new(o, "errors", json_integer(m->errors));
	char key[48];
	for (int i = 0; i < s->nsides; i++) {
		const tw_sim_side_summary *p = &m->side[i];
		snprintf(key, sizeof key, "%s_wins", s->sides[i].name);
		json_object_set_new(o, key, jrate(p->wins, m->games, p->win_lo, p->win_hi));
	}
	json_object_set_new(o, "draws", jrate(m->draws, m->games, m->draw_lo, m->draw_hi));
	if (has_alliances(s))
		json_object_set_new(o, "alliances", json_alliances(s, m));
	json_t *score = json_object(), *cas = json_object(), *forf = json_object(), *lua = json_object();
	for (int i = 0; i < s->nsides; i++) {
		const char *name = s->sides[i].name;
		json_object_set_new(score, name, jdist(&m->side[i].score));
		json_object_set_new(cas, name, jdist(&m->side[i].casualties));
		json_object_set_new(forf, name, json_integer(m->side[i].forfeits));
		json_object_set_new(lua, name, json_integer(m->side[i].lua_failures));
	}
	json_object_set_new(o, "score", score);
	json_object_set_new(o, "casualties", cas);
	json_object_set_new(o, "moves", jdist(&m->moves));
	json_object_set_new(o, "forfeits", forf);
	json_object_set_new(o, "lua_failures", lua);
	if (id > 0)
		json_object_set_new(o, "study_id", json_integer(id));
	return o;
}

static void csv_header(FILE *out, const tw_state *s)
{
	fprintf(out, "vary,value,games,errors,draws,draw_rate,draw_lo,draw_hi");
	for (int k = 0; k < s->nsides; k++) {
		const char *n = s->sides[k].name;
		fprintf(out, ",%s_wins,%s_win_rate,%s_win_lo,%s_win_hi,score_%s_mean,score_%s_sd,casualties_%s_mean,casualties_%s_sd",
			n, n, n, n, n, n, n, n);
	}
	fprintf(out, ",moves_mean,moves_median\n");
}

static void csv_row(FILE *out, const tw_state *s, const sweep *sw, int k, const tw_sim_summary *m)
{
	double n = m->games ? m->games : 1;
	fprintf(out, "%s,%s,%d,%d,%d,%.6f,%.6f,%.6f", sw->on ? sw->name : "", sw->on ? sw->label[k] : "", m->games,
		m->errors, m->draws, m->draws / n, m->draw_lo, m->draw_hi);
	for (int i = 0; i < s->nsides; i++) {
		const tw_sim_side_summary *p = &m->side[i];
		fprintf(out, ",%d,%.6f,%.6f,%.6f,%.4f,%.4f,%.4f,%.4f", p->wins, p->wins / n, p->win_lo, p->win_hi,
			p->score.mean, p->score.sd, p->casualties.mean, p->casualties.sd);
	}
	fprintf(out, ",%.4f,%.4f\n", m->moves.mean, m->moves.median);
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

// Value of option argv[i] if it is `name` ("--red X" or "--red=X"; *skip: it took argv[i + 1]).
int cli_sim_study(int argc, char **argv); // sv-cite: cli_svl_study.c

int cli_sim(int argc, char **argv)
{
	if (cli_opt(argc, argv, "--manual") || cli_opt(argc, argv, "--gun")) // sv-cite: manuals x guns
		return cli_sim_study(argc, argv);
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
	if (!cli_parse_generals("sim", argc, argv, VAL_OPTS, &scen, cfg.general) || ((v = cli_opt(argc, argv, "--vary")) && !parse_sweep(v, &scen, rs, &sw))) {
		tw_state_free(&scen);
		return CLI_BAD;
	}
	// A general's name that is not known: the valid ones (Lua doctrines are checked by the study).
	for (int i = 0; i < scen.nsides; i++) {
		const char *gname = cfg.general[i];
		size_t gl = gname ? strlen(gname) : 0;
		if (!gname || (gl > 4 && strcmp(gname + gl - 4, ".lua") == 0))
			continue;
		tw_general *g = tw_general_new(gname, rs, i, 1);
		if (g) {
			tw_general_free(g);
			continue;
		}
		fprintf(stderr, "tinwar sim: %s: no general '%s' for rule set %s (", scen.sides[i].name, gname, rs->name);
		cli_list_generals(stderr, gname, rs, false);
		fprintf(stderr, ")\n");
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
		csv_header(stdout, &scen);
	double base_param = sw.on && sw.rule_param >= 0 ? scen.params[sw.rule_param] : 0;
	rc = CLI_OK;
	struct sigaction old_sig[2];
	catch_stop(old_sig);
	cfg.stop = &g_stop;
	for (int k = 0; k < (sw.on ? sw.n : 1) && rc == CLI_OK && !g_stop; k++) {
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
		int played = cfg.games; // (MPI: stopping early is not supported; all games are played)
#else
		int played = 0;
		st = tw_sim_run_until(&cfg, 0, cfg.games, games, &played, &err);
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
		// Stopped by a signal: the games played (always the first ones) are the partial result.
		bool partial = played < cfg.games;
		if (partial)
			fprintf(stderr, "\ntinwar sim: stopped by %s: %d of %d games played; the result is partial\n",
				g_stop == SIGTERM ? "SIGTERM" : "SIGINT", played, cfg.games);
		tw_sim_summary m;
		tw_sim_summarize(games, played, &m);
		int64_t id = 0;
		if (db) {
			char label[128] = "";
			if (sw.on)
				snprintf(label, sizeof label, "%s=%s", sw.name, sw.label[k]);
			if (partial && label[0] == 0)
				snprintf(label, sizeof label, "partial");
			if (tw_sim_store(db, &cfg, spec, label, games, played, &id, &err) != TW_OK) {
				fprintf(stderr, "tinwar sim: %s\n", err.message);
				rc = CLI_FAIL;
			}
		}
		if (json) {
			json_t *js = json_study(&scen, &sw, k, &m, id);
			if (js && partial)
				json_object_set_new(js, "partial", json_true());
			json_array_append_new(jall, js);
		} else if (csv) {
			csv_row(stdout, &scen, &sw, k, &m);
		} else {
			if (partial)
				printf("PARTIAL (stopped by %s): %d of %d games played\n", g_stop == SIGTERM ? "SIGTERM" : "SIGINT",
				       played, cfg.games);
			printf("%s: %d games, ", spec, played);
			for (int i = 0; i < scen.nsides; i++)
				printf("%s%s %s", i ? " against " : "", scen.sides[i].name, cfg.general[i]);
			printf(", seed %llu, %s shots", (unsigned long long)cfg.seed, cfg.shots ? cfg.shots->name : "fast");
			if (sw.on)
				printf(", %s=%s", sw.name, sw.label[k]);
			printf("\n");
			print_text(stdout, &scen, &m);
			printf("  %.2f s, %d jobs: %.2f ms a game a job\n", secs, cfg.jobs,
			       secs * 1e3 * cfg.jobs / (played ? played : 1));
			tw_sim_totals tot;
			if (id > 0 && tw_sim_db_totals(db, spec, scen.nsides, cfg.general, &tot, &err) == TW_OK)
				printf("  stored as study %lld in %s (%d studies, %d games of this pairing there)\n",
				       (long long)id, db, tot.studies, tot.games);
		}
	}
	release_stop(old_sig);
	if (g_stop && rc == CLI_OK)
		rc = 128 + g_stop; // as a shell reports a program its signal ended, after the partial result
	if (sw.on && sw.rule_param >= 0)
		scen.params[sw.rule_param] = base_param;
	if (json && rank == 0 && (rc == CLI_OK || g_stop)) {
		json_t *gens = json_object();
		for (int i = 0; i < scen.nsides; i++)
			json_object_set_new(gens, scen.sides[i].name, json_string(cfg.general[i]));
		json_t *top = json_pack("{s:s,s:i,s:o,s:I,s:s,s:o}", "scenario", spec, "games", cfg.games, "generals", gens,
					"seed", (json_int_t)cfg.seed, "shot_model", cfg.shots ? cfg.shots->name : "fast",
					"studies", jall);
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
