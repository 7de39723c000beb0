// Packed orders: a header and the used part of each array, a typical order under 1 KB of its
// ~17 KB.
#include <string.h>

#include "order_internal.h"

typedef struct packed_order {
	uint16_t type;
	int8_t side;
	bool has_at, has_aim, has_target;
	int32_t gun, n;
	double bearing, elevation;
	tw_vec2 target;
	int64_t time_ms;
	int32_t nfig, nfig2, npath, nval, ndice;
} packed_order;

static size_t cnt(int n) { return n > 0 ? (size_t)n : 0; }

size_t tw_order_packed_size(const tw_order *o)
{
	return sizeof(packed_order) + cnt(o->nfig) * (sizeof o->fig[0] + sizeof o->at[0] + sizeof o->facing[0]) +
	       cnt(o->nfig2) * sizeof o->fig2[0] + cnt(o->npath) * sizeof o->path[0] + cnt(o->nval) * sizeof o->val[0] +
	       cnt(o->ndice) * sizeof o->dice[0];
}

#define PUT(p, src, n)                                                                             \
	do {                                                                                       \
		memcpy((p), (src), (n));                                                           \
		(p) += (n);                                                                        \
	} while (0)

void tw_order_pack(unsigned char *p, const tw_order *o)
{
	packed_order h;
	memset(&h, 0, sizeof h);
	h.type = o->type;
	h.side = o->side;
	h.has_at = o->has_at;
	h.has_aim = o->has_aim;
	h.has_target = o->has_target;
	h.gun = o->gun;
	h.n = o->n;
	h.bearing = o->bearing;
	h.elevation = o->elevation;
	h.target = o->target;
	h.time_ms = o->time_ms;
	h.nfig = o->nfig;
	h.nfig2 = o->nfig2;
	h.npath = o->npath;
	h.nval = o->nval;
	h.ndice = o->ndice;
	PUT(p, &h, sizeof h);
	PUT(p, o->fig, cnt(o->nfig) * sizeof o->fig[0]);
	PUT(p, o->at, cnt(o->nfig) * sizeof o->at[0]);
	PUT(p, o->facing, cnt(o->nfig) * sizeof o->facing[0]);
	PUT(p, o->fig2, cnt(o->nfig2) * sizeof o->fig2[0]);
	PUT(p, o->path, cnt(o->npath) * sizeof o->path[0]);
	PUT(p, o->val, cnt(o->nval) * sizeof o->val[0]);
	PUT(p, o->dice, cnt(o->ndice) * sizeof o->dice[0]);
}

void tw_order_hash(const tw_order *o, void (*put)(void *ctx, const void *p, size_t n), void *ctx)
{
	int64_t h[12] = {o->type, o->side, o->has_at, o->has_aim, o->has_target, o->gun, o->n, o->time_ms,
			 o->nfig, o->nfig2, o->npath, o->nval};
	put(ctx, h, sizeof h);
	double d[4] = {o->bearing, o->elevation, o->target.x, o->target.y};
	put(ctx, d, sizeof d);
	put(ctx, o->fig, cnt(o->nfig) * sizeof o->fig[0]);
	put(ctx, o->at, cnt(o->nfig) * sizeof o->at[0]);
	put(ctx, o->facing, cnt(o->nfig) * sizeof o->facing[0]);
	put(ctx, o->fig2, cnt(o->nfig2) * sizeof o->fig2[0]);
	put(ctx, o->path, cnt(o->npath) * sizeof o->path[0]);
	put(ctx, o->val, cnt(o->nval) * sizeof o->val[0]);
	put(ctx, &o->ndice, sizeof o->ndice);
	put(ctx, o->dice, cnt(o->ndice) * sizeof o->dice[0]);
}

#define GET(dst, p, n)                                                                             \
	do {                                                                                       \
		memcpy((dst), (p), (n));                                                           \
		(p) += (n);                                                                        \
	} while (0)

void tw_order_unpack(tw_order *o, const unsigned char *p)
{
	packed_order h;
	GET(&h, p, sizeof h);
	memset(o, 0, sizeof *o);
	o->type = h.type;
	o->side = h.side;
	o->has_at = h.has_at;
	o->has_aim = h.has_aim;
	o->has_target = h.has_target;
	o->gun = h.gun;
	o->n = h.n;
	o->bearing = h.bearing;
	o->elevation = h.elevation;
	o->target = h.target;
	o->time_ms = h.time_ms;
	o->nfig = h.nfig;
	o->nfig2 = h.nfig2;
	o->npath = h.npath;
	o->nval = h.nval;
	o->ndice = h.ndice;
	GET(o->fig, p, cnt(h.nfig) * sizeof o->fig[0]);
	GET(o->at, p, cnt(h.nfig) * sizeof o->at[0]);
	GET(o->facing, p, cnt(h.nfig) * sizeof o->facing[0]);
	GET(o->fig2, p, cnt(h.nfig2) * sizeof o->fig2[0]);
	GET(o->path, p, cnt(h.npath) * sizeof o->path[0]);
	GET(o->val, p, cnt(h.nval) * sizeof o->val[0]);
	GET(o->dice, p, cnt(h.ndice) * sizeof o->dice[0]);
}
