// Figure and gun names and footprints.
#include <math.h>
#include <string.h>

#include "tinwar/figure.h"

static const char *const fk_names[TW_FK_COUNT] = {"infantry", "cavalry", "officer", "general",
						  "gunner",   "waggon",  "other"};
static const char *const fs_names[TW_FS_GENERIC_COUNT] = {"active", "dead",     "out",
							  "off",    "unplaced", "reserve"};

const char *tw_figure_kind_name(tw_figure_kind k) { return (unsigned)k < TW_FK_COUNT ? fk_names[k] : "?"; }

int tw_figure_kind_from_name(const char *name)
{
	for (int i = 0; i < TW_FK_COUNT; i++)
		if (strcmp(fk_names[i], name) == 0)
			return i;
	return -1;
}

const char *tw_figure_status_name(tw_figure_status s)
{
	return (unsigned)s < TW_FS_GENERIC_COUNT ? fs_names[s] : "?";
}

int tw_figure_status_from_name(const char *name)
{
	for (int i = 0; i < TW_FS_GENERIC_COUNT; i++)
		if (strcmp(fs_names[i], name) == 0)
			return i;
	return -1;
}

tw_vec2 tw_gun_trail_end(const tw_gun *g) { return tw_add(g->axle, tw_scale(tw_dir_deg(g->bearing), -g->trail)); }

tw_vec2 tw_gun_muzzle(const tw_gun *g) { return tw_add(g->axle, tw_scale(tw_dir_deg(g->bearing), g->muzzle)); }

tw_gun_frame tw_gun_frame_of(const tw_gun *g)
{
	tw_vec2 d = tw_dir_deg(g->bearing); // once: the same values tw_gun_trail_end and tw_gun_muzzle compute
	tw_vec2 side = tw_v2(d.y, -d.x);
	tw_gun_frame fr;
	fr.trail = tw_add(g->axle, tw_scale(d, -g->trail));
	fr.muzzle = tw_add(g->axle, tw_scale(d, g->muzzle));
	fr.wheel0 = tw_add(g->axle, tw_scale(side, g->half_axle));
	fr.wheel1 = tw_add(g->axle, tw_scale(side, -g->half_axle));
	return fr;
}

double tw_gun_frame_distance(const tw_gun_frame *fr, tw_vec2 p)
{
	double m = tw_dist_point_segment(p, fr->trail, fr->muzzle);
	return fmin(m, tw_dist_point_segment(p, fr->wheel0, fr->wheel1));
}

double tw_gun_distance(const tw_gun *g, tw_vec2 p)
{
	tw_gun_frame fr = tw_gun_frame_of(g);
	return tw_gun_frame_distance(&fr, p);
}

double tw_figure_gap(const tw_figure *a, const tw_figure *b)
{
	return tw_dist(a->pos, b->pos) - a->radius - b->radius;
}
