// STUB (to be replaced by the fast ballistic model).
#include <string.h>
#include "tinwar/shot.h"
#include "tinwar/state.h"
static tw_status fire_stub(const tw_shot_model *m, const struct tw_state *s, const tw_shot_request *req, tw_rng *rng,
			   tw_shot_result *out)
{
	(void)m; (void)s; (void)rng;
	memset(out, 0, sizeof *out);
	out->rest = req->origin;
	out->blocked_by = -1;
	return TW_OK;
}
static const tw_shot_model fast = {"fast", fire_stub, NULL};
const tw_shot_model *tw_shot_model_fast(void) { return &fast; }
const tw_shot_model *tw_shot_model_find(const char *name) { return strcmp(name, "fast") == 0 ? &fast : NULL; }
#include <math.h>
#include "shot_fast.h"
double tw_shot_fast_elevation_for_range(double range_in, double z0, double target_z) { (void)z0; (void)target_z; return range_in < 300 ? 5.0 : NAN; }
double tw_shot_fast_max_range(double z0) { (void)z0; return 300; }
