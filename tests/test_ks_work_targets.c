// KS.RE.1 and LW.BIG.11 (stop 33): a work is aimed at a piece of its own kind, and the
// Kriegspiel's bridges and culverts are the Royal Engineers' work. Before, the target point was
// never looked at and the work ruined or mended whatever road or bridge stood there: a culvert's
// 1 move blew a railway bridge that takes 2, a road bridge's 1 man tore up the railway (QA
// review), and any infantryman could do it.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "rules/littlewars/lw_big.h"
#include "scene.h"

#define INF TW_FK_INFANTRY

static int named(tw_state *s, int kind, double x0, double y0, double x1, double y1, const char *name)
{
	int t = tw_test_box(s, kind, x0, y0, x1, y1, 0.1);
	if (name)
		snprintf(s->table.terrain[t].name, sizeof s->table.terrain[t].name, "%s", name);
	return t;
}

static tw_order *work(int kind, int first, int n, double x, double y)
{
	tw_order *w = tw_test_order(LW_OT_WORK, 0);
	w->n = kind;
	for (int i = 0; i < n; i++)
		w->fig[w->nfig++] = first + i;
	w->has_target = true;
	w->target = tw_v2(x, y);
	return w;
}

static void test_KS_RE_1_work_aimed_at_its_own_piece(void **st)
{
	(void)st;
	tw_state *s = tw_test_ks_field();
	named(s, TW_TER_RIVER, 0, 100, 200, 104, NULL);
	int rb = named(s, TW_TER_BRIDGE, 50, 99, 56, 105, "railway bridge");
	int road_b = named(s, TW_TER_BRIDGE, 120, 99, 126, 105, NULL);
	named(s, TW_TER_ROAD, 52, 0, 54, 99, "railway");
	int re = tw_test_row(s, 0, INF, 2, 52, 96, 1.0);
	for (int i = 0; i < 2; i++)
		LWF(s, &s->fig[re + i])->arm = LW_ARM_RE;
	int inf = tw_test_row(s, 0, INF, 2, 55.5, 97.5, 1.2);
	tw_test_row(s, 0, INF, 20, 10, 20, 1.0); // armies, so that the game goes on (LW.VAR)
	tw_test_row(s, 1, INF, 20, 10, 180, 1.0);
	int re2 = tw_test_man(s, 0, INF, 123, 96);
	LWF(s, &s->fig[re2])->arm = LW_ARM_RE;
	// A culvert is a road's or the railway's: not the railway bridge.
	tw_test_refused_with(s, work(LW_KS_DEMOLISH_CULVERT, re, 2, 53, 102), "KS.RE.1",
			     "demolish_culvert must be aimed at a road or the railway (a culvert)");
	tw_test_refused_with(s, work(LW_KS_DEMOLISH_ROAD_BRIDGE, re, 2, 53, 102), "KS.RE.1",
			     "demolish_road_bridge must be aimed at a road bridge");
	tw_test_refused_with(s, work(LW_KS_REPAIR_ROAD_BRIDGE, re2, 1, 123, 101), "KS.RE.1",
			     "a road bridge there is not broken");
	// The Royal Engineers' work: infantry may not.
	tw_test_refused_with(s, work(LW_KS_DEMOLISH_RAIL_BRIDGE, inf, 2, 55, 102), "KS.RE.1",
			     "is of the infantry: demolish_rail_bridge is the Royal Engineers' work");
	// The engineers blow the railway bridge in 2 moves (after the one they began in); the
	// road bridge stands.
	tw_test_ok(s, work(LW_KS_DEMOLISH_RAIL_BRIDGE, re, 2, 53, 102));
	tw_error err = {0};
	for (int k = 0; k < 4; k++)
		assert_int_equal(tw_test_apply(s, tw_test_order(LW_OT_END_MOVE, s->mover), &err), TW_OK);
	assert_true((s->table.terrain[rb].flags & TW_TF_RUINED) == 0);
	assert_int_equal(tw_test_apply(s, tw_test_order(LW_OT_END_MOVE, s->mover), &err), TW_OK);
	assert_true((s->table.terrain[rb].flags & TW_TF_RUINED) != 0);
	assert_true((s->table.terrain[road_b].flags & TW_TF_RUINED) == 0);
	// Blown: a second demolition is refused, a repair is aimed right.
	s->mover = 0;
	tw_test_refused_with(s, work(LW_KS_DEMOLISH_RAIL_BRIDGE, re, 2, 53, 102), "KS.RE.1",
			     "a railway bridge there is broken already");
	tw_test_ok(s, work(LW_KS_REPAIR_RAIL_BRIDGE, re, 2, 53, 102));
	tw_test_free(s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_KS_RE_1_work_aimed_at_its_own_piece),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
