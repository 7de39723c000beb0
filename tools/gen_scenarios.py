#!/usr/bin/env python3
"""Writes the hand-made Little Wars scenarios (docs/format.md) and checks their geometry.

    tools/gen_scenarios.py            # write scenarios/littlewars/*.json, then check them
    tools/gen_scenarios.py --check F  # only check scenario files F...

The checks mirror what the rule set will insist on when the figures are put down:
figures on the table, clear of solid pieces and water by 1/16 in (LW.MOB.14), 1/16 in
apart (LW.MOB.15), within 4 in of their own back line; no terrain within 6 in of either
back line; houses solid 3-7 in high (LW.C.4) and never overlapping; hill layers stacked
(each board inside the one below); solid pieces wholly on a hill board or clear of it;
LW.FOR.1 equal forces unless the scenario buys points (LW.FOR.4), one size (LW.FOR.5).
Units: inches. Red's back line is y = 0, Blue's y = depth.
"""
import json
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "scenarios", "littlewars")

CLEAR = 1.0 / 16          # LW.MOB.14/15
BACK_CLEAR = 6.0          # no terrain this near a back line (room to put down)
SOLID = {"house", "wall", "tree", "rock"}
INF = dict(kind="infantry", radius=0.3, height=2.0)   # LW.FOR.5: one size
CAV = dict(kind="cavalry", radius=0.5, height=2.6)
POINTS = {"infantry": 1.0, "cavalry": 1.5}            # LW.FOR.4; a gun is 10
GUN = dict(trail=3.0, half_axle=0.9, muzzle=2.0)

# Suggested places along a back line (same layout as lw_country.c).
INF_ROWS, INF_ROW0, INF_DROW, INF_STEP = 3, 0.4, 0.8, 0.8
CAV_ROW, CAV_STEP, GUN_AXLE = 3.3, 1.2, 3.5


def r4(v):
    return round(v + 0.0, 4)


# ---------------------------------------------------------------- shapes
def rect(cx, cy, hx, hy, angle=0.0):
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)
    pts = []
    for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        x, y = sx * hx, sy * hy
        pts.append([r4(cx + x * ca - y * sa), r4(cy + x * sa + y * ca)])
    return pts


def ellipse(cx, cy, rx, ry, n=12, phase=0.0, wobble=None):
    pts = []
    for i in range(n):
        a = phase + 2 * math.pi * i / n
        k = 1.0 if wobble is None else wobble[i % len(wobble)]
        pts.append([r4(cx + rx * k * math.cos(a)), r4(cy + ry * k * math.sin(a))])
    return pts


def church(cx, cy, hl=6.0, hw=3.0, tw=1.75, angle=0.0):
    """Nave with a tower at its west end: one solid block (LW.C.4)."""
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)
    px = [-hl, hl, hl, -hl, -hl, -hl - 2 * tw, -hl - 2 * tw, -hl]
    py = [-hw, -hw, hw, hw, tw, tw, -tw, -tw]
    return [[r4(cx + x * ca - y * sa), r4(cy + x * sa + y * ca)] for x, y in zip(px, py)]


def strip(line, hw):
    """Road or river: upper edge left to right, lower edge back."""
    up = [[r4(x), r4(y + hw)] for x, y in line]
    lo = [[r4(x), r4(y - hw)] for x, y in reversed(line)]
    return up + lo


def poly(kind, pts, height, name=None, z0=0.0):
    t = {"kind": kind}
    if name:
        t["name"] = name
    t["poly"] = pts
    if z0:
        t["z0"] = z0
    t["height"] = height
    return t


def circle(kind, x, y, r, height, name=None, z0=0.0):
    t = {"kind": kind}
    if name:
        t["name"] = name
    t["circle"] = [r4(x), r4(y), r4(r)]
    if z0:
        t["z0"] = z0
    t["height"] = height
    return t


def hill(name, pts_by_layer):
    return [poly("hill", pts, 1, "%s (board %d)" % (name, k + 1), float(k)) for k, pts in enumerate(pts_by_layer)]


def hill_layers(cx, cy, rx, ry, n, scales, wobble=None):
    return [ellipse(cx, cy, rx * s, ry * s, n, 0.0, wobble) for s in scales]


# ---------------------------------------------------------------- geometry
def in_poly(p, v):
    x, y = p
    c = False
    n = len(v)
    j = n - 1
    for i in range(n):
        xi, yi = v[i]
        xj, yj = v[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            c = not c
        j = i
    return c


def seg_dist(p, a, b):
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    l2 = dx * dx + dy * dy
    t = 0.0 if l2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / l2))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def edges(v):
    return [(v[i - 1], v[i]) for i in range(len(v))]


def seg_cross(a, b, c, d):
    def o(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    d1, d2, d3, d4 = o(a, b, c), o(a, b, d), o(c, d, a), o(c, d, b)
    if ((d1 > 0 and d2 < 0) or (d1 < 0 and d2 > 0)) and ((d3 > 0 and d4 < 0) or (d3 < 0 and d4 > 0)):
        return True
    return min(seg_dist(c, a, b), seg_dist(d, a, b), seg_dist(a, c, d), seg_dist(b, c, d)) == 0


def seg_seg(a, b, c, d):
    if seg_cross(a, b, c, d):
        return 0.0
    return min(seg_dist(c, a, b), seg_dist(d, a, b), seg_dist(a, c, d), seg_dist(b, c, d))


def point_dist(t, p):
    """Distance from p to a piece's footprint (0 inside)."""
    if "circle" in t:
        x, y, r = t["circle"]
        return max(0.0, math.hypot(p[0] - x, p[1] - y) - r)
    v = t["poly"]
    if in_poly(p, v):
        return 0.0
    return min(seg_dist(p, a, b) for a, b in edges(v))


def piece_gap(a, b):
    if "circle" in a and "circle" in b:
        (x1, y1, r1), (x2, y2, r2) = a["circle"], b["circle"]
        return max(0.0, math.hypot(x1 - x2, y1 - y2) - r1 - r2)
    if "circle" in a:
        a, b = b, a
    if "circle" in b:
        x, y, r = b["circle"]
        return max(0.0, point_dist(a, (x, y)) - r)
    va, vb = a["poly"], b["poly"]
    if any(in_poly(p, vb) for p in va) or any(in_poly(p, va) for p in vb):
        return 0.0
    return min(seg_seg(p, q, r, s) for p, q in edges(va) for r, s in edges(vb))


def within(inner, outer):
    vo = outer["poly"]
    if "circle" in inner:
        x, y, r = inner["circle"]
        return in_poly((x, y), vo) and min(seg_dist((x, y), a, b) for a, b in edges(vo)) >= r
    vi = inner["poly"]
    if not all(in_poly(p, vo) for p in vi):
        return False
    return not any(seg_cross(p, q, r, s) for p, q in edges(vi) for r, s in edges(vo))


def bbox(t):
    if "circle" in t:
        x, y, r = t["circle"]
        return x - r, y - r, x + r, y + r
    xs = [p[0] for p in t["poly"]]
    ys = [p[1] for p in t["poly"]]
    return min(xs), min(ys), max(xs), max(ys)


def gun_segments(g):
    b = math.radians(g.get("bearing", 0))
    d = (math.sin(b), math.cos(b))     # bearing 0 = +y, 90 = +x
    sd = (d[1], -d[0])
    ax, ay = g["at"]
    tr, mz, ha = g.get("trail", 3.0), g.get("muzzle", 2.0), g.get("half_axle", 0.9)
    return [((ax - d[0] * tr, ay - d[1] * tr), (ax + d[0] * mz, ay + d[1] * mz)),
            ((ax + sd[0] * ha, ay + sd[1] * ha), (ax - sd[0] * ha, ay - sd[1] * ha))]


# ---------------------------------------------------------------- forces
class Line:
    """Suggested places along one side's back line (LW.MV.2): three rows of infantry, one of
    cavalry, guns with their axle 3.5 in out and the trail towards the line."""

    def __init__(self, width, back_y, forward, terrain):
        self.width, self.back_y, self.fwd, self.terrain = width, back_y, forward, terrain
        self.guns = []
        self.used = set()

    def gun_x(self, x):
        self.guns.append({"at": [r4(x), r4(self.back_y + self.fwd * GUN_AXLE)],
                          "bearing": 0 if self.fwd > 0 else 180, **GUN})
        return self.guns[-1]

    def clear(self, p, r):
        if not (r <= p[0] <= self.width - r):
            return False
        if any(point_dist(t, p) < r + CLEAR for t in self.terrain):
            return False
        return all(seg_dist(p, a, b) >= r + 0.25 for g in self.guns for a, b in gun_segments(g))

    def slots(self, kind):
        if kind == "cavalry":
            n = int(self.width / CAV_STEP)
            for i in range(n):
                yield ("c", i), (r4(CAV_STEP * (i + 0.5)), r4(self.back_y + self.fwd * CAV_ROW))
        else:
            n = int(self.width / INF_STEP) * INF_ROWS
            for i in range(n):
                row, col = i % INF_ROWS, i // INF_ROWS
                yield ("i", i), (r4(INF_STEP * (col + 0.5)), r4(self.back_y + self.fwd * (INF_ROW0 + INF_DROW * row)))

    def take(self, kind, x):
        spec = CAV if kind == "cavalry" else INF
        best = None
        for key, p in self.slots(kind):
            if key in self.used or not self.clear(p, spec["radius"]):
                continue
            d = abs(p[0] - x)
            if best is None or d < best[0]:
                best = (d, key, p)
        if best is None:
            raise SystemExit("no room on the back line for a %s near x=%g" % (kind, x))
        self.used.add(best[1])
        return best[2]


def build_forces(doc, groups):
    """groups: [(side, unit name or None, centre x, [gun x...], infantry, cavalry)]."""
    w, d = doc["table"]["width"], doc["table"]["depth"]
    lines = {"red": Line(w, 0.0, 1, doc["terrain"]), "blue": Line(w, d, -1, doc["terrain"])}
    figures, guns, units = [], [], []
    # all guns first, so that the men's places keep clear of every gun
    for side, _, _, gxs, _, _ in groups:
        for gx in gxs:
            g = lines[side].gun_x(gx)
            guns.append({"id": len(guns), "side": side, "at": g["at"], "bearing": g["bearing"],
                         "elevation": 0, **GUN})
    for side, uname, cx, _, ninf, ncav in groups:
        members = []
        for kind, n in (("infantry", ninf), ("cavalry", ncav)):
            spec = CAV if kind == "cavalry" else INF
            for _ in range(n):
                p = lines[side].take(kind, cx)
                members.append(len(figures))
                figures.append({"id": len(figures), "kind": kind, "side": side, "at": [p[0], p[1]],
                                "facing": 0 if side == "red" else 180, "radius": spec["radius"],
                                "height": spec["height"], "status": "unplaced"})
        if uname:
            units.append({"id": len(units), "side": side, "name": uname, "figures": members})
    doc["figures"], doc["guns"] = figures, guns
    if units:
        doc["units"] = units


def scenario(name, w, d, params, terrain):
    return {"format": "tinwar-scenario", "version": 1, "name": name, "title": TITLES[name][0],
            "description": TITLES[name][1], "ruleset": "littlewars",
            "params": params, "table": {"width": w, "depth": d},
            "sides": [{"name": "red", "back_y": 0}, {"name": "blue", "back_y": d}],
            "terrain": terrain}


# ---------------------------------------------------------------- the scenarios
# The lobby's words for each (issue 19): a title and a short description.
TITLES = {
    "hooks-farm": ("Hook's Farm",
        "Wells's example battle after his sketch (LW.EX.4): Firely Church on the left, Hook's Farm on its gentle hill on the right, a cottage in the hollow and woods between. Fight to a finish on 144 by 96 in."),
    "tutorial": ("Tutorial: the knoll",
        "A small first game on 72 by 48 in: a column a side, a knoll, a farmhouse with its garden wall, a copse and a rock."),
    "points-buy": ("Points buy",
        "Each side buys a 150-point force (LW.FOR.4) and puts it down behind a curtain, on a Country of farms, a church, woods and a spinney."),
}


def hooks_farm():
    """LW.EX.4 on a Country after the book's sketch (Section IV, figures 1-9). Red's back line
    is y = 0; from Red's side Firely Church is on the left (low x) and Hook's Farm, on its
    gentle hill, on the right. Between them, in the hollow, an exposed cottage on the level;
    a wood near the centre of the field, a thin wood between it and the farm, trees beside
    the farmhouse and out beyond the farm on Blue's left."""
    w, d = 144, 96
    t = []
    t += hill("Hook's Farm hill", hill_layers(100, 52, 22, 16, 12, (1.0, 0.6)))
    t.append(poly("house", rect(100, 52, 4, 3), 5, "Hook's Farm", z0=2.0))
    t.append(poly("house", rect(100, 64.5, 2.5, 1.75), 4, "farm outbuilding", z0=1.0))
    t.append(poly("wall", rect(116, 52, 0.375, 6), 1.5, "farmyard wall", z0=1.0))
    t.append(circle("tree", 108, 44, 0.5, 7, "tree beside the farmhouse", z0=1.0))
    t.append(poly("house", church(30, 52, angle=0), 7, "Firely Church"))
    t.append(poly("wall", rect(30, 43.25, 9, 0.375), 1.5, "churchyard wall"))
    t.append(poly("house", rect(66, 34, 2.5, 2), 4, "cottage"))
    t.append(poly("road", strip([(0, 40), (24, 40.25), (48, 40.5), (72, 41), (96, 41.5), (120, 41), (144, 40.5)], 1.25),
                  0, "lane"))
    wob = [1.0, 0.85, 1.1, 0.9, 1.05, 0.8, 1.0, 0.95, 1.1]
    t.append(poly("wood", ellipse(55, 64, 9, 7, 9, 0.2, wob), 6, "the wood"))
    for x, y in ((50, 60), (54, 66), (59, 61), (61, 67), (49, 66), (56, 70)):
        t.append(circle("tree", x, y, 0.5, 7))
    t.append(poly("wood", ellipse(78, 68, 6, 4, 8, 0.0, wob), 6, "thin wood"))
    for x, y in ((76, 67), (81, 69)):
        t.append(circle("tree", x, y, 0.45, 6.5))
    t.append(poly("wood", ellipse(131, 60, 6, 6, 9, 0.3, wob), 6, "trees beyond the farm"))
    for x, y in ((128, 58), (133, 62), (131, 56), (127, 63)):
        t.append(circle("tree", x, y, 0.5, 7))
    t.append(circle("rock", 45, 28, 1.2, 1.5))
    t.append(circle("rock", 124, 30, 1.5, 1.75))
    doc = scenario("hooks-farm", w, d, {"variety": "fight_to_finish", "curtain": 0, "interval": 4}, t)
    # LW.EX.4: Red left 1 gun, 5 cavalry, 13 infantry; Red right 2 guns, 20 cavalry, 37 infantry.
    # Blue (book: 48 infantry, the general's slip; the footnote says the forces were equal):
    # Blue right 1 gun, 5 cavalry, 16 infantry; Blue left 2 guns, 20 cavalry, 34 infantry.
    build_forces(doc, [
        ("red", "Red left", 30, [30], 13, 5),
        ("red", "Red right", 100, [90, 110], 37, 20),
        ("blue", "Blue right", 42, [42], 16, 5),
        ("blue", "Blue left", 100, [88, 112], 34, 20),
    ])
    return doc


def tutorial():
    """A small table for learning: a hill, a farmhouse with its garden wall, a wood, a rock."""
    w, d = 72, 48
    t = []
    t += hill("the knoll", hill_layers(38, 24, 9, 6.5, 12, (1.0, 0.55)))
    t.append(poly("house", rect(58, 29, 3, 2.5), 4, "farmhouse"))
    t.append(poly("wall", rect(58, 21.5, 5, 0.375), 1.5, "garden wall"))
    wob = [1.0, 0.9, 1.1, 0.85, 1.05, 0.95, 1.1, 0.9]
    t.append(poly("wood", ellipse(16, 25, 6, 5, 8, 0.3, wob), 6, "copse"))
    for x, y in ((14, 23), (18, 27), (17, 22), (13, 27.5)):
        t.append(circle("tree", x, y, 0.5, 6.5))
    t.append(circle("rock", 28, 13, 1.0, 1.25))
    doc = scenario("tutorial", w, d, {"variety": "fight_to_finish", "curtain": 0, "interval": 5}, t)
    build_forces(doc, [("red", "Red column", 36, [36], 12, 6), ("blue", "Blue column", 36, [36], 12, 6)])
    return doc


def points_buy():
    """LW.EX.13: 150 points a side, bought behind the curtain (LW.FOR.4). Red took 80 cavalry
    and 3 guns (120 + 30) and lost to Blue's 110 infantry and 4 guns (110 + 40)."""
    w, d = 144, 96
    t = []
    t += hill("long hill", hill_layers(40, 56, 16, 10, 12, (1.0, 0.65, 0.35)))
    t.append(poly("house", rect(96, 40, 4, 3, 10), 5, "farmhouse"))
    t.append(poly("house", rect(104, 47.5, 2, 1.75, 10), 3.5, "shed"))
    t.append(poly("house", church(22, 32, angle=90), 7, "church"))
    t.append(poly("wall", rect(84, 52, 7, 0.375, -15), 1.5, "wall"))
    t.append(poly("wall", rect(60, 30, 0.375, 6), 1.5, "wall"))
    wob = [1.0, 0.88, 1.08, 0.92, 1.05, 0.86, 1.1, 0.95, 1.0]
    t.append(poly("wood", ellipse(116, 64, 9, 6, 9, 0.1, wob), 6, "wood"))
    for x, y in ((112, 62), (117, 66), (121, 62), (114, 67), (119, 59)):
        t.append(circle("tree", x, y, 0.5, 7))
    t.append(poly("wood", ellipse(70, 72, 6, 4.5, 8, 0.0, wob), 6, "spinney"))
    for x, y in ((68, 71), (72, 74), (72, 69.5)):
        t.append(circle("tree", x, y, 0.45, 6.5))
    for x, y, r in ((48, 24, 1.3), (128, 36, 1.0), (88, 70, 1.6)):
        t.append(circle("rock", x, y, r, r + 0.5))
    for x, y in ((30, 72), (134, 48)):
        t.append(circle("tree", x, y, 0.55, 7.5))
    doc = scenario("points-buy", w, d, {"variety": "fight_to_finish", "curtain": 1, "points_red": 150,
                                         "points_blue": 150}, t)
    red = [("red", "Red %d" % (k + 1), x, [x], 0, c) for k, (x, c) in enumerate(((24, 27), (72, 27), (120, 26)))]
    blue = [("blue", "Blue %d" % (k + 1), x, [x], n, 0) for k, (x, n) in enumerate(((18, 28), (54, 27), (90, 28), (126, 27)))]
    build_forces(doc, red + blue)
    return doc


# ---------------------------------------------------------------- the checks
def check(doc, src):
    errs = []

    def bad(msg):
        errs.append("%s: %s" % (src, msg))

    if doc.get("format") != "tinwar-scenario" or doc.get("version") != 1:
        bad("not a version 1 tinwar-scenario")
    w, d = doc["table"]["width"], doc["table"]["depth"]
    sides = {s["name"]: s["back_y"] for s in doc["sides"]}
    ter = doc.get("terrain", [])
    for i, t in enumerate(ter):
        lo_x, lo_y, hi_x, hi_y = bbox(t)
        if lo_x < -1e-9 or hi_x > w + 1e-9:
            bad("terrain[%d] off the table" % i)
        if lo_y < BACK_CLEAR or hi_y > d - BACK_CLEAR:
            bad("terrain[%d] within %g in of a back line" % (i, BACK_CLEAR))
        if "poly" in t and not 3 <= len(t["poly"]) <= 16:
            bad("terrain[%d] has %d points" % (i, len(t["poly"])))
        if t["kind"] == "house" and not 3 <= t["height"] <= 7:
            bad("terrain[%d] house %g in high (LW.C.4: 3-7)" % (i, t["height"]))
    for i, a in enumerate(ter):
        for j in range(i + 1, len(ter)):
            b = ter[j]
            ka, kb = a["kind"], b["kind"]
            if ka in SOLID and kb in SOLID and piece_gap(a, b) < 1.0:
                bad("terrain[%d] %s and terrain[%d] %s closer than 1 in" % (i, ka, j, kb))
            if {ka, kb} & {"river"} and ({ka, kb} & SOLID) and piece_gap(a, b) <= 0:
                bad("terrain[%d] and [%d]: solid piece in the river" % (i, j))
            if "hill" in (ka, kb) and (ka in SOLID or kb in SOLID):
                h, s = (a, b) if ka == "hill" else (b, a)
                if not within(s, h) and piece_gap(s, h) <= 0:
                    bad("terrain[%d]/[%d]: solid piece straddles a hill board" % (i, j))
                if within(s, h) and s.get("z0", 0) < h.get("z0", 0) + h["height"]:
                    bad("terrain[%d]/[%d]: piece on a hill board must stand on it (z0)" % (i, j))
    hills = [t for t in ter if t["kind"] == "hill"]
    for t in hills:
        if t.get("z0", 0) > 0:
            below = [h for h in hills if h.get("z0", 0) == t["z0"] - 1 and within(t, h)]
            if not below:
                bad("hill board %r is not stacked on a board below it" % t.get("name"))
    figs, guns = doc.get("figures", []), doc.get("guns", [])
    for i, f in enumerate(figs):
        if f["id"] != i:
            bad("figure ids not dense at %d" % i)
        r = f["radius"]
        x, y = f["at"]
        if not (r <= x <= w - r and r <= y <= d - r):
            bad("figure %d off the table" % i)
        if abs(y - sides[f["side"]]) > 4 + 1e-9:
            bad("figure %d more than 4 in from his back line" % i)
        for j, t in enumerate(ter):
            if point_dist(t, (x, y)) < r + CLEAR:
                bad("figure %d within 1/16 in of terrain[%d] (%s)" % (i, j, t["kind"]))
        for g in guns:
            if any(seg_dist((x, y), a, b) < r + CLEAR for a, b in gun_segments(g)):
                bad("figure %d touches gun %d" % (i, g["id"]))
    for i in range(len(figs)):
        for j in range(i + 1, len(figs)):
            a, b = figs[i], figs[j]
            gap = math.hypot(a["at"][0] - b["at"][0], a["at"][1] - b["at"][1]) - a["radius"] - b["radius"]
            if gap < CLEAR - 1e-9:
                bad("figures %d and %d %.4f in apart (LW.MOB.15)" % (i, j, gap))
    for i, g in enumerate(guns):
        if g["id"] != i:
            bad("gun ids not dense at %d" % i)
        for a, b in gun_segments(g):
            for p in (a, b):
                if not (0 <= p[0] <= w and 0 <= p[1] <= d):
                    bad("gun %d off the table" % i)
        for j, t in enumerate(ter):
            if t["kind"] in SOLID or t["kind"] == "river":
                if any(point_dist(t, p) <= 0 for s in gun_segments(g) for p in s):
                    bad("gun %d in terrain[%d]" % (i, j))
    # LW.FOR.5: one size.
    for kind in ("infantry", "cavalry"):
        sizes = {(f["radius"], f["height"]) for f in figs if f["kind"] == kind}
        if len(sizes) > 1:
            bad("more than one size of %s (LW.FOR.5)" % kind)
    tally = {}
    for s in sides:
        tally[s] = (sum(f["side"] == s and f["kind"] == "infantry" for f in figs),
                    sum(f["side"] == s and f["kind"] == "cavalry" for f in figs),
                    sum(g["side"] == s for g in guns))
    p = doc.get("params", {})
    if p.get("points_red") or p.get("points_blue"):
        for s, key in (("red", "points_red"), ("blue", "points_blue")):
            i, c, g = tally[s]
            pts = i * POINTS["infantry"] + c * POINTS["cavalry"] + 10 * g
            if pts != p.get(key):
                bad("%s's force is %g points, not %g (LW.FOR.4)" % (s, pts, p.get(key)))
    elif len(set(tally.values())) != 1:
        bad("forces not equal (LW.FOR.1): %r" % tally)
    seen = set()
    for u in doc.get("units", []):
        for m in u["figures"]:
            if m in seen or figs[m]["side"] != u["side"]:
                bad("unit %r: figure %d twice or of the wrong side" % (u["name"], m))
            seen.add(m)
    return errs, tally


def main(argv):
    files = []
    if argv[:1] == ["--check"]:
        files = argv[1:]
    else:
        os.makedirs(OUT, exist_ok=True)
        for doc in (hooks_farm(), tutorial(), points_buy()):
            path = os.path.join(OUT, doc["name"] + ".json")
            with open(path, "w") as f:
                f.write(json.dumps(doc, indent=1) + "\n")
            files.append(path)
    nerr = 0
    for path in files:
        with open(path) as f:
            doc = json.load(f)
        errs, tally = check(doc, path)
        for e in errs:
            print(e)
        nerr += len(errs)
        print("%s: %d terrain, %d figures, %d guns, forces %s: %s" % (
            os.path.relpath(path, ROOT), len(doc["terrain"]), len(doc["figures"]), len(doc["guns"]),
            tally, "ok" if not errs else "%d problems" % len(errs)))
    return 1 if nerr else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
