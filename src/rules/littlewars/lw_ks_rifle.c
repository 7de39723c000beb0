// Rifle fire in the Kriegspiel (KS.RF.1) as an order: `rifle FIGURES at X,Y`. Infantrymen standing
// roughly in a line (lw_ks_in_line: every man within 1 in of the line through the two farthest
// apart) who have not moved fire one ordinary wooden-bolt shot for every five: the men are taken
// along the line in fives, and each five's shot is fired by the shot model as from a 4.7 gun,
// aimed at the point, and kills by the LW.FIRE rules (lw_apply_shot_kills). Readings
// (docs/rules/littlewars.md "KS"):
// - "from any convenient point behind the five, passing over the middle man's head": the bolt
//   starts 1 in in front of the middle man's base at the gun's muzzle height, as if it had passed
//   over him (Wells's Kriegspiel figures are 1 in tall, KS.TER.2; ours are 2 in, and a bolt
//   fired from behind at a toy gun's muzzle height would strike the man it passes over);
// - the firing comes before men move in the move (LW.MV.11 by analogy): refused once a man has
//   moved; the riflemen have then made their move (KS.MOV.5: no firing and moving; they are
//   marked moved, so `move` refuses them);
// - a man fires once a move; unsupplied men have no ammunition (KS.SUP.8/9);
// - each man's run of own moves with fire is kept for KS.SUP.1's ammunition packets (lw_fig
//   ks_fired_in, ks_fire_run; an ammunition packet handed over starts it again).
#include <math.h>
#include <stdlib.h>

#include "lw_big.h"

#define LW_RIFLE_AHEAD 1.0 ///< where the bolt starts: inches in front of the middle man's base
#define LW_RIFLE_MUZZLE 1.0 ///< at a 4.7 gun's muzzle height (lw_gun.c), inches

tw_status lw_validate_rifle(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (!LWG(s)->ks)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.RF.1", "rifle fire is the Kriegspiel's: in Little Wars only guns fire");
	if (!o->has_target || !isfinite(o->target.x) || !isfinite(o->target.y))
		return tw_error_set(err, TW_ERR_INPUT, "KS.RF.1", "rifle fire needs a point to aim at");
	if (LWG(s)->men_moved)
		return tw_error_set(err, TW_ERR_ILLEGAL, "KS.RF.1",
				    "a man has moved in this move: rifle fire comes before men move (LW.MV.11 by analogy)");
	tw_vec2 *pts = tw_malloc((size_t)(o->nfig > 0 ? o->nfig : 1) * sizeof *pts);
	if (!pts)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	tw_status st = TW_OK;
	for (int i = 0; i < o->nfig && st == TW_OK; i++) {
		const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
		if (!f || f->side != o->side || !lw_is_free(f) || f->kind != TW_FK_INFANTRY ||
		    (LWF(s, f)->arm >= 0 && LWF(s, f)->arm != LW_ARM_INFANTRY)) {
			st = tw_error_set(err, TW_ERR_ILLEGAL, "KS.RF.1", "man %d is no free infantryman of %s", o->fig[i],
					  s->sides[o->side].name);
			break;
		}
		for (int j = 0; j < i && st == TW_OK; j++)
			if (o->fig[j] == f->id)
				st = tw_error_set(err, TW_ERR_INPUT, "KS.RF.1", "man %d is named twice", f->id);
		if (st == TW_OK && LWF(s, f)->ks_fired_in == s->move_no)
			st = tw_error_set(err, TW_ERR_ILLEGAL, "KS.RF.1", "man %d has fired in this move already", f->id);
		else if (st == TW_OK && f->moved_in == s->move_no)
			st = tw_error_set(err, TW_ERR_ILLEGAL, "KS.MOV.5", "man %d has moved in this move: he may not fire", f->id);
		else if (st == TW_OK && LWF(s, f)->ks_unsupplied > 0)
			st = tw_error_set(err, TW_ERR_ILLEGAL, "KS.SUP.8", "man %d is unsupplied: he has no ammunition", f->id);
		pts[i] = f->pos;
	}
	if (st == TW_OK && o->nfig < 5)
		st = tw_error_set(err, TW_ERR_ILLEGAL, "KS.RF.1", "%d men fire no shot: one shot for every 5", o->nfig);
	if (st == TW_OK && !lw_ks_in_line(pts, o->nfig))
		st = tw_error_set(err, TW_ERR_ILLEGAL, "KS.RF.1",
				  "the men do not stand roughly in a line: each must be within 1 in of the line through the two "
				  "farthest apart");
	tw_free(pts);
	return st;
}

typedef struct along {
	double t;
	int32_t id;
} along;

static int by_t(const void *a, const void *b)
{
	const along *x = a, *y = b;
	return x->t < y->t ? -1 : x->t > y->t ? 1 : x->id - y->id;
}

tw_status lw_apply_rifle(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev, tw_error *err)
{
	int n = o->nfig;
	along *ln = tw_malloc((size_t)n * sizeof *ln);
	tw_shot_result *r = tw_malloc(sizeof *r); // some 5 KB: not on the stack
	if (!ln || !r) {
		tw_free(ln);
		tw_free(r);
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	}
	// The men along the line through the two farthest apart (ties by id): fives in that order.
	int a = 0, b = n > 1 ? 1 : 0;
	double far = -1;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			double d = tw_dist(s->fig[o->fig[i]].pos, s->fig[o->fig[j]].pos);
			if (d > far) {
				far = d;
				a = i;
				b = j;
			}
		}
	tw_vec2 p0 = s->fig[o->fig[a]].pos, u = tw_sub(s->fig[o->fig[b]].pos, p0);
	for (int i = 0; i < n; i++)
		ln[i] = (along){tw_dot(tw_sub(s->fig[o->fig[i]].pos, p0), u), o->fig[i]};
	qsort(ln, (size_t)n, sizeof *ln, by_t);
	int shots = lw_ks_rifle_shots(n, false);
	const tw_shot_model *m = ctx && ctx->shots ? ctx->shots : tw_shot_model_fast();
	tw_status st = TW_OK;
	for (int k = 0; k < shots && st == TW_OK; k++) {
		const tw_figure *mid = &s->fig[ln[5 * k + 2].id]; // the middle man of the five
		tw_vec2 to = tw_sub(o->target, mid->pos);
		double len = tw_len(to);
		tw_vec2 dir = len > 0 ? tw_scale(to, 1.0 / len) : tw_v2(0, s->sides[o->side].forward >= 0 ? 1 : -1);
		// The bolt is fired as from a 4.7 gun standing behind him (KS.RF.1): its muzzle at the point.
		tw_gun g = {0};
		g.id = -1;
		g.side = (uint8_t)o->side;
		g.trail = 3;
		g.half_axle = 0.9;
		g.muzzle = 2;
		g.bearing = tw_bearing_deg(dir);
		tw_vec2 from = tw_add(mid->pos, tw_scale(dir, mid->radius + LW_RIFLE_AHEAD));
		g.axle = tw_sub(from, tw_scale(dir, g.muzzle));
		double bearing, elev;
		lw_aim_at(s, &g, o->target, &bearing, &elev);
		tw_shot_request rq = {0};
		rq.gun = -1;
		rq.side = o->side;
		rq.model = 0;
		rq.origin = from;
		rq.z0 = tw_table_ground(&s->table, from) + LW_RIFLE_MUZZLE;
		rq.bearing = bearing;
		rq.elevation = elev;
		rq.aim_sigma = s->params[LWP_AIM_SIGMA];
		st = m->fire(m, s, &rq, &s->rng, r);
		if (st != TW_OK)
			break;
		tw_event *e = tw_events_push(ev, TW_EV_SHOT, o->side, "KS.RF.1");
		if (e) {
			e->a = mid->id;
			e->b = k + 1;
			e->x = r->rest.x;
			e->y = r->rest.y;
			e->v = r->bearing;
			tw_event_text(e, "%s's five about man %d fire (shot %d of %d): the bolt comes to rest at (%.1f, %.1f)",
				      s->sides[o->side].name, mid->id, k + 1, shots, r->rest.x, r->rest.y);
		}
		lw_apply_shot_kills(s, r, -1, ev); // KS.RF.1: it kills by the LW.FIRE rules
	}
	tw_free(ln);
	tw_free(r);
	if (st != TW_OK) // a replay without this shot, or no memory: refused (the state is put back)
		return tw_error_set(err, st == TW_ERR_NOMEM ? TW_ERR_NOMEM : TW_ERR_STATE, "KS.RF.1", "the shot could not be flown");
	for (int i = 0; i < n; i++) { // KS.MOV.5: they have fired, and may not move
		tw_figure *f = &s->fig[o->fig[i]];
		lw_fig *rec = LWF(s, f);
		// KS.SUP.1: the run goes on when he fired in his side's previous move too.
		rec->ks_fire_run = rec->ks_fired_in > 0 && rec->ks_fired_in == s->move_no - 2 ? rec->ks_fire_run + 1 : 1;
		rec->ks_fired_in = s->move_no;
		if (lw_is_free(f) && f->moved_in != s->move_no) {
			f->moved_in = s->move_no;
			f->move_used = 0;
		}
	}
	return TW_OK;
}
