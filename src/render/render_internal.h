// The renderer's internal contract between its files (never installed).
#ifndef TW_RENDER_INTERNAL_H
#define TW_RENDER_INTERNAL_H
#include <cairo.h>

#include "tinwar/tinwar.h"
#include "tinwar/render.h"
#include "tinwar/report.h"

/// Marks for figures in the move being drawn (indexed by figure id).
enum {
	TW_RM_KILLED = 1u << 0, ///< killed in this move
	TW_RM_TAKEN = 1u << 1,  ///< taken prisoner in this move
	TW_RM_FREED = 1u << 2,  ///< released in this move
	TW_RM_MOVED = 1u << 3,  ///< moved in this move
	TW_RM_MELEE = 1u << 4,  ///< in a melee in this move
	TW_RM_CONTACT = 1u << 5, ///< a melee participant in contact; else drawn in by the melee's reach
};

typedef struct tw_rgb {
	double r, g, b;
} tw_rgb;

/// Everything one drawing needs: the cairo context, the (viewed) positions and the layout.
typedef struct tw_rctx {
	cairo_t *cr;
	const tw_render_opts *o;
	const tw_state *s;      ///< the position as the seat sees it
	const tw_state *before; ///< the start of the move as the seat sees it, or NULL
	const tw_events *ev;
	int first, count;
	const tw_shot_recorder *shots; ///< recorded shot traces, or NULL
	double ppi;             ///< pixels per inch
	double ox, oy;          ///< picture position of the drawn part's corner (x = wx0, y = wy1)
	double wx0, wy1;        ///< table inches at that corner: 0 and the depth for the whole table
	double vw, vh;          ///< the drawn part's size in the picture, pixels
	bool win;               ///< a part of the table only (tw_render_opts.window): drawing is clipped to it
	double legend_x;        ///< left edge of the legend panel
	int width, height;      ///< whole picture, pixels
	uint8_t *mark;          ///< TW_RM_* per figure id (s->nfig entries)
	uint8_t *gun_taken;     ///< 1 per gun id captured in this move
} tw_rctx;

// ---- render.c: layout and helpers ----
/// Table point to picture point.
tw_vec2 tw_rp(const tw_rctx *c, tw_vec2 p);
/// Lays out the picture for a scene (fills ppi, ox, oy, legend_x, width, height).
void tw_render_layout(tw_rctx *c, const tw_render_scene *sc, const tw_render_opts *o);
/// Draws the whole picture on cr (already sized per tw_render_layout). `sc` is the full scene;
/// the seat's view is taken inside.
tw_status tw_render_draw(cairo_t *cr, const tw_render_scene *sc, const tw_render_opts *o, tw_error *err);
/// Side colour (dark = for outlines and arrows).
tw_rgb tw_side_rgb(int side, bool dark);
void tw_set_rgb(cairo_t *cr, tw_rgb c, double alpha);
void tw_set_hex(cairo_t *cr, uint32_t rrggbbaa);
/// Text helpers (no-ops when o->text is false). `align`: 0 left, 0.5 centre, 1 right.
void tw_text(const tw_rctx *c, double x, double y, double size, bool bold, double align, const char *s);
/// True if the figure is drawn on the table (placed and not off the field).
/// Drawn on the table: standing there (tw_figure_on_table) or lying dead.
bool tw_fig_on_table(const tw_state *s, const tw_figure *f);
bool tw_gun_on_table(const tw_state *s, const tw_gun *g);

// ---- render_table.c ----
void tw_draw_table(tw_rctx *c);
void tw_draw_terrain_labels(tw_rctx *c);
/// Fill colour of a hill layer whose top is at `top` inches.
tw_rgb tw_hill_rgb(double top);

// ---- render_forces.c ----
/// Figure symbols at picture point p (pixels), facing in degrees; r = body radius, pixels.
/// A man of kind and side drawn with look (TW_LOOK_*).
void tw_draw_man_symbol(cairo_t *cr, int kind, int side, int look, tw_vec2 p, double facing, double r);
void tw_draw_gun_symbol(cairo_t *cr, const tw_rctx *c, const tw_gun *g, tw_vec2 axle_px, double bearing,
			double scale);
void tw_draw_dead(cairo_t *cr, tw_vec2 p, double r, int side, bool now);
void tw_draw_forces(tw_rctx *c);
/// A unit's formation by the rule set's name for it (the choices of its `formation` order's `n`,
/// as the page names it), for `--field formation`; NULL when the rule set names no formations.
const char *tw_render_formation_name(const tw_state *s, int formation);
/// Symbol radius in pixels for a figure kind.
double tw_man_radius(const tw_rctx *c, int kind);

// ---- render_move.c ----
/// Reads the move's events into c->mark / c->gun_taken (call before drawing forces).
void tw_move_marks(tw_rctx *c);
/// Arrows and shot traces (under the figures) and melee rings (over them).
void tw_draw_move_under(tw_rctx *c);
void tw_draw_move_over(tw_rctx *c);
/// True if an event may be shown to the seat (its figure or gun is visible).
bool tw_event_visible(const tw_rctx *c, const tw_event *e);
void tw_draw_arrow(cairo_t *cr, tw_vec2 a, tw_vec2 b, double width, double head);

// ---- render_legend.c ----
void tw_draw_scale_bar(tw_rctx *c);
void tw_draw_legend(tw_rctx *c);
void tw_draw_title(tw_rctx *c);

// ---- render_templates.c ----
void tw_draw_placed(tw_rctx *c, const tw_render_placed *pl);
/// Draws a template's shapes in table inches at origin/bearing (no label).
void tw_draw_template(tw_rctx *c, const tw_render_template *t, tw_vec2 origin, double bearing);

// ---- render_pieces.c: the rule set's boxes, trains and boats (tw_state_pieces), and strength ----
/// The boxes, trains and boats of the view (c->s) as the seat may know them, each with its number.
void tw_draw_pieces(tw_rctx *c);
/// A lidded box: a w x h pixel rectangle in the side's colour with a lid line, centred at centre.
void tw_draw_box_symbol(cairo_t *cr, int side, tw_vec2 centre, double w, double h);
/// A train: its engine at `engine` (pixels) pointing to bearing (degrees), `trucks` trucks
/// behind it, sized at ppi pixels an inch.
void tw_draw_train_symbol(cairo_t *cr, int side, tw_vec2 engine, double bearing, int trucks, double ppi);
/// A boat: a pointed hull of len x w pixels in the side's colour, its bow towards bearing, and the
/// men aboard as dots (at most 20 drawn).
void tw_draw_boat_symbol(cairo_t *cr, int side, tw_vec2 centre, double bearing, double len, double w, int men);
/// True if side has a piece of kind (tw_piece_kind) in the view.
bool tw_side_has_piece(const tw_rctx *c, int side, int kind);
/// Longest strength line, bytes with the NUL, and the width lines are wrapped at, characters.
#define TW_STRENGTH_LINE 96
#define TW_STRENGTH_WIDTH 40
/// A side's strength as seat (-1 the umpire) may know it from its view s, for the legend: free
/// men by kind and guns, those in boxes or aboard trains beside them ("37 infantry (+41
/// boxed)") where the view tells them, then its boxes and trains. Returns the lines written.
int tw_strength_lines(const tw_state *s, int seat, int side, char (*lines)[TW_STRENGTH_LINE], int max);

// ---- report helpers (report_*.c, chart.c) ----
/// Free men of each side in a state.
int tw_free_men(const tw_state *s, int side);
/// Draws the strength chart in the box x,y,w,h (pixels/points) on cr.
void tw_draw_strength_chart(cairo_t *cr, const tw_battle *b, double x, double y, double w, double h);
/// Writes a PNG surface into a malloc'd buffer.
tw_status tw_surface_png(cairo_surface_t *sf, unsigned char **data, size_t *len, tw_error *err);

/// The part of a large table where move k's action was, as `seat` saw it (report_window.c): true
/// and [lo, hi] in table inches, or false to draw the whole table (a table of 40,000 sq in or
/// less, nothing seen to move, or action over more than 60% of it).
bool tw_battle_window(const tw_battle *b, int k, int seat, tw_vec2 *lo, tw_vec2 *hi);

/// The PDF report (report_pdf.c).
tw_status tw_report_pdf(const tw_battle *b, const tw_report_opts *o, const char *path, tw_error *err);

#endif
