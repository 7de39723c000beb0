// The `tw` table a Lua doctrine sees (docs/doctrine.md). Everything reads the side's view
// passed to decide(); nothing reaches the umpire's state. Orders travel as tables shaped like
// the order JSON of docs/format.md.
#include <lauxlib.h>
#include <math.h>
#include <string.h>

#include "general_call.h"
#include "core/shot_fast.h"
#include "lua_doctrine.h"
#include "tinwar/los.h"

static tw_lua_doctrine *D(lua_State *L) { return *(tw_lua_doctrine **)lua_getextraspace(L); }

static const tw_state *view_of(lua_State *L)
{
	tw_lua_doctrine *d = D(L);
	if (!d->view)
		luaL_error(L, "the view is only available during decide()");
	return d->view;
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

// "own": our side's; "enemy": a side not allied with ours now (tw_allied); "all".
static bool matches(const tw_state *s, int which, int side, int fside)
{
	if (which == W_ALL)
		return true;
	return which == W_OWN ? fside == side : !tw_allied(s, side, fside);
}

// One element of a record field, as Lua sees it: numbers, booleans, names (enums, sides),
// lists of names (flags).
static void push_field_elem(lua_State *L, const tw_state *s, const void *rec, const tw_field_def *f, int k)
{
	double v = tw_rec_get(rec, f, k);
	switch ((tw_field_type)f->type) {
	case TW_FT_BOOL: lua_pushboolean(L, v != 0); break;
	case TW_FT_F64: lua_pushnumber(L, v); break;
	case TW_FT_ENUM: {
		int i = (int)v, n = 0;
		while (f->choices && f->choices[n])
			n++;
		if (i >= 0 && i < n)
			lua_pushstring(L, f->choices[i]);
		else
			lua_pushinteger(L, i);
		break;
	}
	case TW_FT_FLAGS: {
		lua_newtable(L);
		int j = 0;
		for (int b = 0; f->choices && f->choices[b] && b < 32; b++)
			if ((uint32_t)v & (1u << b)) {
				lua_pushstring(L, f->choices[b]);
				lua_rawseti(L, -2, ++j);
			}
		break;
	}
	case TW_FT_SIDE:
		if (v >= 0 && v < s->nsides)
			lua_pushstring(L, s->sides[(int)v].name);
		else
			lua_pushnil(L);
		break;
	default: lua_pushinteger(L, (lua_Integer)v); break;
	}
}

// The record of element `index` of `kind` as a table of its fields by name (what the seat may
// see: the view's hidden fields hold their defaults), set as field "data" of the table on top.
static void set_record(lua_State *L, const tw_state *s, tw_rec_kind kind, int index)
{
	const tw_record_def *d = tw_state_record_def(s, kind);
	const void *rec = tw_rec_c(s, kind, index);
	if (!d || !rec)
		return;
	lua_createtable(L, 0, d->nfields);
	for (int i = 0; i < d->nfields; i++) {
		const tw_field_def *f = &d->fields[i];
		if (f->type == TW_FT_STR) {
			const char *str = (const char *)rec + f->offset;
			lua_pushlstring(L, str, strnlen(str, f->count));
		} else if (f->count == 1) {
			push_field_elem(L, s, rec, f, 0);
		} else {
			lua_createtable(L, f->count, 0);
			for (int k = 0; k < f->count; k++) {
				push_field_elem(L, s, rec, f, k);
				lua_rawseti(L, -2, k + 1);
			}
		}
		lua_setfield(L, -2, f->name);
	}
	lua_setfield(L, -2, "data");
}

// One fact as a field of the table on top of the stack (s names sides; NULL: no sides).
static void set_fact(lua_State *L, const tw_state *s, const tw_fact *f)
{
	switch (f->type) {
	case TW_FACT_BOOL:
		set_bool(L, f->name, f->value != 0);
		break;
	case TW_FACT_INT:
		set_int(L, f->name, (lua_Integer)f->value);
		break;
	case TW_FACT_SIDE:
		if (f->value >= 0 && s)
			set_str(L, f->name, side_name(s, (int)f->value));
		break;
	case TW_FACT_ID:
		if (f->value >= 0)
			set_int(L, f->name, (lua_Integer)f->value);
		break;
	default:
		set_num(L, f->name, f->value);
		break;
	}
}

// The rule set's derived values for an element (tw_ruleset.facts) as fields of the table on top.
static void set_facts(lua_State *L, const tw_state *s, int kind, int32_t index)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	if (!rs || !rs->facts)
		return;
	tw_fact f[TW_MAX_FACTS];
	int n = rs->facts(s, kind, index, D(L)->side, f, TW_MAX_FACTS);
	for (int i = 0; i < n && i < TW_MAX_FACTS; i++)
		set_fact(L, s, &f[i]);
}

static void push_figure(lua_State *L, const tw_state *s, const tw_figure *f)
{
	lua_createtable(L, 0, 18);
	set_int(L, "id", f->id);
	set_str(L, "side", side_name(s, f->side));
	set_str(L, "kind", tw_figure_kind_name((tw_figure_kind)f->kind));
	set_str(L, "status", tw_status_name(s, f->status));
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
	if (f->unit >= 0)
		set_int(L, "unit", f->unit);
	set_facts(L, s, TW_REC_FIGURE, f->id);
	set_record(L, s, TW_REC_FIGURE, f->id);
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
		if (!matches(s, which, side, f->side) || !visible(side, f) || (only_free && f->status != TW_FS_ACTIVE))
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
	set_facts(L, s, TW_REC_GUN, g->id);
	set_record(L, s, TW_REC_GUN, g->id);
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
		if (!matches(s, which, side, g->side) || (g->side != side && g->axle.x < 0 && g->axle.y < 0))
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
		set_bool(L, "passable", !tw_terrain_impassable(t));
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
		if (f->status != TW_FS_ACTIVE || !matches(s, which, side, f->side) || !visible(side, f))
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
		if (f->status == TW_FS_ACTIVE && matches(s, which, side, f->side) && visible(side, f) &&
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
	set_str(L, "phase", tw_phase_name(s));
	set_int(L, "phase_index", s->phase);
	set_str(L, "scenario", s->scenario);
	set_record(L, s, TW_REC_GAME, 0);
	// The sides, their alliances and records.
	lua_createtable(L, s->nsides, 0);
	for (int k = 0; k < s->nsides; k++) {
		lua_createtable(L, 0, 4);
		set_str(L, "name", s->sides[k].name);
		set_int(L, "alliance", tw_side_alliance(s, k));
		set_bool(L, "chosen", (s->sealed_mask & (1u << k)) != 0);
		set_record(L, s, TW_REC_SIDE, k);
		lua_rawseti(L, -2, k + 1);
	}
	lua_setfield(L, -2, "sides");
	set_facts(L, s, TW_REC_GAME, 0);
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

// tw.decisions() -> what the rules ask now: {{side, kind, clause, prompt, secret, types = {names}}}
static int api_decisions(lua_State *L)
{
	const tw_state *s = view_of(L);
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	tw_decision dec[TW_MAX_DECISIONS];
	int n = tw_state_decisions(s, dec, TW_MAX_DECISIONS);
	lua_createtable(L, n, 0);
	for (int i = 0; i < n; i++) {
		lua_createtable(L, 0, 6);
		set_str(L, "side", dec[i].seat >= 0 ? side_name(s, dec[i].seat) : "umpire");
		set_str(L, "kind", dec[i].kind);
		set_str(L, "clause", dec[i].clause);
		set_str(L, "prompt", dec[i].prompt);
		set_bool(L, "secret", dec[i].secret);
		lua_newtable(L);
		int k = 0;
		for (int t = 0; t < rs->norders && t < 64; t++)
			if (dec[i].types == 0 || (dec[i].types & (UINT64_C(1) << t))) {
				lua_pushstring(L, rs->orders[t].name);
				lua_rawseti(L, -2, ++k);
			}
		lua_setfield(L, -2, "types");
		lua_rawseti(L, -2, i + 1);
	}
	return 1;
}

// tw.allied(a, b) -> whether two sides (names) are allied now
static int api_allied(lua_State *L)
{
	const tw_state *s = view_of(L);
	lua_pushboolean(L, tw_allied(s, tw_state_side_index(s, luaL_checkstring(L, 1)),
				     tw_state_side_index(s, luaL_checkstring(L, 2))));
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
	if (tw_general_call(d->helper, s, d->side, o) != TW_OK)
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
		{"decisions", api_decisions}, {"allied", api_allied},
		{NULL, NULL},
	};
	luaL_newlib(L, fns);
	set_str(L, "side", d->self->side == 0 ? "red" : "blue"); // replaced by the real name below
	set_int(L, "side_index", d->self->side);
	lua_newtable(L);
	lua_pushvalue(L, -1);
	lua_setfield(L, LUA_REGISTRYINDEX, TW_LUA_REG_PARAMS);
	lua_setfield(L, -2, "params");
	// Each rule set's constants: tw.<short name>.<name> (tw.<short name>.reach ...).
	for (int r = 0; r < tw_ruleset_count(); r++) {
		const tw_ruleset *rs = tw_ruleset_get(r);
		if (!rs->short_name || rs->nconstants <= 0)
			continue;
		lua_createtable(L, 0, rs->nconstants);
		for (int i = 0; i < rs->nconstants; i++)
			set_fact(L, NULL, &rs->constants[i]);
		lua_setfield(L, -2, rs->short_name);
	}
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

// One field of an order table, by its kind in the rule set's order description (order.h).
static tw_status read_order_field(lua_State *L, int idx, const tw_state *s, const tw_order_field *f, tw_order *o,
				  tw_error *err)
{
	tw_status st = TW_OK;
	switch ((tw_ofield_kind)f->kind) {
	case TW_OF_FIGS: return read_ids(L, idx, f->name, o->fig, &o->nfig, err);
	case TW_OF_FIGS2: return read_ids(L, idx, f->name, o->fig2, &o->nfig2, err);
	case TW_OF_PLACES: {
		double forward = o->side >= 0 && o->side < s->nsides && s->sides[o->side].forward < 0 ? 180 : 0;
		if ((st = read_placements(L, idx, f->name, (f->flags & TW_OFF_TO) ? "to" : "at", o, err)) != TW_OK)
			return st;
		if (f->flags & TW_OFF_FORWARD) { // a placement without "facing" faces forward
			lua_getfield(L, idx, f->name);
			for (int i = 0; i < o->nfig; i++) {
				lua_rawgeti(L, -1, i + 1);
				int t = lua_getfield(L, -1, "facing");
				if (t == LUA_TNIL)
					o->facing[i] = forward;
				lua_pop(L, 2);
			}
			lua_pop(L, 1);
		}
		return TW_OK;
	}
	case TW_OF_POINTS: {
		int t = lua_getfield(L, idx, f->name);
		lua_Integer len = t == LUA_TTABLE ? luaL_len(L, -1) : -1;
		if (len != o->nfig) {
			lua_pop(L, 1);
			return bad(err, "order field '%s' needs one point {x, y} per figure", f->name);
		}
		for (lua_Integer i = 1; i <= len; i++) {
			lua_rawgeti(L, -1, i);
			bool ok = read_pt(L, -1, &o->at[i - 1]);
			lua_pop(L, 1);
			if (!ok) {
				lua_pop(L, 1);
				return bad(err, "order field '%s' must hold points {x, y}", f->name);
			}
		}
		lua_pop(L, 1);
		o->has_at = true;
		return TW_OK;
	}
	case TW_OF_PATH: return read_path(L, idx, f->name, o, true, err);
	case TW_OF_GUN:
		if (!opt_int(L, idx, f->name, &o->gun))
			return bad(err, "order field '%s' must be a gun id", f->name);
		return TW_OK;
	case TW_OF_GUN_PLACE: {
		lua_getfield(L, idx, f->name);
		lua_Integer len = lua_istable(L, -1) ? luaL_len(L, -1) : 0;
		if (len > 1) {
			lua_pop(L, 1);
			return bad(err, "order field '%s' holds at most one gun", f->name);
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
				return bad(err, "order field '%s' entries need gun and at", f->name);
			}
			o->npath = 1;
		}
		lua_pop(L, 1);
		return TW_OK;
	}
	case TW_OF_INT: {
		int t = lua_getfield(L, idx, f->name);
		if (t == LUA_TSTRING && f->choices) {
			const char *name = lua_tostring(L, -1);
			for (int k = 0; f->choices[k]; k++)
				if (strcmp(f->choices[k], name) == 0) {
					o->n = k;
					lua_pop(L, 1);
					return TW_OK;
				}
		}
		lua_pop(L, 1);
		if (!opt_int(L, idx, f->name, &o->n))
			return bad(err, "order field '%s' must be an integer or one of its names", f->name);
		return TW_OK;
	}
	case TW_OF_BEARING:
		o->has_aim = true;
		return opt_num(L, idx, f->name, &o->bearing) ? TW_OK : bad(err, "order field '%s' must be a number", f->name);
	case TW_OF_ELEVATION:
		o->has_aim = true;
		return opt_num(L, idx, f->name, &o->elevation) ? TW_OK : bad(err, "order field '%s' must be a number", f->name);
	case TW_OF_POINT: {
		lua_getfield(L, idx, f->name);
		o->has_target = read_pt(L, -1, &o->target);
		lua_pop(L, 1);
		return o->has_target ? TW_OK : bad(err, "order field '%s' must be a point {x, y}", f->name);
	}
	case TW_OF_INTS: return read_ids(L, idx, f->name, o->val, &o->nval, err);
	case TW_OF_SIDE: {
		int t = lua_getfield(L, idx, f->name);
		int side = t == LUA_TSTRING ? tw_state_side_index(s, lua_tostring(L, -1)) : -1;
		lua_pop(L, 1);
		if (side < 0)
			return bad(err, "order field '%s' must name a side", f->name);
		o->n = side;
		return TW_OK;
	}
	default: return bad(err, "order field '%s' has an unknown kind", f->name);
	}
}

tw_status tw_lua_to_order(lua_State *L, int idx, const tw_state *s, int side, tw_order *o, tw_error *err)
{
	idx = lua_absindex(L, idx);
	if (!lua_istable(L, idx))
		return bad(err, "%s", "an order must be a table with a 'type'");
	// Only a string names a type (lua_tostring would convert a number in place, which allocates).
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	int t = lua_getfield(L, idx, "type");
	int type = t == LUA_TSTRING ? tw_order_type_find(rs, lua_tostring(L, -1)) : -1;
	lua_pop(L, 1);
	if (type < 0)
		return bad(err, "%s", "an order needs a 'type' of the rule set's (tw.rule('orders') lists them)");
	const tw_order_def *d = &rs->orders[type];
	tw_order_init(o, type, side);
	// The alternative given (exactly one when the type has any), then its fields.
	int nforms = 0, given = 0, ngiven = 0;
	for (int i = 0; i < d->nfields; i++)
		if (d->fields[i].form > nforms)
			nforms = d->fields[i].form;
	for (int k = 1; k <= nforms; k++) {
		bool any = false;
		for (int i = 0; i < d->nfields; i++)
			if (d->fields[i].form == k) {
				any |= lua_getfield(L, idx, d->fields[i].name) != LUA_TNIL;
				lua_pop(L, 1);
			}
		if (any && ngiven++ == 0)
			given = k;
	}
	if (nforms > 0 && ngiven != 1)
		return bad(err, "a %s order needs exactly one of its alternative sets of fields", d->name);
	for (int i = 0; i < d->nfields; i++) {
		const tw_order_field *f = &d->fields[i];
		if (f->form != 0 && f->form != given)
			continue;
		bool present = lua_getfield(L, idx, f->name) != LUA_TNIL;
		lua_pop(L, 1);
		if (!present) {
			if (f->required)
				return bad(err, "an order needs its field '%s'", f->name);
			continue;
		}
		tw_status st = read_order_field(L, idx, s, f, o, err);
		if (st != TW_OK)
			return st;
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
	// The fields the JSON writer would write (order.h), in their Lua shapes (points as {x, y}).
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	const tw_order_def *d = tw_order_def_get(rs, o->type);
	lua_createtable(L, 0, 6);
	set_str(L, "type", tw_order_type_name(rs, o->type));
	set_str(L, "side", side_name(s, o->side));
	if (!d)
		return;
	int form = tw_order_form(d, o);
	for (int i = 0; i < d->nfields; i++) {
		const tw_order_field *f = &d->fields[i];
		if (!tw_order_field_written(d, o, form, f))
			continue;
		switch ((tw_ofield_kind)f->kind) {
		case TW_OF_FIGS:
			push_ids(L, o->fig, o->nfig);
			lua_setfield(L, -2, f->name);
			break;
		case TW_OF_FIGS2:
			if (o->nfig2 > 0) {
				push_ids(L, o->fig2, o->nfig2);
				lua_setfield(L, -2, f->name);
			}
			break;
		case TW_OF_PLACES:
			if (o->has_at && o->nfig > 0)
				push_placements(L, o, f->name, (f->flags & TW_OFF_TO) ? "to" : "at", true);
			break;
		case TW_OF_POINTS:
			if (o->has_at && o->nfig > 0) {
				lua_createtable(L, o->nfig, 0);
				for (int k = 0; k < o->nfig; k++) {
					push_pt(L, o->at[k]);
					lua_rawseti(L, -2, k + 1);
				}
				lua_setfield(L, -2, f->name);
			}
			break;
		case TW_OF_PATH: push_path(L, o, f->name); break;
		case TW_OF_GUN:
			if (o->gun >= 0)
				set_int(L, f->name, o->gun);
			break;
		case TW_OF_GUN_PLACE:
			if (o->gun >= 0 && o->npath >= 1) {
				lua_createtable(L, 1, 0);
				lua_createtable(L, 0, 3);
				set_int(L, "gun", o->gun);
				set_pt(L, "at", o->path[0]);
				if (o->has_aim)
					set_num(L, "bearing", o->bearing);
				lua_rawseti(L, -2, 1);
				lua_setfield(L, -2, f->name);
			}
			break;
		case TW_OF_INT:
			if (o->n || f->required) // a required 0 is a value (Rattle's `first first`, `formation line`)
				set_int(L, f->name, o->n);
			break;
		case TW_OF_SIDE: set_str(L, f->name, side_name(s, o->n)); break;
		case TW_OF_BEARING:
			if (o->has_aim)
				set_num(L, f->name, o->bearing);
			break;
		case TW_OF_ELEVATION:
			if (o->has_aim)
				set_num(L, f->name, o->elevation);
			break;
		case TW_OF_POINT:
			if (o->has_target)
				set_pt(L, f->name, o->target);
			break;
		case TW_OF_INTS:
			if (o->nval > 0) {
				push_ids(L, o->val, o->nval);
				lua_setfield(L, -2, f->name);
			}
			break;
		default: break;
		}
	}
}
