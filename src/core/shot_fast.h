// Internal: aiming helpers of the fast ballistic model.
#ifndef TW_SHOT_FAST_H
#define TW_SHOT_FAST_H
/// Elevation (degrees) whose flight passes height target_z at horizontal distance range_in
/// (low trajectory), or NAN if out of reach.
double tw_shot_fast_elevation_for_range(double range_in, double z0, double target_z);
/// Longest horizontal range from muzzle height z0, inches.
double tw_shot_fast_max_range(double z0);
#endif
