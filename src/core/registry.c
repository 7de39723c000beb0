// The registries of rule sets and shot models. The core lists none itself: they are registered
// from above (src/rules/registry.c for the built-in ones, a test's own table in tests/), once,
// before any game is made and before threads start.
#include <string.h>

#include "tinwar/registry.h"
#include "tinwar/ruleset.h"
#include "tinwar/shot.h"

static const tw_ruleset *const *g_rulesets;
static int g_nrulesets;

#define MAX_SHOT_MODELS 8
static const tw_shot_model *g_models[MAX_SHOT_MODELS];
static int g_nmodels;

void tw_register_rulesets(const tw_ruleset *const *list, int n)
{
	g_rulesets = n > 0 ? list : NULL;
	g_nrulesets = n > 0 ? n : 0;
}

bool tw_register_shot_model(const tw_shot_model *m)
{
	if (!m)
		return false;
	for (int i = 0; i < g_nmodels; i++)
		if (g_models[i] == m || strcmp(g_models[i]->name, m->name) == 0)
			return true;
	if (g_nmodels == MAX_SHOT_MODELS)
		return false;
	g_models[g_nmodels++] = m;
	return true;
}

const tw_shot_model *tw_shot_model_find(const char *name)
{
	if (!name)
		return NULL;
	const tw_shot_model *fast = tw_shot_model_fast();
	if (strcmp(fast->name, name) == 0)
		return fast;
	for (int i = 0; i < g_nmodels; i++)
		if (strcmp(g_models[i]->name, name) == 0)
			return g_models[i];
	return NULL;
}

int tw_ruleset_count(void) { return g_nrulesets; }

const tw_ruleset *tw_ruleset_get(int index) { return (index >= 0 && index < g_nrulesets) ? g_rulesets[index] : NULL; }

int tw_ruleset_find(const char *name)
{
	if (!name)
		return -1;
	for (int i = 0; i < g_nrulesets; i++)
		if (strcmp(g_rulesets[i]->name, name) == 0)
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
