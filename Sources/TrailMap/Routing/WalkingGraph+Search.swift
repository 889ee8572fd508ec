import Foundation
import TrailCore

/// A shortest walk between two snapped points, as found by
/// ``WalkingGraph/shortestPath(from:to:options:)``.
public struct WalkingPath: Sendable, Hashable {
    /// From the first snap point to the second: every vertex is a vertex of a walkable way,
    /// except the two snap points, which lie on one of its segments. No two consecutive
    /// coordinates are equal.
    public var coordinates: [Coordinate]
    /// Metres along the ways.
    public var length: Double
    /// The search cost (metres of easy walking; see ``WalkingRules``).
    public var cost: Double
    /// Metres climbed and descended along the walk (0 without elevations).
    public var ascent: Double
    public var descent: Double
    /// The edges walked, in order (partly walked first and last edges included).
    public var edges: [Int]
}

extension WalkingGraph {
    /// The cheapest walk from one snapped point to another over the edges `options` allow.
    ///
    /// Method: A* (P. E. Hart, N. J. Nilsson, B. Raphael, 1968) on the junction graph, with the
    /// two snapped edges split at their snap points: the start's edge gives its two end nodes
    /// their partial costs, and a virtual goal is reached from the goal edge's two ends (or
    /// straight along the edge when both snaps share it). The heuristic is the
    /// equirectangular distance with the smallest scales over the graph's latitudes
    /// (``minimumScales(over:)``): never more than the length of any walk between the points,
    /// and every cost per metre is at least 1, so it is admissible and consistent and the
    /// first time the goal comes out of the heap its cost is the least. Chosen over
    /// bidirectional Dijkstra because one directed search with a good bound settles fewer
    /// nodes on mountain networks (routes mostly head towards the goal) and needs no
    /// meeting-point rule. Nodes wait in a ``BinaryHeap`` with lazy deletion.
    /// - Returns: the walk, or nil when the goal cannot be reached over allowed edges.
    public func shortestPath(from source: EdgeSnap, to target: EdgeSnap, options: RouteOptions = RouteOptions()) -> WalkingPath? {
        let n = nodes.count
        let goal = Int32(n)
        let penalty = options.climbPenalty
        var g = [Double](repeating: .infinity, count: n + 1)
        var parent = [Int32](repeating: -1, count: n)   // half-edge of arrival; -2: from the start snap
        var closed = [Bool](repeating: false, count: n + 1)
        var heap = BinaryHeap(capacity: 1024)
        let se = edges[source.edge], te = edges[target.edge]
        let goalPoint = target.coordinate
        let (kx, ky) = minimumMetresPerDegree
        @inline(__always) func h(_ v: Int) -> Double {
            let c = nodes[v]
            let dx = (c.longitude - goalPoint.longitude) * kx, dy = (c.latitude - goalPoint.latitude) * ky
            return (dx * dx + dy * dy).squareRoot()
        }

        // The start: both ends of its edge, reached along the edge from the snap point.
        let toFrom = se.cost(metres: source.offset, forward: false, climbPenalty: penalty)
        let toTo = se.cost(metres: se.length - source.offset, forward: true, climbPenalty: penalty)
        let startsForward = se.from == se.to ? toTo < toFrom : true   // only used for a loop edge
        for (node, cost) in [(se.from, toFrom), (se.to, toTo)] where cost < g[Int(node)] {
            g[Int(node)] = cost
            parent[Int(node)] = -2
            heap.push(cost + h(Int(node)), node)
        }
        // The goal: from either end of its edge, or along one shared edge.
        var goalVia: Int32 = -1          // node the goal was last improved from; -1 straight along the edge
        var goalForward = true           // entering the goal edge at its `from` node
        if source.edge == target.edge {
            let fwd = target.offset >= source.offset
            g[n] = se.cost(metres: abs(target.offset - source.offset), forward: fwd, climbPenalty: penalty)
            heap.push(g[n], goal)
        }

        while let (_, u) = heap.popMin() {
            if u == goal { break }
            let ui = Int(u)
            if closed[ui] { continue }
            closed[ui] = true
            let gu = g[ui]
            if u == te.from {
                let c = gu + te.cost(metres: target.offset, forward: true, climbPenalty: penalty)
                if c < g[n] { g[n] = c; goalVia = u; goalForward = true; heap.push(c, goal) }
            }
            if u == te.to {
                let c = gu + te.cost(metres: te.length - target.offset, forward: false, climbPenalty: penalty)
                if c < g[n] { g[n] = c; goalVia = u; goalForward = false; heap.push(c, goal) }
            }
            for i in Int(adjacencyStart[ui])..<Int(adjacencyStart[ui + 1]) {
                let half = halfEdges[i]
                let e = edges[Int(half >> 1)]
                guard options.allows(grade: e.grade, viaFerrata: e.isViaFerrata) else { continue }
                let reversed = half & 1 == 1
                let v = Int(reversed ? e.from : e.to)
                if closed[v] { continue }
                let c = gu + e.cost(metres: e.length, forward: !reversed, climbPenalty: penalty)
                if c < g[v] {
                    g[v] = c
                    parent[v] = half
                    heap.push(c + h(v), Int32(v))
                }
            }
        }
        guard g[n].isFinite else { return nil }
        return assemble(source: source, target: target, cost: g[n], goalVia: goalVia, goalForward: goalForward,
                        startsForward: startsForward, parent: parent)
    }

    /// Turns the search's result into coordinates, length and climb.
    private func assemble(source: EdgeSnap, target: EdgeSnap, cost: Double, goalVia: Int32, goalForward: Bool,
                          startsForward: Bool, parent: [Int32]) -> WalkingPath {
        var path = WalkingPath(coordinates: [source.coordinate], length: 0, cost: cost, ascent: 0, descent: 0, edges: [])
        func append(_ c: Coordinate) {
            if path.coordinates.last != c { path.coordinates.append(c) }
        }
        /// Walks part of an edge: `metres` of it, forwards or backwards, through these vertices.
        func walk(_ e: Int, metres: Double, forward: Bool, through range: StrideTo<Int>) {
            let edge = edges[e]
            let base = Int(edge.firstVertex)
            for k in range { append(vertices[base + k]) }
            path.length += metres
            if edge.length > 0 {
                path.ascent += (forward ? edge.ascent : edge.descent) * metres / edge.length
                path.descent += (forward ? edge.descent : edge.ascent) * metres / edge.length
            }
            if metres > 0 && path.edges.last != e { path.edges.append(e) }
        }
        let se = edges[source.edge], te = edges[target.edge]
        let last = Int(te.vertexCount) - 1
        if goalVia < 0 {
            // Both snaps on one edge, straight along it.
            if target.offset >= source.offset {
                walk(source.edge, metres: target.offset - source.offset, forward: true,
                     through: stride(from: source.segment + 1, to: target.segment + 1, by: 1))
            } else {
                walk(source.edge, metres: source.offset - target.offset, forward: false,
                     through: stride(from: source.segment, to: target.segment, by: -1))
            }
            append(target.coordinate)
            return path
        }
        // The half-edges from the start's edge to the goal's, in walking order.
        var halves: [Int32] = []
        var node = goalVia
        while parent[Int(node)] != -2 {
            let half = parent[Int(node)]
            halves.append(half)
            let e = edges[Int(half >> 1)]
            node = half & 1 == 1 ? e.to : e.from
        }
        halves.reverse()
        let leaveForward = se.from == se.to ? startsForward : node == se.to
        if leaveForward {
            walk(source.edge, metres: se.length - source.offset, forward: true,
                 through: stride(from: source.segment + 1, to: Int(se.vertexCount), by: 1))
        } else {
            walk(source.edge, metres: source.offset, forward: false, through: stride(from: source.segment, to: -1, by: -1))
        }
        for half in halves {
            let e = Int(half >> 1)
            let count = Int(edges[e].vertexCount)
            if half & 1 == 0 {
                walk(e, metres: edges[e].length, forward: true, through: stride(from: 1, to: count, by: 1))
            } else {
                walk(e, metres: edges[e].length, forward: false, through: stride(from: count - 2, to: -1, by: -1))
            }
        }
        if goalForward {
            walk(target.edge, metres: target.offset, forward: true, through: stride(from: 1, to: target.segment + 1, by: 1))
        } else {
            walk(target.edge, metres: te.length - target.offset, forward: false,
                 through: stride(from: last - 1, to: target.segment, by: -1))
        }
        append(target.coordinate)
        return path
    }
}
