// Science versus Luck: doctrine adherence (SV.DOC.16-18). After every attacker phase each figure
// that acted (the commander excepted) is checked against the Infantry Manual: pace, fire, cover,
// spacing, assault and conduct under Pause or Recoil; then the force checks (bugler, commander);
// the verdict (SV.DOC.17) feeds the turn's morale tests (SV.MOR.7). Each failed check is an
// event citing SV.DOC.16 with the figure and the check.
#include <math.h>
#include "tinwar/detmath.h"

#include "sv.h"

const char *const sv_check_names[SV_CHK_COUNT] = {"pace", "fire", "cover", "spacing", "assault", "morale conduct"};

// sv-svfix: the least gap a figure may end at from its neighbours by IM.spacing (SV.DOC.16), for
// what counts as a cover position under IM.cover PREFER(D) (and the computer's cover seeking).
double sv_cover_gap(const tw_state *s)
{
	double g = SVS(s, SV_ATTACKER)->spacing - 0.25;
	return g > 0.01 ? g : 0.01;
}

// A place figure f could have ended on: on the table, off the gun's footprint, and clear of every
// other standing figure both where it stood at the phase's start and where it stands now (so a
// place another figure held when f moved counts as taken).
static bool spot_free_gap(const tw_state *s, int f, tw_vec2 p, double min_gap);

static bool spot_free(const tw_state *s, int f, tw_vec2 p)
{
	return spot_free_gap(s, f, p, 0.01);
}

// sv-svfix: ... with at least min_gap between f's base and every other standing base.
static bool spot_free_gap(const tw_state *s, int f, tw_vec2 p, double min_gap)
{
	if (p.x < 0 || p.y < 0 || p.x > s->table.width || p.y > s->table.depth || sv_solid_at(s, p))
		return false;
	for (int k = 0; k < s->ngun; k++)
		if (tw_dist(p, s->gun[k].axle) < SV_GUN_FOOT + 0.5)
			return false;
	for (int j = 0; j < s->nfig; j++) {
		if (j == f || !sv_standing(s, j))
			continue;
		double gap = s->fig[f].radius + s->fig[j].radius + min_gap;
		if (tw_dist(p, s->fig[j].pos) < gap || tw_dist(p, tw_v2(SVF(s, j)->sx, SVF(s, j)->sy)) < gap)
			return false;
	}
	return true;
}

// A cover position (SV.DOC.12 IM.cover PREFER(D)): a point the figure could reach this phase
// (within `reach` of a, its path clear), within d of the direct route a -> b, in cover from the
// gun at g, where it would keep IM.spacing's least gap to every standing figure (sv-svfix: a cover
// spot the manual's spacing forbids is no cover position). Searched on a 0.5" grid.
static bool cover_within(const tw_state *s, int f, tw_vec2 g, tw_vec2 a, tw_vec2 b, double d, double reach)
{
	for (double x = a.x - reach; x <= a.x + reach + 1e-9; x += 0.5)
		for (double y = a.y - reach; y <= a.y + reach + 1e-9; y += 0.5) {
			tw_vec2 p = tw_v2(x, y);
			if (tw_dist(p, a) > reach || tw_dist_point_segment(p, a, b) > d)
				continue;
			if (sv_in_cover(s, g, p) && spot_free_gap(s, f, p, sv_cover_gap(s)) && !sv_impassable_segment(s, a, p))
				return true;
		}
	return false;
}

void sv_figure_checks(const tw_state *s, int f, unsigned *done, unsigned *failed)
{
	const sv_srec *m = SVS(s, SV_ATTACKER);
	const sv_game *g = SVG(s);
	const sv_frec *r = SVF(s, f);
	*done = *failed = 0;
	if (r->act == SV_ACT_NONE || r->role == SV_ROLE_COMMANDER)
		return;
	tw_vec2 a = tw_v2(r->sx, r->sy), b = s->fig[f].pos;
	bool moved = r->act == SV_ACT_WALKED || r->act == SV_ACT_RAN;
	double d0, d1;
	int k = sv_nearest_gun(s, a, &d0);
	sv_nearest_gun(s, b, &d1);
	tw_vec2 gun = k >= 0 ? s->gun[k].axle : tw_v2(0, 0);
#define CHECK(c, ok) (*done |= 1u << (c), *failed |= (ok) ? 0u : 1u << (c))
	// Pace: ran only where IM.pace allowed it, judged where it started.
	CHECK(SV_CHK_PACE, r->act != SV_ACT_RAN || sv_may_run_at(s, a));
	if (g->cond == SV_COND_NORMAL) {
		// Fire: a rifleman the manual required to fire (able to: in range and sight, outside
		// IM.assault; IM.fire WITHIN_12 or WITHIN_6 and in that range; fire_mode ALL) did not
		// move instead. Firing against the manual is refused (SV.DOC.19).
		bool required = false;
		if (r->role == SV_ROLE_RIFLEMAN && k >= 0 && m->fire_mode == SV_FMODE_ALL && d0 <= SV_FIRE_RANGE &&
		    !(m->assault > 0 && d0 <= m->assault) && sv_sight(s, a, gun))
			required = m->fire == SV_FIRE_WITHIN_12 || (m->fire == SV_FIRE_WITHIN_6 && d0 <= SV_CLOSE);
		CHECK(SV_CHK_FIRE, !(required && moved));
		// Cover (IM.cover): COVER_TO_COVER leaves cover only to end in cover or within assault
		// distance of a gun; PREFER(D) ends in cover whenever a cover position lay within D of the
		// direct route and within reach.
		if (moved && k >= 0 && m->cover != SV_COVER_IGNORE) {
			bool in_end = sv_in_cover(s, gun, b);
			bool near = m->assault > 0 && d1 <= m->assault;
			if (m->cover == SV_COVER_TO_COVER) {
				if (sv_in_cover(s, gun, a))
					CHECK(SV_CHK_COVER, in_end || near);
			} else {
				double reach = r->act == SV_ACT_RAN ? SV_RUN : SV_WALK;
				CHECK(SV_CHK_COVER, in_end || !cover_within(s, f, gun, a, b, m->cover_d, reach));
			}
		}
		// Spacing: the gap to the nearest standing neighbour within IM.spacing -0.25/+1" (skipped
		// with no neighbour within IM.spacing + 6").
		double gap = 1e300;
		for (int j = 0; j < s->nfig; j++)
			if (j != f && sv_standing(s, j)) {
				double x = tw_figure_gap(&s->fig[f], &s->fig[j]);
				if (x < gap)
					gap = x;
			}
		// sv-svfix: skipped for a rifleman the manual held in place to fire (IM.fire, fire_mode ALL):
		// it could not move to keep its spacing (as SV.DOC.16 skips what Pause or Recoil makes impossible).
		bool held = required && r->act == SV_ACT_FIRED;
		if (!held && sv_standing(s, f) && gap <= m->spacing + 6.0)
			CHECK(SV_CHK_SPACING, gap >= m->spacing - 0.25 && gap <= m->spacing + 1.0);
		// Assault: started within IM.assault of a gun and moved: ended nearer that gun.
		if (moved && k >= 0 && m->assault > 0 && d0 <= m->assault)
			CHECK(SV_CHK_ASSAULT, tw_dist(b, gun) < d0 - 1e-9);
	} else if (k >= 0) {
		// Morale conduct (IM.on_pause, IM.on_recoil). What SV.MOR.4/5 force is no violation.
		if (g->cond == SV_COND_PAUSE) {
			if (m->on_pause == SV_PAUSE_HOLD)
				CHECK(SV_CHK_CONDUCT, !moved);
			else if (m->on_pause == SV_PAUSE_GROUND)
				CHECK(SV_CHK_CONDUCT, false); // it acted: lying still it neither moves nor fires
			else
				CHECK(SV_CHK_CONDUCT, !moved || sv_in_cover(s, gun, b));
		} else if (moved) {
			if (m->on_recoil == SV_RECOIL_BACK) { // straight away from the nearest gun: within 15 degrees
				tw_vec2 away = tw_sub(a, gun), step = tw_sub(b, a);
				double c = tw_dot(away, step) / (tw_len(away) * tw_len(step) + 1e-300);
				CHECK(SV_CHK_CONDUCT, c >= tw_cos(15.0 * M_PI / 180.0));
			} else { // the nearest position behind hard cover or out of sight: hidden if one was in reach
				double reach = r->act == SV_ACT_RAN ? SV_RUN : SV_WALK;
				bool any = false;
				for (double x = a.x - reach; x <= a.x + reach + 1e-9 && !any; x += 0.5)
					for (double y = a.y - reach; y <= a.y + reach + 1e-9 && !any; y += 0.5) {
						tw_vec2 p = tw_v2(x, y);
						any = tw_dist(p, a) <= reach && sv_hidden_from_guns(s, p) && spot_free(s, f, p) &&
						      !sv_impassable_segment(s, a, p);
					}
				CHECK(SV_CHK_CONDUCT, sv_hidden_from_guns(s, b) || !any);
			}
		}
	}
#undef CHECK
}

bool sv_force_checks(const tw_state *s, const char **why)
{
	const sv_srec *m = SVS(s, SV_ATTACKER);
	int cmd = -1, bug = -1, nstand = 0;
	double cx = 0, cy = 0, front = 1e300;
	*why = "";
	for (int f = 0; f < s->nfig; f++) {
		if (!sv_standing(s, f))
			continue;
		const sv_frec *r = SVF(s, f);
		if (r->role == SV_ROLE_COMMANDER)
			cmd = f;
		if (r->role == SV_ROLE_BUGLER)
			bug = f;
		nstand++;
		cx += s->fig[f].pos.x;
		cy += s->fig[f].pos.y;
		double d;
		if (r->role == SV_ROLE_RIFLEMAN && sv_nearest_gun(s, s->fig[f].pos, &d) >= 0 && d < front)
			front = d;
	}
	if (m->bugler) { // Bugler: one was fielded and, while standing, is within 6" of the commander
		bool fielded = false;
		for (int f = 0; f < s->nfig; f++)
			fielded = fielded || (s->fig[f].side == SV_ATTACKER && SVF(s, f)->role == SV_ROLE_BUGLER);
		if (!fielded) {
			*why = "IM.bugler REQUIRED: no bugler fielded";
			return false;
		}
		if (bug >= 0 && cmd >= 0 && tw_dist(s->fig[bug].pos, s->fig[cmd].pos) > 6.0) {
			*why = "IM.bugler REQUIRED: the bugler is more than 6 in from the commander";
			return false;
		}
	}
	if (cmd >= 0 && nstand > 0 && front < 1e300) { // Commander, while standing
		double d;
		sv_nearest_gun(s, s->fig[cmd].pos, &d);
		tw_vec2 c = tw_v2(cx / nstand, cy / nstand);
		if (m->commander == SV_CMD_FRONT && d > front + 3.0) {
			*why = "IM.commander FRONT: more than 3 in behind the nearest rifleman";
			return false;
		}
		if (m->commander == SV_CMD_REAR && d < front + 6.0) {
			*why = "IM.commander REAR: less than 6 in behind the nearest rifleman";
			return false;
		}
		if (m->commander == SV_CMD_MAIN_BODY && tw_dist(s->fig[cmd].pos, c) > 6.0) {
			*why = "IM.commander MAIN_BODY: more than 6 in from the centre of the company";
			return false;
		}
	}
	return true;
}

void sv_verdict(tw_state *s, tw_events *ev)
{
	sv_game *g = SVG(s);
	int checks = 0, passed = 0, fails[SV_CHK_COUNT] = {0};
	for (int f = 0; f < s->nfig; f++) {
		if (s->fig[f].side != SV_ATTACKER)
			continue;
		unsigned done, failed;
		sv_figure_checks(s, f, &done, &failed);
		for (int c = 0; c < SV_CHK_COUNT; c++) {
			if (!(done & (1u << c)))
				continue;
			checks++;
			if (!(failed & (1u << c))) {
				passed++;
				continue;
			}
			fails[c]++;
			tw_event *e = tw_events_push(ev, TW_EV_INFO, SV_ATTACKER, "SV.DOC.16");
			if (e) {
				e->a = f;
				e->b = c;
				tw_event_text(e, "figure %d breaks the Infantry Manual: %s check failed", f, sv_check_names[c]);
			}
		}
	}
	const char *why;
	bool force = sv_force_checks(s, &why);
	if (!force) {
		tw_event *e = tw_events_push(ev, TW_EV_INFO, SV_ATTACKER, "SV.DOC.16");
		if (e) {
			e->a = -1;
			tw_event_text(e, "force check failed: %s", why);
		}
	}
	g->checks = checks;
	g->passed = passed;
	g->adhering = tw_sv_adhering(passed, checks, force);
	tw_event *e = tw_events_push(ev, TW_EV_INFO, SV_ATTACKER, "SV.DOC.17");
	if (e) {
		e->a = passed;
		e->b = checks;
		e->c = g->adhering;
		e->d = force;
		tw_event_text(e, "adherence: %d of %d figure checks passed, force checks %s: %s", passed, checks,
			      force ? "passed" : "failed", g->adhering ? "adhering" : "not adhering");
	}
}

// SV.DOC.18: the gun has no morale; whether it followed the Artillery Manual is logged for the
// debrief. Its targets and tempo are the engine's choice by the manual (sv_gun.c) and its moves
// are refused against it (SV.DOC.19), so each gun that was served followed it.
void sv_artillery_adherence(tw_state *s, tw_events *ev)
{
	for (int k = 0; k < s->ngun; k++) {
		const sv_grec *r = SVGN(s, k);
		if (!sv_gun_in_action(s, k))
			continue;
		tw_event *e = tw_events_push(ev, TW_EV_INFO, SV_DEFENDER, "SV.DOC.18");
		if (e) {
			e->a = k;
			e->b = r->served;
			tw_event_text(e, "gun %d %s: open-fire range, target priority, tempo (%s) and movement by the Artillery Manual",
				      k, r->served ? "followed" : "was not served; nothing to break", sv_tempo_names[r->tempo]);
		}
	}
}
