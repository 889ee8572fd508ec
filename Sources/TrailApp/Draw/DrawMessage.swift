import Foundation
import TrailCore
import TrailMap
import TrailStore

/// Results of the drawing feature's effects (``AppMessage/draw(_:)``).
public enum DrawMessage: Sendable {
    /// The draft kept in the store (nil: none), read when the app starts.
    case draftLoaded(DrawingDraft?)
    /// The router's plan for request `request`, with what is at each of its stops and whether
    /// elevations are known. Applied only when `request` is the newest one.
    case planned(request: Int, RoutePlan, places: [NamedPlace?], elevationKnown: Bool, elevation: RouteElevation? = nil)
    /// Named features matching a search.
    case searchResults(request: Int, [NamedPlace])
    /// Where a new drawing opens (nil: no map at all; the drawing stays over the selected hike).
    case mapArea(BoundingBox?)
    /// A drawn hike read back for editing: its id, name, track (one segment per leg) and its
    /// places that are not its stops.
    case drawnHikeLoaded(HikeID, name: String, Track, places: [Place] = [], stopPlaces: [NamedPlace?] = [])
    /// The drawing was stored as a hike (or found already stored) under `name`.
    case saved(name: String, HikeStore.InsertOutcome)
    /// The edited drawing replaced the line of the drawn hike it was opened from (same id,
    /// walks and creation date kept; ``HikeStore/replaceLine(of:with:)``), now called `name`.
    case updated(name: String, HikeID)
    /// Storing it failed (the drawing stays open and kept).
    case saveFailed(String)
    /// Plan request `request` could not be made (no route planner): the legs stay as they were
    /// and a stop waiting to be placed between is dropped.
    case planFailed(request: Int, reason: String)
    /// Search `request` could not be run.
    case searchFailed(request: Int, reason: String)
    /// Reading or keeping the draft, or reading a drawn hike back, failed.
    case draftFailed(DraftOperation, reason: String)
}

/// The draft work a ``DrawMessage/draftFailed(_:reason:)`` is about.
public enum DraftOperation: Sendable, Equatable {
    case load, keep, clear, loadDrawnHike
}

/// Work the drawing feature asks for (``AppEffect/draw(_:)``).
public enum DrawEffect: Equatable, Sendable {
    /// Read the kept draft.
    case loadDraft
    /// Keep the draft (replacing the one kept before).
    case saveDraft(DrawingDraft)
    /// Forget the draft kept by `owner` (``DrawingDraft/owner``).
    case clearDraft(owner: String)
    /// Route: bring `base` to the stops of the request (see ``DrawPlanRequest``).
    case plan(DrawPlanRequest)
    /// Search named features for `text`, nearest to `near` first.
    case search(request: Int, text: String, near: Coordinate)
    /// Find where a new drawing should open: `preferring` (the library's selected hike) when
    /// the map store covers it, else the map store's largest covered area (see
    /// ``DrawModel/openingArea(preferring:coverage:)``); answered by ``DrawMessage/mapArea(_:)``.
    case findMapArea(preferring: BoundingBox?)
    /// Read a drawn hike's track to edit it.
    case loadDrawnHike(HikeID)
    /// Store `plan` as a drawn hike called `name` (its stops as waypoints named `stopNames`,
    /// see ``RoutePlan/drawnHike(name:time:stopNames:calculator:elevate:)``, then `places` as
    /// its places, in the same transaction). `target` says whether it is a new hike, an explicit
    /// copy of the route being edited (stored even when the same line is stored already), or the
    /// edited route itself. With `replacing`, the drawn
    /// hike of that id gets the new line and places instead (``HikeStore/replaceLine(of:with:)``),
    /// answered by ``DrawMessage/updated(name:_:)``.
    case save(name: String, RoutePlan, stopNames: [String?], places: [Place] = [], target: DrawSaveTarget = .newHike)
}

/// One request to the router: the stops as the hiker sees them, the routing flag per leg, the
/// last plan received (whose legs are kept where their ends are unchanged), and optionally a
/// pin to insert where it makes the shortest detour (with `routingOn` for its two new legs).
public struct DrawPlanRequest: Equatable, Sendable {
    /// The request number; the answer carries it back.
    public var request: Int
    /// The last plan the drawing received.
    public var base: RoutePlan
    /// The stops wanted.
    public var stops: [Coordinate]
    /// One flag per leg of `stops`.
    public var legRouting: [Bool]
    /// A pin to put between two stops where it adds the least length, or nil.
    public var insertBetween: Coordinate?
    /// Routing for the pin's new legs.
    public var routingOn: Bool

    public init(request: Int, base: RoutePlan, stops: [Coordinate], legRouting: [Bool], insertBetween: Coordinate? = nil,
                routingOn: Bool = true) {
        self.request = request
        self.base = base
        self.stops = stops
        self.legRouting = legRouting
        self.insertBetween = insertBetween
        self.routingOn = routingOn
    }
}

extension DrawPlanRequest {
    /// The plan that answers this request, made with `planner` (on the planner's thread): the
    /// base plan brought to ``stops`` (``RoutePlanner/replan(_:stops:legRouting:)``), then the
    /// pin inserted where it makes the shortest detour
    /// (``RoutePlanner/insertionWithShortestDetour(of:into:routing:)``), or appended when
    /// there are fewer than two stops to go between.
    public func plan(with planner: RoutePlanner) -> RoutePlan {
        let plan = planner.replan(base, stops: stops, legRouting: legRouting)
        guard let pin = insertBetween else { return plan }
        guard plan.stops.count >= 2 else { return planner.apply(.insert(pin, at: plan.stops.count), to: plan, routing: routingOn) }
        return planner.insertionWithShortestDetour(of: pin, into: plan, routing: routingOn).plan
    }
}

/// Where `w` / `W` store a drawing (``DrawEffect/save(name:_:stopNames:places:target:)``).
public enum DrawSaveTarget: Equatable, Sendable {
    /// A new hike, unless the same line is stored already (then that hike is named).
    case newHike
    /// `W` on a route opened with `e`: a new hike even when its line equals a stored one.
    case copy(of: HikeID)
    /// `w` on a route opened with `e`: that hike gets the new line.
    case replace(HikeID)
}
