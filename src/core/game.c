// The game: state + log. tw_game_apply is the single entry point that advances a game.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "order_internal.h"
#include "vmemo.h"
#include "tinwar/chance.h"
#include "tinwar/detmath.h"
#include "tinwar/game.h"

typedef struct undo_rec {
	tw_state state; // state before the order
	int nevents;
} undo_rec;

struct tw_game {
	tw_state s;
	tw_state initial;
	uint64_t seed;
	const tw_ruleset *rs;
	const tw_shot_model *shots;
	tw_events log;
	// The orders, packed: each keeps only the used part of its arrays (an order is ~17 KB in
	// full, a typical one under 1 KB packed). tw_game_order unpacks one into `unpacked`.
	unsigned char *olog;
	size_t olen, ocap;
	size_t *ooff; // where order i starts in olog
	int norders, caporders;
	tw_order *unpacked;
	tw_state_backup backup; // the state before the order being applied (undo off)
	undo_rec *undo; // orders since the last chance event, oldest first
	int nundo, capundo;
	bool no_undo;
	tw_shot_recorder *rec; ///< outcomes of a costly model, kept for the log (LW replay)
	bool libm_math; ///< its orders resolve with the C library's math functions (detmath.h: a log from before stop 36)
};

void tw_game_set_libm_math(tw_game *g, bool on) { g->libm_math = on; }
bool tw_game_libm_math(const tw_game *g) { return g->libm_math; }

void tw_game_set_undo(tw_game *g, bool on)
{
	g->no_undo = !on;
}

// ---- the one path every order takes (tw_game_apply, tw_state_apply) ----

// The checks the core makes for every rule set: the order type exists; host orders come only
// from the host and umpire orders only from the umpire; and, when the rule set lists its
// decisions, the seat has a decision now that this order type answers. *dec gets it.
static tw_status check_seat(const tw_state *s, const tw_ruleset *rs, const tw_order *o, tw_decision *dec,
			    bool *has_dec, tw_error *err)
{
	*has_dec = false;
	const tw_order_def *d = tw_order_def_get(rs, o->type);
	tw_status shape = tw_order_check_shape(rs, s, o, err);
	if (shape != TW_OK)
		return shape;
	bool host = o->side == TW_SEAT_HOST;
	if (host != ((d->flags & TW_OD_HOST) != 0))
		return tw_error_set(err, TW_ERR_ILLEGAL, d->clause ? d->clause : "",
				    host ? "the host gives no %s order" : "only the host gives a %s order", d->name);
	if (o->side == TW_SEAT_UMPIRE && !(d->flags & TW_OD_UMPIRE))
		return tw_error_set(err, TW_ERR_ILLEGAL, d->clause ? d->clause : "", "the umpire gives no %s order",
				    d->name);
	if (o->side >= s->nsides || (o->side < 0 && o->side != TW_SEAT_UMPIRE && o->side != TW_SEAT_HOST))
		return tw_error_set(err, TW_ERR_INPUT, "", "there is no seat %d", (int)o->side);
	if (!rs->decisions || host)
		return TW_OK;
	if (o->side >= 0 && (s->sealed_mask & (1u << o->side)))
		return tw_error_set(err, TW_ERR_ILLEGAL, "", "%s's secret choice is already in", s->sides[o->side].name);
	tw_decision ds[TW_MAX_DECISIONS];
	int n = tw_state_decisions(s, ds, TW_MAX_DECISIONS), wrong = -1;
	for (int i = 0; i < n; i++) {
		if (ds[i].seat != o->side)
			continue;
		if (ds[i].types == 0 || (o->type < 64 && (ds[i].types & (UINT64_C(1) << o->type)))) {
			*dec = ds[i];
			*has_dec = true;
			return TW_OK;
		}
		wrong = i;
	}
	const char *who = o->side >= 0 ? s->sides[o->side].name : "the umpire";
	if (wrong >= 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, ds[wrong].clause, "%s is asked to %s (%s), which the order %s does not answer",
				    who, ds[wrong].kind, ds[wrong].prompt, d->name);
	if (n == 0)
		return tw_error_set(err, TW_ERR_ILLEGAL, "", "nobody may act now");
	return tw_error_set(err, TW_ERR_ILLEGAL, ds[0].clause, "%s has no decision to make now (the rules ask %s: %s)", who,
			    ds[0].seat >= 0 && ds[0].seat < s->nsides ? s->sides[ds[0].seat].name : "the umpire", ds[0].kind);
}

// rs->apply with the order's entered dice (chance.h); missing dice, dice nobody threw and failed
// allocations become errors.
static tw_status run_apply(tw_state *s, const tw_ruleset *rs, const tw_order *o, const tw_apply_ctx *ctx,
			   tw_events *ev, tw_error *err)
{
	if (o->ndice > 0 && s->dice != TW_DICE_ENTERED)
		return tw_error_set(err, TW_ERR_INPUT, "", "dice are entered only in the physical dice mode");
	tw_chance ch;
	memset(&ch, 0, sizeof ch);
	ch.faces = o->dice;
	ch.n = o->ndice;
	struct tw_chance *old = ev->chance;
	ev->chance = &ch;
	ev->failed = false;
	bool alloc_failed = false;
	bool *watched = tw_alloc_watch(&alloc_failed); // a failed allocation anywhere in the rules
	tw_status st = rs->apply(s, o, ctx, ev, err);
	tw_alloc_watch(watched);
	if (watched && alloc_failed) // an order applied inside another (a reveal): the outer one fails too
		*watched = true;
	ev->chance = old;
	bool failed = ev->failed || alloc_failed;
	ev->failed = false;
	if (failed) // whatever the rules made of it
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	if (st != TW_OK)
		return st;
	if (ch.missing) {
		tw_error_set(err, TW_ERR_DICE, ch.need.clause, "roll %d d%d for %s and enter the faces with the order",
			     ch.need.n, ch.need.sides, ch.need.clause);
		if (err) {
			err->dice_n = ch.need.n;
			err->dice_sides = ch.need.sides;
		}
		return TW_ERR_DICE;
	}
	if (ch.used < ch.n)
		return tw_error_set(err, TW_ERR_INPUT, "", "%d dice were entered that no rule threw", ch.n - ch.used);
	return TW_OK;
}

// All secret choices are in: each is revealed and applied, in seat order. On failure the caller
// puts the state back (the sealed orders are freed only once every one has been applied).
static tw_status reveal(tw_state *s, const tw_ruleset *rs, const tw_apply_ctx *ctx, tw_events *ev, tw_error *err)
{
	for (int k = 0; k < s->nsides; k++) {
		if (!(s->sealed_mask & (1u << k)) || !s->sealed[k])
			continue;
		const tw_order *so = s->sealed[k];
		tw_event *e = tw_events_push(ev, TW_EV_UNSEALED, k, "");
		if (!e)
			return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		e->a = k;
		e->b = so->type;
		tw_event_text(e, "%s's secret choice revealed: %s", s->sides[k].name, tw_order_type_name(rs, so->type));
		tw_status st = run_apply(s, rs, so, ctx, ev, err);
		if (st != TW_OK)
			return st;
	}
	for (int k = 0; k < TW_MAX_SIDES; k++) {
		tw_free(s->sealed[k]);
		s->sealed[k] = NULL;
	}
	s->sealed_mask = 0;
	return TW_OK;
}

// A secret choice: kept sealed in the state (seen only by its seat) until every seat asked for
// one has chosen; then all are revealed and applied.
static tw_status seal(tw_state *s, const tw_ruleset *rs, const tw_order *o, const tw_decision *dec,
		      const tw_apply_ctx *ctx, tw_events *ev, tw_error *err)
{
	tw_order *copy = tw_malloc(sizeof *copy);
	if (!copy)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	*copy = *o;
	tw_event *e = tw_events_push(ev, TW_EV_SEALED, o->side, dec->clause);
	if (!e) {
		tw_free(copy);
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	}
	e->a = o->side;
	tw_event_text(e, "%s has made its secret choice (%s)", s->sides[o->side].name, dec->kind);
	s->sealed[o->side] = copy;
	s->sealed_mask |= 1u << o->side;
	tw_decision ds[TW_MAX_DECISIONS];
	int n = tw_state_decisions(s, ds, TW_MAX_DECISIONS);
	for (int i = 0; i < n; i++)
		if (ds[i].secret)
			return TW_OK; // still waiting for others
	return reveal(s, rs, ctx, ev, err);
}

// Validates o against s, then applies it to s in place; when the rules cannot resolve it,
// puts s back from bk (saved here when `save`, else saved by the caller, or NULL when the
// caller restores) and drops its events.
static tw_status apply_in_place(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev, tw_error *err,
				tw_state_backup *bk, bool save)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	if (!rs)
		return tw_error_set(err, TW_ERR_STATE, "", "state has no registered rule set (%d)", (int)s->ruleset);
	if (s->over)
		return tw_error_set(err, TW_ERR_ILLEGAL, "", "the game is over");
	tw_decision dec;
	bool has_dec = false;
	tw_status st = check_seat(s, rs, o, &dec, &has_dec, err);
	if (st != TW_OK)
		return st;
	if (o->ndice > 0 && s->dice != TW_DICE_ENTERED)
		return tw_error_set(err, TW_ERR_INPUT, "", "dice are entered only in the physical dice mode");
	// The rules' checks are watched too: an allocation that fails there refuses the order for
	// memory, not as illegal.
	bool check_failed = false;
	bool *watched = tw_alloc_watch(&check_failed);
	// h5-hook (issue 18): an order the rules accepted on this very state as the general decided
	// is not checked again (vmemo.h); the checking build checks it all the same.
	if (tw_vmemo_hit(s, o)) {
		st = TW_OK;
#ifdef TW_CHECKING
		TW_ASSERT(rs->validate(s, o, NULL) == TW_OK);
#endif
	} else
		st = rs->validate(s, o, err);
	tw_alloc_watch(watched);
	if (check_failed) {
		if (watched)
			*watched = true;
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	}
	if (st != TW_OK)
		return st;
	// An order the rules declare atomic needs no saved copy, provided that its events cannot fail
	// to be recorded (room is made first) and no entered die can be missing.
	bool atomic = bk && !(has_dec && dec.secret) && s->dice != TW_DICE_ENTERED && rs->apply_atomic &&
		      rs->apply_atomic(s, o);
	if (atomic && !tw_events_reserve(ev, 2 * s->nfig + 2 * o->nfig + 64))
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	if (atomic)
		bk = NULL;
	else if (bk && save && tw_state_backup_save(bk, s) != TW_OK)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	int n0 = ev->n;
	tw_order *pending = NULL; // a sealed copy made by this order, freed if it is undone
	s->journal = bk; // where a first change of the table saves it (tw_state_table_edit)
	uint32_t rev = s->table.rev;
	s->in_atomic = atomic;
	if (has_dec && dec.secret) {
		st = seal(s, rs, o, &dec, ctx, ev, err);
		pending = s->sealed_mask & (1u << o->side) ? s->sealed[o->side] : NULL;
	} else {
		st = run_apply(s, rs, o, ctx, ev, err);
	}
	s->journal = NULL;
	s->in_atomic = false;
	if (s->table.rev != rev) // the table changed: its derived fields again
		for (int i = 0; i < s->table.nterrain; i++)
			tw_terrain_finish(&s->table.terrain[i]);
	if (st == TW_OK && bk && bk->table_saved) { // kept: the change stands
		tw_table_free(&bk->table);
		bk->table_saved = false;
	}

	if (st != TW_OK && err && err->message[0] == 0)
		tw_error_set(err, st, "", "the %s order could not be resolved (%s)", tw_order_type_name(rs, o->type),
			     st == TW_ERR_NOMEM ? "out of memory" : "the shot model failed, or a replay ran out of recorded shots");
	if (st != TW_OK) {
		ev->n = n0;
		if (bk) {
			tw_state_backup_restore(bk, s);
			if (pending && s->sealed[o->side] != pending)
				tw_free(pending);
		}
	}
#ifdef TW_CHECKING
	// The checking build: every order leaves a state that keeps the invariants (tw_state_check).
	tw_error ce;
	if (tw_state_check(s, &ce) != TW_OK) {
		fprintf(stderr, "tinwar: after a %s order (status %d): %s\n", tw_order_type_name(rs, o->type), st, ce.message);
		TW_ASSERT(!"a state invariant is broken");
	}
#endif
	return st;
}

tw_status tw_state_apply(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev, tw_error *err)
{
	// In place, with the dynamic part saved first and put back if the order cannot be resolved
	// (no order changes the table, so it is neither copied nor restored).
	tw_state_backup bk;
	memset(&bk, 0, sizeof bk);
	tw_status st = apply_in_place(s, o, ctx, ev, err, &bk, true);
	tw_state_backup_free(&bk);
	return st;
}

tw_status tw_state_prepare(tw_state *s, uint64_t seed, tw_error *err)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	if (!rs)
		return tw_error_set(err, TW_ERR_INPUT, "", "unknown rule set index %d", (int)s->ruleset);
	// Before anything random has happened (a scenario, or a state saved before play), the
	// generator is seeded from `seed`. A saved game under way keeps its own generator, so it
	// continues exactly.
	const uint64_t *r = s->rng.s;
	if ((r[0] | r[1] | r[2] | r[3]) == 0 || (s->move_no == 0 && s->rng.draws == 0)) {
		s->seed = seed;
		tw_rng_seed(&s->rng, seed);
	}
	return rs->setup(s, err);
}

tw_game *tw_game_new(const tw_state *scenario, uint64_t seed, const tw_shot_model *shots, tw_error *err)
{
	const tw_ruleset *rs = tw_ruleset_get(scenario->ruleset);
	if (!rs) {
		tw_error_set(err, TW_ERR_INPUT, "", "unknown rule set index %d", (int)scenario->ruleset);
		return NULL;
	}
	tw_game *g = tw_calloc(1, sizeof *g);
	if (!g) {
		tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		return NULL;
	}
	if (tw_state_clone(&g->s, scenario) != TW_OK) {
		tw_free(g);
		tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		return NULL;
	}
	g->rs = rs;
	g->seed = seed;
	g->shots = shots ? shots : tw_shot_model_fast();
	// Every shot's outcome (trajectory, contacts) is recorded: it is the shot trace of the log
	// for pictures and the browser, and a replay hands it back instead of simulating again.
	if (!tw_shot_recorder_of(g->shots)) {
		g->rec = tw_shot_recorder_new(g->shots);
		if (!g->rec) {
			tw_state_free(&g->s);
			tw_free(g);
			tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
			return NULL;
		}
		g->shots = tw_shot_recorder_model(g->rec);
	}
	if (tw_state_prepare(&g->s, seed, err) != TW_OK) {
		tw_state_free(&g->s);
		tw_shot_recorder_free(g->rec);
		tw_free(g);
		return NULL;
	}
	if (tw_state_clone(&g->initial, &g->s) != TW_OK) {
		tw_state_free(&g->s);
		tw_shot_recorder_free(g->rec);
		tw_free(g);
		tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		return NULL;
	}
	// s34: a game's log grows to about a thousand events (Hook's Farm), and each atomic order
	// makes room for 2 a figure more before it is applied; grown from 32 by doubling, the log was
	// copied six times a battle (3% of a computer's Hook's Farm battle). Room from the start; if
	// it cannot be had here, the log grows as before.
	(void)tw_events_reserve(&g->log, 2048 + 2 * g->s.nfig);
	return g;
}

static void drop_undo(tw_game *g)
{
	for (int i = 0; i < g->nundo; i++)
		tw_state_free(&g->undo[i].state);
	g->nundo = 0;
}

void tw_game_free(tw_game *g)
{
	if (!g)
		return;
	drop_undo(g);
	tw_free(g->undo);
	tw_state_free(&g->s);
	tw_state_free(&g->initial);
	tw_events_free(&g->log);
	tw_free(g->olog);
	tw_free(g->ooff);
	tw_free(g->unpacked);
	tw_state_backup_free(&g->backup);
	tw_shot_recorder_free(g->rec);
	tw_free(g);
}

const tw_shot_recorder *tw_game_recorder(const tw_game *g) { return tw_shot_recorder_of(g->shots); }

void tw_game_adopt_recorder(tw_game *g, tw_shot_recorder *rec)
{
	if (g->rec != rec) {
		tw_shot_recorder_free(g->rec);
		g->rec = rec;
	}
}

const tw_state *tw_game_state(const tw_game *g) { return &g->s; }
const tw_ruleset *tw_game_ruleset(const tw_game *g) { return g->rs; }
const tw_events *tw_game_events(const tw_game *g) { return &g->log; }
int tw_game_order_count(const tw_game *g) { return g->norders; }
const tw_order *tw_game_order(const tw_game *g, int i)
{
	if (i < 0 || i >= g->norders || !g->unpacked)
		return NULL;
	tw_order_unpack(g->unpacked, g->olog + g->ooff[i]);
	return g->unpacked;
}
const tw_state *tw_game_initial(const tw_game *g) { return &g->initial; }
uint64_t tw_game_seed(const tw_game *g) { return g->seed; }
const tw_shot_model *tw_game_shot_model(const tw_game *g) { return g->shots; }

// True if events from..end hold a die, a shot or a revealed choice (undo may not go back past them).
static bool chance_in(const tw_events *ev, int from)
{
	for (int i = from; i < ev->n; i++)
		if (ev->v[i].type == TW_EV_DICE || ev->v[i].type == TW_EV_SHOT || ev->v[i].type == TW_EV_UNSEALED)
			return true;
	return false;
}

tw_status tw_game_apply(tw_game *g, const tw_order *o, int *first, int *count, tw_error *err)
{
	tw_error_clear(err);
	if (first)
		*first = g->log.n;
	if (count)
		*count = 0;
	// Reserve room first so that nothing can fail after the state changes.
	if (g->norders == g->caporders) {
		int cap = g->caporders ? g->caporders * 2 : 64;
		size_t *v = tw_realloc(g->ooff, (size_t)cap * sizeof *v);
		if (!v)
			return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		g->ooff = v;
		g->caporders = cap;
	}
	size_t osize = tw_order_packed_size(o);
	if (g->olen + osize > g->ocap) {
		size_t cap = g->ocap ? g->ocap * 2 : 16384;
		while (cap < g->olen + osize)
			cap *= 2;
		unsigned char *v = tw_realloc(g->olog, cap);
		if (!v)
			return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		g->olog = v;
		g->ocap = cap;
	}
	if (!g->unpacked && !(g->unpacked = tw_malloc(sizeof *g->unpacked)))
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	if (g->nundo == g->capundo) {
		int cap = g->capundo ? g->capundo * 2 : 16;
		undo_rec *v = tw_realloc(g->undo, (size_t)cap * sizeof *v);
		if (!v)
			return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		g->undo = v;
		g->capundo = cap;
	}
	undo_rec rec;
	memset(&rec, 0, sizeof rec);
	if (!g->no_undo && tw_state_clone(&rec.state, &g->s) != TW_OK)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	rec.nevents = g->log.n;
	tw_apply_ctx ctx = {g->shots};
	uint64_t draws = g->s.rng.draws;
	int32_t move_no = g->s.move_no;
	// Applied in place, its events pushed straight onto the log (dropped again if it fails).
	// With undo on, the undo snapshot is the state before; otherwise the game's backup
	// (buffers kept between orders) is saved after validation, unless the rules say the
	// order cannot fail.
	bool was_libm = tw_math_use_libm(g->libm_math); // the math the game is played with (detmath.h)
	tw_status st = apply_in_place(&g->s, o, &ctx, &g->log, err, g->no_undo ? &g->backup : NULL, g->no_undo);
	tw_math_use_libm(was_libm);
	if (st != TW_OK) {
		if (!g->no_undo) {
			// The snapshot is the state before: refused or unresolved, it is the state
			// again (apply_in_place had no backup of its own).
			tw_state_free(&g->s);
			g->s = rec.state;
		}
		g->log.n = rec.nevents;
		if (err && err->code == TW_OK)
			tw_error_set(err, st, "", "out of memory");
		return st;
	}
	for (int i = rec.nevents; i < g->log.n; i++) {
		g->log.v[i].seq = i;
		if (g->log.v[i].move_no == 0)
			g->log.v[i].move_no = move_no;
	}
	g->ooff[g->norders++] = g->olen;
	tw_order_pack(g->olog + g->olen, o);
	g->olen += osize;
	if (g->no_undo) {
		// nothing kept
	} else if (g->s.rng.draws != draws || g->s.move_no != move_no || chance_in(&g->log, rec.nevents)) {
		// A die or shot (or the end of a move) happened: undo may not go back past it.
		drop_undo(g);
		tw_state_free(&rec.state);
	} else {
		g->undo[g->nundo++] = rec;
	}
	if (first)
		*first = rec.nevents;
	if (count)
		*count = g->log.n - rec.nevents;
	return TW_OK;
}

bool tw_game_undo(tw_game *g)
{
	if (g->nundo == 0)
		return false;
	undo_rec *r = &g->undo[--g->nundo];
	tw_state_free(&g->s);
	g->s = r->state;
	g->log.n = r->nevents;
	g->norders--;
	g->olen = g->ooff[g->norders];
	return true;
}
