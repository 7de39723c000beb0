// Internal helpers shared by the JSON readers and writers (state, orders, logs).
// Not installed; declared here so that tests and fuzzers (which see src/) may use them.
#ifndef TW_IO_INTERNAL_H
#define TW_IO_INTERNAL_H
#include <jansson.h>

#include "tinwar/io.h"

/// Largest accepted |coordinate| or length, inches ("within reason").
#define TW_IO_COORD_MAX 100000.0
/// Limits on document sizes (a hostile file must not make us allocate without bound). A file
/// is refused by its size before it is read, and a text by its counts (tw_io_prescan) before
/// jansson builds anything; docs/format.md "Limits".
#define TW_IO_MAX_FILE_BYTES ((size_t)64 << 20) ///< largest document, bytes
#define TW_IO_MAX_DEPTH 32                      ///< deepest nesting of arrays and objects
#define TW_IO_MAX_MEMBERS 100000                ///< largest array or object not named below
#define TW_IO_MAX_TREE_BYTES ((size_t)512 << 20) ///< estimated memory of the parsed document
#define TW_IO_MAX_FIGURES TW_LOAD_MAX_COUNT
#define TW_IO_MAX_GUNS 10000
#define TW_IO_MAX_UNITS 10000
#define TW_IO_MAX_TERRAIN 10000
#define TW_IO_MAX_ORDERS 1000000     ///< orders in a game log
#define TW_IO_MAX_ORDERS_FILE 10000  ///< orders in an orders document (each takes ~17 KB)
#define TW_IO_MAX_SHOTS 100000       ///< recorded shots in a game log
#define TW_IO_MAX_SHOT_DRAWS 4096    ///< generator draws of one recorded shot
/// Largest game-move number in a document (move_no, moved_in, ...): far from INT32_MAX, so
/// that the rules' move arithmetic cannot overflow.
#define TW_IO_MAX_MOVE TW_LOAD_MAX_MOVE
/// |n| of an order (the order's generic count or mode).
#define TW_IO_ORDER_N_MAX 1000000
/// Range of a rule-set integer (var or stat) when the rule set gives none (tw_ruleset.ranges).
#define TW_IO_INT_LIMIT 1000000000
/// Returns the status of `call` when it is not TW_OK.
#define TW_TRY(call)                                                                               \
	do {                                                                                       \
		tw_status tw_try_st_ = (call);                                                     \
		if (tw_try_st_ != TW_OK)                                                           \
			return tw_try_st_;                                                         \
	} while (0)
/// Flags for json_dumps: 17 significant digits make doubles round-trip exactly.
#define TW_IO_DUMP_FLAGS JSON_REAL_PRECISION(17)

/// A JSON path under construction ("$.figures[3].at"). Segments are pushed and popped;
/// a path too long for tw_error.path is cut and marked with "...".
typedef struct tw_io_path {
	char s[128];
	size_t n;
} tw_io_path;

void tw_io_path_init(tw_io_path *p, const char *root);
/// Appends ".key"; returns the previous length for tw_io_pop.
size_t tw_io_push_key(tw_io_path *p, const char *key);
/// Appends "[i]"; returns the previous length.
size_t tw_io_push_index(tw_io_path *p, size_t i);
void tw_io_pop(tw_io_path *p, size_t n);

/// Sets err (TW_ERR_INPUT, path = p) and returns TW_ERR_INPUT.
tw_status tw_io_fail(tw_error *err, const tw_io_path *p, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/// Sets err to out of memory and returns TW_ERR_NOMEM.
tw_status tw_io_nomem(tw_error *err);

/// Fails unless v is an object whose keys are all in the NULL-terminated list `allowed`.
tw_status tw_io_object(const json_t *v, const char *const *allowed, tw_io_path *p, tw_error *err);

// Value readers: v is the value itself, p its path.
/// A finite number (integer or real) in [lo, hi].
tw_status tw_io_num(const json_t *v, double lo, double hi, double *out, tw_io_path *p, tw_error *err);
/// A JSON integer in [lo, hi].
tw_status tw_io_int(const json_t *v, int64_t lo, int64_t hi, int64_t *out, tw_io_path *p, tw_error *err);
/// A non-negative integer, or a string of 1..16 hex digits (for values beyond 2^63).
tw_status tw_io_u64(const json_t *v, uint64_t *out, tw_io_path *p, tw_error *err);
/// A string of at most maxlen bytes (maxlen excludes the NUL); non-empty if nonempty.
tw_status tw_io_str(const json_t *v, size_t maxlen, bool nonempty, const char **out, tw_io_path *p,
		    tw_error *err);
tw_status tw_io_bool(const json_t *v, bool *out, tw_io_path *p, tw_error *err);
/// A point [x, y] with |x|, |y| <= TW_IO_COORD_MAX.
tw_status tw_io_vec(const json_t *v, tw_vec2 *out, tw_io_path *p, tw_error *err);
/// An array of at most max integers in [lo, hi] into out[]; *n gets the count.
tw_status tw_io_ints(const json_t *v, int max, int64_t lo, int64_t hi, int32_t *out, int *n, tw_io_path *p,
		     tw_error *err);
/// An array of 1..max points into out[]; *n gets the count.
tw_status tw_io_vecs(const json_t *v, int max, tw_vec2 *out, int *n, tw_io_path *p, tw_error *err);

// Field readers: obj[key], pushing the key onto the path. Absent and not required: out untouched.
tw_status tw_io_get_num(const json_t *obj, const char *key, bool required, double lo, double hi, double *out,
			tw_io_path *p, tw_error *err);
tw_status tw_io_get_int(const json_t *obj, const char *key, bool required, int64_t lo, int64_t hi, int64_t *out,
			tw_io_path *p, tw_error *err);
tw_status tw_io_get_i32(const json_t *obj, const char *key, bool required, int64_t lo, int64_t hi, int32_t *out,
			tw_io_path *p, tw_error *err);
tw_status tw_io_get_str(const json_t *obj, const char *key, bool required, size_t maxlen, const char **out,
			tw_io_path *p, tw_error *err);
tw_status tw_io_get_vec(const json_t *obj, const char *key, bool required, tw_vec2 *out, tw_io_path *p,
			tw_error *err);
/// Reads obj[key] as a side name of s; *out gets the index.
tw_status tw_io_get_side(const json_t *obj, const char *key, bool required, const tw_state *s, int *out,
			 tw_io_path *p, tw_error *err);

/// Checks "format" == fmt (or fmt2 if not NULL) and "version" == 1; *which = 0 or 1.
tw_status tw_io_header(const json_t *root, const char *fmt, const char *fmt2, int *which, tw_io_path *p,
		       tw_error *err);

// Writers. Each returns false on failure (out of memory, or a non-finite number).
/// A double: integral values as JSON integers, others as reals (dumped with 17 digits).
json_t *tw_io_jnum(double v);
json_t *tw_io_jvec(tw_vec2 v);
/// A uint64 as a JSON integer when it fits in int64, else as 16 hex digits (see tw_io_u64).
json_t *tw_io_ju64(uint64_t v);
/// obj[key] = v (steals v); false (and v released) if v is NULL or on failure.
bool tw_io_set(json_t *obj, const char *key, json_t *v);
/// Appends v (steals v); false if v is NULL or on failure.
bool tw_io_append(json_t *arr, json_t *v);

/// Parses text with JSON_REJECT_DUPLICATES; syntax errors fill err (line, column) with the
/// message prefixed by "SOURCE:LINE:COL: ". Runs tw_io_prescan first. NULL on failure.
json_t *tw_io_parse(const char *text, size_t len, const char *source, tw_error *err);
/// Checks a JSON text against the limits above before anything is built from it: its length,
/// its nesting, the members of each array and object (figures, guns, units, terrain, orders,
/// shots by name, others TW_IO_MAX_MEMBERS) and the estimated memory of its parsed tree.
/// Fails with TW_ERR_INPUT, err->path the JSON path and err->message "SOURCE: PATH: ...".
/// Syntax is left to the parser.
tw_status tw_io_prescan(const char *text, size_t len, const char *source, tw_error *err);
/// Prefixes err->message with "SOURCE: PATH: " (after a content error).
void tw_io_prefix(tw_error *err, const char *source);

/// Dumps a document for a file: the top level and any object holding objects one key per
/// line, arrays of objects one member per line (one figure, one order per line). Reals
/// with 17 digits. malloc'd, ends in a newline; NULL on failure.
char *tw_io_dumps(const json_t *v);

/// Internal state reader/writer with a path prefix (used by the log reader).
tw_status tw_io_state_read(tw_state *s, const json_t *root, tw_io_path *p, tw_error *err);
/// Internal order reader into a caller-provided order (not left unchanged on failure).
tw_status tw_io_order_read(tw_order *o, const tw_state *s, const json_t *obj, tw_io_path *p, tw_error *err);
/// True if two orders are equal in every field their type uses (for round-trip checks).
bool tw_io_order_equal(const tw_order *a, const tw_order *b);
/// Checks the shape of a log's "signature" member ({"alg", "mac"}).
tw_status tw_io_signature_read(const json_t *sig, tw_io_path *p, tw_error *err);
/// A recorded shot outcome as JSON (game logs), and back (figure ids < nfig, terrain ids < nterrain).
json_t *tw_io_shot_to_json(const tw_shot_result *r, uint64_t draws);
tw_status tw_io_shot_read(const json_t *v, tw_shot_result *r, uint64_t *draws, int nfig, int nterrain, tw_io_path *p,
			 tw_error *err);

// ---- rule-set records (record_io.c) ----
/// Reads obj (an element's "data") into the record of element index of kind.
tw_status tw_io_rec_read(tw_state *t, tw_rec_kind kind, int index, const json_t *obj, tw_io_path *p, tw_error *err);
/// Checks every id and side a record holds against the state (after everything is read).
tw_status tw_io_rec_check_refs(const tw_state *t, tw_io_path *p, tw_error *err);
/// The "data" object of an element (fields that differ from their defaults), or NULL when there
/// is nothing to write; *fail is set on out of memory.
json_t *tw_io_rec_write(const tw_state *s, tw_rec_kind kind, int index, bool *fail);

#endif
