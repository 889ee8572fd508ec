import Foundation
import TrailCore
import TrailSQLite

extension HikeStore {
    /// What happened to one hike given to ``insert(_:allowDuplicates:progress:)``.
    public enum InsertOutcome: Hashable, Sendable {
        /// Stored under this id.
        case inserted(HikeID)
        /// Not stored: a hike with the same content hash is already there (this id).
        case duplicate(of: HikeID)
    }

    /// Stores `hikes` in one transaction: all of them or, when anything throws, none.
    ///
    /// Encode and hash the points before calling when you can: the write lock is held for
    /// the whole call. A hike whose ``NewHike/contentHash`` is already stored (or repeated
    /// earlier in `hikes`) is skipped and reported as ``InsertOutcome/duplicate(of:)`` unless
    /// `allowDuplicates`.
    /// - Parameters:
    ///   - progress: called after each block of points with the number of points written so
    ///     far in this call; what it throws (an interruption) rolls the whole call back.
    /// - Returns: one outcome per hike, in order.
    /// - Throws: ``HikeStoreError/readOnly(path:)``, ``SQLiteError`` (for example
    ///   `SQLITE_BUSY` after the busy timeout), or what `progress` throws; the store is then
    ///   unchanged.
    @discardableResult
    public func insert(_ hikes: [NewHike], allowDuplicates: Bool = false,
                       progress: ((Int) throws -> Void)? = nil) throws -> [InsertOutcome] {
        try requireWritable()
        let hashes = hikes.map(\.contentHash)
        var written = 0
        do {
            return try connection.transaction {
                let findHash = try connection.prepare("SELECT public_id FROM hikes WHERE content_hash = ? ORDER BY id LIMIT 1")
                let writer = try HikeWriter(connection)
                var out: [InsertOutcome] = []
                for (hike, hash) in zip(hikes, hashes) {
                    if !allowDuplicates {
                        findHash.reset()
                        try findHash.bind([.blob(hash)])
                        if try findHash.step() {
                            out.append(.duplicate(of: HikeID(uncheckedRawValue: findHash.string(0))))
                            continue
                        }
                        if let same = try roundedCopy(of: hike) {
                            out.append(.duplicate(of: same))
                            continue
                        }
                    }
                    out.append(.inserted(try writer.write(hike, hash: hash, createdAt: now()) { n in
                        written += n
                        try progress?(written)
                    }))
                }
                return out
            }
        } catch let e as SQLiteError {
            throw Self.translate(e, path: path)
        }
    }

    /// Stores `hike` unless a stored hike has its content hash or one of `sameAs` (the hashes
    /// of other forms of the same line: a waymarked route opened before terrain tiles were
    /// imported has no heights, so its hash differs from the same route opened with them).
    /// One transaction; see ``insert(_:allowDuplicates:progress:)`` for the errors.
    /// - Returns: ``InsertOutcome/duplicate(of:)`` with the oldest such hike, else
    ///   ``InsertOutcome/inserted(_:)``.
    @discardableResult
    public func insert(_ hike: NewHike, sameAs hashes: [[UInt8]]) throws -> InsertOutcome {
        try requireWritable()
        do {
            return try connection.transaction {
                let find = try connection.prepare("SELECT public_id FROM hikes WHERE content_hash = ? ORDER BY id LIMIT 1")
                for hash in hashes {
                    find.reset()
                    try find.bind([.blob(hash)])
                    if try find.step() { return .duplicate(of: HikeID(uncheckedRawValue: find.string(0))) }
                }
                return try insert([hike])[0]
            }
        } catch let e as SQLiteError {
            throw Self.translate(e, path: path)
        }
    }

    /// Largest differences at which two points are the same recording written at another
    /// precision: every export (GPX, KML, TCX, GeoJSON) rounds to 7-decimal degrees (error
    /// ≤ 0.5e-7°, about 5 mm) and 1-decimal metres (≤ 0.05 m), and writes times exactly to the
    /// millisecond or finer; the margins above those bounds only cover decimal-to-binary error,
    /// so a point moved by 1e-7° is still another track (DECISIONS.md 684, 722).
    static let roundedCopyTolerance = (degrees: 0.5e-7 + 1e-12, metres: 0.05 + 1e-9, seconds: 0.0005)

    /// The oldest stored hike whose raw line has `hike`'s segments, point for point, within
    /// ``roundedCopyTolerance`` (each position, each elevation or both absent, each time or both
    /// absent): a re-import of Cairn's own GPX/KML/TCX/GeoJSON export, whose content hash differs
    /// only by rounding. Candidates are the hikes with the same point and segment counts.
    func roundedCopy(of hike: NewHike) throws -> HikeID? {
        let mine = hike.tracks.flatMap(\.segments).map(\.points).filter { !$0.isEmpty }
        let count = mine.reduce(0) { $0 + $1.count }
        guard count > 0 else { return nil }
        let candidates = try connection.query(
            "SELECT public_id FROM hikes WHERE point_count = ? AND segment_count = ? ORDER BY id LIMIT 50",
            [.integer(Int64(count)), .integer(Int64(mine.count))]) { HikeID(uncheckedRawValue: $0.string(0)) }
        let tol = Self.roundedCopyTolerance
        func close(_ a: Double?, _ b: Double?, _ limit: Double) -> Bool {
            switch (a, b) {
            case (nil, nil): return true
            case let (x?, y?): return abs(x - y) <= limit
            default: return false
            }
        }
        for id in candidates {
            let theirs = try tracks(of: id, line: .raw).flatMap(\.segments).map(\.points).filter { !$0.isEmpty }
            guard theirs.map(\.count) == mine.map(\.count) else { continue }
            let same = zip(mine, theirs).allSatisfy { a, b in
                zip(a, b).allSatisfy { p, q in
                    abs(p.latitude - q.latitude) <= tol.degrees && abs(p.longitude - q.longitude) <= tol.degrees
                        && close(p.elevation, q.elevation, tol.metres)
                        && close(p.time?.timeIntervalSinceReferenceDate, q.time?.timeIntervalSinceReferenceDate, tol.seconds)
                }
            }
            if same { return id }
        }
        return nil
    }

    /// Stores one hike (its own transaction); see ``insert(_:allowDuplicates:progress:)``.
    @discardableResult
    public func insert(_ hike: NewHike, allowDuplicate: Bool = false) throws -> InsertOutcome {
        try insert([hike], allowDuplicates: allowDuplicate)[0]
    }
}

/// The prepared statements that write one hike's rows.
struct HikeWriter {
    let db: Connection
    let hike, setID, track, segment, block, waypoint: Statement
    static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = .sortedKeys
        return e
    }()

    init(_ db: Connection) throws {
        self.db = db
        hike = try db.prepare("INSERT INTO hikes (\(Self.hikeColumns.joined(separator: ", "))) VALUES ("
                                  + Array(repeating: "?", count: Self.hikeColumns.count).joined(separator: ",") + ")")
        setID = try db.prepare("UPDATE hikes SET public_id = ? WHERE id = ?")
        track = try db.prepare("""
            INSERT INTO tracks (hike_id, position, name, comment, description, source, number, type, links_json, laps_json)
            VALUES (?,?,?,?,?,?,?,?,?,?)
            """)
        segment = try db.prepare("INSERT INTO segments (track_id, position, point_count) VALUES (?,?,?)")
        block = try db.prepare("INSERT INTO point_blocks (segment_id, first_index, point_count, points, extras) VALUES (?,?,?,?,?)")
        waypoint = try db.prepare("""
            INSERT INTO waypoints (hike_id, position, latitude, longitude, elevation, time, name, comment,
                description, source, symbol, type, links_json, kind, osm_id)
            VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
            """)
    }

    static func json<T: Encodable>(_ v: T) -> String {
        (try? encoder.encode(v)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func linksJSON(_ links: [Link]) -> SQLiteValue { links.isEmpty ? .null : .text(json(links)) }

    static func time(_ d: Date?) -> SQLiteValue { .optional(d?.timeIntervalSinceReferenceDate) }

    func run(_ st: Statement, _ values: [SQLiteValue]) throws {
        st.reset()
        try st.bind(values)
        try st.step()
    }

    /// The `hikes` row's columns for `h`, in the order of ``hike``'s INSERT.
    static func hikeValues(_ h: NewHike, hash: [UInt8], createdAt: Date) -> [SQLiteValue] {
        let s = h.statistics
        let box = s.boundingBox
        return [
            .text(h.name), .optional(h.description), .text(h.kind.rawValue), .optional(h.sourceFileName),
            // Started: the first timestamp; for a file whose points carry no time, the file's own
            // metadata time (when the GPS unit or app wrote it), else unknown.
            .real(createdAt.timeIntervalSinceReferenceDate), Self.time(s.startTime ?? h.metadata.time),
            .text(Self.json(h.metadata)),
            .blob(hash), .integer(Int64(h.waypoints.count)), .real(s.distance), .integer(Int64(s.pointCount)),
            .integer(Int64(s.segmentCount)), Self.time(s.startTime), Self.time(s.endTime), .optional(s.elapsedTime),
            .optional(s.movingTime), .optional(s.averageSpeed), .optional(s.movingAverageSpeed), .optional(s.maxSpeed),
            .optional(s.elevationGain), .optional(s.elevationLoss), .optional(s.minElevation), .optional(s.maxElevation),
            .optional(s.steepestGrade), .optional(box?.minLatitude), .optional(box?.minLongitude),
            .optional(box?.maxLatitude), .optional(box?.maxLongitude), .optional(s.movingDistance),
            .real(s.estimatedWalkingTime), .optional(s.totalTime), .optional(s.timedDistance),
        ]
    }

    /// The columns of ``hikeValues(_:hash:createdAt:)``, in order.
    static let hikeColumns = [
        "name", "description", "kind", "source_file", "created_at", "started_at", "metadata_json",
        "content_hash", "waypoint_count", "distance", "point_count", "segment_count", "start_time", "end_time",
        "elapsed_time", "moving_time", "average_speed", "moving_average_speed", "max_speed", "elevation_gain",
        "elevation_loss", "min_elevation", "max_elevation", "steepest_grade", "min_latitude", "min_longitude",
        "max_latitude", "max_longitude", "moving_distance", "estimated_walking_time", "total_time", "timed_distance",
    ]

    /// Writes all rows of `h` and returns its new id.
    func write(_ h: NewHike, hash: [UInt8], createdAt: Date, pointsWritten: (Int) throws -> Void) throws -> HikeID {
        try run(hike, Self.hikeValues(h, hash: hash, createdAt: createdAt))
        let hikeRow = db.lastInsertRowID
        let id = HikeID(rowID: hikeRow)
        try run(setID, [.text(id.rawValue), .integer(hikeRow)])
        try writeLine(h, hikeRow: hikeRow, pointsWritten: pointsWritten)
        return id
    }

    /// Writes `h`'s tracks (with their segments and point blocks) and waypoints under the
    /// `hikes` row `hikeRow`.
    func writeLine(_ h: NewHike, hikeRow: Int64, pointsWritten: (Int) throws -> Void) throws {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(HikeStore.pointsPerBlock * PointCodec.recordSize)
        for (ti, t) in h.tracks.enumerated() {
            try run(track, [.integer(hikeRow), .integer(Int64(ti)), .optional(t.name), .optional(t.comment),
                            .optional(t.description), .optional(t.source), .optional(t.number), .optional(t.type),
                            Self.linksJSON(t.links), t.laps.isEmpty ? .null : .text(Self.json(t.laps))])
            let trackRow = db.lastInsertRowID
            for (si, seg) in t.segments.enumerated() {
                try run(segment, [.integer(trackRow), .integer(Int64(si)), .integer(Int64(seg.points.count))])
                let segRow = db.lastInsertRowID
                var first = 0
                while first < seg.points.count {
                    let end = min(first + HikeStore.pointsPerBlock, seg.points.count)
                    let slice = seg.points[first..<end]
                    bytes.removeAll(keepingCapacity: true)
                    PointCodec.encodePoints(slice, into: &bytes)
                    block.reset()
                    try block.bind(segRow, at: 1)
                    try block.bind(Int64(first), at: 2)
                    try block.bind(Int64(end - first), at: 3)
                    try bytes.withUnsafeBytes { try block.bindBlob($0, at: 4) }
                    try block.bind(PointCodec.encodeExtras(slice).map { .blob($0) } ?? .null, at: 5)
                    try block.step()
                    try pointsWritten(end - first)
                    first = end
                }
            }
        }
        // Each waypoint is a place: its kind from type/sym and an OSM id from an
        // openstreetmap.org link, so a marked-up file arrives with its huts and springs.
        var osmIDs = Set<String>()
        for (wi, w) in h.waypoints.enumerated() {
            let place = Place(waypoint: w)
            // One row per OSM object and hike: a repeated link is kept as a plain waypoint.
            let osm = place.osmID.flatMap { osmIDs.insert($0).inserted ? $0 : nil }
            try run(waypoint, [.integer(hikeRow), .integer(Int64(wi)), .real(w.latitude), .real(w.longitude),
                               .optional(w.elevation), Self.time(w.time), .optional(w.name), .optional(w.comment),
                               .optional(w.description), .optional(w.source), .optional(w.symbol), .optional(w.type),
                               Self.linksJSON(w.links), .text(place.kind.rawValue), .optional(osm)])
        }
    }
}
