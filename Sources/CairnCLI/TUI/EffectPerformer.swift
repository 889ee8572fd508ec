import Dispatch
import Foundation
import Synchronization
import TrailApp
import TrailCore
import TrailFormats
import TrailMap
import TrailStore

/// Performs the TUI's effects off the update path: hike-store work on one serial queue and
/// map queries on another (each owns its SQLite connection), results sent back as messages.
/// Only the newest basemap request is served; older ones still queued are skipped.
final class EffectPerformer: @unchecked Sendable {
    let storeQueue = DispatchQueue(label: "cairn.hike-store")
    let mapQueue = DispatchQueue(label: "cairn.map-store")
    private let storePath: String
    private let mapPath: String
    let now: () -> Date
    private let latestBasemap = Atomic<Int>(0)
    private let calculator = StatisticsCalculator()
    // Opened lazily, and used only on their queues.
    private var store: HikeStore?
    private var mapStore: MapStore?
    private var mapStoreChecked = false
    // Route drawing (map queue only): the planner and what is at each stop looked up so far.
    var planner: RoutePlanner?
    var placeCache: [Coordinate: NamedPlace?] = [:]
    /// Live following: position source, walk history writes, speech.
    let follow: FollowEffectPerformer

    init(storePath: String, mapPath: String, now: @escaping () -> Date, speech: SpeechOutput) {
        self.storePath = storePath
        self.mapPath = mapPath
        self.now = now
        follow = FollowEffectPerformer(storePath: storePath, speech: speech, now: now)
    }

    func openStore() throws -> HikeStore {
        if let store { return store }
        let s = try HikeStore(path: storePath, now: now)
        store = s
        return s
    }

    /// The map store, or nil when no map has been imported (the map then says so).
    func openMap() throws -> MapStore? {
        if let mapStore { return mapStore }
        if mapStoreChecked { return nil }
        mapStoreChecked = true
        guard FileManager.default.fileExists(atPath: mapPath) else { return nil }
        let m = try MapStore(path: mapPath, readOnly: true)
        mapStore = m
        return m
    }

    func perform(_ effect: AppEffect, send: @escaping @Sendable (AppMessage) -> Void) {
        switch effect {
        case .bell, .suspend:
            break  // done by the runtime, which owns the terminal
        case .draw(let e):
            performDraw(e, send: send)
        case .follow(let e):
            follow.perform(e, send: send)
        case .loadBasemap(let request, let viewport):
            latestBasemap.store(request, ordering: .sequentiallyConsistent)
            mapQueue.async { [self] in
                guard latestBasemap.load(ordering: .sequentiallyConsistent) == request else { return }
                do {
                    let basemap: MapBasemap
                    if let map = try openMap() {
                        basemap = try MapBasemap.load(from: map, viewport: viewport)
                    } else {
                        basemap = MapBasemap(features: [], coverageAreas: [], bounds: viewport.bounds,
                                             zoom: MapBasemap.queryZoom(viewport.zoom))
                    }
                    send(.basemapLoaded(request: request, basemap))
                } catch {
                    send(.failed("map: \(error)"))
                }
            }
        default:
            storeQueue.async { [self] in
                do {
                    try performStoreEffect(effect, send: send)
                } catch {
                    send(.failed("\(error)"))
                }
            }
        }
    }

    private func performStoreEffect(_ effect: AppEffect, send: @escaping @Sendable (AppMessage) -> Void) throws {
        switch effect {
        case .loadHikes(let sort):
            // The library lists the newest, longest, biggest first; names A to Z.
            send(.hikesLoaded(try openStore().summaries(sortedBy: sort, reversed: sort != .name)))
        case .loadHike(let id, let forPreview):
            let store = try openStore()
            let summary = try store.summary(id)
            let tracks = try store.tracks(of: id)
            let prepared = PreparedHike(name: summary.name, kind: summary.kind.rawValue, tracks: tracks,
                                        statistics: summary.statistics)
            send(.hikeLoaded(id, prepared, forPreview: forPreview))
        case .readImportFile(let path):
            let full = (path as NSString).expandingTildeInPath
            let result = try GPXReader.read(url: URL(fileURLWithPath: full))
            let plan = HikeImportPlan(document: result.document, fileName: (full as NSString).lastPathComponent)
            send(.importPlanLoaded(path: full, plan))
        case .importFile(let path, let numbers):
            let result = try GPXReader.read(url: URL(fileURLWithPath: path))
            let plan = HikeImportPlan(document: result.document, fileName: (path as NSString).lastPathComponent)
            let hikes = try plan.hikes(selecting: numbers) { calculator.statistics(for: $0) }
            let outcomes = try openStore().insert(hikes, allowDuplicates: false)
            var added = 0, duplicates = 0
            for o in outcomes {
                if case .inserted = o { added += 1 } else { duplicates += 1 }
            }
            var text = "Imported \(added) hike\(added == 1 ? "" : "s") from \(plan.fileName)"
            if duplicates > 0 { text += "; \(duplicates) already stored, skipped" }
            send(.storeChanged(summary: text, failed: false))
        case .renameHike(let id, let name):
            try openStore().rename(id, to: name)
            send(.storeChanged(summary: "Renamed \(id)", failed: false))
        case .deleteHike(let id):
            try openStore().delete([id])
            send(.storeChanged(summary: "Deleted \(id)", failed: false))
        case .bell, .suspend, .loadBasemap, .draw, .follow:
            break
        }
    }
}
