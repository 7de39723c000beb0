// The barricade and the ditch (issue 16) in the core: their names in scenario files (a bad kind
// refused at its JSON path), the writer and the state hash, the length of a line inside a piece
// and contact across a barricade, the terminal board's letters and the pictures' colours. A
// scenario with both (scenarios/lloyd/barricade.json) loads, round-trips and draws.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/io_internal.h"
#include "scene.h"
#include "tinwar/io.h"
#include "tinwar/registry.h"
#include "tinwar/render.h"
#include "tinwar/tinwar.h"

#define SCEN TW_SOURCE_DIR "/scenarios/lloyd/barricade.json"

static void test_names_and_bad_kind_path(void **st)
{
	(void)st;
	assert_string_equal(tw_terrain_kind_name(TW_TER_BARRICADE), "barricade");
	assert_string_equal(tw_terrain_kind_name(TW_TER_DITCH), "ditch");
	assert_int_equal(tw_terrain_kind_from_name("barricade"), TW_TER_BARRICADE);
	assert_int_equal(tw_terrain_kind_from_name("ditch"), TW_TER_DITCH);
	assert_true(tw_terrain_is_solid(TW_TER_BARRICADE)); // impassable
	assert_false(tw_terrain_is_solid(TW_TER_DITCH));    // passable
	tw_register_builtin();
	const char *bad = "{\"format\": \"tinwar-scenario\", \"version\": 1, \"ruleset\": \"lloyd\", \"table\": {\"width\": 24, "
			  "\"depth\": 24}, \"sides\": [{\"name\": \"a\", \"back_y\": 0}, {\"name\": \"b\", \"back_y\": 24}], "
			  "\"terrain\": [{\"kind\": \"ditch\", \"poly\": [[1, 1], [4, 1], [4, 2]]}, {\"kind\": \"barricad\", "
			  "\"poly\": [[1, 5], [4, 5], [4, 6]]}]}";
	tw_state s;
	tw_error err = {0};
	assert_int_not_equal(tw_state_from_text(&s, bad, strlen(bad), "bad.json", &err), TW_OK);
	assert_string_equal(err.path, "$.terrain[1].kind");
	assert_non_null(strstr(err.message, "barricad"));
}

// A line across a 1 in band, along it, and through a circle; contact across a barricade.
static void test_segment_inside_and_gap_across(void **st)
{
	(void)st;
	tw_state *s = tw_test_lw_state(24, 24, 1, 0);
	int b = tw_test_box(s, TW_TER_BARRICADE, 2, 10, 20, 11, 1);
	tw_terrain *t = &s->table.terrain[b];
	tw_terrain_finish(t);
	assert_true(fabs(tw_terrain_segment_inside(t, tw_v2(5, 9), tw_v2(5, 12)) - 1.0) < 1e-9);
	assert_true(fabs(tw_terrain_segment_inside(t, tw_v2(5, 9), tw_v2(8, 12)) - sqrt(2.0)) < 1e-9);
	assert_true(fabs(tw_terrain_segment_inside(t, tw_v2(0, 10.5), tw_v2(30, 10.5)) - 18.0) < 1e-9);
	assert_true(tw_terrain_segment_inside(t, tw_v2(0, 5), tw_v2(30, 5)) == 0);
	assert_true(fabs(tw_terrain_segment_inside(t, tw_v2(5, 9), tw_v2(5, 10.25)) - 0.25) < 1e-9);
	tw_terrain c = {.kind = TW_TER_BARRICADE, .shape = TW_SHAPE_CIRCLE, .center = {3, 3}, .radius = 1};
	tw_terrain_finish(&c);
	assert_true(fabs(tw_terrain_segment_inside(&c, tw_v2(0, 3), tw_v2(10, 3)) - 2.0) < 1e-9);
	// Two men of radius 0.5, each against the barricade: 1 in apart, touching across it.
	assert_true(fabs(tw_table_barricade_across(&s->table, tw_v2(5, 9.5), tw_v2(5, 11.5)) - 1.0) < 1e-9);
	assert_true(fabs(tw_table_gap_across(&s->table, tw_v2(5, 9.5), 0.5, tw_v2(5, 11.5), 0.5)) < 1e-9);
	// A ditch is no barricade: nothing is taken out.
	t->kind = TW_TER_DITCH;
	assert_true(fabs(tw_table_gap_across(&s->table, tw_v2(5, 9.5), 0.5, tw_v2(5, 11.5), 0.5) - 1.0) < 1e-9);
	tw_test_free(s);
}

// The state hash tells a barricade from a wall, a ditch from a swamp; the writer names them and a
// reload gives the same hash and the same text.
static void test_hash_and_round_trip(void **st)
{
	(void)st;
	tw_register_builtin();
	tw_state s;
	tw_error err = {0};
	if (tw_state_load(&s, SCEN, &err) != TW_OK)
		fail_msg("%s: %s", err.path, err.message);
	assert_int_equal(s.table.nterrain, 3);
	assert_int_equal(s.table.terrain[0].kind, TW_TER_BARRICADE);
	assert_int_equal(s.table.terrain[1].kind, TW_TER_DITCH);
	assert_true(tw_terrain_impassable(&s.table.terrain[0]));
	assert_false(tw_terrain_impassable(&s.table.terrain[1]));
	assert_true(fabs(s.table.terrain[0].height - 1.0) < 1e-12);
	json_t *j = tw_state_to_json(&s);
	char *text = tw_io_dumps(j);
	json_decref(j);
	assert_non_null(strstr(text, "\"barricade\""));
	assert_non_null(strstr(text, "\"ditch\""));
	tw_state t;
	if (tw_state_from_text(&t, text, strlen(text), "dump", &err) != TW_OK)
		fail_msg("%s: %s", err.path, err.message);
	assert_int_equal(tw_state_hash(&t), tw_state_hash(&s));
	json_t *j2 = tw_state_to_json(&t);
	char *text2 = tw_io_dumps(j2);
	json_decref(j2);
	assert_string_equal(text, text2);
	free(text);
	free(text2);
	uint64_t h = tw_state_hash(&t);
	t.table.terrain[0].kind = TW_TER_WALL;
	assert_int_not_equal(tw_state_hash(&t), h);
	t.table.terrain[0].kind = TW_TER_BARRICADE;
	t.table.terrain[1].kind = TW_TER_SWAMP;
	assert_int_not_equal(tw_state_hash(&t), h);
	tw_state_free(&t);
	tw_state_free(&s);
}

// The terminal board draws the barricade with '+' and the ditch with '_'.
static void test_board_letters(void **st)
{
	(void)st;
	tw_register_builtin();
	tw_state s;
	tw_error err = {0};
	assert_int_equal(tw_state_load(&s, SCEN, &err), TW_OK);
	char *buf = NULL;
	size_t n = 0;
	FILE *out = open_memstream(&buf, &n);
	cli_board(&s, -1, out);
	fclose(out);
	// The ditch is 2 in deep: one row of '_' from x = 8 to 40 (a column is 1 in); the barricade 1 in,
	// between rows: at least a run of '+'.
	if (!strstr(buf, "________________________________") || !strstr(buf, "++++++++"))
		fail_msg("board:\n%s", buf);
	free(buf);
	tw_state_free(&s);
}

static void pixel(const tw_image *img, tw_vec2 p, int rgb[3])
{
	int x = (int)lround(p.x), y = (int)lround(p.y);
	const unsigned char *px = img->data + (size_t)y * (size_t)img->stride + (size_t)x * 4; // cairo ARGB32: B, G, R, A
	rgb[0] = px[2];
	rgb[1] = px[1];
	rgb[2] = px[0];
}

static bool near_rgb(const int rgb[3], double r, double g, double b, int tol)
{
	return abs(rgb[0] - (int)lround(r * 255)) <= tol && abs(rgb[1] - (int)lround(g * 255)) <= tol &&
	       abs(rgb[2] - (int)lround(b * 255)) <= tol;
}

// The pictures: the barricade in timber brown (cross-hatched), the ditch in earth brown; not the
// default grey of a kind the drawing does not know.
static void test_pictures(void **st)
{
	(void)st;
	tw_register_builtin();
	tw_state s;
	tw_error err = {0};
	assert_int_equal(tw_state_load(&s, SCEN, &err), TW_OK);
	tw_render_scene sc = {&s, NULL, NULL, 0, 0, NULL};
	tw_render_opts o;
	tw_render_opts_default(&o);
	o.px_per_inch = 12;
	o.text = false;
	tw_image img;
	assert_int_equal(tw_render_image(&sc, &o, &img, &err), TW_OK);
	int c[3];
	// the ditch's middle: (24, 15); the barricade's: a point off its hatching, sampled over a few
	pixel(&img, tw_render_to_picture(&sc, &o, tw_v2(24, 15)), c);
	if (!near_rgb(c, 0.8 * 0.47 + 0.2 * 0.92, 0.8 * 0.38 + 0.2 * 0.89, 0.8 * 0.26 + 0.2 * 0.82, 40))
		fail_msg("ditch pixel %d %d %d", c[0], c[1], c[2]);
	int brown = 0, grey = 0;
	for (int k = 0; k < 40; k++) {
		pixel(&img, tw_render_to_picture(&sc, &o, tw_v2(17 + 0.37 * k, 32.5)), c);
		brown += c[0] > c[2] + 40 && c[0] < 200;
		grey += abs(c[0] - c[1]) < 8 && abs(c[1] - c[2]) < 8;
	}
	print_message("barricade: %d of 40 samples brown, %d grey\n", brown, grey);
	assert_true(brown >= 30);
	assert_int_equal(grey, 0);
	tw_image_free(&img);
	tw_state_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_and_bad_kind_path),
		cmocka_unit_test(test_segment_inside_and_gap_across),
		cmocka_unit_test(test_hash_and_round_trip),
		cmocka_unit_test(test_board_letters),
		cmocka_unit_test(test_pictures),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
