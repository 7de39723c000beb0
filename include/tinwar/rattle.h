/// Ross Macfarlane, A Rattle of Dice (2013, amended 2014): the rule set, its tables and exact
/// odds (RD clauses), for front-ends and tests. Distances in inches; every die is a d6 (RD.CON.2);
/// probabilities are exact for fair dice (computed in doubles: numerators over 6^n).
#ifndef TINWAR_RATTLE_H
#define TINWAR_RATTLE_H
#include <stdbool.h>

struct tw_ruleset;
/// The rule set (name "rattle", short name "rd"), in the built-in registry (tw_register_builtin).
extern const struct tw_ruleset tw_ruleset_rattle;

/// Troop classes (RD.ORG.3).
typedef enum tw_rd_class { TW_RD_ELITE = 0, TW_RD_REGULAR, TW_RD_IRREGULAR, TW_RD_MILITIA, TW_RD_CLASS_COUNT } tw_rd_class;

/// Unit types (RD.ORG.4).
typedef enum tw_rd_type {
	TW_RD_LINE = 0,   ///< line infantry
	TW_RD_LIGHT,      ///< light infantry
	TW_RD_CAVALRY,    ///< mounted cavalry
	TW_RD_DISMOUNTED, ///< dismounted cavalry (count as infantry)
	TW_RD_FOOT_ART,   ///< foot artillery
	TW_RD_HORSE_ART,  ///< horse artillery
	TW_RD_MG,         ///< machine gun
	TW_RD_ROCKETS,    ///< rockets
	TW_RD_PIONEERS,   ///< pioneers (sappers)
	TW_RD_WAGON,      ///< wagons
	// ---- boats and trains (rd_boat.c) ----
	TW_RD_BOAT,       ///< a boat (RD.MOVE.10)
	TW_RD_ENGINE,     ///< a steam engine: a train on rails, or cross-country (RD.MOVE.12)
	TW_RD_TYPE_COUNT
} tw_rd_type;

/// Weapons (RD.ORG.5).
typedef enum tw_rd_weapon { TW_RD_MUSKET = 0, TW_RD_RIFLE, TW_RD_MGUN, TW_RD_ARTILLERY, TW_RD_SPEAR, TW_RD_WEAPON_COUNT } tw_rd_weapon;

/// Formations (tw_unit.formation; RD.ORG.8/9).
typedef enum tw_rd_formation {
	TW_RD_F_LINE = 0,  ///< two-deep line (cavalry: a line of 1 or 2 ranks)
	TW_RD_F_COLUMN,    ///< column
	TW_RD_F_SKIRMISH,  ///< skirmish order
	TW_RD_F_LIMBERED,  ///< artillery, MGs, rockets limbered
	TW_RD_F_DEPLOYED,  ///< artillery, MGs, rockets deployed
	TW_RD_F_COUNT
} tw_rd_formation;

/// Class, type, weapon and formation by name ("elite", "line", "rifle", "column"), or -1; and
/// their names.
int tw_rd_class_from_name(const char *name);
int tw_rd_type_from_name(const char *name);
int tw_rd_weapon_from_name(const char *name);
const char *tw_rd_class_name(int c);
const char *tw_rd_type_name(int t);
const char *tw_rd_weapon_name(int w);
const char *tw_rd_formation_name(int f);

/// RD.CON.4: dice for `halves` half-figures (2 x the count, so 9.5 figures is 19) at one die per
/// k figures: floor((n + k/2) / k). RD.EX.2: 9.5 figures at 4 -> 2, 10 -> 3, 1 at 2 -> 1.
int tw_rd_dice(int halves, int k);
/// RD.CON.6, RD.SHOOT.11, RD.MELEE.9: the natural face a die needs to hit with net modifier
/// `mod` (a modified 5; a natural 6 always hits): 5 - mod kept within 1..6.
int tw_rd_hit_face(int mod);
/// RD.SHOOT.8-11: the net shooting modifier from its three categories, each counted once.
int tw_rd_shoot_mod(bool difficult, bool vulnerable, bool superior);
/// RD.SHOOT.5: a weapon's range, inches (0: it does not shoot).
double tw_rd_range(int weapon);
/// RD.SHOOT.6, RD.MELEE.3: figures per die for a type (shooting: gunners 2, others 4; 0: the
/// type never shoots).
int tw_rd_shoot_per_die(int type);
/// RD.MOVE.1: a type's basic move allowance, inches.
double tw_rd_allowance(int type);
/// RD.DET.1: the face a unit of the class needs on its command check (Elite 2, Regular 3,
/// Irregular and Militia 4).
int tw_rd_command_face(int cls);
/// RD.RALLY.5: the face a unit needs to rally (modified 4), with a General or band joined.
int tw_rd_rally_face(int cls, bool general_or_band);
/// Chance of one die scoring `face` or more (face 1..7).
double tw_rd_face_chance(int face);
/// The distribution of hits from `dice` dice each hitting on `face` or more: dist[k] = P(k hits)
/// for k = 0..dice (dist holds dice + 1). Exact binomial. Returns false if dice < 0 or > 64.
bool tw_rd_hits_odds(int dice, int face, double *dist);

// ---- boats and trains (rd_boat.c) ----
/// RD.MOVE.10: a boat's move, inches: 18, +3 with the current or tide (flow > 0), -3 against it
/// (flow < 0), 18 across it or on still water (flow 0). RD.EX.18: 21 and 15.
double tw_rd_boat_move(int flow);
/// RD.MOVE.12: the move a train on rails must make this turn after moving `speed` last turn:
/// between max(0, speed - 9) and min(18, speed + 9) inches. RD.EX.18: from rest at most 9; at 9,
/// at most 18; at 18, at least 9.
void tw_rd_train_window(double speed, double *least, double *most);
/// RD.MOVE.13: a train that moved `speed` last turn crashes into an obstacle `ahead` inches along
/// the track when it cannot stop short: ahead < max(0, speed - 9). RD.EX.18: 18 and 8 crash.
bool tw_rd_train_crashes(double speed, double ahead);
/// RD.MOVE.13, RD.CON.4: the crash's dice for `figures` aboard (crew included), one per 4:
/// floor((n + 2) / 4). RD.EX.18: 10 figures, 3 dice.
int tw_rd_crash_dice(int figures);

#endif
