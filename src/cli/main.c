// tinwar: the command, with the built-in rule sets and shot models (src/rules/registry.c).
#include "cli.h"

int main(int argc, char **argv)
{
	tw_tune_process_allocator(); // many games one after another: keep the freed heap
	tw_register_builtin();
	return cli_main(argc, argv);
}
