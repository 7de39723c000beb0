// tinwar roster: rosters in the terminal (issue 16, ll-web; ll-fin: any rule set's, through its
// hook tw_ruleset.roster, include/tinwar/roster.h: Lloyd's is the one so far). list, show, add,
// set and check a roster file; every change is checked by the rule set before it is written, and
// written atomically (a temporary file renamed over the old one), so a refused change leaves the
// file as it was. Errors: FILE:LINE:COL: PATH: words (CLAUSE).
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "tinwar/io.h"
#include "tinwar/roster.h"

int cli_roster(int argc, char **argv);

static const tw_roster_hooks *H; // the rule set's roster editor (ll-fin), chosen per command

static void print_err(const char *file, const tw_roster_err *e, bool saved_text)
{
	if (saved_text && e->line > 0)
		fprintf(stderr, "%s:%d:%d: %s", file, e->line, e->col, e->message);
	else
		fprintf(stderr, "%s: %s", file, e->message);
	if (e->clause[0])
		fprintf(stderr, " (%s)", e->clause);
	fprintf(stderr, "%s\n", saved_text ? "" : "; nothing changed");
}

// Reads and checks FILE; NULL (and the located error printed) if it is not a good roster.
static json_t *load(const char *file, bool may_be_missing)
{
	tw_error err;
	tw_error_clear(&err);
	size_t len = 0;
	if (may_be_missing && access(file, F_OK) != 0)
		return H->new_roster();
	char *text = tw_read_file(file, &len, &err);
	if (!text) {
		fprintf(stderr, "tinwar roster: %s: %s\n", file, err.message);
		return NULL;
	}
	tw_roster_err e;
	if (H->check(text, len, &e) != TW_OK) {
		print_err(file, &e, true);
		free(text);
		return NULL;
	}
	json_t *r = json_loadb(text, len, 0, NULL);
	free(text);
	return r;
}

// Checks r and writes it over FILE atomically; nothing written if the rules refuse it.
static int save(const char *file, json_t *r)
{
	tw_roster_err e;
	if (H->check_json(r, &e) != TW_OK) {
		print_err(file, &e, false);
		return CLI_BAD;
	}
	char *text = json_dumps(r, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (!text)
		return CLI_FAIL;
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", file);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		fprintf(stderr, "tinwar roster: %s: %s\n", tmp, strerror(errno));
		free(text);
		return CLI_FAIL;
	}
	size_t n = strlen(text);
	bool ok = write(fd, text, n) == (ssize_t)n && write(fd, "\n", 1) == 1 && fsync(fd) == 0;
	ok = close(fd) == 0 && ok;
	free(text);
	if (!ok || rename(tmp, file) != 0) {
		fprintf(stderr, "tinwar roster: cannot write %s: %s\n", file, strerror(errno));
		unlink(tmp);
		return CLI_FAIL;
	}
	return CLI_OK;
}

// The entry named NAME: *list is "troops" or "men", *index its place. NULL if none.
static json_t *find(json_t *r, const char *name, const char **list, size_t *index)
{
	static const char *const lists[] = {"troops", "men"};
	for (int l = 0; l < 2; l++) {
		size_t i;
		json_t *v;
		json_array_foreach(json_object_get(r, lists[l]), i, v)
		{
			if (strcmp(json_string_value(json_object_get(v, "name")), name) == 0) {
				*list = lists[l];
				*index = i;
				return v;
			}
		}
	}
	return NULL;
}

static void print_line(const json_t *v)
{
	const char *k;
	json_t *x;
	json_object_foreach((json_t *)v, k, x)
	{
		if (strcmp(k, "name") == 0)
			continue;
		char *s = json_dumps(x, JSON_COMPACT | JSON_ENCODE_ANY);
		printf(" %s=%s", k, s ? s : "?");
		free(s);
	}
	printf("\n");
}

static int cmd_list(json_t *r)
{
	printf("troop types:\n");
	size_t i;
	json_t *v;
	json_array_foreach(json_object_get(r, "troops"), i, v)
	{
		printf("  %-12s", json_string_value(json_object_get(v, "name")));
		print_line(v);
	}
	printf("men:\n");
	json_array_foreach(json_object_get(r, "men"), i, v)
	{
		printf("  %-12s", json_string_value(json_object_get(v, "name")));
		print_line(v);
	}
	return CLI_OK;
}

// A VALUE as typed: JSON if it reads as JSON (numbers, true, [..], "..."), else a word.
static json_t *value_of(const char *s)
{
	json_t *v = json_loads(s, JSON_DECODE_ANY, NULL);
	return v ? v : json_string(s);
}

// FIELD or FIELD[i]: sets the value (an array element is set in the field's array, which grows).
static bool set_field(json_t *entry, const char *field, json_t *v, char *why, size_t wn)
{
	char name[64];
	size_t n = strcspn(field, "[");
	if (n == 0 || n >= sizeof name) {
		snprintf(why, wn, "'%s' is not a field name", field);
		return false;
	}
	snprintf(name, sizeof name, "%.*s", (int)n, field);
	if (field[n] == '\0') {
		json_object_set(entry, name, v);
		return true;
	}
	char *end = NULL;
	long idx = strtol(field + n + 1, &end, 10);
	if (!end || *end != ']' || end[1] != '\0' || idx < 0 || idx > 7) {
		snprintf(why, wn, "'%s': an index is [0] to [7]", field);
		return false;
	}
	json_t *a = json_object_get(entry, name);
	if (!json_is_array(a)) {
		a = json_array();
		json_object_set_new(entry, name, a);
	}
	while ((long)json_array_size(a) <= idx)
		json_array_append_new(a, json_integer(0));
	json_array_set(a, (size_t)idx, v);
	return true;
}

static const char USAGE[] =
	"tinwar roster list FILE | show FILE NAME | check FILE   [--ruleset NAME: a new FILE's, or the only one\n"
	"         that keeps rosters; an existing FILE names its own]\n"
	"       tinwar roster add FILE troop NAME [--from TROOP] | add FILE man NAME --troop TROOP\n"
	"       tinwar roster set FILE NAME FIELD VALUE   (FIELD: t, s, m, nrows, weapon[1], w[0] ...; a man's\n"
	"         own value stands over his troop type's)\n";

static int roster_cmd(int argc, char **argv);

// ll-fin: `--ruleset NAME` taken out of the words; the rule set is that one, else the file's own
// "ruleset", else the one that keeps rosters; a rule set without the hook is refused.
int cli_roster(int argc, char **argv)
{
	char *words[64];
	const char *name = NULL;
	int n = 0;
	for (int i = 0; i < argc && n < 63; i++) {
		if (strcmp(argv[i], "--ruleset") == 0 && i + 1 < argc)
			name = argv[++i];
		else
			words[n++] = argv[i];
	}
	words[n] = NULL;
	if (n < 3) {
		fprintf(stderr, "usage: %s", USAGE);
		return CLI_BAD;
	}
	tw_error err;
	tw_error_clear(&err);
	size_t len = 0;
	char *text = access(words[2], F_OK) == 0 ? tw_read_file(words[2], &len, &err) : NULL;
	const tw_ruleset *rs = tw_roster_ruleset(name, text, len, &err);
	free(text);
	if (!rs) {
		fprintf(stderr, "tinwar roster: %s: %s\n", words[2], err.message);
		return CLI_BAD;
	}
	H = rs->roster;
	return roster_cmd(n, words);
}

static int roster_cmd(int argc, char **argv)
{
	const char *verb = argv[1], *file = argv[2];
	if (strcmp(verb, "check") == 0) {
		json_t *r = load(file, false);
		if (!r)
			return CLI_BAD;
		printf("%s: %zu troop types, %zu men: good\n", file, json_array_size(json_object_get(r, "troops")),
		       json_array_size(json_object_get(r, "men")));
		json_decref(r);
		return CLI_OK;
	}
	if (strcmp(verb, "list") == 0 || strcmp(verb, "show") == 0) {
		json_t *r = load(file, false);
		if (!r)
			return CLI_BAD;
		int rc = CLI_OK;
		if (verb[0] == 'l')
			rc = cmd_list(r);
		else if (argc < 4) {
			fprintf(stderr, "usage: tinwar roster show FILE NAME\n");
			rc = CLI_BAD;
		} else {
			const char *list;
			size_t i;
			json_t *v = find(r, argv[3], &list, &i);
			if (!v) {
				fprintf(stderr, "tinwar roster: %s: no troop type or man named \"%s\"\n", file, argv[3]);
				rc = CLI_BAD;
			} else {
				char *s = json_dumps(v, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
				printf("$.%s[%zu]: %s\n", list, i, s);
				free(s);
			}
		}
		json_decref(r);
		return rc;
	}
	if (strcmp(verb, "add") == 0) {
		if (argc < 5 || (strcmp(argv[3], "troop") && strcmp(argv[3], "man"))) {
			fprintf(stderr, "usage: %s", USAGE);
			return CLI_BAD;
		}
		json_t *r = load(file, true);
		if (!r)
			return CLI_BAD;
		const char *from = NULL;
		for (int i = 5; i + 1 < argc; i += 2)
			if (strcmp(argv[i], "--from") == 0 || strcmp(argv[i], "--troop") == 0)
				from = argv[i + 1];
		bool man = argv[3][0] == 'm';
		json_t *e;
		if (man) {
			e = json_pack("{s:s, s:s}", "name", argv[4], "troop", from ? from : "");
			json_array_append_new(json_object_get(r, "men"), e);
		} else {
			const char *list;
			size_t i;
			json_t *src = from ? find(r, from, &list, &i) : NULL;
			if (from && (!src || strcmp(list, "troops") != 0)) {
				fprintf(stderr, "tinwar roster: %s: no troop type named \"%s\"; nothing changed\n", file, from);
				json_decref(r);
				return CLI_BAD;
			}
			e = src ? json_deep_copy(src) : json_object();
			json_object_set_new(e, "name", json_string(argv[4]));
			json_array_append_new(json_object_get(r, "troops"), e);
		}
		int rc = save(file, r);
		if (rc == CLI_OK)
			printf("%s: %s \"%s\" added\n", file, man ? "man" : "troop type", argv[4]);
		json_decref(r);
		return rc;
	}
	if (strcmp(verb, "set") == 0) {
		if (argc < 6) {
			fprintf(stderr, "usage: %s", USAGE);
			return CLI_BAD;
		}
		json_t *r = load(file, false);
		if (!r)
			return CLI_BAD;
		const char *list;
		size_t i;
		json_t *e = find(r, argv[3], &list, &i);
		int rc = CLI_BAD;
		char why[128] = "";
		json_t *v = value_of(argv[5]);
		if (!e)
			fprintf(stderr, "tinwar roster: %s: no troop type or man named \"%s\"; nothing changed\n", file, argv[3]);
		else if (strcmp(argv[4], "name") == 0)
			fprintf(stderr, "tinwar roster: %s: a name is not set (add a new one); nothing changed\n", file);
		else if (!set_field(e, argv[4], v, why, sizeof why))
			fprintf(stderr, "tinwar roster: %s: $.%s[%zu]: %s; nothing changed\n", file, list, i, why);
		else if ((rc = save(file, r)) == CLI_OK)
			printf("%s: $.%s[%zu].%s = %s\n", file, list, i, argv[4], argv[5]);
		json_decref(v);
		json_decref(r);
		return rc;
	}
	fprintf(stderr, "tinwar roster: '%s' is not list, show, add, set or check\nusage: %s", verb, USAGE);
	return CLI_BAD;
}
