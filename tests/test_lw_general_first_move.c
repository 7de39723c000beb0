// s32 (issue 18): the computer general's first move counts from the back line (LW.MV.3). A
// group standing 1 in in front of its back line has 12 - 1 = 11 in to go on its first move;
// before s32 the general offered the whole block 0.95 x 12 = 11.4 in, which the rules refuse
// (11.4 + 1 > 12), and its men then went one at a time at three quarters of that (8.55 in).
// Now the block goes 0.95 x 11 = 10.45 in, all together, and is accepted.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rules/littlewars/lw.h"
#include "scene.h"

static void first_move_block(int side, double ahead)
{
	tw_state *s = tw_test_lw_state(96, 96, 1, side);
	double y = side == 0 ? ahead : 96 - ahead;
	int first = tw_test_row(s, side, TW_FK_INFANTRY, 6, 40, y, 2.0);
	tw_test_row(s, 1 - side, TW_FK_INFANTRY, 6, 40, side == 0 ? 94 : 2, 2.0); // far off: no charge
	tw_general *gen = tw_general_new("default", tw_ruleset_get(s->ruleset), side, 7);
	assert_non_null(gen);
	tw_order *o = calloc(1, sizeof *o);
	assert_non_null(o);
	assert_int_equal(tw_general_decide(gen, s, o), TW_OK);
	assert_int_equal(o->type, LW_OT_MOVE);
	assert_int_equal(o->nfig, 6); // the whole group in one order
	assert_true(o->has_at);
	int k0 = -1;
	for (int k = 0; k < o->nfig; k++)
		if (o->fig[k] == s->fig[first].id)
			k0 = k;
	assert_true(k0 >= 0);
	tw_vec2 d = tw_sub(o->at[k0], s->fig[first].pos);
	for (int k = 0; k < o->nfig; k++) { // a block: every man the same way and as far
		const tw_figure *f = tw_state_figure_c(s, o->fig[k]);
		assert_non_null(f);
		tw_vec2 dk = tw_sub(o->at[k], f->pos);
		assert_true(fabs(dk.x - d.x) < 1e-9 && fabs(dk.y - d.y) < 1e-9);
	}
	double len = tw_len(d);
	print_message("side %d, %.1f in ahead of the back line: the block goes %.2f in\n", side, ahead, len);
	// LW.MV.3: his move plus the inches ahead of the back line is within his 12 in...
	assert_true(len + ahead <= LW_INF_MOVE + 1e-9);
	// ...and the block uses it (0.95 of what is left, the general's full step); 8.55 before s32
	assert_true(len >= 0.95 * (LW_INF_MOVE - ahead) - 1e-6);
	tw_error err;
	assert_int_equal(tw_test_apply(s, o, &err), TW_OK);
	free(o);
	tw_general_free(gen);
	tw_test_free(s);
}

static void test_LW_MV_3_general_first_block_counts_from_the_back_line(void **st)
{
	(void)st;
	first_move_block(0, 1.0);
	first_move_block(1, 1.0);
	first_move_block(0, 2.5);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_LW_MV_3_general_first_block_counts_from_the_back_line),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
