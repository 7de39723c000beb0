// s31-move (issue 18): the kinds of a table's pieces as bits, for the tests that only ask whether
// a river (or a ditch) is on the table at all (lw_move.c, lw_tindex.c).
#ifndef TW_LW_KINDS_H
#define TW_LW_KINDS_H
#include <stdint.h>

#include "tinwar/terrain.h"

/// Bit (kind mod 64) for each piece's kind: a kind of 64 or more sets another kind's bit, so a
/// bit clear says surely no piece of that kind, a bit set maybe one. Four pieces a step.
static inline uint64_t lw_kinds_mask(const tw_table *tb)
{
	uint64_t kinds = 0;
	const tw_terrain *const pieces = tb->terrain;
	const int n = tb->nterrain;
	int i = 0;
	for (; i + 4 <= n; i += 4)
		kinds |= (1ull << (pieces[i].kind & 63)) | (1ull << (pieces[i + 1].kind & 63)) |
			 (1ull << (pieces[i + 2].kind & 63)) | (1ull << (pieces[i + 3].kind & 63));
	for (; i < n; i++)
		kinds |= 1ull << (pieces[i].kind & 63);
	return kinds;
}

#endif
