// The server's own threads, each with an explicit stack (opts.stack_kib): civetweb's workers
// have the stack civetweb was built with (Debian's 1.15: 100 KiB, fixed at build time, no
// option), so no rule, general or deep JSON runs on them. They hand such work to the work
// pool and wait for it (srv_exec). Also here: the ticker (clocks) and the restorer.
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "srv.h"

typedef struct srv_job {
	struct srv_job *next;
	void (*fn)(void *);
	void *arg;
	srv_peer *peer;
	bool done;
	pthread_cond_t done_cv; ///< signalled when done (its waiter only)
} srv_job;

int srv_thread_create(srv_server *s, pthread_t *t, void *(*fn)(void *), void *arg)
{
	pthread_attr_t a;
	pthread_attr_init(&a);
	pthread_attr_setstacksize(&a, (size_t)s->opts.stack_kib * 1024);
	int rc = pthread_create(t, &a, fn, arg);
	pthread_attr_destroy(&a);
	return rc;
}

/// The first queued job whose address has fewer than half the pool at work (so one address
/// cannot hold every worker), unlinked from the queue; NULL if none may run now.
static srv_job *next_job(srv_server *s)
{
	int cap = s->nworkers / 2 > 1 ? s->nworkers / 2 : 1;
	srv_job *prev = NULL;
	for (srv_job *j = s->jobs_head; j; prev = j, j = j->next) {
		if (j->peer && srv_peer_jobs(j->peer) >= cap)
			continue;
		if (prev)
			prev->next = j->next;
		else
			s->jobs_head = j->next;
		if (s->jobs_tail == j)
			s->jobs_tail = prev;
		j->next = NULL;
		return j;
	}
	return NULL;
}

static void *worker_main(void *arg)
{
	srv_server *s = arg;
	pthread_mutex_lock(&s->pool_mu);
	for (;;) {
		srv_job *j = next_job(s);
		if (!j) {
			if (s->pool_stop && !s->jobs_head)
				break;
			pthread_cond_wait(&s->pool_cv, &s->pool_mu);
			continue;
		}
		srv_peer_jobs_add(j->peer, 1);
		pthread_mutex_unlock(&s->pool_mu);
		j->fn(j->arg);
		pthread_mutex_lock(&s->pool_mu);
		srv_peer_jobs_add(j->peer, -1);
		j->done = true;
		pthread_cond_signal(&j->done_cv);
		if (s->jobs_head)
			pthread_cond_broadcast(&s->pool_cv); // the address may run another job now
	}
	pthread_mutex_unlock(&s->pool_mu);
	return NULL;
}

void srv_exec(srv_server *s, srv_peer *peer, void (*fn)(void *), void *arg)
{
	if (s->nworkers == 0) { // no pool (the protocol fuzzer): the caller's own stack
		fn(arg);
		return;
	}
	srv_job j = {NULL, fn, arg, peer, false, PTHREAD_COND_INITIALIZER};
	pthread_mutex_lock(&s->pool_mu);
	if (s->jobs_tail)
		s->jobs_tail->next = &j;
	else
		s->jobs_head = &j;
	s->jobs_tail = &j;
	pthread_cond_signal(&s->pool_cv);
	while (!j.done)
		pthread_cond_wait(&j.done_cv, &s->pool_mu);
	pthread_mutex_unlock(&s->pool_mu);
	pthread_cond_destroy(&j.done_cv);
}

// ---- ticker: the clocks of every room ----

static void *ticker_main(void *arg)
{
	srv_server *s = arg;
	double last = srv_now();
	while (!s->stopping) {
		struct timespec ts = {0, 20 * 1000 * 1000};
		nanosleep(&ts, NULL);
		double now = srv_now(), dt = now - last;
		last = now;
		pthread_mutex_lock(&s->mu);
		int n = s->nrooms;
		srv_room **rooms = malloc((size_t)(n ? n : 1) * sizeof *rooms);
		if (rooms && n)
			memcpy(rooms, s->rooms, (size_t)n * sizeof *rooms);
		pthread_mutex_unlock(&s->mu);
		for (int i = 0; rooms && i < n && !s->stopping; i++) {
			pthread_mutex_lock(&rooms[i]->mu);
			srv_clock_tick(rooms[i], dt);
			srv_host_tick(rooms[i], dt); // sv-web: the host's own orders when due (host_clock.c)
			pthread_mutex_unlock(&rooms[i]->mu);
		}
		free(rooms);
		srv_series_tick(s); // sv-join: a series' finished game recorded, its next prepared
	}
	return NULL;
}

// ---- restorer: the kept games, after the server listens ----

static void *restorer_main(void *arg)
{
	srv_server *s = arg;
	tw_error err;
	tw_error_clear(&err);
	double t0 = srv_now();
	if (srv_store_load_all(s, &err) != TW_OK)
		srv_log(s, "store: %s", err.message);
	srv_log(s, "%d games restored in %.2f s", tw_server_game_count((tw_server *)s), srv_now() - t0);
	s->restoring = 0;
	srv_computer_wake(s);
	return NULL;
}

tw_status srv_threads_start(srv_server *s, tw_error *err)
{
	s->workers = calloc((size_t)s->opts.workers, sizeof *s->workers);
	if (!s->workers)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	for (int i = 0; i < s->opts.workers; i++) {
		if (srv_thread_create(s, &s->workers[i], worker_main, s) != 0)
			return tw_error_set(err, TW_ERR_IO, "", "cannot start the work threads");
		s->nworkers++;
	}
	if (srv_thread_create(s, &s->ticker, ticker_main, s) != 0)
		return tw_error_set(err, TW_ERR_IO, "", "cannot start the clock thread");
	s->ticker_started = true;
	if (srv_thread_create(s, &s->computer, srv_computer_main, s) != 0)
		return tw_error_set(err, TW_ERR_IO, "", "cannot start the computer thread");
	s->computer_started = true;
	return TW_OK;
}

tw_status srv_restorer_start(srv_server *s, tw_error *err)
{
	s->restoring = 1;
	if (srv_thread_create(s, &s->restorer, restorer_main, s) != 0) {
		s->restoring = 0;
		return tw_error_set(err, TW_ERR_IO, "", "cannot start the restoring thread");
	}
	s->restorer_started = true;
	return TW_OK;
}

void srv_threads_stop_early(srv_server *s)
{
	s->stopping = 1;
	srv_computer_wake(s);
	if (s->restorer_started)
		pthread_join(s->restorer, NULL);
	if (s->ticker_started)
		pthread_join(s->ticker, NULL);
	if (s->computer_started)
		pthread_join(s->computer, NULL);
	s->restorer_started = s->ticker_started = s->computer_started = false;
}

void srv_threads_stop_pool(srv_server *s)
{
	pthread_mutex_lock(&s->pool_mu);
	s->pool_stop = true;
	pthread_cond_broadcast(&s->pool_cv);
	pthread_mutex_unlock(&s->pool_mu);
	for (int i = 0; i < s->nworkers; i++)
		pthread_join(s->workers[i], NULL);
	s->nworkers = 0;
	free(s->workers);
	s->workers = NULL;
}
