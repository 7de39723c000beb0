// The invariants every state keeps, checked as a whole (tw_state_check). Debug builds
// (TW_CHECKING) check them after every order applied; the fuzzers and tests call them too.
#include <math.h>
#include <string.h>

#include "io_internal.h"
#include "tinwar/state.h"

#define FAIL(...) return tw_error_set(err, TW_ERR_STATE, "", __VA_ARGS__)

static bool finite2(tw_vec2 p) { return isfinite(p.x) && isfinite(p.y); }

static bool status_ok(const tw_state *s, int st)
{
	if (st < TW_FS_GENERIC_COUNT)
		return true;
	const tw_ruleset *rs = tw_ruleset_get(s->ruleset);
	return rs && st >= TW_FS_RULESET && st < TW_FS_RULESET + rs->nstatuses;
}

// Every numeric field of every record within its table's range (refs: by tw_io_rec_check_refs).
static tw_status check_record_ranges(const tw_state *s, tw_error *err)
{
	for (int k = 0; k < TW_REC_KIND_COUNT; k++) {
		const tw_record_def *d = tw_state_record_def(s, (tw_rec_kind)k);
		for (int i = 0; d && i < tw_rec_count(s, (tw_rec_kind)k); i++) {
			const void *r = tw_rec_c(s, (tw_rec_kind)k, i);
			for (int j = 0; j < d->nfields; j++) {
				const tw_field_def *f = &d->fields[j];
				bool ranged = f->type != TW_FT_STR && f->type != TW_FT_BOOL && f->type != TW_FT_FLAGS &&
					      f->type != TW_FT_ENUM && f->type != TW_FT_FIG && f->type != TW_FT_GUN &&
					      f->type != TW_FT_UNIT && f->type != TW_FT_TERRAIN && f->type != TW_FT_SIDE;
				if (!ranged || !(f->min < f->max))
					continue;
				for (int e = 0; e < f->count; e++) {
					double v = tw_rec_get(r, f, e);
					if (!(v >= f->min && v <= f->max))
						FAIL("%s %d's %s[%d] is %g, outside %g..%g", tw_rec_kind_name((tw_rec_kind)k), i,
						     f->name, e, v, f->min, f->max);
				}
			}
		}
	}
	return TW_OK;
}

tw_status tw_state_check(const tw_state *s, tw_error *err)
{
	if (s->nsides < 1 || s->nsides > TW_MAX_SIDES)
		FAIL("%d sides", s->nsides);
	if (s->mover < -1 || s->mover >= s->nsides)
		FAIL("the mover %d is no side", s->mover);
	if (s->winner < -2 || s->winner >= s->nsides)
		FAIL("the winner %d is no side", s->winner);
	for (int k = 0; k < s->nsides; k++)
		if (tw_side_alliance(s, k) < 0 || tw_side_alliance(s, k) >= TW_MAX_SIDES)
			FAIL("side %d's alliance %d", k, tw_side_alliance(s, k));
	for (int i = 0; i < s->table.nterrain; i++)
		if (s->table.terrain[i].id != i)
			FAIL("terrain piece %d has id %d", i, s->table.terrain[i].id);
	for (int i = 0; i < s->nunit; i++)
		if (s->unit[i].id != i || s->unit[i].side >= s->nsides)
			FAIL("unit %d: id %d, side %d", i, s->unit[i].id, s->unit[i].side);
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->id != i)
			FAIL("figure %d has id %d", i, f->id);
		if (f->side >= s->nsides || f->kind >= TW_FK_COUNT || !status_ok(s, f->status))
			FAIL("figure %d: side %d, kind %d, status %d", i, f->side, f->kind, f->status);
		if (f->unit < -1 || f->unit >= s->nunit)
			FAIL("figure %d's unit %d does not exist", i, f->unit);
		if (!finite2(f->pos) || !isfinite(f->facing) || !(f->radius > 0) || !(f->height > 0))
			FAIL("figure %d: a place or size that is not a finite number", i);
		if (f->flags & ~(uint32_t)(TW_FF_LYING | TW_FF_HIDDEN))
			FAIL("figure %d: flags %#x", i, (unsigned)f->flags);
	}
	for (int i = 0; i < s->ngun; i++) {
		const tw_gun *g = &s->gun[i];
		if (g->id != i || g->side >= s->nsides || g->orig_side >= s->nsides)
			FAIL("gun %d: id %d, side %d, owner %d", i, g->id, g->side, g->orig_side);
		if (!finite2(g->axle) || !isfinite(g->bearing) || !isfinite(g->elevation))
			FAIL("gun %d: a place or aim that is not a finite number", i);
		if (g->flags & ~(uint32_t)TW_FF_HIDDEN)
			FAIL("gun %d: flags %#x", i, (unsigned)g->flags);
	}
	for (int k = 0; k < TW_MAX_SIDES; k++) {
		bool in = (s->sealed_mask >> k) & 1u;
		if (in && k >= s->nsides)
			FAIL("a secret choice of side %d, which does not exist", k);
		if (s->sealed[k] && (!in || s->sealed[k]->side != k))
			FAIL("side %d's secret choice is not marked in, or not its own", k);
	}
	tw_io_path p;
	tw_io_path_init(&p, "$");
	tw_status st = tw_io_rec_check_refs(s, &p, err);
	if (st != TW_OK) {
		if (err)
			err->code = TW_ERR_STATE;
		return TW_ERR_STATE;
	}
	return check_record_ranges(s, err);
}
