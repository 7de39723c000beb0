// Houses: garrisons, roundshot and shell damage, fire and its spread, ruins (GR.HOUSE).
#include "gr.h"

static void evict(tw_state *s, int h, tw_events *ev)
{
	const tw_terrain *tr = &s->table.terrain[gr_house_terrain(s, h)];
	for (int i = 0; i < s->nfig; i++) {
		tw_figure *f = &s->fig[i];
		if (f->status != TW_FS_ACTIVE || GRF(s, f)->house != gr_house_terrain(s, h))
			continue;
		GRF(s, f)->house = -1;
		GRF(s, f)->inside = 0;
		// GR.HOUSE.6: at least 3 in from the fire, towards the figure's own back line.
		tw_vec2 back = tw_v2(0, -s->sides[f->side].forward);
		for (int k = 0; k < 200 && tw_terrain_distance(tr, f->pos) < 3.05; k++) {
			tw_vec2 p = tw_add(f->pos, tw_scale(back, 0.25));
			if (!gr_spot_free(s, p, f->radius, f->id))
				break;
			f->pos = p;
		}
		tw_event *e = tw_events_push(ev, TW_EV_MOVE, f->side, "GR.HOUSE.6");
		if (e) {
			e->a = f->id;
			e->x = f->pos.x;
			e->y = f->pos.y;
		}
	}
}

static void kill_garrison(tw_state *s, int h, int kills, const char *clause, tw_events *ev)
{
	// GR.HOUSE.2: the owner picks who dies, in his casualty order; without an order the engine
	// picks at random among the garrison (one draw per kill). Kills beyond the garrison are lost.
	for (; kills > 0; kills--) {
		int cand[7], n = 0;
		for (int i = 0; i < s->nfig && n < 7; i++)
			if (s->fig[i].status == TW_FS_ACTIVE && GRF(s, &s->fig[i])->house == gr_house_terrain(s, h))
				cand[n++] = i;
		if (n == 0)
			break;
		int k = gr_owner_choice(s, cand, n);
		if (k >= 0)
			gr_owner_event(s, &s->fig[cand[k]], "GR.HOUSE.2", ev);
		else
			k = (int)tw_rng_below(&s->rng, (uint32_t)n);
		gr_kill(s, &s->fig[cand[k]], clause, 1, ev);
	}
}

void gr_house_add_damage(tw_state *s, int h, int die, bool howitzer, tw_events *ev)
{
	if (gr_house_ruin(s, h) || gr_house_fire(s, h))
		return; // GR.HOUSE.4/6: a ruin or a burning section ignores further strikes
	if (howitzer)
		kill_garrison(s, h, tw_grant_how_house_kills(die), "GR.HOUSE.5", ev);
	gr_house_set_damage(s, h, gr_house_damage(s, h) + die); // GR.HOUSE.3
	int dmg = gr_house_damage(s, h);
	tw_event *e = tw_events_push(ev, TW_EV_INFO, -1, howitzer ? "GR.HOUSE.5" : "GR.HOUSE.3");
	if (e) {
		e->a = h;
		e->b = die;
		e->c = dmg;
		tw_event_text(e, "house %d takes %d damage (total %d)", h, die, dmg);
	}
	if (dmg >= 20) { // GR.HOUSE.3: ruined; checked before fire (GR.HOUSE.6)
		gr_house_set_ruin(s, h);
		e = tw_events_push(ev, TW_EV_INFO, -1, "GR.HOUSE.3");
		if (e) {
			e->a = h;
			tw_event_text(e, "house %d is ruined; its garrison may stay in the shell", h);
		}
	} else if (howitzer && dmg >= 10) {
		gr_house_set_fire(s, h, s->move_no); // burning move 1 is this move
		e = tw_events_push(ev, TW_EV_INFO, -1, "GR.HOUSE.6");
		if (e) {
			e->a = h;
			tw_event_text(e, "house %d catches fire", h);
		}
		evict(s, h, ev);
	}
}

void gr_house_strike_shot(tw_state *s, int h, double range, int die, tw_events *ev)
{
	int kills = 0;
	bool on = false;
	tw_grant_house_shot(range, die, &kills, &on); // GR.HOUSE.1
	kill_garrison(s, h, kills, "GR.HOUSE.2", ev);
	gr_house_add_damage(s, h, die, false, ev);
}

// GR.HOUSE.7/8 at the end of each move: spread to touching sections, burn out after 15 moves.
void gr_house_end_move(tw_state *s, tw_events *ev)
{
	int nh = gr_nhouses(s);
	for (int h = 0; h < nh; h++) {
		int since = gr_house_fire(s, h);
		if (since <= 0)
			continue;
		const tw_terrain *a = &s->table.terrain[gr_house_terrain(s, h)];
		for (int k = 0; k < nh; k++) {
			if (k == h || gr_house_fire(s, k) || gr_house_ruin(s, k))
				continue;
			const tw_terrain *b = &s->table.terrain[gr_house_terrain(s, k)];
			bool touch = false;
			for (int v = 0; v < b->nverts && !touch; v++)
				touch = tw_terrain_distance(a, b->v[v]) < 0.05;
			if (!touch)
				continue;
			tw_event *e = NULL;
			int die = tw_roll_d6(s, ev, -1, "GR.HOUSE.7", &e);
			if (e) {
				tw_event_text(e, "fire spreads from house %d to %d on 3+: throws %d", h, k, die);
			}
			if (die >= 3) {
				gr_house_set_fire(s, k, s->move_no + 1); // burns from the next move
				evict(s, k, ev);
			}
		}
		if (s->move_no - since + 1 >= 15) { // GR.HOUSE.8
			gr_house_set_fire(s, h, 0);
			gr_house_set_ruin(s, h);
			tw_event *e = tw_events_push(ev, TW_EV_INFO, -1, "GR.HOUSE.8");
			if (e) {
				e->a = h;
				tw_event_text(e, "house %d burns out and leaves ruins", h);
			}
		}
	}
}
