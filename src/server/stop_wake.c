// A prompt stop: civetweb 1.15's listening thread polls its sockets with a fixed 2 s quantum
// (SOCKET_TIMEOUT_QUANTUM, no option) and only sees mg_stop's flag between polls, so every stop
// took ~2 s (most of the server tests' time: they start and stop servers by the dozen). While
// mg_stop waits, a helper thread connects to our own listening port every few milliseconds;
// the poll returns, the flag is seen, the socket closes and the connects are refused.
#include <arpa/inet.h>
#include <netdb.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <civetweb.h>

#include "srv.h"

typedef struct stop_wake {
	atomic_int done;
	char host[64];
	char port[16];
} stop_wake;

/// The address to knock on: the bound one, or loopback when bound to every address.
static void wake_host(const char *bind, char *host, size_t cap)
{
	const char *b = bind ? bind : "127.0.0.1";
	size_t n = strlen(b);
	if (n >= 2 && b[0] == '[' && b[n - 1] == ']') { // civetweb's "[::1]" form
		snprintf(host, cap, "%.*s", (int)(n - 2), b + 1);
	} else {
		snprintf(host, cap, "%s", b);
	}
	if (!host[0] || strcmp(host, "0.0.0.0") == 0)
		snprintf(host, cap, "127.0.0.1");
	else if (strcmp(host, "::") == 0)
		snprintf(host, cap, "::1");
}

static void *wake_main(void *arg)
{
	stop_wake *w = arg;
	struct addrinfo hints, *ai = NULL;
	memset(&hints, 0, sizeof hints);
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV;
	if (getaddrinfo(w->host, w->port, &hints, &ai) != 0 || !ai)
		return NULL; // a name, not an address: the stop takes civetweb's own time
	while (!atomic_load(&w->done)) {
		struct timespec ts = {0, 5 * 1000 * 1000};
		nanosleep(&ts, NULL);
		int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
		if (fd < 0)
			continue;
		(void)connect(fd, ai->ai_addr, ai->ai_addrlen);
		close(fd);
	}
	freeaddrinfo(ai);
	return NULL;
}

void srv_stop_listening(srv_server *s)
{
	stop_wake w;
	atomic_init(&w.done, 0);
	wake_host(s->opts.bind, w.host, sizeof w.host);
	snprintf(w.port, sizeof w.port, "%d", s->port);
	pthread_t t;
	bool started = s->port > 0 && srv_thread_create(s, &t, wake_main, &w) == 0;
	mg_stop(s->ctx);
	atomic_store(&w.done, 1);
	if (started)
		pthread_join(t, NULL);
}
