/// The game's seeded generator: xoshiro256** seeded through splitmix64.
/// Bounded integers use Lemire's unbiased multiply-and-reject method. Never rand().
#ifndef TINWAR_RNG_H
#define TINWAR_RNG_H
#include "tinwar/base.h"

typedef struct tw_rng {
	uint64_t s[4];
	uint64_t draws; ///< number of 64-bit draws taken (for logs and tests)
} tw_rng;

/// Seeds from a 64-bit value (splitmix64 expansion).
void tw_rng_seed(tw_rng *r, uint64_t seed);
/// Derives the seed of sub-stream `index` from a master seed (games in a study).
uint64_t tw_rng_derive(uint64_t master, uint64_t index);
uint64_t tw_rng_u64(tw_rng *r);
/// Uniform integer in [0, n), unbiased; n > 0.
uint32_t tw_rng_below(tw_rng *r, uint32_t n);
/// One six-sided die, 1..6.
int tw_rng_d6(tw_rng *r);
/// Sum of n d6.
int tw_rng_nd6(tw_rng *r, int n);
/// Uniform double in [0,1) with 53 bits.
double tw_rng_unit(tw_rng *r);
/// Standard normal deviate (Box-Muller, deterministic).
double tw_rng_normal(tw_rng *r);

#endif
