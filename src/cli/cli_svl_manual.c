// The terminal's `manual ARM @FILE.json` (Science versus Luck, SV.DOC.11-15): reads a manual
// document into the `manual` order. A bad document is refused as FILE:LINE:COL: the JSON path,
// the clause and the reason (SV.DOC.14 validation, with the game's national constraints switch,
// SV.BRF.8); the line and column are the JSON error's, or for a bad value where its key stands.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tinwar/svl.h"

// Line and column (1-based) of the key that path's last member names, after "fields" when the
// path is a field's; 0 when it is not found.
static void locate(const char *text, const char *path, int *line, int *col)
{
	*line = *col = 0;
	const char *dot = strrchr(path, '.');
	if (!dot || !dot[1])
		return;
	char key[80];
	size_t n = strcspn(dot + 1, "[");
	if (n + 3 > sizeof key)
		return;
	snprintf(key, sizeof key, "\"%.*s\"", (int)n, dot + 1);
	const char *from = strstr(path, ".fields.") ? strstr(text, "\"fields\"") : text;
	const char *at = from ? strstr(from, key) : NULL;
	if (!at)
		return;
	*line = 1;
	const char *bol = text;
	for (const char *p = text; p < at; p++)
		if (*p == '\n') {
			(*line)++;
			bol = p + 1;
		}
	*col = (int)(at - bol) + 1;
}

int cli_svl_manual_file(const tw_state *s, int side, int argc, char **argv, tw_order *o, char *why, size_t nwhy)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	if (!rs || strcmp(rs->name, "svl") || argc != 3 || strcmp(argv[0], "manual") || argv[2][0] != '@')
		return 0;
	int arm = !strcmp(argv[1], "infantry") ? TW_SV_INFANTRY : !strcmp(argv[1], "artillery") ? TW_SV_ARTILLERY : -1;
	if (arm < 0) {
		snprintf(why, nwhy, "  manual: '%s' is no arm (infantry or artillery)", argv[1]);
		return -1;
	}
	const char *file = argv[2] + 1;
	bool constraints = true;
	for (int i = 0; i < rs->nparams; i++)
		if (!strcmp(rs->params[i].name, "constraints"))
			constraints = s->params[i] != 0; // SV.BRF.8: a game may switch them off
	tw_error err;
	tw_error_clear(&err);
	size_t len = 0;
	char *text = tw_read_file(file, &len, &err);
	if (!text) {
		snprintf(why, nwhy, "  manual: %s: %s", file, err.message);
		return -1;
	}
	tw_sv_manual m;
	tw_status st = tw_sv_manual_parse(text, len, constraints, &m, &err);
	if (st == TW_OK && m.arm != arm) {
		st = tw_error_set(&err, TW_ERR_INPUT, "SV.DOC.11", "this is the %s manual, not the %s",
				  m.arm == TW_SV_INFANTRY ? "infantry" : "artillery", argv[1]);
		snprintf(err.path, sizeof err.path, "$.arm");
	}
	if (st != TW_OK) {
		if (!err.line && err.path[0])
			locate(text, err.path, &err.line, &err.column);
		bool said = err.path[0] && strstr(err.message, err.path); // the message names the path already
		snprintf(why, nwhy, "  manual: %s:%d:%d: %s%s%s%s", file, err.line, err.column, err.clause[0] ? err.clause : "",
			 err.clause[0] ? ": " : "", said ? "" : err.path, said || !err.path[0] ? "" : ": ");
		size_t used = strlen(why);
		snprintf(why + used, nwhy - used, "%s", err.message);
		free(text);
		return -1;
	}
	free(text);
	tw_sv_manual_order(&m, side, o); // validated like any order when it is given (SV.DOC.14-15)
	return 1;
}
