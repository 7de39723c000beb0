// libFuzzer: Lua doctrine text through the sandbox (docs/doctrine.md). The input is loaded as a
// doctrine for red of a small Little Wars game, given a parameter (as sim --vary does) and asked
// for two orders, with tight limits. Checks: no crash, abort, leak or undefined behaviour whatever
// the text does (syntax errors, bytecode headers, sandbox escapes, loops, memory bombs, `tw = nil`,
// long C calls: see the attack_*.lua seeds and fuzz/doctrine.dict); no call outlives its time
// limit by more than 3 s of CPU (libFuzzer's -timeout catches a hang too); an order it returns is one
// the loaders can write.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/io_internal.h"
#include "fuzz_small_scenario.h"
#include "tinwar/doctrine.h"
#include "tinwar/tinwar.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	tw_register_builtin();
	return 0;
}

static tw_state *state(void)
{
	static tw_state s;
	static bool ready;
	if (!ready) {
		char buf[4096];
		fuzz_small_scenario(buf, sizeof buf);
		tw_error err;
		if (tw_state_from_text(&s, buf, strlen(buf), "scenario", &err) != TW_OK) {
			fprintf(stderr, "scenario: %s\n", err.message);
			abort();
		}
		ready = true;
	}
	return &s;
}

// This thread's CPU time: unlike the wall clock, it does not count the time the machine gives
// to other processes, so a loaded machine does not make the check below fail.
static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

// Aborts if one call into the doctrine (or its fallback) ran far longer than its limit.
static void check_time(double t0, double limit, const char *what)
{
	double t = now() - t0;
	if (t > limit + 3.0) {
		fprintf(stderr, "the sandbox let the doctrine %s for %.2f s of CPU (limit %.2f s)\n", what, t, limit);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tw_state *s = state();
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	tw_lua_limits lim;
	tw_lua_limits_default(&lim);
	lim.memory = 4u << 20;
	lim.instructions = 200000;
	lim.seconds = 0.25;
	lim.on_failure = TW_LUA_FORFEIT;
	lim.quiet = true;
	tw_error err;
	double t0 = now();
	tw_general *g = tw_general_new_lua_text("fuzz.lua", (const char *)data, size, rs, 0, 1, &lim, &err);
	check_time(t0, lim.seconds, "load");
	if (!g)
		return 0;
	t0 = now();
	tw_general_set_param(g, "step", 0.5, &err);
	check_time(t0, lim.seconds, "take a parameter");
	static tw_order o; // a tw_order is ~17 KB: not on the stack
	for (int k = 0; k < 2; k++) {
		t0 = now();
		tw_status st = tw_general_decide(g, s, &o);
		check_time(t0, lim.seconds, "decide");
		if (st == TW_OK && !tw_lua_failure(g, &err)) {
			json_t *j = tw_order_to_json(&o, s);
			if (!j) {
				fprintf(stderr, "the doctrine returned an order that cannot be written\n");
				abort();
			}
			json_decref(j);
		}
	}
	tw_general_free(g);
	return 0;
}
