import Dispatch
import Foundation
import TrailApp
import TrailCore
import TrailMap
import TrailStore

/// The drawing screen's effects: routing, searching and looking up places on the map queue
/// (with one ``RoutePlanner`` made there and used only there), drafts and saving on the
/// hike-store queue. Answers go back as ``AppMessage/draw(_:)``.
extension EffectPerformer {
    func performDraw(_ effect: DrawEffect, send: @escaping @Sendable (AppMessage) -> Void) {
        switch effect {
        case .plan(let request):
            mapQueue.async { [self] in
                guard let planner = routePlanner() else {
                    send(.failed("drawing: cannot make a route planner"))
                    return
                }
                let plan = request.plan(with: planner)
                let places = plan.stops.map { place(at: $0, planner) }
                send(.draw(.planned(request: request.request, plan, places: places,
                                    elevationKnown: planner.elevation != nil)))
            }
        case .search(let request, let text, let near):
            mapQueue.async { [self] in
                do {
                    let results = try openMap().map { try $0.search(name: text, near: near, limit: 20) } ?? []
                    send(.draw(.searchResults(request: request, results)))
                } catch {
                    send(.draw(.searchResults(request: request, [])))
                    send(.failed("search: \(error)"))
                }
            }
        case .findMapArea(let preferred):
            mapQueue.async { [self] in
                let areas = (try? openMap()?.coverageAreas()) ?? []
                send(.draw(.mapArea(DrawModel.openingArea(preferring: preferred, coverage: areas))))
            }
        default:
            storeQueue.async { [self] in
                do {
                    try performDraftEffect(effect, send: send)
                } catch {
                    send(.failed("drawing: \(error)"))
                }
            }
        }
    }

    private func performDraftEffect(_ effect: DrawEffect, send: @escaping @Sendable (AppMessage) -> Void) throws {
        switch effect {
        case .loadDraft:
            send(.draw(.draftLoaded(try openStore().loadDraft())))
        case .saveDraft(let draft):
            try openStore().saveDraft(draft)
        case .clearDraft:
            try openStore().clearDraft()
        case .loadDrawnHike(let id):
            let store = try openStore()
            let summary = try store.summary(id)
            let tracks = try store.tracks(of: id)
            // Drawn hikes have one track; any others are joined so no leg is lost.
            var track = tracks.first ?? Track(segments: [])
            track.segments = tracks.flatMap(\.segments)
            send(.draw(.drawnHikeLoaded(id, name: summary.name, track)))
        case .save(let name, let plan, let stopNames):
            do {
                let store = try openStore()
                let outcome = try store.insert(plan.drawnHike(name: name, time: now(), stopNames: stopNames))
                try? store.clearDraft()  // saved either way; a draft left behind is only offered again
                send(.draw(.saved(name: name, outcome)))
            } catch {
                send(.draw(.saveFailed("\(error)")))
            }
        case .plan, .search, .findMapArea:
            break
        }
    }

    /// The planner, made on the map queue the first time it is needed. Without a map store
    /// (none imported, or unreadable) it plans over an empty in-memory map, so every leg is a
    /// straight line and drawing still works.
    private func routePlanner() -> RoutePlanner? {
        if let planner { return planner }
        guard let store = ((try? openMap()) ?? nil) ?? (try? MapStore(path: ":memory:")) else { return nil }
        let p = RoutePlanner(store: store)
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
