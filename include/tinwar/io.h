/// Versioned JSON I/O (jansson): scenarios, states, orders and game logs.
#ifndef TINWAR_IO_H
#define TINWAR_IO_H
#include <jansson.h>
#include "tinwar/game.h"

/// Parses a scenario or state document ("format": "tinwar-scenario" | "tinwar-state").
/// `source` names the text in messages. Errors carry line:column or a JSON path.
tw_status tw_state_from_text(tw_state *s, const char *text, size_t len, const char *source, tw_error *err);
tw_status tw_state_from_json(tw_state *s, const json_t *root, tw_error *err);
/// Loads from a file.
tw_status tw_state_load(tw_state *s, const char *path, tw_error *err);
/// Serialises a state (full, self-contained).
json_t *tw_state_to_json(const tw_state *s);
/// Writes a state atomically (temp file, fsync, rename).
tw_status tw_state_save(const tw_state *s, const char *path, tw_error *err);

/// Parses one order object. `path` prefixes JSON paths in errors (e.g. "$.orders[3]").
tw_status tw_order_from_json(tw_order *o, const tw_state *s, const json_t *obj, const char *path, tw_error *err);
json_t *tw_order_to_json(const tw_order *o, const tw_state *s);
/// A rule set's order description (order.h) as JSON, for front-ends and documentation: one
/// object per type {type, clause, help, usage, flags, per_figure, fields: [names], field_defs:
/// [{name, kind, form, required, min, max, choices, help}], n_choices}. NULL on out of memory.
json_t *tw_ruleset_orders_json(const struct tw_ruleset *rs);
/// Parses an orders document: one order object, an array, or {"orders": [...]}.
/// Returns a malloc'd array in *out with *n entries.
tw_status tw_orders_from_text(tw_order **out, int *n, const tw_state *s, const char *text, size_t len,
			      const char *source, tw_error *err);

json_t *tw_event_to_json(const tw_event *e);
json_t *tw_events_to_json(const tw_events *ev, int first, int count);

/// Game logs: initial state, seed, shot model, orders and the final hash.
json_t *tw_game_log_to_json(const tw_game *g);
tw_status tw_game_log_save(const tw_game *g, const char *path, tw_error *err);
/// Replays a log; returns the game (caller frees) and whether the final hash matched.
tw_game *tw_game_log_replay(const char *text, size_t len, const char *source, bool *hash_ok, tw_error *err);

/// Reads a whole file into a NUL-terminated malloc'd buffer.
char *tw_read_file(const char *path, size_t *len, tw_error *err);
/// Writes text atomically to path.
tw_status tw_write_file_atomic(const char *path, const char *text, size_t len, tw_error *err);
/// Hash as 16 hex digits.
void tw_hash_hex(uint64_t h, char out[17]);

#endif
