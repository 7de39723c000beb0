// A Rattle of Dice's records (record.h): game, side, unit, figure and terrain piece, each a
// plain struct with its field table. The core saves, loads, checks, hashes and hides them from
// these tables. Rattle's table is open (nothing hidden: both players see everything, RD.CON.3
// "a player may measure at any time"), so every field is visible to all.
#include <stddef.h>

#include "rd.h"

static const char *const attr_names[] = {"sharpshooters", "superior", "cross_country", NULL};
static const char *const unit_flag_names[] = {"in_command", "checked", "failed", "must_rally",
					      "limbered", "deployed", "moved",
					      "charging", "over_obstacle", "charged_front", "hold_fire", // ---- melee ----
					      "crashed", // ---- rd_boat.c ----
					      NULL};
static const char *const action_names[] = {"none", "move", "shoot", "rally", "work", NULL};
static const char *const role_names[] = {"fighter", "colour", "band", "observer", "signals", NULL};
static const char *const feature_names[] = {"by_kind", "open",	   "road",	 "difficult", "wood",
					    "town",    "obstacle", "impassable", "hill",	 "rail", NULL};
// ---- rally, Generals' actions, colours (rd_rally.c, rd_general.c, rd_flag.c) ----
static const char *const hit_step_names[] = {"general", "colour", NULL};
static const char *const promote_names[] = {"none", "lost", "due", NULL};
_Static_assert(TW_ARRAY_COUNT(hit_step_names) == RD_HIT_COUNT + 1, "a name per hit step");
// ---- sappers (rd_sap.c) ----
static const char *const task_names[] = {"none", "earthwork", "pontoon", "charges", NULL};
_Static_assert(TW_ARRAY_COUNT(task_names) == RD_TASK_COUNT + 1, "a name per task");
_Static_assert(TW_ARRAY_COUNT(action_names) == RD_ACT_COUNT + 1, "a name per action");
_Static_assert(TW_ARRAY_COUNT(role_names) == RD_ROLE_COUNT + 1, "a name per role");
_Static_assert(TW_ARRAY_COUNT(feature_names) == RD_TER_COUNT + 1, "a name per feature");

#define TURN_MAX 1000000.0

static const tw_field_def unit_fields[] = {
	TW_FIELD(rd_urec, type, TW_FT_ENUM, TW_VIS_ALL, 0, 0, TW_RD_TYPE_COUNT - 1, rd_type_names, "unit type (RD.ORG.4)"),
	TW_FIELD(rd_urec, cls, TW_FT_ENUM, TW_VIS_ALL, TW_RD_REGULAR, 0, TW_RD_CLASS_COUNT - 1, rd_class_names,
		 "troop class (RD.ORG.3)"),
	TW_FIELD(rd_urec, weapon, TW_FT_ENUM, TW_VIS_ALL, TW_RD_RIFLE, 0, TW_RD_WEAPON_COUNT - 1, rd_weapon_names,
		 "weapon (RD.ORG.5)"),
	TW_FIELD(rd_urec, attrs, TW_FT_FLAGS, TW_VIS_ALL, 0, 0, 0, attr_names,
		 "sharpshooters, superior weapons (RD.SHOOT.10)"),
	TW_FIELD(rd_urec, brigade, TW_FT_FIG, TW_VIS_ALL, -1, 0, 0, NULL, "its Brigade General, -1 none (RD.ORG.2)"),
	TW_FIELD(rd_urec, flags, TW_FT_FLAGS, TW_VIS_ALL, 0, 0, 0, unit_flag_names,
		 "this turn: command status (RD.DET.1-3), must rally (RD.RALLY.1), limbered or deployed (RD.MOVE.8)"),
	TW_FIELD(rd_urec, action, TW_FT_ENUM, TW_VIS_ALL, 0, 0, RD_ACT_COUNT - 1, action_names,
		 "its one action this phase (RD.SEQ.5)"),
	TW_FIELD(rd_urec, used, TW_FT_F64, TW_VIS_ALL, 0, 0, 1000, NULL, "move allowance spent this phase, inches (RD.MOVE.2)"),
	TW_FIELD(rd_urec, changes, TW_FT_I32, TW_VIS_ALL, 0, 0, 2, NULL, "formation or facing changes this phase (RD.MOVE.6)"),
	// ---- melee (rd_melee.c) ----
	TW_FIELD(rd_urec, melee_turn, TW_FT_I32, TW_VIS_ALL, 0, 0, TURN_MAX, NULL,
		 "the turn of the last melee step it fought in (RD.SEQ.7, RD.MELEE.17)"),
	// ---- rally, Generals' actions, colours (rd_rally.c, rd_general.c, rd_flag.c) ----
	TW_FIELD(rd_urec, urge, TW_FT_I32, TW_VIS_ALL, 0, 0, 6, NULL, "Urging On: inches added to this phase's allowance (RD.MOVE.14)"),
	TW_FIELD(rd_urec, hit_scored, TW_FT_I32, TW_VIS_ALL, 0, 0, 100000, NULL,
		 "hits of an event awaiting Steady Men! and colour rolls, 0 none (RD.GEN.5, RD.FLAG.2)"),
	TW_FIELD(rd_urec, hit_left, TW_FT_I32, TW_VIS_ALL, 0, 0, 100000, NULL, "its hits not cancelled"),
	TW_FIELD(rd_urec, hit_removed, TW_FT_I32, TW_VIS_ALL, 0, 0, 100000, NULL, "figures it removed, not restored"),
	TW_FIELD(rd_urec, hit_step, TW_FT_ENUM, TW_VIS_ALL, 0, 0, RD_HIT_COUNT - 1, hit_step_names,
		 "whose roll is asked next: a joined General's (RD.GEN.5) or the colour's (RD.FLAG.2)"),
	TW_FIELD(rd_urec, hit_seq, TW_FT_I32, TW_VIS_ALL, 0, 0, 2147483647.0, NULL, "the event's number (oldest asked first)"),
	TW_FIELD(rd_urec, hit_last, TW_FT_FIG, TW_VIS_ALL, -1, 0, 0, NULL, "the last figure it removed (restored first)"),
	TW_FIELD(rd_urec, hit_prev, TW_FT_FIG, TW_VIS_ALL, -1, 0, 0, NULL, "the figure removed before it"),
	TW_FIELD(rd_urec, hit_cx, TW_FT_F64, TW_VIS_ALL, 0, -1e6, 1e6, NULL, "the unit's centre when hit, x"),
	TW_FIELD(rd_urec, hit_cy, TW_FT_F64, TW_VIS_ALL, 0, -1e6, 1e6, NULL, "the unit's centre when hit, y"),
	TW_FIELD(rd_urec, hit_fx, TW_FT_F64, TW_VIS_ALL, 0, -1e6, 1e6, NULL, "where the hits came from, x (RD.CON.5)"),
	TW_FIELD(rd_urec, hit_fy, TW_FT_F64, TW_VIS_ALL, 0, -1e6, 1e6, NULL, "where the hits came from, y (RD.CON.5)"),
	TW_FIELD(rd_urec, hit_beaten, TW_FT_I32, TW_VIS_ALL, 0, 0, TW_MAX_SIDES, NULL,
		 "beaten in this melee step: the winning side + 1, 0 none (RD.FLAG.3: the colour roll is compulsory)"),
	// ---- boats and trains (rd_boat.c) ----
	TW_FIELD(rd_urec, aboard, TW_FT_UNIT, TW_VIS_ALL, -1, 0, 0, NULL, "the boat or train it is embarked on (RD.MOVE.11)"),
	TW_FIELD(rd_urec, capacity, TW_FT_I32, TW_VIS_ALL, 0, 0, 1000, NULL, "a boat's or train's room, figures (RD.MOVE.11)"),
	TW_FIELD(rd_urec, run, TW_FT_F64, TW_VIS_ALL, 0, 0, 1000, NULL, "inches a train ran in turn run_turn (RD.MOVE.12)"),
	TW_FIELD(rd_urec, run_turn, TW_FT_I32, TW_VIS_ALL, 0, 0, TURN_MAX, NULL, "the turn of run (0: the starting speed)"),
	TW_FIELD(rd_urec, speed, TW_FT_F64, TW_VIS_ALL, 0, 0, 1000, NULL, "the train's speed when it ran in run_turn (RD.MOVE.12)"),
	// ---- detaching (rd_detach.c) ----
	TW_FIELD(rd_urec, parent, TW_FT_UNIT, TW_VIS_ALL, -1, 0, 0, NULL, "the unit a detachment was split from (RD.DET.5)"),
};

static const tw_field_def fig_fields[] = {
	TW_FIELD(rd_frec, role, TW_FT_ENUM, TW_VIS_ALL, 0, 0, RD_ROLE_COUNT - 1, role_names,
		 "colour bearer (RD.FLAG), band (RD.ORG.10), observer or signals team (RD.SEQ.3)"),
	TW_FIELD(rd_frec, commander, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "a General who is the Army Commander (RD.ORG.1)"),
	TW_FIELD(rd_frec, joined, TW_FT_UNIT, TW_VIS_ALL, -1, 0, 0, NULL, "the unit a General is joined to (RD.GEN.2)"),
	TW_FIELD(rd_frec, moved, TW_FT_F64, TW_VIS_ALL, 0, 0, 1000, NULL, "a General's inches moved this phase (RD.GEN.1)"),
	// ---- rally, Generals' actions, colours (rd_rally.c, rd_general.c, rd_flag.c) ----
	TW_FIELD(rd_frec, bound, TW_FT_UNIT, TW_VIS_ALL, -1, 0, 0, NULL,
		 "the unit a General urged on, tied to it until his side's next phase (RD.MOVE.14)"),
	TW_FIELD(rd_frec, steady, TW_FT_I32, TW_VIS_ALL, 0, 0, 2147483647.0, NULL,
		 "the hit event a General last rolled Steady Men! for (RD.GEN.5)"),
};

static const tw_field_def ter_fields[] = {
	TW_FIELD(rd_trec, feature, TW_FT_ENUM, TW_VIS_ALL, 0, 0, RD_TER_COUNT - 1, feature_names,
		 "what the piece is to Rattle: by its kind, or open, road, difficult, wood, town, obstacle, "
		 "impassable, hill (RD.MOVE.5/7, RD.SHOOT.2/13)"),
	TW_FIELD(rd_trec, post, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "an observation point (RD.SEQ.3)"),
	// ---- sappers (rd_sap.c) ----
	TW_FIELD(rd_trec, task, TW_FT_ENUM, TW_VIS_ALL, 0, 0, RD_TASK_COUNT - 1, task_names,
		 "the work at this site: earthwork, pontoon section or demolition charges (RD.SAP.3-7)"),
	TW_FIELD(rd_trec, points, TW_FT_I32, TW_VIS_ALL, 0, 0, 1000, NULL, "points of work towards the task in hand (RD.SAP.4)"),
	TW_FIELD(rd_trec, cost, TW_FT_I32, TW_VIS_ALL, 0, 0, 1000, NULL, "the umpire's cost of the task, 0: 6 points (RD.SAP.3)"),
	TW_FIELD(rd_trec, done, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "an earthwork or pontoon section complete (RD.SAP.5/6)"),
	TW_FIELD(rd_trec, charges, TW_FT_I32, TW_VIS_ALL, 0, 0, 1000, NULL, "demolition charges laid on it (RD.SAP.7)"),
	TW_FIELD(rd_trec, owner, TW_FT_SIDE, TW_VIS_ALL, -1, 0, 0, NULL, "the side whose work it is (RD.SAP.4)"),
	TW_FIELD(rd_trec, layer, TW_FT_UNIT, TW_VIS_ALL, -1, 0, 0, NULL, "the party that laid the charges and fires them (RD.SAP.7)"),
};

static const tw_field_def side_fields[] = {
	TW_FIELD(rd_srec, roll, TW_FT_I32, TW_VIS_ALL, 0, 0, 6, NULL, "this turn's initiative die (RD.SEQ.2)"),
	TW_FIELD(rd_srec, total, TW_FT_I32, TW_VIS_ALL, 0, 0, 7, NULL, "initiative total with the observer bonus (RD.SEQ.3)"),
	// ---- melee (rd_melee.c) ----
	TW_FIELD(rd_srec, colours, TW_FT_I32, TW_VIS_ALL, 0, 0, 100000, NULL, "enemy colours captured (RD.FLAG.3-5)"),
	// ---- rally, Generals' actions, colours (rd_rally.c, rd_general.c, rd_flag.c) ----
	TW_FIELD(rd_srec, promote, TW_FT_ENUM, TW_VIS_ALL, 0, 0, RD_PROMOTE_DUE, promote_names,
		 "the Army Commander is lost; a Brigade General is promoted at the side's next phase (RD.GEN.8)"),
};

static const tw_field_def game_fields[] = {
	TW_FIELD(rd_game, turn, TW_FT_I32, TW_VIS_ALL, 0, 0, TURN_MAX, NULL, "the turn (RD.SEQ.1), 0 before play"),
	TW_FIELD(rd_game, first, TW_FT_SIDE, TW_VIS_ALL, -1, 0, 0, NULL, "the side playing first this turn (RD.SEQ.2/4)"),
	TW_FIELD(rd_game, winner, TW_FT_SIDE, TW_VIS_ALL, -1, 0, 0, NULL,
		 "the side that won the initiative and chooses (RD.SEQ.2)"),
	TW_FIELD(rd_game, setup, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "the rule set's setup has run"),
	// ---- melee (rd_charge.c) ----
	TW_FIELD(rd_game, charger, TW_FT_UNIT, TW_VIS_ALL, -1, 0, 0, NULL, "a charge waiting for its target's response (RD.CHARGE.7)"),
	TW_FIELD(rd_game, target, TW_FT_UNIT, TW_VIS_ALL, -1, 0, 0, NULL, "the charged unit asked to respond (RD.CHARGE.7)"),
	TW_FIELD(rd_game, cx, TW_FT_F64, TW_VIS_ALL, 0, -100000, 100000, NULL, "the charger's centre at the start of its move, x"),
	TW_FIELD(rd_game, cy, TW_FT_F64, TW_VIS_ALL, 0, -100000, 100000, NULL, "the charger's centre at the start of its move, y"),
	// ---- melee (rd_melee.c) ----
	TW_FIELD(rd_game, fire, TW_FT_SIDE, TW_VIS_ALL, -1, 0, 0, NULL,
		 "the side asked to give or hold defensive and supporting fire (RD.MELEE.6/7)"),
	TW_FIELD(rd_game, fire_done, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "that side has answered for this melee step"),
	// ---- rally, Generals' actions, colours (rd_rally.c, rd_general.c, rd_flag.c) ----
	TW_FIELD(rd_game, hit_seq, TW_FT_I32, TW_VIS_ALL, 0, 0, 2147483647.0, NULL,
		 "hit events numbered so far (RD.GEN.5, RD.FLAG.2)"),
	// ---- victory (rd_victory.c) ----
	TW_FIELD_N(rd_game, about, TW_FT_STR, TW_VIS_ALL, 240, 0, 0, 0, NULL, "the scenario's description"),
	TW_FIELD(rd_game, objective, TW_FT_TERRAIN, TW_VIS_ALL, -1, 0, 0, NULL,
		 "a piece to hold at the end: its holder scores objective_points (docs/rattle.md)"),
	TW_FIELD(rd_game, objective_points, TW_FT_F64, TW_VIS_ALL, 0, 0, 100000, NULL,
		 "points to the side holding the objective at the end"),
	TW_FIELD(rd_game, flow, TW_FT_F64, TW_VIS_ALL, -1, -1, 360, NULL,
		 "bearing the water flows to, degrees; -1 still water (RD.MOVE.10) ---- rd_boat.c ----"),
};

#define REC(T, F) {sizeof(T), (int)TW_ARRAY_COUNT(F), F}
const tw_record_def rd_unit_rec = REC(rd_urec, unit_fields);
const tw_record_def rd_fig_rec = REC(rd_frec, fig_fields);
const tw_record_def rd_ter_rec = REC(rd_trec, ter_fields);
const tw_record_def rd_side_rec = REC(rd_srec, side_fields);
const tw_record_def rd_game_rec = REC(rd_game, game_fields);
