import Foundation
import TrailCore
import TrailSQLite

/// A hike's walk history (tables of ``WalkSchema``): begin a walk, append each accepted fix as
/// it arrives (its own transaction, so a killed process loses nothing already reported), finish
/// it with its summary, and read it back — the list for the hike screen and `cairn show`, the
/// stretches of an unfinished walk to resume it.
extension HikeStore {
    /// Starts a walk of hike `hike`.
    /// - Parameters:
    ///   - startedAt: wall-clock start (shown in the history).
    ///   - offRouteThreshold: the `--off-route` threshold in force, metres.
    ///   - backtrackRoute: for a backtrack, the route followed (kept so the walk can be resumed);
    ///     nil when following the hike itself.
    /// - Returns: the new walk's id.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``SQLiteError``.
    public func beginWalk(of hike: HikeID, startedAt: Date, offRouteThreshold: Double,
                          backtrackRoute: [Trackpoint]? = nil) throws -> WalkID {
        let row = try walkHikeRow(hike)
        var route: SQLiteValue = .null
        if let backtrackRoute {
            var bytes: [UInt8] = []
            PointCodec.encodePoints(backtrackRoute[...], into: &bytes)
            route = .blob(bytes)
        }
        try connection.run("""
            INSERT INTO walks(hike_id, started_at, off_route_threshold, backtrack_route) VALUES (?, ?, ?, ?)
            """, [.integer(row), .real(startedAt.timeIntervalSinceReferenceDate), .real(offRouteThreshold), route])
        return WalkID(rawValue: connection.lastInsertRowID)
    }

    /// Appends accepted fixes to a walk and, when given, replaces its summary — all in one
    /// transaction (committed before returning: WAL with `synchronous = NORMAL` survives a
    /// killed process).
    /// - Throws: ``WalkStoreError/noSuchWalk(_:)`` when the walk is gone, ``SQLiteError``.
    public func appendWalkPoints(_ walk: WalkID, _ points: [WalkPoint], summary: FollowSummary? = nil) throws {
        let summaryText = try summary.map(Self.encodeSummary)
        try connection.transaction {
            guard let count = try connection.scalar("SELECT point_count FROM walks WHERE id = ?",
                                                    [.integer(walk.rawValue)])?.integer
            else { throw WalkStoreError.noSuchWalk(walk) }
            let insert = try connection.prepare(StretchPointTable.walks.insertSQL)
            for (i, wp) in points.enumerated() {
                insert.reset()
                try insert.bind(Self.stretchPointValues(owner: walk.rawValue, seq: count + Int64(i), stretch: wp.stretch, wp.point))
                try insert.step()
            }
            try connection.run("""
                UPDATE walks SET point_count = point_count + ?, summary_json = coalesce(?, summary_json),
                    \(WalkTotalsSchema.setClause) WHERE id = ?
                """, [.integer(Int64(points.count)), .optional(summaryText)] + WalkTotalsSchema.values(summary)
                    + [.integer(walk.rawValue)])
        }
    }

    /// Marks a walk finished at `endedAt` with its final summary.
    /// - Throws: ``WalkStoreError/noSuchWalk(_:)``, ``SQLiteError``.
    public func finishWalk(_ walk: WalkID, endedAt: Date, summary: FollowSummary) throws {
        try connection.run("UPDATE walks SET ended_at = ?, summary_json = ?, \(WalkTotalsSchema.setClause) WHERE id = ?",
                           [.real(endedAt.timeIntervalSinceReferenceDate), .text(try Self.encodeSummary(summary))]
                            + WalkTotalsSchema.values(summary) + [.integer(walk.rawValue)])
        if connection.changes == 0 { throw WalkStoreError.noSuchWalk(walk) }
    }

    /// Records the position source a walk uses (as typed for `--gps`) and its replay speed
    /// (`--speed`, nil for 1x or a live source), both used again when the walk is resumed.
    /// - Throws: ``WalkStoreError/noSuchWalk(_:)``, ``SQLiteError``.
    public func setWalkSource(_ walk: WalkID, _ source: String, speed: Double? = nil) throws {
        try connection.run("UPDATE walks SET source = ?, speed = ? WHERE id = ?",
                           [.text(source), .optional(speed), .integer(walk.rawValue)])
        if connection.changes == 0 { throw WalkStoreError.noSuchWalk(walk) }
    }

    /// Deletes a walk and its points (a walk that recorded nothing is not history).
    /// - Throws: ``SQLiteError``.
    public func deleteWalk(_ walk: WalkID) throws {
        try connection.run("DELETE FROM walks WHERE id = ?", [.integer(walk.rawValue)])
    }

    /// Deletes the unfinished walks of a hike that hold no fixes (left by a process that ended
    /// before the first accepted fix); returns how many went.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``SQLiteError``.
    @discardableResult
    public func deleteEmptyUnfinishedWalks(of hike: HikeID) throws -> Int {
        let row = try walkHikeRow(hike)
        try connection.run("DELETE FROM walks WHERE hike_id = ? AND ended_at IS NULL AND point_count = 0", [.integer(row)])
        return connection.changes
    }

    /// The walks of a hike, oldest first.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``SQLiteError``.
    public func walks(of hike: HikeID) throws -> [WalkRecord] {
        let row = try walkHikeRow(hike)
        return try connection.query("""
            SELECT id, started_at, ended_at, backtrack_route IS NOT NULL, off_route_threshold, point_count, summary_json,
                   source, speed
            FROM walks WHERE hike_id = ? ORDER BY started_at, id
            """, [.integer(row)]) { st in
            WalkRecord(id: WalkID(rawValue: st.int64(0)), hikeID: hike,
                       startedAt: Date(timeIntervalSinceReferenceDate: st.double(1)),
                       endedAt: st.optionalDouble(2).map { Date(timeIntervalSinceReferenceDate: $0) },
                       isBacktrack: st.int(3) != 0, offRouteThreshold: st.double(4), pointCount: st.int(5),
                       summary: st.optionalString(6).flatMap { try? Self.walkDecoder.decode(FollowSummary.self, from: Data($0.utf8)) },
                       source: st.optionalString(7), speed: st.optionalDouble(8))
        }
    }

    /// The newest unfinished walk of a hike, if any (the one to offer for resuming).
    public func unfinishedWalk(of hike: HikeID) throws -> WalkRecord? {
        try walks(of: hike).last { !$0.isFinished }
    }

    /// A walk's stored fixes, one array per stretch (stretches in order; a stretch number that
    /// has no points is left out).
    public func walkStretches(_ walk: WalkID) throws -> [[Trackpoint]] {
        try storedStretches(.walks, owner: walk.rawValue)
    }

    /// The route a backtrack walk followed, nil for a walk of the hike itself.
    public func walkBacktrackRoute(_ walk: WalkID) throws -> [Trackpoint]? {
        guard let value = try connection.scalar("SELECT backtrack_route FROM walks WHERE id = ?", [.integer(walk.rawValue)])
        else { throw WalkStoreError.noSuchWalk(walk) }
        guard case .blob(let bytes) = value else { return nil }
        var points: [Trackpoint] = []
        try bytes.withUnsafeBytes { raw in
            try PointCodec.decode(points: raw, extras: UnsafeRawBufferPointer(start: nil, count: 0), into: &points)
        }
        return points
    }

    // MARK: helpers

    private func walkHikeRow(_ id: HikeID) throws -> Int64 {
        guard let v = try connection.scalar("SELECT id FROM hikes WHERE public_id = ?", [.text(id.rawValue)])?.integer
        else { throw HikeStoreError.noSuchHike(id.rawValue) }
        return v
    }

    static let walkDecoder = JSONDecoder()

    static func encodeSummary(_ s: FollowSummary) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return String(decoding: try e.encode(s), as: UTF8.self)
    }
}
