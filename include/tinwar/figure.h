/// Figures (toy soldiers), guns and units. Positions in inches, facings and bearings in degrees.
#ifndef TINWAR_FIGURE_H
#define TINWAR_FIGURE_H
#include "tinwar/geom.h"

#define TW_MAX_SIDES 8
/// Rule-set specific integers per figure, gun and unit. Only the first TW_FIG_STATS_HASHED always
/// enter tw_state_hash; the later ones enter it only when non-zero, so hashes of states that never
/// use them are the same as before they were added.
#define TW_FIG_STATS 12
#define TW_FIG_STATS_HASHED 8

typedef enum tw_figure_kind {
	TW_FK_INFANTRY = 0,
	TW_FK_CAVALRY,
	TW_FK_OFFICER,
	TW_FK_GENERAL,
	TW_FK_GUNNER,
	TW_FK_WAGGON,
	TW_FK_OTHER,
	TW_FK_COUNT
} tw_figure_kind;

typedef enum tw_figure_status {
	TW_FS_ACTIVE = 0, ///< free man on the table
	TW_FS_DEAD,       ///< killed; stays dead
	TW_FS_PRISONER,   ///< held by the enemy (captor), on the table
	TW_FS_FREED,      ///< freed prisoner, disarmed until he reaches his back line (LW.MEL.13)
	TW_FS_WITHDRAWN,  ///< left the field over his own back line, safe
	TW_FS_DELIVERED,  ///< prisoner delivered over the captor's back line, off the table
	TW_FS_UNPLACED,   ///< not yet put down
	TW_FS_RESERVE,    ///< set aside (LW.FOR.2), never placed
	TW_FS_COUNT
} tw_figure_status;

enum {
	TW_FF_LYING = 1u << 0,       ///< laid down for a gun (LW.MOB.8)
	TW_FF_TRAIL = 1u << 1,       ///< placed at a gun's trail this move (LW.MOB.10)
	TW_FF_SURRENDERED = 1u << 2, ///< surrendered, no escort yet (LW.MEL.16)
	TW_FF_CONTACT = 1u << 3,     ///< in contact with an enemy (LW.MEL.2)
	TW_FF_HIDDEN = 1u << 4,      ///< placed behind the curtain / boxed: hidden from the enemy
};

typedef struct tw_figure {
	int32_t id;
	uint8_t kind;   ///< tw_figure_kind
	uint8_t side;   ///< owning side index
	uint8_t status; ///< tw_figure_status
	int8_t captor;  ///< side holding him prisoner, -1 if none
	uint32_t flags; ///< TW_FF_*
	tw_vec2 pos;    ///< centre of the base
	double facing;  ///< degrees
	double radius;  ///< base radius, inches
	double height;  ///< standing height, inches
	int32_t unit;   ///< unit id or -1
	int32_t escort; ///< escorting figure id for a prisoner, or -1
	int32_t moved_in;    ///< game move number in which he last moved (0 = never)
	double move_used;    ///< inches used in move moved_in
	int32_t stats[TW_FIG_STATS]; ///< rule-set specific values (Lloyd's per-figure stats, ...)
} tw_figure;

typedef enum tw_gun_action { TW_GA_NONE = 0, TW_GA_MOVED, TW_GA_FIRED } tw_gun_action;

#define TW_GUN_MAX_CROSSERS 32

typedef struct tw_gun {
	int32_t id;
	uint8_t side;      ///< side that now controls the gun
	uint8_t orig_side; ///< side it belonged to at the start
	uint8_t action;    ///< tw_gun_action in move acted_in
	uint8_t shots;     ///< shots fired in move acted_in
	int32_t model;     ///< gun model index (shot model parameters)
	tw_vec2 axle;      ///< midpoint of the wheel axle
	double bearing;    ///< direction the muzzle points, degrees
	double elevation;  ///< degrees above horizontal
	double trail;      ///< axle to trail end, inches
	double half_axle;  ///< half the wheel track, inches
	double muzzle;     ///< axle to muzzle, inches
	int32_t acted_in;  ///< game move number of its last action
	int32_t trail_due; ///< move number in which a trail pair is owed (0 none)
	int32_t disputed_until; ///< attacker may not use it up to this move (LW.CAP.3)
	int32_t ncross;    ///< enemy figures that crossed its axle line (LW.CAP.1b)
	int32_t crossers[TW_GUN_MAX_CROSSERS];
	int32_t stats[TW_FIG_STATS];
} tw_gun;

typedef struct tw_unit {
	int32_t id;
	uint8_t side;
	uint8_t formation; ///< rule-set specific
	double facing;
	char name[32];
	int32_t stats[TW_FIG_STATS];
} tw_unit;

const char *tw_figure_kind_name(tw_figure_kind k);
int tw_figure_kind_from_name(const char *name);
const char *tw_figure_status_name(tw_figure_status s);
int tw_figure_status_from_name(const char *name);
/// Gun trail end point.
tw_vec2 tw_gun_trail_end(const tw_gun *g);
/// Gun muzzle point.
tw_vec2 tw_gun_muzzle(const tw_gun *g);
/// Distance from p to the nearest point of the gun (axle, trail, muzzle), inches.
double tw_gun_distance(const tw_gun *g, tw_vec2 p);
/// Distance between two figures' bases (nearest points), inches.
double tw_figure_gap(const tw_figure *a, const tw_figure *b);

#endif
