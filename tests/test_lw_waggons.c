// Waggons, ammunition carts and depots on the table (lw_waggons.c; issue 18): LW.BIG.5-7,
// KS.MOV.1, KS.SH.4, KS.RE.2/3 and the generated Countries placing them. Exact values; every
// refusal names its clause and leaves the state as it was (tw_test_expect_refused).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "rules/littlewars/lw_waggons.h"
#include "scene.h"

// The shared helpers (tests/support/scene.c) under this file's names.
#define ok tw_test_ok

static int waggon(tw_state *s, int side, double x, double y, bool cart)
{
	int id = tw_test_man(s, side, TW_FK_WAGGON, x, y);
	s->fig[id].radius = cart ? LW_CART_RADIUS : LW_WAGGON_RADIUS;
	s->fig[id].height = cart ? LW_CART_HEIGHT : LW_WAGGON_HEIGHT;
	LWF(s, &s->fig[id])->arm = (int8_t)(cart ? LW_ARM_RA : LW_ARM_TS);
	return id;
}

static tw_order *move_to(int fig, double x, double y) { return tw_test_move_to(0, fig, x, y); }

// A red road up x = 50 (y 0 to 300); red's waggon 0 on it at (50, 20), a second waggon 1 off it
// at (150, 20); a blue man far off. Game move 3, red to move, no multiplier.
static tw_state *roadside(void)
{
	tw_state *s = tw_test_lw_state(300, 300, 3, 0);
	LWG(s)->draw_at = 1;
	tw_test_box(s, TW_TER_ROAD, 47, 0, 53, 300, 0.05);
	waggon(s, 0, 50, 20, false);
	waggon(s, 0, 150, 20, false);
	tw_test_man(s, 1, TW_FK_INFANTRY, 280, 290);
	return s;
}

// LW.BIG.7: a waggon whose whole path keeps to the road goes 1.5 x the infantry's 12 in: 18 in,
// not 18.5 (refused naming LW.BIG.7); across country 12 in, not 12.5 (LW.MOB.2: the infantry's
// pace, the book gives waggons no other).
static void test_LW_BIG_7_waggon_on_the_road(void **state)
{
	(void)state;
	tw_state *s = roadside();
	tw_test_expect_refused(s, move_to(0, 50, 38.5), "LW.BIG.7");
	ok(s, move_to(0, 50, 38));
	assert_true(s->fig[0].pos.y == 38.0);
	tw_test_expect_refused(s, move_to(1, 150, 32.5), "LW.MOB.2");
	ok(s, move_to(1, 150, 32));
	// Under the large Country's 2x the road gives 36 in.
	tw_state *t = roadside();
	LWG(t)->big_mult = 2;
	tw_test_expect_refused(t, move_to(0, 50, 56.5), "LW.BIG.7");
	ok(t, move_to(0, 50, 56));
	tw_test_free(t);
	tw_test_free(s);
}

// KS.MOV.1: in the Kriegspiel Transport & Supply go 12 in on a road and 6 in across country.
static void test_KS_MOV_1_waggon_pace(void **state)
{
	(void)state;
	tw_state *s = roadside();
	LWG(s)->ks = 1;
	tw_test_expect_refused(s, move_to(0, 50, 32.5), "KS.MOV.1");
	ok(s, move_to(0, 50, 32));
	tw_test_expect_refused(s, move_to(1, 150, 26.5), "KS.MOV.1");
	ok(s, move_to(1, 150, 26));
	tw_test_free(s);
}

// LW.BIG.5 with the supply option: a man may not march beyond six moves (72 in at 1x) of his
// side's waggons; a man already beyond may move only nearer to them; a waggon may not drive off
// and leave men beyond its reach. Off (the default), all of it goes. A cart is no supply waggon.
static void test_LW_BIG_5_supply_option(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(400, 400, 3, 0);
	LWG(s)->draw_at = 1;
	int w = waggon(s, 0, 100, 20, false);                    // 0
	int c = waggon(s, 0, 300, 100, true);                    // 1: a cart
	int a = tw_test_man(s, 0, TW_FK_INFANTRY, 100, 90);      // 2: 68.9 in from the waggon's edge
	int b = tw_test_man(s, 0, TW_FK_INFANTRY, 300, 110);     // 3: far beyond, by the cart
	tw_test_man(s, 1, TW_FK_INFANTRY, 390, 390);
	s->params[LWP_WAGGONS] = 1;
	assert_int_equal(lw_waggons_within_reach(s, &s->fig[a], 0), 1);
	assert_int_equal(lw_waggons_within_reach(s, &s->fig[b], 0), 0);
	// a to 101.6: 81.6 - 1.1 = 80.5 in: beyond 72.
	tw_test_expect_refused(s, move_to(a, 100, 101.6), "LW.BIG.5");
	ok(s, move_to(a, 100, 92.6)); // 72.6 - 0.3 - 0.8 = 71.5 in: within
	// b is beyond: he may come nearer, not go farther.
	tw_test_expect_refused(s, move_to(b, 300, 115), "LW.BIG.5");
	ok(s, move_to(b, 295, 100));
	// The waggon may not leave a within reach (71.5 in now): 1 in back is 72.5.
	tw_test_expect_refused(s, move_to(w, 100, 19), "LW.BIG.5");
	ok(s, move_to(w, 100, 25));
	(void)c;
	// At the end of the move: 1 waggon for 2 men (1 needed), b still beyond: the event says so.
	tw_events ev = {0};
	tw_error err = {0};
	tw_order *end = tw_test_order(LW_OT_END_MOVE, 0);
	assert_int_equal(tw_state_apply(s, end, NULL, &ev, &err), TW_OK);
	bool said = false;
	for (int i = 0; i < ev.n; i++)
		if (strcmp(ev.v[i].clause, "LW.BIG.5") == 0) {
			said = true;
			assert_int_equal(ev.v[i].a, 1);
			assert_int_equal(ev.v[i].b, 1);
			assert_true(ev.v[i].v == 1.0);
		}
	assert_true(said);
	tw_events_free(&ev);
	tw_test_free(s);
	// The option off: b walks away.
	s = tw_test_lw_state(400, 400, 3, 0);
	LWG(s)->draw_at = 1;
	waggon(s, 0, 100, 20, false);
	b = tw_test_man(s, 0, TW_FK_INFANTRY, 300, 110);
	tw_test_man(s, 1, TW_FK_INFANTRY, 390, 390);
	ok(s, move_to(b, 300, 115));
	tw_test_free(s);
}

static tw_order *fire_at(double x, double y)
{
	tw_order *o = tw_test_order(LW_OT_FIRE, 0);
	o->gun = 0;
	o->has_target = true;
	o->target = tw_v2(x, y);
	return o;
}

// LW.BIG.6 with the ammunition option: a gun fires only with one of its side's carts within two
// moves (24 in at 1x, measured from the gun's nearest point to the cart's base edge): none on the
// table, or one at 24.5 in, is refused naming LW.BIG.6; at 24 in it fires. A supply waggon is no
// cart. In the Kriegspiel guns carry unlimited ammunition (KS.SUP.8): not asked.
static void test_LW_BIG_6_gun_fires_only_with_a_cart(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(200, 200, 5, 0);
	s->params[LWP_AIM_SIGMA] = 0;
	tw_test_gun(s, 0, 100, 40, 0); // muzzle towards +y; trail 3 in back to (100, 37)
	tw_test_row(s, 0, TW_FK_INFANTRY, 4, 97, 35, 2.0);
	tw_test_man(s, 1, TW_FK_INFANTRY, 100, 150);
	s->params[LWP_AMMUNITION] = 1;
	tw_test_expect_refused(s, fire_at(100, 150), "LW.BIG.6");
	int w = waggon(s, 0, 100, 20, false); // a supply waggon: no ammunition
	tw_test_expect_refused(s, fire_at(100, 150), "LW.BIG.6");
	int c = waggon(s, 0, 160, 40, true);
	double gap = tw_gun_distance(&s->gun[0], s->fig[c].pos) - LW_CART_RADIUS;
	s->fig[c].pos.x -= gap - 24.5; // 24.5 in from the gun's nearest point
	tw_test_expect_refused(s, fire_at(100, 150), "LW.BIG.6");
	s->fig[c].pos.x -= 0.5; // 24 in
	LWG(s)->ks = 1;         // KS.SUP.8: not asked in the Kriegspiel
	s->fig[c].pos.x += 10;
	tw_error err = {0};
	tw_order *o = fire_at(100, 150);
	assert_int_equal(tw_ruleset_get(s->ruleset)->validate(s, o, &err), TW_OK);
	LWG(s)->ks = 0;
	tw_test_expect_refused(s, fire_at(100, 150), "LW.BIG.6");
	s->fig[c].pos.x -= 10;
	ok(s, fire_at(100, 150));
	(void)w;
	tw_test_free(s);
}

// KS.SH.4: a waggon or cart with any part within 3 in of the shell is destroyed (a waggon's base
// is 0.8 in: its centre 3.8 in away is inside, 3.81 in is not); the men are counted without it.
static void test_KS_SH_4_shell_destroys_waggons(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(100, 100, 5, 0);
	LWG(s)->ks = 1;
	int w = waggon(s, 1, 53.8, 50, false);
	int v = waggon(s, 1, 46.19, 50, false);
	int c = waggon(s, 1, 50, 53.6, true);
	int m = tw_test_man(s, 1, TW_FK_INFANTRY, 50, 48);
	tw_events ev = {0};
	lw_ks_shell_waggons(s, tw_v2(50, 50), &ev);
	assert_int_equal(s->fig[w].status, TW_FS_DEAD);
	assert_int_equal(s->fig[v].status, TW_FS_ACTIVE);
	assert_int_equal(s->fig[c].status, TW_FS_DEAD);
	assert_int_equal(ev.n, 2);
	assert_string_equal(ev.v[0].clause, "KS.SH.4");
	assert_int_equal(ev.v[0].a, w);
	assert_non_null(strstr(ev.v[1].text, "ammunition cart"));
	lw_ks_shell_result r;
	lw_ks_shell(s, tw_v2(50, 50), &r, &ev); // KS.SH.2: one man in the zone (the spared waggon is 3.01 in off)
	assert_int_equal(r.in_zone[1], 1);
	assert_int_equal(r.killed[1], 1);
	assert_int_equal(s->fig[m].status, TW_FS_DEAD);
	tw_events_free(&ev);
	tw_test_free(s);
}

static int end_moves_until(tw_state *s, const char *clause, int max, tw_events *keep)
{
	tw_error err = {0};
	for (int k = 0; k < max; k++) {
		tw_events ev = {0};
		assert_int_equal(tw_state_apply(s, tw_test_order(LW_OT_END_MOVE, s->mover), NULL, &ev, &err), TW_OK);
		bool seen = false;
		for (int i = 0; i < ev.n; i++)
			seen = seen || strcmp(ev.v[i].clause, clause) == 0;
		if (seen) {
			*keep = ev;
			return k + 1;
		}
		tw_events_free(&ev);
	}
	return -1;
}

// KS.RE.3: four men destroy the contents of 6 waggons in 1 move: begun in red's move 3, done at
// the end of red's next move; the 6 enemy waggons nearest the work within 6 in are destroyed,
// the 7th and red's own are not.
static void test_KS_RE_3_wreck_waggons(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(200, 200, 3, 0);
	LWG(s)->draw_at = 1;
	tw_test_row(s, 0, TW_FK_INFANTRY, 4, 97, 100, 2.0); // 0-3
	int first = -1;
	for (int k = 0; k < 7; k++) { // 4-10: 1.9 in apart from x = 100.5
		int id = waggon(s, 1, 100.5 + 1.9 * (k % 4), 103 + 1.9 * (k / 4), false);
		first = first < 0 ? id : first;
	}
	int own = waggon(s, 0, 99, 96, false);
	tw_test_man(s, 1, TW_FK_INFANTRY, 190, 190);
	tw_order *o = tw_test_order(LW_OT_WORK, 0);
	o->n = LW_KS_WRECK_WAGGONS;
	for (int i = 0; i < 4; i++)
		o->fig[o->nfig++] = i;
	o->has_target = true;
	o->target = tw_v2(101, 102);
	// Three men are too few (KS.RE.3).
	tw_order *few = tw_test_order(LW_OT_WORK, 0);
	*few = *o;
	few->nfig = 3;
	tw_test_expect_refused(s, few, "KS.RE.3");
	ok(s, o);
	tw_events ev = {0};
	assert_int_equal(end_moves_until(s, "KS.RE.3", 4, &ev), 3); // red's move 3, blue's 4, red's 5
	int dead = 0, alive = -1;
	for (int k = 0; k < 7; k++) {
		if (s->fig[first + k].status == TW_FS_DEAD)
			dead++;
		else
			alive = first + k;
	}
	assert_int_equal(dead, 6);
	// The farthest from (101, 102): waggon 6 at (102.4, 104.9)? No: k = 3 at (106.2, 103), 5.3 in.
	assert_int_equal(alive, first + 3);
	assert_int_equal(s->fig[own].status, TW_FS_ACTIVE);
	tw_events_free(&ev);
	tw_test_free(s);
}

// KS.RE.2: one man burns an enemy depot of any size in 2 moves: the piece is marked burning and
// ruined, with an event; his own depot beside it is not touched.
static void test_KS_RE_2_burn_depot(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(200, 200, 3, 0);
	LWG(s)->draw_at = 1;
	int d = tw_test_box(s, TW_TER_HOUSE, 100, 100, 140, 120, 2.0);
	snprintf(s->table.terrain[d].name, sizeof s->table.terrain[d].name, "blue depot");
	int mine = tw_test_box(s, TW_TER_HOUSE, 60, 100, 64, 104, 2.0);
	snprintf(s->table.terrain[mine].name, sizeof s->table.terrain[mine].name, "red depot");
	int man = tw_test_man(s, 0, TW_FK_INFANTRY, 98, 110);
	tw_test_man(s, 1, TW_FK_INFANTRY, 190, 190);
	tw_order *o = tw_test_order(LW_OT_WORK, 0);
	o->n = LW_KS_BURN_DEPOT;
	o->fig[o->nfig++] = man;
	o->has_target = true;
	o->target = tw_v2(99, 110); // 1 in from the shed's wall
	ok(s, o);
	tw_events ev = {0};
	assert_int_equal(end_moves_until(s, "KS.RE.2", 8, &ev), 5); // 2 of red's moves after the one begun in
	assert_true(s->table.terrain[d].flags & TW_TF_BURNING);
	assert_true(s->table.terrain[d].flags & TW_TF_RUINED);
	assert_int_equal(s->table.terrain[mine].flags, 0);
	bool said = false;
	for (int i = 0; i < ev.n; i++)
		said = said || (strcmp(ev.v[i].clause, "KS.RE.2") == 0 && strstr(ev.v[i].text, "burns the blue depot"));
	assert_true(said);
	tw_events_free(&ev);
	tw_test_free(s);
}

static const tw_terrain *named(const tw_state *s, const char *name)
{
	for (int i = 0; i < s->table.nterrain; i++)
		if (strcmp(s->table.terrain[i].name, name) == 0)
			return &s->table.terrain[i];
	return NULL;
}

// The generated Countries (lw_gen_big.c): each side has one waggon per 50 men (188 men: 4,
// LW.BIG.5) and one cart per 3 guns (6 guns: 2, LW.BIG.6) after every other figure, unplaced,
// standing on its supply line; and a depot (KS.RE.2) touching no other solid piece.
static void test_LW_BIG_5_generated_waggons_and_depots(void **state)
{
	(void)state;
	const char *variants[] = {"large", "kriegspiel"};
	for (int v = 0; v < 2; v++) {
		tw_state a;
		memset(&a, 0, sizeof a);
		tw_error err = {0};
		assert_int_equal(tw_scenario_generate_variant(&a, "littlewars", 1913, 0, 0, variants[v], &err), TW_OK);
		int base = v == 0 ? 376 : 378;
		assert_int_equal(a.nfig, base + 12);
		for (int side = 0; side < 2; side++) {
			const tw_terrain *line = named(&a, side == 0 ? "red supply line" : "blue supply line");
			const tw_terrain *dep = named(&a, side == 0 ? "red depot" : "blue depot");
			assert_non_null(dep);
			assert_int_equal(dep->kind, TW_TER_HOUSE);
			for (int i = 0; i < a.table.nterrain; i++) {
				const tw_terrain *t = &a.table.terrain[i];
				if (t == dep || t->kind == TW_TER_HILL || t->kind == TW_TER_ROAD)
					continue;
				assert_true(t->hi.x < dep->lo.x || t->lo.x > dep->hi.x || t->hi.y < dep->lo.y || t->lo.y > dep->hi.y);
			}
			for (int k = 0; k < 6; k++) {
				const tw_figure *f = &a.fig[base + side * 6 + k];
				assert_int_equal(f->side, side);
				assert_int_equal(f->kind, TW_FK_WAGGON);
				assert_int_equal(f->status, TW_FS_UNPLACED);
				assert_int_equal(lw_is_cart(&a, f), k >= 4);
				assert_true(tw_terrain_contains(line, f->pos));
			}
		}
		tw_state_free(&a);
	}
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_LW_BIG_7_waggon_on_the_road),
		cmocka_unit_test(test_KS_MOV_1_waggon_pace),
		cmocka_unit_test(test_LW_BIG_5_supply_option),
		cmocka_unit_test(test_LW_BIG_6_gun_fires_only_with_a_cart),
		cmocka_unit_test(test_KS_SH_4_shell_destroys_waggons),
		cmocka_unit_test(test_KS_RE_3_wreck_waggons),
		cmocka_unit_test(test_KS_RE_2_burn_depot),
		cmocka_unit_test(test_LW_BIG_5_generated_waggons_and_depots),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
