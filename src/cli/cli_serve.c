// tinwar serve: the browser table (HTTP and WebSocket on civetweb), games kept in SQLite.
#include "cli.h"
#include "tinwar/server.h"

int cli_serve(int argc, char **argv);

int cli_serve(int argc, char **argv) { return tw_server_main(argc, argv); }
