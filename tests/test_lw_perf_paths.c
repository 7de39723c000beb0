// Issue 18 (Scale), second round of fast paths, each against its plain computation on many
// random cases (as tests/test_fast_paths.c):
//   - tw_rec_hide_changes (whether hiding the records from a seat changes a byte) against
//     tw_rec_hide on a copy, with owner-only fields at their defaults, set, and at -0.0;
//   - tw_state_view_is_state: Little Wars' owner-only record fields (a figure's box and work,
//     a side's work records) at their defaults hide nothing, so a computer general reads the
//     state itself (before, any owner-only field in the rule set's records meant a copy a move).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/record_internal.h"
#include "rules/littlewars/lw.h"
#include "tinwar/io.h"

static void load_hf(tw_state *s)
{
	tw_error err;
	memset(s, 0, sizeof *s);
	assert_int_equal(tw_state_load(s, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
}

// The plain answer: hide a copy and compare every record's bytes.
static bool ref_hide_changes(const tw_state *s, int seat)
{
	tw_state c;
	assert_int_equal(tw_state_clone(&c, s), TW_OK);
	tw_rec_hide(&c, seat);
	bool changed = false;
	for (int k = 0; k < TW_REC_KIND_COUNT && !changed; k++) {
		const tw_record_def *d = tw_state_record_def(s, (tw_rec_kind)k);
		int n = tw_rec_count(s, (tw_rec_kind)k);
		for (int i = 0; d && i < n && !changed; i++)
			changed = memcmp(tw_rec_c(s, (tw_rec_kind)k, i), tw_rec_c(&c, (tw_rec_kind)k, i), d->size) != 0;
	}
	tw_state_free(&c);
	return changed;
}

// Sets element e of the named field of record i of kind to v (the raw value).
static void set_field(tw_state *s, tw_rec_kind kind, int i, const char *name, int e, double v)
{
	const tw_record_def *d = tw_state_record_def(s, kind);
	assert_non_null(d);
	int j = tw_record_field(d, name);
	assert_true(j >= 0);
	tw_rec_set(tw_rec(s, kind, i), &d->fields[j], e, v);
}

static void test_rec_hide_changes_matches_hide(void **st)
{
	(void)st;
	tw_state base;
	load_hf(&base);
	tw_rng r;
	tw_rng_seed(&r, 18);
	int changed_seen = 0, same_seen = 0;
	for (int n = 0; n < 400; n++) {
		tw_state s;
		assert_int_equal(tw_state_clone(&s, &base), TW_OK);
		int edits = (int)tw_rng_below(&r, 4);
		for (int k = 0; k < edits; k++) {
			switch (tw_rng_below(&r, 6)) {
			case 0: // a figure in a box, or back out of it (the default)
				set_field(&s, TW_REC_FIGURE, (int)tw_rng_below(&r, (uint32_t)s.nfig), "box", 0,
					  tw_rng_below(&r, 2) ? -1 : (double)tw_rng_below(&r, LW_BOX_MAX));
				break;
			case 1:
				set_field(&s, TW_REC_FIGURE, (int)tw_rng_below(&r, (uint32_t)s.nfig), "work", 0,
					  tw_rng_below(&r, 2) ? -1 : (double)tw_rng_below(&r, LW_WORK_MAX));
				break;
			case 2: // a side's work record: set, or zero of the other sign
				set_field(&s, TW_REC_SIDE, (int)tw_rng_below(&r, 2), "work_x", (int)tw_rng_below(&r, LW_WORK_MAX),
					  tw_rng_below(&r, 2) ? -0.0 : 12.5);
				break;
			case 3:
				set_field(&s, TW_REC_SIDE, (int)tw_rng_below(&r, 2), "nwork", 0, (double)tw_rng_below(&r, 3));
				break;
			case 4: // an owner-only bool array
				set_field(&s, TW_REC_SIDE, (int)tw_rng_below(&r, 2), "work_armed", (int)tw_rng_below(&r, LW_WORK_MAX),
					  (double)tw_rng_below(&r, 2));
				break;
			default: // a field every seat sees: never hidden
				set_field(&s, TW_REC_SIDE, (int)tw_rng_below(&r, 2), "box_x", (int)tw_rng_below(&r, LW_BOX_MAX),
					  (double)tw_rng_below(&r, 50));
				break;
			}
		}
		for (int seat = -1; seat < 2; seat++) {
			bool want = ref_hide_changes(&s, seat);
			assert_true(tw_rec_hide_changes(&s, seat) == want);
			changed_seen += want;
			same_seen += !want;
		}
		tw_state_free(&s);
	}
	assert_true(changed_seen > 100 && same_seen > 100); // both answers exercised
	tw_state_free(&base);
}

static void test_view_is_state_with_empty_boxes(void **st)
{
	(void)st;
	tw_state s;
	load_hf(&s);
	// No box, no work: nothing of the records is kept from either seat.
	assert_true(tw_state_view_is_state(&s, 0));
	assert_true(tw_state_view_is_state(&s, 1));
	// A red (side 0) figure in a box: kept from blue, not from red.
	int red = 0;
	while (s.fig[red].side != 0)
		red++;
	set_field(&s, TW_REC_FIGURE, red, "box", 0, 2);
	assert_true(tw_state_view_is_state(&s, 0));
	assert_false(tw_state_view_is_state(&s, 1));
	set_field(&s, TW_REC_FIGURE, red, "box", 0, -1);
	assert_true(tw_state_view_is_state(&s, 1));
	tw_state_free(&s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rec_hide_changes_matches_hide),
		cmocka_unit_test(test_view_is_state_with_empty_boxes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
