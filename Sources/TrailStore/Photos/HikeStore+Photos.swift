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
    /// "gps" (at its GPS tag), "time" (by its time on the track), "mark" (at a "photo here"
    /// mark noted while recording or following), "waypoint" (imported from an exported photo
    /// waypoint, at its position), "none" (not placed), or "placeholder": a
    /// "photo here" mark no photo has filled yet (``HikeStore/addPhotoMark(_:to:)``; empty
    /// path, size 0).
    public var placement: String
    /// How the time was read and the photo placed, or why it is not placed, as codes and
    /// numbers (worded when shown: ``note(units:timestamp:)``).
    public var facts: PhotoFacts
    /// A note kept as text: one stored before the codes (migration
    /// ``HikeStore/photoFactsMigrationName``), shown as it is; nil for photos read since.
    public var legacyNote: String?

    /// ``note(units:timestamp:)`` with metric distances: how the photo was read and placed, or
    /// why not, in the current language.
    public var note: String? { note(units: UnitFormatter(system: .metric)) }

    /// - Parameter note: a note as text (``legacyNote``); new photos give `facts` instead.
    public init(path: String, size: Int64, contentHash: [UInt8], takenAt: Date?, coordinate: Coordinate?, elevation: Double?,
                distanceAlong: Double?, distanceOff: Double?, placement: String, note: String? = nil, facts: PhotoFacts = .none) {
        self.path = path
        self.size = size
        self.contentHash = contentHash
        self.takenAt = takenAt
        self.coordinate = coordinate
        self.elevation = elevation
        self.distanceAlong = distanceAlong
        self.distanceOff = distanceOff
        self.placement = placement
        self.legacyNote = note
        self.facts = facts
    }
}

/// A photograph kept with a hike, as listed.
public struct StoredPhoto: Sendable, Equatable {
    /// The photo's number within its hike (1, 2, … in the order kept, "photo here" marks
    /// included; migration ``HikeStore/photoNumbersMigrationName``): what `cairn photos`
    /// lists, `cairn photos remove` takes and the "mark #N" messages say. A filled mark keeps
    /// its number; a number removed is not given again unless it was the highest.
    public var id: Int64
    public var photo: NewPhoto
    public var addedAt: Date
}

extension NewPhoto {
    /// The placement of a "photo here" mark no photo has filled yet.
    public static let placeholderPlacement = "placeholder"
    /// The placement of a photo that filled a "photo here" mark (placed at the mark).
    public static let markPlacement = "mark"
    /// The placement of a photo imported from a photo waypoint of an exported file (at the
    /// waypoint's position, "as exported").
    public static let waypointPlacement = "waypoint"

    /// Whether this row is a "photo here" mark without a photo (no file behind it).
    public var isPlaceholder: Bool { placement == Self.placeholderPlacement }

    /// Whether ``contentHash`` is the SHA-256 of the file (32 bytes): false for a "photo here"
    /// mark and for a photo imported from a photo waypoint while its file was missing, whose
    /// rows hold a stand-in of another length (``HikeStore/addPhotoMark(_:to:)``,
    /// `PhotoWaypoints`). Such a photo's size is not known either.
    public var hasContentHash: Bool { contentHash.count == 32 }
}

/// A "photo here" mark noted while recording or following (issue 36): where and when the
/// hiker stood when taking a picture; a later `cairn photos add` fills it with the photo
/// taken nearest in time (``HikeStore/addPhotos(_:to:filling:)``).
public struct PhotoMark: Sendable, Equatable {
    /// The fix's position (WGS84 degrees) and elevation (metres), if known.
    public var coordinate: Coordinate
    public var elevation: Double?
    /// The fix's time (UTC).
    public var time: Date?
    /// Metres along the hike's line (the distance walked while recording; the progress on the
    /// route while following), and off it (following), if known.
    public var distanceAlong: Double?
    public var distanceOff: Double?

    public init(coordinate: Coordinate, elevation: Double? = nil, time: Date? = nil, distanceAlong: Double? = nil,
                distanceOff: Double? = nil) {
        self.coordinate = coordinate
        self.elevation = elevation
        self.time = time
        self.distanceAlong = distanceAlong
        self.distanceOff = distanceOff
    }
}

/// What ``HikeStore/addPhotos(_:to:)`` did with one photo (each with the photo's number within the hike).
public enum PhotoAddOutcome: Sendable, Equatable {
    case added(Int64)
    /// The same file content is already kept with this hike (that row); its path is updated.
    case alreadyKept(Int64)
    /// The photo replaced the file of that row (its bytes changed, or were not known): the
    /// row's hash, size, path, time and place are the photo's (``HikeStore/addPhotos(_:to:filling:replacing:)``).
    case updated(Int64)
    /// The photo filled the "photo here" mark of that row (the row keeps its number).
    case filled(Int64)
}

/// The `photos` table (migration ``HikeStore/photosMigrationName``): photographs referenced by
/// path with their size, content hash, capture time and place on the hike; deleted with it.
extension HikeStore {
    public static let photosMigrationName = "v17-photos"
    /// The migration numbering photos per hike (issue 36: a hike's first mark was #4 when
    /// other hikes had photos): a `number` column, the existing rows numbered in row order.
    public static let photoNumbersMigrationName = "v19-photo-numbers"
    /// The migration storing a photo's note as codes and numbers (issue 36: "not placed"
    /// reasons were kept in the language of the run that read the photo): a `reason` column
    /// (``PhotoFacts/Reason``'s code) and a `facts` column (``PhotoFacts`` as JSON). Notes
    /// kept before stay as text in `note`: a "not placed" one gets the code "legacy"; those
    /// of marks, filled marks and imported photo waypoints, which only said how they were
    /// placed, are dropped (their placement words them).
    public static let photoFactsMigrationName = "v20-photo-facts"

    static func addPhotoFacts(_ db: Connection) throws {
        try db.execute("""
            ALTER TABLE photos ADD COLUMN reason TEXT;
            ALTER TABLE photos ADD COLUMN facts TEXT;
            UPDATE photos SET note = NULL WHERE placement IN ('placeholder', 'mark', 'waypoint');
            UPDATE photos SET reason = 'legacy' WHERE placement = 'none' AND note IS NOT NULL;
            """)
    }

    static func addPhotoNumbers(_ db: Connection) throws {
        try db.execute("""
            ALTER TABLE photos ADD COLUMN number INTEGER;
            UPDATE photos SET number = (SELECT COUNT(*) FROM photos AS p WHERE p.hike_id = photos.hike_id AND p.id <= photos.id);
            CREATE UNIQUE INDEX photos_number ON photos(hike_id, number);
            """)
    }

    /// The next photo number of the hike whose row is the statement's last parameter.
    static let nextPhotoNumber = "(SELECT COALESCE(MAX(number), 0) + 1 FROM photos WHERE hike_id = ?)"

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
    ///
    /// `filling` gives, by index into `photos`, the row of a "photo here" mark (placement
    /// "placeholder") that photo fills: the mark's row takes the photo's file, size, hash and
    /// time (keeping its number); the photo's own place and placement are used as given (the
    /// caller places it at the mark). A row of the same content elsewhere in the hike is
    /// removed first (one row per content). A mark that is not a placeholder of this hike is
    /// refused: ``PhotoStoreError/noSuchMark(_:hike:)``, nothing stored.
    ///
    /// `replacing` gives, by index into `photos`, the number of a kept photo whose file the
    /// photo is with other bytes (edited since it was kept, or kept without its content from a
    /// photo waypoint): that row takes the photo's path, size, hash, time, place and note,
    /// keeping its number (``PhotoAddOutcome/updated(_:)``). Refused, nothing stored, when the
    /// number is not a photo of the hike (``PhotoStoreError/noSuchPhoto(_:hike:)``) or another
    /// photo of the hike has the new content (``PhotoStoreError/sameContent(_:as:hike:)``).
    @discardableResult
    public func addPhotos(_ photos: [NewPhoto], to id: HikeID, filling: [Int: Int64] = [:],
                          replacing: [Int: Int64] = [:]) throws -> [PhotoAddOutcome] {
        try requireWritable()
        return try connection.transaction {
            let row = try photoHikeRow(id)
            var out: [PhotoAddOutcome] = []
            for (index, p) in photos.enumerated() {
                let values = Self.photoValues(p)
                let set = "path = ?, size = ?, taken_at = ?, latitude = ?, longitude = ?, elevation = ?, distance_along = ?, "
                    + "distance_off = ?, placement = ?, note = ?, reason = ?, facts = ?"
                if let mark = filling[index] {
                    guard let markRow = try connection.scalar("SELECT id FROM photos WHERE number = ? AND hike_id = ? AND placement = ?",
                                                              [.integer(mark), .integer(row), .text(NewPhoto.placeholderPlacement)])?.integer
                    else { throw PhotoStoreError.noSuchMark(mark, hike: id.rawValue) }
                    try connection.run("DELETE FROM photos WHERE hike_id = ? AND content_hash = ? AND id != ?",
                                       [.integer(row), .blob(p.contentHash), .integer(markRow)])
                    try connection.run("UPDATE photos SET \(set), content_hash = ? WHERE id = ?",
                                       values + [.blob(p.contentHash), .integer(markRow)])
                    out.append(.filled(mark))
                    continue
                }
                if let number = replacing[index] {
                    guard let target = try connection.scalar("SELECT id FROM photos WHERE number = ? AND hike_id = ? AND placement != ?",
                                                              [.integer(number), .integer(row), .text(NewPhoto.placeholderPlacement)])?.integer
                    else { throw PhotoStoreError.noSuchPhoto(number, hike: id.rawValue) }
                    if let other = try connection.scalar("SELECT number FROM photos WHERE hike_id = ? AND content_hash = ? AND id != ?",
                                                         [.integer(row), .blob(p.contentHash), .integer(target)])?.integer {
                        throw PhotoStoreError.sameContent(number, as: other, hike: id.rawValue)
                    }
                    try connection.run("UPDATE photos SET \(set), content_hash = ? WHERE id = ?",
                                       values + [.blob(p.contentHash), .integer(target)])
                    out.append(.updated(number))
                    continue
                }
                if let existing = try connection.query("SELECT id, number FROM photos WHERE hike_id = ? AND content_hash = ?",
                                                       [.integer(row), .blob(p.contentHash)], row: { ($0.int64(0), $0.int64(1)) }).first {
                    try connection.run("UPDATE photos SET \(set) WHERE id = ?", values + [.integer(existing.0)])
                    out.append(.alreadyKept(existing.1))
                    continue
                }
                try connection.run("""
                    INSERT INTO photos (path, size, taken_at, latitude, longitude, elevation, distance_along, distance_off,
                        placement, note, reason, facts, hike_id, content_hash, added_at, number)
                    VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,\(Self.nextPhotoNumber))
                    """, values + [.integer(row), .blob(p.contentHash), .real(now().timeIntervalSinceReferenceDate), .integer(row)])
                let number = try connection.scalar("SELECT number FROM photos WHERE id = ?", [.integer(connection.lastInsertRowID)])?.integer
                out.append(.added(number ?? 0))
            }
            return out
        }
    }

    /// The values of `p` for the columns path, size, taken_at, latitude, longitude, elevation,
    /// distance_along, distance_off, placement, note, reason, facts (in that order). The
    /// reason's code is ``PhotoFacts/reason``, or "legacy" for an unplaced photo with only a
    /// note as text.
    static func photoValues(_ p: NewPhoto) -> [SQLiteValue] {
        let reason = p.facts.reason?.rawValue ?? (p.placement == "none" && p.legacyNote != nil ? PhotoFacts.Reason.legacy.rawValue : nil)
        return [
            .text(p.path), .integer(p.size), .optional(p.takenAt?.timeIntervalSinceReferenceDate),
            .optional(p.coordinate?.latitude), .optional(p.coordinate?.longitude), .optional(p.elevation),
            .optional(p.distanceAlong), .optional(p.distanceOff), .text(p.placement), .optional(p.legacyNote),
            .optional(reason), .optional(p.facts.encoded),
        ]
    }

    /// Runs `body` in one transaction: everything it stores, or (when it throws) nothing.
    /// Nested calls are savepoints. What an import uses to keep a file's hikes and their photos
    /// together.
    /// - Throws: ``HikeStoreError/readOnly(path:)``, the store's errors as ``translate(_:path:)``
    ///   gives them (a busy or damaged store), or what `body` throws.
    public func inOneTransaction<T>(_ body: () throws -> T) throws -> T {
        try requireWritable()
        do {
            return try connection.transaction(body)
        } catch let e as SQLiteError {
            throw Self.translate(e, path: path)
        }
    }

    /// The photos of hike `id` in walking order: placed ones by distance along (then time),
    /// then unplaced ones by time, then by row.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``SQLiteError``.
    public func photos(of id: HikeID) throws -> [StoredPhoto] {
        let row = try photoHikeRow(id)
        return try connection.query("""
            SELECT number, path, size, content_hash, taken_at, latitude, longitude, elevation, distance_along, distance_off,
                   placement, note, added_at, reason, facts
            FROM photos WHERE hike_id = ?
            ORDER BY distance_along IS NULL, distance_along, taken_at IS NULL, taken_at, id
            """, [.integer(row)]) { st in
            let lat = st.optionalDouble(5), lon = st.optionalDouble(6)
            let coordinate = lat.flatMap { a in lon.map { Coordinate(latitude: a, longitude: $0) } }
            let hash: [UInt8] = st.withBlob(3) { Array($0) }
            var facts = PhotoFacts.decoded(st.optionalString(14))
            if facts.reason == nil, let code = st.optionalString(13) { facts.reason = PhotoFacts.Reason(rawValue: code) ?? .legacy }
            return StoredPhoto(id: st.int64(0), photo: NewPhoto(
                path: st.string(1), size: st.int64(2), contentHash: hash,
                takenAt: st.optionalDouble(4).map { Date(timeIntervalSinceReferenceDate: $0) }, coordinate: coordinate,
                elevation: st.optionalDouble(7), distanceAlong: st.optionalDouble(8), distanceOff: st.optionalDouble(9),
                placement: st.string(10), note: st.optionalString(11), facts: facts),
                addedAt: Date(timeIntervalSinceReferenceDate: st.double(12)))
        }
    }

    /// Notes a "photo here" mark with hike `id` (issue 36): a row of placement "placeholder"
    /// at the mark's place and time, with an empty path, size 0 and a content hash of its own
    /// ("mark" and 16 random bytes: never a SHA-256, whose 32 bytes it cannot equal), listed
    /// and pinned like a photo until `cairn photos add` fills it.
    /// - Returns: the mark's number within the hike (``StoredPhoto/id``).
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``HikeStoreError/readOnly(path:)``, ``SQLiteError``.
    @discardableResult
    public func addPhotoMark(_ mark: PhotoMark, to id: HikeID) throws -> Int64 {
        try requireWritable()
        return try connection.transaction {
            let row = try photoHikeRow(id)
            var hash = Array("mark".utf8)
            hash += (0..<16).map { _ in UInt8.random(in: 0...255) }
            try connection.run("""
                INSERT INTO photos (path, size, taken_at, latitude, longitude, elevation, distance_along, distance_off,
                    placement, note, hike_id, content_hash, added_at, number)
                VALUES ('', 0, ?,?,?,?,?,?,?,?,?,?,?,\(Self.nextPhotoNumber))
                """, [.optional(mark.time?.timeIntervalSinceReferenceDate), .real(mark.coordinate.latitude),
                      .real(mark.coordinate.longitude), .optional(mark.elevation), .optional(mark.distanceAlong),
                      .optional(mark.distanceOff), .text(NewPhoto.placeholderPlacement), .null,
                      .integer(row), .blob(hash), .real(now().timeIntervalSinceReferenceDate), .integer(row)])
            return try connection.scalar("SELECT number FROM photos WHERE id = ?", [.integer(connection.lastInsertRowID)])?.integer ?? 0
        }
    }

    /// Forgets photos (the files stay), all or none; `photoIDs` are numbers within the hike
    /// (``StoredPhoto/id``).
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``PhotoStoreError/noSuchPhoto(_:hike:)`` (nothing removed).
    public func removePhotos(_ photoIDs: [Int64], from id: HikeID) throws {
        try requireWritable()
        try connection.transaction {
            let row = try photoHikeRow(id)
            for p in photoIDs {
                try connection.run("DELETE FROM photos WHERE number = ? AND hike_id = ?", [.integer(p), .integer(row)])
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

    /// Points photo `number` of hike `id` to the file at `path` whose bytes differ from those
    /// kept (found by its name and capture time: edited, or kept without its content): the
    /// row takes the path, size and SHA-256; its time and place stay.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``PhotoStoreError/noSuchPhoto(_:hike:)``,
    ///   ``PhotoStoreError/sameContent(_:as:hike:)`` (nothing changed), ``SQLiteError``.
    public func relinkPhoto(_ number: Int64, of id: HikeID, to path: String, size: Int64, contentHash: [UInt8]) throws {
        try requireWritable()
        try connection.transaction {
            let row = try photoHikeRow(id)
            if let other = try connection.scalar("SELECT number FROM photos WHERE hike_id = ? AND content_hash = ? AND number != ?",
                                                 [.integer(row), .blob(contentHash), .integer(number)])?.integer {
                throw PhotoStoreError.sameContent(number, as: other, hike: id.rawValue)
            }
            try connection.run("UPDATE photos SET path = ?, size = ?, content_hash = ? WHERE number = ? AND hike_id = ? AND placement != ?",
                               [.text(path), .integer(size), .blob(contentHash), .integer(number), .integer(row),
                                .text(NewPhoto.placeholderPlacement)])
            if connection.changes == 0 { throw PhotoStoreError.noSuchPhoto(number, hike: id.rawValue) }
        }
    }
}

/// Why a photo operation was refused.
public enum PhotoStoreError: Error, Equatable, CustomStringConvertible {
    case noSuchPhoto(Int64, hike: String)
    /// The row to fill is not an unfilled "photo here" mark of the hike.
    case noSuchMark(Int64, hike: String)
    /// Photo `number` cannot take the new content: photo `as` of the hike has it already.
    case sameContent(Int64, as: Int64, hike: String)

    public var description: String {
        switch self {
        case .noSuchMark(let p, let hike): return L("%d is not a \"photo here\" mark of %s waiting for a photo; nothing was added", p, hike)
        case .noSuchPhoto(let p, let hike): return L("no photo %d is kept with %s (`cairn photos %s` lists them); nothing was removed", p, hike, hike)
        case .sameContent(let p, let other, let hike):
            return L("photo %d of %s cannot take that file: photo %d has the same content; nothing was changed", p, hike, other)
        }
    }
}
