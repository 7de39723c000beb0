// tinwar odds RULESET QUESTION --name value|--flag ...: exact odds, answered by the rule set
// (tw_ruleset.odds; its questions are listed with --help or when none is given).
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_odds(int argc, char **argv);

#define MAX_OPTS 32

static void usage(FILE *out)
{
	fprintf(out, "usage: tinwar odds RULESET QUESTION [--name value | --flag] ...\n");
	for (int i = 0; i < tw_ruleset_count(); i++) {
		const tw_ruleset *rs = tw_ruleset_get(i);
		for (int k = 0; rs->odds && k < rs->nodds; k++)
			fprintf(out, "       tinwar odds %s %s %s\n         %s\n", rs->name, rs->odds_questions[k].name,
				rs->odds_questions[k].usage, rs->odds_questions[k].help);
	}
}

int cli_odds(int argc, char **argv)
{
	if (cli_wants_help(argc, argv)) {
		usage(stdout);
		return CLI_OK;
	}
	// argv[0] is "odds"; then the rule set, the question, and the options: "--name value", or
	// "--flag" when the next word is another option or there is none.
	if (argc < 3 || argv[1][0] == '-' || argv[2][0] == '-') {
		usage(stderr);
		return CLI_BAD;
	}
	int ri = tw_ruleset_find(argv[1]);
	const tw_ruleset *rs = ri >= 0 ? tw_ruleset_get(ri) : NULL;
	if (!rs || !rs->odds) {
		fprintf(stderr, "tinwar odds: %s '%s' answers no questions of odds\n", rs ? "rule set" : "no rule set",
			argv[1]);
		usage(stderr);
		return CLI_BAD;
	}
	const char *names[MAX_OPTS], *values[MAX_OPTS];
	int n = 0;
	for (int i = 3; i < argc; i++) {
		if (strncmp(argv[i], "--", 2) != 0 || !argv[i][2] || n == MAX_OPTS) {
			fprintf(stderr, "tinwar odds: '%s' is not an option (--name value or --flag)\n", argv[i]);
			return CLI_BAD;
		}
		names[n] = argv[i] + 2;
		bool has_value = i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0;
		values[n++] = has_value ? argv[++i] : "";
	}
	tw_error err;
	tw_error_clear(&err);
	tw_status st = rs->odds(argv[2], n, names, values, stdout, &err);
	if (st != TW_OK) {
		fprintf(stderr, "tinwar odds: %s%s%s%s\n", err.message, err.clause[0] ? " (" : "", err.clause,
			err.clause[0] ? ")" : "");
		return cli_exit_code(st);
	}
	return CLI_OK;
}
