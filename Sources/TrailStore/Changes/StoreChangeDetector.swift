import Foundation
import TrailSQLite

/// Notices that the hike store was changed by someone else: another process (`cairn match
/// --keep`, an import, a delete, a rename, `cairn record`) or another connection of this one.
///
/// Method: SQLite's `PRAGMA data_version` on one connection (``Connection/dataVersion``), read
/// at each ``poll(_:)``; it changes exactly when another connection committed since the last
/// reading, and never for this connection's own writes, so the viewer's own store work
/// (through the same connection) does not make it reload what it just wrote. A reading costs
/// no table access (DECISIONS 481).
public struct StoreChangeDetector: Sendable {
    private var last: Int?

    public init() {}

    /// Reads the data version of `connection`: true when it differs from the previous reading
    /// (the first reading only sets the baseline: false).
    /// - Throws: the SQLite error when the pragma cannot be read.
    public mutating func poll(_ connection: Connection) throws -> Bool {
        let now = try connection.dataVersion
        defer { last = now }
        return last.map { $0 != now } ?? false
    }

    /// ``poll(_:)`` on the store's connection.
    public mutating func poll(_ store: HikeStore) throws -> Bool { try poll(store.connection) }
}
