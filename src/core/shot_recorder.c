// Recording and replaying shot results: a physics outcome is simulated once, stored, and
// handed back on replay, so a replay never depends on simulating the shot again.
// A replayed shot advances the caller's generator by exactly the draws the recorded shot
// took, so every later chance in the game comes out the same.
#include <stdlib.h>
#include <string.h>

#include "tinwar/shot.h"

struct tw_shot_recorder {
	tw_shot_model model; // first: the model's ctx points back here
	const tw_shot_model *inner;
	tw_shot_result *res;
	uint64_t *draws;
	int n, cap, next;
	bool replaying;
};

static tw_status rec_grow(tw_shot_recorder *r)
{
	if (r->n < r->cap)
		return TW_OK;
	int cap = r->cap ? 2 * r->cap : 16;
	tw_shot_result *res = realloc(r->res, (size_t)cap * sizeof *res);
	if (!res)
		return TW_ERR_NOMEM;
	r->res = res;
	uint64_t *d = realloc(r->draws, (size_t)cap * sizeof *d);
	if (!d)
		return TW_ERR_NOMEM;
	r->draws = d;
	r->cap = cap;
	return TW_OK;
}

static tw_status rec_fire(const tw_shot_model *m, const struct tw_state *s, const tw_shot_request *req, tw_rng *rng,
			  tw_shot_result *out)
{
	tw_shot_recorder *r = m->ctx;
	if (r->replaying) {
		if (r->next >= r->n)
			return TW_ERR_STATE;
		memcpy(out, &r->res[r->next], sizeof *out);
		for (uint64_t k = 0; k < r->draws[r->next]; k++)
			(void)tw_rng_u64(rng);
		r->next++;
		return TW_OK;
	}
	if (!r->inner)
		return TW_ERR_STATE;
	uint64_t before = rng->draws;
	tw_status st = r->inner->fire(r->inner, s, req, rng, out);
	if (st != TW_OK)
		return st;
	return tw_shot_recorder_push(r, out, rng->draws - before);
}

tw_shot_recorder *tw_shot_recorder_new(const tw_shot_model *inner)
{
	tw_shot_recorder *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->inner = inner;
	r->model.name = inner ? inner->name : "replay";
	r->model.fire = rec_fire;
	r->model.ctx = r;
	return r;
}

void tw_shot_recorder_free(tw_shot_recorder *r)
{
	if (!r)
		return;
	free(r->res);
	free(r->draws);
	free(r);
}

const tw_shot_model *tw_shot_recorder_model(tw_shot_recorder *r) { return &r->model; }

int tw_shot_recorder_count(const tw_shot_recorder *r) { return r->n; }

const tw_shot_result *tw_shot_recorder_get(const tw_shot_recorder *r, int k)
{
	return k >= 0 && k < r->n ? &r->res[k] : NULL;
}

int64_t tw_shot_recorder_draws(const tw_shot_recorder *r, int k)
{
	return k >= 0 && k < r->n ? (int64_t)r->draws[k] : -1;
}

tw_status tw_shot_recorder_push(tw_shot_recorder *r, const tw_shot_result *res, uint64_t draws)
{
	if (rec_grow(r) != TW_OK)
		return TW_ERR_NOMEM;
	memcpy(&r->res[r->n], res, sizeof *res);
	r->draws[r->n] = draws;
	r->n++;
	return TW_OK;
}

void tw_shot_recorder_replay(tw_shot_recorder *r)
{
	r->replaying = true;
	r->next = 0;
}

tw_shot_recorder *tw_shot_recorder_of(const tw_shot_model *m)
{
	return m && m->fire == rec_fire ? (tw_shot_recorder *)m->ctx : NULL;
}

tw_shot_recorder *tw_shot_recorder_replayer(const tw_shot_recorder *src)
{
	tw_shot_recorder *r = tw_shot_recorder_new(src->inner);
	if (!r)
		return NULL;
	for (int i = 0; i < src->n; i++)
		if (tw_shot_recorder_push(r, &src->res[i], src->draws[i]) != TW_OK) {
			tw_shot_recorder_free(r);
			return NULL;
		}
	tw_shot_recorder_replay(r);
	return r;
}

int tw_shot_recorder_position(const tw_shot_recorder *r) { return r->replaying ? r->next - 1 : r->n - 1; }
