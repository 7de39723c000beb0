// Which rule set's roster editor is meant (ll-fin, include/tinwar/roster.h): the front-ends name
// no rule set's roster code, only the hook (tw_ruleset.roster).
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "tinwar/roster.h"

// "lloyd, ..." : the rule sets that keep rosters, into buf.
static void keepers(char *buf, size_t cap, int *count, const tw_ruleset **only)
{
	size_t used = 0;
	buf[0] = 0;
	*count = 0;
	*only = NULL;
	for (int i = 0; i < tw_ruleset_count(); i++) {
		const tw_ruleset *rs = tw_ruleset_get(i);
		if (!rs->roster)
			continue;
		int n = snprintf(buf + used, cap - used, "%s%s", *count ? ", " : "", rs->name);
		if (n > 0 && (size_t)n < cap - used)
			used += (size_t)n;
		(*count)++;
		*only = rs;
	}
}

const tw_ruleset *tw_roster_ruleset(const char *name, const char *text, size_t len, tw_error *err)
{
	char list[256];
	int count;
	const tw_ruleset *only;
	keepers(list, sizeof list, &count, &only);
	char named[64] = "";
	if (name && name[0]) {
		snprintf(named, sizeof named, "%s", name);
	} else if (text) {
		json_t *doc = json_loadb(text, len, 0, NULL);
		const char *r = json_string_value(json_object_get(doc, "ruleset"));
		if (r)
			snprintf(named, sizeof named, "%s", r);
		json_decref(doc);
	}
	if (named[0]) {
		int i = tw_ruleset_find(named);
		if (i < 0) {
			tw_error_set(err, TW_ERR_INPUT, "",
			             "no rule set named \"%s\" (rule sets that keep rosters: %s)", named,
			             count ? list : "none");
			return NULL;
		}
		const tw_ruleset *rs = tw_ruleset_get(i);
		if (!rs->roster) {
			tw_error_set(err, TW_ERR_INPUT, "",
			             "rule set %s keeps no rosters (rule sets that do: %s)", rs->name,
			             count ? list : "none");
			return NULL;
		}
		return rs;
	}
	if (count == 1)
		return only;
	tw_error_set(err, TW_ERR_INPUT, "", "name the rule set (--ruleset; rule sets that keep rosters: %s)",
	             count ? list : "none");
	return NULL;
}
