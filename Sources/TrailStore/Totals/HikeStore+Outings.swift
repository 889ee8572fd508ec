import Foundation
import TrailCore
import TrailSQLite

/// What the totals count, read from the store in two queries over stored statistics (the
/// `hikes` columns and the walks' summaries), never from points.
public struct OutingList: Hashable, Sendable {
    /// The walks to count (see ``Outing``): dated hikes, then walks.
    public var outings: [Outing]
    /// Dated hikes left out because an earlier stored hike has the same content hash (the same
    /// track imported twice, or a recording and its exported GPX imported again).
    public var duplicateHikes: Int
    /// Hikes without timestamps (drawn routes, untimed files): counted only through their walks.
    public var undatedHikes: Int

    public init(outings: [Outing], duplicateHikes: Int, undatedHikes: Int) {
        self.outings = outings
        self.duplicateHikes = duplicateHikes
        self.undatedHikes = undatedHikes
    }
}

extension HikeStore {
    /// Everything the totals count (DECISIONS.md 220):
    /// - every hike with timestamps (`start_time` set: recordings, paused ones with the numbers
    ///   of their last pause, and imported tracks), dated by its first timestamp, once per
    ///   content hash (the first stored copy counts);
    /// - every walk of the walk history with at least one accepted fix (finished or not, a
    ///   backtrack too), dated by its first accepted fix (else the wall-clock start), along
    ///   the trail it followed — for a copy, the first stored copy — with its summary's
    ///   distance walked, climb and moving time (``FollowSummary/movingTime``; walks saved
    ///   before it was kept count their active time). Walks store no highest point or grade.
    /// Hikes without timestamps count only through their walks.
    /// - Throws: ``SQLiteError``.
    public func outings() throws -> OutingList {
        try connection.execute("SAVEPOINT cairn_read_outings")
        defer { try? connection.execute("RELEASE cairn_read_outings") }
        // nil for a copy of an earlier stored hike.
        let dated: [Outing?] = try connection.query("""
            SELECT h.public_id, h.name, h.start_time, h.distance, h.elevation_gain, h.moving_time, h.moving_distance,
                   h.max_elevation, h.steepest_grade,
                   h.id = (SELECT min(d.id) FROM hikes d WHERE d.content_hash = h.content_hash)
            FROM hikes h WHERE h.start_time IS NOT NULL ORDER BY h.id
            """) { st in
            guard st.int(9) != 0 else { return nil }
            return Outing(source: .hike, trailID: st.string(0), trailName: st.string(1),
                                  startTime: Date(timeIntervalSinceReferenceDate: st.double(2)), distance: st.double(3),
                                  elevationGain: st.optionalDouble(4), movingTime: st.optionalDouble(5),
                                  movingDistance: st.optionalDouble(6), maxElevation: st.optionalDouble(7),
                                  steepestGrade: st.optionalDouble(8))
        }
        var outings = dated.compactMap { $0 }
        let duplicates = dated.count - outings.count
        outings += try connection.query("""
            SELECT w.id, t.public_id, t.name,
                   coalesce(json_extract(w.summary_json, '$.startTime'), w.started_at),
                   json_extract(w.summary_json, '$.distanceWalked'), json_extract(w.summary_json, '$.elevationGain'),
                   coalesce(json_extract(w.summary_json, '$.movingTime'), json_extract(w.summary_json, '$.activeTime')),
                   coalesce(json_extract(w.summary_json, '$.movingDistance'), json_extract(w.summary_json, '$.distanceWalked'))
            FROM walks w JOIN hikes h ON h.id = w.hike_id
            JOIN hikes t ON t.id = (SELECT min(d.id) FROM hikes d WHERE d.content_hash = h.content_hash)
            WHERE w.summary_json IS NOT NULL AND json_extract(w.summary_json, '$.acceptedFixes') > 0
            ORDER BY w.id
            """) { st in
            Outing(source: .walk(st.int64(0)), trailID: st.string(1), trailName: st.string(2),
                                  startTime: Date(timeIntervalSinceReferenceDate: st.double(3)),
                                  distance: st.optionalDouble(4) ?? 0, elevationGain: st.optionalDouble(5),
                                  movingTime: st.optionalDouble(6), movingDistance: st.optionalDouble(7))
        }
        let undated = try connection.scalar("SELECT count(*) FROM hikes WHERE start_time IS NULL")?.integer ?? 0
        return OutingList(outings: outings, duplicateHikes: duplicates, undatedHikes: Int(undated))
    }
}
