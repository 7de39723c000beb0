// The computer seats: one thread gives the computers' orders, each time to the game (among
// those whose computer is to move) that has had the least of the thread's time: a fair share
// of time, not of turns, as a process scheduler does. So a computer that answers quickly (a
// small game) waits for at most the one decision in progress, however long the big games'
// generals think; the big games share the rest. A game cannot bank the time it spent waiting
// for its player: when its computer is due again its account is raised to the least of the
// others'. Being one thread, the computers take at most one processor; the players' requests
// run beside it on the work pool. A general decides on a copy of the state, outside the room's lock; its order is
// applied only if the game has not moved on meanwhile. Its generator is seeded by a keyed
// one-way hash of the game's seed (srv_oneway_seed), never from the game's generator.
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "srv.h"

void srv_computer_wake(srv_server *s)
{
	pthread_mutex_lock(&s->comp_mu);
	pthread_cond_signal(&s->comp_cv);
	pthread_mutex_unlock(&s->comp_mu);
}

bool srv_computer_step(srv_room *r)
{
	srv_server *s = r->srv;
	pthread_mutex_lock(&r->mu);
	int side = -1, role = -1;
	if (!srv_room_computer_due_role(r, &side, &role)) {
		pthread_mutex_unlock(&r->mu);
		return false;
	}
	if (role >= 0) { // h6-seats: the computer holds one role of the side (role_seats.c)
		pthread_mutex_unlock(&r->mu);
		return srv_role_computer_step(r, side, role);
	}
	const tw_ruleset *rs = tw_game_ruleset(r->game);
	tw_general *g = r->gen[side];
	if (!g) {
		uint64_t seed = srv_oneway_seed(s, "computer", tw_game_seed(r->game), (uint64_t)side,
						(uint64_t)r->gen_epoch[side]);
		g = tw_general_new(r->computer[side], rs, side, seed);
		if (!g) {
			r->computer_fail[side] = 99;
			pthread_mutex_unlock(&r->mu);
			return false;
		}
	}
	bool free_turn = srv_room_computer_free(r); // sv-join: a seat that may act at once may pass
	int mark = srv_room_asked_mark(r);
	r->gen[side] = NULL; // out with this thread while it decides
	int epoch = r->gen_epoch[side], norders = tw_game_order_count(r->game), undos = r->undos;
	tw_state snap;
	tw_status st = tw_state_clone(&snap, tw_game_state(r->game));
	bool have_snap = st == TW_OK;
	pthread_mutex_unlock(&r->mu);

	tw_order *o = calloc(1, sizeof *o);
	if (have_snap && o)
		st = tw_general_decide(g, &snap, o);
	else
		st = TW_ERR_NOMEM;
	if (have_snap)
		tw_state_free(&snap);

	pthread_mutex_lock(&r->mu);
	bool same = r->gen_epoch[side] == epoch && tw_game_order_count(r->game) == norders && r->undos == undos;
	if (r->gen_epoch[side] == epoch && !r->gen[side])
		r->gen[side] = g;
	else
		tw_general_free(g); // the seat changed hands meanwhile
	if (same && o && free_turn) { // sv-join: nothing to give, or refused: it passes until the next order
		tw_error err;
		tw_error_clear(&err);
		r->asked[side] = mark;
		if (st == TW_OK) {
			o->side = (int8_t)side;
			(void)srv_room_apply(r, o, &err);
		}
	} else if (same && o) {
		tw_error err;
		tw_error_clear(&err);
		if (st == TW_OK)
			o->side = (int8_t)side;
		tw_status ap = st == TW_OK ? srv_room_apply(r, o, &err) : st;
		if (ap == TW_ERR_IO) {
			// The store could not keep it: nothing changed; the computer tries again later.
		} else if (ap != TW_OK) {
			// A general that gives an illegal order ends its move instead (as tw_play_out does).
			int end = tw_order_type_with(tw_game_ruleset(r->game), TW_OD_ENDS_TURN);
			tw_order_init(o, end >= 0 ? end : 0, side);
			tw_status e = end >= 0 ? srv_room_apply(r, o, &err) : TW_ERR_STATE;
			if (e != TW_OK && e != TW_ERR_IO) {
				r->computer_fail[side]++;
				srv_log(s, "game %s: the computer for %s is stuck: %s %s", r->id,
					tw_game_state(r->game)->sides[side].name, err.clause, err.message);
			}
		} else {
			r->computer_fail[side] = 0;
		}
	}
	pthread_mutex_unlock(&r->mu);
	free(o);
	return true;
}

static double thread_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/// The due game with the least computer time, or -1. Accounts below the clock are raised.
static int pick(srv_server *s, srv_room **rooms, int n)
{
	int best = -1;
	for (int k = 0; k < n; k++) {
		int i = (s->comp_rr + k) % n; // ties go round
		srv_room *r = rooms[i];
		int side, role;
		pthread_mutex_lock(&r->mu);
		bool due = srv_room_computer_due_role(r, &side, &role);
		pthread_mutex_unlock(&r->mu);
		if (!due)
			continue;
		if (r->comp_time < s->comp_clock)
			r->comp_time = s->comp_clock;
		if (best < 0 || r->comp_time < rooms[best]->comp_time)
			best = i;
	}
	return best;
}

void *srv_computer_main(void *arg)
{
	srv_server *s = arg;
	while (!s->stopping) {
		pthread_mutex_lock(&s->mu);
		int n = s->nrooms;
		srv_room **rooms = malloc((size_t)(n ? n : 1) * sizeof *rooms);
		if (rooms && n)
			memcpy(rooms, s->rooms, (size_t)n * sizeof *rooms);
		pthread_mutex_unlock(&s->mu);
		int i = rooms && n ? pick(s, rooms, n) : -1;
		if (i >= 0) {
			srv_room *r = rooms[i];
			s->comp_clock = r->comp_time;
			double t0 = thread_seconds();
			srv_computer_step(r);
			r->comp_time += thread_seconds() - t0;
			s->comp_rr = i + 1;
		}
		free(rooms);
		if (i >= 0)
			continue;
		// Nothing to do: wait for an order, a seat handed over, or a short while.
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 50 * 1000 * 1000;
		if (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		pthread_mutex_lock(&s->comp_mu);
		if (!s->stopping)
			pthread_cond_timedwait(&s->comp_cv, &s->comp_mu, &ts);
		pthread_mutex_unlock(&s->comp_mu);
	}
	return NULL;
}
