#!/usr/bin/env python3
"""Independent reference values for Cairn's places along a trail (TrailCore/Places,
TrailMap/Places): which OpenStreetMap nodes lie within 1 km of the Andorra sample track, how
far along the track their nearest point is and how far off the track they are.

Method, different from Cairn's on purpose:
  * OSM data read with xml.etree from Samples/andorra-ordino.osm (not libosmium, not the map
    store); only nodes (areas such as lakes are placed at their box centre by Cairn, which is
    not a geodesic question);
  * the tracks read with xml.etree from Samples/graphhopper-andorra_for_map_matching.gpx and
    Samples/cairn-route-serrat-sorteny.gpx (the demo hike);
  * nearest point: for every track segment, the geodesic from its first to its last point
    (GeographicLib, Karney 2013, WGS84) searched by golden-section for the position s that
    minimises the geodesic distance to the place (Cairn: closest point in a tangent plane at
    the place, along a straight chord in degrees, then one Vincenty distance);
  * distance along = sum of the geodesic lengths of the segments before + s.

Kinds (as PlaceKind(feature:) and FeatureClassifier.classifyNode, first match wins):
  natural=peak|volcano -> peak, natural=saddle -> saddle, natural=spring -> spring;
  then tourism=alpine_hut|wilderness_hut -> hut, tourism=viewpoint -> viewpoint,
  tourism=information -> (not a place); then amenity=shelter -> hut,
  amenity=drinking_water -> spring, amenity=parking -> parking, amenity=toilets -> toilets;
  then waterway=waterfall -> waterfall; then highway=bus_stop -> bus_stop; then place=* with
  a name: city|town|village|hamlet -> village, other place values -> (not a place).

Writes Tests/TrailMapTests/Fixtures/places-reference.json.
Usage: python3 Tools/reference/places_reference.py  (from the repository root; needs
`pip install geographiclib`)
"""
import json
import math
import os
import xml.etree.ElementTree as ET

from geographiclib.geodesic import Geodesic

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OSM = os.path.join(ROOT, "Samples/andorra-ordino.osm")
GPXS = [os.path.join(ROOT, "Samples/graphhopper-andorra_for_map_matching.gpx"),
        os.path.join(ROOT, "Samples/cairn-route-serrat-sorteny.gpx")]
OUT = os.path.join(ROOT, "Tests/TrailMapTests/Fixtures/places-reference.json")
WITHIN = 1000.0
GEOD = Geodesic.WGS84


def kind(tags):
    n = tags.get("natural")
    if n in ("peak", "volcano"):
        return "peak"
    if n == "saddle":
        return "saddle"
    if n == "spring":
        return "spring"
    t = tags.get("tourism")
    if t in ("alpine_hut", "wilderness_hut"):
        return "hut"
    if t == "viewpoint":
        return "viewpoint"
    if t == "information":
        return None
    a = tags.get("amenity")
    if a == "shelter":
        return "hut"
    if a == "drinking_water":
        return "spring"
    if a in ("parking", "toilets"):
        return a
    if tags.get("waterway") == "waterfall":
        return "waterfall"
    if tags.get("highway") == "bus_stop":
        return "bus_stop"
    if "place" in tags and "name" in tags:
        return "village" if tags["place"] in ("city", "town", "village", "hamlet") else None
    return None


def places():
    out = []
    for _, el in ET.iterparse(OSM):
        if el.tag == "node":
            tags = {t.get("k"): t.get("v") for t in el.findall("tag")}
            k = kind(tags)
            if k:
                out.append({"osm": "node/" + el.get("id"), "kind": k, "name": tags.get("name"),
                            "lat": float(el.get("lat")), "lon": float(el.get("lon"))})
            el.clear()
    return out


def track(path):
    ns = {"g": "http://www.topografix.com/GPX/1/1"}
    root = ET.parse(path).getroot()
    return [(float(p.get("lat")), float(p.get("lon"))) for p in root.findall(".//g:trkpt", ns)]


def nearest_on_segment(a, b, p):
    """(s, d): metres along the geodesic a->b and the geodesic distance from p there."""
    line = GEOD.InverseLine(a[0], a[1], b[0], b[1])
    def dist(s):
        q = line.Position(s)
        return GEOD.Inverse(p[0], p[1], q["lat2"], q["lon2"])["s12"]
    lo, hi = 0.0, line.s13
    g = (math.sqrt(5) - 1) / 2
    x1, x2 = hi - g * (hi - lo), lo + g * (hi - lo)
    f1, f2 = dist(x1), dist(x2)
    while hi - lo > 1e-4:
        if f1 <= f2:
            hi, x2, f2 = x2, x1, f1
            x1 = hi - g * (hi - lo)
            f1 = dist(x1)
        else:
            lo, x1, f1 = x1, x2, f2
            x2 = lo + g * (hi - lo)
            f2 = dist(x2)
    best = min((dist(0.0), 0.0), (dist(line.s13), line.s13), (f1, x1), (f2, x2))
    return best[1], best[0], line.s13


def case(path, candidates):
    pts = track(path)
    seg_len = [GEOD.Inverse(a[0], a[1], b[0], b[1])["s12"] for a, b in zip(pts, pts[1:])]
    cum = [0.0]
    for s in seg_len:
        cum.append(cum[-1] + s)
    rows = []
    for pl in candidates:
        p = (pl["lat"], pl["lon"])
        best = None
        for i, (a, b) in enumerate(zip(pts, pts[1:])):
            da = GEOD.Inverse(p[0], p[1], a[0], a[1])["s12"]
            if best is not None and da - seg_len[i] > best[1]:
                continue  # every point of this segment is farther than the best so far
            if best is None and da - seg_len[i] > WITHIN + 10:
                continue
            s, d, _ = nearest_on_segment(a, b, p)
            if best is None or d < best[1]:
                best = (cum[i] + s, d)
        if best is not None and best[1] <= WITHIN + 10:
            rows.append(dict(pl, along=round(best[0], 3), off=round(best[1], 3)))
    rows.sort(key=lambda r: (r["along"], r["off"]))
    return {"track": os.path.basename(path), "points": len(pts), "places": rows}


def main():
    candidates = places()
    cases = [case(p, candidates) for p in GPXS]
    with open(OUT, "w") as f:
        json.dump({"within": WITHIN, "osm": os.path.basename(OSM),
                   "method": "GeographicLib geodesics, golden-section nearest point per segment",
                   "cases": cases}, f, indent=1, ensure_ascii=False)
        f.write("\n")
    for c in cases:
        print(f"{c['track']}: {len(c['places'])} places within {WITHIN:.0f} m (+10 m margin)")
    print(f"written to {OUT}")


if __name__ == "__main__":
    main()
