#!/usr/bin/env python3
"""Independent reference for placing photographs on a track by their capture time
(TrailPhotos/PhotoPlacer, issue 36).

Method (the same rule, written separately): the GPX is read with xml.etree; for each capture
time the segment whose first and last timed points enclose it is taken, and in it the two
consecutive timed points (in time order) around it; when their times are more than MAX_GAP
(300 s) apart, or the time falls between segments, the photo is not placed; otherwise the
latitude, longitude and elevation are interpolated linearly by time. Capture times are the
track's first time + 61 s, then every STEP seconds (a prime, so they fall between points),
plus each exact point time of every 50th point.

Writes Tests/TrailPhotosTests/Fixtures/placement-reference.json: for each file name, a list of
{"t": seconds since 1970, "lat", "lon", "ele" (or null), "placed": true} or {"t", "placed": false,
"why": "before"|"after"|"gap"}.
Usage: python3 Tools/reference/photo_placement_reference.py FILE... (from the repository root)
"""
import json
import sys
import xml.etree.ElementTree as ET
from datetime import datetime, timezone

MAX_GAP = 300.0
STEP = 613.0


def parse_time(text):
    text = text.strip().replace("Z", "+00:00")
    return datetime.fromisoformat(text).astimezone(timezone.utc).timestamp()


def segments(path):
    root = ET.parse(path).getroot()
    out = []
    for seg in root.iter():
        if not seg.tag.endswith("trkseg"):
            continue
        pts = []
        for p in seg:
            if not p.tag.endswith("trkpt"):
                continue
            t = next((c.text for c in p if c.tag.endswith("time")), None)
            e = next((c.text for c in p if c.tag.endswith("ele")), None)
            if t is None:
                continue
            pts.append((parse_time(t), float(p.get("lat")), float(p.get("lon")), float(e) if e else None))
        pts.sort(key=lambda x: x[0])
        if pts:
            out.append(pts)
    return out


def place(segs, t):
    if t < segs[0][0][0]:
        return {"t": t, "placed": False, "why": "before"}
    if t > segs[-1][-1][0]:
        return {"t": t, "placed": False, "why": "after"}
    for pts in segs:
        if not (pts[0][0] <= t <= pts[-1][0]):
            continue
        for a, b in zip(pts, pts[1:] + [None]):
            if b is None or a[0] == t:
                if a[0] == t:
                    return {"t": t, "placed": True, "lat": a[1], "lon": a[2], "ele": a[3]}
                continue
            if a[0] <= t < b[0]:
                if b[0] - a[0] > MAX_GAP:
                    return {"t": t, "placed": False, "why": "gap"}
                f = (t - a[0]) / (b[0] - a[0])
                ele = a[3] + f * (b[3] - a[3]) if a[3] is not None and b[3] is not None else None
                return {"t": t, "placed": True, "lat": a[1] + f * (b[1] - a[1]), "lon": a[2] + f * (b[2] - a[2]), "ele": ele}
    return {"t": t, "placed": False, "why": "gap"}


def main():
    out = {}
    for path in sys.argv[1:]:
        segs = segments(path)
        start, end = segs[0][0][0], segs[-1][-1][0]
        times = [start - 120]
        t = start + 61
        while t < end:
            times.append(t)
            t += STEP
        times += [p[0] for s in segs for p in s[::50]]
        times.append(end + 600)
        out[path.split("/")[-1]] = [place(segs, x) for x in sorted(set(times))]
    with open("Tests/TrailPhotosTests/Fixtures/placement-reference.json", "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)


main()
