// s29: the rule sets' record macros (LLF, LWG, GRU, RDF, SVG, ...) give a read-only row from a
// const state and a writable one from a state that may change (TW_REC_ROW, include/tinwar/state.h),
// so that a write to a record through a general's view or a validation does not compile. Before
// s29 every macro cast to a writable row whatever the state (and Grant's gr_unit_set_flag and
// gr_ford_set, Little Wars' held-gun holder took a const state and wrote through it): the static
// assertions below fail to compile on that code. The run-time test checks that both forms name the
// same row of a loaded game.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <string.h>

#include "rules/grant/gr.h"
#include "rules/littlewars/lw.h"
#include "rules/lloyd/ll.h"
#include "rules/rattle/rd.h"
#include "rules/svl/sv.h"
#include "tinwar/tinwar.h"

#define IS(e, T) _Generic((e), T: 1, default: 0)

#define cs ((const tw_state *)0)
#define ms ((tw_state *)0)
#define cu ((const tw_unit *)0)
#define cf ((const tw_figure *)0)
#define cg ((const tw_gun *)0)

// Not evaluated: _Generic looks at the types only.
_Static_assert(IS(LLF(cs, 0), const ll_frec *) && IS(LLF(ms, 0), ll_frec *), "LLF");
_Static_assert(IS(LLS(cs, 0), const ll_side *) && IS(LLS(ms, 0), ll_side *), "LLS");
_Static_assert(IS(LLG(cs), const ll_game *) && IS(LLG(ms), ll_game *), "LLG");
_Static_assert(IS(LWG(cs), const lw_game *) && IS(LWG(ms), lw_game *), "LWG");
_Static_assert(IS(LWS(cs, 0), const lw_side *) && IS(LWS(ms, 0), lw_side *), "LWS");
_Static_assert(IS(LWF(cs, cf), const lw_fig *) && IS(LWF(ms, cf), lw_fig *), "LWF");
_Static_assert(IS(LWGN(cs, cg), const lw_gun *) && IS(LWGN(ms, cg), lw_gun *), "LWGN");
_Static_assert(IS(GRU(cs, cu), const gr_urec *) && IS(GRU(ms, cu), gr_urec *), "GRU");
_Static_assert(IS(GRF(cs, cf), const gr_frec *) && IS(GRF(ms, cf), gr_frec *), "GRF");
_Static_assert(IS(GRG(cs, cg), const gr_grec *) && IS(GRG(ms, cg), gr_grec *), "GRG");
_Static_assert(IS(GRS(cs), const gr_game *) && IS(GRS(ms), gr_game *), "GRS");
_Static_assert(IS(GRSD(cs, 0), const gr_srec *) && IS(GRSD(ms, 0), gr_srec *), "GRSD");
_Static_assert(IS(RDU(cs, 0), const rd_urec *) && IS(RDU(ms, 0), rd_urec *), "RDU");
_Static_assert(IS(RDF(cs, 0), const rd_frec *) && IS(RDF(ms, 0), rd_frec *), "RDF");
_Static_assert(IS(RDS(cs, 0), const rd_srec *) && IS(RDS(ms, 0), rd_srec *), "RDS");
_Static_assert(IS(RDG(cs), const rd_game *) && IS(RDG(ms), rd_game *), "RDG");
_Static_assert(IS(SVF(cs, 0), const sv_frec *) && IS(SVF(ms, 0), sv_frec *), "SVF");
_Static_assert(IS(SVGN(cs, 0), const sv_grec *) && IS(SVGN(ms, 0), sv_grec *), "SVGN");
_Static_assert(IS(SVS(cs, 0), const sv_srec *) && IS(SVS(ms, 0), sv_srec *), "SVS");
_Static_assert(IS(SVG(cs), const sv_game *) && IS(SVG(ms), sv_game *), "SVG");

static void load(tw_state *s, const char *path)
{
	tw_error err = {0};
	memset(s, 0, sizeof *s);
	assert_int_equal(tw_state_load(s, path, &err), TW_OK);
}

// The const and the writable row of the same state are the same bytes: a write through the
// writable one is read back through the const one.
static void test_record_rows_const_from_const_state(void **st)
{
	(void)st;
	tw_state s;
	load(&s, "scenarios/lloyd/three.json");
	const tw_state *v = &s;
	assert_ptr_equal(LLF(v, 3), LLF(&s, 3));
	assert_ptr_equal(LLS(v, 1), LLS(&s, 1));
	int32_t pts = LLF(v, 3)->pts;
	LLF(&s, 3)->pts = pts + 5;
	assert_int_equal(LLF(v, 3)->pts, pts + 5);
	tw_state_free(&s);

	load(&s, "scenarios/littlewars/hooks-farm.json");
	v = &s;
	assert_ptr_equal(LWG(v), LWG(&s));
	assert_ptr_equal(LWF(v, &s.fig[7]), LWF(&s, &s.fig[7]));
	tw_state_free(&s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_record_rows_const_from_const_state),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
