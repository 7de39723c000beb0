// tinwar campaign: placeholder until the campaign store lands.
#include "cli.h"
int cli_campaign(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "tinwar campaign: not built yet\n");
	return CLI_FAIL;
}
