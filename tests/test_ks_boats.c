// The Kriegspiel's boats on the table (stop 34, KS.FORM.1, KS.MOV.1): infantry embark beside a
// boat (2 moves per 20 men before it may put off), the boat goes 12 in along the river, and the
// men land on the bank beside it (1 move per 20 men: their move). Before, lw_ks_form_halves gave
// the cost and no order spent it, and no table had a boat. Exact throughout.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "rules/littlewars/lw_big.h"
#include "rules/littlewars/lw_seats.h"
#include "scene.h"
#include "server/srv.h"
#include "tinwar/io.h"

#define INF TW_FK_INFANTRY
#define CAV TW_FK_CAVALRY

// A Kriegspiel on 200 x 200 in (game move 5, red to move) with a river from y = 100 to 104 across
// the table and red's boat 0 in it at (50, 102).
static tw_state *river_scene(void)
{
	tw_state *s = tw_test_ks_field();
	tw_test_box(s, TW_TER_RIVER, 0, 100, 200, 104, 0);
	lw_side *sd = LWS(s, 0);
	sd->nboat = 1;
	sd->boat_x[0] = 50;
	sd->boat_y[0] = 102;
	return s;
}

static tw_order *embark(int boat, int first, int count)
{
	tw_order *o = tw_test_order(LW_OT_BOAT_EMBARK, 0);
	o->n = boat;
	for (int i = 0; i < count; i++)
		o->fig[o->nfig++] = first + i;
	return o;
}

static tw_order *boat_move(int boat, double x, double y)
{
	tw_order *o = tw_test_order(LW_OT_BOAT_MOVE, 0);
	o->n = boat;
	o->path[o->npath++] = tw_v2(x, y);
	return o;
}

static tw_order *land(int boat, double x, double y)
{
	tw_order *o = tw_test_order(LW_OT_BOAT_LAND, 0);
	o->n = boat;
	o->target = tw_v2(x, y);
	o->has_target = true;
	return o;
}

// Red's next own move (game moves go red, blue, red ...).
static void next_own_move(tw_state *s)
{
	s->move_no += 2;
	s->mover = 0;
	LWG(s)->men_moved = 0;
}

// Applies o, which must be accepted, and returns its first event's text.
static void apply_text(tw_state *s, const tw_order *o, char *text, size_t n)
{
	tw_events ev = {0};
	tw_apply_ctx ctx = {tw_shot_model_fast()};
	tw_error err;
	tw_error_clear(&err);
	tw_status st = tw_state_apply(s, o, &ctx, &ev, &err);
	if (st != TW_OK)
		fail_msg("refused (%s): %s", err.clause, err.message);
	assert_true(ev.n >= 1);
	snprintf(text, n, "%s | %s", ev.v[0].clause, ev.v[0].text);
	tw_events_free(&ev);
}

// KS.FORM.1: 20 men embark, 10 from each bank, within 6 in of the boat; a boat holds 20; 2 moves
// per 20 men (group rounded up) before it may put off: this move and the next own move.
static void test_KS_FORM_1_embark_two_moves_per_20(void **st)
{
	(void)st;
	tw_state *s = river_scene();
	int a = tw_test_row(s, 0, INF, 10, 45.5, 98, 1.0);  // the south bank
	int b = tw_test_row(s, 0, INF, 10, 45.5, 106, 1.0); // the north bank (ids a+10 ..)
	int c = tw_test_man(s, 0, INF, 50, 96);
	assert_int_equal(b, a + 10);
	tw_test_refused_with(s, embark(0, a, 21), "KS.FORM.1", "boat 0 holds 20 men: 0 aboard and 21 more is 21");
	char text[256];
	apply_text(s, embark(0, a, 20), text, sizeof text);
	assert_string_equal(text, "KS.FORM.1 | 20 men of red embark in boat 0 (2 moves); it may put off in game move 9");
	for (int i = a; i < a + 20; i++) {
		assert_int_equal(s->fig[i].status, TW_FS_RESERVE);
		assert_int_equal(LWF(s, &s->fig[i])->boat, 1);
		assert_true(s->fig[i].pos.x == 50 && s->fig[i].pos.y == 102);
	}
	assert_int_equal(lw_boat_riders(s, 0, 0), 20);
	assert_int_equal(LWS(s, 0)->boat_ready[0], 9);
	tw_test_refused_with(s, embark(0, c, 1), "KS.FORM.1", "boat 0 holds 20 men: 20 aboard and 1 more is 21");
	tw_test_refused_with(s, boat_move(0, 60, 102), "KS.FORM.1", "taking men aboard: it may put off in game move 9");
	next_own_move(s); // game move 7: the second move of embarking
	tw_test_refused_with(s, boat_move(0, 60, 102), "KS.FORM.1", "it may put off in game move 9");
	next_own_move(s); // game move 9
	tw_test_ok(s, boat_move(0, 62, 102));
	for (int i = a; i < a + 20; i++)
		assert_true(s->fig[i].pos.x == 62 && s->fig[i].pos.y == 102);
	tw_test_free(s);
}

// KS.FORM.1: one man is a group of 20 rounded up: still 2 moves. Boats are the infantry's (the
// rule sits under the infantry's heading), for men who have not moved, within 6 in, in a
// Kriegspiel only.
static void test_KS_FORM_1_embark_refusals(void **st)
{
	(void)st;
	tw_state *s = river_scene();
	int a = tw_test_man(s, 0, INF, 50, 98);
	int far = tw_test_man(s, 0, INF, 50, 95); // 7 in from the boat's middle, 6.7 from his edge
	int cav = tw_test_man(s, 0, CAV, 52, 98);
	int eng = tw_test_man(s, 0, INF, 48, 98);
	LWF(s, &s->fig[eng])->arm = LW_ARM_RE;
	int mover = tw_test_man(s, 0, INF, 54, 97);
	int enemy = tw_test_man(s, 1, INF, 46, 106);
	tw_test_refused_with(s, embark(0, far, 1), "KS.FORM.1", "man 1 is 6.7 in from boat 0: men embark at the boat");
	tw_test_refused_with(s, embark(0, cav, 1), "KS.FORM.1", "man 2 is of the cavalry: boats are the infantry's");
	tw_test_refused_with(s, embark(0, eng, 1), "KS.FORM.1", "man 3 is of the engineers: boats are the infantry's");
	tw_test_refused_with(s, embark(0, enemy, 1), "KS.FORM.1", "is no free man of red to embark");
	tw_test_refused_with(s, embark(1, a, 1), "KS.FORM.1", "red has no boat 1");
	tw_test_ok(s, tw_test_move_to(0, mover, 54, 98));
	tw_test_refused_with(s, embark(0, mover, 1), "KS.FORM.1", "has moved in this move: embarking takes moves of his own");
	tw_order *twice = embark(0, a, 1);
	twice->fig[twice->nfig++] = a;
	tw_test_refused_with(s, twice, "KS.FORM.1", "man 0 is named twice");
	char text[256];
	apply_text(s, embark(0, a, 1), text, sizeof text);
	assert_string_equal(text, "KS.FORM.1 | 1 man of red embarks in boat 0 (2 moves); it may put off in game move 9");
	LWG(s)->ks = 0;
	tw_test_refused_with(s, boat_move(0, 55, 102), "KS.FORM.1", "boats are the Kriegspiel's");
	tw_test_free(s);
}

// KS.MOV.1: a boat goes 12 in, every point of its path on the river (a bridge over it and a ford
// in it are river too); LW.BIG.8's outdoor factor lengthens it; once a move.
static void test_KS_MOV_1_boat_along_the_river(void **st)
{
	(void)st;
	tw_state *s = river_scene();
	tw_test_box(s, TW_TER_BRIDGE, 58, 98, 61, 106, 0.5);
	tw_test_refused_with(s, boat_move(0, 62.5, 102), "KS.MOV.1", "boat 0 may go 12 in, not 12.50 in");
	tw_test_refused_with(s, boat_move(0, 55, 106), "KS.MOV.1", "a boat keeps to the river: (52.6, 104.1) is not on it");
	tw_order *bend = boat_move(0, 56, 103.5);
	bend->path[bend->npath++] = tw_v2(55, 105); // off the water on the second leg
	tw_test_refused_with(s, bend, "KS.MOV.1", "is not on it");
	char text[256];
	apply_text(s, boat_move(0, 62, 102), text, sizeof text); // under the bridge
	assert_string_equal(text, "KS.MOV.1 | red's boat 0 goes 12.0 in to (62.0, 102.0)");
	tw_test_refused_with(s, boat_move(0, 63, 102), "KS.FORM.1", "boat 0 has moved in this move");
	next_own_move(s);
	LWG(s)->big_outdoor = 1.5; // LW.BIG.8
	tw_test_refused_with(s, boat_move(0, 80.5, 102), "KS.MOV.1", "boat 0 may go 18 in, not 18.50 in");
	tw_test_ok(s, boat_move(0, 80, 102));
	tw_test_free(s);
}

// KS.FORM.1: disembarking takes 1 move per 20 men, so landing is the men's move; they stand in a
// square 1.25 in apart about the point named, within 6 in of the boat, on dry ground; not in a
// move the boat moved.
static void test_KS_FORM_1_land(void **st)
{
	(void)st;
	tw_state *s = river_scene();
	int a = tw_test_row(s, 0, INF, 4, 48, 98, 1.0);
	tw_test_refused_with(s, land(0, 50, 107), "KS.FORM.1", "nobody is aboard boat 0");
	tw_test_ok(s, embark(0, a, 4));
	next_own_move(s);
	next_own_move(s); // game move 9: the boat may go
	tw_test_ok(s, boat_move(0, 60, 102));
	tw_test_refused_with(s, land(0, 60, 107), "KS.FORM.1", "boat 0 has moved in this move: landing takes a move of its own");
	next_own_move(s); // 11
	tw_test_refused_with(s, land(0, 60, 108.5), "KS.FORM.1", "(60.0, 108.5) is 6.5 in from boat 0");
	tw_test_refused_with(s, land(0, 60, 104.5), "KS.FORM.1", "man 0 cannot land at (59.38, 103.88): figure 0 would stand in the river at (59.38, 103.88) (LW.C.4)");
	int there = tw_test_man(s, 1, INF, 60.625, 107.625);
	tw_test_refused_with(s, land(0, 60, 107), "KS.FORM.1", "man 3 cannot land at (60.62, 107.62): figure 4 stands there");
	s->fig[there].status = TW_FS_DEAD;
	char text[256];
	apply_text(s, land(0, 60, 107), text, sizeof text);
	assert_string_equal(text, "KS.FORM.1 | 4 men of red land from boat 0 at (60.0, 107.0)");
	static const double want[4][2] = {{59.375, 106.375}, {60.625, 106.375}, {59.375, 107.625}, {60.625, 107.625}};
	for (int i = 0; i < 4; i++) {
		const tw_figure *f = &s->fig[a + i];
		assert_int_equal(f->status, TW_FS_ACTIVE);
		assert_int_equal(LWF(s, f)->boat, 0);
		assert_true(f->pos.x == want[i][0] && f->pos.y == want[i][1]);
	}
	assert_int_equal(lw_boat_riders(s, 0, 0), 0);
	// Landing was their move; the boat waits out the move too.
	tw_test_refused_with(s, tw_test_move_to(0, a, 59.375, 110), "LW.MV.12", "has already moved in this move");
	tw_test_refused_with(s, boat_move(0, 62, 102), "KS.FORM.1", "it may put off in game move 12");
	next_own_move(s);
	tw_test_ok(s, tw_test_move_to(0, a, 59.375, 110));
	tw_test_free(s);
}

// KS.GEN.1: a boat's orders are the arm's whose men it carries; an empty boat's the General's.
static void test_KS_FORM_1_boat_orders_by_seat(void **st)
{
	(void)st;
	tw_state *s = river_scene();
	s->params[LWP_SEATS] = 1;
	LWS(s, 0)->ks_arms = 1u << LW_ARM_INFANTRY | 1u << LW_ARM_CAVALRY;
	int a = tw_test_row(s, 0, INF, 2, 49, 98, 1.0);
	tw_test_man(s, 0, CAV, 80, 20);
	tw_role_def roles[16];
	int n = lw_roles(s, roles, 16);
	const tw_role_def *chief = NULL, *inf = NULL, *cav = NULL;
	for (int k = 0; k < n; k++) {
		if (roles[k].side == 0 && roles[k].kind == TW_ROLE_CHIEF)
			chief = &roles[k];
		if (roles[k].side == 0 && strcmp(roles[k].name, "infantry") == 0)
			inf = &roles[k];
		if (roles[k].side == 0 && strcmp(roles[k].name, "cavalry") == 0)
			cav = &roles[k];
	}
	assert_non_null(chief);
	assert_non_null(inf);
	assert_non_null(cav);
	tw_error err;
	tw_error_clear(&err);
	assert_int_equal(lw_role_may(s, inf, boat_move(0, 55, 102), &err), TW_ERR_ILLEGAL); // empty: the General's
	assert_string_equal(err.clause, "KS.GEN.1");
	assert_int_equal(lw_role_may(s, chief, boat_move(0, 55, 102), &err), TW_OK);
	assert_int_equal(lw_role_may(s, cav, embark(0, a, 2), &err), TW_ERR_ILLEGAL);
	tw_test_ok(s, embark(0, a, 2));
	assert_int_equal(lw_role_may(s, inf, land(0, 50, 97), &err), TW_OK);
	assert_int_equal(lw_role_may(s, cav, land(0, 50, 97), &err), TW_ERR_ILLEGAL);
	assert_non_null(strstr(err.message, "boat 0 carries men of the infantry"));
	tw_test_free(s);
}

// The men aboard count on the field (LW.VAR.1), are seen by every seat (tw_state_pieces), and a
// state with them aboard saves and loads to the same hash; a loaded state's boats are checked
// (KS.FORM.1/KS.MOV.1: on a river, the Kriegspiel's, 20 men at most).
static void test_KS_FORM_1_aboard_on_the_field_and_saved(void **st)
{
	(void)st;
	tw_state *s = river_scene();
	int a = tw_test_row(s, 0, INF, 3, 49, 98, 1.0);
	tw_test_man(s, 1, INF, 100, 190);
	assert_int_equal(lw_free_on_field(s, 0), 3);
	tw_test_ok(s, embark(0, a, 3));
	assert_int_equal(lw_free_on_field(s, 0), 3);
	tw_piece p[8];
	int n = tw_state_pieces(s, 1, p, 8); // the enemy's seat
	assert_int_equal(n, 1);
	assert_int_equal(p[0].kind, TW_PIECE_BOAT);
	assert_false(p[0].hidden);
	assert_int_equal(p[0].men[INF], 3);
	assert_true(p[0].pos.x == 50 && p[0].pos.y == 102);
	// The browser table's state message (src/server/pieces.c): the boat, its clause, its men.
	json_t *pj = srv_pieces_json(s, 1);
	char *txt = json_dumps(pj, JSON_SORT_KEYS | JSON_COMPACT);
	assert_string_equal(txt, "[{\"bearing\":90.0,\"clause\":\"KS.FORM.1\",\"guns\":0,\"hidden\":false,\"index\":0,"
				 "\"kind\":\"boat\",\"men\":{\"infantry\":3},\"side\":\"red\",\"trucks\":0,\"x\":50.0,\"y\":102.0}]");
	free(txt);
	json_decref(pj);
	json_t *j = tw_state_to_json(s);
	assert_non_null(j);
	tw_state t;
	memset(&t, 0, sizeof t);
	tw_error err;
	tw_error_clear(&err);
	assert_int_equal(tw_state_from_json(&t, j, &err), TW_OK);
	assert_int_equal(tw_state_hash(&t), tw_state_hash(s));
	assert_int_equal(LWF(&t, &t.fig[a])->boat, 1);
	tw_state_free(&t);
	json_decref(j);
	assert_int_equal(lw_big_check_state(s, &err), TW_OK);
	LWS(s, 0)->boat_y[0] = 110;
	assert_int_equal(lw_big_check_state(s, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "KS.MOV.1");
	assert_string_equal(err.message, "red's boat 0 at (50.0, 110.0) is not on a river");
	LWS(s, 0)->boat_y[0] = 102;
	LWF(s, &s->fig[a])->boat = 2;
	assert_int_equal(lw_big_check_state(s, &err), TW_ERR_INPUT);
	assert_string_equal(err.message, "figure 0 is aboard boat 1, but red has 1 boat");
	LWF(s, &s->fig[a])->boat = 1;
	LWG(s)->ks = 0;
	assert_int_equal(lw_big_check_state(s, &err), TW_ERR_INPUT);
	assert_string_equal(err.message, "red has boats, but boats are the Kriegspiel's");
	tw_test_free(s);
}

// The generated Kriegspiel and the bundled one have a boat a side, on the river.
static void test_KS_MOV_1_generated_and_bundled_boats(void **st)
{
	(void)st;
	tw_state g;
	memset(&g, 0, sizeof g);
	tw_error err;
	assert_int_equal(tw_scenario_generate_variant(&g, "littlewars", 1913, 0, 0, "kriegspiel", &err), TW_OK);
	tw_state b;
	memset(&b, 0, sizeof b);
	assert_int_equal(tw_state_load(&b, TW_SOURCE_DIR "/scenarios/littlewars/kriegspiel.json", &err), TW_OK);
	for (int side = 0; side < 2; side++) {
		assert_int_equal(LWS(&g, side)->nboat, 1);
		assert_int_equal(LWS(&b, side)->nboat, 1);
		assert_true(LWS(&g, side)->boat_x[0] == (side ? 180 : 60));
		assert_true(lw_on_river(&g, tw_v2(LWS(&g, side)->boat_x[0], LWS(&g, side)->boat_y[0])));
		assert_true(lw_on_river(&b, tw_v2(LWS(&b, side)->boat_x[0], LWS(&b, side)->boat_y[0])));
	}
	// The river at x = 60 runs from 161.75 to 164.75 in the 1/4 in steps: the boat in the middle.
	assert_true(LWS(&g, 0)->boat_y[0] == 163.25);
	// Pictures draw it along the river: the nearest edge runs (40, 154.8) to (80, 174.9), 63.3 degrees.
	tw_piece p[8];
	int n = tw_state_pieces(&g, 0, p, 8);
	assert_int_equal(n, 4); // a train and a boat a side
	assert_int_equal(p[1].kind, TW_PIECE_BOAT);
	assert_true(p[1].bearing > 63.2 && p[1].bearing < 63.4);
	tw_state_free(&g);
	tw_state_free(&b);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_KS_FORM_1_embark_two_moves_per_20),
		cmocka_unit_test(test_KS_FORM_1_embark_refusals),
		cmocka_unit_test(test_KS_MOV_1_boat_along_the_river),
		cmocka_unit_test(test_KS_FORM_1_land),
		cmocka_unit_test(test_KS_FORM_1_boat_orders_by_seat),
		cmocka_unit_test(test_KS_FORM_1_aboard_on_the_field_and_saved),
		cmocka_unit_test(test_KS_MOV_1_generated_and_bundled_boats),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
