/// The table and its terrain pieces. Inches throughout; heights above the floor.
#ifndef TINWAR_TERRAIN_H
#define TINWAR_TERRAIN_H
#include "tinwar/geom.h"

#define TW_MAX_VERTS 16

typedef enum tw_terrain_kind {
	TW_TER_HILL = 0, ///< one board layer: passable, raises figures by its height
	TW_TER_HOUSE,    ///< solid block (LW.C.4): impassable, blocks shots and sight
	TW_TER_WALL,     ///< solid thin block: impassable, blocks shots and sight below its top
	TW_TER_TREE,     ///< trunk (circle): impassable, blocks shots and sight
	TW_TER_WOOD,     ///< area of trees: passable, blocks sight through it
	TW_TER_ROCK,     ///< solid stone: impassable, blocks shots
	TW_TER_RIVER,    ///< water: impassable except where a ford or bridge covers it
	TW_TER_FORD,     ///< crossing place over a river
	TW_TER_BRIDGE,   ///< crossing place over a river
	TW_TER_ROAD,     ///< road: no effect in Little Wars; faster in some rule sets
	TW_TER_SWAMP,    ///< swamp: passable (rule sets may slow it)
	TW_TER_BARRICADE,///< low man-made obstacle men fight across: impassable, cover, blocks sight only below its top
	TW_TER_DITCH,    ///< ditch: passable, difficult going, no sight block; a man in it defends it (rule sets say how)
	TW_TER_KIND_COUNT
} tw_terrain_kind;

typedef enum tw_shape { TW_SHAPE_POLY = 0, TW_SHAPE_CIRCLE = 1 } tw_shape;

/// Whether figures may enter a piece: as its kind says, or overridden (a bridge blown, a gap cut
/// in a wall by sappers, a ford flooded).
typedef enum tw_passable { TW_PASS_KIND = 0, TW_PASS_YES = 1, TW_PASS_NO = 2 } tw_passable;

/// States of a piece that rule sets set and read (Grant's burning houses, ruins, Rattle's works).
enum {
	TW_TF_BURNING = 1u << 0, ///< on fire
	TW_TF_RUINED = 1u << 1,  ///< ruined: a shell (the rule set says what that means)
	TW_TF_WORKS = 1u << 2,   ///< improved by engineers (entrenched, loopholed, ...)
};

/// One terrain piece: a polygon or a circle, standing from z0 to z0 + height. Besides its shape
/// it carries attributes each rule set interprets: passable, cost, cover, height, burning, ruined.
typedef struct tw_terrain {
	int32_t id;
	uint8_t kind;  ///< tw_terrain_kind
	uint8_t shape; ///< tw_shape
	uint8_t pass;  ///< tw_passable
	uint8_t flags; ///< TW_TF_*
	uint8_t blocks;///< derived by tw_terrain_finish: figures may not enter (tw_terrain_impassable)
	int8_t cover;  ///< cover it gives, in the rule set's levels (0 none)
	double cost;   ///< movement cost factor the rule set applies inside it (0: its own default)
	int16_t nverts;
	tw_vec2 v[TW_MAX_VERTS]; ///< polygon vertices (shape POLY)
	tw_vec2 center;          ///< circle centre (shape CIRCLE)
	double radius;           ///< circle radius, inches
	double z0;               ///< base height above the floor, inches (hill layers stack)
	double height;           ///< thickness, inches
	tw_vec2 lo, hi;          ///< bounding box (derived)
	char name[32];
} tw_terrain;

struct tw_record_def;

typedef struct tw_table {
	double width; ///< along the back lines, inches
	double depth; ///< between the back lines, inches
	uint32_t rev; ///< changes each time an order changes the table (tw_state_table_edit)
	int nterrain, capterrain;
	tw_terrain *terrain;
	/// The rule set's terrain records (record.h), parallel to terrain[] (capacity capterrain);
	/// NULL recdef: none.
	const struct tw_record_def *recdef;
	unsigned char *rec;
} tw_table;

const char *tw_terrain_kind_name(tw_terrain_kind k);
/// Returns the kind for a name, or -1.
int tw_terrain_kind_from_name(const char *name);
/// Recomputes derived fields (bounding box, whether it blocks figures).
void tw_terrain_finish(tw_terrain *t);
/// True if p lies inside the piece's footprint.
bool tw_terrain_contains(const tw_terrain *t, tw_vec2 p);
/// Distance from p to the piece's footprint (0 inside).
double tw_terrain_distance(const tw_terrain *t, tw_vec2 p);
/// True if segment ab crosses or touches the footprint.
bool tw_terrain_segment_hits(const tw_terrain *t, tw_vec2 a, tw_vec2 b);
/// False only when segment ab certainly misses the piece's bounding box, so the piece: the
/// boxes are apart, or the whole box lies off one side of the line through a and b by more
/// than a millionth of an inch (far beyond rounding). Exact early-out for the tests above.
bool tw_terrain_segment_may_hit(const tw_terrain *t, tw_vec2 a, tw_vec2 b);
/// True when the bounding boxes of segment ab and the piece are apart, so the segment misses
/// the piece: the first test of tw_terrain_segment_may_hit, inline for callers' loops.
static inline bool tw_terrain_box_apart(const tw_terrain *t, tw_vec2 a, tw_vec2 b)
{
	double x0 = a.x < b.x ? a.x : b.x, x1 = a.x < b.x ? b.x : a.x;
	double y0 = a.y < b.y ? a.y : b.y, y1 = a.y < b.y ? b.y : a.y;
	return x1 < t->lo.x || x0 > t->hi.x || y1 < t->lo.y || y0 > t->hi.y;
}
/// True when p lies more than a millionth of an inch outside the piece's bounding box, so
/// outside a polygon piece: tw_point_in_poly would find an even number of crossings (none to
/// its right, or every edge crossing its line of y to its right). An exact early-out.
static inline bool tw_terrain_box_excludes(const tw_terrain *t, tw_vec2 p)
{
	return p.x < t->lo.x - 1e-6 || p.x > t->hi.x + 1e-6 || p.y < t->lo.y - 1e-6 || p.y > t->hi.y + 1e-6;
}
/// True for kinds that a figure may never stand in or pass through.
static inline bool tw_terrain_is_solid(tw_terrain_kind k)
{
	return k == TW_TER_HOUSE || k == TW_TER_WALL || k == TW_TER_TREE || k == TW_TER_ROCK || k == TW_TER_BARRICADE;
}
/// True for a piece figures may not enter: its pass override, else its kind (tw_terrain_is_solid).
/// Kept in t->blocks by tw_terrain_finish (the table's pieces are finished when added, and again
/// after an order changed the table).
static inline bool tw_terrain_impassable(const tw_terrain *t) { return t->blocks != 0; }
/// Ground height at p (top of the highest hill layer containing p), inches.
double tw_table_ground(const tw_table *tb, tw_vec2 p);
/// True if p is on river water not covered by a ford or bridge.
bool tw_table_is_water(const tw_table *tb, tw_vec2 p);
/// Adds a piece (copied); returns its index or -1.
int tw_table_add(tw_table *tb, const tw_terrain *t);
void tw_table_free(tw_table *tb);
tw_status tw_table_copy(tw_table *dst, const tw_table *src);

// ---- obstacles men fight across (terrain_kinds.c, issue 16) ----
/// Length of segment ab lying inside the piece's footprint, inches (0 when it misses).
double tw_terrain_segment_inside(const tw_terrain *t, tw_vec2 a, tw_vec2 b);
/// Widest barricade thickness a contact across one is looked for over, inches: two men farther
/// apart than this plus the contact gap never touch across one.
#define TW_BARRICADE_MAX_ACROSS 2.0
/// How much of the segment between two men's centres a and b lies inside barricades, inches: a
/// barricade is built thick, so men on either side touch across it. Contact across a barricade is
/// judged as the gap between the bases less this (tw_table_gap_across): two men on either side of
/// it, each against it, are in contact whatever its thickness. 0 when no barricade lies between.
double tw_table_barricade_across(const tw_table *tb, tw_vec2 a, tw_vec2 b);
/// The gap between two bases (centres a, b; radii ra, rb), the barricades between them not counted.
double tw_table_gap_across(const tw_table *tb, tw_vec2 a, double ra, tw_vec2 b, double rb);

#endif
