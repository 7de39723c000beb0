// The embedded clause-text files (generated from docs/rules/*-clauses.md by cmake/embed_text.cmake).
#ifndef TW_RULES_TEXT_DATA_H
#define TW_RULES_TEXT_DATA_H
#include <stddef.h>

typedef struct tw_rules_file {
	const char *ruleset;        ///< the file's name before "-clauses.md"
	const char *path;           ///< docs/rules/NAME (for messages)
	const unsigned char *data;  ///< the file's bytes, NUL-terminated
	size_t len;                 ///< bytes, the NUL not counted
} tw_rules_file;

/// Every file, ending with an entry whose ruleset is NULL.
extern const tw_rules_file tw_rules_files[];

#endif
