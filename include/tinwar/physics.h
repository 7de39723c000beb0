/// Physical gunfire: spring guns and matchstick cannon as rigid-body physics (ODE).
/// The "physics" shot model, the gun-model catalogue, the test range, and a recorder that
/// keeps every shot result so that a replay never simulates a shot again.
/// Units: inches, seconds, grams, degrees.
#ifndef TINWAR_PHYSICS_H
#define TINWAR_PHYSICS_H
#include "tinwar/shot.h"

/// One gun model: true characteristics (what the physics flies) and advertised ones (label).
typedef struct tw_gun_model {
	const char *code;     ///< short code: "W47" (Wells's 4.7), "VUL", "STA", ... (SV.GUN.2)
	const char *name;
	double v0;            ///< true mean muzzle speed, in/s
	double v_sigma;       ///< muzzle-speed spread (1 sigma), in/s
	double aim_sigma;     ///< the gun's own bearing dispersion (1 sigma), degrees
	double misfire;       ///< chance per shot that the projectile never leaves the barrel
	double proj_length;   ///< projectile length, inches (wooden cylinder or matchstick)
	double proj_radius;   ///< projectile radius, inches
	double proj_mass;     ///< projectile mass, grams
	double muzzle_height; ///< muzzle height above the ground under the gun, inches
	double adv_range;     ///< advertised greatest range, inches (label card)
	double adv_misfire;   ///< advertised misfires per shot (label card)
	double rate;          ///< true shots per minute (trained crew, steady tempo)
	double carry_on;      ///< SV.GUN.4 carry-on chance (abstract SvL model; not used by physics)
	double skid;          ///< SV.GUN.4 skid S, inches (abstract SvL model; not used by physics)
} tw_gun_model;

/// Number of gun models in the catalogue. Index 0 is Wells's 4.7 spring gun (the default
/// of every tw_gun, whose `model` is 0); 1.. are the Science versus Luck cannon (SV.GUN.2-4).
int tw_gun_model_count(void);
/// Gun model by index, or NULL if out of range.
const tw_gun_model *tw_gun_model_get(int index);
/// Index of the model with this code (case-insensitive), or -1.
int tw_gun_model_find(const char *code);
/// Muzzle speed (in/s) that the label implies: sqrt(adv_range * g) (SV.GUN.5); v0 if no label.
double tw_gun_model_advertised_speed(const tw_gun_model *gm);

/// The rigid-body model ("physics"). Fixed time step, solver, space and insertion order:
/// the same state, request and generator state give bitwise-identical results.
const tw_shot_model *tw_shot_model_physics(void);

/// Work done by one physics shot (for benches and notes).
typedef struct tw_physics_stats {
	double v0;          ///< muzzle speed drawn, in/s
	int64_t steps;       ///< world steps taken (1 ms each)
	int64_t body_steps;  ///< sum over steps of the number of awake bodies
	int32_t bodies;      ///< bodies created (projectile included)
	int32_t figures_awake; ///< figure bodies that were ever woken
	double t_end;        ///< simulated seconds until everything was at rest
	bool grazed;         ///< the projectile touched the floor or a hill top
	double graze[3];     ///< first graze point (x, y, z), inches
} tw_physics_stats;

/// Fires one physics shot; as the model's fire, with optional stats (may be NULL).
tw_status tw_physics_fire(const struct tw_state *s, const tw_shot_request *req, tw_rng *rng, tw_shot_result *out,
			  tw_physics_stats *stats);

// ---- the test range (SV.DOC.6-9) ----

#define TW_RANGE_MAX_SCREENS 16

/// One round on the test range: a flat lane, the gun at its head firing along +y.
typedef struct tw_range_shot {
	bool misfire;
	double v;          ///< muzzle speed drawn, in/s
	double elevation;  ///< set elevation, degrees (SV.GUN.8 step 4)
	double bearing;    ///< bearing error as fired, degrees (0 = straight down the lane)
	bool grazed;       ///< it reached the floor on the lane
	double d1;         ///< first graze: distance from the muzzle along the lane, inches
	double lateral;    ///< lateral offset at the first graze, inches (left negative)
	double rest_along, rest_lateral; ///< where it came to rest, inches
	uint32_t screens;  ///< bit k: screen k was holed
} tw_range_shot;

/// Fires one round of gun model `gun_model` at set range `set_range` (inches), laying the
/// elevation by SV.GUN.8 step 4 with the believed speed v_adv * sqrt(range_factor), and a
/// gunner's aim error aim_sigma (degrees, added to the gun's own dispersion). Paper screens
/// 12 in wide and 1 in high stand square to the lane at the distances screens[0..nscreens)
/// (at most TW_RANGE_MAX_SCREENS); they do not stop the shot.
tw_status tw_range_fire(int gun_model, double set_range, double range_factor, double aim_sigma,
			const double *screens, int nscreens, tw_rng *rng, tw_range_shot *out);

// ---- storing outcomes: record once, replay without simulating ----

#endif
