// Pictures of a part of the table (tw_render_opts.window) and the report's window for a move on
// a large table (report_window.c, issue 18: a 77-move Kriegspiel's HTML report was 36 MB).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/render_internal.h"
#include "scene.h"
#include "tinwar/general.h"
#include "tinwar/render.h"
#include "tinwar/report.h"

static tw_state *big_table(void)
{
	tw_state *s = tw_test_lw_state(300, 200, 5, 0);
	tw_test_box(s, TW_TER_HOUSE, 120, 90, 130, 98, 5);
	tw_test_box(s, TW_TER_WOOD, 160, 110, 176, 124, 6);
	tw_test_circle(s, TW_TER_ROCK, 20, 20, 2, 1.5);
	for (int i = 0; i < s->table.nterrain; i++)
		tw_terrain_finish(&s->table.terrain[i]);
	tw_test_row(s, 0, TW_FK_INFANTRY, 6, 140, 80, 1.2);
	tw_test_row(s, 1, TW_FK_CAVALRY, 4, 150, 130, 1.6);
	tw_test_gun(s, 0, 110, 70, 0);
	return s;
}

static tw_render_opts plain_opts(void)
{
	tw_render_opts o;
	tw_render_opts_default(&o);
	o.px_per_inch = 4;
	o.text = false;
	o.legend = false;
	return o;
}

/// The part 100-200 across, 60-140 deep, at 4 px an inch: a picture of that size whose every pixel
/// inside the part (3 px off its edges) is the whole table's picture's pixel at the same table
/// point; a point maps to the same table inches. An empty or inside-out part draws the whole table.
static void test_window_draws_that_part_of_the_table(void **st)
{
	(void)st;
	tw_state *s = big_table();
	tw_render_scene sc = {s, NULL, NULL, 0, 0, NULL};
	tw_render_opts whole = plain_opts(), part = plain_opts();
	part.window = true;
	part.win_lo = tw_v2(100, 60);
	part.win_hi = tw_v2(200, 140);
	int ww, wh, pw, ph;
	tw_render_size(&sc, &whole, &ww, &wh);
	tw_render_size(&sc, &part, &pw, &ph);
	assert_int_equal(ww - pw, (300 - 100) * 4);
	assert_int_equal(wh - ph, (200 - 80) * 4);
	tw_vec2 a = tw_render_to_picture(&sc, &whole, tw_v2(143.5, 80)), b = tw_render_to_picture(&sc, &part, tw_v2(143.5, 80));
	assert_true(fabs((a.x - b.x) - 100 * 4) < 1e-9);
	assert_true(fabs((a.y - b.y) - (200 - 140) * 4) < 1e-9);
	tw_image iw, ip;
	tw_error err;
	assert_int_equal(tw_render_image(&sc, &whole, &iw, &err), TW_OK);
	assert_int_equal(tw_render_image(&sc, &part, &ip, &err), TW_OK);
	tw_vec2 o = tw_render_to_picture(&sc, &part, tw_v2(100, 140)); // the part's top left corner
	int x0 = (int)o.x + 3, y0 = (int)o.y + 3, dx = 100 * 4, dy = (200 - 140) * 4;
	long bad = 0, seen = 0, ink = 0;
	for (int y = y0; y < y0 + 80 * 4 - 6; y++)
		for (int x = x0; x < x0 + 100 * 4 - 6; x++) {
			const unsigned char *p = ip.data + (size_t)y * (size_t)ip.stride + 4 * (size_t)x;
			const unsigned char *q = iw.data + (size_t)(y + dy) * (size_t)iw.stride + 4 * (size_t)(x + dx);
			seen++;
			for (int c = 0; c < 4; c++)
				if (abs(p[c] - q[c]) > 2) {
					bad++;
					break;
				}
			if (p[0] != q[0] || p[1] != p[2])
				ink++;
		}
	assert_true(seen > 30000);
	assert_true(bad <= seen / 1000); // the same drawing, but for a rare edge pixel
	assert_true(ink > 1000);         // and something was drawn there (men, house, wood)
	// An empty part, or one off the table: the whole table.
	part.win_lo = tw_v2(150, 100);
	part.win_hi = tw_v2(150.5, 160);
	tw_render_size(&sc, &part, &pw, &ph);
	assert_int_equal(pw, ww);
	assert_int_equal(ph, wh);
	part.win_lo = tw_v2(400, 300);
	part.win_hi = tw_v2(500, 400);
	tw_render_size(&sc, &part, &pw, &ph);
	assert_int_equal(pw, ww);
	part.win_lo = tw_v2(NAN, 0);
	part.win_hi = tw_v2(100, 100);
	tw_render_size(&sc, &part, &pw, &ph);
	assert_int_equal(pw, ww);
	tw_image_free(&iw);
	tw_image_free(&ip);
	tw_test_free(s);
}

static void play(const char *path, uint64_t seed, int orders, tw_battle *b)
{
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	char full[512];
	snprintf(full, sizeof full, "%s/%s", TW_SOURCE_DIR, path);
	if (tw_state_load(&sc, full, &err) != TW_OK)
		fail_msg("%s: %s", full, err.message);
	tw_game *g = tw_game_new(&sc, seed, tw_shot_model_fast(), &err);
	assert_non_null(g);
	tw_game_set_undo(g, false);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gen[2] = {tw_general_new("lw-quick", rs, 0, seed), tw_general_new("lw-quick", rs, 1, seed)};
	if (tw_play_out(g, gen, orders, &err) != TW_OK && !strstr(err.message, "did not end")) // a part of the game will do
		fail_msg("play: %s", err.message);
	assert_int_equal(tw_battle_from_game(b, g, &err), TW_OK);
	tw_general_free(gen[0]);
	tw_general_free(gen[1]);
	tw_game_free(g);
	tw_state_free(&sc);
}

static bool inside(tw_vec2 p, tw_vec2 lo, tw_vec2 hi) { return p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y; }

/// A Kriegspiel played some moves: each move's window (when there is one) lies on the table, is
/// at least 96 x 72 in, and holds every man who moved, fell or was taken in that move, before
/// and after, and every gun that moved or fired; some moves have one, and none covers more than
/// 60% of the table. A side's window is no larger than the umpire's (it sees less). Hook's Farm
/// (13,824 sq in) is always drawn whole. The HTML report says so.
static void test_report_window_holds_the_moves_action(void **st)
{
	(void)st;
	tw_battle b;
	play("scenarios/littlewars/kriegspiel.json", 5, 1200, &b);
	assert_true(b.nmoves >= 6);
	const tw_table *t = &b.final.table;
	int windows = 0;
	for (int k = 0; k < b.nmoves; k++) {
		tw_vec2 lo, hi;
		if (!tw_battle_window(&b, k, -1, &lo, &hi))
			continue;
		windows++;
		assert_true(lo.x >= 0 && lo.y >= 0 && hi.x <= t->width && hi.y <= t->depth);
		assert_true(hi.x - lo.x >= 96 - 1e-9 && hi.y - lo.y >= 72 - 1e-9);
		assert_true((hi.x - lo.x) * (hi.y - lo.y) <= 0.6 * t->width * t->depth);
		const tw_state *a = &b.moves[k].after, *bf = &b.moves[k].before;
		for (int i = 0; i < a->nfig; i++) {
			const tw_figure *fa = &a->fig[i], *fb = &bf->fig[i];
			if (fa->pos.x == fb->pos.x && fa->pos.y == fb->pos.y && fa->status == fb->status)
				continue;
			if (fa->pos.x >= 0 && fa->pos.y >= 0)
				assert_true(inside(fa->pos, lo, hi));
			if (fb->pos.x >= 0 && fb->pos.y >= 0)
				assert_true(inside(fb->pos, lo, hi));
		}
		for (int i = 0; i < a->ngun; i++)
			if (a->gun[i].acted_in == b.moves[k].move_no && a->gun[i].axle.x >= 0)
				assert_true(inside(a->gun[i].axle, lo, hi));
		for (int seat = 0; seat < 2; seat++) {
			tw_vec2 slo, shi;
			if (tw_battle_window(&b, k, seat, &slo, &shi))
				assert_true((shi.x - slo.x) * (shi.y - slo.y) <= (hi.x - lo.x) * (hi.y - lo.y) + 1e-9 ||
					    (shi.x - slo.x) <= 96 + 1e-9 || (shi.y - slo.y) <= 72 + 1e-9);
		}
	}
	assert_true(windows > 0);
	tw_report_opts ro;
	tw_report_opts_default(&ro);
	tw_error err;
	assert_int_equal(tw_report_write(&b, &ro, "build/test_report_window.html", &err), TW_OK);
	FILE *f = fopen("build/test_report_window.html", "rb");
	assert_non_null(f);
	char *buf = malloc(1 << 16);
	size_t n = fread(buf, 1, (1 << 16) - 1, f);
	buf[n] = 0;
	fclose(f);
	assert_non_null(strstr(buf, "The table is large"));
	free(buf);
	tw_battle_free(&b);

	play("scenarios/littlewars/hooks-farm.json", 100, 60, &b);
	for (int k = 0; k < b.nmoves; k++) {
		tw_vec2 lo, hi;
		assert_false(tw_battle_window(&b, k, -1, &lo, &hi));
	}
	tw_battle_free(&b);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_window_draws_that_part_of_the_table),
	    cmocka_unit_test(test_report_window_holds_the_moves_action),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
