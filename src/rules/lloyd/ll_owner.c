// Nikolas Lloyd's skirmish suite: two choices the catalogue gives to a commander, asked of his own
// seat through the core's decisions (as DU.3's answer and IN.SEIZE's are), answered by an order
// that no other seat may give, and by the computer generals and the random player too:
// - TF.D5: "its owner chooses if two edges tie": a decisive winner's group whose location lies as
//   far from the table along the rows as along the columns. After the off-table rolls (end of
//   turn 2) the game waits in phase `edge` until every such owner has answered (`edge row|column`,
//   one group at a time, the lowest location first); then the next turn starts.
// - CA.D3.2: "He chooses which figures" desert. After a campaign battle's end is decided (TF.D7,
//   TF.D6), the battle is not yet over: in phase `desert` every commander who owes desertion (2
//   points a VP scored against him, tw_ll_ca_desertion) names his deserters (`desert FIGS`): his
//   own men who survived, no leader, removed until the loss is reached (the set's total reaches
//   it, and without its dearest man it would not); all his eligible men when they are worth less.
//   Then the game is over, and the campaign's carry-over (ll_series.c) drops the men so marked.
#include <math.h>
#include "tinwar/detmath.h"
#include <string.h>

#include "ll.h"

static int bit(int l) { return 1 << (l - 1); }

bool ll_tf_column_edge(const tw_state *s, int side, int l)
{
	const ll_game *g = LLG(s);
	if (l < 1 || l > 3 || g->table_loc < 1 || g->table_loc > 3)
		return false;
	int dx = abs(g->map_col[l - 1] - g->map_col[g->table_loc - 1]);
	int dy = abs(g->map_row[l - 1] - g->map_row[g->table_loc - 1]);
	if (dx != dy)
		return dx > dy; // TF.D5: the edge facing the location, the axis of the larger distance
	return side >= 0 && side < s->nsides && (LLS(s, side)->edge_col & bit(l)); // a tie: the owner's choice
}

static int pending_edge(const tw_state *s, int side)
{
	for (int l = 1; l <= 3; l++)
		if (LLS(s, side)->edge_ask & bit(l))
			return l;
	return 0;
}

bool ll_tf_edge_begin(tw_state *s, tw_events *ev)
{
	int asked = -1;
	for (int k = 0; k < s->nsides && asked < 0; k++)
		if (LLS(s, k)->edge_ask)
			asked = k;
	if (asked < 0)
		return false;
	s->phase = LL_PH_TF_EDGE;
	tw_event *e = tw_events_push(ev, TW_EV_PHASE, asked, "TF.D5");
	if (e) {
		e->a = LL_PH_TF_EDGE;
		tw_event_text(e, "%s's group at L%d is as far along the rows as along the columns: its owner chooses the edge",
			      s->sides[asked].name, pending_edge(s, asked));
	}
	return true;
}

bool ll_ca_may_desert(const tw_state *s, int side, int f)
{
	return f >= 0 && f < s->nfig && s->fig[f].side == side && s->fig[f].status != TW_FS_DEAD && !LLF(s, f)->leader;
}

static int eligible_points(const tw_state *s, int side, int owner)
{
	int p = 0;
	for (int j = 0; j < s->nfig; j++)
		if (ll_ca_may_desert(s, side, j) && (owner < 0 || LLF(s, j)->owner == owner))
			p += LLF(s, j)->pts;
	return p;
}

// CA.D3.2 by commander: one (owner -1: every man of the side) or, in battle 4 played 2v2 (CA.D1),
// the two allies, each owing 2 points a VP counted against him (CA.D2 by commander, h6-camp:
// ll_ca_credit.c). Returns the count; names for the messages.
static int commanders(const tw_state *s, int side, int own[2], int loss[2], const char *name[2])
{
	const ll_side *sd = LLS(s, side);
	int gain = 0;
	if (sd->ally1 <= 0) {
		own[0] = -1;
		tw_ll_ca_desertion(sd->vp_against, sd->vp, &loss[0], &gain);
		name[0] = s->sides[side].name;
		return 1;
	}
	own[0] = sd->owner;
	own[1] = sd->ally1 - 1;
	for (int c = 0; c < 2; c++) { // h6-camp: CA.D2, each commander's own VPs against (ll_ca_share)
		int sc, ag;
		ll_ca_share(s, side, c, &sc, &ag);
		tw_ll_ca_desertion(ag, 0, &loss[c], &gain);
	}
	name[0] = s->sides[side].name;
	name[1] = sd->ally_name;
	return 2;
}

bool ll_ca_desert_begin(tw_state *s, tw_events *ev)
{
	if (LLG(s)->sp)
		return false; // battle 6 ends the campaign (CA.D4): no force is carried on from it
	int asked = 0;
	for (int k = 0; k < s->nsides; k++) {
		ll_side *sd = LLS(s, k);
		if (sd->owner < 0)
			continue; // not a campaign commander's force
		int own[2], owe[2], loss = 0;
		const char *name[2];
		int nc = commanders(s, k, own, owe, name);
		bool any = false;
		for (int c = 0; c < nc; c++) {
			loss += owe[c];
			any |= owe[c] > 0 && eligible_points(s, k, own[c]) > 0;
		}
		if (!any)
			continue;
		sd->desert = loss;
		sd->deserted = 0;
		asked++;
		tw_event *e = tw_events_push(ev, TW_EV_INFO, k, "CA.D3");
		if (e) {
			e->a = k;
			e->b = loss;
			e->c = sd->vp_against;
			if (nc == 2) { // h6-camp: CA.D2 by commander, each his own
				int sc[2], ag[2];
				for (int c = 0; c < 2; c++)
					ll_ca_share(s, k, c, &sc[c], &ag[c]);
				tw_event_text(e, "%s: %d VP against, %d points of men desert; %s: %d VP against, %d points: each chooses which (no leader)",
					      name[0], ag[0], owe[0], name[1], ag[1], owe[1]);
			} else {
				tw_event_text(e, "%s: %d VP against, %d points of men desert: he chooses which (no leader)",
					      s->sides[k].name, sd->vp_against, loss);
			}
		}
	}
	if (!asked)
		return false;
	s->over = false; // the result is decided (s->winner); the desertions come before the end
	s->phase = LL_PH_CA_DESERT;
	tw_event *e = tw_events_push(ev, TW_EV_PHASE, -1, "CA.D3");
	if (e) {
		e->a = LL_PH_CA_DESERT;
		tw_event_text(e, "the battle is decided: the commanders choose their deserters");
	}
	return true;
}

int ll_owner_decisions(const tw_state *s, tw_decision *out, int max)
{
	int n = 0;
	for (int k = 0; k < s->nsides && n < max; k++) {
		const ll_side *sd = LLS(s, k);
		tw_decision *d = &out[n];
		memset(d, 0, sizeof *d);
		d->seat = (int8_t)k;
		if (s->phase == LL_PH_TF_EDGE && sd->edge_ask) {
			ll_copy_text(d->clause, sizeof d->clause, "TF.D5");
			ll_copy_text(d->kind, sizeof d->kind, "edge");
			d->types = UINT64_C(1) << LL_OT_EDGE;
			snprintf(d->prompt, sizeof d->prompt, "your group at L%d ties between two edges: it comes on by the row or the column edge",
				 pending_edge(s, k));
			n++;
		} else if (s->phase == LL_PH_CA_DESERT && sd->desert > 0 && !sd->deserted) {
			ll_copy_text(d->clause, sizeof d->clause, "CA.D3");
			ll_copy_text(d->kind, sizeof d->kind, "desert");
			d->types = UINT64_C(1) << LL_OT_DESERT;
			snprintf(d->prompt, sizeof d->prompt, "%d VP against you: choose men worth %d points to desert (no leader)",
				 sd->vp_against, sd->desert);
			n++;
		}
	}
	return n;
}

static tw_status validate_edge(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (!LLS(s, o->side)->edge_ask) {
		int k = 0;
		while (k < s->nsides && !LLS(s, k)->edge_ask)
			k++;
		return tw_error_set(err, TW_ERR_ILLEGAL, "TF.D5", "%s has no arriving group whose edges tie: its owner %s chooses",
				    s->sides[o->side].name, k < s->nsides ? s->sides[k].name : "?");
	}
	if (o->n < 0 || o->n > 1)
		return tw_error_set(err, TW_ERR_INPUT, "TF.D5", "$.n: %d: row (0) or column (1)", o->n);
	return TW_OK;
}

static tw_status validate_desert(const tw_state *s, const tw_order *o, tw_error *err)
{
	const ll_side *sd = LLS(s, o->side);
	if (sd->desert <= 0 || sd->deserted)
		return tw_error_set(err, TW_ERR_ILLEGAL, "CA.D3", "%s owes no desertion now: each commander chooses only his own men",
				    s->sides[o->side].name);
	if (o->nfig < 1)
		return tw_error_set(err, TW_ERR_INPUT, "CA.D3", "$.figures: name the men who desert");
	int own[2], owe[2], sum[2] = {0, 0}, dearest[2] = {0, 0};
	const char *name[2];
	int nc = commanders(s, o->side, own, owe, name);
	for (int i = 0; i < o->nfig; i++) {
		int f = o->fig[i];
		if (f < 0 || f >= s->nfig || s->fig[f].side != o->side)
			return tw_error_set(err, TW_ERR_ILLEGAL, "CA.D3", "$.figures[%d]: figure %d is not one of %s's men", i, f,
					    s->sides[o->side].name);
		if (s->fig[f].status == TW_FS_DEAD)
			return tw_error_set(err, TW_ERR_ILLEGAL, "CA.D3", "$.figures[%d]: figure %d was killed: lost for good already (CA.D3.1)",
					    i, f);
		if (LLF(s, f)->leader)
			return tw_error_set(err, TW_ERR_ILLEGAL, "CA.D3", "$.figures[%d]: figure %d is a leader: leaders cannot desert", i,
					    f);
		for (int j = 0; j < i; j++)
			if (o->fig[j] == f)
				return tw_error_set(err, TW_ERR_INPUT, "CA.D3", "$.figures[%d]: figure %d is named twice", i, f);
		int c = nc == 2 && LLF(s, f)->owner == own[1] ? 1 : 0;
		if (nc == 2 && c == 0 && LLF(s, f)->owner != own[0])
			return tw_error_set(err, TW_ERR_ILLEGAL, "CA.D3", "$.figures[%d]: figure %d is in neither commander's force", i, f);
		sum[c] += LLF(s, f)->pts;
		if (LLF(s, f)->pts > dearest[c])
			dearest[c] = LLF(s, f)->pts;
	}
	for (int c = 0; c < nc; c++) {
		const char *whose = nc == 2 ? name[c] : "";
		int all = eligible_points(s, o->side, own[c]);
		if (sum[c] < owe[c] && sum[c] < all)
			return tw_error_set(err, TW_ERR_ILLEGAL, "CA.D3", "$.figures: %d points of %s%smen chosen, %d owed (2 a VP against)",
					    sum[c], whose, nc == 2 ? "'s " : "", owe[c]);
		if (sum[c] > 0 && sum[c] - dearest[c] >= owe[c])
			return tw_error_set(err, TW_ERR_ILLEGAL, "CA.D3",
					    "$.figures: %d points of %s%smen chosen for %d owed: he removes men only until the loss is reached",
					    sum[c], whose, nc == 2 ? "'s " : "", owe[c]);
	}
	return TW_OK;
}

tw_status ll_owner_validate(const tw_state *s, const tw_order *o, tw_error *err)
{
	if (s->phase == LL_PH_TF_EDGE) {
		if (o->type != LL_OT_EDGE)
			return tw_error_set(err, TW_ERR_ILLEGAL, "TF.D5",
					    "the owners of arriving groups choose their edges first (edge row|column)");
		return validate_edge(s, o, err);
	}
	if (s->phase == LL_PH_CA_DESERT) {
		if (o->type != LL_OT_DESERT)
			return tw_error_set(err, TW_ERR_ILLEGAL, "CA.D3", "the battle is decided: the commanders choose their deserters (desert)");
		return validate_desert(s, o, err);
	}
	return tw_error_set(err, TW_ERR_ILLEGAL, o->type == LL_OT_EDGE ? "TF.D5" : "CA.D3", "no %s is asked now",
			    o->type == LL_OT_EDGE ? "choice of edge" : "desertion");
}

tw_status ll_owner_apply(tw_state *s, const tw_order *o, tw_events *ev)
{
	ll_side *sd = LLS(s, o->side);
	if (o->type == LL_OT_EDGE) {
		int l = pending_edge(s, o->side);
		sd->edge_ask &= ~bit(l);
		if (o->n == 1)
			sd->edge_col |= bit(l);
		else
			sd->edge_col &= ~bit(l);
		tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "TF.D5");
		if (e) {
			e->a = l;
			e->b = o->n;
			tw_event_text(e, "%s's group at L%d will come on by the %s edge", s->sides[o->side].name, l,
				      o->n == 1 ? "column (left or right)" : "row (near or far)");
		}
		for (int k = 0; k < s->nsides; k++)
			if (LLS(s, k)->edge_ask)
				return ev->failed ? TW_ERR_NOMEM : TW_OK;
		ll_next_turn(s, ev); // every owner has chosen: the next turn (NQ.TURN.2)
		return ev->failed ? TW_ERR_NOMEM : TW_OK;
	}
	int sum = 0;
	for (int i = 0; i < o->nfig; i++) {
		LLF(s, o->fig[i])->deserted = 1;
		sum += LLF(s, o->fig[i])->pts;
		tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "CA.D3");
		if (e) {
			e->a = o->fig[i];
			e->b = LLF(s, o->fig[i])->pts;
			tw_event_text(e, "%s deserts (%d points)", LLF(s, o->fig[i])->name, LLF(s, o->fig[i])->pts);
		}
	}
	sd->deserted = 1;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "CA.D3");
	if (e) {
		e->a = sum;
		e->b = sd->desert;
		tw_event_text(e, "%s loses %d points of men to desertion (%d owed)", s->sides[o->side].name, sum, sd->desert);
	}
	for (int k = 0; k < s->nsides; k++)
		if (LLS(s, k)->desert > 0 && !LLS(s, k)->deserted)
			return ev->failed ? TW_ERR_NOMEM : TW_OK;
	s->over = true; // CA.D3 done: the battle is over
	s->phase = LL_PH_OVER;
	e = tw_events_push(ev, TW_EV_PHASE, -1, "CA.D3");
	if (e) {
		e->a = LL_PH_OVER;
		tw_event_text(e, "the deserters are gone: the battle is over");
	}
	return ev->failed ? TW_ERR_NOMEM : TW_OK;
}

// The computer's edge: the one whose middle is nearer the centre of his men on the table (the
// group joins its friends); random: either.
static int general_edge(const tw_state *s, int side, int l)
{
	const ll_game *g = LLG(s);
	int dx = g->map_col[l - 1] - g->map_col[g->table_loc - 1], dy = g->map_row[l - 1] - g->map_row[g->table_loc - 1];
	double W = s->table.width, D = s->table.depth, cx = 0, cy = 0;
	int m = 0;
	for (int j = 0; j < s->nfig; j++)
		if (s->fig[j].side == side && ll_fights(s, j)) {
			cx += s->fig[j].pos.x;
			cy += s->fig[j].pos.y;
			m++;
		}
	if (!m)
		return 0;
	cx /= m;
	cy /= m;
	tw_vec2 row = {W / 2, dy < 0 ? 0 : D}, col = {dx < 0 ? 0 : W, D / 2};
	double dr = tw_hypot(row.x - cx, row.y - cy), dc = tw_hypot(col.x - cx, col.y - cy);
	return dc < dr ? 1 : 0;
}

bool ll_owner_answer(const tw_state *s, int side, tw_rng *r, tw_order *o)
{
	if (s->over || side < 0 || side >= s->nsides)
		return false;
	const ll_side *sd = LLS(s, side);
	if (s->phase == LL_PH_TF_EDGE && sd->edge_ask) {
		tw_order_init(o, LL_OT_EDGE, side);
		o->n = r ? (int)tw_rng_below(r, 2) : general_edge(s, side, pending_edge(s, side));
		return true;
	}
	if (s->phase != LL_PH_CA_DESERT || sd->desert <= 0 || sd->deserted)
		return false;
	// CA.D3.2: the general lets the cheapest go first (ties: the earliest); random: any order. Either
	// way each commander's men are removed until his loss is reached.
	int own[2], owe[2];
	const char *name[2];
	int ncm = commanders(s, side, own, owe, name);
	tw_order_init(o, LL_OT_DESERT, side);
	for (int c = 0; c < ncm; c++) {
		int cand[TW_ORDER_MAX_FIG], nc = 0;
		for (int j = 0; j < s->nfig && nc < TW_ORDER_MAX_FIG; j++)
			if (ll_ca_may_desert(s, side, j) && (own[c] < 0 || LLF(s, j)->owner == own[c]))
				cand[nc++] = j;
		for (int i = 0; i < nc; i++) {
			int pick = i;
			if (r)
				pick = i + (int)tw_rng_below(r, (uint32_t)(nc - i));
			else
				for (int j = i + 1; j < nc; j++)
					if (LLF(s, cand[j])->pts < LLF(s, cand[pick])->pts)
						pick = j;
			int t = cand[i];
			cand[i] = cand[pick];
			cand[pick] = t;
		}
		int sum = 0;
		for (int i = 0; i < nc && sum < owe[c] && o->nfig < TW_ORDER_MAX_FIG; i++) {
			o->fig[o->nfig++] = cand[i];
			sum += LLF(s, cand[i])->pts;
		}
	}
	return true;
}
