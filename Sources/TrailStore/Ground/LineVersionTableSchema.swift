import Foundation
import TrailSQLite

/// The tables of the match review (issue 16), added by the migration "v9-line-versions-table"
/// (the stored "v7-line-versions" holds only `ground_surveys` and is never edited).
///
/// - `line_versions`: per hike, versions 1, 2, … of its line (version 0 is the line as
///   recorded or imported, in `point_blocks`, never changed): `points` / `extras` are one
///   ``PointCodec`` blob of every point of every segment in order, `segment_sizes` the point
///   count of each segment (comma-separated), `raw_point_count` the number of recorded points
///   the version was made from (a version whose recording has since changed is not applied),
///   `origin` how it was made ("matched", "mixed": some sections kept raw or alternative).
/// - `kept_line_versions`: the version a hike shows (no row: the raw line).
/// - `ground_surveys.map_stamp`: which map data a survey was measured on
///   (``HikeStore/groundSurvey(of:lineVersion:)``); NULL for surveys made before, which are
///   measured again.
enum LineVersionTableSchema {
    static let migrationName = "v9-line-versions-table"

    static func register(on migrator: inout Migrator) {
        migrator.register(migrationName) { db in
            try db.execute("""
                CREATE TABLE line_versions (
                    hike_id INTEGER NOT NULL REFERENCES hikes(id) ON DELETE CASCADE,
                    version INTEGER NOT NULL,
                    created_at REAL NOT NULL,
                    origin TEXT NOT NULL,
                    raw_point_count INTEGER NOT NULL,
                    segment_sizes TEXT NOT NULL,
                    points BLOB NOT NULL,
                    extras BLOB,
                    PRIMARY KEY (hike_id, version)
                ) WITHOUT ROWID;
                CREATE TABLE kept_line_versions (
                    hike_id INTEGER PRIMARY KEY REFERENCES hikes(id) ON DELETE CASCADE,
                    version INTEGER NOT NULL
                );
                ALTER TABLE ground_surveys ADD COLUMN map_stamp TEXT;
                """)
        }
    }
}
