// WebSocket helpers for tests that play through a server (tests/test_toy.c, test_ll_tf.c,
// test_ll_web.c): an order and its result, the latest state, a message's text. They fail the
// test (cmocka) where wsclient.c, shared with the load benchmark, cannot.
#ifndef TW_TEST_WS_TEST_H
#define TW_TEST_WS_TEST_H
#include <jansson.h>
#include <stdbool.h>

#include "tinwar/server.h"
#include "wsclient.h"

/// Creates a game on srv from the request text (tw_server_create_game); fails the test with the
/// server's error if it is refused. Returns the server's answer (its id and seats; the caller
/// decrefs it).
json_t *tw_test_ws_create(tw_server *srv, const char *req);
/// From a creation answer j: the game's id and the tokens of its first n seats.
void tw_test_ws_tokens(const json_t *j, char id[17], char (*tok)[33], int n);
/// Opens a WebSocket to the game for the seat holding `token`, from the server's own origin;
/// fails the test if it is refused ("join WHO: ..." with who, else "join: ...").
tw_wsc *tw_test_ws_join(tw_server *srv, const char *game, const char *token, const char *who);
/// Creates a game on srv from the scenario file at `path` with `seed` ({"scenario": ..., "seed":
/// seed}); fails the test with the server's message if it is refused. Returns the server's answer
/// (its id and seats; the caller decrefs it).
json_t *tw_test_ws_game(tw_server *srv, const char *path, int seed);

/// Sends {"type": "order", "id": N, "order": order} (N from 100 up, one a call) and waits for
/// the result with that id, skipping others from *cursor on; fails the test if none comes in
/// 10 s. Returns the result (the caller decrefs it).
json_t *tw_test_ws_result(tw_wsc *c, int *cursor, const char *order);
/// The last "state" message from *cursor on: waits up to 5 s for one, then takes each that
/// follows within 0.3 s. NULL if none (the caller decrefs it).
json_t *tw_test_ws_latest_state(tw_wsc *c, int *cursor);
/// Whether a message from index `from` on contains `text`.
bool tw_test_ws_any_message_has(tw_wsc *c, int from, const char *text);
#endif
