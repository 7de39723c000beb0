// Exact odds for people (tinwar odds lloyd attack|damage|mass): one opposed melee contest
// (NQ.MEL.2/3, by enumerating the 400 pairs of d20), a damage roll (NQ.DMG.1/2, binomial over
// 20^D) and the mass-shooting rule's expected hits (MS.2, LL.EX.5) beside the sqrt(N) the source
// aims at. Beside each answer: what a Monte Carlo estimate of the same precision would cost.
#include <math.h>
#include "tinwar/detmath.h"
#include <stdlib.h>
#include <string.h>

#include "ll.h"

const tw_odds_question ll_odds_questions[4] = {
	{"attack",
	 "--need A --foe-need B | --troop T --foe T [--neighbours N] [--foe-neighbours N] [--closed] [--behind] "
	 "[--foe-behind] [--wounded] [--foe-wounded]",
	 "one opposed melee contest on 2d20 (NQ.MEL.2/3): neither hits, each wins alone (the lower roll of two hits wins), "
	 "both win; from troop types the target numbers follow NQ.MEL.2, NQ.GRP.2, NQ.RCH.5, NQ.WPN.1"},
	{"damage", "--dice D --toughness T | --troop T --foe T [--wounded]",
	 "the damage hits of D d20 against T (NQ.DMG.1) and their results (NQ.DMG.2)"},
	{"mass", "--need B | --chance P [--shooters N]",
	 "expected hits of N shooters at one target under MS.2 (each later shooter needs 1 more on the d10, at most 10), "
	 "beside sqrt(N) x p as MS.1 suggests and N x p without the rule (LL.EX.5: N = 1, 4, 9, 16, 20)"},
	{"duel", "--qr A --foe-qr B [--swordsman|--mighty|--tough|--mounted|--horseman|--uphill|--obstacle] [--foe-...]",
	 "one duel round (DU.9, FP.D13: 1d8 + QR and the FP.D3 factors but support; FP.D5 margins; FP.D6 wound table) "
	 "and the whole duel, rounds fought until a Retreat, a wound or a death ends it (DU.10)"},
};

typedef struct opts {
	int n;
	const char *const *name, *const *value;
} opts;
static const char *opt(const opts *o, const char *name) { return tw_odds_opt(o->n, o->name, o->value, name); }

static bool get_int(const opts *o, const char *name, int lo, int hi, int *v, bool *given, tw_error *err,
		    const char *clause)
{
	const char *s = opt(o, name);
	*given = s != NULL;
	if (!s)
		return true;
	char *end = NULL;
	long x = strtol(s, &end, 10);
	if (!*s || *end || x < lo || x > hi) {
		tw_error_set(err, TW_ERR_INPUT, clause, "--%s must be a whole number %d to %d, not '%s'", name, lo, hi, s);
		return false;
	}
	*v = (int)x;
	return true;
}

static const tw_ll_troop *get_troop(const opts *o, const char *name, tw_error *err)
{
	const char *s = opt(o, name);
	const tw_ll_troop *t = tw_ll_troop_get(tw_ll_troop_find(s));
	if (!t)
		tw_error_set(err, TW_ERR_INPUT, "NQ.STAT", "--%s must be spearman, archer or axeman%s%s", name, s ? ", not " : "",
			     s ? s : "");
	return t;
}

// ---- Monte Carlo cost (measured, not guessed): the core's tw_odds_mc_sample_ns/tw_odds_mc_note ----
static int throw_contest(tw_rng *r, const void *ctx)
{
	const int *c = ctx;
	int a = (int)tw_rng_below(r, 20) + 1;
	int b = (int)tw_rng_below(r, 20) + 1;
	return tw_ll_contest(a, c[0], b, c[1]);
}
static int throw_damage(tw_rng *r, const void *ctx)
{
	const int *c = ctx;
	int hits = 0;
	for (int i = 0; i < c[0]; i++)
		hits += (int)tw_rng_below(r, 20) + 1 >= c[1];
	return hits;
}
static int throw_mass(tw_rng *r, const void *ctx)
{
	const int *c = ctx;
	int hits = 0;
	for (int k = 1; k <= c[1]; k++)
		hits += (int)tw_rng_below(r, 10) + 1 >= tw_ll_ms_need(c[0], k);
	return hits;
}

static void frac(FILE *out, const char *what, int count, double ns)
{
	double p = count / 400.0;
	fprintf(out, "  %-34s ", what);
	tw_odds_print_fraction(out, p, 400);
	fprintf(out, "\n");
	tw_odds_mc_note(out, p * (1 - p), ns);
}

static tw_status attack(const opts *o, FILE *out, tw_error *err)
{
	int na = 0, nb = 0;
	bool ga, gb;
	if (!get_int(o, "need", -100, 100, &na, &ga, err, "NQ.MEL.2") ||
	    !get_int(o, "foe-need", -100, 100, &nb, &gb, err, "NQ.MEL.2"))
		return TW_ERR_INPUT;
	bool dmg_a = true, dmg_b = true;
	if (ga != gb)
		return tw_error_set(err, TW_ERR_INPUT, "NQ.MEL.2", "give both --need and --foe-need, or --troop and --foe");
	if (!ga) {
		const tw_ll_troop *ta = get_troop(o, "troop", err), *tb = ta ? get_troop(o, "foe", err) : NULL;
		if (!ta || !tb)
			return TW_ERR_INPUT;
		int nba = 0, nbb = 0;
		bool g1, g2;
		if (!get_int(o, "neighbours", 0, 2, &nba, &g1, err, "NQ.GRP.2") ||
		    !get_int(o, "foe-neighbours", 0, 2, &nbb, &g2, err, "NQ.GRP.2"))
			return TW_ERR_INPUT;
		const tw_ll_row *wa = &ta->rows[0], *wb = &tb->rows[0];
		int ra = wa->reach == TW_LL_MISSILE ? TW_LL_SHORT : wa->reach, rb = wb->reach == TW_LL_MISSILE ? TW_LL_SHORT : wb->reach;
		bool closed = opt(o, "closed") != NULL; // the shorter-armed man has closed (NQ.RCH.4)
		tw_ll_melee_in a = {.w = wa->w, .x = wa->x, .foe_x = wb->x, .foe_s = tb->s, .in_arc = !opt(o, "behind"),
				    .neighbours = nba, .notes = wa->notes, .outreach = ra > rb && !closed,
				    .foe_closed = closed && rb < ra, .wounded = opt(o, "wounded") != NULL};
		tw_ll_melee_in b = {.w = wb->w, .x = wb->x, .foe_x = wa->x, .foe_s = ta->s, .in_arc = !opt(o, "foe-behind"),
				    .neighbours = nbb, .notes = wb->notes, .outreach = rb > ra && !closed,
				    .foe_closed = closed && ra < rb, .wounded = opt(o, "foe-wounded") != NULL};
		na = tw_ll_melee_need(&a);
		nb = tw_ll_melee_need(&b);
		dmg_a = ra >= rb || closed; // NQ.RCH.3: the shorter weapon only defends (and closes) until closed
		dmg_b = rb >= ra || closed;
		fprintf(out, "attack (NQ.MEL.2): %s (%s W%d) needs %d; %s (%s W%d) needs %d\n", ta->name, wa->weapon, wa->w, na,
			tb->name, wb->weapon, wb->w, nb);
	} else {
		fprintf(out, "attack (NQ.MEL.2): A needs %d, B needs %d on 1d20\n", na, nb);
	}
	tw_ll_contest_odds c;
	tw_ll_contest_count(na, nb, &c);
	int ctx[2] = {na, nb};
	double ns = tw_odds_mc_sample_ns(throw_contest, ctx);
	frac(out, "neither hits (NQ.MEL.3a)", c.neither, ns);
	frac(out, dmg_a ? "A wins alone, damages" : "A wins alone, closes (no damage)", c.a_only + c.a_lower, ns);
	fprintf(out, "    of which both hit and A rolled lower (NQ.MEL.3c): %d/400\n", c.a_lower);
	frac(out, dmg_b ? "B wins alone, damages" : "B wins alone, closes (no damage)", c.b_only + c.b_lower, ns);
	fprintf(out, "    of which both hit and B rolled lower (NQ.MEL.3c): %d/400\n", c.b_lower);
	frac(out, "both win, equal rolls (NQ.MEL.3d)", c.equal, ns);
	return TW_OK;
}

static tw_status damage(const opts *o, FILE *out, tw_error *err)
{
	int dice = 0, t = 0;
	bool gd, gt;
	if (!get_int(o, "dice", 1, 20, &dice, &gd, err, "NQ.STAT.2") || !get_int(o, "toughness", 1, 21, &t, &gt, err, "NQ.STAT.3"))
		return TW_ERR_INPUT;
	if (gd != gt)
		return tw_error_set(err, TW_ERR_INPUT, "NQ.DMG.1", "give both --dice and --toughness, or --troop and --foe");
	if (!gd) {
		const tw_ll_troop *ta = get_troop(o, "troop", err), *tb = ta ? get_troop(o, "foe", err) : NULL;
		if (!ta || !tb)
			return TW_ERR_INPUT;
		dice = ta->rows[0].d - (opt(o, "wounded") ? 1 : 0); // NQ.DMG.2: -1D wounded
		t = tb->t;
		if (dice < 1)
			return tw_error_set(err, TW_ERR_INPUT, "NQ.DMG.2", "no damage dice left");
	}
	double dist[33];
	tw_ll_damage_odds(dice, t, dist);
	double den = tw_pow(20, dice), res[5] = {0};
	fprintf(out, "damage (NQ.DMG.1): %d d20 against T%d, each hits on %d-20 (", dice, t, t);
	tw_odds_print_fraction(out, t > 20 ? 0 : (21 - t) / 20.0, 20);
	fprintf(out, ")\n");
	int ctx[2] = {dice, t};
	double ns = tw_odds_mc_sample_ns(throw_damage, ctx);
	for (int k = 0; k <= dice; k++) {
		fprintf(out, "  P(%d hits) = ", k);
		tw_odds_print_fraction(out, dist[k], den);
		fprintf(out, "\n");
		tw_odds_mc_note(out, dist[k] * (1 - dist[k]), ns);
		res[tw_ll_damage_result(k)] += dist[k];
	}
	fprintf(out, "results (NQ.DMG.2):\n");
	for (int r = 0; r < 5; r++) {
		fprintf(out, "  %-14s ", ll_damage_names[r]);
		tw_odds_print_fraction(out, res[r], den);
		fprintf(out, "\n");
	}
	return TW_OK;
}

static tw_status mass(const opts *o, FILE *out, tw_error *err)
{
	int need = 0, chance = 0, only = 0;
	bool gn, gc, gs;
	if (!get_int(o, "need", 1, 10, &need, &gn, err, "MS.2") || !get_int(o, "chance", 10, 100, &chance, &gc, err, "MS.2") ||
	    !get_int(o, "shooters", 1, 1000, &only, &gs, err, "MS.3"))
		return TW_ERR_INPUT;
	if (gn == gc)
		return tw_error_set(err, TW_ERR_INPUT, "MS.2", "give the first shooter's score on the d10 (--need B) or his chance in %% "
							    "(--chance P, a multiple of 10)");
	if (gc) {
		if (chance % 10)
			return tw_error_set(err, TW_ERR_INPUT, "MS.2", "--chance must be a multiple of 10 (a d10 score)");
		need = 11 - chance / 10;
	}
	double p1 = (11 - need) / 10.0;
	static const int ns_list[] = {1, 4, 9, 16, 20};
	fprintf(out, "mass shooting (MS.2): the first shooter needs %d+ on a d10 (%g%%); each later one 1 more, at most 10\n", need,
		p1 * 100);
	fprintf(out, "  %4s  %-16s  %-10s  %-12s  %-8s\n", "N", "E (MS.2, exact)", "sqrt(N) p", "E/(sqrt(N) p)", "N p (no rule)");
	for (int i = 0; i < (gs ? 1 : 5); i++) {
		int n = gs ? only : ns_list[i];
		int tenths = tw_ll_ms_expected_tenths(need, n);
		double sq = sqrt((double)n) * p1;
		fprintf(out, "  %4d  %3d/10 = %-7.2f  %-10.3f  %-12.2f  %-8.1f\n", n, tenths, tenths / 10.0, sq,
			tenths / 10.0 / sq, n * p1);
		double var = 0;
		for (int k = 1; k <= n; k++) {
			double p = (11 - tw_ll_ms_need(need, k)) / 10.0;
			var += p * (1 - p);
		}
		int ctx[2] = {need, n};
		tw_odds_mc_note(out, var, tw_odds_mc_sample_ns(throw_mass, ctx));
	}
	fprintf(out, "MS.6: the rule gives about 1.2-1.7 x sqrt(N) p, not sqrt(N) p as MS.1 suggests\n");
	return TW_OK;
}


static long gcd(long a, long b) { return b ? gcd(b, a % b) : a; }
static void ratio(FILE *out, const char *what, long num, long den)
{
	long g = num ? gcd(num, den) : den;
	fprintf(out, "  %-32s %ld/%ld (%.6f)\n", what, num / g, den / g, den ? (double)num / (double)den : 0.0);
}

static uint32_t duel_traits(const opts *o, const char *pre)
{
	static const struct {
		const char *name;
		uint32_t bit;
	} t[] = {{"swordsman", TW_LL_SWORDSMAN}, {"mighty", TW_LL_MIGHTY}, {"tough", TW_LL_TOUGH}, {"horseman", TW_LL_HORSEMAN}};
	uint32_t bits = 0;
	char key[32];
	for (size_t i = 0; i < TW_ARRAY_COUNT(t); i++) {
		snprintf(key, sizeof key, "%s%s", pre, t[i].name);
		if (opt(o, key))
			bits |= t[i].bit;
	}
	return bits;
}

// DU.10: one whole duel thrown: 1 when A wins it, 0 when B does (rounds until a decisive result).
static int throw_duel(tw_rng *r, const void *ctx)
{
	const int *c = ctx; // A's factors, B's, A's wound-table QR, B's
	for (int round = 0; round < 1000; round++) {
		int ta = (int)tw_rng_below(r, 8) + 1 + c[0], tb = (int)tw_rng_below(r, 8) + 1 + c[1];
		int d = (int)tw_rng_below(r, 10) + 1;
		if (ta == tb || tw_ll_fp_margin(ta > tb ? ta - tb : tb - ta) == 1)
			continue; // no result, or a push-back: the duel goes on
		(void)d;
		return ta > tb;
	}
	return 0;
}

static tw_status duel(const opts *o, FILE *out, tw_error *err)
{
	int qa = 0, qb = 0;
	bool ga, gb;
	if (!get_int(o, "qr", 1, 4, &qa, &ga, err, "FP.3") || !get_int(o, "foe-qr", 1, 4, &qb, &gb, err, "FP.3"))
		return TW_ERR_INPUT;
	if (!ga || !gb)
		return tw_error_set(err, TW_ERR_INPUT, "DU.9", "--qr A and --foe-qr B are required (1 to 4)");
	uint32_t ta = duel_traits(o, ""), tb = duel_traits(o, "foe-");
	bool ma = opt(o, "mounted") != NULL, mb = opt(o, "foe-mounted") != NULL;
	tw_ll_fp_side a = {.qr = qa, .traits = ta, .mounted_vs_foot = ma && !mb, .horseman_mounted = ma && (ta & TW_LL_HORSEMAN)};
	tw_ll_fp_side b = {.qr = qb, .traits = tb, .mounted_vs_foot = mb && !ma, .horseman_mounted = mb && (tb & TW_LL_HORSEMAN)};
	// FP.D3 (ll-gaps): +1 defending an obstacle or uphill, as the round in play gives it (ll_fp_holds)
	a.obstacle_or_uphill = opt(o, "uphill") != NULL || opt(o, "obstacle") != NULL;
	b.obstacle_or_uphill = opt(o, "foe-uphill") != NULL || opt(o, "foe-obstacle") != NULL;
	int fa = tw_ll_fp_factors(&a, 0, true), fb = tw_ll_fp_factors(&b, 0, true);
	int wa = tw_ll_fp_wound_qr(qa, ta), wb = tw_ll_fp_wound_qr(qb, tb);
	tw_ll_duel_odds d;
	tw_ll_duel_round(fa, fb, wa, wb, &d);
	fprintf(out, "duel (DU.9, FP.D13): A 1d8 %+d against B 1d8 %+d; wound table (FP.D6) A at QR%d, B at QR%d\n", fa, fb, wa,
		wb);
	fprintf(out, "one round, of 640 (8 x 8 x the loser's d10):\n");
	ratio(out, "equal totals: no result", d.nothing, 640);
	ratio(out, "A pushes B back (duel goes on)", d.push[0], 640);
	ratio(out, "B pushes A back (duel goes on)", d.push[1], 640);
	ratio(out, "A kills B", d.kill[0], 640);
	ratio(out, "A wounds B", d.wound[0], 640);
	ratio(out, "B retreats", d.retreat[0], 640);
	ratio(out, "B kills A", d.kill[1], 640);
	ratio(out, "B wounds A", d.wound[1], 640);
	ratio(out, "A retreats", d.retreat[1], 640);
	long dec = d.kill[0] + d.wound[0] + d.retreat[0] + d.kill[1] + d.wound[1] + d.retreat[1];
	fprintf(out, "the whole duel (DU.10: rounds until a Retreat, a wound or a death):\n");
	ratio(out, "A kills B", d.kill[0], dec);
	ratio(out, "A wounds B", d.wound[0], dec);
	ratio(out, "B retreats", d.retreat[0], dec);
	ratio(out, "A wins", d.kill[0] + d.wound[0] + d.retreat[0], dec);
	{
		double p = (double)(d.kill[0] + d.wound[0] + d.retreat[0]) / (double)dec;
		int ctx[4] = {fa, fb, wa, wb};
		tw_odds_mc_note(out, p * (1 - p), tw_odds_mc_sample_ns(throw_duel, ctx));
	}
	ratio(out, "B kills A", d.kill[1], dec);
	ratio(out, "B wounds A", d.wound[1], dec);
	ratio(out, "A retreats", d.retreat[1], dec);
	ratio(out, "B wins", d.kill[1] + d.wound[1] + d.retreat[1], dec);
	fprintf(out, "  expected rounds: %.6f\n", 640.0 / (double)dec);
	return TW_OK;
}

tw_status ll_odds(const char *question, int nopts, const char *const *names, const char *const *values, FILE *out,
		  tw_error *err)
{
	opts o = {nopts, names, values};
	if (!strcmp(question, "attack"))
		return attack(&o, out, err);
	if (!strcmp(question, "damage"))
		return damage(&o, out, err);
	if (!strcmp(question, "mass"))
		return mass(&o, out, err);
	if (!strcmp(question, "duel"))
		return duel(&o, out, err);
	return tw_error_set(err, TW_ERR_INPUT, "", "no question '%s' (attack, damage, mass, duel)", question);
}
