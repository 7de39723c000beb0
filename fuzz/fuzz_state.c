// libFuzzer: load a scenario/state, save it, load it again: same hash, same text.
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
	tw_state s;
	tw_error err;
	if (tw_state_from_text(&s, (const char *)data, size, "fuzz", &err) != TW_OK) {
		if (err.code != TW_ERR_INPUT && err.code != TW_ERR_NOMEM)
			abort();
		return 0;
	}
	json_t *j = tw_state_to_json(&s);
	if (!j)
		abort(); // every loaded state can be written
	char *text = tw_io_dumps(j);
	json_decref(j);
	if (!text)
		abort();
	tw_state t;
	if (tw_state_from_text(&t, text, strlen(text), "dump", &err) != TW_OK) {
		fprintf(stderr, "reload failed: %s\n%s\n", err.message, text);
		abort();
	}
	if (tw_state_hash(&t) != tw_state_hash(&s))
		abort();
	json_t *j2 = tw_state_to_json(&t);
	char *text2 = j2 ? tw_io_dumps(j2) : NULL;
	json_decref(j2);
	if (!text2 || strcmp(text, text2) != 0)
		abort();
	free(text);
	free(text2);
	tw_state_free(&s);
	tw_state_free(&t);
	return 0;
}
