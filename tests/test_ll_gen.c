// Lloyd's computer generals (issue 16, ll-gen): ll-nq, ll-three, ll-six against the random player
// on the bundled scenarios, sides swapped half the time (seeds 1..N). make test plays 40 of each
// (38 of each); LL_GEN_GAMES=N plays N of each and asks 38 in 40.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "libm_era.h"
#include "tinwar/detmath.h"
#include <jansson.h>

#include "rules/lloyd/ll.h"
#include "tinwar/general.h"
#include "tinwar/tinwar.h"

#include "ll_scene.h"

// LL_GEN_GAMES=N: N games of each, asking the goal (38 in 40); unset, each test's own count and
// floor (what make test can afford; the TF and SP games are long in Debug).
static int games(int n_default)
{
	const char *e = getenv("LL_GEN_GAMES");
	int n = e ? atoi(e) : n_default;
	return n > 0 && n <= 400 ? n : n_default;
}

// Plays n games of `gen` against random on `path`: in game k (seed k) the general takes side (or,
// with alliances, camp) k % 2. Returns its wins; *draws the draws.
static int versus_random(const char *path, const char *gen, int n, int *draws)
{
	tw_register_builtin();
	tw_state s0;
	memset(&s0, 0, sizeof s0);
	tw_error err = {0};
	if (tw_state_load(&s0, path, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	int wins = 0;
	*draws = 0;
	for (uint64_t seed = 1; seed <= (uint64_t)n; seed++) {
		int me = (int)(seed % 2);
		tw_game *g = tw_game_new(&s0, seed, NULL, &err);
		assert_non_null(g);
		const tw_state *s = tw_game_state(g);
		tw_general *gens[TW_MAX_SIDES] = {0};
		bool ours[TW_MAX_SIDES] = {0};
		for (int k = 0; k < s->nsides; k++) {
			ours[k] = (s->nsides == 2 ? k : tw_side_alliance(s, k)) == me;
			gens[k] = tw_general_new(ours[k] ? gen : "random", &tw_ruleset_lloyd, k, seed * 7 + (uint64_t)k);
			assert_non_null(gens[k]);
		}
		if (tw_play_out(g, gens, 200000, &err) != TW_OK)
			fail_msg("%s: %s", err.clause, err.message);
		s = tw_game_state(g);
		assert_true(s->over);
		wins += s->winner >= 0 && ours[s->winner];
		if (getenv("LL_GEN_VERBOSE"))
			fprintf(stderr, "  seed %d: general on %d, winner %d, turn %d, vp %d-%d, table L%d\n", (int)seed, me, s->winner,
				s->move_no, LLS(s, 0)->vp, LLS(s, 1)->vp, LLG(s)->table_loc);
		if (getenv("LL_GEN_VERBOSE") && s->nsides > 2) {
			fprintf(stderr, "   camps:");
			for (int k = 0; k < s->nsides; k++)
				fprintf(stderr, " %d%s(vp %d, pts %d, def %d)", tw_side_alliance(s, k), ours[k] ? "*" : "", LLS(s, k)->vp,
					ll_side_points(s, k, true), LLS(s, k)->defections);
			fprintf(stderr, "\n");
		}
		if (getenv("LL_GEN_VERBOSE") && atoi(getenv("LL_GEN_VERBOSE")) > 1)
			for (int j = 0; j < s->nfig; j++)
				fprintf(stderr, "    %d side %d st %d at %.1f,%.1f wounded %d group %d loc %d\n", j, s->fig[j].side,
					s->fig[j].status, s->fig[j].pos.x, s->fig[j].pos.y, LLF(s, j)->wounded, LLF(s, j)->group,
					LLF(s, j)->loc);
		*draws += s->winner < 0;
		for (int k = 0; k < s->nsides; k++)
			tw_general_free(gens[k]);
		tw_game_free(g);
	}
	tw_state_free(&s0);
	return wins;
}

// Plays `n_default` games (or LL_GEN_GAMES) and asks `min_default` wins (with LL_GEN_GAMES: 38 in 40).
static void check(const char *path, const char *gen, int n_default, int min_default)
{
	int n = games(n_default), draws;
	int need = getenv("LL_GEN_GAMES") ? (n * 38 + 39) / 40 : min_default;
	int wins = versus_random(path, gen, n, &draws);
	fprintf(stderr, "%s against random on %s: %d wins, %d draws of %d\n", gen, path, wins, draws, n);
	assert_true(wins >= need);
}

// Cites: NQ.SCN.2
static void test_NQ_general_beats_random(void **st)
{
	(void)st;
	// seeds 1-40: 39 before h6-nq, 38 (1 draw) after; 200 games: 186 before, 191 after; long run
	// (tools/ll_nq_rate.c, seeds 1-20000): 95.3% before, 97.4% after (docs/lloyd.md, h6-nq)
	check("scenarios/lloyd/skirmish.json", "ll-nq", 40, 38);
}

// Cites: TF.D2
static void test_TF_general_beats_random(void **st)
{
	(void)st;
	// The goal of 38 in 40, met by h5-three's doctrine (ll_general_tf.c, docs/lloyd.md): seeds 1-40
	// 38 wins, 2 draws; 200 games 194 (97%); seeds 1-4000 94.3%, 4001-8000 94.2% (Release, the
	// same pairing). Before it: 36 of 40, 3 draws (200 games: 174, 87%). The games not won are
	// draws and losses at the turn limit on equal or near-equal points in good order (TF.D7).
	// Merged with ll-rest (the random player now picks TF.D5's tied edge itself, where it always
	// took the row edge): 37 wins, 3 draws of seeds 1-40. h5-three2 (no waiting at our bows while
	// his groups are still to come and he has 5 or fewer points on the table; out of reach from one
	// point ahead late): 39 wins, 1 draw of seeds 1-40; seeds 1-8000 94.0% as before (Release).
	// h6-three (spearmen charge to their reach, the commander kept out of the fight, advancing
	// unless two ahead): seeds 1-40 38 wins, 2 draws; seeds 1-8000 94.95% (tools/ll_three_rate.c).
	// s26-three (the commander as a lure for the enemy's bows): seeds 1-40 38 wins, 1 draw; seeds
	// 1-8000 96.26%, 8001-16000 95.38%.
	check("scenarios/lloyd/three.json", "ll-three", 40, 38);
}

// Cites: SP.D4
// Six seats: the general plays the three of one camp (the crown in odd games, the rebels in even
// ones), random the other three; a win is a governor among the general's seats (SP.D4, SP.6).
static void test_SP_general_beats_random(void **st)
{
	(void)st;
	// Seeds 1-40: 38 (the goal); 200 games 178 (89%; was 37 and 172 before rule 6: the weaker
	// camp's leader fights, a camp ahead late holds). The crown's seats win nearly always, the
	// rebels' lose some on points at the turn limit. h6-six (rule 7, docs/lloyd.md): seeds 1-40
	// 40, 200 games 196, seeds 1-12000 96.7% (Release harness; was 86.8% of seeds 1-4000).
	check("scenarios/lloyd/six.json", "ll-six", 40, 38);
}


// ---- The six-player general's alliance doctrine (ll_general_sp.c, docs/doctrines.md), each
// rule in a constructed position with the general's choice asserted exactly. ----
enum { EARL = 0, BARON, SHERIFF, OUTLAW, THANE, REEVE };
enum { ALDO = 0, BRAND, CENRIC, DAG, EDDA, FINN, GYRTH, HAKON, IDA, JARL, KOL, LULLA, MORD, NIAL, OFFA, PENDA, QUEN, ROLF };

// six.json after negotiation: `defectors` (-1 ends the list) change sides first (SP.4), everyone
// ends, the crown wins the roll-off (12 to 4) and moves, led by its commander.
static tw_state *six_in_play(const int *defectors) { return llt_six_in_play(defectors); }

static tw_state *six_at_start(void)
{
	tw_register_builtin();
	tw_state *s = calloc(1, sizeof *s);
	tw_error err = {0};
	if (tw_state_load(s, "scenarios/lloyd/six.json", &err) != TW_OK || tw_ruleset_lloyd.setup(s, &err) != TW_OK)
		fail_msg("%s", err.message);
	s->dice = TW_DICE_ENTERED;
	return s;
}

static void six_done(tw_state *s)
{
	tw_state_free(s);
	free(s);
}

static void put(tw_state *s, int f, double x, double y) { s->fig[f].pos = tw_v2(x, y); }

static void kill(tw_state *s, int f) { s->fig[f].status = TW_FS_DEAD; }

// The order ll-six gives for `side` now (heap).
static tw_order *ask(const tw_state *s, int side)
{
	tw_general *g = tw_general_new("ll-six", &tw_ruleset_lloyd, side, 1);
	assert_non_null(g);
	tw_order *o = calloc(1, sizeof *o);
	assert_int_equal(tw_general_decide(g, s, o), TW_OK);
	tw_general_free(g);
	return o;
}

static void assert_shot(const tw_order *o, int shooter, int target)
{
	assert_int_equal(o->type, LL_OT_SHOOT);
	assert_int_equal(o->fig[0], shooter);
	assert_int_equal(o->fig2[0], target);
}

// Cites: SP.D2
// Rule 1, never attack a current ally: the earl's archer Dag has the outlaw's Nial 8.2 in away and
// the thane's Rolf 11.2 in away. With the outlaw an enemy he shoots Nial (the nearest man of the
// strongest enemy player, 96 points); with the outlaw come over to the crown in negotiation (SP.4)
// he shoots Rolf and never Nial, though Nial is nearer.
static void test_SP_D2_six_general_never_attacks_an_ally(void **st)
{
	(void)st;
	for (int turned = 0; turned < 2; turned++) {
		const int def[] = {OUTLAW, -1}, none[] = {-1};
		tw_state *s = six_in_play(turned ? def : none);
		put(s, DAG, 30, 20);
		put(s, NIAL, 28, 28);
		put(s, ROLF, 32, 31);
		tw_order *o = ask(s, EARL);
		assert_shot(o, DAG, turned ? ROLF : NIAL);
		free(o);
		six_done(s);
	}
	// The same for a charge (the rules would let a man walk into contact with an ally): the earl's
	// Brand can reach Nial (2.5 in) and the reeve's Vigi (3.2 in); with the outlaw an ally he
	// charges Vigi, else Nial (the outlaw is then the strongest enemy player).
	for (int turned = 0; turned < 2; turned++) {
		const int def[] = {OUTLAW, -1}, none[] = {-1};
		tw_state *s = six_in_play(turned ? def : none);
		kill(s, DAG);
		put(s, BRAND, 20, 20);
		put(s, NIAL, 20, 23.5);
		put(s, 21, 23, 23); // the reeve's Vigi
		tw_order *o = ask(s, EARL);
		assert_int_equal(o->type, LL_OT_MOVE);
		assert_int_equal(o->nfig, 1);
		assert_int_equal(o->fig[0], BRAND);
		llt_ok(s, o);
		assert_true(ll_engaged(s, BRAND, turned ? 21 : NIAL));
		assert_false(ll_engaged(s, BRAND, turned ? NIAL : 21));
		six_done(s);
	}
}

// Cites: SP.D4
// Rule 2, turn on the strongest: the outlaw is down to Nial (24 points), the thane has all his 92:
// Dag shoots the thane's Rolf, farther than Nial (both spearmen at medium range: the strongest
// enemy player's man counts a quarter more). Then the baron (116) goes over to the rebels at the
// start of the crown's turn (SP.D2): he is the strongest enemy now, and Dag shoots the baron's
// archer Hakon, 16.6 in away, rather than his spearman Edda at 14.3 (h6-six: no shield, the most
// points expected).
static void test_SP_D4_six_general_turns_on_the_strongest(void **st)
{
	(void)st;
	tw_state *s = six_in_play(NULL);
	put(s, DAG, 30, 20);
	put(s, NIAL, 28, 28);
	put(s, ROLF, 32, 31);
	kill(s, MORD);
	kill(s, OFFA);
	kill(s, PENDA);
	tw_order *o = ask(s, EARL);
	assert_shot(o, DAG, ROLF);
	free(o);
	llt_ok(s, llt_order(LL_OT_DEFECT, BARON));
	assert_int_equal(ll_gen_sp_strongest_enemy(s, EARL), BARON);
	o = ask(s, EARL);
	assert_shot(o, DAG, HAKON);
	free(o);
	six_done(s);
}

// Cites: SP.D2
// Rule 3, changing sides: the crown is down to 96 points in good order against the rebels' 250.
// The baron (not commanding, not leading the turn, nothing done yet) goes over; the same position
// after he has moved a man, after he has changed sides once already, or with his camp not losing
// badly (212 to 250), he does not.
static void test_SP_D2_six_general_changes_sides_by_the_rules(void **st)
{
	(void)st;
	for (int c = 0; c < 4; c++) {
		tw_state *s = six_in_play(NULL);
		const int dead[] = {BRAND, CENRIC, IDA, JARL, KOL, LULLA, FINN, GYRTH, HAKON};
		for (int i = 0; i < (c == 3 ? 6 : 9); i++)
			kill(s, dead[i]);
		assert_int_equal(LLS(s, EARL)->commander, 1);
		if (c == 1) {
			tw_order *m = llt_order(LL_OT_MOVE, BARON);
			m->nfig = 1;
			m->fig[0] = EDDA;
			m->at[0] = tw_v2(33, 7);
			m->has_at = true;
			llt_ok(s, m);
		}
		if (c == 2)
			LLS(s, BARON)->defections = 1;
		tw_order *o = ask(s, BARON);
		if (c == 0)
			assert_int_equal(o->type, LL_OT_DEFECT);
		else
			assert_int_not_equal(o->type, LL_OT_DEFECT);
		free(o);
		six_done(s);
	}
}

// Cites: SP.6
// Rule 3 and SP.6: in negotiation the earl (133, the strongest player) and the sheriff have gone
// over to the rebels; the baron, alone in the crown with 116 against 383, would hand the earl the
// governorship by following: he stays and names himself commander. With the sheriff (down to 24)
// still in the crown he goes over.
static void test_SP_6_six_general_keeps_out_of_the_strongest_hands(void **st)
{
	(void)st;
	tw_state *s = six_at_start();
	llt_ok(s, llt_order(LL_OT_DEFECT, EARL));
	llt_ok(s, llt_order(LL_OT_DEFECT, SHERIFF));
	tw_order *o = ask(s, BARON);
	assert_int_equal(o->type, LL_OT_COMMAND);
	assert_int_equal(o->n, BARON);
	free(o);
	six_done(s);
	s = six_at_start();
	llt_ok(s, llt_order(LL_OT_DEFECT, EARL));
	kill(s, JARL);
	kill(s, KOL);
	kill(s, LULLA);
	o = ask(s, BARON);
	assert_int_equal(o->type, LL_OT_DEFECT);
	free(o);
	six_done(s);
}

// Plays the baron's part of the crown's turn with ll-six until it ends.
static void baron_turn(tw_state *s)
{
	for (int n = 0; n < 30; n++) {
		tw_order *o = ask(s, BARON);
		if (o->type == LL_OT_END) {
			free(o);
			return;
		}
		llt_ok(s, o);
	}
	fail_msg("the baron's turn did not end");
}

// Cites: SP.D3
// Rule 4, protect the leader: the baron's leader Edda could charge the thane's Rolf (3.5 in off,
// her move 5); she stays where she is while Finn, Gyrth and Hakon are in good order. With them
// fallen she is the baron's last man and charges.
static void test_SP_D3_six_general_keeps_its_leader_back(void **st)
{
	(void)st;
	for (int last = 0; last < 2; last++) {
		tw_state *s = six_in_play(NULL);
		put(s, EDDA, 33, 20);
		put(s, ROLF, 33, 24.5);
		if (last) {
			kill(s, FINN);
			kill(s, GYRTH);
			kill(s, HAKON);
		}
		tw_vec2 was = s->fig[EDDA].pos;
		baron_turn(s);
		if (last)
			assert_true(ll_engaged(s, EDDA, ROLF));
		else {
			assert_true(tw_dist(s->fig[EDDA].pos, was) < 1e-9);
			assert_false(ll_engaged(s, EDDA, ROLF));
		}
		six_done(s);
	}
}

// Cites: CA.1
// CA.1, CA.D1, CA.D4: the campaign through the rule set's series hooks from its first battle to
// its last, every seat played by a computer general: ll-three in battles 1-5 (three.json), ll-six
// in battle 6 (six.json). Each battle is prepared from the forces as they stand, played out to its
// end and recorded; the sixth ends the campaign with a winner.
static void test_CA_1_campaign_with_computer_generals(void **st)
{
	(void)st;
	tw_register_builtin();
	json_t *carry = json_object();
	// 20 points a commander (CA.D1 allows 10-150; 100 is the default): short battles for make test.
	json_t *cfg = json_pack("{s:[ssssss], s:i}", "sides", "earl", "baron", "sheriff", "outlaw", "thane", "reeve", "points", 20);
	tw_error err = {0};
	assert_int_equal(ll_series_start(carry, cfg, &err), TW_OK);
	for (int seq = 1; seq <= 6; seq++) {
		tw_state s0;
		memset(&s0, 0, sizeof s0);
		assert_int_equal(tw_state_load(&s0, seq < 6 ? "scenarios/lloyd/three.json" : "scenarios/lloyd/six.json", &err), TW_OK);
		if (ll_series_prepare(carry, seq, &s0, &err) != TW_OK)
			fail_msg("battle %d: %s: %s", seq, err.clause, err.message);
		tw_game *g = tw_game_new(&s0, (uint64_t)seq * 11, NULL, &err);
		assert_non_null(g);
		tw_general *gens[TW_MAX_SIDES] = {0};
		for (int k = 0; k < s0.nsides; k++) {
			gens[k] = tw_general_new(seq < 6 ? "ll-three" : "ll-six", &tw_ruleset_lloyd, k, (uint64_t)(seq * 10 + k));
			assert_non_null(gens[k]);
		}
		if (tw_play_out(g, gens, 200000, &err) != TW_OK)
			fail_msg("battle %d: %s", seq, err.message);
		const tw_state *fin = tw_game_state(g);
		assert_true(fin->over);
		fprintf(stderr, "battle %d: %s\n", seq, fin->winner >= 0 ? fin->sides[fin->winner].name : "drawn");
		bool over = false;
		assert_int_equal(ll_series_record(carry, seq, fin, &over, &err), TW_OK);
		assert_int_equal(over, seq == 6);
		assert_int_equal(json_array_size(json_object_get(carry, "battles")), seq);
		for (int k = 0; k < s0.nsides; k++)
			tw_general_free(gens[k]);
		tw_game_free(g);
		tw_state_free(&s0);
	}
	const char *w = json_string_value(json_object_get(carry, "winner"));
	assert_non_null(w); // CA.D4
	fprintf(stderr, "the campaign's winner: %s\n", w);
	json_decref(carry);
	json_decref(cfg);
}

// ll-gen2: the speed-ups (exact fast paths in the rules' checks and the general) leave play
// unchanged: whole games, computer v computer and random v random, end in the same state as before
// them (the final hashes pinned on the code before the change). LL_GEN_HASHES=1 prints them.
// Re-pinned on main after ll-gaps/ll-fin: FP.D2, FP.D3, TF.D1, DU.7 and IN.CARD.3 change play; the
// three ll-three games re-pinned again after ll-three's change to its play (wounded first, holding
// from half the turns when ahead). h5-three2's change leaves the three ll-three games (ll-three on
// both sides) unchanged: same hashes. h6-three (spearmen charging to their reach, the commander
// kept out of the fight) changes the three ll-three games: re-pinned (the others unchanged).
// h6-nq's doctrine re-pins the three ll-nq games (ll-nq on
// both sides); ll-three, ll-six and random are unchanged.
// s25-three2: ll-three's aims by expected points (NQ.ATK.5) change its seed 2 and 3 games: re-pinned.
// s26-three: ll-three's commander as a lure for the enemy's bows changes its three games: re-pinned.
// h6-six: six.json seed 3 pinned (ll-six's game there stalled
// before SP.5's hand-over and SP.D3's leader asked to the end, tests/test_ll_sp_end.c); ll-six
// seed 2 re-pinned (its earl falls and the baron now takes the crown's command).
static uint64_t play_hash(const char *path, const char *gen, uint64_t seed, bool libm)
{
	bool was = tw_math_use_libm(libm);
	tw_general *gens[TW_MAX_SIDES];
	tw_game *g = llt_game_with(path, gen, seed, gens);
	tw_game_set_libm_math(g, libm);
	tw_error err = {0};
	if (tw_play_out(g, gens, 200000, &err) != TW_OK)
		fail_msg("%s: %s", err.clause, err.message);
	uint64_t h = tw_state_hash(tw_game_state(g));
	llt_game_free(g, gens);
	tw_math_use_libm(was);
	return h;
}

static void test_ll_gen_play_unchanged_by_speedups(void **st)
{
	(void)st;
	static const struct {
		const char *path, *gen;
		uint64_t seed, hash;
	} pin[] = { // stop 36: re-pinned when the engine's math became its own (detmath.h)
		{"scenarios/lloyd/skirmish.json", "ll-nq", 1, 0xe8425efefa1df6c3ull},
		{"scenarios/lloyd/skirmish.json", "random", 1, 0x541c92d33fb763ebull},
		{"scenarios/lloyd/skirmish.json", "ll-nq", 2, 0x1550b2edf6b3bb03ull},
		{"scenarios/lloyd/skirmish.json", "random", 2, 0x3aad44d00f9fb2c1ull},
		{"scenarios/lloyd/skirmish.json", "ll-nq", 3, 0x2f4dbd73e970239dull},
		{"scenarios/lloyd/skirmish.json", "random", 3, 0x22c5c8c95c807e36ull},
		{"scenarios/lloyd/three.json", "ll-three", 1, 0x364bc68db6b3d153ull},
		{"scenarios/lloyd/three.json", "random", 1, 0xb8d43fb6d2da2048ull},
		{"scenarios/lloyd/three.json", "ll-three", 2, 0x5c8ac4ba391be1d8ull},
		{"scenarios/lloyd/three.json", "random", 2, 0xf6278418b1f84519ull},
		{"scenarios/lloyd/three.json", "ll-three", 3, 0x33d978ee7b624f60ull},
		{"scenarios/lloyd/three.json", "random", 3, 0x104b48d26705ea8full},
		{"scenarios/lloyd/six.json", "ll-six", 1, 0xbcab637b0e2c6858ull},
		{"scenarios/lloyd/six.json", "random", 1, 0x5154ecb941a8d3f1ull},
		{"scenarios/lloyd/six.json", "ll-six", 2, 0xcbc55605c5b7e5bcull},
		{"scenarios/lloyd/six.json", "random", 2, 0xb9f11c81bf4e7ef5ull},
		{"scenarios/lloyd/six.json", "ll-six", 3, 0x7386e56341594c39ull},
		{"scenarios/lloyd/six.json", "random", 3, 0xfd8844f1de73b835ull},
	};
	// The same games played with the C library's math functions (tw_math_use_libm and the game's,
	// as a log from before stop 36 replays): the hashes pinned before then, to the bit.
	static const struct {
		const char *path, *gen;
		uint64_t seed, hash;
	} pin_libm[] = {
		{"scenarios/lloyd/skirmish.json", "ll-nq", 1, 0x31a94be2be22abd3ull},
		{"scenarios/lloyd/skirmish.json", "random", 1, 0x0687e1e5215d160dull},
		{"scenarios/lloyd/skirmish.json", "ll-nq", 2, 0x1550b2edf6b3bb03ull},
		{"scenarios/lloyd/skirmish.json", "random", 2, 0x119e0829cb533b63ull},
		{"scenarios/lloyd/skirmish.json", "ll-nq", 3, 0xee7e6c033b6cc585ull},
		{"scenarios/lloyd/skirmish.json", "random", 3, 0x25b09d7887468c52ull},
		{"scenarios/lloyd/three.json", "ll-three", 1, 0xdd3b0afb5dc3ccf2ull},
		{"scenarios/lloyd/three.json", "random", 1, 0x2c9e3d4721d54b49ull},
		{"scenarios/lloyd/three.json", "ll-three", 2, 0x7b0787f7e02a4ee9ull},
		{"scenarios/lloyd/three.json", "random", 2, 0xf6278418b1f84519ull},
		{"scenarios/lloyd/three.json", "ll-three", 3, 0xbe27337fa48f98d9ull},
		{"scenarios/lloyd/three.json", "random", 3, 0xf09ef295fc1ef76full},
		{"scenarios/lloyd/six.json", "ll-six", 1, 0x4d19a12f9769348bull},
		{"scenarios/lloyd/six.json", "random", 1, 0x6a8f3fefdd41e0e4ull},
		{"scenarios/lloyd/six.json", "ll-six", 2, 0xcbc55605c5b7e5bcull},
		{"scenarios/lloyd/six.json", "random", 2, 0xb9f11c81bf4e7ef5ull},
		{"scenarios/lloyd/six.json", "ll-six", 3, 0x65aeb873ef627392ull},
		{"scenarios/lloyd/six.json", "random", 3, 0x232e80b4b9b706f9ull},
	};
	static const char *const paths[] = {"scenarios/lloyd/skirmish.json", "scenarios/lloyd/three.json", "scenarios/lloyd/six.json"};
	static const char *const gens[] = {"ll-nq", "ll-three", "ll-six"};
	if (getenv("LL_GEN_HASHES")) {
		for (int i = 0; i < 3; i++)
			for (uint64_t seed = 1; seed <= 3; seed++)
				for (int r = 0; r < 2; r++)
					printf("\t\t{\"%s\", \"%s\", %d, 0x%016llxull},\n", paths[i], r ? "random" : gens[i], (int)seed,
					       (unsigned long long)play_hash(paths[i], r ? "random" : gens[i], seed, false));
		return;
	}
	for (size_t i = 0; i < sizeof pin / sizeof pin[0]; i++)
		assert_int_equal(play_hash(pin[i].path, pin[i].gen, pin[i].seed, false), pin[i].hash);
	for (size_t i = 0; tw_test_libm_era() && i < sizeof pin_libm / sizeof pin_libm[0]; i++)
		assert_int_equal(play_hash(pin_libm[i].path, pin_libm[i].gen, pin_libm[i].seed, true), pin_libm[i].hash);
}

// ll-gen2: the exact fast paths agree with the plain readings at every decision of whole games
// (random v random, so that melees, snap shots and every phase occur): ll_engaged and ll_in_melee
// with ll_engaged_plain and ll_in_melee_plain for every pair; ll_shot_ok (with the shooter's
// freedom unknown, and given) and ll_validate_shoot(..., NULL) with ll_validate_shoot(..., &err) for
// every shooter and target of every side; the decisions' prompt with snprintf's.
static void check_fast_paths(const tw_state *s, int *shots_ok)
{
	tw_order *o = calloc(1, sizeof *o);
	assert_non_null(o);
	for (int a = 0; a < s->nfig; a++) {
		assert_int_equal(ll_in_melee(s, a), ll_in_melee_plain(s, a));
		for (int b = 0; b < s->nfig; b++)
			assert_int_equal(ll_engaged(s, a, b), ll_engaged_plain(s, a, b));
	}
	for (int side = 0; side < s->nsides; side++)
		for (int f = 0; f < s->nfig; f++) {
			int free_f = ll_fights(s, f) ? ll_shooter_free(s, f) : -1;
			for (int t = 0; t < s->nfig; t++) {
				tw_order_init(o, LL_OT_SHOOT, side);
				o->nfig = o->nfig2 = 1;
				o->fig[0] = f;
				o->fig2[0] = t;
				tw_error err = {0};
				bool ok = ll_validate_shoot(s, o, &err) == TW_OK;
				assert_int_equal(ll_validate_shoot(s, o, NULL) == TW_OK, ok);
				assert_int_equal(ll_shot_ok(s, side, f, t, -1), ok);
				if (free_f >= 0 && s->fig[f].side == side)
					assert_int_equal(ll_shot_ok(s, side, f, t, free_f), ok);
				*shots_ok += ok;
			}
		}
	tw_decision d[TW_MAX_DECISIONS];
	if (!LL_FP(s) && !LLG(s)->sp && s->phase == LL_PH_MOVE && tw_ruleset_lloyd.decisions(s, d, TW_MAX_DECISIONS) == 1) {
		char want[96];
		snprintf(want, sizeof want, "turn %d: move and shoot, then end", LLG(s)->turn);
		assert_string_equal(d[0].prompt, want);
	}
	free(o);
}

static void test_ll_gen_fast_paths_agree(void **st)
{
	(void)st;
	tw_register_builtin();
	static const char *const paths[] = {"scenarios/lloyd/skirmish.json", "scenarios/lloyd/six.json"};
	int shots_ok = 0, states = 0;
	for (int i = 0; i < 2; i++) {
		tw_state s0;
		memset(&s0, 0, sizeof s0);
		tw_error err = {0};
		if (tw_state_load(&s0, paths[i], &err) != TW_OK)
			fail_msg("%s: %s", err.clause, err.message);
		for (uint64_t seed = 1; seed <= 2; seed++) {
			tw_game *g = tw_game_new(&s0, seed, NULL, &err);
			assert_non_null(g);
			tw_general *gens[TW_MAX_SIDES] = {0};
			for (int k = 0; k < s0.nsides; k++)
				gens[k] = tw_general_new("random", &tw_ruleset_lloyd, k, seed * 7 + (uint64_t)k);
			tw_order *o = calloc(1, sizeof *o);
			assert_non_null(o);
			for (int step = 0; step < 20000 && !tw_game_state(g)->over; step++) {
				const tw_state *s = tw_game_state(g);
				if (step % 3 == 0) {
					check_fast_paths(s, &shots_ok);
					states++;
				}
				tw_decision d[TW_MAX_DECISIONS];
				int nd = tw_ruleset_lloyd.decisions(s, d, TW_MAX_DECISIONS);
				assert_true(nd > 0);
				int seat = d[0].seat;
				assert_int_equal(tw_general_decide(gens[seat], s, o), TW_OK);
				int first = 0, count = 0;
				if (tw_game_apply(g, o, &first, &count, &err) != TW_OK)
					fail_msg("%s: %s", err.clause, err.message);
			}
			free(o);
			for (int k = 0; k < s0.nsides; k++)
				tw_general_free(gens[k]);
			tw_game_free(g);
		}
		tw_state_free(&s0);
	}
	assert_true(shots_ok > 0); // the positions included legal shots
	if (getenv("LL_GEN_VERBOSE"))
		fprintf(stderr, "fast paths: %d states, %d legal shots\n", states, shots_ok);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_NQ_general_beats_random),
		cmocka_unit_test(test_TF_general_beats_random),
		cmocka_unit_test(test_SP_general_beats_random),
		cmocka_unit_test(test_SP_D2_six_general_never_attacks_an_ally),
		cmocka_unit_test(test_SP_D4_six_general_turns_on_the_strongest),
		cmocka_unit_test(test_SP_D2_six_general_changes_sides_by_the_rules),
		cmocka_unit_test(test_SP_6_six_general_keeps_out_of_the_strongest_hands),
		cmocka_unit_test(test_SP_D3_six_general_keeps_its_leader_back),
		cmocka_unit_test(test_CA_1_campaign_with_computer_generals),
		cmocka_unit_test(test_ll_gen_play_unchanged_by_speedups),
		cmocka_unit_test(test_ll_gen_fast_paths_agree),
	};
	if (getenv("LL_GEN_ONLY")) // h6-six: a cmocka filter, e.g. LL_GEN_ONLY='*SP_general*'
		cmocka_set_test_filter(getenv("LL_GEN_ONLY"));
	return cmocka_run_group_tests(tests, NULL, NULL);
}
