/// Figures (toy soldiers), guns and units. Positions in inches, facings and bearings in degrees.
#ifndef TINWAR_FIGURE_H
#define TINWAR_FIGURE_H
#include "tinwar/geom.h"

#define TW_MAX_SIDES 8

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

/// A figure's status. The generic ones are what every rule set has; a rule set adds its own
/// (Little Wars's prisoners, freed men, delivered prisoners) from TW_FS_RULESET on, each
/// counting as one of the generic ones (tw_status_def.base) and drawn its own way.
typedef enum tw_figure_status {
	TW_FS_ACTIVE = 0, ///< on the table, in the fight
	TW_FS_DEAD,       ///< killed or removed; stays so
	TW_FS_OUT,        ///< on the table, out of the fight (the rule set's status says why)
	TW_FS_OFF,        ///< left the table (withdrawn, escaped, delivered ...)
	TW_FS_UNPLACED,   ///< not yet put down
	TW_FS_RESERVE,    ///< set aside, never placed
	TW_FS_GENERIC_COUNT,
	TW_FS_RULESET = 8, ///< the rule set's statuses are TW_FS_RULESET + i (tw_ruleset.statuses[i])
	TW_FS_MAX = 32
} tw_figure_status;

/// How front-ends draw a figure (tw_status_def.look, tw_ruleset.look).
enum {
	TW_LOOK_PLAIN = 0,    ///< as its kind and side
	TW_LOOK_HELD = 1,     ///< held by the enemy: hollow, tied to its guard (tw_look.link)
	TW_LOOK_DISARMED = 2, ///< on the table without arms (crossed)
};

/// A rule set's own status (tw_ruleset.statuses).
typedef struct tw_status_def {
	const char *name; ///< JSON name, e.g. "prisoner"
	uint8_t base;     ///< the generic status it counts as (TW_FS_OUT, TW_FS_OFF ...)
	uint8_t look;     ///< TW_LOOK_*
	const char *help; ///< what it means, with its clause
} tw_status_def;

/// Generic figure flags; a rule set keeps its own marks in its figure record.
enum {
	TW_FF_LYING = 1u << 0,  ///< laid down (the shot models see a man lying)
	TW_FF_HIDDEN = 1u << 4, ///< hidden from the enemy (behind a curtain, boxed); views remove it
};

typedef struct tw_figure {
	int32_t id;
	uint8_t kind;   ///< tw_figure_kind
	uint8_t side;   ///< owning side index
	uint8_t status; ///< tw_figure_status (or a rule set's)
	uint32_t flags; ///< TW_FF_*
	tw_vec2 pos;    ///< centre of the base
	double facing;  ///< degrees
	double radius;  ///< base radius, inches
	double height;  ///< standing height, inches
	int32_t unit;   ///< unit id or -1
	int32_t moved_in;    ///< game move number in which he last moved (0 = never)
	double move_used;    ///< inches used in move moved_in
} tw_figure;

typedef enum tw_gun_action { TW_GA_NONE = 0, TW_GA_MOVED, TW_GA_FIRED } tw_gun_action;

typedef struct tw_gun {
	int32_t id;
	uint8_t side;      ///< side that now controls the gun
	uint8_t orig_side; ///< side it belonged to at the start
	uint8_t action;    ///< tw_gun_action in move acted_in
	uint8_t shots;     ///< shots fired in move acted_in
	uint32_t flags;    ///< TW_FF_HIDDEN when hidden from the enemy
	int32_t model;     ///< gun model index (shot model parameters)
	tw_vec2 axle;      ///< midpoint of the wheel axle
	double bearing;    ///< direction the muzzle points, degrees
	double elevation;  ///< degrees above horizontal
	double trail;      ///< axle to trail end, inches
	double half_axle;  ///< half the wheel track, inches
	double muzzle;     ///< axle to muzzle, inches
	int32_t acted_in;  ///< game move number of its last action
} tw_gun;

typedef struct tw_unit {
	int32_t id;
	uint8_t side;
	uint8_t formation; ///< rule-set specific
	double facing;
	char name[32];
} tw_unit;

const char *tw_figure_kind_name(tw_figure_kind k);
int tw_figure_kind_from_name(const char *name);
/// The name of a generic status ("?" for others; tw_status_name knows the rule set's too).
const char *tw_figure_status_name(tw_figure_status s);
int tw_figure_status_from_name(const char *name);
/// Gun trail end point.
tw_vec2 tw_gun_trail_end(const tw_gun *g);
/// Gun muzzle point.
tw_vec2 tw_gun_muzzle(const tw_gun *g);
/// Distance from p to the nearest point of the gun (axle, trail, muzzle), inches.
double tw_gun_distance(const tw_gun *g, tw_vec2 p);
/// A gun's two segments as tw_gun_distance works them out (trail to muzzle, one wheel to the
/// other), for many distances from one gun where it stands: tw_gun_frame_distance(&fr, p) is
/// tw_gun_distance(g, p) bit for bit (the same expressions).
typedef struct tw_gun_frame {
	tw_vec2 trail, muzzle, wheel0, wheel1;
} tw_gun_frame;
tw_gun_frame tw_gun_frame_of(const tw_gun *g);
double tw_gun_frame_distance(const tw_gun_frame *fr, tw_vec2 p);
/// Distance between two figures' bases (nearest points), inches.
double tw_figure_gap(const tw_figure *a, const tw_figure *b);

#endif
