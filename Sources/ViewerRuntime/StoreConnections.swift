import Foundation
import HikeServices

/// The viewer's two SQLite connections, each behind its own serial accessor: the hike store
/// (with its terrain) on `store`, the map store (read-only, with its terrain) on `map`. Work
/// that needs both takes the map inside the store's closure (store, then map; never the other
/// way round, so neither queue waits on the other in a cycle).
public final class StoreConnections: Sendable {
    public let store: SerialAccess<HikeStoreConnection>
    public let map: SerialAccess<MapConnection>
    public let now: @Sendable () -> Date

    public init(storePath: String, mapPath: String, terrainPath: String? = nil, now: @escaping @Sendable () -> Date) {
        store = SerialAccess(label: "cairn.hike-store", HikeStoreConnection(path: storePath, terrainPath: terrainPath, now: now))
        map = SerialAccess(label: "cairn.map-store", MapConnection(path: mapPath, terrainPath: terrainPath))
        self.now = now
    }

    /// Waits until the queued store and map work is done.
    public func drain() {
        store.drain()
        map.drain()
    }
}
