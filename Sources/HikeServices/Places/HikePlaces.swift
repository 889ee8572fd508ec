import TrailCore
import TrailMap
import TrailStore
import TrailTerrain

/// A place listed along a hike (`cairn places`): the place, and where it lies from the hike's line.
public struct ListedPlace: Sendable {
    public var place: Place
    /// Metres along and off the hike's line (nil for a hike without points).
    public var along: Double?
    public var off: Double?

    public init(place: Place, along: Double?, off: Double?) {
        self.place = place
        self.along = along
        self.off = off
    }

    /// The viewer's order (``TrailProximity/walkingOrder(_:_:)``: along, then off, then name,
    /// then OSM id), places without a position along the line last.
    public static func walkingOrder(_ a: ListedPlace, _ b: ListedPlace) -> Bool {
        TrailProximity.walkingOrder(a.alongTrail, b.alongTrail)
    }

    private var alongTrail: PlaceAlongTrail {
        PlaceAlongTrail(place: place, distanceAlong: along ?? .infinity, distanceOff: off ?? .infinity, pointIndex: 0)
    }

    /// "#12" for a stored place, the OSM id for a map place.
    public var label: String { place.id.map { "#\($0)" } ?? place.osmID ?? "" }
}

/// The places of a stored hike and of the map near its line, in walking order.
public enum HikePlaces {
    /// The hike's line: every track's segments in order, as the hike screen flattens them.
    public static func trail(of hike: Hike) -> TrailProximity {
        TrailProximity(track: Track(segments: hike.tracks.flatMap(\.segments)))
    }

    /// The hike's own places (`own`, wherever they are) and, with `map`, the map's places up to
    /// `within` metres off `trail` that are not added to the hike already (their heights filled
    /// from `terrain` where untagged, ``PlaceHeights``), only of `kinds` when given; in
    /// walking order (``ListedPlace/walkingOrder(_:_:)``).
    /// - Throws: the map store's errors.
    public static func listed(own: [Place], trail: TrailProximity, map: MapStore?, within: Double, kinds: Set<PlaceKind>?,
                              terrain: TerrainStore?) throws -> [ListedPlace] {
        var rows = own.compactMap { p -> ListedPlace? in
            guard kinds?.contains(p.kind) ?? true else { return nil }
            let n = trail.nearest(to: p.coordinate)
            return ListedPlace(place: p, along: n?.along, off: n?.off)
        }
        if let map {
            let addedOSM = Set(own.compactMap(\.osmID))
            for p in try map.places(along: trail, within: within, kinds: kinds) where !addedOSM.contains(p.place.osmID ?? "") {
                rows.append(ListedPlace(place: PlaceHeights.filled(p.place, terrain), along: p.distanceAlong, off: p.distanceOff))
            }
        }
        return rows.sorted(by: ListedPlace.walkingOrder)
    }
}
