// libFuzzer: replay a game log, write the replayed game's log, replay that: same final hash.
// Verification (every recorded shot fired again) never accepts a log that a plain replay
// refuses, and a log that verifies gives the same game both ways; its rewrite verifies too.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/io_internal.h"
#include "tinwar/registry.h"

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
	tw_log_check c = {.verify = true};
	tw_game *v = tw_game_log_check((const char *)data, size, "fuzz", &c, &err);
	if (v && (!g || tw_state_hash(tw_game_state(v)) != tw_state_hash(tw_game_state(g))))
		abort();
	tw_game_free(v);
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
	if (c.verified) {
		tw_log_check c2 = {.verify = true};
		tw_game *w = tw_game_log_check(text, strlen(text), "dump", &c2, &err);
		if (!w || !c2.verified) {
			fprintf(stderr, "the rewrite of a verified log does not verify: %s\n", err.message);
			abort();
		}
		tw_game_free(w);
	}
	free(text);
	tw_game_free(g);
	tw_game_free(h);
	return 0;
}
