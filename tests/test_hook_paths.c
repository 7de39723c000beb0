// h5-hook (issue 18, Hook's Farm at 2 ms): the validation memo (src/core/vmemo.c). While a
// computer general decides on the game's state itself, the order the rules last accepted on its
// view is not checked again when the game applies it.
//   - the memo's rules: only inside the window, only for the view's game state, only for the
//     same order (every field before the lists, each list up to its count), once;
//   - games of several pairings on Hook's Farm and a Country played with the memo and without:
//     the same final state, orders and events, and the memo used;
//   - lw_ai_count_near without a grid (Hook's Farm's 150 figures) passing over men far along x or
//     y against measuring every man (lw_ai_plain_counts), at places just in and out of reach;
//   - s30-lists: lw_ai_count_near and lw_ai_charge through the table's cells (each side's men
//     filed once and kept from list to list while they are unchanged) against measuring every
//     man, the h5-hook loop over the side and lw_ai_charge over every man of the side
//     (lw_ai_plain_strips, no memo), and lw_ai_supporters against lw_supporters, list after list
//     while men step, fall, come back, stand off the table or at NaN or infinite places, on
//     Hook's Farm and on a small table; and lw_ai_men_near's lists there (every free man of the
//     sides asked about, in figure order);
//   - lw_ai_charge's remembered counts (kept while the enemy side's listed men are unchanged)
//     against counting afresh, list after list while men move, die and rearm; and games of
//     Hook's Farm and a 300-a-side Country played with the memo and without.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/vmemo.h"
#include "rules/littlewars/lw.h"
#include "rules/littlewars/lw_ai.h"
#include "rules/littlewars/lw_ai_support.h"
#include "tinwar/io.h"
#include "tinwar/tinwar.h"
#include "scene.h"

static void test_vmemo_rules(void **st)
{
	(void)st;
	tw_state *view = calloc(1, sizeof *view), *game = calloc(1, sizeof *game);
	tw_order *o = calloc(1, sizeof *o), *buf = calloc(1, sizeof *buf);
	tw_order_init(o, 3, 1);
	o->has_at = true;
	o->nfig = 2;
	o->fig[0] = 4;
	o->fig[1] = 9;
	o->at[0] = tw_v2(1, 2);
	o->at[1] = tw_v2(3, 4);
	o->npath = 1;
	o->path[0] = tw_v2(5, 6);
	long h0 = tw_vmemo_hits();
	// Closed: nothing noted.
	tw_vmemo_note(view, o);
	assert_false(tw_vmemo_hit(game, o));
	tw_vmemo_open(view, game, buf);
	assert_false(tw_vmemo_hit(game, o)); // nothing noted yet
	tw_vmemo_note(game, o);             // not the view: not noted
	assert_false(tw_vmemo_hit(game, o));
	tw_vmemo_note(view, o);
	assert_false(tw_vmemo_hit(view, o)); // not the game's state (and the note is used up)
	tw_vmemo_note(view, o);
	assert_true(tw_vmemo_hit(game, o));
	assert_false(tw_vmemo_hit(game, o)); // once
	// A man tried and taken off again past nfig: the same order.
	tw_vmemo_note(view, o);
	o->fig[2] = 77;
	o->at[2] = tw_v2(9, 9);
	o->path[3] = tw_v2(1, 1);
	assert_true(tw_vmemo_hit(game, o));
	// Any listed part or field different: another order.
	struct {
		int what;
	} cases[] = {{0}, {1}, {2}, {3}, {4}, {5}, {6}, {7}, {8}};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		tw_vmemo_note(view, o);
		tw_order *c = malloc(sizeof *c);
		memcpy(c, o, sizeof *c);
		switch (cases[k].what) {
		case 0: c->at[1].x += 1e-9; break;
		case 1: c->fig[1] = 8; break;
		case 2: c->has_at = false; break;
		case 3: c->nfig = 1; break;
		case 4: c->path[0].y = -6; break;
		case 5: c->facing[0] = -0.0; break; // the bits count: -0.0 is not 0.0
		case 6: c->nval = 1; break;
		case 7: c->gun = 2; break;
		default: c->ndice = 1; c->dice[0] = 3; break;
		}
		assert_false(tw_vmemo_hit(game, c));
		free(c);
	}
	// Counts out of range: never noted nor matched.
	o->nfig = TW_ORDER_MAX_FIG + 1;
	tw_vmemo_note(view, o);
	assert_false(tw_vmemo_hit(game, o));
	o->nfig = 2;
	// Switched off (tests), and closed.
	tw_vmemo_note(view, o);
	tw_vmemo_off = true;
	assert_false(tw_vmemo_hit(game, o));
	tw_vmemo_off = false;
	tw_vmemo_note(view, o);
	tw_vmemo_close();
	assert_false(tw_vmemo_hit(game, o));
	assert_int_equal(tw_vmemo_hits() - h0, 2);
	free(view);
	free(game);
	free(o);
	free(buf);
}

// A game played out; the hash of its final state, its orders (packed) and events.
static uint64_t play(const tw_state *sc, const char *a, const char *b, uint64_t seed, bool off, long *hits)
{
	tw_error err;
	tw_vmemo_off = off;
	tw_game *g = tw_game_new(sc, seed, tw_shot_model_fast(), &err);
	assert_non_null(g);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new(a, rs, 0, seed), tw_general_new(b, rs, 1, seed + 7)};
	assert_non_null(gens[0]);
	assert_non_null(gens[1]);
	long h0 = tw_vmemo_hits();
	assert_int_equal(tw_play_out(g, gens, 200000, &err), TW_OK);
	*hits = tw_vmemo_hits() - h0;
	uint64_t h = tw_test_game_hash(g, false);
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	tw_vmemo_off = false;
	return h;
}

static void test_vmemo_games_match(void **st)
{
	(void)st;
	static const char *const pair[][2] = {
	    {"default", "default"}, {"lw-rush", "lw-gunline"}, {"lw-concentrate", "default"}, {"random", "default"}};
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	assert_int_equal(tw_state_load(&sc, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
	long used = 0;
	for (int k = 0; k < 8; k++) {
		long hit_on, hit_off;
		const char *a = pair[k % 4][0], *b = pair[k % 4][1];
		uint64_t on = play(&sc, a, b, 70 + (uint64_t)k, false, &hit_on);
		uint64_t off = play(&sc, a, b, 70 + (uint64_t)k, true, &hit_off);
		assert_true(on == off);
		assert_int_equal(hit_off, 0);
		used += hit_on;
	}
	tw_state_free(&sc);
	memset(&sc, 0, sizeof sc);
	assert_int_equal(tw_scenario_generate(&sc, "littlewars", 21, 288, 192, &err), TW_OK);
	sc.params[LWP_MAX_MOVES] = 10;
	long hit_on, hit_off;
	assert_true(play(&sc, "default", "lw-rush", 90, false, &hit_on) == play(&sc, "default", "lw-rush", 90, true, &hit_off));
	used += hit_on;
	tw_state_free(&sc);
	print_message("%ld orders applied without a second check\n", used);
	assert_true(used > 100);
}

static void test_count_near_box_matches_plain(void **st)
{
	(void)st;
	tw_state sc0, sc;
	memset(&sc0, 0, sizeof sc0);
	tw_error err;
	assert_int_equal(tw_state_load(&sc0, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
	// A battle some way in: the men put down and closing.
	tw_game *g = tw_game_new(&sc0, 5, tw_shot_model_fast(), &err);
	assert_non_null(g);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new("default", rs, 0, 5), tw_general_new("default", rs, 1, 12)};
	(void)tw_play_out(g, gens, 140, &err); // stops short of the end
	assert_int_equal(tw_state_clone(&sc, tw_game_state(g)), TW_OK);
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	tw_state_free(&sc0);
	assert_int_equal(sc.phase, LW_PH_PLAY);
	for (int i = 0; i < sc.nfig; i++) // some men with odd radii: the widest sets the box
		if (i % 37 == 5)
			sc.fig[i].radius = i % 2 ? 0.5 : 0.0; // the widest as wide as a cavalryman
	lw_ai_lists l;
	memset(&l, 0, sizeof l);
	assert_true(lw_ai_lists_make(&sc, &l));
	assert_int_equal(l.gw, 0); // no grid on this table
	tw_rng r;
	tw_rng_seed(&r, 18);
	static const double rads[] = {2.5, LW_INF_MOVE, LW_CAV_MOVE, LW_CAV_MOVE + 2, 0.0, 1e-9};
	static const double nudge[] = {0.0, 1e-15, -1e-15, 1e-12, -1e-12, 1e-9, -1e-9, 1e-4, -1e-4};
	int counted = 0, n = 0;
	for (int k = 0; k < 60000; k++) {
		const tw_figure *f = &sc.fig[k % sc.nfig];
		double rad = rads[k % 6];
		double reach = rad + f->radius + nudge[(k / 6) % 9];
		double ang = (k % 4 == 0) ? 0.0 : tw_rng_unit(&r) * 6.283185307179586; // along x, or any way
		tw_vec2 p = tw_add(f->pos, tw_v2(reach * cos(ang), reach * sin(ang)));
		if (k % 5 == 0)
			p = tw_v2(tw_rng_unit(&r) * sc.table.width, tw_rng_unit(&r) * sc.table.depth);
		if (k % 997 == 0)
			p.y = NAN;
		int side = k % 3 == 2 ? (k / 3) % 2 : f->side;
		lw_ai_plain_counts = true;
		int want = lw_ai_count_near(&l, side, p, rad);
		lw_ai_plain_counts = false;
		int got = lw_ai_count_near(&l, side, p, rad);
		if (want != got)
			print_error("side %d within %.17g of (%.17g, %.17g): %d, plain %d\n", side, rad, p.x, p.y, got, want);
		assert_int_equal(want, got);
		counted += want;
		n++;
	}
	print_message("%d places, %d men counted in all\n", n, counted);
	assert_true(counted > n);
	lw_ai_lists_free(&l);
	tw_state_free(&sc);
}

// s30-lists: the three ways of counting (the table's cells, the h5-hook loop, every man measured)
// at places round men, anywhere on and off the table, and odd places; the count of mismatches.
static int count_mismatches(const tw_state *s, lw_ai_lists *l, tw_rng *r, int asks, long *counted)
{
	static const double rads[] = {2.5, LW_INF_MOVE, LW_CAV_MOVE, LW_CAV_MOVE + 2, 0.0, 1e-9, 60.0, -1.0};
	static const double nudge[] = {0.0, 1e-15, -1e-15, 1e-12, -1e-12, 1e-9, -1e-9, 1e-4, -1e-4};
	int bad = 0;
	for (int k = 0; k < asks; k++) {
		const tw_figure *f = &s->fig[tw_rng_below(r, (uint32_t)s->nfig)];
		double rad = rads[tw_rng_below(r, 8)];
		double reach = rad + f->radius + nudge[tw_rng_below(r, 9)];
		double ang = tw_rng_below(r, 4) == 0 ? 0.5 * 3.141592653589793 * tw_rng_below(r, 4)
						     : tw_rng_unit(r) * 6.283185307179586;
		tw_vec2 p = tw_add(f->pos, tw_v2(reach * cos(ang), reach * sin(ang)));
		switch (tw_rng_below(r, 12)) {
		case 0: p = tw_v2(tw_rng_unit(r) * 1.4 * s->table.width - 0.2 * s->table.width,
				  tw_rng_unit(r) * 1.4 * s->table.depth - 0.2 * s->table.depth); break;
		case 1: p.y = NAN; break;
		case 2: p.x = tw_rng_below(r, 2) ? INFINITY : -1e12; break;
		case 3: p = tw_v2(-0.0, s->table.depth); break;
		case 4: p.x = nextafter(s->table.width, 0); break;
		default: break;
		}
		int side = (int)tw_rng_below(r, 3); // 2: no such side, most times
		lw_ai_plain_counts = true;
		int want = lw_ai_count_near(l, side, p, rad);
		lw_ai_plain_counts = false;
		lw_ai_plain_strips = true;
		int loop = lw_ai_count_near(l, side, p, rad);
		lw_ai_plain_strips = false;
		int got = lw_ai_count_near(l, side, p, rad);
		if (want != got || want != loop) {
			if (bad++ == 0)
				print_error("side %d within %.17g of (%.17g, %.17g): %d, loop %d, plain %d\n", side, rad,
					    p.x, p.y, got, loop, want);
		}
		*counted += want;
	}
	return bad;
}

// s30-lists: lw_ai_charge (memo on, and afresh) through the cells against over every man
// (lw_ai_plain_strips, afresh), and lw_ai_supporters against lw_supporters, at men of the state
// and at men placed just in and out of reach of one; the count of mismatches.
static int charge_support_mismatches(const tw_state *s, lw_ai_lists *l, tw_rng *r, int *asked, int *supported)
{
	int bad = 0;
	for (int q = 0; q < 120; q++) {
		const tw_figure *e = &s->fig[tw_rng_below(r, (uint32_t)s->nfig)];
		int side = (int)tw_rng_below(r, 2), nours = (int)tw_rng_below(r, 4);
		tw_figure moved;
		if (q % 2) { // half the time a man (not of the state) just in or out of reach of another
			static const double reach[] = {LW_REACH, LW_REACH + 1.0, LW_INF_MOVE, LW_CAV_MOVE};
			static const double nudge[] = {0.0, 1e-12, -1e-12, 1e-9, -1e-9};
			const tw_figure *o = &s->fig[tw_rng_below(r, (uint32_t)s->nfig)];
			double d = reach[tw_rng_below(r, 4)] + (q % 4 == 1 ? o->radius : 0.0) + nudge[tw_rng_below(r, 5)];
			double ang = q % 8 == 1 ? 0.5 * 3.141592653589793 * tw_rng_below(r, 4) : tw_rng_unit(r) * 6.283185307179586;
			moved = *e;
			moved.pos = tw_add(o->pos, tw_v2(d * cos(ang), d * sin(ang)));
			e = &moved;
		}
		lw_charge_eval a = lw_ai_charge(l, s, side, e, nours);
		lw_ai_charge_nomemo = true;
		lw_charge_eval b = lw_ai_charge(l, s, side, e, nours);
		lw_ai_plain_strips = true;
		lw_charge_eval c = lw_ai_charge(l, s, side, e, nours);
		lw_ai_plain_strips = false;
		lw_ai_charge_nomemo = false;
		if (a.mine != c.mine || a.theirs != c.theirs || memcmp(&a.value, &c.value, sizeof a.value) != 0 ||
		    b.mine != c.mine || b.theirs != c.theirs || memcmp(&b.value, &c.value, sizeof b.value) != 0) {
			if (bad++ == 0)
				print_error("charge on (%.17g, %.17g) by side %d: %d/%d/%g, afresh %d/%d/%g, plain %d/%d/%g\n",
					    e->pos.x, e->pos.y, side, a.mine, a.theirs, a.value, b.mine, b.theirs, b.value, c.mine,
					    c.theirs, c.value);
		}
		// A body round e: men within R of him (of the side asked about, or any).
		int32_t body[64];
		int n = 0;
		double R = 1.0 + 8.0 * tw_rng_unit(r);
		for (int i = 0; i < s->nfig && n < 64; i++)
			if (tw_dist(s->fig[i].pos, e->pos) <= R && (q % 3 != 0 || s->fig[i].side == side))
				body[n++] = s->fig[i].id;
		int want = lw_supporters(s, side, body, n, NULL), got = lw_ai_supporters(s, l, side, body, n);
		if (want != got) {
			if (bad++ == 0)
				print_error("supporters of a body of %d round (%.17g, %.17g), side %d: %d, plain %d\n", n, e->pos.x,
					    e->pos.y, side, got, want);
		}
		// s31: stopped at `enough`, min(count, enough), for every enough from 0 to past the count
		for (int enough = 0; enough <= want + 1; enough++) {
			int upto = lw_ai_supporters_upto(s, l, side, body, n, enough);
			if (upto != (want < enough ? want : enough) && bad++ == 0)
				print_error("supporters up to %d of a body of %d: %d, plain %d\n", enough, n, upto, want);
		}
		*supported += want;
		(*asked)++;
	}
	return bad;
}

static void test_count_near_cells_match_plain(void **st)
{
	(void)st;
	tw_error err;
	for (int k = 0; k < 2; k++) {
		tw_state sc0, sc;
		memset(&sc0, 0, sizeof sc0);
		assert_int_equal(tw_state_load(&sc0, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
		tw_game *g = tw_game_new(&sc0, 11 + (uint64_t)k, tw_shot_model_fast(), &err);
		assert_non_null(g);
		const tw_ruleset *rs = tw_game_ruleset(g);
		tw_general *gens[2] = {tw_general_new("default", rs, 0, 3), tw_general_new("default", rs, 1, 4)};
		(void)tw_play_out(g, gens, 100 + 40 * k, &err); // into the battle
		assert_int_equal(tw_state_clone(&sc, tw_game_state(g)), TW_OK);
		tw_general_free(gens[0]);
		tw_general_free(gens[1]);
		tw_game_free(g);
		tw_state_free(&sc0);
		if (k == 1) { // a small table, men standing off it on every side
			sc.table.width = 30.5;
			sc.table.depth = 17.0;
		}
		lw_ai_lists l;
		memset(&l, 0, sizeof l);
		tw_rng r;
		tw_rng_seed(&r, 30 + (uint64_t)k);
		long counted = 0;
		int asks = 0, charges = 0, supported = 0;
		for (int round = 0; round < 40; round++) {
			assert_true(lw_ai_lists_make(&sc, &l));
			assert_int_equal(l.gw, 0);
			assert_true(l.sb_w > 0);
			assert_int_equal(count_mismatches(&sc, &l, &r, 1500, &counted), 0);
			asks += 1500;
			assert_int_equal(charge_support_mismatches(&sc, &l, &r, &charges, &supported), 0);
			// Without a grid lw_ai_men_near lists every free man of the sides asked about
			// (s30-lists: copied from free_fig), in figure order.
			for (int q = 0; q < 6; q++) {
				int side = q / 2;
				bool others = q % 2;
				int nn = lw_ai_men_near(&l, side, others, sc.fig[0].pos, sc.fig[0].pos), want = 0;
				for (int i = 0; i < sc.nfig; i++)
					if (lw_is_free(&sc.fig[i]) && (sc.fig[i].side == side) != others) {
						assert_true(want < nn);
						assert_int_equal(l.found[want], i);
						want++;
					}
				assert_int_equal(nn, want);
			}
			// Between lists: men of one side (or both, or none) step, fall, come back, or stand
			// at odd places; sometimes a side's men change while the other's stay filed.
			int what = round % 5;
			for (int m = 0; m < 4 && what != 4; m++) {
				int i = (int)tw_rng_below(&r, (uint32_t)sc.nfig);
				tw_figure *f = &sc.fig[i];
				if (what < 2 && f->side != what)
					continue; // this time side `what`'s men only
				switch (tw_rng_below(&r, 9)) {
				case 0: f->pos.x += 3.5; break;
				case 1: f->pos.y = nextafter(f->pos.y, 1e9); break; // one ulp
				case 2:
				case 3: f->status = f->status == TW_FS_DEAD ? TW_FS_ACTIVE : TW_FS_DEAD; break;
				case 4: f->pos.x = round % 3 == 0 ? NAN : -INFINITY; break;
				case 5: f->pos.y = -7.25; f->pos.x = sc.table.width + 3.0; break;
				case 6: f->radius = f->radius > 0.4 ? 0.0 : 0.75; break;
				case 7: f->pos = tw_v2(tw_rng_unit(&r) * sc.table.width, tw_rng_unit(&r) * sc.table.depth); break;
				default: f->moved_in = sc.move_no; break;
				}
			}
		}
		print_message("%d places, %ld men counted in all; %d charges and bodies, %d supporters\n", asks, counted,
			      charges, supported);
		assert_true(counted > asks);
		assert_true(supported > charges / 4);
		lw_ai_lists_free(&l);
		tw_state_free(&sc);
	}
}

// Every free man of each side as an enemy of the other: lw_ai_charge with the memo against afresh.
static int charge_mismatches(const tw_state *s, lw_ai_lists *l, int *asked)
{
	int bad = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *e = &s->fig[i];
		if (!lw_is_free(e))
			continue;
		int side = lw_enemy(e->side);
		for (int nours = 0; nours < 3; nours += 2) {
			lw_charge_eval a = lw_ai_charge(l, s, side, e, nours);
			lw_ai_charge_nomemo = true;
			lw_charge_eval b = lw_ai_charge(l, s, side, e, nours);
			lw_ai_charge_nomemo = false;
			if (a.mine != b.mine || a.theirs != b.theirs || memcmp(&a.value, &b.value, sizeof a.value) != 0) {
				if (bad++ == 0)
					print_error("figure %d: memo %d/%d/%g, afresh %d/%d/%g\n", i, a.mine, a.theirs, a.value,
						    b.mine, b.theirs, b.value);
			}
			(*asked)++;
		}
	}
	return bad;
}

static void test_charge_memo_matches_afresh(void **st)
{
	(void)st;
	tw_error err;
	for (int k = 0; k < 2; k++) {
		tw_state sc0, sc;
		memset(&sc0, 0, sizeof sc0);
		if (k == 0)
			assert_int_equal(tw_state_load(&sc0, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
		else
			assert_int_equal(tw_scenario_generate(&sc0, "littlewars", 33, 576, 192, &err), TW_OK);
		tw_game *g = tw_game_new(&sc0, 9, tw_shot_model_fast(), &err);
		assert_non_null(g);
		const tw_ruleset *rs = tw_game_ruleset(g);
		tw_general *gens[2] = {tw_general_new("default", rs, 0, 9), tw_general_new("default", rs, 1, 16)};
		(void)tw_play_out(g, gens, k == 0 ? 140 : 900, &err); // into the battle
		assert_int_equal(tw_state_clone(&sc, tw_game_state(g)), TW_OK);
		tw_general_free(gens[0]);
		tw_general_free(gens[1]);
		tw_game_free(g);
		tw_state_free(&sc0);
		assert_int_equal(sc.phase, LW_PH_PLAY);
		lw_ai_lists l;
		memset(&l, 0, sizeof l);
		tw_rng r;
		tw_rng_seed(&r, 77 + (uint64_t)k);
		int asked = 0;
		for (int round = 0; round < 12; round++) {
			assert_true(lw_ai_lists_make(&sc, &l));
			assert_int_equal(charge_mismatches(&sc, &l, &asked), 0);
			// Between lists: a few men of one side (or both, or none) step, fall, or come back.
			int what = round % 4;
			for (int m = 0; m < 3 && what != 3; m++) {
				int i = (int)tw_rng_below(&r, (uint32_t)sc.nfig);
				tw_figure *f = &sc.fig[i];
				if (what == 1 && f->side != 0)
					continue; // this time side 0's men only
				switch (tw_rng_below(&r, 4)) {
				case 0: f->pos.x += 0.5; break;
				case 1: f->pos.y = nextafter(f->pos.y, 1e9); break; // one ulp
				case 2: f->status = f->status == TW_FS_DEAD ? TW_FS_ACTIVE : TW_FS_DEAD; break;
				default: f->moved_in = sc.move_no; break;
				}
			}
		}
		print_message("%d charges asked both ways (%d men)\n", asked, sc.nfig);
		lw_ai_lists_free(&l);
		tw_state_free(&sc);
	}
}

static void test_charge_memo_games_match(void **st)
{
	(void)st;
	tw_error err;
	for (int k = 0; k < 3; k++) {
		tw_state sc;
		memset(&sc, 0, sizeof sc);
		if (k < 2)
			assert_int_equal(tw_state_load(&sc, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
		else {
			assert_int_equal(tw_scenario_generate(&sc, "littlewars", 34, 576, 192, &err), TW_OK);
			sc.params[LWP_MAX_MOVES] = 12;
		}
		uint64_t h[2];
		long hits;
		for (int v = 0; v < 2; v++) {
			lw_ai_charge_nomemo = v == 1;
			h[v] = play(&sc, "default", k == 1 ? "lw-rush" : "default", 120 + (uint64_t)k, false, &hits);
		}
		lw_ai_charge_nomemo = false;
		assert_true(h[0] == h[1]);
		tw_state_free(&sc);
	}
}

// s31: lw_ai_lists_make's two-side pass (side 0 in place, side 1 aside) and its counting sort
// (any other side) give each side's free men in figure order, as the reference loop here lists
// them: two sides, three (men of side 2 early, late, or only), one, and none free.
static void test_lists_sides_in_figure_order(void **st)
{
	(void)st;
	tw_error err;
	tw_state base;
	memset(&base, 0, sizeof base);
	assert_int_equal(tw_state_load(&base, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
	lw_ai_lists l;
	memset(&l, 0, sizeof l);
	tw_rng r;
	tw_rng_seed(&r, 31);
	for (int round = 0; round < 60; round++) {
		tw_state s;
		assert_int_equal(tw_state_clone(&s, &base), TW_OK);
		int kind = round % 6;
		for (int i = 0; i < s.nfig; i++) {
			tw_figure *f = &s.fig[i];
			f->status = tw_rng_below(&r, 5) == 0 ? TW_FS_DEAD : TW_FS_ACTIVE;
			f->pos = tw_v2(tw_rng_unit(&r) * 144, tw_rng_unit(&r) * 96);
			if (kind == 1 && tw_rng_below(&r, 7) == 0)
				f->side = 2; // three sides, anywhere
			if (kind == 2 && i == s.nfig - 1)
				f->side = 2; // the last man only
			if (kind == 3 && i == 0)
				f->side = 2; // the first man only
			if (kind == 4)
				f->side = 1; // one side (1) only
			if (kind == 5)
				f->status = TW_FS_DEAD; // nobody free
		}
		assert_true(lw_ai_lists_make(&s, &l));
		int nsides = 0, n = 0;
		double rmax = 0;
		for (int i = 0; i < s.nfig; i++)
			if (lw_is_free(&s.fig[i])) {
				nsides = s.fig[i].side + 1 > nsides ? s.fig[i].side + 1 : nsides;
				rmax = s.fig[i].radius > rmax ? s.fig[i].radius : rmax;
			}
		assert_int_equal(l.nsides, nsides);
		for (int sd = 0; sd < nsides; sd++) {
			assert_int_equal(l.free_start[sd], n);
			for (int i = 0; i < s.nfig; i++) {
				const tw_figure *f = &s.fig[i];
				if (!lw_is_free(f) || f->side != sd)
					continue;
				const lw_ai_man *m = &l.free_men[n];
				assert_int_equal(m->fig, i);
				assert_int_equal(l.free_fig[n], i);
				assert_true(m->x == f->pos.x && m->y == f->pos.y && m->r == f->radius);
				assert_int_equal(m->moved_in, f->moved_in);
				n++;
			}
		}
		assert_int_equal(l.free_start[nsides], n);
		assert_true(l.rmax == rmax);
		tw_state_free(&s);
	}
	lw_ai_lists_free(&l);
	tw_state_free(&base);
}

// s31: a rule set without decisions of its own (Little Wars) is asked by its side to move:
// tw_state_decisions writes kind "act" and the prompt "<side> to act" without snprintf.
static void test_decisions_act_prompt(void **st)
{
	(void)st;
	tw_error err;
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	assert_int_equal(tw_state_load(&sc, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
	tw_game *g = tw_game_new(&sc, 5, tw_shot_model_fast(), &err);
	assert_non_null(g);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new("default", rs, 0, 1), tw_general_new("default", rs, 1, 2)};
	int seen[2] = {0, 0};
	for (int k = 0; k < 60 && !tw_game_state(g)->over; k++) {
		tw_decision d[TW_MAX_DECISIONS];
		int n = tw_state_decisions(tw_game_state(g), d, TW_MAX_DECISIONS);
		assert_int_equal(n, 1);
		int side = d[0].seat;
		assert_true(side == 0 || side == 1);
		char want[96];
		snprintf(want, sizeof want, "%s to act", tw_game_state(g)->sides[side].name);
		assert_string_equal(d[0].prompt, want);
		assert_string_equal(d[0].kind, "act");
		assert_int_equal(d[0].clause[0], 0);
		assert_false(d[0].secret);
		seen[side]++;
		tw_order *o = calloc(1, sizeof *o); // zeroed: what the general leaves unset is no garbage
		assert_non_null(o);
		assert_int_equal(tw_general_decide(gens[side], tw_game_state(g), o), TW_OK);
		assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
		free(o);
	}
	assert_true(seen[0] > 0 && seen[1] > 0);
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	tw_state_free(&sc);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vmemo_rules),
		cmocka_unit_test(test_vmemo_games_match),
		cmocka_unit_test(test_count_near_box_matches_plain),
		cmocka_unit_test(test_count_near_cells_match_plain),
		cmocka_unit_test(test_charge_memo_matches_afresh),
		cmocka_unit_test(test_charge_memo_games_match),
		cmocka_unit_test(test_lists_sides_in_figure_order),
		cmocka_unit_test(test_decisions_act_prompt),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
