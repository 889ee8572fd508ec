import Localization
import Foundation
import TermUI
import TrailCore
import TrailMap
import TrailStore

/// Everything about route drawing the app keeps: the drawing screen while it is open, the
/// draft kept in the store, and request numbers that are never reused (so an answer meant for
/// an earlier drawing or an earlier change is recognised and ignored).
public struct DrawState: Sendable {
    /// The unfinished drawing kept in the store, as last loaded or kept (nil: none).
    public var storedDraft: DrawingDraft?
    /// The last plan or search request number handed out.
    public var lastRequest = 0
    /// The owner token this viewer keeps its draft under (``DrawingDraft/owner``): one per
    /// process, taken over from a draft it continues or replaces, so two viewers drawing on one
    /// store keep both drawings.
    public var owner = DrawingDraft.newOwner()

    public init() {}

    /// A new request number.
    public mutating func nextRequest() -> Int {
        lastRequest += 1
        return lastRequest
    }
}

/// The drawing screen: stops as the hiker sees them, the last plan the router sent back,
/// the cursor and map, and what the side panel shows.
///
/// ``stops`` and ``legRouting`` change at once when the hiker acts; ``plan`` is the router's
/// answer to the newest request and may lag behind: a leg of ``stops`` whose two ends are not
/// a leg of ``plan`` yet is drawn as a provisional dashed line ("routing…").
public struct DrawModel: Sendable {
    /// Which part takes the keys.
    public enum Focus: Sendable, Equatable { case map, list }

    /// What the side panel shows.
    public enum Panel: Sendable, Equatable {
        /// Readouts and the stop list.
        case stops
        /// The card asking what to do with a dropped pin.
        case pinCard(PinCard)
        /// Searching named features.
        case search(DrawSearch)
    }

    /// The cursor's step growing while an arrow key is held.
    public var acceleration = CursorAcceleration()
    /// The stops, start first, destination last.
    public var stops: [Coordinate]
    /// The routing flag of each leg (`legRouting[i]` for stop i → i + 1).
    public var legRouting: [Bool]
    /// The router's last answer (its legs are reused where their ends did not change).
    public var plan: RoutePlan
    /// The newest plan request in flight, or nil when ``plan`` is up to date.
    public var planRequest: Int?
    /// True while a stop "between" is being placed: its index is known only when the router
    /// answers, so keys pressed meanwhile wait in ``deferred`` and are replayed after.
    public var insertionPending = false
    /// Input held back while ``insertionPending``.
    public var deferred: [InputEvent] = []
    /// What is at each stop (the nearest named feature, nil: nothing named near); a stop not
    /// in the dictionary has not been looked up yet.
    public var places: [Coordinate: NamedPlace?] = [:]
    /// The places picked by name (the search) for the stops put in at them, by stop: such a
    /// stop is that place (0 m), whatever the nearest named feature is (a stream beside a
    /// hut's building wins that lookup; DECISIONS 502).
    public var chosenPlaces: [Coordinate: NamedPlace] = [:]
    /// Metres within which a stop's named feature counts as the place the pin was set on
    /// (saved with the route as that place): a pin from a search lands on it (0 m), a click on
    /// its symbol within a few map cells (DECISIONS 276).
    public static let pinOnPlaceDistance = 30.0
    /// Whether the router knows elevations (gain and loss are "--" otherwise).
    public var elevationKnown = false
    /// Pins left as pins.
    public var pins: [Coordinate]
    /// The places chosen for the route (`p` Places over the drawing, `a` at the cursor), saved
    /// with it as its waypoints; ``Place/id`` numbers them within the drawing only.
    public var routePlaces: [Place] = []
    /// The places of the drawn hike as it was opened for editing (see ``isUnchangedEdit``).
    public var sourcePlaces: [Place]?
    /// Routing for new legs (`s` toggles): false draws them straight.
    public var routingOn: Bool
    /// The map cursor.
    public var cursor: Coordinate
    /// The map view.
    public var viewport: MapViewport
    /// The view and cursor a new drawing opened with while the map store is asked where it
    /// has data (`findMapArea`); the answer moves the map only when both are still these, so
    /// a zoom, a pan or a cursor move made before it arrives is never undone.
    public var viewAwaitingMapArea: MapViewport?
    public var cursorAwaitingMapArea: Coordinate?
    /// Map data for the view.
    public var basemap: MapBasemap?
    /// True once the map store said it has no data at all (or no route planner could be made):
    /// routing on then still draws straight legs, and the panel says so (issue 34).
    public var mapMissing = false
    /// Whether names are drawn on the map.
    public var showsLabels = true
    /// Whether the terrain's contour lines are drawn on the map.
    public var showsContours = true
    /// Whether the map is hillshaded (`H`, DECISIONS 174).
    public var showsHillshade = false
    /// The route's profile and figures from the terrain, set with each plan (nil without
    /// terrain tiles or before the first plan).
    public var elevation: RouteElevation?
    /// Which part takes the keys.
    public var focus: Focus = .map
    /// The selected stop in the list.
    public var selected = 0
    /// The stop being moved on the map (`m`), if any.
    public var moving: Int?
    /// What the side panel shows.
    public var panel: Panel = .stops
    /// The drawn hike being edited, or nil for a new drawing.
    public var sourceHike: HikeID?
    /// The edited hike's name (offered when saving).
    public var name: String?
    /// The stops and leg routing of the drawn hike as it was opened for editing (nil for a new
    /// drawing or a resumed draft): while the drawing still matches them there is nothing to
    /// keep as a draft (see ``isUnchangedEdit``).
    public var sourceStops: [Coordinate]?
    public var sourceLegRouting: [Bool]?
    /// True between `w` and the store's answer.
    public var saving = false
    /// The name last typed in the save prompt (offered again after a failed save).
    public var lastSaveName: String?

    /// A drawing with `stops` (legs made with `legRouting`), the map at `viewport`, the
    /// cursor at `cursor` (default: the middle of the view).
    public init(stops: [Coordinate] = [], legRouting: [Bool] = [], pins: [Coordinate] = [], routingOn: Bool = true,
                viewport: MapViewport, cursor: Coordinate? = nil) {
        self.stops = stops
        self.legRouting = legRouting
        self.pins = pins
        self.routingOn = routingOn
        self.viewport = viewport
        plan = RoutePlan()
        self.cursor = cursor ?? viewport.center
    }

    /// True while a saved drawing opened for editing has not been changed (same stops, same
    /// leg routing, no pins): no draft is kept for it.
    public var isUnchangedEdit: Bool {
        guard sourceHike != nil, let sourceStops, let sourceLegRouting else { return false }
        return stops == sourceStops && legRouting == sourceLegRouting && pins.isEmpty && routePlaces == (sourcePlaces ?? [])
    }

    /// Adds `place` to ``routePlaces`` numbered after the last one; returns it as added.
    @discardableResult
    public mutating func addRoutePlace(_ place: Place) -> Place {
        var p = place
        p.id = (routePlaces.compactMap(\.id).max() ?? 0) + 1
        routePlaces.append(p)
        return p
    }

    /// The leg of ``plan`` from stop `i` to stop `i + 1`, or nil while it is being routed.
    public func leg(_ i: Int) -> RouteLeg? {
        guard i >= 0, i + 1 < stops.count else { return nil }
        let a = stops[i], b = stops[i + 1]
        return plan.legs.first { $0.from == a && $0.to == b }
    }

    /// Total metres: planned legs by their length, legs still being routed by the straight line.
    public var length: Double {
        guard stops.count > 1 else { return 0 }
        return (0..<stops.count - 1).reduce(0) { $0 + (leg($1)?.length ?? Geodesy.distance(from: stops[$1], to: stops[$1 + 1])) }
    }

    /// Legs drawn straight (routing off, or no way found); legs still being routed not counted.
    public var straightLegCount: Int {
        guard stops.count > 1 else { return 0 }
        return (0..<stops.count - 1).filter { leg($0).map { !$0.isRouted } ?? false }.count
    }

    /// Legs still waiting for the router.
    public var pendingLegCount: Int {
        guard stops.count > 1 else { return 0 }
        return (0..<stops.count - 1).filter { leg($0) == nil }.count
    }

    /// Metres climbed and descended over the planned legs, nil unless elevations are known.
    /// With terrain, the whole route's figures (``RouteElevation``, as `cairn route --dem`
    /// prints them; nil where no tile lies under the route), else the legs' sum.
    public var ascent: Double? { elevation.map(\.gain) ?? (elevationKnown ? plan.ascent : nil) }
    public var descent: Double? { elevation.map(\.loss) ?? (elevationKnown ? plan.descent : nil) }

    /// DIN 33466 walking time in seconds: with the terrain's climb when there is terrain
    /// (``RouteElevation/walkingTime``), else on the flat; and whether it counts climbing.
    public var walkingTime: (seconds: Double, withClimb: Bool) {
        if let e = elevation, e.gain != nil { return (e.walkingTime, true) }
        return (StatisticsCalculator().estimatedWalkingTime(plan.track(name: nil)), false)
    }

    /// The draft to keep in the store for this drawing.
    public var draft: DrawingDraft {
        DrawingDraft(stops: stops, legRouting: legRouting, pins: pins, routingOn: routingOn,
                     mapCenter: viewport.center, mapZoom: viewport.zoom, cursor: cursor, sourceHike: sourceHike,
                     name: name, places: routePlaces,
                     stopPlaces: stops.contains { chosenPlaces[$0] != nil } ? stops.map { chosenPlaces[$0].map(DraftStopPlace.init) } : [])
    }

    /// The routing flags of `newStops` after a change: a leg between the same two stops as
    /// before keeps its flag, every other leg gets ``routingOn`` (as the router re-routes only
    /// the legs whose ends changed).
    public func legRouting(for newStops: [Coordinate]) -> [Bool] {
        var old: [RoutePlanner.Pair: Bool] = [:]
        for (i, pair) in zip(stops, stops.dropFirst()).enumerated() where i < legRouting.count {
            old[RoutePlanner.Pair(pair.0, pair.1)] = legRouting[i]
        }
        return zip(newStops, newStops.dropFirst()).map { old[RoutePlanner.Pair($0, $1)] ?? routingOn }
    }
}

/// What to do with a dropped pin.
public enum PinChoice: Sendable, Equatable, CaseIterable {
    case start, destination, between, pin

    /// The key that picks it on the card.
    public var key: Character {
        switch self {
        case .start: return "s"
        case .destination: return "d"
        case .between: return "b"
        case .pin: return "p"
        }
    }

    /// What the card says.
    public var title: String {
        switch self {
        case .start: return L("make it the start")
        case .destination: return L("make it the destination")
        case .between: return L("a stop between, least detour")
        case .pin: return L("leave it as a pin")
        }
    }

    /// The choices that make sense with `stopCount` stops: a first stop is the start, a
    /// second one the start or the destination, and "between" needs two stops to go between.
    public static func available(stopCount: Int) -> [PinChoice] {
        switch stopCount {
        case 0: return [.start, .pin]
        case 1: return [.start, .destination, .pin]
        default: return [.start, .destination, .between, .pin]
        }
    }
}

/// The card shown after Enter on the map.
public struct PinCard: Sendable, Equatable {
    /// Where the pin is.
    public var pin: Coordinate
    /// The index in ``DrawModel/pins`` when the card is about a pin left earlier.
    public var existingPin: Int?
    /// The choices offered.
    public var choices: [PinChoice]
    /// The highlighted choice.
    public var selected = 0

    public init(pin: Coordinate, existingPin: Int?, choices: [PinChoice]) {
        self.pin = pin
        self.existingPin = existingPin
        self.choices = choices
    }
}

/// The search panel (`/`): the text typed, the last results and the highlighted one.
public struct DrawSearch: Sendable, Equatable {
    /// The text field.
    public var prompt: PromptModel
    /// Matches, nearest to the cursor first.
    public var results: [NamedPlace] = []
    /// The highlighted result.
    public var selected = 0
    /// The search in flight, if any.
    public var request: Int?

    public init() {
        prompt = PromptModel(purpose: .drawing(.search), title: L("Search"))
    }
}

/// Dialogs of the drawing feature (shown through ``Modal/drawing(_:)``).
public enum DrawDialog: Sendable, Equatable {
    /// `n` in the library while a draft is kept: continue it, or discard it and start anew.
    case resumeDraft(DrawingDraft)
    /// `e` on a drawn hike while another drawing is kept: discard that one to edit this hike?
    case replaceDraft(HikeID, name: String, kept: DrawingDraft)
}

/// What a drawing prompt is for (``PromptModel/Purpose/drawing(_:)``).
public enum DrawPrompt: Sendable, Equatable {
    /// The name to save the drawing under, as a new hike.
    case saveName
    /// The name to save an edited drawing under, replacing the drawn hike it was opened from.
    case updateName(HikeID)
    /// The name of a copy of the drawn hike being edited (`W`): stored as a new hike.
    case copyName(HikeID)
    /// The search field of the search panel.
    case search
}

extension DraftStopPlace {
    /// The place picked for a stop, as a draft keeps it.
    public init(_ place: NamedPlace) {
        self.init(feature: place.id.rawValue, featureClass: place.featureClass.rawValue, name: place.name,
                  coordinate: place.coordinate, tags: place.tags)
    }

    /// The map's place again, at 0 m (a stop put in from the search is the place); nil for a
    /// feature key or class this version does not know.
    public var namedPlace: NamedPlace? {
        guard let id = MapFeatureID(rawValue: feature), let c = FeatureClass(rawValue: featureClass) else { return nil }
        return NamedPlace(id: id, featureClass: c, name: name, coordinate: coordinate, tags: tags, distance: 0)
    }
}
