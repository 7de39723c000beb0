/// The browser table: HTTP and WebSocket server (civetweb), games kept in SQLite.
/// Seats (each side, umpire, spectator) join with secret tokens; each seat sees only its view.
#ifndef TINWAR_SERVER_H
#define TINWAR_SERVER_H
#include "tinwar/state.h"

typedef struct tw_server tw_server;

/// Server options. Fill with tw_server_opts_default, then change what you need.
typedef struct tw_server_opts {
	const char *bind;       ///< address to listen on (default "127.0.0.1")
	int port;               ///< TCP port; 0 = any free port (see tw_server_port)
	const char *db;         ///< SQLite file for games; NULL or ":memory:" = not kept
	const char *origin;     ///< extra allowed WebSocket Origin (besides same host), or NULL
	int num_threads;        ///< civetweb worker threads (one per open connection); default 128
	int max_message;        ///< largest WebSocket message accepted, bytes (default 65536)
	double rate;            ///< messages per second allowed per connection (default 40)
	double burst;           ///< burst allowance, messages (default 80)
	bool quiet;             ///< no log lines on stderr
} tw_server_opts;

void tw_server_opts_default(tw_server_opts *o);
/// Opens the store, restores every kept game by replaying its orders, and starts listening.
tw_server *tw_server_start(const tw_server_opts *o, tw_error *err);
/// The port actually listened on.
int tw_server_port(const tw_server *s);
/// Number of games in memory.
int tw_server_game_count(const tw_server *s);
/// Stops listening, closes every connection, frees everything (games stay in the store).
void tw_server_stop(tw_server *s);

/// Creates a game from a JSON request (the body of POST /api/games, see docs/server.md).
/// Returns the response document (game id and each seat's token and join link) or NULL.
char *tw_server_create_game(tw_server *s, const char *request_json, size_t len, tw_error *err);

/// LW.MV.6 (Little Wars): the move allowance in minutes for `side` of a Little Wars state.
/// Other rule sets report their allowance in the move_start event's v.
double tw_lw_allowance_minutes(const tw_state *s, int side);

/// The `tinwar serve` command: parses its options, serves until SIGINT or SIGTERM. Exit code.
int tw_server_main(int argc, char **argv);
/// Usage line of `tinwar serve`.
#define TW_SERVE_USAGE                                                                                   \
	"tinwar serve [--bind 127.0.0.1] [--port 8080] [--db FILE] [--origin http://HOST:PORT] [--quiet]"

#endif
