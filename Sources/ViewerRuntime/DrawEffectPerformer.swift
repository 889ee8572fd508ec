import Dispatch
import Foundation
import HikeServices
import Localization
import TrailApp
import TrailCore
import TrailMap
import TrailStore
import TrailTerrain

/// The drawing screen's effects: routing, searching and looking up places on the map queue
/// (with one ``RoutePlanner`` made there and kept in the ``MapConnection``), drafts and saving
/// on the hike-store queue. Answers and failures go back as ``AppMessage/draw(_:)``.
final class DrawEffectPerformer: Sendable {
    private let connections: StoreConnections

    init(_ connections: StoreConnections) { self.connections = connections }

    func perform(_ effect: DrawEffect, send: @escaping EffectPerformer.Send) {
        switch effect {
        case .plan(let request):
            connections.map.async { c in
                guard let planner = c.routePlanner() else {
                    send(.draw(.planFailed(request: request.request, reason: L("no route planner could be made"))))
                    return
                }
                var plan = request.plan(with: planner)
                // With terrain: each leg's ascent and descent from the densified terrain line
                // (the same figures `cairn route --dem` prints, DECISIONS 118).
                var elevation: RouteElevation?
                if let terrain = c.terrain(), !terrain.tileIDs.isEmpty {
                    let t = TerrainElevation(store: terrain)
                    _ = DemElevation.apply(&plan, t)
                    // The whole route's gain, loss, time and profile, as `cairn route --dem --json`.
                    elevation = TerrainForScreens.route(plan, terrain: t)
                }
                let places = plan.stops.map { Self.place(at: $0, planner, &c.namedPlaces) }
                send(.draw(.planned(request: request.request, plan, places: places,
                                    elevationKnown: planner.elevation != nil, elevation: elevation)))
            }
        case .search(let request, let text, let near):
            connections.map.async { c in
                do {
                    let results = try c.store().map { try $0.search(name: text, near: near, limit: 20) } ?? []
                    send(.draw(.searchResults(request: request, results)))
                } catch {
                    send(.draw(.searchFailed(request: request, reason: "\(error)")))
                }
            }
        case .findMapArea(let preferred):
            connections.map.async { c in
                let areas = (try? c.store()?.coverageAreas()) ?? []
                send(.draw(.mapArea(DrawModel.openingArea(preferring: preferred, coverage: areas))))
            }
        case .loadDraft:
            onStore(.load, send) { store in send(.draw(.draftLoaded(try store.loadDraft()))) }
        case .saveDraft(let draft):
            onStore(.keep, send) { store in try store.saveDraft(draft) }
        case .clearDraft(let owner):
            onStore(.clear, send) { store in try store.clearDraft(owner: owner) }
        case .loadDrawnHike(let id):
            let map = connections.map
            onStore(.loadDrawnHike, send) { store in
                let summary = try store.summary(id)
                let tracks = try store.tracks(of: id)
                // Drawn hikes have one track; any others are joined so no leg is lost.
                var track = tracks.first ?? Track(segments: [])
                track.segments = tracks.flatMap(\.segments)
                // Its places come back into the drawing (not its stops: the legs make those again).
                let places = try store.places(of: id, exceptType: "stop").map { p -> Place in var q = p; q.id = nil; return q }
                // The stops' saved names, to find their places again on the map's queue.
                let stops = RoutePlan.stops(of: track)
                let names = Self.savedStopNames(stops, try store.waypoints(of: id))
                let loaded = track
                map.async { c in
                    let stopPlaces = (try? c.store().map { m in
                        zip(stops, names).map { stop, name in name.flatMap { Self.place(named: $0, near: stop, m) } }
                    }) ?? nil
                    send(.draw(.drawnHikeLoaded(id, name: summary.name, loaded, places: places, stopPlaces: stopPlaces ?? [])))
                }
            }
        case .save(let name, let plan, let stopNames, let places, let target):
            connections.store.async { c in
                do {
                    let store = try c.store()
                    let tiles = c.terrain()
                    let hike = plan.drawnHike(name: name, time: c.now(), stopNames: stopNames,
                                              elevate: DemElevation.elevate(tiles.map { TerrainElevation(store: $0) }))
                    // The route and its places in one transaction: both stored, or neither.
                    if case .replace(let id) = target {
                        try store.connection.transaction {
                            try store.replaceLine(of: id, with: hike)
                            for p in places { try store.addPlace(PlaceHeights.filled(p, tiles), to: id) }
                        }
                        return send(.draw(.updated(name: name, id)))
                    }
                    // A route already stored (the same line) keeps the places it has, unless the
                    // hiker asked for a copy (`W`).
                    let copy: Bool
                    if case .copy = target { copy = true } else { copy = false }
                    let outcome = try store.connection.transaction { () -> HikeStore.InsertOutcome in
                        let outcome = try store.insert(hike, allowDuplicate: copy)
                        if case .inserted(let id) = outcome {
                            for p in places { try store.addPlace(PlaceHeights.filled(p, tiles), to: id) }
                        }
                        return outcome
                    }
                    send(.draw(.saved(name: name, outcome)))
                } catch {
                    send(.draw(.saveFailed("\(error)")))
                }
            }
        }
    }

    /// Runs draft work on the store queue; a failure comes back as ``DrawMessage/draftFailed(_:reason:)``.
    private func onStore(_ operation: DraftOperation, _ send: @escaping EffectPerformer.Send,
                         _ work: @escaping @Sendable (HikeStore) throws -> Void) {
        connections.store.async { c in
            do {
                try work(try c.store())
            } catch {
                send(.draw(.draftFailed(operation, reason: "\(error)")))
            }
        }
    }

    /// The name each stop was saved with: the "stop" waypoint within 5 m of it, unless it is the
    /// "Stop N" a stop without a place gets.
    static func savedStopNames(_ stops: [Coordinate], _ waypoints: [Waypoint]) -> [String?] {
        let saved = waypoints.filter { $0.type == "stop" }
        return stops.enumerated().map { i, stop in
            let near = saved.min { Geodesy.distance(from: stop, to: $0.coordinate) < Geodesy.distance(from: stop, to: $1.coordinate) }
            guard let w = near, Geodesy.distance(from: stop, to: w.coordinate) <= 5, let name = w.name,
                  name != "Stop \(i + 1)", name != L("Stop %d", i + 1) else { return nil }
            return name
        }
    }

    /// The map feature a stop was saved with: the nearest one named exactly `name` within 300 m
    /// (the nearest-feature lookup and the search both give its representative point, which
    /// can lie that far from a long feature's stop), as the stop's place (distance 0).
    static func place(named name: String, near stop: Coordinate, _ map: MapStore) -> NamedPlace? {
        guard let found = try? map.search(name: name, near: stop, limit: 50) else { return nil }
        return found.filter { $0.name == name && ($0.distance ?? .infinity) <= 300 }
            .min { ($0.distance ?? 0) < ($1.distance ?? 0) }?.at(distance: 0)
    }

    /// What is at `stop` (cached per coordinate; nil when nothing named is near or the map
    /// cannot be read).
    private static func place(at stop: Coordinate, _ planner: RoutePlanner,
                              _ cache: inout [Coordinate: NamedPlace?]) -> NamedPlace? {
        if let cached = cache[stop] { return cached }
        let found = (try? planner.nearestPlace(to: stop)) ?? nil
        cache[stop] = .some(found)
        return found
    }
}
