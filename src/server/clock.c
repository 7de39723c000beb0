// The move clock on the server, for a rule set that times its moves: each move's allowance, warnings at 2 min, 1 min and
// 30 s, "Time" ends the mover's move, the interval between moves, and the umpire's pause.
// The allowance comes from the rule set's move_start event (v = minutes), so the clock works
// for any rule set that times its moves. The running clock is written to the store every few
// seconds, on pause and resume, at each warning and when the server stops, so a restart resumes
// the move's clock where it was rather than giving the mover a fresh allowance.
#include <stdlib.h>
#include <string.h>

#include "srv.h"

/// Real seconds of a running clock between two writes to the store.
#define SRV_CLOCK_SAVE_EVERY 2.0

static double interval_seconds(const srv_room *r)
{
	const tw_state *s = tw_game_state(r->game);
	int i = tw_ruleset_param(tw_game_ruleset(r->game), "interval");
	return i >= 0 ? s->params[i] * 60.0 * r->clock.scale : 0;
}

void srv_clock_events(srv_room *r, const tw_events *ev, int first, int count)
{
	srv_clock *c = &r->clock;
	for (int i = first; i < first + count && i < ev->n; i++) {
		const tw_event *e = &ev->v[i];
		if (e->type == TW_EV_MOVE_START && e->v > 0) {
			c->side = e->b;
			c->move_no = e->a;
			c->allowance = c->left = e->v * 60.0 * c->scale;
			c->warned = 0;
			c->time_up = false;
			c->unsaved = 0;
			// The interval (the rule set's 'interval' parameter) comes between moves, not before the first.
			c->interval = e->a > 1 ? interval_seconds(r) : 0;
		} else if (e->type == TW_EV_VICTORY || e->type == TW_EV_DRAW) {
			c->side = -1;
		}
	}
	if (tw_game_state(r->game)->over)
		c->side = -1;
}

void srv_clock_acted(srv_room *r, int side)
{
	if (r->clock.side == side)
		r->clock.interval = 0;
}

json_t *srv_clock_json(const srv_room *r)
{
	const srv_clock *c = &r->clock;
	json_t *j = json_pack("{s:s, s:b, s:i, s:i, s:f, s:f, s:f, s:b, s:b, s:f}", "type", "clock", "enabled", c->enabled,
			      "side", c->side, "move_no", c->move_no, "allowance", c->allowance, "left", c->left, "interval",
			      c->interval, "paused", c->paused, "time_up", c->time_up, "scale", c->scale);
	srv_host_json(r, j); // sv-web: the host's clock and when its next order is due
	return j;
}

void srv_clock_save(srv_room *r)
{
	srv_clock *c = &r->clock;
	c->unsaved = 0;
	if (!r->srv || !r->srv->db)
		return;
	json_t *j = json_pack("{s:i, s:i, s:f, s:f, s:b, s:i, s:b}", "move_no", c->move_no, "side", c->side, "left",
			      c->left, "interval", c->interval, "paused", c->paused, "warned", c->warned, "time_up",
			      c->time_up);
	char *txt = j ? json_dumps(j, JSON_COMPACT) : NULL;
	json_decref(j);
	if (txt)
		srv_store_set_clock(r->srv, r->id, txt);
	free(txt);
}

void srv_clock_restore(srv_room *r, const char *text)
{
	srv_clock *c = &r->clock;
	json_t *j = json_loads(text, 0, NULL);
	json_int_t move_no = json_integer_value(json_object_get(j, "move_no"));
	json_int_t side = json_integer_value(json_object_get(j, "side"));
	json_t *left = json_object_get(j, "left"), *interval = json_object_get(j, "interval");
	json_int_t warned = json_integer_value(json_object_get(j, "warned"));
	// Only the clock of the move the replay reached, and only values a clock can hold.
	if (j && c->side >= 0 && move_no == c->move_no && side == c->side && json_is_real(left) &&
	    json_is_real(interval) && json_real_value(left) >= 0 && json_real_value(left) <= c->allowance &&
	    json_real_value(interval) >= 0 && json_real_value(interval) <= c->interval + 1e-9 && warned >= 0 &&
	    warned <= 7) {
		c->left = json_real_value(left);
		c->interval = json_real_value(interval);
		c->paused = json_is_true(json_object_get(j, "paused"));
		c->warned = (int)warned;
		c->time_up = json_is_true(json_object_get(j, "time_up"));
	}
	json_decref(j);
}

static void broadcast_json(srv_room *r, json_t *m)
{
	char *txt = json_dumps(m, JSON_COMPACT);
	json_decref(m);
	if (!txt)
		return;
	size_t len = strlen(txt);
	for (int i = 0; i < r->nconn; i++)
		srv_send_text(r->conns[i], txt, len);
	free(txt);
}

void srv_clock_tick(srv_room *r, double dt)
{
	srv_clock *c = &r->clock;
	const tw_state *s = tw_game_state(r->game);
	if (!c->enabled || c->paused || c->side < 0 || s->over || c->time_up)
		return;
	if (c->side < s->nsides && r->computer[c->side][0])
		return; // the computer does not need the clock
	c->unsaved += dt;
	if (c->unsaved >= SRV_CLOCK_SAVE_EVERY)
		srv_clock_save(r);
	if (c->interval > 0) {
		c->interval -= dt;
		if (c->interval <= 0) {
			c->interval = 0;
			broadcast_json(r, srv_clock_json(r));
		}
		return;
	}
	c->left -= dt;
	static const double marks[3] = {120, 60, 30};
	for (int k = 0; k < 3; k++) {
		double m = marks[k] * c->scale;
		if (c->left <= m && c->allowance > m && !(c->warned & (1 << k))) {
			c->warned |= 1 << k;
			json_t *w = srv_clock_json(r);
			json_object_set_new(w, "warn", json_integer((json_int_t)marks[k]));
			broadcast_json(r, w);
			srv_clock_save(r);
		}
	}
	if (c->left <= 0) {
		c->left = 0;
		c->time_up = true;
		int side = c->side;
		srv_log(r->srv, "game %s: Time! %s's move ends", r->id, s->sides[side].name);
		json_t *w = srv_clock_json(r);
		json_object_set_new(w, "time", json_true());
		broadcast_json(r, w);
		tw_order *o = calloc(1, sizeof *o);
		if (!o)
			return;
		// The rule set's time-out (a host order), else the seat's own "end the turn".
		const tw_ruleset *rs = tw_game_ruleset(r->game);
		int host = tw_order_type_with(rs, TW_OD_HOST), end = tw_order_type_with(rs, TW_OD_ENDS_TURN);
		if (host >= 0)
			tw_order_init(o, host, TW_SEAT_HOST);
		else
			tw_order_init(o, end >= 0 ? end : 0, side);
		tw_error err;
		tw_error_clear(&err);
		if (srv_room_apply(r, o, &err) != TW_OK)
			srv_log(r->srv, "game %s: Time could not end the move: %s %s", r->id, err.clause, err.message);
		free(o);
	}
}
