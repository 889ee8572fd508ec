import Foundation
import TrailCore

/// The walkable ways of an area with what lies under them: the ``WalkingGraph`` for finding
/// the nearest way, and each way's ``SurfaceClass``. Measures the ground under a line
/// (``survey(segments:)``).
public struct GroundMap: Sendable {
    /// A stretch belongs to the nearest walkable way within this many metres of its midpoint,
    /// else it is off the map. 15 m: the Andorra recordings lie a median 2.8-5.2 m from the
    /// mapped ways with 91-99 % of their points within 25 m (../shared/data/SOURCES.md §3),
    /// and two mapped paths are rarely closer than that (DECISIONS.md 211).
    public static let radius = 15.0

    /// The walkable ways (every grade, via ferratas included).
    public let graph: WalkingGraph
    /// Surface class per way.
    let surfaces: [MapFeatureID: SurfaceClass]

    /// Builds from features as ``MapStore`` returns them with node ids.
    public init(features: [MapFeature], box: BoundingBox) {
        graph = WalkingGraph(features: features, box: box)
        var s: [MapFeatureID: SurfaceClass] = [:]
        for f in features where f.nodeIDs != nil { s[f.id] = SurfaceClass(featureClass: f.featureClass, tags: f.tags.dictionary) }
        surfaces = s
    }

    /// The walkable ways of `store` whose boxes meet `box` grown by ``radius``.
    /// - Throws: ``SQLiteError`` from the store.
    public static func load(store: MapStore, around box: BoundingBox) throws -> GroundMap {
        let lo = LocalPlane.box(around: Coordinate(latitude: box.minLatitude, longitude: box.minLongitude), metres: radius + 5)
        let hi = LocalPlane.box(around: Coordinate(latitude: box.maxLatitude, longitude: box.maxLongitude), metres: radius + 5)
        let grown = BoundingBox(minLatitude: lo.minLatitude, minLongitude: lo.minLongitude,
                                maxLatitude: hi.maxLatitude, maxLongitude: hi.maxLongitude)
        let features = try store.features(in: grown, zoom: 99, classes: WalkingRules.candidateClasses, includeNodeIDs: true)
        return GroundMap(features: features, box: grown)
    }

    /// Every grade and via ferratas: the survey looks at what is mapped, not at what a route may use.
    static let allWays = RouteOptions(maxSAC: .t6, allowViaFerrata: true)

    /// What lies under `point`: the grade and surface of the nearest walkable way within
    /// ``radius`` (``WalkingGraph/snap(_:maxDistance:options:)``, ties to the lower way id),
    /// nil when there is none.
    public func tag(at point: Coordinate) -> GroundTag? {
        guard let snap = graph.snap(point, maxDistance: Self.radius, options: Self.allWays) else { return nil }
        let edge = graph.edges[snap.edge]
        return GroundTag(grade: edge.sacScale, surface: surfaces[edge.way] ?? .unknown)
    }

    /// The ground under each stretch of `segments` (see ``GroundLine``): each stretch takes the
    /// ``tag(at:)`` of its midpoint (the mean of its ends' latitudes and longitudes, within
    /// centimetres of the geodesic midpoint for stretches of a few hundred metres).
    public func survey(segments: [[Coordinate]]) -> GroundLine {
        var tags: [GroundTag?] = []
        tags.reserveCapacity(segments.reduce(0) { $0 + $1.count })
        for segment in segments {
            for k in segment.indices {
                guard k + 1 < segment.count else {
                    tags.append(nil)
                    continue
                }
                let a = segment[k], b = segment[k + 1]
                tags.append(tag(at: Coordinate(latitude: (a.latitude + b.latitude) / 2,
                                               longitude: (a.longitude + b.longitude) / 2)))
            }
        }
        return GroundLine(tags: tags)
    }
}
