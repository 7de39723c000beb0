// Waggons, ammunition carts and depots on the table (LW.BIG.5-7, KS.MOV.1, KS.RE.2/3, KS.SH.4):
// lw_waggons.c. A waggon or a cart is a figure of kind waggon (the figure model already carries a
// side, a place, a base, a status and a move); its record's arm says which: Transport & Supply
// (or -1) a supply waggon, Royal Artillery an ammunition cart. A depot is a terrain piece named
// "red depot" / "blue depot" (it does not move; burning it marks the piece). Readings:
// docs/rules/littlewars.md "Waggons, carts and depots".
#ifndef TW_LW_WAGGONS_H
#define TW_LW_WAGGONS_H
#include "lw_big.h"

#define LW_WAGGON_RADIUS 0.8 ///< a waggon's base, inches (a cart's is LW_CART_RADIUS)
#define LW_WAGGON_HEIGHT 1.5
#define LW_CART_RADIUS 0.6
#define LW_CART_HEIGHT 1.2
#define LW_KS_WRECK_MAX 6 ///< KS.RE.3: the contents of 6 waggons
#define LW_WAGGON_WORK_R 6.0 ///< KS.RE.2/3: the waggons and depot a work reaches (its men's 6 in)

/// A waggon or an ammunition cart (kind waggon).
static inline bool lw_is_vehicle(const tw_figure *f) { return f->kind == TW_FK_WAGGON; }
/// LW.BIG.6: an ammunition cart: a waggon figure of the artillery.
bool lw_is_cart(const tw_state *s, const tw_figure *f);
/// LW.BIG.5: an Army Service (supply) waggon: a waggon figure that is no cart.
bool lw_is_supply_waggon(const tw_state *s, const tw_figure *f);
/// LW.BIG.7, KS.MOV.1: the factor on a waggon's move allowance (lw_allowance_now) for the path
/// pts[0..n): 1.5 on a road outside the Kriegspiel (the whole path, ends and midpoints, on road or
/// bridge pieces); in the Kriegspiel 1 on a road (12 in) and 0.5 across country (6 in). 1 for
/// every other figure. lw_move.c's one call.
double lw_waggon_pace(const tw_state *s, const tw_figure *f, const tw_vec2 *pts, int n);
/// LW.BIG.5-7, KS.MOV.1: the checks the waggon options add to an order (the rule set's validate
/// calls it first): a waggon's move length, the supply reach (parameter `waggons`), a gun's cart
/// (parameter `ammunition`). TW_OK for every order they do not concern.
tw_status lw_waggons_validate(const tw_state *s, const tw_order *o, tw_error *err);
/// LW.BIG.5: free supply waggons of `side` within its reach of figure f (base to base).
int lw_waggons_within_reach(const tw_state *s, const tw_figure *f, int side);
/// LW.BIG.5: at the end of a move of `side`, with the option on, says in an event when the side
/// has fewer waggons than its men need (one per 50) or men beyond every waggon's reach.
void lw_waggons_end_move(tw_state *s, int side, tw_events *ev);
/// lw-box (LW.CAP.1 by analogy; a waggon is no man and fights no melee): at the end of every move,
/// a free waggon or cart touched by a free enemy man (LW.MEL.2's 1/8 in) with no free man of its
/// own side within 6 in of it is taken and destroyed (dead); event LW.CAP.1. Returns how many.
int lw_take_waggons(tw_state *s, tw_events *ev);
/// KS.SH.4: every waggon and cart with any part within 3 in of p is destroyed.
void lw_ks_shell_waggons(tw_state *s, tw_vec2 p, tw_events *ev);
/// KS.RE.2/3: a finished `burn_depot` or `wreck_waggons` work of `side` at p.
void lw_waggons_work_done(tw_state *s, int side, int kind, tw_vec2 p, tw_events *ev);
/// The generated large Country and Kriegspiel (lw_gen_big.c): each side's waggons (one per 50 men,
/// LW.BIG.5), its carts (one per 3 guns, LW.BIG.6) and its depot, by its supply line.
tw_status lw_gen_waggons(tw_state *s, int side);

#endif
