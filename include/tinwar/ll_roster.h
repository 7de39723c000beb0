/// Lloyd rosters as data (issue 16, ll-web): troop types (stat lines and weapon rows, NQ.STAT,
/// NQ.GEN.4) and named men who take a troop type and may change any of its numbers. A roster is
/// a JSON document:
///
///     {"format": "tinwar-roster", "ruleset": "lloyd",
///      "troops": [{"name": "spearman", "t": 13, "s": 3, "m": 5, "nrows": 2, "weapon": [...], ...}],
///      "men": [{"name": "Aelfric", "troop": "spearman"}, {"name": "Brand", "troop": "spearman", "m": 4}]}
///
/// A troop type's fields and a man's are the figure record's (docs/lloyd.md "Records"): the
/// rule set's own reader and setup check them, so a roster is refused exactly where a scenario
/// with those men would be. The catalogue's decoded example fighters are the first troop types.
#ifndef TINWAR_LL_ROSTER_H
#define TINWAR_LL_ROSTER_H
#include <jansson.h>
#include <stddef.h>

#include "tinwar/base.h"
#include "tinwar/ruleset.h"

/// Where a roster is wrong (the generic tw_roster_err: ll-fin made the editor a rule set hook,
/// tw_ruleset.roster, which these functions fill for Lloyd; front-ends use tinwar/roster.h).
typedef tw_roster_err tw_ll_roster_err;

/// Checks a roster's text: TW_OK, or an error with e filled (malformed JSON: jansson's line
/// and column; a troop type or man the rules refuse: the roster's path of the value).
tw_status tw_ll_roster_check(const char *text, size_t len, tw_ll_roster_err *e);
/// As tw_ll_roster_check on a document already read (line and column 0).
tw_status tw_ll_roster_check_json(const json_t *roster, tw_ll_roster_err *e);
/// A new roster: the troop-type table's types in full (tw_ll_troop_get), no men. NULL on no memory.
json_t *tw_ll_roster_new(void);
/// Line and column (1-based) of the value at a JSON path ("$.men[2].t") in a JSON text: the
/// deepest part of the path found. False if the text is not JSON enough to walk.
bool tw_ll_json_locate(const char *text, size_t len, const char *path, int *line, int *col);

#endif
