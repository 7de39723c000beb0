// Organisation (GR.ORG), figures and units, officers' save (GR.MORALE.11), cover (GR.MUSK.8)
// and the houses' bookkeeping (GR.TERR.8).
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gr.h"

tw_unit *gr_unit(tw_state *s, int32_t id) { return id >= 0 && id < s->nunit ? &s->unit[id] : NULL; }
const tw_unit *gr_unit_c(const tw_state *s, int32_t id) { return id >= 0 && id < s->nunit ? &s->unit[id] : NULL; }

// GR.GEN.3: rank and file are the figures that are not officers or generals.
bool gr_is_rf(const tw_figure *f)
{
	return f->kind == TW_FK_INFANTRY || f->kind == TW_FK_CAVALRY || f->kind == TW_FK_GUNNER ||
	       f->kind == TW_FK_OTHER;
}
bool gr_is_officer(const tw_figure *f) { return f->kind == TW_FK_OFFICER || f->kind == TW_FK_GENERAL; }

int gr_rf_alive(const tw_state *s, int unit)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == unit && s->fig[i].status == TW_FS_ACTIVE && gr_is_rf(&s->fig[i]))
			n++;
	return n;
}

// GR.MORALE.2: the points of the officers still with the unit.
int gr_command_points(const tw_state *s, int unit)
{
	int cp = 0;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == unit && s->fig[i].status == TW_FS_ACTIVE && gr_is_officer(&s->fig[i]))
			cp += GRF(s, &s->fig[i])->cp;
	return cp;
}

bool gr_line_type(int troop) // GR.GEN.8
{
	return troop == TW_GR_LINE || troop == TW_GR_GRENADIER || troop == TW_GR_GARRISON || troop == TW_GR_ENGINEER;
}
bool gr_cavalry(int troop) { return troop == TW_GR_HEAVY_CAV || troop == TW_GR_LIGHT_CAV; }

bool gr_unit_active(const tw_state *s, const tw_unit *u)
{
	if (GRU(s, u)->flags & GUF_DISPERSED)
		return false;
	for (int i = 0; i < s->nfig; i++)
		if (s->fig[i].unit == u->id && s->fig[i].status == TW_FS_ACTIVE)
			return true;
	return false;
}

// GR.MORALE.5/8/10, GR.MELEE.23: units that may neither move at will nor fire.
bool gr_unit_halted(const tw_state *s, const tw_unit *u)
{
	return GRU(s, u)->morale > 0 || GRU(s, u)->rally > 0 || (GRU(s, u)->flags & (GUF_WITHDRAW | GUF_DISPERSED)) ||
	       gr_unit_crossing(s, u); // GR.TERR.7: a crossing unit does nothing else
}

void gr_unit_set_flag(tw_state *s, tw_unit *u, int flag, bool on)
{
	if (on)
		GRU(s, u)->flags |= flag;
	else
		GRU(s, u)->flags &= ~flag;
}

int gr_nearest_between(const tw_state *s, int ua, int ub, double *dist, int *fa, int *fb)
{
	double best = 1e18;
	int ba = -1, bb = -1;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *a = &s->fig[i];
		if (a->unit != ua || a->status != TW_FS_ACTIVE)
			continue;
		for (int j = 0; j < s->nfig; j++) {
			const tw_figure *b = &s->fig[j];
			if (b->unit != ub || b->status != TW_FS_ACTIVE)
				continue;
			double d = tw_dist(a->pos, b->pos);
			if (d < best) {
				best = d;
				ba = a->id;
				bb = b->id;
			}
		}
	}
	*dist = best;
	if (fa)
		*fa = ba;
	if (fb)
		*fb = bb;
	return ba >= 0;
}

void gr_kill(tw_state *s, tw_figure *f, const char *clause, int how, tw_events *ev)
{
	gr_kill_by(s, f, clause, how, -1, ev);
}

void gr_kill_by(tw_state *s, tw_figure *f, const char *clause, int how, int by, tw_events *ev)
{
	f->status = TW_FS_DEAD;
	GRF(s, f)->shot_move = by >= 0 ? s->move_no : 0;
	GRF(s, f)->shot_by = by >= 0 ? by : -1;
	tw_unit *u = gr_unit(s, f->unit);
	if (u)
		GRU(s, u)->lost++;
	tw_event *e = tw_events_push(ev, TW_EV_KILL, f->side, clause);
	if (e) {
		e->a = f->id;
		e->b = how;
		e->x = f->pos.x;
		e->y = f->pos.y;
		tw_event_text(e, "%s %d killed", tw_figure_kind_name((tw_figure_kind)f->kind), f->id);
	}
}

bool gr_hit_figure(tw_state *s, tw_figure *f, const char *clause, tw_events *ev)
{
	return gr_hit_figure_by(s, f, clause, -1, ev);
}

int gr_shot_by(const tw_state *s, int unit, int by)
{
	int n = 0;
	for (int i = 0; i < s->nfig; i++)
		n += s->fig[i].unit == unit && s->fig[i].status == TW_FS_DEAD &&
		     GRF(s, &s->fig[i])->shot_move == s->move_no && GRF(s, &s->fig[i])->shot_by == by;
	return n;
}

bool gr_hit_figure_by(tw_state *s, tw_figure *f, const char *clause, int by, tw_events *ev)
{
	if (gr_is_officer(f)) {
		tw_event *de = NULL;
		int d = tw_roll_d6(s, ev, f->side, "GR.MORALE.11", &de); // 5+ saves
		if (de)
			de->c = f->id;
		tw_event_text(de, "officer %d hit, save throw %d %s", f->id, d, d >= 5 ? "saves" : "fails");
		if (d >= 5) {
			tw_event *e = tw_events_push(ev, TW_EV_TOUCH, f->side, "GR.MORALE.11");
			if (e) {
				e->a = f->id;
				e->b = d;
				tw_event_text(e, "officer %d hit, saved on a %d", f->id, d);
			}
			return false;
		}
	}
	gr_kill_by(s, f, clause, 1, by, ev);
	return true;
}

int gr_nhouses(const tw_state *s)
{
	int n = 0;
	for (int t = 0; t < s->table.nterrain; t++)
		n += s->table.terrain[t].kind == TW_TER_HOUSE;
	return n;
}

int gr_house_index(const tw_state *s, int terrain_id)
{
	int n = 0;
	for (int t = 0; t < s->table.nterrain; t++) {
		if (s->table.terrain[t].kind != TW_TER_HOUSE)
			continue;
		if (t == terrain_id)
			return n;
		n++;
	}
	return -1;
}

int gr_house_terrain(const tw_state *s, int house)
{
	int n = 0;
	for (int t = 0; t < s->table.nterrain; t++) {
		if (s->table.terrain[t].kind != TW_TER_HOUSE)
			continue;
		if (n == house)
			return t;
		n++;
	}
	return -1;
}

// ---- houses (GR.HOUSE): their state lives in the terrain piece's record and flags ----

gr_hrec *gr_house_mut(tw_state *s, int terrain_id)
{
	tw_table *tb = tw_state_table_edit(s);
	return tb ? (gr_hrec *)tw_rec(s, TW_REC_TERRAIN, terrain_id) : NULL;
}

int gr_house_damage(const tw_state *s, int h)
{
	const gr_hrec *r = gr_house_c(s, gr_house_terrain(s, h));
	return r ? r->damage : 0;
}

int gr_house_fire(const tw_state *s, int h)
{
	const gr_hrec *r = gr_house_c(s, gr_house_terrain(s, h));
	return r ? r->fire : 0;
}

bool gr_house_ruin(const tw_state *s, int h) { return gr_house_ruined(s, gr_house_terrain(s, h)); }

void gr_house_set_damage(tw_state *s, int h, int damage)
{
	gr_hrec *r = gr_house_mut(s, gr_house_terrain(s, h));
	if (r)
		r->damage = damage;
}

void gr_house_set_fire(tw_state *s, int h, int move)
{
	int t = gr_house_terrain(s, h);
	gr_hrec *r = gr_house_mut(s, t);
	if (!r)
		return;
	r->fire = move;
	if (move > 0)
		s->table.terrain[t].flags |= TW_TF_BURNING;
	else
		s->table.terrain[t].flags &= (uint8_t)~TW_TF_BURNING;
}

void gr_house_set_ruin(tw_state *s, int h)
{
	int t = gr_house_terrain(s, h);
	if (t >= 0 && tw_state_table_edit(s))
		s->table.terrain[t].flags |= TW_TF_RUINED;
}

// GR.MUSK.8: in a building, in woods, or behind a wall between it and the firer.
bool gr_in_cover(const tw_state *s, const tw_figure *target, tw_vec2 from)
{
	if (GRF(s, target)->house >= 0)
		return true; // a garrison (or a ruined shell's, GR.HOUSE.4)
	for (int t = 0; t < s->table.nterrain; t++) {
		const tw_terrain *tr = &s->table.terrain[t];
		if (gr_ter(tr)->cover_in && tw_terrain_contains(tr, target->pos)) // issue 16: a wood, a ditch
			return true;
		if (gr_ter(tr)->wall && tw_terrain_distance(tr, target->pos) < 2.0 && // a wall, a barricade
		    tw_terrain_segment_hits(tr, from, target->pos))
			return true;
	}
	return false;
}

bool gr_unit_in_cover(const tw_state *s, int unit, tw_vec2 from)
{
	int n = 0, c = 0;
	for (int i = 0; i < s->nfig; i++) {
		const tw_figure *f = &s->fig[i];
		if (f->unit != unit || f->status != TW_FS_ACTIVE)
			continue;
		n++;
		c += gr_in_cover(s, f, from);
	}
	return n > 0 && 2 * c >= n; // at least half its figures
}

bool gr_spot_free(const tw_state *s, tw_vec2 p, double r, int ignore)
{
	(void)ignore;
	if (p.x < r || p.y < r || p.x > s->table.width - r || p.y > s->table.depth - r)
		return false;
	for (int t = 0; t < s->table.nterrain; t++) {
		const tw_terrain *tr = &s->table.terrain[t];
		if (tw_terrain_impassable(tr) && tw_terrain_distance(tr, p) < r)
			return false;
	}
	return !tw_table_is_water(&s->table, p) && !gr_ford_water(s, p); // GR.TERR.7: nobody stands in a ford
}

static tw_figure *add_fig(tw_state *s, int side, int kind, int unit, tw_vec2 p, double facing)
{
	tw_figure f;
	memset(&f, 0, sizeof f);
	f.id = s->nfig;
	f.kind = (uint8_t)kind;
	f.side = (uint8_t)side;
	f.status = TW_FS_ACTIVE;
	f.pos = p;
	f.facing = facing;
	f.radius = kind == TW_FK_WAGGON ? 0.8 : kind == TW_FK_CAVALRY || kind == TW_FK_GENERAL ? 0.35 : 0.25;
	f.height = kind == TW_FK_CAVALRY || kind == TW_FK_GENERAL ? 1.6 : 1.1;
	f.unit = unit;
	return tw_state_add_figure(s, &f);
}

int gr_build_unit(tw_state *s, int side, int troop, const char *name, tw_vec2 centre, double facing, int formation)
{
	tw_unit u;
	memset(&u, 0, sizeof u);
	u.id = s->nunit;
	u.side = (uint8_t)side;
	u.formation = (uint8_t)formation;
	u.facing = facing;
	snprintf(u.name, sizeof u.name, "%s", name);
	if (!tw_state_add_unit(s, &u))
		return -1;
	GRU(s, &u)->troop = troop;
	GRU(s, &u)->orig = gr_org_table[troop][1];
	bool cav = gr_cavalry(troop);
	int rf = gr_org_table[troop][1], off = gr_org_table[troop][0];
	int ranks = formation == GR_F_COLUMN ? 4 : cav ? 1 : 2;
	int files = (rf + ranks - 1) / ranks;
	double sp = cav ? 0.8 : formation == GR_F_OPEN ? 1.0 : 0.55;
	tw_vec2 fwd = tw_dir_deg(facing), right = tw_dir_deg(facing + 90);
	for (int i = 0; i < rf; i++) {
		int r = i / files, c = i % files;
		tw_vec2 p = tw_add(centre, tw_add(tw_scale(right, (c - (files - 1) / 2.0) * sp), tw_scale(fwd, -r * sp)));
		int kind = troop == TW_GR_WAGON ? TW_FK_WAGGON : troop == TW_GR_BARGE ? TW_FK_OTHER : cav ? TW_FK_CAVALRY : TW_FK_INFANTRY;
		if (!add_fig(s, side, kind, u.id, p, facing))
			return -1;
	}
	for (int k = 0; k < off; k++) {
		tw_vec2 p = tw_add(centre, tw_add(tw_scale(right, (k - (off - 1) / 2.0) * 1.2), tw_scale(fwd, -(ranks * sp + 0.8))));
		tw_figure *f = add_fig(s, side, TW_FK_OFFICER, u.id, p, facing);
		if (!f)
			return -1;
		GRF(s, f)->cp = gr_cp_table[troop][k];
	}
	return u.id;
}

int gr_build_battery(tw_state *s, int side, const char *name, tw_vec2 centre, double facing, bool howitzer)
{
	tw_unit u;
	memset(&u, 0, sizeof u);
	u.id = s->nunit;
	u.side = (uint8_t)side;
	u.facing = facing;
	snprintf(u.name, sizeof u.name, "%s", name);
	if (!tw_state_add_unit(s, &u))
		return -1;
	GRU(s, &u)->troop = TW_GR_ARTILLERY;
	GRU(s, &u)->orig = gr_org_table[TW_GR_ARTILLERY][1];
	tw_vec2 fwd = tw_dir_deg(facing), right = tw_dir_deg(facing + 90);
	for (int gi = 0; gi < 2; gi++) { // GR.ORG.3: two guns, five crew each
		tw_gun g;
		memset(&g, 0, sizeof g);
		g.id = s->ngun;
		g.side = g.orig_side = (uint8_t)side;
		g.axle = tw_add(centre, tw_scale(right, (gi - 0.5) * 4.0));
		g.bearing = facing;
		g.trail = 1.5;
		g.half_axle = 0.5;
		g.muzzle = 1.0;
		if (!tw_state_add_gun(s, &g))
			return -1;
		GRG(s, &g)->howitzer = howitzer && gi == 1;
		GRG(s, &g)->unit = u.id;
		for (int k = 0; k < 5; k++) {
			tw_vec2 p = tw_add(g.axle, tw_add(tw_scale(right, (k - 2) * 0.6), tw_scale(fwd, -2.2)));
			tw_figure *f = add_fig(s, side, TW_FK_GUNNER, u.id, p, facing);
			if (!f)
				return -1;
			GRF(s, f)->gun = g.id;
		}
	}
	for (int k = 0; k < 3; k++) {
		tw_vec2 p = tw_add(centre, tw_add(tw_scale(right, (k - 1) * 1.2), tw_scale(fwd, -3.5)));
		tw_figure *f = add_fig(s, side, TW_FK_OFFICER, u.id, p, facing);
		if (!f)
			return -1;
		GRF(s, f)->cp = gr_cp_table[TW_GR_ARTILLERY][k];
	}
	return u.id;
}

// GR.LIGHT.3, GR.MELEE.7, GR.HOUSE.2: where the owner picks which of his figures is lost, the
// engine takes the first of cand[] in his casualty order (end_move "dead"), else -1 (default).
int gr_owner_choice(const tw_state *s, const int *cand, int n)
{
	int best = -1, rank = 0;
	for (int k = 0; k < n; k++) {
		const tw_figure *f = &s->fig[cand[k]];
		int r = GRF(s, f)->casualty;
		if (f->status == TW_FS_ACTIVE && r > 0 && (best < 0 || r < rank)) {
			best = k;
			rank = r;
		}
	}
	return best;
}

void gr_owner_event(tw_state *s, const tw_figure *f, const char *clause, tw_events *ev)
{
	(void)s;
	tw_event *e = tw_events_push(ev, TW_EV_INFO, f->side, clause);
	if (e) {
		e->a = f->id;
		tw_event_text(e, "the owner's choice: figure %d is the one lost", f->id);
	}
}
