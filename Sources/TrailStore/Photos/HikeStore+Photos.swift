import Foundation
import Localization
import TrailCore
import TrailSQLite

/// A photograph to keep with a hike (``HikeStore/addPhotos(_:to:)``): the file is referenced,
/// never copied or changed.
public struct NewPhoto: Sendable, Equatable {
    /// Absolute path of the file.
    public var path: String
    /// Size in bytes.
    public var size: Int64
    /// SHA-256 of the file's bytes: finds the photo again after its folder moved (relink) and
    /// keeps one row per photo and hike.
    public var contentHash: [UInt8]
    /// Capture time (UTC, after the clock correction), nil when the EXIF has none.
    public var takenAt: Date?
    /// Where on the hike, nil when not placed (``note`` says why).
    public var coordinate: Coordinate?
    public var elevation: Double?
    /// Metres along the hike's line, and off it (a GPS-tagged photo).
    public var distanceAlong: Double?
    public var distanceOff: Double?
    /// "gps", "time" or "none".
    public var placement: String
    /// How the time was read, or why the photo is not placed (one line).
    public var note: String?

    public init(path: String, size: Int64, contentHash: [UInt8], takenAt: Date?, coordinate: Coordinate?, elevation: Double?,
                distanceAlong: Double?, distanceOff: Double?, placement: String, note: String?) {
        self.path = path
        self.size = size
        self.contentHash = contentHash
        self.takenAt = takenAt
        self.coordinate = coordinate
        self.elevation = elevation
        self.distanceAlong = distanceAlong
        self.distanceOff = distanceOff
        self.placement = placement
        self.note = note
    }
}

/// A photograph kept with a hike, as listed.
public struct StoredPhoto: Sendable, Equatable {
    /// The row id: what `cairn photos remove` takes.
    public var id: Int64
    public var photo: NewPhoto
    public var addedAt: Date
}

/// What ``HikeStore/addPhotos(_:to:)`` did with one photo.
public enum PhotoAddOutcome: Sendable, Equatable {
    case added(Int64)
    /// The same file content is already kept with this hike (that row); its path is updated.
    case alreadyKept(Int64)
}

/// The `photos` table (migration ``HikeStore/photosMigrationName``): photographs referenced by
/// path with their size, content hash, capture time and place on the hike; deleted with it.
extension HikeStore {
    public static let photosMigrationName = "v17-photos"

    static func createPhotosTable(_ db: Connection) throws {
        try db.execute("""
            CREATE TABLE photos (
                id INTEGER PRIMARY KEY,
                hike_id INTEGER NOT NULL REFERENCES hikes(id) ON DELETE CASCADE,
                path TEXT NOT NULL,
                size INTEGER NOT NULL,
                content_hash BLOB NOT NULL,
                taken_at REAL,
                latitude REAL,
                longitude REAL,
                elevation REAL,
                distance_along REAL,
                distance_off REAL,
                placement TEXT NOT NULL,
                note TEXT,
                added_at REAL NOT NULL,
                UNIQUE (hike_id, content_hash)
            );
            CREATE INDEX photos_hash ON photos(content_hash);
            """)
    }

    private func photoHikeRow(_ id: HikeID) throws -> Int64 {
        guard let v = try connection.scalar("SELECT id FROM hikes WHERE public_id = ?", [.text(id.rawValue)])?.integer
        else { throw HikeStoreError.noSuchHike(id.rawValue) }
        return v
    }

    /// Keeps `photos` with hike `id`, all or none (one transaction). A photo whose content is
    /// already kept with the hike is not added again; its path, time and place are updated.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``HikeStoreError/readOnly(path:)``, ``SQLiteError``.
    @discardableResult
    public func addPhotos(_ photos: [NewPhoto], to id: HikeID) throws -> [PhotoAddOutcome] {
        try requireWritable()
        return try connection.transaction {
            let row = try photoHikeRow(id)
            var out: [PhotoAddOutcome] = []
            for p in photos {
                let values: [SQLiteValue] = [
                    .text(p.path), .integer(p.size), .optional(p.takenAt?.timeIntervalSinceReferenceDate),
                    .optional(p.coordinate?.latitude), .optional(p.coordinate?.longitude), .optional(p.elevation),
                    .optional(p.distanceAlong), .optional(p.distanceOff), .text(p.placement), .optional(p.note),
                ]
                if let existing = try connection.scalar("SELECT id FROM photos WHERE hike_id = ? AND content_hash = ?",
                                                        [.integer(row), .blob(p.contentHash)])?.integer {
                    try connection.run("""
                        UPDATE photos SET path = ?, size = ?, taken_at = ?, latitude = ?, longitude = ?, elevation = ?,
                            distance_along = ?, distance_off = ?, placement = ?, note = ? WHERE id = ?
                        """, values + [.integer(existing)])
                    out.append(.alreadyKept(existing))
                    continue
                }
                try connection.run("""
                    INSERT INTO photos (path, size, taken_at, latitude, longitude, elevation, distance_along, distance_off,
                        placement, note, hike_id, content_hash, added_at)
                    VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)
                    """, values + [.integer(row), .blob(p.contentHash), .real(now().timeIntervalSinceReferenceDate)])
                out.append(.added(connection.lastInsertRowID))
            }
            return out
        }
    }

    /// The photos of hike `id` in walking order: placed ones by distance along (then time),
    /// then unplaced ones by time, then by row.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``SQLiteError``.
    public func photos(of id: HikeID) throws -> [StoredPhoto] {
        let row = try photoHikeRow(id)
        return try connection.query("""
            SELECT id, path, size, content_hash, taken_at, latitude, longitude, elevation, distance_along, distance_off,
                   placement, note, added_at
            FROM photos WHERE hike_id = ?
            ORDER BY distance_along IS NULL, distance_along, taken_at IS NULL, taken_at, id
            """, [.integer(row)]) { st in
            let lat = st.optionalDouble(5), lon = st.optionalDouble(6)
            let coordinate = lat.flatMap { a in lon.map { Coordinate(latitude: a, longitude: $0) } }
            let hash: [UInt8] = st.withBlob(3) { Array($0) }
            return StoredPhoto(id: st.int64(0), photo: NewPhoto(
                path: st.string(1), size: st.int64(2), contentHash: hash,
                takenAt: st.optionalDouble(4).map { Date(timeIntervalSinceReferenceDate: $0) }, coordinate: coordinate,
                elevation: st.optionalDouble(7), distanceAlong: st.optionalDouble(8), distanceOff: st.optionalDouble(9),
                placement: st.string(10), note: st.optionalString(11)),
                addedAt: Date(timeIntervalSinceReferenceDate: st.double(12)))
        }
    }

    /// Forgets photos (the files stay), all or none.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``PhotoStoreError/noSuchPhoto(_:hike:)`` (nothing removed).
    public func removePhotos(_ photoIDs: [Int64], from id: HikeID) throws {
        try requireWritable()
        try connection.transaction {
            let row = try photoHikeRow(id)
            for p in photoIDs {
                try connection.run("DELETE FROM photos WHERE id = ? AND hike_id = ?", [.integer(p), .integer(row)])
                if connection.changes == 0 { throw PhotoStoreError.noSuchPhoto(p, hike: id.rawValue) }
            }
        }
    }

    /// Points photos of hike `id` whose content hash is among `found` (hash → new path) to the
    /// new path, in one transaction; returns how many moved.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``SQLiteError``.
    public func relinkPhotos(of id: HikeID, found: [[UInt8]: String]) throws -> Int {
        try requireWritable()
        return try connection.transaction {
            let row = try photoHikeRow(id)
            var moved = 0
            for (hash, path) in found {
                try connection.run("UPDATE photos SET path = ? WHERE hike_id = ? AND content_hash = ? AND path != ?",
                                   [.text(path), .integer(row), .blob(hash), .text(path)])
                moved += connection.changes
            }
            return moved
        }
    }
}

/// Why a photo operation was refused.
public enum PhotoStoreError: Error, Equatable, CustomStringConvertible {
    case noSuchPhoto(Int64, hike: String)

    public var description: String {
        switch self {
        case .noSuchPhoto(let p, let hike): return L("no photo %d is kept with %s (`cairn photos %s` lists them); nothing was removed", p, hike, hike)
        }
    }
}
