// The game: state + log. tw_game_apply is the single entry point that advances a game.
#include <stdlib.h>
#include <string.h>

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
};

void tw_game_set_undo(tw_game *g, bool on)
{
	g->no_undo = !on;
}

// Validates o against s, then applies it to s in place; when the rules cannot resolve it,
// puts s back from bk (saved here when `save`, else saved by the caller) and drops its events.
static tw_status apply_in_place(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev, tw_error *err,
				tw_state_backup *bk, bool save)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	if (!rs)
		return tw_error_set(err, TW_ERR_STATE, "", "state has no registered rule set (%d)", (int)s->ruleset);
	if (s->over)
		return tw_error_set(err, TW_ERR_ILLEGAL, "", "the game is over");
	tw_status st = rs->validate(s, o, err);
	if (st != TW_OK)
		return st;
	if (bk && rs->apply_atomic && rs->apply_atomic(s, o))
		bk = NULL; // a failure leaves nothing to put back: no copy
	else if (save && tw_state_backup_save(bk, s) != TW_OK)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	int n0 = ev->n;
	st = rs->apply(s, o, ctx, ev, err);
	if (st != TW_OK && err && err->message[0] == 0)
		tw_error_set(err, st, "", "the %s order could not be resolved (%s)", tw_order_type_name((tw_order_type)o->type),
			     st == TW_ERR_NOMEM ? "out of memory" : "the shot model failed, or a replay ran out of recorded shots");
	if (st != TW_OK) {
		ev->n = n0;
		if (bk)
			tw_state_backup_restore(bk, s);
	}
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

// ---- the packed order log ----

typedef struct packed_order {
	uint8_t type;
	int8_t side;
	bool has_at, has_aim, has_target;
	int32_t gun, n;
	double bearing, elevation;
	tw_vec2 target;
	int32_t nfig, nfig2, npath;
} packed_order;

static size_t packed_size(const tw_order *o)
{
	size_t nf = o->nfig > 0 ? (size_t)o->nfig : 0, nf2 = o->nfig2 > 0 ? (size_t)o->nfig2 : 0;
	size_t np = o->npath > 0 ? (size_t)o->npath : 0;
	return sizeof(packed_order) + nf * (sizeof o->fig[0] + sizeof o->at[0] + sizeof o->facing[0]) +
	       nf2 * sizeof o->fig2[0] + np * sizeof o->path[0];
}

static void pack_order(unsigned char *p, const tw_order *o)
{
	packed_order h = {o->type,	  o->side,	o->has_at, o->has_aim, o->has_target, o->gun, o->n,
			  o->bearing, o->elevation, o->target, o->nfig,    o->nfig2,	  o->npath};
	size_t nf = o->nfig > 0 ? (size_t)o->nfig : 0, nf2 = o->nfig2 > 0 ? (size_t)o->nfig2 : 0;
	size_t np = o->npath > 0 ? (size_t)o->npath : 0;
	memcpy(p, &h, sizeof h);
	p += sizeof h;
	memcpy(p, o->fig, nf * sizeof o->fig[0]);
	p += nf * sizeof o->fig[0];
	memcpy(p, o->at, nf * sizeof o->at[0]);
	p += nf * sizeof o->at[0];
	memcpy(p, o->facing, nf * sizeof o->facing[0]);
	p += nf * sizeof o->facing[0];
	memcpy(p, o->fig2, nf2 * sizeof o->fig2[0]);
	p += nf2 * sizeof o->fig2[0];
	memcpy(p, o->path, np * sizeof o->path[0]);
}

static void unpack_order(tw_order *o, const unsigned char *p)
{
	packed_order h;
	memcpy(&h, p, sizeof h);
	p += sizeof h;
	memset(o, 0, sizeof *o);
	o->type = h.type;
	o->side = h.side;
	o->has_at = h.has_at;
	o->has_aim = h.has_aim;
	o->has_target = h.has_target;
	o->gun = h.gun;
	o->n = h.n;
	o->bearing = h.bearing;
	o->elevation = h.elevation;
	o->target = h.target;
	o->nfig = h.nfig;
	o->nfig2 = h.nfig2;
	o->npath = h.npath;
	size_t nf = h.nfig > 0 ? (size_t)h.nfig : 0, nf2 = h.nfig2 > 0 ? (size_t)h.nfig2 : 0;
	size_t np = h.npath > 0 ? (size_t)h.npath : 0;
	memcpy(o->fig, p, nf * sizeof o->fig[0]);
	p += nf * sizeof o->fig[0];
	memcpy(o->at, p, nf * sizeof o->at[0]);
	p += nf * sizeof o->at[0];
	memcpy(o->facing, p, nf * sizeof o->facing[0]);
	p += nf * sizeof o->facing[0];
	memcpy(o->fig2, p, nf2 * sizeof o->fig2[0]);
	p += nf2 * sizeof o->fig2[0];
	memcpy(o->path, p, np * sizeof o->path[0]);
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
	tw_game *g = calloc(1, sizeof *g);
	if (!g) {
		tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		return NULL;
	}
	if (tw_state_clone(&g->s, scenario) != TW_OK) {
		free(g);
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
			free(g);
			tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
			return NULL;
		}
		g->shots = tw_shot_recorder_model(g->rec);
	}
	if (tw_state_prepare(&g->s, seed, err) != TW_OK) {
		tw_state_free(&g->s);
		tw_shot_recorder_free(g->rec);
		free(g);
		return NULL;
	}
	if (tw_state_clone(&g->initial, &g->s) != TW_OK) {
		tw_state_free(&g->s);
		tw_shot_recorder_free(g->rec);
		free(g);
		tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		return NULL;
	}
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
	free(g->undo);
	tw_state_free(&g->s);
	tw_state_free(&g->initial);
	tw_events_free(&g->log);
	free(g->olog);
	free(g->ooff);
	free(g->unpacked);
	tw_state_backup_free(&g->backup);
	tw_shot_recorder_free(g->rec);
	free(g);
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
	unpack_order(g->unpacked, g->olog + g->ooff[i]);
	return g->unpacked;
}
const tw_state *tw_game_initial(const tw_game *g) { return &g->initial; }
uint64_t tw_game_seed(const tw_game *g) { return g->seed; }
const tw_shot_model *tw_game_shot_model(const tw_game *g) { return g->shots; }

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
		size_t *v = realloc(g->ooff, (size_t)cap * sizeof *v);
		if (!v)
			return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		g->ooff = v;
		g->caporders = cap;
	}
	size_t osize = packed_size(o);
	if (g->olen + osize > g->ocap) {
		size_t cap = g->ocap ? g->ocap * 2 : 16384;
		while (cap < g->olen + osize)
			cap *= 2;
		unsigned char *v = realloc(g->olog, cap);
		if (!v)
			return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		g->olog = v;
		g->ocap = cap;
	}
	if (!g->unpacked && !(g->unpacked = malloc(sizeof *g->unpacked)))
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	if (g->nundo == g->capundo) {
		int cap = g->capundo ? g->capundo * 2 : 16;
		undo_rec *v = realloc(g->undo, (size_t)cap * sizeof *v);
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
	tw_status st = apply_in_place(&g->s, o, &ctx, &g->log, err, g->no_undo ? &g->backup : NULL, g->no_undo);
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
	pack_order(g->olog + g->olen, o);
	g->olen += osize;
	if (g->no_undo) {
		// nothing kept
	} else if (g->s.rng.draws != draws || g->s.move_no != move_no) {
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
