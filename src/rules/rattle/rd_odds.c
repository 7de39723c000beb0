// Exact odds for people (tinwar odds rattle shoot|command|rally): the hits of a shooting action
// (RD.SHOOT.6-11, RD.CON.4/6), a command check (RD.DET.1) and a rally roll (RD.RALLY.2/5). The
// rule set's odds hook (tw_ruleset.odds).
#include <math.h>
#include "tinwar/detmath.h"
#include <stdlib.h>
#include <string.h>

#include "rd.h"

const tw_odds_question rd_odds_questions[4] = {
    {"shoot", "--figures N [--gunners] [--difficult] [--vulnerable] [--superior]",
     "the distribution of a shooting action's hits (RD.SHOOT.6: a die per 4 figures or 2 gunners, RD.CON.4; "
     "RD.SHOOT.8-11 modifiers; RD.CON.6 a natural 6 hits)"},
    {"command", "--class elite|regular|irregular|militia",
     "the chance to pass a command check (RD.DET.1: d6 + class, 3 or more)"},
    {"rally", "--class C [--general] [--band]", "the chance to rally (RD.RALLY.2/5: d6 + modifiers, 4 or more)"},
    // ---- melee (rd_odds.c) ----
    {"melee", "--figures N [--cavalry|--gunners] [--charged] [--difficult] [--defensive-superior] [--class C]",
     "the distribution of one unit's melee hits (RD.MELEE.2/3: counted figures, half figures allowed, a die per 4, "
     "2 for mounted cavalry or a gun's defensive fire; RD.MELEE.10-13 modifiers; RD.CON.6)"},
};

typedef struct opts {
	int n;
	const char *const *name, *const *value;
} opts;

static const char *opt(const opts *o, const char *name) { return tw_odds_opt(o->n, o->name, o->value, name); }


// ---- play (rd_odds_mc.c): the throws sampled to time a Monte Carlo estimate ----
typedef struct dice_throw {
	int dice, face;
} dice_throw;
// The hits of `dice` dice each hitting on `face` or more (a shooting action; one die for a check).
static int throw_hits(tw_rng *r, const void *ctx)
{
	const dice_throw *d = ctx;
	int hits = 0;
	for (int i = 0; i < d->dice; i++)
		hits += (int)tw_rng_below(r, 6) + 1 >= d->face;
	return hits;
}
// One die against a face: the Monte Carlo cost of its chance p.
static void one_die_note(FILE *out, int face, double p)
{
	dice_throw d = {1, face};
	tw_odds_mc_note(out, p * (1 - p), tw_odds_mc_sample_ns(throw_hits, &d));
}

// The distribution of nd dice each hitting on face-6 (shooting and melee alike), each line with
// what a Monte Carlo estimate of the same precision would cost (measured: one throw of the dice
// answers every line), and the expected hits.
static void print_hits(FILE *out, int nd, int face, const double *dist)
{
	double den = tw_pow(6, nd), mean = 0, sq = 0;
	dice_throw dt = {nd, face};
	double ns = tw_odds_mc_sample_ns(throw_hits, &dt);
	for (int k = 0; k <= nd; k++) {
		mean += k * dist[k];
		sq += (double)k * k * dist[k];
		fprintf(out, "  P(%d hits) = ", k);
		tw_odds_print_fraction(out, dist[k], den);
		fprintf(out, "\n");
		tw_odds_mc_note(out, dist[k] * (1 - dist[k]), ns);
	}
	fprintf(out, "expected hits: %.6f\n", mean);
	tw_odds_mc_note(out, sq - mean * mean, ns);
}

static int get_class(const opts *o, tw_error *err)
{
	const char *c = opt(o, "class");
	int cls = tw_rd_class_from_name(c);
	if (cls < 0)
		tw_error_set(err, TW_ERR_INPUT, "RD.ORG.3", "--class must be elite, regular, irregular or militia%s%s",
			     c ? ", not " : "", c ? c : "");
	return cls;
}

static tw_status shoot(const opts *o, FILE *out, tw_error *err)
{
	const char *v = opt(o, "figures");
	char *end = NULL;
	double n = v ? strtod(v, &end) : -1;
	if (!v || !*v || *end || !(n >= 0) || n > 1000 || fabs(n * 2 - round(n * 2)) > 1e-9)
		return tw_error_set(err, TW_ERR_INPUT, "RD.CON.4", "--figures N is required (0 to 1000, whole or half figures)");
	int per = opt(o, "gunners") ? 2 : 4;
	bool dif = opt(o, "difficult") != NULL, vul = opt(o, "vulnerable") != NULL, sup = opt(o, "superior") != NULL;
	int nd = tw_rd_dice((int)llround(n * 2), per), mod = tw_rd_shoot_mod(dif, vul, sup), face = tw_rd_hit_face(mod);
	if (nd > 64)
		return tw_error_set(err, TW_ERR_INPUT, "", "at most 64 dice");
	double dist[65];
	tw_rd_hits_odds(nd, face, dist);
	fprintf(out, "shoot (RD.SHOOT): %g %s throw %d dice (RD.CON.4), net %+d: each hits on %d-6 (", n,
		per == 2 ? "gunners" : "figures", nd, mod, face);
	tw_odds_print_fraction(out, tw_rd_face_chance(face), 6);
	fprintf(out, ")\n");
	print_hits(out, nd, face, dist);
	return TW_OK;
}

static tw_status command(const opts *o, FILE *out, tw_error *err)
{
	int cls = get_class(o, err);
	if (cls < 0)
		return TW_ERR_INPUT;
	int face = tw_rd_command_face(cls);
	fprintf(out, "command check (RD.DET.1): %s passes on %d-6: ", rd_class_names[cls], face);
	tw_odds_print_fraction(out, tw_rd_face_chance(face), 6);
	fprintf(out, "\n");
	one_die_note(out, face, tw_rd_face_chance(face));
	return TW_OK;
}

static tw_status rally(const opts *o, FILE *out, tw_error *err)
{
	int cls = get_class(o, err);
	if (cls < 0)
		return TW_ERR_INPUT;
	bool with = opt(o, "general") || opt(o, "band"); // RD.RALLY.5: +1 even with both
	int face = tw_rd_rally_face(cls, with);
	fprintf(out, "rally (RD.RALLY.5): %s%s rallies on %d-6: ", rd_class_names[cls], with ? " with General or band" : "",
		face);
	tw_odds_print_fraction(out, tw_rd_face_chance(face), 6);
	fprintf(out, "\n");
	one_die_note(out, face, tw_rd_face_chance(face));
	return TW_OK;
}

// ---- melee ----
static tw_status melee(const opts *o, FILE *out, tw_error *err)
{
	const char *v = opt(o, "figures");
	char *end = NULL;
	double n = v ? strtod(v, &end) : -1;
	if (!v || !*v || *end || !(n >= 0) || n > 1000 || fabs(n * 2 - round(n * 2)) > 1e-9)
		return tw_error_set(err, TW_ERR_INPUT, "RD.MELEE.2", "--figures N is required (0 to 1000, whole or half figures)");
	int cls = TW_RD_REGULAR;
	if (opt(o, "class") && (cls = get_class(o, err)) < 0)
		return TW_ERR_INPUT;
	int per = opt(o, "cavalry") || opt(o, "gunners") ? 2 : 4;
	int mod = (opt(o, "charged") ? 1 : 0) - (opt(o, "difficult") ? 1 : 0) + (opt(o, "defensive-superior") ? 1 : 0) +
		  rd_classes[cls].melee;
	int nd = tw_rd_dice((int)llround(n * 2), per), face = tw_rd_hit_face(mod);
	if (nd > 64)
		return tw_error_set(err, TW_ERR_INPUT, "", "at most 64 dice");
	double dist[65];
	tw_rd_hits_odds(nd, face, dist);
	fprintf(out, "melee (RD.MELEE): %g counted figures throw %d dice (a die per %d, RD.CON.4), net %+d: each hits on %d-6 (",
		n, nd, per, mod, face);
	tw_odds_print_fraction(out, tw_rd_face_chance(face), 6);
	fprintf(out, ")\n");
	print_hits(out, nd, face, dist); // melee dice hit as shooting dice do (RD.MELEE.9)
	return TW_OK;
}

tw_status rd_odds(const char *question, int nopts, const char *const *names, const char *const *values, FILE *out,
		  tw_error *err)
{
	opts o = {nopts, names, values};
	if (strcmp(question, "shoot") == 0)
		return shoot(&o, out, err);
	if (strcmp(question, "command") == 0)
		return command(&o, out, err);
	if (strcmp(question, "rally") == 0)
		return rally(&o, out, err);
	if (strcmp(question, "melee") == 0) // ---- melee ----
		return melee(&o, out, err);
	return tw_error_set(err, TW_ERR_INPUT, "", "no question '%s' (shoot, command, rally, melee)", question);
}
