// tinwar campaign: a war of several battles to an agreed number of points, kept as a series
// (series.h) whose players are the sides. The rule set's series hooks keep the score; this
// command plays or takes each battle through tw_series_next / tw_series_record and shows the
// campaign members of the carry-over (target, sides, totals, battles, winner, clauses: see
// docs/campaign.md), citing the clauses the carry-over names.
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *const VAL_OPTS[] = {"--db",  "--target",     "--seed",    "--red",   "--blue", "--general",
				       "--log", "--shot-model", "--ruleset", "--sides", "--prepare", NULL};

/// A campaign's sides (the series' players) unless --sides names others.
static const char *const DEFAULT_SIDES[] = {"red", "blue"};

/// A campaign's standing: the series and the campaign members of its carry-over.
typedef struct standing {
	tw_series_info info;
	json_t *carry;
	bool campaign; ///< the carry-over has the campaign members (else: another kind of series)
	double target;
	int n;
	const char *side[TW_MAX_SIDES];
	double total[TW_MAX_SIDES];
	const char *winner; ///< the side that won the war, NULL while it goes on
	int leader;         ///< the side alone ahead, -1 if the lead is shared
	const char *target_clause, *credit_clause;
	const char *goal; ///< ll-fin: the carry-over's own words for how the war is won (NULL: first to target)
	json_t *last; ///< the last battle recorded, NULL before the first
} standing;

static void standing_free(standing *s)
{
	json_decref(s->carry);
	tw_series_info_free(&s->info);
	memset(s, 0, sizeof *s);
}

static tw_status standing_read(tw_series *db, const char *name, standing *s, tw_error *err)
{
	memset(s, 0, sizeof *s);
	s->leader = -1;
	tw_status st = tw_series_status(db, name, &s->info, err);
	if (st != TW_OK)
		return st;
	s->carry = json_loads(s->info.carry, 0, NULL);
	json_t *t = json_object_get(s->carry, "target"), *sides = json_object_get(s->carry, "sides");
	json_t *totals = json_object_get(s->carry, "totals"), *battles = json_object_get(s->carry, "battles");
	json_t *clauses = json_object_get(s->carry, "clauses");
	s->campaign = json_is_number(t) && json_is_array(sides) && json_array_size(sides) <= TW_MAX_SIDES &&
		      json_is_object(totals) && json_is_array(battles);
	if (!s->campaign)
		return TW_OK;
	s->target = json_number_value(t);
	s->n = (int)json_array_size(sides);
	for (int i = 0; i < s->n; i++) {
		s->side[i] = json_string_value(json_array_get(sides, (size_t)i));
		if (!s->side[i])
			s->side[i] = "?";
		s->total[i] = json_number_value(json_object_get(totals, s->side[i]));
		if (s->leader < 0 || s->total[i] > s->total[s->leader])
			s->leader = i;
	}
	for (int i = 0; s->leader >= 0 && i < s->n; i++)
		if (i != s->leader && s->total[i] == s->total[s->leader])
			s->leader = -1;
	s->winner = json_string_value(json_object_get(s->carry, "winner"));
	s->target_clause = json_string_value(json_object_get(clauses, "target"));
	s->credit_clause = json_string_value(json_object_get(clauses, "credit"));
	s->goal = json_string_value(json_object_get(s->carry, "goal")); // ll-fin: a rule set's own goal
	size_t nb = json_array_size(battles);
	s->last = nb ? json_array_get(battles, nb - 1) : NULL;
	return TW_OK;
}

/// " (CLAUSE)" if the carry-over names one.
static void cite(const char *clause)
{
	if (clause && clause[0])
		printf(" (%s)", clause);
}

/// A JSON string, escaped.
static void put_json_string(const char *s)
{
	json_t *j = json_string(s ? s : "");
	char *t = j ? json_dumps(j, JSON_ENCODE_ANY) : NULL;
	fputs(t ? t : "\"\"", stdout);
	free(t);
	json_decref(j);
}

static void print_standing(const standing *s, bool json)
{
	const tw_series_info *in = &s->info;
	if (!s->campaign) {
		if (json) {
			printf("{\"name\": ");
			put_json_string(in->name);
			printf(", \"ruleset\": ");
			put_json_string(in->ruleset);
			printf(", \"games\": %d, \"over\": %s, \"carry\": %s}\n", in->games, in->over ? "true" : "false",
			       in->carry);
		} else {
			printf("series %s (%s): %d games%s; not a campaign\n", in->name, in->ruleset, in->games,
			       in->over ? ", decided" : "");
		}
		return;
	}
	if (json) {
		printf("{\"name\": ");
		put_json_string(in->name);
		printf(", \"ruleset\": ");
		put_json_string(in->ruleset);
		printf(", \"target\": %g, \"battles\": %d", s->target, in->games);
		for (int i = 0; i < s->n; i++) {
			printf(", ");
			put_json_string(s->side[i]);
			printf(": %g", s->total[i]);
		}
		printf(", \"leader\": ");
		if (s->leader >= 0)
			put_json_string(s->side[s->leader]);
		else
			printf("null");
		printf(", \"winner\": ");
		if (s->winner)
			put_json_string(s->winner);
		else
			printf("null");
		printf(", \"pending\": %d}\n", in->pending);
		return;
	}
	printf("campaign %s (%s): %d battles;", in->name, in->ruleset, in->games);
	for (int i = 0; i < s->n; i++)
		printf("%s %s %+.1f", i ? "," : "", s->side[i], s->total[i]);
	if (s->goal) // ll-fin: the rule set says how its war is won (Lloyd: CA.D4), not a target
		printf("; %s", s->goal);
	else
		printf("; target %.0f", s->target);
	cite(s->target_clause);
	printf("\n");
	if (s->winner) {
		printf("  the war is won by %s", s->winner);
		cite(s->credit_clause);
		printf("\n");
	} else if (s->leader >= 0) {
		printf("  %s leads\n", s->side[s->leader]);
	}
	if (in->pending)
		printf("  battle %d is prepared and not yet recorded ('tinwar campaign abandon %s' drops it)\n", in->pending,
		       in->name);
}

/// Prints the battle just recorded: each side's total and credit, from the carry-over.
static void print_recorded(const standing *s)
{
	if (!s->campaign || !s->last) {
		printf("battle recorded\n");
		return;
	}
	json_t *pts = json_object_get(s->last, "points"), *cr = json_object_get(s->last, "credit");
	printf("battle recorded:");
	for (int i = 0; i < s->n; i++)
		printf("%s %s %.1f", i ? "," : "", s->side[i], json_number_value(json_object_get(pts, s->side[i])));
	printf("; credit");
	for (int i = 0; i < s->n; i++)
		printf("%s%+.1f", i ? " / " : " ", json_number_value(json_object_get(cr, s->side[i])));
	cite(s->credit_clause);
	printf("\n");
	if (s->winner) {
		printf("  the war is won by %s", s->winner);
		cite(s->credit_clause);
		printf("\n");
	}
}

/// Records the log (JSON text) of the pending battle, or drops that battle if it is refused
/// (drop_on_failure), and prints the result.
static int record_log(tw_series *db, const char *name, const char *log_text, bool drop_on_failure, tw_error *err)
{
	tw_status st = tw_series_record(db, name, log_text, err);
	if (st != TW_OK) {
		cli_print_error("campaign", err);
		fprintf(stderr, "tinwar campaign: the battle is not recorded\n");
		if (drop_on_failure) {
			tw_error e2;
			(void)tw_series_abandon(db, name, &e2);
		}
		return cli_exit_code(st);
	}
	standing s;
	if (standing_read(db, name, &s, err) == TW_OK)
		print_recorded(&s);
	standing_free(&s);
	return CLI_OK;
}

// The rule set a campaign is fought under: --ruleset NAME, else the first registered rule set
// that keeps series (its series hooks keep the score).
static const tw_ruleset *campaign_ruleset(int argc, char **argv)
{
	const char *want = cli_opt(argc, argv, "--ruleset");
	for (int i = 0; i < tw_ruleset_count(); i++) {
		const tw_ruleset *rs = tw_ruleset_get(i);
		if (rs && (want ? strcmp(rs->name, want) == 0 : rs->series_start != NULL))
			return rs;
	}
	return NULL;
}

// --sides a,b,c: the campaign's sides by name (2 to TW_MAX_SIDES, distinct, each a side name).
static int parse_sides(const char *v, char names[TW_MAX_SIDES][16], const char *out[TW_MAX_SIDES])
{
	int n = 0;
	while (v && *v) {
		const char *comma = strchr(v, ',');
		size_t len = comma ? (size_t)(comma - v) : strlen(v);
		if (len == 0 || len >= sizeof names[0] || n == TW_MAX_SIDES)
			return -1;
		memcpy(names[n], v, len);
		names[n][len] = 0;
		for (int k = 0; k < n; k++)
			if (strcmp(names[k], names[n]) == 0)
				return -1;
		out[n] = names[n];
		n++;
		v = comma ? comma + 1 : NULL;
		if (comma && !*v)
			return -1;
	}
	return n;
}

static int cmd_new(tw_series *db, const char *dbpath, const char *name, int argc, char **argv)
{
	const char *t = cli_opt(argc, argv, "--target");
	double target = 300;
	if (t) {
		char *end = NULL;
		target = strtod(t, &end);
		if (end == t || *end || !isfinite(target)) {
			fprintf(stderr, "tinwar campaign: --target wants a number of points\n");
			return CLI_BAD;
		}
	}
	const tw_ruleset *rs = campaign_ruleset(argc, argv);
	if (!rs || !rs->series_start) {
		const char *want = cli_opt(argc, argv, "--ruleset");
		fprintf(stderr, "tinwar campaign: %s%s%s keeps no campaigns (rule sets that do:", want ? "rule set " : "",
			want ? want : "no rule set", want && !rs ? " is unknown and" : "");
		for (int i = 0, n = 0; i < tw_ruleset_count(); i++)
			if (tw_ruleset_get(i)->series_start)
				fprintf(stderr, "%s %s", n++ ? "," : "", tw_ruleset_get(i)->name);
		fprintf(stderr, ")\n");
		return CLI_BAD;
	}
	char names[TW_MAX_SIDES][16];
	const char *sides[TW_MAX_SIDES] = {DEFAULT_SIDES[0], DEFAULT_SIDES[1]};
	int nsides = 2;
	const char *sv = cli_opt(argc, argv, "--sides");
	if (sv && (nsides = parse_sides(sv, names, sides)) < 2) {
		fprintf(stderr, "tinwar campaign: --sides wants 2 to %d distinct side names, each under 16 characters, "
				"separated by commas (red,blue,green)\n",
			TW_MAX_SIDES);
		return CLI_BAD;
	}
	json_t *cfg = json_pack("{s:f, s:[]}", "target", target, "sides");
	for (int k = 0; cfg && k < nsides; k++)
		json_array_append_new(json_object_get(cfg, "sides"), json_string(sides[k]));
	char *text = cfg ? json_dumps(cfg, JSON_COMPACT | JSON_REAL_PRECISION(17)) : NULL;
	json_decref(cfg);
	if (!text) {
		fprintf(stderr, "tinwar campaign: out of memory\n");
		return CLI_FAIL;
	}
	tw_error err;
	tw_status st = tw_series_create(db, name, rs->name, sides, nsides, text, &err);
	free(text);
	if (st != TW_OK) {
		cli_print_error(dbpath, &err);
		return cli_exit_code(st);
	}
	standing s;
	if (standing_read(db, name, &s, &err) == TW_OK && s.campaign) {
		if (s.goal) // ll-fin: the rule set's own words (Lloyd's war is not won by points)
			printf("campaign %s begun: %s", name, s.goal);
		else
			printf("campaign %s begun: the first side to %.0f points wins", name, s.target);
		cite(s.target_clause);
		printf("\n");
	} else if (s.carry) { // the rule set's series keeps no points: its own carry-over
		char *c = json_dumps(s.carry, JSON_COMPACT);
		printf("series %s begun under %s: %s\n", name, rs->name, c ? c : "");
		free(c);
	}
	standing_free(&s);
	return CLI_OK;
}

/// A general by name; "ai" (as `tinwar play` takes it) and none are the rule set's default.
static const char *general_name(const char *spec)
{
	return !spec || strcmp(spec, "ai") == 0 ? "default" : spec;
}

static int cmd_play(tw_series *db, const char *name, const char *scen, int argc, char **argv)
{
	tw_state s;
	int rc = cli_load_state(scen, &s);
	if (rc != CLI_OK)
		return rc;
	tw_error err;
	tw_error_clear(&err);
	uint64_t seed = 1;
	const char *sv = cli_opt(argc, argv, "--seed");
	const char *sm = cli_opt(argc, argv, "--shot-model");
	const tw_shot_model *model = tw_shot_model_find(sm ? sm : "fast");
	const tw_ruleset *rs = tw_ruleset_get(s.ruleset);
	const char *spec[TW_MAX_SIDES] = {NULL};
	tw_general *gens[TW_MAX_SIDES] = {NULL};
	if (sv && !cli_parse_u64(sv, &seed)) {
		fprintf(stderr, "tinwar campaign: --seed wants a number\n");
		rc = CLI_BAD;
	} else if (!model) {
		fprintf(stderr, "tinwar campaign: unknown shot model \"%s\"\n", sm);
		rc = CLI_BAD;
	} else if (!cli_parse_generals("campaign", argc, argv, VAL_OPTS, &s, spec)) {
		rc = CLI_BAD;
	}
	for (int k = 0; rc == CLI_OK && k < s.nsides; k++) // a general for every side of the battle
		if (!(gens[k] = tw_general_new(general_name(spec[k]), rs, k, seed))) {
			fprintf(stderr, "tinwar campaign: unknown general \"%s\" for %s (", general_name(spec[k]),
				s.sides[k].name);
			cli_list_generals(stderr, general_name(spec[k]), rs, false);
			fprintf(stderr, ")\n");
			rc = CLI_BAD;
		}
	// The battle is prepared as the campaign's next (the series checks the rule set and that
	// the war goes on), fought, and recorded; if it cannot be fought or recorded it is dropped.
	tw_state prep;
	int roles[TW_MAX_SIDES];
	bool have_prep = false, pending = false;
	if (rc == CLI_OK) {
		tw_status st = tw_series_next(db, name, &s, seed, &prep, roles, &err);
		if (st != TW_OK) {
			cli_print_error(scen, &err);
			rc = cli_exit_code(st);
		}
		have_prep = pending = st == TW_OK;
	}
	// ll-reg: --prepare FILE: the battle is prepared and left for people to fight at the terminal
	// (tinwar play FILE --seed N --log LOG), then recorded (tinwar campaign record NAME LOG).
	const char *pp = cli_opt(argc, argv, "--prepare");
	if (pp && have_prep) {
		if (tw_state_save(&prep, pp, &err) != TW_OK) {
			cli_print_error(pp, &err);
			rc = CLI_FAIL;
		} else {
			printf("battle prepared in %s: fight it with 'tinwar play %s --seed %llu --log LOG', then 'tinwar "
			       "campaign record %s LOG'\n",
			       pp, pp, (unsigned long long)seed, name);
			pending = false;
		}
		have_prep = false;
		tw_state_free(&prep);
	}
	// h6-camp: a general a seat: a side of this battle with several players (the rule set's
	// roles within the side, e.g. allies each commanding his own men) gets one general for each
	// role, bound to it (tw_general_bind_role), of the kind given for the side.
	tw_general *seat[TW_MAX_ROLES + TW_MAX_SIDES];
	bool owned[TW_MAX_ROLES + TW_MAX_SIDES] = {false};
	int nseat = 0;
	bool seated = false;
	if (have_prep) {
		tw_role_def rd[TW_MAX_ROLES];
		int nr = tw_state_roles(&prep, rd, TW_MAX_ROLES);
		for (int k = 0; k < prep.nsides && k < TW_MAX_SIDES && rc == CLI_OK; k++) {
			int players = 0;
			for (int i = 0; i < nr; i++)
				players += rd[i].side == k && rd[i].kind == TW_ROLE_PLAYER;
			if (players < 2) {
				seat[nseat++] = gens[k];
				continue;
			}
			for (int i = 0; i < nr && rc == CLI_OK; i++) {
				if (rd[i].side != k || rd[i].kind != TW_ROLE_PLAYER)
					continue;
				tw_general *sg = tw_general_new(general_name(spec[k]), rs, k, seed + 7919u * (uint64_t)(i + 1));
				if (!sg || tw_general_bind_role(sg, &prep, i, &err) != TW_OK) {
					tw_general_free(sg);
					fprintf(stderr, "tinwar campaign: no general for the seat %s of %s\n", rd[i].name, prep.sides[k].name);
					rc = CLI_FAIL;
					break;
				}
				printf("%s%s (%s) for %s", seated ? ", " : "battle's seats: ", rd[i].name, sg->def->name, prep.sides[k].name);
				owned[nseat] = true;
				seat[nseat++] = sg;
				seated = true;
			}
		}
		if (seated)
			printf(": a general each\n");
		if (rc != CLI_OK) {
			tw_state_free(&prep);
			have_prep = false;
		}
	}
	tw_game *g = NULL;
	if (have_prep && !(g = tw_game_new(&prep, seed, model, &err))) {
		cli_print_error(scen, &err);
		rc = CLI_BAD;
	} else if (g && (seated ? tw_play_out_seats(g, seat, nseat, 2000000, &err) : tw_play_out(g, gens, 2000000, &err)) != TW_OK) {
		cli_print_error("campaign", &err);
		rc = CLI_FAIL;
	} else if (g) {
		const char *lp = cli_opt(argc, argv, "--log");
		if (lp)
			(void)cli_save_log(g, lp, !cli_flag(argc, argv, "--no-sign"));
		json_t *log = tw_game_log_to_json(g);
		char *txt = log ? json_dumps(log, JSON_COMPACT | JSON_REAL_PRECISION(17)) : NULL;
		json_decref(log);
		if (!txt) {
			fprintf(stderr, "tinwar campaign: out of memory\n");
			rc = CLI_FAIL;
		} else {
			rc = record_log(db, name, txt, true, &err);
			pending = false; // recorded, or dropped by record_log
		}
		free(txt);
	}
	if (pending && rc != CLI_OK) {
		tw_error e2;
		(void)tw_series_abandon(db, name, &e2);
	}
	tw_game_free(g);
	if (have_prep)
		tw_state_free(&prep);
	for (int k = 0; k < TW_MAX_SIDES; k++)
		tw_general_free(gens[k]);
	for (int i = 0; i < nseat; i++) // h6-camp
		if (owned[i])
			tw_general_free(seat[i]);
	tw_state_free(&s);
	return rc;
}

/// The battle (1-based) of the campaign whose stored log is the game g (the same seed, first
/// state and final state), or 0. Recording a log twice would count its battle twice.
static int recorded_as(tw_series *db, const char *name, int games, const tw_game *g)
{
	uint64_t first = tw_state_hash(tw_game_initial(g)), last = tw_state_hash(tw_game_state(g));
	for (int seq = 1; seq <= games; seq++) {
		tw_series_game sg;
		tw_error err;
		if (tw_series_get_game(db, name, seq, &sg, &err) != TW_OK)
			continue;
		bool same = false;
		if (sg.recorded && sg.log && sg.seed == tw_game_seed(g)) {
			bool ok = false;
			tw_game *old = tw_game_log_replay(sg.log, strlen(sg.log), "series", &ok, &err);
			same = old && tw_state_hash(tw_game_initial(old)) == first && tw_state_hash(tw_game_state(old)) == last;
			tw_game_free(old);
		}
		tw_series_game_free(&sg);
		if (same)
			return seq;
	}
	return 0;
}

// Only a log that verifies (every recorded shot re-run and found as recorded) or that this
// installation signed when it played the game is taken (docs/campaign.md). With no battle
// prepared, the log's own first state and seed are prepared as the next battle and the log is
// recorded against it (the battle is dropped again if the record is refused); with a battle
// prepared, the log must be of that battle.
static int cmd_record(tw_series *db, const char *name, const char *lp)
{
	tw_error err;
	tw_error_clear(&err);
	size_t len;
	char *text = tw_read_file(lp, &len, &err);
	unsigned char key[TW_LOG_KEY_BYTES];
	char kp[1024];
	tw_error kerr;
	tw_log_check chk = {.verify = true, .trust_signed = true};
	if (tw_log_key_path(kp, sizeof kp, &kerr) == TW_OK && tw_log_key_load(kp, false, key, &kerr) == TW_OK)
		chk.key = key;
	tw_game *g = text ? tw_game_log_check(text, len, lp, &chk, &err) : NULL;
	memset(key, 0, sizeof key);
	int rc = CLI_OK;
	if (!g || !chk.hash_ok) {
		if (g && !err.message[0])
			tw_error_set(&err, TW_ERR_INPUT, "", "the log's final hash does not match its orders");
		cli_print_error(lp, &err);
		fprintf(stderr, "tinwar campaign: the battle is not recorded\n");
		rc = CLI_BAD;
	}
	if (rc == CLI_OK && !tw_game_state(g)->over) {
		fprintf(stderr, "%s: the battle is not over; only finished battles count\n", lp);
		rc = CLI_BAD;
	}
	tw_series_info info;
	memset(&info, 0, sizeof info);
	tw_status st = TW_OK;
	if (rc == CLI_OK && (st = tw_series_status(db, name, &info, &err)) != TW_OK) {
		cli_print_error("campaign", &err);
		rc = cli_exit_code(st);
	}
	int again = rc == CLI_OK ? recorded_as(db, name, info.games, g) : 0;
	if (again) {
		fprintf(stderr, "%s: this battle is recorded already, as battle %d of campaign %s\n", lp, again, name);
		fprintf(stderr, "tinwar campaign: the battle is not recorded\n");
		rc = CLI_BAD;
	}
	bool made = false;
	if (rc == CLI_OK && !info.pending) {
		tw_state prep;
		int roles[TW_MAX_SIDES];
		st = tw_series_next(db, name, tw_game_initial(g), tw_game_seed(g), &prep, roles, &err);
		if (st != TW_OK) {
			cli_print_error(lp, &err);
			fprintf(stderr, "tinwar campaign: the battle is not recorded\n");
			rc = cli_exit_code(st);
		} else {
			tw_state_free(&prep);
			made = true;
		}
	}
	if (rc == CLI_OK) {
		if (chk.signature > 0)
			printf("%s: signed by this installation\n", lp);
		else
			printf("%s: verified (%d recorded shots re-run with the %s shot model)\n", lp, chk.shots,
			       tw_game_shot_model(g)->name);
		rc = record_log(db, name, text, made, &err);
	}
	tw_series_info_free(&info);
	tw_game_free(g);
	free(text);
	return rc;
}

static int cmd_status(tw_series *db, const char *dbpath, const char *name, bool json)
{
	tw_error err;
	standing s;
	tw_status st = standing_read(db, name, &s, &err);
	if (st != TW_OK) {
		cli_print_error(dbpath, &err);
		standing_free(&s);
		return cli_exit_code(st);
	}
	print_standing(&s, json);
	standing_free(&s);
	return CLI_OK;
}

static int cmd_list(tw_series *db, const char *dbpath, bool json)
{
	tw_error err;
	int n = 0;
	tw_status st = tw_series_list(db, NULL, 0, &n, &err);
	char(*names)[TW_SERIES_NAME] = st == TW_OK && n > 0 ? calloc((size_t)n, sizeof *names) : NULL;
	if (st == TW_OK && n > 0 && !names)
		st = tw_error_set(&err, TW_ERR_NOMEM, "", "out of memory");
	if (st == TW_OK && n > 0)
		st = tw_series_list(db, names, n, &n, &err);
	for (int i = 0; st == TW_OK && i < n; i++)
		st = cmd_status(db, dbpath, names[i], json) == CLI_OK ? TW_OK : TW_ERR_IO;
	if (st != TW_OK && err.message[0])
		cli_print_error(dbpath, &err);
	free(names);
	return cli_exit_code(st);
}

int cli_campaign(int argc, char **argv)
{
	const char *verb = cli_pos(argc, argv, 0, VAL_OPTS);
	const char *dbpath = cli_opt(argc, argv, "--db");
	if (!verb || !dbpath || !*dbpath) {
		fprintf(stderr, "usage: tinwar campaign new|play|record|status|list|abandon ... --db FILE (see --help)\n");
		return CLI_BAD;
	}
	tw_error err;
	tw_error_clear(&err);
	int rc0;
	tw_series *db = cli_series_open(dbpath, &rc0);
	if (!db)
		return rc0;
	const char *name = cli_pos(argc, argv, 1, VAL_OPTS);
	const char *arg = cli_pos(argc, argv, 2, VAL_OPTS);
	bool json = cli_flag(argc, argv, "--json");
	int rc;
	if (strcmp(verb, "new") == 0 && name) {
		rc = cmd_new(db, dbpath, name, argc, argv);
	} else if (strcmp(verb, "play") == 0 && name && arg) {
		rc = cmd_play(db, name, arg, argc, argv);
	} else if (strcmp(verb, "record") == 0 && name && arg) {
		rc = cmd_record(db, name, arg);
	} else if (strcmp(verb, "status") == 0 && name) {
		rc = cmd_status(db, dbpath, name, json);
	} else if (strcmp(verb, "list") == 0) {
		rc = cmd_list(db, dbpath, json);
	} else if (strcmp(verb, "abandon") == 0 && name) {
		tw_status st = tw_series_abandon(db, name, &err);
		if (st != TW_OK)
			cli_print_error(dbpath, &err);
		else
			printf("the battle prepared in campaign %s is dropped\n", name);
		rc = cli_exit_code(st);
	} else {
		fprintf(stderr, "tinwar campaign: unknown or incomplete command (see 'tinwar campaign --help')\n");
		rc = CLI_BAD;
	}
	tw_series_close(db);
	return rc;
}
