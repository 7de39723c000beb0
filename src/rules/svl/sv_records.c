// Science versus Luck's records (record.h). A gun's true values (SV.GUN.4) are the umpire's and
// the engine's only (TW_VIS_UMPIRE: every other seat's view holds the defaults, SV.GUN.1); each
// side's manuals are its own (TW_VIS_OWNER).
#include <stddef.h>

#include "sv.h"

static const char *const role_names[] = {"rifleman", "commander", "bugler", NULL};
static const char *const act_names[] = {"none", "walked", "ran", "fired", NULL};
static const char *const pace_names[] = {"NEVER_RUN", "RUN_WITHIN", "RUN_IN_OPEN", "RUN_ANYTIME", NULL};
static const char *const cover_names[] = {"PREFER", "IGNORE", "COVER_TO_COVER", NULL};
static const char *const fire_names[] = {"WITHIN_12", "WITHIN_6", "NEVER", "ONLY_WHEN_PAUSED", NULL};
static const char *const cmd_names[] = {"MAIN_BODY", "FRONT", "REAR", NULL};
static const char *const target_names[] = {"NEAREST", "DENSEST", "COMMANDER", "BUGLER", "RUNNING", "IN_OPEN",
					   "WITHIN_12", "none", NULL};
static const char *const close_names[] = {"SAME", "STEADY", "RAPID", "DELIBERATE", NULL};
static const char *const gmove_names[] = {"NEVER", "TO_REGAIN_SIGHT", "WITHDRAW_WITHIN", NULL};
static const char *const form_names[] = {"LINE", "COLUMN", "OPEN_ORDER", "GROUPS", NULL};
static const char *const route_names[] = {"DIRECT", "LEFT", "RIGHT", NULL};
static const char *const fmode_names[] = {"ALL", "ALTERNATE", NULL};
static const char *const pause_names[] = {"HOLD_AND_FIRE", "GO_TO_GROUND", "SIDESTEP_TO_COVER", NULL};
static const char *const recoil_names[] = {"TO_HARD_COVER", "STRAIGHT_BACK", NULL};
static const char *const cond_names[] = {"normal", "pause", "recoil", NULL};
static const char *const result_names[] = {"carry_on", "pause", "recoil", NULL};
static const char *const ter_names[] = {"by_kind", "open", "soft", "low_hard", "tall_hard", "hill", NULL};
_Static_assert(TW_ARRAY_COUNT(target_names) == SV_TGT_COUNT + 1, "a name per target category");
_Static_assert(TW_ARRAY_COUNT(ter_names) == SV_TER_COUNT + 1, "a name per piece type");

#define U TW_VIS_UMPIRE
#define O TW_VIS_OWNER
#define A TW_VIS_ALL

static const tw_field_def fig_fields[] = {
	TW_FIELD(sv_frec, role, TW_FT_ENUM, A, 0, 0, SV_ROLE_COUNT - 1, role_names, "rifleman, company commander or bugler (SV.BAT.8)"),
	TW_FIELD(sv_frec, act, TW_FT_ENUM, A, 0, 0, SV_ACT_COUNT - 1, act_names, "what it did this attacker phase (SV.MOVE.2)"),
	TW_FIELD(sv_frec, ran, TW_FT_BOOL, A, 0, 0, 1, NULL, "it ran in the last attacker phase (AM.targets RUNNING)"),
	TW_FIELD(sv_frec, sx, TW_FT_F64, A, 0, -1e6, 1e6, NULL, "x at the start of this attacker phase (SV.MOR.4/5)"),
	TW_FIELD(sv_frec, sy, TW_FT_F64, A, 0, -1e6, 1e6, NULL, "y at the start of this attacker phase"),
};

static const tw_field_def gun_fields[] = {
	TW_FIELD(sv_grec, matches, TW_FT_I32, A, SV_MATCHES, 0, 1000, NULL, "matches left: crew and ammunition (SV.FIRE.3)"),
	TW_FIELD(sv_grec, pending, TW_FT_I32, A, 0, 0, 1000, NULL, "infantry hits this attacker phase, off at its end (SV.SEQ.4)"),
	TW_FIELD(sv_grec, acc, TW_FT_I32, A, 0, 0, 99, NULL, "rate accumulator, hundredths of a shot (SV.ROF.2)"),
	TW_FIELD(sv_grec, limit, TW_FT_I32, A, 0, 0, 1000, NULL, "this defender phase's rate limit R (SV.ROF.2)"),
	TW_FIELD(sv_grec, tempo, TW_FT_ENUM, A, 0, 0, TW_SV_TEMPO_COUNT - 1, sv_tempo_names, "this phase's tempo (SV.ROF.1)"),
	TW_FIELD(sv_grec, crew, TW_FT_ENUM, A, 0, 0, TW_SV_CREW_COUNT - 1, sv_crew_names, "crew quality (SV.GUN.6)"),
	TW_FIELD(sv_grec, served, TW_FT_BOOL, A, 0, 0, 1, NULL, "has had its minute this defender phase (SV.SEQ.3)"),
	TW_FIELD(sv_grec, moved, TW_FT_BOOL, A, 0, 0, 1, NULL, "moved this defender phase (SV.MOVE.4)"),
	TW_FIELD(sv_grec, fired, TW_FT_I32, A, 0, 0, 1000000, NULL, "shots fired in the battle, misfires included (SV.WIN.5)"),
	TW_FIELD(sv_grec, misfired, TW_FT_I32, A, 0, 0, 1000000, NULL, "shots misfired (SV.WIN.5)"),
	TW_FIELD(sv_grec, tests, TW_FT_I32, O, 0, 0, SV_TEST_BUDGET, NULL, "test rounds fired (SV.DOC.7: 30 a gun)"),
	TW_FIELD(sv_grec, serial, TW_FT_BOOL, O, 0, 0, 1, NULL, "the timed serial has been fired (SV.DOC.7)"),
	TW_FIELD(sv_grec, nrec, TW_FT_I32, O, 0, 0, SV_REC_MAX, NULL, "rounds recorded on the test range (SV.DOC.8)"),
	TW_FIELD_N(sv_grec, rec_r, TW_FT_F64, O, SV_REC_MAX, 0, 0, 1000, NULL, "each round's set range R, inches"),
	TW_FIELD_N(sv_grec, rec_k, TW_FT_F64, O, SV_REC_MAX, 0, 0, 10, NULL, "each round's range factor in use"),
	TW_FIELD_N(sv_grec, rec_e, TW_FT_F64, O, SV_REC_MAX, 0, 0, 90, NULL, "each round's elevation e, degrees"),
	TW_FIELD_N(sv_grec, rec_d1, TW_FT_F64, O, SV_REC_MAX, 0, 0, 10000, NULL, "each round's first graze D1, inches"),
	TW_FIELD_N(sv_grec, rec_lat, TW_FT_F64, O, SV_REC_MAX, 0, -10000, 10000, NULL, "each round's lateral offset at D1 (left negative)"),
	TW_FIELD_N(sv_grec, rec_z0, TW_FT_F64, O, SV_REC_MAX, 0, 0, 10000, NULL, "each round's beaten zone from Z0"),
	TW_FIELD_N(sv_grec, rec_z1, TW_FT_F64, O, SV_REC_MAX, 0, 0, 10000, NULL, "... to Z1, inches"),
	TW_FIELD_N(sv_grec, rec_flags, TW_FT_I32, O, SV_REC_MAX, 0, 0, 1023, NULL,
		   "each round: 1 misfire, 2 in the timed serial, 4 x tempo, 16 x screens struck (bit per screen)"),
	TW_FIELD(sv_grec, v_mean, TW_FT_F64, U, 0, 0, 100, NULL, "true mean muzzle velocity, ft/s (SV.GUN.4; 0: the model's)"),
	TW_FIELD(sv_grec, v_sigma, TW_FT_F64, U, 0, 0, 100, NULL, "true velocity spread, ft/s (SV.GUN.4)"),
	TW_FIELD(sv_grec, az_sigma, TW_FT_F64, U, 0, 0, 90, NULL, "true bearing dispersion, degrees (SV.GUN.4)"),
	TW_FIELD(sv_grec, misfire, TW_FT_F64, U, 0, 0, 1, NULL, "true misfire chance (SV.GUN.4)"),
	TW_FIELD(sv_grec, rate, TW_FT_F64, U, 0, 0, 100, NULL, "true shots a minute, Trained and STEADY (SV.GUN.4)"),
	TW_FIELD(sv_grec, carry, TW_FT_F64, U, 0, 0, 1, NULL, "true carry-on chance (SV.GUN.4)"),
	TW_FIELD(sv_grec, skid, TW_FT_F64, U, 0, 0, 100, NULL, "true skid S, inches (SV.GUN.4)"),
	// sv-clock (SV.ROF.5)
	TW_FIELD(sv_grec, clk_last, TW_FT_I64, A, 0, 0, 9e15, NULL, "the host's time of its last shot this minute, ms (SV.ROF.5)"),
	TW_FIELD(sv_grec, clk_shots, TW_FT_I32, A, 0, 0, 1000, NULL, "shots fired this minute on the clock (SV.ROF.5)"),
};

static const tw_field_def side_fields[] = {
	TW_FIELD(sv_srec, pace, TW_FT_ENUM, O, 0, 0, SV_PACE_COUNT - 1, pace_names, "IM.pace (SV.DOC.12)"),
	TW_FIELD(sv_srec, pace_x, TW_FT_F64, O, 12, 6, 36, NULL, "X of RUN_WITHIN(X), inches"),
	TW_FIELD(sv_srec, cover, TW_FT_ENUM, O, 0, 0, SV_COVER_COUNT - 1, cover_names, "IM.cover (SV.DOC.12)"),
	TW_FIELD(sv_srec, cover_d, TW_FT_F64, O, 3, 1, 12, NULL, "D of PREFER(D), inches"),
	TW_FIELD(sv_srec, spacing, TW_FT_F64, O, 1, 0, 6, NULL, "IM.spacing, inches between bases (SV.DOC.12)"),
	TW_FIELD(sv_srec, fire, TW_FT_ENUM, O, 0, 0, SV_FIRE_COUNT - 1, fire_names, "IM.fire (SV.DOC.12)"),
	TW_FIELD(sv_srec, assault, TW_FT_F64, O, 6, 0, 12, NULL, "IM.assault, inches (0 none)"),
	TW_FIELD(sv_srec, bugler, TW_FT_BOOL, O, 0, 0, 1, NULL, "IM.bugler REQUIRED (SV.DOC.12)"),
	TW_FIELD(sv_srec, commander, TW_FT_ENUM, O, 0, 0, SV_CMD_COUNT - 1, cmd_names, "IM.commander (SV.DOC.12)"),
	TW_FIELD(sv_srec, open_fire, TW_FT_F64, O, 0, 0, 120, NULL, "AM.open_fire, inches; 0 any range (SV.DOC.13)"),
	TW_FIELD_N(sv_srec, targets, TW_FT_ENUM, O, SV_NTARGETS, SV_TGT_NONE, 0, SV_TGT_COUNT - 1, target_names,
		   "AM.targets in priority order, 'none' after the last (SV.DOC.13; all none: [NEAREST])"),
	TW_FIELD(sv_srec, tempo, TW_FT_ENUM, O, 0, 0, TW_SV_TEMPO_COUNT - 1, sv_tempo_names, "AM.tempo (SV.GUN.7)"),
	TW_FIELD(sv_srec, tempo_close, TW_FT_ENUM, O, 0, 0, TW_SV_TEMPO_COUNT, close_names, "AM.tempo_close (SV.DOC.13)"),
	TW_FIELD(sv_srec, range_factor, TW_FT_F64, O, 1, 0.3, 1.5, NULL, "AM.range_factor (SV.GUN.12)"),
	TW_FIELD(sv_srec, aim_beyond, TW_FT_F64, O, 0, -6, 12, NULL, "AM.aim_beyond, inches (SV.GUN.12)"),
	TW_FIELD(sv_srec, gmove, TW_FT_ENUM, O, 0, 0, SV_GMOVE_COUNT - 1, gmove_names, "AM.move (SV.DOC.13)"),
	TW_FIELD(sv_srec, gmove_x, TW_FT_F64, O, 12, 6, 24, NULL, "X of WITHDRAW_WITHIN(X), inches"),
	TW_FIELD(sv_srec, crew, TW_FT_ENUM, A, 0, 0, TW_SV_CREW_COUNT - 1, sv_crew_names, "its crews' quality (SV.GUN.6)"),
	TW_FIELD(sv_srec, formation, TW_FT_ENUM, O, 0, 0, 3, form_names, "IM.formation (SV.DOC.12)"),
	TW_FIELD(sv_srec, formation_n, TW_FT_I32, O, 0, 0, 10, NULL, "W files of COLUMN(W), K groups of GROUPS(K)"),
	TW_FIELD(sv_srec, route, TW_FT_ENUM, O, 0, 0, 2, route_names, "IM.route (SV.DOC.12)"),
	TW_FIELD(sv_srec, fire_mode, TW_FT_ENUM, O, 0, 0, 1, fmode_names, "IM.fire_mode (SV.DOC.12)"),
	TW_FIELD(sv_srec, on_pause, TW_FT_ENUM, O, 0, 0, 2, pause_names, "IM.on_pause (SV.DOC.12)"),
	TW_FIELD(sv_srec, on_recoil, TW_FT_ENUM, O, 0, 0, 1, recoil_names, "IM.on_recoil (SV.DOC.12)"),
	TW_FIELD(sv_srec, country, TW_FT_ENUM, A, 0, 0, TW_SV_COUNTRY_COUNT - 1, tw_sv_country_names,
		 "the country whose manuals these are (SV.SETUP.7; none: not yet given)"),
	TW_FIELD(sv_srec, range_done, TW_FT_BOOL, A, 0, 0, 1, NULL, "finished on the test range (SV.DOC.4)"),
	TW_FIELD(sv_srec, left, TW_FT_I32, A, 0, 0, 1000000, NULL, "budget left, fr (SV.EXPO.5)"),
	TW_FIELD(sv_srec, nbought, TW_FT_I32, A, 0, 0, SV_MAX_BUY, NULL, "guns bought at the auction"),
	TW_FIELD_N(sv_srec, bought, TW_FT_I32, A, SV_MAX_BUY, 0, 0, TW_SV_GUN_COUNT - 1, NULL, "their codes (SV.GUN.2 order: VUL ... ARS)"),
	TW_FIELD(sv_srec, arsenal, TW_FT_BOOL, A, 0, 0, 1, NULL, "issued the Arsenal gun (SV.EXPO.7)"),
	TW_FIELD(sv_srec, im_version, TW_FT_I32, A, 0, 0, 1000000, NULL, "the Infantry Manual's version in force (SV.DOC.15; 0 preset)"),
	TW_FIELD(sv_srec, am_version, TW_FT_I32, A, 0, 0, 1000000, NULL, "the Artillery Manual's version in force (SV.DOC.15; 0 preset)"),
};

static const tw_field_def game_fields[] = {
	TW_FIELD(sv_game, turn, TW_FT_I32, A, 0, 0, 1000000, NULL, "the turn, 1-15 (SV.SEQ.6)"),
	TW_FIELD(sv_game, start, TW_FT_I32, A, 0, 0, 100000, NULL, "the infantry's start strength (SV.BAT.8)"),
	TW_FIELD(sv_game, hits, TW_FT_I32, A, 0, 0, 100000, NULL, "cannon casualties this turn (SV.MOR.2)"),
	TW_FIELD(sv_game, cond, TW_FT_ENUM, A, 0, 0, SV_COND_COUNT - 1, cond_names, "this attacker phase: normal, Pause, Recoil (SV.MOR.4-6)"),
	TW_FIELD(sv_game, result, TW_FT_ENUM, A, 0, 0, 2, result_names, "the last turn's morale result (SV.MOR.9)"),
	TW_FIELD(sv_game, recoil, TW_FT_BOOL, A, 0, 0, 1, NULL, "the infantry are recoiling (SV.MOR.5)"),
	TW_FIELD(sv_game, recoil_turn, TW_FT_I32, A, 0, 0, 1000000, NULL, "the turn whose test gave the Recoil (SV.MOR.6)"),
	TW_FIELD(sv_game, adhering, TW_FT_BOOL, A, 1, 0, 1, NULL, "the last attacker phase's adherence verdict (SV.DOC.17)"),
	TW_FIELD(sv_game, checks, TW_FT_I32, A, 0, 0, 1000000, NULL, "figure checks in that phase (SV.DOC.16)"),
	TW_FIELD(sv_game, passed, TW_FT_I32, A, 0, 0, 1000000, NULL, "of which passed"),
	TW_FIELD(sv_game, morale_rolls, TW_FT_I32, A, 0, 0, 1000000, NULL, "morale and recovery rolls thrown (SV.WIN.5)"),
	TW_FIELD(sv_game, setup, TW_FT_BOOL, A, 0, 0, 1, NULL, "the rule set's setup has run"),
	TW_FIELD(sv_game, nlots, TW_FT_I32, A, 0, 0, TW_SV_MAX_LOTS, NULL, "lots on offer (0: the default eight, SV.EXPO.4)"),
	TW_FIELD_N(sv_game, lots, TW_FT_I32, A, TW_SV_MAX_LOTS, 0, 0, TW_SV_ARS - 1, NULL, "each lot's gun (VUL 0 ... LEN 6)"),
	TW_FIELD_N(sv_game, sold_to, TW_FT_I32, A, TW_SV_MAX_LOTS, -1, -1, TW_MAX_SIDES - 1, NULL, "the side that bought each lot (-1 none)"),
	TW_FIELD_N(sv_game, price, TW_FT_I32, A, TW_SV_MAX_LOTS, 0, 0, 1000000, NULL, "the price paid, fr"),
	TW_FIELD(sv_game, lot, TW_FT_I32, A, 0, 0, TW_SV_MAX_LOTS, NULL, "the lot on offer (0-based)"),
	TW_FIELD(sv_game, pass, TW_FT_I32, A, 1, 1, 2, NULL, "1, or 2: unsold lots offered again (SV.EXPO.7)"),
	TW_FIELD(sv_game, bid, TW_FT_I32, A, 0, 0, 1000000, NULL, "the highest bid on the lot, fr"),
	TW_FIELD(sv_game, bidder, TW_FT_I32, A, -1, -1, TW_MAX_SIDES - 1, NULL, "its side (-1 none)"),
	TW_FIELD(sv_game, t_last, TW_FT_I64, A, 0, 0, 9e15, NULL, "the host's time of the lot's opening or last bid, ms"),
	TW_FIELD(sv_game, begun, TW_FT_BOOL, A, 0, 0, 1, NULL, "the battle has begun: manuals are in force (SV.DOC.15)"),
	TW_FIELD(sv_game, verdict_turns, TW_FT_I32, A, 0, 0, 1000000, NULL, "attacker phases judged (SV.WIN.5)"),
	TW_FIELD(sv_game, verdicts, TW_FT_I64, A, 0, 0, 1125899906842623.0, NULL,
		 "the verdict of every turn: bit t-1 set if turn t adhered, turns 1-50 (SV.WIN.5)"),
	// sv-clock (SV.ROF.5-7)
	TW_FIELD(sv_game, min_t0, TW_FT_I64, A, 0, 0, 9e15, NULL, "the host's time the defender's minute started, ms (SV.ROF.5-6)"),
	TW_FIELD(sv_game, min_state, TW_FT_I32, A, 0, 0, SV_MIN_COUNT - 1, NULL, "the minute: 0 not started, 1 running, 2 over"),
	// sv-svweb
	TW_FIELD(sv_game, range_gun, TW_FT_I32, A, 0, 0, 1000, NULL, "the gun whose timed serial the range's umpire's minute is (SV.DOC.7)"),
};

static const tw_field_def ter_fields[] = {
	TW_FIELD(sv_trec, cover, TW_FT_ENUM, A, 0, 0, SV_TER_COUNT - 1, ter_names,
		 "what the piece is (SV.BAT.6): by its kind, open, soft cover, low or tall hard cover, hill"),
};

#define REC(T, F) {sizeof(T), (int)TW_ARRAY_COUNT(F), F}
const tw_record_def sv_fig_rec = REC(sv_frec, fig_fields);
const tw_record_def sv_gun_rec = REC(sv_grec, gun_fields);
const tw_record_def sv_side_rec = REC(sv_srec, side_fields);
const tw_record_def sv_game_rec = REC(sv_game, game_fields);
const tw_record_def sv_ter_rec = REC(sv_trec, ter_fields);
