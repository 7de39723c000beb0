/// Rule-set records: the data a rule set keeps in the state (per game, side, figure, gun, unit
/// and terrain piece), declared by the rule set as plain C structs with a field table. From the
/// table the core clones, hashes, saves, loads, validates and hides them, and front-ends (the
/// terminal, pictures, the browser table, Lua doctrines) read them by name.
#ifndef TINWAR_RECORD_H
#define TINWAR_RECORD_H
#include <stddef.h>

#include "tinwar/base.h"

/// What a record belongs to. A state holds one game record, one per side (TW_MAX_SIDES), and
/// one per figure, gun, unit and terrain piece (parallel to those arrays).
typedef enum tw_rec_kind {
	TW_REC_GAME = 0,
	TW_REC_SIDE,
	TW_REC_FIGURE,
	TW_REC_GUN,
	TW_REC_UNIT,
	TW_REC_TERRAIN,
	TW_REC_KIND_COUNT
} tw_rec_kind;

typedef enum tw_field_type {
	TW_FT_BOOL = 0, ///< uint8_t, JSON true/false
	TW_FT_I8,       ///< int8_t
	TW_FT_U8,       ///< uint8_t
	TW_FT_I16,      ///< int16_t
	TW_FT_I32,      ///< int32_t
	TW_FT_U32,      ///< uint32_t
	TW_FT_I64,      ///< int64_t (JSON integer)
	TW_FT_F64,      ///< double (finite)
	TW_FT_ENUM,     ///< int32_t, JSON: one of `choices` (value = index)
	TW_FT_FLAGS,    ///< uint32_t, JSON: array of names from `choices` (bit k = choices[k])
	TW_FT_STR,      ///< char[count] holding a NUL-terminated string, JSON string
	TW_FT_FIG,      ///< int32_t figure id, -1 none
	TW_FT_GUN,      ///< int32_t gun id, -1 none
	TW_FT_UNIT,     ///< int32_t unit id, -1 none
	TW_FT_TERRAIN,  ///< int32_t terrain piece id, -1 none
	TW_FT_SIDE,     ///< int8_t side index, -1 none; JSON: the side's name
	TW_FT_COUNT
} tw_field_type;

/// Who may see a field (applied to every seat's view by the core).
typedef enum tw_visibility {
	TW_VIS_ALL = 0, ///< everyone
	TW_VIS_OWNER,   ///< the side that owns the element (a side's own record, a figure's side, ...),
			///< and the umpire; for the game and terrain records: the umpire only
	TW_VIS_UMPIRE,  ///< the umpire (and the engine) only
} tw_visibility;

/// One field of a record. A field of count > 1 is an array of that many elements (except
/// TW_FT_STR, where count is the buffer size in bytes, NUL included).
typedef struct tw_field_def {
	const char *name;   ///< JSON key and the name front-ends read it by
	uint8_t type;       ///< tw_field_type
	uint8_t vis;        ///< tw_visibility
	uint16_t count;     ///< elements (>= 1)
	uint32_t offset;    ///< offsetof(record struct, member)
	double def;         ///< value of every element in a new record (refs: -1 for none)
	double min, max;    ///< accepted on load (integers and F64; refs are checked against the state)
	const char *const *choices; ///< NULL-terminated names (TW_FT_ENUM values, TW_FT_FLAGS bits)
	const char *help;   ///< what it means, with its clause and unit
	uint32_t msize;     ///< sizeof the struct member (TW_FIELD fills it; 0: unchecked), checked against type x count
	/// Added after the rule set's hashes were pinned: hashed only when some element is not 0, so
	/// a game that never sets it keeps its hash (tw_rec_hash). TW_FIELD_LATE sets it.
	uint8_t late;
} tw_field_def;

/// A record type: the struct's size and its fields. Every byte a rule set reads must belong to
/// a field (the core saves and loads only fields; padding is kept zero).
typedef struct tw_record_def {
	uint32_t size;
	int nfields;
	const tw_field_def *fields;
} tw_record_def;

/// Helpers for field tables: TW_FIELD(struct, member, type, vis, default, min, max, choices, help);
/// TW_FIELD_N adds the element count (arrays, string buffers).
#define TW_FIELD(S, m, T, V, D, LO, HI, CH, H)                                                          \
	{#m, (T), (V), 1, (uint32_t)offsetof(S, m), (D), (LO), (HI), (CH), (H), (uint32_t)sizeof(((S *)0)->m), 0}
/// A field added after hashes were pinned (tw_field_def.late): its default must be 0.
#define TW_FIELD_LATE(S, m, T, V, D, LO, HI, CH, H)                                                     \
	{#m, (T), (V), 1, (uint32_t)offsetof(S, m), (D), (LO), (HI), (CH), (H), (uint32_t)sizeof(((S *)0)->m), 1}
#define TW_FIELD_N(S, m, T, V, N, D, LO, HI, CH, H)                                                    \
	{#m, (T), (V), (N), (uint32_t)offsetof(S, m), (D), (LO), (HI), (CH), (H), (uint32_t)sizeof(((S *)0)->m), 0}
/// An array field added after hashes were pinned: hashed only when some element is not 0.
#define TW_FIELD_N_LATE(S, m, T, V, N, D, LO, HI, CH, H)                                               \
	{#m, (T), (V), (N), (uint32_t)offsetof(S, m), (D), (LO), (HI), (CH), (H), (uint32_t)sizeof(((S *)0)->m), 1}

struct tw_state;

/// Size in bytes of one element of a field's type.
size_t tw_field_type_size(tw_field_type t);
const char *tw_field_type_name(tw_field_type t);
const char *tw_rec_kind_name(tw_rec_kind k);
/// Checks a record table (sizes, offsets inside the struct, no overlaps, names unique, defaults
/// in range). For the registry and tests; returns false and fills err on the first fault.
bool tw_record_def_check(const tw_record_def *d, tw_error *err);
/// Index of the field named `name`, or -1.
int tw_record_field(const tw_record_def *d, const char *name);

/// The record of element `index` of `kind` in s (the game record: index 0), or NULL when the
/// rule set has no such record or the index is out of range.
void *tw_rec(struct tw_state *s, tw_rec_kind kind, int index);
const void *tw_rec_c(const struct tw_state *s, tw_rec_kind kind, int index);
/// The record definition the state's rule set gives for `kind` (NULL if none).
const tw_record_def *tw_state_record_def(const struct tw_state *s, tw_rec_kind kind);
/// Number of elements of `kind` in s (1 for the game, nsides for sides, ...).
int tw_rec_count(const struct tw_state *s, tw_rec_kind kind);
/// Element k of field f of a record, as a number (strings: 0). By-name readers use this.
double tw_rec_get(const void *rec, const tw_field_def *f, int k);
/// Sets element k of field f (clamped to the type; strings untouched).
void tw_rec_set(void *rec, const tw_field_def *f, int k, double v);
/// Fills a record with its fields' defaults (the rest zero).
void tw_rec_defaults(const tw_record_def *d, void *rec);
/// Writes element k of field f for people ("blue", "prisoner", "3", "[lying trail]"...); s gives
/// side names. Returns the length written (snprintf-style).
int tw_rec_format(const struct tw_state *s, const void *rec, const tw_field_def *f, int k, char *buf, size_t n);
/// True if every element of the field holds its default (strings: empty).
bool tw_rec_is_default(const void *rec, const tw_field_def *f);
/// Writes the whole field for people: tw_rec_format for one element, "[a b c]" for an array.
int tw_rec_format_field(const struct tw_state *s, const void *rec, const tw_field_def *f, char *buf, size_t n);

#endif
