// The general interface: registry of computer generals, and playing a game out.
#include <stdlib.h>
#include <string.h>

#include "general_call.h"
#include "core/vmemo.h"
#include "tinwar/doctrine.h"
#include "tinwar/general.h"
#include "tinwar/host_clock.h"

extern const tw_general_def tw_general_random;

// Generals that serve every rule set. Rule-set doctrines come from tw_ruleset.generals.
static const tw_general_def *const generals[] = {
	&tw_general_random,
};

int tw_general_count(void) { return (int)TW_ARRAY_COUNT(generals); }
const tw_general_def *tw_general_get(int i) { return (i >= 0 && i < tw_general_count()) ? generals[i] : NULL; }

static const tw_general_def *find_def(const char *name, const tw_ruleset *rs)
{
	if (rs) {
		if (strcmp(name, "default") == 0 && rs->ngenerals > 0)
			return rs->generals[0];
		for (int i = 0; i < rs->ngenerals; i++)
			if (strcmp(rs->generals[i]->name, name) == 0)
				return rs->generals[i];
	}
	for (int i = 0; i < tw_general_count(); i++)
		if (strcmp(generals[i]->name, name) == 0)
			return generals[i];
	return NULL;
}

tw_general *tw_general_new(const char *name, const tw_ruleset *rs, int side, uint64_t seed)
{
	size_t len = strlen(name);
	if (len > 4 && strcmp(name + len - 4, ".lua") == 0)
		return tw_general_new_lua(name, rs, side, seed, NULL, NULL);
	const tw_general_def *d = find_def(name, rs);
	if (!d || (d->ruleset && rs && strcmp(d->ruleset, rs->name) != 0))
		return NULL;
	tw_general *g = calloc(1, sizeof *g);
	if (!g)
		return NULL;
	g->def = d;
	g->side = side;
	g->budget = 1000;
	tw_rng_seed(&g->rng, tw_rng_derive(seed ^ 0x6E6572616CULL, (uint64_t)side));
	if (d->ctx_size) {
		g->ctx = calloc(1, d->ctx_size);
		if (!g->ctx) {
			free(g);
			return NULL;
		}
	}
	return g;
}

void tw_general_free(tw_general *g)
{
	if (!g)
		return;
	if (g->def->destroy)
		g->def->destroy(g);
	free(g->ctx);
	free(g);
}

tw_status tw_general_set_param(tw_general *g, const char *name, double value, tw_error *err)
{
	if (!g->def->set_param)
		return tw_error_set(err, TW_ERR_INPUT, "", "general %s has no parameters", g->def->name);
	return g->def->set_param(g, name, value, err);
}

tw_status tw_general_decide(tw_general *g, const tw_state *s, tw_order *out)
{
	tw_state view;
	tw_status st = tw_state_view(&view, s, g->side);
	if (st != TW_OK)
		return st;
	st = tw_general_call(g, &view, g->side, out);
	tw_state_free(&view);
	return st;
}

// A view's table is the game's own (borrowed: no order changes the table, and a general only
// reads its view); these build and free such a view.
static tw_status make_view(tw_state *v, const tw_state *s, int side)
{
	tw_state tmp = *s;
	tmp.table.terrain = NULL; // copy everything but the terrain (and its records)
	tmp.table.rec = NULL;
	tmp.table.nterrain = tmp.table.capterrain = 0;
	tw_status st = tw_state_view(v, &tmp, side);
	if (st == TW_OK)
		v->table = s->table;
	return st;
}

static void free_view(tw_state *v)
{
	memset(&v->table, 0, sizeof v->table); // borrowed
	tw_state_free(v);
}

// Copies the dynamic part of s into an existing view of the same game and hides again.
static tw_status refresh_view(tw_state *v, const tw_state *s, int side, const tw_ruleset *rs)
{
	(void)rs;
	if (v->nfig != s->nfig || v->ngun != s->ngun || v->nunit != s->nunit) {
		free_view(v);
		return make_view(v, s, side);
	}
	// The generator stays scrubbed (tw_state_view); the rest is copied and hidden again.
	v->table = s->table;
	return tw_state_view_refresh(v, s, side);
}

// What a seat sees, kept between its decisions. The generator is replaced (as tw_state_view
// does: a fixed one, nothing of the game's) when the view is first made and whenever the
// figure, gun or unit counts change. While nothing is hidden from the seat (rs->hides), the view is the game's state itself
// with that generator: no copy. Otherwise an own copy, refreshed in place and hidden again.
typedef struct seat_view {
	bool have, owned;
	tw_rng rng;
	int nfig, ngun, nunit;
	tw_state own;
} seat_view;

static tw_status seat_view_get(seat_view *sv, const tw_state *s, int side, const tw_ruleset *rs, tw_state *shallow,
			       const tw_state **out)
{
	if (!sv->have || sv->nfig != s->nfig || sv->ngun != s->ngun || sv->nunit != s->nunit) {
		tw_rng_seed(&sv->rng, TW_VIEW_RNG_SEED); // as tw_state_view: nothing of the game's
		sv->nfig = s->nfig;
		sv->ngun = s->ngun;
		sv->nunit = s->nunit;
		sv->have = true;
		if (sv->owned) {
			free_view(&sv->own);
			sv->owned = false;
		}
	}
	if (tw_state_view_is_state(s, side)) {
		*shallow = *s; // borrowed: the general only reads its view
		shallow->rng = sv->rng;
		shallow->seed = 0;
		*out = shallow;
		return TW_OK;
	}
	if (!sv->owned) {
		if (make_view(&sv->own, s, side) != TW_OK)
			return TW_ERR_NOMEM;
		sv->owned = true;
	} else if (refresh_view(&sv->own, s, side, rs) != TW_OK) {
		sv->owned = false;
		return TW_ERR_NOMEM;
	}
	sv->own.rng = sv->rng;
	*out = &sv->own;
	return TW_OK;
}

tw_status tw_play_out(tw_game *game, tw_general **gens, int max_orders, tw_error *err)
{
	const tw_ruleset *rs = tw_game_ruleset(game);
	tw_order *o = malloc(sizeof *o), *memo = malloc(sizeof *memo);
	seat_view *view = calloc(TW_MAX_SIDES, sizeof *view); // some 10 KB: not on the stack
	if (!o || !memo || !view) {
		free(o);
		free(memo);
		free(view);
		return tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
	}
	tw_state shallow;
	tw_status st = TW_OK;
	int illegal_run = 0;
	int asked[TW_MAX_SIDES];                   // sv-term: the host's clock (host_play.c)
	for (int k = 0; k < TW_MAX_SIDES; k++)
		asked[k] = -1;
	int64_t host_clock = tw_host_resume(game); // virtual: the host's order at once when due
	host_clock = host_clock > 0 ? host_clock : TW_HOST_VIRTUAL_START_MS;
	for (int n = 0; n < max_orders; n++) {
		const tw_state *s = tw_game_state(game);
		if (tw_host_free(s)) { // sv-term: every seat may act at once (the auction)
			if ((st = tw_host_play_free(game, gens, asked, &host_clock, o, err)) != TW_OK)
				break;
			continue;
		}
		// The first seat the rules ask for a decision (a secret choice seals, and the next
		// seat is asked).
		tw_decision dec[TW_MAX_DECISIONS];
		int nd = tw_state_decisions(s, dec, TW_MAX_DECISIONS);
		if (nd == 0)
			break;
		int side = dec[0].seat;
		if (side < 0 || side >= s->nsides || !gens[side]) {
			st = tw_error_set(err, TW_ERR_STATE, dec[0].clause, "no general for the seat asked to %s", dec[0].kind);
			break;
		}
		tw_general *g = gens[side];
		const tw_state *v;
		if (seat_view_get(&view[side], s, side, rs, &shallow, &v) != TW_OK) {
			st = tw_error_set(err, TW_ERR_NOMEM, "", "out of memory");
			break;
		}
		// h5-hook (issue 18): while the general decides on the state itself, the order the rules
		// last accepted on its view is not checked again when applied (core/vmemo.h).
		if (v == &shallow)
			tw_vmemo_open(v, s, memo);
		st = tw_general_call(g, v, side, o);
		if (g->forfeit) {
			tw_vmemo_close();
			st = tw_error_set(err, TW_ERR_STATE, "", "%s forfeits", s->sides[side].name);
			break;
		}
		tw_error e;
		if (st == TW_OK)
			st = tw_game_apply(game, o, NULL, NULL, &e);
		tw_vmemo_close();
		if (st != TW_OK) {
			// A general that gives an illegal order ends its move instead (stated default).
			if (++illegal_run > 50) {
				st = tw_error_set(err, TW_ERR_STATE, e.clause, "general %s is stuck: %s", g->def->name, e.message);
				break;
			}
			int end = tw_order_type_with(rs, TW_OD_ENDS_TURN);
			if (end < 0) {
				st = tw_error_set(err, TW_ERR_STATE, e.clause, "general %s gave an illegal order: %s", g->def->name,
						  e.message);
				break;
			}
			tw_order_init(o, end, side);
			st = tw_game_apply(game, o, NULL, NULL, &e);
			if (st != TW_OK)
				continue;
		} else {
			illegal_run = 0;
		}
	}
	for (int i = 0; i < TW_MAX_SIDES; i++)
		if (view[i].owned)
			free_view(&view[i].own);
	free(view);
	free(o);
	free(memo);
	if (st != TW_OK)
		return st;
	if (!tw_game_state(game)->over)
		return tw_error_set(err, TW_ERR_STATE, "", "the game did not end within %d orders", max_orders);
	return TW_OK;
}
