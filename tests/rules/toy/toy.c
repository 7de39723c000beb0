// "toy": a small rule set that exists to exercise every mechanism of the core (issue 12), and
// nothing else. Three sides (or more); each round opens with a secret bid (a sealed simultaneous
// choice, revealed together) for the order of play; in its turn a side may defect to another
// side's alliance, dig in (a change of the table), move men, and attack an enemy man, whose side
// is then asked to react (stand or evade, a decision by a player who is not moving) before a d6
// decides (tw_roll; entered by hand in the physical dice mode). The host's time-out ends a turn.
// A series of games carries the survivors over. Its data lives in its own records.
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "toy.h"

enum { TP_ROUNDS = 0, TP_COUNT };
static const tw_param_def toy_params[TP_COUNT] = {
	{"rounds", 3, 1, 50, NULL, "rounds before the game ends (TOY.END)", "Rounds", "rounds", TW_PARAM_NUMBER, 1},
};

enum { PH_BID = 0, PH_PLAY, PH_REACT, PH_OVER };
static const char *const phase_names[] = {"bid", "play", "react", "over", NULL};
static const char *const react_choices[] = {"stand", "evade", NULL};

// ---- records ----
typedef struct toy_game {
	int32_t round;        ///< 1-based
	int32_t phase;        ///< PH_*
	int8_t order[TW_MAX_SIDES]; ///< order of play this round (sides), -1 unused
	int32_t turn;         ///< index into order
	int32_t attacker, target; ///< figures of the attack waiting for the reaction (-1 none)
} toy_game;
typedef struct toy_side {
	int32_t bid;     ///< this round's bid, once revealed (TOY.BID)
	int32_t plan;    ///< a private note only the side itself (and the umpire) may read
	uint8_t defected;///< defected this game (TOY.DEFECT)
} toy_side;
typedef struct toy_fig {
	int32_t hits;    ///< hits taken
	uint8_t evaded;  ///< evaded this round
} toy_fig;

static const tw_field_def game_fields[] = {
	TW_FIELD(toy_game, round, TW_FT_I32, TW_VIS_ALL, 1, 1, 1000, NULL, "round"),
	TW_FIELD(toy_game, phase, TW_FT_ENUM, TW_VIS_ALL, 0, 0, 3, phase_names, "phase"),
	TW_FIELD_N(toy_game, order, TW_FT_SIDE, TW_VIS_ALL, TW_MAX_SIDES, -1, 0, 0, NULL, "order of play"),
	TW_FIELD(toy_game, turn, TW_FT_I32, TW_VIS_ALL, 0, 0, TW_MAX_SIDES, NULL, "whose turn (index into order)"),
	TW_FIELD(toy_game, attacker, TW_FT_FIG, TW_VIS_ALL, -1, 0, 0, NULL, "attacker waiting"),
	TW_FIELD(toy_game, target, TW_FT_FIG, TW_VIS_ALL, -1, 0, 0, NULL, "target asked to react"),
};
static const tw_field_def side_fields[] = {
	TW_FIELD(toy_side, bid, TW_FT_I32, TW_VIS_ALL, 0, 0, 10, NULL, "revealed bid"),
	TW_FIELD(toy_side, plan, TW_FT_I32, TW_VIS_OWNER, 0, 0, 1000, NULL, "private plan"),
	TW_FIELD(toy_side, defected, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "defected this game"),
};
static const tw_field_def fig_fields[] = {
	TW_FIELD(toy_fig, hits, TW_FT_I32, TW_VIS_ALL, 0, 0, 100, NULL, "hits taken"),
	TW_FIELD(toy_fig, evaded, TW_FT_BOOL, TW_VIS_ALL, 0, 0, 1, NULL, "evaded this round"),
};
static const tw_record_def game_rec = {sizeof(toy_game), (int)TW_ARRAY_COUNT(game_fields), game_fields};
static const tw_record_def side_rec = {sizeof(toy_side), (int)TW_ARRAY_COUNT(side_fields), side_fields};
static const tw_record_def fig_rec = {sizeof(toy_fig), (int)TW_ARRAY_COUNT(fig_fields), fig_fields};

static toy_game *G(tw_state *s) { return tw_rec(s, TW_REC_GAME, 0); }
static const toy_game *Gc(const tw_state *s) { return tw_rec_c(s, TW_REC_GAME, 0); }
static toy_side *S(tw_state *s, int k) { return tw_rec(s, TW_REC_SIDE, k); }
static const toy_side *Sc(const tw_state *s, int k) { return tw_rec_c(s, TW_REC_SIDE, k); }
static toy_fig *F(tw_state *s, int i) { return tw_rec(s, TW_REC_FIGURE, i); }

// ---- orders ----
enum { OT_BID = 0, OT_PLAN, OT_DEFECT, OT_DIG, OT_MOVE, OT_ATTACK, OT_REACT, OT_END, OT_TIMEOUT, OT_COUNT };
static const tw_order_field f_n10[] = {{"n", TW_OF_INT, 0, 0, true, 0, 10, NULL, "the bid, 0 to 10"}};
static const tw_order_field f_plan[] = {{"n", TW_OF_INT, 0, 0, true, 0, 1000, NULL, "a private number"}};
static const tw_order_field f_defect[] = {{"to", TW_OF_SIDE, 0, 0, true, 0, 0, NULL, "the side whose alliance to join"}};
static const tw_order_field f_dig[] = {{"figure", TW_OF_FIGS, 0, 0, true, 1, 1, NULL, "the man who digs"}};
static const tw_order_field f_move[] = {
	{"figures", TW_OF_FIGS, 0, 0, true, 1, 0, NULL, "men"},
	{"path", TW_OF_PATH, 0, 0, true, 1, 1, NULL, "the displacement's end for the first man (inches)"},
};
static const tw_order_field f_attack[] = {
	{"attacker", TW_OF_FIGS, 0, 0, true, 1, 1, NULL, "the attacking man"},
	{"target", TW_OF_FIGS2, 0, 0, true, 1, 1, NULL, "the man attacked"},
};
static const tw_order_field f_react[] = {{"n", TW_OF_INT, 0, 0, true, 0, 1, react_choices, "stand or evade"}};
#define FIELDS(a) (int)TW_ARRAY_COUNT(a), a
static const tw_order_def toy_orders[OT_COUNT] = {
	[OT_BID] = {"bid", "TOY.BID", "a secret bid for the order of play", "bid {n}", 0, FIELDS(f_n10)},
	[OT_PLAN] = {"plan", "TOY.PLAN", "note a private plan (only you see it)", "plan {n}", 0, FIELDS(f_plan)},
	[OT_DEFECT] = {"defect", "TOY.DEFECT", "join another side's alliance", "defect {to}", 0, FIELDS(f_defect)},
	[OT_DIG] = {"dig", "TOY.DIG", "dig in: the piece the man stands in gives more cover", "dig {figure}", 0,
		    FIELDS(f_dig)},
	[OT_MOVE] = {"move", "TOY.MOVE", "move men up to 6 in", "move {figures} {path}", 0, FIELDS(f_move)},
	[OT_ATTACK] = {"attack", "TOY.ATTACK", "attack an enemy man within 6 in", "attack {attacker} {target}", 0,
		       FIELDS(f_attack)},
	[OT_REACT] = {"react", "TOY.REACT", "the attacked side stands or evades", "react {n}", 0, FIELDS(f_react)},
	[OT_END] = {"end", "TOY.TURN", "end the turn", "end", TW_OD_ENDS_TURN, 0, NULL},
	[OT_TIMEOUT] = {"timeout", "TOY.TIME", "the host's clock ran out", NULL, TW_OD_HOST, 0, NULL},
};

static int alive_count(const tw_state *s, int side)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		n += s->fig[i].side == side && s->fig[i].status == TW_FS_ACTIVE;
	return n;
}

static int mover(const tw_state *s)
{
	const toy_game *g = Gc(s);
	if (g->phase != PH_PLAY && g->phase != PH_REACT)
		return -1;
	return g->turn >= 0 && g->turn < s->nsides ? g->order[g->turn] : -1;
}

static int toy_decisions(const tw_state *s, tw_decision *out, int max)
{
	const toy_game *g = Gc(s);
	int n = 0;
	if (g->phase == PH_BID) {
		for (int k = 0; k < s->nsides && n < max; k++) {
			if (alive_count(s, k) == 0)
				continue;
			memset(&out[n], 0, sizeof out[n]);
			out[n].seat = (int8_t)k;
			out[n].secret = true;
			snprintf(out[n].clause, sizeof out[n].clause, "TOY.BID");
			snprintf(out[n].kind, sizeof out[n].kind, "bid");
			out[n].types = UINT64_C(1) << OT_BID;
			snprintf(out[n].prompt, sizeof out[n].prompt, "bid 0-10 for the order of play, in secret");
			n++;
		}
	} else if (g->phase == PH_REACT && n < max) {
		const tw_figure *t = tw_state_figure_c(s, g->target);
		memset(&out[n], 0, sizeof out[n]);
		out[n].seat = (int8_t)(t ? t->side : 0);
		snprintf(out[n].clause, sizeof out[n].clause, "TOY.REACT");
		snprintf(out[n].kind, sizeof out[n].kind, "react");
		out[n].types = UINT64_C(1) << OT_REACT;
		snprintf(out[n].prompt, sizeof out[n].prompt, "man %d is attacked: stand or evade", g->target);
		n++;
	} else if (g->phase == PH_PLAY && n < max) {
		memset(&out[n], 0, sizeof out[n]);
		out[n].seat = (int8_t)mover(s);
		snprintf(out[n].clause, sizeof out[n].clause, "TOY.TURN");
		snprintf(out[n].kind, sizeof out[n].kind, "act");
		out[n].types = ~((UINT64_C(1) << OT_BID) | (UINT64_C(1) << OT_REACT));
		snprintf(out[n].prompt, sizeof out[n].prompt, "%s's turn", s->sides[out[n].seat].name);
		n++;
	}
	return n;
}

static int toy_to_move(const tw_state *s) { return mover(s); }

static tw_status toy_setup(tw_state *s, tw_error *err)
{
	if (s->nsides < 2)
		return tw_error_set(err, TW_ERR_INPUT, "TOY.SIDES", "toy wants at least two sides");
	toy_game *g = G(s);
	if (g->round < 1)
		g->round = 1;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].status == TW_FS_UNPLACED)
			s->fig[i].status = TW_FS_ACTIVE;
	return TW_OK;
}

static bool allied(const tw_state *s, int a, int b) { return tw_allied(s, a, b); }

static tw_status toy_validate(const tw_state *s, const tw_order *o, tw_error *err)
{
	const toy_game *g = Gc(s);
	switch (o->type) {
	case OT_BID: return TW_OK; // the field's range is the shape check; the seat is the core's
	case OT_PLAN: return TW_OK;
	case OT_DEFECT:
		if (o->n == o->side || allied(s, o->side, o->n))
			return tw_error_set(err, TW_ERR_ILLEGAL, "TOY.DEFECT", "%s is allied to %s already",
					    s->sides[o->side].name, s->sides[o->n].name);
		if (Sc(s, o->side)->defected)
			return tw_error_set(err, TW_ERR_ILLEGAL, "TOY.DEFECT", "a side defects once a game");
		return TW_OK;
	case OT_DIG: {
		const tw_figure *f = tw_state_figure_c(s, o->fig[0]);
		if (!f || f->side != o->side || f->status != TW_FS_ACTIVE)
			return tw_error_set(err, TW_ERR_ILLEGAL, "TOY.DIG", "man %d is not one of yours", o->fig[0]);
		for (int i = 0; i < s->table.nterrain; i++)
			if (tw_terrain_contains(&s->table.terrain[i], f->pos))
				return TW_OK;
		return tw_error_set(err, TW_ERR_ILLEGAL, "TOY.DIG", "man %d stands in no terrain piece to dig", f->id);
	}
	case OT_MOVE:
		for (int i = 0; i < o->nfig; i++) {
			const tw_figure *f = tw_state_figure_c(s, o->fig[i]);
			if (!f || f->side != o->side || f->status != TW_FS_ACTIVE)
				return tw_error_set(err, TW_ERR_ILLEGAL, "TOY.MOVE", "man %d is not one of yours", o->fig[i]);
		}
		if (tw_dist(s->fig[o->fig[0]].pos, o->path[0]) > 6.0 + 1e-9)
			return tw_error_set(err, TW_ERR_ILLEGAL, "TOY.MOVE", "a man moves at most 6 in");
		return TW_OK;
	case OT_ATTACK: {
		const tw_figure *a = tw_state_figure_c(s, o->fig[0]), *t = tw_state_figure_c(s, o->fig2[0]);
		if (!a || a->side != o->side || a->status != TW_FS_ACTIVE)
			return tw_error_set(err, TW_ERR_ILLEGAL, "TOY.ATTACK", "man %d is not one of yours", o->fig[0]);
		if (!t || t->status != TW_FS_ACTIVE || allied(s, a->side, t->side))
			return tw_error_set(err, TW_ERR_ILLEGAL, "TOY.ATTACK", "man %d is no enemy", o->fig2[0]);
		if (tw_dist(a->pos, t->pos) > 6.0 + 1e-9)
			return tw_error_set(err, TW_ERR_ILLEGAL, "TOY.ATTACK", "man %d is beyond 6 in", t->id);
		return TW_OK;
	}
	case OT_REACT:
	case OT_END:
	case OT_TIMEOUT: return TW_OK;
	default: return tw_error_set(err, TW_ERR_INPUT, "", "toy has no order %d (phase %d)", o->type, g->phase);
	}
}

// The next side that still has men takes its turn; after the last, a new round and its bids.
static void next_turn(tw_state *s, tw_events *ev)
{
	toy_game *g = G(s);
	int alliances = 0;
	uint32_t seen = 0;
	for (int k = 0; k < s->nsides; k++)
		if (alive_count(s, k) > 0 && !(seen & (1u << tw_side_alliance(s, k)))) {
			seen |= 1u << tw_side_alliance(s, k);
			alliances++;
		}
	while (++g->turn < s->nsides && g->order[g->turn] >= 0 && alive_count(s, g->order[g->turn]) == 0)
		;
	if (g->turn < s->nsides && g->order[g->turn] >= 0 && alliances > 1)
		return;
	if (alliances <= 1 || g->round >= (int)s->params[TP_ROUNDS]) {
		g->phase = PH_OVER;
		s->over = true;
		s->winner = -2;
		int best = -1;
		for (int k = 0; k < s->nsides; k++) {
			int n = alive_count(s, k);
			if (n > best) {
				best = n;
				s->winner = (int8_t)k;
			} else if (n == best) {
				s->winner = -2;
			}
		}
		tw_event *e = tw_events_push(ev, s->winner >= 0 ? TW_EV_VICTORY : TW_EV_DRAW, s->winner, "TOY.END");
		tw_event_text(e, "the game ends after round %d", g->round);
		return;
	}
	g->round++;
	g->phase = PH_BID;
	for (int i = 0; i < s->nfig; i++)
		F(s, i)->evaded = 0;
	tw_event *e = tw_events_push(ev, TW_EV_PHASE, -1, "TOY.BID");
	if (e) {
		e->a = PH_BID;
		tw_event_text(e, "round %d: every side bids in secret", g->round);
	}
}

// All bids in (each applied in side order by the core): the order of play, highest first,
// ties to the lower side.
static void bid_in(tw_state *s, int side, int bid, tw_events *ev)
{
	toy_game *g = G(s);
	S(s, side)->bid = bid;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, side, "TOY.BID");
	if (e) {
		e->a = bid;
		tw_event_text(e, "%s bid %d", s->sides[side].name, bid);
	}
	// The last seat revealed settles the order.
	for (int k = side + 1; k < s->nsides; k++)
		if (alive_count(s, k) > 0)
			return;
	int n = 0;
	bool used[TW_MAX_SIDES] = {0};
	for (int pass = 0; pass < s->nsides; pass++) {
		int best = -1;
		for (int k = 0; k < s->nsides; k++)
			if (!used[k] && alive_count(s, k) > 0 && (best < 0 || Sc(s, k)->bid > Sc(s, best)->bid))
				best = k;
		if (best < 0)
			break;
		used[best] = true;
		g->order[n++] = (int8_t)best;
	}
	for (int k = n; k < TW_MAX_SIDES; k++)
		g->order[k] = -1;
	g->turn = 0;
	g->phase = PH_PLAY;
	e = tw_events_push(ev, TW_EV_MOVE_START, g->order[0], "TOY.BID");
	if (e) {
		e->a = g->round;
		e->b = g->order[0];
		tw_event_text(e, "round %d: %s moves first", g->round, s->sides[g->order[0]].name);
	}
}

static void resolve_attack(tw_state *s, bool evade, tw_events *ev)
{
	toy_game *g = G(s);
	tw_figure *t = tw_state_figure(s, g->target);
	F(s, t->id)->evaded = evade;
	// TOY.ATTACK: a hit on 4+, 6 if the man evaded; a man dug in (cover) needs one more.
	int need = evade ? 6 : 4;
	for (int i = 0; i < s->table.nterrain; i++)
		if (tw_terrain_contains(&s->table.terrain[i], t->pos) && s->table.terrain[i].cover > 0)
			need++;
	tw_event *d = NULL;
	int face = tw_roll_d6(s, ev, s->fig[g->attacker].side, "TOY.ATTACK", &d);
	if (d)
		tw_event_text(d, "attack on man %d: throws %d, needs %d", t->id, face, need);
	if (face >= need) {
		t->status = TW_FS_DEAD;
		F(s, t->id)->hits++;
		tw_event *e = tw_events_push(ev, TW_EV_KILL, t->side, "TOY.ATTACK");
		if (e) {
			e->a = t->id;
			tw_event_text(e, "man %d falls", t->id);
		}
	}
	g->attacker = g->target = -1;
	g->phase = PH_PLAY;
}

static tw_status toy_apply(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev, tw_error *err)
{
	(void)ctx;
	(void)err;
	toy_game *g = G(s);
	switch (o->type) {
	case OT_BID: bid_in(s, o->side, o->n, ev); return TW_OK;
	case OT_PLAN: S(s, o->side)->plan = o->n; return TW_OK;
	case OT_DEFECT: {
		int was = tw_side_alliance(s, o->side), to = tw_side_alliance(s, o->n);
		tw_side_set_alliance(s, o->side, to);
		S(s, o->side)->defected = 1;
		tw_event *e = tw_events_push(ev, TW_EV_ALLIANCE, o->side, "TOY.DEFECT");
		if (e) {
			e->a = o->side;
			e->b = to;
			e->c = was;
			tw_event_text(e, "%s joins %s's alliance", s->sides[o->side].name, s->sides[o->n].name);
		}
		return TW_OK;
	}
	case OT_DIG: {
		const tw_figure *f = &s->fig[o->fig[0]];
		tw_table *tb = tw_state_table_edit(s);
		if (!tb)
			return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		for (int i = 0; i < tb->nterrain; i++)
			if (tw_terrain_contains(&tb->terrain[i], f->pos)) {
				tb->terrain[i].cover++;
				tb->terrain[i].flags |= TW_TF_WORKS;
				// TOY.DIG: then a d6; on a 1 the spade hits stone and the cover stays as it
				// was (the die comes after the change, so a missing entered die puts it back).
				if (tw_roll_d6(s, ev, o->side, "TOY.DIG", NULL) == 1)
					tb->terrain[i].cover--;
				tw_event *e = tw_events_push(ev, TW_EV_TABLE, o->side, "TOY.DIG");
				if (e) {
					e->a = i;
					e->b = 2;
					tw_event_text(e, "man %d digs in: %s gives cover %d", f->id, tb->terrain[i].name,
						      tb->terrain[i].cover);
				}
				break;
			}
		return TW_OK;
	}
	case OT_MOVE: {
		tw_vec2 d = tw_v2(o->path[0].x - s->fig[o->fig[0]].pos.x, o->path[0].y - s->fig[o->fig[0]].pos.y);
		for (int i = 0; i < o->nfig; i++) {
			tw_figure *f = &s->fig[o->fig[i]];
			f->pos = tw_v2(f->pos.x + d.x, f->pos.y + d.y);
			f->moved_in = g->round;
			tw_event *e = tw_events_push(ev, TW_EV_MOVE, o->side, "TOY.MOVE");
			if (e) {
				e->a = f->id;
				e->x = f->pos.x;
				e->y = f->pos.y;
			}
		}
		return TW_OK;
	}
	case OT_ATTACK: {
		g->attacker = o->fig[0];
		g->target = o->fig2[0];
		g->phase = PH_REACT;
		tw_event *e = tw_events_push(ev, TW_EV_DECISION, s->fig[o->fig2[0]].side, "TOY.REACT");
		if (e) {
			e->a = s->fig[o->fig2[0]].side;
			tw_event_text(e, "man %d attacks man %d: %s may stand or evade", o->fig[0], o->fig2[0],
				      s->sides[s->fig[o->fig2[0]].side].name);
		}
		return TW_OK;
	}
	case OT_REACT: resolve_attack(s, o->n == 1, ev); return TW_OK;
	case OT_TIMEOUT:
		// TOY.TIME: a reaction not given stands; a turn not ended ends.
		if (g->phase == PH_REACT) {
			resolve_attack(s, false, ev);
			return TW_OK;
		}
		if (g->phase == PH_BID) // nobody's bid can be forced: the host waits
			return tw_error_set(err, TW_ERR_ILLEGAL, "TOY.TIME", "bids are not timed");
		next_turn(s, ev);
		return TW_OK;
	case OT_END: next_turn(s, ev); return TW_OK;
	default: return tw_error_set(err, TW_ERR_INPUT, "", "toy has no order %d", o->type);
	}
}

static void toy_score(const tw_state *s, double *points)
{
	for (int k = 0; k < s->nsides; k++)
		points[k] = alive_count(s, k);
}

static int toy_random_orders(const tw_state *s, int side, tw_rng *r, tw_order *out, int max)
{
	const toy_game *g = Gc(s);
	int n = 0;
	if (max < 1)
		return 0;
	tw_order *o = &out[n];
	if (g->phase == PH_BID) {
		tw_order_init(o, OT_BID, side);
		o->n = (int32_t)tw_rng_below(r, 11);
		return 1;
	}
	if (g->phase == PH_REACT) {
		tw_order_init(o, OT_REACT, side);
		o->n = (int32_t)tw_rng_below(r, 2);
		return 1;
	}
	// An attack if a man is in reach, else a move towards the nearest enemy, else the end.
	for (int i = 0; i < s->nfig && n < max; i++) {
		const tw_figure *a = &s->fig[i];
		if (a->side != side || a->status != TW_FS_ACTIVE)
			continue;
		int best = -1;
		double bd = 1e18;
		for (int j = 0; j < s->nfig; j++) {
			const tw_figure *t = &s->fig[j];
			if (t->status != TW_FS_ACTIVE || tw_allied(s, side, t->side))
				continue;
			double d = tw_dist(a->pos, t->pos);
			if (d < bd) {
				bd = d;
				best = j;
			}
		}
		if (best < 0)
			break;
		o = &out[n++];
		if (bd <= 6.0) {
			tw_order_init(o, OT_ATTACK, side);
			o->fig[0] = a->id;
			o->nfig = 1;
			o->fig2[0] = best;
			o->nfig2 = 1;
		} else {
			double step = 5.0 + tw_rng_unit(r);
			tw_vec2 to = s->fig[best].pos;
			tw_order_init(o, OT_MOVE, side);
			o->fig[0] = a->id;
			o->nfig = 1;
			o->path[0] = tw_v2(a->pos.x + (to.x - a->pos.x) / bd * step, a->pos.y + (to.y - a->pos.y) / bd * step);
			o->npath = 1;
		}
	}
	if (n < max)
		tw_order_init(&out[n++], OT_END, side);
	return n;
}

// ---- the series: survivors carry over ----
static tw_status toy_series_start(json_t *carry, const json_t *config, tw_error *err)
{
	json_t *games = json_object_get(config, "games");
	if (games && (!json_is_integer(games) || json_integer_value(games) < 1 || json_integer_value(games) > 20))
		return tw_error_set(err, TW_ERR_INPUT, "TOY.SERIES", "config.games must be 1 to 20");
	json_object_set_new(carry, "games", json_integer(games ? json_integer_value(games) : 2));
	json_object_set_new(carry, "survivors", json_object());
	return TW_OK;
}

static tw_status toy_series_prepare(const json_t *carry, int seq, tw_state *s, tw_error *err)
{
	(void)seq;
	(void)err;
	// TOY.SERIES: a side fields only the men that survived the last game (the first ones listed).
	const json_t *sv = json_object_get(carry, "survivors");
	for (int k = 0; k < s->nsides; k++) {
		const json_t *v = json_object_get(sv, s->sides[k].name);
		if (!json_is_integer(v))
			continue;
		int keep = (int)json_integer_value(v);
		for (int i = 0; i < s->nfig; i++)
			if (s->fig[i].side == k && s->fig[i].status != TW_FS_DEAD && keep-- <= 0)
				s->fig[i].status = TW_FS_DEAD;
	}
	return TW_OK;
}

static tw_status toy_series_record(json_t *carry, int seq, const tw_state *fin, bool *over, tw_error *err)
{
	(void)err;
	json_t *sv = json_object();
	for (int k = 0; k < fin->nsides; k++)
		json_object_set_new(sv, fin->sides[k].name, json_integer(alive_count(fin, k)));
	json_object_set_new(carry, "survivors", sv);
	json_t *wins = json_object_get(carry, "wins");
	if (!wins) {
		wins = json_object();
		json_object_set_new(carry, "wins", wins);
	}
	if (fin->winner >= 0) {
		const char *w = fin->sides[fin->winner].name;
		json_object_set_new(wins, w, json_integer(json_integer_value(json_object_get(wins, w)) + 1));
	}
	*over = seq >= json_integer_value(json_object_get(carry, "games"));
	return TW_OK;
}

const tw_ruleset tw_ruleset_toy = {
	.name = "toy",
	.title = "toy (the core's test rule set)",
	.nparams = TP_COUNT,
	.params = toy_params,
	.setup = toy_setup,
	.validate = toy_validate,
	.apply = toy_apply,
	.to_move = toy_to_move,
	.decisions = toy_decisions,
	.score = toy_score,
	.random_orders = toy_random_orders,
	.norders = OT_COUNT,
	.orders = toy_orders,
	.records = {[TW_REC_GAME] = &game_rec, [TW_REC_SIDE] = &side_rec, [TW_REC_FIGURE] = &fig_rec},
	.series_start = toy_series_start,
	.series_prepare = toy_series_prepare,
	.series_record = toy_series_record,
};
