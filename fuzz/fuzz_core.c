// libFuzzer on the core alone: no built-in rule set, no ODE (linked with tinwar_core and the
// test rule set "toy" only). A state document is loaded, every seat's view made, the state and
// each view written and read back: the same hash and the same text, records, secret choices,
// alliances, table attributes and the dice mode included.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/io_internal.h"
#include "tinwar/registry.h"
#include "toy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	static const tw_ruleset *const list[] = {&tw_ruleset_toy};
	tw_register_rulesets(list, 1);
	return 0;
}

// Writes s, reads it back: the same hash and the same text again. Aborts otherwise.
static void roundtrip(const tw_state *s)
{
	json_t *j = tw_state_to_json(s);
	if (!j)
		abort(); // every loaded state (and view) can be written
	char *text = tw_io_dumps(j);
	json_decref(j);
	if (!text)
		abort();
	tw_state t;
	tw_error err;
	if (tw_state_from_text(&t, text, strlen(text), "dump", &err) != TW_OK) {
		fprintf(stderr, "reload failed: %s\n%s\n", err.message, text);
		abort();
	}
	if (tw_state_hash(&t) != tw_state_hash(s))
		abort();
	json_t *j2 = tw_state_to_json(&t);
	char *text2 = j2 ? tw_io_dumps(j2) : NULL;
	json_decref(j2);
	if (!text2 || strcmp(text, text2) != 0)
		abort();
	free(text);
	free(text2);
	tw_state_free(&t);
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
	roundtrip(&s);
	tw_state c;
	if (tw_state_clone(&c, &s) != TW_OK || tw_state_hash(&c) != tw_state_hash(&s))
		abort();
	tw_state_free(&c);
	for (int seat = -1; seat < s.nsides; seat++) {
		tw_state v;
		if (tw_state_view(&v, &s, seat) != TW_OK)
			continue; // out of memory only
		// Another seat's secret choice never reaches a seat's view.
		for (int k = 0; k < TW_MAX_SIDES; k++)
			if (seat >= 0 && k != seat && v.sealed[k])
				abort();
		roundtrip(&v);
		tw_state_free(&v);
	}
	tw_state_free(&s);
	return 0;
}
