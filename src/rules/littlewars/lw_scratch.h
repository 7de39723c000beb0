// Scratch arrays on the stack while they fit, on the heap beyond (issue 18, s30): the move
// checks and the move itself want a few arrays as long as the figures or the order's men, at
// every call; on a table of a few hundred figures a 6 KB buffer holds them and saves the
// allocator's calls. Rules run on threads with stacks of 256 KiB or more (the server's work
// pool, src/server/threads.c), never on civetweb's small ones.
#ifndef TW_LW_SCRATCH_H
#define TW_LW_SCRATCH_H
#include <stddef.h>
#include <stdint.h>

#include "tinwar/base.h"

typedef struct lw_scratch {
	union {
		unsigned char bytes[6144];
		max_align_t align;
	} buf;
	size_t used;
} lw_scratch;

static inline void lw_scratch_init(lw_scratch *sc) { sc->used = 0; }

/// n bytes from the buffer while they fit (16-byte steps), else tw_malloc's (NULL without memory).
static inline void *lw_scratch_get(lw_scratch *sc, size_t n)
{
	size_t step = (n + 15) & ~(size_t)15;
	if (step >= n && step <= sizeof sc->buf.bytes - sc->used) {
		void *p = sc->buf.bytes + sc->used;
		sc->used += step;
		return p;
	}
	return tw_malloc(n);
}

/// Gives p back: freed when it came from the heap.
static inline void lw_scratch_put(lw_scratch *sc, void *p)
{
	uintptr_t a = (uintptr_t)p, lo = (uintptr_t)sc->buf.bytes;
	if (p && !(a >= lo && a < lo + sizeof sc->buf.bytes))
		tw_free(p);
}

#endif
