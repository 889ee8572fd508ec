#!/usr/bin/env python3
"""Reference for MapStoreWriter.hilbertIndex (DECISIONS 401): the position of a point on the
Hilbert curve over a 65,536 x 65,536 grid covering the globe.

The grid cell is x = (lon_e7 + 1_800_000_000) * 65_535 // 3_600_000_000 (east), y likewise
from latitude over 1_800_000_000 (north). The curve is the xy2d of Wikipedia's "Hilbert curve"
article (written here independently of the Swift code): quadrant by quadrant from the largest,
d += s*s*((3*rx) ^ ry), then the rest rotated into the quadrant's orientation. It starts in the
south-west cell (0,0), runs north-west, north-east and ends in the south-east.

Usage: python3 Tools/reference/hilbert_reference.py   (prints lat_e7 lon_e7 index)
"""

N = 1 << 16


def cell(lat_e7, lon_e7):
    x = min(max(lon_e7 + 1_800_000_000, 0), 3_600_000_000) * (N - 1) // 3_600_000_000
    y = min(max(lat_e7 + 900_000_000, 0), 1_800_000_000) * (N - 1) // 1_800_000_000
    return x, y


def rot(n, x, y, rx, ry):
    if ry == 0:
        if rx == 1:
            x = n - 1 - x
            y = n - 1 - y
        x, y = y, x
    return x, y


def xy2d(n, x, y):
    d = 0
    s = n // 2
    while s > 0:
        rx = 1 if (x & s) > 0 else 0
        ry = 1 if (y & s) > 0 else 0
        d += s * s * ((3 * rx) ^ ry)
        x, y = rot(n, x, y, rx, ry)
        s //= 2
    return d


POINTS = [
    (-900_000_000, -1_800_000_000),  # south-west corner: the curve's start
    (900_000_000, -1_800_000_000),   # north-west corner
    (900_000_000, 1_800_000_000),    # north-east corner
    (-900_000_000, 1_800_000_000),   # south-east corner: the curve's end
    (425_000_000, 15_000_000),       # Andorra
    (425_000_010, 15_000_010),       # 1e-6 degrees away: the same cell
    (441_000_000, 39_000_000),       # the generated tile copies' north-east
    (-339_000_000, 1_512_000_000),   # Sydney
    (0, 0),
]

if __name__ == "__main__":
    for lat, lon in POINTS:
        x, y = cell(lat, lon)
        print(lat, lon, xy2d(N, x, y))
