// A small WebSocket client over civetweb for the server's tests and load benchmark (loopback).
#ifndef TW_WSCLIENT_H
#define TW_WSCLIENT_H
#include <jansson.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct tw_wsc {
	struct mg_connection *conn;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	char **msgs; ///< every text message received, in order
	size_t *lens;
	int n, cap;
	bool closed;
	double *stamps; ///< arrival times (CLOCK_MONOTONIC seconds)
	int fd;         ///< our socket, when it could be told apart at open (else -1): see tw_wsc_close
	int lport;      ///< its local port (checked before it is used)
	int port;       ///< the server's port
} tw_wsc;

/// Connects to ws://127.0.0.1:port/ws?game=G&token=T with the given Origin. NULL if refused.
tw_wsc *tw_wsc_open(int port, const char *game, const char *token, const char *origin, char *ebuf, size_t elen);
bool tw_wsc_send(tw_wsc *c, const char *text, size_t len);
/// Waits for a message with "type" == type at index >= *cursor; returns it (parsed) and moves
/// *cursor past it, or NULL after timeout seconds (or when the connection closes).
json_t *tw_wsc_wait(tw_wsc *c, const char *type, int *cursor, double timeout);
/// As tw_wsc_wait without parsing: the index of the message, or -1.
int tw_wsc_wait_index(tw_wsc *c, const char *type, int *cursor, double timeout);
/// Waits until the connection is closed by the server; true if it was within timeout.
bool tw_wsc_wait_closed(tw_wsc *c, double timeout);
int tw_wsc_count(tw_wsc *c);
/// Arrival time of message i (tw_wsc_now seconds), 0 if none.
double tw_wsc_stamp(tw_wsc *c, int i);
/// Copy of message i (caller frees) or NULL.
char *tw_wsc_msg(tw_wsc *c, int i);
void tw_wsc_close(tw_wsc *c);
double tw_wsc_now(void);

#endif
