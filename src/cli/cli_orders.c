// The terminal's words for orders, driven by each rule set's order description (order.h): an
// order type's `usage` ("fire {gun} at {target} | fire {gun} {bearing} {elevation}") says which
// words give it; {field} takes the field's value in the form its kind calls for; [...] is optional.
// Wherever a field takes figure ids, `unit N` or `unit "NAME"` stands for the unit's active men.
// A field whose values are choices takes the choice's name. The words are read strictly: a word
// not understood is refused, and the refusal says which field wanted what.
#include <ctype.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

int cli_split_words(char *line, char **argv, int max, char *why, size_t nwhy)
{
	int argc = 0;
	char *p = line;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
			p++;
		if (!*p)
			return argc;
		if (argc >= max) {
			snprintf(why, nwhy, "  more than %d words: nothing done", max);
			return -1;
		}
		if (*p == '"' || *p == '\'') {
			char q = *p++;
			char *end = strchr(p, q);
			if (!end) {
				snprintf(why, nwhy, "  the quote %c%s is not closed: nothing done", q, p);
				return -1;
			}
			*end = 0;
			argv[argc++] = p;
			p = end + 1;
			if (*p && !strchr(" \t\r\n", *p)) {
				snprintf(why, nwhy, "  a quoted name ends with its quote: '%s' follows it", p);
				return -1;
			}
			continue;
		}
		argv[argc++] = p;
		p += strcspn(p, " \t\r\n");
		if (*p)
			*p++ = 0;
	}
}

int cli_find_unit(const tw_state *s, const char *word)
{
	char *end;
	long id = strtol(word, &end, 10);
	if (end != word && *end == 0)
		return id >= 0 && id < s->nunit ? (int)id : -1;
	for (int i = 0; i < s->nunit; i++)
		if (strcasecmp(s->unit[i].name, word) == 0)
			return i;
	return -1;
}

bool cli_unit_member(const tw_state *s, const tw_figure *f, int unit)
{
	(void)s;
	return f->unit == unit && f->status == TW_FS_ACTIVE;
}

bool cli_ids_token(const char *s, int32_t *out, int *n, int max)
{
	if (!s || !*s)
		return false;
	while (*s) {
		char *end;
		long a = strtol(s, &end, 10);
		if (end == s || a < 0)
			return false;
		long b = a;
		if (*end == '-') {
			const char *t = end + 1;
			b = strtol(t, &end, 10);
			if (end == t || b < a || b - a > TW_ORDER_MAX_FIG)
				return false;
		}
		for (long k = a; k <= b; k++) {
			if (*n >= max)
				return false;
			out[(*n)++] = (int32_t)k;
		}
		if (*end && *end != ',')
			return false;
		s = *end == ',' ? end + 1 : end;
	}
	return true;
}

bool cli_parse_point(const char *s, tw_vec2 *p)
{
	if (!s)
		return false;
	char *end;
	p->x = strtod(s, &end);
	if (end == s || *end != ',')
		return false;
	const char *t = end + 1;
	p->y = strtod(t, &end);
	return end != t && *end == 0 && isfinite(p->x) && isfinite(p->y);
}

static bool num_token(const char *s, double *v)
{
	char *end;
	*v = strtod(s, &end);
	return end != s && *end == 0 && isfinite(*v);
}

static bool int_token(const char *s, long *v)
{
	char *end;
	*v = strtol(s, &end, 10);
	return end != s && *end == 0;
}

// The pattern of one alternative, as tokens: a word, "{name}", "[" or "]".
#define MAX_PAT 32
typedef struct pattern {
	int n;
	char tok[MAX_PAT][40];
} pattern;

static void tokenize(const char *alt, pattern *p)
{
	p->n = 0;
	const char *s = alt;
	while (*s && p->n < MAX_PAT) {
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		size_t len;
		if (*s == '[' || *s == ']')
			len = 1;
		else if (*s == '{')
			len = strcspn(s, "}") + 1;
		else
			len = strcspn(s, " []{");
		snprintf(p->tok[p->n++], sizeof p->tok[0], "%.*s", (int)len, s);
		s += len;
	}
}

typedef struct parser {
	const tw_state *s;
	const tw_order_def *d;
	int argc;
	char **argv;
	tw_order *o;
	bool seen[32];     // fields given
	bool want_places;  // a places field was given figures only: the rule set proposes the places
	int fail_at;       // the furthest word a failure was found at (-1: none yet)
	char fail[200];    // what was wrong there
	const cli_groups *groups; // the terminal's named groups (NULL: none)
} parser;

// Notes a failure at word a (the furthest one is kept: it says the most).
static void failed(parser *ps, int a, const char *fmt, ...)
{
	if (a < ps->fail_at)
		return;
	ps->fail_at = a;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(ps->fail, sizeof ps->fail, fmt, ap);
	va_end(ap);
}

// What a field of kind `kind` wants, in words.
static const char *wants(const tw_order_field *f, char *buf, size_t n)
{
	switch ((tw_ofield_kind)f->kind) {
	case TW_OF_FIGS:
	case TW_OF_FIGS2: return "figure ids";
	case TW_OF_INTS: return "whole numbers";
	case TW_OF_PLACES: return "figure ids with places (ID X,Y ...), or a unit";
	case TW_OF_POINTS: return "a point X,Y for each figure";
	case TW_OF_PATH: return "points X,Y";
	case TW_OF_GUN: return "a gun id";
	case TW_OF_GUN_PLACE: return "a gun id and a point X,Y";
	case TW_OF_BEARING: return "a bearing in degrees";
	case TW_OF_ELEVATION: return "an elevation in degrees";
	case TW_OF_POINT: return "a point X,Y";
	case TW_OF_SIDE: return "a side's name";
	case TW_OF_INT:
		if (f->choices) {
			size_t len = (size_t)snprintf(buf, n, "one of");
			for (int k = 0; f->choices[k] && len < n; k++)
				len += (size_t)snprintf(buf + len, n - len, "%s %s", k ? "," : "", f->choices[k]);
			return buf;
		}
		return "a whole number";
	default: return "a value";
	}
}

// A unit reference at argv[*a] ("unit" then an id or a name): its active men appended to
// out. 0 if argv[*a] is not "unit"; 1 taken; -1 a bad reference (failure noted).
// A named group at argv[*a] ("group NAME", or the bare NAME of a group): its active men
// appended to out. Same returns as unit_ref.
static int group_ref(parser *ps, int *a, int32_t *out, int *n, int max)
{
	if (*a >= ps->argc)
		return 0;
	bool word = strcmp(ps->argv[*a], "group") == 0;
	int at = word ? *a + 1 : *a;
	if (word && at >= ps->argc) {
		failed(ps, at, "'group' wants a group's name ('group NAME IDS' makes one)");
		return -1;
	}
	int g = ps->groups ? cli_group_find(ps->groups, ps->argv[at]) : -1;
	if (g < 0) {
		if (word)
			failed(ps, at, "no group '%s' (%s)", ps->argv[at],
			       ps->groups && ps->groups->n ? "'group' lists them" : "'group NAME IDS' makes one");
		return word ? -1 : 0;
	}
	const cli_group *gr = &ps->groups->g[g];
	int before = *n;
	for (int k = 0; k < gr->n; k++) {
		const tw_figure *f = tw_state_figure_c(ps->s, gr->ids[k]);
		if (!f || f->status != TW_FS_ACTIVE)
			continue;
		if (*n >= max) {
			failed(ps, at, "group %s has more men than an order holds (%d)", gr->name, max);
			return -1;
		}
		out[(*n)++] = f->id;
	}
	if (*n == before) {
		failed(ps, at, "group %s has no active men", gr->name);
		return -1;
	}
	*a = at + 1;
	return 1;
}

static int unit_ref(parser *ps, int *a, int32_t *out, int *n, int max)
{
	if (*a < ps->argc && strcmp(ps->argv[*a], "unit") != 0)
		return group_ref(ps, a, out, n, max);
	if (*a >= ps->argc)
		return 0;
	if (*a + 1 >= ps->argc) {
		failed(ps, *a + 1, "'unit' wants a unit's id or its name in quotes");
		return -1;
	}
	const tw_state *s = ps->s;
	int u = cli_find_unit(s, ps->argv[*a + 1]);
	if (u < 0) {
		failed(ps, *a + 1, "no unit '%s' (%d units: ids 0-%d; 'list' names them)", ps->argv[*a + 1], s->nunit,
		       s->nunit - 1);
		if (s->nunit == 0)
			failed(ps, *a + 1, "no unit '%s': this battle has no units", ps->argv[*a + 1]);
		return -1;
	}
	int before = *n;
	for (int i = 0; i < s->nfig; i++)
		if (cli_unit_member(s, &s->fig[i], u)) {
			if (*n >= max) {
				failed(ps, *a + 1, "unit %d has more men than an order holds (%d)", u, max);
				return -1;
			}
			out[(*n)++] = s->fig[i].id;
		}
	if (*n == before) {
		failed(ps, *a + 1, "unit %d (%s) has no active men", u, s->unit[u].name);
		return -1;
	}
	*a += 2;
	return 1;
}

// Index of the token closing the group opened at i.
static int group_end(const pattern *p, int i)
{
	int depth = 0;
	for (int k = i; k < p->n; k++) {
		if (p->tok[k][0] == '[')
			depth++;
		else if (p->tok[k][0] == ']' && --depth == 0)
			return k;
	}
	return p->n;
}

// True if argv[a] could start another part of the pattern after position i (a literal word
// that follows), so that a greedy field stops there.
static bool is_literal_ahead(const pattern *p, int i, const char *word)
{
	for (int k = i; k < p->n; k++)
		if (p->tok[k][0] != '{' && p->tok[k][0] != '[' && p->tok[k][0] != ']' && strcmp(p->tok[k], word) == 0)
			return true;
	return false;
}

// Figure ids (and unit references) from argv[*a...] into out; `rest` takes every word it can.
static bool take_ids(parser *ps, const pattern *p, int pi, const tw_order_field *f, int *a, bool rest, int32_t *out,
		     int *n, int max)
{
	char buf[200];
	*n = 0;
	int taken = 0;
	while (*a < ps->argc && (rest || taken == 0)) {
		if (taken > 0 && is_literal_ahead(p, pi + 1, ps->argv[*a]))
			break;
		int r = unit_ref(ps, a, out, n, max);
		if (r < 0)
			return false;
		if (r == 0) {
			int n0 = *n;
			if (!cli_ids_token(ps->argv[*a], out, n, max)) {
				*n = n0;
				if (taken == 0) {
					failed(ps, *a, "expected %s (%s), not '%s'", wants(f, buf, sizeof buf), f->name,
					       ps->argv[*a]);
					return false;
				}
				break; // the next field's, or a word the caller refuses
			}
			(*a)++;
		}
		taken++;
	}
	if (taken == 0) {
		failed(ps, *a, "expected %s (%s)", wants(f, buf, sizeof buf), f->name);
		return false;
	}
	return true;
}

// Reads field f from argv[*a...]; `rest` lets a list take every word left (up to a literal word
// of the pattern). Returns false (with the failure noted) if the words do not give the field.
static bool take_field(parser *ps, const pattern *p, int pi, const tw_order_field *f, int *a, bool rest)
{
	tw_order *o = ps->o;
	int argc = ps->argc;
	char **argv = ps->argv;
	char buf[200];
	if (*a >= argc) {
		failed(ps, *a, "expected %s (%s)", wants(f, buf, sizeof buf), f->name);
		return false;
	}
	int a0 = *a;
	bool ok = false;
	switch ((tw_ofield_kind)f->kind) {
	case TW_OF_FIGS:
	case TW_OF_FIGS2:
	case TW_OF_INTS: {
		int32_t *out = f->kind == TW_OF_FIGS ? o->fig : f->kind == TW_OF_FIGS2 ? o->fig2 : o->val;
		int *n = f->kind == TW_OF_FIGS ? &o->nfig : f->kind == TW_OF_FIGS2 ? &o->nfig2 : &o->nval;
		int max = f->kind == TW_OF_INTS ? TW_ORDER_MAX_VALS : TW_ORDER_MAX_FIG;
		return take_ids(ps, p, pi, f, a, rest, out, n, max);
	}
	case TW_OF_PLACES: {
		double forward = ps->s->sides[o->side >= 0 ? o->side : 0].forward < 0 ? 180 : 0;
		o->nfig = 0;
		// Figures without places (a unit, or ids): the rule set proposes the places.
		if (strcmp(argv[*a], "unit") == 0 || strcmp(argv[*a], "group") == 0 || (*a + 1 < argc && !cli_parse_point(argv[*a + 1], &o->at[0])) ||
		    *a + 1 == argc) {
			if (!take_ids(ps, p, pi, f, a, rest, o->fig, &o->nfig, TW_ORDER_MAX_FIG))
				return false;
			ps->want_places = true;
			o->has_at = false;
			return true;
		}
		while (*a + 1 < argc && o->nfig < TW_ORDER_MAX_FIG) {
			long id;
			if (!int_token(argv[*a], &id) || id < 0 || !cli_parse_point(argv[*a + 1], &o->at[o->nfig]))
				break;
			o->fig[o->nfig] = (int32_t)id;
			o->facing[o->nfig] = (f->flags & TW_OFF_FORWARD) ? forward : 0;
			const tw_figure *fg = tw_state_figure_c(ps->s, (int32_t)id);
			if (!(f->flags & TW_OFF_FORWARD) && fg)
				o->facing[o->nfig] = fg->facing; // a man keeps his facing unless told
			o->nfig++;
			*a += 2;
			if (!rest)
				break;
		}
		o->has_at = o->nfig > 0;
		ok = o->nfig > 0;
		break;
	}
	case TW_OF_POINTS: {
		int k = 0;
		while (*a < argc && k < o->nfig && cli_parse_point(argv[*a], &o->at[k])) {
			k++;
			(*a)++;
		}
		o->has_at = k == o->nfig && k > 0;
		if (!o->has_at) {
			failed(ps, *a, "expected a point X,Y for each of the %d figures (%s), got %d", o->nfig, f->name, k);
			return false;
		}
		return true;
	}
	case TW_OF_PATH:
		o->npath = 0;
		while (*a < argc && o->npath < TW_ORDER_MAX_PATH && cli_parse_point(argv[*a], &o->path[o->npath])) {
			o->npath++;
			(*a)++;
			if (!rest)
				break;
		}
		ok = o->npath > 0;
		break;
	case TW_OF_GUN: {
		long g;
		if (int_token(argv[*a], &g) && g >= 0) {
			o->gun = (int32_t)g;
			(*a)++;
			ok = true;
		}
		break;
	}
	case TW_OF_GUN_PLACE: {
		long g;
		if (*a + 1 >= argc || !int_token(argv[*a], &g) || g < 0 || !cli_parse_point(argv[*a + 1], &o->path[0]))
			break;
		o->gun = (int32_t)g;
		o->npath = 1;
		*a += 2;
		double b;
		if (*a < argc && num_token(argv[*a], &b)) {
			o->bearing = b;
			o->has_aim = true;
			(*a)++;
		}
		ok = true;
		break;
	}
	case TW_OF_INT: {
		long v;
		for (int k = 0; f->choices && f->choices[k]; k++)
			if (strcmp(f->choices[k], argv[*a]) == 0) {
				o->n = k;
				(*a)++;
				return true;
			}
		int nch = 0;
		while (f->choices && f->choices[nch])
			nch++;
		if (int_token(argv[*a], &v) && (!f->choices || (v >= 0 && v < nch))) {
			o->n = (int32_t)v;
			(*a)++;
			ok = true;
		}
		break;
	}
	case TW_OF_BEARING:
	case TW_OF_ELEVATION: {
		double v;
		if (num_token(argv[*a], &v)) {
			*(f->kind == TW_OF_BEARING ? &o->bearing : &o->elevation) = v;
			o->has_aim = true;
			(*a)++;
			ok = true;
		}
		break;
	}
	case TW_OF_POINT:
		if (cli_parse_point(argv[*a], &o->target)) {
			o->has_target = true;
			(*a)++;
			ok = true;
		}
		break;
	case TW_OF_SIDE: {
		int side = tw_state_side_index(ps->s, argv[*a]);
		if (side >= 0) {
			o->n = side;
			(*a)++;
			ok = true;
		}
		break;
	}
	default: break;
	}
	if (!ok)
		failed(ps, a0, "expected %s (%s), not '%s'", wants(f, buf, sizeof buf), f->name, argv[a0]);
	return ok;
}

// Matches pattern tokens [i, end) against argv from *a. Optional groups are tried, and skipped
// when they do not match (the order is put back as it was).
static bool match(parser *ps, const pattern *p, int i, int end, int *a)
{
	while (i < end) {
		const char *t = p->tok[i];
		if (t[0] == '[') {
			int close = group_end(p, i);
			tw_order *save = malloc(sizeof *save);
			if (!save)
				return false;
			*save = *ps->o;
			bool seen[32];
			memcpy(seen, ps->seen, sizeof seen);
			bool want = ps->want_places;
			int a0 = *a;
			if (!match(ps, p, i + 1, close, a)) {
				*ps->o = *save;
				memcpy(ps->seen, seen, sizeof seen);
				ps->want_places = want;
				*a = a0;
			}
			free(save);
			i = close + 1;
			continue;
		}
		if (t[0] == ']') {
			i++;
			continue;
		}
		if (t[0] == '{') {
			char name[40];
			snprintf(name, sizeof name, "%.*s", (int)strlen(t) - 2, t + 1);
			int fi = tw_order_field_find(ps->d, name);
			if (fi < 0 || fi >= 32)
				return false;
			// A list takes every word it can, unless another field follows straight on.
			bool rest = i + 1 >= p->n || p->tok[i + 1][0] != '{';
			const tw_order_field *f = &ps->d->fields[fi];
			if (*a >= ps->argc && !f->required && i + 1 == p->n) {
				i++; // the order's last field, one it may go without, and no words left for it
				continue;
			}
			if (!take_field(ps, p, i, f, a, rest))
				return false;
			ps->seen[fi] = true;
			i++;
			continue;
		}
		if (*a >= ps->argc || strcmp(ps->argv[*a], t) != 0) {
			if (*a >= ps->argc)
				failed(ps, *a, "expected the word '%s'", t);
			else
				failed(ps, *a, "expected the word '%s', not '%s'", t, ps->argv[*a]);
			return false;
		}
		(*a)++;
		i++;
	}
	return true;
}

// The places of the figures named (without places) in a field that wants them: the rule set's
// own proposal (random_orders, on the seat's view, from a generator seeded by the order's words
// and never the game's) of an order of the same type, choice and figures. False if it proposes
// none in 2000 tries.
// A formation by name (the rule set's formation_order hook): the places of the one unit whose men
// are named, laid by the rule set for the choice's name. 1: done; 0: not such an order (or no
// hook); -1: the rule set refuses, why says why.
static int formation_places(const tw_state *view, const tw_ruleset *rs, int side, tw_order *o, char *why, size_t nwhy)
{
	const tw_order_def *d = o->type < rs->norders ? &rs->orders[o->type] : NULL;
	const char *const *choices = NULL;
	for (int k = 0; d && k < d->nfields; k++)
		if (strcmp(d->fields[k].name, "n") == 0)
			choices = d->fields[k].choices;
	if (!rs->formation_order || !d || strcmp(d->name, "formation") != 0 || !choices || o->nfig < 1 || o->n < 0)
		return 0;
	for (int k = 0; k <= o->n; k++)
		if (!choices[k])
			return 0;
	const tw_figure *f0 = tw_state_figure_c(view, o->fig[0]);
	int unit = f0 ? f0->unit : -1;
	for (int i = 1; i < o->nfig; i++) {
		const tw_figure *f = tw_state_figure_c(view, o->fig[i]);
		if (!f || f->unit != unit) {
			snprintf(why, nwhy, "figures %d and %d are of different units: a formation is one unit's", o->fig[0], o->fig[i]);
			return -1;
		}
	}
	tw_order *c = malloc(sizeof *c);
	if (!c)
		return 0;
	tw_error err = {0};
	int rc = 0;
	if (unit < 0)
		snprintf(why, nwhy, "figure %d is of no unit: a formation is a unit's", o->fig[0]);
	else if (rs->formation_order(view, unit, choices[o->n], c, &err) != TW_OK)
		snprintf(why, nwhy, "%s%s%s%s", err.clause[0] ? "[" : "", err.clause, err.clause[0] ? "] " : "", err.message);
	else if (c->type == o->type) {
		*o = *c;
		o->side = (int8_t)side;
		rc = 1;
	}
	if (rc == 0 && why[0])
		rc = -1;
	free(c);
	return rc;
}

static bool propose_places(const tw_state *s, int side, tw_order *o, char *why, size_t nwhy)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	if (!rs || !rs->random_orders || side < 0 || side >= s->nsides)
		return false;
	tw_state view;
	if (tw_state_view(&view, s, side) != TW_OK)
		return false;
	int byname = formation_places(&view, rs, side, o, why, nwhy);
	if (byname != 0) {
		tw_state_free(&view);
		return byname > 0;
	}
	tw_order *c = malloc(sizeof *c);
	bool found = false;
	tw_rng rng;
	tw_rng_seed(&rng, 0x7465726dULL ^ (uint64_t)o->type << 32 ^ (uint64_t)o->n);
	for (int t = 0; c && t < 2000 && !found; t++) {
		if (rs->random_orders(&view, side, &rng, c, 1) < 1 || c->type != o->type || c->n != o->n ||
		    c->nfig != o->nfig || !c->has_at)
			continue;
		bool same = true;
		for (int i = 0; i < o->nfig && same; i++) {
			int k = 0;
			while (k < c->nfig && c->fig[k] != o->fig[i])
				k++;
			same = k < c->nfig;
		}
		if (!same)
			continue;
		*o = *c;
		o->side = (int8_t)side;
		found = true;
	}
	free(c);
	tw_state_free(&view);
	return found;
}

int cli_parse_order(const tw_state *s, int side, int argc, char **argv, tw_order *o, char *why, size_t nwhy)
{
	return cli_parse_order_in(s, side, NULL, argc, argv, o, why, nwhy);
}

int cli_parse_order_in(const tw_state *s, int side, const cli_groups *gs, int argc, char **argv, tw_order *o,
		       char *why, size_t nwhy)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	why[0] = 0;
	int doc = argc > 0 ? cli_svl_manual_file(s, side, argc, argv, o, why, nwhy) : 0; // svl: manual ARM @FILE
	if (doc)
		return doc;
	bool named = false;
	int best = -1; // the alternative that got furthest, for the refusal
	char best_why[200] = "", best_alt[256] = "", usages[1024] = "";
	for (int t = 0; rs && t < rs->norders; t++) {
		const tw_order_def *d = &rs->orders[t];
		if (!d->usage)
			continue;
		char alts[256];
		snprintf(alts, sizeof alts, "%s", d->usage);
		for (char *alt = alts; alt && *alt;) {
			char *bar = strstr(alt, " | ");
			if (bar)
				*bar = 0;
			pattern p;
			tokenize(alt, &p);
			if (p.n > 0 && strcmp(p.tok[0], argv[0]) == 0) {
				named = true;
				parser ps = {s, d, argc, argv, o, {0}, false, -1, "", gs};
				tw_order_init(o, t, side);
				int a = 0;
				if (match(&ps, &p, 0, p.n, &a)) {
					if (a == argc && !ps.want_places)
						return 1;
					char fwhy[300] = ""; // a clause and a message (tw_error)
					if (a == argc && propose_places(s, side, o, fwhy, sizeof fwhy))
						return 1;
					if (a == argc && fwhy[0])
						failed(&ps, a, "%s", fwhy);
					else if (a == argc)
						failed(&ps, a,
						       "the rule set proposes no places for these figures: give each "
						       "one's place (ID X,Y ...)");
					else
						failed(&ps, a, "'%s' is not understood here", argv[a]);
				}
				if (ps.fail_at > best) {
					best = ps.fail_at;
					snprintf(best_why, sizeof best_why, "%s", ps.fail);
					snprintf(best_alt, sizeof best_alt, "%s", alt);
				}
				size_t len = strlen(usages);
				snprintf(usages + len, sizeof usages - len, "%s%s", len ? " | " : "", alt);
			}
			alt = bar ? bar + 3 : NULL;
		}
	}
	if (named)
		snprintf(why, nwhy, "  %s: %s\n  usage: %s", argv[0], best_why, usages);
	(void)best_alt;
	return named ? -1 : 0;
}

void cli_help_orders(const tw_ruleset *rs)
{
	printf("\n%s: its orders (words; fields in braces, [optional]):\n", rs->title);
	for (int t = 0; t < rs->norders; t++) {
		const tw_order_def *d = &rs->orders[t];
		printf("  %-12s %s%s%s%s\n", d->name, d->help ? d->help : "", d->clause ? " [" : "", d->clause ? d->clause : "",
		       d->clause ? "]" : "");
		if (d->usage)
			printf("  %-12s   %s\n", "", d->usage);
		else
			printf("  %-12s   (given by file, the page or 'deploy auto'; JSON type \"%s\")\n", "", d->name);
		for (int i = 0; i < d->nfields; i++) {
			const tw_order_field *f = &d->fields[i];
			if (!f->choices)
				continue;
			printf("  %-12s   {%s}:", "", f->name);
			for (int k = 0; f->choices[k]; k++)
				printf(" %s%s", f->choices[k], f->choices[k + 1] ? "," : "");
			printf("\n");
		}
	}
}
