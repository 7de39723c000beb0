#define _GNU_SOURCE
// Raw loopback sockets for the server's tests (see rawnet.h).
#include "rawnet.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

tw_raw *tw_raw_connect(int port, const char *from, int rcvbuf)
{
	tw_raw *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (c->fd < 0) {
		free(c);
		return NULL;
	}
	int one = 1;
	setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	if (rcvbuf > 0)
		setsockopt(c->fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof rcvbuf);
	struct sockaddr_in a = {0};
	a.sin_family = AF_INET;
	if (from) {
		inet_pton(AF_INET, from, &a.sin_addr);
		if (bind(c->fd, (struct sockaddr *)&a, sizeof a) != 0)
			goto fail;
	}
	inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
	a.sin_port = htons((uint16_t)port);
	if (connect(c->fd, (struct sockaddr *)&a, sizeof a) != 0)
		goto fail;
	return c;
fail:
	close(c->fd);
	free(c);
	return NULL;
}

void tw_raw_close(tw_raw *c)
{
	if (!c)
		return;
	close(c->fd);
	free(c);
}

bool tw_raw_send(tw_raw *c, const void *data, size_t len)
{
	const char *p = data;
	while (len > 0) {
		ssize_t n = send(c->fd, p, len, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		p += n;
		len -= (size_t)n;
	}
	return true;
}

/// Reads what comes within `timeout` seconds (at most until the buffer is full).
static bool fill(tw_raw *c, double timeout)
{
	if (c->eof || c->len >= sizeof c->buf - 1)
		return false;
	struct pollfd p = {c->fd, POLLIN, 0};
	int ms = timeout > 0 ? (int)(timeout * 1000) : 0;
	if (poll(&p, 1, ms) <= 0)
		return false;
	ssize_t n = recv(c->fd, c->buf + c->len, sizeof c->buf - 1 - c->len, 0);
	if (n <= 0) {
		c->eof = true;
		return false;
	}
	c->len += (size_t)n;
	c->buf[c->len] = 0;
	return true;
}

bool tw_raw_wait_for(tw_raw *c, const char *text, double timeout)
{
	double until = now() + timeout;
	for (;;) {
		c->buf[c->len] = 0;
		if (memmem(c->buf, c->len, text, strlen(text)))
			return true;
		double left = until - now();
		if (left <= 0 || c->eof)
			return false;
		fill(c, left);
	}
}

bool tw_raw_wait_closed(tw_raw *c, double timeout)
{
	double until = now() + timeout;
	while (!c->eof) {
		double left = until - now();
		if (left <= 0)
			return false;
		if (c->len > sizeof c->buf / 2)
			c->len = 0; // what the server says on the way out is not kept
		fill(c, left);
	}
	return true;
}

// Reads and throws away what comes once the buffer is full (a long answer: its status and the
// start of its body are kept), so a caller waiting for the end of the answer sees it end.
static void drain(tw_raw *c, double timeout)
{
	char sink[4096];
	struct pollfd p = {c->fd, POLLIN, 0};
	int ms = timeout > 0 ? (int)(timeout * 1000) : 0;
	if (poll(&p, 1, ms) <= 0)
		return;
	if (recv(c->fd, sink, sizeof sink, 0) <= 0)
		c->eof = true;
}

/// True once the buffer holds a whole answer: its head and as many body bytes as its
/// Content-Length says (an answer without one ends when the server closes).
static bool answer_complete(const tw_raw *c)
{
	char head[4096];
	size_t n = c->len < sizeof head - 1 ? c->len : sizeof head - 1;
	memcpy(head, c->buf, n);
	head[n] = 0;
	const char *end = strstr(head, "\r\n\r\n");
	if (!end)
		return false;
	const char *cl = strcasestr(head, "\r\ncontent-length:");
	if (!cl || cl > end)
		return false;
	long want = strtol(cl + 17, NULL, 10);
	size_t body_at = (size_t)(end - head) + 4;
	return want >= 0 && c->len >= body_at + (size_t)want;
}

int tw_raw_http(int port, const char *from, const char *request, char *body, size_t cap, double timeout)
{
	tw_raw *c = tw_raw_connect(port, from, 0);
	if (!c)
		return -1;
	int status = -1;
	if (tw_raw_send(c, request, strlen(request))) {
		double until = now() + timeout;
		// Until the whole answer is in (a server that answers a request it refuses before its
		// body came, 413, keeps the connection to drain the body: waiting for the close took
		// the whole timeout) or the server closes.
		while (!c->eof && now() < until && !answer_complete(c)) {
			if (c->len >= sizeof c->buf - 1)
				drain(c, until - now()); // before: the loop spun until the timeout (an answer over 64 KB)
			else
				fill(c, until - now());
		}
		if (c->len > 12 && strncmp(c->buf, "HTTP/1.", 7) == 0)
			status = atoi(c->buf + 9);
		const char *b = strstr(c->buf, "\r\n\r\n");
		if (body && cap > 0)
			snprintf(body, cap, "%s", b ? b + 4 : "");
	}
	tw_raw_close(c);
	return status;
}

bool tw_raw_ws_open(tw_raw *c, const char *host, const char *origin, const char *game, const char *token)
{
	char req[1024];
	int n = snprintf(req, sizeof req,
			 "GET /ws?game=%s&token=%s HTTP/1.1\r\n%s%s%sUpgrade: websocket\r\nConnection: Upgrade\r\n"
			 "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n%s%s%s\r\n",
			 game, token, host ? "Host: " : "", host ? host : "", host ? "\r\n" : "", origin ? "Origin: " : "",
			 origin ? origin : "", origin ? "\r\n" : "");
	if (n <= 0 || n >= (int)sizeof req || !tw_raw_send(c, req, (size_t)n))
		return false;
	if (!tw_raw_wait_for(c, "\r\n\r\n", 5.0) || strncmp(c->buf, "HTTP/1.1 101", 12) != 0)
		return false;
	char *end = strstr(c->buf, "\r\n\r\n") + 4;
	size_t rest = c->len - (size_t)(end - c->buf);
	memmove(c->buf, end, rest);
	c->len = rest;
	return true;
}

bool tw_raw_ws_send(tw_raw *c, int b0, bool masked, const void *payload, size_t len, long long declared)
{
	unsigned long long L = declared >= 0 ? (unsigned long long)declared : len;
	unsigned char *f = malloc(len + 14);
	if (!f)
		return false;
	size_t k = 0;
	f[k++] = (unsigned char)b0;
	unsigned char m = masked ? 0x80 : 0;
	if (L < 126) {
		f[k++] = (unsigned char)(m | L);
	} else if (L < 65536) {
		f[k++] = m | 126;
		f[k++] = (unsigned char)(L >> 8);
		f[k++] = (unsigned char)L;
	} else {
		f[k++] = m | 127;
		for (int i = 7; i >= 0; i--)
			f[k++] = (unsigned char)(L >> (8 * i));
	}
	const unsigned char key[4] = {0x12, 0x34, 0x56, 0x78};
	if (masked) {
		memcpy(f + k, key, 4);
		k += 4;
	}
	for (size_t i = 0; i < len; i++)
		f[k + i] = ((const unsigned char *)payload)[i] ^ (masked ? key[i & 3] : 0);
	bool ok = tw_raw_send(c, f, k + len);
	free(f);
	return ok;
}

bool tw_raw_ws_text(tw_raw *c, const char *text) { return tw_raw_ws_send(c, 0x81, true, text, strlen(text), -1); }

int tw_raw_ws_read(tw_raw *c, char *out, size_t cap, double timeout)
{
	double until = now() + timeout;
	for (;;) {
		if (c->len >= 2) {
			const unsigned char *b = (const unsigned char *)c->buf;
			size_t hl = 2;
			unsigned long long L = b[1] & 0x7f;
			if (L == 126 && c->len >= 4) {
				L = (unsigned long long)b[2] << 8 | b[3];
				hl = 4;
			} else if (L == 127 && c->len >= 10) {
				L = 0;
				for (int i = 0; i < 8; i++)
					L = L << 8 | b[2 + i];
				hl = 10;
			} else if (L >= 126) {
				hl = 0;
			}
			if (hl && L > sizeof c->buf - 16)
				return -1; // larger than this client keeps
			if (hl && c->len >= hl + L) {
				int op = b[0] & 0x0f;
				if (out && cap) {
					size_t n = L < cap - 1 ? (size_t)L : cap - 1;
					memcpy(out, c->buf + hl, n);
					out[n] = 0;
				}
				memmove(c->buf, c->buf + hl + L, c->len - hl - L);
				c->len -= hl + L;
				return op;
			}
		}
		double left = until - now();
		if (left <= 0 || c->eof)
			return -1;
		fill(c, left);
	}
}
