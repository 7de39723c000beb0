// Internals of the Lua doctrines: the sandbox (lua_sandbox.c), its wall-clock watchdog
// (lua_watchdog.c), the cost-bounded library functions (lua_bounded.c, lua_pattern.c), the `tw`
// API (lua_api.c) and the general (lua_general.c).
#ifndef TW_LUA_DOCTRINE_H
#define TW_LUA_DOCTRINE_H
#include <lua.h>
#include <setjmp.h>
#include <signal.h>
#include <time.h>

#include "tinwar/doctrine.h"

/// Why the sandbox stopped the doctrine (sticky until the state is closed).
enum { TW_LUA_RUNNING = 0, TW_LUA_STOP_INSTR, TW_LUA_STOP_TIME, TW_LUA_STOP_MEMORY, TW_LUA_STOP_PANIC };

#define TW_LUA_SCRATCH 8

/// Registry keys of the engine's own references: a doctrine can overwrite its globals (`tw =
/// nil`), never the registry (no debug library).
#define TW_LUA_REG_TW "tinwar.tw"
#define TW_LUA_REG_PARAMS "tinwar.params"

typedef struct tw_lua_doctrine {
	lua_State *L;
	tw_lua_limits lim;
	char file[128];        ///< name used in messages
	const tw_ruleset *rs;  ///< rule set the general plays (for the fallback)
	// Sandbox accounting.
	size_t used;           ///< bytes held by the state (sum of nsize - osize)
	uint64_t count;        ///< VM instructions and units of C work counted in this call
	uint64_t next_clock;   ///< count at which tw_lua_charge next reads the clock
	struct timespec deadline;
	bool armed;            ///< a call is under way: the deadline applies
	volatile sig_atomic_t expired; ///< set by the watchdog's signal at the deadline
	int stop;              ///< TW_LUA_STOP_*
	int stop_line;         ///< line running when the sandbox stopped it (0 unknown)
	unsigned nalloc;       ///< allocations in this call (the clock is read every 64)
	// Watchdog (lua_watchdog.c).
	bool timer_on;         ///< a timer is set for this call
	int watch_gen;         ///< generation of the timer, carried by its signal
	timer_t timer;
	struct tw_lua_doctrine *watch_prev; ///< doctrine watched before this one on the thread
	bool unblocked;        ///< the thread had the timer's signal blocked; unblocked for the call
	// Panic recovery (lua_atpanic): set while tw_lua_protected runs.
	bool panic_ready;
	jmp_buf panic_jmp;
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

/// The doctrine a sandboxed state belongs to.
static inline tw_lua_doctrine *tw_lua_doctrine_of(lua_State *L) { return *(tw_lua_doctrine **)lua_getextraspace(L); }

/// Creates the sandboxed state (allocator, panic handler, libraries, removals, bounded
/// functions); NULL if out of memory.
lua_State *tw_lua_sandbox_new(tw_lua_doctrine *d, uint64_t seed);
/// The one way the engine calls into Lua: runs fn in protected mode (lua_pcall) with one
/// argument, the light userdata ud, under the limits (memory, instructions, wall clock).
/// Returns TW_OK, or fills err with "FILE:LINE: message" and returns its code. Leaves the stack
/// empty. After a stop or a panic the state must only be closed.
tw_status tw_lua_protected(tw_lua_doctrine *d, lua_CFunction fn, void *ud, tw_error *err);
/// The count hook (also set by the watchdog's signal handler to stop at the next instruction).
void tw_lua_hook(lua_State *L, lua_Debug *ar);
/// Charges `work` units to the call's budget (shared with VM instructions: one unit is about
/// one instruction's worth) from a C function; raises a Lua error if the doctrine must stop
/// (instruction limit, deadline, or an earlier stop). Cheap: call it every few hundred steps.
void tw_lua_charge(lua_State *L, uint64_t work);
/// Starts and stops the wall-clock watchdog of one call on the calling thread (d->deadline).
void tw_lua_watch_start(tw_lua_doctrine *d);
void tw_lua_watch_stop(tw_lua_doctrine *d);
/// Replaces string.rep, table.sort, table.insert, table.remove and table.move (lua_bounded.c)
/// and string.find, match, gmatch and gsub (lua_pattern.c) by cost-bounded versions.
void tw_lua_bounded_open(lua_State *L);
void tw_lua_pattern_open(lua_State *L);
/// math.sin, cos, tan, asin, acos, atan, exp, log: the engine's own (detmath.h; lua_detmath.c).
void tw_lua_detmath_open(lua_State *L);
/// Installs the `tw` table for the doctrine (global `tw`, and the registry's TW_LUA_REG_TW and
/// TW_LUA_REG_PARAMS). Call in protected mode.
void tw_lua_api_open(tw_lua_doctrine *d);
/// Converts the Lua order table at index idx to o (side forced to d->side). Fills err. Call in
/// protected mode (it may raise a memory error).
tw_status tw_lua_to_order(lua_State *L, int idx, const tw_state *s, int side, tw_order *o, tw_error *err);
/// Pushes an order as a Lua table.
void tw_lua_push_order(lua_State *L, const tw_state *s, const tw_order *o);

/// A Lua general whose doctrine failed before its first decision (`why`, e.g. its top level ran
/// out of time in one game of a study): it reports the failure like one that failed in play,
/// then falls back or forfeits as lim says. NULL if out of memory.
tw_general *tw_lua_general_failed(const char *name, const tw_ruleset *rs, int side, const char *side_name,
				  uint64_t seed, const tw_lua_limits *lim, const tw_error *why);

#endif
