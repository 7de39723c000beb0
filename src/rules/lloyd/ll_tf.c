// Nikolas Lloyd's skirmish suite: the three-fight system (TF). A map of three locations (TF.D1),
// a secret simultaneous allocation of each side's men to them through the core's sealed choices
// (TF.1, TF.D2: revealed together), the table battle at the busiest location with the NQ turn
// (TF.2, TF.D3 clock), the off-table rolls at the end of turn 2 (TF.D4), reinforcements (TF.3,
// TF.D5), pulling out (TF.5), the end of the table battle and who holds the field (TF.D7), VPs
// (CA.D2) and the result (TF.D6).
#include <math.h>
#include <string.h>

#include "ll.h"

const char *const ll_tf_feature_names[] = {"none", "wood", "hill", "farm", "marsh", "stream", "road", NULL};
const char *const ll_tf_off_names[] = {"none", "decisive", "narrow", "lost", "uncontested", NULL};

enum { TF_OFF_NONE = 0, TF_OFF_DECISIVE, TF_OFF_NARROW, TF_OFF_LOST, TF_OFF_UNCONTESTED };

static bool has_map(const ll_game *g) { return g->map_col[0] > 0 && g->map_col[1] > 0 && g->map_col[2] > 0; }

bool ll_tf_setup(tw_state *s)
{
	ll_game *g = LLG(s);
	if (!g->tf)
		return false;
	s->phase = has_map(g) ? LL_PH_ALLOC : LL_PH_START; // TF.6: a map given (hand-drawn) or rolled (TF.D1)
	return true;
}

int ll_tf_turn(const tw_state *s)
{
	return (LLG(s)->turn + 1) / 2; // TF.D3: under I-go-you-go a turn is both sides' turns
}

int ll_tf_decisions(const tw_state *s, tw_decision *out, int max)
{
	int n = 0;
	for (int k = 0; k < s->nsides && n < max; k++) {
		if (LLS(s, k)->allocated)
			continue;
		tw_decision *d = &out[n++];
		memset(d, 0, sizeof *d);
		d->seat = (int8_t)k;
		d->secret = true; // TF.D2: written down secretly, revealed at the same time
		snprintf(d->clause, sizeof d->clause, "TF.D2");
		snprintf(d->kind, sizeof d->kind, "allocate");
		d->types = UINT64_C(1) << LL_OT_ALLOCATE;
		snprintf(d->prompt, sizeof d->prompt, "send each of your men to L1, L2 or L3, in secret");
	}
	return n;
}

static bool touches(const ll_game *g, int k, int c, int r)
{
	for (int j = 0; j < k; j++)
		if (abs(g->map_col[j] - c) <= 1 && abs(g->map_row[j] - r) <= 1)
			return true; // TF.D1.4: the same square, or touching even diagonally
	return false;
}

// TF.D1: 1d6 + 6 features at d6 column and row (rerolled on a taken square), 1d6 for each type,
// then L1-L3 at d6 column and row, rerolled on rows 1 and 6 and next to another location.
tw_status ll_tf_map(tw_state *s, tw_events *ev)
{
	ll_game *g = LLG(s);
	g->nfeat = tw_roll(s, ev, -1, "TF.D1", 1, 6, NULL, NULL) + 6;
	for (int i = 0; i < g->nfeat; i++) {
		for (int tries = 0;; tries++) {
			if (tries > 200)
				return TW_ERR_DICE;
			int c = tw_roll(s, ev, -1, "TF.D1", 1, 6, NULL, NULL);
			int r = tw_roll(s, ev, -1, "TF.D1", 1, 6, NULL, NULL);
			bool taken = false;
			for (int j = 0; j < i; j++)
				taken |= g->feat_col[j] == c && g->feat_row[j] == r;
			if (taken)
				continue;
			g->feat_col[i] = c;
			g->feat_row[i] = r;
			break;
		}
		g->feat_type[i] = tw_roll(s, ev, -1, "TF.D1", 1, 6, NULL, NULL);
	}
	for (int k = 0; k < 3; k++) {
		for (int tries = 0;; tries++) {
			if (tries > 200)
				return TW_ERR_DICE;
			int c = tw_roll(s, ev, -1, "TF.D1", 1, 6, NULL, NULL);
			int r = tw_roll(s, ev, -1, "TF.D1", 1, 6, NULL, NULL);
			if (r == 1 || r == 6 || touches(g, k, c, r))
				continue;
			g->map_col[k] = c;
			g->map_row[k] = r;
			break;
		}
		tw_event *e = tw_events_push(ev, TW_EV_INFO, -1, "TF.D1");
		if (e) {
			e->a = k + 1;
			e->b = g->map_col[k];
			e->c = g->map_row[k];
			tw_event_text(e, "L%d is at column %d, row %d", k + 1, g->map_col[k], g->map_row[k]);
		}
	}
	s->phase = LL_PH_ALLOC;
	tw_event *e = tw_events_push(ev, TW_EV_PHASE, -1, "TF.D2");
	if (e) {
		e->a = LL_PH_ALLOC;
		tw_event_text(e, "the map has %d features; each side sends its men to L1, L2 and L3 in secret", g->nfeat);
	}
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

// TF.1, TF.D2: `figures` lists every man of the side once, `locations` each one's location.
tw_status ll_tf_validate_alloc(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (!LLG(s)->tf || s->phase != LL_PH_ALLOC)
		return tw_error_set(err, TW_ERR_ILLEGAL, "TF.D2", "no allocation is asked for now");
	if (LLS(s, o->side)->allocated)
		return tw_error_set(err, TW_ERR_ILLEGAL, "TF.D2", "%s has allocated already", s->sides[o->side].name);
	if (o->nval != o->nfig && o->nval != 1) // ll-rest: one location for them all (a side of more men than a list holds)
		return tw_error_set(err, TW_ERR_INPUT, "TF.D2", "$.locations: %d locations for %d figures: one for each man, or one for all",
				    o->nval, o->nfig);
	int mine = 0;
	for (int j = 0; j < s->nfig; j++)
		mine += s->fig[j].side == o->side && s->fig[j].status == TW_FS_ACTIVE;
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		if (f < 0 || f >= s->nfig || s->fig[f].side != o->side || s->fig[f].status != TW_FS_ACTIVE)
			return tw_error_set(err, TW_ERR_ILLEGAL, "TF.1", "$.figures[%d]: figure %d is not one of %s's men", i, f,
					    s->sides[o->side].name);
		for (int j = 0; j < i; j++)
			if (o->fig[j] == f)
				return tw_error_set(err, TW_ERR_INPUT, "TF.1", "$.figures[%d]: figure %d is sent twice", i, f);
		if (i < o->nval && (o->val[i] < 1 || o->val[i] > 3))
			return tw_error_set(err, TW_ERR_INPUT, "TF.1", "$.locations[%d]: location %d: 1, 2 or 3", i, o->val[i]);
	}
	if (o->nfig != mine)
		return tw_error_set(err, TW_ERR_INPUT, "TF.1", "$.figures: %d of %s's %d men sent: every man goes to a location",
				    o->nfig, s->sides[o->side].name, mine);
	return TW_OK;
}

// TF.D2: the table battle is where the most points are (ties to the lower location); the side with
// fewer points there defends (a tie: 1d6 roll-off). The men elsewhere wait off the table.
static tw_status reveal_done(tw_state *s, tw_events *ev)
{
	ll_game *g = LLG(s);
	int best = 1, tot[4] = {0};
	for (int l = 1; l <= 3; l++) {
		for (int k = 0; k < s->nsides; k++)
			tot[l] += LLS(s, k)->pts[l - 1];
		if (tot[l] > tot[best])
			best = l;
	}
	g->table_loc = best;
	LL_TRY(ll_tf_lay_table(s, ev)); // TF.D1.5 (ll-gaps): the table's terrain from the map
	int a = LLS(s, 0)->pts[best - 1], b = LLS(s, 1)->pts[best - 1];
	const char *why = "TF.D2";
	if (a != b)
		g->defender = (int8_t)(a < b ? 0 : 1);
	else {
		for (int tries = 0;; tries++) {
			if (tries > 100)
				return TW_ERR_DICE;
			int ra = tw_roll(s, ev, 0, "TF.D2", 1, 6, NULL, NULL), rb = tw_roll(s, ev, 1, "TF.D2", 1, 6, NULL, NULL);
			if (ra != rb) {
				g->defender = (int8_t)(ra < rb ? 0 : 1); // ours: the lower roll defends
				break;
			}
		}
	}
	for (int j = 0; j < s->nfig; j++) {
		ll_frec *r = LLF(s, j);
		if (s->fig[j].status == TW_FS_ACTIVE && r->loc != best)
			s->fig[j].status = TW_FS_RESERVE;
	}
	tw_event *e = tw_events_push(ev, TW_EV_INFO, g->defender, why);
	if (e) {
		e->a = best;
		e->b = a;
		e->c = b;
		tw_event_text(e, "L%d is fought on the table (%d points to %d); %s defends (TF.4)", best, a, b,
			      s->sides[g->defender].name);
	}
	s->phase = LL_PH_START; // NQ.TURN.1 then: the scenario's first mover or the roll-off
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

tw_status ll_tf_apply_alloc(tw_state *s, const tw_order *o, tw_events *ev)
{
	ll_side *sd = LLS(s, o->side);
	memset(sd->pts, 0, sizeof sd->pts);
	for (int i = 0; i < o->nfig; i++) {
		int l = o->val[o->nval == 1 ? 0 : i]; // ll-rest: one location for them all
		LLF(s, o->fig[i])->loc = l;
		sd->pts[l - 1] += LLF(s, o->fig[i])->pts;
	}
	sd->allocated = 1;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "TF.D2");
	if (e) {
		e->a = sd->pts[0];
		e->b = sd->pts[1];
		e->c = sd->pts[2];
		tw_event_text(e, "%s sent %d, %d and %d points to L1, L2 and L3", s->sides[o->side].name, sd->pts[0], sd->pts[1],
			      sd->pts[2]);
	}
	for (int k = 0; k < s->nsides; k++)
		if (!LLS(s, k)->allocated)
			return ev->failed ? TW_ERR_NOMEM : TW_OK;
	return reveal_done(s, ev);
}

// TF.5: men at their own back edge (within their move) leave the table; they are not casualties.
tw_status ll_tf_validate_withdraw(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (s->phase != LL_PH_MOVE || !ll_acting(s, o->side))
		return tw_error_set(err, TW_ERR_ILLEGAL, "TF.5", "not %s's time to move", s->sides[o->side].name);
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		if (!ll_fights(s, f) || s->fig[f].side != o->side)
			return tw_error_set(err, TW_ERR_ILLEGAL, "TF.5", "$.figures[%d]: figure %d is not one of %s's men in the fight", i,
					    f, s->sides[o->side].name);
		if (!ll_may_act(s, f, LLA_MOVE) || ll_in_melee(s, f))
			return tw_error_set(err, TW_ERR_ILLEGAL, "NQ.MOVE.7", "$.figures[%d]: figure %d may not move now", i, f);
		double gap = fabs(s->fig[f].pos.y - s->sides[o->side].back_y) - s->fig[f].radius;
		if (gap > ll_move_allowance(s, f) + LL_EPS)
			return tw_error_set(err, TW_ERR_ILLEGAL, "TF.5", "$.figures[%d]: figure %d is %.1f in from his own edge, beyond his move of %.1f", i,
					    f, gap, ll_move_allowance(s, f));
	}
	return TW_OK;
}

tw_status ll_tf_apply_withdraw(tw_state *s, const tw_order *o, tw_events *ev)
{
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		s->fig[f].status = TW_FS_OFF;
		LLF(s, f)->left = 1;
		LLF(s, f)->group = -1;
		ll_set_act(s, f, LLA_MOVE);
		tw_event *e = tw_events_push(ev, TW_EV_WITHDRAW, s->fig[f].side, "TF.5");
		if (e) {
			e->a = f;
			tw_event_text(e, "figure %d leaves the table by his own edge: not a casualty", f);
		}
	}
	ll_regroup(s, ev);
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

// h6-camp: CA.D2 by commander: cfor and cag are the commanders it counts for and against
// (ll_ca_credit.c); a battle with allies names both in the event (e->c, e->d: their indices).
static void score(tw_state *s, tw_events *ev, int to, int cfor, int against, int cag, int vp, const char *clause,
		  const char *what)
{
	if (to >= 0)
		LLS(s, to)->vp += vp;
	if (against >= 0)
		LLS(s, against)->vp_against += vp;
	ll_ca_credit(s, to, cfor, against, cag, vp); // h6-camp
	char who[80];
	ll_ca_who(s, to, cfor, against, cag, who, sizeof who);
	tw_event *e = tw_events_push(ev, TW_EV_SCORE, to, clause);
	if (e) {
		e->a = to;
		e->b = against;
		e->c = cfor;
		e->d = cag;
		e->v = vp;
		tw_event_text(e, "%s scores %d VP: %s%s", to >= 0 ? s->sides[to].name : "nobody", vp, what, who);
	}
}

// TF.D4: one d20 for each location not on the table; TF.D5: what follows for each group.
static void off_table(tw_state *s, tw_events *ev)
{
	ll_game *g = LLG(s);
	g->off_done = 1;
	for (int l = 1; l <= 3; l++) {
		if (l == g->table_loc)
			continue;
		int a = LLS(s, 0)->pts[l - 1], b = LLS(s, 1)->pts[l - 1];
		int win = -1, res = -1;
		if (a == 0 && b == 0)
			continue; // TF.D4.2
		if (a == 0 || b == 0) {
			win = a ? 0 : 1; // TF.D4.1: uncontested, 0 VP, a decisive winner for TF.D5
			LLS(s, win)->off[l - 1] = TF_OFF_UNCONTESTED;
			tw_event *e = tw_events_push(ev, TW_EV_INFO, win, "TF.D4");
			if (e) {
				e->a = l;
				tw_event_text(e, "L%d: %s is there alone and wins uncontested", l, s->sides[win].name);
			}
		} else {
			int ta, ha, hb;
			tw_ll_tf_thresholds(a, b, &ta, &ha, &hb);
			int r = tw_roll(s, ev, -1, "TF.D4", 1, 20, NULL, NULL);
			res = tw_ll_tf_result(ta, ha, hb, r);
			win = res <= 1 ? 0 : 1;
			bool decisive = res == 0 || res == 3;
			LLS(s, win)->off[l - 1] = decisive ? TF_OFF_DECISIVE : TF_OFF_NARROW;
			LLS(s, 1 - win)->off[l - 1] = TF_OFF_LOST;
			char what[96];
			snprintf(what, sizeof what, "L%d, %d points to %d, d20 %d against %d/%d/%d: %s", l, a, b, r, ha, ta, 20 - hb,
				 decisive ? "wins decisively" : "wins narrowly");
			score(s, ev, win, ll_ca_at(s, win, l), 1 - win, ll_ca_at(s, 1 - win, l), decisive ? 4 : 2, "TF.D4", what);
		}
		// TF.D5: the loser's group is out of this game; a narrow winner's stays where it is; a
		// decisive winner's comes on at the start of turn 2 + d.
		if (LLS(s, win)->off[l - 1] == TF_OFF_DECISIVE || LLS(s, win)->off[l - 1] == TF_OFF_UNCONTESTED) {
			int t = tw_ll_tf_arrival(g->map_col[l - 1] - g->map_col[g->table_loc - 1],
						 g->map_row[l - 1] - g->map_row[g->table_loc - 1]);
			LLS(s, win)->arrive[l - 1] = t;
			if (abs(g->map_col[l - 1] - g->map_col[g->table_loc - 1]) ==
			    abs(g->map_row[l - 1] - g->map_row[g->table_loc - 1]))
				LLS(s, win)->edge_ask |= 1 << (l - 1); // ll-rest: TF.D5, two edges tie: its owner chooses
			tw_event *e = tw_events_push(ev, TW_EV_INFO, win, "TF.D5");
			if (e) {
				e->a = l;
				e->b = t;
				tw_event_text(e, "%s's group at L%d will arrive at the start of turn %d", s->sides[win].name, l, t);
			}
		}
	}
}

// TF.D5: the edge facing the group's location: the axis of the larger grid distance (rows run from
// side A's home edge at y = 0); a tie takes the edge its owner chose (ll-rest: ll_owner.c).
static void arrive(tw_state *s, tw_events *ev, int side, int l)
{
	ll_game *g = LLG(s);
	int dx = g->map_col[l - 1] - g->map_col[g->table_loc - 1], dy = g->map_row[l - 1] - g->map_row[g->table_loc - 1];
	bool yedge = !ll_tf_column_edge(s, side, l);
	double W = s->table.width, D = s->table.depth;
	double lo = yedge ? W : D;
	int n = 0;
	for (int j = 0; j < s->nfig; j++)
		n += s->fig[j].side == side && s->fig[j].status == TW_FS_RESERVE && LLF(s, j)->loc == l;
	int i = 0;
	for (int j = 0; j < s->nfig; j++) {
		tw_figure *f = &s->fig[j];
		if (f->side != side || f->status != TW_FS_RESERVE || LLF(s, j)->loc != l)
			continue;
		double step = 2 * f->radius + 0.5, along = lo / 2 + (i - (n - 1) / 2.0) * step, in = f->radius + 0.1;
		tw_vec2 p = yedge ? (tw_vec2){along, dy < 0 || (dy == 0 && dx == 0) ? in : D - in}
				  : (tw_vec2){dx < 0 ? in : W - in, along};
		for (int tries = 0; tries < 40 && !ll_place_free(s, j, p); tries++) {
			if (yedge)
				p.y += dy < 0 ? step : -step;
			else
				p.x += dx < 0 ? step : -step;
		}
		f->pos = p;
		f->facing = tw_bearing_deg((tw_vec2){W / 2 - p.x, D / 2 - p.y});
		f->status = TW_FS_ACTIVE;
		LLF(s, j)->group = -1;
		i++;
		tw_event *e = tw_events_push(ev, TW_EV_DEPLOY, side, "TF.D5");
		if (e) {
			e->a = j;
			e->x = p.x;
			e->y = p.y;
			tw_event_text(e, "figure %d arrives from L%d", j, l);
		}
	}
	LLS(s, side)->arrive[l - 1] = 0;
}

void ll_tf_turn_start(tw_state *s, tw_events *ev)
{
	ll_game *g = LLG(s);
	if (!g->tf || g->turn % 2 != 1)
		return; // arrivals at the start of a TF turn (its first side-turn)
	for (int k = 0; k < s->nsides && k < 2; k++)
		for (int l = 1; l <= 3; l++)
			if (LLS(s, k)->arrive[l - 1] > 0 && LLS(s, k)->arrive[l - 1] <= ll_tf_turn(s))
				arrive(s, ev, k, l);
}

int ll_side_points(const tw_state *s, int side, bool fine_only)
{
	int p = 0;
	for (int j = 0; j < s->nfig; j++)
		if (s->fig[j].side == side && ll_fights(s, j) && (!fine_only || !LLF(s, j)->wounded))
			p += LLF(s, j)->pts;
	return p;
}

// h6-camp: CA.D2 in 2v2: each commander's men who have been on the table, none of them now in good
// order there, are his contingent broken: 2 VP against him, for the enemy's commander with the most
// points present.
static void broken_by_commander(tw_state *s, tw_events *ev, int k)
{
	ll_side *sd = LLS(s, k);
	int cmd[2] = {sd->owner, sd->ally1 - 1};
	for (int c = 0; c < 2; c++) {
		bool on = false;
		int fine = 0;
		for (int j = 0; j < s->nfig; j++)
			if (s->fig[j].side == k && LLF(s, j)->owner == cmd[c]) {
				on |= s->fig[j].status != TW_FS_RESERVE;
				fine += ll_fights(s, j) && !LLF(s, j)->wounded;
			}
		uint8_t *done = c ? &sd->broken_ally : &sd->broken;
		if (*done || !on || fine > 0)
			continue;
		*done = 1;
		int to = -1;
		for (int o = 0; o < s->nsides && to < 0; o++)
			if (!tw_allied(s, o, k))
				to = o;
		char what[64];
		snprintf(what, sizeof what, "%s's contingent broken", ll_ca_name(s, k, cmd[c]));
		score(s, ev, to, ll_ca_present(s, to), k, cmd[c], 2, "CA.D2", what);
	}
}

// CA.D2: each enemy contingent broken 2 (ours in NQ: a side with men on the table none of whom is
// in good order), an enemy leader killed 2, the overall commander 3.
void ll_ca_score(tw_state *s, tw_events *ev)
{
	for (int j = 0; j < s->nfig; j++) {
		ll_frec *r = LLF(s, j);
		if (r->leader > 0 && !r->scored && s->fig[j].status == TW_FS_DEAD) {
			r->scored = 1;
			int side = s->fig[j].side, to = -1;
			for (int k = 0; k < s->nsides && to < 0; k++)
				if (!tw_allied(s, k, side))
					to = k; // ours: the first enemy side (in SP the scorer is the enemy camp's commander)
			for (int k = 0; k < s->nsides; k++)
				if (!tw_allied(s, k, side) && LLS(s, k)->commander)
					to = k;
			// h6-camp: for the killer's commander (else the one with the most points present), against his
			int cfor = to >= 0 && r->killer1 > 0 && (r->killer1 - 1 == ll_ca_lead(s, to) || r->killer1 == LLS(s, to)->ally1)
					   ? r->killer1 - 1
					   : ll_ca_present(s, to);
			score(s, ev, to, cfor, side, r->owner, r->leader == 2 ? 3 : 2, "CA.D2",
			      r->leader == 2 ? "the overall commander killed" : "a leader killed");
		}
	}
	for (int k = 0; k < s->nsides; k++) {
		ll_side *sd = LLS(s, k);
		if (ll_ca_allied(s, k)) { // h6-camp: in 2v2 each commander's men are his contingent (CA.D2)
			broken_by_commander(s, ev, k);
			continue;
		}
		bool on = false; // it has had men on the table
		for (int j = 0; j < s->nfig && !on; j++)
			on = s->fig[j].side == k && s->fig[j].status != TW_FS_RESERVE;
		if (sd->broken || !on || ll_fine(s, k) > 0)
			continue;
		sd->broken = 1;
		int to = -1;
		for (int o = 0; o < s->nsides && to < 0; o++)
			if (!tw_allied(s, o, k))
				to = o;
		for (int o = 0; o < s->nsides; o++)
			if (!tw_allied(s, o, k) && LLS(s, o)->commander)
				to = o;
		score(s, ev, to, ll_ca_present(s, to), k, ll_ca_lead(s, k), 2, "CA.D2", "an enemy contingent broken");
	}
}

static void finish(tw_state *s, tw_events *ev, int held, const char *clause)
{
	ll_game *g = LLG(s);
	g->held = (int8_t)held;
	if (held >= 0) {
		char what[64];
		snprintf(what, sizeof what, "holds the field (%s)", clause);
		score(s, ev, held, ll_ca_present(s, held), 1 - held, ll_ca_present(s, 1 - held), 3, "CA.D2", what); // h6-camp
	}
	int a = LLS(s, 0)->vp, b = LLS(s, 1)->vp, w = a > b ? 0 : b > a ? 1 : -2; // TF.D6
	s->over = true;
	s->winner = (int8_t)w;
	s->phase = LL_PH_OVER;
	tw_event *e = tw_events_push(ev, w >= 0 ? TW_EV_VICTORY : TW_EV_DRAW, w >= 0 ? w : -1, "TF.D6");
	if (e) {
		e->a = w;
		e->b = a;
		e->c = b;
		tw_event_text(e, "VPs %d to %d: %s", a, b, w == -2 ? "a draw" : w == 0 ? "side A wins" : "side B wins");
	}
	ll_ca_desert_begin(s, ev); // ll-rest: CA.D3, in a campaign the commanders choose their deserters first
}

bool ll_tf_turn_end(tw_state *s, tw_events *ev)
{
	ll_game *g = LLG(s);
	if (!g->off_done && ll_tf_turn(s) >= 2 && g->turn % 2 == 0)
		off_table(s, ev); // TF.D4: at the end of turn 2
	ll_ca_score(s, ev);
	// TF.D7: at once when every man of one side on the table is broken or gone; groups yet to
	// arrive count for neither test.
	bool out[2];
	for (int k = 0; k < 2; k++)
		out[k] = ll_fine(s, k) == 0;
	if (out[0] || out[1]) {
		finish(s, ev, out[0] && out[1] ? -1 : out[0] ? 1 : 0, "TF.D7");
		return true;
	}
	if (g->turn % 2 == 0 && ll_tf_turn(s) >= (int)s->params[LLP_TF_TURNS]) {
		int a = ll_side_points(s, 0, true), b = ll_side_points(s, 1, true);
		finish(s, ev, a > b ? 0 : b > a ? 1 : -1, "TF.D7");
		return true;
	}
	ll_tf_edge_begin(s, ev); // ll-rest: TF.D5, an owner whose edges tie chooses before the next turn
	return false;
}
