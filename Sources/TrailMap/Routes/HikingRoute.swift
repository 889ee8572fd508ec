import Foundation
import TrailCore

/// A waymarked walking route: an OSM `type=route` relation with `route=hiking` or `route=foot`.
public struct HikingRoute: Sendable, Hashable, Identifiable {
    /// One member of the relation, in the relation's order.
    public struct Member: Sendable, Hashable {
        /// Node, way or relation (super-routes list their stages as relation members).
        public let type: OSMElementType
        /// The member's OSM id.
        public let ref: Int64
        /// Its role ("", "forward", "backward", "guidepost", "start"…).
        public let role: String
        /// Whether the member was in the imported extract.
        public let isPresent: Bool

        public init(type: OSMElementType, ref: Int64, role: String, isPresent: Bool) {
            self.type = type
            self.ref = ref
            self.role = role
            self.isPresent = isPresent
        }
    }

    /// The relation's OSM id.
    public let id: Int64
    /// "hiking" or "foot".
    public let route: String
    /// The kept tags: name, ref, from, to, roundtrip, osmc:symbol, colour, network, distance…
    public let tags: [String: String]
    /// Members in order.
    public let members: [Member]
    /// True when every member was in the extract.
    public let isComplete: Bool
    /// Lines of the member ways that were present, in member order (not joined or oriented).
    public let parts: [[Coordinate]]
    /// Bounding box of `parts`, or nil when no member way was present (a super-route).
    public let bounds: BoundingBox?

    public init(id: Int64, route: String, tags: [String: String], members: [Member], isComplete: Bool,
                parts: [[Coordinate]], bounds: BoundingBox?) {
        self.id = id
        self.route = route
        self.tags = tags
        self.members = members
        self.isComplete = isComplete
        self.parts = parts
        self.bounds = bounds
    }

    /// The `name` tag.
    public var name: String? { tags["name"] }
    /// The `ref` tag ("GR 11").
    public var ref: String? { tags["ref"] }
    /// `roundtrip=yes`/`no`, or nil when not tagged.
    public var isRoundTrip: Bool? {
        switch tags["roundtrip"] { case "yes": return true; case "no": return false; default: return nil }
    }
}
