// Event arrays.
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/event.h"
#include "fmt_fast.h"

static const char *const ev_names[TW_EV_COUNT] = {
	"info",      "toss",      "dice",     "deploy",     "move",       "gun_move",  "shot",
	"kill",      "touch",     "melee",    "prisoner",   "escort",     "freed",     "rearmed",
	"delivered", "surrender", "capture",  "dispute",    "gun_status", "withdraw",  "trail",
	"lie",       "move_start","move_end", "phase",      "victory",    "draw",      "score",
	"reveal",    "melee_member", "sealed", "unsealed", "alliance", "table", "decision", "contact",
};

const char *tw_event_type_name(tw_event_type t) { return (unsigned)t < TW_EV_COUNT ? ev_names[t] : "?"; }

tw_event *tw_events_push(tw_events *ev, tw_event_type type, int side, const char *clause)
{
	if (ev->n == ev->cap) {
		int cap = ev->cap ? ev->cap * 2 : 32;
		tw_event *v = tw_realloc(ev->v, (size_t)cap * sizeof *v);
		if (!v) {
			ev->failed = true;
			return NULL;
		}
		ev->v = v;
		ev->cap = cap;
	}
	tw_event *e = &ev->v[ev->n++];
	memset(e, 0, sizeof *e);
	e->type = (uint16_t)type;
	e->side = (int8_t)side;
	e->a = e->b = e->c = e->d = -1;
	if (clause) // as snprintf "%s" would: at most sizeof - 1 characters (the rest is zero)
		memcpy(e->clause, clause, strnlen(clause, sizeof e->clause - 1));
	return e;
}

void tw_event_text(tw_event *e, const char *fmt, ...)
{
	if (!e)
		return;
	va_list ap;
	va_start(ap, fmt);
	if (tw_fmt_fast_ok(fmt)) // h5-hook (issue 18): the same bytes without vsnprintf
		tw_fmt_fast(e->text, sizeof e->text, fmt, ap);
	else
		vsnprintf(e->text, sizeof e->text, fmt, ap);
	va_end(ap);
}

void tw_events_fail(tw_events *ev)
{
	if (ev)
		ev->failed = true;
}

void *tw_events_alloc(tw_events *ev, size_t size)
{
	void *p = tw_malloc(size);
	if (!p)
		tw_events_fail(ev);
	return p;
}

void *tw_events_calloc(tw_events *ev, size_t n, size_t size)
{
	void *p = tw_calloc(n, size);
	if (!p)
		tw_events_fail(ev);
	return p;
}

bool tw_events_reserve(tw_events *ev, int n)
{
	if (n <= 0 || ev->n + n <= ev->cap)
		return true;
	int cap = ev->cap ? ev->cap : 32;
	while (cap < ev->n + n)
		cap *= 2;
	tw_event *v = tw_realloc(ev->v, (size_t)cap * sizeof *v);
	if (!v)
		return false;
	ev->v = v;
	ev->cap = cap;
	return true;
}

void tw_events_clear(tw_events *ev)
{
	ev->n = 0;
	ev->failed = false;
}

void tw_events_free(tw_events *ev)
{
	tw_free(ev->v);
	ev->v = NULL;
	ev->n = ev->cap = 0;
	ev->failed = false;
}

tw_status tw_events_append(tw_events *dst, const tw_events *src)
{
	if (dst->n + src->n > dst->cap) {
		int cap = dst->cap ? dst->cap : 32;
		while (cap < dst->n + src->n)
			cap *= 2;
		tw_event *v = tw_realloc(dst->v, (size_t)cap * sizeof *v);
		if (!v)
			return TW_ERR_NOMEM;
		dst->v = v;
		dst->cap = cap;
	}
	if (src->n)
		memcpy(dst->v + dst->n, src->v, (size_t)src->n * sizeof *src->v);
	dst->n += src->n;
	return TW_OK;
}
