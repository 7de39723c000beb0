// Named groups of men at the terminal (issue 19): `group NAME 3 4 5` (or `group NAME = 3-5`,
// `group NAME unit 2 7`), then `move NAME 20,10` or `move group NAME 20,10` as with a unit. A
// group is the terminal's, not the game's: it names figure ids of one side, and an order takes
// its men that are still active. Redefining a name replaces the group.
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

void cli_groups_free(cli_groups *gs)
{
	for (int k = 0; k < gs->n; k++)
		free(gs->g[k].ids);
	memset(gs, 0, sizeof *gs);
}

int cli_group_find(const cli_groups *gs, const char *name)
{
	for (int k = 0; gs && k < gs->n; k++)
		if (strcasecmp(gs->g[k].name, name) == 0)
			return k;
	return -1;
}

// Words a group may not be called: the terminal's own, and every word of the rule set's orders
// (a name is read wherever figure ids are, so it must not be taken for a word of the order).
static bool reserved(const tw_state *s, const char *name)
{
	static const char *const own[] = {"unit", "group", "men", "gun", "all", "auto", "help", "quit", "exit",
					  "board", "list", "measure", "los", "score", "time", "undo", "save",
					  "deploy", "info", "game"};
	for (size_t k = 0; k < sizeof own / sizeof own[0]; k++)
		if (strcasecmp(own[k], name) == 0)
			return true;
	for (int i = 0; i < s->nsides; i++)
		if (strcasecmp(s->sides[i].name, name) == 0)
			return true;
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	for (int t = 0; rs && t < rs->norders; t++) {
		const char *u = rs->orders[t].usage;
		for (const char *p = u; p && *p;) {
			p += strspn(p, " |[]");
			size_t len = strcspn(p, " |[]");
			if (len && *p != '{' && strlen(name) == len && strncasecmp(p, name, len) == 0)
				return true;
			p += len;
		}
		for (int i = 0; i < rs->orders[t].nfields; i++) {
			const char *const *ch = rs->orders[t].fields[i].choices;
			for (int k = 0; ch && ch[k]; k++)
				if (strcasecmp(ch[k], name) == 0)
					return true;
		}
	}
	return false;
}

static void print_ids(const int32_t *ids, int n)
{
	for (int k = 0; k < n;) {
		int j = k;
		while (j + 1 < n && ids[j + 1] == ids[j] + 1)
			j++;
		printf("%s%d", k ? "," : "", (int)ids[k]);
		if (j > k)
			printf("-%d", (int)ids[j]);
		k = j + 1;
	}
}

static void show(const cli_group *g, const tw_state *s)
{
	int active = 0;
	for (int k = 0; k < g->n; k++) {
		const tw_figure *f = tw_state_figure_c(s, g->ids[k]);
		active += f && f->status == TW_FS_ACTIVE;
	}
	printf("  group %s (%s): %d men (%d active): ", g->name, s->sides[g->side].name, g->n, active);
	print_ids(g->ids, g->n);
	printf("\n");
}

void cli_groups_list(const cli_groups *gs, const tw_state *s, int side)
{
	for (int k = 0; gs && k < gs->n; k++)
		if (side < 0 || gs->g[k].side == side)
			show(&gs->g[k], s);
}

static int cmp_id(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
	return (x > y) - (x < y);
}

bool cli_group_command(cli_groups *gs, const tw_state *s, int side, int argc, char **argv)
{
	if (argc == 1) {
		if (gs->n == 0)
			printf("  no groups yet: 'group NAME IDS' makes one (ids, ranges, unit N)\n");
		cli_groups_list(gs, s, -1);
		return true;
	}
	const char *name = argv[1];
	int g = cli_group_find(gs, name);
	if (argc == 2) {
		if (g < 0) {
			printf("  group: no group '%s' ('group NAME IDS' makes one)\n", name);
			return false;
		}
		show(&gs->g[g], s);
		return true;
	}
	size_t len = strlen(name);
	bool ok = len > 0 && len < CLI_GROUP_NAME && isalpha((unsigned char)name[0]);
	for (size_t i = 0; ok && i < len; i++)
		ok = isalnum((unsigned char)name[i]) || name[i] == '_' || name[i] == '-';
	if (!ok) {
		printf("  group: '%s' is not a name for a group (a letter, then letters, digits, _ or -; at most %d)\n",
		       name, CLI_GROUP_NAME - 1);
		return false;
	}
	if (reserved(s, name)) {
		printf("  group: '%s' is a word of the orders or a side; choose another name\n", name);
		return false;
	}
	int k = 2;
	if (k < argc && strcmp(argv[k], "=") == 0)
		k++;
	if (k >= argc) {
		printf("  group %s: expected figure ids (3 4 5, 3-7, unit N or another group)\n", name);
		return false;
	}
	int32_t *ids = malloc(TW_ORDER_MAX_FIG * sizeof *ids);
	if (!ids)
		return false;
	int n = 0;
	for (; k < argc; k++) {
		const char *w = argv[k];
		int n0 = n;
		if (strcmp(w, "unit") == 0) {
			int u = k + 1 < argc ? cli_find_unit(s, argv[k + 1]) : -1;
			if (u < 0) {
				printf("  group %s: no unit '%s' (%d units; 'list' names them)\n", name, k + 1 < argc ? argv[k + 1] : "",
				       s->nunit);
				free(ids);
				return false;
			}
			for (int i = 0; i < s->nfig && n < TW_ORDER_MAX_FIG; i++)
				if (cli_unit_member(s, &s->fig[i], u))
					ids[n++] = s->fig[i].id;
			k++;
		} else if (cli_group_find(gs, w) >= 0) {
			const cli_group *o = &gs->g[cli_group_find(gs, w)];
			for (int i = 0; i < o->n && n < TW_ORDER_MAX_FIG; i++)
				ids[n++] = o->ids[i];
		} else if (!cli_ids_token(w, ids, &n, TW_ORDER_MAX_FIG)) {
			printf("  group %s: expected figure ids, unit N or a group, not '%s'\n", name, w);
			free(ids);
			return false;
		}
		for (int i = n0; i < n; i++) {
			const tw_figure *f = tw_state_figure_c(s, ids[i]);
			if (!f || f->side != side) {
				if (!f)
					printf("  group %s: there is no figure %d\n", name, (int)ids[i]);
				else
					printf("  group %s: figure %d is not %s's\n", name, (int)ids[i],
					       side >= 0 && side < s->nsides ? s->sides[side].name : "yours");
				free(ids);
				return false;
			}
		}
	}
	qsort(ids, (size_t)n, sizeof *ids, cmp_id);
	int m = 0;
	for (int i = 0; i < n; i++)
		if (m == 0 || ids[m - 1] != ids[i])
			ids[m++] = ids[i];
	if (g < 0) {
		if (gs->n >= CLI_MAX_GROUPS) {
			printf("  group: at most %d groups; redefine one\n", CLI_MAX_GROUPS);
			free(ids);
			return false;
		}
		g = gs->n++;
	} else {
		free(gs->g[g].ids);
	}
	cli_group *gr = &gs->g[g];
	snprintf(gr->name, sizeof gr->name, "%s", name);
	gr->side = side;
	gr->n = m;
	gr->ids = ids;
	show(gr, s);
	return true;
}
