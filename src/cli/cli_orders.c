// The terminal's words for orders, driven by each rule set's order description (order.h): an
// order type's `usage` ("fire {gun} at {target} | fire {gun} {bearing} {elevation}") says which
// words give it; {field} takes the field's value in the form its kind calls for; [...] is optional.
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

// "1,2,5-9" -> ids appended to out (at most max in all); false if malformed.
static bool ids_token(const char *s, int32_t *out, int *n, int max)
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
	bool seen[32]; // fields given
} parser;

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

// Reads field f from argv[*a...]; `rest` lets a list take every word left (up to a literal word
// of the pattern). Returns false if the words do not give the field.
static bool take_field(parser *ps, const pattern *p, int pi, const tw_order_field *f, int *a, bool rest)
{
	tw_order *o = ps->o;
	int argc = ps->argc;
	char **argv = ps->argv;
	if (*a >= argc)
		return false;
	switch ((tw_ofield_kind)f->kind) {
	case TW_OF_FIGS:
	case TW_OF_FIGS2:
	case TW_OF_INTS: {
		int32_t *out = f->kind == TW_OF_FIGS ? o->fig : f->kind == TW_OF_FIGS2 ? o->fig2 : o->val;
		int *n = f->kind == TW_OF_FIGS ? &o->nfig : f->kind == TW_OF_FIGS2 ? &o->nfig2 : &o->nval;
		int max = f->kind == TW_OF_INTS ? TW_ORDER_MAX_VALS : TW_ORDER_MAX_FIG;
		*n = 0;
		if (!ids_token(argv[(*a)++], out, n, max))
			return false;
		while (rest && *a < argc && !is_literal_ahead(p, pi + 1, argv[*a]) && ids_token(argv[*a], out, n, max))
			(*a)++;
		return true;
	}
	case TW_OF_PLACES: {
		double forward = ps->s->sides[o->side >= 0 ? o->side : 0].forward < 0 ? 180 : 0;
		o->nfig = 0;
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
		return o->nfig > 0;
	}
	case TW_OF_POINTS: {
		int k = 0;
		while (*a < argc && k < o->nfig && cli_parse_point(argv[*a], &o->at[k])) {
			k++;
			(*a)++;
		}
		o->has_at = k == o->nfig && k > 0;
		return o->has_at;
	}
	case TW_OF_PATH:
		o->npath = 0;
		while (*a < argc && o->npath < TW_ORDER_MAX_PATH && cli_parse_point(argv[*a], &o->path[o->npath])) {
			o->npath++;
			(*a)++;
			if (!rest)
				break;
		}
		return o->npath > 0;
	case TW_OF_GUN: {
		long g;
		if (!int_token(argv[*a], &g) || g < 0)
			return false;
		o->gun = (int32_t)g;
		(*a)++;
		return true;
	}
	case TW_OF_GUN_PLACE: {
		long g;
		if (*a + 1 >= argc || !int_token(argv[*a], &g) || g < 0 || !cli_parse_point(argv[*a + 1], &o->path[0]))
			return false;
		o->gun = (int32_t)g;
		o->npath = 1;
		*a += 2;
		double b;
		if (*a < argc && num_token(argv[*a], &b)) {
			o->bearing = b;
			o->has_aim = true;
			(*a)++;
		}
		return true;
	}
	case TW_OF_INT: {
		long v;
		for (int k = 0; f->choices && f->choices[k]; k++)
			if (strcmp(f->choices[k], argv[*a]) == 0) {
				o->n = k;
				(*a)++;
				return true;
			}
		if (!int_token(argv[*a], &v))
			return false;
		o->n = (int32_t)v;
		(*a)++;
		return true;
	}
	case TW_OF_BEARING:
	case TW_OF_ELEVATION: {
		double v;
		if (!num_token(argv[*a], &v))
			return false;
		*(f->kind == TW_OF_BEARING ? &o->bearing : &o->elevation) = v;
		o->has_aim = true;
		(*a)++;
		return true;
	}
	case TW_OF_POINT:
		if (!cli_parse_point(argv[*a], &o->target))
			return false;
		o->has_target = true;
		(*a)++;
		return true;
	case TW_OF_SIDE: {
		int side = tw_state_side_index(ps->s, argv[*a]);
		if (side < 0)
			return false;
		o->n = side;
		(*a)++;
		return true;
	}
	default: return false;
	}
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
			int a0 = *a;
			if (!match(ps, p, i + 1, close, a)) {
				*ps->o = *save;
				memcpy(ps->seen, seen, sizeof seen);
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
			if (!take_field(ps, p, i, &ps->d->fields[fi], a, rest))
				return false;
			ps->seen[fi] = true;
			i++;
			continue;
		}
		if (*a >= ps->argc || strcmp(ps->argv[*a], t) != 0)
			return false;
		(*a)++;
		i++;
	}
	return true;
}

int cli_parse_order(const tw_state *s, int side, int argc, char **argv, tw_order *o, char *why, size_t nwhy)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	why[0] = 0;
	bool named = false;
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
				parser ps = {s, d, argc, argv, o, {0}};
				tw_order_init(o, t, side);
				int a = 0;
				if (match(&ps, &p, 0, p.n, &a) && a == argc)
					return 1;
				size_t len = strlen(why);
				snprintf(why + len, nwhy - len, "%s  usage: %s", len ? "\n" : "", alt);
			}
			alt = bar ? bar + 3 : NULL;
		}
	}
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
