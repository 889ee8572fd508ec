#!/usr/bin/env python3
"""Independent reference shares of the ground under a line (issue 16: SAC grade and surface).

Reads the OSM XML itself (xml.etree, not Cairn's reader or map store) and the GPX itself,
and restates the documented rules of Sources/TrailMap/Ground (GroundMap, SurfaceClass,
GroundShares) and of WalkingRules.swift:

  walkable ways: highway = path, footway, track, bridleway, pedestrian, steps, residential,
    living_street, unclassified, road, service, tertiary(_link), secondary(_link),
    primary(_link), cycleway (only with a foot permission), via_ferrata; access: foot in
    {no, private, use_sidepath} -> no; foot in {yes, designated, permissive, destination,
    customers, official} -> yes; access in {no, private, agricultural, forestry, delivery,
    military} -> no; cycleway -> no; else yes. Missing node references split a way.
  grade: sac_scale hiking T1 ... difficult_alpine_hiking T6 (or "T1".."T6"), else ungraded.
  surface: the first value of `surface` by the table in SurfaceClass.swift, else
    `tracktype` grade1 paved, grade2/3 gravel, grade4/5 dirt, else paved for roads
    (primary, secondary, tertiary, minor, service, pedestrian), else unknown.
  a stretch (two consecutive points of a segment) takes the way nearest to the mean of its
    ends' latitudes and longitudes within 15 m (ties: the lower way id), else it is off the map;
  it counts with its geodesic length; shares = metres / total * 100.

Differences in method, on purpose: brute force over the segments of a 0.002-degree grid
(Cairn: its SegmentGrid and WalkingGraph.snap), distances in an equirectangular plane on a
sphere of radius 6,371,008.8 m at the midpoint (Cairn: WGS84 radii), lengths by GeographicLib
(Karney 2013; Cairn: an ellipsoidal short-distance formula).

Writes Tests/TrailMapTests/Fixtures/ground-reference.json. Cases whose files are absent
(../shared/data) keep what the file held before, if anything.

Usage: python3 Tools/reference/ground_reference.py   (from the repository root; needs
`pip install geographiclib`)
"""
import json
import math
import os
import xml.etree.ElementTree as ET

from geographiclib.geodesic import Geodesic

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.path.join(ROOT, "..", "shared", "data")
OSM = {
    "sample": os.path.join(ROOT, "Samples/andorra-ordino.osm"),
    "east": os.path.join(SHARED, "osm/WorldKG-andorra-2021-east-clip.osm"),
}
CASES = [
    ("sample", "Samples/graphhopper-andorra_for_map_matching.gpx"),
    ("sample", "Tests/TrailMapTests/Fixtures/ground-serrat-tristaina.gpx"),  # cairn route el Serrat - Tristaina (T4)
    ("sample", "Samples/togeojson-trek.gpx"),  # far from Andorra: nothing under it
    ("east", "../shared/data/gpx-unlicensed/adrutas-180429_a2.gpx"),
    ("east", "../shared/data/gpx-unlicensed/adrutas-180429_b.gpx"),
    ("east", "../shared/data/gpx-unlicensed/adrutas-180430_a.gpx"),
    ("east", "../shared/data/gpx-unlicensed/adrutas-180430_b.gpx"),
]
OUT = os.path.join(ROOT, "Tests/TrailMapTests/Fixtures/ground-reference.json")
RADIUS = 15.0
R = 6371008.8
GEOD = Geodesic.WGS84
CELL = 0.002

ROADS = {"primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link",
         "unclassified", "residential", "living_street", "road", "service", "pedestrian"}
OTHERS = {"path", "footway", "track", "bridleway", "steps", "cycleway", "via_ferrata"}
FOOT_NO = {"no", "private", "use_sidepath"}
FOOT_YES = {"yes", "designated", "permissive", "destination", "customers", "official"}
ACCESS_NO = {"no", "private", "agricultural", "forestry", "delivery", "military"}
SAC = ["hiking", "mountain_hiking", "demanding_mountain_hiking", "alpine_hiking",
       "demanding_alpine_hiking", "difficult_alpine_hiking"]
SURFACE = {}
for cls, values in [("paved", "paved asphalt chipseal concrete concrete:plates concrete:lanes paving_stones sett "
                              "cobblestone unhewn_cobblestone bricks brick metal wood"),
                    ("gravel", "gravel fine_gravel compacted pebblestone"),
                    ("dirt", "dirt earth ground mud sand soil woodchips unpaved"),
                    ("grass", "grass grass_paver"),
                    ("rock", "rock stone scree bare_rock shingle")]:
    for v in values.split():
        SURFACE[v] = cls
TRACKTYPE = {"grade1": "paved", "grade2": "gravel", "grade3": "gravel", "grade4": "dirt", "grade5": "dirt"}
GRADES = ["T1", "T2", "T3", "T4", "T5", "T6", "ungraded", "no path"]
SURFACES = ["paved", "gravel", "dirt", "grass", "rock", "unknown", "no path"]


def walkable(hw, tags):
    if hw not in ROADS and hw not in OTHERS:
        return False
    foot = tags.get("foot", "").strip()
    if foot in FOOT_NO:
        return False
    if foot in FOOT_YES:
        return True
    if tags.get("access", "").strip() in ACCESS_NO:
        return False
    return hw != "cycleway"


def grade(tags):
    v = tags.get("sac_scale", "").strip()
    if v in SAC:
        return "T%d" % (SAC.index(v) + 1)
    if len(v) == 2 and v[0] in "tT" and v[1] in "123456":
        return "T" + v[1]
    return "ungraded"


def surface(hw, tags):
    if "surface" in tags:
        first = tags["surface"].split(";")[0].strip()
        if first in SURFACE:
            return SURFACE[first]
    t = tags.get("tracktype", "").strip()
    if t in TRACKTYPE:
        return TRACKTYPE[t]
    return "paved" if hw in ROADS else "unknown"


class Ways:
    def __init__(self, path):
        nodes = {}
        self.segments = []  # (way id, lat1, lon1, lat2, lon2, grade, surface)
        for _, el in ET.iterparse(path):
            if el.tag == "node":
                nodes[int(el.get("id"))] = (float(el.get("lat")), float(el.get("lon")))
            elif el.tag == "way":
                tags = {t.get("k"): t.get("v") for t in el.findall("tag")}
                hw = tags.get("highway")
                if hw is not None and walkable(hw, tags):
                    g, s, wid = grade(tags), surface(hw, tags), int(el.get("id"))
                    refs = [int(nd.get("ref")) for nd in el.findall("nd")]
                    for a, b in zip(refs, refs[1:]):
                        if a in nodes and b in nodes and a != b:
                            self.segments.append((wid,) + nodes[a] + nodes[b] + (g, s))
                el.clear()
            elif el.tag == "relation":
                el.clear()
        self.grid = {}
        for i, (_, la, lo, lb, lob, _, _) in enumerate(self.segments):
            for r in range(int(math.floor(min(la, lb) / CELL)), int(math.floor(max(la, lb) / CELL)) + 1):
                for c in range(int(math.floor(min(lo, lob) / CELL)), int(math.floor(max(lo, lob) / CELL)) + 1):
                    self.grid.setdefault((r, c), []).append(i)

    def nearest(self, lat0, lon0):
        kx = R * math.cos(math.radians(lat0)) * math.pi / 180
        ky = R * math.pi / 180
        r0, c0 = int(math.floor(lat0 / CELL)), int(math.floor(lon0 / CELL))
        seen, best = set(), None
        for r in (r0 - 1, r0, r0 + 1):
            for c in (c0 - 1, c0, c0 + 1):
                for i in self.grid.get((r, c), []):
                    if i in seen:
                        continue
                    seen.add(i)
                    wid, la, lo, lb, lob, g, s = self.segments[i]
                    ax, ay = (lo - lon0) * kx, (la - lat0) * ky
                    bx, by = (lob - lon0) * kx, (lb - lat0) * ky
                    dx, dy = bx - ax, by - ay
                    l2 = dx * dx + dy * dy
                    t = 0.0 if l2 == 0 else max(0.0, min(1.0, -(ax * dx + ay * dy) / l2))
                    d = math.hypot(ax + t * dx, ay + t * dy)
                    if d <= RADIUS and (best is None or (d, wid) < (best[0], best[1])):
                        best = (d, wid, g, s)
        return best


def gpx_segments(path):
    root = ET.parse(path).getroot()
    segs = []
    for el in root.iter():
        tag = el.tag.split("}")[-1]
        if tag == "trkseg":
            pts = [(float(p.get("lat")), float(p.get("lon"))) for p in el if p.tag.split("}")[-1] == "trkpt"]
            segs.append(pts)
    if not segs:
        for el in root.iter():
            if el.tag.split("}")[-1] == "rte":
                segs.append([(float(p.get("lat")), float(p.get("lon"))) for p in el if p.tag.split("}")[-1] == "rtept"])
    return segs


def shares(ways, segs):
    g_m = {k: 0.0 for k in GRADES}
    s_m = {k: 0.0 for k in SURFACES}
    total = 0.0
    for seg in segs:
        for (la, lo), (lb, lob) in zip(seg, seg[1:]):
            d = GEOD.Inverse(la, lo, lb, lob)["s12"]
            total += d
            hit = ways.nearest((la + lb) / 2, (lo + lob) / 2)
            if hit is None:
                g_m["no path"] += d
                s_m["no path"] += d
            else:
                g_m[hit[2]] += d
                s_m[hit[3]] += d
    pct = lambda m: {k: (v / total * 100 if total > 0 else 0.0) for k, v in m.items()}
    return {"length_m": total, "sac_percent": pct(g_m), "surface_percent": pct(s_m)}


def main():
    old = {}
    if os.path.exists(OUT):
        old = {c["gpx"]: c for c in json.load(open(OUT))["cases"]}
    loaded = {}
    cases = []
    for osm, gpx in CASES:
        gpx_path = os.path.join(ROOT, gpx)
        if not os.path.exists(OSM[osm]) or not os.path.exists(gpx_path):
            if gpx in old:
                cases.append(old[gpx])
            continue
        if osm not in loaded:
            loaded[osm] = Ways(OSM[osm])
        case = {"osm": osm, "gpx": gpx}
        case.update(shares(loaded[osm], gpx_segments(gpx_path)))
        cases.append(case)
        print(gpx, round(case["length_m"]), {k: round(v, 1) for k, v in case["sac_percent"].items() if v})
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        json.dump({"generator": "Tools/reference/ground_reference.py", "radius_m": RADIUS, "cases": cases}, f, indent=1,
                  sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
