// Varieties of the battle-game, their ends, and scoring (LW.VAR.1-13, LW.CAMP.2).
#include <stdio.h>

#include "lw.h"
#include "lw_big.h" // LW_ARM_GENERAL
#include "lw_util.h" // lw_arm_of

// A man who counts as on the field (LW.VAR.1): free, or (LW.BIG.2/9, KS.FORM.1) in a box or aboard
// a train or a boat.
// In a Kriegspiel (`ks`) the General's figure is not counted: it shows where the General stands
// (KS.GNL.1), and Wells's General cannot fall (KS.GNL.2), so a side beaten to its last man would
// otherwise never be beaten.
static bool on_field(const tw_state *s, const tw_figure *f, bool ks)
{
	return lw_is_man(f) && (lw_is_free(f) || (f->status == TW_FS_RESERVE && (LWF(s, f)->box >= 0 || LWF(s, f)->train >= 0 || LWF(s, f)->boat > 0))) &&
	       !(ks && lw_arm_of(s, f) == LW_ARM_GENERAL);
}

int lw_free_on_field(const tw_state *s, int side)
{
	int n = 0;
	const bool ks = LWG(s)->ks != 0;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].side == side && on_field(s, &s->fig[i], ks))
			n++; // LW.BIG.2/9: men in a box or aboard a train are still in the field
	return n;
}

// h10-melee: lw_free_on_field of sides 0 and 1 in one pass (the same men counted).
static void free_on_field_both(const tw_state *s, int *n0, int *n1)
{
	int n[2] = {0, 0};
	const bool ks = LWG(s)->ks != 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if ((f->side == 0 || f->side == 1) && on_field(s, f, ks))
			n[f->side]++;
	}
	*n0 = n[0];
	*n1 = n[1];
}

// LW.VAR.2 Interpretation: the side a gun counts for. A gun left on the field with no free man
// of its controller within 6 in, and not withdrawn over his back line, is "in a position to
// take" for the other side.
static int gun_scores_for(const tw_state *s, const tw_gun *g)
{
	if (lw_beyond_own_line(s, g->side, g->axle) || lw_gun_boxed(s, g) || lw_gun_aboard(s, g)) // lw-box: with its crew
		return g->side;
	if (lw_gun_crew_upto(s, g, g->side, 1) == 0) // h10-melee: one man is enough to know
		return lw_enemy(g->side);
	return g->side;
}

// LW.VAR.2 / LW.CAMP.2: 100 for victory (50 each in a draw, LW.VAR.3), 10 a gun held or in a
// position to take, 1.5 a cavalryman and 1 an infantryman alive and uncaptured, 0.5 a man of
// one's own held prisoner, 0.5 a prisoner taken.
void lw_score(const tw_state *s, double *points)
{
	for (int i = 0; i < s->nsides; i++)
		points[i] = 0;
	if (s->over) {
		if (s->winner == -2) {
			points[0] += 50;
			points[1] += 50;
		} else if (s->winner >= 0) {
			points[s->winner] += 100;
		}
	}
	for (int i = 0; i < s->ngun; i++)
		if (lw_gun_in_battle(s, &s->gun[i]))
			points[gun_scores_for(s, &s->gun[i])] += 10;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (!lw_is_man(f))
			continue; // issue 18 lw-box: a waggon or cart scores nothing
		switch (f->status) {
		case TW_FS_ACTIVE:
		case LW_FS_FREED:
		case LW_FS_WITHDRAWN:
			points[f->side] += f->kind == TW_FK_CAVALRY ? 1.5 : 1.0;
			break;
		case LW_FS_PRISONER:
		case LW_FS_DELIVERED:
			points[f->side] += 0.5;
			if (LWF(s, f)->captor >= 0 && LWF(s, f)->captor < s->nsides)
				points[LWF(s, f)->captor] += 0.5;
			break;
		default: break;
		}
	}
}

static void finish(tw_state *s, int winner, const char *clause, const char *why, tw_events *ev)
{
	s->over = true;
	s->winner = (int8_t)winner;
	s->phase = LW_PH_OVER;
	tw_event *e;
	if (winner >= 0) {
		e = tw_events_push(ev, TW_EV_VICTORY, winner, clause);
		if (e) {
			e->a = winner;
			tw_event_text(e, "%s wins: %s", s->sides[winner].name, why);
		}
	} else {
		e = tw_events_push(ev, TW_EV_DRAW, -1, clause);
		tw_event_text(e, "Drawn: %s", why);
	}
	double pts[TW_MAX_SIDES];
	lw_score(s, pts);
	for (int i = 0; i < s->nsides; i++) {
		e = tw_events_push(ev, TW_EV_SCORE, i, "LW.VAR.2");
		if (e) {
			e->a = i;
			e->v = pts[i];
			tw_event_text(e, "%s scores %.1f", s->sides[i].name, pts[i]);
		}
	}
}

static int men_on_enemy_line(const tw_state *s, int side)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].side == side && lw_is_free_man(&s->fig[i]) && lw_on_enemy_line(s, side, s->fig[i].pos))
			n++;
	return n;
}

// LW.VAR.6: what is still on the field after the six moves surrenders to the victor.
static void blow_surrender(tw_state *s, int victor, tw_events *ev)
{
	int loser = lw_enemy(victor);
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		if (f->side == loser && lw_is_man(f) && (f->status == TW_FS_ACTIVE || f->status == LW_FS_FREED)) {
			f->status = LW_FS_PRISONER;
			LWF(s, f)->captor = (int8_t)victor;
			LWF(s, f)->marks |= LW_MARK_SURRENDERED;
			tw_event *e = tw_events_push(ev, TW_EV_SURRENDER, loser, "LW.VAR.6");
			if (e) {
				e->a = f->id;
				tw_event_text(e, "%s #%d still on the field surrenders", s->sides[loser].name, f->id);
			}
		}
	}
	for (int i = 0; i < s->ngun; i++) {
		tw_gun *g = &s->gun[i];
		if (g->side == loser && !lw_beyond_own_line(s, loser, g->axle)) {
			g->side = (uint8_t)victor;
			tw_event *e = tw_events_push(ev, TW_EV_CAPTURE, victor, "LW.VAR.6");
			if (e) {
				e->a = g->id;
				e->b = victor;
				tw_event_text(e, "gun %d left on the field is taken by %s", g->id, s->sides[victor].name);
			}
		}
	}
}

static bool side_all_off(const tw_state *s, int side)
{
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->side == side && (f->status == TW_FS_ACTIVE || f->status == LW_FS_FREED))
			return false;
	}
	for (int i = 0; i < s->ngun; i++)
		if (s->gun[i].side == side && !lw_beyond_own_line(s, side, s->gun[i].axle))
			return false;
	return true;
}

void lw_check_end(tw_state *s, tw_events *ev)
{
	if (s->over)
		return;
	int variety = (int)s->params[LWP_VARIETY];
	int n0, n1;
	free_on_field_both(s, &n0, &n1);
	char why[128];
	if (variety == LW_VAR_BLOW) {
		int blow = LWG(s)->blow_side;
		if (blow < 0) {
			// LW.VAR.5: three free men on or beyond the enemy's back line.
			for (int side = 0; side < 2; side++) {
				int k = men_on_enemy_line(s, side);
				if (k >= 3) {
					LWG(s)->blow_side = side;
					LWG(s)->blow_move = s->move_no;
					tw_event *e = tw_events_push(ev, TW_EV_INFO, side, "LW.VAR.5");
					tw_event_text(e, "%s strikes a blow at the rear (%d men on %s's back line): %s "
						      "must withdraw within %d moves (LW.VAR.6)",
						      s->sides[side].name, k, s->sides[lw_enemy(side)].name,
						      s->sides[lw_enemy(side)].name, (int)s->params[LWP_BLOW_MOVES]);
					break;
				}
			}
			blow = LWG(s)->blow_side;
		}
		if (blow >= 0) {
			int loser = lw_enemy(blow);
			// The loser's moves since the blow: he moves on alternate game moves.
			int loser_moves = 0;
			for (int m = LWG(s)->blow_move + 1; m <= s->move_no; m++)
				if (((m - 1) % 2 == 0 ? LWG(s)->first : lw_enemy(LWG(s)->first)) == loser)
					loser_moves++;
			if (side_all_off(s, loser)) {
				finish(s, blow, "LW.VAR.6", "the defeated side has withdrawn over its back line", ev);
				return;
			}
			if (loser_moves >= (int)s->params[LWP_BLOW_MOVES]) {
				blow_surrender(s, blow, ev);
				finish(s, blow, "LW.VAR.6", "the six moves are up; what remains surrenders", ev);
				return;
			}
		}
	} else if (variety == LW_VAR_DEFENSIVE) {
		int def = LWG(s)->defender;
		int att = lw_enemy(def);
		int need = (LWG(s)->orig_attack + 3) / 4; // LW.VAR.13: a quarter of original strength
		if (men_on_enemy_line(s, att) >= need) {
			snprintf(why, sizeof why, "%d attackers reached the defender's back line (needed %d)",
				 men_on_enemy_line(s, att), need);
			finish(s, att, "LW.VAR.13", why, ev);
			return;
		}
		if (lw_free_on_field(s, att) < need) {
			snprintf(why, sizeof why, "the attacker is below a quarter of his strength (%d < %d)",
				 lw_free_on_field(s, att), need);
			finish(s, def, "LW.VAR.13", why, ev);
			return;
		}
	}
	if (variety == LW_VAR_FTF || (variety == LW_VAR_BLOW && LWG(s)->blow_side < 0)) {
		// LW.VAR.1: a side with no free men left on the field has lost.
		if (n0 == 0 || n1 == 0) {
			if (n0 == 0 && n1 == 0)
				finish(s, -2, "LW.VAR.1", "neither side has a free man on the field", ev);
			else
				finish(s, n0 == 0 ? 1 : 0, "LW.VAR.1", "the enemy has no free man left on the field", ev);
			return;
		}
		// LW.VAR.3/4: both below 15 (10 in small games) and still undecided: a draw.
		int at = LWG(s)->draw_at ? LWG(s)->draw_at : 15;
		if (n0 < at && n1 < at) {
			snprintf(why, sizeof why, "both sides are down to fewer than %d men (%d and %d)", at, n0, n1);
			finish(s, -2, at == 15 ? "LW.VAR.3" : "LW.VAR.4", why, ev);
			return;
		}
	}
	// The engine's own limit (max_moves): not in the book (docs/rules/littlewars.md), so it cites
	// no clause; LW.VAR.3 is the draw when both sides fall below 15 men.
	if (s->move_no >= (int)s->params[LWP_MAX_MOVES]) {
		snprintf(why, sizeof why, "the agreed move limit of %d moves is reached (not a rule of the book)",
			 (int)s->params[LWP_MAX_MOVES]);
		finish(s, -2, "", why, ev);
	}
}
