import Foundation
import TrailCore

/// A route drawing the hiker has not saved yet: its stops in walking order, whether each leg
/// was made with routing on, loose pins, and where the map was. Kept in the hike store after
/// every change (``HikeStore/saveDraft(_:)``) so that it survives quitting.
///
/// TrailStore knows nothing of routing: the legs themselves are not stored, only how to make
/// them again (the drawing screen re-routes them from the stops when the draft comes back).
public struct DrawingDraft: Hashable, Sendable, Codable {
    /// The stops, start first, destination last.
    public var stops: [Coordinate]
    /// One flag per leg (`legRouting[i]` for the leg from `stops[i]` to `stops[i + 1]`): true
    /// when it follows mapped ways, false when the hiker drew it straight (routing off).
    /// Missing entries mean routed.
    public var legRouting: [Bool]
    /// Pins dropped and left as pins (not part of the route).
    public var pins: [Coordinate]
    /// The routing switch for new legs (`s` in the drawing screen).
    public var routingOn: Bool
    /// The map's centre and slippy-map zoom when the draft was kept, if known.
    public var mapCenter: Coordinate?
    public var mapZoom: Double?
    /// The cursor on the map.
    public var cursor: Coordinate?
    /// The drawn hike being edited (its public id), or nil for a new drawing.
    public var sourceHike: HikeID?
    /// The name to offer when saving (the edited hike's name), or nil.
    public var name: String?
    /// Per stop (parallel to ``stops``; missing entries mean none): the map place the hiker
    /// picked for it in the drawing screen's search, so a resumed draft names the stop as
    /// picked rather than after whatever named feature lies nearest (DECISIONS 502, 504).
    public var stopPlaces: [DraftStopPlace?]
    /// The places chosen for the route (Places over the drawing, `a` at the cursor): saved
    /// with it as its waypoints. Their ``Place/id`` numbers them within the drawing only.
    public var places: [Place]
    /// When it was last kept.
    public var updatedAt: Date
    /// The drawing session that keeps it: a random token made when a drawing starts and taken
    /// over when a kept draft is continued. Each owner has its own row, so two viewers drawing
    /// on one store keep two drafts instead of overwriting each other's (DECISIONS 790).
    public var owner: String

    /// Creates a draft.
    public init(stops: [Coordinate], legRouting: [Bool] = [], pins: [Coordinate] = [], routingOn: Bool = true,
                mapCenter: Coordinate? = nil, mapZoom: Double? = nil, cursor: Coordinate? = nil,
                sourceHike: HikeID? = nil, name: String? = nil, places: [Place] = [], stopPlaces: [DraftStopPlace?] = [],
                updatedAt: Date = Date(timeIntervalSinceReferenceDate: 0), owner: String = "") {
        self.stops = stops
        self.legRouting = legRouting
        self.pins = pins
        self.routingOn = routingOn
        self.mapCenter = mapCenter
        self.mapZoom = mapZoom
        self.cursor = cursor
        self.sourceHike = sourceHike
        self.name = name
        self.places = places
        self.stopPlaces = stopPlaces
        self.updatedAt = updatedAt
        self.owner = owner
    }

    /// A fresh owner token (16 hexadecimal digits from the system's random source).
    public static func newOwner() -> String {
        String(UInt64.random(in: .min ... .max), radix: 16)
    }

    /// True when there is nothing to keep (no stop, no pin, no place).
    public var isEmpty: Bool { stops.isEmpty && pins.isEmpty && places.isEmpty }
}

/// A map place picked for a stop of a drawing (the drawing screen's search), as a draft keeps
/// it: the OpenStreetMap feature (its map store key, `osmID << 2 | type`), its feature class
/// (the map's class name, e.g. "hut"), name, representative coordinate and kept tags.
/// TrailStore keeps these as given; the drawing screen turns them back into the map's place.
public struct DraftStopPlace: Hashable, Sendable, Codable {
    public var feature: Int64
    public var featureClass: String
    public var name: String
    public var coordinate: Coordinate
    public var tags: [String: String]

    public init(feature: Int64, featureClass: String, name: String, coordinate: Coordinate, tags: [String: String] = [:]) {
        self.feature = feature
        self.featureClass = featureClass
        self.name = name
        self.coordinate = coordinate
        self.tags = tags
    }
}
