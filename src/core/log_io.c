// Game logs ("tinwar-log"): seed, shot model, initial state, orders and the final hash.
// Replaying re-creates the game with tw_game_new and re-applies every order.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io_internal.h"
#include "tinwar/detmath.h"
#include "tinwar/mathprint.h"

json_t *tw_game_log_to_json(const tw_game *g)
{
	const tw_state *init = tw_game_initial(g);
	const tw_shot_model *m = tw_game_shot_model(g);
	char hex[17];
	tw_hash_hex(tw_state_hash(tw_game_state(g)), hex);
	json_t *root = json_object();
	bool ok = tw_io_set(root, "format", json_string("tinwar-log")) &&
		  tw_io_set(root, "version", json_integer(TW_STATE_FORMAT_VERSION)) &&
		  tw_io_set(root, "seed", tw_io_ju64(tw_game_seed(g))) &&
		  tw_io_set(root, "shot_model", json_string(m ? m->name : "fast")) &&
		  tw_io_set(root, "initial", tw_state_to_json(init));
	json_t *orders = json_array();
	for (int i = 0; ok && i < tw_game_order_count(g); i++)
		ok = tw_io_append(orders, tw_order_to_json(tw_game_order(g, i), init));
	if (!ok)
		json_decref(orders);
	else
		ok = tw_io_set(root, "orders", orders);
	// Outcomes of a recorded (costly) shot model, so that a replay never simulates again.
	const tw_shot_recorder *rec = tw_game_recorder(g);
	if (ok && rec) {
		json_t *shots = json_array();
		for (int i = 0; ok && i < tw_shot_recorder_count(rec); i++)
			ok = tw_io_append(shots, tw_io_shot_to_json(tw_shot_recorder_get(rec, i),
								 (uint64_t)tw_shot_recorder_draws(rec, i)));
		if (ok)
			ok = tw_io_set(root, "shots", shots);
		else
			json_decref(shots);
	}
	// Which math functions the game was played with: the engine's own since stop 36 (detmath.h,
	// the same bits everywhere). A log without it, or with another value (the C library's
	// fingerprint, mathprint.h), was played with the C library's and replays with them.
	// A game replayed from such a log keeps its math, so its rewritten log names the C library.
	char mhex[17];
	tw_hash_hex(tw_game_libm_math(g) ? tw_math_fingerprint() : tw_detmath_fingerprint(), mhex);
	ok = ok && tw_io_set(root, "math", json_string(mhex));
	ok = ok && tw_io_set(root, "final_hash", json_string(hex));
	if (!ok) {
		json_decref(root);
		return NULL;
	}
	return root;
}

tw_status tw_game_log_save(const tw_game *g, const char *path, tw_error *err)
{
	return tw_game_log_save_signed(g, path, NULL, err);
}

tw_status tw_game_log_save_signed(const tw_game *g, const char *path, const unsigned char *key, tw_error *err)
{
	tw_error_clear(err);
	json_t *root = tw_game_log_to_json(g);
	if (!root)
		return tw_error_set(err, TW_ERR_STATE, "", "game log cannot be written (non-finite number or out of memory)");
	if (key) {
		tw_status st = tw_log_sign(root, key, err);
		if (st != TW_OK) {
			json_decref(root);
			return st;
		}
	}
	char *text = tw_io_dumps(root);
	json_decref(root);
	if (!text)
		return tw_io_nomem(err);
	tw_status st = tw_write_file_atomic(path, text, strlen(text), err);
	free(text);
	return st;
}

/// After a refused order or a final hash that differs, in the replay of a log played with the C
/// library's math functions: says so after the message (as much as the message holds), and
/// whether the library that wrote it gave other last bits than this one.
static void math_hint(const tw_log_check *c, tw_error *err)
{
	if (!err || !c->math_libm)
		return;
	size_t n = strlen(err->message);
	if (c->math_differs) {
		char there[17], here[17];
		tw_hash_hex(c->math, there);
		tw_hash_hex(tw_math_fingerprint(), here);
		snprintf(err->message + n, sizeof err->message - n,
			 "; the log was played with the C library's math functions, and where they give other last "
			 "bits (math %s there, %s here): docs/design.md, Determinism across machines",
			 there, here);
	} else if (c->math == 0) {
		snprintf(err->message + n, sizeof err->message - n,
			 "; the log was played with the C library's math functions (before stop 36) and is replayed "
			 "with this machine's, which may give other last bits: docs/design.md, Determinism across machines");
	}
}

/// Sets err->path to "$.orders[i]" (for failures reported by the game itself).
static void order_path(tw_error *err, const char *key, int i)
{
	if (!err)
		return;
	if (i >= 0)
		snprintf(err->path, sizeof err->path, "$.%s[%d]", key, i);
	else
		snprintf(err->path, sizeof err->path, "$.%s", key);
}

static tw_status hash_value(const json_t *v, uint64_t *out, tw_io_path *p, tw_error *err)
{
	if (!json_is_string(v) || json_string_length(v) != 16)
		return tw_io_fail(err, p, "expected 16 hex digits");
	return tw_io_u64(v, out, p, err);
}

/// Reads the log's header fields and the initial state; *math is the log's math fingerprint, 0
/// when it records none (logs written before stop 36).
static tw_status read_header(const json_t *root, uint64_t *seed, const tw_shot_model **model, uint64_t *hash,
			     uint64_t *math, tw_state *init, tw_io_path *p, tw_error *err)
{
	static const char *const keys[] = {"format", "version", "seed", "shot_model", "initial", "orders", "shots",
					   "math", "final_hash", "signature", NULL};
	tw_status st = tw_io_object(root, keys, p, err);
	if (st == TW_OK)
		st = tw_io_header(root, "tinwar-log", NULL, NULL, p, err);
	const char *required[] = {"seed", "shot_model", "initial", "orders", "final_hash"};
	for (size_t i = 0; st == TW_OK && i < TW_ARRAY_COUNT(required); i++)
		if (!json_object_get(root, required[i]))
			st = tw_io_fail(err, p, "missing required key \"%s\"", required[i]);
	if (st != TW_OK)
		return st;
	size_t n = tw_io_push_key(p, "seed");
	st = tw_io_u64(json_object_get(root, "seed"), seed, p, err);
	tw_io_pop(p, n);
	if (st != TW_OK)
		return st;
	const char *name = NULL;
	st = tw_io_get_str(root, "shot_model", true, 64, &name, p, err);
	if (st != TW_OK)
		return st;
	if (!(*model = tw_shot_model_find(name))) {
		n = tw_io_push_key(p, "shot_model");
		st = tw_io_fail(err, p, "unknown shot model \"%s\"", name);
		tw_io_pop(p, n);
		return st;
	}
	n = tw_io_push_key(p, "final_hash");
	st = hash_value(json_object_get(root, "final_hash"), hash, p, err);
	tw_io_pop(p, n);
	if (st != TW_OK)
		return st;
	*math = 0;
	if (json_object_get(root, "math")) {
		n = tw_io_push_key(p, "math");
		st = hash_value(json_object_get(root, "math"), math, p, err);
		if (st == TW_OK && *math == 0)
			st = tw_io_fail(err, p, "a math fingerprint is never 0");
		tw_io_pop(p, n);
		if (st != TW_OK)
			return st;
	}
	const json_t *orders = json_object_get(root, "orders");
	if (!json_is_array(orders) || json_array_size(orders) > TW_IO_MAX_ORDERS) {
		n = tw_io_push_key(p, "orders");
		st = tw_io_fail(err, p, "expected an array of at most %d orders", TW_IO_MAX_ORDERS);
		tw_io_pop(p, n);
		return st;
	}
	n = tw_io_push_key(p, "initial");
	st = tw_io_state_read(init, json_object_get(root, "initial"), p, err);
	tw_io_pop(p, n);
	return st;
}

/// Reads the recorded shots into a replaying recorder around model; NULL on failure.
static tw_shot_recorder *read_shots(const json_t *shots, const tw_shot_model *model, const tw_state *init,
				    tw_io_path *p, tw_error *err)
{
	size_t n = tw_io_push_key(p, "shots");
	tw_status st = json_is_array(shots) && json_array_size(shots) <= TW_IO_MAX_SHOTS
			       ? TW_OK
			       : tw_io_fail(err, p, "expected an array of at most %d recorded shots", TW_IO_MAX_SHOTS);
	tw_shot_recorder *rec = st == TW_OK ? tw_shot_recorder_new(model) : NULL;
	if (st == TW_OK && !rec)
		st = tw_io_nomem(err);
	tw_shot_result *r = st == TW_OK ? malloc(sizeof *r) : NULL;
	if (st == TW_OK && !r)
		st = tw_io_nomem(err);
	for (size_t i = 0; st == TW_OK && i < json_array_size(shots); i++) {
		size_t m = tw_io_push_index(p, i);
		uint64_t draws = 0;
		st = tw_io_shot_read(json_array_get(shots, i), r, &draws, init->nfig, init->table.nterrain, p, err);
		if (st == TW_OK)
			st = tw_shot_recorder_push(rec, r, draws) == TW_OK ? TW_OK : tw_io_nomem(err);
		tw_io_pop(p, m);
	}
	free(r);
	tw_io_pop(p, n);
	if (st != TW_OK) {
		tw_shot_recorder_free(rec);
		return NULL;
	}
	return rec;
}

/// After a refused order: names the recorded shot that did not come out as recorded, or that
/// the log lacks.
static void shot_refusal(const tw_shot_recorder *rec, const tw_shot_model *model, size_t order, tw_error *err)
{
	char why[192];
	int k = rec ? tw_shot_recorder_mismatch(rec, why, sizeof why) : -1;
	if (k >= 0) {
		tw_error_set(err, TW_ERR_INPUT, "",
			     "recorded shot %d (fired by $.orders[%zu]) is not what the %s shot model gives: %s", k, order,
			     model->name, why);
		if (err)
			snprintf(err->path, sizeof err->path, "$.shots[%d]", k);
	} else if (rec && err && tw_shot_recorder_unused(rec) == 0 && strstr(err->message, "ran out of recorded shots")) {
		tw_error_set(err, TW_ERR_INPUT, "", "$.orders[%zu] fires a shot beyond the %d that the log records", order,
			     tw_shot_recorder_count(rec));
		snprintf(err->path, sizeof err->path, "$.shots");
	}
}

static tw_game *replay_in(const json_t *root, tw_log_check *c, tw_error *err);

// The replay with the math functions the log was played with (replay_in sets c->math_libm
// before the first order), the thread's setting put back after.
static tw_game *replay(const json_t *root, tw_log_check *c, tw_error *err)
{
	bool was = tw_math_use_libm(false);
	tw_game *g = replay_in(root, c, err);
	tw_math_use_libm(was);
	return g;
}

static tw_game *replay_in(const json_t *root, tw_log_check *c, tw_error *err)
{
	tw_io_path p;
	tw_io_path_init(&p, "$");
	uint64_t seed = 0, hash = 0;
	const tw_shot_model *model = NULL;
	tw_state init;
	if (read_header(root, &seed, &model, &hash, &c->math, &init, &p, err) != TW_OK)
		return NULL;
	// The engine's own math functions (detmath.h), or the C library's for a log played with them.
	c->math_libm = c->math != tw_detmath_fingerprint();
	c->math_differs = c->math_libm && c->math != 0 && c->math != tw_math_fingerprint();
	tw_math_use_libm(c->math_libm);
	const json_t *sig = json_object_get(root, "signature");
	if (sig) {
		size_t n = tw_io_push_key(&p, "signature");
		tw_status st = tw_io_signature_read(sig, &p, err);
		tw_io_pop(&p, n);
		if (st != TW_OK) {
			tw_state_free(&init);
			return NULL;
		}
		if (c->key)
			c->signature = tw_log_signature_check(root, c->key);
	}
	bool verify = c->verify && !(c->trust_signed && c->signature == 1);
	// Recorded outcomes, if any, are handed back in order instead of simulating the shots, or
	// (verifying) fired again and compared.
	tw_shot_recorder *rec = NULL;
	const tw_shot_model *inner = model;
	const json_t *shots = json_object_get(root, "shots");
	if (shots) {
		if (!(rec = read_shots(shots, model, &init, &p, err))) {
			tw_state_free(&init);
			return NULL;
		}
		c->shots = tw_shot_recorder_count(rec);
		if (verify)
			tw_shot_recorder_verify(rec);
		else
			tw_shot_recorder_replay(rec);
		model = tw_shot_recorder_model(rec);
	}
	tw_game *g = tw_game_new(&init, seed, model, err);
	tw_state_free(&init);
	if (g)
		tw_game_set_libm_math(g, c->math_libm);
	if (g && rec)
		tw_game_adopt_recorder(g, rec);
	else
		tw_shot_recorder_free(rec);
	if (!g) {
		order_path(err, "initial", -1);
		return NULL;
	}
	tw_order *o = malloc(sizeof *o);
	if (!o) {
		tw_io_nomem(err);
		tw_game_free(g);
		return NULL;
	}
	const json_t *orders = json_object_get(root, "orders");
	tw_io_push_key(&p, "orders");
	for (size_t i = 0; i < json_array_size(orders); i++) {
		size_t n = tw_io_push_index(&p, i);
		tw_status st = tw_io_order_read(o, tw_game_state(g), json_array_get(orders, i), &p, err);
		tw_io_pop(&p, n);
		if (st == TW_OK) {
			st = tw_game_apply(g, o, NULL, NULL, err);
			if (st != TW_OK) {
				order_path(err, "orders", (int)i);
				shot_refusal(rec, inner, i, err);
				math_hint(c, err);
			}
		}
		if (st != TW_OK) {
			free(o);
			tw_game_free(g);
			return NULL;
		}
	}
	free(o);
	// Every recorded shot must have been fired: a record that no order uses is refused.
	if (rec && tw_shot_recorder_unused(rec) > 0) {
		int k = tw_shot_recorder_count(rec) - tw_shot_recorder_unused(rec), last = tw_shot_recorder_count(rec) - 1;
		if (k == last)
			tw_error_set(err, TW_ERR_INPUT, "", "recorded shot %d is never fired: the orders fire only %d", k, k);
		else
			tw_error_set(err, TW_ERR_INPUT, "", "recorded shots %d to %d are never fired: the orders fire only %d",
				     k, last, k);
		if (err)
			snprintf(err->path, sizeof err->path, "$.shots[%d]", k);
		tw_game_free(g);
		return NULL;
	}
	c->verified = verify && rec;
	uint64_t got = tw_state_hash(tw_game_state(g));
	c->hash_ok = got == hash;
	if (got != hash) {
		char want[17], have[17];
		tw_hash_hex(hash, want);
		tw_hash_hex(got, have);
		tw_error_set(err, TW_ERR_STATE, "", "final hash mismatch: the log says %s, the replay gives %s", want,
			     have);
		order_path(err, "final_hash", -1);
		math_hint(c, err);
	}
	return g;
}

tw_game *tw_game_log_check(const char *text, size_t len, const char *source, tw_log_check *c, tw_error *err)
{
	tw_error_clear(err);
	c->hash_ok = c->verified = c->math_differs = c->math_libm = false;
	c->math = 0;
	c->signature = 0;
	c->shots = 0;
	json_t *root = tw_io_parse(text, len, source, err);
	if (!root)
		return NULL;
	tw_game *g = replay(root, c, err);
	json_decref(root);
	tw_io_prefix(err, source);
	return g;
}

tw_game *tw_game_log_replay(const char *text, size_t len, const char *source, bool *hash_ok, tw_error *err)
{
	tw_log_check c = {0};
	tw_game *g = tw_game_log_check(text, len, source, &c, err);
	if (hash_ok)
		*hash_ok = g && c.hash_ok;
	return g;
}
