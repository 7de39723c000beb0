// ll-nq2: Lloyd's exact shortcuts for the 20-a-side NQ bench, each against the plain computation
// on many positions of whole games (skirmish.json, three.json, six.json; random and computer play):
//   - orders applied in place without a saved copy (ll_apply_atomic: move, shoot, load, weapon,
//     aim) against the order resolved on a copy, as before; and with the n-th allocation failing
//     (n = 1, 2, ...), the order refused for memory and the state exactly as it was;
//   - the NQ general's shot choice (nearest first, each target's engagement kept: ll_gen_shoot)
//     against every target tried (ll_gen_shoot_plain), for every side at every position, with and
//     without a ranking; its sight test (ll_gen_sees) with the enemy's engagements kept between
//     33 places of the same man against without;
//   - the engagement scans by a man's own values (ll_in_melee, ll_engaged_next, used by
//     ll_shooter_free, ll_shot_ok and the general's aim) against the plain readings
//     (ll_in_melee_plain, ll_engaged_plain); ll_allied against tw_allied; ll_sight (a box
//     early-out before each man's distance to the line) against the loop before it, every pair;
//   - move validation (ll_validate_move: the movers' new places first, then the men where they
//     stand) against the loop before it, status, clause and message, on random moves and on
//     moves spoilt onto another man, or another mover's new or old place, and bodies moved
//     along themselves (each man onto a fellow's old place);
//   - ll_copy_text (strnlen, memcpy) against the byte loop; the core's dice text (tw_roll_text)
//     against the snprintf calls it replaces, on random rolls and on texts long enough to be cut;
//   - the melee keeping each man's engagement past the changes of weapon (ll_melee_scan) against
//     finding it again, also with archers whose other row is a long weapon; the general's aim
//     (no wounded enemy: nobody aims) through the pinned games of test_ll_gen.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/lloyd/ll.h"
#include "tinwar/general.h"
#include "tinwar/tinwar.h"

// ---- references: the plain code as it was before the shortcuts ----

// ll_sight before the box early-out (ll_fig.c)
static bool ref_sight(const tw_state *s, int a, int b)
{
	tw_vec2 pa = s->fig[a].pos, pb = s->fig[b].pos;
	for (int t = 0; t < s->table.nterrain; t++) {
		const tw_terrain *tr = &s->table.terrain[t];
		if ((tw_terrain_is_solid((tw_terrain_kind)tr->kind) || tr->kind == TW_TER_WOOD) &&
		    tw_terrain_segment_hits(tr, pa, pb))
			return false;
	}
	for (int j = 0; j < s->nfig; j++) {
		if (j == a || j == b || !tw_figure_on_table(s, &s->fig[j]))
			continue;
		if (tw_dist_point_segment(s->fig[j].pos, pa, pb) < s->fig[j].radius - 1e-6)
			return false;
	}
	return true;
}

// ll_validate_move before the overlap test looked among the movers first (ll_move.c)
static tw_status ref_own_fig(const tw_state *s, const tw_order *o, int f, tw_error *err)
{
	if (!ll_fights(s, f) || s->fig[f].side != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.TURN.2", "figure %d is not one of %s's men in the fight", f,
				    s->sides[o->side].name);
	return TW_OK;
}

static double ref_allowance(const tw_state *s, const tw_order *o, int i)
{
	int f = o->fig[i];
	double m = LLF(s, f)->m - (LLF(s, f)->wounded ? 2 : 0); // NQ.MOVE.4
	if (LLF(s, f)->group >= 0)
		m -= 1; // NQ.MOVE.3, NQ.GRP.1: a formed group moves 1 in slower
	if (ll_path_difficult(s, s->fig[f].pos, o->at[i]))
		m -= 2; // NQ.MOVE.2
	return m < 1 ? 1 : m; // NQ.MOVE.5 (ours): the modifiers add, at least 1 in
}

static tw_status ref_validate_move(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (s->phase != LL_PH_MOVE || !ll_acting(s, o->side))
		return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.1", "a figure moves only in its own side's turn");
	if (o->nfig2) // the move's targets are the fast-play move-and-shoot (IN.MS.1)
		return tw_error_set(err, TW_ERR_INPUT, "NQ.MOVE.1", "a move names no targets in the NQ game");
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		LL_TRY(ref_own_fig(s, o, f, err));
		for (int k = 0; k < i; k++)
			if (o->fig[k] == f)
				return tw_error_set(err, TW_ERR_INPUT, "NQ.MOVE.7", "figure %d is named twice", f);
		if (!ll_may_act(s, f, LLA_MOVE))
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.7", "figure %d has already moved (or used his two actions) this turn",
					    f);
		if (ll_in_melee(s, f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MEL.1", "figure %d is engaged in melee (ours: he fights it out)", f);
		double d = tw_dist(s->fig[f].pos, o->at[i]), m = ref_allowance(s, o, i);
		if (d > m + LL_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.1", "figure %d may move %.2f in, not %.2f (M %g%s%s%s)", f, m,
					    d, LLF(s, f)->m, LLF(s, f)->wounded ? ", wounded -2" : "",
					    LLF(s, f)->group >= 0 ? ", group -1" : "",
					    ll_path_difficult(s, s->fig[f].pos, o->at[i]) ? ", difficult -2" : "");
		if (!ll_path_clear(s, s->fig[f].pos, o->at[i]))
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.6", "figure %d's way is blocked (a hedge is walked round)", f);
		// NQ.MOVE.3: a group moves as one body: every member by the same offset.
		int g = LLF(s, f)->group;
		if (g >= 0) {
			tw_vec2 off = tw_sub(o->at[i], s->fig[f].pos);
			for (int j = 0; j < s->nfig; j++) {
				if (LLF(s, j)->group != g || !ll_fights(s, j))
					continue;
				int k = 0;
				while (k < o->nfig && o->fig[k] != j)
					k++;
				if (k == o->nfig || tw_dist(tw_sub(o->at[k], s->fig[j].pos), off) > 1e-6)
					return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.3",
							    "group %d moves as one body: figure %d must move with figure %d", g, j, f);
			}
		}
	}
	// Destinations: on the table, no base overlapping another (the movers at their new places).
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		const tw_figure *me = &s->fig[f];
		tw_vec2 p = o->at[i];
		if (p.x - me->radius < -LL_EPS || p.y - me->radius < -LL_EPS || p.x + me->radius > s->table.width + LL_EPS ||
		    p.y + me->radius > s->table.depth + LL_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.1", "figure %d would leave the table", f);
		for (int j = 0; j < s->nfig; j++) {
			if (j == f || !tw_figure_on_table(s, &s->fig[j]))
				continue;
			tw_vec2 q = s->fig[j].pos;
			for (int k = 0; k < o->nfig; k++)
				if (o->fig[k] == j)
					q = o->at[k];
			if (tw_dist(p, q) < me->radius + s->fig[j].radius - 1e-6)
				return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.1", "figure %d would stand on figure %d", f, j);
		}
		for (int t = 0; t < s->table.nterrain; t++)
			if (tw_terrain_impassable(&s->table.terrain[t]) && tw_terrain_contains(&s->table.terrain[t], p))
				return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.6", "figure %d would stand in impassable ground", f);
	}
	return TW_OK;
}

// ll_copy_text as a loop
static void ref_copy_text(char *dst, size_t n, const char *src)
{
	if (n == 0)
		return;
	size_t i = 0;
	for (; i + 1 < n && src[i]; i++)
		dst[i] = src[i];
	dst[i] = 0;
}

static void test_ll_copy_text_as_loop(void **st)
{
	(void)st;
	static const char *const src[] = {"", "a", "NQ.TURN.2", "opportunity shots, then evades, then end: the melee follows"};
	for (size_t i = 0; i < sizeof src / sizeof src[0]; i++)
		for (size_t n = 0; n < 70; n++) {
			char a[80], b[80];
			memset(a, 'x', sizeof a);
			memset(b, 'x', sizeof b);
			ll_copy_text(a, n, src[i]);
			ref_copy_text(b, n, src[i]);
			assert_memory_equal(a, b, sizeof a);
		}
}

// tw_roll's text as snprintf wrote it, after each face (src/core/chance.c before ll-nq2)
static void ref_roll_text(tw_event *e, int sides)
{
	int len = snprintf(e->text, sizeof e->text, "%dd%d:", e->b, sides);
	for (int k = 0; k < e->nfaces && len > 0 && (size_t)len < sizeof e->text; k++)
		len += snprintf(e->text + len, sizeof e->text - (size_t)len, " %d", e->faces[k]);
	if (e->nfaces > 1 && len > 0 && (size_t)len < sizeof e->text)
		snprintf(e->text + len, sizeof e->text - (size_t)len, " = %d", e->a);
}

// -2e9 .. 2e9
static int wild_int(tw_rng *r) { return (int)((int64_t)(tw_rng_u64(r) % 4000000000u) - 2000000000); }

// Random rolls of 1-32 faces of 2-100 sides, and totals and counts as large as the text can
// hold and past it (cut at 159 characters), built face by face both ways: every byte the same.
static void test_roll_text_as_snprintf(void **st)
{
	(void)st;
	tw_rng r;
	tw_rng_seed(&r, 42);
	tw_event *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
	assert_non_null(a);
	assert_non_null(b);
	for (int i = 0; i < 20000; i++) {
		memset(a, 0, sizeof *a);
		memset(b, 0, sizeof *b);
		int sides = 2 + (int)tw_rng_below(&r, 99), n = 1 + (int)tw_rng_below(&r, TW_EVENT_MAX_FACES);
		bool wild = i % 4 == 0; // counts and totals no roll gives: long texts, cut
		for (int k = 0; k < n; k++) {
			uint8_t f = (uint8_t)(wild ? tw_rng_below(&r, 256) : 1 + tw_rng_below(&r, (uint32_t)sides));
			a->faces[a->nfaces++] = b->faces[b->nfaces++] = f;
			a->a = b->a = wild ? wild_int(&r) : a->a + f;
			a->b = b->b = wild ? wild_int(&r) : a->b + 1;
			int sd = wild ? wild_int(&r) : sides;
			tw_roll_text(a, sd);
			ref_roll_text(b, sd);
			assert_memory_equal(a->text, b->text, sizeof a->text);
		}
	}
	free(a);
	free(b);
}

// ---- an allocator that fails its n-th call (0: never) ----

static long alloc_calls, alloc_fail_at;
static void *failing_alloc(void *ud, void *ptr, size_t size)
{
	(void)ud;
	if (size == 0) {
		free(ptr);
		return NULL;
	}
	if (alloc_fail_at > 0 && ++alloc_calls == alloc_fail_at)
		return NULL;
	return ptr ? realloc(ptr, size) : malloc(size);
}

// Every byte of the state's dynamic part that an order may change.
static void same_state(const tw_state *a, const tw_state *b)
{
	assert_true(tw_state_hash(a) == tw_state_hash(b));
	assert_int_equal(a->nfig, b->nfig);
	assert_memory_equal(a->fig, b->fig, (size_t)a->nfig * sizeof *a->fig);
	assert_true(a->rng.draws == b->rng.draws);
	assert_memory_equal(a->rng.s, b->rng.s, sizeof a->rng.s);
	assert_int_equal(a->phase, b->phase);
	assert_int_equal(a->move_no, b->move_no);
	for (int j = 0; j < a->nfig; j++)
		assert_memory_equal(LLF(a, j), LLF(b, j), ll_fig_rec.size);
	assert_memory_equal(LLG(a), LLG(b), ll_game_rec.size);
	for (int k = 0; k < TW_MAX_SIDES; k++)
		assert_memory_equal(tw_rec_row(a, TW_REC_SIDE, k, ll_side_rec.size), tw_rec_row(b, TW_REC_SIDE, k, ll_side_rec.size),
				    ll_side_rec.size);
}

static void same_events(const tw_events *a, const tw_events *b)
{
	assert_int_equal(a->n, b->n);
	for (int i = 0; i < a->n; i++) {
		assert_int_equal(a->v[i].type, b->v[i].type);
		assert_int_equal(a->v[i].a, b->v[i].a);
		assert_int_equal(a->v[i].b, b->v[i].b);
		assert_int_equal(a->v[i].c, b->v[i].c);
		assert_int_equal(a->v[i].d, b->v[i].d);
		assert_memory_equal(&a->v[i].x, &b->v[i].x, 3 * sizeof(double));
		assert_string_equal(a->v[i].clause, b->v[i].clause);
		assert_string_equal(a->v[i].text, b->v[i].text);
	}
}

// The plain way: validate, resolve on a copy, keep the copy on success.
static tw_status ref_apply(tw_state *s, const tw_order *o, tw_events *ev)
{
	if (tw_ruleset_lloyd.validate(s, o, NULL) != TW_OK)
		return TW_ERR_ILLEGAL;
	tw_state next;
	assert_int_equal(tw_state_clone(&next, s), TW_OK);
	tw_status st = tw_ruleset_lloyd.apply(&next, o, NULL, ev, NULL);
	if (st != TW_OK) {
		tw_state_free(&next);
		return st;
	}
	tw_state_free(s);
	*s = next;
	return TW_OK;
}

typedef struct counts {
	long orders, atomic, resolved, failed_alloc, melee_events, moves_checked, moves_on;
} counts;

// o applied to s in place (the engine's way, atomic where ll_apply_atomic says so) and on a copy;
// then, for an atomic order, with each of its allocations failing in turn.
static void compare_apply(const tw_state *s, const tw_order *o, counts *c)
{
	if (o->side < 0 || o->side >= s->nsides)
		return;
	// as the engine's seat check: the first decision of the seat that the order answers, not secret
	tw_decision d[TW_MAX_DECISIONS];
	int nd = tw_state_decisions(s, d, TW_MAX_DECISIONS), asked = -1;
	for (int i = 0; i < nd && asked < 0; i++)
		if (d[i].seat == o->side && (d[i].types == 0 || (d[i].types & (UINT64_C(1) << o->type))))
			asked = i;
	if (asked < 0 || d[asked].secret || (s->sealed_mask & (1u << o->side)) ||
	    tw_order_check_shape(&tw_ruleset_lloyd, s, o, NULL) != TW_OK)
		return;
	tw_state a, b;
	assert_int_equal(tw_state_clone(&a, s), TW_OK);
	assert_int_equal(tw_state_clone(&b, s), TW_OK);
	tw_events ea = {0}, eb = {0};
	tw_error e1;
	tw_error_clear(&e1);
	tw_status sa = tw_state_apply(&a, o, NULL, &ea, &e1);
	tw_status sb = ref_apply(&b, o, &eb);
	assert_int_equal(sa == TW_OK, sb == TW_OK);
	if (sa == TW_OK) {
		same_state(&a, &b);
		same_events(&ea, &eb);
		c->resolved++;
	} else {
		same_state(&a, s); // refused: unchanged
	}
	c->orders++;
	bool atomic = ll_apply_atomic(s, o);
	c->atomic += atomic && sa == TW_OK;
	for (long n = 1; atomic && sa == TW_OK && n < 64; n++) {
		tw_state f;
		assert_int_equal(tw_state_clone(&f, s), TW_OK);
		tw_events ef = {0};
		alloc_calls = 0;
		alloc_fail_at = n;
		tw_set_allocator(failing_alloc, NULL);
		tw_status sf = tw_state_apply(&f, o, NULL, &ef, NULL);
		tw_set_allocator(NULL, NULL);
		bool failed = alloc_calls >= n;
		alloc_fail_at = 0;
		if (failed) {
			assert_int_equal(sf, TW_ERR_NOMEM);
			same_state(&f, s); // refused for memory: exactly as it was
			c->failed_alloc++;
		} else {
			assert_int_equal(sf, TW_OK); // no n-th allocation: as in place
			same_state(&f, &a);
		}
		tw_events_free(&ef);
		tw_state_free(&f);
		if (!failed)
			break;
	}
	tw_events_free(&ea);
	tw_events_free(&eb);
	tw_state_free(&a);
	tw_state_free(&b);
}

// A ranking for the shot test (as the six-player general's: a number per enemy).
static int rank_by_id(const tw_state *v, int side, int j, const void *ctx)
{
	(void)v;
	(void)side;
	(void)ctx;
	return (j * 7) % 3;
}

static void check_position(const tw_state *s, tw_rng *r, counts *c, long *shots)
{
	// the engagement scans
	for (int a = 0; a < s->nfig; a++) {
		assert_int_equal(ll_in_melee(s, a), ll_in_melee_plain(s, a));
		int next = ll_engaged_next(s, a, 0); // the engaged men in index order
		for (int b = 0; b < s->nfig; b++) {
			assert_int_equal(ll_engaged(s, a, b), ll_engaged_plain(s, a, b));
			if (b == next)
				next = ll_engaged_next(s, a, b + 1);
			else
				assert_false(b != a && ll_engaged_plain(s, a, b));
			assert_true(next < 0 || next > b);
		}
		assert_int_equal(next, -1);
	}
	int seen = 0; // ll_sight with its box early-out, every pair of men on the table
	for (int a = 0; a < s->nfig; a++)
		for (int b = 0; b < s->nfig; b++)
			if (a != b && tw_figure_on_table(s, &s->fig[a]) && tw_figure_on_table(s, &s->fig[b])) {
				bool plain = ref_sight(s, a, b);
				assert_int_equal(ll_sight(s, a, b), plain);
				seen += plain;
			}
	assert_true(seen > 0);
	for (int a = -1; a <= s->nsides; a++) // ll_allied as tw_allied (alliances change in six.json)
		for (int b = -1; b <= s->nsides; b++)
			assert_int_equal(ll_allied(s, a, b), tw_allied(s, a, b));
	// the general's shot: nearest first against every target tried
	tw_state v;
	assert_int_equal(tw_state_clone(&v, s), TW_OK);
	tw_order *o1 = malloc(sizeof *o1), *o2 = malloc(sizeof *o2);
	assert_non_null(o1);
	assert_non_null(o2);
	for (int side = 0; side < s->nsides; side++)
		for (int k = 0; k < 2; k++) {
			ll_gen_rank_fn rank = k ? rank_by_id : NULL;
			bool f1 = ll_gen_shoot(&v, side, o1, rank, NULL), f2 = ll_gen_shoot_plain(&v, side, o2, rank, NULL);
			assert_int_equal(f1, f2);
			if (f1) {
				assert_int_equal(o1->fig[0], o2->fig[0]);
				assert_int_equal(o1->fig2[0], o2->fig2[0]);
				(*shots)++;
			}
		}
	// the general's sight test from 33 places around each man, its memo kept between them
	signed char *memo = malloc((size_t)s->nfig + 1);
	assert_non_null(memo);
	for (int f = 0; f < s->nfig; f++) {
		if (!ll_fights(s, f))
			continue;
		memset(memo, -1, (size_t)s->nfig);
		for (int k = 0; k < 33; k++) {
			tw_vec2 p = s->fig[f].pos;
			if (k > 0)
				p = tw_add(p, tw_v2((double)(k % 11) - 5, (double)(k / 11) * 2.5 - 2.5));
			bool plain = ll_gen_sees(&v, s->fig[f].side, f, p, NULL);
			assert_int_equal(ll_gen_sees(&v, s->fig[f].side, f, p, memo), plain);
			*shots += plain;
		}
	}
	free(memo);
	same_state(&v, s);
	// the melee (NQ.MEL) with each man's engagement kept from before the changes of weapon against
	// found again; then again with every archer's other row a long weapon (2 in)
	for (int k = 0; k < 2; k++) {
		tw_state m1, m2;
		assert_int_equal(tw_state_clone(&m1, s), TW_OK);
		for (int j = 0; k == 1 && j < m1.nfig; j++) {
			ll_frec *fr = LLF(&m1, j);
			if (fr->nrows > 1 && fr->reach[ll_row(&m1, j)] == TW_LL_MISSILE) {
				fr->reach[1 - ll_row(&m1, j)] = TW_LL_LONG;
				fr->r[1 - ll_row(&m1, j)][0] = 2;
			}
		}
		assert_int_equal(tw_state_clone(&m2, &m1), TW_OK);
		tw_events e1 = {0}, e2 = {0};
		ll_melee_scan(&m1, &e1, false);
		ll_melee_scan(&m2, &e2, true);
		same_state(&m1, &m2);
		same_events(&e1, &e2);
		c->melee_events += e1.n;
		tw_events_free(&e1);
		tw_events_free(&e2);
		tw_state_free(&m1);
		tw_state_free(&m2);
	}
	// orders applied both ways: every random candidate
	enum { K = 8 };
	tw_order *cand = malloc(K * sizeof *cand), *m = malloc(sizeof *m);
	assert_non_null(cand);
	assert_non_null(m);
	for (int side = 0; side < s->nsides; side++) {
		int n = tw_ruleset_lloyd.random_orders(s, side, r, cand, K);
		for (int i = 0; i < n; i++) {
			compare_apply(s, &cand[i], c);
			if (cand[i].type != LL_OT_MOVE || LL_FP(s))
				continue;
			// move validation against the plain loop: as given, then each mover put on or
			// next to another man, or on another mover's place
			for (int k = -2; k < 3 * cand[i].nfig; k++) {
				*m = cand[i];
				if (k == -2) { // the whole body along itself: each man onto a fellow's old place
					if (m->nfig < 2)
						continue;
					tw_vec2 d = tw_sub(s->fig[m->fig[1]].pos, s->fig[m->fig[0]].pos);
					for (int q = 0; q < m->nfig; q++)
						m->at[q] = tw_add(s->fig[m->fig[q]].pos, d);
				} else if (k >= 0) {
					int w = k / 3, j = (int)tw_rng_below(r, (uint32_t)s->nfig), u = (w + 1) % m->nfig;
					m->at[w] = k % 3 == 0 ? tw_add(s->fig[j].pos, tw_v2(0.3 * (double)(w % 3), 0.2))
						   : k % 3 == 1 ? m->at[u]         // on another mover's new place
								: s->fig[m->fig[u]].pos; // on his old one
				}
				tw_error e1, e2;
				tw_error_clear(&e1);
				tw_error_clear(&e2);
				tw_status a1 = ll_validate_move(s, m, &e1), a2 = ref_validate_move(s, m, &e2);
				assert_int_equal(a1, a2);
				assert_int_equal(ll_validate_move(s, m, NULL), a2);
				assert_string_equal(e1.clause, e2.clause);
				assert_string_equal(e1.message, e2.message);
				c->moves_checked++;
				c->moves_on += a2 != TW_OK && strstr(e2.message, "would stand on") != NULL;
			}
		}
	}
	free(cand);
	free(m);
	free(o1);
	free(o2);
	tw_state_free(&v);
}

static void test_ll_fast_paths_agree_with_plain(void **st)
{
	(void)st;
	tw_register_builtin();
	static const struct {
		const char *path, *gen;
	} games[] = {
		{"scenarios/lloyd/skirmish.json", "ll-nq"},
		{"scenarios/lloyd/skirmish.json", "random"},
		{"scenarios/lloyd/three.json", "ll-three"},
		{"scenarios/lloyd/six.json", "ll-six"},
		{"scenarios/lloyd/six.json", "random"},
	};
	counts c = {0};
	long shots = 0, positions = 0;
	for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
		tw_state s0;
		memset(&s0, 0, sizeof s0);
		tw_error err = {0};
		if (tw_state_load(&s0, games[i].path, &err) != TW_OK)
			fail_msg("%s: %s", err.clause, err.message);
		for (uint64_t seed = 1; seed <= 2; seed++) {
			tw_game *g = tw_game_new(&s0, seed, NULL, &err);
			assert_non_null(g);
			tw_game_set_undo(g, false);
			tw_general *gens[TW_MAX_SIDES] = {0};
			for (int k = 0; k < s0.nsides; k++)
				gens[k] = tw_general_new(games[i].gen, &tw_ruleset_lloyd, k, seed * 7 + (uint64_t)k);
			tw_order *o = calloc(1, sizeof *o);
			assert_non_null(o);
			tw_rng r;
			tw_rng_seed(&r, 1000 + seed);
			for (int step = 0; step < 20000 && !tw_game_state(g)->over; step++) {
				const tw_state *s = tw_game_state(g);
				if (step % 4 == 0 || s->phase == LL_PH_REACT) { // (every snap-shot position)
					check_position(s, &r, &c, &shots);
					positions++;
				}
				tw_decision d[TW_MAX_DECISIONS];
				int nd = tw_ruleset_lloyd.decisions(s, d, TW_MAX_DECISIONS);
				int seat = -1; // the first seat asked whose secret choice is not in yet
				for (int q = 0; q < nd && seat < 0; q++)
					if (d[q].seat >= 0 && !(s->sealed_mask & (1u << d[q].seat)))
						seat = d[q].seat;
				assert_true(seat >= 0);
				assert_int_equal(tw_general_decide(gens[seat], s, o), TW_OK);
				if (step % 4 == 2)
					compare_apply(s, o, &c); // the general's own order both ways
				if (tw_game_apply(g, o, NULL, NULL, &err) != TW_OK)
					fail_msg("%s: %s", err.clause, err.message);
			}
			free(o);
			for (int k = 0; k < s0.nsides; k++)
				tw_general_free(gens[k]);
			tw_game_free(g);
		}
		tw_state_free(&s0);
	}
	if (getenv("LL_FAST_VERBOSE"))
		fprintf(stderr, "ll fast: %ld positions, %ld orders (%ld resolved, %ld atomic), %ld failed allocations, %ld shots, %ld melee events\n",
			positions, c.orders, c.resolved, c.atomic, c.failed_alloc, shots, c.melee_events);
	if (getenv("LL_FAST_VERBOSE"))
		fprintf(stderr, "ll fast: %ld moves validated both ways, %ld on another man\n", c.moves_checked, c.moves_on);
	// the cases were there: orders of each kind resolved, allocations failed, shots chosen
	assert_true(positions > 200 && c.resolved > 500 && c.atomic > 300 && c.failed_alloc > 300 && shots > 100 &&
		    c.melee_events > 1000 && c.moves_checked > 1000 && c.moves_on > 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ll_fast_paths_agree_with_plain),
		cmocka_unit_test(test_ll_copy_text_as_loop),
		cmocka_unit_test(test_roll_text_as_snprintf),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
