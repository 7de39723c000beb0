// s30 (issue 18): the general's list of a gun's men in range and sight, kept within a move
// (src/rules/littlewars/lw_ai_gunsight.c). The list holds while the gun, the move and every enemy
// free man are as they were when it was made; a man who fell since is passed over by the caller,
// any other change lists afresh. Whole games with it and without (lw_general_plain) end the same
// (test_lw_gunvis.c's test_general_shortcuts_match_plain); here each rule of "holds".
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rules/littlewars/lw.h"
#include "rules/littlewars/lw_ai_gunsight.h"
#include "tinwar/tinwar.h"

static void test_lw_gunsight_holds_while_nothing_moves(void **st)
{
	(void)st;
	tw_state s;
	memset(&s, 0, sizeof s);
	tw_error err;
	assert_int_equal(tw_state_load(&s, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
	assert_true(s.ngun > 0);
	const tw_gun *g = &s.gun[0];
	int side = g->side;
	for (int i = 0; i < s.nfig; i++)
		s.fig[i].status = TW_FS_ACTIVE; // every man free on the table
	int enemy = -1, own = -1;
	for (int i = 0; i < s.nfig; i++) {
		if (s.fig[i].side != side && enemy < 0)
			enemy = i;
		if (s.fig[i].side == side && own < 0)
			own = i;
	}
	assert_true(enemy >= 0 && own >= 0);
	lw_gunsight gs;
	memset(&gs, 0, sizeof gs);
	double z0 = 1.25;
	assert_false(lw_gunsight_holds(&gs, &s, g, side, z0)); // nothing listed
	assert_true(lw_gunsight_begin(&gs, &s, g, side, z0));
	lw_gunsight_add(&gs, enemy, 30.0);
	assert_int_equal(gs.n, 1);
	assert_true(lw_gunsight_holds(&gs, &s, g, side, z0));

	// An enemy man falls: it still holds (the caller passes over the fallen).
	s.fig[enemy].status = TW_FS_DEAD;
	assert_true(lw_gunsight_holds(&gs, &s, g, side, z0));
	// ... and stands again (an undo): not free when listed, so no longer.
	s.fig[enemy].status = TW_FS_ACTIVE;
	assert_true(lw_gunsight_holds(&gs, &s, g, side, z0)); // he was free when listed
	assert_true(lw_gunsight_begin(&gs, &s, g, side, z0));
	s.fig[enemy].status = TW_FS_DEAD;
	assert_true(lw_gunsight_begin(&gs, &s, g, side, z0)); // listed while he lay dead
	s.fig[enemy].status = TW_FS_ACTIVE;
	assert_false(lw_gunsight_holds(&gs, &s, g, side, z0));

	// An enemy man moved by the least amount: no longer.
	assert_true(lw_gunsight_begin(&gs, &s, g, side, z0));
	tw_vec2 p = s.fig[enemy].pos;
	s.fig[enemy].pos.x = nextafter(p.x, 1e9);
	assert_false(lw_gunsight_holds(&gs, &s, g, side, z0));
	s.fig[enemy].pos = p;
	assert_true(lw_gunsight_holds(&gs, &s, g, side, z0));
	// Our own men move as they will (they block no sight line; gun_target checks its own
	// line of fire afresh each call).
	s.fig[own].pos.x += 5;
	assert_true(lw_gunsight_holds(&gs, &s, g, side, z0));

	// Another gun, side, move, axle or muzzle height: no longer.
	if (s.ngun > 1)
		assert_false(lw_gunsight_holds(&gs, &s, &s.gun[1], side, z0));
	assert_false(lw_gunsight_holds(&gs, &s, g, 1 - side, z0));
	assert_false(lw_gunsight_holds(&gs, &s, g, side, 1.25000001));
	s.move_no++;
	assert_false(lw_gunsight_holds(&gs, &s, g, side, z0));
	s.move_no--;
	tw_vec2 axle = s.gun[0].axle;
	s.gun[0].axle.y = axle.y + 1e-9;
	assert_false(lw_gunsight_holds(&gs, &s, g, side, z0));
	s.gun[0].axle = axle;
	assert_true(lw_gunsight_holds(&gs, &s, g, side, z0));
	// Cleared (the table changed): no longer.
	lw_gunsight_clear(&gs);
	assert_false(lw_gunsight_holds(&gs, &s, g, side, z0));
	lw_gunsight_free(&gs);
	tw_state_free(&s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_lw_gunsight_holds_while_nothing_moves),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
