// The small Little Wars scenario the fuzzers share: 10 men (8 foot, 2 horse) and a gun a side on a
// 72 x 48 in table (Little Wars needs at least 10 men a side). Written into buf as JSON.
#ifndef FUZZ_SMALL_SCENARIO_H
#define FUZZ_SMALL_SCENARIO_H
#include <stdio.h>

static inline void fuzz_small_scenario(char *buf, size_t cap)
{
	size_t n = (size_t)snprintf(buf, cap,
				    "{\"format\": \"tinwar-scenario\", \"version\": 1, \"ruleset\": \"littlewars\","
				    " \"table\": {\"width\": 72, \"depth\": 48}, \"figures\": [");
	for (int i = 0; i < 20 && n < cap; i++)
		n += (size_t)snprintf(buf + n, cap - n, "%s{\"kind\": \"%s\", \"side\": \"%s\"}", i ? ", " : "",
				      i % 10 < 8 ? "infantry" : "cavalry", i < 10 ? "red" : "blue");
	if (n < cap)
		snprintf(buf + n, cap - n, "], \"guns\": [{\"side\": \"red\"}, {\"side\": \"blue\"}]}");
}
#endif
