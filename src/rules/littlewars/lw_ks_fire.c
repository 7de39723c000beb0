// The Kriegspiel's fire (KS.SH.1-6, KS.RF.1): shells with their 3 in zone, and rifle fire by fives.
#include <math.h>
#include <stdlib.h>

#include "lw_big.h"
#include "lw_obstacles.h" // issue 16: a ditch is an entrenchment (KS.SH.5)

// KS.SH.5: a wall, house or entrenchment (any piece figures cannot enter) crosses the line.
static bool covered(const tw_state *s, tw_vec2 p, tw_vec2 man)
{
	for (int i = 0; i < s->table.nterrain; i++) {
		const tw_terrain *t = &s->table.terrain[i];
		if (tw_terrain_impassable(t) && !tw_terrain_box_apart(t, p, man) && tw_terrain_segment_hits(t, p, man))
			return true;
	}
	return false;
}

int lw_ks_shell_gun(const tw_gun *g, tw_vec2 p)
{
	if (tw_gun_distance(g, p) > LW_KS_SHELL_R + LW_EPS)
		return 0;
	// KS.SH.3: wholly inside when its extreme points are: trail end, muzzle and both wheels.
	tw_vec2 d = tw_dir_deg(g->bearing);
	tw_vec2 across = tw_scale(tw_v2(d.y, -d.x), g->half_axle);
	tw_vec2 pts[4] = {tw_gun_trail_end(g), tw_gun_muzzle(g), tw_add(g->axle, across), tw_sub(g->axle, across)};
	for (int k = 0; k < 4; k++)
		if (tw_dist(pts[k], p) > LW_KS_SHELL_R + LW_EPS)
			return 1;
	return 2;
}

typedef struct near_man {
	double d;
	int id;
} near_man;

static int by_distance(const void *a, const void *b)
{
	const near_man *x = a, *y = b;
	if (x->d != y->d)
		return x->d < y->d ? -1 : 1;
	return x->id - y->id;
}

void lw_ks_shell(tw_state *s, tw_vec2 p, lw_ks_shell_result *r, tw_events *ev)
{
	*r = (lw_ks_shell_result){0};
	for (int side = 0; side < 2 && side < s->nsides; side++) {
		near_man *in = tw_events_calloc(ev, (size_t)(s->nfig > 0 ? s->nfig : 1), sizeof *in);
		if (!in)
			return;
		int n = 0;
		for (int i = 0; i < s->nfig; i++) {
			const tw_figure *f = &s->fig[i];
			if (f->side != side || f->status != TW_FS_ACTIVE)
				continue;
			double d = lw_fig_dist(f, p); // KS.SH.2: to the nearest point of each figure
			if (d > LW_KS_SHELL_R + LW_EPS)
				continue;
			if (lw_ks_is_general(s, f)) { // KS.GNL.2: no count of the dead; wounded under Sykes
				lw_ks_general_wound(s, &s->fig[i], ev);
				continue;
			}
			if (covered(s, p, f->pos) || lw_ks_dug_in(s, p, f->pos)) { // KS.SH.5 (issue 16: a ditch)
				r->covered[side]++;
				continue;
			}
			in[n++] = (near_man){d, f->id};
		}
		r->in_zone[side] = n;
		r->killed[side] = lw_ks_shell_kills(n); // KS.SH.2
		qsort(in, (size_t)n, sizeof *in, by_distance);
		for (int k = 0; k < r->killed[side]; k++) {
			tw_figure *f = &s->fig[in[k].id];
			f->status = TW_FS_DEAD;
			LWF(s, f)->marks &= ~(uint32_t)LW_MARK_CONTACT;
			for (int j = 0; j < s->nfig; j++) // his prisoners lose their escort (LW.MEL.11)
				if (LWF(s, &s->fig[j])->escort == f->id)
					LWF(s, &s->fig[j])->escort = -1;
			tw_event *e = tw_events_push(ev, TW_EV_KILL, f->side, "KS.SH.2");
			if (e) {
				e->a = f->id;
				e->b = 5; // shell
				e->x = f->pos.x;
				e->y = f->pos.y;
				tw_event_text(e, "shell at (%.1f, %.1f): man %d killed (%d of %d in the 3 in zone)", p.x, p.y,
					      f->id, r->killed[side], n);
			}
		}
		tw_free(in);
	}
	for (int i = 0; i < s->ngun; i++) {
		tw_gun *g = &s->gun[i];
		lw_gun *rg = LWGN(s, g);
		if (rg->ks_destroyed)
			continue;
		int h = lw_ks_shell_gun(g, p);
		if (h == 2) {
			rg->ks_destroyed = 1;
			r->guns_destroyed++;
		} else if (h == 1) {
			// KS.SH.3: disabled for its side's next 2 moves (4 game moves from now).
			rg->ks_disabled_until = s->move_no + 4;
			r->guns_disabled++;
		}
		if (h) {
			tw_event *e = tw_events_push(ev, TW_EV_GUN_STATUS, g->side, "KS.SH.3");
			if (e) {
				e->a = g->id;
				e->b = h;
				tw_event_text(e, "gun %d %s by a shell", g->id,
					      h == 2 ? "destroyed" : "disabled for 2 moves");
			}
		}
	}
}

bool lw_ks_in_line(const tw_vec2 *pts, int n)
{
	if (n <= 2)
		return n > 0;
	int a = 0, b = 1;
	double best = -1;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (tw_dist(pts[i], pts[j]) > best) {
				best = tw_dist(pts[i], pts[j]);
				a = i;
				b = j;
			}
	tw_vec2 u = tw_sub(pts[b], pts[a]);
	double len = tw_len(u);
	if (len <= 0)
		return false;
	for (int i = 0; i < n; i++) {
		tw_vec2 w = tw_sub(pts[i], pts[a]);
		if (fabs(u.x * w.y - u.y * w.x) / len > 1.0 + LW_EPS) // KS.RF.1 "roughly in a line"
			return false;
	}
	return true;
}
