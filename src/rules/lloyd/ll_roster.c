// Lloyd rosters as data (ll-web): a roster's troop types and men are checked by the rule set's
// own reader and setup (a scenario of one figure each is made and prepared), and an error's
// scenario path is turned back into the roster's, then into a line and column of the text.
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/game.h"
#include "tinwar/io.h"
#include "tinwar/ll_roster.h"
#include "tinwar/lloyd.h"
#include "tinwar/state.h"
#include "ll.h"

// The fields of a troop type: the stat line and its weapon rows (docs/lloyd.md "Records").
static const char *const STAT_FIELDS[] = {"t", "s", "m", "nrows", "weapon", "w", "x", "d", "reach", "r", "notes"};

static bool is_stat_field(const char *k)
{
	for (size_t i = 0; i < TW_ARRAY_COUNT(STAT_FIELDS); i++)
		if (strcmp(k, STAT_FIELDS[i]) == 0)
			return true;
	return false;
}

static void set_err(tw_ll_roster_err *e, const char *path, const char *clause, const char *fmt, ...)
{
	va_list ap;
	memset(e, 0, sizeof *e);
	snprintf(e->path, sizeof e->path, "%s", path);
	snprintf(e->clause, sizeof e->clause, "%s", clause ? clause : "");
	va_start(ap, fmt);
	vsnprintf(e->message, sizeof e->message, fmt, ap);
	va_end(ap);
}

// A scenario of one figure of side "a" per record in `datas`, and one axeman of side "b".
static json_t *scenario_of(json_t *datas)
{
	json_t *figs = json_array();
	size_t i;
	json_t *d;
	json_array_foreach(datas, i, d)
	{
		json_array_append_new(figs, json_pack("{s:i, s:s, s:s, s:[f,f], s:f, s:f, s:O}", "id", (int)i, "kind",
						      "infantry", "side", "a", "at", 2.0 + (double)(i % 40) * 2.0,
						      2.0 + (double)(i / 40) * 2.0, "radius", 0.5, "height", 1.0, "data", d));
	}
	json_array_append_new(figs, json_pack("{s:i, s:s, s:s, s:[f,f], s:f, s:f, s:{s:s}}", "id", (int)json_array_size(datas),
					      "kind", "infantry", "side", "b", "at", 90.0, 90.0, "radius", 0.5, "height",
					      1.0, "data", "troop", "axeman"));
	return json_pack("{s:s, s:i, s:s, s:{s:f, s:f}, s:[{s:s, s:f}, {s:s, s:f}], s:o}", "format", "tinwar-scenario",
			 "version", 1, "ruleset", "lloyd", "table", "width", 96.0, "depth", 96.0, "sides", "name", "a",
			 "back_y", 0.0, "name", "b", "back_y", 96.0, "figures", figs);
}

// Reads and prepares the scenario: TW_OK, or err with the scenario's path.
static tw_status prepare(const json_t *scen, tw_state **out, tw_error *err)
{
	tw_state *s = calloc(1, sizeof *s);
	if (!s)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	tw_status st = tw_state_from_json(s, scen, err);
	if (st == TW_OK)
		st = tw_state_prepare(s, 1, err);
	if (st != TW_OK || !out) {
		tw_state_free(s);
		free(s);
		return st;
	}
	*out = s;
	return TW_OK;
}

json_t *tw_ll_roster_new(void)
{
	int n = tw_ll_troop_count();
	json_t *datas = json_array();
	for (int i = 0; i < n; i++)
		json_array_append_new(datas, json_pack("{s:s}", "troop", tw_ll_troop_get(i)->name));
	json_t *scen = scenario_of(datas);
	json_decref(datas);
	tw_error err;
	tw_error_clear(&err);
	tw_state *s = NULL;
	json_t *out = NULL;
	if (scen && prepare(scen, &s, &err) == TW_OK) {
		json_t *sj = tw_state_to_json(s);
		json_t *troops = json_array();
		for (int i = 0; i < n; i++) {
			json_t *data = json_object_get(json_array_get(json_object_get(sj, "figures"), (size_t)i), "data");
			json_t *t = json_pack("{s:s}", "name", tw_ll_troop_get(i)->name);
			for (size_t k = 0; k < TW_ARRAY_COUNT(STAT_FIELDS); k++) {
				json_t *v = json_object_get(data, STAT_FIELDS[k]);
				if (v)
					json_object_set(t, STAT_FIELDS[k], v);
			}
			json_array_append_new(troops, t);
		}
		out = json_pack("{s:s, s:s, s:o, s:[]}", "format", "tinwar-roster", "ruleset", "lloyd", "troops", troops,
				"men");
		json_decref(sj);
		tw_state_free(s);
		free(s);
	}
	json_decref(scen);
	return out;
}

// Index of the troop type named `name`, or -1.
static int troop_index(const json_t *troops, const char *name)
{
	size_t i;
	json_t *t;
	json_array_foreach(troops, i, t)
	{
		const char *n = json_string_value(json_object_get(t, "name"));
		if (n && name && strcmp(n, name) == 0)
			return (int)i;
	}
	return -1;
}

// The structure: format, ruleset, troops and men arrays of objects with unique names, each man's
// troop a troop type of the roster.
static bool check_shape(const json_t *r, tw_ll_roster_err *e)
{
	if (!json_is_object(r))
		return set_err(e, "$", "", "a roster is a JSON object"), false;
	const char *k;
	json_t *v;
	json_object_foreach((json_t *)r, k, v)
	{
		if (strcmp(k, "format") && strcmp(k, "ruleset") && strcmp(k, "troops") && strcmp(k, "men") && strcmp(k, "title"))
			return set_err(e, "$", "", "$.%s: unknown key (format, ruleset, title, troops, men)", k), false;
	}
	const char *fmt = json_string_value(json_object_get(r, "format"));
	if (!fmt || strcmp(fmt, "tinwar-roster") != 0)
		return set_err(e, "$.format", "", "$.format: must be \"tinwar-roster\""), false;
	const char *rs = json_string_value(json_object_get(r, "ruleset"));
	if (!rs || strcmp(rs, "lloyd") != 0)
		return set_err(e, "$.ruleset", "", "$.ruleset: must be \"lloyd\""), false;
	const char *lists[2] = {"troops", "men"};
	for (int l = 0; l < 2; l++) {
		json_t *a = json_object_get(r, lists[l]);
		char p[128];
		snprintf(p, sizeof p, "$.%s", lists[l]);
		if (!json_is_array(a))
			return set_err(e, p, "", "%s: must be an array", p), false;
		size_t i;
		json_array_foreach(a, i, v)
		{
			snprintf(p, sizeof p, "$.%s[%zu]", lists[l], i);
			if (!json_is_object(v))
				return set_err(e, p, "", "%s: must be an object", p), false;
			const char *n = json_string_value(json_object_get(v, "name"));
			if (!n || !*n || strlen(n) > 31) {
				snprintf(p, sizeof p, "$.%s[%zu].name", lists[l], i);
				return set_err(e, p, "NQ.GEN.1", "%s: a name of 1 to 31 characters", p), false;
			}
			for (size_t j = 0; j < i; j++)
				if (strcmp(n, json_string_value(json_object_get(json_array_get(a, j), "name"))) == 0) {
					snprintf(p, sizeof p, "$.%s[%zu].name", lists[l], i);
					return set_err(e, p, "", "%s: \"%s\" twice (also $.%s[%zu])", p, n, lists[l], j), false;
				}
			if (l == 0) {
				const char *fk;
				json_t *fv;
				json_object_foreach(v, fk, fv)
				{
					if (strcmp(fk, "name") && !is_stat_field(fk)) {
						snprintf(p, sizeof p, "$.troops[%zu].%s", i, fk);
						return set_err(e, p, "NQ.STAT",
							       "%s: not a stat-line field (t s m nrows weapon w x d reach r notes)", p),
						       false;
					}
				}
			} else {
				const char *t = json_string_value(json_object_get(v, "troop"));
				if (troop_index(json_object_get(r, "troops"), t) < 0) {
					snprintf(p, sizeof p, "$.men[%zu].troop", i);
					return set_err(e, p, "NQ.GEN.4", "%s: \"%s\" is not a troop type of the roster", p,
						       t ? t : "(none)"),
					       false;
				}
			}
		}
	}
	return true;
}

// The figure record of entry i: a troop type as a custom man, or a man: his troop type's fields
// with his own over them.
static json_t *record_of(const json_t *r, bool man, size_t i)
{
	const json_t *troops = json_object_get(r, "troops");
	json_t *rec = json_object();
	json_t *src = json_array_get(json_object_get(r, man ? "men" : "troops"), i);
	const json_t *t = man ? json_array_get(troops, (size_t)troop_index(troops, json_string_value(json_object_get(src, "troop"))))
			      : src;
	const char *k;
	json_t *v;
	json_object_foreach((json_t *)t, k, v)
	{
		if (strcmp(k, "name") != 0)
			json_object_set(rec, k, v);
	}
	if (man)
		json_object_foreach(src, k, v)
		{
			if (strcmp(k, "troop") != 0)
				json_object_set(rec, k, v);
		}
	else
		json_object_set(rec, "name", json_object_get(src, "name"));
	json_object_set_new(rec, "troop", json_string("custom"));
	return rec;
}

tw_status tw_ll_roster_check_json(const json_t *r, tw_ll_roster_err *e)
{
	memset(e, 0, sizeof *e);
	if (!check_shape(r, e))
		return TW_ERR_INPUT;
	size_t nt = json_array_size(json_object_get(r, "troops")), nm = json_array_size(json_object_get(r, "men"));
	json_t *datas = json_array();
	for (size_t i = 0; i < nt + nm; i++)
		json_array_append_new(datas, record_of(r, i >= nt, i >= nt ? i - nt : i));
	json_t *scen = scenario_of(datas);
	json_decref(datas);
	tw_error err;
	tw_error_clear(&err);
	tw_status st = prepare(scen, NULL, &err);
	json_decref(scen);
	if (st == TW_OK)
		return TW_OK;
	// "$.figures[I].data<rest>" (in err.path, or at the head of the message) -> the roster's.
	const char *p = strstr(err.path, "$.figures[") ? err.path : strstr(err.message, "$.figures[");
	size_t fi = (size_t)-1;
	char rest[64] = "";
	if (p) {
		fi = (size_t)strtoul(p + 10, NULL, 10);
		const char *d = strstr(p, "].data");
		if (d) {
			d += 6;
			size_t n = strcspn(d, ": ");
			snprintf(rest, sizeof rest, "%.*s", (int)(n < sizeof rest - 1 ? n : sizeof rest - 1), d);
		}
	}
	char path[128] = "$";
	const char *words = err.message;
	const char *colon = p ? strstr(p, ": ") : NULL;
	if (colon && p == err.message)
		words = colon + 2;
	if (fi < nt + nm) {
		bool man = fi >= nt;
		size_t k = man ? fi - nt : fi;
		const json_t *src = json_array_get(json_object_get(r, man ? "men" : "troops"), k);
		char top[64];
		size_t n = strcspn(rest + (rest[0] == '.'), ".[");
		snprintf(top, sizeof top, "%.*s", (int)(n < 63 ? n : 63), rest + (rest[0] == '.'));
		// A man's value that comes from his troop type is the troop type's.
		if (man && top[0] && !json_object_get(src, top)) {
			int t = troop_index(json_object_get(r, "troops"), json_string_value(json_object_get(src, "troop")));
			snprintf(path, sizeof path, "$.troops[%d]%s", t, rest);
		} else
			snprintf(path, sizeof path, "$.%s[%zu]%s", man ? "men" : "troops", k, rest);
	}
	set_err(e, path, err.clause, "%s: %s", path, words);
	return st;
}

tw_status tw_ll_roster_check(const char *text, size_t len, tw_ll_roster_err *e)
{
	json_error_t je;
	json_t *r = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
	if (!r) {
		set_err(e, "$", "", "%s", je.text);
		e->line = je.line;
		e->col = je.column;
		return TW_ERR_INPUT;
	}
	tw_status st = tw_ll_roster_check_json(r, e);
	json_decref(r);
	if (st != TW_OK && !tw_ll_json_locate(text, len, e->path, &e->line, &e->col))
		e->line = e->col = 0;
	return st;
}

// ---- locating a path in JSON text ----

typedef struct {
	const char *s;
	size_t n, i;
} jw;

static void ws(jw *w)
{
	while (w->i < w->n && isspace((unsigned char)w->s[w->i]))
		w->i++;
}

static bool skip_string(jw *w)
{
	if (w->i >= w->n || w->s[w->i] != '"')
		return false;
	for (w->i++; w->i < w->n; w->i++) {
		if (w->s[w->i] == '\\')
			w->i++;
		else if (w->s[w->i] == '"') {
			w->i++;
			return true;
		}
	}
	return false;
}

static bool skip_value(jw *w)
{
	ws(w);
	if (w->i >= w->n)
		return false;
	char c = w->s[w->i];
	if (c == '"')
		return skip_string(w);
	if (c == '{' || c == '[') {
		int depth = 0;
		for (; w->i < w->n; w->i++) {
			char d = w->s[w->i];
			if (d == '"') {
				if (!skip_string(w))
					return false;
				w->i--;
			} else if (d == '{' || d == '[')
				depth++;
			else if ((d == '}' || d == ']') && --depth == 0) {
				w->i++;
				return true;
			}
		}
		return false;
	}
	while (w->i < w->n && !strchr(",}] \t\r\n", w->s[w->i]))
		w->i++;
	return true;
}

bool tw_ll_json_locate(const char *text, size_t len, const char *path, int *line, int *col)
{
	jw w = {text, len, 0};
	if (!path || path[0] != '$')
		return false;
	const char *p = path + 1;
	ws(&w);
	size_t at = w.i;
	while (*p) {
		ws(&w);
		if (*p == '.') { // a key
			p++;
			size_t kn = strcspn(p, ".[");
			if (w.i >= w.n || w.s[w.i] != '{')
				break;
			w.i++;
			bool found = false;
			for (;;) {
				ws(&w);
				if (w.i >= w.n || w.s[w.i] == '}')
					break;
				size_t k0 = w.i + 1;
				if (!skip_string(&w))
					return false;
				size_t k1 = w.i - 1;
				ws(&w);
				if (w.i >= w.n || w.s[w.i] != ':')
					return false;
				w.i++;
				ws(&w);
				if (k1 - k0 == kn && strncmp(w.s + k0, p, kn) == 0) {
					found = true;
					break;
				}
				if (!skip_value(&w))
					return false;
				ws(&w);
				if (w.i < w.n && w.s[w.i] == ',')
					w.i++;
			}
			if (!found)
				break;
			p += kn;
		} else if (*p == '[') { // an index
			long idx = strtol(p + 1, NULL, 10);
			const char *q = strchr(p, ']');
			if (!q || w.i >= w.n || w.s[w.i] != '[')
				break;
			w.i++;
			bool found = true;
			for (long k = 0; k < idx; k++) {
				ws(&w);
				if (w.i >= w.n || w.s[w.i] == ']' || !skip_value(&w)) {
					found = false;
					break;
				}
				ws(&w);
				if (w.i < w.n && w.s[w.i] == ',')
					w.i++;
			}
			ws(&w);
			if (!found || w.i >= w.n || w.s[w.i] == ']')
				break;
			p = q + 1;
		} else
			break;
		at = w.i;
	}
	int l = 1, c = 1;
	for (size_t i = 0; i < at && i < len; i++) {
		if (text[i] == '\n') {
			l++;
			c = 1;
		} else
			c++;
	}
	*line = l;
	*col = c;
	return true;
}

// ll-fin: the rule set's roster hook (tw_ruleset.roster): the front-ends call only these.
const tw_roster_hooks ll_roster_hooks = {
	.new_roster = tw_ll_roster_new,
	.check = tw_ll_roster_check,
	.check_json = tw_ll_roster_check_json,
};
