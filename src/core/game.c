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
	tw_events scratch;
	tw_order *orders;
	int norders, caporders;
	undo_rec *undo; // orders since the last chance event, oldest first
	int nundo, capundo;
	bool no_undo;
	tw_shot_recorder *rec; ///< outcomes of a costly model, kept for the log (LW replay)
};

void tw_game_set_undo(tw_game *g, bool on)
{
	g->no_undo = !on;
}

tw_status tw_state_apply(tw_state *s, const tw_order *o, const tw_apply_ctx *ctx, tw_events *ev, tw_error *err)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	if (!rs)
		return tw_error_set(err, TW_ERR_STATE, "", "state has no registered rule set (%d)", (int)s->ruleset);
	if (s->over)
		return tw_error_set(err, TW_ERR_ILLEGAL, "", "the game is over");
	tw_status st = rs->validate(s, o, err);
	if (st != TW_OK)
		return st;
	tw_state next;
	if (tw_state_clone(&next, s) != TW_OK)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	int n0 = ev->n;
	st = rs->apply(&next, o, ctx, ev, err);
	if (st != TW_OK && err && err->message[0] == 0)
		tw_error_set(err, st, "", "the %s order could not be resolved (%s)", tw_order_type_name((tw_order_type)o->type),
			     st == TW_ERR_NOMEM ? "out of memory" : "the shot model failed, or a replay ran out of recorded shots");
	if (st != TW_OK) {
		ev->n = n0;
		tw_state_free(&next);
		return st;
	}
	tw_state_free(s);
	*s = next;
	return TW_OK;
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
	// Before anything random has happened (a scenario, or a state saved before play), the game
	// seeds its generator from `seed`. A saved game under way keeps its own generator, so it
	// continues exactly.
	const uint64_t *r = g->s.rng.s;
	if ((r[0] | r[1] | r[2] | r[3]) == 0 || (g->s.move_no == 0 && g->s.rng.draws == 0)) {
		g->s.seed = seed;
		tw_rng_seed(&g->s.rng, seed);
	}
	if (rs->setup(&g->s, err) != TW_OK) {
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
	tw_events_free(&g->scratch);
	free(g->orders);
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
const tw_order *tw_game_order(const tw_game *g, int i) { return (i >= 0 && i < g->norders) ? &g->orders[i] : NULL; }
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
		tw_order *v = realloc(g->orders, (size_t)cap * sizeof *v);
		if (!v)
			return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		g->orders = v;
		g->caporders = cap;
	}
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
	tw_events_clear(&g->scratch);
	uint64_t draws = g->s.rng.draws;
	int32_t move_no = g->s.move_no;
	tw_status st = tw_state_apply(&g->s, o, &ctx, &g->scratch, err);
	if (st == TW_OK)
		st = tw_events_append(&g->log, &g->scratch);
	if (st != TW_OK) {
		tw_state_free(&rec.state);
		if (err && err->code == TW_OK)
			tw_error_set(err, st, "", "out of memory");
		return st;
	}
	for (int i = rec.nevents; i < g->log.n; i++) {
		g->log.v[i].seq = i;
		if (g->log.v[i].move_no == 0)
			g->log.v[i].move_no = move_no;
	}
	g->orders[g->norders++] = *o;
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
	return true;
}
