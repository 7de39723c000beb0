/// Pictures of the table (cairo): terrain, forces, casualties and prisoners, one move's arrows,
/// shot traces and melee rings, a scale bar and a legend. One drawing path serves PNG, SVG and PDF.
/// Lengths on the table are inches; picture sizes are pixels (PNG) or points (SVG, PDF).
/// The picture puts side 0's (Red's) back line at the bottom and side 1's at the top.
#ifndef TINWAR_RENDER_H
#define TINWAR_RENDER_H
#include "tinwar/event.h"
#include "tinwar/shot.h"
#include "tinwar/state.h"
#include "tinwar/template.h"

/// A template put down on the table at a point, turned to a bearing (degrees, 0 = towards +y).
typedef struct tw_render_placed {
	const tw_render_template *tpl;
	tw_vec2 origin;   ///< inches
	double bearing;   ///< degrees
	char label[48];   ///< drawn beside it ("" for none)
} tw_render_placed;

/// The templates of the rule set named `ruleset` (its tw_ruleset.templates). *n gets the count.
const tw_render_template *tw_render_templates(const char *ruleset, int *n);
/// A template by rule set and name, or NULL.
const tw_render_template *tw_render_template_find(const char *ruleset, const char *name);

/// How a picture is drawn. Fill with tw_render_opts_default, then change what you need.
typedef struct tw_render_opts {
	int seat;              ///< -1 umpire (sees all), else the side whose view is drawn
	double px_per_inch;    ///< scale: pixels (points for SVG/PDF) per inch of table; default 6
	const char *title;     ///< drawn above the table, or NULL
	bool legend;           ///< draw the legend panel to the right of the table (default true)
	bool text;             ///< draw any text at all (false for font-independent golden images)
	bool labels;           ///< name the terrain pieces (default true)
	/// The name of a field of the rule set's records (record.h), drawn by value: a figure field
	/// beside each man, a unit field once a unit, a gun field beside each gun (values at their
	/// defaults left out unless a named choice). NULL: none. A name that no figure, unit or gun
	/// record has is refused.
	const char *field;
	int nplaced;           ///< extra templates to draw on the table
	const tw_render_placed *placed;
	/// A part of the table only (issue 18, reports of large tables): the rectangle win_lo-win_hi
	/// in table inches, cut to the table, drawn at px_per_inch and nothing outside it; the scale
	/// bar says which part. false (the default), or an empty part: the whole table.
	bool window;
	tw_vec2 win_lo, win_hi;
} tw_render_opts;

void tw_render_opts_default(tw_render_opts *o);

/// What to draw: the position `state`, and optionally one move: its events ev[first..first+count)
/// and the position `before` at the start of that move (starting points of the movement arrows).
typedef struct tw_render_scene {
	const tw_state *state;  ///< the position to draw (required)
	const tw_state *before; ///< position at the start of the move, or NULL (then no arrows)
	const tw_events *ev;    ///< the move's events, or NULL
	int first, count;       ///< range in ev
	const tw_shot_recorder *shots; ///< the game's recorded shots (traces), or NULL: straight lines
} tw_render_scene;

/// Size of the picture in pixels (or points) for a scene and options.
void tw_render_size(const tw_render_scene *sc, const tw_render_opts *o, int *width, int *height);

/// Draws a scene into a file; the format follows the extension: .png, .svg or .pdf (the PDF's
/// creation date is fixed, so the same scene gives the same bytes).
tw_status tw_render_file(const tw_render_scene *sc, const tw_render_opts *o, const char *path, tw_error *err);

/// Draws a scene as PNG into a malloc'd buffer (*data, *len). Caller frees *data.
tw_status tw_render_png(const tw_render_scene *sc, const tw_render_opts *o, unsigned char **data, size_t *len,
			tw_error *err);

/// Draws a scene as SVG text into a malloc'd NUL-terminated buffer. Caller frees *text.
tw_status tw_render_svg(const tw_render_scene *sc, const tw_render_opts *o, char **text, size_t *len, tw_error *err);

/// An image in memory: 32-bit pixels 0xAARRGGBB (premultiplied), rows of `stride` bytes.
typedef struct tw_image {
	int width, height, stride;
	unsigned char *data;
} tw_image;

/// Draws a scene into a new image (for tests and embedding). Free with tw_image_free.
tw_status tw_render_image(const tw_render_scene *sc, const tw_render_opts *o, tw_image *img, tw_error *err);
void tw_image_free(tw_image *img);
/// Loads a PNG file into an image.
tw_status tw_image_load_png(tw_image *img, const char *path, tw_error *err);
/// Saves an image as PNG.
tw_status tw_image_save_png(const tw_image *img, const char *path, tw_error *err);
/// Pixels whose channels differ by more than `tol` (0..255) inside the rectangle x0,y0,w,h
/// (pass w = h = 0 for the whole image). Images of different sizes count every pixel.
long tw_image_diff(const tw_image *a, const tw_image *b, int tol, int x0, int y0, int w, int h);

/// Where a table point lands in the picture, pixels (or points) from the top left.
tw_vec2 tw_render_to_picture(const tw_render_scene *sc, const tw_render_opts *o, tw_vec2 table_point);

#endif
