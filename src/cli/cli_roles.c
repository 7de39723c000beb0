// The terminal's seats within a side (KS.GEN.1/2, LW.BIG.12): `tinwar play` with the rule set's
// roles (tw_state_roles; Little Wars's `seats` = per_arm): each human side's prompt names the role
// typing ("red general>"); `roles` lists the side's roles and `as ROLE` passes the keyboard to
// another (hot seat: the players take turns at one terminal); each order is put to the role
// first (tw_role_may): an arm's player orders only his arm, the official none (KS.GEN.2).
// And `--param NAME=VALUE`, which sets a rule-set parameter of the scenario before play.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_apply_params(int argc, char **argv, tw_state *s)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	for (int i = 1; i + 1 < argc; i++) {
		if (strcmp(argv[i], "--param") != 0)
			continue;
		const char *arg = argv[++i], *eq = strchr(arg, '=');
		int k = -1;
		for (int p = 0; eq && rs && p < rs->nparams; p++)
			if (strlen(rs->params[p].name) == (size_t)(eq - arg) && strncmp(rs->params[p].name, arg, (size_t)(eq - arg)) == 0)
				k = p;
		if (k < 0) {
			fprintf(stderr, "tinwar play: --param wants NAME=VALUE with a parameter of %s, not '%s'\n",
				rs ? rs->name : "the rule set", arg);
			return CLI_BAD;
		}
		const tw_param_def *d = &rs->params[k];
		double v = NAN;
		for (int c = 0; d->choices && d->choices[c]; c++)
			if (strcmp(d->choices[c], eq + 1) == 0)
				v = c;
		char *end = NULL;
		if (isnan(v)) {
			v = strtod(eq + 1, &end);
			if (!end || end == eq + 1 || *end)
				v = NAN;
		}
		if (!(v >= d->min && v <= d->max)) {
			fprintf(stderr, "tinwar play: --param %s: '%s' is not a value of it (%g to %g%s)\n", d->name, eq + 1, d->min,
				d->max, d->choices ? ", or a choice by name" : "");
			return CLI_BAD;
		}
		s->params[k] = v;
	}
	return 0;
}

int cli_role_pick(const tw_state *s, int side, const char *name)
{
	tw_role_def r[TW_MAX_ROLES];
	int n = tw_state_roles(s, r, TW_MAX_ROLES);
	for (int k = 0; k < n; k++)
		if (r[k].side == side && (name ? strcmp(r[k].name, name) == 0 : r[k].kind == TW_ROLE_CHIEF))
			return k;
	return -1;
}

bool cli_role_name(const tw_state *s, int role, char *buf, size_t size)
{
	tw_role_def r[TW_MAX_ROLES];
	int n = tw_state_roles(s, r, TW_MAX_ROLES);
	if (role < 0 || role >= n)
		return false;
	snprintf(buf, size, "%s", r[role].name);
	return true;
}

void cli_roles_list(const tw_state *s, int side, int current)
{
	tw_role_def r[TW_MAX_ROLES];
	int n = tw_state_roles(s, r, TW_MAX_ROLES);
	if (n == 0) {
		printf("  one player a side: no roles within it\n");
		return;
	}
	for (int k = 0; k < n; k++)
		if (r[k].side == side)
			printf("  %s %-12s [%s] %s\n", k == current ? "*" : " ", r[k].name, r[k].clause, r[k].help);
	printf("  ('as ROLE' passes the keyboard to another)\n");
}

tw_status cli_role_view(tw_state *view, const tw_state *s, int seat, int role, bool *official)
{
	tw_role_def r[TW_MAX_ROLES];
	int n = tw_state_roles(s, r, TW_MAX_ROLES);
	bool off = role >= 0 && role < n && r[role].side == seat && r[role].kind == TW_ROLE_OFFICIAL;
	if (official)
		*official = off;
	return off ? tw_state_view_role(view, s, &r[role]) : tw_state_view(view, s, seat);
}

bool cli_role_refuses(const tw_state *s, int role, const tw_order *o)
{
	tw_role_def r[TW_MAX_ROLES];
	int n = tw_state_roles(s, r, TW_MAX_ROLES);
	if (role < 0 || role >= n)
		return false;
	tw_error err;
	tw_error_clear(&err);
	if (tw_role_may(s, &r[role], o, &err) == TW_OK)
		return false;
	printf("  refused: the %s %s may not: %s\n", s->sides[r[role].side].name, r[role].name, err.message);
	if (err.clause[0])
		printf("  (rule %s)\n", err.clause);
	return true;
}
