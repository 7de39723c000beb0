// A whole series in the server (sv-join; issue 17 "Done when"): Science versus Luck for three
// teams through all three phases over the WebSocket, one person's seat (T0's first player) driven
// by the test, the five other players the server's computer (svl-manual). The player joins with the
// one link the series gave him (the series' id and his token) and follows his role as it rotates
// (SV.SETUP.4-6): side 0 at the auction and on the range, the guns of the battle where his team
// defends (SV.SETUP.6), the spectator of the other battles. The server records each finished game
// into the series and prepares the next one (as `tinwar svl-series next/record`), the phase-1
// debrief after the auction and the whole debrief at the end (SV.SETUP.10) reach the page, and a
// restart of the server in the middle of the battles resumes the series where it was.
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tinwar/server.h"
#include "tinwar/svl.h"
#include "tinwar/tinwar.h"
#include "wsclient.h"
#include "srv_test.h"

static void reg(void)
{
	extern const tw_ruleset tw_ruleset_littlewars, tw_ruleset_grant, tw_ruleset_rattle;
	static const tw_ruleset *const list[] = {&tw_ruleset_littlewars, &tw_ruleset_grant, &tw_ruleset_rattle,
						 &tw_ruleset_svl};
	tw_register_builtin();
	tw_register_rulesets(list, 4);
}

static tw_server *start(const char *db)
{
	tw_server_opts o = tw_test_server_opts();
	o.db = db;
	o.max_message = 1 << 20;
	o.rate = 1000;
	o.burst = 1000;
	tw_server *s = tw_test_server_start(&o);
	assert_true(tw_server_wait_restored(s, 60));
	return s;
}

static tw_wsc *join(tw_server *s, const char *id, const char *token)
{
	char origin[64], ebuf[128] = "";
	snprintf(origin, sizeof origin, "http://127.0.0.1:%d", tw_server_port(s));
	for (int tries = 0; tries < 200; tries++) { // a game being restored is not joinable yet
		tw_wsc *c = tw_wsc_open(tw_server_port(s), id, token, origin, ebuf, sizeof ebuf);
		if (c)
			return c;
		usleep(50000);
	}
	fail_msg("join %s: %s", id, ebuf);
	return NULL;
}

static void send_json(tw_wsc *c, json_t *m)
{
	char *t = json_dumps(m, JSON_COMPACT);
	json_decref(m);
	assert_true(tw_wsc_send(c, t, strlen(t)));
	free(t);
}

typedef struct run {
	tw_wsc *c;
	int cursor;
	char game[17];      ///< the room this connection is in
	int seat;           ///< seat_index in it
	int seq;            ///< the series' game number of that room
	int seat_of_seq[8]; ///< our seat in each game (-9: never joined)
	int orders;         ///< orders of ours applied
	int orders_after_restart;
	int ours_by_seq[8];
	bool pending;       ///< a suggestion asked and not answered
	bool restarted;
	bool phase1_debrief, final_debrief, over;
	int last_seq;
	char room_of_seq[8][17]; ///< the room of each game we were in
	char phase1[4096];  ///< the phase-1 debrief as the page got it
} run;

/// Reads what has come; asks for and gives our orders; returns the new game id when the series
/// says the next game is ready ("" otherwise).
static void pump(run *R, char next[17])
{
	next[0] = 0;
	int n = tw_wsc_count(R->c);
	for (; R->cursor < n; R->cursor++) {
		char *txt = tw_wsc_msg(R->c, R->cursor);
		json_t *m = txt ? json_loads(txt, 0, NULL) : NULL;
		free(txt);
		const char *type = json_string_value(json_object_get(m, "type"));
		if (getenv("TW_DEBUG") && type && strcmp(type, "events") && strcmp(type, "clock")) {
			char *d = json_dumps(m, JSON_COMPACT);
			char *tm = json_dumps(json_object_get(m, "to_move"), JSON_COMPACT | JSON_ENCODE_ANY);
			fprintf(stderr, "[%s] seat %d to_move %s phase %s: %.200s\n", R->game, R->seat, tm ? tm : "-",
				json_string_value(json_object_get(m, "phase")) ?: "-", d);
			free(tm);
			free(d);
		}
		if (!type) {
			json_decref(m);
			continue;
		}
		if (!strcmp(type, "hello")) {
			R->seat = (int)json_integer_value(json_object_get(m, "seat_index"));
			snprintf(R->game, sizeof R->game, "%s", json_string_value(json_object_get(m, "game")));
		} else if (!strcmp(type, "series")) {
			int seq = (int)json_integer_value(json_object_get(m, "seq"));
			const char *g = json_string_value(json_object_get(m, "game"));
			const char *deb = json_string_value(json_object_get(m, "debrief"));
			const char *e = json_string_value(json_object_get(m, "error"));
			if (e)
				fail_msg("series stopped: %s", e);
			if (deb && strstr(deb, "Phase 1, the Arms Exhibition (SV.EXPO.9")) {
				R->phase1_debrief = true;
				if (!R->phase1[0])
					snprintf(R->phase1, sizeof R->phase1, "%s", deb);
			}
			if (json_is_true(json_object_get(m, "over"))) {
				R->over = true;
				R->final_debrief = deb && strstr(deb, "debrief (SV.SETUP.10)") && strstr(deb, "Battles (SV.SETUP.8");
			}
			if (g && strcmp(g, R->game) != 0)
				snprintf(next, 17, "%s", g);
			else if (seq > 0 && seq < 8) {
				R->seq = seq;
				R->seat_of_seq[seq] = R->seat;
				snprintf(R->room_of_seq[seq], 17, "%s", R->game);
			}
			R->last_seq = seq;
		} else if (!strcmp(type, "state")) {
			json_t *tm = json_object_get(m, "to_move");
			size_t i;
			json_t *v;
			bool ours = false;
			if (json_is_integer(tm))
				ours = json_integer_value(tm) == R->seat;
			json_array_foreach(tm, i, v) ours = ours || json_integer_value(v) == R->seat;
			if (!json_is_true(json_object_get(m, "over")) && ours && R->seat >= 0 && !R->pending) {
				send_json(R->c, json_pack("{s:s}", "type", "suggest"));
				R->pending = true;
			}
		} else if (!strcmp(type, "suggestion")) {
			send_json(R->c, json_pack("{s:s, s:O, s:i}", "type", "order", "order", json_object_get(m, "order"), "id", 1));
		} else if (!strcmp(type, "result")) {
			R->pending = false;
			if (json_is_true(json_object_get(m, "ok"))) {
				R->orders++;
				R->orders_after_restart += R->restarted;
				if (R->seq > 0 && R->seq < 8)
					R->ours_by_seq[R->seq]++;
			}
			else // refused (a bid too late for its lot): the state again, for our next order
				send_json(R->c, json_pack("{s:s}", "type", "sync"));
		} else if (!strcmp(type, "error")) {
			R->pending = false; // nothing to suggest now (a lot with no bid of ours)
		}
		json_decref(m);
	}
}

static void test_SV_SETUP_3_a_whole_series_in_the_server(void **state)
{
	(void)state;
	reg();
	char db[] = "/tmp/tw-series-XXXXXX";
	int fd = mkstemp(db);
	assert_true(fd >= 0);
	close(fd);
	unlink(db);
	tw_server *s = start(db);
	json_t *players = json_array();
	static const char *const names[6] = {"Ann", "Bob", "Cy", "Di", "Ed", "Flo"};
	for (int p = 0; p < 6; p++)
		json_array_append_new(players, p == 0 ? json_pack("{s:s}", "name", names[p])
						      : json_pack("{s:s, s:s}", "name", names[p], "computer", "svl-manual"));
	json_t *req = json_pack("{s:s, s:{s:i, s:i}, s:o, s:[sss], s:i, s:{s:b, s:f}}", "ruleset", "svl", "config", "teams", 3,
				"rounds", 1, "players", players, "scenarios", "auction", "range", "battle", "seed", 17, "clock",
				"enabled", 0, "scale", 0.002);
	char *rt = json_dumps(req, JSON_COMPACT);
	json_decref(req);
	tw_error err;
	tw_error_clear(&err);
	char *resp = tw_server_create_series(s, rt, strlen(rt), &err);
	free(rt);
	if (!resp)
		fail_msg("series: %s %s", err.clause, err.message);
	json_t *a = json_loads(resp, 0, NULL);
	free(resp);
	char sid[17], token[40], umpire[40];
	snprintf(sid, sizeof sid, "%s", json_string_value(json_object_get(a, "series")));
	json_t *p0 = json_array_get(json_object_get(a, "players"), 0);
	assert_string_equal(json_string_value(json_object_get(p0, "player")), "Ann");
	assert_null(json_object_get(p0, "computer"));
	snprintf(token, sizeof token, "%s", json_string_value(json_object_get(p0, "token")));
	snprintf(umpire, sizeof umpire, "%s", json_string_value(json_object_get(json_object_get(a, "umpire"), "token")));
	char link[128];
	snprintf(link, sizeof link, "/?game=%s&token=%s", sid, token);
	assert_string_equal(json_string_value(json_object_get(p0, "link")), link);
	assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(a, "players"), 5), "computer")),
			    "svl-manual");
	json_decref(a);

	// A request that names no series' rule set, an unknown scenario, an unknown general: refused.
	static const char *const bad[] = {
		"{\"ruleset\":\"nosuch\",\"players\":[{\"name\":\"a\"}],\"scenarios\":[\"battle\"]}",
		"{\"ruleset\":\"svl\",\"players\":[{\"name\":\"a\"}],\"scenarios\":[\"nosuch\"]}",
		"{\"ruleset\":\"svl\",\"players\":[{\"name\":\"a\",\"computer\":\"nosuch\"}],\"scenarios\":[\"battle\"]}",
		"{\"ruleset\":\"svl\",\"players\":[],\"scenarios\":[\"battle\"]}",
		"{\"ruleset\":\"svl\",\"players\":[{\"name\":\"a\"}],\"scenarios\":[\"battle\"],\"extra\":1}",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		tw_error_clear(&err);
		char *r2 = tw_server_create_series(s, bad[i], strlen(bad[i]), &err);
		assert_null(r2);
		assert_int_equal(err.code, TW_ERR_INPUT);
	}

	run R;
	memset(&R, 0, sizeof R);
	for (int i = 0; i < 8; i++)
		R.seat_of_seq[i] = -9;
	R.c = join(s, sid, token);
	bool restarted = false;
	double t0 = tw_wsc_now();
	while (!R.over && tw_wsc_now() - t0 < (getenv("TW_DEBUG") ? 20 : 600)) {
		char next[17];
		pump(&R, next);
		if (R.over)
			break;
		// The restart: in the battle where Ann commands the guns, after three of her orders.
		bool restart = !restarted && !next[0] && R.seq >= 3 && R.seat == 1 && R.ours_by_seq[R.seq] >= 3;
		if (next[0] || restart) {
			tw_wsc_close(R.c);
			if (!next[0]) { // SV.SETUP: the series survives a restart in the middle of the battles
				tw_server_stop(s);
				s = start(db);
				restarted = R.restarted = true;
			}
			memset(&R.game, 0, sizeof R.game);
			R.cursor = 0;
			R.pending = false;
			R.seat = -9;
			R.c = join(s, sid, token); // the same link, whatever game is on
		}
		if (tw_wsc_count(R.c) <= R.cursor)
			usleep(2000);
	}
	assert_true(R.over);
	assert_true(restarted);
	assert_true(R.orders_after_restart > 0); // she went on giving orders in the restored game
	assert_int_equal(R.last_seq, 5); // 2 + 3 teams x 1 round
	// Ann (T0's first player) bids for side 0 and writes on side 0's range seat (SV.SETUP.4-5) ...
	assert_int_equal(R.seat_of_seq[1], 0);
	assert_int_equal(R.seat_of_seq[2], 0);
	assert_true(R.ours_by_seq[2] >= 3); // her two manuals, her tests, the serial, the end (SV.DOC.2-9)
	// ... then commands T0's guns in the battle where T0 defends, and watches the others (SV.SETUP.6:
	// never the infantry, which her team-mate leads). The battles of computers alone may be over
	// before her page is back in the room: she need not have seen both.
	int guns = 0, gun_seq = 0;
	for (int q = 3; q <= 5; q++) {
		guns += R.seat_of_seq[q] == 1;
		gun_seq = R.seat_of_seq[q] == 1 ? q : gun_seq;
		assert_true(R.seat_of_seq[q] == 1 || R.seat_of_seq[q] == -2 || R.seat_of_seq[q] == -9);
	}
	assert_int_equal(guns, 1);
	assert_true(R.ours_by_seq[gun_seq] > 3); // her orders for the guns (suggested, sent as hers)
	assert_true(R.phase1_debrief);
	// Every team bought at the auction, the computer's as well as Ann's (SV.EXPO.6: the computer
	// bidders act at once, each asked after every bid): each country has spent some money.
	int spent = 0, countries = 0;
	for (const char *l = R.phase1; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		char name[32];
		int budget = 0, left = 0;
		if (sscanf(l, "  %31[^:]: budget %d fr, %*d-%*d guns; %d fr left", name, &budget, &left) == 3) {
			countries++;
			spent += left < budget;
		}
	}
	assert_int_equal(countries, 3);
	assert_int_equal(spent, 3);
	assert_true(R.final_debrief);
	const char *last_room = R.game;
	// A page that joins an earlier game of the series (its link resolved to the game as the
	// ticker moved on: the race of stop 25's browser failure) is told the current game at once,
	// so it follows (web/series.js reloads). Before the fix it got no `series` message at all.
	assert_true(R.room_of_seq[1][0] && strcmp(R.room_of_seq[1], last_room) != 0);
	tw_wsc *late = join(s, R.room_of_seq[1], token);
	int lc = 0;
	json_t *lm = tw_wsc_wait(late, "series", &lc, 10);
	assert_non_null(lm);
	assert_string_equal(json_string_value(json_object_get(lm, "game")), last_room);
	assert_true(json_is_true(json_object_get(lm, "over")));
	json_decref(lm);
	tw_wsc_close(late);
	tw_wsc_close(R.c);

	// The phase-1 debrief reached the page after the auction, the whole at the end (SV.SETUP.10).
	// The umpire's link of the series is the umpire of its games too.
	tw_wsc *u = join(s, sid, umpire);
	int cur = 0;
	json_t *h = tw_wsc_wait(u, "hello", &cur, 10);
	assert_non_null(h);
	assert_string_equal(json_string_value(json_object_get(h, "seat")), "umpire");
	json_decref(h);
	tw_wsc_close(u);
	tw_server_stop(s);
	char path[64];
	unlink(db);
	snprintf(path, sizeof path, "%s-series", db);
	unlink(path);
	snprintf(path, sizeof path, "%s.key", db);
	unlink(path);
	snprintf(path, sizeof path, "%s-wal", db);
	unlink(path);
	snprintf(path, sizeof path, "%s-shm", db);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_SV_SETUP_3_a_whole_series_in_the_server),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
