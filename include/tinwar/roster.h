/// Rosters for front-ends (ll-fin): which rule set's roster editor (tw_ruleset.roster) a command
/// or a request means. The terminal (`tinwar roster`) and the server (/api/roster) call only this
/// and the hook, for any rule set that has one.
#ifndef TINWAR_ROSTER_H
#define TINWAR_ROSTER_H
#include <stddef.h>

#include "tinwar/ruleset.h"

/// The rule set whose rosters are meant: `name` if given; else the "ruleset" member of the
/// roster's text (if it is JSON with one); else the one registered rule set that keeps rosters.
/// NULL with err set (TW_ERR_INPUT) when that rule set is unknown or keeps no rosters (the
/// message lists the rule sets that do), or when several do and none is named.
const tw_ruleset *tw_roster_ruleset(const char *name, const char *text, size_t len, tw_error *err);

#endif
