#include "gr_scene.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/grant/gr.h"

tw_state *tw_gr_scene(void) { return tw_gr_scene_seed(1); }

tw_state *tw_gr_scene_seed(uint64_t seed)
{
	tw_state *s = calloc(1, sizeof *s);
	tw_state_set_ruleset(s, tw_ruleset_find("grant"));
	assert_true(s->ruleset >= 0);
	tw_ruleset_defaults(tw_ruleset_get(s->ruleset), s);
	s->seed = seed;
	tw_rng_seed(&s->rng, seed);
	s->table.width = 120;
	s->table.depth = 100;
	s->nsides = 2;
	strcpy(s->sides[0].name, "red");
	s->sides[0].forward = 1;
	strcpy(s->sides[1].name, "blue");
	s->sides[1].back_y = 100;
	s->sides[1].forward = -1;
	s->winner = -1;
	return s;
}

void tw_gr_start(tw_state *s) { assert_int_equal(gr_setup(s, NULL), TW_OK); }

void tw_gr_free(tw_state *s)
{
	tw_state_free(s);
	free(s);
}

void tw_gr_dice(tw_state *s, const int *faces, int n)
{
	for (uint64_t seed = 1; seed < (1ull << 32); seed++) {
		tw_rng r;
		tw_rng_seed(&r, seed);
		int k = 0;
		for (; k < n; k++) {
			int d = tw_rng_d6(&r);
			if (faces[k] && d != faces[k])
				break;
		}
		if (k == n) {
			tw_rng_seed(&s->rng, seed);
			return;
		}
	}
	fail_msg("no seed gives those dice");
}

int tw_gr_rf(const tw_state *s, int unit, int k)
{
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == unit && gr_is_rf(&s->fig[i]) && k-- == 0)
			return i;
	fail_msg("unit %d has no R&F number %d", unit, k);
	return -1;
}

void tw_gr_keep(tw_state *s, int unit, const int *ks, int n, bool officers, double x, double y)
{
	int k = 0, off = 0;
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		if (f->unit != unit)
			continue;
		if (gr_is_rf(f)) {
			bool keep = false;
			for (int m = 0; m < n; m++)
				keep = keep || ks[m] == k;
			if (!keep)
				f->status = TW_FS_DEAD;
			k++;
		} else if (!officers) {
			f->status = TW_FS_DEAD;
		} else {
			f->pos = tw_v2(x + off++, y);
		}
	}
	GRU(s, &s->unit[unit])->orig = n;
}

int tw_gr_box(tw_state *s, int kind, const char *name, double x0, double y0, double x1, double y1, double h)
{
	tw_terrain t;
	memset(&t, 0, sizeof t);
	t.kind = (uint8_t)kind;
	t.nverts = 4;
	t.v[0] = tw_v2(x0, y0);
	t.v[1] = tw_v2(x1, y0);
	t.v[2] = tw_v2(x1, y1);
	t.v[3] = tw_v2(x0, y1);
	t.height = h;
	if (name)
		snprintf(t.name, sizeof t.name, "%s", name);
	tw_terrain_finish(&t);
	return tw_table_add(&s->table, &t);
}

void tw_gr_put(tw_state *s, int id, double x, double y) { s->fig[id].pos = tw_v2(x, y); }

tw_status tw_gr_apply(tw_state *s, const tw_order *o, tw_events *ev, tw_error *err)
{
	tw_events scratch = {0};
	tw_status st = tw_state_apply(s, o, NULL, ev ? ev : &scratch, err);
	tw_events_free(&scratch);
	return st;
}

void tw_gr_ok(tw_state *s, const tw_order *o, tw_events *ev)
{
	tw_error err;
	tw_error_clear(&err);
	if (tw_gr_apply(s, o, ev, &err) != TW_OK)
		fail_msg("refused: %s %s", err.clause, err.message);
}

void tw_gr_refused(tw_state *s, const tw_order *o, const char *clause)
{
	tw_error err;
	tw_error_clear(&err);
	uint64_t h = tw_state_hash(s);
	if (tw_gr_apply(s, o, NULL, &err) == TW_OK)
		fail_msg("expected a refusal citing %s", clause);
	if (strcmp(err.clause, clause) != 0)
		fail_msg("expected %s, got %s: %s", clause, err.clause, err.message);
	assert_true(tw_state_hash(s) == h);
}

tw_order *tw_gr_order(int type, int side)
{
	static tw_order pool[6];
	static int next;
	tw_order *o = &pool[next++ % 6];
	tw_order_init(o, type, side);
	return o;
}

void tw_gr_end(tw_state *s, int n, tw_events *ev)
{
	tw_order *o = tw_gr_order(GR_OT_END_MOVE, s->mover);
	o->n = n;
	tw_gr_ok(s, o, ev);
}

void tw_gr_fire_order(tw_order *o, int side, int gun, tw_vec2 target)
{
	tw_order_init(o, GR_OT_FIRE, side);
	o->gun = gun;
	o->has_target = true;
	o->target = target;
}

tw_order *tw_gr_move(const tw_state *s, const int *ids, const tw_vec2 *to, int n, int mode)
{
	tw_order *o = tw_gr_order(GR_OT_MOVE, s->fig[ids[0]].side);
	o->has_at = true;
	o->n = mode;
	for (int i = 0; i < n; i++) {
		o->fig[i] = ids[i];
		o->at[i] = to[i];
		o->facing[i] = s->fig[ids[i]].facing;
	}
	o->nfig = n;
	return o;
}

int tw_gr_first(const tw_state *s, int unit, int kind)
{
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == unit && s->fig[i].kind == kind && s->fig[i].status == TW_FS_ACTIVE)
			return i;
	return -1;
}

int tw_gr_count(const tw_events *ev, const char *clause, int type)
{
	int n = 0;
	for (int i = 0; i < ev->n; i++)
		n += strcmp(ev->v[i].clause, clause) == 0 && (type < 0 || ev->v[i].type == type);
	return n;
}

const tw_event *tw_gr_nth(const tw_events *ev, const char *clause, int type, int k)
{
	for (int i = 0; i < ev->n; i++)
		if (strcmp(ev->v[i].clause, clause) == 0 && (type < 0 || ev->v[i].type == type) && k-- == 0)
			return &ev->v[i];
	return NULL;
}
