#!/usr/bin/env python3
"""Computes formats-reference.json, the independent expected figures for the FIT, TCX, KML and
cut-off GPX tests (TrackFileReaderTests). Run from the repository root:

    pip install fitparse==1.2.0 python-tcxparser geographiclib
    python3 Tests/TrailFormatsTests/Fixtures/formats/make-reference.py ../shared/data \
        > Tests/TrailFormatsTests/Fixtures/formats/formats-reference.json

Points: FIT = python-fitparse `record` messages with both position_lat and position_long
(semicircles -> degrees); TCX = python-tcxparser's position_values(); KML = the coordinates of
togeojson's .geojson next to each file; cut GPX = the <trkpt> elements complete (closed by
</trkpt>) in the first 20480 bytes. Distance = sum of WGS84 geodesic (Karney, geographiclib)
distances between consecutive points of one line, in metres.
"""
import json, os, re, sys
import fitparse, tcxparser
from geographiclib.geodesic import Geodesic

data = sys.argv[1]
G = Geodesic.WGS84

def dist(points):
    return sum(G.Inverse(a[0], a[1], b[0], b[1])['s12'] for a, b in zip(points, points[1:]))

out = {"fit": {}, "tcx": {}, "kml": {}, "gpxCut": {}}
for name in sorted(os.listdir(os.path.join(data, "fit"))):
    if not name.endswith(".fit"):
        continue
    path = os.path.join(data, "fit", name)
    f = fitparse.FitFile(path, check_crc=False)
    pts, ftype, error = [], None, None
    try:
        for m in f.get_messages():
            if m.name == "file_id" and ftype is None:
                ftype = m.get_value("type")
            if m.name == "record":
                la, lo = m.get_value("position_lat"), m.get_value("position_long")
                if la is not None and lo is not None:
                    pts.append((la * 180.0 / 2**31, lo * 180.0 / 2**31))
    except Exception as e:  # a cut-off file: keep the records before the error
        error = type(e).__name__ + ": " + str(e)
    out["fit"][name] = {"fileType": ftype, "points": len(pts), "distance": round(dist(pts), 3),
                        "first": pts[0] if pts else None, "last": pts[-1] if pts else None, "error": error}

for name in sorted(os.listdir(os.path.join(data, "tcx"))):
    t = tcxparser.TCXParser(os.path.join(data, "tcx", name))
    pts = [(float(a), float(b)) for a, b in t.position_values()]
    out["tcx"][name] = {"points": len(pts), "distance": round(dist(pts), 3), "activityType": t.activity_type}

for name in sorted(os.listdir(os.path.join(data, "kml"))):
    if not name.endswith(".kml"):
        continue
    gj = json.load(open(os.path.join(data, "kml", name + ".geojson")))
    lines, waypoints = [], 0
    for feat in gj["features"]:
        g = feat["geometry"]
        if g["type"] == "LineString":
            pts = [(c[1], c[0]) for c in g["coordinates"]]
            lines.append({"name": feat["properties"].get("name"), "points": len(pts), "distance": round(dist(pts), 3)})
        elif g["type"] == "Point":
            waypoints += 1
    out["kml"][name] = {"lines": lines, "waypoints": waypoints}

cut = open(os.path.join(data, "gpx", "GPSTools-Oybin.gpx"), "rb").read()[:20480].decode("utf-8", "replace")
pts = [(float(a), float(b)) for a, b in re.findall(r'<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)"[^>]*>(?:(?!<trkpt).)*?</trkpt>', cut, re.S)]
lines_before = cut.count("\n") + 1
out["gpxCut"]["GPSTools-Oybin.gpx"] = {"bytes": 20480, "points": len(pts), "distance": round(dist(pts), 3),
                                        "lastLine": lines_before}
json.dump(out, sys.stdout, indent=1, sort_keys=True)
print()
