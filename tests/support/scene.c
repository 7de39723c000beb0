#include "scene.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "rules/littlewars/lw.h"
#include "fnv.h"

tw_state *tw_test_lw_state(double w, double d, int move_no, int mover)
{
	tw_state *s = calloc(1, sizeof *s);
	tw_state_set_ruleset(s, tw_ruleset_find("littlewars"));
	tw_ruleset_defaults(tw_ruleset_get(s->ruleset), s);
	tw_rng_seed(&s->rng, 12345);
	s->seed = 12345;
	s->table.width = w;
	s->table.depth = d;
	s->nsides = 2;
	strcpy(s->sides[0].name, "red");
	s->sides[0].back_y = 0;
	s->sides[0].forward = 1;
	strcpy(s->sides[1].name, "blue");
	s->sides[1].back_y = d;
	s->sides[1].forward = -1;
	s->phase = LW_PH_PLAY;
	s->move_no = move_no;
	s->mover = (int8_t)mover;
	LWG(s)->first = 0;
	s->winner = -1;
	LWG(s)->fire_from[0] = 3;
	LWG(s)->fire_from[1] = 3;
	LWG(s)->defender = -1;
	LWG(s)->blow_side = -1;
	LWG(s)->firing_gun = -1;
	LWG(s)->draw_at = 15;
	return s;
}

void tw_test_free(tw_state *s)
{
	tw_state_free(s);
	free(s);
}

int tw_test_man(tw_state *s, int side, int kind, double x, double y)
{
	tw_figure f;
	memset(&f, 0, sizeof f);
	f.kind = (uint8_t)kind;
	f.side = (uint8_t)side;
	f.status = TW_FS_ACTIVE;
	f.pos = tw_v2(x, y);
	f.facing = side == 0 ? 0 : 180;
	f.radius = kind == TW_FK_CAVALRY ? 0.5 : 0.3;
	f.height = kind == TW_FK_CAVALRY ? 2.6 : 2.0;
	f.unit = -1;
	return tw_state_add_figure(s, &f)->id;
}

int tw_test_row(tw_state *s, int side, int kind, int n, double x, double y, double dx)
{
	int first = -1;
	for (int i = 0; i < n; i++) {
		int id = tw_test_man(s, side, kind, x + dx * i, y);
		if (i == 0)
			first = id;
	}
	return first;
}

int tw_test_gun(tw_state *s, int side, double x, double y, double bearing)
{
	tw_gun g;
	memset(&g, 0, sizeof g);
	g.side = g.orig_side = (uint8_t)side;
	g.axle = tw_v2(x, y);
	g.bearing = bearing;
	g.trail = 3.0;
	g.half_axle = 0.9;
	g.muzzle = 2.0;
	return tw_state_add_gun(s, &g)->id;
}

tw_terrain tw_test_rect(int kind, double x0, double y0, double x1, double y1)
{
	tw_terrain t;
	memset(&t, 0, sizeof t);
	t.kind = (uint8_t)kind;
	t.shape = TW_SHAPE_POLY;
	t.nverts = 4;
	t.v[0] = tw_v2(x0, y0);
	t.v[1] = tw_v2(x1, y0);
	t.v[2] = tw_v2(x1, y1);
	t.v[3] = tw_v2(x0, y1);
	return t;
}

int tw_test_box(tw_state *s, int kind, double x0, double y0, double x1, double y1, double height)
{
	tw_terrain t = tw_test_rect(kind, x0, y0, x1, y1);
	t.id = s->table.nterrain;
	t.height = height;
	return tw_table_add(&s->table, &t);
}

int tw_test_circle(tw_state *s, int kind, double x, double y, double r, double height)
{
	tw_terrain t;
	memset(&t, 0, sizeof t);
	t.id = s->table.nterrain;
	t.kind = (uint8_t)kind;
	t.shape = TW_SHAPE_CIRCLE;
	t.center = tw_v2(x, y);
	t.radius = r;
	t.height = height;
	return tw_table_add(&s->table, &t);
}

tw_state *tw_test_lw_scenario(double w, double d, int inf, int cav, int guns)
{
	tw_state *s = tw_test_lw_state(w, d, 0, 0);
	s->phase = 0;
	memset(&s->rng, 0, sizeof s->rng); // a scenario: the game seeds its generator
	s->seed = 0;
	tw_rec_defaults(&lw_game_rec, LWG(s)); // and the rule set's setup fills its values
	tw_test_box(s, TW_TER_HOUSE, w * 0.3, d * 0.45, w * 0.3 + 6, d * 0.45 + 5, 5);
	tw_test_box(s, TW_TER_WOOD, w * 0.65, d * 0.4, w * 0.65 + 10, d * 0.4 + 8, 6);
	for (int side = 0; side < 2; side++) {
		double y = side == 0 ? 2 : d - 2;
		for (int i = 0; i < inf; i++)
			tw_test_man(s, side, TW_FK_INFANTRY, 2 + i * 0.8, y);
		for (int i = 0; i < cav; i++)
			tw_test_man(s, side, TW_FK_CAVALRY, 2 + i * 1.2, side == 0 ? y + 2 : y - 2);
		for (int i = 0; i < guns; i++)
			tw_test_gun(s, side, w * (i + 1) / (guns + 1), side == 0 ? 4 : d - 4, side == 0 ? 0 : 180);
	}
	for (int i = 0; i < s->nfig; i++)
		s->fig[i].status = TW_FS_UNPLACED;
	return s;
}

tw_order *tw_test_order(int type, int side)
{
	static tw_order pool[4];
	static int next;
	tw_order *o = &pool[next++ % 4];
	tw_order_init(o, type, side);
	return o;
}

tw_status tw_test_apply(tw_state *s, const tw_order *o, tw_error *err)
{
	tw_events ev = {0};
	tw_apply_ctx ctx = {tw_shot_model_fast()};
	tw_status st = tw_state_apply(s, o, &ctx, &ev, err);
	tw_events_free(&ev);
	return st;
}

void tw_test_expect_refused(tw_state *s, const tw_order *o, const char *clause)
{
	uint64_t h = tw_state_hash(s);
	tw_error err;
	tw_error_clear(&err);
	tw_status st = tw_test_apply(s, o, &err);
	if (st == TW_OK || strcmp(err.clause, clause) != 0)
		fail_msg("expected refusal by %s, got status %d clause '%s': %s", clause, st, err.clause, err.message);
	assert_int_equal(tw_state_hash(s), h);
}

void tw_test_duel_start(tw_test_duel *d, const tw_state *sc, uint64_t seed)
{
	tw_error err;
	d->g = tw_game_new(sc, seed, tw_shot_model_fast(), &err);
	assert_non_null(d->g);
	tw_game_set_undo(d->g, false);
	d->rs = tw_game_ruleset(d->g);
	d->gens[0] = tw_general_new("default", d->rs, 0, seed);
	d->gens[1] = tw_general_new("default", d->rs, 1, seed);
	d->o = malloc(sizeof *d->o);
	assert_non_null(d->o);
}

bool tw_test_duel_step(tw_test_duel *d, bool fallback)
{
	tw_error err;
	const tw_state *s = tw_game_state(d->g);
	int side = d->rs->to_move(s);
	if (side < 0)
		return false;
	if (!fallback) {
		assert_int_equal(tw_general_decide(d->gens[side], s, d->o), TW_OK);
		assert_int_equal(tw_game_apply(d->g, d->o, NULL, NULL, &err), TW_OK);
		return true;
	}
	if (tw_general_decide(d->gens[side], s, d->o) != TW_OK || tw_game_apply(d->g, d->o, NULL, NULL, &err) != TW_OK) {
		tw_order_init(d->o, LW_OT_END_MOVE, side);
		if (tw_game_apply(d->g, d->o, NULL, NULL, &err) != TW_OK)
			return false;
	}
	return true;
}

void tw_test_duel_end(tw_test_duel *d)
{
	free(d->o);
	tw_general_free(d->gens[0]);
	tw_general_free(d->gens[1]);
	tw_game_free(d->g);
	memset(d, 0, sizeof *d);
}

int tw_test_country_states(tw_state *out, int max, uint64_t seed, int every)
{
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	assert_int_equal(tw_scenario_generate(&sc, "littlewars", 18, 576, 192, &err), TW_OK);
	tw_test_duel d;
	tw_test_duel_start(&d, &sc, seed);
	int n = 0;
	for (int k = 0; k < 100000 && n < max; k++) {
		const tw_state *s = tw_game_state(d.g);
		if (d.rs->to_move(s) < 0 || s->move_no > 8)
			break;
		if (s->phase == LW_PH_PLAY && k % every == 0)
			assert_int_equal(tw_state_clone(&out[n++], s), TW_OK);
		tw_test_duel_step(&d, false);
	}
	tw_test_duel_end(&d);
	tw_state_free(&sc);
	return n;
}

int tw_test_hook_states(tw_state *out, int max, uint64_t seed0, uint64_t seed1, int every)
{
	tw_state sc;
	memset(&sc, 0, sizeof sc);
	tw_error err;
	assert_int_equal(tw_state_load(&sc, TW_SOURCE_DIR "/scenarios/littlewars/hooks-farm.json", &err), TW_OK);
	int n = 0;
	for (uint64_t seed = seed0; seed < seed1 && n < max; seed++) {
		tw_test_duel d;
		tw_test_duel_start(&d, &sc, seed);
		for (int k = 0; k < 5000 && n < max; k++) {
			const tw_state *s = tw_game_state(d.g);
			if (d.rs->to_move(s) < 0)
				break;
			if (s->phase == LW_PH_PLAY && k % every == 0)
				assert_int_equal(tw_state_clone(&out[n++], s), TW_OK);
			if (!tw_test_duel_step(&d, true))
				break;
		}
		tw_test_duel_end(&d);
	}
	tw_state_free(&sc);
	return n;
}

tw_order *tw_test_move_to(int side, int fig, double x, double y)
{
	tw_order *o = tw_test_order(LW_OT_MOVE, side);
	o->fig[o->nfig++] = fig;
	o->npath = 1;
	o->path[0] = tw_v2(x, y);
	return o;
}

void tw_test_ok(tw_state *s, const tw_order *o)
{
	tw_error err = {0};
	tw_status st = tw_test_apply(s, o, &err);
	if (st != TW_OK)
		fail_msg("refused %s: %s", err.clause, err.message);
}

void tw_test_refused_with(tw_state *s, const tw_order *o, const char *clause, const char *words)
{
	tw_test_expect_refused(s, o, clause);
	tw_error err = {0};
	assert_int_not_equal(tw_test_apply(s, o, &err), TW_OK);
	if (!strstr(err.message, words))
		fail_msg("%s: expected \"%s\" in \"%s\"", clause, words, err.message);
}

tw_state *tw_test_ks_field(void)
{
	tw_state *s = tw_test_lw_state(200, 200, 5, 0);
	LWG(s)->ks = 1;
	return s;
}

tw_order *tw_test_charge(int first, int n, int tfirst, int tn)
{
	tw_order *o = tw_test_order(LW_OT_CHARGE, 0);
	for (int i = 0; i < n; i++)
		o->fig[o->nfig++] = first + i;
	for (int i = 0; i < tn; i++)
		o->fig2[o->nfig2++] = tfirst + i;
	return o;
}

int tw_test_dead_of(const tw_state *s, int first, int n)
{
	int k = 0;
	for (int i = 0; i < n; i++)
		k += s->fig[first + i].status == TW_FS_DEAD;
	return k;
}

uint64_t tw_test_game_hash(tw_game *g, bool nevents)
{
	uint64_t h = tw_state_hash(tw_game_state(g));
	int no = tw_game_order_count(g);
	h = fnv(h, &no, sizeof no);
	for (int i = 0; i < no; i++) {
		const tw_order *o = tw_game_order(g, i);
		h = fnv(h, o, offsetof(tw_order, fig));
		h = fnv(h, o->fig, (size_t)o->nfig * sizeof o->fig[0]);
		h = fnv(h, o->at, (size_t)o->nfig * sizeof o->at[0]);
		h = fnv(h, o->path, (size_t)o->npath * sizeof o->path[0]);
	}
	const tw_events *ev = tw_game_events(g);
	if (nevents)
		h = fnv(h, &ev->n, sizeof ev->n);
	for (int i = 0; i < ev->n; i++) {
		const tw_event *e = &ev->v[i];
		h = fnv(h, &e->type, sizeof e->type);
		h = fnv(h, &e->a, sizeof e->a);
		h = fnv(h, &e->b, sizeof e->b);
		h = fnv(h, e->text, strlen(e->text));
		h = fnv(h, e->clause, strlen(e->clause));
	}
	return h;
}

int tw_test_count_events(const tw_events *ev, int type)
{
	int n = 0;
	for (int i = 0; i < ev->n; i++)
		if (ev->v[i].type == type)
			n++;
	return n;
}

const tw_shot_contact *tw_test_contact_of(const tw_shot_result *r, int32_t fig)
{
	for (int i = 0; i < r->ncontacts; i++)
		if (r->contacts[i].figure == fig)
			return &r->contacts[i];
	return NULL;
}

static uint64_t fnv_d(uint64_t h, double v) { return fnv(h, &v, sizeof v); }
static uint64_t fnv_i(uint64_t h, int64_t v) { return fnv(h, &v, sizeof v); }

uint64_t tw_test_shot_hash(const tw_shot_result *r, bool samples)
{
	uint64_t h = 0xCBF29CE484222325ull;
	h = fnv_i(h, r->ncontacts);
	for (int i = 0; i < r->ncontacts; i++) {
		const tw_shot_contact *c = &r->contacts[i];
		h = fnv_i(h, c->figure);
		h = fnv_i(h, c->how);
		h = fnv_i(h, c->via);
		h = fnv_d(h, c->t);
		h = fnv_d(h, c->at.x);
		h = fnv_d(h, c->at.y);
		h = fnv_d(h, c->speed);
	}
	if (samples) {
		h = fnv_i(h, r->nsamples);
		for (int i = 0; i < r->nsamples; i++)
			h = fnv(h, &r->samples[i], sizeof r->samples[i]);
	}
	h = fnv_d(h, r->rest.x);
	h = fnv_d(h, r->rest.y);
	h = fnv_i(h, r->blocked_by);
	if (samples)
		h = fnv_i(h, r->misfire);
	h = fnv_d(h, r->bearing);
	h = fnv_d(h, r->elevation);
	return h;
}
