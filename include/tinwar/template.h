/// Templates as data: a rule set lists named shapes (in inches, in the template's own frame) in its
/// descriptor (tw_ruleset.templates); pictures, the browser table and the terminal draw them.
#ifndef TINWAR_TEMPLATE_H
#define TINWAR_TEMPLATE_H
#include "tinwar/geom.h"

#define TW_TPL_MAX_POINTS 24

/// One shape of a template, in inches in the template's own frame: the origin is where the
/// template is placed, +y points along the template's bearing and +x to its right.
typedef enum tw_tpl_shape_kind {
	TW_TPL_POLY = 0, ///< polygon through pts[0..npts)
	TW_TPL_CIRCLE,   ///< circle of radius r1 about pts[0]
	TW_TPL_SECTOR,   ///< ring sector about pts[0]: radii r0..r1, angles a0..a1 (degrees from the bearing)
	TW_TPL_LINE,     ///< open polyline through pts[0..npts)
} tw_tpl_shape_kind;

typedef struct tw_tpl_shape {
	uint8_t kind; ///< tw_tpl_shape_kind
	int npts;
	tw_vec2 pts[TW_TPL_MAX_POINTS]; ///< inches, template frame
	double r0, r1;                  ///< inner and outer radius, inches
	double a0, a1;                  ///< start and end angle, degrees clockwise from the bearing
} tw_tpl_shape;

/// A template as data (Grant's roundshot sleeve, canister cone, shell burst; Wells's 6 in string):
/// a rule set supplies a table of these and the renderer draws them. Colours are 0xRRGGBBAA.
typedef struct tw_render_template {
	const char *name;    ///< shown in the legend, e.g. "canister cone"
	int nshapes;
	const tw_tpl_shape *shapes;
	uint32_t fill;       ///< fill colour (alpha 0 = none)
	uint32_t stroke;     ///< outline colour (alpha 0 = none)
	double line_width;   ///< outline width, inches on the table
	bool dashed;         ///< dashed outline
} tw_render_template;

#endif
