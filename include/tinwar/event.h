/// Adjudication events. Every event names the rule clause that produced it.
#ifndef TINWAR_EVENT_H
#define TINWAR_EVENT_H
#include "tinwar/geom.h"

typedef enum tw_event_type {
	TW_EV_INFO = 0,
	TW_EV_TOSS,        ///< a coin or die decided something (a = winner side, b = value)
	TW_EV_DICE,        ///< dice rolled (a = total, b = number of dice)
	TW_EV_DEPLOY,      ///< figure a put down at (x,y); b = 1 if hidden
	TW_EV_MOVE,        ///< figure a moved to (x,y); v = path length
	TW_EV_GUN_MOVE,    ///< gun a moved to (x,y); v = path length
	TW_EV_SHOT,        ///< gun a fired shot b; (x,y) where it came to rest
	TW_EV_KILL,        ///< figure a killed (b = how: 1 knocked, 2 touched, 3 felled by a falling man, 4 melee)
	TW_EV_TOUCH,       ///< figure a touched and unharmed
	TW_EV_MELEE,       ///< melee a formed: b = mover's participants, c = other side's, d = outcome code
	TW_EV_PRISONER,    ///< figure a taken prisoner by side b
	TW_EV_ESCORT,      ///< figure a escorts prisoner b
	TW_EV_FREED,       ///< prisoner a freed, disarmed
	TW_EV_REARMED,     ///< freed man a rearmed at his back line
	TW_EV_DELIVERED,   ///< prisoner a delivered over the captor's back line
	TW_EV_SURRENDER,   ///< figure a surrendered
	TW_EV_CAPTURE,     ///< gun a captured by side b
	TW_EV_DISPUTE,     ///< gun a in dispute
	TW_EV_GUN_STATUS,  ///< gun a in action (b = 1) or out of action (b = 0)
	TW_EV_WITHDRAW,    ///< figure a withdrew over his own back line
	TW_EV_TRAIL,       ///< figure a placed at the trail of gun b
	TW_EV_LIE,         ///< figure a laid down (b = 1) or stood up (b = 0)
	TW_EV_MOVE_START,  ///< game move a begins for side b; v = time allowance, minutes
	TW_EV_MOVE_END,    ///< game move a ends for side b
	TW_EV_PHASE,       ///< phase change (a = new phase)
	TW_EV_VICTORY,     ///< side a wins (b = how)
	TW_EV_DRAW,        ///< the game is drawn
	TW_EV_SCORE,       ///< side a scores v
	TW_EV_REVEAL,      ///< hidden figures revealed (curtain drawn back)
	/// figure a took part in the melee just announced (the TW_EV_MELEE before it, whose `a` is
	/// b); c = 1 in contact (LW.MEL.2), 0 drawn in within 6 in of a man in contact (LW.MEL.4);
	/// (x,y) where he stood. Appended last: the numbers of the types before it never change.
	TW_EV_MELEE_MEMBER,
	TW_EV_SEALED,      ///< side a's secret choice is in (its content stays hidden until revealed)
	TW_EV_UNSEALED,    ///< side a's secret choice is revealed and applied next (b = order type)
	TW_EV_ALLIANCE,    ///< side a joins alliance b (was c)
	TW_EV_TABLE,       ///< terrain piece a changed (b: 1 added, 2 attributes, 3 removed from play)
	TW_EV_DECISION,    ///< the rules ask side a for a decision (text: what; clause: why)
	TW_EV_CONTACT,     ///< figure a came into contact with enemy figure b (reports sum these up)
	TW_EV_COUNT
} tw_event_type;

#define TW_EVENT_MAX_FACES 32

typedef struct tw_event {
	int32_t seq;     ///< index in the game log
	int32_t move_no; ///< game move number (0 = before play)
	uint16_t type;   ///< tw_event_type
	int8_t side;     ///< side concerned, -1 if none
	char clause[20]; ///< the clause applied, e.g. "LW.MEL.6"
	int32_t a, b, c, d;
	double x, y, v;
	uint8_t dice_sides;                 ///< TW_EV_DICE: faces of each die (0: not a roll)
	uint8_t nfaces;                     ///< TW_EV_DICE: dice thrown in this event
	uint8_t entered;                    ///< TW_EV_DICE: 1 if the faces were entered by hand
	uint8_t faces[TW_EVENT_MAX_FACES];  ///< TW_EV_DICE: every face, in throwing order
	char text[160]; ///< plain words for people
	/// Per-seat events (docs/design.md "Events for some seats"): the sides that may read this
	/// event whole, bit i for side i; 0 = every seat. The log, the umpire and the host always
	/// read it whole; any other seat reads it veiled (tw_event_veil). Appended last.
	uint32_t seen;
} tw_event;

struct tw_chance;
struct tw_state;

/// A growable array of events (transient result of one order, or a whole log). While an order
/// is applied it is also the adjudication's channel: `failed` records an allocation that failed
/// anywhere (an event that could not be pushed, or rule-set memory), and the game then refuses
/// the order and puts the state back; `chance` holds the entered dice (chance.h).
typedef struct tw_events {
	tw_event *v;
	int n, cap;
	bool failed;              ///< out of memory during this adjudication
	struct tw_chance *chance; ///< entered dice, or NULL (the generator)
} tw_events;

const char *tw_event_type_name(tw_event_type t);
/// Appends an event; returns it (zeroed except the given fields) or NULL on OOM.
tw_event *tw_events_push(tw_events *ev, tw_event_type type, int side, const char *clause);
/// printf into the last event's text.
void tw_event_text(tw_event *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/// Marks the adjudication as failed for want of memory (the order is refused, the state put back).
void tw_events_fail(tw_events *ev);
/// tw_malloc, marking ev failed on failure.
void *tw_events_alloc(tw_events *ev, size_t size);
void *tw_events_calloc(tw_events *ev, size_t n, size_t size);
void tw_events_clear(tw_events *ev);
/// Makes room for n more events (so that pushing them cannot fail). False on out of memory.
bool tw_events_reserve(tw_events *ev, int n);
void tw_events_free(tw_events *ev);
tw_status tw_events_append(tw_events *dst, const tw_events *src);

// Per-seat events (event_seat.c; docs/design.md "Events for some seats").
/// Marks e as readable whole by `side` only (and by any side marked before); no-op for NULL or
/// a seat that is not a side (the umpire reads every event anyway).
void tw_event_only(tw_event *e, int side);
/// True when `seat` (a side index, TW_SEAT_UMPIRE = -1, TW_SEAT_HOST = -3, or any other
/// negative number for a spectator) may read e whole.
bool tw_event_seen_by(const tw_event *e, int seat);
/// The veiled form another seat reads: the same seq, move, side and clause, as an `info` event
/// with no ids, places, value or dice, and the text "a report for SIDES only" (the sides named
/// from s; s may be NULL: "side N").
void tw_event_veil(tw_event *e, const struct tw_state *s);
/// e as `seat` may read it: itself, or veiled.
void tw_event_for_seat(tw_event *e, int seat, const struct tw_state *s);

#endif
