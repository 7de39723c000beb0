// lw-quick, the cheap Little Wars general (issue 18, Scale): the contract between its planner
// (lw_ai_quick.c: the move's plan, the crews and groups, the stages of a move), its men's orders
// (lw_ai_quick_men.c: marches, charges, crews going back, retreat) and its guns
// (lw_ai_quick_guns.c). Nothing here is for other files of the rule set.
#ifndef TW_LW_AI_QUICK_H
#define TW_LW_AI_QUICK_H
#include <stdbool.h>
#include <stdint.h>

#include "lw.h"
#include "lw_fgrid.h"

/// The room (lw_ai_quick_men.c): the figures on the table where they stand and the places given in
/// the men's order under way, filed by square cells, for the cheap test that a place is clear.
typedef struct lq_room {
	int w, h;       ///< cells across and deep
	double cell;    ///< a cell's side, inches (at least 3)
	double inv;     ///< 1 / cell
	double x0, y0;  ///< the first cell's corner
	int32_t *head;  ///< per cell: its last item (-1: none), when its stamp is gen
	uint32_t *stamp, gen; ///< per cell: the room's build that last wrote its head
	int cap_head;
	int32_t *next;  ///< per item: the item before it in its cell
	int32_t *fig;   ///< per item: the figure
	tw_vec2 *at;    ///< per item: the place
	uint8_t *fresh; ///< per item: 1 a place given in the order, 0 where the figure stands
	int n, cap;
} lq_room;

/// The general's context (zeroed at creation; its arrays grow with the state's figures).
typedef struct lq_ai {
	int32_t planned_move; ///< game move the plan is for (0: none yet)
	int stage;            ///< 0 guns, 1 the men's plan, 2 the men's orders, 4 retreat, 5 end
	int gun_cursor;       ///< the next gun of ours to consider this move
	int group_cursor;     ///< the group whose order comes next
	bool men_begun;       ///< the men's first order of the move has been made
	int cap;              ///< length of the per-figure arrays below
	int32_t *crew_of;     ///< per figure: the gun he is kept at as crew (-1: none)
	int32_t *group_of;    ///< per figure: his group this move (-1: none)
	int32_t *gstart;      ///< group g's men are gmem[gstart[g] .. gstart[g + 1]) (cap + 1 entries)
	int32_t *gmem;
	int ngroups;
	int32_t *own;         ///< our free men at the plan, figure indices in figure order
	int nown;
	int32_t *mine;        ///< our free men and our men held prisoner (whom a shot of ours would kill)
	int nmine;
	int32_t *foe;         ///< the enemy's free men at the plan, figure indices in figure order
	int nfoe;             ///< (those fallen since are passed over)
	int theirs;           ///< the enemy's free men once our guns have fired this move
	int32_t *crowd;       ///< per figure: enemy men within LQ_CROWD_R of him at the plan
	double *allow;        ///< per figure: our man's lq_allowance at the plan (he has not moved since)
	double *gz;           ///< per figure: the ground under him at gz_at (NaN: not worked out)
	tw_vec2 *gz_at;
	int32_t *glist;       ///< the targets of gun glist_gun in game move glist_move, best first (lw_ai_quick_guns.c)
	int glist_n, glist_gun;
	int32_t glist_move;
	double glist_z;       ///< the ground at that gun's axle
	int32_t *slot;        ///< per figure: his place in the men's order under way (-1: not in it)
	lq_room room;
	int32_t *tmp;         ///< scratch, cap long
	double *tmpd;         ///< scratch, cap long
	double edge;          ///< this move's least counted gain for a charge (lq_group_order)
	int quiet;            ///< own moves in a row in which nobody fell
	int idle;             ///< own moves in a row in which no gun of ours fired
	bool fired;           ///< a gun of ours has fired in this move
	int last_mine, last_theirs;
	lw_sight_memo sight;  ///< exact line-of-sight answers (lw_sight.c)
	const tw_terrain *sight_terrain; ///< the table the memo was last checked against
	uint32_t sight_rev;
	int sight_n;
	lw_fgrid fgrid;       ///< the men by place for the move checks on a large table (lw_fgrid.c)
	tw_general *big;      ///< lw-big, which lw-quick plays as on a Kriegspiel or a large Country
} lq_ai;

/// Enemy men within this many inches of a man (base to centre) make him a better target.
#define LQ_CROWD_R 2.5
/// Men a group at most.
#define LQ_GROUP_MAX 12

/// True when the rule set accepts o on s (every order lw-quick gives is checked first).
bool lq_legal(const tw_state *s, const tw_order *o);
/// The inches man f may still go this move (LW.MV.3: a first move counts from the back line).
double lq_allowance(const tw_state *s, const tw_figure *f);
/// The guns' part of the move (LW.MV.11: before any man moves): the next LIE_DOWN, FIRE or TRAIL
/// order, or false when no gun of ours has more to do this move.
bool lq_gun_order(const tw_state *s, lq_ai *ai, int side, tw_order *o);
/// The men's order (one MOVE, or more when it is full): crewmen who have strayed go back to their
/// guns, then from group ai->group_cursor on each group's charges and march; false when none.
bool lq_men_order(const tw_state *s, lq_ai *ai, int side, tw_order *o);
/// LW.CAMP.3: every man of ours goes back over our back line, in one order; false when none can.
bool lq_retreat_order(const tw_state *s, lq_ai *ai, int side, tw_order *o);
/// Frees the room's arrays.
void lq_room_free(lq_room *r);

#endif
