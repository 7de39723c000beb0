// libFuzzer: Lua doctrine text through the sandbox (docs/doctrine.md). The input is loaded as a
// doctrine for red of a small Little Wars game and asked for one order, with tight limits. Checks:
// no crash, leak or undefined behaviour whatever the text does (syntax errors, bytecode headers,
// sandbox escapes, loops, memory bombs); an order it returns is one the loaders can write.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	tw_state *s = state();
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	tw_lua_limits lim;
	tw_lua_limits_default(&lim);
	lim.memory = 4u << 20;
	lim.instructions = 200000;
	lim.seconds = 1;
	lim.on_failure = TW_LUA_FORFEIT;
	lim.quiet = true;
	tw_error err;
	tw_general *g = tw_general_new_lua_text("fuzz.lua", (const char *)data, size, rs, 0, 1, &lim, &err);
	if (!g)
		return 0;
	tw_order o;
	if (tw_general_decide(g, s, &o) == TW_OK && !tw_lua_failure(g, &err)) {
		json_t *j = tw_order_to_json(&o, s);
		if (!j) {
			fprintf(stderr, "the doctrine returned an order that cannot be written\n");
			abort();
		}
		json_decref(j);
	}
	tw_general_free(g);
	return 0;
}
