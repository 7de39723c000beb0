// The one explicit registry of rule sets. To add a rule set, add its descriptor here.
#include <string.h>

#include "tinwar/ruleset.h"

extern const tw_ruleset tw_ruleset_littlewars, tw_ruleset_grant;

static const tw_ruleset *const registry[] = {
	&tw_ruleset_littlewars,
	&tw_ruleset_grant,
};

int tw_ruleset_count(void) { return (int)TW_ARRAY_COUNT(registry); }

const tw_ruleset *tw_ruleset_get(int index)
{
	return (index >= 0 && index < tw_ruleset_count()) ? registry[index] : NULL;
}

int tw_ruleset_find(const char *name)
{
	for (int i = 0; i < tw_ruleset_count(); i++)
		if (strcmp(registry[i]->name, name) == 0)
			return i;
	return -1;
}

int tw_ruleset_param(const tw_ruleset *rs, const char *name)
{
	for (int i = 0; i < rs->nparams; i++)
		if (strcmp(rs->params[i].name, name) == 0)
			return i;
	return -1;
}

const tw_order_def *tw_ruleset_orders(const tw_ruleset *rs, int *n)
{
	*n = 0;
	if (!rs)
		return NULL;
	if (rs->norders > 0 && rs->orders) {
		*n = rs->norders;
		return rs->orders;
	}
	return NULL;
}

void tw_ruleset_defaults(const tw_ruleset *rs, tw_state *s)
{
	for (int i = 0; i < TW_MAX_PARAMS; i++)
		s->params[i] = i < rs->nparams ? rs->params[i].def : 0;
}

tw_status tw_scenario_generate(tw_state *s, const char *ruleset, uint64_t seed, double width, double depth,
			       tw_error *err)
{
	int idx = tw_ruleset_find(ruleset);
	if (idx < 0)
		return tw_error_set(err, TW_ERR_INPUT, "", "unknown rule set '%s'", ruleset);
	const tw_ruleset *rs = tw_ruleset_get(idx);
	if (!rs->generate)
		return tw_error_set(err, TW_ERR_STATE, "", "rule set %s cannot generate scenarios", ruleset);
	return rs->generate(s, seed, width, depth, err);
}
