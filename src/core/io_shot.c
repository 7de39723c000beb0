// Shot outcomes in game logs: trajectory samples, contacts (who was touched, knocked or
// felled, and how the shot got there), rest point, and the generator draws the shot took.
// A replay hands these back instead of simulating the shot again.
#include <math.h>
#include <string.h>

#include "io_internal.h"

json_t *tw_io_shot_to_json(const tw_shot_result *r, uint64_t draws)
{
	json_t *o = json_object(), *c = json_array(), *smp = json_array();
	bool ok = o && c && smp;
	for (int i = 0; ok && i < r->ncontacts; i++) {
		const tw_shot_contact *k = &r->contacts[i];
		ok = tw_io_append(c, json_pack("[i,o,i,i,o,o,o]", (json_int_t)k->figure, tw_io_jnum(k->t), (json_int_t)k->how,
					       (json_int_t)k->via, tw_io_jnum(k->at.x), tw_io_jnum(k->at.y),
					       tw_io_jnum(k->speed)));
	}
	for (int i = 0; ok && i < r->nsamples; i++) {
		const tw_shot_sample *q = &r->samples[i];
		ok = tw_io_append(smp, json_pack("[o,o,o,o]", tw_io_jnum(q->t), tw_io_jnum(q->x), tw_io_jnum(q->y),
						 tw_io_jnum(q->z)));
	}
	ok = ok && tw_io_set(o, "draws", tw_io_ju64(draws)) && tw_io_set(o, "bearing", tw_io_jnum(r->bearing)) &&
	     tw_io_set(o, "elevation", tw_io_jnum(r->elevation)) && tw_io_set(o, "rest", tw_io_jvec(r->rest)) &&
	     tw_io_set(o, "blocked_by", json_integer(r->blocked_by)) && tw_io_set(o, "misfire", json_boolean(r->misfire));
	if (ok) {
		ok = tw_io_set(o, "contacts", c) && tw_io_set(o, "samples", smp);
		c = smp = NULL;
	}
	json_decref(c);
	json_decref(smp);
	if (!ok) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static tw_status num_at(const json_t *arr, size_t i, double lo, double hi, double *out, tw_io_path *p, tw_error *err)
{
	size_t n = tw_io_push_index(p, i);
	tw_status st = tw_io_num(json_array_get(arr, i), lo, hi, out, p, err);
	tw_io_pop(p, n);
	return st;
}

tw_status tw_io_shot_read(const json_t *v, tw_shot_result *r, uint64_t *draws, int nfig, int nterrain, tw_io_path *p,
			 tw_error *err)
{
	static const char *const keys[] = {"draws", "bearing", "elevation", "rest", "blocked_by", "misfire", "contacts",
					   "samples", NULL};
	tw_status st = tw_io_object(v, keys, p, err);
	if (st != TW_OK)
		return st;
	memset(r, 0, sizeof *r);
	const json_t *d = json_object_get(v, "draws");
	size_t n = tw_io_push_key(p, "draws");
	st = d ? tw_io_u64(d, draws, p, err) : tw_io_fail(err, p, "missing");
	if (st == TW_OK && *draws > TW_IO_MAX_SHOT_DRAWS)
		st = tw_io_fail(err, p, "a shot takes at most %d generator draws", TW_IO_MAX_SHOT_DRAWS);
	tw_io_pop(p, n);
	int64_t blk = -1;
	if (st == TW_OK)
		st = tw_io_get_num(v, "bearing", true, -720, 720, &r->bearing, p, err);
	if (st == TW_OK)
		st = tw_io_get_num(v, "elevation", true, -90, 90, &r->elevation, p, err);
	if (st == TW_OK)
		st = tw_io_get_vec(v, "rest", true, &r->rest, p, err);
	if (st == TW_OK)
		st = tw_io_get_int(v, "blocked_by", true, -1, nterrain - 1, &blk, p, err);
	r->blocked_by = (int32_t)blk;
	const json_t *m = json_object_get(v, "misfire");
	if (st == TW_OK && m) {
		n = tw_io_push_key(p, "misfire");
		st = tw_io_bool(m, &r->misfire, p, err);
		tw_io_pop(p, n);
	}
	const json_t *c = json_object_get(v, "contacts");
	if (st == TW_OK) {
		n = tw_io_push_key(p, "contacts");
		if (!json_is_array(c) || json_array_size(c) > TW_SHOT_MAX_CONTACTS)
			st = tw_io_fail(err, p, "expected an array of at most %d contacts", TW_SHOT_MAX_CONTACTS);
		for (size_t i = 0; st == TW_OK && i < json_array_size(c); i++) {
			const json_t *e = json_array_get(c, i);
			size_t m2 = tw_io_push_index(p, i);
			double f, t, how, via, x, y, sp;
			if (!json_is_array(e) || json_array_size(e) != 7)
				st = tw_io_fail(err, p, "expected [figure, t, how, via, x, y, speed]");
			if (st == TW_OK)
				st = num_at(e, 0, 0, nfig - 1, &f, p, err);
			if (st == TW_OK)
				st = num_at(e, 1, 0, 1e4, &t, p, err);
			if (st == TW_OK)
				st = num_at(e, 2, TW_CONTACT_TOUCHED, TW_CONTACT_LEANING, &how, p, err);
			if (st == TW_OK)
				st = num_at(e, 3, TW_VIA_FLIGHT, TW_VIA_FALL, &via, p, err);
			if (st == TW_OK)
				st = num_at(e, 4, -1e5, 1e5, &x, p, err);
			if (st == TW_OK)
				st = num_at(e, 5, -1e5, 1e5, &y, p, err);
			if (st == TW_OK)
				st = num_at(e, 6, 0, 1e6, &sp, p, err);
			if (st == TW_OK && (f != floor(f) || how != floor(how) || via != floor(via)))
				st = tw_io_fail(err, p, "figure, how and via are whole numbers");
			if (st == TW_OK) {
				tw_shot_contact *k = &r->contacts[r->ncontacts++];
				k->figure = (int32_t)f;
				k->t = t;
				k->how = (uint8_t)how;
				k->via = (uint8_t)via;
				k->at = tw_v2(x, y);
				k->speed = sp;
			}
			tw_io_pop(p, m2);
		}
		tw_io_pop(p, n);
	}
	const json_t *sm = json_object_get(v, "samples");
	if (st == TW_OK && sm) {
		n = tw_io_push_key(p, "samples");
		if (!json_is_array(sm) || json_array_size(sm) > TW_SHOT_MAX_SAMPLES)
			st = tw_io_fail(err, p, "expected an array of at most %d samples", TW_SHOT_MAX_SAMPLES);
		for (size_t i = 0; st == TW_OK && i < json_array_size(sm); i++) {
			const json_t *e = json_array_get(sm, i);
			size_t m2 = tw_io_push_index(p, i);
			double q[4];
			if (!json_is_array(e) || json_array_size(e) != 4)
				st = tw_io_fail(err, p, "expected [t, x, y, z]");
			for (size_t k = 0; st == TW_OK && k < 4; k++)
				st = num_at(e, k, -1e5, 1e5, &q[k], p, err);
			if (st == TW_OK) {
				tw_shot_sample *o = &r->samples[r->nsamples++];
				o->t = (float)q[0];
				o->x = (float)q[1];
				o->y = (float)q[2];
				o->z = (float)q[3];
			}
			tw_io_pop(p, m2);
		}
		tw_io_pop(p, n);
	}
	return st;
}
