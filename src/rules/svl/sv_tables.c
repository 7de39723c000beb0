// Science versus Luck: tables as data and the pure rules (SV.MOR.2-8, SV.FIRE.1-2, SV.ROF.1-5,
// SV.GUN.5-8, SV.DOC.17). Integers where the catalogue rounds, so its examples hold exactly.
#include <math.h>
#include "tinwar/detmath.h"

#include "sv.h"

#define G_IN 386.09 // SV.CON.2, in/s^2
#define DEG (3.14159265358979323846 / 180.0)

// SV.GUN.7: tempo rate, misfire and dispersion factors.
const sv_tempo_row sv_tempo[TW_SV_TEMPO_COUNT] = {
	[TW_SV_STEADY] = {100, 1.0, 1.0},
	[TW_SV_RAPID] = {125, 2.0, 1.5},
	[TW_SV_DELIBERATE] = {75, 0.5, 0.75},
};
// SV.GUN.6: crew rate multipliers, hundredths.
const int sv_crew100[TW_SV_CREW_COUNT] = {[TW_SV_TRAINED] = 100, [TW_SV_RAW] = 80, [TW_SV_VETERAN] = 120};
const char *const sv_tempo_names[] = {"STEADY", "RAPID", "DELIBERATE", NULL};
const char *const sv_crew_names[] = {"Trained", "Raw", "Veteran", NULL};

int tw_sv_morale_tests(int start, int hits)
{
	return start > 0 && hits > 0 ? (int)(10LL * hits / start) : 0; // SV.MOR.2
}

tw_sv_morale tw_sv_morale_result(int m)
{
	return m >= 5 ? TW_SV_CARRY_ON : m >= 3 ? TW_SV_PAUSE : TW_SV_RECOIL; // SV.MOR.3
}

int tw_sv_morale_mod(bool commander, bool bugler, bool adhering, bool below_half, bool out_of_sight)
{
	return (int)commander + (int)bugler + (int)adhering - (int)below_half - (int)out_of_sight; // SV.MOR.7
}

bool tw_sv_below_half(int start, int standing)
{
	return 2 * standing < start; // SV.MOR.8
}

int tw_sv_fire_face(double d)
{
	return d <= SV_CLOSE ? 5 : d <= SV_FIRE_RANGE ? 6 : 0; // SV.FIRE.2, SV.FIRE.1
}

int tw_sv_rof(int rate100, tw_sv_crew crew, tw_sv_tempo tempo)
{
	long long p = (long long)rate100 * sv_crew100[crew] * sv_tempo[tempo].rate100; // SV.ROF.1
	return (int)((p + 5000) / 10000);
}

int tw_sv_rof_step(int *acc, int rof100)
{
	*acc += rof100; // SV.ROF.2
	int r = *acc / 100;
	*acc %= 100;
	return r;
}

int tw_sv_rof_shots(int allocation, int limit, bool moved)
{
	int n = allocation < limit ? allocation : limit; // SV.ROF.2
	if (moved)
		n -= 2; // SV.ROF.4, SV.MOVE.4
	return n > 0 ? n : 0;
}

int tw_sv_clock_shots(int rof100, bool moved)
{
	// SV.ROF.5: shots at k x t_r for k = 0, 1, ... while k x 6000 / rof100 <= 60, i.e. k <= rof100 / 100;
	// after a move the first is at 2 t_r.
	if (rof100 <= 0)
		return 0;
	int k = rof100 / 100;
	return moved ? (k >= 2 ? k - 1 : 0) : k + 1;
}

double tw_sv_misfire(double p, tw_sv_tempo tempo)
{
	double q = p * sv_tempo[tempo].misfire; // SV.GUN.7
	return q > 0.5 ? 0.5 : q;
}

double tw_sv_v_adv(double label_range)
{
	return sqrt(label_range * G_IN) / 12.0; // SV.GUN.5
}

double tw_sv_elevation(double r, double vb)
{
	double x = r * G_IN / ((12.0 * vb) * (12.0 * vb)); // SV.GUN.8 step 4
	if (x >= 1.0)
		return 45.0;
	double e = 0.5 * tw_asin(x) / DEG;
	return e < 1.0 ? 1.0 : e;
}

double tw_sv_first_graze(double v, double e)
{
	return (12.0 * v) * (12.0 * v) * tw_sin(2.0 * e * DEG) / G_IN; // SV.GUN.8 step 5
}

bool tw_sv_adhering(int passed, int checks, bool force_ok)
{
	return force_ok && 10LL * passed >= 9LL * checks; // SV.DOC.17: at least 90%
}
