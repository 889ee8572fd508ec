#!/usr/bin/env python3
"""Independent reference for one hike's elevation figures with the terrain (DECISIONS 260-261).

Writes test hikes as GPX into OUT_DIR, made from the points of Samples/cairn-route-serrat-sorteny.gpx
(read with xml.etree), and prints, for each, the figures by the stated rules, computed with
terrain_reference.py's tile reader (zipfile + struct), bilinear rule, densification and 5 m
hysteresis, sharing no code with Cairn:

* heights of their own: the sample's height + 25 m + 4 sin(i / 7) m (a GPS datum off SRTM's);
* fileOnlyGain: the 5 m hysteresis over the points that have an elevation (what the store keeps);
* gain / loss, the rule for one hike's one gain:
  - no elevation at all: a planned line, every piece cut into max(1, ceil(d / 30 m)) parts,
    terrain heights, points without data skipped;
  - some: each run of points without elevation gets the terrain height plus an offset
    o = (file - terrain) at the point before the run, and after it, interpolated linearly by
    the distance along (haversine, R = 6371008.771415 m); one side only: that side's; none: 0;
  - all: the file's;
* coverage: 1 - sum over the points without a terrain height of half the way to each
  neighbour, over the length (hike's own points; the densified line for a planned one);
* terrainGain / fileGainWhereTerrain (a hike with all or some of its own elevations): over each
  run of consecutive points with a terrain height, the densified terrain line's hysteresis gain
  and the file's (for some: the filled heights, what the profile draws), summed over the runs
  (each run filtered on its own);
* elevationCoverage (some or no elevations): the coverage rule over the points that have a
  height after filling (the densified line's terrain heights for a planned one);
* filledAt (some elevations): each point's height after filling (null where none);
* minElevation / maxElevation: the lowest and highest of the heights the gain is measured on
  (the densified terrain line, the filled points, or the file's own), raw, no filter;
  fileMinElevation / fileMaxElevation: the same over the file's own heights (null without);
* terrainAt: the terrain height under each point (null without data).

Besides the rules' three (partial-middle, every-other, no-ele) and a hike half off the tile with
all its heights (half-off), two more half off it: half-off-no-ele (no `ele`: its terrain gain
covers half the hike) and half-off-some (every other point's `ele` removed: filled on the tile,
every other point without a height off it).

Usage: terrain_figures_reference.py OUT_DIR   (prints JSON on stdout)
"""
import json, math, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import terrain_reference as R  # noqa: E402
import xml.etree.ElementTree as ET  # noqa: E402


def sample_points():
    root = ET.parse(os.path.join(ROOT, "Samples/cairn-route-serrat-sorteny.gpx")).getroot()
    pts = []
    for el in root.iter():
        if el.tag.endswith("trkpt"):
            ele = [c.text for c in el if c.tag.endswith("ele")]
            pts.append((float(el.get("lat")), float(el.get("lon")), float(ele[0])))
    return pts


def write_gpx(path, name, points, day):
    """points: (lat, lon, ele or None, seconds after 08:00Z on 2024-07-DAY). Each hike has its own
    day: hikes walked at the same time are one walk to the totals (DECISIONS.md 1043)."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<gpx version="1.1" creator="terrain_figures_reference" xmlns="http://www.topografix.com/GPX/1/1">',
           "<trk><name>%s</name><trkseg>" % name]
    for lat, lon, e, t in points:
        ele = "<ele>%r</ele>" % e if e is not None else ""
        time = "<time>2024-07-%02dT%02d:%02d:%02dZ</time>" % (day, 8 + t // 3600, t // 60 % 60, t % 60)
        out.append('<trkpt lat="%r" lon="%r">%s%s</trkpt>' % (lat, lon, ele, time))
    out.append("</trkseg></trk></gpx>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def along(points):
    d = [0.0]
    for a, b in zip(points, points[1:]):
        d.append(d[-1] + R.haversine(a, b))
    return d


def coverage(points, has):
    total = missing = 0.0
    for i in range(1, len(points)):
        d = R.haversine(points[i - 1], points[i])
        total += d
        missing += d * ((0 if has[i - 1] else 1) + (0 if has[i] else 1)) / 2
    return (total - missing) / total if total > 0 else None


def figures(tile, pts):
    """pts: (lat, lon, ele or None)."""
    ll = [(p[0], p[1]) for p in pts]
    eles = [p[2] for p in pts]
    terr = [R.height(tile, a, b) for a, b in ll]
    own = [e for e in eles if e is not None]
    res = {"fileOnlyGain": R.hysteresis(own)[0] if own else None, "terrainAt": terr,
           "fileMinElevation": min(own) if own else None, "fileMaxElevation": max(own) if own else None}
    if not own:
        line = R.densify(ll)
        hs = [R.height(tile, a, b) for a, b in line]
        valid = [h for h in hs if h is not None]
        res["gain"], res["loss"] = R.hysteresis(valid) if valid else (None, None)
        res["coverage"] = coverage(line, [h is not None for h in hs])
        res["elevationCoverage"] = res["coverage"]
        res["source"] = "terrain" if valid else "none"
        res["minElevation"], res["maxElevation"] = (min(valid), max(valid)) if valid else (None, None)
        return res
    res["coverage"] = coverage(ll, [h is not None for h in terr])
    if len(own) < len(pts):
        dist = along(ll)
        filled = list(eles)
        n = len(pts)
        i = 0
        while i < n:
            if eles[i] is not None:
                i += 1
                continue
            j = i
            while j < n and eles[j] is None:
                j += 1
            oa = eles[i - 1] - terr[i - 1] if i > 0 and terr[i - 1] is not None else None
            ob = eles[j] - terr[j] if j < n and terr[j] is not None else None
            for k in range(i, j):
                if terr[k] is None:
                    continue
                if oa is not None and ob is not None:
                    span = dist[j] - dist[i - 1]
                    o = oa + (ob - oa) * (dist[k] - dist[i - 1]) / span if span > 0 else (oa + ob) / 2
                else:
                    o = oa if oa is not None else (ob if ob is not None else 0.0)
                filled[k] = terr[k] + o
            i = j
        valid = [e for e in filled if e is not None]
        res["gain"], res["loss"] = R.hysteresis(valid)
        res["source"] = "file+terrain"
        res["minElevation"], res["maxElevation"] = min(valid), max(valid)
        res["filledAt"] = filled
        res["elevationCoverage"] = coverage(ll, [e is not None for e in filled])
        res.update(comparison(tile, ll, terr, filled))
        return res
    res["gain"], res["loss"] = R.hysteresis(eles)
    res["source"] = "file"
    res["minElevation"], res["maxElevation"] = min(eles), max(eles)
    res.update(comparison(tile, ll, terr, eles))
    return res


def comparison(tile, ll, terr, eles):
    """The terrain's gain beside the file's (or filled) heights `eles`, over the runs of points
    with a terrain height."""
    # Runs of points with terrain under them.
    runs, cur = [], []
    for k in range(len(ll)):
        if terr[k] is not None:
            cur.append(k)
        else:
            if len(cur) > 1:
                runs.append(cur)
            cur = []
    if len(cur) > 1:
        runs.append(cur)
    tg = tl = fg = fl = 0.0
    for run in runs:
        line = R.densify([ll[k] for k in run])
        hs = [h for h in (R.height(tile, a, b) for a, b in line) if h is not None]
        g, l = R.hysteresis(hs)
        tg += g
        tl += l
        g, l = R.hysteresis([eles[k] for k in run])
        fg += g
        fl += l
    return {"terrainGain": tg, "terrainLoss": tl, "fileGainWhereTerrain": fg, "fileLossWhereTerrain": fl}


def main():
    out_dir = sys.argv[1]
    tile = R.load(os.path.join(ROOT, "Samples/N42E001.hgt.zip"))
    base = sample_points()
    n = len(base)
    gps = [(a, b, e + 25 + 4 * math.sin(i / 7)) for i, (a, b, e) in enumerate(base)]
    hikes = {
        "partial-middle": [(a, b, e if not (n // 3 <= i < 2 * n // 3) else None) for i, (a, b, e) in enumerate(gps)],
        "every-other": [(a, b, e if i % 2 == 0 else None) for i, (a, b, e) in enumerate(gps)],
        "no-ele": [(a, b, None) for a, b, _ in gps],
    }
    # Across the tile's south edge (42 N) at 1.6 E: half of it on N41E001, not imported.
    half = []
    for i in range(400):
        lat, lon = 42.05 - 0.1 * i / 399, 1.6 + 0.01 * math.sin(i / 20)
        h = R.height(tile, lat, lon)
        half.append((lat, lon, round((h if h is not None else 800 + 40 * math.sin(i / 15)) + 12 + 3 * math.sin(i / 3), 1)))
    hikes["half-off"] = half
    hikes["half-off-no-ele"] = [(a, b, None) for a, b, _ in half]
    hikes["half-off-some"] = [(a, b, e if i % 2 == 0 else None) for i, (a, b, e) in enumerate(half)]
    doc = {}
    for day, (name, pts) in enumerate(hikes.items(), start=1):
        path = os.path.join(out_dir, name + ".gpx")
        write_gpx(path, name, [(a, b, e, 60 * i) for i, (a, b, e) in enumerate(pts)], day)
        f = figures(tile, pts)
        f["path"] = path
        doc[name] = f
    json.dump(doc, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
