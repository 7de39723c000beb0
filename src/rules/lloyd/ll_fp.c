// Nikolas Lloyd's skirmish suite: the fast-play pieces we designed (FP.D2-FP.D13), the leader-trait
// table and its rolling procedure (LT), and one duel round's exact odds (DU.9/10 with FP.D13).
#include <string.h>

#include "ll.h"

double tw_ll_fp_move(bool mounted, bool horseman) { return mounted ? 10 + (horseman ? 2 : 0) : 6; } // FP.D2, LT.12

static const struct {
	const char *name, *help;
} traits[TW_LL_NTRAITS] = {
	{"Quick", "+2 on his initiative rolls (LT.1)"},
	{"Cunning", "before each turn's initiative roll, +2 or -2; under Type III: Taunt, a refuser of his challenge rolls "
		    "three times for Morale loss (LT.2)"},
	{"Lucky", "three rerolls a game, of rolls about actions involving himself, none rerolled twice (LT.3)"},
	{"Icon", "when a friendly contingent breaks, its withdrawing men within 4 in join him on 1d6 5-6 (LT.4)"},
	{"Popular", "his command radius works on allied contingents too; the overall commander rerolls it (LT.5)"},
	{"Scoundrel", "a refuser of his challenge fails Morale only on 1; his own refusal fails on 1-2 (LT.6)"},
	{"Honourable", "a refuser of his challenge takes two Morale tests; shows mercy to a wounded opponent (LT.7)"},
	{"Stalwart", "may change a Retreat on himself into a Push-back (LT.8)"},
	{"Inspirational", "a Retreat on a subordinate within 4 in becomes a Push-back on 1d6 5-6 (LT.9)"},
	{"Rash", "must join a melee within 4 in or roll for Morale loss; always follows up (LT.10)"},
	{"Timid", "two Morale-loss rolls if he turns down a challenge; never closes by choice (LT.11)"},
	{"Horseman", "+2 in mounted, +1 fighting mounted, a 'killed' mounted is only his horse on 1d6 5-6 (LT.12)"},
	{"Tough", "QR4 on the wound table (LT.13)"},
	{"Swordsman", "QR4 in melee (LT.14)"},
	{"Terrible", "a Push-back he inflicts on the man he fights becomes a Retreat (LT.15)"},
	{"Half-hearted", "once wounded he routs off the table (LT.16)"},
	{"Unknowable", "his melee QR is 1d4 each round, QR3 for everything else (LT.17)"},
	{"Mighty", "QR4; his death costs his side two Morale-loss rolls (LT.18)"},
};

const char *tw_ll_trait_name(int face, bool type3)
{
	if (face == 2 && type3)
		return "Taunt"; // LT.2, IN.TOME.3
	return face >= 1 && face <= TW_LL_NTRAITS ? traits[face - 1].name : NULL;
}
const char *tw_ll_trait_help(int face) { return face >= 1 && face <= TW_LL_NTRAITS ? traits[face - 1].help : NULL; }

// LT.22: rerolled: a trait he has, the later of an incompatible pair; LT.5: the commander's Popular.
static bool keeps(uint32_t have, int face, bool commander)
{
	uint32_t bit = 1u << (face - 1);
	if (have & bit)
		return false;
	if ((bit == TW_LL_SCOUNDREL && (have & TW_LL_HONOURABLE)) || (bit == TW_LL_HONOURABLE && (have & TW_LL_SCOUNDREL)))
		return false;
	if ((bit == TW_LL_RASH && (have & TW_LL_TIMID)) || (bit == TW_LL_TIMID && (have & TW_LL_RASH)))
		return false;
	return !(commander && bit == TW_LL_POPULAR);
}

int tw_ll_traits_from_faces(const int *faces, int n, bool commander, uint32_t *out, int *need)
{
	uint32_t have = 0;
	int used = 0, owed = 1; // LT.21: one d20 a leader
	bool extra = false;     // LT.19/20: in the extra rolls 19 and 20 are rerolled
	while (owed > 0) {
		if (used >= n) {
			if (need)
				*need = owed;
			return -1;
		}
		int f = faces[used++];
		if (f < 1 || f > 20) {
			if (need)
				*need = owed;
			return -1;
		}
		if (f >= 19) {
			if (!extra) {
				owed += f == 19 ? 2 : 3; // LT.19, LT.20: this roll is replaced by 2 or 3 more
				owed--;
				extra = true;
			}
			continue; // LT.19/20: a 19 or 20 among the extra rolls is rerolled
		}
		if (!keeps(have, f, commander))
			continue; // LT.22, LT.5: rerolled
		have |= 1u << (f - 1);
		owed--;
	}
	*out = have;
	return used;
}

int tw_ll_fp_factors(const tw_ll_fp_side *side, int d4, bool duel)
{
	int qr = side->qr;
	if (side->traits & (TW_LL_SWORDSMAN | TW_LL_MIGHTY))
		qr = 4; // LT.14, LT.18
	if (side->traits & TW_LL_UNKNOWABLE)
		qr = d4; // LT.17: 1d4 each round
	if (side->wounded)
		qr = qr - 1 < 1 ? 1 : qr - 1; // FP.D3
	int f = qr;
	if (!duel) // FP.D13: no support bonus in a duel
		f += side->support < 0 ? 0 : side->support > 2 ? 2 : side->support;
	f += side->mounted_vs_foot ? 1 : 0;
	f += side->horseman_mounted ? 1 : 0; // LT.12
	f += side->obstacle_or_uphill ? 1 : 0;
	f += side->flank_or_rear ? 1 : 0;
	return f;
}

int tw_ll_fp_wound_qr(int qr, uint32_t tr) { return (tr & (TW_LL_TOUGH | TW_LL_MIGHTY)) ? 4 : qr; } // LT.13, LT.18

bool tw_ll_fp_morale_lost(int d6, int scoundrel)
{
	int top = scoundrel == 1 ? 1 : scoundrel == 2 ? 2 : 3; // FP.D8, LT.6
	return d6 >= 1 && d6 <= top;
}

int tw_ll_fp_initiative_rate(int qr) { return qr <= 1 ? 20 : qr == 2 ? 19 : qr == 3 ? 18 : 17; } // FP.D9, IN.RATE.1

void tw_ll_duel_round(int fa, int fb, int wqa, int wqb, tw_ll_duel_odds *out)
{
	memset(out, 0, sizeof *out);
	for (int a = 1; a <= 8; a++) // DU.9: 1d8 each; no natural-1 loss (FP.8 suspended)
		for (int b = 1; b <= 8; b++) {
			int ta = a + fa, tb = b + fb;
			if (ta == tb) {
				out->nothing += 10; // FP.D3: equal totals, no result
				continue;
			}
			int w = ta > tb ? 0 : 1, margin = w == 0 ? ta - tb : tb - ta;
			int res = tw_ll_fp_margin(margin); // FP.D5
			if (res == 1) {
				out->push[w] += 10;
				continue;
			}
			int qr = w == 0 ? wqb : wqa;   // the loser's wound-table QR
			for (int d = 1; d <= 10; d++) { // FP.D6
				int r = tw_ll_fp_wound(d + qr);
				if (r == 0)
					out->kill[w]++;
				else if (r == 1)
					out->wound[w]++;
				else
					out->retreat[w]++;
			}
		}
}
