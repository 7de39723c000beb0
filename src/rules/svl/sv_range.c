// Science versus Luck, phase 2: the test range (SV.DOC.6-9) as orders. A game whose `stage`
// parameter is 1 is an evaluation: each side fires its own country's guns (SV.DOC.2, SV.EXPO.8)
// down an empty 96" lane at paper screens (SV.DOC.3, SV.DOC.6), 30 test rounds a gun and one
// timed serial (SV.DOC.7). Each round is recorded on the gun's record, visible to its owner only
// (SV.DOC.8): what the range measures is what the team learns of the hidden truth (SV.GUN.1).
#include <math.h>
#include "tinwar/detmath.h"

#include "tinwar/physics.h"
#include "sv.h"

#define LANE 96.0 // SV.DOC.6
static const double screens[6] = {12, 24, 36, 48, 60, 72};

tw_status sv_range_setup(tw_state *s, tw_error *err)
{
	if (s->nsides < 1)
		return tw_error_set(err, TW_ERR_INPUT, "SV.SETUP.2", "an evaluation needs a side");
	if (s->nfig > 0) // SV.DOC.3: no firing at the soldiers (the practice ground is not here)
		return tw_error_set(err, TW_ERR_INPUT, "SV.DOC.3", "the test range holds paper screens only, not figures");
	if (s->table.nterrain > 0)
		return tw_error_set(err, TW_ERR_INPUT, "SV.DOC.6", "the test range is a flat lane with no terrain");
	for (int k = 0; k < s->ngun; k++) {
		const tw_gun_model *gm = tw_gun_model_get(s->gun[k].model);
		if (!gm || gm->adv_range <= 0)
			return tw_error_set(err, TW_ERR_INPUT, "SV.GUN.2", "gun %d is no Science versus Luck model", k);
	}
	s->phase = SV_PH_RANGE;
	s->mover = 0;
	s->winner = -1;
	return TW_OK;
}

tw_status sv_validate_test(const tw_state *s, const tw_order *o, tw_error *err)
{
	const char *what = o->type == SV_OT_SERIAL ? "the timed serial" : "a test round";
	if (s->phase != SV_PH_RANGE)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.2", "%s is fired on the test range, not in battle", what);
	if (o->side < 0 || s->gun[o->gun].side != o->side)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.2", "gun %d is not %s's: a team tests its own country's guns",
				    o->gun, o->side >= 0 ? s->sides[o->side].name : "the umpire");
	if (o->nval != 1 || o->val[0] < 1 || o->val[0] > (int)LANE)
		return tw_error_set(err, TW_ERR_INPUT, "SV.DOC.7", "the set range is 1 to %d in (the lane, SV.DOC.6)", (int)LANE);
	const sv_grec *r = SVGN(s, o->gun);
	if (o->type == SV_OT_TEST && r->tests >= SV_TEST_BUDGET)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.7", "gun %d has fired its %d test rounds", o->gun, SV_TEST_BUDGET);
	if (o->type == SV_OT_SERIAL && r->serial)
		return tw_error_set(err, TW_ERR_ILLEGAL, "SV.DOC.7", "gun %d has fired its one timed serial", o->gun);
	if (s->dice == TW_DICE_ENTERED) // sv-svweb: the entries checked before anything is recorded (SV.DOC.8)
		return sv_range_check_physical(s, o, err);
	return TW_OK;
}

// One round down the lane (SV.GUN.8 with the team's AM.range_factor, SV.GUN.12), recorded.
static void round_fired(tw_state *s, const tw_order *o, bool serial, tw_events *ev)
{
	sv_grec *r = SVGN(s, o->gun);
	const tw_gun_model *gm = tw_gun_model_get(s->gun[o->gun].model);
	double k = SVS(s, o->side)->range_factor, set = o->val[0];
	double vb = tw_sv_v_adv(gm->adv_range) * sqrt(k);
	double theta = s->gun[o->gun].bearing; // down the lane
	int i = r->nrec < SV_REC_MAX ? r->nrec++ : SV_REC_MAX - 1;
	tw_sv_round rd;
	int struck = 0;
	if (s->dice == TW_DICE_ENTERED) {
		// PHYSICAL mode (SV.DOC.8, SV.GUN.13): the team marks what the real match did, entered
		// through the chance hook so that a replay reads the same: a face 1-2 (2: misfired); then,
		// if it flew, where it first landed (first graze D1, whole inches, 1-100), its lateral
		// offset there (a face 1-49: face - 25 in, left negative) and the screens it holed (a face
		// 1-64: face - 1 is the mask, bit 0 the 12 in screen ... bit 5 the 72 in). The elevation
		// recorded is the one set (SV.GUN.12); the beaten zone is the first graze alone.
		// sv-svweb: the entries are the team's measurements (SV.DOC.8): their dice events are its
		// own too (every other seat reads them veiled).
		int face = 0;
		tw_event *de = NULL;
		tw_roll(s, ev, o->side, "SV.DOC.8", 1, 2, &face, &de);
		tw_event_only(de, o->side);
		rd = (tw_sv_round){.r = set, .k = k, .e = tw_sv_elevation(set, vb), .misfire = face == 2};
		if (!rd.misfire) {
			int d1 = 0, lat = 0, mask = 0;
			tw_roll(s, ev, o->side, "SV.DOC.8", 1, 100, &d1, &de);
			tw_event_only(de, o->side);
			tw_roll(s, ev, o->side, "SV.DOC.8", 1, 49, &lat, &de);
			tw_event_only(de, o->side);
			tw_roll(s, ev, o->side, "SV.DOC.8", 1, 64, &mask, &de);
			tw_event_only(de, o->side);
			rd.d1 = rd.z0 = rd.z1 = d1;
			rd.lat = lat - 25;
			struck = mask - 1;
		}
	} else {
		sv_shot_out out;
		sv_shot(s, o->gun, theta, set, vb, o->n, NULL, &s->rng, &out);
		rd = (tw_sv_round){.r = set, .k = k, .e = out.e, .misfire = out.misfire, .d1 = out.d1,
				   .lat = out.d1 * tw_sin((out.phi - theta) * 3.14159265358979323846 / 180.0), .z0 = out.z0, .z1 = out.z1};
		if (out.misfire)
			rd.e = tw_sv_elevation(set, vb), rd.d1 = rd.lat = rd.z0 = rd.z1 = 0;
		for (int j = 0; j < 6; j++)
			struck |= tw_sv_screen_struck(&rd, screens[j]) ? 1 << j : 0;
	}
	r->rec_r[i] = rd.r;
	r->rec_k[i] = rd.k;
	r->rec_e[i] = rd.e;
	r->rec_d1[i] = rd.d1;
	r->rec_lat[i] = rd.lat;
	r->rec_z0[i] = rd.z0;
	r->rec_z1[i] = rd.z1;
	r->rec_flags[i] = (rd.misfire ? 1 : 0) | (serial ? 2 : 0) | (o->n << 2) | (struck << 4);
	// SV.DOC.8: the round's measurements are the owner's (a per-seat event, docs/design.md "Events
	// for some seats"): every other seat reads only that a report for that side was made.
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "SV.DOC.8");
	if (e) {
		e->a = o->gun;
		e->b = i + 1;
		e->c = struck;
		e->x = rd.d1;
		e->y = rd.lat;
		e->v = rd.e;
		tw_event_only(e, o->side);
		if (rd.misfire)
			tw_event_text(e, "gun %d: round %d%s at %.0f in, %s, k %.2f: misfire; recorded for %s", o->gun, i + 1,
				      serial ? " of the timed serial" : "", set, sv_tempo_names[o->n], k, s->sides[o->side].name);
		else
			tw_event_text(e, "gun %d: round %d%s at %.0f in, %s, k %.2f: e %.2f deg, D1 %.1f in, lateral %.1f in, Z %.1f-%.1f in; recorded for %s",
				      o->gun, i + 1, serial ? " of the timed serial" : "", set, sv_tempo_names[o->n], k, rd.e,
				      rd.d1, rd.lat, rd.z0, rd.z1, s->sides[o->side].name);
	}
}

tw_status sv_apply_test(tw_state *s, const tw_order *o, tw_events *ev)
{
	sv_grec *r = SVGN(s, o->gun);
	if (o->type == SV_OT_TEST) {
		r->tests++;
		round_fired(s, o, false, ev);
		return TW_OK;
	}
	// SV.DOC.7 timed serial: one minute at the chosen tempo; the shots the rate allows (SV.ROF.1-2
	// from an empty accumulator), each recorded, none against the 30.
	r->serial = 1;
	int acc = 0, rof = tw_sv_rof((int)lround(r->rate * 100), (tw_sv_crew)r->crew, (tw_sv_tempo)o->n);
	int shots = tw_sv_rof_step(&acc, rof);
	if (s->dice == TW_DICE_ENTERED) { // sv-svweb: PHYSICAL: the shots the real gun fired in the umpire's minute
		tw_error ignored;
		if (sv_range_entries(s, o, &shots, &ignored) != TW_OK)
			shots = 0; // validated before: not reached
		sv_range_minute_done(s, o);
	}
	for (int n = 0; n < shots; n++)
		round_fired(s, o, true, ev);
	tw_event *e = tw_events_push(ev, TW_EV_INFO, o->side, "SV.DOC.7");
	if (e) {
		e->a = o->gun;
		tw_event_text(e, "gun %d's timed serial at %s: one minute of firing, recorded for %s", o->gun,
			      sv_tempo_names[o->n], s->sides[o->side].name);
	}
	return TW_OK;
}

void sv_range_summary(const tw_state *s, int g, tw_sv_range_summary *out, int *serial_shots, int *serial_misfires)
{
	const sv_grec *r = SVGN(s, g);
	tw_sv_round rd[SV_REC_MAX];
	*serial_shots = *serial_misfires = 0;
	for (int i = 0; i < r->nrec; i++) {
		rd[i] = (tw_sv_round){.r = r->rec_r[i], .k = r->rec_k[i], .e = r->rec_e[i], .misfire = r->rec_flags[i] & 1,
				      .d1 = r->rec_d1[i], .lat = r->rec_lat[i], .z0 = r->rec_z0[i], .z1 = r->rec_z1[i]};
		if (r->rec_flags[i] & 2) {
			++*serial_shots;
			*serial_misfires += r->rec_flags[i] & 1;
		}
	}
	tw_sv_range_summarise(rd, r->nrec, out);
}
