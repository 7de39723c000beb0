// Writing state documents ("tinwar-state"). Every field the hash covers is written, plus the
// descriptive ones (names, sizes, gun geometry); fields at their default are left out where
// the default does not depend on the document type.
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io_internal.h"
#include "tinwar/chance.h"
#include "tinwar/ruleset.h"

static const char *const gun_actions[] = {"none", "moved", "fired"};

/// A writer that remembers whether anything failed (out of memory, non-finite number).
typedef struct writer {
	bool ok;
} writer;

static void put(writer *w, json_t *obj, const char *key, json_t *v)
{
	if (!tw_io_set(obj, key, v))
		w->ok = false;
}
static void put_num(writer *w, json_t *obj, const char *key, double v) { put(w, obj, key, tw_io_jnum(v)); }
static void put_int(writer *w, json_t *obj, const char *key, int64_t v) { put(w, obj, key, json_integer(v)); }
static void put_str(writer *w, json_t *obj, const char *key, const char *v) { put(w, obj, key, json_string(v)); }

/// An element's record as "data" (left out when every field is at its default).
static void put_data(writer *w, json_t *obj, const tw_state *s, tw_rec_kind kind, int index)
{
	bool fail = false;
	json_t *d = tw_io_rec_write(s, kind, index, &fail);
	if (fail)
		w->ok = false;
	if (d)
		put(w, obj, "data", d);
}

static const char *side_name(const tw_state *s, int side)
{
	return side >= 0 && side < s->nsides ? s->sides[side].name : "?";
}

static json_t *params_json(writer *w, const tw_state *s, const tw_ruleset *rs)
{
	json_t *o = json_object();
	for (int i = 0; o && i < rs->nparams; i++) {
		const tw_param_def *d = &rs->params[i];
		double v = s->params[i];
		const char *choice = NULL;
		if (d->choices && v >= 0 && v == (int)v)
			for (int k = 0; d->choices[k]; k++)
				if (k == (int)v)
					choice = d->choices[k];
		if (choice)
			put_str(w, o, d->name, choice);
		else
			put_num(w, o, d->name, v);
	}
	return o;
}

static json_t *terrain_json(writer *w, const tw_state *s, const tw_terrain *t)
{
	json_t *o = json_object();
	put_str(w, o, "kind", tw_terrain_kind_name((tw_terrain_kind)t->kind));
	if (t->name[0])
		put_str(w, o, "name", t->name);
	if (t->shape == TW_SHAPE_CIRCLE) {
		json_t *c = json_array();
		if (!tw_io_append(c, tw_io_jnum(t->center.x)) || !tw_io_append(c, tw_io_jnum(t->center.y)) ||
		    !tw_io_append(c, tw_io_jnum(t->radius)))
			w->ok = false;
		put(w, o, "circle", c);
	} else {
		json_t *a = json_array();
		for (int k = 0; k < t->nverts; k++)
			if (!tw_io_append(a, tw_io_jvec(t->v[k])))
				w->ok = false;
		put(w, o, "poly", a);
	}
	put_num(w, o, "z0", t->z0);
	put_num(w, o, "height", t->height);
	if (t->pass)
		put(w, o, "passable", json_boolean(t->pass == TW_PASS_YES));
	if (t->cost != 0)
		put_num(w, o, "cost", t->cost);
	if (t->cover)
		put_int(w, o, "cover", t->cover);
	if (t->flags & TW_TF_BURNING)
		put(w, o, "burning", json_true());
	if (t->flags & TW_TF_RUINED)
		put(w, o, "ruined", json_true());
	if (t->flags & TW_TF_WORKS)
		put(w, o, "works", json_true());
	put_data(w, o, s, TW_REC_TERRAIN, (int)(t - s->table.terrain));
	return o;
}

static json_t *figure_json(writer *w, const tw_state *s, const tw_figure *f)
{
	json_t *o = json_object();
	put_int(w, o, "id", f->id);
	put_str(w, o, "kind", tw_figure_kind_name((tw_figure_kind)f->kind));
	put_str(w, o, "side", side_name(s, f->side));
	put_str(w, o, "status", tw_status_name(s, f->status));
	put(w, o, "at", tw_io_jvec(f->pos));
	put_num(w, o, "facing", f->facing);
	put_num(w, o, "radius", f->radius);
	put_num(w, o, "height", f->height);
	if (f->unit != -1)
		put_int(w, o, "unit", f->unit);
	if (f->flags)
		put_int(w, o, "flags", f->flags);
	if (f->moved_in)
		put_int(w, o, "moved_in", f->moved_in);
	if (f->move_used != 0)
		put_num(w, o, "move_used", f->move_used);
	put_data(w, o, s, TW_REC_FIGURE, f->id);
	return o;
}

static json_t *gun_json(writer *w, const tw_state *s, const tw_gun *g)
{
	json_t *o = json_object();
	put_int(w, o, "id", g->id);
	put_str(w, o, "side", side_name(s, g->side));
	if (g->orig_side != g->side)
		put_str(w, o, "orig_side", side_name(s, g->orig_side));
	put(w, o, "at", tw_io_jvec(g->axle));
	put_num(w, o, "bearing", g->bearing);
	put_num(w, o, "elevation", g->elevation);
	if (g->model)
		put_int(w, o, "model", g->model);
	put_num(w, o, "trail", g->trail);
	put_num(w, o, "half_axle", g->half_axle);
	put_num(w, o, "muzzle", g->muzzle);
	if (g->flags)
		put_int(w, o, "flags", g->flags);
	if (g->action)
		put_str(w, o, "action", g->action < TW_ARRAY_COUNT(gun_actions) ? gun_actions[g->action] : "?");
	if (g->shots)
		put_int(w, o, "shots", g->shots);
	if (g->acted_in)
		put_int(w, o, "acted_in", g->acted_in);
	put_data(w, o, s, TW_REC_GUN, g->id);
	return o;
}

static json_t *unit_json(writer *w, const tw_state *s, const tw_unit *u)
{
	json_t *o = json_object();
	put_int(w, o, "id", u->id);
	put_str(w, o, "side", side_name(s, u->side));
	if (u->name[0])
		put_str(w, o, "name", u->name);
	if (u->formation)
		put_int(w, o, "formation", u->formation);
	put_num(w, o, "facing", u->facing);
	put_data(w, o, s, TW_REC_UNIT, u->id);
	return o;
}

/// Builds an array of n members with one of the member writers above.
#define ARRAY_OF(w, key, n, make)                                                                  \
	do {                                                                                       \
		json_t *a_ = json_array();                                                         \
		for (int i = 0; i < (n); i++)                                                      \
			if (!tw_io_append(a_, (make)))                                             \
				(w)->ok = false;                                                   \
		put((w), root, (key), a_);                                                         \
	} while (0)

json_t *tw_state_to_json(const tw_state *s)
{
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	if (!rs)
		return NULL;
	writer w = {true};
	json_t *root = json_object();
	if (!root)
		return NULL;
	put_str(&w, root, "format", "tinwar-state");
	put_int(&w, root, "version", TW_STATE_FORMAT_VERSION);
	if (s->scenario[0])
		put_str(&w, root, "name", s->scenario);
	put_str(&w, root, "ruleset", rs->name);
	put(&w, root, "params", params_json(&w, s, rs));
	json_t *table = json_object();
	put_num(&w, table, "width", s->table.width);
	put_num(&w, table, "depth", s->table.depth);
	put(&w, root, "table", table);
	json_t *sides = json_array();
	for (int i = 0; i < s->nsides; i++) {
		json_t *o = json_object();
		put_str(&w, o, "name", s->sides[i].name);
		put_num(&w, o, "back_y", s->sides[i].back_y);
		put_num(&w, o, "forward", s->sides[i].forward);
		if (s->sides[i].start_men)
			put_int(&w, o, "start_men", s->sides[i].start_men);
		if (s->sides[i].start_guns)
			put_int(&w, o, "start_guns", s->sides[i].start_guns);
		if (s->sides[i].alliance)
			put_int(&w, o, "alliance", tw_side_alliance(s, i));
		put_data(&w, o, s, TW_REC_SIDE, i);
		if (!tw_io_append(sides, o))
			w.ok = false;
	}
	put(&w, root, "sides", sides);
	ARRAY_OF(&w, "terrain", s->table.nterrain, terrain_json(&w, s, &s->table.terrain[i]));
	ARRAY_OF(&w, "units", s->nunit, unit_json(&w, s, &s->unit[i]));
	ARRAY_OF(&w, "figures", s->nfig, figure_json(&w, s, &s->fig[i]));
	ARRAY_OF(&w, "guns", s->ngun, gun_json(&w, s, &s->gun[i]));
	put(&w, root, "seed", tw_io_ju64(s->seed));
	json_t *rng = json_array();
	for (int i = 0; i < 4; i++) {
		char hex[17];
		tw_hash_hex(s->rng.s[i], hex);
		if (!tw_io_append(rng, json_string(hex)))
			w.ok = false;
	}
	put(&w, root, "rng", rng);
	put(&w, root, "rng_draws", tw_io_ju64(s->rng.draws));
	put_int(&w, root, "phase", s->phase);
	put_int(&w, root, "move_no", s->move_no);
	put_int(&w, root, "mover", s->mover);
	put_int(&w, root, "winner", s->winner);
	put(&w, root, "over", json_boolean(s->over));
	if (s->dice == TW_DICE_ENTERED)
		put_str(&w, root, "dice", "entered");
	if (s->sealed_mask) {
		json_t *chosen = json_array();
		for (int k = 0; k < s->nsides; k++)
			if ((s->sealed_mask & (1u << k)) && !tw_io_append(chosen, json_string(s->sides[k].name)))
				w.ok = false;
		put(&w, root, "chosen", chosen);
		json_t *sealed = NULL;
		for (int k = 0; k < TW_MAX_SIDES; k++)
			if (s->sealed[k] && (!(sealed = sealed ? sealed : json_array()) ||
					     !tw_io_append(sealed, tw_order_to_json(s->sealed[k], s))))
				w.ok = false;
		if (sealed)
			put(&w, root, "sealed", sealed);
	}
	put_data(&w, root, s, TW_REC_GAME, 0);
	if (!w.ok) {
		json_decref(root);
		return NULL;
	}
	return root;
}

tw_status tw_state_save(const tw_state *s, const char *path, tw_error *err)
{
	tw_error_clear(err);
	json_t *root = tw_state_to_json(s);
	if (!root)
		return tw_error_set(err, TW_ERR_STATE, "",
				    "state cannot be written (unknown rule set, non-finite number or out of memory)");
	char *text = tw_io_dumps(root);
	json_decref(root);
	if (!text)
		return tw_io_nomem(err);
	tw_status st = tw_write_file_atomic(path, text, strlen(text), err);
	free(text);
	return st;
}
