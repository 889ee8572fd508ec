import Foundation
import TrailCore

/// Where a stop meets the walking graph: the nearest point on one edge (inside a segment,
/// not just at a vertex), which splits that edge in two for the search.
public struct EdgeSnap: Sendable, Hashable {
    /// The edge, an index into ``WalkingGraph/edges``.
    public let edge: Int
    /// The segment within the edge's geometry: it runs from vertex `segment` to `segment + 1`.
    public let segment: Int
    /// The point on the edge.
    public let coordinate: Coordinate
    /// Metres along the edge from its `from` node to the point.
    public let offset: Double
    /// Metres from the stop to the point.
    public let distance: Double
}

extension WalkingGraph {
    /// The nearest point of a usable edge to `stop`, within `maxDistance` metres.
    ///
    /// Method: candidate segments come from the ``SegmentGrid`` cells within `maxDistance`;
    /// each is measured in a ``LocalProjection`` tangent at the stop (exact to 0.01 % within
    /// 1 km) and the point is the perpendicular foot clamped to the segment. Edges the
    /// options rule out (SAC grade above the cap, via ferratas when not allowed) are skipped.
    /// Ties go to the lower vertex index, so the answer is deterministic.
    /// - Returns: the snap, or nil when no usable edge is that close.
    public func snap(_ stop: Coordinate, maxDistance: Double, options: RouteOptions = RouteOptions()) -> EdgeSnap? {
        let plane = LocalProjection(origin: stop)
        let origin = LocalPoint(x: 0, y: 0)
        var best: (vertex: Int, fraction: Double, distance: Double)?
        grid.forEachSegment(in: LocalPlane.box(around: stop, metres: maxDistance * 1.01 + 1)) { v in
            let edge = edges[Int(grid.vertexEdge[v])]
            guard options.allows(grade: edge.grade, viaFerrata: edge.isViaFerrata) else { return }
            let a = plane.project(vertices[v]), b = plane.project(vertices[v + 1])
            let r = LocalProjection.closestPointOnSegment(origin, a, b)
            let d = abs(r.signedDistance)
            guard d <= maxDistance else { return }
            if let bst = best, d > bst.distance || (d == bst.distance && v >= bst.vertex) { return }
            best = (v, r.fraction, d)
        }
        guard let best else { return nil }
        let e = Int(grid.vertexEdge[best.vertex])
        let a = vertices[best.vertex], b = vertices[best.vertex + 1]
        let t = best.fraction
        let point: Coordinate
        if t <= 0 {
            point = a
        } else if t >= 1 {
            point = b
        } else {
            let pa = plane.project(a), pb = plane.project(b)
            point = plane.unproject(LocalPoint(x: pa.x + t * (pb.x - pa.x), y: pa.y + t * (pb.y - pa.y)))
        }
        let offset = offsets[best.vertex] + t * (offsets[best.vertex + 1] - offsets[best.vertex])
        return EdgeSnap(edge: e, segment: best.vertex - Int(edges[e].firstVertex), coordinate: point, offset: offset,
                        distance: best.distance)
    }
}
