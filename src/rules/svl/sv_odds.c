// Science versus Luck: exact odds (tinwar odds svl ...): morale tests (SV.MOR.2-9, SV.EX.3) and
// what an attacker's phase at the gun leaves it (SV.FIRE.1-3, SV.MEL.2, SV.WIN.2); and (sv-shot)
// a Monte Carlo estimate of one gun's shot at a line (SV.GUN.8-11) by the battle's own sv_shot.
#include <math.h>
#include "tinwar/detmath.h"
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "tinwar/physics.h"

#include "sv.h"

const tw_odds_question sv_odds_questions[3] = {
	{"morale", "[--mod M | --commander --bugler --adhering --below-half --out-of-sight] [--tests N]",
	 "SV.MOR.3/7/9: chances of carry on, Pause and Recoil for N tests (the worst applies)"},
	{"melee", "--matches M [--at-gun A] [--far F] [--close C]",
	 "SV.FIRE.1-3, SV.MEL.2: matches left after A figures at the gun, F firing beyond 6 in and C within 6 in"},
	{"shot", "--range IN [--gun VUL|STA|TEM|ALP|IMP|ECO|LEN|ARS] [--label] [--tempo steady|rapid|deliberate] [--figures N] "
		 "[--spacing IN] [--cover none|soft] [--samples K] [--seed S]",
	 "SV.GUN.8-11: Monte Carlo over K shots at N figures in line (true values, or the label's with --label): "
	 "figures knocked over per shot and the chance of at least one, with 95% intervals"},
};

static bool opt_int(int n, const char *const *names, const char *const *values, const char *name, int lo, int hi,
		    int def, int *out, tw_error *err)
{
	const char *v = tw_odds_opt(n, names, values, name);
	*out = def;
	if (!v)
		return true;
	char *end;
	long x = strtol(v, &end, 10);
	if (*v == '\0' || *end != '\0' || x < lo || x > hi) {
		tw_error_set(err, TW_ERR_INPUT, "", "--%s: a whole number from %d to %d, not '%s'", name, lo, hi, v);
		return false;
	}
	*out = (int)x;
	return true;
}

static tw_status morale(int n, const char *const *names, const char *const *values, FILE *out, tw_error *err)
{
	int mod, tests;
	bool flags = false;
	const char *fl[] = {"commander", "bugler", "adhering", "below-half", "out-of-sight"};
	bool f[5];
	for (int i = 0; i < 5; i++)
		flags = flags || (f[i] = tw_odds_opt(n, names, values, fl[i]) != NULL);
	if (!opt_int(n, names, values, "mod", -2, 3, 0, &mod, err) || !opt_int(n, names, values, "tests", 1, 6, 1, &tests, err))
		return TW_ERR_INPUT;
	if (flags && tw_odds_opt(n, names, values, "mod"))
		return tw_error_set(err, TW_ERR_INPUT, "", "give --mod or the factors, not both");
	if (flags)
		mod = tw_sv_morale_mod(f[0], f[1], f[2], f[3], f[4]);
	int k[3] = {0, 0, 0};
	for (int r = 1; r <= 6; r++)
		k[tw_sv_morale_result(r + mod)]++;
	double pc = k[0] / 6.0, pr = k[2] / 6.0;
	double carry = tw_pow(pc, tests), recoil = 1 - tw_pow(1 - pr, tests), pause = 1 - carry - recoil;
	double den = tw_pow(6, tests);
	fprintf(out, "morale: modifier %+d, %d test%s (SV.MOR.3, SV.MOR.9: the worst applies)\n", mod, tests, tests > 1 ? "s" : "");
	fprintf(out, "  carry on: ");
	tw_odds_print_fraction(out, carry, den);
	fprintf(out, "\n  pause:    ");
	tw_odds_print_fraction(out, pause, den);
	fprintf(out, "\n  recoil:   ");
	tw_odds_print_fraction(out, recoil, den);
	fprintf(out, "\n");
	return TW_OK;
}

static tw_status melee(int n, const char *const *names, const char *const *values, FILE *out, tw_error *err)
{
	int m, a, far, close;
	if (!tw_odds_opt(n, names, values, "matches"))
		return tw_error_set(err, TW_ERR_INPUT, "", "--matches M is needed");
	if (!opt_int(n, names, values, "matches", 1, 100, 10, &m, err) || !opt_int(n, names, values, "at-gun", 0, 100, 0, &a, err) ||
	    !opt_int(n, names, values, "far", 0, 60, 0, &far, err) || !opt_int(n, names, values, "close", 0, 60, 0, &close, err))
		return TW_ERR_INPUT;
	// P(h hits) = binomial(far, 1/6) * binomial(close, 2/6), in throws of 6^(far + close).
	double p[121] = {0};
	p[0] = 1;
	int top = 0;
	for (int i = 0; i < far + close; i++) {
		double q = i < far ? 1.0 / 6 : 2.0 / 6;
		for (int h = top + 1; h >= 0; h--)
			p[h] = p[h] * (1 - q) + (h > 0 ? p[h - 1] * q : 0);
		top++;
	}
	double left[101] = {0};
	for (int h = 0; h <= top; h++) {
		int l = m - a - h;
		left[l > 0 ? l : 0] += p[h];
	}
	double den = tw_pow(6, far + close);
	fprintf(out, "melee: gun with %d matches, %d at the gun (SV.MEL.2), %d firing beyond 6 in (6s), %d within 6 in (5-6s)\n", m,
		a, far, close);
	fprintf(out, "  destroyed (SV.WIN.2): ");
	tw_odds_print_fraction(out, left[0], den);
	fprintf(out, "\n");
	for (int l = 1; l <= m; l++)
		if (left[l] > 0) {
			fprintf(out, "  %d left: ", l);
			tw_odds_print_fraction(out, left[l], den);
			fprintf(out, "\n");
		}
	return TW_OK;
}

// ---- sv-shot: `odds svl shot` (SV.GUN.8-11), Monte Carlo by the battle's own sv_shot ----
#define Z95 1.959963984540054 // the normal's 97.5% point

void sv_wilson95(long k, long n, double *lo, double *hi)
{
	double p = (double)k / (double)n, z2 = Z95 * Z95, nn = (double)n;
	double den = 1 + z2 / nn, centre = (p + z2 / (2 * nn)) / den;
	double half = Z95 / den * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
	*lo = centre - half;
	*hi = centre + half;
	if (k == 0) // the exact ends: [0, z^2 / (n + z^2)] and [n / (n + z^2), 1]
		*lo = 0, *hi = z2 / (nn + z2);
	if (k == n)
		*lo = nn / (nn + z2), *hi = 1;
}

tw_status sv_shot_odds_gun(sv_shot_odds *q, const char *code, bool label, tw_error *err)
{
	int m = tw_gun_model_find(code);
	const tw_gun_model *gm = m >= 0 ? tw_gun_model_get(m) : NULL;
	int card = -1;
	for (int i = 0; i < TW_SV_GUN_COUNT; i++)
		if (strcmp(tw_sv_labels[i].code, code) == 0)
			card = i;
	if (!gm || gm->adv_range <= 0 || card < 0)
		return tw_error_set(err, TW_ERR_INPUT, "SV.GUN.2", "--gun: a Science versus Luck model (VUL STA TEM ALP IMP ECO LEN ARS), not '%s'",
				    code);
	q->model = m;
	// SV.GUN.4: the truth, as sv_truth gives a battle's gun.
	q->v_mean = gm->v0 / 12.0;
	q->v_sigma = gm->v_sigma / 12.0;
	q->az_sigma = gm->aim_sigma;
	q->misfire = gm->misfire;
	q->carry = gm->carry_on;
	q->skid = gm->skid;
	if (label) { // SV.GUN.2/5: what the card claims (range, so velocity; misfires); it says nothing else
		q->v_mean = tw_sv_v_adv(tw_sv_labels[card].range);
		q->misfire = tw_sv_labels[card].misfires / 100.0;
	}
	return TW_OK;
}

tw_status sv_shot_odds_run(const sv_shot_odds *q, sv_shot_odds_result *res, tw_error *err)
{
	*res = (sv_shot_odds_result){0};
	int rs = tw_ruleset_find("svl");
	tw_state *s = calloc(1, sizeof *s);
	if (!s)
		return tw_error_set(err, TW_ERR_NOMEM, "", "no memory for the shot's table");
	tw_status st = rs >= 0 ? tw_state_set_ruleset(s, rs) : TW_ERR_INPUT;
	if (st != TW_OK) {
		free(s);
		return tw_error_set(err, st, "", "the svl rule set is not registered");
	}
	tw_ruleset_defaults(&tw_ruleset_svl, s);
	double width = q->spacing * q->figures + 24, x0 = width / 2;
	s->table.width = width;
	s->table.depth = q->range + 48;
	s->nsides = 2;
	strcpy(s->sides[0].name, "infantry");
	strcpy(s->sides[1].name, "cannon");
	// The gun at (x0, 3) facing +y; the line abreast at the set range, centred on the gun's bearing.
	tw_gun g = {.id = 0, .side = 1, .orig_side = 1, .model = q->model, .axle = {x0, 3}};
	bool ok = tw_state_add_gun(s, &g) != NULL;
	for (int i = 0; ok && i < q->figures; i++) {
		tw_vec2 p = {x0 + (i - (q->figures - 1) / 2.0) * q->spacing, 3 + q->range};
		tw_figure f = {.id = i, .kind = TW_FK_INFANTRY, .side = 0, .status = TW_FS_ACTIVE, .radius = 0.45, .height = 1,
			       .unit = -1, .pos = p};
		ok = tw_state_add_figure(s, &f) != NULL;
		if (ok && q->soft) { // SV.GUN.10: each man in a patch of wood just his own
			tw_terrain w = {.kind = TW_TER_WOOD, .shape = TW_SHAPE_CIRCLE, .center = p, .radius = 0.5, .height = 2};
			ok = tw_table_add(&s->table, &w) >= 0;
		}
	}
	if (!ok) {
		tw_state_free(s);
		free(s);
		return tw_error_set(err, TW_ERR_NOMEM, "", "no room for the line on the table");
	}
	sv_grec *r = SVGN(s, 0);
	r->v_mean = q->v_mean, r->v_sigma = q->v_sigma, r->az_sigma = q->az_sigma;
	r->misfire = q->misfire, r->carry = q->carry, r->skid = q->skid, r->matches = SV_MATCHES;
	// The gunner lays by the label's velocity (SV.GUN.8 step 4, range factor 1).
	double vb = tw_sv_v_adv(tw_gun_model_get(q->model)->adv_range);
	tw_rng rng;
	tw_rng_seed(&rng, q->seed);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	double sum = 0, sum2 = 0;
	for (long k = 0; k < q->samples; k++) {
		sv_shot_out out;
		sv_shot(s, 0, 0.0, q->range, vb, q->tempo, NULL, &rng, &out);
		res->misfires += out.misfire;
		res->hit += out.nfell > 0;
		sum += out.nfell;
		sum2 += (double)out.nfell * out.nfell;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	tw_state_free(s);
	free(s);
	long n = q->samples;
	res->samples = n;
	res->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
	res->mean = sum / (double)n;
	res->var = n > 1 ? (sum2 - sum * res->mean) / (double)(n - 1) : 0;
	if (res->var < 0)
		res->var = 0;
	double half = Z95 * sqrt(res->var / (double)n);
	res->mean_lo = res->mean - half > 0 ? res->mean - half : 0;
	res->mean_hi = res->mean + half;
	res->p = (double)res->hit / (double)n;
	sv_wilson95(res->hit, n, &res->p_lo, &res->p_hi);
	return TW_OK;
}

static bool opt_num(int n, const char *const *names, const char *const *values, const char *name, double lo, double hi,
		    double def, double *out, tw_error *err)
{
	const char *v = tw_odds_opt(n, names, values, name);
	*out = def;
	if (!v)
		return true;
	char *end;
	double x = strtod(v, &end);
	if (*v == '\0' || *end != '\0' || !(x >= lo && x <= hi)) {
		tw_error_set(err, TW_ERR_INPUT, "", "--%s: a number from %g to %g, not '%s'", name, lo, hi, v);
		return false;
	}
	*out = x;
	return true;
}

static bool opt_word(int n, const char *const *names, const char *const *values, const char *name, const char *const *words,
		     int def, int *out, tw_error *err)
{
	const char *v = tw_odds_opt(n, names, values, name);
	*out = def;
	if (!v)
		return true;
	for (int i = 0; words[i]; i++)
		if (strcasecmp(v, words[i]) == 0) {
			*out = i;
			return true;
		}
	char list[64] = "";
	for (int i = 0; words[i]; i++)
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? " " : "", words[i]);
	tw_error_set(err, TW_ERR_INPUT, "", "--%s: one of %s, not '%s'", name, list, v);
	return false;
}

static tw_status shot(int n, const char *const *names, const char *const *values, FILE *out, tw_error *err)
{
	static const char *const known[] = {"range", "gun", "label", "tempo", "figures", "spacing", "cover", "samples", "seed"};
	for (int i = 0; i < n; i++) {
		bool found = false;
		for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
			found = found || strcmp(names[i], known[k]) == 0;
		if (!found)
			return tw_error_set(err, TW_ERR_INPUT, "", "--%s: not an option of shot", names[i]);
	}
	static const char *const tempos[] = {"steady", "rapid", "deliberate", NULL}, *const covers[] = {"none", "soft", NULL};
	sv_shot_odds q = {0};
	int figures, samples, seed, soft;
	const char *lv = tw_odds_opt(n, names, values, "label");
	if (!tw_odds_opt(n, names, values, "range"))
		return tw_error_set(err, TW_ERR_INPUT, "", "--range IN is needed");
	if (!opt_num(n, names, values, "range", 1, 200, 36, &q.range, err) || !opt_word(n, names, values, "tempo", tempos, 0, &q.tempo, err) ||
	    !opt_int(n, names, values, "figures", 1, 40, 10, &figures, err) ||
	    !opt_num(n, names, values, "spacing", SV_BASE, 12, 2, &q.spacing, err) ||
	    !opt_word(n, names, values, "cover", covers, 0, &soft, err) ||
	    !opt_int(n, names, values, "samples", 1, 10000000, 20000, &samples, err) ||
	    !opt_int(n, names, values, "seed", 0, 2000000000, 1, &seed, err))
		return TW_ERR_INPUT;
	if (lv && *lv)
		return tw_error_set(err, TW_ERR_INPUT, "", "--label is a flag, not '--label %s'", lv);
	const char *gun = tw_odds_opt(n, names, values, "gun");
	if (sv_shot_odds_gun(&q, gun ? gun : "STA", lv != NULL, err) != TW_OK)
		return TW_ERR_INPUT;
	q.figures = figures, q.samples = samples, q.seed = (uint64_t)seed, q.soft = soft == 1;
	sv_shot_odds_result r;
	tw_status st = sv_shot_odds_run(&q, &r, err);
	if (st != TW_OK)
		return st;
	const char *code = gun ? gun : "STA";
	fprintf(out, "shot: %s (%s values), set range %g in, %s tempo, %d figure%s in line %g in apart, %s (SV.GUN.8-11)\n", code,
		lv ? "the label's" : "true", q.range, tempos[q.tempo], figures, figures > 1 ? "s" : "", q.spacing,
		q.soft ? "each in soft cover" : "in the open");
	fprintf(out, "  Monte Carlo: %ld shots, seed %d (%ld misfired)\n", r.samples, seed, r.misfires);
	fprintf(out, "  figures knocked over a shot: %.6f, 95%% interval [%.6f, %.6f] (normal approximation)\n", r.mean, r.mean_lo,
		r.mean_hi);
	tw_odds_mc_note(out, r.var, r.seconds * 1e9 / (double)r.samples);
	fprintf(out, "  at least one: %.6f (%ld/%ld), 95%% interval [%.6f, %.6f] (Wilson)\n", r.p, r.hit, r.samples, r.p_lo, r.p_hi);
	tw_odds_mc_note(out, r.p * (1 - r.p), r.seconds * 1e9 / (double)r.samples);
	fprintf(out, "  time: %.3g s\n", r.seconds);
	return TW_OK;
}

tw_status sv_odds(const char *q, int nopts, const char *const *names, const char *const *values, FILE *out, tw_error *err)
{
	if (strcmp(q, "morale") == 0)
		return morale(nopts, names, values, out, err);
	if (strcmp(q, "melee") == 0)
		return melee(nopts, names, values, out, err);
	if (strcmp(q, "shot") == 0)
		return shot(nopts, names, values, out, err);
	return tw_error_set(err, TW_ERR_INPUT, "", "svl answers 'morale', 'melee' and 'shot', not '%s'", q);
}
