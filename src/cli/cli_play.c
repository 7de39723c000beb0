// tinwar play: a game in the terminal (human orders at a prompt), or computer against computer.
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_role_gen.h"

static const char *const VAL_OPTS[] = {"--seed", "--red", "--blue", "--side", "--save", "--log", "--shot-model", "--param",
					   "--host-clock", "--dice", "--role", NULL}; // sv-term: the host's clock, entered dice; h6-seats

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
	cli_groups groups; // the terminal's named groups (`group NAME IDS`)
	int role[TW_MAX_SIDES]; // KS.GEN.1/2 (cli_roles.c): the role typing for each side, -1 none
	cli_host host;          // sv-term: the host's clock (cli_host.c)
	cli_role_gens rg;       // h6-seats: computer generals for roles of the person's sides (cli_role_gen.c)
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

/// "3-7,9,12-14": ids (ascending) as ranges.
static void print_ranges(FILE *out, const int32_t *ids, int n)
{
	for (int k = 0; k < n;) {
		int j = k;
		while (j + 1 < n && ids[j + 1] == ids[j] + 1)
			j++;
		fprintf(out, "%s%d", k ? "," : "", ids[k]);
		if (j > k)
			fprintf(out, "-%d", ids[j]);
		k = j + 1;
	}
}

// The unit of the figure a move event (TW_EV_MOVE, a = figure) is about, or -1.
static int move_event_unit(const tw_state *s, const tw_event *e)
{
	if (e->type != TW_EV_MOVE)
		return -1;
	const tw_figure *f = tw_state_figure_c(s, e->a);
	return f && f->unit >= 0 && f->unit < s->nunit ? f->unit : -1;
}

/// A unit's moves (the TW_EV_MOVE events from i to end, one a man, all of one unit and clause)
/// on one line: "[CLAUSE] Blue hussars: 14 men moved, 9.5 in" (up to the longest when they
/// differ); a run of one event with words of its own (a rule set that moves a unit as one, as
/// Rattle does) prints those words after the unit's name.
static void print_unit_moves(const tw_state *s, const tw_events *ev, int i, int end)
{
	const tw_event *e = &ev->v[i];
	double lo = e->v, hi = e->v;
	for (int k = i; k < end; k++) {
		lo = fmin(lo, ev->v[k].v);
		hi = fmax(hi, ev->v[k].v);
	}
	const tw_unit *u = &s->unit[move_event_unit(s, e)];
	if (end - i == 1 && e->text[0]) { // one event for the whole unit (Rattle): the rules' own words
		printf("  [%s] %s: %s\n", e->clause[0] ? e->clause : "-", u->name, e->text);
		return;
	}
	printf("  [%s] %s: %d m%s moved, %s%.1f in\n", e->clause[0] ? e->clause : "-", u->name, end - i,
	       end - i == 1 ? "an" : "en", hi - lo >= 0.05 ? "up to " : "", hi);
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
		int unit = move_event_unit(tw_game_state(pc->game), e);
		if (unit >= 0) {
			int j = i + 1;
			while (j < end && move_event_unit(tw_game_state(pc->game), &ev->v[j]) == unit &&
			       strcmp(ev->v[j].clause, e->clause) == 0)
				j++;
			print_unit_moves(tw_game_state(pc->game), ev, i, j);
			i = j - 1;
			continue;
		}
		if (e->type == TW_EV_MOVE_START)
			printf("\n");
		const tw_state *s = tw_game_state(pc->game);
		const char *who = e->side >= 0 && e->side < s->nsides ? s->sides[e->side].name : "?";
		if (!e->text[0] && e->type == TW_EV_MOVE_START) // the rule set gave no words: the generic ones
			printf("  [%s] Game move %d begins: %s first\n", e->clause[0] ? e->clause : "-", e->a, who);
		else if (!e->text[0] && e->type == TW_EV_MOVE_END)
			printf("  [%s] %s has ended its part of game move %d\n", e->clause[0] ? e->clause : "-", who, e->move_no);
		else
			printf("  [%s] %s\n", e->clause[0] ? e->clause : "-", e->text[0] ? e->text : tw_event_type_name(e->type));
	}
}

static void help(const tw_state *s, const tw_ruleset *rs)
{
	printf("the table (distances in inches, bearings in degrees: 0 = towards +y, 90 = right):\n"
	       "  board                      draw the table\n"
	       "  list [SIDE]                units (name, figure ids, where they stand), loose men, guns\n"
	       "  list men [SIDE] | list unit N|\"NAME\"   each man\n"
	       "  measure X,Y X,Y   los X,Y X,Y   score   time\n"
	       "  info N | info gun N | info game   the rule set's records and facts, by name\n"
	       "  undo                       take back the last order (not past a die or shot)\n"
	       "  group NAME IDS             name some men (ids, unit N, groups); then NAME or group NAME\n"
	       "                             wherever figure ids are asked for; 'group' lists the groups\n"
	       "  roles   as ROLE            the roles within a side (KS.GEN.1/2), and who is typing\n");
	if (s->move_no == 0)
		printf("  deploy auto                put down as the computer would (before play)\n");
	if (tw_host_keeps(s)) // sv-term (cli_host.c)
		printf("  wait SECONDS               the virtual host's clock moves on (--host-clock virtual)\n"
		       "  seat SIDE                  who types while every seat may act at once (the auction)\n"
		       "  ORDER ... dice F F ...     the faces of the dice it throws, entered (--dice entered)\n");
	printf("  save FILE   quit\n"
	       "ids: 3  or  3,4,9  or  3-7 (spaces or commas between them); unit N or unit \"NAME\" for a\n"
	       "unit's active men wherever figure ids are asked for (a group's likewise); points: X,Y;\n"
	       "choices by name\n");
	cli_help_orders(rs);
}

// Where a group of men stands: the centre of their places, and how far they spread.
static void print_where(const tw_state *s, const int32_t *ids, int n)
{
	double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY, cx = 0, cy = 0;
	for (int k = 0; k < n; k++) {
		tw_vec2 p = s->fig[ids[k]].pos;
		x0 = fmin(x0, p.x), x1 = fmax(x1, p.x), y0 = fmin(y0, p.y), y1 = fmax(y1, p.y);
		cx += p.x, cy += p.y;
	}
	printf(" at %.1f,%.1f (x %.1f-%.1f, y %.1f-%.1f)", cx / n, cy / n, x0, x1, y0, y1);
}

/// `list`: each unit (id, name, side, its men's ids as ranges, where it stands), the men of no
/// unit by side, kind and status, then the guns; `side` -1 for all.
static void list_units(const tw_state *s, int side)
{
	int32_t *ids = malloc(sizeof *ids * (size_t)(s->nfig ? s->nfig : 1));
	if (!ids)
		return;
	for (int u = 0; u < s->nunit; u++) {
		const tw_unit *un = &s->unit[u];
		if (side >= 0 && un->side != side)
			continue;
		int n = 0, nact = 0;
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *f = &s->fig[i];
			if (f->unit == u && tw_figure_on_table(s, f) && f->status != TW_FS_DEAD) {
				ids[n++] = f->id;
				nact += f->status == TW_FS_ACTIVE;
			}
		}
		printf("  unit %d \"%s\" (%s): ", u, un->name, s->sides[un->side].name);
		if (n == 0) {
			printf("no men on the table\n");
			continue;
		}
		printf("%d men (%d active): ", n, nact);
		print_ranges(stdout, ids, n);
		print_where(s, ids, n);
		printf("\n");
	}
	// Men of no unit, by side, kind and status (only the statuses some such man has).
	bool present[256] = {false};
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit < 0 || s->fig[i].unit >= s->nunit)
			present[(uint8_t)s->fig[i].status] = true;
	for (int sd = 0; sd < s->nsides; sd++) {
		if (side >= 0 && sd != side)
			continue;
		for (int kind = 0; kind < TW_FK_COUNT; kind++)
			for (int st = 0; st < 256; st++) {
				if (!present[st])
					continue;
				int n = 0;
				for (int i = 0; i < s->nfig; i++) {
					const tw_figure *f = &s->fig[i];
					if (f->side == sd && f->kind == kind && f->status == st && (f->unit < 0 || f->unit >= s->nunit) &&
					    f->status != TW_FS_DEAD && f->status != TW_FS_RESERVE)
						ids[n++] = f->id;
				}
				if (n == 0)
					continue;
				printf("  %s %s, %s, no unit: %d: ", s->sides[sd].name, tw_figure_kind_name((tw_figure_kind)kind),
				       tw_status_name(s, st), n);
				print_ranges(stdout, ids, n);
				if (tw_figure_on_table(s, &s->fig[ids[0]]))
					print_where(s, ids, n);
				printf("\n");
			}
	}
	for (int i = 0; i < s->ngun; i++) {
		const tw_gun *g = &s->gun[i];
		if (side >= 0 && g->side != side)
			continue;
		printf("  gun %d (%s) at %.1f,%.1f bearing %.0f elevation %.1f\n", g->id, s->sides[g->side].name, g->axle.x,
		       g->axle.y, g->bearing, g->elevation);
	}
	free(ids);
}

/// `list men`: each man on a line (`unit` >= 0: that unit's only).
static void list_figures(const tw_state *s, int side, int unit)
{
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if ((side >= 0 && f->side != side) || (unit >= 0 && f->unit != unit) || f->status == TW_FS_DEAD ||
		    f->status == TW_FS_RESERVE)
			continue;
		printf("  #%-4d %-5s %-9s %-9s at %6.1f,%6.1f", f->id, s->sides[f->side].name,
		       tw_figure_kind_name((tw_figure_kind)f->kind), tw_status_name(s, f->status), f->pos.x, f->pos.y);
		if (f->unit >= 0 && f->unit < s->nunit && unit < 0)
			printf("  unit %d", f->unit);
		printf("%s\n", f->moved_in == s->move_no && s->move_no > 0 ? " (moved)" : "");
	}
}

// `list [men] [SIDE] | list unit N`: false (with a message) on words it does not understand.
static bool list_command(const tw_state *st, int seat, int role, const cli_groups *gs, int argc, char **argv)
{
	int k = 1, side = -1, unit = -1;
	bool men = false;
	if (k < argc && strcmp(argv[k], "men") == 0) {
		men = true;
		k++;
	} else if (k < argc && strcmp(argv[k], "unit") == 0) {
		if (k + 1 >= argc || (unit = cli_find_unit(st, argv[k + 1])) < 0) {
			printf("  list unit: no unit '%s' (%d units; 'list' names them)\n", k + 1 < argc ? argv[k + 1] : "",
			       st->nunit);
			return false;
		}
		men = true;
		k += 2;
	}
	if (k < argc && unit < 0) {
		side = tw_state_side_index(st, argv[k]);
		if (side < 0) {
			printf("  list: no side '%s' (sides:", argv[k]);
			for (int i = 0; i < st->nsides; i++)
				printf(" %s", st->sides[i].name);
			printf(")\n");
			return false;
		}
		k++;
	}
	if (k < argc) {
		printf("  list: '%s' is not understood (list [SIDE] | list men [SIDE] | list unit N)\n", argv[k]);
		return false;
	}
	tw_state view;
	bool official = false;
	if (cli_role_view(&view, st, seat, role, &official) != TW_OK) // KS.GEN.2 (cli_roles.c)
		return false;
	if (official)
		printf("  (the official's view: his own side as the umpire sees it, KS.GEN.2)\n");
	if (men) {
		list_figures(&view, side, unit);
	} else {
		list_units(&view, side);
		cli_groups_list(gs, &view, side); // the terminal's named groups
	}
	tw_state_free(&view);
	return true;
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

/// `time`: the game move and who acts, as the last start of a move told it (its own words, or
/// the move's number and mover when the rule set gives none), and the phase.
static void print_time(const play_ctx *pc)
{
	const tw_state *s = tw_game_state(pc->game);
	const tw_events *ev = tw_game_events(pc->game);
	int i = ev->n - 1;
	while (i >= 0 && ev->v[i].type != TW_EV_MOVE_START)
		i--;
	if (i >= 0 && ev->v[i].text[0])
		printf("  %s\n", ev->v[i].text);
	else if (i >= 0)
		printf("  [%s] Game move %d began: %s first\n", ev->v[i].clause, ev->v[i].a,
		       ev->v[i].side >= 0 && ev->v[i].side < s->nsides ? s->sides[ev->v[i].side].name : "?");
	const tw_ruleset *rs = tw_game_ruleset(pc->game);
	tw_decision dec[TW_MAX_DECISIONS];
	int nd = tw_state_decisions(s, dec, TW_MAX_DECISIONS);
	printf("  game move %d", s->move_no);
	if (rs->phase_names)
		printf(", phase %s", tw_phase_name(s));
	for (int k = 0; k < nd; k++)
		if (dec[k].seat >= 0 && dec[k].seat < s->nsides) {
			printf("%s %s to act", k ? "," : ";", s->sides[dec[k].seat].name);
			if (dec[k].clause[0])
				printf(" [%s]", dec[k].clause);
		}
	printf("\n");
	for (int k = 0; k < nd && rs->allowance; k++)
		if (dec[k].seat >= 0 && dec[k].seat < s->nsides) {
			double secs = rs->allowance(s, dec[k].seat);
			if (secs > 0)
				printf("  %s has %.0f s for this on the clock\n", s->sides[dec[k].seat].name, secs);
		}
}

// The terminal's own commands and how many words each takes after its name (min, max).
static const struct {
	const char *name;
	int min, max;
	const char *usage;
} BUILTINS[] = {
    {"help", 0, 0, "help"},         {"?", 0, 0, "help"},           {"quit", 0, 0, "quit"},
    {"exit", 0, 0, "quit"},         {"board", 0, 0, "board"},      {"measure", 2, 2, "measure X,Y X,Y"},
    {"los", 2, 2, "los X,Y X,Y"},   {"score", 0, 0, "score"},      {"time", 0, 0, "time"},
    {"undo", 0, 0, "undo"},         {"save", 1, 1, "save FILE"},   {"deploy", 1, 1, "deploy auto"},
    {"roles", 0, 0, "roles"},       {"as", 1, 1, "as ROLE"},
    {"wait", 1, 1, "wait SECONDS"}, {"seat", 1, 1, "seat SIDE"}, // sv-term: the host's clock (cli_host.c)
};

// One human command; returns 0 to go on, 1 to quit.
static int human_command(play_ctx *pc, int side, char *line)
{
	const tw_state *s = tw_game_state(pc->game);
	char *argv[256];
	char why[1024];
	int argc = cli_split_words(line, argv, 256, why, sizeof why);
	if (argc < 0) {
		printf("%s\n", why);
		return 0;
	}
	if (argc == 0)
		return 0;
	const char *cmd = argv[0];
	// The terminal's own words take a fixed number of arguments: more or fewer is refused.
	for (size_t k = 0; k < TW_ARRAY_COUNT(BUILTINS); k++) {
		if (strcmp(cmd, BUILTINS[k].name) != 0)
			continue;
		if (strcmp(cmd, "deploy") == 0 && (argc != 2 || strcmp(argv[1], "auto") != 0))
			break; // the rule set's own deploy order, if it has one
		if (argc - 1 < BUILTINS[k].min || argc - 1 > BUILTINS[k].max) {
			if (argc - 1 > BUILTINS[k].max)
				printf("  %s: '%s' is not understood (usage: %s)\n", cmd, argv[BUILTINS[k].max + 1],
				       BUILTINS[k].usage);
			else
				printf("  %s: expected more (usage: %s)\n", cmd, BUILTINS[k].usage);
			return 0;
		}
	}
	tw_order *o = calloc(1, sizeof *o);
	if (!o)
		return 1;
	bool have_order = false;
	tw_vec2 a, b;
	if (strcmp(cmd, "help") == 0 || strcmp(cmd, "?") == 0) {
		help(s, tw_game_ruleset(pc->game));
	} else if (strcmp(cmd, "quit") == 0 || strcmp(cmd, "exit") == 0) {
		free(o);
		return 1;
	} else if (strcmp(cmd, "roles") == 0) { // KS.GEN.1/2 (cli_roles.c)
		cli_roles_list(s, side, pc->role[side]);
	} else if (strcmp(cmd, "as") == 0) {
		int r = cli_role_pick(s, side, argv[1]);
		if (r < 0)
			printf("  %s has no role '%s' (type 'roles')\n", s->sides[side].name, argv[1]);
		else if (!cli_role_gens_refuse_as(&pc->rg, s, side, r, pc->role[side])) // issue 16: not the computer's seat
			pc->role[side] = r;
	} else if (strcmp(cmd, "board") == 0) {
		cli_board_role(s, side, pc->role[side], stdout);
	} else if (strcmp(cmd, "list") == 0) {
		(void)list_command(s, side, pc->role[side], &pc->groups, argc, argv);
	} else if (strcmp(cmd, "group") == 0) {
		(void)cli_group_command(&pc->groups, s, side, argc, argv);
	} else if (strcmp(cmd, "measure") == 0 || strcmp(cmd, "los") == 0) {
		if (!cli_parse_point(argv[1], &a) || !cli_parse_point(argv[2], &b)) {
			printf("  %s: expected two points X,Y, not '%s'\n", cmd, cli_parse_point(argv[1], &a) ? argv[2] : argv[1]);
		} else if (cmd[0] == 'm') {
			printf("  %.2f in\n", tw_dist(a, b));
		} else {
			int32_t blk = tw_los_blocker(&s->table, a, tw_table_ground(&s->table, a) + 1.5, b,
						     tw_table_ground(&s->table, b) + 1.0);
			if (blk < 0)
				printf("  clear line of sight\n");
			else
				printf("  blocked by %s %d %s\n",
				       tw_terrain_kind_name((tw_terrain_kind)s->table.terrain[blk].kind), blk,
				       s->table.terrain[blk].name);
		}
	} else if (strcmp(cmd, "info") == 0) {
		(void)cli_info_role(s, side, pc->role[side], argc, argv);
	} else if (strcmp(cmd, "score") == 0) {
		double pts[TW_MAX_SIDES] = {0};
		const tw_ruleset *rs = tw_game_ruleset(pc->game);
		rs->score(s, pts);
		for (int k = 0; k < s->nsides; k++)
			printf("%s%s %.1f", k ? ", " : "  ", s->sides[k].name, pts[k]);
		printf("\n");
		if (rs->score_help)
			printf("  (%s)\n", rs->score_help);
	} else if (strcmp(cmd, "time") == 0) {
		print_time(pc);
		cli_host_time(&pc->host, s); // sv-term
	} else if (strcmp(cmd, "wait") == 0) { // sv-term: the virtual host's clock moves (cli_host.c)
		(void)cli_host_wait(&pc->host, argv[1]);
	} else if (strcmp(cmd, "seat") == 0) { // sv-term: who types while every seat may act at once
		int k = tw_state_side_index(s, argv[1]);
		if (k < 0 || pc->gen[k])
			printf("  seat: '%s' is no side a person plays here\n", argv[1]);
		else
			pc->host.seat = k;
	} else if (strcmp(cmd, "undo") == 0 && tw_host_due(s) > 0) { // sv-term: the others may have answered it
		printf("  undo: not while the host's clock runs (an order given on it stands, as a bid does)\n");
	} else if (strcmp(cmd, "undo") == 0) {
		printf(tw_game_undo(pc->game) ? "  undone\n" : "  nothing to undo since the last die or shot\n");
		for (int k = 0; k < TW_MAX_SIDES; k++) // sv-term: the computers are asked afresh
			pc->host.asked[k] = -1;
	} else if (strcmp(cmd, "save") == 0) {
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
		// An order of the rule set, by its own words (its order description's usage); sv-term:
		// entered faces after it (`... dice 1 2`, PHYSICAL mode's chance hook).
		uint8_t faces[TW_ORDER_MAX_DICE];
		int nf = cli_take_dice(&argc, argv, faces, TW_ORDER_MAX_DICE, why, sizeof why);
		int r = nf < 0 ? -1 : cli_parse_order_in(s, side, &pc->groups, argc, argv, o, why, sizeof why);
		if (r > 0 && nf > 0) {
			memcpy(o->dice, faces, (size_t)nf);
			o->ndice = nf;
		}
		if (r > 0)
			have_order = true;
		else if (r < 0)
			printf("%s\n", why);
		else
			printf("  unknown order '%s' (type 'help')\n", cmd);
	}
	if (have_order && cli_role_refuses(s, pc->role[side], o)) // KS.GEN.1/2 (cli_roles.c)
		have_order = false;
	if (have_order) {
		tw_error err;
		int first, count;
		tw_host_stamp(s, o, cli_host_now(&pc->host)); // sv-term: the host's time, never the person's
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

// sv-term: the host's part of a turn (cli_host.c; tinwar/host_clock.h): its order once due; while
// every seat may act at once, the computer seats in turn; a virtual `wait` runs the clock up to
// its end (the host's orders and the computers' in it). 1 when something happened, 0 when a seat
// is to be asked, -1 on failure (said).
static int host_step(play_ctx *pc, tw_order *o)
{
	const tw_state *s = tw_game_state(pc->game);
	cli_host *h = &pc->host;
	int first = 0, count = 0;
	tw_error err;
	tw_error_clear(&err);
	if (tw_host_order_due(s, cli_host_now(h), o)) {
		if (tw_game_apply(pc->game, o, &first, &count, &err) != TW_OK) {
			cli_print_error("the host", &err);
			return -1;
		}
		print_events(pc, first, count);
		return 1;
	}
	if (tw_host_free(s)) {
		int64_t t = h->virt ? h->now_ms + TW_HOST_COMPUTER_MS : cli_host_now(h);
		if (tw_host_computers_step(pc->game, pc->gen, h->asked, t, o, &first, &count, NULL) == 1) {
			if (h->virt)
				h->now_ms = t;
			print_events(pc, first, count);
			return 1;
		}
	}
	if (h->virt && h->wait_until > h->now_ms) {
		int64_t due = tw_host_due(s);
		h->now_ms = due > 0 && due <= h->wait_until ? (due > h->now_ms ? due : h->now_ms) : h->wait_until;
		return 1;
	}
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
		fprintf(stderr, "usage: tinwar play FILE [--red human|ai|DOCTRINE] [--blue ...] [--role SIDE/ROLE=GENERAL] [--seed N] ...\n");
		return CLI_BAD;
	}
	play_ctx pc = {0};
	for (int i = 0; i < TW_MAX_SIDES; i++)
		pc.role[i] = -1;
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
	rc = cli_apply_params(argc, argv, &s); // --param NAME=VALUE (cli_roles.c)
	if (rc) {
		tw_state_free(&s);
		return rc;
	}
	const char *dice = cli_opt(argc, argv, "--dice"); // sv-term: PHYSICAL mode at the terminal
	if (dice && strcmp(dice, "entered") != 0 && strcmp(dice, "generator") != 0) {
		fprintf(stderr, "tinwar play: --dice wants entered or generator, not '%s'\n", dice);
		tw_state_free(&s);
		return CLI_BAD;
	}
	if (dice)
		s.dice = strcmp(dice, "entered") == 0 ? TW_DICE_ENTERED : TW_DICE_GENERATOR;
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
	if ((rc = cli_host_init(&pc.host, pc.game, cli_opt(argc, argv, "--host-clock"))) != CLI_OK)
		goto done; // sv-term
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
			fprintf(stderr, "tinwar play: unknown general '%s' for side %s (", spec, st->sides[i].name);
			cli_list_generals(stderr, spec, rs, true);
			fprintf(stderr, ")\n");
			rc = CLI_BAD;
			goto done;
		}
		nhuman += human[i];
	}
	if ((rc = cli_role_gens_parse(&pc.rg, argc, argv, pc.game, seed)) != CLI_OK)
		goto done;
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
		if (st->nfig > 0 || st->ngun > 0) // sv-term: an auction has no table to draw
			cli_board(tw_game_state(pc.game), human[0] ? 0 : 1, stdout);
	}
	char line[4096];
	tw_order *o = malloc(sizeof *o);
	while (o && !tw_game_state(pc.game)->over) {
		st = tw_game_state(pc.game);
		tw_decision dec[TW_MAX_DECISIONS];
		int step = pc.host.on ? host_step(&pc, o) : 0; // sv-term: the host's clock (cli_host.c)
		if (step < 0) {
			rc = CLI_FAIL;
			break;
		}
		if (step > 0)
			continue;
		bool free_turn = pc.host.on && tw_host_free(st); // every seat may act at once: a person's
		int nd = free_turn ? 0 : tw_state_decisions(st, dec, TW_MAX_DECISIONS);
		if (free_turn) { // the seat `seat` chose, else the one the rules name if a person's, else the first person's
			int k = pc.host.seat, first = rs->to_move ? rs->to_move(st) : -1;
			if (k < 0 && first >= 0 && first < st->nsides && human[first])
				k = first;
			for (int i = 0; k < 0 && i < st->nsides; i++)
				k = human[i] ? i : -1;
			memset(&dec[0], 0, sizeof dec[0]);
			dec[0].seat = k;
			snprintf(dec[0].kind, sizeof dec[0].kind, "act");
			nd = 1;
		}
		if (nd == 0)
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
			bool decided = tw_general_decide(pc.gen[side], st, o) == TW_OK;
			int64_t due = tw_host_due(st);
			if (decided)
				tw_host_stamp(st, o, cli_host_now(&pc.host)); // sv-term
			if (!decided && due > 0) { // sv-term: nothing to give before the host's order: wait for it
				cli_host_sleep_to(&pc.host, due);
				continue;
			}
			if (!decided || tw_game_apply(pc.game, o, &first, &count, &err) != TW_OK) {
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
		{ // h6-seats: the computer's roles of the person's side go first, each until it ends its part
			int first, count;
			if (cli_role_gens_step(&pc.rg, pc.game, side, o, &first, &count)) {
				print_events(&pc, first, count);
				continue;
			}
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
		// KS.GEN.1/2 (cli_roles.c): the role typing, the side's chief until `as ROLE`.
		char rname[32];
		if (!cli_role_name(st, pc.role[side], rname, sizeof rname) || cli_role_pick(st, side, rname) != pc.role[side])
			pc.role[side] = cli_role_pick(st, side, NULL);
		pc.role[side] = cli_role_gens_person(&pc.rg, st, side, pc.role[side]); // h6-seats
		char clk[96], who[160];
		cli_host_status(&pc.host, st, clk, sizeof clk); // sv-term: the host's countdown
		if (cli_role_name(st, pc.role[side], rname, sizeof rname))
			snprintf(who, sizeof who, "%s %s (game move %d", st->sides[side].name, rname, st->move_no);
		else
			snprintf(who, sizeof who, "%s (game move %d", st->sides[side].name, st->move_no);
		printf("%s%s)> ", who, clk);
		fflush(stdout);
		int got = pc.host.on ? cli_host_read(&pc.host, st, who, line, sizeof line)
				     : fgets(line, sizeof line, stdin) ? 1 : -1;
		if (got == 0) { // sv-term: the host's order fell due while the person thought
			printf("\n");
			continue;
		}
		if (got < 0) {
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
	cli_groups_free(&pc.groups);
	cli_role_gens_free(&pc.rg);
	for (int i = 0; i < TW_MAX_SIDES; i++)
		tw_general_free(pc.gen[i]);
	tw_game_free(pc.game);
	return rc;
}
