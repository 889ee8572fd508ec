import Foundation
import TrailApp
import TrailCore
import TrailFormats
import TrailStore
import TrailTerrain

/// The library's store work on the hike-store queue: the list, one hike, reading and
/// importing a GPX file, renaming, deleting. Results and failures go back as the library's
/// messages.
final class LibraryEffectPerformer: @unchecked Sendable {
    private let connections: StoreConnections
    private let calculator = StatisticsCalculator()
    /// The list's terrain figures by hike and stored statistics (store queue only).
    private var figures: [HikeSummary: TerrainStatistics?] = [:]

    init(_ connections: StoreConnections) { self.connections = connections }

    func perform(_ effect: LibraryEffect, send: @escaping EffectPerformer.Send) {
        connections.storeQueue.async { [self] in
            do {
                send(try run(effect))
            } catch {
                send(.library(.failed(failure(effect, "\(error)"))))
            }
        }
    }

    private func run(_ effect: LibraryEffect) throws -> AppMessage {
        switch effect {
        case .loadHikes(let sort):
            // The library lists the newest, longest, biggest first; names A to Z. Gains from
            // the terrain where a hike lacks elevations, as the hike screen gives them.
            let store = try connections.openStore()
            let terrain = connections.terrainOnStoreQueue().map { TerrainElevation(store: $0) }
            return .hikesLoaded(try HikeElevationFigures.summaries(try store.summaries(sortedBy: sort), store: store,
                                                                   terrain: terrain, sort: sort, cache: &figures))
        case .loadHike(let id, let forPreview):
            let store = try connections.openStore()
            let terrain = connections.terrainOnStoreQueue()
            if forPreview {
                // Only what the preview draws (HikeLoads): the list's figures, kept from its load.
                let summary = try store.summary(id)
                let prepared = try HikeLoads.preview(store, id, terrain: terrain, figures: figures[summary])
                return .hikeLoaded(id, prepared, forPreview: true)
            }
            let map = connections
            let prepared = try HikeLoads.full(store, id, terrain: terrain, map: { try map.mapQueue.sync { try map.openMap() } },
                                              now: map.now())
            return .hikeLoaded(id, prepared, forPreview: false)
        case .readImportFile(let path):
            let full = (path as NSString).expandingTildeInPath
            let result = try TrackFileReader.read(url: URL(fileURLWithPath: full))
            let plan = HikeImportPlan(document: result.document, fileName: (full as NSString).lastPathComponent)
            return .importPlanLoaded(path: full, plan)
        case .importFile(let path, let numbers):
            let result = try TrackFileReader.read(url: URL(fileURLWithPath: path))
            let plan = HikeImportPlan(document: result.document, fileName: (path as NSString).lastPathComponent)
            let hikes = try plan.hikes(selecting: numbers) { calculator.statistics(for: $0) }
            let outcomes = try connections.openStore().insert(hikes, allowDuplicates: false)
            let added = outcomes.filter { if case .inserted = $0 { return true } else { return false } }.count
            return .library(.imported(fileName: plan.fileName, added: added, duplicates: outcomes.count - added))
        case .renameHike(let id, let name):
            try connections.openStore().rename(id, to: name)
            return .library(.renamed(id))
        case .deleteHike(let id):
            try connections.openStore().delete([id])
            return .library(.deleted(id))
        }
    }

    /// The typed failure of `effect`.
    private func failure(_ effect: LibraryEffect, _ reason: String) -> LibraryFailure {
        switch effect {
        case .loadHikes: return .listUnreadable(reason: reason)
        case .loadHike(let id, _): return .hikeUnreadable(id, reason: reason)
        case .readImportFile(let path): return .importUnreadable(path: path, reason: reason)
        case .importFile(let path, _): return .importFailed(path: path, reason: reason)
        case .renameHike(let id, _): return .renameFailed(id, reason: reason)
        case .deleteHike(let id): return .deleteFailed(id, reason: reason)
        }
    }
}
