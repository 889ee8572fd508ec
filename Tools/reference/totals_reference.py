#!/usr/bin/env python3
"""Independent reference totals for Cairn's `cairn totals` tests (issue 18).

Reads what the shell gives, not Cairn's store:
  DIR/list.json        `cairn list --json` (the hikes with their stored statistics);
  DIR/show/ID.json     `cairn show ID --json` for every hike (its walk history);
  DIR/gpx/ID.gpx       `cairn export ID` for every hike (its points, for duplicates).
and computes, with the rules of DECISIONS.md 220 re-implemented from their wording:

  * a hike counts when its statistics have a startTime (track timestamps), dated by it; two
    hikes whose exported track points (lat, lon, ele, time of every trkpt/rtept, read with
    xml.etree) are equal are one: the one added first (createdAt) counts, and walks of either
    are walks of it;
  * every walk with a summary and acceptedFixes > 0 counts, dated by summary.startTime (else
    startedAt), with distanceWalked, elevationGain and movingTime (else activeTime);
  * the month is the local month of the start time in the zone given (zoneinfo, the IANA
    database: offsets and daylight saving as the C library has them);
  * trails are distinct counted hike ids (per month, per year, all time);
  * records: longest distance, highest maxElevation, most elevationGain, steepest
    |steepestGrade| (reported signed), fastest moving speed = movingDistance / movingTime over
    walks of >= 5000 m (walks: movingDistance else distanceWalked); ties go to the earlier walk;
  * a dated hike that shares more than half of the shorter one's [startTime, endTime] with a
    hike counted before it (createdAt order), and whose box (of its exported points, widened by
    0.001 deg) shares more than half of the smaller box's area with that hike's, is the same walk
    (two devices, a cut copy) and is not counted (DECISIONS.md 1043);
  * (DECISIONS.md 254) a walk whose [summary.startTime, endedAt] (endedAt missing: its start
    alone) overlaps a counted dated hike's [startTime, endTime] is that hike walked (followed
    while recorded) and is not counted;
  * (DECISIONS.md 253) an outing dated before 1980-01-06T00:00:00Z (GPS week 0) or a hike whose
    statistics.averageSpeed exceeds 25 km/h holds no record (it still counts in the sums).

Prints JSON: {"thisYear": {...}, "lastYear": {...}, "allTime": {...}, "records": {kind: {value, trailID}}}
where a year is {"months": [12 x figures], "total": figures} and figures are
{distance, elevationGain, movingTime, walks, trails}.

Usage: totals_reference.py DIR --year 2026 --tz America/New_York
"""
import argparse
import datetime as dt
import json
import os
import sys
import xml.etree.ElementTree as ET
from zoneinfo import ZoneInfo


GPS_EPOCH = dt.datetime(1980, 1, 6, tzinfo=dt.timezone.utc)
WALK_LIMIT = 25 / 3.6


def parse_time(s):
    return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))


def points_key(path):
    """The exported track's points as text tuples, namespace-agnostic."""
    out = []
    for el in ET.parse(path).getroot().iter():
        tag = el.tag.split("}")[-1]
        if tag in ("trkpt", "rtept"):
            ele = time = None
            for c in el:
                ctag = c.tag.split("}")[-1]
                if ctag == "ele":
                    ele = float(c.text)
                elif ctag == "time":
                    time = parse_time(c.text).timestamp()
            out.append((float(el.get("lat")), float(el.get("lon")), ele, time))
    return tuple(out)


def same_time(a0, a1, b0, b1):
    """More than half of the shorter one's [start, end] shared."""
    shorter = min(a1 - a0, b1 - b0)
    return shorter > dt.timedelta(0) and min(a1, b1) - max(a0, b0) > shorter / 2


def same_place(a, b):
    """Boxes (south, west, north, east) widened by 0.001 deg sharing more than half of the smaller's area."""
    if a is None or b is None:
        return True
    pad = 0.001
    def area(s, w, n, e):
        return max(0.0, n - s) * max(0.0, e - w)
    aa = area(a[0] - pad, a[1] - pad, a[2] + pad, a[3] + pad)
    ab = area(b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad)
    shared = area(max(a[0], b[0]) - pad, max(a[1], b[1]) - pad, min(a[2], b[2]) + pad, min(a[3], b[3]) + pad)
    return shared > min(aa, ab) / 2


def figures(items):
    return {
        "distance": sum(o["distance"] for o in items),
        "elevationGain": sum(o["gain"] or 0 for o in items),
        "movingTime": sum(o["moving"] or 0 for o in items),
        "walks": len(items),
        "trails": len({o["trail"] for o in items}),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--year", type=int, required=True)
    ap.add_argument("--tz", required=True)
    a = ap.parse_args()
    zone = ZoneInfo(a.tz)
    hikes = json.load(open(os.path.join(a.dir, "list.json")))
    by_created = sorted(hikes, key=lambda h: parse_time(h["createdAt"]))
    canonical, seen, points = {}, {}, {}
    for h in by_created:
        key = points_key(os.path.join(a.dir, "gpx", h["id"] + ".gpx"))
        points[h["id"]] = key
        canonical[h["id"]] = seen.setdefault(key, h["id"])
    names = {h["id"]: h["name"] for h in hikes}
    outings = []
    counted_spans = []
    for h in by_created:
        s = h["statistics"]
        if s.get("startTime") is None or canonical[h["id"]] != h["id"]:
            continue
        moving_speed = None
        if s.get("movingTime") and s.get("movingDistance") is not None:
            moving_speed = s["movingDistance"] / s["movingTime"]
        start = parse_time(s["startTime"])
        end = parse_time(s["endTime"]) if s.get("endTime") else start
        pts = points[h["id"]]
        box = (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)) if pts else None
        if any(same_time(start, end, b, e) and same_place(box, bx) for b, e, bx in counted_spans):
            continue
        counted_spans.append((start, end, box))
        implausible = start < GPS_EPOCH or (s.get("averageSpeed") or 0) > WALK_LIMIT
        outings.append({"trail": h["id"], "start": start, "end": end, "distance": s["distance"],
                        "gain": s.get("elevationGain"), "moving": s.get("movingTime"),
                        "maxEle": s.get("maxElevation"), "grade": s.get("steepestGrade"), "speed": moving_speed,
                        "implausible": implausible})
    spans = [(o["start"], o["end"]) for o in outings]
    for h in hikes:
        detail = json.load(open(os.path.join(a.dir, "show", h["id"] + ".json")))
        for w in detail.get("walks", []):
            sm = w.get("summary")
            if not sm or sm.get("acceptedFixes", 0) <= 0:
                continue
            moving = sm.get("movingTime", sm.get("activeTime"))
            mdist = sm.get("movingDistance", sm.get("distanceWalked"))
            start = parse_time(sm.get("startTime") or w["startedAt"])
            end = max(start, parse_time(w["endedAt"])) if w.get("endedAt") else start
            if any(a <= end and start <= b for a, b in spans):
                continue
            outings.append({"trail": canonical[h["id"]], "start": start,
                            "distance": sm.get("distanceWalked", 0), "gain": sm.get("elevationGain"),
                            "moving": moving, "maxEle": None, "grade": None,
                            "speed": (mdist / moving) if moving else None, "implausible": start < GPS_EPOCH})

    def year(y):
        items = [o for o in outings if o["start"].astimezone(zone).year == y]
        months = [figures([o for o in items if o["start"].astimezone(zone).month == m]) for m in range(1, 13)]
        return {"months": months, "total": figures(items)}

    def best(key, value=None):
        found = None
        for o in sorted(outings, key=lambda o: o["start"]):
            if o["implausible"]:
                continue
            k = key(o)
            if k is None:
                continue
            if found is None or k > found[0]:
                found = (k, o)
        if found is None:
            return None
        return {"value": value(found[1]) if value else found[0], "trailID": found[1]["trail"]}

    records = {
        "longest": best(lambda o: o["distance"] if o["distance"] > 0 else None),
        "highest": best(lambda o: o["maxEle"]),
        "mostClimb": best(lambda o: o["gain"] if o["gain"] and o["gain"] > 0 else None),
        "steepest": best(lambda o: abs(o["grade"]) if o["grade"] is not None else None, lambda o: o["grade"]),
        "fastestPace": best(lambda o: o["speed"] if o["distance"] >= 5000 else None),
    }
    json.dump({"thisYear": year(a.year), "lastYear": year(a.year - 1), "allTime": figures(outings),
               "records": {k: v for k, v in records.items() if v is not None},
               "names": names}, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == "__main__":
    main()
