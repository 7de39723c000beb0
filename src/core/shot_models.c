// Trajectory sampling shared by the shot models (the models are registered in registry.c).
#include <string.h>

#include "tinwar/shot.h"

bool tw_shot_sample_due(tw_shot_sampler *sp, tw_shot_result *r, double t, bool force)
{
	if (!force && t < sp->next)
		return false;
	if (r->nsamples == TW_SHOT_MAX_SAMPLES) {
		// Keep every other sample and halve the rate: samples stay evenly spread.
		int k = 0;
		for (int i = 0; i < r->nsamples; i += 2)
			r->samples[k++] = r->samples[i];
		r->nsamples = k;
		sp->dt *= 2;
		sp->next = k * sp->dt;
		if (!force && t < sp->next)
			return false;
	}
	return true;
}

void tw_shot_sample_put(tw_shot_sampler *sp, tw_shot_result *r, double t, double x, double y, double z)
{
	r->samples[r->nsamples++] = (tw_shot_sample){(float)t, (float)x, (float)y, (float)z};
	while (sp->next <= t)
		sp->next += sp->dt;
}
