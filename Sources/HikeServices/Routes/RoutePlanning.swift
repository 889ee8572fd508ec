import Foundation
import Localization
import TrailCore
import TrailFormats
import TrailMap
import TrailStore
import TrailTerrain

/// A walk planned between stops without a viewer (`cairn route`): routed along the walkable ways
/// of the map store when there is one (straight legs, marked why, when there is none or routing
/// is off), with the terrain's climb per leg and for the whole route when tiles are given
/// (``DemElevation/apply(_:_:)``, as the drawing screen gives it), and the nearest named place
/// within 500 m of each stop.
public struct PlannedRoute {
    public var plan: RoutePlan
    /// The whole route's and each leg's terrain figures; nil without terrain.
    public var elevation: (route: TerrainStatistics, legs: [TerrainStatistics])?
    /// The nearest named place within 500 m of each stop (nil: nothing named, or no map).
    public var places: [NamedPlace?]
    /// The terrain the route was planned with (its heights go into the written and saved line).
    public let terrain: TerrainElevation?

    /// Plans a route through `stops`.
    /// - Parameters:
    ///   - routing: false for straight legs (``RouteLeg/StraightReason/routingOff``).
    ///   - mapPath: the map store; none there, or one that cannot be opened, gives straight legs
    ///     (``RouteLeg/StraightReason/mapUnavailable``) and no place names.
    ///   - note: told why the legs are straight when a map was wanted and is missing or unreadable.
    public init(stops: [Coordinate], options: RouteOptions, routing: Bool, mapPath: String, terrain: TerrainElevation?,
                note: (String) -> Void) {
        var planner: RoutePlanner?
        if FileManager.default.fileExists(atPath: mapPath) {
            do {
                planner = RoutePlanner(store: try MapStore(path: mapPath, readOnly: true), options: options,
                                       elevation: terrain.map { TerrainLookup(store: $0.store) })
            } catch {
                note(L("cannot open the map store: %s; legs are straight", TerminalText.clean("\(error)")))
            }
        } else if routing {
            note(L("no map store at %s; legs are straight (import an extract with `cairn map import FILE.osm`)", TerminalText.clean(mapPath)))
        }
        var plan: RoutePlan
        if let planner {
            plan = planner.plan(stops: stops, routing: routing)
        } else {
            let legs = zip(stops, stops.dropFirst()).map { a, b in
                RouteLeg.straight(from: a, to: b, reason: routing ? .mapUnavailable : .routingOff, routingRequested: routing)
            }
            plan = RoutePlan(stops: stops, legs: legs, options: options)
        }
        self.terrain = terrain
        elevation = terrain.map { DemElevation.apply(&plan, $0) }
        self.plan = plan
        places = stops.map { stop in (try? planner?.nearestPlace(to: stop, maxDistance: 500)) ?? nil }
    }

    /// The stops' place names, as the stop waypoints and a saved drawing keep them.
    public var stopNames: [String?] { places.map { $0?.name } }

    /// The route as a GPX document: one track called `name` (one segment per leg; with terrain,
    /// densified with the terrain's heights, the line a saved drawing keeps) and the stops as
    /// waypoints; the metadata dated `time`.
    public func document(name: String, time: Date) -> GPXDocument {
        let track = plan.track(name: name)
        let line = DemElevation.elevate(terrain)?(track) ?? track
        return GPXDocument(creator: "Cairn", metadata: GPXMetadata(name: name, time: time),
                           waypoints: plan.stopWaypoints(names: stopNames), tracks: [line])
    }

    /// Stores the route as a drawn hike called `name`, created at `time`, unless the same
    /// points are already stored (``HikeStore/InsertOutcome/duplicate(of:)``).
    /// - Throws: the store's errors.
    public func save(name: String, time: Date, into store: HikeStore) throws -> HikeStore.InsertOutcome {
        try store.insert(plan.drawnHike(name: name, time: time, stopNames: stopNames, elevate: DemElevation.elevate(terrain)))
    }
}
