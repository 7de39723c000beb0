// s31 (issue 18): the computer general on a table that changed. Little Wars' general keeps what
// it works out about the table from one decision to the next (the sight memo, the terrain index,
// the gun grids, the route field's passability grid); each must be made again when the table is
// not the one it was made for. Here a general that has played a game so far and a fresh one decide
// a whole move on the same state, whose table has just been changed (a wall laid across the field,
// or every house made a wood): they must give the same orders. Before s31 the route field kept the
// old table's passability (made once, while its grid size was set), and the two differed.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/order_internal.h"
#include "rules/littlewars/lw.h"
#include "tinwar/tinwar.h"

// A wall across the field at y, from x0 to x1 (1 in thick, 3 in high: the route field's cells
// are 2 in, and a cell is closed when its centre is within 0.6 in of the wall).
static void add_wall(tw_state *s, double y, double x0, double x1)
{
	tw_terrain w;
	memset(&w, 0, sizeof w);
	w.id = s->table.nterrain; // a piece's id is its index
	w.kind = TW_TER_WALL;
	w.shape = TW_SHAPE_POLY;
	w.nverts = 4;
	w.v[0] = tw_v2(x0, y - 0.5);
	w.v[1] = tw_v2(x1, y - 0.5);
	w.v[2] = tw_v2(x1, y + 0.5);
	w.v[3] = tw_v2(x0, y + 0.5);
	w.height = 3.0;
	snprintf(w.name, sizeof w.name, "test wall");
	assert_true(tw_table_add(&s->table, &w) >= 0);
}

// Orders from gens a and b on copies of s, one decision and one order at a time until the side's
// move ends (at most 200): the number that differed.
static int orders_differ(const tw_state *s, tw_general *a, tw_general *b, int side, int *asked)
{
	tw_error err;
	tw_game *ga = tw_game_new(s, 77, tw_shot_model_fast(), &err), *gb = tw_game_new(s, 77, tw_shot_model_fast(), &err);
	assert_non_null(ga);
	assert_non_null(gb);
	tw_order *oa = malloc(sizeof *oa), *ob = malloc(sizeof *ob);
	assert_non_null(oa);
	assert_non_null(ob);
	int differ = 0;
	int move = tw_game_state(ga)->move_no;
	for (int k = 0; k < 200 && !tw_game_state(ga)->over && tw_game_state(ga)->move_no == move; k++) {
		memset(oa, 0, sizeof *oa); // what the general leaves unset is compared too
		memset(ob, 0, sizeof *ob);
		assert_int_equal(tw_general_decide(a, tw_game_state(ga), oa), TW_OK);
		assert_int_equal(tw_general_decide(b, tw_game_state(gb), ob), TW_OK);
		assert_int_equal(oa->side, side);
		size_t na = tw_order_packed_size(oa), nb = tw_order_packed_size(ob);
		unsigned char *pa = malloc(na), *pb = malloc(nb);
		assert_non_null(pa);
		assert_non_null(pb);
		tw_order_pack(pa, oa);
		tw_order_pack(pb, ob);
		if (na != nb || memcmp(pa, pb, na) != 0) {
			print_error("decision %d of move %d: orders differ (types %d and %d, %d and %d men)\n", k, move, oa->type,
				    ob->type, oa->nfig, ob->nfig);
			for (int q = 0; q < oa->nfig || q < ob->nfig; q++)
				print_error("  %d: %d %d\n", q, q < oa->nfig ? oa->fig[q] : -1, q < ob->nfig ? ob->fig[q] : -1);
			print_error("  gun %d %d\n", oa->gun, ob->gun);
			differ++;
			free(pa);
			free(pb);
			break; // the games part here
		}
		free(pa);
		free(pb);
		(*asked)++;
		if (tw_game_apply(ga, oa, NULL, NULL, &err) != TW_OK || tw_game_apply(gb, ob, NULL, NULL, &err) != TW_OK)
			break;
	}
	free(oa);
	free(ob);
	tw_game_free(ga);
	tw_game_free(gb);
	return differ;
}

static void test_general_on_a_changed_table_decides_as_a_fresh_one(void **st)
{
	(void)st;
	tw_error err;
	int asked = 0, cases = 0;
	for (int c = 0; c < 6; c++) {
		tw_state sc;
		memset(&sc, 0, sizeof sc);
		assert_int_equal(tw_state_load(&sc, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
		uint64_t seed = 500 + (uint64_t)c;
		tw_game *g = tw_game_new(&sc, seed, tw_shot_model_fast(), &err);
		assert_non_null(g);
		const tw_ruleset *rs = tw_game_ruleset(g);
		tw_general *gens[2] = {tw_general_new("default", rs, 0, seed), tw_general_new("default", rs, 1, seed)};
		// Played until the start of a game move some way in (each general has built its
		// route fields on the table as it was).
		int want_move = 3 + c % 3;
		tw_order *o = calloc(1, sizeof *o);
		assert_non_null(o);
		for (int k = 0; k < 4000 && !tw_game_state(g)->over && tw_game_state(g)->move_no < want_move; k++) {
			const tw_state *s = tw_game_state(g);
			int side = -1;
			tw_decision d[TW_MAX_DECISIONS];
			if (tw_state_decisions(s, d, TW_MAX_DECISIONS) > 0)
				side = d[0].seat;
			assert_true(side == 0 || side == 1);
			memset(o, 0, sizeof *o);
			assert_int_equal(tw_general_decide(gens[side], s, o), TW_OK);
			assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
		}
		free(o);
		if (tw_game_state(g)->over) {
			tw_general_free(gens[0]);
			tw_general_free(gens[1]);
			tw_game_free(g);
			tw_state_free(&sc);
			continue;
		}
		tw_state s2;
		assert_int_equal(tw_state_clone(&s2, tw_game_state(g)), TW_OK);
		if (c % 2 == 0) { // a wall across the middle, a gap at one end
			add_wall(&s2, s2.table.depth * 0.5 + 1.0, c % 4 == 0 ? 6.0 : 0.0, s2.table.width - (c % 4 == 0 ? 0.0 : 6.0));
		} else { // every house made a wood (passable, the same outline)
			for (int i = 0; i < s2.table.nterrain; i++)
				if (s2.table.terrain[i].kind == TW_TER_HOUSE) {
					s2.table.terrain[i].kind = TW_TER_WOOD;
					tw_terrain_finish(&s2.table.terrain[i]);
				}
		}
		s2.table.rev++;
		tw_decision d[TW_MAX_DECISIONS];
		assert_true(tw_state_decisions(&s2, d, TW_MAX_DECISIONS) > 0);
		int side = d[0].seat;
		tw_general *fresh = tw_general_new("default", rs, side, seed);
		assert_int_equal(orders_differ(&s2, gens[side], fresh, side, &asked), 0);
		cases++;
		tw_general_free(fresh);
		tw_state_free(&s2);
		tw_general_free(gens[0]);
		tw_general_free(gens[1]);
		tw_game_free(g);
		tw_state_free(&sc);
	}
	print_message("%d changed tables, %d orders the same\n", cases, asked);
	assert_true(cases >= 4 && asked >= 4 * cases);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_general_on_a_changed_table_decides_as_a_fresh_one),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
