// libFuzzer: parse orders against a fixed state, write each, parse it again: equal orders.
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

/// Two sides (red, blue), 8 figures, 2 guns (as in fuzz/seeds/orders).
static const char scenario[] =
	"{\"format\": \"tinwar-scenario\", \"version\": 1, \"ruleset\": \"littlewars\","
	" \"table\": {\"width\": 72, \"depth\": 48},"
	" \"figures\": [{\"kind\": \"infantry\", \"side\": \"red\"}, {\"kind\": \"infantry\", \"side\": \"red\"},"
	" {\"kind\": \"infantry\", \"side\": \"red\"}, {\"kind\": \"infantry\", \"side\": \"red\"},"
	" {\"kind\": \"cavalry\", \"side\": \"blue\"}, {\"kind\": \"cavalry\", \"side\": \"blue\"},"
	" {\"kind\": \"infantry\", \"side\": \"blue\"}, {\"kind\": \"infantry\", \"side\": \"blue\"}],"
	" \"guns\": [{\"side\": \"red\"}, {\"side\": \"blue\"}]}";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static tw_state s;
	static bool ready;
	tw_error err;
	if (!ready) {
		if (tw_state_from_text(&s, scenario, strlen(scenario), "scenario", &err) != TW_OK)
			abort();
		ready = true;
	}
	tw_order *o = NULL;
	int n = 0;
	if (tw_orders_from_text(&o, &n, &s, (const char *)data, size, "fuzz", &err) != TW_OK)
		return 0;
	for (int i = 0; i < n; i++) {
		json_t *j = tw_order_to_json(&o[i], &s);
		char *text = j ? tw_io_dumps(j) : NULL;
		json_decref(j);
		if (!text)
			abort();
		tw_order *v = NULL;
		int m = 0;
		if (tw_orders_from_text(&v, &m, &s, text, strlen(text), "dump", &err) != TW_OK || m != 1) {
			fprintf(stderr, "reparse failed: %s\n%s\n", err.message, text);
			abort();
		}
		if (!tw_io_order_equal(&o[i], &v[0]))
			abort();
		free(v);
		free(text);
	}
	free(o);
	return 0;
}
