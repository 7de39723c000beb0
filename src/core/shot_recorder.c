// Recording and replaying shot results: a physics outcome is simulated once, stored, and
// handed back on replay, so a replay never depends on simulating the shot again.
// A replayed shot advances the caller's generator by exactly the draws the recorded shot
// took, so every later chance in the game comes out the same.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tinwar/shot.h"

// Results are kept packed: the fixed fields, then only the contacts and samples in use (a
// tw_shot_result is ~4.7 KB in full, a typical one a few hundred bytes packed).
typedef struct packed_head {
	int32_t ncontacts, nsamples;
	tw_vec2 rest;
	int32_t blocked_by;
	bool misfire;
	double bearing, elevation;
} packed_head;

struct tw_shot_recorder {
	tw_shot_model model; // first: the model's ctx points back here
	const tw_shot_model *inner;
	unsigned char *data; // packed results, one after another
	size_t len, cap_data;
	size_t *off;         // where result k starts in data
	uint64_t *draws;
	int n, cap, next;
	bool replaying;
	bool verify;              // replaying: re-run each shot through inner and compare
	int mismatch;             // first shot whose re-run differed, or -1
	char why[192];            // what differed
	tw_shot_result *unpacked; // tw_shot_recorder_get's buffer, and the recorded shot when verifying
};

static int clampi(int v, int hi) { return v < 0 ? 0 : (v > hi ? hi : v); }

static size_t packed_size(const tw_shot_result *res)
{
	return sizeof(packed_head) + (size_t)clampi(res->ncontacts, TW_SHOT_MAX_CONTACTS) * sizeof res->contacts[0] +
	       (size_t)clampi(res->nsamples, TW_SHOT_MAX_SAMPLES) * sizeof res->samples[0];
}

static void pack(unsigned char *p, const tw_shot_result *res)
{
	packed_head h = {res->ncontacts, res->nsamples, res->rest, res->blocked_by, res->misfire, res->bearing, res->elevation};
	size_t nc = (size_t)clampi(res->ncontacts, TW_SHOT_MAX_CONTACTS), ns = (size_t)clampi(res->nsamples, TW_SHOT_MAX_SAMPLES);
	memcpy(p, &h, sizeof h);
	p += sizeof h;
	memcpy(p, res->contacts, nc * sizeof res->contacts[0]);
	p += nc * sizeof res->contacts[0];
	memcpy(p, res->samples, ns * sizeof res->samples[0]);
}

// The result as recorded; the contacts and samples beyond the counts are zero.
static void unpack(tw_shot_result *out, const unsigned char *p)
{
	packed_head h;
	memcpy(&h, p, sizeof h);
	p += sizeof h;
	memset(out, 0, sizeof *out);
	out->ncontacts = h.ncontacts;
	out->nsamples = h.nsamples;
	out->rest = h.rest;
	out->blocked_by = h.blocked_by;
	out->misfire = h.misfire;
	out->bearing = h.bearing;
	out->elevation = h.elevation;
	size_t nc = (size_t)clampi(h.ncontacts, TW_SHOT_MAX_CONTACTS), ns = (size_t)clampi(h.nsamples, TW_SHOT_MAX_SAMPLES);
	memcpy(out->contacts, p, nc * sizeof out->contacts[0]);
	p += nc * sizeof out->contacts[0];
	memcpy(out->samples, p, ns * sizeof out->samples[0]);
}

static tw_status rec_grow(tw_shot_recorder *r, size_t bytes)
{
	if (r->len + bytes > r->cap_data) {
		size_t cap = r->cap_data ? 2 * r->cap_data : 8192;
		while (cap < r->len + bytes)
			cap *= 2;
		unsigned char *d = tw_realloc(r->data, cap);
		if (!d)
			return TW_ERR_NOMEM;
		r->data = d;
		r->cap_data = cap;
	}
	if (r->n < r->cap)
		return TW_OK;
	int cap = r->cap ? 2 * r->cap : 16;
	size_t *off = tw_realloc(r->off, (size_t)cap * sizeof *off);
	if (!off)
		return TW_ERR_NOMEM;
	r->off = off;
	uint64_t *d = tw_realloc(r->draws, (size_t)cap * sizeof *d);
	if (!d)
		return TW_ERR_NOMEM;
	r->draws = d;
	r->cap = cap;
	return TW_OK;
}

static const char *const how_name[] = {"?", "touched", "knocked over", "felled", "left leaning"};

static const char *how_text(int how) { return how >= 1 && how <= 4 ? how_name[how] : how_name[0]; }

/// Compares a re-run shot (a, taking `draws`) with the recorded one (b, `rdraws`); false with
/// `why` filled at the first difference. Doubles and floats are compared exactly: a log keeps
/// every number exactly, and the models are deterministic on a given build.
static bool same_shot(const tw_shot_result *a, uint64_t draws, const tw_shot_result *b, uint64_t rdraws, char *why,
		      size_t n)
{
	if (a->misfire != b->misfire) {
		snprintf(why, n, "recorded %s, re-run %s", b->misfire ? "a misfire" : "no misfire",
			 a->misfire ? "a misfire" : "no misfire");
		return false;
	}
	if (a->bearing != b->bearing || a->elevation != b->elevation) {
		snprintf(why, n, "fired at bearing %.17g, elevation %.17g; recorded %.17g, %.17g", a->bearing, a->elevation,
			 b->bearing, b->elevation);
		return false;
	}
	if (a->ncontacts != b->ncontacts) {
		snprintf(why, n, "%d contacts recorded, %d on re-running it", b->ncontacts, a->ncontacts);
		return false;
	}
	int nc = clampi(a->ncontacts, TW_SHOT_MAX_CONTACTS);
	for (int i = 0; i < nc; i++) {
		const tw_shot_contact *x = &a->contacts[i], *y = &b->contacts[i];
		if (x->figure != y->figure || x->how != y->how || x->via != y->via || x->t != y->t || x->at.x != y->at.x ||
		    x->at.y != y->at.y || x->speed != y->speed) {
			snprintf(why, n, "contact %d: recorded figure %d %s at %.6g s, re-run figure %d %s at %.6g s", i,
				 (int)y->figure, how_text(y->how), y->t, (int)x->figure, how_text(x->how), x->t);
			return false;
		}
	}
	if (a->rest.x != b->rest.x || a->rest.y != b->rest.y || a->blocked_by != b->blocked_by) {
		snprintf(why, n, "comes to rest at (%.17g, %.17g), recorded (%.17g, %.17g)", a->rest.x, a->rest.y, b->rest.x,
			 b->rest.y);
		return false;
	}
	if (a->nsamples != b->nsamples) {
		snprintf(why, n, "%d trajectory samples recorded, %d on re-running it", b->nsamples, a->nsamples);
		return false;
	}
	int ns = clampi(a->nsamples, TW_SHOT_MAX_SAMPLES);
	for (int i = 0; i < ns; i++) {
		const tw_shot_sample *x = &a->samples[i], *y = &b->samples[i];
		if (x->t != y->t || x->x != y->x || x->y != y->y || x->z != y->z) {
			snprintf(why, n, "trajectory sample %d differs", i);
			return false;
		}
	}
	if (draws != rdraws) {
		snprintf(why, n, "took %llu generator draws, recorded %llu", (unsigned long long)draws,
			 (unsigned long long)rdraws);
		return false;
	}
	return true;
}

/// Verifying: fires the shot through the inner model and refuses it unless it comes out as
/// recorded.
static tw_status verify_fire(tw_shot_recorder *r, const struct tw_state *s, const tw_shot_request *req, tw_rng *rng,
			     tw_shot_result *out)
{
	if (!r->inner)
		return TW_ERR_STATE;
	if (!r->unpacked && !(r->unpacked = malloc(sizeof *r->unpacked)))
		return TW_ERR_NOMEM;
	uint64_t before = rng->draws;
	tw_status st = r->inner->fire(r->inner, s, req, rng, out);
	if (st != TW_OK)
		return st;
	unpack(r->unpacked, r->data + r->off[r->next]);
	if (!same_shot(out, rng->draws - before, r->unpacked, r->draws[r->next], r->why, sizeof r->why)) {
		r->mismatch = r->next;
		return TW_ERR_STATE;
	}
	r->next++;
	return TW_OK;
}

static tw_status rec_fire(const tw_shot_model *m, const struct tw_state *s, const tw_shot_request *req, tw_rng *rng,
			  tw_shot_result *out)
{
	tw_shot_recorder *r = m->ctx;
	if (r->replaying) {
		if (r->next >= r->n || r->mismatch >= 0)
			return TW_ERR_STATE;
		if (r->verify)
			return verify_fire(r, s, req, rng, out);
		unpack(out, r->data + r->off[r->next]);
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
	tw_shot_recorder *r = tw_calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->inner = inner;
	r->model.name = inner ? inner->name : "replay";
	r->model.fire = rec_fire;
	r->model.ctx = r;
	r->mismatch = -1;
	return r;
}

void tw_shot_recorder_free(tw_shot_recorder *r)
{
	if (!r)
		return;
	tw_free(r->data);
	tw_free(r->off);
	tw_free(r->draws);
	tw_free(r->unpacked);
	tw_free(r);
}

const tw_shot_model *tw_shot_recorder_model(tw_shot_recorder *r) { return &r->model; }

int tw_shot_recorder_count(const tw_shot_recorder *r) { return r->n; }

const tw_shot_result *tw_shot_recorder_get(const tw_shot_recorder *r, int k)
{
	if (k < 0 || k >= r->n)
		return NULL;
	tw_shot_recorder *w = (tw_shot_recorder *)r; // the unpacking buffer is not the recording
	if (!w->unpacked && !(w->unpacked = tw_malloc(sizeof *w->unpacked)))
		return NULL;
	unpack(w->unpacked, r->data + r->off[k]);
	return w->unpacked;
}

int64_t tw_shot_recorder_draws(const tw_shot_recorder *r, int k)
{
	return k >= 0 && k < r->n ? (int64_t)r->draws[k] : -1;
}

tw_status tw_shot_recorder_push(tw_shot_recorder *r, const tw_shot_result *res, uint64_t draws)
{
	size_t bytes = packed_size(res);
	if (rec_grow(r, bytes) != TW_OK)
		return TW_ERR_NOMEM;
	r->off[r->n] = r->len;
	pack(r->data + r->len, res);
	r->len += bytes;
	r->draws[r->n] = draws;
	r->n++;
	return TW_OK;
}

void tw_shot_recorder_replay(tw_shot_recorder *r)
{
	r->replaying = true;
	r->verify = false;
	r->next = 0;
	r->mismatch = -1;
}

void tw_shot_recorder_verify(tw_shot_recorder *r)
{
	tw_shot_recorder_replay(r);
	r->verify = true;
}

int tw_shot_recorder_mismatch(const tw_shot_recorder *r, char *why, size_t n)
{
	if (why && n)
		snprintf(why, n, "%s", r->mismatch >= 0 ? r->why : "");
	return r->mismatch;
}

int tw_shot_recorder_unused(const tw_shot_recorder *r) { return r->replaying ? r->n - r->next : 0; }

tw_shot_recorder *tw_shot_recorder_of(const tw_shot_model *m)
{
	return m && m->fire == rec_fire ? (tw_shot_recorder *)m->ctx : NULL;
}

tw_shot_recorder *tw_shot_recorder_replayer(const tw_shot_recorder *src)
{
	tw_shot_recorder *r = tw_shot_recorder_new(src->inner);
	if (!r)
		return NULL;
	if (src->n > 0) {
		r->data = tw_malloc(src->len ? src->len : 1);
		r->off = tw_malloc((size_t)src->n * sizeof *r->off);
		r->draws = tw_malloc((size_t)src->n * sizeof *r->draws);
		if (!r->data || !r->off || !r->draws) {
			tw_shot_recorder_free(r);
			return NULL;
		}
		memcpy(r->data, src->data, src->len);
		memcpy(r->off, src->off, (size_t)src->n * sizeof *r->off);
		memcpy(r->draws, src->draws, (size_t)src->n * sizeof *r->draws);
		r->len = r->cap_data = src->len;
		r->n = r->cap = src->n;
	}
	tw_shot_recorder_replay(r);
	return r;
}

int tw_shot_recorder_position(const tw_shot_recorder *r) { return r->replaying ? r->next - 1 : r->n - 1; }
