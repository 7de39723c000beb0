// Science versus Luck, the battle: the rule set's internal contract (SV clauses).
#ifndef TW_SV_H
#define TW_SV_H
#include "tinwar/tinwar.h"
#include "tinwar/svl.h"

// ---- Parameters (tw_state.params) ----
enum { SVP_MAX_TURNS = 0, SVP_CONSTRAINTS, SVP_STAGE, SVP_CLOCK, SVP_TERRAIN, SVP_TERRAIN_SEED, SVP_COUNT }; // SVP_CLOCK: sv-clock (SV.ROF.5); SVP_TERRAIN(_SEED): sv-svweb (SV.BAT.6)
enum { SV_TERRAIN_SCENARIO = 0, SV_TERRAIN_GENERATED }; // SVP_TERRAIN (sv_terrain_setting.c)
enum { SV_STAGE_BATTLE = 0, SV_STAGE_RANGE, SV_STAGE_AUCTION, SV_STAGE_PRACTICE }; // SVP_STAGE: the battle, phase 2's test range (SV.DOC.6), phase 1's auction, the practice ground (SV.DOC.10)

// ---- Phases (s->phase; SV.SEQ.1) ----
enum { SV_PH_SETUP = 0, SV_PH_ATTACK, SV_PH_DEFEND, SV_PH_OVER, SV_PH_RANGE, SV_PH_AUCTION, SV_PH_PRACTICE, SV_PH_COUNT };
extern const char *const sv_phase_names[SV_PH_COUNT + 1];
#define SV_ATTACKER 0 // side 0 commands the infantry (SV.BAT.4)
#define SV_DEFENDER 1 // side 1 the cannon

// ---- Order types ----
enum { SV_OT_MOVE = 0, SV_OT_FIRE, SV_OT_SERVE, SV_OT_END, SV_OT_CONCEDE, SV_OT_MANUAL, SV_OT_TEST, SV_OT_SERIAL, SV_OT_BID, SV_OT_HAMMER, SV_OT_READY, SV_OT_SHOT, SV_OT_COUNT }; // READY, SHOT: sv-clock (SV.ROF.5-7)

// ---- Constants (SV.BAT, SV.MOVE, SV.FIRE) ----
#define SV_WALK 6.0       // SV.MOVE.1
#define SV_RUN 9.0        // SV.MOVE.1
#define SV_FIRE_RANGE 12.0 // SV.FIRE.1
#define SV_CLOSE 6.0      // SV.FIRE.2
#define SV_REACH 2.0      // SV.BAT.10, SV.MEL.2
#define SV_GUN_FOOT 1.5   // SV.BAT.10
#define SV_BASE 0.9       // SV.BAT.8: bases 0.9" across
#define SV_GUN_MOVE 6.0   // SV.MOVE.4
#define SV_MATCHES 10     // SV.BAT.9
// sv-svfix: SV.BAT.1's plastic figures for the physics shot model: 1 g a figure (0.45" radius,
// 1" high, its card base included), not the physics model's hollow-cast lead (14 g a 2" man).
#define SV_FIG_MASS_K (1.0 / (0.45 * 0.45 * 1.0)) // g per in^3 of r^2 H

// ---- Records (sv_records.c) ----
enum { SV_ROLE_RIFLEMAN = 0, SV_ROLE_COMMANDER, SV_ROLE_BUGLER, SV_ROLE_COUNT };
enum { SV_ACT_NONE = 0, SV_ACT_WALKED, SV_ACT_RAN, SV_ACT_FIRED, SV_ACT_COUNT };
typedef struct sv_frec {
	int32_t role;   ///< SV_ROLE_* (SV.BAT.8)
	int32_t act;    ///< SV_ACT_* this attacker phase (SV.MOVE.2)
	uint8_t ran;    ///< ran in the last attacker phase (AM.targets RUNNING)
	double sx, sy;  ///< where it stood at the start of this attacker phase (SV.MOR.4/5)
} sv_frec;

#define SV_TEST_BUDGET 30 // SV.DOC.7
#define SV_REC_MAX 48     // the budget and the longest timed serial
typedef struct sv_grec {
	int32_t matches;  ///< matches left: crew and ammunition together (SV.FIRE.3)
	int32_t pending;  ///< infantry hits this attacker phase, taken off at its end (SV.SEQ.4)
	int32_t acc;      ///< rate accumulator, hundredths of a shot (SV.ROF.2)
	int32_t limit;    ///< this defender phase's rate limit R (SV.ROF.2)
	int32_t tempo;    ///< this phase's tempo (SV.ROF.1)
	int32_t crew;     ///< tw_sv_crew (SV.GUN.6)
	uint8_t served;   ///< has had its minute this defender phase
	uint8_t moved;    ///< moved this defender phase (SV.MOVE.4)
	int32_t fired, misfired; ///< shots fired and misfired in the battle (SV.WIN.5)
	// ---- the test range (SV.DOC.7-8): its owner's record of what it measured ----
	int32_t tests;      ///< test rounds fired (30 at most, SV.DOC.7)
	uint8_t serial;     ///< the timed serial has been fired
	int32_t nrec;       ///< rounds recorded (tests and the serial's shots)
	double rec_r[SV_REC_MAX], rec_k[SV_REC_MAX], rec_e[SV_REC_MAX], rec_d1[SV_REC_MAX], rec_lat[SV_REC_MAX],
		rec_z0[SV_REC_MAX], rec_z1[SV_REC_MAX];
	int32_t rec_flags[SV_REC_MAX]; ///< bit 0 misfire, bit 1 serial, bits 2-3 tempo, bits 4-9 screens struck
	// ---- the truth (SV.GUN.4): the umpire's and the engine's only ----
	double v_mean, v_sigma, az_sigma, misfire, rate, carry, skid;
	// ---- sv-clock: this minute on the host's clock (SV.ROF.5) ----
	int64_t clk_last; ///< the host's time of its last shot this minute, ms (0: none yet)
	int32_t clk_shots; ///< shots fired this minute on the clock
} sv_grec;

/// Infantry Manual (SV.DOC.12) and Artillery Manual (SV.DOC.13) fields, on the side record.
enum { SV_PACE_NEVER = 0, SV_PACE_WITHIN, SV_PACE_IN_OPEN, SV_PACE_ANYTIME, SV_PACE_COUNT };
enum { SV_COVER_PREFER = 0, SV_COVER_IGNORE, SV_COVER_TO_COVER, SV_COVER_COUNT };
enum { SV_FIRE_WITHIN_12 = 0, SV_FIRE_WITHIN_6, SV_FIRE_NEVER, SV_FIRE_PAUSED, SV_FIRE_COUNT };
enum { SV_CMD_MAIN_BODY = 0, SV_CMD_FRONT, SV_CMD_REAR, SV_CMD_COUNT };
enum { SV_TGT_NEAREST = 0, SV_TGT_DENSEST, SV_TGT_COMMANDER, SV_TGT_BUGLER, SV_TGT_RUNNING, SV_TGT_IN_OPEN,
       SV_TGT_WITHIN_12, SV_TGT_NONE, SV_TGT_COUNT };
enum { SV_GMOVE_NEVER = 0, SV_GMOVE_REGAIN, SV_GMOVE_WITHDRAW, SV_GMOVE_COUNT };
#define SV_NTARGETS 7
#define SV_MAX_BUY 8
typedef struct sv_srec {
	// Infantry Manual
	int32_t pace;      double pace_x;
	int32_t cover;     double cover_d;
	double spacing;
	int32_t fire;
	double assault;
	uint8_t bugler;
	int32_t commander;
	// Artillery Manual
	double open_fire;
	int32_t targets[SV_NTARGETS];
	int32_t tempo, tempo_close; ///< tempo_close: a tempo + 1, 0 SAME
	double range_factor, aim_beyond;
	int32_t gmove;     double gmove_x;
	int32_t crew;      ///< its crews' quality (SV.GUN.6)
	// The rest of the Infantry Manual (SV.DOC.12) and the manuals' versions (SV.DOC.15)
	int32_t formation, formation_n, route, fire_mode, on_pause, on_recoil;
	int32_t country;   ///< tw_sv_country
	int32_t im_version, am_version; ///< 0: the scenario's preset manual
	uint8_t range_done; ///< finished on the test range (SV.DOC.4)
	// The auction (SV.EXPO.5-7): what this country has left and has bought
	int32_t left;       ///< budget left, fr
	int32_t nbought;    ///< guns bought
	int32_t bought[SV_MAX_BUY]; ///< their codes (tw_sv_gun_code)
	uint8_t arsenal;    ///< issued the Arsenal gun (SV.EXPO.7)
} sv_srec;
enum { SV_FMODE_ALL = 0, SV_FMODE_ALTERNATE };
enum { SV_PAUSE_HOLD = 0, SV_PAUSE_GROUND, SV_PAUSE_SIDESTEP };
enum { SV_RECOIL_HARD = 0, SV_RECOIL_BACK };

// ---- Manual documents (sv_manual.c; SV.DOC.11-15): the v[] slots of tw_sv_manual ----
enum { SV_IM_PACE = 0, SV_IM_PACE_P, SV_IM_COVER, SV_IM_COVER_P, SV_IM_FORM, SV_IM_FORM_P, SV_IM_SPACING,
       SV_IM_ROUTE, SV_IM_FIRE, SV_IM_FMODE, SV_IM_ASSAULT, SV_IM_BUGLER, SV_IM_CMD, SV_IM_PAUSE, SV_IM_RECOIL };
enum { SV_AM_OPEN = 0, SV_AM_TARGETS, SV_AM_TEMPO = SV_AM_TARGETS + 7, SV_AM_CLOSE, SV_AM_RFACTOR, SV_AM_BEYOND,
       SV_AM_MOVE, SV_AM_MOVE_P };
void sv_manual_to_order(const tw_sv_manual *m, int side, tw_order *o);
void sv_manual_from_order(const tw_order *o, tw_sv_manual *m);
void sv_manual_in_force(tw_state *s, int side, const tw_sv_manual *m);
const char *sv_arm_title(int arm);

enum { SV_COND_NORMAL = 0, SV_COND_PAUSE, SV_COND_RECOIL, SV_COND_COUNT };
typedef struct sv_game {
	int32_t turn;       ///< 1..15 (SV.SEQ.6)
	int32_t start;      ///< start strength (SV.BAT.8)
	int32_t hits;       ///< cannon casualties this turn (SV.MOR.2)
	int32_t cond;       ///< this attacker phase: normal, Pause or Recoil (SV.MOR.4-6)
	int32_t result;     ///< the worst morale result of the last turn's tests (tw_sv_morale)
	uint8_t recoil;     ///< recoiling (SV.MOR.5), since turn recoil_turn
	int32_t recoil_turn;
	uint8_t adhering;   ///< the last attacker phase's adherence verdict (SV.DOC.17)
	int32_t checks, passed; ///< figure checks of that phase
	int32_t morale_rolls;   ///< morale and recovery rolls thrown (SV.WIN.5)
	uint8_t setup;
	uint8_t begun;      ///< an order other than a manual has been given (SV.DOC.15)
	// The auction (SV.EXPO.4-7)
	int32_t nlots;      ///< lots on offer (0: the default eight, SV.EXPO.4)
	int32_t lots[TW_SV_MAX_LOTS]; ///< their guns
	int32_t sold_to[TW_SV_MAX_LOTS]; ///< side that bought each, -1 unsold
	int32_t price[TW_SV_MAX_LOTS];
	int32_t lot;        ///< the lot on offer (index)
	int32_t pass;       ///< 1, or 2 for the unsold offered again
	int32_t bid, bidder; ///< the highest bid and its side (-1 none)
	int64_t t_last;     ///< the host's time of the lot's opening or its last bid, ms (0: not started)
	// sv-cite: SV.WIN.5, the adherence verdict of every turn
	int32_t verdict_turns; ///< attacker phases judged (SV.DOC.17)
	int64_t verdicts;      ///< bit t-1 set: turn t's verdict was adhering (turns 1-50)
	// sv-clock: the defender's minute on the host's clock (SV.ROF.5-7)
	int64_t min_t0;        ///< the host's time the minute started, ms (0: not started)
	int32_t min_state;     ///< SV_MIN_*: not started, running, over
	// sv-svweb: the test range's umpire's minute (sv_range_physical.c; SV.DOC.7)
	int32_t range_gun;     ///< the gun whose timed serial the minute is (min_state, min_t0)
} sv_game;

enum { SV_TER_BY_KIND = 0, SV_TER_OPEN, SV_TER_SOFT, SV_TER_LOW_HARD, SV_TER_TALL_HARD, SV_TER_HILL, SV_TER_COUNT };
typedef struct sv_trec {
	int32_t cover; ///< SV_TER_*: what the piece is (SV.BAT.6)
} sv_trec;

extern const tw_record_def sv_fig_rec, sv_gun_rec, sv_side_rec, sv_game_rec, sv_ter_rec;
#define SVF(s, id) TW_REC_ROW(s, sv_frec, TW_REC_FIGURE, (id))
#define SVGN(s, id) TW_REC_ROW(s, sv_grec, TW_REC_GUN, (id))
#define SVS(s, k) TW_REC_ROW(s, sv_srec, TW_REC_SIDE, (k))
#define SVG(s) TW_REC_ROW(s, sv_game, TW_REC_GAME, 0)

// ---- Tables (sv_tables.c) ----
typedef struct sv_tempo_row {
	int rate100;      ///< rate x, hundredths
	double misfire;   ///< misfire chance x
	double disp;      ///< bearing dispersion x
} sv_tempo_row;
extern const sv_tempo_row sv_tempo[TW_SV_TEMPO_COUNT];
extern const int sv_crew100[TW_SV_CREW_COUNT];
extern const char *const sv_tempo_names[], *const sv_crew_names[];

// ---- Sight and cover (sv_sight.c; SV.BAT.7, SV.GUN.11) ----
int sv_ter_cover(const tw_state *s, int t);
bool sv_sight(const tw_state *s, tw_vec2 a, tw_vec2 b);
bool sv_in_soft(const tw_state *s, tw_vec2 p);
bool sv_behind_hard(const tw_state *s, tw_vec2 gun, tw_vec2 p);
bool sv_in_cover(const tw_state *s, tw_vec2 gun, tw_vec2 p);
bool sv_impassable_segment(const tw_state *s, tw_vec2 a, tw_vec2 b);
bool sv_solid_at(const tw_state *s, tw_vec2 p); ///< inside a building, rocks or a wall (SV.MOVE.5)
/// Distance along a -> b (0..len) where the segment first enters a piece of `cover` kind, or
/// -1; only from `from` inches on.
double sv_first_crossing(const tw_state *s, tw_vec2 a, tw_vec2 dir, double from, double to, int cover);

// ---- Helpers (sv_battle.c) ----
bool sv_standing(const tw_state *s, int f);      ///< an infantry figure standing on the table
bool sv_gun_in_action(const tw_state *s, int g); ///< matches left (SV.WIN.2)
int sv_nearest_gun(const tw_state *s, tw_vec2 p, double *dist);
bool sv_may_run(const tw_state *s, int f);         ///< IM.pace lets f run now (SV.MOVE.3)
bool sv_may_run_at(const tw_state *s, tw_vec2 p);  ///< IM.pace lets a figure at p run
bool sv_hidden_from_guns(const tw_state *s, tw_vec2 p); ///< behind hard cover or out of sight of every gun (SV.BAT.7)

// ---- Adherence (sv_adhere.c; SV.DOC.16-18) ----
enum { SV_CHK_PACE = 0, SV_CHK_FIRE, SV_CHK_COVER, SV_CHK_SPACING, SV_CHK_ASSAULT, SV_CHK_CONDUCT, SV_CHK_COUNT };
extern const char *const sv_check_names[SV_CHK_COUNT];
/// The figure checks one figure that acted this attacker phase passes and fails: bit k of *done
/// for each check made, of *failed for each failed (SV_CHK_*).
void sv_figure_checks(const tw_state *s, int f, unsigned *done, unsigned *failed);
/// SV.DOC.16 force checks: bugler and commander (false: broken; *why says which).
bool sv_force_checks(const tw_state *s, const char **why);
void sv_verdict(tw_state *s, tw_events *ev);        ///< SV.DOC.16-17 at the end of the attacker phase
void sv_artillery_adherence(tw_state *s, tw_events *ev); ///< SV.DOC.18 at the end of the defender phase

// ---- The shot (sv_shot.c; SV.GUN.8-12) ----
typedef struct sv_shot_out {
	bool misfire;
	double v, phi, e, d1, z0, z1, stop; ///< stop: where cover stopped the match (or z1)
	int nfell;
	int32_t fell[16];
	int32_t saved;                      ///< a figure that soft cover saved, -1 none
} sv_shot_out;
/// Flies one shot from gun g at bearing theta (degrees), set range r, believed velocity vb,
/// under tempo, with draws from d (tests) or, when d is NULL, the game's generator. Pure but
/// for the generator; casualties are not marked.
void sv_shot(const tw_state *s, int g, double theta, double r, double vb, int tempo, tw_sv_draws *d, tw_rng *rng,
	     sv_shot_out *out);

// ---- Phases (sv_battle.c, sv_morale.c, sv_gun.c) ----
tw_status sv_validate_move(const tw_state *s, const tw_order *o, tw_error *err);
tw_status sv_apply_move(tw_state *s, const tw_order *o, tw_events *ev);
tw_status sv_validate_fire(const tw_state *s, const tw_order *o, tw_error *err);
tw_status sv_apply_fire(tw_state *s, const tw_order *o, tw_events *ev);
tw_status sv_apply_end(tw_state *s, const tw_order *o, tw_events *ev);
tw_status sv_validate_serve(const tw_state *s, const tw_order *o, tw_error *err);
tw_status sv_validate_manual(const tw_state *s, const tw_order *o, tw_error *err);
// ---- The test range (sv_range.c; SV.DOC.6-9) ----
tw_status sv_range_setup(tw_state *s, tw_error *err);
// ---- The auction as orders (sv_auction.c; SV.EXPO.4-7) ----
#define SV_HAMMER_MS 15000 // SV.EXPO.5
tw_status sv_auction_setup(tw_state *s, tw_error *err);
tw_status sv_validate_auction(const tw_state *s, const tw_order *o, tw_error *err);
tw_status sv_apply_auction(tw_state *s, const tw_order *o, tw_events *ev);
/// SV.EXPO.6: a computer bidder's next bid (open, 10 fr steps up to W); 0 if it does not bid.
int sv_auction_auto(const tw_state *s, int side, tw_order *out);
// sv-web: when the host gives the hammer (tw_ruleset.host_due): at once to open a lot, else 15 s
// after the last bid (SV.EXPO.5); 0 outside the auction.
int64_t sv_host_due(const tw_state *s);
void sv_auction_score(const tw_state *s, double *points); // sv-term: SV.EXPO.9 as the auction's score
// sv-web: the manuals' forms for the browser (tw_ruleset.forms; sv_manual.c).
struct json_t *sv_manual_forms(void);
// sv-svweb: the manuals' forms and the exhibition's cards (SV.GUN.2-3) for the browser (sv_cards.c).
struct json_t *sv_forms(void);
tw_status sv_validate_test(const tw_state *s, const tw_order *o, tw_error *err);
tw_status sv_apply_test(tw_state *s, const tw_order *o, tw_events *ev);
/// SV.DOC.9: the summary of gun g's recorded rounds (and *serial_shots, *serial_misfires).
void sv_range_summary(const tw_state *s, int g, tw_sv_range_summary *out, int *serial_shots, int *serial_misfires);
tw_status sv_apply_serve(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev);
void sv_start_attack(tw_state *s, tw_events *ev);
void sv_start_defence(tw_state *s, tw_events *ev);
void sv_end_turn(tw_state *s, tw_events *ev);
int sv_morale_mod_now(const tw_state *s);
void sv_win(tw_state *s, int side, const char *clause, const char *why, tw_events *ev);
int sv_auto_orders(const tw_state *s, int side, tw_order *out, int max); // SV.DOC.20
// sv-svfix: the planned move keeps IM.commander and closes ranks to IM.spacing (sv_auto_ranks.c)
void sv_auto_keep_ranks(const tw_state *s, tw_order *o);
double sv_cover_gap(const tw_state *s); ///< IM.spacing's least gap, for cover positions (sv_adhere.c)
// sv-join: a computer team's next order on the test range (sv_range_auto.c; SV.DOC.2-9), 1 or 0.
int sv_range_auto(const tw_state *s, int side, tw_order *out);
extern const struct tw_general_def *const sv_generals[1];
tw_status sv_odds(const char *q, int nopts, const char *const *names, const char *const *values, FILE *out,
		  tw_error *err);
extern const tw_odds_question sv_odds_questions[3];

// ---- The series (sv_series.c; SV.SETUP) ----
tw_status sv_series_start(struct json_t *carry, const struct json_t *config, tw_error *err);
tw_status sv_series_prepare(const struct json_t *carry, int seq, tw_state *s, tw_error *err);
void sv_series_roles(const struct json_t *carry, int seq, int nplayers, int nsides, int *player_of_side);
tw_status sv_series_record(struct json_t *carry, int seq, const tw_state *fin, bool *over, tw_error *err);
tw_status sv_series_debrief(const char *carry_json, int games, bool over, FILE *out, tw_error *err); ///< sv_debrief.c: tw_ruleset.series_debrief
int sv_series_teams(const struct json_t *carry);
int sv_series_games(const struct json_t *carry); ///< 2 + N x rounds
void sv_series_pairing(const struct json_t *carry, int seq, int *attacker, int *defender); ///< battle seq's teams
// ---- sv-cite: a generated battle table (sv_terrain_gen.c; SV.BAT.6) ----
/// Adds SV.BAT.6's pieces to an empty table from r; refused (nothing added) on a table with terrain.
tw_status sv_generate_table(tw_state *s, tw_rng *r, tw_error *err);
/// sv-svweb: the `terrain` setting: SV.BAT.6's table laid at the battle's setup (sv_terrain_setting.c).
tw_status sv_terrain_setting(tw_state *s, tw_error *err);
int sv_morale_factors(const tw_state *s, int *bits); ///< SV.MOR.8: the modifier, the factors as bits (sv_morale.c)
// ---- The practice ground (sv_practice.c; SV.DOC.10) ----
tw_status sv_practice_setup(tw_state *s, tw_error *err);
tw_status sv_validate_practice(const tw_state *s, const tw_order *o, tw_error *err);
tw_status sv_apply_practice(tw_state *s, const tw_order *o, tw_events *ev);
// ---- sv-clock: the firing minute on the host's clock (sv_clock.c; SV.ROF.5-7) ----
enum { SV_MIN_NONE = 0, SV_MIN_RUNNING, SV_MIN_OVER, SV_MIN_COUNT };
#define SV_MINUTE_MS 60000
bool sv_clock_on(const tw_state *s);         ///< the defender's minute is kept on the host's clock
void sv_clock_reset(tw_state *s);            ///< a new defender phase: no minute yet
int64_t sv_clock_due(const tw_state *s);     ///< the minute's end, for tw_ruleset.host_due (0: none)
bool sv_clock_takes(const tw_state *s, const tw_order *o); ///< the order is the clock's (ready, shot, the minute's hammer, serve)
tw_status sv_validate_clock(const tw_state *s, const tw_order *o, tw_error *err);
tw_status sv_apply_clock(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev);
// ---- sv-svweb: the test range in PHYSICAL mode (sv_range_physical.c; SV.DOC.7-8) ----
/// Counts the rounds in o's entered faces (*shots); a located refusal ($.dice[i]) if malformed.
tw_status sv_range_entries(const tw_state *s, const tw_order *o, int *shots, tw_error *err);
/// A PHYSICAL test or serial's entries: one round for a test; the serial's after its minute.
tw_status sv_range_check_physical(const tw_state *s, const tw_order *o, tw_error *err);
bool sv_range_clock_takes(const tw_state *s, const tw_order *o); ///< ready or hammer on the range
int64_t sv_range_due(const tw_state *s);                          ///< the umpire's minute's end (0: none)
tw_status sv_validate_range_clock(const tw_state *s, const tw_order *o, tw_error *err);
tw_status sv_apply_range_clock(tw_state *s, const tw_order *o, tw_events *ev);
void sv_range_minute_done(tw_state *s, const tw_order *o); ///< the serial entered: no minute now
/// One shot of gun k at the target its Artillery Manual picks (sv_gun.c); 0 fired, 1 no target.
tw_status sv_gun_one_shot(tw_state *s, int k, const tw_apply_ctx *ctx, tw_events *ev, bool *none);

// ---- sv-shot: `tinwar odds svl shot`, a Monte Carlo estimate of one gun's shot (sv_odds.c) ----
typedef struct sv_shot_odds {
	int model;                                         ///< gun model (tw_gun_model_find; a SvL model)
	double v_mean, v_sigma, az_sigma, misfire, carry, skid; ///< the values the shots fly by (sv_grec's)
	double range;                                      ///< set range to the line, inches
	int tempo;                                         ///< tw_sv_tempo
	int figures;                                       ///< figures in line abreast, facing the gun
	double spacing;                                    ///< inches centre to centre
	bool soft;                                         ///< each figure in soft cover (SV.GUN.10)
	long samples;
	uint64_t seed;
} sv_shot_odds;
typedef struct sv_shot_odds_result {
	long samples, hit, misfires; ///< shots, shots knocking over at least one, misfires
	double mean, mean_lo, mean_hi; ///< figures knocked over per shot, 95% normal interval
	double var;                    ///< their sample variance
	double p, p_lo, p_hi;          ///< chance of at least one, 95% Wilson interval
	double seconds;                ///< time the shots took (the clock's: not for tests)
} sv_shot_odds_result;
/// Fills q's gun values from model `code` (true, or the label card's claims when label).
tw_status sv_shot_odds_gun(sv_shot_odds *q, const char *code, bool label, tw_error *err);
/// Fires q->samples shots by sv_shot from a generator seeded with q->seed at the line of q.
tw_status sv_shot_odds_run(const sv_shot_odds *q, sv_shot_odds_result *res, tw_error *err);
/// The Wilson score interval (95%) of k successes in n.
void sv_wilson95(long k, long n, double *lo, double *hi);

// ---- issue 16 (h6-obst): what each terrain kind is here (sv_obstacles.c) ----
typedef struct sv_ter_kind {
	int8_t cover;  ///< SV_TER_*: its SV.BAT.6 type unless the piece's record says otherwise
	bool no_stand; ///< nobody stands on it (SV.MOVE.5: a building, rocks, a wall, a barricade)
	bool no_cross; ///< no move crosses it (besides tall hard cover: a barricade)
} sv_ter_kind;
extern const sv_ter_kind sv_ter_kinds[TW_TER_KIND_COUNT];
// ---- end issue 16 ----

#endif
