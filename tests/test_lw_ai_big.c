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

#include "rules/littlewars/lw.h"
#include "rules/littlewars/lw_boxes.h"
#include "scene.h"

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
		if (e->type == TW_EV_MOVE && strcmp(e->clause, "LW.BIG.2") == 0)
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
	int n = getenv("TW_BIG_GAMES") ? atoi(getenv("TW_BIG_GAMES")) : 40;
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

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_LW_BIG_2_big_general_beats_random_38_of_40),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
