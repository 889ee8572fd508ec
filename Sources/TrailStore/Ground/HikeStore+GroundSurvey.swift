import Foundation
import TrailSQLite

/// A measured ground survey as the store keeps it (see ``LineVersionSchema``).
public struct StoredGroundSurvey: Sendable, Hashable {
    /// Flattened points it was measured on.
    public var pointCount: Int
    /// When it was measured.
    public var measuredAt: Date
    /// The encoded survey (TrailMap's `GroundLine.encoded`), opaque to the store.
    public var tags: Data
    /// Which map data it was measured on (TrailMap's `MapStore.dataStamp()`, opaque here);
    /// nil for a survey stored before the stamp existed (measured again).
    public var mapStamp: String?

    public init(pointCount: Int, measuredAt: Date, tags: Data, mapStamp: String? = nil) {
        self.pointCount = pointCount
        self.measuredAt = measuredAt
        self.tags = tags
        self.mapStamp = mapStamp
    }
}

/// The cached ground survey of a hike's line (measured once, when the hike is first opened).
extension HikeStore {
    /// The cached survey of `hike`'s line version `lineVersion` (0: the line as stored), nil
    /// when none was saved.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``SQLiteError``.
    public func groundSurvey(of hike: HikeID, lineVersion: Int = 0) throws -> StoredGroundSurvey? {
        let row = try groundHikeRow(hike)
        return try connection.query("""
            SELECT point_count, measured_at, tags, map_stamp FROM ground_surveys WHERE hike_id = ? AND line_version = ?
            """, [.integer(row), .integer(Int64(lineVersion))]) { st in
            StoredGroundSurvey(pointCount: st.int(0), measuredAt: Date(timeIntervalSinceReferenceDate: st.double(1)),
                               tags: Data(st.blob(2)), mapStamp: st.optionalString(3))
        }.first
    }

    /// Saves (or replaces) the survey of `hike`'s line version `lineVersion`.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``HikeStoreError/readOnly(path:)`` on a
    ///   read-only store, ``SQLiteError``.
    public func saveGroundSurvey(_ survey: StoredGroundSurvey, of hike: HikeID, lineVersion: Int = 0) throws {
        try requireWritable()
        let row = try groundHikeRow(hike)
        try connection.run("""
            INSERT OR REPLACE INTO ground_surveys(hike_id, line_version, point_count, measured_at, tags, map_stamp)
            VALUES (?, ?, ?, ?, ?, ?)
            """, [.integer(row), .integer(Int64(lineVersion)), .integer(Int64(survey.pointCount)),
                  .real(survey.measuredAt.timeIntervalSinceReferenceDate), .blob([UInt8](survey.tags)),
                  .optional(survey.mapStamp)])
    }

    /// Forgets the survey of `hike`'s line version `lineVersion` (the map it came from changed
    /// and has nothing under the line now). A no-op when there is none.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``HikeStoreError/readOnly(path:)``, ``SQLiteError``.
    public func removeGroundSurvey(of hike: HikeID, lineVersion: Int = 0) throws {
        try requireWritable()
        let row = try groundHikeRow(hike)
        try connection.run("DELETE FROM ground_surveys WHERE hike_id = ? AND line_version = ?",
                           [.integer(row), .integer(Int64(lineVersion))])
    }

    /// The `hikes` row of `id`.
    func groundHikeRow(_ id: HikeID) throws -> Int64 {
        guard let v = try connection.scalar("SELECT id FROM hikes WHERE public_id = ?", [.text(id.rawValue)])?.integer
        else { throw HikeStoreError.noSuchHike(id.rawValue) }
        return v
    }
}
