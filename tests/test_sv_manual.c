// Science versus Luck: manuals as documents (SV.DOC.11-15): the file read and written back, every
// bad document refused with its JSON path and the clause it breaks, the national constraints of
// SV.BRF.8, and the `manual` order (documents as orders) with its versions; a refused manual
// changes nothing.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "tinwar/tinwar.h"
#include "tinwar/io.h"
#include "tinwar/physics.h"
#include "rules/svl/sv.h"
#include "sv_scene.h"

#define reg svt_register // the shared registration (tests/support/sv_scene.c)

static const char IM_DOC[] =
	"{\"format\": \"tinwar-svl-manual\", \"arm\": \"infantry\", \"country\": \"Sylvania\", \"author\": \"T3 (Anna)\",\n"
	" \"version\": 1,\n"
	" \"fields\": {\"pace\": \"RUN_WITHIN(18)\", \"cover\": \"PREFER(4)\", \"formation\": \"COLUMN(3)\", \"spacing\": 2.5,\n"
	"  \"route\": \"LEFT\", \"fire\": \"WITHIN_6\", \"fire_mode\": \"ALTERNATE\", \"assault\": 8, \"bugler\": \"REQUIRED\",\n"
	"  \"commander\": \"REAR\", \"on_pause\": \"GO_TO_GROUND\", \"on_recoil\": \"STRAIGHT_BACK\"},\n"
	" \"notes\": \"Up the left through the wood.\"}";
static const char AM_DOC[] =
	"{\"format\": \"tinwar-svl-manual\", \"arm\": \"artillery\", \"country\": \"Vorlandia\", \"author\": \"T5\",\n"
	" \"version\": 3,\n"
	" \"fields\": {\"open_fire\": 60, \"targets\": [\"DENSEST\", \"COMMANDER\", \"NEAREST\"], \"tempo\": \"DELIBERATE\",\n"
	"  \"tempo_close\": \"RAPID\", \"range_factor\": 0.86, \"aim_beyond\": -2.5, \"move\": \"WITHDRAW_WITHIN(10)\"}}";

// doc with the first `from` replaced by `to` (static buffer).
static const char *edit(const char *doc, const char *from, const char *to)
{
	static char buf[4096];
	const char *p = strstr(doc, from);
	assert_non_null(p);
	snprintf(buf, sizeof buf, "%.*s%s%s", (int)(p - doc), doc, to, p + strlen(from));
	return buf;
}

static tw_status parse(const char *doc, bool constraints, tw_sv_manual *m, tw_error *err)
{
	tw_error_clear(err);
	return tw_sv_manual_parse(doc, strlen(doc), constraints, m, err);
}

static void test_SV_DOC_11_12_13_manual_documents_read_and_written(void **st)
{
	(void)st;
	tw_sv_manual m, back;
	tw_error err;
	if (parse(IM_DOC, true, &m, &err) != TW_OK)
		fail_msg("%s %s %s", err.clause, err.path, err.message);
	assert_int_equal(m.arm, TW_SV_INFANTRY);
	assert_int_equal(m.country, TW_SV_SYLVANIA);
	assert_int_equal(m.version, 1);
	assert_string_equal(m.author, "T3 (Anna)");
	assert_string_equal(m.notes, "Up the left through the wood.");
	assert_int_equal(m.v[SV_IM_PACE], SV_PACE_WITHIN);
	assert_int_equal(m.v[SV_IM_PACE_P], 180); // tenths of an inch
	assert_int_equal(m.v[SV_IM_COVER], SV_COVER_PREFER);
	assert_int_equal(m.v[SV_IM_COVER_P], 40);
	assert_int_equal(m.v[SV_IM_FORM], 1); // COLUMN(3)
	assert_int_equal(m.v[SV_IM_FORM_P], 3);
	assert_int_equal(m.v[SV_IM_SPACING], 25);
	assert_int_equal(m.v[SV_IM_ASSAULT], 80);
	assert_int_equal(m.v[SV_IM_BUGLER], 1);
	assert_int_equal(m.v[SV_IM_CMD], SV_CMD_REAR);
	assert_int_equal(m.v[SV_IM_PAUSE], SV_PAUSE_GROUND);
	assert_int_equal(m.v[SV_IM_RECOIL], SV_RECOIL_BACK);
	char *text = tw_sv_manual_dump(&m); // written and read back: the same manual
	assert_non_null(text);
	assert_int_equal(parse(text, true, &back, &err), TW_OK);
	assert_memory_equal(&m, &back, sizeof m);
	free(text);

	if (parse(AM_DOC, true, &m, &err) != TW_OK)
		fail_msg("%s %s %s", err.clause, err.path, err.message);
	assert_int_equal(m.arm, TW_SV_ARTILLERY);
	assert_int_equal(m.v[SV_AM_OPEN], 600);
	assert_int_equal(m.v[SV_AM_TARGETS + 0], SV_TGT_DENSEST);
	assert_int_equal(m.v[SV_AM_TARGETS + 1], SV_TGT_COMMANDER);
	assert_int_equal(m.v[SV_AM_TARGETS + 2], SV_TGT_NEAREST);
	assert_int_equal(m.v[SV_AM_TARGETS + 3], SV_TGT_NONE);
	assert_int_equal(m.v[SV_AM_TEMPO], TW_SV_DELIBERATE);
	assert_int_equal(m.v[SV_AM_CLOSE], 2); // RAPID (SAME, STEADY, RAPID, DELIBERATE)
	assert_int_equal(m.v[SV_AM_RFACTOR], 86);
	assert_int_equal(m.v[SV_AM_BEYOND], -25);
	assert_int_equal(m.v[SV_AM_MOVE], SV_GMOVE_WITHDRAW);
	assert_int_equal(m.v[SV_AM_MOVE_P], 100);
	text = tw_sv_manual_dump(&m);
	assert_int_equal(parse(text, true, &back, &err), TW_OK);
	assert_memory_equal(&m, &back, sizeof m);
	free(text);

	// The defaults offered (SV.DOC.12-13) make a valid manual for a country without constraints
	// on that arm, and are the catalogue's first values.
	tw_sv_manual_default(&m, TW_SV_ARTILLERY, TW_SV_BOSROVIA);
	assert_int_equal(tw_sv_manual_check(&m, true, &err), TW_OK);
	assert_int_equal(m.v[SV_AM_RFACTOR], 100);
	assert_int_equal(m.v[SV_AM_TARGETS], SV_TGT_NEAREST);
	tw_sv_manual_default(&m, TW_SV_INFANTRY, TW_SV_ALBIONIA);
	assert_int_equal(tw_sv_manual_check(&m, true, &err), TW_OK);
	assert_int_equal(m.v[SV_IM_SPACING], 10);
	assert_int_equal(m.v[SV_IM_ASSAULT], 60);
	assert_int_equal(m.v[SV_IM_COVER_P], 30);
}

// SV.DOC.14: every bad document refused with where and why.
static void test_SV_DOC_14_validation_located(void **st)
{
	(void)st;
	static const struct {
		const char *from, *to, *clause, *path;
		int arm;
	} bad[] = {
		{"\"pace\": \"RUN_WITHIN(18)\", ", "", "SV.DOC.11", "$.fields.pace", 0},
		{"RUN_WITHIN(18)", "RUN_WITHIN(40)", "SV.DOC.12", "$.fields.pace", 0},
		{"RUN_WITHIN(18)", "RUN_WITHIN", "SV.DOC.11", "$.fields.pace", 0},
		{"RUN_WITHIN(18)", "NEVER_RUN(3)", "SV.DOC.12", "$.fields.pace", 0},
		{"RUN_WITHIN(18)", "SPRINT", "SV.DOC.12", "$.fields.pace", 0},
		{"COLUMN(3)", "GROUPS(7)", "SV.DOC.12", "$.fields.formation", 0},
		{"\"spacing\": 2.5", "\"spacing\": 6.5", "SV.DOC.12", "$.fields.spacing", 0},
		{"\"spacing\": 2.5", "\"spacing\": \"wide\"", "SV.DOC.12", "$.fields.spacing", 0},
		{"\"assault\": 8", "\"assault\": -1", "SV.DOC.12", "$.fields.assault", 0},
		{"\"route\": \"LEFT\"", "\"tempo\": \"RAPID\", \"route\": \"LEFT\"", "SV.DOC.12", "$.fields.tempo", 0},
		{"\"infantry\"", "\"cavalry\"", "SV.DOC.11", "$.arm", 0},
		{"\"Sylvania\"", "\"Atlantis\"", "SV.DOC.11", "$.country", 0},
		{"\"version\": 1", "\"version\": 0", "SV.DOC.15", "$.version", 0},
		{"\"author\": \"T3 (Anna)\"", "\"author\": \"\"", "SV.DOC.11", "$.author", 0},
		{"\"notes\"", "\"remarks\"", "SV.DOC.11", "$.remarks", 0},
		{"tinwar-svl-manual", "tinwar-scenario", "SV.DOC.11", "$.format", 0},
		{"[\"DENSEST\", \"COMMANDER\", \"NEAREST\"]", "[\"DENSEST\", \"DENSEST\"]", "SV.DOC.13", "$.fields.targets[1]", 1},
		{"[\"DENSEST\", \"COMMANDER\", \"NEAREST\"]", "[]", "SV.DOC.13", "$.fields.targets", 1},
		{"[\"DENSEST\", \"COMMANDER\", \"NEAREST\"]", "[\"DENSEST\", \"BIGGEST\"]", "SV.DOC.13", "$.fields.targets[1]", 1},
		{"\"open_fire\": 60", "\"open_fire\": 6", "SV.DOC.13", "$.fields.open_fire", 1},
		{"\"range_factor\": 0.86", "\"range_factor\": 1.6", "SV.DOC.13", "$.fields.range_factor", 1},
		{"\"aim_beyond\": -2.5", "\"aim_beyond\": -7", "SV.DOC.13", "$.fields.aim_beyond", 1},
		{"WITHDRAW_WITHIN(10)", "WITHDRAW_WITHIN(30)", "SV.DOC.13", "$.fields.move", 1},
	};
	for (size_t i = 0; i < TW_ARRAY_COUNT(bad); i++) {
		tw_sv_manual m;
		tw_error err;
		const char *doc = edit(bad[i].arm ? AM_DOC : IM_DOC, bad[i].from, bad[i].to);
		if (parse(doc, true, &m, &err) != TW_ERR_INPUT)
			fail_msg("case %zu accepted", i);
		if (strcmp(err.clause, bad[i].clause) != 0 || strcmp(err.path, bad[i].path) != 0)
			fail_msg("case %zu: %s %s (%s), expected %s %s", i, err.clause, err.path, err.message, bad[i].clause,
				 bad[i].path);
		assert_non_null(strstr(err.message, bad[i].path)); // the message says where too
	}
	// Malformed JSON: line and column.
	tw_sv_manual m;
	tw_error err;
	assert_int_equal(parse("{\"format\": \"tinwar-svl-manual\",\n \"arm\": }", true, &m, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "SV.DOC.11");
	assert_int_equal(err.line, 2);
	assert_true(err.column > 0);
	// Duplicated keys are refused.
	assert_int_equal(parse(edit(IM_DOC, "\"route\": \"LEFT\"", "\"route\": \"LEFT\", \"route\": \"RIGHT\""), true, &m, &err),
			 TW_ERR_INPUT);
}

// SV.BRF.8: the national constraints, checked by SV.DOC.14 unless the game switches them off.
static void test_SV_BRF_8_national_constraints(void **st)
{
	(void)st;
	tw_sv_manual m;
	tw_error err;
	// Sylvania: IM.spacing >= 2", IM.cover not IGNORE.
	const char *doc = edit(IM_DOC, "\"spacing\": 2.5", "\"spacing\": 1.5");
	assert_int_equal(parse(doc, true, &m, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "SV.BRF.8");
	assert_string_equal(err.path, "$.fields.spacing");
	assert_int_equal(parse(doc, false, &m, &err), TW_OK); // switched off
	doc = edit(IM_DOC, "PREFER(4)", "IGNORE");
	assert_int_equal(parse(doc, true, &m, &err), TW_ERR_INPUT);
	assert_string_equal(err.path, "$.fields.cover");
	// Bosrovia: spacing <= 1", bugler REQUIRED.
	doc = edit(IM_DOC, "Sylvania", "Bosrovia");
	assert_int_equal(parse(doc, true, &m, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "SV.BRF.8");
	assert_string_equal(err.path, "$.fields.spacing");
	// Freedonia: commander FRONT (REAR here).
	doc = edit(IM_DOC, "Sylvania", "Freedonia");
	assert_int_equal(parse(doc, true, &m, &err), TW_ERR_INPUT);
	assert_string_equal(err.path, "$.fields.commander");
	// Ruritania: bugler REQUIRED (given), commander FRONT.
	doc = edit(IM_DOC, "Sylvania", "Ruritania");
	assert_int_equal(parse(doc, true, &m, &err), TW_ERR_INPUT);
	assert_string_equal(err.path, "$.fields.commander");
	// Albionia: IM.pace not RUN_ANYTIME; the Sylvanian manual is fine for Albionia.
	doc = edit(IM_DOC, "Sylvania", "Albionia");
	assert_int_equal(parse(doc, true, &m, &err), TW_OK);
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s", doc);
	assert_int_equal(parse(edit(tmp, "RUN_WITHIN(18)", "RUN_ANYTIME"), true, &m, &err), TW_ERR_INPUT);
	assert_string_equal(err.path, "$.fields.pace");
	// Vorlandia: AM.open_fire >= 48" or 0.
	assert_int_equal(parse(edit(AM_DOC, "\"open_fire\": 60", "\"open_fire\": 47.5"), true, &m, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "SV.BRF.8");
	assert_string_equal(err.path, "$.fields.open_fire");
	assert_int_equal(parse(edit(AM_DOC, "\"open_fire\": 60", "\"open_fire\": 0"), true, &m, &err), TW_OK);
	assert_int_equal(parse(edit(AM_DOC, "\"open_fire\": 60", "\"open_fire\": 48"), true, &m, &err), TW_OK);
	// Albionia: AM.tempo STEADY or DELIBERATE; Ruritania: AM.move not WITHDRAW_WITHIN.
	snprintf(tmp, sizeof tmp, "%s", edit(AM_DOC, "Vorlandia", "Albionia"));
	assert_int_equal(parse(tmp, true, &m, &err), TW_OK);
	assert_int_equal(parse(edit(tmp, "DELIBERATE", "RAPID"), true, &m, &err), TW_ERR_INPUT);
	assert_string_equal(err.path, "$.fields.tempo");
	assert_int_equal(parse(edit(AM_DOC, "Vorlandia", "Ruritania"), true, &m, &err), TW_ERR_INPUT);
	assert_string_equal(err.path, "$.fields.move");
}

// svt_scene's table and STA gun, one infantryman at (24, 60), set up.
static tw_state *scene(void)
{
	tw_state *s = svt_scene("STA");
	svt_man(s, 24, 60);
	svt_setup(s);
	return s;
}

static tw_status apply(tw_state *s, const tw_order *o, tw_events *ev, tw_error *err)
{
	tw_error_clear(err);
	tw_events_clear(ev);
	return tw_state_apply(s, o, NULL, ev, err);
}

// SV.DOC.15 (and SV.DOC.4's validation at submission): the manual order puts a valid, later
// version in force before the battle begins; anything else is refused and changes nothing.
static void test_SV_DOC_15_manual_order_versions(void **st)
{
	(void)st;
	tw_state *s = scene();
	tw_order *o = malloc(sizeof *o);
	tw_events ev = {0};
	tw_error err;
	tw_sv_manual m;
	assert_int_equal(parse(IM_DOC, true, &m, &err), TW_OK);
	sv_manual_to_order(&m, 0, o);
	assert_int_equal(apply(s, o, &ev, &err), TW_OK);
	const sv_srec *r = SVS(s, 0);
	assert_int_equal(r->im_version, 1);
	assert_int_equal(r->country, TW_SV_SYLVANIA);
	assert_int_equal(r->pace, SV_PACE_WITHIN);
	assert_true(r->pace_x == 18.0 && r->cover_d == 4.0 && r->spacing == 2.5 && r->assault == 8.0);
	assert_int_equal(r->fire, SV_FIRE_WITHIN_6);
	assert_int_equal(r->fire_mode, SV_FMODE_ALTERNATE);
	assert_int_equal(r->bugler, 1);
	assert_int_equal(r->commander, SV_CMD_REAR);
	assert_int_equal(r->on_recoil, SV_RECOIL_BACK);
	assert_int_equal(ev.n, 1);
	assert_string_equal(ev.v[0].clause, "SV.DOC.15");
	assert_non_null(strstr(ev.v[0].text, "Sylvania's Infantry Manual, version 1, in force"));
	// The same version again: refused, nothing changes.
	uint64_t h = tw_state_hash(s);
	assert_int_equal(apply(s, o, &ev, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "SV.DOC.15");
	assert_string_equal(err.path, "$.version");
	assert_true(tw_state_hash(s) == h);
	// Another country's manual for this side: refused.
	tw_sv_manual other = m;
	other.country = TW_SV_ALBIONIA;
	other.version = 2;
	sv_manual_to_order(&other, 0, o);
	assert_int_equal(apply(s, o, &ev, &err), TW_ERR_INPUT);
	assert_string_equal(err.path, "$.country");
	// An invalid one sent as an order (not through the file): refused with its path.
	other = m;
	other.version = 2;
	other.v[SV_IM_SPACING] = 70;
	sv_manual_to_order(&other, 0, o);
	assert_int_equal(apply(s, o, &ev, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "SV.DOC.12");
	assert_string_equal(err.path, "$.fields.spacing");
	other.v[SV_IM_SPACING] = 15; // Sylvania: at least 2"
	sv_manual_to_order(&other, 0, o);
	assert_int_equal(apply(s, o, &ev, &err), TW_ERR_INPUT);
	assert_string_equal(err.clause, "SV.BRF.8");
	assert_true(tw_state_hash(s) == h);
	// Version 2 is accepted; the gun's side gives its Artillery Manual.
	other.v[SV_IM_SPACING] = 30;
	sv_manual_to_order(&other, 0, o);
	assert_int_equal(apply(s, o, &ev, &err), TW_OK);
	assert_true(SVS(s, 0)->spacing == 3.0);
	assert_int_equal(SVS(s, 0)->im_version, 2);
	assert_int_equal(parse(AM_DOC, true, &m, &err), TW_OK);
	sv_manual_to_order(&m, 1, o);
	assert_int_equal(apply(s, o, &ev, &err), TW_OK);
	r = SVS(s, 1);
	assert_int_equal(r->am_version, 3);
	assert_true(r->open_fire == 60 && r->range_factor == 0.86 && r->aim_beyond == -2.5 && r->gmove_x == 10);
	assert_int_equal(r->targets[0], SV_TGT_DENSEST);
	assert_int_equal(r->tempo, TW_SV_DELIBERATE);
	// The battle begins (the first move): no more manuals (SV.DOC.15).
	tw_order *mv = malloc(sizeof *mv);
	tw_order_init(mv, SV_OT_MOVE, 0);
	mv->nfig = 1;
	mv->fig[0] = 0;
	mv->has_at = true;
	mv->at[0] = tw_v2(24, 55);
	assert_int_equal(apply(s, mv, &ev, &err), TW_OK);
	other.version = 3;
	sv_manual_to_order(&other, 0, o);
	h = tw_state_hash(s);
	assert_int_equal(apply(s, o, &ev, &err), TW_ERR_ILLEGAL);
	assert_string_equal(err.clause, "SV.DOC.15");
	assert_true(tw_state_hash(s) == h);
	// The umpire submits none.
	sv_manual_to_order(&other, TW_SEAT_UMPIRE, o);
	assert_int_not_equal(apply(s, o, &ev, &err), TW_OK);
	tw_events_free(&ev);
	free(mv);
	free(o);
	tw_state_free(s);
	free(s);
}

// The order round-trips through the order file format (documents as orders, replayable).
static void test_SV_DOC_11_manual_order_json_round_trip(void **st)
{
	(void)st;
	tw_state *s = scene();
	tw_sv_manual m;
	tw_error err;
	assert_int_equal(parse(AM_DOC, true, &m, &err), TW_OK);
	tw_order *o = malloc(sizeof *o), *back = malloc(sizeof *back);
	sv_manual_to_order(&m, 1, o);
	json_t *j = tw_order_to_json(o, s);
	assert_non_null(j);
	char *text = json_dumps(j, 0);
	assert_non_null(strstr(text, "\"type\": \"manual\""));
	if (!strstr(text, "\"arm\": 1, \"doc\": [6, 3, 600, 1, 2, 0, 7, 7, 7, 7, 2, 2, 86, -25, 2, 100, 0, 0]"))
		fail_msg("%s", text);
	if (tw_order_from_json(back, s, j, "$", &err) != TW_OK)
		fail_msg("%s %s", err.path, err.message);
	json_decref(j);
	tw_sv_manual m2;
	sv_manual_from_order(back, &m2);
	assert_int_equal(m2.arm, m.arm);
	assert_int_equal(m2.country, m.country);
	assert_int_equal(m2.version, m.version);
	assert_memory_equal(m2.v, m.v, sizeof m.v);
	free(text);
	free(o);
	free(back);
	tw_state_free(s);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_SV_DOC_11_12_13_manual_documents_read_and_written),
		cmocka_unit_test(test_SV_DOC_14_validation_located),
		cmocka_unit_test(test_SV_BRF_8_national_constraints),
		cmocka_unit_test(test_SV_DOC_15_manual_order_versions),
		cmocka_unit_test(test_SV_DOC_11_manual_order_json_round_trip),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
