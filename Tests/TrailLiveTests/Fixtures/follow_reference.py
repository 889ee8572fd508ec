#!/usr/bin/env python3
"""Reference values for the gpsfake integration test, computed independently of Cairn's code.

Usage: follow_reference.py ROUTE.gpx WALK.nmea [--window-vertices] > reference.json

Reads the route (all <trkpt> of the GPX) and the walk (the NMEA log that gpsfake replays) and
applies Cairn's documented rules with its own geometry:

- fixes: GGA + RMC of one time of day make one fix; checksums verified; horizontal accuracy
  HDOP x 19 m (what gpsd 3.22 reports as eph for NMEA receivers); speed from RMC knots;
- filter (PositionFilter's rules): accuracy <= 30 m; time after the last accepted fix;
  implied speed <= 12 m/s; distance >= 1 m; stationary jitter (speed < 0.5 m/s and distance <=
  accuracy) rejected; re-anchor after 5 consecutive speed rejections;
- route geometry: geodesic segment lengths from GeographicLib (Karney's algorithm, not
  Vincenty); points inside a segment interpolated linearly in degrees;
- plane: an azimuthal equidistant projection from the centre of the route's bounding box,
  done with GeographicLib's inverse problem (x = s sin azi, y = s cos azi) - a different
  method from Cairn's tangent-plane LocalProjection;
- coverage (DECISIONS.md 440): samples every 10 m along the route plus the end, each weighted
  by half the gaps to its neighbours; a step joins consecutive accepted fixes at most 100 m
  apart (a lone fix is no step); ground = the weights of the samples within 25 m of a step's
  straight line; walked near = the geodesic lengths of the steps within 25 m of a sample;
  covered = min(ground, walked near); coverage = covered / route length;
  fixes more than 100 m apart (DECISIONS.md 780): each fix's nearest samples are those within
  25 m no farther from it than their neighbours along the route; a pair (one of each fix) is
  plausible when its along-route distance L <= 1.5 x the straight step + 50 m, L <= 2.5 m/s x
  the time between the fixes, and that time <= 1800 s; when the pair with the smallest L is
  plausible, all plausible pairs' samples (lower to higher index) are ground and the smallest L
  is walked near;
- progress: the walk is made from the route's own points, so fix i lies on route vertex i and
  its progress is the cumulative distance of that vertex (for detoured fixes, the vertex they
  were shifted from); the windowed matcher must reproduce this;
- cross-track distance: the smallest plane distance from the fix to the route segments within
  [progress - 200 m, progress + 500 m];
- off-route alerts (OffRouteMonitor's rules): beyond 30 m for >= 3 consecutive fixes and
  >= 10 s -> "left"; repeated every 60 s, or sooner once the distance has grown 50 m past
  the last alert's -> "still"; back after 2 consecutive fixes within
  20 m -> "back".

Prints JSON with the route points, the accepted fixes' times and expected progress, coverage,
covered length, distance walked, and the alerts with the time of the fix that raised them.
Requires GeographicLib (`pip install geographiclib`; Debian: python3-geographiclib).
"""

import datetime as dt
import json
import math
import sys
import xml.etree.ElementTree as ET

from geographiclib.geodesic import Geodesic

G = Geodesic.WGS84
SPACING, RADIUS, MAX_GAP = 10.0, 25.0, 100.0
STRETCH, SPEED, MAX_TIME = 1.5, 2.5, 1800.0
MAX_ACCURACY, MAX_SPEED, MIN_DISTANCE, STATIONARY_SPEED, REANCHOR = 30.0, 12.0, 1.0, 0.5, 5
UERE = 19.0
OFF, CONFIRM_FIXES, CONFIRM_SECONDS, REPEAT, RETURN_FIXES = 30.0, 3, 10.0, 60.0, 2
RETURN_DISTANCE = max(OFF / 2, OFF - 10)
GROWTH = 50.0


def route_points(path):
    root = ET.parse(path).getroot()
    out = []
    for e in root.iter():
        if e.tag.rsplit('}', 1)[-1] == 'trkpt':
            ele = None
            for c in e:
                if c.tag.rsplit('}', 1)[-1] == 'ele' and c.text and c.text.strip():
                    ele = float(c.text)
            out.append((float(e.get('lat')), float(e.get('lon')), ele))
    return out


def nmea_fixes(path):
    epochs, order = {}, []
    for line in open(path, encoding='ascii'):
        line = line.strip()
        if not line.startswith('$') or '*' not in line:
            continue
        body, cs = line[1:].rsplit('*', 1)
        x = 0
        for ch in body.encode():
            x ^= ch
        if '%02X' % x != cs.upper():
            continue
        f = body.split(',')
        kind, hms = f[0][2:], f[1]
        if hms not in epochs:
            epochs[hms] = {}
            order.append(hms)
        epochs[hms][kind] = f
    fixes = []
    for hms in order:
        e = epochs[hms]
        if 'RMC' not in e or 'GGA' not in e:
            continue
        rmc, gga = e['RMC'], e['GGA']
        lat = int(rmc[3][:2]) + float(rmc[3][2:]) / 60
        lon = int(rmc[5][:3]) + float(rmc[5][3:]) / 60
        lat = -lat if rmc[4] == 'S' else lat
        lon = -lon if rmc[6] == 'W' else lon
        d = rmc[9]
        t = dt.datetime(2000 + int(d[4:6]), int(d[2:4]), int(d[0:2]), int(hms[0:2]), int(hms[2:4]),
                        tzinfo=dt.timezone.utc) + dt.timedelta(seconds=float(hms[4:]))
        fixes.append({'time': t.timestamp(), 'lat': lat, 'lon': lon, 'accuracy': float(gga[8]) * UERE,
                      'speed': float(rmc[7]) * 1852 / 3600})
    return fixes


def distance(a, b):
    return G.Inverse(a[0], a[1], b[0], b[1])['s12']


def filter_fixes(fixes):
    accepted, last, speed_rejections = [], None, 0
    for f in fixes:
        if f['accuracy'] > MAX_ACCURACY:
            continue
        if last is None:
            accepted.append(f); last = f
            continue
        dtime = f['time'] - last['time']
        if dtime <= 0:
            continue
        d = distance((last['lat'], last['lon']), (f['lat'], f['lon']))
        if d / dtime > MAX_SPEED:
            speed_rejections += 1
            if speed_rejections > REANCHOR:
                speed_rejections = 0
                accepted.append(f); last = f
            continue
        speed_rejections = 0
        if d < MIN_DISTANCE:
            continue
        if f['speed'] < STATIONARY_SPEED and d <= f['accuracy']:
            continue
        accepted.append(f); last = f
    return accepted


class Plane:
    def __init__(self, points):
        lats = [p[0] for p in points]; lons = [p[1] for p in points]
        self.lat0 = (min(lats) + max(lats)) / 2
        self.lon0 = (min(lons) + max(lons)) / 2

    def xy(self, lat, lon):
        r = G.Inverse(self.lat0, self.lon0, lat, lon)
        a = math.radians(r['azi1'])
        return (r['s12'] * math.sin(a), r['s12'] * math.cos(a))


def segment_distance(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    l2 = dx * dx + dy * dy
    t = 0.0 if l2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def main():
    route = route_points(sys.argv[1])
    cum = [0.0]
    for a, b in zip(route, route[1:]):
        cum.append(cum[-1] + distance(a, b))
    length = cum[-1]
    plane = Plane(route)

    def at(s):  # coordinate at distance s along, linear in degrees inside a segment
        i = max(0, min(len(cum) - 2, next((k for k in range(len(cum) - 1) if cum[k + 1] >= s), len(cum) - 2)))
        seg = cum[i + 1] - cum[i]
        t = (s - cum[i]) / seg if seg > 0 else 0.0
        a, b = route[i], route[i + 1]
        return (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))

    samples = []
    s = 0.0
    while s < length - 1e-6:
        samples.append(s); s += SPACING
    samples.append(length)
    weights = [((samples[k] - samples[k - 1]) / 2 if k > 0 else 0) +
               ((samples[k + 1] - samples[k]) / 2 if k + 1 < len(samples) else 0) for k in range(len(samples))]
    sample_xy = [plane.xy(*at(s)) for s in samples]
    vertex_xy = [plane.xy(p[0], p[1]) for p in route]

    fixes = nmea_fixes(sys.argv[2])
    accepted = filter_fixes(fixes)
    # Fix i of the log was made from route vertex i (the tool's --hold epochs repeat the last).
    index_of_time = {f['time']: min(i, len(route) - 1) for i, f in enumerate(fixes)}

    marked = [False] * len(samples)
    near_walked = 0.0
    prev = None
    walked = 0.0
    alerts, state = [], ('on', None, 0, None)
    alert_xtd = None
    expected = []
    for f in accepted:
        p = plane.xy(f['lat'], f['lon'])
        if prev is not None:
            step = distance((last['lat'], last['lon']), (f['lat'], f['lon']))
            walked += step
            d = math.hypot(p[0] - prev[0], p[1] - prev[1])
            dt_s = f['time'] - last['time']
            if d > MAX_GAP and dt_s <= MAX_TIME:
                def nearest(q):  # the sample nearest q on each pass of the route within RADIUS
                    dist = [math.hypot(x - q[0], y - q[1]) for x, y in sample_xy]
                    n = len(dist)
                    return [k for k in range(n) if dist[k] <= RADIUS and (k == 0 or dist[k] <= dist[k - 1])
                            and (k == n - 1 or dist[k] <= dist[k + 1])]

                def plausible(L):
                    return L <= STRETCH * d + 2 * RADIUS and L <= SPEED * dt_s
                pairs = [(abs(samples[j] - samples[i]), min(i, j), max(i, j))
                         for i in nearest(prev) for j in nearest(p)]
                if pairs and plausible(min(pairs)[0]):
                    for L, lo, hi in pairs:
                        if plausible(L):
                            for k in range(lo, hi + 1):
                                marked[k] = True
                    near_walked += min(pairs)[0]
            if d <= MAX_GAP:
                near = False
                for k, q in enumerate(sample_xy):
                    if segment_distance(q, prev, p) <= RADIUS:
                        near = True
                        marked[k] = True
                if near:
                    near_walked += step
        prev, last = p, f
        vertex = index_of_time[f['time']]
        progress = cum[vertex]
        expected.append({'time': f['time'], 'progress': progress})
        xtd = min(segment_distance(p, vertex_xy[i], vertex_xy[i + 1]) for i in range(len(route) - 1)
                  if cum[i + 1] >= progress - 200 and cum[i] <= progress + 500)
        t = f['time']
        kind, since, count, last_alert = state
        if kind == 'on':
            if xtd > OFF:
                state = ('leaving', t, 1, None)
        elif kind == 'leaving':
            state = ('leaving', since, count + 1, None) if xtd > OFF else ('on', None, 0, None)
        elif kind == 'off':
            if xtd <= RETURN_DISTANCE:
                if count + 1 >= RETURN_FIXES:
                    state = ('on', None, 0, None); alerts.append({'time': t, 'kind': 'back'})
                else:
                    state = ('off', since, count + 1, last_alert)
            elif t - last_alert >= REPEAT or xtd >= alert_xtd + GROWTH:
                state = ('off', since, 0, t); alerts.append({'time': t, 'kind': 'still', 'xtd': xtd})
                alert_xtd = xtd
            else:
                state = ('off', since, 0, last_alert)
        kind, since, count, _ = state
        if kind == 'leaving' and count >= CONFIRM_FIXES and t - since >= CONFIRM_SECONDS:
            state = ('off', since, 0, t); alerts.append({'time': t, 'kind': 'left', 'xtd': xtd})
            alert_xtd = xtd
    covered_length = min(sum(w for w, m in zip(weights, marked) if m), near_walked)
    json.dump({
        'route': [[p[0], p[1], p[2]] for p in route],
        'routeLength': length,
        'fixCount': len(fixes),
        'accepted': expected,
        'coverage': covered_length / length,
        'coveredLength': covered_length,
        'distanceWalked': walked,
        'finalProgress': expected[-1]['progress'] if expected else 0.0,
        'alerts': alerts,
    }, sys.stdout, indent=1)


if __name__ == '__main__':
    main()
