// The terminal as a player meets it (issue 19): units to command, the board drawn as the pictures
// are, orders read strictly with what was wrong, refusals with exact figures and the terrain in
// the way, Grant's computer moves by unit; and the first steps: replay of a file that is no log,
// names that are not known, `check` of figures off the table or on each other.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "cli_run.h"
#include "tinwar/registry.h"
#include "tinwar/tinwar.h"

static char dir[64];
static char out[1 << 17];
static const char *CLI = TW_CLI; // TW_TEST_CLI=PATH runs the tests against another build's binary

// Runs a shell command in the test's directory (support/cli_run.c); its output in out.
#define run(...) tw_cli_run(out, sizeof out, dir, __VA_ARGS__)

#define write_file(name, text) tw_cli_write(dir, name, text)

#define has(what) tw_cli_has(out, what)

// A copy of a bundled scenario with some figures put elsewhere: ids [lo, hi] moved by (dx, dy).
static void scenario_moved(const char *from, const char *to, int lo, int hi, double dx, double dy)
{
	char path[512];
	snprintf(path, sizeof path, "%s/scenarios/%s", TW_SOURCE_DIR, from);
	json_error_t je;
	json_t *root = json_load_file(path, 0, &je);
	assert_non_null(root);
	json_t *figs = json_object_get(root, "figures");
	for (int i = lo; i <= hi; i++) {
		json_t *at = json_object_get(json_array_get(figs, (size_t)i), "at");
		json_array_set_new(at, 0, json_real(json_real_value(json_array_get(at, 0)) + dx));
		json_array_set_new(at, 1, json_real(json_real_value(json_array_get(at, 1)) + dy));
	}
	snprintf(path, sizeof path, "%s/%s", dir, to);
	assert_int_equal(json_dump_file(root, path, JSON_INDENT(1) | JSON_REAL_PRECISION(17)), 0);
	json_decref(root);
}

/// `list` is grouped by unit: its id and name, its men's ids as ranges, where it stands; men of no
/// unit by side, kind and status; `list unit "NAME"` each man of one unit. Orders take `unit N`
/// or `unit "NAME"` wherever they take figure ids; Grant's formation by its name, the places
/// proposed by the rule set. The computer's moves come a line a unit; time and score work.
static void test_terminal_units_in_grant(void **st)
{
	(void)st;
	write_file("units.txt", "list\nlist unit \"Blue hussars\"\nhelp\nformation column unit 0\n"
				"formation lin unit 0\nvolley 5 x\nvolley unit 99 unit 1\nend\ntime\nscore\nquit\n");
	assert_int_equal(run("%s play %s/scenarios/grant/meeting.json --red human --blue gr-attack --seed 3 < units.txt",
			     CLI, TW_SOURCE_DIR),
			 0);
	has("  unit 0 \"Red 1st foot\" (red): 53 men (53 active): 0-52 at 14.0,9.6 (x 7.7-20.3, y 8.1-10.0)\n");
	has("  unit 13 \"Blue hussars\" (blue): 27 men (27 active): 532-558 at 108.0,86.2 (x 98.8-117.2, y 86.0-87.6)\n");
	has("  red general, active, no unit: 1: 279 at 60.0,3.0");
	has("  gun 0 (red) at 58.0,10.0 bearing 0 elevation 0.0\n");
	has("  #532  blue  cavalry   active    at  117.2,  86.0\n  #533  blue  cavalry");
	// help: the terminal's words and Grant's own orders only (no 'deploy auto' once in play).
	assert_null(strstr(out, "deploy auto"));
	assert_null(strstr(out, "lie {figures}"));
	has("                 {n}: line, column, open\n");
	has("[GR.GEN.10] Red 1st foot forms column\n");
	has("  formation: expected one of line, column, open (n), not 'lin'\n  usage: formation {n} {moves}\n");
	has("  volley: expected figure ids (targets), not 'x'\n");
	has("  volley: no unit '99' (14 units: ids 0-13; 'list' names them)\n");
	// The computer's moves, a unit a line: not a bare "[GR.MOVE.1] move" a man.
	has("  [GR.MOVE.1] Blue hussars: 27 men moved, 12.0 in\n");
	has("  [GR.MOVE.1] Blue grenadiers: 53 men moved, 7.5 in\n");
	assert_null(strstr(out, "] move\n"));
	has("  [GR.GEN.2] Game move 2 begins: red first\n");
	// GR.GEN.2: the phase is the part of the move (it was "setup" all game, so the terminal named none).
	has("  [GR.GEN.2] Game move 2 began: red first\n  game move 2, phase first part; red to act\n");
	has("  red 0.0, blue 0.0\n  (a point for each enemy man killed, two for an officer");
}

// Clauses: GR.GEN.10 GR.GEN.2 GR.MUSK.1 GR.MOVE.1
/// A whole Grant game in the terminal by units and group names (issue 19), to its end:
/// tests/web/grant-volley.json (two battalions 9 in apart, 3 moves) against gr-defend. The orders
/// name a group or a unit, never a man's place: a volley by a group, formations by name through
/// the rule set's formation_order (open, which the rule set's proposals never offered, and column;
/// one man standing for his unit), an undo, a move of the group. `time` names the part of the move
/// (GR.GEN.2's phases: it was "setup" all game, so the terminal named none). Refused with what is
/// wrong: two units at once; the enemy's unit; a formation change out of reach, by how much.
static void test_GR_GEN_10_terminal_whole_game_by_units_and_formation_names(void **st)
{
	(void)st;
	write_file("whole.txt", "group foot unit 0\nvolley foot unit 1\ntime\nend\n"
				"formation open unit 0\nundo\nformation column 0 54\nformation open unit 1\n"
				"formation open 5\nend\n"
				"formation line foot\nmove foot 24,12.5\nend\nquit\n");
	assert_int_equal(run("%s play %s/tests/web/grant-volley.json --red human --blue gr-defend --seed 3 < whole.txt",
			     CLI, TW_SOURCE_DIR),
			 0);
	has("  group foot (red): 53 men (53 active): 0-52\n");
	has("  [GR.MUSK.9] Red 1st foot volley at Blue 1st foot (8 dice, less 2, first volley): 8 hits, 5 removed\n");
	has("red (game move 1)>   game move 1, phase first part; red to act\n");
	has("red (game move 2)>   [GR.GEN.10] Red 1st foot forms open\nred (game move 2)>   undone\n");
	has("  formation: figures 0 and 54 are of different units: a formation is one unit's\n");
	has("  refused: no unit of this side\n  (rule GR.ORG.1)\n");
	has("red (game move 2)>   [GR.GEN.10] Red 1st foot forms open\nred (game move 2)>   [GR.GEN.2] red has ended");
	has("red (game move 3)>   [GR.GEN.10] Red 1st foot forms line\n");
	has("red (game move 3)>   refused: Red 1st foot has already moved this move\n  (rule GR.MOVE.1)\n");
	has("  [GR.GEN.2] the battle ends after move 3: 5 to 22\n");
	has("Won after 3 game moves. Score: red 5.0, blue 22.0\nWinner: blue\n");
	// Open order thinned by a volley, to line: the ends are 6.02 in from their places, and the
	// refusal says so (it was "cannot reach its place"; the places once sent a man across the unit).
	write_file("reach.txt", "formation open unit 0\nend\nformation line unit 0\nquit\n");
	assert_int_equal(run("%s play %s/tests/web/grant-volley.json --red human --blue gr-defend --seed 3 < reach.txt",
			     CLI, TW_SOURCE_DIR),
			 0);
	has("red (game move 2)>   refused: figure 0 would use 6.02 in of a 6.00 in move to reach his place in line\n"
	    "  (rule GR.MOVE.1)\n");
}

// Clauses: GR.GEN.10 GR.GEN.2
/// The README tour's Grant game runs as printed: the orders under its `build/tinwar play
/// scenarios/grant/meeting.json` line, read from README.md and typed at the prompt, formations by
/// name included; none refused or misread.
static void test_GR_GEN_10_readme_grant_tour_runs_as_printed(void **st)
{
	(void)st;
	char path[512];
	snprintf(path, sizeof path, "%s/README.md", TW_SOURCE_DIR);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	static char orders[4096], cmd[1400]; // cmd: the source dir and a README line (up to 1023)
	orders[0] = cmd[0] = 0;
	char line[1024];
	bool in = false;
	while (fgets(line, sizeof line, f)) {
		if (!strncmp(line, "build/tinwar play scenarios/grant/meeting.json", 46)) {
			line[strcspn(line, "#\n")] = 0;
			snprintf(cmd, sizeof cmd, "%s/%s", TW_SOURCE_DIR, line + strlen("build/tinwar play "));
			in = true;
			continue;
		}
		int move = -1, at = 0;
		if (in && sscanf(line, "#   red (game move %d)> %n", &move, &at) == 1 && at > 0) {
			char *o = line + at;
			o[strcspn(o, "#\n")] = 0;
			for (size_t k = strlen(o); k > 0 && o[k - 1] == ' '; k--)
				o[k - 1] = 0;
			size_t lo = strlen(orders);
			snprintf(orders + lo, sizeof orders - lo, "%s\n", o);
		} else if (in)
			in = line[0] == '#' && strstr(line, "red (game move") != NULL;
	}
	fclose(f);
	assert_true(cmd[0] != 0);
	assert_non_null(strstr(orders, "formation open unit 1\n"));
	size_t lo = strlen(orders);
	snprintf(orders + lo, sizeof orders - lo, "quit\n");
	write_file("tour.txt", orders);
	assert_int_equal(run("%s play %s < tour.txt", CLI, cmd), 0);
	if (strstr(out, "refused") || strstr(out, "expected") || strstr(out, "not understood") || strstr(out, "unknown"))
		fail_msg("an order of the README's Grant tour failed:\n%s", out);
	has("  [GR.GEN.10] Red 1st foot forms column\n");
	has("  [GR.MOVE.1] Red cuirassiers: 27 men moved, 9.0 in\n");
	has("  [GR.GEN.10] Red 2nd foot forms open\n");
	has("  game move 1, phase first part; red to act\n");
}

// Clauses: GR.MOVE.1 GR.TERR.4
/// Refusals give exact figures: the red cuirassiers (27 heavy cavalry, a 9 in move), put just
/// south of the copse, are refused a move of 9.004 in as "9.004 in of a 9.000 in move" (was
/// "9.00 in of a 9.00 in move"), and a move into the copse names it (was "cannot go there").
static void test_GR_MOVE_1_GR_TERR_4_refusals_exact_and_name_the_wood(void **st)
{
	(void)st;
	scenario_moved("grant/meeting.json", "cav.json", 252, 278, -80, 20); // 252 at 18.8,30
	write_file("cav.txt", "move unit 6 27.804,30\nmove unit 6 18.8,40\nmove unit \"red cuirassiers\" 27.8,30\nquit\n");
	assert_int_equal(run("%s play cav.json --red human --blue gr-attack --seed 3 < cav.txt", CLI), 0);
	has("  refused: figure 252 would use 9.004 in of a 9.000 in move\n  (rule GR.MOVE.1)\n");
	has("  refused: figure 252 cannot go there: wood 1 copse is in the way\n  (rule GR.TERR.4)\n");
	has("  [GR.MOVE.1] Red cuirassiers: 27 men moved, 9.0 in\n");
}

// Clauses: LW.MOB.2 LW.MV.3
/// Little Wars: a move 0.004 in too long is shown as such ("12.004 in", not "12.00 in"), and
/// orders parse strictly: a missing or a stray word says what was wrong; the terminal's own
/// commands refuse words they do not take.
static void test_LW_MOB_2_refusal_exact_and_strict_words(void **st)
{
	(void)st;
	// tutorial.json, seed 5: red wins the toss; figure 0 (infantry) is put down at 32.8,2.0 and
	// has not moved by game move 3: his first move is measured from the back line (LW.MV.3).
	write_file("lw.txt", "toss\ndeploy auto\nready\nend\nmove 0 32.8,12.004\nlie\nlie 3 x\nend dead\n"
			     "measure 0,0 3,4 9\nlist blue extra\nboard x\ntrail 0\nquit\n");
	assert_int_equal(run("%s play %s/scenarios/littlewars/tutorial.json --red human --blue ai --seed 5 "
			     "--shot-model fast < lw.txt",
			     CLI, TW_SOURCE_DIR),
			 0);
	has("  refused: figure 0 would move 12.004 in; an infantryman may move 12 in (first move measured from the "
	    "back line, LW.MV.3)\n  (rule LW.MOB.2)\n");
	has("  lie: expected figure ids (figures)\n  usage: lie {figures}\n");
	has("  lie: 'x' is not understood here\n");
	has("  end: expected figure ids (dead)\n  usage: end [dead {dead}] [prisoners {prisoners}]\n");
	has("  measure: '9' is not understood (usage: measure X,Y X,Y)\n");
	has("  list: 'extra' is not understood (list [SIDE] | list men [SIDE] | list unit N)\n");
	has("  board: 'x' is not understood (usage: board)\n");
	// A field the rule set marks optional, last in the order, may be left out: the rules answer.
	has("  refused: gun 0 owes no trail men");
	// The computer's men, a unit a line. (s32: 11.5 in since the computer's first-move blocks
	// count from the back line, LW.MV.3, and are no longer refused and moved a man at a time: 9.5 in.)
	has("  [LW.MOB.2] Blue column: 7 men moved, 11.5 in\n");
}

/// The board is drawn as the pictures are: y up the page, so Red's back line (y = 0) is at the
/// bottom and Blue's at the top; rows of whole inches (2 in on the 72 by 48 in tutorial table,
/// a column 1 in), numbered on both axes.
static void test_terminal_board_red_at_the_bottom(void **st)
{
	(void)st;
	write_file("board.txt", "board\nquit\n");
	assert_int_equal(run("%s play %s/scenarios/littlewars/tutorial.json --red human --blue ai --seed 5 < board.txt",
			     CLI, TW_SOURCE_DIR),
			 0);
	const char *top = strstr(out, "      blue's back line (y=48) at the top\n"
				      "      0           12          24          36          48          60\n"
				      "     +|-----------|-----------|-----------|-----------|-----------|-----------+\n"
				      "  46 |");
	const char *gun1 = strstr(out, "  44 |                                    1>                                  | 44\n");
	const char *gun0 = strstr(out, "   2 |                                    0<                                  | 2\n");
	const char *bottom = strstr(out, "   0 |                                                                        | 0\n"
					 "     +|-----------|-----------|-----------|-----------|-----------|-----------+\n"
					 "      0           12          24          36          48          60\n"
					 "      red's back line (y=0) at the bottom\n");
	if (!top || !gun1 || !gun0 || !bottom)
		fail_msg("board:\n%s", out);
	assert_true(top < gun1 && gun1 < gun0 && gun0 < bottom);
	has("a column is 1 in, a row 2 in");
}

/// The parser itself: `end dead 5 6 7` and `end dead 5,6,7` give the same three men; a word not
/// understood is refused, never dropped; a quoted unit name is one word; `unit N` and
/// `unit "NAME"` give the unit's active men.
static void test_terminal_parser_strict_and_units(void **st)
{
	(void)st;
	tw_state s;
	memset(&s, 0, sizeof s);
	tw_error err;
	char path[256];
	snprintf(path, sizeof path, "%s/scenarios/littlewars/tutorial.json", TW_SOURCE_DIR);
	assert_int_equal(tw_state_load(&s, path, &err), TW_OK);
	tw_order *o = calloc(1, sizeof *o);
	assert_non_null(o);
	char why[1024], line[128], *argv[32];
	const char *same[] = {"end dead 5 6 7", "end dead 5,6,7", "end dead 5-6 7", "end dead 5, 6 ,7"};
	for (size_t k = 0; k < 4; k++) {
		snprintf(line, sizeof line, "%s", same[k]);
		int argc = cli_split_words(line, argv, 32, why, sizeof why);
		int r = cli_parse_order(&s, 0, argc, argv, o, why, sizeof why);
		if (k == 3) { // a lone comma is not an id: refused, not ignored
			assert_int_equal(r, -1);
			continue;
		}
		assert_int_equal(r, 1);
		assert_int_equal(o->nfig, 3);
		assert_int_equal(o->fig[0], 5);
		assert_int_equal(o->fig[2], 7);
	}
	snprintf(line, sizeof line, "end dead 5 6 x");
	int argc = cli_split_words(line, argv, 32, why, sizeof why);
	assert_int_equal(cli_parse_order(&s, 0, argc, argv, o, why, sizeof why), -1);
	assert_non_null(strstr(why, "end: 'x' is not understood here"));
	snprintf(line, sizeof line, "move unit 'Red column' 10,10");
	argc = cli_split_words(line, argv, 32, why, sizeof why);
	assert_int_equal(argc, 4);
	assert_string_equal(argv[2], "Red column");
	// Red column's men (0-17) are not yet put down: a unit stands for its active men only.
	assert_int_equal(cli_parse_order(&s, 0, argc, argv, o, why, sizeof why), -1);
	assert_non_null(strstr(why, "move: unit 0 (Red column) has no active men"));
	snprintf(line, sizeof line, "move unit \"Red column");
	assert_int_equal(cli_split_words(line, argv, 32, why, sizeof why), -1);
	assert_non_null(strstr(why, "is not closed"));
	tw_state_free(&s);
	snprintf(path, sizeof path, "%s/scenarios/grant/meeting.json", TW_SOURCE_DIR);
	assert_int_equal(tw_state_load(&s, path, &err), TW_OK);
	tw_game *g = tw_game_new(&s, 1, NULL, &err); // set up: the men stand on the table
	assert_non_null(g);
	snprintf(line, sizeof line, "volley unit 'Red rifles' unit 12");
	argc = cli_split_words(line, argv, 32, why, sizeof why);
	assert_int_equal(cli_parse_order(tw_game_state(g), 0, argc, argv, o, why, sizeof why), 1);
	assert_int_equal(o->nfig, 27); // 225-251
	assert_int_equal(o->fig[0], 225);
	assert_int_equal(o->fig[26], 251);
	assert_int_equal(o->nfig2, 27); // 505-531
	assert_int_equal(o->fig2[0], 505);
	tw_game_free(g);
	free(o);
	tw_state_free(&s);
}

/// First steps: `replay` on a file that is not a log says what it is (exit 2); unknown rule
/// sets, generals and parameters list the valid ones; a general of another rule set names it.
static void test_first_steps_names_and_replay(void **st)
{
	(void)st;
	assert_int_equal(run("%s replay %s/scenarios/littlewars/tutorial.json", CLI, TW_SOURCE_DIR), 2);
	has("tutorial.json: not a game log but a scenario: 'tinwar play ");
	write_file("junk.txt", "hello\n");
	assert_int_equal(run("%s replay junk.txt", CLI), 2);
	has("junk.txt: not a game log: junk.txt:1:");
	write_file("orders.json", "{\"format\": \"tinwar-orders\", \"version\": 1, \"orders\": []}");
	assert_int_equal(run("%s replay orders.json", CLI), 2);
	has("orders.json: not a game log (its \"format\" is \"tinwar-orders\", a log's is \"tinwar-log\")");
	assert_int_equal(run("%s new chess -o x.json", CLI), 2);
	has("tinwar new: unknown rule set 'chess' (rule sets: littlewars, grant");
	assert_int_equal(run("%s rulesets chess", CLI), 2);
	has("unknown rule set 'chess' (rule sets: littlewars, grant");
	assert_int_equal(run("%s play %s/scenarios/littlewars/tutorial.json --red gr-attack --blue ai", CLI,
			     TW_SOURCE_DIR),
			 2);
	has("tinwar play: unknown general 'gr-attack' for side red ('gr-attack' is a general of rule set grant, not of "
	    "littlewars; generals for littlewars: human, ai (= default), default, lw-default, lw-gunline, lw-rush, "
	    "lw-concentrate, lw-big, lw-quick, random, or a Lua doctrine FILE.lua)");
	assert_int_equal(run("%s sim %s/scenarios/grant/meeting.json --games 1 --red nosuch", CLI, TW_SOURCE_DIR), 2);
	has("tinwar sim: red: no general 'nosuch' for rule set grant (generals for grant: default, gr-attack, gr-defend, random");
	assert_int_equal(run("%s sim %s/scenarios/littlewars/tutorial.json --games 1 --vary nope=1,2", CLI, TW_SOURCE_DIR), 2);
	has("parameters of littlewars: variety, curtain, interval,");
}

/// `check` refuses a scenario's figures off the table and figures standing on each other (bases
/// overlapping by more than 0.01 in), with their ids and JSON paths; an overlap of 0.005 in (a
/// number written rounded) passes.
static void test_check_refuses_figures_off_the_table_and_on_each_other(void **st)
{
	(void)st;
	// meeting.json: figures 0 and 1 (radius 0.25) stand 0.55 in apart at y 10.
	scenario_moved("grant/meeting.json", "on.json", 1, 1, -0.1, 0); // 0.45 apart: 0.05 in deep
	assert_int_equal(run("%s check on.json", CLI), 2);
	has("on.json: $.figures[1].at: figure 1 stands on figure 0 ($.figures[0]): their bases overlap by 0.050 in "
	    "(0.45 in apart)\n");
	scenario_moved("grant/meeting.json", "near.json", 1, 1, -0.055, 0); // 0.495 apart: 0.005 in
	assert_int_equal(run("%s check near.json", CLI), 0);
	scenario_moved("grant/meeting.json", "off.json", 3, 3, -20, 0); // figure 3 to x -10.675
	assert_int_equal(run("%s check off.json", CLI), 2);
	has("off.json: $.figures[3].at: figure 3 stands off the table at (-10.68, 10.00) (the table is 120 by 96 in)\n");
}

// A copy of a bundled scenario with one parameter set (a number).
static void scenario_param(const char *from, const char *to, const char *name, double v)
{
	char path[512];
	snprintf(path, sizeof path, "%s/scenarios/%s", TW_SOURCE_DIR, from);
	json_error_t je;
	json_t *root = json_load_file(path, 0, &je);
	assert_non_null(root);
	json_t *params = json_object_get(root, "params");
	if (!params) {
		params = json_object();
		json_object_set_new(root, "params", params);
	}
	json_object_set_new(params, name, json_real(v));
	snprintf(path, sizeof path, "%s/%s", dir, to);
	assert_int_equal(json_dump_file(root, path, JSON_INDENT(1) | JSON_REAL_PRECISION(17)), 0);
	json_decref(root);
}

// Clauses: GR.GEN.2
/// The report of a Grant game heads each move with both sides, in the order they acted ("Game
/// move 2: red, then blue"; it said "red moves" for every move), tells move 1 as a move (it was
/// folded into "before the first move": Grant's first move begins at setup, with no event), and
/// its "how to read" says that every side acts in each game move. A Little Wars report keeps
/// one side a move.
static void test_GR_GEN_2_report_heads_each_move_with_both_sides(void **st)
{
	(void)st;
	scenario_param("grant/meeting.json", "short.json", "max_moves", 3);
	assert_int_equal(run("%s play short.json --red gr-attack --blue gr-defend --seed 3 --quiet --log gr.json --no-sign", CLI), 0);
	assert_int_equal(run("%s report gr.json -o gr.html && grep -oE '<h3>[^<]*(<span[^>]*>[^<]*</span>[^<]*)*</h3>|<nav>.*</nav>|In each <em>game move</em>[^.]*|each <em>game move</em> belongs to one side|Before the first move' gr.html", CLI), 0);
	has("<h3>Game move 1: <span class=\"side0\">red</span>, then <span class=\"side1\">blue</span></h3>");
	has("<h3>Game move 3: <span class=\"side0\">red</span>, then <span class=\"side1\">blue</span></h3>");
	has("<nav><a href=\"#move1\">1</a><a href=\"#move2\">2</a><a href=\"#move3\">3</a></nav>");
	has("In each <em>game move</em> every side acts, one after the other");
	assert_null(strstr(out, "</span> moves</h3>"));
	assert_null(strstr(out, "Before the first move"));
	assert_null(strstr(out, "each <em>game move</em> belongs to one side"));
	// The PDF is written too (its headings are the same words, drawn).
	assert_int_equal(run("%s report gr.json -o gr.pdf", CLI), 0);
	// Little Wars: one side a game move.
	assert_int_equal(run("%s play %s/scenarios/littlewars/tutorial.json --red lw-rush --blue lw-rush --seed 2 --quiet "
			     "--log lw.json --no-sign --shot-model fast",
			     CLI, TW_SOURCE_DIR),
			 0);
	assert_int_equal(run("%s report lw.json -o lw.html && grep -oE '<h3>[^<]*(<span[^>]*>[^<]*</span>[^<]*)*</h3>|<nav>.*</nav>|In each <em>game move</em>[^.]*|each <em>game move</em> belongs to one side|Before the first move' lw.html", CLI), 0);
	has("each <em>game move</em> belongs to one side");
	has("<h3>Game move 1: <span class=\"side");
	has("</span> moves</h3>\n<h3>Game move 2: <span class=\"side");
	assert_null(strstr(out, ", then <span"));
}

/// Named groups (issue 19): `group NAME IDS` (ids, ranges, `unit N`, other groups; `=` may
/// stand after the name) names some of the player's men; orders take NAME or `group NAME`
/// wherever they take figure ids, meaning its active men; `list` shows the groups, `group` lists
/// them. A name that is a word of the orders, men of the enemy and unknown groups are refused.
static void test_terminal_named_groups(void **st)
{
	(void)st;
	write_file("groups.txt", "toss\ndeploy auto\nready\ngroup\ngroup guns 0-4\ngroup horse = 12,13 14-17\n"
				 "group bad 18\ngroup move 1\ngroup 9x 1\ngroup foot guns 5 6 7-11\nlist\n"
				 "move guns 32.8,11\nmove group horse 1,20\nmove group nope 1,2\nmove foot 1,11\n"
				 "end\ngroup guns\nquit\n");
	assert_int_equal(run("%s play %s/scenarios/littlewars/tutorial.json --red human --blue ai --seed 5 < groups.txt",
			     CLI, TW_SOURCE_DIR),
			 0);
	has("  no groups yet: 'group NAME IDS' makes one (ids, ranges, unit N)\n");
	has("  group guns (red): 5 men (5 active): 0-4\n");
	has("  group horse (red): 6 men (6 active): 12-17\n");
	has("  group bad: figure 18 is not red's\n");
	has("  group: 'move' is a word of the orders or a side; choose another name\n");
	has("  group: '9x' is not a name for a group");
	has("  group foot (red): 12 men (12 active): 0-11\n");
	// list: the units, the guns, then the groups.
	has("  gun 1 (blue) at 36.0,44.5 bearing 180 elevation 0.0\n  group guns (red): 5 men (5 active): 0-4\n"
	    "  group horse (red): 6 men (6 active): 12-17\n  group foot (red): 12 men (12 active): 0-11\n");
	has("  [LW.MOB.2] Red column: 5 men moved, 11.0 in\n");
	has("  [LW.MOB.3] Red column: 6 men moved, 20.0 in\n");
	has("  move: no group 'nope' ('group' lists them)\n");
	// Group foot holds 0-4 too, who have moved: the order is refused whole, nothing moves.
	has("  refused: figure 0 has already moved in this move\n");
	has("red (game move 3)>   group guns (red): 5 men (5 active): 0-4\n");

	// Grant: a formation by name for a group made of a unit.
	write_file("ggroups.txt", "group first unit 0\nformation column first\nlist red\nquit\n");
	assert_int_equal(run("%s play %s/scenarios/grant/meeting.json --red human --blue gr-attack --seed 3 < ggroups.txt",
			     CLI, TW_SOURCE_DIR),
			 0);
	has("  group first (red): 53 men (53 active): 0-52\n");
	has("[GR.GEN.10] Red 1st foot forms column\n");
}

// ---- Rattle: reactions asked of the side that is not moving (rd-finish) ----
// Blue (a scripted computer, tests/rules/rattle/reactions_blue.lua) charges Red's horse and
// shoots at Red's line; Red, at the terminal, is offered the charge response (RD.CHARGE.7) and
// Steady Men! (RD.GEN.5) with the clause and the prompt; a word the order does not know and an
// order that does not answer the question are refused, the first with the words it takes, the
// second with the clause; `respond counter` counter-charges (RD.CHARGE.6), `steady roll` rolls
// (a 6: one hit cancelled).
static void test_RD_CHARGE_6_GEN_5_terminal_reactions_of_the_non_mover(void **st)
{
	(void)st;
	write_file("react.txt", "initiative\nfirst second\nrespond sideways\nsteady roll\nrespond counter\n"
	                        "steady 7\nrespond stand\nsteady roll\nquit\n");
	assert_int_equal(run("%s play %s/tests/rules/rattle/reactions.json --red human --blue "
	                     "%s/tests/rules/rattle/reactions_blue.lua --seed 7 < react.txt",
	                     CLI, TW_SOURCE_DIR, TW_SOURCE_DIR),
	                 0);
	has("[RD.SEQ.2] red chooses to play second");
	has("[RD.CHARGE.1] unit 3 (Blue horse) charges unit 1 (Red horse) from the front (RD.CHARGE.8)");
	has("[RD.CHARGE.7] red: unit 1 is charged by unit 3: stand, evade or counter-charge (orders: "
	    "respond)");
	has("respond: expected one of stand, evade, counter (n), not 'sideways'");
	has("refused: red is asked to react (unit 1 is charged by unit 3: stand, evade or counter-charge), "
	    "which the "
	    "order steady does not answer\n  (rule RD.CHARGE.7)");
	has("[RD.CHARGE.6] Red horse: unit 1 counter-charges unit 3, meeting it 3.5 in out (half the gap of "
	    "7 in): both "
	    "count as charging (RD.MELEE.11)");
	has("[RD.SHOOT.7] unit 2 scores 2 hits on unit 0");
	has("[RD.GEN.5] red: unit 0 took 2 hits: Steady Men! (roll or decline) (orders: steady)");
	has("steady: expected one of decline, roll (n), not '7'");
	has("which the order respond does not answer\n  (rule RD.GEN.5)");
	has("[RD.GEN.5] General 8: \"Steady Men!\" for unit 0: 6 (one hit cancelled)");
	has("[RD.CON.5] unit 0 (Red line): 2 hits scored, 1 cancelled, 1 figure removed");
	has("[RD.MELEE.15] melee 0: red took 1 hits, blue took 1: a draw");
	// The answers are orders of red's seat, in the log as such: the same game replays.
	assert_int_equal(run("%s play %s/tests/rules/rattle/reactions.json --red human --blue "
	                     "%s/tests/rules/rattle/reactions_blue.lua --seed 7 --log react.log < react.txt",
	                     CLI, TW_SOURCE_DIR, TW_SOURCE_DIR),
	                 0);
	assert_int_equal(run("%s replay react.log", CLI), 0);
	has("replayed 7 orders: final state hash");
	has("matches the log");
}

int main(void)
{
	tw_register_builtin();
	if (tw_cli_setup(dir, sizeof dir, "term", &CLI) != 0)
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_terminal_units_in_grant),
		cmocka_unit_test(test_GR_GEN_10_terminal_whole_game_by_units_and_formation_names),
		cmocka_unit_test(test_GR_GEN_10_readme_grant_tour_runs_as_printed),
		cmocka_unit_test(test_GR_MOVE_1_GR_TERR_4_refusals_exact_and_name_the_wood),
		cmocka_unit_test(test_LW_MOB_2_refusal_exact_and_strict_words),
		cmocka_unit_test(test_terminal_board_red_at_the_bottom),
		cmocka_unit_test(test_terminal_parser_strict_and_units),
		cmocka_unit_test(test_first_steps_names_and_replay),
		cmocka_unit_test(test_check_refuses_figures_off_the_table_and_on_each_other),
		cmocka_unit_test(test_GR_GEN_2_report_heads_each_move_with_both_sides),
		cmocka_unit_test(test_terminal_named_groups),
		cmocka_unit_test(test_RD_CHARGE_6_GEN_5_terminal_reactions_of_the_non_mover),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		rc = rc ? rc : 1;
	return rc;
}
