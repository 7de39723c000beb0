// What each seat sees: its view of the state (tw_state_view, with nothing of the game's
// generator), the events as it may read them, and the messages that carry them.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "srv.h"

static int slot_of_seat(int seat)
{
	return seat == SRV_UMPIRE ? SRV_SLOT_UMPIRE : seat == SRV_SPECTATOR ? SRV_SLOT_SPECTATOR : seat;
}

// ---- what a seat sees ----

static int view_seat(int seat)
{
	// The spectator sees what no side has hidden: a view for a seat that owns nothing.
	return seat == SRV_SPECTATOR ? 100 : seat;
}

tw_status srv_seat_view(srv_room *r, int seat, int role, tw_state *out)
{
	const tw_role_def *d = srv_role(r, role);
	if (d && seat == d->side)
		return tw_state_view_role(out, tw_game_state(r->game), d); // an official sees more of his side
	return tw_state_view(out, tw_game_state(r->game), view_seat(seat));
}

// ---- the orders a seat is offered now (issue 19) ----

/// The men the probes are made of: the seat's first active man and the first enemy (variant
/// 0), the seat's man and the enemy that stand nearest each other (variant 1); a gun of its own.
typedef struct probe_men {
	int me[2], foe[2], gun;
} probe_men;

static bool probe_active(const tw_state *v, const tw_figure *f)
{
	return tw_status_base(v, f->status) == TW_FS_ACTIVE && f->pos.x >= 0;
}

static void probe_men_find(const tw_state *v, int seat, probe_men *pm)
{
	pm->me[0] = pm->me[1] = pm->foe[0] = pm->foe[1] = pm->gun = -1;
	double best = 1e30;
	for (int i = 0; i < v->nfig; i++) {
		const tw_figure *f = &v->fig[i];
		if (!probe_active(v, f))
			continue;
		if (f->side == seat && pm->me[0] < 0)
			pm->me[0] = f->id;
		if (f->side != seat && pm->foe[0] < 0)
			pm->foe[0] = f->id;
		if (f->side != seat)
			continue;
		for (int k = 0; k < v->nfig; k++) {
			const tw_figure *g = &v->fig[k];
			double dd = g->side != seat && probe_active(v, g) ? tw_dist(f->pos, g->pos) : 1e30;
			if (dd < best) {
				best = dd;
				pm->me[1] = f->id;
				pm->foe[1] = g->id;
			}
		}
	}
	if (pm->me[1] < 0) // no enemy in sight
		pm->me[1] = pm->me[0];
	for (int i = 0; i < v->ngun && pm->gun < 0; i++)
		if (v->gun[i].side == seat)
			pm->gun = v->gun[i].id;
}

/// Fills an order of type d with content of one of two kinds (`variant`), so that it passes
/// the shape check. 0 fills the required fields with the seat's first man, the first enemy and
/// a far point; 1 every field of men with all the men of a unit, the one whose man stands
/// nearest an enemy, that enemy and a point by it (a gun's crew, a whole unit, a target in
/// range if any is); each with a gun of the seat's own and a number, different in the two.
static void fill_probe(tw_order *o, const tw_order_def *d, const tw_state *v, const probe_men *pm, int variant)
{
	int me = pm->me[variant], foe = pm->foe[variant], gun = pm->gun;
	tw_vec2 at = me >= 0 ? v->fig[me].pos : tw_v2(v->table.width / 2, v->table.depth / 2);
	tw_vec2 there = foe >= 0 && variant ? v->fig[foe].pos : tw_v2(v->table.width / 2, v->table.depth - at.y);
	for (int k = 0; k < d->nfields; k++) {
		const tw_order_field *f = &d->fields[k];
		if (f->form > 1 || (!f->required && (variant == 0 || f->kind != TW_OF_FIGS)))
			continue; // the first alternative's fields
		switch (f->kind) {
		case TW_OF_FIGS: case TW_OF_PLACES: case TW_OF_POINTS: {
			int cap = f->max > 0 && f->max < TW_ORDER_MAX_FIG ? f->max : TW_ORDER_MAX_FIG;
			if (o->nfig > 0 || me < 0)
				break;
			o->fig[o->nfig++] = me;
			int unit = v->fig[me].unit;
			for (int i = 0; variant && i < v->nfig && o->nfig < cap; i++) {
				const tw_figure *g = &v->fig[i];
				if (g->id != me && tw_status_base(v, g->status) == TW_FS_ACTIVE && g->pos.x >= 0 && g->side == v->fig[me].side &&
				    (unit < 0 || g->unit == unit))
					o->fig[o->nfig++] = g->id;
			}
			for (int i = 0; i < o->nfig; i++) {
				const tw_figure *g = &v->fig[o->fig[i]];
				o->at[i] = tw_v2(g->pos.x, g->pos.y + 0.5);
				o->facing[i] = g->facing;
			}
			if (f->kind != TW_OF_FIGS)
				o->has_at = true;
			break;
		}
		case TW_OF_FIGS2:
			if (foe >= 0) {
				o->fig2[0] = foe;
				o->nfig2 = 1;
			}
			break;
		case TW_OF_PATH:
			o->path[0] = tw_v2(at.x, at.y + 1 + variant);
			o->npath = 1;
			break;
		case TW_OF_GUN:
			o->gun = gun;
			break;
		case TW_OF_GUN_PLACE:
			o->gun = gun;
			o->path[0] = gun >= 0 && gun < v->ngun ? v->gun[gun].axle : at;
			o->npath = 1;
			break;
		case TW_OF_INT: case TW_OF_SIDE:
			o->n = f->choices ? (variant && f->choices[0] && f->choices[1] ? 1 : 0)
					  : variant && f->max > f->min ? f->min + 1 : f->min;
			break;
		case TW_OF_BEARING: case TW_OF_ELEVATION:
			o->has_aim = true;
			o->bearing = variant * 10;
			break;
		case TW_OF_POINT:
			o->has_target = true;
			o->target = there;
			break;
		case TW_OF_INTS:
			o->val[0] = variant;
			o->nval = 1;
			break;
		default: break;
		}
	}
}

/// The order types `seat` may give now, among those its decisions name (any, for a rule set
/// that lists none): all of them but those
/// the rule set refuses in the very same words whatever the order holds (two probes of
/// different content, both of the right shape): such an order belongs to another phase or
/// another seat's turn ("a toss order is not possible during play"). Judged on the seat's
/// own view `v`, so it tells nothing hidden. `why` gets the rule set's words for each type
/// its decisions name that is not offered.
static json_t *offered_json(const tw_ruleset *rs, tw_state *v, int seat, const tw_decision *dec, int nd, json_t *why)
{
	json_t *out = json_array();
	// A rule set that lists no decisions names only the side to move, though others may act
	// (men put down behind the curtain, a surrender): every type is probed for every seat.
	uint64_t types = rs->decisions ? 0 : ~UINT64_C(0);
	bool any = !rs->decisions;
	for (int i = 0; i < nd; i++)
		if (dec[i].seat == seat) {
			types |= dec[i].types ? dec[i].types : ~UINT64_C(0);
			any = true;
		}
	tw_order *p = any ? malloc(2 * sizeof *p) : NULL; // some 20 KB each: never on the stack
	probe_men pm;
	if (p)
		probe_men_find(v, seat, &pm);
	for (int t = 0; p && t < rs->norders && t < 64; t++) {
		if (!(types & (UINT64_C(1) << t)))
			continue;
		const tw_order_def *d = &rs->orders[t];
		tw_error e[2];
		bool judged = true, ok = false;
		for (int k = 0; k < 2 && judged && !ok; k++) {
			tw_order_init(&p[k], t, seat);
			fill_probe(&p[k], d, v, &pm, k);
			tw_error_clear(&e[k]);
			if (tw_order_check_shape(rs, v, &p[k], &e[k]) != TW_OK)
				judged = false; // cannot tell: offered
			else if (rs->validate(v, &p[k], &e[k]) == TW_OK)
				ok = true;
		}
		bool same = judged && !ok && strcmp(e[0].clause, e[1].clause) == 0 && strcmp(e[0].message, e[1].message) == 0;
		if (!same) {
			json_array_append_new(out, json_string(d->name));
		} else if (why) {
			char buf[sizeof e[0].message + 40];
			snprintf(buf, sizeof buf, "%s%s%s", e[0].clause, e[0].clause[0] ? ": " : "", e[0].message);
			json_object_set_new(why, d->name, json_string(buf));
		}
	}
	free(p);
	return out;
}

/// The state message from a seat's view `v` (built by tw_state_view). The terrain, which does
/// not change, goes only in full pictures (join, sync), not in every update.
static json_t *view_msg(srv_room *r, int seat, int role, tw_state *v, bool terrain)
{
	const tw_state *s = tw_game_state(r->game);
	const tw_ruleset *rs = tw_game_ruleset(r->game);
	json_t *sj = tw_state_to_json(v);
	if (seat != SRV_UMPIRE) {
		// Nothing of the game's generator: not its seed (with the orders a seat could foretell
		// the dice), not its state, not even how many draws it has made. The view's own
		// generator is a fixed one (tw_state_view); it is left out too.
		json_object_del(sj, "seed");
		json_object_del(sj, "rng");
		json_object_del(sj, "rng_draws");
	}
	if (!terrain)
		json_object_del(sj, "terrain");
	double pts[TW_MAX_SIDES] = {0};
	if (rs->score)
		rs->score(s, pts);
	json_t *score = json_array();
	for (int i = 0; i < s->nsides; i++)
		json_array_append_new(score, json_real(pts[i]));
	json_t *comp = json_array();
	for (int i = 0; i < s->nsides; i++)
		json_array_append_new(comp, r->computer[i][0] ? json_string(r->computer[i]) : json_null());
	// Who is asked for what now (every seat sees the decisions; a secret choice's content never).
	tw_decision dec[TW_MAX_DECISIONS];
	int nd = tw_state_decisions(s, dec, TW_MAX_DECISIONS);
	json_t *dj = json_array();
	for (int i = 0; i < nd; i++) {
		json_t *types = json_array();
		for (int t = 0; t < rs->norders && t < 64; t++)
			if (dec[i].types == 0 || (dec[i].types & (UINT64_C(1) << t)))
				json_array_append_new(types, json_string(rs->orders[t].name));
		json_array_append_new(dj, json_pack("{s:i, s:s, s:s, s:s, s:b, s:o}", "seat", dec[i].seat, "kind", dec[i].kind,
						    "clause", dec[i].clause, "prompt", dec[i].prompt, "secret", dec[i].secret,
						    "types", types));
	}
	// Whether this seat may take back its last order now (srv_room_can_undo): the page's Undo.
	// And the orders this seat is offered now (offered_json).
	json_t *m = json_pack("{s:s, s:o, s:i, s:b, s:i, s:i, s:i, s:o, s:o, s:i, s:o, s:b}", "type", "state", "state", sj,
			      "to_move", nd > 0 ? dec[0].seat : -1, "over", s->over, "winner", s->winner, "phase", s->phase,
			      "move_no", s->move_no, "score", score, "computer", comp, "orders", tw_game_order_count(r->game),
			      "decisions", dj, "can_undo", srv_room_can_undo(r, seat, role, NULL));
	// The boxes and trains on the table as this seat may know them (the rule set's own answer:
	// what an enemy's box holds never; the spectator as a seat that owns nothing).
	if (m)
		json_object_set_new(m, "pieces", srv_pieces_json(v, view_seat(seat)));
	if (m && r->nroles > 0) { // h6-seats: the roles the computer holds, the parts of the move ended
		json_object_set_new(m, "role_computer", srv_role_computers_json(r));
		json_object_set_new(m, "parts_ended", srv_parts_ended_json(r));
	}
	const tw_role_def *rd = srv_role(r, role);
	if (m && rd && rd->kind == TW_ROLE_OFFICIAL && !s->over) {
		// An official watches (KS.GEN.2): offered nothing, each order with the role's reason.
		json_t *why = json_object();
		char txt[128];
		snprintf(txt, sizeof txt, "the %s gives no orders (%s)", rd->name, rd->clause);
		for (int t = 0; t < rs->norders; t++)
			json_object_set_new(why, rs->orders[t].name, json_string(txt));
		json_object_set_new(m, "offered", json_array());
		json_object_set_new(m, "not_offered", why);
	} else if (m && seat >= 0 && seat < s->nsides && !s->over) {
		json_t *why = json_object();
		json_t *off = offered_json(rs, v, seat, dec, nd, why);
		if (rd && rd->types) { // a role offered only the order types it may ever give
			json_t *keep = json_array();
			size_t i;
			json_t *t;
			json_array_foreach(off, i, t) {
				int ti = -1;
				for (int k = 0; k < rs->norders && ti < 0; k++)
					if (strcmp(rs->orders[k].name, json_string_value(t)) == 0)
						ti = k;
				if (ti >= 0 && ti < 64 && (rd->types & (UINT64_C(1) << ti))) {
					json_array_append(keep, t);
				} else {
					const char *chief = "chief";
					for (int k = 0; k < r->nroles; k++)
						if (r->roles[k].side == rd->side && r->roles[k].kind == TW_ROLE_CHIEF)
							chief = r->roles[k].name;
					char txt[128];
					snprintf(txt, sizeof txt, "%s: the %s's to give, not the %s player's", rd->clause, chief, rd->name);
					json_object_set_new(why, json_string_value(t), json_string(txt));
				}
			}
			json_decref(off);
			off = keep;
		}
		json_object_set_new(m, "offered", off);
		json_object_set_new(m, "not_offered", why);
	}
	return m;
}

json_t *srv_view_json(srv_room *r, int seat, int role)
{
	tw_state v;
	if (srv_seat_view(r, seat, role, &v) != TW_OK)
		return NULL;
	json_t *m = view_msg(r, seat, role, &v, true);
	tw_state_free(&v);
	return m;
}

/// Marks the figures and guns whose place the seat's view hides.
static void hidden_sets(srv_room *r, int seat, const tw_state *v, uint8_t *hfig, uint8_t *hgun)
{
	const tw_state *s = tw_game_state(r->game);
	for (int i = 0; i < s->nfig; i++)
		hfig[i] = v->fig[i].status != s->fig[i].status || v->fig[i].pos.x != s->fig[i].pos.x ||
			  v->fig[i].pos.y != s->fig[i].pos.y;
	for (int i = 0; i < s->ngun; i++)
		hgun[i] = v->gun[i].axle.x != s->gun[i].axle.x || v->gun[i].axle.y != s->gun[i].axle.y;
	(void)seat;
}

/// Events first..first+count as `seat` may read them; `view` is the seat's view of the state now.
/// A shot's recorded trace, as the shot model flew it (flight, bounces, roll), for the page to
/// animate: [[t, x, y, z], ...] in seconds and inches (hundredths), or NULL when there is none.
static json_t *shot_trace(srv_room *r, int k)
{
	const tw_shot_recorder *rec = tw_game_recorder(r->game);
	const tw_shot_result *res = rec ? tw_shot_recorder_get(rec, k) : NULL;
	if (!res || res->nsamples < 2)
		return NULL;
	json_t *a = json_array();
	for (int i = 0; a && i < res->nsamples && i < TW_SHOT_MAX_SAMPLES; i++) {
		const tw_shot_sample *q = &res->samples[i];
		json_t *pt = json_pack("[f,f,f,f]", round(q->t * 1000.0) / 1000.0, round(q->x * 100.0) / 100.0,
				       round(q->y * 100.0) / 100.0, round(q->z * 100.0) / 100.0);
		if (pt)
			json_array_append_new(a, pt);
	}
	return a;
}

/// Each visible shot event (its recording index `c` kept) gets its trace.
static json_t *with_traces(srv_room *r, json_t *arr)
{
	size_t i;
	json_t *o;
	json_array_foreach(arr, i, o) {
		const char *type = json_string_value(json_object_get(o, "type"));
		json_t *c = json_object_get(o, "c");
		if (!type || strcmp(type, "shot") != 0 || !json_is_integer(c))
			continue;
		json_t *t = shot_trace(r, (int)json_integer_value(c));
		if (t)
			json_object_set_new(o, "trace", t);
	}
	return arr;
}

static json_t *events_json_v(srv_room *r, int seat, int first, int count, const tw_state *view)
{
	const tw_events *ev = tw_game_events(r->game);
	const tw_state *s = tw_game_state(r->game);
	if (first < 0)
		first = 0;
	if (count < 0 || first + count > ev->n)
		count = ev->n - first;
	if (seat == SRV_UMPIRE)
		return with_traces(r, tw_events_to_json(ev, first, count));
	const tw_state v = *view;
	uint8_t *hfig = calloc((size_t)s->nfig + 1, 1), *hgun = calloc((size_t)s->ngun + 1, 1);
	json_t *arr = json_array();
	for (int i = first; i < first + count && hfig && hgun; i++) {
		tw_event e = ev->v[i];
		if (i == first)
			hidden_sets(r, seat, &v, hfig, hgun);
		tw_event_for_seat(&e, seat, s); // per-seat events: veiled for a seat it is not for
		bool hide = false;
		switch (e.type) {
		case TW_EV_DEPLOY:
			hide = (e.a >= 0 && e.a < s->nfig && hfig[e.a]) || (e.a < 0 && e.c >= 0 && e.c < s->ngun && hgun[e.c]);
			break;
		case TW_EV_MOVE: case TW_EV_KILL: case TW_EV_TOUCH: case TW_EV_PRISONER: case TW_EV_ESCORT:
		case TW_EV_FREED: case TW_EV_REARMED: case TW_EV_DELIVERED: case TW_EV_SURRENDER: case TW_EV_WITHDRAW:
		case TW_EV_TRAIL: case TW_EV_LIE: case TW_EV_MELEE_MEMBER:
			hide = e.a >= 0 && e.a < s->nfig && hfig[e.a];
			break;
		case TW_EV_GUN_MOVE: case TW_EV_SHOT: case TW_EV_CAPTURE: case TW_EV_DISPUTE: case TW_EV_GUN_STATUS:
			hide = e.a >= 0 && e.a < s->ngun && hgun[e.a];
			break;
		default: break;
		}
		if (hide) {
			e.a = -1;
			e.c = -1;
			e.x = e.y = e.v = 0;
			snprintf(e.text, sizeof e.text, "%s did something out of sight",
				 e.side >= 0 && e.side < s->nsides ? s->sides[e.side].name : "someone");
			if (e.type == TW_EV_DEPLOY)
				snprintf(e.text, sizeof e.text, "%s put something down out of sight",
					 e.side >= 0 && e.side < s->nsides ? s->sides[e.side].name : "someone");
			else if (e.type == TW_EV_MELEE_MEMBER) // the melee is public; who fought in it is not
				snprintf(e.text, sizeof e.text, "a man of %s out of sight in melee %d",
					 e.side >= 0 && e.side < s->nsides ? s->sides[e.side].name : "someone", e.b);
		}
		json_array_append_new(arr, tw_event_to_json(&e));
	}
	free(hfig);
	free(hgun);
	return with_traces(r, arr);
}

static json_t *events_json(srv_room *r, int seat, int role, int first, int count)
{
	tw_state v;
	if (srv_seat_view(r, seat, role, &v) != TW_OK)
		return json_array();
	json_t *a = events_json_v(r, seat, first, count, &v);
	tw_state_free(&v);
	return a;
}

void srv_room_broadcast(srv_room *r, int first, int count)
{
	char *state_txt[SRV_ALL_SLOTS] = {0}, *ev_txt[SRV_ALL_SLOTS] = {0};
	char *clock_txt = NULL;
	json_t *cj = srv_clock_json(r);
	clock_txt = json_dumps(cj, JSON_COMPACT);
	json_decref(cj);
	for (int i = 0; i < r->nconn; i++) {
		srv_conn *c = r->conns[i];
		int slot = srv_role(r, c->role) ? SRV_SLOTS + c->role : slot_of_seat(c->seat);
		if (!state_txt[slot]) {
			// One view per seat (a role's its own) serves its events and its state.
			tw_state v;
			if (srv_seat_view(r, c->seat, c->role, &v) == TW_OK) {
				if (count > 0) {
					json_t *m = json_pack("{s:s, s:o}", "type", "events", "events",
							      events_json_v(r, c->seat, first, count, &v));
					ev_txt[slot] = json_dumps(m, JSON_COMPACT);
					json_decref(m);
				}
				json_t *m = view_msg(r, c->seat, c->role, &v, false);
				state_txt[slot] = m ? json_dumps(m, JSON_COMPACT) : NULL;
				json_decref(m);
				tw_state_free(&v);
			}
		}
		if (ev_txt[slot])
			srv_send_text(c, ev_txt[slot], strlen(ev_txt[slot]));
		if (state_txt[slot])
			srv_send_text(c, state_txt[slot], strlen(state_txt[slot]));
		if (clock_txt)
			srv_send_text(c, clock_txt, strlen(clock_txt));
	}
	for (int i = 0; i < SRV_ALL_SLOTS; i++) {
		free(state_txt[i]);
		free(ev_txt[i]);
	}
	free(clock_txt);
}

json_t *srv_roles_json(const srv_room *r)
{
	static const char *const kinds[] = {"chief", "player", "official"};
	json_t *a = json_array();
	for (int i = 0; a && i < r->nroles; i++) {
		const tw_role_def *d = &r->roles[i];
		json_t *o = json_pack("{s:i, s:s, s:s, s:s, s:s, s:s}", "side", d->side, "side_name", srv_seat_name(r, d->side),
				      "name", d->name, "kind", kinds[d->kind < 3 ? d->kind : 1], "clause", d->clause, "help",
				      d->help);
		if (o && d->stand_r > 0) { // where the player must stand (KS.GNL.1): the page draws it
			json_object_set_new(o, "stand_kind", json_string(tw_figure_kind_name(d->stand_kind)));
			json_object_set_new(o, "stand_r", json_real(d->stand_r));
			json_object_set_new(o, "stand_clause", json_string(d->stand_clause));
		}
		json_array_append_new(a, o);
	}
	return a;
}

void srv_room_send_all(srv_room *r, srv_conn *c)
{
	const tw_state *s = tw_game_state(r->game);
	json_t *sides = json_array();
	for (int i = 0; i < s->nsides; i++)
		json_array_append_new(sides, json_string(s->sides[i].name));
	char who[64];
	json_t *hello = json_pack("{s:s, s:s, s:s, s:i, s:o, s:o, s:s, s:o}", "type", "hello", "game", r->id, "seat",
				  srv_role_name(r, c->seat, c->role, who, sizeof who), "seat_index", c->seat, "sides", sides,
				  "ruleset", srv_ruleset_json(tw_game_ruleset(r->game)), "title", r->title, "roles",
				  srv_roles_json(r));
	const tw_role_def *d = srv_role(r, c->role);
	if (hello && d) { // several players a side: which of them this seat is
		json_object_set_new(hello, "role", json_string(d->name));
		json_object_set_new(hello, "role_index", json_integer(c->role));
	}
	srv_send(c, hello);
	srv_send(c, json_pack("{s:s, s:o}", "type", "events", "events", events_json(r, c->seat, c->role, 0, -1)));
	srv_send(c, srv_view_json(r, c->seat, c->role));
	srv_send(c, srv_clock_json(r));
	json_t *series = srv_series_message(r->srv, r->id); // sv-join: the game's series, if any
	if (series)
		srv_send(c, series);
}
