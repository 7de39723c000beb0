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
	TW_EV_COUNT
} tw_event_type;

typedef struct tw_event {
	int32_t seq;     ///< index in the game log
	int32_t move_no; ///< game move number (0 = before play)
	uint16_t type;   ///< tw_event_type
	int8_t side;     ///< side concerned, -1 if none
	char clause[20]; ///< the clause applied, e.g. "LW.MEL.6"
	int32_t a, b, c, d;
	double x, y, v;
	char text[160]; ///< plain words for people
} tw_event;

/// A growable array of events (transient result of one order, or a whole log).
typedef struct tw_events {
	tw_event *v;
	int n, cap;
} tw_events;

const char *tw_event_type_name(tw_event_type t);
/// Appends an event; returns it (zeroed except the given fields) or NULL on OOM.
tw_event *tw_events_push(tw_events *ev, tw_event_type type, int side, const char *clause);
/// printf into the last event's text.
void tw_event_text(tw_event *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void tw_events_clear(tw_events *ev);
void tw_events_free(tw_events *ev);
tw_status tw_events_append(tw_events *dst, const tw_events *src);

#endif
