#!/usr/bin/env python3
"""Independent implementation of Cairn's stray-fix rule (DECISIONS.md 131) for tests.

Reads GPX files with the standard library's XML parser (not Cairn's reader) and prints, per
file, per track, the flattened indices of stray positions and stray elevations as JSON:
    {"FILE": [{"positions": [...], "elevations": [...]}, ...], ...}

The rule, per segment:
- a point at exactly 0,0 is a stray position;
- among the other points, a point is a stray position when the implied speed (haversine
  distance, R = 6371008.8 m, over |dt|) from the previous and to the next point is above
  50 m/s while previous-to-next is not; without both times or with |dt| < 1 s the distance is
  compared with 100000 m instead; first/last points: the step to the one neighbour is
  implausible and the neighbour's next step is plausible (needs three points);
- among remaining points with an elevation, a step is a jump when steeper than 1:1 and more
  than 100 m, or (times at least 1 s apart) more than 50 m at more than 10 m/s vertically; a
  run of 1-3 consecutive points is a spike when the steps into and out of it are jumps, every
  point of it is above both points around it (or below both), and those two differ by at most
  100 m; endpoints: a jump to the neighbour, the neighbour's next step not, the neighbour in
  no spike run. (DECISIONS.md 131, 729.)
Points whose lat/lon are missing or out of range are skipped like the reader does.

Usage: stray_reference.py FILE.gpx... > stray-reference.json
"""
import json
import math
import sys
import xml.etree.ElementTree as ET
from datetime import datetime

R = 6371008.8
MAX_SPEED, MAX_UNTIMED, MAX_ELE = 50.0, 100000.0, 100.0
MAX_RUN = 3
MAX_ELE_TIMED, MAX_VERTICAL_SPEED = 50.0, 10.0


def hav(a, b):
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * R * math.asin(min(1.0, math.sqrt(h)))


def plausible(a, b):
    d = hav(a, b)
    if a[3] is not None and b[3] is not None:
        dt = abs(b[3] - a[3])
        if dt >= 1:
            return d / dt <= MAX_SPEED
    return d <= MAX_UNTIMED


def outliers(idx, ok):
    out = []
    n = len(idx)
    if n < 3:
        return out
    for k in range(n):
        if k == 0:
            bad = not ok(idx[0], idx[1]) and ok(idx[1], idx[2])
        elif k == n - 1:
            bad = not ok(idx[n - 2], idx[n - 1]) and ok(idx[n - 3], idx[n - 2])
        else:
            bad = not ok(idx[k - 1], idx[k]) and not ok(idx[k], idx[k + 1]) and ok(idx[k - 1], idx[k + 1])
        if bad:
            out.append(idx[k])
    return out


def segment_strays(pts):
    null = [i for i, p in enumerate(pts) if p[0] == 0 and p[1] == 0]
    kept = [i for i, p in enumerate(pts) if not (p[0] == 0 and p[1] == 0)]
    far = outliers(kept, lambda a, b: plausible(pts[a], pts[b]))
    kept = [i for i in kept if i not in set(far)]
    ele = [i for i in kept if pts[i][2] is not None and math.isfinite(pts[i][2])]

    def steep(a, b):
        dz = abs(pts[b][2] - pts[a][2])
        if dz <= hav(pts[a], pts[b]):
            return False
        if dz > MAX_ELE:
            return True
        ta, tb = pts[a][3], pts[b][3]
        if ta is not None and tb is not None and abs(tb - ta) >= 1:
            return dz > MAX_ELE_TIMED and dz / abs(tb - ta) > MAX_VERTICAL_SPEED
        return False

    n = len(ele)
    z = lambda i: pts[ele[i]][2]

    def in_run(j):
        """Point j (0 < j < n-1) lies in a run of 1-3 points entered and left by jumps,
        all above (or all below) the two points around it, which agree within MAX_ELE."""
        if j < 1 or j > n - 2:
            return False
        for k in range(max(1, j - MAX_RUN + 1), j + 1):
            for L in range(j - k + 1, MAX_RUN + 1):
                if k + L > n - 1:
                    break
                p, q = k - 1, k + L
                if abs(z(q) - z(p)) > MAX_ELE or not steep(ele[p], ele[k]) or not steep(ele[k + L - 1], ele[q]):
                    continue
                hs = [z(i) for i in range(k, k + L)]
                if all(h > z(p) and h > z(q) for h in hs) or all(h < z(p) and h < z(q) for h in hs):
                    return True
        return False

    spikes = []
    if n >= 3:
        for j in range(n):
            if j == 0:
                bad = steep(ele[0], ele[1]) and not steep(ele[1], ele[2]) and not in_run(1)
            elif j == n - 1:
                bad = steep(ele[n - 2], ele[n - 1]) and not steep(ele[n - 3], ele[n - 2]) and not in_run(n - 2)
            else:
                bad = in_run(j)
            if bad:
                spikes.append(ele[j])
    return sorted(null + far), spikes


def local(tag):
    return tag.rsplit('}', 1)[-1]


def number(text):
    try:
        v = float(text)
        return v if math.isfinite(v) else None
    except (TypeError, ValueError):
        return None


def parse_time(text):
    if not text:
        return None
    t = text.strip().replace('Z', '+00:00')
    try:
        return datetime.fromisoformat(t).timestamp()
    except ValueError:
        return None


def read(path):
    tracks = []
    for trk in ET.parse(path).getroot().iter():
        if local(trk.tag) != 'trk':
            continue
        segs = []
        for seg in trk:
            if local(seg.tag) != 'trkseg':
                continue
            pts = []
            for pt in seg:
                if local(pt.tag) != 'trkpt':
                    continue
                lat, lon = number(pt.get('lat')), number(pt.get('lon'))
                if lat is None or lon is None or not (-90 <= lat <= 90 and -180 <= lon <= 180):
                    continue
                ele = tm = None
                for c in pt:
                    if local(c.tag) == 'ele':
                        ele = number(c.text)
                        if ele is not None and ele <= -1000:
                            ele = None  # the reader's no-data sentinel
                    elif local(c.tag) == 'time':
                        tm = parse_time(c.text)
                        if tm is not None and -2147483648 <= tm < -2147483647:
                            tm = None   # the reader's 32-bit "no time" sentinel
                pts.append((lat, lon, ele, tm))
            segs.append(pts)
        tracks.append(segs)
    return tracks


def main():
    out = {}
    for path in sys.argv[1:]:
        per_track = []
        try:
            tracks = read(path)
        except ET.ParseError as e:
            print(f"{path}: skipped: {e}", file=sys.stderr)
            continue
        for segs in tracks:
            positions, elevations, offset = [], [], 0
            for pts in segs:
                p, e = segment_strays(pts)
                positions += [i + offset for i in p]
                elevations += [i + offset for i in e]
                offset += len(pts)
            per_track.append({"positions": positions, "elevations": elevations})
        out[path.rsplit('/', 1)[-1]] = per_track
    json.dump(out, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == '__main__':
    main()
