// Issue 16 (ll-web): Lloyd rosters as data. `tinwar roster list|show|add|set|check FILE`: the
// first troop types are the catalogue's decoded example fighters (NQ.STAT, tw_ll_troop_get);
// a malformed roster, stat line or weapon row is refused with its place (FILE:LINE:COL and the
// roster's JSON path) and changes nothing in the file.
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

#include "tinwar/ll_roster.h"
#include "tinwar/lloyd.h"
#include "tinwar/tinwar.h"
#include "cli_run.h"

static char dir[64];

static int run(char *out, size_t cap, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = tw_cli_vrun(out, cap, dir, fmt, ap);
	va_end(ap);
	return rc;
}

#define put(name, text) tw_cli_write(dir, name, text)

static char *slurp(const char *name)
{
	char path[256];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *b = calloc(1, 1 << 16);
	size_t n = fread(b, 1, (1 << 16) - 1, f);
	b[n] = 0;
	fclose(f);
	return b;
}

static int setup(void **st)
{
	(void)st;
	snprintf(dir, sizeof dir, "/tmp/tinwar-roster-XXXXXX");
	assert_non_null(mkdtemp(dir));
	return 0;
}

static int teardown(void **st)
{
	(void)st;
	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	return system(cmd) == 0 ? 0 : 1;
}

// A new roster's troop types are the table's, in its order, with its numbers.
static void test_NQ_STAT_first_troop_types_are_the_catalogues(void **st)
{
	(void)st;
	char out[8192];
	assert_int_equal(run(out, sizeof out, "%s roster add r.json man Aelfric --troop spearman", TW_CLI), 0);
	assert_int_equal(run(out, sizeof out, "%s roster list r.json", TW_CLI), 0);
	const char *at = out;
	for (int i = 0; i < tw_ll_troop_count(); i++) {
		const tw_ll_troop *t = tw_ll_troop_get(i);
		char want[96];
		snprintf(want, sizeof want, "  %-12s t=%d", t->name, t->t);
		const char *p = strstr(at, want);
		if (!p)
			fail_msg("no line '%s' after the last in:\n%s", want, out);
		at = p + 1;
	}
	assert_non_null(strstr(out, "spearman     t=13 s=3 m=5 nrows=2 weapon=[\"spear\",\"sword\"] w=[10,12]"));
	assert_non_null(strstr(out, "axeman       t=15 s=2 m=5 nrows=1 weapon=[\"axe\"] w=[9] d=[5]"));
	assert_non_null(strstr(out, "Aelfric      troop=\"spearman\""));
	assert_non_null(tw_ruleset_lloyd.roster); // ll-fin: the editor is the rule set's hook
	json_t *r = tw_ruleset_lloyd.roster->new_roster();
	assert_int_equal(json_array_size(json_object_get(r, "troops")), (size_t)tw_ll_troop_count());
	json_decref(r);
}

// add, set, show, check: a slow axeman is a troop type of the roster; a man's own number stands.
static void test_NQ_GEN_4_roster_edited(void **st)
{
	(void)st;
	char out[8192];
	assert_int_equal(run(out, sizeof out, "%s roster add e.json troop slowaxe --from axeman", TW_CLI), 0);
	assert_int_equal(run(out, sizeof out, "%s roster set e.json slowaxe m 3", TW_CLI), 0);
	assert_non_null(strstr(out, "$.troops[3].m = 3"));
	assert_int_equal(run(out, sizeof out, "%s roster add e.json man Brand --troop slowaxe", TW_CLI), 0);
	assert_int_equal(run(out, sizeof out, "%s roster set e.json Brand w[0] 11", TW_CLI), 0);
	assert_int_equal(run(out, sizeof out, "%s roster show e.json Brand", TW_CLI), 0);
	assert_non_null(strstr(out, "$.men[0]:"));
	assert_non_null(strstr(out, "\"troop\": \"slowaxe\""));
	assert_int_equal(run(out, sizeof out, "%s roster check e.json", TW_CLI), 0);
	assert_non_null(strstr(out, "e.json: 4 troop types, 1 men: good"));
	// No temporary file is left beside it.
	assert_int_equal(run(out, sizeof out, "ls"), 0);
	assert_null(strstr(out, ".tmp"));
}

// Refused changes: a stat line out of range, a weapon row out of range, a missile row's ranges
// that do not rise (NQ.STAT.6), an unknown field, a man of no troop type: each located by the
// roster's path, and the file byte for byte as it was.
static void test_NQ_STAT_bad_changes_refused_file_unchanged(void **st)
{
	(void)st;
	char out[8192];
	assert_int_equal(run(out, sizeof out, "%s roster add b.json man Aelfric --troop spearman", TW_CLI), 0);
	char *before = slurp("b.json");
	assert_non_null(before);
	struct {
		const char *cmd, *want;
	} bad[] = {
		{"roster set b.json Aelfric t 99", "b.json: $.men[0].t: integer 99 out of range"},
		{"roster set b.json spearman w[0] 33", "b.json: $.troops[0].w[0]: integer 33 out of range"},
		{"roster set b.json archer r[1] 2", "b.json: $.troops[1].r: row 0's ranges must rise"},
		{"roster set b.json archer weapon[0] halberd", "b.json: $.troops[1].weapon[0]"},
		{"roster set b.json axeman tt 3", "b.json: $.troops[2].tt: not a stat-line field"},
		{"roster add b.json man Cnut --troop knight", "b.json: $.men[1].troop: \"knight\" is not a troop type"},
		{"roster add b.json man Aelfric --troop axeman", "b.json: $.men[1].name: \"Aelfric\" twice"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(run(out, sizeof out, "%s %s", TW_CLI, bad[i].cmd), 2);
		if (!strstr(out, bad[i].want) || !strstr(out, "nothing changed"))
			fail_msg("%s: '%s' does not say '%s'", bad[i].cmd, out, bad[i].want);
		char *now = slurp("b.json");
		assert_string_equal(now, before);
		free(now);
	}
	assert_non_null(strstr(out, "nothing changed"));
	free(before);
}

// A file edited by hand: the error's line and column are the value's in the file.
static void test_NQ_STAT_bad_file_located(void **st)
{
	(void)st;
	char out[8192];
	put("h.json", "{\"format\": \"tinwar-roster\", \"ruleset\": \"lloyd\",\n"
		      " \"troops\": [\n"
		      "  {\"name\": \"axeman\", \"t\": 15, \"s\": 2, \"m\": 5, \"nrows\": 1,\n"
		      "   \"weapon\": [\"axe\"], \"w\": [9], \"d\": [5], \"reach\": [\"normal\"]},\n"
		      "  {\"name\": \"bowman\", \"t\": 13, \"m\": 6, \"nrows\": 1, \"weapon\": [\"bow\"], \"w\": [12],\n"
		      "   \"d\": [4], \"reach\": [\"missile\"], \"r\": [30, 18, 6]}],\n"
		      " \"men\": [{\"name\": \"Ulf\", \"troop\": \"axeman\", \"m\": 4}]}\n");
	assert_int_equal(run(out, sizeof out, "%s roster check h.json", TW_CLI), 2);
	if (!strstr(out, "h.json:6:41: $.troops[1].r: row 0's ranges must rise") || !strstr(out, "(NQ.STAT.6)"))
		fail_msg("not located: %s", out);
	put("m.json", "{\"format\": \"tinwar-roster\", \"ruleset\": \"lloyd\",\n \"troops\": [],\n \"men\": [\n");
	assert_int_equal(run(out, sizeof out, "%s roster check m.json", TW_CLI), 2);
	assert_non_null(strstr(out, "m.json:4:"));
	put("k.json", "{\"format\": \"tinwar-roster\", \"ruleset\": \"lloyd\", \"troops\": [],\n \"men\": [], \"colour\": 1}\n");
	assert_int_equal(run(out, sizeof out, "%s roster check k.json", TW_CLI), 2);
	assert_non_null(strstr(out, "$.colour: unknown key"));
	// The library's locator: the deepest part of the path found.
	const char *t = "{\"a\": [1, {\"b\": 2}],\n \"c\": 3}";
	int l = 0, c = 0;
	assert_true(tw_ll_json_locate(t, strlen(t), "$.a[1].b", &l, &c));
	assert_int_equal(l, 1);
	assert_int_equal(c, 17);
	assert_true(tw_ll_json_locate(t, strlen(t), "$.c", &l, &c));
	assert_int_equal(l, 2);
	assert_int_equal(c, 7);
	assert_true(tw_ll_json_locate(t, strlen(t), "$.a[5]", &l, &c));
	assert_int_equal(c, 7); // the array itself
}

int main(void)
{
	tw_register_builtin();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_NQ_STAT_first_troop_types_are_the_catalogues),
		cmocka_unit_test(test_NQ_GEN_4_roster_edited),
		cmocka_unit_test(test_NQ_STAT_bad_changes_refused_file_unchanged),
		cmocka_unit_test(test_NQ_STAT_bad_file_located),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
