// Records inside the core: the parts of record.c that state.c, the JSON reader and writer and
// the views use. Not installed.
#ifndef TW_RECORD_INTERNAL_H
#define TW_RECORD_INTERNAL_H
#include "tinwar/state.h"

/// Bytes a field takes in its record.
size_t tw_field_bytes(const tw_field_def *f);
/// True for the id and side types (checked against the state, not min/max).
bool tw_field_is_ref(const tw_field_def *f);
/// A new array of cap records, the first nfill filled with defaults, the rest zero.
unsigned char *tw_rec_array_new(const tw_record_def *d, int cap, int nfill);
/// Grows an array from oldcap to newcap records (new ones zero). No-op without a record def.
tw_status tw_rec_grow(const tw_record_def *d, unsigned char **arr, int oldcap, int newcap);
/// Fills the record of element index with defaults (after it was added).
void tw_rec_init_new(tw_state *s, tw_rec_kind kind, int index);
/// Feeds every record field's canonical bytes to put (integers as int64, doubles with -0 folded).
void tw_rec_hash(const tw_state *s, void (*put)(void *ctx, const void *p, size_t n), void *ctx);
/// Resets to their defaults the fields `seat` may not see (seat < 0: the umpire sees all).
void tw_rec_hide(tw_state *s, int seat);
/// Whether tw_rec_hide(s, seat) would change a byte of s's records: some field `seat` may not
/// see holds something other than its default (issue 18: a rule set's owner-only fields that are
/// all at their defaults keep a computer general reading the state itself, not a copy).
bool tw_rec_hide_changes(const tw_state *s, int seat);
/// Registry only (s31, issue 18): makes tw_rec_hide_changes's comparison plans for rule set
/// `index`'s record types (defs: TW_REC_KIND_COUNT of them, any NULL; defs NULL: none). Called
/// when rule sets are registered, before any game and before threads.
void tw_rec_hide_plans_note(int index, const tw_record_def *const *defs);
/// Tests only (h7-hook): true makes tw_rec_hide_changes look at figures through its general loop
/// (no shortcut for figures' owner-only 32-bit fields): the same answers.
extern bool tw_rec_hide_plain;
/// The side that owns element i of kind (-1: none, so owner-visible fields are the umpire's).
int tw_rec_owner(const tw_state *s, tw_rec_kind kind, int i);

#endif
