import Foundation
import TrailSQLite

/// The tables of issue 16 (knowing the ground), added by the one migration "v7-line-versions".
///
/// - `ground_surveys`: per hike and line version (0 = the line as stored), the ground under
///   each stretch as the map said when the hike was first opened: `tags` is the two-bytes-a-
///   point form of TrailMap's `GroundLine` (opaque here), `point_count` the number of
///   flattened points it was measured on (a survey for another count is stale), `measured_at`
///   the wall-clock time. Goes with its hike (`ON DELETE CASCADE`).
enum LineVersionSchema {
    /// The migration's name in `cairn_migrations` (the name issue 16 was given).
    static let migrationName = "v7-line-versions"

    /// Registers the migration on `migrator` (last in the list).
    static func register(on migrator: inout Migrator) {
        migrator.register(migrationName) { db in
            try db.execute("""
                CREATE TABLE ground_surveys (
                    hike_id INTEGER NOT NULL REFERENCES hikes(id) ON DELETE CASCADE,
                    line_version INTEGER NOT NULL DEFAULT 0,
                    point_count INTEGER NOT NULL,
                    measured_at REAL NOT NULL,
                    tags BLOB NOT NULL,
                    PRIMARY KEY (hike_id, line_version)
                ) WITHOUT ROWID;
                """)
        }
    }
}
