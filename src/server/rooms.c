// Rooms: a game, its seats (only keyed hashes of their tokens are kept), computer seats, the
// limits per creator, and orders applied only once the store has them.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "scenarios.h"
#include "srv.h"

const char *srv_seat_name(const srv_room *r, int seat)
{
	if (seat == SRV_UMPIRE)
		return "umpire";
	if (seat == SRV_SPECTATOR)
		return "spectator";
	const tw_state *s = tw_game_state(r->game);
	return (seat >= 0 && seat < s->nsides) ? s->sides[seat].name : "?";
}

const tw_role_def *srv_role(const srv_room *r, int role)
{
	return role >= 0 && role < r->nroles ? &r->roles[role] : NULL;
}

const char *srv_role_name(const srv_room *r, int seat, int role, char *buf, size_t len)
{
	const tw_role_def *d = srv_role(r, role);
	if (!d)
		return srv_seat_name(r, seat);
	snprintf(buf, len, "%s %s", srv_seat_name(r, d->side), d->name);
	return buf;
}

static int seat_of_slot(int slot)
{
	return slot == SRV_SLOT_UMPIRE ? SRV_UMPIRE : slot == SRV_SLOT_SPECTATOR ? SRV_SPECTATOR : slot;
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
	atomic_init(&r->over, false);
	return r;
}

void srv_room_free(srv_room *r)
{
	if (!r)
		return;
	for (int i = 0; i < TW_MAX_SIDES; i++)
		tw_general_free(r->gen[i]);
	srv_role_generals_free(r); // h6-seats
	tw_game_free(r->game);
	free(r->scenario_json);
	pthread_mutex_destroy(&r->mu);
	free(r);
}

/// Why a creator may not have one more game of nfig figures, or NULL (s->mu held). Games that
/// are over no longer count.
static const char *over_limits(const srv_server *s, const char *creator, int nfig, char *buf, size_t len)
{
	const tw_server_opts *o = &s->opts;
	int games = 0, mine = 0;
	long figs = 0;
	for (int i = 0; i < s->nrooms; i++) {
		const srv_room *r = s->rooms[i];
		if (atomic_load(&r->over))
			continue;
		games++;
		if (strcmp(r->creator, creator) == 0) {
			mine++;
			figs += r->nfig;
		}
	}
	if (nfig > o->max_figures)
		snprintf(buf, len, "a game may have at most %d figures (this one has %d)", o->max_figures, nfig);
	else if (games >= o->max_games)
		snprintf(buf, len, "the server already holds %d games under way, as many as it may", games);
	else if (mine >= o->max_games_per_addr)
		snprintf(buf, len, "%s already has %d games under way, as many as one address may", creator, mine);
	else if (figs + nfig > o->max_figures_per_addr)
		snprintf(buf, len, "%s's games under way would have %ld figures; one address may have %d", creator,
			 figs + nfig, o->max_figures_per_addr);
	else
		return NULL;
	return buf;
}

/// Adds a room to the server; with `check`, only within the limits (else err is set).
static bool add_room(srv_server *s, srv_room *r, bool check, tw_error *err)
{
	char why[160];
	pthread_mutex_lock(&s->mu);
	if (check && over_limits(s, r->creator, r->nfig, why, sizeof why)) {
		pthread_mutex_unlock(&s->mu);
		tw_error_set(err, TW_ERR_STATE, "", "%s", why);
		return false;
	}
	for (int i = 0; i < s->nrooms; i++)
		if (strcmp(s->rooms[i]->id, r->id) == 0) {
			pthread_mutex_unlock(&s->mu);
			tw_error_set(err, TW_ERR_STATE, "", "game %s is here already", r->id);
			return false;
		}
	if (s->nrooms == s->caprooms) {
		int cap = s->caprooms ? s->caprooms * 2 : 16;
		srv_room **v = realloc(s->rooms, (size_t)cap * sizeof *v);
		if (!v) {
			pthread_mutex_unlock(&s->mu);
			tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
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

tw_status srv_params_apply(tw_state *st, const json_t *params, tw_error *err) // issue 16: POST /api/roles
{
	return set_params(st, params, err);
}

static json_t *seats_json(const srv_room *r)
{
	json_t *tok = json_array(), *comp = json_array();
	for (int i = 0; i < SRV_SLOTS; i++) {
		char hex[2 * SRV_HASH_LEN + 1];
		sodium_bin2hex(hex, sizeof hex, r->token_hash[i], SRV_HASH_LEN);
		json_array_append_new(tok, json_string(hex));
	}
	for (int i = 0; i < TW_MAX_SIDES; i++)
		json_array_append_new(comp, json_string(r->computer[i]));
	json_t *out = json_pack("{s:o, s:o}", "token_hashes", tok, "computer", comp);
	if (r->nroles > 0) { // the roles' tokens (several players a side), in the rule set's order
		json_t *rh = json_array();
		for (int i = 0; i < r->nroles; i++) {
			char hex[2 * SRV_HASH_LEN + 1];
			sodium_bin2hex(hex, sizeof hex, r->token_hash[SRV_SLOTS + i], SRV_HASH_LEN);
			json_array_append_new(rh, json_string(hex));
		}
		json_object_set_new(out, "role_hashes", rh);
		json_object_set_new(out, "role_computer", srv_role_computers_json(r)); // h6-seats
		json_t *held = srv_parts_held_json(r); // issue 16: a held end (role_held.c)
		if (held)
			json_object_set_new(out, "parts_ended", held);
	}
	return out;
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
	if (!json_is_object(comp)) {
		tw_error_set(err, TW_ERR_INPUT, "", "computer must be an object {side: general}");
		return srv_err_at(err, "$.computer", NULL);
	}
	const tw_ruleset *rs = tw_ruleset_get(st->ruleset);
	json_object_foreach((json_t *)comp, key, v)
	{
		if (strchr(key, '/')) { // issue 16: one player role of a side (role_computer_create.c)
			if (srv_role_computer_named(r, st, key, v, err) != TW_OK)
				return err->code;
			continue;
		}
		int side = tw_state_side_index(st, key);
		if (side < 0) {
			tw_error_set(err, TW_ERR_INPUT, "", "computer[\"%.96s\"]: no side '%.96s'", key, key);
			return srv_err_at(err, "$.computer", key);
		}
		if (json_is_null(v) || json_is_false(v))
			continue;
		if (!json_is_string(v) && !json_is_true(v)) {
			tw_error_set(err, TW_ERR_INPUT, "", "computer[\"%.96s\"]: a general's name, true (the rule set's first) or null",
				     key);
			return srv_err_at(err, "$.computer", key);
		}
		const char *name = json_is_string(v) ? json_string_value(v) : "";
		if (json_is_true(v) || !*name)
			name = rs->ngenerals > 0 ? rs->generals[0]->name : "random";
		tw_general *g = strlen(name) < sizeof r->computer[0] && !strstr(name, ".lua") ? tw_general_new(name, rs, side, 1) : NULL;
		if (!g) {
			tw_error_set(err, TW_ERR_INPUT, "", "computer[\"%.96s\"]: unknown general '%.96s'", key, name);
			return srv_err_at(err, "$.computer", key);
		}
		tw_general_free(g);
		snprintf(r->computer[side], sizeof r->computer[side], "%s", name);
	}
	return TW_OK;
}

static tw_status set_clock(srv_room *r, const json_t *clk, tw_error *err)
{
	if (!clk)
		return TW_OK;
	if (!json_is_object(clk)) {
		tw_error_set(err, TW_ERR_INPUT, "", "clock must be an object");
		return srv_err_at(err, "$.clock", NULL);
	}
	json_t *en = json_object_get(clk, "enabled"), *sc = json_object_get(clk, "scale");
	if (en && !json_is_boolean(en)) {
		tw_error_set(err, TW_ERR_INPUT, "", "clock.enabled must be true or false");
		return srv_err_at(err, "$.clock.enabled", NULL);
	}
	if (en)
		r->clock.enabled = json_is_true(en);
	if (sc) {
		double x = json_is_number(sc) ? json_number_value(sc) : -1;
		if (!(x >= 0.001 && x <= 10)) {
			tw_error_set(err, TW_ERR_INPUT, "", "clock.scale must be within 0.001..10");
			return srv_err_at(err, "$.clock.scale", NULL);
		}
		r->clock.scale = x;
	}
	return TW_OK;
}

srv_room *srv_room_create(srv_server *s, const json_t *req, const char *creator,
			  char tokens[SRV_ALL_SLOTS][SRV_TOKEN_LEN + 1], tw_error *err)
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
		if (!srv_random_hex(hex, 8)) {
			tw_error_set(err, TW_ERR_IO, "", "cannot draw a random seed");
			return NULL;
		}
		seed = strtoull(hex, NULL, 16) >> 1; // 63 bits: too many to try them all
	}
	json_t *scen = json_object_get(req, "scenario");
	// The limits before any work: the figures a scenario brings are counted in its JSON.
	char why[160];
	int want = (int)json_array_size(json_object_get(scen, "figures"));
	pthread_mutex_lock(&s->mu);
	const char *no = over_limits(s, creator, want, why, sizeof why);
	pthread_mutex_unlock(&s->mu);
	if (no) {
		tw_error_set(err, TW_ERR_STATE, "", "%s", no);
		return NULL;
	}
	if (scen) {
		if (tw_state_from_json(&st, scen, err) != TW_OK)
			return NULL;
		have_state = true;
	} else {
		json_t *rsj = json_object_get(req, "ruleset"), *wj = json_object_get(req, "width"),
		       *dj = json_object_get(req, "depth");
		// No rule set named: the first registered (the registry's order is the page's order).
		const tw_ruleset *first = tw_ruleset_get(0);
		const char *rsname = json_is_string(rsj) ? json_string_value(rsj) : first ? first->name : "";
		if (tw_ruleset_find(rsname) < 0) {
			tw_error_set(err, TW_ERR_INPUT, "", "no rule set '%s'", rsname);
			return NULL;
		}
		double w = json_is_number(wj) ? json_number_value(wj) : 144, d = json_is_number(dj) ? json_number_value(dj) : 96;
		if (!(w >= 24 && w <= 1000 && d >= 24 && d <= 1000)) {
			tw_error_set(err, TW_ERR_INPUT, "", "width and depth must be within 24..1000 in");
			return NULL;
		}
		// The table is drawn from a one-way hash of the game's seed, not from the seed itself:
		// where a hill stands would otherwise be output of the generator that throws the dice.
		if (tw_scenario_generate(&st, rsname, srv_public_seed("table", seed), w, d, err) != TW_OK)
			goto fail;
		have_state = true;
		char *dash = strrchr(st.scenario, '-'); // its name would give that seed: "country-<hex>"
		if (dash && strlen(dash) == 17)
			*dash = 0;
	}
	if (st.nfig > s->opts.max_figures) {
		tw_error_set(err, TW_ERR_STATE, "", "a game may have at most %d figures (this one has %d)",
			     s->opts.max_figures, st.nfig);
		goto fail;
	}
	if (set_params(&st, json_object_get(req, "params"), err) != TW_OK)
		goto fail;
	r = room_alloc(s);
	if (!r) {
		tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		goto fail;
	}
	snprintf(r->creator, sizeof r->creator, "%s", creator);
	r->nfig = st.nfig;
	if (set_computer(r, &st, json_object_get(req, "computer"), err) != TW_OK ||
	    set_clock(r, json_object_get(req, "clock"), err) != TW_OK)
		goto fail;
	json_t *scj = tw_state_to_json(&st);
	// Issue 19: the scenario's title goes with it into the store (the loader takes "title").
	const char *title = json_string_value(json_object_get(scen, "title"));
	if (scj && (title || !scen))
		json_object_set_new(scj, "title", json_string(title ? title : "A generated Country"));
	r->scenario_json = scj ? json_dumps(scj, JSON_COMPACT) : NULL;
	r->game = tw_game_new(&st, seed, tw_shot_model_find("fast"), err);
	if (r->game)
		srv_room_set_title(r, scj);
	json_decref(scj);
	if (!r->game || !r->scenario_json)
		goto fail;
	tw_game_set_undo(r->game, true); // a seat may take back its orders (srv_room_undo)
	r->nroles = tw_state_roles(tw_game_state(r->game), r->roles, TW_MAX_ROLES);
	if (!srv_random_hex(r->id, 8))
		goto fail_rand;
	for (int i = 0; i < SRV_SLOTS + r->nroles; i++) {
		if (!srv_random_hex(tokens[i], SRV_TOKEN_LEN / 2))
			goto fail_rand;
		srv_token_hash(s, tokens[i], r->token_hash[i]);
	}
	json_t *seats = seats_json(r), *clk = clock_cfg_json(r);
	char *seats_s = json_dumps(seats, JSON_COMPACT), *clk_s = json_dumps(clk, JSON_COMPACT);
	json_decref(seats);
	json_decref(clk);
	tw_status stt = seats_s && clk_s ? srv_store_add_game(s, r, seats_s, clk_s) : TW_ERR_NOMEM;
	free(seats_s);
	free(clk_s);
	if (stt != TW_OK) {
		tw_error_set(err, stt, "", "cannot store the game");
		goto fail;
	}
	if (!add_room(s, r, true, err)) {
		srv_store_delete_game(s, r->id);
		goto fail;
	}
	tw_state_free(&st);
	srv_computer_wake(s);
	return r;
fail_rand:
	tw_error_set(err, TW_ERR_IO, "", "cannot draw a random token");
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
	if (rc->r->srv->stopping)
		return tw_error_set(rc->err, TW_ERR_STATE, "", "the server is stopping");
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

/// The seats record: keyed hashes of the tokens (or, in a store from before they were hashed,
/// the tokens themselves, hashed now; *legacy tells the caller to write the record again).
static bool read_seats(srv_room *r, json_t *sj, bool *legacy)
{
	json_t *hashes = json_object_get(sj, "token_hashes"), *plain = json_object_get(sj, "tokens");
	json_t *comp = json_object_get(sj, "computer");
	*legacy = !hashes && plain;
	json_t *tok = hashes ? hashes : plain;
	if (json_array_size(tok) != SRV_SLOTS || json_array_size(comp) != TW_MAX_SIDES)
		return false;
	for (int i = 0; i < SRV_SLOTS; i++) {
		const char *t = json_string_value(json_array_get(tok, (size_t)i));
		if (!t)
			return false;
		if (*legacy) {
			srv_token_hash(r->srv, t, r->token_hash[i]);
		} else if (sodium_hex2bin(r->token_hash[i], SRV_HASH_LEN, t, strlen(t), NULL, NULL, NULL) != 0) {
			return false;
		}
	}
	for (int i = 0; i < TW_MAX_SIDES; i++)
		snprintf(r->computer[i], sizeof r->computer[i], "%s",
			 json_string_value(json_array_get(comp, (size_t)i)) ?: "");
	// The roles' tokens: as many as the rule set gives the game's first state.
	json_t *rh = json_object_get(sj, "role_hashes");
	if (json_array_size(rh) != (size_t)r->nroles)
		return false;
	for (int i = 0; i < r->nroles; i++) {
		const char *t = json_string_value(json_array_get(rh, (size_t)i));
		if (!t || sodium_hex2bin(r->token_hash[SRV_SLOTS + i], SRV_HASH_LEN, t, strlen(t), NULL, NULL, NULL) != 0)
			return false;
	}
	json_t *rc = json_object_get(sj, "role_computer"); // h6-seats: absent in a store from before
	for (int i = 0; i < r->nroles && i < (int)json_array_size(rc); i++)
		snprintf(r->role_computer[i], sizeof r->role_computer[i], "%s", json_string_value(json_array_get(rc, (size_t)i)) ?: "");
	return true;
}

srv_room *srv_room_restore(srv_server *s, sqlite3 *db, const char *id, const char *scenario, uint64_t seed,
			   const char *seats, const char *clock, const char *creator, tw_error *err)
{
	tw_state st;
	srv_room *r = room_alloc(s);
	json_error_t je;
	json_t *sj = NULL, *cj = NULL;
	if (!r || strlen(id) != 16)
		goto fail;
	snprintf(r->id, sizeof r->id, "%s", id);
	snprintf(r->creator, sizeof r->creator, "%s", creator ? creator : "");
	if (tw_state_from_text(&st, scenario, strlen(scenario), id, err) != TW_OK)
		goto fail;
	r->nfig = st.nfig;
	r->game = tw_game_new(&st, seed, tw_shot_model_find("fast"), err);
	tw_state_free(&st);
	if (!r->game)
		goto fail;
	tw_game_set_undo(r->game, false);
	r->nroles = tw_state_roles(tw_game_state(r->game), r->roles, TW_MAX_ROLES);
	r->scenario_json = strdup(scenario);
	sj = json_loads(scenario, 0, &je); // its title (issue 19)
	srv_room_set_title(r, sj);
	json_decref(sj);
	sj = json_loads(seats, 0, &je);
	cj = json_loads(clock, 0, &je);
	bool legacy = false;
	if (!r->scenario_json || !read_seats(r, sj, &legacy)) {
		tw_error_set(err, TW_ERR_INPUT, "", "game %s: bad seats record", id);
		goto fail;
	}
	if (set_clock(r, cj, err) != TW_OK)
		goto fail;
	replay_ctx rc = {r, err, 0};
	if (srv_store_orders(db, id, replay_one, &rc, err) != TW_OK)
		goto fail;
	tw_game_set_undo(r->game, true); // from here on (what came before the restart stays)
	srv_host_restore(r); // sv-web: the host's clock resumes from the last order's time
	srv_parts_held_restore(r, sj); // issue 16: a held end (role_held.c)
	char *saved = srv_store_get_clock(s, id);
	if (saved)
		srv_clock_restore(r, saved);
	free(saved);
	atomic_store(&r->over, tw_game_state(r->game)->over);
	if (legacy) { // the plain tokens go: only their hashes are kept from now on
		json_t *nj = seats_json(r);
		char *txt = nj ? json_dumps(nj, JSON_COMPACT) : NULL;
		json_decref(nj);
		if (!txt || srv_store_set_seats(s, id, txt) != TW_OK)
			srv_log(s, "store: game %s: the plain tokens could not be replaced by their hashes", id);
		free(txt);
	}
	json_decref(sj);
	json_decref(cj);
	if (!add_room(s, r, false, err))
		goto fail;
	return r;
fail:
	json_decref(sj);
	json_decref(cj);
	srv_room_free(r);
	return NULL;
}

srv_room *srv_room_by_token(srv_server *s, const char *game, const char *token, int *seat, int *role)
{
	srv_room *found = NULL;
	bool is_series = false; // sv-join: a series' id stands for its current game (series_rooms.c)
	srv_room *in_series = srv_series_by_token(s, game, token, seat, role, &is_series);
	if (is_series)
		return in_series;
	if (!game || !token || strlen(token) != SRV_TOKEN_LEN)
		return NULL;
	unsigned char h[SRV_HASH_LEN];
	srv_token_hash(s, token, h);
	pthread_mutex_lock(&s->mu);
	for (int i = 0; i < s->nrooms && !found; i++) {
		srv_room *r = s->rooms[i];
		if (strcmp(r->id, game) != 0)
			continue;
		int nsides = tw_game_state(r->game)->nsides;
		for (int k = 0; k < SRV_SLOTS + r->nroles; k++) {
			if (k >= nsides && k < SRV_SLOT_UMPIRE)
				continue;
			if (sodium_memcmp(r->token_hash[k], h, SRV_HASH_LEN) == 0) {
				found = r;
				*seat = k >= SRV_SLOTS ? r->roles[k - SRV_SLOTS].side : seat_of_slot(k);
				if (role)
					*role = k >= SRV_SLOTS ? k - SRV_SLOTS : -1;
			}
		}
	}
	pthread_mutex_unlock(&s->mu);
	return found;
}

bool srv_room_join(srv_conn *c)
{
	srv_room *r = c->room;
	bool ok = false;
	pthread_mutex_lock(&r->mu);
	if (r->nconn < SRV_MAX_CONN) {
		r->conns[r->nconn++] = c;
		c->joined = true;
		srv_room_send_all(r, c);
		ok = true;
	}
	pthread_mutex_unlock(&r->mu);
	return ok;
}

void srv_room_leave(srv_conn *c)
{
	srv_room *r = c->room;
	if (!r || !c->joined)
		return;
	pthread_mutex_lock(&r->mu);
	for (int i = 0; i < r->nconn; i++)
		if (r->conns[i] == c) {
			r->conns[i] = r->conns[--r->nconn];
			break;
		}
	c->joined = false;
	pthread_mutex_unlock(&r->mu);
}

// ---- orders ----

/// Puts the game back to its first n orders: a new game from the scenario and the seed with
/// the orders replayed from the game's own log (the same game: restarts rely on that).
static tw_status rebuild(srv_room *r, int n, tw_error *err)
{
	tw_state st;
	if (tw_state_from_text(&st, r->scenario_json, strlen(r->scenario_json), r->id, err) != TW_OK)
		return err->code;
	tw_game *g = tw_game_new(&st, tw_game_seed(r->game), tw_shot_model_find("fast"), err);
	tw_state_free(&st);
	if (!g)
		return err->code ? err->code : TW_ERR_NOMEM;
	tw_game_set_undo(g, false);
	tw_game_set_libm_math(g, tw_game_libm_math(r->game)); // the same math as the game it rebuilds
	for (int i = 0; i < n; i++) {
		const tw_order *o = tw_game_order(r->game, i);
		int first = 0, count = 0;
		if (!o || tw_game_apply(g, o, &first, &count, err) != TW_OK) {
			tw_game_free(g);
			return TW_ERR_STATE;
		}
	}
	tw_game_set_undo(g, true);
	tw_game_free(r->game);
	r->game = g;
	r->undo_depth = 0;
	r->undo_capped = false;
	return TW_OK;
}

// ---- undo (issue 19) ----

/// After an order: it may be taken back if it drew nothing from the generator, threw no die,
/// fired no shot, opened no sealed choice and did not end the move (the core's undo keeps a
/// snapshot on the same terms); otherwise nothing before it may be taken back either.
static void note_undo(srv_room *r, uint64_t draws, int32_t move_no, int first, int count)
{
	const tw_state *s = tw_game_state(r->game);
	const tw_events *ev = tw_game_events(r->game);
	bool chance = s->rng.draws != draws || s->move_no != move_no;
	for (int i = first; i < first + count && i < ev->n && !chance; i++)
		chance = ev->v[i].type == TW_EV_DICE || ev->v[i].type == TW_EV_SHOT || ev->v[i].type == TW_EV_UNSEALED;
	if (chance) {
		r->undo_depth = 0;
		if (r->undo_capped) { // snapshots again (the core drops the old ones at its next chance)
			tw_game_set_undo(r->game, true);
			r->undo_capped = false;
		}
	} else if (!r->undo_capped && ++r->undo_depth > SRV_UNDO_MAX) {
		// A bound on the snapshots: none until the next die roll or shot, and no undo.
		tw_game_set_undo(r->game, false);
		r->undo_capped = true;
		r->undo_depth = 0;
	}
}

#define SRV_STR2(x) #x
#define SRV_STR(x) SRV_STR2(x)

static bool undo_no(tw_error *why, const char *fmt, const char *arg)
{
	if (why)
		tw_error_set(why, TW_ERR_STATE, "undo", fmt, arg);
	return false;
}

bool srv_room_can_undo(srv_room *r, int seat, int role, tw_error *why)
{
	const tw_state *s = tw_game_state(r->game);
	const tw_ruleset *rs = tw_game_ruleset(r->game);
	int n = tw_game_order_count(r->game);
	if (seat < 0 || seat >= s->nsides)
		return undo_no(why, "the %s gives no orders, so has none to take back", srv_seat_name(r, seat));
	if (r->computer[seat][0])
		return undo_no(why, "%s", "the computer holds this seat");
	if (r->broken || s->over)
		return undo_no(why, "%s", r->broken ? "this game is out of order" : "the game is over");
	if (n == 0)
		return undo_no(why, "%s", "no order has been given yet");
	const tw_order *o = tw_game_order(r->game, n - 1);
	if (!o)
		return undo_no(why, "%s", "out of memory");
	if (o->side != seat)
		return undo_no(why, "the last order is %s's: only the seat that gave an order may take it back",
			       o->side >= 0 && o->side < s->nsides ? s->sides[o->side].name : "the host");
	// Several players a side: a role takes back only an order it could have given itself.
	tw_error e2;
	if (srv_role(r, role) && tw_role_may(s, srv_role(r, role), o, &e2) != TW_OK)
		return undo_no(why, "the last order is not yours to take back: %s", e2.message);
	if (r->undo_capped)
		return undo_no(why, "%s", "undo keeps at most " SRV_STR(SRV_UNDO_MAX) " orders since the last die roll or shot, "
					  "and these are more");
	if (r->undo_depth <= 0)
		return undo_no(why, "%s", "a die was thrown, a shot fired or the move ended since your last order: undo goes back only to the "
					  "last die roll or shot, so nothing random is ever thrown again");
	const tw_order_def *d = tw_order_def_get(rs, o->type);
	if (d && (d->flags & TW_OD_ENDS_TURN))
		return undo_no(why, "your %s ended your move: a move once ended is not taken back", d->name);
	return true;
}

tw_status srv_room_undo(srv_room *r, int seat, int role, tw_error *err)
{
	tw_error_clear(err);
	if (!srv_room_can_undo(r, seat, role, err))
		return err->code;
	int n = tw_game_order_count(r->game);
	tw_order *keep = malloc(sizeof *keep); // to put it back if the store cannot drop it
	if (!keep)
		return tw_error_set(err, TW_ERR_NOMEM, "undo", "out of memory");
	*keep = *tw_game_order(r->game, n - 1);
	const tw_order_def *d = tw_order_def_get(tw_game_ruleset(r->game), keep->type);
	char what[64];
	snprintf(what, sizeof what, "%s", d ? d->name : "order");
	if (!tw_game_undo(r->game)) { // the core kept no snapshot: the two counts disagree
		r->undo_depth = 0;
		free(keep);
		return tw_error_set(err, TW_ERR_STATE, "undo", "nothing to take back since the last die roll or shot");
	}
	if (srv_store_delete_order(r->srv, r->id, n - 1) != TW_OK) {
		// Not dropped from the store: the order goes back on (nothing random in it, so it
		// does exactly what it did).
		int first = 0, count = 0;
		tw_error e2;
		if (tw_game_apply(r->game, keep, &first, &count, &e2) != TW_OK) {
			r->broken = true;
			srv_log(r->srv, "game %s: cannot put back an order after a store failure: %s", r->id, e2.message);
		}
		r->undo_depth = 0; // (its snapshot went with the undo)
		free(keep);
		return tw_error_set(err, TW_ERR_IO, "undo", "the order could not be taken back (the database is busy or failing); "
							   "try again");
	}
	free(keep);
	r->undo_depth--;
	r->undos++;
	const tw_state *s = tw_game_state(r->game);
	atomic_store(&r->over, s->over);
	// Every seat hears what was taken back (the order's kind, never its content: a hidden
	// deployment stays hidden), and where the log now ends, before the state.
	char text[160], buf[64];
	const char *who = srv_role_name(r, seat, role, buf, sizeof buf);
	snprintf(text, sizeof text, "%s took back their last order (%s)", who, what);
	json_t *m = json_pack("{s:s, s:s, s:s, s:i, s:i, s:s}", "type", "undone", "seat", who, "order", what,
			      "events", tw_game_events(r->game)->n, "orders", n - 1, "text", text);
	char *txt = m ? json_dumps(m, JSON_COMPACT) : NULL;
	json_decref(m);
	for (int i = 0; txt && i < r->nconn; i++)
		srv_send_text(r->conns[i], txt, strlen(txt));
	free(txt);
	srv_room_broadcast(r, 0, 0);
	srv_computer_wake(r->srv);
	return TW_OK;
}

tw_status srv_room_commit(srv_room *r, const tw_order *o, int *first, int *count, tw_error *err)
{
	if (r->broken)
		return tw_error_set(err, TW_ERR_STATE, "", "this game is out of order after a store failure; restart the server");
	// What is applied is what the store keeps: the order as written and read back, so a
	// restart replays exactly the same game.
	json_t *oj = tw_order_to_json(o, tw_game_state(r->game));
	if (oj && srv_host_keeps(r)) // sv-web: the host's time on every order (host_clock.c), never a seat's
		json_object_set_new(oj, "time_ms", json_integer(srv_host_now(r)));
	char *txt = oj ? json_dumps(oj, JSON_COMPACT) : NULL;
	tw_order *rt = calloc(1, sizeof *rt);
	tw_status st = oj && txt && rt ? tw_order_from_json(rt, tw_game_state(r->game), oj, "$", err)
				       : tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	json_decref(oj);
	int n = tw_game_order_count(r->game);
	srv_clock saved = r->clock;
	uint64_t draws = tw_game_state(r->game)->rng.draws;
	int32_t move_no = tw_game_state(r->game)->move_no;
	if (st == TW_OK)
		st = tw_game_apply(r->game, rt, first, count, err);
	free(rt);
	if (st == TW_OK && srv_store_add_order(r->srv, r->id, n, txt) != TW_OK) {
		// An order the store does not have is not applied: the game goes back as it was, and
		// nobody hears of it.
		tw_error e2;
		tw_error_clear(&e2);
		if (rebuild(r, n, &e2) != TW_OK) {
			r->broken = true;
			srv_log(r->srv, "game %s: cannot be put back after a store failure: %s", r->id, e2.message);
		}
		r->clock = saved;
		st = tw_error_set(err, TW_ERR_IO, "", "the order could not be stored, so it was not applied (the database is "
						      "busy or failing); try again");
	}
	free(txt);
	if (st == TW_OK) {
		atomic_store(&r->over, tw_game_state(r->game)->over);
		note_undo(r, draws, move_no, *first, *count);
	}
	return st;
}

void srv_room_applied(srv_room *r, int side, int first, int count)
{
	srv_clock_acted(r, side);
	srv_clock_events(r, tw_game_events(r->game), first, count);
	srv_room_broadcast(r, first, count);
	srv_computer_wake(r->srv);
}

tw_status srv_room_apply(srv_room *r, const tw_order *o, tw_error *err)
{
	int first = 0, count = 0;
	tw_status st = srv_room_commit(r, o, &first, &count, err);
	if (st == TW_OK)
		srv_room_applied(r, o->side, first, count);
	return st;
}

bool srv_room_computer_due(srv_room *r, int *side)
{
	const tw_state *s = tw_game_state(r->game);
	const tw_ruleset *rs = tw_game_ruleset(r->game);
	if (s->over || r->broken)
		return false;
	(void)rs;
	if (srv_room_computer_free(r)) { // sv-join: every computer seat in turn, once after each order
		int mark = srv_room_asked_mark(r);
		for (int k = 0; k < s->nsides; k++)
			if (r->computer[k][0] && r->computer_fail[k] <= 3 && r->asked[k] != mark) {
				*side = k;
				return true;
			}
		return false;
	}
	// The first seat asked for a decision that the computer holds.
	tw_decision dec[TW_MAX_DECISIONS];
	int nd = tw_state_decisions(s, dec, TW_MAX_DECISIONS);
	for (int i = 0; i < nd; i++) {
		int k = dec[i].seat;
		if (k >= 0 && k < s->nsides && r->computer[k][0] && r->computer_fail[k] <= 3) {
			*side = k;
			return true;
		}
	}
	return false;
}

tw_status srv_room_set_computer(srv_room *r, int side, const char *general, tw_error *err)
{
	const tw_state *s = tw_game_state(r->game);
	const tw_ruleset *rs = tw_game_ruleset(r->game);
	if (side < 0 || side >= s->nsides)
		return tw_error_set(err, TW_ERR_INPUT, "", "no such side");
	char before[sizeof r->computer[0]];
	memcpy(before, r->computer[side], sizeof before);
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
	json_t *seats = seats_json(r);
	char *txt = json_dumps(seats, JSON_COMPACT);
	json_decref(seats);
	tw_status st = txt ? srv_store_set_seats(r->srv, r->id, txt) : TW_ERR_NOMEM;
	free(txt);
	if (st != TW_OK) { // not kept, not changed
		memcpy(r->computer[side], before, sizeof before);
		return tw_error_set(err, st, "", "the seat could not be stored, so it did not change; try again");
	}
	tw_general_free(r->gen[side]);
	r->gen[side] = NULL;
	r->gen_epoch[side]++;
	r->computer_fail[side] = 0;
	srv_room_broadcast(r, 0, 0);
	srv_computer_wake(r->srv);
	return TW_OK;
}

// ---- sv-join: seats given by a series, computers that act at once (series_rooms.c) ----

tw_status srv_room_store_seats(srv_room *r)
{
	json_t *seats = seats_json(r);
	char *txt = seats ? json_dumps(seats, JSON_COMPACT) : NULL;
	json_decref(seats);
	tw_status st = txt ? srv_store_set_seats(r->srv, r->id, txt) : TW_ERR_NOMEM;
	free(txt);
	return st;
}

bool srv_room_computer_free(srv_room *r)
{
	return tw_host_free(tw_game_state(r->game)); // the core's (tinwar/host_clock.h), as the terminal's
}

int srv_room_asked_mark(srv_room *r)
{
	return 1 + tw_game_order_count(r->game) + 1000003 * (r->undos % 1000);
}
