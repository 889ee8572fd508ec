import Foundation
import TrailCore
import TrailStore

/// The Places screen: what the map store has along the open hike (or in the area the map
/// shows), the kind filter chips, the radius, the selection, and the hike it goes back to.
public struct PlacesModel: Sendable {
    /// The radii `+`/`-` step through, metres.
    public static let radii: [Double] = [250, 500, 1000, 2000, 5000, 10_000]

    /// The hike screen underneath (the list is about its hike; Esc goes back to it).
    public var hike: HikeModel
    /// Search near the hike's line (nil), or everything in this box ("search this area").
    public var area: BoundingBox?
    /// Metres off the line searched.
    public var within: Double
    /// The kinds shown (chips toggled on).
    public var kinds: Set<PlaceKind> = Set(PlaceKind.searchable)
    /// The chip under the chip cursor (index into ``PlaceKind/searchable``).
    public var chip = 0
    /// The map's places found, in walking order (nil while the first search runs).
    public var found: [PlaceAlongTrail]?
    /// The selected row of ``rows``.
    public var selected = 0
    /// The number of the search whose answer is awaited.
    public var pendingSearch: Int?
    /// Searches asked for so far (numbers answers; an older answer is dropped).
    public var searches = 0
    /// The drawing Places is over (nil: a stored hike): its places change in the drawing, and
    /// Esc goes back to the drawing screen.
    public var drawing: DrawModel?

    public init(hike: HikeModel, within: Double, area: BoundingBox? = nil) {
        self.hike = hike
        self.within = within
        self.area = area
    }

    /// The hike's own places with their distances along and off.
    public var added: [PlaceAlongTrail] { hike.screen.hike.places }

    /// What the list shows: the hike's places and the map's not yet added, of the kinds on,
    /// in walking order.
    public var rows: [PlaceAlongTrail] {
        let addedOSM = Set(added.compactMap(\.place.osmID))
        let map = (found ?? []).filter { !addedOSM.contains($0.place.osmID ?? "") }
        return (added + map).filter { kinds.contains($0.place.kind) || ($0.place.kind == .other && $0.place.id != nil) }
            .sorted(by: TrailProximity.walkingOrder)
    }

    /// The selected row, if any.
    public var selectedRow: PlaceAlongTrail? {
        let r = rows
        return r.isEmpty ? nil : r[min(max(0, selected), r.count - 1)]
    }
}

/// Work the Places screen asks for.
public enum PlacesEffect: Equatable, Sendable {
    /// Search the map store: near the line of these points (distances along: the profile's;
    /// segment starts) within a radius, or in a box.
    case search(request: Int, coordinates: [Coordinate], distances: [Double], segmentStarts: [Int],
                within: Double, area: BoundingBox?)
    /// Store a place on the hike.
    case add(HikeID, Place)
    /// Store a changed place (name, kind, note).
    case update(HikeID, Place)
    /// Remove a stored place.
    case remove(HikeID, placeID: Int64)
}

/// Answers for the Places screen.
public enum PlacesMessage: Sendable {
    /// The places found by search `request` (walking order; off the line for an area search).
    case found(request: Int, [PlaceAlongTrail])
    /// The hike's places after a change (all of them, as stored).
    case stored(HikeID, [Place], status: String)
    /// A search or a store change failed.
    case failed(String)
}
