import Dispatch
import Foundation
import TrailMap
import TrailStore
import TrailTerrain

/// The TUI's two SQLite connections and the serial queue each is used on: the hike store on
/// `storeQueue`, the map store (read-only) on `mapQueue`. Opened lazily, on their queues.
/// The terrain folder is opened once per queue (a ``TerrainStore`` maps its tiles lazily and is
/// not shared between threads).
final class StoreConnections: @unchecked Sendable {
    let storeQueue = DispatchQueue(label: "cairn.hike-store")
    let mapQueue = DispatchQueue(label: "cairn.map-store")
    let storePath: String
    let mapPath: String
    /// The terrain folder (`--dem`, `$CAIRN_DEM`, or the default), nil for none.
    let terrainPath: String?
    let now: () -> Date
    // Used only on their queues.
    private var store: HikeStore?
    private var mapStore: MapStore?
    private var mapStoreChecked = false
    private var mapTerrain: TerrainStore??
    private var storeTerrain: TerrainStore??

    init(storePath: String, mapPath: String, terrainPath: String? = nil, now: @escaping () -> Date) {
        self.storePath = storePath
        self.mapPath = mapPath
        self.terrainPath = terrainPath
        self.now = now
    }

    /// The hike store (on `storeQueue` only).
    func openStore() throws -> HikeStore {
        if let store { return store }
        let s = try HikeStore(path: storePath, now: now)
        store = s
        return s
    }

    /// The map store, or nil when no map has been imported (the map then says so); on
    /// `mapQueue` only.
    func openMap() throws -> MapStore? {
        if let mapStore { return mapStore }
        if mapStoreChecked { return nil }
        mapStoreChecked = true
        guard FileManager.default.fileExists(atPath: mapPath) else { return nil }
        let m = try MapStore(path: mapPath, readOnly: true)
        mapStore = m
        return m
    }

    /// The terrain for contours, on `mapQueue` only; nil when the folder holds no tile.
    func terrainOnMapQueue() -> TerrainStore? {
        if let mapTerrain { return mapTerrain }
        let t = openTerrain()
        mapTerrain = .some(t)
        return t
    }

    /// The terrain for elevations of hikes and drawn routes, on `storeQueue` only; nil when the
    /// folder holds no tile.
    func terrainOnStoreQueue() -> TerrainStore? {
        if let storeTerrain { return storeTerrain }
        let t = openTerrain()
        storeTerrain = .some(t)
        return t
    }

    private func openTerrain() -> TerrainStore? {
        guard let terrainPath else { return nil }
        let t = TerrainStore(directory: terrainPath)
        return t.tilePaths.isEmpty ? nil : t
    }
}
