// A computer general for one role of a person's side at the terminal (h6-seats, issue 16; CA.D1:
// battle 4 of Lloyd's campaign played 2v2): `tinwar play FILE --role baron/sheriff=ll-three`. The
// baron is the person; the sheriff's general, bound to his role, gives its orders first when the
// side is asked, only for the sheriff's men, until it ends its part; then the baron is prompted
// and his `end` ends the side's move.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_run.h"
#include "rules/lloyd/ll.h"
#include "tinwar/io.h"
#include "tinwar/series.h"
#include "tinwar/tinwar.h"
#include "ll_battle4.h"

static char dir[64];
static char out[1 << 18];
static const char *CLI = TW_CLI;

#define run(...) tw_cli_run(out, sizeof out, dir, __VA_ARGS__)
#define has(what) tw_cli_has(out, what)


static void test_CA_D1_terminal_computer_for_the_ally(void **st)
{
	(void)st;
	assert_int_equal(tw_cli_setup(dir, sizeof dir, "seats", &CLI), 0);
	tw_state *s = llt_battle4_on_table();
	int owner[256];
	assert_true(s->nfig <= 256);
	for (int j = 0; j < s->nfig; j++)
		owner[j] = LLF(s, j)->owner;
	char path[128];
	snprintf(path, sizeof path, "%s/b4.json", dir);
	json_t *j = tw_state_to_json(s);
	assert_int_equal(json_dump_file(j, path, JSON_COMPACT), 0);
	json_decref(j);
	tw_state_free(s);
	free(s);
	// A general for a role that is not a player's, or a role the scenario has not: exit 2.
	assert_int_equal(run("%s play b4.json --role baron/reeve=random </dev/null", CLI), 2);
	has("tinwar play: --role wants SIDE/ROLE=GENERAL with a player's role of the scenario, not 'baron/reeve=random'");
	assert_int_equal(run("%s play b4.json --role baron/sheriff=nosuch </dev/null", CLI), 2);
	int rc = run("printf 'end\\nquit\\n' | %s play b4.json --side baron=human --side thane=random --role baron/sheriff=ll-three "
		     "--seed 3 --shot-model fast --quiet --log b4.log",
		     CLI);
	assert_int_equal(rc, 0);
	has("baron baron (game move"); // the person types for the baron
	char logp[128];
	snprintf(logp, sizeof logp, "%s/b4.log", dir);
	size_t len = 0;
	tw_error err = {0};
	char *lt = tw_read_file(logp, &len, &err);
	assert_non_null(lt);
	bool hash_ok = false;
	tw_game *g = tw_game_log_replay(lt, len, "log", &hash_ok, &err);
	free(lt);
	assert_non_null(g);
	int n = tw_game_order_count(g), sheriff_orders = 0, first_end = -1, after = 0;
	for (int i = 0; i < n; i++) {
		const tw_order *o = tw_game_order(g, i);
		if (first_end >= 0) {
			after += o->side == 1;
			continue;
		}
		if (o->side == 0 && o->type == LL_OT_END) {
			first_end = i;
			continue;
		}
		if (o->side != 0 || o->nfig == 0)
			continue;
		for (int k = 0; k < o->nfig; k++)
			if (owner[o->fig[k]] != 2)
				fail_msg("order %d names man %d of commander %d: not the sheriff's", i, o->fig[k], owner[o->fig[k]]);
		sheriff_orders++;
	}
	print_message("%d orders of the sheriff's general before the baron's end (order %d); %d of the thane's side after\n",
		      sheriff_orders, first_end, after);
	assert_true(sheriff_orders > 0);
	assert_true(first_end > 0);
	assert_true(after > 0); // the move passed to the thane's side
	tw_game_free(g);
	char cmd[160];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

// Issue 16: `as ROLE` for a role of the side the computer plays (`--role baron/sheriff=ll-three`) is
// refused, naming the seat and its general; the keyboard stays with the baron, and an order the
// person then types for one of the sheriff's men goes in for nobody: the game's orders are those
// of the same game where the person typed nothing.
static int log_orders(const char *name)
{
	char logp[128];
	snprintf(logp, sizeof logp, "%s/%s", dir, name);
	size_t len = 0;
	tw_error err = {0};
	char *lt = tw_read_file(logp, &len, &err);
	assert_non_null(lt);
	bool hash_ok = false;
	tw_game *g = tw_game_log_replay(lt, len, "log", &hash_ok, &err);
	free(lt);
	assert_non_null(g);
	int n = tw_game_order_count(g);
	tw_game_free(g);
	return n;
}

static void test_CA_D1_terminal_as_refuses_the_computers_role(void **st)
{
	(void)st;
	assert_int_equal(tw_cli_setup(dir, sizeof dir, "seats-as", &CLI), 0);
	tw_state *s = llt_battle4_on_table();
	int man = -1;
	for (int j = 0; j < s->nfig && man < 0; j++)
		if (LLF(s, j)->owner == 2)
			man = j; // one of the sheriff's men
	assert_true(man >= 0);
	tw_vec2 at = s->fig[man].pos;
	char path[128];
	snprintf(path, sizeof path, "%s/b4.json", dir);
	json_t *j = tw_state_to_json(s);
	assert_int_equal(json_dump_file(j, path, JSON_COMPACT), 0);
	json_decref(j);
	tw_state_free(s);
	free(s);
	const char *opts = "--side baron=human --side thane=random --role baron/sheriff=ll-three --seed 3 --shot-model fast --quiet";
	assert_int_equal(run("printf 'quit\\n' | %s play b4.json %s --log none.log", CLI, opts), 0);
	int rc = run("printf 'as sheriff\\nmove %d %.2f,%.2f\\nquit\\n' | %s play b4.json %s --log as.log", man, at.x,
		     at.y + 1.0, CLI, opts);
	assert_int_equal(rc, 0);
	has("baron baron (game move 0)>   refused: the baron sheriff's seat is played by the computer (general ll-three, "
	    "--role baron/sheriff); orders for his men are its, not yours (you type for the baron baron)\n"
	    "baron baron (game move 0)>   refused: the baron baron may not:");
	assert_int_equal(log_orders("as.log"), log_orders("none.log"));
	// A role of the side the computer does not hold is still the person's to take.
	assert_int_equal(run("printf 'as baron\\nquit\\n' | %s play b4.json %s", CLI, opts), 0);
	assert_null(strstr(out, "refused"));
	char cmd[160];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_CA_D1_terminal_computer_for_the_ally),
	    cmocka_unit_test(test_CA_D1_terminal_as_refuses_the_computers_role),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
