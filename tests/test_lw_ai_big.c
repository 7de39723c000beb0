// Computer generals for the large Country (issue 18; LW.BIG.1-7): lw-big boxes its troops far
// from the enemy and moves the boxes at the multiplied rate (LW.BIG.1/2/7), screens them with
// cavalry scouts that open the enemy's boxes (LW.BIG.3), sets its men out when the enemy is near,
// brings its waggons after the men (LW.BIG.5), and fights with lw-default. It must beat a random
// player in at least 38 of 40 games on a generated large Country (360 x 240 in, treble moves).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "rules/littlewars/lw.h"
#include "rules/littlewars/lw_boxes.h"
#include "scene.h"
#include "test_scale.h"

typedef struct big_tally {
	int boxes, box_moves, reveals, unboxes;
} big_tally;

// The large Country: a generated 30 x 20 ft Country with treble moves closing at 12 ft (LW.BIG.1).
static void large_country(tw_state *sc, uint64_t seed)
{
	memset(sc, 0, sizeof *sc);
	tw_error err;
	assert_int_equal(tw_scenario_generate(sc, "littlewars", seed, 360, getenv("TW_BIG_DEPTH") ? atof(getenv("TW_BIG_DEPTH")) : 480, &err), TW_OK);
	LWG(sc)->big_mult = 3;
	LWG(sc)->big_close_ft = 12;
	sc->params[LWP_MAX_MOVES] = 400; // the engine's limit, for a Country of 30 x 40 ft
}

static int play(uint64_t seed, int ai_side, const char *doctrine, big_tally *t)
{
	tw_state sc;
	large_country(&sc, seed);
	tw_error err;
	tw_game *g = tw_game_new(&sc, seed, NULL, &err);
	assert_non_null(g);
	tw_game_set_undo(g, false);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2];
	gens[ai_side] = tw_general_new(doctrine, rs, ai_side, seed);
	gens[1 - ai_side] = tw_general_new("random", rs, 1 - ai_side, seed);
	assert_non_null(gens[0]);
	assert_non_null(gens[1]);
	assert_int_equal(tw_play_out(g, gens, 2000000, &err), TW_OK);
	const tw_events *ev = tw_game_events(g);
	for (int i = 0; i < ev->n; i++) {
		const tw_event *e = &ev->v[i];
		if (e->side != ai_side)
			continue;
		if (e->type == TW_EV_INFO && strcmp(e->clause, "LW.BIG.4") == 0)
			t->boxes++;
		// A box's move is an info event (s33-draw: TW_EV_MOVE is a figure's; it was one before).
		if (e->type == TW_EV_INFO && strcmp(e->clause, "LW.BIG.2") == 0 && strstr(e->text, "'s box "))
			t->box_moves++;
		if (e->type == TW_EV_REVEAL && strstr(e->text, "scout"))
			t->reveals++;
		if (e->type == TW_EV_REVEAL && !strstr(e->text, "scout"))
			t->unboxes++;
	}
	int w = tw_game_state(g)->winner;
	if (getenv("TW_VERBOSE")) {
		const tw_state *f = tw_game_state(g);
		int fr[2] = {0, 0}, bx[2] = {0, 0};
		double my[2] = {0, 0};
		for (int i = 0; i < f->nfig; i++) {
			fr[f->fig[i].side] += lw_is_free(&f->fig[i]);
			if (lw_is_free(&f->fig[i]))
				my[f->fig[i].side] += f->fig[i].pos.y;
			bx[f->fig[i].side] += lw_is_boxed(f, &f->fig[i]);
		}
		printf("  move %d: free %d/%d (mean y %.0f/%.0f) boxed %d/%d variety %g, last event %s %s\n", f->move_no, fr[0], fr[1],
		       my[0] / (fr[0] ? fr[0] : 1), my[1] / (fr[1] ? fr[1] : 1), bx[0], bx[1], f->params[LWP_VARIETY],
		       ev->n ? ev->v[ev->n - 1].clause : "", ev->n ? ev->v[ev->n - 1].text : "");
	}
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	tw_state_free(&sc);
	return w;
}

static void test_LW_BIG_2_big_general_beats_random_38_of_40(void **st)
{
	(void)st;
	const char *doc = getenv("TW_BIG_DOCTRINE") ? getenv("TW_BIG_DOCTRINE") : "lw-big";
	// Under the sanitizers seeds 1-8 (both sides), of which 95% (all 8) (test_scale.h).
	int n = getenv("TW_BIG_GAMES") ? atoi(getenv("TW_BIG_GAMES")) : tw_test_count(40, 5, 8);
	int wins = 0;
	big_tally t = {0};
	for (uint64_t seed = 1; seed <= (uint64_t)n; seed++) {
		int side = (int)(seed % 2);
		int w = play(seed, side, doc, &t);
		wins += w == side;
		if (getenv("TW_VERBOSE"))
			printf("seed %d side %d winner %d\n", (int)seed, side, w);
	}
	printf("%s beat random in %d of %d large-Country games (boxes %d, box moves %d, set out %d)\n", doc, wins, n, t.boxes,
	       t.box_moves, t.unboxes);
	assert_true(wins * 40 >= 38 * n);
}

// A 50 x 33 ft table: red's six infantry (ids 0-5) at y 20, a red cavalryman (6) at y 20;
// blue's cavalryman (7) and six infantry (8-13) at y 380. Red to move, treble moves.
static tw_state *country(void)
{
	tw_state *s = tw_test_lw_state(600, 400, 3, 0);
	LWG(s)->draw_at = 1;
	LWG(s)->big_mult = 3;
	tw_test_row(s, 0, TW_FK_INFANTRY, 6, 100, 20, 1.25);
	tw_test_man(s, 0, TW_FK_CAVALRY, 300, 20);
	tw_test_man(s, 1, TW_FK_CAVALRY, 100, 380);
	tw_test_row(s, 1, TW_FK_INFANTRY, 6, 300, 380, 1.25);
	return s;
}

// LW.BIG.3 (reading): the owner sets a box's men out himself, in his move, where it stands;
// they have moved for this move. A box he does not have is refused, the state unchanged.
static void test_LW_BIG_3_unbox_sets_the_men_out(void **state)
{
	(void)state;
	tw_state *s = country();
	tw_error err = {0};
	tw_order *b = tw_test_order(LW_OT_BOX, 0);
	for (int i = 0; i < 4; i++)
		b->fig[b->nfig++] = i;
	assert_int_equal(tw_test_apply(s, b, &err), TW_OK);
	tw_order *u = tw_test_order(LW_OT_UNBOX, 0);
	u->n = 1;
	tw_test_expect_refused(s, u, "LW.BIG.3");
	u->n = 0;
	tw_order *m = tw_test_order(LW_OT_MOVE, 0);
	m->nfig = 1;
	m->fig[0] = 0;
	m->at[0] = tw_v2(101.875, 24);
	m->has_at = true;
	assert_int_equal(tw_test_apply(s, u, &err), TW_OK);
	assert_int_equal(LWS(s, 0)->nbox, 0);
	for (int i = 0; i < 4; i++) {
		assert_int_equal(s->fig[i].status, TW_FS_ACTIVE);
		assert_int_equal(LWF(s, &s->fig[i])->box, -1);
		assert_int_equal(s->fig[i].moved_in, s->move_no);
		assert_true(tw_dist(s->fig[i].pos, tw_v2(101.875, 20)) < 1.0); // the box's centre
	}
	// Set out this move: that was their move (LW.MOB.1: a man moves once a move).
	assert_int_not_equal(tw_test_apply(s, m, &err), TW_OK);
	tw_test_free(s);
}

// lw-big's first orders on a large Country with treble moves: it boxes its foot (its cavalry
// stays out as a scout), then moves the box 36 in (3 x 12 in, LW.BIG.1/2) towards blue, and its
// scout rides at an enemy box (LW.BIG.3); each order one the rules accept.
static void test_LW_BIG_2_big_general_boxes_and_scouts(void **state)
{
	(void)state;
	tw_state *s = country();
	tw_error err = {0};
	// Blue has boxed his infantry (blue's move before).
	s->mover = 1;
	tw_order *b = tw_test_order(LW_OT_BOX, 1);
	for (int i = 8; i < 14; i++)
		b->fig[b->nfig++] = i;
	assert_int_equal(tw_test_apply(s, b, &err), TW_OK);
	s->mover = 0;
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	tw_general *g = tw_general_new("lw-big", rs, 0, 7);
	assert_non_null(g);
	tw_order *o = malloc(sizeof *o);
	int boxes = 0, box_moves = 0, scout = 0;
	for (int k = 0; k < 6; k++) {
		assert_int_equal(tw_general_decide(g, s, o), TW_OK);
		if (o->type == LW_OT_END_MOVE)
			break;
		boxes += o->type == LW_OT_BOX;
		if (o->type == LW_OT_BOX) // the foot, not the scout
			for (int i = 0; i < o->nfig; i++)
				assert_int_equal(s->fig[o->fig[i]].kind, TW_FK_INFANTRY);
		if (o->type == LW_OT_BOX_MOVE) {
			box_moves++;
			tw_vec2 from = tw_v2(LWS(s, 0)->box_x[o->n], LWS(s, 0)->box_y[o->n]);
			assert_true(fabs(tw_dist(from, o->path[o->npath - 1]) - 36.0) < 1e-6);
		}
		if (o->type == LW_OT_MOVE && o->nfig == 1 && o->fig[0] == 6)
			scout++;
		assert_int_equal(tw_test_apply(s, o, &err), TW_OK);
	}
	assert_int_equal(boxes, 1);
	assert_int_equal(box_moves, 1);
	assert_int_equal(scout, 1);
	assert_true(s->fig[6].pos.y > 20.0); // the scout rode forward
	free(o);
	tw_general_free(g);
	tw_test_free(s);
}

// LW.BIG.5: a waggon far behind the men it feeds (more than half its six moves, 108 in at
// treble moves) walks towards their middle: 12 in, the waggon's pace.
static void test_LW_BIG_5_big_general_brings_the_waggons(void **state)
{
	(void)state;
	tw_state *s = country();
	tw_error err = {0};
	int w = tw_test_man(s, 0, TW_FK_WAGGON, 560, 20); // 14: 440 in from the men's middle
	s->fig[w].radius = 1.0;
	tw_general *g = tw_general_new("lw-big", tw_ruleset_get(s->ruleset), 0, 7);
	tw_order *o = malloc(sizeof *o);
	bool moved = false;
	for (int k = 0; k < 40 && !moved; k++) {
		assert_int_equal(tw_general_decide(g, s, o), TW_OK);
		if (o->type == LW_OT_END_MOVE)
			break;
		if (o->type == LW_OT_MOVE && o->nfig == 1 && o->fig[0] == w) {
			moved = true;
			assert_true(fabs(tw_dist(s->fig[w].pos, o->at[0]) - 12.0) < 1e-6);
			assert_true(o->at[0].x < 560.0);
		}
		assert_int_equal(tw_test_apply(s, o, &err), TW_OK);
	}
	assert_true(moved);
	free(o);
	tw_general_free(g);
	tw_test_free(s);
}

// LW.BIG.2 (lw-box): lw-big boxes a gun with its crew where it boxes men: red's gun 0 behind
// his six infantry (the four nearest within 6 in are its crew) goes in a box with those four
// first; the box moves at the men's pace x 3 (36 in), and blue's view has the gun nowhere.
static void test_LW_BIG_2_big_general_boxes_a_gun(void **state)
{
	(void)state;
	tw_state *s = country();
	tw_test_gun(s, 0, 103, 17, 0);
	tw_error err = {0};
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	tw_general *g = tw_general_new("lw-big", rs, 0, 7);
	assert_non_null(g);
	tw_order *o = malloc(sizeof *o);
	assert_int_equal(tw_general_decide(g, s, o), TW_OK);
	assert_int_equal(o->type, LW_OT_BOX);
	assert_int_equal(o->gun, 0);
	assert_int_equal(o->nfig, 4);
	assert_int_equal(tw_test_apply(s, o, &err), TW_OK);
	assert_int_equal(LWGN(s, &s->gun[0])->boxed, 1);
	bool moved = false;
	for (int k = 0; k < 8 && !moved; k++) {
		assert_int_equal(tw_general_decide(g, s, o), TW_OK);
		if (o->type == LW_OT_END_MOVE)
			break;
		if (o->type == LW_OT_BOX_MOVE && o->n == 0) {
			tw_vec2 from = tw_v2(LWS(s, 0)->box_x[0], LWS(s, 0)->box_y[0]);
			assert_true(fabs(tw_dist(from, o->path[o->npath - 1]) - 36.0) < 1e-6);
			moved = true;
		}
		assert_int_equal(tw_test_apply(s, o, &err), TW_OK);
	}
	assert_true(moved);
	assert_true(s->gun[0].axle.x == LWS(s, 0)->box_x[0] && s->gun[0].axle.y == LWS(s, 0)->box_y[0]);
	tw_state v;
	assert_int_equal(tw_state_view(&v, s, 1), TW_OK);
	assert_true(v.gun[0].axle.x == -1 && v.gun[0].axle.y == -1);
	tw_state_free(&v);
	free(o);
	tw_general_free(g);
	tw_test_free(s);
}

// s35 (LW.BIG.1, studies): a doctrine parameter reaches the general that fights on a large
// Country. lw-default plays as lw-big there and lw-big fights as lw-default; before, lw-big had no
// parameters and lw-default's stayed with lw-default, so `tinwar sim --vary red.advance=0,1` on a
// large Country played the same games for every value. Red's advance 0 (set on lw-default, or on
// lw-big itself) must change the game of 28 game moves, and both ways must give the same game.
static uint64_t big_game(const char *doctrine, const char *param, double v)
{
	tw_state sc;
	large_country(&sc, 1);
	sc.params[LWP_MAX_MOVES] = 28;
	tw_error err;
	tw_game *g = tw_game_new(&sc, 1, NULL, &err);
	assert_non_null(g);
	tw_game_set_undo(g, false);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new(doctrine, rs, 0, 1), tw_general_new(doctrine, rs, 1, 1)};
	assert_non_null(gens[0]);
	assert_non_null(gens[1]);
	if (param)
		assert_int_equal(tw_general_set_param(gens[0], param, v, &err), TW_OK);
	assert_int_equal(tw_play_out(g, gens, 2000000, &err), TW_OK);
	assert_int_equal(tw_game_state(g)->move_no, 28);
	uint64_t h = tw_state_hash(tw_game_state(g));
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	tw_state_free(&sc);
	return h;
}

static void test_LW_BIG_1_doctrine_parameters_reach_the_large_country(void **st)
{
	(void)st;
	uint64_t plain = big_game("lw-default", NULL, 0), held = big_game("lw-default", "advance", 0);
	assert_true(plain != held);
	assert_true(big_game("lw-big", "advance", 0) == held);
	assert_true(big_game("lw-big", NULL, 0) == plain);
	// A name lw-default does not have is refused, the refusal saying whose parameters they are.
	tw_general *g = tw_general_new("lw-big", tw_ruleset_get(tw_ruleset_find("littlewars")), 0, 1);
	assert_non_null(g);
	tw_error err = {0};
	assert_int_equal(tw_general_set_param(g, "bogus", 1, &err), TW_ERR_INPUT);
	assert_string_equal(err.message, "lw-default has no parameter 'bogus' (lw-big fights as lw-default)");
	assert_int_equal(tw_general_set_param(g, "advance", 2, &err), TW_ERR_INPUT); // advance lies in [0, 1]
	tw_general_free(g);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_LW_BIG_3_unbox_sets_the_men_out),
		cmocka_unit_test(test_LW_BIG_1_doctrine_parameters_reach_the_large_country),
		cmocka_unit_test(test_LW_BIG_2_big_general_boxes_and_scouts),
		cmocka_unit_test(test_LW_BIG_2_big_general_boxes_a_gun),
		cmocka_unit_test(test_LW_BIG_5_big_general_brings_the_waggons),
		cmocka_unit_test(test_LW_BIG_2_big_general_beats_random_38_of_40),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
