#!/usr/bin/env python3
"""Independent reference values for the terrain tests (Tests/TrailTerrainTests).

Reads the SRTM tile with the zipfile and struct modules only (big-endian signed 16-bit,
north-west sample first, -32768 = void) and restates, without sharing code with Cairn:

* heights: bilinear interpolation between the four samples of the grid cell holding the
  point; y = (south + 1 - lat) * (n - 1), x = (lon - west) * (n - 1), r = floor(y), c = floor(x)
  clamped to 0..n-2 (y and x first rounded to a whole number when within 1e-7 of one); corner weights (1-fx)(1-fy), fx(1-fy), (1-fx)fy, fx*fy. Void corners are
  dropped and the remaining weights renormalised; if they weigh nothing the plain mean of the
  valid corners; no valid corner: no data (null).
* gain: a drawn route (straight lines between stops) cut into max(1, ceil(d / 30 m)) equal
  pieces per line (d haversine on a sphere of radius 6371008.771415 m), heights as above,
  points without data skipped, gain/loss by the turning-point hysteresis of 5 m.
* peaks: OSM natural=peak nodes with a numeric ele, cut from the Andorra PBF with
  `osmium tags-filter FILE.pbf n/natural=peak -f osm` (osmium-tool) and read with xml.etree.

Usage: terrain_reference.py TILE.hgt.zip ANDORRA.osm.pbf > Tests/TrailTerrainTests/Fixtures/terrain-reference.json
"""
import json, math, struct, subprocess, sys, tempfile, zipfile
import xml.etree.ElementTree as ET

VOID = -32768


def load(path):
    with zipfile.ZipFile(path) as z:
        name = [n for n in z.namelist() if n.lower().endswith(".hgt")][0]
        raw = z.read(name)
    n = int(round(math.sqrt(len(raw) // 2)))
    samples = struct.unpack(">%dh" % (n * n), raw)
    stem = name.split("/")[-1][:7].upper()
    south = int(stem[1:3]) * (1 if stem[0] == "N" else -1)
    west = int(stem[4:7]) * (1 if stem[3] == "E" else -1)
    return {"n": n, "s": samples, "south": south, "west": west}


def snap(v):
    """A position within 1e-7 of a sample spacing of a grid line is on it (so a point given in
    decimal degrees on a sample always falls in the cell south-east of it)."""
    n = round(v)
    return float(n) if abs(v - n) < 1e-7 else v


def height(t, lat, lon):
    n, s = t["n"], t["s"]
    step = n - 1
    y = snap((t["south"] + 1 - lat) * step)
    x = snap((lon - t["west"]) * step)
    if y < 0 or x < 0 or y > step or x > step:
        return None
    r = min(int(math.floor(y)), n - 2)
    c = min(int(math.floor(x)), n - 2)
    fy, fx = y - r, x - c
    corners = [(s[r * n + c], (1 - fx) * (1 - fy)), (s[r * n + c + 1], fx * (1 - fy)),
               (s[(r + 1) * n + c], (1 - fx) * fy), (s[(r + 1) * n + c + 1], fx * fy)]
    valid = [(v, w) for v, w in corners if v != VOID]
    if not valid:
        return None
    wsum = sum(w for _, w in valid)
    if wsum > 1e-12:
        return sum(v * w for v, w in valid) / wsum
    return sum(v for v, _ in valid) / len(valid)


def haversine(a, b):
    R = 6371008.771415
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dp, dl = p2 - p1, math.radians(b[1] - a[1])
    h = min(1.0, math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2)
    return 2 * R * math.asin(math.sqrt(h))


def densify(stops, step=30.0):
    out = []
    for a, b in zip(stops, stops[1:]):
        k = max(1, math.ceil(haversine(a, b) / step))
        for i in range(k):
            f = i / k
            out.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
    out.append(stops[-1])
    return out


def hysteresis(elevations, T=5.0):
    gain = loss = 0.0
    ref = ext = None
    trend = 0
    for e in elevations:
        if ref is None:
            ref = ext = e
            continue
        if trend == 1:
            if e > ext:
                ext = e
            elif e <= ext - T:
                gain += ext - ref; ref = ext; trend = -1; ext = e
        elif trend == -1:
            if e < ext:
                ext = e
            elif e >= ext + T:
                loss += ref - ext; ref = ext; trend = 1; ext = e
        else:
            if e >= ref + T:
                trend = 1; ext = e
            elif e <= ref - T:
                trend = -1; ext = e
    if trend == 1:
        gain += ext - ref
    if trend == -1:
        loss += ref - ext
    return gain, loss


def lcg(seed):
    while True:
        seed = (seed * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        yield (seed >> 11) / float(1 << 53)


def sample_points(t):
    pts = []
    rnd = lcg(13)
    for _ in range(300):  # anywhere in Andorra and around it
        pts.append((42.40 + 0.28 * next(rnd), 1.38 + 0.45 * next(rnd)))
    n, s = t["n"], t["s"]
    step = n - 1
    voids = [(i // n, i % n) for i, v in enumerate(s) if v == VOID]
    inside = [(r, c) for r, c in voids
              if 42.42 <= t["south"] + 1 - r / step <= 42.66 and 1.40 <= t["west"] + c / step <= 1.79]
    for r, c in inside[:60]:  # on a void sample and a quarter / half cell around it
        for dy, dx in [(0, 0), (0.25, 0.25), (-0.5, 0.1), (0.1, -0.7), (0.5, 0.5)]:
            pts.append((t["south"] + 1 - (r + dy) / step, t["west"] + (c + dx) / step))
    # tile edges and corners
    pts += [(43.0, 1.0), (42.0, 2.0), (42.0, 1.0), (43.0, 2.0), (42.5, 1.0), (42.5, 2.0), (43.0, 1.5), (42.0, 1.5)]
    return pts, inside


ROUTES = [
    ("Ordino to Casamanya", [(42.5560, 1.5330), (42.5590, 1.5480), (42.5650, 1.5560), (42.5700, 1.5660)]),
    ("Arinsal to Coma Pedrosa", [(42.5720, 1.4850), (42.5800, 1.4700), (42.5870, 1.4560), (42.5918, 1.4435)]),
    ("El Serrat to Tristaina", [(42.6190, 1.5390), (42.6300, 1.5250), (42.6400, 1.4980)]),
    ("Grau Roig loop", [(42.5320, 1.7000), (42.5400, 1.7150), (42.5250, 1.7250), (42.5320, 1.7000)]),
]


def peaks(pbf):
    with tempfile.TemporaryDirectory() as d:
        out = d + "/peaks.osm"
        subprocess.run(["osmium", "tags-filter", pbf, "n/natural=peak", "-f", "osm", "-o", out], check=True)
        root = ET.parse(out).getroot()
    res = []
    for node in root.iter("node"):
        tags = {t.get("k"): t.get("v") for t in node.iter("tag")}
        if tags.get("natural") != "peak" or "ele" not in tags:
            continue
        try:
            ele = float(tags["ele"].replace(",", ".").replace("m", "").strip())
        except ValueError:
            continue
        res.append({"id": int(node.get("id")), "name": tags.get("name"), "latitude": float(node.get("lat")),
                    "longitude": float(node.get("lon")), "ele": ele})
    return res


def main():
    t = load(sys.argv[1])
    pts, inside = sample_points(t)
    void_count = len(inside)
    r, c = inside[len(inside) // 2]
    vlat, vlon = t["south"] + 1 - r / (t["n"] - 1), t["west"] + c / (t["n"] - 1)
    ROUTES.append(("Across a void", [(vlat - 0.004, vlon - 0.004), (vlat + 0.001, vlon), (vlat + 0.004, vlon + 0.004)]))
    heights = [{"latitude": a, "longitude": b, "metres": height(t, a, b)} for a, b in pts]
    routes = []
    for name, stops in ROUTES:
        line = densify(stops)
        hs = [height(t, a, b) for a, b in line]
        g, l = hysteresis([h for h in hs if h is not None])
        routes.append({"name": name, "stops": [list(p) for p in stops], "points": len(line),
                       "withoutData": sum(1 for h in hs if h is None), "gain": g, "loss": l})
    doc = {"generator": "Tools/reference/terrain_reference.py",
           "attribution": "peaks: (c) OpenStreetMap contributors, ODbL 1.0; heights: SRTM (NASA/USGS, public domain)",
           "tile": "N42E001", "voidSamplesInAndorra": void_count, "heights": heights, "routes": routes,
           "peaks": peaks(sys.argv[2]) if len(sys.argv) > 2 else []}
    json.dump(doc, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
