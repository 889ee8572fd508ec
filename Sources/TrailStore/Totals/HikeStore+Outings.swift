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
    /// Everything the totals count (DECISIONS.md 220; the walks' columns of ``WalkTotalsSchema``):
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
        // Every hike (the trails walks follow), each with the row id of its first stored copy.
        struct Row { let id: Int64, canonical: Int64, publicID: String, name: String, dated: Outing? }
        let rows = try connection.query("""
            SELECT h.id, (SELECT min(d.id) FROM hikes d WHERE d.content_hash = h.content_hash), h.public_id, h.name,
                   h.start_time, h.distance, h.elevation_gain, h.moving_time, h.moving_distance, h.max_elevation,
                   h.steepest_grade
            FROM hikes h ORDER BY h.id
            """) { st -> Row in
            let id = st.string(2), name = st.string(3)
            let dated = st.optionalDouble(4).map {
                Outing(source: .hike, trailID: id, trailName: name, startTime: Date(timeIntervalSinceReferenceDate: $0),
                       distance: st.double(5), elevationGain: st.optionalDouble(6), movingTime: st.optionalDouble(7),
                       movingDistance: st.optionalDouble(8), maxElevation: st.optionalDouble(9),
                       steepestGrade: st.optionalDouble(10))
            }
            return Row(id: st.int64(0), canonical: st.int64(1), publicID: id, name: name, dated: dated)
        }
        var byRow: [Int64: Int] = [:]
        byRow.reserveCapacity(rows.count)
        for (i, r) in rows.enumerated() { byRow[r.id] = i }
        var outings: [Outing] = []
        var duplicates = 0, undated = 0
        for r in rows {
            guard let o = r.dated else { undated += 1; continue }
            if r.canonical == r.id { outings.append(o) } else { duplicates += 1 }
        }
        let walks = try connection.query("""
            SELECT id, hike_id, coalesce(first_fix_at, started_at), distance_walked, elevation_gain, moving_time,
                   moving_distance
            FROM walks WHERE accepted_fixes > 0 ORDER BY id
            """) { st -> Outing? in
            guard let i = byRow[st.int64(1)], let trail = byRow[rows[i].canonical].map({ rows[$0] }) else { return nil }
            return Outing(source: .walk(st.int64(0)), trailID: trail.publicID, trailName: trail.name,
                          startTime: Date(timeIntervalSinceReferenceDate: st.double(2)), distance: st.optionalDouble(3) ?? 0,
                          elevationGain: st.optionalDouble(4), movingTime: st.optionalDouble(5),
                          movingDistance: st.optionalDouble(6))
        }
        outings += walks.compactMap { $0 }
        return OutingList(outings: outings, duplicateHikes: duplicates, undatedHikes: undated)
    }
}
