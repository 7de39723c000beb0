// Failing the N-th allocation of an order (base.h's allocator hook) for every N the order makes,
// through the real rule sets: every order of a whole Little Wars game of Hook's Farm (moves,
// guns firing, melees, prisoners, captures, the end of each move) and every order of a Grant
// game of the meeting engagement (volleys, artillery, charges and melees). Each time the order is
// refused with TW_ERR_NOMEM, the state is exactly as it was (hash), no event is left behind, and
// the same order then succeeds. Both failed on the old code: a Little Wars shot whose model ran
// out of memory was refused as a failed shot model (TW_ERR_STATE), and a Grant roundshot whose
// list of hits could not be allocated hit nobody and the game went on to another result (the
// engine now watches every allocation of an adjudication: tw_alloc_watch).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/tinwar.h"

typedef struct fail_at {
	long n, count;
} fail_at;

static void *failing_alloc(void *ud, void *ptr, size_t size)
{
	fail_at *f = ud;
	if (size == 0) {
		free(ptr);
		return NULL;
	}
	if (f->count++ == f->n)
		return NULL;
	return realloc(ptr, size);
}

typedef struct walk_stats {
	long orders, allocations, walked_clauses;
	int max_per_order;
} walk_stats;

// Applies order o to a copy of s failing the n-th allocation, for every n the order makes; checks
// that each failure either left the copy as s (refused for memory) or, where the engine can do
// without the memory (a cache), gave exactly the result of the order with memory. Returns how
// many allocations the order made.
static long walk_order(const tw_state *s, const tw_order *o)
{
	uint64_t h = tw_state_hash(s);
	tw_state ref;
	assert_int_equal(tw_state_clone(&ref, s), TW_OK);
	tw_events rev = {0};
	tw_error rerr;
	assert_int_equal(tw_state_apply(&ref, o, NULL, &rev, &rerr), TW_OK);
	uint64_t href = tw_state_hash(&ref);
	for (long n = 0;; n++) {
		tw_state c;
		assert_int_equal(tw_state_clone(&c, s), TW_OK);
		tw_events ev = {0};
		tw_error err;
		fail_at f = {n, 0};
		tw_set_allocator(failing_alloc, &f);
		tw_status st = tw_state_apply(&c, o, NULL, &ev, &err);
		tw_set_allocator(NULL, NULL);
		if (st == TW_OK) {
			if (tw_state_hash(&c) != href || ev.n != rev.n)
				fail_msg("allocation %ld of a %d order failed and the order went on to another result", n,
					 o->type);
			tw_events_free(&ev);
			tw_state_free(&c);
			if (f.count <= n) { // no allocation failed: all walked
				tw_events_free(&rev);
				tw_state_free(&ref);
				return n;
			}
			continue;
		}
		if (st != TW_ERR_NOMEM)
			fail_msg("allocation %ld of a %d order: status %d (%s %s)", n, o->type, st, err.clause, err.message);
		assert_int_equal(ev.n, 0);
		if (tw_state_hash(&c) != h)
			fail_msg("allocation %ld of a %d order failed and left the state changed", n, o->type);
		tw_events_free(&ev);
		tw_state_free(&c);
	}
}

// Plays a game between two generals, then walks every order of its first `upto` orders (all if
// upto < 0) from the game's own states. Returns how many orders carried events of `clause`.
static int walk_game(const char *scenario, const char *ruleset_gen, uint64_t seed, int upto, const char *clause,
		     walk_stats *ws)
{
	tw_state sc;
	tw_error err;
	assert_int_equal(tw_state_load(&sc, scenario, &err), TW_OK);
	tw_game *g = tw_game_new(&sc, seed, NULL, &err);
	assert_non_null(g);
	tw_game_set_undo(g, false);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gens[2] = {tw_general_new(ruleset_gen, rs, 0, seed), tw_general_new(ruleset_gen, rs, 1, seed + 1)};
	assert_non_null(gens[0]);
	assert_non_null(gens[1]);
	tw_play_out(g, gens, 20000, &err);
	tw_state s;
	assert_int_equal(tw_state_clone(&s, tw_game_initial(g)), TW_OK);
	int n = tw_game_order_count(g), hits = 0;
	if (upto >= 0 && upto < n)
		n = upto;
	for (int i = 0; i < n; i++) {
		const tw_order *o = tw_game_order(g, i);
		long a = walk_order(&s, o);
		ws->orders++;
		ws->allocations += a;
		if (a > ws->max_per_order)
			ws->max_per_order = (int)a;
		tw_events ev = {0};
		assert_int_equal(tw_state_apply(&s, o, NULL, &ev, &err), TW_OK);
		bool hit = false;
		for (int k = 0; k < ev.n; k++)
			hit |= strncmp(ev.v[k].clause, clause, strlen(clause)) == 0;
		hits += hit;
		tw_events_free(&ev);
	}
	// The replay from the walked states is the game itself.
	if (upto < 0)
		assert_true(tw_state_hash(&s) == tw_state_hash(tw_game_state(g)));
	tw_state_free(&s);
	tw_general_free(gens[0]);
	tw_general_free(gens[1]);
	tw_game_free(g);
	tw_state_free(&sc);
	return hits;
}

static void test_every_allocation_of_a_hooks_farm_game(void **st)
{
	(void)st;
	walk_stats ws = {0};
	int melees = walk_game("scenarios/littlewars/hooks-farm.json", "lw-rush", 1, -1, "LW.MEL", &ws);
	print_message("Hook's Farm: %ld orders, %ld allocations walked (at most %d in one order), %d with melees\n",
		      ws.orders, ws.allocations, ws.max_per_order, melees);
	assert_true(melees > 0);          // the walk went through melees
	assert_true(ws.allocations > 100); // and through the rules' own allocations
}

static void test_every_allocation_of_grant_melees(void **st)
{
	(void)st;
	walk_stats ws = {0};
	int melees = walk_game("scenarios/grant/meeting.json", "gr-attack", 1, -1, "GR.MELEE", &ws);
	print_message("Grant, meeting engagement: %ld orders, %ld allocations walked (at most %d in one order), %d with melees\n",
		      ws.orders, ws.allocations, ws.max_per_order, melees);
	assert_true(melees > 0);
	assert_true(ws.allocations > 100);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_allocation_of_a_hooks_farm_game),
		cmocka_unit_test(test_every_allocation_of_grant_melees),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
