// tinwar-toy: the tinwar command with the built-in rule sets and the core's test rule set "toy",
// so that the tests can drive the toy through the real command line.
#include "cli.h"
#include "toy.h"

extern const tw_ruleset tw_ruleset_littlewars, tw_ruleset_grant;

int main(int argc, char **argv)
{
	static const tw_ruleset *const list[] = {&tw_ruleset_littlewars, &tw_ruleset_grant, &tw_ruleset_toy};
	tw_register_builtin(); // the shot models
	tw_register_rulesets(list, (int)TW_ARRAY_COUNT(list));
	return cli_main(argc, argv);
}
