import Foundation
import TrailSQLite

/// The walk history's tables, added to the hike store by the migration "v2-walks".
///
/// - `walks`: one row per session of following a hike (or a backtrack of one): wall-clock start
///   and end (NULL end = unfinished, offered for resuming), the off-route threshold, the
///   backtrack route when there is one (``PointCodec`` blob), the number of points, and the
///   latest ``FollowSummary`` as JSON (rewritten with every point, final once ended).
/// - `walk_points`: one row per accepted fix, written in its own transaction as it arrives
///   (see DECISIONS.md: rows, not blocks, so no stored point is ever rewritten), keyed by walk
///   and sequence number, with the stretch (pause boundaries) it belongs to.
/// Both go with their hike (`ON DELETE CASCADE`).
enum WalkSchema {
    /// The migration's name in `cairn_migrations`.
    static let migrationName = "v2-walks"

    /// Registers the migration on `migrator` (called by ``HikeSchema/migrator`` after the
    /// existing ones; independent of any other v2 migration).
    static func register(on migrator: inout Migrator) {
        migrator.register(migrationName) { db in
            try db.execute("""
                CREATE TABLE walks (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    hike_id INTEGER NOT NULL REFERENCES hikes(id) ON DELETE CASCADE,
                    started_at REAL NOT NULL,
                    ended_at REAL,
                    off_route_threshold REAL NOT NULL,
                    backtrack_route BLOB,
                    point_count INTEGER NOT NULL DEFAULT 0,
                    summary_json TEXT
                );
                CREATE INDEX walks_hike ON walks(hike_id, started_at);
                CREATE TABLE walk_points (
                    walk_id INTEGER NOT NULL REFERENCES walks(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    stretch INTEGER NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    elevation REAL,
                    time REAL,
                    speed REAL,
                    course REAL,
                    satellites INTEGER,
                    fix TEXT,
                    PRIMARY KEY (walk_id, seq)
                ) WITHOUT ROWID;
                """)
        }
    }

    /// The migration adding `walks.source`: the position source a walk used, as typed for
    /// `--gps` (`gpsd://…`, `nmea:…`, `replay:…`), so resuming offers it again. NULL for walks
    /// stored before.
    static let sourceMigrationName = "v4-walk-source"

    /// The migration adding `walks.speed`: the replay speed (`--speed`) of a replayed source,
    /// so a resumed follow of a sped-up replay plays at the same speed (its fixes would be
    /// stamped in the future otherwise and every one rejected). NULL for 1x, a live source, or
    /// walks stored before (DECISIONS.md 923).
    static let speedMigrationName = "v18-walk-speed"

    /// Registers ``speedMigrationName`` (after the photos).
    static func registerSpeed(on migrator: inout Migrator) {
        migrator.register(speedMigrationName) { db in
            try db.execute("ALTER TABLE walks ADD COLUMN speed REAL;")
        }
    }

    /// Registers ``sourceMigrationName`` (last in the list).
    static func registerSource(on migrator: inout Migrator) {
        migrator.register(sourceMigrationName) { db in
            try db.execute("ALTER TABLE walks ADD COLUMN source TEXT;")
        }
    }
}
