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

#endif
