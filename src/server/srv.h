// The browser table's internals: rooms (games and seats), the store, the clock, the protocol,
// the connections and their send queues, the threads that run rules and generals, the limits.
#ifndef TW_SRV_H
#define TW_SRV_H
#include <jansson.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdatomic.h>

#include "tinwar/server.h"
#include "tinwar/tinwar.h"

struct mg_connection;
struct mg_context;

enum { SRV_UMPIRE = -1, SRV_SPECTATOR = -2 };
/// Token slots: sides 0..nsides-1, then the umpire and the spectator.
enum { SRV_SLOT_UMPIRE = TW_MAX_SIDES, SRV_SLOT_SPECTATOR = TW_MAX_SIDES + 1, SRV_SLOTS = TW_MAX_SIDES + 2 };
/// Then one token slot per role within the sides (the rule set's roles: several players a side,
/// officials; docs/server.md "Seats within the sides"): slot SRV_SLOTS + k is role k.
enum { SRV_ALL_SLOTS = SRV_SLOTS + TW_MAX_ROLES };
#define SRV_TOKEN_LEN 32
#define SRV_HASH_LEN 32 ///< bytes of a token's keyed hash (BLAKE2b, libsodium crypto_generichash)
#define SRV_KEY_LEN 32  ///< bytes of the installation's key (the key file beside the store)
/// Orders that may be taken back at most, one after another (each keeps a snapshot of the
/// state: some 70 KB for 560 figures); one more, and no undo until the next die roll or shot.
#define SRV_UNDO_MAX 64
/// Connections (WebSockets) in one room at once.
#define SRV_MAX_CONN 64
/// JSON the server parses (HTTP bodies, WebSocket messages) may nest this deep, no deeper
/// (checked before jansson, which recurses once per level, sees it).
#define SRV_JSON_MAX_DEPTH 64

typedef struct srv_room srv_room;
typedef struct srv_server srv_server;
typedef struct srv_peer srv_peer;

/// A framed message waiting to be written to one connection.
typedef struct srv_out {
	struct srv_out *next;
	size_t len, off;
	unsigned char data[];
} srv_out;

/// One connection, from civetweb's init_connection to its connection_close. For a WebSocket
/// the room and seat are fixed at the handshake from the token; after the handshake the
/// connection's own thread reads the frames and writes the send queue (wsconn.c).
typedef struct srv_conn {
	srv_server *srv;
	struct mg_connection *conn;
	srv_peer *peer;        ///< its address's entry (limits), NULL if not counted
	bool unlimited;        ///< its address could not be read early: not counted, not refused
	char addr[48];         ///< remote address
	int rport, lport;      ///< remote and local (server) ports
	int fd;                ///< the socket, once the WebSocket is open (-1 before)
	int wake;              ///< eventfd: new output queued (-1: no writer; output is dropped)
	pthread_mutex_t mu;    ///< the send queue and the flags below
	srv_out *head, *tail;
	size_t queued;         ///< bytes in the queue
	bool dead;             ///< dropped (queue overflow): no more output, the loop closes it
	srv_room *room;
	int seat;              ///< side index, SRV_UMPIRE or SRV_SPECTATOR
	int role;              ///< the role within the side (srv_room.roles), -1: the whole side or none
	double bucket;         ///< rate limit tokens
	double last;           ///< time of the last refill, seconds
	bool joined;           ///< registered in the room
	bool closing;          ///< a close frame is queued: the loop ends once the queue is written
} srv_conn;

/// The move clock of a room (seconds of real time; minutes of the rules times `scale`*60).
typedef struct srv_clock {
	bool enabled;
	double scale;        ///< real seconds per rules second (1 = the rules' own minutes; tests use less)
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
	unsigned char token_hash[SRV_ALL_SLOTS][SRV_HASH_LEN]; ///< keyed hashes of the seats' tokens (then the roles')
	tw_role_def roles[TW_MAX_ROLES]; ///< the roles within the sides, from the game's first state
	int nroles;
	char computer[TW_MAX_SIDES][48]; ///< general name for a computer seat, "" for a human
	tw_general *gen[TW_MAX_SIDES];   ///< NULL while the computer thread has it out
	int gen_epoch[TW_MAX_SIDES];     ///< changes when a seat changes hands
	int computer_fail[TW_MAX_SIDES];
	srv_conn *conns[SRV_MAX_CONN];
	int nconn;
	srv_clock clock;
	char creator[48];              ///< address that created the game ("local" through the API)
	int nfig;                      ///< figures in the game (for the limits per creator)
	atomic_bool over;              ///< the game is over (it no longer counts against its creator)
	bool broken;                   ///< could not be put back after a store failure: no more orders
	double comp_time;              ///< the computer thread's time spent on this game, s (computer.c)
	char title[96];                ///< the scenario's title (scenarios.c): the page's header
	/// Undo (issue 19): the last orders that may be taken back (none drew the generator, threw
	/// a die, fired a shot or opened a sealed choice, all in the current move; the core's own
	/// undo snapshots, tw_game_undo, mirror them), and a count of undos (the computer's check
	/// that the game has not moved on while it decided).
	int undo_depth;
	int undos;
	bool undo_capped; ///< SRV_UNDO_MAX orders since the last chance: snapshots off until the next die or shot
	/// sv-web: the host's clock for a rule set that keeps time on it (tw_ruleset.host_due;
	/// host_clock.c), ms; runs at 1/clock.scale of real time; the last due time that failed.
	double host_ms;
	int64_t host_failed_due;
	/// sv-join: while every seat may act at once (srv_room_computer_free), the order count at
	/// which each computer seat was last asked, plus one (0: not yet).
	int asked[TW_MAX_SIDES];
	// ---- h6-seats: a computer seat for one role of a side (role_seats.c) ----
	char role_computer[TW_MAX_ROLES][48]; ///< general name for a role held by the computer, "" for a person
	tw_general *role_gen[TW_MAX_ROLES];   ///< bound to its role (tw_general_bind_role); NULL while out
	int role_epoch[TW_MAX_ROLES];         ///< changes when the role changes hands
	int role_fail[TW_MAX_ROLES];
	uint32_t part_ended[TW_MAX_SIDES];    ///< bit k: role k has ended its part of the side's move
	int64_t part_key[TW_MAX_SIDES];       ///< the stretch those bits are of (role_seats.c part_key)
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
	unsigned char key[SRV_KEY_LEN]; ///< keys the token hashes and the generals' seeds
	atomic_int stopping;
	bool lib_init; ///< mg_init_library called (paired with mg_exit_library)
	// Threads (threads.c): the work pool, the ticker, the computer, the restorer.
	pthread_mutex_t pool_mu;
	pthread_cond_t pool_cv;
	struct srv_job *jobs_head, *jobs_tail;
	pthread_t *workers;
	int nworkers;
	bool pool_stop;
	pthread_t ticker, computer, restorer;
	bool ticker_started, computer_started, restorer_started;
	pthread_mutex_t comp_mu;
	pthread_cond_t comp_cv;
	int comp_rr;             ///< where the computer's search for the next game starts
	double comp_clock;       ///< the computer time of the game served last (computer.c)
	atomic_int restoring;    ///< 1 while kept games are being restored
	sqlite3_int64 kept_rowid; ///< the last game kept before this start (the restorer stops there)
	// Addresses (peers.c).
	pthread_mutex_t peers_mu;
	srv_peer **peers;
	int npeers, cappeers;
	int nconns;              ///< connections counted in all
	struct srv_series_set *series; ///< sv-join: the series of games (series_rooms.c)
};

// ---- util.c ----
double srv_now(void);
/// Fills out with 2*n hex digits from the system's CSPRNG (never the game generator).
bool srv_random_hex(char *out, int n);
void srv_log(const srv_server *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/// Constant-time string equality.
bool srv_token_eq(const char *a, const char *b);
/// The deepest nesting of arrays and objects in JSON text (strings skipped); stops counting
/// past `limit` (returns limit + 1).
int srv_json_depth(const char *text, size_t len, int limit);
/// Parses untrusted JSON text: refused, with a message in je, if it nests deeper than
/// SRV_JSON_MAX_DEPTH (before jansson recurses into it); duplicate keys are refused.
json_t *srv_json_parse(const char *text, size_t len, json_error_t *je);
/// Locates the error already set in err at a request's JSON path: `path`, or `path["key"]` with a
/// key (the key cut at 96 bytes); returns err->code.
tw_status srv_err_at(tw_error *err, const char *path, const char *key);

// ---- secret.c (libsodium) ----
/// Loads the key from the key file beside the store (creating it, mode 0600, if missing), or
/// makes a fresh one for a store in memory.
tw_status srv_secret_open(srv_server *s, tw_error *err);
/// The keyed hash of a token (BLAKE2b keyed with the installation's key).
void srv_token_hash(const srv_server *s, const char *token, unsigned char out[SRV_HASH_LEN]);
/// True if the token's hash equals `hash` (constant time).
bool srv_token_matches(const srv_server *s, const char *token, const unsigned char hash[SRV_HASH_LEN]);
/// A seed for a general or a sampler that no seat can trace back to the game's seed: a keyed
/// one-way hash of (purpose, game seed, a, b). Deterministic for a given key.
uint64_t srv_oneway_seed(const srv_server *s, const char *purpose, uint64_t game_seed, uint64_t a, uint64_t b);
/// As srv_oneway_seed without the key: the same on every installation (a generated table).
uint64_t srv_public_seed(const char *purpose, uint64_t game_seed);

// ---- rooms.c ----
/// Creates a room from a request object for `creator` (an address); on success adds it to the
/// server and the store, and gives the seats' tokens (only their hashes are kept). Limits per
/// creator and in all are checked (TW_ERR_STATE).
srv_room *srv_room_create(srv_server *s, const json_t *req, const char *creator,
			  char tokens[SRV_ALL_SLOTS][SRV_TOKEN_LEN + 1], tw_error *err);
/// Restores a room from the store: scenario, seed, seats, then the orders replayed.
srv_room *srv_room_restore(srv_server *s, sqlite3 *db, const char *id, const char *scenario, uint64_t seed,
			   const char *seats, const char *clock, const char *creator, tw_error *err);
void srv_room_free(srv_room *r);
/// Finds the room and seat of a token; NULL if none. Room not locked.
srv_room *srv_room_by_token(srv_server *s, const char *game, const char *token, int *seat, int *role);
/// Seat's name ("red", "umpire", "spectator").
const char *srv_seat_name(const srv_room *r, int seat);
/// A seat's full name with its role: "red infantry", "blue official", or srv_seat_name's.
const char *srv_role_name(const srv_room *r, int seat, int role, char *buf, size_t len);
/// The role def of a connection's role, or NULL.
const tw_role_def *srv_role(const srv_room *r, int role);
/// A seat's view: its side's (tw_state_view), an official's (tw_state_view_role), the umpire's
/// or the spectator's.
tw_status srv_seat_view(srv_room *r, int seat, int role, tw_state *out);
/// Applies an order (room locked) and stores it; if the store cannot keep it, the game is put
/// back as it was and an error returned. Nothing is sent: srv_room_applied does that.
tw_status srv_room_commit(srv_room *r, const tw_order *o, int *first, int *count, tw_error *err);
/// After a commit: runs the clock and broadcasts events and views (room locked).
void srv_room_applied(srv_room *r, int side, int first, int count);
/// Whether `seat` may take back the last order now (room locked): the order is its own, given in
/// this move, not one that ended the move, and nothing random has happened since (no die, shot
/// or sealed choice: nobody can throw again); the seat is not the computer's and the game is
/// not over. If not, `why` (may be NULL) says why.
bool srv_room_can_undo(srv_room *r, int seat, int role, tw_error *why);
/// Takes back the seat's last order (room locked): the game and the store go back one order,
/// and every seat hears an "undone" message then the new state. Refused as srv_room_can_undo
/// says, or if the store cannot drop the order (the game is then as it was).
tw_status srv_room_undo(srv_room *r, int seat, int role, tw_error *err);
/// srv_room_commit then srv_room_applied.
tw_status srv_room_apply(srv_room *r, const tw_order *o, tw_error *err);
/// Broadcasts the state (and events first..first+count) to every connection (room locked).
void srv_room_broadcast(srv_room *r, int first, int count);
/// Sends one connection its full picture: hello, state, events, clock (room locked).
void srv_room_send_all(srv_room *r, srv_conn *c);
/// The view JSON of a seat (hidden things removed on the server).
json_t *srv_view_json(srv_room *r, int seat, int role);
/// The state message's "pieces" (pieces.c): the rule set's pieces that are neither figures nor
/// guns (tw_state_pieces) as `seat` may know them, v its view (a spectator: a seat that owns
/// nothing). Each {kind: "box"|"train"|"piece", side, index, x, y (inches), bearing (degrees),
/// trucks, hidden, clause?, men?: {figure kind: count}, guns?}; men and guns only when not hidden.
json_t *srv_pieces_json(const tw_state *v, int seat);
/// The roles within the sides: [{side, side_name, name, kind, clause, help, stand_*?}].
json_t *srv_roles_json(const srv_room *r);
/// Gives a side's seat to a general (name) or back to a person (NULL); kept in the store.
tw_status srv_room_set_computer(srv_room *r, int side, const char *general, tw_error *err);
/// Whether the computer holds the side to move of this room (room locked).
bool srv_room_computer_due(srv_room *r, int *side);
/// sv-join: whether every seat may act now, none in particular asked (a rule set without
/// decisions while its host's clock has something due: Science versus Luck's auction); then each
/// computer seat is asked once after every order and may pass (room locked).
bool srv_room_computer_free(srv_room *r);
/// The mark srv_room.asked keeps for the game as it is now (room locked).
int srv_room_asked_mark(srv_room *r);
/// Adds a connection to its room (room not locked); false if the room is full.
bool srv_room_join(srv_conn *c);
/// Takes a connection out of its room (room not locked).
void srv_room_leave(srv_conn *c);
json_t *srv_ruleset_json(const tw_ruleset *rs);

// ---- h6-seats: computer seats for one role of a side (role_seats.c; docs/design.md "Seats") ----
/// srv_room_computer_due, also naming the role when a computer holds a role, not the side
/// (*role -1: the side's own computer). Room locked.
bool srv_room_computer_due_role(srv_room *r, int *side, int *role);
/// One order of the computer holding `role` (decided outside the room's lock, as
/// srv_computer_step). True if it acted.
bool srv_role_computer_step(srv_room *r, int side, int role);
/// Hands a player role of a side to the computer (general NULL or "": back to a person). Room locked.
tw_status srv_room_set_role_computer(srv_room *r, int role, const char *general, tw_error *err);
/// A person's order o from `role`'s seat that ends the side's move, while the computer holds
/// another role of the side that has not ended its part: the person's part ends, the order is
/// held back (true) until every part has ended (the caller replies, then srv_room_broadcast: the
/// seats see it in `parts_ended`). False: give it as usual. Room locked. The caller keeps it in
/// the store (srv_role_hold_keep, issue 16).
bool srv_role_hold_end(srv_room *r, int role, const tw_order *o);
/// The roles whose part of the side to act's move has ended, by index, for the state message.
json_t *srv_parts_ended_json(srv_room *r);
/// The role computers' general names (null for a person), in role order.
json_t *srv_role_computers_json(const srv_room *r);
// Issue 16 (role_held.c): the held end kept in the store's seats record, restored on a restart.
/// The key of side's current stretch (role_seats.c): the move, phase, side and undos.
int64_t srv_part_key(const srv_room *r, int side);
/// The seats record's "parts_ended" (the current stretches' ended parts), NULL when none.
json_t *srv_parts_held_json(const srv_room *r);
/// After the replay: gives back the ended parts of a stretch still current (same side asked,
/// same move and phase); a stale one is dropped.
void srv_parts_held_restore(srv_room *r, const json_t *seats);
/// Stores the seats record after a held end (room locked); when it cannot, the end is not held
/// (role's part not ended) and TW_ERR_IO says so.
tw_status srv_role_hold_keep(srv_room *r, int role, tw_error *err);
/// POST /api/games' "computer" key "SIDE/ROLE" (role_computer_create.c): validates the role and
/// the general `v` (a name, true: the rule set's first, null/false: a person's) against the new
/// game's first state and sets r->role_computer; an error names its JSON path.
/// POST /api/games' "params" applied to a state (rooms.c; POST /api/roles, roles_api.c).
tw_status srv_params_apply(tw_state *st, const json_t *params, tw_error *err);
tw_status srv_role_computer_named(srv_room *r, const tw_state *st, const char *key, const json_t *v, tw_error *err);
/// Frees the roles' generals (room teardown).
void srv_role_generals_free(srv_room *r);

// ---- computer.c ----
/// One computer order in one room, decided outside the room's lock. True if it acted.
bool srv_computer_step(srv_room *r);
/// The computer thread: each order to the due game that has had the least computer time.
void *srv_computer_main(void *arg);
/// Wakes the computer thread (a seat changed hands, an order was applied).
void srv_computer_wake(srv_server *s);

// ---- store.c ----
/// Opens (creating, mode 0600) the store and its key.
tw_status srv_store_open(srv_server *s, tw_error *err);
void srv_store_close(srv_server *s);
tw_status srv_store_add_game(srv_server *s, const srv_room *r, const char *seats, const char *clock);
tw_status srv_store_set_seats(srv_server *s, const char *game, const char *seats);
tw_status srv_store_add_order(srv_server *s, const char *game, int seq, const char *order_json);
/// Drops a game's order number seq (an order taken back).
tw_status srv_store_delete_order(srv_server *s, const char *game, int seq);
void srv_store_delete_game(srv_server *s, const char *game);
/// Restores every kept game (the restorer thread); stops early when the server stops.
tw_status srv_store_load_all(srv_server *s, tw_error *err);
/// The number of kept games; notes the last of them (srv_store_load_all restores up to it).
int srv_store_game_count(srv_server *s);
/// The running clock of a game (a JSON object), written over the last one.
tw_status srv_store_set_clock(srv_server *s, const char *game, const char *json);
/// The last clock stored for a game (malloc'd JSON text), or NULL.
char *srv_store_get_clock(srv_server *s, const char *game);
/// Calls fn for each stored order of a game in sequence.
tw_status srv_store_orders(sqlite3 *db, const char *game, tw_status (*fn)(void *ctx, const char *json),
			   void *ctx, tw_error *err);

// ---- clock.c ----
/// Follows the new events (move_start starts a move's clock, move_end an interval).
void srv_clock_events(srv_room *r, const tw_events *ev, int first, int count);
/// Advances the clock by dt seconds (room locked): warnings, and "Time" ends the mover's move.
void srv_clock_tick(srv_room *r, double dt);
json_t *srv_clock_json(const srv_room *r);

// ---- host_clock.c (sv-web): the host's own clock for rule sets with host_due ----
/// True when the room's rule set keeps time on the host's clock (tw_ruleset.host_due).
bool srv_host_keeps(const srv_room *r);
/// The host's time now, ms (at least 1), for stamping an order.
int64_t srv_host_now(const srv_room *r);
/// The ticker (room locked): runs the host's clock and gives the host order when it is due.
void srv_host_tick(srv_room *r, double dt);
/// After a restore: the host's clock resumes from the last stamped order's time.
void srv_host_restore(srv_room *r);
/// Adds "host_ms" and "host_due_ms" to a clock message (nothing for other rule sets).
void srv_host_json(const srv_room *r, json_t *clock);
/// A seat acted: the mover's clock starts even if the interval has not run out.
void srv_clock_acted(srv_room *r, int side);
/// Writes the running clock to the store (room locked), so a restart resumes it where it was.
void srv_clock_save(srv_room *r);
/// After a restart: takes the stored clock if it belongs to the move the replay reached.
void srv_clock_restore(srv_room *r, const char *json);

// ---- ws.c ----
/// Handles one text message from a connection (room not locked on entry). Runs on a thread
/// with the server's explicit stack (srv_exec).
void srv_ws_message(srv_conn *c, const char *data, size_t len);

// ---- wsconn.c ----
/// Queues a JSON value (stolen) for one connection; never blocks. A connection whose queue
/// holds more than opts.send_queue bytes is dropped.
void srv_send(srv_conn *c, json_t *msg);
/// Queues a text message (copied).
void srv_send_text(srv_conn *c, const char *text, size_t len);
/// Serves an open WebSocket on its own (civetweb) thread until it closes: reads frames (size,
/// RSV bits and mask checked from each header), hands messages to the work pool, writes the
/// send queue, pings an idle client, closes a silent or non-draining one.
void srv_ws_serve(srv_conn *c);
srv_conn *srv_conn_new(srv_server *s);
void srv_conn_free(srv_conn *c);

// ---- threads.c ----
/// Runs fn(arg) on one of the work pool's threads (explicit stack, opts.stack_kib) and waits
/// for it. Jobs of one address run at most half the pool at once.
void srv_exec(srv_server *s, srv_peer *peer, void (*fn)(void *), void *arg);
/// Starts the work pool, the ticker and the computer thread.
tw_status srv_threads_start(srv_server *s, tw_error *err);
/// Starts restoring the kept games in the background (once the server listens).
tw_status srv_restorer_start(srv_server *s, tw_error *err);
/// Initialises a server's locks and counters (tw_server_start; the protocol fuzzer).
void srv_server_init(srv_server *s);
/// Stops the ticker, the computer and the restorer (before civetweb stops).
void srv_threads_stop_early(srv_server *s);
/// Stops the work pool (after civetweb stopped).
void srv_threads_stop_pool(srv_server *s);
/// Starts a thread with the server's explicit stack size.
int srv_thread_create(srv_server *s, pthread_t *t, void *(*fn)(void *), void *arg);

// ---- peers.c ----
/// Counts a new connection from an address; false (not counted) if the address or the
/// server has as many as allowed.
bool srv_peer_acquire(srv_server *s, srv_conn *c);
void srv_peer_release(srv_server *s, srv_conn *c);
/// Jobs of this address in the work pool (threads.c, pool lock held).
int srv_peer_jobs(const srv_peer *p);
void srv_peer_jobs_add(srv_peer *p, int d);
/// A new connection's addresses, before civetweb has read its request (when mg_get_request_info
/// does not answer yet); false if they cannot be read.
bool srv_conn_addresses(srv_conn *c, const struct mg_connection *conn);
/// Checks, on a connection with a request, that srv_conn_addresses reads civetweb right.
void srv_conn_check_layout(srv_server *s, const struct mg_connection *conn);
/// The socket of a connection (by its addresses), or -1.
int srv_conn_socket(const srv_conn *c);
/// Refuses a connection at once: a short 503 and the socket shut, so civetweb lets it go.
void srv_refuse_socket(const srv_conn *c, const char *why);
/// Host and Origin checks against the bound address and the allow-list (DNS rebinding).
bool srv_host_ok(const srv_server *s, const char *host);
bool srv_origin_ok(const srv_server *s, const char *origin);

// ---- server.c's HTTP answers, for the handlers of other files ----
/// A JSON body (txt may be NULL: an empty body) with that status; not cached.
void srv_http_json_text(struct mg_connection *conn, int status, const char *txt);
/// {"error": message} with that status; returns the status.
int srv_http_error(struct mg_connection *conn, int status, const char *message);
/// Reads exactly len bytes of the request body into buf; false on a short or failed read.
bool srv_http_read_all(struct mg_connection *conn, char *buf, size_t len);
/// The request's body of 1 to max bytes, read whole and NUL-terminated (malloc'd; *len its
/// length). NULL, the error already answered and *status its code, when it is empty or longer
/// than max (400, 413: `need` says what is required), comes short (400) or memory is short (503).
char *srv_http_body(struct mg_connection *conn, long long max, const char *need, size_t *len, int *status);
/// Host names this server and an Origin, if sent, is this server (DNS rebinding).
bool srv_http_from_us(srv_server *s, const struct mg_connection *conn);

// ---- series_rooms.c (sv-join): a series of games in rooms, the players' seats kept across them ----
/// Opens the series file beside the store and the series the store keeps (after srv_store_open).
tw_status srv_series_open(srv_server *s, tw_error *err);
void srv_series_close(srv_server *s);
/// When `id` is a series': its current game's room and the token's seat there (a player with no
/// side in it: the spectator); *is_series says whether `id` named a series at all.
srv_room *srv_series_by_token(srv_server *s, const char *id, const char *token, int *seat, int *role, bool *is_series);
/// The `series` message of the series whose current or earlier game is room_id (new reference), or
/// NULL. Its `game` is always the current one: a page in an earlier game reloads into it.
json_t *srv_series_message(srv_server *s, const char *room_id);
/// The ticker: records each series' finished game and prepares its next one.
void srv_series_tick(srv_server *s);
/// POST /api/series (cbdata: the srv_server).
int srv_series_handler(struct mg_connection *conn, void *cbdata);
/// Writes the room's seats (token hashes, computers) to the store again (room locked).
tw_status srv_room_store_seats(srv_room *r);

// ---- assets.c ----
typedef struct srv_asset {
	const char *path;
	const char *mime;
	const unsigned char *data;
	size_t len;
} srv_asset;
const srv_asset *srv_asset_find(const char *path);

// ---- stop_wake.c ----
/// mg_stop without civetweb's 2 s listening poll: a helper knocks on our port until it returns.
void srv_stop_listening(srv_server *s);

#endif
