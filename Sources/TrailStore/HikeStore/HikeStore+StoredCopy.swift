import Foundation
import TrailCore
import TrailSQLite

extension HikeStore {
    /// The stored hike that ``insert(_:allowDuplicates:progress:)`` would report `hike` a
    /// duplicate of, without storing anything: the oldest hike with its
    /// ``NewHike/contentHash`` (SHA-256 of the points and waypoints, ``ContentHash``), else the
    /// oldest whose raw line is `hike`'s written at export precision (``roundedCopy(of:)``,
    /// DECISIONS.md 684, 722). The viewer's import checklist marks such tracks before storing.
    /// - Returns: that hike's id, or nil when `hike` would be stored as new.
    /// - Throws: ``SQLiteError`` (translated as the store's reads are).
    public func storedCopy(of hike: NewHike) throws -> HikeID? {
        do {
            if let id = try connection.query("SELECT public_id FROM hikes WHERE content_hash = ? ORDER BY id LIMIT 1",
                                             [.blob(hike.contentHash)], row: { HikeID(uncheckedRawValue: $0.string(0)) }).first {
                return id
            }
            return try roundedCopy(of: hike)
        } catch let e as SQLiteError {
            throw Self.translate(e, path: path)
        }
    }
}
