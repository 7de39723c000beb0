// The Lua sandbox of the doctrines (see /work/shared/NOTES.md for the pitfalls it avoids):
// - allowlist: base, string, table, math and utf8 only; never package, io, os, debug, coroutine;
// - base loses load, loadfile, dofile, require, collectgarbage, getmetatable, setmetatable,
//   rawset, rawget and rawequal; string loses dump; math loses randomseed (seeded per game);
// - text chunks only (luaL_loadbufferx mode "t"): bytecode is refused;
// - memory capped by a counting allocator (sum of nsize - osize);
// - an instruction-count hook and a wall-clock deadline, checked in the hook and in the
//   allocator (every growth of 4 KiB or more, and every 64th allocation), so a long C call that
//   allocates (string.rep, gsub, concat) is stopped too;
// - guards on the C functions that can run long without allocating or returning to the VM:
//   pattern matching (find, match, gmatch, gsub) and table.move.
// Every stop is sticky: once the sandbox has stopped a doctrine, every later instruction
// and allocation fails, so a script cannot catch the error with pcall and carry on.
#include <lauxlib.h>
#include <lualib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lua_doctrine.h"

enum { HOOK_EVERY = 1000 };

static bool past(const struct timespec *t)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec > t->tv_sec || (now.tv_sec == t->tv_sec && now.tv_nsec >= t->tv_nsec);
}

// The line of the innermost Lua function running (0 if none).
static int current_line(lua_State *L)
{
	lua_Debug ar;
	for (int level = 0; lua_getstack(L, level, &ar); level++) {
		if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0)
			return ar.currentline;
	}
	return 0;
}

static void stop_here(tw_lua_doctrine *d, int why)
{
	if (d->stop == TW_LUA_RUNNING) {
		d->stop = why;
		d->stop_line = d->L ? current_line(d->L) : 0;
	}
}

static void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
	tw_lua_doctrine *d = ud;
	size_t old = ptr ? osize : 0;
	if (nsize == 0) {
		free(ptr);
		d->used -= old;
		return NULL;
	}
	if (nsize > old) {
		// Growth may fail (Lua raises a memory error); shrinking never does.
		if (d->stop != TW_LUA_RUNNING)
			return NULL;
		if (d->used + (nsize - old) > d->lim.memory) {
			stop_here(d, TW_LUA_STOP_MEMORY);
			return NULL;
		}
		if (d->armed && (nsize - old >= 4096 || (++d->nalloc & 63) == 0) && past(&d->deadline)) {
			stop_here(d, TW_LUA_STOP_TIME);
			return NULL;
		}
	}
	void *p = realloc(ptr, nsize);
	if (!p)
		return NULL;
	d->used = d->used - old + nsize;
	return p;
}

static tw_lua_doctrine *doctrine_of(lua_State *L) { return *(tw_lua_doctrine **)lua_getextraspace(L); }

static void count_hook(lua_State *L, lua_Debug *ar)
{
	(void)ar;
	tw_lua_doctrine *d = doctrine_of(L);
	if (d->stop == TW_LUA_RUNNING) {
		d->count += HOOK_EVERY;
		if (d->count > d->lim.instructions)
			stop_here(d, TW_LUA_STOP_INSTR);
		else if (d->armed && past(&d->deadline))
			stop_here(d, TW_LUA_STOP_TIME);
	}
	if (d->stop != TW_LUA_RUNNING) {
		// Fire on every instruction from now on: nothing may run after the stop.
		lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
		luaL_error(L, "stopped by the sandbox");
	}
}

// ---- guards on long-running C functions ----

// Rough worst case of Lua's backtracking matcher: subject length to the power (quantifiers + 1).
static int guarded_pattern(lua_State *L)
{
	size_t n, plen;
	const char *subj = luaL_checklstring(L, 1, &n);
	const char *pat = luaL_checklstring(L, 2, &plen);
	(void)subj;
	bool plain = lua_toboolean(L, 4) && lua_tointeger(L, lua_upvalueindex(2)) == 1;
	if (!plain) {
		int k = 0;
		for (size_t i = 0; i < plen; i++) {
			if (pat[i] == '%') {
				if (i + 1 < plen && (pat[i + 1] == 'b' || pat[i + 1] == 'f'))
					k++;
				i++;
			} else if (pat[i] == '*' || pat[i] == '+' || pat[i] == '-' || pat[i] == '?') {
				k++;
			}
		}
		double cost = pow((double)n + 1.0, (double)k + 1.0);
		if (k > 0 && cost > 1e10)
			return luaL_error(L, "pattern too costly for the sandbox (%d quantifiers over %d characters)", k,
					  (int)n);
	}
	int top = lua_gettop(L);
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	lua_call(L, top, LUA_MULTRET);
	return lua_gettop(L);
}

static int guarded_move(lua_State *L)
{
	lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
	if (e >= f && (e - f > 10000000 || e - f < 0))
		return luaL_error(L, "table.move range too large for the sandbox");
	int top = lua_gettop(L);
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	lua_call(L, top, LUA_MULTRET);
	return lua_gettop(L);
}

static void guard(lua_State *L, const char *lib, const char *name, lua_CFunction fn, int find_like)
{
	lua_getglobal(L, lib);
	lua_getfield(L, -1, name);
	lua_pushinteger(L, find_like);
	lua_pushcclosure(L, fn, 2);
	lua_setfield(L, -2, name);
	lua_pop(L, 1);
}

static void drop(lua_State *L, const char *lib, const char *name)
{
	if (lib) {
		lua_getglobal(L, lib);
		lua_pushnil(L);
		lua_setfield(L, -2, name);
		lua_pop(L, 1);
	} else {
		lua_pushnil(L);
		lua_setglobal(L, name);
	}
}

static int sandbox_print(lua_State *L)
{
	tw_lua_doctrine *d = doctrine_of(L);
	if (!d->lim.verbose)
		return 0;
	int n = lua_gettop(L);
	fprintf(stderr, "[%s] ", d->file);
	for (int i = 1; i <= n; i++) {
		size_t len;
		const char *s = luaL_tolstring(L, i, &len);
		fprintf(stderr, "%s%.*s", i > 1 ? "\t" : "", (int)len, s);
		lua_pop(L, 1);
	}
	fputc('\n', stderr);
	return 0;
}

static int open_all(lua_State *L)
{
	static const luaL_Reg libs[] = {
		{LUA_GNAME, luaopen_base},        {LUA_STRLIBNAME, luaopen_string}, {LUA_TABLIBNAME, luaopen_table},
		{LUA_MATHLIBNAME, luaopen_math},  {LUA_UTF8LIBNAME, luaopen_utf8},
	};
	for (size_t i = 0; i < TW_ARRAY_COUNT(libs); i++) {
		luaL_requiref(L, libs[i].name, libs[i].func, 1);
		lua_pop(L, 1);
	}
	static const char *const base_out[] = {"load",         "loadfile",     "dofile", "require", "collectgarbage",
					       "getmetatable", "setmetatable", "rawset", "rawget",  "rawequal"};
	for (size_t i = 0; i < TW_ARRAY_COUNT(base_out); i++)
		drop(L, NULL, base_out[i]);
	drop(L, LUA_STRLIBNAME, "dump");
	// Deterministic per game: seed math.random from the general's seed, then forbid reseeding.
	uint64_t seed = (uint64_t)lua_tointeger(L, 1);
	lua_getglobal(L, LUA_MATHLIBNAME);
	lua_getfield(L, -1, "randomseed");
	lua_pushinteger(L, (lua_Integer)(seed & 0x7fffffffffffffffULL));
	lua_pushinteger(L, (lua_Integer)(seed >> 33));
	lua_call(L, 2, 0);
	lua_pop(L, 1);
	drop(L, LUA_MATHLIBNAME, "randomseed");
	guard(L, LUA_STRLIBNAME, "find", guarded_pattern, 1);
	guard(L, LUA_STRLIBNAME, "match", guarded_pattern, 0);
	guard(L, LUA_STRLIBNAME, "gmatch", guarded_pattern, 0);
	guard(L, LUA_STRLIBNAME, "gsub", guarded_pattern, 0);
	guard(L, LUA_TABLIBNAME, "move", guarded_move, 0);
	lua_register(L, "print", sandbox_print);
	return 0;
}

lua_State *tw_lua_sandbox_new(tw_lua_doctrine *d, uint64_t seed)
{
	lua_State *L = lua_newstate(sandbox_alloc, d);
	if (!L)
		return NULL;
	d->L = L;
	*(tw_lua_doctrine **)lua_getextraspace(L) = d;
	lua_pushcfunction(L, open_all);
	lua_pushinteger(L, (lua_Integer)seed);
	if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
		lua_close(L);
		d->L = NULL;
		return NULL;
	}
	return L;
}

// Message handler: keeps "FILE:LINE: message" and turns non-string errors into text.
static int msgh(lua_State *L)
{
	if (lua_type(L, 1) == LUA_TSTRING)
		return 1;
	const char *s = luaL_tolstring(L, 1, NULL);
	lua_Debug ar;
	for (int level = 1; lua_getstack(L, level, &ar); level++) {
		if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
			lua_pushfstring(L, "%s:%d: %s", ar.short_src, ar.currentline, s);
			return 1;
		}
	}
	return 1;
}

// Fills err from the message on the top of the stack (or from the sandbox's stop reason).
static tw_status fail(tw_lua_doctrine *d, int rc, tw_error *err)
{
	const char *msg = lua_type(d->L, -1) == LUA_TSTRING ? lua_tostring(d->L, -1) : "error";
	char what[200];
	int line = 0;
	switch (d->stop) {
	case TW_LUA_STOP_INSTR:
		snprintf(what, sizeof what, "instruction limit exceeded (%llu per decision)",
			 (unsigned long long)d->lim.instructions);
		line = d->stop_line;
		break;
	case TW_LUA_STOP_TIME:
		snprintf(what, sizeof what, "time limit exceeded (%.3g s per decision)", d->lim.seconds);
		line = d->stop_line;
		break;
	case TW_LUA_STOP_MEMORY:
		snprintf(what, sizeof what, "memory limit exceeded (%zu bytes)", d->lim.memory);
		line = d->stop_line;
		break;
	default:
		what[0] = 0;
		break;
	}
	if (!what[0]) {
		// "FILE:LINE: text" from Lua (FILE possibly shortened): take the line out of it.
		const char *p = msg;
		for (const char *c = strchr(msg, ':'); c; c = strchr(c + 1, ':')) {
			const char *q = c + 1;
			while (*q >= '0' && *q <= '9')
				q++;
			if (q > c + 1 && *q == ':') {
				line = atoi(c + 1);
				p = q + 1;
				while (*p == ' ')
					p++;
				break;
			}
		}
		if (line == 0 && rc == LUA_ERRMEM)
			line = d->stop_line;
		snprintf(what, sizeof what, "%s", p);
	}
	tw_error_set(err, rc == LUA_ERRSYNTAX ? TW_ERR_INPUT : TW_ERR_STATE, "", "%s:%d: %s", d->file, line, what);
	if (err) {
		snprintf(err->path, sizeof err->path, "%s", d->file);
		err->line = line;
	}
	lua_settop(d->L, 0);
	return err ? err->code : TW_ERR_STATE;
}

static void arm(tw_lua_doctrine *d)
{
	d->count = 0;
	d->nalloc = 0;
	clock_gettime(CLOCK_MONOTONIC, &d->deadline);
	double s = d->lim.seconds > 0 ? d->lim.seconds : 1e6;
	time_t whole = (time_t)s;
	long ns = d->deadline.tv_nsec + (long)((s - (double)whole) * 1e9);
	d->deadline.tv_sec += whole + ns / 1000000000L;
	d->deadline.tv_nsec = ns % 1000000000L;
	d->armed = true;
	lua_sethook(d->L, count_hook, LUA_MASKCOUNT, HOOK_EVERY);
}

tw_status tw_lua_sandbox_call(tw_lua_doctrine *d, int nargs, tw_error *err)
{
	lua_State *L = d->L;
	if (d->stop != TW_LUA_RUNNING) {
		lua_settop(L, 0);
		return tw_error_set(err, TW_ERR_STATE, "", "%s: the doctrine was stopped earlier", d->file);
	}
	int base = lua_gettop(L) - nargs;
	lua_pushcfunction(L, msgh);
	lua_insert(L, base);
	arm(d);
	int rc = lua_pcall(L, nargs, 1, base);
	d->armed = false;
	lua_sethook(L, NULL, 0, 0);
	if (rc != LUA_OK || d->stop != TW_LUA_RUNNING)
		return fail(d, rc, err);
	lua_remove(L, base);
	return TW_OK;
}

tw_status tw_lua_sandbox_run_chunk(tw_lua_doctrine *d, const char *text, size_t len, tw_error *err)
{
	char chunk[140];
	snprintf(chunk, sizeof chunk, "@%s", d->file);
	int rc = luaL_loadbufferx(d->L, text, len, chunk, "t");
	if (rc != LUA_OK) {
		// "attempt to load a binary chunk" carries no position: it is the file's first byte.
		const char *m = lua_tostring(d->L, -1);
		if (m && strncmp(m, d->file, strlen(d->file)) != 0) {
			lua_pushfstring(d->L, "%s:1: %s", d->file, m);
			lua_remove(d->L, -2);
		}
		return fail(d, rc, err);
	}
	tw_status st = tw_lua_sandbox_call(d, 0, err);
	if (st == TW_OK)
		lua_pop(d->L, 1);
	return st;
}
