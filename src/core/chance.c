// The one hook every die goes through (chance.h).
#include <stdio.h>
#include <string.h>

#include "tinwar/chance.h"
#include "tinwar/state.h"

// One face: entered, or drawn from the game's generator (unbiased, tw_rng_below).
static int face(tw_state *s, tw_events *ev, int side, const char *clause, int sides, int left, bool *entered)
{
	tw_chance *c = ev ? ev->chance : NULL;
	if (s->dice == TW_DICE_ENTERED && c) {
		*entered = true;
		if (c->used < c->n) {
			int f = c->faces[c->used++];
			if (f >= 1 && f <= sides)
				return f;
			// A face that no die of this roll shows: the order is refused for it.
		}
		if (!c->missing) {
			c->missing = true;
			snprintf(c->need.clause, sizeof c->need.clause, "%s", clause ? clause : "");
			c->need.n = left;
			c->need.sides = sides;
			c->need.side = side;
		}
		return 1;
	}
	*entered = false;
	return 1 + (int)tw_rng_below(&s->rng, (uint32_t)sides);
}

// ll-nq2: v in decimal at p, as printf's "%d"; returns the characters written (at most 11).
static size_t put_int(char *p, int v)
{
	char d[12];
	size_t n = 0, k = 0;
	unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
	do
		d[n++] = (char)('0' + u % 10);
	while ((u /= 10) > 0);
	if (v < 0)
		p[k++] = '-';
	while (n > 0)
		p[k++] = d[--n];
	return k;
}

// A dice event's text, "2d6: 3 5 = 8": the same characters as the snprintf calls that built it
// (snprintf's "%dd%d:", " %d" per face, " = %d" for more than one face, the text cut at its
// size), written without the formatter (ll-nq2: a die is thrown for every shot and melee round;
// tests/test_ll_fast.c compares the two).
void tw_roll_text(tw_event *e, int sides)
{
	char buf[48 + 12 * TW_EVENT_MAX_FACES];
	size_t n = put_int(buf, e->b);
	buf[n++] = 'd';
	n += put_int(buf + n, sides);
	buf[n++] = ':';
	for (int k = 0; k < e->nfaces && k < TW_EVENT_MAX_FACES; k++) {
		buf[n++] = ' ';
		n += put_int(buf + n, e->faces[k]);
	}
	if (e->nfaces > 1) {
		memcpy(buf + n, " = ", 3);
		n += 3;
		n += put_int(buf + n, e->a);
	}
	if (n > sizeof e->text - 1)
		n = sizeof e->text - 1;
	memcpy(e->text, buf, n);
	e->text[n] = 0;
}

int tw_roll(tw_state *s, tw_events *ev, int side, const char *clause, int n, int sides, int *faces, tw_event **first)
{
	if (first)
		*first = NULL;
	TW_ASSERT(n >= 1 && n <= TW_ROLL_MAX && sides >= 2 && sides <= 100);
	if (n < 1)
		return 0;
	int total = 0;
	tw_event *e = NULL;
	for (int i = 0; i < n; i++) {
		bool entered = false;
		int f = face(s, ev, side, clause, sides, n - i, &entered);
		if (faces)
			faces[i] = f;
		total += f;
		if (!ev)
			continue;
		if (!e || e->nfaces == TW_EVENT_MAX_FACES) {
			e = tw_events_push(ev, TW_EV_DICE, side, clause);
			if (e) {
				e->dice_sides = (uint8_t)sides;
				e->a = 0;
				e->b = 0;
				if (first && !*first)
					*first = e;
			}
		}
		if (e) {
			e->faces[e->nfaces++] = (uint8_t)f;
			e->a += f;
			e->b++;
			e->entered |= entered;
			// "2d6: 3 5 = 8" (the rule may put its own words instead).
			tw_roll_text(e, sides);
		}
	}
	return total;
}

int tw_roll_d6(tw_state *s, tw_events *ev, int side, const char *clause, tw_event **e)
{
	return tw_roll(s, ev, side, clause, 1, 6, NULL, e);
}
