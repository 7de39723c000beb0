#!/usr/bin/env python3
"""Writes scenarios/grant/meeting.json and village.json (Grant, The War Game).

Units carry the rule set's record ("data": troop by name, original R&F, flags); troop numbers
below follow tinwar/grant.h (0 line, 1 grenadier, 2 light, 3 garrison, 4 engineer, 5 heavy,
6 hussar, 7 artillery). Officers get their command points and crews their guns from the rule
set's setup (GR.MORALE.1, GR.ORG.3). Garrison figures name their house's terrain piece."""
import json, math, os, sys

TROOPS = ["line", "grenadier", "light", "garrison", "engineer", "heavy", "hussar", "artillery", "wagon", "barge"]
UFLAGS = ["fired_ever", "fired_now", "moved_now", "charged_now", "hold", "withdraw", "retire50", "dispersed",
          "melee", "rested", "battle", "tested", "broke", "attacker"]
ORG = {0: (5, 48), 1: (5, 48), 2: (3, 24), 3: (4, 24), 4: (4, 24), 5: (3, 24), 6: (3, 24), 7: (3, 10)}
CAV = (5, 6)


class Builder:
    def __init__(self, name, w, d, title="", description=""):
        self.doc = {"format": "tinwar-scenario", "version": 1, "name": name, "title": title,
                    "description": description, "ruleset": "grant",
                    "params": {"max_moves": 30}, "table": {"width": w, "depth": d},
                    "sides": [{"name": "red", "back_y": 0}, {"name": "blue", "back_y": d}],
                    "terrain": [], "figures": [], "guns": [], "units": []}
        if not title:  # the lobby's words, for the bundled scenarios only
            del self.doc["title"], self.doc["description"]

    def fig(self, kind, side, x, y, facing, unit, data=None):
        f = {"id": len(self.doc["figures"]), "kind": kind, "side": side, "at": [round(x, 3), round(y, 3)],
             "facing": facing, "radius": 0.35 if kind in ("cavalry", "general") else 0.25,
             "height": 1.6 if kind in ("cavalry", "general") else 1.1, "unit": unit}
        if data:
            f["data"] = data
        self.doc["figures"].append(f)
        return f["id"]

    def unit(self, side, troop, name, cx, cy, formation=0, flags=0, garrison=None):
        uid = len(self.doc["units"])
        facing = 0 if side == "red" else 180
        self.doc["units"].append({"id": uid, "side": side, "name": name, "formation": formation,
                                  "facing": facing, "data": self.unit_data(troop, ORG[troop][1], flags)})
        off, rf = ORG[troop]
        cav = troop in CAV
        ranks = 4 if formation == 1 else (1 if cav else 2)
        files = (rf + ranks - 1) // ranks
        sp = 0.8 if cav else (1.0 if formation == 2 else 0.55)
        fx, fy = math.sin(math.radians(facing)), math.cos(math.radians(facing))
        rx, ry = fy, -fx
        kind = "cavalry" if cav else "infantry"
        for i in range(rf):
            if garrison and i < len(garrison):
                x, y, h = garrison[i]
                self.fig(kind, side, x, y, facing, uid, {"house": self.house_piece(h)})
                continue
            r, c = divmod(i, files)
            off_x = (c - (files - 1) / 2) * sp
            self.fig(kind, side, cx + rx * off_x - fx * r * sp, cy + ry * off_x - fy * r * sp, facing, uid)
        for k in range(off):
            ox = (k - (off - 1) / 2) * 1.2
            back = ranks * sp + 0.8
            self.fig("officer", side, cx + rx * ox - fx * back, cy + ry * ox - fy * back, facing, uid)
        return uid

    def battery(self, side, name, cx, cy, howitzer=True):
        uid = len(self.doc["units"])
        facing = 0 if side == "red" else 180
        self.doc["units"].append({"id": uid, "side": side, "name": name, "facing": facing,
                                  "data": self.unit_data(7, 10, 0)})
        fx, fy = math.sin(math.radians(facing)), math.cos(math.radians(facing))
        rx, ry = fy, -fx
        for g in range(2):
            ax, ay = cx + rx * (g - 0.5) * 4, cy + ry * (g - 0.5) * 4
            self.doc["guns"].append({"id": len(self.doc["guns"]), "side": side, "at": [ax, ay], "bearing": facing,
                                     "trail": 1.5, "half_axle": 0.5, "muzzle": 1.0,
                                     "data": dict({"unit": uid}, **({"howitzer": True} if howitzer and g == 1 else {}))})
            for k in range(5):
                self.fig("gunner", side, ax + rx * (k - 2) * 0.6 - fx * 2.2, ay + ry * (k - 2) * 0.6 - fy * 2.2,
                         facing, uid)
        for k in range(3):
            self.fig("officer", side, cx + rx * (k - 1) * 1.2 - fx * 3.5, cy + ry * (k - 1) * 1.2 - fy * 3.5, facing, uid)
        return uid

    @staticmethod
    def unit_data(troop, orig, flags):
        d = {"troop": TROOPS[troop], "orig": orig}
        if flags:
            d["flags"] = [n for i, n in enumerate(UFLAGS) if flags & (1 << i)]
        return d

    def house_piece(self, h):
        """The terrain id of the h-th house piece."""
        return [i for i, t in enumerate(self.doc["terrain"]) if t["kind"] == "house"][h]

    def general(self, side, x, y):
        self.fig("general", side, x, y, 0 if side == "red" else 180, -1)

    def box(self, kind, x0, y0, x1, y1, name, height=None):
        t = {"kind": kind, "name": name, "poly": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}
        if height is not None:
            t["height"] = height
        self.doc["terrain"].append(t)

    def write(self, path):
        with open(path, "w") as f:
            json.dump(self.doc, f, indent=1)
            f.write("\n")


def meeting():
    b = Builder("grant-meeting", 120, 96, "Meeting engagement",
                "Two armies of two brigades meet across a windmill hill, a copse, the high road and an inn: foot, grenadiers, rifles, a battery and horse a side. 30 moves.")
    b.box("hill", 50, 40, 70, 56, "windmill hill", 1)
    b.box("wood", 8, 38, 24, 58, "copse")
    b.box("road", 58, 0, 62, 96, "high road")
    b.box("house", 96, 45, 100, 49, "inn")
    for side, y in (("red", 10), ("blue", 86)):
        s = side.capitalize()
        b.unit(side, 0, s + " 1st foot", 14, y)                       # 1st brigade
        b.unit(side, 0, s + " 2nd foot", 30, y)
        b.unit(side, 1, s + " grenadiers", 46, y, formation=1)
        b.battery(side, s + " battery", 60, y)
        b.unit(side, 0, s + " 3rd foot", 74, y, formation=1)          # 2nd brigade
        b.unit(side, 2, s + " rifles", 90, y, formation=2)
        b.unit(side, 5 if side == "red" else 6, s + (" cuirassiers" if side == "red" else " hussars"), 108, y)
        b.general(side, 60, 3 if side == "red" else 93)
    return b


def village():
    b = Builder("grant-village", 96, 72, "The village",
                "Red attacks a village of three stone houses held by a Blue garrison behind the churchyard wall, with a battalion and a battery in support. 30 moves.")
    # Three houses of two touching sections each (house indices 0..5 in terrain order).
    houses = [(38, 34), (50, 34), (44, 42)]
    for k, (x, y) in enumerate(houses):
        b.box("house", x, y, x + 3, y + 3, "house %d west" % k, 2)
        b.box("house", x + 3, y, x + 6, y + 3, "house %d east" % k, 2)
    b.box("wall", 30, 30, 62, 30.3, "churchyard wall", 1)
    garrison = []
    for h in range(6):
        hx, hy = houses[h // 2][0] + (3 if h % 2 else 0), houses[h // 2][1]
        for k in range(4):  # four men a section, outside the wall of the section they hold
            garrison.append((hx + 0.5 + k * 0.65, hy + 3.4, h))
    b.unit("blue", 3, "Blue garrison", 47, 50, formation=2, flags=16, garrison=garrison)
    b.unit("blue", 0, "Blue 1st foot", 47, 58)
    b.battery("blue", "Blue battery", 70, 60, howitzer=False)
    b.general("blue", 47, 68)
    b.unit("red", 0, "Red 1st foot", 25, 12, formation=1)
    b.unit("red", 1, "Red grenadiers", 47, 12, formation=1)
    b.unit("red", 2, "Red rifles", 70, 14, formation=2)
    b.battery("red", "Red battery", 47, 4)
    b.unit("red", 6, "Red hussars", 85, 8)
    b.general("red", 60, 3)
    return b


def volley():
    """tests/web/grant-volley.json: two line battalions 8 in apart, for the browser's volley test."""
    b = Builder("grant-volley", 48, 36)
    b.doc["params"]["max_moves"] = 3
    b.unit("red", 0, "Red 1st foot", 24, 12)
    b.general("red", 24, 3)
    b.unit("blue", 0, "Blue 1st foot", 24, 21)
    b.general("blue", 24, 33)
    return b


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "scenarios", "grant")
    meeting().write(os.path.join(out, "meeting.json"))
    village().write(os.path.join(out, "village.json"))
    if len(sys.argv) <= 1:
        volley().write(os.path.join(os.path.dirname(__file__), "..", "tests", "web", "grant-volley.json"))
