import Foundation
import TrailSQLite
import TrailCore

extension HikeStore {
    /// Rewrites a recording's hike from its stored points: one track, one segment per stretch
    /// (``PointCodec`` blocks as for any hike), the statistics (``StatisticsCalculator`` with
    /// the standard configuration, as an import computes them) and the content hash. Called
    /// inside the transaction of a pause or finish, so the hike is never half-written.
    func writeRecordedTrack(_ recording: RecordingID) throws {
        guard let hikeRow = try connection.scalar("SELECT hike_id FROM recordings WHERE id = ?",
                                                  [.integer(recording.rawValue)])?.integer
        else { throw RecordingStoreError.noSuchRecording(recording) }
        let stretches = try recordingStretches(recording)
        guard !stretches.isEmpty else { return }
        let track = Track(segments: stretches.map { TrackSegment(points: $0) })
        let s = StatisticsCalculator().statistics(for: track)
        let hash = ContentHash.of(tracks: [track], waypoints: try waypoints(ofRow: hikeRow))
        try connection.run("DELETE FROM tracks WHERE hike_id = ?", [.integer(hikeRow)])
        let writer = try HikeWriter(connection)
        try writer.run(writer.track, [.integer(hikeRow), .integer(0), .null, .null, .null, .null, .null, .null, .null])
        let trackRow = connection.lastInsertRowID
        var bytes: [UInt8] = []
        for (si, points) in stretches.enumerated() {
            try writer.run(writer.segment, [.integer(trackRow), .integer(Int64(si)), .integer(Int64(points.count))])
            let segRow = connection.lastInsertRowID
            var first = 0
            while first < points.count {
                let end = min(first + HikeStore.pointsPerBlock, points.count)
                let slice = points[first..<end]
                bytes.removeAll(keepingCapacity: true)
                PointCodec.encodePoints(slice, into: &bytes)
                try writer.run(writer.block, [.integer(segRow), .integer(Int64(first)), .integer(Int64(end - first)),
                                              .blob(bytes), PointCodec.encodeExtras(slice).map { .blob($0) } ?? .null])
                first = end
            }
        }
        let box = s.boundingBox
        try connection.run("""
            UPDATE hikes SET content_hash = ?, started_at = ?, distance = ?, point_count = ?, segment_count = ?,
                start_time = ?, end_time = ?, elapsed_time = ?, moving_time = ?, average_speed = ?,
                moving_average_speed = ?, max_speed = ?, elevation_gain = ?, elevation_loss = ?, min_elevation = ?,
                max_elevation = ?, steepest_grade = ?, min_latitude = ?, min_longitude = ?, max_latitude = ?,
                max_longitude = ?, moving_distance = ?, estimated_walking_time = ?, total_time = ?, timed_distance = ?
            WHERE id = ?
            """, [.blob(hash), HikeWriter.time(s.startTime), .real(s.distance), .integer(Int64(s.pointCount)),
                  .integer(Int64(s.segmentCount)), HikeWriter.time(s.startTime), HikeWriter.time(s.endTime),
                  .optional(s.elapsedTime), .optional(s.movingTime), .optional(s.averageSpeed),
                  .optional(s.movingAverageSpeed), .optional(s.maxSpeed), .optional(s.elevationGain),
                  .optional(s.elevationLoss), .optional(s.minElevation), .optional(s.maxElevation),
                  .optional(s.steepestGrade), .optional(box?.minLatitude), .optional(box?.minLongitude),
                  .optional(box?.maxLatitude), .optional(box?.maxLongitude), .optional(s.movingDistance),
                  .real(s.estimatedWalkingTime), .optional(s.totalTime), .optional(s.timedDistance),
                  .integer(hikeRow)])
    }

    private func waypoints(ofRow hikeRow: Int64) throws -> [Waypoint] {
        guard let id = try connection.scalar("SELECT public_id FROM hikes WHERE id = ?", [.integer(hikeRow)])?.text
        else { return [] }
        return try waypoints(of: HikeID(uncheckedRawValue: id))
    }
}
