// s31: a general's order does not carry what its buffer held before. The facings of an order's men
// (tw_order.facing) are the part most generals leave alone; the shape check reads them. Before
// s31 an unset facing was the buffer's old bytes: a NaN had a Little Wars general's move refused
// (tw_play_out then ends that general's move), a finite one went into the game's log. Here two
// generals alike (same doctrine, seed and history) decide on the same states, one into a buffer
// of zeros and one into a buffer of 0xff bytes (NaNs): their orders must be byte for byte the same
// and accepted, on Little Wars' Hook's Farm and on Grant's meeting engagement.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/order_internal.h"
#include "tinwar/tinwar.h"

static void play_both_ways(const char *path, uint64_t seed, int *orders)
{
	tw_error err;
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	assert_int_equal(tw_state_load(&sc, path, &err), TW_OK);
	tw_game *g = tw_game_new(&sc, seed, tw_shot_model_fast(), &err);
	assert_non_null(g);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *a[2], *b[2];
	for (int k = 0; k < 2; k++) {
		a[k] = tw_general_new("default", rs, k, seed);
		b[k] = tw_general_new("default", rs, k, seed);
		assert_non_null(a[k]);
		assert_non_null(b[k]);
	}
	tw_order *oa = malloc(sizeof *oa), *ob = malloc(sizeof *ob);
	assert_non_null(oa);
	assert_non_null(ob);
	for (int n = 0; n < 600 && !tw_game_state(g)->over; n++) {
		const tw_state *s = tw_game_state(g);
		tw_decision d[TW_MAX_DECISIONS];
		assert_true(tw_state_decisions(s, d, TW_MAX_DECISIONS) > 0);
		int side = d[0].seat;
		assert_true(side == 0 || side == 1);
		memset(oa, 0, sizeof *oa);
		memset(ob, 0xff, sizeof *ob);
		assert_int_equal(tw_general_decide(a[side], s, oa), TW_OK);
		assert_int_equal(tw_general_decide(b[side], s, ob), TW_OK);
		size_t na = tw_order_packed_size(oa), nb = tw_order_packed_size(ob);
		assert_int_equal(na, nb);
		unsigned char *pa = malloc(na), *pb = malloc(nb);
		assert_non_null(pa);
		assert_non_null(pb);
		tw_order_pack(pa, oa);
		tw_order_pack(pb, ob);
		if (memcmp(pa, pb, na) != 0)
			print_error("%s, order %d (type %d, %d men): the buffer's old bytes came through\n", path, n, oa->type,
				    oa->nfig);
		assert_memory_equal(pa, pb, na);
		free(pa);
		free(pb);
		tw_status st = tw_game_apply(g, ob, NULL, NULL, &err);
		if (st != TW_OK)
			print_error("%s, order %d refused: %s\n", path, n, err.message);
		assert_int_equal(st, TW_OK);
		(*orders)++;
	}
	free(oa);
	free(ob);
	for (int k = 0; k < 2; k++) {
		tw_general_free(a[k]);
		tw_general_free(b[k]);
	}
	tw_game_free(g);
	tw_state_free(&sc);
}

static void test_general_orders_do_not_carry_old_bytes(void **st)
{
	(void)st;
	int orders = 0;
	play_both_ways(TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", 5, &orders);
	play_both_ways(TW_SOURCE_DIR "/scenarios/grant/meeting.json", 5, &orders);
	print_message("%d orders alike\n", orders);
	assert_true(orders >= 200);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_general_orders_do_not_carry_old_bytes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
