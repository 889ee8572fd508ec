import Foundation
import TrailCore

extension WalkingGraph {
    /// Builds the graph of every walkable way whose bounding box meets `box`.
    ///
    /// Asks the map store for the ``WalkingRules/candidateClasses`` with their node ids
    /// (whole ways, not clipped), then applies ``init(features:box:elevation:)``.
    /// - Parameters:
    ///   - box: the area, in degrees: a route planner passes its stops' box plus a margin.
    ///   - elevation: elevations for climb costs, or nil (every edge flat).
    /// - Throws: ``SQLiteError`` from the store.
    public static func build(store: MapStore, box: BoundingBox, elevation: ElevationLookup? = nil) throws -> WalkingGraph {
        let features = try store.features(in: box, zoom: 99, classes: WalkingRules.candidateClasses, includeNodeIDs: true)
        return WalkingGraph(features: features, box: box, elevation: elevation)
    }

    /// Builds the graph from features (as ``MapStore`` returns them with node ids).
    ///
    /// Features without node ids (relations) and ways ``WalkingRules`` rejects are left out.
    /// A node is a junction when it is the first or last vertex of a way part or appears more
    /// than once among the walkable ways; each way part is cut into edges at its junctions.
    /// Repeated consecutive node ids are dropped. Edge lengths are sums of
    /// ``Geodesy/shortDistance(from:to:)`` over the segments (within 1 mm per km of Vincenty
    /// for segments up to 10 km). Node and edge numbering follow the feature ids, so the same
    /// features always give the same graph.
    public init(features: [MapFeature], box: BoundingBox, elevation: ElevationLookup? = nil) {
        // Walkable way parts, repeated consecutive node ids dropped, in feature id order.
        struct Part { var ids: [Int64]; var coords: [Coordinate]; var way: Int }
        var ways: [(feature: MapFeature, factor: Double, grade: UInt8)] = []
        for f in features {
            guard let ids = f.nodeIDs, ids.count == f.parts.count else { continue }
            let tags = f.tags.dictionary
            guard WalkingRules.isWalkable(f.featureClass, tags: tags),
                  zip(ids, f.parts).allSatisfy({ $0.count == $1.count }) else { continue }
            ways.append((f, WalkingRules.costFactor(f.featureClass, tags: tags),
                         UInt8(WalkingRules.sacScale(tags: tags)?.rawValue ?? 0)))
        }
        ways.sort { $0.feature.id < $1.feature.id }
        var parts: [Part] = []
        for (w, way) in ways.enumerated() {
            for (ids, coords) in zip(way.feature.nodeIDs!, way.feature.parts) {
                var part = Part(ids: [], coords: [], way: w)
                part.ids.reserveCapacity(ids.count)
                part.coords.reserveCapacity(ids.count)
                for k in ids.indices where k == 0 || ids[k - 1] != ids[k] {
                    part.ids.append(ids[k])
                    part.coords.append(coords[k])
                }
                if part.ids.count >= 2 { parts.append(part) }
            }
        }

        // Pass 1: how often each node is used; ends of parts count twice so they become junctions.
        var uses: [Int64: Int32] = [:]
        uses.reserveCapacity(parts.reduce(0) { $0 + $1.ids.count })
        for part in parts {
            for k in part.ids.indices {
                uses[part.ids[k], default: 0] += (k == 0 || k == part.ids.count - 1) ? 2 : 1
            }
        }

        // Pass 2: number the junctions and cut every part into edges at them.
        var nodeIndex: [Int64: Int32] = [:]
        var nodes: [Coordinate] = []
        var nodeOSMIDs: [Int64] = []
        var edges: [Edge] = []
        var vertices: [Coordinate] = []
        var offsets: [Double] = []
        vertices.reserveCapacity(parts.reduce(0) { $0 + $1.ids.count } * 11 / 10)
        offsets.reserveCapacity(vertices.capacity)
        for part in parts {
            let way = ways[part.way]
            let elevations = elevation.map { lookup in part.coords.map { lookup.elevation(at: $0) } }
            var startNode: Int32 = -1
            var first = 0
            var along = 0.0, climbUp = 0.0, climbDown = 0.0
            for k in part.ids.indices {
                let c = part.coords[k]
                if k > 0 {
                    along += Geodesy.shortDistance(from: part.coords[k - 1], to: c)
                    if let elevations, let e = elevations[k], let p = elevations[k - 1] {
                        if e > p { climbUp += e - p } else { climbDown += p - e }
                    }
                }
                vertices.append(c)
                offsets.append(along)
                guard (uses[part.ids[k]] ?? 0) >= 2 else { continue }
                let node: Int32
                if let i = nodeIndex[part.ids[k]] {
                    node = i
                } else {
                    node = Int32(nodes.count)
                    nodeIndex[part.ids[k]] = node
                    nodes.append(c)
                    nodeOSMIDs.append(part.ids[k])
                }
                if startNode >= 0 {
                    edges.append(Edge(from: startNode, to: node, length: along, factor: way.factor, ascent: climbUp,
                                      descent: climbDown, grade: way.grade, isViaFerrata: way.feature.featureClass == .viaFerrata,
                                      featureClass: way.feature.featureClass, way: way.feature.id,
                                      firstVertex: Int32(first), vertexCount: Int32(vertices.count - first)))
                }
                // This junction starts the next edge of the part.
                if k < part.ids.count - 1 {
                    if startNode >= 0 {
                        vertices.append(c)
                        offsets.append(0)
                    }
                    first = vertices.count - 1
                }
                startNode = node
                along = 0
                climbUp = 0
                climbDown = 0
            }
        }

        // Adjacency in compressed rows.
        var degree = [Int32](repeating: 0, count: nodes.count + 1)
        for e in edges {
            degree[Int(e.from)] += 1
            degree[Int(e.to)] += 1
        }
        var start = [Int32](repeating: 0, count: nodes.count + 1)
        for n in 0..<nodes.count { start[n + 1] = start[n] + degree[n] }
        var fill = start
        var half = [Int32](repeating: 0, count: Int(start[nodes.count]))
        for (i, e) in edges.enumerated() {
            half[Int(fill[Int(e.from)])] = Int32(i << 1)
            fill[Int(e.from)] += 1
            half[Int(fill[Int(e.to)])] = Int32(i << 1 | 1)
            fill[Int(e.to)] += 1
        }

        self.box = box
        self.nodes = nodes
        self.nodeOSMIDs = nodeOSMIDs
        self.edges = edges
        self.vertices = vertices
        self.offsets = offsets
        self.adjacencyStart = start
        self.halfEdges = half
        self.grid = SegmentGrid(edges: edges, vertices: vertices)
        self.minimumMetresPerDegree = Self.minimumScales(over: BoundingBox(covering: vertices))
    }
}

extension WalkingGraph {
    /// The smallest metres per degree of longitude (N(φ)·cos φ, least at the latitude farthest
    /// from the equator) and of latitude (the meridian radius M(φ), least at the latitude
    /// nearest to it) over the box's latitudes, on WGS84, shrunk by 1e-6 for rounding.
    /// Any line that stays in the box is at least as long as
    /// √((Δλ·kλ)² + (Δφ·kφ)²) with these scales (each piece is, and the planar triangle
    /// inequality adds them up), so that bound never overestimates a walk along the graph.
    static func minimumScales(over box: BoundingBox?) -> (longitude: Double, latitude: Double) {
        guard let box else { return (0, 0) }
        let e2 = Geodesy.flattening * (2 - Geodesy.flattening)
        let a = Geodesy.semiMajorAxis
        func n(_ phi: Double) -> Double { a / (1 - e2 * sin(phi) * sin(phi)).squareRoot() }
        func m(_ phi: Double) -> Double { a * (1 - e2) / pow(1 - e2 * sin(phi) * sin(phi), 1.5) }
        let farthest = max(abs(box.minLatitude), abs(box.maxLatitude)) * .pi / 180
        let nearest = (box.minLatitude <= 0 && box.maxLatitude >= 0)
            ? 0 : min(abs(box.minLatitude), abs(box.maxLatitude)) * .pi / 180
        let shrink = 1 - 1e-6
        return (n(farthest) * cos(farthest) * .pi / 180 * shrink, m(nearest) * .pi / 180 * shrink)
    }
}
