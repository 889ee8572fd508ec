#!/usr/bin/env python3
"""Convert a GPX track into an NMEA 0183 log (GGA + RMC per fix) for gpsfake.

Usage:
  gpx2nmea.py TRACK.gpx [-o OUT.nmea] [--track N] [--laps N] [--after TIME] [--first K] [--count K]
              [--speed KMH] [--start ISO] [--hdop H] [--satellites N]
              [--detour FROM:TO:OFFSET[:RAMP]] [--hold N] [--lead N]

What it writes, per fix (one epoch):
  $GPGGA  time, position, quality 1, satellites, HDOP, altitude MSL (empty when the point has
          no <ele>), geoid separation empty;
  $GPRMC  time, status A, position, speed over ground in knots, course over ground, date.
Each sentence ends with its checksum (XOR of the bytes between '$' and '*', two upper-case hex
digits) and CR LF. Positions are written with 5 decimals of minutes (about 2 cm).

Times: the points' own <time> values when every point has one and they increase overall;
otherwise the track is walked at --speed (default 4 km/h) from --start (default
2024-05-01T10:00:00Z), each point at (distance along / speed). Speed and course of a fix come
from the previous point (speed 0 and course 0 for the first).

--detour FROM:TO:OFFSET[:RAMP] shifts the stretch between FROM and TO metres along the track
sideways by OFFSET metres (positive: to the right of the direction of travel, negative: left).
The shift ramps linearly from 0 over RAMP metres (default 2 x |OFFSET|) at both ends, so that
the detour walks away from the path and back rather than jumping.

--hold N repeats the last position for N more seconds (default 2): gpsd reports an epoch when
the next one begins, so without this the last point might never reach a client.

--laps N walks a timed track out and back N times in all (lap 2 is the track reversed, lap 3
forward again, ...), each lap's time going on from the end of the one before with the track's
own gaps between points: a long walk for tests that need more fixes than the track has.
--after TIME keeps only the points later than TIME (ISO 8601): a log that goes on from where a
recording stopped. Both apply before --first and --count.

--lead N puts the first position N times before the walk, one epoch a second ending a second
before the first point (default 0). gpsfake feeds gpsd from the moment it starts, whether a
client listens or not; a client that needs a moment to connect (a full-screen program starting)
then misses only these copies, which a position filter drops as duplicates anyway.

Distances use the spherical haversine formula (R = 6371008.771 m) and the sideways shift uses
a local equirectangular approximation: both are far finer than the 25 m coverage radius and
30 m off-route threshold this tool is used to test. Only the Python standard library is used.
"""

import argparse
import datetime as dt
import math
import sys
import xml.etree.ElementTree as ET

EARTH_RADIUS = 6371008.771
KNOTS_PER_MPS = 3600.0 / 1852.0


def read_track(path, track_index=None):
    """Return [(lat, lon, ele or None, datetime or None)] of all trkpt (or of track N)."""
    root = ET.parse(path).getroot()
    tracks = [e for e in root.iter() if e.tag.rsplit('}', 1)[-1] == 'trk']
    if track_index is not None:
        tracks = [tracks[track_index]]
    points = []
    for trk in tracks:
        for e in trk.iter():
            if e.tag.rsplit('}', 1)[-1] != 'trkpt':
                continue
            ele = time = None
            for c in e:
                name = c.tag.rsplit('}', 1)[-1]
                if name == 'ele' and c.text and c.text.strip():
                    try:
                        ele = float(c.text)
                    except ValueError:
                        ele = None
                elif name == 'time' and c.text:
                    time = parse_time(c.text.strip())
            points.append((float(e.get('lat')), float(e.get('lon')), ele, time))
    return points


def parse_time(text):
    try:
        return dt.datetime.fromisoformat(text.replace('Z', '+00:00')).astimezone(dt.timezone.utc)
    except ValueError:
        return None


def haversine(a, b):
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dp, dl = p2 - p1, math.radians(b[1] - a[1])
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS * math.asin(min(1.0, math.sqrt(h)))


def bearing(a, b):
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dl = math.radians(b[1] - a[1])
    y = math.sin(dl) * math.cos(p2)
    x = math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(dl)
    return math.degrees(math.atan2(y, x)) % 360


def is_timed(points):
    times = [p[3] for p in points]
    if any(t is None for t in times):
        return False
    if any(b < a for a, b in zip(times, times[1:])):
        return False
    return times[-1] > times[0]


def apply_detour(points, start, end, offset, ramp):
    """Shift points between start and end metres along sideways by offset (ramped)."""
    out = []
    along = 0.0
    for i, p in enumerate(points):
        if i > 0:
            along += haversine(points[i - 1][:2], p[:2])
        if start <= along <= end:
            k = min(1.0, (along - start) / ramp, (end - along) / ramp) if ramp > 0 else 1.0
            a = points[max(0, i - 1)][:2]
            b = points[min(len(points) - 1, i + 1)][:2]
            right = math.radians(bearing(a, b) + 90)
            d = offset * k
            dlat = d * math.cos(right) / EARTH_RADIUS
            dlon = d * math.sin(right) / (EARTH_RADIUS * math.cos(math.radians(p[0])))
            p = (p[0] + math.degrees(dlat), p[1] + math.degrees(dlon), p[2], p[3])
        out.append(p)
    return out


def checksum(body):
    x = 0
    for ch in body.encode('ascii'):
        x ^= ch
    return '%02X' % x


def sentence(body):
    return '$%s*%s\r\n' % (body, checksum(body))


def angle(value, positive, negative, degree_digits):
    hemi = positive if value >= 0 else negative
    value = abs(value)
    deg = int(value)
    minutes = (value - deg) * 60
    if round(minutes, 5) >= 60:
        deg, minutes = deg + 1, 0.0
    return '%0*d%08.5f' % (degree_digits, deg, minutes), hemi


def epoch(t, lat, lon, ele, speed, course, hdop, satellites):
    hms = t.strftime('%H%M%S') + '.%02d' % (t.microsecond // 10000)
    la, ns = angle(lat, 'N', 'S', 2)
    lo, ew = angle(lon, 'E', 'W', 3)
    alt = '%.1f' % ele if ele is not None else ''
    alt_unit = 'M' if ele is not None else ''
    gga = 'GPGGA,%s,%s,%s,%s,%s,1,%02d,%.1f,%s,%s,,,,' % (hms, la, ns, lo, ew, satellites, hdop, alt, alt_unit)
    rmc = 'GPRMC,%s,A,%s,%s,%s,%s,%.2f,%.1f,%s,,,A' % (
        hms, la, ns, lo, ew, speed * KNOTS_PER_MPS, course, t.strftime('%d%m%y'))
    return sentence(gga) + sentence(rmc)


def laps(points, n):
    """The timed track out and back: n laps in all, times going on with the track's own gaps."""
    out = list(points)
    for k in range(1, n):
        seq = points[::-1] if k % 2 else points
        gaps = [abs((seq[j][3] - seq[j - 1][3]).total_seconds()) for j in range(1, len(seq))]
        t = out[-1][3]
        for j in range(1, len(seq)):
            t = t + dt.timedelta(seconds=gaps[j - 1])
            out.append((seq[j][0], seq[j][1], seq[j][2], t))
    return out


def convert(points, speed_kmh, start, hdop, satellites, hold, lead=0):
    if is_timed(points):
        times = [p[3] for p in points]
    else:
        v = speed_kmh / 3.6
        times, along = [], 0.0
        for i, p in enumerate(points):
            if i > 0:
                along += haversine(points[i - 1][:2], p[:2])
            times.append(start + dt.timedelta(seconds=along / v))
    out = []
    first = points[0]
    for k in range(lead, 0, -1):
        out.append(epoch(times[0] - dt.timedelta(seconds=k), first[0], first[1], first[2], 0.0, 0.0, hdop, satellites))
    for i, p in enumerate(points):
        speed = course = 0.0
        if i > 0:
            q = points[i - 1]
            secs = (times[i] - times[i - 1]).total_seconds()
            d = haversine(q[:2], p[:2])
            speed = d / secs if secs > 0 else 0.0
            course = bearing(q[:2], p[:2]) if d > 0 else 0.0
        out.append(epoch(times[i], p[0], p[1], p[2], speed, course, hdop, satellites))
    last = points[-1]
    for k in range(1, hold + 1):
        out.append(epoch(times[-1] + dt.timedelta(seconds=k), last[0], last[1], last[2], 0.0, 0.0, hdop, satellites))
    return ''.join(out)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('gpx')
    ap.add_argument('-o', '--output')
    ap.add_argument('--track', type=int, help='use only track N (0-based); default all tracks joined')
    ap.add_argument('--laps', type=int, default=1, help='walk a timed track out and back N times in all')
    ap.add_argument('--after', help='keep only points later than this ISO 8601 time')
    ap.add_argument('--first', type=int, default=0, help='skip the first K points')
    ap.add_argument('--count', type=int, help='use at most K points')
    ap.add_argument('--speed', type=float, default=4.0, help='walking speed for untimed tracks, km/h')
    ap.add_argument('--start', default='2024-05-01T10:00:00Z', help='start time for untimed tracks')
    ap.add_argument('--hdop', type=float, default=0.9)
    ap.add_argument('--satellites', type=int, default=8)
    ap.add_argument('--detour', help='FROM:TO:OFFSET[:RAMP] in metres')
    ap.add_argument('--hold', type=int, default=2)
    ap.add_argument('--lead', type=int, default=0, help='repeat the first position N seconds before the walk')
    a = ap.parse_args(argv)
    points = read_track(a.gpx, a.track)
    if a.laps > 1:
        if not is_timed(points):
            sys.exit('gpx2nmea: --laps needs a track with a time on every point')
        points = laps(points, a.laps)
    if a.after:
        after = parse_time(a.after)
        if after is None:
            sys.exit('gpx2nmea: --after wants an ISO 8601 time')
        points = [p for p in points if p[3] is not None and p[3] > after]
    points = points[a.first:]
    if a.count is not None:
        points = points[:a.count]
    if len(points) < 1:
        sys.exit('gpx2nmea: no track points in %s' % a.gpx)
    if a.detour:
        parts = [float(x) for x in a.detour.split(':')]
        if len(parts) not in (3, 4):
            sys.exit('gpx2nmea: --detour wants FROM:TO:OFFSET[:RAMP]')
        ramp = parts[3] if len(parts) == 4 else 2 * abs(parts[2])
        points = apply_detour(points, parts[0], parts[1], parts[2], ramp)
    text = convert(points, a.speed, parse_time(a.start), a.hdop, a.satellites, a.hold, a.lead)
    if a.output:
        with open(a.output, 'w', newline='') as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == '__main__':
    main(sys.argv[1:])
