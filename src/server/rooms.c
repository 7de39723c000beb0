// Rooms: a game, its seats and their secret tokens, computer seats, and what each seat sees.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <civetweb.h>

#include "srv.h"
#include "tinwar/render.h"


const char *srv_seat_name(const srv_room *r, int seat)
{
	if (seat == SRV_UMPIRE)
		return "umpire";
	if (seat == SRV_SPECTATOR)
		return "spectator";
	const tw_state *s = tw_game_state(r->game);
	return (seat >= 0 && seat < s->nsides) ? s->sides[seat].name : "?";
}

static int slot_of_seat(int seat)
{
	return seat == SRV_UMPIRE ? SRV_SLOT_UMPIRE : seat == SRV_SPECTATOR ? SRV_SLOT_SPECTATOR : seat;
}

static int seat_of_slot(int slot)
{
	return slot == SRV_SLOT_UMPIRE ? SRV_UMPIRE : slot == SRV_SLOT_SPECTATOR ? SRV_SPECTATOR : slot;
}

static json_t *colour_json(uint32_t c)
{
	char buf[16];
	snprintf(buf, sizeof buf, "#%08x", (unsigned)c);
	return json_string(buf);
}

/// The rule set's templates (src/render's registry) as data: shapes in inches in the template's
/// frame (+y along its bearing, +x to the right), angles in degrees clockwise from the bearing.
static json_t *templates_json(const char *ruleset)
{
	static const char *const kinds[] = {"poly", "circle", "sector", "line"};
	int n = 0;
	const tw_render_template *v = tw_render_templates(ruleset, &n);
	json_t *arr = json_array();
	for (int i = 0; i < n; i++) {
		json_t *shapes = json_array();
		for (int k = 0; k < v[i].nshapes; k++) {
			const tw_tpl_shape *sh = &v[i].shapes[k];
			json_t *pts = json_array();
			for (int p = 0; p < sh->npts && p < TW_TPL_MAX_POINTS; p++)
				json_array_append_new(pts, json_pack("[f, f]", sh->pts[p].x, sh->pts[p].y));
			json_t *sj = json_pack("{s:s, s:o}", "kind", sh->kind < 4 ? kinds[sh->kind] : "?", "pts", pts);
			if (sh->kind == TW_TPL_CIRCLE || sh->kind == TW_TPL_SECTOR)
				json_object_set_new(sj, "r1", json_real(sh->r1));
			if (sh->kind == TW_TPL_SECTOR) {
				json_object_set_new(sj, "r0", json_real(sh->r0));
				json_object_set_new(sj, "a0", json_real(sh->a0));
				json_object_set_new(sj, "a1", json_real(sh->a1));
			}
			json_array_append_new(shapes, sj);
		}
		json_array_append_new(arr, json_pack("{s:s, s:o, s:o, s:o, s:f, s:b}", "name", v[i].name, "shapes", shapes,
						     "fill", colour_json(v[i].fill), "stroke", colour_json(v[i].stroke),
						     "line_width", v[i].line_width, "dashed", v[i].dashed));
	}
	return arr;
}

json_t *srv_ruleset_json(const tw_ruleset *rs)
{
	json_t *params = json_array();
	for (int i = 0; i < rs->nparams; i++) {
		const tw_param_def *p = &rs->params[i];
		json_t *pj = json_pack("{s:s, s:f, s:f, s:f, s:s}", "name", p->name, "default", p->def, "min", p->min,
				       "max", p->max, "help", p->help ? p->help : "");
		if (p->choices) {
			json_t *ch = json_array();
			for (int k = 0; p->choices[k]; k++)
				json_array_append_new(ch, json_string(p->choices[k]));
			json_object_set_new(pj, "choices", ch);
		}
		json_array_append_new(params, pj);
	}
	json_t *gens = json_array();
	for (int i = 0; i < rs->ngenerals; i++)
		json_array_append_new(gens, json_string(rs->generals[i]->name));
	for (int i = 0; i < tw_general_count(); i++) {
		const tw_general_def *d = tw_general_get(i);
		if (!d->ruleset && strcmp(d->name, "random") == 0)
			json_array_append_new(gens, json_string(d->name));
	}
	// The rule set's own description of its orders (order.h): the page builds its tools from it.
	json_t *types = json_array(), *orders = tw_ruleset_orders_json(rs);
	for (int t = 0; t < rs->norders; t++)
		json_array_append_new(types, json_string(rs->orders[t].name));
	json_t *evs = json_array();
	for (int t = 0; t < TW_EV_COUNT; t++)
		json_array_append_new(evs, json_string(tw_event_type_name((tw_event_type)t)));
	return json_pack("{s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o}", "name", rs->name, "title", rs->title, "params",
			 params, "generals", gens, "order_types", types, "orders", orders, "event_types", evs, "templates",
			 templates_json(rs->name));
}

// ---- creating and restoring ----

static srv_room *room_alloc(srv_server *s)
{
	srv_room *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	pthread_mutex_init(&r->mu, NULL);
	r->srv = s;
	r->clock.side = -1;
	r->clock.scale = 1;
	r->clock.enabled = true;
	return r;
}

void srv_room_free(srv_room *r)
{
	if (!r)
		return;
	for (int i = 0; i < TW_MAX_SIDES; i++)
		tw_general_free(r->gen[i]);
	tw_game_free(r->game);
	free(r->scenario_json);
	pthread_mutex_destroy(&r->mu);
	free(r);
}

static bool add_room(srv_server *s, srv_room *r)
{
	pthread_mutex_lock(&s->mu);
	if (s->nrooms == s->caprooms) {
		int cap = s->caprooms ? s->caprooms * 2 : 16;
		srv_room **v = realloc(s->rooms, (size_t)cap * sizeof *v);
		if (!v) {
			pthread_mutex_unlock(&s->mu);
			return false;
		}
		s->rooms = v;
		s->caprooms = cap;
	}
	s->rooms[s->nrooms++] = r;
	pthread_mutex_unlock(&s->mu);
	return true;
}

static tw_status set_params(tw_state *st, const json_t *params, tw_error *err)
{
	const tw_ruleset *rs = tw_ruleset_get(st->ruleset);
	const char *key;
	json_t *v;
	if (!params)
		return TW_OK;
	if (!json_is_object(params))
		return tw_error_set(err, TW_ERR_INPUT, "", "params must be an object");
	json_object_foreach((json_t *)params, key, v)
	{
		int i = tw_ruleset_param(rs, key);
		if (i < 0)
			return tw_error_set(err, TW_ERR_INPUT, "", "%s has no parameter '%s'", rs->name, key);
		const tw_param_def *p = &rs->params[i];
		double x = 0;
		if (json_is_number(v)) {
			x = json_number_value(v);
		} else if (json_is_string(v) && p->choices) {
			x = -1;
			for (int k = 0; p->choices[k]; k++)
				if (strcmp(p->choices[k], json_string_value(v)) == 0)
					x = k;
			if (x < 0)
				return tw_error_set(err, TW_ERR_INPUT, "", "'%s' is not a choice of %s", json_string_value(v),
						    key);
		} else {
			return tw_error_set(err, TW_ERR_INPUT, "", "parameter %s needs a number", key);
		}
		if (!(x >= p->min && x <= p->max))
			return tw_error_set(err, TW_ERR_INPUT, "", "parameter %s must be within %g..%g", key, p->min, p->max);
		st->params[i] = x;
	}
	return TW_OK;
}

static json_t *seats_json(const srv_room *r)
{
	json_t *tok = json_array(), *comp = json_array();
	for (int i = 0; i < SRV_SLOTS; i++)
		json_array_append_new(tok, json_string(r->tokens[i]));
	for (int i = 0; i < TW_MAX_SIDES; i++)
		json_array_append_new(comp, json_string(r->computer[i]));
	return json_pack("{s:o, s:o}", "tokens", tok, "computer", comp);
}

static json_t *clock_cfg_json(const srv_room *r)
{
	return json_pack("{s:b, s:f}", "enabled", r->clock.enabled, "scale", r->clock.scale);
}

static tw_status set_computer(srv_room *r, const tw_state *st, const json_t *comp, tw_error *err)
{
	const char *key;
	json_t *v;
	if (!comp)
		return TW_OK;
	if (!json_is_object(comp))
		return tw_error_set(err, TW_ERR_INPUT, "", "computer must be an object {side: general}");
	const tw_ruleset *rs = tw_ruleset_get(st->ruleset);
	json_object_foreach((json_t *)comp, key, v)
	{
		int side = tw_state_side_index(st, key);
		if (side < 0)
			return tw_error_set(err, TW_ERR_INPUT, "", "no side '%s'", key);
		if (json_is_null(v) || json_is_false(v))
			continue;
		const char *name = json_is_string(v) ? json_string_value(v) : "";
		if (json_is_true(v) || !*name)
			name = rs->ngenerals > 0 ? rs->generals[0]->name : "random";
		if (strlen(name) >= sizeof r->computer[0] || strstr(name, ".lua"))
			return tw_error_set(err, TW_ERR_INPUT, "", "unknown general '%s'", name);
		tw_general *g = tw_general_new(name, rs, side, 1);
		if (!g)
			return tw_error_set(err, TW_ERR_INPUT, "", "unknown general '%s'", name);
		tw_general_free(g);
		snprintf(r->computer[side], sizeof r->computer[side], "%s", name);
	}
	return TW_OK;
}

static tw_status set_clock(srv_room *r, const json_t *clk, tw_error *err)
{
	if (!clk)
		return TW_OK;
	if (!json_is_object(clk))
		return tw_error_set(err, TW_ERR_INPUT, "", "clock must be an object");
	json_t *en = json_object_get(clk, "enabled"), *sc = json_object_get(clk, "scale");
	if (en && !json_is_boolean(en))
		return tw_error_set(err, TW_ERR_INPUT, "", "clock.enabled must be true or false");
	if (en)
		r->clock.enabled = json_is_true(en);
	if (sc) {
		double x = json_is_number(sc) ? json_number_value(sc) : -1;
		if (!(x >= 0.001 && x <= 10))
			return tw_error_set(err, TW_ERR_INPUT, "", "clock.scale must be within 0.001..10");
		r->clock.scale = x;
	}
	return TW_OK;
}

srv_room *srv_room_create(srv_server *s, const json_t *req, tw_error *err)
{
	tw_state st;
	memset(&st, 0, sizeof st);
	bool have_state = false;
	srv_room *r = NULL;
	if (!json_is_object(req)) {
		tw_error_set(err, TW_ERR_INPUT, "", "the request must be a JSON object");
		return NULL;
	}
	static const char *const known[] = {"ruleset", "scenario", "seed", "width", "depth", "params", "computer", "clock"};
	const char *key;
	json_t *v;
	json_object_foreach((json_t *)req, key, v)
	{
		bool ok = false;
		for (size_t i = 0; i < TW_ARRAY_COUNT(known); i++)
			ok = ok || strcmp(key, known[i]) == 0;
		if (!ok) {
			tw_error_set(err, TW_ERR_INPUT, "", "unknown key '%s'", key);
			return NULL;
		}
	}
	uint64_t seed = 0;
	json_t *sj = json_object_get(req, "seed");
	if (sj && !(json_is_integer(sj) && json_integer_value(sj) >= 0)) {
		tw_error_set(err, TW_ERR_INPUT, "", "seed must be a non-negative integer");
		return NULL;
	}
	if (sj) {
		seed = (uint64_t)json_integer_value(sj);
	} else {
		char hex[17];
		if (!srv_random_hex(hex, 6)) {
			tw_error_set(err, TW_ERR_IO, "", "cannot read /dev/urandom");
			return NULL;
		}
		seed = strtoull(hex, NULL, 16);
	}
	json_t *scen = json_object_get(req, "scenario");
	if (scen) {
		if (tw_state_from_json(&st, scen, err) != TW_OK)
			return NULL;
		have_state = true;
	} else {
		json_t *rsj = json_object_get(req, "ruleset"), *wj = json_object_get(req, "width"),
		       *dj = json_object_get(req, "depth");
		const char *rsname = json_is_string(rsj) ? json_string_value(rsj) : "littlewars";
		if (tw_ruleset_find(rsname) < 0) {
			tw_error_set(err, TW_ERR_INPUT, "", "no rule set '%s'", rsname);
			return NULL;
		}
		double w = json_is_number(wj) ? json_number_value(wj) : 144, d = json_is_number(dj) ? json_number_value(dj) : 96;
		if (!(w >= 24 && w <= 1000 && d >= 24 && d <= 1000)) {
			tw_error_set(err, TW_ERR_INPUT, "", "width and depth must be within 24..1000 in");
			return NULL;
		}
		if (tw_scenario_generate(&st, rsname, seed, w, d, err) != TW_OK)
			goto fail;
		have_state = true;
	}
	if (set_params(&st, json_object_get(req, "params"), err) != TW_OK)
		goto fail;
	r = room_alloc(s);
	if (!r) {
		tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		goto fail;
	}
	if (set_computer(r, &st, json_object_get(req, "computer"), err) != TW_OK ||
	    set_clock(r, json_object_get(req, "clock"), err) != TW_OK)
		goto fail;
	json_t *scj = tw_state_to_json(&st);
	r->scenario_json = scj ? json_dumps(scj, JSON_COMPACT) : NULL;
	json_decref(scj);
	r->game = tw_game_new(&st, seed, tw_shot_model_find("fast"), err);
	if (!r->game || !r->scenario_json)
		goto fail;
	tw_game_set_undo(r->game, false);
	if (!srv_random_hex(r->id, 8))
		goto fail_rand;
	for (int i = 0; i < SRV_SLOTS; i++)
		if (!srv_random_hex(r->tokens[i], SRV_TOKEN_LEN / 2))
			goto fail_rand;
	json_t *seats = seats_json(r), *clk = clock_cfg_json(r);
	char *seats_s = json_dumps(seats, JSON_COMPACT), *clk_s = json_dumps(clk, JSON_COMPACT);
	json_decref(seats);
	json_decref(clk);
	tw_status stt = srv_store_add_game(s, r, seats_s, clk_s);
	free(seats_s);
	free(clk_s);
	if (stt != TW_OK) {
		tw_error_set(err, stt, "", "cannot store the game");
		goto fail;
	}
	if (!add_room(s, r)) {
		tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		goto fail;
	}
	tw_state_free(&st);
	return r;
fail_rand:
	tw_error_set(err, TW_ERR_IO, "", "cannot read /dev/urandom");
fail:
	if (have_state)
		tw_state_free(&st);
	srv_room_free(r);
	return NULL;
}

typedef struct replay_ctx {
	srv_room *r;
	tw_error *err;
	int n;
} replay_ctx;

static tw_status replay_one(void *vctx, const char *text)
{
	replay_ctx *rc = vctx;
	tw_order *o = malloc(sizeof *o);
	json_error_t je;
	json_t *j = json_loads(text, 0, &je);
	tw_status st = TW_ERR_INPUT;
	if (o && j && tw_order_from_json(o, tw_game_state(rc->r->game), j, "$", rc->err) == TW_OK) {
		int first = 0, count = 0;
		st = tw_game_apply(rc->r->game, o, &first, &count, rc->err);
		if (st == TW_OK)
			srv_clock_events(rc->r, tw_game_events(rc->r->game), first, count);
	}
	json_decref(j);
	free(o);
	rc->n++;
	return st;
}

srv_room *srv_room_restore(srv_server *s, const char *id, const char *scenario, uint64_t seed, const char *seats,
			   const char *clock, tw_error *err)
{
	tw_state st;
	srv_room *r = room_alloc(s);
	json_error_t je;
	json_t *sj = NULL, *cj = NULL;
	if (!r || strlen(id) != 16)
		goto fail;
	snprintf(r->id, sizeof r->id, "%s", id);
	if (tw_state_from_text(&st, scenario, strlen(scenario), id, err) != TW_OK)
		goto fail;
	r->game = tw_game_new(&st, seed, tw_shot_model_find("fast"), err);
	tw_state_free(&st);
	if (!r->game)
		goto fail;
	tw_game_set_undo(r->game, false);
	r->scenario_json = strdup(scenario);
	sj = json_loads(seats, 0, &je);
	cj = json_loads(clock, 0, &je);
	json_t *tok = json_object_get(sj, "tokens"), *comp = json_object_get(sj, "computer");
	if (json_array_size(tok) != SRV_SLOTS || json_array_size(comp) != TW_MAX_SIDES) {
		tw_error_set(err, TW_ERR_INPUT, "", "game %s: bad seats record", id);
		goto fail;
	}
	for (int i = 0; i < SRV_SLOTS; i++)
		snprintf(r->tokens[i], sizeof r->tokens[i], "%s", json_string_value(json_array_get(tok, (size_t)i)) ?: "");
	for (int i = 0; i < TW_MAX_SIDES; i++)
		snprintf(r->computer[i], sizeof r->computer[i], "%s",
			 json_string_value(json_array_get(comp, (size_t)i)) ?: "");
	if (set_clock(r, cj, err) != TW_OK)
		goto fail;
	replay_ctx rc = {r, err, 0};
	if (srv_store_orders(s, id, replay_one, &rc, err) != TW_OK)
		goto fail;
	char *saved = srv_store_get_clock(s, id);
	if (saved)
		srv_clock_restore(r, saved);
	free(saved);
	json_decref(sj);
	json_decref(cj);
	if (!add_room(s, r))
		goto fail;
	return r;
fail:
	json_decref(sj);
	json_decref(cj);
	srv_room_free(r);
	return NULL;
}

srv_room *srv_room_by_token(srv_server *s, const char *game, const char *token, int *seat)
{
	srv_room *found = NULL;
	if (!game || !token || strlen(token) != SRV_TOKEN_LEN)
		return NULL;
	pthread_mutex_lock(&s->mu);
	for (int i = 0; i < s->nrooms && !found; i++) {
		srv_room *r = s->rooms[i];
		if (strcmp(r->id, game) != 0)
			continue;
		int nsides = tw_game_state(r->game)->nsides;
		for (int k = 0; k < SRV_SLOTS; k++) {
			if (k >= nsides && k < SRV_SLOT_UMPIRE)
				continue;
			if (srv_token_eq(r->tokens[k], token)) {
				found = r;
				*seat = seat_of_slot(k);
			}
		}
	}
	pthread_mutex_unlock(&s->mu);
	return found;
}

// ---- what a seat sees ----

static int view_seat(int seat)
{
	// The spectator sees what no side has hidden: a view for a seat that owns nothing.
	return seat == SRV_SPECTATOR ? 100 : seat;
}

/// The state message from a seat's view `v` (built by tw_state_view). The terrain, which does
/// not change, goes only in full pictures (join, sync), not in every update.
static json_t *view_msg(srv_room *r, int seat, tw_state *v, bool terrain)
{
	const tw_state *s = tw_game_state(r->game);
	const tw_ruleset *rs = tw_game_ruleset(r->game);
	if (seat != SRV_UMPIRE)
		v->seed = 0; // with the seed and the orders a seat could foretell the dice
	json_t *sj = tw_state_to_json(v);
	if (!terrain)
		json_object_del(sj, "terrain");
	double pts[TW_MAX_SIDES] = {0};
	if (rs->score)
		rs->score(s, pts);
	json_t *score = json_array();
	for (int i = 0; i < s->nsides; i++)
		json_array_append_new(score, json_real(pts[i]));
	json_t *comp = json_array();
	for (int i = 0; i < s->nsides; i++)
		json_array_append_new(comp, r->computer[i][0] ? json_string(r->computer[i]) : json_null());
	// Who is asked for what now (every seat sees the decisions; a secret choice's content never).
	tw_decision dec[TW_MAX_DECISIONS];
	int nd = tw_state_decisions(s, dec, TW_MAX_DECISIONS);
	json_t *dj = json_array();
	for (int i = 0; i < nd; i++) {
		json_t *types = json_array();
		for (int t = 0; t < rs->norders && t < 64; t++)
			if (dec[i].types == 0 || (dec[i].types & (UINT64_C(1) << t)))
				json_array_append_new(types, json_string(rs->orders[t].name));
		json_array_append_new(dj, json_pack("{s:i, s:s, s:s, s:s, s:b, s:o}", "seat", dec[i].seat, "kind", dec[i].kind,
						    "clause", dec[i].clause, "prompt", dec[i].prompt, "secret", dec[i].secret,
						    "types", types));
	}
	return json_pack("{s:s, s:o, s:i, s:b, s:i, s:i, s:i, s:o, s:o, s:i, s:o}", "type", "state", "state", sj,
			 "to_move", nd > 0 ? dec[0].seat : -1, "over", s->over, "winner", s->winner, "phase", s->phase,
			 "move_no", s->move_no, "score", score, "computer", comp, "orders", tw_game_order_count(r->game),
			 "decisions", dj);
}

json_t *srv_view_json(srv_room *r, int seat)
{
	tw_state v;
	if (tw_state_view(&v, tw_game_state(r->game), view_seat(seat)) != TW_OK)
		return NULL;
	json_t *m = view_msg(r, seat, &v, true);
	tw_state_free(&v);
	return m;
}

/// Marks the figures and guns whose place the seat's view hides.
static void hidden_sets(srv_room *r, int seat, const tw_state *v, uint8_t *hfig, uint8_t *hgun)
{
	const tw_state *s = tw_game_state(r->game);
	for (int i = 0; i < s->nfig; i++)
		hfig[i] = v->fig[i].status != s->fig[i].status || v->fig[i].pos.x != s->fig[i].pos.x ||
			  v->fig[i].pos.y != s->fig[i].pos.y;
	for (int i = 0; i < s->ngun; i++)
		hgun[i] = v->gun[i].axle.x != s->gun[i].axle.x || v->gun[i].axle.y != s->gun[i].axle.y;
	(void)seat;
}

/// Events first..first+count as `seat` may read them; `view` is the seat's view of the state now.
/// A shot's recorded trace, as the shot model flew it (flight, bounces, roll), for the page to
/// animate: [[t, x, y, z], ...] in seconds and inches (hundredths), or NULL when there is none.
static json_t *shot_trace(srv_room *r, int k)
{
	const tw_shot_recorder *rec = tw_game_recorder(r->game);
	const tw_shot_result *res = rec ? tw_shot_recorder_get(rec, k) : NULL;
	if (!res || res->nsamples < 2)
		return NULL;
	json_t *a = json_array();
	for (int i = 0; a && i < res->nsamples && i < TW_SHOT_MAX_SAMPLES; i++) {
		const tw_shot_sample *q = &res->samples[i];
		json_t *pt = json_pack("[f,f,f,f]", round(q->t * 1000.0) / 1000.0, round(q->x * 100.0) / 100.0,
				       round(q->y * 100.0) / 100.0, round(q->z * 100.0) / 100.0);
		if (pt)
			json_array_append_new(a, pt);
	}
	return a;
}

/// Each visible shot event (its recording index `c` kept) gets its trace.
static json_t *with_traces(srv_room *r, json_t *arr)
{
	size_t i;
	json_t *o;
	json_array_foreach(arr, i, o) {
		const char *type = json_string_value(json_object_get(o, "type"));
		json_t *c = json_object_get(o, "c");
		if (!type || strcmp(type, "shot") != 0 || !json_is_integer(c))
			continue;
		json_t *t = shot_trace(r, (int)json_integer_value(c));
		if (t)
			json_object_set_new(o, "trace", t);
	}
	return arr;
}

static json_t *events_json_v(srv_room *r, int seat, int first, int count, const tw_state *view)
{
	const tw_events *ev = tw_game_events(r->game);
	const tw_state *s = tw_game_state(r->game);
	if (first < 0)
		first = 0;
	if (count < 0 || first + count > ev->n)
		count = ev->n - first;
	if (seat == SRV_UMPIRE)
		return with_traces(r, tw_events_to_json(ev, first, count));
	const tw_state v = *view;
	uint8_t *hfig = calloc((size_t)s->nfig + 1, 1), *hgun = calloc((size_t)s->ngun + 1, 1);
	json_t *arr = json_array();
	for (int i = first; i < first + count && hfig && hgun; i++) {
		tw_event e = ev->v[i];
		if (i == first)
			hidden_sets(r, seat, &v, hfig, hgun);
		bool hide = false;
		switch (e.type) {
		case TW_EV_DEPLOY:
			hide = (e.a >= 0 && e.a < s->nfig && hfig[e.a]) || (e.a < 0 && e.c >= 0 && e.c < s->ngun && hgun[e.c]);
			break;
		case TW_EV_MOVE: case TW_EV_KILL: case TW_EV_TOUCH: case TW_EV_PRISONER: case TW_EV_ESCORT:
		case TW_EV_FREED: case TW_EV_REARMED: case TW_EV_DELIVERED: case TW_EV_SURRENDER: case TW_EV_WITHDRAW:
		case TW_EV_TRAIL: case TW_EV_LIE: case TW_EV_MELEE_MEMBER:
			hide = e.a >= 0 && e.a < s->nfig && hfig[e.a];
			break;
		case TW_EV_GUN_MOVE: case TW_EV_SHOT: case TW_EV_CAPTURE: case TW_EV_DISPUTE: case TW_EV_GUN_STATUS:
			hide = e.a >= 0 && e.a < s->ngun && hgun[e.a];
			break;
		default: break;
		}
		if (hide) {
			e.a = -1;
			e.c = -1;
			e.x = e.y = e.v = 0;
			snprintf(e.text, sizeof e.text, "%s did something out of sight",
				 e.side >= 0 && e.side < s->nsides ? s->sides[e.side].name : "someone");
			if (e.type == TW_EV_DEPLOY)
				snprintf(e.text, sizeof e.text, "%s put something down out of sight",
					 e.side >= 0 && e.side < s->nsides ? s->sides[e.side].name : "someone");
			else if (e.type == TW_EV_MELEE_MEMBER) // the melee is public; who fought in it is not
				snprintf(e.text, sizeof e.text, "a man of %s out of sight in melee %d",
					 e.side >= 0 && e.side < s->nsides ? s->sides[e.side].name : "someone", e.b);
		}
		json_array_append_new(arr, tw_event_to_json(&e));
	}
	free(hfig);
	free(hgun);
	return with_traces(r, arr);
}

static json_t *events_json(srv_room *r, int seat, int first, int count)
{
	tw_state v;
	if (tw_state_view(&v, tw_game_state(r->game), view_seat(seat)) != TW_OK)
		return json_array();
	json_t *a = events_json_v(r, seat, first, count, &v);
	tw_state_free(&v);
	return a;
}

void srv_send(srv_conn *c, json_t *msg)
{
	if (!msg)
		return;
	char *text = json_dumps(msg, JSON_COMPACT);
	json_decref(msg);
	if (!text)
		return;
	if (c->conn) // a connection without a socket (the protocol fuzzer) builds replies and drops them
		mg_websocket_write(c->conn, MG_WEBSOCKET_OPCODE_TEXT, text, strlen(text));
	free(text);
}

static void send_text(srv_conn *c, const char *text)
{
	if (c->conn)
		mg_websocket_write(c->conn, MG_WEBSOCKET_OPCODE_TEXT, text, strlen(text));
}

void srv_room_broadcast(srv_room *r, int first, int count)
{
	char *state_txt[SRV_SLOTS] = {0}, *ev_txt[SRV_SLOTS] = {0};
	char *clock_txt = NULL;
	json_t *cj = srv_clock_json(r);
	clock_txt = json_dumps(cj, JSON_COMPACT);
	json_decref(cj);
	for (int i = 0; i < r->nconn; i++) {
		srv_conn *c = r->conns[i];
		int slot = slot_of_seat(c->seat);
		if (!state_txt[slot]) {
			// One view per seat serves its events and its state.
			tw_state v;
			if (tw_state_view(&v, tw_game_state(r->game), view_seat(c->seat)) == TW_OK) {
				if (count > 0) {
					json_t *m = json_pack("{s:s, s:o}", "type", "events", "events",
							      events_json_v(r, c->seat, first, count, &v));
					ev_txt[slot] = json_dumps(m, JSON_COMPACT);
					json_decref(m);
				}
				json_t *m = view_msg(r, c->seat, &v, false);
				state_txt[slot] = m ? json_dumps(m, JSON_COMPACT) : NULL;
				json_decref(m);
				tw_state_free(&v);
			}
		}
		if (ev_txt[slot])
			send_text(c, ev_txt[slot]);
		if (state_txt[slot])
			send_text(c, state_txt[slot]);
		if (clock_txt)
			send_text(c, clock_txt);
	}
	for (int i = 0; i < SRV_SLOTS; i++) {
		free(state_txt[i]);
		free(ev_txt[i]);
	}
	free(clock_txt);
}

void srv_room_send_all(srv_room *r, srv_conn *c)
{
	const tw_state *s = tw_game_state(r->game);
	json_t *sides = json_array();
	for (int i = 0; i < s->nsides; i++)
		json_array_append_new(sides, json_string(s->sides[i].name));
	srv_send(c, json_pack("{s:s, s:s, s:s, s:i, s:o, s:o}", "type", "hello", "game", r->id, "seat",
			      srv_seat_name(r, c->seat), "seat_index", c->seat, "sides", sides, "ruleset",
			      srv_ruleset_json(tw_game_ruleset(r->game))));
	srv_send(c, json_pack("{s:s, s:o}", "type", "events", "events", events_json(r, c->seat, 0, -1)));
	srv_send(c, srv_view_json(r, c->seat));
	srv_send(c, srv_clock_json(r));
}

tw_status srv_room_apply(srv_room *r, const tw_order *o, tw_error *err)
{
	int first = 0, count = 0;
	// What is applied is what the store keeps: the order as written and read back, so a
	// restart replays exactly the same game.
	json_t *oj = tw_order_to_json(o, tw_game_state(r->game));
	char *txt = oj ? json_dumps(oj, JSON_COMPACT) : NULL;
	tw_order *rt = calloc(1, sizeof *rt);
	tw_status st = oj && txt && rt ? tw_order_from_json(rt, tw_game_state(r->game), oj, "$", err) : TW_ERR_NOMEM;
	json_decref(oj);
	if (st == TW_OK)
		st = tw_game_apply(r->game, rt, &first, &count, err);
	free(rt);
	if (st != TW_OK) {
		free(txt);
		return st;
	}
	srv_store_add_order(r->srv, r->id, tw_game_order_count(r->game) - 1, txt);
	free(txt);
	srv_clock_acted(r, o->side);
	srv_clock_events(r, tw_game_events(r->game), first, count);
	srv_room_broadcast(r, first, count);
	return TW_OK;
}

bool srv_room_computer_step(srv_room *r)
{
	const tw_state *s = tw_game_state(r->game);
	const tw_ruleset *rs = tw_game_ruleset(r->game);
	if (s->over)
		return false;
	// The first seat asked for a decision that the computer holds.
	tw_decision dec[TW_MAX_DECISIONS];
	int nd = tw_state_decisions(s, dec, TW_MAX_DECISIONS), side = -1;
	for (int i = 0; i < nd && side < 0; i++)
		if (dec[i].seat >= 0 && dec[i].seat < s->nsides && r->computer[dec[i].seat][0] &&
		    r->computer_fail[dec[i].seat] <= 3)
			side = dec[i].seat;
	if (side < 0)
		return false;
	if (!r->gen[side]) {
		r->gen[side] = tw_general_new(r->computer[side], rs, side, tw_game_seed(r->game) ^ 0x5eedULL);
		if (!r->gen[side]) {
			r->computer_fail[side] = 99;
			return false;
		}
	}
	tw_order *o = calloc(1, sizeof *o);
	if (!o)
		return false;
	tw_error err;
	tw_error_clear(&err);
	tw_status st = tw_general_decide(r->gen[side], s, o);
	if (st == TW_OK)
		o->side = (int8_t)side;
	if (st != TW_OK || srv_room_apply(r, o, &err) != TW_OK) {
		// A general that gives an illegal order ends its move instead (as tw_play_out does).
		int end = tw_order_type_with(tw_game_ruleset(r->game), TW_OD_ENDS_TURN);
		tw_order_init(o, end >= 0 ? end : 0, side);
		if (end < 0 || srv_room_apply(r, o, &err) != TW_OK) {
			r->computer_fail[side]++;
			srv_log(r->srv, "game %s: the computer for %s is stuck: %s %s", r->id, s->sides[side].name,
				err.clause, err.message);
		}
	} else {
		r->computer_fail[side] = 0;
	}
	free(o);
	return true;
}

tw_status srv_room_set_computer(srv_room *r, int side, const char *general, tw_error *err)
{
	const tw_state *s = tw_game_state(r->game);
	const tw_ruleset *rs = tw_game_ruleset(r->game);
	if (side < 0 || side >= s->nsides)
		return tw_error_set(err, TW_ERR_INPUT, "", "no such side");
	if (general && *general) {
		tw_general *g = strlen(general) < sizeof r->computer[0] && !strstr(general, ".lua")
					? tw_general_new(general, rs, side, 1)
					: NULL;
		if (!g)
			return tw_error_set(err, TW_ERR_INPUT, "", "unknown general '%s'", general);
		tw_general_free(g);
		snprintf(r->computer[side], sizeof r->computer[side], "%s", general);
	} else {
		r->computer[side][0] = 0;
	}
	tw_general_free(r->gen[side]);
	r->gen[side] = NULL;
	r->computer_fail[side] = 0;
	json_t *seats = seats_json(r);
	char *txt = json_dumps(seats, JSON_COMPACT);
	json_decref(seats);
	tw_status st = txt ? srv_store_set_seats(r->srv, r->id, txt) : TW_ERR_NOMEM;
	free(txt);
	srv_room_broadcast(r, 0, 0);
	return st;
}
