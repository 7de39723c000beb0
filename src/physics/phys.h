// Physical gunfire (internal): the ODE shot and its helpers.
#ifndef TW_PHYS_H
#define TW_PHYS_H
#include <ode/ode.h>

#include "tinwar/physics.h"
#include "tinwar/state.h"

/// Fixed configuration (changing any of these changes outcomes: see the determinism test).
#define PH_DT 0.001         // world step, s
#define PH_ITERS 20         // QuickStep iterations
#define PH_HASH_MIN (-3)    // hash space levels (the bench baseline): cells 1/8 in ..
#define PH_HASH_MAX 6       // .. 64 in
#define PH_TMAX 5.0         // simulated time cap, s
#define PH_G 386.09         // gravity, in/s^2

/// Optional hooks for the test range and benches.
typedef struct ph_opts {
	/// Called after every step while the projectile is live: time, position, velocity.
	void (*on_step)(void *ctx, double t, const double *pos, const double *vel);
	void *ctx;
	const tw_gun_model *gun; ///< overrides req->model's catalogue entry when not NULL
} ph_opts;

/// The one shot routine behind the model, tw_physics_fire and the test range.
tw_status ph_fire(const tw_state *st, const tw_shot_request *req, tw_rng *rng, const ph_opts *opts,
		  tw_shot_result *out, tw_physics_stats *stats);

/// s35 (issue 18): true = every terrain prism takes part in every step's collision pass, as before
/// stop 35; false (the default) = a prism's geom is disabled until an awake body (the projectile,
/// a woken figure) comes near it, which changes no shot (tests/test_phys_woken.c compares the two).
extern bool tw_physics_plain;

/// Initialises ODE once for the process (idempotent).
void ph_ode_init(void);

/// A static prism (trimesh) for one terrain piece: owns its vertex and index arrays.
typedef struct ph_prism {
	dTriMeshDataID data;
	dGeomID geom;
	double *verts;
	dTriIndex *idx;
	double lo[2], hi[2]; ///< its vertices' bounds in x and y, inches
	bool on;             ///< its geom is enabled (phys_shot.c: enabled when a body comes near)
} ph_prism;

/// Builds piece t as an extruded prism from t->z0 to t->z0 + t->height in space; circles
/// become 16-gons. Returns TW_ERR_NOMEM on failure (nothing to free then).
tw_status ph_prism_build(ph_prism *p, dSpaceID space, const tw_terrain *t);
/// Frees the prism's data (its geom must already be destroyed).
void ph_prism_free(ph_prism *p);

#endif
