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
            // The library lists the newest, longest, biggest first; names A to Z.
            return .hikesLoaded(try connections.openStore().summaries(sortedBy: sort))
        case .loadHike(let id, let forPreview):
            let store = try connections.openStore()
            let summary = try store.summary(id)
            let tracks = try store.tracks(of: id)
            // With terrain tiles: the profile from the terrain where the hike has no `ele`, the
            // terrain's line and gain beside the GPS's where it has (TerrainForScreens).
            let terrain = connections.terrainOnStoreQueue().map { TerrainElevation(store: $0) }
            var prepared = TerrainForScreens.prepared(name: summary.name, kind: summary.kind.rawValue, tracks: tracks,
                                                      statistics: summary.statistics, terrain: terrain)
            prepared.setPlaces(try store.places(of: id))
            if !forPreview {
                // Measured once on the first opening, cached in the store (map work on its queue).
                // A map that cannot be read costs the bars only: the basemap says why.
                let map = connections
                prepared.setGround((try? GroundSurveys.line(of: id, segments: prepared.segmentCoordinates, store: store,
                                                            map: { try map.mapQueue.sync { try map.openMap() } },
                                                            now: map.now())) ?? nil)
            }
            return .hikeLoaded(id, prepared, forPreview: forPreview)
        case .readImportFile(let path):
            let full = (path as NSString).expandingTildeInPath
            let result = try GPXReader.read(url: URL(fileURLWithPath: full))
            let plan = HikeImportPlan(document: result.document, fileName: (full as NSString).lastPathComponent)
            return .importPlanLoaded(path: full, plan)
        case .importFile(let path, let numbers):
            let result = try GPXReader.read(url: URL(fileURLWithPath: path))
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
