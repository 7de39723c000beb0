// Exact odds for people (tinwar odds grant ...): a volley's hits (GR.MUSK), a melee pairing's
// outcome (GR.MELEE.3) and a morale test (GR.MORALE.4), from the exact distributions in
// tinwar/grant.h. The rule set's odds hook (tw_ruleset.odds).
#include <math.h>
#include "tinwar/detmath.h"
#include <stdlib.h>
#include <string.h>

#include "gr.h"
#include "tinwar/grant.h"

const tw_odds_question gr_odds_questions[3] = {
    {"volley", "--firers N --range IN [--cover] [--first] [--grenadiers]",
     "the distribution of a volley's hits (GR.MUSK: dice per group of firers, deductions for range and cover)"},
    {"melee", "--a inf|cav --na N --b inf|cav --nb N [--bonus-a N] [--bonus-b N]",
     "who wins a combat of one to three figures a side (GR.MELEE.3, pairings GR.MELEE.6)"},
    {"morale", "(--command N --loss N | --troop T --command N --lost N --orig N) [--need N]",
     "the chance to pass a morale test (GR.MORALE.4; the 50% rule GR.MORALE.8)"},
};

typedef struct opts {
	int n;
	const char *const *name, *const *value;
} opts;

static const char *opt(const opts *o, const char *name) { return tw_odds_opt(o->n, o->name, o->value, name); }

// An integer option in lo..hi; def when absent (def < lo: required).
static bool get_int(const opts *o, const char *name, int lo, int hi, int def, int *out, tw_error *err)
{
	const char *v = opt(o, name);
	if (!v) {
		*out = def;
		if (def < lo)
			tw_error_set(err, TW_ERR_INPUT, "", "--%s is required (an integer in %d..%d)", name, lo, hi);
		return def >= lo;
	}
	char *end = NULL;
	long x = strtol(v, &end, 10);
	if (!*v || !end || *end || x < lo || x > hi) {
		tw_error_set(err, TW_ERR_INPUT, "", "--%s must be an integer in %d..%d, not '%s'", name, lo, hi, v);
		return false;
	}
	*out = (int)x;
	return true;
}


static tw_status volley(const opts *o, FILE *out, tw_error *err)
{
	int firers;
	if (!get_int(o, "firers", 0, 1000, -1, &firers, err))
		return TW_ERR_INPUT;
	const char *r = opt(o, "range");
	char *end = NULL;
	double range = r ? strtod(r, &end) : -1;
	if (!r || !*r || *end || !(range >= 0) || !isfinite(range))
		return tw_error_set(err, TW_ERR_INPUT, "GR.RANGE.1", "--range IN is required (inches, >= 0)");
	bool cover = opt(o, "cover") != NULL, first = opt(o, "first") != NULL;
	int group = opt(o, "grenadiers") ? 4 : 6;
	int ded = tw_grant_musk_deduction(range, cover, first);
	if (ded < 0) {
		fprintf(out, "out of range (GR.RANGE.1: 18 in)\n");
		return TW_OK;
	}
	int max = 5 * tw_grant_musk_dice(firers, group) + 1;
	double *dist = tw_calloc((size_t)max + 1, sizeof *dist);
	if (!dist)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	int nd = tw_grant_volley_odds(firers, group, range, cover, first, dist, max);
	double den = tw_pow(6, nd), mean = 0;
	fprintf(out, "volley (GR.MUSK): %d firers in groups of %d throw %d dice, %d off each die\n", firers, group, nd, ded);
	for (int k = 0; k <= max; k++) {
		if (dist[k] <= 0)
			continue;
		mean += k * dist[k];
		fprintf(out, "  P(%d hits) = ", k);
		tw_odds_print_fraction(out, dist[k], den);
		fprintf(out, "\n");
	}
	fprintf(out, "expected hits: %.6f\n", mean);
	tw_free(dist);
	return TW_OK;
}

static tw_status melee(const opts *o, FILE *out, tw_error *err)
{
	const char *a = opt(o, "a"), *b = opt(o, "b");
	int na, nb, ba, bb;
	if (!a || !b || (strcmp(a, "inf") && strcmp(a, "cav")) || (strcmp(b, "inf") && strcmp(b, "cav")))
		return tw_error_set(err, TW_ERR_INPUT, "", "--a and --b must be inf or cav");
	if (!get_int(o, "na", 1, 3, 1, &na, err) || !get_int(o, "nb", 1, 3, 1, &nb, err) ||
	    !get_int(o, "bonus-a", -20, 20, 0, &ba, err) || !get_int(o, "bonus-b", -20, 20, 0, &bb, err))
		return TW_ERR_INPUT;
	double w, t, l;
	if (!tw_grant_melee_odds(strcmp(a, "cav") == 0, na, strcmp(b, "cav") == 0, nb, ba, bb, &w, &t, &l))
		return tw_error_set(err, TW_ERR_INPUT, "GR.MELEE.6", "%d %s v %d %s is not a legal pairing", na, a, nb, b);
	fprintf(out, "melee (GR.MELEE.3): %d %s v %d %s, bonuses %+d / %+d\n  A wins: ", na, a, nb, b, ba, bb);
	tw_odds_print_fraction(out, w, 36);
	fprintf(out, "\n  tie:    ");
	tw_odds_print_fraction(out, t, 36);
	fprintf(out, "\n  B wins: ");
	tw_odds_print_fraction(out, l, 36);
	fprintf(out, "\n");
	return TW_OK;
}

static tw_status morale(const opts *o, FILE *out, tw_error *err)
{
	int cp, loss, need, lost, orig;
	if (!get_int(o, "command", 0, 6, -1, &cp, err) || !get_int(o, "need", 6, 10, 6, &need, err))
		return TW_ERR_INPUT;
	const char *troop = opt(o, "troop");
	if (troop) {
		int t = tw_grant_troop_from_name(troop);
		if (t < 0)
			return tw_error_set(err, TW_ERR_INPUT, "", "--troop: no troop type '%s'", troop);
		if (!get_int(o, "lost", 0, 1000, -1, &lost, err) || !get_int(o, "orig", 1, 1000, -1, &orig, err))
			return TW_ERR_INPUT;
		loss = tw_grant_loss_points(t, lost, orig);
		if (loss > 2) {
			fprintf(out, "the 50%% rule applies (GR.MORALE.8): no test\n");
			return TW_OK;
		}
	} else if (!get_int(o, "loss", 0, 2, -1, &loss, err)) {
		return TW_ERR_INPUT;
	}
	fprintf(out, "morale (GR.MORALE.4): %d command - %d loss + d6 >= %d: ", cp, loss, need);
	tw_odds_print_fraction(out, tw_grant_morale_odds(cp, loss, need), 6);
	fprintf(out, "\n");
	return TW_OK;
}

tw_status gr_odds(const char *question, int nopts, const char *const *names, const char *const *values, FILE *out,
		  tw_error *err)
{
	opts o = {nopts, names, values};
	if (strcmp(question, "volley") == 0)
		return volley(&o, out, err);
	if (strcmp(question, "melee") == 0)
		return melee(&o, out, err);
	if (strcmp(question, "morale") == 0)
		return morale(&o, out, err);
	return tw_error_set(err, TW_ERR_INPUT, "", "no question '%s' (volley, melee, morale)", question);
}
