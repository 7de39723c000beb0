// tinwar range: the test range of Science versus Luck's evaluation phase (SV.DOC.6-9),
// fired with the physics model. Paper screens stand at the --at distances; for each of
// those distances as the set range, N rounds are fired and the hit pattern reported.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tinwar/physics.h"

int cli_range(int argc, char **argv);

#define RANGE_USAGE                                                                                              \
	"tinwar range GUN_MODEL [--shots N] [--at 12,24,36] [--seed N] [--range-factor K] [--aim-sigma DEG] [--json]"

static const char *const RANGE_OPTS[] = {"--shots", "--at", "--seed", "--range-factor", "--aim-sigma", "--db", "--series", "--team", NULL};

typedef struct range_row {
	double set;     // set range, inches
	int rounds, misfires, counted;
	double sum_ratio, sum_ratio2; // D1 / R over grazing rounds with e < 45
	double sum_lat12, sum_lat12_2; // lateral offset per 12 in of D1
	int holed[TW_RANGE_MAX_SCREENS];
	double elevation;
} range_row;

static int parse_list(const char *s, double *v, int max)
{
	int n = 0;
	while (s && *s) {
		char *end;
		double x = strtod(s, &end);
		if (end == s || !(x > 0) || !isfinite(x) || n == max)
			return -1;
		v[n++] = x;
		s = end;
		if (*s == ',')
			s++;
		else if (*s)
			return -1;
	}
	return n;
}

static double sd(double sum, double sum2, int n)
{
	if (n < 2)
		return 0;
	double m = sum / n, var = (sum2 - n * m * m) / (n - 1);
	return var > 0 ? sqrt(var) : 0;
}

static void list_models(FILE *out)
{
	fprintf(out, "gun models:");
	for (int i = 0; i < tw_gun_model_count(); i++)
		fprintf(out, " %s", tw_gun_model_get(i)->code);
	fprintf(out, "\n");
}

int cli_range(int argc, char **argv)
{
	if (cli_opt(argc, argv, "--db")) // a Science versus Luck team's record in a series
		return cli_svl_range_record(argc, argv);
	const char *code = cli_pos(argc, argv, 0, RANGE_OPTS);
	if (!code) {
		fprintf(stderr, "usage: %s\n", RANGE_USAGE);
		list_models(stderr);
		return CLI_BAD;
	}
	int gm_idx = tw_gun_model_find(code);
	if (gm_idx < 0) {
		fprintf(stderr, "tinwar range: no gun model '%s'\n", code);
		list_models(stderr);
		return CLI_BAD;
	}
	const tw_gun_model *gm = tw_gun_model_get(gm_idx);
	uint64_t shots = 30, seed = 1;
	const char *o;
	if ((o = cli_opt(argc, argv, "--shots")) && (!cli_parse_u64(o, &shots) || shots < 1 || shots > 100000)) {
		fprintf(stderr, "tinwar range: --shots wants a number from 1 to 100000\n");
		return CLI_BAD;
	}
	if ((o = cli_opt(argc, argv, "--seed")) && !cli_parse_u64(o, &seed)) {
		fprintf(stderr, "tinwar range: --seed wants a number\n");
		return CLI_BAD;
	}
	double k = 1.0, aim = 0.0;
	if ((o = cli_opt(argc, argv, "--range-factor")) && (!(k = strtod(o, NULL), k > 0) || !isfinite(k))) {
		fprintf(stderr, "tinwar range: --range-factor wants a positive number\n");
		return CLI_BAD;
	}
	if ((o = cli_opt(argc, argv, "--aim-sigma")) && (!(aim = strtod(o, NULL), aim >= 0) || !isfinite(aim))) {
		fprintf(stderr, "tinwar range: --aim-sigma wants degrees >= 0\n");
		return CLI_BAD;
	}
	double at[TW_RANGE_MAX_SCREENS] = {12, 24, 36, 48, 60, 72}; // SV.DOC.6
	int nat = 6;
	if ((o = cli_opt(argc, argv, "--at")) && (nat = parse_list(o, at, TW_RANGE_MAX_SCREENS)) < 1) {
		fprintf(stderr, "tinwar range: --at wants distances in inches, e.g. 12,24,36 (at most %d)\n",
			TW_RANGE_MAX_SCREENS);
		return CLI_BAD;
	}
	bool json = cli_flag(argc, argv, "--json");

	range_row rows[TW_RANGE_MAX_SCREENS];
	memset(rows, 0, sizeof rows);
	tw_rng rng;
	tw_rng_seed(&rng, seed);
	int total = 0, misfires = 0;
	double all_ratio = 0;
	int all_counted = 0;
	for (int i = 0; i < nat; i++) {
		range_row *w = &rows[i];
		w->set = at[i];
		for (uint64_t n = 0; n < shots; n++) {
			tw_range_shot r;
			if (tw_range_fire(gm_idx, at[i], k, aim, at, nat, &rng, &r) != TW_OK) {
				fprintf(stderr, "tinwar range: the shot failed\n");
				return CLI_FAIL;
			}
			w->elevation = r.elevation;
			w->rounds++;
			total++;
			if (r.misfire) {
				w->misfires++;
				misfires++;
				continue;
			}
			for (int s = 0; s < nat; s++)
				if (r.screens & (1u << s))
					w->holed[s]++;
			if (r.grazed && r.elevation < 45 && r.d1 > 0) {
				double ratio = r.d1 / at[i], lat = r.lateral * 12.0 / r.d1;
				w->counted++;
				w->sum_ratio += ratio;
				w->sum_ratio2 += ratio * ratio;
				w->sum_lat12 += lat;
				w->sum_lat12_2 += lat * lat;
				all_ratio += ratio;
				all_counted++;
			}
		}
	}
	double mean_all = all_counted ? all_ratio / all_counted : NAN;
	double k_new = k * mean_all; // SV.DOC.9
	if (json) {
		printf("{\"gun\":\"%s\",\"name\":\"%s\",\"shots_per_range\":%llu,\"seed\":%llu,\"range_factor\":%.4f,"
		       "\"aim_sigma\":%.4f,\"screens\":[",
		       gm->code, gm->name, (unsigned long long)shots, (unsigned long long)seed, k, aim);
		for (int s = 0; s < nat; s++)
			printf("%s%.2f", s ? "," : "", at[s]);
		printf("],\"rounds\":%d,\"misfires\":%d,\"rows\":[", total, misfires);
		for (int i = 0; i < nat; i++) {
			const range_row *w = &rows[i];
			printf("%s{\"set_range\":%.2f,\"elevation\":%.3f,\"rounds\":%d,\"misfires\":%d,\"grazed\":%d,", i ? "," : "",
			       w->set, w->elevation, w->rounds, w->misfires, w->counted);
			if (w->counted)
				printf("\"d1_ratio_mean\":%.4f,\"d1_ratio_sd\":%.4f,\"lateral_sd_per_12\":%.4f,",
				       w->sum_ratio / w->counted, sd(w->sum_ratio, w->sum_ratio2, w->counted),
				       sd(w->sum_lat12, w->sum_lat12_2, w->counted));
			printf("\"screen_share\":[");
			for (int s = 0; s < nat; s++)
				printf("%s%.4f", s ? "," : "", w->rounds ? (double)w->holed[s] / w->rounds : 0.0);
			printf("]}");
		}
		printf("],");
		if (all_counted)
			printf("\"suggested_range_factor\":%.4f", k_new);
		else
			printf("\"suggested_range_factor\":null");
		printf("}\n");
		return CLI_OK;
	}
	printf("Test range (SV.DOC.6-9), physics model: %s %s\n", gm->code, gm->name);
	printf("%llu rounds per set range, seed %llu, range factor %.3f, gunner's aim error %.3f deg\n",
	       (unsigned long long)shots, (unsigned long long)seed, k, aim);
	printf("%d rounds, %d misfires (%.1f%%)\n\n", total, misfires, total ? 100.0 * misfires / total : 0.0);
	printf("%8s %7s %6s %9s %9s %10s   screens holed at", "set R", "elev", "misf", "D1/R", "sd D1/R", "lat sd/12\"");
	printf("\n%8s %7s %6s %9s %9s %10s  ", "", "", "", "", "", "");
	for (int s = 0; s < nat; s++)
		printf(" %6.0f\"", at[s]);
	printf("\n");
	for (int i = 0; i < nat; i++) {
		const range_row *w = &rows[i];
		printf("%7.0f\" %6.2f° %6d ", w->set, w->elevation, w->misfires);
		if (w->counted)
			printf("%9.3f %9.3f %9.3f\"  ", w->sum_ratio / w->counted, sd(w->sum_ratio, w->sum_ratio2, w->counted),
			       sd(w->sum_lat12, w->sum_lat12_2, w->counted));
		else
			printf("%9s %9s %10s  ", "-", "-", "-");
		for (int s = 0; s < nat; s++)
			printf(" %6.0f%%", w->rounds ? 100.0 * w->holed[s] / w->rounds : 0.0);
		printf("\n");
	}
	if (all_counted)
		printf("\nsuggested range factor (SV.DOC.9): %.3f\n", k_new);
	return CLI_OK;
}
