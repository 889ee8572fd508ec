import Foundation
import TrailCore

/// Draws trails: routes legs between stops along walkable ways, re-routes only the legs a
/// change touches, finds where a new pin adds the least, and says what is near a stop.
///
/// Holds one ``WalkingGraph`` for the area around the stops and builds a new one only when a
/// leg reaches outside it (see ``graphBox(for:)``). Routing never fails: a leg that cannot
/// be routed is straight, with its ``StraightReason``. One planner per thread (it reads a
/// ``MapStore``, which is not thread-safe).
public final class RoutePlanner {
    /// The map store the graph and place names come from.
    public let store: MapStore
    /// Difficulty cap, snapping distance and climb cost for legs made from now on.
    public var options: RouteOptions
    /// Elevations for climb costs, or nil (flat).
    public let elevation: ElevationLookup?
    /// The graph in use, if one was built.
    public private(set) var graph: WalkingGraph?
    /// The last error reading the map store (legs made meanwhile are straight,
    /// ``StraightReason/mapUnavailable``); nil after a successful read.
    public private(set) var lastMapError: Error?
    /// Legs computed (routed or straight) since the planner was made: lets callers and tests
    /// see that a change re-routed only the legs it touched.
    public private(set) var legsComputed = 0
    /// Graphs built since the planner was made.
    public private(set) var graphsBuilt = 0

    /// Margin around the stops for the graph area, metres: ``marginBase`` plus
    /// ``marginShare`` of the larger side of the stops' box. A walk that leaves this area
    /// is not found (the leg becomes straight or takes a route inside it); 3 km plus a
    /// quarter covers valley-to-valley detours in the Pyrenees.
    public static let marginBase = 3_000.0
    public static let marginShare = 0.25
    /// A cached graph is widened to take in a new area only while the union stays within
    /// this many metres on its larger side; beyond that, the new area alone is built.
    public static let maxUnionSide = 60_000.0
    /// Legs whose stops are farther apart than this (metres, geodesic) are not routed
    /// (``StraightReason/stopsTooFarApart``): 50 km is more than a long day's walk.
    public static let maxLegDistance = 50_000.0

    /// Stops closer than this many metres are one spot: the leg between them is the line
    /// between them, of their geodesic distance (0 for the same point), instead of a walk
    /// to the nearest way and back that would count the connector twice.
    public static let sameSpotDistance = 1.0

    /// - Parameters:
    ///   - store: the offline map.
    ///   - options: difficulty cap and snapping for the legs.
    ///   - elevation: elevations for climb costs, or nil.
    public init(store: MapStore, options: RouteOptions = RouteOptions(), elevation: ElevationLookup? = nil) {
        self.store = store
        self.options = options
        self.elevation = elevation
    }

    /// A plan through `stops`, every leg made fresh.
    /// - Parameters:
    ///   - routing: false for straight legs (``StraightReason/routingOff``).
    public func plan(stops: [Coordinate], routing: Bool = true) -> RoutePlan {
        if routing && stops.count >= 2 { prepareGraph(for: stops) }
        let legs = zip(stops, stops.dropFirst()).map { leg(from: $0, to: $1, routing: routing) }
        return RoutePlan(stops: stops, legs: legs, options: options)
    }

    /// A plan through `stops` with routing on or off per leg (`legRouting[i]` for the leg from
    /// stop i; missing entries mean on): to restore a saved draft whose legs were made with
    /// the switch in different positions.
    public func plan(stops: [Coordinate], legRouting: [Bool]) -> RoutePlan {
        if legRouting.contains(true) || legRouting.count < stops.count - 1 { prepareGraph(for: stops) }
        let legs = zip(stops, stops.dropFirst()).enumerated().map { i, pair in
            leg(from: pair.0, to: pair.1, routing: i < legRouting.count ? legRouting[i] : true)
        }
        return RoutePlan(stops: stops, legs: legs, options: options)
    }

    /// One leg from `a` to `b`: routed when `routing` and a walk exists, straight otherwise.
    /// Stops less than ``sameSpotDistance`` apart give a routed leg of no ways whose length
    /// is their distance.
    public func leg(from a: Coordinate, to b: Coordinate, routing: Bool = true) -> RouteLeg {
        legsComputed += 1
        guard routing else { return .straight(from: a, to: b, reason: .routingOff, routingRequested: false) }
        let direct = Geodesy.distance(from: a, to: b)
        if direct < Self.sameSpotDistance {
            return RouteLeg(from: a, to: b, coordinates: [a, b], length: direct, straightReason: nil, routingRequested: true,
                            startConnector: 0, endConnector: 0, ascent: 0, descent: 0, ways: [], hardestGrade: nil)
        }
        guard direct <= Self.maxLegDistance else {
            return .straight(from: a, to: b, reason: .stopsTooFarApart, routingRequested: true)
        }
        guard let graph = graph(covering: [a, b]) else {
            return .straight(from: a, to: b, reason: .mapUnavailable, routingRequested: true)
        }
        guard let sa = graph.snap(a, maxDistance: options.maxSnapDistance, options: options),
              let sb = graph.snap(b, maxDistance: options.maxSnapDistance, options: options) else {
            return .straight(from: a, to: b, reason: .stopTooFarFromPaths, routingRequested: true)
        }
        guard let path = graph.shortestPath(from: sa, to: sb, options: options) else {
            return .straight(from: a, to: b, reason: .noPath, routingRequested: true)
        }
        var coordinates = path.coordinates
        var startConnector = 0.0, endConnector = 0.0
        if coordinates.first != a {
            startConnector = Geodesy.shortDistance(from: a, to: sa.coordinate)
            coordinates.insert(a, at: 0)
        }
        if coordinates.last != b || coordinates.count < 2 {
            endConnector = Geodesy.shortDistance(from: sb.coordinate, to: b)
            coordinates.append(b)
        }
        var ways: [MapFeatureID] = []
        var hardest: SACScale?
        for e in path.edges {
            let edge = graph.edges[e]
            if ways.last != edge.way { ways.append(edge.way) }
            if let g = edge.sacScale, hardest.map({ g > $0 }) ?? true { hardest = g }
        }
        return RouteLeg(from: a, to: b, coordinates: coordinates, length: startConnector + path.length + endConnector,
                        straightReason: nil, routingRequested: true, startConnector: startConnector,
                        endConnector: endConnector, ascent: path.ascent, descent: path.descent, ways: ways,
                        hardestGrade: hardest)
    }

    /// The area a graph for `stops` is built for: their box grown by ``marginBase`` plus
    /// ``marginShare`` of its larger side (times `scale`), in degrees.
    public static func graphBox(for stops: [Coordinate], scale: Double = 1) -> BoundingBox? {
        guard let box = BoundingBox(covering: stops) else { return nil }
        let margin = (marginBase + marginShare * side(of: box)) * scale
        var out = box
        out.extend(LocalPlane.box(around: Coordinate(latitude: box.minLatitude, longitude: box.minLongitude), metres: margin))
        out.extend(LocalPlane.box(around: Coordinate(latitude: box.maxLatitude, longitude: box.maxLongitude), metres: margin))
        return out
    }

    /// Builds one graph for all `stops` at once when their area is small enough
    /// (``maxUnionSide``), so that their legs do not each widen the graph; otherwise each leg
    /// gets its graph when it is made.
    func prepareGraph(for stops: [Coordinate]) {
        guard let box = BoundingBox(covering: stops), Self.side(of: box) <= Self.maxUnionSide else { return }
        graph(covering: stops)
    }

    /// The larger side of a box in metres (north-south along its middle meridian, east-west
    /// along its middle parallel).
    static func side(of box: BoundingBox) -> Double {
        let c = box.center
        return max(Geodesy.shortDistance(from: Coordinate(latitude: box.minLatitude, longitude: c.longitude),
                                         to: Coordinate(latitude: box.maxLatitude, longitude: c.longitude)),
                   Geodesy.shortDistance(from: Coordinate(latitude: c.latitude, longitude: box.minLongitude),
                                         to: Coordinate(latitude: c.latitude, longitude: box.maxLongitude)))
    }

    /// The cached graph when it covers `stops` with half their margin, else a new one built
    /// with the whole margin (widened to take in the old area while the union stays within
    /// ``maxUnionSide``); nil when the store cannot be read. The half/whole margin gives
    /// some slack, so stops added one by one near the edge do not rebuild every time.
    @discardableResult
    public func graph(covering stops: [Coordinate]) -> WalkingGraph? {
        guard let needed = Self.graphBox(for: stops) else { return graph }
        if let graph, let inner = Self.graphBox(for: stops, scale: 0.5), graph.box.contains(inner) { return graph }
        var box = needed
        if let old = graph?.box {
            var union = needed
            union.extend(old)
            if Self.side(of: union) <= Self.maxUnionSide { box = union }
        }
        do {
            let g = try WalkingGraph.build(store: store, box: box, elevation: elevation)
            graph = g
            graphsBuilt += 1
            lastMapError = nil
            return g
        } catch {
            lastMapError = error
            return nil
        }
    }

    /// The classes that can say what is at a stop: every class but national borders and
    /// protected areas, whose lines run over summits and cols and would hide the peak or
    /// saddle that shares their node.
    public static let stopPlaceClasses: Set<FeatureClass> = Set(FeatureClass.allCases).subtracting([.boundary, .protectedArea])

    /// The named feature nearest to `coordinate` ("what is here" for a stop): see
    /// ``MapStore/nearestNamedFeature(to:maxDistance:classes:)``.
    /// - Parameters:
    ///   - maxDistance: search radius in metres (default 500).
    ///   - classes: the classes to consider (default ``stopPlaceClasses``).
    /// - Throws: ``SQLiteError``.
    public func nearestPlace(to coordinate: Coordinate, maxDistance: Double = 500,
                             classes: Set<FeatureClass> = RoutePlanner.stopPlaceClasses) throws -> NamedPlace? {
        try store.nearestNamedFeature(to: coordinate, maxDistance: maxDistance, classes: classes)
    }

    /// Named features matching `name`, nearest to `near` first: see
    /// ``MapStore/search(name:near:limit:classes:)``.
    /// - Throws: ``SQLiteError``.
    public func search(name: String, near: Coordinate? = nil, limit: Int = 20) throws -> [NamedPlace] {
        try store.search(name: name, near: near, limit: limit)
    }
}

extension BoundingBox {
    /// True when `other` lies wholly inside this box.
    func contains(_ other: BoundingBox) -> Bool {
        other.minLatitude >= minLatitude && other.maxLatitude <= maxLatitude
            && other.minLongitude >= minLongitude && other.maxLongitude <= maxLongitude
    }
}
