// Load benchmark of `tinwar serve`: 50 concurrent loopback WebSocket clients, each in its own
// game, send orders; the latency of an order is from sending it to receiving the new state
// (the server validates, applies, records and builds the seat's view). Reports p50 and p99
// (target p99 <= 20 ms). Traffic goes only to 127.0.0.1; bounded in count and time.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wsclient.h"
#include "tinwar/server.h"
#include "tinwar/tinwar.h"

void tw_bench_server(void);

enum { BS_CLIENTS = 50, BS_ORDERS = 40 };

typedef struct bs_client {
	int port;
	double phase; ///< 0..1: where in the period this client sends
	double pace; ///< seconds between a client's orders (0 = as fast as answers come)
	char game[17], token[33];
	double lat[BS_ORDERS];
	int n, refused;
	pthread_barrier_t *start;
} bs_client;

static void bs_send(tw_wsc *c, const char *t) { tw_wsc_send(c, t, strlen(t)); }

static void *bs_run(void *arg)
{
	bs_client *b = arg;
	char origin[64], ebuf[128];
	snprintf(origin, sizeof origin, "http://127.0.0.1:%d", b->port);
	tw_wsc *c = tw_wsc_open(b->port, b->game, b->token, origin, ebuf, sizeof ebuf);
	pthread_barrier_wait(b->start);
	if (!c)
		return NULL;
	int cur = 0;
	json_decref(tw_wsc_wait(c, "clock", &cur, 5.0));
	bs_send(c, "{\"type\":\"order\",\"order\":{\"type\":\"toss\"}}");
	json_decref(tw_wsc_wait(c, "result", &cur, 5.0));
	bs_send(c, "{\"type\":\"suggest\"}");
	json_t *sug = tw_wsc_wait(c, "suggestion", &cur, 10.0);
	json_t *pl = json_array_get(json_object_get(json_object_get(sug, "order"), "placements"), 0);
	if (!pl) {
		json_decref(sug);
		tw_wsc_close(c);
		return NULL;
	}
	char msg[256];
	snprintf(msg, sizeof msg, "{\"type\":\"order\",\"order\":{\"type\":\"deploy\",\"placements\":[{\"figure\":%d,\"at\":[%.17g,%.17g]}]}}",
		 (int)json_integer_value(json_object_get(pl, "figure")),
		 json_number_value(json_array_get(json_object_get(pl, "at"), 0)),
		 json_number_value(json_array_get(json_object_get(pl, "at"), 1)));
	json_decref(sug);
	double start = tw_wsc_now();
	for (int i = 0; i < BS_ORDERS; i++) {
		if (b->pace > 0) { // players think between orders: spread the clients over the period
			double due = start + b->pace * ((double)i + b->phase), now = tw_wsc_now();
			if (due > now) {
				struct timespec ts = {(time_t)(due - now), (long)((due - now - (double)(time_t)(due - now)) * 1e9)};
				nanosleep(&ts, NULL);
			}
		}
		double t0 = tw_wsc_now();
		bs_send(c, msg);
		int k = tw_wsc_wait_index(c, "result", &cur, 5.0);
		char *r = k >= 0 ? tw_wsc_msg(c, k) : NULL;
		bool ok = r && strstr(r, "\"ok\":true");
		free(r);
		if (!ok) {
			b->refused++;
			continue;
		}
		k = tw_wsc_wait_index(c, "state", &cur, 5.0);
		if (k >= 0)
			b->lat[b->n++] = (tw_wsc_stamp(c, k) - t0) * 1e3;
	}
	tw_wsc_close(c);
	return NULL;
}

static int bs_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/// One run: BS_CLIENTS clients, each in its own game, BS_ORDERS orders each, `pace` seconds apart.
static void bs_round(double pace, const char *label)
{
	tw_server_opts o;
	tw_server_opts_default(&o);
	o.port = 0;
	o.db = NULL;
	o.quiet = true;
	o.rate = 1000;
	o.burst = 1000;
	o.max_conns_per_addr = 4 * BS_CLIENTS; // every client is 127.0.0.1
	o.max_games_per_addr = 4 * BS_CLIENTS;
	o.max_figures_per_addr = 1000000;
	tw_error err;
	tw_error_clear(&err);
	tw_server *s = tw_server_start(&o, &err);
	if (!s) {
		printf("server bench: cannot start: %s\n", err.message);
		return;
	}
	static bs_client cl[BS_CLIENTS];
	pthread_t th[BS_CLIENTS];
	pthread_barrier_t start;
	pthread_barrier_init(&start, NULL, BS_CLIENTS);
	for (int i = 0; i < BS_CLIENTS; i++) {
		char req[160];
		snprintf(req, sizeof req, "{\"ruleset\":\"littlewars\",\"seed\":%d,\"params\":{\"curtain\":1},\"clock\":{\"enabled\":false}}", i + 1);
		char *resp = tw_server_create_game(s, req, strlen(req), &err);
		json_t *j = resp ? json_loads(resp, 0, NULL) : NULL;
		free(resp);
		memset(&cl[i], 0, sizeof cl[i]);
		cl[i].port = tw_server_port(s);
		cl[i].start = &start;
		cl[i].pace = pace;
		cl[i].phase = (double)i / BS_CLIENTS;
		const char *id = json_string_value(json_object_get(j, "id"));
		const char *tok = json_string_value(json_object_get(json_array_get(json_object_get(j, "seats"), 0), "token"));
		snprintf(cl[i].game, sizeof cl[i].game, "%s", id ? id : "");
		snprintf(cl[i].token, sizeof cl[i].token, "%s", tok ? tok : "");
		json_decref(j);
	}
	double t0 = tw_wsc_now();
	for (int i = 0; i < BS_CLIENTS; i++)
		pthread_create(&th[i], NULL, bs_run, &cl[i]);
	for (int i = 0; i < BS_CLIENTS; i++)
		pthread_join(th[i], NULL);
	double wall = tw_wsc_now() - t0;
	pthread_barrier_destroy(&start);
	static double all[BS_CLIENTS * BS_ORDERS];
	int n = 0, refused = 0;
	for (int i = 0; i < BS_CLIENTS; i++) {
		memcpy(all + n, cl[i].lat, (size_t)cl[i].n * sizeof *all);
		n += cl[i].n;
		refused += cl[i].refused;
	}
	qsort(all, (size_t)n, sizeof *all, bs_cmp);
	if (n == 0) {
		printf("server (%s): no order completed (%d refused)\n", label, refused);
	} else {
		double p50 = all[n / 2], p99 = all[(int)((n - 1) * 0.99)];
		printf("server (%s): %d loopback WebSocket clients, %d orders in %.2f s (%d refused): order latency "
		       "p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
		       label, BS_CLIENTS, n, wall, refused, p50, p99, all[n - 1]);
		if (pace > 0)
			printf("server: target p99 <= 20 ms at %.0f orders/s offered: %s\n", BS_CLIENTS / pace,
			       p99 <= 20 ? "met" : "NOT met");
	}
	tw_server_stop(s);
}

void tw_bench_server(void)
{
	// Players: each of 50 sends an order every 250 ms (200 orders/s in all).
	bs_round(0.25, "50 players, 4 orders/s each");
	// Saturation: every client sends its next order as soon as the last is answered.
	bs_round(0, "saturation, closed loop");
}
