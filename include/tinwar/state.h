/// The game state: table, forces, generator and turn position. Cheap to clone.
#ifndef TINWAR_STATE_H
#define TINWAR_STATE_H
#include <stddef.h>
#include <stdlib.h>

#include "tinwar/figure.h"
#include "tinwar/record.h"
#include "tinwar/rng.h"
#include "tinwar/terrain.h"

#define TW_MAX_PARAMS 32

typedef struct tw_side {
	char name[16];     ///< "red", "blue", ...
	double back_y;     ///< y of this side's back line, inches
	double forward;    ///< +1 if this side attacks towards +y, -1 otherwise
	int32_t start_men; ///< free men at the start of play (set when play begins)
	int32_t start_guns;
	/// Sides of one alliance are allies; rule sets may change it in play. Stored as the alliance
	/// number + 1, so that 0 (a zeroed side) means the side's own alliance, numbered by its
	/// index. Read it with tw_side_alliance.
	int8_t alliance;
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
	int8_t winner;     ///< -1 none yet, -2 draw, else side
	bool over;
	uint8_t dice;      ///< tw_dice_mode: where the dice come from (chance.h)
	uint32_t sealed_mask;             ///< bit k: side k's secret choice is in, not yet revealed
	struct tw_order *sealed[TW_MAX_SIDES]; ///< those choices (owned; NULL in another seat's view)
	char scenario[64]; ///< scenario name
	/// The rule set's records (record.h), set by tw_state_set_ruleset: the record tables and
	/// the arrays (game: 1 record, sides: TW_MAX_SIDES, figures/guns/units: parallel to their
	/// arrays with the same capacity). Terrain records live in the table.
	const tw_record_def *recdef[TW_REC_KIND_COUNT];
	unsigned char *rec[TW_REC_KIND_COUNT];
	/// Transient, while an order is applied: where tw_state_table_edit saves the table before
	/// its first change, so a refused order puts it back (NULL otherwise; never copied).
	struct tw_state_backup *journal;
	bool in_atomic; ///< transient: applying an order the rule set declared atomic
} tw_state;

/// The table, to change it while an order is applied (sappers, fire, ruins): the first call in
/// an order saves it, so that an order that fails leaves it as it was, and undo covers it.
/// Bumps table.rev; the core finishes every piece again (tw_terrain_finish) after the order, so
/// a rule set that needs a piece's derived fields within the same order calls it itself.
/// Orders that change the table must not be declared atomic (apply_atomic).
tw_table *tw_state_table_edit(tw_state *s);

/// Binds a state to registered rule set `index`: sets s->ruleset and gives every existing game,
/// side, figure, gun, unit and terrain piece its rule-set record, filled with defaults (records
/// already there are kept when the rule set is the same). TW_ERR_NOMEM leaves s unchanged.
tw_status tw_state_set_ruleset(tw_state *s, int index);

/// A fresh state for a rule set's table generator (tw_scenario_generate): s zeroed, bound to the
/// registered rule set `ruleset` with its defaults, seeded with `seed` (s->seed and s->rng),
/// named "<name>-<seed as 16 hex digits>", a width x depth table, two sides "red" (back line
/// y = 0, forward +y) and "blue" (back line y = depth, forward -y), red to move, no winner.
/// TW_ERR_STATE if the rule set is not registered, TW_ERR_NOMEM (s then zeroed).
tw_status tw_state_new_generated(tw_state *s, const char *ruleset, uint64_t seed, const char *name, double width,
				 double depth, tw_error *err);

/// The record of row `index` of `kind` (not terrain) for a rule set that knows its own record:
/// `size` is the size of its struct. The rule set's hot paths use this instead of tw_rec; the
/// row must exist (the state's rule set declares the record, index in range): checked in Debug
/// builds (TW_CHECKING), not in Release.
static inline void *tw_rec_row(const tw_state *s, tw_rec_kind kind, int index, size_t size)
{
#ifdef TW_CHECKING
	if ((unsigned)kind >= TW_REC_TERRAIN || !s->recdef[kind] || s->recdef[kind]->size != size || !s->rec[kind] ||
	    index < 0 || index >= (kind == TW_REC_SIDE ? TW_MAX_SIDES : tw_rec_count(s, kind)))
		abort();
#endif
	return s->rec[kind] + (size_t)index * size;
}

/// tw_rec_row typed as the rule set's row struct T: a read-only row from a const state (a
/// general's view, a validation), a writable one from a state that may change, so that the
/// compiler refuses a write to a record through a const state.
#define TW_REC_ROW(s, T, kind, index) \
	_Generic((s), const tw_state *: (const T *)tw_rec_row((s), (kind), (index), sizeof(T)), \
		 default: (T *)tw_rec_row((s), (kind), (index), sizeof(T)))

/// A figure status's name ("active", or the rule set's "prisoner"); "?" if none.
const char *tw_status_name(const tw_state *s, int status);
/// The status called name (generic, or the state's rule set's), or -1.
int tw_status_find(const tw_state *s, const char *name);
/// The generic status a status counts as (itself for the generic ones; TW_FS_DEAD if unknown).
int tw_status_base(const tw_state *s, int status);
/// How a status is drawn (TW_LOOK_*).
int tw_status_look(const tw_state *s, int status);
/// True if figure f stands on the table (in the fight or out of it): the shot models, pictures
/// and the terminal's board show it.
bool tw_figure_on_table(const tw_state *s, const tw_figure *f);
/// True if figure f is held by the enemy (its status is drawn TW_LOOK_HELD: a prisoner).
bool tw_figure_held(const tw_state *s, const tw_figure *f);
/// True if f is still his side's: put down, not dead, not held by the enemy (on the table or
/// safely off it).
bool tw_figure_kept(const tw_state *s, const tw_figure *f);
/// How figure f is drawn now: its rule set's look hook, or its status's look tied to nobody.
struct tw_look;
void tw_figure_look(const tw_state *s, const tw_figure *f, struct tw_look *out);

/// Checks the invariants every state keeps: dense ids, sides, statuses, units and record
/// references that exist, finite places, record values within their tables' ranges, secret
/// choices only of sides that exist. TW_ERR_STATE and what is wrong. Debug builds (TW_CHECKING)
/// check after every order applied.
tw_status tw_state_check(const tw_state *s, tw_error *err);

/// The alliance side k belongs to (its own index unless changed).
int tw_side_alliance(const tw_state *s, int k);
/// Puts side k in alliance a (0..TW_MAX_SIDES-1).
void tw_side_set_alliance(tw_state *s, int k, int a);

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
	unsigned char *rec[TW_REC_KIND_COUNT]; ///< saved records (terrain: unused)
	size_t caprec[TW_REC_KIND_COUNT];      ///< bytes
	tw_table table;   ///< the table as it was, once an order changed it (tw_state_table_edit)
	bool table_saved; ///< `table` holds it
} tw_state_backup;
/// Saves s into b (b zeroed, or saved into before). TW_ERR_NOMEM leaves b usable but empty.
tw_status tw_state_backup_save(tw_state_backup *b, const tw_state *s);
/// Puts s back as it was when saved: the same content (arrays keep their current storage,
/// which only grows). s must be the state saved, changed only by rule-set code since.
void tw_state_backup_restore(tw_state_backup *b, tw_state *s);
void tw_state_backup_free(tw_state_backup *b);
/// True when the view of `seat` would be the state itself but for the generator: the rule set
/// hides nothing from it now (rs->hides), no record field kept from it holds anything but its
/// default (tw_rec_hide would change nothing), and no other seat's
/// secret choice is sealed in the state. (A computer general may then read the state itself.)
bool tw_state_view_is_state(const tw_state *s, int seat);
/// Refreshes a view made by tw_state_view (of the same game, with the same figure, gun and unit
/// counts) from src in place: the dynamic part and the records are copied and hidden again; the
/// view's generator and its table (which may be borrowed) are left as they are. TW_ERR_STATE if
/// the counts differ (make the view afresh), TW_ERR_NOMEM if a sealed choice cannot be copied.
tw_status tw_state_view_refresh(tw_state *v, const tw_state *src, int seat);
/// The seed of a seat's view's generator: fixed, so a view carries nothing of the game's own.
#define TW_VIEW_RNG_SEED 0x7669657772ULL
/// Builds the view of `seat` (side index, or -1 for umpire) into dst: what that seat may see.
/// For a seat >= 0 the view's generator is seeded from TW_VIEW_RNG_SEED and its seed is 0.
tw_status tw_state_view(tw_state *dst, const tw_state *src, int seat);

#endif
