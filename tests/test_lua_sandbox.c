// Lua doctrines: every known escape fails safely with FILE:LINE, failures fall back or
// forfeit as chosen, and the doctrines in doctrines/ play whole games.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "tinwar/detmath.h"
#include <time.h>

#include "scene.h"
#include "tinwar/doctrine.h"

static tw_state *scenario(void) { return tw_test_lw_scenario(120, 80, 36, 10, 2); }

static tw_lua_limits quiet_limits(void)
{
	tw_lua_limits lim;
	tw_lua_limits_default(&lim);
	lim.quiet = true;
	return lim;
}

static tw_general *load_text(const char *name, const char *text, size_t len, const tw_lua_limits *lim, tw_error *err)
{
	tw_state *s = scenario();
	tw_general *g = tw_general_new_lua_text(name, text, len, tw_ruleset_get(s->ruleset), 0, 1, lim, err);
	tw_test_free(s);
	return g;
}

// Load must fail; the message names the file and line and contains `what`.
static void expect_load_fails(const char *text, size_t len, int line, const char *what)
{
	tw_lua_limits lim = quiet_limits();
	tw_error err;
	tw_error_clear(&err);
	tw_general *g = load_text("evil.lua", text, len ? len : strlen(text), &lim, &err);
	if (g)
		fail_msg("loaded: %s", text);
	char want[32];
	snprintf(want, sizeof want, "evil.lua:%d:", line);
	if (!strstr(err.message, want) || !strstr(err.message, what))
		fail_msg("expected '%s' ... '%s', got '%s'", want, what, err.message);
	assert_string_equal(err.path, "evil.lua");
	assert_int_equal(err.line, line);
}

// A game in progress at its first move, and one decision of the doctrine in `text`.
typedef struct one_decision {
	tw_game *game;
	tw_general *g;
	tw_status st;
	tw_order *o;
	double seconds;
} one_decision;

static void decide_once(one_decision *d, const char *text, const tw_lua_limits *lim)
{
	tw_state *s = scenario();
	tw_error err;
	d->game = tw_game_new(s, 3, tw_shot_model_fast(), &err);
	tw_test_free(s);
	assert_non_null(d->game);
	d->g = tw_general_new_lua_text("evil.lua", text, strlen(text), tw_game_ruleset(d->game), 0, 3, lim, &err);
	if (!d->g)
		fail_msg("load: %s", err.message);
	d->o = malloc(sizeof *d->o);
	struct timespec a, b;
	clock_gettime(CLOCK_MONOTONIC, &a);
	d->st = tw_general_decide(d->g, tw_game_state(d->game), d->o);
	clock_gettime(CLOCK_MONOTONIC, &b);
	d->seconds = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
}

static void done(one_decision *d)
{
	tw_general_free(d->g);
	tw_game_free(d->game);
	free(d->o);
}

// The doctrine fails at decide time, is reported at FILE:LINE with `what`, and the side falls
// back to the default general (who answers the toss).
static void expect_decide_fails(const char *text, int line, const char *what, const tw_lua_limits *lim_in)
{
	tw_lua_limits lim = lim_in ? *lim_in : quiet_limits();
	one_decision d;
	decide_once(&d, text, &lim);
	assert_int_equal(d.st, TW_OK);
	assert_int_equal(d.o->type, tw_order_type_find(tw_ruleset_get(tw_ruleset_find("littlewars")), "toss")); // the fallback's order
	tw_error err;
	assert_true(tw_lua_failure(d.g, &err));
	char want[32];
	snprintf(want, sizeof want, "evil.lua:%d:", line);
	if ((line > 0 && !strstr(err.message, want)) || !strstr(err.message, what))
		fail_msg("expected '%s' ... '%s', got '%s'", want, what, err.message);
	if (line > 0)
		assert_int_equal(err.line, line);
	done(&d);
}

static void test_bytecode_is_refused(void **st)
{
	(void)st;
	// A crafted header.
	expect_load_fails("\x1bLua\x54\x00\x19\x93\r\n\x1a\n", 12, 1, "binary chunk");
	// Real bytecode from string.dump in an ordinary (unsandboxed) Lua.
	lua_State *L = luaL_newstate();
	luaL_openlibs(L);
	assert_int_equal(luaL_dostring(L, "return string.dump(function() decide = function() return nil end end)"), 0);
	size_t len;
	const char *bc = lua_tolstring(L, -1, &len);
	assert_true(len > 4 && bc[0] == 0x1b);
	expect_load_fails(bc, len, 1, "binary chunk");
	lua_close(L);
	// string.dump itself is gone from the sandbox.
	expect_load_fails("\n\nlocal f = string.dump(print)\nfunction decide() end", 0, 3, "dump");
}

static void test_package_loadlib_is_unreachable(void **st)
{
	(void)st;
	expect_decide_fails("function decide()\n  local f = package.loadlib('libc.so.6', 'system')\nend", 2,
			    "package", NULL);
	expect_decide_fails("function decide()\n  return require('os')\nend", 2, "require", NULL);
	// Nothing of the sort is there at all.
	expect_decide_fails("function decide()\n"
			    "  assert(package == nil and io == nil and os == nil and debug == nil and coroutine == nil)\n"
			    "  assert(load == nil and loadfile == nil and dofile == nil and collectgarbage == nil)\n"
			    "  assert(rawset == nil and rawget == nil and getmetatable == nil and math.randomseed == nil)\n"
			    "  error('all gone')\n"
			    "end",
			    5, "all gone", NULL);
}

static void test_setmetatable_on_G_is_refused(void **st)
{
	(void)st;
	expect_decide_fails("function decide()\n  setmetatable(_G, nil)\nend", 2, "setmetatable", NULL);
	// Nor can a string's metatable be reached.
	expect_decide_fails("function decide()\n\n  local mt = getmetatable('')\nend", 3, "getmetatable", NULL);
}

static void test_string_rep_bomb_hits_the_memory_cap(void **st)
{
	(void)st;
	tw_lua_limits lim = quiet_limits();
	lim.memory = 8u << 20;
	expect_decide_fails("function decide()\n  local s = string.rep('x', 1e9)\nend", 2, "memory limit", &lim);
	// Growing slowly, and catching the errors with pcall, does not help.
	expect_decide_fails("local t = {}\nfunction decide()\n  for i = 1, 1e9 do\n"
			    "    pcall(function() t[#t + 1] = string.rep('y', 1e5) .. i end)\n  end\nend",
			    0, "limit", &lim);
	// A bomb at the top level fails the load.
	expect_load_fails("local s = ('x'):rep(1e8)\nfunction decide() end", 0, 1, "memory limit");
}

static void test_infinite_loop_is_stopped_by_the_count_hook(void **st)
{
	(void)st;
	tw_lua_limits lim = quiet_limits();
	lim.instructions = 1000000;
	lim.seconds = 30;
	expect_decide_fails("function decide()\n  local n = 0\n  while true do\n    n = n + 1\n  end\nend", 0,
			    "instruction limit", &lim);
	// pcall cannot swallow the stop: it is sticky.
	expect_decide_fails("function decide()\n  while true do\n    pcall(function() while true do end end)\n"
			    "  end\nend",
			    0, "instruction limit", &lim);
	// Infinite recursion ends in Lua's own stack overflow (or the memory cap), at its line.
	tw_lua_limits big = quiet_limits();
	big.memory = 512u << 20;
	expect_decide_fails("local function f(n)\n  return 1 + f(n + 1)\nend\nfunction decide()\n  f(1)\nend", 2,
			    "stack overflow", &big);
	expect_decide_fails("local function f(n)\n  return 1 + f(n + 1)\nend\nfunction decide()\n  f(1)\nend", 2,
			    "memory limit", NULL);
	// At the top level the load fails.
	lim.instructions = 100000;
	tw_error err;
	assert_null(load_text("evil.lua", "while true do end", 17, &lim, &err));
	assert_non_null(strstr(err.message, "instruction limit"));
	assert_non_null(strstr(err.message, "evil.lua:1:"));
}

static void test_long_c_calls_are_stopped_by_the_watchdog(void **st)
{
	(void)st;
	tw_lua_limits lim = quiet_limits();
	lim.instructions = UINT64_MAX / 2; // the count hook never fires: only the clock can stop it
	lim.seconds = 0.05;
	lim.memory = 256u << 20;
	// Long C calls (gsub builds a 32 MB string through many allocations) in a loop.
	one_decision d;
	decide_once(&d,
		    "function decide()\n  local s = string.rep('ab', 4e6)\n  while true do\n"
		    "    local t = s:gsub('.', '%0%0')\n  end\nend",
		    &lim);
	tw_error err;
	assert_true(tw_lua_failure(d.g, &err));
	assert_non_null(strstr(err.message, "time limit"));
	assert_true(d.seconds < 2.0);
	done(&d);
	// Patterns that would backtrack for ages, and table.move over a vast range, count their work
	// against the instruction limit (tests/test_lua_watchdog.c has the rest).
	tw_lua_limits budget = quiet_limits();
	budget.seconds = 60; // the budget, not the clock, however loaded the machine
	expect_decide_fails("function decide()\n  return string.find(string.rep('a', 1e5), '.-.-.-b')\nend", 2,
			    "instruction limit", &budget);
	expect_decide_fails("function decide()\n  table.move({}, 1, 1e15, 2)\nend", 2, "instruction limit", &budget);
	// Plain find is cheap and allowed.
	one_decision ok;
	tw_lua_limits ql = quiet_limits();
	decide_once(&ok, "function decide()\n  assert(string.find(string.rep('a', 1e5), '.-.-b', 1, true) == nil)\nend",
		    &ql);
	assert_false(tw_lua_failure(ok.g, NULL));
	assert_int_equal(ok.o->type, tw_order_type_find(tw_ruleset_get(tw_ruleset_find("littlewars")), "end_move")); // nil: end the move (refused later by the rules)
	done(&ok);
}

static void test_errors_are_reported_with_file_and_line(void **st)
{
	(void)st;
	expect_decide_fails("-- a comment\nfunction decide()\n  local x = nil\n  return x.y\nend", 4,
			    "attempt to index a nil value", NULL);
	expect_decide_fails("function decide()\n\n\n  error({code = 1})\nend", 4, "table", NULL);
	expect_decide_fails("function decide()\n  return {type = 'warp_drive'}\nend", 0, "bad order", NULL);
	expect_decide_fails("function decide()\n  return {type = 'move', moves = {{figure = 1}}}\nend", 0, "bad order",
			    NULL);
	expect_load_fails("function decide(\nend", 0, 2, "expected");
	expect_load_fails("x = 1", 0, 0, "no function decide");
	tw_error err;
	tw_state *s = scenario();
	assert_null(tw_general_new_lua("/nonexistent/x.lua", tw_ruleset_get(s->ruleset), 0, 1, NULL, &err));
	assert_int_equal(err.code, TW_ERR_IO);
	tw_test_free(s);
}

static const char *FAIL_AT_MOVE_3 = "function decide()\n"
				    "  local st = tw.state()\n"
				    "  if st.phase ~= 'play' then return tw.suggest() end\n"
				    "  if st.move >= 3 then error('gave up at move ' .. st.move) end\n"
				    "  return nil\n"
				    "end\n";

static void test_failure_falls_back_or_forfeits(void **st)
{
	(void)st;
	for (int policy = 0; policy < 2; policy++) {
		tw_state *s = scenario();
		tw_error err;
		tw_game *game = tw_game_new(s, 11, tw_shot_model_fast(), &err);
		tw_test_free(s);
		tw_game_set_undo(game, false);
		tw_lua_limits lim = quiet_limits();
		lim.on_failure = policy == 0 ? TW_LUA_FALLBACK : TW_LUA_FORFEIT;
		lim.fallback = "lw-rush";
		tw_general *g[2];
		g[0] = tw_general_new_lua_text("quitter.lua", FAIL_AT_MOVE_3, strlen(FAIL_AT_MOVE_3),
					       tw_game_ruleset(game), 0, 11, &lim, &err);
		assert_non_null(g[0]);
		g[1] = tw_general_new("random", tw_game_ruleset(game), 1, 11);
		tw_status rc = tw_play_out(game, g, 100000, &err);
		tw_error why;
		assert_true(tw_lua_failure(g[0], &why));
		assert_non_null(strstr(why.message, "quitter.lua:4: gave up at move"));
		if (policy == 0) {
			assert_int_equal(rc, TW_OK); // lw-rush played the game out
			assert_true(tw_game_state(game)->over);
			assert_false(g[0]->forfeit);
		} else {
			assert_int_equal(rc, TW_ERR_STATE);
			assert_true(g[0]->forfeit);
			assert_non_null(strstr(err.message, "forfeits"));
			assert_false(tw_game_state(game)->over);
			assert_true(tw_game_state(game)->move_no >= 3);
		}
		tw_general_free(g[0]);
		tw_general_free(g[1]);
		tw_game_free(game);
	}
}

// The doctrines shipped in doctrines/ play whole games, without failing, deterministically.
static void test_shipped_doctrines_play_whole_games(void **st)
{
	(void)st;
	static const char *const files[] = {"advance.lua", "random.lua", "cautious.lua"};
	for (size_t k = 0; k < TW_ARRAY_COUNT(files); k++) {
		uint64_t hash[2];
		for (int rep = 0; rep < 2; rep++) {
			tw_state *s = scenario();
			tw_error err;
			tw_game *game = tw_game_new(s, 21, tw_shot_model_fast(), &err);
			tw_test_free(s);
			tw_game_set_undo(game, false);
			char path[512];
			snprintf(path, sizeof path, "%s/doctrines/%s", TW_SOURCE_DIR, files[k]);
			tw_lua_limits lim = quiet_limits();
			tw_general *g[2];
			g[0] = tw_general_new_lua(path, tw_game_ruleset(game), 0, 21, &lim, &err);
			if (!g[0])
				fail_msg("%s", err.message);
			g[1] = tw_general_new(k == 0 ? "random" : "lw-default", tw_game_ruleset(game), 1, 21);
			if (tw_play_out(game, g, 100000, &err) != TW_OK)
				fail_msg("%s: %s", files[k], err.message);
			const tw_state *e = tw_game_state(game);
			assert_true(e->over);
			tw_error why;
			if (tw_lua_failure(g[0], &why))
				fail_msg("%s failed: %s", files[k], why.message);
			print_message("%-13s move %3d, winner %d\n", files[k], e->move_no, e->winner);
			hash[rep] = tw_state_hash(e);
			tw_general_free(g[0]);
			tw_general_free(g[1]);
			tw_game_free(game);
		}
		assert_int_equal(hash[0], hash[1]);
	}
}

static void test_doctrine_sees_only_its_view_and_its_params(void **st)
{
	(void)st;
	// tw.params carries parameters set from outside; tw.side names the side.
	const char *text = "function decide()\n"
			   "  assert(tw.params.aggression == 0.25, 'param')\n"
			   "  assert(tw.side == 'red' and tw.enemy == 'blue', 'side')\n"
			   "  local n = 0\n"
			   "  for _, f in ipairs(tw.figures('enemy')) do\n"
			   "    assert(f.status ~= 'unplaced', 'saw an unplaced enemy')\n"
			   "    n = n + 1\n"
			   "  end\n"
			   "  assert(#tw.legal_orders() >= 1, 'legal')\n"
			   "  assert(tw.validate({type = 'toss'}), 'toss')\n"
			   "  local ok, msg, clause = tw.validate({type = 'fire', gun = 0, target = {1, 1}})\n"
			   "  assert(not ok and #msg > 0, 'fire before play')\n"
			   "  assert(tw.table().width == 120 and #tw.terrain() == 2, 'table')\n"
			   "  assert(tw.los(10, 10, 10, 20) and tw.dist(0, 0, 3, 4) == 5, 'geometry')\n"
			   "  return {type = 'toss'}\n"
			   "end\n";
	tw_state *s = scenario();
	tw_error err;
	tw_game *game = tw_game_new(s, 5, tw_shot_model_fast(), &err);
	tw_test_free(s);
	tw_lua_limits lim = quiet_limits();
	tw_general *g = tw_general_new_lua_text("view.lua", text, strlen(text), tw_game_ruleset(game), 0, 5, &lim, &err);
	assert_non_null(g);
	assert_int_equal(tw_general_set_param(g, "aggression", 0.25, &err), TW_OK);
	tw_order *o = malloc(sizeof *o);
	assert_int_equal(tw_general_decide(g, tw_game_state(game), o), TW_OK);
	tw_error why;
	if (tw_lua_failure(g, &why))
		fail_msg("%s", why.message);
	assert_int_equal(o->type, tw_order_type_find(tw_ruleset_get(tw_ruleset_find("littlewars")), "toss"));
	free(o);
	tw_general_free(g);
	tw_game_free(game);
	// The .lua path is accepted by tw_general_new too.
	s = scenario();
	g = tw_general_new(TW_SOURCE_DIR "/doctrines/random.lua", tw_ruleset_get(s->ruleset), 1, 1);
	assert_non_null(g);
	assert_true(tw_general_is_lua(g));
	tw_general_free(g);
	tw_test_free(s);
}

// stop 36: a doctrine's math.sin, cos, atan, exp and log are the engine's own (detmath.h), bit for
// bit, so that a Lua general decides alike on every machine: checked at arguments where the C
// library's answer differs from the engine's (so a doctrine given the C library's would fail).
static void test_doctrine_math_is_the_engines(void **st)
{
	(void)st;
	double xs = NAN, xc = NAN, xa = NAN, xe = NAN, xl = NAN;
	for (int i = 1; i < 200000 && (isnan(xs) || isnan(xc) || isnan(xa) || isnan(xe) || isnan(xl)); i++) {
		double x = i * 1e-3;
		if (isnan(xs) && tw_sin(x) != sin(x))
			xs = x;
		if (isnan(xc) && tw_cos(x) != cos(x))
			xc = x;
		if (isnan(xa) && tw_atan2(x, 1.5) != atan2(x, 1.5))
			xa = x;
		if (isnan(xe) && tw_exp(x * 0.01) != exp(x * 0.01))
			xe = x * 0.01;
		if (isnan(xl) && tw_log(x) != log(x))
			xl = x;
	}
	assert_false(isnan(xs) || isnan(xc) || isnan(xa) || isnan(xe) || isnan(xl));
	char text[2048];
	snprintf(text, sizeof text,
		 "function decide()\n"
		 "  assert(math.sin(%a) == %a, 'sin')\n"
		 "  assert(math.cos(%a) == %a, 'cos')\n"
		 "  assert(math.atan(%a, 1.5) == %a, 'atan')\n"
		 "  assert(math.exp(%a) == %a, 'exp')\n"
		 "  assert(math.log(%a) == %a, 'log')\n"
		 "  assert(math.log(8, 2) == %a and math.atan(1) == %a, 'log base, atan one argument')\n"
		 "  return {type = 'toss'}\n"
		 "end\n",
		 xs, tw_sin(xs), xc, tw_cos(xc), xa, tw_atan2(xa, 1.5), xe, tw_exp(xe), xl, tw_log(xl),
		 tw_log(8) / tw_log(2), tw_atan2(1, 1));
	tw_lua_limits lim = quiet_limits();
	one_decision d;
	decide_once(&d, text, &lim);
	tw_error why;
	if (tw_lua_failure(d.g, &why))
		fail_msg("%s", why.message);
	assert_int_equal(d.o->type, tw_order_type_find(tw_ruleset_get(tw_ruleset_find("littlewars")), "toss"));
	done(&d);
}

// ---- issue 13 item 8: nothing a doctrine does can abort the engine (SIGABRT) ----

// `tw = nil`: the engine's next lua_getglobal/lua_setfield ran outside any protected call, with
// no panic handler. The engine keeps its own reference to the tw table in the registry.
static void test_tw_nil_does_not_abort_the_engine(void **st)
{
	(void)st;
	tw_lua_limits lim = quiet_limits();
	const char *text = "local suggest = tw.suggest\n"
			   "tw = nil\n"
			   "local calls = 0\n"
			   "function decide()\n"
			   "  calls = calls + 1\n"
			   "  if calls == 2 then tw = 42 end\n"
			   "  return suggest()\n"
			   "end\n";
	one_decision d;
	decide_once(&d, text, &lim);
	tw_error why;
	if (tw_lua_failure(d.g, &why))
		fail_msg("%s", why.message);
	assert_int_equal(d.o->type, tw_order_type_find(tw_ruleset_get(tw_ruleset_find("littlewars")), "toss"));
	// Again, now that tw is nil, and again once it is a number.
	for (int i = 0; i < 2; i++) {
		assert_int_equal(tw_general_decide(d.g, tw_game_state(d.game), d.o), TW_OK);
		assert_false(tw_lua_failure(d.g, NULL));
		assert_int_equal(d.o->type, tw_order_type_find(tw_ruleset_get(tw_ruleset_find("littlewars")), "toss"));
	}
	done(&d);
	// `decide = nil` is the doctrine's own failure, reported as such.
	one_decision e;
	decide_once(&e, "function decide()\n  decide = nil\n  return tw.suggest()\nend", &lim);
	assert_int_equal(tw_general_decide(e.g, tw_game_state(e.game), e.o), TW_OK);
	assert_true(tw_lua_failure(e.g, &why));
	assert_non_null(strstr(why.message, "attempt to call a nil value"));
	done(&e);
}

// `tw.params = nil` and then a parameter set from outside (sim --vary): the engine's
// lua_setfield on nil aborted. The parameters table too is the registry's.
static void test_params_nil_then_set_param_does_not_abort(void **st)
{
	(void)st;
	tw_lua_limits lim = quiet_limits();
	const char *text = "local P = tw.params\n"
			   "tw.params = nil\n"
			   "function decide()\n"
			   "  assert(tw.params == nil and P.step == 0.5, 'step')\n"
			   "  tw.params = 7\n"
			   "  return {type = 'toss'}\n"
			   "end\n";
	tw_state *s = scenario();
	tw_error err;
	tw_game *game = tw_game_new(s, 5, tw_shot_model_fast(), &err);
	tw_test_free(s);
	tw_general *g = tw_general_new_lua_text("params.lua", text, strlen(text), tw_game_ruleset(game), 0, 5, &lim, &err);
	assert_non_null(g);
	assert_int_equal(tw_general_set_param(g, "step", 0.5, &err), TW_OK);
	tw_order *o = malloc(sizeof *o);
	assert_int_equal(tw_general_decide(g, tw_game_state(game), o), TW_OK);
	tw_error why;
	if (tw_lua_failure(g, &why))
		fail_msg("%s", why.message);
	assert_int_equal(o->type, tw_order_type_find(tw_ruleset_get(tw_ruleset_find("littlewars")), "toss"));
	// tw.params is now a number: setting a parameter still works.
	assert_int_equal(tw_general_set_param(g, "step", 0.25, &err), TW_OK);
	assert_false(tw_lua_failure(g, NULL));
	free(o);
	tw_general_free(g);
	tw_game_free(game);
}

// Fills the memory up to just under the cap (n bytes in `a`, 2n in `keep`) and returns
// {type = 1.25}: converting the number to a string (lua_tostring) allocated outside the sandbox's
// protected call, failed, and aborted.
static const char *FILL_THEN_NUMBER = "local keep\n"
				      "function decide()\n"
				      "  local a = string.rep('x', tw.params.fill)\n"
				      "  keep = a .. a\n"
				      "  return {type = 1.25}\n"
				      "end\n";

// 1 if the order was read (a bad order: the fill fitted), 0 if the memory cap stopped the fill.
static int fill_outcome(int fill)
{
	tw_lua_limits lim = quiet_limits();
	lim.memory = 1u << 20;
	tw_state *s = scenario();
	tw_error err;
	tw_game *game = tw_game_new(s, 3, tw_shot_model_fast(), &err);
	tw_test_free(s);
	tw_general *g = tw_general_new_lua_text("fill.lua", FILL_THEN_NUMBER, strlen(FILL_THEN_NUMBER),
						tw_game_ruleset(game), 0, 3, &lim, &err);
	assert_non_null(g);
	assert_int_equal(tw_general_set_param(g, "fill", fill, &err), TW_OK);
	tw_order *o = malloc(sizeof *o);
	assert_int_equal(tw_general_decide(g, tw_game_state(game), o), TW_OK); // the fallback's toss
	tw_error why;
	assert_true(tw_lua_failure(g, &why));
	int r = strstr(why.message, "bad order") ? 1 : strstr(why.message, "memory limit") ? 0 : -1;
	if (r < 0)
		fail_msg("fill %d: %s", fill, why.message);
	free(o);
	tw_general_free(g);
	tw_game_free(game);
	return r;
}

static void test_memory_full_then_a_number_type_does_not_abort(void **st)
{
	(void)st;
	// Find the largest fill that fits: there the memory left is under 3 bytes.
	int lo = 0, hi = 1 << 19;
	assert_int_equal(fill_outcome(lo), 1);
	assert_int_equal(fill_outcome(hi), 0);
	while (hi - lo > 1) {
		int mid = lo + (hi - lo) / 2;
		if (fill_outcome(mid))
			lo = mid;
		else
			hi = mid;
	}
	print_message("largest fill %d\n", lo);
	assert_int_equal(fill_outcome(lo), 1);
	assert_int_equal(fill_outcome(lo + 1), 0);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bytecode_is_refused),
		cmocka_unit_test(test_package_loadlib_is_unreachable),
		cmocka_unit_test(test_setmetatable_on_G_is_refused),
		cmocka_unit_test(test_string_rep_bomb_hits_the_memory_cap),
		cmocka_unit_test(test_infinite_loop_is_stopped_by_the_count_hook),
		cmocka_unit_test(test_long_c_calls_are_stopped_by_the_watchdog),
		cmocka_unit_test(test_errors_are_reported_with_file_and_line),
		cmocka_unit_test(test_failure_falls_back_or_forfeits),
		cmocka_unit_test(test_shipped_doctrines_play_whole_games),
		cmocka_unit_test(test_doctrine_sees_only_its_view_and_its_params),
		cmocka_unit_test(test_doctrine_math_is_the_engines),
		cmocka_unit_test(test_tw_nil_does_not_abort_the_engine),
		cmocka_unit_test(test_params_nil_then_set_param_does_not_abort),
		cmocka_unit_test(test_memory_full_then_a_number_type_does_not_abort),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
