// tinwar sim SCENARIO --games N --manual FILE [--manual FILE ...] [--gun MODEL,MODEL ...]:
// Science versus Luck studies (sv-cite; include/tinwar/svl_study.h). Each manual file (its arm
// says its side) against each gun model, every cell the same number of games on the same seeds;
// each cell's win rates with Wilson 95% intervals, then per gun the manual that wins most often
// for the infantry and whether that is separated from the others at 95%.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tinwar/physics.h"
#include "tinwar/svl_study.h"

int cli_sim_study(int argc, char **argv);

enum { MAX_MAN = 16, MAX_GUN = 8 };

static const char *const VALS[] = {"--games", "--seed", "--jobs", "--shot-model", "--manual", "--gun", NULL};

int cli_sim_study(int argc, char **argv)
{
	const char *path = cli_pos(argc, argv, 0, VALS), *v;
	if (!path || !cli_opt(argc, argv, "--games")) {
		fprintf(stderr, "usage: tinwar sim SCENARIO --games N --manual FILE [--manual FILE ...] [--gun MODEL,...] "
				"[--seed S] [--jobs J] [--shot-model fast|physics]\n");
		return CLI_BAD;
	}
	tw_sim_config cfg;
	tw_sim_config_default(&cfg);
	cfg.games = atoi(cli_opt(argc, argv, "--games"));
	if (cfg.games < 1 || cfg.games > 1000000) {
		fprintf(stderr, "tinwar sim: --games must be 1-1000000\n");
		return CLI_BAD;
	}
	if ((v = cli_opt(argc, argv, "--seed")) && !cli_parse_u64(v, &cfg.seed)) {
		fprintf(stderr, "tinwar sim: bad --seed %s\n", v);
		return CLI_BAD;
	}
	if ((v = cli_opt(argc, argv, "--jobs")) && ((cfg.jobs = atoi(v)) < 1 || cfg.jobs > 256)) {
		fprintf(stderr, "tinwar sim: --jobs must be 1-256\n");
		return CLI_BAD;
	}
	if ((v = cli_opt(argc, argv, "--shot-model")) && !(cfg.shots = tw_shot_model_find(v))) {
		fprintf(stderr, "tinwar sim: no shot model %s\n", v);
		return CLI_BAD;
	}
	tw_sv_manual *man = calloc(MAX_MAN, sizeof *man);
	const char *names[MAX_MAN];
	int nman = 0, guns[MAX_GUN], ngun = 0, rc = CLI_OK;
	char gun_names[MAX_GUN][8];
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	for (int i = 1; i < argc && rc == CLI_OK; i++) {
		if (!strcmp(argv[i], "--manual") && i + 1 < argc) {
			const char *file = argv[++i];
			if (nman == MAX_MAN) {
				fprintf(stderr, "tinwar sim: at most %d manuals\n", MAX_MAN);
				rc = CLI_BAD;
				break;
			}
			tw_error err;
			tw_error_clear(&err);
			size_t len = 0;
			char *text = tw_read_file(file, &len, &err);
			if (!text) {
				fprintf(stderr, "tinwar sim: %s: %s\n", file, err.message);
				rc = CLI_BAD;
			} else if (tw_sv_manual_parse(text, len, true, &man[nman], &err) != TW_OK) {
				fprintf(stderr, "tinwar sim: %s:%d:%d: %s%s%s: %s\n", file, err.line, err.column, err.clause,
					err.path[0] ? " " : "", err.path, err.message);
				rc = CLI_BAD;
			}
			free(text);
			names[nman++] = file;
		} else if (!strcmp(argv[i], "--gun") && i + 1 < argc) {
			char buf[256];
			snprintf(buf, sizeof buf, "%s", argv[++i]);
			for (char *tok = strtok(buf, ","); tok && rc == CLI_OK; tok = strtok(NULL, ",")) {
				int m = tw_gun_model_find(tok);
				if (m < 0 || ngun == MAX_GUN) {
					fprintf(stderr, "tinwar sim: %s: no such gun model (or more than %d)\n", tok, MAX_GUN);
					rc = CLI_BAD;
					break;
				}
				snprintf(gun_names[ngun], sizeof gun_names[ngun], "%.7s", tok);
				guns[ngun++] = m;
			}
		}
	}
	if (rc == CLI_OK && (rc = cli_load_state(path, &sc)) == CLI_OK) {
		int rows = nman ? nman : 1, cols = ngun ? ngun : 1;
		tw_sv_study_cell *c = calloc((size_t)(rows * cols), sizeof *c);
		tw_error err;
		tw_error_clear(&err);
		tw_status st = c ? tw_sv_study(&sc, man, nman, guns, ngun, &cfg, c, &err) : TW_ERR_NOMEM;
		if (st != TW_OK) {
			fprintf(stderr, "tinwar sim: %s%s%s\n", err.clause, err.clause[0] ? ": " : "", err.message);
			rc = cli_exit_code(st);
		} else {
			printf("study: %s, %d games a cell (seed %llu, %s shot model); win rates with 95%% intervals\n", path,
			       cfg.games, (unsigned long long)cfg.seed, cfg.shots ? cfg.shots->name : "fast");
			for (int i = 0; i < rows * cols; i++) {
				const tw_sim_summary *m = &c[i].sum;
				printf("  manual %-24s gun %-4s  %s %5.1f%% [%5.1f, %5.1f]   %s %5.1f%% [%5.1f, %5.1f]   draws %d\n",
				       nman ? names[i / cols] : "(scenario's)", ngun ? gun_names[i % cols] : "(scenario's)",
				       sc.sides[0].name, 100.0 * m->side[0].wins / m->games, 100 * m->side[0].win_lo,
				       100 * m->side[0].win_hi, sc.sides[1].name, 100.0 * m->side[1].wins / m->games,
				       100 * m->side[1].win_lo, 100 * m->side[1].win_hi, m->draws);
			}
			for (int g = 0; g < cols && nman > 1; g++) {
				bool sep;
				int b = tw_sv_study_best(c, nman, ngun, g, 0, &sep);
				printf("  with %s: %s wins most often for %s (%.1f%%): %s\n", ngun ? gun_names[g] : "the scenario's gun",
				       names[b], sc.sides[0].name, 100.0 * c[b * cols + g].sum.side[0].wins / cfg.games,
				       sep ? "better than every other manual with 95% confidence"
					   : "not separated from the others at 95% (more games, or no real difference)");
			}
		}
		free(c);
		tw_state_free(&sc);
	}
	free(man);
	return rc;
}
