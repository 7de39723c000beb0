// h7-nqspeed (issue 16, the Lloyd NQ bench line): the shortcuts that make `make bench`'s NQ
// skirmish (20 a side, ll-nq against ll-nq) faster, each against the plain computation; every
// one must leave the games decision for decision as they were.
//   - the bench's own games (bench/bench_lloyd.c: the 20-a-side skirmish, seeds 100..114, ll-nq
//     on both sides, and random on both sides): final state hash, orders and a digest of every
//     event (type, side, clause, numbers, words) pinned to the values main gave before the round;
//   - the validation memo (core/vmemo.h) for Lloyd: the rules note each order they accept and the
//     game skips checking it again; the same games with the memo off, and the memo is hit;
//   - ll_gen_shoot notes its shot as accepted (the rules are not asked): at every decision of
//     ll-nq games and six-player ll-six games, each side's shot, when it has one, is one the
//     rules' full check (with its messages) accepts;
//   - ll_melee_scan's engagements found once by pairs (ll_melee_pairs): every pair engaged either
//     way is among them, on every position of those games (tests/test_ll_fast.c plays the melee
//     against its plain reading);
//   - ll_engaged_next's loop with the man's values in locals against its loop before, on every
//     man of those positions;
//   - ll-nq's archer stepping out (archer_place) trying the places farthest first and stopping at
//     the first kept, against trying every place: the same games, with ll_engaged_next's plain
//     loop too;
//   - ll-nq's advancing bodies' moves checked without their men's melee asked again (the general
//     asked it), and its shots without the decisions asked again: the same games, as above;
//   - ll_in_range_band (the general's sight test without the call) against tw_ll_range_band;
//   - the general's aim and a mover's charge target (the wounded enemies listed once, the engaged
//     men walked) are checked by the pinned games above.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/vmemo.h"
#include "libm_era.h"
#include "tinwar/detmath.h"
#include "ll_skirmish20.h"
#include "rules/lloyd/ll.h"
#include "rules/lloyd/ll_general_nq_own.h"
#include "tinwar/io.h"
#include "tinwar/lloyd.h"
#include "tinwar/tinwar.h"
#include "fnv.h"

// bench_lloyd.c's skirmish (tests/support/ll_skirmish20.h)
static void skirmish20(tw_state *s)
{
	tw_error err;
	memset(s, 0, sizeof *s);
	assert_int_equal(ll_skirmish20(s, &err), TW_OK);
}

// Every event's type, side, clause, numbers and words.
static uint64_t events_digest(const tw_events *ev)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (int i = 0; i < ev->n; i++) {
		const tw_event *e = &ev->v[i];
		int32_t x[6] = {e->type, e->side, e->a, e->b, e->c, e->d};
		h = fnv(h, x, sizeof x);
		h = fnv(h, e->clause, strnlen(e->clause, sizeof e->clause));
		h = fnv(h, e->text, strnlen(e->text, sizeof e->text));
	}
	return h;
}

typedef struct played {
	uint64_t hash, events;
	int orders, moves, winner;
} played;

// One of the bench's games: gen on every seat, seeded as bench_lloyd.c seeds it.
static played play(const tw_state *sc, const char *gen, uint64_t seed, bool libm)
{
	tw_error err;
	bool was = tw_math_use_libm(libm);
	tw_game *g = tw_game_new(sc, seed, NULL, &err);
	assert_non_null(g);
	tw_game_set_undo(g, false);
	tw_game_set_libm_math(g, libm);
	tw_general *gens[TW_MAX_SIDES] = {0};
	for (int k = 0; k < sc->nsides; k++)
		gens[k] = tw_general_new(gen, &tw_ruleset_lloyd, k, seed * 7 + (uint64_t)k);
	assert_int_equal(tw_play_out(g, gens, 1000000, &err), TW_OK);
	const tw_state *s = tw_game_state(g);
	played p = {tw_state_hash(s), events_digest(tw_game_events(g)), tw_game_order_count(g), s->move_no, s->winner};
	for (int k = 0; k < sc->nsides; k++)
		tw_general_free(gens[k]);
	tw_game_free(g);
	tw_math_use_libm(was);
	return p;
}

typedef struct pin {
	const char *gen;
	uint64_t seed, hash, events;
	int orders;
} pin;
// Pinned at stop 36, when the engine's math became its own (detmath.h): ll-nq then random, seeds
// 100..114.
static const pin pinned[] = {
#include "test_ll_nqspeed_pinned_det.inc"
};
// Pinned on main before (f011545 and after): the same games with the C library's math functions
// (tw_math_use_libm and the game's, as a log from before stop 36 replays), to the bit.
static const pin pinned_libm[] = {
#include "test_ll_nqspeed_pinned.inc"
};

static int games_unlike(const tw_state *sc, const pin *pins, size_t n, bool libm)
{
	int bad = 0;
	for (size_t i = 0; i < n; i++) {
		played p = play(sc, pins[i].gen, pins[i].seed, libm);
		if (p.hash != pins[i].hash || p.events != pins[i].events || p.orders != pins[i].orders) {
			print_message("\t{\"%s\", %llu, 0x%016llxull, 0x%016llxull, %d}, (pinned 0x%016llx 0x%016llx %d)\n",
				      pins[i].gen, (unsigned long long)pins[i].seed, (unsigned long long)p.hash,
				      (unsigned long long)p.events, p.orders, (unsigned long long)pins[i].hash,
				      (unsigned long long)pins[i].events, pins[i].orders);
			bad++;
		}
	}
	return bad;
}

static void test_ll_nqspeed_bench_games_unchanged(void **st)
{
	(void)st;
	tw_state sc;
	skirmish20(&sc);
	assert_int_equal(games_unlike(&sc, pinned, sizeof pinned / sizeof pinned[0], false), 0);
	if (tw_test_libm_era())
		assert_int_equal(games_unlike(&sc, pinned_libm, sizeof pinned_libm / sizeof pinned_libm[0], true), 0);
	tw_state_free(&sc);
}

// The memo for Lloyd's orders: the same games without it, and it is hit.
static void test_ll_nqspeed_vmemo_same_games(void **st)
{
	(void)st;
	tw_state sc;
	skirmish20(&sc);
	bool off = tw_vmemo_off;
	for (uint64_t seed = 100; seed < 104; seed++) {
		const char *gen = seed % 2 ? "random" : "ll-nq";
		tw_vmemo_off = true;
		long h0 = tw_vmemo_hits();
		played a = play(&sc, gen, seed, false);
		assert_int_equal(tw_vmemo_hits(), h0);
		tw_vmemo_off = false;
		played b = play(&sc, gen, seed, false);
		long hits = tw_vmemo_hits() - h0;
		assert_true(hits > b.orders / 3); // most of the orders given are not checked twice
		assert_true(a.hash == b.hash);
		assert_true(a.events == b.events);
		assert_int_equal(a.orders, b.orders);
	}
	tw_vmemo_off = off;
	tw_state_free(&sc);
}

// ll_melee_pairs at s: in order, each pair once, and every pair engaged either way among them;
// returns the engaged pairs seen.
static int pairs_cover(const tw_state *s)
{
	int n = s->nfig, cap = n * n / 2 + 1, seen = 0;
	ll_pair *pr = malloc(sizeof *pr * (size_t)cap);
	char *in = calloc((size_t)n * (size_t)n + 1, 1);
	assert_non_null(pr);
	assert_non_null(in);
	int np = ll_melee_pairs(s, pr, cap);
	assert_true(np >= 0);
	for (int i = 0; i < np; i++) {
		assert_true(pr[i].a < pr[i].b);
		assert_true(i == 0 || pr[i - 1].a < pr[i].a || (pr[i - 1].a == pr[i].a && pr[i - 1].b < pr[i].b));
		in[pr[i].a * n + pr[i].b] = 1;
	}
	for (int a = 0; a < n; a++)
		for (int b = a + 1; b < n; b++) {
			bool e = ll_engaged(s, a, b) || ll_engaged(s, b, a);
			if (e && !in[a * n + b])
				print_message("engaged pair %d-%d not among the %d pairs\n", a, b, np);
			assert_true(!e || in[a * n + b]);
			seen += e;
		}
	if (np > 0)
		assert_int_equal(ll_melee_pairs(s, pr, np - 1), -1); // no room: refused
	free(pr);
	free(in);
	return seen;
}

// ll_engaged_next with f's values in locals against its loop before (ll_engaged_next_plain): every
// man, from -1, 0, each answer on, and past the end; returns the engagements found.
static int next_agrees(const tw_state *s)
{
	int found = 0;
	for (int f = -1; f <= s->nfig; f++)
		for (int from = -1;; from++) {
			ll_engaged_next_plain = true;
			int want = ll_engaged_next(s, f, from);
			ll_engaged_next_plain = false;
			assert_int_equal(ll_engaged_next(s, f, from), want);
			if (want < 0) {
				assert_int_equal(ll_engaged_next(s, f, s->nfig), -1);
				break;
			}
			found++;
			from = want;
		}
	return found;
}

// The shortcuts switched to their plain loops (ll_engaged_next_plain, ll_archer_place_plain,
// ll_validate_move_plain: the movers' melee asked again, ll_general_nq_plain: the decisions asked
// again for the shots): the same games, order for order, event for event.
static void plain_loops(bool on)
{
	ll_engaged_next_plain = ll_archer_place_plain = ll_validate_move_plain = ll_general_nq_plain = on;
}

static void test_ll_nqspeed_plain_loops_same_games(void **st)
{
	(void)st;
	tw_state sc;
	skirmish20(&sc);
	for (uint64_t seed = 100; seed < 115; seed++) {
		plain_loops(true);
		played a = play(&sc, "ll-nq", seed, false);
		plain_loops(false);
		played b = play(&sc, "ll-nq", seed, false);
		assert_true(a.hash == b.hash);
		assert_true(a.events == b.events);
		assert_int_equal(a.orders, b.orders);
	}
	tw_state_free(&sc);
	// ll-nq on the plain skirmish, sides swapped by the seed (test_ll_gen's pairing): its archers
	// step out and round the hedge more often there
	tw_error err;
	memset(&sc, 0, sizeof sc);
	assert_int_equal(tw_state_load(&sc, "scenarios/lloyd/skirmish.json", &err), TW_OK);
	for (uint64_t seed = 1; seed < 21; seed++) {
		plain_loops(true);
		played a = play(&sc, "ll-nq", seed, false);
		plain_loops(false);
		played b = play(&sc, "ll-nq", seed, false);
		assert_true(a.hash == b.hash);
		assert_true(a.events == b.events);
	}
	tw_state_free(&sc);
}

// At every decision of a game played by gen (the ll-nq skirmish, the six-player game with
// ll-six): each side's shot from ll_gen_shoot (with ll-nq's ranking, and without), when it has
// one, is one the rules accept by their full check; ll_melee_pairs covers every engaged pair
// (*engaged: those seen); returns the shots seen.
static int shots_legal(const tw_state *sc, const char *gen, uint64_t seed, int *engaged)
{
	tw_error err;
	tw_game *g = tw_game_new(sc, seed, NULL, &err);
	assert_non_null(g);
	tw_game_set_undo(g, false);
	tw_general *gens[TW_MAX_SIDES] = {0};
	for (int k = 0; k < sc->nsides; k++)
		gens[k] = tw_general_new(gen, &tw_ruleset_lloyd, k, seed * 7 + (uint64_t)k);
	tw_order *o = malloc(sizeof *o);
	assert_non_null(o);
	int shots = 0;
	for (int n = 0; n < 20000; n++) {
		const tw_state *s = tw_game_state(g);
		tw_decision dec[TW_MAX_DECISIONS];
		if (s->over || tw_state_decisions(s, dec, TW_MAX_DECISIONS) == 0)
			break;
		*engaged += pairs_cover(s) + next_agrees(s);
		for (int k = 0; k < s->nsides; k++)
			for (int ranked = 0; ranked < 2; ranked++) {
				if (!ll_gen_shoot(s, k, o, ranked ? ll_gen_nq_own()->rank : NULL, NULL))
					continue;
				shots++;
				tw_status v = tw_ruleset_lloyd.validate(s, o, &err);
				if (v != TW_OK)
					print_message("seed %llu side %d: %d at %d refused: %s\n", (unsigned long long)seed, k,
						      o->fig[0], o->fig2[0], err.message);
				assert_int_equal(v, TW_OK);
			}
		int side = dec[0].seat;
		assert_int_equal(tw_general_decide(gens[side], s, o), TW_OK);
		if (tw_game_apply(g, o, NULL, NULL, &err) != TW_OK) {
			tw_order_init(o, LL_OT_END, side);
			assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
		}
	}
	free(o);
	for (int k = 0; k < sc->nsides; k++)
		tw_general_free(gens[k]);
	tw_game_free(g);
	return shots;
}

static void test_ll_nqspeed_shots_legal_pairs_cover(void **st)
{
	(void)st;
	tw_state sc;
	skirmish20(&sc);
	int shots = 0, engaged = 0;
	for (uint64_t seed = 100; seed < 106; seed++)
		shots += shots_legal(&sc, "ll-nq", seed, &engaged);
	tw_state_free(&sc);
	tw_error err;
	memset(&sc, 0, sizeof sc);
	assert_int_equal(tw_state_load(&sc, "scenarios/lloyd/six.json", &err), TW_OK);
	for (uint64_t seed = 1; seed < 3; seed++)
		shots += shots_legal(&sc, "ll-six", seed, &engaged);
	tw_state_free(&sc);
	assert_true(shots > 200);
	assert_true(engaged > 100);
}

// ll_in_range_band against tw_ll_range_band >= 0: bands at, beside and between their limits,
// rising or not, negative, zero, infinite and NaN distances.
static void test_ll_nqspeed_range_band_inline(void **st)
{
	(void)st;
	static const double lims[][3] = {{2, 6, 12}, {0.5, 0.5, 0.5}, {12, 6, 2}, {0, 0, 24}, {1e-9, 3, 3}};
	tw_rng r;
	tw_rng_seed(&r, 16);
	int in = 0;
	for (size_t l = 0; l < sizeof lims / sizeof lims[0]; l++)
		for (int k = 0; k < 4000; k++) {
			double d;
			switch (k % 5) {
			case 0: d = lims[l][k % 3] + LL_EPS; break;
			case 1: d = nextafter(lims[l][k % 3] + LL_EPS, k % 2 ? 1e9 : -1e9); break;
			case 2: d = tw_rng_unit(&r) * 30 - 2; break;
			case 3: d = k % 3 == 0 ? INFINITY : k % 3 == 1 ? NAN : -0.0; break;
			default: d = lims[l][k % 3]; break;
			}
			bool want = tw_ll_range_band(lims[l], d) >= 0;
			assert_int_equal(ll_in_range_band(lims[l], d), want);
			in += want;
		}
	assert_true(in > 1000);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ll_nqspeed_bench_games_unchanged),
		cmocka_unit_test(test_ll_nqspeed_vmemo_same_games),
		cmocka_unit_test(test_ll_nqspeed_plain_loops_same_games),
		cmocka_unit_test(test_ll_nqspeed_shots_legal_pairs_cover),
		cmocka_unit_test(test_ll_nqspeed_range_band_inline),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
