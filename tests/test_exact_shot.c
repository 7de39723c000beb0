// s31-shot (issue 18, Hook's Farm at 2 ms): the fast shot model's exact shortcuts of this round
// (src/core/shot_fast.c), each against the plain shot (tw_shot_fast_plain: every step by
// sf_step, every man asked tw_figure_on_table on every ray and fall, every sample by
// tw_shot_sample_due and tw_shot_sample_put), byte for byte, with the generator left in the same
// place:
//   - sf_quiet_fly: the quiet flight steps with one along-ray limit, s and vz summed by Fast2Sum's
//     exactness, rising and falling loops, the samples put inline (and handed over when the
//     result is full and must make room), the run's end at SF_TMAX; and the steps sf_step would
//     take meeting nothing (past a man's reach but outside his interval, falling below a hill's
//     top elsewhere on the ray but above the ground under the shot);
//   - sf_quiet_glide: sf_quiet_roll's steps on a level below the underside, the same way;
//   - sf_sample: the sample put inline when the result has room;
//   - who can be hit, listed once a shot (tw_figure_on_table asked once a status) and walked by
//     sf_ray and sf_fall.
// The shots: from beside men, from pieces' vertices and edges and from anywhere; flat, lobbed,
// near-vertical and backwards; muzzles on the floor, high over it (falls that last until the
// time cap) and absurdly high (the shortcut's own guard); with and without aim error; over
// Hook's Farm in play, generated Countries, and the same with men laid down and men given every
// status there is (the rule set's own among them, and numbers no status has), some put off the
// table. The test counts what the cases reach (contacts, pieces that stop the shot, results
// that make room for samples, shots cut at the time cap, men hit by a rolling shot) and asserts
// each is reached.
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/shot_fast.h"
#include "rules/littlewars/lw.h"
#include "scene.h"
#include "test_scale.h"
#include "tinwar/io.h"
#include "tinwar/tinwar.h"

static uint64_t rng_state = 0x5DEECE66D2545F49ull;
static double rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (double)(rng_state >> 11) / 9007199254740992.0;
}

// States of play from computer games on Hook's Farm, every 9th order in play.
static int game_states(tw_state *out, int max) { return tw_test_hook_states(out, max, 31, 34, 9); }

// Hook's Farm as set out and generated Countries.
static int tables(tw_state *out)
{
	tw_error err;
	int n = 0;
	memset(&out[n], 0, sizeof out[n]);
	assert_int_equal(tw_state_load(&out[n++], TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
	for (uint64_t seed = 11; seed <= 13; seed++) {
		memset(&out[n], 0, sizeof out[n]);
		assert_int_equal(tw_scenario_generate(&out[n++], "littlewars", seed, 144, 96, &err), TW_OK);
	}
	return n;
}

// A point anywhere on (or a little off) the table, or on a vertex or edge of a piece.
static tw_vec2 pick_point(const tw_table *tb)
{
	double u = rnd();
	if (u < 0.5 || tb->nterrain == 0)
		return tw_v2(-10 + rnd() * (tb->width + 20), -10 + rnd() * (tb->depth + 20));
	const tw_terrain *t = &tb->terrain[(int)(rnd() * tb->nterrain) % tb->nterrain];
	if (t->shape == TW_SHAPE_CIRCLE) {
		double ang = rnd() * 6.283185307179586;
		double r = t->radius * (u < 0.75 ? 1.0 : rnd() * 1.2);
		return tw_v2(t->center.x + r * cos(ang), t->center.y + r * sin(ang));
	}
	int i = (int)(rnd() * t->nverts) % t->nverts, j = (i + 1) % t->nverts;
	if (u < 0.7)
		return t->v[i];
	return tw_add(t->v[i], tw_scale(tw_sub(t->v[j], t->v[i]), rnd()));
}

// Men laid down, and (with `statuses`) men given any status: the generic ones, the rule set's
// own, and numbers that are no status (tw_figure_on_table: not on the table); a few moved off it.
static void stir(tw_state *s, bool statuses)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	int nown = rs ? rs->nstatuses : 0;
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		if (rnd() < 0.08)
			f->flags |= TW_FF_LYING;
		if (!statuses)
			continue;
		double u = rnd();
		if (u < 0.15)
			f->status = (uint8_t)(rnd() * TW_FS_GENERIC_COUNT);
		else if (u < 0.3 && nown > 0)
			f->status = (uint8_t)(TW_FS_RULESET + (int)(rnd() * nown) % nown);
		else if (u < 0.33)
			f->status = (uint8_t)(u < 0.31 ? TW_FS_MAX - 1 : 200 + rnd() * 55);
		if (rnd() < 0.02)
			f->pos.x = rnd() < 0.5 ? -f->pos.x - 0.5 : s->table.width + 1;
	}
}

typedef struct tally {
	long shots, contacts, felled, rolled, blocked, made_room, capped;
} tally;

// One shot both ways: the same result, byte for byte (results are zeroed first, so padding
// compares too), and the generator left in the same place.
static void shot_both_ways(const tw_state *s, const tw_shot_request *rq, uint64_t seed, tally *n, const char *what,
			   int trial)
{
	const tw_shot_model *m = tw_shot_model_fast();
	static tw_shot_result a, b;
	tw_rng ra, rb;
	tw_rng_seed(&ra, seed);
	tw_rng_seed(&rb, seed);
	tw_shot_fast_plain = true;
	tw_status sa = m->fire(m, s, rq, &ra, &a);
	tw_shot_fast_plain = false;
	tw_status sb = m->fire(m, s, rq, &rb, &b);
	assert_int_equal(sa, sb);
	if (memcmp(&a, &b, sizeof a) != 0 || memcmp(&ra, &rb, sizeof ra) != 0)
		fail_msg("%s shot %d: from (%.17g, %.17g, %.17g) bearing %.17g elevation %.17g sigma %.17g seed %llu: "
			 "the shot differs (contacts %d/%d, samples %d/%d)",
			 what, trial, rq->origin.x, rq->origin.y, rq->z0, rq->bearing, rq->elevation, rq->aim_sigma,
			 (unsigned long long)seed, a.ncontacts, b.ncontacts, a.nsamples, b.nsamples);
	n->shots++;
	n->contacts += a.ncontacts;
	for (int i = 0; i < a.ncontacts; i++)
		n->felled += a.contacts[i].how == TW_CONTACT_FELLED, n->rolled += a.contacts[i].via == TW_VIA_ROLL;
	n->blocked += a.blocked_by >= 0;
	if (a.nsamples > 0) {
		float last = a.samples[a.nsamples - 1].t;
		n->made_room += last > 0.004f * TW_SHOT_MAX_SAMPLES; // the sampler's rate halved
		n->capped += last >= 5.99f;
	}
}

static void random_shots(const tw_state *s, int count, tally *n, const char *what)
{
	for (int trial = 0; trial < count; trial++) {
		tw_shot_request rq = {0};
		rq.gun = -1;
		const tw_figure *f = s->nfig ? &s->fig[(int)(rnd() * s->nfig) % s->nfig] : NULL;
		double u = rnd();
		rq.origin = f && u < 0.5 ? tw_add(f->pos, tw_v2(rnd() * 40 - 20, rnd() * 40 - 20)) : pick_point(&s->table);
		double zu = rnd();
		rq.z0 = zu < 0.2 ? 0.0 : zu < 0.75 ? rnd() * 5 : zu < 0.9 ? rnd() * 60 : zu < 0.98 ? 4000 + rnd() * 4000 : 2e300;
		const tw_figure *aim = s->nfig ? &s->fig[(int)(rnd() * s->nfig) % s->nfig] : NULL;
		rq.bearing = aim && rnd() < 0.7 ? tw_bearing_deg(tw_sub(aim->pos, rq.origin)) : rnd() * 360;
		double e = rnd();
		rq.elevation = e < 0.55 ? rnd() * 12 - 2 : e < 0.8 ? rnd() * 45 : e < 0.9 ? 45 + rnd() * 44 : e < 0.96 ? 89 + rnd() * 11 : -rnd() * 30;
		rq.aim_sigma = rnd() < 0.3 ? 0.0 : rnd() * 2;
		if (trial == 0)
			rq.elevation = NAN;
		if (trial == 1)
			rq.origin.y = INFINITY;
		uint64_t seed = 1 + (uint64_t)(rnd() * 1e9);
		shot_both_ways(s, &rq, seed, n, what, trial);
	}
}

static void test_fast_shot_shortcuts_match_plain(void **st)
{
	(void)st;
	enum { MAXS = 12 };
	tw_state *ss = calloc(MAXS + 4, sizeof *ss);
	int ns = game_states(ss, MAXS);
	assert_true(ns >= 6);
	ns += tables(ss + ns);
	int per = tw_test_count(300, 4, 60);
	tally n = {0};
	for (int k = 0; k < ns; k++) {
		tw_state *s = &ss[k];
		char what[64];
		snprintf(what, sizeof what, "state %d", k);
		random_shots(s, per, &n, what);
		stir(s, false);
		snprintf(what, sizeof what, "state %d, men laid down", k);
		random_shots(s, per, &n, what);
		stir(s, true);
		snprintf(what, sizeof what, "state %d, statuses stirred", k);
		random_shots(s, per, &n, what);
		tw_state_free(s);
	}
	free(ss);
	// The cases reach what the shortcuts skip past or hand over.
	assert_true(n.shots >= 3L * per * ns);
	assert_true(n.contacts > n.shots / 10);
	assert_true(n.felled > 0);
	assert_true(n.rolled > 0);
	assert_true(n.blocked > n.shots / 50);
	assert_true(n.made_room > n.shots / 20);
	assert_true(n.capped > 0);
	print_message("fast shot (s31): %ld shots, %ld contacts (%ld felled, %ld by a rolling shot), %ld blocked, %ld made "
		      "room for samples, %ld cut at the time cap, all the same\n",
		      n.shots, n.contacts, n.felled, n.rolled, n.blocked, n.made_room, n.capped);
}

// Shots along and across a crowd on the open floor: many men within reach of one ray, so the
// candidate lists, the along-ray limit and the falls (men standing in files) do the work.
static void test_fast_shot_crowd_matches_plain(void **st)
{
	(void)st;
	tw_state s;
	memset(&s, 0, sizeof s);
	tw_error err;
	assert_int_equal(tw_state_load(&s, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
	// Every man moved into files on a clear strip (y 2 .. 14 in), a file every 1.3 in, men 0.9 in
	// apart along it: a falling man's height reaches the next.
	int per_file = 9;
	for (int i = 0; i < s.nfig; i++) {
		tw_figure *f = &s.fig[i];
		f->pos = tw_v2(4 + 1.3 * (i / per_file) + (rnd() - 0.5) * 0.2, 2 + 0.9 * (i % per_file) + (rnd() - 0.5) * 0.2);
		f->status = TW_FS_ACTIVE; // as set out they are not placed yet
	}
	int count = tw_test_count(3000, 4, 600);
	tally n = {0};
	for (int trial = 0; trial < count; trial++) {
		tw_shot_request rq = {0};
		rq.gun = -1;
		double u = rnd();
		// Along the files (bearing about 0), across them (about 90), or anywhere; from the front.
		rq.origin = u < 0.4 ? tw_v2(4 + rnd() * 1.3 * (s.nfig / per_file), 0.5) : tw_v2(1 + rnd() * 2, 2 + rnd() * 8);
		rq.bearing = u < 0.4 ? (rnd() - 0.5) * 6 : u < 0.9 ? 90 + (rnd() - 0.5) * 10 : rnd() * 360;
		rq.z0 = rnd() < 0.5 ? 0.2 + rnd() * 2 : rnd() * 8;
		rq.elevation = rnd() < 0.7 ? rnd() * 6 - 3 : rnd() * 30;
		rq.aim_sigma = rnd() < 0.5 ? 0.0 : rnd();
		uint64_t seed = 7 + (uint64_t)(rnd() * 1e9);
		shot_both_ways(&s, &rq, seed, &n, "crowd", trial);
	}
	tw_state_free(&s);
	assert_true(n.contacts > n.shots);
	assert_true(n.felled > n.shots / 10);
	print_message("fast shot (s31), a crowd: %ld shots, %ld contacts (%ld felled), all the same\n", n.shots,
		      n.contacts, n.felled);
}

// s35 (issue 18): the elevation for a range, found by the bisection with its certain steps not
// asked, against the plain bisection (tw_shot_fast_plain), bit for bit, NaN for NaN: random
// ranges, muzzle heights and targets, targets just below the highest the range allows (the
// flat top, where the shortcut must give way) and just above the lowest (-45 degrees).
static double elev(double r, double z0, double zt, bool plain)
{
	tw_shot_fast_forget();
	tw_shot_fast_plain = plain;
	double e = tw_shot_fast_elevation_for_range(r, z0, zt);
	tw_shot_fast_plain = false;
	return e;
}

static void same_elev(double r, double z0, double zt, long *nan)
{
	double a = elev(r, z0, zt, true), b = elev(r, z0, zt, false);
	if (memcmp(&a, &b, sizeof a) != 0 && !(isnan(a) && isnan(b)))
		fail_msg("range %.17g z0 %.17g target %.17g: plain %.17g, fast %.17g", r, z0, zt, a, b);
	*nan += isnan(a);
}

static void test_fast_aim_matches_plain(void **st)
{
	(void)st;
	long nan = 0, n = 0, edge = 0;
	tw_shot_fast_aim_shortcuts = 0;
	for (int i = 0; i < 20000; i++, n++) {
		double r = rnd() < 0.1 ? rnd() * 3 : 1 + rnd() * 700, z0 = 0.2 + rnd() * 12;
		double zt = z0 + (rnd() - 0.6) * (rnd() < 0.5 ? 4 : 200);
		same_elev(r, z0, zt, &nan);
	}
	for (int i = 0; i < 300; i++) {
		double r = 5 + rnd() * 800, z0 = 0.2 + rnd() * 12;
		// The highest target the range allows: the boundary where the plain answer turns NaN.
		double ok = z0 - 1e4, bad = z0 + 1e6;
		for (int k = 0; k < 200 && bad - ok > 1e-12 * fabs(ok); k++) {
			double mid = 0.5 * (ok + bad);
			if (isnan(elev(r, z0, mid, true)))
				bad = mid;
			else
				ok = mid;
		}
		static const double below[] = {0, 1e-13, 1e-11, 1e-9, 1e-7, 1e-5, 1e-3, 0.1, 1};
		for (unsigned k = 0; k < sizeof below / sizeof below[0]; k++, n++, edge++)
			same_elev(r, z0, ok - below[k] * fmax(1, fabs(ok)), &nan);
		same_elev(r, z0, bad, &nan);
		n++;
	}
	assert_true(nan > 300 && nan < n / 2);
	assert_true(tw_shot_fast_aim_shortcuts > n / 2); // the shortcut is the path mostly taken
	print_message("fast aim (s35): %ld elevations (%ld at the top), %ld NaN, %ld by the shortcut, all the same\n", n,
		      edge, nan, tw_shot_fast_aim_shortcuts);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_fast_shot_shortcuts_match_plain),
	    cmocka_unit_test(test_fast_shot_crowd_matches_plain),
	    cmocka_unit_test(test_fast_aim_matches_plain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
