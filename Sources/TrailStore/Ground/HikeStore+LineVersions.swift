import Foundation
import Localization
import TrailCore
import TrailSQLite

/// Which line of a hike to read: the one it shows (a kept version of the match review, else
/// the recording) or the recording as imported, never changed.
public enum HikeLine: String, Sendable, CaseIterable {
    case kept, raw
}

/// Why a line version was refused.
public enum LineVersionError: Error, CustomStringConvertible, Equatable {
    /// A version must have one list of points per segment of the raw line.
    case segmentCount(given: Int, raw: Int)

    public var description: String {
        switch self {
        case .segmentCount(let given, let raw):
            return L("a line version needs one list of points per segment: %d given for a line of %d; nothing was stored", given, raw)
        }
    }
}

/// What keeping a line did (``HikeStore/keepLine(_:origin:of:)``).
public enum LineKeeping: Equatable, Sendable {
    /// Nothing: the hike already showed this line (the version, 0 for the recording).
    case unchanged(Int)
    /// An equal line already stored (the version, 0 for the recording) is shown again.
    case reused(Int)
    /// A new version was stored and is shown.
    case stored(Int)

    /// The version the hike shows afterwards (0: the raw line).
    public var version: Int {
        switch self { case .unchanged(let v), .reused(let v), .stored(let v): return v }
    }
}

/// One stored version of a hike's line (see ``LineVersionTableSchema``).
public struct LineVersionInfo: Sendable, Hashable {
    /// 1, 2, … (0 is the raw line and has no row).
    public var version: Int
    public var createdAt: Date
    /// How it was made: "matched" (every section as matched) or "mixed".
    public var origin: String
    /// Points in the version.
    public var pointCount: Int
}

/// Versions of a hike's line: the match review keeps one (the recording stays as it was), the
/// kept one is what ``tracks(of:line:)`` and the statistics give; undo goes back to the raw line.
extension HikeStore {
    /// The version `hike` shows: 0 for the raw line.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``SQLiteError``.
    public func keptLineVersion(of hike: HikeID) throws -> Int {
        let row = try groundHikeRow(hike)
        return try connection.scalar("SELECT version FROM kept_line_versions WHERE hike_id = ?", [.integer(row)])?
            .integer.map { Int($0) } ?? 0
    }

    /// Every stored version of `hike`'s line, oldest first.
    public func lineVersions(of hike: HikeID) throws -> [LineVersionInfo] {
        let row = try groundHikeRow(hike)
        return try connection.query("""
            SELECT version, created_at, origin, length(points) FROM line_versions WHERE hike_id = ? ORDER BY version
            """, [.integer(row)]) { st in
            LineVersionInfo(version: st.int(0), createdAt: Date(timeIntervalSinceReferenceDate: st.double(1)),
                            origin: st.string(2), pointCount: st.int(3) / PointCodec.recordSize)
        }
    }

    /// Stores `segments` (one list of trackpoints per segment of the raw line, in order) as a
    /// new version of `hike`'s line and keeps it: from now on ``tracks(of:line:)`` gives it and
    /// the hike's statistics are those of this line (``StatisticsCalculator``, as at import),
    /// except the time-based figures, which are the recording's
    /// (``TrackStatistics/takingTimes(from:)``, DECISIONS 350): a matched line's path vertices
    /// carry interpolated times, which made speeds up (3.1 → 7.1 km/h) and moving time down.
    /// The raw points are not touched. One transaction.
    /// A line equal (as stored: the codec's precision) to the one the hike shows stores
    /// nothing; one equal to the recording or to a stored version is kept again from there,
    /// never stored twice (DECISIONS 430).
    /// - Returns: the version the hike shows afterwards (0: the raw line) and how it came to.
    /// - Throws: ``HikeStoreError/readOnly(path:)``, ``HikeStoreError/noSuchHike(_:)``,
    ///   ``LineVersionError/segmentCount(given:raw:)`` when `segments` does not have one list
    ///   per raw segment, ``SQLiteError``.
    @discardableResult
    public func keepLine(_ segments: [[Trackpoint]], origin: String, of hike: HikeID) throws -> LineKeeping {
        try requireWritable()
        return try connection.transaction {
            let row = try groundHikeRow(hike)
            let raw = try tracks(of: hike, line: .raw)
            let rawSegments = raw.flatMap(\.segments)
            guard rawSegments.count == segments.count else {
                throw LineVersionError.segmentCount(given: segments.count, raw: rawSegments.count)
            }
            let shown = try keptLineVersion(of: hike)
            let stored = Self.storedForm(segments)
            let rawPointCount = rawSegments.reduce(0) { $0 + $1.points.count }
            // The recording itself.
            if Self.storedForm(rawSegments.map(\.points)) == stored {
                guard shown != 0 else { return .unchanged(0) }
                try connection.run("DELETE FROM kept_line_versions WHERE hike_id = ?", [.integer(row)])
                try writeLineStatistics(raw, hikeRow: row)
                return .reused(0)
            }
            // A stored version made from this recording (the one shown first).
            let same = try connection.query("""
                SELECT version FROM line_versions WHERE hike_id = ? AND raw_point_count = ? AND segment_sizes = ?
                    AND points = ? AND extras IS ? ORDER BY version = ? DESC, version DESC LIMIT 1
                """, [.integer(row), .integer(Int64(rawPointCount)), .text(stored.sizes), .blob(stored.points),
                      stored.extras.map { .blob($0) } ?? .null, .integer(Int64(shown))]) { st in st.int(0) }
            if let version = same.first {
                guard version != shown else { return .unchanged(version) }
                try connection.run("INSERT OR REPLACE INTO kept_line_versions(hike_id, version) VALUES (?, ?)",
                                   [.integer(row), .integer(Int64(version))])
                try writeLineStatistics(Self.replacing(raw, with: segments), recorded: raw, hikeRow: row)
                return .reused(version)
            }
            let version = (try connection.scalar("SELECT max(version) FROM line_versions WHERE hike_id = ?",
                                                 [.integer(row)])?.integer.map { Int($0) } ?? 0) + 1
            try connection.run("""
                INSERT INTO line_versions(hike_id, version, created_at, origin, raw_point_count, segment_sizes, points, extras)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, [.integer(row), .integer(Int64(version)), .real(now().timeIntervalSinceReferenceDate), .text(origin),
                      .integer(Int64(rawPointCount)), .text(stored.sizes), .blob(stored.points),
                      stored.extras.map { .blob($0) } ?? .null])
            try connection.run("INSERT OR REPLACE INTO kept_line_versions(hike_id, version) VALUES (?, ?)",
                               [.integer(row), .integer(Int64(version))])
            try writeLineStatistics(Self.replacing(raw, with: segments), recorded: raw, hikeRow: row)
            return .stored(version)
        }
    }

    /// ``keepLine(_:origin:of:)``'s version: the new one, or the one kept again, or the shown
    /// one when nothing changed (0 for the raw line).
    @discardableResult
    public func keepLineVersion(_ segments: [[Trackpoint]], origin: String, of hike: HikeID) throws -> Int {
        try keepLine(segments, origin: origin, of: hike).version
    }

    /// A line as `line_versions` stores it: the segments' sizes ("12,40"), the points and
    /// their extras as ``PointCodec`` encodes them (equal forms: equal lines as read back).
    static func storedForm(_ segments: [[Trackpoint]]) -> (sizes: String, points: [UInt8], extras: [UInt8]?) {
        let all = segments.flatMap { $0 }
        var bytes: [UInt8] = []
        PointCodec.encodePoints(all[...], into: &bytes)
        return (segments.map { String($0.count) }.joined(separator: ","), bytes, PointCodec.encodeExtras(all[...]))
    }

    /// Goes back to the raw line (the versions stay stored): ``tracks(of:line:)`` gives the
    /// recording again and the statistics are measured on it. A no-op on a raw hike.
    /// - Returns: false when the hike already showed the raw line (nothing was changed).
    /// - Throws: ``HikeStoreError/readOnly(path:)``, ``HikeStoreError/noSuchHike(_:)``, ``SQLiteError``.
    @discardableResult
    public func keepRawLine(of hike: HikeID) throws -> Bool {
        try requireWritable()
        return try connection.transaction {
            let row = try groundHikeRow(hike)
            guard try keptLineVersion(of: hike) != 0 else { return false }
            try connection.run("DELETE FROM kept_line_versions WHERE hike_id = ?", [.integer(row)])
            try writeLineStatistics(try tracks(of: hike, line: .raw), hikeRow: row)
            return true
        }
    }

    /// The kept version's segments applied to `raw` (the tracks as read from `point_blocks`),
    /// or `raw` itself when none is kept or it was made from another recording.
    func applyingKeptLine(_ raw: [Track], hikeRow: Int64) throws -> [Track] {
        let rows = try connection.query("""
            SELECT v.raw_point_count, v.segment_sizes, v.points, v.extras FROM kept_line_versions k
            JOIN line_versions v ON v.hike_id = k.hike_id AND v.version = k.version WHERE k.hike_id = ?
            """, [.integer(hikeRow)]) { st -> (Int, [Int], [Trackpoint]) in
            var points: [Trackpoint] = []
            try st.withBlob(2) { p in try st.withBlob(3) { x in try PointCodec.decode(points: p, extras: x, into: &points) } }
            return (st.int(0), st.string(1).split(separator: ",").compactMap { Int($0) }, points)
        }
        guard let (rawCount, sizes, points) = rows.first else { return raw }
        let rawSegments = raw.flatMap(\.segments)
        guard rawSegments.reduce(0, { $0 + $1.points.count }) == rawCount, sizes.count == rawSegments.count,
              sizes.reduce(0, +) == points.count else { return raw }
        var start = 0
        let segments = sizes.map { n in
            defer { start += n }
            return Array(points[start..<start + n])
        }
        return Self.replacing(raw, with: segments)
    }

    /// `tracks` with the points of their segments (flattened, in order) replaced by `segments`.
    static func replacing(_ tracks: [Track], with segments: [[Trackpoint]]) -> [Track] {
        var k = 0
        return tracks.map { t in
            var t = t
            t.segments = t.segments.map { s in
                defer { k += 1 }
                var s = s
                s.points = segments[k]
                return s
            }
            return t
        }
    }

    /// The hike row's statistics columns measured on `tracks`, the time-based ones on
    /// `recorded` when given (the raw line of a kept version).
    private func writeLineStatistics(_ tracks: [Track], recorded: [Track]? = nil, hikeRow: Int64) throws {
        let calculator = StatisticsCalculator()
        var s = calculator.statistics(for: Track(segments: tracks.flatMap(\.segments)))
        if let recorded {
            s = s.takingTimes(from: calculator.statistics(for: Track(segments: recorded.flatMap(\.segments))))
        }
        let box = s.boundingBox
        try connection.run("""
            UPDATE hikes SET distance = ?, point_count = ?, elapsed_time = ?, moving_time = ?, average_speed = ?,
                moving_average_speed = ?, max_speed = ?, elevation_gain = ?, elevation_loss = ?, min_elevation = ?,
                max_elevation = ?, steepest_grade = ?, min_latitude = ?, min_longitude = ?, max_latitude = ?,
                max_longitude = ?, moving_distance = ?, estimated_walking_time = ?, total_time = ?, timed_distance = ?
            WHERE id = ?
            """, [.real(s.distance), .integer(Int64(s.pointCount)), .optional(s.elapsedTime), .optional(s.movingTime),
                  .optional(s.averageSpeed), .optional(s.movingAverageSpeed), .optional(s.maxSpeed),
                  .optional(s.elevationGain), .optional(s.elevationLoss), .optional(s.minElevation),
                  .optional(s.maxElevation), .optional(s.steepestGrade), .optional(box?.minLatitude),
                  .optional(box?.minLongitude), .optional(box?.maxLatitude), .optional(box?.maxLongitude),
                  .optional(s.movingDistance), .real(s.estimatedWalkingTime), .optional(s.totalTime),
                  .optional(s.timedDistance), .integer(hikeRow)])
    }
}
