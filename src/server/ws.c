// The WebSocket protocol. Every message is a JSON object with "type". The seat is the
// connection's (fixed at the handshake from its token); a "side" in a message is ignored and
// replaced by the seat's own.
//   order   {"order": {...}, "id"?}     apply an order  -> result {ok, id, clause?, message?}
//   check   {"order": {...}, "id"?}     validate only   -> checked {ok, id, clause?, message?}
//   los     {"from":[x,y], "to":[x,y], "eye"?, "target"?}  -> los {clear, blocker}
//   suggest {}                          the seat's computer general proposes an order -> suggestion
//   pause / resume {}                   the umpire stops or restarts the clock
//   computer {"general": NAME|null, "side"?}  hand a seat to the computer (umpire: any side)
//   options {"order_type": NAME, "figures"?: [ids]}  legal orders of that type the rule set
//                                       proposes for these men -> options {orders}
//   options {"order_type": "formation", "unit": ID, "formation": NAME}  the rule set's order
//                                       putting that unit in that formation (its
//                                       formation_order) -> options {orders: [it]} or
//                                       options {orders: [], clause, message}
//   sync    {}                          everything again (hello, events, state, clock)
//   undo    {"id"?}                     take back the seat's last order (its own, this move,
//                                       since the last die or shot) -> result {ok, id,
//                                       clause "undo", message?}; every seat then gets
//                                       undone {seat, order, events, orders, text} and the state
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "srv.h"

static void reply_error(srv_conn *c, const char *what, json_t *id)
{
	json_t *m = json_pack("{s:s, s:s}", "type", "error", "message", what);
	if (id)
		json_object_set(m, "id", id);
	srv_send(c, m);
}

static void reply_status(srv_conn *c, const char *type, json_t *id, tw_status st, const tw_error *err)
{
	json_t *m = json_pack("{s:s, s:b}", "type", type, "ok", st == TW_OK);
	if (id)
		json_object_set(m, "id", id);
	if (st != TW_OK) {
		json_object_set_new(m, "clause", json_string(err->clause));
		json_object_set_new(m, "message", json_string(err->message));
		json_object_set_new(m, "path", json_string(err->path));
	}
	srv_send(c, m);
}

/// Parses the order of a message for the connection's seat (room locked).
static tw_status parse_order(srv_conn *c, json_t *oj, tw_order *o, tw_error *err)
{
	srv_room *r = c->room;
	const tw_state *s = tw_game_state(r->game);
	if (c->seat < 0 || c->seat >= s->nsides)
		return tw_error_set(err, TW_ERR_STATE, "", "the %s gives no orders", srv_seat_name(r, c->seat));
	if (!json_is_object(oj))
		return tw_error_set(err, TW_ERR_INPUT, "", "order must be an object");
	json_t *copy = json_deep_copy(oj);
	json_object_set_new(copy, "side", json_string(s->sides[c->seat].name)); // the seat, never the message
	tw_status st = tw_order_from_json(o, s, copy, "$.order", err);
	json_decref(copy);
	if (st == TW_OK)
		o->side = (int8_t)c->seat;
	// Several players a side: the role's own pieces only (the rule set says which; a refusal
	// names its clause), before the rules see the order.
	if (st == TW_OK && srv_role(r, c->role))
		st = tw_role_may(s, srv_role(r, c->role), o, err);
	return st;
}

static bool get_pt(json_t *a, tw_vec2 *p)
{
	if (!json_is_array(a) || json_array_size(a) != 2 || !json_is_number(json_array_get(a, 0)) ||
	    !json_is_number(json_array_get(a, 1)))
		return false;
	p->x = json_number_value(json_array_get(a, 0));
	p->y = json_number_value(json_array_get(a, 1));
	return p->x > -1e5 && p->x < 1e5 && p->y > -1e5 && p->y < 1e5;
}

static void on_los(srv_conn *c, json_t *m)
{
	tw_vec2 a, b;
	json_t *id = json_object_get(m, "id");
	if (!get_pt(json_object_get(m, "from"), &a) || !get_pt(json_object_get(m, "to"), &b)) {
		reply_error(c, "los needs from and to points [x, y]", id);
		return;
	}
	json_t *ej = json_object_get(m, "eye"), *tj = json_object_get(m, "target");
	double eye = json_is_number(ej) ? json_number_value(ej) : 2.0, tgt = json_is_number(tj) ? json_number_value(tj) : 1.0;
	if (!(eye >= 0 && eye <= 100 && tgt >= 0 && tgt <= 100)) {
		reply_error(c, "eye and target heights must be within 0..100 in", id);
		return;
	}
	pthread_mutex_lock(&c->room->mu);
	const tw_table *tb = &tw_game_state(c->room->game)->table; // terrain is open to every seat
	double za = tw_table_ground(tb, a) + eye, zb = tw_table_ground(tb, b) + tgt;
	int blocker = tw_los_blocker(tb, a, za, b, zb);
	json_t *out = json_pack("{s:s, s:b, s:i, s:f}", "type", "los", "clear", blocker < 0, "blocker", blocker, "length",
				tw_dist(a, b));
	if (blocker >= 0)
		json_object_set_new(out, "blocker_kind",
				    json_string(tw_terrain_kind_name((tw_terrain_kind)tb->terrain[blocker].kind)));
	pthread_mutex_unlock(&c->room->mu);
	if (id)
		json_object_set(out, "id", id);
	srv_send(c, out);
}

/// For a group move along a path: the path's length from the first man, and how far the rule
/// set lets him go in the direction of its last leg (bisection over validate; the "allowance"
/// the page shows, whatever rule set is in force). Needs the state locked.
static void move_reach(const tw_state *s, const tw_ruleset *rs, const tw_order *o, double *reach, double *len)
{
	// A group move: figures along a path (the rule set's "move" in its figures-and-path form).
	const tw_order_def *d = tw_order_def_get(rs, o->type);
	if (!d || strcmp(d->name, "move") != 0 || o->has_at || o->nfig < 1 || o->npath < 1)
		return;
	const tw_figure *f = tw_state_figure_c(s, o->fig[0]);
	if (!f)
		return;
	tw_vec2 from = o->npath > 1 ? o->path[o->npath - 2] : f->pos, to = o->path[o->npath - 1];
	double before = 0;
	tw_vec2 prev = f->pos;
	for (int i = 0; i < o->npath - 1; i++) {
		before += tw_dist(prev, o->path[i]);
		prev = o->path[i];
	}
	double leg = tw_dist(from, to);
	*len = before + leg;
	if (leg < 1e-9)
		return;
	tw_order *t = malloc(sizeof *t);
	if (!t)
		return;
	*t = *o;
	double lo = 0, hi = 100;
	for (int k = 0; k < 14; k++) {
		double mid = (lo + hi) / 2;
		t->path[t->npath - 1] = tw_v2(from.x + (to.x - from.x) / leg * mid, from.y + (to.y - from.y) / leg * mid);
		if (rs->validate(s, t, NULL) == TW_OK)
			lo = mid;
		else
			hi = mid;
	}
	*reach = before + lo;
	free(t);
}

static void on_order(srv_conn *c, json_t *m, bool apply)
{
	srv_room *r = c->room;
	json_t *id = json_object_get(m, "id");
	tw_order *o = calloc(1, sizeof *o);
	tw_error err;
	tw_error_clear(&err);
	if (!o) {
		reply_error(c, "out of memory", id);
		return;
	}
	pthread_mutex_lock(&r->mu);
	tw_status st = parse_order(c, json_object_get(m, "order"), o, &err);
	if (st == TW_OK && c->seat < TW_MAX_SIDES && r->computer[c->seat][0])
		st = tw_error_set(&err, TW_ERR_STATE, "", "the computer holds this seat");
	if (st == TW_OK && c->role >= 0 && c->role < TW_MAX_ROLES && r->role_computer[c->role][0]) // h6-seats
		st = tw_error_set(&err, TW_ERR_STATE, "", "the computer holds this seat");
	if (st == TW_OK && apply && srv_role_hold_end(r, c->role, o)) { // h6-seats: his part ends, the ally's goes on
		if (srv_role_hold_keep(r, c->role, &err) != TW_OK) { // issue 16: kept in the store, or not held
			reply_status(c, "result", id, err.code, &err);
			pthread_mutex_unlock(&r->mu);
			free(o);
			return;
		}
		json_t *hm = json_pack("{s:s, s:b, s:b, s:s}", "type", "result", "ok", 1, "held", 1, "message",
				       "your part of the move has ended; the move ends when your ally's has");
		if (id)
			json_object_set(hm, "id", id);
		srv_send(c, hm);
		srv_room_broadcast(r, 0, 0);
		pthread_mutex_unlock(&r->mu);
		srv_computer_wake(r->srv);
		free(o);
		return;
	}
	if (st == TW_OK) {
		if (apply) {
			// Applied and stored first (an order the store cannot keep is not applied); then
			// the reply, so the mover hears "ok" before the new state arrives; then the others.
			int first = 0, count = 0;
			st = srv_room_commit(r, o, &first, &count, &err);
			reply_status(c, "result", id, st, &err);
			if (st == TW_OK)
				srv_room_applied(r, o->side, first, count);
			pthread_mutex_unlock(&r->mu);
			free(o);
			return;
		} else {
			// A trial is judged on what the seat may see, so probing cannot find hidden men.
			tw_state view;
			st = srv_seat_view(r, c->seat, c->role, &view);
			double reach = -1, len = -1;
			if (st == TW_OK) {
				st = tw_game_ruleset(r->game)->validate(&view, o, &err);
				move_reach(&view, tw_game_ruleset(r->game), o, &reach, &len);
				tw_state_free(&view);
			} else {
				tw_error_set(&err, st, "", "out of memory");
			}
			pthread_mutex_unlock(&r->mu);
			json_t *out = json_pack("{s:s, s:b}", "type", "checked", "ok", st == TW_OK);
			if (id)
				json_object_set(out, "id", id);
			if (st != TW_OK) {
				json_object_set_new(out, "clause", json_string(err.clause));
				json_object_set_new(out, "message", json_string(err.message));
			}
			if (len >= 0) {
				json_object_set_new(out, "length", json_real(len));
				json_object_set_new(out, "reach", json_real(reach));
			}
			srv_send(c, out);
			free(o);
			return;
		}
	}
	pthread_mutex_unlock(&r->mu);
	reply_status(c, apply ? "result" : "checked", id, st, &err);
	free(o);
}

static void on_suggest(srv_conn *c, json_t *m)
{
	srv_room *r = c->room;
	json_t *id = json_object_get(m, "id");
	pthread_mutex_lock(&r->mu);
	const tw_state *s = tw_game_state(r->game);
	const tw_ruleset *rs = tw_game_ruleset(r->game);
	if (c->seat < 0 || c->seat >= s->nsides || rs->ngenerals == 0) {
		pthread_mutex_unlock(&r->mu);
		reply_error(c, "no suggestion for this seat", id);
		return;
	}
	// Seeded by a keyed one-way hash: what the general suggests tells nothing of the game's seed.
	uint64_t seed = srv_oneway_seed(r->srv, "suggest", tw_game_seed(r->game), (uint64_t)c->seat, 0);
	tw_general *g = tw_general_new(rs->generals[0]->name, rs, c->seat, seed);
	tw_order *o = calloc(1, sizeof *o);
	json_t *oj = NULL;
	char why[sizeof(((tw_error *)0)->message) + 96] = "the general has no suggestion";
	if (g && o && tw_general_decide(g, s, o) == TW_OK) {
		o->side = (int8_t)c->seat;
		// Several players a side: only an order this role may give (KS.GEN.1/2).
		tw_error e;
		if (srv_role(r, c->role) && tw_role_may(s, srv_role(r, c->role), o, &e) != TW_OK)
			snprintf(why, sizeof why, "the general's next order is not this seat's to give (%s: %s)", e.clause, e.message);
		else
			oj = tw_order_to_json(o, s);
	}
	tw_general_free(g);
	free(o);
	pthread_mutex_unlock(&r->mu);
	if (!oj) {
		reply_error(c, why, id);
		return;
	}
	json_object_del(oj, "side");
	json_t *out = json_pack("{s:s, s:o}", "type", "suggestion", "order", oj);
	if (id)
		json_object_set(out, "id", id);
	srv_send(c, out);
}

/// {"type":"options", "order_type": NAME, "figures"?: [ids]}: orders of that type that the rule
/// set's own generator (random_orders) proposes for the seat, on the seat's view, led by one of
/// the named men, and legal there; at most 8, distinct. The page offers them where an order
/// needs what only the rule set knows (formations, say). The sampling generator is seeded
/// by a keyed one-way hash of the game's seed and the number of orders so far, never from the
/// game's own generator (the orders it proposes show its draws).
static void on_formation(srv_conn *c, json_t *m, const char *tn, json_t *id);

static void on_options(srv_conn *c, json_t *m)
{
	srv_room *r = c->room;
	json_t *id = json_object_get(m, "id"), *fj = json_object_get(m, "figures");
	const char *tn = json_string_value(json_object_get(m, "order_type"));
	if (json_object_get(m, "formation") && tn && tw_game_ruleset(r->game)->formation_order) {
		on_formation(c, m, tn, id);
		return;
	}
	int type = tn ? tw_order_type_find(tw_game_ruleset(r->game), tn) : -1;
	if (type < 0 || (fj && !json_is_array(fj)) || json_array_size(fj) > TW_ORDER_MAX_FIG) {
		reply_error(c, "options needs an order_type and optional figures [ids]", id);
		return;
	}
	enum { SAMPLES = 400, KEEP = 8 };
	tw_order *buf = calloc(1, sizeof *buf); // one at a time: an order is some 20 KB
	json_t *list = json_array(), *seen = json_object();
	pthread_mutex_lock(&r->mu);
	const tw_state *s = tw_game_state(r->game);
	const tw_ruleset *rs = tw_game_ruleset(r->game);
	tw_state view;
	bool have_view = false;
	if (buf && c->seat >= 0 && c->seat < s->nsides && rs->random_orders &&
	    tw_state_view(&view, s, c->seat) == TW_OK) {
		have_view = true;
		tw_rng rng;
		tw_rng_seed(&rng, srv_oneway_seed(r->srv, "options", tw_game_seed(r->game),
						  (uint64_t)tw_game_order_count(r->game), (uint64_t)c->seat));
		for (int i = 0; i < SAMPLES && json_array_size(list) < KEEP; i++) {
			tw_order *o = buf;
			if (rs->random_orders(&view, c->seat, &rng, o, 1) < 1 || o->type != type)
				continue;
			bool led = json_array_size(fj) == 0;
			for (size_t k = 0; k < json_array_size(fj) && !led && o->nfig > 0; k++)
				led = json_integer_value(json_array_get(fj, k)) == o->fig[0];
			if (!led)
				continue;
			o->side = (int8_t)c->seat;
			if (rs->validate(&view, o, NULL) != TW_OK)
				continue;
			json_t *oj = tw_order_to_json(o, &view);
			char *key = oj ? json_dumps(oj, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
			if (key && !json_object_get(seen, key)) {
				json_object_set_new(seen, key, json_true());
				json_object_del(oj, "side");
				json_array_append(list, oj);
			}
			free(key);
			json_decref(oj);
		}
	}
	if (have_view)
		tw_state_free(&view);
	pthread_mutex_unlock(&r->mu);
	free(buf);
	json_decref(seen);
	json_t *out = json_pack("{s:s, s:s, s:o}", "type", "options", "order_type", tn, "orders", list);
	if (id)
		json_object_set(out, "id", id);
	srv_send(c, out);
}

/// {"type":"options", "order_type": "formation", "unit": ID, "formation": NAME}: a formation by
/// name (issue 19). The rule set lays the unit's places (tw_ruleset.formation_order) on the
/// seat's view and validates the order there; the answer is options {orders: [the order]}, or
/// options {orders: [], clause, message} with the rule set's refusal. Nothing is applied: the
/// page sends the order as any other.
static void on_formation(srv_conn *c, json_t *m, const char *tn, json_t *id)
{
	srv_room *r = c->room;
	json_t *uj = json_object_get(m, "unit");
	const char *name = json_string_value(json_object_get(m, "formation"));
	if (!json_is_integer(uj) || !name) {
		reply_error(c, "a formation by name needs a unit (its id) and a formation (its name)", id);
		return;
	}
	tw_error err = {0};
	tw_status st = TW_OK;
	json_t *list = json_array();
	tw_order *o = calloc(1, sizeof *o);
	pthread_mutex_lock(&r->mu);
	const tw_state *s = tw_game_state(r->game);
	const tw_ruleset *rs = tw_game_ruleset(r->game);
	json_int_t unit = json_integer_value(uj);
	tw_state view;
	if (!o)
		st = tw_error_set(&err, TW_ERR_NOMEM, "", "out of memory");
	else if (c->seat < 0 || c->seat >= s->nsides)
		st = tw_error_set(&err, TW_ERR_ILLEGAL, "formation", "this seat gives no orders");
	else if (unit < 0 || unit >= s->nunit || s->unit[unit].side != c->seat)
		st = tw_error_set(&err, TW_ERR_ILLEGAL, "formation", "unit %lld is not one of %s's", (long long)unit,
				  s->sides[c->seat].name);
	else if ((st = tw_state_view(&view, s, c->seat)) == TW_OK) {
		st = rs->formation_order(&view, (int)unit, name, o, &err);
		if (st == TW_OK && strcmp(rs->orders[o->type].name, tn) != 0)
			st = tw_error_set(&err, TW_ERR_INPUT, "formation", "the rule set gives formations as '%s' orders",
					  rs->orders[o->type].name);
		if (st == TW_OK) {
			o->side = (int8_t)c->seat;
			st = rs->validate(&view, o, &err);
		}
		if (st == TW_OK) {
			json_t *oj = tw_order_to_json(o, &view);
			if (oj) {
				json_object_del(oj, "side");
				json_array_append_new(list, oj);
			}
		}
		tw_state_free(&view);
	}
	pthread_mutex_unlock(&r->mu);
	free(o);
	json_t *out = json_pack("{s:s, s:s, s:o, s:s}", "type", "options", "order_type", tn, "orders", list, "formation", name);
	if (st != TW_OK) {
		json_object_set_new(out, "clause", json_string(err.clause));
		json_object_set_new(out, "message", json_string(err.message));
	}
	if (id)
		json_object_set(out, "id", id);
	srv_send(c, out);
}

static void on_pause(srv_conn *c, bool pause)
{
	srv_room *r = c->room;
	if (c->seat != SRV_UMPIRE) {
		reply_error(c, "only the umpire can stop the clock", NULL);
		return;
	}
	pthread_mutex_lock(&r->mu);
	r->clock.paused = pause;
	srv_clock_save(r);
	srv_room_broadcast(r, 0, 0);
	pthread_mutex_unlock(&r->mu);
}

/// {"type":"computer", "general": NAME or null, "side"?}: a player hands his own seat to the
/// computer (or takes it back); the umpire may do so for any side.
static void on_computer(srv_conn *c, json_t *m)
{
	srv_room *r = c->room;
	json_t *gj = json_object_get(m, "general"), *sj = json_object_get(m, "side");
	if (gj && !json_is_string(gj) && !json_is_null(gj)) {
		reply_error(c, "general must be a name or null", NULL);
		return;
	}
	pthread_mutex_lock(&r->mu);
	int side = c->seat;
	char who[64];
	const tw_role_def *rd = srv_role(r, c->role);
	if (rd && rd->kind == TW_ROLE_PLAYER && rd->side == c->seat) { // h6-seats: a player hands over his own role
		tw_error rerr;
		tw_error_clear(&rerr);
		tw_status rst = srv_room_set_role_computer(r, c->role, json_string_value(gj), &rerr);
		pthread_mutex_unlock(&r->mu);
		if (rst != TW_OK)
			reply_error(c, rerr.message, NULL);
		return;
	}
	if (rd && rd->kind != TW_ROLE_CHIEF) // the side is its chief's to hand over, not an arm's
		side = -1;
	if (c->seat == SRV_UMPIRE && json_is_string(sj))
		side = tw_state_side_index(tw_game_state(r->game), json_string_value(sj));
	tw_error err;
	tw_error_clear(&err);
	tw_status st = side >= 0 ? srv_room_set_computer(r, side, json_string_value(gj), &err)
				 : tw_error_set(&err, TW_ERR_STATE, "", "the %s holds no side to hand over", srv_role_name(r, c->seat, c->role, who, sizeof who));
	pthread_mutex_unlock(&r->mu);
	if (st != TW_OK)
		reply_error(c, err.message, NULL);
}

static void on_undo(srv_conn *c, json_t *m)
{
	srv_room *r = c->room;
	tw_error err;
	tw_error_clear(&err);
	pthread_mutex_lock(&r->mu);
	tw_status st = srv_room_undo(r, c->seat, c->role, &err);
	// The seat hears "ok" after the others' new state is queued: its own state follows at once.
	reply_status(c, "result", json_object_get(m, "id"), st, &err);
	pthread_mutex_unlock(&r->mu);
}

static bool rate_ok(srv_conn *c)
{
	double now = srv_now();
	const tw_server_opts *o = &c->room->srv->opts;
	c->bucket += (now - c->last) * o->rate;
	c->last = now;
	if (c->bucket > o->burst)
		c->bucket = o->burst;
	if (c->bucket < 1)
		return false;
	c->bucket -= 1;
	return true;
}

void srv_ws_message(srv_conn *c, const char *data, size_t len)
{
	if (!rate_ok(c)) {
		reply_error(c, "too many messages: slow down", NULL);
		return;
	}
	json_error_t je;
	json_t *m = srv_json_parse(data, len, &je);
	if (!m || !json_is_object(m)) {
		char buf[200];
		snprintf(buf, sizeof buf, "malformed message: %s", m ? "not an object" : je.text);
		json_decref(m);
		reply_error(c, buf, NULL);
		return;
	}
	const char *type = json_string_value(json_object_get(m, "type"));
	if (!type)
		reply_error(c, "message without a type", NULL);
	else if (strcmp(type, "order") == 0)
		on_order(c, m, true);
	else if (strcmp(type, "check") == 0)
		on_order(c, m, false);
	else if (strcmp(type, "los") == 0)
		on_los(c, m);
	else if (strcmp(type, "suggest") == 0)
		on_suggest(c, m);
	else if (strcmp(type, "options") == 0)
		on_options(c, m);
	else if (strcmp(type, "undo") == 0)
		on_undo(c, m);
	else if (strcmp(type, "computer") == 0)
		on_computer(c, m);
	else if (strcmp(type, "pause") == 0 || strcmp(type, "resume") == 0)
		on_pause(c, strcmp(type, "pause") == 0);
	else if (strcmp(type, "sync") == 0) {
		pthread_mutex_lock(&c->room->mu);
		srv_room_send_all(c->room, c);
		pthread_mutex_unlock(&c->room->mu);
	} else if (strcmp(type, "ping") == 0)
		srv_send(c, json_pack("{s:s}", "type", "pong"));
	else
		reply_error(c, "unknown message type", json_object_get(m, "id"));
	json_decref(m);
}
