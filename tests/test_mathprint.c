// The math library's fingerprint (mathprint.h) and the logs that carry it ("math", docs/format.md).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "tinwar/general.h"
#include "tinwar/io.h"
#include "tinwar/detmath.h"
#include "tinwar/mathprint.h"
#include "tinwar/tinwar.h"

/// The same value at every call, never 0.
static void test_math_fingerprint_is_stable(void **st)
{
	(void)st;
	uint64_t a = tw_math_fingerprint(), b = tw_math_fingerprint();
	assert_true(a == b);
	assert_true(a != 0);
}

/// The reason it exists: glibc's own choice of code changes the last bits. With its FMA and AVX2
/// code switched off (GLIBC_TUNABLES, as on a processor without them) `tinwar --version` prints
/// another fingerprint. Only where this processor has FMA and AVX2 (else both runs take the same
/// code, and the test says so and passes).
static void test_math_fingerprint_sees_glibcs_choice_of_code(void **st)
{
	(void)st;
#if defined(__x86_64__) && defined(__GLIBC__)
	__builtin_cpu_init();
	if (!__builtin_cpu_supports("fma") || !__builtin_cpu_supports("avx2")) {
		print_message("no FMA/AVX2 here: glibc takes its SSE2 code either way\n");
		return;
	}
	// Both runs from this test's own environment (which may carry GLIBC_TUNABLES already): one
	// with glibc's choice left to it, one with its FMA code switched off.
	char out[2][512];
	for (int k = 0; k < 2; k++) {
		char cmd[1024];
		snprintf(cmd, sizeof cmd, "%s %s --version",
			 k ? "env GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-FMA" : "env -u GLIBC_TUNABLES", TW_CLI);
		FILE *p = popen(cmd, "r");
		assert_non_null(p);
		size_t n = fread(out[k], 1, sizeof out[k] - 1, p);
		out[k][n] = 0;
		assert_int_equal(pclose(p), 0);
	}
	// The C library's fingerprint changes; the engine's own math (detmath.h) does not.
	const char *a0 = strstr(out[0], "fingerprint "), *a1 = strstr(out[1], "fingerprint ");
	assert_non_null(a0);
	assert_non_null(a1);
	assert_true(strncmp(a0 + 12, a1 + 12, 16) != 0);
	char det[17];
	tw_hash_hex(tw_detmath_fingerprint(), det);
	for (int k = 0; k < 2; k++) {
		const char *em = strstr(out[k], "engine math ");
		assert_non_null(em);
		assert_true(strncmp(em + 12, det, 16) == 0);
	}
#else
	print_message("not x86-64 glibc: skipped\n");
#endif
}

static json_t *short_log(void)
{
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	char path[512];
	snprintf(path, sizeof path, "%s/scenarios/littlewars/tutorial.json", TW_SOURCE_DIR);
	assert_int_equal(tw_state_load(&sc, path, &err), TW_OK);
	tw_game *g = tw_game_new(&sc, 7, tw_shot_model_fast(), &err);
	assert_non_null(g);
	const tw_ruleset *rs = tw_game_ruleset(g);
	tw_general *gen[2] = {tw_general_new("lw-quick", rs, 0, 7), tw_general_new("lw-quick", rs, 1, 7)};
	tw_play_out(g, gen, 60, &err); // a part of the game will do
	json_t *log = tw_game_log_to_json(g);
	assert_non_null(log);
	tw_general_free(gen[0]);
	tw_general_free(gen[1]);
	tw_game_free(g);
	tw_state_free(&sc);
	return log;
}

static tw_game *check(json_t *log, tw_log_check *c, tw_error *err)
{
	char *text = json_dumps(log, JSON_COMPACT | JSON_REAL_PRECISION(17));
	assert_non_null(text);
	memset(c, 0, sizeof *c);
	tw_game *g = tw_game_log_check(text, strlen(text), "t.json", c, err);
	free(text);
	return g;
}

/// A log records the engine's math ("math": tw_detmath_fingerprint) and replays with it, no word
/// said. A log without "math" (played before stop 36, with the C library's functions) replays
/// with the C library's (math_libm); one whose "math" is another machine's C library says so
/// (math_differs). A final hash that differs then names the math in its message, with both
/// fingerprints when they are known; with the engine's math, it does not. A "math" that is not 16
/// hex digits, or is 0, is refused at $.math.
static void test_log_carries_the_math_fingerprint(void **st)
{
	(void)st;
	json_t *log = short_log();
	char det[17], here[17];
	tw_hash_hex(tw_detmath_fingerprint(), det);
	tw_hash_hex(tw_math_fingerprint(), here);
	assert_string_equal(json_string_value(json_object_get(log, "math")), det);
	tw_log_check c;
	tw_error err;
	tw_game *g = check(log, &c, &err);
	assert_non_null(g);
	assert_true(c.hash_ok);
	assert_false(c.math_libm || c.math_differs);
	assert_false(tw_game_libm_math(g));
	tw_game_free(g);

	json_object_set_new(log, "final_hash", json_string("0123456789abcdef"));
	g = check(log, &c, &err);
	assert_non_null(g);
	assert_false(c.hash_ok);
	assert_non_null(strstr(err.message, "final hash mismatch"));
	assert_null(strstr(err.message, "math"));
	tw_game_free(g);

	json_object_del(log, "math"); // as before stop 36
	g = check(log, &c, &err);
	if (g) {
		assert_true(c.math_libm && !c.math_differs && c.math == 0);
		assert_true(tw_game_libm_math(g));
		tw_game_free(g);
	}
	assert_non_null(strstr(err.message, "played with the C library's math functions (before stop 36)"));
	// A game replayed so, written again, names the C library's math (this machine's), and its
	// rewritten log replays with it to the same hash (the log fuzzer found it written as the
	// engine's).
	{
		json_t *again = short_log();
		json_object_del(again, "math");
		g = check(again, &c, &err);
		json_decref(again);
		assert_non_null(g);
		json_t *rewritten = tw_game_log_to_json(g);
		assert_string_equal(json_string_value(json_object_get(rewritten, "math")), here);
		tw_log_check c2;
		tw_game *g2 = check(rewritten, &c2, &err);
		assert_non_null(g2);
		assert_true(c2.hash_ok && c2.math_libm && !c2.math_differs);
		assert_true(tw_state_hash(tw_game_state(g2)) == tw_state_hash(tw_game_state(g)));
		tw_game_free(g2);
		json_decref(rewritten);
		tw_game_free(g);
	}

	char other[17];
	tw_hash_hex(tw_math_fingerprint() ^ 0x5555ull, other);
	json_object_set_new(log, "math", json_string(other));
	g = check(log, &c, &err);
	if (g)
		tw_game_free(g);
	assert_true(c.math_libm && c.math_differs);
	assert_non_null(strstr(err.message, "other last bits"));
	assert_non_null(strstr(err.message, other));
	assert_non_null(strstr(err.message, here));
	assert_false(tw_math_use_libm(false)); // the replay put the thread's setting back

	static const char *const bad[] = {"xyz", "0000000000000000", "17cab4245376c65e0"};
	for (int i = 0; i < 3; i++) {
		json_object_set_new(log, "math", json_string(bad[i]));
		assert_null(check(log, &c, &err));
		assert_string_equal(err.path, "$.math");
	}
	json_object_set_new(log, "math", json_integer(5));
	assert_null(check(log, &c, &err));
	assert_string_equal(err.path, "$.math");
	json_decref(log);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_math_fingerprint_is_stable),
	    cmocka_unit_test(test_math_fingerprint_sees_glibcs_choice_of_code),
	    cmocka_unit_test(test_log_carries_the_math_fingerprint),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
