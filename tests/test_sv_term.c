// Science versus Luck at the terminal on the host's clock (sv-term; issue 17): `tinwar play` keeps
// the host's time (tinwar/host_clock.h, src/cli/cli_host.c). With `--host-clock virtual` the
// scripts are exact: the auction's hammer 15 s after the last bid (SV.EXPO.5), a person's gun on
// the firing minute (SV.ROF.5, SV.EX.18's four shots), the umpire's timed minute in PHYSICAL
// mode with the results entered through the chance hook (SV.ROF.6-7); bad input refused with its
// clause and nothing changed; computer bidders in `play` and `sim` (SV.EXPO.6, the hammer on a
// virtual clock); one real-time test (the hammer falls while the person thinks). The shared
// helper is tested in-process.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli_run.h"
#include "tinwar/registry.h"
#include "tinwar/tinwar.h"

static char dir[64];
static char out[1 << 18];
static const char *CLI = TW_CLI; // TW_TEST_CLI=PATH runs the tests against another build's binary

// Runs a shell command in the test's directory (support/cli_run.c); its output in out.
#define run(...) tw_cli_run(out, sizeof out, dir, __VA_ARGS__)

#define write_file(name, text) tw_cli_write(dir, name, text)

#define has(what) tw_cli_has(out, what)

#define has_not(what) tw_cli_has_not(out, what)

static char *slurp(const char *name)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *t = malloc((size_t)n + 1);
	assert_non_null(t);
	assert_int_equal(fread(t, 1, (size_t)n, f), (size_t)n);
	t[n] = 0;
	fclose(f);
	return t;
}

// The log's orders as "type@time" (those of the given types), space separated, into buf.
static void log_times(const char *name, const char *types, char *buf, size_t nbuf)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	json_error_t je;
	json_t *root = json_load_file(path, 0, &je);
	if (!root)
		fail_msg("%s: %s", name, je.text);
	json_t *orders = json_object_get(root, "orders");
	buf[0] = 0;
	size_t i;
	json_t *o;
	json_array_foreach(orders, i, o)
	{
		const char *t = json_string_value(json_object_get(o, "type"));
		char word[32];
		snprintf(word, sizeof word, " %s ", t ? t : "");
		char list[128];
		snprintf(list, sizeof list, " %s ", types);
		if (!strstr(list, word))
			continue;
		size_t len = strlen(buf);
		snprintf(buf + len, nbuf - len, "%s%s@%lld", len ? " " : "", t,
			 (long long)json_integer_value(json_object_get(o, "time_ms")));
	}
	json_decref(root);
}

/// The shared helper (tinwar/host_clock.h) that the server, the terminal and tw_play_out use: the
/// auction's hammer is due at once to open lot 1, then 15 s after the last bid (SV.EXPO.5); the
/// host's order is the rule set's TW_OD_HOST order from the host's seat, stamped; every seat may
/// act at once in the auction (tw_host_free), not in a battle without a running minute.
static void test_SV_EXPO_5_host_clock_helper_due_stamp_and_order(void **st)
{
	(void)st;
	char path[512];
	snprintf(path, sizeof path, "%s/scenarios/svl/auction.json", TW_SOURCE_DIR);
	tw_state s;
	tw_error err;
	assert_int_equal(tw_state_load(&s, path, &err), TW_OK);
	tw_game *g = tw_game_new(&s, 1, tw_shot_model_find("fast"), &err);
	tw_state_free(&s);
	assert_non_null(g);
	const tw_state *gs = tw_game_state(g);
	assert_true(tw_host_keeps(gs));
	assert_int_equal(tw_host_time(0), 1);
	assert_int_equal(tw_host_due(gs), 1); // SV.EXPO.5: the first lot opens at once
	assert_true(tw_host_free(gs));
	tw_order *o = calloc(1, sizeof *o);
	assert_non_null(o);
	assert_true(tw_host_order_due(gs, 1000, o));
	assert_int_equal(o->side, TW_SEAT_HOST);
	assert_string_equal(tw_game_ruleset(g)->orders[o->type].name, "hammer");
	assert_int_equal(o->time_ms, 1000);
	assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
	tw_order_init(o, tw_order_type_find(tw_game_ruleset(g), "bid"), 1);
	o->n = 200;
	tw_host_stamp(gs, o, 3000);
	assert_int_equal(o->time_ms, 3000);
	assert_int_equal(tw_game_apply(g, o, NULL, NULL, &err), TW_OK);
	assert_int_equal(tw_host_due(gs), 18000); // 15 s after the last bid
	memset(o, 0, sizeof *o);
	assert_false(tw_host_order_due(gs, 17999, o));
	assert_int_equal(o->time_ms, 0); // untouched
	assert_true(tw_host_order_due(gs, 18000, o));
	assert_int_equal(tw_host_resume(g), 3000);
	free(o);
	tw_game_free(g);
	// A battle without the clock running: nothing due, and seats wait their turn.
	snprintf(path, sizeof path, "%s/scenarios/svl/battle.json", TW_SOURCE_DIR);
	assert_int_equal(tw_state_load(&s, path, &err), TW_OK);
	g = tw_game_new(&s, 1, tw_shot_model_find("fast"), &err);
	tw_state_free(&s);
	assert_non_null(g);
	assert_true(tw_host_keeps(tw_game_state(g)));
	assert_int_equal(tw_host_due(tw_game_state(g)), 0);
	assert_false(tw_host_free(tw_game_state(g)));
	tw_game_free(g);
}

/// A person bids at the terminal against four computer bidders (SV.EXPO.6) on the virtual clock:
/// lot 1 opens at 1 s, the computers bid a second apart up to Ruritania's 440 fr at 26 s,
/// Albionia bids 450 at once and the hammer falls at 41 s after `wait 14.999` and `wait 0.001` (SV.EXPO.5: 15 s after
/// the last bid), lot 2 opening as it falls (SV.EXPO.4). The prompt counts down; `time` says
/// when the hammer is due. The log has the host's times and replays.
static void test_SV_EXPO_5_terminal_person_bids_and_the_hammer_falls_on_the_clock(void **st)
{
	(void)st;
	write_file("bid.txt", "time\nbid 450\ntime\nwait 14.999\ntime\nwait 0.001\nscore\nquit\n");
	assert_int_equal(run("%s play %s/scenarios/svl/auction.json --host-clock virtual --log bid.log --no-sign < bid.txt",
			     CLI, TW_SOURCE_DIR),
			 0);
	has("[SV.EXPO.5] lot 1 (VUL) is open: reserve 200 fr");
	has("[SV.EXPO.5] Ruritania bids 440 fr for lot 1 (VUL)");
	has("Albionia (game move 0, host 26.000 s, hammer in 15.0 s)> ");
	has("the host's clock (virtual, 'wait SECONDS' moves it): 26.000 s; the host's hammer at 41.000 s (in 15.000 s)");
	has("[SV.EXPO.5] Albionia bids 450 fr for lot 1 (VUL)");
	has_not("[SV.EXPO.5] lot 1 (VUL) knocked down to Ruritania");
	has("the host's clock (virtual, 'wait SECONDS' moves it): 40.999 s; the host's hammer at 41.000 s (in 0.001 s)");
	has("[SV.EXPO.5] lot 1 (VUL) knocked down to Albionia for 450 fr");
	has("[SV.EXPO.4] lot 2 (STA): reserve 170 fr");
	has("Albionia (game move 0, host 41.000 s, hammer in 15.0 s)> ");
	// SV.EXPO.9 as the auction's score: VUL for Albionia.
	has("Albionia 0.8, Bosrovia 0.0");
	char t[512];
	log_times("bid.log", "hammer", t, sizeof t);
	assert_string_equal(t, "hammer@1000 hammer@41000");
	log_times("bid.log", "bid", t, sizeof t);
	assert_non_null(strstr(t, "bid@25000 bid@26000 bid@26000"));
	assert_int_equal(run("%s replay bid.log", CLI), 0);
	has("replayed 28 orders: final state hash");
}

/// Bad input at the terminal's auction, refused with SV.EXPO.5 and the state unchanged (the state
/// saved before and after is the same file): a bid for lot 1 after its hammer, a bid over the
/// budget, a bid below the least, a bid by the holder of the highest bid, a wait of no time.
static void test_SV_EXPO_5_terminal_refuses_late_and_over_budget_bids(void **st)
{
	(void)st;
	write_file("bad.txt", "bid 450\nwait 16\nsave before.json\nbid 460 lot 1\nbid 20000\nbid 560 lot 2\nbid 175\n"
			      "wait 0\nwait x\nsave after.json\nbid 170\nbid 180\nquit\n");
	assert_int_equal(run("%s play %s/scenarios/svl/auction.json --host-clock virtual < bad.txt", CLI, TW_SOURCE_DIR), 0);
	has("refused: too late: the hammer has fallen on lot 1; lot 2 is on offer\n  (rule SV.EXPO.5)");
	has("refused: Albionia has 550 fr left: a bid of 20000 is over its budget\n  (rule SV.EXPO.5)");
	has("refused: Albionia has 550 fr left: a bid of 560 is over its budget\n  (rule SV.EXPO.5)");
	has("refused: bids are multiples of 10 fr, not 175\n  (rule SV.EXPO.5)");
	has("wait: expected seconds (more than 0, at most 86400), not '0'");
	has("wait: expected seconds (more than 0, at most 86400), not 'x'");
	has("[SV.EXPO.5] Albionia bids 170 fr for lot 2 (STA)");
	has("refused: Albionia holds the highest bid already\n  (rule SV.EXPO.5)");
	char *a = slurp("before.json"), *b = slurp("after.json");
	assert_string_equal(a, b);
	free(a);
	free(b);
}

/// Two people at one terminal's auction: `seat SIDE` chooses who bids (the seat the rules name
/// first by default); a computer's seat or no side is refused; each bid is the seat's and stands
/// (SV.EXPO.5: `undo` is refused while the host's clock runs).
static void test_SV_EXPO_5_terminal_two_people_take_turns_by_seat(void **st)
{
	(void)st;
	write_file("two.txt", "bid 440\nseat Bosrovia\nbid 450\nseat Freedonia\nseat Nowhere\nseat Albionia\nbid 460\n"
			      "undo\nwait 15\nquit\n");
	assert_int_equal(run("%s play %s/scenarios/svl/auction.json --side Bosrovia=human --host-clock virtual < two.txt", CLI,
			     TW_SOURCE_DIR),
			 0);
	has("Albionia (game move 0, host 25.000 s, hammer in 15.0 s)>   [SV.EXPO.5] Albionia bids 440 fr for lot 1 (VUL)");
	has("Bosrovia (game move 0, host 25.000 s, hammer in 15.0 s)>   [SV.EXPO.5] Bosrovia bids 450 fr for lot 1 (VUL)");
	has("seat: 'Freedonia' is no side a person plays here");
	has("seat: 'Nowhere' is no side a person plays here");
	has("[SV.EXPO.5] Albionia bids 460 fr for lot 1 (VUL)");
	// A bid stands (SV.EXPO.5: it cannot be withdrawn): no undo while the host's clock runs.
	has("undo: not while the host's clock runs (an order given on it stands, as a bid does)");
	has("[SV.EXPO.5] lot 1 (VUL) knocked down to Albionia for 460 fr");
}

/// Computer bidders without a person: `play` and `sim` give the hammer on a virtual clock (before,
/// a general could not give the host's order and the game stopped). Every lot is knocked down or
/// offered again (SV.EXPO.7); the rates and the SV.EXPO.9 scores are printed.
static void test_SV_EXPO_6_computer_bidders_in_play_and_sim(void **st)
{
	(void)st;
	assert_int_equal(run("%s play %s/scenarios/svl/auction.json --side Albionia=ai --log all.log --no-sign", CLI,
			     TW_SOURCE_DIR),
			 0);
	has("[SV.EXPO.5] lot 1 (VUL) is open: reserve 200 fr");
	has("[SV.EXPO.5] lot 1 (VUL) knocked down to Albionia for 440 fr");
	has("[SV.EXPO.5] lot 2 (STA): no bid at the reserve, unsold");
	has("[SV.EXPO.5] lot 5 (IMP) knocked down to Ruritania for 650 fr");
	has("[SV.EXPO.5] lot 7 (LEN) knocked down to Sylvania for 400 fr");
	has("[SV.EXPO.7] lot 2 (STA) offered again: reserve 170 fr");
	has("[SV.EXPO.5] lot 2 (STA) knocked down to Albionia for 250 fr");
	has("Drawn after 0 game moves. Score: Albionia 0.6, Bosrovia 0.8, Freedonia 0.8, Ruritania 1.0, Sylvania 0.6");
	has_not("stuck");
	char t[1024];
	log_times("all.log", "hammer", t, sizeof t);
	assert_true(strncmp(t, "hammer@1000 hammer@", 19) == 0); // opens at 1 s
	// Each hammer falls 15 s after the bid before it (SV.EXPO.5), or 15 s after the lot opened.
	char path[256];
	snprintf(path, sizeof path, "%s/all.log", dir);
	json_error_t je;
	json_t *root = json_load_file(path, 0, &je);
	assert_non_null(root);
	json_t *orders = json_object_get(root, "orders");
	int hammers = 0;
	for (size_t i = 1; i < json_array_size(orders); i++) {
		json_t *o = json_array_get(orders, i), *p = json_array_get(orders, i - 1);
		if (strcmp(json_string_value(json_object_get(o, "type")), "hammer") != 0)
			continue;
		hammers++;
		assert_int_equal(json_integer_value(json_object_get(o, "time_ms")),
				 json_integer_value(json_object_get(p, "time_ms")) + 15000);
	}
	assert_true(hammers >= 9); // 8 lots, the unsold again
	json_decref(root);
	assert_int_equal(run("%s sim %s/scenarios/svl/auction.json --games 20", CLI, TW_SOURCE_DIR), 0);
	has("20 games");
	has("draws             20  100.0%");
	has("score Ruritania    mean    1.00");
	has("score Bosrovia     mean    0.77");
	has_not("failed games");
}

/// SV.EX.18 at the terminal (SV.ROF.5, game parameter gun_clock): a person serves a Stahlmann
/// gun, Trained, STEADY (t_r = 17.142857 s) on the host's clock: `ready` at 1 s starts the
/// minute, shots at 0, 17.142, 34.284 and 51.426 s into it; one 17.141 s after the first is
/// refused too early (nothing changed); the host ends the minute at 60.001 s with 4 shots, and a
/// shot after it is refused.
static void test_SV_EX_18_ROF_5_terminal_gun_on_the_host_clock(void **st)
{
	(void)st;
	write_file("gun.txt", "ready\nshot 0\nwait 17.141\nshot 0\nwait 0.001\nshot 0\nwait 17.142\nshot 0\nwait 17.142\n"
			      "shot 0\nwait 17.142\nshot 0\nend\nquit\n");
	assert_int_equal(run("%s play %s/scenarios/svl/battle.json --param gun_clock=1 --side infantry=ai --side cannon=human "
			     "--host-clock virtual --seed 3 --shot-model fast --log gun.log --no-sign < gun.txt",
			     CLI, TW_SOURCE_DIR),
			 0);
	has("[SV.ROF.5] the firing minute starts: 60 s on the host's clock");
	has("cannon (game move 2, host 1.000 s, hammer in 60.0 s)> ");
	has("refused: too early: gun 0 is loaded 17.143 s after its last shot, 0.002 s from now (t_r 17.14 s)\n  (rule SV.ROF.5)");
	has("[SV.ROF.5] gun 0's minute is over: 4 shots on the clock");
	has("refused: gun 0's minute is over\n  (rule SV.ROF.5)");
	char t[512];
	log_times("gun.log", "ready shot hammer", t, sizeof t);
	assert_string_equal(t, "ready@1000 shot@1000 shot@18142 shot@35284 shot@52426 hammer@61001");
}

/// PHYSICAL mode at the terminal (SV.ROF.6-7; entered dice): the umpire's minute starts with
/// `ready`; an entry while it runs is refused (SV.ROF.6); the host ends it at 60 s; the umpire
/// enters what the gun fired through the chance hook (`dice`: 1 a flown match, 2 a misfire) and
/// the figures knocked over; a face out of range and dice no rule threw are refused; the morale
/// die is entered with `end` (SV.MOR.2).
static void test_SV_ROF_6_terminal_physical_minute_and_entered_results(void **st)
{
	(void)st;
	write_file("phys.txt", "end\nready\nready\nserve 0 figures 0,1 dice 1 1 1 2\nwait 60\nserve 0 figures 0,1 dice 1 1 1 9\n"
			       "serve 0 figures 0,1 dice 1 1 1 2\nend\nend dice 4 4 4\nend dice 4 4\nquit\n");
	assert_int_equal(run("%s play %s/tests/web/svl-physical.json --side infantry=human --side cannon=human --host-clock "
			     "virtual --seed 3 --log phys.log --no-sign < phys.txt",
			     CLI, TW_SOURCE_DIR),
			 0);
	has("[SV.ROF.6] the umpire's minute starts: one minute for the defender's guns");
	has("refused: the minute has started already (one minute for both guns)\n  (rule SV.ROF.7)");
	has("refused: the umpire's minute is still running\n  (rule SV.ROF.6)");
	has("[SV.ROF.6] the umpire's minute is over: enter what each gun fired and hand back the rest");
	has("refused: roll 1 d2 for SV.FIRE.7 and enter the faces with the order\n  (rule SV.FIRE.7)");
	has("[SV.FIRE.5] figure 0 is knocked over by gun 0: a casualty");
	has("[SV.FIRE.5] figure 1 is knocked over by gun 0: a casualty");
	has("[SV.ROF.6] gun 0 fired 4 of its 10 matches in the minute: 6 handed back");
	has("refused: roll 1 d6 for SV.MOR.2 and enter the faces with the order\n  (rule SV.MOR.2)");
	has("refused: 1 dice were entered that no rule threw");
	has("[SV.MOR.2] morale (the whole company, SV.MOR.10): rolled 4, modifier +0 = 4: Pause");
	has("[SV.SEQ.2] turn 2: the attacker's phase");
	char t[512];
	log_times("phys.log", "ready serve hammer", t, sizeof t);
	assert_string_equal(t, "ready@1000 hammer@61000 serve@61000");
	// Entered dice need the entered-dice mode: refused in a game of the generator's dice.
	write_file("gen.txt", "end dice 4\nquit\n");
	assert_int_equal(run("%s play %s/scenarios/svl/battle.json --side infantry=human --host-clock virtual < gen.txt", CLI,
			     TW_SOURCE_DIR),
			 0);
	has("refused: dice are entered only in the physical dice mode");
	assert_int_equal(run("%s play %s/scenarios/svl/battle.json --dice loaded < gen.txt", CLI, TW_SOURCE_DIR), 2);
	has("--dice wants entered or generator, not 'loaded'");
	assert_int_equal(run("%s play %s/scenarios/svl/battle.json --host-clock sundial < gen.txt", CLI, TW_SOURCE_DIR), 2);
	has("--host-clock wants real or virtual, not 'sundial'");
}

/// The real clock (the default): the hammer falls while the person thinks (stdin idle; the prompt
/// waits with a time-out), about 15 s after the computers' last bid; `wait` is refused on it.
static void test_SV_EXPO_5_terminal_real_clock_hammer_while_the_person_thinks(void **st)
{
	(void)st;
	assert_int_equal(run("(echo 'wait 5'; sleep 17; echo time; echo quit) | %s play %s/scenarios/svl/auction.json "
			     "--log real.log --no-sign",
			     CLI, TW_SOURCE_DIR),
			 0);
	has("wait: the host's clock is real time here (--host-clock virtual for scripts)");
	has("[SV.EXPO.5] lot 1 (VUL) knocked down to Ruritania for 440 fr");
	has("the host's clock (real time): ");
	char path[256];
	snprintf(path, sizeof path, "%s/real.log", dir);
	json_error_t je;
	json_t *root = json_load_file(path, 0, &je);
	assert_non_null(root);
	json_t *orders = json_object_get(root, "orders");
	long long last_bid = 0, hammer = 0;
	for (size_t i = 0; i < json_array_size(orders); i++) {
		json_t *o = json_array_get(orders, i);
		const char *type = json_string_value(json_object_get(o, "type"));
		long long t = json_integer_value(json_object_get(o, "time_ms"));
		if (strcmp(type, "bid") == 0 && !hammer)
			last_bid = t;
		else if (strcmp(type, "hammer") == 0 && last_bid && !hammer)
			hammer = t;
	}
	json_decref(root);
	assert_true(hammer >= last_bid + 15000);
	assert_true(hammer < last_bid + 16500); // given while the person thought, not at the next line
}

int main(void)
{
	tw_register_builtin();
	if (tw_cli_setup(dir, sizeof dir, "svterm", &CLI) != 0)
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_SV_EXPO_5_host_clock_helper_due_stamp_and_order),
		cmocka_unit_test(test_SV_EXPO_5_terminal_person_bids_and_the_hammer_falls_on_the_clock),
		cmocka_unit_test(test_SV_EXPO_5_terminal_refuses_late_and_over_budget_bids),
		cmocka_unit_test(test_SV_EXPO_5_terminal_two_people_take_turns_by_seat),
		cmocka_unit_test(test_SV_EXPO_6_computer_bidders_in_play_and_sim),
		cmocka_unit_test(test_SV_EX_18_ROF_5_terminal_gun_on_the_host_clock),
		cmocka_unit_test(test_SV_ROF_6_terminal_physical_minute_and_entered_results),
		cmocka_unit_test(test_SV_EXPO_5_terminal_real_clock_hammer_while_the_person_thinks),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	if (system(cmd) != 0)
		rc = rc ? rc : 1;
	return rc;
}
