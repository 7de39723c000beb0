// Cost-bounded versions of the table library's loops and of string.rep, for the sandbox. The
// standard ones run in C, where the count hook never fires, for a time the memory cap does not
// bound: string.rep("", 1 << 62) loops 2^62 times without allocating; table.sort over 3000
// references to one 8 MB string compares 8 MB some 40,000 times; table.insert(t, 1, v) and
// table.remove(t, 1) shift #t elements, and #t can be 2^40 in a table of 41 entries (a border
// found by doubling); table.move copies any range. These versions give the same results, and
// charge their work to the call's budget (tw_lua_charge: one unit for an element moved or a
// comparison, one for 64 bytes compared or copied), which stops them on the instruction limit
// or at the deadline. table.sort is a stable merge sort: equal elements keep their order (Lua's
// own sort is unstable, and picks pivots from the clock for large unbalanced arrays); like
// Lua's, it may raise errors from the comparator, and gives some permutation if the comparator
// is not a strict order.
#include <lauxlib.h>
#include <limits.h>
#include <string.h>

#include "lua_doctrine.h"

enum { BATCH = 256 };

// ---- string.rep ----

static int bounded_rep(lua_State *L)
{
	size_t l, lsep;
	luaL_checklstring(L, 1, &l);
	lua_Integer n = luaL_checkinteger(L, 2);
	luaL_optlstring(L, 3, "", &lsep);
	if (n <= 0 || l + lsep == 0) {
		// n empty copies: nothing to do (the standard one loops n times over nothing).
		lua_pushliteral(L, "");
		return 1;
	}
	// The standard one, now bounded: it allocates the whole result first (under the memory
	// cap), then fills it with n copies. Its work is charged once done.
	lua_pushvalue(L, lua_upvalueindex(1));
	lua_insert(L, 1);
	lua_call(L, lua_gettop(L) - 1, 1);
	tw_lua_charge(L, (uint64_t)n / 4 + (uint64_t)lua_rawlen(L, -1) / 64 + 1);
	return 1;
}

// ---- table arguments, as the table library checks them ----

enum { TAB_R = 1, TAB_W = 2, TAB_L = 4 };

static bool has_meta(lua_State *L, const char *event)
{
	lua_pushstring(L, event);
	bool found = lua_rawget(L, -2) != LUA_TNIL;
	lua_pop(L, 1);
	return found;
}

// A table, or a value whose metatable gives the access asked for (in the sandbox: a string read).
static void check_table(lua_State *L, int arg, int what)
{
	if (lua_type(L, arg) == LUA_TTABLE)
		return;
	if (lua_getmetatable(L, arg)) {
		bool ok = (!(what & TAB_R) || has_meta(L, "__index")) && (!(what & TAB_W) || has_meta(L, "__newindex")) &&
			  (!(what & TAB_L) || has_meta(L, "__len"));
		lua_pop(L, 1);
		if (ok)
			return;
	}
	luaL_checktype(L, arg, LUA_TTABLE);
}

static lua_Integer length_of(lua_State *L, int arg, int what)
{
	check_table(L, arg, what | TAB_L);
	return luaL_len(L, arg);
}

// Counts one element moved; charges every BATCH.
static void moved(lua_State *L, unsigned *pending)
{
	if (++*pending >= BATCH) {
		tw_lua_charge(L, *pending);
		*pending = 0;
	}
}

// ---- table.insert, table.remove, table.move ----

static int bounded_insert(lua_State *L)
{
	lua_Integer e = length_of(L, 1, TAB_R | TAB_W);
	e = (lua_Integer)((lua_Unsigned)e + 1u); // first empty slot
	lua_Integer pos;
	unsigned pending = 0;
	switch (lua_gettop(L)) {
	case 2: pos = e; break;
	case 3:
		pos = luaL_checkinteger(L, 2);
		luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2, "position out of bounds");
		for (lua_Integer i = e; i > pos; i--) {
			moved(L, &pending);
			lua_geti(L, 1, i - 1);
			lua_seti(L, 1, i);
		}
		break;
	default: return luaL_error(L, "wrong number of arguments to 'insert'");
	}
	tw_lua_charge(L, pending + 1);
	lua_seti(L, 1, pos);
	return 0;
}

static int bounded_remove(lua_State *L)
{
	lua_Integer size = length_of(L, 1, TAB_R | TAB_W);
	lua_Integer pos = luaL_optinteger(L, 2, size);
	if (pos != size)
		luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 1, "position out of bounds"); // sic: #1 in Lua 5.4.4
	unsigned pending = 0;
	lua_geti(L, 1, pos);
	for (; pos < size; pos++) {
		moved(L, &pending);
		lua_geti(L, 1, pos + 1);
		lua_seti(L, 1, pos);
	}
	tw_lua_charge(L, pending + 1);
	lua_pushnil(L);
	lua_seti(L, 1, pos);
	return 1;
}

static int bounded_move(lua_State *L)
{
	lua_Integer f = luaL_checkinteger(L, 2);
	lua_Integer e = luaL_checkinteger(L, 3);
	lua_Integer t = luaL_checkinteger(L, 4);
	int tt = !lua_isnoneornil(L, 5) ? 5 : 1; // destination table
	check_table(L, 1, TAB_R);
	check_table(L, tt, TAB_W);
	if (e >= f) {
		luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
		lua_Integer n = e - f + 1;
		luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
		unsigned pending = 0;
		// Forwards, unless the destination overlaps the source from above in the same table.
		if (t > e || t <= f || (tt != 1 && !lua_compare(L, 1, tt, LUA_OPEQ))) {
			for (lua_Integer i = 0; i < n; i++) {
				moved(L, &pending);
				lua_geti(L, 1, f + i);
				lua_seti(L, tt, t + i);
			}
		} else {
			for (lua_Integer i = n - 1; i >= 0; i--) {
				moved(L, &pending);
				lua_geti(L, 1, f + i);
				lua_seti(L, tt, t + i);
			}
		}
		tw_lua_charge(L, pending);
	}
	lua_pushvalue(L, tt);
	return 1;
}

// ---- table.sort: a stable bottom-up merge sort ----

// True if the value at stack index a sorts before the one at b (both absolute indices).
static bool sort_less(lua_State *L, int a, int b, bool by_function)
{
	if (by_function) {
		tw_lua_charge(L, 1);
		lua_pushvalue(L, 2);
		lua_pushvalue(L, a);
		lua_pushvalue(L, b);
		lua_call(L, 2, 1);
		bool r = lua_toboolean(L, -1);
		lua_pop(L, 1);
		return r;
	}
	uint64_t work = 1;
	if (lua_type(L, a) == LUA_TSTRING && lua_type(L, b) == LUA_TSTRING) {
		size_t la = lua_rawlen(L, a), lb = lua_rawlen(L, b);
		work += (la < lb ? la : lb) / 64;
	}
	tw_lua_charge(L, work); // before the comparison: it may take long itself
	return lua_compare(L, a, b, LUA_OPLT);
}

// Merges the sorted runs src[lo..mid) and src[mid..hi) into dst[lo..hi) (1-based slots, src
// and dst at stack indices). Equal elements: the left run's first.
static void merge(lua_State *L, int src, int dst, lua_Integer lo, lua_Integer mid, lua_Integer hi, bool by_function)
{
	lua_Integer i = lo, j = mid, k = lo;
	while (i < mid && j < hi) {
		lua_geti(L, src, i);
		lua_geti(L, src, j);
		int top = lua_gettop(L);
		if (sort_less(L, top, top - 1, by_function)) {
			lua_seti(L, dst, k++);
			lua_pop(L, 1);
			j++;
		} else {
			lua_pop(L, 1);
			lua_seti(L, dst, k++);
			i++;
		}
	}
	unsigned pending = 0;
	for (; i < mid; i++) {
		moved(L, &pending);
		lua_geti(L, src, i);
		lua_seti(L, dst, k++);
	}
	for (; j < hi; j++) {
		moved(L, &pending);
		lua_geti(L, src, j);
		lua_seti(L, dst, k++);
	}
	tw_lua_charge(L, pending);
}

static int bounded_sort(lua_State *L)
{
	lua_Integer n = length_of(L, 1, TAB_R | TAB_W);
	if (n <= 1)
		return 0;
	luaL_argcheck(L, n < INT_MAX, 1, "array too big");
	bool by_function = !lua_isnoneornil(L, 2);
	if (by_function)
		luaL_checktype(L, 2, LUA_TFUNCTION);
	lua_settop(L, 2);
	tw_lua_charge(L, (uint64_t)n);
	lua_createtable(L, (int)n, 0); // 3: the other buffer
	int src = 1, dst = 3;
	for (lua_Integer width = 1; width < n; width *= 2) {
		for (lua_Integer lo = 1; lo <= n; lo += 2 * width) {
			lua_Integer mid = lo + width > n + 1 ? n + 1 : lo + width;
			lua_Integer hi = lo + 2 * width > n + 1 ? n + 1 : lo + 2 * width;
			merge(L, src, dst, lo, mid, hi, by_function);
		}
		int tmp = src;
		src = dst;
		dst = tmp;
	}
	if (src != 1)
		merge(L, src, 1, 1, n + 1, n + 1, by_function); // copy back (a run with nothing to merge)
	return 0;
}

static void replace(lua_State *L, const char *lib, const char *name, lua_CFunction fn, bool keep_original)
{
	lua_getglobal(L, lib);
	if (keep_original) {
		lua_getfield(L, -1, name);
		lua_pushcclosure(L, fn, 1);
	} else {
		lua_pushcfunction(L, fn);
	}
	lua_setfield(L, -2, name);
	lua_pop(L, 1);
}

void tw_lua_bounded_open(lua_State *L)
{
	replace(L, "string", "rep", bounded_rep, true);
	replace(L, "table", "insert", bounded_insert, false);
	replace(L, "table", "remove", bounded_remove, false);
	replace(L, "table", "move", bounded_move, false);
	replace(L, "table", "sort", bounded_sort, false);
}
