// FNV-1a over bytes, for the tests and drivers that digest what a run produced (events, figures,
// shots) and pin it: one definition instead of a copy in each.
#ifndef TW_TEST_FNV_H
#define TW_TEST_FNV_H

#include <stddef.h>
#include <stdint.h>

static inline uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++) {
		h ^= b[i];
		h *= 0x100000001B3ull;
	}
	return h;
}

#endif
