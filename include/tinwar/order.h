/// Orders: everything a seat (human, computer, file or the host's clock) can ask of the engine.
///
/// An order is a record of typed slots (figures, points, a path, a gun, numbers, entered dice,
/// the host's time). What the slots mean is the rule set's: each rule set describes its order
/// types once, in a table of tw_order_def (its `orders`), with their fields, words and help. The
/// JSON reader and writer, the terminal's words and help, the Lua API, the server and the page
/// are all driven by that table, so adding an order type touches its rule set alone.
#ifndef TINWAR_ORDER_H
#define TINWAR_ORDER_H
#include "tinwar/geom.h"

#define TW_ORDER_MAX_FIG 512
#define TW_ORDER_MAX_PATH 32
#define TW_ORDER_MAX_VALS 64
#define TW_ORDER_MAX_DICE 64

/// Seats that are not sides: the umpire (sees all; may give umpire orders) and the host (the
/// program itself: clocks, time-outs).
enum { TW_SEAT_UMPIRE = -1, TW_SEAT_HOST = -3 };

typedef struct tw_order {
	uint16_t type;  ///< index in the rule set's order table (tw_ruleset.orders)
	int8_t side;    ///< the seat giving it: a side index, TW_SEAT_UMPIRE or TW_SEAT_HOST
	bool has_at;    ///< at[] valid
	bool has_aim;   ///< bearing/elevation valid
	bool has_target;///< target valid
	int32_t gun;    ///< gun id or -1
	int32_t n;      ///< a number (a count, a choice, a side ...)
	double bearing;   ///< degrees
	double elevation; ///< degrees
	tw_vec2 target;   ///< aim point, inches
	int64_t time_ms;  ///< the host's clock when the order was given, ms (0: none)
	int nfig;
	int32_t fig[TW_ORDER_MAX_FIG];
	tw_vec2 at[TW_ORDER_MAX_FIG];
	double facing[TW_ORDER_MAX_FIG];
	int nfig2;
	int32_t fig2[TW_ORDER_MAX_FIG];
	int npath;
	tw_vec2 path[TW_ORDER_MAX_PATH];
	int nval;
	int32_t val[TW_ORDER_MAX_VALS];  ///< a list of numbers (bids, allocations, choices)
	int ndice;
	uint8_t dice[TW_ORDER_MAX_DICE]; ///< faces entered by hand (chance.h, TW_DICE_ENTERED)
} tw_order;

/// How one field of an order type is written (JSON key and terminal word) and which slots it
/// fills.
typedef enum tw_ofield_kind {
	TW_OF_FIGS = 0,  ///< [ids] -> fig[] (nfig)
	TW_OF_FIGS2,     ///< [ids] -> fig2[] (nfig2)
	TW_OF_PLACES,    ///< [{figure, <at>, facing?}] -> fig[], at[], facing[]; has_at. The point's
			 ///< key is "at", or "to" with TW_OFF_TO; facing defaults to 0, or with
			 ///< TW_OFF_FORWARD to the side's forward facing
	TW_OF_POINTS,    ///< [[x,y], ...], one per fig[] -> at[]; has_at
	TW_OF_PATH,      ///< [[x,y], ...] -> path[]
	TW_OF_GUN,       ///< a gun id -> gun
	TW_OF_GUN_PLACE, ///< [{gun, at, bearing?}] (at most one) -> gun, path[0], bearing (has_aim)
	TW_OF_INT,       ///< an integer, or one of `choices` by name -> n
	TW_OF_BEARING,   ///< degrees -> bearing; has_aim
	TW_OF_ELEVATION, ///< degrees (-90..90) -> elevation; has_aim
	TW_OF_POINT,     ///< [x, y] -> target; has_target
	TW_OF_INTS,      ///< [integers] -> val[] (nval)
	TW_OF_SIDE,      ///< a side's name -> n (the side's index)
	TW_OF_KIND_COUNT
} tw_ofield_kind;

enum {
	TW_OFF_TO = 1u << 0,      ///< TW_OF_PLACES: the point's key is "to" (moves), not "at"
	TW_OFF_FORWARD = 1u << 1, ///< TW_OF_PLACES: facing defaults to the side's forward facing
	TW_OFF_CENTRE = 1u << 2,  ///< TW_OF_PATH: the points are where the centre of the order's figures
				  ///< (the mean of their places) goes, not the first figure's place
	TW_OFF_UNITS = 1u << 3,   ///< TW_OF_INTS: the numbers are unit ids (front-ends pick units)
};

typedef struct tw_order_field {
	const char *name;  ///< JSON key; the terminal names it {name} in `usage`
	uint8_t kind;      ///< tw_ofield_kind
	uint8_t form;      ///< 0: any form; k > 0: belongs to alternative k (exactly one is given)
	uint8_t flags;     ///< TW_OFF_*
	bool required;     ///< must be given (within its form)
	int32_t min, max;  ///< lists: count range (max 0 = the slot's size); TW_OF_INT: value range
	const char *const *choices; ///< TW_OF_INT: NULL-terminated names of 0, 1, ...
	const char *help;  ///< what it is, with its unit
} tw_order_field;

enum {
	TW_OD_ENDS_TURN = 1u << 0, ///< the order a seat gives to end its turn (generals, clocks, the page)
	TW_OD_HOST = 1u << 1,      ///< only the host gives it (a time-out): never a seat
	TW_OD_UMPIRE = 1u << 2,    ///< the umpire may give it
	TW_OD_PER_FIGURE = 1u << 3,///< front-ends give each figure its own destination (not a group path)
};

/// One order type of a rule set.
typedef struct tw_order_def {
	const char *name;   ///< JSON "type" and terminal word, e.g. "fire"
	const char *clause; ///< the clause it carries out, e.g. "LW.MOB.5"
	const char *help;   ///< what it does, for people
	const char *usage;  ///< the terminal's words: "fire {gun} at {target} | fire {gun} {bearing} {elevation}"
	uint32_t flags;     ///< TW_OD_*
	int nfields;
	const tw_order_field *fields;
} tw_order_def;

struct tw_ruleset;

/// Fills an order with defaults (gun = -1, everything empty) for type and seat.
void tw_order_init(tw_order *o, int type, int side);
/// The name of an order type of rs ("?" if none).
const char *tw_order_type_name(const struct tw_ruleset *rs, int type);
/// The order type of rs called name, or -1.
int tw_order_type_find(const struct tw_ruleset *rs, const char *name);
/// The first order type of rs with all of `flags` (TW_OD_*), or -1.
int tw_order_type_with(const struct tw_ruleset *rs, uint32_t flags);
/// The definition of an order type (NULL if out of range).
const tw_order_def *tw_order_def_get(const struct tw_ruleset *rs, int type);
/// Index of field `name` in d, or -1.
int tw_order_field_find(const tw_order_def *d, const char *name);
/// True if the slots of field f hold a value in o (what a writer writes; required fields are
/// written regardless).
bool tw_order_field_set(const tw_order *o, const tw_order_field *f);
/// The alternative (form) o was given in: the first whose required fields are all set; 0 when
/// the type has no alternatives or none matches.
int tw_order_form(const tw_order_def *d, const tw_order *o);
/// True if a writer writes field f of o (its form, and set or required).
bool tw_order_field_written(const tw_order_def *d, const tw_order *o, int form, const tw_order_field *f);
struct tw_state;
/// Checks an order's shape against its type's description (order.h) and the state: the type
/// exists, lists within their counts, numbers within their ranges or choices, ids naming
/// figures, guns and sides that exist, finite numbers, exactly one alternative where the type
/// has them. The core checks it for every order, whoever gives it (file, terminal, Lua, page).
tw_status tw_order_check_shape(const struct tw_ruleset *rs, const struct tw_state *s, const tw_order *o,
			       tw_error *err);
/// Checks a rule set's order table: names unique, fields well-formed, no slot used twice in one
/// form, usage placeholders naming fields. False with err filled on the first fault.
bool tw_order_defs_check(const struct tw_ruleset *rs, tw_error *err);

#endif
