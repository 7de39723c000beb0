// Helpers for the rule sets' odds hooks (tw_ruleset.odds): options by name, and probabilities
// written as exact fractions of equally likely throws.
#include <math.h>
#include <string.h>

#include "tinwar/ruleset.h"

const char *tw_odds_opt(int nopts, const char *const *names, const char *const *values, const char *name)
{
	for (int i = 0; i < nopts; i++)
		if (strcmp(names[i], name) == 0)
			return values[i];
	return NULL;
}

void tw_odds_print_fraction(FILE *out, double p, double den)
{
	double num = p * den;
	if (den <= 9007199254740992.0 && fabs(num - round(num)) < 1e-6) {
		long long n = llround(num), d = llround(den), a = n, b = d;
		while (b) {
			long long t = a % b;
			a = b;
			b = t;
		}
		if (a > 1) {
			n /= a;
			d /= a;
		}
		fprintf(out, "%lld/%lld (%.6f)", n, d, p);
	} else {
		fprintf(out, "%.12g", p);
	}
}
