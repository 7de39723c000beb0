/// The clause texts in the project's own words (issue 19): what each clause id that an event or
/// a refusal cites says. They are written in docs/rules/*-clauses.md (one file a rule set, each
/// clause a "### ID — title" heading and its text), embedded at build time and read at first use.
/// The text of an id is exactly the lines under its heading, blank lines at either end dropped.
#ifndef TW_RULES_TEXT_H
#define TW_RULES_TEXT_H
#include <stddef.h>

/// The longest clause id looked up (longer ids are never found).
#define TW_RULE_ID_MAX 32

/// The text of clause `id` ("LW.MEL.7", exact), or NULL if no clause text has that id. If
/// `title` is not NULL it gets the clause's title (or NULL when the id is unknown). The strings
/// live as long as the program. Thread-safe.
const char *tw_rule_text(const char *id, const char **title);

/// How many clause texts there are (every file together).
int tw_rule_text_count(void);

/// The i-th clause (0 .. count-1, in file order): its id, or NULL if i is out of range; its
/// title, text and rule set (the file's name before "-clauses.md") into the pointers not NULL.
const char *tw_rule_text_at(int i, const char **title, const char **text, const char **ruleset);

/// The i-th file of clause texts (0 .. , in the build's order): its path ("docs/rules/rattle-clauses.md"),
/// or NULL past the last; its rule set (the name before "-clauses.md") into `ruleset` if not NULL.
const char *tw_rule_text_file(int i, const char **ruleset);

/// The ids nearest to `id` (by edit distance to the id, or one more than to its family such as
/// "GR.MELEE" or a start of it, ignoring case; ties in file order), at most `max`
/// into out[]; returns how many (0 if there are no texts). For "did you mean" answers.
int tw_rule_text_nearest(const char *id, const char **out, int max);

#endif
