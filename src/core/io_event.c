// Events as JSON: {"seq", "move", "type", "side", "clause", "a".."d", "x", "y", "v", "text"}.
// Ids equal to -1 and coordinates equal to 0 are left out (docs/format.md).
#include <string.h>

#include "io_internal.h"

/// A JSON string from a fixed-size buffer: bounded read, and a multi-byte character cut by
/// truncation (vsnprintf into the buffer) is dropped rather than failing the whole event.
static json_t *jbuf(const char *s, size_t size)
{
	size_t n = strnlen(s, size);
	for (int cut = 0; cut < 4 && cut <= (int)n; cut++) {
		json_t *v = json_stringn(s, n - (size_t)cut);
		if (v)
			return v;
	}
	return json_string("?");
}

json_t *tw_event_to_json(const tw_event *e)
{
	json_t *o = json_object();
	bool ok = tw_io_set(o, "seq", json_integer(e->seq)) && tw_io_set(o, "move", json_integer(e->move_no)) &&
		  tw_io_set(o, "type", json_string(tw_event_type_name((tw_event_type)e->type)));
	if (ok && e->side != -1)
		ok = tw_io_set(o, "side", json_integer(e->side));
	if (ok)
		ok = tw_io_set(o, "clause", jbuf(e->clause, sizeof e->clause));
	const char *names[4] = {"a", "b", "c", "d"};
	const int32_t ids[4] = {e->a, e->b, e->c, e->d};
	for (int i = 0; ok && i < 4; i++)
		if (ids[i] != -1)
			ok = tw_io_set(o, names[i], json_integer(ids[i]));
	if (ok && e->x != 0)
		ok = tw_io_set(o, "x", tw_io_jnum(e->x));
	if (ok && e->y != 0)
		ok = tw_io_set(o, "y", tw_io_jnum(e->y));
	if (ok && e->v != 0)
		ok = tw_io_set(o, "v", tw_io_jnum(e->v));
	if (ok && e->dice_sides) { // every face of a roll (chance.h)
		json_t *f = json_array();
		for (int i = 0; f && i < e->nfaces && i < TW_EVENT_MAX_FACES; i++)
			if (!tw_io_append(f, json_integer(e->faces[i]))) {
				json_decref(f);
				f = NULL;
			}
		ok = tw_io_set(o, "faces", f) && tw_io_set(o, "sides", json_integer(e->dice_sides));
		if (ok && e->entered)
			ok = tw_io_set(o, "entered", json_true());
	}
	if (ok)
		ok = tw_io_set(o, "text", jbuf(e->text, sizeof e->text));
	if (ok && e->seen) { // per-seat events: the sides that read it whole
		json_t *w = json_array();
		for (int i = 0; w && i < 32; i++)
			if ((e->seen >> i & 1u) && !tw_io_append(w, json_integer(i))) {
				json_decref(w);
				w = NULL;
			}
		ok = tw_io_set(o, "seen", w);
	}
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

json_t *tw_events_to_json(const tw_events *ev, int first, int count)
{
	if (first < 0)
		first = 0;
	int end = count < 0 || first + (int64_t)count > ev->n ? ev->n : first + count;
	json_t *a = json_array();
	for (int i = first; a && i < end; i++)
		if (!tw_io_append(a, tw_event_to_json(&ev->v[i]))) {
			json_decref(a);
			return NULL;
		}
	return a;
}

json_t *tw_events_to_json_seat(const tw_events *ev, int first, int count, const struct tw_state *s, int seat)
{
	if (first < 0)
		first = 0;
	int end = count < 0 || first + (int64_t)count > ev->n ? ev->n : first + count;
	json_t *a = json_array();
	for (int i = first; a && i < end; i++) {
		tw_event e = ev->v[i];
		tw_event_for_seat(&e, seat, s);
		if (!tw_io_append(a, tw_event_to_json(&e))) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}
