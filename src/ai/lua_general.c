// The Lua general: a doctrine script behind the general interface. Each decision calls the
// script's global decide() in the sandbox; a failure is reported once with file and line, and
// the side then falls back to a built-in general or forfeits (tw_lua_limits.on_failure).
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

// Records the failure, says so once, closes the script and sets up the stated default.
static void fail_over(tw_general *g, const tw_error *why)
{
	tw_lua_doctrine *d = g->ctx;
	d->failed = true;
	d->failure = *why;
	const char *sname = d->view && g->side < d->view->nsides ? d->view->sides[g->side].name : "its side";
	if (!d->lim.quiet)
		fprintf(stderr, "tinwar: doctrine %s; %s %s\n", why->message, sname,
			d->lim.on_failure == TW_LUA_FORFEIT ? "forfeits" : "falls back to the built-in general");
	if (d->L) {
		lua_close(d->L);
		d->L = NULL;
	}
	if (d->lim.on_failure == TW_LUA_FALLBACK && d->view) {
		const tw_ruleset *rs = tw_ruleset_get(d->view->ruleset);
		d->fallback = tw_general_new(d->lim.fallback ? d->lim.fallback : "default", rs, g->side,
					     tw_rng_u64(&g->rng));
	}
}

static tw_status lua_decide(tw_general *g, const tw_state *view, int side, tw_order *out)
{
	tw_lua_doctrine *d = g->ctx;
	d->view = view;
	d->side = side;
	if (!d->failed) {
		lua_State *L = d->L;
		lua_getglobal(L, "tw");
		lua_pushstring(L, view->sides[side].name);
		lua_setfield(L, -2, "side");
		lua_pushstring(L, view->sides[side == 0 ? 1 : 0].name);
		lua_setfield(L, -2, "enemy");
		lua_pop(L, 1);
		tw_error err;
		tw_error_clear(&err);
		lua_getglobal(L, "decide");
		tw_status st = tw_lua_sandbox_call(d, 0, &err);
		if (st == TW_OK) {
			int end = tw_order_type_with(tw_ruleset_get(view->ruleset), TW_OD_ENDS_TURN);
			if (lua_isnil(L, -1) && end >= 0) {
				tw_order_init(out, end, side); // nil: end the turn
			} else {
				st = tw_lua_to_order(L, -1, view, side, out, &err);
				if (st != TW_OK) {
					char m[sizeof err.message];
					snprintf(m, sizeof m, "%s", err.message);
					tw_error_set(&err, TW_ERR_INPUT, "", "%s: decide() returned a bad order: %s", d->file, m);
					snprintf(err.path, sizeof err.path, "%s", d->file);
				}
			}
			lua_settop(L, 0);
		}
		if (st == TW_OK) {
			d->view = NULL;
			return TW_OK;
		}
		fail_over(g, &err);
	}
	tw_status st;
	if (d->fallback) {
		st = d->fallback->def->decide(d->fallback, view, side, out);
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
	lua_getglobal(d->L, "tw");
	lua_getfield(d->L, -1, "params");
	lua_pushnumber(d->L, value);
	lua_setfield(d->L, -2, name);
	lua_pop(d->L, 2);
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

tw_general *tw_general_new_lua_text(const char *name, const char *text, size_t len, const tw_ruleset *rs,
				    int side, uint64_t seed, const tw_lua_limits *lim, tw_error *err)
{
	(void)rs;
	tw_general *g = calloc(1, sizeof *g);
	tw_lua_doctrine *d = calloc(1, sizeof *d);
	if (!g || !d) {
		free(g);
		free(d);
		tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		return NULL;
	}
	d->def = lua_def;
	snprintf(d->file, sizeof d->file, "%s", name);
	d->def.name = d->file;
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
	d->scratch = malloc(TW_LUA_SCRATCH * sizeof *d->scratch);
	if (!d->scratch || !tw_lua_sandbox_new(d, tw_rng_u64(&g->rng))) {
		tw_error_set(err, TW_ERR_NOMEM, "", "%s: cannot create the Lua state", name);
		tw_general_free(g);
		return NULL;
	}
	tw_lua_api_open(d);
	if (tw_lua_sandbox_run_chunk(d, text, len, err) != TW_OK) {
		tw_general_free(g);
		return NULL;
	}
	if (lua_getglobal(d->L, "decide") != LUA_TFUNCTION) {
		tw_error_set(err, TW_ERR_INPUT, "", "%s:0: the doctrine defines no function decide()", name);
		if (err)
			snprintf(err->path, sizeof err->path, "%s", name);
		tw_general_free(g);
		return NULL;
	}
	lua_settop(d->L, 0);
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
