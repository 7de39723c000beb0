// The computer on the test range (sv-join): the next order of a computer team in the evaluation
// (SV.DOC.2-9), decided from its own side's view alone, one order at a time (the server's computer
// seats give one order per decision): as tw_sv_play_computer does in one go (sv_series_play.c),
// its Infantry Manual (SV.DOC.12, version 1), six test rounds a gun at 24, 36, 48, 30, 42 and 54 in
// STEADY and the timed serial at 36 in (SV.DOC.7), its Artillery Manual with AM.range_factor the
// first gun's suggested factor (SV.DOC.9, clamped to 0.30-1.50), then `end` (SV.DOC.4).
#include "sv.h"

static const int ranges[] = {24, 36, 48, 30, 42, 54};

int sv_range_auto(const tw_state *s, int side, tw_order *o)
{
	if (s->phase != SV_PH_RANGE || s->over || side < 0 || side >= s->nsides || SVS(s, side)->range_done)
		return 0;
	const sv_srec *r = SVS(s, side);
	int c = r->country;
	if (r->im_version == 0) {
		tw_sv_manual im;
		tw_sv_computer_manual(&im, TW_SV_INFANTRY, c);
		tw_sv_manual_order(&im, side, o);
		return 1;
	}
	int first = -1;
	for (int g = 0; g < s->ngun; g++) {
		if (s->gun[g].side != side)
			continue;
		if (first < 0)
			first = g;
		const sv_grec *gr = SVGN(s, g);
		if (gr->tests < (int)TW_ARRAY_COUNT(ranges) || !gr->serial) {
			bool test = gr->tests < (int)TW_ARRAY_COUNT(ranges);
			tw_order_init(o, test ? SV_OT_TEST : SV_OT_SERIAL, side);
			o->gun = g;
			o->nval = 1;
			o->val[0] = test ? ranges[gr->tests] : 36;
			o->n = TW_SV_STEADY;
			return 1;
		}
	}
	if (r->am_version == 0) {
		tw_sv_manual am;
		tw_sv_computer_manual(&am, TW_SV_ARTILLERY, c);
		if (first >= 0) { // SV.DOC.9: the first gun's suggested factor
			tw_sv_range_summary sm;
			int shots, mis;
			sv_range_summary(s, first, &sm, &shots, &mis);
			int k100 = (int)(sm.k_new * 100 + 0.5);
			if (sm.counted > 0)
				am.v[SV_AM_RFACTOR] = k100 < 30 ? 30 : k100 > 150 ? 150 : k100;
		}
		tw_sv_manual_order(&am, side, o);
		return 1;
	}
	tw_order_init(o, SV_OT_END, side);
	return 1;
}
