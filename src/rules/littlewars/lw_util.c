// Small helpers the large Country's rules share (issue 18 lw-box; lw_util.h).
#include <math.h>

#include "lw_big.h"
#include "lw_seats.h"
#include "lw_util.h"

int lw_arm_of(const tw_state *s, const tw_figure *f)
{
	int a = LWF(s, f)->arm;
	return a >= 0 && a < LW_ARM_COUNT ? a : lw_fig_arm(f);
}

bool lw_on_road(const tw_state *s, tw_vec2 p)
{
	for (int i = 0; i < s->table.nterrain; i++) {
		const tw_terrain *t = &s->table.terrain[i];
		if ((t->kind == TW_TER_ROAD || t->kind == TW_TER_BRIDGE) && !(t->flags & TW_TF_RUINED) &&
		    tw_terrain_contains(t, p))
			return true;
	}
	return false;
}

bool lw_path_on_road(const tw_state *s, const tw_vec2 *pts, int n)
{
	for (int k = 0; k < n; k++) {
		if (!lw_on_road(s, pts[k]))
			return false;
		if (k > 0 && !lw_on_road(s, tw_scale(tw_add(pts[k - 1], pts[k]), 0.5)))
			return false;
	}
	return true;
}

int lw_order_fig_path(const tw_state *s, const tw_order *o, int i, tw_vec2 *out)
{
	const tw_figure *f = &s->fig[o->fig[i]];
	out[0] = f->pos;
	if (o->has_at) {
		out[1] = o->at[i];
		return 2;
	}
	int np = o->npath < TW_ORDER_MAX_PATH ? (o->npath > 0 ? o->npath : 0) : TW_ORDER_MAX_PATH;
	tw_vec2 off = tw_sub(f->pos, s->fig[o->fig[0]].pos);
	for (int k = 0; k < np; k++)
		out[k + 1] = tw_add(o->path[k], off);
	return np + 1;
}

double lw_first_move_offset(const tw_state *s, const tw_figure *f)
{
	if (f->moved_in != 0 || (int)s->params[LWP_VARIETY] == LW_VAR_DEFENSIVE || f->status != TW_FS_ACTIVE)
		return 0;
	const tw_side *sd = &s->sides[f->side];
	double ahead = sd->forward * (f->pos.y - sd->back_y);
	return fabs(ahead) <= 6.0 ? ahead : 0.0; // only men still where they were put down
}

void lw_surrender_man(tw_state *s, tw_figure *f, int captor)
{
	lw_fig *r = LWF(s, f);
	f->status = LW_FS_PRISONER;
	r->captor = (int8_t)captor;
	r->escort = -1;
	f->flags &= ~(uint32_t)TW_FF_LYING;
	r->marks = (r->marks & ~(uint32_t)(LW_MARK_TRAIL | LW_MARK_CONTACT)) | LW_MARK_SURRENDERED;
	r->changed_in = s->move_no; // LW.MEL.10: the captor moves them from his next move
}
