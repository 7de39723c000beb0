// A fresh state for a rule set's table generator: the set-up every generated table shares (a
// rule set, its defaults, the seed, two sides facing each other across the table).
#include <stdio.h>
#include <string.h>

#include "tinwar/tinwar.h"

tw_status tw_state_new_generated(tw_state *s, const char *ruleset, uint64_t seed, const char *name, double width,
				 double depth, tw_error *err)
{
	int rs = tw_ruleset_find(ruleset);
	if (rs < 0)
		return tw_error_set(err, TW_ERR_STATE, "", "the %s rule set is not registered", ruleset);
	memset(s, 0, sizeof *s);
	if (tw_state_set_ruleset(s, rs) != TW_OK)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	tw_ruleset_defaults(tw_ruleset_get(rs), s);
	s->seed = seed;
	tw_rng_seed(&s->rng, seed);
	snprintf(s->scenario, sizeof s->scenario, "%s-%016llx", name, (unsigned long long)seed);
	s->table.width = width;
	s->table.depth = depth;
	s->nsides = 2;
	snprintf(s->sides[0].name, sizeof s->sides[0].name, "red");
	s->sides[0].back_y = 0;
	s->sides[0].forward = 1;
	snprintf(s->sides[1].name, sizeof s->sides[1].name, "blue");
	s->sides[1].back_y = depth;
	s->sides[1].forward = -1;
	s->winner = -1;
	s->mover = 0;
	return TW_OK;
}
