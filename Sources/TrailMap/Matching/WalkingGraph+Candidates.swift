import Foundation
import TrailCore

extension WalkingGraph {
    /// Every edge passing within `maxDistance` metres of `point`, each by its closest point,
    /// nearest first (ties to the lower edge index), at most `limit` of them: the candidate
    /// states of one GPS point for ``TrackMatcher``. Measured as ``snap(_:maxDistance:options:)``
    /// measures (a tangent plane at the point, perpendicular feet clamped to segments); every
    /// grade and via ferratas count (a recording went where it went).
    public func candidates(near point: Coordinate, maxDistance: Double, limit: Int) -> [EdgeSnap] {
        let plane = LocalProjection(origin: point)
        let origin = LocalPoint(x: 0, y: 0)
        var best: [Int32: (vertex: Int, fraction: Double, distance: Double)] = [:]
        grid.forEachSegment(in: LocalPlane.box(around: point, metres: maxDistance * 1.01 + 1)) { v in
            let e = grid.vertexEdge[v]
            let a = plane.project(vertices[v]), b = plane.project(vertices[v + 1])
            let r = LocalProjection.closestPointOnSegment(origin, a, b)
            let d = abs(r.signedDistance)
            guard d <= maxDistance else { return }
            if let old = best[e], old.distance < d || (old.distance == d && old.vertex <= v) { return }
            best[e] = (v, r.fraction, d)
        }
        let chosen = best.sorted { ($0.value.distance, $0.key) < ($1.value.distance, $1.key) }.prefix(max(0, limit))
        return chosen.map { e, b in
            let a = vertices[b.vertex], c = vertices[b.vertex + 1]
            let t = min(1, max(0, b.fraction))
            let pa = plane.project(a), pc = plane.project(c)
            let p = t <= 0 ? a : t >= 1 ? c : plane.unproject(LocalPoint(x: pa.x + t * (pc.x - pa.x), y: pa.y + t * (pc.y - pa.y)))
            let offset = offsets[b.vertex] + t * (offsets[b.vertex + 1] - offsets[b.vertex])
            return EdgeSnap(edge: Int(e), segment: b.vertex - Int(edges[Int(e)].firstVertex), coordinate: p, offset: offset,
                            distance: b.distance)
        }
    }

    /// Metres along the ways from `source` to each of `targets` (both points on edges), or
    /// infinity where the walk is longer than `limit`: one Dijkstra search (E. W. Dijkstra,
    /// 1959) over edge lengths alone, bounded by `limit`, with sparse state so a short search
    /// touches only the junctions it reaches. A target on the source's edge is also reached
    /// straight along it.
    public func walkingDistances(from source: EdgeSnap, to targets: [EdgeSnap], limit: Double) -> [Double] {
        var dist: [Int32: Double] = [:]
        var heap = BinaryHeap(capacity: 64)
        let se = edges[source.edge]
        for (node, d) in [(se.from, source.offset), (se.to, se.length - source.offset)] where d <= limit {
            if d < dist[node] ?? .infinity {
                dist[node] = d
                heap.push(d, node)
            }
        }
        var settled: Set<Int32> = []
        while let (d, u) = heap.popMin() {
            if d > limit { break }
            if settled.contains(u) { continue }
            settled.insert(u)
            let ui = Int(u)
            for i in Int(adjacencyStart[ui])..<Int(adjacencyStart[ui + 1]) {
                let half = halfEdges[i]
                let e = edges[Int(half >> 1)]
                let v = half & 1 == 1 ? e.from : e.to
                let c = d + e.length
                if c <= limit && c < dist[v] ?? .infinity {
                    dist[v] = c
                    heap.push(c, v)
                }
            }
        }
        return targets.map { t in
            let te = edges[t.edge]
            var best = min((dist[te.from] ?? .infinity) + t.offset, (dist[te.to] ?? .infinity) + te.length - t.offset)
            if t.edge == source.edge { best = min(best, abs(t.offset - source.offset)) }
            return best <= limit ? best : .infinity
        }
    }
}
