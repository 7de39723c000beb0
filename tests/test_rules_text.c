// The clause texts (issue 19): every clause id of the Little Wars, Grant, Rattle and Science
// versus Luck catalogues
// has a text (against docs/rules/clause-ids.txt, made by tools/clause_ids.py: the catalogues
// are not in the repository), `tinwar rules ID` prints exactly the file's text, a family lists
// its clauses, and an unknown id is refused with the nearest ids and the files of texts.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "tinwar/rules_text.h"

static char out[1 << 16];

/// Runs a shell command: its exit code, stdout (and stderr if `both`) into out.
static int run(bool both, const char *fmt, ...)
{
	char cmd[1024], full[1100];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	snprintf(full, sizeof full, "%s%s", cmd, both ? " 2>&1" : " 2>/dev/null");
	FILE *p = popen(full, "r");
	assert_non_null(p);
	size_t n = fread(out, 1, sizeof out - 1, p);
	out[n] = 0;
	int st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *b = malloc((size_t)n + 1);
	assert_non_null(b);
	assert_int_equal(fread(b, 1, (size_t)n, f), (size_t)n);
	b[n] = 0;
	fclose(f);
	return b;
}

/// What the file says for `id`, read here on its own: "ID — title\ntext\n" as `tinwar rules`
/// prints it (the heading line, then the lines up to the next '#' line or the end of the file,
/// blank ends dropped).
// ll-reg: Lloyd's ids (docs/rules/lloyd-clauses.md): NQ, FP, LT, DU, MS, IN, TF, SP, CA and LL.EX.
static bool is_lloyd(const char *id)
{
	static const char *const pre[] = {"NQ.", "FP.", "LT.", "DU.", "MS.", "IN.", "TF.", "SP.", "CA.", "LL."};
	for (size_t i = 0; i < sizeof pre / sizeof pre[0]; i++)
		if (strncmp(id, pre[i], 3) == 0)
			return true;
	return false;
}

static char *expected_from_file(const char *file, const char *id)
{
	char *doc = slurp(file), head[64];
	snprintf(head, sizeof head, "\n### %s \xe2\x80\x94 ", id);
	char *h = strstr(doc, head);
	assert_non_null(h);
	char *start = h + 1, *eol = strchr(start, '\n');
	assert_non_null(eol);
	char *body = eol + 1, *end = strstr(body, "\n#");
	if (!end) // the file's last clause ends with the file
		end = body + strlen(body);
	while (body < end && *body == '\n')
		body++;
	while (end > body && (end[-1] == '\n' || end[-1] == ' '))
		end--;
	size_t nh = (size_t)(eol - start) - 4, nb = (size_t)(end - body);
	char *want = malloc(nh + nb + 3);
	memcpy(want, start + 4, nh);
	want[nh] = '\n';
	memcpy(want + nh + 1, body, nb);
	want[nh + 1 + nb] = '\n';
	want[nh + 2 + nb] = 0;
	free(doc);
	return want;
}

/// Every clause id of the four catalogues has a title and a text, and there is no text for an
/// id the catalogues do not have (a malformed heading would be one missing, a stray one extra).
static void test_every_catalogue_clause_has_a_text(void **st)
{
	(void)st;
	FILE *f = fopen("docs/rules/clause-ids.txt", "r");
	assert_non_null(f);
	char line[64];
	int n = 0, lw = 0, gr = 0, rd = 0, sv = 0, ll = 0;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = 0;
		const char *title = NULL, *text = tw_rule_text(line, &title);
		if (!text)
			fail_msg("no clause text for %s", line);
		assert_non_null(title);
		assert_true(strlen(title) > 0);
		assert_true(strlen(text) > 0);
		n++;
		lw += strncmp(line, "LW.", 3) == 0 || strncmp(line, "KS.", 3) == 0;
		gr += strncmp(line, "GR.", 3) == 0;
		rd += strncmp(line, "RD.", 3) == 0;
		sv += strncmp(line, "SV.", 3) == 0;
		ll += is_lloyd(line);
	}
	fclose(f);
	assert_int_equal(lw, 171);
	assert_int_equal(gr, 157);
	assert_int_equal(rd, 140); // RD.EX.1-21 among them
	assert_int_equal(sv, 143); // SV.EX.1-19 among them
	assert_int_equal(ll, 251); // ll-reg: LL.EX.1-11 among them
	assert_int_equal(lw + gr + rd + sv + ll, n);
	assert_int_equal(tw_rule_text_count(), n);
	int seen = 0;
	for (int i = 0; i < n; i++) { // the rule set of a clause is the file it is in
		const char *rs = NULL, *id = tw_rule_text_at(i, NULL, NULL, &rs);
		assert_non_null(id);
		assert_string_equal(rs, strncmp(id, "GR.", 3) == 0   ? "grant"
					: strncmp(id, "RD.", 3) == 0 ? "rattle"
					: strncmp(id, "SV.", 3) == 0 ? "svl"
					: is_lloyd(id)               ? "lloyd"
								     : "littlewars");
		seen++;
	}
	assert_int_equal(seen, n);
	assert_null(tw_rule_text_at(n, NULL, NULL, NULL));
	assert_null(tw_rule_text_at(-1, NULL, NULL, NULL));
}

/// `tinwar rules LW.MEL.7` prints "LW.MEL.7 — title" and exactly the file's text; so for a
/// Grant clause; the library gives the same text; a lower-case id is read as upper case.
static void test_LW_MEL_7_printed_as_the_file_says(void **st)
{
	(void)st;
	char *want = expected_from_file("docs/rules/littlewars-clauses.md", "LW.MEL.7");
	assert_int_equal(run(false, "%s rules LW.MEL.7", TW_CLI), 0);
	assert_string_equal(out, want);
	assert_int_equal(run(false, "%s rules lw.mel.7", TW_CLI), 0);
	assert_string_equal(out, want);
	const char *title, *text = tw_rule_text("LW.MEL.7", &title);
	char lib[4096];
	snprintf(lib, sizeof lib, "LW.MEL.7 \xe2\x80\x94 %s\n%s\n", title, text);
	assert_string_equal(lib, want);
	assert_non_null(strstr(text, "smaller side is supported"));
	free(want);
	want = expected_from_file("docs/rules/grant-clauses.md", "GR.MELEE.25");
	assert_int_equal(run(false, "%s rules GR.MELEE.25", TW_CLI), 0);
	assert_string_equal(out, want);
	free(want);
}

/// A family lists its clauses in order with their titles, and nothing of another family
/// (LW.MEL is not LW.MELEE; GR.MELEE lists 27, not the 16 of LW.MEL).
static void test_rules_family_lists_its_clauses(void **st)
{
	(void)st;
	assert_int_equal(run(false, "%s rules LW.MEL", TW_CLI), 0);
	char *p = out;
	for (int k = 1; k <= 16; k++) {
		char head[32];
		snprintf(head, sizeof head, "LW.MEL.%d \xe2\x80\x94 ", k);
		assert_memory_equal(p, head, strlen(head));
		const char *title;
		char id[16];
		snprintf(id, sizeof id, "LW.MEL.%d", k);
		assert_non_null(tw_rule_text(id, &title));
		assert_memory_equal(p + strlen(head), title, strlen(title));
		p = strchr(p, '\n');
		assert_non_null(p);
		p++;
	}
	assert_string_equal(p, "");
	assert_int_equal(run(false, "%s rules GR.MELEE", TW_CLI), 0);
	int lines = 0;
	for (char *q = out; (q = strchr(q, '\n')); q++)
		lines++;
	assert_int_equal(lines, 27);
	assert_null(strstr(out, "LW."));
	assert_int_equal(run(false, "%s rules", TW_CLI), 0);
	assert_non_null(strstr(out, "littlewars:"));
	assert_non_null(strstr(out, "LW.MEL (16)"));
	assert_non_null(strstr(out, "grant:"));
	assert_non_null(strstr(out, "GR.EX (28)"));
}

/// An unknown id is bad input (exit 2) naming the nearest ids; nothing is printed on stdout.
static void test_rules_unknown_id_suggests_the_nearest(void **st)
{
	(void)st;
	assert_int_equal(run(false, "%s rules LW.MEL.70", TW_CLI), 2);
	assert_string_equal(out, "");
	assert_int_equal(run(true, "%s rules LW.MEL.70", TW_CLI), 2);
	assert_non_null(strstr(out, "no clause or family 'LW.MEL.70'; nearest: LW.MEL.7,"));
	assert_int_equal(run(true, "%s rules GR.MELE.4", TW_CLI), 2);
	assert_non_null(strstr(out, "nearest: GR.MELEE.4,"));
	assert_int_equal(run(true, "%s rules GR.MEL", TW_CLI), 2); // a family's start: that family
	assert_non_null(strstr(out, "nearest: GR.MELEE.1, GR.MELEE.2,"));
	assert_int_equal(run(true, "%s rules LW.MEL.7 extra", TW_CLI), 2);
	const char *near[3];
	assert_int_equal(tw_rule_text_nearest("LW.MEL.70", near, 3), 3);
	assert_string_equal(near[0], "LW.MEL.7");
	assert_int_equal(tw_rule_text_nearest("gr.melee.25x", near, 1), 1);
	assert_string_equal(near[0], "GR.MELEE.25");
	const char *title = "x";
	assert_null(tw_rule_text("LW.MEL.70", &title));
	assert_null(title);
	assert_null(tw_rule_text("lw.mel.7", NULL)); // the library is exact; the command upper-cases
	assert_null(tw_rule_text(NULL, NULL));
}

/// Rattle's texts (docs/rules/rattle-clauses.md, the file found by the rule set's name like the
/// others): `tinwar rules RD.MELEE.15` prints exactly the file's text, the library gives the same,
/// and the text is the side-decides reading (hits as scored, before any cancelling).
static void test_RD_MELEE_15_printed_as_the_file_says(void **st)
{
	(void)st;
	char *want = expected_from_file("docs/rules/rattle-clauses.md", "RD.MELEE.15");
	assert_int_equal(run(false, "%s rules RD.MELEE.15", TW_CLI), 0);
	assert_string_equal(out, want);
	assert_int_equal(run(false, "%s rules rd.melee.15", TW_CLI), 0);
	assert_string_equal(out, want);
	const char *title, *text = tw_rule_text("RD.MELEE.15", &title);
	assert_non_null(text);
	char lib[4096];
	snprintf(lib, sizeof lib, "RD.MELEE.15 \xe2\x80\x94 %s\n%s\n", title, text);
	assert_string_equal(lib, want);
	assert_string_equal(title, "The side decides");
	assert_non_null(strstr(text, "counted as scored"));
	free(want);
	want = expected_from_file("docs/rules/rattle-clauses.md", "RD.EX.21"); // the last clause of the file
	assert_int_equal(run(false, "%s rules RD.EX.21", TW_CLI), 0);
	assert_string_equal(out, want);
	free(want);
	const char *rs = NULL;
	int i = 0;
	for (; tw_rule_text_at(i, NULL, NULL, &rs); i++)
		if (strcmp(tw_rule_text_at(i, NULL, NULL, NULL), "RD.CON.1") == 0)
			break;
	assert_non_null(rs);
	assert_string_equal(rs, "rattle");
}

/// `tinwar rules RD.SAP` lists the pioneers' 8 clauses in order with their titles and nothing
/// else; `tinwar rules RD` lists all 140; the families' list has a rattle line.
static void test_RD_SAP_family_lists_its_clauses(void **st)
{
	(void)st;
	assert_int_equal(run(false, "%s rules RD.SAP", TW_CLI), 0);
	char *p = out;
	for (int k = 1; k <= 8; k++) {
		char id[16], head[40];
		snprintf(id, sizeof id, "RD.SAP.%d", k);
		snprintf(head, sizeof head, "%s \xe2\x80\x94 ", id);
		const char *title;
		assert_non_null(tw_rule_text(id, &title));
		assert_memory_equal(p, head, strlen(head));
		assert_memory_equal(p + strlen(head), title, strlen(title));
		assert_int_equal(p[strlen(head) + strlen(title)], '\n');
		p += strlen(head) + strlen(title) + 1;
	}
	assert_string_equal(p, "");
	assert_int_equal(run(false, "%s rules rd", TW_CLI), 0);
	int lines = 0;
	for (char *q = out; (q = strchr(q, '\n')); q++)
		lines++;
	assert_int_equal(lines, 140);
	assert_int_equal(run(false, "%s rules", TW_CLI), 0);
	assert_non_null(strstr(out, "rattle: RD.CON (9) RD.ORG (10) RD.SEQ (7) RD.DET (5) RD.MOVE (17) RD.CHARGE (9) "
				    "RD.SHOOT (15) RD.MELEE (20) RD.RALLY (5) RD.GEN (9) RD.FLAG (5) RD.SAP (8) RD.EX (21)\n"));
}

/// Science versus Luck's texts (docs/rules/svl-clauses.md, rule set `svl`): `tinwar rules SV.MOR.6`
/// prints exactly the file's text, the library gives the same, and the text is the engine's
/// reading (the phase after a Recoil recoils without a roll; recovery rolls from the next one);
/// SV.EX.19, the file's last clause, too; a clause the engine does not apply says so.
static void test_SV_MOR_6_printed_as_the_file_says(void **st)
{
	(void)st;
	char *want = expected_from_file("docs/rules/svl-clauses.md", "SV.MOR.6");
	assert_int_equal(run(false, "%s rules SV.MOR.6", TW_CLI), 0);
	assert_string_equal(out, want);
	assert_int_equal(run(false, "%s rules sv.mor.6", TW_CLI), 0);
	assert_string_equal(out, want);
	const char *title, *text = tw_rule_text("SV.MOR.6", &title);
	assert_non_null(text);
	char lib[4096];
	snprintf(lib, sizeof lib, "SV.MOR.6 \xe2\x80\x94 %s\n%s\n", title, text);
	assert_string_equal(lib, want);
	assert_string_equal(title, "Ending a recoil");
	assert_non_null(strstr(text, "spent recoiling without a roll"));
	assert_non_null(strstr(text, "3-4 ends it, but that phase is a Pause"));
	free(want);
	want = expected_from_file("docs/rules/svl-clauses.md", "SV.EX.19"); // the last clause of the file
	assert_int_equal(run(false, "%s rules SV.EX.19", TW_CLI), 0);
	assert_string_equal(out, want);
	free(want);
	assert_non_null(strstr(tw_rule_text("SV.SEQ.5", NULL), "Not done yet"));
	const char *rs = NULL;
	for (int i = 0; tw_rule_text_at(i, NULL, NULL, &rs); i++)
		if (strcmp(tw_rule_text_at(i, NULL, NULL, NULL), "SV.MOR.6") == 0)
			break;
	assert_non_null(rs);
	assert_string_equal(rs, "svl");
	assert_int_equal(run(false, "%s rules SV.MEL", TW_CLI), 0);
	assert_string_equal(out, "SV.MEL.1 \xe2\x80\x94 Reaching the gun\nSV.MEL.2 \xe2\x80\x94 Counting figures at the gun\n"
				 "SV.MEL.3 \xe2\x80\x94 Effect of melee\n");
	assert_int_equal(run(false, "%s rules", TW_CLI), 0);
	assert_non_null(strstr(out, "svl: SV.CON (4) SV.SETUP (11) SV.EXPO (9) SV.GUN (13) SV.BRF (9) SV.DOC (20) SV.BAT (10) "
				    "SV.SEQ (6) SV.MOVE (9) SV.FIRE (7) SV.ROF (7) SV.MOR (11) SV.MEL (3) SV.WIN (5) SV.EX (19)\n"));
}

/// An unknown id names the files of texts the build has, with their rule sets, so that a reader
/// of an id of a rule set without texts knows where they would be; an unknown Rattle id finds
/// its neighbours.
static void test_rules_unknown_id_names_the_files(void **st)
{
	(void)st;
	assert_int_equal(run(true, "%s rules RD.SAP.9", TW_CLI), 2);
	assert_non_null(strstr(out, "no clause or family 'RD.SAP.9'; nearest: RD.SAP.1,"));
	assert_non_null(strstr(out, "\ntinwar rules: the clause texts are docs/rules/grant-clauses.md (grant), "
				    "docs/rules/littlewars-clauses.md (littlewars), docs/rules/lloyd-clauses.md (lloyd), "
				    "docs/rules/rattle-clauses.md (rattle), docs/rules/svl-clauses.md (svl)\n"));
	assert_int_equal(run(true, "%s rules SVL.FIRE.1", TW_CLI), 2);
	assert_non_null(strstr(out, "docs/rules/svl-clauses.md (svl)\n"));
	assert_int_equal(run(true, "%s rules SV.MOR.12", TW_CLI), 2);
	assert_non_null(strstr(out, "no clause or family 'SV.MOR.12'; nearest: SV.MOR.1,"));
	const char *rs = "x";
	assert_string_equal(tw_rule_text_file(2, &rs), "docs/rules/lloyd-clauses.md");
	assert_string_equal(rs, "lloyd");
	assert_string_equal(tw_rule_text_file(3, &rs), "docs/rules/rattle-clauses.md");
	assert_string_equal(rs, "rattle");
	assert_string_equal(tw_rule_text_file(4, &rs), "docs/rules/svl-clauses.md");
	assert_string_equal(rs, "svl");
	assert_null(tw_rule_text_file(5, &rs));
	assert_null(rs);
	assert_null(tw_rule_text_file(-1, NULL));
}

/// Lloyd's texts (docs/rules/lloyd-clauses.md, rule set `lloyd`, ll-reg): `tinwar rules IN.ACT.3`
/// prints exactly the file's text, which says the engine does not split a body round an obstacle;
/// IN.CARD.3 (conditional cards) says Not done too; every section of the catalogue is a family
/// that lists its clauses (the headings NQ.GEN, NQ.STAT, NQ.TURN, NQ.MOVE, NQ.MEL, NQ.ATK,
/// NQ.RCH, NQ.GRP, NQ.DMG, NQ.SHD, NQ.SHT, NQ.OPP, NQ.EVD, NQ.WPN, NQ.VIC, NQ.SCN, IN.ACT,
/// IN.SEIZE, IN.RATE, IN.TAC, IN.CARD, IN.MEL, IN.RMV, IN.SHT, IN.MS, IN.TOME); two-part ids are
/// of the family of their first part (FP 29, DU 20); LL.EX.11, the file's last clause, is there.
static void test_IN_ACT_3_lloyd_texts_and_families(void **st)
{
	(void)st;
	char *want = expected_from_file("docs/rules/lloyd-clauses.md", "IN.ACT.3");
	assert_int_equal(run(false, "%s rules IN.ACT.3", TW_CLI), 0);
	assert_string_equal(out, want);
	assert_non_null(strstr(out, "Not done: tinwar's moves are straight lines"));
	free(want);
	assert_non_null(strstr(tw_rule_text("IN.CARD.3", NULL), "Not done: conditional cards are not modelled"));
	assert_non_null(strstr(tw_rule_text("NQ.EVD.7", NULL), "The evade comes in the react phase, after every snap shot"));
	want = expected_from_file("docs/rules/lloyd-clauses.md", "LL.EX.11");
	assert_int_equal(run(false, "%s rules LL.EX.11", TW_CLI), 0);
	assert_string_equal(out, want);
	free(want);
	static const struct {
		const char *fam;
		int n;
	} fams[] = {{"NQ.GEN", 5},   {"NQ.STAT", 8}, {"NQ.TURN", 3}, {"NQ.MOVE", 7}, {"NQ.MEL", 5},   {"NQ.ATK", 5},
		    {"NQ.RCH", 6},   {"NQ.GRP", 7},  {"NQ.DMG", 5},  {"NQ.SHD", 3},  {"NQ.SHT", 6},   {"NQ.OPP", 6},
		    {"NQ.EVD", 7},   {"NQ.WPN", 3},  {"NQ.VIC", 2},  {"NQ.SCN", 3},  {"IN.ACT", 6},   {"IN.SEIZE", 7},
		    {"IN.RATE", 2},  {"IN.TAC", 5},  {"IN.CARD", 5}, {"IN.MEL", 3},  {"IN.RMV", 3},   {"IN.SHT", 6},
		    {"IN.MS", 3},    {"IN.TOME", 3}, {"FP", 29},     {"DU", 20},     {"LL.EX", 11}};
	for (size_t k = 0; k < sizeof fams / sizeof fams[0]; k++) {
		assert_int_equal(run(false, "%s rules %s", TW_CLI, fams[k].fam), 0);
		int lines = 0;
		for (const char *p = out; (p = strchr(p, '\n')); p++)
			lines++;
		if (lines != fams[k].n)
			fail_msg("family %s lists %d clauses, not %d:\n%s", fams[k].fam, lines, fams[k].n, out);
	}
	assert_int_equal(run(false, "%s rules IN.ACT", TW_CLI), 0);
	assert_string_equal(out, "IN.ACT.1 \xe2\x80\x94 Play is a sequence of actions\nIN.ACT.2 \xe2\x80\x94 After each action\n"
				 "IN.ACT.3 \xe2\x80\x94 Splitting round an obstacle\n"
				 "IN.ACT.4 \xe2\x80\x94 Shooting at one body\n"
				 "IN.ACT.5 \xe2\x80\x94 The first action after a seize\n"
				 "IN.ACT.6 \xe2\x80\x94 Who starts, passing, and the end\n");
	assert_int_equal(run(false, "%s rules", TW_CLI), 0);
	assert_non_null(strstr(out, "\nlloyd: NQ.GEN (5) NQ.STAT (8) "));
	assert_non_null(strstr(out, " FP (29) LT (22) DU (20) MS (6) IN.ACT (6) "));
	assert_non_null(strstr(out, " TF (13) SP (13) CA (13) LL.EX (11)\n"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_catalogue_clause_has_a_text),
		cmocka_unit_test(test_LW_MEL_7_printed_as_the_file_says),
		cmocka_unit_test(test_rules_family_lists_its_clauses),
		cmocka_unit_test(test_rules_unknown_id_suggests_the_nearest),
		cmocka_unit_test(test_RD_MELEE_15_printed_as_the_file_says),
		cmocka_unit_test(test_RD_SAP_family_lists_its_clauses),
		cmocka_unit_test(test_SV_MOR_6_printed_as_the_file_says),
		cmocka_unit_test(test_rules_unknown_id_names_the_files),
		cmocka_unit_test(test_IN_ACT_3_lloyd_texts_and_families),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
