// tinwar-serve: `tinwar serve` as its own program (for tests, until the CLI lists the command).
#include "tinwar/registry.h"
#include "tinwar/server.h"

int main(int argc, char **argv)
{
	tw_tune_process_allocator(); // many games one after another: keep the freed heap
	tw_register_builtin();
	return tw_server_main(argc, argv);
}
