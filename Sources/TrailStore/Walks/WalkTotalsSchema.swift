import Foundation
import TrailCore
import TrailSQLite

/// The migration "v8-walk-totals": the numbers the totals count for a walk as plain columns of
/// `walks`, written with every summary, so the totals read 5,000 walks without parsing their
/// summaries' JSON (measured: `json_extract` over 5,000 summaries took 45-60 ms of a 100 ms
/// budget, plain columns 13 ms; DECISIONS.md 221).
///
/// - `accepted_fixes`: the summary's accepted fixes (a walk with none is not counted);
/// - `first_fix_at`: the first accepted fix's time (REAL seconds since 2001, as every time);
/// - `distance_walked`, `elevation_gain`: the summary's;
/// - `moving_time`, `moving_distance`: ``FollowSummary/movingTime`` and
///   ``FollowSummary/movingDistance``, or for walks saved before those were kept the active
///   time and the distance walked.
/// Existing walks are filled from their summaries by the migration itself.
enum WalkTotalsSchema {
    static let migrationName = "v8-walk-totals"

    static func register(on migrator: inout Migrator) {
        migrator.register(migrationName) { db in
            try db.execute("""
                ALTER TABLE walks ADD COLUMN accepted_fixes INTEGER;
                ALTER TABLE walks ADD COLUMN first_fix_at REAL;
                ALTER TABLE walks ADD COLUMN distance_walked REAL;
                ALTER TABLE walks ADD COLUMN elevation_gain REAL;
                ALTER TABLE walks ADD COLUMN moving_time REAL;
                ALTER TABLE walks ADD COLUMN moving_distance REAL;
                UPDATE walks SET
                    accepted_fixes = json_extract(summary_json, '$.acceptedFixes'),
                    first_fix_at = json_extract(summary_json, '$.startTime'),
                    distance_walked = json_extract(summary_json, '$.distanceWalked'),
                    elevation_gain = json_extract(summary_json, '$.elevationGain'),
                    moving_time = coalesce(json_extract(summary_json, '$.movingTime'),
                                           json_extract(summary_json, '$.activeTime')),
                    moving_distance = coalesce(json_extract(summary_json, '$.movingDistance'),
                                               json_extract(summary_json, '$.distanceWalked'))
                WHERE summary_json IS NOT NULL;
                """)
        }
    }

    /// `SET` clause for the columns above, to append to an UPDATE of `walks`; a nil summary
    /// keeps them as they are.
    static let setClause = """
        accepted_fixes = coalesce(?, accepted_fixes), first_fix_at = coalesce(?, first_fix_at),
        distance_walked = coalesce(?, distance_walked), elevation_gain = coalesce(?, elevation_gain),
        moving_time = coalesce(?, moving_time), moving_distance = coalesce(?, moving_distance)
        """

    /// The values ``setClause`` binds for `summary` (all NULL for nil).
    static func values(_ summary: FollowSummary?) -> [SQLiteValue] {
        guard let s = summary else { return Array(repeating: .null, count: 6) }
        return [.integer(Int64(s.acceptedFixes)), .optional(s.startTime?.timeIntervalSinceReferenceDate),
                .real(s.distanceWalked), .real(s.elevationGain), .real(s.movingTime ?? s.activeTime),
                .real(s.movingDistance ?? s.distanceWalked)]
    }
}
