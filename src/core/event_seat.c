// Per-seat events (docs/design.md "Events for some seats"): an event may name the sides that
// read it whole (tw_event.seen); the others read a veiled form that says only whose it is and
// by which clause. The log keeps every event whole; views and exports for a seat veil.
#include <stdio.h>
#include <string.h>

#include "tinwar/event.h"
#include "tinwar/order.h"
#include "tinwar/state.h"

void tw_event_only(tw_event *e, int side)
{
	if (e && side >= 0 && side < 32)
		e->seen |= 1u << side;
}

bool tw_event_seen_by(const tw_event *e, int seat)
{
	if (!e->seen || seat == TW_SEAT_UMPIRE || seat == TW_SEAT_HOST)
		return true;
	return seat >= 0 && seat < 32 && (e->seen >> seat & 1u);
}

void tw_event_veil(tw_event *e, const struct tw_state *s)
{
	uint32_t seen = e->seen;
	e->type = TW_EV_INFO;
	e->a = e->b = e->c = e->d = -1;
	e->x = e->y = e->v = 0;
	e->dice_sides = e->nfaces = e->entered = 0;
	memset(e->faces, 0, sizeof e->faces);
	char who[128] = "";
	size_t n = 0;
	for (int i = 0; i < 32 && n < sizeof who - 24; i++) {
		if (!(seen >> i & 1u))
			continue;
		int w;
		if (s && i < s->nsides)
			w = snprintf(who + n, sizeof who - n, "%s%.16s", n ? ", " : "", s->sides[i].name);
		else
			w = snprintf(who + n, sizeof who - n, "%sside %d", n ? ", " : "", i);
		if (w < 0 || (size_t)w >= sizeof who - n)
			break;
		n += (size_t)w;
	}
	snprintf(e->text, sizeof e->text, "a report for %s only", who);
}

void tw_event_for_seat(tw_event *e, int seat, const struct tw_state *s)
{
	if (!tw_event_seen_by(e, seat))
		tw_event_veil(e, s);
}
