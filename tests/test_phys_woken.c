// s35 (issue 18): the physics shot with only the geoms an awake body could touch enabled for each
// collision pass (src/physics/phys_shot.c, ph_geoms_for_pass) against the plain shot, every
// terrain prism and every figure's box enabled in every pass (tw_physics_plain), byte for byte:
// the whole result (contacts, samples, rest, the piece that stopped it), the shot's statistics
// (steps, bodies, bodies woken, graze) and the generator left in the same place. The shots: from
// the guns and from anywhere on Hook's Farm in play, a generated Kriegspiel (256 pieces, 390
// men) and a generated large Country, flat, aimed at men, lobbed, and into the floor; with aim
// error. The test counts what the cases reach (contacts, men felled by a falling man, shots
// stopped by a piece, shots that graze a hill top or the floor) and asserts each is reached.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/shot_fast.h"
#include "physics/phys.h"
#include "scene.h"
#include "test_scale.h"
#include "tinwar/tinwar.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static double rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (double)(rng_state >> 11) / 9007199254740992.0;
}

typedef struct reached {
	long shots, contacts, felled, blocked, grazed, woken;
} reached;

// A standing man of the state at random, or -1.
static int some_man(const tw_state *s)
{
	for (int tries = 0; tries < 64 && s->nfig > 0; tries++) {
		int i = (int)(rnd() * s->nfig);
		const tw_figure *f = &s->fig[i < s->nfig ? i : s->nfig - 1];
		if (f->status == TW_FS_ACTIVE && f->pos.x >= 0 && f->pos.y >= 0)
			return (int)(f - s->fig);
	}
	return -1;
}

// One shot both ways: the same bytes.
static void both_ways(const tw_state *s, const tw_shot_request *q, uint64_t seed, reached *n)
{
	tw_shot_result *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	assert_non_null(a);
	assert_non_null(b);
	memset(a, 0xAA, sizeof *a);
	memset(b, 0x55, sizeof *b);
	tw_physics_stats sa, sb;
	memset(&sa, 0x11, sizeof sa);
	memset(&sb, 0x22, sizeof sb);
	tw_rng ra, rb;
	tw_rng_seed(&ra, seed);
	tw_rng_seed(&rb, seed);
	tw_physics_plain = true;
	assert_int_equal(tw_physics_fire(s, q, &ra, a, &sa), TW_OK);
	tw_physics_plain = false;
	assert_int_equal(tw_physics_fire(s, q, &rb, b, &sb), TW_OK);
	assert_memory_equal(a, b, sizeof *a);
	assert_memory_equal(&sa, &sb, sizeof sa);
	assert_memory_equal(&ra, &rb, sizeof ra);
	n->shots++;
	n->contacts += a->ncontacts;
	for (int i = 0; i < a->ncontacts; i++)
		n->felled += a->contacts[i].how == TW_CONTACT_FELLED;
	n->blocked += a->blocked_by >= 0;
	n->grazed += sa.grazed;
	n->woken += sa.figures_awake;
	free(a);
	free(b);
}

// `count` shots over state s: from a gun (or a random place) at a man, flat, lobbed or low.
static void shots(const tw_state *s, int count, uint64_t seed0, reached *n)
{
	for (int k = 0; k < count; k++) {
		tw_shot_request q;
		memset(&q, 0, sizeof q);
		int m = some_man(s);
		if (s->ngun > 0 && rnd() < 0.7) {
			const tw_gun *g = &s->gun[(int)(rnd() * s->ngun) % s->ngun];
			q.origin = g->axle;
		} else {
			q.origin = tw_v2(rnd() * s->table.width, rnd() * s->table.depth);
		}
		q.z0 = tw_table_ground(&s->table, q.origin) + 1.0;
		tw_vec2 at = m >= 0 ? s->fig[m].pos : tw_v2(rnd() * s->table.width, rnd() * s->table.depth);
		double d = tw_dist(q.origin, at);
		if (d > 500 || !(d > 1)) { // too far for the gun: a man near it
			at = tw_add(q.origin, tw_scale(tw_dir_deg(rnd() * 360), 20 + rnd() * 200));
			d = tw_dist(q.origin, at);
		}
		q.bearing = tw_bearing_deg(tw_sub(at, q.origin));
		double e = tw_shot_fast_elevation_for_range(d, q.z0, tw_table_ground(&s->table, at) + 1.0);
		int kind = k % 4;
		q.elevation = kind == 0 ? (isnan(e) ? 8.0 : e) : kind == 1 ? 25 + rnd() * 30 : kind == 2 ? -2 - rnd() * 5
														: rnd() * 12;
		q.aim_sigma = 0.3;
		both_ways(s, &q, seed0 + (uint64_t)k, n);
	}
}

static void test_geoms_woken_match_plain(void **st)
{
	(void)st;
	reached n = {0};
	tw_state hook[4];
	int nh = tw_test_hook_states(hook, 4, 31, 32, 40);
	assert_true(nh >= 2);
	for (int i = 0; i < nh; i++) {
		shots(&hook[i], tw_test_count(24, 6, 4), 100 + (uint64_t)i * 1000, &n);
		tw_state_free(&hook[i]);
	}
	long hook_shots = n.shots;
	static const char *const kinds[] = {"kriegspiel", "large"};
	for (unsigned v = 0; v < 2; v++) {
		tw_state s;
		memset(&s, 0, sizeof s);
		tw_error err;
		assert_int_equal(tw_scenario_generate_variant(&s, "littlewars", 5, 0, 0, kinds[v], &err), TW_OK);
		assert_true(s.table.nterrain >= 100); // the many pieces the shortcut is for
		shots(&s, tw_test_count(12, 6, 2), 5000 + v * 1000, &n);
		tw_state_free(&s);
	}
	print_message("physics, geoms woken (s35): %ld shots (%ld on Hook's Farm), %ld contacts (%ld felled), %ld stopped by "
		      "a piece, %ld grazed, %ld men woken: all the same\n",
		      n.shots, hook_shots, n.contacts, n.felled, n.blocked, n.grazed, n.woken);
	assert_true(n.contacts > 0);
	assert_true(n.woken > n.shots / 4);
	assert_true(n.blocked > 0);
	assert_true(n.grazed > n.shots / 4);
	if (!tw_test_sanitized())
		assert_true(n.felled > 0);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_geoms_woken_match_plain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
