/// The game state: table, forces, generator and turn position. Cheap to clone.
#ifndef TINWAR_STATE_H
#define TINWAR_STATE_H
#include "tinwar/figure.h"
#include "tinwar/rng.h"
#include "tinwar/terrain.h"

#define TW_MAX_PARAMS 32
#define TW_STATE_VARS 64

typedef struct tw_side {
	char name[16];     ///< "red", "blue", ...
	double back_y;     ///< y of this side's back line, inches
	double forward;    ///< +1 if this side attacks towards +y, -1 otherwise
	int32_t start_men; ///< free men at the start of play (set when play begins)
	int32_t start_guns;
} tw_side;

typedef struct tw_state {
	int32_t ruleset;   ///< index in the rule-set registry
	uint64_t seed;     ///< seed the generator started from
	tw_rng rng;        ///< the game's only source of chance
	double params[TW_MAX_PARAMS]; ///< rule-set parameters (see tw_ruleset.params)
	tw_table table;
	int nsides;
	tw_side sides[TW_MAX_SIDES];
	int nfig, capfig;
	tw_figure *fig;
	int ngun, capgun;
	tw_gun *gun;
	int nunit, capunit;
	tw_unit *unit;
	int32_t phase;     ///< rule-set phase
	int32_t move_no;   ///< game move number (0 before play)
	int8_t mover;      ///< side to act, -1 if none
	int8_t first;      ///< First Player (LW.MV.1), -1 until tossed
	int8_t winner;     ///< -1 none yet, -2 draw, else side
	bool over;
	int32_t vars[TW_STATE_VARS]; ///< rule-set specific integers
	char scenario[64]; ///< scenario name
} tw_state;

/// Frees everything the state owns (not the struct itself).
void tw_state_free(tw_state *s);
/// Deep copy; dst must be uninitialised or freed.
tw_status tw_state_clone(tw_state *dst, const tw_state *src);
/// 64-bit FNV-1a hash over the canonical content (bit patterns of doubles).
uint64_t tw_state_hash(const tw_state *s);
/// Figure by id, or NULL.
tw_figure *tw_state_figure(tw_state *s, int32_t id);
const tw_figure *tw_state_figure_c(const tw_state *s, int32_t id);
tw_gun *tw_state_gun(tw_state *s, int32_t id);
const tw_gun *tw_state_gun_c(const tw_state *s, int32_t id);
/// Adds a figure (copied); returns a pointer to the stored figure or NULL.
tw_figure *tw_state_add_figure(tw_state *s, const tw_figure *f);
tw_gun *tw_state_add_gun(tw_state *s, const tw_gun *g);
tw_unit *tw_state_add_unit(tw_state *s, const tw_unit *u);
/// Side index by name, or -1.
int tw_state_side_index(const tw_state *s, const char *name);
/// Counts figures of a side with the given status (-1 = any status).
int tw_state_count(const tw_state *s, int side, int status);
/// A saved copy of a state's dynamic part (everything but the table, which no order changes),
/// for putting a state back after an order that could not be resolved. Its buffers are kept
/// between saves, so a long-lived backup saves without allocating.
typedef struct tw_state_backup {
	tw_state hdr; ///< the state's fields (its array pointers are not owned)
	tw_figure *fig;
	tw_gun *gun;
	tw_unit *unit;
	int capfig, capgun, capunit;
} tw_state_backup;
/// Saves s into b (b zeroed, or saved into before). TW_ERR_NOMEM leaves b usable but empty.
tw_status tw_state_backup_save(tw_state_backup *b, const tw_state *s);
/// Puts s back as it was when saved: the same content (arrays keep their current storage,
/// which only grows). s must be the state saved, changed only by rule-set code since.
void tw_state_backup_restore(const tw_state_backup *b, tw_state *s);
void tw_state_backup_free(tw_state_backup *b);
/// The seed of a seat's view's generator: fixed, so a view carries nothing of the game's own.
#define TW_VIEW_RNG_SEED 0x7669657772ULL
/// Builds the view of `seat` (side index, or -1 for umpire) into dst: what that seat may see.
/// For a seat >= 0 the view's generator is seeded from TW_VIEW_RNG_SEED and its seed is 0.
tw_status tw_state_view(tw_state *dst, const tw_state *src, int seat);

#endif
