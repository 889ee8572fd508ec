#!/usr/bin/env python3
"""Independent reference for the follow screen's remaining time (DECISIONS.md 844).

Follows a hike along its own line (every track point a fix, matched to itself: progress = the
geodesic distance along the line, GeographicLib) and, at the given distances, computes:

  * moving time and distance by the live rule (LiveMovingTime's wording: chunks from a fix to
    the first fix at least 60 s later, moving when displacement >= 0.25 m/s x duration, adding
    the chunk's duration and path length; the chunk being filled does not count);
  * DIN 33466 walking time (stats_reference.Hysteresis: 5 m turning points, 4 km/h, 300 m/h up,
    500 m/h down, max + min/2) of the line done (start to the point) and of the line ahead;
  * the hiker's ratio r = (moving time / moving distance) / (DIN done / distance done) and the
    estimate DIN ahead x r; the old estimate (distance ahead / moving average speed); and the
    hiker's actual remaining moving time (live rule at the end minus at the point).

Fixes the following filter would drop (not later than the last kept one, or under 1 m from it)
are skipped. Usage: python3 Tools/reference/eta_reference.py FILE.gpx 1170 12900
"""
import json
import sys

from geographiclib.geodesic import Geodesic

sys.path.insert(0, __import__('os').path.dirname(__file__))
import stats_reference as ref  # noqa: E402


def din(points, dist):
    h = ref.Hysteresis()
    for p, d in zip(points, dist):
        if p[2] is not None:
            h.add(p[2], d - dist[0])
    h.finish(dist[-1] - dist[0])
    return h.walk


def main():
    path, targets = sys.argv[1], [float(a) for a in sys.argv[2:]]
    g = Geodesic.WGS84
    raw = [p for _, _, segs in ref.read_gpx(path) for seg in segs for p in seg]
    pts = []
    for p in raw:
        if pts and (p[3] <= pts[-1][3] or g.Inverse(pts[-1][0], pts[-1][1], p[0], p[1])['s12'] < 1.0):
            continue
        pts.append(p)
    dist = [0.0]
    for a, b in zip(pts, pts[1:]):
        dist.append(dist[-1] + g.Inverse(a[0], a[1], b[0], b[1])['s12'])
    moving = [(0.0, 0.0)]
    start, path_len, mt, md = 0, 0.0, 0.0, 0.0
    for i in range(1, len(pts)):
        path_len += dist[i] - dist[i - 1]
        duration = pts[i][3] - pts[start][3]
        if duration >= 60:
            d = g.Inverse(pts[start][0], pts[start][1], pts[i][0], pts[i][1])['s12']
            if d / duration >= 0.25:
                mt += duration
                md += path_len
            start, path_len = i, 0.0
        moving.append((mt, md))
    out = {'file': path.split('/')[-1], 'fixes': len(pts), 'length': dist[-1], 'at': []}
    for target in targets:
        i = next(k for k, d in enumerate(dist) if d >= target)
        mt, md = moving[i]
        din_done = din(pts[:i + 1], dist[:i + 1])
        din_ahead = din(pts[i:], dist[i:])
        ratio = (mt / md) / (din_done / dist[i])
        actual = moving[-1][0] - mt
        out['at'].append({'index': i, 'progress': dist[i], 'movingTime': mt, 'movingDistance': md,
                          'dinDone': din_done, 'dinAhead': din_ahead, 'ratio': ratio,
                          'eta': din_ahead * ratio, 'etaMovingSpeed': (dist[-1] - dist[i]) / (md / mt),
                          'actualRemaining': actual})
    print(json.dumps(out, indent=1))


if __name__ == '__main__':
    main()
