// Addresses: connections counted per address and in all, checked when civetweb hands a new
// connection to a worker (init_connection), before any byte of the request is read, so half-sent
// requests (slowloris) or idle WebSockets from one address cannot take every worker. A refused
// connection gets a short 503 and its socket is shut at once, so its worker is free again.
// Also the Host and Origin checks against the bound address and the allow-list.
#include <ctype.h>
#include <dirent.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <civetweb.h>

#include "srv.h"

struct srv_peer {
	char addr[48];
	int nconn; ///< connections open (peers_mu)
	int jobs;  ///< jobs in the work pool (pool_mu)
};

bool srv_peer_acquire(srv_server *s, srv_conn *c)
{
	bool ok = false;
	pthread_mutex_lock(&s->peers_mu);
	srv_peer *p = NULL;
	for (int i = 0; i < s->npeers && !p; i++)
		if (strcmp(s->peers[i]->addr, c->addr) == 0)
			p = s->peers[i];
	if (s->nconns >= s->opts.max_conns || (p && p->nconn >= s->opts.max_conns_per_addr))
		goto out;
	if (!p) {
		if (s->npeers == s->cappeers) {
			int cap = s->cappeers ? 2 * s->cappeers : 64;
			srv_peer **v = realloc(s->peers, (size_t)cap * sizeof *v);
			if (!v)
				goto out;
			s->peers = v;
			s->cappeers = cap;
		}
		p = calloc(1, sizeof *p);
		if (!p)
			goto out;
		snprintf(p->addr, sizeof p->addr, "%s", c->addr);
		s->peers[s->npeers++] = p;
	}
	p->nconn++;
	s->nconns++;
	c->peer = p;
	ok = true;
out:
	pthread_mutex_unlock(&s->peers_mu);
	return ok;
}

void srv_peer_release(srv_server *s, srv_conn *c)
{
	srv_peer *p = c->peer;
	if (!p)
		return;
	pthread_mutex_lock(&s->peers_mu);
	p->nconn--;
	s->nconns--;
	if (p->nconn == 0) {
		for (int i = 0; i < s->npeers; i++)
			if (s->peers[i] == p) {
				s->peers[i] = s->peers[--s->npeers];
				break;
			}
		free(p);
	}
	pthread_mutex_unlock(&s->peers_mu);
	c->peer = NULL;
}

int srv_peer_jobs(const srv_peer *p) { return p ? p->jobs : 0; }

void srv_peer_jobs_add(srv_peer *p, int d)
{
	if (p)
		p->jobs += d;
}

// civetweb 1.15 fills a connection's addresses before it calls init_connection, but
// mg_get_request_info answers only once a request has been read: too late to refuse a
// half-sent request. The addresses are read from where mg_get_request_info will find them: in
// 1.15 (built without HTTP/2, as Debian's is) the request_info follows three ints at the start
// of the connection. This is checked against mg_get_request_info on every request
// (srv_conn_check_layout) and the version at start; if it ever fails, the early limits go off
// (with a log line) rather than misread a connection.
static atomic_int layout_bad;

static const struct mg_request_info *early_info(const struct mg_connection *conn)
{
	size_t off = (3 * sizeof(int) + _Alignof(struct mg_request_info) - 1) & ~(_Alignof(struct mg_request_info) - 1);
	return (const struct mg_request_info *)(const void *)((const char *)conn + off);
}

bool srv_conn_addresses(srv_conn *c, const struct mg_connection *conn)
{
	static atomic_int version_checked;
	if (!atomic_exchange(&version_checked, 1) && strncmp(mg_version(), "1.15", 4) != 0) {
		srv_log(c->srv, "civetweb %s (not 1.15): connections are limited per address only once their "
				"request is read", mg_version());
		layout_bad = 1;
	}
	if (layout_bad)
		return false;
	const struct mg_request_info *ri = early_info(conn);
	struct in_addr a;
	if (!memchr(ri->remote_addr, 0, sizeof ri->remote_addr) || inet_pton(AF_INET, ri->remote_addr, &a) != 1 ||
	    ri->remote_port <= 0 || ri->remote_port > 65535 || (c->srv->port && ri->server_port != c->srv->port))
		return false;
	snprintf(c->addr, sizeof c->addr, "%s", ri->remote_addr);
	c->rport = ri->remote_port;
	c->lport = ri->server_port;
	return true;
}

void srv_conn_check_layout(srv_server *s, const struct mg_connection *conn)
{
	const struct mg_request_info *ri = mg_get_request_info(conn);
	if (ri && ri != early_info(conn) && !atomic_exchange(&layout_bad, 1))
		srv_log(s, "civetweb's connection layout is not 1.15's: connections are no longer limited per address");
}

// civetweb does not hand out a connection's socket; it is the one socket of this process
// whose local port is the server's and whose peer is the connection's address and port (a TCP
// connection is named by those four). Only the connection's own thread calls this, so the
// socket cannot close meanwhile.
int srv_conn_socket(const srv_conn *c)
{
	struct in_addr want;
	if (c->rport <= 0 || inet_pton(AF_INET, c->addr, &want) != 1)
		return -1;
	DIR *d = opendir("/proc/self/fd");
	if (!d)
		return -1;
	int found = -1;
	struct dirent *e;
	while (found < 0 && (e = readdir(d)) != NULL) {
		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		int fd = atoi(e->d_name);
		struct sockaddr_in la, pa;
		socklen_t ll = sizeof la, pl = sizeof pa;
		if (getsockname(fd, (struct sockaddr *)&la, &ll) != 0 || la.sin_family != AF_INET ||
		    ntohs(la.sin_port) != c->lport)
			continue;
		if (getpeername(fd, (struct sockaddr *)&pa, &pl) != 0 || pa.sin_family != AF_INET ||
		    ntohs(pa.sin_port) != c->rport || pa.sin_addr.s_addr != want.s_addr)
			continue;
		found = fd;
	}
	closedir(d);
	return found;
}

void srv_refuse_socket(const srv_conn *c, const char *why)
{
	int fd = srv_conn_socket(c);
	if (fd < 0)
		return;
	char buf[512];
	for (int k = 0; k < 8 && recv(fd, buf, sizeof buf, MSG_DONTWAIT) > 0; k++) {
	}
	int n = snprintf(buf, sizeof buf,
			 "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: %zu\r\n"
			 "Connection: close\r\n\r\n%s\n",
			 strlen(why) + 1, why);
	if (n > 0 && n < (int)sizeof buf)
		(void)send(fd, buf, (size_t)n, MSG_DONTWAIT | MSG_NOSIGNAL);
	shutdown(fd, SHUT_RDWR);
}

// ---- Host and Origin ----

static bool name_eq(const char *a, size_t la, const char *b)
{
	return strlen(b) == la && strncasecmp(a, b, la) == 0;
}

static bool is_ipv4(const char *name, size_t len)
{
	char buf[32];
	struct in_addr a;
	if (len == 0 || len >= sizeof buf)
		return false;
	memcpy(buf, name, len);
	buf[len] = 0;
	return inet_pton(AF_INET, buf, &a) == 1;
}

/// An entry of the allow-list ("name" or "name:port") against a host's name and port text.
static bool allowed_entry(const srv_server *s, const char *name, size_t nl, const char *port)
{
	const char *list = s->opts.allow_hosts;
	while (list && *list) {
		const char *end = strchr(list, ',');
		size_t len = end ? (size_t)(end - list) : strlen(list);
		while (len > 0 && list[0] == ' ') {
			list++;
			len--;
		}
		const char *colon = memchr(list, ':', len);
		size_t elen = colon ? (size_t)(colon - list) : len;
		if (elen == nl && strncasecmp(list, name, nl) == 0) {
			if (!colon)
				return true;
			size_t plen = len - elen - 1;
			if (port && strlen(port) == plen && strncmp(colon + 1, port, plen) == 0)
				return true;
		}
		list = end ? end + 1 : NULL;
	}
	return false;
}

bool srv_host_ok(const srv_server *s, const char *host)
{
	if (!host || !*host || strlen(host) > 255)
		return false;
	const char *colon = strrchr(host, ':');
	size_t nl = colon ? (size_t)(colon - host) : strlen(host);
	const char *port = colon ? colon + 1 : NULL;
	if (allowed_entry(s, host, nl, port))
		return true;
	if (port) { // our port, or none (then the client's default: a proxy or civetweb's client)
		char *end = NULL;
		long p = strtol(port, &end, 10);
		if (!*port || *end || p != s->port)
			return false;
	}
	const char *bind = s->opts.bind ? s->opts.bind : "127.0.0.1";
	bool any = !*bind || strcmp(bind, "0.0.0.0") == 0;
	bool loopback = strncmp(bind, "127.", 4) == 0;
	if (name_eq(host, nl, bind) && !any)
		return true;
	if ((loopback || any) && name_eq(host, nl, "localhost"))
		return true;
	// Bound to every address: any address typed as digits names this machine; a name could be
	// anyone's (a DNS-rebinding page's Host is its own name), so names must be listed.
	return any && is_ipv4(host, nl);
}

bool srv_origin_ok(const srv_server *s, const char *origin)
{
	if (!origin)
		return false;
	if (s->opts.origin && strcmp(origin, s->opts.origin) == 0)
		return true;
	const char *rest = NULL;
	if (strncmp(origin, "http://", 7) == 0)
		rest = origin + 7;
	else if (strncmp(origin, "https://", 8) == 0)
		rest = origin + 8;
	if (!rest || strchr(rest, '/') || strchr(rest, '@'))
		return false;
	return srv_host_ok(s, rest);
}
