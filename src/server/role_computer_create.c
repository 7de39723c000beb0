// Issue 16: a computer seat for one player role of a side, named when the game is created:
// POST /api/games' "computer" takes a "SIDE/ROLE" key beside the sides' own
// ({"baron/sheriff": "ll-three"}; the terminal's `--role SIDE/ROLE=GENERAL`). The general is
// bound to the role (tw_general_bind_role) as when the role's seat hands itself over
// (role_seats.c); an unknown side, role (or one that is not a player's) or general is an error
// located at its JSON path, `$.computer["baron/sheriff"]` (docs/server.md "The computer's seats
// within a side").
#include <stdlib.h>
#include <string.h>

#include "srv.h"

// The error's JSON path: the key's value in "computer" (every error here is TW_ERR_INPUT).
static tw_status at(tw_error *err, const char *key) { return srv_err_at(err, "$.computer", key); }

tw_status srv_role_computer_named(srv_room *r, const tw_state *st, const char *key, const json_t *v,
                                  tw_error *err)
{
	const char *slash = strchr(key, '/');
	char side_name[64];
	if (!slash || (size_t)(slash - key) >= sizeof side_name || strlen(key) > 96) {
		tw_error_set(err, TW_ERR_INPUT, "", "computer: a role's key is SIDE/ROLE, not '%.96s'", key);
		return at(err, key);
	}
	memcpy(side_name, key, (size_t)(slash - key));
	side_name[slash - key] = 0;
	int side = tw_state_side_index(st, side_name);
	if (side < 0) {
		tw_error_set(err, TW_ERR_INPUT, "", "computer[\"%s\"]: no side '%s'", key, side_name);
		return at(err, key);
	}
	tw_role_def roles[TW_MAX_ROLES];
	int nr = tw_state_roles(st, roles, TW_MAX_ROLES), role = -1;
	char names[160] = "";
	for (int k = 0; k < nr; k++) {
		if (roles[k].side != side || roles[k].kind != TW_ROLE_PLAYER || k >= 32)
			continue;
		if (strcmp(roles[k].name, slash + 1) == 0)
			role = k;
		size_t n = strlen(names);
		snprintf(names + n, sizeof names - n, "%s%s", n ? ", " : "", roles[k].name);
	}
	if (role < 0) {
		tw_error_set(err, TW_ERR_INPUT, "", "computer[\"%s\"]: %s has no player's role '%s' (%s%s)",
		             key, side_name, slash + 1, names[0] ? "its players' roles: " : "it has no roles",
		             names);
		return at(err, key);
	}
	if (json_is_null(v) || json_is_false(v))
		return TW_OK; // a person's
	if (!json_is_string(v) && !json_is_true(v)) {
		tw_error_set(err, TW_ERR_INPUT, "",
		             "computer[\"%s\"]: a general's name, true (the rule set's first) or null", key);
		return at(err, key);
	}
	const tw_ruleset *rs = tw_ruleset_get(st->ruleset);
	const char *name = json_is_string(v) ? json_string_value(v) : "";
	if (!*name)
		name = rs && rs->ngenerals > 0 ? rs->generals[0]->name : "random";
	tw_general *g = strlen(name) < sizeof r->role_computer[0] && !strstr(name, ".lua") && rs
	                    ? tw_general_new(name, rs, side, 1)
	                    : NULL;
	tw_error e;
	tw_error_clear(&e);
	tw_status b = g ? tw_general_bind_role(g, st, role, &e) : TW_ERR_INPUT;
	tw_general_free(g);
	if (b != TW_OK) {
		tw_error_set(err, TW_ERR_INPUT, "", "computer[\"%s\"]: unknown general '%s'", key, name);
		return at(err, key);
	}
	snprintf(r->role_computer[role], sizeof r->role_computer[role], "%s", name);
	return TW_OK;
}
