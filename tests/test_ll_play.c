// Lloyd registered (issue 16, ll-reg): every kind of Lloyd game played at the terminal against the
// computer (skirmish, Type III, three-fight, six players, a campaign's battle), the passive side's
// decisions reaching the person as prompts and answered by his seat's orders, each game replayed
// from its log; pictures, reports and sim for Lloyd through the `tinwar` binary.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>

#include "tinwar/game.h"
#include "tinwar/io.h"
#include "cli_run.h"
#include "tinwar/registry.h"
#include "tinwar/render.h"
#include "tinwar/sim.h"
#include "tinwar/state.h"
#include "rules/lloyd/ll.h"

static char dir[64];
static char out[1 << 20];
static const char *CLI = TW_CLI; // TW_TEST_CLI=PATH runs the tests against another build's binary

// Runs a shell command in the test's directory (support/cli_run.c); its output in out.
#define run(...) tw_cli_run(out, sizeof out, dir, __VA_ARGS__)

static void has(const char *what)
{
	if (!strstr(out, what))
		fail_msg("expected \"%s\" in the output (%zu bytes; its end:)\n%s", what, strlen(out),
			 strlen(out) > 3000 ? out + strlen(out) - 3000 : out);
}

// a is printed before b.
static void has_before(const char *a, const char *b)
{
	has(a);
	has(b);
	if (strstr(out, a) > strstr(out, b))
		fail_msg("expected \"%s\" before \"%s\"", a, b);
}

// An input script: the first lines, then `rest` n times (a person who keeps passing).
static void script(const char *name, const char *first, const char *rest, int n)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(first, f);
	for (int i = 0; i < n; i++)
		fputs(rest, f);
	fclose(f);
}

// The log replays to the hash it recorded.
static void replays(const char *log)
{
	assert_int_equal(run("%s replay %s", CLI, log), 0);
	has("matches the log");
}

// NQ (the skirmish): the mob (random) moves first; the spearmen's person is asked for his
// opportunity shots and evades while the mob charges (NQ.TURN.2), passes to the end.
static void test_NQ_TURN_2_terminal_skirmish_to_the_end(void **st)
{
	(void)st;
	script("sk.txt", "", "end\n", 300);
	assert_int_equal(run("%s play %s/scenarios/lloyd/skirmish.json --side mob=random --seed 1 --log sk.log < sk.txt",
			     CLI, TW_SOURCE_DIR),
			 0);
	has("[NQ.TURN.2] spearmen: opportunity shots, then evades, then end: the melee follows (orders: shoot weapon "
	    "aim evade end)");
	has("Winner: spearmen");
	replays("sk.log");
}

// Type III: the person (saxons) is asked to react and seize (IN.ACT.2), seizes with Aldhelm and
// advances him (IN.SEIZE.1/4/6), then answers a challenge (DU.3) by refusing it (DU.6) and a
// follow-up (FP.D5) by ending; answers that do not fit the question are refused with its clause.
static void test_IN_ACT_2_DU_3_terminal_type3_seize_and_challenge(void **st)
{
	(void)st;
	script("t3.txt", "start\nseize 0 advance\nmove 0 24,16\n", "end\nrefuse\n", 400);
	assert_int_equal(run("%s play %s/scenarios/lloyd/type3.json --side danes=random --seed 9 --log t3.log < t3.txt",
			     CLI, TW_SOURCE_DIR),
			 0);
	has("[IN.ACT.2] saxons: react (shoot, move), then seize the initiative or decline (orders: move shoot end "
	    "seize)");
	has("[IN.SEIZE.4] saxons tries to seize with Aldhelm: 1d20 19 against 16 (rate 18 - leadership 4 - tactical "
	    "-2): seized");
	has_before("[IN.SEIZE.6] saxons holds the initiative", "[IN.ACT.1] Aldhelm moves 10.00 in");
	replays("t3.log");
	// ll-gaps: FP.D2's difficult ground changed the random danes' game; seed 77 has the challenge.
	assert_int_equal(run("%s play %s/scenarios/lloyd/type3.json --side danes=random --seed 77 --log t3.log < t3.txt",
			     CLI, TW_SOURCE_DIR),
			 0);
	has("[DU.3] saxons: Asbjorn challenges Wulfhere: accept, send a knight or refuse (orders: accept refuse)");
	has("[DU.6] Wulfhere refuses Asbjorn's challenge");
	has("[FP.D5] saxons: follow up the men you pushed back (move into contact), or end (orders: move end)");
	has("refused: saxons is asked to react (react (shoot, move), then seize the initiative or decline), which the "
	    "order refuse does not answer\n  (rule IN.ACT.2)");
	has("Winner: danes");
	replays("t3.log");
}

// Three-fight: the allocation is a secret decision (TF.D2); a malformed one is refused with the
// count; the computer's is not shown before both are in; both revealed; the battle to its end.
static void test_TF_D2_terminal_secret_allocation_three_fights(void **st)
{
	(void)st;
	script("tf.txt", "start\nallocate 0-6 to 1,1,1,1,1,2,2\nallocate 0-7 to 1,1,1,1,1,2,2,3\nstart\n", "end\n", 300);
	assert_int_equal(run("%s play %s/scenarios/lloyd/three.json --side danes=random --seed 1 --log tf.log < tf.txt",
			     CLI, TW_SOURCE_DIR),
			 0);
	has("[TF.D2] saxons: send each of your men to L1, L2 or L3, in secret, a secret choice (orders: allocate)");
	has("7 of saxons's 8 men sent");
	has_before("[TF.D2] saxons has made its secret choice (allocate)", "[TF.D2] danes sent 0, 3 and 10 points");
	has("[TF.D2] saxons sent 9, 3 and 2 points to L1, L2 and L3");
	has("[TF.D2] L3 is fought on the table (2 points to 10); saxons defends (TF.4)");
	has("[NQ.TURN.2] saxons: opportunity shots, then evades, then end: the melee follows");
	has("[TF.D6] VPs 2 to 3: side B wins");
	has("Winner: danes");
	replays("tf.log");
}

// Six players: earl at the terminal, five computers; earl names sheriff to command the crown
// (SP.5), is asked while the rebels move (SP.D3), and the game ends with a governor (SP.D4).
static void test_SP_D3_terminal_six_players(void **st)
{
	(void)st;
	script("six.txt", "command 2\ncommand sheriff\n", "end\n", 300);
	assert_int_equal(run("%s play %s/scenarios/lloyd/six.json --side baron=random --side sheriff=random --side "
			     "outlaw=random --side thane=random --side reeve=random --seed 1 --log six.log < six.txt",
			     CLI, TW_SOURCE_DIR),
			 0);
	has("    free men: earl 4, baron 4, sheriff 4, outlaw 4, thane 4, reeve 4\n"); // the board: every side
	has("command: expected a side's name (n), not '2'");
	has_before("[SP.5] sheriff commands the crown", "[SP.D3] turn 1: the crown move, led by sheriff");
	has("[SP.D3] earl: the other camp moves: opportunity shots and evades, then end (orders: shoot weapon aim evade "
	    "end)");
	has("is governor");
	has("Winner: ");
	replays("six.log");
}

// The campaign's battle at the terminal: prepared (`campaign play --prepare`), fought by a person
// against the computer, recorded from the log (CA.D1 pairs earl with outlaw in battle 1).
static void test_CA_D1_terminal_campaign_battle(void **st)
{
	(void)st;
	assert_int_equal(run("%s campaign new war --ruleset lloyd --sides earl,baron,sheriff,outlaw,thane,reeve --db "
			     "war.db",
			     CLI),
			 0);
	assert_int_equal(run("%s campaign play war %s/scenarios/lloyd/three.json --db war.db --seed 5 --prepare b1.json",
			     CLI, TW_SOURCE_DIR),
			 0);
	has("battle prepared in b1.json: fight it with 'tinwar play b1.json --seed 5 --log LOG', then 'tinwar campaign "
	    "record war LOG'");
	assert_int_equal(run("%s campaign status war --db war.db", CLI), 0);
	has("battle 1 is prepared and not yet recorded");
	char first[512] = "start\nallocate 0-55 to ";
	for (int i = 0; i < 56; i++)
		strcat(first, i < 30 ? "1," : i < 46 ? "2," : "3,");
	first[strlen(first) - 1] = '\n';
	strcat(first, "start\n");
	script("b1.txt", first, "end\n", 400);
	{ // ll-rest: CA.D3, the battle decided, the earl names his deserters: four 2-point men (8 points
	  // for 4 VP against); a set with a man killed in the battle is refused and the next is tried.
		char path[256];
		snprintf(path, sizeof path, "%s/b1.txt", dir);
		FILE *f = fopen(path, "a");
		assert_non_null(f);
		for (int b = 0; b + 4 < 56; b += 4)
			fprintf(f, "desert %d,%d,%d,%d\n", b + 1, b + 2, b + 3, b + 5);
		fclose(f);
	}
	assert_int_equal(run("%s play b1.json --side outlaw=random --seed 5 --log b1.log < b1.txt", CLI), 0);
	has("earl: 4 VP against you: choose men worth 8 points to desert (no leader)");
	has("[TF.D2] earl: send each of your men to L1, L2 or L3, in secret, a secret choice (orders: allocate)");
	has("[TF.D2] earl sent 55, 28 and 17 points to L1, L2 and L3");
	has("Winner: outlaw");
	replays("b1.log");
	assert_int_equal(run("%s campaign record war b1.log --db war.db", CLI), 0);
	has("battle recorded: earl 3.0, baron 0.0, sheriff 0.0, outlaw 4.0, thane 0.0, reeve 0.0");
	assert_int_equal(run("%s campaign status war --db war.db", CLI), 0);
	has("campaign war (lloyd): 1 battles");
}


// The study's summary per alliance (sim for six players, issue 16): each game won counts for the
// winner's alliance as it stood at the end; Wilson intervals for every alliance, none won or not.
static void test_SP_D2_sim_summary_per_alliance(void **st)
{
	(void)st;
	tw_sim_game g[5];
	memset(g, 0, sizeof g);
	const int winner[5] = {0, 3, 4, -2, 1}, alliance[5] = {0, 1, 0, -1, 0}; // side 4 ended in alliance 0
	for (int i = 0; i < 5; i++) {
		g[i].nsides = 6;
		g[i].end = TW_SIM_OVER;
		g[i].winner = winner[i];
		g[i].winner_alliance = alliance[i];
	}
	tw_sim_summary m;
	tw_sim_summarize(g, 5, &m);
	assert_int_equal(m.games, 5);
	assert_int_equal(m.draws, 1);
	assert_int_equal(m.nalliances, 2);
	assert_int_equal(m.alliance_wins[0], 3);
	assert_int_equal(m.alliance_wins[1], 1);
	assert_int_equal(m.side[4].wins, 1);
	// Wilson 95% for 3 of 5 and 0 of 5.
	assert_true(m.alliance_lo[0] > 0.2307 && m.alliance_lo[0] < 0.2308);
	assert_true(m.alliance_hi[0] > 0.8823 && m.alliance_hi[0] < 0.8824);
	assert_true(m.alliance_lo[2] == 0 && m.alliance_hi[2] > 0.4344 && m.alliance_hi[2] < 0.4345);
}

// tinwar sim on the six-player game: per seat and per alliance, in text and JSON; the alliances'
// wins and the draws add up to the games, as do the seats' wins and the draws.
static void test_SP_D4_sim_six_players_per_seat_and_alliance(void **st)
{
	(void)st;
	const char *gens = "--general earl=random --general baron=random --general sheriff=random --general outlaw=random "
			   "--general thane=random --general reeve=random";
	assert_int_equal(run("%s sim %s/scenarios/lloyd/six.json --games 40 %s --quiet", CLI, TW_SOURCE_DIR, gens), 0);
	has("  earl wins ");
	has("  reeve wins ");
	has("  alliance 0 (earl+baron+sheriff) wins ");
	has("  alliance 1 (outlaw+thane+reeve) wins ");
	assert_int_equal(run("%s sim %s/scenarios/lloyd/six.json --games 40 %s --quiet --json", CLI, TW_SOURCE_DIR, gens),
			 0);
	json_error_t je;
	json_t *root = json_loads(out, 0, &je);
	assert_non_null(root);
	json_t *study = json_array_get(json_object_get(root, "studies"), 0);
	assert_non_null(study);
	int games = (int)json_integer_value(json_object_get(study, "games"));
	int draws = (int)json_integer_value(json_object_get(json_object_get(study, "draws"), "n"));
	assert_int_equal(games, 40);
	static const char *const seats[] = {"earl", "baron", "sheriff", "outlaw", "thane", "reeve"};
	int seat_sum = 0, all_sum = 0;
	for (int k = 0; k < 6; k++) {
		char key[32];
		snprintf(key, sizeof key, "%s_wins", seats[k]);
		json_t *w = json_object_get(study, key);
		assert_non_null(w);
		seat_sum += (int)json_integer_value(json_object_get(w, "n"));
	}
	json_t *al = json_object_get(study, "alliances");
	assert_int_equal(json_array_size(al), 2);
	for (size_t a = 0; a < 2; a++) {
		json_t *x = json_array_get(al, a);
		assert_int_equal(json_integer_value(json_object_get(x, "alliance")), (json_int_t)a);
		assert_int_equal(json_array_size(json_object_get(x, "sides")), 3);
		assert_string_equal(json_string_value(json_array_get(json_object_get(x, "sides"), 0)), a ? "outlaw" : "earl");
		all_sum += (int)json_integer_value(json_object_get(json_object_get(x, "wins"), "n"));
	}
	assert_int_equal(seat_sum + draws, games);
	assert_int_equal(all_sum + draws, games);
	json_decref(root);
	// Two sides in their own alliances: no alliance lines.
	assert_int_equal(run("%s sim %s/scenarios/lloyd/type3.json --games 2 --quiet", CLI, TW_SOURCE_DIR), 0);
	assert_null(strstr(out, "alliance"));
}

// Pictures (NQ.GEN.1: each figure one named man; NQ.DMG.2: wounded): `--field name,wounded`
// draws each man's name, and "wounded" after the name of a wounded man (Dudda, figure 3, at
// 27,6 in scenarios/lloyd/type3.json): from "name" to "name,wounded" only the pixels right of
// him change; a field the figures lack is refused, naming it.
static void test_NQ_DMG_2_picture_names_men_and_shows_wounds(void **st)
{
	(void)st;
	char path[512];
	snprintf(path, sizeof path, "%s/scenarios/lloyd/type3.json", TW_SOURCE_DIR);
	json_error_t je;
	json_t *j = json_load_file(path, 0, &je);
	assert_non_null(j);
	json_t *d = json_object_get(json_array_get(json_object_get(j, "figures"), 3), "data");
	assert_string_equal(json_string_value(json_object_get(d, "name")), "Dudda");
	json_object_set_new(d, "wounded", json_true());
	char *txt = json_dumps(j, 0);
	json_decref(j);
	tw_state *s = calloc(1, sizeof *s);
	tw_error err;
	assert_int_equal(tw_state_from_text(s, txt, strlen(txt), "type3", &err), TW_OK);
	free(txt);
	tw_game *g = tw_game_new(s, 1, NULL, &err); // the rule set's setup fills the records
	assert_non_null(g);
	tw_render_scene sc = {tw_game_state(g), NULL, NULL, 0, 0, NULL};
	tw_render_opts o;
	tw_render_opts_default(&o);
	o.px_per_inch = 12;
	o.text = true;
	o.legend = false;
	tw_image plain, named, hurt;
	assert_int_equal(tw_render_image(&sc, &o, &plain, &err), TW_OK);
	o.field = "name";
	assert_int_equal(tw_render_image(&sc, &o, &named, &err), TW_OK);
	o.field = "name,wounded";
	assert_int_equal(tw_render_image(&sc, &o, &hurt, &err), TW_OK);
	long names = tw_image_diff(&plain, &named, 0, 0, 0, 0, 0);
	assert_true(names > 500); // 44 names
	tw_vec2 p = tw_render_to_picture(&sc, &o, tw_v2(27, 7));
	long near = tw_image_diff(&named, &hurt, 0, (int)p.x, (int)p.y, 12 * 12, 2 * 12);
	long all = tw_image_diff(&named, &hurt, 0, 0, 0, 0, 0);
	assert_true(near > 20);
	assert_int_equal(all, near);
	o.field = "name,nope";
	tw_image bad;
	assert_int_equal(tw_render_image(&sc, &o, &bad, &err), TW_ERR_INPUT);
	assert_string_equal(err.message,
			    "the rule set's figures have no field 'nope' (of --field name,nope; tinwar rulesets NAME lists them)");
	tw_image_free(&plain);
	tw_image_free(&named);
	tw_image_free(&hurt);
	tw_game_free(g);
	tw_state_free(s);
	free(s);
}

// The battle report and the pictures of a Type III game's log: every action is a game move (so
// the last picture is the end, not the first action of the last spell of initiative), and the
// report names the men who moved, the traits rolled, the challenge and its answer.
static void test_IN_ACT_2_report_and_pictures_of_a_type3_log(void **st)
{
	(void)st;
	script("rep.txt", "start\nseize 0 advance\nmove 0 24,16\n", "end\nrefuse\n", 400);
	assert_int_equal(run("%s play %s/scenarios/lloyd/type3.json --side danes=random --seed 77 --log rep.log < rep.txt",
			     CLI, TW_SOURCE_DIR),
			 0);
	has("[IN.ACT.2] action 3: saxons acts again");
	assert_int_equal(run("%s render rep.log --move 150 -o m150.png --field name,wounded", CLI), 0);
	assert_int_equal(run("%s render rep.log -o end.png --field name,wounded", CLI), 0);
	assert_int_equal(run("%s render rep.log --move 3 -o m3.png", CLI), 0);
	assert_int_equal(run("%s report rep.log -o rep.html", CLI), 0);
	assert_int_equal(run("grep -c 'Aldhelm moves 10.00 in' rep.html"), 0);
	assert_int_equal(run("grep -c \"Aldhelm's traits: \" rep.html"), 0);
	assert_int_equal(run("grep -c 'Asbjorn challenges Wulfhere' rep.html"), 0);
	assert_int_equal(run("grep -c \"Wulfhere refuses Asbjorn's challenge\" rep.html"), 0);
	assert_int_equal(run("grep -c 'Game move 180' rep.html"), 0);
}

// A Lua general plays NQ (docs/doctrine.md; doctrines/lloyd_nq.lua): its group of spearmen
// moves as one body (NQ.MOVE.3, 4 in: M5 less 1 for the group), it answers the react phase by
// ending, and it wins the skirmish against the random general without ever failing (a failed
// doctrine falls back to the built-in general and says so); its log replays.
static void test_NQ_MOVE_3_lua_doctrine_plays_the_skirmish(void **st)
{
	(void)st;
	assert_int_equal(run("%s play %s/scenarios/lloyd/skirmish.json --side spearmen=%s/doctrines/lloyd_nq.lua --side "
			     "mob=random --seed 1 --log lua.log",
			     CLI, TW_SOURCE_DIR, TW_SOURCE_DIR),
			 0);
	has_before("[NQ.TURN.2] turn 2: spearmen moves", "[NQ.MOVE.3] Aelfric moves 4.00 in");
	has("[NQ.MOVE.3] Frithulf moves 4.00 in");
	has("Winner: spearmen");
	assert_null(strstr(out, "falls back"));
	replays("lua.log");
	assert_int_equal(run("%s sim %s/scenarios/lloyd/skirmish.json --games 20 --general spearmen=%s/doctrines/lloyd_nq.lua "
			     "--general mob=random --quiet",
			     CLI, TW_SOURCE_DIR, TW_SOURCE_DIR),
			 0);
	has("  spearmen wins    18   90.0%");
	has("  draws             2   10.0%");
	assert_null(strstr(out, "Lua failures"));
}

// MS.3: Lloyd tried the mass-shooting rule with 4, 9, 16 and 20 shooters; `tinwar odds lloyd
// mass` (through the registry now, not the test's own registration) gives the exact expected hits
// for those N at 50% (LL.EX.5's column: 1.40, 1.90, 2.60, 3.00), each beside sqrt(N) p and N p.
static void test_MS_3_odds_for_the_shooters_lloyd_tried(void **st)
{
	(void)st;
	assert_int_equal(run("%s odds lloyd mass --chance 50", CLI), 0);
	has("mass shooting (MS.2): the first shooter needs 6+ on a d10 (50%); each later one 1 more, at most 10\n");
	has("\n     4   14/10 = 1.40     1.000       1.40          2.0     \n");
	has("\n     9   19/10 = 1.90     1.500       1.27          4.5     \n");
	has("\n    16   26/10 = 2.60     2.000       1.30          8.0     \n");
	has("\n    20   30/10 = 3.00     2.236       1.34          10.0    \n");
	assert_int_equal(run("%s odds lloyd mass --chance 5", CLI), 2);
	has("--chance must be a whole number 10 to 100, not '5' (MS.2)");
}

// NQ.GEN.2: ground scale is figure scale and one tree model is one tree, not an area of wood: a
// tree (a trunk 0.5 in in radius at 30,30) blocks the sight and the path of a line through its
// trunk only; a line 1 in beside it sees and walks past, and it is no difficult ground (a wood is,
// NQ.MOVE.2).
static void test_NQ_GEN_2_one_tree_is_one_tree(void **st)
{
	(void)st;
	char path[512];
	snprintf(path, sizeof path, "%s/scenarios/lloyd/skirmish.json", TW_SOURCE_DIR);
	json_error_t je;
	json_t *j = json_load_file(path, 0, &je);
	assert_non_null(j);
	json_object_set_new(j, "terrain", json_pack("[{s:s,s:s,s:[f,f,f],s:f}]", "kind", "tree", "name", "oak", "circle", 30.0,
						    30.0, 0.5, "height", 6.0));
	json_t *figs = json_object_get(j, "figures");
	json_object_set_new(json_array_get(figs, 0), "at", json_pack("[f,f]", 30.0, 25.0));
	json_object_set_new(json_array_get(figs, 8), "at", json_pack("[f,f]", 30.0, 35.0));
	char *txt = json_dumps(j, 0);
	json_decref(j);
	tw_state *s = calloc(1, sizeof *s);
	tw_error err;
	if (tw_state_from_text(s, txt, strlen(txt), "tree", &err) != TW_OK)
		fail_msg("%s %s", err.path, err.message);
	free(txt);
	assert_int_equal(s->fig[0].side, 0);
	assert_int_equal(s->fig[8].side, 1);
	assert_false(ll_sight(s, 0, 8)); // through the trunk
	assert_false(ll_path_clear(s, tw_v2(30, 25), tw_v2(30, 35)));
	s->fig[8].pos = tw_v2(32, 35); // the line passes 0.98 in from the trunk's centre
	assert_true(ll_sight(s, 0, 8));
	assert_true(ll_path_clear(s, tw_v2(31, 25), tw_v2(31, 35)));
	assert_false(ll_path_difficult(s, tw_v2(31, 25), tw_v2(31, 35)));
	assert_false(ll_path_difficult(s, tw_v2(29.9, 25), tw_v2(29.9, 35))); // not an area of wood
	tw_state_free(s);
	free(s);
}

int main(void)
{
	tw_register_builtin();
	if (tw_cli_setup(dir, sizeof dir, "llplay", &CLI) != 0)
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_NQ_TURN_2_terminal_skirmish_to_the_end),
		cmocka_unit_test(test_IN_ACT_2_DU_3_terminal_type3_seize_and_challenge),
		cmocka_unit_test(test_TF_D2_terminal_secret_allocation_three_fights),
		cmocka_unit_test(test_SP_D3_terminal_six_players),
		cmocka_unit_test(test_CA_D1_terminal_campaign_battle),
		cmocka_unit_test(test_SP_D2_sim_summary_per_alliance),
		cmocka_unit_test(test_NQ_GEN_2_one_tree_is_one_tree),
		cmocka_unit_test(test_MS_3_odds_for_the_shooters_lloyd_tried),
		cmocka_unit_test(test_NQ_MOVE_3_lua_doctrine_plays_the_skirmish),
		cmocka_unit_test(test_NQ_DMG_2_picture_names_men_and_shows_wounds),
		cmocka_unit_test(test_IN_ACT_2_report_and_pictures_of_a_type3_log),
		cmocka_unit_test(test_SP_D4_sim_six_players_per_seat_and_alliance),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		rc = rc ? rc : 1;
	return rc;
}
