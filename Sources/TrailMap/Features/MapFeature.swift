import Foundation
import TrailCore

/// Which OSM object a feature came from: its type and id.
///
/// Stored as one integer key, `osmID << 2 | type` (node 0, way 1, relation 2), so node 5 and
/// way 5 never collide. Negative ids (JOSM objects not uploaded yet) round-trip too.
public struct MapFeatureID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Node, way or relation.
    public let type: OSMElementType
    /// The OSM id (negative for unsaved JOSM objects).
    public let osmID: Int64

    public init(type: OSMElementType, osmID: Int64) {
        self.type = type
        self.osmID = osmID
    }

    /// Decodes a stored key.
    public init?(rawValue: Int64) {
        guard let t = OSMElementType(rawValue: Int(rawValue & 3)) else { return nil }
        self.type = t
        self.osmID = rawValue >> 2
    }

    /// The stored key: `osmID << 2 | type`.
    public var rawValue: Int64 { osmID << 2 | Int64(type.rawValue) }

    /// "node/123", "way/456", "relation/789" (the openstreetmap.org URL path).
    public var description: String { "\(type)/\(osmID)" }

    public static func < (a: MapFeatureID, b: MapFeatureID) -> Bool { a.rawValue < b.rawValue }
}

/// How a feature's geometry is to be read.
public enum GeometryKind: Int, Sendable, Hashable {
    /// One part with one coordinate (a node).
    case point = 0
    /// One or more open polylines.
    case line = 1
    /// One or more closed rings (first coordinate = last); outer and inner rings of a
    /// multipolygon are all parts, so an even-odd fill draws holes correctly.
    case area = 2
}

/// One drawable, searchable object of the offline map: a path, a peak, a lake…
///
/// Built by ``MapStore`` queries. Coordinates are OSM's 1e-7-degree positions converted to
/// degrees. A way whose nodes were partly missing from the extract is split into the runs
/// that are present (``isComplete`` is false); no coordinate is ever invented.
public struct MapFeature: Sendable, Hashable, Identifiable {
    /// The OSM object it came from.
    public let id: MapFeatureID
    /// Its class (one per feature; see ``FeatureClassifier`` for precedence).
    public let featureClass: FeatureClass
    /// Point, line or area.
    public let kind: GeometryKind
    /// The geometry: one run of coordinates per part (see ``GeometryKind``); the features of
    /// one view query share one buffer (``FeatureParts``, DECISIONS 941).
    public internal(set) var parts: FeatureParts
    /// The tags kept at import (see ``FeatureClassifier/keptKeys``), e.g. `sac_scale`; read
    /// one by one (``MapTags``), decoded only when asked for.
    public let tags: MapTags
    /// The lowest zoom at which it is worth drawing.
    public let minZoom: Int
    /// The bounding box of all parts, in degrees.
    public let bounds: BoundingBox
    /// False when nodes or members were missing from the extract it was imported from.
    public let isComplete: Bool
    /// OSM node ids per part, aligned with `parts` (highway ways only, when the query asked
    /// for them): two ways that share a node id are connected, for a walking router.
    public let nodeIDs: [[Int64]]?

    public init(id: MapFeatureID, featureClass: FeatureClass, kind: GeometryKind, parts: [[Coordinate]],
                tags: MapTags, minZoom: Int, bounds: BoundingBox, isComplete: Bool, nodeIDs: [[Int64]]? = nil) {
        self.init(id: id, featureClass: featureClass, kind: kind, parts: FeatureParts(parts), tags: tags, minZoom: minZoom,
                  bounds: bounds, isComplete: isComplete, nodeIDs: nodeIDs)
    }

    /// A feature whose parts are already in a buffer (a view query's).
    init(id: MapFeatureID, featureClass: FeatureClass, kind: GeometryKind, parts: FeatureParts,
         tags: MapTags, minZoom: Int, bounds: BoundingBox, isComplete: Bool, nodeIDs: [[Int64]]? = nil) {
        self.id = id
        self.featureClass = featureClass
        self.kind = kind
        self.parts = parts
        self.tags = tags
        self.minZoom = minZoom
        self.bounds = bounds
        self.isComplete = isComplete
        self.nodeIDs = nodeIDs
    }

    /// The `name` tag, if any.
    public var name: String? { tags["name"] }

    /// The `ele` tag as metres, when it is a plain number ("2857", "2857.3", "2857 m").
    public var elevation: Double? { Self.elevation(ele: tags["ele"]) }

    /// The `ele` tag of `tags` in metres ("2450", "2450 m"), or nil.
    public static func elevation(tags: [String: String]) -> Double? { elevation(ele: tags["ele"]) }

    /// The `ele` tag of `tags` in metres ("2450", "2450 m"), or nil.
    public static func elevation(of tags: MapTags) -> Double? { elevation(ele: tags["ele"]) }

    /// An `ele` value in metres ("2450", "2450 m"), or nil.
    static func elevation(ele: String?) -> Double? {
        guard let e = ele else { return nil }
        let t = e.trimmingCharacters(in: .whitespaces)
        return Double(t.hasSuffix("m") ? String(t.dropLast()).trimmingCharacters(in: .whitespaces) : t)
    }

    /// A point to label or list the feature at: the node itself, the middle vertex of a line's
    /// longest part, or the centre of an area's bounding box.
    public var representativeCoordinate: Coordinate {
        Self.representative(kind: kind, partCount: parts.count, partLength: { parts[$0].count }, vertex: { parts[$0][$1] },
                            center: { bounds.center })
    }

    /// ``representativeCoordinate`` of a feature of `kind` whose `partCount` parts have
    /// `partLength(p)` vertices, vertex `k` of part `p` being `vertex(p, k)` (a coordinate, or
    /// its projection: the drawing picks among projected points): the node, the middle vertex
    /// of the first longest part, or `center()` (the bounding box's centre).
    public static func representative<T>(kind: GeometryKind, partCount: Int, partLength: (Int) -> Int,
                                         vertex: (Int, Int) -> T, center: () -> T) -> T {
        switch kind {
        case .point:
            return partCount > 0 && partLength(0) > 0 ? vertex(0, 0) : center()
        case .line:
            var longest = -1, length = -1
            for p in 0..<partCount where partLength(p) > length {
                longest = p
                length = partLength(p)
            }
            guard longest >= 0, length > 0 else { return center() }
            return vertex(longest, length / 2)
        case .area:
            return center()
        }
    }
}
