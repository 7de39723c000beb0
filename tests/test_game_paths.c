// s25-speed (issue 18, scale and speed): the shortcuts in the game's own handling of an order,
// each against the plain computation.
//   - the game's terrain index (lw_tindex_game.c): the rules' validation with the thread's index
//     of the pieces' boxes against the plain loops over every piece (lw_tindex_game_off), on
//     generated Countries in play: move orders along paths over rivers, houses and woods, men put
//     down anywhere; the same verdict, clause and message. Between rounds the table changes as
//     a game or a test may change it (a piece moved, a piece added, a kind changed without its
//     box, a copy of the state, the state freed and another loaded): the index follows the
//     boxes, so an index kept past a change of box (a broken comparison) fails here;
//   - the index of a thread that ends is freed with it (a leak under ASan otherwise);
//   - games on a Country with the index and lw_leg_dry and without: the same final state, orders
//     and events;
//   - the route field's sweeps passing over rows of INFINITY (lw_route.c) against relaxing them:
//     the same field, bit for bit, on Hook's Farm in play, Countries, no enemy, enemies on the
//     first or last row only;
//   - lw_sort_ints (the move checks' candidate lists) against qsort on random arrays;
//   - lw_leg_dry (a leg clear of every river's outline is dry without sampling it) against
//     lw_check_leg's half-inch samples, on legs into, out of, along and across rivers, fords and
//     bridges of two Countries, and of Hook's Farm with a circular pond and a ford in it.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "rules/littlewars/lw.h"
#include "rules/littlewars/lw_ai.h"
#include "tinwar/io.h"
#include "tinwar/tinwar.h"
#include "scene.h"

#define SWAP_LEG(a, b)                                                                             \
	do {                                                                                       \
		tw_vec2 t_ = a;                                                                    \
		a = b;                                                                             \
		b = t_;                                                                            \
	} while (0)

// A generated Country played a few game moves by two default generals: the state in play.
static void country_in_play(tw_state *out, uint64_t seed, double width, int moves)
{
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	assert_int_equal(tw_scenario_generate(&sc, "littlewars", seed, width, 192, &err), TW_OK);
	tw_test_duel d;
	tw_test_duel_start(&d, &sc, seed);
	for (int k = 0; k < 100000; k++) {
		const tw_state *s = tw_game_state(d.g);
		if (d.rs->to_move(s) < 0 || (s->phase == LW_PH_PLAY && s->move_no >= moves))
			break;
		tw_test_duel_step(&d, false);
	}
	assert_int_equal(tw_state_clone(out, tw_game_state(d.g)), TW_OK);
	assert_int_equal(out->phase, LW_PH_PLAY);
	tw_test_duel_end(&d);
	tw_state_free(&sc);
}

typedef struct tally {
	int total, refused, water, through, standing;
} tally;

// One order validated with the game's index and with the plain loops: the same answer.
static void same_verdict(const tw_state *s, const tw_order *o, tally *t)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	tw_error e1, e2;
	memset(&e1, 0, sizeof e1);
	memset(&e2, 0, sizeof e2);
	lw_tindex_game_off = false;
	tw_status a = rs->validate(s, o, &e1);
	lw_tindex_game_off = true;
	tw_status b = rs->validate(s, o, &e2);
	lw_tindex_game_off = false;
	if (a != b || strcmp(e1.message, e2.message) != 0 || strcmp(e1.clause, e2.clause) != 0)
		print_error("order of %d men: index %d %s '%s', plain %d %s '%s'\n", o->nfig, a, e1.clause, e1.message, b,
			    e2.clause, e2.message);
	assert_int_equal(a, b);
	assert_string_equal(e1.clause, e2.clause);
	assert_string_equal(e1.message, e2.message);
	assert_null(lw_tindex_active()); // put back as it was
	t->total++;
	t->refused += a != TW_OK;
	t->water += a != TW_OK && strstr(e1.message, "river") != NULL;
	t->through += a != TW_OK && strstr(e1.message, "passes through") != NULL;
	t->standing += a != TW_OK && strstr(e1.message, "stand in or against") != NULL;
}

// A free man of the side to move who may move this move, from figure i on; -1 none.
static int free_man(const tw_state *s, int i)
{
	for (int m = 0; m < s->nfig; m++) {
		const tw_figure *f = &s->fig[(i + m) % s->nfig];
		if (f->side == s->mover && lw_is_free(f) && f->moved_in != s->move_no && !(LWF(s, f)->marks & LW_MARK_CONTACT))
			return (i + m) % s->nfig;
	}
	return -1;
}

// Orders asking about the table near a piece (or anywhere): a man of the side to move taken to a
// few inches from a place (in or round the piece's box, a piece's corner or middle, anywhere) and
// put down there, or walking a path of two legs through it with a few men after him; taken back
// after.
static void ask_round(tw_state *s, tw_rng *r, const tw_terrain *near, int n, tally *t)
{
	tw_order *o = malloc(sizeof *o);
	assert_non_null(o);
	for (int q = 0; q < n; q++) {
		int i = free_man(s, (int)tw_rng_below(r, (uint32_t)s->nfig));
		if (i < 0)
			break;
		tw_figure *f = &s->fig[i];
		tw_vec2 p;
		if (near && q % 3 != 2) { // in or just round the piece's box
			double u = tw_rng_unit(r) * 1.2 - 0.1, v = tw_rng_unit(r) * 1.2 - 0.1;
			p = tw_v2(near->lo.x + u * (near->hi.x - near->lo.x), near->lo.y + v * (near->hi.y - near->lo.y));
		} else if (q % 3 == 0) { // anywhere on the table
			p = tw_v2(tw_rng_unit(r) * s->table.width, tw_rng_unit(r) * s->table.depth);
		} else { // a piece's corner, or the middle of one
			const tw_terrain *tp = &s->table.terrain[tw_rng_below(r, (uint32_t)s->table.nterrain)];
			p = q % 4 == 1 ? tp->lo : tw_scale(tw_add(tp->lo, tp->hi), 0.5);
			p.x += (tw_rng_unit(r) - 0.5) * 2.0;
		}
		tw_vec2 was = f->pos;
		double ang = tw_rng_unit(r) * 360;
		f->pos = tw_add(p, tw_scale(tw_dir_deg(ang), 1.0 + 4.0 * tw_rng_unit(r)));
		tw_order_init(o, LW_OT_MOVE, s->mover);
		o->fig[0] = f->id;
		o->nfig = 1;
		if (q % 2 == 0) { // put down at p
			o->has_at = true;
			o->at[0] = p;
		} else { // a path of two legs, through p and on, with a few men after him
			o->npath = 2;
			o->path[0] = p;
			o->path[1] = tw_add(p, tw_scale(tw_sub(p, f->pos), 0.8));
			for (int m = 1; m < 4; m++) {
				int j = free_man(s, i + 1 + m * 7);
				if (j >= 0 && j != i && tw_dist(s->fig[j].pos, was) < 20)
					o->fig[o->nfig++] = s->fig[j].id;
			}
		}
		same_verdict(s, o, t);
		f->pos = was;
	}
	free(o);
}

// Moves piece k by d (its vertices or centre), finished again (its box).
static void move_piece(tw_terrain *t, tw_vec2 d)
{
	if (t->shape == TW_SHAPE_CIRCLE)
		t->center = tw_add(t->center, d);
	else
		for (int v = 0; v < t->nverts; v++)
			t->v[v] = tw_add(t->v[v], d);
	tw_terrain_finish(t);
}

static int first_of_kind(const tw_table *tb, int kind, int from)
{
	for (int k = 0; k < tb->nterrain; k++)
		if (tb->terrain[(from + k) % tb->nterrain].kind == kind)
			return (from + k) % tb->nterrain;
	return -1;
}

static void test_game_tindex_matches_plain(void **st)
{
	(void)st;
	tw_rng r;
	tw_rng_seed(&r, 25);
	tally t = {0};
	long b0 = lw_tindex_game_builds();
	for (int c = 0; c < 2; c++) {
		tw_state *s = calloc(1, sizeof *s);
		country_in_play(s, c == 0 ? 18 : 41, c == 0 ? 576 : 288, 4);
		assert_true(s->table.nterrain >= LW_TINDEX_MIN_PIECES);
		ask_round(s, &r, NULL, 600, &t);
		// A river moved 30 in along the table (its box too): asked about where it is now.
		int rv = first_of_kind(&s->table, TW_TER_RIVER, 0);
		assert_true(rv >= 0);
		move_piece(&s->table.terrain[rv], tw_v2(30, 0));
		ask_round(s, &r, &s->table.terrain[rv], 300, &t);
		// A house moved onto the men of the side to move, and one a millionth of an inch.
		int h = first_of_kind(&s->table, TW_TER_HOUSE, 3);
		assert_true(h >= 0);
		int i = free_man(s, 5);
		assert_true(i >= 0);
		tw_terrain *hp = &s->table.terrain[h];
		move_piece(hp, tw_sub(s->fig[i].pos, tw_scale(tw_add(hp->lo, hp->hi), 0.5)));
		ask_round(s, &r, hp, 200, &t);
		move_piece(hp, tw_v2(1e-6, 0));
		ask_round(s, &r, hp, 100, &t);
		// A wood made a house in place (the same box: the index stands, the answers change).
		int w = first_of_kind(&s->table, TW_TER_WOOD, 0);
		if (w >= 0) {
			long b = lw_tindex_game_builds();
			s->table.terrain[w].kind = TW_TER_HOUSE;
			tw_terrain_finish(&s->table.terrain[w]);
			ask_round(s, &r, &s->table.terrain[w], 200, &t);
			assert_int_equal(lw_tindex_game_builds(), b);
		}
		// A piece added: a river across the middle of the table.
		tw_terrain nr = s->table.terrain[rv];
		nr.id = 9000 + c;
		move_piece(&nr, tw_v2(-60, 0));
		assert_true(tw_table_add(&s->table, &nr) >= 0);
		ask_round(s, &r, &s->table.terrain[s->table.nterrain - 1], 300, &t);
		// A copy of the state (another terrain array, the same boxes), then the state freed and
		// a fresh Country generated in its place.
		tw_state *cp = calloc(1, sizeof *cp);
		assert_int_equal(tw_state_clone(cp, s), TW_OK);
		long b = lw_tindex_game_builds();
		ask_round(cp, &r, NULL, 100, &t);
		assert_int_equal(lw_tindex_game_builds(), b);
		tw_state_free(cp);
		free(cp);
		tw_state_free(s);
		free(s);
	}
	// A small table (Hook's Farm's 27 pieces): no index.
	print_message("%d orders: %d refused (%d in water, %d through a piece, %d in or against one); %ld indexes built\n",
		      t.total, t.refused, t.water, t.through, t.standing, lw_tindex_game_builds() - b0);
	assert_true(t.water > 20 && t.through > 20 && t.standing > 20 && t.refused < t.total);
	assert_true(lw_tindex_game_builds() - b0 >= 8);
}

static void *index_in_thread(void *arg)
{
	const tw_table *tb = arg;
	lw_tindex_scope ts;
	long b = lw_tindex_game_builds();
	lw_tindex_enter(tb, &ts);
	bool on = lw_tindex_for(tb) != NULL;
	lw_tindex_leave(&ts);
	return (void *)(intptr_t)(on && lw_tindex_game_builds() == b + 1);
}

static void test_game_tindex_freed_with_thread(void **st)
{
	(void)st;
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	assert_int_equal(tw_scenario_generate(&sc, "littlewars", 5, 288, 192, &err), TW_OK);
	for (int k = 0; k < 3; k++) {
		pthread_t th;
		void *ok = NULL;
		assert_int_equal(pthread_create(&th, NULL, index_in_thread, &sc.table), 0);
		assert_int_equal(pthread_join(th, &ok), 0);
		assert_true(ok != NULL); // built on that thread, its own (freed when it ended)
	}
	tw_state_free(&sc);
}

// A game played out; the hash of its final state, its orders and events.
static uint64_t play(const tw_state *sc, const char *a, const char *b, uint64_t seed)
{
	tw_error err;
	tw_game *g = tw_game_new(sc, seed, tw_shot_model_fast(), &err);
	assert_non_null(g);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new(a, rs, 0, seed), tw_general_new(b, rs, 1, seed + 7)};
	assert_non_null(gens[0]);
	assert_non_null(gens[1]);
	assert_int_equal(tw_play_out(g, gens, 200000, &err), TW_OK);
	uint64_t h = tw_test_game_hash(g, true);
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	return h;
}

static void test_game_tindex_games_match(void **st)
{
	(void)st;
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	assert_int_equal(tw_scenario_generate(&sc, "littlewars", 21, 288, 192, &err), TW_OK);
	sc.params[LWP_MAX_MOVES] = 10;
	long b0 = lw_tindex_game_builds();
	uint64_t on = play(&sc, "default", "lw-rush", 90);
	long built = lw_tindex_game_builds() - b0;
	lw_tindex_game_off = lw_leg_water_plain = true; // both shortcuts off
	uint64_t off = play(&sc, "default", "lw-rush", 90);
	uint64_t roff = play(&sc, "random", "default", 91);
	lw_tindex_game_off = lw_leg_water_plain = false;
	uint64_t ron = play(&sc, "random", "default", 91);
	tw_state_free(&sc);
	assert_true(on == off);
	assert_true(ron == roff);
	print_message("index built %ld times in a game\n", built);
	assert_true(built >= 1);
}

// The field both ways: the cells that differ (0).
static int route_both_ways(const tw_state *s, int side)
{
	lw_route *x = calloc(1, sizeof *x), *y = calloc(1, sizeof *y);
	assert_non_null(x);
	assert_non_null(y);
	lw_route_build(s, x, side);
	lw_route_plain = true;
	lw_route_build(s, y, side);
	lw_route_plain = false;
	int bad = 0;
	for (int i = 0; i < x->gx * x->gy; i++)
		bad += memcmp(&x->dist[i], &y->dist[i], sizeof x->dist[i]) != 0;
	free(x);
	free(y);
	return bad;
}

static void test_route_inf_rows_match_plain(void **st)
{
	(void)st;
	tw_error err;
	int fields = 0;
	for (int c = 0; c < 3; c++) {
		tw_state sc;
		memset(&sc, 0, sizeof sc);
		if (c == 0)
			assert_int_equal(tw_state_load(&sc, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
		else
			assert_int_equal(tw_scenario_generate(&sc, "littlewars", 60 + (uint64_t)c, c == 1 ? 144 : 288, c == 1 ? 96 : 192, &err), TW_OK);
		tw_game *g = tw_game_new(&sc, 3, tw_shot_model_fast(), &err);
		assert_non_null(g);
		tw_game_set_undo(g, false);
		const tw_ruleset *rs = tw_game_ruleset(g);
		tw_general *gens[2] = {tw_general_new("default", rs, 0, 3), tw_general_new("default", rs, 1, 4)};
		tw_order *o = malloc(sizeof *o);
		for (int k = 0; k < 3000; k++) {
			const tw_state *s = tw_game_state(g);
			int side = rs->to_move(s);
			if (side < 0)
				break;
			if (k % 25 == 0) {
				assert_int_equal(route_both_ways(s, 0), 0);
				assert_int_equal(route_both_ways(s, 1), 0);
				fields += 2;
			}
			assert_int_equal(tw_general_decide(gens[side], s, o), TW_OK);
			assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
		}
		// Edge cases on the last state: no enemy at all, and every enemy moved onto the first or
		// the last row of cells (the sweeps start with rows of INFINITY on one side only).
		tw_state e;
		assert_int_equal(tw_state_clone(&e, tw_game_state(g)), TW_OK);
		for (int mode = 0; mode < 3; mode++) {
			for (int i = 0; i < e.nfig; i++) {
				tw_figure *f = &e.fig[i];
				if (f->side != 1)
					continue;
				if (mode == 0)
					f->status = TW_FS_DEAD;
				else {
					f->status = TW_FS_ACTIVE;
					f->pos.y = mode == 1 ? 0.5 : e.table.depth - 0.5;
				}
			}
			assert_int_equal(route_both_ways(&e, 0), 0);
			fields++;
		}
		tw_state_free(&e);
		free(o);
		tw_general_free(gens[0]);
		tw_general_free(gens[1]);
		tw_game_free(g);
		tw_state_free(&sc);
	}
	print_message("%d route fields built both ways, the same\n", fields);
	assert_true(fields > 20);
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static void test_sort_ints_matches_qsort(void **st)
{
	(void)st;
	tw_rng r;
	tw_rng_seed(&r, 7);
	enum { MAXN = 5000 };
	int *a = malloc(MAXN * sizeof *a), *b = malloc(MAXN * sizeof *b);
	assert_non_null(a);
	assert_non_null(b);
	long cases = 0;
	for (int k = 0; k < 3000; k++) {
		int n = k < 200 ? k : (int)tw_rng_below(&r, k % 10 == 0 ? MAXN : 300);
		int kind = k % 6;
		for (int i = 0; i < n; i++) {
			switch (kind) {
			case 0: a[i] = (int)tw_rng_below(&r, 1u << 30) - (1 << 29); break; // distinct mostly
			case 1: a[i] = (int)tw_rng_below(&r, 5); break;                     // many equal
			case 2: a[i] = i; break;                                            // sorted
			case 3: a[i] = n - i; break;                                        // reversed
			case 4: a[i] = i % 2 ? INT32_MAX - i : INT32_MIN + i; break;        // extremes
			default: a[i] = 42; break;                                          // all equal
			}
		}
		memcpy(b, a, (size_t)n * sizeof *a);
		lw_sort_ints(a, n);
		qsort(b, (size_t)n, sizeof *b, cmp_int);
		if (n > 0)
			assert_memory_equal(a, b, (size_t)n * sizeof *a);
		cases++;
	}
	print_message("%ld arrays sorted as qsort sorts them\n", cases);
	free(a);
	free(b);
}

// A point in or near piece t's box (grown by `out` in).
static tw_vec2 near_box(tw_rng *r, const tw_terrain *t, double out)
{
	return tw_v2(t->lo.x - out + tw_rng_unit(r) * (t->hi.x - t->lo.x + 2 * out),
		     t->lo.y - out + tw_rng_unit(r) * (t->hi.y - t->lo.y + 2 * out));
}

// Legs round the water pieces of s: lw_check_leg with lw_leg_dry and sampling every leg.
static void legs_round_water(const tw_state *s, tw_rng *r, int n, int *dry, int *wet, int *sampled)
{
	int nw = 0, water[64];
	for (int k = 0; k < s->table.nterrain && nw < 64; k++) {
		int kind = s->table.terrain[k].kind;
		if (kind == TW_TER_RIVER || kind == TW_TER_FORD || kind == TW_TER_BRIDGE)
			water[nw++] = k;
	}
	for (int q = 0; q < n && nw > 0; q++) {
		const tw_terrain *t = &s->table.terrain[water[tw_rng_below(r, (uint32_t)nw)]];
		tw_vec2 a, b;
		int how = q % 5;
		if (how == 0 && t->shape == TW_SHAPE_POLY && t->nverts >= 2) { // along an edge, or nearly
			int v = (int)tw_rng_below(r, (uint32_t)t->nverts);
			tw_vec2 p = t->v[v], w = t->v[(v + 1) % t->nverts];
			double off = (q / 5) % 3 == 0 ? 0.0 : ((q / 5) % 3 == 1 ? 1e-7 : 2e-6);
			double u = tw_rng_unit(r), len = tw_dist(p, w);
			tw_vec2 nrm = len > 0 ? tw_v2(-(w.y - p.y) / len * off, (w.x - p.x) / len * off) : tw_v2(0, 0);
			a = tw_add(tw_add(p, tw_scale(tw_sub(w, p), u * 0.5)), nrm);
			b = tw_add(tw_add(p, tw_scale(tw_sub(w, p), 0.5 + u * 0.5)), nrm);
		} else if (how == 1) { // from a vertex outwards or inwards
			int v = t->shape == TW_SHAPE_POLY && t->nverts > 0 ? (int)tw_rng_below(r, (uint32_t)t->nverts) : 0;
			a = t->shape == TW_SHAPE_POLY ? t->v[v] : tw_add(t->center, tw_v2(t->radius, 0));
			b = tw_add(a, tw_scale(tw_dir_deg(tw_rng_unit(r) * 360), 0.1 + 11 * tw_rng_unit(r)));
		} else { // near the piece, any way, 0-12 in long
			a = near_box(r, t, 6);
			b = tw_add(a, tw_scale(tw_dir_deg(tw_rng_unit(r) * 360), 12 * tw_rng_unit(r)));
		}
		if (q % 2)
			SWAP_LEG(a, b);
		tw_error e1, e2;
		memset(&e1, 0, sizeof e1);
		memset(&e2, 0, sizeof e2);
		bool d = lw_leg_dry(s, a, b);
		tw_status x = lw_check_leg(s, a, b, &e1);
		lw_leg_water_plain = true;
		tw_status y = lw_check_leg(s, a, b, &e2);
		lw_leg_water_plain = false;
		if (x != y || strcmp(e1.message, e2.message) != 0)
			print_error("leg (%.17g, %.17g)-(%.17g, %.17g): %d '%s', sampled %d '%s'\n", a.x, a.y, b.x, b.y, x,
				    e1.message, y, e2.message);
		assert_int_equal(x, y);
		assert_string_equal(e1.message, e2.message);
		if (d) // dry: refused, if at all, for a piece in the way
			assert_true(y == TW_OK || strstr(e2.message, "passes through") != NULL);
		*dry += d;
		*wet += y != TW_OK && strstr(e2.message, "river") != NULL;
		*sampled += !d;
	}
}

static void test_leg_dry_matches_samples(void **st)
{
	(void)st;
	tw_rng r;
	tw_rng_seed(&r, 33);
	int dry = 0, wet = 0, sampled = 0;
	tw_error err;
	for (int c = 0; c < 3; c++) {
		tw_state s;
		memset(&s, 0, sizeof s);
		if (c == 0)
			assert_int_equal(tw_state_load(&s, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
		else
			assert_int_equal(tw_scenario_generate(&s, "littlewars", c == 1 ? 18 : 44, c == 1 ? 576 : 288, 192, &err),
					 TW_OK);
		lw_tindex_scope ts; // the game's index where the table is large, as in validation
		lw_tindex_enter(&s.table, &ts);
		legs_round_water(&s, &r, 6000, &dry, &wet, &sampled);
		lw_tindex_leave(&ts);
		if (c == 0) { // a circular pond, and a ford across part of it
			tw_terrain pond = s.table.terrain[0];
			memset(&pond, 0, sizeof pond);
			pond.id = 500;
			pond.kind = TW_TER_RIVER;
			pond.shape = TW_SHAPE_CIRCLE;
			pond.center = tw_v2(30, 30);
			pond.radius = 7;
			tw_terrain_finish(&pond);
			assert_true(tw_table_add(&s.table, &pond) >= 0);
			tw_terrain ford = pond;
			ford.id = 501;
			ford.kind = TW_TER_FORD;
			ford.radius = 2.5;
			ford.center = tw_v2(34, 30);
			tw_terrain_finish(&ford);
			assert_true(tw_table_add(&s.table, &ford) >= 0);
			legs_round_water(&s, &r, 4000, &dry, &wet, &sampled);
		}
		tw_state_free(&s);
	}
	print_message("%d legs dry without sampling, %d sampled (%d of them in water)\n", dry, sampled, wet);
	assert_true(dry > 3000 && sampled > 3000 && wet > 2000);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_game_tindex_matches_plain),
	    cmocka_unit_test(test_game_tindex_freed_with_thread),
	    cmocka_unit_test(test_game_tindex_games_match),
	    cmocka_unit_test(test_route_inf_rows_match_plain),
	    cmocka_unit_test(test_sort_ints_matches_qsort),
	    cmocka_unit_test(test_leg_dry_matches_samples),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
