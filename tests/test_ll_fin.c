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
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "rules/lloyd/ll.h"
#include "ll_scene.h"
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

static tw_state *fp_scene(void) { return llt_fp_scene(48); }

static int man(tw_state *s, int side, const char *name, double x, double y, int qr, int leader, uint32_t traits, bool bow)
{
	return llt_fp_man(s, side, name, x, y, qr, leader, traits, bow ? LL_W_BOW : 0);
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

// ---- conditional cards (IN.CARD.3) and the campaign's grudges (DU.20) ----

#define order llt_order
#define DICE LLT_DICE
#define ok(s, o) llt_ok((s), (o))
#define refused llt_refused
#define count llt_count
#define setup llt_setup
#define EV llt_ev

static tw_order *move_to(int side, int n, const int *f, const tw_vec2 *at)
{
	tw_order *o = order(LL_OT_MOVE, side);
	for (int i = 0; i < n; i++) {
		o->fig[i] = f[i];
		o->at[i] = at[i];
		o->facing[i] = side ? 180 : 0;
	}
	o->nfig = n;
	o->has_at = true;
	return o;
}
static tw_order *card_seize(int side, int f)
{
	tw_order *o = order(LL_OT_SEIZE, side);
	o->nfig = 1;
	o->fig[0] = f;
	o->n = 1; // an advance
	o->nval = 1;
	o->val[0] = 1; // with his card (IN.TAC.5)
	return o;
}

// IN.CARD.3: a conditional card ("when Aelle comes within 12 in, attack him") gives its +4 only
// once the condition has happened: before, the card's seize is refused and nothing changes;
// after Aelle's advance it is taken. Odd holds an identical card of his own (the same enemy and
// condition, another card): each benefits only acting alone under his, so Odd may not join
// Ragnar's card action; Ragnar alone carries it out. A `seen` card waits for sight of its enemy.
// Cites: IN.CARD.3 IN.CARD.1 IN.CARD.4 IN.TAC.5
static void test_IN_CARD_3_conditional_and_identical_cards(void **st)
{
	(void)st;
	tw_state *s = fp_scene();
	int x = man(s, 0, "Aelle", 10, 14, 2, 0, 0, false);
	int b = man(s, 1, "Ragnar", 10, 30, 3, 1, TW_LL_QUICK, false);
	int c = man(s, 1, "Odd", 13, 30, 2, 0, 0, false);
	LLF(s, b)->card = 1;
	LLF(s, c)->card = 2;
	LLF(s, b)->card_foe = LLF(s, c)->card_foe = x;
	LLF(s, b)->card_when = LLF(s, c)->card_when = LL_CARD_NEAR;
	LLF(s, b)->card_near = LLF(s, c)->card_near = 12;
	setup(s);
	ok(s, order(LL_OT_START, 0));
	ok(s, order(LL_OT_END, 0)); // red passes: blue may seize (IN.ACT.2)
	tw_order *o = card_seize(1, b);
	DICE(o, 20);
	refused(s, o, "IN.CARD.3", "within 12 in"); // 15 in off: not yet
	o = order(LL_OT_END, 1);
	DICE(o, 10);
	ok(s, o);
	ok(s, move_to(0, 1, &x, &(tw_vec2){10, 18})); // Aelle advances: 11 in off
	o = card_seize(1, b);
	DICE(o, 20);
	ok(s, o);
	assert_int_equal(s->mover, 1);
	assert_true(LLG(s)->seize_card);
	double m = ll_fp_allowance(s, b);
	int both[2] = {b, c};
	tw_vec2 to[2] = {{10, 30 - m}, {13, 30 - m}};
	refused(s, move_to(1, 2, both, to), "IN.CARD.3", "identical card");
	ok(s, move_to(1, 1, &b, &to[0]));
	assert_false(LLG(s)->seize_card);
	tw_state_free(s);
	free(s);
	// `seen`: a hedge hides Aelle from Ragnar: the card waits.
	s = fp_scene();
	x = man(s, 0, "Aelle", 10, 20, 2, 0, 0, false);
	b = man(s, 1, "Ragnar", 10, 30, 3, 1, TW_LL_QUICK, false);
	LLF(s, b)->card = 1;
	LLF(s, b)->card_foe = x;
	LLF(s, b)->card_when = LL_CARD_SEEN;
	tw_terrain hedge = {.kind = TW_TER_WALL, .shape = TW_SHAPE_POLY, .nverts = 4, .height = 1,
			    .v = {{0, 25}, {12, 25}, {12, 25.4}, {0, 25.4}}};
	tw_table_add(&s->table, &hedge);
	for (int k = 0; k < s->table.nterrain; k++)
		tw_terrain_finish(&s->table.terrain[k]);
	setup(s);
	ok(s, order(LL_OT_START, 0));
	ok(s, order(LL_OT_END, 0));
	o = card_seize(1, b);
	DICE(o, 20);
	refused(s, o, "IN.CARD.3", "sees its enemy");
	tw_state_free(s);
	free(s);
}

// DU.20, DU.16: the cheated duellist is marked with the cheaters' side; the campaign records a
// cheated knight who ends wounded (not one unhurt) with his replacement's 1d6 from the game's
// generator (1-3 Honourable, 4-6 Rash); in a later battle against the cheaters the commander's
// leading man counts as that trait against them only, and not in a battle without them.
// Cites: DU.20 DU.16 CA.3 CA.D3
static void test_DU_20_campaign_remembers_the_cheaters(void **st)
{
	(void)st;
	reg();
	tw_error err;
	// DU.16 in play: blue attacks red's duel winner on his own: red's man is marked.
	tw_state *p = fp_scene();
	int w = man(p, 0, "Byrhtnoth", 24, 24, 3, 2, TW_LL_QUICK, false);
	int l = man(p, 1, "Olaf", 24, 26, 3, 1, TW_LL_QUICK, false);
	int by = man(p, 1, "Ulf", 20, 26, 2, 0, 0, false);
	setup(p);
	assert_int_equal(LLF(p, w)->cheated, -1);
	LLG(p)->du_win = w;
	LLG(p)->du_lost = l;
	LLG(p)->du_cheat = -1;
	tw_events_clear(&EV);
	ll_du_attack(p, &EV, by, w);
	assert_int_equal(count("DU.16", TW_EV_SCORE), 1);
	assert_int_equal(LLF(p, w)->cheated, 1);
	tw_state_free(p);
	free(p);
	// The campaign.
	json_t *carry = json_object();
	json_t *cfg = json_pack("{s:[ssssss], s:i}", "sides", "earl", "baron", "sheriff", "outlaw", "thane", "reeve", "points", 40);
	assert_int_equal(ll_series_start(carry, cfg, &err), TW_OK);
	tw_state s;
	memset(&s, 0, sizeof s);
	assert_int_equal(tw_state_load(&s, "scenarios/lloyd/three.json", &err), TW_OK);
	assert_int_equal(ll_series_prepare(carry, 1, &s, &err), TW_OK);
	assert_string_equal(s.sides[1].name, "outlaw");
	int lead = -1, other = -1;
	for (int j = 0; j < s.nfig; j++) {
		if (s.fig[j].side == 0 && LLF(&s, j)->leader && lead < 0)
			lead = j;
		else if (s.fig[j].side == 0 && other < 0)
			other = j;
	}
	assert_true(lead >= 0 && other >= 0);
	LLF(&s, lead)->cheated = 1; // cheated by the outlaw's men, and wounded
	LLF(&s, lead)->wounded = 1;
	LLF(&s, other)->cheated = 1; // cheated, but unhurt: no grudge
	s.over = true;
	s.winner = 1;
	tw_rng r = s.rng;
	int d6 = (int)tw_rng_below(&r, 6) + 1;
	bool over = true;
	assert_int_equal(ll_series_record(carry, 1, &s, &over, &err), TW_OK);
	const json_t *gs = json_object_get(carry, "grudges");
	assert_int_equal(json_array_size(gs), 1);
	const json_t *g = json_array_get(gs, 0);
	assert_string_equal(json_string_value(json_object_get(g, "commander")), "earl");
	assert_string_equal(json_string_value(json_object_get(g, "knight")), LLF(&s, lead)->name);
	assert_string_equal(json_string_value(json_object_get(g, "cheaters")), "outlaw");
	assert_int_equal(json_integer_value(json_object_get(g, "d6")), d6);
	const char *trait = d6 <= 3 ? "honourable" : "rash";
	assert_string_equal(json_string_value(json_object_get(g, "trait")), trait);
	tw_state_free(&s);
	// The carry-over survives its own text (it is kept in SQLite as JSON).
	char *text = json_dumps(carry, JSON_COMPACT);
	json_t *back = json_loads(text, 0, NULL);
	free(text);
	// A later battle against the outlaw: the earl's leading man counts as the trait against him.
	memset(&s, 0, sizeof s);
	assert_int_equal(tw_state_load(&s, "scenarios/lloyd/three.json", &err), TW_OK);
	assert_int_equal(ll_series_prepare(back, 1, &s, &err), TW_OK);
	int e_lead = -1, o_man = -1;
	for (int j = 0; j < s.nfig; j++) {
		if (s.fig[j].side == 0 && LLF(&s, j)->leader && e_lead < 0)
			e_lead = j;
		if (s.fig[j].side == 1 && o_man < 0)
			o_man = j;
	}
	uint32_t bit = d6 <= 3 ? TW_LL_HONOURABLE : TW_LL_RASH;
	assert_int_equal(LLF(&s, e_lead)->grudge, bit);
	assert_int_equal(LLF(&s, e_lead)->grudge_vs, 1);
	assert_true(ll_traits_vs(&s, e_lead, o_man) & bit);
	assert_false(LLF(&s, e_lead)->traits & bit);
	for (int j = 0; j < s.nfig; j++)
		if (j != e_lead)
			assert_int_equal(LLF(&s, j)->grudge, 0);
	tw_state_free(&s);
	// Battle 2 (baron against thane): no cheaters there, no grudge.
	memset(&s, 0, sizeof s);
	assert_int_equal(tw_state_load(&s, "scenarios/lloyd/three.json", &err), TW_OK);
	assert_int_equal(ll_series_prepare(back, 2, &s, &err), TW_OK);
	for (int j = 0; j < s.nfig; j++)
		assert_int_equal(LLF(&s, j)->grudge, 0);
	tw_state_free(&s);
	json_decref(back);
	json_decref(carry);
	json_decref(cfg);
}

// DU.20, LT.7 in play: a knight with an Honourable grudge against blue challenges a blue knight who
// refuses: blue takes LT.7's two Morale tests, not DU.6's one.
// Cites: DU.20 LT.7 DU.6
static void test_DU_20_LT_7_grudge_in_a_refusal(void **st)
{
	(void)st;
	tw_state *s = fp_scene();
	int k = man(s, 0, "Byrhtnoth", 10, 10, 3, 2, TW_LL_QUICK, false);
	int l = man(s, 1, "Ivar", 10, 18, 3, 1, TW_LL_ICON, false);
	LLF(s, k)->grudge = TW_LL_HONOURABLE;
	LLF(s, k)->grudge_vs = 1;
	setup(s);
	ok(s, order(LL_OT_START, 0));
	tw_order *o = order(LL_OT_CHALLENGE, 0);
	o->nfig = o->nfig2 = 1;
	o->fig[0] = k;
	o->fig2[0] = l;
	ok(s, o);
	o = order(LL_OT_REFUSE, 1);
	DICE(o, 4, 5);
	ok(s, o);
	assert_int_equal(count("FP.D8", TW_EV_INFO), 2); // two tests, both held
	assert_true(count("LT.7", -1) > 0); // the tests are LT.7's
	tw_state_free(s);
	free(s);
}

// IN.ACT.3: a body heading for one point may split round a small obstacle and stay one action:
// two men pass a rock on either side to meet beyond it, each seeing the meeting point (an
// IN.ACT.3 event says so). Going round a house on both sides is refused (each branch an action):
// the house hides the meeting point from the men; one branch alone is a good action.
// Cites: IN.ACT.3 IN.ACT.1
static void test_IN_ACT_3_split_round_an_obstacle(void **st)
{
	(void)st;
	tw_state *s = fp_scene();
	int a = man(s, 0, "Aelle", 9, 10, 2, 0, 0, false);
	int b = man(s, 0, "Cissa", 11, 10, 2, 0, 0, false);
	man(s, 1, "Egil", 40, 44, 2, 0, 0, false);
	tw_terrain rock = {.kind = TW_TER_ROCK, .shape = TW_SHAPE_CIRCLE, .center = {10, 13}, .radius = 0.3, .height = 1};
	tw_table_add(&s->table, &rock);
	for (int k = 0; k < s->table.nterrain; k++)
		tw_terrain_finish(&s->table.terrain[k]);
	setup(s);
	ok(s, order(LL_OT_START, 0));
	int both[2] = {a, b};
	tw_vec2 to[2] = {{9.3, 15.5}, {10.7, 15.5}};
	ok(s, move_to(0, 2, both, to));
	assert_int_equal(count("IN.ACT.3", TW_EV_INFO), 1);
	tw_state_free(s);
	free(s);
	// A house between the branches.
	s = fp_scene();
	a = man(s, 0, "Aelle", 8, 10, 2, 0, 0, false);
	b = man(s, 0, "Cissa", 12, 10, 2, 0, 0, false);
	man(s, 1, "Egil", 40, 44, 2, 0, 0, false);
	tw_terrain house = {.kind = TW_TER_HOUSE, .shape = TW_SHAPE_POLY, .nverts = 4, .height = 3,
			    .v = {{8.6, 12}, {11.4, 12}, {11.4, 15}, {8.6, 15}}};
	tw_table_add(&s->table, &house);
	for (int k = 0; k < s->table.nterrain; k++)
		tw_terrain_finish(&s->table.terrain[k]);
	setup(s);
	ok(s, order(LL_OT_START, 0));
	both[0] = a;
	both[1] = b;
	to[0] = tw_v2(7.8, 15.8);
	to[1] = tw_v2(12.2, 15.8);
	refused(s, move_to(0, 2, both, to), "IN.ACT.3", "each branch is an action of its own");
	tw_order *one = move_to(0, 1, &a, &to[0]);
	tw_error err = {0};
	assert_int_equal(tw_ruleset_lloyd.validate(s, one, &err), TW_OK);
	ok(s, one);
	assert_int_equal(count("IN.ACT.3", TW_EV_INFO), 0);
	tw_state_free(s);
	free(s);
}

// DU.20, LT.10 in play: a man with a Rash grudge against blue follows up at once the Push-back he
// inflicts on a blue man (LT.10), as a Rash man would; without the grudge he does not.
// Cites: DU.20 LT.10 FP.D5
static void test_DU_20_LT_10_rash_grudge_follows_up(void **st)
{
	(void)st;
	for (int grudge = 0; grudge < 2; grudge++) {
		tw_state *s = fp_scene();
		int r = man(s, 0, "Godric", 10, 10, 2, 1, TW_LL_QUICK, false);
		int b = man(s, 1, "Halfdan", 10, 11, 2, 1, TW_LL_QUICK, false);
		if (grudge) {
			LLF(s, r)->grudge = TW_LL_RASH;
			LLF(s, r)->grudge_vs = 1;
		}
		setup(s);
		ok(s, order(LL_OT_START, 0));
		tw_order *o = order(LL_OT_FIGHT, 0);
		o->nfig = 1;
		o->fig[0] = r;
		DICE(o, 6, 5); // 6 + 2 against 5 + 2: a Push-back
		ok(s, o);
		assert_true(fabs(s->fig[b].pos.y - 12) < 1e-9);
		if (grudge) {
			assert_true(fabs(s->fig[r].pos.y - 11) < 1e-9); // followed up at once
			assert_int_equal(count("LT.10", TW_EV_MOVE), 1);
		} else {
			assert_true(fabs(s->fig[r].pos.y - 10) < 1e-9);
			assert_int_equal(count("LT.10", TW_EV_MOVE), 0);
		}
		tw_state_free(s);
		free(s);
	}
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
		cmocka_unit_test(test_IN_CARD_3_conditional_and_identical_cards),
		cmocka_unit_test(test_IN_ACT_3_split_round_an_obstacle),
		cmocka_unit_test(test_DU_20_campaign_remembers_the_cheaters),
		cmocka_unit_test(test_DU_20_LT_7_grudge_in_a_refusal),
		cmocka_unit_test(test_DU_20_LT_10_rash_grudge_follows_up),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
