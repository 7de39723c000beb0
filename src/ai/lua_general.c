// The Lua general: a doctrine script behind the general interface. Each decision calls the
// script's global decide() in the sandbox; a failure is reported once with file and line, and
// the side then falls back to a built-in general or forfeits (tw_lua_limits.on_failure).
// Every call into Lua (loading, each decision with the reading of its order, each parameter)
// is a job run by tw_lua_protected, and reaches the engine's `tw` and `tw.params` tables through
// the registry: whatever a doctrine does to its globals (`tw = nil`, `tw.params = nil`) or to its
// memory, it fails alone, and the engine goes on.
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "general_call.h"
#include "lua_doctrine.h"

void tw_lua_limits_default(tw_lua_limits *lim)
{
	memset(lim, 0, sizeof *lim);
	lim->memory = 32u << 20;
	lim->instructions = 20000000;
	lim->seconds = 2.0;
	lim->on_failure = TW_LUA_FALLBACK;
	lim->fallback = "default";
}

static void lua_destroy(tw_general *g)
{
	tw_lua_doctrine *d = g->ctx;
	if (!d)
		return;
	if (d->L)
		lua_close(d->L);
	d->L = NULL;
	tw_general_free(d->fallback);
	tw_general_free(d->helper);
	free(d->scratch);
}

static const char *side_name_of(const tw_lua_doctrine *d, int side)
{
	return d->view && side >= 0 && side < d->view->nsides ? d->view->sides[side].name : NULL;
}

// Records the failure, says so once, closes the script and sets up the stated default.
static void fail_over(tw_general *g, const tw_error *why, const char *side_name)
{
	tw_lua_doctrine *d = g->ctx;
	d->failed = true;
	d->failure = *why;
	if (!d->lim.quiet)
		fprintf(stderr, "tinwar: doctrine %s; %s %s\n", why->message, side_name ? side_name : "its side",
			d->lim.on_failure == TW_LUA_FORFEIT ? "forfeits" : "falls back to the built-in general");
	if (d->L) {
		lua_close(d->L);
		d->L = NULL;
	}
	const tw_ruleset *rs = d->rs ? d->rs : d->view ? tw_ruleset_get(d->view->ruleset) : NULL;
	if (d->lim.on_failure == TW_LUA_FALLBACK && rs && !d->fallback)
		d->fallback = tw_general_new(d->lim.fallback ? d->lim.fallback : "default", rs, g->side, tw_rng_u64(&g->rng));
}

// ---- the engine's calls into Lua, each run by tw_lua_protected ----

typedef struct decide_job {
	tw_lua_doctrine *d;
	const tw_state *view;
	int side;
	tw_order *out;
	bool bad;      ///< decide() returned something that is not an order
	tw_error why;  ///< why it is not
} decide_job;

static int job_decide(lua_State *L)
{
	decide_job *j = lua_touserdata(L, 1);
	const tw_state *v = j->view;
	// The engine's tw table, whatever the doctrine did to its global `tw`.
	lua_getfield(L, LUA_REGISTRYINDEX, TW_LUA_REG_TW);
	lua_pushstring(L, v->sides[j->side].name);
	lua_setfield(L, -2, "side");
	// tw.enemies: the sides not allied with ours now; tw.enemy: the first of them.
	lua_newtable(L);
	int nen = 0, first = -1;
	for (int k = 0; k < v->nsides; k++)
		if (k != j->side && !tw_allied(v, j->side, k)) {
			if (first < 0)
				first = k;
			lua_pushstring(L, v->sides[k].name);
			lua_rawseti(L, -2, ++nen);
		}
	lua_setfield(L, -2, "enemies");
	if (first >= 0)
		lua_pushstring(L, v->sides[first].name);
	else
		lua_pushnil(L);
	lua_setfield(L, -2, "enemy");
	lua_settop(L, 1);
	lua_getglobal(L, "decide");
	lua_call(L, 0, 1);
	int end = tw_order_type_with(tw_ruleset_get(v->ruleset), TW_OD_ENDS_TURN);
	if (lua_isnil(L, -1) && end >= 0)
		tw_order_init(j->out, end, j->side); // nil: end the turn
	else if (tw_lua_to_order(L, -1, v, j->side, j->out, &j->why) != TW_OK)
		j->bad = true;
	return 0;
}

typedef struct param_job {
	const char *name;
	double value;
} param_job;

static int job_set_param(lua_State *L)
{
	const param_job *j = lua_touserdata(L, 1);
	lua_getfield(L, LUA_REGISTRYINDEX, TW_LUA_REG_PARAMS);
	lua_pushnumber(L, j->value);
	lua_setfield(L, -2, j->name);
	return 0;
}

typedef struct load_job {
	tw_lua_doctrine *d;
	const char *text;
	size_t len;
	bool syntax;    ///< the text is not Lua (syntax error, bytecode)
	bool no_decide; ///< it ran, and defined no function decide()
} load_job;

static int job_load(lua_State *L)
{
	load_job *j = lua_touserdata(L, 1);
	tw_lua_api_open(j->d);
	char chunk[140];
	snprintf(chunk, sizeof chunk, "@%s", j->d->file);
	int rc = luaL_loadbufferx(L, j->text, j->len, chunk, "t");
	if (rc != LUA_OK) {
		j->syntax = rc == LUA_ERRSYNTAX;
		// "attempt to load a binary chunk" carries no position: it is the file's first byte.
		const char *m = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
		if (rc == LUA_ERRSYNTAX && strncmp(m, j->d->file, strlen(j->d->file)) != 0)
			lua_pushfstring(L, "%s:1: %s", j->d->file, m);
		return lua_error(L);
	}
	lua_call(L, 0, 0);
	j->no_decide = lua_getglobal(L, "decide") != LUA_TFUNCTION;
	return 0;
}

static tw_status lua_decide(tw_general *g, const tw_state *view, int side, tw_order *out)
{
	tw_lua_doctrine *d = g->ctx;
	d->view = view;
	d->side = side;
	if (!d->failed) {
		decide_job j = {.d = d, .view = view, .side = side, .out = out};
		tw_error_clear(&j.why);
		tw_error err;
		tw_error_clear(&err);
		tw_status st = tw_lua_protected(d, job_decide, &j, &err);
		if (st == TW_OK && j.bad) {
			tw_error_set(&err, TW_ERR_INPUT, "", "%s: decide() returned a bad order: %s", d->file, j.why.message);
			snprintf(err.path, sizeof err.path, "%s", d->file);
			st = TW_ERR_INPUT;
		}
		if (st == TW_OK) {
			d->view = NULL;
			return TW_OK;
		}
		fail_over(g, &err, side_name_of(d, side));
	}
	tw_status st;
	if (d->fallback) {
		st = tw_general_call(d->fallback, view, side, out);
	} else {
		g->forfeit = true;
		int end = tw_order_type_with(tw_ruleset_get(view->ruleset), TW_OD_ENDS_TURN);
		tw_order_init(out, end > 0 ? end : 0, side);
		st = TW_ERR_STATE;
	}
	d->view = NULL;
	return st;
}

static tw_status lua_set_param(tw_general *g, const char *name, double value, tw_error *err)
{
	tw_lua_doctrine *d = g->ctx;
	if (!d->L)
		return tw_error_set(err, TW_ERR_STATE, "", "%s has failed; parameters no longer apply", d->file);
	param_job j = {.name = name, .value = value};
	tw_error why;
	tw_error_clear(&why);
	if (tw_lua_protected(d, job_set_param, &j, &why) != TW_OK)
		fail_over(g, &why, NULL); // the doctrine filled its memory, say: it has failed, not the caller
	return TW_OK;
}

static const tw_general_def lua_def = {
	.name = "lua",
	.ruleset = NULL,
	.help = "a Lua doctrine (docs/doctrine.md)",
	.decide = lua_decide,
	.ctx_size = sizeof(tw_lua_doctrine),
	.destroy = lua_destroy,
	.set_param = lua_set_param,
};

bool tw_general_is_lua(const tw_general *g) { return g && g->def->decide == lua_decide; }

bool tw_lua_failure(const tw_general *g, tw_error *err)
{
	if (!tw_general_is_lua(g))
		return false;
	const tw_lua_doctrine *d = g->ctx;
	if (d->failed && err)
		*err = d->failure;
	return d->failed;
}

// A Lua general with no state yet (NULL if out of memory).
static tw_general *new_shell(const char *name, const tw_ruleset *rs, int side, uint64_t seed, const tw_lua_limits *lim)
{
	tw_general *g = calloc(1, sizeof *g);
	tw_lua_doctrine *d = calloc(1, sizeof *d);
	if (!g || !d) {
		free(g);
		free(d);
		return NULL;
	}
	d->def = lua_def;
	snprintf(d->file, sizeof d->file, "%s", name);
	d->def.name = d->file;
	d->rs = rs;
	g->def = &d->def;
	g->ctx = d;
	g->side = side;
	g->budget = 1000;
	tw_rng_seed(&g->rng, tw_rng_derive(seed ^ 0x6E6572616CULL, (uint64_t)side));
	d->self = g;
	if (lim)
		d->lim = *lim;
	else
		tw_lua_limits_default(&d->lim);
	return g;
}

tw_general *tw_general_new_lua_text(const char *name, const char *text, size_t len, const tw_ruleset *rs,
				    int side, uint64_t seed, const tw_lua_limits *lim, tw_error *err)
{
	tw_general *g = new_shell(name, rs, side, seed, lim);
	if (!g) {
		tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		return NULL;
	}
	tw_lua_doctrine *d = g->ctx;
	d->scratch = malloc(TW_LUA_SCRATCH * sizeof *d->scratch);
	if (!d->scratch || !tw_lua_sandbox_new(d, tw_rng_u64(&g->rng))) {
		tw_error_set(err, TW_ERR_NOMEM, "", "%s: cannot create the Lua state", name);
		tw_general_free(g);
		return NULL;
	}
	load_job j = {.d = d, .text = text, .len = len};
	tw_status st = tw_lua_protected(d, job_load, &j, err);
	if (st == TW_OK && j.no_decide) {
		st = tw_error_set(err, TW_ERR_INPUT, "", "%s:0: the doctrine defines no function decide()", name);
		if (err) {
			snprintf(err->path, sizeof err->path, "%s", name);
			err->line = 0;
		}
	} else if (st != TW_OK && j.syntax && err) {
		err->code = st = TW_ERR_INPUT;
	}
	if (st != TW_OK) {
		tw_general_free(g);
		return NULL;
	}
	return g;
}

tw_general *tw_lua_general_failed(const char *name, const tw_ruleset *rs, int side, const char *side_name,
				  uint64_t seed, const tw_lua_limits *lim, const tw_error *why)
{
	tw_general *g = new_shell(name, rs, side, seed, lim);
	if (g)
		fail_over(g, why, side_name);
	return g;
}

tw_general *tw_general_new_lua(const char *path, const tw_ruleset *rs, int side, uint64_t seed,
			       const tw_lua_limits *lim, tw_error *err)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		tw_error_set(err, TW_ERR_IO, "", "%s: cannot open the doctrine", path);
		return NULL;
	}
	enum { MAX_SIZE = 1 << 20 };
	char *buf = malloc(MAX_SIZE + 1);
	size_t len = buf ? fread(buf, 1, MAX_SIZE + 1, f) : 0;
	fclose(f);
	if (!buf || len > MAX_SIZE) {
		free(buf);
		tw_error_set(err, buf ? TW_ERR_INPUT : TW_ERR_NOMEM, "", "%s: doctrine larger than 1 MiB", path);
		return NULL;
	}
	tw_general *g = tw_general_new_lua_text(path, buf, len, rs, side, seed, lim, err);
	free(buf);
	return g;
}
