import Foundation
import TrailCore
import TrailSQLite

/// The order of ``HikeStore/summaries(sortedBy:reversed:)``.
public enum HikeSort: String, Sendable, CaseIterable {
    /// By start time, newest first (the order of `cairn list` and the viewer alike); undated
    /// hikes (no timestamp at all) after the dated ones, the latest added first (in either
    /// direction: they have no place in time).
    case date
    /// Longest first.
    case distance
    /// Most climb first.
    case gain
    /// Alphabetical (SQLite NOCASE: ASCII letters fold).
    case name
    /// Longest elapsed time first.
    case duration

    var orderBy: String {
        switch self {
        case .date: return "started_at IS NULL, started_at DESC, created_at DESC, id DESC"
        case .distance: return "distance DESC, id ASC"
        case .gain: return "coalesce(elevation_gain, -1) DESC, id ASC"
        case .name: return "name COLLATE NOCASE ASC, id ASC"
        case .duration: return "coalesce(elapsed_time, -1) DESC, id ASC"
        }
    }
}

extension HikeStore {
    static let summaryColumns = """
        public_id, name, description, kind, source_file, created_at, started_at, waypoint_count, distance,
        point_count, segment_count, start_time, end_time, elapsed_time, moving_time, average_speed,
        moving_average_speed, max_speed, elevation_gain, elevation_loss, min_elevation, max_elevation,
        steepest_grade, min_latitude, min_longitude, max_latitude, max_longitude, moving_distance,
        estimated_walking_time, total_time, timed_distance
        """

    static func date(_ st: Statement, _ i: Int32) -> Date? {
        st.optionalDouble(i).map { Date(timeIntervalSinceReferenceDate: $0) }
    }

    static func summary(_ st: Statement) -> HikeSummary {
        var box: BoundingBox?
        if let a = st.optionalDouble(23), let b = st.optionalDouble(24), let c = st.optionalDouble(25),
           let d = st.optionalDouble(26) {
            box = BoundingBox(minLatitude: a, minLongitude: b, maxLatitude: c, maxLongitude: d)
        }
        let stats = TrackStatistics(
            distance: st.double(8), pointCount: st.int(9), segmentCount: st.int(10), startTime: date(st, 11),
            endTime: date(st, 12), elapsedTime: st.optionalDouble(13), totalTime: st.optionalDouble(29),
            movingTime: st.optionalDouble(14), averageSpeed: st.optionalDouble(15),
            timedDistance: st.optionalDouble(30), movingDistance: st.optionalDouble(27),
            movingAverageSpeed: st.optionalDouble(16),
            maxSpeed: st.optionalDouble(17), elevationGain: st.optionalDouble(18),
            elevationLoss: st.optionalDouble(19), minElevation: st.optionalDouble(20),
            maxElevation: st.optionalDouble(21), steepestGrade: st.optionalDouble(22), boundingBox: box,
            estimatedWalkingTime: st.double(28))
        return HikeSummary(id: HikeID(uncheckedRawValue: st.string(0)), name: st.string(1),
                           description: st.optionalString(2), kind: HikeKind(rawValue: st.string(3)) ?? .imported,
                           sourceFileName: st.optionalString(4),
                           createdAt: Date(timeIntervalSinceReferenceDate: st.double(5)), startedAt: date(st, 6),
                           statistics: stats, waypointCount: st.int(7))
    }

    /// Every hike without its points: one query over `hikes` only.
    /// - Parameters:
    ///   - sort: the order (see ``HikeSort``); `reversed` turns it around.
    public func summaries(sortedBy sort: HikeSort = .date, reversed: Bool = false) throws -> [HikeSummary] {
        var order = sort.orderBy
        if reversed {
            order = order.replacingOccurrences(of: "ASC", with: "§").replacingOccurrences(of: "DESC", with: "ASC")
                .replacingOccurrences(of: "§", with: "DESC")
        }
        return try connection.query("SELECT \(Self.summaryColumns) FROM hikes ORDER BY \(order)") { Self.summary($0) }
    }

    /// One hike's summary.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``.
    public func summary(_ id: HikeID) throws -> HikeSummary {
        guard let s = try connection.query("SELECT \(Self.summaryColumns) FROM hikes WHERE public_id = ?",
                                           [.text(id.rawValue)], row: Self.summary).first
        else { throw HikeStoreError.noSuchHike(id.rawValue) }
        return s
    }

    private func rowID(_ id: HikeID) throws -> Int64 {
        guard let v = try connection.scalar("SELECT id FROM hikes WHERE public_id = ?", [.text(id.rawValue)])?.integer
        else { throw HikeStoreError.noSuchHike(id.rawValue) }
        return v
    }

    static let decoder: JSONDecoder = {
        let d = JSONDecoder()
        return d
    }()

    /// A track's stored laps (`laps_json`); none when NULL or unreadable.
    static func laps(_ st: Statement, _ i: Int32) -> [TrackLap] {
        guard let s = st.optionalString(i) else { return [] }
        return (try? decoder.decode([TrackLap].self, from: Data(s.utf8))) ?? []
    }

    static func links(_ st: Statement, _ i: Int32) -> [Link] {
        guard let s = st.optionalString(i) else { return [] }
        return (try? decoder.decode([Link].self, from: Data(s.utf8))) ?? []
    }

    /// A hike's tracks with every segment and trackpoint, in stored order: with `line` `.kept`
    /// (the default) the points of the line version the match review kept, if any
    /// (``keepLineVersion(_:origin:of:)``), with `.raw` the line as recorded or imported.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``PointCodec/MalformedBlob``.
    public func tracks(of id: HikeID, line: HikeLine = .kept) throws -> [Track] {
        let hikeRow = try rowID(id)
        struct Row { let id: Int64; var track: Track }
        var rows = try connection.query("""
            SELECT id, name, comment, description, source, number, type, links_json, laps_json FROM tracks
            WHERE hike_id = ? ORDER BY position
            """, [.integer(hikeRow)]) { st in
            Row(id: st.int64(0), track: Track(name: st.optionalString(1), comment: st.optionalString(2),
                                              description: st.optionalString(3), source: st.optionalString(4),
                                              links: Self.links(st, 7), number: st.optionalInt64(5).map { Int($0) },
                                              type: st.optionalString(6), laps: Self.laps(st, 8)))
        }
        let segments = try connection.prepare("SELECT id, point_count FROM segments WHERE track_id = ? ORDER BY position")
        let blocks = try connection.prepare("SELECT points, extras FROM point_blocks WHERE segment_id = ? ORDER BY first_index")
        for r in rows.indices {
            segments.reset()
            try segments.bind([.integer(rows[r].id)])
            while try segments.step() {
                var points: [Trackpoint] = []
                points.reserveCapacity(segments.int(1))
                blocks.reset()
                try blocks.bind([.integer(segments.int64(0))])
                while try blocks.step() {
                    try blocks.withBlob(0) { p in
                        try blocks.withBlob(1) { x in try PointCodec.decode(points: p, extras: x, into: &points) }
                    }
                }
                rows[r].track.segments.append(TrackSegment(points: points))
            }
        }
        return line == .raw ? rows.map(\.track) : try applyingKeptLine(rows.map(\.track), hikeRow: hikeRow)
    }

    /// A hike's waypoints (places), in stored order.
    public func waypoints(of id: HikeID) throws -> [Waypoint] {
        let hikeRow = try rowID(id)
        return try connection.query("""
            SELECT latitude, longitude, elevation, time, name, comment, description, source, symbol, type, links_json
            FROM waypoints WHERE hike_id = ? ORDER BY position
            """, [.integer(hikeRow)]) { st in
            Waypoint(latitude: st.double(0), longitude: st.double(1), elevation: st.optionalDouble(2),
                     time: Self.date(st, 3), name: st.optionalString(4), comment: st.optionalString(5),
                     description: st.optionalString(6), source: st.optionalString(7), links: Self.links(st, 10),
                     symbol: st.optionalString(8), type: st.optionalString(9))
        }
    }

    /// The kept GPX metadata of a hike.
    public func metadata(of id: HikeID) throws -> HikeMetadata {
        guard let s = try connection.scalar("SELECT metadata_json FROM hikes WHERE public_id = ?",
                                            [.text(id.rawValue)])?.text
        else { throw HikeStoreError.noSuchHike(id.rawValue) }
        return (try? Self.decoder.decode(HikeMetadata.self, from: Data(s.utf8))) ?? HikeMetadata()
    }

    /// Everything about one hike, points included (one read transaction, so a concurrent
    /// delete cannot tear it).
    public func hike(_ id: HikeID, line: HikeLine = .kept) throws -> Hike {
        // A savepoint is a read transaction on its own and nests inside a caller's transaction.
        try connection.execute("SAVEPOINT cairn_read_hike")
        defer { try? connection.execute("RELEASE cairn_read_hike") }
        return Hike(summary: try summary(id), metadata: try metadata(of: id), tracks: try tracks(of: id, line: line),
                    waypoints: try waypoints(of: id))
    }
}
