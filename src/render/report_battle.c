// A game walked move by move: the orders are applied again to the initial state, and the position
// is kept at the start and the end of every game move, with each move's events.
#include <stdlib.h>
#include <string.h>

#include "render_internal.h"
#include "tinwar/detmath.h"

void tw_battle_free(tw_battle *b)
{
	if (!b)
		return;
	tw_shot_recorder_free(b->shots);
	b->shots = NULL;
	for (int k = 0; k < b->nmoves; k++) {
		tw_state_free(&b->moves[k].before);
		tw_state_free(&b->moves[k].after);
	}
	free(b->moves);
	tw_state_free(&b->initial);
	tw_state_free(&b->final);
	tw_events_free(&b->events);
	memset(b, 0, sizeof *b);
}

static tw_status open_move(tw_battle *b, const tw_state *cur, int move_no, int side, int at, int *cap)
{
	if (b->nmoves == *cap) {
		int nc = *cap ? *cap * 2 : 16;
		tw_battle_move *m = realloc(b->moves, (size_t)nc * sizeof *m);
		if (!m)
			return TW_ERR_NOMEM;
		b->moves = m;
		*cap = nc;
	}
	tw_battle_move *m = &b->moves[b->nmoves];
	memset(m, 0, sizeof *m);
	m->move_no = move_no;
	m->side = side;
	m->first = at;
	if (tw_state_clone(&m->before, cur) != TW_OK)
		return TW_ERR_NOMEM;
	b->nmoves++;
	return TW_OK;
}

static tw_status battle_from_game(tw_battle *b, const tw_game *g, tw_error *err);

// With the math functions the game was played with (detmath.h: a log from before stop 36 was
// played with the C library's), the thread's setting put back after.
tw_status tw_battle_from_game(tw_battle *b, const tw_game *g, tw_error *err)
{
	bool was = tw_math_use_libm(tw_game_libm_math(g));
	tw_status st = battle_from_game(b, g, err);
	tw_math_use_libm(was);
	return st;
}

static tw_status battle_from_game(tw_battle *b, const tw_game *g, tw_error *err)
{
	memset(b, 0, sizeof *b);
	b->rs = tw_game_ruleset(g);
	b->seed = tw_game_seed(g);
	bool *closed = NULL;
	int cap = 0, ccap = 0;
	tw_state cur;
	if (tw_state_clone(&b->initial, tw_game_initial(g)) != TW_OK)
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	if (tw_state_clone(&cur, &b->initial) != TW_OK) {
		tw_battle_free(b);
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	}
	// A game that recorded its shots is re-run from those outcomes, never simulated again.
	tw_shot_recorder *rep = tw_game_recorder(g) ? tw_shot_recorder_replayer(tw_game_recorder(g)) : NULL;
	tw_apply_ctx ctx = {rep ? tw_shot_recorder_model(rep) : tw_game_shot_model(g)};
	tw_status st = TW_OK;
	// A game whose first move began at setup (Grant's: no toss, no putting down) has no event
	// that opens it: its move opens with the first order, or it would be told as "before the
	// first move" and missing from the moves.
	if (cur.move_no >= 1 && !cur.over && cur.mover >= 0) {
		st = open_move(b, &cur, cur.move_no, cur.mover, 0, &cap);
		bool *nc = st == TW_OK ? malloc((size_t)cap * sizeof *nc) : NULL;
		if (st == TW_OK && !nc)
			st = TW_ERR_NOMEM;
		if (nc) {
			closed = nc;
			ccap = cap;
			closed[0] = false;
		}
		if (st != TW_OK) {
			tw_shot_recorder_free(rep);
			tw_state_free(&cur);
			tw_battle_free(b);
			return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		}
	}
	int nord = tw_game_order_count(g);
	for (int i = 0; i < nord && st == TW_OK; i++) {
		int n0 = b->events.n;
		int32_t move_no = cur.move_no;
		st = tw_state_apply(&cur, tw_game_order(g, i), &ctx, &b->events, err);
		if (st != TW_OK)
			break;
		for (int j = n0; j < b->events.n && st == TW_OK; j++) {
			tw_event *e = &b->events.v[j];
			e->seq = j;
			if (e->move_no == 0)
				e->move_no = move_no;
			if (e->type == TW_EV_MOVE_START) {
				st = open_move(b, &cur, e->a, e->b, j, &cap);
				if (st == TW_OK && b->nmoves > ccap) {
					ccap = cap;
					bool *nc = realloc(closed, (size_t)ccap * sizeof *nc);
					if (!nc)
						st = TW_ERR_NOMEM;
					else
						closed = nc;
				}
				if (st == TW_OK)
					closed[b->nmoves - 1] = false;
			} else if (e->type == TW_EV_MOVE_END && b->nmoves > 0 && !closed[b->nmoves - 1]) {
				// The position at the end of the move: after this whole order (melees judged).
				tw_battle_move *m = &b->moves[b->nmoves - 1];
				if (tw_state_clone(&m->after, &cur) != TW_OK)
					st = TW_ERR_NOMEM;
				closed[b->nmoves - 1] = true;
			}
		}
		if (st == TW_ERR_NOMEM)
			tw_error_set(err, st, "", "out of memory");
	}
	for (int k = 0; k < b->nmoves && st == TW_OK; k++) {
		tw_battle_move *m = &b->moves[k];
		int end = k + 1 < b->nmoves ? b->moves[k + 1].first : b->events.n;
		m->count = end - m->first;
		if (!closed[k] && tw_state_clone(&m->after, &cur) != TW_OK)
			st = tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
		closed[k] = true;
	}
	free(closed);
	b->shots = rep; // the traces, for pictures of each shot
	b->setup_count = b->nmoves > 0 ? b->moves[0].first : b->events.n;
	if (st == TW_OK && tw_state_hash(&cur) != tw_state_hash(tw_game_state(g)))
		st = tw_error_set(err, TW_ERR_STATE, "", "replaying the game's orders did not reach its final position");
	if (st != TW_OK) {
		tw_state_free(&cur); // moves not closed have a zeroed `after`, which frees as nothing
		tw_battle_free(b);
		return st;
	}
	b->final = cur;
	return TW_OK;
}

int tw_battle_find_move(const tw_battle *b, int move_no)
{
	for (int k = 0; k < b->nmoves; k++)
		if (b->moves[k].move_no == move_no)
			return k;
	return -1;
}

tw_render_scene tw_battle_scene(const tw_battle *b, int k)
{
	tw_render_scene sc;
	memset(&sc, 0, sizeof sc);
	if (k < 0 || k >= b->nmoves) {
		sc.state = &b->final;
		return sc;
	}
	sc.state = &b->moves[k].after;
	sc.before = &b->moves[k].before;
	sc.ev = &b->events;
	sc.shots = b->shots;
	sc.first = b->moves[k].first;
	sc.count = b->moves[k].count;
	return sc;
}

int tw_free_men(const tw_state *s, int side)
{
	return tw_state_count(s, side, TW_FS_ACTIVE);
}

int *tw_battle_strength(const tw_battle *b)
{
	int *v = calloc((size_t)(b->nmoves + 1) * TW_MAX_SIDES, sizeof *v);
	if (!v)
		return NULL;
	for (int k = 0; k <= b->nmoves; k++) {
		const tw_state *s = k == 0 ? (b->nmoves ? &b->moves[0].before : &b->final) : &b->moves[k - 1].after;
		for (int side = 0; side < s->nsides && side < TW_MAX_SIDES; side++)
			v[k * TW_MAX_SIDES + side] = tw_free_men(s, side);
	}
	return v;
}
