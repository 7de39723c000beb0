// Grant's templates as data for pictures (GR.ART.2 sleeve, GR.CANI.1 canister device, GR.HOW.2/3
// shell-burst indicator): registered for "grant", placed on a Grant table, drawn where they lie.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <string.h>

#include "tinwar/render.h"
#include "tinwar/tinwar.h"

// Clauses: GR.ART.2 GR.CANI.1 GR.HOW.2 GR.HOW.3
static void test_GR_ART_2_GR_CANI_1_GR_HOW_2_GR_HOW_3_templates_drawn(void **st)
{
	(void)st;
	int n = 0;
	const tw_render_template *t = tw_render_templates("grant", &n);
	assert_non_null(t);
	assert_int_equal(n, 3);
	const tw_render_template *sleeve = tw_render_template_find("grant", "roundshot sleeve (GR.ART.2)");
	const tw_render_template *cani = tw_render_template_find("grant", "canister device (GR.CANI.1)");
	const tw_render_template *sbi = tw_render_template_find("grant", "shell-burst indicator (GR.HOW.3)");
	assert_non_null(sleeve);
	assert_non_null(cani);
	assert_non_null(sbi);
	assert_int_equal(sbi->nshapes, 5); // centre and four quarters
	tw_state s;
	memset(&s, 0, sizeof s);
	tw_error err;
	assert_int_equal(tw_scenario_generate(&s, "grant", 1, 96, 72, &err), TW_OK);
	tw_render_opts o;
	tw_render_opts_default(&o);
	o.px_per_inch = 8;
	o.text = false;
	tw_render_scene sc = {&s, NULL, NULL, 0, 0, NULL};
	tw_render_placed pl[3] = {{sleeve, {20, 40}, 0, ""}, {cani, {50, 20}, 0, ""}, {sbi, {80, 40}, 0, ""}};
	tw_image bare, with;
	assert_int_equal(tw_render_image(&sc, &o, &bare, &err), TW_OK);
	o.placed = pl;
	o.nplaced = 3;
	assert_int_equal(tw_render_image(&sc, &o, &with, &err), TW_OK);
	const tw_vec2 inside[] = {{20, 41.5}, {50, 40}, {80, 42.5}, {80, 40}};
	for (size_t i = 0; i < TW_ARRAY_COUNT(inside); i++) {
		tw_vec2 q = tw_render_to_picture(&sc, &o, inside[i]);
		assert_true(tw_image_diff(&bare, &with, 10, (int)q.x - 1, (int)q.y - 1, 3, 3) > 0);
	}
	tw_vec2 behind = tw_render_to_picture(&sc, &o, tw_v2(50, 17)); // the cone points up the table
	assert_int_equal(tw_image_diff(&bare, &with, 0, (int)behind.x - 1, (int)behind.y - 1, 3, 3), 0);
	tw_image_free(&bare);
	tw_image_free(&with);
	tw_state_free(&s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_GR_ART_2_GR_CANI_1_GR_HOW_2_GR_HOW_3_templates_drawn),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
