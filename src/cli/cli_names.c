// Names that are not known: the valid ones listed, and a general that belongs to another rule
// set named with its rule set. Uses only the public API.
#include <string.h>

#include "cli.h"

void cli_list_rulesets(FILE *out)
{
	fprintf(out, "rule sets:");
	for (int i = 0; i < tw_ruleset_count(); i++)
		fprintf(out, "%s %s", i ? "," : "", tw_ruleset_get(i)->name);
}

void cli_list_generals(FILE *out, const char *name, const tw_ruleset *rs, bool play)
{
	// Whose is it? A general of another rule set says so.
	for (int i = 0; name && i < tw_ruleset_count(); i++) {
		const tw_ruleset *o = tw_ruleset_get(i);
		for (int k = 0; o != rs && k < o->ngenerals; k++)
			if (strcmp(o->generals[k]->name, name) == 0)
				fprintf(out, "'%s' is a general of rule set %s, not of %s; ", name, o->name, rs->name);
	}
	fprintf(out, "generals for %s:", rs->name);
	if (play)
		fprintf(out, " human, ai (= default),");
	fprintf(out, " default");
	for (int k = 0; k < rs->ngenerals; k++)
		fprintf(out, ", %s", rs->generals[k]->name);
	for (int k = 0; k < tw_general_count(); k++) {
		const tw_general_def *d = tw_general_get(k);
		if (!d->ruleset || strcmp(d->ruleset, rs->name) == 0)
			fprintf(out, ", %s", d->name);
	}
	fprintf(out, ", or a Lua doctrine FILE.lua");
}

void cli_list_params(FILE *out, const tw_ruleset *rs)
{
	fprintf(out, "parameters of %s:", rs->name);
	for (int k = 0; k < rs->nparams; k++)
		fprintf(out, "%s %s", k ? "," : "", rs->params[k].name);
	if (rs->nparams == 0)
		fprintf(out, " none");
}
