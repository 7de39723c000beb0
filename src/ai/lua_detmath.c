// A doctrine's math.sin, cos, tan, asin, acos, atan, exp and log are the engine's own (detmath.h:
// the same bits on every machine), not the C library's, so that a Lua general decides alike
// everywhere. Lua's ^ operator still calls the C library's pow (the interpreter's own code).
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "lua_doctrine.h"
#include "tinwar/detmath.h"

static int m_sin(lua_State *L)
{
	lua_pushnumber(L, tw_sin(luaL_checknumber(L, 1)));
	return 1;
}

static int m_cos(lua_State *L)
{
	lua_pushnumber(L, tw_cos(luaL_checknumber(L, 1)));
	return 1;
}

static int m_tan(lua_State *L)
{
	lua_pushnumber(L, tw_tan(luaL_checknumber(L, 1)));
	return 1;
}

static int m_asin(lua_State *L)
{
	lua_pushnumber(L, tw_asin(luaL_checknumber(L, 1)));
	return 1;
}

static int m_acos(lua_State *L)
{
	lua_pushnumber(L, tw_acos(luaL_checknumber(L, 1)));
	return 1;
}

// Lua 5.4's math.atan(y [, x]).
static int m_atan(lua_State *L)
{
	lua_Number y = luaL_checknumber(L, 1), x = luaL_optnumber(L, 2, 1);
	lua_pushnumber(L, tw_atan2(y, x));
	return 1;
}

static int m_exp(lua_State *L)
{
	lua_pushnumber(L, tw_exp(luaL_checknumber(L, 1)));
	return 1;
}

// Lua 5.4's math.log(x [, base]).
static int m_log(lua_State *L)
{
	lua_Number x = luaL_checknumber(L, 1);
	if (lua_isnoneornil(L, 2))
		lua_pushnumber(L, tw_log(x));
	else
		lua_pushnumber(L, tw_log(x) / tw_log(luaL_checknumber(L, 2)));
	return 1;
}

void tw_lua_detmath_open(lua_State *L)
{
	static const luaL_Reg fns[] = {{"sin", m_sin}, {"cos", m_cos}, {"tan", m_tan}, {"asin", m_asin}, {"acos", m_acos},
				       {"atan", m_atan}, {"exp", m_exp}, {"log", m_log}, {NULL, NULL}};
	lua_getglobal(L, LUA_MATHLIBNAME);
	luaL_setfuncs(L, fns, 0);
	lua_pop(L, 1);
}
