// Science versus Luck: morale (SV.MOR.2-11), the turn's end (SV.SEQ.4, SV.WIN.3) and the start
// of the attacker's phase with its recovery roll (SV.MOR.6).
#include "sv.h"

static const char *const result_words[] = {"carry on", "Pause", "Recoil"};

// SV.MOR.7-8: the net modifier as things stand; *bits (if given) the factors that hold: 1
// commander leading, 2 bugler playing, 4 adhering, 8 below half, 16 out of sight.
int sv_morale_factors(const tw_state *s, int *bits)
{
	const sv_game *g = SVG(s);
	const sv_srec *m = SVS(s, SV_ATTACKER);
	int standing = 0, unseen = 0, cmd = -1, bug = -1;
	double front = 1e300;
	for (int f = 0; f < s->nfig; f++) {
		if (!sv_standing(s, f))
			continue;
		standing++;
		int role = SVF(s, f)->role;
		if (role == SV_ROLE_COMMANDER)
			cmd = f;
		if (role == SV_ROLE_BUGLER)
			bug = f;
		double d;
		if (role == SV_ROLE_RIFLEMAN && sv_nearest_gun(s, s->fig[f].pos, &d) >= 0 && d < front)
			front = d;
		bool sees = false;
		for (int k = 0; k < s->ngun && !sees; k++)
			sees = sv_gun_in_action(s, k) && sv_sight(s, s->fig[f].pos, s->gun[k].axle);
		unseen += !sees;
	}
	bool leading = false;
	if (cmd >= 0 && front < 1e300) {
		double d;
		sv_nearest_gun(s, s->fig[cmd].pos, &d);
		leading = d <= front + 3.0;
	}
	bool f[5] = {leading, m->bugler && bug >= 0, g->adhering, tw_sv_below_half(g->start, standing), 2 * unseen > standing};
	if (bits)
		*bits = (int)f[0] | (int)f[1] << 1 | (int)f[2] << 2 | (int)f[3] << 3 | (int)f[4] << 4;
	return tw_sv_morale_mod(f[0], f[1], f[2], f[3], f[4]);
}

int sv_morale_mod_now(const tw_state *s)
{
	return sv_morale_factors(s, NULL);
}

// SV.MOR.8: the factors as judged for the roll(s) about to be thrown, in an event of their own.
static int judged(tw_state *s, tw_events *ev)
{
	int bits, mod = sv_morale_factors(s, &bits);
	tw_event *e = tw_events_push(ev, TW_EV_INFO, SV_ATTACKER, "SV.MOR.8");
	if (e) {
		e->a = bits;
		e->b = mod;
		tw_event_text(e, "morale factors: commander leading %s, bugler playing %s, adhering %s, below half %s, "
			      "out of sight %s: %+d", bits & 1 ? "+1" : "0", bits & 2 ? "+1" : "0", bits & 4 ? "+1" : "0",
			      bits & 8 ? "-1" : "0", bits & 16 ? "-1" : "0", mod);
	}
	return mod;
}

static tw_sv_morale roll_one(tw_state *s, tw_events *ev, const char *clause, int mod)
{
	int r = tw_roll_d6(s, ev, SV_ATTACKER, clause, NULL);
	SVG(s)->morale_rolls++;
	tw_sv_morale res = tw_sv_morale_result(r + mod);
	tw_event *e = tw_events_push(ev, TW_EV_INFO, SV_ATTACKER, clause);
	if (e) {
		e->a = r;
		e->b = mod;
		e->c = (int)res;
		tw_event_text(e, "morale (the whole company, SV.MOR.10): rolled %d, modifier %+d = %d: %s", r, mod, r + mod,
			      result_words[res]);
	}
	return res;
}

void sv_start_attack(tw_state *s, tw_events *ev)
{
	sv_game *g = SVG(s);
	s->phase = SV_PH_ATTACK;
	s->mover = SV_ATTACKER;
	s->move_no++;
	g->cond = SV_COND_NORMAL;
	for (int f = 0; f < s->nfig; f++) {
		if (s->fig[f].side != SV_ATTACKER)
			continue;
		sv_frec *r = SVF(s, f);
		r->ran = r->act == SV_ACT_RAN;
		r->act = SV_ACT_NONE;
		r->sx = s->fig[f].pos.x;
		r->sy = s->fig[f].pos.y;
	}
	if (g->recoil) {
		if (g->turn == g->recoil_turn + 1) {
			g->cond = SV_COND_RECOIL; // SV.MOR.6: the phase after the Recoil is spent recoiling, no roll
		} else {
			// SV.MOR.6 recovery roll with the factors of SV.MOR.7 (adhering: the previous turn's verdict)
			tw_sv_morale res = roll_one(s, ev, "SV.MOR.6", judged(s, ev));
			if (res == TW_SV_RECOIL) {
				g->cond = SV_COND_RECOIL;
			} else {
				g->recoil = 0;
				g->cond = res == TW_SV_PAUSE ? SV_COND_PAUSE : SV_COND_NORMAL;
			}
		}
	} else if (g->result == TW_SV_PAUSE) {
		g->cond = SV_COND_PAUSE; // SV.MOR.4: the next phase
	}
	g->result = TW_SV_CARRY_ON;
	tw_event *e = tw_events_push(ev, TW_EV_PHASE, SV_ATTACKER, "SV.SEQ.2");
	if (e) {
		e->a = SV_PH_ATTACK;
		e->b = g->cond;
		tw_event_text(e, "turn %d: the attacker's phase%s", g->turn,
			      g->cond == SV_COND_PAUSE ? " (Pause: no figure may end nearer a gun, SV.MOR.4)"
			      : g->cond == SV_COND_RECOIL ? " (Recoil: every figure falls back, SV.MOR.5)" : "");
	}
}

void sv_end_turn(tw_state *s, tw_events *ev)
{
	sv_game *g = SVG(s);
	// SV.MOR.2: a test for each further 10% of start strength hit this turn; SV.MOR.6: none while
	// recoiling; SV.MOR.9: the worst result applies.
	int tests = tw_sv_morale_tests(g->start, g->hits);
	tw_sv_morale worst = TW_SV_CARRY_ON;
	if (tests > 0 && g->recoil) {
		tw_event *e = tw_events_push(ev, TW_EV_INFO, SV_ATTACKER, "SV.MOR.6");
		if (e)
			tw_event_text(e, "%d morale test(s) due but not rolled: the infantry are recoiling", tests);
	} else {
		int mod = tests > 0 ? judged(s, ev) : 0;
		for (int i = 0; i < tests; i++) { // SV.MOR.10: each test one die for the whole company
			tw_sv_morale r = roll_one(s, ev, "SV.MOR.2", mod);
			if (r > worst)
				worst = r;
		}
	}
	g->result = worst;
	if (worst == TW_SV_RECOIL) {
		g->recoil = 1;
		g->recoil_turn = g->turn;
	}
	g->hits = 0;
	// SV.WIN.3 (a) no standing infantry on the table; (b) the turn limit with a gun in action.
	int standing = 0;
	for (int f = 0; f < s->nfig; f++)
		standing += sv_standing(s, f);
	if (standing == 0) {
		sv_win(s, SV_DEFENDER, "SV.WIN.3", "no standing infantry remains on the table", ev);
		return;
	}
	if (g->turn >= (int)s->params[SVP_MAX_TURNS]) {
		sv_win(s, SV_DEFENDER, "SV.WIN.3", "the turn limit is reached with a gun still in action", ev);
		return;
	}
	g->turn++;
	sv_start_attack(s, ev);
}
