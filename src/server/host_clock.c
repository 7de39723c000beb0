// The host's own clock (sv-web; issue 17), for a rule set that keeps time on it
// (tw_ruleset.host_due, Science versus Luck's auction): every order given in the room is stamped
// with the host's time (rooms.c, srv_room_commit), and the ticker gives the rule set's host
// order (TW_OD_HOST) itself once its time is due: the auction's hammer 15 s after the last bid
// (SV.EXPO.5). The clock runs at 1/clock.scale of real time (tests use a short scale), and only
// while every side played by a person has a seat connected: the auctioneer waits for the room
// (the first lot opens when all are in) and stops while a team is away.
#include <math.h>

#include "srv.h"

bool srv_host_keeps(const srv_room *r)
{
	return r->game && tw_game_ruleset(r->game)->host_due != NULL;
}

int64_t srv_host_now(const srv_room *r)
{
	return tw_host_time((int64_t)floor(r->host_ms));
}

/// Every side a person plays has a connection in the room.
static bool all_in(const srv_room *r)
{
	const tw_state *s = tw_game_state(r->game);
	for (int k = 0; k < s->nsides; k++) {
		if (r->computer[k][0])
			continue;
		bool in = false;
		for (int i = 0; i < r->nconn && !in; i++)
			in = r->conns[i]->seat == k;
		if (!in)
			return false;
	}
	return true;
}

void srv_host_tick(srv_room *r, double dt)
{
	if (!srv_host_keeps(r) || r->broken || !all_in(r))
		return;
	r->host_ms += dt * 1000.0 / (r->clock.scale > 0 ? r->clock.scale : 1.0);
	// The due check and the host's order are the core's (tinwar/host_clock.h), as the terminal's.
	const tw_state *s = tw_game_state(r->game);
	const tw_ruleset *rs = tw_game_ruleset(r->game);
	int64_t due = tw_host_due(s);
	if (due <= 0 || srv_host_now(r) < due || due == r->host_failed_due)
		return;
	tw_order *o = calloc(1, sizeof *o);
	if (!o)
		return;
	if (!tw_host_order_due(s, srv_host_now(r), o)) {
		free(o);
		return;
	}
	int host = o->type;
	tw_error err;
	tw_error_clear(&err);
	if (srv_room_apply(r, o, &err) != TW_OK) { // said once, not every tick
		r->host_failed_due = due;
		srv_log(r->srv, "game %s: the host's %s was refused: %s %s", r->id, rs->orders[host].name, err.clause,
			err.message);
	}
	free(o);
}

void srv_host_restore(srv_room *r)
{
	if (!srv_host_keeps(r))
		return;
	int64_t t = tw_host_resume(r->game); // the core's (tinwar/host_clock.h)
	r->host_ms = (double)t;
}

void srv_host_json(const srv_room *r, json_t *clock)
{
	if (!clock || !srv_host_keeps(r))
		return;
	const tw_state *s = tw_game_state(r->game);
	int64_t due = tw_host_due(s);
	json_object_set_new(clock, "host_ms", json_integer(srv_host_now(r)));
	json_object_set_new(clock, "host_due_ms", json_integer(due));
}
