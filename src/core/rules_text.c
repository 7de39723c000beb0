// The clause texts (issue 19): docs/rules/*-clauses.md, embedded at build time
// (cmake/embed_text.cmake -> rules_text_data.c), read at first use into an id -> (title, text)
// table. A clause is a line "### ID — title" and the lines under it up to the next heading
// (a line starting with '#'), blank lines at either end dropped. No file is named here.
#include <ctype.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/rules_text_data.h"
#include "tinwar/rules_text.h"

typedef struct rule_entry {
	const char *id, *title, *text, *ruleset;
} rule_entry;

static rule_entry *entries;
static int nentries;
static char *store; // every file's bytes, cut into NUL-terminated strings (kept for the program's life)
static pthread_once_t once = PTHREAD_ONCE_INIT;

static const char DASH[] = " \xe2\x80\x94 "; // " — " between id and title

static bool id_ok(const char *id)
{
	size_t n = strlen(id);
	if (n == 0 || n > TW_RULE_ID_MAX)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!(isupper((unsigned char)id[i]) || isdigit((unsigned char)id[i]) || id[i] == '.'))
			return false;
	return true;
}

static bool blank(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isspace((unsigned char)p[i]))
			return false;
	return true;
}

static void trim_end(char *s)
{
	size_t n = strlen(s);
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		s[--n] = 0;
}

/// Closes the clause being read: its text is [start, end), "" if it has none.
static void finish(rule_entry *e, char *start, char *end)
{
	if (!e)
		return;
	if (start) {
		*end = 0;
		e->text = start;
	} else {
		e->text = "";
	}
}

/// Reads one file (its copy at b, NUL-terminated) into entries[] (room for every heading).
static void parse_file(char *b, const char *ruleset)
{
	rule_entry *cur = NULL;
	char *start = NULL, *end = NULL;
	for (char *p = b; *p;) {
		char *eol = strchr(p, '\n');
		char *next = eol ? eol + 1 : p + strlen(p);
		size_t ll = (size_t)((eol ? eol : next) - p);
		if (p[0] == '#') {
			finish(cur, start, end);
			cur = NULL;
			start = end = NULL;
			char *dash = strncmp(p, "### ", 4) == 0 ? strstr(p + 4, DASH) : NULL;
			if (dash && dash < p + ll) {
				if (eol)
					*eol = 0;
				*dash = 0;
				char *id = p + 4, *title = dash + strlen(DASH);
				trim_end(id);
				trim_end(title);
				bool dup = false;
				for (int i = 0; i < nentries && !dup; i++)
					dup = strcmp(entries[i].id, id) == 0;
				if (id_ok(id) && !dup) {
					cur = &entries[nentries++];
					*cur = (rule_entry){id, title, "", ruleset};
				}
			}
		} else if (cur && !blank(p, ll)) {
			if (!start)
				start = p;
			end = p + ll;
		}
		p = next;
	}
	finish(cur, start, end);
}

static void load(void)
{
	size_t total = 0;
	int headings = 0;
	for (const tw_rules_file *f = tw_rules_files; f->ruleset; f++) {
		total += f->len + 1;
		for (size_t i = 0; i + 4 <= f->len; i++)
			headings += (i == 0 || f->data[i - 1] == '\n') && memcmp(f->data + i, "### ", 4) == 0;
	}
	store = malloc(total ? total : 1);
	entries = calloc(headings ? (size_t)headings : 1, sizeof *entries);
	if (!store || !entries) {
		free(store);
		free(entries);
		store = NULL;
		entries = NULL;
		return;
	}
	char *b = store;
	for (const tw_rules_file *f = tw_rules_files; f->ruleset; f++) {
		memcpy(b, f->data, f->len);
		b[f->len] = 0;
		parse_file(b, f->ruleset);
		b += f->len + 1;
	}
}

static void ensure(void) { pthread_once(&once, load); }

const char *tw_rule_text(const char *id, const char **title)
{
	ensure();
	if (title)
		*title = NULL;
	if (!id)
		return NULL;
	for (int i = 0; i < nentries; i++)
		if (strcmp(entries[i].id, id) == 0) {
			if (title)
				*title = entries[i].title;
			return entries[i].text;
		}
	return NULL;
}

int tw_rule_text_count(void)
{
	ensure();
	return nentries;
}

const char *tw_rule_text_at(int i, const char **title, const char **text, const char **ruleset)
{
	ensure();
	if (i < 0 || i >= nentries)
		return NULL;
	if (title)
		*title = entries[i].title;
	if (text)
		*text = entries[i].text;
	if (ruleset)
		*ruleset = entries[i].ruleset;
	return entries[i].id;
}

const char *tw_rule_text_file(int i, const char **ruleset)
{
	if (ruleset)
		*ruleset = NULL;
	if (i < 0)
		return NULL;
	for (int k = 0; tw_rules_files[k].ruleset; k++)
		if (k == i) {
			if (ruleset)
				*ruleset = tw_rules_files[k].ruleset;
			return tw_rules_files[k].path;
		}
	return NULL;
}

/// Levenshtein distance ignoring case; a is cut at 64 characters (ids are at most 32).
static int distance(const char *a, const char *b)
{
	enum { N = 64 };
	int row[N + 1] = {0}, prev[N + 1] = {0};
	size_t na = strnlen(a, N), nb = strnlen(b, N);
	for (size_t j = 0; j <= nb; j++)
		prev[j] = (int)j;
	for (size_t i = 1; i <= na; i++) {
		row[0] = (int)i;
		for (size_t j = 1; j <= nb; j++) {
			int cost = toupper((unsigned char)a[i - 1]) != toupper((unsigned char)b[j - 1]);
			int d = prev[j - 1] + cost;
			if (prev[j] + 1 < d)
				d = prev[j] + 1;
			if (row[j - 1] + 1 < d)
				d = row[j - 1] + 1;
			row[j] = d;
		}
		memcpy(prev, row, (nb + 1) * sizeof row[0]);
	}
	return prev[nb];
}

int tw_rule_text_nearest(const char *id, const char **out, int max)
{
	ensure();
	if (!id || max <= 0 || nentries == 0)
		return 0;
	int *d = malloc((size_t)nentries * sizeof *d);
	if (!d)
		return 0;
	for (int i = 0; i < nentries; i++) {
		// Near the id itself, or (one step further) near its family or the start of it: "X.MEL"
		// finds X.MELEE.*.
		char fam[TW_RULE_ID_MAX + 1];
		const char *e = entries[i].id, *dot = strchr(e, '.'), *dot2 = dot ? strchr(dot + 1, '.') : NULL;
		size_t n = dot2 ? (size_t)(dot2 - e) : strlen(e);
		memcpy(fam, e, n);
		fam[n] = 0;
		size_t nid = strlen(id);
		int a = distance(id, e), b = nid <= n && strncasecmp(fam, id, nid) == 0 ? 1 : distance(id, fam) + 1;
		d[i] = a < b ? a : b;
	}
	int n = 0;
	for (; n < max && n < nentries; n++) { // selection: the smallest distance left, first in file order
		int best = -1;
		for (int i = 0; i < nentries; i++)
			if (d[i] >= 0 && (best < 0 || d[i] < d[best]))
				best = i;
		out[n] = entries[best].id;
		d[best] = -1;
	}
	free(d);
	return n;
}
