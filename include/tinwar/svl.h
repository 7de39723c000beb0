/// Jim Wallman's Science versus Luck (1990): the battle (issue 17, first part). Clause ids are
/// SV.* (../shared/rules/svl-clauses.md). The pure rules below are exact (integers where the
/// catalogue rounds) so that the worked examples are asserted as written. Units: inches, ft/s,
/// degrees, shots per minute in hundredths.
#ifndef TINWAR_SVL_H
#define TINWAR_SVL_H
#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>

#include "tinwar/ruleset.h"

extern const tw_ruleset tw_ruleset_svl;

/// Crew quality (SV.GUN.6) and tempo (SV.GUN.7).
typedef enum tw_sv_crew { TW_SV_TRAINED = 0, TW_SV_RAW, TW_SV_VETERAN, TW_SV_CREW_COUNT } tw_sv_crew;
typedef enum tw_sv_tempo { TW_SV_STEADY = 0, TW_SV_RAPID, TW_SV_DELIBERATE, TW_SV_TEMPO_COUNT } tw_sv_tempo;
/// A morale result (SV.MOR.3), ordered from best to worst.
typedef enum tw_sv_morale { TW_SV_CARRY_ON = 0, TW_SV_PAUSE, TW_SV_RECOIL } tw_sv_morale;

/// SV.MOR.2: morale tests due for `hits` cannon casualties in one turn out of `start` men.
int tw_sv_morale_tests(int start, int hits);
/// SV.MOR.3: the result of a modified morale score (7+ as 5-6, 0 or less as 1-2).
tw_sv_morale tw_sv_morale_result(int modified);
/// SV.MOR.7: the net morale modifier from its five factors (-2..+3).
int tw_sv_morale_mod(bool commander, bool bugler, bool adhering, bool below_half, bool out_of_sight);
/// SV.MOR.8: below half strength (standing on the table < start / 2).
bool tw_sv_below_half(int start, int standing);
/// SV.FIRE.1-2: the lowest face that hits from `dist` inches (6 within 12", 5 within 6"), 0 out of range.
int tw_sv_fire_face(double dist);
/// SV.ROF.1: RoF_eff in hundredths of a shot a minute: true rate (hundredths) x crew x tempo,
/// rounded half-up to hundredths.
int tw_sv_rof(int rate100, tw_sv_crew crew, tw_sv_tempo tempo);
/// SV.ROF.2: adds a phase's RoF to *acc (hundredths) and returns the rate limit R.
int tw_sv_rof_step(int *acc, int rof100);
/// SV.ROF.2/4: shots fired by a computer gunner: min(allocation, R), less 2 if the gun moved.
int tw_sv_rof_shots(int allocation, int limit, bool moved);
/// SV.ROF.5: most shots a human gunner on the clock can fire in the minute (allocation aside).
int tw_sv_clock_shots(int rof100, bool moved);
/// SV.GUN.7: the misfire chance per shot under a tempo (never above 0.50).
double tw_sv_misfire(double p, tw_sv_tempo tempo);
/// SV.GUN.5: the velocity a label implies, ft/s, from its greatest range in inches.
double tw_sv_v_adv(double label_range);
/// SV.GUN.8 step 4: elevation, degrees, for set range r (inches) at believed velocity vb (ft/s).
double tw_sv_elevation(double r, double vb);
/// SV.GUN.8 step 5: first graze, inches, at velocity v (ft/s) and elevation e (degrees).
double tw_sv_first_graze(double v, double e);
/// SV.DOC.17: adhering with `passed` of `checks` figure checks (>= 90%) and every force check.
bool tw_sv_adhering(int passed, int checks, bool force_ok);

/// The draws of one shot (SV.CON.3), injectable by tests: u are uniform 0-1, z standard normal.
typedef struct tw_sv_draws {
	const double *v; ///< values in draw order (misfire u, velocity z, bearing z, then per figure)
	int n, used;
	bool short_of; ///< a draw was asked beyond n (then 0.999 uniform / 0 normal)
} tw_sv_draws;

/// Countries (SV.SETUP.7, in its list order); 0 is none (a battle-only game may leave it unset).
typedef enum tw_sv_country {
	TW_SV_NO_COUNTRY = 0, TW_SV_ALBIONIA, TW_SV_BOSROVIA, TW_SV_FREEDONIA, TW_SV_RURITANIA, TW_SV_SYLVANIA,
	TW_SV_VORLANDIA, TW_SV_COUNTRY_COUNT
} tw_sv_country;
extern const char *const tw_sv_country_names[TW_SV_COUNTRY_COUNT + 1];

/// A manual (SV.DOC.11): a structured, versioned document. The fields of SV.DOC.12 (Infantry) or
/// SV.DOC.13 (Artillery) are held as integers in the slots of the manual's field table
/// (docs/svl.md, "Manual documents"): a choice's index, its parameter (inches in tenths, or files
/// and groups), numbers in tenths of an inch (AM.range_factor in hundredths), AM.targets as 7
/// category indices, NONE (7) after the last. The `manual` order carries country, version and v[].
typedef enum tw_sv_arm { TW_SV_INFANTRY = 0, TW_SV_ARTILLERY, TW_SV_ARM_COUNT } tw_sv_arm;
#define TW_SV_MAN_VALS 16
typedef struct tw_sv_manual {
	int arm;      ///< tw_sv_arm
	int country;  ///< tw_sv_country (required: not none)
	int version;  ///< 1, 2, ... (SV.DOC.15)
	int32_t v[TW_SV_MAN_VALS];
	char author[64];
	char notes[1024]; ///< read by people, never enforced (SV.DOC.11)
} tw_sv_manual;

/// The default manual of an arm (the defaults of SV.DOC.12/13, version 1).
void tw_sv_manual_default(tw_sv_manual *m, int arm, int country);
/// Reads a manual document (JSON text; docs/format.md "Science versus Luck manuals"). On a bad
/// document: TW_ERR_INPUT with err->path the JSON path and err->clause the clause it breaks
/// (SV.DOC.11 form, SV.DOC.12/13 a field's value, SV.BRF.8 a national constraint when
/// `constraints`), line/column for malformed JSON; *m is then unspecified.
tw_status tw_sv_manual_parse(const char *text, size_t len, bool constraints, tw_sv_manual *m, tw_error *err);
/// Validates a manual (SV.DOC.14): every field a legal value, and the national constraints of
/// SV.BRF.8 when `constraints`. Errors are located like tw_sv_manual_parse's.
tw_status tw_sv_manual_check(const tw_sv_manual *m, bool constraints, tw_error *err);
/// Writes a manual as a document (malloc'd JSON text, NULL on no memory).
char *tw_sv_manual_dump(const tw_sv_manual *m);
/// The `manual` order that submits m for `side` (documents as orders; SV.DOC.15).
void tw_sv_manual_order(const tw_sv_manual *m, int side, tw_order *o);

// ---- Phase 1: labels, briefings, the computer auction (sv_expo.c; SV.GUN.2, SV.BRF, SV.EXPO) ----
/// The label cards (SV.GUN.2), in this order; ARS is issue only (never auctioned).
typedef enum tw_sv_gun_code { TW_SV_VUL = 0, TW_SV_STA, TW_SV_TEM, TW_SV_ALP, TW_SV_IMP, TW_SV_ECO, TW_SV_LEN, TW_SV_ARS,
			      TW_SV_GUN_COUNT } tw_sv_gun_code;
typedef struct tw_sv_label {
	const char *code, *model, *maker;
	int maker_country; ///< tw_sv_country; none for the neutral host and the government arsenal
	int range;         ///< greatest range, inches
	int rpm, misfires; ///< rounds a minute; misfires per 100
	int sight;         ///< 0 Plain, 1 Improved, 2 Telescopic
	int weight;        ///< 0 Light, 1 Medium, 2 Heavy
	int stars;         ///< maker's standing, 1-5
	int price;         ///< price guide, fr (0: not for sale)
} tw_sv_label;
extern const tw_sv_label tw_sv_labels[TW_SV_GUN_COUNT];
// ---- sv-cite: the makers' descriptions (SV.GUN.3), in the order of the label cards ----
typedef struct tw_sv_description {
	const char *text; ///< the catalogue's words
	const char *look; ///< what the model looks like
} tw_sv_description;
extern const tw_sv_description tw_sv_descriptions[TW_SV_GUN_COUNT];
/// A phase-1 briefing (SV.BRF.2-7): budget, gun counts, the weights of the score s.
typedef struct tw_sv_brief {
	int budget, min_guns, max_guns;
	double w_range, w_rate, w_reliability, w_cheapness, w_prestige, w_lightness, w_sight, w_home;
	int veto; ///< a maker country it will not buy from (tw_sv_country; none)
} tw_sv_brief;
extern const tw_sv_brief tw_sv_briefs[TW_SV_COUNTRY_COUNT];
/// SV.BRF.1: country's score s (0-1) for a gun, judged on its label.
double tw_sv_score(int country, int gun);
/// SV.EXPO.5: the reserve, half the price guide rounded down to 10 fr.
int tw_sv_reserve(int gun);
#define TW_SV_MAX_LOTS 16
typedef struct tw_sv_sale {
	int lot, gun;       ///< lot number (1-based) and gun
	int pass;           ///< 1 first offer, 2 offered again (SV.EXPO.7)
	int winner, price;  ///< tw_sv_country, fr; winner none: unsold
	int nbid;           ///< bidders
	int bidder[TW_SV_COUNTRY_COUNT], ceiling[TW_SV_COUNTRY_COUNT]; ///< in rotation order, their W
} tw_sv_sale;
typedef struct tw_sv_auction {
	int ncountries;
	int nsales;
	tw_sv_sale sale[2 * TW_SV_MAX_LOTS];
	int left[TW_SV_COUNTRY_COUNT];   ///< budget left, fr
	int nguns[TW_SV_COUNTRY_COUNT];
	int guns[TW_SV_COUNTRY_COUNT][TW_SV_MAX_LOTS];
	bool arsenal[TW_SV_COUNTRY_COUNT]; ///< issued an Arsenal gun (SV.EXPO.7)
} tw_sv_auction;
/// SV.EXPO.4 default lots: VUL STA TEM ALP IMP ECO LEN ECO.
extern const int tw_sv_default_lots[8];
/// SV.EXPO.6-7: an auction among n (1-6) computer bidders, the first n countries, of nlots lots.
tw_status tw_sv_auction_auto(int n, const int *lots, int nlots, tw_sv_auction *out, tw_error *err);
/// SV.EXPO.9: a country's phase-1 score (debrief only).
double tw_sv_phase1_score(const tw_sv_auction *a, int country);

// ---- Roles and pairings (SV.SETUP.4-8) ----
/// The country (tw_sv_country) team `team` of n represents in `phase` (1-3); `option`: phase 3
/// changes nationality again (SV.SETUP.6).
int tw_sv_team_country(int n, int team, int phase, bool option);
/// SV.SETUP.8: the team whose gun team `team`'s infantry commander attacks.
int tw_sv_target_team(int n, int team);

// ---- The test range (SV.DOC.8-9) ----
typedef struct tw_sv_round {
	double r, k, e;   ///< set range, range factor in use, elevation (degrees)
	bool misfire;
	double d1, lat;   ///< first graze and lateral offset at it (left negative), inches
	double z0, z1;    ///< beaten zone
} tw_sv_round;
typedef struct tw_sv_range_summary {
	int rounds, misfires, counted;     ///< counted: fired rounds with e < 45
	double mean_ratio, sd_ratio;       ///< D1/R over the counted rounds
	double sd_lat12;                   ///< sd of the lateral offset per 12 in of range
	double screen_share[6];            ///< share of fired rounds striking each screen (12 ... 72 in)
	double k_new;                      ///< suggested AM.range_factor, to hundredths
} tw_sv_range_summary;
/// SV.DOC.8: whether a round strikes the screen at distance x (within [z0, z1], |lateral| <= 6 in).
bool tw_sv_screen_struck(const tw_sv_round *rd, double x);
/// SV.DOC.9: the summary of n rounds.
void tw_sv_range_summarise(const tw_sv_round *rd, int n, tw_sv_range_summary *out);


// ---- The whole game as a series (sv_series.c, sv_series_play.c, sv_debrief.c; SV.SETUP) ----
struct tw_game;
/// A computer team's manual of `arm` for `country`: the SV.DOC.12/13 defaults made to meet the
/// country's SV.BRF.8 constraints (docs/svl.md "The series").
void tw_sv_computer_manual(tw_sv_manual *m, int arm, int country);
/// Plays game g of a series (the auction, the range or a battle) to its end with computer
/// players on every seat (SV.EXPO.6, SV.DOC.9, SV.DOC.20); seed for the battle generals.
tw_status tw_sv_play_computer(struct tw_game *g, uint64_t seed, tw_error *err);
/// SV.SETUP.10: writes the debrief of a series' carry-over (JSON text) to out: by country the guns
/// bought (label against truth, price, the SV.EXPO.9 score), the manuals, the range summaries,
/// each battle's result and margins and its adherence. TW_ERR_INPUT on a carry-over that is not
/// Science versus Luck's.
tw_status tw_sv_debrief(const char *carry_json, FILE *out, tw_error *err);
/// SV.EXPO.8/9: the phase-1 debrief alone (each country's guns, prices, money left and score).
tw_status tw_sv_debrief_phase1(const char *carry_json, FILE *out, tw_error *err);

#endif
