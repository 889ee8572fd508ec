import Dispatch
import Foundation
import TrailApp
import TrailCore
import TrailMap
import TrailStore
import TrailTerrain

/// The drawing screen's effects: routing, searching and looking up places on the map queue
/// (with one ``RoutePlanner`` made there and used only there), drafts and saving on the
/// hike-store queue. Answers and failures go back as ``AppMessage/draw(_:)``.
final class DrawEffectPerformer: @unchecked Sendable {
    private let connections: StoreConnections
    // Map queue only: the planner and what is at each stop looked up so far.
    private var planner: RoutePlanner?
    private var placeCache: [Coordinate: NamedPlace?] = [:]

    init(_ connections: StoreConnections) { self.connections = connections }

    func perform(_ effect: DrawEffect, send: @escaping EffectPerformer.Send) {
        switch effect {
        case .plan(let request):
            connections.mapQueue.async { [self] in
                guard let planner = routePlanner() else {
                    send(.draw(.planFailed(request: request.request, reason: "no route planner could be made")))
                    return
                }
                var plan = request.plan(with: planner)
                // With terrain: each leg's ascent and descent from the densified terrain line
                // (the same figures `cairn route --dem` prints, DECISIONS 118).
                var elevation: RouteElevation?
                if let terrain = connections.terrainOnMapQueue(), !terrain.tileIDs.isEmpty {
                    let t = TerrainElevation(store: terrain)
                    _ = DemElevation.apply(&plan, t)
                    // The whole route's gain, loss, time and profile, as `cairn route --dem --json`.
                    elevation = TerrainForScreens.route(plan, terrain: t)
                }
                let places = plan.stops.map { place(at: $0, planner) }
                send(.draw(.planned(request: request.request, plan, places: places,
                                    elevationKnown: planner.elevation != nil, elevation: elevation)))
            }
        case .search(let request, let text, let near):
            connections.mapQueue.async { [self] in
                do {
                    let results = try connections.openMap().map { try $0.search(name: text, near: near, limit: 20) } ?? []
                    send(.draw(.searchResults(request: request, results)))
                } catch {
                    send(.draw(.searchFailed(request: request, reason: "\(error)")))
                }
            }
        case .findMapArea(let preferred):
            connections.mapQueue.async { [self] in
                let areas = (try? connections.openMap()?.coverageAreas()) ?? []
                send(.draw(.mapArea(DrawModel.openingArea(preferring: preferred, coverage: areas))))
            }
        case .loadDraft:
            onStore(.load, send) { store in send(.draw(.draftLoaded(try store.loadDraft()))) }
        case .saveDraft(let draft):
            onStore(.keep, send) { store in try store.saveDraft(draft) }
        case .clearDraft:
            onStore(.clear, send) { store in try store.clearDraft() }
        case .loadDrawnHike(let id):
            onStore(.loadDrawnHike, send) { store in
                let summary = try store.summary(id)
                let tracks = try store.tracks(of: id)
                // Drawn hikes have one track; any others are joined so no leg is lost.
                var track = tracks.first ?? Track(segments: [])
                track.segments = tracks.flatMap(\.segments)
                // Its places come back into the drawing (not its stops: the legs make those again).
                let places = try store.places(of: id, exceptType: "stop").map { p -> Place in var q = p; q.id = nil; return q }
                send(.draw(.drawnHikeLoaded(id, name: summary.name, track, places: places)))
            }
        case .save(let name, let plan, let stopNames, let places):
            connections.storeQueue.async { [self] in
                do {
                    let store = try connections.openStore()
                    let tiles = connections.terrainOnStoreQueue()
                    let terrain = tiles.map { TerrainElevation(store: $0) }
                    // The route and its places in one transaction: both stored, or neither. A
                    // route already stored (the same line) keeps the places it has.
                    let outcome = try store.connection.transaction { () -> HikeStore.InsertOutcome in
                        let outcome = try store.insert(plan.drawnHike(name: name, time: connections.now(), stopNames: stopNames,
                                                                      elevate: DemElevation.elevate(terrain)))
                        if case .inserted(let id) = outcome {
                            for p in places { try store.addPlace(PlaceHeights.filled(p, tiles), to: id) }
                        }
                        return outcome
                    }
                    try? store.clearDraft()  // saved either way; a draft left behind is only offered again
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
        connections.storeQueue.async { [self] in
            do {
                try work(try connections.openStore())
            } catch {
                send(.draw(.draftFailed(operation, reason: "\(error)")))
            }
        }
    }

    /// The planner, made on the map queue the first time it is needed. Without a map store
    /// (none imported, or unreadable) it plans over an empty in-memory map, so every leg is a
    /// straight line and drawing still works.
    private func routePlanner() -> RoutePlanner? {
        if let planner { return planner }
        guard let store = ((try? connections.openMap()) ?? nil) ?? (try? MapStore(path: ":memory:")) else { return nil }
        // The terrain (when tiles exist) weighs climbing in the leg costs (DECISIONS 121).
        let p = RoutePlanner(store: store, elevation: connections.terrainOnMapQueue().map { TerrainLookup(store: $0) })
        planner = p
        return p
    }

    /// What is at `stop` (cached per coordinate; nil when nothing named is near or the map
    /// cannot be read).
    private func place(at stop: Coordinate, _ planner: RoutePlanner) -> NamedPlace? {
        if let cached = placeCache[stop] { return cached }
        let found = (try? planner.nearestPlace(to: stop)) ?? nil
        placeCache[stop] = .some(found)
        return found
    }
}
