// Nikolas Lloyd's short campaign (CA) as a series in SQLite, run by `tinwar campaign` (cli_main,
// in-process, with the Lloyd rule set registered) from its first battle to its last: six
// commanders (CA.2), battles 1-3 three-fight games crown against rebel (CA.1, CA.D1), round 2 from
// the ranking (CA.6), battle 6 the six-player game (CA.1, SP.8, CA.9), survivors, wounds, traits
// and VPs carried over (CA.3, CA.4, CA.7, CA.D2), desertion and recruits (CA.5, CA.D3, LL.EX.11),
// the winner (CA.D4); bad configs refused.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "rules/lloyd/ll.h"
#include "tinwar/tinwar.h"

static void reg(void)
{
	extern const tw_ruleset tw_ruleset_littlewars, tw_ruleset_grant, tw_ruleset_rattle;
	static const tw_ruleset *const list[] = {&tw_ruleset_littlewars, &tw_ruleset_grant, &tw_ruleset_rattle,
						 &tw_ruleset_lloyd};
	tw_register_builtin();
	tw_register_rulesets(list, 4);
}

static int run(const char *const *args)
{
	char *argv[40];
	int argc = 0;
	for (; args[argc]; argc++)
		argv[argc] = (char *)args[argc];
	argv[argc] = NULL;
	fflush(stdout);
	return cli_main(argc, argv);
}

static json_t *carry_of(const char *db)
{
	tw_error err;
	tw_series *s = tw_series_open(db, &err);
	assert_non_null(s);
	tw_series_info in;
	assert_int_equal(tw_series_status(s, "war", &in, &err), TW_OK);
	json_t *c = json_loads(in.carry, 0, NULL);
	assert_int_equal(in.games >= 0, 1);
	tw_series_info_free(&in);
	tw_series_close(s);
	assert_non_null(c);
	return c;
}

static int force_pts(const json_t *carry, const char *who)
{
	const json_t *f = json_object_get(json_object_get(carry, "forces"), who);
	int p = 0;
	size_t i;
	json_t *m;
	json_array_foreach(f, i, m) p += (int)json_integer_value(json_object_get(m, "pts"));
	return p;
}

static const char *const NAMES[6] = {"earl", "baron", "sheriff", "outlaw", "thane", "reeve"};

// CA.1-CA.9, CA.D1-CA.D4: the whole campaign through the command line, random generals on every side.
static void test_CA_1_campaign_first_to_last_battle(void **st)
{
	(void)st;
	char db[] = "/tmp/tw-ll-ca-XXXXXX";
	int fd = mkstemp(db);
	close(fd);
	unlink(db);
	const char *mk[] = {"tinwar", "campaign", "new", "war", "--ruleset", "lloyd", "--sides",
			    "earl,baron,sheriff,outlaw,thane,reeve", "--db", db, NULL};
	assert_int_equal(run(mk), 0);
	json_t *c = carry_of(db);
	for (int k = 0; k < 6; k++)
		assert_int_equal(force_pts(c, NAMES[k]), 100); // CA.D1: 100 points each
	json_decref(c);
	int before[6] = {0};
	for (int seq = 1; seq <= 6; seq++) {
		c = carry_of(db);
		json_t *pair = json_object_get(json_object_get(c, "pairings"), seq == 1 ? "1" : seq == 2 ? "2" : seq == 3 ? "3" : seq == 4 ? "4" : seq == 5 ? "5" : "6");
		assert_non_null(pair);
		for (int k = 0; k < 6; k++)
			before[k] = force_pts(c, NAMES[k]);
		json_decref(c);
		char seed[8];
		snprintf(seed, sizeof seed, "%d", seq * 11);
		if (seq <= 5) {
			const char *play[] = {"tinwar", "campaign", "play", "war", "scenarios/lloyd/three.json", "--db", db,
					      "--seed", seed, "--general", "saxons=random", "--general", "danes=random", NULL};
			assert_int_equal(run(play), 0);
		} else {
			const char *play[] = {"tinwar", "campaign", "play", "war", "scenarios/lloyd/six.json", "--db", db, "--seed", seed,
					      "--general", "earl=random", "--general", "baron=random", "--general", "sheriff=random",
					      "--general", "outlaw=random", "--general", "thane=random", "--general", "reeve=random", NULL};
			assert_int_equal(run(play), 0);
		}
		c = carry_of(db);
		json_t *battles = json_object_get(c, "battles");
		assert_int_equal(json_array_size(battles), seq);
		// CA.D3 on each commander who fought: survivors, less 2 a VP against, plus 1 a VP scored.
		json_t *b = json_array_get(battles, (size_t)seq - 1);
		const char *key;
		json_t *v;
		json_object_foreach(json_object_get(b, "points"), key, v) {
			int k = 0;
			while (strcmp(NAMES[k], key))
				k++;
			int scored = (int)json_integer_value(v);
			int credit = (int)json_integer_value(json_object_get(json_object_get(b, "credit"), key));
			int against = scored - credit;
			assert_true(force_pts(c, key) <= before[k] - 2 * against + scored + 1 || against == 0);
			(void)k;
		}
		if (seq == 4) // ll-rest: CA.D1, battle 4 played 2v2: four commanders recorded
			assert_int_equal(json_object_size(json_object_get(b, "points")), 4);
		if (seq < 6)
			assert_true(json_is_null(json_object_get(c, "winner")));
		json_decref(c);
	}
	c = carry_of(db);
	assert_true(json_is_string(json_object_get(c, "winner"))); // CA.D4: the governor
	json_t *p4 = json_object_get(json_object_get(c, "pairings"), "4");
	json_t *p5 = json_object_get(json_object_get(c, "pairings"), "5");
	assert_int_equal(json_array_size(p4), 2); // CA.6, CA.D1: round 2
	assert_int_equal(json_array_size(p5), 2);
	// CA.8, CA.D1: every player plays two or three of the six battles himself.
	int games[6] = {0};
	const char *keys[] = {"1", "2", "3", "4", "5", "6"};
	for (int b = 0; b < 6; b++) {
		size_t i;
		json_t *v;
		json_array_foreach(json_object_get(json_object_get(c, "pairings"), keys[b]), i, v) games[json_integer_value(v)]++;
	}
	for (int k = 0; k < 6; k++)
		assert_true(games[k] >= 2 && games[k] <= 3);
	json_decref(c);
	// The campaign is over: no seventh battle (CA.1).
	const char *more[] = {"tinwar", "campaign", "play", "war", "scenarios/lloyd/three.json", "--db", db,
			      "--general", "saxons=random", "--general", "danes=random", NULL};
	assert_int_not_equal(run(more), 0);
	unlink(db);
}

// CA.D3, LL.EX.11, CA.5: 5 VP against and 8 scored: 10 points lost, 8 gained, net -2, through the
// series hook on a fixed final state; the killed are lost and the wounded recover with the wound
// recorded (CA.D3.1); leaders never desert.
static void test_CA_D3_LL_EX_11_desertion_through_the_hook(void **st)
{
	(void)st;
	json_t *carry = json_object();
	json_t *cfg = json_pack("{s:[ssssss], s:i}", "sides", "earl", "baron", "sheriff", "outlaw", "thane", "reeve", "points", 40);
	tw_error err;
	assert_int_equal(ll_series_start(carry, cfg, &err), TW_OK);
	tw_state s;
	memset(&s, 0, sizeof s);
	assert_int_equal(tw_state_load(&s, "scenarios/lloyd/three.json", &err), TW_OK);
	assert_int_equal(ll_series_prepare(carry, 1, &s, &err), TW_OK);
	assert_string_equal(s.sides[0].name, "earl");
	assert_string_equal(s.sides[1].name, "outlaw"); // CA.D1: crown 1 against rebel 1
	int n0 = 0;
	for (int j = 0; j < s.nfig; j++)
		n0 += s.fig[j].side == 0;
	// The earl's force: his leader (4) and 36 points of men; one killed (2 points), one wounded.
	int killed = -1, wounded = -1;
	for (int j = 0; j < s.nfig; j++)
		if (s.fig[j].side == 0 && !LLF(&s, j)->leader) {
			if (killed < 0 && LLF(&s, j)->pts == 2)
				killed = j;
			else if (LLF(&s, j)->pts == 2)
				wounded = j; // the last: the cheapest and earliest desert first
		}
	s.fig[killed].status = TW_FS_DEAD;
	LLF(&s, wounded)->wounded = 1;
	LLS(&s, 0)->vp = 8;
	LLS(&s, 0)->vp_against = 5;
	s.over = true;
	s.winner = 0;
	bool over = true;
	assert_int_equal(ll_series_record(carry, 1, &s, &over, &err), TW_OK);
	assert_false(over);
	const json_t *f = json_object_get(json_object_get(carry, "forces"), "earl");
	int p = 0, wounds = 0, leaders = 0;
	size_t i;
	json_t *m;
	json_array_foreach(f, i, m) {
		p += (int)json_integer_value(json_object_get(m, "pts"));
		wounds += (int)json_integer_value(json_object_get(m, "wounds"));
		leaders += json_integer_value(json_object_get(m, "leader")) == 1;
	}
	assert_int_equal(p, 40 - 2 - 10 + 8); // LL.EX.11: -10 + 8 after the 2 killed
	assert_int_equal(wounds, 1);
	assert_int_equal(leaders, 1);
	assert_int_equal(json_integer_value(json_object_get(json_object_get(carry, "totals"), "earl")), 8); // CA.4
	assert_int_equal(json_integer_value(json_object_get(json_object_get(carry, "against"), "earl")), 5);
	(void)n0;
	// CA.1: battle 6 must be the six-player game.
	tw_state s6;
	memset(&s6, 0, sizeof s6);
	assert_int_equal(tw_state_load(&s6, "scenarios/lloyd/three.json", &err), TW_OK);
	json_object_set_new(json_object_get(carry, "pairings"), "6", json_pack("[iiiiii]", 0, 1, 2, 3, 4, 5));
	assert_int_equal(ll_series_prepare(carry, 6, &s6, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "CA.1");
	tw_state_free(&s6);
	tw_state_free(&s);
	json_decref(carry);
	json_decref(cfg);
}

// CA.2, CA.D1: bad configs: not six commanders, points out of range, an unknown member.
static void test_CA_2_bad_config(void **st)
{
	(void)st;
	tw_error err;
	const char *bad[] = {"{\"sides\": [\"a\", \"b\"]}", "{\"sides\": [\"a\",\"b\",\"c\",\"d\",\"e\",\"f\"], \"points\": 5}",
			     "{\"sides\": [\"a\",\"b\",\"c\",\"d\",\"e\",\"f\"], \"gold\": 5}"};
	const char *clause[] = {"CA.2", "CA.D1", ""};
	for (int i = 0; i < 3; i++) {
		json_t *carry = json_object(), *cfg = json_loads(bad[i], 0, NULL);
		assert_int_equal(ll_series_start(carry, cfg, &err), TW_ERR_INPUT);
		assert_string_equal(err.clause, clause[i]);
		assert_int_equal(json_object_size(carry), 0);
		json_decref(carry);
		json_decref(cfg);
	}
}

int main(void)
{
	reg();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_CA_D3_LL_EX_11_desertion_through_the_hook),
		cmocka_unit_test(test_CA_2_bad_config),
		cmocka_unit_test(test_CA_1_campaign_first_to_last_battle),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
