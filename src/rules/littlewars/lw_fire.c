// LW.FIRE.1-5: what a shot kills, applied to the time-ordered contacts a shot model reports.
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "lw.h"
#include "lw_fmt.h"
#include "lw_big.h" // KS.GNL.2

enum { LW_KILL_KNOCKED = 1, LW_KILL_TOUCHED = 2, LW_KILL_FELLED = 3 }; // TW_EV_KILL b (4 = melee)

// LW.FIRE.5: prisoners, escorts and freed men standing on the table are hit like any man.
static bool lw_fire_hittable(const tw_figure *f)
{
	return f->status == TW_FS_ACTIVE || f->status == LW_FS_PRISONER || f->status == LW_FS_FREED;
}

// LW.FIRE.1: knocked over, felled by a falling man, or left leaning past his tipping point.
static bool lw_fire_goes_over(uint8_t how)
{
	return how == TW_CONTACT_KNOCKED || how == TW_CONTACT_FELLED || how == TW_CONTACT_LEANING;
}

static const char *lw_fire_kind_word(const tw_figure *f)
{
	switch (f->kind) {
	case TW_FK_INFANTRY: return "infantryman";
	case TW_FK_CAVALRY: return "cavalryman";
	case TW_FK_OFFICER: return "officer";
	case TW_FK_GENERAL: return "general";
	case TW_FK_GUNNER: return "gunner";
	case TW_FK_WAGGON: return "waggon";
	default: return "figure";
	}
}

// "Red infantryman #12" (with "prisoner"/"freed" where it applies). s34: written by lw_fmt_put
// (the bytes snprintf wrote: the side's name cut at 15 characters, the whole cut at n - 1); two
// snprintf calls a man killed were 1.6% of a computer's Hook's Farm battle.
static void lw_fire_name(const tw_state *s, const tw_figure *f, char *buf, size_t n)
{
	char side[16] = "?";
	if (f->side < s->nsides && s->sides[f->side].name[0]) {
		size_t k = strnlen(s->sides[f->side].name, sizeof side - 1);
		memcpy(side, s->sides[f->side].name, k);
		side[k] = 0;
		side[0] = (char)toupper((unsigned char)side[0]);
	}
	const char *state = f->status == LW_FS_PRISONER ? " (prisoner)" : f->status == LW_FS_FREED ? " (freed)" : "";
	size_t len = 0;
	if (n > 0)
		buf[0] = 0;
	lw_fmt_put(buf, n, &len, side);
	lw_fmt_put(buf, n, &len, " ");
	lw_fmt_put(buf, n, &len, lw_fire_kind_word(f));
	lw_fmt_put(buf, n, &len, " #");
	lw_fmt_put_int(buf, n, &len, (int)f->id);
	lw_fmt_put(buf, n, &len, state);
}

// The most specific clause for a death: LW.FIRE.5 (prisoner/freed man), LW.FIRE.4 (own man),
// LW.FIRE.3 (rebound, glance, roll), LW.FIRE.2 (touched), else LW.FIRE.1.
static const char *lw_fire_clause(const tw_figure *f, int gun_side, const tw_shot_contact *c)
{
	if (f->status == LW_FS_PRISONER || f->status == LW_FS_FREED)
		return "LW.FIRE.5";
	if (gun_side >= 0 && f->side == gun_side)
		return "LW.FIRE.4";
	if (c->via == TW_VIA_REBOUND || c->via == TW_VIA_ROLL)
		return "LW.FIRE.3";
	if (c->how == TW_CONTACT_TOUCHED)
		return "LW.FIRE.2";
	return "LW.FIRE.1";
}

static const char *lw_fire_how_words(const tw_shot_contact *c)
{
	switch (c->how) {
	case TW_CONTACT_KNOCKED:
		return c->via == TW_VIA_ROLL ? "knocked over by the rolling shot"
		       : c->via == TW_VIA_REBOUND ? "knocked over by the rebounding shot"
						  : "knocked over by the shot";
	case TW_CONTACT_LEANING: return "left leaning past his tipping point";
	case TW_CONTACT_FELLED: return "felled by a falling man";
	default:
		return c->via == TW_VIA_ROLL ? "touched by the rolling shot"
		       : c->via == TW_VIA_REBOUND ? "touched by the rebounding shot"
						  : "touched by the shot";
	}
}

// Dead is dead: a dead prisoner has no captor or escort; prisoners he escorted lose him
// (LW.MEL.12-14 then deal with them at the end of the move).
static void lw_fire_kill(tw_state *s, tw_figure *f)
{
	f->status = TW_FS_DEAD;
	LWF(s, f)->captor = -1;
	LWF(s, f)->escort = -1;
	LWF(s, f)->marks &= ~(uint32_t)(LW_MARK_SURRENDERED | LW_MARK_CONTACT);
	for (int i = 0; i < s->nfig; i++) // the status first: most men are no prisoners (s35: the record's read once)
		if (s->fig[i].status == LW_FS_PRISONER && LWF(s, &s->fig[i])->escort == f->id)
			LWF(s, &s->fig[i])->escort = -1;
}

int lw_apply_shot_kills(tw_state *s, const tw_shot_result *r, int gun, tw_events *ev)
{
	const tw_gun *g = tw_state_gun_c(s, gun);
	int gun_side = g ? g->side : -1;
	int killed = 0;
	bool first_touch_seen = false;
	// LW.FIRE.2 Interpretation: the moment of the first knock-down (LW.FIRE.1 death) so far.
	double first_down = INFINITY;
	for (int i = 0; i < r->ncontacts && i < TW_SHOT_MAX_CONTACTS; i++)
		if (lw_fire_goes_over(r->contacts[i].how))
			first_down = fmin(first_down, r->contacts[i].t);

	// Go in time order along the shot's path (models report contacts in time order; a
	// stable sort keeps any list honest).
	int n = r->ncontacts < TW_SHOT_MAX_CONTACTS ? r->ncontacts : TW_SHOT_MAX_CONTACTS;
	int order[TW_SHOT_MAX_CONTACTS];
	for (int i = 0; i < n; i++) {
		int j = i - 1;
		for (; j >= 0 && r->contacts[order[j]].t > r->contacts[i].t; j--)
			order[j + 1] = order[j];
		order[j + 1] = i;
	}
	for (int k = 0; k < n; k++) {
		const tw_shot_contact *c = &r->contacts[order[k]];
		tw_figure *f = tw_state_figure(s, c->figure);
		if (!f || !lw_fire_hittable(f))
			continue; // already dead (e.g. listed twice) or off the table
		char name[64];
		lw_fire_name(s, f, name, sizeof name);
		bool dies;
		int how;
		if (lw_fire_goes_over(c->how)) {
			dies = true; // LW.FIRE.1
			how = c->how == TW_CONTACT_FELLED ? LW_KILL_FELLED : LW_KILL_KNOCKED;
		} else {
			// LW.FIRE.2: only the first man touched can die of a touch, and only if nobody
			// had been knocked down before that moment.
			dies = !first_touch_seen && !(first_down < c->t);
			first_touch_seen = true;
			how = LW_KILL_TOUCHED;
		}
		// Unharmed: LW.FIRE.2's touch, or KS.GNL.2's General (Wells's is invulnerable).
		bool general = dies && lw_ks_general_immune(s, f);
		if (!dies || general) {
			tw_event *e = tw_events_push(ev, TW_EV_TOUCH, f->side, general ? "KS.GNL.2" : "LW.FIRE.2");
			if (e) {
				e->a = f->id;
				e->c = c->via;
				e->d = gun;
				e->x = f->pos.x;
				e->y = f->pos.y;
				tw_event_text(e, "%s %s: unharmed (%s)", name, lw_fire_how_words(c),
					      general		  ? "the General is invulnerable"
					      : first_down < c->t ? "the shot had already knocked a man down"
								  : "not the first man it touched");
			}
			continue;
		}
		const char *clause = lw_fire_clause(f, gun_side, c);
		bool own = gun_side >= 0 && f->side == gun_side;
		lw_fire_kill(s, f);
		killed++;
		tw_event *e = tw_events_push(ev, TW_EV_KILL, f->side, clause);
		if (e) {
			e->a = f->id;
			e->b = how;
			e->c = c->via;
			e->d = gun;
			e->x = f->pos.x;
			e->y = f->pos.y;
			e->v = c->speed;
			tw_event_text(e, "%s %s: dead%s", name, lw_fire_how_words(c), own ? " (his own side's gun)" : "");
		}
	}
	return killed;
}
