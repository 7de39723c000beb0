// tinwar rules: read what a clause says (issue 19), the same text the browser table shows on a
// clause id. ID prints "ID — title" and the clause's text; a family (an id without its number, or a rule set's prefix alone) lists its
// clauses with their titles; no argument lists the families. An unknown id is bad input (exit
// 2) with the nearest ids and the files of texts it knows. The texts are docs/rules/*-clauses.md (tw_rule_text).
#include <ctype.h>
#include <string.h>

#include "cli.h"
#include "tinwar/rules_text.h"

int cli_rules(int argc, char **argv);

enum { NEAREST = 5 };

/// True if `id` is in family `fam` (fam followed by '.').
static bool in_family(const char *id, const char *fam, size_t n)
{
	return strncmp(id, fam, n) == 0 && id[n] == '.';
}

/// The families (the first two parts of each id) with their counts, per rule set.
static void list_families(void)
{
	const char *last_rs = NULL;
	char last[TW_RULE_ID_MAX + 1] = "";
	int count = 0;
	for (int i = 0;; i++) {
		const char *rs = NULL, *id = tw_rule_text_at(i, NULL, NULL, &rs);
		char fam[TW_RULE_ID_MAX + 1] = "";
		if (id) {
			const char *dot = strchr(id, '.'), *dot2 = dot ? strchr(dot + 1, '.') : NULL;
			// a two-part id (Lloyd's FP.4, DU.12) is of the family of its first part (FP, DU)
			size_t n = dot2 ? (size_t)(dot2 - id) : dot ? (size_t)(dot - id) : strlen(id);
			memcpy(fam, id, n);
			fam[n] = 0;
		}
		if (!id || strcmp(fam, last) != 0 || rs != last_rs) {
			if (count)
				printf(" %s (%d)", last, count);
			count = 0;
			if (id && rs != last_rs)
				printf("%s%s:", last_rs ? "\n" : "", rs);
		}
		if (!id)
			break;
		snprintf(last, sizeof last, "%s", fam);
		last_rs = rs;
		count++;
	}
	printf("\n\n'tinwar rules FAMILY' lists a family's clauses, 'tinwar rules ID' prints one.\n");
}

int cli_rules(int argc, char **argv)
{
	if (argc > 2) {
		fprintf(stderr, "usage: tinwar rules [ID | FAMILY]\n");
		return CLI_BAD;
	}
	if (tw_rule_text_count() == 0) {
		fprintf(stderr, "tinwar rules: this build has no clause texts\n");
		return CLI_FAIL;
	}
	if (argc < 2) {
		list_families();
		return CLI_OK;
	}
	char id[2 * TW_RULE_ID_MAX + 1];
	snprintf(id, sizeof id, "%s", argv[1]);
	for (char *c = id; *c; c++)
		*c = (char)toupper((unsigned char)*c);
	size_t n = strlen(id);
	while (n > 0 && id[n - 1] == '.')
		id[--n] = 0;
	const char *title, *text = tw_rule_text(id, &title);
	if (text) {
		printf("%s \xe2\x80\x94 %s\n%s\n", id, title, text);
		return CLI_OK;
	}
	int listed = 0;
	for (int i = 0;; i++) {
		const char *t, *cid = tw_rule_text_at(i, &t, NULL, NULL);
		if (!cid)
			break;
		if (n > 0 && in_family(cid, id, n)) {
			printf("%s \xe2\x80\x94 %s\n", cid, t);
			listed++;
		}
	}
	if (listed)
		return CLI_OK;
	const char *near[NEAREST];
	int k = tw_rule_text_nearest(id, near, NEAREST);
	fprintf(stderr, "tinwar rules: no clause or family '%s'", argv[1]);
	for (int i = 0; i < k; i++)
		fprintf(stderr, "%s%s", i ? ", " : "; nearest: ", near[i]);
	fprintf(stderr, "\n");
	const char *rs, *path;
	for (int i = 0; (path = tw_rule_text_file(i, &rs)); i++) // where the texts come from
		fprintf(stderr, "%s%s (%s)", i ? ", " : "tinwar rules: the clause texts are ", path, rs);
	fprintf(stderr, "\n");
	return CLI_BAD;
}
