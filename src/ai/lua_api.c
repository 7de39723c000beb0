// The `tw` table a Lua doctrine sees (docs/doctrine.md). Everything reads the side's view
// passed to decide(); nothing reaches the umpire's state. Orders travel as tables shaped like
// the order JSON of docs/format.md.
#include <lauxlib.h>
#include <math.h>
#include <string.h>

#include "core/shot_fast.h"
#include "lua_doctrine.h"
#include "rules/littlewars/lw.h"

static tw_lua_doctrine *D(lua_State *L) { return *(tw_lua_doctrine **)lua_getextraspace(L); }

static const tw_state *view_of(lua_State *L)
{
	tw_lua_doctrine *d = D(L);
	if (!d->view)
		luaL_error(L, "the view is only available during decide()");
	return d->view;
}

static bool is_lw(const tw_state *s)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	return rs && strcmp(rs->name, "littlewars") == 0;
}

static const char *side_name(const tw_state *s, int side)
{
	return side >= 0 && side < s->nsides ? s->sides[side].name : "none";
}

// ---- small table helpers ----

static void set_num(lua_State *L, const char *k, double v)
{
	lua_pushnumber(L, v);
	lua_setfield(L, -2, k);
}
static void set_int(lua_State *L, const char *k, lua_Integer v)
{
	lua_pushinteger(L, v);
	lua_setfield(L, -2, k);
}
static void set_str(lua_State *L, const char *k, const char *v)
{
	lua_pushstring(L, v);
	lua_setfield(L, -2, k);
}
static void set_bool(lua_State *L, const char *k, bool v)
{
	lua_pushboolean(L, v);
	lua_setfield(L, -2, k);
}
static void push_pt(lua_State *L, tw_vec2 p)
{
	lua_createtable(L, 2, 0);
	lua_pushnumber(L, p.x);
	lua_rawseti(L, -2, 1);
	lua_pushnumber(L, p.y);
	lua_rawseti(L, -2, 2);
}
static void set_pt(lua_State *L, const char *k, tw_vec2 p)
{
	push_pt(L, p);
	lua_setfield(L, -2, k);
}
static void push_ids(lua_State *L, const int32_t *ids, int n)
{
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		lua_pushinteger(L, ids[i]);
		lua_rawseti(L, -2, i + 1);
	}
}

// ---- which figures: "own", "enemy" or "all" ----

enum { W_OWN, W_ENEMY, W_ALL };

static int which_arg(lua_State *L, int idx, int def)
{
	static const char *const names[] = {"own", "enemy", "all", NULL};
	return luaL_checkoption(L, idx, names[def], names);
}

static bool visible(int side, const tw_figure *f)
{
	// Enemies the view hides come back unplaced (tw_ruleset.hide); unplaced men are not seen.
	return f->side == side || (f->status != TW_FS_UNPLACED && f->status != TW_FS_RESERVE);
}

static bool matches(int which, int side, int fside)
{
	return which == W_ALL || (which == W_OWN) == (fside == side);
}

static void push_figure(lua_State *L, const tw_state *s, const tw_figure *f)
{
	lua_createtable(L, 0, 18);
	set_int(L, "id", f->id);
	set_str(L, "side", side_name(s, f->side));
	set_str(L, "kind", tw_figure_kind_name((tw_figure_kind)f->kind));
	set_str(L, "status", tw_figure_status_name((tw_figure_status)f->status));
	set_bool(L, "free", f->status == TW_FS_ACTIVE);
	set_num(L, "x", f->pos.x);
	set_num(L, "y", f->pos.y);
	set_num(L, "facing", f->facing);
	set_num(L, "radius", f->radius);
	set_num(L, "height", f->height);
	bool moved = f->moved_in == s->move_no && s->move_no > 0;
	set_bool(L, "moved", moved);
	set_num(L, "used", moved ? f->move_used : 0.0);
	set_bool(L, "lying", (f->flags & TW_FF_LYING) != 0);
	set_bool(L, "contact", (f->flags & TW_FF_CONTACT) != 0);
	if (f->unit >= 0)
		set_int(L, "unit", f->unit);
	if (f->captor >= 0)
		set_str(L, "captor", side_name(s, f->captor));
	if (is_lw(s))
		set_num(L, "allowance", lw_move_allowance(f));
}

static int api_figures(lua_State *L)
{
	const tw_state *s = view_of(L);
	int side = D(L)->side;
	int which = which_arg(L, 1, W_OWN);
	bool only_free = lua_toboolean(L, 2);
	lua_newtable(L);
	int n = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (!matches(which, side, f->side) || !visible(side, f) || (only_free && f->status != TW_FS_ACTIVE))
			continue;
		push_figure(L, s, f);
		lua_rawseti(L, -2, ++n);
	}
	return 1;
}

static int api_figure(lua_State *L)
{
	const tw_state *s = view_of(L);
	const tw_figure *f = tw_state_figure_c(s, (int32_t)luaL_checkinteger(L, 1));
	if (!f || !visible(D(L)->side, f))
		return 0;
	push_figure(L, s, f);
	return 1;
}

static double gun_range(const tw_state *s, const tw_gun *g)
{
	return tw_shot_fast_max_range(tw_table_ground(&s->table, g->axle) + 1.0);
}

static void push_gun(lua_State *L, const tw_state *s, const tw_gun *g)
{
	lua_createtable(L, 0, 16);
	set_int(L, "id", g->id);
	set_str(L, "side", side_name(s, g->side));
	set_str(L, "owner", side_name(s, g->orig_side));
	set_num(L, "x", g->axle.x);
	set_num(L, "y", g->axle.y);
	set_num(L, "bearing", g->bearing);
	set_num(L, "elevation", g->elevation);
	bool acted = g->acted_in == s->move_no && s->move_no > 0;
	set_bool(L, "acted", acted);
	set_int(L, "shots", acted ? g->shots : 0);
	set_pt(L, "muzzle", tw_gun_muzzle(g));
	set_pt(L, "trail", tw_gun_trail_end(g));
	set_num(L, "range", gun_range(s, g));
	if (is_lw(s)) {
		set_bool(L, "in_battle", lw_gun_in_battle(g));
		set_bool(L, "in_action", lw_gun_in_action(s, g, g->side));
	}
}

static int api_guns(lua_State *L)
{
	const tw_state *s = view_of(L);
	int side = D(L)->side;
	int which = which_arg(L, 1, W_OWN);
	lua_newtable(L);
	int n = 0;
	for (int i = 0; i < s->ngun; i++) {
		const tw_gun *g = &s->gun[i];
		if (!matches(which, side, g->side) || (g->side != side && g->axle.x < 0 && g->axle.y < 0))
			continue;
		push_gun(L, s, g);
		lua_rawseti(L, -2, ++n);
	}
	return 1;
}

static int api_terrain(lua_State *L)
{
	const tw_state *s = view_of(L);
	lua_createtable(L, s->table.nterrain, 0);
	for (int i = 0; i < s->table.nterrain; i++) {
		const tw_terrain *t = &s->table.terrain[i];
		lua_createtable(L, 0, 12);
		set_int(L, "id", t->id);
		set_str(L, "kind", tw_terrain_kind_name((tw_terrain_kind)t->kind));
		set_str(L, "name", t->name);
		set_bool(L, "solid", tw_terrain_is_solid((tw_terrain_kind)t->kind));
		set_num(L, "z0", t->z0);
		set_num(L, "height", t->height);
		if (t->shape == TW_SHAPE_CIRCLE) {
			set_str(L, "shape", "circle");
			set_num(L, "x", t->center.x);
			set_num(L, "y", t->center.y);
			set_num(L, "radius", t->radius);
		} else {
			set_str(L, "shape", "polygon");
			lua_createtable(L, t->nverts, 0);
			for (int k = 0; k < t->nverts; k++) {
				push_pt(L, t->v[k]);
				lua_rawseti(L, -2, k + 1);
			}
			lua_setfield(L, -2, "verts");
			set_num(L, "x", (t->lo.x + t->hi.x) / 2);
			set_num(L, "y", (t->lo.y + t->hi.y) / 2);
		}
		set_pt(L, "lo", t->lo);
		set_pt(L, "hi", t->hi);
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

static int api_table(lua_State *L)
{
	const tw_state *s = view_of(L);
	lua_createtable(L, 0, 4);
	set_num(L, "width", s->table.width);
	set_num(L, "depth", s->table.depth);
	lua_createtable(L, s->nsides, 0);
	for (int i = 0; i < s->nsides; i++) {
		lua_createtable(L, 0, 3);
		set_str(L, "name", s->sides[i].name);
		set_num(L, "back_y", s->sides[i].back_y);
		set_num(L, "forward", s->sides[i].forward);
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, "sides");
	return 1;
}

static tw_vec2 check_pt(lua_State *L, int i) { return tw_v2(luaL_checknumber(L, i), luaL_checknumber(L, i + 1)); }

static int api_ground(lua_State *L)
{
	lua_pushnumber(L, tw_table_ground(&view_of(L)->table, check_pt(L, 1)));
	return 1;
}

static int api_water(lua_State *L)
{
	lua_pushboolean(L, tw_table_is_water(&view_of(L)->table, check_pt(L, 1)));
	return 1;
}

static int api_dist(lua_State *L)
{
	lua_pushnumber(L, tw_dist(check_pt(L, 1), check_pt(L, 3)));
	return 1;
}

// tw.los(ax, ay, bx, by [, eye_a [, eye_b]]): heights above the local ground, inches (1 default).
static int api_los(lua_State *L)
{
	const tw_state *s = view_of(L);
	tw_vec2 a = check_pt(L, 1), b = check_pt(L, 3);
	double za = tw_table_ground(&s->table, a) + luaL_optnumber(L, 5, 1.0);
	double zb = tw_table_ground(&s->table, b) + luaL_optnumber(L, 6, 1.0);
	lua_pushboolean(L, tw_los(&s->table, a, za, b, zb));
	return 1;
}

static int api_range(lua_State *L)
{
	const tw_state *s = view_of(L);
	const tw_gun *g = tw_state_gun_c(s, (int32_t)luaL_checkinteger(L, 1));
	if (!g)
		return 0;
	lua_pushnumber(L, gun_range(s, g));
	return 1;
}

// tw.nearest(x, y [, which="enemy"]) -> id, distance of the nearest free man (nil if none).
static int api_nearest(lua_State *L)
{
	const tw_state *s = view_of(L);
	int side = D(L)->side;
	tw_vec2 p = check_pt(L, 1);
	int which = which_arg(L, 3, W_ENEMY);
	int best = -1;
	double bd = INFINITY;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->status != TW_FS_ACTIVE || !matches(which, side, f->side) || !visible(side, f))
			continue;
		double d = tw_dist(f->pos, p);
		if (d < bd) {
			bd = d;
			best = i;
		}
	}
	if (best < 0)
		return 0;
	lua_pushinteger(L, s->fig[best].id);
	lua_pushnumber(L, bd);
	return 2;
}

// tw.count_near(x, y, r [, which="enemy"]) -> free men whose base lies within r inches.
static int api_count_near(lua_State *L)
{
	const tw_state *s = view_of(L);
	int side = D(L)->side;
	tw_vec2 p = check_pt(L, 1);
	double r = luaL_checknumber(L, 3);
	int which = which_arg(L, 4, W_ENEMY);
	int n = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->status == TW_FS_ACTIVE && matches(which, side, f->side) && visible(side, f) &&
		    tw_dist(f->pos, p) - f->radius <= r)
			n++;
	}
	lua_pushinteger(L, n);
	return 1;
}

static int api_state(lua_State *L)
{
	const tw_state *s = view_of(L);
	lua_createtable(L, 0, 8);
	set_int(L, "move", s->move_no);
	set_str(L, "mover", side_name(s, s->mover));
	set_bool(L, "over", s->over);
	static const char *const lw_phases[] = {"toss", "reserve", "deploy", "play", "over"};
	if (is_lw(s) && s->phase >= 0 && s->phase <= LW_PH_OVER)
		set_str(L, "phase", lw_phases[s->phase]);
	else
		set_str(L, "phase", s->phase == 0 ? "setup" : "play");
	set_int(L, "phase_index", s->phase);
	set_str(L, "scenario", s->scenario);
	if (is_lw(s)) {
		set_bool(L, "men_moved", s->vars[LWV_MEN_MOVED] != 0);
		if (s->vars[LWV_FIRING_GUN] >= 0)
			set_int(L, "firing_gun", s->vars[LWV_FIRING_GUN]);
		set_int(L, "reserve_roll", s->vars[D(L)->side == 0 ? LWV_RESERVE_ROLL : LWV_RESERVE_ROLL_B]);
	}
	return 1;
}

static int api_rule(lua_State *L)
{
	const tw_state *s = view_of(L);
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	int i = tw_ruleset_param(rs, luaL_checkstring(L, 1));
	if (i < 0)
		return 0;
	lua_pushnumber(L, s->params[i]);
	return 1;
}

static int api_score(lua_State *L)
{
	const tw_state *s = view_of(L);
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	double pts[TW_MAX_SIDES] = {0};
	rs->score(s, pts);
	lua_createtable(L, 0, s->nsides);
	for (int i = 0; i < s->nsides; i++)
		set_num(L, s->sides[i].name, pts[i]);
	return 1;
}

// tw.legal_orders([n = 8]) -> up to n random legal orders (the rule set's sampler, validated).
static int api_legal_orders(lua_State *L)
{
	tw_lua_doctrine *d = D(L);
	const tw_state *s = view_of(L);
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	int want = (int)luaL_optinteger(L, 1, TW_LUA_SCRATCH);
	want = want < 1 ? 1 : (want > TW_LUA_SCRATCH ? TW_LUA_SCRATCH : want);
	int n = rs->random_orders ? rs->random_orders(s, d->side, &d->self->rng, d->scratch, want) : 0;
	lua_newtable(L);
	int k = 0;
	for (int i = 0; i < n; i++) {
		if (rs->validate(s, &d->scratch[i], NULL) != TW_OK)
			continue;
		tw_lua_push_order(L, s, &d->scratch[i]);
		lua_rawseti(L, -2, ++k);
	}
	return 1;
}

// tw.validate(order) -> true | false, message, clause
static int api_validate(lua_State *L)
{
	tw_lua_doctrine *d = D(L);
	const tw_state *s = view_of(L);
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	tw_error err;
	tw_error_clear(&err);
	tw_order *o = &d->scratch[0];
	tw_status st = tw_lua_to_order(L, 1, s, d->side, o, &err);
	if (st == TW_OK)
		st = rs->validate(s, o, &err);
	if (st == TW_OK) {
		lua_pushboolean(L, 1);
		return 1;
	}
	lua_pushboolean(L, 0);
	lua_pushstring(L, err.message);
	lua_pushstring(L, err.clause);
	return 3;
}

// tw.suggest([general]) -> the order a built-in general would give now.
static int api_suggest(lua_State *L)
{
	tw_lua_doctrine *d = D(L);
	const tw_state *s = view_of(L);
	const char *name = luaL_optstring(L, 1, "default");
	if (!d->helper || strcmp(d->helper_name, name) != 0) {
		tw_general_free(d->helper);
		d->helper = NULL;
		size_t len = strlen(name);
		if (len >= sizeof d->helper_name || (len > 4 && strcmp(name + len - 4, ".lua") == 0))
			return luaL_error(L, "tw.suggest: '%s' is not a built-in general", name);
		d->helper = tw_general_new(name, tw_ruleset_get(s->ruleset), d->side, tw_rng_u64(&d->self->rng));
		if (!d->helper)
			return luaL_error(L, "tw.suggest: no general '%s' for this rule set", name);
		snprintf(d->helper_name, sizeof d->helper_name, "%s", name);
	}
	tw_order *o = &d->scratch[0];
	if (d->helper->def->decide(d->helper, s, d->side, o) != TW_OK)
		return 0;
	tw_lua_push_order(L, s, o);
	return 1;
}

void tw_lua_api_open(tw_lua_doctrine *d)
{
	lua_State *L = d->L;
	static const luaL_Reg fns[] = {
		{"figures", api_figures},   {"figure", api_figure},       {"guns", api_guns},
		{"terrain", api_terrain},   {"table", api_table},         {"ground", api_ground},
		{"water", api_water},       {"dist", api_dist},           {"los", api_los},
		{"range", api_range},       {"nearest", api_nearest},     {"count_near", api_count_near},
		{"state", api_state},       {"rule", api_rule},           {"score", api_score},
		{"legal_orders", api_legal_orders}, {"validate", api_validate}, {"suggest", api_suggest},
		{NULL, NULL},
	};
	luaL_newlib(L, fns);
	set_str(L, "side", d->self->side == 0 ? "red" : "blue"); // replaced by the real name below
	set_int(L, "side_index", d->self->side);
	lua_newtable(L);
	lua_pushvalue(L, -1);
	lua_setfield(L, LUA_REGISTRYINDEX, TW_LUA_REG_PARAMS);
	lua_setfield(L, -2, "params");
	lua_createtable(L, 0, 8);
	set_num(L, "reach", LW_REACH);
	set_num(L, "inf_move", LW_INF_MOVE);
	set_num(L, "cav_move", LW_CAV_MOVE);
	set_int(L, "crew", LW_GUN_CREW);
	set_int(L, "gun_shots", LW_GUN_SHOTS);
	set_num(L, "contact", LW_CONTACT);
	lua_setfield(L, -2, "lw");
	lua_pushvalue(L, -1);
	lua_setfield(L, LUA_REGISTRYINDEX, TW_LUA_REG_TW);
	lua_setglobal(L, "tw");
}

// ---- orders: Lua table <-> tw_order ----

static tw_status bad(tw_error *err, const char *fmt, const char *what)
{
	return tw_error_set(err, TW_ERR_INPUT, "", fmt, what);
}

// Reads a point {x, y} or {x = .., y = ..} at index idx.
static bool read_pt(lua_State *L, int idx, tw_vec2 *p)
{
	idx = lua_absindex(L, idx);
	if (!lua_istable(L, idx))
		return false;
	int t1 = lua_rawgeti(L, idx, 1), t2 = lua_rawgeti(L, idx, 2);
	if (t1 == LUA_TNUMBER && t2 == LUA_TNUMBER) {
		p->x = lua_tonumber(L, -2);
		p->y = lua_tonumber(L, -1);
		lua_pop(L, 2);
		return isfinite(p->x) && isfinite(p->y);
	}
	lua_pop(L, 2);
	t1 = lua_getfield(L, idx, "x");
	t2 = lua_getfield(L, idx, "y");
	bool ok = t1 == LUA_TNUMBER && t2 == LUA_TNUMBER;
	if (ok) {
		p->x = lua_tonumber(L, -2);
		p->y = lua_tonumber(L, -1);
	}
	lua_pop(L, 2);
	return ok && isfinite(p->x) && isfinite(p->y);
}

// Reads an array of ids in field `key` of the table at idx (absent = none).
static tw_status read_ids(lua_State *L, int idx, const char *key, int32_t *out, int *n, tw_error *err)
{
	*n = 0;
	int t = lua_getfield(L, idx, key);
	if (t == LUA_TNIL) {
		lua_pop(L, 1);
		return TW_OK;
	}
	if (t != LUA_TTABLE) {
		lua_pop(L, 1);
		return bad(err, "order field '%s' must be an array of figure ids", key);
	}
	lua_Integer len = luaL_len(L, -1);
	if (len > TW_ORDER_MAX_FIG) {
		lua_pop(L, 1);
		return bad(err, "order field '%s' has too many ids", key);
	}
	for (lua_Integer i = 1; i <= len; i++) {
		lua_rawgeti(L, -1, i);
		int isnum;
		lua_Integer v = lua_tointegerx(L, -1, &isnum);
		lua_pop(L, 1);
		if (!isnum || v < 0 || v > INT32_MAX) {
			lua_pop(L, 1);
			return bad(err, "order field '%s' must hold figure ids", key);
		}
		out[(*n)++] = (int32_t)v;
	}
	lua_pop(L, 1);
	return TW_OK;
}

static tw_status read_path(lua_State *L, int idx, const char *key, tw_order *o, bool required, tw_error *err)
{
	int t = lua_getfield(L, idx, key);
	if (t == LUA_TNIL && !required) {
		lua_pop(L, 1);
		return TW_OK;
	}
	if (t != LUA_TTABLE) {
		lua_pop(L, 1);
		return bad(err, "order field '%s' must be an array of points {x, y}", key);
	}
	lua_Integer len = luaL_len(L, -1);
	if (len < 1 || len > TW_ORDER_MAX_PATH) {
		lua_pop(L, 1);
		return bad(err, "order field '%s' needs 1 to 32 points", key);
	}
	o->npath = 0;
	for (lua_Integer i = 1; i <= len; i++) {
		lua_rawgeti(L, -1, i);
		bool ok = read_pt(L, -1, &o->path[o->npath]);
		lua_pop(L, 1);
		if (!ok) {
			lua_pop(L, 1);
			return bad(err, "order field '%s' must be an array of points {x, y}", key);
		}
		o->npath++;
	}
	lua_pop(L, 1);
	return TW_OK;
}

static bool opt_num(lua_State *L, int idx, const char *key, double *v)
{
	int t = lua_getfield(L, idx, key);
	bool ok = t == LUA_TNUMBER;
	if (ok)
		*v = lua_tonumber(L, -1);
	lua_pop(L, 1);
	return ok && isfinite(*v);
}

static bool opt_int(lua_State *L, int idx, const char *key, int32_t *v)
{
	int t = lua_getfield(L, idx, key);
	int isnum = 0;
	lua_Integer x = t == LUA_TNUMBER ? lua_tointegerx(L, -1, &isnum) : 0;
	lua_pop(L, 1);
	if (isnum && x >= INT32_MIN && x <= INT32_MAX) {
		*v = (int32_t)x;
		return true;
	}
	return false;
}

// Reads the array of {figure = id, <ptkey> = {x, y} [, facing]} in `key` into fig/at/facing.
static tw_status read_placements(lua_State *L, int idx, const char *key, const char *ptkey, tw_order *o, tw_error *err)
{
	int t = lua_getfield(L, idx, key);
	if (t != LUA_TTABLE) {
		lua_pop(L, 1);
		return bad(err, "order field '%s' must be an array", key);
	}
	lua_Integer len = luaL_len(L, -1);
	if (len > TW_ORDER_MAX_FIG) {
		lua_pop(L, 1);
		return bad(err, "order field '%s' is too long", key);
	}
	int arr = lua_gettop(L);
	for (lua_Integer i = 1; i <= len; i++) {
		lua_rawgeti(L, arr, i);
		int e = lua_gettop(L);
		int32_t id;
		bool ok = lua_istable(L, e) && opt_int(L, e, "figure", &id);
		tw_vec2 p;
		if (ok) {
			lua_getfield(L, e, ptkey);
			ok = read_pt(L, -1, &p);
			lua_pop(L, 1);
		}
		if (!ok) {
			lua_settop(L, arr - 1);
			return tw_error_set(err, TW_ERR_INPUT, "", "order field '%s' entries need figure and %s", key, ptkey);
		}
		double facing = 0;
		opt_num(L, e, "facing", &facing);
		o->fig[o->nfig] = id;
		o->at[o->nfig] = p;
		o->facing[o->nfig] = facing;
		o->nfig++;
		lua_pop(L, 1);
	}
	lua_pop(L, 1);
	o->has_at = true;
	return TW_OK;
}

tw_status tw_lua_to_order(lua_State *L, int idx, const tw_state *s, int side, tw_order *o, tw_error *err)
{
	(void)s;
	idx = lua_absindex(L, idx);
	if (!lua_istable(L, idx))
		return bad(err, "%s", "an order must be a table with a 'type'");
	// Only a string names a type: lua_tostring would convert a number in place, which allocates.
	const char *tname = lua_getfield(L, idx, "type") == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
	int type = tname ? tw_order_type_from_name(tname) : -1;
	lua_pop(L, 1);
	if (type < 0)
		return bad(err, "%s", "an order needs a known 'type' (move, fire, end_move, ...)");
	tw_order_init(o, (tw_order_type)type, side);
	tw_status st = TW_OK;
	int32_t v;
	if (opt_int(L, idx, "n", &v))
		o->n = v;
	switch (type) {
	case TW_OT_TOSS:
	case TW_OT_READY: break;
	case TW_OT_DEPLOY: {
		int t = lua_getfield(L, idx, "placements");
		lua_pop(L, 1);
		if (t != LUA_TNIL && (st = read_placements(L, idx, "placements", "at", o, err)) != TW_OK)
			return st;
		o->has_at = true;
		t = lua_getfield(L, idx, "guns");
		if (t == LUA_TTABLE) {
			lua_Integer len = luaL_len(L, -1);
			if (len > 1) {
				lua_pop(L, 1);
				return bad(err, "%s", "a deploy order puts down at most one gun");
			}
			if (len == 1) {
				lua_rawgeti(L, -1, 1);
				int e = lua_gettop(L);
				bool ok = lua_istable(L, e) && opt_int(L, e, "gun", &o->gun);
				if (ok) {
					lua_getfield(L, e, "at");
					ok = read_pt(L, -1, &o->path[0]);
					lua_pop(L, 1);
				}
				if (ok && opt_num(L, e, "bearing", &o->bearing))
					o->has_aim = true;
				lua_pop(L, 1);
				if (!ok) {
					lua_pop(L, 1);
					return bad(err, "%s", "deploy 'guns' entries need gun and at");
				}
				o->npath = 1;
			}
		}
		lua_pop(L, 1);
		break;
	}
	case TW_OT_MOVE: {
		int t = lua_getfield(L, idx, "moves");
		lua_pop(L, 1);
		if (t != LUA_TNIL)
			return read_placements(L, idx, "moves", "to", o, err);
		if ((st = read_ids(L, idx, "figures", o->fig, &o->nfig, err)) != TW_OK)
			return st;
		return read_path(L, idx, "path", o, true, err);
	}
	case TW_OT_GUN_MOVE: {
		if (!opt_int(L, idx, "gun", &o->gun))
			return bad(err, "%s", "a gun_move order needs 'gun'");
		if ((st = read_path(L, idx, "path", o, true, err)) != TW_OK)
			return st;
		if ((st = read_ids(L, idx, "crew", o->fig, &o->nfig, err)) != TW_OK)
			return st;
		int t = lua_getfield(L, idx, "crew_to");
		if (t == LUA_TTABLE) {
			lua_Integer len = luaL_len(L, -1);
			if (len != o->nfig) {
				lua_pop(L, 1);
				return bad(err, "%s", "gun_move 'crew_to' needs one point per crew man");
			}
			for (lua_Integer i = 1; i <= len; i++) {
				lua_rawgeti(L, -1, i);
				bool ok = read_pt(L, -1, &o->at[i - 1]);
				lua_pop(L, 1);
				if (!ok) {
					lua_pop(L, 1);
					return bad(err, "%s", "gun_move 'crew_to' must hold points {x, y}");
				}
			}
			o->has_at = true;
		}
		lua_pop(L, 1);
		break;
	}
	case TW_OT_FIRE: {
		if (!opt_int(L, idx, "gun", &o->gun))
			return bad(err, "%s", "a fire order needs 'gun'");
		int t = lua_getfield(L, idx, "target");
		if (t != LUA_TNIL) {
			o->has_target = read_pt(L, -1, &o->target);
			lua_pop(L, 1);
			if (!o->has_target)
				return bad(err, "%s", "fire 'target' must be a point {x, y}");
		} else {
			lua_pop(L, 1);
			if (!opt_num(L, idx, "bearing", &o->bearing) || !opt_num(L, idx, "elevation", &o->elevation))
				return bad(err, "%s", "a fire order needs 'target', or 'bearing' and 'elevation'");
			o->has_aim = true;
		}
		break;
	}
	case TW_OT_TRAIL:
		if (!opt_int(L, idx, "gun", &o->gun))
			return bad(err, "%s", "a trail order needs 'gun'");
		return read_ids(L, idx, "figures", o->fig, &o->nfig, err);
	case TW_OT_LIE_DOWN:
	case TW_OT_SURRENDER:
	case TW_OT_TAKE_RESERVE: return read_ids(L, idx, "figures", o->fig, &o->nfig, err);
	case TW_OT_END_MOVE:
		if ((st = read_ids(L, idx, "dead", o->fig, &o->nfig, err)) != TW_OK)
			return st;
		return read_ids(L, idx, "prisoners", o->fig2, &o->nfig2, err);
	default: break;
	}
	return TW_OK;
}

static void push_placements(lua_State *L, const tw_order *o, const char *key, const char *ptkey, bool facing)
{
	lua_createtable(L, o->nfig, 0);
	for (int i = 0; i < o->nfig; i++) {
		lua_createtable(L, 0, 3);
		set_int(L, "figure", o->fig[i]);
		set_pt(L, ptkey, o->at[i]);
		if (facing)
			set_num(L, "facing", o->facing[i]);
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, key);
}

static void push_path(lua_State *L, const tw_order *o, const char *key)
{
	lua_createtable(L, o->npath, 0);
	for (int i = 0; i < o->npath; i++) {
		push_pt(L, o->path[i]);
		lua_rawseti(L, -2, i + 1);
	}
	lua_setfield(L, -2, key);
}

void tw_lua_push_order(lua_State *L, const tw_state *s, const tw_order *o)
{
	lua_createtable(L, 0, 6);
	set_str(L, "type", tw_order_type_name((tw_order_type)o->type));
	set_str(L, "side", side_name(s, o->side));
	if (o->n)
		set_int(L, "n", o->n);
	switch (o->type) {
	case TW_OT_DEPLOY:
		push_placements(L, o, "placements", "at", true);
		if (o->gun >= 0) {
			lua_createtable(L, 1, 0);
			lua_createtable(L, 0, 3);
			set_int(L, "gun", o->gun);
			set_pt(L, "at", o->path[0]);
			if (o->has_aim)
				set_num(L, "bearing", o->bearing);
			lua_rawseti(L, -2, 1);
			lua_setfield(L, -2, "guns");
		}
		break;
	case TW_OT_MOVE:
		if (o->has_at) {
			push_placements(L, o, "moves", "to", false);
		} else {
			push_ids(L, o->fig, o->nfig);
			lua_setfield(L, -2, "figures");
			push_path(L, o, "path");
		}
		break;
	case TW_OT_GUN_MOVE:
		set_int(L, "gun", o->gun);
		push_path(L, o, "path");
		push_ids(L, o->fig, o->nfig);
		lua_setfield(L, -2, "crew");
		if (o->has_at) {
			lua_createtable(L, o->nfig, 0);
			for (int i = 0; i < o->nfig; i++) {
				push_pt(L, o->at[i]);
				lua_rawseti(L, -2, i + 1);
			}
			lua_setfield(L, -2, "crew_to");
		}
		break;
	case TW_OT_FIRE:
		set_int(L, "gun", o->gun);
		if (o->has_target) {
			set_pt(L, "target", o->target);
		} else {
			set_num(L, "bearing", o->bearing);
			set_num(L, "elevation", o->elevation);
		}
		break;
	case TW_OT_TRAIL:
		set_int(L, "gun", o->gun);
		push_ids(L, o->fig, o->nfig);
		lua_setfield(L, -2, "figures");
		break;
	case TW_OT_LIE_DOWN:
	case TW_OT_SURRENDER:
	case TW_OT_TAKE_RESERVE:
		push_ids(L, o->fig, o->nfig);
		lua_setfield(L, -2, "figures");
		break;
	case TW_OT_END_MOVE:
		if (o->nfig) {
			push_ids(L, o->fig, o->nfig);
			lua_setfield(L, -2, "dead");
		}
		if (o->nfig2) {
			push_ids(L, o->fig2, o->nfig2);
			lua_setfield(L, -2, "prisoners");
		}
		break;
	default: break;
	}
}
