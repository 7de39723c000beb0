// The gun-model catalogue, as data: Wells's 4.7 spring gun (Little Wars §16) and the
// Science versus Luck matchstick cannon (SV.GUN.2 label cards, SV.GUN.4 true characteristics).
#include <math.h>
#include <strings.h>

#include "tinwar/physics.h"

#define FPS 12.0     // in/s per ft/s
#define G_IN 386.09  // in/s^2 (SV.CON.2)

// Wells: a wooden cylinder about 1 in long (0.3 in across, pine, 0.7 g), 500 in/s (the fast
// model's speed; 9 yd at about 15 degrees), a spring that repeats to about 1%, no misfires
// (the spring breech-loader always throws its shot); his accuracy is the gunner's (aim_sigma).
// SvL: a safety match, 1.85 in long, about 0.09 in across, 0.1 g, from a muzzle 0.75 in up.
#define MATCH_L 1.85
#define MATCH_R 0.045
#define MATCH_M 0.1
#define MATCH_Z 0.75

static const tw_gun_model models[] = {
	{"W47", "Wells's 4.7 spring breech-loader", 500.0, 1.0, 0.0, 0.0, 1.0, 0.15, 0.7, 1.0, 0, 0, 6.0, 0, 0},
	//  code   name                                     v0          sigma v       az   misfire
	{"VUL", "Vulcan Rifled Field Gun", 18.0 * FPS, 1.5 * FPS, 3.5, 0.10, MATCH_L, MATCH_R, MATCH_M, MATCH_Z, 144, 0.01, 4.0,
	 0.40, 3},
	{"STA", "Model 1858 Cast-Steel Gun", 17.5 * FPS, 0.5 * FPS, 1.5, 0.03, MATCH_L, MATCH_R, MATCH_M, MATCH_Z, 108, 0.05,
	 3.5, 0.45, 4},
	{"TEM", "\"La Tempete\" Quick-Firing Cannon", 15.0 * FPS, 1.5 * FPS, 4.0, 0.20, MATCH_L, MATCH_R, MATCH_M, MATCH_Z, 120,
	 0.02, 6.5, 0.25, 2},
	{"ALP", "Alpine Mountain Gun", 13.5 * FPS, 0.7 * FPS, 2.0, 0.05, MATCH_L, MATCH_R, MATCH_M, MATCH_Z, 96, 0.03, 4.5, 0.20,
	 2},
	{"IMP", "Grand Imperial Battery Gun", 16.0 * FPS, 1.3 * FPS, 2.5, 0.08, MATCH_L, MATCH_R, MATCH_M, MATCH_Z, 168, 0.0, 2.5,
	 0.50, 3},
	{"ECO", "Economy Pattern Gun", 15.0 * FPS, 2.4 * FPS, 5.0, 0.18, MATCH_L, MATCH_R, MATCH_M, MATCH_Z, 120, 0.05, 4.5, 0.30,
	 2},
	{"LEN", "Scientific Precision Piece", 16.5 * FPS, 0.4 * FPS, 1.0, 0.07, MATCH_L, MATCH_R, MATCH_M, MATCH_Z, 132, 0.02, 3.0,
	 0.35, 3},
	{"ARS", "Arsenal Old Pattern Smoothbore", 14.5 * FPS, 1.0 * FPS, 3.0, 0.12, MATCH_L, MATCH_R, MATCH_M, MATCH_Z, 84, 0.10,
	 3.0, 0.30, 2},
};

int tw_gun_model_count(void) { return (int)TW_ARRAY_COUNT(models); }

const tw_gun_model *tw_gun_model_get(int index)
{
	return index >= 0 && index < (int)TW_ARRAY_COUNT(models) ? &models[index] : NULL;
}

int tw_gun_model_find(const char *code)
{
	if (!code)
		return -1;
	for (int i = 0; i < (int)TW_ARRAY_COUNT(models); i++)
		if (strcasecmp(models[i].code, code) == 0)
			return i;
	return -1;
}

double tw_gun_model_advertised_speed(const tw_gun_model *gm)
{
	return gm->adv_range > 0 ? sqrt(gm->adv_range * G_IN) : gm->v0;
}
