// An open WebSocket (RFC 6455), served by its connection's own thread after civetweb's
// handshake. Reading: each frame's header is checked before its payload is read (the size
// against the largest message, the RSV bits, the mask every client frame must have), so a frame
// that declares 2 GB is refused at its first bytes. Writing: every message for the connection
// goes into its send queue, which any thread may fill without waiting (under the room's lock,
// say) and only this thread writes to the socket, never holding a lock. A client that does not
// read is dropped: when its queue holds more than opts.send_queue bytes, or when a write makes
// no progress for opts.request_timeout_ms. A client silent for opts.idle_timeout_ms is closed
// (pinged at half that). Messages are handled on the work pool (srv_exec), whose threads have
// the stack rules and generals need.
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sys/eventfd.h>
#include <sys/socket.h>

#include "srv.h"

enum { OP_CONT = 0, OP_TEXT = 1, OP_BINARY = 2, OP_CLOSE = 8, OP_PING = 9, OP_PONG = 10 };

srv_conn *srv_conn_new(srv_server *s)
{
	srv_conn *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->srv = s;
	c->fd = -1;
	c->wake = -1;
	c->role = -1; // no role until the handshake names one
	pthread_mutex_init(&c->mu, NULL);
	return c;
}

static void free_queue(srv_conn *c)
{
	for (srv_out *f = c->head, *next; f; f = next) {
		next = f->next;
		free(f);
	}
	c->head = c->tail = NULL;
	c->queued = 0;
}

void srv_conn_free(srv_conn *c)
{
	if (!c)
		return;
	free_queue(c);
	if (c->wake >= 0)
		close(c->wake);
	pthread_mutex_destroy(&c->mu);
	free(c);
}

/// A server frame (never masked): FIN, the opcode, the length, the payload.
static srv_out *frame(int op, const void *data, size_t len)
{
	srv_out *f = malloc(sizeof *f + len + 10);
	if (!f)
		return NULL;
	unsigned char *h = f->data;
	size_t hl = 2;
	h[0] = (unsigned char)(0x80 | op);
	if (len < 126) {
		h[1] = (unsigned char)len;
	} else if (len < 65536) {
		h[1] = 126;
		h[2] = (unsigned char)(len >> 8);
		h[3] = (unsigned char)len;
		hl = 4;
	} else {
		h[1] = 127;
		for (int i = 0; i < 8; i++)
			h[2 + i] = (unsigned char)((uint64_t)len >> (56 - 8 * i));
		hl = 10;
	}
	if (len)
		memcpy(h + hl, data, len);
	f->next = NULL;
	f->len = hl + len;
	f->off = 0;
	return f;
}

static void wake(srv_conn *c)
{
	uint64_t one = 1;
	if (c->wake >= 0)
		(void)!write(c->wake, &one, sizeof one);
}

static void enqueue(srv_conn *c, srv_out *f)
{
	if (!f)
		return;
	pthread_mutex_lock(&c->mu);
	if (c->dead || c->wake < 0) { // dropped, or no socket (the protocol fuzzer): nowhere to go
		pthread_mutex_unlock(&c->mu);
		free(f);
		return;
	}
	if (c->queued > (size_t)c->srv->opts.send_queue) {
		// The client does not read what it is sent: it is dropped (its thread frees the queue).
		c->dead = true;
		srv_log(c->srv, "connection from %s dropped: %zu bytes waiting, it does not read", c->addr, c->queued);
		pthread_mutex_unlock(&c->mu);
		free(f);
		wake(c);
		return;
	}
	if (c->tail)
		c->tail->next = f;
	else
		c->head = f;
	c->tail = f;
	c->queued += f->len;
	pthread_mutex_unlock(&c->mu);
	wake(c);
}

void srv_send_text(srv_conn *c, const char *text, size_t len)
{
	if (c->wake < 0)
		return;
	enqueue(c, frame(OP_TEXT, text, len));
}

void srv_send(srv_conn *c, json_t *msg)
{
	if (!msg)
		return;
	char *text = c->wake >= 0 ? json_dumps(msg, JSON_COMPACT) : NULL;
	json_decref(msg);
	if (text)
		srv_send_text(c, text, strlen(text));
	free(text);
}

/// Queues a close frame (code, reason) after the rest of the queue; the loop ends once written.
static void send_close(srv_conn *c, int code, const char *reason)
{
	unsigned char p[125];
	size_t rl = strlen(reason);
	if (rl > sizeof p - 2)
		rl = sizeof p - 2;
	p[0] = (unsigned char)(code >> 8);
	p[1] = (unsigned char)code;
	memcpy(p + 2, reason, rl);
	enqueue(c, frame(OP_CLOSE, p, rl + 2));
	c->closing = true;
}

static void send_error_and_close(srv_conn *c, int code, const char *message)
{
	srv_send(c, json_pack("{s:s, s:s}", "type", "error", "message", message));
	send_close(c, code, message);
}

/// Writes what the socket takes now. Returns -1 on a failed socket, else bytes written.
static long write_some(srv_conn *c)
{
	long total = 0;
	for (;;) {
		pthread_mutex_lock(&c->mu);
		srv_out *f = c->head; // only this thread takes items off; others only append
		pthread_mutex_unlock(&c->mu);
		if (!f)
			return total;
		ssize_t n = send(c->fd, f->data + f->off, f->len - f->off, MSG_DONTWAIT | MSG_NOSIGNAL);
		if (n < 0)
			return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? total : -1;
		total += n;
		f->off += (size_t)n;
		if (f->off < f->len)
			return total;
		pthread_mutex_lock(&c->mu);
		c->head = f->next;
		if (!c->head)
			c->tail = NULL;
		c->queued -= f->len;
		pthread_mutex_unlock(&c->mu);
		free(f);
	}
}

typedef struct msg_job {
	srv_conn *c;
	const char *data;
	size_t len;
	bool joined;
} msg_job;

static void run_message(void *arg)
{
	msg_job *j = arg;
	srv_ws_message(j->c, j->data, j->len);
}

static void run_join(void *arg)
{
	msg_job *j = arg;
	j->joined = srv_room_join(j->c);
}

/// The reading side of a connection: bytes not yet parsed, and the message being assembled.
typedef struct ws_reader {
	unsigned char *buf;
	size_t len, cap;
	unsigned char *msg;
	size_t mlen, mcap;
	bool in_msg;
} ws_reader;

static uint64_t be(const unsigned char *p, int n)
{
	uint64_t v = 0;
	for (int i = 0; i < n; i++)
		v = v << 8 | p[i];
	return v;
}

/// Parses and handles the frames in the buffer. Returns false when the connection must end
/// (a close frame is then queued).
static bool read_frames(srv_conn *c, ws_reader *rd)
{
	const size_t max = (size_t)c->srv->opts.max_message;
	while (rd->len >= 2 && !c->closing) {
		const unsigned char *b = rd->buf;
		int op = b[0] & 0x0f;
		bool fin = b[0] & 0x80, masked = b[1] & 0x80;
		size_t l7 = b[1] & 0x7f, hl = 2;
		// RFC 6455 5.2: no extension is agreed, so the RSV bits must be 0; 5.1: a client masks.
		if (b[0] & 0x70) {
			send_close(c, 1002, "RSV bits set, but no extension was agreed");
			return false;
		}
		if (!masked) {
			send_close(c, 1002, "a client's frames must be masked");
			return false;
		}
		if (op != OP_CONT && op != OP_TEXT && op != OP_BINARY && op != OP_CLOSE && op != OP_PING && op != OP_PONG) {
			send_close(c, 1002, "unknown opcode");
			return false;
		}
		uint64_t plen = l7;
		if (l7 == 126) {
			if (rd->len < 4)
				return true;
			plen = be(b + 2, 2);
			hl = 4;
		} else if (l7 == 127) {
			if (rd->len < 10)
				return true;
			plen = be(b + 2, 8);
			hl = 10;
		}
		if (op >= OP_CLOSE) {
			if (!fin || l7 > 125) {
				send_close(c, 1002, "a control frame is short and whole");
				return false;
			}
		} else {
			if (op == OP_BINARY) {
				send_error_and_close(c, 1003, "only text messages are accepted");
				return false;
			}
			if ((op == OP_CONT) != rd->in_msg) {
				send_close(c, 1002, op == OP_CONT ? "a continuation with no message" : "a message inside a message");
				return false;
			}
			// The size from the header, before any of the payload is read or kept.
			if (plen > max || rd->mlen + plen > max) {
				send_error_and_close(c, 1009, "message too large");
				return false;
			}
		}
		size_t need = hl + 4 + (size_t)plen;
		if (rd->len < need)
			return true;
		const unsigned char *mask = b + hl, *src = b + hl + 4;
		unsigned char ctl[125];
		unsigned char *dst = op >= OP_CLOSE ? ctl : rd->msg + rd->mlen;
		for (size_t i = 0; i < plen; i++)
			dst[i] = src[i] ^ mask[i & 3];
		size_t n = (size_t)plen;
		memmove(rd->buf, rd->buf + need, rd->len - need);
		rd->len -= need;
		if (op == OP_CLOSE) {
			int code = n >= 2 ? (int)be(ctl, 2) : 1000;
			send_close(c, code == 1005 || code == 1006 || code == 1015 ? 1000 : code, "");
			return false;
		}
		if (op == OP_PING) {
			enqueue(c, frame(OP_PONG, ctl, n));
			continue;
		}
		if (op == OP_PONG)
			continue;
		rd->mlen += n;
		rd->in_msg = !fin;
		if (!fin)
			continue;
		msg_job j = {c, (const char *)rd->msg, rd->mlen, false};
		srv_exec(c->srv, c->peer, run_message, &j);
		rd->mlen = 0;
	}
	return !c->closing;
}

void srv_ws_serve(srv_conn *c)
{
	srv_server *s = c->srv;
	const double idle = s->opts.idle_timeout_ms / 1000.0, stall = s->opts.request_timeout_ms / 1000.0;
	c->fd = srv_conn_socket(c);
	if (c->fd < 0) {
		srv_log(s, "websocket from %s: its socket cannot be found", c->addr);
		return;
	}
	ws_reader rd = {0};
	rd.cap = (size_t)s->opts.max_message + 14;
	rd.mcap = (size_t)s->opts.max_message + 1;
	rd.buf = malloc(rd.cap);
	rd.msg = malloc(rd.mcap);
	int efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (!rd.buf || !rd.msg || efd < 0) {
		free(rd.buf);
		free(rd.msg);
		if (efd >= 0)
			close(efd);
		shutdown(c->fd, SHUT_RDWR);
		return;
	}
	pthread_mutex_lock(&c->mu);
	c->wake = efd;
	pthread_mutex_unlock(&c->mu);
	msg_job join = {c, NULL, 0, false};
	srv_exec(s, c->peer, run_join, &join);
	if (!join.joined)
		send_error_and_close(c, 1008, "the room is full");
	double last_rx = srv_now(), last_out = last_rx, closing_since = 0;
	bool pinged = false;
	for (;;) {
		double now = srv_now();
		if (s->stopping && !c->closing)
			send_close(c, 1001, "the server is stopping");
		pthread_mutex_lock(&c->mu);
		bool dead = c->dead, pending = c->head != NULL;
		pthread_mutex_unlock(&c->mu);
		if (dead)
			break;
		if (c->closing) {
			if (closing_since == 0)
				closing_since = now;
			if (!pending || now - closing_since > (s->stopping ? 1.0 : stall))
				break;
		} else if (now - last_rx > idle) {
			send_close(c, 1001, "idle for too long");
			continue;
		} else if (!pinged && now - last_rx > idle / 2) {
			enqueue(c, frame(OP_PING, NULL, 0));
			pinged = true;
		}
		if (!pending)
			last_out = now;
		else if (now - last_out > stall) {
			srv_log(s, "connection from %s dropped: nothing written for %.0f s", c->addr, stall);
			break;
		}
		struct pollfd p[2] = {{c->fd, (short)(POLLIN | (pending ? POLLOUT : 0)), 0}, {efd, POLLIN, 0}};
		if (poll(p, 2, 200) < 0 && errno != EINTR)
			break;
		if (p[1].revents & POLLIN) {
			uint64_t v;
			(void)!read(efd, &v, sizeof v);
		}
		if (p[0].revents & (POLLERR | POLLNVAL))
			break;
		if (p[0].revents & POLLOUT) {
			long w = write_some(c);
			if (w < 0)
				break;
			if (w > 0)
				last_out = now;
		}
		if (p[0].revents & (POLLIN | POLLHUP)) {
			if (rd.len == rd.cap) // cannot happen: a whole frame fits, and frames are taken at once
				break;
			ssize_t n = recv(c->fd, rd.buf + rd.len, rd.cap - rd.len, MSG_DONTWAIT);
			if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
				break;
			if (n > 0) {
				last_rx = now;
				pinged = false;
				if (c->closing)
					rd.len = 0; // after our close frame, what comes is dropped
				else
					rd.len += (size_t)n;
				read_frames(c, &rd);
			}
		}
	}
	srv_room_leave(c);
	pthread_mutex_lock(&c->mu);
	bool dropped = c->dead; // a client that does not read gets no goodbye
	c->dead = true;         // nothing more is queued
	free_queue(c);
	pthread_mutex_unlock(&c->mu);
	// Else let the client see the close before the socket goes: stop writing, read what is left.
	shutdown(c->fd, SHUT_WR);
	double until = srv_now() + (dropped ? 0 : s->stopping ? 0.2 : 1.0);
	for (size_t drained = 0; drained < (1u << 20) && srv_now() < until;) {
		struct pollfd p = {c->fd, POLLIN, 0};
		if (poll(&p, 1, 100) <= 0)
			continue;
		ssize_t n = recv(c->fd, rd.buf, rd.cap, MSG_DONTWAIT);
		if (n <= 0)
			break;
		drained += (size_t)n;
	}
	shutdown(c->fd, SHUT_RDWR); // civetweb finds the socket at its end and closes it
	free(rd.buf);
	free(rd.msg);
}
