#!/usr/bin/env python3
"""Reference lengths of the waymarked routes in Samples/andorra-ordino.osm, for RouteLineTests.

Independent of Cairn: reads the OSM XML with ElementTree, and for every type=route relation
with route=hiking or foot sums the GeographicLib (WGS84, Karney) geodesic lengths of its
member ways that are in the file, leaving out side roles (alternative, excursion, approach,
connection) as Cairn's main line does. A way is summed over its runs of present nodes (a way
cut at the extract's edge loses the segments to missing nodes), as the importer keeps it.

Writes Tests/TrailMapTests/Fixtures/route-lengths-reference.json:
  {"routes": [{"id": 123, "name": "...", "ways": N, "lengthMetres": L}, ...]}
"""
import json
import os
import xml.etree.ElementTree as ET

from geographiclib.geodesic import Geodesic

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIDE = {"alternative", "excursion", "approach", "connection"}


def main():
    tree = ET.parse(os.path.join(ROOT, "Samples", "andorra-ordino.osm"))
    nodes, ways, rels = {}, {}, []
    for el in tree.getroot():
        if el.tag == "node":
            nodes[int(el.get("id"))] = (float(el.get("lat")), float(el.get("lon")))
        elif el.tag == "way":
            ways[int(el.get("id"))] = [int(nd.get("ref")) for nd in el.findall("nd")]
        elif el.tag == "relation":
            tags = {t.get("k"): t.get("v") for t in el.findall("tag")}
            if tags.get("type") == "route" and tags.get("route") in ("hiking", "foot"):
                rels.append((int(el.get("id")), tags, el.findall("member")))
    out = []
    g = Geodesic.WGS84
    for rid, tags, members in sorted(rels):
        total, count = 0.0, 0
        for m in members:
            if m.get("type") != "way" or m.get("role", "") in SIDE:
                continue
            refs = ways.get(int(m.get("ref")))
            if refs is None:
                continue
            count += 1
            for a, b in zip(refs, refs[1:]):
                if a in nodes and b in nodes:
                    (la, lo), (lb, lob) = nodes[a], nodes[b]
                    total += g.Inverse(la, lo, lb, lob)["s12"]
        if count:
            out.append({"id": rid, "name": tags.get("name"), "ways": count, "lengthMetres": round(total, 3)})
    path = os.path.join(ROOT, "Tests", "TrailMapTests", "Fixtures", "route-lengths-reference.json")
    with open(path, "w") as f:
        json.dump({"routes": out}, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"{len(out)} routes -> {path}")


if __name__ == "__main__":
    main()
