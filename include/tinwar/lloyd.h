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

/// FP.D2, LT.12: a man's move: foot 6, mounted 10, +2 for a Horseman mounted.
double tw_ll_fp_move(bool mounted, bool horseman);
/// Leader traits (LT.1-LT.18: the d20 faces; LT.19/20 roll again). Bit (1 << (face - 1)).
enum {
	TW_LL_QUICK = 1u << 0, TW_LL_CUNNING = 1u << 1, TW_LL_LUCKY = 1u << 2, TW_LL_ICON = 1u << 3,
	TW_LL_POPULAR = 1u << 4, TW_LL_SCOUNDREL = 1u << 5, TW_LL_HONOURABLE = 1u << 6, TW_LL_STALWART = 1u << 7,
	TW_LL_INSPIRATIONAL = 1u << 8, TW_LL_RASH = 1u << 9, TW_LL_TIMID = 1u << 10, TW_LL_HORSEMAN = 1u << 11,
	TW_LL_TOUGH = 1u << 12, TW_LL_SWORDSMAN = 1u << 13, TW_LL_TERRIBLE = 1u << 14, TW_LL_HALF_HEARTED = 1u << 15,
	TW_LL_UNKNOWABLE = 1u << 16, TW_LL_MIGHTY = 1u << 17,
};
#define TW_LL_NTRAITS 18
/// The trait table (LT.1-LT.18): the trait on d20 face `face` (1..18), its name ("Quick") and what
/// it does; NULL for other faces. With the Type III initiative Cunning reads Taunt (LT.2).
const char *tw_ll_trait_name(int face, bool type3);
const char *tw_ll_trait_help(int face);
/// LT.19-LT.22, LT.5: a leader's traits from the d20 faces thrown for him, in order: 19 rolls
/// twice more and 20 three times more (19 and 20 rerolled there), a duplicate is rerolled, the
/// later of Scoundrel/Honourable or Rash/Timid is rerolled, the overall commander rerolls Popular.
/// Returns the faces used, or -1 when more faces are needed (*need gets how many at least).
int tw_ll_traits_from_faces(const int *faces, int n, bool commander, uint32_t *traits, int *need);

/// FP.D3 (FP.D13 in a duel): what a side adds to its die in a melee round.
typedef struct tw_ll_fp_side {
	int qr;           ///< the best QR among its figures in contact (FP.3)
	uint32_t traits;  ///< that figure's traits (Swordsman and Mighty count QR4; LT.14, LT.18)
	bool wounded;     ///< that figure is wounded: QR - 1, at least 1
	int support;      ///< extra friends touching the same enemy (+1 each, at most +2; none in a duel)
	bool mounted_vs_foot, horseman_mounted, obstacle_or_uphill, flank_or_rear;
} tw_ll_fp_side;
/// FP.D3: the side's factors (not the die): QR (Unknowable: `d4`, LT.17) and the bonuses.
int tw_ll_fp_factors(const tw_ll_fp_side *side, int d4, bool duel);
/// FP.D6, LT.13: the QR a man rolls on the wound table with (Tough: 4).
int tw_ll_fp_wound_qr(int qr, uint32_t traits);
/// FP.D8, LT.6: a Morale test on 1d6 loses a point on 1-3 (`scoundrel` 1: only on 1; 2: only on 1-2).
bool tw_ll_fp_morale_lost(int d6, int scoundrel);
/// FP.D9, IN.RATE.1: the base initiative rate of QR 1-4 (Poor 20, Average 19, Good 18, Excellent 17).
int tw_ll_fp_initiative_rate(int qr);

/// DU.9/DU.10, FP.D13, FP.D5, FP.D6: one duel round and the whole duel (rounds until a decisive
/// result) between duellists A and B on 1d8 + factors, exact. Counts are of 8 x 8 x 10 = 640 equally
/// likely throws (the two d8 and the loser's wound-table d10).
typedef struct tw_ll_duel_odds {
	int nothing;     ///< equal totals
	int push[2];     ///< [k]: side k pushes the other back (margin 1-2): the duel goes on (DU.10)
	int kill[2];     ///< side k kills the other (wound table 5 or less)
	int wound[2];    ///< side k wounds the other (6-8): he pulls out or asks mercy (DU.13, DU.15)
	int retreat[2];  ///< side k makes the other Retreat (9 or more; DU.11)
} tw_ll_duel_odds;
void tw_ll_duel_round(int factors_a, int factors_b, int wound_qr_a, int wound_qr_b, tw_ll_duel_odds *out);

// ---- Arithmetic of the parts still to be played (IN, TF, CA), for their worked examples ----
/// MS.5, LL.EX.9: the shots a bow of `range` inches gets under strict I-go-you-go at a charger who
/// starts `start` inches off and moves `move` a turn: one after each of his moves while he is
/// still off and within range.
int tw_ll_ms_shots(double start, double move, double range);
/// IN.SHT.5, LL.EX.7: the reactive shooters a figure moving `inches` may draw: max(1, ceil).
int tw_ll_in_reactors(double inches);
/// IN.SEIZE.4, LL.EX.6: the natural d20 a seize attempt needs: base rate - leadership - tactical.
int tw_ll_in_seize_need(int base, int leadership, int tactical);
/// IN.SEIZE.4/5, IN.MEL.3: the faces of 20 that seize with that need (a natural 1-3 always fails).
int tw_ll_in_seize_faces(int need);
/// TF.D4, LL.EX.10: the off-table roll's thresholds for points a and b (both > 0): TA =
/// round(20a/(a+b)) with halves up, kept within 2..18; hA = TA/2, hB = (20-TA)/2.
void tw_ll_tf_thresholds(int a, int b, int *ta, int *ha, int *hb);
/// TF.D4: the result of d20 r: 0 A decisive, 1 A narrow, 2 B narrow, 3 B decisive.
int tw_ll_tf_result(int ta, int ha, int hb, int r);
/// TF.D5: the turn a decisive winner arrives, from Chebyshev distance d on the grid (at least 1).
int tw_ll_tf_arrival(int dx, int dy);
/// CA.D3, LL.EX.11: points of figures lost (2 a VP against) and gained (1 a VP scored).
void tw_ll_ca_desertion(int vp_against, int vp_scored, int *lost, int *gained);
/// FP.8, FP.D4, DU.9: a natural 1 on the deciding die loses a figure, except in a duel.
bool tw_ll_fp_natural_loss(int roll, bool duel);
/// FP.D11: the count, of faces x faces, of throws in which the evader escapes (NQ.EVD on d10).
int tw_ll_evade_count_die(double me, double mc, int faces);
#define TW_LL_FP_MORALE 6        ///< FP.11, FP.D8: a contingent's Morale at the start
#define TW_LL_FP_COMMAND 6.0     ///< FP.D10: command radius, inches

#endif
