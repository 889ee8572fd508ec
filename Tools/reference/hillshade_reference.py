#!/usr/bin/env python3
"""Independent reference values for the hillshade test (Tests/TrailTerrainTests/HillshadeTests).

Reads the SRTM tile with the zipfile and struct modules only (big-endian signed 16-bit,
north-west sample first, -32768 = void) and computes, without sharing code or the ESRI
slope/aspect formulation with Cairn, the shade of chosen samples as the cosine between the
surface normal and the direction of the sun:

* gradients by Horn's 3x3 weights: p = dz/d(east) = ((c + 2f + i) - (a + 2d + g)) / (8 dx),
  q = dz/d(north) = ((a + 2b + c) - (g + 2h + i)) / (8 dy), where a b c is the row north of the
  sample and g h i the row south; dy = 111320 m / (n - 1), dx = dy * cos(latitude of the row);
* normal n = (-p, -q, 1) / |(-p, -q, 1)|, sun s = (sin A cos h, cos A cos h, sin h) for the
  azimuth A = 315 deg (clockwise from north) and altitude h = 45 deg;
* shade = max(0, n . s); no value (null) when the sample is on the tile's edge or any of the
  nine samples is a void.

The samples are every 37th row and column (offset 5), so the set covers the whole tile, voids
and cliffs included.

Usage: hillshade_reference.py Samples/N42E001.hgt.zip > Tests/TrailTerrainTests/Fixtures/hillshade-reference.json
"""
import json, math, struct, sys, zipfile

VOID = -32768


def load(path):
    with zipfile.ZipFile(path) as z:
        name = [n for n in z.namelist() if n.lower().endswith(".hgt")][0]
        raw = z.read(name)
    n = int(round(math.sqrt(len(raw) // 2)))
    return n, struct.unpack(">%dh" % (n * n), raw), name


def shade(samples, n, south, r, c, azimuth=315.0, altitude=45.0):
    if r < 1 or c < 1 or r > n - 2 or c > n - 2:
        return None
    z = [[samples[(r + dr) * n + (c + dc)] for dc in (-1, 0, 1)] for dr in (-1, 0, 1)]
    if any(v == VOID for row in z for v in row):
        return None
    (a, b, cc), (d, _, f), (g, h, i) = z
    lat = south + 1 - r / (n - 1)
    dy = 111320.0 / (n - 1)
    dx = dy * math.cos(math.radians(lat))
    p = ((cc + 2 * f + i) - (a + 2 * d + g)) / (8 * dx)
    q = ((a + 2 * b + cc) - (g + 2 * h + i)) / (8 * dy)
    norm = math.sqrt(p * p + q * q + 1)
    A, H = math.radians(azimuth), math.radians(altitude)
    sun = (math.sin(A) * math.cos(H), math.cos(A) * math.cos(H), math.sin(H))
    return max(0.0, (-p * sun[0] - q * sun[1] + sun[2]) / norm)


def main():
    path = sys.argv[1]
    n, samples, name = load(path)
    south, west = int(name[1:3]) * (1 if name[0] in "Nn" else -1), int(name[4:7]) * (1 if name[3] in "Ee" else -1)
    points = []
    for r in range(5, n, 37):
        for c in range(5, n, 37):
            points.append({"row": r, "column": c, "latitude": south + 1 - r / (n - 1), "longitude": west + c / (n - 1),
                           "shade": shade(samples, n, south, r, c)})
    json.dump({"generator": "Tools/reference/hillshade_reference.py", "tile": name, "azimuth": 315, "altitude": 45,
               "points": points}, sys.stdout, indent=0)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
