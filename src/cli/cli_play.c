// tinwar play: a game in the terminal (human orders at a prompt), or computer against computer.
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *const VAL_OPTS[] = {"--seed", "--red", "--blue", "--side", "--save", "--log", "--shot-model", NULL};

// Who plays side `name`: "--side NAME=SPEC" (any number of sides), or --red / --blue for the
// sides so named; NULL if not given.
static const char *side_spec(int argc, char **argv, const char *name)
{
	size_t n = strlen(name);
	for (int i = 1; i + 1 < argc; i++)
		if (strcmp(argv[i], "--side") == 0 && strncmp(argv[i + 1], name, n) == 0 && argv[i + 1][n] == '=')
			return argv[i + 1] + n + 1;
	if (strcmp(name, "red") == 0)
		return cli_opt(argc, argv, "--red");
	if (strcmp(name, "blue") == 0)
		return cli_opt(argc, argv, "--blue");
	return NULL;
}

typedef struct play_ctx {
	tw_game *game;
	tw_general *gen[TW_MAX_SIDES]; // NULL = human
	bool quiet, json, no_sign;
	const char *save, *log;
} play_ctx;

/// A melee's participants (the melee_member events that follow it, from i up to end) on one line
/// per clause, side and role instead of one line a man: "[CLAUSE] drawn in, Red: 17 55 56".
static void print_members(const tw_state *s, const tw_events *ev, int i, int end)
{
	for (int k = i; k < end; k++) {
		const tw_event *e = &ev->v[k];
		bool seen = false; // this clause, side and role already printed with an earlier man
		for (int q = i; q < k && !seen; q++)
			seen = strcmp(ev->v[q].clause, e->clause) == 0 && ev->v[q].side == e->side && ev->v[q].c == e->c;
		if (seen)
			continue;
		const char *side = e->side >= 0 && e->side < s->nsides ? s->sides[e->side].name : "?";
		printf("  [%s] %s, %s:", e->clause[0] ? e->clause : "-", e->c == 1 ? "in contact" : "drawn in", side);
		for (int q = k; q < end; q++)
			if (strcmp(ev->v[q].clause, e->clause) == 0 && ev->v[q].side == e->side && ev->v[q].c == e->c)
				printf(" %d", (int)ev->v[q].a);
		printf("\n");
	}
}

static void print_events(const play_ctx *pc, int first, int count)
{
	if (pc->quiet || pc->json)
		return;
	const tw_events *ev = tw_game_events(pc->game);
	int end = first + count < ev->n ? first + count : ev->n;
	for (int i = first; i < end; i++) {
		const tw_event *e = &ev->v[i];
		if (e->type == TW_EV_MELEE_MEMBER) {
			int j = i;
			while (j < end && ev->v[j].type == TW_EV_MELEE_MEMBER && ev->v[j].b == e->b)
				j++;
			print_members(tw_game_state(pc->game), ev, i, j);
			i = j - 1;
			continue;
		}
		if (e->type == TW_EV_MOVE_START)
			printf("\n");
		printf("  [%s] %s\n", e->clause[0] ? e->clause : "-", e->text[0] ? e->text : tw_event_type_name(e->type));
	}
}

static void help(const tw_ruleset *rs)
{
	printf("the table (distances in inches, bearings in degrees: 0 = towards +y, 90 = right):\n"
	       "  board                      draw the table            list [SIDE]   figures and guns\n"
	       "  measure X,Y X,Y   los X,Y X,Y   score   time\n"
	       "  info N | info gun N | info game   the rule set's records and facts, by name\n"
	       "  undo                       take back the last order (not past a die or shot)\n"
	       "  deploy auto                put down as the computer would (before play)\n"
	       "  save FILE   quit\n"
	       "ids: 3  or  3,4,9  or  3-7; points: X,Y\n");
	cli_help_orders(rs);
}

static void list_figures(const tw_state *s, int side)
{
	for (int i = 0; i < s->ngun; i++) {
		const tw_gun *g = &s->gun[i];
		if (side >= 0 && g->side != side)
			continue;
		printf("  gun %d (%s) at %.1f,%.1f bearing %.0f elevation %.1f\n", g->id, s->sides[g->side].name, g->axle.x,
		       g->axle.y, g->bearing, g->elevation);
	}
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if ((side >= 0 && f->side != side) || f->status == TW_FS_DEAD || f->status == TW_FS_RESERVE)
			continue;
		printf("  #%-4d %-5s %-9s %-9s at %6.1f,%6.1f%s\n", f->id, s->sides[f->side].name,
		       tw_figure_kind_name((tw_figure_kind)f->kind), tw_figure_status_name((tw_figure_status)f->status),
		       f->pos.x, f->pos.y, f->moved_in == s->move_no && s->move_no > 0 ? " (moved)" : "");
	}
}

static int finish(play_ctx *pc)
{
	tw_error err;
	tw_error_clear(&err);
	int rc = CLI_OK;
	if (pc->log && cli_save_log(pc->game, pc->log, !pc->no_sign) != CLI_OK)
		rc = CLI_FAIL;
	if (pc->save && tw_state_save(tw_game_state(pc->game), pc->save, &err) != TW_OK) {
		cli_print_error(pc->save, &err);
		rc = CLI_FAIL;
	}
	const tw_state *s = tw_game_state(pc->game);
	if (pc->json) {
		cli_summary_json(pc->game, stdout);
	} else {
		double pts[TW_MAX_SIDES] = {0};
		tw_game_ruleset(pc->game)->score(s, pts);
		printf("\n%s after %d game moves. Score:", !s->over ? "Stopped" : s->winner >= 0 ? "Won" : "Drawn",
		       s->move_no);
		for (int k = 0; k < s->nsides; k++)
			printf("%s %s %.1f", k ? "," : "", s->sides[k].name, pts[k]);
		printf("\n");
		if (s->over && s->winner >= 0)
			printf("Winner: %s\n", s->sides[s->winner].name);
	}
	return rc;
}

// One human command; returns 0 to go on, 1 to quit.
static int human_command(play_ctx *pc, int side, char *line)
{
	const tw_state *s = tw_game_state(pc->game);
	char *argv[64];
	int argc = 0;
	for (char *t = strtok(line, " \t\r\n"); t && argc < 64; t = strtok(NULL, " \t\r\n"))
		argv[argc++] = t;
	if (argc == 0)
		return 0;
	const char *cmd = argv[0];
	tw_order *o = calloc(1, sizeof *o);
	if (!o)
		return 1;
	bool have_order = false;
	tw_vec2 a, b;
	if (strcmp(cmd, "help") == 0 || strcmp(cmd, "?") == 0) {
		help(tw_game_ruleset(pc->game));
	} else if (strcmp(cmd, "quit") == 0 || strcmp(cmd, "exit") == 0) {
		free(o);
		return 1;
	} else if (strcmp(cmd, "board") == 0) {
		cli_board(s, side, stdout);
	} else if (strcmp(cmd, "list") == 0) {
		int ls = argc > 1 ? -2 : -1;
		for (int i = 0; argc > 1 && i < s->nsides; i++)
			if (strcmp(argv[1], s->sides[i].name) == 0)
				ls = i;
		if (ls == -2)
			printf("  no side '%s'\n", argv[1]);
		else {
			tw_state view;
			if (tw_state_view(&view, s, side) == TW_OK) {
				list_figures(&view, ls);
				tw_state_free(&view);
			}
		}
	} else if (strcmp(cmd, "measure") == 0 && argc == 3 && cli_parse_point(argv[1], &a) && cli_parse_point(argv[2], &b)) {
		printf("  %.2f in\n", tw_dist(a, b));
	} else if (strcmp(cmd, "los") == 0 && argc == 3 && cli_parse_point(argv[1], &a) && cli_parse_point(argv[2], &b)) {
		int32_t blk = tw_los_blocker(&s->table, a, tw_table_ground(&s->table, a) + 1.5, b,
					     tw_table_ground(&s->table, b) + 1.0);
		if (blk < 0)
			printf("  clear line of sight\n");
		else
			printf("  blocked by %s %d %s\n", tw_terrain_kind_name((tw_terrain_kind)s->table.terrain[blk].kind),
			       blk, s->table.terrain[blk].name);
	} else if (strcmp(cmd, "info") == 0) {
		(void)cli_info(s, side, argc, argv);
	} else if (strcmp(cmd, "score") == 0) {
		double pts[TW_MAX_SIDES] = {0};
		tw_game_ruleset(pc->game)->score(s, pts);
		for (int k = 0; k < s->nsides; k++)
			printf("%s%s %.1f", k ? ", " : "  ", s->sides[k].name, pts[k]);
		printf("\n");
	} else if (strcmp(cmd, "time") == 0) {
		const tw_events *ev = tw_game_events(pc->game);
		for (int i = ev->n - 1; i >= 0; i--)
			if (ev->v[i].type == TW_EV_MOVE_START) {
				printf("  %s\n", ev->v[i].text);
				break;
			}
	} else if (strcmp(cmd, "undo") == 0) {
		printf(tw_game_undo(pc->game) ? "  undone\n" : "  nothing to undo since the last die or shot\n");
	} else if (strcmp(cmd, "save") == 0 && argc == 2) {
		tw_error err;
		if (tw_state_save(s, argv[1], &err) != TW_OK)
			cli_print_error(argv[1], &err);
		else
			printf("  saved %s\n", argv[1]);
	} else if (strcmp(cmd, "deploy") == 0 && argc == 2 && strcmp(argv[1], "auto") == 0) {
		// The rule set's default putting down, through the computer general's order.
		tw_general *g = tw_general_new("default", tw_game_ruleset(pc->game), side, 1);
		if (g && tw_general_decide(g, s, o) == TW_OK)
			have_order = true;
		tw_general_free(g);
	} else {
		// An order of the rule set, by its own words (its order description's usage).
		char why[1024];
		int r = cli_parse_order(s, side, argc, argv, o, why, sizeof why);
		if (r > 0)
			have_order = true;
		else if (r < 0)
			printf("%s\n", why);
		else
			printf("  unknown order '%s' (type 'help')\n", cmd);
	}
	if (have_order) {
		tw_error err;
		int first, count;
		if (tw_game_apply(pc->game, o, &first, &count, &err) != TW_OK) {
			printf("  refused: %s\n", err.message);
			if (err.clause[0])
				printf("  (rule %s)\n", err.clause);
		} else {
			print_events(pc, first, count);
		}
	}
	free(o);
	return 0;
}

static tw_general *make_general(const char *spec, const tw_ruleset *rs, int side, uint64_t seed, bool *human)
{
	*human = false;
	if (!spec || strcmp(spec, "human") == 0) {
		*human = true;
		return NULL;
	}
	return tw_general_new(strcmp(spec, "ai") == 0 ? "default" : spec, rs, side, seed);
}

int cli_play(int argc, char **argv)
{
	const char *path = cli_pos(argc, argv, 0, VAL_OPTS);
	if (!path) {
		fprintf(stderr, "usage: tinwar play FILE [--red human|ai|DOCTRINE] [--blue ...] [--seed N] ...\n");
		return CLI_BAD;
	}
	play_ctx pc = {0};
	pc.quiet = cli_flag(argc, argv, "--quiet");
	pc.json = cli_flag(argc, argv, "--json");
	pc.save = cli_opt(argc, argv, "--save");
	pc.log = cli_opt(argc, argv, "--log");
	pc.no_sign = cli_flag(argc, argv, "--no-sign");
	const char *sm = cli_opt(argc, argv, "--shot-model");
	const tw_shot_model *model = tw_shot_model_find(sm ? sm : "physics");
	if (!model) {
		fprintf(stderr, "tinwar play: unknown shot model '%s' (available: physics, fast)\n", sm);
		return CLI_BAD;
	}
	tw_state s;
	int rc = cli_load_state(path, &s);
	if (rc)
		return rc;
	uint64_t seed = s.seed ? s.seed : 1;
	const char *sv = cli_opt(argc, argv, "--seed");
	if (sv && !cli_parse_u64(sv, &seed)) {
		fprintf(stderr, "tinwar play: --seed wants a number, not '%s'\n", sv);
		tw_state_free(&s);
		return CLI_BAD;
	}
	tw_error err;
	tw_error_clear(&err);
	pc.game = tw_game_new(&s, seed, model, &err);
	tw_state_free(&s);
	if (!pc.game) {
		cli_print_error(path, &err);
		return cli_exit_code(err.code ? err.code : TW_ERR_INPUT);
	}
	const tw_ruleset *rs = tw_game_ruleset(pc.game);
	const tw_state *st = tw_game_state(pc.game);
	bool human[TW_MAX_SIDES] = {false};
	int nhuman = 0;
	for (int i = 1; i + 1 < argc; i++)
		if (strcmp(argv[i], "--side") == 0) {
			const char *eq = strchr(argv[i + 1], '=');
			bool known = false;
			for (int k = 0; eq && k < st->nsides; k++)
				known |= strlen(st->sides[k].name) == (size_t)(eq - argv[i + 1]) &&
					 strncmp(st->sides[k].name, argv[i + 1], (size_t)(eq - argv[i + 1])) == 0;
			if (!known) {
				fprintf(stderr, "tinwar play: --side wants NAME=SPEC with a side of the scenario, not '%s'\n",
					argv[i + 1]);
				rc = CLI_BAD;
				goto done;
			}
		}
	for (int i = 0; i < st->nsides; i++) {
		const char *spec = side_spec(argc, argv, st->sides[i].name);
		pc.gen[i] = make_general(spec ? spec : (i == 0 ? "human" : "ai"), rs, i, seed, &human[i]);
		if (!human[i] && !pc.gen[i]) {
			fprintf(stderr, "tinwar play: unknown general '%s' (see 'tinwar rulesets')\n", spec);
			rc = CLI_BAD;
			goto done;
		}
		nhuman += human[i];
	}
	if (nhuman == 0) {
		tw_game_set_undo(pc.game, false);
		int before = tw_game_events(pc.game)->n;
		if (tw_play_out(pc.game, pc.gen, 2000000, &err) != TW_OK) {
			cli_print_error("play", &err);
			rc = CLI_FAIL;
		}
		print_events(&pc, before, tw_game_events(pc.game)->n - before);
		int frc = finish(&pc);
		rc = rc ? rc : frc;
		goto done;
	}
	if (!pc.quiet && !pc.json) {
		printf("tinwar: %s. Type 'help' for orders, 'board' to see the table.\n", rs->title);
		cli_board(tw_game_state(pc.game), human[0] ? 0 : 1, stdout);
	}
	char line[4096];
	tw_order *o = malloc(sizeof *o);
	while (o && !tw_game_state(pc.game)->over) {
		st = tw_game_state(pc.game);
		tw_decision dec[TW_MAX_DECISIONS];
		if (tw_state_decisions(st, dec, TW_MAX_DECISIONS) == 0)
			break;
		int side = dec[0].seat;
		if (side < 0 || side >= st->nsides) {
			fprintf(stderr, "tinwar play: the rules ask the %s seat (%s), which the terminal does not play\n",
				side == TW_SEAT_UMPIRE ? "umpire" : "host", dec[0].clause);
			rc = CLI_FAIL;
			break;
		}
		if (!human[side]) {
			int first, count;
			if (tw_general_decide(pc.gen[side], st, o) != TW_OK ||
			    tw_game_apply(pc.game, o, &first, &count, &err) != TW_OK) {
				int end = tw_order_type_with(rs, TW_OD_ENDS_TURN);
				tw_order_init(o, end >= 0 ? end : 0, side);
				if (end < 0 || tw_game_apply(pc.game, o, &first, &count, &err) != TW_OK) {
					cli_print_error("computer general", &err);
					rc = CLI_FAIL;
					break;
				}
			}
			print_events(&pc, first, count);
			continue;
		}
		// What the rules ask of this seat, when it is more than its turn to act.
		static char last[160];
		char now[160];
		snprintf(now, sizeof now, "%s %s %s", st->sides[side].name, dec[0].kind, dec[0].prompt);
		if (strcmp(dec[0].kind, "act") != 0 && strcmp(now, last) != 0 && !pc.quiet && !pc.json) {
			printf("  [%s] %s: %s%s (orders:", dec[0].clause, st->sides[side].name, dec[0].prompt,
			       dec[0].secret ? ", a secret choice" : "");
			for (int t = 0; t < rs->norders && t < 64; t++)
				if (dec[0].types == 0 || (dec[0].types & (UINT64_C(1) << t)))
					printf(" %s", rs->orders[t].name);
			printf(")\n");
		}
		snprintf(last, sizeof last, "%s", now);
		printf("%s (game move %d)> ", st->sides[side].name, st->move_no);
		fflush(stdout);
		if (!fgets(line, sizeof line, stdin)) {
			printf("\n(end of input: stopping; the game so far is kept by --save/--log if given)\n");
			break;
		}
		if (human_command(&pc, side, line))
			break;
	}
	free(o);
	{
		int frc = finish(&pc);
		rc = rc ? rc : frc;
	}
done:
	for (int i = 0; i < TW_MAX_SIDES; i++)
		tw_general_free(pc.gen[i]);
	tw_game_free(pc.game);
	return rc;
}
