// Game logs ("tinwar-log"): seed, shot model, initial state, orders and the final hash.
// Replaying re-creates the game with tw_game_new and re-applies every order.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io_internal.h"

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
	ok = ok && tw_io_set(root, "final_hash", json_string(hex));
	if (!ok) {
		json_decref(root);
		return NULL;
	}
	return root;
}

tw_status tw_game_log_save(const tw_game *g, const char *path, tw_error *err)
{
	tw_error_clear(err);
	json_t *root = tw_game_log_to_json(g);
	if (!root)
		return tw_error_set(err, TW_ERR_STATE, "", "game log cannot be written (non-finite number or out of memory)");
	char *text = tw_io_dumps(root);
	json_decref(root);
	if (!text)
		return tw_io_nomem(err);
	tw_status st = tw_write_file_atomic(path, text, strlen(text), err);
	free(text);
	return st;
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

/// Reads the log's header fields and the initial state.
static tw_status read_header(const json_t *root, uint64_t *seed, const tw_shot_model **model, uint64_t *hash,
			     tw_state *init, tw_io_path *p, tw_error *err)
{
	static const char *const keys[] = {"format", "version", "seed", "shot_model", "initial", "orders", "shots",
					   "final_hash", NULL};
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

static tw_game *replay(const json_t *root, bool *hash_ok, tw_error *err)
{
	tw_io_path p;
	tw_io_path_init(&p, "$");
	uint64_t seed = 0, hash = 0;
	const tw_shot_model *model = NULL;
	tw_state init;
	if (read_header(root, &seed, &model, &hash, &init, &p, err) != TW_OK)
		return NULL;
	// Recorded outcomes, if any, are handed back in order instead of simulating the shots.
	tw_shot_recorder *rec = NULL;
	const json_t *shots = json_object_get(root, "shots");
	if (shots) {
		size_t n = tw_io_push_key(&p, "shots");
		tw_status st = json_is_array(shots) && json_array_size(shots) <= 1000000
				       ? TW_OK
				       : tw_io_fail(err, &p, "expected an array of recorded shots");
		rec = st == TW_OK ? tw_shot_recorder_new(model) : NULL;
		if (st == TW_OK && !rec)
			st = tw_io_nomem(err);
		tw_shot_result *r = st == TW_OK ? malloc(sizeof *r) : NULL;
		if (st == TW_OK && !r)
			st = tw_io_nomem(err);
		for (size_t i = 0; st == TW_OK && i < json_array_size(shots); i++) {
			size_t m = tw_io_push_index(&p, i);
			uint64_t draws = 0;
			st = tw_io_shot_read(json_array_get(shots, i), r, &draws, init.nfig, &p, err);
			if (st == TW_OK)
				st = tw_shot_recorder_push(rec, r, draws) == TW_OK ? TW_OK : tw_io_nomem(err);
			tw_io_pop(&p, m);
		}
		free(r);
		tw_io_pop(&p, n);
		if (st != TW_OK) {
			tw_shot_recorder_free(rec);
			tw_state_free(&init);
			return NULL;
		}
		tw_shot_recorder_replay(rec);
		model = tw_shot_recorder_model(rec);
	}
	tw_game *g = tw_game_new(&init, seed, model, err);
	tw_state_free(&init);
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
			if (st != TW_OK)
				order_path(err, "orders", (int)i);
		}
		if (st != TW_OK) {
			free(o);
			tw_game_free(g);
			return NULL;
		}
	}
	free(o);
	uint64_t got = tw_state_hash(tw_game_state(g));
	if (hash_ok)
		*hash_ok = got == hash;
	if (got != hash) {
		char want[17], have[17];
		tw_hash_hex(hash, want);
		tw_hash_hex(got, have);
		tw_error_set(err, TW_ERR_STATE, "", "final hash mismatch: the log says %s, the replay gives %s", want,
			     have);
		order_path(err, "final_hash", -1);
	}
	return g;
}

tw_game *tw_game_log_replay(const char *text, size_t len, const char *source, bool *hash_ok, tw_error *err)
{
	tw_error_clear(err);
	if (hash_ok)
		*hash_ok = false;
	json_t *root = tw_io_parse(text, len, source, err);
	if (!root)
		return NULL;
	tw_game *g = replay(root, hash_ok, err);
	json_decref(root);
	tw_io_prefix(err, source);
	return g;
}
