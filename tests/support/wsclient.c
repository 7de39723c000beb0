// A small WebSocket client for tests and benchmarks (civetweb's client API).
#include "wsclient.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include <civetweb.h>

double tw_wsc_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int on_data(struct mg_connection *conn, int bits, char *data, size_t len, void *ud)
{
	(void)conn;
	tw_wsc *c = ud;
	int op = bits & 0x0f;
	if (op == MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE) {
		pthread_mutex_lock(&c->mu);
		c->closed = true;
		pthread_cond_broadcast(&c->cv);
		pthread_mutex_unlock(&c->mu);
		return 0;
	}
	if (op != MG_WEBSOCKET_OPCODE_TEXT)
		return 1;
	pthread_mutex_lock(&c->mu);
	if (c->n == c->cap) {
		int cap = c->cap ? c->cap * 2 : 64;
		char **m = realloc(c->msgs, (size_t)cap * sizeof *m);
		if (m)
			c->msgs = m;
		size_t *l = realloc(c->lens, (size_t)cap * sizeof *l);
		if (l)
			c->lens = l;
		double *t = realloc(c->stamps, (size_t)cap * sizeof *t);
		if (t)
			c->stamps = t;
		if (m && l && t)
			c->cap = cap;
	}
	if (c->n < c->cap) {
		char *copy = malloc(len + 1);
		if (copy) {
			memcpy(copy, data, len);
			copy[len] = 0;
			c->msgs[c->n] = copy;
			c->lens[c->n] = len;
			c->stamps[c->n] = tw_wsc_now();
			c->n++;
		}
	}
	pthread_cond_broadcast(&c->cv);
	pthread_mutex_unlock(&c->mu);
	return 1;
}

static void on_close(const struct mg_connection *conn, void *ud)
{
	(void)conn;
	tw_wsc *c = ud;
	pthread_mutex_lock(&c->mu);
	c->closed = true;
	pthread_cond_broadcast(&c->cv);
	pthread_mutex_unlock(&c->mu);
}

/// civetweb's client writes a frame's header and payload separately and leaves Nagle on, so
/// each message waits for a delayed ACK (40 ms). Browsers set TCP_NODELAY; so do we, on our
/// sockets connected to the server's port (civetweb does not hand out the descriptor).
static void nodelay_to(int port)
{
	for (int fd = 3; fd < 4096; fd++) {
		struct sockaddr_in a;
		socklen_t len = sizeof a;
		if (getpeername(fd, (struct sockaddr *)&a, &len) != 0 || a.sin_family != AF_INET || ntohs(a.sin_port) != port)
			continue;
		int one = 1;
		setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	}
}

/// The sockets (descriptor and local port) connected to 127.0.0.1:port now; n of them.
static int sockets_to(int port, int *fds, int *lports, int cap)
{
	int n = 0;
	for (int fd = 3; fd < 4096 && n < cap; fd++) {
		struct sockaddr_in a, l;
		socklen_t len = sizeof a, llen = sizeof l;
		if (getpeername(fd, (struct sockaddr *)&a, &len) != 0 || a.sin_family != AF_INET || ntohs(a.sin_port) != port)
			continue;
		if (getsockname(fd, (struct sockaddr *)&l, &llen) != 0 || l.sin_family != AF_INET)
			continue;
		fds[n] = fd;
		lports[n] = ntohs(l.sin_port);
		n++;
	}
	return n;
}

/// Our new socket: the one connected to the port after the connect and not before. -1 when it
/// cannot be told apart (another thread connected at the same moment): the close is then slow.
static int new_socket(const int *bf, const int *bl, int nb, const int *af, const int *al, int na, int *lport)
{
	int found = -1;
	for (int i = 0; i < na; i++) {
		bool old = false;
		for (int k = 0; k < nb && !old; k++)
			old = bf[k] == af[i] && bl[k] == al[i];
		if (old)
			continue;
		if (found >= 0)
			return -1;
		found = af[i];
		*lport = al[i];
	}
	return found;
}

static pthread_mutex_t open_mu = PTHREAD_MUTEX_INITIALIZER; // one open at a time: its socket is told apart

tw_wsc *tw_wsc_open(int port, const char *game, const char *token, const char *origin, char *ebuf, size_t elen)
{
	tw_wsc *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	pthread_mutex_init(&c->mu, NULL);
	pthread_cond_init(&c->cv, NULL);
	char path[256];
	snprintf(path, sizeof path, "/ws?game=%s&token=%s", game, token);
	enum { CAP = 512 };
	int *bf = malloc(4 * CAP * sizeof *bf), nb = 0, na = 0;
	int *bl = bf ? bf + CAP : NULL, *af = bf ? bf + 2 * CAP : NULL, *al = bf ? bf + 3 * CAP : NULL;
	c->fd = -1;
	c->port = port;
	pthread_mutex_lock(&open_mu);
	if (bf)
		nb = sockets_to(port, bf, bl, CAP);
	c->conn = mg_connect_websocket_client("127.0.0.1", port, 0, ebuf, elen, path, origin, on_data, on_close, c);
	if (c->conn && bf && nb < CAP) {
		na = sockets_to(port, af, al, CAP);
		if (na < CAP)
			c->fd = new_socket(bf, bl, nb, af, al, na, &c->lport);
	}
	pthread_mutex_unlock(&open_mu);
	free(bf);
	if (c->conn)
		nodelay_to(port);
	if (!c->conn) {
		pthread_mutex_destroy(&c->mu);
		pthread_cond_destroy(&c->cv);
		free(c);
		return NULL;
	}
	return c;
}

bool tw_wsc_send(tw_wsc *c, const char *text, size_t len)
{
	return mg_websocket_client_write(c->conn, MG_WEBSOCKET_OPCODE_TEXT, text, len) > 0;
}

static void deadline(struct timespec *ts, double timeout)
{
	clock_gettime(CLOCK_REALTIME, ts);
	double t = (double)ts->tv_sec + (double)ts->tv_nsec * 1e-9 + timeout;
	ts->tv_sec = (time_t)t;
	ts->tv_nsec = (long)((t - (double)ts->tv_sec) * 1e9);
}

json_t *tw_wsc_wait(tw_wsc *c, const char *type, int *cursor, double timeout)
{
	struct timespec ts;
	deadline(&ts, timeout);
	pthread_mutex_lock(&c->mu);
	for (;;) {
		while (*cursor < c->n) {
			// The server writes "type" first: skip other messages without parsing them.
			char pre[64];
			snprintf(pre, sizeof pre, "{\"type\":\"%s\"", type ? type : "");
			if (type && strncmp(c->msgs[*cursor], pre, strlen(pre)) != 0) {
				(*cursor)++;
				continue;
			}
			json_t *j = json_loadb(c->msgs[*cursor], c->lens[*cursor], 0, NULL);
			(*cursor)++;
			const char *t = json_string_value(json_object_get(j, "type"));
			if (t && (!type || strcmp(t, type) == 0)) {
				pthread_mutex_unlock(&c->mu);
				return j;
			}
			json_decref(j);
		}
		if (c->closed || pthread_cond_timedwait(&c->cv, &c->mu, &ts) != 0)
			break;
	}
	pthread_mutex_unlock(&c->mu);
	return NULL;
}

int tw_wsc_wait_index(tw_wsc *c, const char *type, int *cursor, double timeout)
{
	struct timespec ts;
	deadline(&ts, timeout);
	char pre[64];
	snprintf(pre, sizeof pre, "{\"type\":\"%s\"", type);
	pthread_mutex_lock(&c->mu);
	for (;;) {
		while (*cursor < c->n) {
			int i = (*cursor)++;
			if (strncmp(c->msgs[i], pre, strlen(pre)) == 0) {
				pthread_mutex_unlock(&c->mu);
				return i;
			}
		}
		if (c->closed || pthread_cond_timedwait(&c->cv, &c->mu, &ts) != 0)
			break;
	}
	pthread_mutex_unlock(&c->mu);
	return -1;
}

bool tw_wsc_wait_closed(tw_wsc *c, double timeout)
{
	struct timespec ts;
	deadline(&ts, timeout);
	pthread_mutex_lock(&c->mu);
	while (!c->closed)
		if (pthread_cond_timedwait(&c->cv, &c->mu, &ts) != 0)
			break;
	bool closed = c->closed;
	pthread_mutex_unlock(&c->mu);
	return closed;
}

int tw_wsc_count(tw_wsc *c)
{
	pthread_mutex_lock(&c->mu);
	int n = c->n;
	pthread_mutex_unlock(&c->mu);
	return n;
}

double tw_wsc_stamp(tw_wsc *c, int i)
{
	pthread_mutex_lock(&c->mu);
	double t = i >= 0 && i < c->n ? c->stamps[i] : 0;
	pthread_mutex_unlock(&c->mu);
	return t;
}

char *tw_wsc_msg(tw_wsc *c, int i)
{
	pthread_mutex_lock(&c->mu);
	char *m = i >= 0 && i < c->n ? strdup(c->msgs[i]) : NULL;
	pthread_mutex_unlock(&c->mu);
	return m;
}

void tw_wsc_close(tw_wsc *c)
{
	if (!c)
		return;
	// civetweb's client thread polls its socket with a fixed 2 s quantum and sees the close only
	// between polls (mg_close_connection then waited ~2 s: most of the server tests' time).
	// Shutting our socket's reading side ends its poll at once; nothing is sent to the server,
	// which sees the same close as before.
	if (c->fd >= 0) {
		struct sockaddr_in a, l;
		socklen_t len = sizeof a, llen = sizeof l;
		if (getpeername(c->fd, (struct sockaddr *)&a, &len) == 0 && a.sin_family == AF_INET &&
		    ntohs(a.sin_port) == c->port && getsockname(c->fd, (struct sockaddr *)&l, &llen) == 0 &&
		    l.sin_family == AF_INET && ntohs(l.sin_port) == c->lport)
			shutdown(c->fd, SHUT_RD);
	}
	mg_close_connection(c->conn);
	for (int i = 0; i < c->n; i++)
		free(c->msgs[i]);
	free(c->msgs);
	free(c->lens);
	free(c->stamps);
	pthread_mutex_destroy(&c->mu);
	pthread_cond_destroy(&c->cv);
	free(c);
}
