/// Lua 5.4 doctrines: computer generals written as sandboxed Lua scripts (docs/doctrine.md).
///
/// A doctrine file defines a global function `decide()` that returns one order (a table shaped
/// like the order JSON of docs/format.md) or nil (end the move). It reads its side's view
/// through the `tw` table. The sandbox opens only base, string, table, math and utf8; loads
/// text chunks only; caps memory through the allocator; and stops runaway code with a budget
/// (VM instructions, and the work of the library functions that can run long in C, which the
/// sandbox replaces by counted versions) and a wall-clock deadline (a timer on the calling
/// thread that stops the next instruction). Every engine call into Lua is protected.
/// A doctrine that fails (error, time, instructions, memory, malformed order) is reported with
/// its file and line; its side then falls back to a built-in general or forfeits.
#ifndef TINWAR_DOCTRINE_H
#define TINWAR_DOCTRINE_H
#include "tinwar/general.h"

/// What a side does once its Lua doctrine has failed.
typedef enum tw_lua_on_failure {
	TW_LUA_FALLBACK = 0, ///< a built-in general (tw_lua_limits.fallback) plays on for the side
	TW_LUA_FORFEIT = 1,  ///< the side forfeits: the general sets g->forfeit, tw_play_out stops
} tw_lua_on_failure;

typedef struct tw_lua_limits {
	size_t memory;         ///< bytes the Lua state may hold in all (default 32 MiB)
	uint64_t instructions; ///< budget per call: VM instructions plus units of counted C work (default 20 million)
	double seconds;        ///< wall-clock seconds per call: load, decide(), a parameter (default 2)
	int on_failure;        ///< tw_lua_on_failure (default TW_LUA_FALLBACK)
	const char *fallback;  ///< built-in general after a failure (default "default": the rule set's)
	bool quiet;            ///< true: do not print failures on stderr (they stay in tw_lua_failure)
	bool verbose;          ///< true: the doctrine's print() writes to stderr (default: discarded)
} tw_lua_limits;

/// Fills the defaults above.
void tw_lua_limits_default(tw_lua_limits *lim);

/// Loads a doctrine from a .lua file for `side` of rule set rs. lim may be NULL (defaults).
/// Returns NULL and fills err ("FILE:LINE: message", err->path = file, err->line = line) if
/// the file cannot be read, is not Lua text (bytecode is refused), or its top level fails.
tw_general *tw_general_new_lua(const char *path, const tw_ruleset *rs, int side, uint64_t seed,
			       const tw_lua_limits *lim, tw_error *err);
/// The same from text in memory; `name` stands for the file name in messages.
tw_general *tw_general_new_lua_text(const char *name, const char *text, size_t len, const tw_ruleset *rs,
				    int side, uint64_t seed, const tw_lua_limits *lim, tw_error *err);
/// True if g is a Lua doctrine.
bool tw_general_is_lua(const tw_general *g);
/// True if the Lua doctrine g has failed; copies the failure ("FILE:LINE: message") into err.
bool tw_lua_failure(const tw_general *g, tw_error *err);

#endif
