import Foundation
import TrailSQLite
import TrailCore
import TrailSQLite

/// Where the next recorded point goes in a recording's stored track: the last segment and its
/// open (last) block, whose points are kept here so appending never reads the track back.
/// Obtained from ``HikeStore/beginRecording(name:first:rules:counters:source:at:)`` or
/// ``HikeStore/rewriteRecordedTrack(_:)``; advanced by ``HikeStore/appendRecordingPoint(_:_:counters:at:end:statistics:)``.
public struct RecordedTrackEnd: Sendable {
    let hikeRow: Int64
    let trackRow: Int64
    var segmentRow: Int64
    /// The last segment's position in the track (0 for the first).
    var segmentPosition: Int
    /// Index in the segment of the open block's first point.
    var blockFirst: Int
    /// The open block's points (at most ``HikeStore/recordedPointsPerBlock`` once it was opened here).
    var blockPoints: [Trackpoint]
    /// Points in the last segment.
    public internal(set) var pointCount: Int
}

extension HikeStore {
    /// Points per `point_blocks` row of a recording's track. The open block is rewritten with
    /// every point, so it is small: 64 points are 2 KiB of ``PointCodec`` records, and a 12-hour
    /// walk at 1 Hz is 675 blocks (DECISIONS.md 421).
    public static let recordedPointsPerBlock = 64

    /// Rewrites a recording's hike from its stored points: one track, the stretches in order as
    /// ``RecordingSession/segments(of:)`` joins them (DECISIONS.md 420), in blocks of ``recordedPointsPerBlock``, the
    /// statistics (``StatisticsCalculator`` with the standard configuration, as an import
    /// computes them) and the content hash. Used when a recording is restored (one stored by an
    /// older version had a segment per stretch); the caller holds the transaction.
    /// - Returns: the end to append to, nil when the recording has no points.
    func writeRecordedTrack(_ recording: RecordingID) throws -> RecordedTrackEnd? {
        let hikeRow = try recordingHikeRow(recording)
        let segments = RecordingSession.segments(of: try recordingStretches(recording))
        guard let points = segments.last else { return nil }
        let track = Track(segments: segments.map { TrackSegment(points: $0) })
        try connection.run("DELETE FROM tracks WHERE hike_id = ?", [.integer(hikeRow)])
        let writer = try HikeWriter(connection)
        try writer.run(writer.track, [.integer(hikeRow), .integer(0), .null, .null, .null, .null, .null, .null, .null])
        let trackRow = connection.lastInsertRowID
        var segmentRow: Int64 = 0
        for (position, points) in segments.enumerated() {
            try writer.run(writer.segment, [.integer(trackRow), .integer(Int64(position)), .integer(Int64(points.count))])
            segmentRow = connection.lastInsertRowID
            var first = 0
            while first < points.count {
                let end = min(first + Self.recordedPointsPerBlock, points.count)
                try writeRecordedBlock(segmentRow, first: first, points[first..<end], replacing: false)
                first = end
            }
        }
        let lastFirst = (points.count - 1) / Self.recordedPointsPerBlock * Self.recordedPointsPerBlock
        try writeHikeStatistics(hikeRow, StatisticsCalculator().statistics(for: track),
                                hash: ContentHash.of(tracks: [track], waypoints: []))
        return RecordedTrackEnd(hikeRow: hikeRow, trackRow: trackRow, segmentRow: segmentRow,
                                segmentPosition: segments.count - 1, blockFirst: lastFirst,
                                blockPoints: Array(points[lastFirst...]), pointCount: points.count)
    }

    /// ``writeRecordedTrack(_:)`` in its own transaction, for an unfinished recording (a
    /// finished one is an ordinary hike, which may have a kept line: never rewritten).
    /// - Throws: ``RecordingStoreError`` (``RecordingStoreError/finished(_:)`` for a finished one), ``SQLiteError``.
    public func rewriteRecordedTrack(_ recording: RecordingID) throws -> RecordedTrackEnd? {
        try requireWritable()
        return try connection.transaction {
            guard try self.recording(recording).state != .finished else { throw RecordingStoreError.finished(recording) }
            return try writeRecordedTrack(recording)
        }
    }

    /// The end of a hike's track as `beginRecording` wrote it (one track, one segment).
    func recordedTrackEnd(hikeRow: Int64) throws -> RecordedTrackEnd {
        let rows = try connection.query("""
            SELECT t.id, s.id, s.point_count FROM tracks t JOIN segments s ON s.track_id = t.id WHERE t.hike_id = ?
            """, [.integer(hikeRow)]) { st in (st.int64(0), st.int64(1), st.int(2)) }
        guard rows.count == 1, let (trackRow, segmentRow, count) = rows.first else { throw HikeStoreError.noSuchHike("row \(hikeRow)") }
        let blocks = try connection.prepare("""
            SELECT first_index, points, extras FROM point_blocks WHERE segment_id = ? ORDER BY first_index DESC LIMIT 1
            """)
        try blocks.bind([.integer(segmentRow)])
        var points: [Trackpoint] = []
        var first = 0
        if try blocks.step() {
            first = blocks.int(0)
            try blocks.withBlob(1) { p in try blocks.withBlob(2) { x in try PointCodec.decode(points: p, extras: x, into: &points) } }
        }
        return RecordedTrackEnd(hikeRow: hikeRow, trackRow: trackRow, segmentRow: segmentRow, segmentPosition: 0,
                                blockFirst: first, blockPoints: points, pointCount: count)
    }

    /// Appends one point to the recorded track: the open block rewritten (or a new one opened
    /// when it is full) and the segment's count; with `newSegment`, in a new segment after the
    /// last (a leg across a pause that does not count, DECISIONS.md 420). The caller holds the
    /// transaction and keeps `end` only when it commits.
    func appendToRecordedTrack(_ end: inout RecordedTrackEnd, _ point: Trackpoint, newSegment: Bool) throws {
        if newSegment {
            end.segmentPosition += 1
            try connection.run("INSERT INTO segments (track_id, position, point_count) VALUES (?, ?, 0)",
                               [.integer(end.trackRow), .integer(Int64(end.segmentPosition))])
            end.segmentRow = connection.lastInsertRowID
            end.blockFirst = 0
            end.blockPoints.removeAll(keepingCapacity: true)
            end.pointCount = 0
        }
        var opened = false
        if end.blockPoints.count >= Self.recordedPointsPerBlock || end.blockPoints.isEmpty {
            end.blockFirst += end.blockPoints.count
            end.blockPoints.removeAll(keepingCapacity: true)
            opened = true
        }
        end.blockPoints.append(point)
        end.pointCount += 1
        try writeRecordedBlock(end.segmentRow, first: end.blockFirst, end.blockPoints[...], replacing: !opened)
        // The segment's count is written when a block opens, not with every point: its page
        // was a whole WAL frame in each point's commit, and nothing reads it for the points
        // (readers take every block; it only sizes their array). Pause and finish make it exact
        // before the content hash reads it (``refreshRecordedSegmentCounts(_:)``); a restore
        // rewrites the track (DECISIONS.md 495).
        if opened {
            try connection.run("UPDATE segments SET point_count = ? WHERE id = ?",
                               [.integer(Int64(end.pointCount)), .integer(end.segmentRow)])
        }
    }

    /// Makes the point counts of a recorded hike's segments exact: the sum of their blocks'.
    func refreshRecordedSegmentCounts(_ hikeRow: Int64) throws {
        try connection.run("""
            UPDATE segments SET point_count = (SELECT coalesce(sum(b.point_count), 0) FROM point_blocks b WHERE b.segment_id = segments.id)
            WHERE track_id IN (SELECT id FROM tracks WHERE hike_id = ?)
            """, [.integer(hikeRow)])
    }

    private func writeRecordedBlock(_ segmentRow: Int64, first: Int, _ points: ArraySlice<Trackpoint>, replacing: Bool) throws {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(points.count * PointCodec.recordSize)
        PointCodec.encodePoints(points, into: &bytes)
        let extras: SQLiteValue = PointCodec.encodeExtras(points).map { .blob($0) } ?? .null
        if replacing {
            try connection.run("""
                UPDATE point_blocks SET point_count = ?, points = ?, extras = ? WHERE segment_id = ? AND first_index = ?
                """, [.integer(Int64(points.count)), .blob(bytes), extras, .integer(segmentRow), .integer(Int64(first))])
        } else {
            try connection.run("""
                INSERT INTO point_blocks (segment_id, first_index, point_count, points, extras) VALUES (?, ?, ?, ?, ?)
                """, [.integer(segmentRow), .integer(Int64(first)), .integer(Int64(points.count)), .blob(bytes), extras])
        }
    }

    /// Writes a recorded hike's statistics columns and, when given, its content hash.
    func writeHikeStatistics(_ hikeRow: Int64, _ s: TrackStatistics, hash: [UInt8]?) throws {
        let box = s.boundingBox
        // Without a hash the column is left out of the SET list: assigning it (even to itself)
        // makes SQLite rewrite its index entry, a whole page more in every point's commit (DECISIONS.md 495).
        try connection.run("""
            UPDATE hikes SET \(hash == nil ? "" : "content_hash = ?, ")started_at = ?, distance = ?, point_count = ?,
                segment_count = ?, start_time = ?, end_time = ?, elapsed_time = ?, moving_time = ?, average_speed = ?,
                moving_average_speed = ?, max_speed = ?, elevation_gain = ?, elevation_loss = ?, min_elevation = ?,
                max_elevation = ?, steepest_grade = ?, min_latitude = ?, min_longitude = ?, max_latitude = ?,
                max_longitude = ?, moving_distance = ?, estimated_walking_time = ?, total_time = ?, timed_distance = ?
            WHERE id = ?
            """, (hash.map { [.blob($0)] } ?? []) + [HikeWriter.time(s.startTime), .real(s.distance), .integer(Int64(s.pointCount)),
                  .integer(Int64(s.segmentCount)), HikeWriter.time(s.startTime), HikeWriter.time(s.endTime),
                  .optional(s.elapsedTime), .optional(s.movingTime), .optional(s.averageSpeed),
                  .optional(s.movingAverageSpeed), .optional(s.maxSpeed), .optional(s.elevationGain),
                  .optional(s.elevationLoss), .optional(s.minElevation), .optional(s.maxElevation),
                  .optional(s.steepestGrade), .optional(box?.minLatitude), .optional(box?.minLongitude),
                  .optional(box?.maxLatitude), .optional(box?.maxLongitude), .optional(s.movingDistance),
                  .real(s.estimatedWalkingTime), .optional(s.totalTime), .optional(s.timedDistance),
                  .integer(hikeRow)])
    }

    /// ``ContentHash`` of a hike's stored track, read block by block (the blocks hold the very
    /// ``PointCodec`` records the hash is taken over), so a long recording is hashed without
    /// reading its points into memory. Only for a hike with points (the hash of a hike without
    /// is over its waypoints).
    func storedTrackContentHash(_ hikeRow: Int64) throws -> [UInt8] {
        var sha = SHA256()
        sha.update(Array("cairn-trk1".utf8))
        let segments = try connection.query("""
            SELECT s.id, s.point_count FROM tracks t JOIN segments s ON s.track_id = t.id
            WHERE t.hike_id = ? AND s.point_count > 0 ORDER BY t.position, s.position
            """, [.integer(hikeRow)]) { st in (st.int64(0), st.int64(1)) }
        let blocks = try connection.prepare("SELECT points FROM point_blocks WHERE segment_id = ? ORDER BY first_index")
        for (segment, count) in segments {
            withUnsafeBytes(of: UInt64(count).littleEndian) { sha.update($0) }
            blocks.reset()
            try blocks.bind([.integer(segment)])
            while try blocks.step() { blocks.withBlob(0) { sha.update($0) } }
        }
        return sha.finalize()
    }

    func recordingHikeRow(_ recording: RecordingID) throws -> Int64 {
        guard let row = try connection.scalar("SELECT hike_id FROM recordings WHERE id = ?",
                                              [.integer(recording.rawValue)])?.integer
        else { throw RecordingStoreError.noSuchRecording(recording) }
        return row
    }
}
