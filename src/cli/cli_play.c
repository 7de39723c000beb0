// tinwar play: a game in the terminal (human orders at a prompt), or computer against computer.
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tinwar/littlewars.h"

static const char *const VAL_OPTS[] = {"--seed", "--red", "--blue", "--save", "--log", "--shot-model", NULL};

typedef struct play_ctx {
	tw_game *game;
	tw_general *gen[TW_MAX_SIDES]; // NULL = human
	bool quiet, json;
	const char *save, *log;
} play_ctx;

/// A melee's participants (the melee_member events that follow it, from i up to end) on one line
/// per clause, side and role instead of one line a man: "[LW.MEL.4] drawn in, Red: 17 55 56".
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

// "1,2,5-9" -> ids
static int parse_ids(const char *s, int32_t *out, int max)
{
	int n = 0;
	while (s && *s && n < max) {
		char *end;
		long a = strtol(s, &end, 10);
		if (end == s)
			return -1;
		long b = a;
		if (*end == '-') {
			s = end + 1;
			b = strtol(s, &end, 10);
			if (end == s)
				return -1;
		}
		for (long k = a; k <= b && n < max; k++)
			out[n++] = (int32_t)k;
		s = *end == ',' ? end + 1 : end;
		if (*end && *end != ',')
			return -1;
	}
	return n;
}

static bool parse_pt(const char *s, tw_vec2 *p)
{
	if (!s)
		return false;
	char *end;
	p->x = strtod(s, &end);
	if (end == s || *end != ',')
		return false;
	const char *t = end + 1;
	p->y = strtod(t, &end);
	return end != t && *end == 0 && isfinite(p->x) && isfinite(p->y);
}

// The orders the rule set describes (tw_ruleset_orders), with their clauses and n choices.
static void help_ruleset(const tw_ruleset *rs)
{
	int n;
	const tw_order_def *d = tw_ruleset_orders(rs, &n);
	if (!d)
		return;
	printf("\n%s accepts these orders:\n", rs->title);
	for (int i = 0; i < n; i++) {
		printf("  %-10s %s\n", tw_order_type_name((tw_order_type)d[i].type), d[i].help);
		if (d[i].n_choices) {
			printf("  %-10s n:", "");
			for (int k = 0; d[i].n_choices[k]; k++)
				printf(" %d = %s%s", k, d[i].n_choices[k], d[i].n_choices[k + 1] ? "," : "");
			printf("\n");
		}
	}
}

static void help(const tw_ruleset *rs)
{
	printf("orders (distances in inches, bearings in degrees: 0 = towards blue, 90 = right):\n"
	       "  board                      draw the table            list [red|blue]   figures and guns\n"
	       "  move IDS X,Y [X,Y ...]     move men along a path (a group keeps its shape), e.g. move 3-7 20,14\n"
	       "  to ID X,Y [ID X,Y ...]     move each man straight to a point\n"
	       "  gunmove G X,Y CREW_IDS     move a gun with at least 4 of its men (LW.MOB.11)\n"
	       "  fire G BEARING ELEV        fire one shot            fire G at X,Y   aim at a point\n"
	       "  trail G [A B]              two men to the trail (LW.MOB.10); without ids the nearest go\n"
	       "  lie IDS                    lay men down for the guns (LW.MOB.8)\n"
	       "  surrender IDS              hoist the white flag (LW.MEL.16)\n"
	       "  end [dead IDS] [prisoners IDS]  end the move; optional melee choices (LW.MEL.8)\n"
	       "  undo                       take back the last order (not past a die or shot)\n"
	       "  measure X,Y X,Y   los X,Y X,Y   crew G   score   time\n"
	       "  toss   deploy auto   deploy ID X,Y [ID X,Y ...]   ready   (before play)\n"
	       "  volley FIRERS TARGETS [pick]   formation N ID X,Y [...]   (Grant)\n"
	       "  move/to ... [charge|battle|house|ford|aboard|ashore]  Grant move modes 1-6 (GR.CHARGE,\n"
	       "                             GR.MOVE.5, GR.TERR.8, GR.TERR.7, GR.MOVE.7)\n"
	       "  end dead IDS               Grant: your figures to lose first where the owner chooses\n"
	       "  end reply | end hold       Grant: your units fire back, or hold fire, when fired at (GR.MUSK.2)\n"
	       "  save FILE   quit\n");
	help_ruleset(rs);
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
	if (pc->log && tw_game_log_save(pc->game, pc->log, &err) != TW_OK) {
		cli_print_error(pc->log, &err);
		rc = CLI_FAIL;
	}
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
		printf("\n%s after %d game moves. Score: %s %.1f, %s %.1f\n",
		       !s->over ? "Stopped" : s->winner >= 0 ? "Won" : "Drawn", s->move_no, s->sides[0].name, pts[0],
		       s->sides[1].name, pts[1]);
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
	// Grant's move modes, as a trailing word of "move" or "to" (GR.CHARGE.1, GR.MOVE.5, GR.TERR.8,
	// GR.TERR.7, GR.MOVE.7).
	static const char *const modes[] = {"", "charge", "battle", "house", "ford", "aboard", "ashore"};
	int mode = 0;
	for (int m = 1; m < (int)(sizeof modes / sizeof modes[0]) && argc >= 3; m++)
		if ((strcmp(cmd, "move") == 0 || strcmp(cmd, "to") == 0) && strcmp(argv[argc - 1], modes[m]) == 0) {
			mode = m;
			argc--;
			break;
		}
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
	} else if (strcmp(cmd, "measure") == 0 && argc == 3 && parse_pt(argv[1], &a) && parse_pt(argv[2], &b)) {
		printf("  %.2f in\n", tw_dist(a, b));
	} else if (strcmp(cmd, "los") == 0 && argc == 3 && parse_pt(argv[1], &a) && parse_pt(argv[2], &b)) {
		int32_t blk = tw_los_blocker(&s->table, a, tw_table_ground(&s->table, a) + 1.5, b,
					     tw_table_ground(&s->table, b) + 1.0);
		if (blk < 0)
			printf("  clear line of sight\n");
		else
			printf("  blocked by %s %d %s\n", tw_terrain_kind_name((tw_terrain_kind)s->table.terrain[blk].kind),
			       blk, s->table.terrain[blk].name);
	} else if (strcmp(cmd, "score") == 0) {
		double pts[TW_MAX_SIDES] = {0};
		tw_game_ruleset(pc->game)->score(s, pts);
		printf("  %s %.1f, %s %.1f\n", s->sides[0].name, pts[0], s->sides[1].name, pts[1]);
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
	} else if (strcmp(cmd, "toss") == 0) {
		tw_order_init(o, TW_OT_TOSS, side);
		have_order = true;
	} else if (strcmp(cmd, "ready") == 0) {
		tw_order_init(o, TW_OT_READY, side);
		have_order = true;
	} else if (strcmp(cmd, "deploy") == 0 && argc == 2 && strcmp(argv[1], "auto") == 0) {
		// The rule set's default putting down, through the computer general's order.
		tw_general *g = tw_general_new("default", tw_game_ruleset(pc->game), side, 1);
		if (g && tw_general_decide(g, s, o) == TW_OK)
			have_order = true;
		tw_general_free(g);
	} else if (strcmp(cmd, "deploy") == 0 || strcmp(cmd, "to") == 0) {
		tw_order_init(o, strcmp(cmd, "deploy") == 0 ? TW_OT_DEPLOY : TW_OT_MOVE, side);
		o->has_at = true;
		bool ok = argc >= 3 && (argc - 1) % 2 == 0;
		for (int i = 1; ok && i + 1 < argc && o->nfig < TW_ORDER_MAX_FIG; i += 2) {
			ok = parse_pt(argv[i + 1], &o->at[o->nfig]);
			o->fig[o->nfig] = atoi(argv[i]);
			o->facing[o->nfig] = s->sides[side].forward > 0 ? 0 : 180;
			o->nfig++;
		}
		o->n = mode;
		if (ok)
			have_order = true;
		else
			printf("  usage: %s ID X,Y [ID X,Y ...]\n", cmd);
	} else if (strcmp(cmd, "move") == 0 && argc >= 3) {
		tw_order_init(o, TW_OT_MOVE, side);
		o->nfig = parse_ids(argv[1], o->fig, TW_ORDER_MAX_FIG);
		bool ok = o->nfig > 0;
		for (int i = 2; ok && i < argc && o->npath < TW_ORDER_MAX_PATH; i++)
			ok = parse_pt(argv[i], &o->path[o->npath++]);
		o->n = mode;
		if (ok)
			have_order = true;
		else
			printf("  usage: move IDS X,Y [X,Y ...]\n");
	} else if (strcmp(cmd, "gunmove") == 0 && argc >= 4) {
		tw_order_init(o, TW_OT_GUN_MOVE, side);
		o->gun = atoi(argv[1]);
		o->npath = 1;
		o->nfig = parse_ids(argv[3], o->fig, TW_ORDER_MAX_FIG);
		if (parse_pt(argv[2], &o->path[0]) && o->nfig > 0)
			have_order = true;
		else
			printf("  usage: gunmove G X,Y CREW_IDS\n");
	} else if (strcmp(cmd, "fire") == 0 && argc == 4) {
		tw_order_init(o, TW_OT_FIRE, side);
		o->gun = atoi(argv[1]);
		if (strcmp(argv[2], "at") == 0) {
			o->has_target = parse_pt(argv[3], &o->target);
			have_order = o->has_target;
		} else {
			char *e1, *e2;
			o->bearing = strtod(argv[2], &e1);
			o->elevation = strtod(argv[3], &e2);
			o->has_aim = *e1 == 0 && *e2 == 0;
			have_order = o->has_aim;
		}
		if (!have_order)
			printf("  usage: fire G BEARING ELEVATION | fire G at X,Y\n");
	} else if (strcmp(cmd, "trail") == 0 && (argc == 2 || argc == 4)) {
		tw_order_init(o, TW_OT_TRAIL, side);
		o->gun = atoi(argv[1]);
		if (argc == 4) {
			o->fig[0] = atoi(argv[2]);
			o->fig[1] = atoi(argv[3]);
			o->nfig = 2;
		}
		have_order = true;
	} else if ((strcmp(cmd, "lie") == 0 || strcmp(cmd, "surrender") == 0) && argc == 2) {
		tw_order_init(o, strcmp(cmd, "lie") == 0 ? TW_OT_LIE_DOWN : TW_OT_SURRENDER, side);
		o->nfig = parse_ids(argv[1], o->fig, TW_ORDER_MAX_FIG);
		have_order = o->nfig > 0;
	} else if (strcmp(cmd, "end") == 0) {
		tw_order_init(o, TW_OT_END_MOVE, side);
		have_order = true;
		for (int i = 1; i < argc; i++) {
			if (strcmp(argv[i], "reply") == 0) // Grant: fire back when fired at (GR.MUSK.2)
				o->n = 1;
			else if (strcmp(argv[i], "hold") == 0) // Grant: hold fire when fired at
				o->n = 2;
			else if (strcmp(argv[i], "dead") == 0 && i + 1 < argc)
				o->nfig = parse_ids(argv[++i], o->fig, TW_ORDER_MAX_FIG);
			else if (strcmp(argv[i], "prisoners") == 0 && i + 1 < argc)
				o->nfig2 = parse_ids(argv[++i], o->fig2, TW_ORDER_MAX_FIG);
			else
				have_order = false;
		}
	} else if (strcmp(cmd, "volley") == 0 && (argc == 3 || argc == 4)) {
		// Small-arms fire by a unit's firers at target figures (Grant, GR.MUSK/GR.LIGHT).
		tw_order_init(o, TW_OT_VOLLEY, side);
		o->nfig = parse_ids(argv[1], o->fig, TW_ORDER_MAX_FIG);
		o->nfig2 = parse_ids(argv[2], o->fig2, TW_ORDER_MAX_FIG);
		o->n = argc == 4 && strcmp(argv[3], "pick") == 0;
		have_order = o->nfig > 0 && o->nfig2 > 0;
		if (!have_order)
			printf("  usage: volley FIRER_IDS TARGET_IDS [pick]\n");
	} else if (strcmp(cmd, "formation") == 0 && argc >= 4 && (argc - 2) % 2 == 0) {
		// A unit changes formation N; each figure goes to its new place (Grant, GR.MOVE).
		tw_order_init(o, TW_OT_FORMATION, side);
		o->n = atoi(argv[1]);
		o->has_at = true;
		bool ok = true;
		for (int i = 2; ok && i + 1 < argc && o->nfig < TW_ORDER_MAX_FIG; i += 2) {
			o->fig[o->nfig] = atoi(argv[i]);
			ok = parse_pt(argv[i + 1], &o->at[o->nfig]);
			o->facing[o->nfig] = s->sides[side].forward > 0 ? 0 : 180;
			o->nfig++;
		}
		have_order = ok;
		if (!ok)
			printf("  usage: formation N ID X,Y [ID X,Y ...]\n");
	} else if (strcmp(cmd, "crew") == 0 && argc == 2) {
		const tw_gun *g = tw_state_gun_c(s, atoi(argv[1]));
		if (!g)
			printf("  no gun %s\n", argv[1]);
		else {
			int n = tw_lw_gun_crew(s, g->id, g->side);
			printf("  gun %d has %d free men within 6 in (%s, LW.MOB.4)\n", g->id, n,
			       n >= 4 ? "in action" : "out of action");
		}
	} else {
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
	for (int i = 0; i < st->nsides && i < 2; i++) {
		const char *spec = cli_opt(argc, argv, i == 0 ? "--red" : "--blue");
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
		int side = rs->to_move(st);
		if (side < 0)
			break;
		if (!human[side]) {
			int first, count;
			if (tw_general_decide(pc.gen[side], st, o) != TW_OK ||
			    tw_game_apply(pc.game, o, &first, &count, &err) != TW_OK) {
				tw_order_init(o, TW_OT_END_MOVE, side);
				if (tw_game_apply(pc.game, o, &first, &count, &err) != TW_OK) {
					cli_print_error("computer general", &err);
					rc = CLI_FAIL;
					break;
				}
			}
			print_events(&pc, first, count);
			continue;
		}
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
