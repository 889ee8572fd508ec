import Foundation
import TermUI
import HikeServices
import TrailApp
import TrailCore
import TrailFormats
import TrailStore
import TrailTerrain

/// The library's store work on the hike-store queue: the list, one hike, reading and
/// importing a GPX file, renaming, deleting. Results and failures go back as the library's
/// messages.
final class LibraryEffectPerformer: Sendable {
    private let connections: StoreConnections

    init(_ connections: StoreConnections) { self.connections = connections }

    func perform(_ effect: LibraryEffect, send: @escaping EffectPerformer.Send) {
        connections.store.async { [connections] c in
            do {
                send(try Self.run(effect, &c, map: connections.map))
            } catch {
                send(.library(.failed(Self.failure(effect, "\(error)"))))
            }
        }
    }

    private static func run(_ effect: LibraryEffect, _ c: inout HikeStoreConnection,
                            map: SerialAccess<MapConnection>) throws -> AppMessage {
        switch effect {
        case .loadHikes(let sort):
            // The library lists the newest, longest, biggest first; names A to Z. Gains from
            // the terrain where a hike lacks elevations, as the hike screen gives them.
            let store = try c.store()
            let terrain = c.terrain().map { TerrainElevation(store: $0) }
            return .hikesLoaded(try HikeElevationFigures.summaries(try store.summaries(sortedBy: sort), store: store,
                                                                   terrain: terrain, sort: sort, cache: &c.listFigures))
        case .loadHike(let id, let forPreview):
            let store = try c.store()
            let terrain = c.terrain()
            if forPreview {
                // Only what the preview draws (HikeLoads): the list's figures, kept from its load.
                let summary = try store.summary(id)
                let prepared = try HikeLoads.preview(store, id, terrain: terrain, figures: c.listFigures[summary])
                return .hikeLoaded(id, prepared, forPreview: true)
            }
            // The ground survey reads the map on the map's own queue (store, then map).
            let prepared = try HikeLoads.full(store, id, terrain: terrain, map: map, now: c.now())
            return .hikeLoaded(id, prepared, forPreview: false)
        case .readImportFile(let path):
            // Read and worded as `cairn import` reads it, warnings included (HikeFileRead).
            let full = (path as NSString).expandingTildeInPath
            let read = try HikeFileRead.read(path: full)
            c.lastImportRead = (full, read)
            return .importPlanLoaded(path: full, read.plan, warnings: read.warnings)
        case .findStoredCopies(let path):
            // The tracks of the file the checklist shows that are already stored, by the rule
            // the import skips them by. A store or file that cannot be read leaves them
            // unmarked (the import itself still skips them).
            let kept = c.lastImportRead.flatMap { $0.path == path ? $0.read : nil }
            guard let plan = (kept ?? (try? HikeFileRead.read(path: path)))?.plan, let store = try? c.store() else {
                return .importStoredCopies(path: path, [:])
            }
            return .importStoredCopies(path: path, (try? HikeFileImport.storedCopies(in: plan, store: store)) ?? [:])
        case .completeImportPath(let typed):
            let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
            let completion = PathCompletion.complete(typed, home: home, currentDirectory: FileManager.default.currentDirectoryPath) { dir in
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return nil }
                return names.map { name in
                    var isDirectory: ObjCBool = false
                    _ = FileManager.default.fileExists(atPath: dir + "/" + name, isDirectory: &isDirectory)
                    return PathCompletion.Entry(name: name, isDirectory: isDirectory.boolValue)
                }
            }
            return .importPathCompleted(typed: typed, completion)
        case .importFile(let path, let numbers, let again):
            // The file as the checklist read it (a path it did not read is read now).
            let kept = c.lastImportRead.flatMap { $0.path == path ? $0.read : nil }
            let plan = try (kept ?? HikeFileRead.read(path: path)).plan
            c.lastImportRead = nil
            // Stored as `cairn import` stores it (HikeFileImport).
            let stored = try HikeFileImport.store(plan, selecting: numbers, into: try c.store(), allowDuplicates: again)
            let added = stored.filter { if case .inserted = $0.outcome { return true } else { return false } }.count
            return .library(.imported(fileName: plan.fileName, added: added, duplicates: stored.count - added))
        case .renameHike(let id, let name):
            try c.store().rename(id, to: name)
            return .library(.renamed(id))
        case .deleteHike(let id):
            try c.store().delete([id])
            return .library(.deleted(id))
        }
    }

    /// The typed failure of `effect`.
    private static func failure(_ effect: LibraryEffect, _ reason: String) -> LibraryFailure {
        switch effect {
        case .loadHikes: return .listUnreadable(reason: reason)
        case .loadHike(let id, _): return .hikeUnreadable(id, reason: reason)
        case .readImportFile(let path), .completeImportPath(let path), .findStoredCopies(let path): return .importUnreadable(path: path, reason: reason)
        case .importFile(let path, _, _): return .importFailed(path: path, reason: reason)
        case .renameHike(let id, _): return .renameFailed(id, reason: reason)
        case .deleteHike(let id): return .deleteFailed(id, reason: reason)
        }
    }
}
