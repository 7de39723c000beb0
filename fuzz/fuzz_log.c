// libFuzzer: replay a game log, write the replayed game's log, replay that: same final hash.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/io_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	tw_register_builtin();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bool ok;
	tw_error err;
	tw_game *g = tw_game_log_replay((const char *)data, size, "fuzz", &ok, &err);
	if (!g)
		return 0;
	json_t *j = tw_game_log_to_json(g);
	char *text = j ? tw_io_dumps(j) : NULL;
	json_decref(j);
	if (!text)
		abort();
	bool ok2;
	tw_game *h = tw_game_log_replay(text, strlen(text), "dump", &ok2, &err);
	if (!h) {
		fprintf(stderr, "replay of the rewritten log failed: %s\n%s\n", err.message, text);
		abort();
	}
	// The rewritten log carries the replay's own hash, so it must match.
	if (!ok2 || tw_state_hash(tw_game_state(h)) != tw_state_hash(tw_game_state(g)))
		abort();
	free(text);
	tw_game_free(g);
	tw_game_free(h);
	return 0;
}
