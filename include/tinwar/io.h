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
/// A rule set's record tables (record.h) as JSON, for front-ends and documentation: {kind:
/// [{name, type, count, visible: all|owner|umpire, help, choices?}]} for each kind it keeps
/// (game, side, figure, gun, unit, terrain). NULL on out of memory.
json_t *tw_ruleset_records_json(const struct tw_ruleset *rs);
/// Parses an orders document: one order object, an array, or {"orders": [...]}.
/// Returns a malloc'd array in *out with *n entries.
tw_status tw_orders_from_text(tw_order **out, int *n, const tw_state *s, const char *text, size_t len,
			      const char *source, tw_error *err);

json_t *tw_event_to_json(const tw_event *e);
json_t *tw_events_to_json(const tw_events *ev, int first, int count);
/// Events first..first+count as `seat` reads them (tw_event_for_seat: veiled where the event is
/// for other sides only; the umpire's and the host's whole). s names the sides (may be NULL).
json_t *tw_events_to_json_seat(const tw_events *ev, int first, int count, const struct tw_state *s, int seat);

/// Game logs: initial state, seed, shot model, orders and the final hash.
json_t *tw_game_log_to_json(const tw_game *g);
tw_status tw_game_log_save(const tw_game *g, const char *path, tw_error *err);
/// The same, signed with key (TW_LOG_KEY_BYTES, see tw_log_sign) unless key is NULL.
tw_status tw_game_log_save_signed(const tw_game *g, const char *path, const unsigned char *key, tw_error *err);
/// Replays a log; returns the game (caller frees) and whether the final hash matched. Recorded
/// shot outcomes are taken as given (see tw_game_log_check to re-run them). A log with
/// recorded shots that its orders never fire is refused (path "$.shots[k]").
tw_game *tw_game_log_replay(const char *text, size_t len, const char *source, bool *hash_ok, tw_error *err);

/// How tw_game_log_check replays a log, and what it found.
typedef struct tw_log_check {
	bool verify;              ///< in: re-run every recorded shot with its shot model, refuse a difference
	bool trust_signed;        ///< in: with verify, a log signed with `key` is not re-run
	const unsigned char *key; ///< in: this installation's log key (TW_LOG_KEY_BYTES), or NULL
	bool hash_ok;             ///< out: the final hash matched
	bool verified;            ///< out: every recorded shot was re-run and came out as recorded
	int signature;            ///< out: 1 signed with key, 0 unsigned (or no key), -1 signed otherwise or altered
	int shots;                ///< out: recorded shots
	uint64_t math;            ///< out: the log's "math": tw_detmath_fingerprint since stop 36; 0 when it has none
	bool math_libm;           ///< out: played with the C library's math functions (no "math", or another
				  ///< value): replayed with them (tw_math_use_libm), as it was played
	bool math_differs;        ///< out: and its "math" is not this machine's C library's (tw_math_fingerprint):
				  ///< the replay may come out otherwise
} tw_log_check;
/// Replays a log as tw_game_log_replay does; with c->verify, every shot is fired again through
/// the log's shot model (deterministic on a given build; the fast model on every build), and
/// the first shot whose outcome or generator draws differ from the record refuses the log
/// (TW_ERR_INPUT, path "$.shots[k]", the message names the order that fired it and what
/// differed). NULL on any refusal.
tw_game *tw_game_log_check(const char *text, size_t len, const char *source, tw_log_check *c, tw_error *err);

/// This installation's log key: 32 bytes (libsodium crypto_auth, HMAC-SHA-512-256).
#define TW_LOG_KEY_BYTES 32
/// Where the key lives: $TINWAR_LOG_KEY, else $XDG_DATA_HOME/tinwar/log.key, else
/// $HOME/.local/share/tinwar/log.key.
tw_status tw_log_key_path(char *out, size_t n, tw_error *err);
/// Reads the key at path; with `create`, makes it first if there is none (random, mode 0600,
/// its directory 0700). A key others may read, or not owned by the user, is refused.
/// TW_ERR_INPUT when absent and not created.
tw_status tw_log_key_load(const char *path, bool create, unsigned char key[TW_LOG_KEY_BYTES], tw_error *err);
/// Signs a log document (tw_game_log_to_json) with key: sets its "signature" member.
tw_status tw_log_sign(json_t *log, const unsigned char key[TW_LOG_KEY_BYTES], tw_error *err);
/// 1 if the log carries a signature made with key over its present content, 0 if it carries
/// none, -1 otherwise.
int tw_log_signature_check(const json_t *log, const unsigned char key[TW_LOG_KEY_BYTES]);

/// Parses a JSON document within the limits of docs/format.md ("Limits": size, nesting,
/// counts, memory), refusing duplicate keys; errors as tw_state_from_text's. NULL on failure.
json_t *tw_json_load(const char *text, size_t len, const char *source, tw_error *err);

/// Reads a whole file into a NUL-terminated malloc'd buffer. A file larger than 64 MiB (the
/// largest document, docs/format.md "Limits") is refused by its size before it is read.
char *tw_read_file(const char *path, size_t *len, tw_error *err);
/// Writes text atomically to path.
tw_status tw_write_file_atomic(const char *path, const char *text, size_t len, tw_error *err);
/// Hash as 16 hex digits.
void tw_hash_hex(uint64_t h, char out[17]);

#endif
