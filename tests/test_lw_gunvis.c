// Issue 18 (Scale), lw-perf2: the general's per-gun visibility grid (lw_gunvis.c) against tw_los
// over every piece, on Hook's Farm and on generated Countries (many pieces: woods, hills, houses),
// guns anywhere (on hill layers, inside woods, at vertices), places anywhere on the table
// (on cell edges and corners, on hill layers) and eye heights low and high; and the cell lists'
// promise itself: a blocking piece left off a cell's list meets no sight line from the gun into
// the cell (tw_los over that piece alone is clear at any heights). And the general's shortcuts
// (the gun grid, the place bound, the reach early-out) against the plain questions
// (lw_general_plain): the same games, to the last bit of the final state, on Hook's Farm and on
// Countries large enough for the grid.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rules/littlewars/lw.h"
#include "rules/littlewars/lw_gunvis.h"
#include "tinwar/io.h"
#include "test_scale.h"

static bool blocks_sight(const tw_terrain *t)
{
	return tw_terrain_is_solid((tw_terrain_kind)t->kind) || t->kind == TW_TER_HILL || t->kind == TW_TER_WOOD;
}

// A point of interest on table tb: anywhere, a cell corner or edge, a piece's vertex or centre.
static tw_vec2 some_point(tw_rng *r, const tw_table *tb)
{
	const double h = LW_GUNVIS_CELL;
	switch (tw_rng_below(r, 6)) {
	case 0: // a cell corner
		return tw_v2(h * tw_rng_below(r, (uint32_t)(tb->width / h) + 1), h * tw_rng_below(r, (uint32_t)(tb->depth / h) + 1));
	case 1: // on a cell edge
		return tw_v2(h * tw_rng_below(r, (uint32_t)(tb->width / h) + 1), tb->depth * tw_rng_unit(r));
	case 2: { // near a piece's vertex or on its rim
		const tw_terrain *t = &tb->terrain[tw_rng_below(r, (uint32_t)tb->nterrain)];
		tw_vec2 p = t->shape == TW_SHAPE_CIRCLE ? tw_add(t->center, tw_v2(t->radius, 0))
							  : t->v[tw_rng_below(r, (uint32_t)t->nverts)];
		if (tw_rng_below(r, 2))
			p = tw_add(p, tw_v2(0.02 * (tw_rng_unit(r) - 0.5), 0.02 * (tw_rng_unit(r) - 0.5)));
		return tw_v2(fmin(fmax(p.x, 0), tb->width), fmin(fmax(p.y, 0), tb->depth));
	}
	case 3: { // inside a piece's box
		const tw_terrain *t = &tb->terrain[tw_rng_below(r, (uint32_t)tb->nterrain)];
		tw_vec2 p = tw_v2(t->lo.x + (t->hi.x - t->lo.x) * tw_rng_unit(r), t->lo.y + (t->hi.y - t->lo.y) * tw_rng_unit(r));
		return tw_v2(fmin(fmax(p.x, 0), tb->width), fmin(fmax(p.y, 0), tb->depth));
	}
	default: return tw_v2(tb->width * tw_rng_unit(r), tb->depth * tw_rng_unit(r));
	}
}

// n questions from ng guns on tb: lw_gunvis_sight's answer is tw_los's, and every blocking piece
// off a cell's list is clear of the line at any heights. Counts the blocked answers.
static int check_table(const tw_table *tb, tw_rng *r, int ng, int n, int *listed)
{
	lw_gunvis v;
	memset(&v, 0, sizeof v);
	lw_sight_memo m;
	memset(&m, 0, sizeof m);
	lw_sight_begin(&m, tb);
	tw_vec2 *gun = malloc((size_t)ng * sizeof *gun);
	for (int g = 0; g < ng; g++)
		gun[g] = some_point(r, tb);
	int blocked = 0;
	for (int q = 0; q < n; q++) {
		int g = (int)tw_rng_below(r, (uint32_t)ng);
		if (q % 97 == 0)
			gun[g] = some_point(r, tb); // a gun moves: its cells are listed afresh
		tw_vec2 b = some_point(r, tb);
		double za = 3.5 * tw_rng_unit(r), zb = 3.5 * tw_rng_unit(r);
		bool want = tw_los(tb, gun[g], za, b, zb);
		bool got = lw_gunvis_sight(&v, &m, tb, g, gun[g], za, b, zb);
		if (want != got)
			fail_msg("gun %d at (%.17g, %.17g) z %g, place (%.17g, %.17g) z %g: tw_los %d, grid %d", g, gun[g].x,
				 gun[g].y, za, b.x, b.y, zb, want, got);
		blocked += !want;
		if (q % 8 == 0) {
			const int32_t *list;
			int nl = lw_gunvis_cell_list(&v, tb, g, gun[g], b, &list);
			// every place on the table within the reach of the gun is served
			if (fabs(b.x - gun[g].x) <= LW_GUNVIS_REACH && fabs(b.y - gun[g].y) <= LW_GUNVIS_REACH)
				assert_true(nl >= 0);
			if (nl < 0)
				continue;
			*listed += nl;
			for (int k = 0, j = 0; k < tb->nterrain; k++) {
				if (j < nl && list[j] == k) {
					j++;
					continue;
				}
				if (!blocks_sight(&tb->terrain[k]))
					continue;
				int32_t one = k;
				assert_int_equal(tw_los_blocker_among(tb, gun[g], -100.0, b, -100.0, &one, 1), -1);
			}
		}
	}
	free(gun);
	lw_gunvis_free(&v);
	lw_sight_reset(&m);
	return blocked;
}

static void test_gunvis_matches_los_hooks_farm(void **st)
{
	(void)st;
	tw_state s;
	memset(&s, 0, sizeof s);
	tw_error err;
	assert_int_equal(tw_state_load(&s, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
	tw_rng r;
	tw_rng_seed(&r, 1802);
	int listed = 0, n = tw_test_count(200000, 4, 20000); // under the sanitizers a quarter (test_scale.h)
	int blocked = check_table(&s.table, &r, 6, n, &listed);
	print_message("Hook's Farm: %d of %d lines blocked, %d pieces listed\n", blocked, n, listed);
	assert_true(blocked > n / 100 && blocked < n / 20 * 19);
	tw_state_free(&s);
}

static void test_gunvis_matches_los_country(void **st)
{
	(void)st;
	tw_rng r;
	tw_rng_seed(&r, 1803);
	for (int seed = 1; seed <= 4; seed++) {
		tw_state s;
		memset(&s, 0, sizeof s);
		tw_error err;
		assert_int_equal(tw_scenario_generate(&s, "littlewars", (uint64_t)seed * 7, seed % 2 ? 288 : 576, 192, &err),
				 TW_OK);
		int listed = 0, n = tw_test_count(60000, 4, 6000);
		int blocked = check_table(&s.table, &r, 8, n, &listed);
		print_message("Country %d (%d pieces): %d of %d lines blocked, %d pieces listed\n", seed, s.table.nterrain,
			      blocked, n, listed);
		assert_true(blocked > n / 100);
		tw_state_free(&s);
	}
}

// The table changes (a piece added): the grid, cleared as the general clears it when the memo
// finds another table, answers for the new table.
static void test_gunvis_follows_the_table(void **st)
{
	(void)st;
	tw_state s;
	memset(&s, 0, sizeof s);
	tw_error err;
	assert_int_equal(tw_state_load(&s, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
	lw_gunvis v;
	memset(&v, 0, sizeof v);
	lw_sight_memo m;
	memset(&m, 0, sizeof m);
	assert_false(lw_sight_begin(&m, &s.table));
	tw_vec2 a = tw_v2(30, 3.5), b = tw_v2(30, 20);
	assert_true(tw_los(&s.table, a, 1.5, b, 1.0));
	assert_true(lw_gunvis_sight(&v, &m, &s.table, 0, a, 1.5, b, 1.0));
	// A house across the line.
	tw_terrain *t = &s.table.terrain[8]; // the cottage, moved
	assert_string_equal(t->name, "cottage");
	tw_vec2 d = tw_v2(28 - t->lo.x, 10 - t->lo.y);
	for (int i = 0; i < t->nverts; i++)
		t->v[i] = tw_add(t->v[i], d);
	tw_terrain_finish(t);
	assert_false(tw_los(&s.table, a, 1.5, b, 1.0));
	assert_false(lw_sight_begin(&m, &s.table)); // another table
	lw_gunvis_clear(&v);
	assert_false(lw_gunvis_sight(&v, &m, &s.table, 0, a, 1.5, b, 1.0));
	lw_gunvis_free(&v);
	lw_sight_reset(&m);
	tw_state_free(&s);
}

// A game of lw-default v lw-default played out (with the general's shortcuts or without): the
// final state's hash and the game move it ended in.
static uint64_t play_game(const tw_state *sc, uint64_t seed, bool plain, int *moves)
{
	tw_error err;
	lw_general_plain = plain;
	tw_game *g = tw_game_new(sc, seed, tw_shot_model_fast(), &err);
	assert_non_null(g);
	tw_game_set_undo(g, false);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new("default", rs, 0, seed), tw_general_new("default", rs, 1, seed + 7)};
	assert_int_equal(tw_play_out(g, gens, 200000, &err), TW_OK);
	const tw_state *f = tw_game_state(g);
	uint64_t h = tw_state_hash(f);
	*moves = f->move_no;
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	lw_general_plain = false;
	return h;
}

static void test_general_shortcuts_match_plain(void **st)
{
	(void)st;
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	assert_int_equal(tw_state_load(&sc, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
	for (uint64_t seed = 40; seed < 40 + (uint64_t)tw_test_count(4, 2, 1); seed++) {
		int m0, m1;
		uint64_t a = play_game(&sc, seed, false, &m0), b = play_game(&sc, seed, true, &m1);
		assert_int_equal(m0, m1);
		assert_true(a == b);
	}
	tw_state_free(&sc);
	for (int k = 0; k < 2; k++) {
		memset(&sc, 0, sizeof sc);
		assert_int_equal(tw_scenario_generate(&sc, "littlewars", 14 + (uint64_t)k, 576, 192, &err), TW_OK);
		assert_true(sc.table.nterrain >= LW_GUNVIS_MIN_PIECES); // the grid is used
		sc.params[LWP_MAX_MOVES] = 14;
		int m0, m1;
		uint64_t a = play_game(&sc, 50 + (uint64_t)k, false, &m0), b = play_game(&sc, 50 + (uint64_t)k, true, &m1);
		print_message("Country %d (%d pieces, %d men): %d game moves\n", k, sc.table.nterrain, sc.nfig, m0);
		assert_int_equal(m0, m1);
		assert_true(a == b);
		tw_state_free(&sc);
	}
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gunvis_matches_los_hooks_farm),
		cmocka_unit_test(test_gunvis_matches_los_country),
		cmocka_unit_test(test_gunvis_follows_the_table),
		cmocka_unit_test(test_general_shortcuts_match_plain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
