// libFuzzer: the terminal's words. A typed line is split (quotes respected) and parsed into an
// order of the state's rule set by its order descriptions (cli_orders.c), against a Little Wars
// and a Grant state. Every order the words make is then checked as the engine checks it (its
// shape: a refusal must say why) and, when its shape is right, written as JSON and read back
// to the same order.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
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

static const char lw_scenario[] =
	"{\"format\": \"tinwar-scenario\", \"version\": 1, \"ruleset\": \"littlewars\","
	" \"table\": {\"width\": 72, \"depth\": 48},"
	" \"figures\": [{\"kind\": \"infantry\", \"side\": \"red\"}, {\"kind\": \"infantry\", \"side\": \"red\"},"
	" {\"kind\": \"cavalry\", \"side\": \"blue\"}, {\"kind\": \"infantry\", \"side\": \"blue\"}],"
	" \"guns\": [{\"side\": \"red\"}, {\"side\": \"blue\"}]}";

static void parse_on(const tw_state *s, const char *line, size_t n)
{
	char *buf = malloc(n + 1);
	tw_order *o = calloc(1, sizeof *o);
	if (!buf || !o)
		abort();
	memcpy(buf, line, n);
	buf[n] = 0;
	char *argv[64];
	char why[1024];
	int argc = cli_split_words(buf, argv, 64, why, sizeof why);
	for (int side = 0; argc > 0 && side < s->nsides; side++) {
		int r = cli_parse_order(s, side, argc, argv, o, why, sizeof why);
		if (r <= 0)
			continue;
		tw_error err;
		tw_error_clear(&err);
		if (tw_order_check_shape(tw_ruleset_get(s->ruleset), s, o, &err) != TW_OK) {
			if (!err.message[0])
				abort(); // a refusal says why
			continue;
		}
		json_t *j = tw_order_to_json(o, s);
		char *text = j ? tw_io_dumps(j) : NULL;
		json_decref(j);
		tw_order *v = NULL;
		int m = 0;
		if (!text || tw_orders_from_text(&v, &m, s, text, strlen(text), "words", &err) != TW_OK || m != 1 ||
		    !tw_io_order_equal(o, &v[0])) {
			fprintf(stderr, "the words' order does not read back: %s\n%s\n", err.message, text ? text : "");
			abort();
		}
		free(v);
		free(text);
	}
	free(o);
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static tw_state lw, gr;
	static bool ready;
	tw_error err;
	if (!ready) {
		if (tw_state_from_text(&lw, lw_scenario, strlen(lw_scenario), "scenario", &err) != TW_OK ||
		    tw_state_load(&gr, "scenarios/grant/meeting.json", &err) != TW_OK) {
			fprintf(stderr, "fuzz_words: %s (run from the source directory)\n", err.message);
			abort();
		}
		ready = true;
	}
	if (size > 4096)
		return 0;
	parse_on(&lw, (const char *)data, size);
	parse_on(&gr, (const char *)data, size);
	return 0;
}
