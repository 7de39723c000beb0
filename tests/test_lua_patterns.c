// The sandbox's cost-bounded library functions (src/ai/lua_pattern.c, lua_bounded.c) give the
// results and the errors of Lua 5.4's own: one script runs thousands of generated and chosen
// cases (string.find, match, gmatch, gsub, rep; table.insert, remove, move, sort) in a plain
// Lua state and in a sandboxed one, and the two transcripts must be equal line for line.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/lua_doctrine.h"
#include "tinwar/registry.h"

// Generated cases: patterns from atoms (well and badly formed) with repetitions, subjects from
// a small alphabet with NULs, start positions around the ends, replacements of every kind.
static const char *SCRIPT =
	"local N = ...\n"
	"local seed = 12345\n"
	"local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n + 1 end\n"
	"local atoms = {'a', 'b', 'c', '.', '%a', '%d', '%s', '%w', '%A', '%S', '%p', '%x', '%%', '%.', '[ab]',\n"
	"  '[^a]', '[a-c]', '[]]', '[^]a]', '[%a_]', '[a-]', '[-a]', '(', ')', '()', '%b()', '%bab', '%f[%w]',\n"
	"  '%f[^a]', '%1', '%2', '%0', '$', '^', '\\0', ' ', '[', '%', '%b', '%f', '%fa', '%z', 'x', '(a', 'a)',\n"
	"  '[%', '[a', '%g', '%c', '%u', '%l', '%W', '[%]]', '[a%-z]', '(%a+)', '(.-)', '%(', '%]'}\n"
	"local quants = {'', '', '', '*', '+', '-', '?'}\n"
	"local function pattern()\n"
	"  local t = {}\n"
	"  if rnd(5) == 1 then t[#t + 1] = '^' end\n"
	"  for i = 1, rnd(5) do t[#t + 1] = atoms[rnd(#atoms)] .. quants[rnd(#quants)] end\n"
	"  if rnd(6) == 1 then t[#t + 1] = '$' end\n"
	"  return table.concat(t)\n"
	"end\n"
	"local chars = {'a', 'b', 'c', '(', ')', ' ', '1', '_', '%', '\\0', 'x', ']', 'A', '-', '$', '^'}\n"
	"local function subject()\n"
	"  local t = {}\n"
	"  for i = 1, rnd(14) - 1 do t[i] = chars[rnd(#chars)] end\n"
	"  return table.concat(t)\n"
	"end\n"
	"local function ser(...)\n"
	"  local t = {}\n"
	"  for i = 1, select('#', ...) do\n"
	"    local v = select(i, ...)\n"
	"    local addressed = type(v) == 'table' or type(v) == 'function'\n"
	"    t[i] = type(v) .. ':' .. (addressed and '' or string.format('%q', tostring(v)))\n"
	"  end\n"
	"  return table.concat(t, ',')\n"
	"end\n"
	"local function try(f, ...)\n"
	"  local r = table.pack(pcall(f, ...))\n"
	"  if r[1] then return 'ok ' .. ser(table.unpack(r, 2, r.n)) end\n"
	"  return 'error ' .. tostring(r[2])\n"
	"end\n"
	"local function each(s, p, init)\n"
	"  local r = {}\n"
	"  for a, b in string.gmatch(s, p, init) do r[#r + 1] = ser(a, b) if #r > 50 then break end end\n"
	"  return table.concat(r, ';')\n"
	"end\n"
	"local function as_function(a, b) if a == 'a' then return nil end return '<' .. tostring(a) .. '|' .. tostring(b) .. '>' end\n"
	"local repls = {'%0', '%1', '<%1|%2>', 'x', '%%', '%', '%9', '', '%a', 7, {a = 'A', [''] = 'E', b = false, c = 3},\n"
	"  as_function, {a = {}}}\n"
	"local out = {}\n"
	"local function case(s, p, init, repl, max)\n"
	"  out[#out + 1] = ('%q %q %s'):format(s, p, tostring(init))\n"
	"  out[#out + 1] = try(string.find, s, p, init)\n"
	"  out[#out + 1] = try(string.find, s, p, init, true)\n"
	"  out[#out + 1] = try(string.match, s, p, init)\n"
	"  out[#out + 1] = try(each, s, p, init)\n"
	"  out[#out + 1] = try(string.gsub, s, p, repl, max)\n"
	"end\n"
	"for i = 1, N do\n"
	"  local init = rnd(10) - 5\n"
	"  if rnd(8) == 1 then init = nil end\n"
	"  case(subject(), pattern(), init, repls[rnd(#repls)], rnd(4) == 1 and rnd(3) - 1 or nil)\n"
	"end\n"
	"-- Chosen cases: limits, captures, anchors, frontiers, back references.\n"
	"local a300 = string.rep('a', 300)\n"
	"case('aaa', string.rep('a?', 250), 1, '%0')\n"
	"case(a300, string.rep('(a)', 33), 1, '%1')\n"
	"case(a300, string.rep('(a)', 32), 1, '%9')\n"
	"for n = 195, 203 do case(a300:sub(1, n), string.rep('a?', n), 1, 'x') end\n"
	"for n = 95, 103 do case(a300:sub(1, n), string.rep('(a)?', n), 1, 'x') end\n"
	"case(a300, string.rep('(', 150) .. string.rep(')', 150), 1, 'x')\n"
	"case('hello world from lua', '(o)(.-)%1', 1, '[%2]')\n"
	"case('x = 1, y = 22', '(%w+)%s*=%s*(%w+)', 1, '%2=%1')\n"
	"case('THE (quick) fox', '%f[%a]%a+', 1, string.upper)\n"
	"case('THE (quick) fox', '%f[%a]%a+%f[%A]', -9, '%0%0')\n"
	"case('abc', '()b()', 1, '%1%2')\n"
	"case('abc', '()', 1, '%1')\n"
	"case('abc', '', 1, '-')\n"
	"case('abc', '', 5, '-')\n"
	"case('abc', '^b', 2, '-')\n"
	"case('abc', '^', 1, '-')\n"
	"case('abc', 'c$', 1, '-')\n"
	"case('a$c', '$c', 1, '-')\n"
	"case('a^c', 'a^', 1, '-')\n"
	"case('^a^a', '^a', 1, '-')\n"
	"case('[[x]] [[y]]', '%[%[(.-)%]%]', 1, '<%1>')\n"
	"case('f(a(b)c) g(d)', '%b()', 1, '')\n"
	"case('f(a(b c) g(d)', '%b()', 1, '')\n"
	"case('aaa', 'a-', 1, '-')\n"
	"case('aaab', 'a-b', 1, '-')\n"
	"case('aaa', 'a*', 1, '-')\n"
	"case('abcabc', '(abc)%1', 1, '%1')\n"
	"case('abc', '(a)%2', 1, '')\n"
	"case('abc', '(a%1)', 1, '')\n"
	"case('abc', '()%1', 1, '')\n"
	"case('abc', '%0', 1, '')\n"
	"case('abc', 'a)', 1, '')\n"
	"case('abc', '(a', 1, '%1')\n"
	"case('abc', '(a', 1, function(x) return x end)\n"
	"case('abc', '%f', 1, '')\n"
	"case('abc', '%b', 1, '')\n"
	"case('abc', '%ba', 1, '')\n"
	"case('abc', '[a', 1, '')\n"
	"case('abc', '[a%', 1, '')\n"
	"case('abc', '%', 1, '')\n"
	"case('abc', 'b', math.mininteger, '')\n"
	"case('abc', 'b', math.maxinteger, '')\n"
	"case('abc', 'b', -100, '')\n"
	"case('a.b.c', '.', 1, '%%')\n"
	"case('a\\0b\\0c', '%z', 1, '')\n"
	"case('a\\0b\\0c', '[\\0]', 1, '<%0>')\n"
	"case('a\\0b\\0c', '\\0b', 1, '!')\n"
	"case('hello', 'l+', 1, 'L', 0)\n"
	"case('hello', 'l', 1, 'L', 1)\n"
	"case('hello', 'l', 1, 'L', -1)\n"
	"case('hello', '', 1, '.', 3)\n"
	"case(12345, 3, 1, 9)\n"
	"case('abc', 'b', 1.0, '')\n"
	"out[#out + 1] = try(string.find, 'abc', 'b', 1.5)\n"
	"out[#out + 1] = try(string.gsub, 'abc', 'b')\n"
	"out[#out + 1] = try(string.gsub, 'abc', 'b', true)\n"
	"out[#out + 1] = try(string.find, nil, 'b')\n"
	"out[#out + 1] = try(string.gmatch, 'abc')\n"
	"-- string.rep\n"
	"for _, c in ipairs({{'ab', 3}, {'ab', 3, ','}, {'', 5}, {'', 5, ''}, {'', 3, ','}, {'x', 0}, {'x', -1},\n"
	"  {'x', 1, ','}, {'x', 2 ^ 31}, {'xy', 1 << 31, ''}, {'x', 'y'}, {12, 2}}) do\n"
	"  out[#out + 1] = try(string.rep, table.unpack(c))\n"
	"end\n"
	"-- table.insert, remove, move, sort on small arrays\n"
	"local function dump(t) local r = {} for i = -1, 12 do r[#r + 1] = tostring(t[i]) end return table.concat(r, ' ') end\n"
	"local function tcase(f, ...)\n"
	"  local t = {}\n"
	"  for i = 1, rnd(9) - 1 do t[i] = rnd(50) end\n"
	"  local r = try(f, t, ...)\n"
	"  out[#out + 1] = r .. ' | ' .. dump(t)\n"
	"end\n"
	"for i = 1, N // 4 do\n"
	"  tcase(table.insert, rnd(12) - 2, 'v')\n"
	"  tcase(table.insert, 'w')\n"
	"  tcase(table.insert)\n"
	"  tcase(table.insert, 1, 2, 3)\n"
	"  tcase(table.remove)\n"
	"  tcase(table.remove, rnd(12) - 2)\n"
	"  tcase(table.move, rnd(6) - 1, rnd(8) - 1, rnd(8) - 2)\n"
	"  local dst = {}\n"
	"  tcase(table.move, rnd(6) - 1, rnd(8) - 1, rnd(8) - 2, dst)\n"
	"  out[#out + 1] = dump(dst)\n"
	"  local u = {}\n"
	"  local n = rnd(20) - 1\n"
	"  for k = 1, n do u[k] = k * 7919 % 1000 + k / 1000 end\n"
	"  local v = {table.unpack(u)}\n"
	"  table.sort(u)\n"
	"  table.sort(v, function(x, y) return x > y end)\n"
	"  out[#out + 1] = table.concat(u, ' ') .. ' | ' .. table.concat(v, ' ')\n"
	"end\n"
	"out[#out + 1] = try(table.move, 'abc', 1, 3, 1, {})\n"
	"out[#out + 1] = try(table.move, {}, 1, 3, 1, 'abc')\n"
	"out[#out + 1] = try(table.move, {}, -1, math.maxinteger, 1)\n"
	"out[#out + 1] = try(table.move, {1, 2}, 1, 2, math.maxinteger)\n"
	"out[#out + 1] = try(table.insert, 'abc', 1)\n"
	"out[#out + 1] = try(table.sort, {3, 1, 2}, 5)\n"
	"out[#out + 1] = try(table.sort, {3, 1, 2}, nil)\n"
	"out[#out + 1] = try(table.remove, {}, 0)\n"
	"out[#out + 1] = try(table.remove, {}, 2)\n"
	"return table.concat(out, '\\n')\n";

enum { CASES = 4000 };

// Runs SCRIPT in L (in protected mode) and returns its transcript (malloc'd).
static char *transcript(lua_State *L)
{
	if (luaL_loadbufferx(L, SCRIPT, strlen(SCRIPT), "=script", "t") != LUA_OK)
		fail_msg("load: %s", lua_tostring(L, -1));
	lua_pushinteger(L, CASES);
	if (lua_pcall(L, 1, 1, 0) != LUA_OK)
		fail_msg("run: %s", lua_tostring(L, -1));
	size_t len;
	const char *s = lua_tolstring(L, -1, &len);
	char *copy = malloc(len + 1);
	memcpy(copy, s, len + 1);
	lua_pop(L, 1);
	return copy;
}

typedef struct job {
	char *out;
} job;

static int run_job(lua_State *L)
{
	job *j = lua_touserdata(L, 1);
	j->out = transcript(L);
	return 0;
}

static void test_bounded_functions_match_lua(void **st)
{
	(void)st;
	lua_State *ref = luaL_newstate();
	luaL_openlibs(ref);
	char *want = transcript(ref);
	lua_close(ref);

	tw_lua_doctrine *d = calloc(1, sizeof *d);
	tw_lua_limits_default(&d->lim);
	d->lim.memory = 256u << 20;
	d->lim.instructions = UINT64_MAX / 2;
	d->lim.seconds = 0;
	snprintf(d->file, sizeof d->file, "patterns");
	assert_non_null(tw_lua_sandbox_new(d, 1));
	job j = {0};
	tw_error err;
	if (tw_lua_protected(d, run_job, &j, &err) != TW_OK)
		fail_msg("%s", err.message);
	lua_close(d->L);
	free(d);

	// Compare line by line, showing the first difference.
	const char *a = want, *b = j.out;
	int line = 1, lines = 0, oks = 0, errors = 0;
	for (const char *c = want; *c; c++) {
		if (c == want || c[-1] == '\n') {
			oks += strncmp(c, "ok ", 3) == 0;
			errors += strncmp(c, "error ", 6) == 0;
		}
		lines += *c == '\n';
	}
	const char *header = want;
	while (*a || *b) {
		size_t la = strcspn(a, "\n"), lb = strcspn(b, "\n");
		if (*a == '"')
			header = a; // the case: subject, pattern, start
		if (la != lb || memcmp(a, b, la) != 0)
			fail_msg("line %d differs, in case %.*s\n  lua:     %.*s\n  sandbox: %.*s", line,
				 (int)strcspn(header, "\n"), header, (int)la, a, (int)lb, b);
		a += la + (a[la] == '\n');
		b += lb + (b[lb] == '\n');
		line++;
	}
	print_message("%d lines of transcript agree (%d results, %d errors)\n", lines + 1, oks, errors);
	free(want);
	free(j.out);
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bounded_functions_match_lua),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
