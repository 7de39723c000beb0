// tinwar-serve: `tinwar serve` as its own program (for tests, until the CLI lists the command).
#include "tinwar/server.h"

int main(int argc, char **argv) { return tw_server_main(argc, argv); }
