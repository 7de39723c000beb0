// Science versus Luck: exact odds (tinwar odds svl ...): morale tests (SV.MOR.2-9, SV.EX.3) and
// what an attacker's phase at the gun leaves it (SV.FIRE.1-3, SV.MEL.2, SV.WIN.2).
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sv.h"

const tw_odds_question sv_odds_questions[2] = {
	{"morale", "[--mod M | --commander --bugler --adhering --below-half --out-of-sight] [--tests N]",
	 "SV.MOR.3/7/9: chances of carry on, Pause and Recoil for N tests (the worst applies)"},
	{"melee", "--matches M [--at-gun A] [--far F] [--close C]",
	 "SV.FIRE.1-3, SV.MEL.2: matches left after A figures at the gun, F firing beyond 6 in and C within 6 in"},
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
	double carry = pow(pc, tests), recoil = 1 - pow(1 - pr, tests), pause = 1 - carry - recoil;
	double den = pow(6, tests);
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
	double den = pow(6, far + close);
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

tw_status sv_odds(const char *q, int nopts, const char *const *names, const char *const *values, FILE *out, tw_error *err)
{
	if (strcmp(q, "morale") == 0)
		return morale(nopts, names, values, out, err);
	if (strcmp(q, "melee") == 0)
		return melee(nopts, names, values, out, err);
	return tw_error_set(err, TW_ERR_INPUT, "", "svl answers 'morale' and 'melee', not '%s'", q);
}
