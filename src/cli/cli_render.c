// Subcommands: render (a picture of a state, or of one move of a game log) and report (a battle
// report from a game log). Uses only the public API.
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tinwar/render.h"
#include "tinwar/report.h"

int cli_render(int argc, char **argv);
int cli_report(int argc, char **argv);

static const char *const VAL_OPTS[] = {"-o", "--side", "--move", "--ppi", "--title", "--field", "--window", NULL};

/// The document's "format" field ("" if none or not JSON).
static void doc_format(const char *text, size_t len, char *out, size_t size)
{
	out[0] = 0;
	json_t *root = tw_json_load(text, len, NULL, NULL); // within the limits (docs/format.md)
	const char *f = root ? json_string_value(json_object_get(root, "format")) : NULL;
	if (f)
		snprintf(out, size, "%s", f);
	json_decref(root);
}

/// --side red|blue|umpire -> seat; returns false (after a message) if unknown.
static bool parse_side(const char *cmd, const char *v, const tw_state *s, int *seat)
{
	*seat = -1;
	if (!v || strcmp(v, "umpire") == 0)
		return true;
	int k = tw_state_side_index(s, v);
	if (k < 0) {
		fprintf(stderr, "tinwar %s: no side '%s' (the sides are", cmd, v);
		for (int i = 0; i < s->nsides; i++)
			fprintf(stderr, " %s", s->sides[i].name);
		fprintf(stderr, ", or umpire)\n");
		return false;
	}
	*seat = k;
	return true;
}

/// Reads a game log and walks it move by move.
static int load_battle(const char *cmd, const char *path, const char *text, size_t len, tw_battle *b)
{
	tw_error err;
	tw_error_clear(&err);
	bool hash_ok = false;
	tw_game *g = tw_game_log_replay(text, len, path, &hash_ok, &err);
	if (!g) {
		cli_print_error(path, &err);
		return cli_exit_code(err.code ? err.code : TW_ERR_INPUT);
	}
	if (!hash_ok)
		fprintf(stderr, "tinwar %s: %s: warning: the replayed game does not end on the log's final hash\n", cmd,
			path);
	tw_status st = tw_battle_from_game(b, g, &err);
	tw_game_free(g);
	if (st != TW_OK) {
		cli_print_error(path, &err);
		return cli_exit_code(st);
	}
	return CLI_OK;
}

int cli_render(int argc, char **argv)
{
	const char *in = cli_pos(argc, argv, 0, VAL_OPTS);
	if (!in) {
		fprintf(stderr, "usage: tinwar render STATE|LOG [-o FILE.png|.svg|.pdf] [--side red|blue|umpire] "
				"[--move N] [--ppi N] [--no-legend] [--field NAME] [--window X0,Y0,X1,Y1]\n");
		return CLI_BAD;
	}
	char outbuf[4096];
	const char *out = cli_opt(argc, argv, "-o");
	if (!out) {
		const char *slash = strrchr(in, '/');
		const char *base = slash ? slash + 1 : in;
		const char *dot = strrchr(base, '.');
		snprintf(outbuf, sizeof outbuf, "%.*s.png", dot ? (int)(dot - base) : (int)strlen(base), base);
		out = outbuf;
	}
	tw_render_opts o;
	tw_render_opts_default(&o);
	const char *ppi = cli_opt(argc, argv, "--ppi");
	if (ppi) {
		o.px_per_inch = atof(ppi);
		if (!(o.px_per_inch >= 1 && o.px_per_inch <= 100)) {
			fprintf(stderr, "tinwar render: --ppi wants 1..100 pixels per inch, not '%s'\n", ppi);
			return CLI_BAD;
		}
	}
	o.legend = !cli_flag(argc, argv, "--no-legend");
	o.field = cli_opt(argc, argv, "--field");
	const char *win = cli_opt(argc, argv, "--window"); // a part of a large table, inches (issue 18)
	if (win) {
		double v[4];
		char tail;
		if (sscanf(win, "%lf,%lf,%lf,%lf%c", &v[0], &v[1], &v[2], &v[3], &tail) != 4 || !(v[2] - v[0] >= 1) ||
		    !(v[3] - v[1] >= 1)) {
			fprintf(stderr, "tinwar render: --window wants X0,Y0,X1,Y1 in inches, X1 at least X0 + 1 and Y1 at "
					"least Y0 + 1, not '%s'\n", win);
			return CLI_BAD;
		}
		o.window = true;
		o.win_lo = tw_v2(v[0], v[1]);
		o.win_hi = tw_v2(v[2], v[3]);
	}
	tw_error err;
	tw_error_clear(&err);
	size_t len = 0;
	char *text = tw_read_file(in, &len, &err);
	if (!text) {
		cli_print_error(in, &err);
		return CLI_FAIL;
	}
	char fmt[64];
	doc_format(text, len, fmt, sizeof fmt);
	char title[200];
	int rc = CLI_OK;
	const char *mv = cli_opt(argc, argv, "--move");
	if (strcmp(fmt, "tinwar-log") == 0) {
		tw_battle b;
		rc = load_battle("render", in, text, len, &b);
		free(text);
		if (rc != CLI_OK)
			return rc;
		int k = b.nmoves - 1;
		if (mv) {
			uint64_t n;
			if (!cli_parse_u64(mv, &n) || (k = tw_battle_find_move(&b, (int)n)) < 0) {
				fprintf(stderr, "tinwar render: %s: no game move '%s' (the game has moves 1..%d)\n", in, mv,
					b.nmoves ? b.moves[b.nmoves - 1].move_no : 0);
				tw_battle_free(&b);
				return CLI_BAD;
			}
		}
		if (!parse_side("render", cli_opt(argc, argv, "--side"), &b.final, &o.seat)) {
			tw_battle_free(&b);
			return CLI_BAD;
		}
		tw_render_scene sc = tw_battle_scene(&b, k);
		if (k >= 0) {
			const tw_battle_move *m = &b.moves[k];
			snprintf(title, sizeof title, "%s: game move %d, %s", b.final.scenario, m->move_no,
				 m->side >= 0 && m->side < b.final.nsides ? b.final.sides[m->side].name : "?");
		} else {
			snprintf(title, sizeof title, "%s", b.final.scenario);
		}
		o.title = cli_opt(argc, argv, "--title") ? cli_opt(argc, argv, "--title") : title;
		tw_status st = tw_render_file(&sc, &o, out, &err);
		tw_battle_free(&b);
		if (st != TW_OK) {
			cli_print_error(out, &err);
			return cli_exit_code(st);
		}
	} else {
		free(text);
		if (mv) {
			fprintf(stderr, "tinwar render: --move needs a game log, and %s is a %s\n", in,
				fmt[0] ? fmt : "file of another kind");
			return CLI_BAD;
		}
		tw_state s;
		if ((rc = cli_load_state(in, &s)) != CLI_OK)
			return rc;
		if (!parse_side("render", cli_opt(argc, argv, "--side"), &s, &o.seat)) {
			tw_state_free(&s);
			return CLI_BAD;
		}
		if (s.move_no > 0)
			snprintf(title, sizeof title, "%s: game move %d", s.scenario, (int)s.move_no);
		else
			snprintf(title, sizeof title, "%s", s.scenario);
		o.title = cli_opt(argc, argv, "--title") ? cli_opt(argc, argv, "--title") : title;
		tw_render_scene sc = {&s, NULL, NULL, 0, 0, NULL};
		tw_status st = tw_render_file(&sc, &o, out, &err);
		tw_state_free(&s);
		if (st != TW_OK) {
			cli_print_error(out, &err);
			return cli_exit_code(st);
		}
	}
	printf("%s\n", out);
	return CLI_OK;
}

int cli_report(int argc, char **argv)
{
	const char *in = cli_pos(argc, argv, 0, VAL_OPTS);
	const char *out = cli_opt(argc, argv, "-o");
	if (!in || !out || !*out) {
		fprintf(stderr, "usage: tinwar report LOG -o REPORT.html|REPORT.pdf [--side red|blue|umpire] [--title T]\n");
		return CLI_BAD;
	}
	tw_error err;
	tw_error_clear(&err);
	size_t len = 0;
	char *text = tw_read_file(in, &len, &err);
	if (!text) {
		cli_print_error(in, &err);
		return CLI_FAIL;
	}
	char fmt[64];
	doc_format(text, len, fmt, sizeof fmt);
	if (strcmp(fmt, "tinwar-log") != 0) {
		free(text);
		fprintf(stderr, "tinwar report: %s is not a game log (\"format\": \"tinwar-log\"); make one with "
				"'tinwar play FILE --log LOG'\n",
			in);
		return CLI_BAD;
	}
	tw_battle b;
	int rc = load_battle("report", in, text, len, &b);
	free(text);
	if (rc != CLI_OK)
		return rc;
	tw_report_opts o;
	tw_report_opts_default(&o);
	o.title = cli_opt(argc, argv, "--title");
	if (!parse_side("report", cli_opt(argc, argv, "--side"), &b.final, &o.seat)) {
		tw_battle_free(&b);
		return CLI_BAD;
	}
	tw_status st = tw_report_write(&b, &o, out, &err);
	tw_battle_free(&b);
	if (st != TW_OK) {
		cli_print_error(out, &err);
		return cli_exit_code(st);
	}
	printf("battle report written to %s\n", out);
	return CLI_OK;
}
