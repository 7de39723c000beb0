// Little Wars's templates as data (tw_ruleset.templates): the 6 in string, the shell and mine
// variants' bursts, a gun's axle line.
#include "lw.h"

// ---- Little Wars (LW.MOB.4, LW.MEL.4, LW.CAP.1, §16 shell variant) ----
static const tw_tpl_shape lw_string[] = {{.kind = TW_TPL_CIRCLE, .npts = 1, .pts = {{0, 0}}, .r1 = 6.0}};
static const tw_tpl_shape lw_shell[] = {{.kind = TW_TPL_CIRCLE, .npts = 1, .pts = {{0, 0}}, .r1 = 3.0}};
static const tw_tpl_shape lw_mine[] = {{.kind = TW_TPL_CIRCLE, .npts = 1, .pts = {{0, 0}}, .r1 = 6.0}};
static const tw_tpl_shape lw_axle_line[] = {
    {.kind = TW_TPL_LINE, .npts = 2, .pts = {{-12, 0}, {12, 0}}},
};

const tw_render_template lw_templates[LW_NTEMPLATES] = {
    {"6 in string (melee, crew, escort)", 1, lw_string, 0x7a1a8020u, 0x5a0a60ffu, 0.15, false},
    {"shell burst (3 in)", 1, lw_shell, 0xf0a00040u, 0x905000ffu, 0.15, true},
    {"mine (6 in)", 1, lw_mine, 0xc0400030u, 0x802000ffu, 0.15, true},
    {"gun axle line (LW.CAP.1)", 1, lw_axle_line, 0x00000000u, 0x303030ffu, 0.1, true},
};

