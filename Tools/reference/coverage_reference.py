#!/usr/bin/env python3
"""Reference coverage of constructed walks, for RouteCoverageTests (DECISIONS.md 42, 440).

Independent of Cairn's code: its own geometry (GeographicLib, WGS84, Karney) and its own
reading of the rule as written in DECISIONS.md 440:

- samples every 10 m along the route plus its end; sample k stands for half the gaps to its
  neighbours (its weight);
- a step joins a fix to the previous fix of the same stretch when they are at most 100 m apart;
  a lone fix (first of a stretch, or after a longer gap) is no step;
- ground: the weights of the samples within 25 m of some step's straight line;
- walked near the route: the geodesic lengths of the steps within 25 m of some sample;
- covered = min(ground, walked near the route);
- interpolation (DECISIONS.md 780) for two fixes of a stretch more than 100 m apart: take the
  samples within 25 m of the earlier fix and those within 25 m of the later one; if either set
  is empty nothing counts (a jump off the trail). Otherwise of all pairs (one from each set)
  a pair is plausible when its along-route distance L <= 1.5 * straight step + 2 * 25 m and,
  when both fixes have times, the time between them is at most 1800 s and L <= 2.5 m/s * that
  time. When the pair with the smallest L is plausible the step counts: every plausible pair
  marks the samples from its lower to its higher index as ground (on an out-and-back both
  legs, as a plain step near both legs marks both), and the smallest L is added to walked near.

The plane is an azimuthal equidistant projection from the centre of the route's bounding box,
done with GeographicLib's inverse problem (x = s sin azi, y = s cos azi), a different method
from Cairn's tangent-plane LocalProjection. Points along the route are found with
GeographicLib's direct problem on each segment's geodesic.

Scenarios are sketches in metres east (x) and north (y) of (46 N, 7 E), turned into
coordinates by GeographicLib's direct problem (distance hypot(x, y), azimuth atan2(x, y)).
Writes Tests/TrailCoreTests/Fixtures/coverage-reference.json: per scenario the route and the
walk's stretches as coordinates (and per stretch the fixes' times in seconds, or null), and
per fix the covered length and the walked length so far (the sum of geodesic steps within
stretches, every step counted; a counted interpolated step counts its along-route L instead).
"""
import json
import math
import os

from geographiclib.geodesic import Geodesic

G = Geodesic.WGS84
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ORIGIN = (46.0, 7.0)
SPACING, RADIUS, MAX_GAP = 10.0, 25.0, 100.0
STRETCH, SPEED, MAX_TIME = 1.5, 2.5, 1800.0


def point(x, y):
    d = math.hypot(x, y)
    if d == 0:
        return ORIGIN
    r = G.Direct(ORIGIN[0], ORIGIN[1], math.degrees(math.atan2(x, y)), d)
    return (r['lat2'], r['lon2'])


def seg_distance(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    l2 = dx * dx + dy * dy
    t = 0.0 if l2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def coverage(route, stretches, times=None):
    """route: [(lat, lon)]; stretches: [[(lat, lon)]]; times: per stretch [seconds] or None.
    Returns per-fix (covered, walked)."""
    lats = [p[0] for p in route]
    lons = [p[1] for p in route]
    lat0, lon0 = (min(lats) + max(lats)) / 2, (min(lons) + max(lons)) / 2

    def xy(c):
        r = G.Inverse(lat0, lon0, c[0], c[1])
        a = math.radians(r['azi1'])
        return (r['s12'] * math.sin(a), r['s12'] * math.cos(a))

    cum = [0.0]
    for a, b in zip(route, route[1:]):
        cum.append(cum[-1] + G.Inverse(a[0], a[1], b[0], b[1])['s12'])
    length = cum[-1]

    def at(s):
        i = next((k for k in range(len(cum) - 1) if cum[k + 1] >= s), len(cum) - 2)
        a, b = route[i], route[i + 1]
        line = G.InverseLine(a[0], a[1], b[0], b[1])
        r = line.Position(min(max(0.0, s - cum[i]), line.s13))
        return (r['lat2'], r['lon2'])

    samples = []
    s = 0.0
    while s < length - 1e-6:
        samples.append(s)
        s += SPACING
    samples.append(length)
    n = len(samples)
    weights = [((samples[k] - samples[k - 1]) / 2 if k > 0 else 0) +
               ((samples[k + 1] - samples[k]) / 2 if k + 1 < n else 0) for k in range(n)]
    qs = [xy(at(s)) for s in samples]
    marked = [False] * n
    ground, near_walked, walked, out = 0.0, 0.0, 0.0, []
    def within(p):
        dist = [math.hypot(q[0] - p[0], q[1] - p[1]) for q in qs]
        return [k for k in range(n) if dist[k] <= RADIUS and (k == 0 or dist[k] <= dist[k - 1])
                and (k == n - 1 or dist[k] <= dist[k + 1])]

    for si, stretch in enumerate(stretches):
        ts = times[si] if times else None
        prev = None
        for ci, c in enumerate(stretch):
            p = xy(c)
            t = ts[ci] if ts else None
            if prev is not None:
                step = G.Inverse(prev[1][0], prev[1][1], c[0], c[1])['s12']
                a = prev[0]
                d = math.hypot(p[0] - a[0], p[1] - a[1])
                counted = None
                if d > MAX_GAP:
                    dt = None if t is None or prev[2] is None else t - prev[2]
                    pairs = sorted((abs(samples[j] - samples[i]), min(i, j), max(i, j))
                                   for i in within(a) for j in within(p))
                    if pairs and (dt is None or dt <= MAX_TIME):
                        def plausible(L):
                            return L <= STRETCH * d + 2 * RADIUS and (dt is None or L <= SPEED * dt)
                        if plausible(pairs[0][0]):
                            counted = pairs[0][0]
                            for L, lo, hi in pairs:
                                if plausible(L):
                                    for k in range(lo, hi + 1):
                                        if not marked[k]:
                                            marked[k] = True
                                            ground += weights[k]
                            near_walked += counted
                walked += step if counted is None else counted
                if d <= MAX_GAP:
                    near = False
                    for k in range(n):
                        if seg_distance(qs[k], a, p) <= RADIUS:
                            near = True
                            if not marked[k]:
                                marked[k] = True
                                ground += weights[k]
                    if near:
                        near_walked += step
            prev = (p, c, t)
            out.append({'covered': min(ground, near_walked), 'walked': walked})
    return {'routeLength': length, 'fixes': out}


def along(xy_points, step, noise=lambda i: 0.0):
    """Points every `step` metres along a sketch polyline, shifted sideways (left) by noise(i)."""
    out, i = [], 0
    carry = 0.0
    for (ax, ay), (bx, by) in zip(xy_points, xy_points[1:]):
        ln = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / ln, (by - ay) / ln
        s = carry
        while s < ln - 1e-9:
            nz = noise(i)
            out.append((ax + ux * s - uy * nz, ay + uy * s + ux * nz))
            s += step
            i += 1
        carry = s - ln
    out.append(xy_points[-1])
    return out


def scenarios():
    straight = [(0, 0), (0, 1000)]
    yield 'thirty metres apart', straight, [[(0, y) for y in range(100, 401, 30)]]
    yield 'start of following', straight, [[(0, 0), (0, 3), (0, 7), (0, 12), (0, 20), (0, 40), (0, 75)]]
    yield 'beside the route', straight, [[(20, y) for y in range(100, 401, 30)]]
    yield 'gap and pause', straight, [[(0, 100), (0, 250), (0, 260)], [(0, 300), (0, 380)]]
    yield 'backwards from the end', straight, [[(0, y) for y in range(1000, 499, -20)]]
    yield 'crossing', straight, [[(x, 500) for x in range(-60, 61, 15)]]
    yield 'standing with jitter', straight, [[(((i * 7) % 5) - 2, 500 + ((i * 3) % 7) - 3) for i in range(40)]]
    out_and_back = [(0, 0), (0, 500), (0, 0)]
    yield 'out and back: out', out_and_back, [along([(0, 0), (0, 500)], 10)]
    yield 'out and back: out and back', out_and_back, [along([(0, 0), (0, 500), (0, 0)], 10)]
    zig = [(0, 0), (200, 0), (200, 20), (0, 20), (0, 40), (200, 40)]
    yield 'switchbacks 20 m apart', zig, [along(zig, 8, lambda i: [0, 3, -2, 4, -3][i % 5])]
    ell = [(0, 0), (0, 400), (300, 400), (300, 900)]
    yield 'noisy walk on a bent route', ell, [along(ell, 12, lambda i: 9 * math.sin(i * 1.7))]
    detour = along([(0, 0), (0, 300)], 20) + along([(100, 320), (100, 680)], 20) + along([(0, 700), (0, 1000)], 20)
    yield 'a detour 100 m off', straight, [detour]
    # Sparse fixes (DECISIONS.md 780): 150-400 m apart, a few metres off the line.
    yield 'sparse fixes on a straight route', straight, [[(0, 0), (8, 150), (-10, 400), (5, 650), (0, 1000)]]
    yield ('sparse fixes on a bent route, timed at 1.2 m/s', ell,
           [[(0, 0), (0, 250), (150, 400), (300, 600), (300, 900)]], [[0, 208, 333, 500, 750]])
    yield 'a jump off the trail', straight, [[(0, 100), (0, 130), (200, 400), (0, 600), (0, 630)]]
    yield ('sparse fixes out and back', out_and_back,
           [[(0, 0), (0, 150), (0, 300), (0, 500), (0, 350), (0, 200), (0, 50), (0, 0)]])
    u_turn = [(0, 0), (0, 500), (200, 500), (200, 0)]
    yield 'a jump across a bend', u_turn, [[(0, 100), (0, 130), (200, 130), (200, 160)]]
    yield ('too fast, then at walking pace, then after 35 min', straight,
           [[(0, 100), (0, 400), (0, 700), (0, 1000)]], [[0, 60, 210, 2310]])


def main():
    out = []
    for name, route_xy, stretches_xy, *rest in scenarios():
        times = rest[0] if rest else None
        route = [point(x, y) for x, y in route_xy]
        stretches = [[point(x, y) for x, y in s] for s in stretches_xy]
        r = coverage(route, stretches, times)
        out.append({'name': name, 'route': [list(c) for c in route],
                    'stretches': [[list(c) for c in s] for s in stretches],
                    'times': times,
                    'routeLength': r['routeLength'], 'fixes': r['fixes']})
    path = os.path.join(ROOT, 'Tests', 'TrailCoreTests', 'Fixtures', 'coverage-reference.json')
    with open(path, 'w') as f:
        json.dump({'scenarios': out}, f, indent=1)
        f.write('\n')
    for s in out:
        last = s['fixes'][-1]
        print(f"{s['name']}: route {s['routeLength']:.3f} m, covered {last['covered']:.3f} m, walked {last['walked']:.3f} m")


if __name__ == '__main__':
    main()
