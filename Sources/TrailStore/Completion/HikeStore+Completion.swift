import Foundation
import TrailCore
import TrailSQLite

/// The migration "v11-route-completion": an index on the walk points' positions, so the walks
/// near a line are found without reading every walk (the bounding-box prefilter of trail
/// completion; hikes have their box as columns already).
enum CompletionSchema {
    static let migrationName = "v11-route-completion"

    static func register(on migrator: inout Migrator) {
        migrator.register(migrationName) { db in
            try db.execute("CREATE INDEX walk_points_position ON walk_points(latitude, longitude, walk_id);")
        }
    }
}

extension HikeStore {
    /// What trail completion reads: the walked lines near a box.
    public struct WalkedLines: Sendable {
        /// One array per stretch without a pause (a track segment, a walk's stretch).
        public var stretches: [[Coordinate]] = []
        /// Hikes (recorded, or imported with times) and following walks read.
        public var hikesRead = 0
        public var walksRead = 0
    }

    /// Every walked line whose bounding box meets `box`: the tracks of recorded hikes and of
    /// imported hikes with times (a planned line has none), and the fixes of every walk
    /// (following a hike, backtracks included), each segment or stretch on its own.
    ///
    /// Drawn hikes and imported plans without times are plans, not walks, and do not count.
    /// The prefilter: a hike's stored box (`hikes.min_latitude`…), a walk's points through the
    /// index of "v11-route-completion"; only the hikes and walks that pass are read.
    /// - Parameter excluding: a hike left out (the hike whose completion is asked: its own
    ///   track is not a walk of itself), with every stored copy of it (the same content hash,
    ///   as `import --again` stores: the rule by which the totals count a track once).
    /// - Throws: ``SQLiteError``.
    public func walkedLines(in box: BoundingBox, excluding: HikeID? = nil) throws -> WalkedLines {
        var out = WalkedLines()
        let bounds: [SQLiteValue] = [.real(box.minLatitude), .real(box.maxLatitude), .real(box.minLongitude), .real(box.maxLongitude)]
        // The excluded hike's copies (`import --again`, the same content hash) are the same
        // track: no walk of it either, by the totals' duplicate rule (DECISIONS 724).
        let hikes = try connection.query("""
            SELECT public_id FROM hikes
            WHERE (kind = 'recorded' OR (kind = 'imported' AND start_time IS NOT NULL))
              AND max_latitude >= ?1 AND min_latitude <= ?2 AND max_longitude >= ?3 AND min_longitude <= ?4
              AND content_hash IS NOT (SELECT x.content_hash FROM hikes x WHERE x.public_id = ?5)
            ORDER BY id
            """, bounds + [excluding.map { .text($0.rawValue) } ?? .null]) { HikeID(uncheckedRawValue: $0.string(0)) }
        for id in hikes where id != excluding {
            out.hikesRead += 1
            for track in try tracks(of: id) {
                for segment in track.segments where !segment.points.isEmpty { out.stretches.append(segment.points.map(\.coordinate)) }
            }
        }
        let walks = try connection.query("""
            SELECT DISTINCT walk_id FROM walk_points
            WHERE latitude BETWEEN ?1 AND ?2 AND longitude BETWEEN ?3 AND ?4
              AND walk_id NOT IN (SELECT id FROM walks WHERE NOT \(Self.walkedSQL))
            ORDER BY walk_id
            """, bounds) { $0.int64(0) }
        for w in walks {
            out.walksRead += 1
            for stretch in try walkStretches(WalkID(rawValue: w)) where !stretch.isEmpty { out.stretches.append(stretch.map(\.coordinate)) }
        }
        return out
    }

    /// Trail completion of a line over every walk near it (see ``TrailCompletion``).
    public func completion(of runs: [[Coordinate]], excluding: HikeID? = nil) throws -> (TrailCompletion, WalkedLines) {
        var completion = TrailCompletion(runs: runs)
        guard let box = completion.searchBox else { return (completion, WalkedLines()) }
        let lines = try walkedLines(in: box, excluding: excluding)
        for s in lines.stretches { completion.add(stretch: s) }
        return (completion, lines)
    }
}
