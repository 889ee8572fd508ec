import Foundation
import TrailCore

/// The walkable way network of one area, as a graph of junctions joined by edges that follow
/// the mapped ways.
///
/// Nodes are the OSM nodes where walkable ways meet or end (two ways are connected exactly
/// when they share an OSM node id, so a bridge over a path without a shared node is no
/// junction). Each edge is the stretch of one way between two such nodes, with its full
/// geometry, its geodesic length, cost factor, SAC grade, via ferrata flag and, where the
/// graph was built with an ``ElevationLookup``, its ascent and descent. Which ways count and
/// their costs are in ``WalkingRules``; difficulty caps (``RouteOptions``) are applied while
/// searching, so one graph serves every cap. Built by
/// ``build(store:box:elevation:)`` or ``init(features:box:elevation:)``; immutable afterwards.
public struct WalkingGraph: Sendable {
    /// One stretch of a way between two junctions, walkable both ways.
    public struct Edge: Sendable, Hashable {
        /// Node index at the first vertex of ``WalkingGraph/geometry(of:)``.
        public let from: Int32
        /// Node index at the last vertex.
        public let to: Int32
        /// Geodesic length along the geometry, metres.
        public let length: Double
        /// Cost per metre relative to an easy path (``WalkingRules/costFactor(_:tags:)``, ≥ 1).
        public let factor: Double
        /// Metres climbed walking from `from` to `to` (0 without elevations).
        public let ascent: Double
        /// Metres descended walking from `from` to `to` (the ascent of the reverse direction).
        public let descent: Double
        /// SAC grade 1-6, 0 when ungraded.
        public let grade: UInt8
        /// True for `highway=via_ferrata`.
        public let isViaFerrata: Bool
        /// The class of the way it belongs to.
        public let featureClass: FeatureClass
        /// The OSM way it belongs to.
        public let way: MapFeatureID
        /// First index of its geometry in the graph's vertex array.
        let firstVertex: Int32
        /// Number of geometry vertices (≥ 2).
        let vertexCount: Int32

        /// The SAC grade, nil when ungraded.
        public var sacScale: SACScale? { SACScale(rawValue: Int(grade)) }

        /// Cost of walking `metres` of this edge forwards (from `from` towards `to`) or
        /// backwards, in metres of easy walking, the climb shared out by length.
        ///
        /// DIN 33466 ("Wanderwege", 2000; the rule of ``StatisticsCalculator``'s walking
        /// time) applied to the edge as one section: horizontal h = metres × factor, vertical
        /// v = climbPenalty × (up + down × 300/500), both in metres of walking at 4 km/h
        /// (the default penalty 4000/300 = 13.3 is 300 m/h of ascent; descent at 500 m/h);
        /// cost = max(h, v) + min(h, v) / 2. Never below h, so the A* bound stays admissible.
        /// A penalty of 0 makes every edge flat.
        @inline(__always)
        func cost(metres: Double, forward: Bool, climbPenalty: Double) -> Double {
            let h = metres * factor
            guard climbPenalty > 0, length > 0, ascent > 0 || descent > 0 else { return h }
            let up = forward ? ascent : descent, down = forward ? descent : ascent
            let v = climbPenalty * (up + down * WalkingRules.descentShare) * (metres / length)
            return max(h, v) + min(h, v) / 2
        }
    }

    /// The area it was built for (features crossing it are included whole).
    public let box: BoundingBox
    /// Junction coordinates, by node index.
    public let nodes: [Coordinate]
    /// OSM node id of each junction, by node index.
    public let nodeOSMIDs: [Int64]
    /// The edges.
    public let edges: [Edge]
    /// Edge geometry, all edges one after another.
    let vertices: [Coordinate]
    /// Metres from the edge's first vertex to each vertex, aligned with `vertices`.
    let offsets: [Double]
    /// Adjacency in compressed rows: the half-edges of node `n` are
    /// `halfEdges[adjacencyStart[n]..<adjacencyStart[n + 1]]`, each `edge << 1 | reversed`.
    let adjacencyStart: [Int32]
    let halfEdges: [Int32]
    /// Finds edge segments near a point.
    let grid: SegmentGrid
    /// Lower bounds of the metres per degree of longitude and of latitude over the latitudes
    /// the graph's vertices span: the A* heuristic (see ``shortestPath(from:to:options:)``).
    let minimumMetresPerDegree: (longitude: Double, latitude: Double)

    /// The geometry of edge `e`, from its `from` node to its `to` node.
    public func geometry(of e: Int) -> ArraySlice<Coordinate> {
        let edge = edges[e]
        let start = Int(edge.firstVertex)
        return vertices[start..<start + Int(edge.vertexCount)]
    }

    /// Number of junctions.
    public var nodeCount: Int { nodes.count }

    /// Every way that has at least one edge in the graph.
    public var wayIDs: Set<MapFeatureID> { Set(edges.map(\.way)) }
}
