// xoshiro256** (Blackman & Vigna), seeded by splitmix64; Lemire's unbiased bounded draw.
#include <math.h>
#include "tinwar/detmath.h"

#include "tinwar/rng.h"

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

void tw_rng_seed(tw_rng *r, uint64_t seed)
{
	uint64_t x = seed;
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
	if ((r->s[0] | r->s[1] | r->s[2] | r->s[3]) == 0)
		r->s[0] = 1;
	r->draws = 0;
}

uint64_t tw_rng_derive(uint64_t master, uint64_t index)
{
	uint64_t x = master ^ (index * 0xD1B54A32D192ED03ull);
	splitmix64(&x);
	return splitmix64(&x);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t tw_rng_u64(tw_rng *r)
{
	uint64_t *s = r->s;
	if ((s[0] | s[1] | s[2] | s[3]) == 0) // never seeded: xoshiro would return 0 for ever
		tw_rng_seed(r, 0);
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	r->draws++;
	return result;
}

uint32_t tw_rng_below(tw_rng *r, uint32_t n)
{
	// Lemire: multiply a 32-bit draw by n, reject the biased low band.
	uint64_t m = (uint64_t)(uint32_t)(tw_rng_u64(r) >> 32) * n;
	uint32_t l = (uint32_t)m;
	if (l < n) {
		uint32_t t = (uint32_t)(-n) % n;
		while (l < t) {
			m = (uint64_t)(uint32_t)(tw_rng_u64(r) >> 32) * n;
			l = (uint32_t)m;
		}
	}
	return (uint32_t)(m >> 32);
}

int tw_rng_d6(tw_rng *r) { return (int)tw_rng_below(r, 6) + 1; }

int tw_rng_nd6(tw_rng *r, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += tw_rng_d6(r);
	return s;
}

double tw_rng_unit(tw_rng *r) { return (double)(tw_rng_u64(r) >> 11) * 0x1.0p-53; }

double tw_rng_normal(tw_rng *r)
{
	double u1 = tw_rng_unit(r), u2 = tw_rng_unit(r);
	if (u1 < 1e-300)
		u1 = 1e-300;
	return sqrt(-2.0 * tw_log(u1)) * tw_cos(2.0 * M_PI * u2);
}
