// Hidden information of the large Country and the Kriegspiel through the server (LW.BIG.2,
// KS.RE.7): what a box holds, and an engineer's hidden work or mine, never reach a WebSocket of
// a seat that may not see them (the enemy, a spectator); the owner and the umpire receive them.
// As test_server.c's curtain test, on the messages themselves.
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rules/littlewars/lw_big.h"
#include "rules/littlewars/lw_boxes.h"
#include "scene.h"
#include "tinwar/io.h"
#include "tinwar/server.h"
#include "ws_test.h"
#include "srv_test.h"

typedef struct game_ref {
	char id[17];
	char token[4][33]; // red, blue, umpire, spectator
} game_ref;

static tw_server *start(void) { return tw_test_server(NULL, 1 << 20); }

static void create(tw_server *s, const char *req, game_ref *g)
{
	json_t *j = tw_test_ws_create(s, req);
	tw_test_ws_tokens(j, g->id, g->token, 4);
	json_decref(j);
}

static tw_wsc *join(tw_server *s, const game_ref *g, int seat)
{
	return tw_test_ws_join(s, g->id, g->token[seat], NULL);
}

// Red boxes a cavalryman and three infantry (ids 0-3) with his gun 0 (lw-box: they are its crew)
// and sets engineers 4-5 to a mine at (217.25, 23.75) (a place nothing else is); blue is far off.
static char *scenario(void)
{
	tw_state *s = tw_test_lw_state(600, 400, 3, 0);
	LWG(s)->draw_at = 1;
	tw_test_man(s, 0, TW_FK_CAVALRY, 100, 20);
	tw_test_row(s, 0, TW_FK_INFANTRY, 3, 101.5, 20, 1.0);
	tw_test_row(s, 0, TW_FK_INFANTRY, 2, 217, 20, 1.0);
	tw_test_row(s, 0, TW_FK_INFANTRY, 4, 400, 20, 1.0); // 10 men a side (LW.VAR.4), 4 of them boxed
	tw_test_man(s, 1, TW_FK_CAVALRY, 100, 380);
	tw_test_row(s, 1, TW_FK_INFANTRY, 9, 300, 380, 1.0);
	int gun = tw_test_gun(s, 0, 102, 24, 0);
	tw_error err = {0};
	tw_order *b = tw_test_order(LW_OT_BOX, 0);
	for (int i = 0; i < 4; i++)
		b->fig[b->nfig++] = i;
	b->gun = gun;
	assert_int_equal(tw_test_apply(s, b, &err), TW_OK);
	tw_order *w = tw_test_order(LW_OT_WORK, 0);
	w->n = LW_KS_MINE;
	w->fig[w->nfig++] = 4;
	w->fig[w->nfig++] = 5;
	w->has_target = true;
	w->target = tw_v2(217.25, 23.75);
	assert_int_equal(tw_test_apply(s, w, &err), TW_OK);
	json_t *j = tw_state_to_json(s);
	json_t *req = json_pack("{s:o, s:{s:b}}", "scenario", j, "clock", "enabled", 0);
	char *txt = json_dumps(req, JSON_COMPACT);
	json_decref(req);
	tw_test_free(s);
	return txt;
}

static bool has(const char *m, const char *needle) { return strstr(m, needle) != NULL; }

static void test_LW_BIG_2_KS_RE_7_nothing_hidden_reaches_the_enemy(void **state)
{
	(void)state;
	tw_server *srv = start();
	char *req = scenario();
	game_ref g;
	create(srv, req, &g);
	free(req);
	tw_wsc *c[4];
	int cur[4] = {0, 0, 0, 0};
	for (int i = 0; i < 4; i++) {
		c[i] = join(srv, &g, i);
		json_decref(tw_wsc_wait(c[i], "state", &cur[i], 3.0));
	}
	// Red ends his move (works go on, events flow), blue ends his.
	tw_wsc_send(c[0], "{\"type\":\"order\",\"id\":1,\"order\":{\"type\":\"end_move\"}}", 57);
	json_decref(tw_wsc_wait(c[0], "result", &cur[0], 5.0));
	tw_wsc_send(c[1], "{\"type\":\"order\",\"id\":2,\"order\":{\"type\":\"end_move\"}}", 57);
	json_decref(tw_wsc_wait(c[1], "result", &cur[1], 5.0));
	usleep(300000);
	for (int i = 0; i < 4; i++) {
		bool sees = i == 0 || i == 2; // red and the umpire
		int n = tw_wsc_count(c[i]);
		assert_true(n > 2);
		bool saw_mine = false, saw_box = false, saw_cav0 = false, saw_gun = false;
		for (int k = 0; k < n; k++) {
			char *m = tw_wsc_msg(c[i], k);
			if (strncmp(m, "{\"type\":\"hello\"", 15) == 0) { // the rule set's schema: field names only
				assert_false(has(m, "217.25"));
				free(m);
				continue;
			}
			saw_mine |= has(m, "217.25") || has(m, "\"nwork\"") || has(m, "\"work_kind\"") || has(m, "\"work\":0");
			saw_box |= has(m, "\"box\":0");
			saw_gun |= has(m, "\"boxed\":1"); // lw-box: the boxed gun's mark is the owner's
			// Figure 0 is red's boxed cavalryman: his arm must not show in the enemy's view.
			json_t *j = json_loads(m, 0, NULL);
			assert_non_null(j);
			json_t *st = json_object_get(j, "state");
			if (st) {
				json_t *f0 = json_array_get(json_object_get(st, "figures"), 0);
				const char *kind = json_string_value(json_object_get(f0, "kind"));
				saw_cav0 |= kind && strcmp(kind, "cavalry") == 0;
				// Every seat sees where red's box stands (LW.BIG.2: the box is seen).
				json_t *red = json_array_get(json_object_get(st, "sides"), 0);
				json_t *bx = json_object_get(json_object_get(red, "data"), "box_x");
				assert_non_null(bx);
				assert_true(json_number_value(json_array_get(bx, 0)) > 100.0);
				// lw-box: the boxed gun stands at the box for red and the umpire, nowhere for the rest.
				json_t *at = json_object_get(json_array_get(json_object_get(st, "guns"), 0), "at");
				double gx = json_number_value(json_array_get(at, 0));
				saw_gun |= gx > 100.0;
				if (!sees)
					assert_true(gx == -1.0);
			}
			json_decref(j);
			free(m);
		}
		if (sees) {
			assert_true(saw_mine);
			assert_true(saw_box);
			assert_true(saw_cav0);
			assert_true(saw_gun);
		} else {
			if (saw_mine || saw_box || saw_cav0 || saw_gun)
				fail_msg("seat %d received red's hidden box or work (mine %d box %d cavalry %d gun %d)", i, saw_mine,
					 saw_box, saw_cav0, saw_gun);
		}
	}
	for (int i = 0; i < 4; i++)
		tw_wsc_close(c[i]);
	tw_server_stop(srv);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_LW_BIG_2_KS_RE_7_nothing_hidden_reaches_the_enemy),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
