// Orders packed (only the used part of their arrays): the game's order log, sealed choices and
// hashing. Not installed.
#ifndef TW_ORDER_INTERNAL_H
#define TW_ORDER_INTERNAL_H
#include "tinwar/order.h"

/// Bytes the packed form of o takes.
size_t tw_order_packed_size(const tw_order *o);
/// Writes the packed form of o to p (tw_order_packed_size(o) bytes).
void tw_order_pack(unsigned char *p, const tw_order *o);
/// Reads a packed order into o (every unused slot zero).
void tw_order_unpack(tw_order *o, const unsigned char *p);

/// Feeds the packed form of o to put, piece by piece (no allocation).
void tw_order_hash(const tw_order *o, void (*put)(void *ctx, const void *p, size_t n), void *ctx);

#endif
