// The browser table's internals: rooms (games and seats), the store, the clock, the protocol.
#ifndef TW_SRV_H
#define TW_SRV_H
#include <jansson.h>
#include <pthread.h>
#include <sqlite3.h>

#include "tinwar/server.h"
#include "tinwar/tinwar.h"

struct mg_connection;
struct mg_context;

enum { SRV_UMPIRE = -1, SRV_SPECTATOR = -2 };
/// Token slots: sides 0..nsides-1, then the umpire and the spectator.
enum { SRV_SLOT_UMPIRE = TW_MAX_SIDES, SRV_SLOT_SPECTATOR = TW_MAX_SIDES + 1, SRV_SLOTS = TW_MAX_SIDES + 2 };
#define SRV_TOKEN_LEN 32
#define SRV_MAX_CONN 64

typedef struct srv_room srv_room;
typedef struct srv_server srv_server;

/// One WebSocket connection: its room and seat are fixed at the handshake from the token.
typedef struct srv_conn {
	struct mg_connection *conn;
	srv_room *room;
	int seat;       ///< side index, SRV_UMPIRE or SRV_SPECTATOR
	double bucket;  ///< rate limit tokens
	double last;    ///< time of the last refill, seconds
	bool joined;    ///< registered in the room
} srv_conn;

/// The LW.MV.6 clock of a room (seconds of real time; minutes of the rules times `scale`*60).
typedef struct srv_clock {
	bool enabled;
	double scale;        ///< real seconds per rules second (1 = Wells's own clock; tests use less)
	int side;            ///< side whose move is timed, -1 none
	int move_no;
	double allowance;    ///< seconds
	double left;         ///< seconds
	double interval;     ///< interval left before the allowance starts running, seconds
	bool paused;         ///< by the umpire
	int warned;          ///< bits: 1 = 2 min, 2 = 1 min, 4 = 30 s
	bool time_up;        ///< "Time" has been called for this move
	double unsaved;      ///< seconds run since the clock was last written to the store
} srv_clock;

struct srv_room {
	char id[17];
	pthread_mutex_t mu;
	srv_server *srv;
	tw_game *game;
	char *scenario_json;           ///< the scenario the game was made from (for the store)
	char tokens[SRV_SLOTS][SRV_TOKEN_LEN + 1];
	char computer[TW_MAX_SIDES][48]; ///< general name for a computer seat, "" for a human
	tw_general *gen[TW_MAX_SIDES];
	int computer_fail[TW_MAX_SIDES];
	srv_conn *conns[SRV_MAX_CONN];
	int nconn;
	srv_clock clock;
};

struct srv_server {
	tw_server_opts opts;
	struct mg_context *ctx;
	int port;
	pthread_mutex_t mu; ///< rooms array
	srv_room **rooms;
	int nrooms, caprooms;
	sqlite3 *db;
	pthread_mutex_t dbmu;
	pthread_t ticker;
	volatile int stopping;
	bool ticker_started;
	bool lib_init; ///< mg_init_library called (paired with mg_exit_library)
};

// ---- util ----
double srv_now(void);
/// Fills out with 2*n hex digits from /dev/urandom (the CSPRNG, never the game generator).
bool srv_random_hex(char *out, int n);
void srv_log(const srv_server *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/// Constant-time string equality.
bool srv_token_eq(const char *a, const char *b);

// ---- rooms.c ----
/// Creates a room from a request object; on success adds it to the server and the store.
srv_room *srv_room_create(srv_server *s, const json_t *req, tw_error *err);
/// Restores a room from the store: scenario, seed, seats, then the orders replayed.
srv_room *srv_room_restore(srv_server *s, const char *id, const char *scenario, uint64_t seed, const char *seats,
			   const char *clock, tw_error *err);
void srv_room_free(srv_room *r);
/// Finds the room and seat of a token; NULL if none. Room not locked.
srv_room *srv_room_by_token(srv_server *s, const char *game, const char *token, int *seat);
/// Seat's name ("red", "umpire", "spectator").
const char *srv_seat_name(const srv_room *r, int seat);
/// Applies an order (room locked): stores it, runs the clock, broadcasts events and views.
tw_status srv_room_apply(srv_room *r, const tw_order *o, tw_error *err);
/// Broadcasts the state (and events first..first+count) to every connection (room locked).
void srv_room_broadcast(srv_room *r, int first, int count);
/// Sends one connection its full picture: hello, state, events, clock (room locked).
void srv_room_send_all(srv_room *r, srv_conn *c);
/// Sends a JSON value (stolen) to one connection.
void srv_send(srv_conn *c, json_t *msg);
/// The view JSON of a seat (hidden things removed on the server).
json_t *srv_view_json(srv_room *r, int seat);
/// One computer order if a computer is to move (room locked). True if it acted.
bool srv_room_computer_step(srv_room *r);
/// Gives a side's seat to a general (name) or back to a person (NULL); kept in the store.
tw_status srv_room_set_computer(srv_room *r, int side, const char *general, tw_error *err);
json_t *srv_ruleset_json(const tw_ruleset *rs);

// ---- store.c ----
tw_status srv_store_open(srv_server *s, tw_error *err);
void srv_store_close(srv_server *s);
tw_status srv_store_add_game(srv_server *s, const srv_room *r, const char *seats, const char *clock);
tw_status srv_store_set_seats(srv_server *s, const char *game, const char *seats);
tw_status srv_store_add_order(srv_server *s, const char *game, int seq, const char *order_json);
tw_status srv_store_load_all(srv_server *s, tw_error *err);
/// The running clock of a game (a JSON object), written over the last one.
tw_status srv_store_set_clock(srv_server *s, const char *game, const char *json);
/// The last clock stored for a game (malloc'd JSON text), or NULL.
char *srv_store_get_clock(srv_server *s, const char *game);
/// Calls fn for each stored order of a game in sequence.
tw_status srv_store_orders(srv_server *s, const char *game, tw_status (*fn)(void *ctx, const char *json),
			   void *ctx, tw_error *err);

// ---- clock.c ----
/// Follows the new events (move_start starts a move's clock, move_end an interval).
void srv_clock_events(srv_room *r, const tw_events *ev, int first, int count);
/// Advances the clock by dt seconds (room locked): warnings, and "Time" ends the mover's move.
void srv_clock_tick(srv_room *r, double dt);
json_t *srv_clock_json(const srv_room *r);
/// A seat acted: the mover's clock starts even if the interval has not run out.
void srv_clock_acted(srv_room *r, int side);
/// Writes the running clock to the store (room locked), so a restart resumes it where it was.
void srv_clock_save(srv_room *r);
/// After a restart: takes the stored clock if it belongs to the move the replay reached.
void srv_clock_restore(srv_room *r, const char *json);

// ---- ws.c ----
/// Handles one text message from a connection (room not locked on entry).
void srv_ws_message(srv_conn *c, const char *data, size_t len);

// ---- assets.c ----
typedef struct srv_asset {
	const char *path;
	const char *mime;
	const unsigned char *data;
	size_t len;
} srv_asset;
const srv_asset *srv_asset_find(const char *path);

#endif
