// TEMPORARY: symbols of modules not yet written (removed module by module).
#include "lw.h"
int lw_random_orders(const tw_state *s, int side, tw_rng *r, tw_order *out, int max) { (void)s; (void)side; (void)r; (void)out; (void)max; return 0; }
