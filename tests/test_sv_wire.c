// Science versus Luck through the server (issue 17, sv-web): a gun's true values (SV.GUN.1,
// SV.GUN.4: v_mean, v_sigma, az_sigma, misfire, rate, carry, skid) are known to the umpire seat
// and the engine only: every WebSocket frame of every other seat (each team, the spectator)
// through an auction, a test range session and a battle is read, and no true value is in any
// (as test_lw_big_server.c does for boxes); the umpire's frames carry them (the test can see
// them). The range's measurements reach their own team only (per-seat events, SV.DOC.8). The
// auction's hammer falls on the host's clock (SV.EXPO.5: the server stamps every bid with its own
// time and knocks the lot down 15 s after the last bid; the clock runs at 1/scale of real time).
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tinwar/io.h"
#include "tinwar/physics.h"
#include "tinwar/server.h"
#include "rules/svl/sv.h"
#include "sv_scene.h"
#include "ws_test.h"
#include "srv_test.h"

#define reg svt_register // the shared registration (tests/support/sv_scene.c)

#define MAXSEAT 8

typedef struct game_ref {
	char id[17];
	int nseats; // the sides, then the umpire, then the spectator
	char token[MAXSEAT][33];
	char name[MAXSEAT][32];
} game_ref;

static tw_server *start(void)
{
	tw_server_opts o = tw_test_server_opts();
	o.max_message = 1 << 20;
	o.rate = 1000;
	o.burst = 1000;
	return tw_test_server_start(&o);
}

static void create(tw_server *s, json_t *req, game_ref *g)
{
	char *txt = json_dumps(req, JSON_COMPACT);
	json_decref(req);
	json_t *j = tw_test_ws_create(s, txt);
	free(txt);
	snprintf(g->id, sizeof g->id, "%s", json_string_value(json_object_get(j, "id")));
	json_t *seats = json_object_get(j, "seats");
	g->nseats = (int)json_array_size(seats);
	assert_true(g->nseats <= MAXSEAT);
	for (int i = 0; i < g->nseats; i++) {
		json_t *e = json_array_get(seats, (size_t)i);
		snprintf(g->token[i], sizeof g->token[i], "%s", json_string_value(json_object_get(e, "token")));
		snprintf(g->name[i], sizeof g->name[i], "%s", json_string_value(json_object_get(e, "seat")));
	}
	assert_string_equal(g->name[g->nseats - 2], "umpire");
	assert_string_equal(g->name[g->nseats - 1], "spectator");
	json_decref(j);
}

static tw_wsc *join(tw_server *s, const game_ref *g, int seat)
{
	return tw_test_ws_join(s, g->id, g->token[seat], NULL);
}

// The seven true values as jansson writes them (they are chosen so that nothing else is).
static const double truth[7] = {17.4321, 0.8765, 1.2345, 0.0432, 3.2109, 0.4567, 4.3219};
static const char *const truth_txt[7] = {"17.4321", "0.8765", "1.2345", "0.0432", "3.2109", "0.4567", "4.3219"};

static void set_truth(tw_state *s, int g)
{
	sv_grec *r = SVGN(s, g);
	r->v_mean = truth[0] + g, r->v_sigma = truth[1], r->az_sigma = truth[2], r->misfire = truth[3];
	r->rate = truth[4], r->carry = truth[5], r->skid = truth[6];
}

static tw_state *new_state(int nsides, const char *const *names)
{
	reg();
	tw_state *s = calloc(1, sizeof *s);
	assert_int_equal(tw_state_set_ruleset(s, tw_ruleset_find("svl")), TW_OK);
	tw_ruleset_defaults(&tw_ruleset_svl, s);
	s->table.width = 36;
	s->table.depth = 96;
	tw_rng_seed(&s->rng, 11);
	s->nsides = nsides;
	for (int k = 0; k < nsides; k++) {
		snprintf(s->sides[k].name, sizeof s->sides[k].name, "%s", names[k]);
		s->sides[k].forward = 1;
	}
	return s;
}

/// The true values found in a JSON value: every number within 1e-9 of one (gun 1's v_mean is
/// one more), every string holding one to 4 decimals; bit t for value t.
static int truth_in(const json_t *v)
{
	int seen = 0;
	if (json_is_number(v)) {
		double x = json_number_value(v);
		for (int t = 0; t < 7; t++)
			if (fabs(x - truth[t]) < 1e-9 || (t == 0 && fabs(x - truth[t] - 1) < 1e-9))
				seen |= 1 << t;
	} else if (json_is_string(v)) {
		for (int t = 0; t < 7; t++)
			if (strstr(json_string_value(v), truth_txt[t]))
				seen |= 1 << t;
	} else if (json_is_array(v)) {
		size_t i;
		json_t *e;
		json_array_foreach(v, i, e) seen |= truth_in(e);
	} else if (json_is_object(v)) {
		const char *k;
		json_t *e;
		json_object_foreach((json_t *)v, k, e) seen |= truth_in(e);
	}
	return seen;
}

/// Every frame of every seat read: no true value in any but the umpire's, whose frames must
/// carry them when `umpire_sees` (a state with guns). Returns the frames read.
static int no_truth_but_the_umpire(tw_wsc **c, const game_ref *g, bool umpire_sees)
{
	int frames = 0;
	for (int i = 0; i < g->nseats; i++) {
		bool umpire = i == g->nseats - 2;
		int n = tw_wsc_count(c[i]), seen = 0;
		for (int k = 0; k < n; k++) {
			char *m = tw_wsc_msg(c[i], k);
			json_t *j = json_loads(m, 0, NULL);
			assert_non_null(j);
			int t = truth_in(j);
			json_decref(j);
			if (t && !umpire)
				fail_msg("seat %s received a true value (mask %#x) in frame %d: %.300s", g->name[i], t, k, m);
			seen |= t;
			free(m);
		}
		frames += n;
		if (umpire && umpire_sees)
			assert_int_equal(seen, 0x7f);
	}
	return frames;
}

static void send_order(tw_wsc *c, const char *order)
{
	char buf[512];
	static int id = 1;
	int n = snprintf(buf, sizeof buf, "{\"type\":\"order\",\"id\":%d,\"order\":%s}", id++, order);
	tw_wsc_send(c, buf, (size_t)n);
}

static json_t *result(tw_wsc *c, int *cur)
{
	json_t *r = tw_wsc_wait(c, "result", cur, 5.0);
	assert_non_null(r);
	return r;
}

static bool result_ok(tw_wsc *c, int *cur, const char *clause)
{
	json_t *r = result(c, cur);
	bool ok = json_is_true(json_object_get(r, "ok"));
	if (!clause && !ok)
		print_message("refused: %s %s\n", json_string_value(json_object_get(r, "clause")),
			      json_string_value(json_object_get(r, "message")));
	if (clause && !ok) {
		const char *cl = json_string_value(json_object_get(r, "clause"));
		if (!cl || strcmp(cl, clause) != 0)
			fail_msg("refused with %s, not %s: %s", cl ? cl : "-", clause,
				 json_string_value(json_object_get(r, "message")));
	}
	json_decref(r);
	return ok;
}

/// The last clock message's host fields of a connection.
static void host_clock(tw_wsc *c, long long *now, long long *due)
{
	*now = *due = -1;
	for (int k = tw_wsc_count(c) - 1; k >= 0 && *now < 0; k--) {
		char *m = tw_wsc_msg(c, k);
		json_t *j = json_loads(m, 0, NULL);
		free(m);
		const char *t = json_string_value(json_object_get(j, "type"));
		if (t && strcmp(t, "clock") == 0 && json_object_get(j, "host_ms")) {
			*now = json_integer_value(json_object_get(j, "host_ms"));
			*due = json_integer_value(json_object_get(j, "host_due_ms"));
		}
		json_decref(j);
	}
}

static const char *const countries[] = {"Albionia", "Bosrovia", "Freedonia"};

// SV.EXPO.5 on the server: three teams bid; bids are stamped with the host's time (a team's own
// time_ms is ignored); one over the budget is refused with its clause; the hammer falls on the
// host's clock 15 s after the last bid (here 0.1 real seconds per rules second: 1.5 s); an
// unsold lot; budgets go down; and no seat but the umpire ever reads a true value (there is none
// in the auction's state: SV.EXPO.1).
static void test_SV_EXPO_5_hammer_on_the_hosts_clock(void **st)
{
	(void)st;
	tw_state *s = new_state(3, countries);
	json_t *req = json_pack("{s:s, s:o, s:{s:s}, s:{s:b, s:f}}", "ruleset", "svl", "scenario", tw_state_to_json(s),
				"params", "stage", "auction", "clock", "enabled", 0, "scale", 0.1);
	tw_state_free(s);
	free(s);
	tw_server *srv = start();
	game_ref g;
	create(srv, req, &g);
	assert_int_equal(g.nseats, 5);
	tw_wsc *c[5];
	int cur[5] = {0};
	for (int i = 0; i < 5; i++) {
		c[i] = join(srv, &g, i);
		json_decref(tw_wsc_wait(c[i], "state", &cur[i], 3.0));
	}
	// The host opened lot 1 when every team was in (its first tick): a bid at the reserve.
	usleep(100000);
	// A team's own time is not the host's: far in the future, it would be "too late" if taken.
	send_order(c[0], "{\"type\":\"bid\",\"fr\":200,\"time_ms\":900000000}");
	json_t *r = result(c[0], &cur[0]);
	if (!json_is_true(json_object_get(r, "ok")))
		for (int k = 0; k < tw_wsc_count(c[0]); k++) {
			char *m = tw_wsc_msg(c[0], k);
			if (!strstr(m, "\"state\""))
				print_message("%.600s\n", m);
			free(m);
		}
	if (!json_is_true(json_object_get(r, "ok")))
		fail_msg("the first bid: %s %s", json_string_value(json_object_get(r, "clause")),
			 json_string_value(json_object_get(r, "message")));
	json_decref(r);
	// Over the budget: refused with SV.EXPO.5 (Bosrovia's budget is its briefing's).
	send_order(c[1], "{\"type\":\"bid\",\"fr\":99990}");
	assert_false(result_ok(c[1], &cur[1], "SV.EXPO.5"));
	long long now, due;
	usleep(50000);
	host_clock(c[2], &now, &due);
	assert_true(now > 0 && due > now && due - now <= 15000);
	send_order(c[1], "{\"type\":\"bid\",\"fr\":210}");
	assert_true(result_ok(c[1], &cur[1], NULL));
	send_order(c[2], "{\"type\":\"bid\",\"fr\":220}");
	assert_true(result_ok(c[2], &cur[2], NULL));
	// Nobody bids again: 15 host seconds (1.5 s) later the hammer falls to Freedonia at 220.
	double t0 = tw_wsc_now();
	bool sold = false;
	while (!sold && tw_wsc_now() - t0 < 6.0) {
		usleep(20000);
		for (int k = 0; k < tw_wsc_count(c[3]) && !sold; k++) {
			char *m = tw_wsc_msg(c[3], k);
			sold = strstr(m, "knocked down to Freedonia for 220 fr") != NULL;
			free(m);
		}
	}
	assert_true(sold);
	double took = tw_wsc_now() - t0;
	assert_true(took >= 1.3); // not before 15 host seconds (1.5 s real, less the bids' own time)
	// Every seat read the bids and the hammer as they came (each connection is sent them in its
	// own time: CI once saw seat 0 checked before its hammer had arrived, so each is waited for).
	for (int i = 0; i < 5; i++) {
		bool bid = false, hammer = false;
		for (double tw = tw_wsc_now(); !(bid && hammer) && tw_wsc_now() - tw < 5.0; usleep(20000)) {
			bid = hammer = false;
			for (int k = 0; k < tw_wsc_count(c[i]); k++) {
				char *m = tw_wsc_msg(c[i], k);
				bid |= strstr(m, "Bosrovia bids 210 fr for lot 1") != NULL;
				hammer |= strstr(m, "lot 1 (") != NULL && strstr(m, "knocked down to Freedonia") != NULL;
				free(m);
			}
		}
		if (!(bid && hammer))
			for (int k = 0; k < tw_wsc_count(c[i]); k++) {
				char *m = tw_wsc_msg(c[i], k);
				print_message("%d: %.400s\n", i, m);
				free(m);
			}
		assert_true(bid && hammer);
	}
	// A bid that Albionia made for lot 1, arriving after its hammer: refused, nothing changed.
	send_order(c[0], "{\"type\":\"bid\",\"fr\":230,\"lot\":[1]}");
	assert_false(result_ok(c[0], &cur[0], "SV.EXPO.5"));
	// Lot 2: nobody bids: unsold when the hammer falls 15 s after it opened.
	t0 = tw_wsc_now();
	bool unsold = false;
	while (!unsold && tw_wsc_now() - t0 < 6.0) {
		usleep(20000);
		for (int k = 0; k < tw_wsc_count(c[4]) && !unsold; k++) {
			char *m = tw_wsc_msg(c[4], k);
			unsold = strstr(m, "lot 2 (") != NULL && strstr(m, "unsold") != NULL;
			free(m);
		}
	}
	assert_true(unsold);
	int frames = no_truth_but_the_umpire(c, &g, false);
	assert_true(frames > 20);
	for (int i = 0; i < 5; i++)
		tw_wsc_close(c[i]);
	tw_server_stop(srv);
}

// A range session (SV.DOC.7-8) and a battle: two teams fire test rounds; each reads its own
// round's measurements and the other's only as "a report for X only"; nobody but the umpire reads
// a true value; then the battle (scenarios/svl/battle.json, both sides the computer) with the
// gun's truth set: every frame of the infantry, the guns' side and the spectator read.
static void test_SV_GUN_1_no_true_value_on_the_wire(void **st)
{
	(void)st;
	tw_server *srv = start();
	// The range.
	tw_state *s = new_state(2, countries + 1);
	s->params[SVP_STAGE] = SV_STAGE_RANGE;
	for (int k = 0; k < 2; k++) {
		tw_gun gun = {.id = k, .side = (uint8_t)k, .orig_side = (uint8_t)k, .model = tw_gun_model_find(k ? "VUL" : "STA"),
			      .axle = {18, 0}, .trail = 3, .half_axle = 0.9, .muzzle = 2};
		assert_non_null(tw_state_add_gun(s, &gun));
		set_truth(s, k);
	}
	json_t *req = json_pack("{s:s, s:o, s:{s:s}, s:{s:b}}", "ruleset", "svl", "scenario", tw_state_to_json(s), "params",
				"stage", "range", "clock", "enabled", 0);
	tw_state_free(s);
	free(s);
	game_ref g;
	create(srv, req, &g);
	tw_wsc *c[MAXSEAT];
	int cur[MAXSEAT] = {0};
	for (int i = 0; i < g.nseats; i++) {
		c[i] = join(srv, &g, i);
		json_decref(tw_wsc_wait(c[i], "state", &cur[i], 3.0));
	}
	for (int round = 0; round < 3; round++)
		for (int k = 0; k < 2; k++) {
			char o[128];
			snprintf(o, sizeof o, "{\"type\":\"test\",\"gun\":%d,\"range\":[%d]}", k, 24 + 12 * round);
			send_order(c[k], o);
			assert_true(result_ok(c[k], &cur[k], NULL));
		}
	send_order(c[0], "{\"type\":\"serial\",\"gun\":0,\"range\":[36]}");
	assert_true(result_ok(c[0], &cur[0], NULL));
	usleep(200000);
	// Per-seat events: Bosrovia reads its rounds whole and Freedonia's veiled, and so on.
	for (int i = 0; i < g.nseats; i++) {
		bool own = false, other_whole = false, veiled = false;
		for (int k = 0; k < tw_wsc_count(c[i]); k++) {
			char *m = tw_wsc_msg(c[i], k);
			if (strncmp(m, "{\"type\":\"events\"", 16) == 0) {
				own |= i < 2 && strstr(m, i == 0 ? "gun 0: round 1 at 24 in" : "gun 1: round 1 at 24 in");
				other_whole |= i < 2 && strstr(m, i == 0 ? "gun 1: round 1 at 24 in" : "gun 0: round 1 at 24 in");
				if (i == 3)
					other_whole |= strstr(m, "round 1 at 24 in") != NULL;
				veiled |= strstr(m, "a report for") != NULL;
			}
			free(m);
		}
		if (i < 2) {
			assert_true(own);
			assert_false(other_whole);
			assert_true(veiled);
		} else if (i == 2) { // the umpire: everything whole
			assert_false(veiled);
		} else {
			assert_false(other_whole);
			assert_true(veiled);
		}
	}
	int frames = no_truth_but_the_umpire(c, &g, true);
	for (int i = 0; i < g.nseats; i++)
		tw_wsc_close(c[i]);
	// The battle, both sides the computer, the gun's truth set.
	tw_error err = {0};
	size_t len;
	char *txt = tw_read_file(TW_SOURCE_DIR "/scenarios/svl/battle.json", &len, &err);
	assert_non_null(txt);
	reg();
	tw_state b;
	if (tw_state_from_text(&b, txt, len, "battle.json", &err) != TW_OK)
		fail_msg("%s", err.message);
	free(txt);
	set_truth(&b, 0);
	req = json_pack("{s:o, s:{s:s, s:s}, s:{s:b}, s:i}", "scenario", tw_state_to_json(&b), "computer", b.sides[0].name,
			"svl-manual", b.sides[1].name, "svl-manual", "clock", "enabled", 0, "seed", 7);
	tw_state_free(&b);
	create(srv, req, &g);
	for (int i = 0; i < g.nseats; i++) {
		cur[i] = 0;
		c[i] = join(srv, &g, i);
		json_decref(tw_wsc_wait(c[i], "state", &cur[i], 3.0));
	}
	// Wait for the battle to be over (or 20 s).
	double t0 = tw_wsc_now();
	bool over = false;
	while (!over && tw_wsc_now() - t0 < 20.0) {
		usleep(100000);
		int n = tw_wsc_count(c[2]);
		char *m = n ? tw_wsc_msg(c[2], n - 1) : NULL;
		over = false;
		for (int k = n - 1; k >= 0 && k >= n - 4; k--) {
			free(m);
			m = tw_wsc_msg(c[2], k);
			if (strncmp(m, "{\"type\":\"state\"", 15) == 0) {
				over = strstr(m, "\"over\":true") != NULL;
				break;
			}
		}
		free(m);
	}
	int shots = 0;
	for (int k = 0; k < tw_wsc_count(c[3]); k++) {
		char *m = tw_wsc_msg(c[3], k);
		for (const char *p = m; (p = strstr(p, "\"type\":\"shot\"")) != NULL; p++)
			shots++;
		free(m);
	}
	print_message("battle: over %d after %.1f s, %d shot events read by the spectator\n", over, tw_wsc_now() - t0, shots);
	assert_true(shots > 0);
	frames += no_truth_but_the_umpire(c, &g, true);
	print_message("frames read: %d\n", frames);
	for (int i = 0; i < g.nseats; i++)
		tw_wsc_close(c[i]);
	tw_server_stop(srv);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_SV_EXPO_5_hammer_on_the_hosts_clock),
		cmocka_unit_test(test_SV_GUN_1_no_true_value_on_the_wire),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
