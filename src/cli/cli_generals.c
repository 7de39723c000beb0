// The generals of a command's sides, from --general SIDE=D (once a side, any number of sides)
// and --red D / --blue D (the sides so named, or the first and the second side): shared by
// tinwar sim and tinwar campaign.
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char *opt_at(int argc, char **argv, int i, const char *name, int *skip)
{
	size_t n = strlen(name);
	*skip = 0;
	if (strcmp(argv[i], name) == 0) {
		*skip = 1;
		return i + 1 < argc ? argv[i + 1] : "";
	}
	if (strncmp(argv[i], name, n) == 0 && argv[i][n] == '=')
		return argv[i] + n + 1;
	return NULL;
}

static int side_named(const tw_state *sc, const char *name, size_t len)
{
	for (int k = 0; k < sc->nsides; k++)
		if (strlen(sc->sides[k].name) == len && strncmp(sc->sides[k].name, name, len) == 0)
			return k;
	return -1;
}

static void list_sides(const tw_state *sc)
{
	for (int k = 0; k < sc->nsides; k++)
		fprintf(stderr, "%s%s", k ? ", " : "", sc->sides[k].name);
}

// The generals by side: --general SIDE=D once a side; --red D and --blue D for the sides so
// named, or (a scenario without such a side) the first and the second side, as always.
bool cli_parse_generals(const char *cmd, int argc, char **argv, const char *const *val_opts, const tw_state *sc,
			const char *general[TW_MAX_SIDES])
{
	bool given[TW_MAX_SIDES] = {false};
	for (int i = 1; i < argc; i++) {
		int skip = 0, k = -1;
		const char *v, *d = NULL;
		if ((v = opt_at(argc, argv, i, "--general", &skip))) {
			const char *eq = strchr(v, '=');
			if (!eq || eq == v || !eq[1]) {
				fprintf(stderr, "tinwar %s: --general wants SIDE=D, not '%s'\n", cmd, v);
				return false;
			}
			k = side_named(sc, v, (size_t)(eq - v));
			if (k < 0) {
				fprintf(stderr, "tinwar %s: --general %s: the scenario has no side '%.*s' (its sides: ", cmd, v,
					(int)(eq - v), v);
				list_sides(sc);
				fprintf(stderr, ")\n");
				return false;
			}
			d = eq + 1;
		} else if ((v = opt_at(argc, argv, i, "--red", &skip)) || (v = opt_at(argc, argv, i, "--blue", &skip))) {
			const char *name = strncmp(argv[i], "--red", 5) == 0 ? "red" : "blue";
			k = side_named(sc, name, strlen(name));
			if (k < 0)
				k = name[0] == 'r' ? 0 : 1;
			if (k >= sc->nsides) {
				fprintf(stderr, "tinwar %s: --%s: the scenario has %d side\n", cmd, name, sc->nsides);
				return false;
			}
			d = v;
		} else {
			for (int j = 0; val_opts[j]; j++)
				if (strcmp(argv[i], val_opts[j]) == 0)
					skip = 1;
			i += skip;
			continue;
		}
		if (!*d) {
			fprintf(stderr, "tinwar %s: %s needs a general\n", cmd, argv[i]);
			return false;
		}
		if (given[k]) {
			fprintf(stderr, "tinwar %s: side %s is given two generals\n", cmd, sc->sides[k].name);
			return false;
		}
		given[k] = true;
		general[k] = d;
		i += skip;
	}
	return true;
}
