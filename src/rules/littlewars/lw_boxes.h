// Lidded boxes and hidden works on the state (lw_boxes.c): LW.BIG.2-4, LW.BIG.11, KS.RE.1-7.
#ifndef TW_LW_BOXES_H
#define TW_LW_BOXES_H
#include "lw.h"

extern const tw_record_def lw_side_rec;
/// Men of `side` in box `box` (boxed: status reserve, hidden, record box = the index); their kinds.
int lw_box_men(const tw_state *s, int side, int box, int *inf, int *cav);
/// LW.BIG.2: a man in a box.
bool lw_is_boxed(const tw_state *s, const tw_figure *f);
tw_status lw_validate_box(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_box(tw_state *s, const tw_order *o, tw_events *ev);
tw_status lw_validate_box_move(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_box_move(tw_state *s, const tw_order *o, tw_events *ev);
/// LW.BIG.2/3 (reading): the owner may set out a box's men himself, in his own move, as an enemy
/// scout would make him (the book says when a box must be opened, not that it must stay shut).
/// The men set out count as having moved in this move.
tw_status lw_validate_unbox(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_unbox(tw_state *s, const tw_order *o, tw_events *ev);
tw_status lw_validate_work(const tw_state *s, const tw_order *o, tw_error *err);
tw_status lw_apply_work(tw_state *s, const tw_order *o, tw_events *ev);
/// At the end of every move: the mover's works go on (a finished one changes the table and its
/// note is opened, KS.RE.7), scouts open boxes (LW.BIG.3), mines go off (KS.RE.4).
void lw_big_end_move(tw_state *s, tw_events *ev);
/// tw_ruleset.pieces (lw_pieces.c): each side's boxes (what they hold hidden from every seat
/// but their own side and the umpire, LW.BIG.2) and trains (an engine and its trucks, LW.BIG.10).
int lw_pieces(const tw_state *s, int seat, tw_piece *out, int max);
// ---- guns in boxes (LW.BIG.2, issue 18 lw-box; lw_box_guns.c) ----
/// LW.BIG.4: the distance from p to the nearest enemy man on the table or box.
double lw_box_nearest_enemy(const tw_state *s, int side, tw_vec2 p);
/// `box FIGURES gun G`: the gun is the side's, in battle and in action, has not acted this move,
/// no enemy within 20 ft of its axle (LW.BIG.4), and goes with its crew: at least LW_GUN_CREW of
/// the named men within 6 in of it (LW.MOB.4). Refusals name LW.BIG.2/4 or LW.MOB.4.
tw_status lw_validate_box_gun(const tw_state *s, const tw_order *o, tw_error *err);
/// Puts gun g in box k standing at c: hidden from the enemy (TW_FF_HIDDEN: his view has it at
/// (-1, -1)), its axle at c, its record's `boxed` k + 1.
void lw_box_gun_in(tw_state *s, tw_gun *g, int k, tw_vec2 c);
// ---- guns on trains (LW.BIG.9/10, KS.RAIL.1, issue 18 lw-box; lw_train_guns.c) ----
/// `train_load N FIGURES gun G`: the gun is the side's, in battle, not boxed or aboard, has not
/// acted this move, its nearest point within 6 in of the engine (gathered beside the train), and
/// boards with its crew: at least LW_GUN_CREW of the named men within 6 in of it (LW.MOB.4).
tw_status lw_validate_train_gun(const tw_state *s, const tw_order *o, tw_vec2 engine, tw_error *err);
/// Gun g boards train k standing at `engine` (2 trucks, LW.BIG.10): seen by all (open trucks).
void lw_train_gun_in(tw_state *s, tw_gun *g, int k, tw_vec2 engine);
/// KS.SH.6: train k destroyed: its guns are destroyed (ks_destroyed) and off it.
void lw_train_guns_destroyed(tw_state *s, int side, int k);
// ---- what boxes and trains do alike with their guns (lw_held_guns.c) ----
/// A gun's holder: a box (its record's `boxed`) or a train (`trained`).
typedef enum { LW_IN_BOX, LW_ON_TRAIN } lw_holder;
/// Guns of `side` in box or aboard train k.
int lw_held_guns(const tw_state *s, int side, lw_holder h, int k);
/// Box or train k moved to `to`: its guns with it.
void lw_held_guns_move(tw_state *s, int side, lw_holder h, int k, tw_vec2 to);
/// Box or train `from` became `to` (the side's list closed a gap).
void lw_held_guns_renumber(tw_state *s, int side, lw_holder h, int from, int to);
/// Box opened or train unloaded, its men in a square of `row` a side centred at c: its guns stand
/// 3 in to the right of the square, 4 in apart, out of it (a box's seen again); `moved`: set out by
/// their own side, that is their move (a box opened by its owner, a train unloading, LW.BIG.9).
/// Returns how many.
int lw_held_guns_out(tw_state *s, int side, lw_holder h, int k, tw_vec2 c, int row, bool moved);
/// How many of the order's men are free men within 6 in of gun g: its crew (LW.MOB.4).
int lw_gun_crew_named(const tw_state *s, const tw_gun *g, const tw_order *o);

#endif
