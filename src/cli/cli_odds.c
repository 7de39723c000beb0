// tinwar odds grant ...: exact odds for Grant's volleys, melee pairings and morale tests
// (public API only: tinwar/grant.h).
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tinwar/grant.h"

int cli_odds(int argc, char **argv);

static const char *const ODDS_OPTS[] = {"--firers", "--range", "--a", "--na", "--b", "--nb", "--bonus-a", "--bonus-b",
					"--command", "--loss", "--need", "--troop", "--lost", "--orig", NULL};

static void usage(FILE *out)
{
	fprintf(out, "usage: tinwar odds grant volley --firers N --range IN [--cover] [--first] [--grenadiers]\n"
		     "       tinwar odds grant melee --a inf|cav --na N --b inf|cav --nb N [--bonus-a N] [--bonus-b N]\n"
		     "       tinwar odds grant morale (--command N --loss N | --troop T --command N --lost N --orig N) "
		     "[--need N]\n");
}

static bool get_int(int argc, char **argv, const char *name, int lo, int hi, int def, int *out)
{
	const char *v = cli_opt(argc, argv, name);
	if (!v) {
		*out = def;
		return def >= lo;
	}
	char *end = NULL;
	long x = strtol(v, &end, 10);
	if (!end || *end || x < lo || x > hi) {
		fprintf(stderr, "tinwar odds: %s must be an integer in %d..%d\n", name, lo, hi);
		return false;
	}
	*out = (int)x;
	return true;
}

static void frac(FILE *out, double p, double den)
{
	double num = p * den;
	if (den <= 9007199254740992.0 && fabs(num - round(num)) < 1e-6) {
		long long n = llround(num), d = llround(den);
		long long a = n, b = d;
		while (b) {
			long long t = a % b;
			a = b;
			b = t;
		}
		if (a > 1) {
			n /= a;
			d /= a;
		}
		fprintf(out, "%lld/%lld (%.6f)", n, d, p);
	} else {
		fprintf(out, "%.12g", p);
	}
}

static int volley(int argc, char **argv)
{
	int firers;
	if (!get_int(argc, argv, "--firers", 0, 1000, -1, &firers))
		return CLI_BAD;
	const char *r = cli_opt(argc, argv, "--range");
	double range = r ? strtod(r, NULL) : -1;
	if (!r || !(range >= 0) || !isfinite(range)) {
		fprintf(stderr, "tinwar odds: --range IN is required (inches, >= 0)\n");
		return CLI_BAD;
	}
	bool cover = cli_flag(argc, argv, "--cover"), first = cli_flag(argc, argv, "--first");
	int group = cli_flag(argc, argv, "--grenadiers") ? 4 : 6;
	int ded = tw_grant_musk_deduction(range, cover, first);
	if (ded < 0) {
		printf("out of range (GR.RANGE.1: 18 in)\n");
		return CLI_OK;
	}
	int max = 5 * tw_grant_musk_dice(firers, group) + 1;
	double *dist = calloc((size_t)max + 1, sizeof *dist);
	if (!dist)
		return CLI_FAIL;
	int nd = tw_grant_volley_odds(firers, group, range, cover, first, dist, max);
	double den = pow(6, nd), mean = 0;
	printf("volley (GR.MUSK): %d firers in groups of %d throw %d dice, %d off each die\n", firers, group, nd, ded);
	for (int k = 0; k <= max; k++) {
		if (dist[k] <= 0)
			continue;
		mean += k * dist[k];
		printf("  P(%d hits) = ", k);
		frac(stdout, dist[k], den);
		printf("\n");
	}
	printf("expected hits: %.6f\n", mean);
	free(dist);
	return CLI_OK;
}

static int melee(int argc, char **argv)
{
	const char *a = cli_opt(argc, argv, "--a"), *b = cli_opt(argc, argv, "--b");
	int na, nb, ba, bb;
	if (!a || !b || (strcmp(a, "inf") && strcmp(a, "cav")) || (strcmp(b, "inf") && strcmp(b, "cav"))) {
		fprintf(stderr, "tinwar odds: --a and --b must be inf or cav\n");
		return CLI_BAD;
	}
	if (!get_int(argc, argv, "--na", 1, 3, 1, &na) || !get_int(argc, argv, "--nb", 1, 3, 1, &nb) ||
	    !get_int(argc, argv, "--bonus-a", -20, 20, 0, &ba) || !get_int(argc, argv, "--bonus-b", -20, 20, 0, &bb))
		return CLI_BAD;
	double w, t, l;
	if (!tw_grant_melee_odds(strcmp(a, "cav") == 0, na, strcmp(b, "cav") == 0, nb, ba, bb, &w, &t, &l)) {
		fprintf(stderr, "tinwar odds: %d %s v %d %s is not a legal pairing (GR.MELEE.6)\n", na, a, nb, b);
		return CLI_BAD;
	}
	printf("melee (GR.MELEE.3): %d %s v %d %s, bonuses %+d / %+d\n  A wins: ", na, a, nb, b, ba, bb);
	frac(stdout, w, 36);
	printf("\n  tie:    ");
	frac(stdout, t, 36);
	printf("\n  B wins: ");
	frac(stdout, l, 36);
	printf("\n");
	return CLI_OK;
}

static int morale(int argc, char **argv)
{
	int cp, loss, need, lost, orig;
	if (!get_int(argc, argv, "--command", 0, 6, -1, &cp) || !get_int(argc, argv, "--need", 6, 10, 6, &need))
		return CLI_BAD;
	const char *troop = cli_opt(argc, argv, "--troop");
	if (troop) {
		int t = tw_grant_troop_from_name(troop);
		if (t < 0 || !get_int(argc, argv, "--lost", 0, 1000, -1, &lost) || !get_int(argc, argv, "--orig", 1, 1000, -1, &orig)) {
			fprintf(stderr, "tinwar odds: --troop T needs --lost N and --orig N\n");
			return CLI_BAD;
		}
		loss = tw_grant_loss_points(t, lost, orig);
		if (loss > 2) {
			printf("the 50%% rule applies (GR.MORALE.8): no test\n");
			return CLI_OK;
		}
	} else if (!get_int(argc, argv, "--loss", 0, 2, -1, &loss)) {
		return CLI_BAD;
	}
	printf("morale (GR.MORALE.4): %d command - %d loss + d6 >= %d: ", cp, loss, need);
	frac(stdout, tw_grant_morale_odds(cp, loss, need), 6);
	printf("\n");
	return CLI_OK;
}

int cli_odds(int argc, char **argv)
{
	const char *rs = cli_pos(argc, argv, 0, ODDS_OPTS), *what = cli_pos(argc, argv, 1, ODDS_OPTS);
	if (cli_wants_help(argc, argv)) {
		usage(stdout);
		return CLI_OK;
	}
	if (!rs || strcmp(rs, "grant") != 0 || !what) {
		usage(stderr);
		return CLI_BAD;
	}
	if (strcmp(what, "volley") == 0)
		return volley(argc, argv);
	if (strcmp(what, "melee") == 0)
		return melee(argc, argv);
	if (strcmp(what, "morale") == 0)
		return morale(argc, argv);
	usage(stderr);
	return CLI_BAD;
}
