#!/usr/bin/env python3
"""Writes a synthetic GPX 1.1 track for benchmarks: N trackpoints, each with ele and time.

A deterministic random walk (fixed seed) near Andorra, one point per second, about 100 bytes
per point (1,000,000 points = about 100 MB). With --sensors each point also carries a Garmin
TrackPointExtension (hr, cad, atemp), as watches write them (about 230 bytes per point).
Usage: make-big-gpx.py [--points N] [--sensors] OUTPUT
"""
import argparse
import datetime
import random


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--points", type=int, default=1_000_000)
    parser.add_argument("--sensors", action="store_true")
    parser.add_argument("output")
    args = parser.parse_args()

    rng = random.Random(20240601)
    lat, lon, ele = 42.5, 1.5, 1500.0
    start = datetime.datetime(2021, 6, 1, 6, 0, 0, tzinfo=datetime.timezone.utc)
    with open(args.output, "w", encoding="utf-8", newline="\n") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        tpx = ' xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"' if args.sensors else ""
        f.write('<gpx version="1.1" creator="Cairn benchmark generator" '
                f'xmlns="http://www.topografix.com/GPX/1/1"{tpx}>\n')
        f.write("  <trk>\n    <name>Benchmark walk</name>\n    <trkseg>\n")
        lines = []
        hr, cad, atemp = 110, 80, 12.0
        for i in range(args.points):
            lat += rng.uniform(-0.00005, 0.00005)
            lon += rng.uniform(-0.00005, 0.00005)
            ele = min(3000.0, max(500.0, ele + rng.uniform(-0.5, 0.5)))
            t = start + datetime.timedelta(seconds=i)
            sensors = ""
            if args.sensors:
                hr = min(185, max(70, hr + rng.choice((-1, 0, 0, 0, 1))))
                cad = min(100, max(0, cad + rng.choice((-1, 0, 0, 0, 0, 0, 1))))
                if i % 600 == 0:
                    atemp = round(atemp + rng.uniform(-0.5, 0.5), 1)
                sensors = ("<extensions><gpxtpx:TrackPointExtension>"
                           f"<gpxtpx:atemp>{atemp}</gpxtpx:atemp><gpxtpx:hr>{hr}</gpxtpx:hr>"
                           f"<gpxtpx:cad>{cad}</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions>")
            lines.append(f'      <trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>{ele:.1f}</ele>'
                         f'<time>{t.strftime("%Y-%m-%dT%H:%M:%SZ")}</time>{sensors}</trkpt>\n')
            if len(lines) == 10_000:
                f.writelines(lines)
                lines = []
        f.writelines(lines)
        f.write("    </trkseg>\n  </trk>\n</gpx>\n")


if __name__ == "__main__":
    main()
