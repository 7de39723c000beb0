// Plain words for battle reports: each event's own text with its clause, routine events summed up
// (so many men moved, so many came into contact), and the families of clause IDs explained.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_words.h"
#include "render_internal.h"

const char *tw_clause_meaning(const tw_ruleset *rs, const char *clause)
{
	const char *best = NULL;
	size_t bl = 0;
	for (int i = 0; rs && i < rs->nfamilies; i++) {
		const tw_clause_family *f = &rs->families[i];
		size_t l = strlen(f->prefix);
		if (strncmp(clause, f->prefix, l) == 0 && (clause[l] == '.' || clause[l] == 0) && l > bl) {
			best = f->meaning;
			bl = l;
		}
	}
	return best;
}

static const char *side_name(const tw_state *s, int side)
{
	return side >= 0 && side < s->nsides ? s->sides[side].name : "nobody";
}

static bool hidden_from(const tw_battle *b, const tw_event *e, int seat)
{
	if (seat < 0)
		return false;
	if (e->type == TW_EV_DEPLOY)
		return e->side != seat && e->b;
	const tw_figure *f = tw_state_figure_c(&b->final, e->a);
	bool fig = e->type == TW_EV_MOVE || e->type == TW_EV_KILL || e->type == TW_EV_TOUCH ||
		   e->type == TW_EV_LIE || e->type == TW_EV_TRAIL;
	return fig && f && f->side != seat && (f->flags & TW_FF_HIDDEN);
}

/// Sums of routine events, per side.
typedef struct tally {
	int moved[TW_MAX_SIDES][TW_FK_COUNT];
	double dist[TW_MAX_SIDES];
	int nmoved[TW_MAX_SIDES];
	char move_clauses[TW_MAX_SIDES][48];
	int contact[TW_MAX_SIDES];
	char contact_clause[TW_MAX_SIDES][20];
	int deployed[TW_MAX_SIDES], deployed_guns[TW_MAX_SIDES], deployed_hidden[TW_MAX_SIDES];
	char deploy_clause[TW_MAX_SIDES][20];
	// ll-reg: a side's few moves, each told in the rule set's words when every one has them
	// ("Aldhelm moves 10.00 in": figure-level rule sets name their men).
	int told[TW_MAX_SIDES][3], ntold[TW_MAX_SIDES];
} tally;

static void add_clause(char *list, size_t size, const char *clause)
{
	if (strstr(list, clause))
		return;
	size_t l = strlen(list);
	snprintf(list + l, size - l, "%s%s", l ? ", " : "", clause);
}

static tw_report_line *push(tw_report_line **v, int *n, int *cap)
{
	if (*n == *cap) {
		int nc = *cap ? *cap * 2 : 32;
		tw_report_line *p = realloc(*v, (size_t)nc * sizeof *p);
		if (!p)
			return NULL;
		*v = p;
		*cap = nc;
	}
	tw_report_line *l = &(*v)[(*n)++];
	memset(l, 0, sizeof *l);
	return l;
}

tw_report_line *tw_report_lines(const tw_battle *b, int first, int count, int seat, int *n)
{
	const tw_state *s = &b->final;
	tally *t = calloc(1, sizeof *t);
	tw_report_line *v = NULL;
	int cap = 0;
	*n = 0;
	if (!t)
		return NULL;
	int ns = s->nsides < TW_MAX_SIDES ? s->nsides : TW_MAX_SIDES;
	// First pass: the sums, which come first in the list (what the side did), then the rest in order.
	for (int i = first; i < first + count; i++) {
		const tw_event *e = &b->events.v[i];
		int sd = e->side;
		if (e->type == TW_EV_MOVE && sd >= 0 && sd < ns && !hidden_from(b, e, seat)) {
			const tw_figure *f = tw_state_figure_c(s, e->a);
			if (f && f->kind < TW_FK_COUNT)
				t->moved[sd][f->kind]++;
			t->nmoved[sd]++;
			t->dist[sd] += e->v;
			add_clause(t->move_clauses[sd], sizeof t->move_clauses[sd], e->clause);
			if (e->text[0] && t->ntold[sd] < 3)
				t->told[sd][t->ntold[sd]++] = i;
		} else if (e->type == TW_EV_CONTACT && sd >= 0 && sd < ns) {
			t->contact[sd]++;
			snprintf(t->contact_clause[sd], sizeof t->contact_clause[sd], "%s", e->clause);
		} else if (e->type == TW_EV_DEPLOY && sd >= 0 && sd < ns) {
			if (e->a >= 0)
				t->deployed[sd]++;
			else
				t->deployed_guns[sd]++;
			if (e->b)
				t->deployed_hidden[sd] = 1;
			snprintf(t->deploy_clause[sd], sizeof t->deploy_clause[sd], "%s", e->clause);
		}
	}
	bool summed = false;
	for (int i = first; i < first + count; i++) {
		const tw_event *e = &b->events.v[i];
		tw_report_line *l;
		if (e->type == TW_EV_MOVE || e->type == TW_EV_DEPLOY || e->type == TW_EV_CONTACT) {
			if (summed)
				continue;
			summed = true;
			for (int sd = 0; sd < ns; sd++) {
				if (t->deployed[sd] || t->deployed_guns[sd]) {
					if (!(l = push(&v, n, &cap)))
						goto oom;
					l->type = TW_EV_DEPLOY;
					l->side = sd;
					snprintf(l->clause, sizeof l->clause, "%s", t->deploy_clause[sd]);
					if (t->deployed_hidden[sd] && seat >= 0 && seat != sd)
						snprintf(l->text, sizeof l->text, "%s puts down his men behind the curtain",
							 side_name(s, sd));
					else
					{
						char guns[32] = "";
						if (t->deployed_guns[sd])
							snprintf(guns, sizeof guns, " and %d guns", t->deployed_guns[sd]);
						snprintf(l->text, sizeof l->text, "%s puts down %d men%s%s", side_name(s, sd),
							 t->deployed[sd], guns,
							 t->deployed_hidden[sd] ? " behind the curtain" : " in sight of the enemy");
					}
				}
				if (t->nmoved[sd]) {
					if (!(l = push(&v, n, &cap)))
						goto oom;
					l->type = TW_EV_MOVE;
					l->side = sd;
					snprintf(l->clause, sizeof l->clause, "%.23s", t->move_clauses[sd]);
					// Men by kind, and waggons apart (they are no men): "86 men and 5 waggons
					// (43 infantry, 43 cavalry)"; officers, generals and gunners take a plural.
					char kinds[96] = "";
					for (int k = 0; k < TW_FK_COUNT; k++) {
						int c = t->moved[sd][k];
						if (!c || k == TW_FK_WAGGON)
							continue;
						size_t len = strlen(kinds);
						bool plural = c != 1 && k != TW_FK_INFANTRY && k != TW_FK_CAVALRY;
						snprintf(kinds + len, sizeof kinds - len, "%s%d %s%s", len ? ", " : "", c,
							 tw_figure_kind_name((tw_figure_kind)k), plural ? "s" : "");
					}
					int wag = t->moved[sd][TW_FK_WAGGON], men = t->nmoved[sd] - wag;
					char who[160] = "";
					if (men)
						snprintf(who, sizeof who, "%d m%s%s%s%s", men, men == 1 ? "an" : "en", kinds[0] ? " (" : "",
							 kinds, kinds[0] ? ")" : "");
					if (wag) {
						size_t len = strlen(who);
						snprintf(who + len, sizeof who - len, "%s%d waggon%s", men ? " and " : "", wag,
							 wag == 1 ? "" : "s");
					}
					snprintf(l->text, sizeof l->text, "%s moves %s, %.1f in on average", side_name(s, sd), who,
						 t->dist[sd] / t->nmoved[sd]);
					if (t->nmoved[sd] == t->ntold[sd]) { // ll-reg: a few men, each by name
						size_t len = 0;
						for (int k = 0; k < t->ntold[sd] && len < sizeof l->text; k++)
							len += (size_t)snprintf(l->text + len, sizeof l->text - len, "%s%s", k ? "; " : "",
										b->events.v[t->told[sd][k]].text);
					}
				}
				if (t->contact[sd]) {
					if (!(l = push(&v, n, &cap)))
						goto oom;
					l->type = TW_EV_CONTACT;
					l->side = sd;
					snprintf(l->clause, sizeof l->clause, "%s", t->contact_clause[sd]);
					snprintf(l->text, sizeof l->text, "%d of %s's men come into contact with the enemy",
						 t->contact[sd], side_name(s, sd));
				}
			}
			continue;
		}
		// A melee's participants are ringed in its picture; its own line gives their numbers.
		if (e->type == TW_EV_MELEE_MEMBER || hidden_from(b, e, seat) || !e->text[0])
			continue;
		if (!(l = push(&v, n, &cap)))
			goto oom;
		l->type = e->type;
		l->side = e->side;
		snprintf(l->clause, sizeof l->clause, "%s", e->clause);
		snprintf(l->text, sizeof l->text, "%s", e->text);
	}
	free(t);
	return v;
oom:
	free(t);
	free(v);
	*n = 0;
	return NULL;
}

void tw_report_strength_line(const tw_state *s, char *out, size_t size)
{
	size_t len = 0;
	out[0] = 0;
	for (int k = 0; k < s->nsides && len < size; k++) {
		int inf = 0, cav = 0, other = 0, dead = 0, held = 0, guns = 0;
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *f = &s->fig[i];
			if (f->side != k)
				continue;
			if (f->status == TW_FS_ACTIVE)
				f->kind == TW_FK_INFANTRY ? inf++ : f->kind == TW_FK_CAVALRY ? cav++ : other++;
			else if (f->status == TW_FS_DEAD)
				dead++;
			else if (tw_figure_held(s, f))
				held++;
		}
		for (int i = 0; i < s->ngun; i++)
			if (s->gun[i].side == k && tw_gun_on_table(s, &s->gun[i]))
				guns++;
		len += (size_t)snprintf(out + len, size - len, "%s%s: %d free men (%d infantry, %d cavalry%s), %d guns, %d dead, %d held by the enemy",
					k ? "; " : "", s->sides[k].name, inf + cav + other, inf, cav, other ? ", others" : "",
					guns, dead, held);
	}
}

int tw_report_move_sides(const tw_battle *b, int k, int *sides, int max)
{
	if (max < 1)
		return 0;
	int n = 0;
	const tw_battle_move *m = &b->moves[k];
	for (int i = m->first; i < m->first + m->count && i < b->events.n; i++) {
		const tw_event *e = &b->events.v[i];
		if (e->type != TW_EV_MOVE_END || e->side < 0)
			continue;
		bool seen = false;
		for (int j = 0; j < n; j++)
			seen |= sides[j] == e->side;
		if (!seen && n < max)
			sides[n++] = e->side;
	}
	if (n == 0)
		sides[n++] = m->side;
	return n;
}

void tw_report_move_who(const tw_battle *b, int k, char *out, size_t size)
{
	int sides[TW_MAX_SIDES];
	int n = tw_report_move_sides(b, k, sides, TW_MAX_SIDES);
	size_t len = 0;
	out[0] = '\0';
	for (int j = 0; j < n && len < size; j++) {
		int w = snprintf(out + len, size - len, "%s%s", j == 0 ? "" : ", then ", side_name(&b->final, sides[j]));
		if (w < 0)
			break;
		len += (size_t)w;
	}
}

bool tw_report_sides_share_moves(const tw_battle *b)
{
	int sides[TW_MAX_SIDES];
	for (int k = 0; k < b->nmoves; k++)
		if (tw_report_move_sides(b, k, sides, TW_MAX_SIDES) > 1)
			return true;
	return false;
}

void tw_report_result(const tw_battle *b, char *out, size_t size)
{
	for (int i = b->events.n - 1; i >= 0; i--) {
		const tw_event *e = &b->events.v[i];
		if (e->type == TW_EV_VICTORY || e->type == TW_EV_DRAW) {
			if (e->clause[0])
				snprintf(out, size, "%s (%s)", e->text, e->clause);
			else // the engine's own end (a move limit): no clause to cite
				snprintf(out, size, "%s", e->text);
			return;
		}
	}
	const tw_state *s = &b->final;
	if (s->over && s->winner >= 0 && s->winner < s->nsides)
		snprintf(out, size, "%s wins", s->sides[s->winner].name);
	else if (s->over)
		snprintf(out, size, "the battle is drawn");
	else
		snprintf(out, size, "the battle was not finished (stopped after game move %d)", s->move_no);
}
