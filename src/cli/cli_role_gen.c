// h6-seats: a computer general for one role of a side the person plays at the terminal
// (`tinwar play FILE --role baron/sheriff=ll-three`): bound to its role (tw_general_bind_role), it
// gives its orders when its side is asked, before the person, until it ends its part; then the
// person orders his own role's men and his `end` ends the side's move (every part has ended), as
// tw_play_out_seats and the server's role seats (src/server/role_seats.c) do.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_role_gen.h"

int cli_role_gens_parse(cli_role_gens *rg, int argc, char **argv, const tw_game *game, uint64_t seed)
{
	memset(rg, 0, sizeof *rg);
	const tw_state *s = tw_game_state(game);
	tw_role_def r[TW_MAX_ROLES];
	int nr = tw_state_roles(s, r, TW_MAX_ROLES);
	for (int i = 1; i + 1 < argc; i++) {
		if (strcmp(argv[i], "--role") != 0)
			continue;
		const char *a = argv[i + 1], *slash = strchr(a, '/'), *eq = strchr(a, '=');
		int role = -1;
		for (int k = 0; slash && eq && eq > slash && k < nr && role < 0; k++) {
			const char *sn = s->sides[r[k].side].name;
			if (strlen(sn) == (size_t)(slash - a) && !strncmp(sn, a, (size_t)(slash - a)) &&
			    strlen(r[k].name) == (size_t)(eq - slash - 1) && !strncmp(r[k].name, slash + 1, (size_t)(eq - slash - 1)))
				role = k;
		}
		if (role < 0 || r[role].kind != TW_ROLE_PLAYER || role >= 32) {
			fprintf(stderr, "tinwar play: --role wants SIDE/ROLE=GENERAL with a player's role of the scenario, not '%s'\n", a);
			return CLI_BAD;
		}
		tw_general *g = tw_general_new(eq + 1, tw_game_ruleset(game), r[role].side, seed ^ (UINT64_C(0x9e3779b97f4a7c15) * (uint64_t)(role + 1)));
		tw_error err;
		tw_error_clear(&err);
		if (!g || tw_general_bind_role(g, s, role, &err) != TW_OK) {
			fprintf(stderr, "tinwar play: --role %s: unknown general '%s'\n", a, eq + 1);
			tw_general_free(g);
			return CLI_BAD;
		}
		tw_general_free(rg->g[role]);
		rg->n += rg->g[role] == NULL;
		rg->g[role] = g;
	}
	return 0;
}

bool cli_role_gens_holds(const cli_role_gens *rg, int role)
{
	return role >= 0 && role < TW_MAX_ROLES && rg->g[role];
}

int cli_role_gens_step(cli_role_gens *rg, tw_game *game, int side, tw_order *o, int *first, int *count)
{
	if (!rg->n || side < 0 || side >= TW_MAX_SIDES)
		return 0;
	const tw_state *s = tw_game_state(game);
	int64_t key = ((int64_t)s->move_no * 4096 + (s->phase & 1023)) * 64 + side;
	if (rg->key[side] != key) {
		rg->key[side] = key;
		rg->ended[side] = 0;
	}
	tw_role_def r[TW_MAX_ROLES];
	int nr = tw_state_roles(s, r, TW_MAX_ROLES);
	int role = -1;
	for (int k = 0; k < nr && k < 32 && role < 0; k++)
		if (rg->g[k] && r[k].side == side && !(rg->ended[side] & (UINT32_C(1) << k)))
			role = k;
	if (role < 0)
		return 0;
	*first = *count = 0;
	int end = tw_order_type_with(tw_game_ruleset(game), TW_OD_ENDS_TURN);
	tw_error err;
	tw_error_clear(&err);
	bool ends = tw_general_decide(rg->g[role], s, o) != TW_OK || o->type == end ||
		    tw_role_may(s, &r[role], o, &err) != TW_OK;
	if (ends || tw_game_apply(game, o, first, count, &err) != TW_OK) {
		rg->ended[side] |= UINT32_C(1) << role; // its part of the move ends; the person's goes on
		*count = 0;
	}
	return 1;
}

int cli_role_gens_person(const cli_role_gens *rg, const tw_state *s, int side, int current)
{
	tw_role_def r[TW_MAX_ROLES];
	int nr = tw_state_roles(s, r, TW_MAX_ROLES), mine = -1;
	bool computer = false;
	for (int k = 0; k < nr; k++) {
		if (r[k].side != side)
			continue;
		computer |= rg->g[k] != NULL;
		if (mine < 0 && !rg->g[k] && r[k].kind != TW_ROLE_OFFICIAL)
			mine = k;
	}
	if (!computer || (current >= 0 && !rg->g[current]) || mine < 0)
		return current;
	return mine;
}

bool cli_role_gens_refuse_as(const cli_role_gens *rg, const tw_state *s, int side, int role, int current)
{
	if (!cli_role_gens_holds(rg, role))
		return false;
	tw_role_def r[TW_MAX_ROLES];
	int nr = tw_state_roles(s, r, TW_MAX_ROLES);
	if (role >= nr)
		return false;
	int mine = cli_role_gens_person(rg, s, side, current);
	printf("  refused: the %s %s's seat is played by the computer (general %s, --role %s/%s); "
	       "orders for his men are its, not yours",
	       s->sides[side].name, r[role].name, rg->g[role]->def->name, s->sides[side].name, r[role].name);
	if (mine >= 0 && mine < nr)
		printf(" (you type for the %s %s)", s->sides[side].name, r[mine].name);
	printf("\n");
	return true;
}

void cli_role_gens_free(cli_role_gens *rg)
{
	for (int i = 0; i < TW_MAX_ROLES; i++) {
		tw_general_free(rg->g[i]);
		rg->g[i] = NULL;
	}
}
