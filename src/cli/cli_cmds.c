// Subcommands: rulesets, new, check, step, replay, bench-signature.
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_new(int argc, char **argv);
int cli_check(int argc, char **argv);
int cli_step(int argc, char **argv);
int cli_replay(int argc, char **argv);
int cli_rulesets(int argc, char **argv);
int cli_signature(int argc, char **argv);

static const char *const VAL_OPTS[] = {"-o", "--seed", "--country", "--width", "--depth", "--variant", "--state",
				       "--shot-model", "--red", "--blue", "--save", "--log", "--db", "--target", "--seat", NULL};

// A rule set's own data, by name (record.h), for `tinwar rulesets NAME`.
static void print_records(const tw_ruleset *rs)
{
	static const char *const kinds[TW_REC_KIND_COUNT] = {"game", "side", "figure", "gun", "unit", "terrain"};
	for (int k = 0; k < TW_REC_KIND_COUNT; k++) {
		const tw_record_def *d = rs->records[k];
		if (!d)
			continue;
		printf("  data of each %s (\"data\" in files):\n", kinds[k]);
		for (int i = 0; i < d->nfields; i++) {
			const tw_field_def *f = &d->fields[i];
			char type[24];
			if (f->count > 1 && f->type != TW_FT_STR)
				snprintf(type, sizeof type, "%s[%d]", tw_field_type_name((tw_field_type)f->type), f->count);
			else
				snprintf(type, sizeof type, "%s", tw_field_type_name((tw_field_type)f->type));
			printf("    %-16s %-10s %s\n", f->name, type, f->help ? f->help : "");
		}
	}
}

int cli_rulesets(int argc, char **argv)
{
	const char *only = cli_pos(argc, argv, 0, VAL_OPTS);
	if (only && tw_ruleset_find(only) < 0) {
		fprintf(stderr, "tinwar rulesets: unknown rule set '%s' (", only);
		cli_list_rulesets(stderr);
		fprintf(stderr, ")\n");
		return CLI_BAD;
	}
	if (cli_flag(argc, argv, "--json")) { // the orders' schema, as the server sends it
		for (int i = 0; i < tw_ruleset_count(); i++) {
			const tw_ruleset *rs = tw_ruleset_get(i);
			if (only && strcmp(only, rs->name) != 0)
				continue;
			json_t *j = tw_ruleset_orders_json(rs);
			char *txt = j ? json_dumps(j, JSON_INDENT(2)) : NULL;
			json_decref(j);
			if (!txt)
				return CLI_FAIL;
			printf("%s\n", txt);
			free(txt);
		}
		return CLI_OK;
	}
	for (int i = 0; i < tw_ruleset_count(); i++) {
		const tw_ruleset *rs = tw_ruleset_get(i);
		if (only && strcmp(only, rs->name) != 0)
			continue;
		printf("%s: %s\n  parameters:\n", rs->name, rs->title);
		for (int k = 0; k < rs->nparams; k++) {
			const tw_param_def *p = &rs->params[k];
			printf("    %-12s default %-6g", p->name, p->def);
			if (p->choices) {
				printf(" one of:");
				for (int c = 0; p->choices[c]; c++)
					printf(" %s", p->choices[c]);
			} else {
				printf(" range %g..%g", p->min, p->max);
			}
			if (p->kind == TW_PARAM_YESNO)
				printf(" (0 no, 1 yes)");
			else if (p->unit)
				printf(" %s", p->unit);
			printf("\n                 %s%s%s\n", p->label ? p->label : "", p->label ? ": " : "", p->help);
		}
		printf("  computer generals:\n");
		for (int k = 0; k < rs->ngenerals; k++)
			printf("    %-16s %s\n", rs->generals[k]->name, rs->generals[k]->help);
		for (int k = 0; k < tw_general_count(); k++)
			printf("    %-16s %s\n", tw_general_get(k)->name, tw_general_get(k)->help);
		printf("  orders:\n");
		for (int k = 0; k < rs->norders; k++) {
			const tw_order_def *d = &rs->orders[k];
			if (only)
				printf("    %-13s %-10s %s\n                  %s\n", d->name, d->clause, d->help, d->usage);
			else
				printf("    %-13s %-10s %s\n", d->name, d->clause, d->help);
		}
		if (rs->nstatuses > 0) {
			printf("  figure statuses of its own:\n");
			for (int k = 0; k < rs->nstatuses; k++)
				printf("    %-13s counts as %-9s %s\n", rs->statuses[k].name,
				       tw_figure_status_name((tw_figure_status)rs->statuses[k].base), rs->statuses[k].help);
		}
		if (only)
			print_records(rs);
	}
	if (!only)
		printf("(tinwar rulesets NAME: one rule set with its orders' words and its data; --json: the orders' schema)\n");
	return CLI_OK;
}


int cli_new(int argc, char **argv)
{
	const char *rsname = cli_pos(argc, argv, 0, VAL_OPTS);
	const char *out = cli_opt(argc, argv, "-o");
	if (!rsname || !out || !*out) {
		fprintf(stderr, "usage: tinwar new RULESET [--country random|FILE] [--seed N] [--large|--kriegspiel|--variant "
				"KIND] -o FILE\n");
		return CLI_BAD;
	}
	if (tw_ruleset_find(rsname) < 0) {
		fprintf(stderr, "tinwar new: unknown rule set '%s' (", rsname);
		cli_list_rulesets(stderr);
		fprintf(stderr, ")\n");
		return CLI_BAD;
	}
	uint64_t seed = 1;
	const char *sv = cli_opt(argc, argv, "--seed");
	if (sv && !cli_parse_u64(sv, &seed)) {
		fprintf(stderr, "tinwar new: --seed wants a number, not '%s'\n", sv);
		return CLI_BAD;
	}
	// A named kind of scenario (issue 18: Little Wars's large Country and Kriegspiel). --large,
	// --kriegspiel and --variant KIND are alternatives: given together, one would silently win
	// over the other, so two of them are refused.
	const char *variant = cli_opt(argc, argv, "--variant");
	bool large = cli_flag(argc, argv, "--large"), ks = cli_flag(argc, argv, "--kriegspiel");
	int given = (variant != NULL) + large + ks;
	if (given > 1) {
		char what[160] = "";
		const char *names[3] = {large ? "--large" : NULL, ks ? "--kriegspiel" : NULL, variant ? "--variant " : NULL};
		for (int i = 0, k = 0; i < 3; i++) {
			if (!names[i])
				continue;
			size_t l = strlen(what);
			snprintf(what + l, sizeof what - l, "%s%s%.100s", k == 0 ? "" : k == given - 1 ? " and " : ", ", names[i],
				 i == 2 ? variant : "");
			k++;
		}
		fprintf(stderr, "tinwar new: %s are alternatives: give one of them\n", what);
		return CLI_BAD;
	}
	if (large)
		variant = "large";
	if (ks)
		variant = "kriegspiel";
	double w = 144, d = 96;
	const char *ws = cli_opt(argc, argv, "--width"), *ds = cli_opt(argc, argv, "--depth");
	if (variant && !ws && !ds)
		w = d = 0; // the kind's own size
	if (ws)
		w = atof(ws);
	if (ds)
		d = atof(ds);
	if (!(w == 0 && d == 0) && !(w >= 36 && w <= 4800 && d >= 36 && d <= 4800)) {
		fprintf(stderr, "tinwar new: the table must be 36..4800 in each way\n");
		return CLI_BAD;
	}
	const char *country = cli_opt(argc, argv, "--country");
	if (variant && country && strcmp(country, "random") != 0) {
		fprintf(stderr, "tinwar new: --%s makes its own Country; it takes no --country FILE\n", variant);
		return CLI_BAD;
	}
	tw_state s;
	memset(&s, 0, sizeof s);
	tw_error err;
	tw_error_clear(&err);
	tw_status st;
	if (country && strcmp(country, "random") != 0) {
		// Forces and Country from FILE: a scenario whose terrain is kept, forces regenerated.
		tw_state base;
		int rc = cli_load_state(country, &base);
		if (rc)
			return rc;
		st = tw_scenario_generate(&s, rsname, seed, base.table.width, base.table.depth, &err);
		if (st == TW_OK) {
			// The Country comes from FILE; the generated forces wait behind the back lines.
			tw_table_free(&s.table);
			if (tw_table_copy(&s.table, &base.table) != TW_OK)
				st = tw_error_set(&err, TW_ERR_NOMEM, "", "out of memory");
		}
		tw_state_free(&base);
	} else if (variant) {
		st = tw_scenario_generate_variant(&s, rsname, seed, w, d, variant, &err);
	} else {
		st = tw_scenario_generate(&s, rsname, seed, w, d, &err);
	}
	if (st == TW_OK)
		st = tw_state_save(&s, out, &err);
	tw_state_free(&s);
	if (st != TW_OK) {
		cli_print_error(out, &err);
		return cli_exit_code(st);
	}
	printf("wrote %s\n", out);
	return CLI_OK;
}

/// How deep two bases may overlap before `check` says the figures stand on each other, inches:
/// a hundredth of an inch, for numbers written rounded (docs/terminal.md, "First steps").
#define CHECK_OVERLAP_TOL 0.01

// Figures off the table (a figure on the table whose centre is outside it) and figures standing
// on each other (bases overlapping by more than CHECK_OVERLAP_TOL), each with its JSON path.
// Returns how many it found (and printed, up to 20).
static int check_places(const char *path, const tw_state *s)
{
	int found = 0;
	int *ids = malloc(sizeof *ids * (size_t)(s->nfig ? s->nfig : 1));
	if (!ids)
		return 0;
	int n = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (!tw_figure_on_table(s, f) || f->status == TW_FS_DEAD)
			continue;
		if (f->pos.x < -1e-6 || f->pos.x > s->table.width + 1e-6 || f->pos.y < -1e-6 || f->pos.y > s->table.depth + 1e-6) {
			if (found++ < 20)
				fprintf(stderr, "%s: $.figures[%d].at: figure %d stands off the table at (%.2f, %.2f) (the table is %g by %g in)\n",
					path, f->id, f->id, f->pos.x, f->pos.y, s->table.width, s->table.depth);
			continue;
		}
		ids[n++] = i;
	}
	// A sweep in x: the ids sorted by x (a shell sort; ids break ties).
	for (int gap = n / 2; gap > 0; gap /= 2)
		for (int i = gap; i < n; i++)
			for (int j = i - gap; j >= 0; j -= gap) {
				const tw_figure *a = &s->fig[ids[j]], *b = &s->fig[ids[j + gap]];
				if (a->pos.x < b->pos.x || (a->pos.x == b->pos.x && a->id < b->id))
					break;
				int t = ids[j];
				ids[j] = ids[j + gap];
				ids[j + gap] = t;
			}
	double rmax = 0;
	for (int i = 0; i < n; i++)
		rmax = fmax(rmax, s->fig[ids[i]].radius);
	for (int i = 0; i < n; i++) {
		const tw_figure *a = &s->fig[ids[i]];
		for (int j = i + 1; j < n && s->fig[ids[j]].pos.x - a->pos.x < a->radius + rmax; j++) {
			const tw_figure *b = &s->fig[ids[j]];
			double d = tw_dist(a->pos, b->pos), overlap = a->radius + b->radius - d;
			if (overlap <= CHECK_OVERLAP_TOL)
				continue;
			const tw_figure *lo = a->id < b->id ? a : b, *hi = a->id < b->id ? b : a;
			if (found++ < 20)
				fprintf(stderr, "%s: $.figures[%d].at: figure %d stands on figure %d ($.figures[%d]): their bases overlap by %.3f in (%.2f in apart)\n",
					path, hi->id, hi->id, lo->id, lo->id, overlap, d);
		}
	}
	if (found > 20)
		fprintf(stderr, "%s: ... %d such places in all\n", path, found);
	free(ids);
	return found;
}

int cli_check(int argc, char **argv)
{
	const char *path = cli_pos(argc, argv, 0, VAL_OPTS);
	if (!path) {
		fprintf(stderr, "usage: tinwar check FILE [--state STATE]\n");
		return CLI_BAD;
	}
	tw_error err;
	tw_error_clear(&err);
	size_t len;
	char *text = tw_read_file(path, &len, &err);
	if (!text) {
		cli_print_error(path, &err);
		return cli_exit_code(err.code);
	}
	json_t *root = tw_json_load(text, len, path, &err); // within the limits, before anything is built
	const char *fmt = NULL;
	if (root && json_is_object(root))
		fmt = json_string_value(json_object_get(root, "format"));
	int rc = CLI_OK;
	if (!root) {
		cli_print_error(path, &err);
		rc = CLI_BAD;
	} else if (fmt && strcmp(fmt, "tinwar-log") == 0) {
		bool ok = false;
		tw_game *g = tw_game_log_replay(text, len, path, &ok, &err);
		if (!g) {
			cli_print_error(path, &err);
			rc = CLI_BAD;
		} else {
			printf("%s: a valid game log of %d orders; final hash %s\n", path, tw_game_order_count(g),
			       ok ? "matches" : "DOES NOT match");
			rc = ok ? CLI_OK : CLI_FAIL;
			tw_game_free(g);
		}
	} else if (fmt && (strcmp(fmt, "tinwar-scenario") == 0 || strcmp(fmt, "tinwar-state") == 0)) {
		tw_state s;
		memset(&s, 0, sizeof s);
		tw_status st = tw_state_from_text(&s, text, len, path, &err);
		int misplaced = 0;
		if (st == TW_OK) {
			tw_game *g = tw_game_new(&s, s.seed, NULL, &err);
			if (!g)
				st = err.code ? err.code : TW_ERR_INPUT;
			// A scenario's places are a person's (a saved state's are what the rules made of
			// them): checked as the rule set's setup leaves them (who stands on the table).
			if (g && strcmp(fmt, "tinwar-scenario") == 0)
				misplaced = check_places(path, tw_game_state(g));
			tw_game_free(g);
		}
		if (st == TW_OK && misplaced > 0) {
			rc = CLI_BAD;
		} else if (st != TW_OK) {
			cli_print_error(path, &err);
			rc = cli_exit_code(st);
		} else {
			printf("%s: a valid %s for %s (%d figures, %d guns, %d terrain pieces)\n", path,
			       strcmp(fmt, "tinwar-state") == 0 ? "state" : "scenario", tw_ruleset_get(s.ruleset)->name,
			       s.nfig, s.ngun, s.table.nterrain);
		}
		tw_state_free(&s);
	} else {
		// Orders: an array, an order object, or a tinwar-orders document.
		const char *sp = cli_opt(argc, argv, "--state");
		if (!sp) {
			// Shape only: sides red and blue, any figure or gun id (ids are checked with --state).
			tw_state any;
			memset(&any, 0, sizeof any);
			any.nsides = 2;
			snprintf(any.sides[0].name, sizeof any.sides[0].name, "red");
			snprintf(any.sides[1].name, sizeof any.sides[1].name, "blue");
			any.nfig = any.ngun = 1 << 20; // bounds only; the arrays are never read here
			tw_order *orders = NULL;
			int n = 0;
			tw_status st = tw_orders_from_text(&orders, &n, &any, text, len, path, &err);
			if (st != TW_OK) {
				cli_print_error(path, &err);
				rc = cli_exit_code(st);
			} else {
				printf("%s: %d well-formed orders (add --state STATE to check ids and sides)\n", path, n);
			}
			free(orders);
		} else {
			tw_state s;
			rc = cli_load_state(sp, &s);
			if (rc == CLI_OK) {
				tw_order *orders = NULL;
				int n = 0;
				tw_status st = tw_orders_from_text(&orders, &n, &s, text, len, path, &err);
				if (st != TW_OK) {
					cli_print_error(path, &err);
					rc = cli_exit_code(st);
				} else {
					printf("%s: %d well-formed orders\n", path, n);
				}
				free(orders);
				tw_state_free(&s);
			}
		}
	}
	json_decref(root);
	free(text);
	return rc;
}

int cli_step(int argc, char **argv)
{
	const char *sp = cli_pos(argc, argv, 0, VAL_OPTS), *op = cli_pos(argc, argv, 1, VAL_OPTS);
	const char *out = cli_opt(argc, argv, "-o");
	if (!sp || !op || !out || !*out) {
		fprintf(stderr, "usage: tinwar step STATE ORDERS.json -o NEW_STATE\n");
		return CLI_BAD;
	}
	const char *sm = cli_opt(argc, argv, "--shot-model");
	const tw_shot_model *model = tw_shot_model_find(sm ? sm : "physics");
	if (!model) {
		fprintf(stderr, "tinwar step: unknown shot model '%s'\n", sm);
		return CLI_BAD;
	}
	tw_state s;
	int rc = cli_load_state(sp, &s);
	if (rc)
		return rc;
	uint64_t seed = s.seed ? s.seed : 1; // as `tinwar play` chooses it
	const char *sv = cli_opt(argc, argv, "--seed");
	if (sv && !cli_parse_u64(sv, &seed)) {
		fprintf(stderr, "tinwar step: --seed wants a number, not '%s'\n", sv);
		tw_state_free(&s);
		return CLI_BAD;
	}
	tw_error err;
	tw_error_clear(&err);
	// The rule set's setup, as `play` runs it: a scenario, or a state written without the rule
	// set's values, is set up first (and its generator seeded); a state already set up is left as it is.
	if (tw_state_prepare(&s, seed, &err) != TW_OK) {
		cli_print_error(sp, &err);
		tw_state_free(&s);
		return cli_exit_code(err.code ? err.code : TW_ERR_INPUT);
	}
	size_t len;
	char *text = tw_read_file(op, &len, &err);
	tw_order *orders = NULL;
	int n = 0;
	tw_status st = text ? tw_orders_from_text(&orders, &n, &s, text, len, op, &err) : TW_ERR_IO;
	free(text);
	if (st != TW_OK) {
		cli_print_error(op, &err);
		tw_state_free(&s);
		return cli_exit_code(st);
	}
	// All or nothing: apply to a working copy; the file is written only if every order is legal.
	tw_events ev = {0};
	tw_apply_ctx ctx = {model};
	for (int i = 0; i < n && st == TW_OK; i++) {
		int n0 = ev.n;
		int32_t move_no = s.move_no;
		st = tw_state_apply(&s, &orders[i], &ctx, &ev, &err);
		// Numbered as a game's log numbers them (tw_game_apply): seq the event's index, counted
		// from the first event of this step (a state file keeps no count of the events before
		// it), and the game move the order was given in where the rules set none.
		for (int k = n0; st == TW_OK && k < ev.n; k++) {
			ev.v[k].seq = k;
			if (ev.v[k].move_no == 0)
				ev.v[k].move_no = move_no;
		}
		if (st != TW_OK) {
			char path[64];
			snprintf(path, sizeof path, "$[%d]", i);
			if (!err.path[0])
				snprintf(err.path, sizeof err.path, "%s", path);
		}
	}
	if (st == TW_OK)
		st = tw_state_save(&s, out, &err);
	if (st != TW_OK) {
		cli_print_error(st == TW_ERR_IO ? out : op, &err);
		rc = cli_exit_code(st);
	} else {
		json_t *j = tw_events_to_json(&ev, 0, ev.n);
		char *txt = json_dumps(j, JSON_INDENT(1) | JSON_REAL_PRECISION(10));
		printf("%s\n", txt);
		free(txt);
		json_decref(j);
	}
	tw_events_free(&ev);
	free(orders);
	tw_state_free(&s);
	return rc;
}

/// Loads this installation's log key if there is one (never creates it); false if none.
static bool load_key(unsigned char key[TW_LOG_KEY_BYTES])
{
	tw_error err;
	char kp[1024];
	return tw_log_key_path(kp, sizeof kp, &err) == TW_OK && tw_log_key_load(kp, false, key, &err) == TW_OK;
}

int cli_replay(int argc, char **argv)
{
	const char *lp = cli_pos(argc, argv, 0, VAL_OPTS);
	if (!lp) {
		fprintf(stderr, "usage: tinwar replay LOG [--verify] [--json] [--events [--seat SIDE]]\n");
		return CLI_BAD;
	}
	tw_error err;
	tw_error_clear(&err);
	size_t len;
	char *text = tw_read_file(lp, &len, &err);
	if (!text) {
		cli_print_error(lp, &err);
		return cli_exit_code(err.code);
	}
	// A file that is not a game log says so, and what it is.
	json_t *root = tw_json_load(text, len, lp, &err); // within the limits, before anything is built
	const char *fmt = json_is_object(root) ? json_string_value(json_object_get(root, "format")) : NULL;
	if (!fmt || strcmp(fmt, "tinwar-log") != 0) {
		if (!root) {
			fprintf(stderr, "%s: not a game log: ", lp);
			cli_print_error(lp, &err);
		}
		else if (fmt && (strcmp(fmt, "tinwar-scenario") == 0 || strcmp(fmt, "tinwar-state") == 0))
			fprintf(stderr, "%s: not a game log but a %s: 'tinwar play %s --log LOG' writes a log of a game of it\n", lp,
				fmt + 7, lp);
		else
			fprintf(stderr, "%s: not a game log (its \"format\" is %s%s%s, a log's is \"tinwar-log\")\n", lp,
				fmt ? "\"" : "", fmt ? fmt : "missing", fmt ? "\"" : "");
		json_decref(root);
		free(text);
		return CLI_BAD;
	}
	json_decref(root);
	unsigned char key[TW_LOG_KEY_BYTES];
	tw_log_check c = {0};
	c.verify = cli_flag(argc, argv, "--verify");
	c.key = load_key(key) ? key : NULL;
	tw_game *g = tw_game_log_check(text, len, lp, &c, &err);
	memset(key, 0, sizeof key);
	free(text);
	if (!g) {
		cli_print_error(lp, &err);
		return cli_exit_code(err.code ? err.code : TW_ERR_INPUT);
	}
	// With --json or --events stdout is one JSON document (the summary object, play --json's;
	// the events array; or, both given, the summary with the events under "events"), and the
	// words about signature, shots and hash below go to stderr; the exit code tells the hash.
	bool as_json = cli_flag(argc, argv, "--json"), events = cli_flag(argc, argv, "--events");
	FILE *words = as_json || events ? stderr : stdout;
	json_t *doc = as_json ? cli_summary_obj(g) : NULL;
	// --events [--seat SIDE|umpire|spectator]: the log's events as that seat reads them (per-seat
	// events veiled for the others; docs/design.md "Events for some seats"); default the umpire's.
	if (events) {
		const tw_state *gs = tw_game_state(g);
		const char *sn = cli_opt(argc, argv, "--seat");
		int seat = TW_SEAT_UMPIRE;
		if (sn && strcmp(sn, "umpire") != 0) {
			seat = strcmp(sn, "spectator") == 0 ? -2 : -4;
			for (int i = 0; i < gs->nsides && seat == -4; i++)
				if (strcmp(gs->sides[i].name, sn) == 0)
					seat = i;
			if (seat == -4) {
				fprintf(stderr, "tinwar replay: --seat %s: no such side (a side's name, umpire or spectator)\n", sn);
				json_decref(doc);
				tw_game_free(g);
				return CLI_BAD;
			}
		}
		json_t *j = tw_events_to_json_seat(tw_game_events(g), 0, -1, gs, seat);
		if (doc) {
			json_object_set_new(doc, "events", j);
		} else {
			char *txt = json_dumps(j, JSON_INDENT(1) | JSON_REAL_PRECISION(10));
			printf("%s\n", txt ? txt : "[]");
			free(txt);
			json_decref(j);
		}
	}
	if (as_json)
		cli_print_obj(doc, stdout);
	fflush(stdout);
	char hex[17];
	tw_hash_hex(tw_state_hash(tw_game_state(g)), hex);
	if (c.verify && c.shots > 0)
		fprintf(words, "re-ran %d recorded shots with the %s shot model: each came out as recorded\n", c.shots,
			tw_game_shot_model(g)->name);
	else if (c.verify)
		fprintf(words, "no recorded shots: any shot was fired anew with the %s shot model\n",
			tw_game_shot_model(g)->name);
	if (c.signature)
		fprintf(words, "%s\n", c.signature > 0 ? "signed by this installation"
						      : "signed, but not by this installation's key (or altered since)");
	fprintf(words, "replayed %d orders: final state hash %s %s%s\n", tw_game_order_count(g), hex,
		c.hash_ok ? "matches the log" : "DOES NOT match the log",
		c.verify || c.shots == 0 ? "" : " (recorded shots taken as given; --verify re-runs them)");
	if (c.math_libm) { // a log played with the C library's math functions (before stop 36)
		char there[17], here[17];
		tw_hash_hex(c.math, there);
		tw_hash_hex(tw_math_fingerprint(), here);
		if (c.math_differs)
			fprintf(words, "played with the C library's math functions, where they give other last bits "
				       "(math %s there, %s here): replayed with this machine's, a difference may come from "
				       "that (docs/design.md, Determinism across machines)\n",
				there, here);
		else
			fprintf(words, "played with the C library's math functions (a log from before stop 36): replayed "
				       "with them\n");
	}
	tw_game_free(g);
	return c.hash_ok ? CLI_OK : CLI_FAIL;
}

int cli_signature(int argc, char **argv)
{
	// The rule set: --ruleset NAME, else the first registered one that generates scenarios.
	const char *want = cli_opt(argc, argv, "--ruleset");
	const tw_ruleset *rs = NULL;
	for (int i = 0; i < tw_ruleset_count() && !rs; i++) {
		const tw_ruleset *r = tw_ruleset_get(i);
		if (r && r->generate && (!want || strcmp(r->name, want) == 0))
			rs = r;
	}
	if (!rs) {
		fprintf(stderr, "tinwar bench-signature: %s%s generates no scenarios\n", want ? "rule set " : "no rule set",
			want ? want : "");
		return CLI_BAD;
	}
	uint64_t h = 0;
	tw_error err;
	int ngames = 0;
	for (uint64_t seed = 1; seed <= 4; seed++) {
		tw_state sc;
		memset(&sc, 0, sizeof sc);
		if (tw_scenario_generate(&sc, rs->name, seed, 144, 96, &err) != TW_OK) {
			cli_print_error("bench-signature", &err);
			return CLI_FAIL;
		}
		tw_game *g = tw_game_new(&sc, seed, tw_shot_model_fast(), &err);
		tw_state_free(&sc);
		if (!g) {
			cli_print_error("bench-signature", &err);
			return CLI_FAIL;
		}
		tw_game_set_undo(g, false);
		const tw_state *st = tw_game_state(g);
		tw_general *gens[TW_MAX_SIDES] = {NULL};
		for (int k = 0; k < st->nsides; k++)
			gens[k] = tw_general_new("default", rs, k, seed);
		tw_play_out(g, gens, 1000000, &err);
		h = h * 0x100000001B3ull ^ tw_state_hash(tw_game_state(g));
		ngames++;
		for (int k = 0; k < TW_MAX_SIDES; k++)
			tw_general_free(gens[k]);
		tw_game_free(g);
	}
	char hex[17];
	tw_hash_hex(h, hex);
	printf("%s (%d games of %s, computer against computer, fast shot model)\n", hex, ngames, rs->name);
	return CLI_OK;
}
