import Foundation
import TrailCore

/// The three kinds of OpenStreetMap objects. Raw values are used in stored keys (see
/// ``MapFeatureID``) and must not change.
public enum OSMElementType: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case node = 0
    case way = 1
    case relation = 2

    /// "node", "way" or "relation", as in OSM XML.
    public var description: String {
        switch self {
        case .node: return "node"
        case .way: return "way"
        case .relation: return "relation"
        }
    }

}

/// One `key=value` tag of an OSM object, as read.
struct OSMTag: Hashable, Sendable {
    var key: String
    var value: String
}

/// What an OSM object carries besides its content: id, version and the JOSM/history flags.
struct OSMObjectInfo: Sendable {
    /// The OSM id; negative for objects created in JOSM and not uploaded yet.
    var id: Int64 = 0
    /// `version`, or nil when the file omits it (e.g. `add_metadata=false` extracts).
    var version: Int32?
    /// `action="delete"` (JOSM) or `visible="false"` (history files).
    var deleted = false
}

/// A node: a point with a fixed-point position (1e-7 degrees, as OSM stores it).
struct OSMNode: Sendable {
    var info = OSMObjectInfo()
    /// Latitude in 1e-7 degrees; meaningful only when `hasPosition`.
    var latE7: Int32 = 0
    /// Longitude in 1e-7 degrees; meaningful only when `hasPosition`.
    var lonE7: Int32 = 0
    /// False when the node has no (valid) `lat`/`lon` attributes.
    var hasPosition = false
    var tags: [OSMTag] = []
}

/// A way: an ordered list of node ids, with their locations when the reader indexed them.
struct OSMWay: Sendable {
    var info = OSMObjectInfo()
    var nodeRefs: [Int64] = []
    /// Per node reference: (latE7, lonE7) from the location index, nil when not (yet) read.
    var positions: [(Int32, Int32)?] = []
    var tags: [OSMTag] = []
}

/// One member of a relation, in document order.
public struct OSMMember: Hashable, Sendable {
    /// Node, way or relation.
    public var type: OSMElementType
    /// The member's OSM id.
    public var ref: Int64
    /// The member's role ("outer", "inner", "forward", "" …).
    public var role: String

    public init(type: OSMElementType, ref: Int64, role: String) {
        self.type = type
        self.ref = ref
        self.role = role
    }
}

/// A relation: members and tags.
struct OSMRelation: Sendable {
    var info = OSMObjectInfo()
    var members: [OSMMember] = []
    var tags: [OSMTag] = []
}

extension Array where Element == OSMTag {
    /// The value of the first tag with `key`, or nil.
    func value(_ key: String) -> String? {
        for t in self where t.key == key { return t.value }
        return nil
    }
}

extension Array {
    /// A copy of `other` in storage of its own, sized for its elements (a copy that shares
    /// storage keeps the capacity of the array it came from).
    init(exactly other: [Element]) {
        self = []
        reserveCapacity(other.count)
        append(contentsOf: other)
    }
}
