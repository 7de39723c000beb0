/// Orders: everything a player (human, computer or file) can ask of the engine.
#ifndef TINWAR_ORDER_H
#define TINWAR_ORDER_H
#include "tinwar/geom.h"

#define TW_ORDER_MAX_FIG 512
#define TW_ORDER_MAX_PATH 32

typedef enum tw_order_type {
	TW_OT_TOSS = 0,  ///< toss a coin (LW.MV.1); no fields
	TW_OT_DEPLOY,    ///< put down figures fig[i] at at[i] (facing), guns via gun/path[0]/bearing
	TW_OT_READY,     ///< finished putting down
	TW_OT_MOVE,      ///< move figures: group along path (displacement), or each fig[i] to at[i]
	TW_OT_GUN_MOVE,  ///< move gun along path; crew fig[] go with it (to at[] if has_at)
	TW_OT_FIRE,      ///< fire gun at bearing/elevation, or at target
	TW_OT_TRAIL,     ///< place fig[0], fig[1] at the trail of gun (LW.MOB.10)
	TW_OT_LIE_DOWN,  ///< lay fig[] down before a gun fires (LW.MOB.8)
	TW_OT_SURRENDER, ///< fig[] hoist the white flag (LW.MEL.16)
	TW_OT_END_MOVE,  ///< end the move; fig[] = chosen dead, fig2[] = chosen prisoners (LW.MEL.8)
	TW_OT_TAKE_RESERVE, ///< take n set-aside men after the 2d6 roll (LW.FOR.2): fig[] chosen
	TW_OT_CHOOSE_SIDE,  ///< pick the side of the field (LW.C.2): n = 0 keep, 1 swap the back lines
	TW_OT_VOLLEY,    ///< small-arms fire by figures fig[] (a unit's firers) at fig2[] (target figures)
	TW_OT_FORMATION, ///< a unit changes formation n; each fig[i] goes to at[i] (facing[i])
	TW_OT_COUNT
} tw_order_type;

typedef struct tw_order {
	uint8_t type;   ///< tw_order_type
	int8_t side;    ///< issuing side
	bool has_at;    ///< at[] valid
	bool has_aim;   ///< bearing/elevation valid
	bool has_target;///< target valid
	int32_t gun;    ///< gun id or -1
	int32_t n;      ///< generic count
	double bearing;   ///< degrees
	double elevation; ///< degrees
	tw_vec2 target;   ///< aim point, inches
	int nfig;
	int32_t fig[TW_ORDER_MAX_FIG];
	tw_vec2 at[TW_ORDER_MAX_FIG];
	double facing[TW_ORDER_MAX_FIG];
	int nfig2;
	int32_t fig2[TW_ORDER_MAX_FIG];
	int npath;
	tw_vec2 path[TW_ORDER_MAX_PATH];
} tw_order;

/// Fills an order with defaults (gun = -1, everything empty).
void tw_order_init(tw_order *o, tw_order_type type, int side);
const char *tw_order_type_name(tw_order_type t);
int tw_order_type_from_name(const char *name);

#endif
