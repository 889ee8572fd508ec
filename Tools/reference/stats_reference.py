#!/usr/bin/env python3
"""Independent reference statistics for Cairn's TrailCore tests.

Reads GPX files with xml.etree (not Cairn's reader) and computes, per segment, with
GeographicLib (C. Karney's geodesic algorithm, exact to round-off) and plain Python:

  * point count and geodesic distance (sum of Geodesic.WGS84.Inverse(...)['s12'] per pair);
  * the time line of a segment (DECISIONS.md 70): a timestamp outside [previous accepted,
    next] while previous <= next <= previous + 24 h is a single out-of-order time and is
    ignored; a step from the previous accepted time that is negative or longer than 24 h is a
    break. Runs = maximal break-free stretches of accepted times. Elapsed = sum of run spans;
    timed distance = path length of the runs that last > 0 s; average speed = timed distance /
    elapsed; start / end = first / last accepted time; total time = elapsed plus each pause
    from the latest end so far to the next segment's start when 0 < pause <= 24 h;
  * moving time: 60 s chunks inside each run (a single step >= 60 s is its own chunk; the
    run's last, shorter chunk counts), moving when geodesic displacement >= 0.25 m/s x
    duration; chunks within 0.1 % of the threshold are reported as `movingAmbiguity`
    (Cairn measures short chords with a flat approximation, so those may tip either way);
  * max speed: per accepted point the window back to the latest point of its run at least
    20 s earlier, speed = geodesic displacement / duration; the maximum of the running median
    of 5 consecutive windows (lower median of all when fewer), raised to the average and
    moving average speed when those are higher;
  * min/max elevation (points without a numeric, finite <ele> skipped);
  * elevation gain/loss with the turning-point hysteresis of 5 m (re-implemented here from the
    rule's wording in StatisticsConfiguration.elevationThreshold, so the rule is what is checked);
  * steepest grade over >= 100 m windows and the DIN 33466 walking-time estimate per
    hysteresis section (4 km/h, 300 m/h up, 500 m/h down, max + min/2).

Writes Tests/TrailCoreTests/Fixtures/reference-stats.json, and, for each file in Samples/,
a compact CSV of the parsed points (Tests/TrailCoreTests/Fixtures/points/<name>.csv, columns
part,segment,lat,lon,ele,time; part is t<i> for track i and r<i> for route i; floats written
with repr() so they round-trip exactly; time in seconds since 1970, UTC) so the Swift tests
can run without a GPX reader.

Usage: python3 Tools/reference/stats_reference.py   (from the repository root; needs
`pip install geographiclib`; reads ../shared/data/gpx when present)
"""
import bisect
import calendar
import json
import math
import os
import re
import sys
import xml.etree.ElementTree as ET

from geographiclib.geodesic import Geodesic

THRESHOLD = 5.0          # elevation hysteresis, metres
GRADE_WINDOW = 100.0     # metres
WALK_H = 4000.0 / 3600   # m/s
WALK_UP = 300.0 / 3600   # m/s
WALK_DOWN = 500.0 / 3600 # m/s
TIME_BREAK = 86400.0     # longest step inside one time line, seconds (24 h)
CHUNK = 60.0             # moving-time chunk, seconds
STOPPED = 0.25           # moving when displacement / duration >= this, m/s
WINDOW = 20.0            # max-speed window, seconds
SPAN = 5                 # running median of this many windows

NUMBER = re.compile(r'^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$')
TIME = re.compile(r'^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$')


def local(tag):
    return tag.rsplit('}', 1)[-1]


def child_text(el, name):
    for c in el:
        if local(c.tag) == name:
            return (c.text or '').strip()
    return None


def parse_number(text):
    if text is None or not NUMBER.match(text):
        return None
    v = float(text)
    return v if math.isfinite(v) else None


def parse_elevation(text):
    """Like parse_number, plus the reader's repair: <= -1000 m is a no-data sentinel."""
    v = parse_number(text)
    return None if v is not None and v <= -1000 else v


def parse_time(text):
    if not text:
        return None
    m = TIME.match(text)
    if not m:
        return None
    y, mo, d, h, mi, s = (int(m.group(i)) for i in range(1, 7))
    t = calendar.timegm((y, mo, d, h, mi, s, 0, 0, 0))
    if m.group(7):
        t += float('0' + m.group(7))
    zone = m.group(8)
    if zone and zone != 'Z':
        sign = 1 if zone[0] == '+' else -1
        digits = zone[1:].replace(':', '')
        t -= sign * (int(digits[:2]) * 3600 + int(digits[2:]) * 60)
    # The reader's documented repair: a time in the second starting at -2**31 s
    # (1901-12-13T20:45:52Z, the smallest 32-bit time_t) is a receiver's "no time" value.
    if -2**31 <= t < -2**31 + 1:
        return None
    return float(t)


def parse_point(el):
    lat, lon = parse_number(el.get('lat')), parse_number(el.get('lon'))
    if lat is None or lon is None or not (-90 <= lat <= 90) or not (-180 <= lon <= 180):
        return None  # the reader rejects such a point with a warning
    return (lat, lon, parse_elevation(child_text(el, 'ele')), parse_time(child_text(el, 'time')))


def read_gpx(path):
    """Returns [(part, [[points of segment], ...]), ...] for tracks then routes."""
    root = ET.parse(path).getroot()
    parts = []
    tracks = [e for e in root if local(e.tag) == 'trk']
    routes = [e for e in root if local(e.tag) == 'rte']
    for i, trk in enumerate(tracks):
        segs = []
        for seg in (e for e in trk if local(e.tag) == 'trkseg'):
            pts = [parse_point(p) for p in seg if local(p.tag) == 'trkpt']
            segs.append([p for p in pts if p is not None])
        parts.append(('t%d' % i, child_text(trk, 'name'), segs))
    for i, rte in enumerate(routes):
        pts = [parse_point(p) for p in rte if local(p.tag) == 'rtept']
        parts.append(('r%d' % i, child_text(rte, 'name'), [[p for p in pts if p is not None]]))
    return parts


class Hysteresis:
    """Turning-point hysteresis; also closes DIN 33466 walking sections."""

    def __init__(self):
        self.gain = self.loss = 0.0
        self.has = False
        self.ref = self.ext = self.ext_d = 0.0
        self.trend = 0
        self.section_start = 0.0
        self.walk = 0.0

    def section(self, horizontal, up, down):
        th = horizontal / WALK_H
        tv = up / WALK_UP + down / WALK_DOWN
        self.walk += max(th, tv) + min(th, tv) / 2

    def add(self, e, d):
        if not self.has:
            self.has = True
            self.ref = self.ext = e
            self.ext_d = d
            return
        if self.trend == 1:
            if e > self.ext:
                self.ext, self.ext_d = e, d
            elif e <= self.ext - THRESHOLD:
                self.gain += self.ext - self.ref
                self.section(self.ext_d - self.section_start, self.ext - self.ref, 0)
                self.section_start = self.ext_d
                self.ref, self.trend, self.ext, self.ext_d = self.ext, -1, e, d
        elif self.trend == -1:
            if e < self.ext:
                self.ext, self.ext_d = e, d
            elif e >= self.ext + THRESHOLD:
                self.loss += self.ref - self.ext
                self.section(self.ext_d - self.section_start, 0, self.ref - self.ext)
                self.section_start = self.ext_d
                self.ref, self.trend, self.ext, self.ext_d = self.ext, 1, e, d
        else:
            if e >= self.ref + THRESHOLD:
                self.trend, self.ext, self.ext_d = 1, e, d
            elif e <= self.ref - THRESHOLD:
                self.trend, self.ext, self.ext_d = -1, e, d

    def finish(self, end):
        up = down = 0.0
        if self.trend == 1:
            up = self.ext - self.ref
            self.gain += up
        elif self.trend == -1:
            down = self.ref - self.ext
            self.loss += down
        self.section(max(0.0, end - self.section_start), up, down)


def segment_stats(points):
    g = Geodesic.WGS84
    s = {'points': len(points), 'segments': 1, 'distance': 0.0, 'elapsed': None, 'start': None,
         'end': None, 'minEle': None, 'maxEle': None, 'gain': None, 'loss': None,
         'steepestGrade': None, 'walkingTime': 0.0}
    s.update(dict.fromkeys(TIME_KEYS))
    if not points:
        return s
    dist = [0.0]
    for a, b in zip(points, points[1:]):
        dist.append(dist[-1] + g.Inverse(a[0], a[1], b[0], b[1])['s12'])
    s['distance'] = dist[-1]
    h = Hysteresis()
    eles = [(i, p[2]) for i, p in enumerate(points) if p[2] is not None]
    for i, e in eles:
        h.add(e, dist[i])
    h.finish(dist[-1])
    s['walkingTime'] = h.walk
    if eles:
        s['minEle'] = min(e for _, e in eles)
        s['maxEle'] = max(e for _, e in eles)
        s['gain'], s['loss'] = h.gain, h.loss
        best = None
        for i, e in eles:  # latest elevation point j at least GRADE_WINDOW behind i
            j = None
            for k, ek in eles:
                if k >= i or dist[i] - dist[k] < GRADE_WINDOW:
                    break
                j = (k, ek)
            if j is not None:
                grade = (e - j[1]) / (dist[i] - dist[j[0]])
                if best is None or abs(grade) > abs(best):
                    best = grade
        s['steepestGrade'] = best
    runs = time_runs(points)
    if runs:
        timeline_stats(s, points, dist, runs)
    return s


def time_runs(points):
    """The accepted timestamps of a segment cut into runs: [[(index, t), ...], ...]."""
    timed = [i for i, p in enumerate(points) if p[3] is not None]
    accepted = []
    for k, i in enumerate(timed):
        t = points[i][3]
        if accepted:
            prev = accepted[-1][1]
            nxt = points[timed[k + 1]][3] if k + 1 < len(timed) else None
            if nxt is not None and prev <= nxt <= prev + TIME_BREAK and (t < prev or t > nxt):
                continue  # a single out-of-order timestamp: the point counts as untimed
        accepted.append((i, t))
    runs = []
    for i, t in accepted:
        if runs and 0 <= t - runs[-1][-1][1] <= TIME_BREAK:
            runs[-1].append((i, t))
        else:
            runs.append([(i, t)])
    return runs


def displacement(points, i, j):
    return Geodesic.WGS84.Inverse(points[i][0], points[i][1], points[j][0], points[j][1])['s12']


def timeline_stats(s, points, dist, runs):
    elapsed = sum(run[-1][1] - run[0][1] for run in runs)
    timed_distance = sum(dist[run[-1][0]] - dist[run[0][0]] for run in runs if run[-1][1] > run[0][1])
    moving = moving_distance = ambiguity = 0.0

    def close(a, b):
        nonlocal moving, moving_distance, ambiguity
        duration = b[1] - a[1]
        if duration <= 0:
            return
        d = displacement(points, a[0], b[0])
        if abs(d / duration - STOPPED) <= 1e-3 * STOPPED:
            ambiguity += duration
        if d >= STOPPED * duration:
            moving += duration
            moving_distance += dist[b[0]] - dist[a[0]]

    for run in runs:
        start = run[0]
        for prev, cur in zip(run, run[1:]):
            if cur[1] - prev[1] >= CHUNK and prev[0] != start[0]:
                close(start, prev)
                start = prev
            if cur[1] - start[1] >= CHUNK:
                close(start, cur)
                start = cur
        if run[-1][0] != start[0]:
            close(start, run[-1])

    windows = []
    for run in runs:
        times = [t for _, t in run]
        for k, (i, t) in enumerate(run):
            j = bisect.bisect_right(times, t - WINDOW, 0, k) - 1
            if j >= 0:
                windows.append(displacement(points, run[j][0], i) / (t - times[j]))
    if len(windows) >= SPAN:
        robust = max(sorted(windows[k - SPAN + 1:k + 1])[SPAN // 2] for k in range(SPAN - 1, len(windows)))
    elif windows:
        robust = sorted(windows)[(len(windows) - 1) // 2]
    else:
        robust = None
    s.update(elapsed=elapsed, totalTime=elapsed, start=runs[0][0][1], end=runs[-1][-1][1],
             timedDistance=timed_distance, movingTime=moving, movingDistance=moving_distance,
             movingAmbiguity=ambiguity, windowMaxSpeed=robust)
    derive_speeds(s)


def derive_speeds(s):
    """averageSpeed, movingAverageSpeed and maxSpeed (raised to both averages) from the sums."""
    s['averageSpeed'] = s['timedDistance'] / s['elapsed'] if s['elapsed'] else None
    s['movingAverageSpeed'] = s['movingDistance'] / s['movingTime'] if s['movingTime'] else None
    candidates = [v for v in (s['windowMaxSpeed'], s['averageSpeed'], s['movingAverageSpeed']) if v is not None]
    s['maxSpeed'] = max(candidates) if candidates else None


TIME_KEYS = ('totalTime', 'timedDistance', 'movingTime', 'movingDistance', 'movingAmbiguity',
             'windowMaxSpeed', 'averageSpeed', 'movingAverageSpeed', 'maxSpeed')


def merge(parts):
    """Parts in file order (segments, or all segments of several tracks)."""
    out = {'points': 0, 'segments': 0, 'distance': 0.0, 'walkingTime': 0.0}
    for key, fn in [('elapsed', sum), ('start', min), ('end', max), ('minEle', min), ('maxEle', max),
                    ('gain', sum), ('loss', sum), ('timedDistance', sum), ('movingTime', sum),
                    ('movingDistance', sum), ('movingAmbiguity', sum)]:
        vals = [p[key] for p in parts if p[key] is not None]
        out[key] = fn(vals) if vals else None
    grades = [p['steepestGrade'] for p in parts if p['steepestGrade'] is not None]
    out['steepestGrade'] = max(grades, key=abs) if grades else None
    for p in parts:
        for key in ('points', 'segments', 'distance', 'walkingTime'):
            out[key] += p[key]
    # Total time: the parts' own time lines plus each pause from the latest end so far to the
    # next part's start, when 0 < pause <= TIME_BREAK.
    total, latest_end = None, None
    for p in parts:
        if p['totalTime'] is None:
            continue
        total = (total or 0.0) + p['totalTime']
        if latest_end is not None and 0 < p['start'] - latest_end <= TIME_BREAK:
            total += p['start'] - latest_end
        latest_end = p['end'] if latest_end is None else max(latest_end, p['end'])
    out['totalTime'] = total
    # Max speed: the largest of the parts' maxima (each already >= its averages) and the
    # merged averages.
    maxima = [p['maxSpeed'] for p in parts if p['maxSpeed'] is not None]
    out['windowMaxSpeed'] = max(maxima) if maxima else None
    if out['elapsed'] is not None:
        derive_speeds(out)
    else:
        out.update(averageSpeed=None, movingAverageSpeed=None, maxSpeed=out['windowMaxSpeed'])
    return out


def file_stats(path):
    parts = []
    every_segment = []
    for part, name, segs in read_gpx(path):
        seg_stats = [segment_stats(seg) for seg in segs]
        every_segment += seg_stats
        parts.append({'part': part, 'name': name, 'total': merge(seg_stats), 'segments': seg_stats})
    return {'parts': parts, 'total': merge(every_segment)}


def write_points_csv(path, out_path):
    with open(out_path, 'w') as f:
        f.write('part,segment,lat,lon,ele,time\n')
        for part, _, segs in read_gpx(path):
            for si, seg in enumerate(segs):
                for lat, lon, ele, t in seg:
                    f.write('%s,%d,%r,%r,%s,%s\n' % (part, si, lat, lon,
                                                    '' if ele is None else repr(ele),
                                                    '' if t is None else repr(t)))


def main():
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    fixtures = os.path.join(repo, 'Tests', 'TrailCoreTests', 'Fixtures')
    os.makedirs(os.path.join(fixtures, 'points'), exist_ok=True)
    result = {
        'method': {
            'tool': 'Tools/reference/stats_reference.py',
            'geodesic': 'geographiclib %s, Geodesic.WGS84.Inverse s12 summed per segment' % __import__('geographiclib').__version__,
            'elapsed': 'per segment: sum of the spans of the runs between breaks (step < 0 or > %.0f s; single out-of-order times ignored)' % TIME_BREAK,
            'totalTime': 'elapsed plus pauses between segments from the latest end so far, when 0 < pause <= %.0f s' % TIME_BREAK,
            'averageSpeed': 'path length of the runs lasting > 0 s / elapsed',
            'moving': '%.0f s chunks within runs, moving when geodesic displacement >= %.2f m/s x duration' % (CHUNK, STOPPED),
            'maxSpeed': 'max of running median of %d windows >= %.0f s (geodesic displacement), raised to both averages' % (SPAN, WINDOW),
            'elevation': 'turning-point hysteresis %.1f m' % THRESHOLD,
            'grade': 'latest elevation point >= %.0f m behind' % GRADE_WINDOW,
            'walkingTime': 'DIN 33466 per hysteresis section: 4 km/h, 300 m/h up, 500 m/h down',
        },
        'files': {},
    }
    samples = os.path.join(repo, 'Samples')
    for name in sorted(os.listdir(samples)):
        if name.endswith('.gpx'):
            path = os.path.join(samples, name)
            result['files']['Samples/' + name] = file_stats(path)
            write_points_csv(path, os.path.join(fixtures, 'points', name[:-4] + '.csv'))
    shared = os.path.join(os.path.dirname(repo), 'shared', 'data', 'gpx')
    if os.path.isdir(shared):
        for name in sorted(os.listdir(shared)):
            if name.endswith('.gpx'):
                result['files']['shared/gpx/' + name] = file_stats(os.path.join(shared, name))
    else:
        print('notice: %s not found, shared files skipped' % shared, file=sys.stderr)
    with open(os.path.join(fixtures, 'reference-stats.json'), 'w') as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write('\n')


if __name__ == '__main__':
    main()
