// tinwar: git-style subcommands. Exit codes: 0 ok, 1 failure, 2 bad input or illegal order.
#include <string.h>

#include "cli.h"

int cli_new(int argc, char **argv);
int cli_check(int argc, char **argv);
int cli_step(int argc, char **argv);
int cli_replay(int argc, char **argv);
int cli_rulesets(int argc, char **argv);
int cli_signature(int argc, char **argv);
int cli_range(int argc, char **argv);
int cli_render(int argc, char **argv);
int cli_report(int argc, char **argv);
int cli_sim(int argc, char **argv);
int cli_odds(int argc, char **argv);
int cli_serve(int argc, char **argv);
int cli_rules(int argc, char **argv);
int cli_roster(int argc, char **argv); // ll-web

static const cli_cmd commands[] = {
	{"rulesets", cli_rulesets, "list the rule sets: parameters, generals, orders, statuses; NAME: with the orders' words and the rule set's data", "tinwar rulesets [NAME] [--json]"},
	{"new", cli_new, "make a new scenario (a random Country and ready-made forces)",
	 "tinwar new RULESET [--country random|FILE] [--seed N] [--width IN] [--depth IN] [--large|--kriegspiel|--variant "
	 "KIND] -o FILE   (littlewars: --large a 30 x 20 ft Country with a railway, a river and supply lines; "
	 "--kriegspiel the same with Wells's Kriegspiel seats)"},
	{"check", cli_check, "validate a scenario, state, orders or log file",
	 "tinwar check FILE [--state STATE]   (orders files are checked against STATE)"},
	{"play", cli_play, "play a game in the terminal, or computer against computer",
	 "tinwar play FILE [--side NAME=human|ai|DOCTRINE ...] [--red SPEC] [--blue SPEC] [--seed N]\n"
	 "            [--save FILE] [--log FILE [--no-sign]] [--json] [--shot-model physics|fast] [--quiet]\n"
	 "  Every side of the scenario is played: by default the first by a person, the others by the computer.\n"
	 "  --log: the game log, signed with this installation's key (docs/campaign.md)"},
	{"step", cli_step, "apply orders to a saved state and print the events as JSON",
	 "tinwar step STATE ORDERS.json -o NEW_STATE [--shot-model physics|fast] [--seed N]\n"
	 "  runs the rule set's setup first, as play does (a scenario is set up and seeded from --seed,\n"
	 "  default the state's seed or 1)"},
	{"replay", cli_replay, "replay a game log and check its final state hash (--verify: re-run every shot)",
	 "tinwar replay LOG [--verify] [--json] [--events [--seat SIDE|umpire|spectator]]\n"
	 "  --events: print the log's events as that seat reads them (default the umpire: every event whole)\n"
	 "  --verify: fire every recorded shot again with its shot model and refuse the log if one comes\n"
	 "            out differently (physics is deterministic on a given build; fast on every build)"},
	{"campaign", cli_campaign, "a campaign of battles to N points, kept in SQLite",
	 "tinwar campaign new NAME --target N --db FILE [--ruleset R] [--sides A,B,...]\n"
	 "       tinwar campaign play NAME SCENARIO --db FILE [--seed N] [--general SIDE=D ...] [--red D] [--blue D]\n"
	 "                            [--log FILE] [--prepare FILE (saved for tinwar play, not fought)]\n"
	 "       tinwar campaign record NAME LOG --db FILE   (a log that verifies, or that this installation signed)\n"
	 "       tinwar campaign status NAME --db FILE [--json]\n"
	 "       tinwar campaign list --db FILE [--json]\n"
	 "       tinwar campaign abandon NAME --db FILE   (drops a battle prepared and never recorded)"},
	{"svl-series", cli_svl_series, "Science versus Luck's whole game: auction, test range, battles (SV.SETUP), kept in SQLite",
	 "tinwar svl-series new NAME --db FILE [--series FILE] [--teams N] [--rounds R] [--change-country]\n"
	 "                      [--players A,B,...] [--human A,...]   (2 players a team; default series\n"
	 "                      scenarios/svl/series/whole-game.json)\n"
	 "       tinwar svl-series next NAME --db FILE [--seed N] [--out FILE]   (the next game: played by the\n"
	 "                      computer, or written to FILE for a person to play with tinwar play --log)\n"
	 "       tinwar svl-series run NAME --db FILE   (games on to a person's or the end; then the debrief)\n"
	 "       tinwar svl-series record NAME LOG --db FILE   (the log of the prepared game)\n"
	 "       tinwar svl-series status|debrief NAME --db FILE [--json]"},
	{"render", cli_render, "draw the table (a state, or one move of a game log) as PNG, SVG or PDF",
	 "tinwar render STATE|LOG [-o FILE.png|.svg|.pdf] [--side red|blue|umpire] [--move N] [--ppi N]\n"
	 "              [--no-legend] [--title T] [--field NAME]   (NAME: a record field, drawn beside each man and gun)\n"
	 "              [--window X0,Y0,X1,Y1]   (a part of the table only, in inches: a large table's corner)"},
	{"report", cli_report, "a battle report (HTML or PDF) from a game log",
	 "tinwar report LOG -o REPORT.html|REPORT.pdf [--side red|blue|umpire] [--title T]\n"
	 "       (on a table over 40,000 sq in each move's picture shows the part where its action was)"},
	{"sim", cli_sim, "Monte Carlo study: many computer games, win rates with 95% intervals",
	 "tinwar sim SCENARIO --games N [--jobs J] [--red D] [--blue D] [--seed S]\n"
	 "           [--shot-model fast|physics] [--vary PARAM=a,b,c] [--db FILE] [--json|--csv]\n"
	 "           [--on-failure fallback|forfeit] [--fallback D] [--lua-memory MB] [--lua-steps N]\n"
	 "           [--lua-seconds S] [--max-orders N] [--quiet]\n"
	 "  SCENARIO: a scenario file, or gen:RULESET[:SEED] for a generated 144 x 96 in battle.\n"
	 "  D: a built-in general or a Lua doctrine FILE.lua.\n"
	 "  PARAM: a rule parameter (aim_sigma, variety=fight_to_finish,blow_at_rear, ...) or a doctrine\n"
	 "         parameter of one side: red.advance=0.2,0.5,0.8 (blue.X, both.X)."},
	{"range", cli_range, "the test range: fire a gun model at paper screens (SV.DOC.6-9)",
	 "tinwar range GUN_MODEL [--shots N] [--at 12,24,36] [--seed N] [--range-factor K] [--aim-sigma DEG] [--json]\n"
	 "       tinwar range --db FILE --series NAME --team K   (a Science versus Luck team's guns, money and range record)"},
	{"rules", cli_rules, "what a clause says: ID prints its text, a family (an id without its number) lists its clauses", "tinwar rules [ID | FAMILY]"},
	{"odds", cli_odds, "exact odds of a rule set's throws (volleys, melee pairings, morale tests ...)",
	 "tinwar odds RULESET QUESTION [--name value | --flag] ...   (without a QUESTION: the questions listed)"},
	{"serve", cli_serve, "the browser table: HTTP and WebSocket games kept in SQLite",
	 "tinwar serve [--bind 127.0.0.1] [--port 8080] [--db FILE] [--origin http://HOST:PORT] [--quiet]"},
	{"bench-signature", cli_signature, "fixed scenarios and seeds give one hash (same on every build)",
	 "tinwar bench-signature [--ruleset R]   (R: a rule set that generates scenarios; default the first)"},
	{"roster", cli_roster, "Lloyd rosters: troop types (stat lines, weapon rows) and men, checked by the rules",
	 "tinwar roster list|check FILE | show FILE NAME | add FILE troop NAME [--from T] | add FILE man NAME --troop T"
	 " | set FILE NAME FIELD VALUE"}, // ll-web
};

static void usage(FILE *out)
{
	fprintf(out, "tinwar %s: classic toy-soldier wargames, measured, rolled and adjudicated.\n\n", TW_VERSION_STRING);
	fprintf(out, "usage: tinwar [--version] [--help] <command> [<args>]\n\ncommands:\n");
	for (size_t i = 0; i < TW_ARRAY_COUNT(commands); i++)
		fprintf(out, "  %-16s %s\n", commands[i].name, commands[i].summary);
	fprintf(out, "\n'tinwar <command> --help' describes a command. Exit codes: 0 ok, 1 failure, 2 bad input or "
		     "illegal order.\n");
}

int cli_main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return CLI_BAD;
	}
	if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
		printf("tinwar %s\n", TW_VERSION_STRING);
		// The engine's own math functions (the same everywhere; logs carry it: docs/format.md,
		// "math") and this machine's C library's (physics, pictures, logs from before stop 36).
		char dh[17], mh[17];
		tw_hash_hex(tw_detmath_fingerprint(), dh);
		tw_hash_hex(tw_math_fingerprint(), mh);
		printf("engine math %s (the same on every machine); C library math fingerprint %s here "
		       "(docs/design.md, Determinism across machines)\n",
		       dh, mh);
		return CLI_OK;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
		usage(stdout);
		return CLI_OK;
	}
	for (size_t i = 0; i < TW_ARRAY_COUNT(commands); i++) {
		if (strcmp(argv[1], commands[i].name) != 0)
			continue;
		if (cli_wants_help(argc - 1, argv + 1)) {
			printf("%s: %s\n\nusage: %s\n", commands[i].name, commands[i].summary, commands[i].usage);
			return CLI_OK;
		}
		return commands[i].run(argc - 1, argv + 1);
	}
	fprintf(stderr, "tinwar: '%s' is not a command (see 'tinwar --help')\n", argv[1]);
	return CLI_BAD;
}
