// A Rattle of Dice: its tables as data (RD.ORG.3 classes, RD.MOVE.1 allowances, RD.SHOOT.5
// ranges, RD.SHOOT.6 and RD.MELEE.3 figures per die, RD.MOVE.5/7 terrain), and the public
// conversions built on them (RD.CON.4, RD.CON.6, RD.DET.1, RD.RALLY.5).
#include <string.h>

#include "rd.h"

// RD.ORG.3: command check (RD.DET.1), terrain (RD.MOVE.5), melee (RD.MELEE.13), rally (RD.RALLY.5).
const rd_class_row rd_classes[TW_RD_CLASS_COUNT] = {
	[TW_RD_ELITE] = {"elite", +1, false, +1, +1},
	[TW_RD_REGULAR] = {"regular", 0, false, 0, 0},
	[TW_RD_IRREGULAR] = {"irregular", -1, true, -1, 0}, // RD.RALLY.5: no rally modifier, as written
	[TW_RD_MILITIA] = {"militia", -1, false, -1, -1},
};

// RD.MOVE.1 allowances; RD.SHOOT.6 / RD.MELEE.3 figures per die; RD.SHOOT.8 mounted and
// artillery targets; RD.MOVE.7 closed to woods and towns; RD.ORG.9 counts as column on roads.
const rd_type_row rd_types[TW_RD_TYPE_COUNT] = {
	//                      allow shoot melee mounted art   closed column
	[TW_RD_LINE] = {"line", 12, 4, 4, false, false, false, false},
	[TW_RD_LIGHT] = {"light", 12, 4, 4, false, false, false, false},
	[TW_RD_CAVALRY] = {"cavalry", 18, 0, 2, true, false, true, false},
	[TW_RD_DISMOUNTED] = {"dismounted", 12, 4, 4, false, false, false, false},
	[TW_RD_FOOT_ART] = {"foot_artillery", 12, 2, 4, false, true, true, true},
	[TW_RD_HORSE_ART] = {"horse_artillery", 18, 2, 4, false, true, true, true},
	[TW_RD_MG] = {"mg", 12, 2, 4, false, true, true, true},
	[TW_RD_ROCKETS] = {"rockets", 12, 2, 4, false, true, true, true},
	[TW_RD_PIONEERS] = {"pioneers", 12, 4, 4, false, false, false, false},
	[TW_RD_WAGON] = {"wagon", 6, 0, 4, false, false, true, true},
	// ---- boats and trains (rd_boat.c): RD.MOVE.10/12 (they move by the `drive` order) ----
	[TW_RD_BOAT] = {"boat", 18, 0, 4, false, false, true, false},
	[TW_RD_ENGINE] = {"engine", 18, 0, 4, false, false, true, false},
};

// RD.SHOOT.5: muskets 6, rifles 12, machine guns 24, artillery (rockets too) 36; spears do not shoot.
const double rd_ranges[TW_RD_WEAPON_COUNT] = {
	[TW_RD_MUSKET] = 6, [TW_RD_RIFLE] = 12, [TW_RD_MGUN] = 24, [TW_RD_ARTILLERY] = 36, [TW_RD_SPEAR] = 0,
};

const char *const rd_weapon_names[TW_RD_WEAPON_COUNT + 1] = {"musket", "rifle", "mg", "artillery", "spear", NULL};
const char *const rd_formation_names[TW_RD_F_COUNT + 1] = {"line", "column", "skirmish", "limbered", "deployed", NULL};
const char *const rd_class_names[TW_RD_CLASS_COUNT + 1] = {"elite", "regular", "irregular", "militia", NULL};
const char *const rd_type_names[TW_RD_TYPE_COUNT + 1] = {"line",	   "light", "cavalry", "dismounted",
							 "foot_artillery", "horse_artillery", "mg",
							 "rockets",	   "pioneers", "wagon",
							 "boat", "engine", NULL}; // ---- boats and trains (rd_boat.c) ----

// RD.MOVE.5/7, RD.SHOOT.2/13 (interpretation): what each kind of terrain piece is to Rattle
// unless the scenario says otherwise (a piece's data.feature).
const int8_t rd_ter_by_kind[TW_TER_KIND_COUNT] = {
	[TW_TER_HILL] = RD_TER_HILL,	   [TW_TER_HOUSE] = RD_TER_TOWN,	 [TW_TER_WALL] = RD_TER_OBSTACLE,
	[TW_TER_TREE] = RD_TER_IMPASSABLE, [TW_TER_WOOD] = RD_TER_WOOD,		 [TW_TER_ROCK] = RD_TER_IMPASSABLE,
	[TW_TER_RIVER] = RD_TER_IMPASSABLE, [TW_TER_FORD] = RD_TER_DIFFICULT,	 [TW_TER_BRIDGE] = RD_TER_OPEN,
	[TW_TER_ROAD] = RD_TER_ROAD,	   [TW_TER_SWAMP] = RD_TER_DIFFICULT,
	// issue 16: a barricade is a linear obstacle, as a wall or the sappers' earthwork (RD.MOVE.5:
	// crossing it halves the move; RD.SHOOT.13: cover within 1 in behind it); so is a ditch, which
	// RD.MOVE.5's reading names among the linear obstacles (docs/rattle.md, "Barricades and ditches")
	[TW_TER_BARRICADE] = RD_TER_OBSTACLE, [TW_TER_DITCH] = RD_TER_OBSTACLE,
};

static int find(const char *const *names, const char *name)
{
	for (int i = 0; name && names[i]; i++)
		if (strcmp(names[i], name) == 0)
			return i;
	return -1;
}
int tw_rd_class_from_name(const char *name) { return find(rd_class_names, name); }
int tw_rd_type_from_name(const char *name) { return find(rd_type_names, name); }
int tw_rd_weapon_from_name(const char *name) { return find(rd_weapon_names, name); }
const char *tw_rd_class_name(int c) { return c >= 0 && c < TW_RD_CLASS_COUNT ? rd_class_names[c] : "?"; }
const char *tw_rd_type_name(int t) { return t >= 0 && t < TW_RD_TYPE_COUNT ? rd_type_names[t] : "?"; }
const char *tw_rd_weapon_name(int w) { return w >= 0 && w < TW_RD_WEAPON_COUNT ? rd_weapon_names[w] : "?"; }
const char *tw_rd_formation_name(int f) { return f >= 0 && f < TW_RD_F_COUNT ? rd_formation_names[f] : "?"; }

int tw_rd_dice(int halves, int k)
{
	if (halves <= 0 || k <= 0)
		return 0;
	return (halves + k) / (2 * k); // RD.CON.4: floor((n + k/2) / k) with n = halves / 2
}

static int clamp_face(int f) { return f < 1 ? 1 : f > 6 ? 6 : f; }

int tw_rd_hit_face(int mod) { return clamp_face(5 - mod); } // RD.CON.6: a natural 6 always hits

int tw_rd_shoot_mod(bool difficult, bool vulnerable, bool superior)
{
	return (vulnerable ? 1 : 0) + (superior ? 1 : 0) - (difficult ? 1 : 0); // RD.SHOOT.11
}

double tw_rd_range(int weapon) { return weapon >= 0 && weapon < TW_RD_WEAPON_COUNT ? rd_ranges[weapon] : 0; }
int tw_rd_shoot_per_die(int type) { return type >= 0 && type < TW_RD_TYPE_COUNT ? rd_types[type].shoot_per : 0; }
double tw_rd_allowance(int type) { return type >= 0 && type < TW_RD_TYPE_COUNT ? rd_types[type].allowance : 0; }

int tw_rd_command_face(int cls)
{
	return clamp_face(3 - (cls >= 0 && cls < TW_RD_CLASS_COUNT ? rd_classes[cls].command : 0)); // RD.DET.1
}

int tw_rd_rally_face(int cls, bool general_or_band)
{
	int mod = (cls >= 0 && cls < TW_RD_CLASS_COUNT ? rd_classes[cls].rally : 0) + (general_or_band ? 1 : 0);
	return clamp_face(4 - mod); // RD.RALLY.2/5
}

double tw_rd_face_chance(int face)
{
	if (face <= 1)
		return 1.0;
	if (face >= 7)
		return 0.0;
	return (7 - face) / 6.0;
}

bool tw_rd_hits_odds(int dice, int face, double *dist)
{
	if (dice < 0 || dice > 64 || !dist)
		return false;
	// Exact counts over 6^dice: ways[k] = C(dice, k) * good^k * bad^(dice-k), in doubles (exact
	// up to 2^53: 6^20 ~ 3.7e15 stays exact; beyond, rounding is far below what is printed).
	int good = face <= 1 ? 6 : face >= 7 ? 0 : 7 - face, bad = 6 - good;
	for (int k = 0; k <= dice; k++)
		dist[k] = 0;
	dist[0] = 1;
	for (int d = 0; d < dice; d++) // one die at a time: new[k] = old[k] * bad + old[k-1] * good
		for (int k = d + 1; k >= 0; k--)
			dist[k] = dist[k] * bad / 6.0 + (k > 0 ? dist[k - 1] * good / 6.0 : 0);
	return true;
}
