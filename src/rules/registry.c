// The one explicit registration table of the built-in rule sets and shot models. To add a rule
// set, add its descriptor here (and nowhere else).
#include "tinwar/lloyd.h"
#include "tinwar/physics.h"
#include "tinwar/registry.h"
#include "tinwar/ruleset.h"
#include "tinwar/svl.h"
#include "tinwar/lloyd.h"

extern const tw_ruleset tw_ruleset_littlewars, tw_ruleset_grant, tw_ruleset_rattle;

static const tw_ruleset *const builtin_rulesets[] = {
	&tw_ruleset_littlewars,
	&tw_ruleset_grant,
	&tw_ruleset_rattle,
	&tw_ruleset_svl,
	&tw_ruleset_lloyd,
};

void tw_register_builtin(void)
{
	tw_register_rulesets(builtin_rulesets, (int)TW_ARRAY_COUNT(builtin_rulesets));
	tw_register_shot_model(tw_shot_model_physics());
}
