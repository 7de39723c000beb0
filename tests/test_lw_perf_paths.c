// Issue 18 (Scale), second round of fast paths, each against its plain computation on many
// random cases (as tests/test_fast_paths.c):
//   - tw_rec_hide_changes (whether hiding the records from a seat changes a byte) against
//     tw_rec_hide on a copy, with owner-only fields at their defaults, set, and at -0.0;
//   - tw_state_view_is_state: Little Wars' owner-only record fields (a figure's box and work,
//     a side's work records) at their defaults hide nothing, so a computer general reads the
//     state itself (before, any owner-only field in the rule set's records meant a copy a move);
//   - lw_validate_move's gap check with the men near the order filed by cell (lw_pgrid.c, orders
//     of LW_GAPGRID_MIN pairs or more) against the plain loop (lw_validate_plain_gaps): the same
//     verdict, clause and message for big block orders, many of them refused, some men with
//     a radius or an end that is not finite; and lw_pgrid's cells against a scan;
//   - the same checks with the general's figure grid active (lw_fgrid.c: lw_validate_move and
//     lw_validate_move_extend a man at a time look at the men near the order only) against the
//     plain loops; the grid is not used for another state or once the state has changed;
//   - lw_fmt_1 (a move's event words without snprintf) against snprintf's "%.1f" on millions of
//     values (ties to even at the quarters, negatives rounding to -0.0, tiny and huge ones), and
//     lw_fmt_put's truncation against snprintf's;
//   - LW.MEL.1's supporters counted from the general's lists (lw_ai_supporters) against
//     lw_supporters, for random bodies of both sides on a 300-a-side Country in play.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/record_internal.h"
#include "rules/littlewars/lw.h"
#include "rules/littlewars/lw_ai.h"
#include "rules/littlewars/lw_ai_support.h"
#include "rules/littlewars/lw_fgrid.h"
#include "rules/littlewars/lw_fmt.h"
#include "rules/littlewars/lw_pgrid.h"
#include "tinwar/io.h"
#include "scene.h"

// Some states of a 300-a-side Country in play (moves 1-8), as tests/test_fast_paths.c makes them.
static int country_states(tw_state *out, int max) { return tw_test_country_states(out, max, 301, 30); }

static void load_hf(tw_state *s)
{
	tw_error err;
	memset(s, 0, sizeof *s);
	assert_int_equal(tw_state_load(s, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
}

// The plain answer: hide a copy and compare every record's bytes.
static bool ref_hide_changes(const tw_state *s, int seat)
{
	tw_state c;
	assert_int_equal(tw_state_clone(&c, s), TW_OK);
	tw_rec_hide(&c, seat);
	bool changed = false;
	for (int k = 0; k < TW_REC_KIND_COUNT && !changed; k++) {
		const tw_record_def *d = tw_state_record_def(s, (tw_rec_kind)k);
		int n = tw_rec_count(s, (tw_rec_kind)k);
		for (int i = 0; d && i < n && !changed; i++)
			changed = memcmp(tw_rec_c(s, (tw_rec_kind)k, i), tw_rec_c(&c, (tw_rec_kind)k, i), d->size) != 0;
	}
	tw_state_free(&c);
	return changed;
}

// Sets element e of the named field of record i of kind to v (the raw value).
static void set_field(tw_state *s, tw_rec_kind kind, int i, const char *name, int e, double v)
{
	const tw_record_def *d = tw_state_record_def(s, kind);
	assert_non_null(d);
	int j = tw_record_field(d, name);
	assert_true(j >= 0);
	tw_rec_set(tw_rec(s, kind, i), &d->fields[j], e, v);
}

static void test_rec_hide_changes_matches_hide(void **st)
{
	(void)st;
	tw_state base;
	load_hf(&base);
	tw_rng r;
	tw_rng_seed(&r, 18);
	int changed_seen = 0, same_seen = 0;
	for (int n = 0; n < 400; n++) {
		tw_state s;
		assert_int_equal(tw_state_clone(&s, &base), TW_OK);
		int edits = (int)tw_rng_below(&r, 4);
		for (int k = 0; k < edits; k++) {
			switch (tw_rng_below(&r, 6)) {
			case 0: // a figure in a box, or back out of it (the default)
				set_field(&s, TW_REC_FIGURE, (int)tw_rng_below(&r, (uint32_t)s.nfig), "box", 0,
					  tw_rng_below(&r, 2) ? -1 : (double)tw_rng_below(&r, LW_BOX_MAX));
				break;
			case 1:
				set_field(&s, TW_REC_FIGURE, (int)tw_rng_below(&r, (uint32_t)s.nfig), "work", 0,
					  tw_rng_below(&r, 2) ? -1 : (double)tw_rng_below(&r, LW_WORK_MAX));
				break;
			case 2: // a side's work record: set, or zero of the other sign
				set_field(&s, TW_REC_SIDE, (int)tw_rng_below(&r, 2), "work_x", (int)tw_rng_below(&r, LW_WORK_MAX),
					  tw_rng_below(&r, 2) ? -0.0 : 12.5);
				break;
			case 3:
				set_field(&s, TW_REC_SIDE, (int)tw_rng_below(&r, 2), "nwork", 0, (double)tw_rng_below(&r, 3));
				break;
			case 4: // an owner-only bool array
				set_field(&s, TW_REC_SIDE, (int)tw_rng_below(&r, 2), "work_armed", (int)tw_rng_below(&r, LW_WORK_MAX),
					  (double)tw_rng_below(&r, 2));
				break;
			default: // a field every seat sees: never hidden
				set_field(&s, TW_REC_SIDE, (int)tw_rng_below(&r, 2), "box_x", (int)tw_rng_below(&r, LW_BOX_MAX),
					  (double)tw_rng_below(&r, 50));
				break;
			}
		}
		for (int seat = -1; seat < 2; seat++) {
			bool want = ref_hide_changes(&s, seat);
			assert_true(tw_rec_hide_changes(&s, seat) == want);
			changed_seen += want;
			same_seen += !want;
		}
		tw_state_free(&s);
	}
	assert_true(changed_seen > 100 && same_seen > 100); // both answers exercised
	tw_state_free(&base);
}

static void test_view_is_state_with_empty_boxes(void **st)
{
	(void)st;
	tw_state s;
	load_hf(&s);
	// No box, no work: nothing of the records is kept from either seat.
	assert_true(tw_state_view_is_state(&s, 0));
	assert_true(tw_state_view_is_state(&s, 1));
	// A red (side 0) figure in a box: kept from blue, not from red.
	int red = 0;
	while (s.fig[red].side != 0)
		red++;
	set_field(&s, TW_REC_FIGURE, red, "box", 0, 2);
	assert_true(tw_state_view_is_state(&s, 0));
	assert_false(tw_state_view_is_state(&s, 1));
	set_field(&s, TW_REC_FIGURE, red, "box", 0, -1);
	assert_true(tw_state_view_is_state(&s, 1));
	tw_state_free(&s);
}

static void test_gap_grid_matches_plain(void **st)
{
	(void)st;
	enum { MAXS = 5 };
	tw_state *ss = calloc(MAXS, sizeof *ss);
	int ns = country_states(ss, MAXS);
	assert_true(ns >= 3);
	tw_rng r;
	tw_rng_seed(&r, 1818);
	tw_order *o = malloc(sizeof *o);
	assert_non_null(o);
	int refused = 0, total = 0, gaps = 0, big = 0;
	for (int k = 0; k < ns; k++) {
		tw_state *s = &ss[k];
		for (int q = 0; q < 150; q++) {
			tw_order_init(o, LW_OT_MOVE, s->mover);
			o->has_at = true;
			int i0 = (int)tw_rng_below(&r, (uint32_t)s->nfig);
			int want = 20 + (int)tw_rng_below(&r, 280);
			double step = q % 3 == 0 ? 0.5 : 6.0 * tw_rng_unit(&r);
			double ang = tw_rng_unit(&r) * 360;
			for (int m = 0; m < s->nfig && o->nfig < want && o->nfig < TW_ORDER_MAX_FIG; m++) {
				const tw_figure *f = &s->fig[(i0 + m) % s->nfig];
				if (f->side != s->mover || !lw_is_free(f) || f->moved_in == s->move_no ||
				    (LWF(s, f)->marks & LW_MARK_CONTACT))
					continue;
				o->fig[o->nfig] = f->id;
				o->at[o->nfig++] = tw_add(f->pos, tw_scale(tw_dir_deg(ang + (q % 5 == 0 ? 7.0 * m : 0)), step));
			}
			if (o->nfig == 0)
				continue;
			// Now and then a man whose radius is not finite, or an end that is not.
			int odd = -1;
			double keep_r = 0;
			if (q % 11 == 5) {
				odd = (int)tw_rng_below(&r, (uint32_t)s->nfig);
				keep_r = s->fig[odd].radius;
				s->fig[odd].radius = q % 2 ? NAN : INFINITY;
			}
			if (q % 13 == 7)
				o->at[tw_rng_below(&r, (uint32_t)o->nfig)].x = NAN;
			tw_error e1, e2, e3;
			memset(&e1, 0, sizeof e1);
			memset(&e2, 0, sizeof e2);
			memset(&e3, 0, sizeof e3);
			lw_validate_plain_gaps = false;
			tw_status a = lw_validate_move(s, o, &e1);
			// The general's figure grid (half the time: it is built by the first check in a decision).
			lw_fgrid fg;
			memset(&fg, 0, sizeof fg);
			lw_fgrid_activate(&fg, s);
			if (q % 2) { // the first ask in a decision is answered by the plain loops, the second builds
				assert_null(lw_fgrid_for(s));
				assert_non_null(lw_fgrid_for(s));
			}
			tw_status c = lw_validate_move(s, o, &e3);
			lw_fgrid_activate(NULL, NULL);
			for (int j = 0; j < s->nfig && fg.slot && fg.flag; j++)
				assert_true(fg.slot[j] == -1 && fg.flag[j] == 0); // put back after use
			lw_fgrid_free(&fg);
			lw_validate_plain_gaps = true;
			tw_status b = lw_validate_move(s, o, &e2);
			lw_validate_plain_gaps = false;
			assert_int_equal(c, b);
			assert_string_equal(e3.message, e2.message);
			assert_string_equal(e3.clause, e2.clause);
			if (odd >= 0)
				s->fig[odd].radius = keep_r;
			assert_int_equal(a, b);
			assert_string_equal(e1.message, e2.message);
			assert_string_equal(e1.clause, e2.clause);
			refused += a != TW_OK;
			gaps += a != TW_OK && (strcmp(e1.clause, "LW.MOB.15") == 0 || strcmp(e1.clause, "LW.MEL.2") == 0);
			big += o->nfig >= 40;
			total++;
		}
	}
	print_message("%d block orders (%d of 40 men or more), %d refused, %d for a gap between men\n", total, big, refused,
		      gaps);
	assert_true(gaps > total / 10 && refused < total && big > total / 2);
	free(o);
	for (int k = 0; k < ns; k++)
		tw_state_free(&ss[k]);
	free(ss);
}

// lw_validate_move_extend a man at a time with the general's figure grid active, against the
// plain loops (each prefix of an order grown from one man; the extension assumes the order
// without its last man was legal, so the verdicts are compared for every prefix the plain
// check found legal up to its last man).
static void test_extend_with_fgrid_matches_plain(void **st)
{
	(void)st;
	enum { MAXS = 4 };
	tw_state *ss = calloc(MAXS, sizeof *ss);
	int ns = country_states(ss, MAXS);
	assert_true(ns >= 3);
	tw_rng r;
	tw_rng_seed(&r, 2718);
	tw_order *o = malloc(sizeof *o);
	assert_non_null(o);
	int checked = 0, refused = 0, gaps = 0;
	for (int k = 0; k < ns; k++) {
		tw_state *s = &ss[k];
		lw_fgrid fg;
		memset(&fg, 0, sizeof fg);
		for (int q = 0; q < 60; q++) {
			int odd = -1;
			double keep_r = 0;
			if (q % 7 == 3) {
				odd = (int)tw_rng_below(&r, (uint32_t)s->nfig);
				keep_r = s->fig[odd].radius;
				s->fig[odd].radius = NAN;
			}
			lw_fgrid_activate(&fg, s); // a new decision: built again on first use
			tw_order_init(o, LW_OT_MOVE, s->mover);
			o->has_at = true;
			int i0 = (int)tw_rng_below(&r, (uint32_t)s->nfig);
			double step = 0.3 + 3.0 * tw_rng_unit(&r), ang = tw_rng_unit(&r) * 360;
			for (int m = 0; m < s->nfig && o->nfig < 60; m++) {
				const tw_figure *f = &s->fig[(i0 + m) % s->nfig];
				if (f->side != s->mover || !lw_is_free(f) || f->moved_in == s->move_no ||
				    (LWF(s, f)->marks & LW_MARK_CONTACT))
					continue;
				o->fig[o->nfig] = f->id;
				o->at[o->nfig] = tw_add(f->pos, tw_scale(tw_dir_deg(ang + 13.0 * m), step * (0.5 + tw_rng_unit(&r))));
				if (m % 17 == 9)
					o->at[o->nfig].y = NAN;
				o->nfig++;
				tw_error e1, e2;
				memset(&e1, 0, sizeof e1);
				memset(&e2, 0, sizeof e2);
				tw_status a = lw_validate_move_extend(s, o, &e1);
				lw_validate_plain_gaps = true;
				tw_status b = lw_validate_move_extend(s, o, &e2);
				lw_validate_plain_gaps = false;
				assert_int_equal(a, b);
				assert_string_equal(e1.message, e2.message);
				assert_string_equal(e1.clause, e2.clause);
				checked++;
				if (a != TW_OK) {
					refused++;
					gaps += strcmp(e1.clause, "LW.MOB.15") == 0 || strcmp(e1.clause, "LW.MEL.2") == 0;
					o->nfig--; // as the general does: take him off again
				}
			}
			lw_fgrid_for(s); // (a decision whose checks asked less than twice: built now)
			assert_non_null(lw_fgrid_for(s));
			if (odd >= 0)
				s->fig[odd].radius = keep_r;
		}
		// Not for another state, nor for this one once its figures are not those it was built on.
		tw_state c;
		assert_int_equal(tw_state_clone(&c, s), TW_OK);
		assert_null(lw_fgrid_for(&c));
		s->move_no++;
		assert_null(lw_fgrid_for(s));
		s->move_no--;
		tw_state_free(&c);
		lw_fgrid_activate(NULL, NULL);
		assert_null(lw_fgrid_for(s));
		lw_fgrid_free(&fg);
	}
	print_message("%d extensions, %d refused, %d for a gap between men\n", checked, refused, gaps);
	assert_true(gaps > checked / 20 && refused < checked);
	free(o);
	for (int k = 0; k < ns; k++)
		tw_state_free(&ss[k]);
	free(ss);
}

// lw_pgrid_cells holds every filed point within r of a centre (r up to the cell side).
static void test_pgrid_cells_hold_the_near(void **st)
{
	(void)st;
	tw_rng r;
	tw_rng_seed(&r, 77);
	enum { N = 400 };
	tw_vec2 *p = malloc(N * sizeof *p);
	uint8_t mark[N];
	for (int t = 0; t < 60; t++) {
		double spread = t % 3 == 0 ? 5.0 : t % 3 == 1 ? 200.0 : 1e5;
		for (int k = 0; k < N; k++) {
			p[k] = tw_v2((tw_rng_unit(&r) - 0.5) * spread, (tw_rng_unit(&r) - 0.5) * spread);
			mark[k] = tw_rng_below(&r, 50) == 0;
		}
		p[3].x = NAN;
		p[4].y = 3e7;
		lw_pgrid g;
		double cs = 0.5 + tw_rng_unit(&r) * 3;
		assert_true(lw_pgrid_build(&g, p, N, cs, mark));
		assert_true(g.cs >= cs);
		int filed = 0;
		for (int c = 0; c < g.nx * g.ny; c++)
			for (int q = g.start[c]; q < g.start[c + 1]; q++) {
				filed++;
				assert_true(q == g.start[c] || g.idx[q - 1] < g.idx[q]); // ascending in a cell
			}
		assert_int_equal(filed + g.nspill, N);
		for (int u = 0; u < 50; u++) {
			tw_vec2 c = p[tw_rng_below(&r, N)];
			if (u % 2)
				c = tw_add(c, tw_v2(tw_rng_unit(&r) * 2, -tw_rng_unit(&r) * 2));
			double rr = g.cs * tw_rng_unit(&r);
			int cx0, cx1, cy0, cy1;
			bool any = lw_pgrid_cells(&g, c, rr, &cx0, &cx1, &cy0, &cy1);
			for (int k = 0; k < N; k++) {
				if (mark[k] || !(fabs(p[k].x) <= 1e7 && fabs(p[k].y) <= 1e7))
					continue;
				if (!(fabs(p[k].x - c.x) <= rr && fabs(p[k].y - c.y) <= rr))
					continue;
				assert_true(any);
				bool found = false;
				for (int cy = cy0; cy <= cy1 && !found; cy++)
					for (int cc = cy * g.nx + cx0; cc <= cy * g.nx + cx1 && !found; cc++)
						for (int q = g.start[cc]; q < g.start[cc + 1] && !found; q++)
							found = g.idx[q] == k;
				assert_true(found);
			}
		}
		lw_pgrid_free(&g);
	}
	free(p);
}

static void check_fmt(double v)
{
	char want[LW_FMT_1_CAP], got[LW_FMT_1_CAP];
	snprintf(want, sizeof want, "%.1f", v);
	lw_fmt_1(got, v);
	if (strcmp(want, got) != 0)
		print_error("%.17g: snprintf %s, lw_fmt_1 %s\n", v, want, got);
	assert_string_equal(want, got);
}

static void test_fmt_1_matches_snprintf(void **st)
{
	(void)st;
	tw_rng r;
	tw_rng_seed(&r, 101);
	static const double fixed[] = {0.0, -0.0, 0.05, -0.05, 0.15, 0.25, 0.35, 0.45, 0.75, 1.25, 2.5, -0.25,
				       -0.04, -0.06, 0.95, 9.95, 99.95, 1e-300, -1e-300, 4.9e-324, 0x1p48, -0x1p48,
				       0x1p48 - 0.25, 0x1p47 + 0.25, 1e15, 1e300, INFINITY, -INFINITY, NAN, 123.45,
				       1234.5678, 0.1, 0.2, 0.3, 576.0, 191.95, 143.85};
	for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++)
		check_fmt(fixed[k]);
	for (int k = 0; k < 400000; k++) {
		double v;
		switch (k % 6) {
		case 0: v = tw_rng_unit(&r) * 1000; break;                              // places on a table
		case 1: v = (double)((int64_t)tw_rng_below(&r, 4000000) - 2000000) / 4; break; // exact quarters: ties
		case 2: v = (double)((int64_t)tw_rng_below(&r, 400000) - 200000) / 20; break;  // near ties
		case 3: v = ldexp(tw_rng_unit(&r) - 0.5, (int)tw_rng_below(&r, 100) - 50); break;
		case 4: v = nextafter((double)(int64_t)tw_rng_below(&r, 100000) / 20 + 0.05, tw_rng_below(&r, 2) ? 1e9 : -1e9); break;
		default: v = (tw_rng_unit(&r) - 0.5) * ldexp(1.0, (int)tw_rng_below(&r, 60)); break;
		}
		check_fmt(v);
	}
	// Truncation: what snprintf keeps of the same words in a small buffer.
	for (size_t cap = 1; cap < 40; cap++) {
		char want[64], got[64];
		snprintf(want, cap, "%s #%d moves %.1f in", "red infantry", -12, 3.25);
		size_t n = 0;
		got[0] = 0;
		lw_fmt_put(got, cap, &n, "red infantry");
		lw_fmt_put(got, cap, &n, " #");
		lw_fmt_put_int(got, cap, &n, -12);
		lw_fmt_put(got, cap, &n, " moves ");
		lw_fmt_put_1(got, cap, &n, 3.25);
		lw_fmt_put(got, cap, &n, " in");
		assert_string_equal(want, got);
		assert_int_equal(n, strlen(got));
	}
}

static void test_ai_supporters_match_plain(void **st)
{
	(void)st;
	enum { MAXS = 4 };
	tw_state *ss = calloc(MAXS, sizeof *ss);
	int ns = country_states(ss, MAXS);
	assert_true(ns >= 3);
	tw_rng r;
	tw_rng_seed(&r, 31);
	int32_t body[64];
	int total = 0, some = 0, isolated = 0;
	for (int k = 0; k < ns; k++) {
		const tw_state *s = &ss[k];
		lw_ai_lists l;
		memset(&l, 0, sizeof l);
		assert_true(lw_ai_lists_make(s, &l));
		assert_true(l.gw > 0); // the grid is there: the fast count is exercised
		for (int q = 0; q < 600; q++) {
			const tw_figure *c = &s->fig[tw_rng_below(&r, (uint32_t)s->nfig)];
			int side = (int)tw_rng_below(&r, 2);
			double R = 1.0 + 8.0 * tw_rng_unit(&r);
			int n = 0;
			for (int i = 0; i < s->nfig && n < 64; i++) // a body round c (any side: as asked)
				if (tw_dist(s->fig[i].pos, c->pos) <= R && (q % 4 != 0 || s->fig[i].side == side))
					body[n++] = s->fig[i].id;
			int want = lw_supporters(s, side, body, n, NULL), got = lw_ai_supporters(s, &l, side, body, n);
			assert_int_equal(want, got);
			total++;
			some += want > 0;
			isolated += want * 2 < n;
		}
		lw_ai_lists_free(&l);
	}
	print_message("%d bodies, %d with supporters, %d isolated\n", total, some, isolated);
	assert_true(some > total / 4 && isolated > total / 20);
	for (int k = 0; k < ns; k++)
		tw_state_free(&ss[k]);
	free(ss);
}

// s30 (issue 18): LW.MEL.1's supporters are men: a free waggon near a body supports nobody
// (lw_supporters asks lw_is_free_man). With the lists' grid, lw_ai_supporters counted free
// waggons too; on Countries with every fifth figure a waggon the two counts must agree.
static void test_MEL_1_ai_supporters_leave_out_waggons(void **st)
{
	(void)st;
	enum { MAXS = 3 };
	tw_state *ss = calloc(MAXS, sizeof *ss);
	int ns = country_states(ss, MAXS);
	assert_true(ns >= 2);
	tw_rng r;
	tw_rng_seed(&r, 47);
	int32_t body[64];
	int total = 0, near_waggon = 0;
	for (int k = 0; k < ns; k++) {
		tw_state *s = &ss[k];
		for (int i = 0; i < s->nfig; i++)
			if (i % 5 == 2 && lw_is_free(&s->fig[i]))
				s->fig[i].kind = TW_FK_WAGGON;
		lw_ai_lists l;
		memset(&l, 0, sizeof l);
		assert_true(lw_ai_lists_make(s, &l));
		assert_true(l.gw > 0); // the grid is there: the fast count is exercised
		for (int q = 0; q < 400; q++) {
			const tw_figure *c = &s->fig[tw_rng_below(&r, (uint32_t)s->nfig)];
			int side = c->side;
			int n = 0;
			for (int i = 0; i < s->nfig && n < 64; i++)
				if (tw_dist(s->fig[i].pos, c->pos) <= 3.0 && s->fig[i].side == side && s->fig[i].kind != TW_FK_WAGGON)
					body[n++] = s->fig[i].id;
			if (n == 0)
				continue;
			bool waggon = false;
			for (int i = 0; i < s->nfig && !waggon; i++)
				waggon = s->fig[i].kind == TW_FK_WAGGON && s->fig[i].side == side && lw_is_free(&s->fig[i]) &&
					 tw_dist(s->fig[i].pos, c->pos) <= 15.0;
			near_waggon += waggon;
			int want = lw_supporters(s, side, body, n, NULL), got = lw_ai_supporters(s, &l, side, body, n);
			assert_int_equal(want, got);
			total++;
		}
		lw_ai_lists_free(&l);
	}
	print_message("%d bodies, %d with a free waggon of theirs within 15 in\n", total, near_waggon);
	assert_true(near_waggon > total / 4);
	for (int k = 0; k < ns; k++)
		tw_state_free(&ss[k]);
	free(ss);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rec_hide_changes_matches_hide),
		cmocka_unit_test(test_view_is_state_with_empty_boxes),
		cmocka_unit_test(test_gap_grid_matches_plain),
		cmocka_unit_test(test_pgrid_cells_hold_the_near),
		cmocka_unit_test(test_extend_with_fgrid_matches_plain),
		cmocka_unit_test(test_fmt_1_matches_snprintf),
		cmocka_unit_test(test_MEL_1_ai_supporters_leave_out_waggons),
		cmocka_unit_test(test_ai_supporters_match_plain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
