// A Rattle of Dice: melee (RD.MELEE.1-20) in the melee steps (RD.SEQ.7): which figures count
// (RD.MELEE.2, RD.CON.9: the current text, never the superseded count of RD.EX.7), dice
// (RD.MELEE.3), supporting and defensive fire (RD.MELEE.7, RD.MELEE.6), simultaneous dice
// (RD.MELEE.4) in the order of RD.MELEE.5, modifiers (RD.MELEE.10-13), allocation (RD.MELEE.14),
// the result by side (RD.MELEE.15), the colour of a beaten or destroyed unit (RD.FLAG.3-5),
// retreats (RD.MELEE.16), drawn melees (RD.MELEE.17), winners and destroyed units (RD.MELEE.18/19).
#include <math.h>
#include <string.h>

#include "rd.h"

static bool enemies(const tw_state *s, int a, int b)
{
	return s->unit[a].side != s->unit[b].side && !tw_allied(s, s->unit[a].side, s->unit[b].side);
}

static bool member(const tw_state *s, const tw_figure *f, int u)
{
	return f->unit == u && rd_fig_fights(s, f);
}

// RD.CON.3 for counting: bases as squares square to unit u's facing, touching edge to edge or
// corner to corner (so round bases one file beyond the enemy's frontage lap round, RD.MELEE.2).
static bool square_touch(const tw_state *s, int u, const tw_figure *f, const tw_figure *e, double *ahead)
{
	tw_vec2 fwd = tw_dir_deg(s->unit[u].facing), right = tw_dir_deg(s->unit[u].facing + 90);
	tw_vec2 d = tw_sub(e->pos, f->pos);
	double reach = f->radius + e->radius + s->params[RDP_CONTACT] + RD_EPS;
	if (ahead)
		*ahead = tw_dot(d, fwd);
	return fabs(tw_dot(d, fwd)) <= reach && fabs(tw_dot(d, right)) <= reach;
}

static bool in_group(const tw_state *s, int u, int k, const int *grp, int g)
{
	return k != u && enemies(s, u, k) && (!grp || grp[k] == g);
}

int rd_melee_halves(const tw_state *s, int u, const int *grp, int g)
{
	const rd_urec *r = RDU(s, u);
	tw_vec2 fwd = tw_dir_deg(s->unit[u].facing), right = tw_dir_deg(s->unit[u].facing + 90);
	double ymax = -INFINITY, sp = 1.0;
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		if (member(s, &s->fig[i], u)) {
			ymax = fmax(ymax, tw_dot(s->fig[i].pos, fwd));
			sp = 2 * s->fig[i].radius;
			n++;
		}
	if (n == 0)
		return 0;
	// Contact figures, and the files of those touching an enemy across the unit's front.
	bool contact_any = false;
	double files[256];
	int nfiles = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (!member(s, f, u))
			continue;
		for (int j = 0; j < s->nfig; j++) {
			const tw_figure *e = &s->fig[j];
			double ahead = 0;
			if (e->unit < 0 || e->status != TW_FS_ACTIVE || e->kind == TW_FK_GENERAL ||
			    !in_group(s, u, e->unit, grp, g) || !square_touch(s, u, f, e, &ahead))
				continue;
			contact_any = true;
			if (tw_dot(f->pos, fwd) >= ymax - sp / 2 && ahead > (f->radius + e->radius) / 2 && nfiles < 256)
				files[nfiles++] = tw_dot(f->pos, right);
			break;
		}
	}
	if (!contact_any)
		return 0;
	if (rd_types[r->type].artillery) // RD.MELEE.2: a gun or crew figure in contact: all crew count
		return 2 * n;
	int halves = 0;
	bool block = nfiles > 0 && s->unit[u].formation != TW_RD_F_SKIRMISH;
	for (int j = 0; j < s->nfig; j++) {
		const tw_figure *f = &s->fig[j];
		if (!member(s, f, u))
			continue;
		double x = tw_dot(f->pos, right);
		int rank = (int)lround((ymax - tw_dot(f->pos, fwd)) / sp) + 1;
		bool cfile = false, tfile = false;
		for (int k = 0; block && k < nfiles; k++) {
			double dx = fabs(x - files[k]);
			cfile |= dx < sp / 2;
			tfile |= dx < 1.5 * sp;
		}
		if (cfile) { // ranks 1-2 full, 3-4 half (infantry only), 5+ nothing
			halves += rank <= 2 ? 2 : (rank <= 4 && !rd_types[r->type].mounted) ? 1 : 0;
			continue;
		}
		if (tfile) {
			halves += rank <= 2 ? 2 : 0;
			continue;
		}
		// Flank, rear or skirmish contact: the figures in contact and those touching them.
		bool counts = false;
		for (int i = 0; i < s->nfig && !counts; i++) {
			const tw_figure *e = &s->fig[i];
			if (e->status != TW_FS_ACTIVE || e->kind == TW_FK_GENERAL || e->unit < 0)
				continue;
			if (in_group(s, u, e->unit, grp, g) && square_touch(s, u, f, e, NULL))
				counts = true;
		}
		for (int i = 0; i < s->nfig && !counts; i++) {
			const tw_figure *m = &s->fig[i];
			if (m == f || !member(s, m, u) || tw_figure_gap(f, m) > s->params[RDP_CONTACT] + sp / 2)
				continue;
			for (int k = 0; k < s->nfig && !counts; k++) {
				const tw_figure *e = &s->fig[k];
				if (e->status == TW_FS_ACTIVE && e->kind != TW_FK_GENERAL && e->unit >= 0 &&
				    in_group(s, u, e->unit, grp, g) && square_touch(s, u, m, e, NULL))
					counts = true;
			}
		}
		halves += counts ? 2 : 0;
	}
	return halves;
}

// ---- one melee ----
typedef struct melee {
	int g;              ///< its group number
	int *grp;           ///< group of each unit (-1 none)
	bool *alive0;       ///< figures standing when the step began
	int taken[2];       ///< hits each side took (RD.MELEE.15), as scored
	bool *fired;        ///< made defensive fire (no second roll, RD.MELEE.6)
	int *hits;          ///< melee hits landing on each unit in step 3 (RD.MELEE.4)
} melee;

static int side_of(const tw_state *s, int u) { return s->unit[u].side == 0 ? 0 : 1; }

static void hit_event(tw_state *s, melee *m, int t, int hits, tw_vec2 from, const char *clause, tw_events *ev)
{
	m->taken[side_of(s, t)] += hits;
	if (hits > 0)
		rd_hit_event(s, t, hits, from, clause, ev);
}

// RD.MELEE.14: the enemy units u's figures touch, by the number of their figures touching u.
static int contact_figures(const tw_state *s, int u, int k)
{
	int n = 0;
	for (int j = 0; j < s->nfig; j++) {
		const tw_figure *e = &s->fig[j];
		if (!member(s, e, k))
			continue;
		for (int i = 0; i < s->nfig; i++)
			if (member(s, &s->fig[i], u) && square_touch(s, u, &s->fig[i], e, NULL)) {
				n++;
				break;
			}
	}
	return n;
}

// The enemy in the melee with the most figures touching u (lowest id on a tie), -1 none.
static int main_enemy(const tw_state *s, const melee *m, int u)
{
	int best = -1, bn = 0;
	for (int k = 0; k < s->nunit; k++) {
		if (!in_group(s, u, k, m->grp, m->g) || !rd_unit_alive(s, k))
			continue;
		int n = contact_figures(s, u, k);
		if (n > bn) {
			bn = n;
			best = k;
		}
	}
	return best;
}

// RD.MELEE.10-13: the net modifier of unit u's melee dice against enemy t.
static int melee_mod(const tw_state *s, int u, int t, bool defensive, const char **why)
{
	const rd_urec *r = RDU(s, u);
	bool charged = !defensive && (r->flags & RUF_CHARGING);
	bool cover = t >= 0 && rd_unit_in_cover(s, t, rd_unit_centre(s, u));
	bool obstacle = charged && (r->flags & RUF_OVER_OBSTACLE);
	bool vs_cav = defensive && t >= 0 && rd_types[RDU(s, t)->type].mounted;
	bool difficult = cover || obstacle || vs_cav;
	bool gun = (r->type == TW_RD_FOOT_ART || r->type == TW_RD_HORSE_ART) && s->unit[u].formation == TW_RD_F_DEPLOYED;
	bool superior = defensive && ((r->attrs & (RUA_SHARPSHOOTERS | RUA_SUPERIOR)) || gun);
	static _Thread_local char buf[160];
	snprintf(buf, sizeof buf, "%s%s%s%s", charged ? " charge +1 (RD.MELEE.11)" : "",
		 difficult ? " difficult -1 (RD.MELEE.10)" : "", superior ? " superior fire +1 (RD.MELEE.12)" : "",
		 rd_classes[r->cls].melee > 0   ? " Elite +1 (RD.MELEE.13)"
		 : rd_classes[r->cls].melee < 0 ? " class -1 (RD.MELEE.13)"
						: "");
	*why = buf;
	return (charged ? 1 : 0) - (difficult ? 1 : 0) + (superior ? 1 : 0) + rd_classes[r->cls].melee;
}

static int roll_hits(tw_state *s, int u, int n, int face, const char *clause, tw_events *ev)
{
	if (n <= 0)
		return 0;
	if (n > TW_ROLL_MAX)
		n = TW_ROLL_MAX;
	int faces[TW_ROLL_MAX], hits = 0;
	tw_roll(s, ev, s->unit[u].side, clause, n, 6, faces, NULL);
	for (int i = 0; i < n; i++)
		hits += faces[i] >= face; // RD.MELEE.9, RD.CON.6
	return hits;
}

// RD.MELEE.7: unit u of the side not playing, not in contact, able to shoot, within 6 in of
// charger c (and its weapon's range), with c in its arc and sight.
static bool support_able(const tw_state *s, int u, int c)
{
	const rd_urec *r = RDU(s, u);
	if (s->unit[u].side == rd_phasing_side(s) || !enemies(s, u, c) || !rd_unit_alive(s, u) || rd_unit_engaged(s, u) ||
	    rd_types[r->type].shoot_per == 0 || tw_rd_range(r->weapon) <= 0 ||
	    (rd_types[r->type].artillery && s->unit[u].formation != TW_RD_F_DEPLOYED))
		return false;
	double range = rd_unit_gap(s, u, c);
	return range <= 6.0 + RD_EPS && range <= tw_rd_range(r->weapon) + RD_EPS && rd_unit_in_arc(s, u, c) &&
	       rd_units_see(s, u, c);
}

// Step 1, RD.MELEE.7: units within 6 in of a charger with a line of fire to it shoot at it by the
// shooting rules, RD.SHOOT.4 waived for the charger; each unit once in the step, unless it holds.
static void supporting_fire(tw_state *s, melee *m, bool *supported, tw_events *ev)
{
	for (int c = 0; c < s->nunit; c++) {
		if (m->grp[c] != m->g || !(RDU(s, c)->flags & RUF_CHARGING) || !rd_unit_alive(s, c))
			continue;
		for (int u = 0; u < s->nunit; u++) {
			if (supported[u] || (RDU(s, u)->flags & RUF_HOLD_FIRE) || !support_able(s, u, c))
				continue;
			double range = rd_unit_gap(s, u, c);
			supported[u] = true;
			bool dif, vul, sup;
			rd_shoot_categories(s, u, c, &dif, &vul, &sup);
			int mod = tw_rd_shoot_mod(dif, vul, sup), n = rd_shoot_dice(s, u);
			tw_event *e = tw_events_push(ev, TW_EV_INFO, s->unit[u].side, "RD.MELEE.7");
			if (e) {
				e->a = u;
				e->b = c;
				e->c = n;
				e->d = mod;
				tw_event_text(e, "unit %d gives supporting fire at charging unit %d, %.3g in away: %d dice, net %+d: hits on %d+",
					      u, c, range, n, mod, tw_rd_hit_face(mod));
			}
			int hits = roll_hits(s, u, n, tw_rd_hit_face(mod), "RD.MELEE.7", ev);
			hit_event(s, m, c, hits, rd_unit_centre(s, u), "RD.MELEE.7", ev);
		}
	}
}

// Step 2, RD.MELEE.6: infantry or deployed artillery charged from the front throw their melee
// dice ahead of the charger (all at the charger with most figures in contact), at once.
// RD.MELEE.6: the charger unit u of group g would make defensive fire at (the charger with most
// figures touching it), -1 if it may make none: infantry or deployed artillery charged from the
// front, not spear-armed.
static int df_target(const tw_state *s, const int *grp, int g, int u)
{
	const rd_urec *r = RDU(s, u);
	if (grp[u] != g || !(r->flags & RUF_CHARGED_FRONT) || (r->flags & RUF_CHARGING) || !rd_unit_alive(s, u))
		return -1;
	bool foot = r->type == TW_RD_LINE || r->type == TW_RD_LIGHT || r->type == TW_RD_DISMOUNTED ||
		    r->type == TW_RD_PIONEERS;
	bool art = rd_types[r->type].artillery && s->unit[u].formation == TW_RD_F_DEPLOYED;
	if ((!foot && !art) || r->weapon == TW_RD_SPEAR)
		return -1;
	int t = -1, best = 0;
	for (int k = 0; k < s->nunit; k++)
		if (in_group(s, u, k, grp, g) && (RDU(s, k)->flags & RUF_CHARGING) && rd_unit_alive(s, k)) {
			int nk = contact_figures(s, u, k);
			if (nk > best) {
				best = nk;
				t = k;
			}
		}
	return t;
}

static void defensive_fire(tw_state *s, melee *m, tw_events *ev)
{
	for (int u = 0; u < s->nunit; u++) {
		const rd_urec *r = RDU(s, u);
		int t = df_target(s, m->grp, m->g, u);
		if (t < 0 || (r->flags & RUF_HOLD_FIRE))
			continue;
		bool art = rd_types[r->type].artillery;
		int halves = rd_melee_halves(s, u, m->grp, m->g);
		int n = tw_rd_dice(art ? 2 * rd_unit_figures(s, u, false) : halves, art ? 2 : rd_types[r->type].melee_per);
		const char *why;
		int mod = melee_mod(s, u, t, true, &why), face = tw_rd_hit_face(mod);
		m->fired[u] = true;
		tw_event *e = tw_events_push(ev, TW_EV_INFO, s->unit[u].side, "RD.MELEE.6");
		if (e) {
			e->a = u;
			e->b = t;
			e->c = n;
			e->d = mod;
			tw_event_text(e, "unit %d makes defensive fire at charging unit %d: %d dice (RD.MELEE.3), net %+d%s: hits on %d+",
				      u, t, n, mod, why, face);
		}
		int hits = roll_hits(s, u, n, face, "RD.MELEE.6", ev);
		hit_event(s, m, t, hits, rd_unit_centre(s, u), "RD.MELEE.6", ev);
	}
}

// Step 3, RD.MELEE.4: every other unit in contact rolls; the hits land together afterwards.
static void melee_dice(tw_state *s, melee *m, tw_events *ev)
{
	for (int u = 0; u < s->nunit; u++) {
		if (m->grp[u] != m->g || m->fired[u] || !rd_unit_alive(s, u))
			continue;
		int t = main_enemy(s, m, u);
		if (t < 0)
			continue;
		int halves = rd_melee_halves(s, u, m->grp, m->g);
		int n = tw_rd_dice(halves, rd_types[RDU(s, u)->type].melee_per);
		const char *why;
		int mod = melee_mod(s, u, t, false, &why), face = tw_rd_hit_face(mod);
		tw_event *e = tw_events_push(ev, TW_EV_INFO, s->unit[u].side, "RD.MELEE.3");
		if (e) {
			e->a = u;
			e->b = t;
			e->c = n;
			e->d = mod;
			tw_event_text(e, "unit %d fights: %g figures count (RD.MELEE.2), %d dice, net %+d%s: hits on %d+", u,
				      halves / 2.0, n, mod, why, face);
		}
		int hits = roll_hits(s, u, n, face, "RD.MELEE.3", ev);
		// RD.MELEE.14: split evenly among the enemies touched; odd hits to those with most figures in contact.
		int ks[64], ns[64], nk = 0;
		for (int k = 0; k < s->nunit && nk < 64; k++)
			if (in_group(s, u, k, m->grp, m->g) && rd_unit_alive(s, k) && (ns[nk] = contact_figures(s, u, k)) > 0)
				ks[nk++] = k;
		for (int a = 1; a < nk; a++) // by figures in contact, most first (stable: lower id first on ties)
			for (int b = a; b > 0 && ns[b] > ns[b - 1]; b--) {
				int x = ns[b], y = ks[b];
				ns[b] = ns[b - 1];
				ks[b] = ks[b - 1];
				ns[b - 1] = x;
				ks[b - 1] = y;
			}
		for (int i = 0; i < nk; i++)
			m->hits[ks[i]] += hits / nk + (i < hits % nk ? 1 : 0);
		e = tw_events_push(ev, TW_EV_INFO, s->unit[u].side, "RD.MELEE.9");
		if (e) {
			e->a = u;
			e->c = hits;
			tw_event_text(e, "unit %d scores %d melee hit%s", u, hits, hits == 1 ? "" : "s");
		}
	}
	for (int k = 0; k < s->nunit; k++)
		if (m->grp[k] == m->g && m->hits[k] > 0) {
			int from = main_enemy(s, m, k);
			hit_event(s, m, k, m->hits[k], from >= 0 ? rd_unit_centre(s, from) : rd_unit_centre(s, k), "RD.MELEE.9", ev);
		}
}

static int colour_figure(const tw_state *s, int u)
{
	int type = RDU(s, u)->type;
	if (type == TW_RD_CAVALRY || type == TW_RD_LIGHT) // RD.FLAG.1
		return -1;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == u && s->fig[i].status == TW_FS_ACTIVE && RDF(s, i)->role == RD_ROLE_COLOUR)
			return i;
	return -1;
}

static void capture(tw_state *s, int u, int f, int winner, const char *clause, const char *how, tw_events *ev)
{
	if (f >= 0)
		RDF(s, f)->role = RD_ROLE_FIGHTER; // RD.FLAG.4: the unit has no colour any more
	if (winner >= 0)
		RDS(s, winner)->colours++;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, winner, clause);
	if (e) {
		e->a = u;
		e->b = winner;
		tw_event_text(e, "unit %d's colour is %s%s%s", u, how, winner >= 0 ? " by " : "",
			      winner >= 0 ? s->sides[winner].name : "");
	}
}

static void fight(tw_state *s, melee *m, bool *supported, tw_events *ev)
{
	int turn = RDG(s)->turn;
	int colour0[2 * 64], ncol = 0;
	for (int u = 0; u < s->nunit && ncol < 128; u++)
		if (m->grp[u] == m->g) {
			colour0[ncol++] = u;
			colour0[ncol++] = colour_figure(s, u);
		}
	tw_event *e = tw_events_push(ev, TW_EV_MELEE, -1, "RD.MELEE.5");
	if (e) {
		e->a = m->g;
		tw_event_text(e, "melee %d is fought (RD.MELEE.5: supporting fire, defensive fire, melee dice, result, colours, retreats)",
			      m->g);
	}
	supporting_fire(s, m, supported, ev);
	defensive_fire(s, m, ev);
	melee_dice(s, m, ev);
	// Step 4, RD.MELEE.15, RD.MELEE.19.
	bool alive[2] = {false, false}, any[2] = {false, false};
	for (int u = 0; u < s->nunit; u++)
		if (m->grp[u] == m->g) {
			any[side_of(s, u)] = true;
			alive[side_of(s, u)] |= rd_unit_alive(s, u);
		}
	int loser = m->taken[0] > m->taken[1] ? 0 : m->taken[1] > m->taken[0] ? 1 : -1;
	if (!alive[0] && !alive[1])
		loser = -2; // both wiped out: no result
	else if (any[0] && !alive[0])
		loser = 0;
	else if (any[1] && !alive[1])
		loser = 1;
	e = tw_events_push(ev, TW_EV_INFO, loser >= 0 ? 1 - loser : -1, loser >= 0 && !alive[loser] ? "RD.MELEE.19" : "RD.MELEE.15");
	if (e) {
		e->a = m->g;
		e->b = loser;
		e->c = m->taken[0];
		e->d = m->taken[1];
		tw_event_text(e, "melee %d: %s took %d hits, %s took %d: %s", m->g, s->sides[0].name, m->taken[0],
			      s->sides[1].name, m->taken[1],
			      loser == -2  ? "both sides are wiped out, no result"
			      : loser < 0 ? "a draw: the melee continues next turn (RD.MELEE.17)"
					  : loser == 0 ? "the first side is defeated"
						      : "the second side is defeated");
	}
	// Step 5, RD.FLAG.3-5: a beaten unit's colour roll is compulsory; a destroyed unit's colour is taken.
	for (int i = 0; i + 1 < ncol; i += 2) {
		int u = colour0[i], f = colour0[i + 1];
		if (f < 0)
			continue;
		int winner = 1 - side_of(s, u);
		if (!rd_unit_alive(s, u)) {
			capture(s, u, f, loser == -2 ? -1 : winner, "RD.FLAG.5", loser == -2 ? "lost" : "captured with the unit", ev);
			continue;
		}
		if (loser != side_of(s, u) || colour_figure(s, u) < 0)
			continue;
		// RD.FLAG.3: compulsory, after any Steady Men! roll of a joined General (RD.GEN.5); the
		// roll, the cancelled hit or the captured colour are rd_flag.c's (one flow for every hit event).
		int from = main_enemy(s, m, u);
		rd_hit_beaten_now(s, u, winner, from >= 0 ? rd_unit_centre(s, from) : rd_unit_centre(s, u), ev);
	}
	// Step 6, RD.MELEE.16, RD.MELEE.20; winners stay (RD.MELEE.18).
	tw_vec2 foe[2] = {{0, 0}, {0, 0}};
	int nfoe[2] = {0, 0};
	for (int u = 0; u < s->nunit; u++)
		if (m->grp[u] == m->g && rd_unit_alive(s, u)) {
			tw_vec2 c = rd_unit_centre(s, u);
			foe[side_of(s, u)] = tw_add(foe[side_of(s, u)], c);
			nfoe[side_of(s, u)]++;
		}
	for (int u = 0; u < s->nunit; u++) {
		if (m->grp[u] != m->g)
			continue;
		rd_urec *r = RDU(s, u);
		r->melee_turn = turn;
		r->flags &= ~(uint32_t)(RUF_CHARGING | RUF_OVER_OBSTACLE | RUF_CHARGED_FRONT);
		if (loser < 0 || side_of(s, u) != loser || !rd_unit_alive(s, u) || nfoe[1 - loser] == 0)
			continue;
		bool again = (r->flags & RUF_MUST_RALLY) != 0;
		tw_vec2 from = tw_scale(foe[1 - loser], 1.0 / nfoe[1 - loser]);
		double d = rd_fall_back(s, u, from, "RD.MELEE.16", ev);
		r->flags |= RUF_MUST_RALLY;
		e = tw_events_push(ev, TW_EV_MOVE, s->unit[u].side, again ? "RD.MELEE.20" : "RD.MELEE.16");
		if (e) {
			rd_move_event_unit(s, e, u);
			e->v = d;
			tw_event_text(e, "beaten unit %d faces about and falls back %.3g in; it must rally in its next phase%s", u, d,
				      again ? " (still: it was awaiting rally, RD.MELEE.20)" : "");
		}
	}
	if (loser >= 0) {
		e = tw_events_push(ev, TW_EV_INFO, 1 - loser, "RD.MELEE.18");
		if (e) {
			e->a = m->g;
			tw_event_text(e, "the winners stand where they are: no pursuit");
		}
	}
}

// A melee is a connected group of opposing units in contact (RD.SEQ.7): grp[u] its number, -1
// none. Returns the number of melees.
static int groups(const tw_state *s, int *grp)
{
	int ng = 0, nu = s->nunit;
	for (int u = 0; u < nu; u++)
		grp[u] = -1;
	for (int u = 0; u < nu; u++) {
		if (grp[u] >= 0 || !rd_unit_alive(s, u) || !rd_unit_engaged(s, u))
			continue;
		grp[u] = ng;
		for (bool grew = true; grew;) {
			grew = false;
			for (int a = 0; a < nu; a++)
				for (int b = 0; b < nu && grp[a] == ng; b++)
					if (grp[b] < 0 && enemies(s, a, b) && rd_unit_alive(s, b) && rd_units_touch(s, a, b)) {
						grp[b] = ng;
						grew = true;
					}
		}
		ng++;
	}
	return ng;
}

// RD.SEQ.7: a melee with a unit that charged in the phase just ended, or one not fought this turn.
static bool to_fight(const tw_state *s, const int *grp, int g)
{
	for (int u = 0; u < s->nunit; u++)
		if (grp[u] == g && ((RDU(s, u)->flags & RUF_CHARGING) || RDU(s, u)->melee_turn < RDG(s)->turn))
			return true;
	return false;
}

bool rd_melee_ask_fire(tw_state *s, tw_events *ev)
{
	rd_game *gm = RDG(s);
	int ph = rd_phasing_side(s);
	if (gm->fire_done || ph < 0)
		return false;
	int *grp = tw_calloc((size_t)s->nunit + 1, sizeof *grp);
	if (!grp)
		return false;
	int ng = groups(s, grp), n = 0;
	for (int g = 0; g < ng; g++) {
		if (!to_fight(s, grp, g))
			continue;
		for (int u = 0; u < s->nunit; u++) {
			if (s->unit[u].side == ph)
				continue;
			bool able = df_target(s, grp, g, u) >= 0;
			for (int c = 0; c < s->nunit && !able; c++)
				able = grp[c] == g && (RDU(s, c)->flags & RUF_CHARGING) && rd_unit_alive(s, c) && support_able(s, u, c);
			n += able;
		}
	}
	tw_free(grp);
	if (n == 0)
		return false;
	gm->fire = 1 - ph;
	tw_event *e = tw_events_push(ev, TW_EV_DECISION, 1 - ph, "RD.MELEE.5");
	if (e) {
		e->a = 1 - ph;
		e->b = n;
		tw_event_text(e, "%s: %d unit%s may give defensive or supporting fire before the melee step (RD.MELEE.6/7)",
			      s->sides[1 - ph].name, n, n == 1 ? "" : "s");
	}
	return true;
}

int rd_melee_decisions(const tw_state *s, tw_decision *out, int max)
{
	const rd_game *g = RDG(s);
	if (max < 1 || !g || g->fire < 0 || g->fire >= s->nsides)
		return 0;
	tw_decision *d = &out[0];
	memset(d, 0, sizeof *d);
	d->seat = (int8_t)g->fire;
	snprintf(d->clause, sizeof d->clause, "RD.MELEE.5");
	snprintf(d->kind, sizeof d->kind, "react");
	d->types = UINT64_C(1) << RD_OT_FIRE;
	snprintf(d->prompt, sizeof d->prompt, "give defensive and supporting fire (name any units that hold it)");
	return 1;
}

tw_status rd_validate_fire(const tw_state *s, const tw_order *o, tw_error *err)
{
	const rd_game *g = RDG(s);
	if (g->fire < 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MELEE.5", "no fire is asked for now");
	if (o->type != RD_OT_FIRE || o->side != g->fire)
		return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MELEE.5", "%s must first give or hold its fire",
				    s->sides[g->fire].name);
	for (int i = 0; i < o->nval; i++) {
		const tw_unit *u = rd_unit_c(s, o->val[i]);
		if (!u || u->side != o->side || !rd_unit_alive(s, u->id))
			return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MELEE.5", "unit %d is not one of %s's units", o->val[i],
					    s->sides[o->side].name);
		for (int k = 0; k < i; k++)
			if (o->val[k] == o->val[i])
				return tw_error_set(err, TW_ERR_ILLEGAL, "RD.MELEE.5", "unit %d named twice", o->val[i]);
	}
	return TW_OK;
}

tw_status rd_apply_fire(tw_state *s, const tw_order *o, tw_events *ev)
{
	rd_game *g = RDG(s);
	for (int i = 0; i < o->nval; i++) {
		RDU(s, o->val[i])->flags |= RUF_HOLD_FIRE;
		tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "RD.MELEE.5");
		if (e) {
			e->a = o->val[i];
			tw_event_text(e, "unit %d holds its defensive or supporting fire", o->val[i]);
		}
	}
	g->fire = -1;
	g->fire_done = 1;
	return rd_apply_end(s, ev);
}

void rd_melee_step(tw_state *s, int ph, tw_events *ev)
{
	int turn = RDG(s)->turn, nu = s->nunit;
	tw_event *e = tw_events_push(ev, TW_EV_PHASE, -1, "RD.SEQ.7");
	if (e) {
		e->a = ph;
		tw_event_text(e, "turn %d: melee step after the %s phase", turn, ph == RD_PH_MELEE1 ? "first" : "second");
	}
	melee m = {0};
	m.grp = tw_calloc((size_t)nu + 1, sizeof *m.grp);
	m.fired = tw_calloc((size_t)nu + 1, sizeof *m.fired);
	m.hits = tw_calloc((size_t)nu + 1, sizeof *m.hits);
	bool *supported = tw_calloc((size_t)nu + 1, sizeof *supported);
	m.alive0 = tw_calloc((size_t)s->nfig + 1, sizeof *m.alive0);
	if (!m.grp || !m.fired || !m.hits || !supported || !m.alive0)
		goto out;
	for (int j = 0; j < s->nfig; j++)
		m.alive0[j] = s->fig[j].status == TW_FS_ACTIVE;
	int ng = groups(s, m.grp);
	// RD.SEQ.7: a melee with a unit that charged in the phase just ended, or one not fought this turn.
	for (int g = 0; g < ng; g++) {
		if (!to_fight(s, m.grp, g))
			continue;
		m.g = g;
		m.taken[0] = m.taken[1] = 0;
		memset(m.hits, 0, (size_t)nu * sizeof *m.hits);
		fight(s, &m, supported, ev);
	}
	if (ng == 0 && (e = tw_events_push(ev, TW_EV_INFO, -1, "RD.SEQ.7")))
		tw_event_text(e, "no melee to fight");
out:
	for (int u = 0; u < nu; u++) // charges that met nobody (evaded) are spent with the phase
		RDU(s, u)->flags &= ~(uint32_t)(RUF_CHARGING | RUF_OVER_OBSTACLE | RUF_CHARGED_FRONT | RUF_HOLD_FIRE);
	RDG(s)->fire_done = 0;
	tw_free(m.grp);
	tw_free(m.fired);
	tw_free(m.hits);
	tw_free(supported);
	tw_free(m.alive0);
}

// ---- falling back (RD.MELEE.16, RD.MELEE.8; RD.RALLY.3 may use it) ----
static bool blocked(const tw_state *s, int u, tw_vec2 off)
{
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit != u || f->status != TW_FS_ACTIVE || f->kind == TW_FK_GENERAL)
			continue;
		tw_vec2 p = tw_add(f->pos, off);
		if (p.x - f->radius < -RD_EPS || p.y - f->radius < -RD_EPS || p.x + f->radius > s->table.width + RD_EPS ||
		    p.y + f->radius > s->table.depth + RD_EPS)
			return true; // the table edge halts it (RD.MOVE.17)
		for (int j = 0; j < s->nfig; j++) {
			const tw_figure *g = &s->fig[j];
			if (g->status == TW_FS_ACTIVE && g->unit >= 0 && g->unit != u && g->kind != TW_FK_GENERAL &&
			    enemies(s, u, g->unit) && tw_dist(p, g->pos) < f->radius + g->radius - RD_EPS)
				return true; // meeting an enemy unit
		}
	}
	return false;
}

static bool on_friend(const tw_state *s, int u, tw_vec2 off)
{
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit != u || f->status != TW_FS_ACTIVE || f->kind == TW_FK_GENERAL)
			continue;
		tw_vec2 p = tw_add(f->pos, off);
		for (int j = 0; j < s->nfig; j++) {
			const tw_figure *g = &s->fig[j];
			if (g->status == TW_FS_ACTIVE && g->unit >= 0 && g->unit != u && g->kind != TW_FK_GENERAL &&
			    !enemies(s, u, g->unit) && tw_dist(p, g->pos) < f->radius + g->radius - RD_EPS)
				return true;
		}
	}
	return false;
}

double rd_fall_back(tw_state *s, int u, tw_vec2 from, const char *clause, tw_events *ev)
{
	(void)clause;
	(void)ev;
	tw_vec2 c0 = rd_unit_centre(s, u), d = tw_sub(c0, from);
	double len = tw_len(d);
	tw_vec2 dir = len > RD_EPS ? tw_scale(d, 1 / len) : tw_scale(tw_dir_deg(s->unit[u].facing), -1);
	// Turn about free (RD.MOVE.6): the unit now faces the way it goes.
	s->unit[u].facing = fmod(tw_bearing_deg(dir) + 360.0, 360.0);
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == u && s->fig[i].status == TW_FS_ACTIVE)
			s->fig[i].facing = s->unit[u].facing;
	double allow = rd_unit_allowance(s, u), best = 0, step = 0.05;
	for (int k = 1; k * step <= 2 * allow + RD_EPS; k++) {
		double l = k * step;
		tw_vec2 p = tw_add(c0, tw_scale(dir, l));
		bool halved;
		const char *why;
		double cost = rd_path_cost(s, u, &p, 1, &halved, &why);
		if (!isfinite(cost) || cost > (halved ? allow / 2 : allow) + RD_EPS || blocked(s, u, tw_scale(dir, l)))
			break;
		best = l;
	}
	while (best > 0 && on_friend(s, u, tw_scale(dir, best))) // it passes through friends, not onto them
		best = fmax(0, best - step);
	tw_vec2 off = tw_scale(dir, best);
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		if (f->status != TW_FS_ACTIVE)
			continue;
		if ((f->unit == u && f->kind != TW_FK_GENERAL) || (f->kind == TW_FK_GENERAL && RDF(s, i)->joined == u)) {
			f->pos = tw_add(f->pos, off);
			f->moved_in = s->move_no;
		}
	}
	return best;
}
