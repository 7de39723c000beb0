// Internals of the Lua doctrines: the sandbox (lua_sandbox.c), the `tw` API (lua_api.c) and
// the general (lua_general.c).
#ifndef TW_LUA_DOCTRINE_H
#define TW_LUA_DOCTRINE_H
#include <lua.h>
#include <time.h>

#include "tinwar/doctrine.h"

/// Why the sandbox stopped the doctrine (sticky until the state is closed).
enum { TW_LUA_RUNNING = 0, TW_LUA_STOP_INSTR, TW_LUA_STOP_TIME, TW_LUA_STOP_MEMORY };

#define TW_LUA_SCRATCH 8

typedef struct tw_lua_doctrine {
	lua_State *L;
	tw_lua_limits lim;
	char file[128];        ///< name used in messages
	// Sandbox accounting.
	size_t used;           ///< bytes held by the state (sum of nsize - osize)
	uint64_t count;        ///< instructions counted in this call
	struct timespec deadline;
	bool armed;            ///< a call is under way: the deadline applies
	int stop;              ///< TW_LUA_STOP_*
	int stop_line;         ///< line running when the sandbox stopped it (0 unknown)
	unsigned nalloc;       ///< allocations in this call (the clock is read every 64)
	// The decision under way.
	const tw_state *view;
	int side;
	tw_general *self;
	// Failure and fallback.
	bool failed;
	tw_error failure;
	tw_general *fallback;
	tw_general *helper;    ///< built-in general behind tw.suggest()
	char helper_name[32];
	tw_order *scratch;     ///< TW_LUA_SCRATCH orders for legal_orders(), suggest() and checks
	tw_general_def def;    ///< per-instance copy of the def, named after the file
} tw_lua_doctrine;

/// Creates the sandboxed state (allocator, libraries, removals, guards); NULL if out of memory.
lua_State *tw_lua_sandbox_new(tw_lua_doctrine *d, uint64_t seed);
/// Loads text (never bytecode) as chunk `name` and runs it under the limits. On failure fills
/// err with "FILE:LINE: message".
tw_status tw_lua_sandbox_run_chunk(tw_lua_doctrine *d, const char *text, size_t len, tw_error *err);
/// Calls the function on the top of the stack with nargs arguments (below it) under the
/// limits, leaving one result. On failure fills err and pops everything.
tw_status tw_lua_sandbox_call(tw_lua_doctrine *d, int nargs, tw_error *err);
/// Installs the `tw` table for the doctrine.
void tw_lua_api_open(tw_lua_doctrine *d);
/// Converts the Lua order table at index idx to o (side forced to d->side). Fills err.
tw_status tw_lua_to_order(lua_State *L, int idx, const tw_state *s, int side, tw_order *o, tw_error *err);
/// Pushes an order as a Lua table.
void tw_lua_push_order(lua_State *L, const tw_state *s, const tw_order *o);

#endif
