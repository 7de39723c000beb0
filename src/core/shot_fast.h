// The fast ballistic shot model's constants and aiming helpers (internal).
// Heights are of the projectile's centre line above the floor (absolute, not above the
// ground under the gun), inches; angles in degrees.
#ifndef TW_SHOT_FAST_H
#define TW_SHOT_FAST_H

#include <stdbool.h>

/// Muzzle speed of the 4.7 spring gun in the fast model, in/s.
#define TW_SHOT_FAST_V0 500.0
/// Projectile (wooden cylinder) radius, inches.
#define TW_SHOT_FAST_RADIUS 0.15
/// Aim error (1 sigma, degrees) that gives the toy gun's "9 times out of 10 at 9 yd" against a
/// standing infantryman (radius 0.3 in, height 2 in) with this model; see the calibration test.
#define TW_SHOT_FAST_CALIBRATED_SIGMA 0.048

/// Elevation (degrees) of the low trajectory whose free flight over a flat floor passes
/// through height target_z at horizontal distance range_in from a muzzle at height z0;
/// NAN if no elevation reaches it. Uses the same discrete integration as the model's fire.
double tw_shot_fast_elevation_for_range(double range_in, double z0, double target_z);
/// Greatest horizontal distance (inches) at which a shot from a muzzle at height z0 first
/// touches a flat floor (before bouncing or rolling on).
double tw_shot_fast_max_range(double z0);
/// Forgets this thread's memo of the two above (the next answers are computed afresh).
void tw_shot_fast_forget(void);

/// s29-sfast (issue 18): true = the fast model's shots without the exact shortcuts of stop 29
/// (the quiet flight and rolling steps taken without the searches, who can be hit settled once
/// a shot, the sampler's first test inline), for the tests that compare the two; false (the
/// default) = with.
extern bool tw_shot_fast_plain;
/// s35 (issue 18): elevations this thread found by the bisection with its certain steps not
/// asked (tw_shot_fast_elevation_for_range, the fast path); the tests count it.
extern _Thread_local long tw_shot_fast_aim_shortcuts;

#endif
