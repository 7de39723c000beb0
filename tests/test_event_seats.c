// Per-seat events (docs/design.md "Events for some seats"): an event may name the sides that read
// it whole; every other seat (another side, a spectator) reads a veiled form; the umpire, the
// host and the log keep the whole truth. The core functions, their JSON, and `tinwar replay
// --events --seat` on a Science versus Luck test range (SV.DOC.8: each team's measurements are
// its own).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tinwar/tinwar.h"
#include "tinwar/io.h"
#include "tinwar/physics.h"
#include "rules/svl/sv.h"

static void test_an_event_for_some_sides_only(void **st)
{
	(void)st;
	tw_state *s = calloc(1, sizeof *s);
	s->nsides = 3;
	strcpy(s->sides[0].name, "red");
	strcpy(s->sides[1].name, "blue");
	strcpy(s->sides[2].name, "green");
	tw_events ev = {0};
	tw_event *pub = tw_events_push(&ev, TW_EV_MOVE, 0, "T.1");
	pub->a = 4;
	tw_event_text(pub, "everyone sees this");
	tw_event *e = tw_events_push(&ev, TW_EV_DICE, 0, "T.2");
	e->a = 9;
	e->x = 12.5;
	e->dice_sides = 6;
	e->nfaces = 2;
	e->faces[0] = 4;
	e->faces[1] = 5;
	tw_event_text(e, "the secret throw: 4 and 5");
	tw_event_only(e, 0);
	tw_event_only(e, 2);
	tw_event_only(e, 40); // not a side: ignored
	tw_event_only(NULL, 1);
	assert_true(e->seen == 5u);
	// Who reads it whole: red and green, the umpire, the host; not blue nor a spectator.
	assert_true(tw_event_seen_by(e, 0) && tw_event_seen_by(e, 2));
	assert_true(tw_event_seen_by(e, TW_SEAT_UMPIRE) && tw_event_seen_by(e, TW_SEAT_HOST));
	assert_false(tw_event_seen_by(e, 1) || tw_event_seen_by(e, -2) || tw_event_seen_by(e, 31));
	for (int seat = -3; seat < 3; seat++)
		assert_true(tw_event_seen_by(pub, seat));
	// The veiled form: seq, move, side, clause kept; nothing else.
	tw_event v = *e;
	tw_event_for_seat(&v, 1, s);
	assert_int_equal(v.type, TW_EV_INFO);
	assert_int_equal(v.side, 0);
	assert_string_equal(v.clause, "T.2");
	assert_true(v.a == -1 && v.x == 0 && v.dice_sides == 0 && v.nfaces == 0 && v.faces[0] == 0);
	assert_string_equal(v.text, "a report for red, green only");
	v = *e;
	tw_event_for_seat(&v, 2, s);
	assert_memory_equal(&v, e, sizeof v);
	v = *e;
	tw_event_veil(&v, NULL);
	assert_string_equal(v.text, "a report for side 0, side 2 only");
	// JSON: the whole event names its readers; a seat's list veils it.
	json_t *w = tw_event_to_json(e);
	assert_int_equal(json_array_size(json_object_get(w, "seen")), 2);
	json_decref(w);
	json_t *pj = tw_event_to_json(pub);
	assert_null(json_object_get(pj, "seen"));
	json_decref(pj);
	for (int seat = -2; seat < 3; seat++) {
		json_t *a = tw_events_to_json_seat(&ev, 0, -1, s, seat);
		assert_int_equal(json_array_size(a), 2);
		char *t = json_dumps(a, JSON_COMPACT);
		bool whole = seat != 1 && seat != -2;
		assert_true((strstr(t, "the secret throw") != NULL) == whole);
		assert_true((strstr(t, "\"faces\"") != NULL) == whole);
		assert_true((strstr(t, "a report for red, green only") != NULL) == !whole);
		assert_non_null(strstr(t, "everyone sees this"));
		free(t);
		json_decref(a);
	}
	tw_events_free(&ev);
	free(s);
}

static void reg(void)
{
	extern const tw_ruleset tw_ruleset_littlewars, tw_ruleset_grant, tw_ruleset_rattle;
	static const tw_ruleset *const list[] = {&tw_ruleset_littlewars, &tw_ruleset_grant, &tw_ruleset_rattle,
						 &tw_ruleset_svl};
	tw_register_builtin();
	tw_register_rulesets(list, 4);
}

static int run(char *out, size_t cap, const char *cmd)
{
	FILE *p = popen(cmd, "r");
	assert_non_null(p);
	size_t n = 0, k;
	char buf[4096];
	while ((k = fread(buf, 1, sizeof buf, p)) > 0)
		if (n + k < cap) {
			memcpy(out + n, buf, k);
			n += k;
		}
	out[n] = 0;
	int rc = pclose(p);
	return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

// SV.DOC.8 through a log: two teams fire a test round each; `tinwar replay --events` for a team
// gives its own round whole and the other's veiled; for the umpire (the default) both whole.
static void test_SV_DOC_8_replay_events_for_a_seat(void **st)
{
	(void)st;
	reg();
	tw_state *s = calloc(1, sizeof *s);
	assert_int_equal(tw_state_set_ruleset(s, tw_ruleset_find("svl")), TW_OK);
	tw_ruleset_defaults(&tw_ruleset_svl, s);
	s->params[SVP_STAGE] = SV_STAGE_RANGE;
	s->table.width = 36;
	s->table.depth = 96;
	s->nsides = 2;
	strcpy(s->sides[0].name, "Bosrovia");
	strcpy(s->sides[1].name, "Freedonia");
	s->sides[0].forward = s->sides[1].forward = 1; // a log's state needs it (both fire down the lane)
	tw_gun g = {.id = 0, .side = 0, .orig_side = 0, .model = tw_gun_model_find("STA"), .axle = {18, 0},
		    .trail = 3, .half_axle = 0.9, .muzzle = 2};
	assert_non_null(tw_state_add_gun(s, &g));
	g = (tw_gun){.id = 1, .side = 1, .orig_side = 1, .model = tw_gun_model_find("VUL"), .axle = {18, 0},
		     .trail = 3, .half_axle = 0.9, .muzzle = 2};
	assert_non_null(tw_state_add_gun(s, &g));
	tw_error err = {0};
	tw_game *gm = tw_game_new(s, 5, NULL, &err);
	if (!gm)
		fail_msg("%s %s", err.clause, err.message);
	tw_order *o = malloc(sizeof *o);
	for (int side = 0; side < 2; side++) {
		tw_order_init(o, SV_OT_TEST, side);
		o->gun = side;
		o->nval = 1;
		o->val[0] = 36;
		o->n = TW_SV_STEADY;
		int first, count;
		if (tw_game_apply(gm, o, &first, &count, &err) != TW_OK)
			fail_msg("%s %s", err.clause, err.message);
	}
	char dir[] = "/tmp/tw_evseatXXXXXX", path[128], cmd[512];
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/range.json", dir);
	assert_int_equal(tw_game_log_save(gm, path, &err), TW_OK);
	char *out = malloc(1 << 16);
	snprintf(cmd, sizeof cmd, "%s replay %s --events --seat Freedonia 2>&1", TW_CLI, path);
	assert_int_equal(run(out, 1 << 16, cmd), 0);
	assert_null(strstr(out, "gun 0: round 1 at 36 in"));
	assert_non_null(strstr(out, "gun 1: round 1 at 36 in"));
	assert_non_null(strstr(out, "a report for Bosrovia only"));
	assert_non_null(strstr(out, "matches the log"));
	snprintf(cmd, sizeof cmd, "%s replay %s --events --seat spectator 2>&1", TW_CLI, path);
	assert_int_equal(run(out, 1 << 16, cmd), 0);
	assert_null(strstr(out, "round 1 at 36 in"));
	assert_non_null(strstr(out, "a report for Freedonia only"));
	snprintf(cmd, sizeof cmd, "%s replay %s --events 2>&1", TW_CLI, path);
	assert_int_equal(run(out, 1 << 16, cmd), 0);
	assert_non_null(strstr(out, "gun 0: round 1 at 36 in"));
	assert_non_null(strstr(out, "gun 1: round 1 at 36 in"));
	assert_null(strstr(out, "a report for"));
	snprintf(cmd, sizeof cmd, "%s replay %s --events --seat Nowhere 2>&1", TW_CLI, path);
	assert_int_equal(run(out, 1 << 16, cmd), 2);
	assert_non_null(strstr(out, "no such side"));
	unlink(path);
	rmdir(dir);
	free(out);
	free(o);
	tw_game_free(gm);
	tw_state_free(s);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_an_event_for_some_sides_only),
		cmocka_unit_test(test_SV_DOC_8_replay_events_for_a_seat),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
