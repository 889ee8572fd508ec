import Foundation
import TrailStore
import TrailTerrain

/// The hike store and the terrain used beside it, opened lazily on the hike-store queue of a
/// ``SerialAccess``. Not `Sendable`: it stays on its accessor's queue.
public struct HikeStoreConnection {
    /// The hike store's path (created when absent).
    public let path: String
    /// The terrain folder, nil for none.
    public let terrainPath: String?
    /// The clock the store stamps its rows with.
    public let now: @Sendable () -> Date
    private var opened: HikeStore?
    private var openedTerrain: TerrainStore??
    /// The library list's terrain figures by hike and stored statistics, kept between loads
    /// (``HikeElevationFigures``).
    public var listFigures: [HikeSummary: TerrainStatistics?] = [:]
    /// The file the import checklist read last, kept so importing it does not read it again.
    public var lastImportRead: (path: String, read: HikeFileRead)?
    /// Whether another connection committed to the store since the last poll (DECISIONS 481).
    public var changes = StoreChangeDetector()

    public init(path: String, terrainPath: String?, now: @escaping @Sendable () -> Date) {
        self.path = path
        self.terrainPath = terrainPath
        self.now = now
    }

    /// The hike store, opened (and created when absent) the first time.
    /// - Throws: ``HikeStoreError`` or the store's `SQLiteError`.
    public mutating func store() throws -> HikeStore {
        if let opened { return opened }
        let s = try HikeStore(path: path, now: now)
        opened = s
        return s
    }

    /// The terrain for elevations of hikes, places and drawn routes; nil when the folder
    /// holds no tile.
    public mutating func terrain() -> TerrainStore? {
        if let openedTerrain { return openedTerrain }
        let t = TerrainFolder.open(terrainPath)
        openedTerrain = .some(t)
        return t
    }
}
