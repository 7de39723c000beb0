// Nikolas Lloyd's skirmish suite: records. Each figure is one named man with his own stat line
// and weapon rows (NQ.GEN.1, NQ.STAT): data in the scenario, filled from the troop-type table
// (NQ.GEN.4) where a roster names a troop and leaves the numbers out. The table is open (NQ has
// no hidden information), so every field is visible to all.
#include <stddef.h>

#include "ll.h"

static const char *const act_names[] = {"move", "load", "shoot", NULL};

static const tw_field_def fig_fields[] = {
	TW_FIELD_N(ll_frec, name, TW_FT_STR, TW_VIS_ALL, 24, 0, 0, 0, NULL, "the man's name (NQ.GEN.1)"),
	TW_FIELD(ll_frec, troop, TW_FT_ENUM, TW_VIS_ALL, 0, 0, 3, ll_troop_names,
		 "troop type whose stat line fills the numbers left out (NQ.GEN.4, NQ.STAT)"),
	TW_FIELD(ll_frec, t, TW_FT_I32, TW_VIS_ALL, 0, 0, 21, NULL, "T: toughness, each damage die >= T hits (NQ.STAT.3)"),
	TW_FIELD(ll_frec, s, TW_FT_I32, TW_VIS_ALL, 0, 0, 20, NULL, "S: shield, added to an attacker's W in its arc, 0 none (NQ.STAT.4)"),
	TW_FIELD(ll_frec, m, TW_FT_F64, TW_VIS_ALL, 0, 0, 100, NULL, "M: move, inches a turn (NQ.STAT.5)"),
	TW_FIELD(ll_frec, nrows, TW_FT_I32, TW_VIS_ALL, 0, 0, 2, NULL, "weapon rows (NQ.STAT.8)"),
	TW_FIELD_N(ll_frec, weapon, TW_FT_ENUM, TW_VIS_ALL, 2, 0, 0, LL_W_COUNT - 1, ll_weapon_names, "each row's weapon"),
	TW_FIELD_N(ll_frec, w, TW_FT_I32, TW_VIS_ALL, 2, 0, 0, 30, NULL, "W of each row: the d20 score to equal or beat (NQ.STAT.1)"),
	TW_FIELD_N(ll_frec, x, TW_FT_BOOL, TW_VIS_ALL, 2, 0, 0, 1, NULL, "each row is an X-factor weapon (NQ.WPN.1)"),
	TW_FIELD_N(ll_frec, d, TW_FT_I32, TW_VIS_ALL, 2, 0, 0, 20, NULL, "D of each row: damage dice (NQ.STAT.2)"),
	TW_FIELD_N(ll_frec, reach, TW_FT_ENUM, TW_VIS_ALL, 2, 0, 0, TW_LL_REACH_COUNT - 1, ll_reach_names,
		   "each row's reach class (NQ.RCH.1)"),
	TW_FIELD_N(ll_frec, r, TW_FT_F64, TW_VIS_ALL, 6, 0, 0, 1000, NULL,
		   "R of each row, three numbers a row: a long weapon's reach, or a missile's short/medium/long limits, inches (NQ.STAT.6)"),
	TW_FIELD_N(ll_frec, notes, TW_FT_FLAGS, TW_VIS_ALL, 2, 0, 0, 0, ll_note_names, "each row's notes (NQ.STAT.7)"),
	TW_FIELD(ll_frec, hand, TW_FT_I32, TW_VIS_ALL, 0, 0, 1, NULL, "the row in hand (NQ.ATK.4)"),
	TW_FIELD(ll_frec, wounded, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "wounded: -2M, -1D, skills +4 (NQ.DMG.2)"),
	TW_FIELD(ll_frec, loaded, TW_FT_BOOL, TW_VIS_ALL, 1, 0, 1, NULL, "a missile weapon loaded (NQ.SHT.1: archers start loaded)"),
	TW_FIELD(ll_frec, acts, TW_FT_FLAGS, TW_VIS_ALL, 0, 0, 0, act_names, "what he did in turn acts_turn (NQ.SHT.1)"),
	TW_FIELD(ll_frec, acts_turn, TW_FT_I32, TW_VIS_ALL, 0, 0, TW_LOAD_MAX_MOVE, NULL, "the turn of acts"),
	TW_FIELD(ll_frec, group, TW_FT_I32, TW_VIS_ALL, -1, -1, 10000, NULL, "formed group, -1 none (NQ.GRP.1)"),
	TW_FIELD(ll_frec, driven, TW_FT_I32, TW_VIS_ALL, 0, 0, 2, NULL, "driven-back results while in his group (NQ.GRP.4)"),
	TW_FIELD_N(ll_frec, closed, TW_FT_FIG, TW_VIS_ALL, LL_MAX_CLOSED, -1, 0, 0, NULL, "foes he has closed with (NQ.RCH.4)"),
	TW_FIELD(ll_frec, aim, TW_FT_FIG, TW_VIS_ALL, -1, 0, 0, NULL, "the foe his attack roll goes to, -1 the one in front (NQ.ATK.5)"),
	TW_FIELD(ll_frec, charged, TW_FT_FIG, TW_VIS_ALL, -1, 0, 0, NULL, "the enemy he charged in turn turn_moved (NQ.EVD)"),
	TW_FIELD(ll_frec, turn_moved, TW_FT_I32, TW_VIS_ALL, 0, 0, TW_LOAD_MAX_MOVE, NULL, "the turn he last moved"),
	TW_FIELD(ll_frec, fx, TW_FT_F64, TW_VIS_ALL, 0, -1e6, 1e6, NULL, "where that move started, x (NQ.OPP.1)"),
	TW_FIELD(ll_frec, fy, TW_FT_F64, TW_VIS_ALL, 0, -1e6, 1e6, NULL, "where that move started, y"),
	TW_FIELD(ll_frec, snapped, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL,
		 "opportunity-shot in the turn just played (NQ.OPP.4/5)"),
	TW_FIELD(ll_frec, no_attack, TW_FT_I32, TW_VIS_ALL, 0, 0, TW_LOAD_MAX_MOVE, NULL,
		 "the turn in which he has no attack roll: he changed weapon in melee (NQ.ATK.4, NQ.OPP.4)"),
	// ---- ll-3: three-fight, six-player game, campaign ----
	TW_FIELD(ll_frec, loc, TW_FT_I32, TW_VIS_ALL, 0, 0, 3, NULL, "the location his group went to, 1-3, 0 none (TF.1, TF.D2)"),
	TW_FIELD(ll_frec, pts, TW_FT_I32, TW_VIS_ALL, 1, 0, 100, NULL, "his points (TF.D2, CA.D1; FP.4 costs)"),
	// leader (CA.D2) is one field with ll-2's (FP.D9, LT.21), below
	TW_FIELD(ll_frec, owner, TW_FT_I32, TW_VIS_ALL, -1, -1, 5, NULL, "the campaign commander whose force he is in (CA), -1 none"),
	TW_FIELD(ll_frec, scored, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "his fall has been scored (CA.D2)"),
	TW_FIELD(ll_frec, left, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "left the table by choice: not a casualty (TF.5)"),
	// ---- ll-2: fast-play (FP), traits (LT), Type III (IN) ----
	TW_FIELD(ll_frec, qr, TW_FT_I32, TW_VIS_ALL, 0, 0, 4, NULL, "fast-play quality rating 1-4, 0: 2 (FP.3)"),
	TW_FIELD(ll_frec, mounted, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "on a horse: +1 point, 10 in move (FP.4, FP.D2)"),
	TW_FIELD(ll_frec, leader, TW_FT_I32, TW_VIS_ALL, 0, 0, 2, NULL,
		 "0 none, 1 contingent leader, 2 overall commander: leadership 1 or 2 in the fast-play game (FP.D9, LT.21); "
		 "2 or 3 VP if killed in the campaign (CA.D2)"),
	TW_FIELD(ll_frec, cont, TW_FT_I32, TW_VIS_ALL, 0, 0, LL_MAX_CONT - 1, NULL, "his contingent (FP.11)"),
	TW_FIELD(ll_frec, traits, TW_FT_FLAGS, TW_VIS_ALL, 0, 0, 0, ll_trait_names,
		 "leader traits (LT.1-18); a leader given none rolls them at the start (LT.21)"),
	TW_FIELD(ll_frec, in_moved, TW_FT_I32, TW_VIS_ALL, 0, 0, TW_LOAD_MAX_MOVE, NULL, "the action in which he last moved (IN.SHT.2)"),
	TW_FIELD(ll_frec, in_dist, TW_FT_F64, TW_VIS_ALL, 0, 0, 1e6, NULL, "inches he moved in it (IN.SHT.5)"),
	TW_FIELD(ll_frec, in_engaged, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "that move engaged an enemy (IN.RMV.2)"),
	TW_FIELD(ll_frec, in_shot, TW_FT_I32, TW_VIS_ALL, 0, 0, TW_LOAD_MAX_MOVE, NULL, "the action in which he last shot (IN.SHT.2)"),
	TW_FIELD(ll_frec, in_react, TW_FT_I32, TW_VIS_ALL, 0, 0, TW_LOAD_MAX_MOVE, NULL,
		 "the enemy action he last reacted to by moving (IN.RMV.3)"),
	TW_FIELD(ll_frec, in_sight, TW_FT_I32, TW_VIS_ALL, 0, 0, TW_LOAD_MAX_MOVE, NULL,
		 "the action in which he seized to enter or leave sight (IN.SEIZE.2)"),
	TW_FIELD(ll_frec, card, TW_FT_I32, TW_VIS_ALL, 0, 0, 1000, NULL,
		 "his order card, 0 none; men with one number share one card (IN.CARD.1)"),
	TW_FIELD(ll_frec, card_foe, TW_FT_FIG, TW_VIS_ALL, -1, 0, 0, NULL, "the enemy his card orders attacked (IN.CARD.2)"),
	TW_FIELD(ll_frec, rate, TW_FT_I32, TW_VIS_ALL, 0, 0, 22, NULL,
		 "base initiative rate: 16 Demigods ... 22 Sub-human (IN.RATE.1); 0 by QR (FP.D9)"),
	TW_FIELD(ll_frec, lucky, TW_FT_I32, TW_VIS_ALL, 0, 0, 3, NULL, "Lucky rerolls used, of three a game (LT.3)"),
	TW_FIELD(ll_frec, in_fx, TW_FT_F64, TW_VIS_ALL, 0, -1e6, 1e6, NULL, "where his last move started, x (IN.SHT.5)"),
	TW_FIELD(ll_frec, in_fy, TW_FT_F64, TW_VIS_ALL, 0, -1e6, 1e6, NULL, "where his last move started, y (IN.SHT.5)"),
	TW_FIELD(ll_frec, in_pushed, TW_FT_I32, TW_VIS_ALL, 0, 0, TW_LOAD_MAX_MOVE, NULL,
		 "the action (+1) in which he was pushed back (FP.D5)"),
	TW_FIELD(ll_frec, in_follow, TW_FT_I32, TW_VIS_ALL, 0, 0, TW_LOAD_MAX_MOVE, NULL,
		 "the action (+1) in which he pushed a man back and may follow up (FP.D5)"),
	// ---- ll-gaps ----
	TW_FIELD(ll_frec, lead, TW_FT_ENUM, TW_VIS_ALL, 0, 0, 5, ll_lead_names,
		 "leadership given outright: useless 0, adequate 1, good 2, heroic 3, inspired 4 (IN.RATE.2); "
		 "by_leader: 1 a contingent leader, 2 the commander (FP.D9)"),
	// ---- ll-fin ----
	TW_FIELD(ll_frec, card_when, TW_FT_ENUM, TW_VIS_ALL, 0, 0, 2, ll_card_when_names,
		 "his card's condition: none, near (its enemy within card_near in), seen (he sees its enemy) (IN.CARD.3)"),
	TW_FIELD(ll_frec, card_near, TW_FT_F64, TW_VIS_ALL, 12, 0, 1000, NULL,
		 "inches for a `near` card: its enemy this close to him (IN.CARD.3)"),
	TW_FIELD(ll_frec, cheated, TW_FT_SIDE, TW_VIS_ALL, -1, 0, 0, NULL, "the side that cheated against him in a duel (DU.16, DU.20)"),
	TW_FIELD(ll_frec, grudge, TW_FT_FLAGS, TW_VIS_ALL, 0, 0, 0, ll_trait_names,
		 "traits he counts as against the cheaters only: honourable or rash (DU.20)"),
	TW_FIELD(ll_frec, grudge_vs, TW_FT_SIDE, TW_VIS_ALL, -1, 0, 0, NULL, "the cheaters' side of his grudge (DU.20)"),
	TW_FIELD_LATE(ll_frec, deserted, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL,
		      "ll-rest: his commander chose him to desert after the campaign battle (CA.D3.2)"),
	// ---- h6-camp ----
	TW_FIELD_LATE(ll_frec, killer1, TW_FT_I32, TW_VIS_ALL, 0, 0, 6, NULL,
		      "the commander (index + 1) of the man who killed him, 0 unknown (CA.D2)"),
	TW_FIELD_LATE(ll_frec, cheat_own1, TW_FT_I32, TW_VIS_ALL, 0, 0, 6, NULL,
		      "the commander (index + 1) whose man first cheated against him in a duel, 0 unknown (DU.16, DU.20)"),
	// ---- end h6-camp ----
};

static const tw_field_def game_fields[] = {
	TW_FIELD(ll_game, turn, TW_FT_I32, TW_VIS_ALL, 0, 0, TW_LOAD_MAX_MOVE, NULL, "the turn, one side's (NQ.TURN.1), 0 before play"),
	TW_FIELD(ll_game, first, TW_FT_SIDE, TW_VIS_ALL, -1, 0, 0, NULL, "the side that moves first; none: roll off 1d20 (NQ.TURN.1)"),
	TW_FIELD(ll_game, evaded, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "an evade was made this turn: snap shots are over (NQ.TURN.2)"),
	TW_FIELD_N(ll_game, about, TW_FT_STR, TW_VIS_ALL, 240, 0, 0, 0, NULL, "the scenario's description"),
	// ---- ll-3: three-fight (TF) and six-player game (SP) ----
	TW_FIELD(ll_game, tf, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "a three-fight game (TF)"),
	TW_FIELD_N(ll_game, map_col, TW_FT_I32, TW_VIS_ALL, 3, 0, 0, 6, NULL, "L1-L3's columns on the 6x6 grid, 0 no map yet (TF.D1)"),
	TW_FIELD_N(ll_game, map_row, TW_FT_I32, TW_VIS_ALL, 3, 0, 0, 6, NULL, "L1-L3's rows: side A's home is row 1 (TF.D1)"),
	TW_FIELD(ll_game, nfeat, TW_FT_I32, TW_VIS_ALL, 0, 0, LL_TF_MAX_FEAT, NULL, "terrain features on the grid (TF.D1)"),
	TW_FIELD_N(ll_game, feat_col, TW_FT_I32, TW_VIS_ALL, LL_TF_MAX_FEAT, 0, 0, 6, NULL, "each feature's column (TF.D1)"),
	TW_FIELD_N(ll_game, feat_row, TW_FT_I32, TW_VIS_ALL, LL_TF_MAX_FEAT, 0, 0, 6, NULL, "each feature's row (TF.D1)"),
	TW_FIELD_N(ll_game, feat_type, TW_FT_ENUM, TW_VIS_ALL, LL_TF_MAX_FEAT, 0, 0, 6, ll_tf_feature_names,
		   "each feature: wood, hill, farm, marsh, stream, road (TF.D1)"),
	TW_FIELD(ll_game, table_loc, TW_FT_I32, TW_VIS_ALL, 0, 0, 3, NULL, "the location fought on the table, 0 before the reveal (TF.D2)"),
	TW_FIELD(ll_game, defender, TW_FT_SIDE, TW_VIS_ALL, -1, 0, 0, NULL, "the side with fewer points there defends (TF.D2, TF.4)"),
	TW_FIELD(ll_game, off_done, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "the off-table rolls are made (TF.D4)"),
	TW_FIELD(ll_game, held, TW_FT_SIDE, TW_VIS_ALL, -1, 0, 0, NULL, "the side holding the field, none: nobody (TF.D7)"),
	TW_FIELD(ll_game, sp, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "a six-player game (SP)"),
	TW_FIELD(ll_game, sp_actions, TW_FT_I32, TW_VIS_ALL, 0, 0, 100000, NULL,
		 "SP.D4: the agreed number of camp turns, 0 none (then max_turns)"),
	// ---- ll-2: the fast-play game under Type III (FP, IN, DU) ----
	TW_FIELD(ll_game, system, TW_FT_ENUM, TW_VIS_ALL, 0, 0, 1, ll_system_names,
		 "nq: the NQ skirmish, I-go-you-go; fp: fast-play under the Type III initiative (FP.D9, IN)"),
	TW_FIELD(ll_game, actions, TW_FT_I32, TW_VIS_ALL, 0, 0, TW_LOAD_MAX_MOVE, NULL, "actions taken (IN.ACT.1)"),
	TW_FIELD(ll_game, max_actions, TW_FT_I32, TW_VIS_ALL, 200, 1, 100000, NULL,
		 "the game ends after this many actions (IN.ACT.6, ours)"),
	TW_FIELD_N(ll_game, counters, TW_FT_I32, TW_VIS_ALL, 2, 0, 0, 1000, NULL,
		   "shooting counters each side holds: +2 each to its seize rolls (IN.TAC.2)"),
	TW_FIELD_N(ll_game, reacted, TW_FT_BOOL, TW_VIS_ALL, 2, 0, 0, 1, NULL,
		   "the side has shot reactively in this spell of enemy initiative (IN.SHT.1)"),
	TW_FIELD(ll_game, seize_kind, TW_FT_I32, TW_VIS_ALL, 0, 0, 4, NULL, "the first action after a seize: 1-4, 0 free (IN.SEIZE.6)"),
	TW_FIELD(ll_game, seize_fig, TW_FT_FIG, TW_VIS_ALL, -1, 0, 0, NULL, "the named figure who must take part (IN.SEIZE.6)"),
	TW_FIELD(ll_game, seize_card, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL,
		 "seized with an order card: only its men act, against its enemy (IN.CARD.4)"),
	TW_FIELD(ll_game, last_kind, TW_FT_I32, TW_VIS_ALL, 0, 0, 5, NULL, "the last action: 0 pass, 1 move, 2 shoot, 3 fight, 4 challenge, 5 to me"),
	TW_FIELD_N(ll_game, morale, TW_FT_I32, TW_VIS_ALL, LL_MAX_CONT, -1, -1, 1000, NULL,
		   "each contingent's Morale, -1 no such contingent (FP.11, FP.D8)"),
	TW_FIELD_N(ll_game, vp, TW_FT_I32, TW_VIS_ALL, 2, 0, -1000, 1000, NULL, "victory points from duels (DU.11-13)"),
	TW_FIELD(ll_game, du_a, TW_FT_FIG, TW_VIS_ALL, -1, 0, 0, NULL, "the challenger (DU.2)"),
	TW_FIELD(ll_game, du_b, TW_FT_FIG, TW_VIS_ALL, -1, 0, 0, NULL, "the man challenged, or who fights him (DU.7)"),
	TW_FIELD(ll_game, du_wounded, TW_FT_FIG, TW_VIS_ALL, -1, 0, 0, NULL, "the wounded duellist (DU.13)"),
	TW_FIELD(ll_game, du_extra, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "mercy refused: one more round (DU.14)"),
	TW_FIELD_N(ll_game, du_refused, TW_FT_FIG, TW_VIS_ALL, LL_MAX_CONT, -1, 0, 0, NULL,
		   "the last challenger each contingent refused (DU.6)"),
	TW_FIELD(ll_game, du_win, TW_FT_FIG, TW_VIS_ALL, -1, 0, 0, NULL, "the last duel's winner while he is on his own (DU.16)"),
	TW_FIELD(ll_game, du_lost, TW_FT_FIG, TW_VIS_ALL, -1, 0, 0, NULL, "the other duellist of that duel (DU.17)"),
	TW_FIELD(ll_game, du_cheat, TW_FT_SIDE, TW_VIS_ALL, -1, 0, 0, NULL, "the side that cheated against him, none (DU.16)"),
	TW_FIELD(ll_game, du_cheat_cont, TW_FT_I32, TW_VIS_ALL, -1, -1, LL_MAX_CONT - 1, NULL,
		 "the contingent of the first cheat, -1 none (DU.19)"),
	TW_FIELD(ll_game, follow_side, TW_FT_SIDE, TW_VIS_ALL, -1, 0, 0, NULL, "the side that may follow up, none (FP.D5)"),
	TW_FIELD(ll_game, follow_kind, TW_FT_I32, TW_VIS_ALL, 0, 0, 5, NULL, "the action kind finished after the follow-up"),
	// ---- ll-rest ----
	TW_FIELD_LATE(ll_game, du_other1, TW_FT_I32, TW_VIS_ALL, 0, 0, TW_LOAD_MAX_COUNT, NULL,
		      "the last duel's other duellist + 1 while he goes back on his own, 0 none (DU.13, DU.16)"),
	TW_FIELD_LATE(ll_game, du_cheated1, TW_FT_I32, TW_VIS_ALL, 0, 0, TW_LOAD_MAX_COUNT, NULL,
		      "the duellist + 1 the last duel's cheat was against, 0 none (DU.19)"),
	// ---- end ll-rest ----
};

static const tw_field_def side_fields[] = {
	TW_FIELD(ll_side, allocated, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "its secret allocation is revealed (TF.D2)"),
	TW_FIELD_N(ll_side, pts, TW_FT_I32, TW_VIS_ALL, 3, 0, 0, 100000, NULL, "points at L1-L3, once revealed (TF.D2)"),
	TW_FIELD_N(ll_side, arrive, TW_FT_I32, TW_VIS_ALL, 3, 0, 0, 1000, NULL, "the turn its group at L1-L3 arrives, 0 never (TF.D5)"),
	TW_FIELD_N(ll_side, off, TW_FT_ENUM, TW_VIS_ALL, 3, 0, 0, 4, ll_tf_off_names, "off-table result at L1-L3 (TF.D4)"),
	TW_FIELD(ll_side, vp, TW_FT_I32, TW_VIS_ALL, 0, 0, 100000, NULL, "VPs scored this battle (CA.D2, TF.D6)"),
	TW_FIELD(ll_side, vp_against, TW_FT_I32, TW_VIS_ALL, 0, 0, 100000, NULL, "VPs scored against it (CA.D2, CA.D3)"),
	TW_FIELD(ll_side, broken, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "its contingent's break is scored (CA.D2)"),
	TW_FIELD(ll_side, owner, TW_FT_I32, TW_VIS_ALL, -1, -1, 5, NULL, "the campaign commander playing it (CA), -1 none"),
	TW_FIELD(ll_side, commander, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "it commands its camp (SP.5, SP.D1)"),
	TW_FIELD(ll_side, done, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "it has ended its part of its camp's phase (SP.D3)"),
	TW_FIELD(ll_side, defections, TW_FT_I32, TW_VIS_ALL, 0, 0, 1000, NULL, "times it changed sides (SP.4)"),
	TW_FIELD(ll_side, start_pts, TW_FT_I32, TW_VIS_ALL, 0, 0, 100000, NULL, "its points at the start (SP.6)"),
	// ---- ll-rest ----
	TW_FIELD_LATE(ll_side, edge_ask, TW_FT_I32, TW_VIS_ALL, 0, 0, 7, NULL,
		      "bit l-1: its decisive group at Ll ties between two edges, its owner not yet asked (TF.D5)"),
	TW_FIELD_LATE(ll_side, edge_col, TW_FT_I32, TW_VIS_ALL, 0, 0, 7, NULL,
		      "bit l-1: its owner brings the group at Ll on by the column (left or right) edge (TF.D5)"),
	TW_FIELD_LATE(ll_side, desert, TW_FT_I32, TW_VIS_ALL, 0, 0, 100000, NULL,
		      "points of men it owes to desertion after the campaign battle (CA.D3.2)"),
	TW_FIELD_LATE(ll_side, deserted, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "its deserters are chosen (CA.D3.2)"),
	TW_FIELD_LATE(ll_side, ally1, TW_FT_I32, TW_VIS_ALL, 0, 0, 6, NULL,
		      "battle 4 played 2v2: the allied commander's index + 1, 0 none (CA.D1)"),
	TW_FIELD_N(ll_side, ally_name, TW_FT_STR, TW_VIS_ALL, 16, 0, 0, 0, NULL,
		   "battle 4 played 2v2: the allied commander, who has his own seat (CA.D1)"),
	// ---- end ll-rest ----
	// ---- h6-camp ----
	TW_FIELD_LATE(ll_side, vp_ally, TW_FT_I32, TW_VIS_ALL, 0, 0, 100000, NULL,
		      "battle 4 played 2v2: of vp, those the ally's men scored (CA.D2)"),
	TW_FIELD_LATE(ll_side, vpa_ally, TW_FT_I32, TW_VIS_ALL, 0, 0, 100000, NULL,
		      "battle 4 played 2v2: of vp_against, those counting against the ally (CA.D2, CA.D3)"),
	TW_FIELD_LATE(ll_side, broken_ally, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL,
		      "battle 4 played 2v2: the ally's contingent's break is scored (CA.D2)"),
	// ---- end h6-camp ----
};

#define REC(T, F) {sizeof(T), (int)TW_ARRAY_COUNT(F), F}
const tw_record_def ll_fig_rec = REC(ll_frec, fig_fields);
const tw_record_def ll_game_rec = REC(ll_game, game_fields);
const tw_record_def ll_side_rec = REC(ll_side, side_fields);
