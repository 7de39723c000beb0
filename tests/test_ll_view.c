// s28-llview: Lloyd's computer generals decide on a const view and never write to it
// (docs/design.md: a computer general's view is often the game's state itself, tw_play_out's
// shallow view while nothing is hidden from the seat). Every decision of whole games of ll-nq,
// ll-three and ll-six is made on a view whose figure array and records are copies in read-only
// pages (mprotect PROT_READ): a write into the view, even one put back before the decision
// returns (the "moved for the test" figure of ll_gen_sees, value_from, best_shot_from and
// ll_gen_tf_lure_score before s28), faults there; the fault is caught and the test fails naming
// the general, the game's seed and the decision. After each decision the read-only copies still
// hold the game's bytes.
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "rules/lloyd/ll.h"
#include "tinwar/general.h"
#include "tinwar/tinwar.h"
#include "ll_scene.h"

// A copy of n bytes in pages of its own, read-only once filled.
typedef struct ro_copy {
	void *p;
	size_t len;
} ro_copy;

static void *ro_make(ro_copy *c, const void *src, size_t n)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	c->len = n ? (n + pg - 1) / pg * pg : pg;
	c->p = mmap(NULL, c->len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(c->p != MAP_FAILED);
	if (n)
		memcpy(c->p, src, n);
	assert_int_equal(mprotect(c->p, c->len, PROT_READ), 0);
	return c->p;
}

static void ro_free(ro_copy *c)
{
	if (c->p)
		munmap(c->p, c->len);
	c->p = NULL;
}

static sigjmp_buf fault_jmp;
static volatile sig_atomic_t in_decide;

static void on_fault(int sig)
{
	if (in_decide)
		siglongjmp(fault_jmp, 1);
	signal(sig, SIG_DFL);
	raise(sig);
}

// The bytes of record kind k of s (every row a view may read).
static size_t rec_bytes(const tw_state *s, int k)
{
	if (!s->rec[k] || !s->recdef[k])
		return 0;
	int n = k == TW_REC_SIDE ? TW_MAX_SIDES : tw_rec_count(s, (tw_rec_kind)k);
	return n > 0 ? (size_t)n * s->recdef[k]->size : 0;
}

// Plays `path` with `gen` on every side (seed), every decision on a read-only view. Returns the
// number of decisions made; *fault the decision (counted from 1) that wrote into its view, 0 none.
static int play_read_only(const char *path, const char *gen, uint64_t seed, int max_orders, int *fault)
{
	tw_general *gens[TW_MAX_SIDES];
	tw_game *g = llt_game_with(path, gen, seed, gens);
	tw_error err = {0};
	tw_order *o = calloc(1, sizeof *o);
	assert_non_null(o);
	int end = tw_order_type_with(&tw_ruleset_lloyd, TW_OD_ENDS_TURN);
	assert_true(end >= 0);
	struct sigaction sa, old_segv, old_bus;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fault;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, &old_segv);
	sigaction(SIGBUS, &sa, &old_bus);
	*fault = 0;
	int n = 0;
	for (; n < max_orders && !tw_game_state(g)->over; n++) {
		const tw_state *s = tw_game_state(g);
		tw_decision d[TW_MAX_DECISIONS];
		int nd = tw_state_decisions(s, d, TW_MAX_DECISIONS);
		if (nd == 0)
			break;
		int side = d[0].seat;
		assert_true(side >= 0 && side < s->nsides && gens[side]);
		// The view as tw_play_out gives it while nothing is hidden (a shallow copy of the
		// state), but its figures and records are read-only copies.
		tw_state v = *s;
		tw_rng_seed(&v.rng, TW_VIEW_RNG_SEED);
		v.seed = 0;
		ro_copy figs = {0}, recs[TW_REC_TERRAIN];
		memset(recs, 0, sizeof recs);
		v.fig = ro_make(&figs, s->fig, (size_t)s->nfig * sizeof *s->fig);
		for (int k = 0; k < TW_REC_TERRAIN; k++)
			if (rec_bytes(s, k))
				v.rec[k] = ro_make(&recs[k], s->rec[k], rec_bytes(s, k));
		volatile tw_status st = TW_ERR_STATE; // (set between sigsetjmp and a fault)
		if (sigsetjmp(fault_jmp, 1) == 0) {
			in_decide = 1;
			st = gens[side]->def->decide(gens[side], &v, side, o);
			in_decide = 0;
		} else {
			in_decide = 0;
			*fault = n + 1;
		}
		// What the general read is still the game's: nothing was written to the view.
		bool same = memcmp(v.fig, s->fig, (size_t)s->nfig * sizeof *s->fig) == 0;
		for (int k = 0; k < TW_REC_TERRAIN; k++)
			if (rec_bytes(s, k))
				same = same && memcmp(v.rec[k], s->rec[k], rec_bytes(s, k)) == 0;
		ro_free(&figs);
		for (int k = 0; k < TW_REC_TERRAIN; k++)
			ro_free(&recs[k]);
		assert_true(same);
		if (*fault)
			break;
		assert_int_equal(st, TW_OK);
		if (tw_game_apply(g, o, NULL, NULL, &err) != TW_OK) { // as tw_play_out: the turn ends instead
			tw_order_init(o, end, side);
			tw_game_apply(g, o, NULL, NULL, &err);
		}
	}
	sigaction(SIGSEGV, &old_segv, NULL);
	sigaction(SIGBUS, &old_bus, NULL);
	free(o);
	llt_game_free(g, gens);
	return n;
}

static void check_general(const char *path, const char *gen, int seeds)
{
	int total = 0;
	for (int seed = 1; seed <= seeds; seed++) {
		int fault = 0;
		total += play_read_only(path, gen, (uint64_t)seed, 20000, &fault);
		if (fault)
			fail_msg("%s on %s, seed %d: decision %d wrote into its read-only view", gen, path, seed, fault);
	}
	assert_true(total > 50); // whole games were decided
}

// ll-nq: ll_gen_sees (a lone archer's places) on the skirmish.
static void test_ll_view_nq_general_leaves_its_view_unwritten(void **st)
{
	(void)st;
	check_general("scenarios/lloyd/skirmish.json", "ll-nq", 2);
}

// ll-three: best_shot_from (an archer's step) and ll_gen_tf_lure_score (the commander's lure).
static void test_ll_view_three_general_leaves_its_view_unwritten(void **st)
{
	(void)st;
	check_general("scenarios/lloyd/three.json", "ll-three", 2);
}

// ll-six: value_from (ll_gen_sp_archer_step).
static void test_ll_view_six_general_leaves_its_view_unwritten(void **st)
{
	(void)st;
	check_general("scenarios/lloyd/six.json", "ll-six", 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ll_view_nq_general_leaves_its_view_unwritten),
		cmocka_unit_test(test_ll_view_three_general_leaves_its_view_unwritten),
		cmocka_unit_test(test_ll_view_six_general_leaves_its_view_unwritten),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
