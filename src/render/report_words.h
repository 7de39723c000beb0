// Plain words for a battle report: a move's events as lines (routine ones summed up).
#ifndef TW_REPORT_WORDS_H
#define TW_REPORT_WORDS_H
#include "tinwar/report.h"

typedef struct tw_report_line {
	int type;         ///< tw_event_type of the event (or of the events summed up)
	int side;         ///< side concerned, -1 none
	char clause[24];  ///< clause applied ("" if none)
	char text[224];   ///< plain words
} tw_report_line;

/// Lines for events [first, first+count) as `seat` may know them (-1 umpire). Returns a malloc'd
/// array and its length in *n (NULL with *n = 0 when empty or out of memory).
tw_report_line *tw_report_lines(const tw_battle *b, int first, int count, int seat, int *n);
/// What the family of a clause of rule set rs is about (tw_ruleset.families: the family of
/// "ABC.MEL.6" -> what the rule set says ABC.MEL is about), or NULL.
const char *tw_clause_meaning(const tw_ruleset *rs, const char *clause);
/// A short line on each side's state: "red: 40 free men (30 infantry, 10 cavalry), 3 guns; ..."
void tw_report_strength_line(const tw_state *s, char *out, size_t size);
/// The sides that acted in move k, in the order they finished their parts: the sides of the
/// move's TW_EV_MOVE_END events (one in Little Wars; in a Grant move both sides act, one after
/// the other), the move's own side when none ended. Returns the count (at least 1).
int tw_report_move_sides(const tw_battle *b, int k, int *sides, int max);
/// Who acted in move k, in words: "red" or "red, then blue".
void tw_report_move_who(const tw_battle *b, int k, char *out, size_t size);
/// Whether any move of the battle had more than one side acting (the report says so).
bool tw_report_sides_share_moves(const tw_battle *b);
/// Who won, in words, from the final state and the last events.
void tw_report_result(const tw_battle *b, char *out, size_t size);

#endif
