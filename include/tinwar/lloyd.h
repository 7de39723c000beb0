/// Nikolas Lloyd's skirmish suite (LL clauses, ../shared/rules/lloyd-clauses.md), first part: the
/// Newcastle Quite Decent Ancient Skirmish Rules (NQ, figure by figure on d20), the fast-play
/// facts and tables (FP, d10) and the mass-shooting rule (MS). Distances in inches; W is a
/// target number on 1d20 (low is good); probabilities are exact (numerators over 20^n or 10^n).
#ifndef TINWAR_LLOYD_H
#define TINWAR_LLOYD_H
#include <stdbool.h>
#include <stdint.h>

struct tw_ruleset;
/// The rule set (name "lloyd", short name "ll"). Not yet in the built-in registry: a program
/// registers it itself (tw_register_rulesets) until the suite is complete.
extern const struct tw_ruleset tw_ruleset_lloyd;

/// Reach classes (NQ.RCH.1), shortest first; a missile row has its three range limits instead.
typedef enum tw_ll_reach { TW_LL_SHORT = 0, TW_LL_NORMAL, TW_LL_LONG, TW_LL_MISSILE, TW_LL_REACH_COUNT } tw_ll_reach;

/// Weapon notes (NQ.STAT.7), bits of tw_ll_row.notes.
enum {
	TW_LL_CLOSED2 = 1u << 0,  ///< "+2 closed": +2W against a foe who has closed with him (NQ.RCH.5)
	TW_LL_SPEAR = 1u << 1,    ///< "-2W per neighbour" while out-reaching (NQ.GRP.2, NQ.WPN.2)
	TW_LL_TWO_OF = 1u << 2,   ///< "two of move/load/shoot" (NQ.SHT.1)
};

/// One weapon row of a stat line (NQ.STAT): W, X, D, reach class, R (melee reach, or the
/// short/medium/long limits of a missile weapon), notes.
typedef struct tw_ll_row {
	const char *weapon; ///< "spear", "sword", "bow", "dagger", "axe"
	int w;              ///< weapon skill: the d20 score to equal or beat (NQ.STAT.1)
	bool x;             ///< X-factor weapon (NQ.WPN.1)
	int d;              ///< damage dice (NQ.STAT.2)
	int reach;          ///< tw_ll_reach
	double r[3];        ///< melee: r[0] reach inches (long weapons); missile: 6/18/30 (NQ.STAT.6)
	uint32_t notes;     ///< TW_LL_* notes
} tw_ll_row;

/// A troop type (NQ.GEN.4: one stat line covers a troop type): T, S, M and up to two rows.
typedef struct tw_ll_troop {
	const char *name; ///< "spearman", "archer", "axeman"
	int t;            ///< toughness (NQ.STAT.3)
	int s;            ///< shield, 0 none (NQ.STAT.4)
	double m;         ///< move, inches (NQ.STAT.5)
	int nrows;
	tw_ll_row rows[2]; ///< secondary rows inherit T, S, M (NQ.STAT.8)
} tw_ll_troop;

/// The troop-type table (NQ.STAT, the catalogue's decoded example fighters first).
int tw_ll_troop_count(void);
const tw_ll_troop *tw_ll_troop_get(int i);
/// Index by name, or -1.
int tw_ll_troop_find(const char *name);

/// What a fighter's melee target number depends on (NQ.MEL.2, NQ.GRP.2, NQ.RCH.5, NQ.WPN.1,
/// NQ.DMG.2).
typedef struct tw_ll_melee_in {
	int w;            ///< his weapon's W
	bool x, foe_x;    ///< his weapon and his foe's are X-factor weapons
	int foe_s;        ///< the foe's shield S (0 none)
	bool in_arc;      ///< he is inside the foe's shield arc (NQ.SHD.1)
	int neighbours;   ///< neighbours in his group's line, 0..2 (NQ.GRP.3)
	uint32_t notes;   ///< his weapon's notes
	bool outreach;    ///< his weapon still out-reaches this foe (longer, foe not closed)
	bool foe_closed;  ///< this foe has closed with him (NQ.RCH.4)
	bool wounded;     ///< he is wounded: skills +4 (NQ.DMG.2)
} tw_ll_melee_in;
/// NQ.MEL.2: his target number on 1d20 against that foe.
int tw_ll_melee_need(const tw_ll_melee_in *in);

/// NQ.SHT.4: the range band of a missile row at `dist` inches: 0 short, 1 medium, 2 long, -1 out
/// of range (a band includes its upper limit).
int tw_ll_range_band(const double r[3], double dist);
/// NQ.SHT.3/4, NQ.OPP.2, NQ.GRP.6: a shot's target number: W, +0/+2/+5 by band, +2 snap, the
/// target's S if in its arc, -2 for a group of 3-7 (`big` for 8 or more), +4 if wounded.
int tw_ll_shot_need(int w, int band, bool snap, int shield, int group_size, int big, bool wounded);

/// NQ.MEL.3: the outcome of one contest: 0 neither hits, 1 only a wins, 2 only b wins, 3 both win.
int tw_ll_contest(int roll_a, int need_a, int roll_b, int need_b);
/// Counts of the 400 equally likely pairs of d20 (NQ.MEL.3): neither hits; a wins alone (a hits,
/// b misses); b alone; both hit and a's roll is lower; both hit and b's is lower; both hit equal.
typedef struct tw_ll_contest_odds {
	int neither, a_only, b_only, a_lower, b_lower, equal;
} tw_ll_contest_odds;
void tw_ll_contest_count(int need_a, int need_b, tw_ll_contest_odds *out);

/// NQ.DMG.2: the result of n damage hits.
typedef enum tw_ll_damage { TW_LL_UNHARMED = 0, TW_LL_DRIVEN, TW_LL_WOUNDED, TW_LL_INCAP, TW_LL_KILLED } tw_ll_damage;
tw_ll_damage tw_ll_damage_result(int hits);
/// NQ.DMG.1: dist[k] = P(k damage hits) from `dice` d20 each hitting on `t` or more, k = 0..dice
/// (dist holds dice + 1). False if dice is not 0..32.
bool tw_ll_damage_odds(int dice, int t, double *dist);

/// NQ.EVD.3/4: the count, of 400, of d20 pairs in which an evader of move `me` escapes chargers
/// of move `mc` (the faster adds the difference, the slower subtracts it; ties to the evader).
int tw_ll_evade_count(double me, double mc);

/// MS.2: the d10 score the k-th shooter (1-based) at one target needs when the first needs
/// `base`: base + k - 1, treated as 10 above 10.
int tw_ll_ms_need(int base, int k);
/// MS.2, LL.EX.5: the expected hits of n shooters, in tenths (exact: each shooter's chance is a
/// whole number of tenths).
int tw_ll_ms_expected_tenths(int base, int n);

/// FP.4: a man's points: his QR, +1 if mounted.
int tw_ll_fp_points(int qr, bool mounted);
/// FP.D7: the d10 score a shot needs at `range` inches (5+ to 10, 7+ to 20, 9+ to 30), +1 in
/// cover, +1 reactive; 0 when out of range.
int tw_ll_fp_shot_need(double range, bool cover, bool reactive);
/// FP.D5: the loser's result by margin: 0 none, 1 push-back, 2 one to the wound table and the rest
/// pushed back, 3 one to the wound table and the rest retreat.
int tw_ll_fp_margin(int margin);
/// FP.D6: the wound table on 1d10 + QR: 0 killed, 1 wounded, 2 retreat.
int tw_ll_fp_wound(int total);

#endif
