// tinwar campaign: a war of several battles to an agreed number of points (LW.CAMP.1-3),
// kept in SQLite.
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char *const VAL_OPTS[] = {"--db", "--target", "--seed", "--red", "--blue", "--log", "--shot-model", NULL};

static void print_info(const tw_campaign_info *in, bool json)
{
	if (json) {
		printf("{\"name\": \"%s\", \"ruleset\": \"%s\", \"target\": %g, \"battles\": %d, \"%s\": %g, \"%s\": %g, "
		       "\"leader\": %s%s%s, \"winner\": %s%s%s}\n",
		       in->name, in->ruleset, in->target, in->battles, in->sides[0], in->total[0], in->sides[1],
		       in->total[1], in->leader >= 0 ? "\"" : "", in->leader >= 0 ? in->sides[in->leader] : "null",
		       in->leader >= 0 ? "\"" : "", in->winner >= 0 ? "\"" : "", in->winner >= 0 ? in->sides[in->winner] : "null",
		       in->winner >= 0 ? "\"" : "");
		return;
	}
	printf("campaign %s (%s): %d battles; %s %+.1f, %s %+.1f; target %.0f (LW.CAMP.1)\n", in->name, in->ruleset,
	       in->battles, in->sides[0], in->total[0], in->sides[1], in->total[1], in->target);
	if (in->over)
		printf("  the war is won by %s (LW.CAMP.2)\n", in->sides[in->winner]);
	else if (in->leader >= 0)
		printf("  %s leads\n", in->sides[in->leader]);
}

// Records a finished game: each side's LW.CAMP.2 total is the rule set's score.
static int record(tw_campaign *c, const char *name, const char *scenario, tw_game *g, tw_error *err)
{
	const tw_state *s = tw_game_state(g);
	if (!s->over) {
		fprintf(stderr, "tinwar campaign: the battle is not over; only finished battles count\n");
		return CLI_BAD;
	}
	double pts[TW_MAX_SIDES] = {0};
	tw_game_ruleset(g)->score(s, pts);
	json_t *log = tw_game_log_to_json(g);
	char *txt = log ? json_dumps(log, JSON_COMPACT | JSON_REAL_PRECISION(17)) : NULL;
	json_decref(log);
	tw_status st = tw_campaign_record_battle(c, name, scenario, tw_game_seed(g), s->winner >= 0 ? s->winner : -1, pts,
						 txt, err);
	free(txt);
	if (st != TW_OK) {
		cli_print_error("campaign", err);
		return cli_exit_code(st);
	}
	double credit[2];
	tw_campaign_credit(pts, credit);
	printf("battle recorded: %s %.1f, %s %.1f; credit %+.1f / %+.1f (LW.CAMP.2)\n", s->sides[0].name, pts[0],
	       s->sides[1].name, pts[1], credit[0], credit[1]);
	return CLI_OK;
}

int cli_campaign(int argc, char **argv)
{
	const char *verb = cli_pos(argc, argv, 0, VAL_OPTS);
	const char *db = cli_opt(argc, argv, "--db");
	if (!verb || !db || !*db) {
		fprintf(stderr, "usage: tinwar campaign new|play|record|status|list ... --db FILE (see --help)\n");
		return CLI_BAD;
	}
	tw_error err;
	tw_error_clear(&err);
	tw_campaign *c = tw_campaign_open(db, &err);
	if (!c) {
		cli_print_error(db, &err);
		return cli_exit_code(err.code);
	}
	int rc = CLI_OK;
	const char *name = cli_pos(argc, argv, 1, VAL_OPTS);
	bool json = cli_flag(argc, argv, "--json");
	if (strcmp(verb, "new") == 0 && name) {
		const char *t = cli_opt(argc, argv, "--target");
		double target = t ? atof(t) : 300;
		tw_status st = tw_campaign_create(c, name, "littlewars", target, "red", "blue", &err);
		if (st != TW_OK) {
			cli_print_error(db, &err);
			rc = cli_exit_code(st);
		} else {
			printf("campaign %s begun: the first side to %.0f points wins (LW.CAMP.1)\n", name, target);
		}
	} else if (strcmp(verb, "play") == 0 && name && cli_pos(argc, argv, 2, VAL_OPTS)) {
		const char *scen = cli_pos(argc, argv, 2, VAL_OPTS);
		tw_state s;
		rc = cli_load_state(scen, &s);
		if (rc == CLI_OK) {
			uint64_t seed = 1;
			const char *sv = cli_opt(argc, argv, "--seed");
			if (sv && !cli_parse_u64(sv, &seed)) {
				fprintf(stderr, "tinwar campaign: --seed wants a number\n");
				rc = CLI_BAD;
			}
			const char *sm = cli_opt(argc, argv, "--shot-model");
			const tw_shot_model *model = tw_shot_model_find(sm ? sm : "fast");
			tw_game *g = rc == CLI_OK && model ? tw_game_new(&s, seed, model, &err) : NULL;
			if (rc == CLI_OK && !g) {
				cli_print_error(scen, &err);
				rc = CLI_BAD;
			}
			if (g) {
				const tw_ruleset *rs = tw_game_ruleset(g);
				const char *r = cli_opt(argc, argv, "--red"), *b = cli_opt(argc, argv, "--blue");
				tw_general *gens[2] = {tw_general_new(r ? r : "default", rs, 0, seed),
						       tw_general_new(b ? b : "default", rs, 1, seed)};
				if (!gens[0] || !gens[1]) {
					fprintf(stderr, "tinwar campaign: unknown general\n");
					rc = CLI_BAD;
				} else if (tw_play_out(g, gens, 2000000, &err) != TW_OK) {
					cli_print_error("campaign", &err);
					rc = CLI_FAIL;
				} else {
					const char *lp = cli_opt(argc, argv, "--log");
					if (lp)
						(void)cli_save_log(g, lp, !cli_flag(argc, argv, "--no-sign"));
					rc = record(c, name, s.scenario[0] ? s.scenario : scen, g, &err);
				}
				tw_general_free(gens[0]);
				tw_general_free(gens[1]);
				tw_game_free(g);
			}
			tw_state_free(&s);
		}
	} else if (strcmp(verb, "record") == 0 && name && cli_pos(argc, argv, 2, VAL_OPTS)) {
		// Only a log that verifies (every recorded shot re-run and found as recorded) or that
		// this installation signed when it played the game is taken (docs/campaign.md).
		const char *lp = cli_pos(argc, argv, 2, VAL_OPTS);
		size_t len;
		char *text = tw_read_file(lp, &len, &err);
		unsigned char key[TW_LOG_KEY_BYTES];
		char kp[1024];
		tw_error kerr;
		tw_log_check chk = {.verify = true, .trust_signed = true};
		if (tw_log_key_path(kp, sizeof kp, &kerr) == TW_OK && tw_log_key_load(kp, false, key, &kerr) == TW_OK)
			chk.key = key;
		tw_game *g = text ? tw_game_log_check(text, len, lp, &chk, &err) : NULL;
		memset(key, 0, sizeof key);
		free(text);
		if (!g || !chk.hash_ok) {
			cli_print_error(lp, &err);
			fprintf(stderr, "tinwar campaign: the battle is not recorded\n");
			rc = CLI_BAD;
		} else {
			if (chk.signature > 0)
				printf("%s: signed by this installation\n", lp);
			else
				printf("%s: verified (%d recorded shots re-run with the %s shot model)\n", lp, chk.shots,
				       tw_game_shot_model(g)->name);
			rc = record(c, name, lp, g, &err);
		}
		tw_game_free(g);
	} else if (strcmp(verb, "status") == 0 && name) {
		tw_campaign_info in;
		tw_status st = tw_campaign_status(c, name, &in, &err);
		if (st != TW_OK) {
			cli_print_error(db, &err);
			rc = cli_exit_code(st);
		} else {
			print_info(&in, json);
		}
	} else if (strcmp(verb, "list") == 0) {
		tw_campaign_info in[64];
		int n = 0;
		tw_status st = tw_campaign_list(c, in, 64, &n, &err);
		if (st != TW_OK) {
			cli_print_error(db, &err);
			rc = cli_exit_code(st);
		}
		for (int i = 0; i < n && i < 64; i++)
			print_info(&in[i], json);
	} else {
		fprintf(stderr, "tinwar campaign: unknown or incomplete command (see 'tinwar campaign --help')\n");
		rc = CLI_BAD;
	}
	tw_campaign_close(c);
	return rc;
}
