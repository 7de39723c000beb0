// The Lua sandbox of the doctrines (docs/doctrine.md; /work/shared/NOTES.md for the pitfalls):
// - allowlist: base, string, table, math and utf8 only; never package, io, os, debug, coroutine;
// - base loses load, loadfile, dofile, require, collectgarbage, getmetatable, setmetatable,
//   rawset, rawget and rawequal; string loses dump; math loses randomseed (seeded per game);
// - text chunks only (luaL_loadbufferx mode "t"): bytecode is refused;
// - memory capped by a counting allocator (sum of nsize - osize);
// - a budget per call shared by VM instructions (count hook) and the work of the library's
//   C functions that can run long: string.rep, find, match, gmatch, gsub, table.sort, insert,
//   remove and move are replaced by versions that count their work (lua_bounded.c,
//   lua_pattern.c);
// - a wall-clock deadline: a timer on the calling thread whose signal makes the next VM
//   instruction stop, and sets a flag that the bounded C functions poll (lua_watchdog.c);
//   the hook, the allocator and tw_lua_charge also read the clock, should no timer be had;
// - every call from the engine into Lua is a lua_pcall of a C function doing the work
//   (tw_lua_protected); a panic handler jumps back there should anything escape.
// Every stop is sticky: once the sandbox has stopped a doctrine, every later instruction,
// allocation and bounded function fails, so a script cannot catch the error with pcall and
// carry on.
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lua_doctrine.h"

enum { HOOK_EVERY = 1000, CLOCK_EVERY = 1 << 16 };

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
		if (d->armed && (d->expired || ((nsize - old >= 4096 || (++d->nalloc & 63) == 0) && past(&d->deadline)))) {
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

// Raises the stop: from now on the hook fires on every instruction, so nothing runs after it.
static int raise_stop(lua_State *L)
{
	lua_sethook(L, tw_lua_hook, LUA_MASKCOUNT, 1);
	return luaL_error(L, "stopped by the sandbox");
}

void tw_lua_hook(lua_State *L, lua_Debug *ar)
{
	(void)ar;
	tw_lua_doctrine *d = tw_lua_doctrine_of(L);
	if (d->stop == TW_LUA_RUNNING) {
		d->count += HOOK_EVERY;
		if (d->expired)
			stop_here(d, TW_LUA_STOP_TIME);
		else if (d->count > d->lim.instructions)
			stop_here(d, TW_LUA_STOP_INSTR);
		else if (d->armed && past(&d->deadline))
			stop_here(d, TW_LUA_STOP_TIME);
	}
	if (d->stop != TW_LUA_RUNNING)
		raise_stop(L);
}

void tw_lua_charge(lua_State *L, uint64_t work)
{
	tw_lua_doctrine *d = tw_lua_doctrine_of(L);
	if (d->stop == TW_LUA_RUNNING) {
		d->count += work;
		if (d->expired) {
			stop_here(d, TW_LUA_STOP_TIME);
		} else if (d->count > d->lim.instructions) {
			stop_here(d, TW_LUA_STOP_INSTR);
		} else if (d->count >= d->next_clock) {
			d->next_clock = d->count + CLOCK_EVERY;
			if (d->armed && past(&d->deadline))
				stop_here(d, TW_LUA_STOP_TIME);
		}
	}
	if (d->stop != TW_LUA_RUNNING)
		raise_stop(L);
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
	tw_lua_doctrine *d = tw_lua_doctrine_of(L);
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
	uint64_t seed = *(const uint64_t *)lua_touserdata(L, 1);
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
	lua_getglobal(L, LUA_MATHLIBNAME);
	lua_getfield(L, -1, "randomseed");
	lua_pushinteger(L, (lua_Integer)(seed & 0x7fffffffffffffffULL));
	lua_pushinteger(L, (lua_Integer)(seed >> 33));
	lua_call(L, 2, 0);
	lua_pop(L, 1);
	drop(L, LUA_MATHLIBNAME, "randomseed");
	tw_lua_bounded_open(L);
	tw_lua_pattern_open(L);
	tw_lua_detmath_open(L); // stop 36: the same bits on every machine
	lua_register(L, "print", sandbox_print);
	return 0;
}

// Reached only by an error outside any protected call, which tw_lua_protected rules out; should
// one happen all the same, it jumps back to tw_lua_protected, which fails the doctrine.
static int on_panic(lua_State *L)
{
	tw_lua_doctrine *d = tw_lua_doctrine_of(L);
	if (d && d->panic_ready)
		longjmp(d->panic_jmp, 1);
	const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(not a string)";
	fprintf(stderr, "tinwar: Lua error outside a protected call (a bug in tinwar): %s\n", msg);
	abort();
}

lua_State *tw_lua_sandbox_new(tw_lua_doctrine *d, uint64_t seed)
{
	lua_State *L = lua_newstate(sandbox_alloc, d);
	if (!L)
		return NULL;
	d->L = L;
	*(tw_lua_doctrine **)lua_getextraspace(L) = d;
	lua_atpanic(L, on_panic);
	if (tw_lua_protected(d, open_all, &seed, NULL) != TW_OK) {
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
// Reads the message only if it is a string: converting anything else could allocate.
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
	tw_error_set(err, TW_ERR_STATE, "", "%s:%d: %s", d->file, line, what);
	if (err) {
		snprintf(err->path, sizeof err->path, "%s", d->file);
		err->line = line;
	}
	lua_settop(d->L, 0);
	return TW_ERR_STATE;
}

static void arm(tw_lua_doctrine *d)
{
	d->count = 0;
	d->next_clock = CLOCK_EVERY;
	d->nalloc = 0;
	d->expired = 0;
	clock_gettime(CLOCK_MONOTONIC, &d->deadline);
	double s = d->lim.seconds > 0 ? d->lim.seconds : 1e6;
	time_t whole = (time_t)s;
	long ns = d->deadline.tv_nsec + (long)((s - (double)whole) * 1e9);
	d->deadline.tv_sec += whole + ns / 1000000000L;
	d->deadline.tv_nsec = ns % 1000000000L;
	d->armed = true;
	lua_sethook(d->L, tw_lua_hook, LUA_MASKCOUNT, HOOK_EVERY);
	if (d->lim.seconds > 0)
		tw_lua_watch_start(d);
}

static void disarm(tw_lua_doctrine *d)
{
	tw_lua_watch_stop(d);
	d->armed = false;
	lua_sethook(d->L, NULL, 0, 0);
}

tw_status tw_lua_protected(tw_lua_doctrine *d, lua_CFunction fn, void *ud, tw_error *err)
{
	lua_State *L = d->L;
	if (!L || d->stop != TW_LUA_RUNNING)
		return tw_error_set(err, TW_ERR_STATE, "", "%s: the doctrine was stopped earlier", d->file);
	lua_settop(L, 0);
	lua_pushcfunction(L, msgh);
	lua_pushcfunction(L, fn);
	lua_pushlightuserdata(L, ud);
	arm(d);
	int rc;
	if (setjmp(d->panic_jmp) == 0) {
		d->panic_ready = true;
		rc = lua_pcall(L, 1, 0, 1);
	} else {
		rc = -1;
	}
	d->panic_ready = false;
	disarm(d);
	if (rc == -1) {
		const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "?";
		stop_here(d, TW_LUA_STOP_PANIC);
		tw_error_set(err, TW_ERR_STATE, "", "%s:0: Lua panic: %s", d->file, msg);
		if (err)
			snprintf(err->path, sizeof err->path, "%s", d->file);
		return TW_ERR_STATE;
	}
	if (rc != LUA_OK || d->stop != TW_LUA_RUNNING)
		return fail(d, rc, err);
	lua_settop(L, 0);
	return TW_OK;
}
