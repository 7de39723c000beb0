/// The browser table: HTTP and WebSocket server (civetweb), games kept in SQLite.
/// Seats (each side, umpire, spectator) join with secret tokens; each seat sees only its view.
#ifndef TINWAR_SERVER_H
#define TINWAR_SERVER_H
#include "tinwar/state.h"

typedef struct tw_server tw_server;

/// Server options. Fill with tw_server_opts_default, then change what you need. Every bound
/// is on by default (docs/server.md, "What is bounded"); 0 in a field means its default.
typedef struct tw_server_opts {
	const char *bind;       ///< address to listen on (default "127.0.0.1")
	int port;               ///< TCP port; 0 = any free port (see tw_server_port)
	const char *db;         ///< SQLite file for games; NULL or ":memory:" = not kept
	const char *origin;     ///< extra allowed WebSocket Origin (e.g. "https://table.example"), or NULL
	const char *allow_hosts; ///< extra names accepted in Host and Origin, comma-separated
				 ///< ("table.example,host:8080"); NULL = only the bound address (and localhost)
	int num_threads;        ///< civetweb worker threads (one per open connection); default max_conns + 8
	int max_message;        ///< largest WebSocket message accepted, bytes (default 65536)
	double rate;            ///< messages per second allowed per connection (default 40)
	double burst;           ///< burst allowance, messages (default 80)
	bool quiet;             ///< no log lines on stderr
	int max_conns;          ///< connections open at once, all addresses (default 200)
	int max_conns_per_addr; ///< connections open at once from one address (default 32)
	int max_games;          ///< games not over, in all (default 1000)
	int max_games_per_addr; ///< games not over created from one address (default 20)
	int max_figures;        ///< figures in one game (default 5000)
	int max_figures_per_addr; ///< figures in all the games not over of one address (default 20000)
	int send_queue;         ///< bytes waiting for one connection beyond which it is dropped (default 8 MiB)
	int request_timeout_ms; ///< a whole HTTP request, and a write that makes no progress (default 10000)
	int idle_timeout_ms;    ///< a WebSocket silent this long is closed, pinged at half (default 60000)
	int workers;            ///< threads that run rules and generals for requests (default 4)
	int stack_kib;          ///< stack of every thread that runs rules or generals, KiB (default 1024)
	int store_busy_ms;      ///< how long a store write waits on a locked database, ms (default 5000)
} tw_server_opts;

void tw_server_opts_default(tw_server_opts *o);
/// Opens the store and starts listening; the kept games are then restored in the background
/// (each by replaying its orders; a game is joinable once restored).
tw_server *tw_server_start(const tw_server_opts *o, tw_error *err);
/// Waits until every kept game has been restored (or `timeout` seconds). True if done.
bool tw_server_wait_restored(tw_server *s, double timeout);
/// The port actually listened on.
int tw_server_port(const tw_server *s);
/// Number of games in memory.
int tw_server_game_count(const tw_server *s);
/// Number of connections open now (counted per address; see tw_server_opts.max_conns).
int tw_server_connections(const tw_server *s);
/// Stops listening, closes every connection, frees everything (games stay in the store).
void tw_server_stop(tw_server *s);

/// Creates a game from a JSON request (the body of POST /api/games, see docs/server.md) for the
/// creator "local" (the limits per creator apply to it as to an address).
/// Returns the response document (game id and each seat's token and join link) or NULL.
char *tw_server_create_game(tw_server *s, const char *request_json, size_t len, tw_error *err);
/// sv-join: starts a series of games (docs/server.md "A series of games"): answers
/// {"series", "game", "players": [{player, token, link, computer?}], "umpire": {token, link}}, or NULL.
char *tw_server_create_series(tw_server *s, const char *request_json, size_t len, tw_error *err);

/// LW.MV.6 (Little Wars): the move allowance in minutes for `side` of a Little Wars state.
/// Other rule sets report their allowance in the move_start event's v.
double tw_lw_allowance_minutes(const tw_state *s, int side);

/// The `tinwar serve` command: parses its options, serves until SIGINT or SIGTERM. Exit code.
int tw_server_main(int argc, char **argv);
/// Usage line of `tinwar serve`.
#define TW_SERVE_USAGE                                                                                   \
	"tinwar serve [--bind 127.0.0.1] [--port 8080] [--db FILE] [--origin http://HOST:PORT]\n" \
	"             [--allow-host NAME[,NAME...]] [--max-conns N] [--max-conns-per-addr N]\n"       \
	"             [--max-games-per-addr N] [--max-figures N] [--stack-kib N] [--quiet]"

#endif
