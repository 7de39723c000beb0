// Little Wars: capturing guns (LW.CAP.1-4).
//
// Readings used here (docs/rules/littlewars.md):
//  - LW.CAP.1(b) "passed its wheel axis going in the direction of their attack": the direction of
//    a side's attack is towards the enemy's back line (its `forward`). A leg of a free enemy man's
//    move that goes from short of the line through the axle (along the axle) to beyond it, in
//    that direction, records him; a leg that goes back over the line the other way forgets him
//    (a man who crosses and walks back in front of the muzzle no longer counts). A gun standing
//    exactly side-on to the attack (its axle along the attack) is attacked at the muzzle: beyond
//    is the trail's side. A man on the line is not beyond it. The record is cleared when the gun
//    moves or swings (its axle line is then another line), and men who stop being free lose
//    their crossing; the count at the end of a move takes only crossers still free and within
//    6 in (lw_free_man_near_gun).
//  - LW.CAP.1(a) and LW.CAP.3: "men of its original side" are the free men of the side that
//    controls the gun now (after a capture the captor is the owner in every way, LW.CAP.4, so a
//    recapture follows the same rule).
//  - LW.CAP.3: disputed_until = move_no + 2: the attacker may not fire or move the gun up to
//    and including his next move. It is not cleared by a later capture in the owner's move,
//    which keeps "not in his next move" true.
#include <stdio.h>

#include "lw.h"
#include "lw_capture.h"

// LW.CAP.1(b): which way is "beyond" the axle line of a gun whose bearing points along d
// (tw_dir_deg(g->bearing)) for a man of `side`: +1 the muzzle's side, -1 the trail's.
static int beyond_sense(const tw_state *s, tw_vec2 d, int side)
{
	double along = s->sides[side].forward * d.y; // attack direction . bearing
	return along > 1e-9 ? 1 : -1;
}

static bool beyond(double sd, int sense) { return sense > 0 ? sd > 0 : sd < 0; }

// Keeps the crossers for whom keep() holds, in order; the places left over hold -1.
static void keep_crossers(tw_state *s, lw_gun *r, bool (*keep)(const tw_state *s, int32_t id, int32_t arg), int32_t arg)
{
	int w = 0;
	for (int k = 0; k < r->ncross; k++)
		if (keep(s, r->crossers[k], arg))
			r->crossers[w++] = r->crossers[k];
	for (int k = w; k < r->ncross; k++)
		r->crossers[k] = -1;
	r->ncross = w;
}

static bool not_him(const tw_state *s, int32_t id, int32_t him)
{
	(void)s;
	return id != him;
}

static bool free_enemy(const tw_state *s, int32_t id, int32_t owner)
{
	const tw_figure *c = tw_state_figure_c(s, id);
	return c && lw_is_free_man(c) && c->side != owner;
}

void lw_forget_crossers(tw_state *s, const tw_gun *g)
{
	lw_gun *r = LWGN(s, g);
	for (int k = 0; k < LW_GUN_MAX_CROSSERS; k++)
		r->crossers[k] = -1;
	r->ncross = 0;
}

static bool still_free(const tw_state *s, int32_t id, int32_t arg)
{
	(void)arg;
	const tw_figure *c = tw_state_figure_c(s, id);
	return c && lw_is_free_man(c);
}

void lw_note_axle_crossings(tw_state *s, const tw_figure *f, tw_vec2 a, tw_vec2 b)
{
	lw_note_axle_crossings_dirs(s, f, a, b, NULL);
}

void lw_axle_dirs_init(lw_axle_dirs *dirs, const tw_state *s)
{
	dirs->have = 0;
	dirs->ok = s->ngun <= LW_AXLE_DIRS_MAX;
}

void lw_note_axle_crossings_dirs(tw_state *s, const tw_figure *f, tw_vec2 a, tw_vec2 b, lw_axle_dirs *dirs)
{
	if (!f || !lw_is_free_man(f))
		return;
	const bool kept = dirs && dirs->ok && s->ngun <= LW_AXLE_DIRS_MAX;
	for (int gi = 0; gi < s->ngun; gi++) {
		tw_gun *g = &s->gun[gi];
		if (g->side == f->side || lw_gun_boxed(s, g) || lw_gun_aboard(s, g)) // lw-box: no axle line on the table
			continue;
		// The axle line is through g->axle, across d. s31-move (issue 18): d worked out once an
		// order for each gun (tw_dir_deg is a function of the bearing alone, and nothing turns a
		// gun while the order's men move), and given to beyond_sense (it worked it out again).
		tw_vec2 d;
		if (kept && (dirs->have >> gi) & 1u) {
			d = dirs->d[gi];
		} else {
			d = tw_dir_deg(g->bearing);
			if (kept) {
				dirs->d[gi] = d;
				dirs->have |= 1ull << gi;
			}
		}
		int sense = beyond_sense(s, d, f->side);
		bool was = beyond(tw_dot(tw_sub(a, g->axle), d), sense), is = beyond(tw_dot(tw_sub(b, g->axle), d), sense);
		if (was == is)
			continue;
		lw_gun *r = LWGN(s, g);
		if (!is) { // back over the line, against the attack: his crossing no longer counts
			keep_crossers(s, r, not_him, f->id);
			continue;
		}
		bool known = false;
		for (int k = 0; k < r->ncross && !known; k++)
			known = r->crossers[k] == f->id;
		if (known)
			continue;
		if (r->ncross >= LW_GUN_MAX_CROSSERS) // make room: forget crossers no longer free
			keep_crossers(s, r, still_free, 0);
		if (r->ncross < LW_GUN_MAX_CROSSERS)
			r->crossers[r->ncross++] = f->id;
	}
}

void lw_check_captures(tw_state *s, tw_events *ev)
{
	for (int gi = 0; gi < s->ngun; gi++) {
		tw_gun *g = &s->gun[gi];
		int owner = g->side;
		if (lw_gun_boxed(s, g) || lw_gun_aboard(s, g)) // lw-box: taken only once out of its box or off its train
			continue;
		// Forget crossers who are no longer free men of another side.
		keep_crossers(s, LWGN(s, g), free_enemy, owner);
		// LW.CAP.1(b): crossers of one enemy side still within 6 in.
		int attacker = -1, best = 0;
		for (int side = 0; side < s->nsides; side++) {
			if (side == owner)
				continue;
			int n = 0;
			for (int k = 0; k < LWGN(s, g)->ncross; k++) {
				const tw_figure *c = tw_state_figure_c(s, LWGN(s, g)->crossers[k]);
				if (c->side == side && lw_free_man_near_gun(g, c))
					n++;
			}
			if (n > best) {
				best = n;
				attacker = side;
			}
		}
		if (attacker < 0 || best < LW_GUN_CREW)
			continue; // LW.CAP.2: enemy merely near the gun never captures it
		int own = lw_gun_crew_count(s, g, owner);
		if (own == 0) {
			// LW.CAP.1 and LW.CAP.4: the gun is the captor's from now on.
			g->side = (uint8_t)attacker;
			lw_forget_crossers(s, g);
			tw_event *e = ev ? tw_events_push(ev, TW_EV_CAPTURE, attacker, "LW.CAP.1") : NULL;
			if (e) {
				e->move_no = s->move_no;
				e->a = g->id;
				e->b = attacker;
				e->c = owner;
				e->x = g->axle.x;
				e->y = g->axle.y;
				tw_event_text(
				    e,
				    "gun %d captured by %s: %d men past the axle, none of %s's within 6 in",
				    g->id, s->sides[attacker].name, best, s->sides[owner].name);
			}
		} else {
			// LW.CAP.3: in dispute; the attacker may not use it in his next move.
			LWGN(s, g)->disputed_until = s->move_no + 2;
			tw_event *e = ev ? tw_events_push(ev, TW_EV_DISPUTE, attacker, "LW.CAP.3") : NULL;
			if (e) {
				e->move_no = s->move_no;
				e->a = g->id;
				e->b = attacker;
				e->c = own;
				e->x = g->axle.x;
				e->y = g->axle.y;
				tw_event_text(e,
				              "gun %d in dispute: %d %s men past the axle but %d of %s's "
				              "still within 6 in",
				              g->id, best, s->sides[attacker].name, own,
				              s->sides[owner].name);
			}
		}
	}
}
