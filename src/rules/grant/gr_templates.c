// Grant's templates as data (tw_ruleset.templates).
#include "gr.h"

// ---- Grant (GR.ART.2-4 sleeve, GR.CANI.1 canister device, GR.HOW.3 shell-burst indicator) ----
// Sleeve: placed at the sleeve's centre (aim point + deviation), bearing along the line of fire.
static const tw_tpl_shape gr_sleeve_shapes[] = {
    {.kind = TW_TPL_POLY, .npts = 4, .pts = {{-0.25, -2}, {0.25, -2}, {0.25, 2}, {-0.25, 2}}},
};
// Canister: apex at the muzzle, 24 in long, 8 in wide at the far end; near/middle/far bands.
static const tw_tpl_shape gr_canister_shapes[] = {
    {.kind = TW_TPL_POLY, .npts = 3, .pts = {{0, 0}, {4, 24}, {-4, 24}}},
    {.kind = TW_TPL_LINE, .npts = 2, .pts = {{-8.0 / 6, 8}, {8.0 / 6, 8}}},
    {.kind = TW_TPL_LINE, .npts = 2, .pts = {{-16.0 / 6, 16}, {16.0 / 6, 16}}},
};
// SBI: centre on the aim point, bearing gun -> aim; sector 6 the centre, 5 beyond, 4 right,
// 3 short, 2 left.
static const tw_tpl_shape gr_sbi_shapes[] = {
    {.kind = TW_TPL_CIRCLE, .npts = 1, .pts = {{0, 0}}, .r1 = 1.5},
    {.kind = TW_TPL_SECTOR, .npts = 1, .pts = {{0, 0}}, .r0 = 1.5, .r1 = 3, .a0 = -45, .a1 = 45},
    {.kind = TW_TPL_SECTOR, .npts = 1, .pts = {{0, 0}}, .r0 = 1.5, .r1 = 3, .a0 = 45, .a1 = 135},
    {.kind = TW_TPL_SECTOR, .npts = 1, .pts = {{0, 0}}, .r0 = 1.5, .r1 = 3, .a0 = 135, .a1 = 225},
    {.kind = TW_TPL_SECTOR, .npts = 1, .pts = {{0, 0}}, .r0 = 1.5, .r1 = 3, .a0 = 225, .a1 = 315},
};

const tw_render_template gr_templates[GR_NTEMPLATES] = {
    {"roundshot sleeve (GR.ART.2)", 1, gr_sleeve_shapes, 0x60606060u, 0x202020ffu, 0.05, false},
    {"canister device (GR.CANI.1)", 3, gr_canister_shapes, 0xd0802030u, 0x804000ffu, 0.08, false},
    {"shell-burst indicator (GR.HOW.3)", 5, gr_sbi_shapes, 0xf0a00030u, 0x905000ffu, 0.06, false},
};

