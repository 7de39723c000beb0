// The large Country and the Kriegspiel as scenarios (issue 18): the multiplier on a man's own
// move (LW.BIG.1), the generator's two kinds (`tinwar new littlewars --large|--kriegspiel`,
// deterministic from the seed) and the scenario files scenarios/littlewars/large-country.json
// and kriegspiel.json. Exact values throughout.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

// cmocka needs the three headers above first.
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/littlewars/lw_big.h"
#include "rules/littlewars/lw_boxes.h"
#include "scene.h"

static tw_order *move_to(int fig, double x, double y) { return tw_test_move_to(0, fig, x, y); }

// LW.BIG.1: under 3x an infantryman goes 36 in and a cavalryman 72; more is refused naming
// LW.BIG.1 with the state unchanged; once the armies have closed, 12 in again (LW.MOB.2).
static void test_LW_BIG_1_man_moves_under_the_multiplier(void **state)
{
	(void)state;
	tw_state *s = tw_test_lw_state(600, 400, 3, 0);
	LWG(s)->draw_at = 1;
	LWG(s)->big_mult = 3;
	LWG(s)->big_close_ft = 12;
	int a = tw_test_man(s, 0, TW_FK_INFANTRY, 100, 20);
	int b = tw_test_man(s, 0, TW_FK_INFANTRY, 200, 20);
	int c = tw_test_man(s, 0, TW_FK_CAVALRY, 300, 20);
	tw_test_man(s, 1, TW_FK_INFANTRY, 300, 380); // far off: 12 ft and more away
	tw_error err = {0};
	assert_int_equal(lw_big_mult_now(s), 3);
	tw_test_expect_refused(s, move_to(a, 100, 56.5), "LW.BIG.1");
	assert_int_equal(tw_test_apply(s, move_to(a, 100, 56), &err), TW_OK);
	assert_true(s->fig[a].pos.y == 56.0);
	tw_test_expect_refused(s, move_to(c, 300, 92.5), "LW.BIG.1");
	assert_int_equal(tw_test_apply(s, move_to(c, 300, 92), &err), TW_OK);
	// The armies have closed: back to the man's own 12 in, refused under LW.MOB.2.
	LWG(s)->big_closed = 1;
	assert_int_equal(lw_big_mult_now(s), 1);
	tw_test_expect_refused(s, move_to(b, 200, 32.5), "LW.MOB.2");
	assert_int_equal(tw_test_apply(s, move_to(b, 200, 32), &err), TW_OK);
	tw_test_free(s);
}

static const tw_terrain *named(const tw_state *s, const char *name)
{
	for (int i = 0; i < s->table.nterrain; i++)
		if (strcmp(s->table.terrain[i].name, name) == 0)
			return &s->table.terrain[i];
	return NULL;
}

// What every large Country has (LW.BIG.5, 7, 9): a river; a railway from back line to back line
// crossing it by a railway bridge; each side's supply line from its own back line. The armies
// enter from the short ends, 30 ft apart (issue 18 lw-box: LW.BIG.4 lets them box at the start).
static void check_country(const tw_state *s)
{
	assert_true(s->table.width == 240.0 && s->table.depth == 360.0);
	const tw_terrain *river = named(s, "river"), *rail = named(s, "railway"), *rb = named(s, "railway bridge");
	assert_non_null(river);
	assert_non_null(rail);
	assert_non_null(rb);
	assert_int_equal(rail->kind, TW_TER_ROAD);
	assert_true(rail->lo.y == 0.0 && rail->hi.y == 360.0);
	assert_int_equal(rb->kind, TW_TER_BRIDGE);
	assert_true(rb->lo.x <= rail->lo.x && rb->hi.x >= rail->hi.x); // the bridge carries the line
	assert_true(rb->lo.y <= river->lo.y && rb->hi.y >= river->hi.y);
	const tw_terrain *red = named(s, "red supply line"), *blue = named(s, "blue supply line");
	assert_non_null(red);
	assert_non_null(blue);
	assert_true(red->lo.y == 0.0 && red->hi.y == 90.0);
	assert_true(blue->lo.y == 270.0 && blue->hi.y == 360.0);
}

static void count_arms(const tw_state *s, int side, int *arms)
{
	memset(arms, 0, sizeof(int) * LW_ARM_COUNT);
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].side == side && LWF(s, &s->fig[i])->arm >= 0)
			arms[LWF(s, &s->fig[i])->arm]++;
}

// The generator's large Country: deterministic from the seed, the 2x multiplier (LW.BIG.1).
static void test_LW_BIG_generated_large_country(void **state)
{
	(void)state;
	tw_state a, b, c;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	memset(&c, 0, sizeof c);
	tw_error err = {0};
	assert_int_equal(tw_scenario_generate_variant(&a, "littlewars", 1913, 0, 0, "large", &err), TW_OK);
	check_country(&a);
	assert_string_equal(a.scenario, "large-country-0000000000000779");
	assert_int_equal(LWG(&a)->big_mult, 2);
	assert_int_equal(LWG(&a)->big_close_ft, 12);
	const tw_terrain *rail = named(&a, "railway");
	for (int side = 0; side < 2; side++) { // LW.BIG.9: a train a side at its end of the line
		assert_int_equal(LWS(&a, side)->ntrain, 1);
		assert_true(LWS(&a, side)->train_x[0] == (rail->lo.x + rail->hi.x) / 2);
		assert_true(LWS(&a, side)->train_y[0] == (side == 0 ? 10.0 : 350.0));
	}
	assert_int_equal(LWG(&a)->ks, 0);
	// LW.FOR.3 at 360 in (the longer side, lw-box): 125 infantry, 63 cavalry a side; then 4 waggons and 2 carts a side
	// (LW.BIG.5/6, lw_waggons.c, tests/test_lw_waggons.c).
	assert_int_equal(a.nfig, 388);
	assert_int_equal(a.ngun, 12);
	assert_int_equal(lw_big_players(188, 6), 2); // LW.BIG.12: two players a side
	assert_int_equal(tw_scenario_generate_variant(&b, "littlewars", 1913, 0, 0, "large", &err), TW_OK);
	assert_true(tw_state_hash(&a) == tw_state_hash(&b));
	assert_int_equal(tw_scenario_generate_variant(&c, "littlewars", 1914, 0, 0, "large", &err), TW_OK);
	check_country(&c);
	assert_true(tw_state_hash(&a) != tw_state_hash(&c));
	tw_state_free(&a);
	tw_state_free(&b);
	tw_state_free(&c);
	// An unknown kind is refused, naming the kinds there are.
	tw_state d;
	memset(&d, 0, sizeof d);
	assert_int_equal(tw_scenario_generate_variant(&d, "littlewars", 1, 0, 0, "huge", &err), TW_ERR_INPUT);
	assert_non_null(strstr(err.message, "large, kriegspiel"));
	assert_int_equal(d.nfig, 0);
}

// KS.GEN.1/2, KS.GNL.1: the generated Kriegspiel's seats as data: seven a side (the General, the
// infantry, cavalry, engineers, artillery and Transport & Supply, the official), each arm's men
// marked, one General's cavalry figure a side behind the middle of his line; supply is kept.
static void test_KS_GEN_1_generated_kriegspiel_seats(void **state)
{
	(void)state;
	tw_state a, b;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	tw_error err = {0};
	assert_int_equal(tw_scenario_generate_variant(&a, "littlewars", 1913, 0, 0, "kriegspiel", &err), TW_OK);
	check_country(&a);
	assert_int_equal(LWG(&a)->ks, 1);
	assert_int_equal(LWG(&a)->ks_supply, 1);
	assert_int_equal(LWG(&a)->big_mult, 0);
	assert_int_equal(a.nfig, 390); // the Generals (376, 377), then 6 waggons and carts a side
	for (int side = 0; side < 2; side++) {
		lw_ks_seat seats[LW_ARM_COUNT + 2];
		int n = lw_ks_state_seats(&a, side, seats, LW_ARM_COUNT + 2);
		assert_int_equal(n, 7);
		assert_int_equal(seats[0].role, LW_ROLE_GENERAL);
		assert_int_equal(seats[1].arm, LW_ARM_INFANTRY);
		assert_int_equal(seats[2].arm, LW_ARM_CAVALRY);
		assert_int_equal(seats[3].arm, LW_ARM_RE);
		assert_int_equal(seats[4].arm, LW_ARM_RA);
		assert_int_equal(seats[5].arm, LW_ARM_TS);
		assert_int_equal(seats[6].role, LW_ROLE_OFFICIAL);
		int arms[LW_ARM_COUNT];
		count_arms(&a, side, arms);
		assert_int_equal(arms[LW_ARM_RA], 24 + 2); // 4 to each of 6 guns, and 2 ammunition carts
		assert_int_equal(arms[LW_ARM_RE], 8);
		assert_int_equal(arms[LW_ARM_TS], 4 + 4); // 4 men and 4 waggons
		assert_int_equal(arms[LW_ARM_INFANTRY], 125 - 36);
		assert_int_equal(arms[LW_ARM_CAVALRY], 63);
		assert_int_equal(arms[LW_ARM_GENERAL], 1);
	}
	const tw_figure *g = &a.fig[376];
	assert_int_equal(LWF(&a, g)->arm, LW_ARM_GENERAL);
	assert_int_equal(g->kind, TW_FK_CAVALRY);
	assert_true(g->pos.x == 120.0 && g->pos.y == 6.0);
	assert_int_equal(tw_scenario_generate_variant(&b, "littlewars", 1913, 0, 0, "kriegspiel", &err), TW_OK);
	assert_true(tw_state_hash(&a) == tw_state_hash(&b));
	tw_state_free(&a);
	tw_state_free(&b);
	// An ordinary game has no Kriegspiel seats.
	tw_state *s = tw_test_lw_state(144, 96, 1, 0);
	lw_ks_seat seats[4];
	assert_int_equal(lw_ks_state_seats(s, 0, seats, 4), 0);
	tw_test_free(s);
}

// The two scenario files: they load, carry the Country's lines, and the Kriegspiel's seats.
static void test_LW_BIG_KS_scenario_files(void **state)
{
	(void)state;
	tw_state s;
	tw_error err = {0};
	assert_int_equal(tw_state_load(&s, TW_SOURCE_DIR "/scenarios/littlewars/large-country.json", &err), TW_OK);
	check_country(&s);
	assert_int_equal(LWG(&s)->big_mult, 2);
	for (int side = 0; side < 2; side++) { // each side's train stands on the railway
		assert_int_equal(LWS(&s, side)->ntrain, 1);
		const tw_terrain *rail = named(&s, "railway");
		assert_true(tw_terrain_contains(rail, tw_v2(LWS(&s, side)->train_x[0], LWS(&s, side)->train_y[0])));
	}
	tw_state_free(&s);
	assert_int_equal(tw_state_load(&s, TW_SOURCE_DIR "/scenarios/littlewars/kriegspiel.json", &err), TW_OK);
	check_country(&s);
	assert_int_equal(LWG(&s)->ks, 1);
	for (int side = 0; side < 2; side++) {
		lw_ks_seat seats[8];
		assert_true(lw_ks_state_seats(&s, side, seats, 8) >= 3); // issue 18: three players a side at least
		int arms[LW_ARM_COUNT];
		count_arms(&s, side, arms);
		assert_int_equal(arms[LW_ARM_GENERAL], 1);
	}
	tw_state_free(&s);
}

// LW.BIG.4 (issue 18 lw-box): on both bundled tables and the generated ones, every man of one
// side stands, as put down (his suggested place, within 6 in of his back line), more than 20 ft
// from every man of the other, so either side may box at the start. Before lw-box the armies
// stood some 228 in apart (20 ft back line to back line) and nobody could.
static void test_LW_BIG_4_bundled_tables_let_both_sides_box(void **state)
{
	(void)state;
	const char *files[] = {"large-country.json", "kriegspiel.json", "gen-large", "gen-kriegspiel"};
	for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
		tw_state s;
		memset(&s, 0, sizeof s);
		tw_error err = {0};
		if (strncmp(files[k], "gen-", 4) == 0) {
			assert_int_equal(tw_scenario_generate_variant(&s, "littlewars", 7, 0, 0, files[k] + 4, &err), TW_OK);
		} else {
			char path[512];
			snprintf(path, sizeof path, TW_SOURCE_DIR "/scenarios/littlewars/%s", files[k]);
			assert_int_equal(tw_state_load(&s, path, &err), TW_OK);
		}
		double nearest = 1e9;
		for (int i = 0; i < s.nfig; i++)
			for (int j = 0; j < s.nfig; j++)
				if (s.fig[i].side == 0 && s.fig[j].side == 1) {
					double d = tw_dist(s.fig[i].pos, s.fig[j].pos) - s.fig[i].radius - s.fig[j].radius;
					if (d < nearest)
						nearest = d;
				}
		printf("%s: the armies stand %.1f in apart as put down\n", files[k], nearest);
		assert_true(lw_big_may_rebox(nearest));
		assert_true(nearest > 330.0); // 360 in back line to back line, less the put-down zones
		tw_state_free(&s);
	}
}

static int run(const char *cmd)
{
	int rc = system(cmd);
	return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

static size_t slurp(const char *path, char *buf, size_t max)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return 0;
	size_t n = fread(buf, 1, max, f);
	fclose(f);
	return n;
}

// `tinwar new littlewars --kriegspiel` and `--large`: the same seed writes the same file; an
// unknown --variant exits non-zero naming the kinds.
static void test_LW_BIG_cli_new_large_and_kriegspiel(void **state)
{
	(void)state;
	char cmd[1024];
	snprintf(cmd, sizeof cmd, "%s new littlewars --kriegspiel --seed 5 -o lwbs_k1.json >/dev/null", TW_CLI);
	assert_int_equal(run(cmd), 0);
	snprintf(cmd, sizeof cmd, "%s new littlewars --kriegspiel --seed 5 -o lwbs_k2.json >/dev/null", TW_CLI);
	assert_int_equal(run(cmd), 0);
	snprintf(cmd, sizeof cmd, "%s new littlewars --large --seed 5 -o lwbs_l.json >/dev/null", TW_CLI);
	assert_int_equal(run(cmd), 0);
	static char a[1 << 20], b[1 << 20];
	size_t na = slurp("lwbs_k1.json", a, sizeof a), nb = slurp("lwbs_k2.json", b, sizeof b);
	assert_true(na > 0 && na == nb && memcmp(a, b, na) == 0);
	tw_state s;
	tw_error err = {0};
	assert_int_equal(tw_state_load(&s, "lwbs_l.json", &err), TW_OK);
	check_country(&s);
	assert_int_equal(LWG(&s)->big_mult, 2);
	tw_state_free(&s);
	snprintf(cmd, sizeof cmd, "%s new littlewars --variant huge -o lwbs_x.json 2>/dev/null", TW_CLI);
	assert_int_not_equal(run(cmd), 0);
	remove("lwbs_k1.json");
	remove("lwbs_k2.json");
	remove("lwbs_l.json");
	remove("lwbs_x.json");
}

// ---- trains (LW.BIG.9-11, KS.RAIL.1, KS.SH.6) ----

// A large Country at game move 3, red to move: a railway up x = 100 in two lengths (y 0-100 and
// 100-400), red's train 0 at (100, 20); 12 red infantry (ids 0-11) and 5 red cavalry (12-16)
// gathered beside it; a blue man far off (17).
static tw_state *railhead(void)
{
	tw_state *s = tw_test_lw_state(600, 400, 3, 0);
	LWG(s)->draw_at = 1;
	int a = tw_test_box(s, TW_TER_ROAD, 99, 0, 101, 100, 0.1);
	int b = tw_test_box(s, TW_TER_ROAD, 99, 100, 101, 400, 0.1);
	snprintf(s->table.terrain[a].name, sizeof s->table.terrain[a].name, "railway");
	snprintf(s->table.terrain[b].name, sizeof s->table.terrain[b].name, "railway");
	tw_test_row(s, 0, TW_FK_INFANTRY, 6, 102, 17.5, 1.0);
	tw_test_row(s, 0, TW_FK_INFANTRY, 6, 103, 17.5, 1.0);
	for (int i = 6; i < 12; i++) // the second file: a column beside the first
		s->fig[i].pos = tw_v2(103, 17.5 + (i - 6) * 1.0);
	for (int i = 0; i < 6; i++)
		s->fig[i].pos = tw_v2(102, 17.5 + i * 1.0);
	for (int i = 0; i < 5; i++)
		tw_test_man(s, 0, TW_FK_CAVALRY, 97, 17 + 1.2 * i);
	tw_test_man(s, 1, TW_FK_INFANTRY, 500, 380);
	LWS(s, 0)->ntrain = 1;
	LWS(s, 0)->train_x[0] = 100;
	LWS(s, 0)->train_y[0] = 20;
	return s;
}

static tw_order *train_order(int type, int n)
{
	tw_order *o = tw_test_order(type, 0);
	o->n = n;
	return o;
}

static tw_order *run_to(double x, double y)
{
	tw_order *o = train_order(LW_OT_TRAIN_MOVE, 0);
	o->npath = 1;
	o->path[0] = tw_v2(x, y);
	return o;
}

static void end_moves(tw_state *s, int k)
{
	tw_error err = {0};
	for (int i = 0; i < k; i++)
		assert_int_equal(tw_test_apply(s, tw_test_order(LW_OT_END_MOVE, s->mover), &err), TW_OK);
}

// LW.BIG.9/10: 12 infantry and 5 cavalry (2 trucks) load in game move 3; the train may not run
// in it (loading takes the move), runs 120 in (5 x the cavalry's 24) in red's next move, not
// 120.5; may not unload in the move it ran; unloads in the next, the men set out beside it and
// having made their move. Aboard, they still count in the field.
static void test_LW_BIG_9_10_train_load_run_unload(void **state)
{
	(void)state;
	tw_state *s = railhead();
	tw_error err = {0};
	int before = lw_free_on_field(s, 0);
	tw_order *l = train_order(LW_OT_TRAIN_LOAD, 0);
	for (int i = 0; i < 17; i++)
		l->fig[l->nfig++] = i;
	assert_int_equal(tw_test_apply(s, l, &err), TW_OK);
	assert_int_equal(lw_train_riders(s, 0, 0, NULL, NULL), 17);
	assert_int_equal(s->fig[0].status, TW_FS_RESERVE);
	assert_int_equal(lw_free_on_field(s, 0), before);
	assert_int_equal(LWS(s, 0)->train_ready[0], 5);
	tw_test_expect_refused(s, run_to(100, 60), "LW.BIG.9");
	end_moves(s, 2);
	tw_test_expect_refused(s, run_to(100, 140.5), "LW.BIG.9");
	assert_int_equal(tw_test_apply(s, run_to(100, 140), &err), TW_OK);
	assert_true(s->fig[16].pos.x == 100 && s->fig[16].pos.y == 140);
	tw_test_expect_refused(s, train_order(LW_OT_TRAIN_UNLOAD, 0), "LW.BIG.9");
	end_moves(s, 2);
	assert_int_equal(tw_test_apply(s, train_order(LW_OT_TRAIN_UNLOAD, 0), &err), TW_OK);
	assert_int_equal(lw_train_riders(s, 0, 0, NULL, NULL), 0);
	for (int i = 0; i < 17; i++) {
		assert_int_equal(s->fig[i].status, TW_FS_ACTIVE);
		assert_int_equal(s->fig[i].moved_in, 7);
		assert_true(tw_dist(s->fig[i].pos, tw_v2(100, 140)) < 10.0);
	}
	tw_test_expect_refused(s, train_order(LW_OT_TRAIN_UNLOAD, 0), "LW.BIG.9"); // nobody aboard
	tw_test_free(s);
}

// LW.BIG.10 / LW.BIG.9: a 9th truck is refused; a man more than 6 in off, or who moved, may not
// board; LW.BIG.1: at 2x the train runs 240 in.
static void test_LW_BIG_10_trucks_and_boarding(void **state)
{
	(void)state;
	tw_state *s = railhead();
	for (int k = 0; k < 96; k++) { // 8 trucks of infantry aboard already
		int id = tw_test_man(s, 0, TW_FK_INFANTRY, 300 + k, 300);
		s->fig[id].status = TW_FS_RESERVE;
		s->fig[id].pos = tw_v2(100, 20);
		LWF(s, &s->fig[id])->train = 0;
	}
	tw_order *l = train_order(LW_OT_TRAIN_LOAD, 0);
	l->fig[l->nfig++] = 0;
	tw_test_expect_refused(s, l, "LW.BIG.10");
	tw_test_free(s);
	s = railhead();
	s->fig[0].pos = tw_v2(106.31, 20); // 6.01 in from the engine
	l = train_order(LW_OT_TRAIN_LOAD, 0);
	l->fig[l->nfig++] = 0;
	tw_test_expect_refused(s, l, "LW.BIG.9");
	s->fig[0].pos = tw_v2(102, 17.5);
	s->fig[0].moved_in = 3;
	tw_test_expect_refused(s, l, "LW.BIG.9");
	LWG(s)->big_mult = 2; // LW.BIG.1
	tw_error err = {0};
	tw_test_expect_refused(s, run_to(100, 260.5), "LW.BIG.9");
	assert_int_equal(tw_test_apply(s, run_to(100, 260), &err), TW_OK);
	tw_test_free(s);
}

// LW.BIG.9 / LW.BIG.11: a train keeps to the railway, and stops where the rail is torn up.
static void test_LW_BIG_11_train_keeps_to_whole_rails(void **state)
{
	(void)state;
	tw_state *s = railhead();
	tw_test_expect_refused(s, run_to(110, 20), "LW.BIG.9");
	s->table.terrain[1].flags |= TW_TF_RUINED; // the second length torn up
	tw_test_expect_refused(s, run_to(100, 110), "LW.BIG.11");
	tw_error err = {0};
	assert_int_equal(tw_test_apply(s, run_to(100, 90), &err), TW_OK);
	tw_test_free(s);
}

// KS.RAIL.1: in the Kriegspiel, loading takes 2 moves per 20 men and unloading 1 per 20; a train
// runs 96 in (8 ft).
static void test_KS_RAIL_1_loading_like_boats(void **state)
{
	(void)state;
	tw_state *s = railhead();
	LWG(s)->ks = 1;
	tw_error err = {0};
	tw_order *l = train_order(LW_OT_TRAIN_LOAD, 0);
	for (int i = 0; i < 17; i++)
		l->fig[l->nfig++] = i;
	assert_int_equal(tw_test_apply(s, l, &err), TW_OK);
	assert_int_equal(LWS(s, 0)->train_ready[0], 3 + 2 * 2); // 17 men: one group of 20, 2 moves
	end_moves(s, 2);
	tw_test_expect_refused(s, run_to(100, 60), "KS.RAIL.1");
	end_moves(s, 2);
	tw_test_expect_refused(s, run_to(100, 116.5), "KS.RAIL.1");
	assert_int_equal(tw_test_apply(s, run_to(100, 116), &err), TW_OK);
	tw_test_free(s);
}

// KS.SH.6: a train within 3 in of a shell's landing is destroyed with the men aboard.
static void test_KS_SH_6_shell_destroys_a_train(void **state)
{
	(void)state;
	tw_state *s = railhead();
	tw_error err = {0};
	tw_order *l = train_order(LW_OT_TRAIN_LOAD, 0);
	for (int i = 0; i < 5; i++)
		l->fig[l->nfig++] = i;
	assert_int_equal(tw_test_apply(s, l, &err), TW_OK);
	tw_events ev = {0};
	lw_ks_shell_trains(s, tw_v2(100, 23.01), &ev); // 3.01 in: spared
	assert_int_equal(LWS(s, 0)->ntrain, 1);
	lw_ks_shell_trains(s, tw_v2(100, 23), &ev);
	assert_int_equal(LWS(s, 0)->ntrain, 0);
	for (int i = 0; i < 5; i++)
		assert_int_equal(s->fig[i].status, TW_FS_DEAD);
	assert_int_equal(s->fig[5].status, TW_FS_ACTIVE);
	assert_int_equal(ev.n, 1);
	assert_string_equal(ev.v[0].clause, "KS.SH.6");
	assert_int_equal(ev.v[0].b, 5);
	tw_events_free(&ev);
	tw_test_free(s);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_LW_BIG_1_man_moves_under_the_multiplier),
		cmocka_unit_test(test_LW_BIG_generated_large_country),
		cmocka_unit_test(test_KS_GEN_1_generated_kriegspiel_seats),
		cmocka_unit_test(test_LW_BIG_KS_scenario_files),
		cmocka_unit_test(test_LW_BIG_4_bundled_tables_let_both_sides_box),
		cmocka_unit_test(test_LW_BIG_cli_new_large_and_kriegspiel),
		cmocka_unit_test(test_LW_BIG_9_10_train_load_run_unload),
		cmocka_unit_test(test_LW_BIG_10_trucks_and_boarding),
		cmocka_unit_test(test_LW_BIG_11_train_keeps_to_whole_rails),
		cmocka_unit_test(test_KS_RAIL_1_loading_like_boats),
		cmocka_unit_test(test_KS_SH_6_shell_destroys_a_train),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
