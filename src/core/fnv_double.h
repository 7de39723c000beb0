// FNV-1a over a double's eight bytes, lowest first: the fingerprints of the math functions
// (detmath.c, mathprint.c) hash their results' bits with it.
#ifndef TW_CORE_FNV_DOUBLE_H
#define TW_CORE_FNV_DOUBLE_H
#include <stdint.h>
#include <string.h>

static inline uint64_t tw_fnv_double(uint64_t h, double v)
{
	uint64_t u;
	memcpy(&u, &v, sizeof u);
	for (int k = 0; k < 8; k++, u >>= 8)
		h = (h ^ (u & 0xff)) * 0x100000001b3ull;
	return h;
}
#endif
