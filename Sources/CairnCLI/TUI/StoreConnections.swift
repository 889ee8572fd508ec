import Dispatch
import Foundation
import TrailMap
import TrailStore

/// The TUI's two SQLite connections and the serial queue each is used on: the hike store on
/// `storeQueue`, the map store (read-only) on `mapQueue`. Opened lazily, on their queues.
final class StoreConnections: @unchecked Sendable {
    let storeQueue = DispatchQueue(label: "cairn.hike-store")
    let mapQueue = DispatchQueue(label: "cairn.map-store")
    let storePath: String
    let mapPath: String
    let now: () -> Date
    // Used only on their queues.
    private var store: HikeStore?
    private var mapStore: MapStore?
    private var mapStoreChecked = false

    init(storePath: String, mapPath: String, now: @escaping () -> Date) {
        self.storePath = storePath
        self.mapPath = mapPath
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
}
