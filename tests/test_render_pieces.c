// Pictures of Little Wars's boxes and trains (LW.BIG.2, LW.BIG.9/10; s33-draw): every view draws
// each side's boxes (a lidded rectangle in its colour, its number on it) and trains (an engine
// and its trucks along the railway), and the legend's strength counts boxed men and men aboard
// where the view may see them, never what an enemy's box holds. Before, no picture drew a box or
// a train, and the strength read "free: 3 infantry, 0 cavalry, 0 guns" with the boxed men left out.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

#include "render/render_internal.h"
#include "rules/littlewars/lw.h"
#include "scene.h"
#include "tinwar/render.h"

#define PPI 10.0

// The 0xAARRGGBB pixel cairo writes for an opaque colour.
static uint32_t pixel_of(tw_rgb c)
{
	cairo_surface_t *sf = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
	cairo_t *cr = cairo_create(sf);
	tw_set_rgb(cr, c, 1);
	cairo_paint(cr);
	cairo_destroy(cr);
	cairo_surface_flush(sf);
	uint32_t v = *(uint32_t *)cairo_image_surface_get_data(sf);
	cairo_surface_destroy(sf);
	return v;
}

// Pixels of exactly colour v within `half` inches of table point p.
static long count_px(const tw_image *img, const tw_render_scene *sc, const tw_render_opts *o, tw_vec2 p, double half,
		     uint32_t v)
{
	tw_vec2 lo = tw_render_to_picture(sc, o, tw_v2(p.x - half, p.y + half));
	tw_vec2 hi = tw_render_to_picture(sc, o, tw_v2(p.x + half, p.y - half));
	long n = 0;
	for (int y = (int)lo.y; y < (int)hi.y && y < img->height; y++)
		for (int x = (int)lo.x; x < (int)hi.x && x < img->width; x++)
			n += y >= 0 && x >= 0 && *(const uint32_t *)(img->data + (size_t)y * (size_t)img->stride + (size_t)x * 4) == v;
	return n;
}

// Red: 3 infantry on the table and 2 in box 0 at (12, 20); blue: 2 infantry, box 0 (empty) at
// (36, 24), and train 0 on a railway x = 43..45, its engine at (44, 16) with 12 infantry aboard
// (one truck, LW.BIG.10).
static tw_state *scene(void)
{
	tw_state *s = tw_test_lw_state(48, 32, 5, 0);
	int rail = tw_test_box(s, TW_TER_ROAD, 43, 0, 45, 32, 0);
	snprintf(s->table.terrain[rail].name, sizeof s->table.terrain[rail].name, "railway");
	tw_terrain_finish(&s->table.terrain[rail]);
	tw_test_row(s, 0, TW_FK_INFANTRY, 3, 4, 4, 1.0);
	int b0 = tw_test_row(s, 0, TW_FK_INFANTRY, 2, 12, 20, 0);
	for (int i = 0; i < 2; i++) {
		tw_figure *f = &s->fig[b0 + i];
		f->status = TW_FS_RESERVE; // in the box, as lw_apply_box leaves them
		f->flags |= TW_FF_HIDDEN;
		LWF(s, f)->box = 0;
	}
	LWS(s, 0)->nbox = 1;
	LWS(s, 0)->box_x[0] = 12;
	LWS(s, 0)->box_y[0] = 20;
	tw_test_row(s, 1, TW_FK_INFANTRY, 2, 20, 28, 1.0);
	LWS(s, 1)->nbox = 1;
	LWS(s, 1)->box_x[0] = 36;
	LWS(s, 1)->box_y[0] = 24;
	int t0 = tw_test_row(s, 1, TW_FK_INFANTRY, 12, 44, 16, 0);
	for (int i = 0; i < 12; i++) {
		s->fig[t0 + i].status = TW_FS_RESERVE; // aboard (lw_apply_train_load)
		LWF(s, &s->fig[t0 + i])->train = 0;
	}
	LWS(s, 1)->ntrain = 1;
	LWS(s, 1)->train_x[0] = 44;
	LWS(s, 1)->train_y[0] = 16;
	return s;
}

static tw_render_opts opts(int seat)
{
	tw_render_opts o;
	tw_render_opts_default(&o);
	o.px_per_inch = PPI;
	o.text = false; // font-independent
	o.seat = seat;
	return o;
}

/// LW.BIG.2: each box is drawn at its place in its side's colour in every view (the umpire's,
/// its own side's and the enemy's), with its lid line; before, none was (0 pixels).
static void test_LW_BIG_2_boxes_drawn_in_every_view(void **st)
{
	(void)st;
	tw_state *s = scene();
	tw_render_scene sc = {s, NULL, NULL, 0, 0, NULL};
	uint32_t red = pixel_of(tw_side_rgb(0, false)), blue = pixel_of(tw_side_rgb(1, false));
	uint32_t red_dark = pixel_of(tw_side_rgb(0, true));
	tw_error err;
	for (int seat = -1; seat < 2; seat++) {
		tw_render_opts o = opts(seat);
		tw_image img;
		assert_int_equal(tw_render_image(&sc, &o, &img, &err), TW_OK);
		// The boxes' fill: 35 x 25 px less the outline and the lid line (the dark ones).
		long rb = count_px(&img, &sc, &o, tw_v2(12, 20), 3, red), bb = count_px(&img, &sc, &o, tw_v2(36, 24), 3, blue);
		long lid = count_px(&img, &sc, &o, tw_v2(12, 20), 3, red_dark);
		print_message("seat %d: red box %ld px (outline and lid %ld), blue box %ld px\n", seat, rb, lid, bb);
		assert_int_equal(rb, 640);
		assert_int_equal(bb, 640);
		assert_int_equal(lid, 116);
		tw_image_free(&img);
	}
	tw_test_free(s);
}

/// LW.BIG.9/10: a train is its engine (the side's dark colour) at its place on the railway, and
/// a truck for each 12 infantry aboard trailing behind it along the line (blue's forward is -y:
/// the truck stands at larger y). Seen in every view (open trucks).
static void test_LW_BIG_9_train_engine_and_trucks_along_the_railway(void **st)
{
	(void)st;
	tw_state *s = scene();
	tw_render_scene sc = {s, NULL, NULL, 0, 0, NULL};
	uint32_t dark = pixel_of(tw_side_rgb(1, true));
	tw_rgb l = tw_side_rgb(1, false);
	uint32_t light = pixel_of((tw_rgb){0.5 + 0.5 * l.r, 0.5 + 0.5 * l.g, 0.5 + 0.5 * l.b});
	tw_error err;
	for (int seat = -1; seat < 2; seat++) {
		tw_render_opts o = opts(seat);
		tw_image img;
		assert_int_equal(tw_render_image(&sc, &o, &img, &err), TW_OK);
		long engine = count_px(&img, &sc, &o, tw_v2(44, 16), 1.5, dark);
		long truck_behind = count_px(&img, &sc, &o, tw_v2(44, 16 + 1.75 + 0.5 + 1.5), 1.2, light);
		long truck_ahead = count_px(&img, &sc, &o, tw_v2(44, 16 - 1.75 - 0.5 - 1.5), 1.2, light);
		print_message("seat %d: engine %ld px, truck behind %ld, ahead %ld\n", seat, engine, truck_behind, truck_ahead);
		assert_int_equal(engine, 428);
		assert_int_equal(truck_behind, 336);
		assert_int_equal(truck_ahead, 0);
		tw_image_free(&img);
	}
	tw_test_free(s);
}

/// The legend's strength: boxed men and men aboard counted beside the free where the view may
/// see them ("3 infantry (+2 boxed)"); in the enemy's view the box is counted, never what it
/// holds. Singular and plural, and the other kinds by name (before: "free: 3 infantry, 0
/// cavalry, 0 guns" and a bare "+" for other kinds; the boxed and aboard men left out).
static void test_LW_BIG_2_strength_counts_boxed_where_seen(void **st)
{
	(void)st;
	tw_state *s = scene();
	int g = tw_test_gun(s, 0, 30, 6, 0);
	(void)g;
	tw_test_man(s, 0, TW_FK_OFFICER, 6, 6);
	char lines[6][TW_STRENGTH_LINE];
	// The umpire sees all.
	assert_int_equal(tw_strength_lines(s, -1, 0, lines, 6), 3);
	assert_string_equal(lines[0], "free: 3 infantry (+2 boxed), 0 cavalry,");
	assert_string_equal(lines[1], "1 officer, 1 gun");
	assert_string_equal(lines[2], "1 box");
	assert_int_equal(tw_strength_lines(s, -1, 1, lines, 6), 3);
	assert_string_equal(lines[0], "free: 2 infantry (+12 aboard), 0 cavalry,");
	assert_string_equal(lines[1], "0 guns");
	assert_string_equal(lines[2], "1 box, 1 train");
	// Blue's view of red: the box, not what it holds.
	tw_state v;
	assert_int_equal(tw_state_view(&v, s, 1), TW_OK);
	assert_int_equal(tw_strength_lines(&v, 1, 0, lines, 6), 3);
	assert_string_equal(lines[0], "free: 3 infantry, 0 cavalry, 1 officer,");
	assert_string_equal(lines[1], "1 gun");
	assert_string_equal(lines[2], "1 box (what it holds unseen)");
	assert_int_equal(tw_strength_lines(&v, 1, 1, lines, 6), 3);
	assert_string_equal(lines[2], "1 box, 1 train");
	tw_state_free(&v);
	// Red's own view: his box's men.
	assert_int_equal(tw_state_view(&v, s, 0), TW_OK);
	assert_int_equal(tw_strength_lines(&v, 0, 0, lines, 6), 3);
	assert_string_equal(lines[0], "free: 3 infantry (+2 boxed), 0 cavalry,");
	// ... and blue's open trucks, but not what blue's box holds.
	assert_int_equal(tw_strength_lines(&v, 0, 1, lines, 6), 3);
	assert_string_equal(lines[0], "free: 2 infantry (+12 aboard), 0 cavalry,");
	assert_string_equal(lines[2], "1 box (what it holds unseen), 1 train");
	tw_state_free(&v);
	tw_test_free(s);
}

/// Blue's picture is the same whatever red's box holds (no pixel tells it, legend included).
static void test_LW_BIG_2_enemy_picture_same_whatever_the_box_holds(void **st)
{
	(void)st;
	tw_state *a = scene(), *b = scene();
	int extra = tw_test_row(b, 0, TW_FK_CAVALRY, 3, 12, 20, 0);
	for (int i = 0; i < 3; i++) {
		b->fig[extra + i].status = TW_FS_RESERVE;
		b->fig[extra + i].flags |= TW_FF_HIDDEN;
		LWF(b, &b->fig[extra + i])->box = 0;
	}
	// As tw_state_view lays out the hidden: the same count of figures on both sides.
	tw_test_row(a, 0, TW_FK_CAVALRY, 3, 2, 2, 1.4);
	for (int i = a->nfig - 3; i < a->nfig; i++) {
		a->fig[i].status = TW_FS_UNPLACED;
		a->fig[i].flags |= TW_FF_HIDDEN;
	}
	tw_render_scene sa = {a, NULL, NULL, 0, 0, NULL}, sb = {b, NULL, NULL, 0, 0, NULL};
	tw_render_opts o = opts(1);
	o.text = true; // the legend's words too
	tw_image ia, ib;
	tw_error err;
	assert_int_equal(tw_render_image(&sa, &o, &ia, &err), TW_OK);
	assert_int_equal(tw_render_image(&sb, &o, &ib, &err), TW_OK);
	assert_int_equal(tw_image_diff(&ia, &ib, 0, 0, 0, 0, 0), 0);
	// The umpire's legend tells them apart.
	o.seat = -1;
	tw_image_free(&ia);
	tw_image_free(&ib);
	assert_int_equal(tw_render_image(&sa, &o, &ia, &err), TW_OK);
	assert_int_equal(tw_render_image(&sb, &o, &ib, &err), TW_OK);
	assert_true(tw_image_diff(&ia, &ib, 0, 0, 0, 0, 0) > 0);
	tw_image_free(&ia);
	tw_image_free(&ib);
	tw_test_free(a);
	tw_test_free(b);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_LW_BIG_2_boxes_drawn_in_every_view),
	    cmocka_unit_test(test_LW_BIG_9_train_engine_and_trucks_along_the_railway),
	    cmocka_unit_test(test_LW_BIG_2_strength_counts_boxed_where_seen),
	    cmocka_unit_test(test_LW_BIG_2_enemy_picture_same_whatever_the_box_holds),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	cairo_debug_reset_static_data();
	return rc;
}
