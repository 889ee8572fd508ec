#!/usr/bin/env python3
"""Independent reference routes for Cairn's walking router (TrailMap/Routing).

Builds the walking graph a second time, from the OSM XML itself (xml.etree, not Cairn's
reader or map store), with the SAME documented rules as Sources/TrailMap/Routing/WalkingRules.swift
(restated below), and computes shortest walks with networkx (Dijkstra, not A*) between
the stop pairs listed in PAIRS. Differences in method, on purpose:

  * graph: every OSM node of a walkable way is a networkx vertex (Cairn contracts chains
    into junction-to-junction edges);
  * lengths: GeographicLib (Karney 2013, exact geodesics on WGS84) per segment
    (Cairn: an ellipsoidal equirectangular formula per segment);
  * snapping: brute force over all segments, measured on a sphere of radius 6,371,008.8 m
    in an equirectangular plane at the stop (Cairn: a grid index, WGS84 radii);
  * search: Dijkstra (networkx.shortest_path), Cairn: A* with its own heap.

Rules (as in WalkingRules.swift):
  highway value -> class: motorway(_link), trunk(_link) never walkable;
    primary(_link) 1.5, secondary(_link) 1.3, tertiary(_link) 1.2,
    unclassified/residential/living_street/road 1.1, service 1.1, pedestrian 1.0,
    cycleway 1.1 (only with a foot permission), track/path/footway/bridleway 1.0, steps 1.2,
    via_ferrata 1.0 (only when via ferratas are allowed). Other values are not roads.
  access: foot in {no, private, use_sidepath} -> no; foot in {yes, designated, permissive,
    destination, customers, official} -> yes; access in {no, private, agricultural, forestry,
    delivery, military} -> no; cycleway -> no; else yes.
  cost factor = class factor x trail_visibility factor (bad 1.2, horrible 1.5, no 2.0, else 1).
  sac_scale: hiking T1 ... difficult_alpine_hiking T6 (or "T1".."T6"); others ungraded;
    edges graded above the cap are not used (default cap T4), nor via ferratas unless allowed.
  ways: node references missing from the file split a way into runs; runs of one node
    are dropped; repeated consecutive node ids are dropped.
  snapping: a stop snaps to the nearest point of an allowed segment within 200 m, else the
    leg is straight ("stop too far from paths"); no walk between the snaps -> "no path".
  leg length = stop->snap connector + length along the ways + snap->stop connector, the
    connectors as geodesics. Straight legs: the geodesic between the stops.

Writes Tests/TrailMapTests/Fixtures/route-reference.json. Cases whose OSM file is absent
(../shared/data) are written as they were before, if present, else left out.

Usage: python3 Tools/reference/route_reference.py   (from the repository root; needs
networkx and `pip install geographiclib`)
"""
import json
import math
import os
import sys
import xml.etree.ElementTree as ET

import networkx as nx
from geographiclib.geodesic import Geodesic

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FILES = {
    "sample": os.path.join(ROOT, "Samples/andorra-ordino.osm"),
    "east": os.path.join(ROOT, "..", "shared/data/osm/WorldKG-andorra-2021-east-clip.osm"),
}
OUT = os.path.join(ROOT, "Tests/TrailMapTests/Fixtures/route-reference.json")
SNAP = 200.0
R = 6371008.8
GEOD = Geodesic.WGS84

CLASS = {}
for v, c in [("primary", "primary"), ("primary_link", "primary"), ("secondary", "secondary"),
             ("secondary_link", "secondary"), ("tertiary", "tertiary"), ("tertiary_link", "tertiary"),
             ("unclassified", "minor_road"), ("residential", "minor_road"), ("living_street", "minor_road"),
             ("road", "minor_road"), ("service", "service"), ("pedestrian", "pedestrian"),
             ("cycleway", "cycleway"), ("track", "track"), ("path", "path"), ("footway", "footway"),
             ("steps", "steps"), ("bridleway", "bridleway"), ("via_ferrata", "via_ferrata"),
             ("motorway", "motorway"), ("motorway_link", "motorway"), ("trunk", "trunk"), ("trunk_link", "trunk")]:
    CLASS[v] = c
FACTOR = {"path": 1.0, "footway": 1.0, "track": 1.0, "bridleway": 1.0, "pedestrian": 1.0, "via_ferrata": 1.0,
          "steps": 1.2, "tertiary": 1.2, "minor_road": 1.1, "service": 1.1, "cycleway": 1.1,
          "secondary": 1.3, "primary": 1.5}
FOOT_NO = {"no", "private", "use_sidepath"}
FOOT_YES = {"yes", "designated", "permissive", "destination", "customers", "official"}
ACCESS_NO = {"no", "private", "agricultural", "forestry", "delivery", "military"}
VISIBILITY = {"bad": 1.2, "horrible": 1.5, "no": 2.0}
SAC = ["hiking", "mountain_hiking", "demanding_mountain_hiking", "alpine_hiking",
       "demanding_alpine_hiking", "difficult_alpine_hiking"]


def walkable(cls, tags):
    if cls not in FACTOR:
        return False
    foot = tags.get("foot", "").strip()
    if foot in FOOT_NO:
        return False
    if foot in FOOT_YES:
        return True
    if tags.get("access", "").strip() in ACCESS_NO:
        return False
    return cls != "cycleway"


def grade(tags):
    v = tags.get("sac_scale")
    if v is None:
        return 0
    v = v.strip()
    if v in SAC:
        return SAC.index(v) + 1
    if len(v) == 2 and v[0] in "tT" and v[1] in "123456":
        return int(v[1])
    return 0


def load(path):
    """Nodes (id -> (lat, lon)) and walkable way parts [(way id, [node ids], factor, grade, via ferrata)]."""
    nodes, parts = {}, []
    for _, el in ET.iterparse(path):
        if el.tag == "node":
            nodes[int(el.get("id"))] = (float(el.get("lat")), float(el.get("lon")))
        elif el.tag == "way":
            tags = {t.get("k"): t.get("v") for t in el.findall("tag")}
            cls = CLASS.get(tags.get("highway"))
            if cls is not None and walkable(cls, tags):
                factor = FACTOR[cls] * VISIBILITY.get(tags.get("trail_visibility", "").strip(), 1.0)
                run = []
                for nd in el.findall("nd"):
                    ref = int(nd.get("ref"))
                    if ref in nodes:
                        if not run or run[-1] != ref:
                            run.append(ref)
                    else:
                        if len(run) >= 2:
                            parts.append((int(el.get("id")), run, factor, grade(tags), cls == "via_ferrata"))
                        run = []
                if len(run) >= 2:
                    parts.append((int(el.get("id")), run, factor, grade(tags), cls == "via_ferrata"))
            el.clear()
        elif el.tag == "relation":
            el.clear()
    return nodes, parts


class Network:
    def __init__(self, path):
        self.nodes, parts = load(path)
        self.segments = []  # (u, v, way, factor, grade, via ferrata, length)
        for way, ids, factor, g, vf in parts:
            for u, v in zip(ids, ids[1:]):
                (la, lo), (lb, lob) = self.nodes[u], self.nodes[v]
                self.segments.append((u, v, way, factor, g, vf, GEOD.Inverse(la, lo, lb, lob)["s12"]))
        self.graphs = {}

    def allowed(self, seg, cap, vf_ok):
        return (seg[4] == 0 or seg[4] <= cap) and (vf_ok or not seg[5])

    def graph(self, cap, vf_ok):
        key = (cap, vf_ok)
        if key not in self.graphs:
            g = nx.Graph()
            for s in self.segments:
                if not self.allowed(s, cap, vf_ok):
                    continue
                u, v, way, factor, gr, vf, length = s
                cost = length * factor
                if not g.has_edge(u, v) or g[u][v]["cost"] > cost:
                    g.add_edge(u, v, cost=cost, length=length, way=way, grade=gr)
            self.graphs[key] = g
        return self.graphs[key]

    def snap(self, stop, cap, vf_ok):
        lat0, lon0 = stop
        kx = R * math.cos(math.radians(lat0)) * math.pi / 180
        ky = R * math.pi / 180
        dlat = (SNAP + 10) / ky
        dlon = (SNAP + 10) / kx
        best = None
        for i, s in enumerate(self.segments):
            (la, lo), (lb, lob) = self.nodes[s[0]], self.nodes[s[1]]
            if min(la, lb) > lat0 + dlat or max(la, lb) < lat0 - dlat or min(lo, lob) > lon0 + dlon or max(lo, lob) < lon0 - dlon:
                continue
            if not self.allowed(s, cap, vf_ok):
                continue
            ax, ay = (lo - lon0) * kx, (la - lat0) * ky
            bx, by = (lob - lon0) * kx, (lb - lat0) * ky
            dx, dy = bx - ax, by - ay
            l2 = dx * dx + dy * dy
            t = 0.0 if l2 == 0 else max(0.0, min(1.0, -(ax * dx + ay * dy) / l2))
            d = math.hypot(ax + t * dx, ay + t * dy)
            if d <= SNAP and (best is None or d < best[0]):
                best = (d, i, t)
        if best is None:
            return None
        d, i, t = best
        s = self.segments[i]
        (la, lo), (lb, lob) = self.nodes[s[0]], self.nodes[s[1]]
        return {"segment": i, "t": t, "point": (la + t * (lb - la), lo + t * (lob - lo))}

    def route(self, a, b, cap=4, vf_ok=False):
        straight = GEOD.Inverse(a[0], a[1], b[0], b[1])["s12"]
        sa, sb = self.snap(a, cap, vf_ok), self.snap(b, cap, vf_ok)
        if sa is None or sb is None:
            return {"routed": False, "reason": "stop too far from paths", "length_m": straight}
        g = self.graph(cap, vf_ok).copy()
        # Split the snapped segments at the snap points (both on one segment: in fraction order).
        by_segment = {}
        for name, sn in (("A", sa), ("B", sb)):
            by_segment.setdefault(sn["segment"], []).append((sn["t"], name))
        for i, points in by_segment.items():
            u, v, way, factor, gr, vf, length = self.segments[i]
            chain = [(0.0, u)] + sorted(points) + [(1.0, v)]
            for (t0, p), (t1, q) in zip(chain, chain[1:]):
                seg_len = (t1 - t0) * length
                g.add_edge(p, q, cost=seg_len * factor, length=seg_len, way=way, grade=gr)
        try:
            path = nx.shortest_path(g, "A", "B", weight="cost")
        except nx.NetworkXNoPath:
            return {"routed": False, "reason": "no path", "length_m": straight}
        along = sum(g[p][q]["length"] for p, q in zip(path, path[1:]))
        cost = sum(g[p][q]["cost"] for p, q in zip(path, path[1:]))
        # Ways walked: edges of zero length (a snap point on a vertex) walk nothing.
        walked = [g[p][q] for p, q in zip(path, path[1:]) if g[p][q]["length"] > 0]
        ways = [e["way"] for e in walked]
        grades = [e["grade"] for e in walked if e["grade"] > 0]
        c1 = GEOD.Inverse(a[0], a[1], sa["point"][0], sa["point"][1])["s12"]
        c2 = GEOD.Inverse(sb["point"][0], sb["point"][1], b[0], b[1])["s12"]
        return {"routed": True, "reason": None, "length_m": c1 + along + c2, "along_m": along, "cost": cost,
                "start_connector_m": c1, "end_connector_m": c2, "ways": sorted(set(ways)),
                "hardest_grade": max(grades) if grades else 0}


# (name, file, from (lat, lon), to (lat, lon), max SAC 1-6, via ferratas allowed, why)
PAIRS = [
    # Samples/andorra-ordino.osm (shipped; always checked)
    ("serrat-besali", "sample", (42.6195784, 1.5388976), (42.6290536, 1.5375506), 4, False,
     "village el Serrat to the hut Cabana de Besali"),
    ("llorts-angonella", "sample", (42.5962642, 1.5261846), (42.6079509, 1.4960838), 4, False,
     "village Llorts to the hut Refugi de l'Angonella"),
    ("cortinada-serrat", "sample", (42.5755678, 1.5193446), (42.6195784, 1.5388976), 4, False,
     "up the Valira del Nord valley, la Cortinada to el Serrat"),
    ("sorteny-rialb", "sample", (42.6226844, 1.5640611), (42.6404046, 1.5612409), 4, False,
     "Refugi Borda de Sorteny to Refugi de Rialb"),
    ("castellar-serrat", "sample", (42.6334407, 1.5114513), (42.6195784, 1.5388976), 4, False,
     "Cabana de la Pleta del Castellar down to el Serrat"),
    ("arans-rialb", "sample", (42.5825312, 1.5180695), (42.6404046, 1.5612409), 4, False,
     "Arans to Refugi de Rialb, about 7 km as the crow flies"),
    ("sorteny-meners", "sample", (42.6226844, 1.5640611), (42.6211015, 1.60609), 4, False,
     "Refugi Borda de Sorteny to the saddle Collada de Meners"),
    ("serrat-tristaina", "sample", (42.6195784, 1.5388976), (42.6534813, 1.4937644), 4, False,
     "el Serrat to the summit of Tristaina (alpine_hiking T4 at the top): default cap"),
    ("serrat-tristaina-t3", "sample", (42.6195784, 1.5388976), (42.6534813, 1.4937644), 3, False,
     "the same with --max-sac T3: the T4 summit path is closed"),
    ("besali-peak-hut", "sample", (42.6384013, 1.5377946), (42.6290536, 1.5375506), 4, False,
     "from the summit Pic de Besali (off the path) to its hut: a connector at the start"),
    ("font-blanca-t6", "sample", (42.6290536, 1.5375506), (42.6538249, 1.5401031), 6, False,
     "Cabana de Besali to the end of a demanding_alpine_hiking (T5) path, --max-sac T6"),
    ("font-blanca-default", "sample", (42.6290536, 1.5375506), (42.6538249, 1.5401031), 4, False,
     "the same with the default cap T4: the T5 path is closed"),
    ("foot-no-cg2", "sample", (42.558385, 1.6874465), (42.5576548, 1.6885383), 4, False,
     "both ends of a foot=no stretch of the CG-2 (ways 371239543, 351920525, 351920524)"),
    ("isolated-network", "sample", (42.5796218, 1.4803226), (42.5720821, 1.4844029), 4, False,
     "a stop on a 16-node network of its own to Arinsal: no path"),
    ("far-from-paths", "sample", (42.69, 1.52), (42.6195784, 1.5388976), 4, False,
     "a stop in France, over 2 km from any way in the extract, to el Serrat"),
    ("same-path-short", "sample", (42.6213, 1.5335), (42.6224, 1.5365), 4, False,
     "two stops a few hundred metres apart near the Samples track"),
    # ../shared/data/osm/WorldKG-andorra-2021-east-clip.osm (checked when present)
    ("canillo-meritxell", "east", (42.5668305, 1.5977647), (42.5536332, 1.5906405), 4, False,
     "town Canillo to the sanctuary village Meritxell beside the foot=no CG-2"),
    ("soldeu-juclar", "east", (42.5768944, 1.6682694), (42.6074087, 1.7154436), 4, False,
     "Soldeu to Refugi de Juclar"),
    ("grauroig-ensagents", "east", (42.5368991, 1.7017913), (42.5169483, 1.6421169), 4, False,
     "Grau Roig to Refugi d'Ensagents over the Pessons"),
    ("encamp-canillo", "east", (42.5359781, 1.5836753), (42.5668305, 1.5977647), 4, False,
     "Encamp to Canillo: the CG-2 there is foot=no"),
    ("ransol-siscaro", "east", (42.5816768, 1.6374847), (42.5949078, 1.7059575), 4, False,
     "Ransol to Refugi del Siscaro"),
    ("encamp-juclar", "east", (42.5359781, 1.5836753), (42.6074087, 1.7154436), 4, False,
     "Encamp to Refugi de Juclar, about 13 km as the crow flies"),
    ("prats-envalira", "east", (42.5605597, 1.5936564), (42.5401763, 1.719381), 4, False,
     "Prats to Port d'Envalira, about 10 km"),
    ("cg2-foot-no-along", "east", (42.5728193, 1.6159162), (42.5799018, 1.6485528), 4, False,
     "two points on the foot=no CG-2 east of Canillo: must walk beside it"),
    ("mora-no-ferrata", "east", (42.5676571, 1.5957561), (42.5691894, 1.5933446), 4, False,
     "foot to top of the via ferrata Canal de la Mora above Canillo, via ferratas off: round by the paths"),
    ("mora-ferrata", "east", (42.5676571, 1.5957561), (42.5691894, 1.5933446), 4, True,
     "the same with --via-ferrata: up the via ferrata"),
]


def main():
    previous = {}
    if os.path.exists(OUT):
        with open(OUT) as f:
            previous = {c["name"]: c for c in json.load(f)["cases"]}
    cases = []
    networks = {}
    for name, file, a, b, cap, vf, why in PAIRS:
        if not os.path.exists(FILES[file]):
            if name in previous:
                cases.append(previous[name])
            print(f"{name}: {FILES[file]} absent, kept as before" if name in previous else f"{name}: skipped",
                  file=sys.stderr)
            continue
        if file not in networks:
            networks[file] = Network(FILES[file])
        r = networks[file].route(a, b, cap, vf)
        case = {"name": name, "file": file, "why": why, "from": list(a), "to": list(b), "max_sac": cap,
                "via_ferrata": vf}
        case.update(r)
        cases.append(case)
        print(f"{name}: {'routed' if r['routed'] else r['reason']} {r['length_m']:.1f} m", file=sys.stderr)
    with open(OUT, "w") as f:
        json.dump({"method": "Tools/reference/route_reference.py: networkx Dijkstra over every OSM node, "
                             "GeographicLib lengths, same WalkingRules", "snap_distance_m": SNAP,
                   "cases": cases}, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
