// Science versus Luck: what each terrain kind is here, as a table (issue 16). SV.BAT.6's piece
// types by the table's kinds, whether a figure may stand on it and whether a move may cross it
// (SV.MOVE.5). A barricade is low hard cover like a wall (SV.BAT.7: a figure within 1 in behind
// it is covered; it stops a match below its top), but, unlike a wall, is not crossed: it is
// impassable. A ditch is open ground: SV.MOVE.5 slows nothing, and a spring gun's match still
// reaches a standing figure in a ditch. docs/svl.md, "Barricades and ditches".
#include "sv.h"

// (tall hard cover is never crossed whatever no_cross says: sv_impassable_segment)
const sv_ter_kind sv_ter_kinds[TW_TER_KIND_COUNT] = {
	[TW_TER_HILL] = {SV_TER_HILL, false, false},
	[TW_TER_HOUSE] = {SV_TER_TALL_HARD, true, false},
	[TW_TER_WALL] = {SV_TER_LOW_HARD, true, false}, // walls are crossed, not stood on
	[TW_TER_TREE] = {SV_TER_TALL_HARD, false, false},
	[TW_TER_WOOD] = {SV_TER_SOFT, false, false},
	[TW_TER_ROCK] = {SV_TER_TALL_HARD, true, false},
	[TW_TER_RIVER] = {SV_TER_OPEN, false, false},
	[TW_TER_FORD] = {SV_TER_OPEN, false, false},
	[TW_TER_BRIDGE] = {SV_TER_OPEN, false, false},
	[TW_TER_ROAD] = {SV_TER_OPEN, false, false},
	[TW_TER_SWAMP] = {SV_TER_SOFT, false, false}, // lichen
	[TW_TER_BARRICADE] = {SV_TER_LOW_HARD, true, true},
	[TW_TER_DITCH] = {SV_TER_OPEN, false, false},
};
