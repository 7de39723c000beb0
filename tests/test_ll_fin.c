// Nikolas Lloyd's skirmish suite, the last part (ll-fin): the bugs the other helpers found, each
// with a test that fails on the code before its fix, and the computer's challenges:
// - `tinwar campaign` told a Lloyd campaign "the first side to 300 points wins" (Little Wars');
// - the terminal's board drew sides 2-5 with side 1's letter;
// - the three-fight map roll's decision cited NQ.TURN.1 while its prompt said TF.D1;
// - `ll-type3` never challenged (DU.2/3/8): a leading knight with the odds, or even odds and a
//   trait that punishes a refusal, now challenges before he shoots or charges.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "rules/lloyd/ll.h"
#include "tinwar/general.h"
#include "tinwar/io.h"
#include "tinwar/roster.h"
#include "tinwar/tinwar.h"

static void reg(void)
{
	tw_register_builtin(); // Lloyd is in the built-in table (ll-reg)
}

// Runs cli_main with stdout into a buffer (returned, heap) and its exit code in *rc.
static char *run_out(const char *const *args, int *rc)
{
	char *argv[40];
	int argc = 0;
	for (; args[argc]; argc++)
		argv[argc] = (char *)args[argc];
	argv[argc] = NULL;
	char path[] = "/tmp/tw-ll-fin-out-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	fflush(stdout);
	int saved = dup(1);
	dup2(fd, 1);
	*rc = cli_main(argc, argv);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	char *buf = calloc(1, 65536);
	lseek(fd, 0, SEEK_SET);
	ssize_t n = read(fd, buf, 65535);
	assert_true(n >= 0);
	close(fd);
	unlink(path);
	return buf;
}

// CA.D4 (bug): a Lloyd campaign is six battles and the governor (or the most campaign VPs) wins:
// `tinwar campaign new` and `status` say so, not Little Wars' "first side to 300 points".
// Cites: CA.D4 CA.1
static void test_CA_D4_campaign_says_how_lloyd_is_won(void **st)
{
	(void)st;
	char db[] = "/tmp/tw-ll-fin-XXXXXX";
	int fd = mkstemp(db);
	close(fd);
	unlink(db);
	int rc;
	const char *mk[] = {"tinwar", "campaign", "new", "war", "--ruleset", "lloyd", "--sides",
			    "earl,baron,sheriff,outlaw,thane,reeve", "--db", db, NULL};
	char *out = run_out(mk, &rc);
	assert_int_equal(rc, 0);
	assert_null(strstr(out, "300"));
	assert_null(strstr(out, "first side"));
	assert_non_null(strstr(out, "after battle 6 the governor wins the war"));
	assert_non_null(strstr(out, "(CA.D4)"));
	free(out);
	const char *status[] = {"tinwar", "campaign", "status", "war", "--db", db, NULL};
	out = run_out(status, &rc);
	assert_int_equal(rc, 0);
	assert_null(strstr(out, "target 300"));
	assert_non_null(strstr(out, "the governor wins the war"));
	free(out);
	unlink(db);
	// Little Wars' campaign keeps its words.
	const char *lw[] = {"tinwar", "campaign", "new", "war", "--db", db, NULL};
	out = run_out(lw, &rc);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(out, "the first side to 300 points wins"));
	free(out);
	unlink(db);
}

// SP.2 (bug): the terminal's board draws each of the six-player game's sides with its own letter
// (sides 2-5 were drawn as side 1's 'b'), and its legend names them.
// Cites: SP.2
static void test_SP_2_board_letters_for_six_sides(void **st)
{
	(void)st;
	reg();
	tw_state s;
	memset(&s, 0, sizeof s);
	tw_error err = {0};
	if (tw_state_load(&s, "scenarios/lloyd/six.json", &err) != TW_OK || tw_ruleset_lloyd.setup(&s, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	assert_int_equal(s.nsides, 6);
	int men[6] = {0};
	for (int i = 0; i < s.nfig; i++)
		if (tw_figure_on_table(&s, &s.fig[i]))
			men[s.fig[i].side]++;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cli_board(&s, -1, f);
	fclose(f);
	if (getenv("TW_SHOW"))
		fputs(buf, stderr);
	const char letters[6] = {'r', 'b', 'g', 'y', 'o', 'v'};
	int seen[6] = {0};
	for (char *line = buf; line && *line;) { // the grid's rows: "  12 |....| 12"
		char *end = strchr(line, '\n');
		char *a = strchr(line, '|'), *b = a ? strchr(a + 1, '|') : NULL;
		if (a && b && (!end || b < end) && a - line == 5)
			for (char *p = a + 1; p < b; p++)
				for (int k = 0; k < 6; k++)
					seen[k] += *p == letters[k];
		line = end ? end + 1 : NULL;
	}
	for (int k = 2; k < 6; k++)
		assert_true(seen[k] > 0 && seen[k] <= men[k]); // men within a cell share its letter
	assert_non_null(strstr(buf, "g/G sheriff"));
	assert_non_null(strstr(buf, "v/V reeve"));
	free(buf);
	tw_state_free(&s);
}

// TF.D1 (bug): the three-fight game's first decision is the map roll, and it cites TF.D1 as its
// prompt does; once the map is rolled the roll-off for who moves first is NQ.TURN.1's.
// Cites: TF.D1 NQ.TURN.1
static void test_TF_D1_map_roll_decision_clause(void **st)
{
	(void)st;
	reg();
	tw_state s;
	memset(&s, 0, sizeof s);
	tw_error err = {0};
	if (tw_state_load(&s, "scenarios/lloyd/three.json", &err) != TW_OK || tw_ruleset_lloyd.setup(&s, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	tw_decision d;
	assert_int_equal(tw_ruleset_lloyd.decisions(&s, &d, 1), 1);
	assert_non_null(strstr(d.prompt, "TF.D1"));
	assert_string_equal(d.clause, "TF.D1");
	// A skirmish without a first mover rolls off: NQ.TURN.1.
	tw_state k;
	memset(&k, 0, sizeof k);
	if (tw_state_load(&k, "scenarios/lloyd/skirmish.json", &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	LLG(&k)->first = -1;
	if (tw_ruleset_lloyd.setup(&k, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	assert_int_equal(k.phase, LL_PH_START);
	assert_int_equal(tw_ruleset_lloyd.decisions(&k, &d, 1), 1);
	assert_string_equal(d.clause, "NQ.TURN.1");
	tw_state_free(&k);
	tw_state_free(&s);
}

// ---- the computer's challenges (DU.2, DU.3, DU.8) on a constructed position ----

// A 48 x 48 fast-play table, red (side 0) to act first.
static tw_state *fp_scene(void)
{
	reg();
	tw_state *s = calloc(1, sizeof *s);
	assert_int_equal(tw_state_set_ruleset(s, tw_ruleset_find("lloyd")), TW_OK);
	tw_ruleset_defaults(&tw_ruleset_lloyd, s);
	tw_rng_seed(&s->rng, 1);
	s->dice = TW_DICE_ENTERED;
	s->table.width = 48;
	s->table.depth = 48;
	s->nsides = 2;
	strcpy(s->sides[0].name, "red");
	s->sides[0].forward = 1;
	strcpy(s->sides[1].name, "blue");
	s->sides[1].back_y = 48;
	s->sides[1].forward = -1;
	s->winner = -1;
	LLG(s)->first = 0;
	LLG(s)->system = 1;
	LLG(s)->max_actions = 200;
	return s;
}

static int man(tw_state *s, int side, const char *name, double x, double y, int qr, int leader, uint32_t traits, bool bow)
{
	tw_figure f = {.id = s->nfig, .kind = TW_FK_INFANTRY, .side = (uint8_t)side, .status = TW_FS_ACTIVE,
		       .facing = side ? 180 : 0, .radius = 0.5, .height = 1, .unit = -1, .pos = {x, y}};
	assert_non_null(tw_state_add_figure(s, &f));
	ll_frec *r = LLF(s, f.id);
	snprintf(r->name, sizeof r->name, "%s", name);
	r->troop = bow ? tw_ll_troop_find("archer") + 1 : 0;
	r->qr = qr;
	r->leader = leader;
	r->traits = traits;
	r->cont = side;
	r->group = -1;
	return f.id;
}

// The general's order for red in the position: red's knight (traits `t`, QR `qr`) 8 in from blue's
// leading knight (QR3, Quick), a red archer with blue well within range (so the old doctrine
// volleyed), a red spearman out of reach.
static tw_order *red_choice(int qr, uint32_t t, int *knight, int *foe)
{
	tw_state *s = fp_scene();
	*knight = man(s, 0, "Byrhtnoth", 24, 10, qr, 2, t, false);
	man(s, 0, "Wulfstan", 14, 10, 2, 0, 0, true);
	man(s, 0, "Offa", 40, 4, 2, 0, 0, false);
	*foe = man(s, 1, "Olaf", 24, 19, 3, 2, TW_LL_QUICK, false);
	man(s, 1, "Ulf", 12, 30, 2, 0, 0, false);
	tw_error err = {0};
	if (tw_ruleset_lloyd.setup(s, &err) != TW_OK)
		fail_msg("setup: %s: %s", err.clause, err.message);
	tw_order *o = calloc(1, sizeof *o);
	tw_order_init(o, LL_OT_START, 0);
	tw_events ev = {0};
	if (tw_state_apply(s, o, NULL, &ev, &err) != TW_OK)
		fail_msg("start: %s: %s", err.clause, err.message);
	assert_int_equal(s->phase, LL_PH_IN_ACT);
	assert_int_equal(s->mover, 0);
	tw_general *g = tw_general_new("ll-type3", &tw_ruleset_lloyd, 0, 5);
	assert_non_null(g);
	assert_int_equal(tw_general_decide(g, s, o), TW_OK);
	if (o->type == LL_OT_CHALLENGE) { // the rules take it, and blue is asked to answer (DU.3)
		tw_order *c = calloc(1, sizeof *c);
		*c = *o;
		if (tw_state_apply(s, c, NULL, &ev, &err) != TW_OK)
			fail_msg("challenge refused: %s: %s", err.clause, err.message);
		assert_int_equal(s->phase, LL_PH_DU_ANSWER);
		free(c);
	}
	tw_general_free(g);
	tw_events_free(&ev);
	tw_state_free(s);
	free(s);
	return o;
}

// DU.2, DU.8, LT.7, LT.14: the Type III general challenges with a leading knight when the whole
// duel's odds (DU.10, as `odds lloyd duel` counts them) favour him: a Swordsman (QR4 in melee)
// against a QR3 knight; an Honourable knight at even odds (a refusal costs blue two Morale tests);
// rather than volleying with his archer. A plain knight at even odds, a Timid one (LT.11) and a
// weaker one do not: the archer volleys (IN.SHT.6).
// Cites: DU.2 DU.3 DU.8 DU.10 LT.7 LT.11 LT.14
static void test_DU_2_8_general_challenges_with_the_odds(void **st)
{
	(void)st;
	int k, f;
	tw_order *o = red_choice(3, TW_LL_SWORDSMAN, &k, &f);
	assert_int_equal(o->type, LL_OT_CHALLENGE);
	assert_int_equal(o->fig[0], k);
	assert_int_equal(o->fig2[0], f);
	free(o);
	o = red_choice(3, TW_LL_HONOURABLE, &k, &f);
	assert_int_equal(o->type, LL_OT_CHALLENGE);
	assert_int_equal(o->fig[0], k);
	free(o);
	o = red_choice(3, TW_LL_QUICK, &k, &f); // even odds, no reason to risk it
	assert_int_equal(o->type, LL_OT_VOLLEY);
	free(o);
	o = red_choice(3, TW_LL_SWORDSMAN | TW_LL_TIMID, &k, &f); // LT.11: never closes by choice
	assert_int_equal(o->type, LL_OT_VOLLEY);
	free(o);
	o = red_choice(3, TW_LL_HONOURABLE | TW_LL_STALWART, &k, &f);
	assert_int_equal(o->type, LL_OT_CHALLENGE);
	free(o);
	// The odds themselves: QR4 against QR3 better than even, QR3 against QR3 even (DU.10).
	tw_state *s = fp_scene();
	int a = man(s, 0, "A", 10, 10, 3, 1, TW_LL_SWORDSMAN, false), b = man(s, 1, "B", 10, 20, 3, 1, 0, false);
	int c = man(s, 0, "C", 30, 10, 3, 1, 0, false);
	assert_true(ll_du_win_chance(s, a, b) > 0.6);
	assert_true(ll_du_win_chance(s, c, b) > 0.5 - 1e-9 && ll_du_win_chance(s, c, b) < 0.5 + 1e-9);
	assert_true(ll_du_win_chance(s, b, a) < 0.4);
	tw_state_free(s);
	free(s);
}

// ---- the roster editor as a rule set hook (tw_ruleset.roster) ----

// NQ.GEN.4 (ll-fin): the roster editor is the rule set's hook: Lloyd fills it, a rule set without
// one is refused by name (or by a roster's own "ruleset") with the ones that keep rosters listed;
// `tinwar roster` refuses it and writes nothing; the front-ends include no rule set's roster code.
// Cites: NQ.GEN.4
static void test_NQ_GEN_4_roster_is_a_ruleset_hook(void **st)
{
	(void)st;
	reg();
	assert_non_null(tw_ruleset_lloyd.roster);
	assert_null(tw_ruleset_get(tw_ruleset_find("grant"))->roster);
	tw_error err;
	tw_error_clear(&err);
	assert_ptr_equal(tw_roster_ruleset(NULL, NULL, 0, &err), &tw_ruleset_lloyd); // the one that keeps rosters
	assert_ptr_equal(tw_roster_ruleset("lloyd", NULL, 0, &err), &tw_ruleset_lloyd);
	assert_null(tw_roster_ruleset("grant", NULL, 0, &err));
	assert_int_equal(err.code, TW_ERR_INPUT);
	assert_non_null(strstr(err.message, "rule set grant keeps no rosters (rule sets that do: lloyd)"));
	const char *doc = "{\"format\": \"tinwar-roster\", \"ruleset\": \"grant\"}";
	assert_null(tw_roster_ruleset(NULL, doc, strlen(doc), &err));
	assert_null(tw_roster_ruleset("nope", NULL, 0, &err));
	assert_non_null(strstr(err.message, "no rule set named \"nope\""));
	// The hook's check locates an error as before.
	json_t *r = tw_ruleset_lloyd.roster->new_roster();
	json_object_set_new(json_array_get(json_object_get(r, "troops"), 0), "m", json_integer(400));
	tw_roster_err e;
	assert_int_equal(tw_ruleset_lloyd.roster->check_json(r, &e), TW_ERR_INPUT);
	assert_string_equal(e.path, "$.troops[0].m");
	json_decref(r);
	// The terminal.
	char file[] = "/tmp/tw-ll-fin-roster-XXXXXX";
	int fd = mkstemp(file);
	close(fd);
	unlink(file);
	int rc;
	const char *grant[] = {"tinwar", "roster", "add", file, "troop", "x", "--ruleset", "grant", NULL};
	char *out = run_out(grant, &rc);
	assert_int_equal(rc, 2);
	assert_int_not_equal(access(file, F_OK), 0); // nothing written
	free(out);
	const char *add[] = {"tinwar", "roster", "add", file, "man", "Brand", "--troop", "axeman", "--ruleset", "lloyd", NULL};
	out = run_out(add, &rc);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(out, "man \"Brand\" added"));
	free(out);
	const char *check[] = {"tinwar", "roster", "check", file, NULL}; // the file names its rule set
	out = run_out(check, &rc);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(out, "1 men: good"));
	free(out);
	const char *wrong[] = {"tinwar", "roster", "check", file, "--ruleset", "grant", NULL};
	out = run_out(wrong, &rc);
	assert_int_equal(rc, 2);
	free(out);
	unlink(file);
	// The front-ends call only the generic API.
	const char *fronts[] = {"src/cli/cli_roster.c", "src/server/roster_api.c"};
	for (int i = 0; i < 2; i++) {
		size_t len = 0;
		char *text = tw_read_file(fronts[i], &len, &err);
		assert_non_null(text);
		assert_null(strstr(text, "ll_roster.h"));
		assert_null(strstr(text, "tw_ll_"));
		free(text);
	}
}

int main(void)
{
	reg();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_CA_D4_campaign_says_how_lloyd_is_won),
		cmocka_unit_test(test_SP_2_board_letters_for_six_sides),
		cmocka_unit_test(test_TF_D1_map_roll_decision_clause),
		cmocka_unit_test(test_DU_2_8_general_challenges_with_the_odds),
		cmocka_unit_test(test_NQ_GEN_4_roster_is_a_ruleset_hook),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
